/* testboard.h — a level's board and its start position, for the tests that
 * drive the library's internals (board.h, deadlock.h) on XSB diagrams. */
#ifndef HAKO_TESTBOARD_H
#define HAKO_TESTBOARD_H

#include <stdint.h>

#include "board.h"
#include "deadlock.h"
#include "search.h"
#include "testutil.h"

/* A level, its board and a box position (the level's start until a test
 * moves the boxes), with room for a deadlock proof. */
typedef struct tb_position {
	hako_level *level;
	board b;
	uint8_t *occupied;     /* square_count + 1 entries: 1 where a box stands */
	uint16_t *boxes;       /* box_count + 1 entries: the box squares, ascending */
	uint16_t *proof_boxes; /* box_count + 1 entries, behind proof.boxes */
	deadlock_proof proof;  /* kind DEADLOCK_NONE, count 0 */
} tb_position;

/* Parse and build; fails the test if the level is not playable. */
void tb_open(tb_position *p, const char *xsb);
void tb_close(tb_position *p);

/* The floor square at (x, y) of the level grid; fails the test on a wall. */
unsigned tb_square(const board *b, int x, int y);
/* Does the proof name the box at (x, y)? */
int tb_proof_has(const tb_position *p, int x, int y);

/* The pushes of a search's solution with the shortest walks between
 * them, as LURD from the level's start (malloc'd); fails the test on a
 * push that cannot be made. */
char *tb_pushes_to_lurd(const board *b, const search_push *pushes, size_t count);

/* A random position of b for the bounds' tests: the boxes on distinct
 * random squares (marked in `taken`, square_count bytes, which the caller
 * clears after), then, when goals_from >= 0, boxes goals_from and on
 * moved onto their goals where those are free (closer to what a search
 * meets), and the player on another random square. `seed` is a 64-bit
 * linear congruential generator's state. Needs square_count > box_count. */
void tb_random_position(const board *b, uint64_t *seed, uint8_t *taken, uint16_t *boxes,
                        int goals_from, unsigned *player);

/* Sort k box squares ascending (insertion sort: k is tiny). */
void tb_sort_boxes(uint16_t *boxes, int k);
/* Step an ascending k-subset of 0..n-1 to the next one in lexicographic
 * order; 0 when it was the last. */
int tb_next_subset(uint16_t *pick, int k, int n);

/* Tiny boards (at most 40 squares, 4 boxes) that the soundness sweeps of
 * the deadlock tests run over every box placement of, with tiny_solver. */
#define TB_SWEEP_BOARDS 5
extern const char *const tb_sweep_boards[TB_SWEEP_BOARDS];

#endif
