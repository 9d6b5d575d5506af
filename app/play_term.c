/* play_term.c — curses setup for `hako play`. The terminal must come back
 * whatever happens: atexit restores it on a normal exit, and the fatal
 * signals (SIGINT from Ctrl-C, SIGTERM, SIGHUP, SIGSEGV, SIGABRT, SIGBUS,
 * SIGFPE) restore it, then re-raise with the default action so the exit
 * status still tells what happened. */
#include "play_term.h"

#include <curses.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t term_active;
static int term_attrs[LOOK_COUNT];

static const int fatal_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGSEGV, SIGABRT, SIGBUS, SIGFPE};

void term_stop(void)
{
	if (!term_active)
		return;
	term_active = 0;
	endwin();
}

/* endwin() is not async-signal-safe, but the alternative is leaving the
 * terminal raw: the usual trade, and we never return into the program. */
static void on_fatal_signal(int number)
{
	term_stop();
	signal(number, SIG_DFL);
	raise(number);
}

static void install_signals(void)
{
	struct sigaction action;
	memset(&action, 0, sizeof action);
	action.sa_handler = on_fatal_signal;
	sigemptyset(&action.sa_mask);
	for (size_t i = 0; i < sizeof fatal_signals / sizeof fatal_signals[0]; i++)
		sigaction(fatal_signals[i], &action, NULL);
}

/* Colour pairs where the terminal has them; attributes alone otherwise
 * (and always for the looks that need no colour). */
static void setup_looks(void)
{
	static const struct {
		term_look look;
		short fg, bg;
		int extra, mono;
	} table[] = {
	    {LOOK_WALL, COLOR_WHITE, COLOR_BLUE, 0, A_NORMAL},
	    {LOOK_FLOOR_DEAD, COLOR_BLACK, -1, A_BOLD, A_DIM},
	    {LOOK_GOAL, COLOR_RED, -1, A_BOLD, A_BOLD},
	    {LOOK_BOX, COLOR_YELLOW, -1, A_BOLD, A_BOLD},
	    {LOOK_BOX_GOAL, COLOR_GREEN, -1, A_BOLD, A_BOLD},
	    {LOOK_PLAYER, COLOR_CYAN, -1, A_BOLD, A_BOLD},
	    {LOOK_TARGET, COLOR_GREEN, -1, A_BOLD, A_BOLD},
	    {LOOK_TARGET_DEAD, COLOR_RED, -1, 0, A_DIM},
	    {LOOK_PROOF, COLOR_WHITE, COLOR_RED, A_BOLD, A_REVERSE},
	    {LOOK_SELECTED, COLOR_BLACK, COLOR_YELLOW, 0, A_REVERSE},
	    {LOOK_CURSOR, COLOR_BLACK, COLOR_WHITE, 0, A_REVERSE | A_UNDERLINE},
	    {LOOK_HINT, COLOR_BLACK, COLOR_CYAN, 0, A_STANDOUT | A_UNDERLINE},
	    {LOOK_TITLE, COLOR_CYAN, -1, A_BOLD, A_BOLD},
	    {LOOK_GOOD, COLOR_GREEN, -1, A_BOLD, A_BOLD},
	    {LOOK_WARN, COLOR_RED, -1, A_BOLD, A_REVERSE},
	    {LOOK_KEYS, COLOR_WHITE, -1, A_DIM, A_DIM},
	};
	int colours = has_colors() && start_color() == OK;
	if (colours && use_default_colors() != OK)
		colours = 0;
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
		term_look look = table[i].look;
		short pair = (short)(i + 1);
		if (colours && init_pair(pair, table[i].fg, table[i].bg) == OK)
			term_attrs[look] = (int)COLOR_PAIR(pair) | table[i].extra;
		else
			term_attrs[look] = table[i].mono;
	}
	term_attrs[LOOK_NORMAL] = A_NORMAL;
}

int term_attr(term_look look)
{
	return term_attrs[look];
}

int term_start(void)
{
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fputs("hako: play: needs a terminal (stdin and stdout)\n", stderr);
		return -1;
	}
	setlocale(LC_ALL, "");
	if (!initscr()) {
		fputs("hako: play: cannot start the terminal (is TERM set?)\n", stderr);
		return -1;
	}
	term_active = 1;
	atexit(term_stop);
	install_signals();
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON3_PRESSED | BUTTON3_CLICKED, NULL);
	mouseinterval(0);
	setup_looks();
	return 0;
}

int term_prompt(const char *question, char *buffer, size_t size)
{
	size_t length = strlen(buffer);
	int row = LINES - 1, answered = -1;
	curs_set(1);
	timeout(-1);
	while (answered < 0) {
		move(row, 0);
		clrtoeol();
		attron(A_BOLD);
		printw("%s", question);
		attroff(A_BOLD);
		printw(" %s", buffer);
		refresh();
		int key = getch();
		if (key == 27)
			answered = 0;
		else if (key == '\n' || key == '\r' || key == KEY_ENTER)
			answered = 1;
		else if ((key == KEY_BACKSPACE || key == 127 || key == 8) && length > 0)
			buffer[--length] = '\0';
		else if (key == 21) /* Ctrl-U: clear */
			buffer[length = 0] = '\0';
		else if (key >= 32 && key < 256 && key != 127 && length + 1 < size) {
			buffer[length++] = (char)key;
			buffer[length] = '\0';
		}
	}
	curs_set(0);
	return answered;
}
