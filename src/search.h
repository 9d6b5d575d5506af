/* search.h — the searches over push-level states, and what they return:
 * the outcome and the pushes of the solution (box square and direction),
 * from which solver.c rebuilds the full LURD with walks. */
#ifndef HAKO_SEARCH_H
#define HAKO_SEARCH_H

#include <stdint.h>

#include "board.h"
#include "hako.h"

typedef struct search_push {
	uint16_t from; /* the box's square before the push */
	uint8_t dir;
} search_push;

typedef struct search_result {
	hako_outcome outcome;
	search_push *pushes; /* malloc'd, push_count entries, first push first */
	size_t push_count;
	hako_stats stats;
} search_result;

/* A* over pushes. HAKO_OPTIMAL_PUSHES: fewest pushes (states: boxes +
 * normalized player). HAKO_OPTIMAL_MOVES: fewest moves, then pushes
 * (states: boxes + exact player). HAKO_OPTIMAL_NONE: weighted A*, fast,
 * no optimality. */
hako_status search_astar(const board *b, const hako_solver_options *options,
                         search_result *result);
void search_result_free(search_result *result);

/* Monotonic seconds (clock_gettime). */
double search_now(void);

#endif
