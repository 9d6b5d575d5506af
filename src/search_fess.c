/* search_fess.c — the feature-space search (FESS) for the non-optimal
 * mode, after Shoham & Schaeffer, "The FESS Algorithm: A Feature Based
 * Approach to Single-Agent Search" (IEEE CoG 2020); our own construction.
 *
 * States are positions (boxes + normalized player) reached by box moves
 * (fess_moves.c: one box taken anywhere it can go by its own pushes).
 * Every state is projected onto a cell of the feature space (fess_plan.c:
 * goals packed in order, areas of free floor, boxes packed out of order,
 * links between rooms blocked by boxes — the paper's four features).
 * The search does not follow one evaluation: it cycles through all cells
 * discovered so far and visits, in each, the entry of least weight (ties:
 * the position whose box nearest the plan's next goals is fewest pushes
 * from them, then the smaller matching bound); every other visit goes to the cell of the
 * best feature vector found so far instead (Festival's order: more packed,
 * fewer areas, fewer blocked links, fewer out of plan), so progress is
 * followed up at once. Whatever reaches a position a backward search
 * stored in the portfolio's meeting table (perimeter.h) is finished by
 * walking down the stored depths, and so is a position stored before the
 * backward search reached it (sweep_met). A move's weight is 0 when an advisor
 * recommends it (it packs more goals, joins areas of floor, takes a box off
 * a goal filled too early, clears a corridor between rooms, brings a box
 * nearer the next goals to fill, or leaves fewer hotspots: boxes that cost
 * another box a goal, fess_hotspot.c) and 1 otherwise; a state's weight
 * is the sum along its path, so advised lines run deep while every cell
 * keeps getting its turn — progress on one feature cannot starve the
 * others. A state is visited twice: first its advised moves are made
 * (cheaply judged on the features alone), then, as an entry one weight
 * heavier, all its other moves. A state with a single move is visited once:
 * a forced move is no choice, so it costs nothing (Festival makes the first
 * move of a state with two moves or fewer free; one is what works here:
 * with two, XSokoban at 20,000 expansions loses levels, BENCH.md). On the
 * solution paths of XSokoban 25 and 30 a state waited 72,000 and 78,000
 * expansions in its cell behind lighter ones before this rule.
 *
 * Stalls. When the best cell has not changed for STALL_AFTER expansions,
 * every STALL_EVERY-th picked state has its boxes off the goals tested
 * alone (dead_stall.c: every other box removed, a bounded exhaustive
 * search); a dead set is minimised and kept as a pattern (dead_pattern.c)
 * that prunes the children made from then on and the states picked later,
 * those already waiting included. When the boxes off the goals prove
 * nothing, the fences around the pockets of floor the player cannot reach
 * are tried (dead_stall.c, stall_learn_fences: YASS's fenced-in areas).
 * The idea is the peers' (Festival's
 * patterns from stalled subtrees, YASS's "no progress" deadlock sets): a
 * stalled FESS spends its time among positions that keep the same stuck
 * boxes (XSokoban 21 and 61 are solved within 20,000 expansions with the
 * patterns, not within 100,000 without). Boxes on goals are left out of
 * the test: a set of all the boxes was tried as well and found nothing
 * more at several times the cost (the dead best cell of XSokoban 13, 12
 * goals of 16 filled, is dead only with its goal boxes).
 *
 * Complete: every position reachable by box moves is generated once (the
 * transposition table), pruning only by the sound deadlock detectors, dead
 * squares, the matching bound's infinity, PI-corrals and the sound stall
 * patterns, so an exhausted search proves the level unsolvable.
 *
 * Restarts (fess_restart). After RESTART_FIRST × RESTART_UNIT expansions
 * (about a million) the search starts over from the root, and again
 * after runs of RESTART_UNIT times the Luby sequence, each run breaking
 * ties in its cells another way (a seed); the hotspots advisor advises
 * in the even runs only (0, 2, ...), so a level it leads astray gets runs
 * without it, as Festival runs its advisor sets as strategies of their
 * own (XSokoban 62, BENCH.md). Each run is complete by itself (the
 * patterns learned before are sound), and the runs grow without bound,
 * so one long enough to exhaust a finite search comes: an unsolvable
 * level is still proven.
 *
 * Full memory is not the end (make_room): every cell gives up the heavier
 * half of its waiting entries, the states behind them are dropped with any
 * expanded state left without a child (a state's children are counted, as
 * parent links must stay valid for the path), their records are reused and
 * the transposition table is rebuilt from the states that remain. A dropped
 * state may be generated again later. From the first drop on the search is
 * no longer exhaustive: running out of states then reports memout, never
 * unsolvable. */
#include <stdlib.h>
#include <string.h>

#include "dead_pattern.h"
#include "dead_stall.h"
#include "fess.h"
#include "heap.h"
#include "perimeter.h"
#include "search_context.h"

typedef struct fnode {
	uint64_t key;
	uint32_t parent;
	uint32_t weight; /* advisor weight along the path */
	uint32_t cell;
	uint16_t player; /* normalized */
	uint16_t order;  /* in a cell, less first: see in_cell_order (the root: its bound) */
	uint16_t from, to;
	uint8_t dir;
	uint8_t expanded;  /* NODE_FRESH, NODE_ADVISED, NODE_DONE, NODE_GONE */
	uint16_t children; /* stored children; CHILDREN_MANY sticks */
	                   /* followed by box_count uint16_t box squares, ascending */
} fnode;
_Static_assert(sizeof(fnode) == 32, "FESS nodes stay packed");

typedef struct cell {
	uint32_t features; /* packed | connectivity << 8 | out_of_plan << 16 | rooms << 24 */
	heap open;         /* (weight, order) -> node */
} cell;

#define NODE_NONE ARENA_NONE
/* A node's visits: waiting for the first (kind-0 entry), advised and
 * waiting for the second (kind-1 entry, or being advised), done; gone is a
 * released record, or one not yet in the table. */
enum { NODE_FRESH, NODE_ADVISED, NODE_DONE, NODE_GONE };
#define CHILDREN_MANY UINT16_MAX
#define CHUNK_LOG2 14u

/* A move's effect at a glance, for the advisors. */
enum { GLANCE_OPEN, GLANCE_MADE, GLANCE_REJECTED /* dead or known */ };
typedef struct glance {
	fess_features x;
	uint8_t state;  /* GLANCE_* */
	int16_t closer; /* change of the moved box's distance to the next goals */
	int16_t left;   /* the moved box's distance to the next goals after it */
	int16_t hot;    /* hotspots after the move (fess_hotspot.c) */
} glance;

/* The ring of move lists (see struct fess): a thirty-second of the
 * budget, from 64 MiB up, made after RING_AFTER expansions (a small level
 * never pays for it); without it every second visit lists again. */
#define RING_AFTER 4096u
#define RING_LEAST ((size_t)64 << 20)
#define RING_MOST_MOVES ((size_t)1 << 21)
#define RING_SLOTS ((size_t)1 << 16)

typedef struct ring_slot {
	uint64_t at;
	uint32_t node, count;
} ring_slot;

typedef struct fess {
	search_context c; /* search.c: board, options, memory, keys, bound, ... */
	search_store store;
	fess_mover mover;
	fess_plan plan;
	cell *cells;
	uint32_t cell_count, cell_capacity;
	uint32_t *cell_slots; /* open addressing: cell index + 1, 0 = empty */
	uint32_t cell_mask;
	uint32_t cursor;    /* the next cell to expand in */
	uint32_t best_cell; /* the cell of the best features found so far */
	uint32_t picks;     /* odd picks go to the best cell */
	fess_move *moves;
	int move_capacity;
	uint16_t *targets;    /* the next goals to fill (advise, in_cell_order) */
	glance *glances;      /* per listed move (advise) */
	uint16_t *goal_index; /* per square: its index in b->goals */
	fess_hotspots hot;    /* the hotspots table (fess_hotspot.c) */
	uint16_t *victims;    /* per square: a box's victims there (advise) */
	int out_of_memory;
	uint32_t pinned; /* the node being expanded: never dropped */
	uint32_t live;   /* stored nodes */
	int rooms;       /* the rooms feature of the node whose moves are listed */
	/* The move lists of advised nodes, kept for their second visit
	 * (expand_rest), which would list them again: a ring of moves, and per
	 * slot (node index % RING_SLOTS) the node whose list starts at `at` (a
	 * count of moves ever written). A list since written over, or a slot
	 * since taken by another node, is listed again: the same list either
	 * way, so the same search. */
	fess_move *ring;
	struct ring_slot *ring_slots;
	uint64_t ring_write;
	uint32_t ring_capacity; /* moves; 0: no ring (yet, or a small budget) */
	int ring_tried;         /* ring_setup was called */
	int parent_kept;        /* its matching kept in c.lower: 0 not yet, 1 yes, -1 no */
	perimeter *meet;        /* a backward search's states (portfolio); NULL: none */
	perimeter_walk walk;    /* the way down from a met state, when met */
	int met;                /* the solution ends with walk.pushes */
	size_t met_swept;       /* the table's size at the last sweep (sweep_met) */
	/* Stalls (dead_stall.c): when the best cell has not improved for
	 * STALL_AFTER expansions, the node picked is tested every STALL_EVERY
	 * expansions; a dead set of its boxes becomes a pattern that prunes
	 * the children made from then on and the nodes picked later (the
	 * ones already waiting too). Set up at the first test (a small level
	 * never pays for it). */
	uint64_t best_at;    /* expansions when the best cell last changed */
	uint64_t next_stall; /* no test before this many expansions */
	int stall_ready;     /* 0 not set up, 1 ready, -1 no room */
	dead_pattern *stalls;
	stall_prover prover;
	uint64_t stall_learned; /* patterns learned */
	/* Restarts (see fess_restart): the run under way (also its tie-break
	 * seed, open_key; 0: the oldest node first), the expansions it began
	 * at and may take, the states dropped before it. */
	uint32_t run;
	uint64_t run_from, run_budget, dropped_before;
	uint64_t restart_unit, restart_first; /* RESTART_*; unit 0: never */
	/* The forced-move rule (the file's comment) is on; off in the late
	 * engine search_engine_fess_plain. */
	int forced_free;
} fess;

static fnode *node_at(const fess *f, uint32_t index)
{
	return search_node_at(&f->store, index);
}

static fess_features features_from_key(uint32_t key)
{
	fess_features x = {(uint8_t)key, (uint8_t)(key >> 8), (uint8_t)(key >> 16),
	                   (uint8_t)(key >> 24)};
	return x;
}

static uint32_t features_key(const fess_features *x)
{
	return (uint32_t)x->packed | (uint32_t)x->connectivity << 8 |
	       (uint32_t)x->out_of_plan << 16 | (uint32_t)x->rooms << 24;
}

static uint32_t slot_hash(uint32_t key)
{
	return (key * 0x9E3779B1u) >> 7;
}

/* Festival's order of feature vectors (Shoham & Schaeffer): more goals
 * packed, then fewer areas of floor, fewer blocked links between rooms,
 * fewer boxes out of plan. Is `a` better than `b`? */
static int features_better(uint32_t a, uint32_t b)
{
	static const unsigned shift[4] = {0, 8, 24, 16};
	for (int k = 0; k < 4; k++) {
		unsigned x = (a >> shift[k]) & 0xFFu, y = (b >> shift[k]) & 0xFFu;
		if (x != y)
			return k == 0 ? x > y : x < y;
	}
	return 0;
}

/* The cell of a feature vector, created when new; UINT32_MAX: no memory. */
static uint32_t cell_of(fess *f, uint32_t features)
{
	for (uint32_t i = slot_hash(features) & f->cell_mask;; i = (i + 1) & f->cell_mask) {
		uint32_t slot = f->cell_slots[i];
		if (slot == 0)
			break;
		if (f->cells[slot - 1].features == features)
			return slot - 1;
	}
	if (f->cell_count == f->cell_capacity) {
		uint32_t capacity = f->cell_capacity * 2;
		cell *cells = memory_realloc(&f->c.mem, f->cells, sizeof(cell) * f->cell_capacity,
		                             sizeof(cell) * capacity);
		if (!cells)
			return UINT32_MAX;
		f->cells = cells;
		f->cell_capacity = capacity;
	}
	if (2 * (f->cell_count + 1) > f->cell_mask + 1) {
		uint32_t size = 2 * (f->cell_mask + 1);
		uint32_t *slots = memory_calloc(&f->c.mem, sizeof(uint32_t) * size);
		if (!slots)
			return UINT32_MAX;
		memory_free(&f->c.mem, f->cell_slots, sizeof(uint32_t) * (f->cell_mask + 1));
		f->cell_slots = slots;
		f->cell_mask = size - 1;
		for (uint32_t c = 0; c < f->cell_count; c++) {
			uint32_t i = slot_hash(f->cells[c].features) & f->cell_mask;
			while (f->cell_slots[i])
				i = (i + 1) & f->cell_mask;
			f->cell_slots[i] = c + 1;
		}
	}
	uint32_t index = f->cell_count++;
	f->cells[index].features = features;
	if (index == 0 || features_better(features, f->cells[f->best_cell].features)) {
		f->best_cell = index;
		f->best_at = f->c.stats.expanded;
	}
	heap_init(&f->cells[index].open, &f->c.mem);
	uint32_t i = slot_hash(features) & f->cell_mask;
	while (f->cell_slots[i])
		i = (i + 1) & f->cell_mask;
	f->cell_slots[i] = index + 1;
	return index;
}

static void fess_close(void *self)
{
	fess *f = self;
	if (!f)
		return;
	const board *b = f->c.b;
	if (b) {
		size_t n = (size_t)b->square_count + 1, boxes = (size_t)b->box_count + 1;
		search_store_free(&f->store);
		for (uint32_t c = 0; c < f->cell_count; c++)
			heap_free(&f->cells[c].open);
		memory_free(&f->c.mem, f->cells, sizeof(cell) * f->cell_capacity);
		memory_free(&f->c.mem, f->cell_slots, sizeof(uint32_t) * (f->cell_mask + 1));
		memory_free(&f->c.mem, f->moves, sizeof(fess_move) * (size_t)f->move_capacity);
		memory_free(&f->c.mem, f->targets, sizeof(uint16_t) * boxes);
		memory_free(&f->c.mem, f->glances, sizeof(glance) * (size_t)f->move_capacity);
		memory_free(&f->c.mem, f->goal_index, sizeof(uint16_t) * n);
		memory_free(&f->c.mem, f->victims, sizeof(uint16_t) * n);
		fess_hotspots_free(&f->hot);
		if (f->ring_capacity) {
			memory_free(&f->c.mem, f->ring, sizeof(fess_move) * f->ring_capacity);
			memory_free(&f->c.mem, f->ring_slots, sizeof(ring_slot) * RING_SLOTS);
		}
		if (f->stall_ready > 0) {
			dead_pattern_free(f->stalls);
			stall_prover_free(&f->prover);
		}
		fess_plan_free(&f->plan);
		perimeter_walk_free(&f->walk);
		fess_mover_free(&f->mover);
	}
	search_context_free(&f->c);
	free(f);
}

static void ring_setup(fess *f)
{
	size_t limit = f->c.mem.limit;
	if (limit != 0 && limit < RING_LEAST)
		return;
	size_t moves = limit ? limit / 32 / sizeof(fess_move) : RING_MOST_MOVES;
	if (moves > RING_MOST_MOVES)
		moves = RING_MOST_MOVES;
	f->ring = memory_alloc(&f->c.mem, sizeof(fess_move) * moves);
	f->ring_slots = memory_alloc(&f->c.mem, sizeof(ring_slot) * RING_SLOTS);
	if (!f->ring || !f->ring_slots) {
		/* No ring is no loss but time: list every second visit again. */
		memory_free(&f->c.mem, f->ring, sizeof(fess_move) * moves);
		memory_free(&f->c.mem, f->ring_slots, sizeof(ring_slot) * RING_SLOTS);
		return;
	}
	for (size_t k = 0; k < RING_SLOTS; k++)
		f->ring_slots[k].node = NODE_NONE;
	f->ring_capacity = (uint32_t)moves;
}

/* Keep node `index`'s listed moves (f->moves; moves < 0: none, a list
 * cut short) for its second visit. */
static void ring_keep(fess *f, uint32_t index, int moves)
{
	if (!f->ring_tried && f->c.stats.expanded >= RING_AFTER) {
		f->ring_tried = 1;
		ring_setup(f);
	}
	if (!f->ring_capacity)
		return;
	ring_slot *slot = &f->ring_slots[index % RING_SLOTS];
	slot->node = NODE_NONE;
	if (moves <= 0 || (uint32_t)moves > f->ring_capacity / 4)
		return;
	/* A list never wraps: one that would goes to the ring's start. */
	uint64_t at = f->ring_write, cap = f->ring_capacity;
	if (at % cap + (uint64_t)moves > cap)
		at += cap - at % cap;
	memcpy(f->ring + at % cap, f->moves, sizeof(fess_move) * (size_t)moves);
	f->ring_write = at + (uint64_t)moves;
	*slot = (ring_slot){at, index, (uint32_t)moves};
}

static int grow_moves(fess *f, int need);

/* Node `index`'s moves back from the ring into f->moves, or -1. */
static int ring_take(fess *f, uint32_t index)
{
	if (!f->ring_capacity)
		return -1;
	ring_slot *slot = &f->ring_slots[index % RING_SLOTS];
	if (slot->node != index)
		return -1;
	slot->node = NODE_NONE;
	uint64_t at = slot->at;
	uint32_t moves = slot->count;
	if (f->ring_write - at > f->ring_capacity) /* written over since */
		return -1;
	if (!grow_moves(f, (int)moves))
		return -1;
	memcpy(f->moves, f->ring + at % f->ring_capacity, sizeof(fess_move) * moves);
	return (int)moves;
}

/* FESS's node store (fess_setup, and again at each restart). */
static hako_status store_init(fess *f)
{
	return search_store_init(&f->store, &f->c, sizeof(fnode), offsetof(fnode, player),
	                         CHUNK_LOG2, 16);
}

/* What FESS needs beyond the search context (search.c). */
static hako_status fess_setup(fess *f, const board *b, const hako_solver_options *o)
{
	hako_status st = search_context_init(&f->c, b, o, 0);
	if (st != HAKO_OK)
		return st;
	size_t n = (size_t)b->square_count + 1, boxes = (size_t)b->box_count + 1;
	st = store_init(f);
	if (st != HAKO_OK)
		return st;
	/* A box has at most one move per square and side; the list starts
	 * with room for a few boxes' worth and grows (grow_moves), so that a
	 * large level does not take its worst case up front. */
	f->move_capacity = 4 * b->square_count * (b->box_count < 4 ? b->box_count : 4) + 16;
	f->moves = memory_alloc(&f->c.mem, sizeof(fess_move) * (size_t)f->move_capacity);
	f->targets = memory_alloc(&f->c.mem, sizeof(uint16_t) * boxes);
	f->glances = memory_alloc(&f->c.mem, sizeof(glance) * (size_t)f->move_capacity);
	f->goal_index = memory_calloc(&f->c.mem, sizeof(uint16_t) * n);
	f->victims = memory_calloc(&f->c.mem, sizeof(uint16_t) * n);
	if (f->goal_index)
		for (int g = 0; g < b->box_count; g++)
			f->goal_index[b->goals[g]] = (uint16_t)g;
	f->cell_capacity = 64;
	f->cells = memory_alloc(&f->c.mem, sizeof(cell) * f->cell_capacity);
	f->cell_mask = 255;
	f->cell_slots = memory_calloc(&f->c.mem, sizeof(uint32_t) * (f->cell_mask + 1));
	if (!f->moves || !f->targets || !f->goal_index || !f->victims || !f->glances || !f->cells ||
	    !f->cell_slots)
		return HAKO_ERR_NOMEM;
	st = fess_mover_init(&f->mover, b, &f->c.mem);
	if (st == HAKO_OK)
		st = fess_plan_init_until(&f->plan, b, &f->c.mem, &f->c.clock);
	if (st == HAKO_OK)
		st = fess_plan_backward(&f->plan, b, &f->c.mem, &f->c.clock,
		                        FESS_BACKWARD_PLAN_EXPANSIONS);
	if (st == HAKO_OK)
		st = fess_hotspots_init(&f->hot, b, &f->mover, &f->c.mem, &f->c.clock);
	return st;
}

/* A cell's open list: least weight first, then the in-cell order; a node
 * enters twice, kind 0 for its advised moves and kind 1 for the rest. The
 * last ties go by a hash of the node's key seeded with the run's number
 * (the low 31 bits): none in the first run, where the heap takes the
 * oldest node. */
static uint64_t open_key(const fess *f, const fnode *n, uint32_t weight, unsigned kind)
{
	uint64_t tie = 0;
	if (f->run) {
		uint64_t x = (n->key ^ f->run) * 0x9E3779B97F4A7C15ull;
		tie = (x ^ x >> 29) & 0x7FFFFFFFu;
	}
	return (uint64_t)(weight > 0xFFFFu ? 0xFFFFu : weight) << 48 | (uint64_t)n->order << 32 |
	       (uint64_t)kind << 31 | tie;
}

static hako_status file_once(fess *f, uint32_t index, const fess_features *x)
{
	uint32_t c = cell_of(f, features_key(x));
	if (c == UINT32_MAX)
		return HAKO_ERR_NOMEM;
	fnode *n = node_at(f, index);
	n->cell = c;
	return heap_push(&f->cells[c].open, open_key(f, n, n->weight, 0), index);
}

static int make_room(fess *f);

/* Put node `index` into the cell of its features (making room once). */
static hako_status file_node(fess *f, uint32_t index, const fess_features *x)
{
	hako_status st = file_once(f, index, x);
	if (st == HAKO_ERR_NOMEM && make_room(f))
		st = file_once(f, index, x);
	return st;
}

/* Drop node `index` (released for reuse) and every ancestor left done and
 * childless by it; the root and the pinned node stay. */
static void drop_node(fess *f, uint32_t index)
{
	while (index != f->pinned) {
		fnode *n = node_at(f, index);
		uint32_t parent = n->parent;
		if (parent == NODE_NONE)
			return;
		n->expanded = NODE_GONE;
		arena_release(&f->store.nodes, index);
		f->live--;
		f->c.stats.dropped++;
		fnode *p = node_at(f, parent);
		if (p->children == CHILDREN_MANY || --p->children > 0 || p->expanded != NODE_DONE)
			return;
		index = parent;
	}
}

/* A waiting entry given up: a fresh node goes (it has no children yet); an
 * advised one loses its other moves and goes if it has no children. */
static void drop_entry(void *user, heap_item item)
{
	fess *f = user;
	fnode *n = node_at(f, item.node);
	if (n->expanded == NODE_FRESH) {
		drop_node(f, item.node);
		return;
	}
	n->expanded = NODE_DONE;
	if (n->children == 0)
		drop_node(f, item.node);
}

/* Memory is full: give up the heavier half of every cell's waiting
 * entries and the states they leave useless, then rebuild the table from
 * the states that remain. 0 when too little came free to go on (an eighth
 * of the stored states at least). */
static int make_room(fess *f)
{
	uint32_t before = f->live;
	for (uint32_t c = 0; c < f->cell_count; c++) {
		heap *open = &f->cells[c].open;
		if (open->count > 1)
			heap_keep_lightest(open, (open->count + 1) / 2, drop_entry, f);
	}
	/* Expanded states whose children are all gone or were never stored. */
	for (uint32_t i = 0; i < f->store.nodes.count; i++) {
		fnode *n = node_at(f, i);
		if (n->expanded == NODE_DONE && n->children == 0)
			drop_node(f, i);
	}
	tt_clear(&f->store.table);
	for (uint32_t i = 0; i < f->store.nodes.count; i++) {
		fnode *n = node_at(f, i);
		/* No growth: the table held all of these and more. */
		if (n->expanded != NODE_GONE &&
		    search_store_insert(&f->store, n->key, i) != HAKO_OK)
			return 0;
	}
	return before - f->live >= before / 8 && before > f->live;
}

/* A record for a new node, making room once when the budget says no. */
static uint32_t new_node(fess *f)
{
	uint32_t index = arena_new(&f->store.nodes);
	if (index == NODE_NONE && make_room(f))
		index = arena_new(&f->store.nodes);
	return index;
}

/* ---- restarts ----------------------------------------------------------
 * Which of a cell's equally good states goes first decides where FESS
 * goes, and a run that has gone wrong rarely comes back: of the XSokoban
 * levels it misses in 60,000 expansions, several are solved in under
 * 20,000 by a run whose ties go another way (BENCH.md). So the search
 * starts over from the root now and then, each run with its own tie-break
 * seed (open_key), its length RESTART_UNIT times the Luby sequence
 * 1 1 2 1 1 2 4 1 1 2 ... (Luby, Sinclair and Zuckerman, "Optimal speedup
 * of Las Vegas algorithms", 1993: within a log factor of the best fixed
 * length whatever the run-length distribution); Festival restarts as well,
 * by strategy, keeping its learned deadlocks. What the runs learned and
 * is sound stays: the stall patterns, the corral cache, the meeting table.
 * The first run is the search without a seed, RESTART_FIRST units long:
 * 1,048,576 expansions, longer than a minute of FESS on XSokoban's hard
 * levels. With 4 units (131,072 expansions) FESS alone at 60 s missed
 * XSokoban 52, 71 and 90, which one run solves in 22 to 38 s, and took
 * three times as long on 30 (BENCH.md). XSokoban 14, which only the
 * second run had solved (at 19 s), was lost with it until the sweep
 * (sweep_met) found what that run had found: a child of the start that a
 * backward search reached later. */
#define RESTART_UNIT 32768u
#define RESTART_FIRST 32u

uint64_t fess_luby(uint64_t i)
{
	if (i == 0)
		return 0;
	for (;;) {
		unsigned k = 1;
		while (k < 63 && (((uint64_t)1 << k) - 1) < i)
			k++;
		if ((((uint64_t)1 << k) - 1) == i)
			return (uint64_t)1 << (k - 1);
		i -= ((uint64_t)1 << (k - 1)) - 1;
	}
}

/* The expansions run `run` may take before the next starts. */
static uint64_t restart_budget(const fess *f, uint32_t run)
{
	uint64_t units = run == 0 ? f->restart_first : fess_luby(run);
	if (f->restart_unit == 0 || units > UINT64_MAX / f->restart_unit)
		return UINT64_MAX;
	return f->restart_unit * units;
}

/* The start position as the root, node 0, filed in its cell. An
 * unmatchable start (a box the player cannot reach, boxes and goals not
 * matched: the board knows) is stored but filed nowhere, so the search is
 * exhausted at once. */
static hako_status plant_root(fess *f)
{
	const board *b = f->c.b;
	memcpy(f->c.probe_boxes, b->start_boxes, sizeof(uint16_t) * (size_t)b->box_count);
	for (int i = 0; i < b->box_count; i++)
		f->c.occupied[b->start_boxes[i]] = 1;
	f->c.probe_player = reach_fill(&f->c.here, b, f->c.occupied, b->start_player);
	uint32_t h =
	    b->unsolvable ? BOUND_INFINITE : bound_matching(&f->c.lower, b, f->c.probe_boxes);
	hako_status st = HAKO_OK;
	uint32_t root = arena_new(&f->store.nodes);
	if (root == NODE_NONE) {
		st = HAKO_ERR_NOMEM;
	} else {
		fnode *n = node_at(f, root);
		memset(n, 0, sizeof *n);
		n->key = zobrist_boxes(&f->c.keys, f->c.probe_boxes, b->box_count) ^
		         f->c.keys.player[f->c.probe_player];
		n->parent = NODE_NONE;
		f->live = 1;
		n->order = (uint16_t)(h > 0xFFFEu ? 0xFFFEu : h);
		n->player = f->c.probe_player;
		search_store_boxes(&f->store, n);
		fess_features x;
		fess_features_of(&f->plan, b, f->c.occupied, &x);
		int rooms = fess_links_blocked(&f->plan, b, f->c.probe_boxes, b->box_count);
		x.rooms = (uint8_t)(rooms > 255 ? 255 : rooms);
		st = search_store_insert(&f->store, n->key, root);
		if (st == HAKO_OK && h != BOUND_INFINITE)
			st = file_node(f, root, &x);
	}
	memset(f->c.occupied, 0, (size_t)b->square_count);
	return st;
}

/* Start over from the root with run `run`'s seed: every state, cell and
 * kept move list goes; the stall patterns and the context's caches stay. */
static hako_status start_run(fess *f, uint32_t run)
{
	search_store_free(&f->store);
	hako_status st = store_init(f);
	for (uint32_t c = 0; c < f->cell_count; c++)
		heap_free(&f->cells[c].open);
	f->cell_count = 0;
	memset(f->cell_slots, 0, sizeof(uint32_t) * (f->cell_mask + 1));
	f->cursor = f->best_cell = f->picks = 0;
	if (f->ring_capacity) {
		for (size_t k = 0; k < RING_SLOTS; k++)
			f->ring_slots[k].node = NODE_NONE;
		f->ring_write = 0;
	}
	f->live = 0;
	f->parent_kept = 0;
	f->run = run;
	f->run_from = f->c.stats.expanded;
	f->run_budget = restart_budget(f, f->run);
	f->dropped_before = f->c.stats.dropped;
	f->best_at = f->c.stats.expanded;
	f->next_stall = 0;
	if (st == HAKO_OK)
		st = plant_root(f);
	return st;
}

static hako_status fess_restart(fess *f)
{
	return start_run(f, f->run + 1);
}

static void *fess_open_with(const board *b, const hako_solver_options *o, int forced_free,
                            hako_status *status)
{
	fess *f = calloc(1, sizeof *f);
	if (!f) {
		*status = HAKO_ERR_NOMEM;
		return NULL;
	}
	f->pinned = NODE_NONE;
	f->forced_free = forced_free;
	hako_status st = fess_setup(f, b, o);
	if (st == HAKO_OK) {
		st = plant_root(f);
		f->c.stats.generated = 1;
		f->restart_unit = RESTART_UNIT;
		f->restart_first = RESTART_FIRST;
		f->run_budget = restart_budget(f, 0);
	}
	/* Out of time while setting up: step() says so (f->c.clock). */
	if (st != HAKO_OK && st != HAKO_ERR_NOMEM && !f->c.clock.passed) {
		fess_close(f);
		*status = st;
		return NULL;
	}
	/* Out of memory already: step() reports memout. */
	f->out_of_memory = st == HAKO_ERR_NOMEM;
	*status = HAKO_OK;
	return f;
}

static void *fess_open(const board *b, const hako_solver_options *o, hako_status *status)
{
	return fess_open_with(b, o, 1, status);
}

static void *fess_plain_open(const board *b, const hako_solver_options *o, hako_status *status)
{
	return fess_open_with(b, o, 0, status);
}

typedef enum { GROW_OK, GROW_SOLVED, GROW_NOMEM } grow_result;

/* The child of `parent` after `move` (f->c.occupied shows the child, the
 * moved box on move->to): dropped when known or dead, else stored with
 * `weight` and filed in its cell. *solved names it when every box is on a
 * goal. */
/* The rooms feature after `move` from the node whose moves were listed
 * last (list_moves counted its links). */
static uint8_t rooms_after(const fess *f, const fess_move *move)
{
	int rooms = f->rooms + fess_links_delta(&f->plan, f->c.b, move->from, move->to);
	return (uint8_t)(rooms < 0 ? 0 : rooms > 255 ? 255 : rooms);
}

/* Has a backward search stored the probe (f->probe_boxes, f->probe_player,
 * its key `key`)?
 * Then f->walk holds the pushes from it to a solved position. */
static int met_backward(fess *f, uint64_t key)
{
	uint32_t depth = perimeter_depth(f->meet, key);
	if (depth == PERIMETER_NONE)
		return 0;
	if (!f->walk.b && perimeter_walk_init(&f->walk, f->c.b, &f->c.keys) != HAKO_OK)
		return 0;
	f->met = perimeter_walk_down(&f->walk, f->meet, f->c.probe_boxes, f->c.probe_player, depth);
	return f->met;
}

/* The meeting table grows while FESS runs, and a state FESS stored long
 * ago may be pulled back to by a backward search only later: probing each
 * child once, when it is made, never sees that. So each time the table
 * has doubled (from SWEEP_LEAST states on), every stored state is probed
 * again; one found is finished from, like a child that met the table. On
 * XSokoban 14 bidir-newest pulls back to a child of the start after 17 s,
 * which only a restart (a new root, its children probed again) had
 * found; with the sweep it is solved in 6 s. The cost is one table probe
 * per stored state each time the table doubles (seven times at most under
 * the default 1 GiB, whose table takes 4 M states), the clock read every
 * SWEEP_CLOCK states. */
#define SWEEP_LEAST 65536u
#define SWEEP_CLOCK 65536u

static uint32_t sweep_met(fess *f)
{
	size_t size = atomic_load(&f->meet->count);
	if (size < SWEEP_LEAST || size < 2 * f->met_swept)
		return NODE_NONE;
	f->met_swept = size;
	const board *b = f->c.b;
	for (uint32_t i = 0; i < f->store.nodes.count; i++) {
		if ((i + 1) % SWEEP_CLOCK == 0 && search_out_of_time(&f->c))
			return NODE_NONE;
		fnode *n = node_at(f, i);
		if (n->expanded == NODE_GONE || perimeter_depth(f->meet, n->key) == PERIMETER_NONE)
			continue;
		memcpy(f->c.probe_boxes, search_node_boxes(&f->store, n),
		       sizeof(uint16_t) * (size_t)b->box_count);
		f->c.probe_player = n->player;
		if (met_backward(f, n->key))
			return i;
	}
	return NODE_NONE;
}

static int target_distance(const fess *f, unsigned square, int targets);

/* Where a child waits in its cell, less first: the pushes that bring the
 * box nearest the next goals of the plan there (the high byte), then the
 * matching bound (the low byte). The plan's next goal is often some box
 * moves away; the nearest box's distance tells which positions get closer
 * to filling it, as the score of YASS's packing-order search does (a
 * target's distance weighs there), where the matching bound, summed over
 * all boxes, hardly moves. `f->c.occupied` and `probe_boxes` hold the
 * child. Clamped so that the key stays below 0xFFFF. */
static uint16_t in_cell_order(fess *f, uint32_t matching)
{
	const board *b = f->c.b;
	int targets = fess_next_goals(&f->plan, f->c.occupied, f->targets);
	int near = 254;
	for (int k = 0; k < b->box_count && targets > 0; k++) {
		unsigned square = f->c.probe_boxes[k];
		if (b->is_goal[square])
			continue;
		int d = target_distance(f, square, targets);
		if (d < near)
			near = d;
	}
	return (uint16_t)((unsigned)near << 8 | (matching > 255 ? 255u : matching));
}

/* The matching bound of the child whose box i of the parent's `boxes`
 * went to `to`: the parent's matching is made once per listing of its
 * moves and updated for each child (search_child_matching). */
static uint32_t child_bound(fess *f, const uint16_t *boxes, int i, unsigned to)
{
	return search_child_matching(&f->c, f->c.b, boxes, &f->parent_kept, i, to);
}

static grow_result add_child(fess *f, uint32_t parent, const fess_move *move, uint32_t weight,
                             uint32_t *solved)
{
	const board *b = f->c.b;
	fnode *p = node_at(f, parent);
	const uint16_t *boxes = search_node_boxes(&f->store, p);
	int i = 0;
	while (boxes[i] != move->from)
		i++;
	memcpy(f->c.probe_boxes, boxes, sizeof(uint16_t) * (size_t)b->box_count);
	board_move_box(f->c.probe_boxes, b->box_count, i, move->to);
	unsigned stand = board_next(b, move->to, DIR_OPPOSITE(move->dir));
	f->c.probe_player = reach_fill(&f->c.child_reach, b, f->c.occupied, stand);
	uint64_t key = p->key ^ f->c.keys.player[p->player] ^ f->c.keys.box[move->from] ^
	               f->c.keys.box[move->to] ^ f->c.keys.player[f->c.probe_player];
	if (search_store_find(&f->store, key) != TT_EMPTY)
		return GROW_OK;
	deadlock_position position = {b, f->c.occupied, f->c.probe_boxes, stand};
	if (search_dead(&f->c, &position, move->to, &f->c.child_reach))
		return GROW_OK;
	if (f->stall_learned && dead_pattern_match(f->stalls, &position, move->to, NULL)) {
		f->c.stats.pruned++;
		return GROW_OK;
	}
	uint32_t h = child_bound(f, boxes, i, move->to);
	if (h == BOUND_INFINITE) {
		f->c.stats.pruned++;
		return GROW_OK;
	}
	uint16_t order = in_cell_order(f, h);
	uint32_t index = new_node(f);
	if (index == NODE_NONE)
		return GROW_NOMEM;
	fnode *n = node_at(f, index);
	n->key = key;
	n->parent = parent;
	n->weight = weight;
	n->cell = 0;
	n->player = f->c.probe_player;
	n->order = order;
	n->from = move->from;
	n->to = move->to;
	n->dir = move->dir;
	n->expanded = NODE_GONE; /* until it is in the table */
	n->children = 0;
	search_store_boxes(&f->store, n);
	hako_status st = search_store_insert(&f->store, key, index);
	if (st == HAKO_ERR_NOMEM && make_room(f))
		st = search_store_insert(&f->store, key, index);
	if (st != HAKO_OK) {
		arena_release(&f->store.nodes, index);
		return GROW_NOMEM;
	}
	n->expanded = NODE_FRESH;
	f->live++;
	if (p->children != CHILDREN_MANY)
		p->children++;
	f->c.stats.generated++;
	if (h == 0) {
		*solved = index; /* every box on a goal */
		return GROW_SOLVED;
	}
	if (f->meet && met_backward(f, key)) {
		*solved = index; /* the walk down the backward states goes on from here */
		return GROW_SOLVED;
	}
	fess_features x;
	fess_packing_of(&f->plan, f->c.occupied, &x);
	x.connectivity = move->areas;
	x.rooms = rooms_after(f, move);
	return file_node(f, index, &x) == HAKO_OK ? GROW_OK : GROW_NOMEM;
}

/* Room for `need` moves (and their glances); 0 when the budget says no. */
static int grow_moves(fess *f, int need)
{
	if (need <= f->move_capacity)
		return 1;
	int capacity = f->move_capacity;
	while (capacity < need)
		capacity *= 2;
	fess_move *moves =
	    memory_realloc(&f->c.mem, f->moves, sizeof(fess_move) * (size_t)f->move_capacity,
	                   sizeof(fess_move) * (size_t)capacity);
	if (!moves)
		return 0;
	f->moves = moves;
	glance *glances =
	    memory_realloc(&f->c.mem, f->glances, sizeof(glance) * (size_t)f->move_capacity,
	                   sizeof(glance) * (size_t)capacity);
	if (!glances) {
		/* Keep the two lists the same length. */
		moves = memory_realloc(&f->c.mem, f->moves, sizeof(fess_move) * (size_t)capacity,
		                       sizeof(fess_move) * (size_t)f->move_capacity);
		if (moves)
			f->moves = moves;
		return 0;
	}
	f->glances = glances;
	f->move_capacity = capacity;
	return 1;
}

/* Set up node `index` on f->c.occupied and f->c.here, and list its moves in
 * f->moves (PI-corral pruning applied); returns how many, or -1 when the
 * list cannot grow (out of memory). */
static int list_moves(fess *f, fnode *n, uint32_t index, int second)
{
	const board *b = f->c.b;
	int count = b->box_count;
	const uint16_t *boxes = search_node_boxes(&f->store, n);
	for (int i = 0; i < count; i++)
		f->c.occupied[boxes[i]] = 1;
	reach_fill(&f->c.here, b, f->c.occupied, n->player);
	f->rooms = fess_links_blocked(&f->plan, b, boxes, count);
	f->parent_kept = 0;
	if (second) {
		int kept = ring_take(f, index);
		if (kept >= 0)
			return kept;
	}
	/* PI-corral pruning: when a corral must be opened first, only the
	 * moves of its boundary boxes are needed (dead_corral.c). */
	deadlock_position here = {b, f->c.occupied, boxes, n->player};
	int restricted = search_pi_corral(&f->c, &here, &f->c.here);
	int total = 0, cut = 0;
	for (int i = 0; i < count; i++) {
		unsigned origin = boxes[i];
		if (restricted && !f->c.allowed[origin])
			continue;
		if (search_out_of_time(&f->c)) {
			cut = 1;
			break; /* a large level: fess_step stops on the clock */
		}
		int room = f->move_capacity - total;
		int moves = fess_box_moves(&f->mover, f->c.occupied, origin, &f->c.here,
		                           f->moves + total, room);
		if (moves > room) { /* list this box again with room for all */
			if (!grow_moves(f, total + moves)) {
				total = -1;
				break;
			}
			room = f->move_capacity - total;
			moves = fess_box_moves(&f->mover, f->c.occupied, origin, &f->c.here,
			                       f->moves + total, room);
		}
		total += moves < room ? moves : room;
	}
	for (int i = 0; i < count; i++)
		f->c.allowed[boxes[i]] = 0;
	if (!second)
		ring_keep(f, index, cut ? -1 : total);
	return total;
}

static void clear_position(fess *f, fnode *n)
{
	const uint16_t *boxes = search_node_boxes(&f->store, n);
	for (int i = 0; i < f->c.b->box_count; i++)
		f->c.occupied[boxes[i]] = 0;
}

/* Pushes from `square` to the nearest of the next goals to fill. */
static int target_distance(const fess *f, unsigned square, int targets)
{
	const board *b = f->c.b;
	int least = DISTANCE_INFINITE;
	for (int t = 0; t < targets; t++) {
		int goal = f->goal_index[f->targets[t]];
		int d = b->distance[(size_t)goal * (size_t)b->square_count + square];
		if (d < least)
			least = d;
	}
	return least;
}

enum {
	ADVISOR_PACKING,
	ADVISOR_CONNECTIVITY,
	ADVISOR_PLAN,
	ADVISOR_ROOMS,
	ADVISOR_DISTANCE,
	ADVISOR_GAIN,
	ADVISOR_HOTSPOTS,
	ADVISORS
};

/* Does advisor a want move g at all, and is it better than `best`? Every
 * advisor but packing keeps the goals packed; ties go to the move that
 * brings its box nearer the next goals. */
static int advisor_prefers(int a, const fess_features *parent, int parent_hot, const glance *g,
                           const glance *best)
{
	int value, other;
	if (a != ADVISOR_PACKING && g->x.packed < parent->packed)
		return 0;
	switch (a) {
	case ADVISOR_PACKING:
		if (g->x.packed <= parent->packed)
			return 0;
		value = -g->x.packed;
		other = best ? -best->x.packed : 0;
		break;
	case ADVISOR_CONNECTIVITY:
		if (g->x.connectivity >= parent->connectivity)
			return 0;
		value = g->x.connectivity;
		other = best ? best->x.connectivity : 0;
		break;
	case ADVISOR_PLAN:
		if (g->x.out_of_plan >= parent->out_of_plan)
			return 0;
		value = g->x.out_of_plan;
		other = best ? best->x.out_of_plan : 0;
		break;
	case ADVISOR_ROOMS:
		if (g->x.rooms >= parent->rooms || g->x.connectivity > parent->connectivity)
			return 0;
		value = g->x.rooms;
		other = best ? best->x.rooms : 0;
		break;
	case ADVISOR_DISTANCE:
		if (g->closer >= 0 || g->x.connectivity > parent->connectivity ||
		    g->x.out_of_plan > parent->out_of_plan)
			return 0;
		value = g->left;
		other = best ? best->left : 0;
		break;
	case ADVISOR_HOTSPOTS:
		if (g->hot >= parent_hot || g->x.connectivity > parent->connectivity ||
		    g->x.out_of_plan > parent->out_of_plan)
			return 0;
		value = g->hot;
		other = best ? best->hot : 0;
		break;
	default:
		if (g->closer >= 0 || g->x.connectivity > parent->connectivity ||
		    g->x.out_of_plan > parent->out_of_plan)
			return 0;
		value = g->closer;
		other = best ? best->closer : 0;
		break;
	}
	return !best || value < other || (value == other && g->closer < best->closer);
}

/* The first visit of a node: the advisors each name at most one move —
 * the packing advisor one that packs more goals, the connectivity advisor
 * one that joins areas of floor, the plan advisor one that takes a box
 * out of a goal filled too early, the rooms advisor one that takes a box
 * out of a corridor between rooms (without splitting the floor), the
 * distance advisor one that leaves a box nearest the next goals, the gain
 * advisor one that brings a box nearest them by the most pushes and the
 * hotspots advisor one that leaves the fewest hotspots, the last three
 * without undoing the others — and
 * those children are made now at the node's own weight. A move that turns out
 * dead or known is replaced by the advisor's next choice (a few times).
 * The other moves wait, as one entry at weight + 1, for expand_rest; a
 * state with one move makes it now, at its own weight, and is done. */
static grow_result advise(fess *f, uint32_t index, uint32_t *solved)
{
	fnode *n = node_at(f, index);
	n->expanded = NODE_ADVISED;
	int moves = list_moves(f, n, index, 0);
	if (moves < 0) {
		clear_position(f, n);
		return GROW_NOMEM;
	}
	fess_features parent = features_from_key(f->cells[n->cell].features);
	int targets = fess_next_goals(&f->plan, f->c.occupied, f->targets);
	const board *b = f->c.b;
	const uint16_t *boxes = search_node_boxes(&f->store, n);
	/* The hotspots advisor in the even runs only (see the file's comment):
	 * it solves XSokoban 30 and 39 at once, and 62 not in 60 s. */
	int hot = f->run & 1 ? 0 : fess_hotspots_count(&f->hot, boxes, b->box_count, f->victims);
	glance *glances = f->glances;
	for (int k = 0; k < moves; k++) {
		if (search_out_of_time(&f->c)) {
			moves = k; /* a large level: fess_step stops on the clock */
			break;
		}
		const fess_move *m = &f->moves[k];
		glance *g = &glances[k];
		f->c.occupied[m->from] = 0;
		f->c.occupied[m->to] = 1;
		fess_packing_of(&f->plan, f->c.occupied, &g->x);
		f->c.occupied[m->to] = 0;
		f->c.occupied[m->from] = 1;
		g->x.connectivity = m->areas;
		g->x.rooms = rooms_after(f, m);
		g->state = GLANCE_OPEN;
		g->left = (int16_t)target_distance(f, m->to, targets);
		g->closer = (int16_t)(g->left - target_distance(f, m->from, targets));
		g->hot = (int16_t)(hot ? fess_hotspots_after(&f->hot, boxes, b->box_count,
		                                             f->victims, hot, m->from, m->to)
		                       : 0);
	}
	grow_result result = GROW_OK;
	for (int a = 0; a < ADVISORS && result == GROW_OK; a++) {
		for (int attempt = 0; attempt < 4 && result == GROW_OK; attempt++) {
			int pick = -1;
			for (int k = 0; k < moves; k++) {
				if (glances[k].state == GLANCE_REJECTED ||
				    !advisor_prefers(a, &parent, hot, &glances[k],
				                     pick < 0 ? NULL : &glances[pick]))
					continue;
				pick = k;
			}
			if (pick < 0 || glances[pick].state == GLANCE_MADE)
				break; /* nothing to advise, or advised already */
			const fess_move *m = &f->moves[pick];
			uint64_t before = f->c.stats.generated;
			f->c.occupied[m->from] = 0;
			f->c.occupied[m->to] = 1;
			result = add_child(f, index, m, n->weight, solved);
			f->c.occupied[m->to] = 0;
			f->c.occupied[m->from] = 1;
			int made = f->c.stats.generated != before;
			glances[pick].state = made ? GLANCE_MADE : GLANCE_REJECTED;
			if (made)
				break;
		}
	}
	/* A single move is forced: made now at the state's own weight, and no
	 * second visit (the file's comment). */
	if (f->forced_free && moves <= 1 && result == GROW_OK && !f->c.clock.passed) {
		if (moves == 1 && glances[0].state == GLANCE_OPEN) {
			const fess_move *m = &f->moves[0];
			f->c.occupied[m->from] = 0;
			f->c.occupied[m->to] = 1;
			result = add_child(f, index, m, n->weight, solved);
			f->c.occupied[m->to] = 0;
			f->c.occupied[m->from] = 1;
		}
		clear_position(f, n);
		if (result == GROW_OK)
			n->expanded = NODE_DONE;
		return result;
	}
	clear_position(f, n);
	if (result != GROW_OK)
		return result;
	/* The other moves, at one more weight. */
	heap *open = &f->cells[n->cell].open;
	uint64_t key = open_key(f, n, n->weight + 1, 1);
	hako_status st = heap_push(open, key, index);
	if (st == HAKO_ERR_NOMEM && make_room(f))
		st = heap_push(open, key, index);
	return st == HAKO_OK ? GROW_OK : GROW_NOMEM;
}

/* The second visit: every move not made yet. */
static grow_result expand_rest(fess *f, uint32_t index, uint32_t *solved)
{
	fnode *n = node_at(f, index);
	n->expanded = NODE_DONE;
	int moves = list_moves(f, n, index, 1);
	if (moves < 0) {
		clear_position(f, n);
		return GROW_NOMEM;
	}
	grow_result result = GROW_OK;
	for (int k = 0; k < moves && result == GROW_OK && !search_out_of_time(&f->c); k++) {
		const fess_move *m = &f->moves[k];
		f->c.occupied[m->from] = 0;
		f->c.occupied[m->to] = 1;
		result = add_child(f, index, m, n->weight + 1, solved);
		f->c.occupied[m->to] = 0;
		f->c.occupied[m->from] = 1;
	}
	clear_position(f, n);
	return result;
}

/* The pushes from the start to node `goal`, box move by box move. */
static hako_status collect_path(fess *f, uint32_t goal, search_result *out)
{
	const board *b = f->c.b;
	size_t depth = 0, total = 0;
	for (uint32_t i = goal; i != 0; i = node_at(f, i)->parent)
		depth++;
	uint32_t *chain = malloc(sizeof(uint32_t) * (depth + 1));
	if (!chain)
		return HAKO_ERR_NOMEM;
	for (uint32_t i = goal, k = (uint32_t)depth; i != 0; i = node_at(f, i)->parent)
		chain[--k] = i;
	int longest = 4 * b->square_count;
	size_t capacity = depth * 8 + (size_t)longest;
	out->pushes = malloc(sizeof(search_push) * capacity);
	hako_status st = out->pushes ? HAKO_OK : HAKO_ERR_NOMEM;
	for (int i = 0; i < b->box_count; i++)
		f->c.occupied[b->start_boxes[i]] = 1;
	reach_fill(&f->c.here, b, f->c.occupied, b->start_player);
	for (size_t k = 0; k < depth && st == HAKO_OK; k++) {
		fnode *n = node_at(f, chain[k]);
		fess_move move = {n->from, n->to, 0, n->dir, 0};
		if (total + (size_t)longest > capacity) {
			capacity = 2 * capacity + (size_t)longest;
			search_push *grown = realloc(out->pushes, sizeof(search_push) * capacity);
			if (!grown) {
				st = HAKO_ERR_NOMEM;
				break;
			}
			out->pushes = grown;
		}
		int pushes = fess_move_pushes(&f->mover, f->c.occupied, &f->c.here, &move,
		                              out->pushes + total, longest);
		if (pushes < 0) {
			st = HAKO_ERR_SOLUTION; /* a move that cannot be replayed: a bug */
			break;
		}
		total += (size_t)pushes;
		f->c.occupied[n->from] = 0;
		f->c.occupied[n->to] = 1;
		reach_fill(&f->c.here, b, f->c.occupied,
		           board_next(b, n->to, DIR_OPPOSITE(n->dir)));
	}
	memset(f->c.occupied, 0, (size_t)b->square_count);
	free(chain);
	if (st == HAKO_OK && f->met) {
		search_push *grown =
		    realloc(out->pushes, sizeof(search_push) * (total + f->walk.count + 1));
		if (grown) {
			out->pushes = grown;
			memcpy(out->pushes + total, f->walk.pushes,
			       sizeof(search_push) * f->walk.count);
			total += f->walk.count;
		} else {
			st = HAKO_ERR_NOMEM;
		}
	}
	out->push_count = total;
	return st;
}

static void fess_stats(const void *self, hako_stats *out)
{
	search_context_stats(&((const fess *)self)->c, out);
}

/* ---- stalls ------------------------------------------------------------ */
#define STALL_AFTER 1000u
#define STALL_EVERY 100u
#define STALL_STATES 4096u /* a search makes at most one state a push */
#define STALL_BUDGET 2000u
#define STALL_PATTERN_BYTES (256u << 10)
/* Fences (dead_stall.c, stall_learn_fences): a box of one that gets
 * farther than this from all of them escapes. FESS alone at 20,000
 * expansions, XSokoban: no escape 62, 1 step 61, 2 steps 63, 3 steps 63
 * (slower); BENCH.md. */
#define FENCE_RADIUS 2

static int stall_setup(fess *f)
{
	if (f->stall_ready)
		return f->stall_ready > 0;
	const board *b = f->c.b;
	f->stall_ready = -1;
	f->stalls = dead_pattern_new(b, &f->c.mem, STALL_PATTERN_BYTES);
	if (!f->stalls ||
	    stall_prover_init(&f->prover, b, &f->c.mem, STALL_STATES, &f->c.clock) != HAKO_OK) {
		dead_pattern_free(f->stalls);
		f->stalls = NULL;
		return 0;
	}
	f->stall_ready = 1;
	return 1;
}

/* Are node `index`'s boxes off the goals dead by themselves (every other
 * box removed)? If so, learns the smallest dead set of them; else tries
 * the fences around the pockets the player cannot reach. */
static void stall_test(fess *f, uint32_t index)
{
	if (!stall_setup(f))
		return;
	fnode *n = node_at(f, index);
	const uint16_t *boxes = search_node_boxes(&f->store, n);
	int learned = stall_learn(&f->prover, f->stalls, boxes, n->player, STALL_BUDGET, -1);
	if (!learned)
		learned = stall_learn_fences(&f->prover, f->stalls, boxes, n->player, STALL_BUDGET,
		                             FENCE_RADIUS);
	f->stall_learned += (uint64_t)learned;
}

/* Does a learned stall pattern match node `index`? */
static int stall_matches(fess *f, uint32_t index)
{
	if (f->stall_learned == 0)
		return 0;
	const board *b = f->c.b;
	fnode *n = node_at(f, index);
	const uint16_t *boxes = search_node_boxes(&f->store, n);
	for (int i = 0; i < b->box_count; i++)
		f->c.occupied[boxes[i]] = 1;
	deadlock_position p = {b, f->c.occupied, boxes, n->player};
	int dead = dead_pattern_match(f->stalls, &p, SQUARE_NONE, NULL);
	for (int i = 0; i < b->box_count; i++)
		f->c.occupied[boxes[i]] = 0;
	return dead;
}

static int finish(fess *f, search_result *result, hako_outcome outcome)
{
	result->outcome = outcome;
	fess_stats(f, &result->stats);
	return 1;
}

/* A move that cannot be replayed (a bug) still returns "solved" with the
 * pushes found so far: the caller's verifier then rejects them loudly. */
static int solved_at(fess *f, uint32_t goal, search_result *result)
{
	hako_status st = collect_path(f, goal, result);
	result->met = f->met;
	return finish(f, result, st == HAKO_ERR_NOMEM ? HAKO_MEMOUT : HAKO_SOLVED);
}

static int fess_step(void *self, uint64_t nodes, search_result *result)
{
	fess *f = self;
	memset(result, 0, sizeof *result);
	if (f->c.clock.passed)
		return finish(f, result, f->c.clock.why);
	if (f->out_of_memory)
		return finish(f, result, HAKO_MEMOUT);
	if (f->store.nodes.count > 0 && node_at(f, 0)->order == 0)
		return solved_at(f, 0, result);
	const hako_solver_options *o = &f->c.options;
	if (f->meet) {
		uint32_t met = sweep_met(f);
		if (met != NODE_NONE)
			return solved_at(f, met, result);
		if (f->c.clock.passed)
			return finish(f, result, f->c.clock.why);
	}
	for (uint64_t k = 0; k < nodes; k++) {
		if (o->node_limit && f->c.stats.expanded >= o->node_limit)
			return finish(f, result, HAKO_NODE_LIMIT);
		if (search_out_of_time(&f->c))
			return finish(f, result, f->c.clock.why);
		if (f->c.stats.expanded - f->run_from >= f->run_budget &&
		    fess_restart(f) != HAKO_OK) {
			f->out_of_memory = 1;
			return finish(f, result, HAKO_MEMOUT);
		}
		/* Every other pick from the cell of the best features found so far
		 * (Festival's loop: progress is followed up at once while the
		 * round robin keeps every cell in turn); else the next cell,
		 * round robin, that still has a state to expand. */
		uint32_t pick = NODE_NONE;
		if ((f->picks++ & 1) && f->cells[f->best_cell].open.count > 0)
			pick = heap_pop(&f->cells[f->best_cell].open).node;
		for (uint32_t tried = 0; tried < f->cell_count && pick == NODE_NONE; tried++) {
			cell *c = &f->cells[f->cursor];
			f->cursor = f->cursor + 1 < f->cell_count ? f->cursor + 1 : 0;
			if (c->open.count > 0)
				pick = heap_pop(&c->open).node;
		}
		if (pick == NODE_NONE) /* exhausted: a proof unless states were dropped */
			return finish(f, result,
			              f->c.stats.dropped > f->dropped_before ? HAKO_MEMOUT
			                                                     : HAKO_UNSOLVABLE);
		if (f->c.stats.expanded - f->best_at >= STALL_AFTER &&
		    f->c.stats.expanded >= f->next_stall) {
			f->next_stall = f->c.stats.expanded + STALL_EVERY;
			stall_test(f, pick);
		}
		if (stall_matches(f, pick)) {
			node_at(f, pick)->expanded = NODE_DONE;
			f->c.stats.pruned++;
			continue;
		}
		uint32_t solved = NODE_NONE;
		f->c.stats.expanded++;
		f->pinned = pick;
		grow_result grown = node_at(f, pick)->expanded == NODE_FRESH
		                        ? advise(f, pick, &solved)
		                        : expand_rest(f, pick, &solved);
		f->pinned = NODE_NONE;
		if (grown == GROW_SOLVED)
			return solved_at(f, solved, result);
		/* A node cut short by the clock proves nothing. */
		if (f->c.clock.passed)
			return finish(f, result, f->c.clock.why);
		if (grown == GROW_NOMEM) {
			f->out_of_memory = 1;
			return finish(f, result, HAKO_MEMOUT);
		}
	}
	return 0;
}

void search_fess_restarts(void *self, uint64_t unit, uint64_t first)
{
	fess *f = self;
	f->restart_unit = unit;
	f->restart_first = first;
	f->run_budget = restart_budget(f, f->run);
}

hako_status search_fess_plan(void *self, uint32_t expansions)
{
	fess *f = self;
	fess_plan_drop_backward(&f->plan);
	hako_status st = fess_plan_backward(&f->plan, f->c.b, &f->c.mem, &f->c.clock, expansions);
	if (st == HAKO_OK)
		st = start_run(f, 0);
	return st;
}

static void fess_share(void *self, perimeter *meet)
{
	((fess *)self)->meet = meet;
}

const search_engine search_engine_fess = {
    "fess", fess_open, fess_step, fess_stats, fess_close, fess_share, SEARCH_MEMORY_WEIGHT, 0, 0};

/* FESS without the forced-move rule: every state visited twice, as before
 * that rule. The rule is the stronger search on the whole, but it loses
 * XSokoban 52 (137,548 expansions without it; not solved in 479,089 with
 * it, nor by any of restarts 1-4's tie-breaks), so the portfolio runs
 * this one as well, on the second thread, once the level has resisted
 * the others for FESS_PLAIN_AFTER seconds (a run with a time limit no
 * longer than that leaves it out). Opened after 400,000 expansions
 * instead, it took most of that thread's time from the bidirectional
 * engines (a FESS expansion costs several of theirs) and GrigrSpecial 24
 * and 26, solved by them near 8 and 9 s, were lost at 10 s (BENCH.md). */
#define FESS_PLAIN_AFTER 10.0

const search_engine search_engine_fess_plain = {
    "fess-plain", fess_plain_open,      fess_step, fess_stats,      fess_close,
    fess_share,   SEARCH_MEMORY_WEIGHT, 0,         FESS_PLAIN_AFTER};
