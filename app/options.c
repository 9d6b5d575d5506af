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

/* The option's value, read and checked as its kind says; OPT_ERROR after
 * a usage error. */
static int check_value(const opt_scanner *s, const opt_def *spec, opt_value *value)
{
	char option[64];
	if (spec->long_name)
		snprintf(option, sizeof option, "--%s", spec->long_name);
	else
		snprintf(option, sizeof option, "-%c", spec->short_name);
	const char *text = value->text;
	int bad = 0;
	switch (spec->kind) {
	case OPT_FLAG:
	case OPT_TEXT: break;
	case OPT_LONG:
		bad = opt_parse_long(s->verb, option, text, (long)spec->min, (long)spec->max,
		                     &value->number);
		break;
	case OPT_SECONDS:
		bad = opt_parse_seconds(s->verb, option, text, &value->seconds);
		if (!bad && (value->seconds < spec->min || value->seconds > spec->max)) {
			opt_usage_error(s->verb, "%s: '%s' is out of range (%g to %g)", option,
			                text, spec->min, spec->max);
			bad = 1;
		}
		break;
	case OPT_LEVELS: bad = level_spec_parse(s->verb, text, &value->levels); break;
	case OPT_CHOICE: {
		const char *names = spec->value_name;
		long index = 0;
		size_t length = strlen(text);
		for (;;) {
			size_t name_length = strcspn(names, "|");
			if (name_length == length && memcmp(names, text, length) == 0)
				break;
			if (names[name_length] == '\0') {
				opt_usage_error(s->verb, "%s: '%s' is not one of %s", option, text,
				                spec->value_name);
				return OPT_ERROR;
			}
			names += name_length + 1;
			index++;
		}
		value->number = index;
		break;
	}
	case OPT_MACROS: {
		int bits = 0;
		bad = opt_parse_macros(s->verb, text, &bits);
		value->number = bits;
		break;
	}
	}
	return bad ? OPT_ERROR : spec->id;
}

void opt_print_help(FILE *out, const opt_def *defs)
{
	int column = 0;
	for (const opt_def *d = defs; d->id != OPT_END; d++) {
		int width = 2 + 4 + (d->long_name ? 2 + (int)strlen(d->long_name) : 0) +
		            (d->value_name ? 1 + (int)strlen(d->value_name) : 0);
		if (width + 1 > column)
			column = width + 1;
	}
	for (const opt_def *d = defs; d->id != OPT_END; d++) {
		int written;
		if (d->short_name)
			written = fprintf(out, "  -%c%s", d->short_name, d->long_name ? ", " : "");
		else
			written = fprintf(out, "      ");
		if (d->long_name)
			written += fprintf(out, "--%s", d->long_name);
		if (d->value_name)
			written += fprintf(out, " %s", d->value_name);
		for (const char *h = d->help;;) {
			size_t length = strcspn(h, "\n");
			fprintf(out, "%*s%.*s\n", column - written, "", (int)length, h);
			if (h[length] == '\0')
				break;
			h += length + 1;
			written = 0;
		}
	}
}

static const opt_def *find_long(const opt_def *specs, const char *name, size_t length)
{
	for (; specs->id != OPT_END; specs++)
		if (specs->long_name && strlen(specs->long_name) == length &&
		    memcmp(specs->long_name, name, length) == 0)
			return specs;
	return NULL;
}

static const opt_def *find_short(const opt_def *specs, char letter)
{
	for (; specs->id != OPT_END; specs++)
		if (specs->short_name == letter)
			return specs;
	return NULL;
}

/* "--name", "--name=value" or "--name value". */
static int next_long(opt_scanner *s, const opt_def *specs, opt_value *value)
{
	const char *arg = s->argv[s->index++] + 2;
	const char *equals = strchr(arg, '=');
	size_t length = equals ? (size_t)(equals - arg) : strlen(arg);
	const opt_def *spec = find_long(specs, arg, length);
	if (!spec) {
		opt_usage_error(s->verb, "unknown option '--%.*s'", (int)length, arg);
		return OPT_ERROR;
	}
	if (!spec->value_name) {
		if (equals) {
			opt_usage_error(s->verb, "option '--%s' takes no value", spec->long_name);
			return OPT_ERROR;
		}
		return spec->id;
	}
	if (equals) {
		value->text = equals + 1;
	} else if (s->index < s->argc) {
		value->text = s->argv[s->index++];
	} else {
		opt_usage_error(s->verb, "option '--%s' needs a value", spec->long_name);
		return OPT_ERROR;
	}
	return check_value(s, spec, value);
}

/* "-q", "-qv", "-t5", "-t 5". */
static int next_short(opt_scanner *s, const opt_def *specs, opt_value *value)
{
	const char *arg = s->argv[s->index];
	char letter = arg[s->cluster];
	const opt_def *spec = find_short(specs, letter);
	s->cluster++;
	int at_end = arg[s->cluster] == '\0';
	if (!spec) {
		opt_usage_error(s->verb, "unknown option '-%c'", letter);
		return OPT_ERROR;
	}
	if (spec->value_name) {
		if (!at_end) {
			value->text = arg + s->cluster;
		} else if (s->index + 1 < s->argc) {
			value->text = s->argv[++s->index];
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
	return spec->value_name ? check_value(s, spec, value) : spec->id;
}

int opt_next(opt_scanner *s, const opt_def *specs, opt_value *value)
{
	value->text = NULL;
	if (s->cluster)
		return next_short(s, specs, value);
	if (s->index >= s->argc)
		return OPT_END;
	const char *arg = s->argv[s->index];
	if (s->operands_only || arg[0] != '-' || arg[1] == '\0') {
		value->text = arg;
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
