/* pdb_zone.h — zone pattern databases: the goals not under a frozen box
 * split in two zones, and for each zone a table of the exact pushes any
 * set of as many boxes as the zone has goals needs to fill that zone's
 * goals with every other box taken off the board (the boxes frozen on
 * goals at the start stay, as walls). The bound of a position is the
 * cheapest way to split its boxes between the zones (pdb_zone.c has the
 * proof that it is a lower bound). Built at most once a search, when the
 * search has shown it needs more than the pair tables (search_astar.c). */
#ifndef HAKO_PDB_ZONE_H
#define HAKO_PDB_ZONE_H

#include <stdint.h>

#include "board.h"
#include "memory.h"
#include "reach.h"

struct pdb_budget;
struct symmetry;

#define ZONE_SLOTS 4     /* player areas told apart per box set */
#define ZONE_MAX_GOALS 8 /* goals in a zone at most */
#define ZONE_WORDS 4     /* squares as bitmaps: levels of at most 256 squares */
#define ZONE_FULL 0xFDu  /* a depth: the tables' searches to their end */

typedef struct zmask {
	uint64_t w[ZONE_WORDS];
} zmask;

typedef struct zone_table {
	int k;                          /* goals (and boxes) of the zone */
	uint16_t goals[ZONE_MAX_GOALS]; /* ascending squares */
	uint64_t sets;                  /* k-subsets of the live squares */
	uint8_t *cost;                  /* [set * ZONE_SLOTS + area] */
	uint8_t *least;                 /* [set]: the least over the areas */
	uint16_t *nearest;              /* [square]: fewest pushes to a goal of the zone */
	/* A zone that is the image of zone 0 under a symmetry of the level
	 * (its goals and the frozen boxes onto zone 0's and the frozen boxes):
	 * its problems are zone 0's in that image, so it reads zone 0's
	 * table (cost and least borrowed) through `via`, the symmetry's map
	 * of squares. NULL: a table of its own. */
	const uint16_t *via;
	uint16_t *via_live; /* [live index]: its image's live index (via only) */
	/* The breadth-first search, kept while it may go on (pdb_zones_finish):
	 * its queue of entries (set * ZONE_SLOTS + area), and what an entry it
	 * has not reached reads as (0xFF: never solvable). */
	uint32_t *queue;
	uint64_t head, tail, capacity;
	uint8_t unseen;
} zone_table;

typedef struct pdb_zones {
	int ready; /* 0: no tables (over budget, or the level has no use) */
	int square_count, live_count, movable;
	uint16_t *live_index; /* [square]: index among the live squares, or 0xFFFF */
	uint16_t *live;       /* [index]: the live squares, ascending */
	uint8_t *fixed;       /* [square]: a box frozen on a goal from the start */
	uint16_t *fixed_list;
	int fixed_count;
	uint64_t *binomial; /* [(live_count + 1) * (ZONE_MAX_GOALS + 1)] */
	zone_table zone[2];
	uint64_t states_left; /* of the budget's, for pdb_zones_finish */
	double seconds;       /* spent by pdb_zones_build */
	int complete;         /* every table's search ran to its end */
	int words;            /* of a bitmap in use: (square_count + 63) / 64 */
	zmask open;           /* the floor without the fixed boxes */
	zmask *neighbours;    /* [square]: its floor neighbours */
	memory *mem;
	size_t bytes;
} pdb_zones;

/* Build the two zones' tables for b within the budget (bytes and states
 * for all of them, seconds a safety net), their searches taken to `depth`
 * pushes (ZONE_FULL: to their end); the entries beyond read as depth + 1. The goals are split by
 * rows first; the split by columns is tried only when the first does not beat `start_bound` (the
 * caller's bound of the start) there, and the split with the larger start value is kept. `sym`
 * (NULL: none): the level's symmetries, to read a zone through another's table. HAKO_OK with ready
 * == 0 when over budget or the level does not fit (more goals than two zones hold, a zone of one
 * goal); HAKO_ERR_NOMEM only for the small scratch. */
hako_status pdb_zones_build(pdb_zones *z, const board *b, memory *mem,
                            const struct pdb_budget *budget, const struct symmetry *sym,
                            uint32_t start_bound, unsigned depth);
/* Go on with the tables' searches to their end (pdb_zones_build took them
 * to `depth` pushes only), within the budget's states and seconds. */
void pdb_zones_finish(pdb_zones *z, const board *b, const struct pdb_budget *budget);
void pdb_zones_free(pdb_zones *z);

/* The zones' lower bound on the pushes left of the position `boxes`
 * (box_count of them, in any order), the player in the region `player` (a
 * flood of the real position; NULL: the least over the areas).
 * BOUND_INFINITE when no split can ever be solved; 0 when the tables do
 * not apply (a frozen box is not in its place: not a position of this
 * level's start). `at_least`: a bound the caller has already; the search
 * for a better split stops at it (the result is then at most at_least). */
uint32_t pdb_zones_bound(pdb_zones *z, const board *b, const uint16_t *boxes, const reach *player,
                         uint32_t at_least);
/* The same with the player on `player` (a square; SQUARE_NONE: unknown). */
uint32_t pdb_zones_bound_square(pdb_zones *z, const board *b, const uint16_t *boxes,
                                unsigned player, uint32_t at_least);

#endif
