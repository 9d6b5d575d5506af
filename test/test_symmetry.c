/* test_symmetry.c — the level's symmetries (symmetry.c) and the optimal
 * searches that merge a position with its mirror images and rotations
 * (search_astar.c): the symmetries found, that they form a group and map
 * pushes onto pushes, and that the push-optimal counts with the reduction
 * are the exact ones (tiny_solver) from every sampled start of a symmetric
 * board, asymmetric starts included, every solution replayed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "symmetry.h"
#include "testboard.h"
#include "tiny_solver.h"

/* Microban 93: symmetric eight ways. */
static const char *const microban_93 = " #########\n"
                                       "##   #   ##\n"
                                       "#    #    #\n"
                                       "#  $ # $  #\n"
                                       "#   *.*   #\n"
                                       "####.@.####\n"
                                       "#   *.*   #\n"
                                       "#  $ # $  #\n"
                                       "#    #    #\n"
                                       "##   #   ##\n"
                                       " #########\n";

/* A pillar in the middle, a goal in the middle of each side: symmetric
 * eight ways, 24 squares, small enough for tiny_solver with its four
 * boxes. */
static const char *const pillar = "#######\n"
                                  "#@ .  #\n"
                                  "# $ $ #\n"
                                  "#. # .#\n"
                                  "# $ $ #\n"
                                  "#  .  #\n"
                                  "#######\n";

static int symmetries_of(const char *xsb, symmetry *out, memory *mem)
{
	tb_position p;
	tb_open(&p, xsb);
	assert_int_equal(symmetry_init(out, &p.b, mem), HAKO_OK);
	int count = out->count;
	/* A group of maps that keep neighbours: the image of the step from s
	 * toward d is the step from s's image toward d's image. */
	const board *b = &p.b;
	for (int k = 0; k < count; k++) {
		for (int s = 0; s < b->square_count; s++)
			for (unsigned d = 0; d < 4; d++) {
				uint16_t next = board_next(b, (unsigned)s, d);
				uint16_t image = board_next(b, out->map[k][s], out->dir[k][d]);
				assert_int_equal(
				    next == SQUARE_NONE ? SQUARE_NONE : out->map[k][next], image);
				assert_int_equal(b->is_goal[s], b->is_goal[out->map[k][s]]);
			}
		assert_int_equal(out->compose[k][out->inverse[k]], 0);
		for (int c = 0; c < count; c++)
			for (int s = 0; s < b->square_count; s++)
				assert_int_equal(out->map[out->compose[k][c]][s],
				                 out->map[k][out->map[c][s]]);
	}
	tb_close(&p);
	return count;
}

static void finds_the_level_symmetries(void **state)
{
	(void)state;
	memory mem = {0, 0, (size_t)1 << 24};
	symmetry y;
	assert_int_equal(symmetries_of(microban_93, &y, &mem), 8);
	symmetry_free(&y);
	assert_int_equal(symmetries_of(pillar, &y, &mem), 8);
	symmetry_free(&y);
	/* Left-right only: a goal breaks the other mirror. */
	assert_int_equal(symmetries_of("######\n"
	                               "#.  .#\n"
	                               "#$@ $#\n"
	                               "#    #\n"
	                               "######\n",
	                               &y, &mem),
	                 2);
	symmetry_free(&y);
	/* A wide rectangle: both mirrors and the half turn, no quarter turn. */
	assert_int_equal(symmetries_of("#######\n"
	                               "#.$ $.#\n"
	                               "#  @  #\n"
	                               "#.$ $.#\n"
	                               "#######\n",
	                               &y, &mem),
	                 4);
	symmetry_free(&y);
	/* None: the walls are not symmetric. */
	assert_int_equal(symmetries_of("######\n"
	                               "#.   #\n"
	                               "#$@ ##\n"
	                               "#   #\n"
	                               "#####\n",
	                               &y, &mem),
	                 1);
	symmetry_free(&y);
	assert_int_equal(mem.used, 0);
}

/* The level text of board b with the boxes and the player somewhere else. */
static char *xsb_with(const board *b, const uint16_t *boxes, int count, unsigned player)
{
	size_t size = (size_t)(b->width + 1) * (size_t)b->height + 1;
	char *text = malloc(size);
	assert_non_null(text);
	size_t at = 0;
	for (int y = 0; y < b->height; y++) {
		for (int x = 0; x < b->width; x++) {
			int32_t s = b->grid_to_square[y * b->width + x];
			char c = '#';
			if (s >= 0) {
				int box = 0;
				for (int i = 0; i < count; i++)
					box |= boxes[i] == s;
				int goal = b->is_goal[s];
				if (box)
					c = goal ? '*' : '$';
				else if ((unsigned)s == player)
					c = goal ? '+' : '@';
				else
					c = goal ? '.' : ' ';
			}
			text[at++] = c;
		}
		text[at++] = '\n';
	}
	text[at] = '\0';
	return text;
}

static hako_solve_result solve(const hako_level *level, hako_optimality mode, int reduce)
{
	hako_solver_options o;
	hako_solver_options_init(&o);
	o.optimal = mode;
	o.time_limit = 0;
	o.node_limit = 1000000;
	o.memory_limit = (size_t)128 << 20;
	o.symmetry = reduce;
	hako_solve_result r;
	assert_int_equal(hako_solve(level, &o, &r), HAKO_OK);
	return r;
}

/* Every 5th placement of the four boxes on the pillar board, with the
 * player in each of its regions: the exact pushes (tiny_solver) with the
 * reduction; in the move-optimal mode the same moves with and without. */
static void optimal_counts_from_every_start(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, pillar);
	const board *b = &p.b;
	tiny_solver o;
	tiny_solver_open(&o, b);
	int n = b->square_count, k = b->box_count;
	assert_int_equal(k, 4);
	uint16_t pick[4] = {0, 1, 2, 3};
	uint8_t *done = calloc((size_t)n, 1);
	assert_non_null(done);
	/* A start whose boxes some symmetry moves is stored as another image
	 * (7 times in 8 here), so its path is rebuilt through the images. */
	memory mem = {0, 0, (size_t)1 << 24};
	symmetry y;
	assert_int_equal(symmetry_init(&y, b, &mem), HAKO_OK);
	assert_int_equal(y.count, 8);
	uint16_t image[4];
	unsigned placement = 0, solved = 0, asymmetric = 0;
	do {
		if (placement++ % 5 != 0)
			continue;
		memset(p.occupied, 0, (size_t)n);
		for (int i = 0; i < k; i++)
			p.occupied[pick[i]] = 1;
		memset(done, 0, (size_t)n);
		for (int player = 0; player < n; player++) {
			if (p.occupied[player] || done[player])
				continue;
			tiny_solver_flood(&o, p.occupied, (unsigned)player);
			for (int s = 0; s < n; s++)
				done[s] |= o.seen[s];
			unsigned exact = tiny_solver_pushes(&o, pick, (unsigned)player);
			if (exact == TINY_UNSOLVABLE || exact == 0)
				continue;
			char *text = xsb_with(b, pick, k, (unsigned)player);
			hako_level *level = tu_level(text);
			hako_solve_result r = solve(level, HAKO_OPTIMAL_PUSHES, 1);
			tu_assert_solved_and_replays(level, &r);
			if (r.pushes != (long)exact)
				print_error("%u pushes, exact %u:\n%s", (unsigned)r.pushes, exact,
				            text);
			assert_int_equal(r.pushes, exact);
			hako_solve_result_clear(&r);
			if (placement % 7 == 1) {
				hako_solve_result with = solve(level, HAKO_OPTIMAL_MOVES, 1);
				hako_solve_result without = solve(level, HAKO_OPTIMAL_MOVES, 0);
				tu_assert_solved_and_replays(level, &with);
				tu_assert_solved_and_replays(level, &without);
				assert_int_equal(with.moves, without.moves);
				assert_int_equal(with.pushes, without.pushes);
				hako_solve_result_clear(&with);
				hako_solve_result_clear(&without);
			}
			int moved = 0;
			for (int t = 1; t < y.count; t++) {
				symmetry_boxes(&y, t, pick, k, image);
				moved |= memcmp(image, pick, sizeof image) != 0;
			}
			asymmetric += (unsigned)moved;
			solved++;
			hako_level_free(level);
			free(text);
		}
	} while (tb_next_subset(pick, k, n));
	print_message("%u starts solved push-optimally with symmetry reduction, %u of them "
	              "with boxes some symmetry moves\n",
	              solved, asymmetric);
	assert_true(solved > 400);
	assert_true(asymmetric > 400);
	symmetry_free(&y);
	assert_int_equal(mem.used, 0);
	free(done);
	tiny_solver_close(&o);
	tb_close(&p);
}

/* Microban 145 and 146 (symmetric four and eight ways): the counts of the
 * reference table with and without the reduction, and fewer nodes with. */
static void microban_symmetric_levels(void **state)
{
	(void)state;
	tu_skip_without_shared();
	char path[1024];
	snprintf(path, sizeof path, "%s/Microban_155.xsb", tu_shared_levels());
	hako_collection *c = tu_collection(path);
	const int levels[2] = {145, 146}, pushes[2] = {18, 14};
	for (int i = 0; i < 2; i++) {
		const hako_level *level = hako_collection_level(c, (size_t)levels[i] - 1);
		hako_solve_result with = solve(level, HAKO_OPTIMAL_PUSHES, 1);
		hako_solve_result without = solve(level, HAKO_OPTIMAL_PUSHES, 0);
		tu_assert_solved_and_replays(level, &with);
		tu_assert_solved_and_replays(level, &without);
		assert_int_equal(with.pushes, pushes[i]);
		assert_int_equal(without.pushes, pushes[i]);
		assert_true(with.stats.expanded < without.stats.expanded);
		hako_solve_result_clear(&with);
		hako_solve_result_clear(&without);
	}
	hako_collection_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(finds_the_level_symmetries),
	    cmocka_unit_test(optimal_counts_from_every_start),
	    cmocka_unit_test(microban_symmetric_levels),
	};
	return tu_exit_code(cmocka_run_group_tests(tests, NULL, NULL));
}
