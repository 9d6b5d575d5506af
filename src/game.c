/* game.c — hako_game: a position being played on the compact board, with
 * its step history (unlimited undo and redo), counters, and the deadlock
 * verdicts of deadlock.c translated back to grid coordinates. */
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "level.h"

/* A history entry: direction in bits 0-1, bit 2 set when it pushed. */
#define STEP_PUSHED 4u

hako_status hako_game_new(const hako_level *level, hako_game **out)
{
	if (!level || !out)
		return HAKO_ERR_ARGUMENT;
	*out = NULL;
	if (level->status != HAKO_OK)
		return HAKO_ERR_LEVEL;
	hako_game *g = calloc(1, sizeof *g);
	if (!g)
		return HAKO_ERR_NOMEM;
	g->level = hako_level_copy(level);
	hako_status st = g->level ? board_build(g->level, &g->b) : HAKO_ERR_NOMEM;
	if (st != HAKO_OK) {
		hako_level_free(g->level);
		free(g);
		return st;
	}
	size_t n = (size_t)g->b.square_count + 1, boxes = (size_t)g->b.box_count + 1;
	g->occupied = calloc(n, 1);
	g->boxes = malloc(boxes * sizeof(uint16_t));
	g->proof_boxes = malloc(boxes * sizeof(uint16_t));
	g->proof_x = malloc(boxes * sizeof(int));
	g->proof_y = malloc(boxes * sizeof(int));
	g->mem.limit = SIZE_MAX;
	hako_status walk = reach_init(&g->walk, g->b.square_count);
	if (walk != HAKO_OK || !g->occupied || !g->boxes || !g->proof_boxes || !g->proof_x ||
	    !g->proof_y) {
		hako_game_free(g);
		return HAKO_ERR_NOMEM;
	}
	hako_game_restart(g);
	g->redo_steps = 0;
	*out = g;
	return HAKO_OK;
}

void hako_game_free(hako_game *g)
{
	if (!g)
		return;
	deadlock_checker_free(g->checker);
	reach_free(&g->walk);
	board_free(&g->b);
	hako_level_free(g->level);
	free(g->occupied);
	free(g->boxes);
	free(g->history);
	free(g->proof_boxes);
	free(g->proof_x);
	free(g->proof_y);
	free(g);
}

const hako_level *hako_game_level(const hako_game *g)
{
	return g->level;
}

static void place_start(hako_game *g)
{
	memset(g->occupied, 0, (size_t)g->b.square_count);
	memcpy(g->boxes, g->b.start_boxes, sizeof(uint16_t) * (size_t)g->b.box_count);
	for (int i = 0; i < g->b.box_count; i++)
		g->occupied[g->boxes[i]] = 1;
	g->player = g->b.start_player;
	g->pushes = 0;
}

/* Move the box on `from` to `to`, keeping the box list ascending. */
static void move_box(hako_game *g, unsigned from, unsigned to)
{
	int i = 0;
	while (g->boxes[i] != from)
		i++;
	board_move_box(g->boxes, g->b.box_count, i, to);
	g->occupied[from] = 0;
	g->occupied[to] = 1;
}

/* Apply a step without touching the history; 0 when blocked. */
static int apply(hako_game *g, unsigned dir, int *pushed)
{
	uint16_t next = board_next(&g->b, g->player, dir);
	if (next == SQUARE_NONE)
		return 0;
	*pushed = 0;
	if (g->occupied[next]) {
		uint16_t beyond = board_next(&g->b, next, dir);
		if (beyond == SQUARE_NONE || g->occupied[beyond])
			return 0;
		move_box(g, next, beyond);
		g->pushes++;
		*pushed = 1;
	}
	g->player = next;
	return 1;
}

static int dir_of(char c)
{
	switch (c) {
	case 'l':
	case 'L': return DIR_LEFT;
	case 'u':
	case 'U': return DIR_UP;
	case 'r':
	case 'R': return DIR_RIGHT;
	case 'd':
	case 'D': return DIR_DOWN;
	}
	return -1;
}

hako_status hako_game_step(hako_game *g, char direction, int *pushed)
{
	int dir = dir_of(direction), moved_box = 0;
	if (!g || dir < 0)
		return HAKO_ERR_ARGUMENT;
	if (g->steps == g->capacity) {
		size_t capacity = g->capacity ? g->capacity * 2 : 256;
		uint8_t *history = realloc(g->history, capacity);
		if (!history)
			return HAKO_ERR_NOMEM;
		g->history = history;
		g->capacity = capacity;
	}
	if (!apply(g, (unsigned)dir, &moved_box))
		return HAKO_ERR_SOLUTION;
	uint8_t entry = (uint8_t)((unsigned)dir | (moved_box ? STEP_PUSHED : 0u));
	/* Playing the step redo would play keeps the rest of the redo list. */
	if (g->redo_steps > g->steps && g->history[g->steps] == entry)
		g->steps++;
	else {
		g->history[g->steps++] = entry;
		g->redo_steps = g->steps;
	}
	if (pushed)
		*pushed = moved_box;
	return HAKO_OK;
}

int hako_game_undo(hako_game *g)
{
	if (!g || g->steps == 0)
		return 0;
	uint8_t entry = g->history[--g->steps];
	unsigned dir = entry & 3u, back = DIR_OPPOSITE(dir);
	unsigned from = board_next(&g->b, g->player, back);
	if (entry & STEP_PUSHED) {
		unsigned box = board_next(&g->b, g->player, dir);
		move_box(g, box, g->player);
		g->pushes--;
	}
	g->player = from;
	return 1;
}

int hako_game_redo(hako_game *g)
{
	if (!g || g->steps >= g->redo_steps)
		return 0;
	int pushed;
	if (!apply(g, g->history[g->steps] & 3u, &pushed))
		return 0;
	g->steps++;
	return 1;
}

void hako_game_restart(hako_game *g)
{
	place_start(g);
	g->steps = 0;
}

long hako_game_moves(const hako_game *g)
{
	return (long)g->steps;
}

long hako_game_pushes(const hako_game *g)
{
	return g->pushes;
}

int hako_game_solved(const hako_game *g)
{
	for (int i = 0; i < g->b.box_count; i++)
		if (!g->b.is_goal[g->boxes[i]])
			return 0;
	return 1;
}

int32_t game_square_at(const hako_game *g, int x, int y)
{
	if (x < 0 || y < 0 || x >= g->b.width || y >= g->b.height)
		return -1;
	return g->b.grid_to_square[y * g->b.width + x];
}

char hako_game_square(const hako_game *g, int x, int y)
{
	int32_t s = game_square_at(g, x, y);
	if (s < 0) {
		/* Walls, and whatever the player can never reach, as drawn. */
		return hako_level_square(g->level, x, y);
	}
	int goal = g->b.is_goal[s];
	if ((unsigned)s == g->player)
		return goal ? '+' : '@';
	if (g->occupied[s])
		return goal ? '*' : '$';
	return goal ? '.' : ' ';
}

void hako_game_player(const hako_game *g, int *x, int *y)
{
	*x = board_x(&g->b, g->player);
	*y = board_y(&g->b, g->player);
}

int hako_game_dead_square(const hako_game *g, int x, int y)
{
	int32_t s = game_square_at(g, x, y);
	return s >= 0 && g->b.dead[s];
}

char *hako_game_lurd(const hako_game *g)
{
	char *out = malloc(g->steps + 1);
	if (!out)
		return NULL;
	for (size_t i = 0; i < g->steps; i++) {
		unsigned dir = g->history[i] & 3u;
		out[i] =
		    (g->history[i] & STEP_PUSHED) ? board_push_letter[dir] : board_walk_letter[dir];
	}
	out[g->steps] = '\0';
	return out;
}

const char *hako_deadlock_name(hako_deadlock_kind kind)
{
	if ((int)kind < 0 || (int)kind >= DEADLOCK_KINDS)
		return "unknown";
	return deadlock_kind_names[kind];
}

hako_status hako_deadlock_check(hako_game *g, uint64_t node_budget, hako_deadlock_info *info)
{
	if (!g || !info)
		return HAKO_ERR_ARGUMENT;
	memset(info, 0, sizeof *info);
	info->box_x = g->proof_x;
	info->box_y = g->proof_y;
	if (!g->checker) {
		g->checker = deadlock_checker_new(&g->b, &g->mem, DEADLOCK_USE_ALL);
		if (!g->checker)
			return HAKO_ERR_NOMEM;
	}
	deadlock_position p = {&g->b, g->occupied, g->boxes, g->player};
	deadlock_proof proof = {DEADLOCK_NONE, 0, g->proof_boxes};
	/* The whole position, not only around the last push: the verdict must
	 * not depend on how the player got here. */
	deadlock_kind kind = deadlock_check(g->checker, &p, SQUARE_NONE, node_budget, &proof);
	info->kind = (hako_deadlock_kind)kind;
	info->box_count = kind == DEADLOCK_NONE ? 0 : proof.count;
	for (int i = 0; i < info->box_count; i++) {
		g->proof_x[i] = board_x(&g->b, proof.boxes[i]);
		g->proof_y[i] = board_y(&g->b, proof.boxes[i]);
	}
	return HAKO_OK;
}
