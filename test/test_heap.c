/* test_heap.c — the open list pops in key order, deterministically; it
 * keeps its lightest items when asked (and gives the room back); and the
 * arena reuses released records. */
#include <stdlib.h>

#include "arena.h"
#include "heap.h"
#include "testutil.h"

/* Push `count` pseudo-random keys (the top 64 - shift bits of an LCG). */
static void push_random(heap *h, uint32_t count, uint64_t seed, unsigned shift)
{
	for (uint32_t i = 0; i < count; i++) {
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		assert_int_equal(heap_push(h, seed >> shift, i), HAKO_OK);
	}
}

static void pops_in_key_order(void **state)
{
	(void)state;
	memory mem = {0, 0, (size_t)1 << 24};
	heap h;
	heap_init(&h, &mem);
	push_random(&h, 5000, 12345, 40);
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
	/* 16,384 bytes hold 1,365 slots of 12: from 1,024 the heap cannot
	 * grow by half (1,536), so it grows by an eighth, to 1,152 and then
	 * 1,296; 1,458 and 1,296 + 1,024 do not fit. */
	assert_int_equal(pushed, 1296);
	assert_true(mem.peak <= mem.limit);
	for (uint32_t i = 0; i < pushed; i++)
		assert_int_equal(heap_pop(&h).node, i);
	heap_free(&h);
}

/* Near the budget the open list does not take half again when that would
 * leave less than that free: 12,288 bytes hold the first 1,024 items;
 * with 7,144 more, half again (6,144) would fit but leave 1,000, so it
 * grows by an eighth (128 items) instead. */
static void grows_by_less_near_the_budget(void **state)
{
	(void)state;
	memory mem = {0, 0, 1024 * sizeof(heap_slot) + 512 * sizeof(heap_slot) + 1000};
	heap h;
	heap_init(&h, &mem);
	for (uint32_t i = 0; i <= 1024; i++)
		assert_int_equal(heap_push(&h, i, i), HAKO_OK);
	assert_int_equal(h.capacity, 1152);
	heap_free(&h);
	assert_int_equal(mem.used, 0);
}

typedef struct dropped {
	uint64_t keys[4096];
	int count;
} dropped;

static void note_drop(void *user, heap_item item)
{
	dropped *d = user;
	d->keys[d->count++] = item.key;
}

static void keeps_the_lightest(void **state)
{
	(void)state;
	memory mem = {0, 0, (size_t)1 << 24};
	heap h;
	heap_init(&h, &mem);
	push_random(&h, 3000, 99, 54); /* 10-bit keys: many ties */
	size_t before = mem.used;
	dropped *d = calloc(1, sizeof *d);
	heap_keep_lightest(&h, 1000, note_drop, d);
	assert_int_equal(h.count, 1000);
	assert_int_equal(d->count, 2000);
	assert_true(mem.used < before); /* capacity 3456 -> 1000 items */
	uint64_t heaviest_kept = 0;
	for (size_t i = 0; i < h.count; i++) {
		uint64_t key = (uint64_t)h.items[i].key_high << 32 | h.items[i].key_low;
		if (key > heaviest_kept)
			heaviest_kept = key;
	}
	for (int i = 0; i < d->count; i++)
		assert_true(d->keys[i] >= heaviest_kept);
	/* Still a heap: pushes and pops go on in order. */
	assert_int_equal(heap_push(&h, 0, 7777), HAKO_OK);
	assert_int_equal(heap_pop(&h).key, 0);
	uint64_t last = 0;
	while (h.count > 0) {
		heap_item it = heap_pop(&h);
		assert_true(it.key >= last);
		last = it.key;
	}
	/* Keeping more than there are changes nothing. */
	d->count = 0;
	assert_int_equal(heap_push(&h, 5, 1), HAKO_OK);
	heap_keep_lightest(&h, 10, note_drop, d);
	assert_int_equal(h.count, 1);
	assert_int_equal(d->count, 0);
	heap_free(&h);
	assert_int_equal(mem.used, 0);
	free(d);
}

/* The new key of an item: the node number reversed, odd nodes dropped. */
static uint64_t reversed_even(void *user, heap_item item)
{
	(void)user;
	return item.node % 2 ? UINT64_MAX : 10000u - item.node;
}

/* heap_rekey: every kept item comes out in the order of its new key, the
 * dropped ones never, and pushes after it still take their place. */
static void rekeys(void **state)
{
	(void)state;
	memory mem = {0, 0, (size_t)1 << 24};
	heap h;
	heap_init(&h, &mem);
	push_random(&h, 3000, 777, 40);
	for (int i = 0; i < 100; i++)
		heap_pop(&h);
	size_t even = 0;
	for (size_t i = 0; i < h.count; i++)
		even += h.items[i].node % 2 == 0;
	heap_rekey(&h, reversed_even, NULL);
	assert_int_equal(h.count, even);
	assert_int_equal(heap_push(&h, 10000u - 1501u, 1501), HAKO_OK);
	uint64_t last = 0;
	size_t popped = 0;
	while (h.count > 0) {
		heap_item it = heap_pop(&h);
		assert_true(it.key >= last);
		assert_int_equal(it.key, 10000u - it.node);
		last = it.key;
		popped++;
	}
	assert_int_equal(popped, even + 1);
	heap_free(&h);
	assert_int_equal(mem.used, 0);
}

static void arena_reuses_released_records(void **state)
{
	(void)state;
	memory mem = {0, 0, (size_t)1 << 20};
	arena a;
	arena_init(&a, &mem, 16, 4);
	for (uint32_t i = 0; i < 40; i++) {
		assert_int_equal(arena_new(&a), i);
		*(uint32_t *)arena_at(&a, i) = i;
	}
	size_t used = mem.used;
	arena_release(&a, 7);
	arena_release(&a, 30);
	assert_int_equal(a.released, 2);
	/* Last released, first reused; the store does not grow for them. */
	assert_int_equal(arena_new(&a), 30);
	assert_int_equal(arena_new(&a), 7);
	assert_int_equal(a.released, 0);
	assert_int_equal(arena_new(&a), 40);
	assert_int_equal(a.count, 41);
	assert_true(mem.used >= used);
	for (uint32_t i = 0; i < 40; i++)
		if (i != 7 && i != 30)
			assert_int_equal(*(uint32_t *)arena_at(&a, i), i);
	arena_free(&a);
	assert_int_equal(mem.used, 0);
	assert_int_equal(arena_new(&a), 0); /* usable again, free list empty */
	arena_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(pops_in_key_order),
	    cmocka_unit_test(respects_memory_budget),
	    cmocka_unit_test(grows_by_less_near_the_budget),
	    cmocka_unit_test(keeps_the_lightest),
	    cmocka_unit_test(rekeys),
	    cmocka_unit_test(arena_reuses_released_records),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
