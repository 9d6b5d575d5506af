/* test_oracle.c — the exhaustive oracle checked on its own (hand-counted
 * levels, the unit tests' known verdicts, the independent state count of
 * frozen_boxes, Microban push-optimal lengths), then every deadlock detector
 * held to it on every reachable position of a fixed set of small levels,
 * and every known solution replayed with the detectors watching. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "deadlock.h"
#include "oracle.h"
#include "testutil.h"

/* Positions per level (ASan, two cores): bigger levels are skipped. The
 * detector sweep at SWEEP_STATES takes about a minute under ASan. */
#define TEST_STATES 20000
#define SWEEP_STATES 40000

static oracle *solve(const hako_level *level, size_t max_states, int prune)
{
	oracle_options options = {max_states, prune};
	oracle *o = NULL;
	assert_int_equal(oracle_solve(level, &options, &o), ORACLE_OK);
	return o;
}

static hako_level *load_level(const char *file)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", tu_shared_levels(), file);
	size_t length = 0;
	char *text = tu_read_file(path, &length);
	assert_non_null(text);
	hako_level *level = NULL;
	hako_error err;
	hako_level_parse(text, length, file, &level, &err);
	free(text);
	assert_non_null(level);
	return level;
}

/* ---- the oracle on its own ------------------------------------------------ */

static void hand_counted_levels(void **state)
{
	(void)state;
	/* One push solves it: the start and the solved position. */
	hako_level *level = tu_level("#####\n#@$.#\n#####\n");
	oracle *o = solve(level, 0, 0);
	assert_int_equal(oracle_count(o), 2);
	assert_int_equal(oracle_box_count(o), 1);
	assert_true(oracle_solvable(o, 0) && oracle_solvable(o, 1));
	assert_int_equal(oracle_optimal_pushes(o), 1);
	int32_t box, player;
	oracle_position(o, 1, &box, &player);
	assert_int_equal(box, 1 * 5 + 3);
	assert_int_equal(player, 1 * 5 + 1); /* normalized: smallest reachable square */
	assert_int_equal(oracle_pushed(o, 1), 1 * 5 + 3);
	assert_int_equal(oracle_pusher(o, 1), 1 * 5 + 2);
	assert_int_equal(oracle_pushed(o, 0), -1);
	oracle_free(o);
	hako_level_free(level);

	/* A box against the wall with the player on its only side: no push. */
	level = tu_level("#####\n#.@$#\n#####\n");
	o = solve(level, 0, 0);
	assert_int_equal(oracle_count(o), 1);
	assert_false(oracle_solvable(o, 0));
	assert_int_equal(oracle_optimal_pushes(o), -1);
	oracle_free(o);
	hako_level_free(level);

	/* A corridor: the box at 2, 3, 4 or on the goal at 5. */
	level = tu_level("#######\n#@$  .#\n#######\n");
	o = solve(level, 0, 0);
	assert_int_equal(oracle_count(o), 4);
	assert_int_equal(oracle_solvable_count(o), 4);
	assert_int_equal(oracle_optimal_pushes(o), 3);
	assert_int_equal(oracle_depth(o, 3), 3);
	assert_int_equal(oracle_to_goal(o, 0), 3);
	assert_int_equal(oracle_to_goal(o, 3), 0);
	const uint32_t *next;
	assert_int_equal(oracle_successors(o, 0, &next), 1);
	assert_int_equal(next[0], 1);
	assert_int_equal(oracle_successors(o, 3, &next), 0);
	oracle_free(o);
	hako_level_free(level);

	/* Two boxes side by side in a corridor block each other: no push. */
	level = tu_level("########\n#@ $$..#\n########\n");
	o = solve(level, 0, 0);
	assert_int_equal(oracle_count(o), 1);
	assert_false(oracle_solvable(o, 0));
	oracle_free(o);
	hako_level_free(level);

	/* A box that can go either way, a dead corner on one side: the player
	 * region after a push differs, so the same boxes with the player on
	 * different sides are different positions. */
	level = tu_level("#######\n#  $ .#\n#  @  #\n#######\n");
	o = solve(level, 0, 0);
	size_t solvable = oracle_solvable_count(o), n = oracle_count(o);
	assert_true(solvable > 0 && solvable < n);
	assert_true(oracle_solvable(o, 0));
	assert_int_equal(oracle_optimal_pushes(o), 2);
	/* Every position reached at depth d has a predecessor at d - 1. */
	for (size_t i = 1; i < n; i++)
		assert_true(oracle_depth(o, i) >= oracle_depth(o, i - 1));
	oracle_free(o);
	hako_level_free(level);

	/* Over budget is an outcome, not an error. */
	level = tu_level("#######\n#  $ .#\n#  @  #\n#######\n");
	oracle_options tight = {2, 0};
	assert_int_equal(oracle_solve(level, &tight, &o), ORACLE_OVER_BUDGET);
	assert_null(o);
	hako_level_free(level);
}

/* The XSB printer gives back the level it was given. */
static void xsb_round_trip(void **state)
{
	(void)state;
	const char *text = "  ####\n###  #\n#.$@ #\n# *  #\n######\n";
	hako_level *level = tu_level(text);
	oracle *o = solve(level, 0, 0);
	int32_t boxes[2], player;
	oracle_position(o, 0, boxes, &player);
	char *xsb = oracle_xsb(o, boxes, 2 * 6 + 3);
	assert_string_equal(xsb, text);
	free(xsb);
	oracle_free(o);
	hako_level_free(level);
}

typedef struct expected_row {
	char file[128];
	int solvable;
	long push_optimal;
	char lurd[2][512]; /* move-optimal, push-optimal */
} expected_row;

/* unit_tests/expected.tsv as rows; returns how many. */
static int read_expected(expected_row *rows, int max)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/unit_tests/expected.tsv", tu_shared_levels());
	char *text = tu_read_file(path, NULL);
	assert_non_null(text);
	int n = 0;
	for (char *line = strtok(text, "\n"); line && n < max; line = strtok(NULL, "\n")) {
		if (line[0] == '#' || strncmp(line, "file\t", 5) == 0)
			continue;
		char *f[8];
		int count = tu_split_tabs(line, f, 8);
		assert_true(count >= 2);
		expected_row *r = &rows[n++];
		memset(r, 0, sizeof *r);
		snprintf(r->file, sizeof r->file, "%s", f[0]);
		r->solvable = strcmp(f[1], "yes") == 0;
		r->push_optimal = count > 5 && f[5][0] ? strtol(f[5], NULL, 10) : -1;
		if (count > 4)
			snprintf(r->lurd[0], sizeof r->lurd[0], "%s", f[4]);
		if (count > 7)
			snprintf(r->lurd[1], sizeof r->lurd[1], "%s", f[7]);
	}
	free(text);
	return n;
}

static void unit_test_verdicts(void **state)
{
	(void)state;
	tu_skip_without_shared();
	expected_row rows[32];
	int n = read_expected(rows, 32);
	assert_int_equal(n, 10);
	for (int i = 0; i < n; i++) {
		char file[160];
		snprintf(file, sizeof file, "unit_tests/%.127s", rows[i].file);
		hako_level *level = load_level(file);
		if (hako_level_status(level, NULL) != HAKO_OK) {
			/* 00-empty.txt has no box on purpose: not a playable level. */
			assert_string_equal(rows[i].file, "00-empty.txt");
			oracle *o = NULL;
			assert_int_equal(oracle_solve(level, NULL, &o), ORACLE_INVALID);
			hako_level_free(level);
			continue;
		}
		oracle *o = NULL;
		if (strcmp(rows[i].file, "deadlock-cell-on-dead-end.txt") == 0) {
			/* 25 boxes: far too many positions to enumerate, but the box in
			 * the top-right corner is on a square from which a lone box
			 * reaches no goal, so the exact pruning settles it at once. */
			oracle_options options = {TEST_STATES, 0};
			assert_int_equal(oracle_solve(level, &options, &o), ORACLE_OVER_BUDGET);
			o = solve(level, 0, 1);
			assert_int_equal(oracle_count(o), 1);
		} else {
			o = solve(level, 0, 0);
		}
		print_message("%s: %zu positions, %zu solvable, optimal %ld pushes\n", rows[i].file,
		              oracle_count(o), oracle_solvable_count(o), oracle_optimal_pushes(o));
		assert_int_equal(oracle_solvable(o, 0), rows[i].solvable);
		assert_int_equal(oracle_optimal_pushes(o),
		                 rows[i].solvable ? rows[i].push_optimal : -1);
		/* Forward (depth of the nearest solved position) and backward
		 * (pushes to a solution from the start) agree. */
		if (rows[i].solvable)
			assert_int_equal(oracle_to_goal(o, 0), oracle_optimal_pushes(o));
		else
			assert_int_equal(oracle_to_goal(o, 0), UINT32_MAX);
		/* Pruning is exact: the same verdicts, never more positions. */
		oracle *pruned = solve(level, 0, 1);
		assert_int_equal(oracle_solvable(pruned, 0), rows[i].solvable);
		assert_int_equal(oracle_optimal_pushes(pruned), oracle_optimal_pushes(o));
		assert_int_equal(oracle_solvable_count(pruned), oracle_solvable_count(o));
		assert_true(oracle_count(pruned) <= oracle_count(o));
		oracle_free(pruned);
		oracle_free(o);
		hako_level_free(level);
	}
}

/* frozen_boxes.test: an independent push-BFS that dropped every position
 * with a box on a dead square explored 8416 positions (SOURCES.md). The
 * oracle keeps those positions (they are dead ones the detectors must be
 * asked about): 22758 in all. Counting only its positions with no box on
 * a dead square gives the same 8416, which also confirms that both
 * normalize the player the same way (one position per player region). */
static void frozen_boxes_state_count(void **state)
{
	(void)state;
	tu_skip_without_shared();
	hako_level *level = load_level("unit_tests/frozen_boxes.test");
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	for (int prune = 0; prune < 2; prune++) {
		oracle *o = solve(level, 0, prune);
		int k = oracle_box_count(o);
		assert_int_equal(k, 6);
		size_t live = 0;
		for (size_t i = 0; i < oracle_count(o); i++) {
			int32_t boxes[6], player;
			oracle_position(o, i, boxes, &player);
			int dead = 0;
			for (int j = 0; j < k; j++)
				dead |= b.dead[b.grid_to_square[boxes[j]]];
			live += !dead;
		}
		assert_int_equal(live, 8416);
		assert_int_equal(oracle_count(o), prune ? 14962 : 22758);
		assert_int_equal(oracle_solvable_count(o), 0);
		oracle_free(o);
	}
	board_free(&b);
	hako_level_free(level);
}

/* The oracle's lone-box game and the board's pull search must agree on
 * every square: the same question answered two ways. */
static void lone_box_dead_squares_match_the_board(void **state)
{
	(void)state;
	tu_skip_without_shared();
	const char *files[] = {"unit_tests/frozen_boxes.test", "unit_tests/no-solution-parking.txt",
	                       "unit_tests/deadlock-cell-on-dead-end.txt",
	                       "unit_tests/05-same-moves-diff-pushes.txt"};
	for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
		hako_level *level = load_level(files[f]);
		board b;
		assert_int_equal(board_build(level, &b), HAKO_OK);
		oracle *o = solve(level, 0, 1);
		for (int s = 0; s < b.square_count; s++)
			assert_int_equal(oracle_lone_box_dead(o, b.square_to_grid[s]), b.dead[s]);
		oracle_free(o);
		board_free(&b);
		hako_level_free(level);
	}
}

typedef struct microban_row {
	int level;
	long pushes; /* -1: unknown */
	char *lurd;  /* "" when none */
} microban_row;

/* Microban_155.push_optimal.tsv; returns the rows (malloc'd, text kept in *text). */
static int read_microban(microban_row *rows, int max, char **text)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/Microban_155.push_optimal.tsv", tu_shared_levels());
	*text = tu_read_file(path, NULL);
	assert_non_null(*text);
	int n = 0;
	char *save = NULL;
	for (char *line = strtok_r(*text, "\n", &save); line && n < max;
	     line = strtok_r(NULL, "\n", &save)) {
		if (line[0] < '0' || line[0] > '9')
			continue;
		char *f[8];
		int count = tu_split_tabs(line, f, 8);
		assert_true(count >= 4);
		rows[n].level = atoi(f[0]);
		rows[n].pushes = f[1][0] ? strtol(f[1], NULL, 10) : -1;
		rows[n].lurd = f[3];
		n++;
	}
	return n;
}

static hako_collection *load_collection(const char *file)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", tu_shared_levels(), file);
	return tu_collection(path);
}

static void microban_push_optimal(void **state)
{
	(void)state;
	tu_skip_without_shared();
	hako_collection *c = load_collection("Microban_155.xsb");
	assert_int_equal(hako_collection_count(c), 155);
	microban_row rows[160];
	char *text;
	int n = read_microban(rows, 160, &text);
	assert_int_equal(n, 155);
	int compared = 0;
	for (int i = 0; i < n; i++) {
		const hako_level *level = hako_collection_level(c, (size_t)rows[i].level - 1);
		oracle_options options = {TEST_STATES, 0};
		oracle *o = NULL;
		if (oracle_solve(level, &options, &o) != ORACLE_OK)
			continue;
		if (rows[i].pushes < 0)
			fail_msg(
			    "Microban %d: the oracle solved a level the table has no value for",
			    rows[i].level);
		if (oracle_optimal_pushes(o) != rows[i].pushes)
			fail_msg("Microban %d: oracle %ld pushes, table %ld", rows[i].level,
			         oracle_optimal_pushes(o), rows[i].pushes);
		compared++;
		oracle_free(o);
	}
	print_message("Microban: %d levels within %d positions agree with the table\n", compared,
	              TEST_STATES);
	assert_true(compared >= 90);
	free(text);
	hako_collection_free(c);
}

/* The solver with everything on (deadlock detectors, PI-corrals, tunnel
 * macros) against the oracle's exact optimum: every pruning and macro must
 * keep push-optimality, and "unsolvable" must be exact. */
static void solver_matches_the_oracle(void **state)
{
	(void)state;
	tu_skip_without_shared();
	static const char *const files[] = {"boxoban_unfiltered_train_000.txt",
	                                    "boxoban_medium_train_000.txt",
	                                    "boxoban_hard_000.txt",
	                                    "Microban_155.xsb",
	                                    "unit_tests/no-solution-parking.txt",
	                                    "unit_tests/frozen_boxes.test"}; /* over budget */
	int compared = 0, unsolvable = 0;
	for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
		hako_collection *c = load_collection(files[f]);
		size_t n = hako_collection_count(c);
		if (n > 60)
			n = 60;
		for (size_t i = 0; i < n; i++) {
			const hako_level *level = hako_collection_level(c, i);
			oracle_options options = {TEST_STATES, 0};
			oracle *o = NULL;
			if (hako_level_status(level, NULL) != HAKO_OK ||
			    oracle_solve(level, &options, &o) != ORACLE_OK)
				continue;
			long optimum = oracle_optimal_pushes(o);
			oracle_free(o);
			hako_solver_options so;
			hako_solver_options_init(&so);
			so.optimal = HAKO_OPTIMAL_PUSHES;
			so.time_limit = 0;
			hako_solve_result r;
			assert_int_equal(hako_solve(level, &so, &r), HAKO_OK);
			if (optimum < 0) {
				if (r.outcome != HAKO_UNSOLVABLE)
					fail_msg("%s %zu: the oracle proves it unsolvable, the "
					         "solver says %s",
					         files[f], i + 1, hako_outcome_name(r.outcome));
				unsolvable++;
			} else if (r.outcome != HAKO_SOLVED || r.pushes != optimum) {
				fail_msg("%s %zu: oracle optimum %ld pushes, solver %s with %ld",
				         files[f], i + 1, optimum, hako_outcome_name(r.outcome),
				         r.pushes);
			}
			hako_solve_result_clear(&r);
			compared++;
		}
		hako_collection_free(c);
	}
	print_message("solver = oracle optimum on %d levels (%d unsolvable)\n", compared,
	              unsolvable);
	assert_true(compared >= 140);
	assert_true(unsolvable >= 1);
}

/* ---- the detectors against the oracle --------------------------------------- */

static void check_collection(const char *file, size_t first_levels, oracle_check_options *options,
                             oracle_totals *totals, uint64_t *failures)
{
	hako_collection *c = load_collection(file);
	size_t n = hako_collection_count(c);
	if (first_levels && n > first_levels)
		n = first_levels;
	for (size_t i = 0; i < n; i++) {
		char label[256];
		snprintf(label, sizeof label, "%s #%zu", file, i + 1);
		*failures +=
		    oracle_check_level(hako_collection_level(c, i), label, options, totals, stdout);
	}
	hako_collection_free(c);
}

static void detectors_never_call_a_solvable_position_dead(void **state)
{
	(void)state;
	tu_skip_without_shared();
	oracle_check_options options;
	memset(&options, 0, sizeof options);
	options.oracle.max_states = SWEEP_STATES;
	options.corral_budget = 1000;
	options.max_reports = 3;
	oracle_totals *totals = calloc(1, sizeof *totals);
	assert_non_null(totals);
	uint64_t failures = 0;
	expected_row rows[32];
	int n = read_expected(rows, 32);
	for (int i = 0; i < n; i++) {
		char file[160];
		snprintf(file, sizeof file, "unit_tests/%.127s", rows[i].file);
		check_collection(file, 0, &options, totals, &failures);
	}
	check_collection("boxoban_unfiltered_train_000.txt", 30, &options, totals, &failures);
	check_collection("boxoban_medium_train_000.txt", 30, &options, totals, &failures);
	check_collection("boxoban_hard_000.txt", 30, &options, totals, &failures);
	check_collection("Microban_155.xsb", 0, &options, totals, &failures);
	oracle_print_table(totals, stdout);
	fflush(stdout);
	assert_true(totals->covered >= 100);
	assert_true(totals->dead > 0);
	assert_true(totals->pi.restricted > 0);
	assert_int_equal(totals->pi.violations, 0);
	/* Every configuration that includes the freeze check catches a dead
	 * position somewhere, and "all" catches at least what each one does. */
	for (int mode = 0; mode < ORACLE_MODES; mode++)
		for (int config = 0; config < ORACLE_CONFIGS; config++)
			assert_true(totals->tally[ORACLE_CONFIGS - 1][mode].caught >=
			            totals->tally[config][mode].caught);
	/* The corral escape search adds to the corral check (configurations 4
	 * and 5, oracle_check.c). */
	assert_string_equal(oracle_configs[4].name, "corral");
	assert_string_equal(oracle_configs[5].name, "corral + escape search");
	for (int mode = 0; mode < ORACLE_MODES; mode++)
		assert_true(totals->tally[5][mode].caught >= totals->tally[4][mode].caught);
	if (failures)
		fail_msg("%llu false positives or bad proofs (see above)",
		         (unsigned long long)failures);
	free(totals);
}

/* ---- replaying known solutions with the detectors watching ------------------ */

/* Replay `lurd` on `level`: at the start and after each push the position
 * is checked with DEADLOCK_USE_ALL, every box, and after a push also the
 * pushed box the way the search checks it; none may be called dead. Ends
 * solved. Returns the pushes. */
static long replay_watched(const hako_level *level, const char *lurd, const char *label)
{
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	memory mem = {0, 0, SIZE_MAX};
	deadlock_checker *checker = deadlock_checker_new(&b, &mem, DEADLOCK_USE_ALL);
	assert_non_null(checker);
	int w = b.width, k = b.box_count;
	uint8_t *occupied = calloc((size_t)b.square_count, 1);
	uint16_t *boxes = malloc(sizeof(uint16_t) * ((size_t)k + 1));
	uint16_t *proof_boxes = malloc(sizeof(uint16_t) * ((size_t)k + 1));
	assert_true(occupied && boxes && proof_boxes);
	for (int i = 0; i < k; i++)
		occupied[b.start_boxes[i]] = 1;
	unsigned player = SQUARE_NONE, pushed = SQUARE_NONE;
	for (int s = 0; s < b.square_count; s++) {
		int g = b.square_to_grid[s];
		char ch = hako_level_square(level, g % w, g / w);
		if (ch == '@' || ch == '+')
			player = (unsigned)s;
	}
	assert_int_not_equal(player, SQUARE_NONE);
	long pushes = 0;
	for (const char *p = lurd;; p++) {
		/* The position now: every box, and the pushed box after a push. */
		int m = 0;
		for (int s = 0; s < b.square_count; s++)
			if (occupied[s])
				boxes[m++] = (uint16_t)s;
		assert_int_equal(m, k);
		deadlock_position pos = {&b, occupied, boxes, player};
		deadlock_proof proof = {DEADLOCK_NONE, 0, proof_boxes};
		deadlock_kind kind = DEADLOCK_NONE;
		if (p == lurd || pushed != SQUARE_NONE)
			kind = deadlock_check(checker, &pos, SQUARE_NONE, 1000, &proof);
		if (kind == DEADLOCK_NONE && pushed != SQUARE_NONE)
			kind = deadlock_check(checker, &pos, pushed, 1000, &proof);
		if (kind != DEADLOCK_NONE)
			fail_msg(
			    "%s: after %ld pushes (step %ld) the solution's position is called %s",
			    label, pushes, (long)(p - lurd), deadlock_kind_names[kind]);
		if (!*p)
			break;
		const char *letters = "lurdLURD";
		const char *at = strchr(letters, *p);
		assert_non_null(at);
		unsigned dir = (unsigned)(at - letters) & 3u;
		uint16_t to = board_next(&b, player, dir);
		assert_int_not_equal(to, SQUARE_NONE);
		pushed = SQUARE_NONE;
		if (occupied[to]) {
			uint16_t beyond = board_next(&b, to, dir);
			assert_true(*p >= 'A' && *p <= 'Z');
			assert_true(beyond != SQUARE_NONE && !occupied[beyond]);
			occupied[to] = 0;
			occupied[beyond] = 1;
			pushed = beyond;
			pushes++;
		} else {
			assert_true(*p >= 'a' && *p <= 'z');
		}
		player = to;
	}
	for (int s = 0; s < b.square_count; s++)
		if (occupied[s])
			assert_true(b.is_goal[s]);
	free(occupied);
	free(boxes);
	free(proof_boxes);
	deadlock_checker_free(checker);
	board_free(&b);
	return pushes;
}

static void solutions_are_never_called_dead(void **state)
{
	(void)state;
	tu_skip_without_shared();
	hako_collection *c = load_collection("Microban_155.xsb");
	microban_row rows[160];
	char *text;
	int n = read_microban(rows, 160, &text);
	int replayed = 0;
	for (int i = 0; i < n; i++) {
		if (!rows[i].lurd[0])
			continue;
		char label[64];
		snprintf(label, sizeof label, "Microban #%d", rows[i].level);
		long pushes = replay_watched(hako_collection_level(c, (size_t)rows[i].level - 1),
		                             rows[i].lurd, label);
		assert_int_equal(pushes, rows[i].pushes);
		replayed++;
	}
	assert_true(replayed >= 150);
	free(text);
	hako_collection_free(c);
	expected_row expected[32];
	n = read_expected(expected, 32);
	for (int i = 0; i < n; i++)
		for (int which = 0; which < 2; which++) {
			if (!expected[i].lurd[which][0])
				continue;
			char file[160];
			snprintf(file, sizeof file, "unit_tests/%.127s", expected[i].file);
			hako_level *level = load_level(file);
			replay_watched(level, expected[i].lurd[which], file);
			hako_level_free(level);
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(hand_counted_levels),
	    cmocka_unit_test(xsb_round_trip),
	    cmocka_unit_test(unit_test_verdicts),
	    cmocka_unit_test(frozen_boxes_state_count),
	    cmocka_unit_test(lone_box_dead_squares_match_the_board),
	    cmocka_unit_test(microban_push_optimal),
	    cmocka_unit_test(solver_matches_the_oracle),
	    cmocka_unit_test(detectors_never_call_a_solvable_position_dead),
	    cmocka_unit_test(solutions_are_never_called_dead),
	};
	return tu_exit_code(cmocka_run_group_tests(tests, NULL, NULL));
}
