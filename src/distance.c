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

#define SIDES 5 /* labels 0..3 (child components) and 4 (parent side) */
#define DISTANCE_MAX_ENTRIES ((size_t)1 << 27)

hako_status distance_compute(board *b)
{
	size_t n = (size_t)b->square_count, goals = (size_t)b->box_count;
	if (goals * n > DISTANCE_MAX_ENTRIES)
		return HAKO_ERR_LIMIT;
	b->distance = malloc(sizeof(uint16_t) * (goals * n + 1));
	uint16_t *state_distance = malloc(sizeof(uint16_t) * n * SIDES);
	uint32_t *queue = malloc(sizeof(uint32_t) * n * SIDES);
	if (!b->distance || !state_distance || !queue) {
		free(state_distance);
		free(queue);
		return HAKO_ERR_NOMEM;
	}
	b->bytes += sizeof(uint16_t) * (goals * n + 1);
	for (size_t gi = 0; gi < goals; gi++) {
		uint16_t *out = b->distance + gi * n;
		unsigned goal = b->goals[gi];
		memset(state_distance, 0xFF, sizeof(uint16_t) * n * SIDES);
		size_t head = 0, tail = 0;
		/* A box on the goal is done whichever side the player is on. */
		for (unsigned d = 0; d < 4; d++) {
			uint8_t side = b->side[goal * 4 + d];
			if (side == SIDE_NONE || state_distance[goal * SIDES + side] == 0)
				continue;
			state_distance[goal * SIDES + side] = 0;
			queue[tail++] = goal * SIDES + side;
		}
		while (head < tail) {
			uint32_t state = queue[head++];
			unsigned to = state / SIDES, side = state % SIDES;
			uint16_t next_distance = (uint16_t)(state_distance[state] + 1);
			for (unsigned d = 0; d < 4; d++) {
				/* The last push went in direction d: from `from` to `to`,
				 * with the player ending on `from`, which must be the
				 * side of `to` this state says. */
				unsigned back = DIR_OPPOSITE(d);
				uint16_t from = board_next(b, to, back);
				if (from == SQUARE_NONE || b->side[to * 4 + back] != side)
					continue;
				uint16_t behind = board_next(b, from, back);
				if (behind == SQUARE_NONE)
					continue;
				uint32_t prev = (uint32_t)from * SIDES + b->side[from * 4 + back];
				if (state_distance[prev] != DISTANCE_INFINITE)
					continue;
				state_distance[prev] = next_distance;
				queue[tail++] = prev;
			}
		}
		for (size_t s = 0; s < n; s++) {
			uint16_t best = DISTANCE_INFINITE;
			for (size_t k = 0; k < SIDES; k++)
				if (state_distance[s * SIDES + k] < best)
					best = state_distance[s * SIDES + k];
			out[s] = best;
		}
	}
	free(state_distance);
	free(queue);
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
