/* play_keys.c — what the keys and the mouse do in `hako play`: moving,
 * undo and redo by actions, levels, the cursor and box selection, hints
 * and solution playback, export and import. Every change of position goes
 * through play_changed() (cmd_play.c). */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"
#include "play_term.h"

#define KEY_CTRL(c) ((c)&0x1F)
#define KEY_ESC 27
#define KEY_TAB 9

static const char direction_letters[] = "lurd";
static const int dx[] = {-1, 0, 1, 0}, dy[] = {0, -1, 0, 1};

/* The direction of a movement key (arrows, hjkl, wasd), or -1. */
static int key_direction(int key)
{
	switch (key) {
	case KEY_LEFT:
	case 'h':
	case 'a': return 0;
	case KEY_UP:
	case 'k':
	case 'w': return 1;
	case KEY_RIGHT:
	case 'l':
	case 'd': return 2;
	case KEY_DOWN:
	case 'j':
	case 's': return 3;
	}
	return -1;
}

/* ---------------------------------------------------------- undo marks */

void play_marks_reset(play_state *st)
{
	st->mark_count = 0;
	st->mark = 0;
	play_marks_push(st);
}

void play_marks_push(play_state *st)
{
	long moves = st->game ? hako_game_moves(st->game) : 0;
	if (st->mark_count > 0)
		st->mark_count = st->mark + 1; /* a new action drops the redo marks */
	if (st->mark_count == st->mark_capacity) {
		size_t capacity = st->mark_capacity ? st->mark_capacity * 2 : 256;
		long *marks = realloc(st->marks, capacity * sizeof(long));
		if (!marks)
			return;
		st->marks = marks;
		st->mark_capacity = capacity;
	}
	st->marks[st->mark_count] = moves;
	st->mark = st->mark_count++;
}

static void undo_action(play_state *st)
{
	long before = hako_game_moves(st->game);
	long target = st->mark > 0 ? st->marks[st->mark - 1] : 0;
	if (st->mark > 0)
		st->mark--;
	while (hako_game_moves(st->game) > target && hako_game_undo(st->game))
		;
	if (hako_game_moves(st->game) == before)
		play_message(st, MSG_INFO, "Nothing to undo");
	play_changed(st, before, 0);
}

static void redo_action(play_state *st)
{
	long before = hako_game_moves(st->game);
	if (st->mark + 1 < st->mark_count) {
		long target = st->marks[++st->mark];
		while (hako_game_moves(st->game) < target && hako_game_redo(st->game))
			;
		play_changed(st, before, 0);
	} else if (hako_game_redo(st->game)) {
		play_changed(st, before, 1); /* past the marks: a step of its own */
	} else {
		play_message(st, MSG_INFO, "Nothing to redo");
	}
}

static void restart(play_state *st, int all_the_way)
{
	long before = hako_game_moves(st->game);
	if (all_the_way) {
		while (hako_game_redo(st->game))
			;
		st->mark = st->mark_count - 1;
	} else {
		hako_game_restart(st->game);
		st->mark = 0;
	}
	play_changed(st, before, 0);
}

/* ---------------------------------------------------------- selection */

static int is_box(const play_state *st, int x, int y)
{
	char c = hako_game_square(st->game, x, y);
	return c == '$' || c == '*';
}

static void select_box(play_state *st, int x, int y)
{
	int live = hako_game_box_targets(st->game, x, y, st->targets);
	if (live < 0)
		return;
	st->selected = 1;
	st->select_x = x;
	st->select_y = y;
	const hako_level *level = hako_game_level(st->game);
	int any = 0, n = hako_level_width(level) * hako_level_height(level);
	for (int i = 0; i < n; i++)
		any |= st->targets[i] != HAKO_TARGET_NONE;
	if (!any)
		play_message(st, MSG_INFO, "This box cannot be pushed anywhere from here");
	else
		play_message(st, MSG_INFO,
		             "%d square%s the box can go to (o); x: it would be dead there", live,
		             live == 1 ? "" : "s");
}

/* A click, or Space on the cursor: push to a mark, select a box, walk. */
static void activate(play_state *st, int x, int y)
{
	const hako_level *level = hako_game_level(st->game);
	int width = hako_level_width(level);
	long before = hako_game_moves(st->game);
	if (st->selected && x >= 0 && y >= 0 && x < width && y < hako_level_height(level) &&
	    st->targets[y * width + x] != HAKO_TARGET_NONE) {
		hako_game_push_box(st->game, st->select_x, st->select_y, x, y);
		play_clear_selection(st);
		st->mode = MODE_PLAY;
		play_changed(st, before, 1);
	} else if (is_box(st, x, y)) {
		if (st->selected && st->select_x == x && st->select_y == y) {
			play_clear_selection(st);
			st->message[0] = '\0';
		} else {
			select_box(st, x, y);
		}
	} else if (hako_game_square(st->game, x, y) != '#') {
		play_clear_selection(st);
		if (hako_game_walk_to(st->game, x, y) != HAKO_OK)
			play_message(st, MSG_INFO, "The player cannot get there");
		play_changed(st, before, 1);
	}
}

/* Tab: the cursor jumps to the next box in reading order. */
static void next_box(play_state *st)
{
	const hako_level *level = hako_game_level(st->game);
	int width = hako_level_width(level), n = width * hako_level_height(level);
	int at = st->cursor_y * width + st->cursor_x;
	for (int i = 1; i <= n; i++) {
		int square = (at + i) % n;
		if (is_box(st, square % width, square / width)) {
			st->cursor_x = square % width;
			st->cursor_y = square / width;
			return;
		}
	}
}

static void cursor_key(play_state *st, int key)
{
	const hako_level *level = hako_game_level(st->game);
	int d = key_direction(key);
	if (d >= 0) {
		int x = st->cursor_x + dx[d], y = st->cursor_y + dy[d];
		if (x >= 0 && y >= 0 && x < hako_level_width(level) &&
		    y < hako_level_height(level)) {
			st->cursor_x = x;
			st->cursor_y = y;
		}
	} else if (key == ' ' || key == '\n' || key == '\r' || key == KEY_ENTER) {
		activate(st, st->cursor_x, st->cursor_y);
	} else if (key == KEY_TAB) {
		next_box(st);
	} else if (key == KEY_ESC || key == 'c') {
		st->mode = MODE_PLAY;
		play_clear_selection(st);
		st->message[0] = '\0';
	}
}

static void mouse_key(play_state *st)
{
	MEVENT event;
	int x, y;
	if (getmouse(&event) != OK || !st->game)
		return;
	if (event.bstate & (BUTTON3_PRESSED | BUTTON3_CLICKED)) {
		play_clear_selection(st);
		return;
	}
	if (!(event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)) ||
	    !play_screen_to_square(st, event.y, event.x, &x, &y))
		return;
	st->cursor_x = x;
	st->cursor_y = y;
	activate(st, x, y);
}

/* ------------------------------------------------------------ dispatch */

static void step_key(play_state *st, int direction)
{
	long before = hako_game_moves(st->game);
	if (hako_game_step(st->game, direction_letters[direction], NULL) == HAKO_OK)
		play_changed(st, before, 1);
}

static void toggle(play_state *st, int *flag, const char *on, const char *off)
{
	*flag = !*flag;
	play_message(st, MSG_INFO, "%s", *flag ? on : off);
}

/* Keys that need a playable level; 1 when the key was one of them. */
static int game_key(play_state *st, int key)
{
	int d = key_direction(key);
	if (d >= 0) {
		play_clear_selection(st);
		step_key(st, d);
		return 1;
	}
	switch (key) {
	case 'u':
	case 'z':
	case KEY_BACKSPACE:
	case 127:
	case 8: undo_action(st); return 1;
	case 'r':
	case 'y':
	case KEY_CTRL('r'): redo_action(st); return 1;
	case '0':
	case KEY_HOME: restart(st, 0); return 1;
	case KEY_END: restart(st, 1); return 1;
	case 'c':
	case ' ':
	case '\n':
	case '\r':
	case KEY_ENTER:
		st->mode = MODE_CURSOR;
		if (!st->selected)
			hako_game_player(st->game, &st->cursor_x, &st->cursor_y);
		play_message(st, MSG_INFO,
		             "Cursor: move it onto a box and press Space (Tab: next box)");
		return 1;
	case 'i': play_request_hint(st, HINT_NEXT_PUSH); return 1;
	case 'v': play_request_hint(st, HINT_SOLVE); return 1;
	case 'o': play_import(st); return 1;
	}
	return 0;
}

static void help_key(play_state *st, int key)
{
	if (key == KEY_DOWN || key == 'j' || key == KEY_NPAGE || key == ' ')
		st->help_scroll += key == KEY_NPAGE || key == ' ' ? LINES - 1 : 1;
	else if (key == KEY_UP || key == 'k' || key == KEY_PPAGE)
		st->help_scroll -= key == KEY_PPAGE ? LINES - 1 : 1;
	else if (key != KEY_RESIZE)
		st->mode = MODE_PLAY;
	if (st->help_scroll < 0)
		st->help_scroll = 0;
}

void play_key(play_state *st, int key)
{
	if (key == KEY_RESIZE)
		return; /* the next draw uses the new size */
	/* Any key cancels a hint being looked for, at once (the library
	 * reads the cancel flag as it searches), and says so; the key then
	 * does what it does. */
	if (st->hint.running && !atomic_load(&st->hint.finished) && !st->animation &&
	    key != KEY_MOUSE) {
		hint_cancel(&st->hint);
		play_message(st, MSG_INFO, "Hint cancelled");
	}
	if (st->mode == MODE_HELP) {
		help_key(st, key);
		return;
	}
	if (key == KEY_MOUSE) {
		mouse_key(st);
		return;
	}
	if (st->mode == MODE_CURSOR && st->game) {
		cursor_key(st, key);
		return;
	}
	if (st->game && game_key(st, key))
		return;
	switch (key) {
	case 'q':
	case 'Q': st->quit = 1; break;
	case '?':
	case KEY_F(1):
		st->mode = MODE_HELP;
		st->help_scroll = 0;
		break;
	case 'n':
	case '>':
	case KEY_NPAGE:
		if (st->index + 1 < st->count)
			play_open_level(st, st->index + 1);
		break;
	case 'p':
	case '<':
	case KEY_PPAGE:
		if (st->index > 0)
			play_open_level(st, st->index - 1);
		break;
	case 'N': play_next_unsolved(st); break;
	case 'g': play_goto_prompt(st); break;
	case 'e': play_export(st); break;
	case 'f':
		toggle(st, &st->refuse_dead, "Deadlocking pushes are refused (undone at once)",
		       "Deadlocking pushes are allowed, with a warning");
		break;
	case 'm':
		toggle(st, &st->show_dead, "Dead squares shown (x)", "Dead squares hidden");
		break;
	}
}
