/* heap.h — the open list: a binary min-heap of (64-bit priority, node).
 * The search packs f, its tie-breaks and h into the priority. */
#ifndef HAKO_HEAP_H
#define HAKO_HEAP_H

#include <stdint.h>

#include "hako.h"
#include "memory.h"

typedef struct heap_item {
	uint64_t key;
	uint32_t node;
} heap_item;

/* How an item is stored: 12 bytes, not heap_item's 16 (its padding), as
 * the open list is the largest table of the optimal searches after the
 * nodes themselves. */
typedef struct heap_slot {
	uint32_t key_low, key_high, node;
} heap_slot;

typedef struct heap {
	heap_slot *items;
	size_t count, capacity;
	memory *mem;
} heap;

void heap_init(heap *h, memory *mem);
void heap_free(heap *h);
hako_status heap_push(heap *h, uint64_t key, uint32_t node);
/* Precondition: count > 0. */
heap_item heap_pop(heap *h);
/* Keep the `keep` items of least (key, node), hand every other one to
 * `drop`, and give the room they took back to the budget (the capacity
 * shrinks to max(keep, 16)). The kept items end sorted, which is a heap;
 * the result depends only on the items, not on their order. */
void heap_keep_lightest(heap *h, size_t keep, void (*drop)(void *user, heap_item item), void *user);
/* Give every item the key rekey returns, dropping those it gives
 * UINT64_MAX, and restore the heap (sorted: the result depends only on the
 * items, not on their order). O(n log n), for a change of the order. */
void heap_rekey(heap *h, uint64_t (*rekey)(void *user, heap_item item), void *user);

#endif
