/* room_order.c — the packing order of a goal room: in which order to fill
 * its goals so that each box can still be pushed in from the entrance,
 * and the pushes that take a box from the entrance to each goal.
 *
 * Found backwards, by pulling boxes out of the filled room: start with
 * every goal of the room filled (the set S); remove a goal g whose box can
 * travel between E and g with the other goals of S standing as boxes; the
 * goals in the reverse order of removal are the packing order. Seen
 * forwards, when goal g is filled the goals filled before it are exactly
 * S minus g, so the condition is a forward one: with S \ {g} as boxes, the
 * player on o and a box on E, pushes take the box to g, and then the
 * player can walk back out to E. That is what is searched (forwards, over
 * box square x player side, the player flooding the room, E and o).
 *
 * A greedy removal finds an order whenever one exists: fewer boxes only
 * widen both the box's and the player's ways, so a goal removable from S
 * stays removable from every subset of S; if some order removes h first
 * and we removed g, the rest of that order (without g) is still valid.
 * Among removable goals the one with the shortest push path goes first
 * (filled last), which fills far goals first:
 *
 *     ###########
 *     #@   $ E123#     a dead-end room: 3 is filled first (a box on 1
 *     ############     or 2 would block the way), then 2, then 1.
 *
 * The search per step first runs once with all of S as boxes and every
 * goal of S as a target (a push onto it ends the path): a path found that
 * way is valid with S \ {g} too. Only when that finds nothing is each goal
 * tried alone with S \ {g} (the box may need to cross g, or the player
 * walk over it). No complete order:
 *
 *     #####
 *     #. .#          either goal alone can be filled (box up to the top
 *     # E #          row, the player walks round and pushes it sideways);
 *     ## ##          with one filled the other can no longer be reached.
 *
 * The model is one box at a time, straight from E to its goal, the room
 * otherwise empty. Rooms whose solutions park a box inside first (Microban
 * 3, XSokoban 39) get no order: no macro, ordinary pushes there.
 */
#include <stdlib.h>
#include <string.h>

#include "room.h"

#define STATE_NONE UINT32_MAX

typedef struct order_ctx {
	const board *b;
	const room *rm;
	int n, m;        /* room squares; local squares m = n + 2: E = n, o = n + 1 */
	uint32_t *stamp; /* m: player flood marks */
	uint32_t generation;
	uint32_t *parent;  /* 4m: per state (box square * 4 + player side) */
	uint32_t *states;  /* 4m: the search queue */
	uint16_t *global;  /* m: local -> board square */
	uint16_t *next;    /* 4m: local neighbours, ROOM_NONE outside the graph */
	uint16_t *queue;   /* m */
	uint8_t *push_dir; /* 4m: the push that reached a state */
	uint8_t *visited;  /* 4m */
	uint8_t *blocked;  /* m: boxes on filled goals */
	uint8_t *target;   /* m: goals a path may end on */
	uint8_t *in_set;   /* m: goals still filled (S) */
	/* The path found: its last state and final push. */
	uint32_t end_state;
	uint8_t end_dir;
	uint16_t end_square;
} order_ctx;

static size_t ctx_bytes(int m)
{
	return (size_t)m * (4 + 16 + 16 + 2 + 8 + 2 + 4 + 4 + 3);
}

static int local_of(const room *rm, unsigned square)
{
	if (square == rm->entrance)
		return rm->square_count;
	if (square == rm->outside)
		return rm->square_count + 1;
	const uint16_t *hit = NULL;
	int lo = 0, hi = rm->square_count;
	while (lo < hi && !hit) {
		int mid = (lo + hi) / 2;
		if (rm->squares[mid] == square)
			hit = &rm->squares[mid];
		else if (rm->squares[mid] < square)
			lo = mid + 1;
		else
			hi = mid;
	}
	return hit ? (int)(hit - rm->squares) : -1;
}

static void ctx_layout(order_ctx *c, unsigned char *block)
{
	size_t m = (size_t)c->m;
	c->stamp = (uint32_t *)(void *)block;
	c->parent = c->stamp + m;
	c->states = c->parent + 4 * m;
	c->global = (uint16_t *)(void *)(c->states + 4 * m);
	c->next = c->global + m;
	c->queue = c->next + 4 * m;
	c->push_dir = (uint8_t *)(c->queue + m);
	c->visited = c->push_dir + 4 * m;
	c->blocked = c->visited + 4 * m;
	c->target = c->blocked + m;
	c->in_set = c->target + m;
	for (int i = 0; i < c->m; i++) {
		unsigned s = i < c->n    ? c->rm->squares[i]
		             : i == c->n ? c->rm->entrance
		                         : c->rm->outside;
		c->global[i] = (uint16_t)s;
		for (unsigned d = 0; d < 4; d++) {
			uint16_t t = board_next(c->b, s, d);
			int local = t == SQUARE_NONE ? -1 : local_of(c->rm, t);
			c->next[i * 4 + (int)d] = local < 0 ? ROOM_NONE : (uint16_t)local;
		}
	}
}

/* Player flood from `from` with the blocked boxes and a box on `box`. */
static void flood(order_ctx *c, unsigned from, unsigned box)
{
	if (++c->generation == 0) {
		memset(c->stamp, 0, sizeof(uint32_t) * (size_t)c->m);
		c->generation = 1;
	}
	uint32_t gen = c->generation;
	int tail = 0;
	c->stamp[from] = gen;
	c->queue[tail++] = (uint16_t)from;
	for (int head = 0; head < tail; head++) {
		unsigned s = c->queue[head];
		for (unsigned d = 0; d < 4; d++) {
			unsigned t = c->next[s * 4 + d];
			if (t == ROOM_NONE || c->stamp[t] == gen || c->blocked[t] || t == box)
				continue;
			c->stamp[t] = gen;
			c->queue[tail++] = (uint16_t)t;
		}
	}
}

static int reached(const order_ctx *c, unsigned local)
{
	return local != ROOM_NONE && c->stamp[local] == c->generation;
}

/* Breadth-first over (box square, player side) from the box on E with the
 * player on o; stops at the first push onto a target after which the
 * player can walk back to E. Returns 1 with the end recorded. */
static int push_search(order_ctx *c)
{
	unsigned entrance = (unsigned)c->n, outside = entrance + 1;
	uint32_t start = entrance * 4 + DIR_OPPOSITE(c->rm->entry_dir), tail = 0;
	memset(c->visited, 0, 4 * (size_t)c->m);
	c->visited[start] = 1;
	c->parent[start] = STATE_NONE;
	c->states[tail++] = start;
	for (uint32_t head = 0; head < tail; head++) {
		uint32_t st = c->states[head];
		unsigned x = st >> 2, player = c->next[st];
		flood(c, player, x);
		/* The player's other reachable sides of x are this same state. */
		for (unsigned q = 0; q < 4; q++) {
			uint32_t same = x * 4 + q;
			if (!c->visited[same] && reached(c, c->next[same])) {
				c->visited[same] = 1;
				c->parent[same] = c->parent[st];
				c->push_dir[same] = c->push_dir[st];
			}
		}
		for (unsigned q = 0; q < 4; q++) {
			unsigned behind = c->next[x * 4 + DIR_OPPOSITE(q)], y = c->next[x * 4 + q];
			if (!reached(c, behind) || y == ROOM_NONE || y == outside ||
			    c->b->dead[c->global[y]])
				continue;
			if (c->target[y]) {
				flood(c, x, y);
				if (x == entrance || reached(c, entrance)) {
					c->end_state = st;
					c->end_dir = (uint8_t)q;
					c->end_square = (uint16_t)y;
					return 1;
				}
				flood(c, player, x);
			}
			uint32_t ns = y * 4 + DIR_OPPOSITE(q);
			if (c->blocked[y] || c->visited[ns])
				continue;
			c->visited[ns] = 1;
			c->parent[ns] = st;
			c->push_dir[ns] = (uint8_t)q;
			c->states[tail++] = ns;
		}
	}
	return 0;
}

/* The pushes of the path found, first push first; returns the count. */
static int write_path(const order_ctx *c, room_push *out)
{
	int length = 1;
	for (uint32_t st = c->end_state; c->parent[st] != STATE_NONE; st = c->parent[st])
		length++;
	if (!out)
		return length;
	out[length - 1].from = c->global[c->end_state >> 2];
	out[length - 1].dir = c->end_dir;
	int i = length - 2;
	for (uint32_t st = c->end_state; c->parent[st] != STATE_NONE; st = c->parent[st], i--) {
		out[i].from = c->global[c->parent[st] >> 2];
		out[i].dir = c->push_dir[st];
	}
	return length;
}

/* Find a goal of S removable from it: all of S as boxes first, then each
 * goal alone. */
static int find_removable(order_ctx *c)
{
	for (int i = 0; i < c->m; i++)
		c->blocked[i] = c->target[i] = c->in_set[i];
	if (push_search(c))
		return 1;
	for (int g = 0; g < c->n; g++) {
		if (!c->in_set[g])
			continue;
		c->blocked[g] = 0;
		memset(c->target, 0, (size_t)c->m);
		c->target[g] = 1;
		if (push_search(c))
			return 1;
		c->blocked[g] = 1;
	}
	return 0;
}

/* Lay the removals out as the packing order (reverse), with their paths. */
static hako_status store_order(room *rm, const order_ctx *c, const uint16_t *removed,
                               const uint32_t *offset, const room_push *paths, memory *mem)
{
	int goals = rm->goal_count;
	uint32_t total = offset[goals];
	rm->step = memory_alloc(mem, sizeof(uint32_t) * ((size_t)goals + 1));
	rm->pushes = memory_alloc(mem, sizeof(room_push) * total);
	if (!rm->step || !rm->pushes) {
		memory_free(mem, rm->step, sizeof(uint32_t) * ((size_t)goals + 1));
		memory_free(mem, rm->pushes, sizeof(room_push) * total);
		rm->step = NULL;
		rm->pushes = NULL;
		return HAKO_ERR_NOMEM;
	}
	uint32_t at = 0;
	for (int k = 0; k < goals; k++) {
		int r = goals - 1 - k;
		uint32_t length = offset[r + 1] - offset[r];
		rm->order[k] = c->global[removed[r]];
		rm->step[k] = at;
		memcpy(rm->pushes + at, paths + offset[r], sizeof(room_push) * length);
		at += length;
	}
	rm->step[goals] = at;
	rm->ordered = 1;
	return HAKO_OK;
}

hako_status room_packing_order(const board *b, room *rm, memory *mem)
{
	order_ctx c;
	memset(&c, 0, sizeof c);
	c.b = b;
	c.rm = rm;
	c.n = rm->square_count;
	c.m = c.n + 2;
	int goals = rm->goal_count;
	size_t bytes = ctx_bytes(c.m), path_cap = 64,
	       removed_bytes = sizeof(uint16_t) * (size_t)goals,
	       offset_bytes = sizeof(uint32_t) * ((size_t)goals + 1);
	unsigned char *block = memory_calloc(mem, bytes);
	uint16_t *removed = memory_alloc(mem, removed_bytes);
	uint32_t *offset = memory_alloc(mem, offset_bytes);
	room_push *paths = memory_alloc(mem, sizeof(room_push) * path_cap);
	hako_status st = HAKO_ERR_NOMEM;
	int done = 0;
	if (block && removed && offset && paths) {
		ctx_layout(&c, block);
		for (int i = 0; i < c.n; i++)
			c.in_set[i] = b->is_goal[rm->squares[i]];
		offset[0] = 0;
		st = HAKO_OK;
		for (; done < goals && st == HAKO_OK && find_removable(&c); done++) {
			size_t length = (size_t)write_path(&c, NULL), need = offset[done] + length;
			if (need > path_cap) {
				size_t cap = need * 2;
				room_push *grown =
				    memory_realloc(mem, paths, sizeof(room_push) * path_cap,
				                   sizeof(room_push) * cap);
				if (!grown) {
					st = HAKO_ERR_NOMEM;
					break;
				}
				paths = grown;
				path_cap = cap;
			}
			write_path(&c, paths + offset[done]);
			offset[done + 1] = (uint32_t)need;
			removed[done] = c.end_square;
			c.in_set[c.end_square] = 0;
		}
	}
	if (st == HAKO_OK && done == goals)
		st = store_order(rm, &c, removed, offset, paths, mem);
	memory_free(mem, block, bytes);
	memory_free(mem, removed, removed_bytes);
	memory_free(mem, offset, offset_bytes);
	memory_free(mem, paths, sizeof(room_push) * path_cap);
	return st;
}
