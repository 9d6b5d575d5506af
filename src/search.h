/* search.h — the searches over push-level states, and what they return:
 * the outcome and the pushes of the solution (box square and direction),
 * from which solver.c rebuilds the full LURD with walks. */
#ifndef HAKO_SEARCH_H
#define HAKO_SEARCH_H

#include <stdint.h>

#include "board.h"
#include "hako.h"

typedef struct search_push {
	uint16_t from; /* the box's square before the push */
	uint8_t dir;
} search_push;

typedef struct search_result {
	hako_outcome outcome;
	search_push *pushes; /* malloc'd, push_count entries, first push first */
	size_t push_count;
	hako_stats stats;
	/* The portfolio's engine that decided (its search_engine.name); NULL
	 * from an engine run alone, or when none decided. */
	const char *engine;
	/* Solved by a forward search that reached another engine's backward
	 * states in the meeting table (perimeter.h) and walked down them. */
	int met;
} search_result;

/* A* over pushes. HAKO_OPTIMAL_PUSHES: fewest pushes (states: boxes +
 * normalized player). HAKO_OPTIMAL_MOVES: fewest moves, then pushes
 * (states: boxes + exact player). HAKO_OPTIMAL_NONE: weighted A*, fast,
 * no optimality. */
hako_status search_astar(const board *b, const hako_solver_options *options, search_result *result);
void search_result_free(search_result *result);

/* solver.c: the LURD of `pushes` from the level's start, walking the
 * player by shortest paths to each push (malloc'd); NULL when a push is
 * impossible or out of memory. */
char *search_lurd(const board *b, const search_push *pushes, size_t count);

/* A search that runs in slices, so that a portfolio (portfolio.c) can
 * interleave several in one thread (reproducible: the same slices in the
 * same order) or give each its own thread. Each engine owns its memory
 * budget (options->memory_limit, already this engine's share) and checks
 * options->time_limit itself as well.
 *
 *     void *e = engine->open(b, options, &status);   NULL: status says why
 *     while (!engine->step(e, 256, &result)) ...      256 expansions a slice
 *     engine->close(e);
 *
 * step returns 0 while the search goes on, 1 when it has finished with
 * *result filled (solved with the pushes, unsolvable when proven, or
 * timeout / memout / node-limit). stats may be read between steps. */
struct perimeter;
typedef struct search_engine {
	const char *name;
	void *(*open)(const board *b, const hako_solver_options *options, hako_status *status);
	int (*step)(void *self, uint64_t nodes, search_result *result);
	void (*stats)(const void *self, hako_stats *out);
	void (*close)(void *self);
	/* Optional (NULL: the engine does not meet others): called once after
	 * open with the portfolio's meeting table (perimeter.h), which
	 * outlives the engine; a backward search stores its states there, a
	 * forward search finishes when it reaches one. */
	void (*share)(void *self, struct perimeter *meet);
	/* Its share of a portfolio's memory, against the others' (0 counts as
	 * SEARCH_MEMORY_WEIGHT): an engine that stops early needs little. */
	unsigned memory_weight;
	/* A portfolio opens it only once all its engines together have
	 * expanded this many states, or its thread has nothing else to run
	 * (0: at once): small levels never pay for it. */
	uint64_t start_after;
	/* Or, when positive, once the portfolio has run this many seconds of
	 * wall time (or its thread has nothing else to run): an engine for the
	 * levels that resist the others that long. A time limit no longer than
	 * this leaves it out. */
	double start_seconds;
} search_engine;

#define SEARCH_MEMORY_WEIGHT 8u

/* search_astar.c: the A* above as an engine; with HAKO_OPTIMAL_NONE the
 * weighted A* of the fast mode. search_astar() runs it to the end. */
extern const search_engine search_engine_astar;

/* portfolio.c: run several engines on one level and take the first that
 * solves it or proves it unsolvable. threads <= 1: interleaved in the
 * calling thread, in fixed slices, round robin — the same result every
 * time unless a time limit ends it or an engine opens by the clock
 * (start_seconds). threads >= 2: up to `threads` threads
 * (the calling thread is one): the first engines one to a thread, the
 * rest sharing the last (interleaved as with one). Each engine gets its
 * share (memory_weight) of options->memory_limit and the whole
 * node and time limit; a timeout or memout of one leaves the others
 * running. options->progress is called from the calling thread only, with
 * the stats summed over the engines; nonzero stops them all. The result's
 * stats are summed too (seconds: the portfolio's wall time). */
hako_status search_portfolio(const board *b, const hako_solver_options *options,
                             const search_engine *const *engines, int engine_count, int threads,
                             search_result *result);

/* search_fess.c: feature-space search (FESS) over box moves. */
extern const search_engine search_engine_fess;
/* The same without the forced-move rule, opened late (search_fess.c). */
extern const search_engine search_engine_fess_plain;
/* search_bidir.c: greedy forward pushes and backward pulls from every
 * goal-side position, meeting in the middle (issue 5). */
extern const search_engine search_engine_bidir;
/* search_bidir.c: its forward side alone, ordered by the packing plan. */
extern const search_engine search_engine_order;
/* search_bidir.c: the bidirectional search with the backward side's ties
 * newest first (YASS's backward order), opened late in the portfolio. */
extern const search_engine search_engine_bidir_newest;
/* search_bidir.c: Festival's HF pair, the backward side first (ranked by
 * areas of floor and the boxes' spread), then the forward side toward its
 * best layout; opens after the first expansion in the portfolio, gives up
 * after 40,000. */
extern const search_engine search_engine_bidir_hf;

/* Whether options->macros turns on `which` (one HAKO_MACRO_* bit):
 * HAKO_MACRO_ALL turns on every macro. */
static inline int search_macro_on(const hako_solver_options *options, int which)
{
	return (options->macros & HAKO_MACRO_ALL) || (options->macros & which);
}

/* Monotonic seconds (clock_gettime). */
double search_now(void);

/* search.c: the defaults zero options stand for (hako.h: memory 1 GiB,
 * progress every 65536 nodes), applied once by hako_solve; the engines and
 * the portfolio read the options as they are. */
void search_options_normalize(hako_solver_options *o);

#endif
