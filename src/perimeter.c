/* perimeter.c — the meeting table shared by a portfolio's searches, and
 * the walk down its depths (perimeter.h). */
#include <stdlib.h>
#include <string.h>

#include "perimeter.h"

#define SLOT_BYTES (sizeof(uint64_t) + sizeof(uint32_t))

hako_status perimeter_init(perimeter *p, size_t bytes)
{
	memset(p, 0, sizeof *p);
	size_t slots = 4096;
	if (bytes / SLOT_BYTES < slots)
		return HAKO_ERR_NOMEM;
	while (slots * 2 <= bytes / SLOT_BYTES && slots < ((size_t)1 << 30))
		slots *= 2;
	p->key_block = calloc(slots, sizeof *p->keys);
	p->depth_block = malloc(slots * sizeof *p->depth);
	p->keys = p->key_block;
	p->depth = p->depth_block;
	if (!p->keys || !p->depth) {
		perimeter_free(p);
		return HAKO_ERR_NOMEM;
	}
	for (size_t i = 0; i < slots; i++)
		atomic_init(&p->depth[i], PERIMETER_NONE);
	p->mask = slots - 1;
	p->limit = slots / 2;
	p->bytes = slots * SLOT_BYTES;
	atomic_init(&p->count, 0);
	return HAKO_OK;
}

void perimeter_free(perimeter *p)
{
	free(p->key_block);
	free(p->depth_block);
	memset(p, 0, sizeof *p);
}

static uint64_t stored_key(uint64_t key)
{
	return key ? key : 1;
}

void perimeter_add(perimeter *p, uint64_t key, uint32_t depth)
{
	key = stored_key(key);
	for (uint64_t i = key & p->mask;; i = (i + 1) & p->mask) {
		uint64_t there = atomic_load(&p->keys[i]);
		if (there == 0) {
			if (atomic_load(&p->count) >= p->limit)
				return; /* full: nothing new */
			if (!atomic_compare_exchange_strong(&p->keys[i], &there, key) &&
			    there != key)
				continue; /* another thread took the slot for another key */
			if (there == 0)
				atomic_fetch_add(&p->count, 1);
		} else if (there != key) {
			continue;
		}
		uint32_t old = atomic_load(&p->depth[i]);
		while (depth < old && !atomic_compare_exchange_weak(&p->depth[i], &old, depth))
			;
		return;
	}
}

uint32_t perimeter_depth(perimeter *p, uint64_t key)
{
	key = stored_key(key);
	for (uint64_t i = key & p->mask;; i = (i + 1) & p->mask) {
		uint64_t there = atomic_load(&p->keys[i]);
		if (there == 0)
			return PERIMETER_NONE;
		if (there == key)
			return atomic_load(&p->depth[i]);
	}
}

hako_status perimeter_walk_init(perimeter_walk *w, const board *b, const zobrist *keys)
{
	memset(w, 0, sizeof *w);
	w->b = b;
	w->keys = keys;
	w->occupied = calloc((size_t)b->square_count + 1, 1);
	w->boxes = malloc(sizeof(uint16_t) * ((size_t)b->box_count + 1));
	hako_status st = w->occupied && w->boxes ? HAKO_OK : HAKO_ERR_NOMEM;
	if (st == HAKO_OK)
		st = reach_init(&w->here, b->square_count);
	if (st == HAKO_OK)
		st = reach_init(&w->child, b->square_count);
	if (st != HAKO_OK)
		perimeter_walk_free(w);
	return st;
}

void perimeter_walk_free(perimeter_walk *w)
{
	free(w->occupied);
	free(w->boxes);
	free(w->pushes);
	if (w->b) {
		reach_free(&w->here);
		reach_free(&w->child);
	}
	memset(w, 0, sizeof *w);
}

static int walk_append(perimeter_walk *w, unsigned from, unsigned dir)
{
	if (w->count == w->capacity) {
		size_t capacity = w->capacity ? 2 * w->capacity : 256;
		search_push *grown = realloc(w->pushes, sizeof(search_push) * capacity);
		if (!grown)
			return 0;
		w->pushes = grown;
		w->capacity = capacity;
	}
	w->pushes[w->count].from = (uint16_t)from;
	w->pushes[w->count].dir = (uint8_t)dir;
	w->count++;
	return 1;
}

/* Every step takes the push to the neighbour of least stored depth, which
 * is below the current one (see perimeter.h), so the walk ends within
 * `depth` steps; a step with no such neighbour means the meeting key was a
 * collision, and the walk gives up. */
int perimeter_walk_down(perimeter_walk *w, perimeter *p, const uint16_t *boxes, unsigned player,
                        uint32_t depth)
{
	const board *b = w->b;
	int count = b->box_count;
	memcpy(w->boxes, boxes, sizeof(uint16_t) * (size_t)count);
	for (int i = 0; i < count; i++)
		w->occupied[boxes[i]] = 1;
	uint64_t box_key = zobrist_boxes(w->keys, w->boxes, count);
	w->count = 0;
	int ok = 1;
	while (ok && depth > 0) {
		reach_fill(&w->here, b, w->occupied, player);
		uint32_t best = depth;
		int best_box = -1;
		unsigned best_dir = 0;
		for (int i = 0; i < count; i++) {
			unsigned square = w->boxes[i];
			for (unsigned d = 0; d < 4; d++) {
				unsigned behind = board_next(b, square, DIR_OPPOSITE(d));
				unsigned to = board_next(b, square, d);
				if (behind == SQUARE_NONE || to == SQUARE_NONE || w->occupied[to] ||
				    !reach_has(&w->here, behind))
					continue;
				w->occupied[square] = 0;
				w->occupied[to] = 1;
				uint16_t normal = reach_fill(&w->child, b, w->occupied, square);
				w->occupied[to] = 0;
				w->occupied[square] = 1;
				uint64_t key = box_key ^ w->keys->box[square] ^ w->keys->box[to] ^
				               w->keys->player[normal];
				uint32_t there = perimeter_depth(p, key);
				if (there < best) {
					best = there;
					best_box = i;
					best_dir = d;
				}
			}
		}
		if (best_box < 0) {
			ok = 0;
			break;
		}
		unsigned from = w->boxes[best_box], to = board_next(b, from, best_dir);
		ok = walk_append(w, from, best_dir);
		w->occupied[from] = 0;
		w->occupied[to] = 1;
		box_key ^= w->keys->box[from] ^ w->keys->box[to];
		board_move_box(w->boxes, count, best_box, to);
		player = from;
		depth = best;
	}
	for (int i = 0; i < count; i++) {
		ok = ok && b->is_goal[w->boxes[i]];
		w->occupied[w->boxes[i]] = 0;
	}
	return ok;
}
