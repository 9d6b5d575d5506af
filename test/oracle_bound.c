/* oracle_bound.c — the lower bounds held to the exhaustive oracle: on every
 * solvable position of a level, the matching bound and the pattern
 * database bound must not exceed the exact pushes left (0 violations), and
 * how close each gets is summed. Shared by test_pdb and hako-oracle -B. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "bound.h"
#include "memory.h"
#include "oracle.h"
#include "pdb.h"
#include "reach.h"
#include "symmetry.h"

static void report(FILE *log, const char *label, const oracle *o, size_t i, const char *which,
                   uint32_t value, uint32_t exact)
{
	if (!log)
		return;
	int k = oracle_box_count(o);
	int32_t *grid = malloc(sizeof(int32_t) * ((size_t)k + 1)), player;
	if (!grid)
		return;
	oracle_position(o, i, grid, &player);
	char *xsb = oracle_xsb(o, grid, player);
	fprintf(log, "%s: %s bound %u above the exact %u pushes left:\n%s\n", label, which, value,
	        exact, xsb ? xsb : "(no memory)");
	free(xsb);
	free(grid);
}

uint64_t oracle_bound_level(const hako_level *level, const char *label, size_t max_states,
                            oracle_bound_totals *t, FILE *log)
{
	t->levels++;
	oracle_options options = {max_states, 0};
	oracle *o;
	if (oracle_solve(level, &options, &o) != ORACLE_OK)
		return 0;
	board b;
	if (board_build(level, &b) != HAKO_OK) {
		oracle_free(o);
		return 0;
	}
	memory mem = {0, 0, (size_t)1 << 30};
	bound bd;
	pdb p;
	reach r;
	pdb_budget budget = {(size_t)1 << 28, UINT64_MAX, 0, NULL};
	int k = b.box_count;
	uint16_t *boxes = malloc(sizeof(uint16_t) * ((size_t)k + 1));
	int32_t *grid = malloc(sizeof(int32_t) * ((size_t)k + 1));
	uint8_t *occupied = calloc((size_t)b.square_count + 1, 1);
	uint64_t violations = 0;
	if (k != oracle_box_count(o) || !boxes || !grid || !occupied ||
	    bound_init(&bd, &mem, k) != HAKO_OK) {
		free(boxes);
		free(grid);
		free(occupied);
		board_free(&b);
		oracle_free(o);
		return 0;
	}
	int have_pdb = pdb_build(&p, &b, &mem, &budget) == HAKO_OK && p.ready;
	if (pdb_build_zones(&p, &b, &mem, &budget, NULL, 0, ZONE_FULL) == HAKO_OK &&
	    p.zones.ready) {
		have_pdb = 1;
		t->zone_tables++;
	}
	/* The zone tables two more ways, held to the oracle and to the above:
	 * read through the level's symmetries where a zone is another's image
	 * (the same values as tables of their own), and searched to 2 pushes
	 * only (lower bounds still). */
	symmetry sym;
	int have_sym = symmetry_init(&sym, &b, &mem) == HAKO_OK;
	pdb_zones mirrored, shallow;
	memset(&mirrored, 0, sizeof mirrored);
	memset(&shallow, 0, sizeof shallow);
	if (p.zones.ready) {
		pdb_zones_build(&mirrored, &b, &mem, &budget, have_sym ? &sym : NULL, 0, ZONE_FULL);
		pdb_zones_build(&shallow, &b, &mem, &budget, have_sym ? &sym : NULL, 0, 2);
		t->mirrored += mirrored.ready && mirrored.zone[1].via != NULL;
	}
	uint16_t *backwards = malloc(sizeof(uint16_t) * ((size_t)k + 1));
	int have_reach = reach_init(&r, b.square_count) == HAKO_OK;
	if (have_reach) {
		t->covered++;
		t->tables += have_pdb ? 1u : 0u;
		size_t n = oracle_count(o);
		for (size_t i = 0; i < n; i++) {
			int32_t player;
			oracle_position(o, i, grid, &player);
			int off_board = b.grid_to_square[player] < 0;
			for (int j = 0; j < k; j++)
				off_board |= b.grid_to_square[grid[j]] < 0;
			if (off_board)
				continue; /* a box the player can never reach: not the bound's case
				           */
			for (int j = 0; j < k; j++) {
				boxes[j] = (uint16_t)b.grid_to_square[grid[j]];
				occupied[boxes[j]] = 1;
			}
			reach_fill(&r, &b, occupied, (unsigned)b.grid_to_square[player]);
			uint32_t matching = bound_matching(&bd, &b, boxes);
			uint32_t patterns =
			    have_pdb ? pdb_bound(&p, &bd, &b, boxes, &r, matching, 0) : matching;
			uint32_t zones = 0, through = 0, cut = 0, reversed = 0;
			if (p.zones.ready && backwards) {
				zones = pdb_zones_bound(&p.zones, &b, boxes, &r, 0);
				for (int j = 0; j < k; j++)
					backwards[j] = boxes[k - 1 - j];
				/* The boxes in any order (the search passes a matching's
				 * rows): the same value. */
				reversed = pdb_zones_bound(&p.zones, &b, backwards, &r, 0);
				through = mirrored.ready
				              ? pdb_zones_bound(&mirrored, &b, boxes, &r, 0)
				              : zones;
				cut =
				    shallow.ready ? pdb_zones_bound(&shallow, &b, boxes, &r, 0) : 0;
				if (reversed != zones || through != zones) {
					violations++;
					report(log, label, o, i,
					       reversed != zones ? "zones (boxes reversed)"
					                         : "zones (through a symmetry)",
					       reversed != zones ? reversed : through, zones);
				}
			}
			for (int j = 0; j < k; j++)
				occupied[boxes[j]] = 0;
			if (!oracle_solvable(o, i)) {
				t->dead_zones += zones == BOUND_INFINITE ? 1u : 0u;
				t->dead++;
				t->dead_matching += matching == BOUND_INFINITE ? 1u : 0u;
				t->dead_patterns += patterns == BOUND_INFINITE ? 1u : 0u;
				continue;
			}
			uint32_t exact = oracle_to_goal(o, i);
			t->solvable++;
			t->sum_exact += exact;
			if (matching > exact) {
				violations++;
				report(log, label, o, i, "matching", matching, exact);
				continue;
			}
			if (patterns > exact) {
				violations++;
				report(log, label, o, i, "pattern database", patterns, exact);
				continue;
			}
			if (cut > exact) {
				violations++;
				report(log, label, o, i, "zones to 2 pushes", cut, exact);
				continue;
			}
			t->sum_matching += matching;
			t->sum_patterns += patterns;
			t->exact_matching += matching == exact ? 1u : 0u;
			t->exact_patterns += patterns == exact ? 1u : 0u;
			t->raised += patterns > matching ? 1u : 0u;
		}
		reach_free(&r);
	}
	t->violations += violations;
	free(backwards);
	pdb_zones_free(&mirrored);
	pdb_zones_free(&shallow);
	if (have_sym)
		symmetry_free(&sym);
	pdb_free(&p);
	bound_free(&bd);
	free(boxes);
	free(grid);
	free(occupied);
	board_free(&b);
	oracle_free(o);
	return violations;
}

static double percent(uint64_t part, uint64_t whole)
{
	return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

void oracle_bound_print(const oracle_bound_totals *t, FILE *out)
{
	fprintf(
	    out,
	    "Levels: %llu, covered %llu (pair tables built: %llu, zone tables: %llu, read "
	    "through a symmetry: %llu). Solvable positions: %llu, dead: %llu. Violations (bound "
	    "above the exact pushes left): %llu.\n\n",
	    (unsigned long long)t->levels, (unsigned long long)t->covered,
	    (unsigned long long)t->tables, (unsigned long long)t->zone_tables,
	    (unsigned long long)t->mirrored, (unsigned long long)t->solvable,
	    (unsigned long long)t->dead, (unsigned long long)t->violations);
	fprintf(out, "| bound | sum of bounds / sum of exact | exact on | raised over matching | "
	             "dead positions called infinite |\n|---|---:|---:|---:|---:|\n");
	fprintf(out, "| matching | %llu / %llu = %.2f%% | %.2f%% | — | %.2f%% |\n",
	        (unsigned long long)t->sum_matching, (unsigned long long)t->sum_exact,
	        percent(t->sum_matching, t->sum_exact), percent(t->exact_matching, t->solvable),
	        percent(t->dead_matching, t->dead));
	fprintf(out,
	        "| max(matching, pairs + rest, zones) | %llu / %llu = %.2f%% | %.2f%% | %.2f%% | "
	        "%.2f%% |\n",
	        (unsigned long long)t->sum_patterns, (unsigned long long)t->sum_exact,
	        percent(t->sum_patterns, t->sum_exact), percent(t->exact_patterns, t->solvable),
	        percent(t->raised, t->solvable), percent(t->dead_patterns, t->dead));
}
