/* pdb.h — pattern databases: the exact pushes every pair of boxes needs to
 * reach two goals when every other box is taken off the board, and the
 * admissible bound that combines them with the matching bound. */
#ifndef HAKO_PDB_H
#define HAKO_PDB_H

#include <stdint.h>

#include "board.h"
#include "bound.h"
#include "memory.h"
#include "pdb_zone.h"
#include "reach.h"

#define PDB_INFINITE 0xFFu
#define PDB_SLOTS 8 /* the four neighbours of each box of a pair */

typedef struct pdb_budget {
	size_t bytes;    /* table and build scratch at most */
	uint64_t states; /* pair states expanded at most (deterministic) */
	double seconds;  /* wall time at most; <= 0: none (a safety net) */
	/* The search's own deadline (its time limit, Ctrl-C), looked at as
	 * the zone tables fill (pdb_zone.h); NULL: none. */
	struct deadline *stop;
} pdb_budget;

typedef struct pdb_stats {
	uint64_t lookups; /* pdb_bound calls */
	uint64_t raised;  /* of those, where the bound beat the matching */
	uint64_t dead;    /* of those, where a pair could never be solved */
} pdb_stats;

typedef struct pdb {
	int ready; /* 0: over budget, no table (pdb_bound = matching) */
	int square_count, box_count;
	/* [pair(a, c) * PDB_SLOTS + slot]: pushes, capped at 254; PDB_INFINITE
	 * when the pair can never be solved with the player on that slot's
	 * side, or the slot is a wall or the other box. pair(a, c) with a < c
	 * is c * (c - 1) / 2 + a; slots 0-3 are a's neighbours (direction),
	 * 4-7 c's. */
	uint8_t *cost;
	size_t entries;
	/* [pair(a, c)]: 1 when some side's value exceeds the two boxes' own
	 * nearest-goal distances or is infinite; else the pair can never
	 * beat the matching (which gives each box at least that) and
	 * pdb_bound skips it. */
	uint8_t *interesting;
	/* scratch for pdb_bound, box_count each */
	uint32_t *assigned;
	uint8_t *grouped;
	uint32_t *candidates; /* (gain << 20 | i << 10 | j), up to box_count^2 / 2 */
	memory *mem;
	size_t bytes;
	uint64_t built_states; /* pair states expanded by the build */
	pdb_stats stats;
	/* The zone tables (pdb_zone.h): built by pdb_build_zones, not by
	 * pdb_build; pdb_bound takes their value too when ready. */
	pdb_zones zones;
} pdb;

/* Build the pair table for b within the budget; HAKO_OK with ready == 0
 * when over it (the search goes on without), HAKO_ERR_NOMEM only when the
 * scratch for pdb_bound cannot be had. */
hako_status pdb_build(pdb *p, const board *b, memory *mem, const pdb_budget *budget);
void pdb_free(pdb *p);
/* Build the zone tables too (pdb_zones_build), within their own budget. */
struct symmetry;
hako_status pdb_build_zones(pdb *p, const board *b, memory *mem, const pdb_budget *budget,
                            const struct symmetry *sym, uint32_t start_bound, unsigned depth);

/* Pushes boxes a and c need at least, alone on the board, with the player
 * in the region `player` (a flood of the real position; NULL: unknown, the
 * minimum over the player's sides). PDB_INFINITE: never solvable. */
uint32_t pdb_pair(const pdb *p, const board *b, unsigned a, unsigned c, const reach *player);

/* The bound of the position: max(matching, pairs + matching of the rest,
 * the zones' split when their tables are ready). `floor`: a lower bound
 * the caller knows already (0: none; the search passes its parent's bound
 * less the cost of the step, pathmax): the zones' search for a better
 * split stops once it is at or below it, so the result is a lower bound
 * whenever floor is one;
 * `matching` is bound_matching's value on `boxes`, just computed with `bd`
 * (its assignment is read). BOUND_INFINITE when a pair can never be solved.
 * Overwrites bd's matching state. */
uint32_t pdb_bound(pdb *p, bound *bd, const board *b, const uint16_t *boxes, const reach *player,
                   uint32_t matching, uint32_t floor);

#endif
