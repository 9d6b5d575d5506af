/* bound.c — minimum-cost perfect matching by the Hungarian method with
 * potentials (O(n^3)): rows are boxes, columns goals, costs push distances.
 *
 * Admissible: each box needs at least its push distance to the goal it
 * finally occupies, pushes move one box each, and the final assignment of
 * boxes to goals is some perfect matching, so the minimum over matchings
 * can never exceed the pushes left. Not consistent: a distance is the
 * minimum over the player's sides (distance.c), and one push can move the
 * box to a square whose minimum is reached only from another side, so the
 * bound may drop by more than one; the search reopens nodes for that. */
#include "bound.h"

#include <assert.h>
#include <string.h>

#include "deadline.h"
#include "hungarian.h"

hako_status bound_init(bound *bd, memory *mem, int box_count)
{
	memset(bd, 0, sizeof *bd);
	bd->mem = mem;
	bd->n = box_count;
	size_t m = (size_t)box_count + 1;
	size_t bytes = m * m * sizeof(int64_t) + 5 * m * sizeof(int64_t) + 4 * m * sizeof(int) +
	               m * sizeof(uint16_t) + 2 * m;
	char *block = memory_alloc(mem, bytes);
	if (!block)
		return HAKO_ERR_NOMEM;
	bd->bytes = bytes;
	bd->cost = (int64_t *)(void *)block;
	bd->row_potential = bd->cost + m * m;
	bd->col_potential = bd->row_potential + m;
	bd->min_slack = bd->col_potential + m;
	bd->kept_row_potential = bd->min_slack + m;
	bd->kept_col_potential = bd->kept_row_potential + m;
	bd->match = (int *)(void *)(bd->kept_col_potential + m);
	bd->way = bd->match + m;
	bd->kept_match = bd->way + m;
	bd->row_map = bd->kept_match + m;
	bd->kept_boxes = (uint16_t *)(void *)(bd->row_map + m);
	bd->used = (uint8_t *)(bd->kept_boxes + m);
	bd->row_matched = bd->used + m;
	bd->dirty_row = -1;
	return HAKO_OK;
}

void bound_free(bound *bd)
{
	memory_free(bd->mem, bd->cost, bd->bytes);
	bd->cost = NULL;
}

/* Larger than any finite matching, so an "infinite" edge in the optimum
 * shows as a total at or above it. */
static int64_t unreachable_cost(int n)
{
	return (int64_t)(n + 1) * 65536;
}

/* Fill the cost matrix; rows with skip[i] set cost nothing to any goal
 * (skip may be NULL). 0 when some goal no box can reach. */
static int fill_costs(bound *bd, const board *b, const uint16_t *boxes, const uint8_t *skip)
{
	int n = bd->n;
	size_t m = (size_t)n + 1, squares = (size_t)b->square_count;
	const int64_t unreachable = unreachable_cost(n);
	int64_t *cost = bd->cost;
	/* Cheap necessary check first: every goal needs some box that can reach it. */
	for (int j = 1; j <= n; j++) {
		const uint16_t *column = b->distance + (size_t)(j - 1) * squares;
		int any = 0;
		for (int i = 1; i <= n; i++) {
			if (skip && skip[i - 1]) {
				cost[(size_t)i * m + (size_t)j] = 0;
				any = 1;
				continue;
			}
			uint16_t d = column[boxes[i - 1]];
			cost[(size_t)i * m + (size_t)j] = d == DISTANCE_INFINITE ? unreachable : d;
			any |= d != DISTANCE_INFINITE;
		}
		if (!any)
			return 0;
	}
	return 1;
}

static uint32_t solve_matching(bound *bd);
static void add_row(bound *bd, int i);

uint32_t bound_matching(bound *bd, const board *b, const uint16_t *boxes)
{
	bd->kept = 0;
	if (bd->n == 0)
		return 0;
	if (!fill_costs(bd, b, boxes, NULL))
		return BOUND_INFINITE;
	return solve_matching(bd);
}

uint32_t bound_matching_skip(bound *bd, const board *b, const uint16_t *boxes, const uint8_t *skip)
{
	bd->matrix_dirty = 1; /* for bound_matching_moved */
	if (bd->n == 0)
		return 0;
	if (!fill_costs(bd, b, boxes, skip))
		return BOUND_INFINITE;
	return solve_matching(bd);
}

void bound_assigned(const bound *bd, uint32_t *out)
{
	size_t m = (size_t)bd->n + 1;
	for (int j = 1; j <= bd->n; j++) {
		int i = bd->match[j];
		out[i - 1] = (uint32_t)bd->cost[(size_t)i * m + (size_t)j];
	}
}

/* The value of the matching bd->match on bd->cost, or BOUND_INFINITE when
 * it uses an unreachable pair. */
static uint32_t matching_total(const bound *bd)
{
	size_t m = (size_t)bd->n + 1;
	int64_t total = 0;
	for (size_t j = 1; j < m; j++)
		total += bd->cost[(size_t)bd->match[j] * m + j];
	return total >= unreachable_cost(bd->n) ? BOUND_INFINITE : (uint32_t)total;
}

/* A phase for every row not in bd->row_matched, then the optimum's value
 * (the potentials feasible and tight on the matched pairs before). */
static uint32_t place_rows(bound *bd)
{
	for (int i = 1; i <= bd->n; i++) {
		if (bd->row_matched[i])
			continue;
		/* A row costs O(n^2) at most: look at the deadline once a row. */
		if (bd->stop && bd->n >= 32 && deadline_passed(bd->stop))
			return BOUND_STOPPED;
		add_row(bd, i);
	}
	return matching_total(bd);
}

/* The Hungarian method on bd->cost (filled). */
static uint32_t solve_matching(bound *bd)
{
	int n = bd->n;
	size_t m = (size_t)n + 1;
	int64_t *cost = bd->cost;
	int64_t *u = bd->row_potential, *v = bd->col_potential;
	int *p = bd->match;
	uint8_t *matched = bd->row_matched;
	memset(v, 0, m * sizeof(int64_t));
	memset(p, 0, m * sizeof(int));
	/* Warm start (the usual one for the Hungarian method): each row's
	 * potential is its smallest cost, which keeps every reduced cost
	 * non-negative with v = 0, and each row takes a free column where its
	 * reduced cost is 0, greedily — a partial matching, tight on its
	 * pairs. Only the rows left over need a phase; the optimum's value is
	 * the same (the matching may differ among equal optima), and the
	 * column potentials still only decrease from 0, as
	 * bound_matching_moved needs. */
	for (int i = 1; i <= n; i++) {
		const int64_t *row = cost + (size_t)i * m;
		int64_t least = row[1];
		for (int j = 2; j <= n; j++)
			if (row[j] < least)
				least = row[j];
		u[i] = least;
		matched[i] = 0;
		for (int j = 1; j <= n; j++)
			if (row[j] == least && p[j] == 0) {
				p[j] = i;
				matched[i] = 1;
				break;
			}
	}
	return place_rows(bd);
}

/* One phase of the Hungarian method (hungarian.h) for row i. */
static void add_row(bound *bd, int i)
{
	hungarian_phase(bd->cost, bd->n, bd->row_potential, bd->col_potential, bd->min_slack,
	                bd->match, bd->way, bd->used, i);
}

void bound_keep(bound *bd, const board *b, const uint16_t *boxes)
{
	size_t m = (size_t)bd->n + 1;
	memcpy(bd->kept_row_potential, bd->row_potential, m * sizeof(int64_t));
	memcpy(bd->kept_col_potential, bd->col_potential, m * sizeof(int64_t));
	memcpy(bd->kept_match, bd->match, m * sizeof(int));
	memcpy(bd->kept_boxes, boxes, (size_t)bd->n * sizeof(uint16_t));
	bd->kept_board = b;
	bd->kept = 1;
	bd->dirty_row = -1;
	bd->matrix_dirty = 0;
}

static void fill_row(bound *bd, const board *b, int i, unsigned square)
{
	int n = bd->n;
	size_t m = (size_t)n + 1, squares = (size_t)b->square_count;
	const int64_t unreachable = unreachable_cost(n);
	int64_t *row = bd->cost + (size_t)i * m;
	for (int j = 1; j <= n; j++) {
		uint16_t d = b->distance[(size_t)(j - 1) * squares + square];
		row[j] = d == DISTANCE_INFINITE ? unreachable : d;
	}
}

uint32_t bound_matching_freed(bound *bd, const uint8_t *skip)
{
	int n = bd->n;
	size_t m = (size_t)n + 1;
	/* Each freed row costs 0 to every goal; as in bound_matching_moved,
	 * with u = 0 its reduced costs (-v >= 0) are feasible, so one phase
	 * per row restores the optimum. */
	for (int i = 1; i <= n; i++) {
		if (!skip[i - 1])
			continue;
		memset(bd->cost + (size_t)i * m + 1, 0, (size_t)n * sizeof(int64_t));
		for (int j = 1; j <= n; j++)
			if (bd->match[j] == i)
				bd->match[j] = 0;
		bd->row_potential[i] = 0;
		if (bd->stop && n >= 32 && deadline_passed(bd->stop)) {
			bd->matrix_dirty = 1;
			return BOUND_STOPPED; /* the search stops on its deadline */
		}
		add_row(bd, i);
	}
	bd->matrix_dirty = 1; /* for bound_matching_moved */
	return matching_total(bd);
}

uint32_t bound_matching_moved(bound *bd, const board *b, int box, unsigned to)
{
	assert(bd->kept && box >= 0 && box < bd->n);
	int n = bd->n, i = box + 1;
	size_t m = (size_t)n + 1;
	/* Back to the kept position: its potentials, matching and costs. */
	if (bd->matrix_dirty) {
		for (int r = 1; r <= n; r++)
			fill_row(bd, b, r, bd->kept_boxes[r - 1]);
		bd->matrix_dirty = 0;
	} else if (bd->dirty_row >= 0) {
		fill_row(bd, b, bd->dirty_row, bd->kept_boxes[bd->dirty_row - 1]);
	}
	memcpy(bd->row_potential, bd->kept_row_potential, m * sizeof(int64_t));
	memcpy(bd->col_potential, bd->kept_col_potential, m * sizeof(int64_t));
	memcpy(bd->match, bd->kept_match, m * sizeof(int));
	/* The moved box's row gets its new costs and leaves the matching.
	 * Column potentials only ever decrease from 0, and costs are
	 * non-negative, so with u = 0 its reduced costs are non-negative:
	 * the other rows' potentials stay feasible and tight, and one phase
	 * puts the row back, optimal again. */
	fill_row(bd, b, i, to);
	bd->dirty_row = i;
	for (int j = 1; j <= n; j++)
		if (bd->match[j] == i)
			bd->match[j] = 0;
	bd->row_potential[i] = 0;
	add_row(bd, i);
	return matching_total(bd);
}

/* Rows placed again, at most, for bound_matching_near to start from the
 * kept position: each costs a phase, as a row left over by
 * solve_matching's greedy start does. */
#define NEAR_MOST(n) ((n) / 2)

uint32_t bound_matching_near(bound *bd, const board *b, const uint16_t *boxes)
{
	int n = bd->n;
	if (n == 0 || !bd->kept || bd->kept_board != b)
		return bound_matching(bd, b, boxes);
	size_t m = (size_t)n + 1;
	const uint16_t *old = bd->kept_boxes;
	int *from = bd->way, *to_new = bd->row_map; /* way: add_row's scratch */
	/* Match the two ascending lists: from[r] is the kept row of new row r
	 * (same square), to_new[k] the new row of kept row k, 0 for none. A
	 * pair is made only on equal squares, so lists out of order would only
	 * find fewer pairs, never a wrong one. */
	int changed = 0, k = 0;
	for (int r = 0; r <= n; r++)
		to_new[r] = 0;
	for (int r = 0; r < n; r++) {
		while (k < n && old[k] < boxes[r])
			k++;
		if (k < n && old[k] == boxes[r]) {
			from[r + 1] = k + 1;
			to_new[k + 1] = r + 1;
			k++;
		} else {
			from[r + 1] = 0;
			if (++changed > NEAR_MOST(n))
				return bound_matching(bd, b, boxes);
		}
	}
	/* The rows that stayed keep their potentials, and the pairs they had
	 * stay tight: a box's costs are its square's. The column potentials
	 * are the kept ones (never above 0), so a new row with potential 0
	 * has non-negative reduced costs, as in bound_matching_moved, and one
	 * phase per new row reaches the optimum. */
	bd->kept = 0;
	int64_t *u = bd->row_potential;
	int *p = bd->match;
	memcpy(bd->col_potential, bd->kept_col_potential, m * sizeof(int64_t));
	p[0] = 0;
	for (size_t j = 1; j < m; j++)
		p[j] = bd->kept_match[j] ? to_new[bd->kept_match[j]] : 0;
	for (int r = 1; r <= n; r++) {
		fill_row(bd, b, r, boxes[r - 1]);
		u[r] = from[r] ? bd->kept_row_potential[from[r]] : 0;
		bd->row_matched[r] = from[r] != 0;
	}
	bd->matrix_dirty = 0;
	bd->dirty_row = -1;
	return place_rows(bd);
}
