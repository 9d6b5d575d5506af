/* dead_pattern.c — learned deadlocks. A corral search that proves a corral
 * dead (dead_corral.c) depends on part of the position only; that part is
 * kept here as a pattern, and a later position that contains it is dead
 * without a search. Owns the pattern store: a ring of records in a fixed
 * number of bytes (the oldest make room for the newest) and an index of a
 * few records per key square.
 *
 * ---- What the corral proof depends on ----------------------------------
 * dead_corral.c searches the reduced position R: the corral's boxes C and
 * the frozen boxes F where they stand (F as walls), every other box
 * removed, the player where it stands, and the corral area A (box-free
 * floor whose neighbours are only walls, A and C's squares). It says dead
 * when no sequence of C pushes in R (none onto a dead square) reaches
 * (a) a C box outside A and C's squares, (b) the player on a square of A,
 * or (c) every C box on a goal and every goal of A covered. So its inputs
 * are the squares of C, F and A, and P: the player's component of R's
 * free floor (not A: the search would have stopped at once by (b)).
 * Of F, only F' matters: the boxes next to a square the search looked at
 * (a square some flood of its states reached, or one a C box stood on),
 * with the frozen boxes joined to those side by side. Without the others
 * the search does exactly the same (none borders a flood or a push), P is
 * the same, and F' with C's frozen boxes is still frozen by itself (a box
 * of F is held by walls and its neighbours in F). The pattern:
 *   boxes   C, then F' minus C       a box on every one (C: the keys)
 *   empty   A                        no box, no player
 *   barred  free squares outside P and A, with only C and F' as boxes:
 *           not the player
 *
 * ---- Soundness ------------------------------------------------------------
 * Let Q be a position that matches, X its boxes beyond the pattern's
 * (anywhere but A), and suppose Q has a solution. R' is R with only F'.
 *  1. F' never moves in Q: each of its boxes is held on both axes by walls
 *     or frozen boxes of the pattern, which depends on their squares alone.
 *  2. Q's player is in P: its square is free in R' (R' has only boxes of
 *     Q), not in A (empty) and not elsewhere outside P (barred).
 *  3. Keep only the solution's pushes of C boxes. In R' they are legal in
 *     the same order: R''s boxes are at every moment a subset of Q's (C
 *     where it really is, F' fixed, X dropped), so every walk and every
 *     target is at least as free, the first walk starts in P, where the
 *     search started, and after each push the player stands where it
 *     really stands. No push of a solution goes onto a dead square (a box
 *     there reaches no goal whatever stands around it), so the search's
 *     pruning keeps the sequence.
 *  4. The sequence passes (a), (b) or (c) — dead_corral.c's argument, which
 *     holds in Q because it needs only that A borders nothing but walls and
 *     C's squares (fixed by the board and C) and that no other box stands
 *     in A at the start (`empty`). Without (a) and (b), an X box could get
 *     into A only from a C square a C box had left, pushed into some a of
 *     A; in R' the player could then walk from where the last C push left
 *     it to that square and on into a: (b). So only C boxes ever fill A's
 *     goals, and the solved position, all C on goals, passes (c).
 * The search in R' (the same as in R) tried every such sequence and none
 * passed, so Q has no solution: a solvable position is never matched.
 * A proof by dead_corral.c's escape or ring search is learned the same
 * way, with the boxes the search pushed (C, and the ring's) as keys: its
 * argument needs only steps 1 to 3 (R' keeps a subset of Q's boxes at
 * every moment, so the kept pushes replay), and a solution's last state
 * has every box left on a goal, which the search never reached.
 *
 * Why A must be empty. Left: the box on the goal can never move and the
 * goal right of it can only be filled from that side, so the corral is
 * dead (by (c)); the pattern is that box with A, the one goal square,
 * empty. Right: the same box with another one in A is solved.
 *
 *     ########      ########
 *     #@  $ ##      #@    ##
 *     #  ##*.#      #  ##**#
 *     #  #####      #  #####
 *     ########      ########
 *
 * Why F' is in the pattern and the other boxes are not: R kept the frozen
 * boxes as walls (without one the search stood next to, a C box might get
 * out where R had a wall), and removing the others only frees squares
 * (step 3). The corral cache (dead_corral_cache.c) keys a verdict by all
 * of F and the corral found in the position; a pattern also matches when
 * other boxes have frozen elsewhere since, and costs no corral finding.
 *
 * Lookup. A search checks a child after a push. A pattern without the
 * pushed box matched the parent too (unless the push emptied A or took the
 * player off a barred square), and the box whose push closes a corral is
 * one of its boxes C, so only patterns keyed by the pushed box are tried
 * (a push that completes F' is missed). Missing a match costs a corral
 * search, never a wrong verdict. */
#include <assert.h>
#include <string.h>

#include "dead_pattern.h"

/* Records indexed per key square; the oldest entry of a full bucket goes. */
#define BUCKET 16
/* A record: HEADER words (its length, then how many boxes, keys, empty and
 * barred squares), then the boxes, the empty and the barred squares. */
#define HEADER 5
#define MIN_WORDS 1024u
#define MAX_RECORD 8192u

struct dead_pattern {
	const board *b;
	memory *mem;
	size_t bytes;   /* everything below, and this struct */
	uint16_t *ring; /* capacity words of records */
	uint64_t capacity;
	uint64_t head;    /* absolute word position of the next record */
	uint64_t *bucket; /* [square * BUCKET + i]: absolute position + 1; 0 = none */
	uint8_t *victim;  /* per square: the bucket entry to replace next */
	uint16_t *merged; /* box_count + 1: the proof's boxes, ascending */
	dead_pattern_stats stats;
};

dead_pattern *dead_pattern_new(const board *b, memory *mem, size_t bytes)
{
	size_t n = (size_t)b->square_count + 1, words = bytes / sizeof(uint16_t);
	if (words < MIN_WORDS)
		words = MIN_WORDS;
	size_t total = sizeof(dead_pattern) + words * sizeof(uint16_t) +
	               n * BUCKET * sizeof(uint64_t) + n +
	               ((size_t)b->box_count + 1) * sizeof(uint16_t);
	dead_pattern *s = memory_alloc(mem, total);
	if (!s)
		return NULL;
	/* Everything but the ring starts zeroed. The ring is read only where a
	 * bucket points, after that record was written, so its megabytes stay
	 * untouched (and cost a small level nothing) until patterns fill them. */
	size_t head_bytes = sizeof(dead_pattern) + n * BUCKET * sizeof(uint64_t);
	memset(s, 0, head_bytes);
	memset((char *)s + head_bytes + words * sizeof(uint16_t), 0,
	       total - head_bytes - words * sizeof(uint16_t));
	s->b = b;
	s->mem = mem;
	s->bytes = total;
	/* One block: the struct, the index (8-byte aligned after the struct),
	 * then the 16-bit arrays and the victim bytes. */
	s->bucket = (uint64_t *)(void *)(s + 1);
	s->ring = (uint16_t *)(void *)(s->bucket + n * BUCKET);
	s->merged = s->ring + words;
	s->victim = (uint8_t *)(s->merged + (size_t)b->box_count + 1);
	s->capacity = words;
	return s;
}

void dead_pattern_free(dead_pattern *s)
{
	if (s)
		memory_free(s->mem, s, s->bytes);
}

void dead_pattern_get_stats(const dead_pattern *s, dead_pattern_stats *out)
{
	*out = s->stats;
}

/* A record at absolute position `at` is intact until the writing head has
 * gone a whole ring past it (records never wrap round the ring's end). */
static const uint16_t *record_at(const dead_pattern *s, uint64_t at)
{
	if (at + s->capacity < s->head)
		return NULL;
	return s->ring + at % s->capacity;
}

static int has_square(const uint16_t *sorted, uint32_t count, unsigned square)
{
	uint32_t lo = 0, hi = count;
	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;
		if (sorted[mid] < square)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < count && sorted[lo] == square;
}

static int record_matches(const uint16_t *r, const deadlock_position *p)
{
	uint32_t boxes = r[1], empty = r[3], barred = r[4];
	const uint16_t *w = r + HEADER;
	for (uint32_t i = 0; i < boxes; i++)
		if (!p->occupied[w[i]])
			return 0;
	w += boxes;
	for (uint32_t i = 0; i < empty; i++)
		if (p->occupied[w[i]] || w[i] == p->player)
			return 0;
	w += empty;
	return !has_square(w, barred, p->player);
}

/* The record's boxes (keys and the rest, each ascending) merged. */
static void fill_proof(dead_pattern *s, const uint16_t *r, deadlock_proof *proof)
{
	uint32_t keys = r[2], boxes = r[1], i = 0, j = keys, n = 0;
	const uint16_t *w = r + HEADER;
	while (i < keys || j < boxes) {
		if (j == boxes || (i < keys && w[i] < w[j]))
			s->merged[n++] = w[i++];
		else
			s->merged[n++] = w[j++];
	}
	proof->kind = DEADLOCK_CORRAL;
	proof->count = (int)n;
	memcpy(proof->boxes, s->merged, sizeof(uint16_t) * n);
}

/* Try the patterns of one square's bucket. */
static int match_bucket(dead_pattern *s, const deadlock_position *p, unsigned square,
                        deadlock_proof *proof)
{
	uint64_t *bucket = s->bucket + (size_t)square * BUCKET;
	for (int i = 0; i < BUCKET; i++) {
		if (bucket[i] == 0)
			continue;
		const uint16_t *r = record_at(s, bucket[i] - 1);
		if (!r) {
			bucket[i] = 0;
			s->stats.evicted++;
			continue;
		}
		s->stats.candidates++;
		if (record_matches(r, p)) {
			s->stats.hits++;
			if (proof)
				fill_proof(s, r, proof);
			return 1;
		}
	}
	return 0;
}

int dead_pattern_match(dead_pattern *s, const deadlock_position *p, unsigned pushed,
                       deadlock_proof *proof)
{
	assert(p->b == s->b);
	s->stats.lookups++;
	if (pushed != SQUARE_NONE)
		return match_bucket(s, p, pushed, proof);
	for (int i = 0; i < s->b->box_count; i++)
		if (match_bucket(s, p, p->boxes[i], proof))
			return 1;
	return 0;
}

/* Lists of squares, any of which may be NULL when empty. */
static int same_squares(const uint16_t *a, const uint16_t *b, int count)
{
	return count == 0 || memcmp(a, b, sizeof(uint16_t) * (size_t)count) == 0;
}

static void copy_squares(uint16_t *to, const uint16_t *from, int count)
{
	if (count > 0)
		memcpy(to, from, sizeof(uint16_t) * (size_t)count);
}

/* Does record `r` hold exactly the pattern of `spec`? */
static int same_pattern(const uint16_t *r, const dead_pattern_spec *spec)
{
	if (r[1] != spec->box_count || r[2] != spec->key_count || r[3] != spec->empty_count ||
	    r[4] != spec->barred_count)
		return 0;
	const uint16_t *w = r + HEADER;
	return same_squares(w, spec->boxes, spec->box_count) &&
	       same_squares(w + spec->box_count, spec->empty, spec->empty_count) &&
	       same_squares(w + spec->box_count + spec->empty_count, spec->barred,
	                    spec->barred_count);
}

/* Is the pattern already indexed under `square`? */
static int already_stored(const dead_pattern *s, unsigned square, const dead_pattern_spec *spec)
{
	const uint64_t *bucket = s->bucket + (size_t)square * BUCKET;
	for (int i = 0; i < BUCKET; i++) {
		const uint16_t *old = bucket[i] ? record_at(s, bucket[i] - 1) : NULL;
		if (old && same_pattern(old, spec))
			return 1;
	}
	return 0;
}

static void index_record(dead_pattern *s, unsigned square, uint64_t at)
{
	uint64_t *bucket = s->bucket + (size_t)square * BUCKET;
	int slot = -1;
	for (int i = 0; i < BUCKET && slot < 0; i++)
		if (bucket[i] == 0 || !record_at(s, bucket[i] - 1))
			slot = i;
	if (slot < 0) {
		slot = s->victim[square];
		s->victim[square] = (uint8_t)((slot + 1) % BUCKET);
	}
	bucket[slot] = at + 1;
}

void dead_pattern_add(dead_pattern *s, const dead_pattern_spec *spec)
{
	assert(spec->key_count >= 1 && spec->key_count <= spec->box_count);
	assert(spec->box_count <= s->b->box_count);
	uint64_t length = HEADER + (uint64_t)spec->box_count + (uint64_t)spec->empty_count +
	                  (uint64_t)spec->barred_count;
	if (length > MAX_RECORD || length > s->capacity / 4) {
		s->stats.too_big++;
		return;
	}
	if (already_stored(s, spec->boxes[0], spec)) {
		s->stats.duplicates++;
		return;
	}
	/* Records never wrap: skip to the ring's start when the end is short.
	 * The head moves before the record is written, so every record the
	 * write overlaps is already past record_at's horizon: a record that
	 * record_at hands out is always whole. */
	uint64_t offset = s->head % s->capacity;
	if (offset + length > s->capacity)
		s->head += s->capacity - offset;
	uint64_t at = s->head;
	s->head = at + length;
	uint16_t *r = s->ring + at % s->capacity;
	r[0] = (uint16_t)length;
	r[1] = (uint16_t)spec->box_count;
	r[2] = (uint16_t)spec->key_count;
	r[3] = (uint16_t)spec->empty_count;
	r[4] = (uint16_t)spec->barred_count;
	uint16_t *w = r + HEADER;
	copy_squares(w, spec->boxes, spec->box_count);
	w += spec->box_count;
	copy_squares(w, spec->empty, spec->empty_count);
	w += spec->empty_count;
	copy_squares(w, spec->barred, spec->barred_count);
	for (int i = 0; i < spec->key_count; i++)
		index_record(s, spec->boxes[i], at);
	s->stats.added++;
}
