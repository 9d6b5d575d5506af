/* level_text.h — internals shared by the level reader and writer
 * (level.c, level_read.c, level_board.c): a growable string, the board
 * under construction, error formatting. Not part of the public API. */
#ifndef HAKO_LEVEL_TEXT_H
#define HAKO_LEVEL_TEXT_H

#include <stddef.h>

#include "level.h"

#if defined(__GNUC__) || defined(__clang__)
#define LEVEL_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define LEVEL_PRINTF(f, a)
#endif

#define LEVEL_STR_(x) #x
#define LEVEL_STR(x) LEVEL_STR_(x)

/* A tab in a board row stands for floor up to the next multiple of this
 * many squares (the usual terminal tab stop). */
#define LEVEL_TAB_WIDTH 8
/* Run-length counts above this are rejected outright; smaller counts are
 * still bounded by HAKO_MAX_WIDTH / HAKO_MAX_HEIGHT as they expand. */
#define LEVEL_MAX_COUNT 99999
/* Nesting depth of run-length groups "2(3(#-)#)". */
#define LEVEL_MAX_DEPTH 32

/* A growable NUL-terminated string. Functions return 0, or -1 when out of
 * memory (the buffer is then unchanged). */
typedef struct level_buf {
	char *data;
	size_t length, capacity;
} level_buf;

int level_buf_append(level_buf *buf, const char *text, size_t length);
int level_buf_putc(level_buf *buf, char c);
/* Hand over the string ("" when empty) and reset the buffer; NULL: no memory. */
char *level_buf_take(level_buf *buf);
void level_buf_free(level_buf *buf);

char *level_strndup(const char *text, size_t length);

void level_error(hako_error *err, int line, int column, const char *format, ...) LEVEL_PRINTF(4, 5);

/* One board row: normalized squares (trailing floor trimmed) and the 1-based
 * source column each square came from (for messages). */
typedef struct level_row {
	int line;
	int length;
	char squares[HAKO_MAX_WIDTH];
	int column[HAKO_MAX_WIDTH];
} level_row;

/* The rows of the board being read. */
typedef struct level_rows {
	level_row *rows;
	int count, capacity;
} level_rows;

/* 1 if the line is a board row: only board characters (RLE digits, '(',
 * ')' and '|' too when the line holds a digit or '|') and at least one '#'. */
int level_is_board_line(const char *line, size_t length);
/* Index of the first character of a line that cannot be in a board row. */
size_t level_first_unknown(const char *line, size_t length);

/* Append the row(s) of one source line (plain, tabbed or run-length). */
hako_status level_rows_add(level_rows *rows, const char *line, size_t length, int line_number,
                           hako_error *err);
/* Turn the rows into level->squares etc. and validate; the level's own
 * status/error say whether it is playable. Returns HAKO_ERR_LIMIT /
 * HAKO_ERR_NOMEM for the whole parse, else HAKO_OK. */
hako_status level_rows_build(const level_rows *rows, struct hako_level *level, hako_error *err);
void level_rows_free(level_rows *rows);

/* Release everything a level owns, and the level. */
void level_destroy(struct hako_level *level);

/* hako_collection: owned by level.c, filled by level_read.c. */
struct hako_collection {
	struct hako_level **levels;
	size_t count, capacity;
	char *header;
};

#endif
