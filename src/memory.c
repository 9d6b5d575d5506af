/* memory.c — budgeted allocation with a peak counter. */
#include "memory.h"

#include <stdlib.h>

int memory_charge(memory *m, size_t bytes)
{
	if (bytes > m->limit || m->used > m->limit - bytes)
		return 0;
	m->used += bytes;
	if (m->used > m->peak)
		m->peak = m->used;
	return 1;
}

void memory_uncharge(memory *m, size_t bytes)
{
	m->used -= bytes;
}

void *memory_alloc(memory *m, size_t bytes)
{
	if (!memory_charge(m, bytes))
		return NULL;
	void *p = malloc(bytes ? bytes : 1);
	if (!p)
		m->used -= bytes;
	return p;
}

void *memory_calloc(memory *m, size_t bytes)
{
	if (!memory_charge(m, bytes))
		return NULL;
	void *p = calloc(1, bytes ? bytes : 1);
	if (!p)
		m->used -= bytes;
	return p;
}

void *memory_realloc(memory *m, void *old, size_t old_bytes, size_t new_bytes)
{
	if (new_bytes > old_bytes && !memory_charge(m, new_bytes - old_bytes))
		return NULL;
	void *p = realloc(old, new_bytes ? new_bytes : 1);
	if (!p) {
		if (new_bytes > old_bytes)
			m->used -= new_bytes - old_bytes;
		return NULL;
	}
	if (new_bytes < old_bytes)
		m->used -= old_bytes - new_bytes;
	return p;
}

void memory_free(memory *m, void *p, size_t bytes)
{
	if (!p)
		return;
	free(p);
	m->used -= bytes;
}
