/* bound_walk.c — a lower bound on the walking a position still needs.
 *
 * The moves of a solution are its pushes and its walks (moves that push
 * nothing); the pushes' bound (bound.c, pdb.c) says nothing of the walks,
 * and on levels where the player carries boxes one by one across the
 * board and comes back for the next (Microban 153: 336 pushes, 935 moves)
 * the walks are most of the cost. This bound sees them from the boxes'
 * and the player's columns and rows alone.
 *
 * The argument, for the columns (the rows alike). Take f, a convex
 * function of the column with slopes between -1 and 1, and the quantity
 *   Psi = f(player's column) - sum over boxes of f(box's column).
 * A walk to the left or right changes Psi by at most 1 (f's slope); one
 * up or down not at all. A push to the left or right moves the box from
 * c to c+d and the player from c-d to c, and changes Psi by
 * 2 f(c) - f(c-d) - f(c+d) <= 0 (f is convex); one up or down not at all.
 * So the walks to the left or right are at least Psi's rise over the
 * solution:
 *   f(final player column) - f(player column now)
 *     + sum over boxes of f(column now) - sum over goals of f(column)
 * (at the end the boxes are the goals, as many of each). With f linear
 * this says that the player follows every box it pushes: when the boxes
 * must go 50 columns to the left in all and the player ends where it
 * started, it has walked 50 columns back to the right. With f = |x - a|
 * it says that boxes far from column a brought to goals near it make the
 * player go out to them and come back. Every such f is a combination of
 * max(0, x - a) and max(0, a - x) (slopes 0 and 1, -1 and 0) with any
 * a and b apart, so the best of them is found by trying every threshold
 * for each (O(columns) with running sums). The walks up or down are
 * bounded in the same way from the rows, and the two add up.
 *
 * The player's final square is not known; it is where the last push
 * left it, the square a box came from onto a goal, so the bound is the
 * least over those squares (a position with every box on a goal needs no
 * push and no walk: 0). The bound holds for any order of pushes and any
 * walks, so the move-optimal search adds it to the pushes' bound: the
 * moves still needed are at least the pushes still needed plus the walks
 * still needed. (The potential argument is the one of a relaxation by
 * a linear program over the moves' directions; the idea of counting what
 * a box's trip costs the player is old in Sokoban solvers, this exact
 * form is our own.) */
#include "bound_walk.h"

#include <limits.h>
#include <string.h>

static int positive(int v)
{
	return v > 0 ? v : 0;
}

hako_status walk_bound_init(walk_bound *w, const board *b, memory *mem)
{
	memset(w, 0, sizeof *w);
	w->mem = mem;
	size_t finals = 4 * (size_t)b->box_count;
	size_t side = (size_t)(b->width > b->height ? b->width : b->height) + 1;
	size_t cols = (size_t)b->width, rows = (size_t)b->height;
	size_t squares = (size_t)b->square_count;
	w->bytes = (finals + squares) * 2 * sizeof(int16_t) + cols + rows +
	           (cols + rows + 5 * side + cols + rows) * sizeof(int);
	char *block = memory_calloc(mem, w->bytes);
	if (!block)
		return HAKO_ERR_NOMEM;
	w->goals_x = (int *)(void *)block;
	w->goals_y = w->goals_x + cols;
	w->excess = w->goals_y + rows;
	w->above = w->excess + side;
	w->below = w->above + side;
	w->after = w->below + side;
	w->before = w->after + side;
	w->axis_x = w->before + side;
	w->axis_y = w->axis_x + cols;
	w->final_x = (int16_t *)(void *)(w->axis_y + rows);
	w->final_y = w->final_x + finals;
	w->column = w->final_y + finals;
	w->row = w->column + squares;
	w->final_column = (uint8_t *)(w->row + squares);
	w->final_row = w->final_column + cols;
	w->column_lo = b->width;
	w->row_lo = b->height;
	for (int q = 0; q < b->square_count; q++) {
		int x = board_x(b, (unsigned)q), y = board_y(b, (unsigned)q);
		w->column[q] = (int16_t)x;
		w->row[q] = (int16_t)y;
		w->column_lo = x < w->column_lo ? x : w->column_lo;
		w->column_hi = x > w->column_hi ? x : w->column_hi;
		w->row_lo = y < w->row_lo ? y : w->row_lo;
		w->row_hi = y > w->row_hi ? y : w->row_hi;
	}
	for (int k = 0; k < b->box_count; k++) {
		unsigned goal = b->goals[k];
		w->goals_x[w->column[goal]]++;
		w->goals_y[w->row[goal]]++;
		/* The last push onto this goal toward d: the box came from
		 * `from`, the player from the square behind it, and the player
		 * stays on `from`. */
		for (unsigned d = 0; d < 4; d++) {
			unsigned from = board_next(b, goal, DIR_OPPOSITE(d));
			if (from == SQUARE_NONE || b->dead[from] ||
			    board_next(b, from, DIR_OPPOSITE(d)) == SQUARE_NONE)
				continue;
			int16_t x = w->column[from], y = w->row[from];
			int seen = 0;
			for (int i = 0; i < w->final_count && !seen; i++)
				seen = w->final_x[i] == x && w->final_y[i] == y;
			if (seen)
				continue;
			w->final_x[w->final_count] = x;
			w->final_y[w->final_count++] = y;
			w->final_column[x] = 1;
			w->final_row[y] = 1;
		}
	}
	return HAKO_OK;
}

void walk_bound_free(walk_bound *w)
{
	if (w->goals_x)
		memory_free(w->mem, w->goals_x, w->bytes);
	memset(w, 0, sizeof *w);
}

/* Along one axis: excess[v] boxes less goals at v, the player at p, every
 * square between lo and hi. out[t], for every t with want[t]: the most
 * walking along this axis that the functions max(0, v - a) and
 * max(0, b - v) prove when the player ends at t (their sum, for the best
 * a and the best b). Thresholds beyond lo - 1 and hi + 1 prove no more
 * than those (no excess out there, and as many boxes as goals: the sums
 * are constant or fall), so only lo - 1 <= a <= hi and lo <= b <= hi + 1
 * are tried. */
static void axis_bound(walk_bound *w, int lo, int hi, int p, const uint8_t *want, int *out)
{
	const int *excess = w->excess;
	int *above = w->above, *below = w->below;
	/* above[a + 1] = sum over v > a of excess[v] (v - a), a = lo-1 .. hi;
	 * below[b] = sum over v < b of excess[v] (b - v), b = lo .. hi+1. */
	int count = 0, sum = 0;
	for (int a = hi; a >= lo - 1; a--) {
		above[a + 1] = sum - a * count;
		if (a >= lo) {
			count += excess[a];
			sum += excess[a] * a;
		}
	}
	count = sum = 0;
	for (int v = lo; v <= hi + 1; v++) {
		below[v] = v * count - sum;
		if (v <= hi) {
			count += excess[v];
			sum += excess[v] * v;
		}
	}
	/* For each t: the best a of above[a + 1] - max(0, p - a) +
	 * max(0, t - a), split at t: over a >= t that is g(a) = above[a + 1]
	 * - max(0, p - a) alone (a suffix maximum), over a < t it is t + g(a)
	 * - a (a prefix maximum); below alike, mirrored. O(hi - lo) in all.
	 * a = hi and b = lo are f = 0: both bests are at least 0. */
	int *after = w->after, *before = w->before;
	int best = INT_MIN;
	for (int a = hi; a >= lo - 1; a--) {
		int g = above[a + 1] - positive(p - a);
		best = g > best ? g : best;
		after[a + 1] = best; /* max over a' >= a of g(a') */
	}
	int rising = INT_MIN; /* max over a < t of g(a) - a */
	for (int t = lo; t <= hi; t++) {
		int g = above[t] - positive(p - (t - 1)) - (t - 1); /* a = t - 1 */
		rising = g > rising ? g : rising;
		out[t] = want[t] ? (after[t + 1] > t + rising ? after[t + 1] : t + rising) : 0;
	}
	/* below: for v0 <= t, h(v0) = below[v0] - max(0, v0 - p) alone; for
	 * v0 > t, h(v0) + v0 - t. */
	best = INT_MIN;
	for (int v0 = lo; v0 <= hi + 1; v0++) {
		int h = below[v0] - positive(v0 - p);
		best = h > best ? h : best;
		before[v0] = best; /* max over v0' <= v0 of h(v0') */
	}
	int falling = INT_MIN; /* max over v0 > t of h(v0) + v0 */
	for (int t = hi; t >= lo; t--) {
		int h = below[t + 1] - positive(t + 1 - p) + t + 1; /* v0 = t + 1 */
		falling = h > falling ? h : falling;
		if (want[t])
			out[t] += before[t] > falling - t ? before[t] : falling - t;
	}
}

uint32_t walk_bound_value(walk_bound *w, const board *b, const uint16_t *boxes, unsigned player)
{
	int solved = 1;
	for (int i = 0; i < b->box_count && solved; i++)
		solved = b->is_goal[boxes[i]];
	if (solved || w->final_count == 0)
		return 0;
	for (int v = w->column_lo; v <= w->column_hi; v++)
		w->excess[v] = -w->goals_x[v];
	for (int i = 0; i < b->box_count; i++)
		w->excess[w->column[boxes[i]]]++;
	axis_bound(w, w->column_lo, w->column_hi, w->column[player], w->final_column, w->axis_x);
	for (int v = w->row_lo; v <= w->row_hi; v++)
		w->excess[v] = -w->goals_y[v];
	for (int i = 0; i < b->box_count; i++)
		w->excess[w->row[boxes[i]]]++;
	axis_bound(w, w->row_lo, w->row_hi, w->row[player], w->final_row, w->axis_y);
	int least = INT_MAX;
	for (int i = 0; i < w->final_count; i++) {
		int v = w->axis_x[w->final_x[i]] + w->axis_y[w->final_y[i]];
		least = v < least ? v : least;
	}
	return (uint32_t)least;
}
