/* bound.h — lower bounds on the pushes still needed: the minimum-cost
 * perfect matching of boxes to goals on push distances (Hungarian method).
 * No perfect matching over finite distances means no box-goal assignment
 * exists at all: a bipartite deadlock, reported as BOUND_INFINITE. */
#ifndef HAKO_BOUND_H
#define HAKO_BOUND_H

#include <stdint.h>

#include "board.h"
#include "memory.h"

#define BOUND_INFINITE UINT32_MAX
/* The matching was cut short by bd->stop: a large finite value, so that
 * no caller takes the position for dead; the caller stops on the deadline. */
#define BOUND_STOPPED (UINT32_MAX - 1)

struct deadline;

typedef struct bound {
	int n;
	int64_t *cost; /* (n+1) x (n+1), 1-based rows and columns */
	int64_t *row_potential, *col_potential, *min_slack;
	int *match, *way; /* match[goal column] = box row */
	uint8_t *used;
	uint8_t *row_matched; /* solve_matching's greedy start */
	int *row_map;         /* bound_matching_near: kept row -> new row */
	/* The position bound_keep kept, for bound_matching_moved. */
	int64_t *kept_row_potential, *kept_col_potential;
	int *kept_match;
	uint16_t *kept_boxes;
	const board *kept_board;
	int kept;         /* bound_keep was called after the last bound_matching */
	int dirty_row;    /* a row whose costs are a moved box's, or -1 */
	int matrix_dirty; /* every row may differ from the kept position's */
	memory *mem;
	size_t bytes;
	/* NULL, or the search's deadline: a large matching (32 boxes or more)
	 * looks at it once per row and gives up with BOUND_STOPPED when it
	 * has passed, so that one bound cannot hold a search past its limit. */
	struct deadline *stop;
} bound;

hako_status bound_init(bound *bd, memory *mem, int box_count);
void bound_free(bound *bd);
/* Minimum total push distance over all perfect matchings of `boxes` to the
 * board's goals, or BOUND_INFINITE (or BOUND_STOPPED, see stop). */
uint32_t bound_matching(bound *bd, const board *b, const uint16_t *boxes);
/* The same with the boxes i where skip[i] is set costing nothing to any
 * goal: the cheapest way to put the other boxes on distinct goals. */
uint32_t bound_matching_skip(bound *bd, const board *b, const uint16_t *boxes, const uint8_t *skip);
/* Incremental matching (one push moves one box): bound_keep, right after
 * a finite bound_matching(bd, b, boxes), keeps that position; then
 * bound_matching_moved gives the matching of the kept position with box
 * i moved to `to` in O(n^2) (the same value as bound_matching on it), as
 * often as wanted. Rows stay in the kept order: bound_assigned's out[i]
 * is then kept box i's (the moved one's at i). Any bound_matching call
 * ends the kept position. */
void bound_keep(bound *bd, const board *b, const uint16_t *boxes);
uint32_t bound_matching_moved(bound *bd, const board *b, int i, unsigned to);
/* bound_matching, started from the kept position when it was on the same
 * board and `boxes` differs from it in a few squares (both ascending):
 * the boxes on squares the kept position also had keep their potentials
 * and goals, and only the others are placed again, O(n^2) each. The same
 * value as bound_matching; it ends the kept position too. */
uint32_t bound_matching_near(bound *bd, const board *b, const uint16_t *boxes);
/* bound_matching_skip from the matching bd holds (the last
 * bound_matching or bound_matching_moved, finite) in O(n^2) per row
 * freed: the same value. */
uint32_t bound_matching_freed(bound *bd, const uint8_t *skip);
/* After a finite bound_matching: out[i] = the distance of box i to the
 * goal the optimal matching gives it. */
void bound_assigned(const bound *bd, uint32_t *out);

#endif
