/* shorten_window.c — re-solving one window of a solution: A* over the
 * pushes of the boxes the window moves (the other boxes are walls), fewest
 * pushes first and fewest moves second, to the exact squares the window
 * leaves those boxes on, with the player able to make the next push.
 *
 * Why a replacement is safe to splice in: it ends with every box where the
 * window ended (the free boxes as a set of squares, the others never
 * moved) and the player in the region from which the push after the window
 * is made; every push it makes was checked against the player's reach and
 * the occupied squares as it was generated. The caller replays anyway.
 *
 * Why it is optimal within the window (for these free boxes): the bound is
 * the sum over free boxes of the pushes to the nearest target square, with
 * the fixed boxes as walls. One push moves one box one square, so the
 * bound drops by at most one per push (consistent); ordering by (pushes +
 * bound, moves) is Dijkstra on non-negative lexicographic reduced costs. */
#include <stdlib.h>
#include <string.h>

#include "shorten.h"

struct shorten_heap_entry {
	uint64_t key; /* (pushes + bound) << 32 | moves */
	int32_t node;
};

#define HMIN_INFINITE 0xFFFFu

hako_status shorten_window_init(shorten_window *w, const board *b, int node_capacity)
{
	memset(w, 0, sizeof *w);
	w->b = b;
	w->node_capacity = node_capacity;
	size_t nodes = (size_t)node_capacity, squares = (size_t)b->square_count + 1;
	w->table_capacity = 16;
	while (w->table_capacity < 2 * nodes)
		w->table_capacity <<= 1;
	w->heap_capacity = 4 * nodes + 16;
	w->boxes = malloc(nodes * SHORTEN_MAX_FREE * sizeof *w->boxes);
	w->player = malloc(nodes * sizeof *w->player);
	w->pushes = malloc(nodes * sizeof *w->pushes);
	w->h = malloc(nodes * sizeof *w->h);
	w->moves = malloc(nodes * sizeof *w->moves);
	w->parent = malloc(nodes * sizeof *w->parent);
	w->via = malloc(nodes * sizeof *w->via);
	w->slot = malloc(nodes * sizeof *w->slot);
	w->table = malloc(w->table_capacity * sizeof *w->table);
	w->heap = malloc(w->heap_capacity * sizeof *w->heap);
	w->hmin = malloc(squares * sizeof *w->hmin);
	w->queue = malloc(squares * sizeof *w->queue);
	w->occupied = calloc(squares, 1);
	if (!w->boxes || !w->player || !w->pushes || !w->h || !w->moves || !w->parent || !w->via ||
	    !w->slot || !w->table || !w->heap || !w->hmin || !w->queue || !w->occupied ||
	    reach_init(&w->walker, b->square_count) != HAKO_OK ||
	    reach_init(&w->exit_walker, b->square_count) != HAKO_OK) {
		shorten_window_free(w);
		return HAKO_ERR_NOMEM;
	}
	memset(w->table, 0xFF, w->table_capacity * sizeof *w->table);
	return HAKO_OK;
}

void shorten_window_free(shorten_window *w)
{
	free(w->boxes);
	free(w->player);
	free(w->pushes);
	free(w->h);
	free(w->moves);
	free(w->parent);
	free(w->via);
	free(w->slot);
	free(w->table);
	free(w->heap);
	free(w->hmin);
	free(w->queue);
	free(w->occupied);
	reach_free(&w->walker);
	reach_free(&w->exit_walker);
	memset(w, 0, sizeof *w);
}

/* The boxes the pushes move: where each starts and where it ends (same
 * order). A push from a square no moved box stands on moves a box that has
 * not moved yet: squares hold one box each. Returns how many, or -1 when
 * more than SHORTEN_MAX_FREE. */
static int window_free_boxes(const board *b, const search_push *pushes, size_t length,
                             uint16_t *origin, uint16_t *current)
{
	int m = 0;
	for (size_t k = 0; k < length; k++) {
		unsigned from = pushes[k].from;
		int a = 0;
		while (a < m && current[a] != from)
			a++;
		if (a == m) {
			if (m == SHORTEN_MAX_FREE)
				return -1;
			origin[m] = current[m] = (uint16_t)from;
			m++;
		}
		current[a] = board_next(b, from, pushes[k].dir);
	}
	return m;
}

size_t shorten_window_fit(const board *b, const search_push *pushes, size_t length)
{
	uint16_t origin[SHORTEN_MAX_FREE], current[SHORTEN_MAX_FREE];
	size_t fit = 0;
	/* Grow one push at a time; the box set only grows with the prefix. */
	while (fit < length && window_free_boxes(b, pushes, fit + 1, origin, current) >= 0)
		fit++;
	return fit;
}

/* hmin[s]: fewest pushes that bring a lone box from s to some target, with
 * the fixed boxes (w->occupied) as walls; a pull search from every target
 * at once. */
static void window_bound(shorten_window *w, const uint16_t *targets, int m)
{
	const board *b = w->b;
	const uint8_t *fixed = w->occupied;
	unsigned head = 0, tail = 0;
	for (int s = 0; s < b->square_count; s++)
		w->hmin[s] = HMIN_INFINITE;
	for (int a = 0; a < m; a++) {
		w->hmin[targets[a]] = 0;
		w->queue[tail++] = targets[a];
	}
	while (head < tail) {
		unsigned after = w->queue[head++];
		for (unsigned d = 0; d < 4; d++) {
			/* A push in direction d from `before` (player at `player`) ends on `after`.
			 */
			unsigned before = board_next(b, after, DIR_OPPOSITE(d));
			if (before == SQUARE_NONE || fixed[before] ||
			    w->hmin[before] != HMIN_INFINITE)
				continue;
			unsigned player = board_next(b, before, DIR_OPPOSITE(d));
			if (player == SQUARE_NONE || fixed[player])
				continue;
			w->hmin[before] = (uint16_t)(w->hmin[after] + 1);
			w->queue[tail++] = (uint16_t)before;
		}
	}
}

static uint64_t window_hash(const uint16_t *boxes, int m, unsigned player)
{
	uint64_t h = (player + 1) * 0x9E3779B97F4A7C15ull;
	for (int a = 0; a < m; a++) {
		h = (h ^ boxes[a]) * 0xFF51AFD7ED558CCDull;
		h ^= h >> 31;
	}
	return h ^ (h >> 29);
}

static uint64_t window_key(const shorten_window *w, int32_t v)
{
	return (uint64_t)(w->pushes[v] + w->h[v]) << 32 | w->moves[v];
}

static int window_heap_push(shorten_window *w, size_t *size, uint64_t key, int32_t node)
{
	if (*size == w->heap_capacity)
		return 0;
	size_t i = (*size)++;
	while (i > 0 && w->heap[(i - 1) / 2].key > key) {
		w->heap[i] = w->heap[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	w->heap[i].key = key;
	w->heap[i].node = node;
	return 1;
}

static struct shorten_heap_entry window_heap_pop(shorten_window *w, size_t *size)
{
	struct shorten_heap_entry top = w->heap[0], last = w->heap[--*size];
	size_t i = 0;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= *size)
			break;
		if (c + 1 < *size && w->heap[c + 1].key < w->heap[c].key)
			c++;
		if (w->heap[c].key >= last.key)
			break;
		w->heap[i] = w->heap[c];
		i = c;
	}
	if (*size > 0)
		w->heap[i] = last;
	return top;
}

/* The search's state while one window is solved. */
typedef struct window_run {
	shorten_window *w;
	int m;
	int count; /* nodes stored */
	size_t heap_size;
	int stop; /* heap full */
	uint16_t targets[SHORTEN_MAX_FREE];
	unsigned exit_behind;
	uint64_t best;     /* (pushes << 32 | moves) to beat */
	int32_t best_node; /* -1: the window itself */
} window_run;

/* Find or add the node (boxes, player) reached with (pushes, moves) from
 * `parent` by `via`; -1 when it is known no cheaper or there is no room. */
static int32_t window_reach(window_run *run, const uint16_t *boxes, unsigned player,
                            unsigned pushes, uint32_t moves, unsigned h, int32_t parent,
                            search_push via)
{
	shorten_window *w = run->w;
	size_t mask = w->table_capacity - 1;
	size_t i = (size_t)window_hash(boxes, run->m, player) & mask;
	size_t bytes = (size_t)run->m * sizeof *boxes;
	int32_t v;
	for (; (v = w->table[i]) >= 0; i = (i + 1) & mask)
		if (w->player[v] == player &&
		    memcmp(&w->boxes[(size_t)v * SHORTEN_MAX_FREE], boxes, bytes) == 0)
			break;
	if (v >= 0) {
		uint64_t old = (uint64_t)w->pushes[v] << 32 | w->moves[v];
		if (((uint64_t)pushes << 32 | moves) >= old)
			return -1;
	} else {
		if (run->count == w->node_capacity)
			return -1;
		v = run->count++;
		w->table[i] = v;
		w->slot[v] = (uint32_t)i;
		memcpy(&w->boxes[(size_t)v * SHORTEN_MAX_FREE], boxes, bytes);
		w->player[v] = (uint16_t)player;
		w->h[v] = (uint16_t)h;
	}
	w->pushes[v] = (uint16_t)pushes;
	w->moves[v] = moves;
	w->parent[v] = parent;
	w->via[v] = via;
	if (!window_heap_push(w, &run->heap_size, window_key(w, v), v))
		run->stop = 1;
	return v;
}

/* Node v holds the target boxes: is it a better end than the best so far?
 * w->occupied holds the fixed boxes and v's boxes. */
static void window_goal(window_run *run, int32_t v)
{
	shorten_window *w = run->w;
	uint32_t exit = 0;
	if (run->exit_behind != SQUARE_NONE) {
		reach_distances(&w->exit_walker, w->b, w->occupied, w->player[v]);
		if (!reach_has(&w->exit_walker, run->exit_behind))
			return;
		exit = w->exit_walker.distance[run->exit_behind];
	}
	uint64_t cost = (uint64_t)w->pushes[v] << 32 | (w->moves[v] + exit);
	if (cost < run->best) {
		run->best = cost;
		run->best_node = v;
	}
}

static int window_is_target(const window_run *run, const uint16_t *boxes)
{
	return memcmp(boxes, run->targets, (size_t)run->m * sizeof *boxes) == 0;
}

/* Every push of a free box from node u. */
static void window_expand(window_run *run, int32_t u)
{
	shorten_window *w = run->w;
	const board *b = w->b;
	int m = run->m;
	uint16_t boxes[SHORTEN_MAX_FREE], child[SHORTEN_MAX_FREE];
	memcpy(boxes, &w->boxes[(size_t)u * SHORTEN_MAX_FREE], (size_t)m * sizeof *boxes);
	for (int a = 0; a < m; a++)
		w->occupied[boxes[a]] = 1;
	reach_distances(&w->walker, b, w->occupied, w->player[u]);
	for (int a = 0; a < m && !run->stop; a++) {
		unsigned s = boxes[a];
		for (unsigned d = 0; d < 4; d++) {
			unsigned behind = board_next(b, s, DIR_OPPOSITE(d));
			unsigned to = board_next(b, s, d);
			if (behind == SQUARE_NONE || !reach_has(&w->walker, behind) ||
			    to == SQUARE_NONE || w->occupied[to] || w->hmin[to] == HMIN_INFINITE)
				continue;
			unsigned pushes = w->pushes[u] + 1u;
			uint32_t moves = w->moves[u] + w->walker.distance[behind] + 1u;
			unsigned h = (unsigned)w->h[u] - w->hmin[s] + w->hmin[to];
			if (((uint64_t)(pushes + h) << 32 | moves) >= run->best)
				continue; /* no end through it can beat the best */
			memcpy(child, boxes, (size_t)m * sizeof *child);
			board_move_box(child, m, a, to);
			search_push via = {(uint16_t)s, (uint8_t)d};
			int32_t v = window_reach(run, child, s, pushes, moves, h, u, via);
			if (v >= 0 && window_is_target(run, child)) {
				w->occupied[s] = 0;
				w->occupied[to] = 1;
				window_goal(run, v);
				w->occupied[to] = 0;
				w->occupied[s] = 1;
			}
		}
	}
	for (int a = 0; a < m; a++)
		w->occupied[boxes[a]] = 0;
}

/* Write the pushes from the root to `v` into out; their count, or -1 if
 * the parent chain is longer than `room` (it never is: each push on it was
 * counted in v's pushes, which beat the window's length). */
static long window_path(const shorten_window *w, int32_t v, search_push *out, size_t room)
{
	size_t length = 0;
	for (int32_t t = v; w->parent[t] >= 0; t = w->parent[t])
		if (++length > room)
			return -1;
	size_t k = length;
	for (int32_t t = v; w->parent[t] >= 0; t = w->parent[t])
		out[--k] = w->via[t];
	return (long)length;
}

long shorten_window_search(shorten_window *w, const shorten_span *span, uint64_t node_limit,
                           double deadline, search_push *out, uint64_t *expanded)
{
	const board *b = w->b;
	window_run run;
	uint16_t start[SHORTEN_MAX_FREE];
	memset(&run, 0, sizeof run);
	run.w = w;
	run.m = window_free_boxes(b, span->pushes, span->length, start, run.targets);
	run.exit_behind = span->exit_behind;
	run.best = (uint64_t)span->length << 32 | span->moves;
	run.best_node = -1;
	*expanded = 0;
	if (run.m <= 0 || w->node_capacity <= 0)
		return -1;
	board_sort_squares(start, (size_t)run.m);
	board_sort_squares(run.targets, (size_t)run.m);
	/* The fixed boxes are walls: every box before the window but the free ones. */
	for (int k = 0; k < b->box_count; k++)
		w->occupied[span->boxes_before[k]] = 1;
	for (int a = 0; a < run.m; a++)
		w->occupied[start[a]] = 0;
	window_bound(w, run.targets, run.m);
	unsigned h = 0;
	for (int a = 0; a < run.m; a++)
		h += w->hmin[start[a]]; /* finite: the window itself gets every box there */
	search_push none = {SQUARE_NONE, 0};
	int32_t root = window_reach(&run, start, span->player_before, 0, 0, h, -1, none);
	if (root >= 0 && window_is_target(&run, start)) {
		for (int a = 0; a < run.m; a++)
			w->occupied[start[a]] = 1;
		window_goal(&run, root);
		for (int a = 0; a < run.m; a++)
			w->occupied[start[a]] = 0;
	}
	while (run.heap_size > 0 && !run.stop && *expanded < node_limit) {
		struct shorten_heap_entry top = window_heap_pop(w, &run.heap_size);
		if (top.key != window_key(w, top.node))
			continue; /* superseded by a cheaper entry */
		if (top.key >= run.best)
			break; /* nothing left can beat the best */
		if ((*expanded & 63) == 63 && deadline > 0 && search_now() >= deadline)
			break;
		++*expanded;
		window_expand(&run, top.node);
	}
	long length = run.best_node >= 0 ? window_path(w, run.best_node, out, span->length) : -1;
	/* Leave the scratch clean for the next window. */
	for (int v = 0; v < run.count; v++)
		w->table[w->slot[v]] = -1;
	for (int k = 0; k < b->box_count; k++)
		w->occupied[span->boxes_before[k]] = 0;
	return length;
}
