/* room.c — goal rooms: the areas of a board that hold goals behind a
 * single entrance square. Their packing orders are room_order.c's, the
 * goal macros room_macro.c's.
 *
 * Definition. A door is a square E with a neighbour o such that every
 * other neighbour of E is cut off from o when a box stands on E (their
 * board->side labels differ from o's). The room behind the door is the set
 * R of squares those other neighbours reach without passing E; o is the
 * outside. (E, o, R) is a goal room when
 *   - R holds at least one goal and at most ROOM_MAX_SQUARES squares;
 *   - no box of the start position stands in R off a goal, and R holds
 *     more goals than start boxes: boxes come in, through E;
 *   - no door with the same goals has a smaller room: along a corridor
 *     every square is a door, the one nearest the goals is the entrance
 *     (tunnel macros bring boxes along the corridor);
 *   - rooms are disjoint: of two nested rooms with different goals the
 *     larger is kept and the smaller is part of it.
 *
 *     #############
 *     #     ###   #     E is the entrance and o the outside; a and o
 *     # $$$$aoE.. #     are doors too, with the same goals and larger
 *     #  @  ### ..#     rooms. The room: the 3x3 block right of E.
 *     #############
 *
 *     #######
 *     #.  $ #           goals and boxes share one open area: no door
 *     # @ $.#           cuts the goals off from the boxes, so no room.
 *     #     #
 *     #######
 *
 *     ###############
 *     #####     #####     two doors E and F with different goals: two
 *     #..E $$ $$ F..#     rooms. A door whose room held both (on a
 *     #####  @  #####     corridor leading to both, the boxes elsewhere)
 *     ###############     would make them one room.
 *
 * Finding them: every (square, direction) is tried as a door, its room
 * flooded and given up past ROOM_MAX_SQUARES or at an off-goal box, so
 * the cost is O(squares * ROOM_MAX_SQUARES) at worst, once per level.
 * Rooms of doors cut at single squares are nested or disjoint, so a
 * room's goal count and smallest goal identify its goal set among the
 * candidates. */
#include "room.h"

#include <stdlib.h>
#include <string.h>

typedef struct candidate {
	uint16_t entrance, size, goals, min_goal;
	uint8_t out_dir;
} candidate;

typedef struct finder {
	const board *b;
	uint8_t *start_box; /* per square */
	uint32_t *stamp;    /* per square: == generation when in the room */
	uint32_t generation;
	uint16_t *queue; /* ROOM_MAX_SQUARES + 1 */
} finder;

/* Is neighbour `out_dir` of square e the only one on its side of e? */
static int is_door(const board *b, unsigned e, unsigned out_dir)
{
	uint8_t outside = b->side[e * 4 + out_dir];
	int inside = 0;
	if (outside == SIDE_NONE)
		return 0;
	for (unsigned d = 0; d < 4; d++) {
		if (d == out_dir || board_next(b, e, d) == SQUARE_NONE)
			continue;
		if (b->side[e * 4 + d] == outside)
			return 0;
		inside++;
	}
	return inside > 0;
}

/* Flood the room behind door (e, out_dir) into f->queue; fills c and
 * returns 1 when it qualifies as a goal room (all but minimality). */
static int flood_room(finder *f, unsigned e, unsigned out_dir, candidate *c)
{
	const board *b = f->b;
	uint32_t gen = ++f->generation;
	int count = 0, goals = 0, boxes = 0;
	unsigned min_goal = SQUARE_NONE;
	f->stamp[e] = gen;
	for (unsigned d = 0; d < 4; d++) {
		uint16_t t = board_next(b, e, d);
		if (d == out_dir || t == SQUARE_NONE || f->stamp[t] == gen)
			continue;
		f->stamp[t] = gen;
		f->queue[count++] = t;
	}
	for (int head = 0; head < count; head++) {
		unsigned s = f->queue[head];
		if (f->start_box[s] && !b->is_goal[s])
			return 0;
		goals += b->is_goal[s];
		boxes += f->start_box[s];
		if (b->is_goal[s] && s < min_goal)
			min_goal = s;
		for (unsigned d = 0; d < 4; d++) {
			uint16_t t = board_next(b, s, d);
			if (t == SQUARE_NONE || f->stamp[t] == gen)
				continue;
			if (count == ROOM_MAX_SQUARES)
				return 0;
			f->stamp[t] = gen;
			f->queue[count++] = t;
		}
	}
	if (goals == 0 || goals <= boxes)
		return 0;
	c->entrance = (uint16_t)e;
	c->out_dir = (uint8_t)out_dir;
	c->size = (uint16_t)count;
	c->goals = (uint16_t)goals;
	c->min_goal = (uint16_t)min_goal;
	return 1;
}

/* Same goals (rooms are nested or disjoint, so the goal count and the
 * smallest goal tell the set), then smaller rooms first. */
static int by_goals_then_size(const void *x, const void *y)
{
	const candidate *a = x, *c = y;
	if (a->goals != c->goals)
		return a->goals < c->goals ? -1 : 1;
	if (a->min_goal != c->min_goal)
		return a->min_goal < c->min_goal ? -1 : 1;
	if (a->size != c->size)
		return a->size < c->size ? -1 : 1;
	return a->entrance < c->entrance ? -1 : a->entrance > c->entrance;
}

static int by_size_descending(const void *x, const void *y)
{
	const candidate *a = x, *c = y;
	if (a->size != c->size)
		return a->size > c->size ? -1 : 1;
	return a->entrance < c->entrance ? -1 : a->entrance > c->entrance;
}

static int ascending(const void *x, const void *y)
{
	uint16_t a = *(const uint16_t *)x, c = *(const uint16_t *)y;
	return a < c ? -1 : a > c;
}

/* Turn an accepted candidate into a room; `taken` marks squares of rooms
 * accepted before. Returns 1 when added, 0 when overlapping, -1 on memory. */
static int accept(finder *f, const candidate *c, uint8_t *taken, room *out, memory *mem)
{
	candidate again;
	flood_room(f, c->entrance, c->out_dir, &again);
	int n = again.size;
	if (taken[c->entrance])
		return 0;
	for (int i = 0; i < n; i++)
		if (taken[f->queue[i]])
			return 0;
	memset(out, 0, sizeof *out);
	out->squares = memory_alloc(mem, sizeof(uint16_t) * (size_t)n);
	out->order = memory_alloc(mem, sizeof(uint16_t) * (size_t)again.goals);
	if (!out->squares || !out->order) {
		memory_free(mem, out->squares, sizeof(uint16_t) * (size_t)n);
		memory_free(mem, out->order, sizeof(uint16_t) * (size_t)again.goals);
		return -1;
	}
	taken[c->entrance] = 1;
	memcpy(out->squares, f->queue, sizeof(uint16_t) * (size_t)n);
	qsort(out->squares, (size_t)n, sizeof(uint16_t), ascending);
	int goals = 0;
	for (int i = 0; i < n; i++) {
		taken[out->squares[i]] = 1;
		if (f->b->is_goal[out->squares[i]])
			out->order[goals++] = out->squares[i];
	}
	out->entrance = c->entrance;
	out->outside = board_next(f->b, c->entrance, c->out_dir);
	out->entry_dir = (uint8_t)DIR_OPPOSITE(c->out_dir);
	out->square_count = n;
	out->goal_count = goals;
	return 1;
}

/* Free what a room owns (not the room itself). */
static void clear_room(room *rm, memory *mem)
{
	int n = rm->goal_count;
	memory_free(mem, rm->squares, sizeof(uint16_t) * (size_t)rm->square_count);
	memory_free(mem, rm->order, sizeof(uint16_t) * (size_t)n);
	if (rm->step) {
		memory_free(mem, rm->pushes, sizeof(room_push) * rm->step[n]);
		memory_free(mem, rm->step, sizeof(uint32_t) * ((size_t)n + 1));
	}
	memset(rm, 0, sizeof *rm);
}

void room_list_free(room *rooms, int count, memory *mem)
{
	for (int i = 0; i < count; i++)
		clear_room(&rooms[i], mem);
	memory_free(mem, rooms, sizeof(room) * (size_t)count);
}

/* Every qualifying door into cand (room for 4 per square); returns the
 * count after keeping, per goal set, the door with the smallest room. */
static int find_candidates(finder *f, candidate *cand)
{
	const board *b = f->b;
	int found = 0, kept = 0;
	for (unsigned s = 0; s < (unsigned)b->square_count; s++)
		for (unsigned d = 0; d < 4; d++)
			if (is_door(b, s, d) && flood_room(f, s, d, &cand[found]))
				found++;
	qsort(cand, (size_t)found, sizeof *cand, by_goals_then_size);
	for (int i = 0; i < found; i++)
		if (kept == 0 || cand[i].goals != cand[kept - 1].goals ||
		    cand[i].min_goal != cand[kept - 1].min_goal)
			cand[kept++] = cand[i];
	return kept;
}

/* The largest of nested rooms first; returns the rooms taken, -1 on memory. */
static int take_rooms(finder *f, candidate *cand, int kept, room *list, memory *mem)
{
	size_t bytes = (size_t)f->b->square_count + 1;
	uint8_t *taken = memory_calloc(mem, bytes);
	int rooms = 0, r = taken ? 0 : -1;
	qsort(cand, (size_t)kept, sizeof *cand, by_size_descending);
	for (int i = 0; i < kept && r >= 0; i++) {
		r = accept(f, &cand[i], taken, &list[rooms], mem);
		rooms += r > 0;
	}
	memory_free(mem, taken, bytes);
	if (r >= 0)
		return rooms;
	for (int i = 0; i < rooms; i++)
		clear_room(&list[i], mem);
	return -1;
}

int room_find(const board *b, memory *mem, room **out)
{
	size_t n = (size_t)b->square_count + 1;
	size_t cand_bytes = sizeof(candidate) * 4 * n;
	finder f = {b, memory_calloc(mem, n), memory_calloc(mem, sizeof(uint32_t) * n), 0,
	            memory_alloc(mem, sizeof(uint16_t) * (ROOM_MAX_SQUARES + 4))};
	candidate *cand = memory_alloc(mem, cand_bytes);
	room *list = NULL;
	int rooms = -1, kept = 0;
	*out = NULL;
	if (f.start_box && f.stamp && f.queue && cand) {
		for (int i = 0; i < b->box_count; i++)
			f.start_box[b->start_boxes[i]] = 1;
		kept = find_candidates(&f, cand);
		list = memory_alloc(mem, sizeof(room) * (size_t)(kept + 1));
		if (list)
			rooms = take_rooms(&f, cand, kept, list, mem);
	}
	/* Hand out exactly `rooms` entries: room_list_free frees that size. */
	if (rooms > 0) {
		*out = memory_alloc(mem, sizeof(room) * (size_t)rooms);
		if (*out)
			memcpy(*out, list, sizeof(room) * (size_t)rooms);
		else {
			for (int i = 0; i < rooms; i++)
				clear_room(&list[i], mem);
			rooms = -1;
		}
	}
	memory_free(mem, list, sizeof(room) * (size_t)(kept + 1));
	memory_free(mem, cand, cand_bytes);
	memory_free(mem, f.start_box, n);
	memory_free(mem, f.stamp, sizeof(uint32_t) * n);
	memory_free(mem, f.queue, sizeof(uint16_t) * (ROOM_MAX_SQUARES + 4));
	return rooms;
}
