/* testutil.c — file reading and level loading for the tests. */
#include "testutil.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "search.h"

void tu_assert_pushes_equal(const search_push *a, const search_push *b, size_t count)
{
	for (size_t i = 0; i < count; i++) {
		assert_int_equal(a[i].from, b[i].from);
		assert_int_equal(a[i].dir, b[i].dir);
	}
}

char *tu_read_file(const char *path, size_t *length)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap + 1);
	size_t n;
	while (buf && (n = fread(buf + len, 1, cap - len, f)) > 0) {
		len += n;
		if (len == cap) {
			cap *= 2;
			char *grown = realloc(buf, cap + 1);
			if (!grown) {
				free(buf);
				buf = NULL;
			}
			buf = grown;
		}
	}
	fclose(f);
	if (!buf)
		return NULL;
	buf[len] = '\0';
	if (length)
		*length = len;
	return buf;
}

int tu_skipped;

const char *tu_shared_dir(void)
{
	const char *dir = getenv("HAKO_SHARED_LEVELS");
	return dir && *dir ? dir : HAKO_SHARED_LEVELS;
}

const char *tu_shared_levels(void)
{
	return tu_have_shared() ? tu_shared_dir() : NULL;
}

int tu_have_shared(void)
{
	struct stat st;
	return stat(tu_shared_dir(), &st) == 0 && S_ISDIR(st.st_mode);
}

int tu_in_ci(void)
{
	const char *ci = getenv("CI");
	return ci && strcmp(ci, "true") == 0;
}

int tu_exit_code(int failures)
{
	return failures == 0 && tu_skipped ? 77 : failures;
}

hako_level *tu_level(const char *xsb)
{
	hako_level *level = NULL;
	hako_error err;
	memset(&err, 0, sizeof err);
	hako_status st = hako_level_parse(xsb, strlen(xsb), "test", &level, &err);
	if (st != HAKO_OK)
		print_error("level rejected: %s at %d:%d: %s\n", hako_strerror(st), err.line,
		            err.column, err.message);
	assert_int_equal(st, HAKO_OK);
	assert_non_null(level);
	return level;
}

hako_collection *tu_collection(const char *path)
{
	size_t len = 0;
	char *text = tu_read_file(path, &len);
	assert_non_null(text);
	hako_collection *c = NULL;
	hako_error err;
	memset(&err, 0, sizeof err);
	hako_status st = hako_collection_parse(text, len, path, &c, &err);
	if (st != HAKO_OK)
		print_error("%s:%d:%d: %s\n", path, err.line, err.column, err.message);
	free(text);
	assert_int_equal(st, HAKO_OK);
	return c;
}

void tu_game_open(tu_game *f, const char *xsb)
{
	f->level = tu_level(xsb);
	f->game = NULL;
	assert_int_equal(hako_game_new(f->level, &f->game), HAKO_OK);
	assert_non_null(f->game);
}

void tu_game_close(tu_game *f)
{
	hako_game_free(f->game);
	hako_level_free(f->level);
}

void tu_expect_player(const hako_game *game, int x, int y)
{
	int px = -1, py = -1;
	hako_game_player(game, &px, &py);
	assert_int_equal(px, x);
	assert_int_equal(py, y);
}

int tu_split_tabs(char *line, char **fields, int max)
{
	int n = 0;
	fields[n++] = line;
	for (char *p = line; *p && n < max; p++)
		if (*p == '\t') {
			*p = '\0';
			fields[n++] = p + 1;
		}
	return n;
}

void tu_assert_solved_and_replays(const hako_level *level, const hako_solve_result *r)
{
	assert_int_equal(r->outcome, HAKO_SOLVED);
	assert_non_null(r->solution);
	hako_replay replay;
	assert_int_equal(hako_replay_lurd(level, r->solution, &replay), HAKO_OK);
	assert_true(replay.solved);
	assert_int_equal(replay.moves, r->moves);
	assert_int_equal(replay.pushes, r->pushes);
}
