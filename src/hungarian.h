/* hungarian.h — one phase of the Hungarian method with potentials (the
 * shortest augmenting path form, O(n^2) a phase), shared by the matching
 * bound (bound.c) and the tour bound (bound_tour.c). Inline: it is the
 * hottest loop of the optimal searches. */
#ifndef HAKO_HUNGARIAN_H
#define HAKO_HUNGARIAN_H

#include <stddef.h>
#include <stdint.h>

/* Row i (unmatched, its reduced costs cost - u - v non-negative) joins the
 * matching along a shortest augmenting path, the potentials kept feasible
 * and tight on the matched pairs. The matrix is (n + 1) x (n + 1), row
 * after row, rows and columns 1..n; p[j] is the row matched to column j
 * (0: none), u and v the potentials, minv, way and used scratch of n + 1. */
static inline void hungarian_phase(const int64_t *cost, int n, int64_t *u, int64_t *v,
                                   int64_t *minv, int *p, int *way, uint8_t *used, int i)
{
	size_t m = (size_t)n + 1;
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

#endif
