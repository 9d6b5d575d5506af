/* search_astar.c — A* over push-level states with a transposition table,
 * parent links and the matching lower bound.
 *
 * Push-optimal: a state is the boxes plus the player's normalized square
 * (the smallest square of the area it can walk to); every push costs one.
 * Move-optimal: the state keeps the exact player square (the square the
 * last push left it on), and a push costs the walk to it plus one. Both
 * compare (primary, secondary) costs lexicographically — (pushes, moves) or
 * (moves, pushes) — with the push bound as the admissible estimate of each.
 * The bound is admissible but not consistent: a box's distance is the
 * minimum over the sides the player may stand on, and one push can put the
 * player on a side from which the box is much farther than that minimum,
 * so the bound can drop by more than one per push. A closed node is
 * therefore reopened when a cheaper path to it is found, which keeps A*
 * optimal with an admissible bound. In the
 * push-optimal mode moves are only a tie-break (the state does not know
 * the exact player square), so fewest moves among push-optimal solutions
 * is preferred but not guaranteed. */
#include <stdlib.h>
#include <string.h>

#include "heap.h"
#include "room.h"
#include "search_context.h"

typedef struct node {
	uint64_t key; /* Zobrist key of boxes and player */
	uint32_t parent;
	uint32_t cost;      /* primary cost so far: pushes, or moves */
	uint32_t tie;       /* secondary cost so far: moves, or pushes */
	uint32_t h;         /* lower bound on the pushes still needed */
	uint16_t player;    /* normalized (push modes) or exact (move mode) */
	uint16_t push_from; /* the last push: box square before it */
	uint8_t push_dir;
	uint8_t closed;
	/* squares the box travelled in a straight line (tunnel macro), plus
	 * GOAL_MACRO when a goal macro then took it into its room (its pushes
	 * are derived again when the path is rebuilt: room_macro is a
	 * function of the position) */
	uint16_t push_length;
	/* followed by box_count uint16_t box squares, ascending */
} node;

#define NODE_NONE ARENA_NONE
#define GOAL_MACRO 0x8000u
#define CHUNK_LOG2 14u

typedef struct search {
	search_context c;
	search_store store;
	hako_optimality mode;
	heap open;
} search;

static node *node_at(const search *s, uint32_t index)
{
	return search_node_at(&s->store, index);
}

static uint64_t clamp_bits(uint64_t value, unsigned bits)
{
	uint64_t top = ((uint64_t)1 << bits) - 1;
	return value < top ? value : top;
}

/* The open list's order: f of the primary cost, then f of the secondary,
 * then the smaller bound (deeper nodes first). Greedier in the fast mode. */
static uint64_t priority(const search *s, const node *n)
{
	uint64_t f1, f2 = (uint64_t)n->tie + n->h;
	if (s->mode == HAKO_OPTIMAL_NONE)
		f1 = (uint64_t)n->cost + 3 * (uint64_t)n->h;
	else
		f1 = (uint64_t)n->cost + n->h;
	return clamp_bits(f1, 20) << 44 | clamp_bits(f2, 24) << 20 | clamp_bits(n->h, 20);
}

static hako_status search_open(search *s, const board *b, const hako_solver_options *o)
{
	memset(s, 0, sizeof *s);
	s->mode = o->optimal;
	/* Tunnel macros keep push-optimality but not move-optimality; goal
	 * macros may miss the shortest solution: the fast mode only. */
	unsigned use = 0;
	if (s->mode != HAKO_OPTIMAL_MOVES)
		use |= SEARCH_USE_TUNNELS;
	if (s->mode == HAKO_OPTIMAL_NONE)
		use |= SEARCH_USE_GOAL_MACROS;
	hako_status st = search_context_init(&s->c, b, o, use);
	heap_init(&s->open, &s->c.mem);
	if (st == HAKO_OK)
		st = search_store_init(&s->store, &s->c, sizeof(node), offsetof(node, player),
		                       CHUNK_LOG2, 16);
	return st;
}

static void search_close(search *s)
{
	search_store_free(&s->store);
	heap_free(&s->open);
	search_context_free(&s->c);
}

typedef enum { ADD_OK, ADD_PRUNED, ADD_NOMEM, ADD_STOP } add_result;

/* The probe (s->c.probe_boxes, s->c.probe_player, with s->c.occupied showing
 * it) is a child of `parent` reached by pushing the box on `from` toward
 * `dir`, onto `to`. */
static add_result add_child(search *s, uint32_t parent_index, uint64_t key, uint32_t cost,
                            uint32_t tie, uint16_t from, unsigned dir, unsigned to, uint16_t length)
{
	uint32_t found = search_store_find(&s->store, key);
	if (found != TT_EMPTY) {
		node *old = node_at(s, found);
		if (old->cost < cost || (old->cost == cost && old->tie <= tie))
			return ADD_PRUNED;
		/* A closed node is reopened when a cheaper path reaches it (the
		 * side-aware bound is admissible but not consistent, see above);
		 * in the push modes only for fewer pushes, as moves there are
		 * only a tie-break of an inexact state. */
		if (old->closed) {
			if (s->mode != HAKO_OPTIMAL_MOVES && old->cost == cost)
				return ADD_PRUNED;
			old->closed = 0;
			s->c.stats.reopened++;
		}
		old->cost = cost;
		old->tie = tie;
		old->parent = parent_index;
		old->push_from = from;
		old->push_dir = (uint8_t)dir;
		old->push_length = length;
		return heap_push(&s->open, priority(s, old), found) == HAKO_OK ? ADD_OK : ADD_NOMEM;
	}
	if (s->c.tunnels.go_on && tunnel_parking_dead(&s->c.tunnels, s->c.b, s->c.occupied, to)) {
		s->c.stats.pruned++;
		return ADD_PRUNED;
	}
	/* The push modes flooded the child's player region already. */
	deadlock_position child = {s->c.b, s->c.occupied, s->c.probe_boxes, s->c.probe_player};
	if (search_dead(&s->c, &child, to,
	                s->mode != HAKO_OPTIMAL_MOVES ? &s->c.child_reach : NULL))
		return ADD_PRUNED;
	uint32_t h = bound_matching(&s->c.lower, s->c.b, s->c.probe_boxes);
	if (h == BOUND_INFINITE) {
		s->c.stats.pruned++;
		return ADD_PRUNED;
	}
	uint32_t index = arena_new(&s->store.nodes);
	if (index == NODE_NONE)
		return ADD_NOMEM;
	node *n = node_at(s, index);
	n->key = key;
	n->parent = parent_index;
	n->cost = cost;
	n->tie = tie;
	n->h = h;
	n->player = s->c.probe_player;
	n->push_from = from;
	n->push_dir = (uint8_t)dir;
	n->push_length = length;
	n->closed = 0;
	search_store_boxes(&s->store, n);
	s->c.stats.generated++;
	if (search_store_insert(&s->store, key, index) != HAKO_OK)
		return ADD_NOMEM;
	return heap_push(&s->open, priority(s, n), index) == HAKO_OK ? ADD_OK : ADD_NOMEM;
}

/* Generate every push of node `index`. */
static add_result expand(search *s, uint32_t index)
{
	const board *b = s->c.b;
	int count = b->box_count;
	node *n = node_at(s, index);
	uint16_t *boxes = search_node_boxes(&s->store, n);
	uint32_t cost = n->cost, tie = n->tie;
	uint64_t box_key = n->key ^ s->c.keys.player[n->player];
	/* The exact square the player stands on: where the last push left it. */
	unsigned player = index == 0 ? b->start_player : n->push_from;
	for (int i = 0; i < count; i++)
		s->c.occupied[boxes[i]] = 1;
	reach_distances(&s->c.here, b, s->c.occupied, player);
	/* PI-corral pruning: when some corral can only be entered by pushing
	 * its boundary boxes inward, those pushes alone are generated (sound
	 * and push-optimal, see dead_corral.c); not in the move-optimal mode,
	 * where reordering pushes changes the walking. */
	int restricted = 0;
	if (s->mode != HAKO_OPTIMAL_MOVES) {
		deadlock_position here = {b, s->c.occupied, boxes, player};
		restricted = search_pi_corral(&s->c, &here, &s->c.here);
	}
	int pushes = movegen_pushes(b, s->c.occupied, boxes, count, &s->c.here,
	                            restricted ? s->c.allowed : NULL, s->c.moves);
	add_result result = ADD_OK;
	for (int k = 0; k < pushes; k++) {
		const movegen_move *m = &s->c.moves[k];
		unsigned square = m->from, d = m->dir;
		uint16_t to = m->to;
		uint32_t walk = s->c.here.distance[board_next(b, square, DIR_OPPOSITE(d))];
		movegen_make(s->c.occupied, square, to);
		/* The tunnel macro pushes on while the box stays in a tunnel. */
		unsigned stand = square;
		uint16_t length =
		    (uint16_t)(1 + tunnel_push_on(&s->c.tunnels, b, s->c.occupied, d, &stand, &to));
		/* The goal macro takes a box on a room's entrance home. */
		uint32_t extra = 0;
		if (s->c.rooms)
			extra = (uint32_t)room_macro_play(s->c.rooms, b, s->c.occupied, &stand, &to);
		memcpy(s->c.probe_boxes, boxes, sizeof(uint16_t) * (size_t)count);
		board_move_box(s->c.probe_boxes, count, m->index, to);
		if (s->mode == HAKO_OPTIMAL_MOVES)
			s->c.probe_player = (uint16_t)stand;
		else
			s->c.probe_player = reach_fill(&s->c.child_reach, b, s->c.occupied, stand);
		uint64_t key = box_key ^ s->c.keys.box[square] ^ s->c.keys.box[to] ^
		               s->c.keys.player[s->c.probe_player];
		uint32_t child_cost, child_tie;
		if (s->mode == HAKO_OPTIMAL_MOVES) {
			child_cost = cost + walk + length;
			child_tie = tie + length;
		} else {
			child_cost = cost + length + extra;
			child_tie = tie + walk + length + extra;
		}
		add_result r = add_child(s, index, key, child_cost, child_tie, (uint16_t)square, d, to,
		                         (uint16_t)(length | (extra ? GOAL_MACRO : 0u)));
		/* Back to the parent (macros move only the pushed box). */
		movegen_unmake(s->c.occupied, square, to);
		if (r == ADD_NOMEM) {
			result = ADD_NOMEM;
			break;
		}
		/* One node of a large level can take long: the clock per child. */
		if (search_out_of_time(&s->c)) {
			result = ADD_STOP;
			break;
		}
	}
	for (int i = 0; i < count; i++) {
		s->c.occupied[boxes[i]] = 0;
		if (restricted)
			s->c.allowed[boxes[i]] = 0;
	}
	return result;
}

/* Append one push to out and play it on s->c.occupied. */
static int record_push(search *s, search_result *out, size_t *capacity, unsigned from, unsigned dir)
{
	if (out->push_count == *capacity) {
		size_t grown_capacity = *capacity * 2 + 16;
		search_push *grown = realloc(out->pushes, sizeof(search_push) * grown_capacity);
		if (!grown)
			return 0;
		out->pushes = grown;
		*capacity = grown_capacity;
	}
	out->pushes[out->push_count].from = (uint16_t)from;
	out->pushes[out->push_count].dir = (uint8_t)dir;
	out->push_count++;
	s->c.occupied[from] = 0;
	s->c.occupied[board_next(s->c.b, from, dir)] = 1;
	return 1;
}

/* The pushes from the root to `goal`, replayed forward so that goal macros
 * can be derived again from the positions they were found in. */
static hako_status collect_path(search *s, uint32_t goal, search_result *out)
{
	const board *b = s->c.b;
	size_t depth = 0, capacity = 0;
	for (uint32_t i = goal; i != 0; i = node_at(s, i)->parent)
		depth++;
	uint32_t *chain = malloc(sizeof(uint32_t) * (depth + 1));
	if (!chain)
		return HAKO_ERR_NOMEM;
	for (uint32_t i = goal, k = (uint32_t)depth; i != 0; i = node_at(s, i)->parent)
		chain[--k] = i;
	for (int i = 0; i < b->box_count; i++)
		s->c.occupied[b->start_boxes[i]] = 1;
	hako_status st = HAKO_OK;
	for (size_t k = 0; k < depth && st == HAKO_OK; k++) {
		node *n = node_at(s, chain[k]);
		unsigned from = n->push_from, stand = from;
		for (unsigned m = 0; m < (n->push_length & ~GOAL_MACRO) && st == HAKO_OK; m++) {
			if (!record_push(s, out, &capacity, from, n->push_dir))
				st = HAKO_ERR_NOMEM;
			stand = from;
			from = board_next(b, from, n->push_dir);
		}
		if (st == HAKO_OK && (n->push_length & GOAL_MACRO)) {
			int count = room_macro(s->c.rooms, b, s->c.occupied, stand, from, s->c.rooms->macro,
			                       room_macro_capacity(s->c.rooms));
			for (int m = 0; m < count && st == HAKO_OK; m++)
				if (!record_push(s, out, &capacity, s->c.rooms->macro[m].from,
				                 s->c.rooms->macro[m].dir))
					st = HAKO_ERR_NOMEM;
		}
	}
	memset(s->c.occupied, 0, (size_t)b->square_count);
	free(chain);
	return st;
}

/* Put the start position on the open list; HAKO_SOLVED is never the
 * answer here (a solved start has h == 0 and is found by the first step).
 * Returns the outcome that ends the search at once, or -1 to go on. */
static int push_root(search *s)
{
	const board *b = s->c.b;
	memcpy(s->c.probe_boxes, b->start_boxes, sizeof(uint16_t) * (size_t)b->box_count);
	/* The board knows some levels unsolvable (a box the player cannot
	 * reach, boxes and goals not matched): the engine says so itself. */
	if (b->unsolvable)
		return HAKO_UNSOLVABLE;
	uint32_t h = bound_matching(&s->c.lower, b, s->c.probe_boxes);
	if (h == BOUND_INFINITE)
		return HAKO_UNSOLVABLE;
	for (int i = 0; i < b->box_count; i++)
		s->c.occupied[b->start_boxes[i]] = 1;
	s->c.probe_player = s->mode == HAKO_OPTIMAL_MOVES
	                      ? b->start_player
	                      : reach_fill(&s->c.here, b, s->c.occupied, b->start_player);
	for (int i = 0; i < b->box_count; i++)
		s->c.occupied[b->start_boxes[i]] = 0;
	uint32_t root = arena_new(&s->store.nodes);
	if (root == NODE_NONE)
		return HAKO_MEMOUT;
	node *n = node_at(s, root);
	memset(n, 0, sizeof *n);
	n->key =
	    zobrist_boxes(&s->c.keys, s->c.probe_boxes, b->box_count) ^ s->c.keys.player[s->c.probe_player];
	n->parent = NODE_NONE;
	n->h = h;
	n->player = s->c.probe_player;
	search_store_boxes(&s->store, n);
	if (search_store_insert(&s->store, n->key, root) != HAKO_OK ||
	    heap_push(&s->open, priority(s, n), root) != HAKO_OK)
		return HAKO_MEMOUT;
	s->c.stats.generated = 1;
	return -1;
}

/* At most `nodes` expansions of the A* loop. The slice boundary sits
 * before a node is taken off the open list, so how the search is sliced
 * never changes what it does. Returns the outcome that ends the search,
 * or -1 when the slice is used up. *path_status is set when the solution's
 * path cannot be collected. */
static int run_slice(search *s, uint64_t nodes, search_result *out, hako_status *path_status)
{
	const hako_solver_options *o = &s->c.options;
	uint64_t interval = o->progress_interval;
	uint64_t slice_end = s->c.stats.expanded + nodes;
	if (slice_end < nodes)
		slice_end = UINT64_MAX;
	while (s->open.count > 0) {
		if (s->c.stats.expanded >= slice_end)
			return -1;
		heap_item item = heap_pop(&s->open);
		node *n = node_at(s, item.node);
		if (n->closed || item.key != priority(s, n))
			continue; /* a stale entry: the node was improved or expanded */
		if (n->h == 0) {
			*path_status = collect_path(s, item.node, out);
			return HAKO_SOLVED;
		}
		if (o->node_limit && s->c.stats.expanded >= o->node_limit)
			return HAKO_NODE_LIMIT;
		if (search_out_of_time(&s->c))
			return (int)s->c.clock.why;
		if (o->progress && s->c.stats.expanded % interval == 0 && s->c.stats.expanded > 0) {
			s->c.stats.seconds = search_now() - s->c.started;
			s->c.stats.peak_bytes = s->c.mem.peak;
			if (o->progress(o->progress_user, &s->c.stats))
				return HAKO_CANCELLED;
		}
		n->closed = 1;
		s->c.stats.expanded++;
		add_result grown = expand(s, item.node);
		if (grown == ADD_NOMEM)
			return HAKO_MEMOUT;
		if (grown == ADD_STOP)
			return (int)s->c.clock.why;
	}
	return HAKO_UNSOLVABLE;
}

/* ------------------------------------------------------------ the engine */

typedef struct astar_engine {
	search s;
	int ended;          /* -1 while searching, else the outcome */
	hako_status status; /* HAKO_OK, or why the solution has no path */
} astar_engine;

static void *astar_open(const board *b, const hako_solver_options *options, hako_status *status)
{
	astar_engine *e = malloc(sizeof *e);
	if (!e) {
		*status = HAKO_ERR_NOMEM;
		return NULL;
	}
	e->status = HAKO_OK;
	hako_status st = search_open(&e->s, b, options);
	/* Out of memory while setting up is a memout the first step reports,
	 * with the stats so far, as any other. */
	if (st == HAKO_OK)
		e->ended = push_root(&e->s);
	else if (e->s.c.clock.passed)
		e->ended = (int)e->s.c.clock.why; /* out of time while setting up */
	else if (st == HAKO_ERR_NOMEM)
		e->ended = HAKO_MEMOUT;
	else {
		search_close(&e->s);
		free(e);
		*status = st;
		return NULL;
	}
	*status = HAKO_OK;
	return e;
}

static void astar_stats(const void *self, hako_stats *out)
{
	search_context_stats(&((const astar_engine *)self)->s.c, out);
}

static int astar_step(void *self, uint64_t nodes, search_result *result)
{
	astar_engine *e = self;
	if (e->ended < 0) {
		memset(result, 0, sizeof *result);
		e->ended = run_slice(&e->s, nodes, result, &e->status);
		if (e->ended < 0)
			return 0;
		if (e->status != HAKO_OK) {
			/* No memory for the path: a solution nobody can use. */
			search_result_free(result);
			e->ended = HAKO_MEMOUT;
		}
	} else {
		memset(result, 0, sizeof *result);
	}
	result->outcome = (hako_outcome)e->ended;
	astar_stats(e, &result->stats);
	return 1;
}

static void astar_close(void *self)
{
	astar_engine *e = self;
	if (!e)
		return;
	search_close(&e->s);
	free(e);
}

const search_engine search_engine_astar = {"astar", astar_open, astar_step, astar_stats,
                                           astar_close};

hako_status search_astar(const board *b, const hako_solver_options *options, search_result *result)
{
	memset(result, 0, sizeof *result);
	hako_status st;
	astar_engine *e = astar_open(b, options, &st);
	if (!e) {
		if (st != HAKO_ERR_NOMEM)
			return st;
		result->outcome = HAKO_MEMOUT;
		return HAKO_OK;
	}
	while (!astar_step(e, UINT64_MAX, result))
		continue;
	st = e->status;
	astar_close(e);
	return st;
}
