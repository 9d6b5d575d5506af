/* play.h — the state of `hako play`, shared by its files: cmd_play.c (the
 * loop, levels), play_keys.c (what keys and clicks do), play_draw.c (the
 * screen), play_term.c (curses and signals), play_hint.c (the background
 * solver) and play_progress.c (the progress file, export and import). */
#ifndef HAKO_APP_PLAY_H
#define HAKO_APP_PLAY_H

#include <stddef.h>

#include "hako.h"
#include "play_hint.h"
#include "play_progress.h"

/* What the keys do at the moment. */
typedef enum play_mode {
	MODE_PLAY,   /* keys move the player */
	MODE_CURSOR, /* keys move a cursor; Space selects a box or a square */
	MODE_HELP    /* the help screen */
} play_mode;

typedef enum message_kind { MSG_INFO, MSG_GOOD, MSG_WARN } message_kind;

/* Where the board is drawn: screen origin, cell width, scroll. */
typedef struct play_layout {
	int top, left;     /* screen row / column of the first visible square */
	int rows, columns; /* visible squares */
	int first_x, first_y;
	int cell; /* screen columns per square: 2, or 1 on small screens */
} play_layout;

struct play_state {
	const char *path; /* the collection's file */
	char *title;      /* shown in the header: the file's first note, or its name */
	hako_collection *collection;
	size_t count, index; /* levels; the one played (0-based) */
	hako_game *game;     /* NULL when the level is invalid */
	char invalid[200];   /* why, then */

	play_mode mode;
	int cursor_x, cursor_y;
	int selected; /* a box is selected at (select_x, select_y) */
	int select_x, select_y;
	unsigned char *targets; /* width * height: hako_game_box_targets */

	hako_deadlock_info dead; /* on the position shown; box coordinates below */
	int *dead_x, *dead_y;
	int refuse_dead; /* undo pushes that deadlock, instead of warning */
	int show_dead;   /* dim the dead squares */

	/* Undo and redo go by actions: a key step, a walk, a box moved. marks[i]
	 * is the move count after action i (marks[0] = 0); mark is the current. */
	long *marks;
	size_t mark_count, mark, mark_capacity;
	long change; /* bumped on every change of position (stale hints) */

	play_hint hint;
	int hint_shown; /* hint_x, hint_y: the box to push; hint_dir: 'l','u','r','d' */
	int hint_x, hint_y;
	char hint_dir;
	char *hint_steps; /* the walk and push of the hint, to play with the hint key */

	char *animation; /* steps being played back, one per tick; NULL when none */
	size_t animation_at;
	long animation_from; /* moves when it started: one undo action */

	play_progress progress;
	double time_limit; /* seconds for a hint or a solve */

	char message[240];
	message_kind message_kind;
	play_layout layout;
	int help_scroll;
	int quit;
};

typedef struct play_state play_state;

/* cmd_play.c */
void play_message(play_state *st, message_kind kind, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void play_open_level(play_state *st, size_t index);
/* After the position changed from `moves_before` moves (-1: changed in
 * any case): deadlock check, solved detection and progress. `action` is a
 * new action of the player: it may be refused, and it ends with an undo
 * mark. */
void play_changed(play_state *st, long moves_before, int action);
void play_clear_selection(play_state *st);
/* Level `index` is playable and not solved yet. */
int play_unsolved(const play_state *st, size_t index);

/* play_keys.c */
void play_key(play_state *st, int key);
/* Undo marks: forget them all / the current position ends an action. */
void play_marks_reset(play_state *st);
void play_marks_push(play_state *st);
/* A finished background solve: show the hint or play the solution. */
void play_hint_finished(play_state *st, hako_solve_result *r, hako_status status);
/* Steps of an animation: one per call; 0 when it ended. */
int play_animation_tick(play_state *st);
void play_stop_animation(play_state *st, const char *why);

/* play_actions.c */
void play_request_hint(play_state *st, hint_purpose purpose);
void play_next_unsolved(play_state *st);
void play_goto_prompt(play_state *st);
void play_export(play_state *st);
void play_import(play_state *st);

/* play_draw.c */
void play_draw(play_state *st);
/* Board square under screen (row, column); 0 when none. */
int play_screen_to_square(const play_state *st, int row, int column, int *x, int *y);
int play_help_lines(void);

#endif
