/* tunnel.c — tunnel squares and the no-influence push macro.
 *
 * The macro. After a push toward d that leaves the player on P and the box
 * on B = P+d, the box is pushed on to B+d at once, as part of the same
 * child, when (shown pushing up; every rotation and mirror counts)
 *
 *    #        B+d has walls on both sides across d,
 *   #.#       B has a wall on at least one side and is not a goal,
 *   #$_       P has walls on both sides,
 *   #@#
 *
 * and B+d is free and not a dead square; then the same test runs again from
 * the new P = B, so the box travels on while it stays inside the tunnel.
 * The push out of the tunnel's last square is an ordinary push: the square
 * beyond may be needed by other boxes or the player first.
 *
 * Why no push-optimal solution is lost. Take an optimal solution from the
 * position X (player on P, box on B). The box must move again (B is no
 * goal), and only along d's axis: a sideways push needs the player on B's
 * wall side. (b) Pushed back onto P: then dropping that push and the one
 * that made X leaves the box on P meanwhile; P is walled across, so with
 * the box on B nothing could use P but a walk into a dead end, and B being
 * free instead takes nothing away — a solution two pushes shorter, a
 * contradiction. (a) Pushed on to B+d at some later push j: B+d is walled
 * across, so while the box stands on B its only way in is from B+2d; a box
 * pushed into B+d could never be pushed out again before push j (that needs
 * the player on B), and the player walking in finds a dead end. So nothing
 * before push j uses B+d, and doing push j first leaves every other push
 * and walk of the solution legal: the same number of pushes. Hence some
 * optimal solution from X starts with the macro's push. (Walks change, so
 * the move-optimal search does not use the macro.)
 *
 * The dead-end macro. After a push toward d (the tunnel macro's pushes
 * included) that leaves the box on B, when B and every square beyond it
 * toward d up to a wall are walled across d (a one-wide dead end entered
 * only through B), the box is pushed on at once to the farthest goal G of
 * the free run beyond B (the squares up to the first box or the wall);
 * nothing is done when that run has no goal.
 *
 *    #####
 *    .._$@      pushed left onto B: pushed on to the farthest free goal
 *    #####
 *
 * Why no push-optimal solution is lost. Take an optimal solution from the
 * position X (box on B, player on B-d). The box can only ever move toward
 * d: a push back needs the player beyond it, and the squares beyond B are
 * reached only through the box's square (walled across, a dead end); a
 * sideways push needs a wall side to be free. For the same reason nothing
 * else ever enters the free run beyond the box's square. Every goal takes
 * a box at the end (boxes == goals), so G takes one, and only this box can
 * reach it: the solution pushes the box from B to G at some pushes, and
 * no further (G is the farthest goal of the run; a square beyond it is no
 * goal, and the run stops at a box or a wall). Doing those pushes first
 * keeps every other push and walk legal: while the box stood short of G
 * in the solution, nothing used the squares between its square and G
 * (beyond the box in the dead end), and every square the macro frees is
 * only more room. The player, left inside the dead end behind the box,
 * walks back out through the freed squares to B-d. So some optimal
 * solution from X starts with the macro: the same number of pushes (more
 * walking: the push modes only, like the tunnel macro). If the run holds a
 * second goal, X is dead whatever the macro does.
 *
 * Parking: a corridor square has walls on both sides across one axis; a
 * segment is a maximal run of them along the other axis. The player can
 * never get between two boxes in one segment (no side openings), so each
 * can only be pushed toward the other and neither can ever leave: if the
 * segment holds no goal, both stay off goals for ever — a deadlock. */
#include "tunnel.h"

#include <string.h>

static int wall(const board *b, unsigned s, unsigned dir)
{
	return board_next(b, s, dir) == SQUARE_NONE;
}

/* Walls on both sides of s across the axis of dir. */
static int walled_across(const board *b, unsigned s, unsigned dir)
{
	return wall(b, s, (dir + 1) & 3) && wall(b, s, (dir + 3) & 3);
}

static int wall_across(const board *b, unsigned s, unsigned dir)
{
	return wall(b, s, (dir + 1) & 3) || wall(b, s, (dir + 3) & 3);
}

hako_status tunnel_init(tunnel_info *t, const board *b, memory *mem)
{
	size_t n = (size_t)b->square_count;
	memset(t, 0, sizeof *t);
	t->mem = mem;
	t->bytes = 8 * n + 2 * n * sizeof(uint32_t) + 8;
	uint8_t *block = memory_calloc(mem, t->bytes);
	if (!block)
		return HAKO_ERR_NOMEM;
	t->segment = (uint32_t *)(void *)block;
	t->go_on = block + 2 * n * sizeof(uint32_t);
	t->dead_end = t->go_on + 4 * n;
	for (unsigned s = 0; s < n; s++)
		for (unsigned d = 0; d < 4; d++) {
			unsigned q = s;
			while (q != SQUARE_NONE && walled_across(b, q, d))
				q = board_next(b, q, d);
			t->dead_end[s * 4 + d] = (uint8_t)(q == SQUARE_NONE);
		}
	for (unsigned s = 0; s < n; s++)
		for (unsigned d = 0; d < 4; d++) {
			uint16_t box = board_next(b, s, d);
			if (box == SQUARE_NONE || b->is_goal[box] || !walled_across(b, s, d) ||
			    !wall_across(b, box, d))
				continue;
			uint16_t beyond = board_next(b, box, d);
			t->go_on[s * 4 + d] =
			    (uint8_t)(beyond != SQUARE_NONE && walled_across(b, beyond, d));
		}
	/* Segments: runs of corridor squares along each axis, numbered; a
	 * segment with a goal gets no number (parking there is no deadlock). */
	uint32_t next_id = 1;
	for (unsigned axis = 0; axis < 2; axis++) {
		unsigned along = axis == 0 ? DIR_RIGHT : DIR_DOWN, back = DIR_OPPOSITE(along);
		for (unsigned s = 0; s < n; s++) {
			if (t->segment[s * 2 + axis] || !walled_across(b, s, along))
				continue;
			uint16_t first = (uint16_t)s, q;
			while ((q = board_next(b, first, back)) != SQUARE_NONE &&
			       walled_across(b, q, along))
				first = q;
			int goal = 0;
			for (q = first; q != SQUARE_NONE && walled_across(b, q, along);
			     q = board_next(b, q, along))
				goal |= b->is_goal[q];
			uint32_t id = goal ? UINT32_MAX : next_id++;
			for (q = first; q != SQUARE_NONE && walled_across(b, q, along);
			     q = board_next(b, q, along))
				t->segment[q * 2 + axis] = id;
		}
	}
	for (size_t i = 0; i < 2 * n; i++)
		if (t->segment[i] == UINT32_MAX)
			t->segment[i] = 0;
	return HAKO_OK;
}

void tunnel_free(tunnel_info *t)
{
	if (t->segment)
		memory_free(t->mem, t->segment, t->bytes);
	memset(t, 0, sizeof *t);
}

int tunnel_parking_dead(const tunnel_info *t, const board *b, const uint8_t *occupied,
                        unsigned pushed)
{
	for (unsigned axis = 0; axis < 2; axis++) {
		uint32_t id = t->segment[pushed * 2 + axis];
		if (!id)
			continue;
		unsigned along = axis == 0 ? DIR_RIGHT : DIR_DOWN;
		for (unsigned way = 0; way < 2; way++) {
			unsigned dir = way ? DIR_OPPOSITE(along) : along;
			for (uint16_t q = board_next(b, pushed, dir);
			     q != SQUARE_NONE && t->segment[q * 2 + axis] == id;
			     q = board_next(b, q, dir))
				if (occupied[q])
					return 1;
		}
	}
	return 0;
}

unsigned tunnel_push_on(const tunnel_info *t, const board *b, uint8_t *occupied, unsigned dir,
                        unsigned *stand, uint16_t *to)
{
	unsigned added = 0;
	while (t->go_on && tunnel_go_on(t, *stand, dir)) {
		uint16_t beyond = board_next(b, *to, dir);
		if (occupied[beyond] || b->dead[beyond])
			break;
		occupied[*to] = 0;
		occupied[beyond] = 1;
		*stand = *to;
		*to = beyond;
		added++;
	}
	return added;
}

unsigned tunnel_dead_end_push(const tunnel_info *t, const board *b, uint8_t *occupied, unsigned dir,
                              unsigned *stand, uint16_t *to)
{
	if (!t->dead_end || !t->dead_end[*to * 4u + dir])
		return 0;
	unsigned added = 0, pushes = 0;
	uint16_t farthest = *to;
	for (uint16_t q = board_next(b, *to, dir); q != SQUARE_NONE && !occupied[q];
	     q = board_next(b, q, dir)) {
		pushes++;
		if (b->is_goal[q]) {
			farthest = q;
			added = pushes;
		}
	}
	if (!added)
		return 0;
	occupied[*to] = 0;
	occupied[farthest] = 1;
	*stand = board_next(b, farthest, DIR_OPPOSITE(dir));
	*to = farthest;
	return added;
}
