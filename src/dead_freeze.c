/* dead_freeze.c — freeze deadlocks: boxes that can never move again, with
 * one of them off a goal.
 *
 * A box is blocked on an axis (left-right or up-down) when
 *   (a) a wall is on either side of it along that axis,
 *   (b) both squares along the axis are dead squares, or
 *   (c) a frozen box is on either side along the axis,
 * and it is frozen when it is blocked on both axes. Read literally, (c) is
 * recursive and cyclic: the usual recursion treats the box under
 * examination as a wall while it looks at its neighbours. We compute the
 * same thing without recursion: start with every box of the group (the
 * boxes joined to the pushed one through side-by-side neighbours) as a
 * candidate, and drop any candidate with an axis that walls, dead pairs and
 * the remaining candidates do not block, until none is dropped. What is left
 * is the largest set F in which every box is blocked on both axes by walls,
 * dead pairs or boxes of F itself; the recursion finds exactly the members
 * of that set, but can take exponential time where this takes linear.
 *
 *   #          A: wall above, B to its right     four-box chain: each box
 *   AB         B: A to its left, C below         has one neighbour on each
 *    CD        C: B above, D to its right        axis, the chain ends on
 *     #        D: C to its left, wall below      walls: all four are frozen.
 *
 *   $$         a 2x2 block of boxes (or boxes     $$$
 *   $$         and walls) is frozen anywhere      $ $   a ring is not: the
 *                                                 $$$   middle boxes can be
 *                                                       pushed into the hole.
 *
 * Soundness: take a solution from this position and the first push in it
 * that moves a box X of F. Before it every box of F is still in place. X is
 * pushed along some axis; a push along an axis needs both squares along it
 * free (one to move into, one for the player). If a wall or a box of F is on
 * either side, the push cannot happen. If both sides are dead squares, X
 * lands on a dead square, from which no goal can be reached, so this is no
 * solution. Hence no box of F ever moves in any solution, and a box of F off
 * a goal makes the position unsolvable. Dead squares of a refined map (with
 * frozen boxes as walls, dead_simple_with_walls) are dead in every solution
 * because those boxes never move in any solution, so the same holds there.
 *
 * Only boxes joined to the pushed box can be newly frozen by its push: a set
 * F not containing the pushed box is blocked by walls, dead pairs and boxes
 * of F alone, none of which moved, so it was frozen before the push. The
 * check keeps its group in a fixed array on the stack; a group larger than
 * that is cut off, and the boxes left out are treated as movable — fewer
 * frozen boxes found, never a wrong one. */
#include <assert.h>
#include <string.h>

#include "deadlock.h"

#define FREEZE_GROUP_MAX 256
#define FREEZE_HASH_SIZE 1024 /* a power of two, at least 2 * FREEZE_GROUP_MAX */

/* The boxes joined to one box, with their box neighbours as indices. */
typedef struct freeze_group {
	int count;
	uint16_t square[FREEZE_GROUP_MAX];
	int16_t next[FREEZE_GROUP_MAX][4]; /* index of the box in direction d, or -1 */
	uint8_t alive[FREEZE_GROUP_MAX];   /* still a candidate for frozen */
	uint8_t queued[FREEZE_GROUP_MAX];
	uint16_t slot[FREEZE_HASH_SIZE]; /* 1 + index of the box hashed here; 0 = empty */
} freeze_group;

static unsigned group_hash(unsigned square)
{
	return (square * 40503u) & (FREEZE_HASH_SIZE - 1);
}

static int group_find(const freeze_group *g, unsigned square)
{
	for (unsigned h = group_hash(square);; h = (h + 1) & (FREEZE_HASH_SIZE - 1)) {
		if (!g->slot[h])
			return -1;
		if (g->square[g->slot[h] - 1] == square)
			return g->slot[h] - 1;
	}
}

static int group_add(freeze_group *g, unsigned square)
{
	if (g->count == FREEZE_GROUP_MAX)
		return -1;
	unsigned h = group_hash(square);
	while (g->slot[h])
		h = (h + 1) & (FREEZE_HASH_SIZE - 1);
	int i = g->count++;
	g->square[i] = (uint16_t)square;
	g->slot[h] = (uint16_t)(i + 1);
	return i;
}

/* Collect the boxes joined to `root` by side-by-side neighbours (breadth
 * first, so the cut-off keeps the nearest ones) and link their neighbours. */
static void group_collect(freeze_group *g, const board *b, const uint8_t *occupied, unsigned root)
{
	g->count = 0;
	memset(g->slot, 0, sizeof g->slot);
	group_add(g, root);
	for (int head = 0; head < g->count; head++) {
		unsigned s = g->square[head];
		for (unsigned d = 0; d < 4; d++) {
			uint16_t t = board_next(b, s, d);
			if (t != SQUARE_NONE && occupied[t] && group_find(g, t) < 0)
				group_add(g, t);
		}
	}
	for (int i = 0; i < g->count; i++) {
		for (unsigned d = 0; d < 4; d++) {
			uint16_t t = board_next(b, g->square[i], d);
			g->next[i][d] =
			    (int16_t)(t != SQUARE_NONE && occupied[t] ? group_find(g, t) : -1);
		}
		g->alive[i] = 1;
		g->queued[i] = 0;
	}
}

/* Is member i blocked along the axis of direction d (d and d ^ 2)? */
static int group_blocked(const freeze_group *g, const board *b, const uint8_t *dead, int i,
                         unsigned d)
{
	unsigned s = g->square[i];
	uint16_t n1 = board_next(b, s, d), n2 = board_next(b, s, DIR_OPPOSITE(d));
	if (n1 == SQUARE_NONE || n2 == SQUARE_NONE)
		return 1;
	if (dead[n1] && dead[n2])
		return 1;
	int j1 = g->next[i][d], j2 = g->next[i][DIR_OPPOSITE(d)];
	return (j1 >= 0 && g->alive[j1]) || (j2 >= 0 && g->alive[j2]);
}

/* Drop candidates until every one left is blocked on both axes. */
static void group_settle(freeze_group *g, const board *b, const uint8_t *dead)
{
	int queue[FREEZE_GROUP_MAX];
	int head = 0, size = 0;
	for (int i = 0; i < g->count; i++) {
		queue[i] = i;
		g->queued[i] = 1;
	}
	size = g->count;
	while (size > 0) {
		int i = queue[head];
		head = (head + 1) % FREEZE_GROUP_MAX;
		size--;
		g->queued[i] = 0;
		if (!g->alive[i])
			continue;
		if (group_blocked(g, b, dead, i, DIR_LEFT) && group_blocked(g, b, dead, i, DIR_UP))
			continue;
		g->alive[i] = 0;
		for (unsigned d = 0; d < 4; d++) {
			int j = g->next[i][d];
			if (j >= 0 && g->alive[j] && !g->queued[j]) {
				g->queued[j] = 1;
				queue[(head + size) % FREEZE_GROUP_MAX] = j;
				size++;
			}
		}
	}
}

/* Can the box on s obviously move along some axis (both sides free floor,
 * not both dead)? The common case after a push, answered without a group. */
static int freeze_free_axis(const board *b, const uint8_t *occupied, const uint8_t *dead,
                            unsigned s)
{
	for (unsigned d = 0; d < 2; d++) {
		uint16_t n1 = board_next(b, s, d), n2 = board_next(b, s, DIR_OPPOSITE(d));
		if (n1 == SQUARE_NONE || n2 == SQUARE_NONE || occupied[n1] || occupied[n2])
			continue;
		if (!(dead[n1] && dead[n2]))
			return 1;
	}
	return 0;
}

int dead_freeze_check(const board *b, const uint8_t *occupied, const uint8_t *dead, unsigned square,
                      deadlock_proof *proof)
{
	assert(square < (unsigned)b->square_count && occupied[square]);
	if (freeze_free_axis(b, occupied, dead, square))
		return 0;
	freeze_group g;
	group_collect(&g, b, occupied, square);
	group_settle(&g, b, dead);
	/* Report the frozen boxes that touch, through frozen neighbours, a
	 * frozen box off a goal: each such cluster is frozen on its own, since
	 * blocking only ever involves side-by-side boxes. */
	int cluster[FREEZE_GROUP_MAX];
	uint8_t seen[FREEZE_GROUP_MAX];
	memset(seen, 0, (size_t)g.count);
	int found = 0;
	for (int i = 0; i < g.count; i++) {
		if (!g.alive[i] || seen[i] || b->is_goal[g.square[i]])
			continue;
		int size = 0;
		cluster[size++] = i;
		seen[i] = 1;
		for (int k = 0; k < size; k++)
			for (unsigned d = 0; d < 4; d++) {
				int j = g.next[cluster[k]][d];
				if (j >= 0 && g.alive[j] && !seen[j]) {
					seen[j] = 1;
					cluster[size++] = j;
				}
			}
		if (proof) {
			for (int k = 0; k < size && found < b->box_count; k++)
				proof->boxes[found++] = g.square[cluster[k]];
		} else {
			found += size;
		}
	}
	if (!found)
		return 0;
	if (proof) {
		proof->kind = DEADLOCK_FREEZE;
		proof->count = found;
	}
	return 1;
}

int dead_freeze_frozen(const board *b, const uint8_t *occupied, const uint16_t *boxes,
                       const uint8_t *dead, uint8_t *frozen)
{
	/* The same fixed point over every box. frozen[] holds the candidates:
	 * 1 = candidate, 2 = candidate waiting in the queue. */
	enum { QUEUE_SIZE = HAKO_MAX_BOXES + 1 };
	uint16_t queue[QUEUE_SIZE];
	int n = b->box_count;
	assert(n < QUEUE_SIZE);
	memset(frozen, 0, (size_t)b->square_count);
	for (int i = 0; i < n; i++) {
		frozen[boxes[i]] = 2;
		queue[i] = boxes[i];
	}
	int head = 0, size = n, count = n;
	while (size > 0) {
		unsigned s = queue[head];
		head = (head + 1) % QUEUE_SIZE;
		size--;
		frozen[s] = 1;
		int blocked = 1;
		for (unsigned d = 0; d < 2 && blocked; d++) {
			uint16_t n1 = board_next(b, s, d), n2 = board_next(b, s, DIR_OPPOSITE(d));
			blocked = n1 == SQUARE_NONE || n2 == SQUARE_NONE ||
			          (dead[n1] && dead[n2]) || (occupied[n1] && frozen[n1]) ||
			          (occupied[n2] && frozen[n2]);
		}
		if (blocked)
			continue;
		frozen[s] = 0;
		count--;
		for (unsigned d = 0; d < 4; d++) {
			uint16_t t = board_next(b, s, d);
			if (t != SQUARE_NONE && frozen[t] == 1) {
				frozen[t] = 2;
				queue[(head + size) % QUEUE_SIZE] = t;
				size++;
			}
		}
	}
	return count;
}

uint64_t dead_freeze_key(const board *b, const uint16_t *boxes, const uint8_t *frozen)
{
	uint64_t key = 0;
	for (int i = 0; i < b->box_count; i++)
		if (frozen[boxes[i]])
			key = (key ^ boxes[i]) * 0x100000001B3ull + 0x9E3779B97F4A7C15ull;
	return key;
}
