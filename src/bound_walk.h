/* bound_walk.h — a lower bound on the walking (moves that push nothing)
 * a position still needs, from where the boxes must go and where the
 * player stands: for the move-optimal search, added to the pushes' bound.
 * See bound_walk.c for the argument. */
#ifndef HAKO_BOUND_WALK_H
#define HAKO_BOUND_WALK_H

#include <stdint.h>

#include "board.h"
#include "hako.h"
#include "memory.h"

typedef struct walk_bound {
	int column_lo, column_hi, row_lo, row_hi; /* where the board's squares are */
	/* The squares the player can stand on after the last push of a
	 * solution (a box's square before it went onto a goal), as grid
	 * columns and rows, and which columns and rows they use. */
	int final_count;
	int16_t *final_x, *final_y;
	int16_t *column, *row; /* of each square */
	uint8_t *final_column, *final_row;
	int *goals_x, *goals_y; /* goals in each column, in each row */
	/* Scratch: boxes less goals per column (then row), the sums over
	 * thresholds, and the bound along each axis per final coordinate. */
	int *excess, *above, *below, *after, *before, *axis_x, *axis_y;
	memory *mem;
	size_t bytes;
} walk_bound;

hako_status walk_bound_init(walk_bound *w, const board *b, memory *mem);
void walk_bound_free(walk_bound *w);
/* A lower bound on the moves that push nothing in any solution of the
 * position `boxes` (box_count squares, any order) with the player on
 * `player`; 0 when every box is on a goal. */
uint32_t walk_bound_value(walk_bound *w, const board *b, const uint16_t *boxes, unsigned player);

#endif
