/* dead_stall.h — proving a set of boxes dead on its own, for the
 * patterns a stalled search learns (search_fess.c). The soundness argument
 * is in dead_stall.c. */
#ifndef HAKO_DEAD_STALL_H
#define HAKO_DEAD_STALL_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "memory.h"
#include "reach.h"

enum { STALL_ALIVE, STALL_DEAD, STALL_UNKNOWN };

typedef struct stall_prover {
	const board *b;
	memory *mem;
	struct deadline *stop; /* NULL: none */
	size_t bytes;          /* the block behind slots */
	size_t reach_bytes;    /* charged for the two floods */
	uint32_t capacity;     /* states the pool holds */
	uint32_t *slots;       /* open addressing: state index + 1, 0 = empty */
	uint32_t slot_mask;
	uint16_t *pool;  /* states: normalized player, then the boxes, ascending */
	uint16_t *boxes; /* scratch of stall_minimize: box_count + 1 squares */
	/* The caller's scratch: room for a set of every box (box_count + 1)
	 * and for stall_barred's squares (square_count + 1). */
	uint16_t *set, *barred;
	uint8_t *occupied; /* all zero between calls */
	reach fill, child;
	/* The free squares' regions of the state being expanded, so that most
	 * children get their player's region without a flood: label[square]
	 * is a region's id from label_first on (older ids are stale), and
	 * label_min[id - label_first] its smallest square. */
	uint32_t *label;
	uint32_t label_first, label_next;
	uint16_t *label_min, *label_queue; /* square_count + 1 each */
	uint64_t nodes;                    /* pushes generated, over every call */
	/* Per square, or NULL (none): a box of the set pushed onto a marked
	 * square leaves the board, it has escaped (dead_stall.c). Read by
	 * stall_prove and stall_minimize; stall_escape_near fills escape_map
	 * and points here. */
	const uint8_t *escape;
	uint8_t *escape_map;                   /* square_count + 1 */
	uint16_t *escape_queue, *escape_depth; /* square_count + 1 each */
	/* stall_learn_fences' scratch, made at its first call: per square
	 * FENCE_* bits (all zero between calls), a flood queue, and the keys
	 * of the fences tried (direct mapped, STALL_FENCES_TRIED). */
	uint8_t *fence_mark;
	uint16_t *fence_queue;
	uint64_t *fence_tried;
	size_t fence_bytes;
	uint64_t fences_tested; /* fences given to the prover, over every call */
} stall_prover;

/* A fence of more boxes than this is not tried (stall_learn_fences). */
#define STALL_FENCE_MOST 10
#define STALL_FENCES_TRIED 4096u

/* A prover whose searches keep at most `states` states; HAKO_ERR_NOMEM
 * when the budget says no. When `stop` (NULL: none) passes, a search ends
 * as unknown and a minimisation keeps what it has (both still sound). */
struct deadline;
hako_status stall_prover_init(stall_prover *s, const board *b, memory *mem, uint32_t states,
                              struct deadline *stop);
void stall_prover_free(stall_prover *s);

/* Can the `count` boxes (ascending squares), alone on the board with the
 * player on `player`, be pushed until every one of them stands on a goal?
 * STALL_DEAD when every reachable state was tried and none has them all
 * on goals; STALL_ALIVE when one was found; STALL_UNKNOWN when `budget`
 * pushes or the pool ran out first. */
int stall_prove(stall_prover *s, const uint16_t *boxes, int count, unsigned player,
                uint64_t budget);

/* Shrink a dead set: drop each box in turn while the rest, with the
 * player on `player`, is still proven dead within `budget` pushes a try.
 * `boxes` (ascending, proven dead) is rewritten; returns the new count. */
int stall_minimize(stall_prover *s, uint16_t *boxes, int count, unsigned player, uint64_t budget);

/* Mark as escape squares those farther than `radius` steps (walking on
 * the empty floor) from every box of the set; radius < 0: no escape. */
void stall_escape_near(stall_prover *s, const uint16_t *boxes, int count, int radius);

/* Learn from a position known or suspected dead: its boxes off the goals
 * (escaping beyond `radius`, see stall_escape_near) proven dead alone
 * within `budget` pushes, then minimised, become a pattern of `patterns`
 * with the squares the player cannot reach barred. `boxes` are the
 * position's, ascending, the player on `player`. Returns 1 when a pattern
 * was added. */
struct dead_pattern;
int stall_learn(stall_prover *s, struct dead_pattern *patterns, const uint16_t *boxes,
                unsigned player, uint64_t budget, int radius);
/* The same for a candidate set of the caller's (ascending, at most
 * b->box_count squares of the position's boxes, on goals or not). */
int stall_learn_set(stall_prover *s, struct dead_pattern *patterns, const uint16_t *candidate,
                    int count, unsigned player, uint64_t budget, int radius);

/* Learn from the fences of a position (YASS's fenced-in areas): for each
 * area of free floor a player on `player` cannot reach, the boxes beside
 * it and the boxes beside those (goal boxes too), when there are 2 to
 * STALL_FENCE_MOST of them, go to stall_learn_set with `budget` and
 * `radius`. A fence tried before with the player on the same square is
 * skipped (a table of the prover's; a collision only skips a test).
 * Stops at the first pattern learned and returns 1; 0 when none was (or
 * no room for the scratch). `boxes`: the position's, ascending. */
int stall_learn_fences(stall_prover *s, struct dead_pattern *patterns, const uint16_t *boxes,
                       unsigned player, uint64_t budget, int radius);

/* The squares a player on `player` cannot walk to with only `boxes` on the
 * board (neither a box nor reached), ascending, into out (room for every
 * square); returns how many. A pattern of these boxes bars them. */
int stall_barred(stall_prover *s, const uint16_t *boxes, int count, unsigned player, uint16_t *out);

#endif
