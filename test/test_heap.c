/* test_heap.c — the open list pops in key order, deterministically. */
#include <stdlib.h>

#include "heap.h"
#include "testutil.h"

static void pops_in_key_order(void **state)
{
	(void)state;
	memory mem = {0, 0, (size_t)1 << 24};
	heap h;
	heap_init(&h, &mem);
	uint64_t seed = 12345;
	for (uint32_t i = 0; i < 5000; i++) {
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		assert_int_equal(heap_push(&h, seed >> 40, i), HAKO_OK);
	}
	uint64_t last = 0;
	for (int i = 0; i < 5000; i++) {
		heap_item it = heap_pop(&h);
		assert_true(it.key >= last);
		last = it.key;
	}
	assert_int_equal(h.count, 0);
	heap_free(&h);
	assert_int_equal(mem.used, 0);
}

static void respects_memory_budget(void **state)
{
	(void)state;
	memory mem = {0, 0, 1024 * sizeof(heap_item)};
	heap h;
	heap_init(&h, &mem);
	hako_status st = HAKO_OK;
	uint32_t pushed = 0;
	while (st == HAKO_OK && pushed < 100000) {
		st = heap_push(&h, pushed, pushed);
		pushed += st == HAKO_OK;
	}
	assert_int_equal(st, HAKO_ERR_NOMEM);
	assert_int_equal(pushed, 1024);
	assert_true(mem.peak <= mem.limit);
	heap_free(&h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(pops_in_key_order),
	    cmocka_unit_test(respects_memory_budget),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
