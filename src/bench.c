/* bench.c — the deterministic benchmark: fixed positions, a fixed memory
 * budget, no time limit, a node limit per position, one thread. The total
 * of expanded nodes is the signature of the search's behaviour: a change
 * that moves it changes what the search does; a pure refactor keeps it.
 *
 * Positions: the ten levels of DeepMind Boxoban hard/000.txt that took the
 * most nodes to solve push-optimally when the bench was made (titles
 * 318, 970, 108, 292, 177, 331, 379, 113, 830, 188), each searched
 * push-optimal, move-optimal and in the fast mode. Levels from
 * github.com/deepmind/boxoban-levels, Apache-2.0, (c) DeepMind. */
#include <stdio.h>
#include <string.h>

#include "hako.h"
#include "search.h"

#define BENCH_NODE_LIMIT 200000
#define BENCH_MEMORY ((size_t)256 << 20)

static const struct {
	const char *name;
	const char *xsb;
} bench_positions[] = {
#include "bench_levels.inc"
};

hako_status hako_bench(hako_bench_fn each, void *user, hako_bench_result *total)
{
	if (!total)
		return HAKO_ERR_ARGUMENT;
	memset(total, 0, sizeof *total);
	double started = search_now();
	int count = (int)(sizeof bench_positions / sizeof bench_positions[0]);
	static const hako_optimality modes[] = {HAKO_OPTIMAL_PUSHES, HAKO_OPTIMAL_MOVES,
	                                        HAKO_OPTIMAL_NONE};
	static const char *const mode_names[] = {"pushes", "moves", "none"};
	for (int m = 0; m < 3; m++) {
		for (int i = 0; i < count; i++) {
			hako_level *level = NULL;
			hako_status st =
			    hako_level_parse(bench_positions[i].xsb, strlen(bench_positions[i].xsb),
			                     bench_positions[i].name, &level, NULL);
			if (st != HAKO_OK) {
				hako_level_free(level);
				return st;
			}
			hako_solver_options options;
			hako_solver_options_init(&options);
			options.optimal = modes[m];
			options.time_limit = 0;
			options.node_limit = BENCH_NODE_LIMIT;
			options.memory_limit = BENCH_MEMORY;
			hako_solve_result r;
			st = hako_solve(level, &options, &r);
			hako_level_free(level);
			if (st != HAKO_OK)
				return st;
			total->nodes += r.stats.expanded;
			total->positions++;
			total->solved += r.outcome == HAKO_SOLVED;
			if (each) {
				char name[96];
				snprintf(name, sizeof name, "%-6s %s", mode_names[m],
				         bench_positions[i].name);
				each(user, total->positions - 1, name, &r); /* 0-based */
			}
			hako_solve_result_clear(&r);
		}
	}
	total->seconds = search_now() - started;
	return HAKO_OK;
}
