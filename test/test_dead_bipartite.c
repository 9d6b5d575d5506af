/* test_dead_bipartite.c — bipartite deadlocks: no perfect matching of boxes
 * to goals they can reach; frozen boxes as walls and keepers of their goal. */
#include <stdio.h>
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

/* `level` has a matching with no frozen boxes; with the boxes on
 * `frozen` (x, y pairs, handed in by hand) frozen it has none, and the
 * proof names the box on (box_x, box_y) alone. */
static void expect_dead_once_frozen(const char *level, const int *frozen, int count, int box_x,
                                    int box_y)
{
	fixture f;
	open_fixture(&f, level);
	deadlock_proof proof;
	assert_false(check(&f, NULL, &proof));
	for (int i = 0; i < count; i++)
		f.frozen[sq(&f, frozen[2 * i], frozen[2 * i + 1])] = 1;
	assert_true(check(&f, f.frozen, &proof));
	assert_int_equal(proof.kind, DEADLOCK_BIPARTITE);
	assert_int_equal(proof.count, 1);
	assert_int_equal(proof.boxes[0], sq(&f, box_x, box_y));
	close_fixture(&f);
}

static void frozen_box_walls_off_a_goal(void **state)
{
	(void)state;
	/* Goal (1,1) can only be filled by a push left from (2,1). Statically
	 * both boxes can reach both goals; once the box on (2,1) is declared
	 * frozen, it keeps goal (2,1) and walls off goal (1,1) from the other
	 * box: no matching. */
	expect_dead_once_frozen("#######\n"
	                        "#.*   #\n"
	                        "##    #\n"
	                        "## $  #\n"
	                        "##@   #\n"
	                        "#######\n",
	                        (const int[]){2, 1}, 1, 3, 3);
}

static void frozen_boxes_shut_the_player_out(void **state)
{
	(void)state;
	/* Goal (4,3) can only be filled by the box on (2,2), pushed down to
	 * (2,3) and then right from (1,3). Statically the player gets to
	 * (1,3) round by (4,4) and the bottom row. With the boxes on (2,4)
	 * and (3,4) frozen, (1,3) can be reached only through (2,3) itself,
	 * where the box stands: a pull flood that ignores the player's side
	 * still lets the box reach the goal; the side-aware search does not
	 * (XSokoban 90's stall, in small). */
	expect_dead_once_frozen("########\n"
	                        "#    @ #\n"
	                        "##$### #\n"
	                        "#   .# #\n"
	                        "# **   #\n"
	                        "########\n",
	                        (const int[]){2, 4, 3, 4}, 2, 2, 2);
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

/* ---- against brute force ------------------------------------------------ */

static int goal_index(const board *b, unsigned square)
{
	for (int g = 0; g < b->box_count; g++)
		if (b->goals[g] == square)
			return g;
	return -1;
}

/* The goals a lone box on `from` can be pushed to, as bits, the frozen
 * boxes (NULL: none) walls. Without them, the board's distances; with
 * them, breadth first over (box square, player square) pairs, the player
 * starting on any free square: it steps to a free neighbour, or pushes
 * the box onto a free square beyond it. Free: no wall, no frozen box. */
static uint32_t lone_box_goals(const board *b, const uint8_t *frozen, unsigned from, uint8_t *seen,
                               uint32_t *queue)
{
	size_t n = (size_t)b->square_count;
	uint32_t goals = 0;
	if (!frozen) {
		for (int g = 0; g < b->box_count; g++)
			if (b->distance[(size_t)g * n + from] != DISTANCE_INFINITE)
				goals |= 1u << g;
		return goals;
	}
	if (frozen[from])
		return b->is_goal[from] ? 1u << goal_index(b, from) : 0;
	memset(seen, 0, n * n);
	size_t head = 0, tail = 0;
	for (size_t p = 0; p < n; p++)
		if (p != from && !frozen[p]) {
			seen[from * n + p] = 1;
			queue[tail++] = (uint32_t)(from * n + p);
		}
	while (head < tail) {
		unsigned box = queue[head] / (unsigned)n, player = queue[head] % (unsigned)n;
		head++;
		if (b->is_goal[box])
			goals |= 1u << goal_index(b, box);
		for (unsigned d = 0; d < 4; d++) {
			uint16_t step = board_next(b, player, d);
			if (step == SQUARE_NONE || frozen[step])
				continue;
			unsigned next_box = box, next_player = step;
			if (step == box) {
				uint16_t to = board_next(b, box, d);
				if (to == SQUARE_NONE || frozen[to])
					continue;
				next_box = to;
			}
			size_t state = (size_t)next_box * n + next_player;
			if (seen[state])
				continue;
			seen[state] = 1;
			queue[tail++] = (uint32_t)state;
		}
	}
	return goals;
}

/* Is there a perfect matching of the boxes to goals they reach, frozen
 * boxes on goals keeping theirs? Dynamic programming over sets of goals. */
static int brute_force_dead(const board *b, const uint16_t *boxes, const uint8_t *frozen)
{
	int n = b->box_count;
	int walls = 0;
	for (int i = 0; frozen && i < n; i++)
		walls |= frozen[boxes[i]];
	const uint8_t *use = walls ? frozen : NULL;
	size_t squares = (size_t)b->square_count;
	uint8_t *seen = malloc(squares * squares);
	uint32_t *queue = malloc(sizeof(uint32_t) * squares * squares);
	uint32_t *reach = calloc((size_t)n, sizeof(uint32_t)); /* per box: goal bits */
	uint32_t kept = 0;                                     /* goals of frozen boxes */
	int free_boxes[16], count = 0;
	assert_true(seen && queue && reach && n <= 16);
	for (int i = 0; i < n; i++) {
		if (use && use[boxes[i]] && b->is_goal[boxes[i]]) {
			kept |= 1u << goal_index(b, boxes[i]);
			continue;
		}
		reach[i] = lone_box_goals(b, use, boxes[i], seen, queue);
		free_boxes[count++] = i;
	}
	/* ok[mask]: the first popcount(mask) free boxes fill exactly mask. */
	uint8_t *ok = calloc((size_t)1 << n, 1);
	assert_non_null(ok);
	ok[kept] = 1;
	int alive = 0;
	for (uint32_t mask = kept; mask < (1u << n); mask++) {
		if (!ok[mask] || (mask & kept) != kept)
			continue;
		int k = __builtin_popcount(mask & ~kept);
		if (k == count) {
			alive = 1;
			break;
		}
		uint32_t options = reach[free_boxes[k]] & ~mask;
		for (int g = 0; g < n; g++)
			if (options >> g & 1)
				ok[mask | 1u << g] = 1;
	}
	free(ok);
	free(reach);
	free(queue);
	free(seen);
	return !alive;
}

static uint64_t next_random(uint64_t *seed)
{
	*seed = *seed * 6364136223846793005u + 1442695040888963407u;
	return *seed >> 33;
}

/* The matching (Kuhn's, free goals looked for first, tables cached per
 * frozen set) says dead exactly when brute force finds no perfect
 * matching: random positions of Microban's levels of up to 12 boxes, with
 * their real frozen boxes and with random sets of boxes taken as frozen
 * (far more sets than the cache holds). */
static void matching_equals_brute_force(void **state)
{
	(void)state;
	tu_skip_without_shared();
	char path[1024];
	snprintf(path, sizeof path, "%s/Microban_155.xsb", tu_shared_levels());
	hako_collection *c = tu_collection(path);
	uint64_t seed = 7;
	long compared = 0, dead = 0;
	for (size_t l = 0; l < hako_collection_count(c); l++) {
		board b;
		if (board_build(hako_collection_level(c, l), &b) != HAKO_OK)
			continue;
		int n = b.box_count;
		if (n > 12) {
			board_free(&b);
			continue;
		}
		memory mem = {0, 0, (size_t)1 << 26};
		dead_bipartite *d = dead_bipartite_new(&b, &mem);
		assert_non_null(d);
		uint16_t boxes[16];
		uint8_t *occupied = calloc((size_t)b.square_count, 1);
		uint8_t *frozen = calloc((size_t)b.square_count, 1);
		assert_true(occupied && frozen);
		for (int trial = 0; trial < 400; trial++) {
			/* Boxes on distinct squares off the dead ones, ascending. */
			for (int i = 0; i < n; i++) {
				unsigned s;
				do
					s = (unsigned)(next_random(&seed) %
					               (uint64_t)b.square_count);
				while (occupied[s] || b.dead[s]);
				occupied[s] = 1;
			}
			for (unsigned s = 0, i = 0; s < (unsigned)b.square_count; s++)
				if (occupied[s])
					boxes[i++] = (uint16_t)s;
			const uint8_t *use = frozen;
			if (trial % 3 == 0) {
				use = NULL;
			} else if (trial % 3 == 1) {
				dead_freeze_frozen(&b, occupied, boxes, b.dead, frozen);
			} else {
				memset(frozen, 0, (size_t)b.square_count);
				for (int i = 0; i < n; i++)
					frozen[boxes[i]] = next_random(&seed) % 4 == 0;
			}
			deadlock_position p = {&b, occupied, boxes, boxes[0]};
			int verdict = dead_bipartite_check(d, &p, use, NULL);
			assert_int_equal(verdict, brute_force_dead(&b, boxes, use));
			compared++;
			dead += verdict;
			for (int i = 0; i < n; i++)
				occupied[boxes[i]] = 0;
		}
		free(occupied);
		free(frozen);
		dead_bipartite_free(d);
		assert_int_equal(mem.used, 0);
		board_free(&b);
	}
	hako_collection_free(c);
	print_message("compared %ld positions, %ld dead\n", compared, dead);
	/* Not vacuous: many positions, both verdicts. */
	assert_true(compared > 20000 && dead > 1000 && dead < compared);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(two_boxes_one_reachable_goal),
	    cmocka_unit_test(solvable_has_matching),
	    cmocka_unit_test(frozen_box_walls_off_a_goal),
	    cmocka_unit_test(frozen_boxes_shut_the_player_out),
	    cmocka_unit_test(frozen_tables_kept_per_set),
	    cmocka_unit_test(matching_equals_brute_force),
	};
	return tu_exit_code(cmocka_run_group_tests(tests, NULL, NULL));
}
