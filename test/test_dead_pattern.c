/* test_dead_pattern.c — learned deadlock patterns: a corral proof learned
 * on one position matches later positions holding its boxes (more boxes
 * elsewhere allowed), and never one where a pattern box is missing, the
 * player stands in the corral or a box stands in it; the store's
 * replacement when full; and a sweep over every position of tiny boards
 * with one warm checker, each "dead" judged by the exhaustive tiny_solver. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "dead_corral.h"
#include "dead_pattern.h"
#include "deadlock.h"
#include "memory.h"
#include "testboard.h"
#include "tiny_solver.h"

#define BUDGET 100000u

typedef struct fixture {
	tb_position t;
	memory mem;
	deadlock_checker *c;
	deadlock_position p;
} fixture;

static void open_fixture(fixture *f, const char *xsb)
{
	memset(f, 0, sizeof *f);
	tb_open(&f->t, xsb);
	f->mem.limit = (size_t)1 << 30;
	f->c = deadlock_checker_new(&f->t.b, &f->mem, DEADLOCK_USE_CORRAL);
	assert_non_null(f->c);
	f->p.b = &f->t.b;
	f->p.occupied = f->t.occupied;
	f->p.boxes = f->t.boxes;
	f->p.player = f->t.b.start_player;
}

static void close_fixture(fixture *f)
{
	deadlock_checker_free(f->c);
	assert_int_equal(f->mem.used, 0);
	tb_close(&f->t);
}

/* Put the boxes on the (x, y) pairs of `xy` and the player on (px, py). */
static void place(fixture *f, const int *xy, int px, int py)
{
	const board *b = &f->t.b;
	memset(f->t.occupied, 0, (size_t)b->square_count);
	for (int i = 0; i < b->box_count; i++) {
		f->t.boxes[i] = (uint16_t)tb_square(b, xy[2 * i], xy[2 * i + 1]);
		f->t.occupied[f->t.boxes[i]] = 1;
	}
	tb_sort_boxes(f->t.boxes, b->box_count);
	f->p.player = tb_square(b, px, py);
}

static deadlock_kind check(fixture *f)
{
	f->t.proof.kind = DEADLOCK_NONE;
	f->t.proof.count = 0;
	return deadlock_check(f->c, &f->p, SQUARE_NONE, BUDGET, &f->t.proof);
}

static dead_pattern_stats stats(const fixture *f)
{
	dead_pattern_stats s;
	deadlock_get_pattern_stats(f->c, &s);
	return s;
}

static unsigned pushes_to_solve(fixture *f)
{
	tiny_solver o;
	tiny_solver_open(&o, &f->t.b);
	unsigned pushes = tiny_solver_pushes(&o, f->t.boxes, f->p.player);
	tiny_solver_close(&o);
	return pushes;
}

/* The lower room's two door boxes can each only be pushed one square down,
 * where it blocks its own door, and the player never gets in to push them
 * sideways onto the goals: a dead corral, whatever the third box does
 * (testboard.c's board with two doors between rooms). */
#define DOORS (tb_sweep_boards[4])

static void learned_pattern_matches_with_other_boxes_elsewhere(void **state)
{
	(void)state;
	fixture f;
	open_fixture(&f, DOORS);
	assert_int_equal(pushes_to_solve(&f), TINY_UNSOLVABLE);
	assert_int_equal(check(&f), DEADLOCK_CORRAL);
	assert_int_equal(stats(&f).added, 1);
	assert_int_equal(stats(&f).hits, 0);
	/* The third box elsewhere, the player elsewhere: found by the
	 * pattern, and the proof is the two door boxes. */
	place(&f, (const int[]){2, 3, 4, 3, 2, 2}, 6, 1);
	assert_int_equal(pushes_to_solve(&f), TINY_UNSOLVABLE);
	assert_int_equal(check(&f), DEADLOCK_CORRAL);
	assert_int_equal(stats(&f).hits, 1);
	assert_int_equal(f.t.proof.kind, DEADLOCK_CORRAL);
	assert_int_equal(f.t.proof.count, 2);
	assert_true(tb_proof_has(&f.t, 2, 3) && tb_proof_has(&f.t, 4, 3));
	/* The way a search asks: the box just pushed is one of the keys (the
	 * player pushed (4,3) down from (4,2), where it now stands). */
	place(&f, (const int[]){2, 3, 4, 3, 6, 2}, 4, 2);
	assert_int_equal(deadlock_check(f.c, &f.p, tb_square(&f.t.b, 4, 3), BUDGET, &f.t.proof),
	                 DEADLOCK_CORRAL);
	assert_int_equal(stats(&f).hits, 2);
	assert_int_equal(stats(&f).added, 1);
	close_fixture(&f);
}

static void no_match_without_a_pattern_box(void **state)
{
	(void)state;
	fixture f;
	open_fixture(&f, DOORS);
	assert_int_equal(check(&f), DEADLOCK_CORRAL);
	/* The right door box back up at (4,2): the door is open, solvable. */
	place(&f, (const int[]){2, 3, 4, 2, 6, 2}, 1, 1);
	assert_int_not_equal(pushes_to_solve(&f), TINY_UNSOLVABLE);
	assert_int_equal(check(&f), DEADLOCK_NONE);
	assert_int_equal(stats(&f).hits, 0);
	close_fixture(&f);
}

static void no_match_with_the_player_in_the_corral(void **state)
{
	(void)state;
	fixture f;
	open_fixture(&f, DOORS);
	assert_int_equal(check(&f), DEADLOCK_CORRAL);
	/* The same boxes, the player inside the room: the proof says nothing
	 * about this position (its corral is the upper area), so no match. */
	place(&f, (const int[]){2, 3, 4, 3, 4, 2}, 3, 5);
	check(&f);
	assert_int_equal(stats(&f).hits, 0);
	/* Back outside: matched. */
	f.p.player = tb_square(&f.t.b, 1, 1);
	assert_int_equal(check(&f), DEADLOCK_CORRAL);
	assert_int_equal(stats(&f).hits, 1);
	close_fixture(&f);
}

static void no_match_with_a_box_in_the_corral(void **state)
{
	(void)state;
	/* dead_pattern.c's diagram: the corral's area, the goal right of the
	 * box on a goal, must be empty; with a box there the level is solved.
	 * (The other box stands on a dead square, so deadlock_check would say
	 * "simple" first: the corral detector and the store are asked here.) */
	tb_position t;
	tb_open(&t, "########\n"
	            "#@  $ ##\n"
	            "#  ##*.#\n"
	            "#  #####\n"
	            "########\n");
	memory mem = {0, 0, (size_t)1 << 30};
	dead_corral *d = dead_corral_new(&t.b, &mem, (size_t)1 << 16);
	dead_pattern *s = dead_pattern_new(&t.b, &mem, (size_t)1 << 16);
	assert_true(d && s);
	deadlock_position p = {&t.b, t.occupied, t.boxes, t.b.start_player};
	dead_pattern_spec spec;
	assert_false(dead_corral_pattern(d, &spec));
	assert_int_equal(dead_corral_check(d, &p, BUDGET, NULL), 1);
	assert_true(dead_corral_pattern(d, &spec));
	/* The box on the goal (frozen: a wall below, a wall on its left), the
	 * one goal square empty, nothing barred. */
	assert_int_equal(spec.box_count, 1);
	assert_int_equal(spec.key_count, 1);
	assert_int_equal(spec.boxes[0], tb_square(&t.b, 5, 2));
	assert_int_equal(spec.empty_count, 1);
	assert_int_equal(spec.empty[0], tb_square(&t.b, 6, 2));
	assert_int_equal(spec.barred_count, 0);
	dead_pattern_add(s, &spec);
	assert_true(dead_pattern_match(s, &p, SQUARE_NONE, NULL));
	/* The solved position: no match. */
	unsigned free_box = tb_square(&t.b, 4, 1), in_area = tb_square(&t.b, 6, 2);
	t.occupied[free_box] = 0;
	t.occupied[in_area] = 1;
	t.boxes[0] = (uint16_t)tb_square(&t.b, 5, 2);
	t.boxes[1] = (uint16_t)in_area;
	tb_sort_boxes(t.boxes, 2);
	tiny_solver o;
	tiny_solver_open(&o, &t.b);
	assert_int_equal(tiny_solver_pushes(&o, t.boxes, p.player), 0);
	tiny_solver_close(&o);
	assert_false(dead_pattern_match(s, &p, SQUARE_NONE, NULL));
	/* The player on the area's square: no match either. */
	t.occupied[in_area] = 0;
	t.occupied[free_box] = 1;
	t.boxes[0] = (uint16_t)free_box;
	t.boxes[1] = (uint16_t)tb_square(&t.b, 5, 2);
	tb_sort_boxes(t.boxes, 2);
	p.player = in_area;
	assert_false(dead_pattern_match(s, &p, SQUARE_NONE, NULL));
	p.player = t.b.start_player;
	assert_true(dead_pattern_match(s, &p, SQUARE_NONE, NULL));
	/* A check that finds nothing dead leaves no pattern behind. */
	assert_int_equal(dead_corral_check(d, &p, 0, NULL), 1); /* cached */
	assert_true(dead_corral_pattern(d, &spec));
	t.occupied[free_box] = 0;
	t.occupied[in_area] = 1;
	t.boxes[0] = (uint16_t)tb_square(&t.b, 5, 2);
	t.boxes[1] = (uint16_t)in_area;
	tb_sort_boxes(t.boxes, 2);
	assert_int_equal(dead_corral_check(d, &p, BUDGET, NULL), 0);
	assert_false(dead_corral_pattern(d, &spec));
	dead_pattern_free(s);
	dead_corral_free(d);
	assert_int_equal(mem.used, 0);
	tb_close(&t);
}

/* ---- the store on its own ---------------------------------------------------- */

/* An open room: 10 x 6 floor, two boxes. */
static const char *const open_room = "############\n"
                                     "#@         #\n"
                                     "#          #\n"
                                     "#   $  $   #\n"
                                     "#   .  .   #\n"
                                     "#          #\n"
                                     "#          #\n"
                                     "############\n";

/* A pattern of the box on `key` and the box on `other`, with `empty`
 * empty: arbitrary, only the store is tested here. */
static void add_pair(dead_pattern *s, unsigned key, unsigned other, unsigned empty)
{
	uint16_t boxes[2] = {(uint16_t)key, (uint16_t)other};
	uint16_t empty_squares[1] = {(uint16_t)empty};
	dead_pattern_spec spec = {boxes, 2, 1, empty_squares, 1, NULL, 0};
	dead_pattern_add(s, &spec);
}

static int matches_pair(dead_pattern *s, tb_position *t, unsigned a, unsigned b, unsigned player)
{
	memset(t->occupied, 0, (size_t)t->b.square_count);
	t->boxes[0] = (uint16_t)(a < b ? a : b);
	t->boxes[1] = (uint16_t)(a < b ? b : a);
	t->occupied[a] = t->occupied[b] = 1;
	deadlock_position p = {&t->b, t->occupied, t->boxes, player};
	return dead_pattern_match(s, &p, SQUARE_NONE, &t->proof);
}

static void store_replaces_the_oldest_when_full(void **state)
{
	(void)state;
	tb_position t;
	tb_open(&t, open_room);
	int n = t.b.square_count;
	assert_true(n >= 60);
	memory mem = {0, 0, (size_t)1 << 30};
	/* The smallest store: 1024 words, 7-word records. */
	dead_pattern *s = dead_pattern_new(&t.b, &mem, 0);
	assert_non_null(s);
	assert_true(mem.used > 2048);
	/* Patterns (k, k + 1) with k + 2 empty, the key cycling over the
	 * squares: 400 records, far more than the ring holds. */
	unsigned player = (unsigned)(n - 1);
	for (unsigned i = 0; i < 400; i++) {
		unsigned k = i % (unsigned)(n - 3);
		add_pair(s, k, (k + 1 + i / (unsigned)(n - 3)) % (unsigned)(n - 1), k + 2);
	}
	dead_pattern_stats st;
	dead_pattern_get_stats(s, &st);
	assert_int_equal(st.added, 400);
	/* The newest is found, the oldest is gone (its slot is dropped). */
	unsigned k = 399 % (unsigned)(n - 3);
	assert_true(
	    matches_pair(s, &t, k, (k + 1 + 399 / (unsigned)(n - 3)) % (unsigned)(n - 1), player));
	assert_int_equal(t.proof.kind, DEADLOCK_CORRAL);
	assert_int_equal(t.proof.count, 2);
	assert_false(matches_pair(s, &t, 0, 1, player));
	dead_pattern_get_stats(s, &st);
	assert_true(st.evicted > 0);
	/* The same pattern twice is stored once. */
	add_pair(s, 5, 9, 20);
	add_pair(s, 5, 9, 20);
	dead_pattern_get_stats(s, &st);
	assert_int_equal(st.added, 401);
	assert_int_equal(st.duplicates, 1);
	/* An empty square must be empty and not the player. */
	assert_true(matches_pair(s, &t, 5, 9, player));
	assert_false(matches_pair(s, &t, 5, 9, 20));
	assert_false(matches_pair(s, &t, 5, 20, player) && t.proof.count == 2 &&
	             t.proof.boxes[1] == 9);
	dead_pattern_free(s);
	assert_int_equal(mem.used, 0);

	/* One key square: a bucket keeps the newest 16 of 20 patterns. */
	s = dead_pattern_new(&t.b, &mem, (size_t)1 << 16);
	assert_non_null(s);
	for (unsigned i = 0; i < 20; i++)
		add_pair(s, 0, 1 + i, 30 + i);
	for (unsigned i = 0; i < 20; i++)
		assert_int_equal(matches_pair(s, &t, 0, 1 + i, player), i >= 4);
	dead_pattern_free(s);
	assert_int_equal(mem.used, 0);

	/* A barred square: not the player. */
	s = dead_pattern_new(&t.b, &mem, (size_t)1 << 16);
	assert_non_null(s);
	uint16_t boxes[1] = {3}, barred[2] = {10, 11};
	dead_pattern_spec spec = {boxes, 1, 1, NULL, 0, barred, 2};
	dead_pattern_add(s, &spec);
	assert_true(matches_pair(s, &t, 3, 40, player));
	assert_false(matches_pair(s, &t, 3, 40, 11));
	assert_false(matches_pair(s, &t, 3, 40, 10));
	assert_true(matches_pair(s, &t, 3, 40, 12));
	/* The pushed box decides which patterns are tried. */
	memset(t.occupied, 0, (size_t)n);
	t.boxes[0] = 3;
	t.boxes[1] = 40;
	t.occupied[3] = t.occupied[40] = 1;
	deadlock_position p = {&t.b, t.occupied, t.boxes, player};
	assert_true(dead_pattern_match(s, &p, 3, NULL));
	assert_false(dead_pattern_match(s, &p, 40, NULL));
	dead_pattern_free(s);
	/* Too small a budget: no store. */
	memory tight = {0, 0, 4096};
	assert_null(dead_pattern_new(&t.b, &tight, (size_t)1 << 20));
	assert_int_equal(tight.used, 0);
	assert_int_equal(mem.used, 0);
	tb_close(&t);
}

/* ---- every position of tiny boards, one warm checker ------------------------------ */

/* Two passes over every box placement and player region (the second with
 * patterns learned in the first); every "dead" must be unsolvable. Returns
 * the pattern hits. */
static uint64_t sweep_board(const char *xsb)
{
	fixture f;
	open_fixture(&f, xsb);
	tiny_solver o;
	tiny_solver_open(&o, &f.t.b);
	const board *b = &f.t.b;
	int n = b->square_count, k = b->box_count;
	uint8_t *region_done = calloc((size_t)n, 1);
	assert_non_null(region_done);
	for (int pass = 0; pass < 2; pass++) {
		uint16_t pick[TINY_MAX_BOXES] = {0, 1, 2, 3};
		do {
			memset(f.t.occupied, 0, (size_t)n);
			for (int i = 0; i < k; i++) {
				f.t.boxes[i] = pick[i];
				f.t.occupied[pick[i]] = 1;
			}
			memset(region_done, 0, (size_t)n);
			for (int player = 0; player < n; player++) {
				if (f.t.occupied[player] || region_done[player])
					continue;
				tiny_solver_flood(&o, f.t.occupied, (unsigned)player);
				for (int s = 0; s < n; s++)
					region_done[s] |= o.seen[s];
				/* Not the normalized square: the pattern must hold for
				 * wherever in its region the player stands. */
				f.p.player = (unsigned)player;
				unsigned pushes =
				    tiny_solver_pushes(&o, f.t.boxes, (unsigned)player);
				if (check(&f) != DEADLOCK_NONE) {
					if (pushes != TINY_UNSOLVABLE)
						print_error("false deadlock (%s), %u pushes to "
						            "solve, pass %d:\n%s",
						            deadlock_kind_names[f.t.proof.kind],
						            pushes, pass, xsb);
					assert_int_equal(pushes, TINY_UNSOLVABLE);
				}
			}
		} while (tb_next_subset(pick, k, n));
	}
	dead_pattern_stats st = stats(&f);
	print_message("%d squares, %d boxes: %llu patterns learned, %llu hits\n", n, k,
	              (unsigned long long)st.added, (unsigned long long)st.hits);
	free(region_done);
	tiny_solver_close(&o);
	close_fixture(&f);
	return st.hits;
}

static void sweep_tiny_boards(void **state)
{
	(void)state;
	uint64_t hits = 0;
	for (int i = 0; i < TB_SWEEP_BOARDS; i++)
		hits += sweep_board(tb_sweep_boards[i]);
	assert_true(hits > 0); /* not vacuous */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(learned_pattern_matches_with_other_boxes_elsewhere),
	    cmocka_unit_test(no_match_without_a_pattern_box),
	    cmocka_unit_test(no_match_with_the_player_in_the_corral),
	    cmocka_unit_test(no_match_with_a_box_in_the_corral),
	    cmocka_unit_test(store_replaces_the_oldest_when_full),
	    cmocka_unit_test(sweep_tiny_boards),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
