/* dead_simple.c — simple dead squares: pull a lone box away from every
 * goal; squares it never reaches are dead.
 *
 * Soundness: if a lone box on square s can be pushed to some goal, reversing
 * that push sequence pulls it from the goal back to s, and every pull needs
 * only the two squares behind it to be floor, which this search allows. So
 * a square it never reaches admits no push sequence to any goal even with
 * no other box in the way, and more boxes only take options away. */
#include <stdlib.h>
#include <string.h>

#include "board.h"

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
