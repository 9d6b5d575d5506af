/* play_hint.c — one background solver thread at a time for `hako play`.
 * The library has no globals and the worker owns its level, so the only
 * shared data are two atomic flags and the result, which the main thread
 * reads only after `finished` is set (release/acquire). */
#include "play_hint.h"

#include <string.h>

/* Progress callback: nonzero cancels the search. */
static int hint_progress(void *user, const hako_stats *stats)
{
	(void)stats;
	play_hint *h = user;
	return atomic_load(&h->cancel);
}

static void *hint_worker(void *argument)
{
	play_hint *h = argument;
	hako_solver_options options;
	hako_solver_options_init(&options);
	options.optimal = HAKO_OPTIMAL_NONE;
	options.time_limit = h->time_limit;
	options.memory_limit = (size_t)256 << 20;
	options.progress = hint_progress;
	options.progress_user = h;
	options.progress_interval = 512;
	options.cancel = &h->stop;
	h->status = hako_solve(h->position, &options, &h->result);
	atomic_store_explicit(&h->finished, 1, memory_order_release);
	return NULL;
}

int hint_start(play_hint *h, hako_level *position, double seconds, long change,
               hint_purpose purpose)
{
	hint_cancel(h);
	memset(&h->result, 0, sizeof h->result);
	h->position = position;
	h->time_limit = seconds;
	h->change = change;
	h->purpose = purpose;
	h->status = HAKO_OK;
	atomic_store(&h->cancel, 0);
	h->stop = 0;
	atomic_store(&h->finished, 0);
	if (pthread_create(&h->thread, NULL, hint_worker, h) != 0) {
		hako_level_free(position);
		h->position = NULL;
		return -1;
	}
	h->running = 1;
	return 0;
}

static void hint_join(play_hint *h)
{
	pthread_join(h->thread, NULL);
	h->running = 0;
	hako_level_free(h->position);
	h->position = NULL;
}

int hint_poll(play_hint *h, hako_solve_result *result, hako_status *status)
{
	if (!h->running || !atomic_load_explicit(&h->finished, memory_order_acquire))
		return 0;
	hint_join(h);
	*result = h->result;
	*status = h->status;
	memset(&h->result, 0, sizeof h->result);
	return 1;
}

void hint_cancel(play_hint *h)
{
	if (!h->running)
		return;
	atomic_store(&h->cancel, 1);
	h->stop = 1;
	hint_join(h);
	hako_solve_result_clear(&h->result);
}
