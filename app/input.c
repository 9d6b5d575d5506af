/* input.c — read level files or stdin into memory and parse them into
 * collections, printing errors with file, line and column. */
#include "input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"

/* Read the stream to its end, stopping one byte past HAKO_MAX_TEXT so the
 * parser can report the size limit without us holding a huge file. */
static int read_stream(FILE *stream, char **text, size_t *length)
{
	size_t capacity = 1 << 16, used = 0;
	char *buffer = malloc(capacity);
	if (!buffer)
		return ENOMEM;
	for (;;) {
		if (used + 1 >= capacity) {
			char *bigger = realloc(buffer, capacity * 2);
			if (!bigger) {
				free(buffer);
				return ENOMEM;
			}
			buffer = bigger;
			capacity *= 2;
		}
		size_t got = fread(buffer + used, 1, capacity - used - 1, stream);
		used += got;
		if (got == 0 || used > HAKO_MAX_TEXT)
			break;
	}
	if (ferror(stream)) {
		int error = errno ? errno : EIO;
		free(buffer);
		return error;
	}
	buffer[used] = '\0';
	*text = buffer;
	*length = used;
	return 0;
}

int input_read(const char *path, char **text, size_t *length)
{
	int is_stdin = strcmp(path, "-") == 0;
	FILE *stream = is_stdin ? stdin : fopen(path, "rb");
	if (!stream) {
		fprintf(stderr, "hako: %s: %s\n", path, strerror(errno));
		return -1;
	}
	errno = 0;
	int error = read_stream(stream, text, length);
	if (!is_stdin)
		fclose(stream);
	if (error) {
		fprintf(stderr, "hako: %s: %s\n", path,
		        strerror(error)); /* stdin: "-", as in JSON */
		return -1;
	}
	return 0;
}

int input_argument(const char *command, const char *arg, char **text)
{
	size_t length = 0;
	if (strcmp(arg, "-") == 0)
		return input_read("-", text, &length);
	*text = strdup(arg);
	if (!*text) {
		fprintf(stderr, "hako: %s: out of memory\n", command);
		return -1;
	}
	return 0;
}

void input_format_error(const char *name, const hako_error *err, char *out, size_t size)
{
	if (err->line > 0 && err->column > 0)
		snprintf(out, size, "%s:%d:%d: %s", name, err->line, err->column, err->message);
	else if (err->line > 0)
		snprintf(out, size, "%s:%d: %s", name, err->line, err->message);
	else
		snprintf(out, size, "%s: %s", name, err->message);
}

void input_print_error(const char *name, const hako_error *err)
{
	char text[INPUT_ERROR_TEXT];
	input_format_error(name, err, text, sizeof text);
	fprintf(stderr, "%s\n", text);
}

int input_load(input_file *file, const char *path)
{
	char *text = NULL;
	size_t length = 0;
	file->path = path;
	file->name = path; /* "-" for stdin, as given and as in the JSON "file" */
	file->collection = NULL;
	if (input_read(path, &text, &length) != 0)
		return EXIT_INPUT;
	hako_error err;
	memset(&err, 0, sizeof err);
	hako_status status =
	    hako_collection_parse(text, length, file->name, &file->collection, &err);
	free(text);
	if (status != HAKO_OK) {
		if (err.message[0] == '\0')
			snprintf(err.message, sizeof err.message, "%s", hako_strerror(status));
		input_print_error(file->name, &err);
		file->collection = NULL;
		return EXIT_INPUT;
	}
	return 0;
}

void input_free(input_file *file)
{
	if (file->collection)
		hako_collection_free(file->collection);
	file->collection = NULL;
}
