/* memory.h — the solver's own allocations, counted against a budget so a
 * search ends with "memout" instead of being killed, and so peak memory
 * can be reported. */
#ifndef HAKO_MEMORY_H
#define HAKO_MEMORY_H

#include <stddef.h>

typedef struct memory {
	size_t used, peak, limit;
} memory;

/* NULL when the budget or the system says no. */
void *memory_alloc(memory *m, size_t bytes);
void *memory_calloc(memory *m, size_t bytes);
void *memory_realloc(memory *m, void *old, size_t old_bytes, size_t new_bytes);
void memory_free(memory *m, void *p, size_t bytes);
/* Count memory allocated elsewhere (the board) against the budget. */
int memory_charge(memory *m, size_t bytes);
/* Give back bytes counted with memory_charge. */
void memory_uncharge(memory *m, size_t bytes);

#endif
