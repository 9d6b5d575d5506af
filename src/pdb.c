/* pdb.c — pattern databases over pairs of boxes: for every two squares a
 * and c and every side the player may be on, the exact pushes two boxes
 * there need to stand on two distinct goals when no other box is on the
 * board, found once per level by a breadth-first search of pulls from
 * every pair of goals (the "abstraction" of Culberson and Schaeffer's
 * pattern databases, over the box groups Pereira, Ritt and Buriol used for
 * Sokoban; our own code).
 *
 * A pair state is (a, c, the player's region in the floor without a and
 * c). Regions are named by the slots they touch: the four neighbours of a
 * and of c. A region that touches no slot cannot push either box, so only
 * the slot-touching regions matter, and all slots of one region share one
 * value.
 *
 * Why a pair's value is a lower bound on the real pushes of its two boxes
 * (admissible): take any solution of the real position and keep only the
 * pushes of boxes a and c. Between two of them a and c stand still, so
 * the player's real walk never crosses their squares; with the other
 * boxes gone every such walk and push is still legal (fewer obstacles),
 * and the player starts in a region of the real position, which lies
 * inside the pair region we look up (a real flood is a subset of the
 * two-box flood that contains it). At the end a and c stand on two
 * distinct goals. So those pushes solve the pair problem, and the pair's
 * exact optimum is at most them.
 *
 * Combining with the matching bound H (bound.c). Adding a pair's excess
 * over its two matching distances to H is NOT admissible: the goals the
 * matching gives a and c may cost more than the goals their own optimum
 * uses, with no extra push in the real solution. What is admissible:
 * choose disjoint pairs P1..Pk. Pushes are of one box each, so the real
 * total is at least the sum of the pushes on each pair plus the pushes on
 * the remaining boxes; each pair's pushes are at least its value, and the
 * remaining boxes end on distinct goals, so their pushes are at least the
 * cheapest assignment of them to distinct goals (bound_matching_skip).
 * So P = sum of pair values + matching of the rest is a lower bound, and
 * so is max(H, P) — the bound used. The restriction of H's matching to the
 * rest is one such assignment, so P <= H + sum over the pairs of (value -
 * matching distances of the pair): pairs are chosen greedily by that
 * excess, and when no pair has one, P cannot beat H and is not computed.
 * A pair of infinite value can never be solved, so neither can the
 * position (a dead group: pdb_bound reports it as BOUND_INFINITE and the
 * search prunes it like a bipartite deadlock).
 *
 * Built within a budget (bytes, expanded states, seconds: a fraction of
 * the level's); over it, no table and the plain matching bound. The
 * state budget makes the table, and so the search, the same every run. */
#include "pdb.h"

#include <stdlib.h>
#include <string.h>

#include "search.h"

#define PDB_CAP 254u
#define PDB_MAX_BOXES 100 /* pair lookups grow as boxes^2 per node */

static size_t pair_index(unsigned a, unsigned c)
{
	return (size_t)c * (c - 1) / 2 + a; /* a < c */
}

/* The square a slot names: a neighbour of a (0-3) or of c (4-7);
 * SQUARE_NONE for a wall or the other box. */
static unsigned slot_square(const board *b, unsigned a, unsigned c, unsigned slot)
{
	unsigned box = slot < 4 ? a : c, other = slot < 4 ? c : a;
	unsigned q = board_next(b, box, slot & 3u);
	return q == other ? SQUARE_NONE : q;
}

/* The inverse of pair_index: the largest c with c (c - 1) / 2 <= pair. */
static void pair_of(size_t pair, unsigned *a, unsigned *c)
{
	size_t low = 1, high = BOARD_MAX_SQUARES;
	while (low < high) {
		size_t mid = (low + high + 1) / 2;
		if (mid * (mid - 1) / 2 <= pair)
			low = mid;
		else
			high = mid - 1;
	}
	*c = (unsigned)low;
	*a = (unsigned)(pair - low * (low - 1) / 2);
}

typedef struct builder {
	const board *b;
	uint8_t *cost, *expanded, *occupied;
	uint32_t *queue;
	size_t tail;
	reach r;
} builder;

static void discover(builder *w, size_t entry, uint32_t depth)
{
	if (w->cost[entry] != PDB_INFINITE)
		return;
	w->cost[entry] = (uint8_t)(depth < PDB_CAP ? depth : PDB_CAP);
	w->queue[w->tail++] = (uint32_t)entry;
}

/* Expand the state of one queue entry: mark its region's slots, then
 * discover every state one pull back. */
static void expand(builder *w, uint32_t entry, uint32_t depth)
{
	const board *b = w->b;
	size_t pair = entry / PDB_SLOTS;
	unsigned a, c;
	pair_of(pair, &a, &c);
	unsigned start = slot_square(b, a, c, entry % PDB_SLOTS);
	w->occupied[a] = w->occupied[c] = 1;
	reach_fill(&w->r, b, w->occupied, start);
	for (unsigned slot = 0; slot < PDB_SLOTS; slot++) {
		unsigned q = slot_square(b, a, c, slot);
		if (q == SQUARE_NONE || !reach_has(&w->r, q))
			continue;
		/* A slot of this region may have been discovered one layer
		 * later through another pull before this entry came off the
		 * queue: the region's value is this one, the smallest. */
		uint8_t value = (uint8_t)(depth < PDB_CAP ? depth : PDB_CAP);
		w->expanded[pair * PDB_SLOTS + slot] = 1;
		if (w->cost[pair * PDB_SLOTS + slot] > value)
			w->cost[pair * PDB_SLOTS + slot] = value;
	}
	for (unsigned k = 0; k < 2; k++) {
		unsigned x = k ? c : a, other = k ? a : c;
		for (unsigned d = 0; d < 4; d++) {
			/* Pull x from the player's square y (beside it) back to y,
			 * the player stepping on to z: forward, the player on z
			 * pushed the box from y to x. */
			unsigned y = board_next(b, x, d);
			if (y == SQUARE_NONE || !reach_has(&w->r, y))
				continue;
			unsigned z = board_next(b, y, d);
			if (z == SQUARE_NONE || z == other)
				continue;
			size_t e = y < other ? pair_index(y, other) * PDB_SLOTS + d
			                     : pair_index(other, y) * PDB_SLOTS + 4 + d;
			discover(w, e, depth + 1);
		}
	}
	w->occupied[a] = w->occupied[c] = 0;
}

/* The nearest goal's distance of each square (uint16 minimum), then the
 * pairs worth looking up. */
static void mark_interesting(pdb *p, const board *b)
{
	size_t n = (size_t)b->square_count;
	uint16_t *nearest = malloc(sizeof(uint16_t) * n);
	if (!nearest) {
		memset(p->interesting, 1, n * (n - 1) / 2);
		return;
	}
	distance_nearest_goal(b, nearest);
	for (unsigned c = 1; c < n; c++)
		for (unsigned a = 0; a < c; a++) {
			size_t pair = pair_index(a, c);
			uint32_t alone = (uint32_t)nearest[a] + nearest[c];
			uint8_t any = 0;
			for (unsigned slot = 0; slot < PDB_SLOTS && !any; slot++)
				if (slot_square(b, a, c, slot) != SQUARE_NONE)
					any = p->cost[pair * PDB_SLOTS + slot] == PDB_INFINITE ||
					      p->cost[pair * PDB_SLOTS + slot] > alone;
			p->interesting[pair] = any;
		}
	free(nearest);
}

static int build_table(pdb *p, const board *b, const pdb_budget *budget)
{
	builder w = {.b = b};
	size_t n = (size_t)b->square_count;
	size_t entries = n * (n - 1) / 2 * PDB_SLOTS;
	size_t need = entries * (2 + sizeof(uint32_t)) + entries / PDB_SLOTS + n +
	              reach_bytes(b->square_count);
	if (need > budget->bytes)
		return 0;
	p->interesting = memory_alloc(p->mem, entries / PDB_SLOTS);
	w.cost = memory_alloc(p->mem, entries);
	w.expanded = memory_calloc(p->mem, entries);
	w.queue = memory_alloc(p->mem, entries * sizeof(uint32_t));
	w.occupied = memory_calloc(p->mem, n + 1);
	/* The flood's arrays are malloc'd by reach_init: charged by hand. */
	int charged = w.cost && w.expanded && w.queue && w.occupied &&
	              memory_charge(p->mem, reach_bytes(b->square_count));
	int ok = charged && reach_init(&w.r, b->square_count) == HAKO_OK;
	double started = search_now();
	if (ok) {
		memset(w.cost, PDB_INFINITE, entries);
		for (int i = 0; i < b->box_count; i++)
			for (int j = i + 1; j < b->box_count; j++) {
				unsigned g1 = b->goals[i], g2 = b->goals[j]; /* ascending */
				for (unsigned slot = 0; slot < PDB_SLOTS; slot++)
					if (slot_square(b, g1, g2, slot) != SQUARE_NONE)
						discover(&w, pair_index(g1, g2) * PDB_SLOTS + slot,
						         0);
			}
		size_t head = 0, layer_end = w.tail;
		uint32_t depth = 0;
		uint64_t states = 0;
		while (head < w.tail) {
			if (head == layer_end) {
				depth++;
				layer_end = w.tail;
			}
			uint32_t entry = w.queue[head++];
			if (w.expanded[entry])
				continue;
			if (++states > budget->states ||
			    ((states & 1023) == 0 && budget->seconds > 0 &&
			     search_now() - started > budget->seconds)) {
				ok = 0;
				break;
			}
			expand(&w, entry, depth);
		}
		p->built_states = states;
	}
	if (w.r.stamp)
		reach_free(&w.r);
	if (charged)
		p->mem->used -= reach_bytes(b->square_count);
	memory_free(p->mem, w.expanded, entries);
	memory_free(p->mem, w.queue, entries * sizeof(uint32_t));
	memory_free(p->mem, w.occupied, n + 1);
	if (!ok || !p->interesting) {
		memory_free(p->mem, w.cost, entries);
		memory_free(p->mem, p->interesting, entries / PDB_SLOTS);
		p->interesting = NULL;
		return 0;
	}
	p->cost = w.cost;
	p->entries = entries;
	mark_interesting(p, b);
	return 1;
}

hako_status pdb_build(pdb *p, const board *b, memory *mem, const pdb_budget *budget)
{
	memset(p, 0, sizeof *p);
	p->mem = mem;
	p->square_count = b->square_count;
	p->box_count = b->box_count;
	int n = b->box_count;
	if (n < 2 || n > PDB_MAX_BOXES || b->square_count < 2)
		return HAKO_OK;
	size_t pairs = (size_t)n * (size_t)(n - 1) / 2;
	p->bytes = sizeof(uint32_t) * ((size_t)n + pairs) + (size_t)n;
	p->assigned = memory_alloc(mem, sizeof(uint32_t) * (size_t)n);
	p->candidates = memory_alloc(mem, sizeof(uint32_t) * pairs);
	p->grouped = memory_alloc(mem, (size_t)n);
	if (!p->assigned || !p->candidates || !p->grouped) {
		pdb_free(p);
		return HAKO_ERR_NOMEM;
	}
	p->ready = build_table(p, b, budget);
	return HAKO_OK;
}

hako_status pdb_build_zones(pdb *p, const board *b, memory *mem, const pdb_budget *budget,
                            const struct symmetry *sym, uint32_t start_bound, unsigned depth)
{
	pdb_zones_free(&p->zones);
	return pdb_zones_build(&p->zones, b, mem, budget, sym, start_bound, depth);
}

void pdb_free(pdb *p)
{
	pdb_zones_free(&p->zones);
	if (!p->mem)
		return;
	int n = p->box_count;
	size_t pairs = n > 1 ? (size_t)n * (size_t)(n - 1) / 2 : 0;
	if (p->assigned || p->candidates || p->grouped) {
		memory_free(p->mem, p->assigned, sizeof(uint32_t) * (size_t)n);
		memory_free(p->mem, p->candidates, sizeof(uint32_t) * pairs);
		memory_free(p->mem, p->grouped, (size_t)n);
	}
	if (p->cost)
		memory_free(p->mem, p->cost, p->entries);
	if (p->interesting)
		memory_free(p->mem, p->interesting, p->entries / PDB_SLOTS);
	memset(p, 0, sizeof *p);
}

uint32_t pdb_pair(const pdb *p, const board *b, unsigned a, unsigned c, const reach *player)
{
	if (a > c) {
		unsigned t = a;
		a = c;
		c = t;
	}
	const uint8_t *entry = p->cost + pair_index(a, c) * PDB_SLOTS;
	unsigned best = PDB_INFINITE;
	for (unsigned slot = 0; slot < PDB_SLOTS; slot++) {
		unsigned q = slot_square(b, a, c, slot);
		if (q == SQUARE_NONE)
			continue;
		/* A slot the player can walk to names its region exactly. */
		if (player && reach_has(player, q))
			return entry[slot];
		if (entry[slot] < best)
			best = entry[slot];
	}
	return best;
}

static int by_gain_descending(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, c = *(const uint32_t *)y;
	return a < c ? 1 : a > c ? -1 : 0;
}

static uint32_t pair_bound(pdb *p, bound *bd, const board *b, const uint16_t *boxes,
                           const reach *player, uint32_t matching)
{
	if (!p->ready || matching == BOUND_INFINITE)
		return matching;
	p->stats.lookups++;
	int n = p->box_count;
	bound_assigned(bd, p->assigned);
	size_t count = 0;
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			unsigned a = boxes[i], c = boxes[j];
			if (!p->interesting[a < c ? pair_index(a, c) : pair_index(c, a)])
				continue;
			uint32_t value = pdb_pair(p, b, a, c, player);
			if (value == PDB_INFINITE) {
				p->stats.dead++;
				return BOUND_INFINITE;
			}
			uint32_t matched = p->assigned[i] + p->assigned[j];
			if (value > matched)
				p->candidates[count++] =
				    (value - matched) << 20 | (uint32_t)i << 10 | (uint32_t)j;
		}
	if (count == 0)
		return matching;
	qsort(p->candidates, count, sizeof(uint32_t), by_gain_descending);
	memset(p->grouped, 0, (size_t)n);
	uint32_t pairs_total = 0;
	for (size_t k = 0; k < count; k++) {
		unsigned i = (p->candidates[k] >> 10) & 1023u, j = p->candidates[k] & 1023u;
		if (p->grouped[i] || p->grouped[j])
			continue;
		p->grouped[i] = p->grouped[j] = 1;
		pairs_total += (p->candidates[k] >> 20) + p->assigned[i] + p->assigned[j];
	}
	uint32_t rest = bound_matching_freed(bd, p->grouped);
	if (rest == BOUND_INFINITE)
		return BOUND_INFINITE; /* cannot happen: fewer rows to place than H placed */
	uint32_t total = pairs_total + rest;
	if (total <= matching)
		return matching;
	p->stats.raised++;
	return total;
}

/* The larger of the pairs' bound and the zones' (both lower bounds: the
 * proofs are above and in pdb_zone.c). */
uint32_t pdb_bound(pdb *p, bound *bd, const board *b, const uint16_t *boxes, const reach *player,
                   uint32_t matching, uint32_t floor)
{
	uint32_t h = pair_bound(p, bd, b, boxes, player, matching);
	if (h == BOUND_INFINITE || !p->zones.ready)
		return h;
	/* The zones' split search stops at max(h, floor): a split worth no
	 * more is worth nothing here. What it returns is then either the
	 * least over the splits (a lower bound) or a value no more than floor
	 * (a lower bound when floor is). */
	uint32_t zones = pdb_zones_bound(&p->zones, b, boxes, player, h > floor ? h : floor);
	return zones > h ? zones : h;
}
