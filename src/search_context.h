/* search_context.h — what every search engine shares (search.c): the
 * board, the options, the memory budget, the keys, the bound, the player
 * floods, the deadlock checker and the macros, the probe (the child being
 * generated), the node stores and their helpers, the stats and the clock.
 * An engine file holds only what makes it that engine. */
#ifndef HAKO_SEARCH_CONTEXT_H
#define HAKO_SEARCH_CONTEXT_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "bound.h"
#include "deadline.h"
#include "deadlock.h"
#include "memory.h"
#include "movegen.h"
#include "reach.h"
#include "search.h"
#include "tt.h"
#include "tunnel.h"
#include "zobrist.h"

/* Pushes a corral search may spend per generated position (cached). */
#define SEARCH_CORRAL_BUDGET 1000

/* Which macros an engine may use; search_context_init turns on those the
 * options allow too. SEARCH_NO_CORRAL_ESCAPE: the corral check without its
 * escape search (dead_corral.c), for the ordered search, which solves two
 * XSokoban levels fewer with it, and the optimal modes, where it costs
 * more time than its nodes save (BENCH.md). */
enum { SEARCH_USE_TUNNELS = 1, SEARCH_USE_GOAL_MACROS = 2, SEARCH_NO_CORRAL_ESCAPE = 4 };

typedef struct search_context {
	const board *b;
	hako_solver_options options; /* a copy (the engine outlives the caller's), normalized */
	memory mem;
	zobrist keys;
	bound lower;
	reach here, child_reach;
	deadlock_checker *deadlocks; /* NULL: simple dead squares only */
	deadlock_proof proof;
	uint8_t *allowed;        /* PI-corral: box squares whose pushes are needed */
	tunnel_info tunnels;     /* go_on == NULL: no tunnel macros */
	struct room_info *rooms; /* goal macros (room.h); NULL: none */
	uint8_t *occupied;       /* per square: a box; all zero between expansions */
	uint16_t *probe_boxes;   /* the child being generated, ascending */
	uint16_t probe_player;
	movegen_move *moves; /* movegen_capacity(box_count) */
	hako_stats stats;
	double started;
	deadline clock; /* the time limit and the caller's cancel flag */
	size_t charged; /* bytes charged for memory allocated elsewhere */
} search_context;

/* Set up everything above for board b. `use`: SEARCH_USE_* the engine
 * allows. HAKO_ERR_NOMEM: the budget said no (the engine reports memout);
 * HAKO_ERR_LIMIT with c->clock.passed: out of time or cancelled (the
 * engine reports c->clock.why). search_context_free is safe after any
 * result. */
hako_status search_context_init(search_context *c, const board *b, const hako_solver_options *o,
                                unsigned use);
void search_context_free(search_context *c);

/* The stats so far, with the wall time and the peak memory. */
void search_context_stats(const search_context *c, hako_stats *out);
/* Has the time limit passed or the caller cancelled? Engines ask once per
 * node and inside any loop that can be long on a large level (the bound
 * asks once per row of a large matching); c->clock.why then says which. */
static inline int search_out_of_time(search_context *c)
{
	return deadline_passed(&c->clock);
}

/* The one pruning call: do the detectors prove the position dead (the box
 * just moved is on `moved`)? `region` is the position's player region when
 * the caller flooded it already (the corral check need not flood again),
 * else NULL. Counts a prune. 0 without a checker. */
int search_dead(search_context *c, const deadlock_position *p, unsigned moved, const reach *region);
/* search_dead in its two parts (deadlock_check_local and _global: the
 * checks around the moved box, then the whole-board ones). Together they
 * prune exactly what search_dead prunes; each counts its prunes. */
int search_dead_local(search_context *c, const deadlock_position *p, unsigned moved);
int search_dead_global(search_context *c, const deadlock_position *p, unsigned moved,
                       const reach *region);
/* PI-corral pruning (dead_corral.c): 1 with c->allowed marking the boxes
 * whose pushes are needed (clear them after), 0 when every push is. */
int search_pi_corral(search_context *c, const deadlock_position *p, const reach *region);
/* The matching bound (c->lower) on board `on` of the child whose box i of
 * the expanded position's `boxes` went to `to` (c->probe_boxes): the
 * parent's matching is made at the first child and updated for each child
 * in O(n^2) (bound_matching_moved: the same value as a full matching, which
 * stays the fallback). *kept is the engine's per-expansion state: set it
 * to 0 before the first child; 1 kept, -1 not (an infinite or cut-short
 * parent). No other use of c->lower may come between the children. */
uint32_t search_child_matching(search_context *c, const board *on, const uint16_t *boxes, int *kept,
                               int i, unsigned to);

/* ---- node stores: fixed-size records (an engine's node header, then the
 * box squares, ascending) in an arena, found by key in a table. A node
 * header starts with its uint64_t Zobrist key, unless the engine sets
 * key_of. Records are 8-byte aligned when the header's size is a multiple
 * of 8, else 4 (a header without 64-bit fields). */
typedef struct search_store {
	search_context *c;
	arena nodes;
	tt table;
	size_t header;        /* the engine's node header: the boxes follow it */
	size_t player_offset; /* where the header keeps its uint16_t player */
	/* A node's full key, for the table's rehash: search_key_of (the
	 * header's first 8 bytes) unless the engine keeps no key in its
	 * nodes and sets its own after search_store_init. */
	tt_key_fn key_of;
} search_store;

hako_status search_store_init(search_store *s, search_context *c, size_t header,
                              size_t player_offset, unsigned chunk_log2, unsigned table_log2);
/* The same with `position_bytes` after the header instead of the box
 * list (an engine that stores its positions in a form of its own). */
hako_status search_store_init_sized(search_store *s, search_context *c, size_t header,
                                    size_t player_offset, size_t position_bytes,
                                    unsigned chunk_log2, unsigned table_log2);
void search_store_free(search_store *s);

static inline void *search_node_at(const search_store *s, uint32_t index)
{
	return arena_at(&s->nodes, index);
}

static inline uint16_t *search_node_boxes(const search_store *s, void *node)
{
	return (uint16_t *)(void *)((unsigned char *)node + s->header);
}

/* tt callbacks (user: the store): is the node the probe; its key. */
int search_same_position(void *user, uint32_t index);
uint64_t search_key_of(void *user, uint32_t index);

/* The stored node equal to the probe (c->probe_boxes, c->probe_player) with
 * that key, or TT_EMPTY. */
static inline uint32_t search_store_find(search_store *s, uint64_t key)
{
	return tt_find(&s->table, key, search_same_position, s);
}

static inline hako_status search_store_insert(search_store *s, uint64_t key, uint32_t index)
{
	return tt_insert(&s->table, key, index, s->key_of, s);
}

/* Copy the probe's boxes into node `node`. */
void search_store_boxes(const search_store *s, void *node);

#endif
