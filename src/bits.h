/* bits.h — bit tricks shared by the modules that keep squares as bitmaps
 * (search_astar.c's packed positions, pdb_zone.c's areas). */
#ifndef HAKO_BITS_H
#define HAKO_BITS_H

#include <stdint.h>

/* The index of the lowest set bit of a nonzero word. */
static inline unsigned bits_lowest(uint64_t bits)
{
#if defined(__GNUC__) || defined(__clang__)
	return (unsigned)__builtin_ctzll(bits);
#else
	unsigned k = 0;
	for (; !(bits & 1); bits >>= 1)
		k++;
	return k;
#endif
}

#endif
