/* level_read.c — reading collections (.xsb/.sok/.txt): splitting the text
 * into board blocks and the lines between them, and giving those lines to
 * the right level. Text before the first board is the collection header.
 *
 * The rules, in the order a line is tried:
 * - Lines end with LF, CRLF or a lone CR (old Mac text). Every line loses
 *   its trailing whitespace (so CRLF is LF); a UTF-8 BOM at the start is
 *   skipped (columns on line 1 count after it). UTF-16 text is named as
 *   such, not read.
 * - A board line holds only "#@+$*.pPbB -_" and tabs (plus RLE digits,
 *   '(' ')' '|' when it has a digit or '|') and at least one '#'. A line
 *   next to a board that starts with '#' but is not a board line is an
 *   error "unknown character" for the whole text.
 * - Between boards: blank lines end a Solution block; "::" lines are
 *   ignored; "Comment:" ... "Comment-End:" lines are notes; "Solution ...",
 *   "Solution: lurd" and the LURD lines after them are a stored solution;
 *   "Title:" / "Author:" set the field of the level above; other "Key:"
 *   lines are notes. Of the remaining text lines the last one before a
 *   board is that board's title (without ';' and spaces); the others are
 *   notes of the level above.
 * - "Author:" in the header is the author of every level without one.
 * - Over HAKO_MAX_* is HAKO_ERR_LIMIT for the whole text (a board is not
 *   kept half-read); validation failures stay per level (HAKO_ERR_LEVEL).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "level_text.h"

typedef struct text_line {
	const char *text;
	size_t length;
	size_t offset; /* from the start of the text (after a BOM) */
	int number;    /* 1-based */
} text_line;

typedef struct reader {
	const char *text;
	size_t length;
	hako_error *err;
	hako_status status;
	int single;  /* hako_level_parse: stop before a second board */
	int stopped; /* ... and it did */
	hako_collection *collection;
	struct hako_level *last; /* the level lines after a board belong to */
	level_rows rows;
	int in_board, in_comment, in_solution;
	level_buf notes, solution;
	int *places; /* per character of `solution`: its line and column */
	size_t place_count, place_capacity;
	text_line pending; /* the title candidate, when pending.text */
	text_line prev;    /* the line before, when prev.text */
	int prev_board;
	size_t header_end;
	int title_number; /* line of the first level's title, 0 if none */
	char *header_author;
} reader;

/* ---------------------------------------------------------- line shapes */

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

static int is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static text_line trimmed(text_line line)
{
	while (line.length > 0 && is_space(line.text[line.length - 1]))
		line.length--;
	while (line.length > 0 && is_space(line.text[0])) {
		line.text++;
		line.length--;
	}
	return line;
}

static int is_blank(text_line line)
{
	return trimmed(line).length == 0;
}

static int starts_with_wall(text_line line)
{
	text_line t = trimmed(line);
	return t.length > 0 && t.text[0] == '#';
}

static int starts_with_nocase(text_line line, const char *word)
{
	size_t n = strlen(word);
	if (line.length < n)
		return 0;
	for (size_t i = 0; i < n; i++) {
		char c = line.text[i];
		if ((c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c) != word[i])
			return 0;
	}
	return 1;
}

static int is_key_char(char c)
{
	return (c >= '0' && c <= '9') || c == '-' || c == '_';
}

/* "Key: value" or "Key : value" at the start of a line; the key is letters,
 * digits, '-' and '_'. Returns the key length, 0 when not a key line. */
static size_t key_length(text_line line, text_line *value)
{
	size_t n = 0;
	while (n < line.length && (is_alpha(line.text[n]) || (n > 0 && is_key_char(line.text[n]))))
		n++;
	size_t colon = n;
	while (colon < line.length && (line.text[colon] == ' ' || line.text[colon] == '\t'))
		colon++;
	if (n == 0 || colon >= line.length || line.text[colon] != ':')
		return 0;
	text_line rest = {line.text + colon + 1, line.length - colon - 1, line.offset, line.number};
	*value = trimmed(rest);
	return n;
}

static int is_key(text_line line, const char *key)
{
	text_line value;
	return key_length(line, &value) == strlen(key) && starts_with_nocase(line, key);
}

/* Only LURD characters (and spaces); with at least one move letter when
 * `need_letter`. */
static int is_lurd(text_line line, int need_letter)
{
	int letters = 0;
	for (size_t i = 0; i < line.length; i++) {
		char c = line.text[i];
		if (c != '\0' && strchr("lurdLURD", c))
			letters++;
		else if (c == '\0' || !strchr("0123456789() \t", c))
			return 0;
	}
	return letters > 0 || !need_letter;
}

/* "Solution", "Solution (moves 33, pushes 8)", "Solution: lurd",
 * "Solution/Pushes"; *moves is what follows a ':' (maybe empty). */
static int is_solution_header(text_line line, text_line *moves)
{
	if (!starts_with_nocase(line, "solution"))
		return 0;
	if (line.length > 8 &&
	    (is_alpha(line.text[8]) || (line.text[8] >= '0' && line.text[8] <= '9')))
		return 0;
	const char *colon = memchr(line.text, ':', line.length);
	text_line tail = {line.text + line.length, 0, line.offset, line.number};
	if (colon)
		tail = (text_line){colon + 1, line.length - (size_t)(colon + 1 - line.text),
		                   line.offset, line.number};
	*moves = trimmed(tail);
	return moves->length == 0 || is_lurd(*moves, 1);
}

/* A title line without its leading ';' and spaces. */
static text_line title_text(text_line line)
{
	line = trimmed(line);
	while (line.length > 0 && line.text[0] == ';') {
		line.text++;
		line.length--;
	}
	return trimmed(line);
}

/* --------------------------------------------------------- level fields */

static void nomem(reader *r)
{
	if (r->status == HAKO_OK) {
		r->status = HAKO_ERR_NOMEM;
		level_error(r->err, 0, 0, "out of memory");
	}
}

/* Text kept from a line: a NUL byte would cut the C string short, and the
 * shortened text could read differently, so it becomes '?'. */
static void replace_nul(char *text, size_t length)
{
	for (char *c = memchr(text, '\0', length); c;
	     c = memchr(c, '\0', length - (size_t)(c - text)))
		*c = '?';
}

static void set_field(reader *r, char **field, text_line value)
{
	char *copy = level_strndup(value.text, value.length);
	if (!copy) {
		nomem(r);
		return;
	}
	replace_nul(copy, value.length);
	free(*field);
	*field = copy;
}

/* A line the level's notes can hold and give back unchanged inside a
 * Comment: block (the writer's format). */
static int note_safe(text_line line)
{
	return !is_blank(line) && !level_is_board_line(line.text, line.length) &&
	       !starts_with_nocase(line, "::") && !is_key(line, "comment-end");
}

static void add_note(reader *r, text_line line)
{
	if (!r->last)
		return; /* before the first board: part of the header text */
	size_t start = r->notes.length + (r->notes.length > 0);
	if ((r->notes.length && level_buf_putc(&r->notes, '\n')) ||
	    level_buf_append(&r->notes, line.text, line.length))
		nomem(r);
	else
		replace_nul(r->notes.data + start, line.length);
}

static void end_solution(reader *r)
{
	if (!r->in_solution)
		return;
	r->in_solution = 0;
	struct hako_level *level = r->last;
	char *moves = level_buf_take(&r->solution);
	char **grown =
	    moves ? realloc(level->solutions, (level->solution_count + 1) * sizeof *grown) : NULL;
	if (!grown) {
		free(moves);
		nomem(r);
		return;
	}
	level->solutions = grown;
	/* Where each character came from, for messages at the file's place. */
	int **places =
	    realloc(level->solution_places, (level->solution_count + 1) * sizeof *places);
	if (places) {
		level->solution_places = places;
		places[level->solution_count] =
		    r->place_count ? malloc(2 * r->place_count * sizeof(int)) : NULL;
		if (places[level->solution_count])
			memcpy(places[level->solution_count], r->places,
			       2 * r->place_count * sizeof(int));
	}
	r->place_count = 0;
	level->solutions[level->solution_count++] = moves;
	if (!places) {
		nomem(r);
		return;
	}
}

static void add_moves(reader *r, text_line moves)
{
	const char *line_start = r->text + moves.offset;
	for (size_t i = 0; i < moves.length; i++) {
		if (is_space(moves.text[i]))
			continue;
		if (level_buf_putc(&r->solution, moves.text[i]) != 0) {
			nomem(r);
			return;
		}
		if (r->place_count == r->place_capacity) {
			size_t capacity = r->place_capacity * 2 + 64;
			int *grown = realloc(r->places, 2 * capacity * sizeof(int));
			if (!grown) {
				nomem(r);
				return;
			}
			r->places = grown;
			r->place_capacity = capacity;
		}
		size_t column = (size_t)(moves.text + i - line_start) + 1;
		r->places[2 * r->place_count] = moves.number;
		r->places[2 * r->place_count + 1] = column > INT32_MAX ? INT32_MAX : (int)column;
		r->place_count++;
	}
}

/* A line of a Solution block that is mostly moves but not only (a typo
 * such as "RxR"): kept in the solution, so that replaying it reports the
 * stray character at its place instead of the line being taken for a
 * note and the solution coming up short. */
static int is_lurd_typo(text_line line)
{
	size_t moves = 0, other = 0, letters = 0;
	for (size_t i = 0; i < line.length; i++) {
		char c = line.text[i];
		if (c == '\0')
			return 0; /* a solution is a C string: it would end there */
		if (is_space(c))
			continue;
		if (strchr("lurdLURD", c))
			letters++;
		if (strchr("lurdLURD0123456789()", c))
			moves++;
		else if (c == ':')
			return 0;
		else
			other++;
	}
	return letters > 0 && moves >= 2 * other;
}

/* Close the metadata of the last level: notes and any open Solution. */
static void finish_level(reader *r)
{
	if (!r->last)
		return;
	end_solution(r);
	char *notes = level_buf_take(&r->notes);
	if (!notes)
		nomem(r);
	free(r->last->notes);
	r->last->notes = notes;
}

/* ---------------------------------------------------------- gap lines */

static void key_line(reader *r, text_line line, text_line value)
{
	if (is_key(line, "title")) {
		if (r->last)
			set_field(r, &r->last->title, value);
	} else if (is_key(line, "author")) {
		if (r->last)
			set_field(r, &r->last->author, value);
		else if (!r->header_author)
			set_field(r, &r->header_author, value);
	} else if (is_key(line, "comment")) {
		r->in_comment = 1;
		if (value.length)
			add_note(r, note_safe(value) ? value : line);
	} else if (!is_key(line, "comment-end")) {
		add_note(r, line);
	}
}

/* A key line or a text line (a title candidate) outside any block. */
static void other_line(reader *r, text_line line)
{
	text_line value;
	if (key_length(line, &value) > 0) {
		key_line(r, line, value);
	} else if (title_text(line).length > 0) {
		if (r->pending.text)
			add_note(r, r->pending);
		r->pending = line;
	}
}

/* A line between boards (or before the first, or after the last). */
static void gap_line(reader *r, text_line line)
{
	text_line value;
	if (is_blank(line)) {
		end_solution(r);
	} else if (starts_with_nocase(line, "::")) {
		/* a comment for humans only */
	} else if (r->in_comment) {
		if (is_key(line, "comment-end"))
			r->in_comment = 0;
		else
			add_note(r, line);
	} else if (r->in_solution && (is_lurd(line, 1) || is_lurd_typo(line))) {
		add_moves(r, line);
	} else if (r->last && is_solution_header(line, &value)) {
		end_solution(r);
		r->in_solution = 1;
		add_moves(r, value);
	} else {
		end_solution(r);
		other_line(r, line);
	}
}

/* ---------------------------------------------------------- board lines */

static void unknown_character(reader *r, text_line line)
{
	size_t at = level_first_unknown(line.text, line.length);
	unsigned char c = (unsigned char)line.text[at];
	r->status = HAKO_ERR_PARSE;
	if (c >= 0x20 && c < 0x7f)
		level_error(r->err, line.number, (int)at + 1, "unknown character '%c'", c);
	else
		level_error(r->err, line.number, (int)at + 1, "unknown byte 0x%02x", c);
}

static void begin_board(reader *r, text_line line)
{
	hako_collection *c = r->collection;
	if (r->prev.text && !r->prev_board && starts_with_wall(r->prev)) {
		unknown_character(r, r->prev);
		return;
	}
	finish_level(r);
	r->in_comment = 0;
	if (c->count == 0) {
		r->header_end = line.offset;
		r->title_number = r->pending.text ? r->pending.number : 0;
	}
	if (c->count == c->capacity) {
		size_t capacity = c->capacity ? c->capacity * 2 : 16;
		struct hako_level **grown = realloc(c->levels, capacity * sizeof *grown);
		if (!grown) {
			nomem(r);
			return;
		}
		c->levels = grown;
		c->capacity = capacity;
	}
	struct hako_level *level = calloc(1, sizeof *level);
	if (!level) {
		nomem(r);
		return;
	}
	c->levels[c->count++] = level;
	level->player_x = level->player_y = -1;
	set_field(r, &level->title,
	          r->pending.text ? title_text(r->pending) : (text_line){"", 0, 0, 0});
	r->pending.text = NULL;
	r->last = level;
	r->rows.count = 0;
	r->in_board = 1;
}

static void end_board(reader *r)
{
	r->in_board = 0;
	hako_status status = level_rows_build(&r->rows, r->last, r->err);
	if (status != HAKO_OK && r->status == HAKO_OK) {
		r->status = status;
		if (status == HAKO_ERR_NOMEM)
			level_error(r->err, 0, 0, "out of memory");
	}
}

static void read_line(reader *r, text_line line)
{
	if (level_is_board_line(line.text, line.length)) {
		if (!r->in_board && r->single && r->collection->count > 0) {
			r->stopped = 1;
			return;
		}
		if (!r->in_board)
			begin_board(r, line);
		if (r->status == HAKO_OK)
			r->status =
			    level_rows_add(&r->rows, line.text, line.length, line.number, r->err);
		return;
	}
	if (r->in_board) {
		end_board(r);
		if (r->status == HAKO_OK && starts_with_wall(line))
			unknown_character(r, line);
	}
	if (r->status == HAKO_OK)
		gap_line(r, line);
}

/* ---------------------------------------------------------------- driver */

/* The length of the line at `start` (`left` bytes remain): up to a LF, or
 * a CR not followed by a LF (a CR before a LF stays, as trailing space). */
static size_t line_length(const char *start, size_t left)
{
	for (size_t i = 0; i < left; i++)
		if (start[i] == '\n' ||
		    (start[i] == '\r' && (i + 1 == left || start[i + 1] != '\n')))
			return i;
	return left;
}

static void read_lines(reader *r)
{
	size_t pos = 0;
	int number = 0;
	while (pos < r->length && r->status == HAKO_OK && !r->stopped) {
		const char *start = r->text + pos;
		size_t length = line_length(start, r->length - pos);
		text_line line = {start, length, pos, ++number};
		/* CRLF, and trailing spaces that would make notes differ on re-reading */
		while (line.length > 0 && is_space(line.text[line.length - 1]))
			line.length--;
		read_line(r, line);
		r->prev = line;
		r->prev_board = r->in_board;
		pos += length + 1;
	}
	if (r->status == HAKO_OK && r->in_board)
		end_board(r);
	if (r->status == HAKO_OK && r->pending.text && !r->stopped)
		add_note(r, r->pending);
	if (r->status == HAKO_OK)
		finish_level(r);
}

/* The text before the first board, without the first level's title line,
 * "::" lines, trailing spaces and surrounding blank lines. */
static char *header_text(const reader *r)
{
	level_buf out = {0};
	size_t pos = 0, keep = 0;
	int number = 0, failed = 0;
	while (pos < r->header_end && !failed) {
		const char *start = r->text + pos;
		size_t length = line_length(start, r->header_end - pos);
		text_line line = {start, length, pos, ++number};
		pos += length + 1;
		while (line.length > 0 && is_space(line.text[line.length - 1]))
			line.length--;
		if (number == r->title_number || starts_with_nocase(line, "::") ||
		    (out.length == 0 && line.length == 0))
			continue;
		failed =
		    level_buf_append(&out, line.text, line.length) || level_buf_putc(&out, '\n');
		if (line.length > 0)
			keep = out.length - 1;
	}
	out.length = keep;
	if (out.data)
		out.data[keep] = '\0';
	if (failed) {
		level_buf_free(&out);
		return NULL;
	}
	return level_buf_take(&out);
}

static void finish_collection(reader *r)
{
	hako_collection *c = r->collection;
	if (c->count == 0) {
		r->status = HAKO_ERR_PARSE;
		level_error(r->err, 1, 1, "no level found");
		return;
	}
	c->header = header_text(r);
	if (!c->header)
		nomem(r);
	for (size_t i = 0; i < c->count && r->header_author && r->status == HAKO_OK; i++)
		if (!c->levels[i]->author || !*c->levels[i]->author) {
			text_line author = {r->header_author, strlen(r->header_author), 0, 0};
			set_field(r, &c->levels[i]->author, author);
		}
	for (size_t i = 0; i < c->count && r->status == HAKO_OK; i++) {
		struct hako_level *level = c->levels[i];
		if (!level->author)
			set_field(r, &level->author, (text_line){"", 0, 0, 0});
	}
}

static hako_status read_text(const char *text, size_t length, int single, hako_collection **out,
                             hako_error *err)
{
	if (err)
		memset(err, 0, sizeof *err);
	if (!out || (!text && length)) {
		level_error(err, 0, 0, "no text or no place for the result");
		return HAKO_ERR_ARGUMENT;
	}
	*out = NULL;
	if (length > HAKO_MAX_TEXT) {
		level_error(err, 0, 0, "text longer than %zu bytes", HAKO_MAX_TEXT);
		return HAKO_ERR_LIMIT;
	}
	/* UTF-16 (a byte-order mark, or NUL bytes in the first line's worth):
	 * say what the file is rather than "no level found". */
	if (text && length >= 2) {
		int utf16 = memcmp(text, "\xff\xfe", 2) == 0 || memcmp(text, "\xfe\xff", 2) == 0;
		for (size_t i = 0; i < length && i < 256 && !utf16; i++)
			utf16 = text[i] == '\0';
		if (utf16) {
			level_error(err, 1, 1, "UTF-16 (or binary) text: save the file as UTF-8");
			return HAKO_ERR_PARSE;
		}
	}
	if (length >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
		text += 3;
		length -= 3;
	}
	reader r = {.text = text ? text : "", .length = length, .err = err, .single = single};
	r.collection = calloc(1, sizeof *r.collection);
	if (!r.collection) {
		level_error(err, 0, 0, "out of memory");
		return HAKO_ERR_NOMEM;
	}
	read_lines(&r);
	if (r.status == HAKO_OK)
		finish_collection(&r);
	level_rows_free(&r.rows);
	level_buf_free(&r.notes);
	level_buf_free(&r.solution);
	free(r.places);
	free(r.header_author);
	if (r.status != HAKO_OK) {
		hako_collection_free(r.collection);
		return r.status;
	}
	*out = r.collection;
	return HAKO_OK;
}

hako_status hako_collection_parse(const char *text, size_t length, const char *name,
                                  hako_collection **out, hako_error *err)
{
	(void)name; /* messages carry line and column; the caller names the file */
	return read_text(text, length, 0, out, err);
}

hako_status hako_level_parse(const char *text, size_t length, const char *name, hako_level **out,
                             hako_error *err)
{
	(void)name;
	if (out)
		*out = NULL;
	hako_collection *collection = NULL;
	hako_status status = read_text(text, length, 1, out ? &collection : NULL, err);
	if (status != HAKO_OK)
		return status;
	hako_level *level = collection->levels[0];
	collection->count = 0;
	hako_collection_free(collection);
	*out = level;
	return hako_level_status(level, err);
}
