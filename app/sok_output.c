/* sok_output.c — `hako solve -o FILE.sok`: the attempted levels with their
 * Solution blocks, written to a temporary file in the same directory and
 * renamed over the target, so a reader never sees a partial file. An input
 * file is never overwritten. */
#include <errno.h>
#include <fcntl.h>
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
	char *dir = directory_of(path);
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

/* Create "DIR/.NAME.XXXXXX" next to `path`; returns the stream or NULL. */
static FILE *open_temporary(const char *path, char **temp_path)
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
	mode_t mask = umask(0);
	umask(mask);
	FILE *out = fchmod(fd, (mode_t)(0666 & ~mask)) == 0 ? fdopen(fd, "w") : NULL;
	if (!out) {
		close(fd);
		unlink(name);
		free(name);
		return NULL;
	}
	*temp_path = name;
	return out;
}

int sok_output_write(const char *path, const input_file *inputs, int count,
                     level_outcome *const *outcomes)
{
	char *temp_path = NULL;
	FILE *out = open_temporary(path, &temp_path);
	if (!out) {
		fprintf(stderr, "hako: %s: cannot create a temporary file: %s\n", path,
		        strerror(errno));
		return EXIT_INPUT;
	}
	int failed = 0;
	for (int i = 0; i < count && !failed; i++)
		failed = write_file_levels(out, &inputs[i], outcomes[i]) != 0;
	int saved_errno = failed ? ENOMEM : 0;
	if (fflush(out) != 0 || ferror(out) || fsync(fileno(out)) != 0)
		failed = 1, saved_errno = errno;
	if (fclose(out) != 0 && !failed)
		failed = 1, saved_errno = errno;
	if (!failed && rename(temp_path, path) != 0)
		failed = 1, saved_errno = errno;
	if (failed) {
		fprintf(stderr, "hako: %s: not written: %s\n", path, strerror(saved_errno));
		unlink(temp_path);
	}
	free(temp_path);
	return failed ? EXIT_INPUT : 0;
}
