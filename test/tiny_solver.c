/* tiny_solver.c — every state of a tiny board solved backwards: pulls from
 * the solved states, breadth first, so each state's depth is its fewest
 * pushes. */
#include "tiny_solver.h"

#include <stdlib.h>
#include <string.h>

#include "testboard.h"

static uint32_t code_of(const tiny_solver *o, const uint16_t *boxes, unsigned player)
{
	uint32_t c = 0;
	for (int i = 0; i < o->k; i++)
		c = c * (uint32_t)o->n + boxes[i];
	return c * (uint32_t)o->n + player;
}

static void decode(const tiny_solver *o, uint32_t c, uint16_t *boxes, unsigned *player)
{
	*player = c % (uint32_t)o->n;
	c /= (uint32_t)o->n;
	for (int i = o->k - 1; i >= 0; i--) {
		boxes[i] = (uint16_t)(c % (uint32_t)o->n);
		c /= (uint32_t)o->n;
	}
}

unsigned tiny_solver_flood(tiny_solver *o, const uint8_t *occupied, unsigned from)
{
	memset(o->seen, 0, (size_t)o->n);
	int top = 0;
	unsigned smallest = from;
	o->seen[from] = 1;
	o->stack[top++] = (uint16_t)from;
	while (top > 0) {
		unsigned s = o->stack[--top];
		if (s < smallest)
			smallest = s;
		for (unsigned d = 0; d < 4; d++) {
			unsigned t = board_next(o->b, s, d);
			if (t == SQUARE_NONE || o->seen[t] || occupied[t])
				continue;
			o->seen[t] = 1;
			o->stack[top++] = (uint16_t)t;
		}
	}
	return smallest;
}

void tiny_solver_open(tiny_solver *o, const board *b)
{
	memset(o, 0, sizeof *o);
	o->b = b;
	o->n = b->square_count;
	o->k = b->box_count;
	assert_true(o->n <= TINY_MAX_SQUARES && o->k >= 1 && o->k <= TINY_MAX_BOXES);
	o->states = (size_t)o->n;
	for (int i = 0; i < o->k; i++)
		o->states *= (size_t)o->n;
	assert_true(o->states <= TINY_MAX_STATES);
	o->pushes = malloc(o->states * sizeof(uint16_t));
	o->queue = malloc(o->states * sizeof(uint32_t));
	o->occupied = calloc((size_t)o->n, 1);
	o->seen = calloc((size_t)o->n, 1);
	o->reach = calloc((size_t)o->n, 1);
	o->moved_occupied = calloc((size_t)o->n, 1);
	o->region_done = calloc((size_t)o->n, 1);
	o->stack = malloc((size_t)o->n * sizeof(uint16_t));
	assert_true(o->pushes && o->queue && o->occupied && o->seen && o->reach &&
	            o->moved_occupied && o->region_done && o->stack);
	memset(o->pushes, 0xFF, o->states * sizeof(uint16_t));
	size_t head = 0, tail = 0;
	uint16_t boxes[TINY_MAX_BOXES];
	/* Solved: the boxes on the goals, the player in any region. */
	memcpy(boxes, b->goals, sizeof(uint16_t) * (size_t)o->k);
	for (int i = 0; i < o->k; i++)
		o->occupied[boxes[i]] = 1;
	uint8_t *done = calloc((size_t)o->n, 1);
	assert_non_null(done);
	for (unsigned s = 0; s < (unsigned)o->n; s++) {
		if (o->occupied[s] || done[s])
			continue;
		unsigned player = tiny_solver_flood(o, o->occupied, s);
		for (int t = 0; t < o->n; t++)
			done[t] |= o->seen[t];
		uint32_t c = code_of(o, boxes, player);
		o->pushes[c] = 0;
		o->queue[tail++] = c;
	}
	free(done);
	for (int i = 0; i < o->k; i++)
		o->occupied[boxes[i]] = 0;
	/* Pull: the player on x next to the box on x + d steps back to x - d,
	 * dragging the box to x. */
	while (head < tail) {
		uint32_t c = o->queue[head++];
		unsigned player;
		decode(o, c, boxes, &player);
		for (int i = 0; i < o->k; i++)
			o->occupied[boxes[i]] = 1;
		tiny_solver_flood(o, o->occupied, player);
		memcpy(o->reach, o->seen, (size_t)o->n);
		for (int i = 0; i < o->k; i++) {
			for (unsigned d = 0; d < 4; d++) {
				unsigned x = board_next(b, boxes[i], DIR_OPPOSITE(d));
				if (x == SQUARE_NONE || !o->reach[x])
					continue;
				unsigned back = board_next(b, x, DIR_OPPOSITE(d));
				if (back == SQUARE_NONE || o->occupied[back])
					continue;
				uint16_t moved[TINY_MAX_BOXES];
				memcpy(moved, boxes, sizeof moved);
				moved[i] = (uint16_t)x;
				tb_sort_boxes(moved, o->k);
				for (int j = 0; j < o->k; j++)
					o->moved_occupied[moved[j]] = 1;
				unsigned norm = tiny_solver_flood(o, o->moved_occupied, back);
				for (int j = 0; j < o->k; j++)
					o->moved_occupied[moved[j]] = 0;
				uint32_t pc = code_of(o, moved, norm);
				if (o->pushes[pc] == TINY_UNSOLVABLE) {
					o->pushes[pc] = (uint16_t)(o->pushes[c] + 1);
					o->queue[tail++] = pc;
				}
			}
		}
		for (int i = 0; i < o->k; i++)
			o->occupied[boxes[i]] = 0;
	}
}

void tiny_solver_close(tiny_solver *o)
{
	free(o->pushes);
	free(o->queue);
	free(o->occupied);
	free(o->seen);
	free(o->reach);
	free(o->moved_occupied);
	free(o->region_done);
	free(o->stack);
}

unsigned tiny_solver_pushes(tiny_solver *o, const uint16_t *sorted_boxes, unsigned player)
{
	for (int i = 0; i < o->k; i++)
		o->occupied[sorted_boxes[i]] = 1;
	unsigned norm = tiny_solver_flood(o, o->occupied, player);
	for (int i = 0; i < o->k; i++)
		o->occupied[sorted_boxes[i]] = 0;
	return o->pushes[code_of(o, sorted_boxes, norm)];
}

static int has_free_side(const tiny_solver *o, const uint8_t *occupied, unsigned square)
{
	for (unsigned d = 0; d < 4; d++) {
		uint16_t t = board_next(o->b, square, d);
		if (t != SQUARE_NONE && !occupied[t])
			return 1;
	}
	return 0;
}

int tiny_solver_dead_everywhere(tiny_solver *o, const uint16_t *sorted_boxes,
                                const uint8_t *occupied, int pushed_only)
{
	/* One flood per player region: a region is solvable or not as a whole. */
	memset(o->region_done, 0, (size_t)o->n);
	for (unsigned p = 0; p < (unsigned)o->n; p++) {
		if (occupied[p] || o->region_done[p])
			continue;
		unsigned player = tiny_solver_flood(o, occupied, p);
		int asked = 0;
		for (unsigned s = 0; s < (unsigned)o->n; s++) {
			if (!o->seen[s])
				continue;
			o->region_done[s] = 1;
			asked |= !pushed_only || has_free_side(o, occupied, s);
		}
		if (asked && o->pushes[code_of(o, sorted_boxes, player)] != TINY_UNSOLVABLE)
			return 0;
	}
	return 1;
}
