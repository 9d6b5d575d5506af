/* bound_tour.c — a lower bound on all the moves a position still needs,
 * from the player's visits to the boxes that must move.
 *
 * The pushes' bound (bound.c, pdb.c) and the walks' (bound_walk.c) add up
 * to the move-optimal search's bound; on a level where the boxes stand
 * around the player and each needs a push from a side the player is not
 * on (Microban 146: twelve boxes, one push or two each, 37 walks), the
 * walks' potential sees almost nothing (1 of 37 at the start; no
 * potential can see more than 1 there, BENCH.md). This bound looks at
 * the order the player reaches the boxes in instead.
 *
 * The argument. Every box that is not on a goal must be pushed at least
 * once, and its first push starts with the box still on its square and
 * the player beside it, on a side s from which the push is possible at
 * all: the square beyond the box is floor and not a dead square (no
 * solution pushes a box onto one). Call those squares the box's sides.
 * Number the k boxes off goals b_1, ..., b_k in the order of their first
 * pushes (one push moves one box, so the order is strict). Before b_1's
 * first push the player walks from its square to a side of b_1; each
 * first push is one move and leaves the player on the box's square
 * (where the box was); between the first pushes of b_i and b_(i+1) the
 * player goes from b_i's square to a side of b_(i+1). Whatever else
 * happens meanwhile (other pushes, of any box, are moves of the player
 * too), each of these stretches has at least as many moves as the
 * shortest walk between its ends on the board with no box but the one
 * it goes to (that box has not moved yet: the player cannot cross its
 * square), and they and the k first pushes do not overlap. So the moves
 * still needed are at least
 *   k + leg(player, b_1) + leg(b_1, b_2) + ... + leg(b_(k-1), b_k),
 * leg(x, b) the fewest moves from square x to a side of b on that
 * board, for the order the solution takes — so at least the least over
 * all orders. That least is a shortest path through all the boxes, which
 * is hard; its assignment relaxation is not: every box gets a
 * predecessor (the player, or another box, never itself), every start is
 * the predecessor of one box at most, and the player of exactly one (the
 * last box's successor is the end, at no cost). An order is such an
 * assignment, so the cheapest assignment (the Hungarian method, O(k^3))
 * is at most the cheapest order: k plus it is a lower bound on the moves.
 * It holds for any position, whatever the pushes and walks of the
 * solution, so the move-optimal search may take the larger of it and its
 * pushes-plus-walks bound. (The idea of bounding the player's travel by
 * the boxes it must visit is the travelling salesman's; this form, legs
 * between first pushes, is our own.) */
#include "bound_tour.h"

#include <string.h>

#include "hungarian.h"

#define TOUR_FAR 0xFFFFu
#define TOUR_INFINITE (1 << 24)

hako_status tour_bound_init(tour_bound *t, const board *b, memory *mem)
{
	memset(t, 0, sizeof *t);
	t->mem = mem;
	int n = b->square_count;
	if (n <= 0 || n > TOUR_MAX_SQUARES)
		return HAKO_OK;
	size_t squares = (size_t)n, m = (size_t)b->box_count + 2;
	size_t table = (squares * squares + 3) & ~(size_t)3; /* keeps what follows aligned */
	size_t bytes = table * sizeof(uint16_t) + m * m * sizeof(int64_t) +
	               3 * m * sizeof(int64_t) + 2 * m * sizeof(int) +
	               (m + squares) * sizeof(uint16_t) + 2 * m;
	char *block = memory_alloc(mem, bytes);
	if (!block)
		return HAKO_OK; /* no table: the bound reads 0 */
	t->bytes = bytes;
	t->leg = (uint16_t *)(void *)block;
	t->cost = (int64_t *)(void *)(t->leg + table);
	t->row_potential = t->cost + m * m;
	t->col_potential = t->row_potential + m;
	t->slack = t->col_potential + m;
	t->match = (int *)(void *)(t->slack + m);
	t->way = t->match + m;
	t->start = (uint16_t *)(void *)(t->way + m);
	uint16_t *queue = t->start + m; /* the set-up's */
	t->used = (uint8_t *)(queue + squares);
	t->placed = t->used + m;
	t->squares = n;
	/* Column s of the table: a breadth-first walk out from the sides of
	 * a box on s at once (the squares a push of it starts from: the
	 * square beyond is floor and not dead), never through s itself (the
	 * box is there until that push); the walk to x is the way from x. */
	for (size_t c = 0; c < squares * squares; c++)
		t->leg[c] = TOUR_FAR;
	for (int s = 0; s < n; s++) {
		int head = 0, tail = 0;
		for (unsigned d = 0; d < 4; d++) {
			uint16_t from = board_next(b, (unsigned)s, DIR_OPPOSITE(d));
			uint16_t to = board_next(b, (unsigned)s, d);
			if (from == SQUARE_NONE || to == SQUARE_NONE || b->dead[to] ||
			    t->leg[(size_t)from * squares + (size_t)s] == 0)
				continue;
			t->leg[(size_t)from * squares + (size_t)s] = 0;
			queue[tail++] = from;
		}
		while (head < tail) {
			unsigned y = queue[head++];
			uint16_t next = (uint16_t)(t->leg[(size_t)y * squares + (size_t)s] + 1);
			for (unsigned d = 0; d < 4; d++) {
				uint16_t z = board_next(b, y, d);
				if (z == SQUARE_NONE || z == (unsigned)s ||
				    t->leg[(size_t)z * squares + (size_t)s] != TOUR_FAR)
					continue;
				t->leg[(size_t)z * squares + (size_t)s] = next;
				queue[tail++] = z;
			}
		}
	}
	t->ready = 1;
	return HAKO_OK;
}

void tour_bound_free(tour_bound *t)
{
	if (t->bytes)
		memory_free(t->mem, t->leg, t->bytes);
	memset(t, 0, sizeof *t);
}

/* The cheapest perfect assignment on the m x m matrix t->cost (rows and
 * columns 1..m, row-major with stride m + 1): the Hungarian method with
 * potentials. Warm start: each column's potential is its least cost (the
 * reduced costs are then non-negative with the rows' at 0), and the rows
 * take, greedily, free columns where their reduced cost is 0 — a partial
 * matching, tight on its pairs; only the rows left over need a phase (a
 * shortest augmenting path, O(m^2)). Every box's column has its least
 * incoming leg, so most rows are placed by the greedy start. */
static int64_t assign(tour_bound *t, int m)
{
	size_t stride = (size_t)m + 1;
	int64_t *u = t->row_potential, *v = t->col_potential, *minv = t->slack;
	int *p = t->match;
	const int64_t *cost = t->cost;
	p[0] = 0;
	u[0] = v[0] = 0;
	for (int j = 1; j <= m; j++) {
		int64_t least = INT64_MAX;
		for (int i = 1; i <= m; i++)
			if (cost[(size_t)i * stride + (size_t)j] < least)
				least = cost[(size_t)i * stride + (size_t)j];
		v[j] = least;
		u[j] = 0;
		p[j] = 0;
	}
	uint8_t *placed = t->placed;
	for (int i = 1; i <= m; i++)
		placed[i] = 0;
	for (int j = 1; j <= m; j++)
		for (int i = 1; i <= m; i++)
			if (!placed[i] && cost[(size_t)i * stride + (size_t)j] == v[j]) {
				p[j] = i;
				placed[i] = 1;
				break;
			}
	for (int i = 1; i <= m; i++)
		if (!placed[i])
			hungarian_phase(cost, m, u, v, minv, p, t->way, t->used, i);
	int64_t total = 0;
	for (int j = 1; j <= m; j++)
		total += cost[(size_t)p[j] * stride + (size_t)j];
	return total;
}

uint32_t tour_bound_value(tour_bound *t, const board *b, const uint16_t *boxes, unsigned player)
{
	if (!t->ready)
		return 0;
	/* The legs' starts: the player, then the boxes off goals. */
	int k = 0;
	t->start[0] = (uint16_t)player;
	for (int i = 0; i < b->box_count; i++)
		if (!b->is_goal[boxes[i]])
			t->start[++k] = boxes[i];
	if (k == 0)
		return 0;
	/* Rows: the legs' starts (row r: start r - 1); columns: the box
	 * reached next (column c: start c), or the end (column k + 1). */
	int m = k + 1;
	size_t stride = (size_t)m + 1, squares = (size_t)t->squares;
	for (int r = 1; r <= m; r++) {
		int64_t *row = t->cost + (size_t)r * stride;
		const uint16_t *legs = t->leg + (size_t)t->start[r - 1] * squares;
		for (int c = 1; c <= k; c++) {
			uint16_t w = legs[t->start[c]];
			row[c] = r - 1 == c || w == TOUR_FAR ? TOUR_INFINITE : w;
		}
		row[m] = r == 1 ? TOUR_INFINITE : 0;
	}
	int64_t total = assign(t, m);
	if (total >= TOUR_INFINITE)
		return 0; /* no order reaches every box: the detectors' business */
	return (uint32_t)(k + total);
}
