/* play_actions.c — the bigger commands of `hako play`: hints and solving
 * in the background, animated playback, moving between levels, exporting
 * the best solutions as .sok and importing a LURD file. */
#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"
#include "play_term.h"

#define IMPORT_MAX ((size_t)16 << 20)

/* ---------------------------------------------------------------- hints */

void play_request_hint(play_state *st, hint_purpose purpose)
{
	if (!st->game)
		return;
	if (hako_game_solved(st->game)) {
		play_message(st, MSG_INFO, "The level is solved already");
		return;
	}
	if (purpose == HINT_NEXT_PUSH && st->hint_shown && st->hint_steps) {
		/* The hint is on screen: play it. */
		char *steps = st->hint_steps;
		long before = hako_game_moves(st->game);
		st->hint_steps = NULL;
		for (size_t i = 0; steps[i]; i++)
			hako_game_step(st->game, steps[i], NULL);
		free(steps);
		play_changed(st, before, 1);
		if (!st->message[0])
			play_message(st, MSG_INFO, "Hint played; i for the next one");
		return;
	}
	hako_level *position = hako_game_position(st->game);
	if (!position ||
	    hint_start(&st->hint, position, st->time_limit, st->change, purpose) != 0) {
		play_message(st, MSG_WARN, "Cannot start the solver");
		return;
	}
	play_message(st, MSG_INFO, "%s (up to %g s; any move cancels)...",
	             purpose == HINT_SOLVE ? "Solving from here" : "Looking for a hint",
	             st->time_limit);
}

/* Show the first push of `solution`: the box it moves and the direction. */
static void show_hint(play_state *st, const char *solution)
{
	static const char letters[] = "lurd";
	static const int dx[] = {-1, 0, 1, 0}, dy[] = {0, -1, 0, 1};
	int x, y;
	hako_game_player(st->game, &x, &y);
	size_t i = 0;
	for (; solution[i]; i++) {
		const char *at = strchr(letters, solution[i] | 0x20);
		if (!at)
			continue;
		int d = (int)(at - letters);
		x += dx[d];
		y += dy[d];
		if (solution[i] >= 'A' && solution[i] <= 'Z') {
			st->hint_shown = 1;
			st->hint_x = x;
			st->hint_y = y;
			st->hint_dir = letters[d];
			break;
		}
	}
	free(st->hint_steps);
	st->hint_steps = malloc(i + 2);
	if (st->hint_steps) {
		memcpy(st->hint_steps, solution, i + 1);
		st->hint_steps[i + 1] = '\0';
	}
	play_message(st, MSG_GOOD, "Hint: push the marked box %s (i plays it)",
	             st->hint_dir == 'l'   ? "left"
	             : st->hint_dir == 'u' ? "up"
	             : st->hint_dir == 'r' ? "right"
	                                   : "down");
}

void play_hint_finished(play_state *st, hako_solve_result *r, hako_status status)
{
	if (!st->game || st->hint.change != st->change) {
		hako_solve_result_clear(r);
		return;
	}
	if (status != HAKO_OK) {
		play_message(st, MSG_WARN, "The solver failed: %s", hako_strerror(status));
	} else if (r->outcome == HAKO_SOLVED && st->hint.purpose == HINT_SOLVE) {
		play_message(st, MSG_GOOD,
		             "Playing a solution: %ld moves, %ld pushes (any key stops)", r->moves,
		             r->pushes);
		st->animation = r->solution;
		st->animation_at = 0;
		st->animation_from = hako_game_moves(st->game);
		r->solution = NULL;
	} else if (r->outcome == HAKO_SOLVED) {
		show_hint(st, r->solution);
	} else if (r->outcome == HAKO_UNSOLVABLE) {
		play_message(st, MSG_WARN,
		             "No solution from here (the solver searched everything): "
		             "undo");
	} else if (r->outcome != HAKO_CANCELLED) {
		play_message(st, MSG_WARN, "No solution found (%s after %.1f s)",
		             hako_outcome_name(r->outcome), r->stats.seconds);
	}
	hako_solve_result_clear(r);
}

int play_animation_tick(play_state *st)
{
	if (!st->animation || !st->game)
		return 0;
	char step = st->animation[st->animation_at];
	if (step == '\0') {
		play_stop_animation(st, NULL);
		return 0;
	}
	st->animation_at++;
	if (hako_game_step(st->game, step, NULL) != HAKO_OK) {
		play_stop_animation(st, "Playback stopped: a step was refused");
		return 0;
	}
	st->change++;
	if (hako_game_solved(st->game) || st->animation[st->animation_at] == '\0')
		play_stop_animation(st, NULL);
	return 1;
}

void play_stop_animation(play_state *st, const char *why)
{
	if (!st->animation)
		return;
	free(st->animation);
	st->animation = NULL;
	if (st->game && hako_game_moves(st->game) != st->animation_from) {
		/* The playback is one action: one undo takes it back. */
		play_marks_push(st);
		play_changed(st, -1, 0);
	}
	if (why)
		play_message(st, MSG_INFO, "%s", why);
}

/* --------------------------------------------------------------- levels */

void play_next_unsolved(play_state *st)
{
	for (size_t i = 1; i <= st->count; i++) {
		size_t index = (st->index + i) % st->count;
		if (play_unsolved(st, index)) {
			play_open_level(st, index);
			return;
		}
	}
	play_message(st, MSG_GOOD, "Every playable level of this collection is solved");
}

void play_goto_prompt(play_state *st)
{
	char answer[32] = "";
	char question[64];
	snprintf(question, sizeof question, "Go to level (1-%zu):", st->count);
	if (!term_prompt(question, answer, sizeof answer))
		return;
	char *end = NULL;
	long number = strtol(answer, &end, 10);
	if (end == answer || *end != '\0' || number < 1 || (size_t)number > st->count)
		play_message(st, MSG_WARN, "No level '%s' (1-%zu)", answer, st->count);
	else
		play_open_level(st, (size_t)number - 1);
}

/* ------------------------------------------------------ export, import */

void play_export(play_state *st)
{
	char path[1024], error[300];
	const char *base = strrchr(st->path, '/');
	base = base ? base + 1 : st->path;
	int stem = (int)strcspn(base, ".");
	snprintf(path, sizeof path, "%.*s-solutions.sok", stem, base);
	if (!term_prompt("Export the best solutions to:", path, sizeof path) || !path[0])
		return;
	if (progress_export(&st->progress, st->collection, path, error, sizeof error) != 0)
		play_message(st, MSG_WARN, "Export failed: %s", error);
	else
		play_message(st, MSG_GOOD, "Exported to %s", path);
}

/* The whole file as text; NULL with `error` filled. */
static char *read_text(const char *path, char *error, size_t error_size)
{
	FILE *f = fopen(path, "rb");
	char *text = f ? malloc(IMPORT_MAX + 1) : NULL;
	size_t length = text ? fread(text, 1, IMPORT_MAX, f) : 0;
	if (!f || !text || ferror(f)) {
		int reason = !f ? errno : !text ? ENOMEM : EIO;
		snprintf(error, error_size, "%s: %s", path, strerror(reason));
		free(text);
		text = NULL;
	} else {
		text[length] = '\0';
	}
	if (f)
		fclose(f);
	return text;
}

/* Play a LURD file from the start of the level: one undoable action. */
void play_import(play_state *st)
{
	/* Room for the whole path and the reason: nothing is cut off. */
	char path[1024] = "", error[1024 + 160];
	if (!st->game || !term_prompt("Import a LURD file for this level:", path, sizeof path) ||
	    !path[0])
		return;
	char *text = read_text(path, error, sizeof error);
	hako_replay replay;
	memset(&replay, 0, sizeof replay);
	char *steps = NULL;
	if (text && hako_replay_lurd(hako_game_level(st->game), text, &replay) != HAKO_OK)
		snprintf(error, sizeof error, "step %ld: %s", replay.failed_step, replay.message);
	else if (text && !(steps = hako_lurd_expand(text, NULL)))
		snprintf(error, sizeof error, "out of memory");
	free(text);
	if (!steps) {
		play_message(st, MSG_WARN, "Import failed: %s", error);
		return;
	}
	hako_game_restart(st->game);
	play_marks_reset(st);
	for (size_t i = 0; steps[i]; i++)
		hako_game_step(st->game, steps[i], NULL);
	free(steps);
	play_marks_push(st);
	play_changed(st, -1, 0); /* no refusal: the file is what it is */
	if (!replay.solved)
		play_message(st, MSG_INFO, "Imported %ld moves; the level is not solved by them",
		             replay.moves);
}
