/* test_search_bidir.c — the bidirectional engine (search_bidir.c) on its
 * own: solutions turned into LURD and replayed by the verifier, the
 * backward side meeting the forward one, unsolvable levels proven so,
 * limits as outcomes (nodes, time, a tiny memory budget), determinism
 * across slice sizes, and every Microban level. Then the same for its
 * forward side alone, the order engine (search_engine_order), which also
 * learns dead sets at its dead ends and gives up at 30,000 expansions; and
 * the engine whose backward side takes the newest of equal priorities
 * first (search_engine_bidir_newest): the same guarantees, and a level it
 * solves in a fraction of the states the other tie rule needs; and
 * Festival's HF pair (search_engine_bidir_hf): the same guarantees, and
 * the level it is for, which the goal-greedy engine does not solve. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "perimeter.h"
#include "reach.h"
#include "search.h"
#include "search_bidir.h"
#include "testboard.h"
#include "testutil.h"

typedef struct run {
	search_result result;
	search_bidir_info info;
	long moves, pushes; /* of the replayed solution */
} run;

static hako_solver_options options_with(uint64_t node_limit, double seconds, size_t memory_bytes)
{
	hako_solver_options o;
	hako_solver_options_init(&o);
	o.time_limit = seconds;
	o.node_limit = node_limit;
	o.memory_limit = memory_bytes;
	return o;
}

/* Run the engine to the end in slices of `slice` expansions, sharing the
 * meeting table `meet` when there is one (as the portfolio does); a
 * solution is replayed by the verifier (and must solve the level). */
static run engine_run_meeting(const search_engine *engine, const hako_level *level,
                              const hako_solver_options *o, uint64_t slice, perimeter *meet)
{
	run out;
	memset(&out, 0, sizeof out);
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	hako_status st = HAKO_ERR_ARGUMENT;
	void *e = engine->open(&b, o, &st);
	assert_int_equal(st, HAKO_OK);
	assert_non_null(e);
	if (meet)
		engine->share(e, meet);
	while (!engine->step(e, slice, &out.result))
		;
	search_bidir_info_get(e, &out.info);
	engine->close(e);
	if (out.result.outcome == HAKO_SOLVED) {
		char *lurd = tb_pushes_to_lurd(&b, out.result.pushes, out.result.push_count);
		hako_replay replay;
		assert_int_equal(hako_replay_lurd(level, lurd, &replay), HAKO_OK);
		assert_true(replay.solved);
		assert_int_equal((size_t)replay.pushes, out.result.push_count);
		out.moves = replay.moves;
		out.pushes = replay.pushes;
		free(lurd);
	}
	board_free(&b);
	return out;
}

static run engine_run_with(const search_engine *engine, const hako_level *level,
                           const hako_solver_options *o, uint64_t slice)
{
	return engine_run_meeting(engine, level, o, slice, NULL);
}

static run engine_run(const hako_level *level, const hako_solver_options *o, uint64_t slice)
{
	return engine_run_with(&search_engine_bidir, level, o, slice);
}

static run engine_run_text_with(const search_engine *engine, const char *xsb,
                                const hako_solver_options *o)
{
	hako_level *level = tu_level(xsb);
	run r = engine_run_with(engine, level, o, 256);
	hako_level_free(level);
	return r;
}

static run engine_run_text(const char *xsb, const hako_solver_options *o)
{
	return engine_run_text_with(&search_engine_bidir, xsb, o);
}

/* A collection of ../shared/levels (the test is skipped without them,
 * outside CI). */
static hako_collection *shared_collection(const char *file)
{
	tu_skip_without_shared();
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", tu_shared_levels(), file);
	return tu_collection(path);
}

static const char eight_boxes[] = "###########\n"
                                  "# .  .  . #\n"
                                  "# $ $ $ $ #\n"
                                  "#.   @   .#\n"
                                  "# $ $ $ $ #\n"
                                  "# .  .  . #\n"
                                  "###########\n";

static void check_small_levels(const search_engine *engine)
{
	static const char *const levels[] = {
	    "#####\n#@$.#\n#####\n",
	    "#######\n#@ $ .#\n#######\n",
	    "######\n#    #\n# #@ #\n# $* #\n# .* #\n#    #\n######\n",
	    "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########\n",
	    eight_boxes,
	};
	hako_solver_options o = options_with(0, 0, (size_t)64 << 20);
	for (size_t i = 0; i < sizeof levels / sizeof *levels; i++) {
		run r = engine_run_text_with(engine, levels[i], &o);
		print_message("level %zu: %ld pushes, %ld moves, %llu+%llu expanded\n", i, r.pushes,
		              r.moves, (unsigned long long)r.info.forward_expanded,
		              (unsigned long long)r.info.backward_expanded);
		assert_int_equal(r.result.outcome, HAKO_SOLVED);
		assert_int_equal(r.info.forward_pushes + r.info.backward_pushes,
		                 r.result.push_count);
		search_result_free(&r.result);
	}
	/* Already solved: no pushes (the start meets a backward root). */
	run r = engine_run_text_with(engine, "####\n#@*#\n####\n", &o);
	assert_int_equal(r.result.outcome, HAKO_SOLVED);
	assert_int_equal(r.result.push_count, 0);
	search_result_free(&r.result);
}

static void solves_small_levels(void **state)
{
	(void)state;
	check_small_levels(&search_engine_bidir);
}

/* The goals at the end of a long corridor, where every pull is forced,
 * while the forward side has the whole room. The searches meet with part
 * of the pushes found backward, after fewer forward expansions than the
 * solution has pushes: the forward side alone could not have walked it. */
static void backward_side_meets(void **state)
{
	(void)state;
	hako_solver_options o = options_with(0, 0, (size_t)64 << 20);
	run r = engine_run_text("#########\n"
	                        "#       #\n"
	                        "# $ $ $ #\n"
	                        "#   @   ##########\n"
	                        "#             ...#\n"
	                        "##################\n",
	                        &o);
	print_message("corridor: %zu pushes forward, %zu backward; %llu+%llu expanded\n",
	              r.info.forward_pushes, r.info.backward_pushes,
	              (unsigned long long)r.info.forward_expanded,
	              (unsigned long long)r.info.backward_expanded);
	assert_int_equal(r.result.outcome, HAKO_SOLVED);
	assert_true(r.info.backward_pushes > 0);
	assert_true(r.info.backward_expanded > 0);
	assert_true(r.info.forward_expanded + 1 < r.result.push_count);
	search_result_free(&r.result);
}

/* Microban 89 is easier from the end: the backward side finds nearly the
 * whole solution (34 of 35 pushes at this commit). */
static void backward_side_solves_microban_89(void **state)
{
	(void)state;
	hako_collection *c = shared_collection("Microban_155.xsb");
	hako_solver_options o = options_with(100000, 0, (size_t)64 << 20);
	run r = engine_run(hako_collection_level(c, 88), &o, 256);
	print_message("Microban 89: %zu pushes forward, %zu backward; %llu+%llu expanded\n",
	              r.info.forward_pushes, r.info.backward_pushes,
	              (unsigned long long)r.info.forward_expanded,
	              (unsigned long long)r.info.backward_expanded);
	assert_int_equal(r.result.outcome, HAKO_SOLVED);
	assert_true(r.info.backward_pushes > 4 * r.info.forward_pushes);
	search_result_free(&r.result);
	hako_collection_free(c);
}

static void check_unsolvable(const search_engine *engine)
{
	static const char *const levels[] = {
	    /* A box in a corner: the start's bound is infinite. */
	    "#####\n#$ .#\n# @ #\n#####\n",
	    /* Two boxes that can each reach only the same goal. */
	    "#######\n#. $$ #\n#     #\n#  .@ #\n#######\n",
	    /* The boxes can reach the goals alone, but not both. */
	    "#######\n#.  $ #\n##$####\n#.  @ #\n#######\n",
	    /* Two boxes side by side against a wall: no push at all. */
	    "########\n#. $$ .#\n#  @   #\n########\n",
	};
	hako_solver_options o = options_with(0, 0, (size_t)64 << 20);
	for (size_t i = 0; i < sizeof levels / sizeof *levels; i++) {
		run r = engine_run_text_with(engine, levels[i], &o);
		print_message("unsolvable %zu: %s after %llu+%llu expanded\n", i,
		              hako_outcome_name(r.result.outcome),
		              (unsigned long long)r.info.forward_expanded,
		              (unsigned long long)r.info.backward_expanded);
		assert_int_equal(r.result.outcome, HAKO_UNSOLVABLE);
		assert_null(r.result.pushes);
	}
}

static void unsolvable_is_proven(void **state)
{
	(void)state;
	check_unsolvable(&search_engine_bidir);
}

/* Limits are outcomes for `engine`: a node limit, a spent time limit, and
 * budgets far too small (memout, never a false "unsolvable"). */
static void check_limits(const search_engine *engine)
{
	hako_level *level = tu_level(eight_boxes);
	hako_solver_options o = options_with(3, 0, (size_t)64 << 20);
	run r = engine_run_with(engine, level, &o, 256);
	assert_int_equal(r.result.outcome, HAKO_NODE_LIMIT);
	assert_int_equal(r.result.stats.expanded, 3);
	/* A time limit already spent: timeout at the first step. */
	o = options_with(0, 1e-9, (size_t)64 << 20);
	r = engine_run_with(engine, level, &o, 256);
	assert_int_equal(r.result.outcome, HAKO_TIMEOUT);
	/* Budgets far too small, at setup and during the search: memout. */
	static const size_t budgets[] = {1 << 10, 64 << 10, 200 << 10};
	for (size_t i = 0; i < sizeof budgets / sizeof *budgets; i++) {
		o = options_with(0, 0, budgets[i]);
		r = engine_run_with(engine, level, &o, 256);
		print_message("budget %zu: %s, peak %zu\n", budgets[i],
		              hako_outcome_name(r.result.outcome), r.result.stats.peak_bytes);
		if (r.result.outcome != HAKO_SOLVED)
			assert_int_equal(r.result.outcome, HAKO_MEMOUT);
		assert_true(r.result.stats.peak_bytes <= budgets[i]);
		search_result_free(&r.result);
	}
	hako_level_free(level);
}

static void limits_are_outcomes(void **state)
{
	(void)state;
	check_limits(&search_engine_bidir);
}

/* The same search whatever the slices: one expansion per step or many. */
static void check_deterministic(const search_engine *engine)
{
	hako_level *level = tu_level(eight_boxes);
	hako_solver_options o = options_with(0, 0, (size_t)64 << 20);
	run a = engine_run_with(engine, level, &o, 1);
	run b = engine_run_with(engine, level, &o, 1000);
	assert_int_equal(a.result.outcome, HAKO_SOLVED);
	assert_int_equal(a.result.outcome, b.result.outcome);
	assert_true(a.result.stats.expanded == b.result.stats.expanded);
	assert_true(a.result.stats.generated == b.result.stats.generated);
	assert_int_equal(a.result.push_count, b.result.push_count);
	tu_assert_pushes_equal(a.result.pushes, b.result.pushes, a.result.push_count);
	search_result_free(&a.result);
	search_result_free(&b.result);
	hako_level_free(level);
}

static void deterministic(void **state)
{
	(void)state;
	check_deterministic(&search_engine_bidir);
}

/* ../shared/levels/unit_tests: solvable ones solved, the others proven,
 * by `engine`. */
static void check_unit_test_levels(const search_engine *engine)
{
	tu_skip_without_shared();
	char path[1024];
	snprintf(path, sizeof path, "%s/unit_tests/expected.tsv", tu_shared_levels());
	char *tsv = tu_read_file(path, NULL);
	assert_non_null(tsv);
	hako_solver_options o = options_with(0, 0, (size_t)64 << 20);
	int checked = 0;
	for (char *line = strtok(tsv, "\n"); line; line = strtok(NULL, "\n")) {
		char *fields[8] = {0};
		if (line[0] == '#' || tu_split_tabs(line, fields, 8) < 2 ||
		    strcmp(fields[0], "file") == 0 || strcmp(fields[0], "00-empty.txt") == 0)
			continue;
		snprintf(path, sizeof path, "%s/unit_tests/%s", tu_shared_levels(), fields[0]);
		hako_collection *c = tu_collection(path);
		run r = engine_run_with(engine, hako_collection_level(c, 0), &o, 256);
		print_message("%s %-32s %s\n", engine->name, fields[0],
		              hako_outcome_name(r.result.outcome));
		assert_int_equal(r.result.outcome,
		                 strcmp(fields[1], "yes") == 0 ? HAKO_SOLVED : HAKO_UNSOLVABLE);
		search_result_free(&r.result);
		hako_collection_free(c);
		checked++;
	}
	assert_int_equal(checked, 9);
	free(tsv);
}

static void unit_test_levels(void **state)
{
	(void)state;
	check_unit_test_levels(&search_engine_bidir);
}

/* Every Microban level with a generous node limit, every solution
 * replayed (the release build solves all 155 in about 2 s). */
static void microban_all(void **state)
{
	(void)state;
	hako_collection *c = shared_collection("Microban_155.xsb");
	hako_solver_options o = options_with(2000000, 0, (size_t)512 << 20);
	int solved = 0;
	uint64_t nodes = 0;
	for (size_t i = 0; i < hako_collection_count(c); i++) {
		run r = engine_run(hako_collection_level(c, i), &o, 256);
		if (r.result.outcome != HAKO_SOLVED)
			print_message("Microban %zu: %s\n", i + 1,
			              hako_outcome_name(r.result.outcome));
		solved += r.result.outcome == HAKO_SOLVED;
		nodes += r.result.stats.expanded;
		search_result_free(&r.result);
	}
	print_message("Microban: %d of %zu solved, %llu nodes\n", solved, hako_collection_count(c),
	              (unsigned long long)nodes);
	assert_int_equal(solved, (int)hako_collection_count(c));
	hako_collection_free(c);
}

/* ---- the order engine ------------------------------------------------- */

static void order_solves_and_proves(void **state)
{
	(void)state;
	hako_solver_options o = options_with(0, 0, (size_t)64 << 20);
	hako_level *level = tu_level(eight_boxes);
	run a = engine_run_with(&search_engine_order, level, &o, 1);
	run b = engine_run_with(&search_engine_order, level, &o, 1000);
	assert_int_equal(a.result.outcome, HAKO_SOLVED); /* replayed by engine_run_with */
	assert_int_equal(a.info.backward_expanded, 0);   /* it never pulls */
	/* The same search whatever the slices. */
	assert_true(a.result.stats.expanded == b.result.stats.expanded);
	assert_int_equal(a.result.push_count, b.result.push_count);
	search_result_free(&a.result);
	search_result_free(&b.result);
	hako_level_free(level);
	static const char *const unsolvable[] = {
	    "#####\n#$ .#\n# @ #\n#####\n",
	    "#######\n#. $$ #\n#     #\n#  .@ #\n#######\n",
	    "#######\n#.  $ #\n##$####\n#.  @ #\n#######\n",
	    "########\n#. $$ .#\n#  @   #\n########\n",
	};
	for (size_t i = 0; i < sizeof unsolvable / sizeof *unsolvable; i++) {
		level = tu_level(unsolvable[i]);
		run r = engine_run_with(&search_engine_order, level, &o, 256);
		assert_int_equal(r.result.outcome, HAKO_UNSOLVABLE);
		hako_level_free(level);
	}
}

/* XSokoban 61, 72 and 76, levels it adds to the portfolio at 10 s: solved
 * after learning dead sets at its dead ends (76 needs the dead ends'
 * witnesses: with every box off the goals as the only candidate the proofs
 * run out of budget and it gives up, BENCH.md); XSokoban 5 it does not
 * solve, and gives up once its proofs have made a million pushes, before
 * its 30,000 expansions. */
static void order_solves_xsokoban_61_72_and_76_and_gives_up_on_5(void **state)
{
	(void)state;
	hako_collection *c = shared_collection("XSokoban_90.xsb");
	hako_solver_options o = options_with(0, 0, (size_t)256 << 20);
	static const size_t solved[] = {61, 72, 76};
	for (size_t i = 0; i < 3; i++) {
		run r = engine_run_with(&search_engine_order,
		                        hako_collection_level(c, solved[i] - 1), &o, 256);
		print_message("XSokoban %zu: %s in %llu expansions, %llu dead sets learned\n",
		              solved[i], hako_outcome_name(r.result.outcome),
		              (unsigned long long)r.result.stats.expanded,
		              (unsigned long long)r.info.learned);
		assert_int_equal(r.result.outcome, HAKO_SOLVED);
		assert_true(r.info.learned > 0);
		search_result_free(&r.result);
	}
	/* On 5 it gives up once its dead-end proofs have made a million
	 * pushes (about 3,000 expansions); given a node limit below that, at
	 * the limit. */
	run r = engine_run_with(&search_engine_order, hako_collection_level(c, 4), &o, 256);
	print_message("XSokoban 5: %s after %llu expansions, %llu proof pushes\n",
	              hako_outcome_name(r.result.outcome),
	              (unsigned long long)r.result.stats.expanded,
	              (unsigned long long)r.info.proof_pushes);
	assert_int_equal(r.result.outcome, HAKO_NODE_LIMIT);
	assert_true(r.info.proof_pushes >= 1000000);
	assert_true(r.info.proof_pushes < 1000000 + 2 * 2000 * 64);
	assert_true(r.result.stats.expanded < 30000);
	o = options_with(500, 0, (size_t)256 << 20);
	r = engine_run_with(&search_engine_order, hako_collection_level(c, 4), &o, 256);
	assert_int_equal(r.result.outcome, HAKO_NODE_LIMIT);
	assert_int_equal(r.result.stats.expanded, 500);
	assert_true(r.info.proof_pushes < 1000000);
	/* 61 in 2 MiB: its forward side runs out of memory, which is a
	 * memout, not a proof (a first version said unsolvable here). */
	o = options_with(0, 0, (size_t)2 << 20);
	r = engine_run_with(&search_engine_order, hako_collection_level(c, 60), &o, 256);
	assert_int_equal(r.result.outcome, HAKO_MEMOUT);
	hako_collection_free(c);
}

static void order_limits_are_outcomes(void **state)
{
	(void)state;
	check_limits(&search_engine_order);
}

/* The same unit test levels for the order engine. */
static void order_unit_test_levels(void **state)
{
	(void)state;
	check_unit_test_levels(&search_engine_order);
}

/* ---- the backward side's ties newest first ----------------------------- */

static void newest_solves_proves_and_limits(void **state)
{
	(void)state;
	check_small_levels(&search_engine_bidir_newest);
	check_unsolvable(&search_engine_bidir_newest);
	check_limits(&search_engine_bidir_newest);
	check_deterministic(&search_engine_bidir_newest);
}

static void newest_unit_test_levels(void **state)
{
	(void)state;
	check_unit_test_levels(&search_engine_bidir_newest);
}

/* Grigr2001 15 (MoraSoft #15), where the tie rule decides: the newest
 * first solves it in 843,039 expansions (565,897 before the bipartite
 * check's side-aware reach with frozen walls changed which children live);
 * the other rule needed 4,283,348, so at 900,000 it is still searching
 * (BENCH.md). */
static void newest_solves_grigr2001_15(void **state)
{
	(void)state;
	hako_collection *c = shared_collection("Grigr2001_100.xsb");
	hako_solver_options o = options_with(900000, 0, (size_t)512 << 20);
	run r = engine_run_with(&search_engine_bidir_newest, hako_collection_level(c, 14), &o, 256);
	print_message("newest first: %s, %llu+%llu expanded\n", hako_outcome_name(r.result.outcome),
	              (unsigned long long)r.info.forward_expanded,
	              (unsigned long long)r.info.backward_expanded);
	assert_int_equal(r.result.outcome, HAKO_SOLVED);
	search_result_free(&r.result);
	r = engine_run_with(&search_engine_bidir, hako_collection_level(c, 14), &o, 256);
	assert_int_equal(r.result.outcome, HAKO_NODE_LIMIT);
	search_result_free(&r.result);
	hako_collection_free(c);
}

/* ---- Festival's HF pair --------------------------------------------------- */

static void hf_solves_proves_and_limits(void **state)
{
	(void)state;
	check_small_levels(&search_engine_bidir_hf);
	check_unsolvable(&search_engine_bidir_hf);
	check_limits(&search_engine_bidir_hf);
	check_deterministic(&search_engine_bidir_hf);
}

/* Microban III 58: a checkerboard of 40 boxes and 40 goals, every box next
 * to a goal, the player walled in at the centre. Its first pushes must take
 * boxes away from the goals (BENCH.md). The HF backward side's best state
 * after its 4,000 expansions has the floor in one piece and the boxes
 * spread; the forward side, greedy toward that layout, meets the backward
 * states (about 18,000 expansions in all). The goal-greedy engine, given
 * the 40,000 expansions the HF engine may take at most, does not solve it. */
static void hf_solves_microban_iii_58(void **state)
{
	(void)state;
	hako_collection *c = shared_collection("Microban_III.txt");
	const hako_level *level = hako_collection_level(c, 57);
	hako_solver_options o = options_with(0, 0, (size_t)512 << 20);
	run r = engine_run_with(&search_engine_bidir_hf, level, &o, 256);
	print_message("hf: %s, %llu+%llu expanded, %zu+%zu pushes\n",
	              hako_outcome_name(r.result.outcome),
	              (unsigned long long)r.info.forward_expanded,
	              (unsigned long long)r.info.backward_expanded, r.info.forward_pushes,
	              r.info.backward_pushes);
	assert_int_equal(r.result.outcome, HAKO_SOLVED);
	assert_int_equal(r.info.backward_expanded, 4000);
	assert_true(r.info.forward_pushes > 0 && r.info.backward_pushes > 0);
	search_result_free(&r.result);
	o = options_with(40000, 0, (size_t)512 << 20);
	r = engine_run_with(&search_engine_bidir, level, &o, 256);
	assert_int_equal(r.result.outcome, HAKO_NODE_LIMIT);
	search_result_free(&r.result);
	hako_collection_free(c);
}

/* In a portfolio the engines meet through one table (perimeter.h). The
 * newest-first engine then only pulls: its forward side would be the
 * first bidir's again. The order engine never pulls, so a backward part in
 * its solution can only come from another engine's states, walked down as
 * FESS does. Microban 89 needs the backward side (backward_side_solves_
 * microban_89). */
static void engines_meet_through_the_table(void **state)
{
	(void)state;
	hako_collection *c = shared_collection("Microban_155.xsb");
	const hako_level *level = hako_collection_level(c, 88);
	hako_solver_options o = options_with(2000000, 0, (size_t)256 << 20);
	perimeter meet;
	assert_int_equal(perimeter_init(&meet, (size_t)64 << 20), HAKO_OK);
	run r = engine_run_meeting(&search_engine_bidir_newest, level, &o, 256, &meet);
	assert_int_equal(r.result.outcome, HAKO_SOLVED);
	assert_int_equal(r.info.forward_expanded, 0);
	assert_int_equal(r.info.forward_pushes, 0);
	uint64_t pulled = r.info.backward_expanded;
	search_result_free(&r.result);
	r = engine_run_meeting(&search_engine_order, level, &o, 256, &meet);
	print_message("newest pulled %llu; the order engine met it after %llu expansions, "
	              "%zu + %zu pushes\n",
	              (unsigned long long)pulled, (unsigned long long)r.info.forward_expanded,
	              r.info.forward_pushes, r.info.backward_pushes);
	assert_int_equal(r.result.outcome, HAKO_SOLVED);
	assert_true(r.info.backward_pushes > 0);
	assert_int_equal(r.info.backward_expanded, 0);
	search_result_free(&r.result);
	/* Alone, the newest-first engine still steps its forward side. */
	r = engine_run_with(&search_engine_bidir_newest, level, &o, 256);
	assert_int_equal(r.result.outcome, HAKO_SOLVED);
	assert_true(r.info.forward_expanded > 0);
	search_result_free(&r.result);
	perimeter_free(&meet);
	hako_collection_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(solves_small_levels),
	    cmocka_unit_test(backward_side_meets),
	    cmocka_unit_test(backward_side_solves_microban_89),
	    cmocka_unit_test(unsolvable_is_proven),
	    cmocka_unit_test(limits_are_outcomes),
	    cmocka_unit_test(deterministic),
	    cmocka_unit_test(unit_test_levels),
	    cmocka_unit_test(microban_all),
	    cmocka_unit_test(order_solves_and_proves),
	    cmocka_unit_test(order_solves_xsokoban_61_72_and_76_and_gives_up_on_5),
	    cmocka_unit_test(order_unit_test_levels),
	    cmocka_unit_test(order_limits_are_outcomes),
	    cmocka_unit_test(newest_solves_proves_and_limits),
	    cmocka_unit_test(newest_unit_test_levels),
	    cmocka_unit_test(newest_solves_grigr2001_15),
	    cmocka_unit_test(engines_meet_through_the_table),
	    cmocka_unit_test(hf_solves_proves_and_limits),
	    cmocka_unit_test(hf_solves_microban_iii_58),
	};
	return tu_exit_code(cmocka_run_group_tests(tests, NULL, NULL));
}
