/* cmd_label.c — `hako label FILE... -o LABELS.jsonl`: label a collection
 * for learning. Each level gets one JSON line: push-optimal when proven
 * within the time limit, else the fast mode's solution, else the status.
 * Resumable: levels already in the output are skipped; lines are
 * appended whole, so Ctrl-C (or a kill) never leaves a broken file. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "batch.h"
#include "commands.h"
#include "json.h"
#include "label_file.h"
#include "solve.h"

static const char label_help[] =
    "Usage: hako label [options] FILE... -o LABELS.jsonl\n"
    "Label levels for learning: one JSON line per level, appended to LABELS.jsonl.\n"
    "Each level is first solved push-optimally within the time limit; when that\n"
    "does not finish, the fast mode gets the same limit. A re-run skips the levels\n"
    "already in the output, so an interrupted run (Ctrl-C, a killed job) goes on\n"
    "where it stopped; a line is written whole or not at all.\n"
    "\n";

static const char label_epilogue[] =
    "\n"
    "Each line: {\"file\", \"level\", \"title\", \"status\", \"optimal\", \"moves\",\n"
    "\"pushes\", \"solution\", \"nodes\", \"seconds\"}; optimal is \"pushes\" when the\n"
    "solution is proven push-optimal, \"none\" for a fast-mode solution; status is\n"
    "solved, unsolvable, timeout, memout or invalid (with \"error\").\n"
    "\n"
    "Exit codes: 0 every level in this run solved; 1 some not; 2 usage error (or\n"
    "the output is locked by another hako label); 3 input error; 130 interrupted.\n";

static const opt_def label_options[] = {LABEL_OPTIONS(OPT_DEF) OPT_DEF_END};

static volatile sig_atomic_t interrupted;

static void on_sigint(int signal_number)
{
	(void)signal_number;
	interrupted = 1;
}

/* SIGINT and SIGTERM (a job scheduler's stop) end the run after the
 * levels in progress; a second one kills as usual. */
static void install_signals(void)
{
	static const int signals[] = {SIGINT, SIGTERM};
	for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
		struct sigaction action, old;
		if (sigaction(signals[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
			continue;
		memset(&action, 0, sizeof action);
		action.sa_handler = on_sigint;
		sigemptyset(&action.sa_mask);
		action.sa_flags = (int)SA_RESETHAND;
		sigaction(signals[i], &action, NULL);
	}
}

typedef struct label_slot {
	hako_status status;
	hako_solve_result result;
	hako_optimality optimal; /* of the result: pushes when proven */
	uint64_t nodes;          /* both stages */
	double seconds;
} label_slot;

typedef struct label_run {
	solve_config config; /* levels, time, memory, jobs, shard, files */
	const char *output;
	int quiet;
	input_file *inputs;
	batch_item *items; /* the levels still to label */
	size_t count;
	label_slot *slots;
	int side_by_side;
	int fd; /* the output, opened for appending and locked */
	long written, proven, fast, unsolved, invalid, skipped;
	int write_failed;
} label_run;

static int label_cancel(void *user, const hako_stats *stats)
{
	(void)user;
	(void)stats;
	return interrupted != 0;
}

static void solve_stage(const label_run *run, const hako_level *level, hako_optimality optimal,
                        label_slot *slot)
{
	hako_solver_options options;
	hako_solver_options_init(&options);
	options.optimal = optimal;
	options.time_limit = run->config.time_limit;
	options.memory_limit = (size_t)run->config.memory_mib << 20;
	options.threads = run->side_by_side ? 1 : (int)run->config.jobs;
	if (run->side_by_side)
		options.memory_limit /= (size_t)run->config.jobs;
	options.progress = label_cancel;
	options.progress_interval = 1024;
	hako_solve_result_clear(&slot->result);
	slot->status = hako_solve(level, &options, &slot->result);
	slot->optimal = optimal;
	slot->nodes += slot->result.stats.expanded;
	slot->seconds += slot->result.stats.seconds + slot->result.shorten_seconds;
}

/* batch_solve_fn: push-optimal first, then the fast mode. */
static void label_item(void *user, size_t index)
{
	label_run *run = user;
	const batch_item *item = &run->items[index];
	const hako_level *level =
	    hako_collection_level(run->inputs[item->file].collection, (size_t)(item->number - 1));
	label_slot *slot = &run->slots[index];
	if (hako_level_status(level, NULL) != HAKO_OK) {
		slot->status = HAKO_ERR_LEVEL;
		return;
	}
	solve_stage(run, level, HAKO_OPTIMAL_PUSHES, slot);
	hako_outcome first = slot->result.outcome;
	/* Out of memory (as a status or an outcome) or time: the fast mode
	 * may still find a solution. */
	if (slot->status == HAKO_ERR_NOMEM ||
	    (slot->status == HAKO_OK &&
	     (first == HAKO_TIMEOUT || first == HAKO_MEMOUT || first == HAKO_NODE_LIMIT)))
		solve_stage(run, level, HAKO_OPTIMAL_NONE, slot);
}

/* batch_done_fn: append the level's line, in input order. A cancelled
 * level writes nothing: the next run labels it. */
static void label_done(void *user, size_t index)
{
	label_run *run = user;
	const batch_item *item = &run->items[index];
	const input_file *input = &run->inputs[item->file];
	const hako_level *level =
	    hako_collection_level(input->collection, (size_t)(item->number - 1));
	label_slot *slot = &run->slots[index];
	const hako_solve_result *r = &slot->result;
	char error[INPUT_ERROR_TEXT] = "";
	const char *status;
	if (slot->status == HAKO_OK && r->outcome == HAKO_CANCELLED) {
		hako_solve_result_clear(&slot->result);
		return;
	}
	if (slot->status == HAKO_ERR_LEVEL ||
	    (slot->status != HAKO_OK && slot->status != HAKO_ERR_NOMEM)) {
		hako_error err;
		memset(&err, 0, sizeof err);
		if (hako_level_status(level, &err) == HAKO_OK) {
			snprintf(err.message, sizeof err.message, "cannot be solved: %s",
			         hako_strerror(slot->status));
			err.line = hako_level_line(level);
		}
		input_format_error(input->name, &err, error, sizeof error);
		fprintf(stderr, "%s\n", error);
		status = "invalid";
		run->invalid++;
	} else {
		status = slot->status == HAKO_ERR_NOMEM ? "memout" : report_status_name(r->outcome);
	}
	int solved = slot->status == HAKO_OK && r->outcome == HAKO_SOLVED && r->solution;
	char *text = NULL;
	size_t length = 0;
	FILE *out = open_memstream(&text, &length);
	if (out) {
		fputs("{\"file\":", out);
		json_string(out, input->path);
		fprintf(out, ",\"level\":%ld,\"title\":", item->number);
		json_string(out, hako_level_title(level));
		fprintf(out, ",\"status\":\"%s\",\"optimal\":\"%s\",\"moves\":%ld,\"pushes\":%ld,",
		        status, solved ? report_optimal_name(slot->optimal) : "none",
		        solved ? r->moves : 0L, solved ? r->pushes : 0L);
		fputs("\"solution\":", out);
		json_string(out, solved ? r->solution : "");
		fprintf(out, ",\"nodes\":%llu,\"seconds\":%.3f", (unsigned long long)slot->nodes,
		        slot->seconds);
		if (error[0]) {
			fputs(",\"error\":", out);
			json_string(out, error);
		}
		fputs("}\n", out);
	}
	if (!out || fclose(out) != 0 || label_file_append(run->fd, text, length) != 0) {
		if (!run->write_failed)
			fprintf(stderr, "hako: %s: %s\n", run->output,
			        strerror(errno ? errno : EIO));
		run->write_failed = 1;
		interrupted = 1; /* stop: the labels would be lost */
	} else {
		run->written++;
		run->proven += solved && slot->optimal == HAKO_OPTIMAL_PUSHES;
		run->fast += solved && slot->optimal == HAKO_OPTIMAL_NONE;
		run->unsolved += !solved && !error[0];
	}
	free(text);
	hako_solve_result_clear(&slot->result);
}

static int parse_args(int argc, char **argv, label_run *run)
{
	solve_config *config = &run->config;
	opt_scanner scanner;
	opt_value value;
	config->time_limit = 10.0;
	config->memory_mib = 1024;
	config->jobs = opt_default_jobs();
	config->files = calloc((size_t)argc, sizeof *config->files);
	if (!config->files)
		return EXIT_INPUT;
	opt_init(&scanner, argc, argv, "label");
	for (int id; (id = opt_next(&scanner, label_options, &value)) != OPT_END;) {
		switch (id) {
		case OPT_ERROR: return EXIT_USAGE;
		case OPT_LABEL_HELP:
			fputs(label_help, stdout);
			opt_print_help(stdout, label_options);
			fputs(label_epilogue, stdout);
			return -1;
		case OPT_OPERAND: config->files[config->file_count++] = value.text; break;
		case OPT_LABEL_OUTPUT: run->output = value.text; break;
		case OPT_LABEL_LEVEL: config->levels = value.levels; break;
		case OPT_LABEL_TIME: config->time_limit = value.seconds; break;
		case OPT_LABEL_MEMORY: config->memory_mib = value.number; break;
		case OPT_LABEL_JOBS: config->jobs = value.number; break;
		case OPT_LABEL_SHARD:
			if (shard_parse("label", value.text, &config->shard) != 0)
				return EXIT_USAGE;
			break;
		case OPT_LABEL_QUIET: run->quiet = 1; break;
		default: return EXIT_USAGE;
		}
	}
	if (config->file_count == 0)
		return opt_usage_error("label", "no level file given");
	if (!run->output)
		return opt_usage_error("label", "no output given (-o LABELS.jsonl)");
	int stdin_uses = 0;
	for (int i = 0; i < config->file_count; i++)
		stdin_uses += strcmp(config->files[i], "-") == 0;
	if (stdin_uses > 1)
		return opt_usage_error("label", "stdin (-) can be given only once");
	return 0;
}

static int load(label_run *run)
{
	const solve_config *config = &run->config;
	size_t files = config->file_count > 0 ? (size_t)config->file_count : 1;
	run->inputs = calloc(files, sizeof *run->inputs);
	if (!run->inputs)
		return EXIT_INPUT;
	for (int i = 0; i < config->file_count; i++)
		if (input_load(&run->inputs[i], config->files[i]) != 0)
			return EXIT_INPUT;
	long max = level_spec_max(&config->levels);
	for (int i = 0; i < config->file_count; i++) {
		long count = (long)hako_collection_count(run->inputs[i].collection);
		if (max > count)
			return opt_usage_error("label", "%s has %ld level%s, there is no level %ld",
			                       run->inputs[i].name, count, count == 1 ? "" : "s",
			                       max);
	}
	if (batch_select(run->inputs, config->file_count, &config->levels, &config->shard,
	                 &run->items, &run->count) != 0)
		return EXIT_INPUT;
	return 0;
}

static int label_all(label_run *run)
{
	run->slots = calloc(run->count ? run->count : 1, sizeof *run->slots);
	if (!run->slots)
		return EXIT_INPUT;
	int workers = batch_workers(run->config.jobs, run->inputs, run->items, run->count);
	run->side_by_side = workers > 1;
	batch_keep_memory();
	install_signals();
	batch_run(run->count, workers, &interrupted, label_item, label_done, run);
	if (fsync(run->fd) != 0 && !run->write_failed) {
		fprintf(stderr, "hako: %s: %s\n", run->output, strerror(errno));
		run->write_failed = 1;
	}
	if (!run->quiet)
		fprintf(
		    stderr,
		    "labelled %ld level%s: %ld push-optimal, %ld fast, %ld unsolved, %ld invalid; "
		    "%ld already in %s%s\n",
		    run->written, run->written == 1 ? "" : "s", run->proven, run->fast,
		    run->unsolved, run->invalid, run->skipped, run->output,
		    interrupted ? " (interrupted)" : "");
	if (run->write_failed)
		return EXIT_INPUT;
	if (interrupted)
		return EXIT_INTERRUPTED;
	if (run->invalid)
		return EXIT_INPUT;
	return run->unsolved ? EXIT_NOT_SOLVED : EXIT_ALL_SOLVED;
}

int cmd_label(int argc, char **argv)
{
	label_run run;
	memset(&run, 0, sizeof run);
	run.fd = -1;
	int code = parse_args(argc, argv, &run);
	if (code == 0)
		code = load(&run);
	if (code == 0)
		code =
		    label_file_open(run.output, run.config.files, run.config.file_count, &run.fd);
	if (code == 0)
		code = label_file_resume(run.fd, run.output, run.inputs, run.items, &run.count,
		                         &run.skipped);
	if (code == 0)
		code = label_all(&run);
	if (run.fd >= 0)
		close(run.fd);
	for (int i = 0; run.inputs && i < run.config.file_count; i++)
		input_free(&run.inputs[i]);
	free(run.inputs);
	free(run.items);
	free(run.slots);
	free(run.config.files);
	return code < 0 ? 0 : code;
}
