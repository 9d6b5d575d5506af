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
#include <time.h>

#include "arena.h"
#include "bound.h"
#include "deadlock.h"
#include "heap.h"
#include "memory.h"
#include "pdb.h"
#include "reach.h"
#include "room.h"
#include "search.h"
#include "tt.h"
#include "tunnel.h"
#include "zobrist.h"

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
/* Pushes a corral search may spend per generated position (cached). */
#define CORRAL_BUDGET 1000
/* Pair states the pattern database may expand at level start. */
#define PDB_BUILD_STATES 4000000u

typedef struct search {
	const board *b;
	hako_optimality mode;
	memory mem;
	zobrist keys;
	tt table;
	heap open;
	bound lower;
	pdb patterns; /* ready == 0: the matching bound alone */
	/* The node being expanded: its boxes, and whether its matching is
	 * kept in `lower` for the children's incremental bounds (0 not yet,
	 * 1 kept, -1 infinite: children computed in full). */
	const uint16_t *parent_boxes;
	int parent_kept;
	uint16_t *row_boxes; /* parent_boxes with the moved box at its new square */
	reach here, child_reach;
	arena nodes;
	uint8_t *occupied;
	uint16_t *probe_boxes; /* the child being generated */
	uint16_t probe_player;
	deadlock_checker *deadlocks; /* NULL: simple dead squares only */
	deadlock_proof proof;
	uint8_t *allowed;    /* PI-corral: box squares whose pushes are needed */
	tunnel_info tunnels; /* go_on == NULL: no tunnel macros */
	room_info *rooms;    /* goal macros (fast mode only); NULL: none */
	hako_stats stats;
	double started;
	hako_solver_options options; /* a copy: the engine outlives the caller's */
} search;

double search_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static node *node_at(const search *s, uint32_t index)
{
	return arena_at(&s->nodes, index);
}

static uint16_t *node_boxes(node *n)
{
	return (uint16_t *)(void *)(n + 1);
}


static int same_position(void *user, uint32_t index)
{
	search *s = user;
	node *n = node_at(s, index);
	return n->player == s->probe_player &&
	       memcmp(node_boxes(n), s->probe_boxes, sizeof(uint16_t) * (size_t)s->b->box_count) ==
	           0;
}

static uint64_t key_of(void *user, uint32_t index)
{
	return node_at(user, index)->key;
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
	s->b = b;
	s->mode = o->optimal;
	s->mem.limit = o->memory_limit ? o->memory_limit : (size_t)1 << 30;
	s->started = search_now();
	arena_init(&s->nodes, &s->mem,
	           (sizeof(node) + sizeof(uint16_t) * (size_t)b->box_count + 7) & ~(size_t)7,
	           CHUNK_LOG2);
	heap_init(&s->open, &s->mem);
	/* The board and the per-search scratch count against the budget too. */
	if (!memory_charge(&s->mem, b->bytes + 2 * reach_bytes(b->square_count)))
		return HAKO_ERR_NOMEM;
	s->occupied = memory_calloc(&s->mem, (size_t)b->square_count + 1);
	s->probe_boxes = memory_alloc(&s->mem, sizeof(uint16_t) * ((size_t)b->box_count + 1));
	s->row_boxes = memory_alloc(&s->mem, sizeof(uint16_t) * ((size_t)b->box_count + 1));
	if (!s->occupied || !s->probe_boxes || !s->row_boxes)
		return HAKO_ERR_NOMEM;
	hako_status st = zobrist_init(&s->keys, b->square_count);
	if (st == HAKO_OK)
		st = reach_init(&s->here, b->square_count);
	if (st == HAKO_OK)
		st = reach_init(&s->child_reach, b->square_count);
	if (st == HAKO_OK)
		st = bound_init(&s->lower, &s->mem, b->box_count);
	if (st == HAKO_OK)
		st = tt_init(&s->table, &s->mem, 16);
	/* Tunnel macros keep push-optimality but not move-optimality. */
	if (st == HAKO_OK && search_macro_on(o, HAKO_MACRO_TUNNELS) &&
	    s->mode != HAKO_OPTIMAL_MOVES)
		st = tunnel_init(&s->tunnels, b, &s->mem);
	/* Goal macros may miss the shortest solution: the fast mode only. */
	if (st == HAKO_OK && search_macro_on(o, HAKO_MACRO_GOALS) &&
	    s->mode == HAKO_OPTIMAL_NONE) {
		s->rooms = room_macros_open(b, &s->mem, &st);
	}
	/* Pattern databases in the optimal modes, built within an eighth of
	 * the memory, a tenth of the time and a fixed count of states (so the
	 * search is the same every run). */
	if (st == HAKO_OK && o->pattern_databases && s->mode != HAKO_OPTIMAL_NONE) {
		pdb_budget budget = {s->mem.limit / 8, PDB_BUILD_STATES,
		                     o->time_limit > 0 ? o->time_limit / 10 : 0};
		st = pdb_build(&s->patterns, b, &s->mem, &budget);
	}
	if (st == HAKO_OK && o->deadlock_detection) {
		s->deadlocks = deadlock_checker_new(
		    b, &s->mem, DEADLOCK_USE_ALL | DEADLOCK_BIPARTITE_FROZEN_ONLY);
		s->proof.boxes =
		    memory_alloc(&s->mem, sizeof(uint16_t) * ((size_t)b->box_count + 1));
		s->allowed = memory_calloc(&s->mem, (size_t)b->square_count + 1);
		if (!s->deadlocks || !s->proof.boxes || !s->allowed)
			st = HAKO_ERR_NOMEM;
	}
	return st;
}

static void search_close(search *s)
{
	arena_free(&s->nodes);
	memory_free(&s->mem, s->occupied, (size_t)s->b->square_count + 1);
	memory_free(&s->mem, s->probe_boxes, sizeof(uint16_t) * ((size_t)s->b->box_count + 1));
	memory_free(&s->mem, s->row_boxes, sizeof(uint16_t) * ((size_t)s->b->box_count + 1));
	tt_free(&s->table);
	deadlock_checker_free(s->deadlocks);
	tunnel_free(&s->tunnels);
	room_free(s->rooms);
	pdb_free(&s->patterns);
	memory_free(&s->mem, s->proof.boxes, sizeof(uint16_t) * ((size_t)s->b->box_count + 1));
	memory_free(&s->mem, s->allowed, (size_t)s->b->square_count + 1);
	heap_free(&s->open);
	if (s->lower.cost)
		bound_free(&s->lower);
	reach_free(&s->here);
	reach_free(&s->child_reach);
	zobrist_free(&s->keys);
}

/* The bound of `boxes`: the matching, raised by the pattern databases
 * when they are on (`player`: the player's region, or NULL). */
static uint32_t lower_bound(search *s, const uint16_t *boxes, const reach *player)
{
	uint32_t h = bound_matching(&s->lower, s->b, boxes);
	if (s->patterns.ready)
		h = pdb_bound(&s->patterns, &s->lower, s->b, boxes, player, h);
	return h;
}

/* The bound of the child whose box `moved` (an index into parent_boxes)
 * went to `to`: the parent's matching is computed once per expansion and
 * updated for each child in O(n^2) (bound.c), the same value as in full. */
static uint32_t child_bound(search *s, int moved, unsigned to, const reach *player)
{
	const board *b = s->b;
	if (s->parent_kept == 0) {
		s->parent_kept = -1;
		if (bound_matching(&s->lower, b, s->parent_boxes) != BOUND_INFINITE) {
			bound_keep(&s->lower, b, s->parent_boxes);
			s->parent_kept = 1;
		}
	}
	if (s->parent_kept < 0)
		return lower_bound(s, s->probe_boxes, player);
	uint32_t h = bound_matching_moved(&s->lower, b, moved, to);
	if (s->patterns.ready && h != BOUND_INFINITE) {
		memcpy(s->row_boxes, s->parent_boxes, sizeof(uint16_t) * (size_t)b->box_count);
		s->row_boxes[moved] = (uint16_t)to;
		h = pdb_bound(&s->patterns, &s->lower, b, s->row_boxes, player, h);
	}
	return h;
}

typedef enum { ADD_OK, ADD_PRUNED, ADD_NOMEM } add_result;

/* The probe (s->probe_boxes, s->probe_player, with s->occupied showing
 * it) is a child of `parent` reached by pushing the box on `from` toward
 * `dir`, onto `to`. */
static add_result add_child(search *s, uint32_t parent_index, uint64_t key, uint32_t cost,
                            uint32_t tie, uint16_t from, unsigned dir, unsigned to, uint16_t length,
                            int moved)
{
	uint32_t found = tt_find(&s->table, key, same_position, s);
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
			s->stats.reopened++;
		}
		old->cost = cost;
		old->tie = tie;
		old->parent = parent_index;
		old->push_from = from;
		old->push_dir = (uint8_t)dir;
		old->push_length = length;
		return heap_push(&s->open, priority(s, old), found) == HAKO_OK ? ADD_OK : ADD_NOMEM;
	}
	if (s->tunnels.go_on && tunnel_parking_dead(&s->tunnels, s->b, s->occupied, to)) {
		s->stats.pruned++;
		return ADD_PRUNED;
	}
	if (s->deadlocks) {
		deadlock_position child = {s->b, s->occupied, s->probe_boxes, s->probe_player};
		/* The push modes flooded the child's player region already. */
		if (s->mode != HAKO_OPTIMAL_MOVES)
			deadlock_given_reach(s->deadlocks, &s->child_reach);
		deadlock_kind kind =
		    deadlock_check(s->deadlocks, &child, to, CORRAL_BUDGET, &s->proof);
		deadlock_given_reach(s->deadlocks, NULL);
		if (kind != DEADLOCK_NONE) {
			s->stats.pruned++;
			return ADD_PRUNED;
		}
	}
	/* The push modes flooded the child's region already; the move mode
	 * floods it only for the pattern databases. */
	if (s->mode == HAKO_OPTIMAL_MOVES && s->patterns.ready)
		reach_fill(&s->child_reach, s->b, s->occupied, s->probe_player);
	uint32_t h = child_bound(s, moved, to, &s->child_reach);
	if (h == BOUND_INFINITE) {
		s->stats.pruned++;
		return ADD_PRUNED;
	}
	uint32_t index = arena_new(&s->nodes);
	if (index == NODE_NONE)
		return ADD_NOMEM;
	node *n = node_at(s, index);
	n->key = key;
	n->parent = parent_index;
	n->cost = cost;
	n->tie = tie;
	n->h = h;
	n->player = s->probe_player;
	n->push_from = from;
	n->push_dir = (uint8_t)dir;
	n->push_length = length;
	n->closed = 0;
	memcpy(node_boxes(n), s->probe_boxes, sizeof(uint16_t) * (size_t)s->b->box_count);
	s->stats.generated++;
	if (tt_insert(&s->table, key, index, key_of, s) != HAKO_OK)
		return ADD_NOMEM;
	return heap_push(&s->open, priority(s, n), index) == HAKO_OK ? ADD_OK : ADD_NOMEM;
}

/* Generate every push of node `index`. */
static add_result expand(search *s, uint32_t index)
{
	const board *b = s->b;
	int count = b->box_count;
	node *n = node_at(s, index);
	uint16_t *boxes = node_boxes(n);
	uint32_t cost = n->cost, tie = n->tie;
	uint64_t box_key = n->key ^ s->keys.player[n->player];
	s->parent_boxes = boxes;
	s->parent_kept = 0;
	/* The exact square the player stands on: where the last push left it. */
	unsigned player = index == 0 ? b->start_player : n->push_from;
	for (int i = 0; i < count; i++)
		s->occupied[boxes[i]] = 1;
	reach_distances(&s->here, b, s->occupied, player);
	/* PI-corral pruning: when some corral can only be entered by pushing
	 * its boundary boxes inward, those pushes alone are generated (sound
	 * and push-optimal, see dead_corral.c); not in the move-optimal mode,
	 * where reordering pushes changes the walking. */
	int restricted = 0;
	if (s->deadlocks && s->mode != HAKO_OPTIMAL_MOVES) {
		deadlock_position here = {b, s->occupied, boxes, player};
		deadlock_given_reach(s->deadlocks, &s->here);
		restricted = deadlock_pi_corral(s->deadlocks, &here, s->allowed);
		deadlock_given_reach(s->deadlocks, NULL);
	}
	add_result result = ADD_OK;
	for (int i = 0; i < count && result != ADD_NOMEM; i++) {
		unsigned square = boxes[i];
		if (restricted && !s->allowed[square])
			continue;
		for (unsigned d = 0; d < 4; d++) {
			uint16_t behind = board_next(b, square, DIR_OPPOSITE(d));
			uint16_t to = board_next(b, square, d);
			if (behind == SQUARE_NONE || to == SQUARE_NONE || s->occupied[to] ||
			    b->dead[to] || !reach_has(&s->here, behind))
				continue;
			uint32_t walk = s->here.distance[behind];
			s->occupied[square] = 0;
			s->occupied[to] = 1;
			/* The tunnel macro pushes on while the box stays in a tunnel. */
			unsigned stand = square;
			uint16_t length =
			    (uint16_t)(1 + tunnel_push_on(&s->tunnels, b, s->occupied, d, &stand, &to));
			/* The goal macro takes a box on a room's entrance home. */
			uint32_t extra = 0;
			if (s->rooms)
				extra = (uint32_t)room_macro_play(s->rooms, b, s->occupied, &stand, &to);
			memcpy(s->probe_boxes, boxes, sizeof(uint16_t) * (size_t)count);
			board_move_box(s->probe_boxes, count, i, to);
			if (s->mode == HAKO_OPTIMAL_MOVES)
				s->probe_player = (uint16_t)stand;
			else
				s->probe_player =
				    reach_fill(&s->child_reach, b, s->occupied, stand);
			uint64_t key = box_key ^ s->keys.box[square] ^ s->keys.box[to] ^
			               s->keys.player[s->probe_player];
			uint32_t child_cost, child_tie;
			if (s->mode == HAKO_OPTIMAL_MOVES) {
				child_cost = cost + walk + length;
				child_tie = tie + length;
			} else {
				child_cost = cost + length + extra;
				child_tie = tie + walk + length + extra;
			}
			add_result r =
			    add_child(s, index, key, child_cost, child_tie, (uint16_t)square, d, to,
			              (uint16_t)(length | (extra ? GOAL_MACRO : 0u)), i);
			s->occupied[to] = 0;
			s->occupied[square] = 1;
			if (r == ADD_NOMEM) {
				result = ADD_NOMEM;
				break;
			}
		}
	}
	for (int i = 0; i < count; i++) {
		s->occupied[boxes[i]] = 0;
		if (restricted)
			s->allowed[boxes[i]] = 0;
	}
	return result;
}

/* Append one push to out and play it on s->occupied. */
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
	s->occupied[from] = 0;
	s->occupied[board_next(s->b, from, dir)] = 1;
	return 1;
}

/* The pushes from the root to `goal`, replayed forward so that goal macros
 * can be derived again from the positions they were found in. */
static hako_status collect_path(search *s, uint32_t goal, search_result *out)
{
	const board *b = s->b;
	size_t depth = 0, capacity = 0;
	for (uint32_t i = goal; i != 0; i = node_at(s, i)->parent)
		depth++;
	uint32_t *chain = malloc(sizeof(uint32_t) * (depth + 1));
	if (!chain)
		return HAKO_ERR_NOMEM;
	for (uint32_t i = goal, k = (uint32_t)depth; i != 0; i = node_at(s, i)->parent)
		chain[--k] = i;
	for (int i = 0; i < b->box_count; i++)
		s->occupied[b->start_boxes[i]] = 1;
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
			int count = room_macro(s->rooms, b, s->occupied, stand, from, s->rooms->macro,
			                       room_macro_capacity(s->rooms));
			for (int m = 0; m < count && st == HAKO_OK; m++)
				if (!record_push(s, out, &capacity, s->rooms->macro[m].from,
				                 s->rooms->macro[m].dir))
					st = HAKO_ERR_NOMEM;
		}
	}
	memset(s->occupied, 0, (size_t)b->square_count);
	free(chain);
	return st;
}

static int out_of_time(const search *s, const hako_solver_options *o)
{
	return o->time_limit > 0 && search_now() - s->started >= o->time_limit;
}

/* Put the start position on the open list; HAKO_SOLVED is never the
 * answer here (a solved start has h == 0 and is found by the first step).
 * Returns the outcome that ends the search at once, or -1 to go on. */
static int push_root(search *s)
{
	const board *b = s->b;
	memcpy(s->probe_boxes, b->start_boxes, sizeof(uint16_t) * (size_t)b->box_count);
	/* The board knows some levels unsolvable (a box the player cannot
	 * reach, boxes and goals not matched): the engine says so itself. */
	if (b->unsolvable)
		return HAKO_UNSOLVABLE;
	for (int i = 0; i < b->box_count; i++)
		s->occupied[b->start_boxes[i]] = 1;
	uint16_t normalized = reach_fill(&s->here, b, s->occupied, b->start_player);
	s->probe_player = s->mode == HAKO_OPTIMAL_MOVES ? b->start_player : normalized;
	for (int i = 0; i < b->box_count; i++)
		s->occupied[b->start_boxes[i]] = 0;
	uint32_t h = lower_bound(s, s->probe_boxes, &s->here);
	if (h == BOUND_INFINITE)
		return HAKO_UNSOLVABLE;
	uint32_t root = arena_new(&s->nodes);
	if (root == NODE_NONE)
		return HAKO_MEMOUT;
	node *n = node_at(s, root);
	memset(n, 0, sizeof *n);
	n->key =
	    zobrist_boxes(&s->keys, s->probe_boxes, b->box_count) ^ s->keys.player[s->probe_player];
	n->parent = NODE_NONE;
	n->h = h;
	n->player = s->probe_player;
	memcpy(node_boxes(n), s->probe_boxes, sizeof(uint16_t) * (size_t)b->box_count);
	if (tt_insert(&s->table, n->key, root, key_of, s) != HAKO_OK ||
	    heap_push(&s->open, priority(s, n), root) != HAKO_OK)
		return HAKO_MEMOUT;
	s->stats.generated = 1;
	return -1;
}

/* At most `nodes` expansions of the A* loop. The slice boundary sits
 * before a node is taken off the open list, so how the search is sliced
 * never changes what it does. Returns the outcome that ends the search,
 * or -1 when the slice is used up. *path_status is set when the solution's
 * path cannot be collected. */
static int run_slice(search *s, uint64_t nodes, search_result *out, hako_status *path_status)
{
	const hako_solver_options *o = &s->options;
	uint64_t interval = o->progress_interval ? o->progress_interval : 65536;
	uint64_t slice_end = s->stats.expanded + nodes;
	if (slice_end < nodes)
		slice_end = UINT64_MAX;
	while (s->open.count > 0) {
		if (s->stats.expanded >= slice_end)
			return -1;
		heap_item item = heap_pop(&s->open);
		node *n = node_at(s, item.node);
		if (n->closed || item.key != priority(s, n))
			continue; /* a stale entry: the node was improved or expanded */
		if (n->h == 0) {
			*path_status = collect_path(s, item.node, out);
			return HAKO_SOLVED;
		}
		if (o->node_limit && s->stats.expanded >= o->node_limit)
			return HAKO_NODE_LIMIT;
		if ((s->stats.expanded & 1023) == 0 && out_of_time(s, o))
			return HAKO_TIMEOUT;
		if (o->progress && s->stats.expanded % interval == 0 && s->stats.expanded > 0) {
			s->stats.seconds = search_now() - s->started;
			s->stats.peak_bytes = s->mem.peak;
			if (o->progress(o->progress_user, &s->stats))
				return HAKO_CANCELLED;
		}
		n->closed = 1;
		s->stats.expanded++;
		if (expand(s, item.node) == ADD_NOMEM)
			return HAKO_MEMOUT;
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
	e->s.options = *options;
	/* Out of memory while setting up is a memout the first step reports,
	 * with the stats so far, as any other. */
	if (st == HAKO_OK)
		e->ended = push_root(&e->s);
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
	const search *s = &((const astar_engine *)self)->s;
	*out = s->stats;
	out->seconds = search_now() - s->started;
	out->peak_bytes = s->mem.peak;
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

void search_result_free(search_result *result)
{
	free(result->pushes);
	result->pushes = NULL;
	result->push_count = 0;
}
