/* cmd_bench.c — `hako bench`: search the library's fixed positions and print
 * the node-count signature (`nodes: N`) every search change must quote. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "hako.h"
#include "options.h"

static const char bench_help[] =
    "Usage: hako bench\n"
    "Search the built-in fixed positions (fixed table size, one thread, a node\n"
    "limit per position) and print one line per position, then the signature\n"
    "line 'nodes: N' and the speed. The node count is deterministic: a change to\n"
    "search behaviour moves it, a pure refactor does not.\n";

static void bench_each(void *user, int index, const char *name, const hako_solve_result *r)
{
	(void)user;
	printf("%3d  %-24s %-10s %12llu nodes %8.3f s", index + 1, name ? name : "",
	       hako_outcome_name(r->outcome), (unsigned long long)r->stats.expanded,
	       r->stats.seconds);
	if (r->outcome == HAKO_SOLVED)
		printf("  %ld moves %ld pushes", r->moves, r->pushes);
	putchar('\n');
	fflush(stdout);
}

int cmd_bench(int argc, char **argv)
{
	static const opt_def specs[] = {BENCH_OPTIONS(OPT_DEF) OPT_DEF_END};
	opt_scanner scanner;
	opt_value value;
	opt_init(&scanner, argc, argv, "bench");
	for (int id; (id = opt_next(&scanner, specs, &value)) != OPT_END;) {
		if (id == OPT_ERROR)
			return EXIT_USAGE;
		if (id == OPT_OPERAND)
			return opt_usage_error("bench", "unexpected argument '%s'", value.text);
		fputs(bench_help, stdout);
		fputs("\n", stdout);
		opt_print_help(stdout, specs);
		return 0;
	}
	hako_bench_result total;
	memset(&total, 0, sizeof total);
	hako_status status = hako_bench(bench_each, NULL, &total);
	if (status != HAKO_OK) {
		fprintf(stderr, "hako: bench: %s\n", hako_strerror(status));
		return EXIT_INPUT;
	}
	double rate = total.seconds > 0 ? (double)total.nodes / total.seconds : 0.0;
	printf("positions: %d, solved: %d\n", total.positions, total.solved);
	printf("seconds: %.3f\n", total.seconds);
	printf("nodes/second: %.0f\n", rate);
	printf("nodes: %llu\n", (unsigned long long)total.nodes);
	return 0;
}
