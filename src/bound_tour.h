/* bound_tour.h — a lower bound on all the moves a position still needs,
 * from the player's visits to the boxes that must move (bound_tour.c has
 * the proof). */
#ifndef HAKO_BOUND_TOUR_H
#define HAKO_BOUND_TOUR_H

#include <stdint.h>

#include "board.h"
#include "hako.h"
#include "memory.h"

/* Boards with more squares than this get no table (the bound reads 0):
 * the table is 2 bytes a pair of squares (2 MiB here). */
#define TOUR_MAX_SQUARES 1024

typedef struct tour_bound {
	int ready;   /* 0: no table (too many squares, or no memory): the bound is 0 */
	int squares; /* the board's square_count */
	/* [x * squares + s]: the fewest moves from x to a side of a box on s
	 * (a square a push of it starts from) with only the walls and that
	 * box in the way; 0xFFFF: none */
	uint16_t *leg;
	/* Scratch for a matrix of (boxes + 1)^2: the assignment's costs,
	 * potentials and matching. */
	int64_t *cost, *row_potential, *col_potential, *slack;
	int *match, *way;
	uint8_t *used, *placed; /* columns seen in a phase; rows the warm start placed */
	uint16_t *start;        /* the legs' starts: the player, then the boxes */
	memory *mem;
	size_t bytes;
} tour_bound;

/* Make the table for b. HAKO_OK also when none is made (ready 0). */
hako_status tour_bound_init(tour_bound *t, const board *b, memory *mem);
void tour_bound_free(tour_bound *t);
/* A lower bound on the moves (pushes and walks) of any solution of the
 * position `boxes` (box_count of them) with the player on `player`; 0
 * when every box is on a goal or there is no table. */
uint32_t tour_bound_value(tour_bound *t, const board *b, const uint16_t *boxes, unsigned player);

#endif
