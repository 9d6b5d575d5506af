/* options.c — the option scanner, number parsing and level specs shared by
 * every hako verb. All errors here are usage errors (exit 2). */
#include "options.h"

#include "hako.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void opt_init(opt_scanner *s, int argc, char **argv, const char *verb)
{
	s->argc = argc;
	s->argv = argv;
	s->index = 1;
	s->cluster = 0;
	s->operands_only = 0;
	s->verb = verb;
}

int opt_usage_error(const char *verb, const char *format, ...)
{
	va_list args;
	fputs("hako: ", stderr);
	va_start(args, format);
	vfprintf(stderr, format, args);
	va_end(args);
	if (verb)
		fprintf(stderr, "\nTry 'hako %s --help' for more information.\n", verb);
	else
		fputs("\nTry 'hako --help' for more information.\n", stderr);
	return EXIT_USAGE;
}

static const opt_spec *find_long(const opt_spec *specs, const char *name, size_t length)
{
	for (; specs->id != OPT_END; specs++)
		if (specs->long_name && strlen(specs->long_name) == length &&
		    memcmp(specs->long_name, name, length) == 0)
			return specs;
	return NULL;
}

static const opt_spec *find_short(const opt_spec *specs, char letter)
{
	for (; specs->id != OPT_END; specs++)
		if (specs->short_name == letter)
			return specs;
	return NULL;
}

/* "--name", "--name=value" or "--name value". */
static int next_long(opt_scanner *s, const opt_spec *specs, const char **value)
{
	const char *arg = s->argv[s->index++] + 2;
	const char *equals = strchr(arg, '=');
	size_t length = equals ? (size_t)(equals - arg) : strlen(arg);
	const opt_spec *spec = find_long(specs, arg, length);
	if (!spec) {
		opt_usage_error(s->verb, "unknown option '--%.*s'", (int)length, arg);
		return OPT_ERROR;
	}
	if (!spec->takes_value) {
		if (equals) {
			opt_usage_error(s->verb, "option '--%s' takes no value", spec->long_name);
			return OPT_ERROR;
		}
		return spec->id;
	}
	if (equals) {
		*value = equals + 1;
	} else if (s->index < s->argc) {
		*value = s->argv[s->index++];
	} else {
		opt_usage_error(s->verb, "option '--%s' needs a value", spec->long_name);
		return OPT_ERROR;
	}
	return spec->id;
}

/* "-q", "-qv", "-t5", "-t 5". */
static int next_short(opt_scanner *s, const opt_spec *specs, const char **value)
{
	const char *arg = s->argv[s->index];
	char letter = arg[s->cluster];
	const opt_spec *spec = find_short(specs, letter);
	s->cluster++;
	int at_end = arg[s->cluster] == '\0';
	if (!spec) {
		opt_usage_error(s->verb, "unknown option '-%c'", letter);
		return OPT_ERROR;
	}
	if (spec->takes_value) {
		if (!at_end) {
			*value = arg + s->cluster;
		} else if (s->index + 1 < s->argc) {
			*value = s->argv[++s->index];
		} else {
			opt_usage_error(s->verb, "option '-%c' needs a value", letter);
			return OPT_ERROR;
		}
		at_end = 1;
	}
	if (at_end) {
		s->index++;
		s->cluster = 0;
	}
	return spec->id;
}

int opt_next(opt_scanner *s, const opt_spec *specs, const char **value)
{
	*value = NULL;
	if (s->cluster)
		return next_short(s, specs, value);
	if (s->index >= s->argc)
		return OPT_END;
	const char *arg = s->argv[s->index];
	if (s->operands_only || arg[0] != '-' || arg[1] == '\0') {
		*value = arg;
		s->index++;
		return OPT_OPERAND;
	}
	if (strcmp(arg, "--") == 0) {
		s->operands_only = 1;
		s->index++;
		return opt_next(s, specs, value);
	}
	if (arg[1] == '-')
		return next_long(s, specs, value);
	s->cluster = 1;
	return next_short(s, specs, value);
}

int opt_parse_seconds(const char *verb, const char *option, const char *text, double *out)
{
	char *end = NULL;
	errno = 0;
	double seconds = strtod(text, &end);
	if (end == text || *end != '\0' || errno != 0 || !isfinite(seconds) || seconds < 0 ||
	    seconds > 1e9) {
		opt_usage_error(verb, "%s: '%s' is not a number of seconds (0 = no limit)", option,
		                text);
		return -1;
	}
	*out = seconds;
	return 0;
}

int opt_parse_long(const char *verb, const char *option, const char *text, long min, long max,
                   long *out)
{
	char *end = NULL;
	errno = 0;
	long number = strtol(text, &end, 10);
	if (end == text || *end != '\0' || errno != 0 || number < min || number > max) {
		opt_usage_error(verb, "%s: '%s' is not a whole number from %ld to %ld", option,
		                text, min, max);
		return -1;
	}
	*out = number;
	return 0;
}

long opt_default_jobs(void)
{
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	return cores < 1 ? 1 : cores > OPT_JOBS_MAX ? OPT_JOBS_MAX : cores;
}

int opt_parse_jobs(const char *verb, const char *text, long *out)
{
	return opt_parse_long(verb, "--jobs", text, 1, OPT_JOBS_MAX, out);
}

int opt_macros_from_text(const char *text, int *out, char *why, size_t why_size)
{
	static const struct {
		const char *name;
		int bits;
	} names[] = {{"all", HAKO_MACRO_ALL},
	             {"none", HAKO_MACRO_NONE},
	             {"tunnels", HAKO_MACRO_TUNNELS},
	             {"goals", HAKO_MACRO_GOALS}};
	int bits = 0, items = 0, none = 0;
	const char *p = text;
	for (;;) {
		size_t length = strcspn(p, ",");
		size_t k = 0;
		while (k < sizeof names / sizeof *names &&
		       (strlen(names[k].name) != length || memcmp(names[k].name, p, length) != 0))
			k++;
		if (k == sizeof names / sizeof *names) {
			snprintf(why, why_size, "'%.*s' is not tunnels, goals, all or none",
			         (int)length, p);
			return -1;
		}
		bits |= names[k].bits;
		none |= names[k].bits == HAKO_MACRO_NONE;
		items++;
		if (p[length] == '\0')
			break;
		p += length + 1;
	}
	if (none && items > 1) {
		snprintf(why, why_size, "'none' cannot be combined with other macros");
		return -1;
	}
	*out = bits;
	return 0;
}

int opt_parse_macros(const char *verb, const char *text, int *out)
{
	char why[128];
	if (opt_macros_from_text(text, out, why, sizeof why) == 0)
		return 0;
	opt_usage_error(verb, "--macros: %s (want a comma-separated list such as tunnels,goals)",
	                why);
	return -1;
}

/* One positive level number at *text; advances *text. -1 if none. */
static long spec_number(const char **text)
{
	const char *p = *text;
	long number = 0;
	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (number > (LONG_MAX - 9) / 10)
			return -1;
		number = number * 10 + (*p - '0');
	}
	*text = p;
	return number >= 1 ? number : -1;
}

int level_spec_parse(const char *verb, const char *text, level_spec *spec)
{
	const char *p = text;
	spec->count = 0;
	for (;;) {
		long first = spec_number(&p), last = first;
		if (first > 0 && *p == '-') {
			p++;
			last = spec_number(&p);
		}
		if (first < 0 || last < first || (*p != ',' && *p != '\0') ||
		    spec->count == LEVEL_SPEC_MAX_RANGES) {
			opt_usage_error(
			    verb,
			    "bad level spec '%s' (want 1-based numbers and ranges: 3 or 3,5-9)",
			    text);
			return -1;
		}
		spec->ranges[spec->count].first = first;
		spec->ranges[spec->count].last = last;
		spec->count++;
		if (*p == '\0')
			return 0;
		p++;
	}
}

int level_spec_contains(const level_spec *spec, long level)
{
	if (spec->count == 0)
		return 1;
	for (int i = 0; i < spec->count; i++)
		if (level >= spec->ranges[i].first && level <= spec->ranges[i].last)
			return 1;
	return 0;
}

long level_spec_max(const level_spec *spec)
{
	long max = 0;
	for (int i = 0; i < spec->count; i++)
		if (spec->ranges[i].last > max)
			max = spec->ranges[i].last;
	return max;
}

int level_spec_single(const level_spec *spec, long *level)
{
	if (spec->count == 0)
		return 0;
	for (int i = 0; i < spec->count; i++)
		if (spec->ranges[i].first != spec->ranges[0].first ||
		    spec->ranges[i].last != spec->ranges[0].first)
			return 0;
	*level = spec->ranges[0].first;
	return 1;
}
