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
	int64_t *cost;      /* (n+1) x (n+1), 1-based rows and columns */
	int64_t *row_potential, *col_potential, *min_slack;
	int *match, *way;   /* match[goal column] = box row */
	uint8_t *used;
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

#endif
