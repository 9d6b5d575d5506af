/* test_movegen.c — push and pull generation pinned by perft counts: the
 * number of push (pull) sequences of length N from fixed positions, each
 * checked against a naive generator written here from the rules alone
 * (a flood of the player by hand, every box and direction tried). */
#include <stdlib.h>
#include <string.h>

#include "movegen.h"
#include "testboard.h"

/* The naive rules: the player's squares by a plain flood (no stamps). */
static void naive_flood(const board *b, const uint8_t *occupied, unsigned from, uint8_t *seen)
{
	memset(seen, 0, (size_t)b->square_count);
	uint16_t *stack = malloc(sizeof(uint16_t) * ((size_t)b->square_count + 1));
	int top = 0;
	seen[from] = 1;
	stack[top++] = (uint16_t)from;
	while (top > 0) {
		unsigned s = stack[--top];
		for (unsigned d = 0; d < 4; d++) {
			uint16_t t = board_next(b, s, d);
			if (t != SQUARE_NONE && !occupied[t] && !seen[t]) {
				seen[t] = 1;
				stack[top++] = t;
			}
		}
	}
	free(stack);
}

/* Perft by the naive rules: sequences of `depth` pushes (pulls) from the
 * position (occupied, player). Pushes never end on a dead square. */
static uint64_t naive_perft(const board *b, uint8_t *occupied, unsigned player, int depth,
                            int pulls)
{
	if (depth == 0)
		return 1;
	uint8_t *seen = malloc((size_t)b->square_count + 1);
	naive_flood(b, occupied, player, seen);
	uint64_t total = 0;
	for (int s = 0; s < b->square_count; s++) {
		if (!occupied[s])
			continue;
		for (unsigned d = 0; d < 4; d++) {
			uint16_t a = board_next(b, (unsigned)s, d);
			if (a == SQUARE_NONE || occupied[a])
				continue;
			unsigned stand;
			if (pulls) {
				uint16_t back = board_next(b, a, d);
				if (!seen[a] || back == SQUARE_NONE || occupied[back])
					continue;
				stand = back;
			} else {
				uint16_t behind = board_next(b, (unsigned)s, DIR_OPPOSITE(d));
				if (behind == SQUARE_NONE || !seen[behind] || b->dead[a])
					continue;
				stand = (unsigned)s;
			}
			occupied[s] = 0;
			occupied[a] = 1;
			total += naive_perft(b, occupied, stand, depth - 1, pulls);
			occupied[a] = 0;
			occupied[s] = 1;
		}
	}
	free(seen);
	return total;
}

/* Perft through movegen.c. */
static uint64_t perft(const board *b, uint8_t *occupied, uint16_t *boxes, unsigned player,
                      int depth, int pulls)
{
	if (depth == 0)
		return 1;
	reach r;
	assert_int_equal(reach_init(&r, b->square_count), HAKO_OK);
	reach_fill(&r, b, occupied, player);
	movegen_move *moves = malloc(sizeof(movegen_move) * movegen_capacity(b->box_count));
	int count = pulls ? movegen_pulls(b, occupied, boxes, b->box_count, &r, moves)
	                  : movegen_pushes(b, occupied, boxes, b->box_count, &r, NULL, moves);
	assert_true((size_t)count < movegen_capacity(b->box_count));
	uint64_t total = 0;
	uint16_t *child = malloc(sizeof(uint16_t) * ((size_t)b->box_count + 1));
	for (int k = 0; k < count; k++) {
		const movegen_move *m = &moves[k];
		assert_int_equal(boxes[m->index], m->from);
		memcpy(child, boxes, sizeof(uint16_t) * (size_t)b->box_count);
		board_move_box(child, b->box_count, m->index, m->to);
		movegen_make(occupied, m->from, m->to);
		total += perft(b, occupied, child, m->stand, depth - 1, pulls);
		movegen_unmake(occupied, m->from, m->to);
	}
	free(child);
	free(moves);
	reach_free(&r);
	return total;
}

static const char *const levels[] = {
    /* Microban 1 (David W. Skinner) */
    "####\n"
    "# .#\n"
    "#  ###\n"
    "#*@  #\n"
    "#  $ #\n"
    "#  ###\n"
    "####\n",
    /* an open room with four boxes */
    "########\n"
    "#      #\n"
    "# $$ . #\n"
    "#@ $ . #\n"
    "#  $ ..#\n"
    "#      #\n"
    "########\n",
};

/* Pinned counts: [level][pulls][depth 1..4]. */
static const uint64_t expected[2][2][4] = {
    {{3, 6, 10, 21}, {4, 8, 23, 41}},
    {{5, 31, 156, 1050}, {4, 25, 157, 1075}},
};

static void perft_counts(void **state)
{
	(void)state;
	for (int l = 0; l < 2; l++) {
		tb_position p;
		tb_open(&p, levels[l]);
		for (int pulls = 0; pulls < 2; pulls++) {
			uint8_t *occupied = calloc((size_t)p.b.square_count + 1, 1);
			const uint16_t *start = pulls ? p.b.goals : p.b.start_boxes;
			for (int i = 0; i < p.b.box_count; i++)
				occupied[start[i]] = 1;
			uint16_t *boxes = malloc(sizeof(uint16_t) * ((size_t)p.b.box_count + 1));
			memcpy(boxes, start, sizeof(uint16_t) * (size_t)p.b.box_count);
			/* Pulls start with the player on the square the level gives it
			 * when that is free, else on the first free square. */
			unsigned player = p.b.start_player;
			for (int s = 0; occupied[player] && s < p.b.square_count; s++)
				player = (unsigned)s;
			for (int depth = 1; depth <= 4; depth++) {
				uint64_t got = perft(&p.b, occupied, boxes, player, depth, pulls);
				uint64_t naive = naive_perft(&p.b, occupied, player, depth, pulls);
				print_message("level %d %s depth %d: %llu (naive %llu)\n", l,
				              pulls ? "pulls" : "pushes", depth,
				              (unsigned long long)got, (unsigned long long)naive);
				assert_int_equal(got, naive);
				assert_int_equal(got, expected[l][pulls][depth - 1]);
			}
			free(boxes);
			free(occupied);
		}
		tb_close(&p);
	}
}

/* PI-corral restriction: only boxes on allowed squares are pushed. */
static void allowed_filter(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, levels[1]);
	reach r;
	assert_int_equal(reach_init(&r, p.b.square_count), HAKO_OK);
	reach_fill(&r, &p.b, p.occupied, p.b.start_player);
	uint8_t *allowed = calloc((size_t)p.b.square_count + 1, 1);
	allowed[p.boxes[0]] = 1;
	movegen_move moves[64];
	int count = movegen_pushes(&p.b, p.occupied, p.boxes, p.b.box_count, &r, allowed, moves);
	assert_true(count > 0);
	for (int k = 0; k < count; k++)
		assert_int_equal(moves[k].from, p.boxes[0]);
	free(allowed);
	reach_free(&r);
	tb_close(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(perft_counts),
	    cmocka_unit_test(allowed_filter),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
