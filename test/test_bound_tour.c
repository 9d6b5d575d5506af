/* test_bound_tour.c — the tour bound (bound_tour.c) is what its argument
 * says, computed the slow way: the legs by a breadth-first walk of their
 * own for each pair (the target box's square blocked), the cheapest
 * assignment by trying every one, on random positions of every Microban
 * level with few boxes off goals; it is never above the cheapest order
 * (every order tried); and it gives what it should on positions worked
 * out by hand. (That it never exceeds the moves of a move-optimal
 * solution is tested against the oracle in test_search.c.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bound_tour.h"
#include "testboard.h"
#include "testutil.h"

#define FAR 1000000
#define MOST 6 /* boxes off goals the slow way tries every assignment of */

/* The fewest moves from x to a square a push of the box on s starts from
 * (the square beyond is floor and not dead), never through s. */
static int slow_leg(const board *b, unsigned x, unsigned s)
{
	if (x == s)
		return FAR;
	int *dist = malloc(sizeof(int) * (size_t)b->square_count);
	uint16_t *queue = malloc(sizeof(uint16_t) * (size_t)b->square_count);
	assert_non_null(dist);
	assert_non_null(queue);
	for (int q = 0; q < b->square_count; q++)
		dist[q] = FAR;
	int head = 0, tail = 0, best = FAR;
	dist[x] = 0;
	queue[tail++] = (uint16_t)x;
	while (head < tail) {
		unsigned y = queue[head++];
		for (unsigned d = 0; d < 4; d++) {
			unsigned box = board_next(b, y, d);
			unsigned to = box == s ? board_next(b, s, d) : SQUARE_NONE;
			if (to != SQUARE_NONE && !b->dead[to] && dist[y] < best)
				best = dist[y];
			unsigned z = board_next(b, y, d);
			if (z == SQUARE_NONE || z == s || dist[z] != FAR)
				continue;
			dist[z] = dist[y] + 1;
			queue[tail++] = (uint16_t)z;
		}
	}
	free(queue);
	free(dist);
	return best;
}

/* The cheapest assignment of an m x m matrix, every permutation tried. */
static int slow_assignment(const int *cost, int m, int row, int *taken)
{
	if (row == m)
		return 0;
	int best = FAR;
	for (int c = 0; c < m; c++) {
		if (taken[c] || cost[row * m + c] >= FAR)
			continue;
		taken[c] = 1;
		int rest = slow_assignment(cost, m, row + 1, taken);
		taken[c] = 0;
		if (rest < FAR && cost[row * m + c] + rest < best)
			best = cost[row * m + c] + rest;
	}
	return best;
}

/* The cheapest order of the boxes: the legs' sum over every permutation. */
static int slow_order(const int *leg, int k, int at, int *taken, int depth)
{
	if (depth == k)
		return 0;
	int best = FAR;
	for (int c = 0; c < k; c++) {
		if (taken[c] || leg[at * k + c] >= FAR)
			continue;
		taken[c] = 1;
		int rest = slow_order(leg, k, c + 1, taken, depth + 1);
		taken[c] = 0;
		if (rest < FAR && leg[at * k + c] + rest < best)
			best = leg[at * k + c] + rest;
	}
	return best;
}

/* Check one position; returns 1 when it had boxes off goals and was tried. */
static int check(tour_bound *t, const board *b, const uint16_t *boxes, unsigned player,
                 uint64_t *sum_tour, uint64_t *sum_order)
{
	unsigned start[MOST + 1];
	int k = 0;
	start[0] = player;
	for (int i = 0; i < b->box_count; i++)
		if (!b->is_goal[boxes[i]]) {
			if (k == MOST)
				return 0;
			start[++k] = boxes[i];
		}
	uint32_t fast = tour_bound_value(t, b, boxes, player);
	if (k == 0) {
		assert_int_equal(fast, 0);
		return 0;
	}
	/* leg[r * k + c]: from start r to box c (start c + 1). */
	int leg[(MOST + 1) * MOST], cost[(MOST + 1) * (MOST + 1)], taken[MOST + 1] = {0};
	int m = k + 1;
	for (int r = 0; r < m; r++) {
		for (int c = 0; c < k; c++) {
			leg[r * k + c] = slow_leg(b, start[r], start[c + 1]);
			cost[r * m + c] = r == c + 1 ? FAR : leg[r * k + c];
		}
		cost[r * m + k] = r == 0 ? FAR : 0;
	}
	int assignment = slow_assignment(cost, m, 0, taken);
	uint32_t slow = assignment >= FAR ? 0 : (uint32_t)(k + assignment);
	if (fast != slow)
		fail_msg("tour bound %u, the slow way %u (%d boxes off goals)", fast, slow, k);
	int order = slow_order(leg, k, 0, taken, 0);
	if (order < FAR) {
		assert_true(fast <= (uint32_t)(k + order));
		*sum_order += (uint64_t)(k + order);
		*sum_tour += fast;
	}
	return 1;
}

/* Random positions of the board (boxes on distinct squares, most of them
 * on goals every other time, the player on another square). */
static int agree_on(const board *b, int samples, uint64_t *seed, uint64_t *sum_tour,
                    uint64_t *sum_order)
{
	memory mem = {0, 0, (size_t)1 << 26};
	tour_bound t;
	assert_int_equal(tour_bound_init(&t, b, &mem), HAKO_OK);
	assert_true(t.ready);
	uint16_t *boxes = malloc(sizeof(uint16_t) * (size_t)b->box_count);
	uint8_t *taken = calloc((size_t)b->square_count, 1);
	assert_non_null(boxes);
	assert_non_null(taken);
	int tried = 0;
	for (int s = 0; s < samples && b->square_count > b->box_count; s++) {
		unsigned player;
		tb_random_position(b, seed, taken, boxes, s % 2 == 1 ? MOST / 2 : -1, &player);
		tried += check(&t, b, boxes, player, sum_tour, sum_order);
		for (int i = 0; i < b->box_count; i++)
			taken[boxes[i]] = 0;
	}
	free(taken);
	free(boxes);
	tour_bound_free(&t);
	assert_int_equal(mem.used, 0);
	return tried;
}

static void agrees_with_the_slow_way(void **state)
{
	(void)state;
	tu_skip_without_shared();
	char path[1024];
	snprintf(path, sizeof path, "%s/Microban_155.xsb", tu_shared_levels());
	hako_collection *c = tu_collection(path);
	uint64_t seed = 4242, sum_tour = 0, sum_order = 0;
	int levels = 0, tried = 0;
	for (size_t n = 0; n < hako_collection_count(c); n++) {
		board b;
		if (board_build(hako_collection_level(c, n), &b) != HAKO_OK)
			continue;
		tried += agree_on(&b, 30, &seed, &sum_tour, &sum_order);
		board_free(&b);
		levels++;
	}
	print_message("tour bound: %d levels, %d positions the slow way; the assignment gives "
	              "%llu of the cheapest orders' %llu\n",
	              levels, tried, (unsigned long long)sum_tour, (unsigned long long)sum_order);
	assert_true(levels >= 150);
	assert_true(tried >= levels * 10);
	hako_collection_free(c);
}

static uint32_t bound_of(const char *xsb)
{
	hako_level *level = tu_level(xsb);
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	memory mem = {0, 0, (size_t)1 << 24};
	tour_bound t;
	assert_int_equal(tour_bound_init(&t, &b, &mem), HAKO_OK);
	uint32_t v = tour_bound_value(&t, &b, b.start_boxes, b.start_player);
	uint64_t seed = 7, sum_tour = 0, sum_order = 0;
	agree_on(&b, 100, &seed, &sum_tour, &sum_order);
	tour_bound_free(&t);
	board_free(&b);
	hako_level_free(level);
	return v;
}

/* Worked by hand. */
static void known_values(void **state)
{
	(void)state;
	/* Solved: nothing. */
	assert_int_equal(bound_of("#####\n#@* #\n#####\n"), 0);
	/* One box, the player behind it: one push at least, no leg. */
	assert_int_equal(bound_of("#######\n#@$  .#\n#######\n"), 1);
	/* Two boxes on either side of the player in a corridor, each with a
	 * goal two squares beyond it: the player stands on a side of both (0
	 * to the first), and from the first box's square the second's near
	 * side is one move: 2 pushes + 0 + 1 = 3 (the solution: 6 moves, the
	 * second push of each box being no first push, and a walk back). */
	assert_int_equal(bound_of("#########\n"
	                          "#. $@$ .#\n"
	                          "#########\n"),
	                 3);
	/* A box the player must go round: the only side it can be pushed
	 * from (toward the goal; the other way is a dead corner) is beyond
	 * it, five moves away through the row below: 5 + 1 = 6, the
	 * optimum itself. */
	assert_int_equal(bound_of("######\n"
	                          "# $.@#\n"
	                          "#    #\n"
	                          "######\n"),
	                 6);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(known_values),
	    cmocka_unit_test(agrees_with_the_slow_way),
	};
	return tu_exit_code(cmocka_run_group_tests(tests, NULL, NULL));
}
