/* label_file.h — the output file of `hako label`: JSON lines, one a level,
 * appended whole, so that a run can be stopped and started again. */
#ifndef HAKO_APP_LABEL_FILE_H
#define HAKO_APP_LABEL_FILE_H

#include <stddef.h>

#include "batch.h"
#include "input.h"

/* Open (or create) `path` for appending, refuse it when it is one of the
 * input files, and lock it against a second hako label on the same file.
 * *fd is set (or -1); returns 0 or an exit code after a message. */
int label_file_open(const char *path, const char *const *files, int file_count, int *fd);

/* Read the output so far: drop a last line without its newline (a write
 * that was cut), and take out of items[0..*count) the levels that have a
 * line already (keyed by "file" as given and "level"), counting them in
 * *skipped. Returns 0, or an exit code after a message. */
int label_file_resume(int fd, const char *path, const input_file *inputs, batch_item *items,
                      size_t *count, long *skipped);

/* Append one line with a single write (looping only if the kernel takes
 * less); 0, or -1 with errno set. */
int label_file_append(int fd, const char *text, size_t length);

#endif
