/* oracle.h — an exhaustive push-level solver for small levels, and the
 * harness that holds every deadlock detector to its verdicts.
 *
 * The solver (oracle.c) owns nothing from the library but the public level
 * reader: its own squares, its own move generation, its own player
 * normalization. It enumerates every position reachable from the start and
 * marks exactly which can still be solved. The harness (oracle_check.c)
 * then asks each detector configuration about every one of those positions:
 * a solvable position called dead is a false positive. Shared by
 * test_oracle (ctest) and the hako-oracle bench program. */
#ifndef HAKO_ORACLE_H
#define HAKO_ORACLE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hako.h"

/* ---- oracle.c: the exhaustive solver ------------------------------------ */

#define ORACLE_DEFAULT_STATES ((size_t)2000000)

typedef struct oracle_options {
	size_t max_states; /* positions to enumerate at most; 0: ORACLE_DEFAULT_STATES */
	/* Do not expand positions with a box on a square from which a lone box
	 * can reach no goal (the oracle's own exact lone-box game decides it).
	 * Exact: such a box can only be pushed to squares that are dead too, so
	 * every position left out is unsolvable. Off by default, because it
	 * leaves dead positions out of the census. */
	int prune_dead_squares;
} oracle_options;

typedef enum oracle_status {
	ORACLE_OK = 0,
	ORACLE_OVER_BUDGET, /* more than max_states reachable positions */
	ORACLE_INVALID,     /* the level is not playable (hako_level_status) */
	ORACLE_NOMEM
} oracle_status;

typedef struct oracle oracle;

/* Enumerate and solve. On ORACLE_OK *out holds the result (oracle_free). */
oracle_status oracle_solve(const hako_level *level, const oracle_options *options, oracle **out);
void oracle_free(oracle *o);

/* Positions, numbered 0..count-1 in breadth-first order (0 is the start). */
size_t oracle_count(const oracle *o);
int oracle_box_count(const oracle *o);
int oracle_width(const oracle *o);
/* Boxes as grid indices (y * width + x), ascending; player = the smallest
 * grid index the player can walk to (the normalized player). */
void oracle_position(const oracle *o, size_t i, int32_t *boxes, int32_t *player);
/* The push that first reached position i: where the pushed box now stands
 * and where the player stands right after it; both -1 for the start. */
int32_t oracle_pushed(const oracle *o, size_t i);
int32_t oracle_pusher(const oracle *o, size_t i);
/* Fewest pushes from the start to position i. */
uint32_t oracle_depth(const oracle *o, size_t i);
/* 1 if every box can still be brought onto a goal from position i. */
int oracle_solvable(const oracle *o, size_t i);
size_t oracle_solvable_count(const oracle *o);
/* Fewest pushes from position i to a solved position; UINT32_MAX if dead. */
uint32_t oracle_to_goal(const oracle *o, size_t i);
/* The positions one push away from i (each push gives a different one). */
size_t oracle_successors(const oracle *o, size_t i, const uint32_t **successors);
/* Fewest pushes that solve the level, -1 if it cannot be solved. */
long oracle_optimal_pushes(const oracle *o);
/* With prune_dead_squares: 1 if a lone box on that grid square reaches no
 * goal from any side in the oracle's own lone-box game, 0 if it does; -1
 * without pruning or for a square the player can never reach. */
int oracle_lone_box_dead(const oracle *o, int32_t grid);
/* A position as XSB rows (the player on `player`); malloc'd, NULL on no memory. */
char *oracle_xsb(const oracle *o, const int32_t *boxes, int32_t player);

/* ---- oracle_check.c: every detector against the oracle ------------------ */

/* One detector configuration, called both on every box (pushed = none) and
 * the way the search calls it (pushed = the box the last push moved). */
typedef struct oracle_config {
	const char *name;
	unsigned use; /* DEADLOCK_USE_* flags; 0: simple dead squares only */
} oracle_config;

#define ORACLE_CONFIGS 8
#define ORACLE_MODES 2 /* 0: pushed = SQUARE_NONE, 1: pushed = the moved box */
extern const oracle_config oracle_configs[ORACLE_CONFIGS];

typedef struct oracle_tally {
	uint64_t checked;         /* positions asked about */
	uint64_t false_positives; /* solvable positions called dead */
	uint64_t bad_proofs;      /* a verdict whose proof names a square without a box */
	uint64_t dead;            /* unsolvable positions asked about */
	uint64_t caught;          /* of those, called dead */
	uint64_t frontier;        /* dead positions one push from a solvable one */
	uint64_t frontier_caught; /* of those, called dead */
	uint64_t nanoseconds;     /* in deadlock_check (when timing) */
	/* mode 1: positions where deadlock_check_local and then
	 * deadlock_check_global (the move-optimal search's two parts) did
	 * not call dead exactly what deadlock_check did */
	uint64_t split_mismatches;
} oracle_tally;

/* PI-corral pruning (dead_corral_pi through deadlock_pi_corral), held to
 * its claim: a solvable position keeps a push-optimal solution that starts
 * with a push of an allowed box. */
typedef struct oracle_pi_tally {
	uint64_t checked;     /* solvable positions asked */
	uint64_t restricted;  /* of those, where a PI-corral restricted the pushes */
	uint64_t violations;  /* no allowed push starts a push-optimal solution */
	uint64_t pushes_all;  /* legal pushes of the restricted positions */
	uint64_t pushes_kept; /* of those, pushes of allowed boxes */
} oracle_pi_tally;

typedef struct oracle_totals {
	uint64_t levels, covered, over_budget, invalid;
	uint64_t positions, solvable, dead;
	uint64_t kinds[8]; /* "all", every box, dead positions: verdicts by deadlock_kind */
	oracle_tally tally[ORACLE_CONFIGS][ORACLE_MODES];
	oracle_pi_tally pi;
} oracle_totals;

typedef struct oracle_check_options {
	oracle_options oracle;
	uint64_t corral_budget; /* node budget passed to deadlock_check */
	int timing;             /* measure the time spent per configuration */
	int max_reports;        /* false positives printed per level */
} oracle_check_options;

/* Solve `level` with the oracle and run every configuration over every
 * reachable position, adding to `totals`. False positives are printed to
 * `log` (label, configuration, position as XSB). Returns the number of
 * false positives and bad proofs found in this level. */
uint64_t oracle_check_level(const hako_level *level, const char *label,
                            const oracle_check_options *options, oracle_totals *totals, FILE *log);

/* The per-configuration table in Markdown. */
void oracle_print_table(const oracle_totals *totals, FILE *out);

/* ---- oracle_bound.c: the lower bounds against the oracle ---------------- */

typedef struct oracle_bound_totals {
	uint64_t levels, covered, tables, zone_tables, mirrored;
	uint64_t solvable, dead, violations;
	uint64_t sum_exact, sum_matching, sum_patterns; /* over solvable positions */
	uint64_t exact_matching, exact_patterns, raised;
	uint64_t dead_matching, dead_patterns, dead_zones; /* dead positions called infinite */
} oracle_bound_totals;

/* Every reachable position of `level` (at most max_states): the matching
 * bound and the pattern-database bound (src/pdb.c, unlimited budget) held
 * to the exact pushes left. Violations are printed to `log` and returned. */
uint64_t oracle_bound_level(const hako_level *level, const char *label, size_t max_states,
                            oracle_bound_totals *totals, FILE *log);
void oracle_bound_print(const oracle_bound_totals *totals, FILE *out);

#endif
