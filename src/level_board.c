/* level_board.c — board rows: recognising a board line, expanding tabs and
 * run-length encoding into squares, building the grid and validating it
 * (one player, boxes == goals, closed by walls). A validation error names
 * the square's line and column: the second player, the square the player
 * walks out at, the first box (or goal) in excess, the box over the limit;
 * otherwise (no player, no boxes) the board's first square. Coordinates in
 * messages are 0-based x,y as in hako_level_square(). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "level_text.h"

/* ---------------------------------------------------------- recognition */

static int is_square_char(char c)
{
	return c != '\0' && strchr("#@+$*.pPbB -_\t", c) != NULL;
}

static int is_rle_char(char c)
{
	return (c >= '0' && c <= '9') || c == '(' || c == ')' || c == '|';
}

static int line_uses_rle(const char *line, size_t length)
{
	for (size_t i = 0; i < length; i++)
		if ((line[i] >= '0' && line[i] <= '9') || line[i] == '|')
			return 1;
	return 0;
}

size_t level_first_unknown(const char *line, size_t length)
{
	int rle = line_uses_rle(line, length);
	for (size_t i = 0; i < length; i++)
		if (!is_square_char(line[i]) && !(rle && is_rle_char(line[i])))
			return i;
	return length;
}

int level_is_board_line(const char *line, size_t length)
{
	return memchr(line, '#', length) != NULL && level_first_unknown(line, length) == length;
}

/* ------------------------------------------------------------ expansion */

/* Expanding one source line; `emitted` counts squares and row breaks so an
 * empty group "3()" is caught (and every repetition makes progress). */
typedef struct expander {
	level_rows *rows;
	const char *text;
	size_t length;
	int line;
	hako_error *err;
	hako_status status;
	size_t emitted;
} expander;

static hako_status fail(expander *ex, hako_status status, size_t pos, const char *message)
{
	if (ex->status == HAKO_OK) {
		ex->status = status;
		level_error(ex->err, ex->line, (int)pos + 1, "%s", message);
	}
	return status;
}

static void new_row(expander *ex, size_t pos)
{
	level_rows *rows = ex->rows;
	if (rows->count >= HAKO_MAX_HEIGHT) {
		fail(ex, HAKO_ERR_LIMIT, pos,
		     "board taller than " LEVEL_STR(HAKO_MAX_HEIGHT) " rows");
		return;
	}
	if (rows->count == rows->capacity) {
		int capacity = rows->capacity ? rows->capacity * 2 : 16;
		level_row *grown = realloc(rows->rows, (size_t)capacity * sizeof *grown);
		if (!grown) {
			fail(ex, HAKO_ERR_NOMEM, pos, "out of memory");
			return;
		}
		rows->rows = grown;
		rows->capacity = capacity;
	}
	level_row *row = &rows->rows[rows->count++];
	row->line = ex->line;
	row->length = 0;
	ex->emitted++;
}

static char normalize(char c)
{
	switch (c) {
	case 'p': return '@';
	case 'P': return '+';
	case 'b': return '$';
	case 'B': return '*';
	case '-':
	case '_': return ' ';
	default: return c;
	}
}

static void emit(expander *ex, char c, size_t pos)
{
	level_row *row = &ex->rows->rows[ex->rows->count - 1];
	int repeat = c == '\t' ? LEVEL_TAB_WIDTH - row->length % LEVEL_TAB_WIDTH : 1;
	for (int i = 0; i < repeat; i++) {
		if (row->length >= HAKO_MAX_WIDTH) {
			fail(ex, HAKO_ERR_LIMIT, pos,
			     "board wider than " LEVEL_STR(HAKO_MAX_WIDTH) " squares");
			return;
		}
		row->squares[row->length] = c == '\t' ? ' ' : normalize(c);
		row->column[row->length++] = (int)pos + 1;
	}
	ex->emitted++;
}

static long read_count(expander *ex, size_t *pos)
{
	size_t start = *pos;
	long count = 0;
	while (*pos < ex->length && ex->text[*pos] >= '0' && ex->text[*pos] <= '9') {
		count = count * 10 + (ex->text[*pos] - '0');
		if (count > LEVEL_MAX_COUNT) {
			fail(ex, HAKO_ERR_PARSE, start, "run-length count too large");
			return 0;
		}
		(*pos)++;
	}
	if (count == 0)
		fail(ex, HAKO_ERR_PARSE, start, "run-length count of zero");
	else if (*pos >= ex->length || ex->text[*pos] == ')' || ex->text[*pos] == '|')
		fail(ex, HAKO_ERR_PARSE, start, "run-length count without a square");
	return count;
}

static size_t expand_sequence(expander *ex, size_t pos, int depth);

static size_t expand_group(expander *ex, size_t open, long count, int depth)
{
	if (depth >= LEVEL_MAX_DEPTH) {
		fail(ex, HAKO_ERR_PARSE, open, "run-length groups nested too deeply");
		return ex->length;
	}
	size_t end = open + 1;
	for (long i = 0; i < count && ex->status == HAKO_OK; i++) {
		size_t before = ex->emitted;
		end = expand_sequence(ex, open + 1, depth + 1);
		if (ex->status != HAKO_OK)
			break;
		if (end >= ex->length)
			fail(ex, HAKO_ERR_PARSE, open, "unclosed '('");
		else if (ex->emitted == before)
			fail(ex, HAKO_ERR_PARSE, open, "empty run-length group");
	}
	return end + 1;
}

/* Items up to the end of the line or an unmatched ')'; returns where it
 * stopped. Each item is [count] square, [count] "(" items ")", or '|'. */
static size_t expand_sequence(expander *ex, size_t pos, int depth)
{
	while (pos < ex->length && ex->status == HAKO_OK && ex->text[pos] != ')') {
		long count = 1;
		if (ex->text[pos] >= '0' && ex->text[pos] <= '9')
			count = read_count(ex, &pos);
		if (ex->status != HAKO_OK)
			break;
		char c = ex->text[pos];
		if (c == '(') {
			pos = expand_group(ex, pos, count, depth);
		} else if (c == '|') {
			new_row(ex, pos++);
		} else {
			for (long i = 0; i < count && ex->status == HAKO_OK; i++)
				emit(ex, c, pos);
			pos++;
		}
	}
	return pos;
}

static void trim_row(level_row *row)
{
	while (row->length > 0 && row->squares[row->length - 1] == ' ')
		row->length--;
}

hako_status level_rows_add(level_rows *rows, const char *line, size_t length, int line_number,
                           hako_error *err)
{
	while (length > 0 && (line[length - 1] == ' ' || line[length - 1] == '\t'))
		length--;
	expander ex = {rows, line, length, line_number, err, HAKO_OK, 0};
	int first = rows->count;
	new_row(&ex, 0);
	size_t end = expand_sequence(&ex, 0, 0);
	if (ex.status == HAKO_OK && end < length)
		fail(&ex, HAKO_ERR_PARSE, end, "unmatched ')'");
	if (ex.status != HAKO_OK)
		return ex.status;
	for (int i = first; i < rows->count; i++)
		trim_row(&rows->rows[i]);
	/* "4#|#@$.#|4#|": a trailing '|' ends the row, it does not open one. */
	if (rows->count - first > 1 && rows->rows[rows->count - 1].length == 0)
		rows->count--;
	for (int i = first; i < rows->count; i++)
		if (!memchr(rows->rows[i].squares, '#', (size_t)rows->rows[i].length))
			return fail(&ex, HAKO_ERR_PARSE, 0, "a board row without a wall");
	return HAKO_OK;
}

void level_rows_free(level_rows *rows)
{
	free(rows->rows);
	rows->rows = NULL;
	rows->count = rows->capacity = 0;
}

/* ----------------------------------------------------------- validation */

/* Source column of square x in row y; squares past a short row continue
 * the count from its last square. */
static int square_column(const level_rows *rows, int x, int y)
{
	const level_row *row = &rows->rows[y];
	if (x < row->length)
		return row->column[x];
	return row->length > 0 ? row->column[row->length - 1] + (x - row->length + 1) : 0;
}

static void invalid(struct hako_level *level, const level_rows *rows, int x, int y,
                    const char *message)
{
	level->status = HAKO_ERR_LEVEL;
	int line = y >= 0 ? rows->rows[y].line : level->line;
	int column = y >= 0 ? square_column(rows, x, y) : 0;
	level_error(&level->error, line, column, "%s", message);
}

/* Breadth-first walk from the player over everything but walls: reaching
 * the grid's edge or a square beyond a short row means the level leaks.
 * Returns the leaking square's index, or -1. */
static long find_leak(const struct hako_level *level, const level_rows *rows, int *queue,
                      unsigned char *seen)
{
	int w = level->width, h = level->height, head = 0, tail = 0;
	queue[tail++] = level->player_y * w + level->player_x;
	seen[queue[0]] = 1;
	static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};
	while (head < tail) {
		int at = queue[head++], x = at % w, y = at / w;
		if (x == 0 || y == 0 || x == w - 1 || y == h - 1)
			return at;
		for (int d = 0; d < 4; d++) {
			int nx = x + dx[d], ny = y + dy[d], next = ny * w + nx;
			if (seen[next] || level->squares[next] == '#')
				continue;
			if (nx >= rows->rows[ny].length)
				return next;
			seen[next] = 1;
			queue[tail++] = next;
		}
	}
	return -1;
}

static hako_status check_closed(struct hako_level *level, const level_rows *rows)
{
	size_t size = (size_t)level->width * (size_t)level->height;
	int *queue = malloc(size * sizeof *queue);
	unsigned char *seen = calloc(size, 1);
	if (!queue || !seen) {
		free(queue);
		free(seen);
		return HAKO_ERR_NOMEM;
	}
	long leak = find_leak(level, rows, queue, seen);
	free(queue);
	free(seen);
	if (leak >= 0) {
		int x = (int)(leak % level->width), y = (int)(leak / level->width);
		char message[96];
		snprintf(message, sizeof message, "the player can walk out of the level at %d,%d",
		         x, y);
		invalid(level, rows, x, y, message);
	}
	return HAKO_OK;
}

/* The square of the k-th (0-based, reading order) box (goals: 0) or goal
 * (goals: 1); 0 with *x, *y set, -1 when there are fewer. */
static int find_nth(const struct hako_level *level, int goals, int k, int *x, int *y)
{
	for (int row = 0; row < level->height; row++)
		for (int col = 0; col < level->width; col++) {
			char c = level->squares[(size_t)row * (size_t)level->width + (size_t)col];
			int is = goals ? c == '.' || c == '*' || c == '+' : c == '$' || c == '*';
			if (is && k-- == 0) {
				*x = col;
				*y = row;
				return 0;
			}
		}
	return -1;
}

static hako_status validate(struct hako_level *level, const level_rows *rows, int second_x,
                            int second_y)
{
	char message[96];
	if (level->player_x < 0)
		invalid(level, rows, 0, 0, "no player");
	else if (second_y >= 0)
		invalid(level, rows, second_x, second_y, "two players");
	else if (level->box_count == 0)
		invalid(level, rows, 0, 0, "no boxes");
	else if (level->box_count != level->goal_count) {
		/* Placed at the first box (goal) with no goal (box) to pair. */
		int more_boxes = level->box_count > level->goal_count;
		int x = 0, y = 0;
		find_nth(level, !more_boxes, more_boxes ? level->goal_count : level->box_count, &x,
		         &y);
		snprintf(message, sizeof message, "%d box%s but %d goal%s (the first %s in excess)",
		         level->box_count, level->box_count == 1 ? "" : "es", level->goal_count,
		         level->goal_count == 1 ? "" : "s", more_boxes ? "box" : "goal");
		invalid(level, rows, x, y, message);
	} else
		return check_closed(level, rows);
	return HAKO_OK;
}

hako_status level_rows_build(const level_rows *rows, struct hako_level *level, hako_error *err)
{
	int width = 0, height = rows->count, second_x = -1, second_y = -1;
	for (int y = 0; y < height; y++)
		width = rows->rows[y].length > width ? rows->rows[y].length : width;
	level->width = width;
	level->height = height;
	level->line = height ? rows->rows[0].line : 0;
	level->player_x = level->player_y = -1;
	level->squares = malloc((size_t)width * (size_t)height + 1);
	if (!level->squares)
		return HAKO_ERR_NOMEM;
	memset(level->squares, ' ', (size_t)width * (size_t)height);
	for (int y = 0; y < height; y++) {
		const level_row *row = &rows->rows[y];
		for (int x = 0; x < row->length; x++) {
			char c = row->squares[x];
			level->squares[(size_t)y * (size_t)width + (size_t)x] = c;
			level->box_count += c == '$' || c == '*';
			level->goal_count += c == '.' || c == '*' || c == '+';
			if ((c == '@' || c == '+') && level->player_x < 0) {
				level->player_x = x;
				level->player_y = y;
			} else if ((c == '@' || c == '+') && second_y < 0) {
				second_x = x;
				second_y = y;
			}
		}
	}
	if (level->box_count > HAKO_MAX_BOXES) {
		/* Placed at the first box over the limit. */
		int x = 0, y = 0;
		find_nth(level, 0, HAKO_MAX_BOXES, &x, &y);
		level_error(err, rows->rows[y].line, square_column(rows, x, y),
		            "more than %d boxes", HAKO_MAX_BOXES);
		return HAKO_ERR_LIMIT;
	}
	return validate(level, rows, second_x, second_y);
}
