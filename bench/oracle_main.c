/* oracle_main.c — hako-oracle: every deadlock detector against the
 * exhaustive oracle over many small levels; prints the per-detector table
 * (Markdown, for BENCH.md) and exits 1 on any false positive.
 *
 * Usage: hako-oracle [-s STATES] [-b CORRAL_BUDGET] [-p] [-r REPORTS] [-B] [FILE...]
 *   -s  positions per level at most (default 2000000; bigger levels are skipped)
 *   -b  corral node budget passed to deadlock_check (default 1000, as the search)
 *   -p  prune positions with a box on a lone-box dead square (exact; fewer dead ones)
 *   -r  false positives printed per level (default 5)
 *   -B  the lower bounds instead of the detectors: matching and pattern
 *       databases against the exact pushes left (exit 1 on any bound above)
 * Without files: the three Boxoban files, the unit tests and Microban_155
 * from ../shared/levels. Exit: 0 clean, 1 a false positive or bad proof,
 * 2 usage, 3 unreadable input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "oracle.h"

static const char *const default_files[] = {
    "boxoban_unfiltered_train_000.txt",
    "boxoban_medium_train_000.txt",
    "boxoban_hard_000.txt",
    "unit_tests/00-empty.txt",
    "unit_tests/00-solved.txt",
    "unit_tests/01-simplest-xsb.txt",
    "unit_tests/02-one-way-xsb.txt",
    "unit_tests/03-two-ways.txt",
    "unit_tests/05-same-moves-diff-pushes.txt",
    "unit_tests/05-same-pushes-diff-moves.txt",
    "unit_tests/deadlock-cell-on-dead-end.txt",
    "unit_tests/no-solution-parking.txt",
    "unit_tests/frozen_boxes.test",
    "Microban_155.xsb",
};

static char *read_file(const char *path, size_t *length)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, len = 0, n;
	char *buf = malloc(cap + 1);
	while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
		len += n;
		if (len == cap) {
			char *grown = realloc(buf, cap * 2 + 1);
			if (!grown)
				free(buf);
			buf = grown;
			cap *= 2;
		}
	}
	fclose(f);
	if (buf) {
		buf[len] = '\0';
		*length = len;
	}
	return buf;
}

static double seconds_since(const struct timespec *start)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - start->tv_sec) + 1e-9 * (double)(now.tv_nsec - start->tv_nsec);
}

/* Check every level of one file; returns failures, or -1 if unreadable. */
static long check_file(const char *path, const oracle_check_options *options, oracle_totals *totals,
                       oracle_bound_totals *bounds)
{
	size_t length = 0;
	char *text = read_file(path, &length);
	if (!text) {
		fprintf(stderr, "hako-oracle: cannot read %s\n", path);
		return -1;
	}
	hako_collection *collection = NULL;
	hako_error err;
	hako_status st = hako_collection_parse(text, length, path, &collection, &err);
	free(text);
	if (st != HAKO_OK) {
		fprintf(stderr, "%s:%d:%d: %s\n", path, err.line, err.column, err.message);
		return -1;
	}
	long failures = 0;
	struct timespec start;
	clock_gettime(CLOCK_MONOTONIC, &start);
	/* In -B mode the positions counted are the solvable ones held to the bounds. */
	uint64_t covered = bounds ? bounds->covered : totals->covered;
	uint64_t positions = bounds ? bounds->solvable + bounds->dead : totals->positions;
	size_t count = hako_collection_count(collection);
	for (size_t i = 0; i < count; i++) {
		char label[512];
		snprintf(label, sizeof label, "%s #%zu", path, i + 1);
		if (bounds)
			failures +=
			    (long)oracle_bound_level(hako_collection_level(collection, i), label,
			                             options->oracle.max_states, bounds, stdout);
		else
			failures += (long)oracle_check_level(hako_collection_level(collection, i),
			                                     label, options, totals, stdout);
	}
	fprintf(
	    stderr, "%s: %zu levels, %llu covered, %llu positions, %.1f s\n", path, count,
	    (unsigned long long)((bounds ? bounds->covered : totals->covered) - covered),
	    (unsigned long long)((bounds ? bounds->solvable + bounds->dead : totals->positions) -
	                         positions),
	    seconds_since(&start));
	hako_collection_free(collection);
	return failures;
}

int main(int argc, char **argv)
{
	oracle_check_options options;
	memset(&options, 0, sizeof options);
	options.oracle.max_states = ORACLE_DEFAULT_STATES;
	options.corral_budget = 1000;
	options.timing = 1;
	options.max_reports = 5;
	int first = 1, bounds = 0;
	for (; first < argc && argv[first][0] == '-' && argv[first][1]; first++) {
		const char *opt = argv[first];
		if (strcmp(opt, "-p") == 0) {
			options.oracle.prune_dead_squares = 1;
			continue;
		}
		if (strcmp(opt, "-B") == 0) {
			bounds = 1;
			continue;
		}
		if (strcmp(opt, "--") == 0) {
			first++;
			break;
		}
		char *end = NULL;
		long long value = first + 1 < argc ? strtoll(argv[first + 1], &end, 10) : -1;
		if (!end || *end || value < 0) {
			fprintf(
			    stderr,
			    "usage: hako-oracle [-s STATES] [-b CORRAL_BUDGET] [-p] [-r REPORTS] "
			    "[-B] [FILE...]\n");
			return 2;
		}
		if (strcmp(opt, "-s") == 0 && value > 0)
			options.oracle.max_states = (size_t)value;
		else if (strcmp(opt, "-b") == 0)
			options.corral_budget = (uint64_t)value;
		else if (strcmp(opt, "-r") == 0 && value < 1000000)
			options.max_reports = (int)value;
		else {
			fprintf(stderr, "hako-oracle: bad option %s %s\n", opt, argv[first + 1]);
			return 2;
		}
		first++;
	}
	oracle_totals *totals = calloc(1, sizeof *totals);
	oracle_bound_totals bound_totals;
	memset(&bound_totals, 0, sizeof bound_totals);
	oracle_bound_totals *bt = bounds ? &bound_totals : NULL;
	if (!totals)
		return 3;
	long failures = 0;
	int unreadable = 0;
	if (first < argc) {
		for (int i = first; i < argc; i++) {
			long f = check_file(argv[i], &options, totals, bt);
			unreadable |= f < 0;
			failures += f > 0 ? f : 0;
		}
	} else {
		for (size_t i = 0; i < sizeof default_files / sizeof *default_files; i++) {
			char path[1024];
			snprintf(path, sizeof path, "%s/%s", HAKO_SHARED_LEVELS, default_files[i]);
			long f = check_file(path, &options, totals, bt);
			unreadable |= f < 0;
			failures += f > 0 ? f : 0;
		}
	}
	printf("\nOracle: at most %zu positions per level%s; corral budget %llu.\n",
	       options.oracle.max_states,
	       options.oracle.prune_dead_squares ? ", lone-box dead squares pruned" : "",
	       (unsigned long long)options.corral_budget);
	if (bounds)
		oracle_bound_print(&bound_totals, stdout);
	else
		oracle_print_table(totals, stdout);
	free(totals);
	if (failures) {
		fprintf(stderr, "hako-oracle: %ld false positives or bad proofs\n", failures);
		return 1;
	}
	return unreadable ? 3 : 0;
}
