/* test_tt.c — the transposition table finds what was stored, tells apart
 * positions whose keys collide, grows, stays inside its budget, stops
 * growing once its deadline has passed (a dense one grows in node order),
 * and can be cleared and filled
 * again. */
#include <stdlib.h>

#include "testutil.h"
#include "deadline.h"
#include "tt.h"

typedef struct fake {
	uint64_t keys[70000];
	uint32_t probe; /* the node the caller "is looking for" */
} fake;

static int same(void *user, uint32_t node)
{
	return ((fake *)user)->probe == node;
}

static uint64_t key_of(void *user, uint32_t node)
{
	return ((fake *)user)->keys[node];
}

/* Store nodes 0..count-1, node i under key (i / repeat) * a large odd
 * constant: repeat 2 gives every key to two different positions. */
static void insert_keys(tt *t, fake *f, uint32_t count, uint32_t repeat)
{
	for (uint32_t i = 0; i < count; i++) {
		f->keys[i] = (uint64_t)(i / repeat) * 0x9E3779B97F4A7C15ull;
		assert_int_equal(tt_insert(t, f->keys[i], i, key_of, f), HAKO_OK);
	}
}

static void stores_and_finds(void **state)
{
	(void)state;
	fake *f = calloc(1, sizeof *f);
	memory mem = {0, 0, (size_t)64 << 20};
	tt t;
	assert_int_equal(tt_init(&t, &mem, 4), HAKO_OK);
	insert_keys(&t, f, 70000, 2); /* equal keys, different positions */
	for (uint32_t i = 0; i < 70000; i++) {
		f->probe = i;
		assert_int_equal(tt_find(&t, f->keys[i], same, f), i);
	}
	f->probe = 99999999;
	assert_int_equal(tt_find(&t, 42, same, f), TT_EMPTY);
	assert_true(t.count * 2 <= t.mask + 1);
	tt_free(&t);
	assert_int_equal(mem.used, 0);
	free(f);
}

/* A table that cannot double inside its budget (32 entries; the doubled
 * one would need 64 more beside them) fills on to 3/4, 24 entries, with
 * every entry still found, and only then says HAKO_ERR_NOMEM. */
/* A dense table (nodes 0 .. count - 1, each once) grows in node order and
 * finds every node as the ordinary one does. */
static void grows_dense_in_node_order(void **state)
{
	(void)state;
	fake *f = calloc(1, sizeof *f);
	memory mem = {0, 0, (size_t)64 << 20};
	tt t;
	assert_int_equal(tt_init(&t, &mem, 4), HAKO_OK);
	t.dense = 1;
	insert_keys(&t, f, 70000, 2);
	assert_true(t.mask + 1 >= 2 * 70000);
	for (uint32_t i = 0; i < 70000; i++) {
		f->probe = i;
		assert_int_equal(tt_find(&t, f->keys[i], same, f), i);
	}
	f->probe = 99999999;
	assert_int_equal(tt_find(&t, 42, same, f), TT_EMPTY);
	tt_free(&t);
	assert_int_equal(mem.used, 0);
	free(f);
}

static void refuses_to_grow_past_budget(void **state)
{
	(void)state;
	fake *f = calloc(1, sizeof *f);
	memory mem = {0, 0, 64 * sizeof(tt_entry)};
	tt t;
	assert_int_equal(tt_init(&t, &mem, 5), HAKO_OK);
	hako_status st = HAKO_OK;
	uint32_t stored = 0;
	for (uint32_t i = 0; i < 1000 && st == HAKO_OK; i++) {
		f->keys[i] = i * 7919u;
		st = tt_insert(&t, f->keys[i], i, key_of, f);
		stored += st == HAKO_OK;
	}
	assert_int_equal(st, HAKO_ERR_NOMEM);
	assert_int_equal(stored, 24);
	assert_int_equal(t.mask + 1, 32);
	for (uint32_t i = 0; i < stored; i++) {
		f->probe = i;
		assert_int_equal(tt_find(&t, f->keys[i], same, f), i);
	}
	assert_true(mem.peak <= mem.limit);
	tt_free(&t);
	free(f);
}

/* A deadline that has passed stops the table from growing: the insert
 * says HAKO_ERR_LIMIT, stores nothing, gives the new table's memory back
 * and leaves every entry findable (issue 10: a rehash of millions of
 * entries once held a search half a second past its -t). */
static void stops_growing_at_the_deadline(void **state)
{
	(void)state;
	fake *f = calloc(1, sizeof *f);
	memory mem = {0, 0, (size_t)64 << 20};
	tt t;
	assert_int_equal(tt_init(&t, &mem, 4), HAKO_OK);
	insert_keys(&t, f, 8, 1); /* a table of 16 holds 8 */
	size_t mask = t.mask, used = mem.used;
	volatile int cancel = 1;
	deadline stop;
	deadline_init(&stop, 0, &cancel);
	t.stop = &stop;
	f->keys[8] = 8 * 0x9E3779B97F4A7C15ull;
	assert_int_equal(tt_insert(&t, f->keys[8], 8, key_of, f), HAKO_ERR_LIMIT);
	assert_int_equal(t.mask, mask);
	assert_int_equal(t.count, 8);
	assert_int_equal(mem.used, used);
	for (uint32_t i = 0; i < 8; i++) {
		f->probe = i;
		assert_int_equal(tt_find(&t, f->keys[i], same, f), i);
	}
	f->probe = 8;
	assert_int_equal(tt_find(&t, f->keys[8], same, f), TT_EMPTY);
	cancel = 0; /* a deadline not passed: it grows */
	deadline_init(&stop, 0, &cancel);
	assert_int_equal(tt_insert(&t, f->keys[8], 8, key_of, f), HAKO_OK);
	assert_int_equal(tt_find(&t, f->keys[8], same, f), 8);
	tt_free(&t);
	assert_int_equal(mem.used, 0);
	free(f);
}

static void clears_and_refills(void **state)
{
	(void)state;
	fake *f = calloc(1, sizeof *f);
	memory mem = {0, 0, (size_t)1 << 20};
	tt t;
	assert_int_equal(tt_init(&t, &mem, 4), HAKO_OK);
	insert_keys(&t, f, 1000, 1);
	size_t size = t.mask + 1, used = mem.used;
	tt_clear(&t);
	assert_int_equal(t.count, 0);
	assert_int_equal(t.mask + 1, size);
	assert_int_equal(mem.used, used);
	for (uint32_t i = 0; i < 1000; i++) {
		f->probe = i;
		assert_int_equal(tt_find(&t, f->keys[i], same, f), TT_EMPTY);
	}
	/* Refilled with every other node: found, the others not. */
	for (uint32_t i = 0; i < 1000; i += 2)
		assert_int_equal(tt_insert(&t, f->keys[i], i, key_of, f), HAKO_OK);
	assert_int_equal(t.mask + 1, size);
	for (uint32_t i = 0; i < 1000; i++) {
		f->probe = i;
		assert_int_equal(tt_find(&t, f->keys[i], same, f), i % 2 ? TT_EMPTY : i);
	}
	tt_free(&t);
	free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(stores_and_finds),
	    cmocka_unit_test(grows_dense_in_node_order),
	    cmocka_unit_test(refuses_to_grow_past_budget),
	    cmocka_unit_test(stops_growing_at_the_deadline),
	    cmocka_unit_test(clears_and_refills),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
