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

typedef struct bound {
	int n;
	int64_t *cost;      /* (n+1) x (n+1), 1-based rows and columns */
	int64_t *row_potential, *col_potential, *min_slack;
	int *match, *way;   /* match[goal column] = box row */
	uint8_t *used;
	memory *mem;
	size_t bytes;
} bound;

hako_status bound_init(bound *bd, memory *mem, int box_count);
void bound_free(bound *bd);
/* Minimum total push distance over all perfect matchings of `boxes` to the
 * board's goals, or BOUND_INFINITE. */
uint32_t bound_matching(bound *bd, const board *b, const uint16_t *boxes);
/* The same with the boxes i where skip[i] is set costing nothing to any
 * goal: the cheapest way to put the other boxes on distinct goals. */
uint32_t bound_matching_skip(bound *bd, const board *b, const uint16_t *boxes,
                             const uint8_t *skip);
/* After a finite bound_matching: out[i] = the distance of box i to the
 * goal the optimal matching gives it. */
void bound_assigned(const bound *bd, uint32_t *out);

#endif
