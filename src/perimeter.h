/* perimeter.h — one meeting table shared by the searches of a portfolio.
 *
 * A backward search (pulls from the solved positions) stores every state
 * it keeps as (Zobrist key of boxes + normalized player, pulls from a
 * solved position). A forward search that generates a stored state has
 * met the backward tree: from there it walks down the stored depths, one
 * push at a time, to a solved position, without the backward tree in
 * memory. The idea is Festival's "perimeter" (Y. Shoham, the FESS solver:
 * every expanded position of every search goes into one global table and
 * a forward search that reaches a backward position follows the depths
 * down); the table and the walk here are our own.
 *
 * Thread-safe without locks: the searches of a portfolio may run on other
 * threads. Keys are claimed by compare-and-swap; a depth only ever goes
 * down. A state is stored only after the state it was pulled from, so
 * every stored depth d > 0 has a neighbour (one push away) stored with a
 * depth below d: the walk always finds its way down to depth 0. A full
 * table (half its slots) takes no more states; nothing is ever evicted. */
#ifndef HAKO_PERIMETER_H
#define HAKO_PERIMETER_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "hako.h"
#include "reach.h"
#include "search.h"
#include "zobrist.h"

#define PERIMETER_NONE UINT32_MAX

typedef struct perimeter {
	_Atomic uint64_t *keys;  /* 0: empty slot (key 0 is stored as 1) */
	_Atomic uint32_t *depth; /* PERIMETER_NONE until written */
	uint64_t mask;
	atomic_size_t count;
	size_t limit; /* states it takes: half the slots */
	size_t bytes;
	void *key_block, *depth_block; /* the allocations behind keys and depth */
} perimeter;

/* A table of at most `bytes` (at least 4096 slots' worth is needed). */
hako_status perimeter_init(perimeter *p, size_t bytes);
void perimeter_free(perimeter *p);
/* Store `key` at `depth`, or lower its depth; no-op when full. */
void perimeter_add(perimeter *p, uint64_t key, uint32_t depth);
/* The stored depth of `key`, PERIMETER_NONE when absent. */
uint32_t perimeter_depth(perimeter *p, uint64_t key);

/* Scratch for the walk down the depths; no allocation per step. */
typedef struct perimeter_walk {
	const board *b;
	const zobrist *keys;
	uint8_t *occupied;
	uint16_t *boxes;
	reach here, child;
	search_push *pushes; /* the walk's pushes, first first */
	size_t count, capacity;
} perimeter_walk;

hako_status perimeter_walk_init(perimeter_walk *w, const board *b, const zobrist *keys);
void perimeter_walk_free(perimeter_walk *w);
/* From the position (`boxes` sorted, the player on `player`) stored at
 * depth `depth`, push by push to a stored depth 0 with every box on a
 * goal: 1 with w->pushes holding the way, 0 when it cannot (a key that
 * collided, or no memory). */
int perimeter_walk_down(perimeter_walk *w, perimeter *p, const uint16_t *boxes, unsigned player,
                        uint32_t depth);

#endif
