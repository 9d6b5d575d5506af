/* shorten.h — the post-pass that shortens a solution found by the
 * non-optimal search: cut cycles (a position reached twice), then re-solve
 * short windows of consecutive pushes push-optimally (moves second) and
 * splice in what is shorter. Works on pushes (search_push); the walks
 * between them are shortest paths, as solver.c's LURD rebuilding makes them. */
#ifndef HAKO_SHORTEN_H
#define HAKO_SHORTEN_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "reach.h"
#include "search.h"

typedef struct shorten_limits {
	uint64_t nodes;        /* expansions for all window searches; 0: change nothing */
	double seconds;        /* wall-clock budget; <= 0: none */
	int window;            /* most pushes in one window (0: the default; 1: no
	                          window searches, cycle cutting only) */
	uint64_t window_nodes; /* expansions per window search (0: the default) */
} shorten_limits;

typedef struct shorten_report {
	long moves_before, pushes_before; /* moves = walks + pushes */
	long moves_after, pushes_after;
	uint64_t nodes; /* window-search expansions spent */
	int cycles_cut; /* pushes removed by cycle cutting */
	int windows_improved;
	double seconds;
} shorten_report;

/* The limits hako_solve uses for a solution of `push_count` pushes under
 * a solve time limit of `time_limit` seconds (<= 0: none). */
shorten_limits shorten_default_limits(size_t push_count, double time_limit);
/* Bound the node budget by the search's own work (`generated`: children
 * the search made), so that on a small level the post-pass costs about
 * what the search did, never many times more (issue 14). */
void shorten_scale_to_search(shorten_limits *limits, uint64_t generated);

/* Shorten `pushes` (*count of them, first push first, solving the board
 * from its start) in place: *count never grows. The result is replayed on
 * the board before it is written back; on any doubt (an illegal push, a
 * final position that is not solved) or out of memory the pushes stay as
 * they were and HAKO_ERR_NOMEM / HAKO_OK is returned. `report` may be NULL. */
hako_status shorten_pushes(const board *b, search_push *pushes, size_t *count,
                           const shorten_limits *limits, shorten_report *report);

/* ---- shared by shorten.c and shorten_window.c (not for other callers) ---- */

#define SHORTEN_MAX_FREE 12 /* boxes a window search may move */

/* Scratch for window searches, allocated once per shorten_pushes call. */
typedef struct shorten_window {
	const board *b;
	int node_capacity;
	uint16_t *boxes;  /* node_capacity * SHORTEN_MAX_FREE */
	uint16_t *player; /* exact player square of each node */
	uint16_t *pushes; /* g in pushes */
	uint16_t *h;      /* the bound of each node */
	uint32_t *moves;  /* g in moves (walks + pushes) */
	int32_t *parent;
	search_push *via; /* the push from the parent */
	uint32_t *slot;   /* each node's entry in table */
	int32_t *table;   /* hash table of node indices, -1 empty */
	size_t table_capacity;
	struct shorten_heap_entry *heap;
	size_t heap_capacity;
	uint16_t *hmin;    /* per square: pushes to the nearest target square */
	uint16_t *queue;   /* per square */
	uint8_t *occupied; /* per square + 1: 1 where a box stands */
	reach walker, exit_walker;
} shorten_window;

/* One window: the boxes before it (all of them, ascending), the player's
 * square, and its pushes. */
typedef struct shorten_span {
	const uint16_t *boxes_before; /* box_count, ascending */
	unsigned player_before;
	const search_push *pushes; /* the window's pushes */
	size_t length;
	unsigned exit_behind; /* the square behind the push after the window;
	                         SQUARE_NONE when the window ends the solution */
	uint32_t moves;       /* the window's moves, with the walk to exit_behind */
} shorten_span;

hako_status shorten_window_init(shorten_window *w, const board *b, int node_capacity);
void shorten_window_free(shorten_window *w);
/* How many of the first `length` pushes can form one window: they move at
 * most SHORTEN_MAX_FREE boxes. */
size_t shorten_window_fit(const board *b, const search_push *pushes, size_t length);
/* Search for a replacement with fewer pushes, or as many and fewer moves,
 * that leaves every box where the span leaves it and the player free to
 * reach exit_behind. Only the boxes the span moves may move. Writes it to
 * out (span->length entries at most) and returns its length, or -1 when
 * nothing better was found within `node_limit` expansions. *expanded gets
 * the expansions spent. */
long shorten_window_search(shorten_window *w, const shorten_span *span, uint64_t node_limit,
                           double deadline, search_push *out, uint64_t *expanded);

#endif
