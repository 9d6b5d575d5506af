/* test_macros.c — hako_solver_options.macros as a bit mask (issue 4):
 * HAKO_MACRO_ALL (1, the old "on") turns every macro on, 0 none, and
 * HAKO_MACRO_TUNNELS / HAKO_MACRO_GOALS one each. Each macro is checked
 * to be really off when its bit is clear, by the nodes the searches
 * expand on levels where the macro makes a difference: the push-optimal
 * and fast A* (search_astar.c) and the bidirectional search's forward
 * side (search_bidir.c). Every solution is replayed by the verifier. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testboard.h"

/* A long tunnel (test_tunnel.c): the tunnel macro takes the box through
 * it in one step. */
static const char *const long_tunnel = "##############\n"
                                       "#            #\n"
                                       "#  $ ####### #\n"
                                       "#@     $    .#\n"
                                       "#  . #########\n"
                                       "##############\n";

/* A goal room behind a door with a forced packing order (test_room.c):
 * the goal macro takes each box from the entrance to its goal. */
static const char *const corridor_room = "#######\n"
                                         "#@    #\n"
                                         "# $$$ #####\n"
                                         "#      ...#\n"
                                         "###########\n";

typedef struct run {
	hako_outcome outcome;
	uint64_t expanded;
	long pushes; /* of the replayed solution */
} run;

/* One engine to the end on `xsb` with these macros; a solution is
 * replayed by the verifier. */
static run engine_run(const search_engine *engine, const char *xsb, hako_optimality mode,
                      int macros)
{
	hako_level *level = tu_level(xsb);
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	hako_solver_options o;
	hako_solver_options_init(&o);
	o.optimal = mode;
	o.time_limit = 0;
	o.node_limit = 1000000;
	o.macros = macros;
	hako_status st;
	void *e = engine->open(&b, &o, &st);
	assert_int_equal(st, HAKO_OK);
	assert_non_null(e);
	search_result r;
	while (!engine->step(e, 256, &r))
		continue;
	run out = {r.outcome, r.stats.expanded, 0};
	assert_int_equal(r.outcome, HAKO_SOLVED);
	char *lurd = tb_pushes_to_lurd(&b, r.pushes, r.push_count);
	hako_replay replay;
	assert_int_equal(hako_replay_lurd(level, lurd, &replay), HAKO_OK);
	assert_true(replay.solved);
	assert_int_equal((size_t)replay.pushes, r.push_count);
	out.pushes = replay.pushes;
	free(lurd);
	search_result_free(&r);
	engine->close(e);
	board_free(&b);
	hako_level_free(level);
	return out;
}

/* The five settings, in this order. */
enum { NONE, TUNNELS, GOALS, BOTH, ALL, SETTINGS };
static const int setting[SETTINGS] = {HAKO_MACRO_NONE, HAKO_MACRO_TUNNELS, HAKO_MACRO_GOALS,
                                      HAKO_MACRO_TUNNELS | HAKO_MACRO_GOALS, HAKO_MACRO_ALL};

static void run_all(const search_engine *engine, const char *xsb, hako_optimality mode,
                    const char *what, run out[SETTINGS])
{
	for (int k = 0; k < SETTINGS; k++)
		out[k] = engine_run(engine, xsb, mode, setting[k]);
	print_message(
	    "%s: nodes none %llu, tunnels %llu, goals %llu, both %llu, all %llu\n", what,
	    (unsigned long long)out[NONE].expanded, (unsigned long long)out[TUNNELS].expanded,
	    (unsigned long long)out[GOALS].expanded, (unsigned long long)out[BOTH].expanded,
	    (unsigned long long)out[ALL].expanded);
}

static void mask_meaning(void **state)
{
	(void)state;
	hako_solver_options o;
	hako_solver_options_init(&o);
	/* The default is every macro, and 1 keeps meaning "on". */
	assert_int_equal(o.macros, HAKO_MACRO_ALL);
	assert_int_equal(HAKO_MACRO_ALL, 1);
	assert_int_equal(HAKO_MACRO_NONE, 0);
	assert_true(search_macro_on(&o, HAKO_MACRO_TUNNELS));
	assert_true(search_macro_on(&o, HAKO_MACRO_GOALS));
	o.macros = HAKO_MACRO_NONE;
	assert_false(search_macro_on(&o, HAKO_MACRO_TUNNELS));
	assert_false(search_macro_on(&o, HAKO_MACRO_GOALS));
	o.macros = HAKO_MACRO_TUNNELS;
	assert_true(search_macro_on(&o, HAKO_MACRO_TUNNELS));
	assert_false(search_macro_on(&o, HAKO_MACRO_GOALS));
	o.macros = HAKO_MACRO_GOALS;
	assert_false(search_macro_on(&o, HAKO_MACRO_TUNNELS));
	assert_true(search_macro_on(&o, HAKO_MACRO_GOALS));
	/* Unknown bits are ignored. */
	o.macros = 8;
	assert_false(search_macro_on(&o, HAKO_MACRO_TUNNELS));
	assert_false(search_macro_on(&o, HAKO_MACRO_GOALS));
}

/* Push-optimal: only the tunnel bit matters (goal macros are fast mode
 * only), and the push count never changes. */
static void tunnels_in_push_optimal(void **state)
{
	(void)state;
	run r[SETTINGS];
	run_all(&search_engine_astar, long_tunnel, HAKO_OPTIMAL_PUSHES, "tunnel, pushes", r);
	for (int k = 0; k < SETTINGS; k++)
		assert_int_equal(r[k].pushes, 7);
	assert_true(r[TUNNELS].expanded < r[NONE].expanded);
	assert_true(r[GOALS].expanded == r[NONE].expanded);
	assert_true(r[BOTH].expanded == r[TUNNELS].expanded);
	assert_true(r[ALL].expanded == r[TUNNELS].expanded);
}

/* Move-optimal: no macro at all, whatever the mask says. */
static void nothing_in_move_optimal(void **state)
{
	(void)state;
	run r[SETTINGS];
	run_all(&search_engine_astar, long_tunnel, HAKO_OPTIMAL_MOVES, "tunnel, moves", r);
	for (int k = 1; k < SETTINGS; k++) {
		assert_true(r[k].expanded == r[NONE].expanded);
		assert_int_equal(r[k].pushes, r[NONE].pushes);
	}
}

/* The fast A* and the bidirectional search: the tunnel level has no goal
 * room and the goal room no tunnel, so each macro saves nodes on its own
 * level, and with its bit clear the search is exactly the one without
 * macros. */
static void each_bit_on_its_own(const search_engine *engine, const char *name)
{
	char what[64];
	run r[SETTINGS];
	snprintf(what, sizeof what, "%s, tunnel", name);
	run_all(engine, long_tunnel, HAKO_OPTIMAL_NONE, what, r);
	assert_true(r[TUNNELS].expanded < r[NONE].expanded);
	assert_true(r[GOALS].expanded == r[NONE].expanded);
	assert_true(r[BOTH].expanded == r[TUNNELS].expanded);
	assert_true(r[ALL].expanded == r[TUNNELS].expanded);

	snprintf(what, sizeof what, "%s, goal room", name);
	run_all(engine, corridor_room, HAKO_OPTIMAL_NONE, what, r);
	assert_true(r[GOALS].expanded < r[NONE].expanded);
	assert_true(r[TUNNELS].expanded == r[NONE].expanded);
	assert_true(r[BOTH].expanded == r[GOALS].expanded);
	assert_true(r[ALL].expanded == r[GOALS].expanded);
}

static void fast_astar(void **state)
{
	(void)state;
	each_bit_on_its_own(&search_engine_astar, "astar");
}

static void bidir(void **state)
{
	(void)state;
	each_bit_on_its_own(&search_engine_bidir, "bidir");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(mask_meaning),
	    cmocka_unit_test(tunnels_in_push_optimal),
	    cmocka_unit_test(nothing_in_move_optimal),
	    cmocka_unit_test(fast_astar),
	    cmocka_unit_test(bidir),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
