/* solution.c — LURD text (run-length parsing, expansion, writing)
 * and the independent verifier that replays it. The replay works only on
 * the level's XSB squares, copied into a scratch grid: it shares no code
 * with the solver's board, move generator or search, so a bug there cannot
 * hide a wrong solution. */
#include "solution.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "level.h"

/* ------------------------------------------------------------- compiling */

/* LURD text is compiled into tokens first: whitespace and comments gone,
 * each token a run of one letter or a group. Groups whose body has no
 * steps are dropped, so every group left holds at least one step and
 * running the tokens costs time proportional to the steps, however the
 * counts are nested ("9999999(9999999())" is zero work, not 10^14). */
struct lurd_token {
	char kind;        /* a step letter (lurdLURD) or '(' */
	long count;       /* repetitions; 1 when no count is written */
	size_t end;       /* '(' only: index one past the group's body */
	int line, column; /* where the token (its count, if any) starts */
};

struct lurd_program {
	struct lurd_token *token;
	size_t length;
	long steps; /* after expansion; at most SOLUTION_MAX_STEPS */
};

static int lurd_is_letter(char c)
{
	return c != '\0' && strchr("lurdLURD", c) != NULL;
}

static int lurd_is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

static int lurd_is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Line and column saturate instead of overflowing on absurd texts. */
static int lurd_next(int value)
{
	return value < INT_MAX ? value + 1 : value;
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static hako_status
lurd_fail(hako_error *err, int line, int column, const char *format, ...)
{
	va_list args;
	err->line = line;
	err->column = column;
	va_start(args, format);
	vsnprintf(err->message, sizeof err->message, format, args);
	va_end(args);
	return HAKO_ERR_SOLUTION;
}

/* A character for a message: 'x' when printable, byte 0xNN otherwise. */
static void lurd_describe(char c, char *out, size_t size)
{
	unsigned char byte = (unsigned char)c;
	if (byte >= 0x21 && byte < 0x7f)
		snprintf(out, size, "'%c'", c);
	else
		snprintf(out, size, "byte 0x%02x", byte);
}

static void lurd_program_free(struct lurd_program *program)
{
	free(program->token);
	program->token = NULL;
	program->length = 0;
}

/* Parse and check the whole text. On success `program` holds the tokens
 * (free with lurd_program_free); on failure `err` says where and why. */
static hako_status lurd_compile(const char *text, struct lurd_program *program, hako_error *err)
{
	/* Each token consumes at least one byte of text. */
	size_t capacity = strlen(text) + 1;
	program->token = malloc(capacity * sizeof *program->token);
	program->length = 0;
	program->steps = 0;
	if (!program->token) {
		snprintf(err->message, sizeof err->message, "out of memory");
		return HAKO_ERR_NOMEM;
	}
	/* open[d]: token index of the '(' at depth d + 1; steps[d]: steps so
	 * far at depth d, one pass over the body. Never above
	 * SOLUTION_MAX_STEPS: every count is at least 1, so a body over the
	 * limit puts the whole text over it. */
	size_t open[SOLUTION_MAX_DEPTH];
	long steps[SOLUTION_MAX_DEPTH + 1];
	int depth = 0;
	steps[0] = 0;
	int line = 1, column = 1;
	const char *p = text;
	hako_status status = HAKO_OK;
	while (*p != '\0' && status == HAKO_OK) {
		char c = *p;
		if (c == '\n') {
			line = lurd_next(line);
			column = 1;
			p++;
			continue;
		}
		if (lurd_is_space(c)) {
			column = lurd_next(column);
			p++;
			continue;
		}
		if (c == ';') { /* a comment, up to the end of the line */
			while (*p != '\0' && *p != '\n') {
				column = lurd_next(column);
				p++;
			}
			continue;
		}
		struct lurd_token token = {
		    .kind = c, .count = 1, .end = 0, .line = line, .column = column};
		if (lurd_is_digit(c)) {
			long count = 0;
			while (lurd_is_digit(*p)) {
				if (count <= SOLUTION_MAX_COUNT)
					count = count * 10 + (*p - '0');
				column = lurd_next(column);
				p++;
			}
			c = *p;
			token.kind = c;
			token.count = count;
			if (count > SOLUTION_MAX_COUNT)
				status = lurd_fail(err, token.line, token.column, "count over %ld",
				                   SOLUTION_MAX_COUNT);
			else if (count == 0)
				status = lurd_fail(err, token.line, token.column, "a count of 0");
			else if (!lurd_is_letter(c) && c != '(')
				status = lurd_fail(
				    err, token.line, token.column,
				    "count %ld is not followed by a move letter or '('", count);
			if (status != HAKO_OK)
				break;
		}
		if (lurd_is_letter(c)) {
			steps[depth] += token.count;
			program->token[program->length++] = token;
		} else if (c == '(') {
			if (depth == SOLUTION_MAX_DEPTH) {
				status =
				    lurd_fail(err, token.line, token.column,
				              "groups nested deeper than %d", SOLUTION_MAX_DEPTH);
				break;
			}
			open[depth++] = program->length;
			steps[depth] = 0;
			program->token[program->length++] = token;
		} else if (c == ')') {
			if (depth == 0) {
				status = lurd_fail(err, line, column, "')' without a matching '('");
				break;
			}
			depth--;
			struct lurd_token *group = &program->token[open[depth]];
			if (steps[depth + 1] == 0) {
				program->length = open[depth]; /* an empty group: drop it */
			} else {
				group->end = program->length;
				/* At most 10^8 * 10^7: no overflow in 64 bits. */
				int64_t total = (int64_t)steps[depth] +
				                (int64_t)steps[depth + 1] * group->count;
				steps[depth] = total > SOLUTION_MAX_STEPS ? SOLUTION_MAX_STEPS + 1
				                                          : (long)total;
			}
			token.line = group->line;
			token.column = group->column;
		} else {
			char what[16];
			lurd_describe(c, what, sizeof what);
			status = lurd_fail(err, line, column, "unexpected character %s", what);
			break;
		}
		if (steps[depth] > SOLUTION_MAX_STEPS) {
			status = lurd_fail(err, token.line, token.column,
			                   "expands to more than %ld steps", SOLUTION_MAX_STEPS);
			break;
		}
		column = lurd_next(column);
		p++;
	}
	if (status == HAKO_OK && depth > 0) {
		const struct lurd_token *group = &program->token[open[depth - 1]];
		status = lurd_fail(err, group->line, group->column, "'(' is never closed");
	}
	if (status != HAKO_OK) {
		lurd_program_free(program);
		return status;
	}
	program->steps = steps[0];
	return HAKO_OK;
}

/* Called once per step; nonzero stops the run. */
typedef int (*lurd_step_fn)(void *user, const struct lurd_token *token);

/* Run tokens [begin, end): depth is bounded by SOLUTION_MAX_DEPTH. Returns
 * nonzero when a step stopped it. */
static int lurd_run(const struct lurd_program *program, size_t begin, size_t end, lurd_step_fn step,
                    void *user)
{
	for (size_t i = begin; i < end; i++) {
		const struct lurd_token *token = &program->token[i];
		if (token->kind == '(') {
			for (long k = 0; k < token->count; k++)
				if (lurd_run(program, i + 1, token->end, step, user))
					return 1;
			i = token->end - 1;
		} else {
			for (long k = 0; k < token->count; k++)
				if (step(user, token))
					return 1;
		}
	}
	return 0;
}

/* ------------------------------------------------------------- expanding */

struct lurd_output {
	char *text;
	size_t length;
};

static int lurd_emit(void *user, const struct lurd_token *token)
{
	struct lurd_output *out = user;
	out->text[out->length++] = token->kind;
	return 0;
}

char *hako_lurd_expand(const char *lurd, hako_error *err)
{
	hako_error local;
	if (!err)
		err = &local;
	memset(err, 0, sizeof *err);
	if (!lurd) {
		snprintf(err->message, sizeof err->message, "no LURD text (NULL)");
		return NULL;
	}
	struct lurd_program program;
	if (lurd_compile(lurd, &program, err) != HAKO_OK)
		return NULL;
	struct lurd_output out = {malloc((size_t)program.steps + 1), 0};
	if (out.text) {
		lurd_run(&program, 0, program.length, lurd_emit, &out);
		out.text[out.length] = '\0';
	} else {
		snprintf(err->message, sizeof err->message, "out of memory");
	}
	lurd_program_free(&program);
	return out.text;
}

/* --------------------------------------------------------------- writing */

/* Write a positive count in decimal, no terminator; returns its length. */
static size_t solution_write_count(char *out, long count)
{
	char digits[24];
	size_t n = 0;
	while (count > 0) {
		digits[n++] = (char)('0' + count % 10);
		count /= 10;
	}
	for (size_t i = 0; i < n; i++)
		out[i] = digits[n - 1 - i];
	return n;
}

char *solution_run_length(const char *lurd)
{
	char *out = malloc(strlen(lurd) + 1); /* a run of k >= 2 letters never grows */
	if (!out)
		return NULL;
	size_t length = 0;
	const char *p = lurd;
	while (*p != '\0') {
		if (lurd_is_space(*p)) {
			p++;
			continue;
		}
		char c = *p;
		long run = 1;
		if (lurd_is_letter(c))
			while (p[run] == c && run < SOLUTION_MAX_COUNT)
				run++;
		if (run > 1)
			length += solution_write_count(out + length, run);
		out[length++] = c;
		p += run;
	}
	out[length] = '\0';
	return out;
}

/* ---------------------------------------------------------------- replay */

enum { CELL_WALL = 1, CELL_GOAL = 2, CELL_BOX = 4 };

/* The scratch board of a replay: one byte of CELL_ flags per square. */
struct replay_board {
	int width, height;
	unsigned char *cell;
	int x, y; /* the player */
	hako_replay *r;
};

static unsigned char *replay_cell(struct replay_board *board, int x, int y)
{
	if (x < 0 || y < 0 || x >= board->width || y >= board->height)
		return NULL;
	return &board->cell[(size_t)y * (size_t)board->width + (size_t)x];
}

static int replay_step(void *user, const struct lurd_token *token)
{
	struct replay_board *board = user;
	hako_replay *r = board->r;
	char letter = token->kind;
	int push = letter >= 'A' && letter <= 'Z';
	int dx = 0, dy = 0;
	switch (letter) {
	case 'l':
	case 'L': dx = -1; break;
	case 'r':
	case 'R': dx = 1; break;
	case 'u':
	case 'U': dy = -1; break;
	default: dy = 1; break; /* 'd', 'D': the compiler admits nothing else */
	}
	long step = r->moves + 1;
	unsigned char *to = replay_cell(board, board->x + dx, board->y + dy);
	const char *why = NULL;
	if (!to) {
		why = "walks off the board";
	} else if (*to & CELL_WALL) {
		why = "walks into a wall";
	} else if (*to & CELL_BOX) {
		unsigned char *beyond = replay_cell(board, board->x + 2 * dx, board->y + 2 * dy);
		if (!beyond)
			why = "pushes a box off the board";
		else if (*beyond & CELL_WALL)
			why = "pushes a box into a wall";
		else if (*beyond & CELL_BOX)
			why = "pushes a box into another box";
		else if (!push)
			why = "pushes a box but is lowercase";
		else {
			*to &= (unsigned char)~CELL_BOX;
			*beyond |= CELL_BOX;
			r->pushes++;
		}
	} else if (push) {
		why = "is uppercase but does not push a box";
	}
	if (why) {
		r->failed_step = step;
		snprintf(r->message, sizeof r->message, "step %ld: '%c' %s (line %d, column %d)",
		         step, letter, why, token->line, token->column);
		return 1;
	}
	board->x += dx;
	board->y += dy;
	r->moves++;
	return 0;
}

/* Fill the scratch board from the XSB squares. The player is found on the
 * squares, not taken from the level's bookkeeping. */
static hako_status replay_setup(const hako_level *level, struct replay_board *board, hako_replay *r)
{
	board->width = level->width;
	board->height = level->height;
	board->r = r;
	board->x = board->y = -1;
	size_t size = (size_t)level->width * (size_t)level->height;
	if (level->width <= 0 || level->height <= 0 || !level->squares) {
		snprintf(r->message, sizeof r->message, "the level has no board");
		return HAKO_ERR_LEVEL;
	}
	board->cell = malloc(size);
	if (!board->cell) {
		snprintf(r->message, sizeof r->message, "out of memory");
		return HAKO_ERR_NOMEM;
	}
	int players = 0;
	for (size_t i = 0; i < size; i++) {
		char square = level->squares[i];
		unsigned char cell = 0;
		switch (square) {
		case ' ':
		case '@': break;
		case '.':
		case '+': cell = CELL_GOAL; break;
		case '$': cell = CELL_BOX; break;
		case '*': cell = CELL_GOAL | CELL_BOX; break;
		default: cell = CELL_WALL; break; /* '#', and anything unknown */
		}
		board->cell[i] = cell;
		if (square == '@' || square == '+') {
			players++;
			board->x = (int)(i % (size_t)level->width);
			board->y = (int)(i / (size_t)level->width);
		}
	}
	if (players != 1) {
		snprintf(r->message, sizeof r->message, "the level has %d players, not one",
		         players);
		free(board->cell);
		board->cell = NULL;
		return HAKO_ERR_LEVEL;
	}
	return HAKO_OK;
}

/* A level that failed validation (boxes != goals, open border, ...) is
 * still replayed, as long as its board has exactly one player: walking off
 * the board is an illegal step like any other, and `solved` means no box
 * stands off a goal. Without one player it is HAKO_ERR_LEVEL. */
hako_status hako_replay_lurd(const hako_level *level, const char *lurd, hako_replay *r)
{
	if (!r)
		return HAKO_ERR_ARGUMENT;
	memset(r, 0, sizeof *r);
	if (!level || !lurd) {
		snprintf(r->message, sizeof r->message, "no %s (NULL)",
		         level ? "LURD text" : "level");
		return HAKO_ERR_ARGUMENT;
	}
	struct replay_board board;
	hako_status status = replay_setup(level, &board, r);
	if (status != HAKO_OK)
		return status;
	struct lurd_program program;
	hako_error err;
	memset(&err, 0, sizeof err);
	status = lurd_compile(lurd, &program, &err);
	if (status != HAKO_OK) {
		if (status == HAKO_ERR_NOMEM)
			snprintf(r->message, sizeof r->message, "out of memory");
		else
			snprintf(r->message, sizeof r->message, "line %d, column %d: %.120s",
			         err.line, err.column, err.message);
		free(board.cell);
		return status;
	}
	if (lurd_run(&program, 0, program.length, replay_step, &board)) {
		status = HAKO_ERR_SOLUTION;
	} else {
		size_t size = (size_t)board.width * (size_t)board.height;
		r->solved = 1;
		for (size_t i = 0; i < size; i++)
			if ((board.cell[i] & (CELL_BOX | CELL_GOAL)) == CELL_BOX)
				r->solved = 0;
	}
	lurd_program_free(&program);
	free(board.cell);
	return status;
}
