/* endgame.c — the move-optimal search's endgame table.
 *
 * Where the move-optimal search spends its time (BENCH.md): on Microban
 * 146 the bound at the start says 17 moves and the optimum is 51, and
 * the search goes through every layer of f in between, each larger than
 * the last (the last, f = 50, 1.48 M of 4.59 M nodes). The nodes it
 * expands there lie in the middle of the solution, 30 moves from the
 * start and a bound of 15 to 20 from the end. A table of the positions
 * close to solved, with their exact distance, cuts those layers from the
 * other side: when every position that needs at most D moves is in the
 * table, a position that is not needs D + 1 at least, a bound no weaker
 * than any other there; and a position that is in it is done — its
 * distance is exact, and the table says the way.
 *
 * The positions are those of the move-optimal search (search_astar.c):
 * the boxes and the player on the square the push that made it left it
 * on (where the box was). From one, a push is a walk to the square behind
 * a box and one move; its cost is (walk + 1 moves, 1 push). The solved
 * positions are the boxes on the goals with the player on a square a last
 * push can leave it on: beside a box, with the square on its other side
 * free (it came from there). The table is a backward search from them
 * (Dijkstra's, the costs compared as (moves, pushes)): a position X is
 * expanded by undoing the push that made it — the box beside the player
 * goes back onto the player's square, the player onto the square behind
 * it — and every square r the player can reach from there (walking is
 * reversible) where a push could have left it gives the position before,
 * at (walk + 1, 1) more than X. A position is taken from the queue in
 * order of its cost; when the search stops (memory, states, time, or the
 * first position deeper than the caller can use) before the first
 * position of M moves is fully expanded, every position of at
 * most M - 1 moves is in the table with its exact cost: its next position
 * on an optimal way is closer still, so it was expanded, and the
 * position was reached from it for that cost. That M - 1 is `depth`; a
 * table whose queue ran empty holds every solvable position. Every
 * position the forward search makes is of this kind (the box it pushed
 * beside the player, the square the player came from free), so a child
 * of at most `depth` moves to go is always found.
 *
 * Every position in the table is solvable (it was reached backward from
 * the goals), and the search takes its distance as exact only when it is
 * at most depth. The idea of searching backward from the goal to a fixed
 * depth and looking the forward frontier up in it is Dillenburg and
 * Nelson's perimeter search (1994; also Manzini's BIDA*); this table and
 * its use as a move-optimal bound are our own. */
#include "endgame.h"

#include <string.h>

#include "heap.h"

/* Bytes an entry takes: key, boxes, player, moves, pushes, push_from,
 * next and push_dir. */
static size_t entry_bytes(int box_count)
{
	return sizeof(uint64_t) + (size_t)box_count * sizeof(uint16_t) + 4 * sizeof(uint16_t) +
	       sizeof(uint32_t) + 1;
}

static uint64_t key_hash(uint64_t key)
{
	return key ^ (key >> 29);
}

/* The slot of `key` with these boxes and player: the one that holds it,
 * or the empty one it would go to. */
static size_t slot_of(const endgame *e, uint64_t key, const uint16_t *boxes, unsigned player)
{
	size_t i = (size_t)key_hash(key) & e->mask;
	for (;;) {
		uint32_t at = e->slots[i];
		if (at == 0)
			return i;
		uint32_t x = at - 1;
		if (e->key[x] == key && e->player[x] == player &&
		    memcmp(e->boxes + (size_t)x * (size_t)e->box_count, boxes,
		           sizeof(uint16_t) * (size_t)e->box_count) == 0)
			return i;
		i = (i + 1) & e->mask;
	}
}

uint32_t endgame_find(const endgame *e, uint64_t key, const uint16_t *boxes, unsigned player)
{
	if (!e->ready)
		return ENDGAME_NONE;
	uint32_t at = e->slots[slot_of(e, key, boxes, player)];
	if (at == 0 || (e->depth != ENDGAME_ALL && e->moves[at - 1] > e->depth))
		return ENDGAME_NONE;
	return at - 1;
}

void endgame_free(endgame *e)
{
	if (e->block)
		memory_free(e->mem, e->block, e->bytes);
	memset(e, 0, sizeof *e);
}

/* Allocate the table's arrays for `capacity` positions (the slots twice
 * that, a power of two) in one block; e->count 0, every slot empty. 0: no
 * memory. */
static int lay_out(endgame *e, size_t capacity)
{
	size_t n = (size_t)e->box_count;
	size_t slots = 1;
	while (slots < 2 * capacity)
		slots <<= 1;
	size_t bytes = capacity * entry_bytes(e->box_count) + slots * sizeof(uint32_t);
	char *block = memory_alloc(e->mem, bytes);
	if (!block)
		return 0;
	memset(block, 0, bytes);
	e->block = block;
	e->bytes = bytes;
	e->count = 0;
	e->capacity = (uint32_t)capacity;
	e->mask = slots - 1;
	e->key = (uint64_t *)(void *)block;
	e->slots = (uint32_t *)(void *)(e->key + capacity);
	e->next = e->slots + slots;
	e->boxes = (uint16_t *)(void *)(e->next + capacity);
	e->player = e->boxes + capacity * n;
	e->moves = e->player + capacity;
	e->pushes = e->moves + capacity;
	e->push_from = e->pushes + capacity;
	e->push_dir = (uint8_t *)(e->push_from + capacity);
	return 1;
}

/* The queue's order: moves, then pushes. */
static uint64_t cost_key(uint32_t moves, uint32_t pushes)
{
	return (uint64_t)moves << 32 | pushes;
}

/* Offer the position (boxes, player; key) at (moves, pushes), one push
 * (from, dir) before `next`. Returns 0 when the table is full. */
static int offer(endgame *e, heap *queue, uint64_t key, const uint16_t *boxes, unsigned player,
                 uint32_t moves, uint32_t pushes, uint32_t next, unsigned from, unsigned dir)
{
	if (moves >= ENDGAME_ALL || pushes >= ENDGAME_ALL)
		return 0; /* beyond what an entry holds: the table ends there */
	size_t slot = slot_of(e, key, boxes, player);
	uint32_t x;
	if (e->slots[slot]) {
		x = e->slots[slot] - 1;
		if (cost_key(e->moves[x], e->pushes[x]) <= cost_key(moves, pushes))
			return 1;
	} else {
		if (e->count == e->capacity)
			return 0;
		x = e->count++;
		e->slots[slot] = x + 1;
		e->key[x] = key;
		e->player[x] = (uint16_t)player;
		memcpy(e->boxes + (size_t)x * (size_t)e->box_count, boxes,
		       sizeof(uint16_t) * (size_t)e->box_count);
	}
	e->moves[x] = (uint16_t)moves;
	e->pushes[x] = (uint16_t)pushes;
	e->next[x] = next;
	e->push_from[x] = (uint16_t)from;
	e->push_dir[x] = (uint8_t)dir;
	return heap_push(queue, cost_key(moves, pushes), x) == HAKO_OK;
}

/* A square a push can leave the player on, the boxes on `occupied`: a box
 * beside it, and the square on the other side free (the player came from
 * there). */
static int after_push(const board *b, const uint8_t *occupied, unsigned square)
{
	for (unsigned d = 0; d < 4; d++) {
		uint16_t box = board_next(b, square, d);
		uint16_t came = board_next(b, square, DIR_OPPOSITE(d));
		if (box != SQUARE_NONE && occupied[box] && came != SQUARE_NONE && !occupied[came])
			return 1;
	}
	return 0;
}

hako_status endgame_build(endgame *e, const board *b, const zobrist *keys, memory *mem,
                          size_t max_bytes, uint32_t max_states, uint32_t max_depth,
                          deadline *clock)
{
	memset(e, 0, sizeof *e);
	e->mem = mem;
	int n = b->box_count, squares = b->square_count;
	if (n <= 0 || squares <= 0)
		return HAKO_OK;
	/* The build's scratch: the flood's distances and queue, a box list
	 * and the board. */
	size_t scratch = (size_t)squares * (sizeof(uint32_t) + sizeof(uint16_t) + 1) +
	                 (size_t)n * sizeof(uint16_t);
	/* A position: its entry, two table slots, one queue item. */
	size_t capacity = max_bytes > scratch
	                      ? (max_bytes - scratch) /
	                            (entry_bytes(n) + 2 * sizeof(uint32_t) + sizeof(heap_slot))
	                      : 0;
	if (capacity > max_states)
		capacity = max_states;
	if (capacity < 1024)
		return HAKO_OK;
	uint32_t *distance = memory_alloc(mem, scratch);
	if (!distance)
		return HAKO_OK;
	e->box_count = n;
	if (!lay_out(e, capacity)) {
		memory_free(mem, distance, scratch);
		return HAKO_OK;
	}
	uint16_t *flood = (uint16_t *)(void *)(distance + squares);
	uint16_t *before = flood + squares;
	uint8_t *occupied = (uint8_t *)(before + n);
	memset(occupied, 0, (size_t)squares);

	heap queue;
	heap_init(&queue, mem);
	hako_status status = HAKO_OK;
	int full = 0;
	/* The solved positions. */
	uint64_t goal_key = zobrist_boxes(keys, b->goals, n);
	for (int i = 0; i < n; i++)
		occupied[b->goals[i]] = 1;
	for (int y = 0; y < squares && !full; y++)
		if (!occupied[y] && after_push(b, occupied, (unsigned)y))
			full = !offer(e, &queue, goal_key ^ keys->player[y], b->goals, (unsigned)y,
			              0, 0, ENDGAME_NONE, 0, 0);
	for (int i = 0; i < n; i++)
		occupied[b->goals[i]] = 0;
	uint32_t stopped_at = ENDGAME_ALL; /* moves of the first position not expanded in full */
	if (full)
		stopped_at = 0;
	uint32_t polls = 0;
	while (queue.count > 0 && stopped_at == ENDGAME_ALL) {
		heap_item item = heap_pop(&queue);
		uint32_t x = item.node;
		if (item.key != cost_key(e->moves[x], e->pushes[x]))
			continue; /* stale: reached again for less */
		uint32_t moves = e->moves[x], pushes = e->pushes[x];
		if (moves > max_depth || ((++polls & 255) == 0 && deadline_passed(clock))) {
			stopped_at = moves;
			break;
		}
		const uint16_t *after = e->boxes + (size_t)x * (size_t)n;
		unsigned y = e->player[x];
		uint64_t after_key = e->key[x] ^ keys->player[y];
		for (int i = 0; i < n; i++)
			occupied[after[i]] = 1;
		for (unsigned d = 0; d < 4 && stopped_at == ENDGAME_ALL; d++) {
			/* Undo a push toward d: the box beside the player on y + d
			 * back to y, the player back to y - d. */
			uint16_t box = board_next(b, y, d),
			         behind = board_next(b, y, DIR_OPPOSITE(d));
			if (box == SQUARE_NONE || !occupied[box] || behind == SQUARE_NONE ||
			    occupied[behind])
				continue;
			occupied[box] = 0;
			occupied[y] = 1;
			int k = 0, j = 0;
			for (; j < n && after[j] < y; j++)
				if (after[j] != box)
					before[k++] = after[j];
			before[k++] = (uint16_t)y;
			for (; j < n; j++)
				if (after[j] != box)
					before[k++] = after[j];
			uint64_t boxes_key = after_key ^ keys->box[box] ^ keys->box[y];
			/* Every square the player reaches from behind, by walking. */
			int head = 0, tail = 0;
			for (int s = 0; s < squares; s++)
				distance[s] = UINT32_MAX;
			distance[behind] = 0;
			flood[tail++] = behind;
			while (head < tail) {
				unsigned r = flood[head++];
				for (unsigned a = 0; a < 4; a++) {
					uint16_t z = board_next(b, r, a);
					if (z != SQUARE_NONE && !occupied[z] &&
					    distance[z] == UINT32_MAX) {
						distance[z] = distance[r] + 1;
						flood[tail++] = z;
					}
				}
				if (after_push(b, occupied, r) &&
				    !offer(e, &queue, boxes_key ^ keys->player[r], before, r,
				           moves + distance[r] + 1, pushes + 1, x, y, d))
					stopped_at = moves;
				if (stopped_at != ENDGAME_ALL)
					break;
			}
			occupied[y] = 0;
			occupied[box] = 1;
		}
		for (int i = 0; i < n; i++)
			occupied[after[i]] = 0;
	}
	heap_free(&queue);
	memory_free(mem, distance, scratch);
	/* Out of queue memory: where it stopped, as when full. */
	e->depth = stopped_at == ENDGAME_ALL ? ENDGAME_ALL : stopped_at == 0 ? 0 : stopped_at - 1;
	if (stopped_at == 0) {
		endgame_free(e);
		return deadline_passed(clock) ? HAKO_ERR_LIMIT : HAKO_OK;
	}
	e->ready = 1;
	/* A table that stopped at its depth with room to spare gives the
	 * room back: the same entries, in arrays of their count (not when
	 * the clock stopped it: the search ends at once). */
	if (!clock->passed && (size_t)e->count * 2 < e->capacity) {
		endgame small = *e;
		if (lay_out(&small, e->count)) {
			size_t c = e->count, w = (size_t)n;
			small.count = e->count;
			memcpy(small.key, e->key, c * sizeof *e->key);
			memcpy(small.next, e->next, c * sizeof *e->next);
			memcpy(small.boxes, e->boxes, c * w * sizeof *e->boxes);
			memcpy(small.player, e->player, c * sizeof *e->player);
			memcpy(small.moves, e->moves, c * sizeof *e->moves);
			memcpy(small.pushes, e->pushes, c * sizeof *e->pushes);
			memcpy(small.push_from, e->push_from, c * sizeof *e->push_from);
			memcpy(small.push_dir, e->push_dir, c * sizeof *e->push_dir);
			for (uint32_t x = 0; x < e->count; x++)
				small.slots[slot_of(&small, small.key[x], small.boxes + x * w,
				                    small.player[x])] = x + 1;
			memory_free(mem, e->block, e->bytes);
			*e = small;
		}
	}
	if (clock->passed)
		status = HAKO_ERR_LIMIT;
	return status;
}
