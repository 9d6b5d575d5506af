/* test_room.c — goal rooms (which areas, which entrance), packing orders
 * (forced, impossible) and goal macros, each macro replayed here push by
 * push with an independent player flood; statistics over the shared
 * collections, where every room's order is filled through its macros. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "level.h"
#include "room.h"
#include "testboard.h"

static memory budget(void)
{
	memory m = {0, 0, (size_t)1 << 30};
	return m;
}

typedef struct fixture {
	hako_level *level;
	board b;
	memory mem;
	room_info *rooms;
	uint8_t *occupied;
} fixture;

static void open_level(fixture *f, const char *xsb)
{
	f->level = tu_level(xsb);
	assert_int_equal(board_build(f->level, &f->b), HAKO_OK);
	f->mem = budget();
	f->rooms = room_analyze(&f->b, &f->mem);
	assert_non_null(f->rooms);
	f->occupied = calloc((size_t)f->b.square_count + 1, 1);
	assert_non_null(f->occupied);
}

static void close_level(fixture *f)
{
	room_free(f->rooms);
	assert_int_equal(f->mem.used, 0);
	free(f->occupied);
	board_free(&f->b);
	hako_level_free(f->level);
}

/* The test's own player flood over the whole board. */
static int player_reaches(const board *b, const uint8_t *occupied, unsigned from, unsigned to)
{
	size_t n = (size_t)b->square_count;
	uint8_t *seen = calloc(n, 1);
	uint16_t *queue = malloc(sizeof(uint16_t) * n);
	assert_true(seen && queue);
	size_t head = 0, tail = 0;
	seen[from] = 1;
	queue[tail++] = (uint16_t)from;
	while (head < tail) {
		unsigned s = queue[head++];
		for (unsigned d = 0; d < 4; d++) {
			uint16_t t = board_next(b, s, d);
			if (t != SQUARE_NONE && !seen[t] && !occupied[t]) {
				seen[t] = 1;
				queue[tail++] = t;
			}
		}
	}
	int found = seen[to];
	free(seen);
	free(queue);
	return found;
}

/* Apply a push if it is legal: a box to push, a free target, a player
 * walk to the square behind. */
static int apply_push(const board *b, uint8_t *occupied, unsigned *player, room_push p)
{
	uint16_t behind = board_next(b, p.from, DIR_OPPOSITE(p.dir));
	uint16_t to = board_next(b, p.from, p.dir);
	if (!occupied[p.from] || behind == SQUARE_NONE || to == SQUARE_NONE || occupied[to] ||
	    occupied[behind] || !player_reaches(b, occupied, *player, behind))
		return 0;
	occupied[p.from] = 0;
	occupied[to] = 1;
	*player = p.from;
	return 1;
}

/* Put a box on the entrance with the player on the outside square; ask
 * for the macro and replay it. Returns its pushes (0: none). */
static int enter_box(fixture *f, const room *rm, unsigned *player)
{
	room_push out[ROOM_MAX_SQUARES * 4];
	f->occupied[rm->entrance] = 1;
	*player = rm->outside;
	int n = room_macro(f->rooms, &f->b, f->occupied, *player, rm->entrance, out,
	                   room_macro_capacity(f->rooms));
	for (int i = 0; i < n; i++)
		assert_true(apply_push(&f->b, f->occupied, player, out[i]));
	return n;
}

/* Fill an empty room through its macros, checking every step lands on the
 * next goal and the player can walk back out. */
static void fill_room(fixture *f, const room *rm)
{
	assert_true(rm->ordered);
	for (int k = 0; k < rm->goal_count; k++) {
		unsigned player;
		int n = enter_box(f, rm, &player);
		assert_int_equal(n, (int)(rm->step[k + 1] - rm->step[k]));
		assert_true(f->occupied[rm->order[k]]);
		assert_false(f->occupied[rm->entrance]);
		assert_true(player_reaches(&f->b, f->occupied, player, rm->outside));
	}
	unsigned player;
	assert_int_equal(enter_box(f, rm, &player), 0); /* the room is full */
	f->occupied[rm->entrance] = 0;
	for (int i = 0; i < rm->square_count; i++) {
		assert_int_equal(f->occupied[rm->squares[i]], f->b.is_goal[rm->squares[i]]);
		f->occupied[rm->squares[i]] = 0;
	}
}

static const char *const corridor_room = "#######\n"
                                         "#@    #\n"
                                         "# $$$ #####\n"
                                         "#      ...#\n"
                                         "###########\n";

static void room_behind_a_corridor(void **state)
{
	(void)state;
	fixture f;
	open_level(&f, "#############\n"
	               "#     ###   #\n"
	               "# $$$$   .. #\n"
	               "#  @  ### ..#\n"
	               "#############\n");
	assert_int_equal(f.rooms->count, 1);
	const room *rm = &f.rooms->rooms[0];
	/* The door nearest the goals, not the corridor squares before it. */
	assert_int_equal(rm->entrance, tb_square(&f.b, 8, 2));
	assert_int_equal(rm->outside, tb_square(&f.b, 7, 2));
	assert_int_equal(rm->entry_dir, DIR_RIGHT);
	assert_int_equal(rm->square_count, 9);
	assert_int_equal(rm->goal_count, 4);
	assert_int_equal(f.rooms->room_of[tb_square(&f.b, 11, 3)], 0);
	assert_int_equal(f.rooms->room_of[rm->entrance], ROOM_NONE);
	assert_int_equal(f.rooms->entrance_of[rm->entrance], 0);
	/* Far goals first: (11,3) by three pushes right and one down, then
	 * (10,3), then the row next to the entrance. */
	assert_true(rm->ordered);
	static const int want[4][3] = {{11, 3, 4}, {10, 3, 3}, {10, 2, 2}, {9, 2, 1}};
	for (int k = 0; k < 4; k++) {
		assert_int_equal(rm->order[k], tb_square(&f.b, want[k][0], want[k][1]));
		assert_int_equal(rm->step[k + 1] - rm->step[k], want[k][2]);
	}
	assert_int_equal(rm->pushes[3].from, tb_square(&f.b, 11, 2));
	assert_int_equal(rm->pushes[3].dir, DIR_DOWN);
	fill_room(&f, rm);
	close_level(&f);
}

static void two_rooms_and_none(void **state)
{
	(void)state;
	fixture f;
	open_level(&f, "###############\n"
	               "#####     #####\n"
	               "#..  $$ $$  ..#\n"
	               "#####  @  #####\n"
	               "###############\n");
	assert_int_equal(f.rooms->count, 2);
	unsigned left = tb_square(&f.b, 3, 2), right = tb_square(&f.b, 11, 2);
	const room *a = &f.rooms->rooms[0], *c = &f.rooms->rooms[1];
	if (a->entrance != left) {
		const room *t = a;
		a = c;
		c = t;
	}
	assert_int_equal(a->entrance, left);
	assert_int_equal(a->outside, tb_square(&f.b, 4, 2));
	assert_int_equal(c->entrance, right);
	assert_int_equal(c->outside, tb_square(&f.b, 10, 2));
	assert_int_equal(a->goal_count, 2);
	assert_int_equal(c->goal_count, 2);
	/* Far goal first on both sides. */
	assert_true(a->ordered && c->ordered);
	assert_int_equal(a->order[0], tb_square(&f.b, 1, 2));
	assert_int_equal(c->order[0], tb_square(&f.b, 13, 2));
	fill_room(&f, a);
	fill_room(&f, c);
	close_level(&f);

	/* Goals and boxes in one open area: no door, no room. */
	open_level(&f, "#######\n"
	               "#.  $ #\n"
	               "# @ $.#\n"
	               "#     #\n"
	               "#######\n");
	assert_int_equal(f.rooms->count, 0);
	room_push out[4];
	assert_int_equal(room_macro(f.rooms, &f.b, f.occupied, tb_square(&f.b, 2, 2),
	                            tb_square(&f.b, 4, 2), out, 4),
	                 0);
	close_level(&f);

	/* A box inside the area off a goal: boxes would leave it, not enter. */
	open_level(&f, "##########\n"
	               "#@ $ #####\n"
	               "# .$  ..$#\n"
	               "##########\n");
	assert_int_equal(f.rooms->count, 0);
	close_level(&f);
}

static void forced_order_far_goal_first(void **state)
{
	(void)state;
	fixture f;
	open_level(&f, corridor_room);
	assert_int_equal(f.rooms->count, 1);
	const room *rm = &f.rooms->rooms[0];
	assert_int_equal(rm->entrance, tb_square(&f.b, 6, 3));
	assert_true(rm->ordered);
	assert_int_equal(rm->order[0], tb_square(&f.b, 9, 3));
	assert_int_equal(rm->order[1], tb_square(&f.b, 8, 3));
	assert_int_equal(rm->order[2], tb_square(&f.b, 7, 3));
	/* Step 0: three pushes right from the entrance. */
	assert_int_equal(rm->step[1] - rm->step[0], 3);
	for (int i = 0; i < 3; i++) {
		assert_int_equal(rm->pushes[i].from, tb_square(&f.b, 6 + i, 3));
		assert_int_equal(rm->pushes[i].dir, DIR_RIGHT);
	}
	assert_int_equal(rm->step[3], 3 + 2 + 1);
	fill_room(&f, rm);
	close_level(&f);
}

static void room_without_order(void **state)
{
	(void)state;
	fixture f;
	/* Either goal alone can be filled (box up to the top row, the player
	 * round to its side); with one filled the other is out of reach. */
	open_level(&f, " #####\n"
	               " #. .#\n"
	               " #   #\n"
	               " ## ##\n"
	               "##   ##\n"
	               "# $ $ #\n"
	               "#  @  #\n"
	               "#######\n");
	assert_int_equal(f.rooms->count, 1);
	const room *rm = &f.rooms->rooms[0];
	/* (3,2) cuts the U of the room from the rest: the entrance. */
	assert_int_equal(rm->entrance, tb_square(&f.b, 3, 2));
	assert_int_equal(rm->outside, tb_square(&f.b, 3, 3));
	assert_int_equal(rm->square_count, 5);
	assert_false(rm->ordered);
	assert_null(rm->step);
	unsigned player;
	assert_int_equal(enter_box(&f, rm, &player), 0);
	close_level(&f);
}

static void macro_refuses(void **state)
{
	(void)state;
	fixture f;
	open_level(&f, corridor_room);
	const room *rm = &f.rooms->rooms[0];
	unsigned e = rm->entrance, o = rm->outside, player;
	room_push out[16];
	/* Not from the outside: a box pushed onto E from inside the room. */
	f.occupied[e] = 1;
	assert_int_equal(room_macro(f.rooms, &f.b, f.occupied, tb_square(&f.b, 7, 3), e, out, 16),
	                 0);
	/* Not the entrance. */
	f.occupied[e] = 0;
	f.occupied[o] = 1;
	assert_int_equal(room_macro(f.rooms, &f.b, f.occupied, tb_square(&f.b, 4, 3), o, out, 16),
	                 0);
	f.occupied[o] = 0;
	/* Too long for the caller's buffer. */
	f.occupied[e] = 1;
	assert_int_equal(room_macro(f.rooms, &f.b, f.occupied, o, e, out, 2), 0);
	assert_int_equal(room_macro(f.rooms, &f.b, f.occupied, o, e, out, 3), 3);
	f.occupied[e] = 0;
	/* The path is blocked by a box off a goal in the room. */
	f.occupied[tb_square(&f.b, 8, 3)] = 0;
	f.occupied[tb_square(&f.b, 7, 3)] = 1;
	assert_int_equal(enter_box(&f, rm, &player), 0);
	f.occupied[tb_square(&f.b, 7, 3)] = 0;
	f.occupied[e] = 0;
	/* Goals filled out of order: the middle one without the far one. */
	f.occupied[tb_square(&f.b, 8, 3)] = 1;
	assert_int_equal(enter_box(&f, rm, &player), 0);
	f.occupied[e] = 0;
	f.occupied[tb_square(&f.b, 8, 3)] = 0;
	/* A prefix is fine: the far goal filled, the next box goes to the middle. */
	f.occupied[tb_square(&f.b, 9, 3)] = 1;
	assert_int_equal(enter_box(&f, rm, &player), 2);
	assert_true(f.occupied[tb_square(&f.b, 8, 3)]);
	close_level(&f);
}

static void out_of_memory_anywhere(void **state)
{
	(void)state;
	hako_level *level = tu_level(corridor_room);
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	memory mem = budget();
	room_info *full = room_analyze(&b, &mem);
	assert_non_null(full);
	size_t need = mem.peak;
	room_free(full);
	/* Every budget below the peak fails cleanly, at whichever allocation. */
	int failed = 0;
	for (size_t limit = 0; limit <= need; limit += 8) {
		memory tight = {0, 0, limit};
		room_info *r = room_analyze(&b, &tight);
		if (r) {
			assert_int_equal(r->count, 1);
			assert_true(r->rooms[0].ordered);
			room_free(r);
		} else
			failed++;
		assert_int_equal(tight.used, 0);
	}
	assert_true(failed > 0);
	board_free(&b);
	hako_level_free(level);
}

/* Every level of a collection: rooms, orders, and each order filled
 * through its macros. Prints the numbers; returns levels with an order. */
static int survey(const char *file, int list)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", tu_shared_levels(), file);
	hako_collection *c = tu_collection(path);
	size_t levels = hako_collection_count(c);
	int with_room = 0, with_order = 0, rooms = 0, ordered = 0, goals = 0;
	for (size_t i = 0; i < levels; i++) {
		const hako_level *level = hako_collection_level(c, i);
		if (hako_level_status(level, NULL) != HAKO_OK)
			continue;
		fixture f;
		f.level = hako_level_copy(level);
		assert_non_null(f.level);
		assert_int_equal(board_build(f.level, &f.b), HAKO_OK);
		f.mem = budget();
		f.rooms = room_analyze(&f.b, &f.mem);
		assert_non_null(f.rooms);
		f.occupied = calloc((size_t)f.b.square_count + 1, 1);
		int any = 0;
		for (int r = 0; r < f.rooms->count; r++) {
			const room *rm = &f.rooms->rooms[r];
			rooms++;
			if (rm->ordered) {
				ordered++;
				goals += rm->goal_count;
				any = 1;
				fill_room(&f, rm);
			}
		}
		with_room += f.rooms->count > 0;
		with_order += any;
		if (getenv("ROOM_SHOW_UNORDERED"))
			for (int r = 0; r < f.rooms->count; r++)
				if (!f.rooms->rooms[r].ordered) {
					char *xsb = hako_level_to_xsb(f.level);
					print_message(
					    "%s %zu: unordered room at (%d,%d), %d goals\n%s", file,
					    i + 1, board_x(&f.b, f.rooms->rooms[r].entrance),
					    board_y(&f.b, f.rooms->rooms[r].entrance),
					    f.rooms->rooms[r].goal_count, xsb);
					hako_free(xsb);
				}
		if (list && any)
			print_message("  %s %zu: %d room(s), first: %d goals, entrance (%d,%d)\n",
			              file, i + 1, f.rooms->count, f.rooms->rooms[0].goal_count,
			              board_x(&f.b, f.rooms->rooms[0].entrance),
			              board_y(&f.b, f.rooms->rooms[0].entrance));
		close_level(&f);
	}
	print_message("%s: %zu levels, %d with a room, %d with a packing order; %d rooms, %d "
	              "ordered, %d goals in ordered rooms\n",
	              file, levels, with_room, with_order, rooms, ordered, goals);
	hako_collection_free(c);
	return with_order;
}

static void shared_collections(void **state)
{
	(void)state;
	tu_skip_without_shared();
	assert_true(survey("XSokoban_90.xsb", 1) >= 1);
	survey("Microban_155.xsb", 0);
	survey("Sasquatch_50.xsb", 0);
	survey("Holland_81.xsb", 0);
	survey("BoxWorld_100.xsb", 0);
	survey("GrigrSpecial_40.xsb", 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(room_behind_a_corridor),
	    cmocka_unit_test(two_rooms_and_none),
	    cmocka_unit_test(forced_order_far_goal_first),
	    cmocka_unit_test(room_without_order),
	    cmocka_unit_test(macro_refuses),
	    cmocka_unit_test(out_of_memory_anywhere),
	    cmocka_unit_test(shared_collections),
	};
	return tu_exit_code(cmocka_run_group_tests(tests, NULL, NULL));
}
