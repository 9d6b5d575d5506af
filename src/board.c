/* board.c — from a validated level to the compact board the search uses:
 * floor squares the player can reach get indices 0..n-1 in row-major order,
 * a neighbour table, goal and box lists, and for every square which of its
 * neighbours stay connected when a box stands on it. */
#include "board.h"

#include <stdlib.h>
#include <string.h>

#include "level.h"

const char board_walk_letter[4] = {'l', 'u', 'r', 'd'};
const char board_push_letter[4] = {'L', 'U', 'R', 'D'};

static const int dir_dx[4] = {-1, 0, 1, 0};
static const int dir_dy[4] = {0, -1, 0, 1};

static int is_goal_char(char c)
{
	return c == '.' || c == '*' || c == '+';
}

static int is_box_char(char c)
{
	return c == '$' || c == '*';
}

/* Mark the squares the player can reach from the start with boxes counted as
 * floor; returns the count. */
static int flood_player_region(const struct hako_level *level, uint8_t *region)
{
	int w = level->width, h = level->height, count = 0;
	int *stack = malloc(sizeof(int) * (size_t)w * (size_t)h);
	if (!stack)
		return -1;
	int top = 0;
	stack[top++] = level->player_y * w + level->player_x;
	region[stack[0]] = 1;
	while (top > 0) {
		int g = stack[--top];
		count++;
		int x = g % w, y = g / w;
		for (int d = 0; d < 4; d++) {
			int nx = x + dir_dx[d], ny = y + dir_dy[d];
			if (nx < 0 || ny < 0 || nx >= w || ny >= h)
				continue;
			int ng = ny * w + nx;
			if (region[ng] || level_square(level, nx, ny) == '#')
				continue;
			region[ng] = 1;
			stack[top++] = ng;
		}
	}
	free(stack);
	return count;
}

size_t board_sides_scratch_bytes(int square_count)
{
	/* A multiple of 8: what follows it in a block stays aligned. */
	return ((size_t)square_count * (5 * sizeof(int) + 1) + 7) & ~(size_t)7;
}

/* Label, for every square s, the components of its neighbours in the floor
 * graph without s (and without the squares `wall` marks). Tarjan's
 * articulation-point DFS (iterative): a neighbour u of s lies either on
 * the parent side of s or inside the subtree of one child c of s; subtrees
 * with low[c] >= disc[s] are cut off from the rest when s is blocked, all
 * others join the parent side. O(squares). */
void board_sides(const board *b, const uint8_t *wall, uint8_t *side, void *scratch)
{
	int n = b->square_count;
	int *disc = scratch;
	int *low = disc + n, *size = low + n, *parent = size + n, *stack = parent + n;
	uint8_t *next_dir = (uint8_t *)(stack + n);
	for (int i = 0; i < n; i++)
		disc[i] = -1;
	int time = 0;
	for (int root = 0; root < n; root++) {
		if (disc[root] >= 0 || (wall && wall[root]))
			continue;
		int top = 0;
		stack[top++] = root;
		disc[root] = low[root] = time++;
		parent[root] = -1;
		next_dir[root] = 0;
		while (top > 0) {
			int s = stack[top - 1];
			if (next_dir[s] < 4) {
				int d = next_dir[s]++;
				uint16_t u = board_next(b, (unsigned)s, (unsigned)d);
				if (u == SQUARE_NONE || (wall && wall[u]))
					continue;
				if (disc[u] < 0) {
					disc[u] = low[u] = time++;
					parent[u] = s;
					next_dir[u] = 0;
					stack[top++] = u;
				} else if (u != parent[s] && disc[u] < low[s]) {
					low[s] = disc[u];
				}
				continue;
			}
			top--;
			size[s] = time - disc[s];
			if (parent[s] >= 0 && low[s] < low[parent[s]])
				low[parent[s]] = low[s];
		}
	}
	/* size[s] as computed is the number of squares discovered since s,
	 * which is exactly s's subtree in a DFS. */
	for (int s = 0; s < n; s++) {
		for (int d = 0; d < 4; d++) {
			uint16_t u = board_next(b, (unsigned)s, (unsigned)d);
			side[s * 4 + d] = SIDE_NONE;
			if (u == SQUARE_NONE || (wall && (wall[u] || wall[s])))
				continue;
			int label = 4; /* 4 = the parent side */
			if (disc[u] > disc[s]) {
				/* u is a descendant: find the child subtree holding it. */
				for (int e = 0; e < 4; e++) {
					uint16_t c = board_next(b, (unsigned)s, (unsigned)e);
					if (c == SQUARE_NONE || (wall && wall[c]) || parent[c] != s)
						continue;
					if (disc[c] <= disc[u] && disc[u] < disc[c] + size[c]) {
						if (low[c] >= disc[s])
							label = e;
						break;
					}
				}
			}
			side[s * 4 + d] = (uint8_t)label;
		}
	}
}

static hako_status compute_sides(board *b)
{
	/* + 1: never malloc(0), which may return NULL, on a board with no
	 * squares. */
	void *scratch = malloc(board_sides_scratch_bytes(b->square_count) + 1);
	if (!scratch)
		return HAKO_ERR_NOMEM;
	board_sides(b, NULL, b->side, scratch);
	free(scratch);
	return HAKO_OK;
}

static void *board_alloc(board *b, size_t bytes)
{
	b->bytes += bytes;
	return calloc(1, bytes ? bytes : 1);
}

hako_status board_build(const struct hako_level *level, board *b)
{
	return board_build_limited(level, b, NULL, 0);
}

hako_status board_build_limited(const struct hako_level *level, board *b, struct deadline *stop,
                                size_t max_bytes)
{
	memset(b, 0, sizeof *b);
	if (!level || level->status != HAKO_OK || level->player_x < 0)
		return HAKO_ERR_ARGUMENT;
	int w = level->width, h = level->height;
	size_t cells = (size_t)w * (size_t)h;
	b->width = w;
	b->height = h;
	uint8_t *region = calloc(cells, 1);
	if (!region)
		return HAKO_ERR_NOMEM;
	int n = flood_player_region(level, region);
	if (n < 0 || n > BOARD_MAX_SQUARES) {
		free(region);
		return n < 0 ? HAKO_ERR_NOMEM : HAKO_ERR_LIMIT;
	}
	b->square_count = n;
	b->grid_to_square = board_alloc(b, sizeof(int32_t) * cells);
	b->square_to_grid = board_alloc(b, sizeof(int32_t) * (size_t)n);
	b->neighbor = board_alloc(b, sizeof(uint16_t) * 4 * (size_t)n);
	b->side = board_alloc(b, 4 * (size_t)n);
	b->is_goal = board_alloc(b, (size_t)n);
	b->dead = board_alloc(b, (size_t)n);
	if (!b->grid_to_square || !b->square_to_grid || !b->neighbor || !b->side || !b->is_goal ||
	    !b->dead) {
		free(region);
		board_free(b);
		return HAKO_ERR_NOMEM;
	}
	int k = 0, boxes = 0, goals = 0;
	for (size_t g = 0; g < cells; g++) {
		b->grid_to_square[g] = region[g] ? k : -1;
		if (!region[g]) {
			/* A box or goal the player can never reach: a box on a goal is
			 * just decoration, anything else can never be solved. */
			char c = level->squares[g];
			if (c == '$' || c == '.' || c == '+')
				b->unsolvable = 1;
			continue;
		}
		b->square_to_grid[k] = (int32_t)g;
		char c = level->squares[g];
		b->is_goal[k] = (uint8_t)is_goal_char(c);
		goals += is_goal_char(c);
		boxes += is_box_char(c);
		k++;
	}
	free(region);
	if (boxes != goals)
		b->unsolvable = 1;
	b->box_count = boxes < goals ? boxes : goals;
	b->goals = board_alloc(b, sizeof(uint16_t) * (size_t)(goals + 1));
	b->start_boxes = board_alloc(b, sizeof(uint16_t) * (size_t)(boxes + 1));
	if (!b->goals || !b->start_boxes) {
		board_free(b);
		return HAKO_ERR_NOMEM;
	}
	int gi = 0, bi = 0;
	for (int s = 0; s < n; s++) {
		int g = b->square_to_grid[s], x = g % w, y = g / w;
		char c = level->squares[g];
		if (is_goal_char(c))
			b->goals[gi++] = (uint16_t)s;
		if (is_box_char(c))
			b->start_boxes[bi++] = (uint16_t)s;
		for (int d = 0; d < 4; d++) {
			int nx = x + dir_dx[d], ny = y + dir_dy[d];
			int32_t ns = -1;
			if (nx >= 0 && ny >= 0 && nx < w && ny < h)
				ns = b->grid_to_square[ny * w + nx];
			b->neighbor[s * 4 + d] = ns < 0 ? SQUARE_NONE : (uint16_t)ns;
		}
	}
	b->start_player = (uint16_t)b->grid_to_square[level->player_y * w + level->player_x];
	hako_status st = compute_sides(b);
	/* The distance table is the board's one large part: over the budget,
	 * say so before filling it. */
	if (st == HAKO_OK && max_bytes &&
	    b->bytes + sizeof(uint16_t) * (size_t)b->box_count * (size_t)n > max_bytes)
		st = HAKO_ERR_NOMEM;
	if (st == HAKO_OK) {
		dead_simple_compute(b, b->dead);
		st = distance_compute(b, stop);
	}
	if (st != HAKO_OK)
		board_free(b);
	return st;
}

void board_free(board *b)
{
	free(b->grid_to_square);
	free(b->square_to_grid);
	free(b->neighbor);
	free(b->side);
	free(b->is_goal);
	free(b->goals);
	free(b->start_boxes);
	free(b->dead);
	free(b->distance);
	memset(b, 0, sizeof *b);
}

/* Insertion sort: the lists are short (a corral's boxes, a window's). */
void board_sort_squares(uint16_t *squares, size_t count)
{
	for (size_t i = 1; i < count; i++) {
		uint16_t v = squares[i];
		size_t j = i;
		for (; j > 0 && squares[j - 1] > v; j--)
			squares[j] = squares[j - 1];
		squares[j] = v;
	}
}
