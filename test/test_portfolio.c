/* test_portfolio.c — search_portfolio: one thread gives the same result
 * every run, two threads solve and the solution replays, an engine that
 * fails does not stop the others, a cancel from the progress callback stops
 * them all, and the stats are summed. Fake engines (below) make failures
 * and counts exact. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "search.h"
#include "testboard.h"

/* Microban 89 (David W. Skinner): a few thousand nodes in the fast mode. */
static const char microban_89[] = "##########\n"
                                  "#   ##   #\n"
                                  "# $  $@# #\n"
                                  "#### # $ #\n"
                                  "   #.#  ##\n"
                                  " # #.# $#\n"
                                  " # #.   #\n"
                                  " # #.   #\n"
                                  "   ######\n";

/* ---------------------------------------------------------- fake engines */

/* A fake counts `nodes` expansions a step and ends after `finish_after`
 * expansions (0: never) with `outcome`. */
typedef struct fake {
	uint64_t expanded, finish_after;
	hako_outcome outcome;
} fake;

static atomic_size_t fake_memory_seen; /* options->memory_limit at the last open */
static atomic_int fake_progress_seen;  /* an engine was handed a progress callback */
static atomic_int fake_open_count;

static void *fake_make(const hako_solver_options *o, uint64_t finish_after, hako_outcome outcome,
                       hako_status *status)
{
	atomic_store(&fake_memory_seen, o->memory_limit);
	if (o->progress)
		atomic_store(&fake_progress_seen, 1);
	atomic_fetch_add(&fake_open_count, 1);
	fake *f = calloc(1, sizeof *f);
	*status = f ? HAKO_OK : HAKO_ERR_NOMEM;
	if (f) {
		f->finish_after = finish_after;
		f->outcome = outcome;
	}
	return f;
}

static void *open_memout(const board *b, const hako_solver_options *o, hako_status *status)
{
	(void)b;
	return fake_make(o, 10, HAKO_MEMOUT, status);
}

static void *open_endless(const board *b, const hako_solver_options *o, hako_status *status)
{
	(void)b;
	return fake_make(o, 0, HAKO_TIMEOUT, status);
}

static void *open_timeout(const board *b, const hako_solver_options *o, hako_status *status)
{
	(void)b;
	return fake_make(o, 1000, HAKO_TIMEOUT, status);
}

static void *open_refused(const board *b, const hako_solver_options *o, hako_status *status)
{
	(void)b;
	(void)o;
	*status = HAKO_ERR_NOMEM;
	return NULL;
}

static void fake_stats(const void *self, hako_stats *out)
{
	const fake *f = self;
	memset(out, 0, sizeof *out);
	out->expanded = f->expanded;
	out->generated = 3 * f->expanded;
	out->pruned = 1;
	out->peak_bytes = 1000;
}

static int fake_step(void *self, uint64_t nodes, search_result *result)
{
	fake *f = self;
	f->expanded += nodes;
	if (f->finish_after == 0 || f->expanded < f->finish_after)
		return 0;
	f->expanded = f->finish_after;
	memset(result, 0, sizeof *result);
	result->outcome = f->outcome;
	fake_stats(f, &result->stats);
	return 1;
}

static void fake_close(void *self)
{
	free(self);
}

static const search_engine fake_memout = {"memout", open_memout, fake_step, fake_stats, fake_close,
                                          NULL,     0,           0,         0};
static const search_engine fake_endless = {
    "endless", open_endless, fake_step, fake_stats, fake_close, NULL, 0, 0, 0};
static const search_engine fake_timeout = {
    "timeout", open_timeout, fake_step, fake_stats, fake_close, NULL, 0, 0, 0};
static const search_engine fake_refused = {
    "refused", open_refused, fake_step, fake_stats, fake_close, NULL, 0, 0, 0};

/* ---------------------------------------------------------------- helpers */

static hako_solver_options fast_options(void)
{
	hako_solver_options o;
	hako_solver_options_init(&o);
	o.optimal = HAKO_OPTIMAL_NONE;
	o.time_limit = 0;
	o.memory_limit = (size_t)64 << 20;
	return o;
}

/* Play the pushes on the board's start; every box must end on a goal. */
static void assert_pushes_solve(const board *b, const search_result *r)
{
	assert_int_equal(r->outcome, HAKO_SOLVED);
	uint8_t *box = calloc((size_t)b->square_count + 1, 1);
	assert_non_null(box);
	for (int i = 0; i < b->box_count; i++)
		box[b->start_boxes[i]] = 1;
	for (size_t k = 0; k < r->push_count; k++) {
		unsigned from = r->pushes[k].from;
		unsigned to = board_next(b, from, r->pushes[k].dir);
		assert_true(box[from]);
		assert_true(to != SQUARE_NONE && !box[to]);
		box[from] = 0;
		box[to] = 1;
	}
	for (int i = 0; i < b->box_count; i++)
		assert_true(box[b->goals[i]]);
	free(box);
}

/* Late and light: opened after 500 expansions of the others, a ninth of
 * the memory (weight 1 against 8). */
static const search_engine fake_late = {"late", open_memout, fake_step, fake_stats, fake_close,
                                        NULL,   1,           500,       0};
static const search_engine fake_later = {"later", open_memout, fake_step, fake_stats, fake_close,
                                         NULL,    1,           1000000,   0};

/* Slow: a millisecond a step, 200 steps, then a timeout. */
static int sleepy_step(void *self, uint64_t nodes, search_result *result)
{
	thrd_sleep(&(struct timespec){.tv_sec = 0, .tv_nsec = 1000000}, NULL);
	return fake_step(self, nodes, result);
}

static void *open_sleepy(const board *b, const hako_solver_options *o, hako_status *status)
{
	(void)b;
	return fake_make(o, 200 * 256, HAKO_TIMEOUT, status);
}

static const search_engine fake_sleepy = {
    "sleepy", open_sleepy, sleepy_step, fake_stats, fake_close, NULL, 0, 0, 0};

/* Late by the clock: opened once the portfolio has run 50 ms, or 1,000 s;
 * when it opens is kept (search_now). */
static _Atomic double clocked_opened_at;

static void *open_clocked(const board *b, const hako_solver_options *o, hako_status *status)
{
	atomic_store(&clocked_opened_at, search_now());
	return open_memout(b, o, status);
}

static const search_engine fake_clocked = {
    "clocked", open_clocked, fake_step, fake_stats, fake_close, NULL, 0, 0, 0.05};
static const search_engine fake_clocked_late = {
    "clocked-late", open_clocked, fake_step, fake_stats, fake_close, NULL, 0, 0, 1000.0};

/* ------------------------------------------------------------------ tests */

static void one_thread_is_reproducible(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, microban_89);
	hako_solver_options o = fast_options();
	const search_engine *engines[] = {&fake_endless, &search_engine_astar};
	search_result first, second;
	assert_int_equal(search_portfolio(&p.b, &o, engines, 2, 1, &first), HAKO_OK);
	assert_int_equal(search_portfolio(&p.b, &o, engines, 2, 1, &second), HAKO_OK);
	assert_pushes_solve(&p.b, &first);
	assert_int_equal(first.push_count, second.push_count);
	tu_assert_pushes_equal(first.pushes, second.pushes, first.push_count);
	assert_int_equal(first.stats.expanded, second.stats.expanded);
	assert_int_equal(first.stats.generated, second.stats.generated);
	search_result_free(&first);
	search_result_free(&second);
	tb_close(&p);

	/* Through hako_solve with threads = 1: the same LURD every run. */
	hako_level *level = tu_level(microban_89);
	hako_solve_result a, c;
	o.threads = 1;
	assert_int_equal(hako_solve(level, &o, &a), HAKO_OK);
	assert_int_equal(hako_solve(level, &o, &c), HAKO_OK);
	assert_int_equal(a.outcome, HAKO_SOLVED);
	assert_string_equal(a.solution, c.solution);
	assert_int_equal(a.stats.expanded, c.stats.expanded);
	hako_solve_result_clear(&a);
	hako_solve_result_clear(&c);
	hako_level_free(level);
}

/* One engine alone in the portfolio does exactly what it does alone. */
static void one_engine_is_the_engine(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, microban_89);
	hako_solver_options o = fast_options();
	const search_engine *engines[] = {&search_engine_astar};
	search_result alone, portfolio;
	assert_int_equal(search_astar(&p.b, &o, &alone), HAKO_OK);
	assert_int_equal(search_portfolio(&p.b, &o, engines, 1, 1, &portfolio), HAKO_OK);
	assert_int_equal(alone.outcome, HAKO_SOLVED);
	assert_int_equal(portfolio.outcome, HAKO_SOLVED);
	assert_int_equal(alone.push_count, portfolio.push_count);
	tu_assert_pushes_equal(alone.pushes, portfolio.pushes, alone.push_count);
	assert_int_equal(alone.stats.expanded, portfolio.stats.expanded);
	assert_int_equal(alone.stats.generated, portfolio.stats.generated);
	search_result_free(&alone);
	search_result_free(&portfolio);
	tb_close(&p);
}

static void two_threads_solve(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, microban_89);
	hako_solver_options o = fast_options();
	const search_engine *engines[] = {&fake_endless, &search_engine_astar};
	search_result r;
	/* The endless engine runs in the calling thread: the astar thread's
	 * win must stop it. */
	assert_int_equal(search_portfolio(&p.b, &o, engines, 2, 2, &r), HAKO_OK);
	assert_pushes_solve(&p.b, &r);
	/* The result names the engine that won, and no meeting. */
	assert_non_null(r.engine);
	assert_string_equal(r.engine, "astar");
	assert_int_equal(r.met, 0);
	search_result_free(&r);
	tb_close(&p);

	hako_level *level = tu_level(microban_89);
	hako_solve_result s;
	o.threads = 2;
	assert_int_equal(hako_solve(level, &o, &s), HAKO_OK);
	assert_int_equal(s.outcome, HAKO_SOLVED);
	hako_replay replay;
	assert_int_equal(hako_replay_lurd(level, s.solution, &replay), HAKO_OK);
	assert_true(replay.solved);
	assert_int_equal(replay.pushes, s.pushes);
	/* One of the fast mode's engines, by name. */
	assert_non_null(s.engine);
	assert_true(strcmp(s.engine, "fess") == 0 || strcmp(s.engine, "bidir") == 0 ||
	            strcmp(s.engine, "order") == 0 || strcmp(s.engine, "bidir-newest") == 0 ||
	            strcmp(s.engine, "bidir-hf") == 0 || strcmp(s.engine, "fess-plain") == 0);
	hako_solve_result_clear(&s);
	hako_level_free(level);
}

static void failing_engine_does_not_stop_the_others(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, microban_89);
	hako_solver_options o = fast_options();
	const search_engine *engines[] = {&fake_memout, &fake_refused, &search_engine_astar};
	for (int threads = 1; threads <= 3; threads++) {
		search_result r;
		assert_int_equal(search_portfolio(&p.b, &o, engines, 3, threads, &r), HAKO_OK);
		assert_pushes_solve(&p.b, &r);
		search_result_free(&r);
	}
	/* Only failures: the most telling limit is reported. */
	const search_engine *failing[] = {&fake_memout, &fake_timeout, &fake_refused};
	for (int threads = 1; threads <= 2; threads++) {
		search_result r;
		assert_int_equal(search_portfolio(&p.b, &o, failing, 3, threads, &r), HAKO_OK);
		assert_int_equal(r.outcome, HAKO_TIMEOUT);
		assert_null(r.pushes);
		search_result_free(&r);
	}
	tb_close(&p);
}

typedef struct cancel_state {
	int calls, cancel_at;
	int wrong_thread;
	thrd_t caller;
	uint64_t last_expanded;
	int went_backwards;
} cancel_state;

static int cancel_later(void *user, const hako_stats *stats)
{
	cancel_state *c = user;
	if (!thrd_equal(thrd_current(), c->caller))
		c->wrong_thread = 1;
	if (stats->expanded < c->last_expanded)
		c->went_backwards = 1;
	c->last_expanded = stats->expanded;
	return ++c->calls >= c->cancel_at;
}

static void cancel_stops_everything(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, microban_89);
	const search_engine *engines[] = {&fake_endless, &fake_endless, &fake_endless};
	for (int threads = 1; threads <= 3; threads++) {
		hako_solver_options o = fast_options();
		cancel_state c = {0, 3, 0, thrd_current(), 0, 0};
		o.progress = cancel_later;
		o.progress_user = &c;
		o.progress_interval = 1000;
		atomic_store(&fake_progress_seen, 0);
		search_result r;
		assert_int_equal(search_portfolio(&p.b, &o, engines, 3, threads, &r), HAKO_OK);
		assert_int_equal(r.outcome, HAKO_CANCELLED);
		assert_int_equal(c.calls, 3);
		assert_false(c.wrong_thread);
		assert_false(c.went_backwards);
		assert_false(atomic_load(&fake_progress_seen));
		search_result_free(&r);
	}
	tb_close(&p);
}

static void stats_are_summed(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, microban_89);
	hako_solver_options o = fast_options();
	o.memory_limit = (size_t)90 << 20;
	const search_engine *engines[] = {&fake_timeout, &fake_timeout, &fake_memout};
	for (int threads = 1; threads <= 3; threads++) {
		atomic_store(&fake_open_count, 0);
		search_result r;
		assert_int_equal(search_portfolio(&p.b, &o, engines, 3, threads, &r), HAKO_OK);
		assert_int_equal(r.outcome, HAKO_TIMEOUT);
		assert_int_equal(atomic_load(&fake_open_count), 3);
		/* Each fake ends at its own count: 1000 + 1000 + 10. */
		assert_int_equal(r.stats.expanded, 2010);
		assert_int_equal(r.stats.generated, 3 * 2010);
		assert_int_equal(r.stats.pruned, 3);
		assert_int_equal(r.stats.peak_bytes, 3000);
		/* The memory budget is shared out equally. */
		assert_int_equal(atomic_load(&fake_memory_seen), o.memory_limit / 3);
		search_result_free(&r);
	}
	tb_close(&p);
}

/* A node limit holds for the engines together, not for each: with 1 to 3
 * threads, engines that never finish stop at exactly the limit (not a
 * multiple of a slice), and a late engine is never opened once it is
 * spent. */
static void node_limit_is_for_all_engines(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, microban_89);
	hako_solver_options o = fast_options();
	o.node_limit = 1007;
	const search_engine *engines[] = {&fake_endless, &fake_endless, &fake_endless};
	for (int threads = 1; threads <= 3; threads++) {
		atomic_store(&fake_open_count, 0);
		search_result r;
		assert_int_equal(search_portfolio(&p.b, &o, engines, 3, threads, &r), HAKO_OK);
		assert_int_equal(r.outcome, HAKO_NODE_LIMIT);
		assert_int_equal(r.stats.expanded, 1007);
		assert_int_equal(atomic_load(&fake_open_count), 3);
		search_result_free(&r);
	}
	/* The late engine would open after 1,000,000: spent before, never. */
	const search_engine *with_late[] = {&fake_endless, &fake_later};
	atomic_store(&fake_open_count, 0);
	search_result r;
	assert_int_equal(search_portfolio(&p.b, &o, with_late, 2, 1, &r), HAKO_OK);
	assert_int_equal(r.outcome, HAKO_NODE_LIMIT);
	assert_int_equal(r.stats.expanded, 1007);
	assert_int_equal(atomic_load(&fake_open_count), 1);
	search_result_free(&r);
	tb_close(&p);
}

/* An engine with start_after opens once the others have expanded that
 * many states, or once its thread has nothing else to run, and never when
 * another engine solves the level first; memory_weight sets its share;
 * under a 16 MiB budget it is left out. */
static void late_engines_open_late(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, microban_89);
	hako_solver_options o = fast_options();
	search_result r;
	/* The other runs 1,000 expansions: the late one opens at 512. */
	const search_engine *two[] = {&fake_timeout, &fake_late};
	atomic_store(&fake_open_count, 0);
	assert_int_equal(search_portfolio(&p.b, &o, two, 2, 1, &r), HAKO_OK);
	assert_int_equal(atomic_load(&fake_open_count), 2);
	assert_int_equal(atomic_load(&fake_memory_seen), o.memory_limit / 9);
	assert_int_equal(r.stats.expanded, 1000 + 10);
	search_result_free(&r);
	/* Alone, or after the others ended early: opened all the same. */
	const search_engine *after_memout[] = {&fake_memout, &fake_late};
	atomic_store(&fake_open_count, 0);
	assert_int_equal(search_portfolio(&p.b, &o, after_memout, 2, 1, &r), HAKO_OK);
	assert_int_equal(atomic_load(&fake_open_count), 2);
	assert_int_equal(r.outcome, HAKO_MEMOUT);
	search_result_free(&r);
	/* Under 16 MiB it is left out: the budget goes whole to the other. */
	o.memory_limit = (size_t)8 << 20;
	atomic_store(&fake_open_count, 0);
	assert_int_equal(search_portfolio(&p.b, &o, two, 2, 1, &r), HAKO_OK);
	assert_int_equal(atomic_load(&fake_open_count), 1);
	assert_int_equal(r.stats.expanded, 1000);
	search_result_free(&r);
	/* Unless every engine is late: then they all run. */
	const search_engine *late_only[] = {&fake_late};
	atomic_store(&fake_open_count, 0);
	assert_int_equal(search_portfolio(&p.b, &o, late_only, 1, 1, &r), HAKO_OK);
	assert_int_equal(atomic_load(&fake_open_count), 1);
	search_result_free(&r);
	o = fast_options();
	/* A level solved before a million expansions never opens it; with
	 * two threads the third engine shares the second thread. */
	const search_engine *solved[] = {&search_engine_astar, &fake_endless, &fake_later};
	for (int threads = 1; threads <= 2; threads++) {
		atomic_store(&fake_open_count, 0);
		assert_int_equal(search_portfolio(&p.b, &o, solved, 3, threads, &r), HAKO_OK);
		assert_pushes_solve(&p.b, &r);
		if (threads == 1)
			assert_int_equal(atomic_load(&fake_open_count), 1);
		search_result_free(&r);
	}
	tb_close(&p);
}

/* An engine with start_seconds opens once the portfolio has run that long
 * (never sooner), or once its thread has nothing else to run; a time limit
 * no longer than its seconds leaves it out. */
static void clock_engines_open_by_the_clock(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, microban_89);
	hako_solver_options o = fast_options();
	search_result r;
	/* The other runs some 200 ms in the same thread: opened, 50 ms after
	 * the start or later. */
	const search_engine *two[] = {&fake_sleepy, &fake_clocked};
	atomic_store(&fake_open_count, 0);
	atomic_store(&clocked_opened_at, 0.0);
	double start = search_now();
	assert_int_equal(search_portfolio(&p.b, &o, two, 2, 1, &r), HAKO_OK);
	assert_int_equal(atomic_load(&fake_open_count), 2);
	assert_true(atomic_load(&clocked_opened_at) - start >= 0.05);
	search_result_free(&r);
	/* A time limit of 50 ms or less: left out. */
	o.time_limit = 0.05;
	atomic_store(&fake_open_count, 0);
	assert_int_equal(search_portfolio(&p.b, &o, two, 2, 1, &r), HAKO_OK);
	assert_int_equal(atomic_load(&fake_open_count), 1);
	search_result_free(&r);
	/* After the others ended early it opens at once, not after 1,000 s. */
	o = fast_options();
	const search_engine *after_memout[] = {&fake_memout, &fake_clocked_late};
	atomic_store(&fake_open_count, 0);
	assert_int_equal(search_portfolio(&p.b, &o, after_memout, 2, 1, &r), HAKO_OK);
	assert_int_equal(atomic_load(&fake_open_count), 2);
	assert_int_equal(r.outcome, HAKO_MEMOUT);
	search_result_free(&r);
	tb_close(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(one_thread_is_reproducible),
	    cmocka_unit_test(one_engine_is_the_engine),
	    cmocka_unit_test(two_threads_solve),
	    cmocka_unit_test(failing_engine_does_not_stop_the_others),
	    cmocka_unit_test(cancel_stops_everything),
	    cmocka_unit_test(stats_are_summed),
	    cmocka_unit_test(node_limit_is_for_all_engines),
	    cmocka_unit_test(late_engines_open_late),
	    cmocka_unit_test(clock_engines_open_by_the_clock),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
