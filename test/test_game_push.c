/* test_game_push.c — the player-side game API of game_push.c: shortest
 * walks, box reachability without dead squares, whole pushes along a path
 * with fewest pushes then moves (undoable step by step), and the position
 * as a level the solver can solve. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* Two boxes, two goals; dead squares: the corners and the squares along
 * the left and right walls. rrrDullldRdrU solves it. */
static const char room[] = "; room\n"
                           "#######\n"
                           "#@ .  #\n"
                           "# $ $ #\n"
                           "#   . #\n"
                           "#######\n";

/* Box B on (4,2) pushed up onto the goal (4,1) beside box A on (3,1)
 * freezes the pair against the top wall with A off its goal; (4,1) is not
 * a simple dead square. */
static const char pair[] = "########\n"
                           "#  $. .#\n"
                           "#   $  #\n"
                           "#@     #\n"
                           "########\n";

static void expect_history(const hako_game *game, const char *lurd)
{
	char *played = hako_game_lurd(game);
	assert_string_equal(played, lurd);
	hako_free(played);
}

static void walk_is_shortest(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, room);
	char *lurd = NULL;
	assert_int_equal(hako_game_walk_path(f.game, 5, 3, &lurd), HAKO_OK);
	assert_int_equal(strlen(lurd), 6); /* 4 right, 2 down: Manhattan */
	hako_free(lurd);
	assert_int_equal(hako_game_walk_to(f.game, 5, 3), HAKO_OK);
	tu_expect_player(f.game, 5, 3);
	assert_int_equal(hako_game_moves(f.game), 6);
	assert_int_equal(hako_game_pushes(f.game), 0);
	/* Already there: no steps. */
	assert_int_equal(hako_game_walk_path(f.game, 5, 3, &lurd), HAKO_OK);
	assert_string_equal(lurd, "");
	hako_free(lurd);
	/* Every step is an ordinary one: six undos go back to the start. */
	for (int i = 0; i < 6; i++)
		assert_int_equal(hako_game_undo(f.game), 1);
	tu_expect_player(f.game, 1, 1);
	tu_game_close(&f);
}

static void walk_refuses_walls_boxes_and_shut_squares(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, room);
	char *lurd = (char *)1;
	assert_int_equal(hako_game_walk_path(f.game, 0, 0, &lurd), HAKO_ERR_SOLUTION);
	assert_null(lurd);
	assert_int_equal(hako_game_walk_to(f.game, 2, 2), HAKO_ERR_SOLUTION); /* a box */
	assert_int_equal(hako_game_walk_to(f.game, 99, 2), HAKO_ERR_SOLUTION);
	assert_int_equal(hako_game_moves(f.game), 0);
	tu_game_close(&f);
	/* A player shut in by boxes cannot walk past them. */
	tu_game_open(&f, "#######\n#@$ . #\n#$#   #\n#. ## #\n#######\n");
	assert_int_equal(hako_game_walk_to(f.game, 5, 1), HAKO_ERR_SOLUTION);
	tu_game_close(&f);
}

static void push_box_fewest_pushes_then_moves(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, room);
	char *lurd = NULL;
	assert_int_equal(hako_game_push_path(f.game, 2, 2, 3, 1, &lurd), HAKO_OK);
	assert_string_equal(lurd, "dRdrU");
	hako_free(lurd);
	assert_int_equal(hako_game_push_box(f.game, 2, 2, 3, 1), HAKO_OK);
	assert_int_equal(hako_game_square(f.game, 3, 1), '*');
	assert_int_equal(hako_game_square(f.game, 2, 2), ' ');
	assert_int_equal(hako_game_moves(f.game), 5);
	assert_int_equal(hako_game_pushes(f.game), 2);
	expect_history(f.game, "dRdrU");
	/* Undoable step by step, and redoable. */
	for (int i = 0; i < 5; i++)
		assert_int_equal(hako_game_undo(f.game), 1);
	assert_int_equal(hako_game_square(f.game, 2, 2), '$');
	assert_int_equal(hako_game_pushes(f.game), 0);
	while (hako_game_redo(f.game))
		;
	assert_int_equal(hako_game_square(f.game, 3, 1), '*');
	/* Then the other box to the other goal finishes the level. */
	assert_int_equal(hako_game_push_box(f.game, 4, 2, 4, 3), HAKO_OK);
	assert_true(hako_game_solved(f.game));
	tu_game_close(&f);
}

static void push_box_goes_around(void **state)
{
	(void)state;
	tu_game f;
	/* A pillar stands between the box and its goal: up, right twice, down
	 * twice, the player walking round to each new side in between. */
	tu_game_open(&f, "#######\n"
	                 "#     #\n"
	                 "#     #\n"
	                 "# $#  #\n"
	                 "#@ #. #\n"
	                 "#######\n");
	assert_int_equal(hako_game_push_box(f.game, 2, 3, 4, 4), HAKO_OK);
	assert_true(hako_game_solved(f.game));
	assert_int_equal(hako_game_pushes(f.game), 5);
	tu_game_close(&f);
}

static void push_box_errors_change_nothing(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, room);
	char *lurd = (char *)1;
	assert_int_equal(hako_game_push_path(f.game, 1, 1, 3, 1, &lurd), HAKO_ERR_ARGUMENT);
	assert_null(lurd);
	assert_int_equal(hako_game_push_box(f.game, 2, 2, 0, 0), HAKO_ERR_SOLUTION); /* wall */
	assert_int_equal(hako_game_push_box(f.game, 2, 2, 4, 2), HAKO_ERR_SOLUTION); /* a box */
	assert_int_equal(hako_game_push_box(f.game, 2, 2, 2, 2), HAKO_OK);           /* no steps */
	assert_int_equal(hako_game_moves(f.game), 0);
	tu_game_close(&f);
	/* A box against the top wall only slides along it. */
	tu_game_open(&f, pair);
	assert_int_equal(hako_game_push_box(f.game, 3, 1, 3, 3), HAKO_ERR_SOLUTION);
	assert_int_equal(hako_game_moves(f.game), 0);
	tu_game_close(&f);
}

static void box_targets_skip_walls_and_dead_squares(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, room);
	int w = hako_level_width(f.level), h = hako_level_height(f.level);
	unsigned char *grid = malloc((size_t)(w * h));
	assert_non_null(grid);
	int live = hako_game_box_targets(f.game, 2, 2, grid);
	int counted = 0;
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			unsigned char t = grid[y * w + x];
			char c = hako_game_square(f.game, x, y);
			if (t != HAKO_TARGET_NONE)
				assert_true(c == ' ' || c == '.' || c == '@');
			if (t == HAKO_TARGET_LIVE) {
				assert_false(hako_game_dead_square(f.game, x, y));
				counted++;
			}
			if (hako_game_dead_square(f.game, x, y))
				assert_int_not_equal(t, HAKO_TARGET_LIVE);
		}
	assert_int_equal(live, counted);
	assert_int_equal(grid[1 * w + 3], HAKO_TARGET_LIVE); /* the goal above-right */
	assert_int_equal(grid[3 * w + 4], HAKO_TARGET_LIVE); /* the other goal, round it */
	assert_int_equal(grid[3 * w + 1], HAKO_TARGET_DEAD); /* a corner */
	assert_int_equal(grid[2 * w + 1], HAKO_TARGET_DEAD); /* against the left wall */
	assert_int_equal(grid[2 * w + 2], HAKO_TARGET_NONE); /* its own square */
	assert_int_equal(grid[2 * w + 4], HAKO_TARGET_NONE); /* the other box */
	assert_int_equal(hako_game_box_targets(f.game, 1, 1, grid), -1);
	assert_int_equal(hako_game_moves(f.game), 0); /* asking moves nothing */
	free(grid);
	tu_game_close(&f);
}

static void box_targets_see_freeze(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, pair);
	int w = hako_level_width(f.level), h = hako_level_height(f.level);
	unsigned char *grid = malloc((size_t)(w * h));
	assert_non_null(grid);
	assert_true(hako_game_box_targets(f.game, 4, 2, grid) > 0);
	assert_false(hako_game_dead_square(f.game, 4, 1));
	assert_int_equal(grid[1 * w + 4], HAKO_TARGET_DEAD);
	assert_int_equal(grid[2 * w + 5], HAKO_TARGET_LIVE);
	assert_int_equal(grid[3 * w + 4], HAKO_TARGET_DEAD); /* the bottom row: no goal */
	/* Pushing it there anyway is the player's choice, and a freeze. */
	assert_int_equal(hako_game_push_box(f.game, 4, 2, 4, 1), HAKO_OK);
	hako_deadlock_info info;
	assert_int_equal(hako_deadlock_check(f.game, 0, &info), HAKO_OK);
	assert_int_equal(info.kind, HAKO_DEADLOCK_FREEZE);
	free(grid);
	tu_game_close(&f);
}

static void position_is_a_level_the_solver_solves(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, room);
	assert_int_equal(hako_game_push_box(f.game, 2, 2, 3, 1), HAKO_OK);
	hako_level *position = hako_game_position(f.game);
	assert_non_null(position);
	assert_int_equal(hako_level_status(position, NULL), HAKO_OK);
	assert_string_equal(hako_level_title(position), "room");
	for (int y = 0; y < hako_level_height(f.level); y++)
		for (int x = 0; x < hako_level_width(f.level); x++)
			assert_int_equal(hako_level_square(position, x, y),
			                 hako_game_square(f.game, x, y));
	hako_solve_result r;
	assert_int_equal(hako_solve(position, NULL, &r), HAKO_OK);
	assert_int_equal(r.outcome, HAKO_SOLVED);
	/* The solution plays on from the game's position to the end. */
	for (size_t i = 0; r.solution[i]; i++)
		assert_int_equal(hako_game_step(f.game, r.solution[i], NULL), HAKO_OK);
	assert_true(hako_game_solved(f.game));
	hako_solve_result_clear(&r);
	hako_level_free(position);
	tu_game_close(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(walk_is_shortest),
	    cmocka_unit_test(walk_refuses_walls_boxes_and_shut_squares),
	    cmocka_unit_test(push_box_fewest_pushes_then_moves),
	    cmocka_unit_test(push_box_goes_around),
	    cmocka_unit_test(push_box_errors_change_nothing),
	    cmocka_unit_test(box_targets_skip_walls_and_dead_squares),
	    cmocka_unit_test(box_targets_see_freeze),
	    cmocka_unit_test(position_is_a_level_the_solver_solves),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
