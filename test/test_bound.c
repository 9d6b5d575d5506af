/* test_bound.c — the matching bound: minimum over assignments, not the
 * greedy nearest goal; infinite when no perfect matching exists. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

static uint64_t next_random(uint64_t *seed)
{
	*seed = *seed * 6364136223846793005u + 1442695040888963407u;
	return *seed >> 33;
}

/* A square not in boxes[0..count). */
static unsigned free_square(const board *b, const uint16_t *boxes, int count, uint64_t *seed)
{
	for (;;) {
		unsigned s = (unsigned)(next_random(seed) % (uint64_t)b->square_count);
		int taken = 0;
		for (int i = 0; i < count; i++)
			taken |= boxes[i] == s;
		if (!taken)
			return s;
	}
}

/* Microban 155 from ../shared/levels (the test is skipped without it). */
static hako_collection *microban(void)
{
	tu_skip_without_shared();
	char path[1024];
	snprintf(path, sizeof path, "%s/Microban_155.xsb", tu_shared_levels());
	return tu_collection(path);
}

/* The incremental matching (one box moved) equals the full computation on
 * random positions, also after the pattern databases' masked matching has
 * overwritten the costs between two moves. */
static void incremental_equals_full(void **state)
{
	(void)state;
	hako_collection *c = microban();
	uint64_t seed = 12;
	long compared = 0, finite = 0;
	for (size_t l = 0; l < hako_collection_count(c); l += 3) {
		board b;
		if (board_build(hako_collection_level(c, l), &b) != HAKO_OK)
			continue;
		int n = b.box_count;
		memory mem = {0, 0, (size_t)1 << 26};
		bound incremental, full;
		assert_int_equal(bound_init(&incremental, &mem, n), HAKO_OK);
		assert_int_equal(bound_init(&full, &mem, n), HAKO_OK);
		uint16_t *boxes = malloc(sizeof(uint16_t) * (size_t)n);
		uint16_t *moved = malloc(sizeof(uint16_t) * (size_t)n);
		uint8_t *skip = calloc((size_t)n, 1);
		assert_true(boxes && moved && skip);
		for (int trial = 0; trial < 20; trial++) {
			/* A parent with a finite bound: the start or random boxes. */
			for (int i = 0; i < n; i++)
				boxes[i] = trial == 0 ? b.start_boxes[i]
				                      : (uint16_t)free_square(&b, boxes, i, &seed);
			if (bound_matching(&incremental, &b, boxes) == BOUND_INFINITE)
				continue;
			bound_keep(&incremental, &b, boxes);
			for (int child = 0; child < 30; child++) {
				int i = (int)(next_random(&seed) % (uint64_t)n);
				unsigned to = free_square(&b, boxes, n, &seed);
				memcpy(moved, boxes, sizeof(uint16_t) * (size_t)n);
				moved[i] = (uint16_t)to;
				uint32_t fast = bound_matching_moved(&incremental, &b, i, to);
				uint32_t slow = bound_matching(&full, &b, moved);
				assert_int_equal(fast, slow);
				compared++;
				finite += fast != BOUND_INFINITE;
				if (child % 3 == 0 && fast != BOUND_INFINITE) {
					for (int k = 0; k < n; k++)
						skip[k] = (uint8_t)(next_random(&seed) & 1);
					/* Freeing rows from the matching held equals the
					 * masked matching computed in full. */
					uint32_t freed = bound_matching_freed(&incremental, skip);
					assert_int_equal(
					    freed, bound_matching_skip(&full, &b, moved, skip));
				}
			}
		}
		free(boxes);
		free(moved);
		free(skip);
		bound_free(&incremental);
		bound_free(&full);
		assert_int_equal(mem.used, 0);
		board_free(&b);
	}
	hako_collection_free(c);
	print_message("compared %ld incremental matchings (%ld finite)\n", compared, finite);
	assert_true(finite > 1000);
}

static int by_square(const void *x, const void *y)
{
	uint16_t a = *(const uint16_t *)x, c = *(const uint16_t *)y;
	return (a > c) - (a < c);
}

/* The least total over every assignment of boxes to goals, by trying them
 * all (small n): the reference for the Hungarian method's warm start. */
static uint32_t brute_minimum(const board *b, const uint16_t *boxes, int n, int i, uint32_t taken,
                              uint32_t sum)
{
	if (i == n)
		return sum;
	uint32_t best = BOUND_INFINITE;
	for (int j = 0; j < n; j++) {
		if (taken & 1u << j)
			continue;
		uint16_t d = b->distance[(size_t)j * (size_t)b->square_count + boxes[i]];
		if (d == DISTANCE_INFINITE)
			continue;
		uint32_t v = brute_minimum(b, boxes, n, i + 1, taken | 1u << j, sum + d);
		if (v < best)
			best = v;
	}
	return best;
}

/* The warm-started matching is the minimum over all assignments (by brute
 * force on Microban's smaller levels), and bound_matching_near, started
 * from the kept position with a few to all boxes moved (as the next
 * expanded node of a search is), equals the full computation; the
 * incremental children of the position it placed do too. */
static void near_and_warm_start_equal_the_minimum(void **state)
{
	(void)state;
	hako_collection *c = microban();
	uint64_t seed = 7;
	long brute = 0, near = 0, finite = 0;
	for (size_t l = 0; l < hako_collection_count(c); l += 2) {
		board b;
		if (board_build(hako_collection_level(c, l), &b) != HAKO_OK)
			continue;
		int n = b.box_count;
		memory mem = {0, 0, (size_t)1 << 26};
		bound started, full;
		assert_int_equal(bound_init(&started, &mem, n), HAKO_OK);
		assert_int_equal(bound_init(&full, &mem, n), HAKO_OK);
		uint16_t *boxes = malloc(sizeof(uint16_t) * (size_t)n);
		uint16_t *child = malloc(sizeof(uint16_t) * (size_t)n);
		assert_true(boxes && child);
		for (int i = 0; i < n; i++)
			boxes[i] = (uint16_t)free_square(&b, boxes, i, &seed);
		for (int step = 0; step < 60; step++) {
			/* The next position: 1 to n boxes moved, ascending. */
			int moving = 1 + (int)(next_random(&seed) % (uint64_t)n);
			for (int k = 0; k < moving; k++) {
				int i = (int)(next_random(&seed) % (uint64_t)n);
				boxes[i] = (uint16_t)free_square(&b, boxes, n, &seed);
			}
			qsort(boxes, (size_t)n, sizeof *boxes, by_square);
			uint32_t expect = bound_matching(&full, &b, boxes);
			if (n <= 8) {
				assert_int_equal(expect, brute_minimum(&b, boxes, n, 0, 0, 0));
				brute++;
			}
			uint32_t got = bound_matching_near(&started, &b, boxes);
			assert_int_equal(got, expect);
			near++;
			if (got == BOUND_INFINITE)
				continue;
			finite++;
			bound_keep(&started, &b, boxes);
			for (int k = 0; k < 5; k++) {
				int i = (int)(next_random(&seed) % (uint64_t)n);
				unsigned to = free_square(&b, boxes, n, &seed);
				memcpy(child, boxes, sizeof(uint16_t) * (size_t)n);
				child[i] = (uint16_t)to;
				assert_int_equal(bound_matching_moved(&started, &b, i, to),
				                 bound_matching(&full, &b, child));
			}
		}
		free(boxes);
		free(child);
		bound_free(&started);
		bound_free(&full);
		assert_int_equal(mem.used, 0);
		board_free(&b);
	}
	hako_collection_free(c);
	print_message("%ld matchings against brute force, %ld started near (%ld finite)\n", brute,
	              near, finite);
	assert_true(brute > 1000 && finite > 500);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(minimum_cost_not_greedy),
	    cmocka_unit_test(no_perfect_matching_is_infinite),
	    cmocka_unit_test(incremental_equals_full),
	    cmocka_unit_test(near_and_warm_start_equal_the_minimum),
	};
	return tu_exit_code(cmocka_run_group_tests(tests, NULL, NULL));
}
