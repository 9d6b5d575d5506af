/* deadlock.h — deadlock detection: one family per file (dead_*.c) and one
 * entry point (deadlock.c) that runs the cheap checks first and the
 * expensive ones under a budget, and reports the kind and the boxes
 * involved.
 *
 * Soundness is the rule of every detector here: a position from which the
 * level can still be solved is never reported dead. Each file proves it in
 * its header comment, and test_oracle checks it against an exhaustive
 * solver on every reachable position of thousands of small levels. */
#ifndef HAKO_DEADLOCK_H
#define HAKO_DEADLOCK_H

#include <stdint.h>

#include "board.h"
#include "memory.h"

typedef enum deadlock_kind {
	DEADLOCK_NONE = 0,
	DEADLOCK_SIMPLE,    /* a box on a dead square */
	DEADLOCK_FREEZE,    /* boxes that can never move again, one off a goal */
	DEADLOCK_BIPARTITE, /* no perfect matching of boxes to reachable goals */
	DEADLOCK_DIAGONAL,  /* a closed diagonal of boxes and walls */
	DEADLOCK_CORRAL     /* an area the player cannot reach that can never be cleared */
} deadlock_kind;

#define DEADLOCK_KINDS 6
extern const char *const deadlock_kind_names[DEADLOCK_KINDS]; /* "none", "simple", ... */

/* A position as the detectors see it. */
typedef struct deadlock_position {
	const board *b;
	const uint8_t *occupied; /* per square: nonzero where a box stands */
	const uint16_t *boxes;   /* b->box_count squares, ascending */
	unsigned player;         /* the square the player stands on */
} deadlock_position;

/* Which boxes prove the deadlock: `boxes` has room for b->box_count. */
typedef struct deadlock_proof {
	deadlock_kind kind;
	int count;
	uint16_t *boxes;
} deadlock_proof;

/* ---- dead_freeze.c ------------------------------------------------------
 * Is the box on `square` frozen (blocked on both axes for good; a box
 * blocked by another box is frozen only if that box is, recursively; a box
 * under examination counts as a wall; dead squares on both sides of an axis
 * block it), with some frozen box of that group off a goal? `dead` is the
 * dead-square map to use (b->dead, or a refined one). On a deadlock fills
 * proof (kind DEADLOCK_FREEZE, the frozen boxes) and returns 1. */
int dead_freeze_check(const board *b, const uint8_t *occupied, const uint8_t *dead, unsigned square,
                      deadlock_proof *proof);
/* Mark every box of the position that can never move again (frozen[s] = 1
 * for such box squares, 0 elsewhere); returns how many. Used to turn frozen
 * boxes into walls. */
int dead_freeze_frozen(const board *b, const uint8_t *occupied, const uint16_t *boxes,
                       const uint8_t *dead, uint8_t *frozen);

/* A 64-bit key of the set of frozen boxes (0 when none is frozen), for
 * caching what was computed for one frozen set. */
uint64_t dead_freeze_key(const board *b, const uint16_t *boxes, const uint8_t *frozen);

/* ---- dead_diagonal.c ----------------------------------------------------
 * A closed diagonal deadlock through the box on `square`. */
int dead_diagonal_check(const board *b, const uint8_t *occupied, unsigned square,
                        deadlock_proof *proof);

/* ---- dead_bipartite.c ---------------------------------------------------
 * Perfect matching of boxes to goals where a box may only take a goal it
 * can reach (frozen boxes as walls, a frozen box on a goal keeps it). */
typedef struct dead_bipartite dead_bipartite;
dead_bipartite *dead_bipartite_new(const board *b, memory *mem);
void dead_bipartite_free(dead_bipartite *d);
int dead_bipartite_check(dead_bipartite *d, const deadlock_position *p, const uint8_t *frozen,
                         deadlock_proof *proof);

/* ---- dead_corral.c ------------------------------------------------------
 * Corral deadlocks: the areas the player cannot reach, searched under a node
 * budget with results cached by the corral's pattern. */
typedef struct dead_corral dead_corral;
dead_corral *dead_corral_new(const board *b, memory *mem, size_t cache_bytes);
void dead_corral_free(dead_corral *d);
/* Returns 1 with a proof (the corral's boxes) when some corral can never be
 * cleared; 0 when none is proven dead within `node_budget` pushes. */
int dead_corral_check(dead_corral *d, const deadlock_position *p, uint64_t node_budget,
                      deadlock_proof *proof);
/* After dead_corral_check returned 1: its proof as a pattern to learn
 * (dead_pattern.h; valid until the next call). 0 after any other result. */
struct dead_pattern_spec;
int dead_corral_pattern(const dead_corral *d, struct dead_pattern_spec *out);
/* PI-corral pruning: when a corral exists whose boundary boxes can only be
 * pushed into it, sets allowed[s] = 1 for exactly the box squares whose
 * pushes the search needs to generate, and returns 1; returns 0 (allowed
 * untouched) when every push must be generated. */
int dead_corral_pi(dead_corral *d, const deadlock_position *p, uint8_t *allowed);
/* The player's region of the position the next check or PI call looks at,
 * already flooded by the caller (reach_has(r, s) for each square), so the
 * corral code need not flood it again; NULL: flood it. */
struct reach;
void dead_corral_given_reach(dead_corral *d, const struct reach *r);
/* With `on`, a corral the search finds a way out of is searched again with
 * the boxes that get out of it dropped (the escape search, dead_corral.c);
 * off by default. A cache made with it off may say alive where it would
 * now say dead (still sound), so set it before the first check. */
void dead_corral_escape(dead_corral *d, int on);

/* ---- deadlock.c: the one entry point ------------------------------------ */
typedef struct deadlock_checker deadlock_checker;

/* Which detectors run (for the oracle, benchmarks and the player). */
enum {
	DEADLOCK_USE_FREEZE = 1 << 0,
	DEADLOCK_USE_BIPARTITE = 1 << 1,
	DEADLOCK_USE_DIAGONAL = 1 << 2,
	DEADLOCK_USE_CORRAL = 1 << 3,
	DEADLOCK_USE_FROZEN_WALLS = 1 << 4,
	/* With DEADLOCK_USE_CORRAL: the corral escape search too. */
	DEADLOCK_USE_CORRAL_ESCAPE = 1 << 6,
	DEADLOCK_USE_ALL = ((1 << 5) - 1) | DEADLOCK_USE_CORRAL_ESCAPE,
	/* Not a detector: run the bipartite check only when some box is
	 * frozen. Without frozen boxes it finds exactly the positions whose
	 * matching bound is infinite, which a caller computing that bound
	 * (the search) already rejects. */
	DEADLOCK_BIPARTITE_FROZEN_ONLY = 1 << 5
};

deadlock_checker *deadlock_checker_new(const board *b, memory *mem, unsigned use);
void deadlock_checker_free(deadlock_checker *c);
/* Check a position. `pushed` is the square of the box just pushed (the
 * local checks look around it) or SQUARE_NONE to check every box. The
 * corral search spends at most `node_budget` pushes. */
deadlock_kind deadlock_check(deadlock_checker *c, const deadlock_position *p, unsigned pushed,
                             uint64_t node_budget, deadlock_proof *proof);
/* deadlock_check in its two parts, in its order: the local checks around
 * the pushed box (dead squares, freeze, diagonal), then the whole-board
 * ones (frozen boxes as walls, the bipartite check, the learned corral
 * patterns and the corral search; node_budget 0: no corrals). A search may
 * run the second part later than the first (the move-optimal A* runs it
 * when a node comes off the open list): together they decide what
 * deadlock_check decides. */
deadlock_kind deadlock_check_local(deadlock_checker *c, const deadlock_position *p, unsigned pushed,
                                   deadlock_proof *proof);
deadlock_kind deadlock_check_global(deadlock_checker *c, const deadlock_position *p,
                                    unsigned pushed, uint64_t node_budget, deadlock_proof *proof);

/* PI-corral pruning through the checker's corral detector (see
 * dead_corral_pi); 0 when the checker has no corral detector. */
int deadlock_pi_corral(deadlock_checker *c, const deadlock_position *p, uint8_t *allowed);
/* See dead_corral_given_reach: for the next call only; clear it with NULL. */
void deadlock_given_reach(deadlock_checker *c, const struct reach *r);
/* The counters of the checker's learned patterns (dead_pattern.h); zeros
 * without the corral detector. */
struct dead_pattern_stats;
void deadlock_get_pattern_stats(const deadlock_checker *c, struct dead_pattern_stats *out);

#endif
