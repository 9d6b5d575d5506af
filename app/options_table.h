/* options_table.h — every option of every verb, declared once (after
 * kissat's options table): each list yields the verb's parser table, its
 * --help lines and the range checks of its values (options.c).
 *
 * X(id, short, long, value, kind, min, max, help):
 *   id     the option's enum name (OPT_<VERB>_...)
 *   short  its letter, or 0; long: its long name
 *   value  the value's name in --help, or NULL when it takes none
 *   kind   how the value is read and checked (opt_kind): a flag, text, a
 *          whole number or seconds within [min, max], a level spec, a
 *          choice among the names of `value` ("pushes|moves|none"), a
 *          macro list
 *   help   the --help text; "\n" starts a continuation line */
#ifndef HAKO_APP_OPTIONS_TABLE_H
#define HAKO_APP_OPTIONS_TABLE_H

#define SOLVE_OPTIONS(X)                                                                           \
	X(OPT_SOLVE_LEVEL, 'l', "level", "SPEC", OPT_LEVELS, 0, 0,                                 \
	  "1-based: 3   3,5-9   (default: all)")                                                   \
	X(OPT_SOLVE_TIME, 't', "time", "SECONDS", OPT_SECONDS, 0, 1e9,                             \
	  "limit per level (default 60; 0: none)")                                                 \
	X(OPT_SOLVE_MEMORY, 'M', "memory", "MIB", OPT_LONG, 1, 1048576,                            \
	  "memory budget for the search (default 1024; the\n"                                      \
	  "fast mode needs 3 or more even on small levels)")                                       \
	X(OPT_SOLVE_OPTIMAL, 'O', "optimal", "pushes|moves|none", OPT_CHOICE, 0, 0,                \
	  "push-optimal, move-optimal, or fastest (default none)")                                 \
	X(OPT_SOLVE_OUTPUT, 'o', "output", "FILE.sok", OPT_TEXT, 0, 0,                             \
	  "write the levels with their Solution blocks\n"                                          \
	  "(atomically; never over an input file)")                                                \
	X(OPT_SOLVE_JOBS, 'j', "jobs", "N", OPT_LONG, 1, 64,                                       \
	  "threads for the fast mode's portfolio of\n"                                             \
	  "searches, 1 to 64 (default: the number of\n"                                            \
	  "cores); -j 1 gives the same result every run.\n"                                        \
	  "With two levels per thread or more, nearly all\n"                                       \
	  "small (<= 6 boxes, <= 256 squares), the levels\n"                                       \
	  "run side by side instead, one thread each, and\n"                                       \
	  "share the memory budget (output stays in order)")                                       \
	X(OPT_SOLVE_SHARD, 0, "shard", "K/N", OPT_TEXT, 0, 0,                                      \
	  "only the K-th, (K+N)-th, ... of the selected\n"                                         \
	  "levels, 1 <= K <= N (for job arrays)")                                                  \
	X(OPT_SOLVE_JSON, 0, "json", NULL, OPT_FLAG, 0, 0, "one JSON object per level on stdout")  \
	X(OPT_SOLVE_NO_DEADLOCKS, 0, "no-deadlocks", NULL, OPT_FLAG, 0, 0,                         \
	  "only simple dead squares (to measure what the\n"                                        \
	  "deadlock detectors save)")                                                              \
	X(OPT_SOLVE_MACROS, 0, "macros", "LIST", OPT_MACROS, 0, 0,                                 \
	  "the search's macros: all (the default), none, or\n"                                     \
	  "a comma-separated list of tunnels (a push into a\n"                                     \
	  "tunnel goes on through it) and goals (a box at a\n"                                     \
	  "goal room's entrance goes to its goal), to\n"                                           \
	  "measure what each saves")                                                               \
	X(OPT_SOLVE_NO_MACROS, 0, "no-macros", NULL, OPT_FLAG, 0, 0, "the same as --macros none")  \
	X(OPT_SOLVE_NO_SHORTEN, 0, "no-shorten", NULL, OPT_FLAG, 0, 0,                             \
	  "keep the fast mode's solution as found (no\n"                                           \
	  "post-pass that cuts its detours)")                                                      \
	X(OPT_SOLVE_NODES, 0, "nodes", "N", OPT_LONG, 0, 2000000000,                               \
	  "expanded nodes per level at most (default 0: no\n"                                      \
	  "limit); status \"nodelimit\" when reached, for\n"                                       \
	  "benchmarks that do not depend on the machine")                                          \
	X(OPT_SOLVE_NO_PDB, 0, "no-pdb", NULL, OPT_FLAG, 0, 0,                                     \
	  "no pattern databases and no endgame table in the\n"                                     \
	  "optimal modes (the matching bound alone, to\n"                                          \
	  "measure what they save)")                                                               \
	X(OPT_SOLVE_NO_SYMMETRY, 0, "no-symmetry", NULL, OPT_FLAG, 0, 0,                           \
	  "in the optimal modes, keep mirror images and\n"                                         \
	  "rotations of a position apart (to measure what\n"                                       \
	  "merging them saves)")                                                                   \
	X(OPT_SOLVE_QUIET, 'q', "quiet", NULL, OPT_FLAG, 0, 0, "no progress on stderr")            \
	X(OPT_SOLVE_VERBOSE, 'v', "verbose", NULL, OPT_FLAG, 0, 0,                                 \
	  "progress on stderr even when it is not a terminal")                                     \
	X(OPT_SOLVE_HELP, 'h', "help", NULL, OPT_FLAG, 0, 0, "this text")

#define LABEL_OPTIONS(X)                                                                           \
	X(OPT_LABEL_OUTPUT, 'o', "output", "FILE", OPT_TEXT, 0, 0,                                 \
	  "the labels (JSON lines; created if missing)")                                           \
	X(OPT_LABEL_LEVEL, 'l', "level", "SPEC", OPT_LEVELS, 0, 0,                                 \
	  "1-based: 3   3,5-9   (default: all)")                                                   \
	X(OPT_LABEL_TIME, 't', "time", "SECONDS", OPT_SECONDS, 0, 1e9,                             \
	  "limit per level and stage (default 10; 0: none)")                                       \
	X(OPT_LABEL_MEMORY, 'M', "memory", "MIB", OPT_LONG, 1, 1048576,                            \
	  "memory budget for the search (default 1024)")                                           \
	X(OPT_LABEL_JOBS, 'j', "jobs", "N", OPT_LONG, 1, 64,                                       \
	  "threads, 1 to 64 (default: the cores); small\n"                                         \
	  "levels run side by side when there are two a\n"                                         \
	  "thread or more (as for solve)")                                                         \
	X(OPT_LABEL_SHARD, 0, "shard", "K/N", OPT_TEXT, 0, 0,                                      \
	  "only the K-th, (K+N)-th, ... of the selected\n"                                         \
	  "levels, 1 <= K <= N (for job arrays)")                                                  \
	X(OPT_LABEL_QUIET, 'q', "quiet", NULL, OPT_FLAG, 0, 0, "no summary on stderr")             \
	X(OPT_LABEL_HELP, 'h', "help", NULL, OPT_FLAG, 0, 0, "this text")

#define VERIFY_OPTIONS(X)                                                                          \
	X(OPT_VERIFY_LEVEL, 'l', "level", "SPEC", OPT_LEVELS, 0, 0,                                \
	  "1-based levels: 3   3,5-9   (default: all)")                                            \
	X(OPT_VERIFY_HELP, 'h', "help", NULL, OPT_FLAG, 0, 0, "this text")

#define DEADLOCKS_OPTIONS(X)                                                                       \
	X(OPT_DEADLOCKS_LEVEL, 'l', "level", "SPEC", OPT_LEVELS, 0, 0,                             \
	  "1-based levels: 3   3,5-9   (default: all)")                                            \
	X(OPT_DEADLOCKS_MOVES, 'm', "moves", "LURD", OPT_TEXT, 0, 0,                               \
	  "steps to play first (- reads them from stdin); needs\n"                                 \
	  "exactly one level (-l N when FILE holds several).\n"                                    \
	  "Run-length digits and groups are accepted; the case of\n"                               \
	  "a letter is not checked (the board decides pushes)")                                    \
	X(OPT_DEADLOCKS_JSON, 0, "json", NULL, OPT_FLAG, 0, 0,                                     \
	  "one JSON object per level on stdout")                                                   \
	X(OPT_DEADLOCKS_BUDGET, 'b', "budget", "NODES", OPT_LONG, 0, 1000000000,                   \
	  "pushes the corral search may spend per check\n"                                         \
	  "(default 20000; 0 skips the corral search)")                                            \
	X(OPT_DEADLOCKS_HELP, 'h', "help", NULL, OPT_FLAG, 0, 0, "this text")

#define PLAY_OPTIONS(X)                                                                            \
	X(OPT_PLAY_LEVEL, 'l', "level", "N", OPT_LONG, 1, 1000000000,                              \
	  "start at level N (1-based; default: the first unsolved)")                               \
	X(OPT_PLAY_TIME, 't', "time", "SECONDS", OPT_SECONDS, 0, 1e9,                              \
	  "time for a hint or a solve (default 10)")                                               \
	X(OPT_PLAY_HELP, 'h', "help", NULL, OPT_FLAG, 0, 0, "this text")

#define BENCH_OPTIONS(X) X(OPT_BENCH_HELP, 'h', "help", NULL, OPT_FLAG, 0, 0, "this text")

#define OPT_TABLE_ID(id, s, l, v, k, lo, hi, h) id,
enum {
	OPT_TABLE_FIRST = 1000,
	SOLVE_OPTIONS(OPT_TABLE_ID) LABEL_OPTIONS(OPT_TABLE_ID) VERIFY_OPTIONS(OPT_TABLE_ID)
	    DEADLOCKS_OPTIONS(OPT_TABLE_ID) PLAY_OPTIONS(OPT_TABLE_ID) BENCH_OPTIONS(OPT_TABLE_ID)
	        OPT_TABLE_LAST
};
#undef OPT_TABLE_ID

/* The entry of an opt_def table for one X(...) line; end a table with
 * OPT_DEF_END. */
#define OPT_DEF(id, s, l, v, k, lo, hi, h) {id, s, l, v, k, lo, hi, h},
#define OPT_DEF_END                                                                                \
	{                                                                                          \
		OPT_END, 0, NULL, NULL, OPT_FLAG, 0, 0, NULL                                       \
	}

#endif
