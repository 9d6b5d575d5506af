/* fess.h — the pieces of the feature-space search (search_fess.c): box
 * moves (fess_moves.c) and the plan and features (fess_plan.c).
 *
 * A box move takes one box from its square to another square by any
 * number of pushes of that box alone, the other boxes standing still — the
 * way a player thinks of a level ("this box goes there"). Every push
 * sequence of a solution splits into such moves (one per run of pushes of
 * the same box), so a search over box moves loses no solution; path
 * reconstruction expands a move into its pushes again. */
#ifndef HAKO_FESS_H
#define HAKO_FESS_H

#include <stdint.h>

#include "board.h"
#include "memory.h"
#include "reach.h"
#include "search.h"

/* One box move: the box on `from` ends on `to`, the last push toward
 * `dir` (the player stands on the square before `to`, seen along dir). */
typedef struct fess_move {
	uint16_t from, to;
	uint16_t pushes; /* how many pushes it takes (fewest) */
	uint8_t dir;
	uint8_t areas; /* areas of free floor after the move (clamped) */
} fess_move;

/* Scratch of the box-move breadth-first search; no allocation per call. */
typedef struct fess_mover {
	const board *b;
	uint32_t *seen_stamp; /* per square: seen_mask valid when == generation */
	uint8_t *seen_mask;   /* bit d: (square, player on side d) queued */
	uint8_t *done_mask;   /* bit d: that side's component expanded */
	uint32_t generation;
	uint32_t *queue; /* (square << 2 | side) entries, with the push count */
	uint16_t *depth; /* per queue entry */
	uint32_t *prev;  /* per (square << 2 | side): the entry it came from */
	/* depth-first search of the floor (see analyze) */
	uint32_t *disc, *low, *end;
	uint16_t *parent, *stack;
	uint8_t *next_dir;
	int components; /* areas of free floor with the moving box lifted */
	size_t bytes;
	memory *mem;
} fess_mover;

hako_status fess_mover_init(fess_mover *m, const board *b, memory *mem);
void fess_mover_free(fess_mover *m);

/* Every box move of the box on `origin`: `occupied` is the position (the
 * box on origin included; it is restored before returning), `player` the
 * player's region in it (a reach filled for this position). Squares marked
 * in b->dead are never entered. Writes up to `capacity` moves, returns how
 * many there are (more than capacity: the rest were dropped). */
int fess_box_moves(fess_mover *m, uint8_t *occupied, unsigned origin, const reach *player,
                   fess_move *out, int capacity);

/* The pushes of `move` from the position (occupied, player region), the
 * first first: writes move->pushes entries to out; returns the count, or
 * -1 if the move cannot be found (a bug: the caller gives up). */
int fess_move_pushes(fess_mover *m, uint8_t *occupied, const reach *player, const fess_move *move,
                     search_push *out, int capacity);

/* The fewest pulls that take the box on `origin` (a goal) to a square
 * marked in `target` (NULL: any square that is no goal), the player
 * starting on any side of it, the other boxes of `occupied` standing
 * still; -1 when impossible within `limit` pulls. */
int fess_pull_out(fess_mover *m, uint8_t *occupied, unsigned origin, int limit,
                  const uint8_t *target);

/* Every pull move of the box on `origin` (the backward search of
 * fess_pullplan.c): like fess_box_moves with pulls, the player starting in
 * `player`; a move's dir is the side of `to` the player ends on. */
int fess_box_pulls(fess_mover *m, uint8_t *occupied, unsigned origin, const reach *player,
                   fess_move *out, int capacity);

/* ---- fess_plan.c: packing order and the features ---------------------- */

/* The features of a position: FESS's projection of the state space. */
typedef struct fess_features {
	uint8_t packed;       /* goals filled in their packing order */
	uint8_t connectivity; /* separate areas of free floor */
	uint8_t out_of_plan;  /* boxes on goals ahead of their packing order */
	uint8_t rooms;        /* links between rooms with a box in them */
} fess_features;

typedef struct fess_plan {
	int goal_count;
	uint16_t *order; /* the goals, first to fill first */
	uint16_t *rank;  /* per goal square: its layer (1 = comes out first, filled last) */
	uint16_t *area;  /* per square: goal area id (goals only) */
	int area_count;
	uint32_t *stamp; /* flood scratch */
	uint32_t generation;
	uint16_t *queue;
	/* Room connectivity: corridors one square wide that join rooms (or
	 * one room at two places); link[s] = 1 + the corridor's id, 0 = none. */
	uint16_t *link;
	int link_count;
	uint16_t *link_boxes; /* per link: boxes in it (fess_links_blocked) */
	size_t bytes;
	memory *mem;
	/* The plan of a backward search (fess_pullplan.c), when there is one:
	 * steps 1..entry_count, step k puts a box on entry_square[k] and it
	 * stays there up to step entry_until[k] - 1 (entry_count + 1: for
	 * good). final_entry[goal]: the step that fills the goal for good. */
	int entry_count;
	uint16_t *entry_square, *entry_until, *final_entry;
	int *cover; /* scratch, and the block's start */
	size_t entry_bytes;
	uint32_t backward_expansions;
	int backward_left; /* boxes the best backward position left on the board */
} fess_plan;

/* Compute the packing order by taking boxes off the filled goals (pulls),
 * the box easiest to take out first; the order is the reverse. */
hako_status fess_plan_init(fess_plan *p, const board *b, memory *mem);
/* The same, stopping with HAKO_ERR_LIMIT when `stop` (NULL: none) passes. */
struct deadline;
hako_status fess_plan_init_until(fess_plan *p, const board *b, memory *mem, struct deadline *stop);
void fess_plan_free(fess_plan *p);
/* Replace the order's use in the features by a plan from a backward
 * search of at most `expansions` expansions (fess_pullplan.c). The plan is
 * kept only when the search took at least one box off a goal. */
hako_status fess_plan_backward(fess_plan *p, const board *b, memory *mem, struct deadline *stop,
                               uint32_t expansions);
/* Back to the layered order (the backward plan's memory freed). */
void fess_plan_drop_backward(fess_plan *p);
void fess_features_of(fess_plan *p, const board *b, const uint8_t *occupied, fess_features *out);
/* The empty goals to fill next: per goal area, those of the deepest layer
 * not yet full. Writes them to out (room for every goal), returns how many. */
int fess_next_goals(fess_plan *p, const uint8_t *occupied, uint16_t *out);
/* packed and out_of_plan only (connectivity and rooms left as they were). */
void fess_packing_of(fess_plan *p, const uint8_t *occupied, fess_features *out);
/* The rooms feature of the position `boxes`: links with a box not on a
 * goal in them. Keeps the count per link for fess_links_delta. */
int fess_links_blocked(fess_plan *p, const board *b, const uint16_t *boxes, int count);
/* How the rooms feature changes when the box on `from` goes to `to` in the
 * position last given to fess_links_blocked. */
int fess_links_delta(const fess_plan *p, const board *b, unsigned from, unsigned to);

/* ---- fess_hotspot.c: boxes in other boxes' way ------------------------ */

/* blocks[a * n + b]: a lone box on a (off the goals) reaches fewer goals
 * with a wall on b (off the goals) than on the empty board. No table
 * (blocks NULL) on a level too large for it, or out of time. */
typedef struct fess_hotspots {
	int n;
	uint8_t *blocks;
	size_t bytes;
	uint64_t pairs; /* pairs (a, b) set */
	memory *mem;
} fess_hotspots;

hako_status fess_hotspots_init(fess_hotspots *h, const board *b, fess_mover *m, memory *mem,
                               struct deadline *stop);
void fess_hotspots_free(fess_hotspots *h);
/* The hotspots of the position `boxes`: boxes off the goals that cost
 * another box off the goals a goal. victims[square of each box] gets the
 * number of boxes it costs one (0 on goals); the other entries are left. */
int fess_hotspots_count(const fess_hotspots *h, const uint16_t *boxes, int count,
                        uint16_t *victims);
/* The hotspots after the box on `from` goes to `to`, from the position's
 * count `hot` and `victims` (fess_hotspots_count). */
int fess_hotspots_after(const fess_hotspots *h, const uint16_t *boxes, int count,
                        const uint16_t *victims, int hot, unsigned from, unsigned to);

/* ---- search_fess.c: restarts ------------------------------------------ */

/* The Luby sequence from i = 1: 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 ...; 0 at 0. */
uint64_t fess_luby(uint64_t i);
/* The runs of a FESS engine just opened (search_engine_fess.open): the
 * first takes `first` × `unit` expansions, run r after it unit ×
 * fess_luby(r); unit 0: one run, never restarted. The engine's own
 * setting is RESTART_UNIT and RESTART_FIRST (search_fess.c); this is for
 * the tests and hako-engine. */
void search_fess_restarts(void *self, uint64_t unit, uint64_t first);
/* The packing plan: a backward search of at most this many expansions
 * (fess_pullplan.c), FESS's own and hako-engine -p's. The peers' plans
 * come from such a search. On 88 of the 90 XSokoban levels it takes every
 * box home within 2,000 (14 to 34 expansions on the hard ones), on level
 * 35 in 6,805, which FESS then solves; where it never does, 10,000 cost a
 * second or two (Sasquatch 34: 2.4 s, against 1.1 s with 2,000; BENCH.md). */
#define FESS_BACKWARD_PLAN_EXPANSIONS 10000u
/* The packing plan of a FESS engine just opened: from a backward search of
 * at most `expansions` expansions (fess_pullplan.c), or with 0 the
 * layered order of fess_plan_init. The engine's own setting is
 * FESS_BACKWARD_PLAN_EXPANSIONS; the search starts over from its root. */
hako_status search_fess_plan(void *self, uint32_t expansions);

#endif
