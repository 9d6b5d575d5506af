/* label_file.c — the output of `hako label`: opened for appending and
 * locked, read back to skip the levels already labelled (a cut last line
 * dropped), and each new line appended whole. */
#include "label_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "json.h"
#include "options.h"

/* The start of a level's line, `{"file":…,"level":N,`: its key in the
 * output. malloc'd; NULL when out of memory. */
static char *line_key(const char *file, long number)
{
	char *text = NULL;
	size_t length = 0;
	FILE *out = open_memstream(&text, &length);
	if (!out)
		return NULL;
	fputs("{\"file\":", out);
	json_string(out, file);
	fprintf(out, ",\"level\":%ld,", number);
	if (fclose(out) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

static int compare_keys(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Read the output so far: drop a last line without its newline (a write
 * that was cut), and remove from items the levels already labelled.
 * Returns 0, or an exit code after a message. */
int label_file_resume(int fd, const char *path, const input_file *inputs, batch_item *items,
                      size_t *count, long *skipped)
{
	off_t size = lseek(fd, 0, SEEK_END);
	char *text = size > 0 ? malloc((size_t)size + 1) : NULL;
	if (size > 0 && !text)
		return EXIT_INPUT;
	size_t got = 0;
	while (size > 0 && got < (size_t)size) {
		ssize_t n = pread(fd, text + got, (size_t)size - got, (off_t)got);
		if (n <= 0) {
			fprintf(stderr, "hako: %s: %s\n", path,
			        n < 0 ? strerror(errno) : "short read");
			free(text);
			return EXIT_INPUT;
		}
		got += (size_t)n;
	}
	size_t whole = got;
	while (whole > 0 && text[whole - 1] != '\n')
		whole--;
	if (whole < got && ftruncate(fd, (off_t)whole) != 0) {
		fprintf(stderr, "hako: %s: %s\n", path, strerror(errno));
		free(text);
		return EXIT_INPUT;
	}
	/* The keys of the lines there, sorted. */
	size_t lines = 0;
	for (size_t i = 0; i < whole; i++)
		lines += text[i] == '\n';
	const char **keys = malloc((lines ? lines : 1) * sizeof *keys);
	size_t key_count = 0;
	for (size_t start = 0; keys && start < whole;) {
		char *end = memchr(text + start, '\n', whole - start);
		*end = '\0';
		keys[key_count++] = text + start;
		start = (size_t)(end - text) + 1;
	}
	int code = keys ? 0 : EXIT_INPUT;
	if (keys)
		qsort(keys, key_count, sizeof *keys, compare_keys);
	size_t kept = 0;
	for (size_t i = 0; code == 0 && i < *count; i++) {
		char *key = line_key(inputs[items[i].file].path, items[i].number);
		if (!key) {
			code = EXIT_INPUT;
			break;
		}
		/* A line starts with its key: find the first line not below it. */
		size_t lo = 0, hi = key_count, length = strlen(key);
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			if (strcmp(keys[mid], key) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < key_count && strncmp(keys[lo], key, length) == 0)
			(*skipped)++;
		else
			items[kept++] = items[i];
		free(key);
	}
	*count = kept;
	free(keys);
	free(text);
	return code;
}

int label_file_append(int fd, const char *text, size_t length)
{
	while (length > 0) {
		ssize_t n = write(fd, text, length);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		text += n;
		length -= (size_t)n;
	}
	return 0;
}

int label_file_open(const char *path, const char *const *files, int file_count, int *fd_out)
{
	int fd = open(path, O_RDWR | O_CREAT | O_APPEND, 0666);
	*fd_out = fd;
	if (fd < 0) {
		fprintf(stderr, "hako: %s: %s\n", path, strerror(errno));
		return EXIT_INPUT;
	}
	struct stat output, input;
	if (fstat(fd, &output) == 0)
		for (int i = 0; i < file_count; i++)
			if (strcmp(files[i], "-") != 0 && stat(files[i], &input) == 0 &&
			    input.st_dev == output.st_dev && input.st_ino == output.st_ino)
				return opt_usage_error("label", "-o %s is an input file", path);
	struct flock lock;
	memset(&lock, 0, sizeof lock);
	lock.l_type = F_WRLCK;
	lock.l_whence = SEEK_SET;
	if (fcntl(fd, F_SETLK, &lock) != 0)
		return opt_usage_error("label", "%s is being written by another hako label", path);
	return 0;
}
