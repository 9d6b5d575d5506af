/* fess_hotspot.c — hotspots: boxes that stand in other boxes' way home.
 *
 * The idea is Festival's (Shoham's FESS solver, its hotspots feature and
 * advisor; our own construction): at the start, for every square b a box
 * might block and every square a a box might stand on, both off the goals,
 * is there a goal a lone box on a can reach on the empty board but no
 * longer with b a wall? A box on b that costs some other box off the goals
 * a goal that way is a hotspot. The table is static (the empty board and
 * one wall), so it is advice only: FESS's hotspots advisor moves such a
 * box away (search_fess.c), which no packing, area or distance feature
 * asks for when the blocking box is off the plan's way.
 *
 * Squares on goals are neither blockers nor victims: their rows and
 * columns of the table stay 0, so the counts below need not ask.
 *
 * Reaching a goal is the pull search of fess_moves.c run from every goal
 * with the player on any side of it: the squares its pulls reach are the
 * squares a box can be pushed from to that goal, with the player starting
 * on some side of it. The work is a pull search per goal and blocker:
 * squares × goals searches of O(squares); it is given up (no hotspots at
 * all) when that passes HOTSPOT_WORK_LIMIT or the deadline passes. */
#include <string.h>

#include "deadline.h"
#include "fess.h"

/* squares² × goals above which the table is not made. Below it the table
 * took at most 0.28 s on a level of Sasquatch III (BENCH.md). */
#define HOTSPOT_WORK_LIMIT 20000000.0

void fess_hotspots_free(fess_hotspots *h)
{
	if (h->blocks)
		memory_free(h->mem, h->blocks, h->bytes);
	memset(h, 0, sizeof *h);
}

/* Per square, how many goals a lone box there reaches with the boxes of
 * `occupied` (a blocker off the goals, or none) standing still. */
static void count_reached(fess_mover *m, const board *b, uint8_t *occupied, fess_move *moves,
                          int capacity, uint8_t *mark, uint16_t *reached)
{
	int n = b->square_count;
	memset(reached, 0, sizeof(uint16_t) * (size_t)n);
	for (int g = 0; g < b->box_count; g++) {
		unsigned goal = b->goals[g];
		occupied[goal] = 1;
		int count = fess_box_pulls(m, occupied, goal, NULL, moves, capacity);
		occupied[goal] = 0;
		if (count > capacity)
			count = capacity;
		memset(mark, 0, (size_t)n);
		mark[goal] = 1;
		reached[goal]++;
		for (int k = 0; k < count; k++)
			if (!mark[moves[k].to]) {
				mark[moves[k].to] = 1;
				reached[moves[k].to]++;
			}
	}
}

hako_status fess_hotspots_init(fess_hotspots *h, const board *b, fess_mover *m, memory *mem,
                               struct deadline *stop)
{
	memset(h, 0, sizeof *h);
	h->mem = mem;
	int n = b->square_count;
	h->n = n;
	if ((double)n * (double)n * (double)b->box_count > HOTSPOT_WORK_LIMIT)
		return HAKO_OK; /* too large: no hotspots */
	int capacity = 4 * n + 4;
	size_t scratch = sizeof(fess_move) * (size_t)capacity + (size_t)n + (size_t)n +
	                 2 * sizeof(uint16_t) * (size_t)n;
	uint8_t *work = memory_alloc(mem, scratch);
	if (!work)
		return HAKO_ERR_NOMEM;
	fess_move *moves = (fess_move *)work;
	uint16_t *alone = (uint16_t *)(work + sizeof(fess_move) * (size_t)capacity);
	uint16_t *blocked = alone + n;
	uint8_t *mark = (uint8_t *)(blocked + n);
	uint8_t *occupied = mark + n;
	memset(occupied, 0, (size_t)n);
	h->bytes = (size_t)n * (size_t)n;
	h->blocks = memory_calloc(mem, h->bytes);
	hako_status st = HAKO_OK;
	if (!h->blocks) {
		h->bytes = 0;
		st = HAKO_ERR_NOMEM;
	} else {
		count_reached(m, b, occupied, moves, capacity, mark, alone);
		for (int blocker = 0; blocker < n && st == HAKO_OK; blocker++) {
			if (b->is_goal[blocker] || b->dead[blocker])
				continue;
			if (stop && deadline_passed(stop)) {
				st = HAKO_ERR_LIMIT;
				break;
			}
			occupied[blocker] = 1;
			count_reached(m, b, occupied, moves, capacity, mark, blocked);
			occupied[blocker] = 0;
			for (int a = 0; a < n; a++)
				if (a != blocker && !b->is_goal[a] && !b->dead[a] &&
				    blocked[a] < alone[a]) {
					h->blocks[(size_t)a * (size_t)n + (size_t)blocker] = 1;
					h->pairs++;
				}
		}
		if (st != HAKO_OK) {
			memory_free(mem, h->blocks, h->bytes);
			h->blocks = NULL;
			h->bytes = 0;
			h->pairs = 0;
		}
	}
	memory_free(mem, work, scratch);
	return st == HAKO_ERR_LIMIT ? HAKO_OK : st;
}

int fess_hotspots_count(const fess_hotspots *h, const uint16_t *boxes, int count, uint16_t *victims)
{
	int hot = 0;
	for (int i = 0; i < count; i++)
		victims[boxes[i]] = 0;
	if (!h->blocks)
		return 0;
	size_t n = (size_t)h->n;
	for (int i = 0; i < count; i++) {
		unsigned blocker = boxes[i];
		int v = 0;
		for (int j = 0; j < count; j++)
			v += h->blocks[boxes[j] * n + blocker];
		victims[blocker] = (uint16_t)v;
		hot += v > 0;
	}
	return hot;
}

int fess_hotspots_after(const fess_hotspots *h, const uint16_t *boxes, int count,
                        const uint16_t *victims, int hot, unsigned from, unsigned to)
{
	if (!h->blocks)
		return 0;
	size_t n = (size_t)h->n;
	int mine = 0; /* the moved box's victims on `to` */
	if (victims[from] > 0)
		hot--;
	for (int i = 0; i < count; i++) {
		unsigned other = boxes[i];
		if (other == from)
			continue;
		int old = victims[other];
		int now = old - h->blocks[from * n + other] + h->blocks[to * n + other];
		hot += (now > 0) - (old > 0);
		mine += h->blocks[other * n + to];
	}
	return hot + (mine > 0);
}
