/* solution.h — LURD text helpers shared inside libhako (the public replay
 * and expansion live in hako.h): size limits and run-length writing.
 * (.sok Solution blocks are wrapped by level.c's writer.) Owned by
 * solution.c. */
#ifndef HAKO_SOLUTION_H
#define HAKO_SOLUTION_H

#include "hako.h"

/* Limits on LURD text, so that a short malicious text cannot ask for
 * unbounded time or memory: a single run-length count may be at most
 * SOLUTION_MAX_COUNT, the whole text may expand to at most
 * SOLUTION_MAX_STEPS steps, and groups may nest SOLUTION_MAX_DEPTH deep.
 * Real solutions are far below all three (the longest known ones have a
 * few hundred thousand moves). Over a limit is HAKO_ERR_SOLUTION. */
#define SOLUTION_MAX_COUNT 10000000L
#define SOLUTION_MAX_STEPS 100000000L
#define SOLUTION_MAX_DEPTH 100

/* Run-length encode plain LURD: runs of two or more equal letters become
 * "<count><letter>" ("rrrU" -> "3rU"). Letters only; whitespace is dropped,
 * any other character is copied as it is. malloc'd; NULL when out of
 * memory. hako_lurd_expand() undoes it. */
char *solution_run_length(const char *lurd);

#endif
