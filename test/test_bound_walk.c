/* test_bound_walk.c — the walking bound (bound_walk.c) is what its
 * argument says, computed the slow way: every threshold pair tried for
 * every square the player may end on, on random positions of every
 * Microban level and of a few boards of our own; and it gives what it
 * should on positions worked out by hand. (That it never exceeds the
 * walks of a move-optimal solution is tested exhaustively against the
 * oracle in test_search.c.) */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "bound_walk.h"
#include "testboard.h"
#include "testutil.h"

static int positive(int v)
{
	return v > 0 ? v : 0;
}

/* The bound along one axis for the player on p ending on t: the best of
 * max(0, v - a) + max(0, c - v) over every a and c, tried one by one. */
static int slow_axis(const int *box, const int *goal, int count, int n, int p, int t)
{
	int best = INT_MIN;
	for (int a = -1; a < n; a++)
		for (int c = 0; c <= n; c++) {
			int v =
			    positive(t - a) + positive(c - t) - positive(p - a) - positive(c - p);
			for (int i = 0; i < count; i++)
				v += positive(box[i] - a) + positive(c - box[i]) -
				     positive(goal[i] - a) - positive(c - goal[i]);
			best = v > best ? v : best;
		}
	return best;
}

static uint32_t slow_bound(const board *b, const uint16_t *boxes, unsigned player)
{
	int solved = 1;
	for (int i = 0; i < b->box_count; i++)
		solved = solved && b->is_goal[boxes[i]];
	if (solved)
		return 0;
	int n = b->box_count;
	int *bx = malloc(sizeof(int) * (size_t)n * 4);
	assert_non_null(bx);
	int *by = bx + n, *gx = by + n, *gy = gx + n;
	for (int i = 0; i < n; i++) {
		bx[i] = board_x(b, boxes[i]);
		by[i] = board_y(b, boxes[i]);
		gx[i] = board_x(b, b->goals[i]);
		gy[i] = board_y(b, b->goals[i]);
	}
	int least = INT_MAX;
	for (int k = 0; k < n; k++)
		for (unsigned d = 0; d < 4; d++) {
			unsigned from = board_next(b, b->goals[k], DIR_OPPOSITE(d));
			if (from == SQUARE_NONE || b->dead[from] ||
			    board_next(b, from, DIR_OPPOSITE(d)) == SQUARE_NONE)
				continue;
			int v =
			    slow_axis(bx, gx, n, b->width, board_x(b, player), board_x(b, from)) +
			    slow_axis(by, gy, n, b->height, board_y(b, player), board_y(b, from));
			least = v < least ? v : least;
		}
	free(bx);
	return least == INT_MAX ? 0 : (uint32_t)least;
}

/* Random positions of the board: boxes on distinct squares, the player on
 * another; the fast and the slow bound agree on each. Returns how many
 * were above zero. */
static int agree_on(const board *b, int samples, uint64_t *seed)
{
	memory mem = {0, 0, (size_t)1 << 26};
	walk_bound w;
	assert_int_equal(walk_bound_init(&w, b, &mem), HAKO_OK);
	uint16_t *boxes = malloc(sizeof(uint16_t) * (size_t)b->box_count);
	uint8_t *taken = calloc((size_t)b->square_count, 1);
	assert_non_null(boxes);
	assert_non_null(taken);
	int above = 0;
	for (int s = 0; s < samples && b->square_count > b->box_count; s++) {
		unsigned player;
		tb_random_position(b, seed, taken, boxes, s % 3 == 1 ? 1 : -1, &player);
		uint32_t fast = walk_bound_value(&w, b, boxes, player);
		assert_int_equal(fast, slow_bound(b, boxes, player));
		above += fast > 0;
		for (int i = 0; i < b->box_count; i++)
			taken[boxes[i]] = 0;
	}
	free(taken);
	free(boxes);
	walk_bound_free(&w);
	assert_int_equal(mem.used, 0);
	return above;
}

static void agrees_with_the_slow_way(void **state)
{
	(void)state;
	tu_skip_without_shared();
	char path[1024];
	snprintf(path, sizeof path, "%s/Microban_155.xsb", tu_shared_levels());
	hako_collection *c = tu_collection(path);
	uint64_t seed = 777;
	int levels = 0, above = 0;
	for (size_t n = 0; n < hako_collection_count(c); n++) {
		board b;
		if (board_build(hako_collection_level(c, n), &b) != HAKO_OK)
			continue;
		above += agree_on(&b, 40, &seed);
		board_free(&b);
		levels++;
	}
	print_message("walking bound: %d levels, %d of %d positions above zero\n", levels, above,
	              levels * 40);
	assert_true(levels >= 150);
	assert_true(above >= levels * 20);
	hako_collection_free(c);
}

static uint32_t bound_of(const char *xsb)
{
	hako_level *level = tu_level(xsb);
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	memory mem = {0, 0, (size_t)1 << 24};
	walk_bound w;
	assert_int_equal(walk_bound_init(&w, &b, &mem), HAKO_OK);
	uint32_t v = walk_bound_value(&w, &b, b.start_boxes, b.start_player);
	uint64_t seed = 99;
	agree_on(&b, 200, &seed);
	walk_bound_free(&w);
	board_free(&b);
	hako_level_free(level);
	return v;
}

/* Worked by hand. */
static void known_values(void **state)
{
	(void)state;
	/* Solved: nothing to walk. */
	assert_int_equal(bound_of("#####\n#@* #\n#####\n"), 0);
	/* One box pushed straight on: the player follows it, no walk. */
	assert_int_equal(bound_of("#######\n#@$  .#\n#######\n"), 0);
	/* Two boxes to carry 4 columns left each, the player ending at the
	 * goals' side: after the first it walks back at least 4 - 1 columns
	 * (it ends one column right of a goal, where the last push left it):
	 * boxes 5 + 6, goals 1 + 2, player 7 -> 2: 11 - 3 - 7 + 2 = 3. */
	assert_int_equal(bound_of("#########\n"
	                          "#..  $$@#\n"
	                          "#       #\n"
	                          "#########\n"),
	                 3);
	/* Boxes 3 columns out on either side, goals one column out, the
	 * player between them: it must go out to each box and bring it in.
	 * f = |x - 5|: boxes 3 + 3, goals 1 + 1, player 0, and where the
	 * last push leaves it at best 0 (column 5, a box pushed from there
	 * onto a goal beside it): 4. */
	assert_int_equal(bound_of("###########\n"
	                          "# $ .@. $ #\n"
	                          "#         #\n"
	                          "###########\n"),
	                 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(known_values),
	    cmocka_unit_test(agrees_with_the_slow_way),
	};
	return tu_exit_code(cmocka_run_group_tests(tests, NULL, NULL));
}
