/* test_dead_freeze.c — freeze deadlocks: one test per shape, frozen-box
 * marking, and a brute-force cross-check against an exhaustive solver on
 * tiny boards (which also keeps dead_diagonal and dead_simple_with_walls
 * honest: no position any of them calls dead may be solvable). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "deadlock.h"
#include "level.h"
#include "testboard.h"
#include "tiny_solver.h"

/* The freeze check on the box at (x, y), with the board's dead squares. */
static int frozen_dead(tb_position *p, int x, int y)
{
	unsigned s = tb_square(&p->b, x, y);
	assert_true(p->occupied[s]);
	p->proof.count = 0;
	int dead = dead_freeze_check(&p->b, p->occupied, p->b.dead, s, &p->proof);
	/* The same answer without a proof to fill. */
	assert_int_equal(dead_freeze_check(&p->b, p->occupied, p->b.dead, s, NULL), dead);
	if (dead)
		assert_int_equal(p->proof.kind, DEADLOCK_FREEZE);
	return dead;
}

/* Every box of the level, checked one by one. */
static int any_frozen_dead(tb_position *p)
{
	int dead = 0;
	for (int i = 0; i < p->b.box_count; i++) {
		unsigned s = p->b.start_boxes[i];
		dead |= dead_freeze_check(&p->b, p->occupied, p->b.dead, s, NULL);
	}
	return dead;
}

static void corner(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, "#####\n"
	            "#$  #\n"
	            "#  .#\n"
	            "# @ #\n"
	            "#####\n");
	assert_true(frozen_dead(&p, 1, 1));
	assert_int_equal(p.proof.count, 1);
	assert_true(tb_proof_has(&p, 1, 1));
	tb_close(&p);
	/* On its goal the same box is frozen and fine. */
	tb_open(&p, "#####\n"
	            "#*  #\n"
	            "#   #\n"
	            "# @ #\n"
	            "#####\n");
	assert_false(frozen_dead(&p, 1, 1));
	tb_close(&p);
}

static void two_boxes_against_a_wall(void **state)
{
	(void)state;
	tb_position p;
	/* Goals on the wall row keep its squares alive: the boxes hold each
	 * other, not dead squares. */
	tb_open(&p, "#######\n"
	            "#. $$.#\n"
	            "#     #\n"
	            "#  @  #\n"
	            "#######\n");
	assert_false(p.b.dead[tb_square(&p.b, 2, 1)]);
	assert_true(frozen_dead(&p, 3, 1));
	assert_true(tb_proof_has(&p, 3, 1) && tb_proof_has(&p, 4, 1));
	assert_true(frozen_dead(&p, 4, 1));
	tb_close(&p);
	/* One on a goal, one off: still dead, from either box. */
	tb_open(&p, "#######\n"
	            "#. *$ #\n"
	            "#     #\n"
	            "#  @  #\n"
	            "#######\n");
	assert_true(frozen_dead(&p, 3, 1));
	assert_true(tb_proof_has(&p, 4, 1));
	assert_true(frozen_dead(&p, 4, 1));
	tb_close(&p);
	/* Both on goals: frozen, but solved there. */
	tb_open(&p, "#######\n"
	            "#  ** #\n"
	            "#     #\n"
	            "#  @  #\n"
	            "#######\n");
	assert_false(frozen_dead(&p, 3, 1));
	assert_false(frozen_dead(&p, 4, 1));
	tb_close(&p);
	/* One row off the wall they move freely. */
	tb_open(&p, "#######\n"
	            "#.   .#\n"
	            "#  $$ #\n"
	            "#  @  #\n"
	            "#######\n");
	assert_false(any_frozen_dead(&p));
	tb_close(&p);
}

static void square_of_four(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, "########\n"
	            "#      #\n"
	            "# $$   #\n"
	            "# $$   #\n"
	            "#   .. #\n"
	            "#  @.. #\n"
	            "########\n");
	assert_true(frozen_dead(&p, 2, 2));
	assert_int_equal(p.proof.count, 4);
	assert_true(frozen_dead(&p, 3, 3));
	tb_close(&p);
	tb_open(&p, "########\n"
	            "#      #\n"
	            "# **   #\n"
	            "# **   #\n"
	            "#      #\n"
	            "#  @   #\n"
	            "########\n");
	assert_false(any_frozen_dead(&p));
	tb_close(&p);
	/* Three boxes and a wall make a square too. */
	tb_open(&p, "########\n"
	            "#      #\n"
	            "# #$   #\n"
	            "# $$   #\n"
	            "#   .. #\n"
	            "#  @.  #\n"
	            "########\n");
	assert_true(frozen_dead(&p, 3, 3));
	assert_int_equal(p.proof.count, 3);
	tb_close(&p);
}

static void z_and_s_shapes(void **state)
{
	(void)state;
	tb_position p;
	/* Z: each box has a wall on one axis and the other box on the other. */
	tb_open(&p, "#######\n"
	            "#     #\n"
	            "# #$  #\n"
	            "#  $# #\n"
	            "#. .@ #\n"
	            "#######\n");
	assert_true(frozen_dead(&p, 3, 2));
	assert_true(frozen_dead(&p, 3, 3));
	assert_int_equal(p.proof.count, 2);
	tb_close(&p);
	/* S, the mirror image. */
	tb_open(&p, "#######\n"
	            "#     #\n"
	            "#  $# #\n"
	            "# #$  #\n"
	            "#. .@ #\n"
	            "#######\n");
	assert_true(frozen_dead(&p, 3, 2));
	tb_close(&p);
	/* Move one wall away and both boxes are free. */
	tb_open(&p, "#######\n"
	            "#     #\n"
	            "#  $# #\n"
	            "#  $  #\n"
	            "#. .@ #\n"
	            "#######\n");
	assert_false(any_frozen_dead(&p));
	tb_close(&p);
}

static void four_box_chain(void **state)
{
	(void)state;
	tb_position p;
	/* The Sokoban wiki's chain: each box holds the next, a wall holds each
	 * end. */
	tb_open(&p, "#########\n"
	            "#       #\n"
	            "#  #    #\n"
	            "#  $$   #\n"
	            "#   $$  #\n"
	            "#    #  #\n"
	            "# ..@.. #\n"
	            "#########\n");
	assert_true(frozen_dead(&p, 3, 3));
	assert_int_equal(p.proof.count, 4);
	assert_true(frozen_dead(&p, 4, 3));
	assert_true(frozen_dead(&p, 4, 4));
	assert_true(frozen_dead(&p, 5, 4));
	tb_close(&p);
	/* Without the wall at the lower end the whole chain can move. */
	tb_open(&p, "#########\n"
	            "#       #\n"
	            "#  #    #\n"
	            "#  $$   #\n"
	            "#   $$  #\n"
	            "#       #\n"
	            "# ..@.. #\n"
	            "#########\n");
	assert_false(any_frozen_dead(&p));
	tb_close(&p);
	/* All four on goals: frozen and fine. */
	tb_open(&p, "#########\n"
	            "#       #\n"
	            "#  #    #\n"
	            "#  **   #\n"
	            "#   **  #\n"
	            "#    #  #\n"
	            "#   @   #\n"
	            "#########\n");
	assert_false(any_frozen_dead(&p));
	tb_close(&p);
}

static void dead_squares_on_both_sides(void **state)
{
	(void)state;
	tb_position p;
	/* A is on its goal under the wall; left and right of it are dead
	 * corners, so it can only move onto a dead square: blocked both ways.
	 * B below it has dead squares on both sides and A above: frozen, and
	 * off its goal. */
	tb_open(&p, "#####\n"
	            "# * #\n"
	            "# $ #\n"
	            "#   #\n"
	            "# . #\n"
	            "# @ #\n"
	            "#####\n");
	assert_true(p.b.dead[tb_square(&p.b, 1, 2)] && p.b.dead[tb_square(&p.b, 3, 2)]);
	assert_false(p.b.dead[tb_square(&p.b, 2, 2)]);
	assert_true(frozen_dead(&p, 2, 2));
	assert_true(tb_proof_has(&p, 2, 1) && tb_proof_has(&p, 2, 2));
	assert_true(frozen_dead(&p, 2, 1));
	tb_close(&p);
}

static void wall_and_a_box_that_can_move(void **state)
{
	(void)state;
	tb_position p;
	/* A (3,2) has a wall above and B to its left; B can still go up into
	 * the notch or down, so neither is frozen. */
	tb_open(&p, "#######\n"
	            "## ####\n"
	            "#.$$ .#\n"
	            "#     #\n"
	            "#  @  #\n"
	            "#######\n");
	assert_false(frozen_dead(&p, 3, 2));
	assert_false(frozen_dead(&p, 2, 2));
	tb_close(&p);
	/* Close the notch and the pair is frozen. */
	tb_open(&p, "#######\n"
	            "#######\n"
	            "#.$$ .#\n"
	            "#     #\n"
	            "#  @  #\n"
	            "#######\n");
	assert_true(frozen_dead(&p, 3, 2));
	tb_close(&p);
}

static void rings(void **state)
{
	(void)state;
	tb_position p;
	/* Eight boxes round a hole: every one holds its neighbours, but the
	 * middle ones can be pushed into the hole. No endless recursion. */
	tb_open(&p, "#########\n"
	            "# ....  #\n"
	            "#  $$$  #\n"
	            "#  $ $  #\n"
	            "#  $$$  #\n"
	            "# ....  #\n"
	            "#   @   #\n"
	            "#########\n");
	assert_false(any_frozen_dead(&p));
	tb_close(&p);
	/* Round a pillar the same ring is frozen. */
	tb_open(&p, "#########\n"
	            "# ....  #\n"
	            "#  $$$  #\n"
	            "#  $#$  #\n"
	            "#  $$$  #\n"
	            "# ....  #\n"
	            "#   @   #\n"
	            "#########\n");
	assert_true(frozen_dead(&p, 3, 2));
	assert_int_equal(p.proof.count, 8);
	assert_true(frozen_dead(&p, 5, 4));
	tb_close(&p);
}

static void frozen_on_goal_beside_a_free_box(void **state)
{
	(void)state;
	tb_position p;
	/* A on its goal in a corner; B beside it can go up into the notch or
	 * down. */
	tb_open(&p, "#######\n"
	            "##.####\n"
	            "#*$   #\n"
	            "#     #\n"
	            "#  @  #\n"
	            "#######\n");
	assert_false(frozen_dead(&p, 1, 2));
	assert_false(frozen_dead(&p, 2, 2));
	tb_close(&p);
	/* Without the notch, pushing B next to A — or A into its corner next
	 * to B — freezes B off its goal. */
	tb_open(&p, "#######\n"
	            "#######\n"
	            "#*$  .#\n"
	            "#     #\n"
	            "#  @  #\n"
	            "#######\n");
	assert_true(frozen_dead(&p, 1, 2));
	assert_int_equal(p.proof.count, 2);
	assert_true(tb_proof_has(&p, 2, 2));
	assert_true(frozen_dead(&p, 2, 2));
	tb_close(&p);
}

/* What players call corner, alley and one-sided-wall deadlocks. */
static void alleys_and_walls(void **state)
{
	(void)state;
	tb_position p;
	/* A dead-end corridor with no goal: a box at its end is in a corner.
	 * (Deeper in, it is dead only because the player cannot get behind it:
	 * the corral detector's case, not a freeze.) */
	tb_open(&p, "#########\n"
	            "#   #####\n"
	            "# @    $#\n"
	            "#  .#####\n"
	            "#########\n");
	assert_true(frozen_dead(&p, 7, 2));
	tb_close(&p);
	/* With a goal at its end the alley is fine. */
	tb_open(&p, "#########\n"
	            "#   #####\n"
	            "# @   $.#\n"
	            "#   #####\n"
	            "#########\n");
	assert_false(frozen_dead(&p, 6, 2));
	tb_close(&p);
	/* Open at both ends, the player can walk round to the far side. */
	tb_open(&p, "#########\n"
	            "#   #   #\n"
	            "# @ $ . #\n"
	            "#   #   #\n"
	            "#########\n");
	assert_false(frozen_dead(&p, 4, 2));
	tb_close(&p);
	/* A box at the mouth of an alley, outside it: the alley does not
	 * matter. */
	tb_open(&p, "#########\n"
	            "#    ####\n"
	            "# @ $   #\n"
	            "#  . ####\n"
	            "#########\n");
	assert_false(frozen_dead(&p, 4, 2));
	tb_close(&p);
	/* One-sided wall: along a wall with no goal on it and no way off it. */
	tb_open(&p, "#######\n"
	            "#  $  #\n"
	            "#     #\n"
	            "# .@  #\n"
	            "#######\n");
	assert_true(frozen_dead(&p, 3, 1));
	tb_close(&p);
	/* With a goal on that wall the box is not frozen. */
	tb_open(&p, "#######\n"
	            "#  $ .#\n"
	            "#     #\n"
	            "#  @  #\n"
	            "#######\n");
	assert_false(frozen_dead(&p, 3, 1));
	tb_close(&p);
}

static void frozen_boxes_marked(void **state)
{
	(void)state;
	tb_position p;
	/* Corner box on goal, two boxes against the bottom wall beside a goal,
	 * and a free box. */
	tb_open(&p, "#########\n"
	            "#*      #\n"
	            "#   $ @ #\n"
	            "#.      #\n"
	            "#.  $$. #\n"
	            "#########\n");
	uint8_t *frozen = calloc((size_t)p.b.square_count, 1);
	int count = dead_freeze_frozen(&p.b, p.occupied, p.b.start_boxes, p.b.dead, frozen);
	assert_int_equal(count, 3);
	assert_true(frozen[tb_square(&p.b, 1, 1)]);
	assert_false(frozen[tb_square(&p.b, 4, 2)]);
	assert_true(frozen[tb_square(&p.b, 4, 4)] && frozen[tb_square(&p.b, 5, 4)]);
	for (int s = 0; s < p.b.square_count; s++)
		if (!p.occupied[s])
			assert_false(frozen[s]);
	free(frozen);
	tb_close(&p);
}

/* ---- brute force ----------------------------------------------------------
 * Every placement of k <= 4 boxes on tiny boards is put to the detectors,
 * and each one called dead must be unsolvable (by the exhaustive
 * tiny_solver) whatever square the player is on. */
#define BRUTE_MAX_BOXES 4 /* at most TINY_MAX_BOXES */

typedef struct brute_counts {
	long positions, freeze, walls, diagonal;
	long diagonal_only; /* no box on a dead square, no freeze */
	long freeze_only;   /* no box on a dead square */
} brute_counts;

/* Every placement of the board's boxes: check the detectors. */
static void brute_check_board(const board *b, brute_counts *counts)
{
	tiny_solver o;
	tiny_solver_open(&o, b);
	int n = b->square_count, k = b->box_count;
	uint8_t *occupied = calloc((size_t)n, 1);
	uint8_t *frozen = calloc((size_t)n, 1);
	uint8_t *refined = calloc((size_t)n, 1);
	uint16_t *proof_boxes = calloc((size_t)k, sizeof(uint16_t));
	deadlock_proof proof = {DEADLOCK_NONE, 0, proof_boxes};
	uint16_t boxes[BRUTE_MAX_BOXES] = {0, 1, 2, 3};
	for (;;) {
		counts->positions++;
		memset(occupied, 0, (size_t)n);
		for (int i = 0; i < k; i++)
			occupied[boxes[i]] = 1;
		/* Freeze, from every box. */
		int freeze = 0;
		for (int i = 0; i < k; i++)
			if (dead_freeze_check(b, occupied, b->dead, boxes[i], &proof)) {
				freeze = 1;
				assert_true(proof.count >= 1 && proof.count <= k);
			}
		/* The frozen marking agrees: some frozen box off a goal. */
		int frozen_count = dead_freeze_frozen(b, occupied, boxes, b->dead, frozen);
		int frozen_off_goal = 0, marked = 0;
		for (int i = 0; i < k; i++) {
			frozen_off_goal |= frozen[boxes[i]] && !b->is_goal[boxes[i]];
			marked += frozen[boxes[i]] != 0;
		}
		assert_int_equal(marked, frozen_count);
		assert_int_equal(frozen_off_goal, freeze);
		/* Frozen boxes as walls: a free box on a newly dead square, or a
		 * freeze found with the refined map. */
		int walls = 0;
		if (frozen_count > 0 && !freeze) {
			dead_simple_with_walls(b, frozen, refined);
			for (int i = 0; i < k; i++) {
				if (!frozen[boxes[i]] && refined[boxes[i]] && !b->dead[boxes[i]])
					walls = 1;
				if (dead_freeze_check(b, occupied, refined, boxes[i], NULL))
					walls = 1;
			}
		}
		int diagonal = 0;
		for (int i = 0; i < k; i++)
			diagonal |= dead_diagonal_check(b, occupied, boxes[i], &proof);
		if (freeze || walls)
			assert_true(tiny_solver_dead_everywhere(&o, boxes, occupied, 0));
		if (diagonal)
			assert_true(tiny_solver_dead_everywhere(&o, boxes, occupied, 1));
		counts->freeze += freeze;
		counts->walls += walls;
		counts->diagonal += diagonal;
		int simple = 0;
		for (int i = 0; i < k; i++)
			simple |= b->dead[boxes[i]];
		counts->diagonal_only += diagonal && !freeze && !simple;
		counts->freeze_only += freeze && !simple;
		if (!tb_next_subset(boxes, k, n))
			break;
	}
	free(occupied);
	free(frozen);
	free(refined);
	free(proof_boxes);
	tiny_solver_close(&o);
}

/* A level from a template ('#' and ' '), with goals at the given squares,
 * the boxes and the player on the first free squares after them. */
static hako_level *brute_level(const char *const *rows, int height, const int (*goals)[2], int k)
{
	char text[512];
	char grid[16][16];
	int width = (int)strlen(rows[0]);
	for (int y = 0; y < height; y++)
		memcpy(grid[y], rows[y], (size_t)width);
	for (int i = 0; i < k; i++)
		grid[goals[i][1]][goals[i][0]] = '.';
	int boxes = 0, player = 0;
	for (int y = 0; y < height; y++)
		for (int x = 0; x < width; x++) {
			if (grid[y][x] != ' ')
				continue;
			if (boxes < k) {
				grid[y][x] = '$';
				boxes++;
			} else if (!player) {
				grid[y][x] = '@';
				player = 1;
			}
		}
	size_t len = 0;
	for (int y = 0; y < height; y++) {
		memcpy(text + len, grid[y], (size_t)width);
		len += (size_t)width;
		text[len++] = '\n';
	}
	text[len] = '\0';
	return tu_level(text);
}

static void brute_force_cross_check(void **state)
{
	(void)state;
	static const char *const open_room[] = {"#######", "#     #", "#     #", "#     #",
	                                        "#     #", "#     #", "#######"};
	static const char *const pillars[] = {"#######", "#     #", "# # # #", "#     #",
	                                      "# # # #", "#     #", "#######"};
	static const char *const crooked[] = {"#######", "##    #", "#   # #", "# #   #",
	                                      "#    ##", "##   ##", "#######"};
	static const char *const checker[] = {"#######", "#   # #", "# #   #", "#   # #",
	                                      "## #  #", "#     #", "#######"};
	const char *const *boards[] = {open_room, pillars, crooked, checker};
	static const int goal_sets[][BRUTE_MAX_BOXES][2] = {
	    {{3, 3}, {2, 1}, {5, 5}, {1, 1}},
	    {{1, 5}, {3, 1}, {4, 3}, {5, 2}},
	    {{5, 1}, {1, 3}, {3, 5}, {2, 3}},
	};
	brute_counts counts = {0, 0, 0, 0, 0, 0};
	for (size_t bi = 0; bi < sizeof boards / sizeof *boards; bi++)
		for (size_t gi = 0; gi < sizeof goal_sets / sizeof *goal_sets; gi++)
			for (int k = 1; k <= BRUTE_MAX_BOXES; k++) {
				int ok = 1;
				for (int i = 0; i < k; i++)
					ok &=
					    boards[bi][goal_sets[gi][i][1]][goal_sets[gi][i][0]] ==
					    ' ';
				if (!ok)
					continue;
				hako_level *level = brute_level(boards[bi], 7, goal_sets[gi], k);
				board b;
				assert_int_equal(board_build(level, &b), HAKO_OK);
				brute_check_board(&b, &counts);
				board_free(&b);
				hako_level_free(level);
			}
	print_message("brute force: %ld positions; dead by freeze %ld (%ld with no box on a dead "
	              "square), by frozen walls %ld, by diagonal %ld (%ld caught by nothing "
	              "simpler)\n",
	              counts.positions, counts.freeze, counts.freeze_only, counts.walls,
	              counts.diagonal, counts.diagonal_only);
	/* The cross-check means something only if the detectors fire. */
	assert_true(counts.freeze_only > 100);
	assert_true(counts.walls > 0);
	assert_true(counts.diagonal_only > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(corner),
	    cmocka_unit_test(two_boxes_against_a_wall),
	    cmocka_unit_test(square_of_four),
	    cmocka_unit_test(z_and_s_shapes),
	    cmocka_unit_test(four_box_chain),
	    cmocka_unit_test(dead_squares_on_both_sides),
	    cmocka_unit_test(wall_and_a_box_that_can_move),
	    cmocka_unit_test(rings),
	    cmocka_unit_test(frozen_on_goal_beside_a_free_box),
	    cmocka_unit_test(alleys_and_walls),
	    cmocka_unit_test(frozen_boxes_marked),
	    cmocka_unit_test(brute_force_cross_check),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
