/* test_game.c — the public game API: steps, pushes, blocked moves, counters,
 * undo/redo/restart, LURD of the history, square rendering, dead squares,
 * solved detection and hako_deadlock_check verdicts with their proof boxes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* Two boxes, two goals; dead squares: the four corners and the squares
 * along the left and right walls. A solution: rrrDullldRdrU (13 moves,
 * 3 pushes). */
static const char room[] = "#######\n"
                           "#@ .  #\n"
                           "# $ $ #\n"
                           "#   . #\n"
                           "#######\n";
static const char room_solution[] = "rrrDullldRdrU";

/* Play every letter; fails the test on the first illegal one. */
static void play(hako_game *game, const char *steps)
{
	for (size_t i = 0; steps[i]; i++) {
		if (hako_game_step(game, steps[i], NULL) != HAKO_OK)
			fail_msg("step %zu ('%c') of %s refused", i + 1, steps[i], steps);
	}
}

/* The whole board as rows joined by '\n', for comparing positions. */
static char *board_text(const hako_game *game)
{
	const hako_level *level = hako_game_level(game);
	int w = hako_level_width(level), h = hako_level_height(level);
	char *text = malloc((size_t)(w + 1) * (size_t)h + 1);
	assert_non_null(text);
	size_t n = 0;
	for (int y = 0; y < h; y++) {
		for (int x = 0; x < w; x++)
			text[n++] = hako_game_square(game, x, y);
		text[n++] = '\n';
	}
	text[n] = '\0';
	return text;
}

static void new_rejects_bad_input(void **state)
{
	(void)state;
	hako_game *game = (hako_game *)1;
	assert_int_equal(hako_game_new(NULL, &game), HAKO_ERR_ARGUMENT);
	hako_level *level = NULL;
	const char *xsb = "#####\n#@$ #\n#####\n"; /* a box but no goal */
	hako_level_parse(xsb, strlen(xsb), "test", &level, NULL);
	assert_non_null(level);
	assert_int_equal(hako_game_new(level, &game), HAKO_ERR_LEVEL);
	assert_null(game);
	hako_level_free(level);
}

static void walks_and_walls(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, room);
	tu_expect_player(f.game, 1, 1);
	int pushed = 7;
	assert_int_equal(hako_game_step(f.game, 'l', &pushed), HAKO_ERR_SOLUTION);
	assert_int_equal(hako_game_step(f.game, 'U', &pushed), HAKO_ERR_SOLUTION);
	tu_expect_player(f.game, 1, 1);
	assert_int_equal(hako_game_moves(f.game), 0);
	assert_int_equal(hako_game_step(f.game, 'r', &pushed), HAKO_OK);
	assert_int_equal(pushed, 0);
	tu_expect_player(f.game, 2, 1);
	/* The case is not checked: 'L' walks when no box is in the way. */
	assert_int_equal(hako_game_step(f.game, 'L', &pushed), HAKO_OK);
	assert_int_equal(pushed, 0);
	tu_expect_player(f.game, 1, 1);
	assert_int_equal(hako_game_step(f.game, 'x', NULL), HAKO_ERR_ARGUMENT);
	assert_int_equal(hako_game_moves(f.game), 2);
	assert_int_equal(hako_game_pushes(f.game), 0);
	tu_game_close(&f);
}

static void pushes_and_counters(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, room);
	play(f.game, "d");
	int pushed = 0;
	assert_int_equal(hako_game_step(f.game, 'R', &pushed), HAKO_OK);
	assert_int_equal(pushed, 1);
	tu_expect_player(f.game, 2, 2);
	assert_int_equal(hako_game_square(f.game, 3, 2), '$');
	assert_int_equal(hako_game_square(f.game, 2, 2), '@');
	assert_int_equal(hako_game_moves(f.game), 2);
	assert_int_equal(hako_game_pushes(f.game), 1);
	/* A lowercase letter pushes too: the board decides. */
	play(f.game, "dr");
	assert_int_equal(hako_game_step(f.game, 'u', &pushed), HAKO_OK);
	assert_int_equal(pushed, 1);
	assert_int_equal(hako_game_square(f.game, 3, 1), '*');
	assert_int_equal(hako_game_pushes(f.game), 2);
	assert_int_equal(hako_game_moves(f.game), 5);
	tu_game_close(&f);
}

static void blocked_push_into_box_changes_nothing(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, room);
	play(f.game, "dR");
	char *before = board_text(f.game);
	int pushed = 7;
	/* The box on (3,2) would go onto the box on (4,2). */
	assert_int_equal(hako_game_step(f.game, 'R', &pushed), HAKO_ERR_SOLUTION);
	assert_int_equal(pushed, 7);
	char *after = board_text(f.game);
	assert_string_equal(before, after);
	tu_expect_player(f.game, 2, 2);
	assert_int_equal(hako_game_moves(f.game), 2);
	assert_int_equal(hako_game_pushes(f.game), 1);
	/* The refused step left no trace in the history. */
	char *lurd = hako_game_lurd(f.game);
	assert_string_equal(lurd, "dR");
	hako_free(lurd);
	free(before);
	free(after);
	tu_game_close(&f);
}

static void blocked_push_into_wall_changes_nothing(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, "######\n"
	                 "#    #\n"
	                 "#@$ .#\n"
	                 "######\n");
	play(f.game, "ur");
	char *before = board_text(f.game);
	assert_int_equal(hako_game_step(f.game, 'D', NULL), HAKO_ERR_SOLUTION);
	char *after = board_text(f.game);
	assert_string_equal(before, after);
	assert_int_equal(hako_game_moves(f.game), 2);
	assert_int_equal(hako_game_pushes(f.game), 0);
	tu_expect_player(f.game, 2, 1);
	free(before);
	free(after);
	tu_game_close(&f);
}

static void undo_and_redo(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, room);
	assert_int_equal(hako_game_undo(f.game), 0);
	assert_int_equal(hako_game_redo(f.game), 0);
	play(f.game, "rrrD");
	assert_int_equal(hako_game_square(f.game, 4, 3), '*');
	/* Undoing a push puts the box back. */
	assert_int_equal(hako_game_undo(f.game), 1);
	assert_int_equal(hako_game_square(f.game, 4, 2), '$');
	assert_int_equal(hako_game_square(f.game, 4, 3), '.');
	tu_expect_player(f.game, 4, 1);
	assert_int_equal(hako_game_moves(f.game), 3);
	assert_int_equal(hako_game_pushes(f.game), 0);
	assert_int_equal(hako_game_redo(f.game), 1);
	assert_int_equal(hako_game_square(f.game, 4, 3), '*');
	assert_int_equal(hako_game_pushes(f.game), 1);
	assert_int_equal(hako_game_redo(f.game), 0);
	/* The same step as the next redo keeps the rest of the redo list. */
	assert_int_equal(hako_game_undo(f.game), 1);
	assert_int_equal(hako_game_undo(f.game), 1);
	tu_expect_player(f.game, 3, 1);
	play(f.game, "r");
	assert_int_equal(hako_game_redo(f.game), 1);
	assert_int_equal(hako_game_pushes(f.game), 1);
	/* A different step discards it. */
	assert_int_equal(hako_game_undo(f.game), 1);
	assert_int_equal(hako_game_undo(f.game), 1);
	play(f.game, "d");
	assert_int_equal(hako_game_redo(f.game), 0);
	char *lurd = hako_game_lurd(f.game);
	assert_string_equal(lurd, "rrd");
	hako_free(lurd);
	tu_game_close(&f);
}

static void restart_then_redo_all(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, room);
	char *start = board_text(f.game);
	play(f.game, room_solution);
	assert_true(hako_game_solved(f.game));
	hako_game_restart(f.game);
	char *again = board_text(f.game);
	assert_string_equal(start, again);
	assert_int_equal(hako_game_moves(f.game), 0);
	assert_int_equal(hako_game_pushes(f.game), 0);
	assert_false(hako_game_solved(f.game));
	int redone = 0;
	while (hako_game_redo(f.game))
		redone++;
	assert_int_equal(redone, 13);
	assert_int_equal(hako_game_moves(f.game), 13);
	assert_int_equal(hako_game_pushes(f.game), 3);
	assert_true(hako_game_solved(f.game));
	free(start);
	free(again);
	tu_game_close(&f);
}

static void lurd_marks_pushes_uppercase(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, room);
	play(f.game, "RRRdULLLDrDRu"); /* the solution with every case wrong */
	char *lurd = hako_game_lurd(f.game);
	assert_string_equal(lurd, room_solution);
	hako_free(lurd);
	assert_true(hako_game_solved(f.game));
	hako_game_restart(f.game);
	lurd = hako_game_lurd(f.game);
	assert_string_equal(lurd, "");
	hako_free(lurd);
	tu_game_close(&f);
}

static void squares_render_xsb(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, room);
	assert_int_equal(hako_game_square(f.game, 0, 0), '#');
	assert_int_equal(hako_game_square(f.game, 1, 1), '@');
	assert_int_equal(hako_game_square(f.game, 2, 1), ' ');
	assert_int_equal(hako_game_square(f.game, 3, 1), '.');
	assert_int_equal(hako_game_square(f.game, 2, 2), '$');
	assert_int_equal(hako_game_square(f.game, 99, 0), ' ');
	assert_int_equal(hako_game_square(f.game, -1, 0), ' ');
	play(f.game, "rr");
	assert_int_equal(hako_game_square(f.game, 3, 1), '+');
	assert_int_equal(hako_game_square(f.game, 1, 1), ' ');
	play(f.game, "rD");
	assert_int_equal(hako_game_square(f.game, 3, 1), '.');
	assert_int_equal(hako_game_square(f.game, 4, 3), '*');
	assert_int_equal(hako_game_square(f.game, 4, 2), '@');
	/* The game keeps its own copy of the level. */
	assert_ptr_not_equal(hako_game_level(f.game), f.level);
	assert_int_equal(hako_level_square(hako_game_level(f.game), 2, 2), '$');
	tu_game_close(&f);
}

static void dead_squares(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, room);
	static const int dead[][2] = {{1, 1}, {5, 1}, {1, 2}, {5, 2}, {1, 3}, {5, 3}};
	int count = 0;
	for (int y = 0; y < 5; y++)
		for (int x = 0; x < 7; x++)
			count += hako_game_dead_square(f.game, x, y);
	assert_int_equal(count, 6);
	for (size_t i = 0; i < sizeof dead / sizeof dead[0]; i++)
		assert_true(hako_game_dead_square(f.game, dead[i][0], dead[i][1]));
	assert_false(hako_game_dead_square(f.game, 0, 0)); /* a wall */
	assert_false(hako_game_dead_square(f.game, 2, 1)); /* slides to the goal */
	assert_false(hako_game_dead_square(f.game, 3, 1)); /* a goal */
	assert_false(hako_game_dead_square(f.game, -3, 40));
	tu_game_close(&f);
}

static void solved_detection(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, room);
	assert_false(hako_game_solved(f.game));
	play(f.game, "rrrD");
	assert_false(hako_game_solved(f.game));
	play(f.game, room_solution + 4);
	assert_true(hako_game_solved(f.game));
	hako_game_undo(f.game);
	assert_false(hako_game_solved(f.game));
	tu_game_close(&f);
}

static int proof_has(const hako_deadlock_info *info, int x, int y)
{
	for (int i = 0; i < info->box_count; i++)
		if (info->box_x[i] == x && info->box_y[i] == y)
			return 1;
	return 0;
}

static void deadlock_none_at_a_solvable_start(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, room);
	hako_deadlock_info info;
	assert_int_equal(hako_deadlock_check(f.game, 20000, &info), HAKO_OK);
	assert_int_equal(info.kind, HAKO_DEADLOCK_NONE);
	assert_int_equal(info.box_count, 0);
	assert_int_equal(hako_deadlock_check(f.game, 0, &info), HAKO_OK);
	assert_int_equal(info.kind, HAKO_DEADLOCK_NONE);
	tu_game_close(&f);
	/* The player walled in at the start stands on a square fenced by walls
	 * and a box, which is not a closed diagonal. */
	tu_game_open(&f, "#####\n"
	                 "#@$.#\n"
	                 "#####\n");
	assert_int_equal(hako_deadlock_check(f.game, 20000, &info), HAKO_OK);
	assert_int_equal(info.kind, HAKO_DEADLOCK_NONE);
	play(f.game, "R");
	assert_int_equal(hako_deadlock_check(f.game, 20000, &info), HAKO_OK);
	assert_int_equal(info.kind, HAKO_DEADLOCK_NONE);
	hako_game_undo(f.game);
	assert_int_equal(hako_deadlock_check(f.game, 20000, &info), HAKO_OK);
	assert_int_equal(info.kind, HAKO_DEADLOCK_NONE);
	assert_int_equal(hako_deadlock_check(NULL, 0, &info), HAKO_ERR_ARGUMENT);
	assert_int_equal(hako_deadlock_check(f.game, 0, NULL), HAKO_ERR_ARGUMENT);
	tu_game_close(&f);
}

static void deadlock_corner_box_is_simple(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, room);
	play(f.game, "rrdLdlU"); /* the box of (2,2) into the corner (1,1) */
	assert_int_equal(hako_game_square(f.game, 1, 1), '$');
	hako_deadlock_info info;
	assert_int_equal(hako_deadlock_check(f.game, 20000, &info), HAKO_OK);
	assert_int_equal(info.kind, HAKO_DEADLOCK_SIMPLE);
	assert_string_equal(hako_deadlock_name(info.kind), "simple");
	assert_true(info.box_count >= 1);
	assert_true(proof_has(&info, 1, 1));
	assert_false(proof_has(&info, 4, 2)); /* the other box has nothing to do with it */
	/* Undo back to a live position: the verdict follows the position. */
	for (int i = 0; i < 4; i++)
		hako_game_undo(f.game);
	assert_int_equal(hako_deadlock_check(f.game, 20000, &info), HAKO_OK);
	assert_int_equal(info.kind, HAKO_DEADLOCK_NONE);
	tu_game_close(&f);
}

static void deadlock_block_of_four_is_freeze(void **state)
{
	(void)state;
	tu_game f;
	tu_game_open(&f, "#########\n"
	                 "#       #\n"
	                 "#  $$   #\n"
	                 "#  $ $@ #\n"
	                 "#       #\n"
	                 "#  ..   #\n"
	                 "#  ..   #\n"
	                 "#########\n");
	hako_deadlock_info info;
	assert_int_equal(hako_deadlock_check(f.game, 20000, &info), HAKO_OK);
	assert_int_equal(info.kind, HAKO_DEADLOCK_NONE);
	play(f.game, "L"); /* closes the 2x2 block, no box on a goal */
	assert_int_equal(hako_deadlock_check(f.game, 20000, &info), HAKO_OK);
	assert_int_equal(info.kind, HAKO_DEADLOCK_FREEZE);
	assert_string_equal(hako_deadlock_name(info.kind), "freeze");
	assert_true(info.box_count >= 1 && info.box_count <= 4);
	for (int i = 0; i < info.box_count; i++)
		assert_true(info.box_x[i] >= 3 && info.box_x[i] <= 4 && info.box_y[i] >= 2 &&
		            info.box_y[i] <= 3);
	tu_game_close(&f);
}

static void deadlock_names(void **state)
{
	(void)state;
	assert_string_equal(hako_deadlock_name(HAKO_DEADLOCK_NONE), "none");
	assert_string_equal(hako_deadlock_name(HAKO_DEADLOCK_SIMPLE), "simple");
	assert_string_equal(hako_deadlock_name(HAKO_DEADLOCK_FREEZE), "freeze");
	assert_string_equal(hako_deadlock_name(HAKO_DEADLOCK_BIPARTITE), "bipartite");
	assert_string_equal(hako_deadlock_name(HAKO_DEADLOCK_DIAGONAL), "diagonal");
	assert_string_equal(hako_deadlock_name(HAKO_DEADLOCK_CORRAL), "corral");
}

/* Replay one known solution through the game: no step may be refused, no
 * position along it may be called dead, and it must end solved with the
 * table's counts and the same LURD. */
static void replay_known(const hako_level *level, long number, const char *lurd, long moves,
                         long pushes)
{
	hako_error err;
	char *steps = hako_lurd_expand(lurd, &err);
	assert_non_null(steps);
	hako_game *game = NULL;
	assert_int_equal(hako_game_new(level, &game), HAKO_OK);
	hako_deadlock_info info;
	assert_int_equal(hako_deadlock_check(game, 2000, &info), HAKO_OK);
	if (info.kind != HAKO_DEADLOCK_NONE)
		fail_msg("Microban %ld: the start called %s", number,
		         hako_deadlock_name(info.kind));
	for (size_t i = 0; steps[i]; i++) {
		int pushed = 0;
		if (hako_game_step(game, steps[i], &pushed) != HAKO_OK)
			fail_msg("Microban %ld: step %zu refused", number, i + 1);
		if (!pushed)
			continue;
		assert_int_equal(hako_deadlock_check(game, 2000, &info), HAKO_OK);
		if (info.kind != HAKO_DEADLOCK_NONE)
			fail_msg("Microban %ld: step %zu of a solution called %s", number, i + 1,
			         hako_deadlock_name(info.kind));
	}
	assert_true(hako_game_solved(game));
	assert_int_equal(hako_game_moves(game), moves);
	assert_int_equal(hako_game_pushes(game), pushes);
	char *played = hako_game_lurd(game);
	assert_string_equal(played, steps);
	hako_free(played);
	hako_game_free(game);
	free(steps);
}

static void microban_solutions_replay_without_deadlocks(void **state)
{
	(void)state;
	tu_skip_without_shared();
	char path[1024];
	snprintf(path, sizeof path, "%s/Microban_155.xsb", tu_shared_levels());
	hako_collection *c = tu_collection(path);
	snprintf(path, sizeof path, "%s/Microban_155.push_optimal.tsv", tu_shared_levels());
	char *tsv = tu_read_file(path, NULL);
	assert_non_null(tsv);
	int checked = 0;
	char *save = NULL;
	for (char *line = strtok_r(tsv, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *f[8];
		if (line[0] == '#' || tu_split_tabs(line, f, 7) < 4 || strcmp(f[0], "level") == 0 ||
		    f[3][0] == '\0')
			continue;
		long number = atol(f[0]);
		assert_true(number >= 1 && number <= (long)hako_collection_count(c));
		replay_known(hako_collection_level(c, (size_t)(number - 1)), number, f[3],
		             atol(f[2]), atol(f[1]));
		checked++;
	}
	assert_true(checked >= 150);
	free(tsv);
	hako_collection_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(new_rejects_bad_input),
	    cmocka_unit_test(walks_and_walls),
	    cmocka_unit_test(pushes_and_counters),
	    cmocka_unit_test(blocked_push_into_box_changes_nothing),
	    cmocka_unit_test(blocked_push_into_wall_changes_nothing),
	    cmocka_unit_test(undo_and_redo),
	    cmocka_unit_test(restart_then_redo_all),
	    cmocka_unit_test(lurd_marks_pushes_uppercase),
	    cmocka_unit_test(squares_render_xsb),
	    cmocka_unit_test(dead_squares),
	    cmocka_unit_test(solved_detection),
	    cmocka_unit_test(deadlock_none_at_a_solvable_start),
	    cmocka_unit_test(deadlock_corner_box_is_simple),
	    cmocka_unit_test(deadlock_block_of_four_is_freeze),
	    cmocka_unit_test(deadlock_names),
	    cmocka_unit_test(microban_solutions_replay_without_deadlocks),
	};
	return tu_exit_code(cmocka_run_group_tests(tests, NULL, NULL));
}
