/* cmd_verify.c — `hako verify FILE [-l N] [LURD|-]`: replay a given LURD, or
 * every Solution block stored in the file, and say whether each solves its
 * level. Exit 0 only if every one does; 3 (with the step) if one does not. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "hako.h"
#include "input.h"
#include "options.h"

static const char verify_help[] =
    "Usage: hako verify FILE [-l SPEC] [LURD|-]\n"
    "Replay solutions and check that they solve their levels.\n"
    "\n"
    "With LURD (or - to read it from stdin) the one selected level is replayed\n"
    "with it; -l is needed when FILE holds more than one level. Without LURD,\n"
    "every Solution block stored in FILE (a .sok, such as 'hako solve -o'\n"
    "writes) is replayed on its level. FILE may be - for stdin.\n"
    "\n";

static const char verify_epilogue[] =
    "\n"
    "Prints one line per solution: moves and pushes (pushes re-derived from the\n"
    "replay), or the step where it goes wrong.\n"
    "Exit codes: 0 every solution solves its level; 1 a selected level has no\n"
    "solution to check; 2 usage error; 3 input error: unreadable file, bad level,\n"
    "or a solution that is malformed, makes an illegal step, or does not end\n"
    "with every box on a goal.\n";

typedef struct verify_args {
	const char *file;
	const char *lurd;
	level_spec levels;
	const char *level_text; /* -l as given, NULL if none */
} verify_args;

static int parse_args(int argc, char **argv, verify_args *args)
{
	static const opt_def specs[] = {VERIFY_OPTIONS(OPT_DEF) OPT_DEF_END};
	opt_scanner scanner;
	opt_value value;
	memset(args, 0, sizeof *args);
	opt_init(&scanner, argc, argv, "verify");
	for (int id; (id = opt_next(&scanner, specs, &value)) != OPT_END;) {
		if (id == OPT_ERROR)
			return EXIT_USAGE;
		if (id == OPT_VERIFY_HELP) {
			fputs(verify_help, stdout);
			opt_print_help(stdout, specs);
			fputs(verify_epilogue, stdout);
			return -1;
		}
		if (id == OPT_VERIFY_LEVEL) {
			args->levels = value.levels;
			args->level_text = value.text;
		}
		if (id == OPT_OPERAND) {
			if (!args->file)
				args->file = value.text;
			else if (!args->lurd)
				args->lurd = value.text;
			else
				return opt_usage_error("verify", "unexpected argument '%s'",
				                       value.text);
		}
	}
	if (!args->file)
		return opt_usage_error("verify", "no level file given");
	if (args->lurd && strcmp(args->file, "-") == 0 && strcmp(args->lurd, "-") == 0)
		return opt_usage_error("verify", "FILE and LURD cannot both be read from stdin");
	return 0;
}

/* A stored solution's error names its place in its Solution block ("line
 * 1, column C": the stored text is one line); give the file's place
 * instead: FILE:LINE:COLUMN. */
static void place_in_file(char *message, size_t size, const hako_level *level, size_t index,
                          const char *file_name)
{
	for (char *at = strstr(message, "line "); at; at = strstr(at + 1, "line ")) {
		int line = 0, column = 0, used = 0;
		if (sscanf(at, "line %d, column %d%n", &line, &column, &used) != 2 || line != 1 ||
		    column < 1)
			continue;
		int file_line, file_column;
		if (!hako_level_solution_place(level, index, (size_t)column - 1, &file_line,
		                               &file_column))
			return;
		char rest[256], place[200];
		snprintf(rest, sizeof rest, "%s", at + used);
		snprintf(place, sizeof place, "%s:%d:%d", file_name, file_line, file_column);
		snprintf(at, size - (size_t)(at - message), "%s%s", place, rest);
		return;
	}
}

/* Replay one solution and print its line; returns 0 if it solves the level.
 * file_name: for a stored solution, the file it came from (errors are
 * placed there); NULL for a solution given on the command line. */
static int verify_one(const hako_level *level, long number, size_t index, const char *lurd,
                      const char *file_name)
{
	hako_replay replay;
	memset(&replay, 0, sizeof replay);
	hako_status status = hako_replay_lurd(level, lurd, &replay);
	if (status != HAKO_OK && file_name)
		place_in_file(replay.message, sizeof replay.message, level, index, file_name);
	printf("level %ld, solution %zu: ", number, index + 1);
	if (status != HAKO_OK) {
		if (replay.failed_step > 0 && strncmp(replay.message, "step ", 5) != 0)
			printf("FAILED at step %ld: %s\n", replay.failed_step, replay.message);
		else
			printf("FAILED: %s\n",
			       replay.message[0] ? replay.message : hako_strerror(status));
		return -1;
	}
	if (!replay.solved) {
		printf("FAILED after step %ld (the last): boxes are left off their goals "
		       "(%ld moves, %ld pushes)\n",
		       replay.moves, replay.moves, replay.pushes);
		return -1;
	}
	printf("ok, %ld moves, %ld pushes\n", replay.moves, replay.pushes);
	return 0;
}

/* Verify the stored (or given) solutions of one level; returns an exit code. */
static int verify_level(const input_file *file, long number, const char *lurd)
{
	const hako_level *level = hako_collection_level(file->collection, (size_t)(number - 1));
	hako_error err;
	memset(&err, 0, sizeof err);
	if (hako_level_status(level, &err) != HAKO_OK) {
		input_print_error(file->name, &err);
		printf("level %ld: invalid level\n", number);
		return EXIT_INPUT;
	}
	if (lurd)
		return verify_one(level, number, 0, lurd, NULL) == 0 ? 0 : EXIT_INPUT;
	size_t count = hako_level_solution_count(level);
	if (count == 0) {
		printf("level %ld: no solution to verify\n", number);
		return EXIT_NOT_SOLVED;
	}
	int code = 0;
	for (size_t i = 0; i < count; i++)
		if (verify_one(level, number, i, hako_level_solution(level, i), file->name) != 0)
			code = EXIT_INPUT;
	return code;
}

/* The more serious of two exit codes: 3 over 1 over 0. */
static int worse(int a, int b)
{
	return a > b ? a : b;
}

static int run_verify(const verify_args *args, input_file *file, char *lurd)
{
	long count = (long)hako_collection_count(file->collection);
	long max = level_spec_max(&args->levels);
	if (max > count)
		return opt_usage_error("verify", "%s has %ld level%s, there is no level %ld",
		                       file->name, count, count == 1 ? "" : "s", max);
	long single = 1;
	if (lurd && !level_spec_single(&args->levels, &single) && args->level_text)
		return opt_usage_error("verify",
		                       "-l %s names more than one level, and a LURD solves one: "
		                       "say which with -l N",
		                       args->level_text);
	if (lurd && !level_spec_single(&args->levels, &single) && count != 1)
		return opt_usage_error("verify", "%s has %ld levels: say which one with -l N",
		                       file->name, count);
	if (lurd)
		return verify_level(file, single, lurd);
	int code = 0;
	for (long number = 1; number <= count; number++)
		if (level_spec_contains(&args->levels, number))
			code = worse(code, verify_level(file, number, NULL));
	return code;
}

int cmd_verify(int argc, char **argv)
{
	verify_args args;
	int code = parse_args(argc, argv, &args);
	if (code != 0)
		return code < 0 ? 0 : code;
	input_file file;
	if (input_load(&file, args.file) != 0)
		return EXIT_INPUT;
	char *lurd = NULL;
	if (args.lurd && input_argument("verify", args.lurd, &lurd) != 0) {
		input_free(&file);
		return EXIT_INPUT;
	}
	code = run_verify(&args, &file, lurd);
	free(lurd);
	input_free(&file);
	return code;
}
