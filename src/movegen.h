/* movegen.h — push and pull generation over the compact board, and making
 * a move on the occupancy map. The searches (search_astar.c,
 * search_bidir.c) list a position's moves here; test_movegen pins it with
 * perft counts. */
#ifndef HAKO_MOVEGEN_H
#define HAKO_MOVEGEN_H

#include <stdint.h>

#include "board.h"
#include "reach.h"

/* One push (or pull) of box `index` (its place in the ascending box list)
 * from square `from` to square `to` along `dir`. For a pull, `stand` is
 * the square the player steps back onto. */
typedef struct movegen_move {
	uint16_t index;
	uint16_t from, to, stand;
	uint8_t dir;
} movegen_move;

/* Room a move list needs: four moves a box. */
static inline size_t movegen_capacity(int box_count)
{
	return 4 * (size_t)box_count + 1;
}

/* Every push of the position: `boxes` ascending (count of them), `occupied`
 * showing them, `player` the player's region (a filled reach). A push needs
 * the square behind the box in the region and the square ahead free; it
 * never ends on a dead square (b->dead). With `allowed` (PI-corral, see
 * dead_corral.c) only boxes on allowed squares are pushed. Order: boxes as
 * listed, then directions LURD. Returns how many (at most 4 * count). */
int movegen_pushes(const board *b, const uint8_t *occupied, const uint16_t *boxes, int count,
                   const reach *player, const uint8_t *allowed, movegen_move *out);

/* Every pull of the position: the player on `to` (next to the box, in its
 * region) pulls the box onto `to` and steps back onto `stand` (free). dir
 * is the pull's direction (from the box toward the player). Same order. */
int movegen_pulls(const board *b, const uint8_t *occupied, const uint16_t *boxes, int count,
                  const reach *player, movegen_move *out);

/* Move a box on the occupancy map, and back. */
static inline void movegen_make(uint8_t *occupied, unsigned from, unsigned to)
{
	occupied[from] = 0;
	occupied[to] = 1;
}

static inline void movegen_unmake(uint8_t *occupied, unsigned from, unsigned to)
{
	occupied[to] = 0;
	occupied[from] = 1;
}

#endif
