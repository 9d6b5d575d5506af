/* hako.h — the one public header of libhako: Sokoban levels, solutions,
 * solvers. C17, libc only, no global state: every object is an opaque
 * handle the caller owns; every call that can fail returns a hako_status. */
#ifndef HAKO_H
#define HAKO_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define HAKO_VERSION "0.1.0"

/* ---------------------------------------------------------------- status */

typedef enum hako_status {
	HAKO_OK = 0,
	HAKO_ERR_ARGUMENT, /* misuse: NULL handle, index out of range, bad option */
	HAKO_ERR_NOMEM,    /* an allocation failed */
	HAKO_ERR_PARSE,    /* text is not a level / collection (see hako_error) */
	HAKO_ERR_LEVEL,    /* a board that parsed but is not a playable level */
	HAKO_ERR_SOLUTION, /* LURD text is malformed or does not solve the level */
	HAKO_ERR_LIMIT     /* input over a documented size limit */
} hako_status;

/* Text of a status; never NULL, static storage. */
const char *hako_strerror(hako_status status);

/* Where and why input was rejected. line and column are 1-based; 0 means
 * "not tied to a position" (for example "boxes != goals"). */
typedef struct hako_error {
	int line;
	int column;
	char message[160];
} hako_error;

/* Size limits (documented in README): a board may be up to
 * HAKO_MAX_WIDTH x HAKO_MAX_HEIGHT squares with at most HAKO_MAX_BOXES
 * boxes. A collection text may be at most HAKO_MAX_TEXT bytes. */
#define HAKO_MAX_WIDTH 250
#define HAKO_MAX_HEIGHT 250
#define HAKO_MAX_BOXES 4000
#define HAKO_MAX_TEXT ((size_t)64 << 20)

/* ------------------------------------------------------------ collection */

/* A parsed collection: the levels of one .xsb/.sok/.txt text, in order. A
 * level that parsed as a board but failed validation (no player, boxes !=
 * goals, player can walk out, ...) is still in the collection; ask
 * hako_level_status() before playing or solving it. */
typedef struct hako_collection hako_collection;
typedef struct hako_level hako_level;

/* Parse a collection from memory. `name` (may be NULL) is the file name
 * used in messages. On HAKO_ERR_PARSE / HAKO_ERR_LIMIT / HAKO_ERR_NOMEM
 * `*out` is NULL and `err` (may be NULL) says where. A text with no board
 * at all is HAKO_ERR_PARSE. */
hako_status hako_collection_parse(const char *text, size_t length, const char *name,
                                  hako_collection **out, hako_error *err);
void hako_collection_free(hako_collection *collection);
size_t hako_collection_count(const hako_collection *collection);
/* 0-based index; NULL if out of range. The level belongs to the collection. */
const hako_level *hako_collection_level(const hako_collection *collection, size_t index);
/* The file header text before the first level ("" if none). */
const char *hako_collection_header(const hako_collection *collection);

/* ----------------------------------------------------------------- level */

/* Parse exactly one level (the first board of the text). The level is
 * returned even when validation fails; the status says which. */
hako_status hako_level_parse(const char *text, size_t length, const char *name, hako_level **out,
                             hako_error *err);
hako_level *hako_level_copy(const hako_level *level);
void hako_level_free(hako_level *level);

/* HAKO_OK if playable; otherwise HAKO_ERR_LEVEL with the reason in `err`. */
hako_status hako_level_status(const hako_level *level, hako_error *err);

int hako_level_width(const hako_level *level);
int hako_level_height(const hako_level *level);
/* The square at (x, y), 0-based from the top left, as an XSB character:
 * '#', ' ' (floor), '.', '$', '*', '@', '+'. Squares outside the board
 * (beyond a short row) are ' '. */
char hako_level_square(const hako_level *level, int x, int y);
int hako_level_box_count(const hako_level *level);
int hako_level_goal_count(const hako_level *level);
/* Metadata; "" when absent, never NULL. */
const char *hako_level_title(const hako_level *level);
const char *hako_level_author(const hako_level *level);
/* Other notes (comment lines, Comment: blocks), newline-separated. */
const char *hako_level_notes(const hako_level *level);
/* 1-based line of the board's first row in its source text. */
int hako_level_line(const hako_level *level);
/* Solutions stored with the level (.sok "Solution" blocks), as LURD. */
size_t hako_level_solution_count(const hako_level *level);
const char *hako_level_solution(const hako_level *level, size_t index);
/* Where character `offset` (0-based) of stored solution `index` stands in
 * the text the level was parsed from: sets *line and *column (1-based) and
 * returns 1; 0 when unknown (a copied level, an offset past the end). The
 * stored solution has its whitespace removed, so a LURD error at column C
 * of it (its one line) is at offset C - 1. */
int hako_level_solution_place(const hako_level *level, size_t index, size_t offset, int *line,
                              int *column);

/* Write the level as XSB text (board rows only, '\n' line ends, trailing
 * floor trimmed). Returns a malloc'd string the caller frees with
 * hako_free(), or NULL when out of memory. */
char *hako_level_to_xsb(const hako_level *level);

/* Write a level as a .sok entry: title line, board, Author:/notes, and one
 * "Solution" block per given LURD (wrapped at 70 columns). `solutions` may
 * be NULL when `solution_count` is 0. malloc'd; free with hako_free(). */
char *hako_level_to_sok(const hako_level *level, const char *const *solutions,
                        size_t solution_count);

void hako_free(void *memory);

/* -------------------------------------------------------------- solutions */

/* Result of replaying a solution. */
typedef struct hako_replay {
	long moves;        /* steps taken (walks + pushes) */
	long pushes;       /* steps that moved a box: re-derived, not trusted from letter case */
	int solved;        /* 1 if every box stands on a goal at the end */
	long failed_step;  /* 1-based step that was illegal, 0 if none */
	char message[160]; /* why it failed, "" on success */
} hako_replay;

/* Replay LURD on the level. The text may hold whitespace, run-length
 * digits ("3r", "2(Ul)") and a trailing comment after ';'. Returns HAKO_OK
 * when the text is well-formed and every step is legal (whether or not the
 * level ends solved: see r->solved); HAKO_ERR_SOLUTION with r->failed_step
 * and r->message otherwise. A lowercase letter that moves a box, or an
 * uppercase one that does not, is an error. */
hako_status hako_replay_lurd(const hako_level *level, const char *lurd, hako_replay *r);

/* Expand run-length LURD to plain letters (whitespace removed). malloc'd or
 * NULL on a malformed text (err says where) or no memory. */
char *hako_lurd_expand(const char *lurd, hako_error *err);

/* ------------------------------------------------------------------ game */

/* A level being played: the position, the move history with unlimited
 * undo and redo, counters, dead squares and deadlock verdicts. */
typedef struct hako_game hako_game;

/* Start a game on a playable level (HAKO_ERR_LEVEL otherwise). The game
 * keeps its own copy of the level. */
hako_status hako_game_new(const hako_level *level, hako_game **out);
void hako_game_free(hako_game *game);
const hako_level *hako_game_level(const hako_game *game);

/* One step 'l', 'u', 'r' or 'd' (either case; the case is not checked:
 * whether a box moves is decided by the board). HAKO_ERR_SOLUTION when a
 * wall or a blocked box is in the way (nothing changes). *pushed (may be
 * NULL) is set to 1 when a box moved. A step that is not the next redo
 * step discards the redo history. */
hako_status hako_game_step(hako_game *game, char direction, int *pushed);
/* 1 when a step was undone / redone, 0 when there is none. */
int hako_game_undo(hako_game *game);
int hako_game_redo(hako_game *game);
/* Undo every step (they stay available for redo). */
void hako_game_restart(hako_game *game);
long hako_game_moves(const hako_game *game);
long hako_game_pushes(const hako_game *game);
int hako_game_solved(const hako_game *game);
/* The current square as an XSB character ('#', ' ', '.', '$', '*', '@', '+'). */
char hako_game_square(const hako_game *game, int x, int y);
void hako_game_player(const hako_game *game, int *x, int *y);
/* 1 when a lone box on (x, y) could never reach a goal (simple dead square). */
int hako_game_dead_square(const hako_game *game, int x, int y);
/* The steps played so far as LURD (pushes uppercase). malloc'd; hako_free. */
char *hako_game_lurd(const hako_game *game);

typedef enum hako_deadlock_kind {
	HAKO_DEADLOCK_NONE = 0,
	HAKO_DEADLOCK_SIMPLE,    /* a box on a dead square (also with frozen boxes as walls) */
	HAKO_DEADLOCK_FREEZE,    /* boxes that can never move again, one off a goal */
	HAKO_DEADLOCK_BIPARTITE, /* no box-to-goal assignment is possible any more */
	HAKO_DEADLOCK_DIAGONAL,  /* a closed diagonal of boxes and walls */
	HAKO_DEADLOCK_CORRAL     /* an area the player cannot reach can never be cleared */
} hako_deadlock_kind;

/* "none", "simple", "freeze", "bipartite", "diagonal", "corral". */
const char *hako_deadlock_name(hako_deadlock_kind kind);

typedef struct hako_deadlock_info {
	hako_deadlock_kind kind;
	int box_count;    /* the boxes that prove it */
	const int *box_x; /* box_count coordinates, owned by the game, valid */
	const int *box_y; /* until its next call */
} hako_deadlock_info;

/* Is the current position dead? Sound: a position from which the level
 * can still be solved is never reported dead. The corral search spends at
 * most `node_budget` pushes (0: skip it; a few thousand keep a player
 * responsive). */
hako_status hako_deadlock_check(hako_game *game, uint64_t node_budget, hako_deadlock_info *info);

/* For player programs: walks, where one box can go, whole pushes, and the
 * position as a level. Coordinates are 0-based grid columns and rows. */

/* The walk to (x, y) as lowercase LURD, shortest; "" when the player is
 * there. HAKO_ERR_SOLUTION when the player cannot get there (a wall, a
 * box, or shut off). malloc'd into *lurd; hako_free. */
hako_status hako_game_walk_path(hako_game *game, int x, int y, char **lurd);
/* Play that walk as ordinary (undoable) steps. */
hako_status hako_game_walk_to(hako_game *game, int x, int y);

/* The steps that push the box on (from_x, from_y) to (to_x, to_y) by
 * pushing that box alone (the other boxes stay put) with walks between the
 * pushes: fewest pushes, then fewest moves. HAKO_ERR_ARGUMENT when no box
 * stands on `from`; HAKO_ERR_SOLUTION when it cannot get to `to`. */
hako_status hako_game_push_path(hako_game *game, int from_x, int from_y, int to_x, int to_y,
                                char **lurd);
/* Play those steps as ordinary (undoable) steps. */
hako_status hako_game_push_box(hako_game *game, int from_x, int from_y, int to_x, int to_y);

/* What hako_game_box_targets writes per square. */
enum {
	HAKO_TARGET_NONE = 0, /* the box cannot be pushed there (or stands there) */
	HAKO_TARGET_LIVE = 1, /* it can, and no local deadlock follows */
	HAKO_TARGET_DEAD = 2  /* it can, but would be dead there */
};
/* Mark every square the box on (x, y) can be pushed to, as with
 * hako_game_push_path, in `grid` (width * height bytes, row by row).
 * "Dead" is a simple dead square, or a freeze or closed diagonal the box
 * would close there: local checks, sound like hako_deadlock_check. Returns
 * the number of HAKO_TARGET_LIVE squares, or -1 when no box stands on
 * (x, y) (or no memory). */
int hako_game_box_targets(hako_game *game, int x, int y, unsigned char *grid);

/* The current position as a new level (for hako_solve), with the game's
 * title and author; NULL when out of memory. Free with hako_level_free. */
hako_level *hako_game_position(const hako_game *game);

/* ---------------------------------------------------------------- solver */

typedef enum hako_optimality {
	HAKO_OPTIMAL_NONE = 0, /* fastest: any solution */
	HAKO_OPTIMAL_PUSHES,   /* fewest pushes */
	HAKO_OPTIMAL_MOVES     /* fewest moves, ties toward fewer pushes */
} hako_optimality;

typedef enum hako_outcome {
	HAKO_SOLVED = 0,
	HAKO_UNSOLVABLE, /* proven: the whole reachable space was searched */
	HAKO_TIMEOUT,
	HAKO_MEMOUT,
	HAKO_NODE_LIMIT,
	HAKO_CANCELLED
} hako_outcome;

const char *hako_outcome_name(hako_outcome outcome); /* "solved", "unsolvable", ... */

typedef struct hako_stats {
	uint64_t expanded;  /* nodes taken from the open list and expanded */
	uint64_t generated; /* children produced */
	uint64_t reopened;  /* closed nodes reached again by a cheaper path */
	uint64_t pruned;    /* children rejected as deadlocks (detectors or bound) */
	double seconds;     /* wall time of the search (monotonic clock) */
	size_t peak_bytes;  /* the solver's own peak allocation */
	uint64_t dropped;   /* states given up to stay inside the memory budget
	                       (fast mode; nonzero: not exhaustive, so no
	                       "unsolvable" verdict) */
	/* The optimal modes: a proven lower bound on the optimum (pushes or
	 * moves, as asked) — the largest f the A* has taken off its open
	 * list; the optimum itself once solved. 0 in the fast mode, and
	 * meaningless for a level proven unsolvable. */
	uint64_t lower_bound;
} hako_stats;

/* Called every `progress_interval` expanded nodes; return nonzero to cancel. */
typedef int (*hako_progress_fn)(void *user, const hako_stats *stats);

typedef struct hako_solver_options {
	size_t size; /* sizeof(hako_solver_options); set by _init */
	hako_optimality optimal;
	double time_limit;         /* seconds; <= 0: none */
	size_t memory_limit;       /* bytes for the search's tables; 0: 1 GiB */
	uint64_t node_limit;       /* expanded nodes; 0: none */
	hako_progress_fn progress; /* may be NULL */
	void *progress_user;
	uint64_t progress_interval; /* 0: 65536 */
	/* 1 (the default): every deadlock detector and PI-corral pruning.
	 * 0: simple dead squares and the bound's bipartite check only — for
	 * measuring what the detectors save. */
	int deadlock_detection;
	/* Which macros the searches use, a bit mask of HAKO_MACRO_* (below):
	 * HAKO_MACRO_ALL (1, the default) every macro, HAKO_MACRO_NONE (0)
	 * none, or HAKO_MACRO_TUNNELS | HAKO_MACRO_GOALS picked one by one —
	 * for measuring what each saves. */
	int macros;
	/* Threads for the fast mode (HAKO_OPTIMAL_NONE), which runs a
	 * portfolio of searches: 0 or 1 (the default) interleaves them in the
	 * calling thread, reproducibly (for the first 10 s: then one more
	 * search joins); 2 or more gives them their own. The
	 * library does not guess the number of cores. The optimal modes use
	 * one thread. */
	int threads;
	/* 1 (the default): in the fast mode, shorten the solution found by
	 * cutting cycles and re-solving short windows of it (src/shorten.c),
	 * within a tenth of time_limit and at most 2 s, and with a node budget
	 * that grows with the search's own work (a small level's post-pass
	 * costs less than its search). 0: as found. */
	int shorten;
	/* 1 (the default): the optimal modes build pattern databases of box
	 * pairs at the start of a level (src/pdb.c), within a fraction of the
	 * time and memory limits, and take the stronger bound. 0: the
	 * matching bound alone — for measuring what they save. */
	int pattern_databases;
	/* May be NULL. When *cancel becomes nonzero the search stops soon
	 * (within milliseconds, set-up included) with HAKO_CANCELLED. Meant to
	 * be set from a signal handler (a volatile sig_atomic_t, an int on the
	 * platforms hako builds on) or from another thread; the library only
	 * reads it. The time limit is honoured the same way. */
	const volatile int *cancel;
	/* 1 (the default): the optimal modes keep one position of each set
	 * of positions that are mirror images or rotations of each other on a
	 * level that has such symmetries (src/symmetry.c): they need the same
	 * pushes and moves. 0: every position on its own — for measuring what
	 * it saves. Added after `cancel`: a caller whose `size` ends before it
	 * gets the default. */
	int symmetry;
	/* The move-optimal mode builds its endgame table (src/endgame.c: every
	 * position a few moves from solved, with its exact distance) once this
	 * many nodes have not solved the level, when pattern_databases is on.
	 * 0 (the default): 100,000, so that the levels solved sooner never pay
	 * for it; 1: at once — for tests and measurement. Added after
	 * `symmetry`, as it. */
	uint64_t endgame_after;
} hako_solver_options;

void hako_solver_options_init(hako_solver_options *options);

/* hako_solver_options.macros. Bit 0 means "every macro", so that 1 keeps
 * the meaning it had when the field was an on/off switch (and a macro
 * added later is on for a caller passing 1); the single macros are the
 * bits above it, honoured only when bit 0 is clear. Unknown bits are
 * ignored.
 *   TUNNELS: a push into a tunnel goes on while the box stays in it, as
 *            one step (push-optimal and fast A*; the bidirectional
 *            search's forward side). Never in the move-optimal mode.
 *   GOALS:   a box reaching a goal room's entrance is taken to the next
 *            goal of the room's packing order, as one step (fast mode
 *            only: it may miss the shortest solution).
 * The feature-space search (FESS) moves whole boxes anyway and reads
 * none of them. */
#define HAKO_MACRO_NONE 0
#define HAKO_MACRO_ALL 1
#define HAKO_MACRO_TUNNELS 2
#define HAKO_MACRO_GOALS 4

typedef struct hako_solve_result {
	hako_outcome outcome;
	char *solution; /* LURD when solved (malloc'd; hako_free), else NULL */
	long moves;
	long pushes;
	hako_stats stats;
	/* The solution's counts before the fast mode's shortening; equal to
	 * moves and pushes when it changed nothing (or did not run). */
	long moves_before;
	long pushes_before;
	double shorten_seconds; /* wall time of the shortening */
	/* The fast mode's search that solved the level or proved it
	 * unsolvable: "fess", "bidir", "order" or "bidir-newest" (a static
	 * string); NULL in the optimal modes and when no search decided. */
	const char *engine;
	/* Solved by that search reaching the backward states another search
	 * of the portfolio stored, and walking down them to the goals. */
	int met;
} hako_solve_result;

/* Solve a level. Every solution returned has been replayed and checked by
 * the verifier. `options` may be NULL for the defaults. The result's
 * solution must be released with hako_solve_result_clear(). */
hako_status hako_solve(const hako_level *level, const hako_solver_options *options,
                       hako_solve_result *result);
void hako_solve_result_clear(hako_solve_result *result);

/* ----------------------------------------------------------------- bench */

typedef struct hako_bench_result {
	uint64_t nodes; /* total expanded nodes: the signature */
	double seconds;
	int positions;
	int solved;
} hako_bench_result;

/* Search the built-in fixed positions with a fixed table size and node
 * limit per position. Deterministic: the node count is a signature of
 * search behaviour. `each` (may be NULL) is told about every position;
 * `index` is 0-based (the first position is 0). */
typedef void (*hako_bench_fn)(void *user, int index, const char *name, const hako_solve_result *r);
hako_status hako_bench(hako_bench_fn each, void *user, hako_bench_result *total);

#ifdef __cplusplus
}
#endif
#endif
