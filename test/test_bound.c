/* test_bound.c — the matching bound: minimum over assignments, not the
 * greedy nearest goal; infinite when no perfect matching exists. */
#include <stdlib.h>

#include "board.h"
#include "bound.h"
#include "testutil.h"

static void minimum_cost_not_greedy(void **state)
{
	(void)state;
	/* Boxes at x=2 and x=4 on a row; goals at x=3 and x=7. Greedy nearest
	 * goals would send both to x=3; the matching sends 2->3 and 4->7 (1+3)
	 * rather than 2->7, 4->3 (5+1). */
	hako_level *level = tu_level("##########\n"
	                             "#        #\n"
	                             "# $.$  . #\n"
	                             "#   @    #\n"
	                             "##########\n");
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	memory mem = {0, 0, (size_t)1 << 20};
	bound bd;
	assert_int_equal(bound_init(&bd, &mem, b.box_count), HAKO_OK);
	assert_int_equal(bound_matching(&bd, &b, b.start_boxes), 4);
	/* Both boxes on goals: zero. */
	assert_int_equal(bound_matching(&bd, &b, b.goals), 0);
	bound_free(&bd);
	assert_int_equal(mem.used, 0);
	board_free(&b);
	hako_level_free(level);
}

static void no_perfect_matching_is_infinite(void **state)
{
	(void)state;
	/* Both boxes are stuck on the top wall row, whose only goal is (1,1):
	 * neither square is dead, but no box can ever reach the goal (3,3). */
	hako_level *level = tu_level("#######\n"
	                             "#. $$ #\n"
	                             "#     #\n"
	                             "#  .@ #\n"
	                             "#######\n");
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	memory mem = {0, 0, (size_t)1 << 20};
	bound bd;
	assert_int_equal(bound_init(&bd, &mem, b.box_count), HAKO_OK);
	assert_int_equal(bound_matching(&bd, &b, b.start_boxes), BOUND_INFINITE);
	bound_free(&bd);
	board_free(&b);
	hako_level_free(level);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(minimum_cost_not_greedy),
	    cmocka_unit_test(no_perfect_matching_is_infinite),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
