/* search_astar.c — A* over push-level states with a transposition table,
 * parent links and the matching lower bound.
 *
 * Push-optimal: a state is the boxes plus the player's normalized square
 * (the smallest square of the area it can walk to); every push costs one.
 * Move-optimal: the state keeps the exact player square (the square the
 * last push left it on), and a push costs the walk to it plus one. Both
 * compare (primary, secondary) costs lexicographically — (pushes, moves) or
 * (moves, pushes) — with the push bound as the admissible estimate of each
 * (the move-optimal mode adds to its primary a bound on the walks still
 * needed, the larger of the walk before the next push, see first_walk_near
 * and settle_moves, and the walking the boxes' trips need, see
 * bound_walk.c; and where the player's visits to the boxes that must
 * move need more moves than that sum, see bound_tour.c, it takes those
 * — with_tour; it does not expand a
 * position dominated by one of the same boxes, see dominated, and near
 * the memory budget stores only the children close to their parent's f,
 * see expand; after ENDGAME_AFTER nodes a child in the endgame table,
 * endgame.c, takes its exact distance and any other the table's depth + 1
 * at least, see endgame_pop).
 * The bound is admissible but not consistent: a box's distance is the
 * minimum over the sides the player may stand on, and one push can put the
 * player on a side from which the box is much farther than that minimum,
 * so the bound can drop by more than one per push. A closed node is
 * therefore reopened when a cheaper path to it is found, which keeps A*
 * optimal with an admissible bound. In the
 * push-optimal mode moves are only a tie-break (the state does not know
 * the exact player square), so fewest moves among push-optimal solutions
 * is preferred but not guaranteed.
 *
 * Symmetry reduction (the optimal modes, symmetry.c): on a level that is
 * its own mirror image or rotation, a position P and its image s(P) need
 * the same pushes and moves (s maps every solution of one onto a solution
 * of the other). The search then runs on the sets {P, s(P), ...}: a set is
 * stored once, as the image with the smallest key, and a path to any
 * image is a path to the set. This keeps optimality because every rule
 * that cuts the search here keeps, from every position it is applied to,
 * a solution as short as the best one (deadlock pruning cuts only dead
 * positions; PI-corral pruning and the tunnel and dead-end macros keep an
 * optimal continuation of any position, see their files), so the cost
 * still to pay is the same for every image; the bound is admissible on
 * each, and a cheaper path to a stored set reopens it as before. A push is
 * made in its parent's stored image; PUSH_IMAGE records the symmetry that
 * took its result to the child's stored image, and collect_path composes
 * their inverses from the root to replay the pushes in the real frame.
 * The fast mode does not use it (its goal macros are derived again from
 * the real positions). */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "bound_tour.h"
#include "bound_walk.h"
#include "endgame.h"
#include "heap.h"
#include "pdb.h"
#include "room.h"
#include "search_context.h"
#include "symmetry.h"

/* A node: 20 bytes and the boxes (records 4-byte aligned), the largest
 * table of the search. It keeps no Zobrist key (8 bytes): the key is
 * computed again from the boxes when the table grows or the node is
 * expanded, O(boxes) where the expansion costs far more. */
typedef struct node {
	uint32_t parent;
	uint32_t cost; /* primary cost so far: pushes, or moves */
	uint32_t tie;  /* secondary cost so far: moves, or pushes */
	/* lower bound on the pushes still needed (capped: still one); in
	 * the move-optimal mode bits 0-9 that bound and bits 10-15 a lower
	 * bound on the walks still needed (see bound_moves) */
	uint16_t h;
	uint16_t player;    /* normalized (push modes) or exact (move mode) */
	uint16_t push_from; /* the last push: box square before it */
	/* the last push: bits 0-7 the squares the box travelled in a
	 * straight line (tunnel macro; less than a board's side, 250; in
	 * the move-optimal mode, where it is one, 1 + the node's deferral,
	 * see push_length), 8 H_PENDING while the node has not been expanded
	 * yet and h is what it was made with (move mode, see settle_moves), 9-11
	 * the symmetry that took the position it gave to the stored one
	 * (symmetry.h; 0 the identity), 12-13 its direction, 14 closed, 15
	 * GOAL_MACRO when a goal macro then took it into its room (its pushes
	 * are derived again when the path is rebuilt: room_macro is a
	 * function of the position) */
	uint16_t push;
	/* followed by box_count uint16_t box squares, ascending */
} node;
static_assert(sizeof(node) == 20, "an A* node header is 20 bytes");

#define NODE_NONE ARENA_NONE
#define GOAL_MACRO 0x8000u
#define NODE_CLOSED 0x4000u
#define H_PENDING 0x0100u
#define PUSH_LENGTH(p) ((unsigned)(p)&0x00FFu)
#define PUSH_IMAGE(p) (((unsigned)(p) >> 9) & 7u)
#define PUSH_DIR(p) (((unsigned)(p) >> 12) & 3u)
#define H_MAX 0xFFFFu
/* Move-optimal: n->h is the pushes' bound (at most H_PUSHES_MAX) plus
 * the walks' (at most H_WALK_MAX) shifted by H_WALK_SHIFT: the larger of
 * the walk to the nearest push (first_walk_near, settle_moves) and the
 * walking the boxes' trips need (bound_walk.c; Microban 153 at the start:
 * 55 moves). */
#define H_WALK_SHIFT 10u
#define H_PUSHES_MAX 0x03FFu
#define H_WALK_MAX 0x003Fu
/* Move-optimal partial expansion (expand): children more than this above
 * their parent's f wait (Microban 145 with it from the start: 2 moves,
 * 354 MiB instead of 729 and 4.09 M nodes instead of 2.88 M; 4 moves,
 * 425 MiB and 3.58 M nodes); a deferral is at most PARTIAL_MAX. */
#ifndef PARTIAL_SLACK
#define PARTIAL_SLACK 2u
#endif
#define PARTIAL_MAX 254u
/* ... once the memory in use passes this many quarters of the budget. */
#ifndef PARTIAL_AFTER
#define PARTIAL_AFTER 3u
#endif
/* Move-optimal: the tour bound (bound_tour.c) is kept for the whole
 * search when it raised the bound on at least one in TOUR_KEEP of its
 * first TOUR_SAMPLE evaluations (Microban 146: 70%, 145: 20%, 93: 8%,
 * most levels none). It is 29% of 146's profile: where it raises seldom
 * it costs more time than its nodes save (145 with it: 15% fewer nodes,
 * 9% more time; BENCH.md). */
#define TOUR_SAMPLE 20000u
#define TOUR_KEEP 4u
/* Move-optimal: the endgame table (endgame.c) is built once this many
 * nodes have not solved the level (most levels never pay for it), within
 * a quarter of the memory (ENDGAME_SHARE) and at most ENDGAME_STATES
 * positions (a count, not a time: the search is the same every run). A
 * quarter against an eighth (1 GiB: 4.6M positions against 2.3M): Microban
 * 144 18.2 s instead of 31.7, 93 9.8 instead of 12.0, 146 5.8 instead of
 * 8.3; a half made 145 and 146 slower (the table's own cost) and the
 * peaks larger (BENCH.md). */
#define ENDGAME_AFTER 100000u
#define ENDGAME_SHARE 4u
#define ENDGAME_STATES 8000000u
#define CHUNK_LOG2 14u
/* Push-optimal: expanded nodes after which ties of f go to the smaller
 * bound before the fewer moves (see priority). */
#define DEEPEST_FIRST_AFTER 100000u
/* Pair states the pattern database may expand at level start. */
#define PDB_BUILD_STATES 4000000u
/* Push-optimal: the zone tables (pdb_zone.h) are built, and the search
 * started again with them, once this many nodes have not solved the
 * level: most levels are solved sooner, and never pay for the tables.
 * Not in the move-optimal mode: there the pushes bound is not what holds
 * the search back (Microban 93: 28.6 M nodes in 600 s with them, 28.7 M
 * without), and the lookups at every expansion made 145 time out at 60 s
 * (44 s without; BENCH.md). */
#define ZONES_AFTER 50000u
/* The zone tables are first built to this many pushes (the entries
 * beyond read as one more), tried on the open list's nodes, and finished
 * only when they are kept. */
#define ZONE_PROBE_DEPTH 24u
/* Open nodes the zone tables are tried on before they are kept. */
#define ZONE_SAMPLE 2000u
/* Zone states the tables may expand, all of them together. */
#define ZONE_BUILD_STATES 40000000u

typedef struct search {
	search_context c;
	search_store store;
	hako_optimality mode;
	heap open;
	pdb patterns;     /* ready == 0: the matching bound alone */
	walk_bound walks; /* move-optimal: the walking still needed */
	tour_bound tour;  /* move-optimal: the moves the visits to the boxes need */
	endgame ending;   /* move-optimal: the positions near solved (not ready: none) */
	int ending_tried;
	uint64_t probe_key; /* the probe's key in its own frame (before stored_image) */
	/* How often the tour bound was taken and raised the bound; off for
	 * the rest of the search when it raised too few (with_tour). */
	uint32_t tour_tried, tour_raised;
	int tour_off;
	/* The node being expanded: its boxes, and whether its matching is
	 * kept in c.lower for the children's incremental bounds (0 not yet,
	 * 1 kept, -1 infinite or cut short: children computed in full;
	 * search_child_matching). */
	const uint16_t *parent_boxes;
	int parent_kept;
	uint16_t *row_boxes; /* parent_boxes with the moved box at its new square */
	int deepest_first;   /* push-optimal, after DEEPEST_FIRST_AFTER nodes */
	/* Symmetry reduction (optimal modes, a symmetric level): a position
	 * is stored as its image with the smallest key among its images, and
	 * found as such. The stored position of a node is that image; the
	 * push that reached it was made in its parent's stored position, and
	 * PUSH_IMAGE says which symmetry took the result to the stored one
	 * (collect_path undoes them). count 1: off. */
	symmetry sym;
	uint64_t sym_parent_key[SYMMETRY_MAX]; /* the expanded node's boxes' key under each */
	uint16_t *sym_boxes;                   /* the probe's stored image, when not itself */
	const uint16_t *key_boxes;             /* the probe as stored: probe_boxes or sym_boxes
	                                        * (packed positions: key_packed says it) */
	uint16_t key_player;
	unsigned key_image; /* the symmetry from the probe to key_boxes */
	int image_made;     /* same_as_chosen made key_boxes (or key_packed) */
	/* Move-optimal partial expansion (expand): a new child whose f is
	 * above defer_above is not stored; defer_next is the least such f. */
	uint32_t defer_above, defer_next;
	/* A goal macro was played (the fast mode): the search is no longer
	 * exhaustive, so running out of nodes proves nothing (room_macro.c). */
	int goal_macro_played;
	int zones_tried; /* the zone tables were built (or tried) at ZONES_AFTER */
	/* Packed positions: where a bitmap of the board's squares (a 64-bit
	 * word for every 64) is smaller than the box list (2 bytes a box), a
	 * node keeps its boxes as that bitmap (Microban 146: 8 bytes for 16
	 * boxes instead of 32). pack_words 0: the list. The bitmap of the
	 * probe as stored (key_boxes) is key_packed; expand_boxes and
	 * rehash_boxes are the lists decoded for an expansion (alive through
	 * it) and for the table's rehash (which runs inside one). */
	int pack_words;
	uint64_t *key_packed;
	uint16_t *expand_boxes, *rehash_boxes;
} search;

static node *node_at(const search *s, uint32_t index)
{
	return search_node_at(&s->store, index);
}

/* ---- packed positions -------------------------------------------------- */

/* The bitmap of `boxes` (s->pack_words words), each square taken through
 * `map` (a symmetry's; NULL: as it is). A bitmap needs no sorted list. */
static void pack_boxes(const search *s, const uint16_t *boxes, const uint16_t *map, uint64_t *out)
{
	memset(out, 0, sizeof(uint64_t) * (size_t)s->pack_words);
	for (int i = 0; i < s->c.b->box_count; i++) {
		unsigned square = map ? map[boxes[i]] : boxes[i];
		out[square / 64] |= (uint64_t)1 << (square % 64);
	}
}

/* The boxes of node n, ascending: its own list, or its bitmap decoded into
 * `out` (box_count squares). */
static const uint16_t *node_boxes(const search *s, const node *n, uint16_t *out)
{
	const unsigned char *stored = (const unsigned char *)n + s->store.header;
	if (!s->pack_words)
		return (const uint16_t *)(const void *)stored;
	int k = 0;
	for (int w = 0; w < s->pack_words; w++) {
		uint64_t bits;
		memcpy(&bits, stored + 8 * (size_t)w, sizeof bits); /* 4-byte aligned */
		for (; bits; bits &= bits - 1)
			out[k++] = (uint16_t)(64 * (unsigned)w + bits_lowest(bits));
	}
	assert(k == s->c.b->box_count);
	return out;
}

/* The Zobrist key of a stored node (boxes and player), for the table's
 * rehash (user: the store, inside the search). */
static uint64_t stored_key(void *user, uint32_t index)
{
	search_store *store = user;
	const search *s = (const search *)(const void *)((char *)store - offsetof(search, store));
	const search_context *c = store->c;
	node *n = search_node_at(store, index);
	return zobrist_boxes(&c->keys, node_boxes(s, n, s->rehash_boxes), c->b->box_count) ^
	       c->keys.player[n->player];
}

static int node_closed(const node *n)
{
	return (n->push & NODE_CLOSED) != 0;
}

/* Move-optimal partial expansion (see expand): a box travels one square a
 * push in this mode, so bits 0-7 of n->push hold 1 plus the node's
 * deferral, what its f was raised by to the least f of the children it
 * did not store. push_length is the box's travel in every mode. */
static unsigned push_length(const search *s, const node *n)
{
	unsigned length = PUSH_LENGTH(n->push);
	return s->mode == HAKO_OPTIMAL_MOVES && length > 1 ? 1 : length;
}

static unsigned deferral(const search *s, const node *n)
{
	unsigned length = PUSH_LENGTH(n->push);
	return s->mode == HAKO_OPTIMAL_MOVES && length > 1 ? length - 1 : 0;
}

/* Move-optimal: the bound on the moves still needed that a node's h
 * holds (the pushes' bound plus the walks'). */
static uint32_t bound_moves(uint16_t h)
{
	return (h & H_PUSHES_MAX) + (h >> H_WALK_SHIFT);
}

/* Move-optimal: n's f with a deferral of `deferred`. */
static uint32_t moves_f(const node *n, unsigned deferred)
{
	return n->cost + bound_moves(n->h) + deferred;
}

/* The push that reached n: travelled `length` squares toward `dir`
 * (GOAL_MACRO may be set in length), then taken to n's stored position by
 * symmetry `image`; n stays open. */
static void set_push(node *n, uint16_t from, unsigned dir, uint16_t length, unsigned image)
{
	assert(PUSH_LENGTH(length) == (length & ~GOAL_MACRO));
	assert(image < SYMMETRY_MAX);
	n->push_from = from;
	n->push = (uint16_t)((n->push & H_PENDING) | (length & GOAL_MACRO) | PUSH_LENGTH(length) |
	                     image << 9 | (dir & 3u) << 12);
}

static uint64_t clamp_bits(uint64_t value, unsigned bits)
{
	uint64_t top = ((uint64_t)1 << bits) - 1;
	return value < top ? value : top;
}

/* The open list's order: f of the primary cost, then f of the secondary,
 * then the smaller bound (deeper nodes first). Greedier in the fast mode.
 * A push-optimal search that has expanded DEEPEST_FIRST_AFTER nodes puts
 * the smaller bound before the secondary f: within the last layer of f
 * (often the largest) the deepest nodes reach a goal first (Microban 153:
 * 2,653,327 -> 1,502,878 nodes), while the small levels keep preferring
 * fewer moves (deepest first from the start costs 11% more moves on
 * Microban). Ties of f may go either way without losing optimality: a
 * goal is only taken at the smallest f on the open list. */
static uint64_t priority(const search *s, const node *n)
{
	uint32_t pushes = n->h, primary = n->h;
	if (s->mode == HAKO_OPTIMAL_MOVES) {
		pushes = n->h & H_PUSHES_MAX;
		primary = bound_moves(n->h) + deferral(s, n);
	}
	uint64_t f1, f2 = (uint64_t)n->tie + pushes;
	/* A node that stands for children it did not store (its deferral)
	 * has the least secondary f it can: a child's is larger. */
	if (s->mode == HAKO_OPTIMAL_MOVES && deferral(s, n))
		f2 = n->tie;
	if (s->mode == HAKO_OPTIMAL_NONE)
		f1 = (uint64_t)n->cost + 3 * (uint64_t)primary;
	else
		f1 = (uint64_t)n->cost + primary;
	if (s->deepest_first)
		return clamp_bits(f1, 20) << 44 | clamp_bits(primary, 20) << 24 |
		       clamp_bits(f2, 24);
	return clamp_bits(f1, 20) << 44 | clamp_bits(f2, 24) << 20 | clamp_bits(primary, 20);
}

/* The value of n->h for a pushes' bound `pushes` (and, move-optimal, a
 * walks' `walk`): capped, as a smaller bound is still a bound. */
static uint16_t stored_bound(const search *s, uint32_t pushes, uint32_t walk)
{
	if (s->mode != HAKO_OPTIMAL_MOVES)
		return (uint16_t)(pushes < H_MAX ? pushes : H_MAX);
	pushes = pushes < H_PUSHES_MAX ? pushes : H_PUSHES_MAX;
	walk = walk < H_WALK_MAX ? walk : H_WALK_MAX;
	if (pushes == 0) /* solved: no walk either (h == 0 is the goal test) */
		walk = 0;
	return (uint16_t)(pushes | walk << H_WALK_SHIFT);
}

/* The node store: each node's boxes as a list, or as a bitmap where that
 * is smaller (s->pack_words). */
static hako_status open_store(search *s)
{
	const board *b = s->c.b;
	size_t list_bytes = sizeof(uint16_t) * (size_t)b->box_count;
	size_t packed = sizeof(uint64_t) * (size_t)s->pack_words;
	hako_status st =
	    search_store_init_sized(&s->store, &s->c, sizeof(node), offsetof(node, player),
	                            s->pack_words ? packed : list_bytes, CHUNK_LOG2, 16);
	s->store.key_of = stored_key;
	s->store.table.dense = 1; /* every node is inserted as it is made */
	return st;
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
	/* The corral escape search cuts Microban's push-optimal nodes by 6.6%
	 * and adds 17% to its time (BENCH.md): not in the optimal modes. */
	if (s->mode != HAKO_OPTIMAL_NONE)
		use |= SEARCH_NO_CORRAL_ESCAPE;
	hako_status st = search_context_init(&s->c, b, o, use);
	heap_init(&s->open, &s->c.mem);
	/* Positions packed where the bitmap is smaller (see search). */
	size_t list_bytes = sizeof(uint16_t) * (size_t)b->box_count;
	int words = (b->square_count + 63) / 64;
	if (sizeof(uint64_t) * (size_t)words < list_bytes)
		s->pack_words = words;
	if (st == HAKO_OK)
		st = open_store(s);
	if (st == HAKO_OK) {
		size_t list = sizeof(uint16_t) * ((size_t)b->box_count + 1);
		s->key_packed = memory_alloc(&s->c.mem, sizeof(uint64_t) * ((size_t)words + 1));
		s->expand_boxes = memory_alloc(&s->c.mem, list);
		s->rehash_boxes = memory_alloc(&s->c.mem, list);
		if (!s->key_packed || !s->expand_boxes || !s->rehash_boxes)
			st = HAKO_ERR_NOMEM;
	}
	if (st == HAKO_OK) {
		s->row_boxes =
		    memory_alloc(&s->c.mem, sizeof(uint16_t) * ((size_t)b->box_count + 1));
		if (!s->row_boxes)
			st = HAKO_ERR_NOMEM;
	}
	/* Pattern databases in the optimal modes, built within an eighth of
	 * the memory, a tenth of the time and a fixed count of states (so the
	 * search is the same every run). */
	if (st == HAKO_OK && s->c.options.pattern_databases && s->mode != HAKO_OPTIMAL_NONE) {
		const hako_solver_options *no = &s->c.options;
		pdb_budget budget = {s->c.mem.limit / 8, PDB_BUILD_STATES,
		                     no->time_limit > 0 ? no->time_limit / 10 : 0, NULL};
		st = pdb_build(&s->patterns, b, &s->c.mem, &budget);
	}
	if (st == HAKO_OK && s->mode == HAKO_OPTIMAL_MOVES)
		st = walk_bound_init(&s->walks, b, &s->c.mem);
	if (st == HAKO_OK && s->mode == HAKO_OPTIMAL_MOVES)
		st = tour_bound_init(&s->tour, b, &s->c.mem);
	/* Symmetry reduction in the optimal modes only: the fast mode's goal
	 * macros are derived again from the real positions when the path is
	 * rebuilt, and it has no optimality to keep. */
	s->sym.count = 1;
	if (st == HAKO_OK && s->c.options.symmetry && s->mode != HAKO_OPTIMAL_NONE) {
		st = symmetry_init(&s->sym, b, &s->c.mem);
		s->sym_boxes =
		    memory_alloc(&s->c.mem, sizeof(uint16_t) * ((size_t)b->box_count + 1));
		if (st == HAKO_OK && !s->sym_boxes)
			st = HAKO_ERR_NOMEM;
	}
	return st;
}

static void search_close(search *s)
{
	pdb_free(&s->patterns);
	if (s->sym.mem)
		symmetry_free(&s->sym);
	if (s->sym_boxes)
		memory_free(&s->c.mem, s->sym_boxes,
		            sizeof(uint16_t) * ((size_t)s->c.b->box_count + 1));
	if (s->row_boxes)
		memory_free(&s->c.mem, s->row_boxes,
		            sizeof(uint16_t) * ((size_t)s->c.b->box_count + 1));
	if (s->key_packed)
		memory_free(&s->c.mem, s->key_packed,
		            sizeof(uint64_t) * ((size_t)(s->c.b->square_count + 63) / 64 + 1));
	if (s->expand_boxes)
		memory_free(&s->c.mem, s->expand_boxes,
		            sizeof(uint16_t) * ((size_t)s->c.b->box_count + 1));
	if (s->rehash_boxes)
		memory_free(&s->c.mem, s->rehash_boxes,
		            sizeof(uint16_t) * ((size_t)s->c.b->box_count + 1));
	if (s->walks.mem)
		walk_bound_free(&s->walks);
	if (s->tour.mem)
		tour_bound_free(&s->tour);
	if (s->ending.mem)
		endgame_free(&s->ending);
	search_store_free(&s->store);
	heap_free(&s->open);
	search_context_free(&s->c);
}

/* The bound of `boxes`: the matching, raised by the pattern databases
 * when they are on (`player`: the player's region, or NULL). */
static uint32_t lower_bound(search *s, const uint16_t *boxes, const reach *player)
{
	uint32_t h = bound_matching(&s->c.lower, s->c.b, boxes);
	if (s->patterns.ready || s->patterns.zones.ready)
		h = pdb_bound(&s->patterns, &s->c.lower, s->c.b, boxes, player, h, 0);
	return h;
}

/* The bound of the child whose box `moved` (an index into parent_boxes)
 * went to `to`: the matching from the parent's (search_child_matching),
 * raised by the pattern databases when they are on. A kept matching lists
 * the boxes in the parent's order, the moved one at its new square. */
static uint32_t child_bound(search *s, int moved, unsigned to, const reach *player, uint32_t floor)
{
	const board *b = s->c.b;
	uint32_t h = search_child_matching(&s->c, b, s->parent_boxes, &s->parent_kept, moved, to);
	if ((!s->patterns.ready && !s->patterns.zones.ready) ||
	    h >= BOUND_STOPPED) /* BOUND_INFINITE too */
		return h;
	const uint16_t *boxes = s->c.probe_boxes;
	if (s->parent_kept > 0) {
		memcpy(s->row_boxes, s->parent_boxes, sizeof(uint16_t) * (size_t)b->box_count);
		s->row_boxes[moved] = (uint16_t)to;
		boxes = s->row_boxes;
	}
	return pdb_bound(&s->patterns, &s->c.lower, b, boxes, player, h, floor);
}

/* ---- symmetry reduction (symmetry.h) ---------------------------------- */

/* The tt callback (user: the search): is stored node `index` the probe as
 * it is stored (key_boxes, key_player)? */
static int same_as_stored(void *user, uint32_t index)
{
	search *s = user;
	node *n = node_at(s, index);
	if (n->player != s->key_player)
		return 0;
	if (s->pack_words)
		return memcmp(search_node_boxes(&s->store, n), s->key_packed,
		              sizeof(uint64_t) * (size_t)s->pack_words) == 0;
	return memcmp(search_node_boxes(&s->store, n), s->key_boxes,
	              sizeof(uint16_t) * (size_t)s->c.b->box_count) == 0;
}

/* Write the probe, as stored_image chose to store it, into node n. */
static void store_position(search *s, node *n)
{
	n->player = s->key_player;
	if (s->pack_words)
		memcpy(search_node_boxes(&s->store, n), s->key_packed,
		       sizeof(uint64_t) * (size_t)s->pack_words);
	else
		memcpy(search_node_boxes(&s->store, n), s->key_boxes,
		       sizeof(uint16_t) * (size_t)s->c.b->box_count);
}

/* The key of the boxes of the node being expanded under each symmetry. */
static void symmetry_parent_keys(search *s, const uint16_t *boxes)
{
	for (int k = 1; k < s->sym.count; k++) {
		uint64_t key = 0;
		for (int i = 0; i < s->c.b->box_count; i++)
			key ^= s->c.keys.box[s->sym.map[k][boxes[i]]];
		s->sym_parent_key[k] = key;
	}
}

/* How the probe is stored: as its image with the smallest key (`key` is
 * the probe's own, the identity's). Sets key_boxes, key_player and
 * key_image, and returns the stored image's key. The probe is the
 * expanded node's boxes (symmetry_parent_keys) with the box on `from`
 * moved to `to`; `region` is its player's region in the push modes (the
 * normalized player of an image is the smallest image of a square of the
 * region), NULL in the move mode (the exact square's image). Every image
 * of a position has the same images, so each is stored as the same one
 * (up to a key collision inside one set, which costs a duplicate, never a
 * wrong merge: the positions themselves are compared). */
static uint64_t choose_image(search *s, uint64_t key, unsigned from, unsigned to,
                             const reach *region);
/* ... and, when positions are packed, key_packed: the bitmap of the
 * stored image (made from the probe's squares through the symmetry, with
 * no sorted list of the image). */
static uint64_t stored_image(search *s, uint64_t key, unsigned from, unsigned to,
                             const reach *region)
{
	uint64_t stored = choose_image(s, key, from, to, region);
	if (s->pack_words)
		pack_boxes(s, s->c.probe_boxes, s->key_image ? s->sym.map[s->key_image] : NULL,
		           s->key_packed);
	return stored;
}

static uint64_t image_key(search *s, uint64_t key, unsigned from, unsigned to, const reach *region);
static void image_boxes(search *s);
static uint64_t choose_image(search *s, uint64_t key, unsigned from, unsigned to,
                             const reach *region)
{
	uint64_t stored = image_key(s, key, from, to, region);
	image_boxes(s);
	return stored;
}

/* choose_image's key, key_player and key_image, without the image's box
 * list (image_boxes makes it). */
static uint64_t image_key(search *s, uint64_t key, unsigned from, unsigned to, const reach *region)
{
	s->key_boxes = s->c.probe_boxes;
	s->key_player = s->c.probe_player;
	s->key_image = 0;
	int count = s->sym.count;
	if (count < 2)
		return key;
	uint16_t player[SYMMETRY_MAX];
	for (int k = 1; k < count; k++)
		player[k] = region ? UINT16_MAX : s->sym.map[k][s->c.probe_player];
	for (int i = 0; region && i < region->count; i++)
		for (int k = 1; k < count; k++) {
			uint16_t image = s->sym.map[k][region->queue[i]];
			if (image < player[k])
				player[k] = image;
		}
	uint64_t best = key;
	for (int k = 1; k < count; k++) {
		const uint16_t *map = s->sym.map[k];
		uint64_t image = s->sym_parent_key[k] ^ s->c.keys.box[map[from]] ^
		                 s->c.keys.box[map[to]] ^ s->c.keys.player[player[k]];
		if (image < best) {
			best = image;
			s->key_image = (unsigned)k;
		}
	}
	if (s->key_image)
		s->key_player = player[s->key_image];
	return best;
}

/* The sorted box list of the image image_key chose, when it is not the
 * probe itself (packed positions take the image's bitmap instead, in
 * stored_image). */
static void image_boxes(search *s)
{
	if (s->key_image && !s->pack_words) {
		symmetry_boxes(&s->sym, (int)s->key_image, s->c.probe_boxes, s->c.b->box_count,
		               s->sym_boxes);
		s->key_boxes = s->sym_boxes;
	}
}

/* The tt callback of a lookup whose image's boxes are made only when a
 * slot's check matches (image_key chose it; most lookups of dominated
 * find nothing). */
static int same_as_chosen(void *user, uint32_t index)
{
	search *s = user;
	if (!s->image_made) {
		image_boxes(s);
		if (s->pack_words)
			pack_boxes(s, s->c.probe_boxes,
			           s->key_image ? s->sym.map[s->key_image] : NULL, s->key_packed);
		s->image_made = 1;
	}
	return same_as_stored(s, index);
}

/* The free squares one and two moves from `player` (boxes on
 * s->c.occupied), those one away first, each once, into near[] with its
 * walk (at most 4 + 12 of them). Returns how many. */
static int squares_near(const search *s, unsigned player, uint16_t near[16], uint8_t walk[16])
{
	const board *b = s->c.b;
	int count = 0;
	for (unsigned d = 0; d < 4; d++) {
		unsigned one = board_next(b, player, d);
		if (one == SQUARE_NONE || s->c.occupied[one])
			continue;
		near[count] = (uint16_t)one;
		walk[count++] = 1;
	}
	int first = count;
	for (int i = 0; i < first; i++)
		for (unsigned d = 0; d < 4; d++) {
			unsigned two = board_next(b, near[i], d);
			if (two == SQUARE_NONE || s->c.occupied[two] || two == player)
				continue;
			int seen = 0;
			for (int k = 0; k < count && !seen; k++)
				seen = near[k] == two;
			if (!seen && count < 16) {
				near[count] = (uint16_t)two;
				walk[count++] = 2;
			}
		}
	return count;
}

/* Move-optimal dominance. The player's exact square is part of a
 * state, so the same boxes are stored with the player on several squares
 * of one area (the orders of two pushes, a box brought to a square from
 * two sides). A node n (boxes B, the player on p, reached for cost g) is
 * dominated by a stored node m with the same boxes and the player on q,
 * reached for g', when g' + walk(q, p) <= g (and, when equal, with no
 * more pushes than n: the secondary cost, which a walk does not add to):
 * from m the player can walk to p, which is n for no more than g. n is
 * not expanded; the search stays move-optimal (and fewest pushes among
 * those), as every solution through n has one through m at most as
 * long: m is open (expanded in time, its f no larger than n's),
 * or was expanded (every child of n was then made from m, each at most as
 * dear, or cut as dead from m as from n), or was itself dominated by a
 * node cheaper still (costs fall strictly along such a chain, a walk
 * being one move or more, so it ends at one of the first two). A dead m
 * (cost 0) has n's boxes and area, so n is dead too. Only the squares
 * one or two moves from p are looked at, and of them those beside a box
 * (where a push leaves the player), before the area is flooded: on
 * Microban 145 every square of the area beside a box cut 4.31 M nodes to
 * 2.62 M with 88.6 M lookups, these 2.84 M with 28.6 M, and took less
 * time. A child is not looked at when it is made: its dominator is seldom
 * made yet (145: 3% fewer nodes kept, 8% more time). (Position dominance,
 * after Junghanns and Schaeffer, here between player squares.) The boxes
 * are on s->c.occupied. */
static int dominated(search *s, uint32_t cost, uint32_t tie, const uint16_t *boxes,
                     uint64_t box_key, unsigned player)
{
	const board *b = s->c.b;
	const uint8_t *occupied = s->c.occupied;
	uint16_t near[16];
	uint8_t walk[16];
	int count = squares_near(s, player, near, walk);
	/* Beside a box, and not dearer than n itself. */
	int kept = 0;
	for (int i = 0; i < count; i++) {
		int beside = 0;
		for (unsigned d = 0; d < 4 && !beside; d++) {
			unsigned next = board_next(b, near[i], d);
			beside = next != SQUARE_NONE && occupied[next];
		}
		if (beside && walk[i] <= cost) {
			near[kept] = near[i];
			walk[kept++] = walk[i];
		}
	}
	if (!kept)
		return 0;
	memcpy(s->c.probe_boxes, boxes, sizeof(uint16_t) * (size_t)b->box_count);
	/* Every slot asked for first, so that their cache misses overlap
	 * (the key of a position whose boxes did not move: from == to); the
	 * image each key chose is kept for its lookup. */
	uint64_t keys[16];
	uint16_t players[16];
	uint8_t images[16];
	for (int i = 0; i < kept; i++) {
		s->c.probe_player = near[i];
		keys[i] = image_key(s, box_key ^ s->c.keys.player[near[i]], 0, 0, NULL);
		players[i] = s->key_player;
		images[i] = (uint8_t)s->key_image;
		tt_prefetch(&s->store.table, keys[i]);
	}
	for (int i = 0; i < kept; i++) {
		s->key_boxes = s->c.probe_boxes;
		s->key_player = players[i];
		s->key_image = images[i];
		s->image_made = 0;
		uint32_t found = tt_find(&s->store.table, keys[i], same_as_chosen, s);
		if (found == TT_EMPTY)
			continue;
		const node *m = node_at(s, found);
		if (m->cost + walk[i] < cost || (m->cost + walk[i] == cost && m->tie <= tie))
			return 1;
	}
	return 0;
}

/* Move-optimal: a lower bound on the walk before the next push from a
 * position with the player on `player` (the boxes on s->c.occupied): the
 * exact walk to the nearest square a push can be made from when one is
 * two moves away or less, else 3. A push is the one movegen makes (into a
 * free square that is not dead), so settle_moves's walk, over every push,
 * is never smaller; a child made with it is put back on the open list
 * less often when it is expanded. */
static int push_from_here(const search *s, unsigned square)
{
	const board *b = s->c.b;
	for (unsigned d = 0; d < 4; d++) {
		unsigned box = board_next(b, square, d);
		if (box == SQUARE_NONE || !s->c.occupied[box])
			continue;
		unsigned to = board_next(b, box, d);
		if (to != SQUARE_NONE && !s->c.occupied[to] && !b->dead[to])
			return 1;
	}
	return 0;
}

static unsigned first_walk_near(const search *s, unsigned player)
{
	if (push_from_here(s, player))
		return 0;
	uint16_t near[16];
	uint8_t walk[16];
	int count = squares_near(s, player, near, walk);
	for (int i = 0; i < count; i++) /* nearest first */
		if (push_from_here(s, near[i]))
			return walk[i];
	return 3;
}

/* Move-optimal: the walks' part of a bound whose pushes' part is
 * `pushes` and walks' part `walk`, raised where the bound on all the
 * moves from the player's visits to the boxes (bound_tour.c) is larger
 * than the two together: the larger of two lower bounds on the moves. */
static uint32_t with_tour(search *s, uint32_t pushes, uint32_t walk, const uint16_t *boxes,
                          unsigned player)
{
	if (s->tour_off)
		return walk;
	uint32_t tour = tour_bound_value(&s->tour, s->c.b, boxes, player);
	int raised = tour > pushes + walk;
	s->tour_raised += (uint32_t)raised;
	if (++s->tour_tried == TOUR_SAMPLE && s->tour_raised * TOUR_KEEP < TOUR_SAMPLE)
		s->tour_off = 1;
	return raised ? tour - pushes : walk;
}

/* Move-optimal with the endgame table: a position not in it needs more
 * than its depth (endgame.c; build_endgame caps the depth at H_WALK_MAX),
 * so the walks' part of a bound whose pushes' part is `pushes` is raised
 * to make the moves' bound depth + 1 at least. */
static uint32_t beyond_table(const search *s, uint32_t pushes, uint32_t walk)
{
	if (!s->ending.ready)
		return walk;
	uint32_t least = s->ending.depth + 1;
	return pushes + walk < least ? least - pushes : walk;
}

/* ADD_LATER (expand only): the node's settled bound was larger, and it is
 * back on the open list at its new f instead of being expanded. */
typedef enum { ADD_OK, ADD_PRUNED, ADD_NOMEM, ADD_STOP, ADD_LATER } add_result;

/* The probe (s->c.probe_boxes, s->c.probe_player, with s->c.occupied showing
 * it) is a child of `parent` reached by pushing the box on `from` toward
 * `dir`, onto `to`; it is stored as stored_image chose (`key` its key). */
static add_result add_child(search *s, uint32_t parent_index, uint64_t key, uint32_t cost,
                            uint32_t tie, uint16_t from, unsigned dir, unsigned to, uint16_t length,
                            int moved)
{
	uint32_t found = tt_find(&s->store.table, key, same_as_stored, s);
	if (found != TT_EMPTY) {
		node *old = node_at(s, found);
		if (old->cost < cost || (old->cost == cost && old->tie <= tie))
			return ADD_PRUNED;
		/* A closed node is reopened when a cheaper path reaches it (the
		 * side-aware bound is admissible but not consistent, see above);
		 * in the push modes only for fewer pushes, as moves there are
		 * only a tie-break of an inexact state. */
		if (node_closed(old)) {
			if (s->mode != HAKO_OPTIMAL_MOVES && old->cost == cost)
				return ADD_PRUNED;
			s->c.stats.reopened++;
		}
		old->cost = cost;
		old->tie = tie;
		old->parent = parent_index;
		set_push(old, from, dir, length, s->key_image); /* open again */
		return heap_push(&s->open, priority(s, old), found) == HAKO_OK ? ADD_OK : ADD_NOMEM;
	}
	if (s->c.tunnels.go_on && tunnel_parking_dead(&s->c.tunnels, s->c.b, s->c.occupied, to)) {
		s->c.stats.pruned++;
		return ADD_PRUNED;
	}
	/* The push modes flooded the child's player region already. The move
	 * mode runs the whole-board deadlock checks and adds the pattern
	 * databases' value only when the node comes off the open list
	 * (settle_bound, board_dead): it needs no region here. */
	deadlock_position child = {s->c.b, s->c.occupied, s->c.probe_boxes, s->c.probe_player};
	uint32_t h;
	unsigned pending = 0, walk = 0;
	uint32_t known = ENDGAME_NONE;
	if (s->ending.ready)
		known = endgame_find(&s->ending, s->probe_key, s->c.probe_boxes, s->c.probe_player);
	if (known != ENDGAME_NONE) {
		/* In the endgame table: its exact moves and pushes to go. */
		h = s->ending.pushes[known];
		walk = (unsigned)s->ending.moves[known] - h;
	} else if (s->mode == HAKO_OPTIMAL_MOVES) {
		if (search_dead_local(&s->c, &child, to))
			return ADD_PRUNED;
		h = search_child_matching(&s->c, s->c.b, s->parent_boxes, &s->parent_kept, moved,
		                          to);
		pending = H_PENDING;
	} else {
		if (search_dead(&s->c, &child, to, &s->c.child_reach))
			return ADD_PRUNED;
		/* Pathmax, for the zone tables: the parent's bound less this
		 * step's pushes is a lower bound too (a solution from the
		 * parent through here costs them more); their split search
		 * stops once at it. */
		uint32_t floor = 0;
		if (s->patterns.zones.ready) {
			const node *parent = node_at(s, parent_index);
			uint32_t step = cost - parent->cost;
			floor = parent->h > step ? parent->h - step : 0;
		}
		h = child_bound(s, moved, to, &s->c.child_reach, floor);
	}
	if (h == BOUND_INFINITE) {
		s->c.stats.pruned++;
		return ADD_PRUNED;
	}
	if (s->mode == HAKO_OPTIMAL_MOVES) {
		if (known == ENDGAME_NONE) {
			walk = first_walk_near(s, s->c.probe_player);
			uint32_t walks = walk_bound_value(&s->walks, s->c.b, s->c.probe_boxes,
			                                  s->c.probe_player);
			walk = walks > walk ? walks : walk;
			walk = with_tour(s, h, walk, s->c.probe_boxes, s->c.probe_player);
			walk = beyond_table(s, h, walk);
		}
		uint16_t made = stored_bound(s, h, walk);
		uint32_t f = cost + bound_moves(made);
		if (f > s->defer_above) {
			s->defer_next = f < s->defer_next ? f : s->defer_next;
			return ADD_PRUNED;
		}
	}
	uint32_t index = arena_new(&s->store.nodes);
	if (index == NODE_NONE)
		return ADD_NOMEM;
	node *n = node_at(s, index);
	n->parent = parent_index;
	n->cost = cost;
	n->tie = tie;
	n->h = stored_bound(s, h, walk);
	n->push = (uint16_t)pending;
	set_push(n, from, dir, length, s->key_image);
	store_position(s, n);
	s->c.stats.generated++;
	if (search_store_insert(&s->store, key, index) != HAKO_OK)
		return ADD_NOMEM;
	return heap_push(&s->open, priority(s, n), index) == HAKO_OK ? ADD_OK : ADD_NOMEM;
}

/* Move-optimal: a node's bound is the matching alone when it is made
 * (H_PENDING); the pattern databases' value, which needs the player's
 * region flooded and the pairs looked up, is added when the node is
 * expanded (Lazy A*: an admissible bound that is cheap first and dearer
 * later), from the flood and the matching the expansion makes anyway.
 * Most children are never expanded (Microban 145: three new children an
 * expanded node), so most never pay for it. Returns the full bound of
 * the node being expanded (`boxes` on s->c.occupied, its region in
 * s->c.here) and keeps its matching for the children's (parent_kept);
 * BOUND_INFINITE: dead. */
static uint32_t settle_bound(search *s, node *n, const uint16_t *boxes)
{
	const board *b = s->c.b;
	n->push &= (uint16_t)~H_PENDING;
	/* Started from the last kept matching (often a near relative's):
	 * the same value in O(n^2) a box that moved. */
	uint32_t h = bound_matching_near(&s->c.lower, b, boxes);
	if (h >= BOUND_STOPPED) /* BOUND_INFINITE too */
		return h;
	bound_keep(&s->c.lower, b, boxes);
	s->parent_kept = 1;
	/* No zone tables in this mode (ZONES_AFTER): no floor for them. */
	return pdb_bound(&s->patterns, &s->c.lower, b, boxes, &s->c.here, h, 0);
}

/* Move-optimal: the whole-board part of the deadlock check (frozen boxes
 * as walls, the bipartite check, the corrals), made when a node comes off
 * the open list rather than when it is generated (add_child runs the
 * checks around the pushed box). Most children are never expanded
 * (Microban 145: three new children an expanded node), and these are the
 * dearest detectors, so they run on a third of them; a child they prove
 * dead costs a node in the table until then (expand gives it cost 0).
 * Which positions are pruned does
 * not change, only when: the same detectors on the same position, as
 * deadlock_check_global says. (The node's region is s->c.here, already
 * flooded; `boxes` are on s->c.occupied.) */
static int board_dead(search *s, const node *n, const uint16_t *boxes, unsigned player)
{
	const board *b = s->c.b;
	/* The box the last push moved: `length` squares on from push_from,
	 * in the parent's stored image, then taken to this one's. A goal
	 * macro moved it elsewhere: then every corral is looked at. */
	unsigned pushed = SQUARE_NONE;
	if (!(push_length(s, n) == 0 || (n->push & GOAL_MACRO))) {
		pushed = n->push_from;
		for (unsigned k = 0; k < push_length(s, n); k++)
			pushed = board_next(b, pushed, PUSH_DIR(n->push));
		if (PUSH_IMAGE(n->push))
			pushed = s->sym.map[PUSH_IMAGE(n->push)][pushed];
		assert(s->c.occupied[pushed]);
	}
	deadlock_position here = {b, s->c.occupied, boxes, player};
	return search_dead_global(&s->c, &here, pushed, &s->c.here);
}

/* Move-optimal, a node expanded for the first time (H_PENDING): its
 * bound settled (settle_bound), the whole-board deadlock checks
 * (board_dead), and its pushes listed in s->c.moves (*pushes of them).
 * The walk to the nearest of them is a lower bound on the walk before
 * the next push of any solution from here (every push the player can
 * make is listed, but those into dead squares, which no solution makes),
 * so the moves still needed are at least the pushes' bound plus that
 * walk, or plus the walking the boxes' trips need (bound_walk.c) where
 * that is more (both bound all the walks); the pushes' bound stays the
 * secondary's. (Tried: the least over the first pushes of the walk to
 * it plus the trips' walking from there, Microban 93 2.5% fewer nodes,
 * 17% more time.) No push at all, the
 * level unsolved: dead. Returns ADD_OK to expand the node, ADD_PRUNED
 * when it is dead (it gets cost 0, so that no path into it is kept or
 * reopens it), ADD_LATER when its bound rose (it is back on the open list
 * at its new f, as if it had had it from the start: only f's that are
 * still lower bounds are used, so the search stays move-optimal), or
 * ADD_NOMEM. */
static add_result settle_moves(search *s, uint32_t index, const uint16_t *boxes, unsigned player,
                               int *pushes)
{
	const board *b = s->c.b;
	node *n = node_at(s, index);
	uint32_t h = settle_bound(s, n, boxes);
	int dead = h == BOUND_INFINITE;
	s->c.stats.pruned += (uint64_t)dead;
	dead = dead || board_dead(s, n, boxes, player);
	uint32_t walk = UINT32_MAX;
	if (!dead) {
		*pushes = movegen_pushes(b, s->c.occupied, boxes, b->box_count, &s->c.here, NULL,
		                         s->c.moves);
		for (int k = 0; k < *pushes; k++) {
			const movegen_move *m = &s->c.moves[k];
			uint32_t w =
			    s->c.here.distance[board_next(b, m->from, DIR_OPPOSITE(m->dir))];
			walk = w < walk ? w : walk;
		}
		dead = *pushes == 0;
		s->c.stats.pruned += (uint64_t)dead;
	}
	if (dead) {
		n->cost = n->tie = 0;
		return ADD_PRUNED;
	}
	if (h >= BOUND_STOPPED) /* the deadline passed: the bound it had */
		return ADD_OK;
	uint32_t walks = walk_bound_value(&s->walks, b, boxes, player);
	walk = walks > walk ? walks : walk;
	/* The bound it was made with holds still: it already has the tour
	 * bound of this position (with_tour when it was made; the tour is
	 * never turned back on), which is not computed again. */
	uint16_t old = n->h;
	if (bound_moves(old) > h + walk)
		walk = bound_moves(old) - h;
	n->h = stored_bound(s, h, walk);
	if (bound_moves(n->h) <= bound_moves(old))
		return ADD_OK;
	n->push &= (uint16_t)~NODE_CLOSED;
	return heap_push(&s->open, priority(s, n), index) == HAKO_OK ? ADD_LATER : ADD_NOMEM;
}

/* Generate every push of node `index`. */
static add_result expand(search *s, uint32_t index)
{
	const board *b = s->c.b;
	int count = b->box_count;
	node *n = node_at(s, index);
	const uint16_t *boxes = node_boxes(s, n, s->expand_boxes);
	uint32_t cost = n->cost, tie = n->tie;
	uint64_t box_key = zobrist_boxes(&s->c.keys, boxes, count);
	s->parent_boxes = boxes;
	s->parent_kept = 0;
	/* The exact square the player stands on: where the last push left it,
	 * in the stored image of the position. */
	unsigned player = index == 0 ? b->start_player : n->push_from;
	if (PUSH_IMAGE(n->push))
		player = s->sym.map[PUSH_IMAGE(n->push)][player];
	if (s->sym.count > 1)
		symmetry_parent_keys(s, boxes);
	for (int i = 0; i < count; i++)
		s->c.occupied[boxes[i]] = 1;
	/* Move-optimal: a node dominated by one of the same boxes is not
	 * expanded (looked at before the player's area is flooded); one
	 * expanded for the first time gets what it was spared when it was
	 * made (settle_moves), and every push it has is listed there already. */
	add_result early = ADD_OK;
	int pushes = -1;
	if (s->mode == HAKO_OPTIMAL_MOVES && index != 0 &&
	    dominated(s, cost, tie, boxes, box_key, player))
		early = ADD_PRUNED;
	if (early == ADD_OK) {
		reach_distances(&s->c.here, b, s->c.occupied, player);
		if (s->mode == HAKO_OPTIMAL_MOVES && index != 0 && (n->push & H_PENDING))
			early = settle_moves(s, index, boxes, player, &pushes);
	}
	if (early != ADD_OK) {
		for (int i = 0; i < count; i++)
			s->c.occupied[boxes[i]] = 0;
		return early;
	}
	/* PI-corral pruning: when some corral can only be entered by pushing
	 * its boundary boxes inward, those pushes alone are generated (sound
	 * and push-optimal, see dead_corral.c); not in the move-optimal mode,
	 * where reordering pushes changes the walking. */
	int restricted = 0;
	if (s->mode != HAKO_OPTIMAL_MOVES) {
		deadlock_position here = {b, s->c.occupied, boxes, player};
		restricted = search_pi_corral(&s->c, &here, &s->c.here);
	}
	if (pushes < 0)
		pushes = movegen_pushes(b, s->c.occupied, boxes, count, &s->c.here,
		                        restricted ? s->c.allowed : NULL, s->c.moves);
	/* Move-optimal: ask for the table slot of every child before the
	 * first is looked up, so that the slots' cache misses (one a child,
	 * the largest single cost of this mode's profile) overlap instead of
	 * coming one after the other. The key is the one add_child probes
	 * when no macro moves the box on (a macro's child finds its slot
	 * cold, as before): the player on the square the box left, the
	 * smallest image's key on a symmetric level (image_key, which makes
	 * no box list). A hint: nothing is read or written. (Written out
	 * here, not in a function of its own: GCC takes such a function for
	 * one without effects and drops the call.) */
	for (int k = 0; s->mode == HAKO_OPTIMAL_MOVES && k < pushes; k++) {
		unsigned from = s->c.moves[k].from, to = s->c.moves[k].to;
		s->c.probe_player = (uint16_t)from;
		tt_prefetch(&s->store.table,
		            image_key(s,
		                      box_key ^ s->c.keys.box[from] ^ s->c.keys.box[to] ^
		                          s->c.keys.player[from],
		                      from, to, NULL));
	}
	/* Move-optimal partial expansion (Yoshizumi, Miura and Ishida's
	 * PEA*), once three quarters of the budget are in use: a new child
	 * whose f is more than PARTIAL_SLACK above this node's is not stored;
	 * the node goes back on the open list at the least f of those
	 * children instead (its deferral), and makes them when the search
	 * gets there (the ones stored before are found in the table then).
	 * Most children of a move-optimal node lie several moves above it
	 * (Microban 146: 3.5% level with their parent, most 2 to 12 above)
	 * and many are never reached: they take no memory, at the price of
	 * making the others again (145 with it from the start: half the
	 * memory, 42% more nodes). The search stays move-optimal: a child not
	 * stored is stood for by its parent on the open list at a key no
	 * larger than its own (f, and the parent's pushes so far as the
	 * secondary, see priority), so it is made before any node of larger
	 * key is taken; and a parent dominated later (dominated) has a
	 * dominator that stands for all its children in the same way. */
	s->defer_above = UINT32_MAX;
	s->defer_next = UINT32_MAX;
	if (s->mode == HAKO_OPTIMAL_MOVES && index != 0 &&
	    s->c.mem.used > s->c.mem.limit / 4 * PARTIAL_AFTER) {
		n = node_at(s, index);
		s->defer_above = moves_f(n, deferral(s, n)) + PARTIAL_SLACK;
	}
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
		/* The dead-end macro takes it on to the dead end's farthest goal
		 * (push-optimal: the fast mode's goal macros do more). */
		if (s->mode == HAKO_OPTIMAL_PUSHES)
			length = (uint16_t)(length + tunnel_dead_end_push(&s->c.tunnels, b,
			                                                  s->c.occupied, d, &stand,
			                                                  &to));
		/* The goal macro takes a box on a room's entrance home. */
		uint32_t extra = 0;
		if (s->c.rooms)
			extra =
			    (uint32_t)room_macro_play(s->c.rooms, b, s->c.occupied, &stand, &to);
		s->goal_macro_played |= extra > 0;
		memcpy(s->c.probe_boxes, boxes, sizeof(uint16_t) * (size_t)count);
		board_move_box(s->c.probe_boxes, count, m->index, to);
		if (s->mode == HAKO_OPTIMAL_MOVES)
			s->c.probe_player = (uint16_t)stand;
		else
			s->c.probe_player = reach_fill(&s->c.child_reach, b, s->c.occupied, stand);
		uint64_t key = box_key ^ s->c.keys.box[square] ^ s->c.keys.box[to] ^
		               s->c.keys.player[s->c.probe_player];
		s->probe_key = key;
		key = stored_image(s, key, square, to,
		                   s->mode == HAKO_OPTIMAL_MOVES ? NULL : &s->c.child_reach);
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
		              (uint16_t)(length | (extra ? GOAL_MACRO : 0u)), m->index);
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
	if (result == ADD_OK && s->defer_next != UINT32_MAX) {
		n = node_at(s, index);
		uint32_t raise = s->defer_next - moves_f(n, 0);
		raise = raise < PARTIAL_MAX ? raise : PARTIAL_MAX;
		n->push = (uint16_t)((n->push & ~0x00FFu & ~NODE_CLOSED) | (1u + raise));
		result = heap_push(&s->open, priority(s, n), index) == HAKO_OK ? ADD_OK : ADD_NOMEM;
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

#ifndef NDEBUG
/* Are these boxes all on goals? (collect_path's check) */
static int all_on_goals(const board *b, const uint16_t *boxes)
{
	for (int i = 0; i < b->box_count; i++)
		if (!b->is_goal[boxes[i]])
			return 0;
	return 1;
}
#endif

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
	/* The symmetry from the stored position of the node reached so far to
	 * the real one: the root's image undone, then each node's. */
	const symmetry *y = &s->sym;
	unsigned real = y->count > 1 ? y->inverse[PUSH_IMAGE(node_at(s, 0)->push)] : 0;
	for (size_t k = 0; k < depth && st == HAKO_OK; k++) {
		node *n = node_at(s, chain[k]);
		unsigned from = n->push_from, dir = PUSH_DIR(n->push);
		if (real) {
			from = y->map[real][from];
			dir = y->dir[real][dir];
		}
		unsigned stand = from;
		for (unsigned m = 0; m < push_length(s, n) && st == HAKO_OK; m++) {
			if (!record_push(s, out, &capacity, from, dir))
				st = HAKO_ERR_NOMEM;
			stand = from;
			from = board_next(b, from, dir);
		}
		if (PUSH_IMAGE(n->push))
			real = y->compose[real][y->inverse[PUSH_IMAGE(n->push)]];
		if (st == HAKO_OK && (n->push & GOAL_MACRO)) {
			assert(y->count == 1); /* the fast mode: no symmetry */
			int count = room_macro(s->c.rooms, b, s->c.occupied, stand, from,
			                       s->c.rooms->macro, room_macro_capacity(s->c.rooms));
			for (int m = 0; m < count && st == HAKO_OK; m++)
				if (!record_push(s, out, &capacity, s->c.rooms->macro[m].from,
				                 s->c.rooms->macro[m].dir))
					st = HAKO_ERR_NOMEM;
		}
	}
	/* A node of the endgame table: its way on to the goals, from the
	 * real position (the table has every image of its positions). */
	if (st == HAKO_OK && s->ending.ready) {
		uint16_t *boxes = s->sym_boxes ? s->sym_boxes : s->expand_boxes;
		int k = 0;
		for (int q = 0; q < b->square_count; q++)
			if (s->c.occupied[q])
				boxes[k++] = (uint16_t)q;
		unsigned player =
		    out->push_count ? out->pushes[out->push_count - 1].from : b->start_player;
		uint64_t key = zobrist_boxes(&s->c.keys, boxes, k) ^ s->c.keys.player[player];
		uint32_t x = endgame_find(&s->ending, key, boxes, player);
		assert(x != ENDGAME_NONE || all_on_goals(b, boxes));
		for (; x != ENDGAME_NONE && s->ending.next[x] != ENDGAME_NONE && st == HAKO_OK;
		     x = s->ending.next[x])
			if (!record_push(s, out, &capacity, s->ending.push_from[x],
			                 s->ending.push_dir[x]))
				st = HAKO_ERR_NOMEM;
	}
	memset(s->c.occupied, 0, (size_t)b->square_count);
	free(chain);
	return st;
}

/* Move-optimal, the endgame table built: a node taken off the open list
 * with a bound within the table's depth is either in the table, and its
 * bound becomes the exact moves and pushes to go (once it is exact, the
 * node is the solution: its f is the least on the open list and the real
 * cost of a way through it), or a node made before the table, whose bound
 * is raised past the depth (beyond_table). ENDGAME_SOLVED: the path is in
 * `out`; ENDGAME_LATER: back on the open list at its new f; ENDGAME_ON:
 * expand it. A node that was expanded already and stands for children it
 * did not store (its deferral) keeps its bound when it is not in the
 * table; one that is in it stands for them with its exact f (every way
 * through it costs that much at least). */
enum { ENDGAME_ON, ENDGAME_LATER, ENDGAME_SOLVED, ENDGAME_NOMEM };
static int endgame_pop(search *s, uint32_t index, search_result *out, hako_status *path_status)
{
	node *n = node_at(s, index);
	if (!s->ending.ready || bound_moves(n->h) > s->ending.depth)
		return ENDGAME_ON;
	const board *b = s->c.b;
	const uint16_t *boxes = node_boxes(s, n, s->expand_boxes);
	unsigned player = index == 0 ? b->start_player : n->push_from;
	if (PUSH_IMAGE(n->push))
		player = s->sym.map[PUSH_IMAGE(n->push)][player];
	uint64_t key = zobrist_boxes(&s->c.keys, boxes, b->box_count) ^ s->c.keys.player[player];
	uint32_t x = endgame_find(&s->ending, key, boxes, player);
	uint16_t h;
	if (x == ENDGAME_NONE) {
		if (deferral(s, n))
			return ENDGAME_ON;
		uint32_t pushes = n->h & H_PUSHES_MAX, walk = n->h >> H_WALK_SHIFT;
		h = stored_bound(s, pushes, beyond_table(s, pushes, walk));
		if (bound_moves(h) <= bound_moves(n->h))
			return ENDGAME_ON;
	} else {
		h = stored_bound(s, s->ending.pushes[x],
		                 (uint32_t)s->ending.moves[x] - s->ending.pushes[x]);
		if (h == n->h && !deferral(s, n)) {
			*path_status = collect_path(s, index, out);
			return ENDGAME_SOLVED;
		}
		if (deferral(s, n))
			n->push = (uint16_t)((n->push & ~0x00FFu) | 1u);
		n->push &= (uint16_t)~H_PENDING;
	}
	n->h = h;
	return heap_push(&s->open, priority(s, n), index) == HAKO_OK ? ENDGAME_LATER
	                                                             : ENDGAME_NOMEM;
}

/* Move-optimal, ENDGAME_AFTER nodes in: build the endgame table (within
 * a quarter of the memory and ENDGAME_STATES positions), no deeper than a
 * node's bound can hold (H_WALK_MAX: the walks' part of a bound over a
 * table of that depth is at most that much). Returns the outcome that
 * ends the search, or -1 to go on. */
static int build_endgame(search *s)
{
	s->ending_tried = 1;
	hako_status st =
	    endgame_build(&s->ending, s->c.b, &s->c.keys, &s->c.mem, s->c.mem.limit / ENDGAME_SHARE,
	                  ENDGAME_STATES, H_WALK_MAX, &s->c.clock);
	if (st == HAKO_ERR_LIMIT)
		return (int)s->c.clock.why;
	if (s->ending.ready && s->ending.depth > H_WALK_MAX)
		s->ending.depth = H_WALK_MAX;
	return -1;
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
	for (int i = 0; i < b->box_count; i++)
		s->c.occupied[b->start_boxes[i]] = 1;
	uint16_t normalized = reach_fill(&s->c.here, b, s->c.occupied, b->start_player);
	s->c.probe_player = s->mode == HAKO_OPTIMAL_MOVES ? b->start_player : normalized;
	for (int i = 0; i < b->box_count; i++)
		s->c.occupied[b->start_boxes[i]] = 0;
	uint32_t h = lower_bound(s, s->c.probe_boxes, &s->c.here);
	if (h == BOUND_INFINITE)
		return HAKO_UNSOLVABLE;
	uint32_t root = arena_new(&s->store.nodes);
	if (root == NODE_NONE)
		return HAKO_MEMOUT;
	node *n = node_at(s, root);
	memset(n, 0, sizeof *n);
	uint64_t key = zobrist_boxes(&s->c.keys, s->c.probe_boxes, b->box_count) ^
	               s->c.keys.player[s->c.probe_player];
	/* The root too is stored as its chosen image (no box moved: from ==
	 * to leaves the keys of the boxes as they are). */
	if (s->sym.count > 1)
		symmetry_parent_keys(s, s->c.probe_boxes);
	key = stored_image(s, key, 0, 0, s->mode == HAKO_OPTIMAL_MOVES ? NULL : &s->c.here);
	n->parent = NODE_NONE;
	uint32_t walk = 0;
	if (s->mode == HAKO_OPTIMAL_MOVES) {
		walk = walk_bound_value(&s->walks, b, s->c.probe_boxes, s->c.probe_player);
		walk = with_tour(s, h, walk, s->c.probe_boxes, s->c.probe_player);
	}
	n->h = stored_bound(s, h, walk);
	set_push(n, 0, 0, 0, s->key_image);
	store_position(s, n);
	if (search_store_insert(&s->store, key, root) != HAKO_OK ||
	    heap_push(&s->open, priority(s, n), root) != HAKO_OK)
		return HAKO_MEMOUT;
	s->c.stats.generated = 1;
	return -1;
}

/* The key of an open-list item in the deepest-first order, UINT64_MAX
 * for a stale one (user: the search). */
static uint64_t deepest_first_key(void *user, heap_item item)
{
	search *s = user;
	node *n = node_at(s, item.node);
	if (node_closed(n) || item.key != priority(s, n))
		return UINT64_MAX;
	s->deepest_first = 1;
	uint64_t key = priority(s, n);
	s->deepest_first = 0;
	return key;
}

/* Push-optimal, ZONES_AFTER nodes in: build the zone tables (within an
 * eighth of the memory, a quarter of the time and a fixed count of
 * states) to ZONE_PROBE_DEPTH pushes, try them on a sample of the open
 * list, and when they raise enough of it finish them and start the
 * search again from the start position with them, the nodes expanded so
 * far still counted (a stronger bound from the first node on; the table
 * and the open list made with the weaker one are dropped, so every node
 * is judged by one bound). Returns the outcome that ends the search, or
 * -1 to go on. */
static int restart_with_zones(search *s)
{
	const board *b = s->c.b;
	const hako_solver_options *o = &s->c.options;
	s->zones_tried = 1;
	pdb_budget budget = {s->c.mem.limit / 8, ZONE_BUILD_STATES,
	                     o->time_limit > 0 ? o->time_limit / 4 : 0, &s->c.clock};
	/* The start's bound without them: the rows' split that beats it is
	 * kept without trying the columns'. */
	for (int i = 0; i < b->box_count; i++)
		s->c.occupied[b->start_boxes[i]] = 1;
	reach_fill(&s->c.here, b, s->c.occupied, b->start_player);
	for (int i = 0; i < b->box_count; i++)
		s->c.occupied[b->start_boxes[i]] = 0;
	uint32_t start = lower_bound(s, b->start_boxes, &s->c.here);
	if (pdb_build_zones(&s->patterns, b, &s->c.mem, &budget, s->sym.count > 1 ? &s->sym : NULL,
	                    start, ZONE_PROBE_DEPTH) != HAKO_OK ||
	    !s->patterns.zones.ready)
		return -1;
	/* Kept only when they raise the bound of at least a quarter of a
	 * sample of the nodes waiting on the open list (the positions the
	 * search is working on): else their lookups cost more than they give
	 * (Microban 153), and the search goes on as it was. */
	size_t sample = s->open.count < ZONE_SAMPLE ? s->open.count : ZONE_SAMPLE, raised = 0;
	for (size_t i = 0; i < sample; i++) {
		node *n = node_at(s, s->open.items[i * (s->open.count / sample)].node);
		const uint16_t *boxes = node_boxes(s, n, s->expand_boxes);
		raised +=
		    pdb_zones_bound_square(&s->patterns.zones, b, boxes, n->player, n->h) > n->h;
	}
	if (raised * 4 < sample || sample == 0) {
		pdb_zones_free(&s->patterns.zones);
		return -1;
	}
	pdb_zones_finish(&s->patterns.zones, b, &budget);
	search_store_free(&s->store);
	heap_free(&s->open);
	heap_init(&s->open, &s->c.mem);
	if (open_store(s) != HAKO_OK)
		return HAKO_MEMOUT;
	s->deepest_first = 0;
	s->parent_kept = 0;
	uint64_t generated = s->c.stats.generated;
	int ended = push_root(s);
	s->c.stats.generated += generated;
	return ended;
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
		if (s->mode == HAKO_OPTIMAL_PUSHES && !s->zones_tried && o->pattern_databases &&
		    s->c.stats.expanded == ZONES_AFTER) {
			int ended = restart_with_zones(s);
			if (ended >= 0)
				return ended;
			if (s->open.count == 0)
				break;
		}
		if (s->mode == HAKO_OPTIMAL_PUSHES && !s->deepest_first &&
		    s->c.stats.expanded == DEEPEST_FIRST_AFTER) {
			heap_rekey(&s->open, deepest_first_key, s);
			s->deepest_first = 1;
			if (s->open.count == 0)
				break;
		}
		if (s->mode == HAKO_OPTIMAL_MOVES && !s->ending_tried && o->pattern_databases &&
		    s->c.stats.expanded >= (o->endgame_after ? o->endgame_after : ENDGAME_AFTER)) {
			int ended = build_endgame(s);
			if (ended >= 0)
				return ended;
		}
		heap_item item = heap_pop(&s->open);
		node *n = node_at(s, item.node);
		if (node_closed(n) || item.key != priority(s, n))
			continue; /* a stale entry: the node was improved or expanded */
		/* The optimal modes: the least f on the open list is a lower
		 * bound on the optimum (a node of an optimal path, or a node
		 * that stands for it — a deferred parent, a dominator — is on
		 * it with an f no larger than the optimum, the bound being
		 * admissible), and the entry taken is the least. f is the key's
		 * top bits in both orders (priority). */
		if (s->mode != HAKO_OPTIMAL_NONE && (item.key >> 44) > s->c.stats.lower_bound)
			s->c.stats.lower_bound = item.key >> 44;
		if (s->ending.ready) {
			int known = endgame_pop(s, item.node, out, path_status);
			if (known == ENDGAME_SOLVED)
				return HAKO_SOLVED;
			if (known == ENDGAME_NOMEM)
				return HAKO_MEMOUT;
			if (known == ENDGAME_LATER)
				continue;
		}
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
		n->push |= NODE_CLOSED;
		s->c.stats.expanded++;
		add_result grown = expand(s, item.node);
		if (grown == ADD_PRUNED || grown == ADD_LATER) /* not expanded after all */
			s->c.stats.expanded--;
		/* A table that stopped growing at the deadline is a timeout. */
		if (grown == ADD_NOMEM)
			return s->c.clock.passed ? (int)s->c.clock.why : HAKO_MEMOUT;
		if (grown == ADD_STOP)
			return (int)s->c.clock.why;
	}
	/* Out of nodes. A proof, unless a goal macro replaced a push: then,
	 * as FESS does when it had to drop states, memout, never unsolvable. */
	return s->goal_macro_played ? HAKO_MEMOUT : HAKO_UNSOLVABLE;
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

const search_engine search_engine_astar = {
    "astar", astar_open, astar_step, astar_stats, astar_close, NULL, SEARCH_MEMORY_WEIGHT, 0, 0};

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
