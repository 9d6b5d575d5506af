/* tt.h — transposition table: open addressing (linear probing) from a
 * position's Zobrist key to its node index. Entries are 8 bytes: the node
 * and the key's upper half as a quick check; equality of the positions
 * themselves is decided by the caller, so a key collision never merges two
 * different positions. Grows by doubling inside the memory budget; where
 * the doubled table does not fit, fills on to a load of 3/4 first. */
#ifndef HAKO_TT_H
#define HAKO_TT_H

#include <stdint.h>

#include "hako.h"
#include "memory.h"

#define TT_EMPTY UINT32_MAX

typedef struct tt_entry {
	uint32_t node;
	uint32_t check;
} tt_entry;

struct deadline;
typedef struct tt {
	tt_entry *entries;
	size_t mask, count;
	memory *mem;
	/* NULL, or the search's deadline: growing a large table (rehashing
	 * millions of entries takes a second) looks at it as it goes and
	 * gives up with HAKO_ERR_LIMIT once it has passed, the table as it
	 * was, so that one insert cannot hold a search past its limit. */
	struct deadline *stop;
	/* Set by a caller whose stored nodes are exactly 0 .. count - 1,
	 * each once (the A* searches: every node is inserted as it is made):
	 * a growing table is then filled in node order. */
	int dense;
} tt;

/* Is node `node` the position the caller is looking for? */
typedef int (*tt_same_fn)(void *user, uint32_t node);
/* The full key of an stored node (for rehashing). */
typedef uint64_t (*tt_key_fn)(void *user, uint32_t node);

/* Ask the cache for the slot of `entries` (mask + 1 of them) that `key`
 * is probed at first (a hint: nothing is read; a no-op where the compiler
 * has no prefetch). */
static inline void tt_prefetch_slot(const tt_entry *entries, size_t mask, uint64_t key)
{
#if defined(__GNUC__) || defined(__clang__)
	__builtin_prefetch(&entries[(size_t)key & mask]);
#else
	(void)entries;
	(void)mask;
	(void)key;
#endif
}

static inline void tt_prefetch(const tt *t, uint64_t key)
{
	tt_prefetch_slot(t->entries, t->mask, key);
}

hako_status tt_init(tt *t, memory *mem, unsigned log2_size);
void tt_free(tt *t);
uint32_t tt_find(const tt *t, uint64_t key, tt_same_fn same, void *user);
/* Forget every entry (the table keeps its size). */
void tt_clear(tt *t);
/* HAKO_ERR_NOMEM when growing would exceed the budget; HAKO_ERR_LIMIT
 * when t->stop passed while growing (nothing inserted either way). */
hako_status tt_insert(tt *t, uint64_t key, uint32_t node, tt_key_fn key_of, void *user);

#endif
