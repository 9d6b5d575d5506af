/* reach.c — player flood fills. Generation stamps make a fill cost only the
 * squares it visits; the stamp array is cleared once every 2^32 fills. */
#include "reach.h"

#include <stdlib.h>
#include <string.h>

size_t reach_bytes(int square_count)
{
	return (size_t)square_count * (sizeof(uint32_t) + 2 * sizeof(uint16_t) + 1);
}

hako_status reach_init(reach *r, int square_count)
{
	memset(r, 0, sizeof *r);
	size_t n = (size_t)square_count + 1;
	r->stamp = calloc(n, sizeof(uint32_t));
	r->queue = malloc(n * sizeof(uint16_t));
	r->distance = malloc(n * sizeof(uint16_t));
	r->from_dir = malloc(n);
	r->square_count = square_count;
	if (!r->stamp || !r->queue || !r->distance || !r->from_dir) {
		reach_free(r);
		return HAKO_ERR_NOMEM;
	}
	return HAKO_OK;
}

void reach_free(reach *r)
{
	free(r->stamp);
	free(r->queue);
	free(r->distance);
	free(r->from_dir);
	memset(r, 0, sizeof *r);
}

static void next_generation(reach *r)
{
	if (++r->generation == 0) {
		memset(r->stamp, 0, sizeof(uint32_t) * (size_t)r->square_count);
		r->generation = 1;
	}
}

unsigned reach_count_areas(const board *b, const uint8_t *occupied, uint32_t *stamp,
                           uint32_t *generation, uint16_t *queue)
{
	if (++*generation == 0) {
		memset(stamp, 0, sizeof(uint32_t) * (size_t)b->square_count);
		*generation = 1;
	}
	uint32_t gen = *generation;
	unsigned areas = 0;
	for (unsigned s0 = 0; s0 < (unsigned)b->square_count; s0++) {
		if (occupied[s0] || stamp[s0] == gen)
			continue;
		areas++;
		unsigned head = 0, tail = 0;
		stamp[s0] = gen;
		queue[tail++] = (uint16_t)s0;
		while (head < tail) {
			const uint16_t *next = &b->neighbor[queue[head++] * 4];
			for (int d = 0; d < 4; d++) {
				unsigned t = next[d];
				if (t == SQUARE_NONE || stamp[t] == gen || occupied[t])
					continue;
				stamp[t] = gen;
				queue[tail++] = (uint16_t)t;
			}
		}
	}
	return areas;
}

uint16_t reach_fill(reach *r, const board *b, const uint8_t *occupied, unsigned from)
{
	next_generation(r);
	uint32_t gen = r->generation;
	uint16_t *queue = r->queue;
	unsigned head = 0, tail = 0, smallest = from;
	r->stamp[from] = gen;
	queue[tail++] = (uint16_t)from;
	while (head < tail) {
		unsigned s = queue[head++];
		if (s < smallest)
			smallest = s;
		const uint16_t *next = &b->neighbor[s * 4];
		for (int d = 0; d < 4; d++) {
			unsigned t = next[d];
			if (t == SQUARE_NONE || r->stamp[t] == gen || occupied[t])
				continue;
			r->stamp[t] = gen;
			queue[tail++] = (uint16_t)t;
		}
	}
	r->count = (int)tail;
	return (uint16_t)smallest;
}

uint16_t reach_distances(reach *r, const board *b, const uint8_t *occupied, unsigned from)
{
	next_generation(r);
	uint32_t gen = r->generation;
	uint16_t *queue = r->queue;
	unsigned head = 0, tail = 0, smallest = from;
	r->stamp[from] = gen;
	r->distance[from] = 0;
	r->from_dir[from] = 0xFF;
	queue[tail++] = (uint16_t)from;
	while (head < tail) {
		unsigned s = queue[head++];
		if (s < smallest)
			smallest = s;
		for (unsigned d = 0; d < 4; d++) {
			unsigned t = board_next(b, s, d);
			if (t == SQUARE_NONE || r->stamp[t] == gen || occupied[t])
				continue;
			r->stamp[t] = gen;
			r->distance[t] = (uint16_t)(r->distance[s] + 1);
			r->from_dir[t] = (uint8_t)d;
			queue[tail++] = (uint16_t)t;
		}
	}
	r->count = (int)tail;
	return (uint16_t)smallest;
}

int reach_walk(const reach *r, const board *b, unsigned to, char *out)
{
	int length = r->distance[to];
	out[length] = '\0';
	for (int i = length - 1; i >= 0; i--) {
		unsigned d = r->from_dir[to];
		out[i] = board_walk_letter[d];
		to = board_next(b, to, DIR_OPPOSITE(d));
	}
	return length;
}
