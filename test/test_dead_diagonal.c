/* test_dead_diagonal.c — closed diagonal deadlocks: the patterns that are
 * dead, and the near misses that are not (the player can get in, every box
 * is on a goal, an inner square is a goal, an end is open). The brute-force
 * cross-check against an exhaustive solver lives in test_dead_freeze.c. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "deadlock.h"
#include "level.h"
#include "testutil.h"

typedef struct pos {
	hako_level *level;
	board b;
	uint8_t *occupied;
	uint16_t *proof_boxes;
	deadlock_proof proof;
} pos;

static void pos_load(pos *p, const char *xsb)
{
	p->level = tu_level(xsb);
	assert_int_equal(board_build(p->level, &p->b), HAKO_OK);
	p->occupied = calloc((size_t)p->b.square_count, 1);
	p->proof_boxes = calloc((size_t)p->b.box_count + 1, sizeof(uint16_t));
	assert_non_null(p->occupied);
	assert_non_null(p->proof_boxes);
	for (int i = 0; i < p->b.box_count; i++)
		p->occupied[p->b.start_boxes[i]] = 1;
	p->proof.boxes = p->proof_boxes;
}

static void pos_free(pos *p)
{
	free(p->occupied);
	free(p->proof_boxes);
	board_free(&p->b);
	hako_level_free(p->level);
}

static unsigned at(const pos *p, int x, int y)
{
	int32_t s = p->b.grid_to_square[y * p->b.width + x];
	assert_true(s >= 0);
	return (unsigned)s;
}

static int diagonal_dead(pos *p, int x, int y)
{
	unsigned s = at(p, x, y);
	assert_true(p->occupied[s]);
	p->proof.kind = DEADLOCK_NONE;
	p->proof.count = 0;
	int dead = dead_diagonal_check(&p->b, p->occupied, s, &p->proof);
	assert_int_equal(dead_diagonal_check(&p->b, p->occupied, s, NULL), dead);
	if (dead)
		assert_int_equal(p->proof.kind, DEADLOCK_DIAGONAL);
	return dead;
}

static int freeze_dead(pos *p, int x, int y)
{
	return dead_freeze_check(&p->b, p->occupied, p->b.dead, at(p, x, y), NULL);
}

static int proof_has(const pos *p, int x, int y)
{
	unsigned s = at(p, x, y);
	for (int i = 0; i < p->proof.count; i++)
		if (p->proof.boxes[i] == s)
			return 1;
	return 0;
}

static int any_diagonal_dead(pos *p)
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
	pos p;
	pos_load(&p, "#########\n"
	             "#       #\n"
	             "# #$    #\n"
	             "# # $   #\n"
	             "#  $#   #\n"
	             "#  ...@ #\n"
	             "#########\n");
	assert_true(diagonal_dead(&p, 3, 2));
	assert_int_equal(p.proof.count, 3);
	assert_true(proof_has(&p, 3, 2) && proof_has(&p, 4, 3) && proof_has(&p, 3, 4));
	assert_true(diagonal_dead(&p, 4, 3));
	assert_true(diagonal_dead(&p, 3, 4));
	/* No freeze here: the top box can still move down. */
	assert_false(freeze_dead(&p, 3, 2));
	pos_free(&p);
	/* Mirror image: the diagonal runs up-right. */
	pos_load(&p, "#########\n"
	             "#       #\n"
	             "#    $# #\n"
	             "#   $ # #\n"
	             "#   #$  #\n"
	             "# @...  #\n"
	             "#########\n");
	assert_true(diagonal_dead(&p, 5, 2));
	assert_true(diagonal_dead(&p, 4, 3));
	assert_true(diagonal_dead(&p, 5, 4));
	pos_free(&p);
}

static void one_square_near_misses(void **state)
{
	(void)state;
	pos p;
	/* Every box on a goal: it may stay like this. */
	pos_load(&p, "#########\n"
	             "#       #\n"
	             "# #*    #\n"
	             "# # *   #\n"
	             "#  *#   #\n"
	             "#     @ #\n"
	             "#########\n");
	assert_false(any_diagonal_dead(&p));
	pos_free(&p);
	/* One of them off its goal is enough. */
	pos_load(&p, "#########\n"
	             "#       #\n"
	             "# #*    #\n"
	             "# # $   #\n"
	             "#  *#   #\n"
	             "#   . @ #\n"
	             "#########\n");
	assert_true(diagonal_dead(&p, 3, 2));
	pos_free(&p);
	/* The player can walk into the hole from the left. */
	pos_load(&p, "#########\n"
	             "#       #\n"
	             "# #$    #\n"
	             "#   $   #\n"
	             "#  $#   #\n"
	             "#  ...@ #\n"
	             "#########\n");
	assert_false(any_diagonal_dead(&p));
	pos_free(&p);
	/* The hole is a goal: left alone (it may be filled and solved). */
	pos_load(&p, "#########\n"
	             "#       #\n"
	             "# #$    #\n"
	             "# #.$   #\n"
	             "#  $#   #\n"
	             "#  ..@  #\n"
	             "#########\n");
	assert_false(any_diagonal_dead(&p));
	pos_free(&p);
	/* The lower end is open: pushing the right box down frees the hole. */
	pos_load(&p, "#########\n"
	             "#       #\n"
	             "# #$    #\n"
	             "# # $   #\n"
	             "#  $    #\n"
	             "#  ...@ #\n"
	             "#########\n");
	assert_false(any_diagonal_dead(&p));
	pos_free(&p);
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
	pos p;
	pos_load(&p, "##########\n"
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
	pos_free(&p);
	/* Without the cap box the top end is open. */
	pos_load(&p, "##########\n"
	             "#        #\n"
	             "#   $    #\n"
	             "#  $ $   #\n"
	             "#   $ $  #\n"
	             "#    $#  #\n"
	             "#...... @#\n"
	             "##########\n");
	assert_false(any_diagonal_dead(&p));
	pos_free(&p);
}

/* An end capped by two walls at the corner: the hole (1,1) has walls above
 * and to the left; whichever box is pushed in sits in a corner. The top row
 * holds a goal, so no freeze sees this. */
static void wall_cap(void **state)
{
	(void)state;
	pos p;
	pos_load(&p, "#######\n"
	             "# $ . #\n"
	             "#$#   #\n"
	             "#   . #\n"
	             "#  @  #\n"
	             "#######\n");
	assert_true(diagonal_dead(&p, 2, 1));
	assert_true(diagonal_dead(&p, 1, 2));
	assert_int_equal(p.proof.count, 2);
	assert_false(freeze_dead(&p, 2, 1));
	pos_free(&p);
	/* Even with (2,2) open: read along the other diagonal, the walls at
	 * (0,2) and (2,0) cap it, and both boxes can still only go into the
	 * corner. */
	pos_load(&p, "#######\n"
	             "# $ . #\n"
	             "#$    #\n"
	             "#   . #\n"
	             "#  @  #\n"
	             "#######\n");
	assert_true(diagonal_dead(&p, 2, 1));
	pos_free(&p);
	/* With the lower box gone from (1,2) the player gets in. */
	pos_load(&p, "#######\n"
	             "# $ . #\n"
	             "# #   #\n"
	             "#$  . #\n"
	             "#  @  #\n"
	             "#######\n");
	assert_false(any_diagonal_dead(&p));
	pos_free(&p);
}

/* Two walls across a run split it: each part is capped by them on its own.
 * Holes (2,1) and (3,2), with walls at (3,1) and (2,2) between them: the
 * first part holds only (1,1), on its goal; the second holds (4,2) and
 * (3,3), off their goals. */
static void split_by_walls(void **state)
{
	(void)state;
	pos p;
	pos_load(&p, "########\n"
	             "#* #   #\n"
	             "# # $  #\n"
	             "#  $#  #\n"
	             "#  ..@ #\n"
	             "########\n");
	assert_true(diagonal_dead(&p, 4, 2));
	assert_int_equal(p.proof.count, 2);
	assert_false(proof_has(&p, 1, 1));
	assert_false(diagonal_dead(&p, 1, 1));
	pos_free(&p);
}

/* Checkerboard levels are where these turn up: a long diagonal of boxes
 * against a staircase of walls, holes (2,2), (3,3), (4,4) between them. */
static void long_diagonal(void **state)
{
	(void)state;
	pos p;
	pos_load(&p, "###########\n"
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
	pos_free(&p);
	/* All four on goals: fine. */
	pos_load(&p, "###########\n"
	             "##*       #\n"
	             "## *      #\n"
	             "# # *     #\n"
	             "#  # *    #\n"
	             "#   ##    #\n"
	             "#   @     #\n"
	             "###########\n");
	assert_false(any_diagonal_dead(&p));
	pos_free(&p);
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
