/* zobrist.h — fixed-seed 64-bit Zobrist keys: one per square for a box and
 * one per square for the (normalized) player; a position's key is the XOR. */
#ifndef HAKO_ZOBRIST_H
#define HAKO_ZOBRIST_H

#include <stdint.h>

#include "hako.h"

typedef struct zobrist {
	uint64_t *box;
	uint64_t *player;
} zobrist;

hako_status zobrist_init(zobrist *z, int square_count);
void zobrist_free(zobrist *z);
uint64_t zobrist_boxes(const zobrist *z, const uint16_t *boxes, int count);

#endif
