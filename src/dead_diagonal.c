/* dead_diagonal.c — closed diagonal deadlocks: boxes and walls that fence
 * a diagonal line of empty squares the player cannot enter.
 *
 * The pattern (O = box or wall, e = empty square), here running down-right;
 * its mirror image runs up-right:
 *
 *   OO          cU       the inner squares e lie on a diagonal; every side
 *   OeO         LeU      of each is a box or wall (U above-right of the
 *    OeO         LeU     line, L below-left), and each end is capped: the
 *     OeO         LeU    square diagonally beyond it (c) is a box or wall,
 *      OO          Lc    or the two sides of the end square facing it are
 *                        walls, as at the start here:
 *   #
 *  #eO
 *   OeO
 *    OO
 *
 * It is a deadlock when no inner square is a goal and some box of the
 * pattern (a U or L square, or a cap) is off a goal.
 *
 * Soundness. The player is not on an inner square (see below), and every
 * inner square has only boxes and walls for neighbours, so the player cannot
 * get in while the pattern stands. Then no box of the pattern can move
 * except into an inner square: a U square has an inner square to its left
 * or below it (both, in the middle of the line), so pushing it right or up
 * needs the player on an inner square; where it has only one, at the ends,
 * its other axis holds the cap. L squares likewise. A cap box has a pattern
 * square on each axis (c above has U to its right and L below it), so it
 * cannot move while those stand. Boxes outside the pattern cannot get into
 * an inner square either: every side of one is a pattern square.
 *
 * So the first push that changes the pattern pushes a box X into an inner
 * square. That opens the line on one side of X and leaves it closed on the
 * other, with X as the new cap there; X has a pattern square on each axis,
 * so it is stuck while the closed part stands:
 *
 *   cU       cU
 *   LeU      Le.      the middle U pushed down: the first hole is open
 *    LeU  ->  LXU     now, the last one is closed behind X.
 *     LeU      LeU
 *      Lc       Lc
 *
 * When the closed side is empty (no inner square left), X has two pattern
 * squares beside it and the old cap diagonally: a 2x2 block of boxes and
 * walls, or two walls at a corner, and it is frozen for good. X stands on an
 * inner square, which is no goal. So in any continuation either the pattern
 * is never touched, and its box off a goal stays off a goal for ever, or the
 * closed part ever after has a cap box on a non-goal inner square that
 * cannot move while it stands, down to a frozen box on a non-goal square.
 * Neither ends with every box on a goal. (Goals on inner squares would need
 * the finer case analysis Festival does; we leave such patterns alone.)
 *
 * The player: a position reached by a push has the player on the square
 * the box left, next to the square the player came from, which is free —
 * so not an inner square, whose four sides are all taken. Callers that
 * check other positions (the start) must make sure the player is not
 * walled in on an inner square.
 *
 * After a push only patterns containing the pushed box are new: the push
 * frees one square (now under the player, so it is no inner square) and
 * fills one, so a pattern not holding that box stood before. The check
 * looks at inner squares beside or diagonally next to the pushed box. */
#include <assert.h>

#include "deadlock.h"

static int diagonal_taken(const uint8_t *occupied, uint16_t s)
{
	return s == SQUARE_NONE || occupied[s];
}

/* An empty square with a box or a wall on each of its four sides. */
static int diagonal_inner(const board *b, const uint8_t *occupied, uint16_t s)
{
	if (s == SQUARE_NONE || occupied[s])
		return 0;
	for (unsigned d = 0; d < 4; d++)
		if (!diagonal_taken(occupied, board_next(b, s, d)))
			return 0;
	return 1;
}

static int diagonal_walls(const board *b, unsigned s, unsigned a, unsigned c)
{
	return board_next(b, s, a) == SQUARE_NONE && board_next(b, s, c) == SQUARE_NONE;
}

/* From the inner square e, walk against (a, c) to the first inner square of
 * its segment; returns it, or SQUARE_NONE when that end has no cap. Two walls
 * on the side facing the next square also end a segment (they cap both). */
static uint16_t diagonal_end(const board *b, const uint8_t *occupied, unsigned e, unsigned a,
                             unsigned c)
{
	for (;;) {
		if (diagonal_walls(b, e, a, c))
			return (uint16_t)e;
		uint16_t beyond = board_diagonal(b, e, a, c);
		if (diagonal_inner(b, occupied, beyond)) {
			e = beyond;
			continue;
		}
		return diagonal_taken(occupied, beyond) ? (uint16_t)e : SQUARE_NONE;
	}
}

static void diagonal_note(const board *b, const uint8_t *occupied, uint16_t s,
                          deadlock_proof *proof, int *count, int *off_goal)
{
	if (s == SQUARE_NONE || !occupied[s])
		return;
	*off_goal |= !b->is_goal[s];
	if (proof && *count < b->box_count)
		proof->boxes[*count] = s;
	(*count)++;
}

/* The segment through inner square e along the diagonal (a, c), forward
 * meaning one step a and one step c. */
static int diagonal_segment(const board *b, const uint8_t *occupied, unsigned e, unsigned a,
                            unsigned c, deadlock_proof *proof)
{
	unsigned back_a = DIR_OPPOSITE(a), back_c = DIR_OPPOSITE(c);
	uint16_t first = diagonal_end(b, occupied, e, back_a, back_c);
	uint16_t last = diagonal_end(b, occupied, e, a, c);
	if (first == SQUARE_NONE || last == SQUARE_NONE)
		return 0;
	int count = 0, off_goal = 0;
	diagonal_note(b, occupied, board_next(b, first, back_a), proof, &count, &off_goal);
	diagonal_note(b, occupied, board_next(b, first, back_c), proof, &count, &off_goal);
	if (!diagonal_walls(b, first, back_a, back_c))
		diagonal_note(b, occupied, board_diagonal(b, first, back_a, back_c), proof, &count,
		              &off_goal);
	for (uint16_t s = first;; s = board_diagonal(b, s, a, c)) {
		assert(diagonal_inner(b, occupied, s));
		if (b->is_goal[s])
			return 0;
		diagonal_note(b, occupied, board_next(b, s, a), proof, &count, &off_goal);
		diagonal_note(b, occupied, board_next(b, s, c), proof, &count, &off_goal);
		if (s == last)
			break;
	}
	if (!diagonal_walls(b, last, a, c))
		diagonal_note(b, occupied, board_diagonal(b, last, a, c), proof, &count, &off_goal);
	if (!off_goal)
		return 0;
	if (proof) {
		proof->kind = DEADLOCK_DIAGONAL;
		proof->count = count < b->box_count ? count : b->box_count;
	}
	return 1;
}

int dead_diagonal_check(const board *b, const uint8_t *occupied, unsigned square,
                        deadlock_proof *proof)
{
	assert(square < (unsigned)b->square_count);
	/* Inner squares the pushed box can belong to: beside it (it is a U or L
	 * square) or diagonally next to it (it is a cap). */
	uint16_t near[8];
	for (unsigned d = 0; d < 4; d++) {
		near[d] = board_next(b, square, d);
		near[4 + d] = board_diagonal(b, square, d, (d + 1) & 3);
	}
	for (int i = 0; i < 8; i++) {
		if (!diagonal_inner(b, occupied, near[i]))
			continue;
		if (diagonal_segment(b, occupied, near[i], DIR_RIGHT, DIR_DOWN, proof) ||
		    diagonal_segment(b, occupied, near[i], DIR_RIGHT, DIR_UP, proof))
			return 1;
	}
	return 0;
}
