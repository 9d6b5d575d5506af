/* options.h — command-line parsing shared by the hako verbs: a small
 * table-driven option scanner, numbers, level specs ("3", "3,5-9"). */
#ifndef HAKO_APP_OPTIONS_H
#define HAKO_APP_OPTIONS_H

#include <stddef.h>

/* Exit codes of the hako program (a contract, see README). */
enum {
	EXIT_ALL_SOLVED = 0,
	EXIT_NOT_SOLVED = 1,
	EXIT_USAGE = 2,
	EXIT_INPUT = 3,
	EXIT_INTERRUPTED = 130
};

/* One option of a verb: short letter (0 if none), long name (NULL if
 * none), whether it takes a value, and the id opt_next() returns. */
typedef struct opt_spec {
	char short_name;
	const char *long_name;
	int takes_value;
	int id;
} opt_spec;

enum {
	OPT_END = -1,     /* no more arguments */
	OPT_OPERAND = -2, /* a non-option argument; *value is it */
	OPT_ERROR = -3    /* message already printed */
};

typedef struct opt_scanner {
	int argc;
	char **argv;
	int index;         /* next argv element */
	int cluster;       /* position inside "-qv" style clusters, 0 if none */
	int operands_only; /* after "--" */
	const char *verb;  /* for messages: "solve" */
} opt_scanner;

void opt_init(opt_scanner *s, int argc, char **argv, const char *verb);
/* Next option id, OPT_OPERAND, OPT_END or OPT_ERROR. `specs` ends with an
 * entry whose id is OPT_END. Options and operands may be mixed; "-" is an
 * operand; "--" ends options. */
int opt_next(opt_scanner *s, const opt_spec *specs, const char **value);

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
 * cores (clamped to 1..OPT_JOBS_MAX); a value outside that range is a
 * usage error (printed) and returns -1. */
#define OPT_JOBS_MAX 64
long opt_default_jobs(void);
int opt_parse_jobs(const char *verb, const char *text, long *out);

/* --macros LIST: "all", "none", or a comma-separated list of "tunnels"
 * and "goals" (include/hako.h's HAKO_MACRO_* bits; "all" may be mixed in,
 * "none" only alone). opt_macros_from_text sets *out and returns 0, or
 * returns -1 with the reason in why (no output; hako-engine uses it too);
 * opt_parse_macros prints that as a usage error. */
int opt_macros_from_text(const char *text, int *out, char *why, size_t why_size);
int opt_parse_macros(const char *verb, const char *text, int *out);

/* A level selection: empty means every level. 1-based, inclusive. */
#define LEVEL_SPEC_MAX_RANGES 128
typedef struct level_spec {
	int count;
	struct {
		long first, last;
	} ranges[LEVEL_SPEC_MAX_RANGES];
} level_spec;

/* Parse "3", "3,5-9" into `spec`; a usage error (printed) returns -1. */
int level_spec_parse(const char *verb, const char *text, level_spec *spec);
int level_spec_contains(const level_spec *spec, long level);
/* Largest level named (0 for "all"). */
long level_spec_max(const level_spec *spec);
/* 1 if the spec names exactly one level. */
int level_spec_single(const level_spec *spec, long *level);

#endif
