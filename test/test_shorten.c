/* test_shorten.c — the solution post-pass (shorten.c, shorten_window.c):
 * detours and cycles cut, roundabout windows re-solved, optimal and
 * invalid solutions left alone, budget 0 a no-op, and every result
 * replayed by the independent verifier — also on long random solutions. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reach.h"
#include "search.h"
#include "shorten.h"
#include "testboard.h"

/* An open room: box at (3,3), goal at (6,3), player at (2,3). */
static const char room[] = "#########\n"
                           "#       #\n"
                           "#       #\n"
                           "# @$  . #\n"
                           "#       #\n"
                           "#       #\n"
                           "#########\n";

static search_push push_at(const board *b, int x, int y, unsigned dir)
{
	search_push p = {(uint16_t)tb_square(b, x, y), (uint8_t)dir};
	return p;
}

/* The pushes of a LURD on the board (appended at pushes + *count). */
static void pushes_of(const board *b, const char *lurd, unsigned player, uint8_t *occupied,
                      search_push *pushes, size_t *count)
{
	for (const char *c = lurd; *c; c++) {
		const char *letter = strchr("lurdLURD", *c);
		assert_non_null(letter);
		unsigned dir = (unsigned)(letter - "lurdLURD") % 4;
		unsigned next = board_next(b, player, dir);
		assert_true(next != SQUARE_NONE);
		if (occupied[next]) {
			pushes[*count].from = (uint16_t)next;
			pushes[*count].dir = (uint8_t)dir;
			++*count;
			occupied[next] = 0;
			occupied[board_next(b, next, dir)] = 1;
		}
		player = next;
	}
}

/* The pushes replay to solved on the level (the independent verifier). */
static void assert_solves_level(const hako_level *level, const board *b, const search_push *pushes,
                                size_t count)
{
	char *lurd = search_lurd(b, pushes, count);
	assert_non_null(lurd);
	hako_replay replay;
	assert_int_equal(hako_replay_lurd(level, lurd, &replay), HAKO_OK);
	assert_true(replay.solved);
	assert_int_equal(replay.pushes, (long)count);
	free(lurd);
}

static void assert_solves(const tb_position *p, const search_push *pushes, size_t count)
{
	assert_solves_level(p->level, &p->b, pushes, count);
}

static shorten_limits generous(void)
{
	shorten_limits limits = {10000000, 0, 0, 0};
	return limits;
}

/* The box pushed right, back left from the other side, then home: the
 * position after the second push repeats the start, so cycle cutting
 * alone (window 1: no window searches) leaves the two pushes that matter. */
static void detour_is_cut(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, room);
	const board *b = &p.b;
	search_push pushes[] = {push_at(b, 3, 3, DIR_RIGHT), push_at(b, 4, 3, DIR_LEFT),
	                        push_at(b, 3, 3, DIR_RIGHT), push_at(b, 4, 3, DIR_RIGHT),
	                        push_at(b, 5, 3, DIR_RIGHT)};
	size_t count = 5;
	assert_solves(&p, pushes, count);
	shorten_limits limits = generous();
	limits.window = 1;
	shorten_report report;
	assert_int_equal(shorten_pushes(b, pushes, &count, &limits, &report), HAKO_OK);
	assert_int_equal(count, 3);
	assert_int_equal(report.pushes_before, 5);
	assert_int_equal(report.pushes_after, 3);
	assert_int_equal(report.cycles_cut, 2);
	assert_int_equal(report.windows_improved, 0);
	assert_true(report.moves_after < report.moves_before);
	assert_int_equal(pushes[0].from, tb_square(b, 3, 3));
	assert_solves(&p, pushes, count);
	tb_close(&p);
}

/* Two boxes: the second goes up and back down before the first is pushed
 * home. Then a solution that reaches the goals, pushes a box off and back
 * on: the final position needs no push, wherever the player stands. */
static void cycles_are_cut(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, "#########\n"
	            "#       #\n"
	            "# @$  . #\n"
	            "#    $  #\n"
	            "#    .  #\n"
	            "#       #\n"
	            "#########\n");
	const board *b = &p.b;
	search_push pushes[] = {push_at(b, 5, 3, DIR_UP),    push_at(b, 5, 2, DIR_DOWN),
	                        push_at(b, 3, 2, DIR_RIGHT), push_at(b, 4, 2, DIR_RIGHT),
	                        push_at(b, 5, 2, DIR_RIGHT), push_at(b, 5, 3, DIR_DOWN)};
	size_t count = 6;
	assert_solves(&p, pushes, count);
	shorten_limits limits = generous();
	limits.window = 1;
	shorten_report report;
	assert_int_equal(shorten_pushes(b, pushes, &count, &limits, &report), HAKO_OK);
	assert_int_equal(count, 4);
	assert_int_equal(report.cycles_cut, 2);
	assert_solves(&p, pushes, count);
	tb_close(&p);

	tb_open(&p, room);
	b = &p.b;
	search_push again[] = {push_at(b, 3, 3, DIR_RIGHT), push_at(b, 4, 3, DIR_RIGHT),
	                       push_at(b, 5, 3, DIR_RIGHT), push_at(b, 6, 3, DIR_UP),
	                       push_at(b, 6, 2, DIR_DOWN)};
	count = 5;
	assert_solves(&p, again, count);
	assert_int_equal(shorten_pushes(b, again, &count, &limits, &report), HAKO_OK);
	assert_int_equal(count, 3);
	assert_int_equal(report.cycles_cut, 2);
	assert_solves(&p, again, count);
	tb_close(&p);
}

/* Up, right three times, down: no position repeats, but the window search
 * finds the three pushes right. */
static void roundabout_window_is_resolved(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, room);
	const board *b = &p.b;
	search_push pushes[] = {push_at(b, 3, 3, DIR_UP), push_at(b, 3, 2, DIR_RIGHT),
	                        push_at(b, 4, 2, DIR_RIGHT), push_at(b, 5, 2, DIR_RIGHT),
	                        push_at(b, 6, 2, DIR_DOWN)};
	size_t count = 5;
	assert_solves(&p, pushes, count);
	shorten_limits limits = generous();
	shorten_report report;
	assert_int_equal(shorten_pushes(b, pushes, &count, &limits, &report), HAKO_OK);
	assert_int_equal(count, 3);
	assert_int_equal(report.cycles_cut, 0);
	assert_true(report.windows_improved >= 1);
	assert_int_equal(report.moves_after, 3); /* R R R from where the player stands */
	for (size_t k = 0; k < count; k++)
		assert_int_equal(pushes[k].dir, DIR_RIGHT);
	assert_solves(&p, pushes, count);
	tb_close(&p);
}

/* Equal pushes, fewer moves: the second box is pushed first although
 * the player stands by the first. */
static void window_prefers_fewer_moves(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, "##########\n"
	            "#@$ .    #\n"
	            "#        #\n"
	            "#      $ #\n"
	            "#      . #\n"
	            "##########\n");
	const board *b = &p.b;
	/* Walk to the far box and push it down, walk back, push the near one:
	 * the other order walks less. */
	search_push pushes[] = {push_at(b, 7, 3, DIR_DOWN), push_at(b, 2, 1, DIR_RIGHT),
	                        push_at(b, 3, 1, DIR_RIGHT)};
	size_t count = 3;
	assert_solves(&p, pushes, count);
	shorten_limits limits = generous();
	shorten_report report;
	assert_int_equal(shorten_pushes(b, pushes, &count, &limits, &report), HAKO_OK);
	assert_int_equal(count, 3);
	assert_true(report.moves_after < report.moves_before);
	assert_int_equal(pushes[0].from, tb_square(b, 2, 1));
	assert_solves(&p, pushes, count);
	tb_close(&p);
}

/* Optimal solutions stay as they are; budget 0 changes nothing; pushes
 * that are not a solution are left alone. */
static void optimal_budget_zero_and_invalid_unchanged(void **state)
{
	(void)state;
	tb_position p;
	tb_open(&p, room);
	const board *b = &p.b;
	search_push best[] = {push_at(b, 3, 3, DIR_RIGHT), push_at(b, 4, 3, DIR_RIGHT),
	                      push_at(b, 5, 3, DIR_RIGHT)};
	search_push pushes[5];
	memcpy(pushes, best, sizeof best);
	size_t count = 3;
	shorten_limits limits = generous();
	shorten_report report;
	assert_int_equal(shorten_pushes(b, pushes, &count, &limits, &report), HAKO_OK);
	assert_int_equal(count, 3);
	tu_assert_pushes_equal(pushes, best, sizeof best / sizeof *best);
	assert_int_equal(report.moves_before, report.moves_after);

	search_push detour[] = {push_at(b, 3, 3, DIR_UP), push_at(b, 3, 2, DIR_RIGHT),
	                        push_at(b, 4, 2, DIR_RIGHT), push_at(b, 5, 2, DIR_RIGHT),
	                        push_at(b, 6, 2, DIR_DOWN)};
	memcpy(pushes, detour, sizeof detour);
	count = 5;
	limits.nodes = 0;
	assert_int_equal(shorten_pushes(b, pushes, &count, &limits, &report), HAKO_OK);
	assert_int_equal(count, 5);
	tu_assert_pushes_equal(pushes, detour, sizeof detour / sizeof *detour);

	/* Not a solution: the last push is missing; then an impossible push. */
	limits = generous();
	count = 4;
	assert_int_equal(shorten_pushes(b, pushes, &count, &limits, &report), HAKO_OK);
	assert_int_equal(count, 4);
	tu_assert_pushes_equal(pushes, detour, 4);
	search_push wrong[] = {push_at(b, 3, 3, DIR_LEFT), push_at(b, 5, 3, DIR_RIGHT)};
	count = 2;
	assert_int_equal(shorten_pushes(b, wrong, &count, &limits, &report), HAKO_OK);
	assert_int_equal(count, 2);
	assert_int_equal(wrong[0].dir, DIR_LEFT);
	tb_close(&p);
}

static uint32_t lcg(uint32_t *seed)
{
	*seed = *seed * 1664525u + 1013904223u;
	return *seed >> 8;
}

/* The fast solver's solution of the game's position (shortening off);
 * NULL unless solved within a small node limit. Caller frees. */
static char *solve_here(const hako_game *game)
{
	hako_level *here = hako_game_position(game);
	assert_non_null(here);
	hako_solver_options o;
	hako_solver_options_init(&o);
	o.time_limit = 0;
	o.node_limit = 20000;
	o.memory_limit = (size_t)64 << 20;
	o.shorten = 0;
	hako_solve_result r;
	assert_int_equal(hako_solve(here, &o, &r), HAKO_OK);
	char *lurd = r.outcome == HAKO_SOLVED ? r.solution : NULL;
	r.solution = NULL;
	hako_solve_result_clear(&r);
	hako_level_free(here);
	return lurd;
}

/* Random legal pushes (none that the solver cannot finish from) ahead of
 * the pushes of a solution: returns that solution from the last position
 * and fills pushes, occupied and *player with the random part. */
static char *random_prefix(const hako_level *level, const board *b, uint32_t *seed,
                           search_push *pushes, size_t *count, uint8_t *occupied, unsigned *player)
{
	hako_game *game = NULL;
	reach walker;
	assert_int_equal(hako_game_new(level, &game), HAKO_OK);
	assert_int_equal(reach_init(&walker, b->square_count), HAKO_OK);
	for (int k = 0; k < b->box_count; k++)
		occupied[b->start_boxes[k]] = 1;
	*player = b->start_player;
	char *solution = solve_here(game);
	for (int tries = 0; tries < 40 && *count < 20 && solution; tries++) {
		reach_distances(&walker, b, occupied, *player);
		search_push options[4 * 64];
		int n = 0;
		for (int s = 0; s < b->square_count && n < 4 * 64 - 4; s++)
			for (unsigned d = 0; occupied[s] && d < 4; d++) {
				unsigned behind = board_next(b, (unsigned)s, DIR_OPPOSITE(d));
				unsigned to = board_next(b, (unsigned)s, d);
				if (behind != SQUARE_NONE && reach_has(&walker, behind) &&
				    to != SQUARE_NONE && !occupied[to] && !b->dead[to])
					options[n++] = (search_push){(uint16_t)s, (uint8_t)d};
			}
		if (n == 0)
			break;
		search_push pick = options[lcg(seed) % (uint32_t)n];
		char walk[1024];
		int length =
		    reach_walk(&walker, b, board_next(b, pick.from, DIR_OPPOSITE(pick.dir)), walk);
		walk[length++] = board_push_letter[pick.dir];
		for (int k = 0; k < length; k++)
			assert_int_equal(hako_game_step(game, walk[k], NULL), HAKO_OK);
		char *next = solve_here(game);
		if (!next) { /* the solver cannot finish from there: take it back */
			for (int k = 0; k < length; k++)
				assert_true(hako_game_undo(game));
			continue;
		}
		free(solution);
		solution = next;
		pushes[(*count)++] = pick;
		occupied[pick.from] = 0;
		occupied[board_next(b, pick.from, pick.dir)] = 1;
		*player = pick.from;
	}
	reach_free(&walker);
	hako_game_free(game);
	return solution;
}

/* Long solutions with detours: random pushes from the start, then the fast
 * solver's solution from there, unshortened. The shortened result replays
 * to solved and is never longer. */
static void random_detours_replay(void **state)
{
	(void)state;
	char path[512];
	snprintf(path, sizeof path, "%s/data/levels/boxoban_sample.txt", HAKO_SOURCE_DIR);
	hako_collection *c = tu_collection(path);
	uint32_t seed = 12345;
	int shortened = 0, tried = 0;
	for (size_t i = 0; i < hako_collection_count(c) && i < 8; i++) {
		const hako_level *level = hako_collection_level(c, i);
		board b;
		assert_int_equal(board_build(level, &b), HAKO_OK);
		size_t room_for = 4096, count = 0;
		search_push *pushes = malloc(room_for * sizeof *pushes);
		uint8_t *occupied = calloc((size_t)b.square_count + 1, 1);
		assert_non_null(pushes);
		assert_non_null(occupied);
		unsigned player;
		char *rest = random_prefix(level, &b, &seed, pushes, &count, occupied, &player);
		if (rest && strlen(rest) < room_for - count) {
			pushes_of(&b, rest, player, occupied, pushes, &count);
			assert_solves_level(level, &b, pushes, count);
			size_t before = count;
			shorten_limits limits = shorten_default_limits(count, 0);
			limits.seconds = 0; /* deterministic: nodes only */
			shorten_report report;
			assert_int_equal(shorten_pushes(&b, pushes, &count, &limits, &report),
			                 HAKO_OK);
			assert_true(count <= before);
			assert_true(report.moves_after <= report.moves_before || count < before);
			assert_solves_level(level, &b, pushes, count);
			print_message("level %zu: %zu -> %zu pushes, %ld -> %ld moves\n", i + 1,
			              before, count, report.moves_before, report.moves_after);
			tried++;
			shortened += count < before;
		}
		free(rest);
		free(occupied);
		free(pushes);
		board_free(&b);
	}
	hako_collection_free(c);
	print_message("random detours: %d of %d solutions shortened\n", shortened, tried);
	assert_true(tried >= 6);
	assert_true(shortened >= tried / 2);
}

/* Through hako_solve: the fast mode reports the counts before; off, they
 * equal the counts; the optimal modes do not shorten. */
static void solver_reports_before(void **state)
{
	(void)state;
	char path[512];
	snprintf(path, sizeof path, "%s/data/levels/boxoban_sample.txt", HAKO_SOURCE_DIR);
	hako_collection *c = tu_collection(path);
	for (size_t i = 0; i < 5; i++) {
		const hako_level *level = hako_collection_level(c, i);
		for (int on = 0; on < 2; on++) {
			hako_solver_options o;
			hako_solver_options_init(&o);
			assert_int_equal(o.shorten, 1);
			o.time_limit = 0;
			o.node_limit = 200000;
			o.memory_limit = (size_t)128 << 20;
			o.shorten = on;
			hako_solve_result r;
			assert_int_equal(hako_solve(level, &o, &r), HAKO_OK);
			assert_int_equal(r.outcome, HAKO_SOLVED);
			hako_replay replay;
			assert_int_equal(hako_replay_lurd(level, r.solution, &replay), HAKO_OK);
			assert_true(replay.solved);
			assert_int_equal(replay.moves, r.moves);
			assert_true(r.pushes_before >= r.pushes);
			assert_true(r.pushes_before > r.pushes || r.moves_before >= r.moves);
			if (!on) {
				assert_int_equal(r.moves_before, r.moves);
				assert_int_equal(r.pushes_before, r.pushes);
			}
			hako_solve_result_clear(&r);
		}
	}
	hako_collection_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(detour_is_cut),
	    cmocka_unit_test(cycles_are_cut),
	    cmocka_unit_test(roundabout_window_is_resolved),
	    cmocka_unit_test(window_prefers_fewer_moves),
	    cmocka_unit_test(optimal_budget_zero_and_invalid_unchanged),
	    cmocka_unit_test(random_detours_replay),
	    cmocka_unit_test(solver_reports_before),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
