/* solve.h — the pieces of `hako solve`: its settings, the per-level report
 * (table row or JSON line), progress on stderr, and the .sok output. */
#ifndef HAKO_APP_SOLVE_H
#define HAKO_APP_SOLVE_H

#include <signal.h>
#include <stddef.h>

#include "batch.h"
#include "hako.h"
#include "input.h"
#include "options.h"

typedef struct solve_config {
	level_spec levels;
	double time_limit; /* seconds, 0 = none */
	long memory_mib;
	hako_optimality optimal;
	const char *output; /* -o FILE.sok or NULL */
	int json;
	int no_deadlocks; /* --no-deadlocks */
	int macros;       /* --macros LIST, --no-macros: HAKO_MACRO_* bits */
	int no_shorten;   /* --no-shorten */
	int no_pdb;       /* --no-pdb */
	int no_symmetry;  /* --no-symmetry */
	long node_limit;  /* --nodes; 0: none */
	long jobs;        /* -j: threads for a search (the fast mode's portfolio),
	                     or for levels side by side (batch_workers) */
	shard_spec shard; /* --shard K/N; {0, 0}: every level */
	int verbosity;    /* -1 quiet, 0 progress on a terminal, 1 progress always */
	int file_count;
	const char **files;
} solve_config;

/* What happened to one level; `solution` is malloc'd (NULL unless solved). */
typedef struct level_outcome {
	int attempted;
	int invalid;
	char *solution;
} level_outcome;

/* One line of the report. */
typedef struct report_row {
	const char *file; /* as given on the command line */
	long number;      /* 1-based */
	const char *title;
	const char *status; /* "solved", "unsolvable", "timeout", "memout", "invalid", ... */
	const char *error;  /* FILE:LINE:COL: message for invalid levels, else NULL */
	const hako_solve_result *result; /* NULL for invalid levels */
	hako_optimality optimal;
} report_row;

typedef struct report_totals {
	long levels, solved;
	double seconds;
	unsigned long long nodes;
} report_totals;

const char *report_status_name(hako_outcome outcome);
const char *report_optimal_name(hako_optimality optimal);
void report_file_heading(const solve_config *config, const char *file);
void report_table_header(const solve_config *config);
void report_level(const solve_config *config, const report_row *row, report_totals *totals);
void report_totals_line(const solve_config *config, const report_totals *totals, int interrupted);

/* Progress on stderr while a level is searched. */
typedef struct progress {
	int enabled;
	int tty;
	double last; /* stats->seconds of the last line printed */
	long number;
	const char *file;
	volatile sig_atomic_t *cancel; /* nonzero: ask the solver to stop */
	/* "moves" or "pushes": the unit of the optimal modes' proven bound;
	 * NULL in the fast mode */
	const char *bound_unit;
} progress;

void progress_start(progress *p, const char *file, long number, const char *title);
int progress_update(void *user, const hako_stats *stats);
void progress_finish(progress *p);

/* -o FILE.sok: checked before solving, written atomically at the end. */
int sok_output_check(const char *path, const input_file *inputs, int count);
int sok_output_write(const char *path, const input_file *inputs, int count,
                     level_outcome *const *outcomes);

#endif
