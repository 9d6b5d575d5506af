/* fess_pullplan.c — the packing plan from a backward search with sinks.
 *
 * The idea is Festival's (Shoham and Schaeffer, "The FESS algorithm", CoG
 * 2020, and Festival's strategy A): search backward from the solved
 * position, pulling boxes, and take a box off the board ("sink" it) when a
 * pull brings it onto one of the boxes' start squares (a base) and the
 * boxes left can still each be matched to a base of their own. The pulls
 * from the solved position to the best backward position, reversed, are a
 * concrete plan: every step sends a box to a square and keeps it there
 * until a later step moves it on, or for good. A square a box waits on
 * before its goal is a parking place; a box the backward search never
 * took off the board stands where the search left it ("initial" steps
 * first). The code is ours.
 *
 * The backward search is greedy best-first over box moves made of pulls
 * (fess_box_pulls), newest first among equals, on Festival's backward
 * order: fewer boxes on the board, fewer areas of free floor, fewer boxes
 * on goals, then boxes farther from the goals. When a sinking pull exists
 * the node has only sinking children, one a box. A position whose boxes
 * cannot all be matched to free bases (box-reachability on the empty
 * board) cannot come from the start and is not kept.
 *
 * The plan is advice for FESS's features (fess_packing_of, fess_next_goals)
 * and never a constraint: no solution is lost by a bad one. */
#include <string.h>

#include "deadline.h"
#include "fess.h"
#include "heap.h"

#define PULL_MAX_BOXES 64
#define NO_SLOT (-1)

typedef struct pnode {
	uint64_t used;   /* bases sunk into */
	uint32_t parent; /* UINT32_MAX for a root */
	uint16_t from, to;
	uint16_t player; /* normalized */
	uint8_t sunk;
	uint8_t on_board;
} pnode;

typedef struct puller {
	const board *b;
	memory *mem;
	int n, boxes;
	/* bases: base_of[square] = 1 + base index; can[j * n + s]: a lone box
	 * on base j can be pushed to s. */
	uint16_t *base_of;
	uint8_t *can;
	uint16_t *nearest; /* per square: pushes to the nearest goal */
	/* nodes */
	pnode *nodes;
	uint16_t *squares; /* boxes per node, ascending, SQUARE_NONE when sunk */
	uint32_t count, capacity, max_capacity; /* the store grows to max_capacity */
	uint32_t *slots;
	uint32_t slot_mask;
	heap open;
	/* scratch */
	uint8_t *occupied;
	uint32_t *stamp;
	uint32_t generation;
	uint16_t *queue;
	fess_move *moves;
	int move_capacity;
	int box_match[PULL_MAX_BOXES], base_match[PULL_MAX_BOXES];
	uint16_t sq[PULL_MAX_BOXES];
	uint32_t seen[PULL_MAX_BOXES], seen_gen;
	fess_mover mover;
	reach r;
} puller;

static uint64_t hash_node(const puller *p, const uint16_t *sq, uint16_t player, uint64_t used)
{
	uint64_t h = 0xcbf29ce484222325ull ^ player ^ used * 0x9E3779B97F4A7C15ull;
	for (int i = 0; i < p->boxes; i++)
		h = (h ^ sq[i]) * 0x100000001b3ull;
	return h ^ h >> 31;
}

/* The node equal to (sq, player, used), or UINT32_MAX; *slot is where it
 * would go. */
static uint32_t find_node(const puller *p, const uint16_t *sq, uint16_t player, uint64_t used,
                          uint32_t *slot)
{
	uint32_t i = (uint32_t)hash_node(p, sq, player, used) & p->slot_mask;
	while (p->slots[i]) {
		uint32_t k = p->slots[i] - 1;
		const pnode *x = &p->nodes[k];
		if (x->player == player && x->used == used &&
		    memcmp(p->squares + (size_t)k * (size_t)p->boxes, sq,
		           sizeof(uint16_t) * (size_t)p->boxes) == 0)
			return k;
		i = (i + 1) & p->slot_mask;
	}
	*slot = i;
	return UINT32_MAX;
}

/* Kuhn's augmenting path from box slot i over free bases. */
static int augment(puller *p, int i, uint64_t used)
{
	for (int j = 0; j < p->boxes; j++) {
		if ((used >> j & 1u) || p->seen[j] == p->seen_gen ||
		    !p->can[(size_t)j * (size_t)p->n + p->sq[i]])
			continue;
		p->seen[j] = p->seen_gen;
		if (p->base_match[j] == NO_SLOT || augment(p, p->base_match[j], used)) {
			p->base_match[j] = i;
			p->box_match[i] = j;
			return 1;
		}
	}
	return 0;
}

static int augment_fresh(puller *p, int i, uint64_t used)
{
	if (++p->seen_gen == 0) {
		memset(p->seen, 0, sizeof p->seen);
		p->seen_gen = 1;
	}
	return augment(p, i, used);
}

/* A full matching of the boxes in p->sq to the free bases. */
static int match_all(puller *p, uint64_t used)
{
	for (int j = 0; j < p->boxes; j++)
		p->base_match[j] = NO_SLOT;
	for (int i = 0; i < p->boxes; i++) {
		p->box_match[i] = NO_SLOT;
		if (p->sq[i] != SQUARE_NONE && !augment_fresh(p, i, used))
			return 0;
	}
	return 1;
}

/* Does the matching survive box slot i going to `to` (sink: onto base
 * `base`, leaving the board)? Works on copies; p->sq[i] is restored. */
static int match_after(puller *p, int i, unsigned to, int base, uint64_t used)
{
	int box_keep[PULL_MAX_BOXES], base_keep[PULL_MAX_BOXES];
	memcpy(box_keep, p->box_match, sizeof box_keep);
	memcpy(base_keep, p->base_match, sizeof base_keep);
	uint16_t old = p->sq[i];
	int ok = 1;
	int j = p->box_match[i];
	p->base_match[j] = NO_SLOT;
	p->box_match[i] = NO_SLOT;
	if (base >= 0) {
		int other = p->base_match[base];
		used |= 1ull << base;
		p->sq[i] = SQUARE_NONE;
		if (other != NO_SLOT) {
			p->base_match[base] = NO_SLOT;
			p->box_match[other] = NO_SLOT;
			ok = augment_fresh(p, other, used);
		}
	} else {
		p->sq[i] = (uint16_t)to;
		ok = augment_fresh(p, i, used);
	}
	p->sq[i] = old;
	memcpy(p->box_match, box_keep, sizeof box_keep);
	memcpy(p->base_match, base_keep, sizeof base_keep);
	return ok;
}

static unsigned areas_of(puller *p)
{
	return reach_count_areas(p->b, p->occupied, p->stamp, &p->generation, p->queue);
}

/* The order, least first: boxes on the board, areas, boxes on goals,
 * farther from the goals, newest. p->occupied holds the position. */
static uint64_t order_key(puller *p, const uint16_t *sq, uint32_t index)
{
	unsigned on_board = 0, on_goals = 0, far = 0;
	for (int i = 0; i < p->boxes; i++) {
		if (sq[i] == SQUARE_NONE)
			continue;
		on_board++;
		on_goals += p->b->is_goal[sq[i]];
		far += p->nearest[sq[i]] == DISTANCE_INFINITE ? 0 : p->nearest[sq[i]];
	}
	unsigned areas = areas_of(p);
	if (areas > 63)
		areas = 63;
	if (far > 0x3FFF)
		far = 0x3FFF;
	return (uint64_t)on_board << 57 | (uint64_t)areas << 51 | (uint64_t)on_goals << 44 |
	       (uint64_t)(0x3FFF - far) << 30 | (uint64_t)(0x3FFFFFFFu - (index & 0x3FFFFFFFu));
}

static void load(puller *p, uint32_t k)
{
	memset(p->occupied, 0, (size_t)p->n);
	memcpy(p->sq, p->squares + (size_t)k * (size_t)p->boxes,
	       sizeof(uint16_t) * (size_t)p->boxes);
	for (int i = 0; i < p->boxes; i++)
		if (p->sq[i] != SQUARE_NONE)
			p->occupied[p->sq[i]] = 1;
}

static void sort_squares(uint16_t *sq, int count)
{
	for (int i = 1; i < count; i++) {
		uint16_t v = sq[i];
		int j = i;
		while (j > 0 && sq[j - 1] > v) {
			sq[j] = sq[j - 1];
			j--;
		}
		sq[j] = v;
	}
}

/* The node records and their boxes: one block of `capacity` of each. */
static size_t store_bytes(const puller *p, uint32_t capacity)
{
	return (sizeof(pnode) + sizeof(uint16_t) * (size_t)p->boxes) * capacity;
}

static int store_alloc(puller *p, uint32_t capacity)
{
	unsigned char *block = memory_alloc(p->mem, store_bytes(p, capacity));
	if (!block)
		return 0;
	pnode *nodes = (pnode *)(void *)block;
	uint16_t *squares = (uint16_t *)(void *)(nodes + capacity);
	if (p->nodes) {
		memcpy(nodes, p->nodes, sizeof(pnode) * p->count);
		memcpy(squares, p->squares, sizeof(uint16_t) * (size_t)p->boxes * p->count);
		memory_free(p->mem, p->nodes, store_bytes(p, p->capacity));
	}
	p->nodes = nodes;
	p->squares = squares;
	p->capacity = capacity;
	return 1;
}

/* Twice the room for nodes (up to max_capacity), the slots rebuilt. */
static int grow(puller *p)
{
	if (p->capacity >= p->max_capacity)
		return 0;
	uint32_t capacity = p->capacity * 2 < p->max_capacity ? p->capacity * 2 : p->max_capacity;
	uint32_t slots = p->slot_mask + 1;
	while (slots < 2 * capacity)
		slots <<= 1;
	uint32_t *table = memory_calloc(p->mem, sizeof(uint32_t) * slots);
	if (!table)
		return 0;
	if (!store_alloc(p, capacity)) {
		memory_free(p->mem, table, sizeof(uint32_t) * slots);
		return 0;
	}
	memory_free(p->mem, p->slots, sizeof(uint32_t) * ((size_t)p->slot_mask + 1));
	p->slots = table;
	p->slot_mask = slots - 1;
	size_t B = (size_t)p->boxes;
	for (uint32_t k = 0; k < p->count; k++) {
		const pnode *x = &p->nodes[k];
		uint32_t i =
		    (uint32_t)hash_node(p, p->squares + (size_t)k * B, x->player, x->used) &
		    p->slot_mask;
		while (p->slots[i])
			i = (i + 1) & p->slot_mask;
		p->slots[i] = k + 1;
	}
	return 1;
}

/* Store a node (p->occupied is its position); its index, or UINT32_MAX
 * when known or the store is full. */
static uint32_t add_node(puller *p, const uint16_t *sq, uint16_t player, uint64_t used,
                         uint32_t parent, unsigned from, unsigned to, int sunk, uint64_t *key)
{
	uint32_t slot;
	if (find_node(p, sq, player, used, &slot) != UINT32_MAX)
		return UINT32_MAX;
	if (p->count >= p->capacity) {
		if (!grow(p))
			return UINT32_MAX;
		find_node(p, sq, player, used, &slot);
	}
	uint32_t k = p->count++;
	pnode *x = &p->nodes[k];
	x->used = used;
	x->parent = parent;
	x->from = (uint16_t)from;
	x->to = (uint16_t)to;
	x->player = player;
	x->sunk = (uint8_t)sunk;
	unsigned on_board = 0;
	for (int i = 0; i < p->boxes; i++)
		on_board += sq[i] != SQUARE_NONE;
	x->on_board = (uint8_t)on_board;
	memcpy(p->squares + (size_t)k * (size_t)p->boxes, sq, sizeof(uint16_t) * (size_t)p->boxes);
	p->slots[slot] = k + 1;
	*key = order_key(p, sq, k);
	if (heap_push(&p->open, *key, k) != HAKO_OK)
		return UINT32_MAX;
	return k;
}

static void puller_free(puller *p)
{
	size_t n = (size_t)p->n, B = (size_t)p->boxes;
	heap_free(&p->open);
	fess_mover_free(&p->mover);
	reach_free(&p->r);
	memory_free(p->mem, p->base_of, n * sizeof(uint16_t));
	memory_free(p->mem, p->nearest, n * sizeof(uint16_t));
	memory_free(p->mem, p->can, B * n);
	if (p->nodes)
		memory_free(p->mem, p->nodes, store_bytes(p, p->capacity));
	memory_free(p->mem, p->slots, sizeof(uint32_t) * ((size_t)p->slot_mask + 1));
	memory_free(p->mem, p->occupied, n);
	memory_free(p->mem, p->stamp, n * sizeof(uint32_t));
	memory_free(p->mem, p->queue, n * sizeof(uint16_t));
	memory_free(p->mem, p->moves, sizeof(fess_move) * (size_t)p->move_capacity);
}

static hako_status puller_init(puller *p, const board *b, memory *mem, uint32_t max_capacity)
{
	uint32_t capacity = max_capacity < 256 ? max_capacity : 256;
	memset(p, 0, sizeof *p);
	p->b = b;
	p->mem = mem;
	p->n = b->square_count;
	p->boxes = b->box_count;
	size_t n = (size_t)p->n, B = (size_t)p->boxes;
	p->max_capacity = max_capacity;
	uint32_t slots = 1;
	while (slots < 2 * capacity)
		slots <<= 1;
	p->slot_mask = slots - 1;
	p->move_capacity = 4 * p->n + 16;
	heap_init(&p->open, mem);
	p->base_of = memory_calloc(mem, n * sizeof(uint16_t));
	p->nearest = memory_alloc(mem, n * sizeof(uint16_t));
	p->can = memory_calloc(mem, B * n);
	p->slots = memory_calloc(mem, sizeof(uint32_t) * slots);
	p->occupied = memory_calloc(mem, n);
	p->stamp = memory_calloc(mem, n * sizeof(uint32_t));
	p->queue = memory_alloc(mem, n * sizeof(uint16_t));
	p->moves = memory_alloc(mem, sizeof(fess_move) * (size_t)p->move_capacity);
	if (!store_alloc(p, capacity) || !p->base_of || !p->nearest || !p->can || !p->slots ||
	    !p->occupied || !p->stamp || !p->queue || !p->moves)
		return HAKO_ERR_NOMEM;
	hako_status st = fess_mover_init(&p->mover, b, mem);
	if (st == HAKO_OK)
		st = reach_init(&p->r, p->n);
	if (st != HAKO_OK)
		return st;
	distance_nearest_goal(b, p->nearest);
	/* Where a lone box on each base can be pushed to. */
	uint16_t *state = memory_alloc(mem, n * DISTANCE_SIDES * sizeof(uint16_t));
	uint32_t *queue = memory_alloc(mem, n * DISTANCE_SIDES * sizeof(uint32_t));
	uint16_t *dist = memory_alloc(mem, n * sizeof(uint16_t));
	if (!state || !queue || !dist)
		st = HAKO_ERR_NOMEM;
	for (size_t j = 0; j < B && st == HAKO_OK; j++) {
		unsigned base = b->start_boxes[j];
		p->base_of[base] = (uint16_t)(j + 1);
		distance_lone_box(b, base, 1, state, queue, dist);
		for (size_t s = 0; s < n; s++)
			p->can[j * n + s] = dist[s] != DISTANCE_INFINITE;
	}
	memory_free(mem, state, n * DISTANCE_SIDES * sizeof(uint16_t));
	memory_free(mem, queue, n * DISTANCE_SIDES * sizeof(uint32_t));
	memory_free(mem, dist, n * sizeof(uint16_t));
	return st;
}

/* Expand node k: every pull move of every box; only sinking ones when
 * there are any, one a box. Tracks the best node in *best. */
static hako_status expand(puller *p, uint32_t k, uint32_t *best, uint64_t *best_key)
{
	const board *b = p->b;
	const pnode x = p->nodes[k];
	load(p, k);
	if (!match_all(p, x.used))
		return HAKO_OK;
	reach_fill(&p->r, b, p->occupied, x.player);
	int total = 0;
	int first_of[PULL_MAX_BOXES];
	for (int i = 0; i < p->boxes; i++) {
		first_of[i] = total;
		if (p->sq[i] == SQUARE_NONE)
			continue;
		int got = fess_box_pulls(&p->mover, p->occupied, p->sq[i], &p->r, p->moves + total,
		                         p->move_capacity - total);
		total += got < p->move_capacity - total ? got : p->move_capacity - total;
	}
	/* Sinking moves: one a box, the fewest pulls (the first found). */
	int sink_move[PULL_MAX_BOXES], sinks = 0;
	for (int i = 0; i < p->boxes; i++) {
		sink_move[i] = -1;
		int end = i + 1 < p->boxes ? first_of[i + 1] : total;
		for (int m = first_of[i]; m < end && p->sq[i] != SQUARE_NONE; m++) {
			unsigned to = p->moves[m].to;
			int base = (int)p->base_of[to] - 1;
			if (base < 0 || (x.used >> base & 1u))
				continue;
			if (match_after(p, i, to, base, x.used)) {
				sink_move[i] = m;
				sinks++;
				break;
			}
		}
	}
	uint16_t child[PULL_MAX_BOXES];
	for (int i = 0; i < p->boxes; i++) {
		int end = i + 1 < p->boxes ? first_of[i + 1] : total;
		for (int m = first_of[i]; m < end && p->sq[i] != SQUARE_NONE; m++) {
			if (sinks > 0 && m != sink_move[i])
				continue;
			const fess_move *mv = &p->moves[m];
			int sunk = sinks > 0;
			if (!sunk && !match_after(p, i, mv->to, -1, x.used))
				continue;
			memcpy(child, p->sq, sizeof(uint16_t) * (size_t)p->boxes);
			child[i] = sunk ? SQUARE_NONE : mv->to;
			sort_squares(child, p->boxes);
			uint64_t used = x.used;
			p->occupied[mv->from] = 0;
			if (sunk)
				used |= 1ull << (p->base_of[mv->to] - 1);
			else
				p->occupied[mv->to] = 1;
			unsigned at = board_next(b, mv->to, mv->dir);
			uint16_t player = reach_fill(&p->r, b, p->occupied, at);
			uint64_t key = 0;
			uint32_t c =
			    add_node(p, child, player, used, k, mv->from, mv->to, sunk, &key);
			p->occupied[mv->to] = 0;
			p->occupied[mv->from] = 1;
			if (c != UINT32_MAX && key < *best_key) {
				*best_key = key;
				*best = c;
			}
		}
	}
	return HAKO_OK;
}

/* The plan's steps from the path root -> best (see the file's comment). */
static hako_status make_entries(fess_plan *plan, puller *p, uint32_t best)
{
	const board *b = p->b;
	uint32_t len = 0;
	for (uint32_t k = best; p->nodes[k].parent != UINT32_MAX; k = p->nodes[k].parent)
		len++;
	/* Backward moves m_1..m_len from the root: path[i - 1]. */
	uint32_t *path = memory_alloc(p->mem, sizeof(uint32_t) * (len + 1));
	if (!path)
		return HAKO_ERR_NOMEM;
	{
		uint32_t i = len;
		for (uint32_t k = best; p->nodes[k].parent != UINT32_MAX; k = p->nodes[k].parent)
			path[--i] = k;
	}
	const uint16_t *left = p->squares + (size_t)best * (size_t)p->boxes;
	int initial = 0;
	for (int i = 0; i < p->boxes; i++)
		initial += left[i] != SQUARE_NONE;
	int count = initial + (int)len;
	if (count > 0xFFF0) {
		/* Steps are numbered in 16 bits: too long a path makes no plan. */
		memory_free(p->mem, path, sizeof(uint32_t) * (len + 1));
		return HAKO_ERR_LIMIT;
	}
	size_t n = (size_t)b->square_count;
	plan->entry_bytes =
	    sizeof(uint16_t) * (2 * (size_t)count + 2 + n) + sizeof(int) * ((size_t)count + 2);
	unsigned char *block = memory_alloc(p->mem, plan->entry_bytes);
	if (!block) {
		memory_free(p->mem, path, sizeof(uint32_t) * (len + 1));
		return HAKO_ERR_NOMEM;
	}
	plan->cover = (int *)(void *)block;
	plan->entry_square = (uint16_t *)(void *)(plan->cover + count + 2);
	plan->entry_until = plan->entry_square + count + 1;
	plan->final_entry = plan->entry_until + count + 1;
	plan->entry_count = count;
	for (size_t s = 0; s < n; s++)
		plan->final_entry[s] = 0;
	/* Forward index of backward move m_i: initial + len + 1 - i. The box a
	 * step puts on square F stays until the forward step of the latest
	 * earlier backward move that brought it to F (its pull from F is the
	 * backward move before that). */
	int e = 1;
	for (int i = 0; i < p->boxes; i++) {
		if (left[i] == SQUARE_NONE)
			continue;
		plan->entry_square[e] = left[i];
		uint16_t until = (uint16_t)(count + 1);
		for (uint32_t q = len; q >= 1; q--)
			if (p->nodes[path[q - 1]].to == left[i] && !p->nodes[path[q - 1]].sunk) {
				until = (uint16_t)(initial + (int)len + 1 - (int)q);
				break;
			}
		plan->entry_until[e] = until;
		e++;
	}
	for (uint32_t i = len; i >= 1; i--, e++) {
		const pnode *m = &p->nodes[path[i - 1]];
		plan->entry_square[e] = m->from;
		uint16_t until = (uint16_t)(count + 1);
		for (uint32_t q = i - 1; q >= 1; q--)
			if (p->nodes[path[q - 1]].to == m->from && !p->nodes[path[q - 1]].sunk) {
				until = (uint16_t)(initial + (int)len + 1 - (int)q);
				break;
			}
		plan->entry_until[e] = until;
	}
	for (int k = 1; k <= count; k++)
		if (plan->entry_until[k] == count + 1 && b->is_goal[plan->entry_square[k]])
			plan->final_entry[plan->entry_square[k]] = (uint16_t)k;
	memory_free(p->mem, path, sizeof(uint32_t) * (len + 1));
	return HAKO_OK;
}

hako_status fess_plan_backward(fess_plan *plan, const board *b, memory *mem, deadline *stop,
                               uint32_t expansions)
{
	if (b->box_count > PULL_MAX_BOXES || b->box_count == 0 || expansions == 0)
		return HAKO_OK;
	uint32_t capacity = expansions * 64 < (1u << 20) ? expansions * 64 : 1u << 20;
	puller p;
	hako_status st = puller_init(&p, b, mem, capacity);
	if (st != HAKO_OK) {
		puller_free(&p);
		return st == HAKO_ERR_NOMEM ? HAKO_OK : st;
	}
	/* Roots: the solved position, one a region of free floor. */
	for (int i = 0; i < b->box_count; i++)
		p.sq[i] = b->goals[i];
	uint32_t best = UINT32_MAX;
	uint64_t best_key = UINT64_MAX;
	for (int s = 0; s < p.n; s++) {
		memset(p.occupied, 0, (size_t)p.n);
		for (int i = 0; i < b->box_count; i++)
			p.occupied[b->goals[i]] = 1;
		if (p.occupied[s])
			continue;
		uint16_t player = reach_fill(&p.r, b, p.occupied, (unsigned)s);
		if (player != s)
			continue; /* not the region's least square: seen already */
		uint64_t key = 0;
		uint32_t k =
		    add_node(&p, p.sq, player, 0, UINT32_MAX, SQUARE_NONE, SQUARE_NONE, 0, &key);
		if (k != UINT32_MAX && key < best_key) {
			best_key = key;
			best = k;
		}
	}
	uint32_t done = 0;
	while (st == HAKO_OK && p.open.count > 0 && done < expansions && best != UINT32_MAX &&
	       p.nodes[best].on_board > 0) {
		if (deadline_passed(stop)) {
			st = HAKO_ERR_LIMIT;
			break;
		}
		heap_item top = heap_pop(&p.open);
		st = expand(&p, top.node, &best, &best_key);
		done++;
	}
	if (st == HAKO_OK && best != UINT32_MAX && p.nodes[best].parent != UINT32_MAX &&
	    make_entries(plan, &p, best) != HAKO_OK)
		plan->entry_count = 0; /* out of memory or too long: the layered order */
	plan->backward_expansions = done;
	plan->backward_left = best == UINT32_MAX ? -1 : p.nodes[best].on_board;
	puller_free(&p);
	return st;
}

void fess_plan_drop_backward(fess_plan *plan)
{
	if (plan->cover)
		memory_free(plan->mem, plan->cover, plan->entry_bytes);
	plan->cover = NULL;
	plan->entry_square = plan->entry_until = plan->final_entry = NULL;
	plan->entry_count = 0;
	plan->entry_bytes = 0;
	plan->backward_expansions = 0;
	plan->backward_left = 0;
}
