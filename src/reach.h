/* reach.h — where the player can walk: flood fills with generation stamps
 * (no clearing between calls), the normalized player square, shortest walks. */
#ifndef HAKO_REACH_H
#define HAKO_REACH_H

#include <stdint.h>

#include "board.h"

typedef struct reach {
	uint32_t *stamp; /* per square: == generation when reached */
	uint32_t generation;
	uint16_t *queue;
	uint16_t *distance; /* per square, valid where stamped (reach_distances) */
	uint8_t *from_dir;  /* per square: direction of the step that reached it */
	int square_count;
	int count; /* squares reached by the last fill: queue[0..count) */
} reach;

hako_status reach_init(reach *r, int square_count);
void reach_free(reach *r);
size_t reach_bytes(int square_count);

/* Flood from `from` over squares without a box (occupied[s] != 0 is a box).
 * Returns the smallest reached square: the normalized player position. */
uint16_t reach_fill(reach *r, const board *b, const uint8_t *occupied, unsigned from);
/* The same, also filling distance[] and from_dir[] (breadth first). */
uint16_t reach_distances(reach *r, const board *b, const uint8_t *occupied, unsigned from);

/* How many areas of free floor (squares without a box, joined
 * orthogonally) the board has. The scratch is the caller's: stamp (a
 * uint32_t per square) with its generation, kept as reach's own (no
 * clearing between calls; 0 starts over), and a queue of a square each. */
unsigned reach_count_areas(const board *b, const uint8_t *occupied, uint32_t *stamp,
                           uint32_t *generation, uint16_t *queue);

static inline int reach_has(const reach *r, unsigned square)
{
	return r->stamp[square] == r->generation;
}

/* After reach_distances: write the walk to `to` as lowercase LURD into out
 * (at least distance[to] + 1 bytes); returns its length. */
int reach_walk(const reach *r, const board *b, unsigned to, char *out);

#endif
