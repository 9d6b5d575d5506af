/* dead_stall.c — is a set of boxes dead by itself? The prover behind the
 * patterns FESS learns when its best cell stops improving (search_fess.c).
 *
 * The idea is the peers': Festival searches the position of a stalled
 * subtree, minus the boxes that move freely, and keeps what stays stuck as
 * a pattern; YASS tests "no progress" positions at checkpoints and peels
 * off the boxes that do not matter before storing a deadlock set. The
 * prover and the minimisation here are our own.
 *
 * ---- The search --------------------------------------------------------
 * Only the set S is on the board (every other box removed, every goal
 * kept). Breadth first over states (the player's region, named by its
 * smallest square, and S's squares), pushing any box of S the player can
 * reach, never onto a dead square (b->dead) and never into a freeze off a
 * goal (dead_freeze_check, with S's boxes only). ALIVE as soon as a state
 * has every box of S on a goal; DEAD when every reachable state was made
 * and none had; UNKNOWN when the budget or the pool ran out.
 *
 * ---- Soundness -----------------------------------------------------------
 * Let Q be a position with a box on every square of S and the player on a
 * square q that a player on the proof's start square reaches with only S
 * on the board (the pattern bars every other square), and suppose Q has a
 * solution. Keep only the solution's pushes of S's boxes. With S alone on
 * the board they are legal in the same order: at every moment the boxes
 * are a subset of Q's (S where it really is, the rest dropped), so every
 * walk and every square pushed onto is at least as free; the first walk
 * starts in q's region, which is the proof's start region. No push of a
 * solution goes onto a dead square (a lone box there reaches no goal), and
 * none freezes a box of S off a goal with S alone (it could then never
 * move again with S alone, so neither in the replay, which ends with every
 * box of S on a goal). So the search, which tried every such sequence,
 * would have reached the state with all of S on goals: it said DEAD only
 * if Q has no solution. The argument holds for any S, so the minimisation
 * may drop any box whose removal keeps the proof: the smaller set is
 * proved dead by the same search.
 *
 * ---- Escape --------------------------------------------------------------
 * The caller may mark escape squares (YASS's deadlock prover removes a box
 * that gets out of the candidate's fence; the idea is Brian Damgaard's, the
 * rule here our own): a box of S pushed onto one leaves the board, and a
 * state whose remaining boxes all stand on goals counts as ALIVE. Still
 * sound, for any choice of squares: replay Q's solution as above, and drop
 * each box the first time the replay puts it on an escape square. Dropping
 * a box only frees squares, so the replay stays legal; a dropped box is
 * never tested again, so neither the dead-square nor the freeze rule is
 * asked about it; and the replay ends with every box still there on a
 * goal. So the search meets a state it calls ALIVE whenever Q has a
 * solution. Escape squares make the search smaller (boxes that can get
 * away stop mattering) and can only turn DEAD into ALIVE, never the other
 * way. */
#include <assert.h>
#include <stdint.h>
#include <string.h>

#include "dead_pattern.h"
#include "dead_stall.h"
#include "deadline.h"
#include "deadlock.h"

static size_t slot_count_for(uint32_t states)
{
	size_t size = 16;
	while (size < 2 * (size_t)states)
		size *= 2;
	return size;
}

hako_status stall_prover_init(stall_prover *s, const board *b, memory *mem, uint32_t states,
                              deadline *stop)
{
	memset(s, 0, sizeof *s);
	s->b = b;
	s->mem = mem;
	s->stop = stop;
	s->capacity = states;
	size_t n = (size_t)b->square_count + 1, k = (size_t)b->box_count + 1;
	size_t slots = slot_count_for(states);
	s->slot_mask = (uint32_t)(slots - 1);
	/* One block: the table, then the 16-bit arrays, then the bytes. */
	s->bytes = slots * sizeof(uint32_t) + n * sizeof(uint32_t) +
	           ((size_t)states * k + 2 * k + 5 * n) * sizeof(uint16_t) + 2 * n;
	s->reach_bytes = 2 * reach_bytes(b->square_count);
	s->slots = memory_calloc(mem, s->bytes);
	if (!s->slots)
		return HAKO_ERR_NOMEM;
	s->label = s->slots + slots;
	s->pool = (uint16_t *)(void *)(s->label + n);
	s->boxes = s->pool + (size_t)states * k;
	s->set = s->boxes + k;
	s->barred = s->set + k;
	s->escape_queue = s->barred + n;
	s->escape_depth = s->escape_queue + n;
	s->label_min = s->escape_depth + n;
	s->label_queue = s->label_min + n;
	s->occupied = (uint8_t *)(s->label_queue + n);
	s->escape_map = s->occupied + n;
	hako_status st = memory_charge(mem, s->reach_bytes) ? HAKO_OK : HAKO_ERR_NOMEM;
	if (st != HAKO_OK)
		s->reach_bytes = 0;
	if (st == HAKO_OK)
		st = reach_init(&s->fill, b->square_count);
	if (st == HAKO_OK)
		st = reach_init(&s->child, b->square_count);
	if (st != HAKO_OK)
		stall_prover_free(s);
	return st;
}

void stall_prover_free(stall_prover *s)
{
	if (s->slots)
		memory_free(s->mem, s->slots, s->bytes);
	if (s->fence_tried) /* the start of the fences' block */
		memory_free(s->mem, s->fence_tried, s->fence_bytes);
	reach_free(&s->fill);
	reach_free(&s->child);
	if (s->reach_bytes)
		memory_uncharge(s->mem, s->reach_bytes);
	memset(s, 0, sizeof *s);
}

static uint32_t state_hash(const uint16_t *state, uint32_t stride)
{
	uint64_t h = 1469598103934665603ull;
	for (uint32_t i = 0; i < stride; i++)
		h = (h ^ state[i]) * 1099511628211ull;
	return (uint32_t)(h ^ h >> 29);
}

/* Add pool[count] to the table: 1 new, 0 known. */
static int state_add(stall_prover *s, uint32_t stride, uint32_t count)
{
	const uint16_t *state = s->pool + (size_t)count * stride;
	uint32_t i = state_hash(state, stride) & s->slot_mask;
	for (;; i = (i + 1) & s->slot_mask) {
		uint32_t slot = s->slots[i];
		if (slot == 0)
			break;
		if (memcmp(s->pool + (size_t)(slot - 1) * stride, state,
		           sizeof(uint16_t) * stride) == 0)
			return 0;
	}
	s->slots[i] = count + 1;
	return 1;
}

/* Every box still on the board stands on a goal (an escaped box is
 * SQUARE_NONE, sorted last). */
static int all_on_goals(const board *b, const uint16_t *boxes, int count)
{
	for (int i = 0; i < count && boxes[i] != SQUARE_NONE; i++)
		if (!b->is_goal[boxes[i]])
			return 0;
	return 1;
}

static void mark(uint8_t *occupied, const uint16_t *boxes, int count, uint8_t value)
{
	for (int i = 0; i < count && boxes[i] != SQUARE_NONE; i++)
		occupied[boxes[i]] = value;
}

/* ---- Regions without a flood per child -----------------------------------
 * A state's children used to flood the player's region each (the state's
 * key names it by its smallest square), which on a large board with a few
 * boxes was most of the prover's time. Instead every free square of the
 * state is labelled with its region once, and a child, in which the box
 * went from `square` to `to` and the player stands on `square`, gets its
 * region from the labels: freeing `square` joins it with the regions of
 * its free neighbours (`to` among them), M; filling `to` then takes `to`
 * out of M, and leaves M - {to} in one piece when the free orthogonal
 * neighbours of `to` are joined around it (through the ring of its eight
 * neighbours: every path through `to` can go round it instead). So the
 * child's region is M - {to}, its smallest square the smallest of M's
 * regions' and `square` — unless that was `to`, or `to` cuts M, where
 * the child floods as before. The key is the same either way (assert). */

/* Label every free square of s->occupied with its region. */
static void label_regions(stall_prover *s)
{
	const board *b = s->b;
	uint32_t n = (uint32_t)b->square_count;
	if (s->label_next > UINT32_MAX - n - 2) { /* ids would wrap: start over */
		memset(s->label, 0, sizeof(uint32_t) * ((size_t)n + 1));
		s->label_next = 0;
	}
	s->label_first = ++s->label_next;
	uint32_t first = s->label_first;
	for (uint32_t s0 = 0; s0 < n; s0++) {
		if (s->occupied[s0] || s->label[s0] >= first)
			continue;
		/* Squares in ascending order: a region's first is its smallest. */
		uint32_t id = s->label_next++;
		s->label_min[id - first] = (uint16_t)s0;
		uint32_t head = 0, tail = 0;
		s->label_queue[tail++] = (uint16_t)s0;
		s->label[s0] = id;
		while (head < tail) {
			unsigned q = s->label_queue[head++];
			for (unsigned d = 0; d < 4; d++) {
				unsigned t = board_next(b, q, d);
				if (t == SQUARE_NONE || s->occupied[t] || s->label[t] == id)
					continue;
				s->label[t] = id;
				s->label_queue[tail++] = (uint16_t)t;
			}
		}
	}
}

static int free_square(const stall_prover *s, unsigned square)
{
	return square != SQUARE_NONE && !s->occupied[square];
}

/* Are the free orthogonal neighbours of `to` joined through its ring of
 * eight neighbours (s->occupied as the child has it)? */
static int ring_joined(const stall_prover *s, unsigned to)
{
	const board *b = s->b;
	/* Up, up-right, right, down-right, down, down-left, left, up-left. */
	static const unsigned orth[4] = {DIR_UP, DIR_RIGHT, DIR_DOWN, DIR_LEFT};
	int free8[8];
	for (int k = 0; k < 4; k++) {
		free8[2 * k] = free_square(s, board_next(b, to, orth[k]));
		free8[2 * k + 1] =
		    free_square(s, board_diagonal(b, to, orth[k], orth[(k + 1) % 4]));
	}
	int start = -1;
	for (int k = 0; k < 8 && start < 0; k++)
		if (!free8[k])
			start = k;
	if (start < 0)
		return 1; /* all eight free */
	int runs = 0, in_run = 0, has_orth = 0;
	for (int step = 1; step <= 8; step++) {
		int k = (start + step) % 8;
		if (free8[k]) {
			if (!in_run)
				in_run = 1, has_orth = 0;
			has_orth |= k % 2 == 0;
		} else if (in_run) {
			runs += has_orth;
			in_run = 0;
		}
	}
	return runs <= 1; /* the walk ends on `start`, which is not free */
}

/* The child's normalized player from the parent's labels (the push of the
 * box on `square` onto `to` already made in s->occupied; `to` stays free
 * when the box escaped), or SQUARE_NONE when only a flood can tell. */
static unsigned child_region_min(const stall_prover *s, unsigned square, unsigned to)
{
	const board *b = s->b;
	int escaped = !s->occupied[to];
	if (!escaped && !ring_joined(s, to))
		return SQUARE_NONE;
	unsigned best = square;
	for (unsigned d = 0; d < 4; d++) {
		unsigned t = board_next(b, square, d);
		/* Free in the parent: labelled this round (`to` was free). */
		if (t == SQUARE_NONE || s->label[t] < s->label_first)
			continue;
		unsigned m = s->label_min[s->label[t] - s->label_first];
		if (m == to && !escaped)
			return SQUARE_NONE;
		if (m < best)
			best = m;
	}
	return best;
}

int stall_prove(stall_prover *s, const uint16_t *boxes, int count, unsigned player, uint64_t budget)
{
	const board *b = s->b;
	if (count <= 0 || all_on_goals(b, boxes, count))
		return STALL_ALIVE;
	uint32_t stride = 1 + (uint32_t)count;
	uint32_t capacity = s->capacity;
	memset(s->slots, 0, sizeof(uint32_t) * ((size_t)s->slot_mask + 1));
	uint16_t *root = s->pool;
	memcpy(root + 1, boxes, sizeof(uint16_t) * (size_t)count);
	mark(s->occupied, boxes, count, 1);
	root[0] = reach_fill(&s->fill, b, s->occupied, player);
	mark(s->occupied, boxes, count, 0);
	state_add(s, stride, 0);
	uint32_t states = 1;
	uint64_t spent = 0;
	int verdict = STALL_DEAD;
	for (uint32_t head = 0; head < states && verdict == STALL_DEAD; head++) {
		/* Children go after the last state, never over this one. */
		const uint16_t *state = s->pool + (size_t)head * stride;
		const uint16_t *at = state + 1;
		mark(s->occupied, at, count, 1);
		label_regions(s);
		uint32_t here = s->label[state[0]];
		for (int i = 0; i < count && at[i] != SQUARE_NONE && verdict == STALL_DEAD; i++) {
			unsigned square = at[i];
			for (unsigned dir = 0; dir < 4 && verdict == STALL_DEAD; dir++) {
				unsigned from = board_next(b, square, DIR_OPPOSITE(dir));
				unsigned to = board_next(b, square, dir);
				if (from == SQUARE_NONE || to == SQUARE_NONE || s->occupied[to] ||
				    b->dead[to] || s->label[from] != here)
					continue;
				/* The budget, and the search's clock now and then (a
				 * large level's floods are long). */
				if (++spent > budget ||
				    ((spent & 255) == 0 && deadline_passed(s->stop))) {
					verdict = STALL_UNKNOWN;
					break;
				}
				s->occupied[square] = 0;
				s->occupied[to] = 1;
				int escaped = s->escape && s->escape[to];
				int frozen = !escaped && !b->is_goal[to] &&
				             dead_freeze_check(b, s->occupied, b->dead, to, NULL);
				if (!frozen) {
					if (states >= capacity) {
						verdict = STALL_UNKNOWN;
					} else {
						uint16_t *kid = s->pool + (size_t)states * stride;
						memcpy(kid + 1, at,
						       sizeof(uint16_t) * (size_t)count);
						kid[1 + i] = (uint16_t)(escaped ? SQUARE_NONE : to);
						board_sort_squares(kid + 1, (size_t)count);
						if (all_on_goals(b, kid + 1, count))
							verdict = STALL_ALIVE;
						else {
							s->occupied[to] = (uint8_t)!escaped;
							unsigned key =
							    child_region_min(s, square, to);
							if (key == SQUARE_NONE)
								key =
								    reach_fill(&s->child, b,
								               s->occupied, square);
							assert(key == reach_fill(&s->child, b,
							                         s->occupied,
							                         square));
							kid[0] = (uint16_t)key;
							if (state_add(s, stride, states))
								states++;
						}
					}
				}
				s->occupied[to] = 0;
				s->occupied[square] = 1;
			}
		}
		mark(s->occupied, at, count, 0);
	}
	s->nodes += spent;
	return verdict;
}

int stall_minimize(stall_prover *s, uint16_t *boxes, int count, unsigned player, uint64_t budget)
{
	for (int drop = 0; drop < count && count > 1 && !deadline_passed(s->stop);) {
		int n = 0;
		for (int i = 0; i < count; i++)
			if (i != drop)
				s->boxes[n++] = boxes[i];
		if (stall_prove(s, s->boxes, n, player, budget) == STALL_DEAD) {
			memcpy(boxes, s->boxes, sizeof(uint16_t) * (size_t)n);
			count = n;
		} else {
			drop++;
		}
	}
	return count;
}

void stall_escape_near(stall_prover *s, const uint16_t *boxes, int count, int radius)
{
	const board *b = s->b;
	if (radius < 0) {
		s->escape = NULL;
		return;
	}
	uint8_t *escape = s->escape_map;
	uint16_t *queue = s->escape_queue, *depth = s->escape_depth;
	memset(escape, 1, (size_t)b->square_count);
	int head = 0, tail = 0;
	for (int i = 0; i < count; i++) {
		escape[boxes[i]] = 0;
		depth[boxes[i]] = 0;
		queue[tail++] = boxes[i];
	}
	while (head < tail) {
		unsigned q = queue[head++];
		if (depth[q] >= radius)
			continue;
		for (unsigned d = 0; d < 4; d++) {
			unsigned next = board_next(b, q, d);
			if (next != SQUARE_NONE && escape[next]) {
				escape[next] = 0;
				depth[next] = (uint16_t)(depth[q] + 1);
				queue[tail++] = (uint16_t)next;
			}
		}
	}
	s->escape = escape;
}

int stall_learn(stall_prover *s, dead_pattern *patterns, const uint16_t *boxes, unsigned player,
                uint64_t budget, int radius)
{
	const board *b = s->b;
	int k = 0;
	for (int i = 0; i < b->box_count; i++)
		if (!b->is_goal[boxes[i]])
			s->set[k++] = boxes[i];
	return stall_learn_set(s, patterns, s->set, k, player, budget, radius);
}

int stall_learn_set(stall_prover *s, dead_pattern *patterns, const uint16_t *candidate, int k,
                    unsigned player, uint64_t budget, int radius)
{
	uint16_t *set = s->set;
	if (set != candidate)
		memmove(set, candidate, sizeof(uint16_t) * (size_t)k);
	stall_escape_near(s, set, k, radius);
	int verdict = stall_prove(s, set, k, player, budget);
	if (verdict == STALL_DEAD) {
		k = stall_minimize(s, set, k, player, budget);
		int barred = stall_barred(s, set, k, player, s->barred);
		dead_pattern_spec spec = {set, k, k, NULL, 0, s->barred, barred};
		dead_pattern_add(patterns, &spec);
	}
	s->escape = NULL;
	return verdict == STALL_DEAD;
}

int stall_barred(stall_prover *s, const uint16_t *boxes, int count, unsigned player, uint16_t *out)
{
	const board *b = s->b;
	for (int i = 0; i < count; i++)
		s->occupied[boxes[i]] = 1;
	reach_fill(&s->fill, b, s->occupied, player);
	int n = 0;
	for (int square = 0; square < b->square_count; square++)
		if (!s->occupied[square] && !reach_has(&s->fill, (unsigned)square))
			out[n++] = (uint16_t)square;
	for (int i = 0; i < count; i++)
		s->occupied[boxes[i]] = 0;
	return n;
}

/* ---- Fences ---------------------------------------------------------------
 * YASS proves "fenced-in areas" at load time (Brian Damgaard's idea: a set
 * of boxes around an area the player cannot enter, grown a box at a time,
 * each candidate proved by a small search). Here the candidates come from
 * the position at hand, our own rule: each area of free floor the player
 * does not reach, with the boxes beside it and one ring of boxes beside
 * those (which keep the first from moving any other way). The whole set of
 * boxes off the goals is too large for a small budget on a level of many
 * boxes; a few boxes around a pocket are not, and goal boxes take part.
 * Sound for any set (the argument above), so the choice of candidates
 * only decides what is learned. */
enum { FENCE_BOX = 1, FENCE_POCKET = 2, FENCE_DONE = 4, FENCE_IN = 8 };

static int fence_scratch(stall_prover *s)
{
	if (s->fence_mark)
		return 1;
	size_t n = (size_t)s->b->square_count + 1;
	size_t bytes = STALL_FENCES_TRIED * sizeof(uint64_t) + n * sizeof(uint16_t) + n;
	uint8_t *block = memory_calloc(s->mem, bytes);
	if (!block)
		return 0;
	s->fence_tried = (uint64_t *)(void *)block;
	s->fence_queue = (uint16_t *)(void *)(block + STALL_FENCES_TRIED * sizeof(uint64_t));
	s->fence_mark = (uint8_t *)(s->fence_queue + n);
	s->fence_bytes = bytes;
	return 1;
}

/* Add the box on t to the fence being built (set, *count). */
static void fence_add(uint8_t *mark, unsigned t, uint16_t *set, int *count)
{
	mark[t] |= FENCE_IN;
	if (*count <= STALL_FENCE_MOST)
		set[*count] = (uint16_t)t;
	(*count)++;
}

int stall_learn_fences(stall_prover *s, dead_pattern *patterns, const uint16_t *boxes,
                       unsigned player, uint64_t budget, int radius)
{
	const board *b = s->b;
	if (!fence_scratch(s))
		return 0;
	int n = b->square_count, k = b->box_count;
	uint8_t *mark = s->fence_mark;
	for (int i = 0; i < k; i++)
		s->occupied[boxes[i]] = 1;
	reach_fill(&s->fill, b, s->occupied, player);
	for (int q = 0; q < n; q++)
		mark[q] = s->occupied[q]                     ? FENCE_BOX
		          : reach_has(&s->fill, (unsigned)q) ? 0
		                                             : FENCE_POCKET;
	for (int i = 0; i < k; i++)
		s->occupied[boxes[i]] = 0;
	int learned = 0;
	uint16_t *queue = s->fence_queue;
	for (int start = 0; start < n && !learned; start++) {
		if (mark[start] != FENCE_POCKET)
			continue;
		/* The area, and the boxes beside it. */
		uint16_t set[STALL_FENCE_MOST + 1];
		int head = 0, tail = 0, count = 0;
		queue[tail++] = (uint16_t)start;
		mark[start] |= FENCE_DONE;
		while (head < tail) {
			unsigned q = queue[head++];
			for (unsigned d = 0; d < 4; d++) {
				unsigned t = board_next(b, q, d);
				if (t == SQUARE_NONE)
					continue;
				if (mark[t] == FENCE_BOX)
					fence_add(mark, t, set, &count);
				else if (mark[t] == FENCE_POCKET) {
					mark[t] |= FENCE_DONE;
					queue[tail++] = (uint16_t)t;
				}
			}
		}
		/* One ring of boxes beside those. */
		for (int i = 0, first = count; i < first && i <= STALL_FENCE_MOST; i++)
			for (unsigned d = 0; d < 4; d++) {
				unsigned t = board_next(b, set[i], d);
				if (t != SQUARE_NONE && mark[t] == FENCE_BOX)
					fence_add(mark, t, set, &count);
			}
		for (int i = 0; i < k; i++)
			mark[boxes[i]] = FENCE_BOX;
		if (count < 2 || count > STALL_FENCE_MOST)
			continue;
		board_sort_squares(set, (size_t)count);
		/* A stalled search meets the same fence again and again. */
		uint64_t key = (uint64_t)player * 0x9E3779B97F4A7C15ull + 1;
		for (int i = 0; i < count; i++)
			key = (key ^ set[i]) * 0xBF58476D1CE4E5B9ull;
		key ^= key >> 31;
		uint64_t *slot = &s->fence_tried[key & (STALL_FENCES_TRIED - 1)];
		if (*slot == key)
			continue;
		*slot = key;
		s->fences_tested++;
		learned = stall_learn_set(s, patterns, set, count, player, budget, radius);
	}
	memset(mark, 0, (size_t)n);
	return learned;
}
