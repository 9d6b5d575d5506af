/* input.h — reading level files (or stdin) and reporting their errors in
 * the FILE:LINE:COLUMN: message form. */
#ifndef HAKO_APP_INPUT_H
#define HAKO_APP_INPUT_H

#include <stddef.h>

#include "hako.h"

/* A collection loaded from a path ("-" is standard input). */
typedef struct input_file {
	const char *path; /* as given on the command line */
	const char *name; /* for messages: the path as given ("-": stdin, as in JSON) */
	hako_collection *collection;
} input_file;

/* Read a whole file ("-": stdin) into a malloc'd, NUL-terminated buffer.
 * Prints "hako: PATH: reason" and returns -1 on failure. */
int input_read(const char *path, char **text, size_t *length);

/* A command's text argument that may be "-" for standard input (a LURD, a
 * move list): a malloc'd copy of the argument, or all of stdin. Prints
 * why and returns -1 on failure. */
int input_argument(const char *command, const char *arg, char **text);

/* Read and parse a collection. On failure prints the error (the parse
 * error as NAME:LINE:COLUMN: message) and returns EXIT_INPUT; else 0. */
int input_load(input_file *file, const char *path);
void input_free(input_file *file);

/* Format "NAME:LINE:COLUMN: message" (or fewer parts when 0) into out. */
#define INPUT_ERROR_TEXT 1200
void input_format_error(const char *name, const hako_error *err, char *out, size_t size);
/* Print "NAME:LINE:COLUMN: message" (or fewer parts when 0) to stderr. */
void input_print_error(const char *name, const hako_error *err);

#endif
