/* testutil.h — shared helpers for the cmocka test programs. */
#ifndef HAKO_TESTUTIL_H
#define HAKO_TESTUTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "hako.h"

/* Two solutions' pushes are the same, push for push (field by field: a
 * search_push has a padding byte that memcmp would compare). */
struct search_push;
void tu_assert_pushes_equal(const struct search_push *a, const struct search_push *b, size_t count);

/* Read a whole file; NULL if it cannot be read. Caller frees. */
char *tu_read_file(const char *path, size_t *length);

/* Directory of ../shared/levels (HAKO_SHARED_LEVELS in the environment
 * overrides it, to try a run without them), or NULL when it is absent
 * (tests that need it call tu_skip_without_shared()). */
const char *tu_shared_levels(void);
int tu_have_shared(void);
/* Set when a test was skipped; tu_exit_code then makes the program exit 77
 * (ctest: SKIP_RETURN_CODE), so a skip is never reported as a pass. */
extern int tu_skipped;
/* CI=true in the environment: tests that need ../shared/levels fail there
 * instead of skipping. */
int tu_in_ci(void);
#define tu_skip_without_shared()                                                                   \
	do {                                                                                       \
		if (!tu_have_shared()) {                                                           \
			if (tu_in_ci())                                                            \
				fail_msg(                                                          \
				    "../shared/levels not found (%s) and CI=true: a test that "    \
				    "needs it may not be skipped in CI",                           \
				    tu_shared_dir());                                              \
			print_message("skipped: ../shared/levels not found (%s)\n",                \
			              tu_shared_dir());                                            \
			tu_skipped = 1;                                                            \
			skip();                                                                    \
		}                                                                                  \
	} while (0)
/* Where ../shared/levels is looked for. */
const char *tu_shared_dir(void);
/* A test program's exit code from cmocka's count of failures: 77 when
 * none failed but a test was skipped. */
int tu_exit_code(int failures);

/* Parse one level from XSB text; fails the test if it is not playable. */
hako_level *tu_level(const char *xsb);
/* Load a collection from a path; fails the test on error. */
hako_collection *tu_collection(const char *path);

/* A level and a game on it. */
typedef struct tu_game {
	hako_level *level;
	hako_game *game;
} tu_game;
/* Parse the level and start a game; fails the test on error. */
void tu_game_open(tu_game *f, const char *xsb);
void tu_game_close(tu_game *f);
/* The player stands on (x, y). */
void tu_expect_player(const hako_game *game, int x, int y);

/* The solver's result is a solution: replayed independently
 * (hako_replay_lurd), it solves the level with the counts reported. */
void tu_assert_solved_and_replays(const hako_level *level, const hako_solve_result *r);

/* Split a TSV line in place into at most `max` fields; returns how many. */
int tu_split_tabs(char *line, char **fields, int max);

#endif
