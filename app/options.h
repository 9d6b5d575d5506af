/* options.h — command-line parsing shared by the hako verbs: a small
 * table-driven option scanner, numbers, level specs ("3", "3,5-9"). */
#ifndef HAKO_APP_OPTIONS_H
#define HAKO_APP_OPTIONS_H

#include <stddef.h>
#include <stdio.h>

/* Exit codes of the hako program (a contract, see README). */
enum {
	EXIT_ALL_SOLVED = 0,
	EXIT_NOT_SOLVED = 1,
	EXIT_USAGE = 2,
	EXIT_INPUT = 3,
	EXIT_INTERRUPTED = 130
};

enum {
	OPT_END = -1,     /* no more arguments */
	OPT_OPERAND = -2, /* a non-option argument; value->text is it */
	OPT_ERROR = -3    /* message already printed */
};

/* How an option's value is read and checked (options_table.h). */
typedef enum opt_kind {
	OPT_FLAG,    /* no value */
	OPT_TEXT,    /* any text: value->text */
	OPT_LONG,    /* a whole number in [min, max]: value->number */
	OPT_SECONDS, /* a number of seconds in [min, max]: value->seconds */
	OPT_LEVELS,  /* a level spec: value->levels */
	OPT_CHOICE,  /* one of the '|'-separated names of value_name: value->number is its index */
	OPT_MACROS   /* a macro list (opt_macros_from_text): value->number */
} opt_kind;

/* One option of a verb, as options_table.h declares it. */
typedef struct opt_def {
	int id;
	char short_name;        /* 0 if none */
	const char *long_name;  /* NULL if none */
	const char *value_name; /* NULL: takes no value */
	opt_kind kind;
	double min, max;
	const char *help;
} opt_def;

typedef struct opt_scanner {
	int argc;
	char **argv;
	int index;         /* next argv element */
	int cluster;       /* position inside "-qv" style clusters, 0 if none */
	int operands_only; /* after "--" */
	const char *verb;  /* for messages: "solve" */
} opt_scanner;

/* A level selection: empty means every level. 1-based, inclusive. */
#define LEVEL_SPEC_MAX_RANGES 128
typedef struct level_spec {
	int count;
	struct {
		long first, last;
	} ranges[LEVEL_SPEC_MAX_RANGES];
} level_spec;

/* An option's value, read and checked as its kind says. */
typedef struct opt_value {
	const char *text; /* the value as given (or the operand) */
	long number;
	double seconds;
	level_spec levels;
} opt_value;

void opt_init(opt_scanner *s, int argc, char **argv, const char *verb);
/* Next option id, OPT_OPERAND, OPT_END or OPT_ERROR (the message printed:
 * unknown option, missing value, or a value out of its range). `defs` ends
 * with OPT_DEF_END. Options and operands may be mixed; "-" is an operand;
 * "--" ends options. */
int opt_next(opt_scanner *s, const opt_def *defs, opt_value *value);

/* The option lines of --help, from the table: the names and value, then
 * the help text aligned in one column. */
void opt_print_help(FILE *out, const opt_def *defs);

/* Print "hako: message" plus the hint to "hako VERB --help"; returns EXIT_USAGE. */
int opt_usage_error(const char *verb, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Numbers with range checks; print a usage error and return -1 if bad. */
int opt_parse_seconds(const char *verb, const char *option, const char *text, double *out);
int opt_parse_long(const char *verb, const char *option, const char *text, long min, long max,
                   long *out);

/* -j, --jobs: threads for one search. The default is the number of online
 * cores (clamped to 1..OPT_JOBS_MAX, the range options_table.h checks). */
#define OPT_JOBS_MAX 64
long opt_default_jobs(void);

/* --macros LIST: "all", "none", or a comma-separated list of "tunnels"
 * and "goals" (include/hako.h's HAKO_MACRO_* bits; "all" may be mixed in,
 * "none" only alone). opt_macros_from_text sets *out and returns 0, or
 * returns -1 with the reason in why (no output; hako-engine uses it too);
 * opt_parse_macros prints that as a usage error. */
int opt_macros_from_text(const char *text, int *out, char *why, size_t why_size);
int opt_parse_macros(const char *verb, const char *text, int *out);

/* Parse "3", "3,5-9" into `spec`; a usage error (printed) returns -1. */
int level_spec_parse(const char *verb, const char *text, level_spec *spec);
int level_spec_contains(const level_spec *spec, long level);
/* Largest level named (0 for "all"). */
long level_spec_max(const level_spec *spec);
/* 1 if the spec names exactly one level. */
int level_spec_single(const level_spec *spec, long *level);

#include "options_table.h"

#endif
