/* symmetry.h — the symmetries of a level: the mirror images and rotations
 * of the grid that map its floor onto its floor and its goals onto its
 * goals. A position and its image need the same pushes and the same moves
 * to be solved, so the optimal searches keep one position of each such set
 * (search_astar.c). */
#ifndef HAKO_SYMMETRY_H
#define HAKO_SYMMETRY_H

#include <stdint.h>

#include "board.h"
#include "memory.h"

/* The dihedral group of the square: four rotations, four mirrors. */
#define SYMMETRY_MAX 8

typedef struct symmetry {
	int count; /* the level's symmetries, the identity first: 1 for none */
	/* [k][square]: the image of the square under symmetry k (map[0] is
	 * the identity) */
	uint16_t *map[SYMMETRY_MAX];
	uint8_t dir[SYMMETRY_MAX][4]; /* [k][d]: the image of direction d */
	uint8_t inverse[SYMMETRY_MAX];
	/* [a][c]: the symmetry "c, then a" (map[a][map[c][s]] for every s) */
	uint8_t compose[SYMMETRY_MAX][SYMMETRY_MAX];
	memory *mem;
	int square_count;
} symmetry;

/* Find the symmetries of board b (their maps charged to mem).
 * HAKO_ERR_NOMEM: none kept (count 1), the budget said no. */
hako_status symmetry_init(symmetry *y, const board *b, memory *mem);
void symmetry_free(symmetry *y);

/* The image of the ascending list `boxes` under symmetry k, ascending, in
 * out. */
void symmetry_boxes(const symmetry *y, int k, const uint16_t *boxes, int count, uint16_t *out);

#endif
