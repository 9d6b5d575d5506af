/* arena.c — chunked record stores for the searches (see arena.h). */
#include "arena.h"

#include <string.h>

void arena_init(arena *a, memory *mem, size_t record_size, unsigned chunk_log2)
{
	memset(a, 0, sizeof *a);
	a->mem = mem;
	a->record_size = record_size;
	a->chunk_log2 = chunk_log2;
	a->free_head = ARENA_NONE;
}

uint32_t arena_new(arena *a)
{
	if (a->free_head != ARENA_NONE) {
		uint32_t index = a->free_head;
		memcpy(&a->free_head, arena_at(a, index), sizeof a->free_head);
		a->released--;
		return index;
	}
	if (a->count >= UINT32_MAX - 1)
		return ARENA_NONE;
	size_t chunk = a->count >> a->chunk_log2;
	if (chunk == a->chunk_count) {
		if (a->chunk_count == a->chunk_capacity) {
			size_t capacity = a->chunk_capacity ? a->chunk_capacity * 2 : 64;
			unsigned char **chunks =
			    memory_realloc(a->mem, a->chunks, a->chunk_capacity * sizeof *chunks,
			                   capacity * sizeof *chunks);
			if (!chunks)
				return ARENA_NONE;
			a->chunks = chunks;
			a->chunk_capacity = capacity;
		}
		a->chunks[chunk] = memory_alloc(a->mem, a->record_size << a->chunk_log2);
		if (!a->chunks[chunk])
			return ARENA_NONE;
		a->chunk_count++;
	}
	return a->count++;
}

void arena_release(arena *a, uint32_t index)
{
	memcpy(arena_at(a, index), &a->free_head, sizeof a->free_head);
	a->free_head = index;
	a->released++;
}

void arena_free(arena *a)
{
	for (size_t i = 0; i < a->chunk_count; i++)
		memory_free(a->mem, a->chunks[i], a->record_size << a->chunk_log2);
	memory_free(a->mem, a->chunks, a->chunk_capacity * sizeof *a->chunks);
	a->chunks = NULL;
	a->chunk_count = a->chunk_capacity = 0;
	a->count = 0;
	a->free_head = ARENA_NONE;
	a->released = 0;
}
