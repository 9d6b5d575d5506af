/* test_dead_corral.c — corral deadlocks and PI-corral pruning: hand-drawn
 * diagrams (each also judged by the exhaustive tiny_solver), the
 * cache, and sweeps over every position of tiny boards: no corral "dead"
 * may be solvable, and every PI restriction must keep an optimal push. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "dead_corral.h"
#include "dead_pattern.h"
#include "deadlock.h"
#include "level.h"
#include "memory.h"
#include "testboard.h"
#include "tiny_solver.h"

#define BIG_BUDGET 1000000u
#define CACHE_BYTES ((size_t)1 << 20)

/* ---- a level, its board, a position and a detector ------------------------ */

typedef struct fixture {
	tb_position t; /* the level, its board and the start position */
	memory mem;
	dead_corral *d;
	deadlock_position p; /* over t */
} fixture;

/* The position: the level's start. */
static void open_fixture(fixture *f, const char *xsb)
{
	memset(f, 0, sizeof *f);
	tb_open(&f->t, xsb);
	f->mem.limit = (size_t)1 << 30;
	f->d = dead_corral_new(&f->t.b, &f->mem, CACHE_BYTES);
	assert_non_null(f->d);
	f->p.b = &f->t.b;
	f->p.occupied = f->t.occupied;
	f->p.boxes = f->t.boxes;
	f->p.player = f->t.b.start_player;
}

static void close_fixture(fixture *f)
{
	dead_corral_free(f->d);
	assert_int_equal(f->mem.used, 0);
	tb_close(&f->t);
}

static int check(fixture *f, uint64_t budget)
{
	memset(f->t.proof_boxes, 0xFF, sizeof(uint16_t) * ((size_t)f->t.b.box_count + 1));
	f->t.proof.count = 0;
	f->t.proof.kind = DEADLOCK_NONE;
	return dead_corral_check(f->d, &f->p, budget, &f->t.proof);
}

static dead_corral_stats stats(const fixture *f)
{
	dead_corral_stats s;
	dead_corral_get_stats(f->d, &s);
	return s;
}

static unsigned fixture_pushes(fixture *f)
{
	tiny_solver o;
	tiny_solver_open(&o, &f->t.b);
	unsigned pushes = tiny_solver_pushes(&o, f->t.boxes, f->p.player);
	tiny_solver_close(&o);
	return pushes;
}

/* ---- sweeps over every position of tiny boards ------------------------------ */

typedef struct sweep_counts {
	long positions, unsolvable, dead, dead_small_budget, dead_escape, pi, pi_restricting;
	long ring_dead; /* corrals the ring search proved dead (not counting cache hits) */
} sweep_counts;

/* Check every box placement and player region of the board against the
 * exhaustive solver: no corral "dead" is solvable (with a large and a tiny budget,
 * each detector keeping its cache across positions), and a PI restriction
 * always keeps a push that starts an optimal solution. */
static sweep_counts sweep_board(const char *xsb)
{
	fixture f, small, escape;
	open_fixture(&f, xsb);
	open_fixture(&small, xsb);
	open_fixture(&escape, xsb);
	dead_corral_escape(escape.d, 1);
	/* The small-budget detector gets a tiny cache, emptied again and again. */
	dead_corral_free(small.d);
	small.d = dead_corral_new(&small.t.b, &small.mem, 4096);
	assert_non_null(small.d);
	tiny_solver o;
	tiny_solver_open(&o, &f.t.b);
	const board *b = &f.t.b;
	int n = b->square_count, k = b->box_count;
	sweep_counts counts;
	memset(&counts, 0, sizeof counts);
	uint8_t *allowed = calloc((size_t)n, 1);
	uint8_t *region_done = calloc((size_t)n, 1);
	uint16_t pick[3] = {0, 1, 2};
	for (;;) {
		memset(f.t.occupied, 0, (size_t)n);
		for (int i = 0; i < k; i++) {
			f.t.boxes[i] = pick[i];
			f.t.occupied[pick[i]] = 1;
		}
		memcpy(small.t.occupied, f.t.occupied, (size_t)n);
		memcpy(small.t.boxes, f.t.boxes, sizeof(uint16_t) * (size_t)k);
		memcpy(escape.t.occupied, f.t.occupied, (size_t)n);
		memcpy(escape.t.boxes, f.t.boxes, sizeof(uint16_t) * (size_t)k);
		memset(region_done, 0, (size_t)n);
		for (int player = 0; player < n; player++) {
			if (f.t.occupied[player] || region_done[player])
				continue;
			tiny_solver_flood(&o, f.t.occupied, (unsigned)player);
			for (int s = 0; s < n; s++)
				region_done[s] |= o.seen[s];
			f.p.player = small.p.player = escape.p.player = (unsigned)player;
			unsigned pushes = tiny_solver_pushes(&o, f.t.boxes, (unsigned)player);
			counts.positions++;
			counts.unsolvable += pushes == TINY_UNSOLVABLE;
			int dead = check(&f, BIG_BUDGET);
			/* The escape search only runs where the first found a way
			 * out: it adds dead verdicts, never takes one away. */
			int dead_escape = check(&escape, BIG_BUDGET);
			assert_true(dead_escape >= dead);
			if (dead_escape) {
				counts.dead_escape++;
				if (pushes != TINY_UNSOLVABLE)
					print_error("false corral deadlock (escape search), %u "
					            "pushes to solve:\n%s\n",
					            pushes, xsb);
				assert_int_equal(pushes, TINY_UNSOLVABLE);
				assert_int_equal(escape.t.proof.kind, DEADLOCK_CORRAL);
			}
			if (dead) {
				counts.dead++;
				if (pushes != TINY_UNSOLVABLE)
					print_error(
					    "false corral deadlock, %u pushes to solve:\n%s\nboxes",
					    pushes, xsb);
				assert_int_equal(pushes, TINY_UNSOLVABLE);
				assert_int_equal(f.t.proof.kind, DEADLOCK_CORRAL);
				assert_true(f.t.proof.count >= 1 && f.t.proof.count <= k);
			}
			if (check(&small, 3)) {
				counts.dead_small_budget++;
				assert_int_equal(pushes, TINY_UNSOLVABLE);
			}
			memset(allowed, 0, (size_t)n);
			if (!dead_corral_pi(f.d, &f.p, allowed))
				continue;
			counts.pi++;
			int allowed_boxes = 0;
			for (int s = 0; s < n; s++) {
				if (allowed[s])
					assert_true(f.t.occupied[s]);
				allowed_boxes += allowed[s];
			}
			counts.pi_restricting += allowed_boxes < k;
			/* The best child among the allowed pushes. */
			unsigned best = TINY_UNSOLVABLE;
			memcpy(o.moved_occupied, f.t.occupied, (size_t)n);
			tiny_solver_flood(&o, f.t.occupied, (unsigned)player);
			memcpy(o.reach, o.seen, (size_t)n);
			for (int i = 0; i < k; i++) {
				if (!allowed[f.t.boxes[i]])
					continue;
				for (unsigned d = 0; d < 4; d++) {
					unsigned from =
					    board_next(b, f.t.boxes[i], DIR_OPPOSITE(d));
					unsigned to = board_next(b, f.t.boxes[i], d);
					if (from == SQUARE_NONE || to == SQUARE_NONE ||
					    !o.reach[from] || f.t.occupied[to])
						continue;
					uint16_t moved[3];
					memcpy(moved, f.t.boxes, sizeof(uint16_t) * (size_t)k);
					moved[i] = (uint16_t)to;
					tb_sort_boxes(moved, k);
					unsigned child =
					    tiny_solver_pushes(&o, moved, f.t.boxes[i]);
					if (child < best)
						best = child;
				}
			}
			if (pushes == TINY_UNSOLVABLE || pushes == 0) {
				assert_true(pushes == TINY_UNSOLVABLE || best == TINY_UNSOLVABLE ||
				            best > 0);
			} else {
				if (best != pushes - 1)
					print_error("PI restriction loses the optimum (%u, best "
					            "kept %u):\n%s\n",
					            pushes, best, xsb);
				assert_int_equal(best, pushes - 1);
			}
		}
		if (!tb_next_subset(pick, k, n))
			break;
	}
	counts.ring_dead = (long)stats(&escape).ring_dead;
	free(allowed);
	free(region_done);
	tiny_solver_close(&o);
	close_fixture(&escape);
	close_fixture(&small);
	close_fixture(&f);
	return counts;
}

/* These and testboard.c's tb_sweep_boards. */
static const char *const sweep_levels[] = {
    "######\n"
    "#    #\n"
    "# #. #\n"
    "#  . #\n"
    "#@$$ #\n"
    "######\n",

    "#######\n"
    "#     #\n"
    "# .$. #\n"
    "# $.$ #\n"
    "#  @  #\n"
    "#######\n",

    "########\n"
    "#   #  #\n"
    "# #   .#\n"
    "#  .## #\n"
    "##$  $ #\n"
    " #  #. #\n"
    " # @ $ #\n"
    " #######\n",

    /* A pocket whose one door is a box held between two others: pushed
     * in, it stays; the other two get out only after it (the ring
     * search). The same with a goal in the pocket. */
    "#######\n"
    "### ###\n"
    "### ###\n"
    "#.$$$.#\n"
    "# # # #\n"
    "#  +  #\n"
    "#######\n",

    "#######\n"
    "### ###\n"
    "###.###\n"
    "#.$$$.#\n"
    "# # # #\n"
    "#  @  #\n"
    "#######\n",
};

static void sweep_tiny_boards(void **state)
{
	(void)state;
	sweep_counts total;
	memset(&total, 0, sizeof total);
	size_t own = sizeof sweep_levels / sizeof *sweep_levels;
	for (size_t i = 0; i < own + TB_SWEEP_BOARDS; i++) {
		sweep_counts c = sweep_board(i < own ? sweep_levels[i] : tb_sweep_boards[i - own]);
		print_message(
		    "board %zu: %ld positions, %ld unsolvable, corral dead %ld (budget 3: %ld, "
		    "with the escape search: %ld, of which the ring search: %ld), PI %ld "
		    "(restricting %ld)\n",
		    i, c.positions, c.unsolvable, c.dead, c.dead_small_budget, c.dead_escape,
		    c.ring_dead, c.pi, c.pi_restricting);
		total.dead += c.dead;
		total.dead_escape += c.dead_escape;
		total.ring_dead += c.ring_dead;
		total.pi_restricting += c.pi_restricting;
	}
	/* The sweep must exercise both verdicts, not pass vacuously. */
	assert_true(total.dead > 0);
	assert_true(total.dead_escape > total.dead);
	assert_true(total.ring_dead > 0);
	assert_true(total.pi_restricting > 0);
}

/* ---- diagrams --------------------------------------------------------------- */

/* The position of `xsb` is (or is not) a proven corral deadlock, and the
 * exhaustive solver agrees with a "dead"; returns its fewest pushes. */
static unsigned expect_corral(const char *xsb, int dead)
{
	fixture f;
	open_fixture(&f, xsb);
	unsigned pushes = fixture_pushes(&f);
	assert_int_equal(check(&f, BIG_BUDGET), dead);
	if (dead) {
		assert_int_equal(pushes, TINY_UNSOLVABLE);
		assert_int_equal(f.t.proof.kind, DEADLOCK_CORRAL);
		assert_true(f.t.proof.count >= 1);
		for (int i = 1; i < f.t.proof.count; i++)
			assert_true(f.t.proof.boxes[i - 1] < f.t.proof.boxes[i]);
		for (int i = 0; i < f.t.proof.count; i++)
			assert_true(f.t.occupied[f.t.proof.boxes[i]]);
	}
	close_fixture(&f);
	return pushes;
}

/* Neither simple dead squares nor freeze see it: no box stands on a dead
 * square and every box can still move on some axis. */
static void assert_not_simple_or_frozen(const char *xsb)
{
	fixture f;
	open_fixture(&f, xsb);
	for (int i = 0; i < f.t.b.box_count; i++) {
		assert_false(f.t.b.dead[f.t.boxes[i]]);
		assert_false(
		    dead_freeze_check(&f.t.b, f.t.occupied, f.t.b.dead, f.t.boxes[i], &f.t.proof));
	}
	close_fixture(&f);
}

/* Two boxes in the two doors of a room with both goals: each can only be
 * pushed one square down, where it blocks its own door, and the player
 * never gets in to push them sideways onto the goals. */
static const char *const two_doors = "#######\n"
                                     "#@ #  #\n"
                                     "#     #\n"
                                     "##$#$##\n"
                                     "#.   .#\n"
                                     "#     #\n"
                                     "#######\n";

static void corral_deadlock_that_freeze_misses(void **state)
{
	(void)state;
	assert_not_simple_or_frozen(two_doors);
	expect_corral(two_doors, 1);
	/* A box that can only be pushed into a goalless room it never leaves. */
	const char *door = "########\n"
	                   "#@ .   #\n"
	                   "#  $ . #\n"
	                   "###$####\n"
	                   "  #   #\n"
	                   "  #####\n";
	assert_not_simple_or_frozen(door);
	expect_corral(door, 1);
}

static void corral_that_can_be_opened(void **state)
{
	(void)state;
	/* The box in the lower room gets out once the upper box is pushed
	 * aside and the player walks in. */
	assert_int_equal(expect_corral("#######\n"
	                               "#@    #\n"
	                               "#  $  #\n"
	                               "### ###\n"
	                               "#  $  #\n"
	                               "#. . ##\n"
	                               "#######\n",
	                               0),
	                 8);
	/* Pushing the boundary box in fills the corral's goal. */
	assert_int_equal(expect_corral("#######\n"
	                               "#@    #\n"
	                               "#  $. #\n"
	                               "#  $  #\n"
	                               "#  #. #\n"
	                               "#######\n",
	                               0),
	                 3);
}

/* The last dead verdict as a pattern: its boxes, keys and empty squares. */
static void expect_learned(const fixture *f, int boxes, int keys, int empty)
{
	dead_pattern_spec learned;
	assert_true(dead_corral_pattern(f->d, &learned));
	assert_int_equal(learned.box_count, boxes);
	assert_int_equal(learned.key_count, keys);
	assert_int_equal(learned.empty_count, empty);
}

/* One escape search so far, with these results. */
static void expect_escape_stats(const fixture *f, uint64_t escape_dead, uint64_t ring_searches,
                                uint64_t ring_dead)
{
	dead_corral_stats st = stats(f);
	assert_int_equal(st.escape_searches, 1);
	assert_int_equal(st.escape_dead, escape_dead);
	assert_int_equal(st.ring_searches, ring_searches);
	assert_int_equal(st.ring_dead, ring_dead);
}

/* A pocket only the escape detector proves dead: no dead square or
 * freeze, alive to the first search alone, unsolvable, and dead with the
 * escape searches on, by a proof of three boxes learned as a pattern of
 * three keys and `empty` empty squares; `ring` is 1 when the ring search
 * proves it, 0 when the escape search does. Checked again, the verdicts
 * come from the cache and the pattern is the same. */
static void expect_jam(const char *xsb, int ring, int empty)
{
	assert_not_simple_or_frozen(xsb);
	expect_corral(xsb, 0); /* the first search alone */
	fixture f;
	open_fixture(&f, xsb);
	dead_corral_escape(f.d, 1);
	assert_int_equal(fixture_pushes(&f), TINY_UNSOLVABLE);
	for (int again = 0; again < 2; again++) {
		assert_int_equal(check(&f, BIG_BUDGET), 1);
		assert_int_equal(f.t.proof.kind, DEADLOCK_CORRAL);
		assert_int_equal(f.t.proof.count, 3);
		expect_escape_stats(&f, (uint64_t)!ring, (uint64_t)ring, (uint64_t)ring);
		expect_learned(&f, 3, 3, empty);
	}
	close_fixture(&f);
}

/* The same pocket with a way out: solvable, and the escape detector says
 * alive after one escape search and `ring_searches` ring searches. */
static void expect_escape_alive(const char *xsb, uint64_t ring_searches)
{
	fixture f;
	open_fixture(&f, xsb);
	dead_corral_escape(f.d, 1);
	assert_true(fixture_pushes(&f) != TINY_UNSOLVABLE);
	assert_int_equal(check(&f, BIG_BUDGET), 0);
	expect_escape_stats(&f, 0, ring_searches, 0);
	close_fixture(&f);
}

/* The pocket of dead_corral.c's escape search (XSokoban 62's, cut down):
 * the player gets in only by pushing a box into the pocket, and every way
 * in jams two of the three boxes. The first search calls it alive (the
 * player got in); the escape search proves it dead, learns it as a
 * pattern, and the exhaustive solver agrees. */
static const char *const pocket = "#########\n"
                                  "# #  #  #\n"
                                  "#  $  $ #\n"
                                  "#  #$## #\n"
                                  "#@  ... #\n"
                                  "#########\n";

static void corral_opened_into_a_jam(void **state)
{
	(void)state;
	/* The proof as a pattern: the three boxes, the pocket empty. */
	expect_jam(pocket, 0, 4);

	/* With goals under the right-hand box the jam can be avoided: the
	 * escape search runs and finds the way (the ring search then has
	 * no box beside the corral's to keep). */
	expect_escape_alive("#########\n"
	                    "# #  #  #\n"
	                    "#  $  $ #\n"
	                    "#  #$#..#\n"
	                    "#@  .   #\n"
	                    "#########\n",
	                    0);
}

/* The pocket of dead_corral.c's ring search (the shape of a dead node
 * FESS found on XSokoban 89, cut down): the two squares above the middle
 * box are a corral, and that box is its only box. The first and the
 * escape searches push it out sideways, but the boxes beside it (its
 * ring) hold it there, and they cannot move while it stands between them:
 * it can only go up into the pocket, where it stays, off the goals. Only
 * with the ring is the corral proven dead; the exhaustive solver agrees,
 * the pattern learned keeps the ring's boxes, and with a goal in the
 * pocket the ring search runs and finds nothing. */
static const char *const ringed = "#######\n"
                                  "### ###\n"
                                  "### ###\n"
                                  "#.$$$.#\n"
                                  "# # # #\n"
                                  "#  +  #\n"
                                  "#######\n";

static void corral_held_by_its_ring(void **state)
{
	(void)state;
	expect_jam(ringed, 1, 2);

	expect_escape_alive("#######\n"
	                    "### ###\n"
	                    "###.###\n"
	                    "#.$$$.#\n"
	                    "# # # #\n"
	                    "#  @  #\n"
	                    "#######\n",
	                    1);
}

static void corral_goal_only_its_boxes_could_fill(void **state)
{
	(void)state;
	/* The boxed-in goal's only neighbour box is on a goal already and can
	 * never move: every corral box is home, yet the corral is dead, since
	 * no outside box can ever get in. */
	expect_corral("########\n"
	              "#@  $ ##\n"
	              "#  ##*.#\n"
	              "#  #####\n"
	              "########\n",
	              1);
}

static void alleys(void **state)
{
	(void)state;
	/* Dead: the box in the alley must come up onto the goal, but the player
	 * can never get below it. */
	const char *dead_alley = "########\n"
	                         "#@ .   #\n"
	                         "#  $   #\n"
	                         "### ####\n"
	                         "  #.#\n"
	                         "  #$#\n"
	                         "  # #\n"
	                         "  ###\n";
	assert_not_simple_or_frozen(dead_alley);
	expect_corral(dead_alley, 1);
	/* Not dead: the same alley, but its far end joins the room, so the
	 * player walks round and pushes the box up (no corral at all). */
	assert_int_equal(expect_corral("########\n"
	                               "#@ .   #\n"
	                               "#  $   #\n"
	                               "### ## #\n"
	                               "  #.#  #\n"
	                               "  #$#  #\n"
	                               "  #    #\n"
	                               "  ######\n",
	                               0),
	                 10);
	/* A box at the mouth of an alley closes it, but pushing it in is how
	 * the alley's goal gets filled. */
	assert_int_equal(expect_corral("#######\n"
	                               "#@    #\n"
	                               "#  $  #\n"
	                               "### ###\n"
	                               "  #.#\n"
	                               "  # #\n"
	                               "  ###\n",
	                               0),
	                 2);
	/* A goalless alley behind the box. Pushing the box in twice leaves the
	 * player standing inside the corral's area, and from there outside
	 * boxes could follow it in, so the corral search must give up (the
	 * bug this once had: Microban 37 and others called dead). The
	 * position is dead all the same — the box's square is a dead square
	 * (it could only go up with the player in the alley below it). */
	expect_corral("#######\n"
	              "#@   .#\n"
	              "#  $  #\n"
	              "### ###\n"
	              "  # #\n"
	              "  # #\n"
	              "  ###\n",
	              0);
}

static void proof_names_the_dead_corral(void **state)
{
	(void)state;
	/* Two corrals: the door square between the boxes (alive: the upper box
	 * can be pushed aside), and the lower room, whose box can only go down
	 * onto a dead square. The proof is the lower room's one box. */
	fixture f;
	open_fixture(&f, "#######\n"
	                 "#@  . #\n"
	                 "#  $  #\n"
	                 "### ###\n"
	                 "#  $ .#\n"
	                 "#     #\n"
	                 "#######\n");
	assert_int_equal(fixture_pushes(&f), TINY_UNSOLVABLE);
	assert_int_equal(check(&f, BIG_BUDGET), 1);
	assert_int_equal(f.t.proof.count, 1);
	assert_int_equal(f.t.proof.boxes[0], tb_square(&f.t.b, 3, 4));
	/* A NULL proof is allowed. */
	assert_int_equal(dead_corral_check(f.d, &f.p, BIG_BUDGET, NULL), 1);
	close_fixture(&f);
}

static void no_corral_no_verdict(void **state)
{
	(void)state;
	fixture f;
	open_fixture(&f, "#####\n"
	                 "#@  #\n"
	                 "# $ #\n"
	                 "#  .#\n"
	                 "#####\n");
	assert_int_equal(check(&f, BIG_BUDGET), 0);
	assert_int_equal(stats(&f).searches, 0);
	close_fixture(&f);
}

/* ---- the cache ---------------------------------------------------------------- */

static void cache_repeats_verdicts(void **state)
{
	(void)state;
	fixture f;
	open_fixture(&f, two_doors);
	/* Budget 0 proves nothing... */
	assert_int_equal(check(&f, 0), 0);
	assert_int_equal(stats(&f).searches, 1);
	assert_int_equal(stats(&f).unknown, 1);
	/* ...and is remembered: the same budget does not search again. */
	assert_int_equal(check(&f, 0), 0);
	assert_int_equal(stats(&f).searches, 1);
	assert_int_equal(stats(&f).cache_hits, 1);
	/* More budget searches again and proves it. */
	assert_int_equal(check(&f, BIG_BUDGET), 1);
	assert_int_equal(stats(&f).searches, 2);
	uint64_t nodes = stats(&f).nodes;
	assert_true(nodes > 0);
	/* Now even budget 0 answers "dead", from the cache, without a push. */
	assert_int_equal(check(&f, 0), 1);
	assert_int_equal(check(&f, BIG_BUDGET), 1);
	assert_int_equal(stats(&f).searches, 2);
	assert_int_equal(stats(&f).cache_hits, 3);
	assert_int_equal(stats(&f).nodes, nodes);
	/* The player elsewhere in the same area: same corral, same entry. */
	f.p.player = tb_square(&f.t.b, 5, 2);
	assert_int_equal(check(&f, 0), 1);
	assert_int_equal(stats(&f).cache_hits, 4);
	close_fixture(&f);

	/* The largest budget is no overflow. */
	open_fixture(&f, two_doors);
	assert_int_equal(check(&f, UINT64_MAX), 1);
	close_fixture(&f);

	/* Without a cache every check searches, with the same verdicts. */
	open_fixture(&f, two_doors);
	dead_corral_free(f.d);
	f.d = dead_corral_new(&f.t.b, &f.mem, 0);
	assert_non_null(f.d);
	assert_int_equal(check(&f, BIG_BUDGET), 1);
	assert_int_equal(check(&f, BIG_BUDGET), 1);
	assert_int_equal(check(&f, 0), 0);
	assert_int_equal(stats(&f).searches, 3);
	assert_int_equal(stats(&f).cache_hits, 0);
	close_fixture(&f);
}

/* The table starts small and doubles (issue 14): every verdict stored is
 * found again, with its budget, across the growths; the whole size is
 * counted against the budget from the start; and it is emptied only once
 * half of the full size is used, as a table made at full size would be. */
static void cache_grows_and_keeps_verdicts(void **state)
{
	(void)state;
	memory mem = {0, 0, (size_t)1 << 30};
	dead_corral_cache c;
	assert_int_equal(dead_corral_cache_init(&c, &mem, CACHE_BYTES), 1);
	assert_int_equal(mem.used, c.bytes);
	assert_true(c.mask < c.full_mask);
	uint32_t half = (c.full_mask + 1) / 2;
	uint16_t pattern[3];
	for (uint32_t i = 0; i < half; i++) {
		pattern[0] = (uint16_t)i;
		pattern[1] = (uint16_t)(i >> 16);
		pattern[2] = 7;
		dead_corral_cache_store(&c, pattern, 3, DEAD_CORRAL_UNKNOWN, 1000u + i);
	}
	assert_int_equal(c.mask, c.full_mask);
	assert_int_equal(mem.used, c.bytes);
	for (uint32_t i = 0; i < half; i++) {
		uint64_t budget = 0;
		pattern[0] = (uint16_t)i;
		pattern[1] = (uint16_t)(i >> 16);
		assert_int_equal(dead_corral_cache_find(&c, pattern, 3, &budget),
		                 DEAD_CORRAL_UNKNOWN);
		assert_int_equal(budget, 1000u + i);
	}
	/* One more: full, so it starts over with only the new one. */
	pattern[0] = 0xFFFF;
	pattern[1] = 0xFFFF;
	dead_corral_cache_store(&c, pattern, 3, DEAD_CORRAL_DEAD, 0);
	uint64_t budget;
	assert_int_equal(dead_corral_cache_find(&c, pattern, 3, &budget), DEAD_CORRAL_DEAD);
	pattern[0] = 0;
	pattern[1] = 0;
	assert_int_equal(dead_corral_cache_find(&c, pattern, 3, &budget), DEAD_CORRAL_MISS);
	dead_corral_cache_free(&c);
	assert_int_equal(mem.used, 0);
}

static void cache_ignores_boxes_outside_the_corral(void **state)
{
	(void)state;
	fixture f;
	open_fixture(&f, "########\n"
	                 "#@  $  #\n"
	                 "#   #$ #\n"
	                 "#.  # $#\n"
	                 "#.  #  #\n"
	                 "#.######\n"
	                 "########\n");
	assert_int_equal(check(&f, BIG_BUDGET), 1);
	assert_int_equal(stats(&f).searches, 1);
	/* Move the outside box (4,1) to (2,2): a different position, the same
	 * corral. */
	unsigned from = tb_square(&f.t.b, 4, 1), to = tb_square(&f.t.b, 2, 2);
	f.t.occupied[from] = 0;
	f.t.occupied[to] = 1;
	for (int i = 0; i < f.t.b.box_count; i++)
		if (f.t.boxes[i] == from)
			f.t.boxes[i] = (uint16_t)to;
	tb_sort_boxes(f.t.boxes, f.t.b.box_count);
	assert_int_equal(check(&f, BIG_BUDGET), 1);
	assert_int_equal(stats(&f).searches, 1);
	assert_int_equal(stats(&f).cache_hits, 1);
	close_fixture(&f);
}

/* The key names the player by its real area. The box on (3,1) splits
 * the top in two real areas, (1,1)-(2,1) and the rest, but the bottom
 * corral's R keeps only its two door boxes, where the top is one area.
 * Each real area gets its own entry, with the verdict a search gives
 * (dead both times), and the same real area again is a hit: no flood of
 * R is needed to find an entry. */
static void cache_keys_the_real_player_area(void **state)
{
	(void)state;
	fixture f;
	open_fixture(&f, "#########\n"
	                 "#+ $    #\n"
	                 "###     #\n"
	                 "###$#$###\n"
	                 "##.   .##\n"
	                 "##     ##\n"
	                 "#########\n");
	assert_int_equal(fixture_pushes(&f), TINY_UNSOLVABLE);
	assert_int_equal(check(&f, BIG_BUDGET), 1); /* the bottom corral, searched */
	assert_int_equal(stats(&f).searches, 1);
	/* From the other real area: the pocket (1,1)-(2,1) is a corral too,
	 * alive (its box goes home to (1,1)); the bottom one is searched
	 * again under the new key, dead again. */
	f.p.player = tb_square(&f.t.b, 4, 1);
	assert_int_equal(fixture_pushes(&f), TINY_UNSOLVABLE);
	assert_int_equal(check(&f, BIG_BUDGET), 1);
	assert_int_equal(stats(&f).searches, 3);
	/* The same real area, another square: both from the cache. */
	uint64_t hits = stats(&f).cache_hits;
	f.p.player = tb_square(&f.t.b, 7, 2);
	assert_int_equal(check(&f, BIG_BUDGET), 1);
	assert_int_equal(stats(&f).searches, 3);
	assert_int_equal(stats(&f).cache_hits, hits + 2);
	close_fixture(&f);
}

/* ---- PI-corrals --------------------------------------------------------------- */

/* dead_corral_pi on the start position; `expected` lists the allowed box
 * squares as x, y pairs, ended by -1 (NULL: expect 0 and allowed untouched). */
static void expect_pi(const char *xsb, const int *expected)
{
	fixture f;
	open_fixture(&f, xsb);
	int n = f.t.b.square_count;
	uint8_t *allowed = calloc((size_t)n, 1);
	int pi = dead_corral_pi(f.d, &f.p, allowed);
	if (!expected) {
		if (pi)
			print_error("unexpected PI-corral in\n%s", xsb);
		assert_int_equal(pi, 0);
		for (int s = 0; s < n; s++)
			assert_int_equal(allowed[s], 0);
	} else {
		assert_int_equal(pi, 1);
		int count = 0;
		for (; expected[2 * count] >= 0; count++)
			assert_int_equal(allowed[tb_square(&f.t.b, expected[2 * count],
			                                   expected[2 * count + 1])],
			                 1);
		int set = 0;
		for (int s = 0; s < n; s++)
			set += allowed[s];
		assert_int_equal(set, count);
	}
	free(allowed);
	close_fixture(&f);
}

static void pi_corral_allows_its_boxes(void **state)
{
	(void)state;
	/* Both boxes can only be pushed down, into the room. */
	expect_pi(two_doors, (const int[]){2, 3, 4, 3, -1});
	/* The room's only way in is the box in its door; the other box, free
	 * in the upper room, is not needed now. */
	expect_pi("########\n"
	          "#@ .   #\n"
	          "#  $ . #\n"
	          "###$####\n"
	          "  #   #\n"
	          "  #####\n",
	          (const int[]){3, 3, -1});
	/* Two PI-corrals, an alley and a room: the smaller one (one box) is
	 * chosen. */
	expect_pi("###########\n"
	          "#@        #\n"
	          "##$###$#$##\n"
	          " #.###. .#\n"
	          " # ###   #\n"
	          " #########\n",
	          (const int[]){2, 2, -1});
}

static void not_pi_corrals(void **state)
{
	(void)state;
	/* The upper box can also be pushed left, along the corral's edge. */
	expect_pi("#######\n"
	          "#@    #\n"
	          "#   $ #\n"
	          "#  # $#\n"
	          "#  #  #\n"
	          "#..####\n"
	          "#######\n",
	          NULL);
	/* A corral already solved (its box home, no goal inside) is no reason
	 * to restrict: the other box must move first. */
	expect_pi("#######\n"
	          "#@ $ .#\n"
	          "#     #\n"
	          "###*###\n"
	          "  # #\n"
	          "  ###\n",
	          NULL);
	/* (P) fails: the alley's door box can only be pushed down, but a box
	 * stands where the player would push from. Restricting to the door
	 * box would leave no push at all in a solvable position. */
	const char *blocked = "#######\n"
	                      "#@    #\n"
	                      "#     #\n"
	                      "#  $  #\n"
	                      "###$###\n"
	                      "  #.#\n"
	                      "  #.#\n"
	                      "  ###\n";
	expect_pi(blocked, NULL);
	fixture f;
	open_fixture(&f, blocked);
	assert_int_not_equal(fixture_pushes(&f), TINY_UNSOLVABLE);
	close_fixture(&f);
}

static void pi_corral_without_pushes_is_a_deadlock(void **state)
{
	(void)state;
	/* The corral's box cannot move at all: allowed names it, and the
	 * search has nothing to generate here, rightly so. */
	const char *xsb = "########\n"
	                  "#@  $ ##\n"
	                  "#  ##*.#\n"
	                  "#  #####\n"
	                  "########\n";
	expect_pi(xsb, (const int[]){5, 2, -1});
	fixture f;
	open_fixture(&f, xsb);
	assert_int_equal(fixture_pushes(&f), TINY_UNSOLVABLE);
	close_fixture(&f);
}

/* ---- memory ------------------------------------------------------------------- */

static void memory_budget(void **state)
{
	(void)state;
	hako_level *level = tu_level(two_doors);
	board b;
	assert_int_equal(board_build(level, &b), HAKO_OK);
	for (size_t limit = 0; limit < ((size_t)1 << 21); limit = limit * 2 + 1000) {
		memory mem = {0, 0, limit};
		dead_corral *d = dead_corral_new(&b, &mem, CACHE_BYTES);
		if (d) {
			assert_true(mem.used <= limit);
			dead_corral_free(d);
		}
		assert_int_equal(mem.used, 0);
	}
	memory mem = {0, 0, (size_t)1 << 30};
	dead_corral *d = dead_corral_new(&b, &mem, CACHE_BYTES);
	assert_non_null(d);
	assert_true(mem.used >= CACHE_BYTES / 2);
	dead_corral_free(d);
	assert_int_equal(mem.used, 0);
	board_free(&b);
	hako_level_free(level);
}

/* The exhaustive solver itself, on positions with known answers. */
static void oracle_knows_small_levels(void **state)
{
	(void)state;
	assert_int_equal(expect_corral("#####\n"
	                               "#@$.#\n"
	                               "#####\n",
	                               0),
	                 1);
	assert_int_equal(expect_corral("######\n"
	                               "#@$ .#\n"
	                               "######\n",
	                               0),
	                 2);
	fixture f;
	open_fixture(&f, "######\n"
	                 "#@ $.#\n"
	                 "# $. #\n"
	                 "######\n");
	assert_int_equal(fixture_pushes(&f), 2);
	close_fixture(&f);
	open_fixture(&f, "#####\n"
	                 "#.$@#\n"
	                 "#####\n");
	assert_int_equal(fixture_pushes(&f), 1);
	f.p.player = tb_square(&f.t.b, 1, 1);
	f.t.occupied[tb_square(&f.t.b, 2, 1)] = 0;
	f.t.boxes[0] = (uint16_t)tb_square(&f.t.b, 3, 1);
	f.t.occupied[f.t.boxes[0]] = 1;
	assert_int_equal(fixture_pushes(&f), TINY_UNSOLVABLE);
	close_fixture(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(oracle_knows_small_levels),
	    cmocka_unit_test(corral_deadlock_that_freeze_misses),
	    cmocka_unit_test(corral_that_can_be_opened),
	    cmocka_unit_test(corral_held_by_its_ring),
	    cmocka_unit_test(corral_opened_into_a_jam),
	    cmocka_unit_test(corral_goal_only_its_boxes_could_fill),
	    cmocka_unit_test(alleys),
	    cmocka_unit_test(proof_names_the_dead_corral),
	    cmocka_unit_test(no_corral_no_verdict),
	    cmocka_unit_test(cache_repeats_verdicts),
	    cmocka_unit_test(cache_grows_and_keeps_verdicts),
	    cmocka_unit_test(cache_ignores_boxes_outside_the_corral),
	    cmocka_unit_test(cache_keys_the_real_player_area),
	    cmocka_unit_test(pi_corral_allows_its_boxes),
	    cmocka_unit_test(not_pi_corrals),
	    cmocka_unit_test(pi_corral_without_pushes_is_a_deadlock),
	    cmocka_unit_test(memory_budget),
	    cmocka_unit_test(sweep_tiny_boards),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
