/* play_progress.c — the progress file of `hako play`: one per collection,
 * $XDG_DATA_HOME/hako/NAME.progress (or ~/.local/share/hako/), a text file
 * with one line per best solution:
 *
 *   # hako progress 1
 *   LEVEL KEY moves|pushes MOVES PUSHES LURD
 *
 * KEY is a 64-bit hash of the level's board, so progress follows a level
 * when its collection is reordered; LEVEL is only for people reading it.
 * Solutions are replayed on load: the file is never trusted. Every write
 * goes through a temporary file and a rename. */
#include "play_progress.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define PROGRESS_HEADER "# hako progress 1: LEVEL KEY moves|pushes MOVES PUSHES LURD\n"

static uint64_t board_key(const hako_level *level)
{
	char *xsb = hako_level_to_xsb(level);
	uint64_t key = 0xCBF29CE484222325ull;
	for (const char *c = xsb ? xsb : ""; *c; c++)
		key = (key ^ (unsigned char)*c) * 0x100000001B3ull;
	hako_free(xsb);
	return key;
}

char *progress_data_dir(void)
{
	const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
	char *dir = NULL;
	size_t size;
	if (xdg && xdg[0] == '/') {
		size = strlen(xdg) + 16;
		if ((dir = malloc(size)))
			snprintf(dir, size, "%s/hako", xdg);
	} else if (home && home[0] == '/') {
		size = strlen(home) + 32;
		if ((dir = malloc(size)))
			snprintf(dir, size, "%s/.local/share/hako", home);
	}
	return dir;
}

/* mkdir -p; 0 or -1 with errno. */
static int make_dirs(char *path)
{
	for (char *slash = path + 1;; slash++) {
		if (*slash != '/' && *slash != '\0')
			continue;
		char saved = *slash;
		*slash = '\0';
		int failed = mkdir(path, 0755) != 0 && errno != EEXIST;
		*slash = saved;
		if (failed)
			return -1;
		if (saved == '\0')
			return 0;
	}
}

/* DIR/NAME.progress, NAME being the collection file's name made safe. */
static char *progress_path(const char *collection_path)
{
	char *dir = progress_data_dir();
	if (!dir)
		return NULL;
	const char *base = strrchr(collection_path, '/');
	base = base ? base + 1 : collection_path;
	size_t size = strlen(dir) + strlen(base) + 16;
	char *path = malloc(size);
	if (path) {
		int n = snprintf(path, size, "%s/", dir);
		for (const char *c = base; *c; c++) {
			int safe = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
			           (*c >= '0' && *c <= '9') || *c == '.' || *c == '-' || *c == '_';
			path[n++] = safe ? *c : '_';
		}
		snprintf(path + n, size - (size_t)n, ".progress");
	}
	free(dir);
	return path;
}

static void best_set(progress_best *b, const char *lurd, long moves, long pushes)
{
	size_t length = strlen(lurd);
	char *copy = malloc(length + 1);
	if (!copy)
		return;
	memcpy(copy, lurd, length + 1);
	free(b->lurd);
	b->lurd = copy;
	b->moves = moves;
	b->pushes = pushes;
}

/* Keep the solution where it beats the records; 1 when it did. */
static int consider(progress_level *l, const char *lurd, long moves, long pushes)
{
	int better = 0;
	progress_best *m = &l->by_moves, *p = &l->by_pushes;
	if (!m->lurd || moves < m->moves || (moves == m->moves && pushes < m->pushes)) {
		best_set(m, lurd, moves, pushes);
		better = 1;
	}
	if (!p->lurd || pushes < p->pushes || (pushes == p->pushes && moves < p->moves)) {
		best_set(p, lurd, moves, pushes);
		better = 1;
	}
	return better;
}

static void keep_foreign(play_progress *p, const char *line)
{
	size_t length = strlen(line);
	char *grown = realloc(p->foreign, p->foreign_length + length + 2);
	if (!grown)
		return;
	p->foreign = grown;
	memcpy(p->foreign + p->foreign_length, line, length);
	p->foreign_length += length;
	p->foreign[p->foreign_length++] = '\n';
	p->foreign[p->foreign_length] = '\0';
}

/* One line of the file: replayed on the level whose key it names, or kept
 * for writing back when no level of this collection has that key. */
static void load_line(play_progress *p, const hako_collection *c, char *line)
{
	char *save = NULL, *field[6], *copy = strdup(line);
	int n = 0, known = 0;
	for (char *f = strtok_r(line, " \t", &save); f && n < 6; f = strtok_r(NULL, " \t", &save))
		field[n++] = f;
	uint64_t key = n == 6 && line[0] != '#' ? strtoull(field[1], NULL, 16) : 0;
	for (size_t i = 0; key && i < p->count; i++) {
		if (p->levels[i].key != key)
			continue;
		known = 1;
		hako_replay r;
		if (hako_replay_lurd(hako_collection_level(c, i), field[5], &r) == HAKO_OK &&
		    r.solved)
			consider(&p->levels[i], field[5], r.moves, r.pushes);
	}
	if (key && !known && copy)
		keep_foreign(p, copy);
	free(copy);
}

int progress_load(play_progress *p, const char *collection_path, const hako_collection *c)
{
	memset(p, 0, sizeof *p);
	p->count = hako_collection_count(c);
	p->levels = calloc(p->count ? p->count : 1, sizeof *p->levels);
	if (!p->levels)
		return -1;
	for (size_t i = 0; i < p->count; i++)
		p->levels[i].key = board_key(hako_collection_level(c, i));
	p->path = progress_path(collection_path);
	FILE *f = p->path ? fopen(p->path, "r") : NULL;
	if (!f)
		return 0;
	char *line = NULL;
	size_t capacity = 0;
	while (getline(&line, &capacity, f) > 0) {
		line[strcspn(line, "\r\n")] = '\0';
		load_line(p, c, line);
	}
	free(line);
	fclose(f);
	return 0;
}

void progress_free(play_progress *p)
{
	for (size_t i = 0; p->levels && i < p->count; i++) {
		free(p->levels[i].by_moves.lurd);
		free(p->levels[i].by_pushes.lurd);
	}
	free(p->levels);
	free(p->path);
	free(p->foreign);
	memset(p, 0, sizeof *p);
}

int progress_solved(const play_progress *p, size_t index)
{
	return index < p->count && p->levels[index].by_moves.lurd != NULL;
}

int progress_write_atomic(const char *path, const char *text, size_t length, char *error,
                          size_t error_size)
{
	size_t size = strlen(path) + 32;
	char *temp = malloc(size);
	if (!temp) {
		snprintf(error, error_size, "out of memory");
		return -1;
	}
	snprintf(temp, size, "%s.tmp%ld", path, (long)getpid());
	unlink(temp); /* a leftover of a killed run with the same pid */
	int fd = open(temp, O_WRONLY | O_CREAT | O_EXCL, 0644), failed = fd < 0;
	for (size_t done = 0; !failed && done < length;) {
		ssize_t n = write(fd, text + done, length - done);
		failed = n < 0 && errno != EINTR;
		done += n > 0 ? (size_t)n : 0;
	}
	failed = failed || fsync(fd) != 0;
	failed = (fd >= 0 && close(fd) != 0) || failed;
	failed = failed || rename(temp, path) != 0;
	if (failed) {
		snprintf(error, error_size, "%s: %s", path, strerror(errno));
		unlink(temp);
	}
	free(temp);
	return failed ? -1 : 0;
}

static void write_best(FILE *out, size_t index, const progress_level *l, const char *kind,
                       const progress_best *b)
{
	if (b->lurd)
		fprintf(out, "%zu %016llx %s %ld %ld %s\n", index + 1, (unsigned long long)l->key,
		        kind, b->moves, b->pushes, b->lurd);
}

static int progress_save(const play_progress *p, char *error, size_t error_size)
{
	char *text = NULL;
	size_t length = 0;
	FILE *out = open_memstream(&text, &length);
	if (!out) {
		snprintf(error, error_size, "out of memory");
		return -1;
	}
	fputs(PROGRESS_HEADER, out);
	if (p->foreign)
		fputs(p->foreign, out);
	for (size_t i = 0; i < p->count; i++) {
		write_best(out, i, &p->levels[i], "moves", &p->levels[i].by_moves);
		write_best(out, i, &p->levels[i], "pushes", &p->levels[i].by_pushes);
	}
	fclose(out);
	char *dir = progress_data_dir();
	int code = dir && make_dirs(dir) == 0 ? 0 : -1;
	if (code != 0)
		snprintf(error, error_size, "cannot create %s: %s", dir ? dir : "the data folder",
		         dir ? strerror(errno) : "neither XDG_DATA_HOME nor HOME is set");
	else
		code = progress_write_atomic(p->path, text, length, error, error_size);
	free(dir);
	free(text);
	return code;
}

int progress_record(play_progress *p, size_t index, const char *lurd, long moves, long pushes,
                    char *error, size_t error_size)
{
	if (index >= p->count || !consider(&p->levels[index], lurd, moves, pushes))
		return 0;
	if (!p->path) {
		snprintf(error, error_size, "not saved: neither XDG_DATA_HOME nor HOME is set");
		return -1;
	}
	return progress_save(p, error, error_size) == 0 ? 1 : -1;
}

int progress_export(const play_progress *p, const hako_collection *c, const char *path, char *error,
                    size_t error_size)
{
	char *text = NULL;
	size_t length = 0;
	FILE *out = open_memstream(&text, &length);
	if (!out) {
		snprintf(error, error_size, "out of memory");
		return -1;
	}
	const char *header = hako_collection_header(c);
	if (header[0])
		fprintf(out, "%s\n\n", header);
	int failed = 0;
	for (size_t i = 0; i < p->count && !failed; i++) {
		const progress_level *l = &p->levels[i];
		const char *solutions[2] = {l->by_moves.lurd, l->by_pushes.lurd};
		size_t n = !solutions[0] ? 0 : strcmp(solutions[0], solutions[1]) == 0 ? 1 : 2;
		char *sok = hako_level_to_sok(hako_collection_level(c, i), solutions, n);
		failed = !sok;
		if (sok)
			fputs(sok, out);
		hako_free(sok);
	}
	fclose(out);
	if (failed)
		snprintf(error, error_size, "out of memory");
	int code = failed ? -1 : progress_write_atomic(path, text, length, error, error_size);
	free(text);
	return code;
}
