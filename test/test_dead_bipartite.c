/* test_dead_bipartite.c — bipartite deadlocks: no perfect matching of boxes
 * to goals they can reach; frozen boxes as walls and keepers of their goal. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "deadlock.h"
#include "testutil.h"

typedef struct fixture {
	hako_level *level;
	board b;
	memory mem;
	dead_bipartite *d;
	uint8_t *occupied, *frozen;
	uint16_t proof_boxes[16];
} fixture;

static void open_fixture(fixture *f, const char *xsb)
{
	memset(f, 0, sizeof *f);
	f->level = tu_level(xsb);
	assert_int_equal(board_build(f->level, &f->b), HAKO_OK);
	f->mem.limit = (size_t)1 << 24;
	f->d = dead_bipartite_new(&f->b, &f->mem);
	assert_non_null(f->d);
	f->occupied = calloc((size_t)f->b.square_count, 1);
	f->frozen = calloc((size_t)f->b.square_count, 1);
	for (int i = 0; i < f->b.box_count; i++)
		f->occupied[f->b.start_boxes[i]] = 1;
}

static void close_fixture(fixture *f)
{
	dead_bipartite_free(f->d);
	assert_int_equal(f->mem.used, 0);
	free(f->occupied);
	free(f->frozen);
	board_free(&f->b);
	hako_level_free(f->level);
}

static int check(fixture *f, const uint8_t *frozen, deadlock_proof *proof)
{
	deadlock_position p = {&f->b, f->occupied, f->b.start_boxes, f->b.start_player};
	proof->boxes = f->proof_boxes;
	return dead_bipartite_check(f->d, &p, frozen, proof);
}

static unsigned sq(const fixture *f, int x, int y)
{
	return (unsigned)f->b.grid_to_square[y * f->b.width + x];
}

static void two_boxes_one_reachable_goal(void **state)
{
	(void)state;
	fixture f;
	open_fixture(&f, "#######\n"
	                 "#. $$ #\n"
	                 "#     #\n"
	                 "#  .@ #\n"
	                 "#######\n");
	deadlock_proof proof;
	assert_true(check(&f, NULL, &proof));
	assert_int_equal(proof.kind, DEADLOCK_BIPARTITE);
	/* Both boxes compete for the one goal they can reach. */
	assert_int_equal(proof.count, 2);
	close_fixture(&f);
}

static void solvable_has_matching(void **state)
{
	(void)state;
	fixture f;
	open_fixture(&f, "#######\n"
	                 "#.    #\n"
	                 "# $$  #\n"
	                 "#  .@ #\n"
	                 "#######\n");
	deadlock_proof proof;
	assert_false(check(&f, NULL, &proof));
	close_fixture(&f);
}

static void frozen_box_walls_off_a_goal(void **state)
{
	(void)state;
	/* Goal (1,1) can only be filled by a push left from (2,1). Statically
	 * both boxes can reach both goals; once the box on (2,1) is declared
	 * frozen (handed in by hand here), it keeps goal (2,1) and walls off
	 * goal (1,1) from the other box: no matching. */
	fixture f;
	open_fixture(&f, "#######\n"
	                 "#.*   #\n"
	                 "##    #\n"
	                 "## $  #\n"
	                 "##@   #\n"
	                 "#######\n");
	deadlock_proof proof;
	assert_false(check(&f, NULL, &proof));
	f.frozen[sq(&f, 2, 1)] = 1;
	assert_true(check(&f, f.frozen, &proof));
	assert_int_equal(proof.kind, DEADLOCK_BIPARTITE);
	assert_int_equal(proof.count, 1);
	assert_int_equal(proof.boxes[0], sq(&f, 3, 3));
	close_fixture(&f);
}

/* The tables of reachability with frozen walls are kept for a few frozen
 * sets at once. Handing in 48 sets in a scrambled order, again and again
 * (more sets than entries, so entries are shared and replaced), one
 * long-lived detector gives every time the verdict and proof of a fresh
 * detector that made its table for that set alone. */
static void frozen_tables_kept_per_set(void **state)
{
	(void)state;
	fixture f;
	open_fixture(&f, "#########\n"
	                 "#.  $  .#\n"
	                 "#.$ # $.#\n"
	                 "#. $@$ .#\n"
	                 "# $ # $ #\n"
	                 "#.  $  .#\n"
	                 "#########\n");
	int n = f.b.box_count;
	assert_int_equal(n, 8);
	enum { SETS = 48 };
	uint8_t *sets = calloc((size_t)SETS * (size_t)f.b.square_count, 1);
	unsigned seed = 12345;
	for (int k = 0; k < SETS; k++)
		for (int i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			if ((seed >> 16) % 3 == 0)
				sets[(size_t)k * (size_t)f.b.square_count + f.b.start_boxes[i]] = 1;
		}
	int dead = 0, alive = 0;
	for (int round = 0; round < 2000; round++) {
		seed = seed * 1103515245u + 12345u;
		const uint8_t *frozen =
		    sets + (size_t)((seed >> 16) % SETS) * (size_t)f.b.square_count;
		deadlock_proof proof, fresh_proof;
		uint16_t fresh_boxes[16];
		int verdict = check(&f, frozen, &proof);
		dead_bipartite *fresh = dead_bipartite_new(&f.b, &f.mem);
		assert_non_null(fresh);
		deadlock_position p = {&f.b, f.occupied, f.b.start_boxes, f.b.start_player};
		fresh_proof.boxes = fresh_boxes;
		assert_int_equal(dead_bipartite_check(fresh, &p, frozen, &fresh_proof), verdict);
		dead_bipartite_free(fresh);
		if (verdict) {
			dead++;
			assert_int_equal(proof.count, fresh_proof.count);
			assert_memory_equal(proof.boxes, fresh_proof.boxes,
			                    sizeof(uint16_t) * (size_t)proof.count);
		} else {
			alive++;
		}
	}
	/* Not vacuous: both verdicts occur. */
	assert_true(dead > 0 && alive > 0);
	free(sets);
	close_fixture(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(two_boxes_one_reachable_goal),
	    cmocka_unit_test(solvable_has_matching),
	    cmocka_unit_test(frozen_box_walls_off_a_goal),
	    cmocka_unit_test(frozen_tables_kept_per_set),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
