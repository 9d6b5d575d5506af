/* movegen.c — push and pull generation: the one place that says which
 * pushes (and, for the backward search, pulls) a position allows. */
#include "movegen.h"

int movegen_pushes(const board *b, const uint8_t *occupied, const uint16_t *boxes, int count,
                   const reach *player, const uint8_t *allowed, movegen_move *out)
{
	int n = 0;
	for (int i = 0; i < count; i++) {
		unsigned square = boxes[i];
		if (allowed && !allowed[square])
			continue;
		for (unsigned d = 0; d < 4; d++) {
			uint16_t behind = board_next(b, square, DIR_OPPOSITE(d));
			uint16_t to = board_next(b, square, d);
			if (behind == SQUARE_NONE || to == SQUARE_NONE || occupied[to] ||
			    b->dead[to] || !reach_has(player, behind))
				continue;
			out[n].index = (uint16_t)i;
			out[n].from = (uint16_t)square;
			out[n].to = to;
			out[n].stand = (uint16_t)square;
			out[n].dir = (uint8_t)d;
			n++;
		}
	}
	return n;
}

int movegen_pulls(const board *b, const uint8_t *occupied, const uint16_t *boxes, int count,
                  const reach *player, movegen_move *out)
{
	int n = 0;
	for (int i = 0; i < count; i++) {
		unsigned square = boxes[i];
		for (unsigned d = 0; d < 4; d++) {
			uint16_t to = board_next(b, square, d);
			if (to == SQUARE_NONE || occupied[to] || !reach_has(player, to))
				continue;
			uint16_t back = board_next(b, to, d);
			if (back == SQUARE_NONE || occupied[back])
				continue;
			out[n].index = (uint16_t)i;
			out[n].from = (uint16_t)square;
			out[n].to = to;
			out[n].stand = back;
			out[n].dir = (uint8_t)d;
			n++;
		}
	}
	return n;
}
