/* cmd_solve.c — `hako solve [options] FILE...`: load every file, solve the
 * selected levels one by one within the time and memory limits, report
 * each (table or JSON), and write the .sok with -o. Ctrl-C stops the
 * current level and prints what was done. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch.h"
#include "commands.h"
#include "solve.h"

static const char solve_help[] =
    "Usage: hako solve [options] FILE...\n"
    "Solve the levels of .xsb/.sok/.txt collections; FILE may be - for stdin.\n"
    "\n";

static const char solve_epilogue[] =
    "\n"
    "Prints a table (level, title, status, moves, pushes, nodes, seconds, MiB)\n"
    "and a totals line. With --json, each line is\n"
    "  {\"file\", \"level\", \"title\", \"status\", \"moves\", \"pushes\", \"solution\",\n"
    "   \"optimal\", \"nodes\", \"seconds\", \"peak_mib\"}\n"
    "plus \"moves_before\" and \"pushes_before\" when shortening changed the\n"
    "solution, \"shorten_seconds\" when it ran, \"dropped\" when the fast mode\n"
    "filled its memory and gave up that many positions to go on (no proof of\n"
    "unsolvability then), in the optimal modes \"lower_bound\": the pushes or\n"
    "moves the optimum is proven to be at least (the optimum when solved; not\n"
    "for an unsolvable level), and in the fast mode \"engine\": the search that\n"
    "decided (fess, bidir, order, bidir-newest, bidir-hf or fess-plain), with\n"
    "\"met\": true when it "
    "finished through another search's backward positions. peak_mib counts the\n"
    "solver's own allocations at their peak (fixed tables at their full size,\n"
    "board included), not the resident size.\n"
    "status is solved, unsolvable, timeout, memout, invalid (with an \"error\"\n"
    "field) or cancelled (Ctrl-C or SIGTERM); a level that is not solved has moves 0,\n"
    "pushes 0 and solution \"\".\n"
    "\n"
    "Exit codes: 0 every level solved; 1 some level not solved; 2 usage error;\n"
    "3 input error: a file that cannot be read or parsed (nothing is solved),\n"
    "or an invalid level in a collection (the other levels are still solved and\n"
    "the invalid one is reported as FILE:LINE:COLUMN: message); 130 interrupted\n"
    "by Ctrl-C, 143 by SIGTERM (both stop the current level, print the totals\n"
    "and write -o with the levels done).\n";

static const opt_def solve_options[] = {SOLVE_OPTIONS(OPT_DEF) OPT_DEF_END};

/* The signal that stopped the run (SIGINT or SIGTERM), 0 while none. The
 * library reads it as hako_solver_options.cancel (a volatile int). */
static volatile sig_atomic_t interrupted;
_Static_assert(sizeof(sig_atomic_t) == sizeof(int), "the cancel flag is an int");

static void on_signal(int signal_number)
{
	interrupted = signal_number;
}

/* The first Ctrl-C (SIGINT) or SIGTERM asks the search to stop: the run
 * ends with the totals and -o written with the levels done; a second one
 * kills as usual. An ignored signal (a background job of a script) stays
 * ignored. */
static void install_stop_signals(void)
{
	static const int signals[] = {SIGINT, SIGTERM};
	for (size_t i = 0; i < sizeof signals / sizeof *signals; i++) {
		struct sigaction action, old;
		if (sigaction(signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		memset(&action, 0, sizeof action);
		action.sa_handler = on_signal;
		sigemptyset(&action.sa_mask);
		action.sa_flags = (int)SA_RESETHAND;
		sigaction(signals[i], &action, NULL);
	}
}

/* One option with its value (read and checked by the table's kind);
 * returns 0 or an exit code. */
static int apply_option(solve_config *config, int id, const opt_value *value)
{
	/* The order of OPT_SOLVE_OPTIMAL's names: pushes|moves|none. */
	static const hako_optimality optimal[] = {HAKO_OPTIMAL_PUSHES, HAKO_OPTIMAL_MOVES,
	                                          HAKO_OPTIMAL_NONE};
	switch (id) {
	case OPT_SOLVE_LEVEL: config->levels = value->levels; break;
	case OPT_SOLVE_TIME: config->time_limit = value->seconds; break;
	case OPT_SOLVE_MEMORY: config->memory_mib = value->number; break;
	case OPT_SOLVE_OPTIMAL: config->optimal = optimal[value->number]; break;
	case OPT_SOLVE_OUTPUT: config->output = value->text; break;
	case OPT_SOLVE_JOBS: config->jobs = value->number; break;
	case OPT_SOLVE_JSON: config->json = 1; break;
	case OPT_SOLVE_NO_DEADLOCKS: config->no_deadlocks = 1; break;
	case OPT_SOLVE_MACROS: config->macros = (int)value->number; break;
	case OPT_SOLVE_NO_MACROS: config->macros = HAKO_MACRO_NONE; break;
	case OPT_SOLVE_NO_SHORTEN: config->no_shorten = 1; break;
	case OPT_SOLVE_NO_PDB: config->no_pdb = 1; break;
	case OPT_SOLVE_NO_SYMMETRY: config->no_symmetry = 1; break;
	case OPT_SOLVE_NODES: config->node_limit = value->number; break;
	case OPT_SOLVE_QUIET: config->verbosity = -1; break;
	case OPT_SOLVE_VERBOSE: config->verbosity = 1; break;
	case OPT_SOLVE_SHARD:
		return shard_parse("solve", value->text, &config->shard) ? EXIT_USAGE : 0;
	default: break;
	}
	return 0;
}

/* Fill `config`; returns 0, an exit code, or -1 after --help. */
static int parse_args(int argc, char **argv, solve_config *config)
{
	opt_scanner scanner;
	opt_value value;
	memset(config, 0, sizeof *config);
	config->time_limit = 60.0;
	config->memory_mib = 1024;
	config->jobs = opt_default_jobs();
	config->macros = HAKO_MACRO_ALL;
	config->files = calloc((size_t)argc, sizeof *config->files);
	if (!config->files)
		return EXIT_INPUT;
	opt_init(&scanner, argc, argv, "solve");
	for (int id; (id = opt_next(&scanner, solve_options, &value)) != OPT_END;) {
		if (id == OPT_ERROR)
			return EXIT_USAGE;
		if (id == OPT_SOLVE_HELP) {
			fputs(solve_help, stdout);
			opt_print_help(stdout, solve_options);
			fputs(solve_epilogue, stdout);
			return -1;
		}
		if (id == OPT_OPERAND) {
			config->files[config->file_count++] = value.text;
			continue;
		}
		int code = apply_option(config, id, &value);
		if (code)
			return code;
	}
	if (config->file_count == 0)
		return opt_usage_error("solve", "no level file given");
	int stdin_uses = 0;
	for (int i = 0; i < config->file_count; i++)
		stdin_uses += strcmp(config->files[i], "-") == 0;
	if (stdin_uses > 1)
		return opt_usage_error("solve", "stdin (-) can be given only once");
	return 0;
}

/* Read and parse every file before solving anything; check the level spec
 * against each. Returns 0 or an exit code. */
static int load_inputs(const solve_config *config, input_file *inputs)
{
	int code = 0;
	for (int i = 0; i < config->file_count; i++)
		if (input_load(&inputs[i], config->files[i]) != 0)
			code = EXIT_INPUT;
	if (code)
		return code;
	long max = level_spec_max(&config->levels);
	for (int i = 0; i < config->file_count; i++) {
		long count = (long)hako_collection_count(inputs[i].collection);
		if (max > count)
			return opt_usage_error("solve", "%s has %ld level%s, there is no level %ld",
			                       inputs[i].name, count, count == 1 ? "" : "s", max);
	}
	return 0;
}

/* One level of the run: solved on any thread, reported on the calling
 * one. */
typedef struct level_slot {
	hako_status status;
	hako_solve_result result;
} level_slot;

typedef struct solve_run {
	const solve_config *config;
	input_file *inputs;
	level_outcome **outcomes;
	batch_item *items;
	level_slot *slots;
	int side_by_side; /* levels run side by side: no per-level progress */
	report_totals totals;
	progress progress;
	int any_invalid;
	int heading_file; /* the file whose heading was printed last, -1 none */
} solve_run;

static void report_invalid(solve_run *run, const input_file *input, long number,
                           const hako_level *level, const hako_error *err)
{
	char text[INPUT_ERROR_TEXT];
	input_format_error(input->name, err, text, sizeof text);
	fprintf(stderr, "%s\n", text);
	report_row row = {input->path, number, hako_level_title(level), "invalid",
	                  text,        NULL,   run->config->optimal};
	report_level(run->config, &row, &run->totals);
	run->any_invalid = 1;
}

/* The cancel-only callback of levels run side by side: the progress lines
 * belong to one level at a time. */
static int cancel_only(void *user, const hako_stats *stats)
{
	(void)stats;
	const progress *p = user;
	return *p->cancel != 0;
}

/* batch_solve_fn: search one level (any thread; touches only its slot). */
static void solve_item(void *user, size_t index)
{
	solve_run *run = user;
	const batch_item *item = &run->items[index];
	const input_file *input = &run->inputs[item->file];
	const hako_level *level =
	    hako_collection_level(input->collection, (size_t)(item->number - 1));
	level_slot *slot = &run->slots[index];
	memset(&slot->result, 0, sizeof slot->result);
	if (hako_level_status(level, NULL) != HAKO_OK) {
		slot->status = HAKO_ERR_LEVEL;
		return;
	}
	hako_solver_options options;
	hako_solver_options_init(&options);
	options.optimal = run->config->optimal;
	options.time_limit = run->config->time_limit;
	options.memory_limit = (size_t)run->config->memory_mib << 20;
	options.deadlock_detection = !run->config->no_deadlocks;
	options.macros = run->config->macros;
	options.shorten = !run->config->no_shorten;
	options.pattern_databases = !run->config->no_pdb;
	options.symmetry = !run->config->no_symmetry;
	options.node_limit = (uint64_t)run->config->node_limit;
	options.threads = (int)run->config->jobs;
	options.progress = progress_update;
	options.progress_user = &run->progress;
	options.progress_interval = 1024;
	options.cancel = &interrupted; /* Ctrl-C and SIGTERM stop the search at once */
	if (run->side_by_side) {
		/* Each level one thread; the memory budget is shared between the
		 * levels running at once. */
		options.threads = 1;
		options.memory_limit /= (size_t)run->config->jobs;
		options.progress = cancel_only; /* reads run->progress.cancel only */
	} else {
		progress_start(&run->progress, input->name, item->number, hako_level_title(level));
	}
	slot->status = hako_solve(level, &options, &slot->result);
	if (!run->side_by_side)
		progress_finish(&run->progress);
}

/* batch_done_fn: report one level, in input order. */
static void report_item(void *user, size_t index)
{
	solve_run *run = user;
	const batch_item *item = &run->items[index];
	const input_file *input = &run->inputs[item->file];
	long number = item->number;
	const hako_level *level = hako_collection_level(input->collection, (size_t)(number - 1));
	level_outcome *out = &run->outcomes[item->file][number - 1];
	level_slot *slot = &run->slots[index];
	hako_solve_result *result = &slot->result;
	if (run->heading_file != item->file) {
		report_file_heading(run->config, input->name);
		run->heading_file = item->file;
	}
	out->attempted = 1;
	hako_error err;
	memset(&err, 0, sizeof err);
	if (slot->status == HAKO_ERR_LEVEL && hako_level_status(level, &err) != HAKO_OK) {
		out->invalid = 1;
		report_invalid(run, input, number, level, &err);
		return;
	}
	if (slot->status == HAKO_ERR_NOMEM) {
		result->outcome = HAKO_MEMOUT;
	} else if (slot->status != HAKO_OK) {
		/* Not a search outcome: the library refused the level. */
		snprintf(err.message, sizeof err.message, "cannot be solved: %s",
		         hako_strerror(slot->status));
		err.line = hako_level_line(level);
		err.column = 0;
		out->invalid = 1;
		report_invalid(run, input, number, level, &err);
		hako_solve_result_clear(result);
		return;
	}
	report_row row = {
	    input->path, number, hako_level_title(level), report_status_name(result->outcome),
	    NULL,        result, run->config->optimal};
	report_level(run->config, &row, &run->totals);
	if (result->outcome == HAKO_SOLVED && result->solution)
		out->solution = strdup(result->solution);
	hako_solve_result_clear(result);
}

static int solve_all(const solve_config *config, input_file *inputs, level_outcome **outcomes)
{
	solve_run run;
	memset(&run, 0, sizeof run);
	run.config = config;
	run.inputs = inputs;
	run.outcomes = outcomes;
	run.heading_file = -1;
	size_t count = 0;
	if (batch_select(inputs, config->file_count, &config->levels, &config->shard, &run.items,
	                 &count) != 0 ||
	    !(run.slots = calloc(count ? count : 1, sizeof *run.slots))) {
		free(run.items);
		fputs("hako: out of memory\n", stderr);
		return EXIT_INPUT;
	}
	int workers = batch_workers(config->jobs, inputs, run.items, count);
	run.side_by_side = workers > 1;
	run.progress.tty = isatty(STDERR_FILENO);
	run.progress.enabled =
	    config->verbosity > 0 || (config->verbosity == 0 && run.progress.tty);
	run.progress.cancel = &interrupted;
	run.progress.bound_unit =
	    config->optimal != HAKO_OPTIMAL_NONE ? report_optimal_name(config->optimal) : NULL;
	batch_keep_memory();
	install_stop_signals();
	report_table_header(config);
	batch_run(count, workers, &interrupted, solve_item, report_item, &run);
	free(run.items);
	free(run.slots);
	if (!config->json || run.progress.enabled)
		report_totals_line(config, &run.totals, interrupted);
	int code = 0;
	if (config->output)
		code = sok_output_write(config->output, inputs, config->file_count, outcomes);
	if (interrupted)
		return 128 + interrupted; /* 130 after SIGINT, 143 after SIGTERM */
	if (code || run.any_invalid)
		return EXIT_INPUT;
	return run.totals.solved == run.totals.levels ? EXIT_ALL_SOLVED : EXIT_NOT_SOLVED;
}

static void free_outcomes(level_outcome **outcomes, const input_file *inputs, int count)
{
	for (int i = 0; i < count; i++) {
		if (!outcomes[i])
			continue;
		size_t levels =
		    inputs[i].collection ? hako_collection_count(inputs[i].collection) : 0;
		for (size_t j = 0; j < levels; j++)
			free(outcomes[i][j].solution);
		free(outcomes[i]);
	}
	free(outcomes);
}

static int allocate_outcomes(level_outcome **outcomes, const input_file *inputs, int count)
{
	for (int i = 0; i < count; i++) {
		size_t levels = hako_collection_count(inputs[i].collection);
		outcomes[i] = calloc(levels ? levels : 1, sizeof **outcomes);
		if (!outcomes[i])
			return -1;
	}
	return 0;
}

int cmd_solve(int argc, char **argv)
{
	solve_config config;
	int code = parse_args(argc, argv, &config);
	input_file *inputs = NULL;
	level_outcome **outcomes = NULL;
	if (code == 0) {
		inputs = calloc((size_t)config.file_count, sizeof *inputs);
		outcomes = calloc((size_t)config.file_count, sizeof *outcomes);
		code = inputs && outcomes ? load_inputs(&config, inputs) : EXIT_INPUT;
	}
	if (code == 0 && config.output)
		code = sok_output_check(config.output, inputs, config.file_count);
	if (code == 0 && allocate_outcomes(outcomes, inputs, config.file_count) != 0)
		code = EXIT_INPUT;
	if (code == 0)
		code = solve_all(&config, inputs, outcomes);
	if (outcomes)
		free_outcomes(outcomes, inputs, config.file_count);
	for (int i = 0; inputs && i < config.file_count; i++)
		input_free(&inputs[i]);
	free(inputs);
	free(config.files);
	return code < 0 ? 0 : code;
}
