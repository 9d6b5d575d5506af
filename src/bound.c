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

#include <string.h>

#include "deadline.h"

hako_status bound_init(bound *bd, memory *mem, int box_count)
{
	memset(bd, 0, sizeof *bd);
	bd->mem = mem;
	bd->n = box_count;
	size_t m = (size_t)box_count + 1;
	size_t bytes = m * m * sizeof(int64_t) + 3 * m * sizeof(int64_t) + 2 * m * sizeof(int) + m;
	char *block = memory_alloc(mem, bytes);
	if (!block)
		return HAKO_ERR_NOMEM;
	bd->bytes = bytes;
	bd->cost = (int64_t *)(void *)block;
	bd->row_potential = bd->cost + m * m;
	bd->col_potential = bd->row_potential + m;
	bd->min_slack = bd->col_potential + m;
	bd->match = (int *)(void *)(bd->min_slack + m);
	bd->way = bd->match + m;
	bd->used = (uint8_t *)(bd->way + m);
	return HAKO_OK;
}

void bound_free(bound *bd)
{
	memory_free(bd->mem, bd->cost, bd->bytes);
	bd->cost = NULL;
}

uint32_t bound_matching(bound *bd, const board *b, const uint16_t *boxes)
{
	int n = bd->n;
	if (n == 0)
		return 0;
	size_t m = (size_t)n + 1, squares = (size_t)b->square_count;
	/* Larger than any finite matching, so an "infinite" edge in the optimum
	 * shows as a total at or above it. */
	const int64_t unreachable = (int64_t)(n + 1) * 65536;
	int64_t *cost = bd->cost;
	/* Cheap necessary check first: every goal needs some box that can reach it. */
	for (int j = 1; j <= n; j++) {
		const uint16_t *column = b->distance + (size_t)(j - 1) * squares;
		int any = 0;
		for (int i = 1; i <= n; i++) {
			uint16_t d = column[boxes[i - 1]];
			cost[(size_t)i * m + (size_t)j] = d == DISTANCE_INFINITE ? unreachable : d;
			any |= d != DISTANCE_INFINITE;
		}
		if (!any)
			return BOUND_INFINITE;
	}
	int64_t *u = bd->row_potential, *v = bd->col_potential, *minv = bd->min_slack;
	int *p = bd->match, *way = bd->way;
	uint8_t *used = bd->used;
	memset(u, 0, m * sizeof(int64_t));
	memset(v, 0, m * sizeof(int64_t));
	memset(p, 0, m * sizeof(int));
	for (int i = 1; i <= n; i++) {
		/* A row costs O(n^2) at most: look at the deadline once a row. */
		if (bd->stop && n >= 32 && deadline_passed(bd->stop))
			return BOUND_STOPPED;
		p[0] = i;
		int j0 = 0;
		for (size_t j = 0; j < m; j++) {
			minv[j] = INT64_MAX;
			used[j] = 0;
		}
		do {
			used[j0] = 1;
			int i0 = p[j0], j1 = 0;
			int64_t delta = INT64_MAX;
			const int64_t *row = cost + (size_t)i0 * m;
			for (int j = 1; j <= n; j++) {
				if (used[j])
					continue;
				int64_t cur = row[j] - u[i0] - v[j];
				if (cur < minv[j]) {
					minv[j] = cur;
					way[j] = j0;
				}
				if (minv[j] < delta) {
					delta = minv[j];
					j1 = j;
				}
			}
			for (int j = 0; j <= n; j++) {
				if (used[j]) {
					u[p[j]] += delta;
					v[j] -= delta;
				} else {
					minv[j] -= delta;
				}
			}
			j0 = j1;
		} while (p[j0] != 0);
		do {
			int j1 = way[j0];
			p[j0] = p[j1];
			j0 = j1;
		} while (j0);
	}
	int64_t total = 0;
	for (int j = 1; j <= n; j++)
		total += cost[(size_t)p[j] * m + (size_t)j];
	return total >= unreachable ? BOUND_INFINITE : (uint32_t)total;
}
