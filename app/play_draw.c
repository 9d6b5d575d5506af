/* play_draw.c — the screen of `hako play`: a header (collection, level,
 * counters, best solutions), the board (two columns per square when it
 * fits, one otherwise, scrolled to keep the player or cursor in view), a
 * message line, a key line, and the help screen. Glyphs are XSB, so the
 * board reads without colours; colours and attributes only add to it. */
#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "play.h"
#include "play_term.h"

#define HEADER_ROWS 2
#define FOOTER_ROWS 2

static const char *const help_text[] = {
    "hako play - keys",
    "",
    "  arrows  hjkl  wasd   move (push a box by walking into it)",
    "  u  z  Backspace      undo the last action (a step, a walk, a box move)",
    "  r  y                 redo (r is redo, not restart: restart is 0 or Home)",
    "  0  Home              restart the level (the moves stay redoable)",
    "  End                  redo everything",
    "  n  PgDn  >           next level          p  PgUp  <   previous level",
    "  N                    next unsolved level g            go to level number",
    "",
    "  c  Space  Enter      cursor mode: the keys move a cursor; on a box,",
    "                       Space/Enter selects it and marks where it can go:",
    "                       o (a goal: O) the box can be pushed there and live,",
    "                       x it could get there but would be dead;",
    "                       Space/Enter on a mark pushes it there, on a free",
    "                       square walks there. Tab jumps to the next box.",
    "                       Esc or c leaves cursor mode",
    "  mouse                click a square to walk there, a box to select it,",
    "                       a mark to push the selected box there",
    "",
    "  i                    hint: the solver's next push, found in the",
    "                       background; i again plays it",
    "  v                    solve from here and play the solution back",
    "                       (any key stops the playback)",
    "  f                    refuse deadlocking pushes (undo them) / only warn",
    "  m                    show / hide the dead squares (x, dimmed)",
    "  e                    export the best solutions as a .sok file",
    "  o                    import a LURD solution file for this level",
    "  ?  F1                this help          q  Q  quit",
    "",
    "Board: # wall  $ box  * box on goal  . goal  @ player  + player on goal",
    "x dead square: a box there can never reach a goal. After every push the",
    "position is checked for deadlocks (simple, freeze, bipartite, diagonal,",
    "corral); a deadlock is named and its boxes highlighted.",
    "Progress (solved levels, best solutions by moves and by pushes) is saved",
    "in $XDG_DATA_HOME/hako/ (or ~/.local/share/hako/) after every solve.",
    "",
    "Any other key closes this help; j/k or arrows scroll it.",
};

int play_help_lines(void)
{
	return (int)(sizeof help_text / sizeof help_text[0]);
}

static void draw_help(play_state *st)
{
	int lines = play_help_lines(), shown = LINES;
	if (st->help_scroll > lines - shown)
		st->help_scroll = lines - shown > 0 ? lines - shown : 0;
	for (int row = 0; row < shown && st->help_scroll + row < lines; row++) {
		if (st->help_scroll + row == 0)
			attron(term_attr(LOOK_TITLE));
		mvaddnstr(row, 0, help_text[st->help_scroll + row], COLS);
		attroff(term_attr(LOOK_TITLE));
	}
}

static void compute_layout(play_state *st, int width, int height)
{
	play_layout *l = &st->layout;
	int rows = LINES - HEADER_ROWS - FOOTER_ROWS;
	rows = rows > 1 ? rows : 1;
	l->cell = 2 * width <= COLS ? 2 : 1;
	l->rows = height < rows ? height : rows;
	l->columns = width < COLS / l->cell ? width : COLS / l->cell;
	int fx, fy;
	if (st->mode == MODE_CURSOR) {
		fx = st->cursor_x;
		fy = st->cursor_y;
	} else {
		hako_game_player(st->game, &fx, &fy);
	}
	/* Scroll only as far as needed to keep the focus off the edge. */
	int want_x = fx - l->columns / 2, want_y = fy - l->rows / 2;
	l->first_x = want_x < 0 ? 0 : want_x > width - l->columns ? width - l->columns : want_x;
	l->first_y = want_y < 0 ? 0 : want_y > height - l->rows ? height - l->rows : want_y;
	l->top = HEADER_ROWS + (rows - l->rows) / 2;
	l->left = (COLS - l->columns * l->cell) / 2;
}

static int is_proof_box(const play_state *st, int x, int y)
{
	for (int i = 0; i < st->dead.box_count; i++)
		if (st->dead_x[i] == x && st->dead_y[i] == y)
			return 1;
	return 0;
}

/* The glyph and look of a square; `second` is the glyph's second column. */
static term_look square_look(const play_state *st, int x, int y, char *glyph, char *second)
{
	char c = hako_game_square(st->game, x, y);
	int width = hako_level_width(hako_game_level(st->game));
	unsigned char target = st->selected ? st->targets[y * width + x] : 0;
	*glyph = c;
	*second = c == '#' ? '#' : ' ';
	switch (c) {
	case '#': return LOOK_WALL;
	case '@':
	case '+': return LOOK_PLAYER;
	case '$':
	case '*':
		if (st->selected && x == st->select_x && y == st->select_y)
			return LOOK_SELECTED;
		if (is_proof_box(st, x, y))
			return LOOK_PROOF;
		if (st->hint_shown && x == st->hint_x && y == st->hint_y) {
			*second = st->hint_dir == 'l'   ? '<'
			          : st->hint_dir == 'u' ? '^'
			          : st->hint_dir == 'r' ? '>'
			                                : 'v';
			return LOOK_HINT;
		}
		return c == '*' ? LOOK_BOX_GOAL : LOOK_BOX;
	}
	if (target == HAKO_TARGET_LIVE) {
		*glyph = c == '.' ? 'O' : 'o';
		return LOOK_TARGET;
	}
	if (target == HAKO_TARGET_DEAD) {
		*glyph = 'x';
		return LOOK_TARGET_DEAD;
	}
	if (c == '.')
		return LOOK_GOAL;
	if (st->show_dead && hako_game_dead_square(st->game, x, y)) {
		*glyph = 'x';
		return LOOK_FLOOR_DEAD;
	}
	return LOOK_NORMAL;
}

static void draw_board(play_state *st)
{
	const hako_level *level = hako_game_level(st->game);
	compute_layout(st, hako_level_width(level), hako_level_height(level));
	const play_layout *l = &st->layout;
	for (int row = 0; row < l->rows; row++) {
		for (int column = 0; column < l->columns; column++) {
			int x = l->first_x + column, y = l->first_y + row;
			char glyph, second;
			term_look look = square_look(st, x, y, &glyph, &second);
			if (st->mode == MODE_CURSOR && x == st->cursor_x && y == st->cursor_y)
				look = LOOK_CURSOR;
			attron(term_attr(look));
			mvaddch(l->top + row, l->left + column * l->cell,
			        (chtype)(unsigned char)glyph);
			if (l->cell == 2)
				addch((chtype)(unsigned char)second);
			attroff(term_attr(look));
		}
	}
}

int play_screen_to_square(const play_state *st, int row, int column, int *x, int *y)
{
	const play_layout *l = &st->layout;
	if (!st->game || row < l->top || column < l->left || row >= l->top + l->rows ||
	    column >= l->left + l->columns * l->cell)
		return 0;
	*x = l->first_x + (column - l->left) / l->cell;
	*y = l->first_y + (row - l->top);
	return 1;
}

static void draw_header(const play_state *st)
{
	const hako_level *level = hako_collection_level(st->collection, st->index);
	char line[512];
	int n =
	    snprintf(line, sizeof line, "%s | level %zu/%zu", st->title, st->index + 1, st->count);
	if (hako_level_title(level)[0])
		n += snprintf(line + n, sizeof line - (size_t)n, " \"%.60s\"",
		              hako_level_title(level));
	if (hako_level_author(level)[0])
		snprintf(line + n, sizeof line - (size_t)n, " by %.40s", hako_level_author(level));
	attron(term_attr(LOOK_TITLE));
	mvaddnstr(0, 0, line, COLS);
	attroff(term_attr(LOOK_TITLE));
	long moves = st->game ? hako_game_moves(st->game) : 0;
	long pushes = st->game ? hako_game_pushes(st->game) : 0;
	n = snprintf(line, sizeof line, "moves %ld  pushes %ld", moves, pushes);
	const progress_level *p = &st->progress.levels[st->index];
	if (p->by_moves.lurd)
		n += snprintf(line + n, sizeof line - (size_t)n, "  | solved, best %ld/%ld",
		              p->by_moves.moves, p->by_moves.pushes);
	if (p->by_pushes.lurd && p->by_pushes.pushes < p->by_moves.pushes)
		n += snprintf(line + n, sizeof line - (size_t)n, ", %ld/%ld", p->by_pushes.moves,
		              p->by_pushes.pushes);
	if (st->refuse_dead)
		snprintf(line + n, sizeof line - (size_t)n, "  | refusing deadlocks");
	mvaddnstr(1, 0, line, COLS);
}

static void draw_footer(const play_state *st)
{
	term_look look = st->message_kind == MSG_GOOD   ? LOOK_GOOD
	                 : st->message_kind == MSG_WARN ? LOOK_WARN
	                                                : LOOK_NORMAL;
	attron(term_attr(look));
	mvaddnstr(LINES - 2, 0, st->message, COLS);
	attroff(term_attr(look));
	const char *keys =
	    st->mode == MODE_CURSOR
	        ? "cursor: arrows move  Space select/push/walk  Tab next box  Esc leave"
	        : "move: arrows hjkl wasd  u undo  r redo  c select  i hint  ? help  q quit";
	attron(term_attr(LOOK_KEYS));
	mvaddnstr(LINES - 1, 0, keys, COLS);
	attroff(term_attr(LOOK_KEYS));
}

void play_draw(play_state *st)
{
	erase();
	if (st->mode == MODE_HELP) {
		draw_help(st);
	} else {
		draw_header(st);
		if (st->game)
			draw_board(st);
		else
			mvaddnstr(HEADER_ROWS + 1, 0, st->invalid, COLS);
		draw_footer(st);
	}
	refresh();
}
