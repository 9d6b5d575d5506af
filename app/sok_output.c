/* sok_output.c — `hako solve -o FILE.sok`: the attempted levels with their
 * Solution blocks. A regular file (or a new one) is written to a temporary
 * file in the same directory and renamed over it, so a reader never sees a
 * partial file; it keeps the old file's mode. A symbolic link is followed:
 * its target is the file written (the link stays a link). A FIFO, a device
 * or a socket (-o /dev/stdout) is written directly. An input file is never
 * overwritten. */
/* realpath() is XSI. */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "solve.h"

/* The directory part of `path` ("." when none), malloc'd. */
static char *directory_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	size_t length = (size_t)(slash - path);
	char *dir = malloc(length + 1);
	if (dir) {
		memcpy(dir, path, length);
		dir[length] = '\0';
	}
	return dir;
}

/* The file `path` names, symbolic links followed (a dangling link: the
 * file it would create); malloc'd, NULL without memory. */
static char *resolve_target(const char *path)
{
	char *current = strdup(path);
	for (int hops = 0; current && hops < 40; hops++) {
		struct stat st;
		if (lstat(current, &st) != 0 || !S_ISLNK(st.st_mode))
			return current;
		char *real = realpath(current, NULL);
		if (real) {
			free(current);
			return real;
		}
		/* Dangling: follow it by hand, relative to the link's directory. */
		char target[PATH_MAX];
		ssize_t length = readlink(current, target, sizeof target - 1);
		if (length < 0)
			return current;
		target[length] = '\0';
		char *next;
		if (target[0] == '/') {
			next = strdup(target);
		} else {
			char *dir = directory_of(current);
			size_t size = (dir ? strlen(dir) : 0) + (size_t)length + 2;
			next = dir ? malloc(size) : NULL;
			if (next)
				snprintf(next, size, "%s/%s", dir, target);
			free(dir);
		}
		free(current);
		current = next;
	}
	return current;
}

int sok_output_check(const char *path, const input_file *inputs, int count)
{
	struct stat target, source;
	if (strcmp(path, "-") == 0 || path[0] == '\0')
		return opt_usage_error("solve",
		                       "-o needs a file name (the .sok is not written to stdout)");
	int exists = stat(path, &target) == 0;
	for (int i = 0; i < count; i++) {
		if (strcmp(inputs[i].path, "-") == 0)
			continue;
		int same = strcmp(inputs[i].path, path) == 0 ||
		           (exists && stat(inputs[i].path, &source) == 0 &&
		            source.st_dev == target.st_dev && source.st_ino == target.st_ino);
		if (same)
			return opt_usage_error(
			    "solve", "-o %s would overwrite an input file; choose another name",
			    path);
	}
	if (exists && S_ISDIR(target.st_mode)) {
		fprintf(stderr, "hako: %s: Is a directory\n", path);
		return EXIT_INPUT;
	}
	/* A FIFO or a device is written in place; a file is replaced from a
	 * temporary file beside it (beside the link's target for a link). */
	if (exists && !S_ISREG(target.st_mode)) {
		if (access(path, W_OK) == 0)
			return 0;
		fprintf(stderr, "hako: %s: %s\n", path, strerror(errno));
		return EXIT_INPUT;
	}
	char *resolved = resolve_target(path);
	char *dir = resolved ? directory_of(resolved) : NULL;
	free(resolved);
	int writable = dir && access(dir, W_OK) == 0;
	int error = errno;
	if (!writable)
		fprintf(stderr, "hako: %s: %s\n", dir ? dir : path, strerror(dir ? error : ENOMEM));
	free(dir);
	return writable ? 0 : EXIT_INPUT;
}

/* Write the entries of one input file; returns -1 on an error. */
static int write_file_levels(FILE *out, const input_file *input, const level_outcome *outcomes)
{
	const char *header = hako_collection_header(input->collection);
	size_t count = hako_collection_count(input->collection);
	int any = 0;
	for (size_t i = 0; i < count; i++)
		any |= outcomes[i].attempted;
	size_t header_length = strlen(header);
	while (header_length > 0 && header[header_length - 1] == '\n')
		header_length--;
	if (any && header_length > 0) {
		fwrite(header, 1, header_length, out);
		fputs("\n\n", out);
	}
	for (size_t i = 0; i < count; i++) {
		if (!outcomes[i].attempted)
			continue;
		const char *const solutions[1] = {outcomes[i].solution};
		char *entry = hako_level_to_sok(hako_collection_level(input->collection, i),
		                                solutions, outcomes[i].solution ? 1 : 0);
		if (!entry)
			return -1;
		size_t length = strlen(entry);
		while (length > 0 && entry[length - 1] == '\n')
			length--;
		fwrite(entry, 1, length, out);
		fputs("\n\n", out);
		hako_free(entry);
	}
	return 0;
}

/* Create "DIR/.NAME.XXXXXX" next to `path` with `mode` (the old file's,
 * or 0666 less the umask for a new one); returns the stream or NULL. */
static FILE *open_temporary(const char *path, char **temp_path, mode_t mode)
{
	const char *slash = strrchr(path, '/');
	size_t dir_length = slash ? (size_t)(slash - path) + 1 : 0;
	const char *base = path + dir_length;
	size_t size = strlen(path) + 16;
	char *name = malloc(size);
	if (!name)
		return NULL;
	snprintf(name, size, "%.*s.%s.XXXXXX", (int)dir_length, path, base);
	int fd = mkstemp(name);
	if (fd < 0) {
		free(name);
		return NULL;
	}
	FILE *out = fchmod(fd, mode) == 0 ? fdopen(fd, "w") : NULL;
	if (!out) {
		close(fd);
		unlink(name);
		free(name);
		return NULL;
	}
	*temp_path = name;
	return out;
}

/* Every attempted level of every input to `out`; -1 on an error. */
static int write_all(FILE *out, const input_file *inputs, int count, level_outcome *const *outcomes)
{
	for (int i = 0; i < count; i++)
		if (write_file_levels(out, &inputs[i], outcomes[i]) != 0)
			return -1;
	return 0;
}

/* A FIFO, a device or a socket: written where it is, no rename. */
static int write_in_place(const char *path, const input_file *inputs, int count,
                          level_outcome *const *outcomes)
{
	FILE *out = fopen(path, "w");
	if (!out) {
		fprintf(stderr, "hako: %s: %s\n", path, strerror(errno));
		return EXIT_INPUT;
	}
	int failed = write_all(out, inputs, count, outcomes) != 0;
	int saved_errno = failed ? ENOMEM : 0;
	if (fflush(out) != 0 || ferror(out))
		failed = 1, saved_errno = errno;
	if (fclose(out) != 0 && !failed)
		failed = 1, saved_errno = errno;
	if (failed)
		fprintf(stderr, "hako: %s: not written: %s\n", path, strerror(saved_errno));
	return failed ? EXIT_INPUT : 0;
}

int sok_output_write(const char *path, const input_file *inputs, int count,
                     level_outcome *const *outcomes)
{
	struct stat st;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
		return write_in_place(path, inputs, count, outcomes);
	/* A link's target is the file replaced; an old file keeps its mode. */
	char *target = resolve_target(path);
	if (!target) {
		fprintf(stderr, "hako: %s: not written: %s\n", path, strerror(ENOMEM));
		return EXIT_INPUT;
	}
	mode_t mode;
	if (stat(target, &st) == 0 && S_ISREG(st.st_mode)) {
		mode = st.st_mode & 07777;
	} else {
		mode_t mask = umask(0);
		umask(mask);
		mode = (mode_t)(0666 & ~mask);
	}
	char *temp_path = NULL;
	FILE *out = open_temporary(target, &temp_path, mode);
	if (!out) {
		fprintf(stderr, "hako: %s: cannot create a temporary file: %s\n", target,
		        strerror(errno));
		free(target);
		return EXIT_INPUT;
	}
	int failed = write_all(out, inputs, count, outcomes) != 0;
	int saved_errno = failed ? ENOMEM : 0;
	if (fflush(out) != 0 || ferror(out) || fsync(fileno(out)) != 0)
		failed = 1, saved_errno = errno;
	if (fclose(out) != 0 && !failed)
		failed = 1, saved_errno = errno;
	if (!failed && rename(temp_path, target) != 0)
		failed = 1, saved_errno = errno;
	if (failed) {
		fprintf(stderr, "hako: %s: not written: %s\n", path, strerror(saved_errno));
		unlink(temp_path);
	}
	free(temp_path);
	free(target);
	return failed ? EXIT_INPUT : 0;
}
