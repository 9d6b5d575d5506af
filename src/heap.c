/* heap.c — binary heap; ties on equal keys are resolved by heap order,
 * which depends only on the sequence of operations: deterministic. Items
 * are stored packed (heap_slot, 12 bytes) and the array grows by half,
 * so that growing (old and new array alive at once) needs 2.5 times the
 * items' room rather than 3 times. */
#include "heap.h"

#include <assert.h>
#include <stdlib.h>

static_assert(sizeof(heap_slot) == 12, "open-list entries are packed into 12 bytes");

static uint64_t slot_key(const heap_slot *s)
{
	return (uint64_t)s->key_high << 32 | s->key_low;
}

static heap_slot make_slot(uint64_t key, uint32_t node)
{
	heap_slot s = {(uint32_t)key, (uint32_t)(key >> 32), node};
	return s;
}

void heap_init(heap *h, memory *mem)
{
	h->items = NULL;
	h->count = h->capacity = 0;
	h->mem = mem;
}

void heap_free(heap *h)
{
	memory_free(h->mem, h->items, h->capacity * sizeof(heap_slot));
	h->items = NULL;
	h->count = h->capacity = 0;
}

hako_status heap_push(heap *h, uint64_t key, uint32_t node)
{
	if (h->count == h->capacity) {
		/* By half again while that leaves at least as much of the
		 * budget free (the nodes the items name need room too: a large
		 * step taken near the limit left a search of Microban 146 out of
		 * memory with a fifth of the open list unused); else by an
		 * eighth, then by 1024 items, before the search is given up as
		 * out of memory. */
		size_t half = h->capacity ? h->capacity / 2 : 1024;
		size_t free_bytes = h->mem->limit > h->mem->used ? h->mem->limit - h->mem->used : 0;
		if (half * sizeof(heap_slot) > free_bytes / 2)
			half = 0;
		size_t step[3] = {half, h->capacity / 8, 1024};
		heap_slot *items = NULL;
		size_t capacity = h->capacity;
		for (int k = 0; k < 3 && !items; k++) {
			if (step[k] == 0)
				continue;
			capacity = h->capacity + step[k];
			items = memory_realloc(h->mem, h->items, h->capacity * sizeof(heap_slot),
			                       capacity * sizeof(heap_slot));
		}
		if (!items)
			return HAKO_ERR_NOMEM;
		h->items = items;
		h->capacity = capacity;
	}
	size_t i = h->count++;
	while (i > 0) {
		size_t parent = (i - 1) / 2;
		if (slot_key(&h->items[parent]) <= key)
			break;
		h->items[i] = h->items[parent];
		i = parent;
	}
	h->items[i] = make_slot(key, node);
	return HAKO_OK;
}

heap_item heap_pop(heap *h)
{
	assert(h->count > 0);
	heap_item top = {slot_key(&h->items[0]), h->items[0].node};
	heap_slot last = h->items[--h->count];
	uint64_t last_key = slot_key(&last);
	size_t i = 0, n = h->count;
	for (;;) {
		size_t child = 2 * i + 1;
		if (child >= n)
			break;
		if (child + 1 < n && slot_key(&h->items[child + 1]) < slot_key(&h->items[child]))
			child++;
		if (slot_key(&h->items[child]) >= last_key)
			break;
		h->items[i] = h->items[child];
		i = child;
	}
	if (n > 0)
		h->items[i] = last;
	return top;
}

static int slot_order(const void *x, const void *y)
{
	const heap_slot *a = x, *b = y;
	uint64_t ka = slot_key(a), kb = slot_key(b);
	if (ka != kb)
		return ka < kb ? -1 : 1;
	return (a->node > b->node) - (a->node < b->node);
}

void heap_keep_lightest(heap *h, size_t keep, void (*drop)(void *user, heap_item item), void *user)
{
	if (keep >= h->count)
		return;
	qsort(h->items, h->count, sizeof(heap_slot), slot_order);
	for (size_t i = keep; i < h->count; i++) {
		heap_item item = {slot_key(&h->items[i]), h->items[i].node};
		drop(user, item);
	}
	h->count = keep;
	size_t capacity = keep > 16 ? keep : 16;
	if (capacity < h->capacity) {
		heap_slot *items = memory_realloc(h->mem, h->items, h->capacity * sizeof(heap_slot),
		                                  capacity * sizeof(heap_slot));
		if (items) { /* shrinking cannot fail for the budget; realloc may */
			h->items = items;
			h->capacity = capacity;
		}
	}
}

void heap_rekey(heap *h, uint64_t (*rekey)(void *user, heap_item item), void *user)
{
	size_t kept = 0;
	for (size_t i = 0; i < h->count; i++) {
		heap_item item = {slot_key(&h->items[i]), h->items[i].node};
		uint64_t key = rekey(user, item);
		if (key != UINT64_MAX)
			h->items[kept++] = make_slot(key, item.node);
	}
	h->count = kept;
	qsort(h->items, h->count, sizeof(heap_slot), slot_order);
}
