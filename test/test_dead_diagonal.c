/* test_dead_diagonal.c — closed diagonal deadlocks: the patterns that are
 * dead, and the near misses that are not (the player can get in, every box
 * is on a goal, an inner square is a goal, an end is open). The brute-force
 * cross-check against an exhaustive solver lives in test_dead_freeze.c. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "deadlock.h"
#include "level.h"
#include "testboard.h"

static int diagonal_dead(tb_position *p, int x, int y)
{
	unsigned s = tb_square(&p->b, x, y);
	assert_true(p->occupied[s]);
	p->proof.kind = DEADLOCK_NONE;
	p->proof.count = 0;
	int dead = dead_diagonal_check(&p->b, p->occupied, s, &p->proof);
	assert_int_equal(dead_diagonal_check(&p->b, p->occupied, s, NULL), dead);
	if (dead)
		assert_int_equal(p->proof.kind, DEADLOCK_DIAGONAL);
	return dead;
}

static int freeze_dead(tb_position *p, int x, int y)
{
	return dead_freeze_check(&p->b, p->occupied, p->b.dead, tb_square(&p->b, x, y), NULL);
}

static int any_diagonal_dead(tb_position *p)
{
	int dead = 0;
	for (int i = 0; i < p->b.box_count; i++)
		dead |= dead_diagonal_check(&p->b, p->occupied, p->b.start_boxes[i], NULL);
	return dead;
}

/* One inner square (3,3), walls at both diagonal ends:
 *
 *   #$        each box can only be pushed into the hole, and whichever
 *   # $       goes in is frozen there (against the wall beside it, or in a
 *    $#       2x2 of boxes and walls).
 */
static void one_square(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, "#########\n"
	            "#       #\n"
	            "# #$    #\n"
	            "# # $   #\n"
	            "#  $#   #\n"
	            "#  ...@ #\n"
	            "#########\n");
	assert_true(diagonal_dead(&p, 3, 2));
	assert_int_equal(p.proof.count, 3);
	assert_true(tb_proof_has(&p, 3, 2) && tb_proof_has(&p, 4, 3) && tb_proof_has(&p, 3, 4));
	assert_true(diagonal_dead(&p, 4, 3));
	assert_true(diagonal_dead(&p, 3, 4));
	/* No freeze here: the top box can still move down. */
	assert_false(freeze_dead(&p, 3, 2));
	tb_close(&p);
	/* Mirror image: the diagonal runs up-right. */
	tb_open(&p, "#########\n"
	            "#       #\n"
	            "#    $# #\n"
	            "#   $ # #\n"
	            "#   #$  #\n"
	            "# @...  #\n"
	            "#########\n");
	assert_true(diagonal_dead(&p, 5, 2));
	assert_true(diagonal_dead(&p, 4, 3));
	assert_true(diagonal_dead(&p, 5, 4));
	tb_close(&p);
}

static void one_square_near_misses(void **state)
{
	(void)state;
	tb_position p;
	/* Every box on a goal: it may stay like this. */
	tb_open(&p, "#########\n"
	            "#       #\n"
	            "# #*    #\n"
	            "# # *   #\n"
	            "#  *#   #\n"
	            "#     @ #\n"
	            "#########\n");
	assert_false(any_diagonal_dead(&p));
	tb_close(&p);
	/* One of them off its goal is enough. */
	tb_open(&p, "#########\n"
	            "#       #\n"
	            "# #*    #\n"
	            "# # $   #\n"
	            "#  *#   #\n"
	            "#   . @ #\n"
	            "#########\n");
	assert_true(diagonal_dead(&p, 3, 2));
	tb_close(&p);
	/* The player can walk into the hole from the left. */
	tb_open(&p, "#########\n"
	            "#       #\n"
	            "# #$    #\n"
	            "#   $   #\n"
	            "#  $#   #\n"
	            "#  ...@ #\n"
	            "#########\n");
	assert_false(any_diagonal_dead(&p));
	tb_close(&p);
	/* The hole is a goal: left alone (it may be filled and solved). */
	tb_open(&p, "#########\n"
	            "#       #\n"
	            "# #$    #\n"
	            "# #.$   #\n"
	            "#  $#   #\n"
	            "#  ..@  #\n"
	            "#########\n");
	assert_false(any_diagonal_dead(&p));
	tb_close(&p);
	/* The lower end is open: pushing the right box down frees the hole. */
	tb_open(&p, "#########\n"
	            "#       #\n"
	            "# #$    #\n"
	            "# # $   #\n"
	            "#  $    #\n"
	            "#  ...@ #\n"
	            "#########\n");
	assert_false(any_diagonal_dead(&p));
	tb_close(&p);
}

/* Two inner squares between two lines of boxes, capped by a box at the top
 * and a wall at the bottom:
 *
 *   $$
 *   $ $
 *    $ $
 *     $#
 */
static void two_squares(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, "##########\n"
	            "#        #\n"
	            "#  $$    #\n"
	            "#  $ $   #\n"
	            "#   $ $  #\n"
	            "#    $#  #\n"
	            "#.......@#\n"
	            "##########\n");
	assert_true(diagonal_dead(&p, 5, 3));
	assert_int_equal(p.proof.count, 7);
	/* Found from the cap box too (it is diagonally next to the hole). */
	assert_true(diagonal_dead(&p, 3, 2));
	assert_true(diagonal_dead(&p, 5, 5));
	assert_false(freeze_dead(&p, 5, 3));
	tb_close(&p);
	/* Without the cap box the top end is open. */
	tb_open(&p, "##########\n"
	            "#        #\n"
	            "#   $    #\n"
	            "#  $ $   #\n"
	            "#   $ $  #\n"
	            "#    $#  #\n"
	            "#...... @#\n"
	            "##########\n");
	assert_false(any_diagonal_dead(&p));
	tb_close(&p);
}

/* An end capped by two walls at the corner: the hole (1,1) has walls above
 * and to the left; whichever box is pushed in sits in a corner. The top row
 * holds a goal, so no freeze sees this. */
static void wall_cap(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, "#######\n"
	            "# $ . #\n"
	            "#$#   #\n"
	            "#   . #\n"
	            "#  @  #\n"
	            "#######\n");
	assert_true(diagonal_dead(&p, 2, 1));
	assert_true(diagonal_dead(&p, 1, 2));
	assert_int_equal(p.proof.count, 2);
	assert_false(freeze_dead(&p, 2, 1));
	tb_close(&p);
	/* Even with (2,2) open: read along the other diagonal, the walls at
	 * (0,2) and (2,0) cap it, and both boxes can still only go into the
	 * corner. */
	tb_open(&p, "#######\n"
	            "# $ . #\n"
	            "#$    #\n"
	            "#   . #\n"
	            "#  @  #\n"
	            "#######\n");
	assert_true(diagonal_dead(&p, 2, 1));
	tb_close(&p);
	/* With the lower box gone from (1,2) the player gets in. */
	tb_open(&p, "#######\n"
	            "# $ . #\n"
	            "# #   #\n"
	            "#$  . #\n"
	            "#  @  #\n"
	            "#######\n");
	assert_false(any_diagonal_dead(&p));
	tb_close(&p);
}

/* Two walls across a run split it: each part is capped by them on its own.
 * Holes (2,1) and (3,2), with walls at (3,1) and (2,2) between them: the
 * first part holds only (1,1), on its goal; the second holds (4,2) and
 * (3,3), off their goals. */
static void split_by_walls(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, "########\n"
	            "#* #   #\n"
	            "# # $  #\n"
	            "#  $#  #\n"
	            "#  ..@ #\n"
	            "########\n");
	assert_true(diagonal_dead(&p, 4, 2));
	assert_int_equal(p.proof.count, 2);
	assert_false(tb_proof_has(&p, 1, 1));
	assert_false(diagonal_dead(&p, 1, 1));
	tb_close(&p);
}

/* Checkerboard levels are where these turn up: a long diagonal of boxes
 * against a staircase of walls, holes (2,2), (3,3), (4,4) between them. */
static void long_diagonal(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, "###########\n"
	            "##$      .#\n"
	            "## $     .#\n"
	            "#.# $     #\n"
	            "#  # $    #\n"
	            "#   ##    #\n"
	            "#   @    .#\n"
	            "###########\n");
	assert_true(diagonal_dead(&p, 4, 3));
	assert_int_equal(p.proof.count, 4);
	assert_true(diagonal_dead(&p, 5, 4));
	tb_close(&p);
	/* All four on goals: fine. */
	tb_open(&p, "###########\n"
	            "##*       #\n"
	            "## *      #\n"
	            "# # *     #\n"
	            "#  # *    #\n"
	            "#   ##    #\n"
	            "#   @     #\n"
	            "###########\n");
	assert_false(any_diagonal_dead(&p));
	tb_close(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(one_square),     cmocka_unit_test(one_square_near_misses),
	    cmocka_unit_test(two_squares),    cmocka_unit_test(wall_cap),
	    cmocka_unit_test(split_by_walls), cmocka_unit_test(long_diagonal),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
