/* heap.c — binary heap; ties on equal keys are resolved by heap order,
 * which depends only on the sequence of operations: deterministic. */
#include "heap.h"

#include <assert.h>
#include <stdlib.h>

void heap_init(heap *h, memory *mem)
{
	h->items = NULL;
	h->count = h->capacity = 0;
	h->mem = mem;
}

void heap_free(heap *h)
{
	memory_free(h->mem, h->items, h->capacity * sizeof(heap_item));
	h->items = NULL;
	h->count = h->capacity = 0;
}

hako_status heap_push(heap *h, uint64_t key, uint32_t node)
{
	if (h->count == h->capacity) {
		size_t capacity = h->capacity ? h->capacity * 2 : 1024;
		heap_item *items = memory_realloc(h->mem, h->items, h->capacity * sizeof(heap_item),
		                                  capacity * sizeof(heap_item));
		if (!items)
			return HAKO_ERR_NOMEM;
		h->items = items;
		h->capacity = capacity;
	}
	size_t i = h->count++;
	while (i > 0) {
		size_t parent = (i - 1) / 2;
		if (h->items[parent].key <= key)
			break;
		h->items[i] = h->items[parent];
		i = parent;
	}
	h->items[i].key = key;
	h->items[i].node = node;
	return HAKO_OK;
}

heap_item heap_pop(heap *h)
{
	assert(h->count > 0);
	heap_item top = h->items[0];
	heap_item last = h->items[--h->count];
	size_t i = 0, n = h->count;
	for (;;) {
		size_t child = 2 * i + 1;
		if (child >= n)
			break;
		if (child + 1 < n && h->items[child + 1].key < h->items[child].key)
			child++;
		if (h->items[child].key >= last.key)
			break;
		h->items[i] = h->items[child];
		i = child;
	}
	if (n > 0)
		h->items[i] = last;
	return top;
}

static int item_order(const void *x, const void *y)
{
	const heap_item *a = x, *b = y;
	if (a->key != b->key)
		return a->key < b->key ? -1 : 1;
	return (a->node > b->node) - (a->node < b->node);
}

void heap_keep_lightest(heap *h, size_t keep, void (*drop)(void *user, heap_item item),
                        void *user)
{
	if (keep >= h->count)
		return;
	qsort(h->items, h->count, sizeof(heap_item), item_order);
	for (size_t i = keep; i < h->count; i++)
		drop(user, h->items[i]);
	h->count = keep;
	size_t capacity = keep > 16 ? keep : 16;
	if (capacity < h->capacity) {
		heap_item *items = memory_realloc(h->mem, h->items, h->capacity * sizeof(heap_item),
		                                  capacity * sizeof(heap_item));
		if (items) { /* shrinking cannot fail for the budget; realloc may */
			h->items = items;
			h->capacity = capacity;
		}
	}
}
