/* oracle.c — the exhaustive solver: every position reachable from the start
 * (boxes + normalized player), found breadth first, and exactly which of
 * them can still be solved, found backwards from the solved positions.
 *
 * Independent of the library on purpose: it reads the level through the
 * public API and owns its squares, neighbours, move generation and player
 * normalization, so a mistake in board.c or reach.c cannot hide a mistake
 * in a detector. It prunes nothing unless asked (prune_dead_squares, which
 * is exact and decided by its own lone-box game). */
#include "oracle.h"

#include <stdlib.h>
#include <string.h>

#define NONE 0xFFFFu

static const int step_x[4] = {-1, 0, 1, 0}; /* LURD */
static const int step_y[4] = {0, -1, 0, 1};

struct oracle {
	const hako_level *level;
	int width, height;
	int square_count;        /* floor the player can ever reach, boxes as floor */
	int32_t *square_to_grid; /* row-major, so square order = grid order */
	uint16_t *neighbor;      /* [square * 4 + dir], NONE for a wall */
	uint8_t *is_goal;
	int outside_unsolvable; /* a box or empty goal the player can never get to */
	uint8_t *dead;          /* lone-box dead squares (only when pruning) */

	/* The positions: key = player, then the boxes ascending (squares). */
	int box_count, stride;
	size_t count, capacity, max_states;
	uint16_t *keys;
	uint32_t *depth;
	uint16_t *pushed, *pusher;
	uint8_t *solvable;
	uint32_t *to_goal; /* fewest pushes to a solved position; UINT32_MAX: dead */
	size_t solvable_count;
	long optimal;

	/* Successors, in breadth-first order: edges[edge_start[i] ..]. */
	uint32_t *edge_start;
	uint32_t *edges;
	size_t edge_count, edge_capacity;

	/* Hash set of position indices + 1 (0 = empty), open addressing. */
	uint32_t *table;
	size_t table_size;

	/* Flood fills: the mover's reach and the successors' normalization. */
	uint32_t *reach_stamp, *norm_stamp, generation;
	uint16_t *queue;
	uint8_t *occupied;
};

/* ---- the level as squares ------------------------------------------------ */

static int is_wall(const hako_level *level, int x, int y)
{
	return x < 0 || y < 0 || x >= hako_level_width(level) || y >= hako_level_height(level) ||
	       hako_level_square(level, x, y) == '#';
}

static oracle_status build_squares(oracle *o)
{
	const hako_level *level = o->level;
	int w = o->width, h = o->height;
	size_t cells = (size_t)w * (size_t)h;
	int32_t *grid_to_square = malloc(sizeof(int32_t) * cells);
	int32_t *stack = malloc(sizeof(int32_t) * cells);
	o->square_to_grid = malloc(sizeof(int32_t) * cells);
	if (!grid_to_square || !stack || !o->square_to_grid) {
		free(grid_to_square);
		free(stack);
		return ORACLE_NOMEM;
	}
	/* The player's region with boxes counted as floor. */
	int start = -1;
	for (int y = 0; y < h && start < 0; y++)
		for (int x = 0; x < w; x++) {
			char c = hako_level_square(level, x, y);
			if (c == '@' || c == '+') {
				start = y * w + x;
				break;
			}
		}
	for (size_t g = 0; g < cells; g++)
		grid_to_square[g] = -1;
	int top = 0;
	stack[top++] = start;
	grid_to_square[start] = 0;
	while (top > 0) {
		int g = stack[--top];
		for (int d = 0; d < 4; d++) {
			int x = g % w + step_x[d], y = g / w + step_y[d];
			if (is_wall(level, x, y) || grid_to_square[y * w + x] == 0)
				continue;
			grid_to_square[y * w + x] = 0;
			stack[top++] = y * w + x;
		}
	}
	int n = 0;
	for (size_t g = 0; g < cells; g++) {
		char c = hako_level_square(level, (int)(g % (size_t)w), (int)(g / (size_t)w));
		if (grid_to_square[g] < 0) {
			/* Out of reach: a box on a goal is decoration, a lone box or
			 * goal makes the level unsolvable. */
			if (c == '$' || c == '.')
				o->outside_unsolvable = 1;
			continue;
		}
		grid_to_square[g] = n;
		o->square_to_grid[n++] = (int32_t)g;
	}
	o->square_count = n;
	o->neighbor = malloc(sizeof(uint16_t) * 4 * (size_t)n);
	o->is_goal = calloc((size_t)n, 1);
	o->occupied = calloc((size_t)n, 1);
	o->reach_stamp = calloc((size_t)n, sizeof(uint32_t));
	o->norm_stamp = calloc((size_t)n, sizeof(uint32_t));
	o->queue = malloc(sizeof(uint16_t) * (size_t)n);
	if (!o->neighbor || !o->is_goal || !o->occupied || !o->reach_stamp || !o->norm_stamp ||
	    !o->queue) {
		free(grid_to_square);
		free(stack);
		return ORACLE_NOMEM;
	}
	for (int s = 0; s < n; s++) {
		int g = o->square_to_grid[s], x = g % w, y = g / w;
		char c = hako_level_square(level, x, y);
		o->is_goal[s] = (uint8_t)(c == '.' || c == '*' || c == '+');
		for (int d = 0; d < 4; d++) {
			int nx = x + step_x[d], ny = y + step_y[d];
			int32_t t = is_wall(level, nx, ny) ? -1 : grid_to_square[ny * w + nx];
			o->neighbor[s * 4 + d] = t < 0 ? (uint16_t)NONE : (uint16_t)t;
		}
	}
	free(grid_to_square);
	free(stack);
	return ORACLE_OK;
}

static unsigned next(const oracle *o, unsigned square, int dir)
{
	return o->neighbor[square * 4u + (unsigned)dir];
}

/* Flood from `from` over squares without a box, stamping `stamp`; returns
 * the smallest square reached. */
static uint16_t flood(oracle *o, uint32_t *stamp, unsigned from)
{
	uint32_t gen = ++o->generation;
	unsigned head = 0, tail = 0, smallest = from;
	stamp[from] = gen;
	o->queue[tail++] = (uint16_t)from;
	while (head < tail) {
		unsigned s = o->queue[head++];
		if (s < smallest)
			smallest = s;
		for (int d = 0; d < 4; d++) {
			unsigned t = next(o, s, d);
			if (t == NONE || stamp[t] == gen || o->occupied[t])
				continue;
			stamp[t] = gen;
			o->queue[tail++] = (uint16_t)t;
		}
	}
	return (uint16_t)smallest;
}

/* ---- the position store --------------------------------------------------- */

static uint64_t key_hash(const uint16_t *key, int stride)
{
	uint64_t h = 0x9E3779B97F4A7C15u;
	for (int i = 0; i < stride; i++) {
		h ^= key[i];
		h *= 0xBF58476D1CE4E5B9u;
		h ^= h >> 29;
	}
	return h;
}

static void store_clear(oracle *o)
{
	free(o->keys);
	free(o->depth);
	free(o->pushed);
	free(o->pusher);
	free(o->solvable);
	free(o->to_goal);
	free(o->edge_start);
	free(o->edges);
	free(o->table);
	o->keys = NULL;
	o->depth = NULL;
	o->pushed = o->pusher = NULL;
	o->solvable = NULL;
	o->to_goal = NULL;
	o->edge_start = o->edges = NULL;
	o->table = NULL;
	o->count = o->capacity = o->edge_count = o->edge_capacity = o->table_size = 0;
	o->solvable_count = 0;
	o->optimal = -1;
}

static int table_grow(oracle *o)
{
	size_t size = o->table_size ? o->table_size * 2 : 1024;
	uint32_t *table = calloc(size, sizeof(uint32_t));
	if (!table)
		return 0;
	for (size_t i = 0; i < o->count; i++) {
		size_t at =
		    (size_t)key_hash(o->keys + i * (size_t)o->stride, o->stride) & (size - 1);
		while (table[at])
			at = (at + 1) & (size - 1);
		table[at] = (uint32_t)(i + 1);
	}
	free(o->table);
	o->table = table;
	o->table_size = size;
	return 1;
}

static int store_grow(oracle *o)
{
	size_t cap = o->capacity ? o->capacity * 2 : 1024;
	uint16_t *keys = realloc(o->keys, sizeof(uint16_t) * cap * (size_t)o->stride);
	if (keys)
		o->keys = keys;
	uint32_t *depth = realloc(o->depth, sizeof(uint32_t) * cap);
	if (depth)
		o->depth = depth;
	uint16_t *pushed = realloc(o->pushed, sizeof(uint16_t) * cap);
	if (pushed)
		o->pushed = pushed;
	uint16_t *pusher = realloc(o->pusher, sizeof(uint16_t) * cap);
	if (pusher)
		o->pusher = pusher;
	uint32_t *start = realloc(o->edge_start, sizeof(uint32_t) * (cap + 1));
	if (start)
		o->edge_start = start;
	if (!keys || !depth || !pushed || !pusher || !start)
		return 0;
	o->capacity = cap;
	return 1;
}

/* Find or add a position. Returns its index, or -1 when over budget or out
 * of memory (*status says which); *added tells whether it is new. */
static long store_insert(oracle *o, const uint16_t *key, int *added, oracle_status *status)
{
	if ((o->count + 1) * 2 > o->table_size && !table_grow(o)) {
		*status = ORACLE_NOMEM;
		return -1;
	}
	size_t mask = o->table_size - 1;
	size_t at = (size_t)key_hash(key, o->stride) & mask;
	size_t bytes = sizeof(uint16_t) * (size_t)o->stride;
	while (o->table[at]) {
		size_t i = o->table[at] - 1;
		if (memcmp(o->keys + i * (size_t)o->stride, key, bytes) == 0) {
			*added = 0;
			return (long)i;
		}
		at = (at + 1) & mask;
	}
	if (o->count >= o->max_states) {
		*status = ORACLE_OVER_BUDGET;
		return -1;
	}
	if (o->count == o->capacity && !store_grow(o)) {
		*status = ORACLE_NOMEM;
		return -1;
	}
	size_t i = o->count++;
	memcpy(o->keys + i * (size_t)o->stride, key, bytes);
	o->table[at] = (uint32_t)(i + 1);
	*added = 1;
	return (long)i;
}

static int add_edge(oracle *o, size_t to)
{
	if (o->edge_count == o->edge_capacity) {
		size_t cap = o->edge_capacity ? o->edge_capacity * 2 : 4096;
		if (cap > UINT32_MAX)
			return 0;
		uint32_t *edges = realloc(o->edges, sizeof(uint32_t) * cap);
		if (!edges)
			return 0;
		o->edges = edges;
		o->edge_capacity = cap;
	}
	o->edges[o->edge_count++] = (uint32_t)to;
	return 1;
}

/* ---- enumeration ------------------------------------------------------------ */

static int on_dead_square(const oracle *o, const uint16_t *boxes)
{
	for (int j = 0; j < o->box_count; j++)
		if (o->dead[boxes[j]])
			return 1;
	return 0;
}

/* Breadth first from the positions already in the store (the starts, depth
 * 0): every push of every box the player can get behind. */
static oracle_status explore(oracle *o, int prune)
{
	int k = o->box_count;
	uint16_t cur[1 + 256], succ[1 + 256];
	oracle_status status = ORACLE_OK;
	for (size_t i = 0; i < o->count; i++) {
		o->edge_start[i] = (uint32_t)o->edge_count;
		memcpy(cur, o->keys + i * (size_t)o->stride, sizeof(uint16_t) * (size_t)o->stride);
		const uint16_t *boxes = cur + 1;
		if (prune && on_dead_square(o, boxes))
			continue;
		for (int j = 0; j < k; j++)
			o->occupied[boxes[j]] = 1;
		flood(o, o->reach_stamp, cur[0]);
		uint32_t reached = o->generation;
		for (int j = 0; j < k && status == ORACLE_OK; j++) {
			unsigned box = boxes[j];
			for (int d = 0; d < 4; d++) {
				unsigned behind = next(o, box, d ^ 2), to = next(o, box, d);
				if (behind == NONE || o->reach_stamp[behind] != reached ||
				    to == NONE || o->occupied[to])
					continue;
				/* The boxes with `box` moved to `to`, kept ascending. */
				int m = 0, placed = 0;
				for (int t = 0; t < k; t++) {
					if (t == j)
						continue;
					if (!placed && to < boxes[t]) {
						succ[1 + m++] = (uint16_t)to;
						placed = 1;
					}
					succ[1 + m++] = boxes[t];
				}
				if (!placed)
					succ[1 + m++] = (uint16_t)to;
				o->occupied[box] = 0;
				o->occupied[to] = 1;
				succ[0] = flood(o, o->norm_stamp, box);
				o->occupied[to] = 0;
				o->occupied[box] = 1;
				int added;
				long at = store_insert(o, succ, &added, &status);
				if (at < 0)
					break;
				if (added) {
					o->depth[at] = o->depth[i] + 1;
					o->pushed[at] = (uint16_t)to;
					o->pusher[at] = (uint16_t)box;
				}
				if (!add_edge(o, (size_t)at)) {
					status = ORACLE_NOMEM;
					break;
				}
			}
		}
		for (int j = 0; j < k; j++)
			o->occupied[boxes[j]] = 0;
		if (status != ORACLE_OK)
			return status;
	}
	o->edge_start[o->count] = (uint32_t)o->edge_count;
	return ORACLE_OK;
}

static int is_solved(const oracle *o, const uint16_t *boxes)
{
	if (o->outside_unsolvable)
		return 0;
	for (int j = 0; j < o->box_count; j++)
		if (!o->is_goal[boxes[j]])
			return 0;
	return 1;
}

/* Solvable = a solved position is reachable: backwards from the solved
 * positions over reversed edges. Also the fewest pushes to a solution. */
static oracle_status mark_solvable(oracle *o)
{
	size_t n = o->count;
	o->solvable = calloc(n ? n : 1, 1);
	o->to_goal = malloc(sizeof(uint32_t) * (n ? n : 1));
	uint32_t *rev_start = calloc(n + 1, sizeof(uint32_t));
	uint32_t *rev = malloc(sizeof(uint32_t) * (o->edge_count ? o->edge_count : 1));
	uint32_t *queue = malloc(sizeof(uint32_t) * (n ? n : 1));
	if (!o->solvable || !o->to_goal || !rev_start || !rev || !queue) {
		free(rev_start);
		free(rev);
		free(queue);
		return ORACLE_NOMEM;
	}
	for (size_t e = 0; e < o->edge_count; e++)
		rev_start[o->edges[e] + 1]++;
	for (size_t i = 0; i < n; i++)
		rev_start[i + 1] += rev_start[i];
	for (size_t i = 0; i < n; i++)
		for (size_t e = o->edge_start[i]; e < o->edge_start[i + 1]; e++)
			rev[rev_start[o->edges[e]]++] = (uint32_t)i;
	/* rev_start[t] now points past t's predecessors: shift back. */
	for (size_t i = n; i > 0; i--)
		rev_start[i] = rev_start[i - 1];
	rev_start[0] = 0;
	/* Breadth first from every solved position at once: the first time a
	 * position is reached gives its fewest pushes to a solution. */
	size_t head = 0, tail = 0;
	for (size_t i = 0; i < n; i++)
		o->to_goal[i] = UINT32_MAX;
	for (size_t i = 0; i < n; i++)
		if (is_solved(o, o->keys + i * (size_t)o->stride + 1)) {
			o->solvable[i] = 1;
			o->to_goal[i] = 0;
			queue[tail++] = (uint32_t)i;
			if (o->optimal < 0 || o->depth[i] < (uint32_t)o->optimal)
				o->optimal = (long)o->depth[i];
		}
	while (head < tail) {
		uint32_t t = queue[head++];
		for (uint32_t e = rev_start[t]; e < rev_start[t + 1]; e++) {
			uint32_t p = rev[e];
			if (!o->solvable[p]) {
				o->solvable[p] = 1;
				o->to_goal[p] = o->to_goal[t] + 1;
				queue[tail++] = p;
			}
		}
	}
	o->solvable_count = tail;
	free(rev_start);
	free(rev);
	free(queue);
	return ORACLE_OK;
}

/* The lone-box game: a square is dead when a single box on it reaches no
 * goal whichever side the player starts on. Used only to prune. */
static oracle_status lone_box_dead_squares(oracle *o)
{
	int n = o->square_count;
	o->dead = calloc((size_t)n, 1);
	if (!o->dead)
		return ORACLE_NOMEM;
	o->box_count = 1;
	o->stride = 2;
	oracle_status status = ORACLE_OK;
	for (int s = 0; s < n && status == ORACLE_OK; s++) {
		o->occupied[s] = 1;
		for (int d = 0; d < 4; d++) {
			unsigned p = next(o, (unsigned)s, d);
			if (p == NONE)
				continue;
			uint16_t key[2] = {flood(o, o->norm_stamp, p), (uint16_t)s};
			int added;
			long at = store_insert(o, key, &added, &status);
			if (at < 0)
				break;
			if (added) {
				o->depth[at] = 0;
				o->pushed[at] = o->pusher[at] = NONE;
			}
		}
		o->occupied[s] = 0;
	}
	if (status == ORACLE_OK)
		status = explore(o, 0);
	if (status == ORACLE_OK)
		status = mark_solvable(o);
	if (status == ORACLE_OK) {
		memset(o->dead, 1, (size_t)n);
		for (size_t i = 0; i < o->count; i++)
			if (o->solvable[i])
				o->dead[o->keys[i * 2 + 1]] = 0;
	}
	store_clear(o);
	return status;
}

/* ---- the public side -------------------------------------------------------- */

oracle_status oracle_solve(const hako_level *level, const oracle_options *options, oracle **out)
{
	*out = NULL;
	if (hako_level_status(level, NULL) != HAKO_OK)
		return ORACLE_INVALID;
	oracle *o = calloc(1, sizeof *o);
	if (!o)
		return ORACLE_NOMEM;
	o->level = level;
	o->width = hako_level_width(level);
	o->height = hako_level_height(level);
	o->optimal = -1;
	o->max_states =
	    options && options->max_states ? options->max_states : ORACLE_DEFAULT_STATES;
	if (o->max_states > UINT32_MAX - 1)
		o->max_states = UINT32_MAX - 1;
	int prune = options && options->prune_dead_squares;
	oracle_status status = build_squares(o);
	if (status == ORACLE_OK && prune)
		status = lone_box_dead_squares(o);
	if (status != ORACLE_OK) {
		oracle_free(o);
		return status;
	}
	/* The boxes the player can ever touch; those out of reach stand on goals
	 * (or outside_unsolvable is set) and are walls. */
	uint16_t start[1 + 256];
	int k = 0;
	for (int s = 0; s < o->square_count; s++) {
		int g = o->square_to_grid[s];
		char c = hako_level_square(level, g % o->width, g / o->width);
		if (c == '$' || c == '*') {
			if (k == 256) {
				oracle_free(o);
				return ORACLE_OVER_BUDGET;
			}
			start[1 + k++] = (uint16_t)s;
		}
	}
	o->box_count = k;
	o->stride = k + 1;
	for (int j = 0; j < k; j++)
		o->occupied[start[1 + j]] = 1;
	int g = -1;
	for (int s = 0; s < o->square_count && g < 0; s++) {
		int gs = o->square_to_grid[s];
		char c = hako_level_square(level, gs % o->width, gs / o->width);
		if (c == '@' || c == '+')
			g = s;
	}
	start[0] = flood(o, o->norm_stamp, (unsigned)g);
	for (int j = 0; j < k; j++)
		o->occupied[start[1 + j]] = 0;
	int added;
	if (store_insert(o, start, &added, &status) < 0) {
		oracle_free(o);
		return status;
	}
	o->depth[0] = 0;
	o->pushed[0] = o->pusher[0] = NONE;
	status = explore(o, prune);
	if (status == ORACLE_OK)
		status = mark_solvable(o);
	if (status != ORACLE_OK) {
		oracle_free(o);
		return status;
	}
	/* The lookup table is not needed any more. */
	free(o->table);
	o->table = NULL;
	o->table_size = 0;
	*out = o;
	return ORACLE_OK;
}

void oracle_free(oracle *o)
{
	if (!o)
		return;
	store_clear(o);
	free(o->square_to_grid);
	free(o->neighbor);
	free(o->is_goal);
	free(o->dead);
	free(o->reach_stamp);
	free(o->norm_stamp);
	free(o->queue);
	free(o->occupied);
	free(o);
}

size_t oracle_count(const oracle *o)
{
	return o->count;
}

int oracle_box_count(const oracle *o)
{
	return o->box_count;
}

int oracle_width(const oracle *o)
{
	return o->width;
}

void oracle_position(const oracle *o, size_t i, int32_t *boxes, int32_t *player)
{
	const uint16_t *key = o->keys + i * (size_t)o->stride;
	*player = o->square_to_grid[key[0]];
	for (int j = 0; j < o->box_count; j++)
		boxes[j] = o->square_to_grid[key[1 + j]];
}

int32_t oracle_pushed(const oracle *o, size_t i)
{
	return o->pushed[i] == NONE ? -1 : o->square_to_grid[o->pushed[i]];
}

int32_t oracle_pusher(const oracle *o, size_t i)
{
	return o->pusher[i] == NONE ? -1 : o->square_to_grid[o->pusher[i]];
}

uint32_t oracle_depth(const oracle *o, size_t i)
{
	return o->depth[i];
}

int oracle_solvable(const oracle *o, size_t i)
{
	return o->solvable[i];
}

uint32_t oracle_to_goal(const oracle *o, size_t i)
{
	return o->to_goal[i];
}

size_t oracle_successors(const oracle *o, size_t i, const uint32_t **successors)
{
	*successors = o->edges + o->edge_start[i];
	return o->edge_start[i + 1] - o->edge_start[i];
}

size_t oracle_solvable_count(const oracle *o)
{
	return o->solvable_count;
}

long oracle_optimal_pushes(const oracle *o)
{
	return o->optimal;
}

int oracle_lone_box_dead(const oracle *o, int32_t grid)
{
	if (!o->dead)
		return -1;
	for (int s = 0; s < o->square_count; s++)
		if (o->square_to_grid[s] == grid)
			return o->dead[s];
	return -1;
}

char *oracle_xsb(const oracle *o, const int32_t *boxes, int32_t player)
{
	int w = o->width, h = o->height;
	char *text = malloc((size_t)(w + 1) * (size_t)h + 1);
	if (!text)
		return NULL;
	char *p = text;
	for (int y = 0; y < h; y++) {
		char *row = p;
		for (int x = 0; x < w; x++) {
			char c = hako_level_square(o->level, x, y);
			int g = y * w + x, reachable = 0;
			for (int s = 0; s < o->square_count && !reachable; s++)
				reachable = o->square_to_grid[s] == g;
			if (reachable) {
				int goal = c == '.' || c == '*' || c == '+', box = 0;
				for (int j = 0; j < o->box_count; j++)
					box |= boxes[j] == g;
				if (box)
					c = goal ? '*' : '$';
				else if (g == player)
					c = goal ? '+' : '@';
				else
					c = goal ? '.' : ' ';
			}
			*p++ = c;
		}
		while (p > row && p[-1] == ' ')
			p--;
		*p++ = '\n';
	}
	*p = '\0';
	return text;
}
