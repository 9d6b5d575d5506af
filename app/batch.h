/* batch.h — running the selected levels of a run (hako solve, hako
 * label): which levels (-l, --shard), and solving them one after another
 * or several side by side, always reported in input order. */
#ifndef HAKO_APP_BATCH_H
#define HAKO_APP_BATCH_H

#include <signal.h>
#include <stddef.h>

#include "input.h"
#include "options.h"

/* --shard K/N: keep the K-th, (K+N)-th, ... selected level (1 <= K <= N);
 * {1, 1} keeps all. */
typedef struct shard_spec {
	long index, count;
} shard_spec;

/* Parse "K/N"; a usage error (printed) returns -1. */
int shard_parse(const char *verb, const char *text, shard_spec *shard);

/* One level of the run: the input file (index) and its 1-based number. */
typedef struct batch_item {
	int file;
	long number;
} batch_item;

/* The levels a run solves, in input order: every file's levels that
 * `levels` contains, numbered 1, 2, ... across the files, of which the
 * shard keeps every N-th from the K-th. malloc'd into *items (free());
 * -1 when out of memory. */
int batch_select(const input_file *inputs, int file_count, const level_spec *levels,
                 const shard_spec *shard, batch_item **items, size_t *count);

/* How many levels go side by side with `jobs` threads: 1 (the levels one
 * after another, each search given the threads) unless the run has at
 * least two levels per thread and nearly all of them (9 in 10) are small
 * (at most BATCH_SMALL_BOXES boxes on at most BATCH_SMALL_AREA squares,
 * Boxoban's 10x10 with 4 boxes and most of Microban). There a level's
 * search is over in milliseconds and running levels side by side is
 * faster than splitting one level between threads; a large level keeps
 * the threads and the whole memory budget for itself. */
#define BATCH_SMALL_BOXES 6
#define BATCH_SMALL_AREA 256
int batch_workers(long jobs, const input_file *inputs, const batch_item *items, size_t count);

/* Keep the memory freed after a level for the next one (glibc: blocks
 * under 32 MiB from the heap, no trim of the heap top under 64 MiB) instead of handing it back to
 * the kernel and taking page faults to get it again: with many small levels that cost as much as
 * their search. Nothing elsewhere. */
void batch_keep_memory(void);

/* Solve item `index` (on any thread; only its own data). */
typedef void (*batch_solve_fn)(void *user, size_t index);
/* Report item `index`, on the calling thread, in input order. */
typedef void (*batch_done_fn)(void *user, size_t index);

/* Solve items 0..count-1 with `workers` threads (1: in this thread) and
 * report each, in order, as soon as it and those before it are done.
 * Once *stop is set no new item starts; the ones started are finished
 * (the solve function's cancel callback should read *stop too) and
 * reported. Returns the number of items reported. */
size_t batch_run(size_t count, int workers, volatile sig_atomic_t *stop, batch_solve_fn solve,
                 batch_done_fn done, void *user);

#endif
