/* room_macro.c — a level's goal rooms with their packing orders, and the
 * goal macro: a box pushed onto a room's entrance goes straight on to the
 * next goal of the order, as one step of the search.
 *
 * When a push puts a box on the entrance E from the outside square o (the
 * player then stands on o) and the room holds boxes exactly on the first k
 * goals of its order, step k of the order (the pushes from E to goal k
 * found with those k goals filled and the rest of the room empty) is
 * replayed on the actual position: every push needs a free target square
 * and a player walk to the square behind the box. The walk is flooded over
 * the room, E and o only, which is exact: the room is entered only through
 * E, so a walk that leaves it comes back through E and the detour can be
 * cut, and from o the only way in is E. The macro is therefore a legal
 * push sequence, checked push by push.
 *
 *     ###########
 *     #    @$..*#     the player on o has just pushed a box onto E;
 *     ###########     the far goal is filled: the macro is the two
 *                     pushes that bring the box onto the middle goal.
 *
 * It never leaves the room in a deadlock: the box stops on goal k, so the
 * room holds exactly the first k + 1 goals of the order; the player can
 * walk back out through E (the order was built so); from there steps
 * k + 1 onward fill the rest with boxes brought to E; every square the box
 * crosses is live (dead squares are never path squares) and nothing
 * outside the room moves. What committing to a macro gives up is
 * completeness in rare levels that need the room's floor to turn a box
 * around or to park one, and optimality: hence the non-optimal mode only. */
#include <stdlib.h>
#include <string.h>

#include "room.h"

static void free_tables(room_info *r)
{
	size_t n = (size_t)r->square_count + 1;
	memory *mem = r->mem;
	memory_free(mem, r->room_of, sizeof(uint16_t) * n);
	memory_free(mem, r->entrance_of, sizeof(uint16_t) * n);
	memory_free(mem, r->stamp, sizeof(uint32_t) * n);
	memory_free(mem, r->queue, sizeof(uint16_t) * (ROOM_MAX_SQUARES + 2));
}

void room_free(room_info *r)
{
	if (!r)
		return;
	memory *mem = r->mem;
	memory_free(mem, r->macro, sizeof(room_push) * (size_t)r->longest);
	room_list_free(r->rooms, r->count, mem);
	free_tables(r);
	memory_free(mem, r, sizeof *r);
}

room_info *room_macros_open(const board *b, memory *mem, hako_status *status)
{
	*status = HAKO_OK;
	room_info *r = room_analyze(b, mem);
	if (r && (r->count == 0 || r->longest == 0)) {
		room_free(r);
		return NULL;
	}
	if (r)
		r->macro = memory_alloc(mem, sizeof(room_push) * (size_t)r->longest);
	if (!r || !r->macro) {
		room_free(r);
		*status = HAKO_ERR_NOMEM;
		return NULL;
	}
	return r;
}

room_info *room_analyze(const board *b, memory *mem)
{
	room_info *r = memory_calloc(mem, sizeof *r);
	if (!r)
		return NULL;
	size_t n = (size_t)b->square_count + 1;
	r->mem = mem;
	r->square_count = b->square_count;
	r->room_of = memory_alloc(mem, sizeof(uint16_t) * n);
	r->entrance_of = memory_alloc(mem, sizeof(uint16_t) * n);
	r->stamp = memory_calloc(mem, sizeof(uint32_t) * n);
	r->queue = memory_alloc(mem, sizeof(uint16_t) * (ROOM_MAX_SQUARES + 2));
	int count = 0;
	if (!r->room_of || !r->entrance_of || !r->stamp || !r->queue ||
	    (count = room_find(b, mem, &r->rooms)) < 0) {
		free_tables(r);
		memory_free(mem, r, sizeof *r);
		return NULL;
	}
	r->count = count;
	for (size_t s = 0; s < n; s++)
		r->room_of[s] = r->entrance_of[s] = ROOM_NONE;
	for (int i = 0; i < count; i++) {
		room *rm = &r->rooms[i];
		if (room_packing_order(b, rm, mem) != HAKO_OK) {
			room_free(r);
			return NULL;
		}
		r->entrance_of[rm->entrance] = (uint16_t)i;
		for (int j = 0; j < rm->square_count; j++)
			r->room_of[rm->squares[j]] = (uint16_t)i;
		for (int k = 0; rm->ordered && k < rm->goal_count; k++) {
			int length = (int)(rm->step[k + 1] - rm->step[k]);
			if (length > r->longest)
				r->longest = length;
		}
	}
	return r;
}

/* Can the player walk from `from` to `to` over the room (index `which`),
 * its entrance and outside square, with the position's boxes except the
 * one on `moved_from`, plus a box on `box`? */
static int walk_reaches(room_info *r, const board *b, const room *rm, unsigned which,
                        const uint8_t *occupied, unsigned moved_from, unsigned box, unsigned from,
                        unsigned to)
{
	if (from == to)
		return 1;
	if (++r->generation == 0) {
		memset(r->stamp, 0, sizeof(uint32_t) * ((size_t)r->square_count + 1));
		r->generation = 1;
	}
	uint32_t gen = r->generation;
	int tail = 0;
	r->stamp[from] = gen;
	r->queue[tail++] = (uint16_t)from;
	for (int head = 0; head < tail; head++) {
		unsigned s = r->queue[head];
		for (unsigned d = 0; d < 4; d++) {
			unsigned t = board_next(b, s, d);
			if (t == SQUARE_NONE || r->stamp[t] == gen || t == box ||
			    (occupied[t] && t != moved_from))
				continue;
			if (r->room_of[t] != which && t != rm->entrance && t != rm->outside)
				continue;
			if (t == to)
				return 1;
			r->stamp[t] = gen;
			r->queue[tail++] = (uint16_t)t;
		}
	}
	return 0;
}

int room_macro(room_info *r, const board *b, const uint8_t *occupied, unsigned player,
               unsigned pushed_to, room_push *out, int max_pushes)
{
	if (!r || pushed_to >= (unsigned)r->square_count)
		return 0;
	unsigned which = r->entrance_of[pushed_to];
	if (which == ROOM_NONE)
		return 0;
	const room *rm = &r->rooms[which];
	if (!rm->ordered || player != rm->outside)
		return 0;
	/* The room must hold boxes exactly on a prefix of the order. */
	int filled = 0;
	for (int i = 0; i < rm->square_count; i++)
		filled += occupied[rm->squares[i]] != 0;
	if (filled >= rm->goal_count)
		return 0;
	for (int k = 0; k < filled; k++)
		if (!occupied[rm->order[k]])
			return 0;
	const room_push *path = rm->pushes + rm->step[filled];
	int length = (int)(rm->step[filled + 1] - rm->step[filled]);
	if (length > max_pushes)
		return 0;
	/* Replay it: each push from where the box stands, onto a free square,
	 * from a square the player can walk to. */
	unsigned box = pushed_to, at = player;
	for (int i = 0; i < length; i++) {
		unsigned dir = path[i].dir;
		unsigned behind = board_next(b, box, DIR_OPPOSITE(dir));
		unsigned to = board_next(b, box, dir);
		if (path[i].from != box || behind == SQUARE_NONE || to == SQUARE_NONE ||
		    (occupied[to] && to != pushed_to) || (occupied[behind] && behind != pushed_to))
			return 0;
		if (!walk_reaches(r, b, rm, which, occupied, pushed_to, box, at, behind))
			return 0;
		out[i] = path[i];
		at = box;
		box = to;
	}
	return box == rm->order[filled] ? length : 0;
}

int room_macro_play(room_info *r, const board *b, uint8_t *occupied, unsigned *stand, uint16_t *to)
{
	int count = room_macro(r, b, occupied, *stand, *to, r->macro, room_macro_capacity(r));
	for (int m = 0; m < count; m++) {
		uint16_t next = board_next(b, r->macro[m].from, r->macro[m].dir);
		occupied[r->macro[m].from] = 0;
		occupied[next] = 1;
		*stand = r->macro[m].from;
		*to = next;
	}
	return count;
}
