/* play_term.h — the terminal for `hako play`: curses on and off, colours
 * or monochrome attributes, the terminal restored on exit, crash, Ctrl-C
 * and SIGTERM, and a one-line prompt. */
#ifndef HAKO_APP_PLAY_TERM_H
#define HAKO_APP_PLAY_TERM_H

#include <stddef.h>

/* The looks of the screen; term_attr() gives the attribute for each. */
typedef enum term_look {
	LOOK_NORMAL,
	LOOK_WALL,
	LOOK_FLOOR_DEAD,
	LOOK_GOAL,
	LOOK_BOX,
	LOOK_BOX_GOAL,
	LOOK_PLAYER,
	LOOK_TARGET,
	LOOK_TARGET_DEAD,
	LOOK_PROOF,    /* a box that proves a deadlock */
	LOOK_SELECTED, /* the selected box */
	LOOK_CURSOR,
	LOOK_HINT,
	LOOK_TITLE,
	LOOK_GOOD,
	LOOK_WARN,
	LOOK_KEYS,
	LOOK_COUNT
} term_look;

/* Start curses (0), or -1 with a message on stderr when stdin/stdout is
 * not a terminal or curses cannot start. */
int term_start(void);
/* Restore the terminal; safe to call more than once. */
void term_stop(void);
int term_attr(term_look look);
/* Ask on the last line; 1 with the answer in `buffer` (which holds the
 * default on entry), 0 when cancelled with Esc. */
int term_prompt(const char *question, char *buffer, size_t size);

#endif
