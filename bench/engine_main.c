/* engine_main.c — hako-engine: run one search engine (search.h) on the
 * levels of a file, one level at a time, and print per level: solved or
 * not, seconds, expanded nodes, pushes and moves. Every solution is turned
 * into LURD (the walks rebuilt like solver.c does) and replayed by the
 * verifier; a rejected one is reported as BAD and makes the exit code 1.
 *
 * Usage: hako-engine [-e ENGINE] [-t SECONDS] [-M MIB] [-n NODES] [-l FIRST-LAST]
 *                    [-m MACROS | -x] [-R UNIT[,FIRST]] [-P EXPANSIONS] [-p] FILE
 *   -e  engine name: bidir (default), astar (weighted A*, the fast mode's
 *       setting), fess, order (bidir's forward side on the packing plan,
 *       search_bidir.c), bidir-newest (bidir, the backward side's ties
 *       newest first), bidir-hf (Festival's HF pair: the backward side
 *       first, then the forward side toward its best layout), fess-plain
 *       (FESS without its forced-move rule), or fast: the fast mode's
 *       portfolio (FESS, bidir and bidir-newest meeting in one table, +
 *       order, bidir-hf and fess-plain) on one thread, interleaved,
 *       reproducible
 *   -t  seconds per level (default 10; 0: none)
 *   -M  memory budget, MiB (default 1024)
 *   -n  expanded-node limit per level (default none)
 *   -l  level range, 1-based (default all)
 *   -m  macros as hako solve's --macros: all (default), none, or a list
 *       of tunnels,goals (options.macros, HAKO_MACRO_* bits)
 *   -x  no macros, the same as -m none
 *   -R  -e fess or fess-plain only: its restarts (search_fess_restarts), runs of UNIT
 *       expansions times the Luby sequence after a first of FIRST units
 *       (default: the engine's own); -R 0: one run, never restarted
 *   -P  -e fess or fess-plain only: its packing plan from a backward search of at most
 *       EXPANSIONS expansions (search_fess_plan; default: the engine's
 *       own); -P 0: the layered order of fess_plan.c
 *   -p  print each level's packing plan (fess_plan.c) instead of
 *       searching: the board with every goal shown as its layer (1 =
 *       filled last, the deepest first; a-z for 10-35, + above), then the
 *       goals in the order they are filled, as (x,y) from the top left,
 *       0-based, the way YASS's -log prints its packing order; then the
 *       backward search's plan (fess_pullplan.c; -P's budget, else the
 *       engine's 10,000 expansions), when it has one: step k puts a box
 *       on (x,y), "->u" when step u moves it on
 * Exit: 0 every selected level solved (or planned, with -p), 1 some not
 * (or a bad solution), 2 usage, 3 unreadable input. Until the portfolio has its own verb this
 * is how an engine is benchmarked alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "fess.h"
#include "memory.h"
#include "options.h"
#include "reach.h"
#include "search.h"
#include "search_bidir.h"

static const search_engine *const engines[] = {&search_engine_bidir,        &search_engine_astar,
                                               &search_engine_fess,         &search_engine_order,
                                               &search_engine_bidir_newest, &search_engine_bidir_hf,
                                               &search_engine_fess_plain};
/* -e fast: the fast mode's engines as a portfolio (the name only). */
static const search_engine *const fast_pair[] = {
    &search_engine_fess,         &search_engine_bidir,    &search_engine_order,
    &search_engine_bidir_newest, &search_engine_bidir_hf, &search_engine_fess_plain};
static const search_engine fast_mode = {"fast", NULL, NULL, NULL, NULL, NULL, 0, 0, 0};

static char *read_file(const char *path, size_t *length)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t capacity = 1 << 16, used = 0, got;
	char *text = malloc(capacity + 1);
	while (text && (got = fread(text + used, 1, capacity - used, f)) > 0) {
		used += got;
		if (used == capacity) {
			capacity *= 2;
			char *grown = realloc(text, capacity + 1);
			if (!grown)
				free(text);
			text = grown;
		}
	}
	fclose(f);
	if (text) {
		text[used] = '\0';
		*length = used;
	}
	return text;
}

/* -p: the level's packing plan. 0 when it was printed. */
static int print_plan(const board *b, size_t mib, uint32_t backward)
{
	memory mem = {0, 0, mib << 20};
	fess_plan plan;
	if (fess_plan_init(&plan, b, &mem) != HAKO_OK) {
		printf("no plan: out of memory\n");
		return 1;
	}
	uint8_t *box = calloc((size_t)b->square_count + 1, 1);
	if (!box) {
		fess_plan_free(&plan);
		return 1;
	}
	for (int i = 0; i < b->box_count; i++)
		box[b->start_boxes[i]] = 1;
	static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
	for (int y = 0; y < b->height; y++) {
		char line[1024];
		int n = 0;
		for (int x = 0; x < b->width && n < (int)sizeof line - 1; x++) {
			int q = b->grid_to_square[y * b->width + x];
			char c = '#';
			if (q >= 0 && b->is_goal[q])
				c = plan.rank[q] < 36 ? digits[plan.rank[q]] : '+';
			else if (q >= 0)
				c = (unsigned)q == b->start_player ? '@' : box[q] ? '$' : ' ';
			line[n++] = c;
		}
		line[n] = '\0';
		printf("%s\n", line);
	}
	printf("fill order:");
	for (int k = 0; k < plan.goal_count; k++) {
		int grid = b->square_to_grid[plan.order[k]];
		printf(" (%d,%d)", grid % b->width, grid / b->width);
	}
	printf("\n");
	if (fess_plan_backward(&plan, b, &mem, NULL, backward) == HAKO_OK && plan.entry_count > 0) {
		printf("backward plan (%u expansions, %d boxes left):", plan.backward_expansions,
		       plan.backward_left);
		for (int k = 1; k <= plan.entry_count; k++) {
			int grid = b->square_to_grid[plan.entry_square[k]];
			printf(" %d:(%d,%d)", k, grid % b->width, grid / b->width);
			if (plan.entry_until[k] <= plan.entry_count)
				printf("->%d", plan.entry_until[k]);
		}
		printf("\n");
	}
	free(box);
	fess_plan_free(&plan);
	return 0;
}

static int usage(void)
{
	fprintf(stderr,
	        "usage: hako-engine [-e ENGINE] [-t SECONDS] [-M MIB] [-n NODES] "
	        "[-l FIRST-LAST] [-m MACROS | -x] [-R UNIT[,FIRST]] [-P EXPANSIONS] [-p] FILE\n");
	return 2;
}

int main(int argc, char **argv)
{
	const search_engine *engine = engines[0];
	double seconds = 10;
	size_t mib = 1024;
	unsigned long long node_limit = 0;
	int first = 1, last = 0, macros = HAKO_MACRO_ALL, plan = 0, restarts = 0;
	unsigned long long restart_unit = 0, restart_first = 1;
	long backward_plan = -1; /* -P; -1: the engine's own */
	const char *path = NULL;
	for (int i = 1; i < argc; i++) {
		const char *value = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(argv[i], "-e") == 0 && value) {
			engine = NULL;
			for (size_t k = 0; k < sizeof engines / sizeof *engines; k++)
				if (strcmp(engines[k]->name, value) == 0)
					engine = engines[k];
			if (strcmp(value, fast_mode.name) == 0)
				engine = &fast_mode;
			if (!engine) {
				fprintf(stderr, "hako-engine: no engine named %s\n", value);
				return 2;
			}
			i++;
		} else if (strcmp(argv[i], "-t") == 0 && value) {
			seconds = atof(value);
			i++;
		} else if (strcmp(argv[i], "-M") == 0 && value) {
			mib = strtoul(value, NULL, 10);
			i++;
		} else if (strcmp(argv[i], "-n") == 0 && value) {
			node_limit = strtoull(value, NULL, 10);
			i++;
		} else if (strcmp(argv[i], "-l") == 0 && value) {
			if (sscanf(value, "%d-%d", &first, &last) == 1)
				last = first;
			i++;
		} else if (strcmp(argv[i], "-m") == 0 && value) {
			char why[128];
			if (opt_macros_from_text(value, &macros, why, sizeof why) != 0) {
				fprintf(stderr, "hako-engine: -m: %s\n", why);
				return 2;
			}
			i++;
		} else if (strcmp(argv[i], "-R") == 0 && value) {
			restarts = 1;
			if (sscanf(value, "%llu,%llu", &restart_unit, &restart_first) < 1)
				return usage();
			i++;
		} else if (strcmp(argv[i], "-P") == 0 && value) {
			char *end = NULL;
			backward_plan = strtol(value, &end, 10);
			if (!end || *end || backward_plan < 0 || backward_plan > 100000000)
				return usage();
			i++;
		} else if (strcmp(argv[i], "-x") == 0) {
			macros = HAKO_MACRO_NONE;
		} else if (strcmp(argv[i], "-p") == 0) {
			plan = 1;
		} else if (argv[i][0] != '-' && !path) {
			path = argv[i];
		} else {
			return usage();
		}
	}
	if (!path)
		return usage();
	size_t length = 0;
	char *text = read_file(path, &length);
	if (!text) {
		fprintf(stderr, "hako-engine: %s: cannot read\n", path);
		return 3;
	}
	hako_collection *c = NULL;
	hako_error err;
	if (hako_collection_parse(text, length, path, &c, &err) != HAKO_OK) {
		fprintf(stderr, "%s:%d:%d: %s\n", path, err.line, err.column, err.message);
		free(text);
		return 3;
	}
	free(text);
	int count = (int)hako_collection_count(c);
	if (last == 0 || last > count)
		last = count;
	hako_solver_options o;
	hako_solver_options_init(&o);
	o.time_limit = seconds;
	o.memory_limit = mib << 20;
	o.node_limit = node_limit;
	o.macros = macros;
	int attempted = 0, solved = 0, bad = 0;
	double total_seconds = 0;
	unsigned long long total_nodes = 0;
	if (!plan) {
		printf("engine %s, %s, levels %d-%d, %g s per level, macros %d\n", engine->name,
		       path, first, last, seconds, macros);
		printf("level\tstatus\tseconds\tnodes\tpushes\tmoves\tpeak_mib\tdropped%s\n",
		       engine == &search_engine_bidir ? "\texpanded fwd/bwd\tpushes fwd/bwd" : "");
	}
	for (int l = first; l <= last; l++) {
		const hako_level *level = hako_collection_level(c, (size_t)(l - 1));
		board b;
		attempted++;
		if (hako_level_status(level, NULL) != HAKO_OK ||
		    board_build(level, &b) != HAKO_OK) {
			printf("%d\tinvalid\n", l);
			continue;
		}
		if (plan) {
			printf("level %d\n", l);
			solved +=
			    print_plan(&b, mib,
			               backward_plan >= 0 ? (uint32_t)backward_plan
			                                  : FESS_BACKWARD_PLAN_EXPANSIONS) == 0;
			board_free(&b);
			continue;
		}
		hako_status st = HAKO_OK;
		void *e = engine == &fast_mode ? NULL : engine->open(&b, &o, &st);
		search_result r;
		memset(&r, 0, sizeof r);
		search_bidir_info info;
		memset(&info, 0, sizeof info);
		if (engine == &fast_mode)
			search_portfolio(&b, &o, fast_pair,
			                 (int)(sizeof fast_pair / sizeof fast_pair[0]), 1, &r);
		else if (!e)
			r.outcome = HAKO_MEMOUT;
		else {
			int fess_like =
			    engine == &search_engine_fess || engine == &search_engine_fess_plain;
			if (restarts && fess_like)
				search_fess_restarts(e, restart_unit, restart_first);
			hako_status planned = HAKO_OK;
			if (backward_plan >= 0 && fess_like)
				planned = search_fess_plan(e, (uint32_t)backward_plan);
			if (planned == HAKO_ERR_NOMEM)
				r.outcome = HAKO_MEMOUT;
			else if (planned != HAKO_OK)
				r.outcome = HAKO_TIMEOUT;
			else
				while (!engine->step(e, 256, &r))
					;
			if (engine == &search_engine_bidir)
				search_bidir_info_get(e, &info);
			engine->close(e);
		}
		long pushes = 0, moves = 0;
		const char *status = hako_outcome_name(r.outcome);
		if (r.outcome == HAKO_SOLVED) {
			char *lurd = search_lurd(&b, r.pushes, r.push_count);
			hako_replay replay;
			if (lurd && hako_replay_lurd(level, lurd, &replay) == HAKO_OK &&
			    replay.solved) {
				pushes = replay.pushes;
				moves = replay.moves;
				solved++;
			} else {
				status = "BAD";
				bad++;
			}
			free(lurd);
		}
		printf("%d\t%s\t%.3f\t%llu\t%ld\t%ld\t%.1f\t%llu", l, status, r.stats.seconds,
		       (unsigned long long)r.stats.expanded, pushes, moves,
		       (double)r.stats.peak_bytes / (1024.0 * 1024.0),
		       (unsigned long long)r.stats.dropped);
		if (engine == &search_engine_bidir)
			printf("\t%llu/%llu\t%zu/%zu", (unsigned long long)info.forward_expanded,
			       (unsigned long long)info.backward_expanded, info.forward_pushes,
			       info.backward_pushes);
		printf("\n");
		fflush(stdout);
		total_seconds += r.stats.seconds;
		total_nodes += r.stats.expanded;
		search_result_free(&r);
		board_free(&b);
	}
	if (plan)
		printf("planned %d of %d\n", solved, attempted);
	else
		printf("solved %d of %d, %.1f s, %llu nodes%s\n", solved, attempted, total_seconds,
		       total_nodes, bad ? ", BAD SOLUTIONS" : "");
	hako_collection_free(c);
	return bad || solved < attempted ? 1 : 0;
}
