/* test_search.c — the solver: optimal counts on the unit-test levels (from
 * expected.tsv), unsolvable levels proven so, limits reported as outcomes,
 * determinism, and every solution replayed by the verifier. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "bound_tour.h"
#include "bound_walk.h"
#include "endgame.h"
#include "search.h"
#include "testutil.h"

/* `pattern_databases`: hako_solver_options' switch (1: the default);
   `budget`: the memory budget in bytes; `endgame_after`: when the
   move-optimal search builds its endgame table (0: the default). */
static hako_solve_result solve_table(const hako_level *level, hako_optimality mode,
                                     uint64_t node_limit, int pattern_databases, size_t budget,
                                     uint64_t endgame_after)
{
	hako_solver_options o;
	hako_solver_options_init(&o);
	o.optimal = mode;
	o.time_limit = 0;
	o.node_limit = node_limit;
	o.memory_limit = budget;
	o.pattern_databases = pattern_databases;
	o.endgame_after = endgame_after;
	hako_solve_result r;
	assert_int_equal(hako_solve(level, &o, &r), HAKO_OK);
	return r;
}

static hako_solve_result solve_in(const hako_level *level, hako_optimality mode,
                                  uint64_t node_limit, int pattern_databases, size_t budget)
{
	return solve_table(level, mode, node_limit, pattern_databases, budget, 0);
}

/* Move-optimal with the endgame table built after the first node. */
static hako_solve_result solve_endgame(const hako_level *level, size_t budget)
{
	return solve_table(level, HAKO_OPTIMAL_MOVES, 0, 1, budget, 1);
}

static hako_solve_result solve_with(const hako_level *level, hako_optimality mode,
                                    uint64_t node_limit, int pattern_databases)
{
	return solve_in(level, mode, node_limit, pattern_databases, (size_t)256 << 20);
}

static hako_solve_result solve(const hako_level *level, hako_optimality mode, uint64_t node_limit)
{
	return solve_with(level, mode, node_limit, 1);
}

static void tiny_levels(void **state)
{
	(void)state;
	hako_level *level = tu_level("#####\n#@$.#\n#####\n");
	for (int m = 0; m < 3; m++) {
		hako_solve_result r = solve(level, (hako_optimality)m, 0);
		tu_assert_solved_and_replays(level, &r);
		assert_string_equal(r.solution, "R");
		hako_solve_result_clear(&r);
	}
	hako_level_free(level);
	/* Already solved: an empty solution. */
	level = tu_level("####\n#@*#\n####\n");
	hako_solve_result r = solve(level, HAKO_OPTIMAL_PUSHES, 0);
	assert_int_equal(r.outcome, HAKO_SOLVED);
	assert_string_equal(r.solution, "");
	assert_int_equal(r.moves, 0);
	hako_solve_result_clear(&r);
	hako_level_free(level);
}

static void unsolvable_is_proven(void **state)
{
	(void)state;
	/* Box in a corner. */
	hako_level *level = tu_level("#####\n#$ .#\n# @ #\n#####\n");
	hako_solve_result r = solve(level, HAKO_OPTIMAL_PUSHES, 0);
	assert_int_equal(r.outcome, HAKO_UNSOLVABLE);
	assert_null(r.solution);
	hako_solve_result_clear(&r);
	hako_level_free(level);
	/* Two boxes that can each reach only the same goal. */
	level = tu_level("#######\n"
	                 "#. $$ #\n"
	                 "#     #\n"
	                 "#  .@ #\n"
	                 "#######\n");
	r = solve(level, HAKO_OPTIMAL_MOVES, 0);
	assert_int_equal(r.outcome, HAKO_UNSOLVABLE);
	hako_solve_result_clear(&r);
	hako_level_free(level);
}

/* Eight boxes round the player: search enough to be stopped by a limit or
 * a cancel, and to compare two runs of. */
static const char eight_boxes[] = "###########\n"
                                  "# .  .  . #\n"
                                  "# $ $ $ $ #\n"
                                  "#.   @   .#\n"
                                  "# $ $ $ $ #\n"
                                  "# .  .  . #\n"
                                  "###########\n";

static void limits_are_outcomes(void **state)
{
	(void)state;
	hako_level *level = tu_level(eight_boxes);
	hako_solve_result r = solve(level, HAKO_OPTIMAL_PUSHES, 3);
	assert_int_equal(r.outcome, HAKO_NODE_LIMIT);
	assert_int_equal(r.stats.expanded, 3);
	hako_solve_result_clear(&r);
	hako_solver_options o;
	hako_solver_options_init(&o);
	o.optimal = HAKO_OPTIMAL_PUSHES;
	o.memory_limit = 64 << 10; /* far too small */
	assert_int_equal(hako_solve(level, &o, &r), HAKO_OK);
	assert_int_equal(r.outcome, HAKO_MEMOUT);
	assert_true(r.stats.peak_bytes <= o.memory_limit);
	hako_solve_result_clear(&r);
	hako_level_free(level);
}

static int cancel_at_once(void *user, const hako_stats *stats)
{
	(void)stats;
	++*(int *)user;
	return 1;
}

static void progress_can_cancel(void **state)
{
	(void)state;
	hako_level *level = tu_level(eight_boxes);
	hako_solver_options o;
	hako_solver_options_init(&o);
	o.optimal = HAKO_OPTIMAL_MOVES;
	int calls = 0;
	o.progress = cancel_at_once;
	o.progress_user = &calls;
	o.progress_interval = 5;
	hako_solve_result r;
	assert_int_equal(hako_solve(level, &o, &r), HAKO_OK);
	assert_int_equal(r.outcome, HAKO_CANCELLED);
	assert_int_equal(calls, 1);
	hako_solve_result_clear(&r);
	hako_level_free(level);
}

static void rejects_bad_arguments(void **state)
{
	(void)state;
	hako_level *level = tu_level("#####\n#@$.#\n#####\n");
	hako_solver_options o;
	hako_solver_options_init(&o);
	hako_solve_result r;
	o.size = 3;
	assert_int_equal(hako_solve(level, &o, &r), HAKO_ERR_ARGUMENT);
	hako_solver_options_init(&o);
	o.optimal = (hako_optimality)7;
	assert_int_equal(hako_solve(level, &o, &r), HAKO_ERR_ARGUMENT);
	assert_int_equal(hako_solve(NULL, NULL, &r), HAKO_ERR_ARGUMENT);
	hako_level_free(level);
}

/* ../shared/levels/unit_tests/expected.tsv: the optimal counts. */
static void unit_test_levels(void **state)
{
	(void)state;
	tu_skip_without_shared();
	char path[1024];
	snprintf(path, sizeof path, "%s/unit_tests/expected.tsv", tu_shared_levels());
	char *tsv = tu_read_file(path, NULL);
	assert_non_null(tsv);
	int checked = 0;
	for (char *line = strtok(tsv, "\n"); line; line = strtok(NULL, "\n")) {
		if (line[0] == '#' || strncmp(line, "file\t", 5) == 0)
			continue;
		char file[128], solvable[8];
		long move_moves = 0, move_pushes = 0, push_pushes = 0, push_moves = 0;
		char *fields[8] = {0};
		int nf = 0;
		for (char *p = line; nf < 8; nf++) {
			fields[nf] = p;
			char *tab = strchr(p, '\t');
			if (!tab) {
				nf++;
				break;
			}
			*tab = '\0';
			p = tab + 1;
		}
		snprintf(file, sizeof file, "%s", fields[0]);
		snprintf(solvable, sizeof solvable, "%s", fields[1]);
		if (strcmp(file, "00-empty.txt") == 0)
			continue; /* no boxes: rejected by validation (test_level) */
		if (strcmp(solvable, "yes") == 0) {
			move_moves = atol(fields[2]);
			move_pushes = atol(fields[3]);
			push_pushes = atol(fields[5]);
			push_moves = atol(fields[6]);
		}
		snprintf(path, sizeof path, "%s/unit_tests/%s", tu_shared_levels(), file);
		hako_collection *c = tu_collection(path);
		const hako_level *level = hako_collection_level(c, 0);
		assert_int_equal(hako_level_status(level, NULL), HAKO_OK);
		hako_solve_result pr = solve(level, HAKO_OPTIMAL_PUSHES, 0);
		hako_solve_result mr = solve(level, HAKO_OPTIMAL_MOVES, 0);
		hako_solve_result nr = solve(level, HAKO_OPTIMAL_NONE, 0);
		print_message("%-32s pushes-opt %s %ld/%ld  moves-opt %s %ld/%ld\n", file,
		              hako_outcome_name(pr.outcome), pr.pushes, pr.moves,
		              hako_outcome_name(mr.outcome), mr.moves, mr.pushes);
		if (strcmp(solvable, "yes") == 0) {
			tu_assert_solved_and_replays(level, &pr);
			tu_assert_solved_and_replays(level, &mr);
			tu_assert_solved_and_replays(level, &nr);
			assert_int_equal(pr.pushes, push_pushes);
			assert_true(pr.moves <= push_moves || pr.moves >= mr.moves);
			assert_int_equal(mr.moves, move_moves);
			/* Ties go to fewer pushes: never more than the table's. */
			assert_true(mr.pushes <= move_pushes);
		} else {
			assert_int_equal(pr.outcome, HAKO_UNSOLVABLE);
			assert_int_equal(mr.outcome, HAKO_UNSOLVABLE);
			assert_int_equal(nr.outcome, HAKO_UNSOLVABLE);
		}
		hako_solve_result_clear(&pr);
		hako_solve_result_clear(&mr);
		hako_solve_result_clear(&nr);
		hako_collection_free(c);
		checked++;
	}
	assert_int_equal(checked, 9);
	free(tsv);
}

/* ---- an exhaustive move-optimal oracle ----------------------------------
 * A breadth-first search backward from every solved position, one move a
 * step (a walk undone, or a push undone by a pull), over (boxes, player
 * square) on levels of at most 64 squares: every position from which the
 * level can be solved, with its fewest moves, and the fewest pushes among
 * the solutions of that many moves (a position's pushes are the least over
 * the positions one layer nearer the end, all final by then). Written
 * without the search's code (its movegen, tables, bounds and pruning
 * rules) to check the move-optimal A* against, from the start and from
 * positions a random walk reaches: its bound (the pushes plus the first
 * walk), its dominance between player squares and its deadlock pruning. */
typedef struct move_state {
	uint64_t boxes;
	uint16_t player;
	uint16_t pushes;
	uint32_t used; /* 1 + the fewest moves to the end; 0: an empty slot */
} move_state;

typedef struct move_oracle {
	move_state *table;
	size_t capacity; /* a power of two */
} move_oracle;

static size_t oracle_slot(const move_oracle *o, uint64_t boxes, unsigned player)
{
	size_t slot = (size_t)((boxes * 0x9E3779B97F4A7C15ull) ^ (player * 0xC2B2AE3D27D4EB4Full)) &
	              (o->capacity - 1);
	while (o->table[slot].used &&
	       !(o->table[slot].boxes == boxes && o->table[slot].player == player))
		slot = (slot + 1) & (o->capacity - 1);
	return slot;
}

/* Builds the oracle of b; 0 when it has more than `most` positions. */
static int oracle_build(move_oracle *o, const board *b, size_t most)
{
	uint64_t goals = 0;
	for (int i = 0; i < b->box_count; i++)
		goals |= (uint64_t)1 << b->goals[i];
	o->capacity = 1;
	while (o->capacity < most * 2)
		o->capacity *= 2;
	o->table = calloc(o->capacity, sizeof *o->table);
	uint32_t *layer = malloc(sizeof(uint32_t) * most), *next = malloc(sizeof(uint32_t) * most);
	assert_non_null(o->table);
	assert_non_null(layer);
	assert_non_null(next);
	size_t count = 0, stored = 0;
	for (int p = 0; p < b->square_count; p++)
		if (!(goals >> p & 1)) {
			size_t slot = oracle_slot(o, goals, (unsigned)p);
			o->table[slot] = (move_state){goals, (uint16_t)p, 0, 1};
			layer[count++] = (uint32_t)slot;
			stored++;
		}
	int fits = stored <= most;
	for (uint32_t depth = 1; count > 0 && fits; depth++) {
		size_t next_count = 0;
		for (size_t k = 0; k < count && fits; k++) {
			move_state st = o->table[layer[k]];
			for (unsigned d = 0; d < 4 && fits; d++) {
				/* The player came from `back` (free) toward d; a box
				 * ahead of it was pulled along (the undone push). */
				unsigned back = board_next(b, st.player, DIR_OPPOSITE(d));
				if (back == SQUARE_NONE || (st.boxes >> back & 1))
					continue;
				unsigned ahead = board_next(b, st.player, d);
				for (int pull = 0; pull < 2; pull++) {
					uint64_t boxes = st.boxes;
					if (pull) {
						if (ahead == SQUARE_NONE ||
						    !(st.boxes >> ahead & 1))
							continue;
						boxes = (boxes & ~((uint64_t)1 << ahead)) |
						        (uint64_t)1 << st.player;
					}
					uint16_t pushes = (uint16_t)(st.pushes + pull);
					size_t slot = oracle_slot(o, boxes, back);
					if (o->table[slot].used) {
						if (o->table[slot].used == depth + 1 &&
						    pushes < o->table[slot].pushes)
							o->table[slot].pushes = pushes;
						continue;
					}
					if (stored == most) {
						fits = 0;
						break;
					}
					o->table[slot] =
					    (move_state){boxes, (uint16_t)back, pushes, depth + 1};
					next[next_count++] = (uint32_t)slot;
					stored++;
				}
			}
		}
		uint32_t *swap = layer;
		layer = next;
		next = swap;
		count = next_count;
	}
	free(layer);
	free(next);
	if (!fits)
		free(o->table);
	return fits;
}

/* The position as a level (squares the board left out are walls). */
static hako_level *oracle_level(const board *b, uint64_t boxes, unsigned player)
{
	size_t bytes = (size_t)(b->width + 1) * (size_t)b->height + 1;
	char *text = malloc(bytes);
	assert_non_null(text);
	for (int y = 0; y < b->height; y++) {
		for (int x = 0; x < b->width; x++) {
			int32_t sq = b->grid_to_square[y * b->width + x];
			char ch = '#';
			if (sq >= 0) {
				int box = (int)(boxes >> sq & 1), goal = b->is_goal[sq];
				ch = (unsigned)sq == player ? (goal ? '+' : '@')
				     : box                  ? (goal ? '*' : '$')
				                            : (goal ? '.' : ' ');
			}
			text[y * (b->width + 1) + x] = ch;
		}
		text[y * (b->width + 1) + b->width] = '\n';
	}
	text[bytes - 1] = '\0';
	hako_level *level = tu_level(text);
	free(text);
	return level;
}

/* Level n of c with its oracle, when it is small enough for one (at most
 * 64 squares, 4 boxes and 2^20 positions): 1, and b and o to free;
 * else 0 and nothing to free. */
static int oracle_level_n(hako_collection *c, size_t n, board *b, move_oracle *o)
{
	if (board_build(hako_collection_level(c, n), b) != HAKO_OK)
		return 0;
	if (b->square_count > 64 || b->box_count > 4 || b->unsolvable ||
	    !oracle_build(o, b, (size_t)1 << 20)) {
		board_free(b);
		return 0;
	}
	return 1;
}

/* Move-optimal A* against the oracle on the Microban levels small enough
 * for it: from the start and from ten positions random walks reach (some
 * of them dead), the same verdict, the same moves, and the same pushes
 * among them. */
static void move_optimal_against_the_oracle(void **state)
{
	(void)state;
	tu_skip_without_shared();
	char path[1024];
	snprintf(path, sizeof path, "%s/Microban_155.xsb", tu_shared_levels());
	hako_collection *c = tu_collection(path);
	int levels = 0, positions = 0, dead = 0, partial = 0, again = 0, bounded = 0, ended = 0;
	uint64_t seed = 12345;
	for (size_t n = 0; n < hako_collection_count(c); n++) {
		board b;
		move_oracle o;
		if (!oracle_level_n(c, n, &b, &o))
			continue;
		uint64_t start = 0;
		for (int i = 0; i < b.box_count; i++)
			start |= (uint64_t)1 << b.start_boxes[i];
		for (int sample = 0; sample < 11; sample++) {
			/* The start, then a random walk of up to 60 moves from it. */
			uint64_t boxes = start;
			unsigned player = b.start_player;
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			int steps = sample == 0 ? 0 : (int)(seed >> 33) % 60;
			for (int k = 0; k < steps; k++) {
				seed = seed * 6364136223846793005ull + 1442695040888963407ull;
				unsigned d = (unsigned)(seed >> 33) & 3u;
				unsigned to = board_next(&b, player, d);
				if (to == SQUARE_NONE)
					continue;
				if (boxes >> to & 1) {
					unsigned beyond = board_next(&b, to, d);
					if (beyond == SQUARE_NONE || (boxes >> beyond & 1))
						continue;
					boxes = (boxes & ~((uint64_t)1 << to)) | (uint64_t)1
					                                             << beyond;
				}
				player = to;
			}
			const move_state *known = &o.table[oracle_slot(&o, boxes, player)];
			hako_level *level = oracle_level(&b, boxes, player);
			hako_solve_result r = solve(level, HAKO_OPTIMAL_MOVES, 0);
			if (known->used) {
				tu_assert_solved_and_replays(level, &r);
				assert_int_equal(r.moves, known->used - 1);
				assert_int_equal(r.pushes, known->pushes);
				/* The proven lower bound: the optimum once solved,
				 * never above it when the search is cut short. */
				assert_int_equal(r.stats.lower_bound, r.moves);
				hako_solve_result cut = solve(level, HAKO_OPTIMAL_MOVES, 3);
				assert_true(cut.stats.lower_bound <= (uint64_t)r.moves);
				bounded +=
				    cut.outcome == HAKO_NODE_LIMIT && cut.stats.lower_bound > 0;
				hako_solve_result_clear(&cut);
			} else {
				assert_int_equal(r.outcome, HAKO_UNSOLVABLE);
				dead++;
			}
			/* Again in a budget whose three quarters are in use from
			 * the first nodes: partial expansion (search_astar.c)
			 * stores only the children near their parent's f. */
			hako_solve_result tight =
			    solve_in(level, HAKO_OPTIMAL_MOVES, 0, 1, (size_t)1536 << 10);
			if (tight.outcome == HAKO_SOLVED) {
				tu_assert_solved_and_replays(level, &tight);
				assert_int_equal(tight.moves, r.moves);
				assert_int_equal(tight.pushes, r.pushes);
				partial++;
				again += tight.stats.expanded > r.stats.expanded;
			} else if (tight.outcome != HAKO_MEMOUT) {
				assert_int_equal(tight.outcome, r.outcome);
			}
			hako_solve_result_clear(&tight);
			/* With the endgame table from the first node (endgame.c),
			 * whole (256 MiB) and cut short (1.5 MiB: an eighth of it
			 * for the table): the same verdict and counts. */
			for (int cut = 0; cut < 2; cut++) {
				hako_solve_result e = solve_endgame(level, cut ? (size_t)1536 << 10
				                                               : (size_t)256 << 20);
				if (e.outcome == HAKO_SOLVED) {
					tu_assert_solved_and_replays(level, &e);
					assert_int_equal(e.moves, r.moves);
					assert_int_equal(e.pushes, r.pushes);
					assert_int_equal(e.stats.lower_bound, r.moves);
					ended++;
				} else if (e.outcome != HAKO_MEMOUT) {
					assert_int_equal(e.outcome, r.outcome);
				}
				hako_solve_result_clear(&e);
			}
			hako_solve_result_clear(&r);
			hako_level_free(level);
			positions++;
		}
		free(o.table);
		board_free(&b);
		levels++;
	}
	print_message("move-optimal against the oracle: %d positions of %d Microban levels, "
	              "%d dead; in 1.5 MiB %d solved, %d of them with more nodes; cut at 3 "
	              "nodes, %d with a lower bound (none above the optimum); with the endgame "
	              "table %d solved\n",
	              positions, levels, dead, partial, again, bounded, ended);
	assert_true(ended >= 200);
	assert_true(levels >= 50);
	assert_true(dead >= 10);
	assert_true(partial >= 100);
	assert_true(again >= 10);
	assert_true(bounded >= 100);
	hako_collection_free(c);
}

/* Every position the move oracle knows of the Microban levels it can
 * hold, one level at a time: `open` is called with each level's board
 * (returns the check's state), `check` with each position, its optimal
 * moves and the pushes of that solution, and `close` after the level.
 * Returns how many levels. */
typedef struct oracle_walk {
	void *(*open)(void *user, const board *b);
	void (*check)(void *user, void *level, const board *b, size_t n, const uint16_t *boxes,
	              unsigned player, uint32_t moves, uint32_t pushes);
	void (*close)(void *level);
	void *user;
} oracle_walk;

static int every_oracle_position(const oracle_walk *w)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/Microban_155.xsb", tu_shared_levels());
	hako_collection *c = tu_collection(path);
	int levels = 0;
	for (size_t n = 0; n < hako_collection_count(c); n++) {
		board b;
		move_oracle o;
		if (!oracle_level_n(c, n, &b, &o))
			continue;
		void *level = w->open(w->user, &b);
		uint16_t boxes[4];
		for (size_t slot = 0; slot < o.capacity; slot++) {
			const move_state *known = &o.table[slot];
			if (!known->used)
				continue;
			int count = 0;
			for (int q = 0; q < b.square_count; q++)
				if (known->boxes >> q & 1)
					boxes[count++] = (uint16_t)q;
			assert_int_equal(count, b.box_count);
			w->check(w->user, level, &b, n, boxes, known->player, known->used - 1,
			         known->pushes);
		}
		w->close(level);
		free(o.table);
		board_free(&b);
		levels++;
	}
	hako_collection_free(c);
	return levels;
}

/* What a bound saw against the oracle. */
typedef struct bound_tally {
	memory mem;
	uint64_t positions, seen, truth, exact;
} bound_tally;

static void tally(bound_tally *y, uint32_t bound, uint32_t truth)
{
	y->positions++;
	y->seen += bound;
	y->truth += truth;
	y->exact += bound == truth;
}

/* Run a bound over every oracle position and say what it saw (`what`:
 * the bound's name, `unit`: what it bounds). */
static void against_the_oracle(const char *what, const char *unit,
                               void *(*open)(void *user, const board *b),
                               void (*check)(void *user, void *level, const board *b, size_t n,
                                             const uint16_t *boxes, unsigned player, uint32_t moves,
                                             uint32_t pushes),
                               void (*close)(void *level))
{
	bound_tally y = {{0, 0, (size_t)1 << 24}, 0, 0, 0, 0};
	oracle_walk w = {open, check, close, &y};
	int levels = every_oracle_position(&w);
	print_message("%s against the oracle: %llu positions of %d Microban levels, 0 above "
	              "the optimum's %s; it sees %llu of their %llu %s (%.1f%%), exactly on "
	              "%llu positions\n",
	              what, (unsigned long long)y.positions, levels, unit,
	              (unsigned long long)y.seen, (unsigned long long)y.truth, unit,
	              y.truth ? 100.0 * (double)y.seen / (double)y.truth : 0.0,
	              (unsigned long long)y.exact);
	assert_true(levels >= 50);
	assert_true(y.seen > 0);
	assert_int_equal(y.mem.used, 0);
}

static void *walk_open(void *user, const board *b)
{
	bound_tally *y = user;
	walk_bound *w = malloc(sizeof *w);
	assert_non_null(w);
	assert_int_equal(walk_bound_init(w, b, &y->mem), HAKO_OK);
	return w;
}

static void walk_check(void *user, void *level, const board *b, size_t n, const uint16_t *boxes,
                       unsigned player, uint32_t moves, uint32_t pushes)
{
	uint32_t walks = moves - pushes;
	uint32_t bound = walk_bound_value(level, b, boxes, player);
	if (bound > walks)
		fail_msg("Microban %zu: walking bound %u above the %u walks of a move-optimal "
		         "solution",
		         n + 1, bound, walks);
	tally(user, bound, walks);
}

static void walk_close(void *level)
{
	walk_bound_free(level);
	free(level);
}

/* The walking bound (bound_walk.c) against every position the oracle
 * knows of the same levels: never more than the walks of a move-optimal
 * solution (its moves less its pushes; any solution walks at least the
 * bound). Prints how much of the walking it sees. */
static void walk_bound_against_the_oracle(void **state)
{
	(void)state;
	tu_skip_without_shared();
	against_the_oracle("walking bound", "walks", walk_open, walk_check, walk_close);
}

static void *tour_open(void *user, const board *b)
{
	bound_tally *y = user;
	tour_bound *t = malloc(sizeof *t);
	assert_non_null(t);
	assert_int_equal(tour_bound_init(t, b, &y->mem), HAKO_OK);
	assert_true(t->ready);
	return t;
}

static void tour_check(void *user, void *level, const board *b, size_t n, const uint16_t *boxes,
                       unsigned player, uint32_t moves, uint32_t pushes)
{
	(void)pushes;
	uint32_t bound = tour_bound_value(level, b, boxes, player);
	if (bound > moves)
		fail_msg(
		    "Microban %zu: tour bound %u above the %u moves of a move-optimal solution",
		    n + 1, bound, moves);
	tally(user, bound, moves);
}

static void tour_close(void *level)
{
	tour_bound_free(level);
	free(level);
}

/* The tour bound (bound_tour.c) is a lower bound on the moves: never
 * above the moves of a move-optimal solution, on every position the move
 * oracle knows. */
static void tour_bound_against_the_oracle(void **state)
{
	(void)state;
	tu_skip_without_shared();
	against_the_oracle("tour bound", "moves", tour_open, tour_check, tour_close);
}

/* The endgame table (endgame.c) against the move oracle, built whole, cut
 * short at 1,024 and 4,096 positions, and stopped past 10 moves: every
 * position it says it knows (moves at most its depth) has the oracle's
 * moves and pushes; every position the oracle knows within the depth,
 * with the player where a push leaves it, is in it; and each entry's push
 * leads to its next entry, a move or more nearer the end. */
static void endgame_against_the_oracle(void **state)
{
	(void)state;
	tu_skip_without_shared();
	char path[1024];
	snprintf(path, sizeof path, "%s/Microban_155.xsb", tu_shared_levels());
	hako_collection *c = tu_collection(path);
	int levels = 0, cut = 0;
	uint64_t checked = 0, found = 0;
	for (size_t n = 0; n < hako_collection_count(c); n++) {
		board b;
		move_oracle o;
		if (!oracle_level_n(c, n, &b, &o))
			continue;
		zobrist z;
		assert_int_equal(zobrist_init(&z, b.square_count), HAKO_OK);
		const uint32_t most[4] = {1024, 4096, 1u << 22, 1u << 22};
		const uint32_t deepest[4] = {UINT32_MAX, UINT32_MAX, UINT32_MAX, 10};
		for (int k = 0; k < 4; k++) {
			memory mem = {0, 0, (size_t)1 << 28};
			deadline clock;
			deadline_init(&clock, 0, NULL);
			endgame e;
			assert_int_equal(endgame_build(&e, &b, &z, &mem, (size_t)1 << 26, most[k],
			                               deepest[k], &clock),
			                 HAKO_OK);
			assert_true(e.ready);
			cut += e.depth != ENDGAME_ALL;
			if (deepest[k] != UINT32_MAX)
				assert_true(e.depth >= deepest[k]);
			for (uint32_t x = 0; x < e.count; x++) {
				const uint16_t *boxes = e.boxes + (size_t)x * (size_t)b.box_count;
				uint64_t bits = 0;
				for (int i = 0; i < b.box_count; i++)
					bits |= (uint64_t)1 << boxes[i];
				uint64_t key =
				    zobrist_boxes(&z, boxes, b.box_count) ^ z.player[e.player[x]];
				assert_int_equal(e.key[x], key);
				if (endgame_find(&e, key, boxes, e.player[x]) != x)
					continue; /* beyond the depth: not claimed */
				const move_state *known =
				    &o.table[oracle_slot(&o, bits, e.player[x])];
				assert_true(known->used);
				assert_int_equal(e.moves[x], known->used - 1);
				assert_int_equal(e.pushes[x], known->pushes);
				if (e.next[x] == ENDGAME_NONE) {
					assert_int_equal(e.moves[x], 0);
					continue;
				}
				/* The push: the box on push_from one square on, the
				 * player onto push_from. */
				uint32_t y = e.next[x];
				unsigned from = e.push_from[x],
				         to = board_next(&b, from, e.push_dir[x]);
				uint64_t after = (bits & ~((uint64_t)1 << from)) | (uint64_t)1
				                                                       << to;
				uint64_t next_bits = 0;
				for (int i = 0; i < b.box_count; i++)
					next_bits |=
					    (uint64_t)1
					    << e.boxes[(size_t)y * (size_t)b.box_count + (size_t)i];
				assert_true(bits >> from & 1);
				assert_int_equal(next_bits, after);
				assert_int_equal(e.player[y], from);
				assert_true(e.moves[y] + 1u <= e.moves[x]);
				assert_int_equal(e.pushes[y] + 1u, e.pushes[x]);
				found++;
			}
			/* Completeness within the depth. */
			for (size_t slot = 0; slot < o.capacity; slot++) {
				const move_state *known = &o.table[slot];
				if (!known->used ||
				    (e.depth != ENDGAME_ALL && known->used - 1 > e.depth))
					continue;
				uint16_t boxes[4];
				int count = 0;
				for (int q = 0; q < b.square_count; q++)
					if (known->boxes >> q & 1)
						boxes[count++] = (uint16_t)q;
				int after_push = 0;
				for (unsigned d = 0; d < 4; d++) {
					unsigned box = board_next(&b, known->player, d);
					unsigned came =
					    board_next(&b, known->player, DIR_OPPOSITE(d));
					after_push |=
					    box != SQUARE_NONE && (known->boxes >> box & 1) &&
					    came != SQUARE_NONE && !(known->boxes >> came & 1);
				}
				if (!after_push)
					continue;
				uint64_t key =
				    zobrist_boxes(&z, boxes, count) ^ z.player[known->player];
				assert_int_not_equal(endgame_find(&e, key, boxes, known->player),
				                     ENDGAME_NONE);
				checked++;
			}
			endgame_free(&e);
			assert_int_equal(mem.used, 0);
		}
		zobrist_free(&z);
		free(o.table);
		board_free(&b);
		levels++;
	}
	print_message("endgame table against the oracle: %d Microban levels, 4 budgets (%d "
	              "cut short): %llu entries exact, %llu oracle positions within the depth "
	              "all found\n",
	              levels, cut, (unsigned long long)found, (unsigned long long)checked);
	assert_true(levels >= 50);
	assert_true(cut >= 20);
	hako_collection_free(c);
}

/* The first Microban levels, push-optimal, against the table. */
static void microban_first_levels(void **state)
{
	(void)state;
	tu_skip_without_shared();
	char path[1024];
	snprintf(path, sizeof path, "%s/Microban_155.xsb", tu_shared_levels());
	hako_collection *c = tu_collection(path);
	snprintf(path, sizeof path, "%s/Microban_155.push_optimal.tsv", tu_shared_levels());
	char *tsv = tu_read_file(path, NULL);
	assert_non_null(tsv);
	long expected[200] = {0};
	for (char *line = strtok(tsv, "\n"); line; line = strtok(NULL, "\n")) {
		int n;
		long pushes;
		if (sscanf(line, "%d\t%ld", &n, &pushes) == 2 && n > 0 && n < 200)
			expected[n] = pushes;
	}
	free(tsv);
	for (int n = 1; n <= 12; n++) {
		const hako_level *level = hako_collection_level(c, (size_t)n - 1);
		hako_solve_result r = solve(level, HAKO_OPTIMAL_PUSHES, 2000000);
		tu_assert_solved_and_replays(level, &r);
		assert_int_equal(r.pushes, expected[n]);
		assert_int_equal(r.stats.lower_bound, r.pushes);
		hako_solve_result_clear(&r);
	}
	/* Microban 111 needs more than 50,000 nodes: the zone tables are
	 * built, kept (they raise most of its open list) and the search starts
	 * again with them (search_astar.c). Still push-optimal, and the nodes
	 * before the restart are counted: more than without the tables. */
	const hako_level *level = hako_collection_level(c, 110);
	hako_solve_result r = solve(level, HAKO_OPTIMAL_PUSHES, 2000000);
	tu_assert_solved_and_replays(level, &r);
	assert_int_equal(r.pushes, expected[111]);
	assert_true(r.stats.expanded > 50000);
	hako_solve_result plain = solve_with(level, HAKO_OPTIMAL_PUSHES, 2000000, 0);
	tu_assert_solved_and_replays(level, &plain);
	assert_int_equal(plain.pushes, expected[111]);
	assert_true(plain.stats.expanded != r.stats.expanded);
	hako_solve_result_clear(&plain);
	hako_solve_result_clear(&r);
	hako_collection_free(c);
}

/* Run `engine` alone to its end with `macros`; a solution must replay.
 * *expanded (NULL: not wanted) gets its expansions. */
static hako_outcome engine_outcome(const search_engine *engine, const hako_level *level, int macros,
                                   uint64_t *expanded)
{
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	hako_solver_options o;
	hako_solver_options_init(&o);
	o.time_limit = 0;
	o.node_limit = 2000000;
	o.macros = macros;
	hako_status st;
	void *e = engine->open(&b, &o, &st);
	assert_non_null(e);
	search_result r;
	while (!engine->step(e, 256, &r))
		;
	if (r.outcome == HAKO_SOLVED) {
		char *lurd = search_lurd(&b, r.pushes, r.push_count);
		assert_non_null(lurd);
		hako_replay replay;
		assert_int_equal(hako_replay_lurd(level, lurd, &replay), HAKO_OK);
		assert_true(replay.solved);
		free(lurd);
	}
	hako_outcome outcome = r.outcome;
	if (expanded)
		*expanded = r.stats.expanded;
	search_result_free(&r);
	engine->close(e);
	board_free(&b);
	return outcome;
}

/* Goal macros (fast mode): XSokoban 17 has a goal room with a packing
 * order. The bidirectional engine is the fast mode's search that plays
 * them (FESS moves boxes anywhere by itself); run on its own, so which
 * engine of the portfolio wins does not matter, its solution replays with
 * and without the macros and the macros save nodes. */
static uint64_t bidir_on(const hako_level *level, int macros)
{
	uint64_t expanded = 0;
	assert_int_equal(engine_outcome(&search_engine_bidir, level, macros, &expanded),
	                 HAKO_SOLVED);
	return expanded;
}

static void goal_macros_in_fast_mode(void **state)
{
	(void)state;
	tu_skip_without_shared();
	char path[1024];
	snprintf(path, sizeof path, "%s/XSokoban_90.xsb", tu_shared_levels());
	hako_collection *c = tu_collection(path);
	const hako_level *level = hako_collection_level(c, 16);
	uint64_t with = bidir_on(level, HAKO_MACRO_ALL);
	uint64_t without = bidir_on(level, HAKO_MACRO_NONE);
	print_message("XSokoban 17 (bidir): %llu nodes with macros, %llu without\n",
	              (unsigned long long)with, (unsigned long long)without);
	assert_true(with < without);
	hako_collection_free(c);
}

/* Boxoban hard 000 #19: the box on (4,4) must go into the right-hand room
 * and come back out to the goal on (4,3) while the player walks round
 * through the room's goal (5,6). A goal macro takes a box on the room's
 * entrance straight to that goal, and with the bipartite check's
 * side-aware reach every such child is dead: an engine that counted only
 * the macro children it kept ran dry and said "unsolvable". Playing a goal
 * macro makes a search non-exhaustive, kept or not. */
static void goal_macros_prove_nothing(void **state)
{
	(void)state;
	hako_level *level = tu_level("##########\n"
	                             "## @######\n"
	                             "## $ ## ##\n"
	                             "### $##  #\n"
	                             "###.$    #\n"
	                             "###  #.  #\n"
	                             "#    #####\n"
	                             "# $. #####\n"
	                             "#.   #####\n"
	                             "##########\n");
	assert_int_equal(engine_outcome(&search_engine_bidir, level, HAKO_MACRO_ALL, NULL),
	                 HAKO_SOLVED);
	assert_int_equal(engine_outcome(&search_engine_bidir_newest, level, HAKO_MACRO_ALL, NULL),
	                 HAKO_SOLVED);
	/* Weighted A* with goal macros (hako-engine -e astar) finds nothing
	 * here: out of nodes, it says memout, not unsolvable. */
	assert_int_equal(engine_outcome(&search_engine_astar, level, HAKO_MACRO_ALL, NULL),
	                 HAKO_MEMOUT);
	hako_solve_result r = solve(level, HAKO_OPTIMAL_NONE, 0);
	assert_int_equal(r.outcome, HAKO_SOLVED);
	hako_solve_result_clear(&r);
	hako_level_free(level);
}

static void deterministic(void **state)
{
	(void)state;
	hako_level *level = tu_level(eight_boxes);
	hako_solve_result a = solve(level, HAKO_OPTIMAL_PUSHES, 20000);
	hako_solve_result b = solve(level, HAKO_OPTIMAL_PUSHES, 20000);
	assert_int_equal(a.outcome, b.outcome);
	assert_true(a.stats.expanded == b.stats.expanded);
	assert_true(a.stats.generated == b.stats.generated);
	if (a.outcome == HAKO_SOLVED)
		assert_string_equal(a.solution, b.solution);
	hako_solve_result_clear(&a);
	hako_solve_result_clear(&b);
	hako_level_free(level);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(tiny_levels),
	    cmocka_unit_test(unsolvable_is_proven),
	    cmocka_unit_test(limits_are_outcomes),
	    cmocka_unit_test(progress_can_cancel),
	    cmocka_unit_test(rejects_bad_arguments),
	    cmocka_unit_test(unit_test_levels),
	    cmocka_unit_test(microban_first_levels),
	    cmocka_unit_test(move_optimal_against_the_oracle),
	    cmocka_unit_test(walk_bound_against_the_oracle),
	    cmocka_unit_test(tour_bound_against_the_oracle),
	    cmocka_unit_test(endgame_against_the_oracle),
	    cmocka_unit_test(goal_macros_in_fast_mode),
	    cmocka_unit_test(goal_macros_prove_nothing),
	    cmocka_unit_test(deterministic),
	};
	return tu_exit_code(cmocka_run_group_tests(tests, NULL, NULL));
}
