/* symmetry.c — the mirror images and rotations that leave a level as it is.
 *
 * Each of the eight symmetries of a square acts on the bounding box of the
 * floor squares (the four that swap the axes only when that box is
 * square). One is kept when it maps every floor square onto a floor square
 * and every goal onto a goal: being one-to-one on a finite set, it is then
 * a permutation of the squares and of the goals, which keeps walls, goals
 * and neighbours, so it maps every legal push onto a legal push and every
 * solution onto a solution of the same pushes and moves. Symmetry
 * reduction of this kind is an old idea of game-tree search: a
 * transposition table keyed by one chosen image of each position. */
#include "symmetry.h"

#include <string.h>

/* The image of (u, v) under transform t in a box of w x h (0..w, 0..h). */
static void transform(int t, int w, int h, int u, int v, int *ou, int *ov)
{
	switch (t) {
	case 0: *ou = u, *ov = v; break;
	case 1: *ou = w - u, *ov = v; break;      /* mirror left-right */
	case 2: *ou = u, *ov = h - v; break;      /* mirror up-down */
	case 3: *ou = w - u, *ov = h - v; break;  /* half turn */
	case 4: *ou = v, *ov = u; break;          /* transpose (w == h) */
	case 5: *ou = h - v, *ov = u; break;      /* quarter turn */
	case 6: *ou = v, *ov = w - u; break;      /* quarter turn back */
	default: *ou = h - v, *ov = w - u; break; /* the other diagonal */
	}
}

static const int dir_du[4] = {-1, 0, 1, 0}, dir_dv[4] = {0, -1, 0, 1}; /* LURD */

/* Fill y->map[k] for transform t; 0 when t does not keep the level. */
static int try_transform(symmetry *y, int k, int t, const board *b, int x0, int y0, int w, int h)
{
	uint16_t *map = y->map[k];
	for (int s = 0; s < b->square_count; s++) {
		int u, v;
		transform(t, w, h, board_x(b, (unsigned)s) - x0, board_y(b, (unsigned)s) - y0, &u,
		          &v);
		if (u < 0 || u > w || v < 0 || v > h)
			return 0;
		int32_t image = b->grid_to_square[(v + y0) * b->width + u + x0];
		if (image < 0 || b->is_goal[image] != b->is_goal[s])
			return 0;
		map[s] = (uint16_t)image;
	}
	/* Directions: the image of a unit step, from the transform's linear
	 * part. */
	int ou, ov;
	transform(t, w, h, 0, 0, &ou, &ov);
	for (int d = 0; d < 4; d++) {
		int du, dv;
		transform(t, w, h, dir_du[d], dir_dv[d], &du, &dv);
		du -= ou, dv -= ov;
		for (int e = 0; e < 4; e++)
			if (dir_du[e] == du && dir_dv[e] == dv)
				y->dir[k][d] = (uint8_t)e;
	}
	return 1;
}

hako_status symmetry_init(symmetry *y, const board *b, memory *mem)
{
	memset(y, 0, sizeof *y);
	y->mem = mem;
	y->square_count = b->square_count;
	size_t bytes = sizeof(uint16_t) * ((size_t)b->square_count + 1);
	int x0 = b->width, x1 = -1, y0 = b->height, y1 = -1;
	for (int s = 0; s < b->square_count; s++) {
		int x = board_x(b, (unsigned)s), yy = board_y(b, (unsigned)s);
		x0 = x < x0 ? x : x0, x1 = x > x1 ? x : x1;
		y0 = yy < y0 ? yy : y0, y1 = yy > y1 ? yy : y1;
	}
	int w = x1 - x0, h = y1 - y0;
	y->count = 0;
	for (int t = 0; t < SYMMETRY_MAX && b->square_count > 0; t++) {
		if (t >= 4 && w != h)
			break;
		if (!y->map[y->count]) {
			y->map[y->count] = memory_alloc(mem, bytes);
			if (!y->map[y->count]) {
				symmetry_free(y);
				y->count = 1;
				return HAKO_ERR_NOMEM;
			}
		}
		if (try_transform(y, y->count, t, b, x0, y0, w, h))
			y->count++;
	}
	/* A map tried and not kept. */
	if (y->count < SYMMETRY_MAX && y->map[y->count]) {
		memory_free(mem, y->map[y->count], bytes);
		y->map[y->count] = NULL;
	}
	if (y->count == 0)
		y->count = 1; /* no squares: the identity, never used */
	/* The kept transforms form a group (the composition of two that keep
	 * the level keeps it): its table, by comparing the maps. */
	for (int a = 0; a < y->count && y->map[0]; a++)
		for (int c = 0; c < y->count; c++)
			for (int r = 0; r < y->count; r++) {
				int same = 1;
				for (int s = 0; s < b->square_count && same; s++)
					same = y->map[r][s] == y->map[a][y->map[c][s]];
				if (same) {
					y->compose[a][c] = (uint8_t)r;
					if (r == 0)
						y->inverse[a] = (uint8_t)c;
					break;
				}
			}
	return HAKO_OK;
}

void symmetry_free(symmetry *y)
{
	size_t bytes = sizeof(uint16_t) * ((size_t)y->square_count + 1);
	for (int k = 0; k < SYMMETRY_MAX; k++)
		if (y->map[k]) {
			memory_free(y->mem, y->map[k], bytes);
			y->map[k] = NULL;
		}
	y->count = 1;
}

void symmetry_boxes(const symmetry *y, int k, const uint16_t *boxes, int count, uint16_t *out)
{
	const uint16_t *map = y->map[k];
	for (int i = 0; i < count; i++)
		out[i] = map[boxes[i]];
	board_sort_squares(out, (size_t)count);
}
