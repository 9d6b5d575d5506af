/* tiny_solver.h — an exhaustive solver for tiny boards, for brute-force
 * soundness checks of the deadlock detectors over every box placement.
 *
 * Unlike oracle.h (every position reachable from the level's start, through
 * the public API), this one covers every placement of the board's boxes,
 * reachable or not, on the library's own board: every state (boxes
 * ascending, normalized player) gets its fewest pushes to solve, by a
 * breadth-first search of pulls back from every solved state. */
#ifndef HAKO_TINY_SOLVER_H
#define HAKO_TINY_SOLVER_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"

#define TINY_MAX_SQUARES 40
#define TINY_MAX_BOXES 4
#define TINY_MAX_STATES ((size_t)1 << 24)
#define TINY_UNSOLVABLE 0xFFFFu

typedef struct tiny_solver {
	const board *b;
	int n, k;
	size_t states;    /* n^(k+1) state codes */
	uint16_t *pushes; /* per state code; TINY_UNSOLVABLE */
	uint32_t *queue;
	/* Scratch, n squares each, free for the caller between calls. */
	uint8_t *occupied, *seen, *reach, *moved_occupied;
	uint8_t *region_done; /* tiny_solver_dead_everywhere's own */
	uint16_t *stack;
} tiny_solver;

/* Solve every state of the board's box count; fails the test if the board
 * is larger than the limits above. */
void tiny_solver_open(tiny_solver *o, const board *b);
void tiny_solver_close(tiny_solver *o);

/* Mark in o->seen the squares the player reaches from `from` past the
 * occupied ones; returns the smallest (the normalized player). */
unsigned tiny_solver_flood(tiny_solver *o, const uint8_t *occupied, unsigned from);

/* Fewest pushes to solve the position, or TINY_UNSOLVABLE. */
unsigned tiny_solver_pushes(tiny_solver *o, const uint16_t *sorted_boxes, unsigned player);

/* Is the position unsolvable for every player square (optionally only the
 * squares with a free side: where a player stands right after a push)? */
int tiny_solver_dead_everywhere(tiny_solver *o, const uint16_t *sorted_boxes,
                                const uint8_t *occupied, int pushed_only);

#endif
