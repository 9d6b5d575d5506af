/* level.c — the level and collection handles: accessors, copies, status
 * texts, small string helpers, and writing levels back as XSB / .sok. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "level_text.h"

/* The .sok writer wraps LURD at this many characters. */
#define LEVEL_SOK_WRAP 70

/* ------------------------------------------------------------- helpers */

static int buf_reserve(level_buf *buf, size_t extra)
{
	if (extra >= (size_t)-1 / 4 - buf->length)
		return -1;
	size_t need = buf->length + extra + 1;
	if (need <= buf->capacity)
		return 0;
	size_t capacity = buf->capacity ? buf->capacity : 64;
	while (capacity < need)
		capacity *= 2;
	char *data = realloc(buf->data, capacity);
	if (!data)
		return -1;
	buf->data = data;
	buf->capacity = capacity;
	return 0;
}

int level_buf_append(level_buf *buf, const char *text, size_t length)
{
	if (buf_reserve(buf, length) != 0)
		return -1;
	if (length)
		memcpy(buf->data + buf->length, text, length);
	buf->length += length;
	buf->data[buf->length] = '\0';
	return 0;
}

int level_buf_putc(level_buf *buf, char c)
{
	return level_buf_append(buf, &c, 1);
}

char *level_buf_take(level_buf *buf)
{
	char *text = buf->data;
	if (!text)
		text = level_strndup("", 0);
	buf->data = NULL;
	buf->length = buf->capacity = 0;
	return text;
}

void level_buf_free(level_buf *buf)
{
	free(buf->data);
	buf->data = NULL;
	buf->length = buf->capacity = 0;
}

char *level_strndup(const char *text, size_t length)
{
	char *copy = malloc(length + 1);
	if (!copy)
		return NULL;
	if (length)
		memcpy(copy, text, length);
	copy[length] = '\0';
	return copy;
}

void level_error(hako_error *err, int line, int column, const char *format, ...)
{
	if (!err)
		return;
	err->line = line;
	err->column = column;
	va_list args;
	va_start(args, format);
	vsnprintf(err->message, sizeof err->message, format, args);
	va_end(args);
}

const char *hako_strerror(hako_status status)
{
	switch (status) {
	case HAKO_OK: return "success";
	case HAKO_ERR_ARGUMENT: return "invalid argument";
	case HAKO_ERR_NOMEM: return "out of memory";
	case HAKO_ERR_PARSE: return "malformed level text";
	case HAKO_ERR_LEVEL: return "invalid level";
	case HAKO_ERR_SOLUTION: return "invalid solution";
	case HAKO_ERR_LIMIT: return "input over a size limit";
	}
	return "unknown status";
}

void hako_free(void *memory)
{
	free(memory);
}

/* ---------------------------------------------------------------- level */

void level_destroy(struct hako_level *level)
{
	if (!level)
		return;
	free(level->squares);
	free(level->title);
	free(level->author);
	free(level->notes);
	for (size_t i = 0; i < level->solution_count; i++) {
		free(level->solutions[i]);
		if (level->solution_places)
			free(level->solution_places[i]);
	}
	free(level->solutions);
	free(level->solution_places);
	free(level);
}

void hako_level_free(hako_level *level)
{
	level_destroy(level);
}

static char *copy_string(const char *text)
{
	return text ? level_strndup(text, strlen(text)) : NULL;
}

hako_level *hako_level_copy(const hako_level *level)
{
	if (!level)
		return NULL;
	struct hako_level *copy = malloc(sizeof *copy);
	if (!copy)
		return NULL;
	*copy = *level;
	size_t size = (size_t)level->width * (size_t)level->height;
	copy->squares = level->squares ? malloc(size ? size : 1) : NULL;
	copy->title = copy_string(level->title);
	copy->author = copy_string(level->author);
	copy->notes = copy_string(level->notes);
	copy->solutions =
	    level->solution_count ? calloc(level->solution_count, sizeof(char *)) : NULL;
	copy->solution_places = NULL; /* places are of the source text only */
	int failed = (level->squares && !copy->squares) || (level->title && !copy->title) ||
	             (level->author && !copy->author) || (level->notes && !copy->notes) ||
	             (level->solution_count && !copy->solutions);
	if (copy->squares && size)
		memcpy(copy->squares, level->squares, size);
	for (size_t i = 0; copy->solutions && i < level->solution_count; i++) {
		copy->solutions[i] = copy_string(level->solutions[i]);
		failed |= !copy->solutions[i];
	}
	if (!copy->solutions)
		copy->solution_count = 0;
	if (failed) {
		level_destroy(copy);
		return NULL;
	}
	return copy;
}

hako_status hako_level_status(const hako_level *level, hako_error *err)
{
	if (!level) {
		level_error(err, 0, 0, "no level");
		return HAKO_ERR_ARGUMENT;
	}
	if (err) {
		if (level->status == HAKO_OK)
			memset(err, 0, sizeof *err);
		else
			*err = level->error;
	}
	return level->status;
}

int hako_level_width(const hako_level *level)
{
	return level ? level->width : 0;
}

int hako_level_height(const hako_level *level)
{
	return level ? level->height : 0;
}

char hako_level_square(const hako_level *level, int x, int y)
{
	if (!level || !level->squares || x < 0 || y < 0 || x >= level->width || y >= level->height)
		return ' ';
	return level_square(level, x, y);
}

int hako_level_box_count(const hako_level *level)
{
	return level ? level->box_count : 0;
}

int hako_level_goal_count(const hako_level *level)
{
	return level ? level->goal_count : 0;
}

static const char *or_empty(const char *text)
{
	return text ? text : "";
}

const char *hako_level_title(const hako_level *level)
{
	return level ? or_empty(level->title) : "";
}

const char *hako_level_author(const hako_level *level)
{
	return level ? or_empty(level->author) : "";
}

const char *hako_level_notes(const hako_level *level)
{
	return level ? or_empty(level->notes) : "";
}

int hako_level_line(const hako_level *level)
{
	return level ? level->line : 0;
}

size_t hako_level_solution_count(const hako_level *level)
{
	return level ? level->solution_count : 0;
}

const char *hako_level_solution(const hako_level *level, size_t index)
{
	if (!level || index >= level->solution_count)
		return NULL;
	return level->solutions[index];
}

int hako_level_solution_place(const hako_level *level, size_t index, size_t offset, int *line,
                              int *column)
{
	if (!level || index >= level->solution_count || !level->solution_places ||
	    !level->solution_places[index] || offset >= strlen(level->solutions[index]))
		return 0;
	*line = level->solution_places[index][2 * offset];
	*column = level->solution_places[index][2 * offset + 1];
	return 1;
}

/* ----------------------------------------------------------- collection */

void hako_collection_free(hako_collection *collection)
{
	if (!collection)
		return;
	for (size_t i = 0; i < collection->count; i++)
		level_destroy(collection->levels[i]);
	free(collection->levels);
	free(collection->header);
	free(collection);
}

size_t hako_collection_count(const hako_collection *collection)
{
	return collection ? collection->count : 0;
}

const hako_level *hako_collection_level(const hako_collection *collection, size_t index)
{
	if (!collection || index >= collection->count)
		return NULL;
	return collection->levels[index];
}

const char *hako_collection_header(const hako_collection *collection)
{
	return collection ? or_empty(collection->header) : "";
}

/* -------------------------------------------------------------- writing */

static int write_board(level_buf *out, const struct hako_level *level)
{
	for (int y = 0; y < level->height; y++) {
		const char *row = level->squares + (size_t)y * (size_t)level->width;
		size_t length = (size_t)level->width;
		while (length > 0 && row[length - 1] == ' ')
			length--;
		if (level_buf_append(out, row, length) || level_buf_putc(out, '\n'))
			return -1;
	}
	return 0;
}

char *hako_level_to_xsb(const hako_level *level)
{
	if (!level || !level->squares)
		return NULL;
	level_buf out = {0};
	if (write_board(&out, level) != 0) {
		level_buf_free(&out);
		return NULL;
	}
	return level_buf_take(&out);
}

static int is_move_letter(char c)
{
	return c != '\0' && strchr("lurdLURD", c) != NULL;
}

/* Where to end a wrapped LURD line that starts at `start`: after a letter,
 * not before a ')', and leaving a letter for the next line, so the reader
 * sees every line as LURD (a line of bare digits or ')' would not be). */
static size_t wrap_end(const char *moves, size_t start, size_t length, size_t last_letter)
{
	if (length - start <= LEVEL_SOK_WRAP)
		return length;
	size_t best = 0;
	for (size_t end = start + 1; end <= last_letter; end++) {
		if (!is_move_letter(moves[end - 1]) || moves[end] == ')')
			continue;
		if (end - start > LEVEL_SOK_WRAP) {
			best = best ? best : end;
			break;
		}
		best = end;
	}
	return best ? best : length;
}

static int write_solution(level_buf *out, const char *lurd)
{
	level_buf moves = {0};
	for (const char *c = lurd; *c; c++)
		if (!strchr(" \t\r\n", *c) && level_buf_putc(&moves, *c) != 0) {
			level_buf_free(&moves);
			return -1;
		}
	/* A solution read with stray characters (a typo such as "RxR", kept
	 * so that replaying it names the place) goes whole on one line: each
	 * line it was read from had a move letter, no ':' and at least twice
	 * as many move characters as others (level_read.c), so the whole has
	 * too and reads back the same; wrapped elsewhere, a line could fall
	 * short of that and read as a note. */
	if (moves.length > 0 && strspn(moves.data, "lurdLURD0123456789()") != moves.length) {
		int failed = level_buf_append(out, "Solution\n", 9) ||
		             level_buf_append(out, moves.data, moves.length) ||
		             level_buf_putc(out, '\n');
		level_buf_free(&moves);
		return failed ? -1 : 0;
	}
	int failed = level_buf_append(out, "Solution\n", 9);
	size_t last_letter = 0;
	for (size_t i = 0; i < moves.length; i++)
		if (is_move_letter(moves.data[i]))
			last_letter = i;
	for (size_t start = 0; !failed && start < moves.length;) {
		size_t end = wrap_end(moves.data, start, moves.length, last_letter);
		failed = level_buf_append(out, moves.data + start, end - start) ||
		         level_buf_putc(out, '\n');
		start = end;
	}
	level_buf_free(&moves);
	return failed ? -1 : 0;
}

static int write_field(level_buf *out, const char *key, const char *value)
{
	if (!value || !*value)
		return 0;
	return level_buf_append(out, key, strlen(key)) ||
	               level_buf_append(out, value, strlen(value)) || level_buf_putc(out, '\n')
	           ? -1
	           : 0;
}

/* The sokobano.de .sok layout: "; title" before the board, then Title: /
 * Author: lines, the notes as a Comment: block, the Solution blocks, and a
 * blank line so entries can be concatenated. */
static int write_sok(level_buf *out, const struct hako_level *level, const char *const *solutions,
                     size_t solution_count)
{
	if (write_field(out, "; ", level->title) || write_board(out, level) ||
	    write_field(out, "Title: ", level->title) ||
	    write_field(out, "Author: ", level->author))
		return -1;
	if (level->notes && *level->notes &&
	    (level_buf_append(out, "Comment:\n", 9) || write_field(out, "", level->notes) ||
	     level_buf_append(out, "Comment-End:\n", 13)))
		return -1;
	for (size_t i = 0; i < solution_count; i++)
		if (solutions[i] && write_solution(out, solutions[i]) != 0)
			return -1;
	return level_buf_putc(out, '\n');
}

char *hako_level_to_sok(const hako_level *level, const char *const *solutions,
                        size_t solution_count)
{
	if (!level || !level->squares || (solution_count && !solutions))
		return NULL;
	level_buf out = {0};
	if (write_sok(&out, level, solutions, solution_count) != 0) {
		level_buf_free(&out);
		return NULL;
	}
	return level_buf_take(&out);
}
