/* test_pdb.c — the pair pattern databases: exact values on hand-checked
 * pairs, dead pairs, the budget, and the bound held to the exhaustive
 * oracle on every reachable position of small levels (0 violations), with
 * how much closer to the exact pushes it gets than the matching alone. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "bound.h"
#include "oracle.h"
#include "pdb.h"
#include "testutil.h"

/* Positions per level for the oracle sweep (ASan, two cores). */
#define SWEEP_STATES 20000

static const pdb_budget unlimited = {(size_t)1 << 28, UINT64_MAX, 0, NULL};

static void corridor_pairs(void **state)
{
	(void)state;
	/* A row: boxes at x=2 and x=4, goals at x=5 and x=6, the player left.
	 * Alone, the pair needs 3 + 2 = 5 pushes... but the player cannot get
	 * past the box at 2 to push the one at 4 first: dead, while the
	 * matching says 5. */
	hako_level *level = tu_level("########\n"
	                             "#@$ $..#\n"
	                             "########\n");
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	memory mem = {0, 0, (size_t)1 << 24};
	bound bd;
	pdb p;
	assert_int_equal(bound_init(&bd, &mem, b.box_count), HAKO_OK);
	assert_int_equal(pdb_build(&p, &b, &mem, &unlimited), HAKO_OK);
	assert_true(p.ready);
	uint32_t matching = bound_matching(&bd, &b, b.start_boxes);
	assert_int_equal(matching, 5);
	assert_int_equal(pdb_pair(&p, &b, b.start_boxes[0], b.start_boxes[1], NULL), PDB_INFINITE);
	assert_int_equal(pdb_bound(&p, &bd, &b, b.start_boxes, NULL, matching, 0), BOUND_INFINITE);
	/* Both on goals: zero, whatever the player's side. */
	assert_int_equal(pdb_pair(&p, &b, b.goals[0], b.goals[1], NULL), 0);
	pdb_free(&p);
	bound_free(&bd);
	assert_int_equal(mem.used, 0);
	board_free(&b);
	hako_level_free(level);

	/* A 2-wide room: the pair needs exactly the pushes the oracle says. */
	level = tu_level("########\n"
	                 "#      #\n"
	                 "#      #\n"
	                 "#@$$ ..#\n"
	                 "#      #\n"
	                 "#      #\n"
	                 "########\n");
	assert_int_equal(board_build(level, &b), HAKO_OK);
	assert_int_equal(bound_init(&bd, &mem, b.box_count), HAKO_OK);
	assert_int_equal(pdb_build(&p, &b, &mem, &unlimited), HAKO_OK);
	assert_true(p.ready);
	oracle_options options = {0, 0};
	oracle *o;
	assert_int_equal(oracle_solve(level, &options, &o), ORACLE_OK);
	/* Two boxes alone on the board: the table is the oracle's optimum. */
	assert_true(oracle_optimal_pushes(o) > 0);
	assert_int_equal(pdb_pair(&p, &b, b.start_boxes[0], b.start_boxes[1], NULL),
	                 (uint32_t)oracle_optimal_pushes(o));
	oracle_free(o);
	pdb_free(&p);
	bound_free(&bd);
	board_free(&b);
	hako_level_free(level);
}

static void over_budget_means_no_table(void **state)
{
	(void)state;
	hako_level *level = tu_level("########\n"
	                             "#@$ $..#\n"
	                             "#      #\n"
	                             "########\n");
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	memory mem = {0, 0, (size_t)1 << 24};
	pdb p;
	pdb_budget tiny = {64, UINT64_MAX, 0, NULL};
	assert_int_equal(pdb_build(&p, &b, &mem, &tiny), HAKO_OK);
	assert_false(p.ready);
	pdb_budget few = {(size_t)1 << 24, 3, 0, NULL};
	pdb_free(&p);
	assert_int_equal(pdb_build(&p, &b, &mem, &few), HAKO_OK);
	assert_false(p.ready);
	pdb_free(&p);
	assert_int_equal(mem.used, 0);
	board_free(&b);
	hako_level_free(level);
}

static uint64_t sweep_file(const char *file, size_t first, size_t last, oracle_bound_totals *totals)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", tu_shared_levels(), file);
	size_t length = 0;
	char *text = tu_read_file(path, &length);
	assert_non_null(text);
	hako_collection *c = NULL;
	hako_error err;
	assert_int_equal(hako_collection_parse(text, length, file, &c, &err), HAKO_OK);
	free(text);
	uint64_t violations = 0;
	size_t count = hako_collection_count(c);
	for (size_t i = first; i < count && i <= last; i++) {
		char label[256];
		snprintf(label, sizeof label, "%s #%zu", file, i + 1);
		violations += oracle_bound_level(hako_collection_level(c, i), label, SWEEP_STATES,
		                                 totals, stdout);
	}
	hako_collection_free(c);
	return violations;
}

/* The bound never exceeds the exact pushes left on any solvable position
 * (admissible), and gets closer than the matching alone. */
static void never_above_the_oracle(void **state)
{
	(void)state;
	tu_skip_without_shared();
	oracle_bound_totals totals;
	memset(&totals, 0, sizeof totals);
	uint64_t violations = 0;
	violations += sweep_file("Microban_155.xsb", 0, 154, &totals);
	violations += sweep_file("boxoban_hard_000.txt", 0, 19, &totals);
	violations += sweep_file("unit_tests/frozen_boxes.test", 0, 1000, &totals);
	oracle_bound_print(&totals, stdout);
	assert_int_equal(violations, 0);
	assert_true(totals.covered > 50);
	assert_true(totals.sum_patterns >= totals.sum_matching);
	assert_true(totals.raised > 0);
}

/* The zone tables (pdb_zone.c) on a level symmetric both ways: zone 1
 * (the bottom goals) is zone 0's mirror image, so it is read through
 * zone 0's table. On every reachable position: the bound is a lower
 * bound (full tables, and tables searched to 2 pushes), the same as with
 * a table of its own, and the same whatever the order of the boxes. */
static void zones_against_the_oracle(void **state)
{
	(void)state;
	hako_level *level = tu_level("########\n"
	                             "#.    .#\n"
	                             "# $  $ #\n"
	                             "#  ##  #\n"
	                             "# $@ $ #\n"
	                             "#.    .#\n"
	                             "########\n");
	oracle_bound_totals totals;
	memset(&totals, 0, sizeof totals);
	assert_int_equal(oracle_bound_level(level, "mirror", 1000000, &totals, stdout), 0);
	oracle_bound_print(&totals, stdout);
	assert_int_equal(totals.covered, 1);
	assert_int_equal(totals.zone_tables, 1);
	assert_int_equal(totals.mirrored, 1);
	assert_true(totals.solvable > 1000);

	/* The start: a lower bound on the oracle's optimum, and not 0. */
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	memory mem = {0, 0, (size_t)1 << 26};
	pdb_zones z;
	assert_int_equal(pdb_zones_build(&z, &b, &mem, &unlimited, NULL, 0, ZONE_FULL), HAKO_OK);
	assert_true(z.ready);
	assert_true(z.complete);
	assert_int_equal(z.zone[0].k, 2);
	assert_int_equal(z.zone[1].k, 2);
	uint32_t start = pdb_zones_bound_square(&z, &b, b.start_boxes, b.start_player, 0);
	oracle_options options = {0, 0};
	oracle *o;
	assert_int_equal(oracle_solve(level, &options, &o), ORACLE_OK);
	assert_true(start <= (uint32_t)oracle_optimal_pushes(o));
	assert_true(start > 0);
	oracle_free(o);
	/* Searched to 2 pushes: it stops before the first entry of depth 3,
	 * so every entry of depth 3 or less is known, and the rest read as 4. */
	pdb_zones_free(&z);
	assert_int_equal(pdb_zones_build(&z, &b, &mem, &unlimited, NULL, 0, 2), HAKO_OK);
	assert_true(z.ready);
	assert_false(z.complete);
	assert_int_equal(z.zone[0].unseen, 4);
	pdb_zones_finish(&z, &b, &unlimited);
	assert_true(z.complete);
	assert_int_equal(pdb_zones_bound_square(&z, &b, b.start_boxes, b.start_player, 0), start);
	pdb_zones_free(&z);
	/* Over the byte budget: no tables, nothing kept. */
	pdb_budget tiny = {4096, UINT64_MAX, 0, NULL};
	assert_int_equal(pdb_zones_build(&z, &b, &mem, &tiny, NULL, 0, ZONE_FULL), HAKO_OK);
	assert_false(z.ready);
	pdb_zones_free(&z);
	assert_int_equal(mem.used, 0);
	board_free(&b);
	hako_level_free(level);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(corridor_pairs),
	    cmocka_unit_test(over_budget_means_no_table),
	    cmocka_unit_test(zones_against_the_oracle),
	    cmocka_unit_test(never_above_the_oracle),
	};
	return tu_exit_code(cmocka_run_group_tests(tests, NULL, NULL));
}
