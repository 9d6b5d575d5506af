/* search_bidir.h — what the bidirectional engine (search_bidir.c) can tell
 * about a finished search beyond hako_stats: how each side contributed.
 * For tests and benchmarks; the engine itself is search_engine_bidir. */
#ifndef HAKO_SEARCH_BIDIR_H
#define HAKO_SEARCH_BIDIR_H

#include <stddef.h>
#include <stdint.h>

typedef struct search_bidir_info {
	uint64_t forward_expanded, backward_expanded;
	/* Of a solution: pushes found by the forward side (start to the
	 * meeting state) and by the backward side (meeting state to the goals,
	 * undone pulls). */
	size_t forward_pushes, backward_pushes;
	/* The order engine: dead sets learned at its dead ends, and the pushes
	 * its dead-end proofs made. */
	uint64_t learned, proof_pushes;
} search_bidir_info;

/* `self` is a handle from search_engine_bidir.open or
 * search_engine_order.open. */
void search_bidir_info_get(const void *self, search_bidir_info *out);

#endif
