/* test_fess_hotspot.c — the hotspots table (fess_hotspot.c) against a
 * brute force over (box, player) states, and the counts of a position and
 * after a move against a recount from the table. */
#include <stdlib.h>
#include <string.h>

#include "fess.h"
#include "memory.h"
#include "testboard.h"

/* Two rooms joined by corridors, goals in a dead end, and a room with
 * pillars: squares whose box cuts another square off some goal. */
static const char *const boards[] = {
    "  #######\n"
    "###  .  #\n"
    "#   #.# #\n"
    "# $ $ $ #\n"
    "##@ # ..#\n"
    " # $  ###\n"
    " #   ##\n"
    " #####\n",
    "########\n"
    "#..  # #\n"
    "#.$  $ #\n"
    "## #   #\n"
    "#  $@  #\n"
    "# #  # #\n"
    "#   #  #\n"
    "########\n",
    "#######\n"
    "#.   .#\n"
    "# # # #\n"
    "#  $  #\n"
    "# #@# #\n"
    "# $ $ #\n"
    "#. # .#\n"
    "#  $  #\n"
    "#######\n",
};

/* Per square a, how many goals a lone box on a reaches with the player
 * starting on a side of it, `wall` (SQUARE_NONE: none) standing still:
 * for each goal, the (box, player) states from which the box can be
 * brought there, by a backward search over walks and pulls. */
static void brute_reached(const board *b, unsigned wall, int *reached)
{
	int n = b->square_count;
	size_t un = (size_t)n, states = un * un;
	uint8_t *seen = malloc(states);
	uint32_t *queue = malloc(sizeof(uint32_t) * states);
	assert_non_null(seen);
	assert_non_null(queue);
	memset(reached, 0, sizeof(int) * (size_t)n);
	for (int g = 0; g < b->box_count; g++) {
		unsigned goal = b->goals[g];
		if (goal == wall)
			continue;
		memset(seen, 0, states);
		size_t head = 0, tail = 0;
		for (int p = 0; p < n; p++)
			if ((unsigned)p != goal && (unsigned)p != wall) {
				seen[(size_t)goal * un + (size_t)p] = 1;
				queue[tail++] = (uint32_t)((size_t)goal * un + (size_t)p);
			}
		while (head < tail) {
			uint32_t s = queue[head++];
			unsigned box = s / (unsigned)n, player = s % (unsigned)n;
			for (unsigned d = 0; d < 4; d++) {
				/* The player walked here from a neighbour. */
				unsigned from = board_next(b, player, d);
				if (from != SQUARE_NONE && from != box && from != wall) {
					size_t t = (size_t)box * un + from;
					if (!seen[t]) {
						seen[t] = 1;
						queue[tail++] = (uint32_t)t;
					}
				}
				/* A push toward d brought the box here, the player from
				 * behind the box's old square. */
				unsigned old = board_next(b, box, DIR_OPPOSITE(d));
				if (old == SQUARE_NONE || old != player)
					continue;
				unsigned behind = board_next(b, old, DIR_OPPOSITE(d));
				if (behind == SQUARE_NONE || behind == wall)
					continue;
				size_t t = (size_t)old * un + behind;
				if (!seen[t]) {
					seen[t] = 1;
					queue[tail++] = (uint32_t)t;
				}
			}
		}
		for (int a = 0; a < n; a++) {
			if ((unsigned)a == wall)
				continue;
			int hit = (unsigned)a == goal;
			for (unsigned d = 0; d < 4 && !hit; d++) {
				unsigned side = board_next(b, (unsigned)a, d);
				hit = side != SQUARE_NONE && side != wall &&
				      seen[(size_t)a * un + side];
			}
			reached[a] += hit;
		}
	}
	free(seen);
	free(queue);
}

/* One of the boards with its mover and hotspots table. */
typedef struct fixture {
	tb_position t;
	memory mem;
	fess_mover m;
	fess_hotspots h;
} fixture;

static void fixture_open(fixture *x, const char *xsb)
{
	tb_open(&x->t, xsb);
	x->mem = (memory){0, 0, (size_t)1 << 30};
	assert_int_equal(fess_mover_init(&x->m, &x->t.b, &x->mem), HAKO_OK);
	assert_int_equal(fess_hotspots_init(&x->h, &x->t.b, &x->m, &x->mem, NULL), HAKO_OK);
	assert_non_null(x->h.blocks);
}

static void fixture_close(fixture *x)
{
	fess_hotspots_free(&x->h);
	fess_mover_free(&x->m);
	assert_int_equal(x->mem.used, 0);
	tb_close(&x->t);
}

static void the_table_is_the_brute_force(void **state)
{
	(void)state;
	uint64_t pairs = 0;
	for (size_t i = 0; i < sizeof boards / sizeof *boards; i++) {
		fixture x;
		fixture_open(&x, boards[i]);
		const board *b = &x.t.b;
		const fess_hotspots *h = &x.h;
		int n = b->square_count;
		int *alone = malloc(sizeof(int) * (size_t)n);
		int *blocked = malloc(sizeof(int) * (size_t)n);
		assert_non_null(alone);
		assert_non_null(blocked);
		brute_reached(b, SQUARE_NONE, alone);
		uint64_t set = 0;
		for (int wall = 0; wall < n; wall++) {
			int blocker = !b->is_goal[wall] && !b->dead[wall];
			if (blocker)
				brute_reached(b, (unsigned)wall, blocked);
			for (int a = 0; a < n; a++) {
				int expected = blocker && a != wall && !b->is_goal[a] &&
				               !b->dead[a] && blocked[a] < alone[a];
				int got = h->blocks[(size_t)a * (size_t)n + (size_t)wall];
				if (got != expected)
					print_error(
					    "board %zu: box on %d, wall on %d: table %d, brute "
					    "force %d\n",
					    i, a, wall, got, expected);
				assert_int_equal(got, expected);
				set += (uint64_t)got;
			}
		}
		assert_int_equal(set, h->pairs);
		pairs += set;
		free(alone);
		free(blocked);
		fixture_close(&x);
	}
	print_message("pairs set: %llu\n", (unsigned long long)pairs);
	assert_true(pairs > 0); /* not vacuous */
}

/* The hotspots of `boxes` counted from the table directly. */
static int recount(const fess_hotspots *h, const board *b, const uint16_t *boxes, int count)
{
	int hot = 0;
	for (int i = 0; i < count; i++) {
		int costs = 0;
		for (int j = 0; j < count; j++)
			costs |= !b->is_goal[boxes[i]] && !b->is_goal[boxes[j]] &&
			         h->blocks[(size_t)boxes[j] * (size_t)h->n + boxes[i]];
		hot += costs;
	}
	return hot;
}

/* Random positions and every move of one box to any free square: the
 * count after the move, from the position's count and victims, is the
 * recount of the moved position. */
static void counts_after_a_move_are_recounts(void **state)
{
	(void)state;
	srand(12345);
	uint64_t checked = 0, hot_positions = 0;
	for (size_t i = 0; i < sizeof boards / sizeof *boards; i++) {
		fixture x;
		fixture_open(&x, boards[i]);
		const board *b = &x.t.b;
		const fess_hotspots *h = &x.h;
		int n = b->square_count, k = b->box_count;
		uint16_t *victims = calloc((size_t)n, sizeof(uint16_t));
		uint8_t *occupied = calloc((size_t)n, 1);
		uint16_t boxes[16], moved[16];
		assert_true(k <= 16);
		assert_non_null(victims);
		assert_non_null(occupied);
		for (int trial = 0; trial < 300; trial++) {
			memset(occupied, 0, (size_t)n);
			for (int j = 0; j < k; j++) {
				unsigned s;
				do
					s = (unsigned)(rand() % n);
				while (occupied[s]);
				occupied[s] = 1;
			}
			for (int q = 0, j = 0; q < n; q++)
				if (occupied[q])
					boxes[j++] = (uint16_t)q;
			int hot = fess_hotspots_count(h, boxes, k, victims);
			assert_int_equal(hot, recount(h, b, boxes, k));
			hot_positions += hot > 0;
			for (int j = 0; j < k; j++)
				for (int to = 0; to < n; to++) {
					if (occupied[to])
						continue;
					int after = fess_hotspots_after(h, boxes, k, victims, hot,
					                                boxes[j], (unsigned)to);
					memcpy(moved, boxes, sizeof(uint16_t) * (size_t)k);
					moved[j] = (uint16_t)to;
					assert_int_equal(after, recount(h, b, moved, k));
					checked++;
				}
		}
		free(victims);
		free(occupied);
		fixture_close(&x);
	}
	print_message("moves checked %llu, positions with hotspots %llu\n",
	              (unsigned long long)checked, (unsigned long long)hot_positions);
	assert_true(hot_positions > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(the_table_is_the_brute_force),
	    cmocka_unit_test(counts_after_a_move_are_recounts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
