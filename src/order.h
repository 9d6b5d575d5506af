/* order.h — the score of the plan-ordered search (the "order" engine: the
 * bidirectional engine's forward side run alone, search_bidir.c): how far
 * a position has come along the packing plan of fess_plan.c, after the
 * packing-order search of YASS (order.c says what is taken from it). */
#ifndef HAKO_ORDER_H
#define HAKO_ORDER_H

#include <stdint.h>

#include "board.h"
#include "fess.h"

/* What a node of the ordered search keeps. */
typedef struct order_step {
	int32_t score;        /* lower is expanded first */
	uint32_t pushes;      /* from the start */
	uint32_t free_pushes; /* of them, pushes that brought a box nearer a target of its phase */
	uint16_t phase;       /* the plan's layer (rank) being filled; 0 when every goal is */
} order_step;

/* The root: the start position in `occupied`, `bound` its matching bound. */
void order_root(const board *b, const fess_plan *plan, const uint8_t *occupied, uint32_t bound,
                order_step *out);

/* A child: `occupied` holds it, made from `parent` by `pushes` pushes of
 * the box on `from` that left it on `to` (a tunnel macro pushes more than
 * once); `bound` is its matching bound; `restricted` says the parent's
 * pushes were cut to a PI-corral's. */
void order_child(const board *b, const fess_plan *plan, const uint8_t *occupied,
                 const order_step *parent, unsigned from, unsigned to, unsigned pushes,
                 uint32_t bound, int restricted, order_step *out);

#endif
