/* cmd_deadlocks.c — `hako deadlocks FILE [-l SPEC] [--moves LURD|-] [--json]
 * [--budget NODES]`: each level's board with its dead squares marked, the
 * moves played step by step with a deadlock check after every push, and the
 * verdict on the final position with the boxes that prove it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "hako.h"
#include "input.h"
#include "json.h"
#include "options.h"

#define DEFAULT_BUDGET 20000L

static const char deadlocks_help[] =
    "Usage: hako deadlocks FILE [-l SPEC] [--moves LURD|-] [--json] [--budget NODES]\n"
    "Show a level's dead squares and say whether a position is a deadlock.\n"
    "\n"
    "Prints each selected level's board with its simple dead squares marked\n"
    "(squares from which a lone box can never reach a goal). With --moves the\n"
    "steps are played one by one; after the start and after every push the\n"
    "position is checked for deadlocks, and the first step at which one\n"
    "appears is reported. Then comes the verdict on the final position (the\n"
    "start when no moves are given): none, or the kind of deadlock (simple,\n"
    "freeze, bipartite, diagonal, corral) with the boxes that prove it.\n"
    "FILE may be - for stdin.\n"
    "\n";

static const char deadlocks_epilogue[] =
    "\n"
    "Board legend: XSB (# wall, $ box, * box on goal, . goal, @ player,\n"
    "+ player on goal), plus  x  a dead floor square (empty), and  !  a box of\n"
    "the deadlock's proof. Boxes are given as x,y: 0-based column and row from\n"
    "the top left, as in the level text.\n"
    "\n"
    "JSON: {\"level\":N,\"dead_squares\":[[x,y],...],\"verdict\":\"none|simple|freeze|\n"
    "bipartite|diagonal|corral\",\"boxes\":[[x,y],...],\"step\":N}; step is the\n"
    "1-based move after which a deadlock was first found, 0 when none was found\n"
    "along the moves or the start itself is dead. An invalid level gives\n"
    "{\"level\":N,\"error\":\"FILE:LINE:COLUMN: message\"}.\n"
    "\n"
    "Exit codes: 0 no selected level's final position is dead; 1 some is (or\n"
    "was found dead at an earlier step, which makes it dead too); 2 usage\n"
    "error; 3 input error: unreadable file, invalid level, malformed moves or\n"
    "an illegal step (the message names the step).\n";

typedef struct deadlocks_args {
	const char *file;
	const char *moves;
	level_spec levels;
	int json;
	uint64_t budget;
} deadlocks_args;

static int parse_args(int argc, char **argv, deadlocks_args *args)
{
	static const opt_def specs[] = {DEADLOCKS_OPTIONS(OPT_DEF) OPT_DEF_END};
	opt_scanner scanner;
	opt_value value;
	memset(args, 0, sizeof *args);
	args->budget = (uint64_t)DEFAULT_BUDGET;
	opt_init(&scanner, argc, argv, "deadlocks");
	for (int id; (id = opt_next(&scanner, specs, &value)) != OPT_END;) {
		switch (id) {
		case OPT_ERROR: return EXIT_USAGE;
		case OPT_DEADLOCKS_HELP:
			fputs(deadlocks_help, stdout);
			opt_print_help(stdout, specs);
			fputs(deadlocks_epilogue, stdout);
			return -1;
		case OPT_DEADLOCKS_LEVEL: args->levels = value.levels; break;
		case OPT_DEADLOCKS_MOVES: args->moves = value.text; break;
		case OPT_DEADLOCKS_JSON: args->json = 1; break;
		case OPT_DEADLOCKS_BUDGET: args->budget = (uint64_t)value.number; break;
		case OPT_OPERAND:
			if (args->file)
				return opt_usage_error("deadlocks", "unexpected argument '%s'",
				                       value.text);
			args->file = value.text;
			break;
		}
	}
	if (!args->file)
		return opt_usage_error("deadlocks", "no level file given");
	if (args->moves && strcmp(args->file, "-") == 0 && strcmp(args->moves, "-") == 0)
		return opt_usage_error("deadlocks",
		                       "FILE and --moves cannot both be read from stdin");
	return 0;
}

/* What became of one level. */
typedef struct verdict {
	hako_deadlock_info info; /* on the final position */
	long step;               /* first move after which a deadlock was found; 0: none */
	int dead_at_start;
} verdict;

static int is_proof_box(const hako_deadlock_info *info, int x, int y)
{
	for (int i = 0; i < info->box_count; i++)
		if (info->box_x[i] == x && info->box_y[i] == y)
			return 1;
	return 0;
}

/* The position as XSB rows, dead empty floor as 'x', proof boxes as '!'. */
static void print_board(const hako_game *game, const hako_deadlock_info *info)
{
	const hako_level *level = hako_game_level(game);
	int width = hako_level_width(level), height = hako_level_height(level);
	char *row = malloc((size_t)width + 1);
	if (!row)
		return;
	for (int y = 0; y < height; y++) {
		int length = 0;
		for (int x = 0; x < width; x++) {
			char c = hako_game_square(game, x, y);
			if (info && (c == '$' || c == '*') && is_proof_box(info, x, y))
				c = '!';
			else if (c == ' ' && hako_game_dead_square(game, x, y))
				c = 'x';
			row[x] = c;
			if (c != ' ')
				length = x + 1;
		}
		printf("%.*s\n", length, row);
	}
	free(row);
}

/* Print at most 60 bytes of a title; control characters become '?'. */
static void print_title(const char *title)
{
	for (int i = 0; title[i] && i < 60; i++)
		putchar((unsigned char)title[i] < 0x20 || title[i] == 0x7F ? '?' : title[i]);
}

/* Why hako_game_step refused `direction`: a wall, or a box that cannot move. */
static const char *blocked_reason(const hako_game *game, char direction)
{
	static const char letters[] = "lurd";
	static const int dx[] = {-1, 0, 1, 0}, dy[] = {0, -1, 0, 1};
	const char *at = strchr(letters, direction | 0x20);
	if (!at)
		return "not a move letter";
	int d = (int)(at - letters), x, y;
	hako_game_player(game, &x, &y);
	char next = hako_game_square(game, x + dx[d], y + dy[d]);
	if (next == '$' || next == '*')
		return "the box cannot move: a wall or a box is behind it";
	return "a wall is in the way";
}

/* Play the steps, checking after each push; fills v->step. Returns 0, or
 * EXIT_INPUT after printing which step was illegal. */
static int play_moves(hako_game *game, long number, const char *steps, uint64_t budget, verdict *v)
{
	hako_deadlock_info info;
	if (hako_deadlock_check(game, budget, &info) != HAKO_OK)
		return EXIT_INPUT;
	v->dead_at_start = info.kind != HAKO_DEADLOCK_NONE;
	for (long i = 0; steps[i]; i++) {
		int pushed = 0;
		hako_status status = hako_game_step(game, steps[i], &pushed);
		if (status != HAKO_OK) {
			fprintf(stderr,
			        "hako: deadlocks: level %ld: step %ld ('%c') is illegal: %s\n",
			        number, i + 1, steps[i],
			        status == HAKO_ERR_SOLUTION ? blocked_reason(game, steps[i])
			                                    : hako_strerror(status));
			return EXIT_INPUT;
		}
		if (!pushed || v->dead_at_start || v->step > 0)
			continue;
		if (hako_deadlock_check(game, budget, &info) != HAKO_OK)
			return EXIT_INPUT;
		if (info.kind != HAKO_DEADLOCK_NONE)
			v->step = i + 1;
	}
	return 0;
}

static void json_pairs(hako_game *game, const hako_deadlock_info *info)
{
	const hako_level *level = hako_game_level(game);
	const char *sep = "";
	putchar('[');
	if (info) {
		for (int i = 0; i < info->box_count; i++, sep = ",")
			printf("%s[%d,%d]", sep, info->box_x[i], info->box_y[i]);
	} else {
		for (int y = 0; y < hako_level_height(level); y++)
			for (int x = 0; x < hako_level_width(level); x++)
				if (hako_game_dead_square(game, x, y)) {
					printf("%s[%d,%d]", sep, x, y);
					sep = ",";
				}
	}
	putchar(']');
}

static void report_json(hako_game *game, long number, const verdict *v)
{
	printf("{\"level\":%ld,\"dead_squares\":", number);
	json_pairs(game, NULL);
	printf(",\"verdict\":\"%s\",\"boxes\":", hako_deadlock_name(v->info.kind));
	json_pairs(game, &v->info);
	printf(",\"step\":%ld}\n", v->step);
}

static void report_human(const char *moves, const verdict *v)
{
	const hako_deadlock_info *info = &v->info;
	printf("verdict: %s", hako_deadlock_name(info->kind));
	for (int i = 0; i < info->box_count; i++)
		printf("%s%d,%d", i == 0 ? " (boxes " : " ", info->box_x[i], info->box_y[i]);
	puts(info->box_count > 0 ? ")" : "");
	if (moves && v->dead_at_start)
		puts("first deadlock at step 0: the start is dead");
	else if (moves && v->step > 0)
		printf("first deadlock at step %ld%s\n", v->step,
		       info->kind == HAKO_DEADLOCK_NONE
		           ? " (the final position is dead too, though no check sees it now)"
		           : "");
	else if (moves)
		puts("no deadlock along the moves");
}

/* Check one level; returns its exit code. */
static int check_level(const deadlocks_args *args, const input_file *file, long number,
                       const char *steps)
{
	const hako_level *level = hako_collection_level(file->collection, (size_t)(number - 1));
	hako_error err;
	memset(&err, 0, sizeof err);
	hako_game *game = NULL;
	if (hako_level_status(level, &err) != HAKO_OK || hako_game_new(level, &game) != HAKO_OK) {
		char text[INPUT_ERROR_TEXT];
		if (err.message[0] == '\0')
			snprintf(err.message, sizeof err.message, "cannot start the level");
		input_format_error(file->name, &err, text, sizeof text);
		fprintf(stderr, "%s\n", text);
		if (args->json) {
			printf("{\"level\":%ld,\"error\":", number);
			json_string(stdout, text);
			puts("}");
		} else {
			printf("level %ld: invalid level\n", number);
		}
		return EXIT_INPUT;
	}
	verdict v;
	memset(&v, 0, sizeof v);
	if (!args->json) {
		printf("level %ld", number);
		if (hako_level_title(level)[0]) {
			fputs(" (", stdout);
			print_title(hako_level_title(level));
			putchar(')');
		}
		puts("");
		if (steps)
			print_board(game, NULL);
	}
	int code = steps ? play_moves(game, number, steps, args->budget, &v) : 0;
	if (code == 0 && hako_deadlock_check(game, args->budget, &v.info) != HAKO_OK)
		code = EXIT_INPUT;
	if (code == 0) {
		if (args->json) {
			report_json(game, number, &v);
		} else {
			if (steps)
				printf("after %ld moves, %ld pushes:\n", hako_game_moves(game),
				       hako_game_pushes(game));
			print_board(game, &v.info);
			report_human(steps, &v);
		}
		int dead = v.info.kind != HAKO_DEADLOCK_NONE || v.step > 0 || v.dead_at_start;
		code = dead ? EXIT_NOT_SOLVED : 0;
	}
	fflush(stdout);
	hako_game_free(game);
	return code;
}

/* Expand the --moves text (run-length, whitespace, comments) to letters. */
static char *expand_moves(const char *text)
{
	hako_error err;
	memset(&err, 0, sizeof err);
	char *steps = hako_lurd_expand(text, &err);
	if (!steps) {
		if (err.column > 0)
			fprintf(stderr, "hako: deadlocks: --moves: column %d: %s\n", err.column,
			        err.message);
		else
			fprintf(stderr, "hako: deadlocks: --moves: %s\n",
			        err.message[0] ? err.message : "malformed LURD");
	}
	return steps;
}

/* The levels to check exist, and --moves names exactly one; 0 or EXIT_USAGE. */
static int check_selection(const deadlocks_args *args, const input_file *file, long *single)
{
	long count = (long)hako_collection_count(file->collection);
	long max = level_spec_max(&args->levels);
	if (max > count)
		return opt_usage_error("deadlocks", "%s has %ld level%s, there is no level %ld",
		                       file->name, count, count == 1 ? "" : "s", max);
	*single = 1;
	if (args->moves && !level_spec_single(&args->levels, single) && count != 1)
		return opt_usage_error("deadlocks",
		                       "--moves needs one level: %s has %ld, say which with -l N",
		                       file->name, count);
	return 0;
}

static int run_deadlocks(const deadlocks_args *args, const input_file *file, long single,
                         const char *steps)
{
	if (steps)
		return check_level(args, file, single, steps);
	long count = (long)hako_collection_count(file->collection);
	int code = 0, first = 1;
	for (long number = 1; number <= count; number++) {
		if (!level_spec_contains(&args->levels, number))
			continue;
		if (!first && !args->json)
			puts("");
		first = 0;
		int level_code = check_level(args, file, number, NULL);
		code = level_code > code ? level_code : code;
	}
	return code;
}

int cmd_deadlocks(int argc, char **argv)
{
	deadlocks_args args;
	int code = parse_args(argc, argv, &args);
	if (code != 0)
		return code < 0 ? 0 : code;
	input_file file;
	if (input_load(&file, args.file) != 0)
		return EXIT_INPUT;
	long single = 1;
	code = check_selection(&args, &file, &single);
	char *text = NULL, *steps = NULL;
	if (code == 0 && args.moves && input_argument("deadlocks", args.moves, &text) != 0)
		code = EXIT_INPUT;
	if (code == 0 && args.moves && !(steps = expand_moves(text)))
		code = EXIT_INPUT;
	if (code == 0)
		code = run_deadlocks(&args, &file, single, steps);
	free(steps);
	free(text);
	input_free(&file);
	return code;
}
