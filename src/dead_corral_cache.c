/* dead_corral_cache.c — the corral verdict cache: open addressing over
 * 64-bit hashes of the corral pattern, with the pattern itself stored and
 * compared word by word, so a hash collision can never hand one corral's
 * "dead" to another. Fixed size: when the table is half full or the
 * pattern store runs out, everything is dropped and filling starts again
 * (a verdict lost is only a search repeated). The table starts at
 * CACHE_START_ENTRIES and doubles while it is under its full size, so the
 * verdicts kept (and when they are dropped) are those of a table made at
 * full size at once; only the cost of a small level changes. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "dead_corral.h"

struct dead_corral_cache_entry {
	uint64_t key;    /* hash of the pattern; 0 = empty slot */
	uint64_t budget; /* for UNKNOWN: the node budget that was not enough */
	uint32_t offset; /* of the pattern in words[] */
	uint16_t length; /* of the pattern, in words */
	uint8_t verdict;
	uint8_t unused;
};
_Static_assert(sizeof(dead_corral_cache_entry) == 24, "cache entries stay packed");

#define CACHE_MIN_BYTES 4096u
#define CACHE_START_ENTRIES 512u

static uint64_t pattern_hash(const uint16_t *pattern, uint32_t length)
{
	uint64_t h = 0x243F6A8885A308D3u ^ length;
	for (uint32_t i = 0; i < length; i++) {
		h ^= pattern[i];
		h *= 0x9E3779B97F4A7C15u;
		h ^= h >> 29;
	}
	return h ? h : 1;
}

int dead_corral_cache_init(dead_corral_cache *c, memory *mem, size_t bytes)
{
	memset(c, 0, sizeof *c);
	c->mem = mem;
	if (bytes < CACHE_MIN_BYTES)
		return 1;
	/* A quarter for the table (a power of two), the rest for patterns. */
	size_t entries = 16;
	while (entries * 2 * sizeof(dead_corral_cache_entry) <= bytes / 4 &&
	       entries < ((size_t)1 << 30))
		entries *= 2;
	size_t table_bytes = entries * sizeof(dead_corral_cache_entry);
	size_t word_bytes = (bytes - table_bytes) & ~(size_t)1;
	if (word_bytes / 2 > UINT32_MAX)
		word_bytes = (size_t)UINT32_MAX * 2;
	size_t start = entries < CACHE_START_ENTRIES ? entries : CACHE_START_ENTRIES;
	/* The whole size is counted now; the pattern words are only malloc'd,
	 * so the pages a level never fills are never touched. */
	if (!memory_charge(mem, table_bytes + word_bytes))
		return 0;
	c->table = calloc(start, sizeof(dead_corral_cache_entry));
	c->words = malloc(word_bytes);
	if (!c->table || !c->words) {
		free(c->table);
		free(c->words);
		memory_uncharge(mem, table_bytes + word_bytes);
		memset(c, 0, sizeof *c);
		return 0;
	}
	c->mask = (uint32_t)(start - 1);
	c->full_mask = (uint32_t)(entries - 1);
	c->word_capacity = (uint32_t)(word_bytes / 2);
	c->bytes = table_bytes + word_bytes;
	return 1;
}

void dead_corral_cache_free(dead_corral_cache *c)
{
	free(c->table);
	free(c->words);
	if (c->bytes)
		memory_uncharge(c->mem, c->bytes);
	memset(c, 0, sizeof *c);
}

/* The slot holding the pattern, or the empty slot where it would go. */
static dead_corral_cache_entry *slot_of(const dead_corral_cache *c, uint64_t key,
                                        const uint16_t *pattern, uint32_t length)
{
	uint32_t i = (uint32_t)key & c->mask;
	for (;;) {
		dead_corral_cache_entry *e = &c->table[i];
		if (e->key == 0)
			return e;
		if (e->key == key && e->length == length &&
		    memcmp(c->words + e->offset, pattern, sizeof(uint16_t) * length) == 0)
			return e;
		i = (i + 1) & c->mask;
	}
}

int dead_corral_cache_find(const dead_corral_cache *c, const uint16_t *pattern, uint32_t length,
                           uint64_t *budget)
{
	if (!c->table || length > UINT16_MAX)
		return DEAD_CORRAL_MISS;
	const dead_corral_cache_entry *e =
	    slot_of(c, pattern_hash(pattern, length), pattern, length);
	if (e->key == 0)
		return DEAD_CORRAL_MISS;
	*budget = e->budget;
	return e->verdict;
}

/* Double the table, entries placed again by their keys; 0 when there is
 * no memory (the cache is then treated as full). */
static int grow(dead_corral_cache *c)
{
	size_t size = ((size_t)c->mask + 1) * 2;
	dead_corral_cache_entry *table = calloc(size, sizeof *table);
	if (!table)
		return 0;
	for (size_t i = 0; i <= c->mask; i++) {
		if (c->table[i].key == 0)
			continue;
		size_t j = (size_t)c->table[i].key & (size - 1);
		while (table[j].key != 0)
			j = (j + 1) & (size - 1);
		table[j] = c->table[i];
	}
	free(c->table);
	c->table = table;
	c->mask = (uint32_t)(size - 1);
	return 1;
}

void dead_corral_cache_store(dead_corral_cache *c, const uint16_t *pattern, uint32_t length,
                             int verdict, uint64_t budget)
{
	assert(verdict >= DEAD_CORRAL_ALIVE && verdict <= DEAD_CORRAL_UNKNOWN);
	if (!c->table || length > UINT16_MAX || length > c->word_capacity)
		return;
	uint64_t key = pattern_hash(pattern, length);
	dead_corral_cache_entry *e = slot_of(c, key, pattern, length);
	if (e->key == 0 && c->count + 1 > (c->mask + 1) / 2 && c->mask < c->full_mask) {
		if (grow(c))
			e = slot_of(c, key, pattern, length);
		else
			c->full_mask = c->mask; /* no room to grow: full at this size */
	}
	if (e->key == 0 && (c->count + 1 > ((size_t)c->full_mask + 1) / 2 ||
	                    length > c->word_capacity - c->words_used)) {
		/* Full: start over. Linear probing has no tombstones to worry about. */
		memset(c->table, 0, ((size_t)c->mask + 1) * sizeof(dead_corral_cache_entry));
		c->count = 0;
		c->words_used = 0;
		e = slot_of(c, key, pattern, length);
	}
	if (e->key == 0) {
		e->key = key;
		e->offset = c->words_used;
		e->length = (uint16_t)length;
		memcpy(c->words + c->words_used, pattern, sizeof(uint16_t) * length);
		c->words_used += length;
		c->count++;
	}
	e->verdict = (uint8_t)verdict;
	e->budget = budget;
}
