/* pdb_zone.c — zone pattern databases (pdb_zone.h): the goals split in two
 * zones, and per zone the exact pushes of every set of as many boxes as
 * it has goals to fill it alone. The idea is the pattern databases of
 * Culberson and Schaeffer over a goal zone, as Pereira, Ritt and Buriol
 * decomposed Sokoban instances ("Finding optimal solutions to Sokoban
 * using instance dependent pattern databases", SoCS 2013); our own code.
 *
 * Frozen boxes. A box of the start is frozen when it is blocked on both
 * axes by walls or other frozen boxes: none of them can ever be pushed
 * first, so none ever moves, in any position of the level. Frozen boxes
 * off goals make the level unsolvable (the search finds that itself: no
 * tables then); frozen boxes on goals are walls to the tables, and their
 * goals belong to no zone.
 *
 * A zone problem (Z, B, player area): the boxes B (|B| = |Z|) on their
 * squares, the frozen boxes as walls, no other box, the player in the
 * area; solved when B fills Z's goals. T_Z(B, area) is its exact optimum,
 * found once by a breadth-first search of pulls from the filled zone. An
 * area is named by its rank among the areas of free floor ordered by
 * their smallest square; areas past ZONE_SLOTS - 1 share the last slot,
 * whose value is then the least of theirs (a relaxation: smaller, still
 * a lower bound).
 *
 * Why the bound is a lower bound (admissible). Take any solution of the
 * real position. It ends with every goal filled; let B1 be the boxes that
 * end on zone 1's goals and B2 those on zone 2's (the frozen boxes end on
 * theirs, having never moved). Keep only the pushes of B1: between two of
 * them the boxes of B1 stand still, so each walk of the player avoided
 * their squares; with every box outside B1 and the frozen ones taken away
 * each such walk and push is still legal (fewer obstacles), and the
 * player starts inside the area of the zone problem that contains its
 * real region. So those pushes solve (zone 1, B1, area) and number at
 * least T1(B1). Likewise B2, with pushes disjoint from B1's (a push moves
 * one box). So the solution has at least T1(B1) + T2(B2) pushes, and the
 * least of T1(X) + T2(Y) over every split of the movable boxes into X and
 * Y of the zones' sizes is a lower bound: the value pdb_zones_bound
 * computes, exactly (a branch and bound whose bounds are themselves lower
 * bounds of the entries: the table's least over the areas, and the
 * boxes' nearest-goal distances in the zone). When no split has a finite
 * value the position can never be solved.
 *
 * A table built within the budget but not to its end has every entry
 * through the last finished layer exact; the others get that layer's
 * depth plus one, which no unreached entry is below (breadth first). */
#include "pdb_zone.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "bound.h"
#include "deadline.h"
#include "pdb.h"
#include "search.h"
#include "symmetry.h"

#define ZONE_UNSEEN 0xFFu
#define ZONE_NO_AREA 0xFEu
#define ZONE_CAP ZONE_FULL /* the largest value kept; more is a relaxation */
#define NOT_LIVE 0xFFFFu
#define MIN_GOALS 2 /* a zone of fewer goals is what the matching gives */

static uint64_t binom(const pdb_zones *z, int n, int r)
{
	if (r < 0 || n < r)
		return 0;
	return z->binomial[(size_t)n * (ZONE_MAX_GOALS + 1) + (size_t)r];
}

/* The rank of the ascending live indices c[0..k) among the k-subsets
 * (the combinatorial number system). */
static uint64_t set_rank(const pdb_zones *z, const int *c, int k)
{
	uint64_t rank = 0;
	for (int i = 0; i < k; i++)
		rank += binom(z, c[i], i + 1);
	return rank;
}

static void set_unrank(const pdb_zones *z, uint64_t rank, int k, int *c)
{
	int high = z->live_count - 1;
	for (int i = k - 1; i >= 0; i--) {
		while (binom(z, high, i + 1) > rank)
			high--;
		c[i] = high;
		rank -= binom(z, high, i + 1);
		high--;
	}
}

/* Sets of squares as bitmaps (the tables are built for levels of at
 * most ZONE_WORDS * 64 squares). */
static int zm_has(const zmask *m, unsigned s)
{
	return (int)(m->w[s >> 6] >> (s & 63) & 1u);
}

static void zm_add(zmask *m, unsigned s)
{
	m->w[s >> 6] |= (uint64_t)1 << (s & 63);
}

static void zm_remove(zmask *m, unsigned s)
{
	m->w[s >> 6] &= ~((uint64_t)1 << (s & 63));
}

/* The boxes of the set c[0..k) (live indices) as a bitmap. */
static zmask set_mask(const pdb_zones *z, const int *c, int k)
{
	zmask m = {{0}};
	for (int j = 0; j < k; j++)
		zm_add(&m, z->live[c[j]]);
	return m;
}

/* Name the areas of free floor (no wall, no fixed box, no box of `boxes`)
 * by rank of their smallest square: area[0..ZONE_SLOTS) get the squares
 * of the first areas, the last slot those of every area from it on.
 * Returns the count of areas (uncapped). The flood goes a square's
 * neighbours at a time, as bitmaps (z->neighbours). */
static int label_areas(const pdb_zones *z, const zmask *boxes, zmask *area)
{
	zmask free;
	int words = z->words;
	for (int i = 0; i < words; i++)
		free.w[i] = z->open.w[i] & ~boxes->w[i];
	memset(area, 0, sizeof(zmask) * ZONE_SLOTS);
	int count = 0;
	for (int first = 0; first < words;) {
		if (!free.w[first]) {
			first++;
			continue;
		}
		unsigned start = (unsigned)first * 64u + bits_lowest(free.w[first]);
		zmask seen = {{0}}, frontier = {{0}};
		zm_add(&seen, start);
		zm_add(&frontier, start);
		for (int any = 1; any;) {
			zmask next = {{0}};
			for (int i = 0; i < words; i++)
				for (uint64_t bits = frontier.w[i]; bits; bits &= bits - 1) {
					const zmask *n =
					    &z->neighbours[(unsigned)i * 64u + bits_lowest(bits)];
					for (int j = 0; j < words; j++)
						next.w[j] |= n->w[j];
				}
			any = 0;
			for (int i = 0; i < words; i++) {
				next.w[i] &= free.w[i] & ~seen.w[i];
				seen.w[i] |= next.w[i];
				frontier.w[i] = next.w[i];
				any |= next.w[i] != 0;
			}
		}
		zmask *to = &area[count < ZONE_SLOTS ? count : ZONE_SLOTS - 1];
		for (int i = 0; i < words; i++) {
			to->w[i] |= seen.w[i];
			free.w[i] &= ~seen.w[i];
		}
		count++;
	}
	return count;
}

/* The slot of the area holding square s, or -1 (not free). */
static int slot_of(const zmask *area, unsigned s)
{
	for (int a = 0; a < ZONE_SLOTS; a++)
		if (zm_has(&area[a], s))
			return a;
	return -1;
}

/* ---- frozen boxes and the split ----------------------------------------- */

static int blocked(const board *b, const uint8_t *set, unsigned s, unsigned dir)
{
	unsigned a = board_next(b, s, dir), c = board_next(b, s, DIR_OPPOSITE(dir));
	return a == SQUARE_NONE || set[a] || c == SQUARE_NONE || set[c];
}

/* fixed[] = the start's frozen boxes (the largest set each blocked on both
 * axes by walls or boxes of the set). Returns 0 when one is off a goal. */
static int find_fixed(pdb_zones *z, const board *b)
{
	for (int i = 0; i < b->box_count; i++)
		z->fixed[b->start_boxes[i]] = 1;
	for (int changed = 1; changed;) {
		changed = 0;
		for (int i = 0; i < b->box_count; i++) {
			unsigned s = b->start_boxes[i];
			if (z->fixed[s] && !(blocked(b, z->fixed, s, DIR_LEFT) &&
			                     blocked(b, z->fixed, s, DIR_UP))) {
				z->fixed[s] = 0;
				changed = 1;
			}
		}
	}
	z->fixed_count = 0;
	for (int i = 0; i < b->box_count; i++) {
		unsigned s = b->start_boxes[i];
		if (!z->fixed[s])
			continue;
		if (!b->is_goal[s])
			return 0;
		z->fixed_list[z->fixed_count++] = (uint16_t)s;
	}
	return 1;
}

typedef struct goal_key {
	int major, minor;
	uint16_t square;
} goal_key;

static int by_key(const void *x, const void *y)
{
	const goal_key *a = x, *c = y;
	if (a->major != c->major)
		return a->major < c->major ? -1 : 1;
	return a->minor < c->minor ? -1 : a->minor > c->minor;
}

static int by_square(const void *x, const void *y)
{
	uint16_t a = *(const uint16_t *)x, c = *(const uint16_t *)y;
	return a < c ? -1 : a > c;
}

/* Zone goals split along `axis` (0: by rows, then columns; 1: the other
 * way): the first half in that order, and the rest. */
static void split_goals(pdb_zones *z, const board *b, int axis)
{
	goal_key keys[2 * ZONE_MAX_GOALS];
	int count = 0;
	for (int i = 0; i < b->box_count; i++) {
		unsigned g = b->goals[i];
		if (z->fixed[g])
			continue;
		int x = board_x(b, g), y = board_y(b, g);
		keys[count].major = axis ? x : y;
		keys[count].minor = axis ? y : x;
		keys[count].square = (uint16_t)g;
		count++;
	}
	qsort(keys, (size_t)count, sizeof keys[0], by_key);
	int first = count / 2;
	z->zone[0].k = first;
	z->zone[1].k = count - first;
	for (int i = 0; i < count; i++) {
		zone_table *t = &z->zone[i < first ? 0 : 1];
		t->goals[i < first ? i : i - first] = keys[i].square;
	}
	for (int j = 0; j < 2; j++)
		qsort(z->zone[j].goals, (size_t)z->zone[j].k, sizeof(uint16_t), by_square);
}

static int by_int(const void *x, const void *y)
{
	int a = *(const int *)x, c = *(const int *)y;
	return a < c ? -1 : a > c;
}

/* ---- one zone's table ------------------------------------------------------ */

typedef struct builder {
	pdb_zones *z;
	const board *b;
	zone_table *t;
	uint32_t *queue; /* entries: set * ZONE_SLOTS + area */
	uint64_t capacity, tail;
} builder;

/* Record the areas of set `rank` (just labelled: `areas` of them) that
 * do not exist. */
static void mark_missing_areas(zone_table *t, uint64_t rank, int areas)
{
	for (int a = areas; a < ZONE_SLOTS; a++)
		t->cost[rank * ZONE_SLOTS + (unsigned)a] = ZONE_NO_AREA;
}

/* The one area of set `rank`, when it has one only (known once the set
 * was labelled); else -1. */
static int only_area(const zone_table *t, uint64_t rank)
{
	const uint8_t *e = t->cost + rank * ZONE_SLOTS;
	int only = -1;
	for (int a = 0; a < ZONE_SLOTS; a++) {
		if (e[a] == ZONE_NO_AREA)
			continue;
		if (only >= 0)
			return -1;
		only = a;
	}
	return only;
}

static int all_seen(const zone_table *t, uint64_t rank)
{
	const uint8_t *e = t->cost + rank * ZONE_SLOTS;
	for (int a = 0; a < ZONE_SLOTS; a++)
		if (e[a] == ZONE_UNSEEN)
			return 0;
	return 1;
}

static int push_entry(builder *w, uint64_t entry, unsigned value)
{
	if (w->tail == w->capacity)
		return 0;
	w->t->cost[entry] = (uint8_t)(value < ZONE_CAP ? value : ZONE_CAP);
	w->queue[w->tail++] = (uint32_t)entry;
	return 1;
}

/* Every pull from entry (set `c`, boxes `boxes`, areas `here`, area
 * `slot`) at `depth`: the player in that area beside a box pulls it one
 * square toward itself and steps back one more. Returns 0 when the queue
 * is full. */
static int expand_entry(builder *w, const int *c, const zmask *boxes, const zmask *here,
                        unsigned slot, unsigned depth)
{
	pdb_zones *z = w->z;
	const board *b = w->b;
	zone_table *t = w->t;
	int k = t->k;
	for (int i = 0; i < k; i++) {
		unsigned box = z->live[c[i]];
		for (unsigned d = 0; d < 4; d++) {
			unsigned stand = board_next(b, box, d);
			if (stand == SQUARE_NONE || !zm_has(&here[slot], stand) ||
			    z->live_index[stand] == NOT_LIVE)
				continue;
			unsigned back = board_next(b, stand, d);
			if (back == SQUARE_NONE || slot_of(here, back) < 0)
				continue; /* a wall, a fixed box or a box of the set */
			int moved[ZONE_MAX_GOALS];
			int j = 0;
			for (int m = 0; m < k; m++)
				if (m != i)
					moved[j++] = c[m];
			int at = k - 1, index = z->live_index[stand];
			while (at > 0 && moved[at - 1] > index) {
				moved[at] = moved[at - 1];
				at--;
			}
			moved[at] = index;
			uint64_t rank = set_rank(z, moved, k);
			/* A set known to have one area needs no flood: the player
			 * is in it. */
			int only = only_area(t, rank);
			if (only >= 0) {
				uint64_t entry = rank * ZONE_SLOTS + (unsigned)only;
				if (t->cost[entry] == ZONE_UNSEEN &&
				    !push_entry(w, entry, depth + 1))
					return 0;
				continue;
			}
			if (all_seen(t, rank))
				continue;
			zmask after = *boxes, area[ZONE_SLOTS];
			zm_remove(&after, box);
			zm_add(&after, stand);
			int areas = label_areas(z, &after, area);
			mark_missing_areas(t, rank, areas);
			uint64_t entry = rank * ZONE_SLOTS + (unsigned)slot_of(area, back);
			if (t->cost[entry] == ZONE_UNSEEN && !push_entry(w, entry, depth + 1))
				return 0;
		}
	}
	return 1;
}

/* The map of a symmetry that takes zone 1's goals onto zone 0's and the
 * frozen boxes onto frozen boxes, or NULL. */
static const uint16_t *mirror_map(const pdb_zones *z, const symmetry *sym)
{
	if (!sym)
		return NULL;
	for (int k = 1; k < sym->count; k++) {
		const uint16_t *map = sym->map[k];
		int ok = z->zone[0].k == z->zone[1].k;
		for (int j = 0; ok && j < z->zone[1].k; j++) {
			unsigned image = map[z->zone[1].goals[j]];
			int found = 0;
			for (int g = 0; g < z->zone[0].k; g++)
				found |= z->zone[0].goals[g] == image;
			ok = found;
		}
		for (int f = 0; ok && f < z->fixed_count; f++)
			ok = z->fixed[map[z->fixed_list[f]]];
		if (ok)
			return map;
	}
	return NULL;
}

/* t->nearest: each square's fewest pushes to a goal of the zone (a lone
 * box, b->distance), the branch and bound's lower bounds. */
static int nearest_of(pdb_zones *z, const board *b, zone_table *t)
{
	size_t bytes = sizeof(uint16_t) * (size_t)z->square_count;
	t->nearest = memory_alloc(z->mem, bytes);
	if (!t->nearest)
		return 0;
	z->bytes += bytes;
	const uint16_t *row[ZONE_MAX_GOALS]; /* each zone goal's distances */
	for (int j = 0; j < t->k; j++)
		for (int g = 0; g < b->box_count; g++)
			if (b->goals[g] == t->goals[j])
				row[j] = b->distance + (size_t)g * (size_t)b->square_count;
	for (int s = 0; s < z->square_count; s++) {
		uint16_t best = DISTANCE_INFINITE;
		for (int j = 0; j < t->k; j++)
			if (row[j][s] < best)
				best = row[j][s];
		t->nearest[s] = best;
	}
	return 1;
}

/* Zone t read through its symmetry: each live square's image, as a live
 * index. */
static int via_of(pdb_zones *z, zone_table *t)
{
	size_t bytes = sizeof(uint16_t) * (size_t)z->live_count;
	t->via_live = memory_alloc(z->mem, bytes);
	if (!t->via_live)
		return 0;
	z->bytes += bytes;
	for (int i = 0; i < z->live_count; i++)
		t->via_live[i] = z->live_index[t->via[z->live[i]]];
	return 1;
}

/* Set up zone t's breadth-first search of pulls from the filled zone:
 * its table, its queue (what the byte budget leaves, up to every entry)
 * and the filled zone's entries. Returns 0 over the budget. */
static int zone_begin(pdb_zones *z, const board *b, zone_table *t, size_t bytes)
{
	int k = t->k;
	t->sets = binom(z, z->live_count, k);
	if (t->sets == 0 || t->sets > UINT32_MAX / ZONE_SLOTS)
		return 0;
	size_t table = (size_t)t->sets * (ZONE_SLOTS + 1);
	size_t nearest = sizeof(uint16_t) * (size_t)z->square_count;
	if (table + nearest > bytes)
		return 0;
	uint64_t capacity = (bytes - table - nearest) / sizeof(uint32_t);
	if (capacity > t->sets * ZONE_SLOTS)
		capacity = t->sets * ZONE_SLOTS;
	if (capacity < 1024)
		return 0;
	t->cost = memory_alloc(z->mem, (size_t)t->sets * ZONE_SLOTS);
	t->least = memory_alloc(z->mem, (size_t)t->sets);
	t->queue = memory_alloc(z->mem, sizeof(uint32_t) * (size_t)capacity);
	if (!t->cost || !t->least || !t->queue) {
		memory_free(z->mem, t->queue, sizeof(uint32_t) * (size_t)capacity);
		memory_free(z->mem, t->cost, (size_t)t->sets * ZONE_SLOTS);
		memory_free(z->mem, t->least, (size_t)t->sets);
		t->cost = t->least = NULL;
		t->queue = NULL;
		return 0;
	}
	t->capacity = capacity;
	z->bytes += table;
	if (!nearest_of(z, b, t))
		return 0; /* the caller frees the table */
	memset(t->cost, ZONE_UNSEEN, (size_t)t->sets * ZONE_SLOTS);
	builder w = {z, b, t, t->queue, capacity, 0};
	int c[ZONE_MAX_GOALS];
	for (int j = 0; j < k; j++)
		c[j] = z->live_index[t->goals[j]];
	qsort(c, (size_t)k, sizeof c[0], by_int);
	uint64_t rank = set_rank(z, c, k);
	zmask boxes = set_mask(z, c, k), here[ZONE_SLOTS];
	int areas = label_areas(z, &boxes, here);
	mark_missing_areas(t, rank, areas);
	for (int a = 0; a < areas && a < ZONE_SLOTS; a++)
		push_entry(&w, rank * ZONE_SLOTS + (unsigned)a, 0);
	t->tail = w.tail;
	t->head = 0;
	return 1;
}

static void zone_drop_queue(pdb_zones *z, zone_table *t)
{
	if (t->queue)
		memory_free(z->mem, t->queue, sizeof(uint32_t) * (size_t)t->capacity);
	t->queue = NULL;
}

/* Go on with zone t's search up to the entries of depth `depth_limit`
 * (all of them; ZONE_CAP: to its end), within the states left and the
 * seconds. Then the entries not reached read as `unseen`: when it stopped
 * before an entry of depth D, every layer before D was expanded in full,
 * so every entry of depth D or less is known, and what was not reached
 * needs at least D + 1 (breadth first); at its end, never (the zone
 * problem cannot be solved). Returns 1 when it can go on later. */
static int zone_run(pdb_zones *z, const board *b, zone_table *t, uint64_t *states_left,
                    double seconds, double started, deadline *clock, unsigned depth_limit)
{
	int k = t->k;
	builder w = {z, b, t, t->queue, t->capacity, t->tail};
	int c[ZONE_MAX_GOALS];
	zmask boxes, here[ZONE_SLOTS];
	int paused = 0, stopped = 0;
	unsigned stop = 0;
	uint64_t head = t->head;
	while (head < w.tail) {
		uint32_t entry = w.queue[head];
		unsigned depth = t->cost[entry];
		stop = depth;
		if (depth > depth_limit) {
			paused = 1;
			break;
		}
		if (*states_left == 0 ||
		    ((head & 4095) == 0 && ((seconds > 0 && search_now() - started > seconds) ||
		                            (clock && deadline_passed(clock))))) {
			stopped = 1;
			break;
		}
		(*states_left)--;
		head++;
		uint64_t set = entry / ZONE_SLOTS;
		set_unrank(z, set, k, c);
		boxes = set_mask(z, c, k);
		int only = only_area(t, set);
		if (only >= 0) {
			/* One area: every free square is in it (no flood). */
			memset(here, 0, sizeof here);
			for (int i = 0; i < z->words; i++)
				here[only].w[i] = z->open.w[i] & ~boxes.w[i];
		} else {
			label_areas(z, &boxes, here);
		}
		if (!expand_entry(&w, c, &boxes, here, entry % ZONE_SLOTS, depth)) {
			stopped = 1; /* the queue is full */
			break;
		}
	}
	t->head = head;
	t->tail = w.tail;
	if (paused || stopped) {
		t->unseen = (uint8_t)(stop + 1 < ZONE_CAP ? stop + 1 : ZONE_CAP);
		z->complete = 0;
	} else {
		t->unseen = ZONE_UNSEEN;
	}
	if (!paused)
		zone_drop_queue(z, t);
	/* The least over the areas, unreached entries read as `unseen`. */
	for (uint64_t set = 0; set < t->sets; set++) {
		const uint8_t *e = t->cost + set * ZONE_SLOTS;
		uint8_t least = ZONE_UNSEEN;
		for (int a = 0; a < ZONE_SLOTS; a++) {
			uint8_t v = e[a] == ZONE_UNSEEN ? t->unseen : e[a];
			if (v != ZONE_NO_AREA && v < least)
				least = v;
		}
		t->least[set] = least;
	}
	return paused;
}

static void free_zone(pdb_zones *z, zone_table *t)
{
	size_t nearest = sizeof(uint16_t) * (size_t)z->square_count;
	if (!t->via)
		zone_drop_queue(z, t);
	if (t->cost && !t->via) {
		memory_free(z->mem, t->cost, (size_t)t->sets * ZONE_SLOTS);
		memory_free(z->mem, t->least, (size_t)t->sets);
		z->bytes -= (size_t)t->sets * (ZONE_SLOTS + 1);
	}
	if (t->nearest) {
		memory_free(z->mem, t->nearest, nearest);
		z->bytes -= nearest;
	}
	if (t->via_live) {
		memory_free(z->mem, t->via_live, sizeof(uint16_t) * (size_t)z->live_count);
		z->bytes -= sizeof(uint16_t) * (size_t)z->live_count;
	}
	memset(t, 0, sizeof *t);
}

/* ---- the bound --------------------------------------------------------- */

/* The set c[0..k) of zone t (ascending live indices) in the frame of the
 * table it reads: written to framed (ascending), its rank returned. */
static uint64_t framed_rank(const pdb_zones *z, const zone_table *t, const int *c, int *framed)
{
	int k = t->k;
	if (!t->via)
		return set_rank(z, c, k);
	for (int i = 0; i < k; i++) {
		int index = t->via_live[c[i]];
		int at = i;
		while (at > 0 && framed[at - 1] > index) {
			framed[at] = framed[at - 1];
			at--;
		}
		framed[at] = index;
	}
	return set_rank(z, framed, k);
}

/* The entry of the set c (live indices in the table's frame, ascending;
 * `rank` its rank) with the player on `player` (the real square;
 * SQUARE_NONE: the least over the areas). */
static unsigned exact_entry(pdb_zones *z, const zone_table *t, const int *c, uint64_t rank,
                            unsigned player)
{
	if (player == SQUARE_NONE)
		return t->least[rank];
	/* The areas' values side by side: when they are all the same (the
	 * set has one area, or its areas need the same), no flood is needed. */
	const uint8_t *e = t->cost + rank * ZONE_SLOTS;
	unsigned same = ZONE_NO_AREA;
	int uniform = 1;
	for (int a = 0; a < ZONE_SLOTS && uniform; a++) {
		if (e[a] == ZONE_NO_AREA)
			continue;
		if (same == ZONE_NO_AREA)
			same = e[a];
		uniform = e[a] == same;
	}
	if (uniform)
		return t->least[rank];
	if (t->via)
		player = t->via[player];
	zmask boxes = set_mask(z, c, t->k), area[ZONE_SLOTS];
	label_areas(z, &boxes, area);
	int a = slot_of(area, player);
	unsigned value = a < 0 ? ZONE_NO_AREA : e[a];
	if (value == ZONE_UNSEEN)
		value = t->unseen;
	return value == ZONE_NO_AREA ? t->least[rank] : value;
}

typedef struct splitter {
	pdb_zones *z;
	const board *b;
	unsigned player;
	int count;                /* movable boxes */
	const int *index;         /* their live indices, ascending */
	const uint32_t *rest;     /* [i]: sum of min(nearest) over boxes i.. */
	int c[2][ZONE_MAX_GOALS]; /* the sets being built */
	uint32_t best, at_least;
} splitter;

static unsigned entry_value(unsigned e)
{
	return e == ZONE_UNSEEN ? BOUND_INFINITE : e;
}

/* Box i onward, n0 and n1 placed so far, low0 and low1 their
 * nearest-goal sums (lower bounds of their zones' entries: a box needs at
 * least its own pushes to the zone's nearest goal), rank0 and rank1 the
 * ranks of the sets so far (a zone read through a symmetry is ranked at
 * the leaf, in its table's frame). */
static void split(splitter *sp, int i, int n0, int n1, uint32_t low0, uint32_t low1, uint64_t rank0,
                  uint64_t rank1)
{
	pdb_zones *z = sp->z;
	if (sp->best <= sp->at_least || low0 + low1 + sp->rest[i] >= sp->best)
		return;
	if (i == sp->count) {
		const zone_table *t0 = &z->zone[0], *t1 = &z->zone[1];
		/* Zone 0's least first: with zone 1's boxes' own sum it may
		 * already be no better (one table read, not two). */
		uint32_t v0 = entry_value(t0->least[rank0]);
		if (v0 == BOUND_INFINITE || v0 + low1 >= sp->best)
			return;
		int framed[ZONE_MAX_GOALS];
		const int *c1 = sp->c[1];
		if (t1->via) {
			rank1 = framed_rank(z, t1, sp->c[1], framed);
			c1 = framed;
		}
		uint32_t v1 = entry_value(t1->least[rank1]);
		if (v1 == BOUND_INFINITE || v0 + v1 >= sp->best)
			return;
		v0 = entry_value(exact_entry(z, t0, sp->c[0], rank0, sp->player));
		if (v0 == BOUND_INFINITE || v0 + v1 >= sp->best)
			return;
		v1 = entry_value(exact_entry(z, t1, c1, rank1, sp->player));
		if (v1 != BOUND_INFINITE && v0 + v1 < sp->best)
			sp->best = v0 + v1;
		return;
	}
	int index = sp->index[i];
	unsigned square = z->live[index];
	uint32_t d0 = z->zone[0].nearest[square], d1 = z->zone[1].nearest[square];
	/* The nearer zone first: its leaves come early and bound the rest. */
	int first = d1 < d0;
	for (int pass = 0; pass < 2; pass++) {
		int zone = pass ? !first : first;
		uint32_t d = zone ? d1 : d0;
		int n = zone ? n1 : n0;
		if (d == DISTANCE_INFINITE || n == z->zone[zone].k)
			continue;
		sp->c[zone][n] = index;
		uint64_t step = binom(z, index, n + 1);
		if (zone)
			split(sp, i + 1, n0, n1 + 1, low0, low1 + d, rank0, rank1 + step);
		else
			split(sp, i + 1, n0 + 1, n1, low0 + d, low1, rank0 + step, rank1);
	}
}

uint32_t pdb_zones_bound_square(pdb_zones *z, const board *b, const uint16_t *boxes,
                                unsigned player, uint32_t at_least)
{
	if (!z->ready)
		return 0;
	int index[2 * ZONE_MAX_GOALS];
	uint32_t rest[2 * ZONE_MAX_GOALS + 1];
	int count = 0, fixed = 0;
	for (int i = 0; i < b->box_count; i++) {
		unsigned s = boxes[i];
		if (z->fixed[s]) {
			fixed++;
			continue;
		}
		if (count == z->movable)
			return 0; /* a frozen box is not in its place */
		if (z->live_index[s] == NOT_LIVE)
			return BOUND_INFINITE; /* on a dead square */
		/* Kept ascending: the caller's list may be in a matching's row
		 * order, not the squares'. */
		int at = count++;
		while (at > 0 && index[at - 1] > z->live_index[s]) {
			index[at] = index[at - 1];
			at--;
		}
		index[at] = z->live_index[s];
	}
	if (fixed != z->fixed_count)
		return 0;
	rest[count] = 0;
	for (int i = count - 1; i >= 0; i--) {
		unsigned s = z->live[index[i]];
		uint32_t d0 = z->zone[0].nearest[s], d1 = z->zone[1].nearest[s];
		uint32_t d = d0 < d1 ? d0 : d1;
		if (d == DISTANCE_INFINITE)
			return BOUND_INFINITE;
		rest[i] = rest[i + 1] + d;
	}
	splitter sp = {z, b, player, count, index, rest, {{0}}, BOUND_INFINITE, at_least};
	split(&sp, 0, 0, 0, 0, 0, 0, 0);
	return sp.best;
}

/* Any square of the region names the area that holds it (the region lies
 * inside one area): the flood's first, queue[0] (reach.h). */
uint32_t pdb_zones_bound(pdb_zones *z, const board *b, const uint16_t *boxes, const reach *player,
                         uint32_t at_least)
{
	return pdb_zones_bound_square(z, b, boxes, player ? player->queue[0] : SQUARE_NONE,
	                              at_least);
}

/* ---- building ---------------------------------------------------------- */

void pdb_zones_free(pdb_zones *z)
{
	if (!z->mem)
		return;
	memory *mem = z->mem;
	size_t n = (size_t)z->square_count;
	free_zone(z, &z->zone[1]); /* first: it may borrow zone 0's table */
	free_zone(z, &z->zone[0]);
	memory_free(mem, z->live_index, sizeof(uint16_t) * n);
	memory_free(mem, z->live, sizeof(uint16_t) * n);
	memory_free(mem, z->fixed, n);
	memory_free(mem, z->fixed_list, sizeof(uint16_t) * n);
	memory_free(mem, z->binomial, sizeof(uint64_t) * (n + 1) * (ZONE_MAX_GOALS + 1));
	memory_free(mem, z->neighbours, sizeof(zmask) * n);
	memset(z, 0, sizeof *z);
}

hako_status pdb_zones_build(pdb_zones *z, const board *b, memory *mem, const pdb_budget *budget,
                            const symmetry *sym, uint32_t start_bound, unsigned depth)
{
	memset(z, 0, sizeof *z);
	z->mem = mem;
	z->square_count = b->square_count;
	z->complete = 1;
	size_t n = (size_t)b->square_count;
	if (n < 2 || b->box_count < 2 * MIN_GOALS || n > 64 * ZONE_WORDS || b->unsolvable)
		return HAKO_OK;
	z->live_index = memory_alloc(mem, sizeof(uint16_t) * n);
	z->live = memory_alloc(mem, sizeof(uint16_t) * n);
	z->fixed = memory_calloc(mem, n);
	z->fixed_list = memory_alloc(mem, sizeof(uint16_t) * n);
	z->binomial = memory_calloc(mem, sizeof(uint64_t) * (n + 1) * (ZONE_MAX_GOALS + 1));
	z->neighbours = memory_calloc(mem, sizeof(zmask) * n);
	if (!z->live_index || !z->live || !z->fixed || !z->fixed_list || !z->binomial ||
	    !z->neighbours) {
		pdb_zones_free(z);
		return HAKO_ERR_NOMEM;
	}
	if (!find_fixed(z, b))
		return HAKO_OK;
	z->words = (int)((n + 63) / 64);
	for (size_t s = 0; s < n; s++) {
		if (!z->fixed[s])
			zm_add(&z->open, (unsigned)s);
		for (unsigned d = 0; d < 4; d++) {
			unsigned t = board_next(b, (unsigned)s, d);
			if (t != SQUARE_NONE && !z->fixed[t])
				zm_add(&z->neighbours[s], t);
		}
	}
	z->movable = b->box_count - z->fixed_count;
	if (z->movable < 2 * MIN_GOALS || z->movable > 2 * ZONE_MAX_GOALS)
		return HAKO_OK;
	for (size_t s = 0; s < n; s++) {
		z->live_index[s] = NOT_LIVE;
		if (!b->dead[s] && !z->fixed[s]) {
			z->live_index[s] = (uint16_t)z->live_count;
			z->live[z->live_count++] = (uint16_t)s;
		}
	}
	for (int i = 0; i <= z->live_count; i++)
		for (int r = 0; r <= ZONE_MAX_GOALS; r++)
			z->binomial[(size_t)i * (ZONE_MAX_GOALS + 1) + (size_t)r] =
			    r == 0   ? 1
			    : i == 0 ? 0
			             : binom(z, i - 1, r - 1) + binom(z, i - 1, r);
	double started = search_now();
	z->states_left = budget->states;
	zone_table kept[2];
	uint32_t kept_value = 0;
	int have = 0;
	for (int axis = 0; axis < 2; axis++) {
		split_goals(z, b, axis);
		if (z->zone[0].k < MIN_GOALS || z->zone[1].k < MIN_GOALS)
			break;
		size_t left = budget->bytes > z->bytes ? budget->bytes - z->bytes : 0;
		const uint16_t *via = mirror_map(z, sym);
		zone_table *t0 = &z->zone[0], *t1 = &z->zone[1];
		int built = zone_begin(z, b, t0, via ? left : left / 2);
		if (built)
			zone_run(z, b, t0, &z->states_left, budget->seconds, started, budget->stop,
			         depth);
		if (built && via) {
			t1->via = via;
			t1->sets = t0->sets;
			t1->cost = t0->cost;
			t1->least = t0->least;
			t1->unseen = t0->unseen;
			built = nearest_of(z, b, t1) && via_of(z, t1);
		} else if (built) {
			left = budget->bytes > z->bytes ? budget->bytes - z->bytes : 0;
			built = zone_begin(z, b, t1, left);
			if (built)
				zone_run(z, b, t1, &z->states_left, budget->seconds, started,
				         budget->stop, depth);
		}
		if (!built) {
			free_zone(z, t1);
			free_zone(z, t0);
			break;
		}
		z->ready = 1;
		uint32_t value = pdb_zones_bound_square(z, b, b->start_boxes, b->start_player, 0);
		z->ready = 0;
		if (!have || value > kept_value) {
			if (have) {
				free_zone(z, &kept[1]);
				free_zone(z, &kept[0]);
			}
			kept[0] = *t0;
			kept[1] = *t1;
			kept_value = value;
			have = 1;
		} else {
			free_zone(z, t1);
			free_zone(z, t0);
		}
		memset(z->zone, 0, sizeof z->zone);
		/* The rows' split beats the caller's bound: the columns' is not
		 * tried (half the build). */
		if (z->states_left == 0 || (value != BOUND_INFINITE && value > start_bound))
			break;
	}
	z->seconds = search_now() - started;
	if (!have)
		return HAKO_OK;
	z->zone[0] = kept[0];
	z->zone[1] = kept[1];
	z->ready = 1;
	return HAKO_OK;
}

void pdb_zones_finish(pdb_zones *z, const board *b, const pdb_budget *budget)
{
	if (!z->ready)
		return;
	double started = search_now();
	/* What the build left of the seconds (a safety net, as there). */
	double seconds = budget->seconds;
	if (seconds > 0)
		seconds = seconds > z->seconds + 1e-3 ? seconds - z->seconds : 1e-3;
	for (int j = 0; j < 2; j++) {
		zone_table *t = &z->zone[j];
		if (t->via || !t->queue)
			continue;
		zone_run(z, b, t, &z->states_left, seconds, started, budget->stop, ZONE_FULL);
	}
	if (z->zone[1].via)
		z->zone[1].unseen = z->zone[0].unseen;
	z->complete = z->zone[0].unseen == ZONE_UNSEEN && z->zone[1].unseen == ZONE_UNSEEN;
}
