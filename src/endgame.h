/* endgame.h — the move-optimal search's endgame table: every position a
 * few moves from solved, with its exact moves and pushes to go and the
 * push that starts an optimal way there (see endgame.c). */
#ifndef HAKO_ENDGAME_H
#define HAKO_ENDGAME_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "deadline.h"
#include "hako.h"
#include "memory.h"
#include "zobrist.h"

#define ENDGAME_NONE UINT32_MAX
/* depth when the table holds every position that can be solved at all */
#define ENDGAME_ALL 0xFFFFu

typedef struct endgame {
	int ready;
	/* Every position (boxes, and the player on the square a push left it
	 * on) that needs at most `depth` moves is in the table, with its
	 * exact (moves, pushes) to go, the fewest moves and among those the
	 * fewest pushes; ENDGAME_ALL: every solvable one. */
	uint32_t depth;
	int box_count;
	uint32_t count, capacity;
	uint64_t *key;       /* Zobrist key of the boxes and the player */
	uint16_t *boxes;     /* count x box_count squares, ascending */
	uint16_t *player;    /* where the last push left the player */
	uint16_t *moves;     /* to go (exact where at most depth) */
	uint16_t *pushes;    /* to go, among the fewest moves */
	uint32_t *next;      /* the position the push below leads to; NONE: solved */
	uint16_t *push_from; /* that push: the box's square, */
	uint8_t *push_dir;   /* and its direction */
	uint32_t *slots;     /* open addressing: entry + 1, 0 empty */
	size_t mask;
	memory *mem;
	void *block;
	size_t bytes;
} endgame;

/* Build the table by a backward search from the solved positions, within
 * `max_bytes` of `mem`, at most `max_states` positions, and `clock`; it
 * stops at the first position of more than `max_depth` moves (the depth
 * is then max_depth at least: whatever the caller can use). A
 * table that could not be made (no memory, a level with no push to
 * undo) is left not ready: the search goes on without it. Returns
 * HAKO_ERR_LIMIT only when the clock passed. */
hako_status endgame_build(endgame *e, const board *b, const zobrist *keys, memory *mem,
                          size_t max_bytes, uint32_t max_states, uint32_t max_depth,
                          deadline *clock);
void endgame_free(endgame *e);

/* The entry of the position (boxes ascending, the player's square; `key`
 * its Zobrist key) when the table knows its exact distance (moves at
 * most depth), else ENDGAME_NONE. */
uint32_t endgame_find(const endgame *e, uint64_t key, const uint16_t *boxes, unsigned player);

#endif
