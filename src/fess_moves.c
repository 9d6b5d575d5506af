/* fess_moves.c — box moves: every square (and player side) one box can be
 * taken to by pushes of that box alone, the others standing still.
 *
 * A breadth-first search over (box square, player side) pairs. Two sides
 * of a box square are the same state when the player can walk from one to
 * the other with the box there; the sides are grouped by the articulation
 * points of the free floor (one depth-first search per box). Each group is one
 * state of the search and, unless it is where the box started, one move.
 * Squares marked dead are never entered: a box there is lost. */
#include <string.h>

#include "fess.h"

#define ENTRY(square, side) ((uint32_t)(square) << 2 | (uint32_t)(side))
#define NO_ENTRY UINT32_MAX

hako_status fess_mover_init(fess_mover *m, const board *b, memory *mem)
{
	memset(m, 0, sizeof *m);
	m->b = b;
	m->mem = mem;
	size_t n = (size_t)b->square_count + 1;
	m->bytes = n * (4 * sizeof(uint32_t) + 2 * sizeof(uint16_t) + 3) +
	           4 * n * (2 * sizeof(uint32_t) + sizeof(uint16_t));
	unsigned char *block = memory_calloc(mem, m->bytes);
	if (!block)
		return HAKO_ERR_NOMEM;
	m->seen_stamp = (uint32_t *)(void *)block;
	m->disc = m->seen_stamp + n;
	m->low = m->disc + n;
	m->end = m->low + n;
	m->queue = m->end + n;
	m->prev = m->queue + 4 * n;
	m->depth = (uint16_t *)(void *)(m->prev + 4 * n);
	m->parent = m->depth + 4 * n;
	m->stack = m->parent + n;
	m->seen_mask = (uint8_t *)(m->stack + n);
	m->done_mask = m->seen_mask + n;
	m->next_dir = m->done_mask + n;
	return HAKO_OK;
}

void fess_mover_free(fess_mover *m)
{
	if (m->seen_stamp)
		memory_free(m->mem, m->seen_stamp, m->bytes);
	memset(m, 0, sizeof *m);
}

static void next_seen_generation(fess_mover *m)
{
	if (++m->generation == 0) {
		memset(m->seen_stamp, 0, sizeof(uint32_t) * ((size_t)m->b->square_count + 1));
		m->generation = 1;
	}
}

/* The floor graph G of free squares (the moving box lifted) analysed once
 * per box by a depth-first search (Tarjan's articulation points): disc is
 * the discovery time (0 = not yet), low the lowest discovery time reachable
 * through a back edge from the subtree, end one past the subtree's last
 * discovery time. Then the areas of G without square s, as seen from s's
 * neighbours, come in O(1) per neighbour instead of a flood per square. */
static void analyze(fess_mover *m, const uint8_t *occupied)
{
	const board *b = m->b;
	int n = b->square_count;
	memset(m->disc, 0, sizeof(uint32_t) * (size_t)n);
	uint32_t time = 0;
	int components = 0;
	for (int root = 0; root < n; root++) {
		if (occupied[root] || m->disc[root])
			continue;
		components++;
		int top = 0;
		m->stack[top] = (uint16_t)root;
		m->next_dir[top] = 0;
		m->parent[root] = SQUARE_NONE;
		m->disc[root] = m->low[root] = ++time;
		while (top >= 0) {
			unsigned s = m->stack[top];
			if (m->next_dir[top] < 4) {
				unsigned t = board_next(b, s, m->next_dir[top]++);
				if (t == SQUARE_NONE || occupied[t])
					continue;
				if (!m->disc[t]) {
					m->parent[t] = (uint16_t)s;
					m->disc[t] = m->low[t] = ++time;
					top++;
					m->stack[top] = (uint16_t)t;
					m->next_dir[top] = 0;
				} else if (t != m->parent[s] && m->disc[t] < m->low[s]) {
					m->low[s] = m->disc[t];
				}
				continue;
			}
			m->end[s] = time + 1;
			top--;
			if (top >= 0) {
				unsigned up = m->stack[top];
				if (m->low[s] < m->low[up])
					m->low[up] = m->low[s];
			}
		}
	}
	m->components = components;
}

/* Label the free squares around a box on `square` (a square of G): comp[d]
 * is the label of the neighbour toward d (0xFF for a wall or a box); equal
 * labels are connected in G without `square`. A neighbour in the subtree
 * of a child c of `square` that cannot climb above `square` (low[c] >=
 * disc[square]) is cut off with c's subtree; every other neighbour is on
 * the side of `square`'s parent. */
static void label_sides(fess_mover *m, const uint8_t *occupied, unsigned square, uint8_t comp[4])
{
	const board *b = m->b;
	uint32_t disc = m->disc[square], end = m->end[square];
	for (unsigned d = 0; d < 4; d++) {
		unsigned u = board_next(b, square, d);
		if (u == SQUARE_NONE || occupied[u]) {
			comp[d] = 0xFF;
			continue;
		}
		comp[d] = 4; /* the parent's side */
		if (m->disc[u] <= disc || m->disc[u] >= end)
			continue;
		/* u descends from square: through which child? */
		for (unsigned k = 0; k < 4; k++) {
			unsigned c = board_next(b, square, k);
			if (c == SQUARE_NONE || occupied[c] || m->parent[c] != square ||
			    m->disc[c] <= disc)
				continue;
			if (m->disc[c] <= m->disc[u] && m->disc[u] < m->end[c]) {
				if (m->low[c] >= disc)
					comp[d] = (uint8_t)k;
				break;
			}
		}
	}
}

static int pieces(const uint8_t comp[4])
{
	int count = 0;
	for (unsigned d = 0; d < 4; d++) {
		if (comp[d] == 0xFF)
			continue;
		int fresh = 1;
		for (unsigned e = 0; e < d; e++)
			if (comp[e] == comp[d])
				fresh = 0;
		count += fresh;
	}
	return count;
}

static int seen(const fess_mover *m, unsigned square, unsigned side)
{
	return m->seen_stamp[square] == m->generation &&
	       ((unsigned)m->seen_mask[square] >> side & 1u);
}

static void mark_seen(fess_mover *m, unsigned square, unsigned side)
{
	if (m->seen_stamp[square] != m->generation) {
		m->seen_stamp[square] = m->generation;
		m->seen_mask[square] = 0;
		m->done_mask[square] = 0;
	}
	m->seen_mask[square] |= (uint8_t)(1u << side);
}

/* The group of sides of (square, side) when first taken from the queue:
 * labels them in comp and marks them all done; 0 when done already. */
static int open_group(fess_mover *m, const uint8_t *occupied, unsigned square, unsigned side,
                      uint8_t comp[4])
{
	if ((unsigned)m->done_mask[square] >> side & 1u)
		return 0;
	label_sides(m, occupied, square, comp);
	for (unsigned d = 0; d < 4; d++)
		if (comp[d] == comp[side])
			m->done_mask[square] |= (uint8_t)(1u << d);
	return 1;
}

/* The search shared by move generation and path reconstruction. With
 * target == NULL, writes every move to out (up to capacity) and returns
 * how many there are; with a target, stops on it and returns its queue
 * index, or -1. The box on origin is lifted from occupied meanwhile. */
static int box_search(fess_mover *m, uint8_t *occupied, unsigned origin, const reach *player,
                      const fess_move *target, fess_move *out, int capacity)
{
	const board *b = m->b;
	next_seen_generation(m);
	occupied[origin] = 0;
	analyze(m, occupied);
	uint8_t comp[4];
	label_sides(m, occupied, origin, comp);
	uint32_t head = 0, tail = 0;
	for (unsigned d = 0; d < 4; d++) {
		unsigned n = board_next(b, origin, d);
		if (comp[d] == 0xFF || !reach_has(player, n))
			continue;
		mark_seen(m, origin, d);
		if (tail == 0) {
			m->queue[tail] = ENTRY(origin, d);
			m->depth[tail] = 0;
			m->prev[ENTRY(origin, d)] = NO_ENTRY;
			tail++;
		}
	}
	int count = 0, found = -1;
	while (head < tail) {
		uint32_t index = head++;
		uint32_t entry = m->queue[index];
		unsigned s = entry >> 2, side = entry & 3;
		if (!open_group(m, occupied, s, side, comp))
			continue;
		if (index > 0) {
			if (target) {
				if (s == target->to &&
				    comp[DIR_OPPOSITE(target->dir)] == comp[side]) {
					found = (int)index;
					break;
				}
			} else {
				if (count < capacity) {
					out[count].from = (uint16_t)origin;
					out[count].to = (uint16_t)s;
					out[count].dir = (uint8_t)DIR_OPPOSITE(side);
					out[count].pushes = m->depth[index];
					int areas = m->components - 1 + pieces(comp);
					out[count].areas = (uint8_t)(areas < 255 ? areas : 255);
				}
				count++;
			}
		}
		/* Push from every side of this group. */
		for (unsigned d = 0; d < 4; d++) {
			if (comp[d] != comp[side])
				continue;
			unsigned push = DIR_OPPOSITE(d);
			unsigned t = board_next(b, s, push);
			if (t == SQUARE_NONE || occupied[t] || b->dead[t] || seen(m, t, d))
				continue;
			mark_seen(m, t, d);
			m->queue[tail] = ENTRY(t, d);
			m->depth[tail] = (uint16_t)(m->depth[index] + 1);
			m->prev[ENTRY(t, d)] = index;
			tail++;
		}
	}
	occupied[origin] = 1;
	return target ? found : count;
}

int fess_box_moves(fess_mover *m, uint8_t *occupied, unsigned origin, const reach *player,
                   fess_move *out, int capacity)
{
	/* Most boxes cannot be pushed at all: say so before the analysis. */
	const board *b = m->b;
	int pushable = 0;
	for (unsigned d = 0; d < 4 && !pushable; d++) {
		unsigned behind = board_next(b, origin, DIR_OPPOSITE(d));
		unsigned to = board_next(b, origin, d);
		pushable = behind != SQUARE_NONE && to != SQUARE_NONE && !occupied[to] &&
		           !b->dead[to] && reach_has(player, behind);
	}
	if (!pushable)
		return 0;
	return box_search(m, occupied, origin, player, NULL, out, capacity);
}

int fess_move_pushes(fess_mover *m, uint8_t *occupied, const reach *player, const fess_move *move,
                     search_push *out, int capacity)
{
	int found = box_search(m, occupied, move->from, player, move, NULL, 0);
	if (found < 0)
		return -1;
	int length = m->depth[found];
	if (length > capacity)
		return -1;
	/* Walk back: each entry's push came from its predecessor's square. */
	uint32_t index = (uint32_t)found;
	for (int k = length - 1; k >= 0; k--) {
		uint32_t entry = m->queue[index];
		uint32_t before = m->prev[entry];
		unsigned from = m->queue[before] >> 2;
		out[k].from = (uint16_t)from;
		out[k].dir = (uint8_t)DIR_OPPOSITE(entry & 3);
		index = before;
	}
	return length;
}

/* The search shared by fess_pull_out and fess_box_pulls: pulls of the box
 * on `origin` alone, breadth first over (square, player side) groups. The
 * player starts on any side of the box (player == NULL) or in `player`'s
 * region. With out != NULL every group reached is written as a move (up to
 * capacity) and the count returned; else the search stops at the first
 * square `arrived` accepts and returns its pull count, -1 if none within
 * `limit` pulls. The box on origin is lifted meanwhile. */
static int pull_search(fess_mover *m, uint8_t *occupied, unsigned origin, const reach *player,
                       int limit, const uint8_t *target, fess_move *out, int capacity)
{
	const board *b = m->b;
	next_seen_generation(m);
	occupied[origin] = 0;
	analyze(m, occupied);
	uint8_t comp[4];
	label_sides(m, occupied, origin, comp);
	uint32_t head = 0, tail = 0;
	for (unsigned d = 0; d < 4; d++) {
		if (comp[d] == 0xFF || seen(m, origin, d) ||
		    (player && !reach_has(player, board_next(b, origin, d))))
			continue;
		for (unsigned k = 0; k < 4; k++)
			if (comp[k] == comp[d])
				mark_seen(m, origin, k);
		m->queue[tail] = ENTRY(origin, d);
		m->depth[tail] = 0;
		tail++;
	}
	uint32_t starts = tail;
	int result = out ? 0 : -1;
	while (head < tail && (out || result < 0)) {
		uint32_t index = head++;
		uint32_t entry = m->queue[index];
		unsigned s = entry >> 2, side = entry & 3;
		if (!open_group(m, occupied, s, side, comp))
			continue;
		if (out && index >= starts) {
			if (result < capacity) {
				out[result].from = (uint16_t)origin;
				out[result].to = (uint16_t)s;
				out[result].dir = (uint8_t)side;
				out[result].pushes = m->depth[index];
				int areas = m->components - 1 + pieces(comp);
				out[result].areas = (uint8_t)(areas < 255 ? areas : 255);
			}
			result++;
		}
		if (m->depth[index] >= limit)
			continue;
		/* Pull toward every side of this group: the player steps back. */
		for (unsigned d = 0; d < 4; d++) {
			if (comp[d] != comp[side])
				continue;
			unsigned t = board_next(b, s, d);
			unsigned back = board_next(b, t, d);
			if (back == SQUARE_NONE || occupied[back] || b->dead[t] || seen(m, t, d))
				continue;
			if (!out && (target ? target[t] != 0 : !b->is_goal[t])) {
				result = m->depth[index] + 1;
				break;
			}
			mark_seen(m, t, d);
			m->queue[tail] = ENTRY(t, d);
			m->depth[tail] = (uint16_t)(m->depth[index] + 1);
			tail++;
		}
	}
	occupied[origin] = 1;
	return result;
}

int fess_pull_out(fess_mover *m, uint8_t *occupied, unsigned origin, int limit,
                  const uint8_t *target)
{
	return pull_search(m, occupied, origin, NULL, limit, target, NULL, 0);
}

int fess_box_pulls(fess_mover *m, uint8_t *occupied, unsigned origin, const reach *player,
                   fess_move *out, int capacity)
{
	return pull_search(m, occupied, origin, player, 0xFFFF, NULL, out, capacity);
}
