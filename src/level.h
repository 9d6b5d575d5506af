/* level.h — the parsed level: the immutable text-side view of a board
 * (squares as XSB characters, metadata, stored solutions). Owned by level.c. */
#ifndef HAKO_LEVEL_H
#define HAKO_LEVEL_H

#include "hako.h"

struct hako_level {
	int width, height;
	char *squares; /* width * height; '#', ' ', '.', '$', '*', '@', '+' */
	int box_count, goal_count;
	int player_x, player_y; /* -1 when the board has no player */
	char *title, *author, *notes;
	int line;           /* 1-based source line of the first board row */
	hako_status status; /* HAKO_OK or HAKO_ERR_LEVEL (validation) */
	hako_error error;   /* why, when status != HAKO_OK */
	char **solutions;   /* LURD strings from .sok Solution blocks */
	size_t solution_count;
	/* Per solution (NULL when unknown): the source line and column of each
	 * of its characters, two ints a character. */
	int **solution_places;
};

static inline char level_square(const struct hako_level *level, int x, int y)
{
	return level->squares[(size_t)y * (size_t)level->width + (size_t)x];
}

#endif
