/* test_perimeter.c — the meeting table (perimeter.h): depths only go down,
 * a full table takes nothing new, two threads writing at once lose
 * nothing, and the walk down the depths of an exact table is a shortest
 * solution that replays; with a table that lies (a key stored out of
 * nowhere) the walk gives up instead of inventing pushes; FESS handed such
 * a table finishes through it at once, and replays. Also the fast
 * mode's portfolio with its meeting table on a level, one thread, twice:
 * the same result, replayed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <threads.h>

#include "perimeter.h"
#include "testboard.h"
#include "tiny_solver.h"
#include "zobrist.h"

static void depths_only_go_down(void **state)
{
	(void)state;
	perimeter p;
	assert_int_equal(perimeter_init(&p, 1 << 20), HAKO_OK);
	assert_int_equal(perimeter_depth(&p, 42), PERIMETER_NONE);
	perimeter_add(&p, 42, 5);
	assert_int_equal(perimeter_depth(&p, 42), 5);
	perimeter_add(&p, 42, 7);
	assert_int_equal(perimeter_depth(&p, 42), 5);
	perimeter_add(&p, 42, 3);
	assert_int_equal(perimeter_depth(&p, 42), 3);
	perimeter_add(&p, 0, 9); /* key 0 is a key like any other */
	assert_int_equal(perimeter_depth(&p, 0), 9);
	/* Keys in the same slot chain stay apart. */
	perimeter_add(&p, 42 + (p.mask + 1), 11);
	assert_int_equal(perimeter_depth(&p, 42 + (p.mask + 1)), 11);
	assert_int_equal(perimeter_depth(&p, 42), 3);
	perimeter_free(&p);
	assert_int_equal(perimeter_init(&p, 100), HAKO_ERR_NOMEM); /* too small for any table */
}

static void full_table_takes_nothing_new(void **state)
{
	(void)state;
	perimeter p;
	assert_int_equal(perimeter_init(&p, 4096 * 12), HAKO_OK);
	size_t limit = p.limit;
	for (uint64_t k = 1; k <= 3 * limit; k++)
		perimeter_add(&p, k * 0x9E3779B97F4A7C15ull, (uint32_t)k);
	assert_int_equal(atomic_load(&p.count), limit);
	for (uint64_t k = 1; k <= limit; k++)
		assert_int_equal(perimeter_depth(&p, k * 0x9E3779B97F4A7C15ull), k);
	for (uint64_t k = limit + 1; k <= 3 * limit; k++)
		assert_int_equal(perimeter_depth(&p, k * 0x9E3779B97F4A7C15ull), PERIMETER_NONE);
	/* A stored key still takes a lower depth. */
	perimeter_add(&p, 0x9E3779B97F4A7C15ull, 0);
	assert_int_equal(perimeter_depth(&p, 0x9E3779B97F4A7C15ull), 0);
	perimeter_free(&p);
}

typedef struct writer {
	perimeter *p;
	uint32_t offset;
} writer;

#define SHARED_KEYS 20000u

static int write_keys(void *argument)
{
	writer *w = argument;
	for (uint32_t round = 0; round < 4; round++)
		for (uint32_t k = 0; k < SHARED_KEYS; k++)
			perimeter_add(w->p, (uint64_t)(k + 1) * 0xD1B54A32D192ED03ull,
			              k + w->offset + round);
	return 0;
}

static void two_threads_lose_nothing(void **state)
{
	(void)state;
	perimeter p;
	assert_int_equal(perimeter_init(&p, 1 << 22), HAKO_OK);
	writer a = {&p, 0}, b = {&p, 1};
	thrd_t ta, tb;
	assert_int_equal(thrd_create(&ta, write_keys, &a), thrd_success);
	assert_int_equal(thrd_create(&tb, write_keys, &b), thrd_success);
	thrd_join(ta, NULL);
	thrd_join(tb, NULL);
	assert_int_equal(atomic_load(&p.count), SHARED_KEYS);
	for (uint32_t k = 0; k < SHARED_KEYS; k++)
		assert_int_equal(perimeter_depth(&p, (uint64_t)(k + 1) * 0xD1B54A32D192ED03ull), k);
	perimeter_free(&p);
}

/* Two boxes in a small room: every state's exact pushes to solve (the
 * tiny solver) go into the table, as a backward search that had searched
 * everything would leave it. */
static const char two_boxes[] = "#######\n"
                                "#.  @ #\n"
                                "# $#$ #\n"
                                "#  .  #\n"
                                "#######\n";

static uint64_t key_of_position(const zobrist *z, tb_position *t, const uint16_t *boxes,
                                unsigned player, reach *r)
{
	const board *b = &t->b;
	uint8_t *occupied = calloc((size_t)b->square_count + 1, 1);
	for (int i = 0; i < b->box_count; i++)
		occupied[boxes[i]] = 1;
	uint16_t normal = reach_fill(r, b, occupied, player);
	free(occupied);
	return zobrist_boxes(z, boxes, b->box_count) ^ z->player[normal];
}

static void fill_exact(perimeter *p, tb_position *t, tiny_solver *o, const zobrist *z, reach *r)
{
	const board *b = &t->b;
	uint16_t pick[TINY_MAX_BOXES];
	for (int i = 0; i < b->box_count; i++)
		pick[i] = (uint16_t)i;
	do {
		for (int player = 0; player < b->square_count; player++) {
			int on_box = 0;
			for (int i = 0; i < b->box_count; i++)
				on_box |= pick[i] == player;
			if (on_box)
				continue;
			unsigned pushes = tiny_solver_pushes(o, pick, (unsigned)player);
			if (pushes != TINY_UNSOLVABLE)
				perimeter_add(p, key_of_position(z, t, pick, (unsigned)player, r),
				              pushes);
		}
	} while (tb_next_subset(pick, b->box_count, b->square_count));
}

/* The two-box room with its exact table, as both tests below use it. */
typedef struct exact {
	tb_position t;
	tiny_solver o;
	zobrist z;
	reach r;
	perimeter p;
} exact;

static void exact_open(exact *e)
{
	tb_open(&e->t, two_boxes);
	const board *b = &e->t.b;
	tiny_solver_open(&e->o, b);
	assert_int_equal(zobrist_init(&e->z, b->square_count), HAKO_OK);
	assert_int_equal(reach_init(&e->r, b->square_count), HAKO_OK);
	assert_int_equal(perimeter_init(&e->p, 1 << 20), HAKO_OK);
	fill_exact(&e->p, &e->t, &e->o, &e->z, &e->r);
}

static void exact_close(exact *e)
{
	perimeter_free(&e->p);
	reach_free(&e->r);
	zobrist_free(&e->z);
	tiny_solver_close(&e->o);
	tb_close(&e->t);
}

static void walk_down_an_exact_table(void **state)
{
	(void)state;
	exact e;
	exact_open(&e);
	const board *b = &e.t.b;

	unsigned optimum = tiny_solver_pushes(&e.o, e.t.boxes, b->start_player);
	assert_true(optimum > 0 && optimum != TINY_UNSOLVABLE);
	uint64_t start = key_of_position(&e.z, &e.t, e.t.boxes, b->start_player, &e.r);
	assert_int_equal(perimeter_depth(&e.p, start), optimum);
	perimeter_walk w;
	assert_int_equal(perimeter_walk_init(&w, b, &e.z), HAKO_OK);
	assert_true(perimeter_walk_down(&w, &e.p, e.t.boxes, b->start_player, optimum));
	assert_int_equal(w.count, optimum); /* each step one push down */
	char *lurd = tb_pushes_to_lurd(b, w.pushes, w.count);
	hako_replay replay;
	assert_int_equal(hako_replay_lurd(e.t.level, lurd, &replay), HAKO_OK);
	assert_true(replay.solved);
	assert_int_equal(replay.pushes, optimum);
	free(lurd);

	/* A lying table: the start stored one deeper than it is, alone. */
	perimeter lie;
	assert_int_equal(perimeter_init(&lie, 1 << 16), HAKO_OK);
	perimeter_add(&lie, start, optimum + 1);
	assert_false(perimeter_walk_down(&w, &lie, e.t.boxes, b->start_player, optimum + 1));
	perimeter_free(&lie);

	perimeter_walk_free(&w);
	exact_close(&e);
}

/* Microban 20 (David W. Skinner). */
static const char microban_20[] = "#######\n"
                                  "#     ###\n"
                                  "#  @$$..#\n"
                                  "#### ## #\n"
                                  "  #     #\n"
                                  "  #  ####\n"
                                  "  #  #\n"
                                  "  ####\n";

/* FESS on the two-box room, sharing `table`, its time unlimited. */
static void *fess_open_sharing(const board *b, perimeter *table)
{
	hako_solver_options options;
	hako_solver_options_init(&options);
	options.time_limit = 0;
	options.memory_limit = (size_t)64 << 20;
	hako_status st = HAKO_OK;
	void *fess = search_engine_fess.open(b, &options, &st);
	assert_non_null(fess);
	search_engine_fess.share(fess, table);
	return fess;
}

/* FESS's next step finishes through the table, after `expanded`
 * expansions in all, and the whole solution replays; FESS is closed. */
static void expect_met(exact *e, void *fess, uint64_t expanded)
{
	const board *b = &e->t.b;
	search_result result;
	assert_int_equal(search_engine_fess.step(fess, 1, &result), 1);
	assert_int_equal(result.outcome, HAKO_SOLVED);
	assert_int_equal(result.met, 1);
	hako_stats stats;
	search_engine_fess.stats(fess, &stats);
	assert_int_equal(stats.expanded, expanded);
	char *lurd = tb_pushes_to_lurd(b, result.pushes, result.push_count);
	hako_replay replay;
	assert_int_equal(hako_replay_lurd(e->t.level, lurd, &replay), HAKO_OK);
	assert_true(replay.solved);
	free(lurd);
	search_result_free(&result);
	search_engine_fess.close(fess);
}

/* FESS handed an exact table finishes at its first child that is not
 * solved already, through the walk, and the whole solution replays. */
static void fess_finishes_through_the_table(void **state)
{
	(void)state;
	exact e;
	exact_open(&e);
	expect_met(&e, fess_open_sharing(&e.t.b, &e.p), 1); /* at the first expansion */
	exact_close(&e);
}

/* The table fills only after FESS made its first children (a backward
 * search that reaches them later): once the table has grown past the
 * sweep's threshold (search_fess.c, SWEEP_LEAST: 65,536 states), FESS
 * probes its stored states again and finishes from one at its next step,
 * before any new expansion; the solution replays. */
static void fess_meets_a_table_that_grew(void **state)
{
	(void)state;
	exact e;
	exact_open(&e);
	perimeter grown;
	assert_int_equal(perimeter_init(&grown, (size_t)8 << 20), HAKO_OK);
	void *fess = fess_open_sharing(&e.t.b, &grown);
	search_result result;
	assert_int_equal(search_engine_fess.step(fess, 1, &result), 0); /* the empty table */

	/* The exact table, and keys of no position up to the threshold. */
	fill_exact(&grown, &e.t, &e.o, &e.z, &e.r);
	for (uint64_t k = 1; atomic_load(&grown.count) < 65536; k++)
		perimeter_add(&grown, k * 0x9E3779B97F4A7C15ull, 1000);
	expect_met(&e, fess, 1); /* no expansion since the first */
	perimeter_free(&grown);
	exact_close(&e);
}

static void portfolio_with_a_meeting_table(void **state)
{
	(void)state;
	tb_position t;
	tb_open(&t, microban_20);
	static const search_engine *const pair[] = {&search_engine_fess, &search_engine_bidir};
	hako_solver_options o;
	hako_solver_options_init(&o);
	o.time_limit = 0;
	o.memory_limit = (size_t)256 << 20; /* a meeting table from 128 MiB up */
	search_result first, second;
	assert_int_equal(search_portfolio(&t.b, &o, pair, 2, 1, &first), HAKO_OK);
	assert_int_equal(search_portfolio(&t.b, &o, pair, 2, 1, &second), HAKO_OK);
	assert_int_equal(first.outcome, HAKO_SOLVED);
	assert_int_equal(second.outcome, HAKO_SOLVED);
	assert_int_equal(first.push_count, second.push_count);
	tu_assert_pushes_equal(first.pushes, second.pushes, first.push_count);
	assert_int_equal(first.stats.expanded, second.stats.expanded);
	char *lurd = tb_pushes_to_lurd(&t.b, first.pushes, first.push_count);
	hako_replay replay;
	assert_int_equal(hako_replay_lurd(t.level, lurd, &replay), HAKO_OK);
	assert_true(replay.solved);
	free(lurd);
	search_result_free(&first);
	search_result_free(&second);
	tb_close(&t);
}

/* XSokoban 15 (Thinking Rabbit; 32 until the corral escape search made
 * it a third shorter, 21 until FESS's plan came from a backward search
 * and solved 21 in 3,479 expansions): the two engines on one thread expand more than
 * PORTFOLIO_MEETING_AFTER states, so the table is made mid-search and
 * handed to both engines between slices; on one thread twice the same, on
 * two threads solved too; every solution replays. */
static void portfolio_makes_the_table_mid_search(void **state)
{
	(void)state;
	tu_skip_without_shared();
	char path[1024];
	snprintf(path, sizeof path, "%s/XSokoban_90.xsb", tu_shared_levels());
	hako_collection *c = tu_collection(path);
	const hako_level *level = hako_collection_level(c, 14);
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	static const search_engine *const pair[] = {&search_engine_fess, &search_engine_bidir};
	hako_solver_options o;
	hako_solver_options_init(&o);
	o.time_limit = 0;
	o.memory_limit = (size_t)256 << 20;
	search_result runs[3];
	for (int k = 0; k < 3; k++) {
		assert_int_equal(search_portfolio(&b, &o, pair, 2, k < 2 ? 1 : 2, &runs[k]),
		                 HAKO_OK);
		assert_int_equal(runs[k].outcome, HAKO_SOLVED);
		char *lurd = tb_pushes_to_lurd(&b, runs[k].pushes, runs[k].push_count);
		hako_replay replay;
		assert_int_equal(hako_replay_lurd(level, lurd, &replay), HAKO_OK);
		assert_true(replay.solved);
		free(lurd);
	}
	assert_true(runs[0].stats.expanded > 16384);
	assert_int_equal(runs[0].stats.expanded, runs[1].stats.expanded);
	assert_int_equal(runs[0].push_count, runs[1].push_count);
	for (int k = 0; k < 3; k++)
		search_result_free(&runs[k]);
	board_free(&b);
	hako_collection_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(depths_only_go_down),
	    cmocka_unit_test(full_table_takes_nothing_new),
	    cmocka_unit_test(two_threads_lose_nothing),
	    cmocka_unit_test(walk_down_an_exact_table),
	    cmocka_unit_test(fess_finishes_through_the_table),
	    cmocka_unit_test(fess_meets_a_table_that_grew),
	    cmocka_unit_test(portfolio_with_a_meeting_table),
	    cmocka_unit_test(portfolio_makes_the_table_mid_search),
	};
	return tu_exit_code(cmocka_run_group_tests(tests, NULL, NULL));
}
