/* room.h — goal rooms, their packing orders and goal macros (issue 4).
 *
 * A goal room is an area holding goals that boxes can only enter through
 * one square, its entrance (see room.c for the exact definition and the
 * diagrams). A packing order fills the room's goals one at a time so that
 * every later box can still be pushed in from the entrance (room_order.c).
 * A goal macro takes a box that has just been pushed onto the entrance
 * straight to the next goal of the order, as one step of the search.
 *
 * Macros are for the non-optimal search mode (HAKO_OPTIMAL_NONE): they are
 * always legal push sequences and never leave the room unfillable, but a
 * search that commits to them may miss the shortest solution. Usage:
 *
 *     room_info *rooms = room_analyze(b, &mem);      once per level
 *     room_push *macro = ... room_macro_capacity(rooms) entries ...
 *     after generating a push that put a box on square `to`, the player
 *     on `player` and the child's boxes in `occupied`:
 *         int n = room_macro(rooms, b, occupied, player, to, macro, cap);
 *         n > 0: macro[0..n) are pushes (box square, direction) to apply
 *         after that push; the box then stands on a goal of the room.
 *     room_free(rooms);
 */
#ifndef HAKO_ROOM_H
#define HAKO_ROOM_H

#include <stdint.h>

#include "board.h"
#include "memory.h"

#define ROOM_NONE 0xFFFFu
/* Larger areas are not rooms: the packing order costs O(squares^2) per
 * goal, and macros pay off in small rooms. */
#define ROOM_MAX_SQUARES 512

/* One push: the box on `from` moves one square toward `dir` (the player
 * stands on the square behind it). Same layout as search_push. */
typedef struct room_push {
	uint16_t from;
	uint8_t dir;
} room_push;

typedef struct room {
	uint16_t entrance; /* E: the one square boxes enter the room through */
	uint16_t outside;  /* o: E's only neighbour outside the room */
	uint8_t entry_dir; /* the direction of the push from o onto E */
	uint8_t ordered;   /* 1 when `order` is a complete packing order */
	int square_count;  /* squares of the room (E and o not included) */
	uint16_t *squares; /* ascending */
	int goal_count;
	/* The room's goals: in packing order (first filled first) when
	 * ordered, ascending otherwise. */
	uint16_t *order;
	/* When ordered: the pushes of step k (box from E to order[k], with
	 * order[0..k) filled) are pushes[step[k] .. step[k + 1]). */
	uint32_t *step;
	room_push *pushes;
} room;

typedef struct room_info {
	int count;
	room *rooms;
	uint16_t *room_of;     /* per square: the room it belongs to, or ROOM_NONE */
	uint16_t *entrance_of; /* per square: the room it is the entrance of, or ROOM_NONE */
	int longest;           /* the most pushes of any macro */
	room_push *macro;      /* room_macros_open: room for `longest` pushes */
	/* Scratch of room_macro's player floods (no allocation per call). */
	uint32_t *stamp;
	uint32_t generation;
	uint16_t *queue;
	int square_count;
	memory *mem;
} room_info;

/* room.c: the goal rooms of a board, disjoint, without packing orders
 * (ordered = 0, order ascending). Returns the count (0: none) and sets
 * *out (NULL when none); -1 when out of memory. Free with room_list_free. */
int room_find(const board *b, memory *mem, room **out);
void room_list_free(room *rooms, int count, memory *mem);

/* room_order.c: compute the room's packing order and its push paths by
 * pulling boxes out of the filled room (see room_order.c). Sets ordered
 * to 1 and fills order/step/pushes when a complete order exists, leaves
 * ordered = 0 when none does. HAKO_ERR_NOMEM when out of memory. */
hako_status room_packing_order(const board *b, room *rm, memory *mem);

/* Rooms and packing orders of a board; NULL when out of memory. `mem` must
 * outlive the result. */
room_info *room_analyze(const board *b, memory *mem);
void room_free(room_info *r);

/* For a search: the rooms with a buffer of room_macro_capacity pushes
 * in r->macro, or NULL with *status HAKO_OK when the board has no goal
 * macro to offer (NULL with HAKO_ERR_NOMEM when out of memory). Free with
 * room_free. */
room_info *room_macros_open(const board *b, memory *mem, hako_status *status);

/* How many pushes room_macro may write at most. */
static inline int room_macro_capacity(const room_info *r)
{
	return r->longest;
}

/* The goal macro after a push that put a box on `pushed_to` and left the
 * player on `player`; `occupied` is the position after that push (nonzero
 * where a box stands, the pushed box included). When `pushed_to` is a
 * room's entrance, the box came from outside, the room holds boxes exactly
 * on the first k goals of its order and the k-th step's pushes are all
 * legal here (free squares, the player can walk to every pushing square),
 * writes those pushes to out and returns their count; otherwise, or when
 * more than max_pushes, returns 0. Uses r's scratch: one caller at a time. */
int room_macro(room_info *r, const board *b, const uint8_t *occupied, unsigned player,
               unsigned pushed_to, room_push *out, int max_pushes);

/* room_macro with the rooms' own buffer, its pushes then played on
 * `occupied`: *stand and *to become the last push's player and box
 * squares. Returns how many pushes (0: none). */
int room_macro_play(room_info *r, const board *b, uint8_t *occupied, unsigned *stand, uint16_t *to);

#endif
