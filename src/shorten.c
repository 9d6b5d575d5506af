/* shorten.c — the solution post-pass: replay the pushes on the board,
 * cut cycles, then slide a window along the solution and splice in shorter
 * window solutions (shorten_window.c). Every change is replayed on the
 * board from the splice to the end before it is kept; whatever fails to
 * replay, or any allocation that fails, leaves the solution as it was. */
#include "shorten.h"

#include <stdlib.h>
#include <string.h>

#define SHORTEN_WINDOW 16         /* pushes in the largest window, by default */
#define SHORTEN_WINDOW_NODES 4000 /* expansions per window search */
#define SHORTEN_MAX_POSITIONS_BYTES ((size_t)256 << 20)

shorten_limits shorten_default_limits(size_t push_count, double time_limit)
{
	shorten_limits limits;
	uint64_t nodes = 100000 + 4000 * (uint64_t)push_count;
	limits.nodes = nodes < 20000000 ? nodes : 20000000;
	/* At most a tenth of the solve's time limit, and 2 s. */
	limits.seconds = time_limit > 0 && time_limit < 20 ? time_limit / 10 : 2.0;
	limits.window = 0;
	limits.window_nodes = 0;
	return limits;
}

/* A window-search expansion (a player flood and up to four children) costs
 * about a tenth of what the fast mode's search spends per child it makes,
 * its per-level set-up included (Boxoban hard 000: about 0.6 us against
 * 8 us), so 4 expansions a child keep the post-pass at about 0.4 of the
 * search's own time, and the fast mode no dearer than the push-optimal
 * one on small levels (issue 14). The floor leaves the cycle cutting and
 * a few windows to a level solved at once; a long search keeps the whole
 * default budget. On Boxoban's 1000 hard levels the post-pass went from
 * 4.4 times the search's time to 0.4, for 10 % more moves and 4.6 % more
 * pushes than with the full budget (BENCH.md). */
#define SHORTEN_NODES_PER_GENERATED 4u
#define SHORTEN_NODES_FLOOR 500u

void shorten_scale_to_search(shorten_limits *limits, uint64_t generated)
{
	uint64_t scaled = generated < UINT64_MAX / SHORTEN_NODES_PER_GENERATED
	                      ? generated * SHORTEN_NODES_PER_GENERATED
	                      : UINT64_MAX;
	if (scaled < SHORTEN_NODES_FLOOR)
		scaled = SHORTEN_NODES_FLOOR;
	if (scaled < limits->nodes)
		limits->nodes = scaled;
}

/* The solution being shortened, with the position before every push. */
typedef struct shorten_run {
	const board *b;
	search_push *pushes; /* count entries; room for the original count */
	size_t count;
	uint16_t *positions; /* (count + 1) * box_count: the boxes before push k, ascending */
	uint16_t *player;    /* count + 1: the player's square before push k's walk */
	uint32_t *walk;      /* count: steps walked before push k */
	uint8_t *occupied;   /* square_count + 1, all 0 between calls */
	reach walker;
} shorten_run;

static uint16_t *run_boxes(const shorten_run *r, size_t k)
{
	return &r->positions[k * (size_t)r->b->box_count];
}

static int box_index(const uint16_t *boxes, int count, unsigned square)
{
	int lo = 0, hi = count - 1;
	while (lo <= hi) {
		int mid = (lo + hi) / 2;
		if (boxes[mid] == square)
			return mid;
		if (boxes[mid] < square)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

/* Replay pushes[from..count) from the position before push `from`,
 * filling the positions, players and walks after it. 1 when every push is
 * legal and the boxes end on the goals. */
static int run_replay(shorten_run *r, size_t from)
{
	const board *b = r->b;
	int n = b->box_count, ok = 1;
	uint16_t *boxes = run_boxes(r, from);
	for (int i = 0; i < n; i++)
		r->occupied[boxes[i]] = 1;
	for (size_t k = from; k < r->count; k++) {
		unsigned square = r->pushes[k].from, dir = r->pushes[k].dir;
		unsigned behind = dir < 4 ? board_next(b, square, DIR_OPPOSITE(dir)) : SQUARE_NONE;
		unsigned to = dir < 4 ? board_next(b, square, dir) : SQUARE_NONE;
		int index = box_index(run_boxes(r, k), n, square);
		if (behind == SQUARE_NONE || to == SQUARE_NONE || index < 0 || r->occupied[to]) {
			ok = 0;
			break;
		}
		reach_distances(&r->walker, b, r->occupied, r->player[k]);
		if (!reach_has(&r->walker, behind)) {
			ok = 0;
			break;
		}
		r->walk[k] = r->walker.distance[behind];
		memcpy(run_boxes(r, k + 1), run_boxes(r, k), (size_t)n * sizeof *boxes);
		board_move_box(run_boxes(r, k + 1), n, index, to);
		r->occupied[square] = 0;
		r->occupied[to] = 1;
		r->player[k + 1] = (uint16_t)square;
	}
	for (int i = 0; i < b->square_count; i++)
		r->occupied[i] = 0;
	return ok && memcmp(run_boxes(r, r->count), b->goals, (size_t)n * sizeof *boxes) == 0;
}

static long run_moves(const shorten_run *r)
{
	long moves = (long)r->count;
	for (size_t k = 0; k < r->count; k++)
		moves += r->walk[k];
	return moves;
}

static uint64_t boxes_hash(const uint16_t *boxes, int n)
{
	uint64_t h = 0xCBF29CE484222325ull;
	for (int i = 0; i < n; i++)
		h = (h ^ boxes[i]) * 0x100000001B3ull;
	return h ^ (h >> 32);
}

/* Cycle cutting. From position i, jump to the latest later position with
 * the same boxes whose next push the player can make from where it stands
 * at i (the same boxes and a reachable square behind the box make that push
 * legal here, and everything after it is then as before); the final
 * position needs no push. Returns pushes removed, or -1 out of memory. */
static long run_cut_cycles(shorten_run *r)
{
	const board *b = r->b;
	size_t n = r->count, capacity = 16;
	int boxes = b->box_count;
	while (capacity < 2 * (n + 1))
		capacity <<= 1;
	int32_t *table = malloc(capacity * sizeof *table);
	int32_t *next_same = malloc((n + 1) * sizeof *next_same);
	search_push *kept = malloc((n ? n : 1) * sizeof *kept);
	if (!table || !next_same || !kept) {
		free(table);
		free(next_same);
		free(kept);
		return -1;
	}
	memset(table, 0xFF, capacity * sizeof *table);
	for (size_t k = n + 1; k-- > 0;) { /* next_same[k]: the next position with k's boxes */
		const uint16_t *these = run_boxes(r, k);
		size_t i = (size_t)boxes_hash(these, boxes) & (capacity - 1);
		while (table[i] >= 0 &&
		       memcmp(run_boxes(r, (size_t)table[i]), these, (size_t)boxes * 2) != 0)
			i = (i + 1) & (capacity - 1);
		next_same[k] = table[i];
		table[i] = (int32_t)k;
	}
	size_t length = 0;
	for (size_t i = 0; i < n; i++) {
		size_t jump = i;
		if (next_same[i] >= 0) {
			const uint16_t *here = run_boxes(r, i);
			for (int a = 0; a < boxes; a++)
				r->occupied[here[a]] = 1;
			reach_fill(&r->walker, b, r->occupied, r->player[i]);
			for (int a = 0; a < boxes; a++)
				r->occupied[here[a]] = 0;
			for (int32_t c = next_same[i]; c >= 0; c = next_same[c]) {
				if ((size_t)c == n) {
					jump = n;
					break;
				}
				const search_push *p = &r->pushes[c];
				if (reach_has(&r->walker,
				              board_next(b, p->from, DIR_OPPOSITE(p->dir))))
					jump = (size_t)c;
			}
		}
		if (jump == n)
			break;
		i = jump;
		kept[length++] = r->pushes[i];
	}
	long removed = (long)(n - length);
	memcpy(r->pushes, kept, length * sizeof *kept);
	r->count = length;
	free(table);
	free(next_same);
	free(kept);
	return removed;
}

/* The window [i, i + length) as a span: its moves count the walk to the
 * push after it. */
static shorten_span run_span(const shorten_run *r, size_t i, size_t length)
{
	shorten_span span;
	span.boxes_before = run_boxes(r, i);
	span.player_before = r->player[i];
	span.pushes = &r->pushes[i];
	span.length = length;
	span.moves = 0;
	for (size_t k = i; k < i + length; k++)
		span.moves += r->walk[k] + 1;
	span.exit_behind = SQUARE_NONE;
	if (i + length < r->count) {
		const search_push *next = &r->pushes[i + length];
		span.exit_behind = board_next(r->b, next->from, DIR_OPPOSITE(next->dir));
		span.moves += r->walk[i + length];
	}
	return span;
}

/* Replace pushes [i, i + length) by `with` (found entries, found <= length)
 * and replay from i; on failure put the window back. 1 when kept. */
static int run_splice(shorten_run *r, size_t i, size_t length, const search_push *with,
                      size_t found, search_push *saved)
{
	size_t tail = r->count - (i + length);
	memcpy(saved, &r->pushes[i], length * sizeof *saved);
	memmove(&r->pushes[i + found], &r->pushes[i + length], tail * sizeof *saved);
	memcpy(&r->pushes[i], with, found * sizeof *with);
	r->count = i + found + tail;
	if (run_replay(r, i))
		return 1;
	memmove(&r->pushes[i + length], &r->pushes[i + found], tail * sizeof *saved);
	memcpy(&r->pushes[i], saved, length * sizeof *saved);
	r->count = i + length + tail;
	run_replay(r, i);
	return 0;
}

/* One pass of a window of `window` pushes along the solution; the same
 * start is tried again after a splice (each one makes (pushes, moves)
 * smaller, so this ends). */
static void run_pass(shorten_run *r, shorten_window *w, size_t window, const shorten_limits *limits,
                     double deadline, search_push *found, search_push *saved,
                     shorten_report *report)
{
	for (size_t i = 0; i + 1 < r->count && report->nodes < limits->nodes;) {
		if (deadline > 0 && search_now() >= deadline)
			break;
		size_t length = r->count - i < window ? r->count - i : window;
		length = shorten_window_fit(r->b, &r->pushes[i], length);
		if (length < 2) {
			i++;
			continue;
		}
		shorten_span span = run_span(r, i, length);
		uint64_t left = limits->nodes - report->nodes, spent = 0;
		uint64_t cap = limits->window_nodes ? limits->window_nodes : SHORTEN_WINDOW_NODES;
		long got = shorten_window_search(w, &span, left < cap ? left : cap, deadline, found,
		                                 &spent);
		report->nodes += spent;
		if (got >= 0 && run_splice(r, i, length, found, (size_t)got, saved))
			report->windows_improved++;
		else
			i++;
	}
}

/* Windows of 8 pushes, then 16, and so on up to limits->window: the small
 * ones are cheap and take the local detours out before the large ones
 * spend their budget. */
static hako_status run_windows(shorten_run *r, const shorten_limits *limits, double deadline,
                               shorten_report *report)
{
	size_t window = limits->window > 0 ? (size_t)limits->window : SHORTEN_WINDOW;
	shorten_window w;
	search_push *found = malloc(window * sizeof *found);
	search_push *saved = malloc(window * sizeof *saved);
	uint64_t nodes = limits->window_nodes ? limits->window_nodes : SHORTEN_WINDOW_NODES;
	if (limits->nodes < nodes)
		nodes = limits->nodes; /* no window search can expand more: smaller scratch */
	int capacity = nodes < 1u << 20 ? (int)nodes * 4 : 1 << 22; /* nodes stored per search */
	if (!found || !saved || shorten_window_init(&w, r->b, capacity) != HAKO_OK) {
		free(found);
		free(saved);
		return HAKO_ERR_NOMEM;
	}
	for (size_t size = window < 8 ? window : 8;; size *= 2) {
		if (size > window)
			size = window;
		run_pass(r, &w, size, limits, deadline, found, saved, report);
		if (size == window)
			break;
	}
	shorten_window_free(&w);
	free(found);
	free(saved);
	return HAKO_OK;
}

static void run_free(shorten_run *r)
{
	free(r->pushes);
	free(r->positions);
	free(r->player);
	free(r->walk);
	free(r->occupied);
	reach_free(&r->walker);
}

hako_status shorten_pushes(const board *b, search_push *pushes, size_t *count,
                           const shorten_limits *limits, shorten_report *report)
{
	shorten_report local;
	if (!report)
		report = &local;
	memset(report, 0, sizeof *report);
	report->pushes_before = report->pushes_after = (long)*count;
	report->moves_before = report->moves_after = -1; /* unknown until replayed */
	if (!limits || limits->nodes == 0 || b->box_count == 0 || *count == 0)
		return HAKO_OK;
	double started = search_now();
	double deadline = limits->seconds > 0 ? started + limits->seconds : 0;
	size_t n = *count, boxes = (size_t)b->box_count;
	if ((n + 1) > SHORTEN_MAX_POSITIONS_BYTES / (boxes * sizeof(uint16_t)))
		return HAKO_OK; /* too long to keep every position: leave it */
	shorten_run r;
	memset(&r, 0, sizeof r);
	r.b = b;
	r.count = n;
	r.pushes = malloc((n ? n : 1) * sizeof *r.pushes);
	r.positions = malloc((n + 1) * boxes * sizeof *r.positions);
	r.player = malloc((n + 1) * sizeof *r.player);
	r.walk = malloc((n + 1) * sizeof *r.walk);
	r.occupied = calloc((size_t)b->square_count + 1, 1);
	if (!r.pushes || !r.positions || !r.player || !r.walk || !r.occupied ||
	    reach_init(&r.walker, b->square_count) != HAKO_OK) {
		run_free(&r);
		return HAKO_ERR_NOMEM;
	}
	memcpy(r.pushes, pushes, n * sizeof *pushes);
	memcpy(r.positions, b->start_boxes, boxes * sizeof *r.positions);
	r.player[0] = b->start_player;
	hako_status status = HAKO_OK;
	if (!run_replay(&r, 0)) {
		run_free(&r); /* not a solution: nothing to shorten */
		return HAKO_OK;
	}
	report->moves_before = report->moves_after = run_moves(&r);
	long removed = run_cut_cycles(&r);
	if (removed < 0)
		status = HAKO_ERR_NOMEM;
	else
		report->cycles_cut = (int)removed;
	if (status == HAKO_OK && !run_replay(&r, 0))
		status = HAKO_ERR_SOLUTION; /* never: cutting keeps every push legal */
	if (status == HAKO_OK)
		status = run_windows(&r, limits, deadline, report);
	/* Keep the result only when it replays from the start and is no longer. */
	long moves = status == HAKO_OK && run_replay(&r, 0) ? run_moves(&r) : -1;
	if (moves >= 0 && r.count <= n && (r.count < n || moves <= report->moves_before)) {
		memcpy(pushes, r.pushes, r.count * sizeof *pushes);
		*count = r.count;
		report->pushes_after = (long)r.count;
		report->moves_after = moves;
	}
	report->seconds = search_now() - started;
	run_free(&r);
	return status == HAKO_ERR_NOMEM ? HAKO_ERR_NOMEM : HAKO_OK;
}
