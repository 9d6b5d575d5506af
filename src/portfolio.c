/* portfolio.c — several searches on one level, the first to finish wins.
 *
 * The engines (search.h) run in slices of PORTFOLIO_SLICE expansions.
 * With one thread they take turns round robin in the calling thread, so
 * the same input gives the same result every time (unless a time limit
 * ends it, or the run lasts long enough to open an engine by the clock,
 * below). With more, the first engines run one to a thread and the rest
 * share the last of `threads` threads — the calling thread runs the first
 * group itself — and each thread interleaves its own group the same way.
 * An engine that says so is opened late: once the others have expanded
 * start_after states, or once the portfolio has run start_seconds of wall
 * time (left out when the time limit is no longer), or when its thread has
 * nothing else left. Under a budget of PORTFOLIO_LATE_LEAST a late engine
 * is left out, so that a small budget goes whole to the first engines (a
 * 2-box level at -M 3 is solved). An
 * engine that solves the level or proves it unsolvable raises the stop
 * flag; one that times out or runs out of memory just leaves its turn to
 * the others. A node limit is for all the engines together: each slice
 * takes its expansions from one shared budget first (nodes_take).
 *
 * When two engines or more can meet (search_engine.share), they share one
 * meeting table (perimeter.h): an eighth of the memory budget, the rest
 * split between the engines by their memory_weight (no table under 128
 * MiB). The table is made
 * only once the engines have expanded PORTFOLIO_MEETING_AFTER states, by
 * the calling thread between two slices, and each engine is handed it
 * before its next slice: a small level, solved before that, never pays
 * for tens of MiB it would not use (Boxoban: 1000 levels a file).
 *
 * Only the calling thread calls options->progress, with the stats each
 * engine published after its last slice, summed. C11 <threads.h> and
 * <stdatomic.h> are in glibc's libc (2.34+), so libhako stays libc only. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>
#include <time.h>

#include "perimeter.h"
#include "search.h"

/* Expansions per turn: about a millisecond of A*, short enough that a stop
 * or a cancel is seen at once, long enough that turns cost nothing. */
#define PORTFOLIO_SLICE 256
/* How often the calling thread looks at the others when it has no engine
 * of its own left to run. */
#define PORTFOLIO_POLL_NS 10000000L
/* The least meeting table worth making (bytes): an eighth of 128 MiB. */
#define PORTFOLIO_MEETING_LEAST ((size_t)16 << 20)
/* Engines that open late take part only from this budget up. */
#define PORTFOLIO_LATE_LEAST ((size_t)16 << 20)
/* Expansions of all engines together before the meeting table is made. */
#define PORTFOLIO_MEETING_AFTER 16384u

typedef struct slot {
	const search_engine *engine;
	void *self;                  /* NULL before open and after close */
	hako_solver_options options; /* this engine's: its memory share, no progress */
	search_result result;        /* filled when done */
	hako_status open_status;     /* an error open returned, else HAKO_OK */
	int done;                    /* under the lock */
	int shared;                  /* handed the meeting table (its thread's) */
	hako_stats published;        /* under the lock: after the last slice */
} slot;

typedef struct portfolio {
	slot *slots;
	int count;
	int groups; /* engine i runs in group min(i, groups - 1) */
	const hako_solver_options *options;
	atomic_int stop;
	atomic_int winner; /* the slot that solved or proved, -1 while none */
	mtx_t lock;
	cnd_t finished; /* a worker thread ended */
	int running;    /* worker threads not yet ended, under the lock */
	int cancelled;  /* the calling thread's alone */
	uint64_t next_report;
	double started;
	/* With a node limit: expansions not yet handed out. Each slice takes
	 * its share first and gives back what it did not use, so the engines
	 * together never expand more than the limit (each engine alone also
	 * keeps to it, options.node_limit). */
	atomic_uint_fast64_t nodes_left;
	atomic_uint_fast64_t nodes_out; /* taken by slices still running */
	size_t meet_budget;             /* bytes kept for the meeting table; 0: none */
	atomic_int meet_ready;          /* 1 once the calling thread made the table */
	perimeter meet;
} portfolio;

static hako_stats portfolio_sum(portfolio *p)
{
	hako_stats sum;
	memset(&sum, 0, sizeof sum);
	mtx_lock(&p->lock);
	for (int i = 0; i < p->count; i++) {
		const hako_stats *s = &p->slots[i].published;
		sum.expanded += s->expanded;
		sum.generated += s->generated;
		sum.reopened += s->reopened;
		sum.pruned += s->pruned;
		sum.peak_bytes += s->peak_bytes;
		sum.dropped += s->dropped;
	}
	mtx_unlock(&p->lock);
	sum.peak_bytes += p->meet.bytes; /* the meeting table, once made */
	sum.seconds = search_now() - p->started;
	return sum;
}

/* The calling thread only: progress every progress_interval expansions of
 * all engines together; a nonzero answer stops them all. */
static void portfolio_report(portfolio *p)
{
	const hako_solver_options *o = p->options;
	if (!o->progress || p->cancelled)
		return;
	hako_stats sum = portfolio_sum(p);
	if (sum.expanded < p->next_report)
		return;
	uint64_t interval = o->progress_interval; /* normalized by hako_solve */
	p->next_report = (sum.expanded / interval + 1) * interval;
	if (o->progress(o->progress_user, &sum)) {
		p->cancelled = 1;
		atomic_store(&p->stop, 1);
	}
}

static void slot_open(portfolio *p, slot *s, const board *b)
{
	hako_status st = HAKO_OK;
	/* One deadline for all: an engine opened after another's set-up gets
	 * what is left of the time (never 0, which would mean none). */
	if (p->options->time_limit > 0) {
		double left = p->options->time_limit - (search_now() - p->started);
		s->options.time_limit = left > 1e-6 ? left : 1e-6;
	}
	s->self = s->engine->open(b, &s->options, &st);
	if (s->self)
		return;
	/* No memory even to start is this engine's memout; anything else
	 * is an error the portfolio reports if no engine gets anywhere. */
	if (st == HAKO_ERR_NOMEM)
		s->result.outcome = HAKO_MEMOUT;
	else
		s->open_status = st != HAKO_OK ? st : HAKO_ERR_ARGUMENT;
	mtx_lock(&p->lock);
	s->done = 1;
	mtx_unlock(&p->lock);
}

/* The calling thread, between slices: make the meeting table once the
 * engines have done enough work to need it. */
static void meeting_make(portfolio *p)
{
	if (!p->meet_budget || atomic_load(&p->meet_ready) ||
	    portfolio_sum(p).expanded < PORTFOLIO_MEETING_AFTER)
		return;
	/* No table is no loss of soundness: the engines only search alone. */
	if (perimeter_init(&p->meet, p->meet_budget) == HAKO_OK)
		atomic_store(&p->meet_ready, 1);
	else
		p->meet_budget = 0;
}

/* Up to PORTFOLIO_SLICE expansions from the node limit's budget (all of
 * them without a limit); 0 when none is left now. */
static uint64_t nodes_take(portfolio *p)
{
	if (!p->options->node_limit)
		return PORTFOLIO_SLICE;
	uint_fast64_t left = atomic_load(&p->nodes_left), take;
	do
		take = left < PORTFOLIO_SLICE ? left : PORTFOLIO_SLICE;
	while (take > 0 && !atomic_compare_exchange_weak(&p->nodes_left, &left, left - take));
	if (take > 0)
		atomic_fetch_add(&p->nodes_out, take);
	return take;
}

/* The node limit is reached: nothing left, and no slice still holding
 * some that it may give back. A slice gives back before it stops
 * holding, so reading what is held first and what is left second can
 * never miss what came back. */
static int nodes_spent(portfolio *p)
{
	return p->options->node_limit && atomic_load(&p->nodes_out) == 0 &&
	       atomic_load(&p->nodes_left) == 0;
}

/* After a slice that took `take` and expanded `used`. */
static void nodes_give_back(portfolio *p, uint64_t take, uint64_t used)
{
	if (!p->options->node_limit)
		return;
	if (used < take)
		atomic_fetch_add(&p->nodes_left, take - used);
	atomic_fetch_sub(&p->nodes_out, take);
}

/* The engine on slot s ends at the node limit without another step. */
static void slot_spent(portfolio *p, slot *s)
{
	memset(&s->result, 0, sizeof s->result);
	s->result.outcome = HAKO_NODE_LIMIT;
	mtx_lock(&p->lock);
	s->done = 1;
	mtx_unlock(&p->lock);
}

/* One slice of one engine (handed the meeting table first, once there is
 * one); publishes its stats. */
static void slot_step(portfolio *p, int index)
{
	slot *s = &p->slots[index];
	uint64_t take = nodes_take(p);
	if (take == 0) {
		if (nodes_spent(p))
			slot_spent(p, s);
		return; /* else another thread's slice may give some back */
	}
	if (!s->shared && s->engine->share && atomic_load(&p->meet_ready)) {
		s->engine->share(s->self, &p->meet);
		s->shared = 1;
	}
	hako_stats before;
	s->engine->stats(s->self, &before);
	int finished = s->engine->step(s->self, take, &s->result);
	hako_stats now;
	s->engine->stats(s->self, &now);
	nodes_give_back(p, take, now.expanded - before.expanded);
	mtx_lock(&p->lock);
	s->published = now;
	s->done = finished;
	mtx_unlock(&p->lock);
	if (finished &&
	    (s->result.outcome == HAKO_SOLVED || s->result.outcome == HAKO_UNSOLVABLE)) {
		int none = -1;
		atomic_compare_exchange_strong(&p->winner, &none, index);
		atomic_store(&p->stop, 1);
	}
}

/* The first engines run one to a group, the rest share the last: with two
 * threads FESS keeps one to itself. */
static int group_of(const portfolio *p, int engine)
{
	return engine < p->groups ? engine : p->groups - 1;
}

/* An engine that waits for the others (start_after or start_seconds). */
static int engine_late(const search_engine *e)
{
	return e->start_after > 0 || e->start_seconds > 0;
}

static int slot_waiting(const slot *s)
{
	return !s->self && !s->done && engine_late(s->engine);
}

/* A small budget leaves the late engines out, and a time limit an engine
 * that would open only once it is up. */
static int engine_kept(const search_engine *e, const hako_solver_options *o)
{
	if (engine_late(e) && o->memory_limit > 0 && o->memory_limit < PORTFOLIO_LATE_LEAST)
		return 0;
	return e->start_seconds <= 0 || o->time_limit <= 0 || o->time_limit > e->start_seconds;
}

/* The others have done what it waits for. */
static int slot_due(portfolio *p, const slot *s, uint64_t expanded)
{
	const search_engine *e = s->engine;
	if (e->start_seconds > 0)
		return search_now() - p->started >= e->start_seconds;
	return expanded >= e->start_after;
}

/* Open the group's engines that wait for the others once those have done
 * enough, or once nothing else of the group is left to run. */
static void open_waiting(portfolio *p, int group, const board *b)
{
	int waiting = 0, running = 0;
	for (int i = group; i < p->count; i++)
		if (group_of(p, i) == group) {
			waiting += slot_waiting(&p->slots[i]);
			running += p->slots[i].self && !p->slots[i].done;
		}
	if (!waiting)
		return;
	uint64_t expanded = portfolio_sum(p).expanded;
	int spent = nodes_spent(p);
	for (int i = group; i < p->count && !atomic_load(&p->stop); i++)
		if (group_of(p, i) == group && slot_waiting(&p->slots[i]) &&
		    (running == 0 || slot_due(p, &p->slots[i], expanded))) {
			if (spent)
				slot_spent(p, &p->slots[i]); /* no set-up for nothing */
			else
				slot_open(p, &p->slots[i], b);
		}
}

/* Run the engines of one group in turns until each has finished or the
 * stop flag is up; `report`: this is the calling thread. */
static void group_run(portfolio *p, int group, const board *b, int report)
{
	for (int i = group; i < p->count && !atomic_load(&p->stop); i++)
		if (group_of(p, i) == group && !engine_late(p->slots[i].engine))
			slot_open(p, &p->slots[i], b);
	for (int active = 1; active && !atomic_load(&p->stop);) {
		open_waiting(p, group, b);
		active = 0;
		for (int i = group; i < p->count && !atomic_load(&p->stop); i++) {
			if (group_of(p, i) != group || !p->slots[i].self || p->slots[i].done)
				continue;
			active = 1;
			slot_step(p, i);
			if (report) {
				portfolio_report(p);
				meeting_make(p);
			}
		}
	}
	for (int i = group; i < p->count; i++) {
		if (group_of(p, i) != group)
			continue;
		if (p->slots[i].self)
			p->slots[i].engine->close(p->slots[i].self);
		p->slots[i].self = NULL;
	}
}

typedef struct worker {
	portfolio *p;
	const board *b;
	int group;
	int started; /* its thread was created */
	thrd_t thread;
} worker;

static int worker_main(void *argument)
{
	worker *w = argument;
	group_run(w->p, w->group, w->b, 0);
	mtx_lock(&w->p->lock);
	w->p->running--;
	cnd_signal(&w->p->finished);
	mtx_unlock(&w->p->lock);
	return 0;
}

/* The calling thread, its own engines done: report progress until every
 * worker thread has ended. */
static void wait_for_workers(portfolio *p)
{
	mtx_lock(&p->lock);
	while (p->running > 0) {
		struct timespec until;
		timespec_get(&until, TIME_UTC);
		until.tv_nsec += PORTFOLIO_POLL_NS;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		cnd_timedwait(&p->finished, &p->lock, &until);
		mtx_unlock(&p->lock);
		portfolio_report(p);
		mtx_lock(&p->lock);
	}
	mtx_unlock(&p->lock);
}

/* No winner: the limit that ended the search, the most telling first. */
static hako_outcome portfolio_outcome(const portfolio *p, hako_status *status)
{
	static const hako_outcome order[] = {HAKO_CANCELLED, HAKO_TIMEOUT, HAKO_MEMOUT,
	                                     HAKO_NODE_LIMIT};
	if (p->cancelled)
		return HAKO_CANCELLED;
	for (size_t k = 0; k < sizeof order / sizeof order[0]; k++)
		for (int i = 0; i < p->count; i++)
			if (p->slots[i].open_status == HAKO_OK && p->slots[i].done &&
			    p->slots[i].result.outcome == order[k])
				return order[k];
	/* No engine could even start on this level. */
	for (int i = 0; i < p->count; i++)
		if (p->slots[i].open_status != HAKO_OK)
			*status = p->slots[i].open_status;
	return HAKO_MEMOUT;
}

static size_t engine_weight(const search_engine *e)
{
	return e->memory_weight ? e->memory_weight : SEARCH_MEMORY_WEIGHT;
}

static hako_status portfolio_init(portfolio *p, const hako_solver_options *o,
                                  const search_engine *const *engines, int engine_count,
                                  int threads)
{
	memset(p, 0, sizeof *p);
	p->slots = calloc((size_t)engine_count, sizeof *p->slots);
	if (!p->slots)
		return HAKO_ERR_NOMEM;
	if (mtx_init(&p->lock, mtx_plain) != thrd_success) {
		free(p->slots);
		return HAKO_ERR_NOMEM;
	}
	if (cnd_init(&p->finished) != thrd_success) {
		mtx_destroy(&p->lock);
		free(p->slots);
		return HAKO_ERR_NOMEM;
	}
	p->count = engine_count;
	p->groups = threads <= 1 ? 1 : threads < engine_count ? threads : engine_count;
	p->options = o;
	atomic_init(&p->stop, 0);
	atomic_init(&p->winner, -1);
	atomic_init(&p->nodes_left, o->node_limit);
	atomic_init(&p->nodes_out, 0);
	p->started = search_now();
	uint64_t interval = o->progress_interval; /* normalized by hako_solve */
	p->next_report = interval;
	size_t budget = o->memory_limit;
	int sharing = 0;
	for (int i = 0; i < engine_count; i++)
		sharing += engines[i]->share != NULL;
	/* Small budgets (under 128 MiB) keep all their memory for the
	 * engines' own tables. */
	atomic_init(&p->meet_ready, 0);
	if (sharing >= 2 && budget / 8 >= PORTFOLIO_MEETING_LEAST) {
		p->meet_budget = budget / 8;
		budget -= p->meet_budget;
	}
	size_t weights = 0;
	for (int i = 0; i < engine_count; i++)
		weights += engine_weight(engines[i]);
	for (int i = 0; i < engine_count; i++) {
		slot *s = &p->slots[i];
		s->engine = engines[i];
		s->options = *o;
		s->options.memory_limit = budget / weights * engine_weight(engines[i]);
		s->options.progress = NULL;
		s->options.progress_user = NULL;
		s->options.threads = 1;
	}
	return HAKO_OK;
}

hako_status search_portfolio(const board *b, const hako_solver_options *options,
                             const search_engine *const *engines, int engine_count, int threads,
                             search_result *result)
{
	memset(result, 0, sizeof *result);
	if (!b || !options || !engines || engine_count < 1)
		return HAKO_ERR_ARGUMENT;
	/* Unless every engine is left out (engine_kept), they all run. */
	const search_engine **kept = malloc(sizeof *kept * (size_t)engine_count);
	if (!kept)
		return HAKO_ERR_NOMEM;
	int count = 0;
	for (int i = 0; i < engine_count; i++)
		if (engine_kept(engines[i], options))
			kept[count++] = engines[i];
	if (count == 0)
		for (; count < engine_count; count++)
			kept[count] = engines[count];
	portfolio p;
	hako_status st = portfolio_init(&p, options, kept, count, threads);
	free(kept);
	if (st != HAKO_OK)
		return st;
	worker *workers = calloc((size_t)p.groups, sizeof *workers);
	if (!workers)
		p.groups = 1; /* no room to remember threads: run them all here */
	for (int g = 1; g < p.groups; g++) {
		workers[g].p = &p;
		workers[g].b = b;
		workers[g].group = g;
		mtx_lock(&p.lock);
		p.running++;
		mtx_unlock(&p.lock);
		if (thrd_create(&workers[g].thread, worker_main, &workers[g]) == thrd_success) {
			workers[g].started = 1;
		} else {
			mtx_lock(&p.lock);
			p.running--;
			mtx_unlock(&p.lock);
		}
	}
	group_run(&p, 0, b, 1);
	/* A group whose thread could not be created runs here, after ours. */
	for (int g = 1; g < p.groups; g++)
		if (!workers[g].started)
			group_run(&p, g, b, 1);
	wait_for_workers(&p);
	for (int g = 1; g < p.groups; g++)
		if (workers[g].started)
			thrd_join(workers[g].thread, NULL);
	free(workers);

	int winner = atomic_load(&p.winner);
	hako_stats sum = portfolio_sum(&p);
	for (int i = 0; i < p.count; i++) {
		if (i == winner) {
			*result = p.slots[i].result;
			result->engine = p.slots[i].engine->name;
		} else
			search_result_free(&p.slots[i].result);
	}
	if (winner < 0)
		result->outcome = portfolio_outcome(&p, &st);
	result->stats = sum;
	cnd_destroy(&p.finished);
	mtx_destroy(&p.lock);
	free(p.slots);
	perimeter_free(&p.meet);
	return st;
}
