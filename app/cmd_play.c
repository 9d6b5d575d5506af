/* cmd_play.c — `hako play [FILE] [-l N] [-t SECONDS]`: the full-screen
 * terminal player. This file parses the arguments, finds the bundled
 * levels, opens levels, reacts to every change of position (deadlock
 * check, refusal, solved, progress) and runs the event loop. */
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "input.h"
#include "options.h"
#include "play.h"
#include "play_term.h"

#define DEFAULT_COLLECTION "boxoban_sample.txt"
/* Pushes the corral search may spend after a push: a few ms at most. */
#define PLAY_DEADLOCK_BUDGET 3000
/* Playback: a step per ANIMATION_MS, faster for long solutions so that
 * none takes much over ANIMATION_TOTAL_MS, but never under 10 ms a step. */
#define ANIMATION_MS 60
#define ANIMATION_TOTAL_MS 15000

static const char play_help[] =
    "Usage: hako play [FILE] [-l N] [-t SECONDS]\n"
    "Play Sokoban in the terminal: deadlocks named as they happen, where a box\n"
    "can go, undo and redo, hints and solutions from the solver, and progress\n"
    "saved per collection.\n"
    "\n"
    "FILE is a level collection (.xsb, .sok, .txt); without it, the bundled\n"
    "Boxoban sample (data/levels/" DEFAULT_COLLECTION ").\n";

static const char play_epilogue[] =
    "\n"
    "Press ? in the player for every key. Progress goes to\n"
    "$XDG_DATA_HOME/hako/FILE.progress (or ~/.local/share/hako/).\n";

typedef struct play_args {
	const char *file;
	long level; /* 0: the first unsolved */
	double time_limit;
} play_args;

static int parse_args(int argc, char **argv, play_args *args)
{
	static const opt_def specs[] = {PLAY_OPTIONS(OPT_DEF) OPT_DEF_END};
	opt_scanner scanner;
	opt_value value;
	memset(args, 0, sizeof *args);
	args->time_limit = 10;
	opt_init(&scanner, argc, argv, "play");
	for (int id; (id = opt_next(&scanner, specs, &value)) != OPT_END;) {
		switch (id) {
		case OPT_ERROR: return EXIT_USAGE;
		case OPT_PLAY_HELP:
			fputs(play_help, stdout);
			opt_print_help(stdout, specs);
			fputs(play_epilogue, stdout);
			return -1;
		case OPT_PLAY_LEVEL: args->level = value.number; break;
		case OPT_PLAY_TIME: args->time_limit = value.seconds; break;
		case OPT_OPERAND:
			if (args->file)
				return opt_usage_error("play", "unexpected argument '%s'",
				                       value.text);
			args->file = value.text;
			break;
		}
	}
	return 0;
}

/* The bundled collection: next to the program in a build tree
 * (build/PRESET/hako -> data/levels), or in an installed share folder. */
static char *default_collection(void)
{
	static const char *const relative[] = {"../../data/levels", "../data/levels",
	                                       "../share/hako/levels", "data/levels"};
	static const char *const absolute[] = {"/usr/local/share/hako/levels",
	                                       "/usr/share/hako/levels"};
	char exe[4096], *path = malloc(8192);
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (!path)
		return NULL;
	if (n > 0) {
		exe[n] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash)
			*slash = '\0';
		for (size_t i = 0; i < sizeof relative / sizeof relative[0]; i++) {
			snprintf(path, 8192, "%s/%s/%s", exe, relative[i], DEFAULT_COLLECTION);
			if (access(path, R_OK) == 0)
				return path;
		}
	}
	for (size_t i = 0; i < sizeof absolute / sizeof absolute[0]; i++) {
		snprintf(path, 8192, "%s/%s", absolute[i], DEFAULT_COLLECTION);
		if (access(path, R_OK) == 0)
			return path;
	}
	free(path);
	return NULL;
}

/* The header's first line of text (without ';', up to a ": "), else the
 * file's name. */
static char *collection_title(const char *path, const hako_collection *c)
{
	const char *text = hako_collection_header(c), *end;
	while (*text == ';' || *text == ' ' || *text == '\t' || *text == '\n' || *text == '\r')
		text++;
	end = text + strcspn(text, "\r\n");
	const char *colon = strstr(text, ": ");
	if (colon && colon < end)
		end = colon; /* "Boxoban sample: the first 20 levels ..." */
	if (end == text) {
		const char *slash = strrchr(path, '/');
		text = slash ? slash + 1 : path;
		end = text + strlen(text);
	}
	size_t length = (size_t)(end - text) < 60 ? (size_t)(end - text) : 60;
	char *title = malloc(length + 1);
	if (title) {
		memcpy(title, text, length);
		title[length] = '\0';
	}
	return title;
}

void play_message(play_state *st, message_kind kind, const char *format, ...)
{
	va_list args;
	va_start(args, format);
	vsnprintf(st->message, sizeof st->message, format, args);
	va_end(args);
	st->message_kind = kind;
}

void play_clear_selection(play_state *st)
{
	st->selected = 0;
}

/* Check the position for deadlocks; keeps the proof boxes' coordinates. */
static void update_deadlock(play_state *st)
{
	memset(&st->dead, 0, sizeof st->dead);
	hako_deadlock_info info;
	if (hako_deadlock_check(st->game, PLAY_DEADLOCK_BUDGET, &info) != HAKO_OK)
		return;
	st->dead.kind = info.kind;
	st->dead.box_count = info.box_count;
	for (int i = 0; i < info.box_count; i++) {
		st->dead_x[i] = info.box_x[i];
		st->dead_y[i] = info.box_y[i];
	}
}

static void forget_hint(play_state *st)
{
	st->hint_shown = 0;
	free(st->hint_steps);
	st->hint_steps = NULL;
	if (st->hint.running && !st->animation)
		hint_cancel(&st->hint);
}

static void record_solution(play_state *st)
{
	char *lurd = hako_game_lurd(st->game), error[300];
	long moves = hako_game_moves(st->game), pushes = hako_game_pushes(st->game);
	int better = lurd ? progress_record(&st->progress, st->index, lurd, moves, pushes, error,
	                                    sizeof error)
	                  : 0;
	hako_free(lurd);
	if (better < 0)
		play_message(st, MSG_WARN, "Solved in %ld move%s, %ld push%s, but %s", moves,
		             moves == 1 ? "" : "s", pushes, pushes == 1 ? "" : "es", error);
	else
		play_message(st, MSG_GOOD, "Solved in %ld move%s, %ld push%s%s. n: next level",
		             moves, moves == 1 ? "" : "s", pushes, pushes == 1 ? "" : "es",
		             better ? " (a new best, saved)" : "");
}

void play_changed(play_state *st, long moves_before, int action)
{
	if (!st->game || hako_game_moves(st->game) == moves_before)
		return;
	st->change++;
	forget_hint(st);
	play_clear_selection(st);
	update_deadlock(st);
	if (st->dead.kind != HAKO_DEADLOCK_NONE && st->refuse_dead && action) {
		const char *kind = hako_deadlock_name(st->dead.kind);
		while (hako_game_moves(st->game) > moves_before && hako_game_undo(st->game))
			;
		update_deadlock(st);
		play_message(st, MSG_WARN, "Refused: that push makes a %s deadlock (f: only warn)",
		             kind);
		return;
	}
	if (action)
		play_marks_push(st);
	if (st->dead.kind != HAKO_DEADLOCK_NONE)
		play_message(st, MSG_WARN,
		             "Deadlock (%s): the highlighted boxes can never all reach "
		             "goals. u undoes",
		             hako_deadlock_name(st->dead.kind));
	else if (hako_game_solved(st->game))
		record_solution(st);
	else
		st->message[0] = '\0'; /* whatever it said was about the old position */
}

void play_open_level(play_state *st, size_t index)
{
	hint_cancel(&st->hint);
	free(st->animation);
	st->animation = NULL;
	forget_hint(st);
	hako_game_free(st->game);
	st->game = NULL;
	free(st->targets);
	free(st->dead_x);
	free(st->dead_y);
	st->targets = NULL;
	st->dead_x = st->dead_y = NULL;
	st->index = index;
	st->mode = st->mode == MODE_HELP ? MODE_HELP : MODE_PLAY;
	play_clear_selection(st);
	memset(&st->dead, 0, sizeof st->dead);
	play_marks_reset(st);
	st->change++;
	const hako_level *level = hako_collection_level(st->collection, index);
	hako_error err;
	memset(&err, 0, sizeof err);
	hako_status status = hako_level_status(level, &err);
	if (status == HAKO_OK)
		status = hako_game_new(level, &st->game);
	size_t squares = (size_t)hako_level_width(level) * (size_t)hako_level_height(level);
	size_t boxes = (size_t)hako_level_box_count(level) + 1;
	if (status == HAKO_OK) {
		st->targets = calloc(squares ? squares : 1, 1);
		st->dead_x = calloc(boxes, sizeof(int));
		st->dead_y = calloc(boxes, sizeof(int));
	}
	if (status != HAKO_OK || !st->targets || !st->dead_x || !st->dead_y) {
		hako_game_free(st->game);
		st->game = NULL;
		snprintf(st->invalid, sizeof st->invalid, "This level cannot be played: %s",
		         err.message[0] ? err.message : hako_strerror(status));
		play_message(st, MSG_WARN, "Level %zu is invalid: n / p for another", index + 1);
		return;
	}
	hako_game_player(st->game, &st->cursor_x, &st->cursor_y);
	update_deadlock(st);
	if (st->dead.kind != HAKO_DEADLOCK_NONE)
		play_message(st, MSG_WARN,
		             "Deadlock (%s) at the start: this level cannot be solved",
		             hako_deadlock_name(st->dead.kind));
	else
		play_message(st, MSG_INFO, "Level %zu of %zu%s. Press ? for help", index + 1,
		             st->count, progress_solved(&st->progress, index) ? " (solved)" : "");
}

/* Wait for a key, with a tick while an animation plays or a solver runs. */
static int next_key(play_state *st)
{
	int delay = st->hint.running ? 100 : -1;
	if (st->animation) {
		size_t length = strlen(st->animation);
		delay = length * ANIMATION_MS <= ANIMATION_TOTAL_MS ? ANIMATION_MS
		        : ANIMATION_TOTAL_MS / length > 10 ? (int)(ANIMATION_TOTAL_MS / length)
		                                           : 10;
	}
	timeout(delay);
	return getch();
}

static void run(play_state *st)
{
	while (!st->quit) {
		hako_solve_result r;
		hako_status status;
		if (hint_poll(&st->hint, &r, &status))
			play_hint_finished(st, &r, status);
		play_draw(st);
		int key = next_key(st);
		if (key == ERR) {
			if (st->animation)
				play_animation_tick(st);
			continue;
		}
		if (st->animation) {
			play_stop_animation(st, "Playback stopped");
			if (key != KEY_RESIZE && key != KEY_MOUSE)
				continue; /* the key only stops it */
		}
		play_key(st, key);
	}
}

int play_unsolved(const play_state *st, size_t index)
{
	const hako_level *level = hako_collection_level(st->collection, index);
	return !progress_solved(&st->progress, index) && hako_level_status(level, NULL) == HAKO_OK;
}

static size_t first_unsolved(const play_state *st)
{
	for (size_t i = 0; i < st->count; i++)
		if (play_unsolved(st, i))
			return i;
	return 0;
}

static void play_free(play_state *st)
{
	hint_cancel(&st->hint);
	hako_game_free(st->game);
	free(st->animation);
	free(st->hint_steps);
	free(st->targets);
	free(st->dead_x);
	free(st->dead_y);
	free(st->marks);
	free(st->title);
	progress_free(&st->progress);
}

int cmd_play(int argc, char **argv)
{
	play_args args;
	int code = parse_args(argc, argv, &args);
	if (code != 0)
		return code < 0 ? 0 : code;
	char *bundled = args.file ? NULL : default_collection();
	if (!args.file && !bundled) {
		fputs("hako: play: no FILE given, and the bundled levels "
		      "(data/levels/" DEFAULT_COLLECTION
		      ") are not next to the program nor in /usr/share/hako/levels;\n"
		      "give a level file: hako play FILE\n",
		      stderr);
		return EXIT_USAGE;
	}
	input_file file;
	if (input_load(&file, args.file ? args.file : bundled) != 0) {
		free(bundled);
		return EXIT_INPUT;
	}
	play_state st;
	memset(&st, 0, sizeof st);
	st.path = file.path;
	st.collection = file.collection;
	st.count = hako_collection_count(file.collection);
	st.title = collection_title(file.path, file.collection);
	st.time_limit = args.time_limit;
	st.show_dead = 1;
	progress_load(&st.progress, file.path, file.collection);
	if (args.level > (long)st.count) {
		code = opt_usage_error("play", "%s has %zu level%s, there is no level %ld",
		                       file.name, st.count, st.count == 1 ? "" : "s", args.level);
	} else if (!st.title || !st.progress.levels) {
		fputs("hako: play: out of memory\n", stderr);
		code = EXIT_INPUT;
	} else if (term_start() != 0) {
		code = EXIT_USAGE;
	} else {
		play_open_level(&st,
		                args.level > 0 ? (size_t)(args.level - 1) : first_unsolved(&st));
		run(&st);
		term_stop();
	}
	play_free(&st);
	input_free(&file);
	free(bundled);
	return code;
}
