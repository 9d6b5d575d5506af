/* oracle_check.c — every deadlock detector configuration against the
 * oracle: each reachable position of a level is put to deadlock_check, once
 * with every box examined and once the way the search asks (the box the
 * last push moved); a solvable position called dead is a false positive. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "board.h"
#include "deadlock.h"
#include "oracle.h"

const oracle_config oracle_configs[ORACLE_CONFIGS] = {
    {"simple dead squares", 0},
    {"freeze", DEADLOCK_USE_FREEZE},
    {"bipartite", DEADLOCK_USE_BIPARTITE},
    {"diagonal", DEADLOCK_USE_DIAGONAL},
    {"corral", DEADLOCK_USE_CORRAL},
    {"corral + escape search", DEADLOCK_USE_CORRAL | DEADLOCK_USE_CORRAL_ESCAPE},
    {"frozen walls + freeze", DEADLOCK_USE_FROZEN_WALLS | DEADLOCK_USE_FREEZE},
    {"all", DEADLOCK_USE_ALL},
};

static const char *const mode_names[ORACLE_MODES] = {"every box", "pushed box"};

static_assert(DEADLOCK_KINDS <= sizeof(((oracle_totals *)0)->kinds) / sizeof(uint64_t),
              "oracle_totals.kinds holds every kind");

/* The oracle's positions in the detectors' terms: board squares. */
typedef struct converted {
	int box_count;
	size_t count;
	uint16_t *boxes; /* count * box_count, ascending */
	uint16_t *player, *pushed, *pusher;
	/* Dead positions one push from a solvable one: where a search meets a
	 * deadlock. Their pushed/pusher are those of such a push. */
	uint8_t *frontier;
} converted;

static uint16_t to_square(const board *b, int32_t grid)
{
	if (grid < 0)
		return SQUARE_NONE;
	int32_t s = b->grid_to_square[grid];
	assert(s >= 0);
	return (uint16_t)s;
}

/* The box a push moved: the square in `from` that is not in `to` (both
 * ascending). */
static unsigned moved_box(const uint16_t *from, const uint16_t *to, int k)
{
	for (int i = 0, j = 0; i < k; i++) {
		while (j < k && to[j] < from[i])
			j++;
		if (j == k || to[j] != from[i])
			return from[i];
		j++;
	}
	return SQUARE_NONE;
}

static int convert(const oracle *o, const board *b, converted *c)
{
	int k = oracle_box_count(o);
	size_t n = oracle_count(o);
	c->box_count = k;
	c->count = n;
	c->boxes = malloc(sizeof(uint16_t) * (n * (size_t)k + 1));
	c->player = malloc(sizeof(uint16_t) * n);
	c->pushed = malloc(sizeof(uint16_t) * n);
	c->pusher = malloc(sizeof(uint16_t) * n);
	int32_t *grid = malloc(sizeof(int32_t) * ((size_t)k + 1));
	if (!c->boxes || !c->player || !c->pushed || !c->pusher || !grid) {
		free(grid);
		return 0;
	}
	for (size_t i = 0; i < n; i++) {
		int32_t player;
		oracle_position(o, i, grid, &player);
		uint16_t *boxes = c->boxes + i * (size_t)k;
		/* Insertion sort: board squares need not follow grid order. */
		for (int j = 0; j < k; j++) {
			uint16_t s = to_square(b, grid[j]);
			int at = j;
			while (at > 0 && boxes[at - 1] > s) {
				boxes[at] = boxes[at - 1];
				at--;
			}
			boxes[at] = s;
		}
		c->player[i] = to_square(b, player);
		c->pushed[i] = to_square(b, oracle_pushed(o, i));
		c->pusher[i] = to_square(b, oracle_pusher(o, i));
	}
	free(grid);
	c->frontier = calloc(n ? n : 1, 1);
	if (!c->frontier)
		return 0;
	for (size_t i = 0; i < n; i++) {
		if (!oracle_solvable(o, i))
			continue;
		const uint32_t *next;
		size_t count = oracle_successors(o, i, &next);
		for (size_t e = 0; e < count; e++) {
			size_t q = next[e];
			if (oracle_solvable(o, q) || c->frontier[q])
				continue;
			const uint16_t *from = c->boxes + i * (size_t)k,
			               *to = c->boxes + q * (size_t)k;
			c->frontier[q] = 1;
			c->pushed[q] = (uint16_t)moved_box(to, from, k);
			c->pusher[q] = (uint16_t)moved_box(from, to, k);
		}
	}
	return 1;
}

static void converted_free(converted *c)
{
	free(c->boxes);
	free(c->player);
	free(c->pushed);
	free(c->pusher);
	free(c->frontier);
}

static uint64_t now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* A verdict must name only boxes of the position, and a kind its
 * configuration may report. */
static int proof_ok(const board *b, const uint8_t *occupied, unsigned use, deadlock_kind kind,
                    const deadlock_proof *proof)
{
	static const unsigned needs[DEADLOCK_KINDS] = {
	    0,
	    0,
	    DEADLOCK_USE_FREEZE,
	    DEADLOCK_USE_BIPARTITE,
	    DEADLOCK_USE_DIAGONAL,
	    DEADLOCK_USE_CORRAL,
	};
	if ((int)kind <= 0 || (int)kind >= DEADLOCK_KINDS || proof->kind != kind)
		return 0;
	if (needs[kind] && !(use & needs[kind]))
		return 0;
	if (proof->count < 1 || proof->count > b->box_count)
		return 0;
	for (int i = 0; i < proof->count; i++)
		if (proof->boxes[i] >= b->square_count || !occupied[proof->boxes[i]])
			return 0;
	return 1;
}

static void report(FILE *log, const char *label, const oracle *o, const board *b,
                   const converted *c, size_t i, int config, int mode, deadlock_kind kind,
                   const deadlock_proof *proof, int bad_proof)
{
	if (!log)
		return;
	int k = c->box_count;
	int32_t *grid = malloc(sizeof(int32_t) * ((size_t)k + 1));
	if (!grid)
		return;
	for (int j = 0; j < k; j++)
		grid[j] = b->square_to_grid[c->boxes[i * (size_t)k + (size_t)j]];
	unsigned player = mode == 1 ? c->pusher[i] : c->player[i];
	char *xsb = oracle_xsb(o, grid, b->square_to_grid[player]);
	fprintf(log, "%s: %s: position %zu (%s, depth %u), detector \"%s\" (use 0x%x), %s", label,
	        bad_proof ? "BAD PROOF" : "FALSE POSITIVE", i,
	        oracle_solvable(o, i) ? "solvable" : "dead", (unsigned)oracle_depth(o, i),
	        oracle_configs[config].name, oracle_configs[config].use, mode_names[mode]);
	if (mode == 1)
		fprintf(log, " (pushed box at %d,%d)", board_x(b, c->pushed[i]),
		        board_y(b, c->pushed[i]));
	fprintf(log, ": says %s, boxes",
	        (int)kind > 0 && (int)kind < DEADLOCK_KINDS ? deadlock_kind_names[kind] : "?");
	for (int j = 0; j < proof->count && j < b->box_count; j++)
		fprintf(log, " %d,%d", board_x(b, proof->boxes[j]), board_y(b, proof->boxes[j]));
	fprintf(log, "\n%s", xsb ? xsb : "(no memory)\n");
	free(xsb);
	free(grid);
}

/* One configuration in one mode over every position, with a fresh checker
 * (its caches warm up over the level, as in a search). */
static uint64_t run_config(const oracle *o, const board *b, const converted *c, int config,
                           int mode, const oracle_check_options *options, oracle_totals *totals,
                           uint8_t *occupied, deadlock_proof *proof, FILE *log, const char *label,
                           int *reports)
{
	unsigned use = oracle_configs[config].use;
	memory mem = {0, 0, SIZE_MAX};
	deadlock_checker *checker = deadlock_checker_new(b, &mem, use);
	if (!checker) {
		if (log)
			fprintf(log, "%s: no memory for the checker\n", label);
		return 1;
	}
	oracle_tally *t = &totals->tally[config][mode];
	int k = c->box_count;
	uint64_t failures = 0, elapsed = 0;
	uint64_t started = options->timing ? now_ns() : 0;
	for (size_t i = 0; i < c->count; i++) {
		unsigned pushed = mode == 1 ? c->pushed[i] : SQUARE_NONE;
		if (mode == 1 && pushed == SQUARE_NONE)
			continue; /* the start: no push reached it */
		const uint16_t *boxes = c->boxes + i * (size_t)k;
		for (int j = 0; j < k; j++)
			occupied[boxes[j]] = 1;
		deadlock_position p = {b, occupied, boxes, mode == 1 ? c->pusher[i] : c->player[i]};
		deadlock_kind kind =
		    deadlock_check(checker, &p, pushed, options->corral_budget, proof);
		int solvable = oracle_solvable(o, i);
		if (mode == 1) {
			deadlock_kind split = deadlock_check_local(checker, &p, pushed, proof);
			if (split == DEADLOCK_NONE)
				split = deadlock_check_global(checker, &p, pushed,
				                              options->corral_budget, proof);
			if ((split != DEADLOCK_NONE) != (kind != DEADLOCK_NONE)) {
				t->split_mismatches++;
				failures++;
				if (log && (*reports)++ < options->max_reports)
					fprintf(log,
					        "%s: position %zu: deadlock_check says %s, its two "
					        "parts %s\n",
					        label, i, deadlock_kind_names[kind],
					        deadlock_kind_names[split]);
			}
			/* the proof again for the checks below */
			kind = deadlock_check(checker, &p, pushed, options->corral_budget, proof);
		}
		t->checked++;
		if (!solvable)
			t->dead++;
		t->frontier += c->frontier[i];
		if (kind != DEADLOCK_NONE) {
			int bad = !proof_ok(b, occupied, use, kind, proof);
			if (solvable)
				t->false_positives++;
			else
				t->caught++;
			t->frontier_caught += c->frontier[i];
			if (bad)
				t->bad_proofs++;
			if (config == ORACLE_CONFIGS - 1 && mode == 0 && !solvable &&
			    (int)kind < DEADLOCK_KINDS)
				totals->kinds[kind]++;
			if (solvable || bad) {
				failures++;
				if ((*reports)++ < options->max_reports) {
					if (options->timing)
						elapsed += now_ns() - started;
					report(log, label, o, b, c, i, config, mode, kind, proof,
					       bad);
					if (options->timing)
						started = now_ns();
				}
			}
		}
		for (int j = 0; j < k; j++)
			occupied[boxes[j]] = 0;
	}
	if (options->timing)
		elapsed += now_ns() - started;
	t->nanoseconds += elapsed;
	deadlock_checker_free(checker);
	return failures;
}

static void report_pi(FILE *log, const char *label, const oracle *o, const board *b,
                      const uint16_t *boxes, int k, const deadlock_position *p, size_t i,
                      const uint8_t *allowed)
{
	int32_t *grid = malloc(sizeof(int32_t) * ((size_t)k + 1));
	for (int j = 0; grid && j < k; j++)
		grid[j] = b->square_to_grid[boxes[j]];
	char *xsb = grid ? oracle_xsb(o, grid, b->square_to_grid[p->player]) : NULL;
	fprintf(log,
	        "%s: PI-CORRAL LOSES THE OPTIMUM: position %zu (%u pushes from a solution), "
	        "allowed:",
	        label, i, (unsigned)oracle_to_goal(o, i));
	for (int s = 0; s < b->square_count; s++)
		if (allowed[s])
			fprintf(log, " %d,%d", board_x(b, (unsigned)s), board_y(b, (unsigned)s));
	fprintf(log, "\n%s", xsb ? xsb : "(no memory)\n");
	free(xsb);
	free(grid);
}

/* PI-corral pruning on every solvable position, as the search asks (the
 * normalized player): where it restricts the pushes, some allowed push must
 * lead to a position exactly one push nearer a solution (dead_corral.c's
 * claim), and only box squares may be allowed. */
static uint64_t run_pi(const oracle *o, const board *b, const converted *c,
                       const oracle_check_options *options, oracle_totals *totals,
                       uint8_t *occupied, FILE *log, const char *label, int *reports)
{
	memory mem = {0, 0, SIZE_MAX};
	deadlock_checker *checker = deadlock_checker_new(b, &mem, DEADLOCK_USE_ALL);
	uint8_t *allowed = calloc((size_t)b->square_count + 1, 1);
	if (!checker || !allowed) {
		if (log)
			fprintf(log, "%s: no memory for the PI-corral check\n", label);
		deadlock_checker_free(checker);
		free(allowed);
		return 1;
	}
	oracle_pi_tally *t = &totals->pi;
	int k = c->box_count;
	uint64_t failures = 0;
	for (size_t i = 0; i < c->count; i++) {
		if (!oracle_solvable(o, i))
			continue;
		const uint16_t *boxes = c->boxes + i * (size_t)k;
		for (int j = 0; j < k; j++)
			occupied[boxes[j]] = 1;
		deadlock_position p = {b, occupied, boxes, c->player[i]};
		t->checked++;
		if (deadlock_pi_corral(checker, &p, allowed)) {
			t->restricted++;
			const uint32_t *next;
			size_t n = oracle_successors(o, i, &next);
			int kept_optimal = 0;
			for (size_t e = 0; e < n; e++) {
				unsigned from =
				    moved_box(boxes, c->boxes + (size_t)next[e] * (size_t)k, k);
				t->pushes_all++;
				if (from == SQUARE_NONE || !allowed[from])
					continue;
				t->pushes_kept++;
				if (oracle_to_goal(o, next[e]) + 1 == oracle_to_goal(o, i))
					kept_optimal = 1;
			}
			for (int s = 0; s < b->square_count; s++)
				if (allowed[s] && !occupied[s])
					kept_optimal = 0;
			if (!kept_optimal) {
				t->violations++;
				failures++;
				if ((*reports)++ < options->max_reports && log)
					report_pi(log, label, o, b, boxes, k, &p, i, allowed);
			}
			memset(allowed, 0, (size_t)b->square_count);
		}
		for (int j = 0; j < k; j++)
			occupied[boxes[j]] = 0;
	}
	free(allowed);
	deadlock_checker_free(checker);
	return failures;
}

uint64_t oracle_check_level(const hako_level *level, const char *label,
                            const oracle_check_options *options, oracle_totals *totals, FILE *log)
{
	totals->levels++;
	oracle *o;
	oracle_status st = oracle_solve(level, &options->oracle, &o);
	if (st == ORACLE_INVALID) {
		totals->invalid++;
		return 0;
	}
	if (st != ORACLE_OK) {
		totals->over_budget++;
		if (st == ORACLE_NOMEM && log)
			fprintf(log, "%s: out of memory in the oracle, skipped\n", label);
		return 0;
	}
	board b;
	if (board_build(level, &b) != HAKO_OK) {
		if (log)
			fprintf(log, "%s: board_build failed on a level the oracle solved\n",
			        label);
		oracle_free(o);
		return 1;
	}
	if (b.box_count != oracle_box_count(o)) {
		if (log)
			fprintf(log, "%s: the board has %d boxes, the oracle %d\n", label,
			        b.box_count, oracle_box_count(o));
		board_free(&b);
		oracle_free(o);
		return 1;
	}
	converted c;
	memset(&c, 0, sizeof c);
	uint8_t *occupied = calloc((size_t)b.square_count + 1, 1);
	uint16_t *proof_boxes = malloc(sizeof(uint16_t) * ((size_t)b.box_count + 1));
	uint64_t failures = 0;
	if (!occupied || !proof_boxes || !convert(o, &b, &c)) {
		if (log)
			fprintf(log, "%s: no memory\n", label);
		failures = 1;
	} else {
		totals->covered++;
		totals->positions += c.count;
		totals->solvable += oracle_solvable_count(o);
		totals->dead += c.count - oracle_solvable_count(o);
		deadlock_proof proof = {DEADLOCK_NONE, 0, proof_boxes};
		int reports = 0;
		for (int config = 0; config < ORACLE_CONFIGS; config++)
			for (int mode = 0; mode < ORACLE_MODES; mode++)
				failures += run_config(o, &b, &c, config, mode, options, totals,
				                       occupied, &proof, log, label, &reports);
		failures += run_pi(o, &b, &c, options, totals, occupied, log, label, &reports);
	}
	converted_free(&c);
	free(occupied);
	free(proof_boxes);
	board_free(&b);
	oracle_free(o);
	return failures;
}

static double percent(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

void oracle_print_table(const oracle_totals *t, FILE *out)
{
	fprintf(out,
	        "Levels: %llu, covered %llu, over the state budget %llu, not playable %llu.\n"
	        "Positions: %llu reachable, %llu solvable, %llu dead (%.1f%%).\n\n",
	        (unsigned long long)t->levels, (unsigned long long)t->covered,
	        (unsigned long long)t->over_budget, (unsigned long long)t->invalid,
	        (unsigned long long)t->positions, (unsigned long long)t->solvable,
	        (unsigned long long)t->dead, percent(t->dead, t->positions));
	fprintf(out,
	        "| detector | boxes examined | positions checked | false positives | bad proofs "
	        "| dead caught / all dead | caught | caught where a push from a solvable position "
	        "kills | ns/check |\n");
	fprintf(out, "|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
	for (int config = 0; config < ORACLE_CONFIGS; config++)
		for (int mode = 0; mode < ORACLE_MODES; mode++) {
			const oracle_tally *x = &t->tally[config][mode];
			fprintf(out,
			        "| %s | %s | %llu | %llu | %llu | %llu / %llu | %.2f%% | %.2f%% | ",
			        oracle_configs[config].name, mode_names[mode],
			        (unsigned long long)x->checked,
			        (unsigned long long)x->false_positives,
			        (unsigned long long)x->bad_proofs, (unsigned long long)x->caught,
			        (unsigned long long)x->dead, percent(x->caught, x->dead),
			        percent(x->frontier_caught, x->frontier));
			if (x->nanoseconds)
				fprintf(out, "%.0f |\n",
				        (double)x->nanoseconds /
				            (double)(x->checked ? x->checked : 1));
			else
				fprintf(out, "– |\n");
		}
	fprintf(out,
	        "\n%llu dead positions lie one push from a solvable one (where a search meets a "
	        "deadlock; there the pushed box is the one that push moved).\n",
	        (unsigned long long)t->tally[0][0].frontier);
	const oracle_pi_tally *pi = &t->pi;
	fprintf(
	    out,
	    "\nPI-corral pruning: %llu solvable positions, restricted in %llu (%.2f%%), keeping "
	    "%llu of their %llu pushes (%.1f%%); positions where no kept push starts a "
	    "push-optimal solution: %llu (must be 0).\n",
	    (unsigned long long)pi->checked, (unsigned long long)pi->restricted,
	    percent(pi->restricted, pi->checked), (unsigned long long)pi->pushes_kept,
	    (unsigned long long)pi->pushes_all, percent(pi->pushes_kept, pi->pushes_all),
	    (unsigned long long)pi->violations);
	fprintf(out, "\nVerdicts of \"all\" (every box) on dead positions, by kind:");
	for (int kind = 1; kind < DEADLOCK_KINDS; kind++)
		fprintf(out, " %s %llu%s", deadlock_kind_names[kind],
		        (unsigned long long)t->kinds[kind],
		        kind + 1 < DEADLOCK_KINDS ? "," : ".\n");
}
