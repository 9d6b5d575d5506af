/* board.h — static analysis of a level: compact floor squares, neighbour
 * table, goals, which side of a box the player stands on, dead squares and
 * push distances. Built once per level; read-only during search. */
#ifndef HAKO_BOARD_H
#define HAKO_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "hako.h"

struct hako_level;

#define SQUARE_NONE 0xFFFFu
#define DISTANCE_INFINITE 0xFFFFu
#define SIDE_NONE 0xFFu
#define BOARD_MAX_SQUARES 65000

/* Directions in LURD order; the opposite of d is d ^ 2. */
enum { DIR_LEFT = 0, DIR_UP = 1, DIR_RIGHT = 2, DIR_DOWN = 3 };
#define DIR_OPPOSITE(d) ((d) ^ 2)
extern const char board_walk_letter[4]; /* "lurd" */
extern const char board_push_letter[4]; /* "LURD" */

typedef struct board {
	int width, height;       /* of the level grid */
	int square_count;        /* compact floor squares: those the player can ever reach */
	int box_count;           /* boxes == goals that take part in play */
	int32_t *grid_to_square; /* width*height; -1 for walls and unreachable squares */
	int32_t *square_to_grid;
	uint16_t *neighbor; /* [square * 4 + dir]; SQUARE_NONE for a wall */
	/* [square * 4 + dir]: a label for the neighbour in direction dir among
	 * the connected components of the floor without `square`: two
	 * neighbours with the same label are connected when a box stands on
	 * `square`. SIDE_NONE where the neighbour is a wall. */
	uint8_t *side;
	uint8_t *is_goal; /* per square */
	uint16_t *goals;  /* box_count goal squares, ascending */
	uint16_t start_player;
	uint16_t *start_boxes; /* box_count squares, ascending */
	uint8_t *dead;         /* per square: a lone box here can reach no goal */
	/* [goal_index * square_count + square]: fewest pushes that bring a lone
	 * box from square to that goal, with the player starting on any side;
	 * DISTANCE_INFINITE if impossible. */
	uint16_t *distance;
	/* Set when the level cannot be solved for reasons seen at build time
	 * (a box or an empty goal the player can never get to). */
	int unsolvable;
	size_t bytes; /* memory held by this board */
} board;

hako_status board_build(const struct hako_level *level, board *b);
/* The same within limits: `stop` (deadline.h; NULL: none) is looked at as
 * the distance table fills, and a board that would take more than
 * max_bytes (0: no limit) is not built (HAKO_ERR_NOMEM). When the deadline
 * passes the result is HAKO_ERR_LIMIT with nothing built: the caller sees
 * deadline_passed(stop). */
struct deadline;
hako_status board_build_limited(const struct hako_level *level, board *b, struct deadline *stop,
                                size_t max_bytes);
void board_free(board *b);

static inline uint16_t board_next(const board *b, unsigned square, unsigned dir)
{
	return b->neighbor[square * 4u + dir];
}

static inline int board_x(const board *b, unsigned square)
{
	return (int)(b->square_to_grid[square] % b->width);
}

static inline int board_y(const board *b, unsigned square)
{
	return (int)(b->square_to_grid[square] / b->width);
}

/* The square one step along a and one along c from s, whichever way round
 * is open; SQUARE_NONE when neither is (or the square is a wall). */
static inline uint16_t board_diagonal(const board *b, unsigned s, unsigned a, unsigned c)
{
	uint16_t t = board_next(b, s, a);
	if (t != SQUARE_NONE)
		return board_next(b, t, c);
	t = board_next(b, s, c);
	return t == SQUARE_NONE ? SQUARE_NONE : board_next(b, t, a);
}

/* Box i of the ascending list `boxes` moves to square `to`; the list is
 * kept ascending. */
static inline void board_move_box(uint16_t *boxes, int count, int i, unsigned to)
{
	while (i > 0 && boxes[i - 1] > to) {
		boxes[i] = boxes[i - 1];
		i--;
	}
	while (i + 1 < count && boxes[i + 1] < to) {
		boxes[i] = boxes[i + 1];
		i++;
	}
	boxes[i] = (uint16_t)to;
}

/* dead_simple.c: mark squares from which a lone box reaches no goal by
 * pulling a box from every goal. */
void dead_simple_compute(const board *b, uint8_t *dead);

/* distance.c: fill b->distance (side-aware pull search from every goal);
 * HAKO_ERR_LIMIT when `stop` (NULL: none) passes first. */
hako_status distance_compute(board *b, struct deadline *stop);
/* distance.c: out[square] = the fewest pushes from square to any goal
 * (the minimum of b->distance over the goals), DISTANCE_INFINITE if none. */
void distance_nearest_goal(const board *b, uint16_t *out);

/* Side labels of board->side: 0..3 (child components) and 4 (parent side). */
#define DISTANCE_SIDES 5
/* One breadth-first search over (box square, player side) states of a lone
 * box on `origin`, the player starting on any side of it. pushes: fewest
 * pushes from origin to each square; else fewest pushes from each square to
 * origin (found by pulls). out[square]: the minimum over the sides,
 * DISTANCE_INFINITE if none. Scratch: state_distance and queue of
 * square_count * DISTANCE_SIDES entries each. */
void distance_lone_box(const board *b, unsigned origin, int pushes, uint16_t *state_distance,
                       uint32_t *queue, uint16_t *out);
/* The same over another side table (board_sides with extra walls: a box
 * never stands on, nor the player walks over, a square it walls). */
void distance_lone_box_sides(const board *b, const uint8_t *sides, unsigned origin, int pushes,
                             uint16_t *state_distance, uint32_t *queue, uint16_t *out);

/* dead_simple.c: dead squares with the given squares (frozen boxes) as
 * walls: pulls start only from goals not covered by a frozen box. dead[]
 * gets 1 for dead. */
void dead_simple_with_walls(const board *b, const uint8_t *wall, uint8_t *dead);

/* board.c: side labels as board->side has them (0..3 a child component,
 * 4 the parent side, SIDE_NONE toward a wall), with the squares `wall`
 * marks (NULL: none) taken as walls too; a marked square gets SIDE_NONE
 * all round. `scratch` holds board_sides_scratch_bytes(square_count). */
size_t board_sides_scratch_bytes(int square_count);
void board_sides(const board *b, const uint8_t *wall, uint8_t *side, void *scratch);

/* board.c: sort a short list of squares ascending. */
void board_sort_squares(uint16_t *squares, size_t count);

#endif
