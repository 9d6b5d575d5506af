/* play_progress.h — what `hako play` remembers per collection: the levels
 * solved and the best solutions (fewest moves, fewest pushes), in a file
 * under $XDG_DATA_HOME/hako/ written atomically; export as .sok and
 * import of LURD files. */
#ifndef HAKO_APP_PLAY_PROGRESS_H
#define HAKO_APP_PLAY_PROGRESS_H

#include <stddef.h>
#include <stdint.h>

#include "hako.h"

/* One best solution. */
typedef struct progress_best {
	long moves, pushes;
	char *lurd; /* NULL: none yet */
} progress_best;

typedef struct progress_level {
	uint64_t key;           /* hash of the board: survives reordering */
	progress_best by_moves; /* fewest moves, then pushes */
	progress_best by_pushes;
} progress_level;

typedef struct play_progress {
	char *path; /* the progress file; NULL when there is no place for it */
	size_t count;
	progress_level *levels; /* one per level of the collection */
	/* Lines of levels not in this collection (another file with the same
	 * name), written back unchanged. */
	char *foreign;
	size_t foreign_length;
} play_progress;

/* The folder for hako's data: $XDG_DATA_HOME/hako or ~/.local/share/hako
 * (malloc'd), or NULL when neither variable is usable. */
char *progress_data_dir(void);

/* Load the progress of the collection read from `collection_path`. Never
 * fails hard: a missing file is no progress, and a bad line or a solution
 * that no longer solves its level is skipped. */
int progress_load(play_progress *p, const char *collection_path, const hako_collection *c);
void progress_free(play_progress *p);
int progress_solved(const play_progress *p, size_t index);

/* Record a solution of level `index`; 1 when it is a new best (the file is
 * written then), 0 when not, -1 (with `error` filled) when writing failed. */
int progress_record(play_progress *p, size_t index, const char *lurd, long moves, long pushes,
                    char *error, size_t error_size);

/* Write the collection with its best solutions as .sok, atomically. 0, or
 * -1 with `error` filled. */
int progress_export(const play_progress *p, const hako_collection *c, const char *path, char *error,
                    size_t error_size);

/* Write `text` to `path` through a temporary file in the same folder and
 * a rename. 0, or -1 with `error` filled. */
int progress_write_atomic(const char *path, const char *text, size_t length, char *error,
                          size_t error_size);

#endif
