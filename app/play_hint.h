/* play_hint.h — the solver run in the background for `hako play`: a
 * pthread solving the current position under a time limit, cancelled
 * through the solver's progress callback. */
#ifndef HAKO_APP_PLAY_HINT_H
#define HAKO_APP_PLAY_HINT_H

#include <pthread.h>
#include <stdatomic.h>

#include "hako.h"

typedef enum hint_purpose {
	HINT_NEXT_PUSH, /* show the next push */
	HINT_SOLVE      /* play the whole solution back */
} hint_purpose;

typedef struct play_hint {
	pthread_t thread;
	int running;       /* a thread exists (main thread's view) */
	atomic_int cancel; /* set by the main thread */
	/* The same, read by the library itself as the search goes
	 * (hako_solver_options.cancel), so that a cancel takes effect at once
	 * even when one node of a large level takes seconds. */
	volatile int stop;
	atomic_int finished;  /* set by the worker when `result` is ready */
	hako_level *position; /* the worker's input, owned by this struct */
	hako_solve_result result;
	hako_status status;
	double time_limit;
	long change; /* the position it is for (play_state.change) */
	hint_purpose purpose;
} play_hint;

/* Start solving `position` (taken over, freed here). 0, or -1 when the
 * thread cannot start (position freed). */
int hint_start(play_hint *h, hako_level *position, double seconds, long change,
               hint_purpose purpose);
/* 1 when a run finished: the thread is joined and *result holds its
 * outcome (the caller clears it); 0 while it runs or when none runs. */
int hint_poll(play_hint *h, hako_solve_result *result, hako_status *status);
/* Stop a run (if any) and wait for it; its result is dropped. */
void hint_cancel(play_hint *h);

#endif
