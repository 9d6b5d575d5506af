/* search.c — the search core every engine shares: the context (board,
 * options, memory, keys, bound, floods, deadlock checker, macros, probe,
 * stats, clock), the node stores and the one pruning call. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "room.h"
#include "search_context.h"

double search_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void search_result_free(search_result *result)
{
	free(result->pushes);
	result->pushes = NULL;
	result->push_count = 0;
}

void search_options_normalize(hako_solver_options *o)
{
	if (!o->memory_limit)
		o->memory_limit = (size_t)1 << 30;
	if (!o->progress_interval)
		o->progress_interval = 65536;
}

hako_status search_context_init(search_context *c, const board *b, const hako_solver_options *o,
                                unsigned use)
{
	memset(c, 0, sizeof *c);
	c->b = b;
	c->options = *o;
	/* Engines may be opened directly (tests, hako-engine): normalize here
	 * too; it changes nothing on options hako_solve normalized. */
	search_options_normalize(&c->options);
	c->mem.limit = c->options.memory_limit;
	c->started = search_now();
	deadline_init(&c->clock, c->options.time_limit, c->options.cancel);
	size_t n = (size_t)b->square_count + 1, boxes = (size_t)b->box_count + 1;
	/* The board and memory allocated by modules without a budget (the
	 * floods, the keys) count against the budget too. */
	c->charged = b->bytes + 2 * reach_bytes(b->square_count) +
	             2 * sizeof(uint64_t) * ((size_t)b->square_count + 1);
	if (!memory_charge(&c->mem, c->charged)) {
		c->charged = 0;
		return HAKO_ERR_NOMEM;
	}
	c->occupied = memory_calloc(&c->mem, n);
	c->probe_boxes = memory_alloc(&c->mem, sizeof(uint16_t) * boxes);
	c->proof.boxes = memory_alloc(&c->mem, sizeof(uint16_t) * boxes);
	c->allowed = memory_calloc(&c->mem, n);
	c->moves = memory_alloc(&c->mem, sizeof(movegen_move) * movegen_capacity(b->box_count));
	if (!c->occupied || !c->probe_boxes || !c->proof.boxes || !c->allowed || !c->moves)
		return HAKO_ERR_NOMEM;
	hako_status st = zobrist_init(&c->keys, b->square_count);
	if (st == HAKO_OK)
		st = reach_init(&c->here, b->square_count);
	if (st == HAKO_OK)
		st = reach_init(&c->child_reach, b->square_count);
	if (st == HAKO_OK)
		st = bound_init(&c->lower, &c->mem, b->box_count);
	c->lower.stop = &c->clock;
	if (st == HAKO_OK && (use & SEARCH_USE_TUNNELS) &&
	    search_macro_on(&c->options, HAKO_MACRO_TUNNELS))
		st = tunnel_init(&c->tunnels, b, &c->mem);
	if (st == HAKO_OK && (use & SEARCH_USE_GOAL_MACROS) &&
	    search_macro_on(&c->options, HAKO_MACRO_GOALS))
		c->rooms = room_macros_open(b, &c->mem, &st);
	if (st == HAKO_OK && c->options.deadlock_detection) {
		unsigned detectors = DEADLOCK_USE_ALL | DEADLOCK_BIPARTITE_FROZEN_ONLY;
		if (use & SEARCH_NO_CORRAL_ESCAPE)
			detectors &= ~(unsigned)DEADLOCK_USE_CORRAL_ESCAPE;
		c->deadlocks = deadlock_checker_new(b, &c->mem, detectors);
		if (!c->deadlocks)
			st = HAKO_ERR_NOMEM;
	}
	/* The set-up of a large level takes time too. */
	if (st == HAKO_OK && search_out_of_time(c))
		st = HAKO_ERR_LIMIT;
	return st;
}

void search_context_free(search_context *c)
{
	const board *b = c->b;
	if (!b)
		return;
	size_t n = (size_t)b->square_count + 1, boxes = (size_t)b->box_count + 1;
	memory_free(&c->mem, c->occupied, n);
	memory_free(&c->mem, c->probe_boxes, sizeof(uint16_t) * boxes);
	memory_free(&c->mem, c->proof.boxes, sizeof(uint16_t) * boxes);
	memory_free(&c->mem, c->allowed, n);
	memory_free(&c->mem, c->moves, sizeof(movegen_move) * movegen_capacity(b->box_count));
	deadlock_checker_free(c->deadlocks);
	tunnel_free(&c->tunnels);
	room_free(c->rooms);
	if (c->lower.cost)
		bound_free(&c->lower);
	reach_free(&c->here);
	reach_free(&c->child_reach);
	zobrist_free(&c->keys);
	c->deadlocks = NULL;
	c->rooms = NULL;
}

void search_context_stats(const search_context *c, hako_stats *out)
{
	*out = c->stats;
	out->seconds = search_now() - c->started;
	out->peak_bytes = c->mem.peak;
}

int search_dead(search_context *c, const deadlock_position *p, unsigned moved, const reach *region)
{
	/* deadlock_check is exactly its two parts, in this order. */
	return search_dead_local(c, p, moved) || search_dead_global(c, p, moved, region);
}

int search_dead_local(search_context *c, const deadlock_position *p, unsigned moved)
{
	if (!c->deadlocks ||
	    deadlock_check_local(c->deadlocks, p, moved, &c->proof) == DEADLOCK_NONE)
		return 0;
	c->stats.pruned++;
	return 1;
}

int search_dead_global(search_context *c, const deadlock_position *p, unsigned moved,
                       const reach *region)
{
	if (!c->deadlocks)
		return 0;
	/* The region is for this one check: cleared again at once, so a stale
	 * flood is never taken for the next position's. */
	deadlock_given_reach(c->deadlocks, region);
	deadlock_kind kind =
	    deadlock_check_global(c->deadlocks, p, moved, SEARCH_CORRAL_BUDGET, &c->proof);
	deadlock_given_reach(c->deadlocks, NULL);
	if (kind == DEADLOCK_NONE)
		return 0;
	c->stats.pruned++;
	return 1;
}

int search_pi_corral(search_context *c, const deadlock_position *p, const reach *region)
{
	if (!c->deadlocks)
		return 0;
	deadlock_given_reach(c->deadlocks, region);
	int restricted = deadlock_pi_corral(c->deadlocks, p, c->allowed);
	deadlock_given_reach(c->deadlocks, NULL);
	return restricted;
}

uint32_t search_child_matching(search_context *c, const board *on, const uint16_t *boxes, int *kept,
                               int i, unsigned to)
{
	if (*kept == 0) {
		*kept = -1;
		uint32_t parent = bound_matching_near(&c->lower, on, boxes);
		if (parent != BOUND_INFINITE && parent != BOUND_STOPPED) {
			bound_keep(&c->lower, on, boxes);
			*kept = 1;
		}
	}
	if (*kept < 0)
		return bound_matching(&c->lower, on, c->probe_boxes);
	return bound_matching_moved(&c->lower, on, i, to);
}

/* ---- node stores ------------------------------------------------------- */

hako_status search_store_init(search_store *s, search_context *c, size_t header,
                              size_t player_offset, unsigned chunk_log2, unsigned table_log2)
{
	return search_store_init_sized(s, c, header, player_offset,
	                               sizeof(uint16_t) * (size_t)c->b->box_count, chunk_log2,
	                               table_log2);
}

hako_status search_store_init_sized(search_store *s, search_context *c, size_t header,
                                    size_t player_offset, size_t position_bytes,
                                    unsigned chunk_log2, unsigned table_log2)
{
	s->c = c;
	s->header = header;
	s->player_offset = player_offset;
	s->key_of = search_key_of;
	size_t align = header % 8 == 0 ? 8 : 4;
	size_t record = (header + position_bytes + align - 1) & ~(align - 1);
	/* A small budget starts with a smaller table (it grows as needed) and
	 * smaller chunks: a sixteenth of the budget each at most. */
	while (table_log2 > 8 && sizeof(tt_entry) << table_log2 > c->mem.limit / 16)
		table_log2--;
	while (chunk_log2 > 6 && record << chunk_log2 > c->mem.limit / 16)
		chunk_log2--;
	arena_init(&s->nodes, &c->mem, record, chunk_log2);
	hako_status st = tt_init(&s->table, &c->mem, table_log2);
	s->table.stop = &c->clock;
	return st;
}

void search_store_free(search_store *s)
{
	if (!s->c)
		return;
	arena_free(&s->nodes);
	tt_free(&s->table);
}

int search_same_position(void *user, uint32_t index)
{
	search_store *s = user;
	const search_context *c = s->c;
	unsigned char *node = search_node_at(s, index);
	uint16_t player;
	memcpy(&player, node + s->player_offset, sizeof player);
	return player == c->probe_player && memcmp(search_node_boxes(s, node), c->probe_boxes,
	                                           sizeof(uint16_t) * (size_t)c->b->box_count) == 0;
}

uint64_t search_key_of(void *user, uint32_t index)
{
	uint64_t key;
	memcpy(&key, search_node_at(user, index), sizeof key);
	return key;
}

void search_store_boxes(const search_store *s, void *node)
{
	memcpy(search_node_boxes(s, node), s->c->probe_boxes,
	       sizeof(uint16_t) * (size_t)s->c->b->box_count);
}
