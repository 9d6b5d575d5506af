/* test_solution.c — LURD parsing and expansion, the replay verifier, and the
 * known solutions from ../shared/levels replayed to their stated counts. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "level.h"
#include "solution.h"

/* ------------------------------------------------------------- helpers */

static void expect_expand(const char *lurd, const char *want)
{
	hako_error err;
	char *got = hako_lurd_expand(lurd, &err);
	if (!got)
		print_error("%s: %d:%d: %s\n", lurd, err.line, err.column, err.message);
	assert_non_null(got);
	assert_string_equal(got, want);
	hako_free(got);
}

static void expect_expand_error(const char *lurd, int line, int column, const char *words)
{
	hako_error err;
	char *got = hako_lurd_expand(lurd, &err);
	assert_null(got);
	if (err.line != line || err.column != column || !strstr(err.message, words))
		print_error("%s: got %d:%d: %s\n", lurd, err.line, err.column, err.message);
	assert_int_equal(err.line, line);
	assert_int_equal(err.column, column);
	assert_non_null(strstr(err.message, words));
}

/* A level built by hand from rows, bypassing level.c: for boards that
 * validation would reject (no player, open edges). Free with free_raw(). */
static hako_level *raw_level(const char *const *rows, int height)
{
	hako_level *level = calloc(1, sizeof *level);
	assert_non_null(level);
	int width = 0;
	for (int y = 0; y < height; y++)
		if ((int)strlen(rows[y]) > width)
			width = (int)strlen(rows[y]);
	level->width = width;
	level->height = height;
	level->squares = malloc((size_t)width * (size_t)height + 1);
	assert_non_null(level->squares);
	level->player_x = level->player_y = -1;
	for (int y = 0; y < height; y++)
		for (int x = 0; x < width; x++) {
			char c = x < (int)strlen(rows[y]) ? rows[y][x] : ' ';
			level->squares[y * width + x] = c;
			if (c == '@' || c == '+') {
				level->player_x = x;
				level->player_y = y;
			}
		}
	level->status = HAKO_ERR_LEVEL;
	return level;
}

static void free_raw(hako_level *level)
{
	free(level->squares);
	free(level);
}

static hako_status replay(const char *xsb, const char *lurd, hako_replay *r)
{
	hako_level *level = tu_level(xsb);
	hako_status st = hako_replay_lurd(level, lurd, r);
	hako_level_free(level);
	return st;
}

/* ------------------------------------------------------------ expansion */

static void test_expand_plain(void **state)
{
	(void)state;
	expect_expand("lurdLURD", "lurdLURD");
	expect_expand("", "");
	expect_expand(" l u\n r\td\r\n", "lurd");
	expect_expand("\n\n", "");
}

static void test_expand_run_length(void **state)
{
	(void)state;
	expect_expand("3r", "rrr");
	expect_expand("3r2Ul", "rrrUUl");
	expect_expand("12l", "llllllllllll");
	expect_expand("1R", "R");
	expect_expand("003d", "ddd");
}

static void test_expand_groups(void **state)
{
	(void)state;
	expect_expand("2(Ul)", "UlUl");
	expect_expand("(Ul)", "Ul");
	expect_expand("2(r3(ud))L", "rudududrudududL");
	expect_expand("2(2(2(r)))", "rrrrrrrr");
	expect_expand("2( U\n l )", "UlUl");
	expect_expand("()", "");
	expect_expand("5()r", "r");
	expect_expand("r(())l", "rl");
	/* Empty groups cost nothing however the counts nest. */
	expect_expand("9999999(9999999(9999999()))", "");
	expect_expand("2(9999999(9999999())r)", "rr");
}

static void test_expand_comments(void **state)
{
	(void)state;
	expect_expand("rr ; a comment with x( and 3\nuu", "rruu");
	expect_expand("r;", "r");
	expect_expand("; only a comment", "");
	expect_expand("l;c1\n;c2\nr", "lr");
}

static void test_expand_errors(void **state)
{
	(void)state;
	expect_expand_error("lurx", 1, 4, "unexpected character 'x'");
	expect_expand_error("rr\n  x", 2, 3, "'x'");
	expect_expand_error("r\xc3\xa9", 1, 2, "byte 0xc3");
	expect_expand_error("ul)", 1, 3, "without a matching '('");
	expect_expand_error("2(ul", 1, 1, "never closed");
	expect_expand_error("r (u(l)", 1, 3, "never closed");
	expect_expand_error("3", 1, 1, "not followed");
	expect_expand_error("rr 3 r", 1, 4, "not followed");
	expect_expand_error("2(r3)", 1, 4, "not followed");
	expect_expand_error("r3;x", 1, 2, "not followed");
	expect_expand_error("0r", 1, 1, "count of 0");
	expect_expand_error("l\n 99999999r", 2, 2, "count over 10000000");
	expect_expand_error("99999999999999999999999999r", 1, 1, "count over");
	expect_expand_error("11(10000000r)", 1, 1, "more than 100000000 steps");
	expect_expand_error("10000000(10000000(r))", 1, 1, "more than 100000000 steps");
	expect_expand_error(
	    "r 10000000(l) 10000000(l) 10000000(l) 10000000(l) 10000000(l) "
	    "10000000(l) 10000000(l) 10000000(l) 10000000(l) 10000000(l) 10000000(l)",
	    1, 111, "more than");

	hako_error err;
	assert_null(hako_lurd_expand(NULL, &err));
	assert_true(err.message[0] != '\0');
	assert_null(hako_lurd_expand("x", NULL)); /* err may be NULL */
}

static void test_expand_limits(void **state)
{
	(void)state;
	/* The largest single count is accepted. */
	hako_error err;
	char *big = hako_lurd_expand("10000000r", &err);
	assert_non_null(big);
	assert_int_equal(strlen(big), 10000000);
	hako_free(big);

	/* SOLUTION_MAX_DEPTH nested groups are fine, one more is not. */
	char text[2 * SOLUTION_MAX_DEPTH + 8];
	size_t n = 0;
	for (int i = 0; i < SOLUTION_MAX_DEPTH; i++)
		text[n++] = '(';
	text[n++] = 'r';
	for (int i = 0; i < SOLUTION_MAX_DEPTH; i++)
		text[n++] = ')';
	text[n] = '\0';
	expect_expand(text, "r");
	memmove(text + 1, text, n + 1);
	text[0] = '(';
	text[n + 1] = ')';
	text[n + 2] = '\0';
	expect_expand_error(text, 1, SOLUTION_MAX_DEPTH + 1, "nested deeper");
}

/* ------------------------------------------------------ writing helpers */

static void test_run_length(void **state)
{
	(void)state;
	const char *cases[][2] = {
	    {"", ""},         {"r", "r"},
	    {"rr", "2r"},     {"rrrUllll", "3rU4l"},
	    {"rRrR", "rRrR"}, {"uuuuuuuuuuuu d", "12ud"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		char *got = solution_run_length(cases[i][0]);
		assert_non_null(got);
		assert_string_equal(got, cases[i][1]);
		char *back = hako_lurd_expand(got, NULL);
		assert_non_null(back);
		char *plain = hako_lurd_expand(cases[i][0], NULL);
		assert_string_equal(back, plain);
		free(back);
		free(plain);
		free(got);
	}
}

/* --------------------------------------------------------------- replay */

static const char *const corridor = "######\n#@$ .#\n######\n";

static void test_replay_push(void **state)
{
	(void)state;
	hako_replay r;
	assert_int_equal(replay(corridor, "RR", &r), HAKO_OK);
	assert_int_equal(r.moves, 2);
	assert_int_equal(r.pushes, 2);
	assert_int_equal(r.solved, 1);
	assert_int_equal(r.failed_step, 0);
	assert_string_equal(r.message, "");

	/* Legal but unfinished: OK, not solved. */
	assert_int_equal(replay(corridor, "R", &r), HAKO_OK);
	assert_int_equal(r.moves, 1);
	assert_int_equal(r.pushes, 1);
	assert_int_equal(r.solved, 0);

	/* Walk away and back, then push, with run-length. */
	const char *room = "#######\n#     #\n# @$ .#\n#     #\n#######\n";
	assert_int_equal(replay(room, "ul dr 2R", &r), HAKO_OK);
	assert_int_equal(r.moves, 6);
	assert_int_equal(r.pushes, 2);
	assert_int_equal(r.solved, 1);
	assert_int_equal(replay(room, "2(ud)RRlll", &r), HAKO_OK);
	assert_int_equal(r.moves, 9);
	assert_int_equal(r.pushes, 2);
	assert_int_equal(r.solved, 1);
}

static void test_replay_walls(void **state)
{
	(void)state;
	hako_replay r;
	assert_int_equal(replay(corridor, "l", &r), HAKO_ERR_SOLUTION);
	assert_int_equal(r.failed_step, 1);
	assert_int_equal(r.moves, 0);
	assert_non_null(strstr(r.message, "step 1: 'l' walks into a wall"));
	assert_int_equal(replay(corridor, "Ru", &r), HAKO_ERR_SOLUTION);
	assert_int_equal(r.failed_step, 2);
	assert_int_equal(r.moves, 1);
	assert_int_equal(r.pushes, 1);
	assert_int_equal(r.solved, 0);
	/* Push the box into the wall. */
	assert_int_equal(replay(corridor, "RRR", &r), HAKO_ERR_SOLUTION);
	assert_int_equal(r.failed_step, 3);
	assert_non_null(strstr(r.message, "into a wall"));
	/* Push into another box. */
	assert_int_equal(replay("#######\n#@$$..#\n#######\n", "R", &r), HAKO_ERR_SOLUTION);
	assert_int_equal(r.failed_step, 1);
	assert_non_null(strstr(r.message, "into another box"));
}

static void test_replay_case(void **state)
{
	(void)state;
	hako_replay r;
	assert_int_equal(replay(corridor, "Rr", &r), HAKO_ERR_SOLUTION);
	assert_int_equal(r.failed_step, 2);
	assert_non_null(strstr(r.message, "step 2: 'r' pushes a box but is lowercase"));
	const char *room = "#######\n#     #\n# @$ .#\n#     #\n#######\n";
	assert_int_equal(replay(room, "uL", &r), HAKO_ERR_SOLUTION);
	assert_int_equal(r.failed_step, 2);
	assert_non_null(strstr(r.message, "'L' is uppercase but does not push"));
	/* The step position in the text is named. */
	assert_int_equal(replay(room, "u\n 3l", &r), HAKO_ERR_SOLUTION);
	assert_int_equal(r.failed_step, 3);
	assert_non_null(strstr(r.message, "line 2, column 2"));
}

static void test_replay_syntax_error(void **state)
{
	(void)state;
	hako_replay r;
	assert_int_equal(replay(corridor, "R x", &r), HAKO_ERR_SOLUTION);
	assert_int_equal(r.failed_step, 0);
	assert_int_equal(r.moves, 0);
	assert_int_equal(r.solved, 0);
	assert_non_null(strstr(r.message, "line 1, column 3"));
	assert_non_null(strstr(r.message, "'x'"));
	assert_int_equal(replay(corridor, "2(R", &r), HAKO_ERR_SOLUTION);
	assert_int_equal(r.failed_step, 0);
	assert_non_null(strstr(r.message, "never closed"));
}

static void test_replay_already_solved(void **state)
{
	(void)state;
	hako_replay r;
	const char *solved = "#####\n#   #\n# * #\n#   #\n# @ #\n#   #\n#####\n";
	assert_int_equal(replay(solved, "", &r), HAKO_OK);
	assert_int_equal(r.moves, 0);
	assert_int_equal(r.pushes, 0);
	assert_int_equal(r.solved, 1);
	assert_int_equal(replay(solved, "  ; nothing to do\n", &r), HAKO_OK);
	assert_int_equal(r.solved, 1);
	/* Pushing it off the goal unsolves it. */
	assert_int_equal(replay(solved, "uU", &r), HAKO_OK);
	assert_int_equal(r.solved, 0);
}

static void test_replay_raw_levels(void **state)
{
	(void)state;
	hako_replay r;
	/* Open edges: walking or pushing off the board is illegal. */
	const char *const open_rows[] = {"@ $ ", " .  "};
	hako_level *open = raw_level(open_rows, 2);
	assert_int_equal(hako_replay_lurd(open, "l", &r), HAKO_ERR_SOLUTION);
	assert_int_equal(r.failed_step, 1);
	assert_non_null(strstr(r.message, "off the board"));
	assert_int_equal(hako_replay_lurd(open, "u", &r), HAKO_ERR_SOLUTION);
	assert_int_equal(hako_replay_lurd(open, "dd", &r), HAKO_ERR_SOLUTION);
	assert_int_equal(r.failed_step, 2);
	assert_int_equal(hako_replay_lurd(open, "rRR", &r), HAKO_ERR_SOLUTION);
	assert_int_equal(r.failed_step, 3);
	assert_non_null(strstr(r.message, "pushes a box off the board"));
	assert_int_equal(hako_replay_lurd(open, "drrruL", &r), HAKO_OK);
	assert_int_equal(r.moves, 6);
	assert_int_equal(r.pushes, 1);
	assert_int_equal(r.solved, 0);
	assert_int_equal(hako_replay_lurd(open, "rrrrr", &r), HAKO_ERR_SOLUTION);
	assert_int_equal(r.failed_step, 2);
	assert_non_null(strstr(r.message, "lowercase"));
	free_raw(open);

	/* Zero boxes: solved. More goals than boxes: solved when no box is off a goal. */
	const char *const empty_rows[] = {"#####", "#@ .#", "#####"};
	hako_level *empty = raw_level(empty_rows, 3);
	assert_int_equal(hako_replay_lurd(empty, "r", &r), HAKO_OK);
	assert_int_equal(r.solved, 1);
	free_raw(empty);

	/* No player, two players: not replayable. */
	const char *const none_rows[] = {"#####", "# $.#", "#####"};
	hako_level *none = raw_level(none_rows, 3);
	assert_int_equal(hako_replay_lurd(none, "", &r), HAKO_ERR_LEVEL);
	assert_non_null(strstr(r.message, "0 players"));
	free_raw(none);
	const char *const two_rows[] = {"#####", "#@$+#", "#####"};
	hako_level *two = raw_level(two_rows, 3);
	assert_int_equal(hako_replay_lurd(two, "", &r), HAKO_ERR_LEVEL);
	free_raw(two);

	/* Misuse. */
	hako_level *level = tu_level(corridor);
	assert_int_equal(hako_replay_lurd(NULL, "r", &r), HAKO_ERR_ARGUMENT);
	assert_int_equal(hako_replay_lurd(level, NULL, &r), HAKO_ERR_ARGUMENT);
	assert_int_equal(hako_replay_lurd(level, "R", NULL), HAKO_ERR_ARGUMENT);
	hako_level_free(level);
}

/* ------------------------------------------------- shared known solutions */

/* Replay `lurd`, which must solve the level with exactly these counts. */
static void expect_solves(const hako_level *level, const char *what, const char *lurd, long moves,
                          long pushes)
{
	hako_replay r;
	hako_status st = hako_replay_lurd(level, lurd, &r);
	if (st != HAKO_OK || r.moves != moves || r.pushes != pushes || !r.solved)
		print_error("%s: status %d, %ld moves, %ld pushes, solved %d (want %ld/%ld): %s\n",
		            what, (int)st, r.moves, r.pushes, r.solved, moves, pushes, r.message);
	assert_int_equal(st, HAKO_OK);
	assert_int_equal(r.moves, moves);
	assert_int_equal(r.pushes, pushes);
	assert_int_equal(r.solved, 1);
}

/* Flip the case of each letter in turn: the replay must fail at exactly
 * that step, since everything before it is unchanged and the board alone
 * decides whether that step pushes. */
static void expect_case_flips_fail(const hako_level *level, const char *lurd)
{
	char *plain = hako_lurd_expand(lurd, NULL);
	assert_non_null(plain);
	size_t n = strlen(plain);
	for (size_t i = 0; i < n; i++) {
		char keep = plain[i];
		plain[i] = (char)(keep ^ 0x20);
		hako_replay r;
		assert_int_equal(hako_replay_lurd(level, plain, &r), HAKO_ERR_SOLUTION);
		assert_int_equal(r.failed_step, (long)i + 1);
		assert_int_equal(r.moves, (long)i);
		plain[i] = keep;
	}
	free(plain);
}

static char *shared_path(const char *name)
{
	const char *dir = tu_shared_dir();
	size_t size = strlen(dir) + strlen(name) + 2;
	char *path = malloc(size);
	assert_non_null(path);
	snprintf(path, size, "%s/%s", dir, name);
	return path;
}

static void test_unit_test_levels(void **state)
{
	(void)state;
	tu_skip_without_shared();
	char *tsv_path = shared_path("unit_tests/expected.tsv");
	char *tsv = tu_read_file(tsv_path, NULL);
	assert_non_null(tsv);
	int checked = 0;
	char *save = NULL;
	for (char *line = strtok_r(tsv, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *f[9];
		if (line[0] == '#' || tu_split_tabs(line, f, 8) < 8 || strcmp(f[1], "yes") != 0)
			continue;
		char name[256];
		snprintf(name, sizeof name, "unit_tests/%s", f[0]);
		char *path = shared_path(name);
		hako_collection *c = tu_collection(path);
		assert_true(hako_collection_count(c) >= 1);
		const hako_level *level = hako_collection_level(c, 0);
		expect_solves(level, f[0], f[4], atol(f[2]), atol(f[3]));
		expect_solves(level, f[0], f[7], atol(f[6]), atol(f[5]));
		expect_case_flips_fail(level, f[4]);
		expect_case_flips_fail(level, f[7]);
		checked++;
		hako_collection_free(c);
		free(path);
	}
	assert_true(checked >= 7);
	free(tsv);
	free(tsv_path);
}

static void test_microban_push_optimal(void **state)
{
	(void)state;
	tu_skip_without_shared();
	char *xsb = shared_path("Microban_155.xsb");
	char *tsv_path = shared_path("Microban_155.push_optimal.tsv");
	hako_collection *c = tu_collection(xsb);
	assert_int_equal(hako_collection_count(c), 155);
	char *tsv = tu_read_file(tsv_path, NULL);
	assert_non_null(tsv);
	int checked = 0;
	char *save = NULL;
	for (char *line = strtok_r(tsv, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *f[8];
		if (line[0] == '#' || tu_split_tabs(line, f, 7) < 4 || strcmp(f[0], "level") == 0)
			continue;
		if (f[3][0] == '\0')
			continue; /* no known solution for this level */
		long number = atol(f[0]);
		assert_true(number >= 1 && number <= 155);
		const hako_level *level = hako_collection_level(c, (size_t)(number - 1));
		char what[32];
		snprintf(what, sizeof what, "Microban %ld", number);
		expect_solves(level, what, f[3], atol(f[2]), atol(f[1]));
		if (number <= 10)
			expect_case_flips_fail(level, f[3]);
		checked++;
	}
	assert_true(checked >= 150);
	free(tsv);
	hako_collection_free(c);
	free(tsv_path);
	free(xsb);
}

static void test_xsokoban_1(void **state)
{
	(void)state;
	tu_skip_without_shared();
	char *xsb = shared_path("XSokoban_90.xsb");
	char *tsv_path = shared_path("XSokoban_90.known_solutions.tsv");
	hako_collection *c = tu_collection(xsb);
	char *tsv = tu_read_file(tsv_path, NULL);
	assert_non_null(tsv);
	int found = 0;
	char *save = NULL;
	for (char *line = strtok_r(tsv, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *f[6];
		if (line[0] == '#' || tu_split_tabs(line, f, 5) < 4 || strcmp(f[0], "1") != 0)
			continue;
		const hako_level *level = hako_collection_level(c, 0);
		assert_int_equal(atol(f[1]), 97);
		assert_int_equal(atol(f[2]), 230);
		expect_solves(level, "XSokoban 1", f[3], 230, 97);
		expect_case_flips_fail(level, f[3]);

		/* The run-length form, written into a .sok (wrapped at 70
		 * columns) and read back, replays the same. */
		char *short_form = solution_run_length(f[3]);
		assert_true(strlen(short_form) < strlen(f[3]));
		const char *const forms[] = {short_form};
		char *sok = hako_level_to_sok(level, forms, 1);
		assert_non_null(strstr(sok, "Solution\n"));
		hako_level *back = NULL;
		assert_int_equal(hako_level_parse(sok, strlen(sok), "sok", &back, NULL), HAKO_OK);
		assert_int_equal(hako_level_solution_count(back), 1);
		expect_solves(back, "XSokoban 1 (run-length, .sok)", hako_level_solution(back, 0),
		              230, 97);
		hako_level_free(back);
		free(sok);
		free(short_form);

		/* One letter changed: the first 'u' as 'd' walks into the wall
		 * below the player at once. */
		char *broken = hako_lurd_expand(f[3], NULL);
		assert_int_equal(broken[0], 'u');
		broken[0] = 'd';
		hako_replay r;
		assert_int_equal(hako_replay_lurd(level, broken, &r), HAKO_ERR_SOLUTION);
		assert_int_equal(r.failed_step, 1);
		assert_non_null(strstr(r.message, "wall"));
		/* The last push left out: legal, but not solved. */
		broken[0] = 'u';
		broken[strlen(broken) - 1] = '\0';
		assert_int_equal(hako_replay_lurd(level, broken, &r), HAKO_OK);
		assert_int_equal(r.moves, 229);
		assert_int_equal(r.solved, 0);
		free(broken);
		found = 1;
	}
	assert_true(found);
	free(tsv);
	hako_collection_free(c);
	free(tsv_path);
	free(xsb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_expand_plain),
	    cmocka_unit_test(test_expand_run_length),
	    cmocka_unit_test(test_expand_groups),
	    cmocka_unit_test(test_expand_comments),
	    cmocka_unit_test(test_expand_errors),
	    cmocka_unit_test(test_expand_limits),
	    cmocka_unit_test(test_run_length),
	    cmocka_unit_test(test_replay_push),
	    cmocka_unit_test(test_replay_walls),
	    cmocka_unit_test(test_replay_case),
	    cmocka_unit_test(test_replay_syntax_error),
	    cmocka_unit_test(test_replay_already_solved),
	    cmocka_unit_test(test_replay_raw_levels),
	    cmocka_unit_test(test_unit_test_levels),
	    cmocka_unit_test(test_microban_push_optimal),
	    cmocka_unit_test(test_xsokoban_1),
	};
	return tu_exit_code(cmocka_run_group_tests(tests, NULL, NULL));
}
