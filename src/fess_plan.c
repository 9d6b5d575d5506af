/* fess_plan.c — the packing order and FESS's features.
 *
 * Packing order, by retrograde analysis: start from the solved position
 * (a box on every goal) and take boxes out in layers: every box that
 * pulls can bring home (to a start square off the goals; the others
 * standing), or when none can, every box that pulls can bring off the
 * goals; boxes are removed from the board once out. The order boxes come out in,
 * reversed, is the order to fill the goals in: the innermost goal of a
 * room comes out last, so it is filled first. When no box can come out
 * (the goals are locked by each other), the rest follow in square order.
 * The order is advice for the search, never a constraint.
 *
 * Features (FESS, Shoham & Schaeffer 2020):
 *   packed       goals filled in order: per goal area (goals connected
 *                side by side), the longest run of its goals, in packing
 *                order, that all hold boxes;
 *   connectivity the number of separate areas of free floor (1 = the
 *                player can walk everywhere not taken by a box);
 *   out_of_plan  boxes on goals of an area beyond that run (filled too
 *                early: they may have to come out again);
 *   rooms        room connectivity: the level falls into rooms joined by
 *                corridors one square wide (a square between two walls
 *                facing each other, or the bend of such a corridor); a
 *                corridor that joins two rooms, or one room at two
 *                places, is a link, and the feature counts the links with
 *                a box in them (boxes on goals are the packing's
 *                business and do not count). A box there blocks the way
 *                between rooms even when the player can still go round,
 *                which connectivity does not see. */
#include <string.h>

#include "deadline.h"
#include "fess.h"

#define NO_RANK 0xFFFFu
#define PULL_LIMIT 400
/* Above this many boxes the peel only asks for a way off the goals: the
 * way home is a search per box and round. */
#define HOME_BOX_LIMIT 128

void fess_plan_free(fess_plan *p)
{
	if (p->cover)
		memory_free(p->mem, p->cover, p->entry_bytes);
	if (p->stamp)
		memory_free(p->mem, p->stamp, p->bytes);
	memset(p, 0, sizeof *p);
}

/* Does a flood enter `square`? Called for every neighbour not marked yet;
 * it may note the squares it refuses. */
typedef int (*flood_enter)(fess_plan *p, const board *b, unsigned square, void *user);

/* Flood from `start` over the squares `enter` accepts, marking each with
 * `mark` in p->stamp; returns how many, which are p->queue[0..count). */
static unsigned flood(fess_plan *p, const board *b, unsigned start, uint32_t mark,
                      flood_enter enter, void *user)
{
	unsigned head = 0, tail = 0;
	p->queue[tail++] = (uint16_t)start;
	p->stamp[start] = mark;
	while (head < tail) {
		unsigned s = p->queue[head++];
		for (unsigned d = 0; d < 4; d++) {
			unsigned t = board_next(b, s, d);
			if (t == SQUARE_NONE || p->stamp[t] == mark || !enter(p, b, t, user))
				continue;
			p->stamp[t] = mark;
			p->queue[tail++] = (uint16_t)t;
		}
	}
	return tail;
}

static int enter_goal(fess_plan *p, const board *b, unsigned square, void *user)
{
	(void)p, (void)user;
	return b->is_goal[square];
}

/* Goal areas: goals connected through goal squares side by side. */
static void find_areas(fess_plan *p, const board *b)
{
	for (int i = 0; i < b->square_count; i++)
		p->area[i] = NO_RANK;
	p->area_count = 0;
	for (int g = 0; g < b->box_count; g++) {
		unsigned start = b->goals[g];
		if (p->area[start] != NO_RANK)
			continue;
		uint16_t id = (uint16_t)p->area_count++;
		unsigned count = flood(p, b, start, 1, enter_goal, NULL);
		for (unsigned k = 0; k < count; k++)
			p->area[p->queue[k]] = id;
	}
	memset(p->stamp, 0, sizeof(uint32_t) * (size_t)b->square_count);
}

static int is_wall(const board *b, unsigned s, unsigned d)
{
	return board_next(b, s, d) == SQUARE_NONE;
}

/* A corridor square: walls on two opposite sides, or the bend of a
 * corridor (two floor neighbours at a right angle, wall between them). */
static int is_corridor(const board *b, unsigned s)
{
	if ((is_wall(b, s, DIR_LEFT) && is_wall(b, s, DIR_RIGHT)) ||
	    (is_wall(b, s, DIR_UP) && is_wall(b, s, DIR_DOWN)))
		return 1;
	unsigned open[4], count = 0;
	for (unsigned d = 0; d < 4; d++)
		if (!is_wall(b, s, d))
			open[count++] = d;
	return count == 2 && board_diagonal(b, s, open[0], open[1]) == SQUARE_NONE;
}

/* p->stamp while the links are found: */
enum { STAMP_CORRIDOR = 1, STAMP_CORRIDOR_SEEN = 2, STAMP_DOORS = 3 };

typedef struct corridor_walk {
	uint32_t door; /* STAMP_DOORS + first square: room squares it touched */
	unsigned doors;
} corridor_walk;

/* Enter the corridor's squares; count the room squares it touches, once. */
static int enter_corridor(fess_plan *p, const board *b, unsigned square, void *user)
{
	(void)b;
	corridor_walk *w = user;
	if (p->stamp[square] == STAMP_CORRIDOR)
		return 1;
	if (p->stamp[square] != STAMP_CORRIDOR_SEEN && p->stamp[square] != w->door) {
		w->doors++;
		p->stamp[square] = w->door;
	}
	return 0;
}

/* Links: the corridors (connected corridor squares) that touch rooms at
 * two squares or more. */
static void find_links(fess_plan *p, const board *b)
{
	memset(p->link, 0, sizeof(uint16_t) * (size_t)b->square_count);
	p->link_count = 0;
	for (int s = 0; s < b->square_count; s++)
		p->stamp[s] = is_corridor(b, (unsigned)s) ? STAMP_CORRIDOR : 0;
	for (int s0 = 0; s0 < b->square_count; s0++) {
		if (p->stamp[s0] != STAMP_CORRIDOR)
			continue;
		corridor_walk w = {STAMP_DOORS + (uint32_t)s0, 0};
		unsigned count = flood(p, b, (unsigned)s0, STAMP_CORRIDOR_SEEN, enter_corridor, &w);
		if (w.doors >= 2 && p->link_count < 0xFFFE) {
			p->link_count++;
			for (unsigned k = 0; k < count; k++)
				p->link[p->queue[k]] = (uint16_t)p->link_count;
		}
	}
	memset(p->stamp, 0, sizeof(uint32_t) * (size_t)b->square_count);
}

int fess_links_blocked(fess_plan *p, const board *b, const uint16_t *boxes, int count)
{
	int blocked = 0;
	memset(p->link_boxes, 0, sizeof(uint16_t) * (size_t)p->link_count);
	for (int i = 0; i < count; i++) {
		unsigned s = boxes[i], l = p->link[s];
		if (l && !b->is_goal[s] && p->link_boxes[l - 1]++ == 0)
			blocked++;
	}
	return blocked;
}

int fess_links_delta(const fess_plan *p, const board *b, unsigned from, unsigned to)
{
	unsigned lf = b->is_goal[from] ? 0 : p->link[from];
	unsigned lt = b->is_goal[to] ? 0 : p->link[to];
	if (lf == lt)
		return 0;
	int delta = 0;
	if (lf && p->link_boxes[lf - 1] == 1)
		delta--;
	if (lt && p->link_boxes[lt - 1] == 0)
		delta++;
	return delta;
}

hako_status fess_plan_init(fess_plan *p, const board *b, memory *mem)
{
	return fess_plan_init_until(p, b, mem, NULL);
}

hako_status fess_plan_init_until(fess_plan *p, const board *b, memory *mem, deadline *stop)
{
	memset(p, 0, sizeof *p);
	p->mem = mem;
	p->goal_count = b->box_count;
	size_t n = (size_t)b->square_count + 1, g = (size_t)b->box_count + 1;
	p->bytes = g * sizeof(uint16_t) + 5 * n * sizeof(uint16_t) + n * sizeof(uint32_t);
	unsigned char *block = memory_calloc(mem, p->bytes);
	if (!block)
		return HAKO_ERR_NOMEM;
	p->stamp = (uint32_t *)(void *)block;
	p->order = (uint16_t *)(void *)(p->stamp + n);
	p->rank = p->order + g;
	p->area = p->rank + n;
	p->queue = p->area + n;
	p->link = p->queue + n;
	p->link_boxes = p->link + n;
	find_areas(p, b);
	find_links(p, b);

	fess_mover mover;
	uint8_t *occupied = memory_calloc(mem, n);
	hako_status st = occupied ? fess_mover_init(&mover, b, mem) : HAKO_ERR_NOMEM;
	if (st != HAKO_OK) {
		memory_free(mem, occupied, n);
		fess_plan_free(p);
		return st;
	}
	for (int i = 0; i < b->box_count; i++)
		occupied[b->goals[i]] = 1;
	/* Where boxes come from: the start squares off the goals. A box that
	 * pulls can bring back to one of them has a way home that the boxes
	 * still on goals leave open (the idea of YASS's and Festival's
	 * packing order, which take boxes out to their start squares). */
	uint8_t *home = NULL;
	if (b->box_count <= HOME_BOX_LIMIT) {
		home = memory_calloc(mem, n);
		if (!home) {
			fess_mover_free(&mover);
			memory_free(mem, occupied, n);
			fess_plan_free(p);
			return HAKO_ERR_NOMEM;
		}
		int homes = 0;
		for (int i = 0; i < b->box_count; i++)
			if (!b->is_goal[b->start_boxes[i]]) {
				home[b->start_boxes[i]] = 1;
				homes++;
			}
		if (homes == 0) {
			memory_free(mem, home, n);
			home = NULL;
		}
	}
	/* Layers: every box that can come out of the filled goals now is in
	 * layer 1 and comes out together; then layer 2 of the rest, and so
	 * on. A round first takes the boxes that can go all the way home;
	 * when none can, those that can leave the goals at all (a box parked
	 * in a pocket of the goal room, say). Boxes locked in by each other
	 * share the last layer. */
	int removed = 0, layer = 0;
	uint16_t *out = p->queue; /* free until the features use it */
	while (removed < b->box_count) {
		layer++;
		int first = removed;
		for (int pass = home ? 0 : 1; pass < 2 && removed == first; pass++) {
			for (int i = 0; i < b->box_count; i++) {
				unsigned goal = b->goals[i];
				if (occupied[goal] &&
				    fess_pull_out(&mover, occupied, goal, PULL_LIMIT,
				                  pass == 0 ? home : NULL) >= 0)
					out[removed++] = (uint16_t)goal;
				/* Thousands of goals take long: the search's clock. */
				if (deadline_passed(stop)) {
					fess_mover_free(&mover);
					memory_free(mem, occupied, n);
					memory_free(mem, home, n);
					fess_plan_free(p);
					return HAKO_ERR_LIMIT;
				}
			}
		}
		if (removed == first) {
			for (int i = 0; i < b->box_count; i++)
				if (occupied[b->goals[i]])
					out[removed++] = b->goals[i];
		}
		for (int k = first; k < removed; k++) {
			occupied[out[k]] = 0;
			p->rank[out[k]] = (uint16_t)layer;
		}
	}
	/* The order: deepest layer first. */
	for (int k = 0; k < b->box_count; k++)
		p->order[k] = out[b->box_count - 1 - k];
	fess_mover_free(&mover);
	memory_free(mem, occupied, n);
	memory_free(mem, home, n);
	return HAKO_OK;
}

/* Per goal area, the deepest layer with an empty goal (0: the area is
 * full), kept in p->queue. */
static const uint16_t *deepest_empty(fess_plan *p, const uint8_t *occupied)
{
	uint16_t *deepest = p->queue;
	for (int a = 0; a < p->area_count; a++)
		deepest[a] = 0;
	for (int k = 0; k < p->goal_count; k++) {
		unsigned goal = p->order[k], area = p->area[goal];
		if (!occupied[goal] && p->rank[goal] > deepest[area])
			deepest[area] = p->rank[goal];
	}
	return deepest;
}

/* The backward plan's stage: the last step k whose layout holds (every
 * step j <= k whose box stays past k has a box on its square). */
static int plan_stage(fess_plan *p, const uint8_t *occupied)
{
	int count = p->entry_count;
	for (int k = 0; k <= count + 1; k++)
		p->cover[k] = 0;
	for (int k = 1; k <= count; k++)
		if (!occupied[p->entry_square[k]]) {
			p->cover[k]++;
			p->cover[p->entry_until[k]]--;
		}
	int run = 0, stage = 0;
	for (int k = 1; k <= count; k++) {
		run += p->cover[k];
		if (run == 0)
			stage = k;
	}
	return stage;
}

void fess_packing_of(fess_plan *p, const uint8_t *occupied, fess_features *out)
{
	if (p->entry_count > 0) {
		int stage = plan_stage(p, occupied);
		unsigned early = 0;
		for (int g = 0; g < p->goal_count; g++) {
			unsigned goal = p->order[g];
			if (occupied[goal] && p->final_entry[goal] > stage + 1)
				early++;
		}
		out->packed = (uint8_t)(stage > 255 ? 255 : stage);
		out->out_of_plan = (uint8_t)(early > 255 ? 255 : early);
		return;
	}
	/* Goals filled from an area's deepest empty layer down are packed,
	 * goals filled above it are early. */
	unsigned packed = 0, early = 0;
	const uint16_t *deepest = deepest_empty(p, occupied);
	for (int k = 0; k < p->goal_count; k++) {
		unsigned goal = p->order[k];
		if (!occupied[goal])
			continue;
		if (p->rank[goal] >= deepest[p->area[goal]])
			packed++;
		else
			early++;
	}
	out->packed = (uint8_t)(packed > 255 ? 255 : packed);
	out->out_of_plan = (uint8_t)(early > 255 ? 255 : early);
}

void fess_features_of(fess_plan *p, const board *b, const uint8_t *occupied, fess_features *out)
{
	fess_packing_of(p, occupied, out);
	/* Connectivity: the areas of free floor. */
	unsigned areas = reach_count_areas(b, occupied, p->stamp, &p->generation, p->queue);
	out->connectivity = (uint8_t)(areas > 255 ? 255 : areas);
}

int fess_next_goals(fess_plan *p, const uint8_t *occupied, uint16_t *out)
{
	if (p->entry_count > 0) {
		/* The empty squares of the next stage's layout. */
		int next = plan_stage(p, occupied) + 1, count = 0;
		for (int k = 1; k <= next && k <= p->entry_count; k++)
			if (p->entry_until[k] > next && !occupied[p->entry_square[k]] &&
			    count < p->goal_count)
				out[count++] = p->entry_square[k];
		return count;
	}
	const uint16_t *deepest = deepest_empty(p, occupied);
	int count = 0;
	for (int k = 0; k < p->goal_count; k++) {
		unsigned goal = p->order[k];
		if (!occupied[goal] && p->rank[goal] == deepest[p->area[goal]])
			out[count++] = (uint16_t)goal;
	}
	return count;
}
