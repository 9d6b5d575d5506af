/* game_push.c — what a player program asks of a position beyond one step:
 * walking to a square, every square one box can be pushed to (and which of
 * them would kill it), pushing a box to a square along a path with fewest
 * pushes then fewest moves, and the position as a level for the solver.
 *
 * Box paths search states (box square, side of the box the player stands
 * on) with Dijkstra on the key pushes << 32 | moves. Only that box moves;
 * the other boxes stay where they are. A state's walking edges come from a
 * player flood with the box on its square, so one expansion costs O(n):
 * fine for the sizes people play. */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "heap.h"
#include "level_text.h"

#define STATE_NONE UINT32_MAX
#define COST_NONE UINT64_MAX
#define PUSH_COST ((uint64_t)1 << 32)

/* The state space of one box's paths. */
typedef struct box_paths {
	hako_game *g;
	unsigned origin;  /* the box's square now */
	uint64_t *cost;   /* per state square * 4 + side */
	uint32_t *parent; /* the state it was reached from; STATE_NONE at a start */
	uint8_t *closed;
	heap open;
} box_paths;

static void paths_free(box_paths *p)
{
	heap_free(&p->open);
	free(p->cost);
	free(p->parent);
	free(p->closed);
}

static hako_status paths_init(box_paths *p, hako_game *g, unsigned origin)
{
	size_t states = (size_t)g->b.square_count * 4;
	memset(p, 0, sizeof *p);
	p->g = g;
	p->origin = origin;
	heap_init(&p->open, &g->mem);
	p->cost = malloc(states * sizeof(uint64_t));
	p->parent = malloc(states * sizeof(uint32_t));
	p->closed = calloc(states, 1);
	if (!p->cost || !p->parent || !p->closed) {
		paths_free(p);
		return HAKO_ERR_NOMEM;
	}
	for (size_t i = 0; i < states; i++)
		p->cost[i] = COST_NONE;
	return HAKO_OK;
}

static hako_status relax(box_paths *p, uint32_t state, uint64_t cost, uint32_t parent)
{
	if (cost >= p->cost[state])
		return HAKO_OK;
	p->cost[state] = cost;
	p->parent[state] = parent;
	return heap_push(&p->open, cost, state);
}

/* Put the searched box on `square` (from the origin) or back. */
static void place_box(hako_game *g, unsigned origin, unsigned square)
{
	g->occupied[origin] = 0;
	g->occupied[square] = 1;
}

/* Flood the player from `from` with the box on `square`; the sides of the
 * box reached become states at cost + the walk. */
static hako_status walk_around(box_paths *p, unsigned square, unsigned from, uint64_t cost,
                               uint32_t parent)
{
	hako_game *g = p->g;
	place_box(g, p->origin, square);
	reach_distances(&g->walk, &g->b, g->occupied, from);
	hako_status st = HAKO_OK;
	for (unsigned d = 0; d < 4 && st == HAKO_OK; d++) {
		unsigned side = board_next(&g->b, square, d);
		if (side != SQUARE_NONE && !g->occupied[side] && reach_has(&g->walk, side))
			st = relax(p, square * 4 + d, cost + g->walk.distance[side], parent);
	}
	place_box(g, square, p->origin);
	return st;
}

/* The push from `state` (player on side d pushes the box away from it). */
static hako_status push_from(box_paths *p, uint32_t state)
{
	hako_game *g = p->g;
	unsigned square = state / 4, side = state % 4;
	unsigned to = board_next(&g->b, square, DIR_OPPOSITE(side));
	if (to == SQUARE_NONE || (g->occupied[to] && to != p->origin))
		return HAKO_OK;
	return relax(p, to * 4 + side, p->cost[state] + PUSH_COST + 1, state);
}

/* Run Dijkstra until `target` (a square) is settled, or everything is when
 * target is SQUARE_NONE. Returns the settled target state or STATE_NONE. */
static uint32_t paths_run(box_paths *p, unsigned target, hako_status *st)
{
	hako_game *g = p->g;
	*st = walk_around(p, p->origin, g->player, 0, STATE_NONE);
	while (*st == HAKO_OK && p->open.count > 0) {
		heap_item item = heap_pop(&p->open);
		uint32_t state = item.node;
		if (p->closed[state] || item.key != p->cost[state])
			continue;
		p->closed[state] = 1;
		unsigned square = state / 4;
		if (square == target)
			return state;
		*st = push_from(p, state);
		if (*st == HAKO_OK) {
			unsigned from = board_next(&g->b, square, state % 4);
			*st = walk_around(p, square, from, p->cost[state], state);
		}
	}
	return STATE_NONE;
}

/* A growable LURD string. */
typedef struct lurd_out {
	char *text;
	size_t length, capacity;
} lurd_out;

static int out_reserve(lurd_out *o, size_t extra)
{
	if (o->length + extra + 1 <= o->capacity)
		return 0;
	size_t capacity = o->capacity ? o->capacity : 64;
	while (capacity < o->length + extra + 1)
		capacity *= 2;
	char *text = realloc(o->text, capacity);
	if (!text)
		return -1;
	o->text = text;
	o->capacity = capacity;
	return 0;
}

/* Append the walk from `from` to `to` with the searched box on `square`. */
static int out_walk(lurd_out *o, hako_game *g, unsigned origin, unsigned square, unsigned from,
                    unsigned to)
{
	place_box(g, origin, square);
	reach_distances(&g->walk, &g->b, g->occupied, from);
	place_box(g, square, origin);
	if (out_reserve(o, g->walk.distance[to]) != 0)
		return -1;
	o->length += (size_t)reach_walk(&g->walk, &g->b, to, o->text + o->length);
	return 0;
}

/* The LURD from the current position through the states ending at `last`. */
static char *paths_lurd(box_paths *p, uint32_t last)
{
	hako_game *g = p->g;
	size_t count = 0;
	for (uint32_t s = last; s != STATE_NONE; s = p->parent[s])
		count++;
	uint32_t *chain = malloc(count * sizeof(uint32_t));
	lurd_out o = {NULL, 0, 0};
	int failed = !chain || out_reserve(&o, 0) != 0;
	size_t i = count;
	for (uint32_t s = last; chain && s != STATE_NONE; s = p->parent[s])
		chain[--i] = s;
	unsigned at = g->player, box = p->origin;
	for (i = 0; i < count && !failed; i++) {
		unsigned square = chain[i] / 4, side = board_next(&g->b, square, chain[i] % 4);
		if (square != box) {
			failed = out_reserve(&o, 1);
			if (!failed)
				o.text[o.length++] = board_push_letter[DIR_OPPOSITE(chain[i] % 4)];
			box = square;
		} else if (side != at) {
			failed = out_walk(&o, g, p->origin, box, at, side);
		}
		at = side;
	}
	free(chain);
	if (failed) {
		free(o.text);
		return NULL;
	}
	o.text[o.length] = '\0';
	return o.text;
}

static int is_box(const hako_game *g, int32_t s)
{
	return s >= 0 && g->occupied[s];
}

hako_status hako_game_push_path(hako_game *g, int from_x, int from_y, int to_x, int to_y,
                                char **lurd)
{
	if (!g || !lurd)
		return HAKO_ERR_ARGUMENT;
	*lurd = NULL;
	int32_t from = game_square_at(g, from_x, from_y), to = game_square_at(g, to_x, to_y);
	if (!is_box(g, from))
		return HAKO_ERR_ARGUMENT;
	if (to < 0 || (g->occupied[to] && to != from))
		return HAKO_ERR_SOLUTION;
	if (to == from) {
		*lurd = calloc(1, 1); /* already there: no steps */
		return *lurd ? HAKO_OK : HAKO_ERR_NOMEM;
	}
	box_paths p;
	hako_status st = paths_init(&p, g, (unsigned)from);
	if (st != HAKO_OK)
		return st;
	uint32_t last = paths_run(&p, (unsigned)to, &st);
	if (st == HAKO_OK && last == STATE_NONE)
		st = HAKO_ERR_SOLUTION;
	if (st == HAKO_OK) {
		*lurd = paths_lurd(&p, last);
		st = *lurd ? HAKO_OK : HAKO_ERR_NOMEM;
	}
	paths_free(&p);
	return st;
}

hako_status hako_game_walk_path(hako_game *g, int x, int y, char **lurd)
{
	if (!g || !lurd)
		return HAKO_ERR_ARGUMENT;
	*lurd = NULL;
	int32_t to = game_square_at(g, x, y);
	if (to < 0 || g->occupied[to])
		return HAKO_ERR_SOLUTION;
	reach_distances(&g->walk, &g->b, g->occupied, g->player);
	if (!reach_has(&g->walk, (unsigned)to))
		return HAKO_ERR_SOLUTION;
	*lurd = malloc((size_t)g->walk.distance[to] + 1);
	if (!*lurd)
		return HAKO_ERR_NOMEM;
	reach_walk(&g->walk, &g->b, (unsigned)to, *lurd);
	return HAKO_OK;
}

/* Play a path found above; every letter is an ordinary undoable step. */
static hako_status play_path(hako_game *g, hako_status st, char *lurd)
{
	for (size_t i = 0; st == HAKO_OK && lurd[i]; i++)
		st = hako_game_step(g, lurd[i], NULL);
	free(lurd);
	return st;
}

hako_status hako_game_walk_to(hako_game *g, int x, int y)
{
	char *lurd = NULL;
	hako_status st = hako_game_walk_path(g, x, y, &lurd);
	return st == HAKO_OK ? play_path(g, st, lurd) : st;
}

hako_status hako_game_push_box(hako_game *g, int from_x, int from_y, int to_x, int to_y)
{
	char *lurd = NULL;
	hako_status st = hako_game_push_path(g, from_x, from_y, to_x, to_y, &lurd);
	return st == HAKO_OK ? play_path(g, st, lurd) : st;
}

/* Would the box be dead on `square`? Simple dead squares, freeze and
 * closed diagonals around it: local, cheap and sound (the player stands
 * beside the box after a push, never inside a closed diagonal). */
static int dead_there(box_paths *p, unsigned square)
{
	hako_game *g = p->g;
	if (g->b.dead[square])
		return 1;
	deadlock_proof proof = {DEADLOCK_NONE, 0, g->proof_boxes};
	place_box(g, p->origin, square);
	int dead = dead_freeze_check(&g->b, g->occupied, g->b.dead, square, &proof) ||
	           dead_diagonal_check(&g->b, g->occupied, square, &proof);
	place_box(g, square, p->origin);
	return dead;
}

int hako_game_box_targets(hako_game *g, int x, int y, unsigned char *grid)
{
	if (!g || !grid)
		return -1;
	int32_t from = game_square_at(g, x, y);
	if (!is_box(g, from))
		return -1;
	memset(grid, HAKO_TARGET_NONE, (size_t)g->b.width * (size_t)g->b.height);
	box_paths p;
	hako_status st = paths_init(&p, g, (unsigned)from);
	if (st != HAKO_OK)
		return -1;
	paths_run(&p, SQUARE_NONE, &st);
	int live = 0;
	for (int s = 0; st == HAKO_OK && s < g->b.square_count; s++) {
		const uint8_t *closed = &p.closed[s * 4];
		if (s == from || !(closed[0] | closed[1] | closed[2] | closed[3]))
			continue;
		int dead = dead_there(&p, (unsigned)s);
		grid[g->b.square_to_grid[s]] =
		    (unsigned char)(dead ? HAKO_TARGET_DEAD : HAKO_TARGET_LIVE);
		live += !dead;
	}
	paths_free(&p);
	return st == HAKO_OK ? live : -1;
}

hako_level *hako_game_position(const hako_game *g)
{
	if (!g)
		return NULL;
	int width = g->b.width, height = g->b.height;
	char *text = malloc((size_t)(width + 1) * (size_t)height + 1), *at = text;
	if (!text)
		return NULL;
	for (int y = 0; y < height; y++) {
		for (int x = 0; x < width; x++)
			*at++ = hako_game_square(g, x, y);
		*at++ = '\n';
	}
	*at = '\0';
	hako_level *level = NULL;
	hako_status st = hako_level_parse(text, (size_t)(at - text), "position", &level, NULL);
	free(text);
	if (st != HAKO_OK) {
		hako_level_free(level);
		return NULL;
	}
	/* Keep the names for messages; a copy that fails leaves "". */
	const char *title = hako_level_title(g->level), *author = hako_level_author(g->level);
	free(level->title);
	free(level->author);
	level->title = level_strndup(title, strlen(title));
	level->author = level_strndup(author, strlen(author));
	return level;
}
