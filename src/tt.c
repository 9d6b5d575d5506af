/* tt.c — the transposition table. */
#include "tt.h"

#include <assert.h>
#include <string.h>

#include "deadline.h"

static_assert(sizeof(tt_entry) == 8, "transposition entries are packed into 8 bytes");

hako_status tt_init(tt *t, memory *mem, unsigned log2_size)
{
	size_t size = (size_t)1 << log2_size;
	t->mem = mem;
	t->entries = memory_alloc(mem, size * sizeof(tt_entry));
	if (!t->entries)
		return HAKO_ERR_NOMEM;
	memset(t->entries, 0xFF, size * sizeof(tt_entry));
	t->mask = size - 1;
	t->count = 0;
	t->stop = NULL;
	t->dense = 0;
	return HAKO_OK;
}

void tt_free(tt *t)
{
	if (t->entries)
		memory_free(t->mem, t->entries, (t->mask + 1) * sizeof(tt_entry));
	t->entries = NULL;
}

void tt_clear(tt *t)
{
	memset(t->entries, 0xFF, (t->mask + 1) * sizeof(tt_entry));
	t->count = 0;
}

uint32_t tt_find(const tt *t, uint64_t key, tt_same_fn same, void *user)
{
	uint32_t check = (uint32_t)(key >> 32);
	for (size_t i = (size_t)key & t->mask;; i = (i + 1) & t->mask) {
		const tt_entry *e = &t->entries[i];
		if (e->node == TT_EMPTY)
			return TT_EMPTY;
		if (e->check == check && same(user, e->node))
			return e->node;
	}
}

static void place(tt_entry *entries, size_t mask, uint64_t key, uint32_t node)
{
	size_t i = (size_t)key & mask;
	while (entries[i].node != TT_EMPTY)
		i = (i + 1) & mask;
	entries[i].node = node;
	entries[i].check = (uint32_t)(key >> 32);
}

static hako_status grow(tt *t, tt_key_fn key_of, void *user)
{
	size_t old_size = t->mask + 1, size = old_size * 2;
	tt_entry *entries = memory_alloc(t->mem, size * sizeof(tt_entry));
	if (!entries)
		return HAKO_ERR_NOMEM;
	memset(entries, 0xFF, size * sizeof(tt_entry));
	/* Dense: the nodes in their own order, so that key_of reads the
	 * caller's records one after the other rather than at random, and in
	 * batches whose new slots are asked for before they are written (a
	 * rehash was 6% of a large move-optimal search, nearly all of it
	 * cache misses). */
	size_t end = t->dense ? t->count : old_size;
	enum { BATCH = 16 };
	uint64_t keys[BATCH];
	for (size_t i = 0; i < end; i += t->dense ? BATCH : 1) {
		/* A look at the clock every 64 Ki entries: a few milliseconds. */
		if (i % 65536 == 0 && deadline_passed(t->stop)) {
			memory_free(t->mem, entries, size * sizeof(tt_entry));
			return HAKO_ERR_LIMIT;
		}
		if (t->dense) {
			size_t n = end - i < BATCH ? end - i : BATCH;
			for (size_t k = 0; k < n; k++) {
				keys[k] = key_of(user, (uint32_t)(i + k));
				tt_prefetch_slot(entries, size - 1, keys[k]);
			}
			for (size_t k = 0; k < n; k++)
				place(entries, size - 1, keys[k], (uint32_t)(i + k));
		} else if (t->entries[i].node != TT_EMPTY) {
			place(entries, size - 1, key_of(user, t->entries[i].node),
			      t->entries[i].node);
		}
	}
	memory_free(t->mem, t->entries, old_size * sizeof(tt_entry));
	t->entries = entries;
	t->mask = size - 1;
	return HAKO_OK;
}

hako_status tt_insert(tt *t, uint64_t key, uint32_t node, tt_key_fn key_of, void *user)
{
	/* Keep the load at or under 1/2 so probes stay short; when the
	 * doubled table does not fit in the budget, go on up to 3/4 (longer
	 * probes, but the search goes on) before giving up. */
	if ((t->count + 1) * 2 > t->mask + 1) {
		hako_status st = grow(t, key_of, user);
		if (st == HAKO_ERR_NOMEM && (t->count + 1) * 4 <= (t->mask + 1) * 3)
			st = HAKO_OK;
		if (st != HAKO_OK)
			return st;
	}
	place(t->entries, t->mask, key, node);
	t->count++;
	return HAKO_OK;
}
