/* order.c — the packing-order score of the ordered search.
 *
 * The idea is YASS's packing-order search (Brian Damgaard's YASS 2.153, as
 * ../shared/notes/yass.md describes it; the code here is our own): the plan
 * (fess_plan.c) fills the goals in layers, the deepest rank first, and the
 * search is greedy on a score that makes it finish the layer it is on
 * before it looks further:
 *
 *   score = pushes - free pushes + matching bound
 *         + 32 x (goals not yet credited)
 *         + 2 x (pushed box's distance to the nearest empty goal of the
 *                phase + 1), or 8 when it can reach none
 *         - 2 x (empty goals of the phase the push brought the box nearer)
 *         - 1 when it landed on one.
 *
 * A goal is credited when its layer is done (every goal of a deeper rank,
 * filled or not since) or it is a filled goal of the phase being filled.
 * A push that brings its box nearer some empty goal of the phase is free:
 * a run of pushes of one box toward its goal costs like one push. When a
 * box leaves a goal of a layer already done, the phase goes back to that
 * layer. A child of a node whose pushes were cut to a PI-corral's keeps at
 * most its parent's score, so that the corral is opened at once (YASS does
 * the same). The weights are YASS's; the bound is our matching bound where
 * YASS uses the simple one (measured alike, BENCH.md).
 *
 * The score only orders the search: every position it reaches is checked
 * by the same sound deadlock tests as any other, so nothing here can cost
 * a solution. */
#include "order.h"

/* Per the notes: a goal not credited costs 32, a box with no reachable
 * target of its phase 8. */
#define ORDER_GOAL_PENALTY 32
#define ORDER_UNREACHABLE 8

/* The deepest layer, at or under `phase`, that has an empty goal; 0 when
 * none has. */
static int phase_from(const board *b, const fess_plan *plan, const uint8_t *occupied, int phase)
{
	for (; phase > 0; phase--)
		for (int i = 0; i < b->box_count; i++)
			if (plan->rank[b->goals[i]] == phase && !occupied[b->goals[i]])
				return phase;
	return 0;
}

/* Goals credited in `phase`: those of the layers done, and the filled
 * ones of the phase. */
static int credited(const board *b, const fess_plan *plan, const uint8_t *occupied, int phase)
{
	int count = 0;
	for (int i = 0; i < b->box_count; i++) {
		unsigned rank = plan->rank[b->goals[i]];
		count +=
		    rank > (unsigned)phase || (rank == (unsigned)phase && occupied[b->goals[i]]);
	}
	return count;
}

void order_root(const board *b, const fess_plan *plan, const uint8_t *occupied, uint32_t bound,
                order_step *out)
{
	int deepest = 0;
	for (int i = 0; i < b->box_count; i++)
		if (plan->rank[b->goals[i]] > deepest)
			deepest = plan->rank[b->goals[i]];
	int phase = phase_from(b, plan, occupied, deepest);
	out->phase = (uint16_t)phase;
	out->pushes = 0;
	out->free_pushes = 0;
	out->score = (int32_t)bound +
	             ORDER_GOAL_PENALTY * (b->box_count - credited(b, plan, occupied, phase)) +
	             (phase > 0 ? ORDER_UNREACHABLE : 0);
}

void order_child(const board *b, const fess_plan *plan, const uint8_t *occupied,
                 const order_step *parent, unsigned from, unsigned to, unsigned pushes,
                 uint32_t bound, int restricted, order_step *out)
{
	size_t n = (size_t)b->square_count;
	int phase = parent->phase;
	/* Leaving a goal of a layer already done takes the phase back. */
	if (b->is_goal[from] && plan->rank[from] > phase)
		phase = plan->rank[from];
	int empty = 0, nearer = 0, landed = 0;
	int least = (int)DISTANCE_INFINITE;
	for (int i = 0; i < b->box_count; i++) {
		unsigned goal = b->goals[i];
		if (plan->rank[goal] != phase)
			continue;
		if (occupied[goal]) {
			if (goal == to) {
				landed = 1;
				least = 0;
			}
			continue;
		}
		empty++;
		int now = b->distance[(size_t)i * n + to];
		nearer += now < b->distance[(size_t)i * n + from];
		if (now < least && !landed)
			least = now;
	}
	int bonus = 2 * nearer + landed;
	int penalty;
	if (empty == 0) {
		/* The layer is full: on to the next one with an empty goal. */
		phase = phase_from(b, plan, occupied, phase);
		bonus = 0;
		penalty = phase > 0 ? ORDER_UNREACHABLE : 0;
	} else {
		penalty = least >= (int)DISTANCE_INFINITE ? ORDER_UNREACHABLE : 2 * (least + 1);
	}
	out->phase = (uint16_t)phase;
	out->pushes = parent->pushes + pushes;
	out->free_pushes = parent->free_pushes + (nearer + landed > 0 ? pushes : 0);
	int64_t score =
	    (int64_t)out->pushes - out->free_pushes + bound +
	    (int64_t)ORDER_GOAL_PENALTY * (b->box_count - credited(b, plan, occupied, phase)) +
	    penalty - bonus;
	if (restricted && score > parent->score)
		score = parent->score;
	out->score = (int32_t)score;
}
