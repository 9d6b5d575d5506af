/* dead_bipartite.c — bipartite deadlocks: every box must end on its own
 * goal, so there must be a perfect matching of boxes to goals in which
 * each box is matched to a goal it can still reach. None means dead.
 *
 *   #######
 *   #. $$ #    Both boxes can only slide along the top wall, whose only
 *   #     #    goal is the left one: the lower goal can never be reached
 *   #  .@ #    by any box, although neither box is on a dead square.
 *   #######
 *
 * Reachability is that of a lone box (push distance finite), with the
 * frozen boxes handed in turned into walls: a frozen box on a goal keeps
 * that goal and leaves the matching; the others see the frozen boxes as
 * walls. Their reachability is recomputed by pulling from each free goal
 * with those walls, over (box square, player side) states as distance.c
 * does, the sides labelled again with the frozen boxes as walls
 * (board_sides). The player's side matters: on XSokoban 90 two boxes
 * frozen on the bottom wall shut the player out of the pocket behind the
 * way into a goal corridor, so no box can be pushed along it any more; a
 * pull flood that ignored the side still had boxes reach those goals, and
 * FESS stalled among such positions for 100,000 expansions. The tables
 * are cached for up to 256 frozen sets in a quarter of a MiB: an A*
 * search goes back and forth between the sets of many branches, and with
 * 16 entries one check in eleven remade its tables on Microban 145; an
 * entry keeps its set's squares, so it is used only for exactly that set.
 *
 * Never prunes a solvable position: in any solution each box ends on a
 * distinct goal, which it reaches by pushes that in particular are
 * possible for the lone box, the player's walks included (other boxes only
 * take moves away); frozen boxes never move, so treating them as walls
 * removes no real move. That final assignment is a perfect matching in
 * the graph built here. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "deadlock.h"

#define BIPARTITE_WAYS 256

struct dead_bipartite {
	const board *b;
	memory *mem;
	size_t bytes;
	int n;
	int *goal_of_box, *box_of_goal; /* the matching; -1 for none */
	uint32_t *visited;              /* per goal: stamp of the augmenting search */
	uint32_t stamp;
	int *stack_box, *stack_goal;
	/* Reachability with frozen boxes as walls for a few frozen sets: the
	 * entry of key k is k % ways; entry e holds its set's count and
	 * squares (ascending) at sets + e * (n + 1), and its table at
	 * tables + e * n * squares ([goal * squares + square]). */
	int ways;
	uint8_t *tables;
	uint16_t *sets;
	uint8_t *filled; /* per entry: 1 once it holds a set */
	uint8_t *reach;  /* the table in use */
	/* The side-aware pull search with frozen walls (pull_from_goal):
	 * sides as board->side has them, their scratch, and the scratch of
	 * distance_lone_box_sides (per state, per square). */
	uint8_t *side;
	void *side_scratch;
	uint32_t *state_queue;
	uint16_t *state_distance, *distance;
	const uint16_t *boxes; /* the position being matched */
	const uint8_t *frozen;
	int use_walls;
};

dead_bipartite *dead_bipartite_new(const board *b, memory *mem)
{
	size_t n = (size_t)b->box_count, squares = (size_t)b->square_count;
	/* Up to BIPARTITE_WAYS tables, fewer on a large level: a quarter of a
	 * MiB of them at most, one at least (Microban 145, 12 boxes on 48
	 * squares: 256 of 576 bytes). */
	size_t table = n * squares, ways = BIPARTITE_WAYS;
	while (ways > 1 && ways * table > ((size_t)1 << 18))
		ways /= 2;
	size_t states = squares * DISTANCE_SIDES;
	size_t bytes = sizeof(dead_bipartite) + n * (4 * sizeof(int) + sizeof(uint32_t)) +
	               states * sizeof(uint32_t) + board_sides_scratch_bytes(b->square_count) +
	               (states + squares + ways * (n + 1)) * sizeof(uint16_t) + ways +
	               ways * table + squares * 4 + 64;
	dead_bipartite *d = memory_calloc(mem, bytes);
	if (!d)
		return NULL;
	d->b = b;
	d->mem = mem;
	d->bytes = bytes;
	d->n = b->box_count;
	char *p = (char *)(d + 1);
	d->goal_of_box = (int *)(void *)p;
	d->box_of_goal = d->goal_of_box + n;
	d->stack_box = d->box_of_goal + n;
	d->stack_goal = d->stack_box + n;
	d->visited = (uint32_t *)(void *)(d->stack_goal + n);
	d->state_queue = d->visited + n;
	d->side_scratch = d->state_queue + states; /* ints first: aligned */
	d->state_distance = (uint16_t *)(void *)((char *)d->side_scratch +
	                                         board_sides_scratch_bytes(b->square_count));
	d->distance = d->state_distance + states;
	d->sets = d->distance + squares;
	d->ways = (int)ways;
	d->filled = (uint8_t *)(d->sets + ways * (n + 1));
	d->tables = d->filled + ways;
	d->reach = d->tables;
	d->side = d->tables + ways * table;
	return d;
}

void dead_bipartite_free(dead_bipartite *d)
{
	if (d)
		memory_free(d->mem, d, d->bytes);
}

/* Pull a lone box from goal `gi` with frozen boxes as walls (d->side
 * labelled with them, distance.c's search over its states): the squares
 * it reaches, on any side, are those from which the goal can be reached. */
static void pull_from_goal(dead_bipartite *d, int gi, const uint8_t *frozen)
{
	const board *b = d->b;
	size_t squares = (size_t)b->square_count;
	uint8_t *live = d->reach + (size_t)gi * squares;
	unsigned goal = b->goals[gi];
	if (frozen[goal]) {
		memset(live, 0, squares);
		return;
	}
	distance_lone_box_sides(b, d->side, goal, 0, d->state_distance, d->state_queue,
	                        d->distance);
	for (size_t q = 0; q < squares; q++)
		live[q] = d->distance[q] != DISTANCE_INFINITE;
	live[goal] = 1; /* a box there is home, even with no free side */
}

/* Point d->reach at the table of the frozen set (frozen boxes of
 * `boxes`, key its dead_freeze_key), made now unless its entry holds
 * exactly that set. */
static void use_table(dead_bipartite *d, uint64_t key, const uint16_t *boxes, const uint8_t *frozen)
{
	const board *b = d->b;
	int n = d->n;
	size_t e = (size_t)(key % (uint64_t)d->ways);
	uint16_t *set = d->sets + e * ((size_t)n + 1);
	d->reach = d->tables + e * (size_t)n * (size_t)b->square_count;
	uint16_t count = 0;
	int same = d->filled[e];
	for (int i = 0; i < n; i++)
		if (frozen[boxes[i]]) {
			if (same && (count >= set[0] || set[1 + count] != boxes[i]))
				same = 0;
			count++;
		}
	if (same && count == set[0])
		return;
	count = 0;
	for (int i = 0; i < n; i++)
		if (frozen[boxes[i]])
			set[1 + count++] = boxes[i];
	set[0] = count;
	d->filled[e] = 1;
	board_sides(b, frozen, d->side, d->side_scratch);
	for (int gi = 0; gi < n; gi++)
		pull_from_goal(d, gi, frozen);
}

static int can_reach(const dead_bipartite *d, int box, int gi)
{
	unsigned square = d->boxes[box];
	if (d->use_walls)
		return d->reach[(size_t)gi * (size_t)d->b->square_count + square];
	return d->b->distance[(size_t)gi * (size_t)d->b->square_count + square] !=
	       DISTANCE_INFINITE;
}

/* The augmenting path on the stack, down to `depth`, becomes part of the
 * matching: each box on it takes the goal it went through. */
static void flip_path(dead_bipartite *d, int depth)
{
	for (int k = depth; k >= 0; k--) {
		int g = d->stack_goal[k], bx = d->stack_box[k];
		d->box_of_goal[g] = bx;
		d->goal_of_box[bx] = g;
	}
}

/* A goal no box holds that `box` can reach, or -1. */
static int free_goal(const dead_bipartite *d, int box)
{
	for (int gi = 0; gi < d->n; gi++)
		if (d->box_of_goal[gi] == -1 && can_reach(d, box, gi))
			return gi;
	return -1;
}

/* Find an augmenting path from box `root` (Kuhn's algorithm, iterative).
 * A box first looks for a free goal among all it reaches, and only then
 * goes down through the holders of taken ones: the same matchings are
 * possible (a path ends at a free goal either way), found with fewer
 * descents. */
static int augment(dead_bipartite *d, int root)
{
	int n = d->n, depth = 0;
	d->stack_box[0] = root;
	d->stack_goal[0] = -1;
	while (depth >= 0) {
		int box = d->stack_box[depth];
		if (d->stack_goal[depth] == -1) {
			int g = free_goal(d, box);
			if (g >= 0) {
				d->stack_goal[depth] = g;
				d->visited[g] = d->stamp;
				flip_path(d, depth);
				return 1;
			}
		}
		int gi = d->stack_goal[depth] + 1;
		for (; gi < n; gi++) {
			if (d->visited[gi] == d->stamp || d->box_of_goal[gi] == -2 ||
			    !can_reach(d, box, gi))
				continue;
			break;
		}
		d->stack_goal[depth] = gi;
		if (gi == n) {
			depth--;
			continue;
		}
		d->visited[gi] = d->stamp;
		/* Taken: the box had no free goal (the look-up above), and the
		 * matching does not change until a path is flipped. */
		assert(d->box_of_goal[gi] >= 0);
		depth++;
		d->stack_box[depth] = d->box_of_goal[gi];
		d->stack_goal[depth] = -1;
	}
	return 0;
}

int dead_bipartite_check(dead_bipartite *d, const deadlock_position *p, const uint8_t *frozen,
                         deadlock_proof *proof)
{
	const board *b = d->b;
	int n = d->n;
	d->boxes = p->boxes;
	d->frozen = frozen;
	d->use_walls = 0;
	if (frozen) {
		uint64_t key = dead_freeze_key(b, p->boxes, frozen);
		if (key != 0) {
			d->use_walls = 1;
			use_table(d, key, p->boxes, frozen);
		}
	}
	for (int i = 0; i < n; i++) {
		d->goal_of_box[i] = -1;
		d->box_of_goal[i] = -1;
	}
	/* Frozen boxes on goals keep their goal (-2: taken for good). */
	for (int i = 0; i < n; i++) {
		unsigned s = p->boxes[i];
		if (d->use_walls && frozen[s] && b->is_goal[s]) {
			for (int gi = 0; gi < n; gi++)
				if (b->goals[gi] == s)
					d->box_of_goal[gi] = -2;
			d->goal_of_box[i] = -2;
		}
	}
	for (int i = 0; i < n; i++) {
		if (d->goal_of_box[i] != -1)
			continue;
		if (++d->stamp == 0) {
			memset(d->visited, 0, sizeof(uint32_t) * (size_t)n);
			d->stamp = 1;
		}
		if (!augment(d, i)) {
			/* Box i has no goal left: the boxes the failed search visited
			 * compete for too few goals. Report box i and the holders of
			 * the goals it could reach. */
			if (proof) {
				proof->kind = DEADLOCK_BIPARTITE;
				proof->count = 0;
				proof->boxes[proof->count++] = p->boxes[i];
				for (int gi = 0; gi < n; gi++)
					if (d->visited[gi] == d->stamp && d->box_of_goal[gi] >= 0)
						proof->boxes[proof->count++] =
						    p->boxes[d->box_of_goal[gi]];
			}
			return 1;
		}
	}
	return 0;
}
