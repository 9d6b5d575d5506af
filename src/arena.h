/* arena.h — the searches' node stores: fixed-size records in chunks that
 * never move once allocated, so a record's address and index stay valid
 * (parent links are indices) while the store grows inside the memory
 * budget. Records given back (arena_release) are handed out again before
 * the store grows: a search that drops states to stay inside its budget
 * reuses their room. */
#ifndef HAKO_ARENA_H
#define HAKO_ARENA_H

#include <stddef.h>
#include <stdint.h>

#include "memory.h"

#define ARENA_NONE UINT32_MAX

typedef struct arena {
	unsigned char **chunks;
	size_t chunk_count, chunk_capacity;
	size_t record_size;
	unsigned chunk_log2; /* records per chunk: 2^chunk_log2 */
	uint32_t count;      /* records ever handed out (the high-water mark) */
	uint32_t free_head;  /* released records, linked through their first
	                        four bytes; ARENA_NONE: none */
	uint32_t released;   /* how many are on that list */
	memory *mem;
} arena;

void arena_init(arena *a, memory *mem, size_t record_size, unsigned chunk_log2);
/* A new record's index, or ARENA_NONE when the budget says no. */
uint32_t arena_new(arena *a);
/* Give record `index` back for reuse (its contents are lost). */
void arena_release(arena *a, uint32_t index);
/* Give every chunk back (the arena is empty and usable again). */
void arena_free(arena *a);

static inline void *arena_at(const arena *a, uint32_t index)
{
	size_t mask = ((size_t)1 << a->chunk_log2) - 1;
	return a->chunks[index >> a->chunk_log2] + (size_t)(index & mask) * a->record_size;
}

#endif
