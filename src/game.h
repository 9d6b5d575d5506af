/* game.h — the hako_game struct, shared by game.c (steps, history,
 * deadlock verdicts) and game_push.c (walks, box reachability, pushing a
 * box to a square). Not part of the public API. */
#ifndef HAKO_GAME_H
#define HAKO_GAME_H

#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "deadlock.h"
#include "memory.h"
#include "reach.h"

struct hako_game {
	hako_level *level;
	board b;
	memory mem;
	uint8_t *occupied;
	uint16_t *boxes; /* ascending */
	unsigned player;
	uint8_t *history;
	size_t steps, redo_steps, capacity;
	long pushes;
	deadlock_checker *checker;
	uint16_t *proof_boxes;
	int *proof_x, *proof_y;
	reach walk; /* player floods for walks and box paths */
};

/* The compact square at grid (x, y); -1 for walls, outside squares and
 * squares the player can never reach. */
int32_t game_square_at(const hako_game *g, int x, int y);

#endif
