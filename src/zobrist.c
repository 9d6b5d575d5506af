/* zobrist.c — fixed-seed keys (splitmix64), so node counts are reproducible. */
#include "zobrist.h"

#include <stdlib.h>

static uint64_t splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

hako_status zobrist_init(zobrist *z, int square_count)
{
	size_t n = (size_t)square_count + 1;
	z->box = malloc(n * sizeof(uint64_t));
	z->player = malloc(n * sizeof(uint64_t));
	if (!z->box || !z->player) {
		zobrist_free(z);
		return HAKO_ERR_NOMEM;
	}
	uint64_t seed = 0x68616B6F5A6F6221ull; /* "hakoZob!" */
	for (size_t i = 0; i < n; i++) {
		z->box[i] = splitmix64(&seed);
		z->player[i] = splitmix64(&seed);
	}
	return HAKO_OK;
}

void zobrist_free(zobrist *z)
{
	free(z->box);
	free(z->player);
	z->box = z->player = NULL;
}

uint64_t zobrist_boxes(const zobrist *z, const uint16_t *boxes, int count)
{
	uint64_t key = 0;
	for (int i = 0; i < count; i++)
		key ^= z->box[boxes[i]];
	return key;
}
