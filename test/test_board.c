/* test_board.c — board analysis: compact squares, neighbours, player sides,
 * dead squares, push distances, player reach and walks. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "level.h"
#include "reach.h"
#include "testboard.h"

static void build(const char *xsb, hako_level **level, board *b)
{
	*level = tu_level(xsb);
	assert_int_equal(board_build(*level, b), HAKO_OK);
}

static void compact_squares_and_neighbours(void **state)
{
	(void)state;
	hako_level *level;
	board b;
	build("#####\n"
	      "#@$.#\n"
	      "#####\n",
	      &level, &b);
	assert_int_equal(b.square_count, 3);
	assert_int_equal(b.box_count, 1);
	assert_int_equal(b.start_player, 0);
	assert_int_equal(b.start_boxes[0], 1);
	assert_int_equal(b.goals[0], 2);
	assert_int_equal(board_next(&b, 0, DIR_RIGHT), 1);
	assert_int_equal(board_next(&b, 1, DIR_LEFT), 0);
	assert_int_equal(board_next(&b, 0, DIR_LEFT), SQUARE_NONE);
	assert_int_equal(board_next(&b, 0, DIR_UP), SQUARE_NONE);
	assert_int_equal(board_x(&b, 2), 3);
	assert_int_equal(board_y(&b, 2), 1);
	/* Every neighbour link is symmetric. */
	for (int s = 0; s < b.square_count; s++)
		for (unsigned d = 0; d < 4; d++) {
			uint16_t t = board_next(&b, (unsigned)s, d);
			if (t != SQUARE_NONE)
				assert_int_equal(board_next(&b, t, DIR_OPPOSITE(d)), s);
		}
	board_free(&b);
	hako_level_free(level);
}

static void sides_split_at_corridors_only(void **state)
{
	(void)state;
	hako_level *level;
	board b;
	build("#########\n"
	      "#   #   #\n"
	      "# $   . #\n"
	      "#  @#   #\n"
	      "#########\n",
	      &level, &b);
	/* (4,2) is the only link between the two rooms: a box there cuts them. */
	unsigned door = tb_square(&b, 4, 2);
	assert_int_not_equal(b.side[door * 4 + DIR_LEFT], b.side[door * 4 + DIR_RIGHT]);
	assert_int_equal(b.side[door * 4 + DIR_UP], SIDE_NONE);
	/* (2,2) is inside a room: all neighbours stay connected around it. */
	unsigned open = tb_square(&b, 2, 2);
	for (unsigned d = 1; d < 4; d++)
		assert_int_equal(b.side[open * 4 + d], b.side[open * 4]);
	board_free(&b);
	hako_level_free(level);
}

static void dead_squares(void **state)
{
	(void)state;
	hako_level *level;
	board b;
	build("#######\n"
	      "#     #\n"
	      "# $ . #\n"
	      "#  @  #\n"
	      "#######\n",
	      &level, &b);
	/* Corners and the walls without a goal are dead; the middle is not. */
	assert_true(b.dead[tb_square(&b, 1, 1)]);
	assert_true(b.dead[tb_square(&b, 5, 3)]);
	assert_true(b.dead[tb_square(&b, 3, 1)]);
	assert_true(b.dead[tb_square(&b, 1, 2)]);
	assert_false(b.dead[tb_square(&b, 2, 2)]);
	assert_false(b.dead[tb_square(&b, 4, 2)]);
	board_free(&b);
	hako_level_free(level);
	/* A wall row with a goal on it is alive along that row. */
	build("#######\n"
	      "#  .  #\n"
	      "# $   #\n"
	      "#  @  #\n"
	      "#######\n",
	      &level, &b);
	assert_false(b.dead[tb_square(&b, 2, 1)]);
	assert_false(b.dead[tb_square(&b, 4, 1)]);
	assert_true(b.dead[tb_square(&b, 1, 1)]);
	board_free(&b);
	hako_level_free(level);
}

static void push_distances_respect_walls_and_sides(void **state)
{
	(void)state;
	hako_level *level;
	board b;
	build("#######\n"
	      "#.    #\n"
	      "#### ##\n"
	      "#  $ @#\n"
	      "#######\n",
	      &level, &b);
	/* Box at (4,1) to goal (1,1): three pushes left. */
	assert_int_equal(b.distance[tb_square(&b, 4, 1)], 3);
	assert_int_equal(b.distance[tb_square(&b, 2, 1)], 1);
	/* From (4,3) it could only go up with the player below it: a wall. */
	assert_int_equal(b.distance[tb_square(&b, 4, 3)], DISTANCE_INFINITE);
	/* From (3,3) it can never reach the goal. */
	assert_int_equal(b.distance[tb_square(&b, 3, 3)], DISTANCE_INFINITE);
	assert_true(b.dead[tb_square(&b, 3, 3)]);
	board_free(&b);
	hako_level_free(level);
}

static void unreachable_parts(void **state)
{
	(void)state;
	hako_level *level;
	board b;
	/* A box on a goal walled off from the player is decoration. */
	build("########\n"
	      "#@$ .#*#\n"
	      "########\n",
	      &level, &b);
	assert_int_equal(b.box_count, 1);
	assert_false(b.unsolvable);
	board_free(&b);
	hako_level_free(level);
}

static void reach_and_walk(void **state)
{
	(void)state;
	hako_level *level;
	board b;
	build("######\n"
	      "#  $.#\n"
	      "# #  #\n"
	      "#@   #\n"
	      "######\n",
	      &level, &b);
	reach r;
	assert_int_equal(reach_init(&r, b.square_count), HAKO_OK);
	uint8_t *occupied = calloc((size_t)b.square_count, 1);
	occupied[tb_square(&b, 3, 1)] = 1;
	uint16_t smallest = reach_distances(&r, &b, occupied, tb_square(&b, 1, 3));
	assert_int_equal(smallest, tb_square(&b, 1, 1));
	assert_false(reach_has(&r, tb_square(&b, 3, 1)));
	assert_true(reach_has(&r, tb_square(&b, 4, 1)));
	unsigned target = tb_square(&b, 4, 1);
	assert_int_equal(r.distance[target], 5);
	char walk[16];
	assert_int_equal(reach_walk(&r, &b, target, walk), 5);
	assert_int_equal(strlen(walk), 5);
	/* Following the walk from the start arrives at the target. */
	unsigned at = tb_square(&b, 1, 3);
	for (int i = 0; walk[i]; i++) {
		unsigned d = (unsigned)(strchr("lurd", walk[i]) - "lurd");
		at = board_next(&b, at, d);
		assert_int_not_equal(at, SQUARE_NONE);
		assert_false(occupied[at]);
	}
	assert_int_equal(at, target);
	/* A fill from the same start gives the same normalized square. */
	assert_int_equal(reach_fill(&r, &b, occupied, tb_square(&b, 4, 3)), smallest);
	free(occupied);
	reach_free(&r);
	board_free(&b);
	hako_level_free(level);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(compact_squares_and_neighbours),
	    cmocka_unit_test(sides_split_at_corridors_only),
	    cmocka_unit_test(dead_squares),
	    cmocka_unit_test(push_distances_respect_walls_and_sides),
	    cmocka_unit_test(unreachable_parts),
	    cmocka_unit_test(reach_and_walk),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
