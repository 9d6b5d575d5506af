/* dead_simple.c — simple dead squares: pull a lone box away from every
 * goal; squares it never reaches are dead. Also the dynamic refinement:
 * the same with frozen boxes as walls.
 *
 * Soundness: if a lone box on square s can be pushed to some goal, reversing
 * that push sequence pulls it from the goal back to s, and every pull needs
 * only the two squares behind it to be floor, which this search allows. So
 * a square it never reaches admits no push sequence to any goal even with
 * no other box in the way, and more boxes only take options away. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "deadlock.h"

void dead_simple_compute(const board *b, uint8_t *dead)
{
	int n = b->square_count;
	uint8_t *live = calloc((size_t)n + 1, 1);
	uint16_t *queue = malloc(sizeof(uint16_t) * ((size_t)n + 1));
	if (!live || !queue) {
		/* Without memory mark nothing dead: fewer prunes, never a wrong one. */
		memset(dead, 0, (size_t)n);
		free(live);
		free(queue);
		return;
	}
	int head = 0, tail = 0;
	for (int i = 0; i < b->box_count; i++) {
		live[b->goals[i]] = 1;
		queue[tail++] = b->goals[i];
	}
	while (head < tail) {
		unsigned s = queue[head++];
		for (unsigned d = 0; d < 4; d++) {
			/* Pull toward d: the box goes to s+d, the player ends on s+2d. */
			uint16_t to = board_next(b, s, d);
			if (to == SQUARE_NONE || live[to])
				continue;
			if (board_next(b, to, d) == SQUARE_NONE)
				continue;
			live[to] = 1;
			queue[tail++] = to;
		}
	}
	for (int s = 0; s < n; s++)
		dead[s] = (uint8_t)!live[s];
	free(live);
	free(queue);
}

/* Frozen boxes as walls. Soundness: a frozen box never moves in any
 * solution (dead_freeze.c), so in every solution from here its square is a
 * wall for the other boxes and for the player. A box that can reach a goal
 * in such a solution reaches one not covered by a frozen box (that goal is
 * taken for good), and reversing its pushes pulls it there from that goal
 * over squares that are neither walls nor frozen boxes, with the player on
 * such squares too; the search below allows every such pull. A frozen box's
 * own square gets 0: whether that box is fine is for the freeze check and
 * its goal to say. With no memory, fall back on the static map, which stays
 * sound because walls only take pulls away. */
void dead_simple_with_walls(const board *b, const uint8_t *wall, uint8_t *dead)
{
	int n = b->square_count;
	uint8_t *live = calloc((size_t)n + 1, 1);
	uint16_t *queue = malloc(sizeof(uint16_t) * ((size_t)n + 1));
	if (!live || !queue) {
		for (int s = 0; s < n; s++)
			dead[s] = (uint8_t)(b->dead[s] && !wall[s]);
		free(live);
		free(queue);
		return;
	}
	int head = 0, tail = 0;
	for (int i = 0; i < b->box_count; i++) {
		uint16_t g = b->goals[i];
		if (wall[g] || live[g])
			continue;
		live[g] = 1;
		queue[tail++] = g;
	}
	while (head < tail) {
		unsigned s = queue[head++];
		for (unsigned d = 0; d < 4; d++) {
			uint16_t to = board_next(b, s, d);
			if (to == SQUARE_NONE || live[to] || wall[to])
				continue;
			uint16_t player = board_next(b, to, d);
			if (player == SQUARE_NONE || wall[player])
				continue;
			live[to] = 1;
			queue[tail++] = to;
		}
	}
	for (int s = 0; s < n; s++)
		dead[s] = (uint8_t)(!live[s] && !wall[s]);
	free(live);
	free(queue);
}
