/* batch.c — the levels of a run: selection (-l, --shard) and solving them
 * one after another or side by side on worker threads, reported in input
 * order by the calling thread.
 *
 * Why side by side: a small level (Boxoban's 10x10 with four boxes) is
 * solved in a millisecond or two, less than it takes to start a thread
 * for each search of the fast mode's portfolio, so with many small levels
 * the threads do more work each on a level of their own. */
#include "batch.h"

#include <stdlib.h>
#include <string.h>
#include <threads.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int shard_parse(const char *verb, const char *text, shard_spec *shard)
{
	char *end = NULL;
	long k = strtol(text, &end, 10), n = 0;
	int good = end != text && *end == '/';
	if (good) {
		const char *rest = end + 1;
		n = strtol(rest, &end, 10);
		good = end != rest && *end == '\0' && n >= 1 && n <= 1000000 && k >= 1 && k <= n;
	}
	if (!good) {
		opt_usage_error(
		    verb, "--shard: '%s' is not K/N with 1 <= K <= N (for example 3/10)", text);
		return -1;
	}
	shard->index = k;
	shard->count = n;
	return 0;
}

int batch_select(const input_file *inputs, int file_count, const level_spec *levels,
                 const shard_spec *shard, batch_item **items, size_t *count)
{
	size_t total = 0;
	for (int i = 0; i < file_count; i++)
		total += hako_collection_count(inputs[i].collection);
	*items = malloc((total ? total : 1) * sizeof **items);
	*count = 0;
	if (!*items)
		return -1;
	long k = shard && shard->count > 0 ? shard->index : 1;
	long n = shard && shard->count > 0 ? shard->count : 1;
	long selected = 0;
	for (int i = 0; i < file_count; i++) {
		long levels_in_file = (long)hako_collection_count(inputs[i].collection);
		for (long number = 1; number <= levels_in_file; number++) {
			if (!level_spec_contains(levels, number))
				continue;
			selected++;
			if ((selected - k) % n != 0 || selected < k)
				continue;
			(*items)[*count].file = i;
			(*items)[*count].number = number;
			(*count)++;
		}
	}
	return 0;
}

int batch_workers(long jobs, const input_file *inputs, const batch_item *items, size_t count)
{
	if (jobs <= 1 || count < 2 * (size_t)jobs)
		return 1;
	size_t small = 0;
	for (size_t i = 0; i < count; i++) {
		const hako_level *level = hako_collection_level(inputs[items[i].file].collection,
		                                                (size_t)(items[i].number - 1));
		small += hako_level_box_count(level) <= BATCH_SMALL_BOXES &&
		         hako_level_width(level) * hako_level_height(level) <= BATCH_SMALL_AREA;
	}
	return small * 10 >= count * 9 ? (int)jobs : 1;
}

void batch_keep_memory(void)
{
#if defined(__GLIBC__)
	mallopt(M_MMAP_THRESHOLD, 32 << 20); /* a level's tables from the heap, */
	mallopt(M_TRIM_THRESHOLD, 64 << 20); /* which keeps them for the next */
#endif
}

typedef struct batch {
	size_t count;
	size_t next;             /* the next item to start, under the lock */
	unsigned char *finished; /* count flags, under the lock */
	volatile sig_atomic_t *stop;
	batch_solve_fn solve;
	void *user;
	mtx_t lock;
	cnd_t changed; /* an item finished or a worker ended */
	int running;   /* worker threads not yet ended, under the lock */
} batch;

static int batch_worker(void *argument)
{
	batch *b = argument;
	mtx_lock(&b->lock);
	while (b->next < b->count && !*b->stop) {
		size_t index = b->next++;
		mtx_unlock(&b->lock);
		b->solve(b->user, index);
		mtx_lock(&b->lock);
		b->finished[index] = 1;
		cnd_broadcast(&b->changed);
	}
	b->running--;
	cnd_broadcast(&b->changed);
	mtx_unlock(&b->lock);
	return 0;
}

static size_t run_in_order(size_t count, volatile sig_atomic_t *stop, batch_solve_fn solve,
                           batch_done_fn done, void *user)
{
	size_t index = 0;
	for (; index < count && !*stop; index++) {
		solve(user, index);
		done(user, index);
	}
	return index;
}

size_t batch_run(size_t count, int workers, volatile sig_atomic_t *stop, batch_solve_fn solve,
                 batch_done_fn done, void *user)
{
	if (workers <= 1 || count < 2)
		return run_in_order(count, stop, solve, done, user);
	batch b;
	memset(&b, 0, sizeof b);
	b.count = count;
	b.stop = stop;
	b.solve = solve;
	b.user = user;
	b.finished = calloc(count, 1);
	thrd_t *threads = calloc((size_t)workers, sizeof *threads);
	if (!b.finished || !threads || mtx_init(&b.lock, mtx_plain) != thrd_success) {
		free(b.finished);
		free(threads);
		return run_in_order(count, stop, solve, done, user);
	}
	if (cnd_init(&b.changed) != thrd_success) {
		mtx_destroy(&b.lock);
		free(b.finished);
		free(threads);
		return run_in_order(count, stop, solve, done, user);
	}
	int started = 0;
	for (int w = 0; w < workers; w++) {
		mtx_lock(&b.lock);
		b.running++;
		mtx_unlock(&b.lock);
		if (thrd_create(&threads[started], batch_worker, &b) == thrd_success) {
			started++;
		} else {
			mtx_lock(&b.lock);
			b.running--;
			mtx_unlock(&b.lock);
		}
	}
	if (started == 0) {
		cnd_destroy(&b.changed);
		mtx_destroy(&b.lock);
		free(b.finished);
		free(threads);
		return run_in_order(count, stop, solve, done, user);
	}
	/* Report in order: item k once it and every item before it are done.
	 * Items start in order, so the ones started form a prefix; when the
	 * workers have ended, that prefix is all there is to report. */
	size_t reported = 0;
	mtx_lock(&b.lock);
	for (;;) {
		while (reported < count && b.finished[reported]) {
			mtx_unlock(&b.lock);
			done(user, reported++);
			mtx_lock(&b.lock);
		}
		if (reported == count || (b.running == 0 && !b.finished[reported]))
			break;
		cnd_wait(&b.changed, &b.lock);
	}
	mtx_unlock(&b.lock);
	for (int w = 0; w < started; w++)
		thrd_join(threads[w], NULL);
	cnd_destroy(&b.changed);
	mtx_destroy(&b.lock);
	free(b.finished);
	free(threads);
	return reported;
}
