/* distance.c — push distances: for every goal, the fewest pushes that bring
 * a lone box from each square to it, found by pulling the box back from the
 * goal. The player's side matters: a box in a corridor can only be pushed
 * away from the side the player stands on, so the pull search runs over
 * (box square, player side) states, where a side is a connected component
 * of the floor around the box (board->side).
 *
 * These are lower bounds for the real position (other boxes can only add
 * pushes), so their minimum-cost matching is an admissible bound. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "deadline.h"

#define DISTANCE_MAX_ENTRIES ((size_t)1 << 27)

void distance_lone_box(const board *b, unsigned origin, int pushes, uint16_t *state_distance,
                       uint32_t *queue, uint16_t *out)
{
	distance_lone_box_sides(b, b->side, origin, pushes, state_distance, queue, out);
}

void distance_lone_box_sides(const board *b, const uint8_t *sides, unsigned origin, int pushes,
                             uint16_t *state_distance, uint32_t *queue, uint16_t *out)
{
	size_t n = (size_t)b->square_count;
	memset(state_distance, 0xFF, sizeof(uint16_t) * n * DISTANCE_SIDES);
	size_t head = 0, tail = 0;
	/* The box on the origin, whichever side the player is on. */
	for (unsigned d = 0; d < 4; d++) {
		uint8_t side = sides[origin * 4 + d];
		if (side == SIDE_NONE || state_distance[origin * DISTANCE_SIDES + side] == 0)
			continue;
		state_distance[origin * DISTANCE_SIDES + side] = 0;
		queue[tail++] = (uint32_t)(origin * DISTANCE_SIDES + side);
	}
	while (head < tail) {
		uint32_t state = queue[head++];
		unsigned square = state / DISTANCE_SIDES, side = state % DISTANCE_SIDES;
		uint16_t next_distance = (uint16_t)(state_distance[state] + 1);
		for (unsigned d = 0; d < 4; d++) {
			unsigned back = DIR_OPPOSITE(d);
			uint32_t next;
			/* A side other than SIDE_NONE is a free square: neither a
			 * wall nor, in a table with extra walls, one of those. */
			if (pushes) {
				/* The player on the side `back` of the box pushes it
				 * toward d; it then stands on the box's old square. */
				uint16_t to = board_next(b, square, d);
				if (sides[square * 4 + back] != side || to == SQUARE_NONE ||
				    sides[to * 4 + back] == SIDE_NONE)
					continue;
				next = (uint32_t)to * DISTANCE_SIDES + sides[to * 4 + back];
			} else {
				/* The last push went toward d: from `from` to `square`,
				 * the player ending on `from`, which must be the side of
				 * `square` this state says, and having stood beyond it. */
				uint16_t from = board_next(b, square, back);
				if (sides[square * 4 + back] != side ||
				    sides[from * 4 + back] == SIDE_NONE)
					continue;
				next = (uint32_t)from * DISTANCE_SIDES + sides[from * 4 + back];
			}
			if (state_distance[next] != DISTANCE_INFINITE)
				continue;
			state_distance[next] = next_distance;
			queue[tail++] = next;
		}
	}
	for (size_t q = 0; q < n; q++) {
		uint16_t best = DISTANCE_INFINITE;
		for (size_t k = 0; k < DISTANCE_SIDES; k++)
			if (state_distance[q * DISTANCE_SIDES + k] < best)
				best = state_distance[q * DISTANCE_SIDES + k];
		out[q] = best;
	}
}

void distance_nearest_goal(const board *b, uint16_t *out)
{
	size_t n = (size_t)b->square_count;
	for (size_t s = 0; s < n; s++) {
		uint16_t best = DISTANCE_INFINITE;
		for (size_t g = 0; g < (size_t)b->box_count; g++)
			if (b->distance[g * n + s] < best)
				best = b->distance[g * n + s];
		out[s] = best;
	}
}

hako_status distance_compute(board *b, deadline *stop)
{
	size_t n = (size_t)b->square_count, goals = (size_t)b->box_count;
	if (goals * n > DISTANCE_MAX_ENTRIES)
		return HAKO_ERR_LIMIT;
	b->distance = malloc(sizeof(uint16_t) * (goals * n + 1));
	uint16_t *state_distance = malloc(sizeof(uint16_t) * n * DISTANCE_SIDES);
	uint32_t *queue = malloc(sizeof(uint32_t) * n * DISTANCE_SIDES);
	if (!b->distance || !state_distance || !queue) {
		free(state_distance);
		free(queue);
		return HAKO_ERR_NOMEM;
	}
	b->bytes += sizeof(uint16_t) * (goals * n + 1);
	int stopped = 0;
	for (size_t gi = 0; gi < goals && !stopped; gi++) {
		distance_lone_box(b, b->goals[gi], 0, state_distance, queue, b->distance + gi * n);
		stopped = deadline_passed(stop);
	}
	free(state_distance);
	free(queue);
	if (stopped)
		return HAKO_ERR_LIMIT;
	/* A square no goal can be reached from is dead, whatever the pull-only
	 * analysis said. */
	for (size_t s = 0; s < n; s++) {
		int reachable = 0;
		for (size_t gi = 0; gi < goals && !reachable; gi++)
			reachable = b->distance[gi * n + s] != DISTANCE_INFINITE;
		if (!reachable)
			b->dead[s] = 1;
	}
	return HAKO_OK;
}
