/* test_dead_simple.c — simple dead squares and their refinement with frozen
 * boxes as walls (dead_simple_with_walls). */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "deadlock.h"
#include "level.h"
#include "testboard.h"

/* The level's start, and a wall set and dead map to refine into. */
typedef struct pos {
	tb_position start;
	board *b;
	uint8_t *occupied;
	uint8_t *wall;
	uint8_t *dead;
} pos;

static void pos_load(pos *p, const char *xsb)
{
	tb_open(&p->start, xsb);
	p->b = &p->start.b;
	p->occupied = p->start.occupied;
	size_t n = (size_t)p->b->square_count;
	p->wall = calloc(n, 1);
	p->dead = calloc(n, 1);
	assert_true(p->wall && p->dead);
}

static void pos_free(pos *p)
{
	free(p->wall);
	free(p->dead);
	tb_close(&p->start);
}

static const char *const levels[] = {
    "#######\n"
    "#     #\n"
    "# $ . #\n"
    "#  @  #\n"
    "#######\n",
    "#########\n"
    "#   #   #\n"
    "# $   . #\n"
    "#  @#   #\n"
    "#########\n",
    "  #####\n"
    "###   #\n"
    "#.@$  #\n"
    "### $.#\n"
    "#.##$ #\n"
    "# # . ##\n"
    "#$ *$$.#\n"
    "#   .  #\n"
    "########\n",
};

/* With no walls the refinement is the static map. */
static void no_walls_is_the_static_map(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof levels / sizeof *levels; i++) {
		pos p;
		pos_load(&p, levels[i]);
		dead_simple_with_walls(p.b, p.wall, p.dead);
		assert_memory_equal(p.dead, p.b->dead, (size_t)p.b->square_count);
		pos_free(&p);
	}
}

/* A box frozen in the bend of the corridor (on its goal, in a corner)
 * cuts the top room off from the goal at the far end: every square up
 * there turns dead, and the box in the room with it. */
static void frozen_box_blocks_a_corridor(void **state)
{
	(void)state;
	pos p;
	pos_load(&p, "#########\n"
	             "#   @   #\n"
	             "#  $    #\n"
	             "###### ##\n"
	             "##.   *##\n"
	             "#########\n");
	uint8_t *frozen = calloc((size_t)p.b->square_count, 1);
	assert_int_equal(dead_freeze_frozen(p.b, p.occupied, p.b->start_boxes, p.b->dead, frozen),
	                 1);
	assert_true(frozen[tb_square(p.b, 6, 4)]);
	dead_simple_with_walls(p.b, frozen, p.dead);
	/* Before: the room is alive through the corridor. */
	assert_false(p.b->dead[tb_square(p.b, 3, 2)]);
	assert_false(p.b->dead[tb_square(p.b, 6, 3)]);
	/* After: dead beyond the frozen box, alive on the goal's side. */
	assert_true(p.dead[tb_square(p.b, 3, 2)]);
	assert_true(p.dead[tb_square(p.b, 6, 3)]);
	assert_true(p.dead[tb_square(p.b, 6, 2)]);
	assert_false(p.dead[tb_square(p.b, 3, 4)]);
	assert_false(p.dead[tb_square(p.b, 2, 4)]);
	/* The frozen box's own square is for the freeze check to judge. */
	assert_false(p.dead[tb_square(p.b, 6, 4)]);
	free(frozen);
	pos_free(&p);
}

/* A frozen pair on the top wall: goals they cover start no pulls, and the
 * square between them and the far goal can no longer be pulled into
 * (the player would have to stand on a frozen box). */
static void frozen_pair_on_a_wall(void **state)
{
	(void)state;
	pos p;
	pos_load(&p, "##########\n"
	             "#    ** .#\n"
	             "#  $     #\n"
	             "#    @   #\n"
	             "##########\n");
	uint8_t *frozen = calloc((size_t)p.b->square_count, 1);
	assert_int_equal(dead_freeze_frozen(p.b, p.occupied, p.b->start_boxes, p.b->dead, frozen),
	                 2);
	dead_simple_with_walls(p.b, frozen, p.dead);
	assert_false(p.b->dead[tb_square(p.b, 7, 1)]);
	assert_true(p.dead[tb_square(p.b, 7, 1)]);
	assert_false(p.b->dead[tb_square(p.b, 3, 1)]);
	assert_true(p.dead[tb_square(p.b, 3, 1)]);
	assert_false(p.dead[tb_square(p.b, 8, 1)]);
	assert_false(p.dead[tb_square(p.b, 5, 1)] || p.dead[tb_square(p.b, 6, 1)]);
	free(frozen);
	pos_free(&p);
}

/* Walls only add dead squares: for many wall sets (a fixed-seed generator),
 * every square dead in the static map and not a wall stays dead. */
static void walls_only_add_dead_squares(void **state)
{
	(void)state;
	uint32_t seed = 12345;
	for (size_t i = 0; i < sizeof levels / sizeof *levels; i++) {
		pos p;
		pos_load(&p, levels[i]);
		int n = p.b->square_count;
		for (int round = 0; round < 200; round++) {
			for (int s = 0; s < n; s++) {
				seed = seed * 1103515245u + 12345u;
				p.wall[s] = (uint8_t)((seed >> 16) % 7 == 0);
			}
			dead_simple_with_walls(p.b, p.wall, p.dead);
			for (int s = 0; s < n; s++) {
				if (p.wall[s])
					assert_false(p.dead[s]);
				else if (p.b->dead[s])
					assert_true(p.dead[s]);
				/* A goal not under a wall is never dead. */
				if (p.b->is_goal[s] && !p.wall[s])
					assert_false(p.dead[s]);
			}
		}
		pos_free(&p);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(no_walls_is_the_static_map),
	    cmocka_unit_test(frozen_box_blocks_a_corridor),
	    cmocka_unit_test(frozen_pair_on_a_wall),
	    cmocka_unit_test(walls_only_add_dead_squares),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
