/* test_tunnel.c — tunnel squares, the no-influence push macro (it keeps the
 * push-optimal count and saves nodes), the dead-end macro, and parking two boxes in one
 * goalless tunnel segment. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "testboard.h"
#include "tunnel.h"

static void shapes(void **state)
{
	(void)state;
	hako_level *level = tu_level("##########\n"
	                             "#@$     .#\n"
	                             "#### #####\n"
	                             "#        #\n"
	                             "##########\n");
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	memory mem = {0, 0, (size_t)1 << 20};
	tunnel_info t;
	assert_int_equal(tunnel_init(&t, &b, &mem), HAKO_OK);
	/* Row 1 is a corridor (wall above; below, walls but for (4,2)). A push
	 * right leaving the player on (2,1) — walls above and below — and the
	 * box on (3,1) — wall above, not a goal — goes on only if (4,1) is
	 * walled on both sides: it is not ((4,2) is open). */
	assert_false(tunnel_go_on(&t, tb_square(&b, 2, 1), DIR_RIGHT));
	/* From (5,1): box on (6,1), beyond it (7,1) walled both sides: go on. */
	assert_true(tunnel_go_on(&t, tb_square(&b, 5, 1), DIR_RIGHT));
	/* From (6,1): box on (7,1), pushed on onto the goal (8,1): allowed. */
	assert_true(tunnel_go_on(&t, tb_square(&b, 6, 1), DIR_RIGHT));
	/* The player on (4,1) has an opening below: no tunnel there. */
	assert_false(tunnel_go_on(&t, tb_square(&b, 4, 1), DIR_RIGHT));
	tunnel_free(&t);
	assert_int_equal(mem.used, 0);
	board_free(&b);
	hako_level_free(level);
	/* A box on a goal inside a tunnel stays there: it may have to rest. */
	level = tu_level("###########\n"
	                 "#@$   .   #\n"
	                 "###########\n");
	assert_int_equal(board_build(level, &b), HAKO_OK);
	assert_int_equal(tunnel_init(&t, &b, &mem), HAKO_OK);
	assert_true(tunnel_go_on(&t, tb_square(&b, 1, 1), DIR_RIGHT));
	assert_true(tunnel_go_on(&t, tb_square(&b, 4, 1), DIR_RIGHT));
	assert_false(tunnel_go_on(&t, tb_square(&b, 5, 1), DIR_RIGHT));
	tunnel_free(&t);
	board_free(&b);
	hako_level_free(level);
}

static void parking(void **state)
{
	(void)state;
	hako_level *level = tu_level("###########\n"
	                             "#.        #\n"
	                             "# ####### #\n"
	                             "#  $  @.$ #\n"
	                             "###########\n");
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	memory mem = {0, 0, (size_t)1 << 20};
	tunnel_info t;
	assert_int_equal(tunnel_init(&t, &b, &mem), HAKO_OK);
	uint8_t *occupied = calloc((size_t)b.square_count, 1);
	/* Two boxes in the goalless corridor of row 1 ((2,1) to (8,1)). */
	occupied[tb_square(&b, 3, 1)] = 1;
	occupied[tb_square(&b, 6, 1)] = 1;
	assert_true(tunnel_parking_dead(&t, &b, occupied, tb_square(&b, 6, 1)));
	/* One box alone is only parked. */
	occupied[tb_square(&b, 3, 1)] = 0;
	assert_false(tunnel_parking_dead(&t, &b, occupied, tb_square(&b, 6, 1)));
	/* The corridor of row 3 ((2,3) to (8,3)) holds the goal (7,3):
	 * parking two boxes there is no deadlock by this rule. */
	occupied[tb_square(&b, 6, 1)] = 0;
	occupied[tb_square(&b, 2, 3)] = 1;
	occupied[tb_square(&b, 4, 3)] = 1;
	assert_false(tunnel_parking_dead(&t, &b, occupied, tb_square(&b, 4, 3)));
	free(occupied);
	tunnel_free(&t);
	board_free(&b);
	hako_level_free(level);
}

static hako_solve_result solve(const hako_level *level, int macros)
{
	hako_solver_options o;
	hako_solver_options_init(&o);
	o.optimal = HAKO_OPTIMAL_PUSHES;
	o.time_limit = 0;
	o.macros = macros;
	hako_solve_result r;
	assert_int_equal(hako_solve(level, &o, &r), HAKO_OK);
	assert_int_equal(r.outcome, HAKO_SOLVED);
	hako_replay replay;
	assert_int_equal(hako_replay_lurd(level, r.solution, &replay), HAKO_OK);
	assert_true(replay.solved);
	assert_int_equal(replay.pushes, r.pushes);
	return r;
}

/* A long tunnel: the macro keeps the optimal push count, the solution it
 * rebuilds replays, and the search expands fewer nodes. */
static void macro_keeps_optimum(void **state)
{
	(void)state;
	hako_level *level = tu_level("##############\n"
	                             "#            #\n"
	                             "#  $ ####### #\n"
	                             "#@     $    .#\n"
	                             "#  . #########\n"
	                             "##############\n");
	hako_solve_result with = solve(level, 1);
	hako_solve_result without = solve(level, 0);
	print_message("pushes %ld/%ld, nodes %llu with macros, %llu without\n", with.pushes,
	              without.pushes, (unsigned long long)with.stats.expanded,
	              (unsigned long long)without.stats.expanded);
	assert_int_equal(with.pushes, without.pushes);
	assert_int_equal(with.pushes, 7);
	assert_true(with.stats.expanded < without.stats.expanded);
	hako_solve_result_clear(&with);
	hako_solve_result_clear(&without);
	hako_level_free(level);
}

/* A dead end of goals: a box pushed into it goes on to the farthest free
 * goal at once, stops short of a box, and the optimal push count is kept. */
static void dead_end(void **state)
{
	(void)state;
	const char *text = "#######\n"
	                   "#.#   #\n"
	                   "#.# $ #\n"
	                   "#.  $ #\n"
	                   "#  $@ #\n"
	                   "#     #\n"
	                   "#######\n";
	hako_level *level = tu_level(text);
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	memory mem = {0, 0, (size_t)1 << 20};
	tunnel_info t;
	assert_int_equal(tunnel_init(&t, &b, &mem), HAKO_OK);
	unsigned top = tb_square(&b, 1, 1), middle = tb_square(&b, 1, 2);
	assert_true(t.dead_end[middle * 4 + DIR_UP]);
	assert_true(t.dead_end[top * 4 + DIR_UP]);
	/* (1,3) opens to the right: no dead end from there. */
	assert_false(t.dead_end[tb_square(&b, 1, 3) * 4 + DIR_UP]);
	uint8_t *occupied = calloc((size_t)b.square_count + 1, 1);
	assert_non_null(occupied);
	occupied[middle] = 1;
	unsigned stand = tb_square(&b, 1, 3);
	uint16_t to = (uint16_t)middle;
	assert_int_equal(tunnel_dead_end_push(&t, &b, occupied, DIR_UP, &stand, &to), 1);
	assert_int_equal(to, top);
	assert_int_equal(stand, middle);
	assert_true(occupied[top] && !occupied[middle]);
	/* With the top goal taken the run beyond (1,2) is empty: no push. */
	occupied[middle] = 1;
	stand = tb_square(&b, 1, 3);
	to = (uint16_t)middle;
	assert_int_equal(tunnel_dead_end_push(&t, &b, occupied, DIR_UP, &stand, &to), 0);
	assert_int_equal(to, middle);
	free(occupied);
	tunnel_free(&t);
	assert_int_equal(mem.used, 0);
	board_free(&b);
	hako_solve_result with = solve(level, 1);
	hako_solve_result without = solve(level, 0);
	print_message("dead end: pushes %ld/%ld, nodes %llu with macros, %llu without\n",
	              with.pushes, without.pushes, (unsigned long long)with.stats.expanded,
	              (unsigned long long)without.stats.expanded);
	assert_int_equal(with.pushes, without.pushes);
	hako_solve_result_clear(&with);
	hako_solve_result_clear(&without);
	hako_level_free(level);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(shapes),
	    cmocka_unit_test(parking),
	    cmocka_unit_test(macro_keeps_optimum),
	    cmocka_unit_test(dead_end),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
