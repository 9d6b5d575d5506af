/* dead_corral.c — corrals: the areas of floor the player cannot reach.
 * Owns corral finding, the bounded corral search that proves corral
 * deadlocks (its verdicts cached by dead_corral_cache.c) and PI-corral
 * pruning.
 *
 * Terms. The player's area is the floor it can walk to. A corral area A is
 * a connected region of box-free floor outside it; A's neighbours are walls,
 * boxes or A itself. The corral's boxes C are the boxes next to A. The zone
 * Z is A plus the squares of C. Frozen boxes F: the largest set of boxes
 * each blocked on both axes by a wall or another box of F (on an axis a
 * push needs both neighbours free, so no box of F can ever move first, so
 * none ever moves).
 *
 *     #######      The room below is a corral area A (the player cannot
 *     #@ #  #      get in); C is the two boxes in its doors. Each can
 *     #     #      only be pushed one square down, where it blocks its
 *     ##$#$##      own door for good, so the goals can never be filled:
 *     #.   .#      a corral deadlock that neither dead squares nor
 *     #     #      freeze see (every box can still move).
 *     #######
 *
 * ---- The corral search (dead_corral_check) -----------------------------
 * The reduced position R keeps C and F (frozen boxes never move, so they
 * are walls for good) and turns every other box into floor. The search
 * explores R's pushes of C boxes only, off dead squares, with a
 * transposition set, and succeeds — "not proven dead" — on the first
 * position where
 *   (a) a C box stands outside Z, or
 *   (b) the player reaches a square of A, or
 *   (c) every C box is on a goal and every goal of A holds a box.
 * The corral is reported dead only when every push has been tried without
 * success; a search that runs out of budget or room proves nothing.
 *
 * Soundness: take any solution of the real position and keep only its
 * pushes of C boxes. In R they are legal in the same order: R's boxes are
 * a subset of the real ones at every moment (C where it really is, F never
 * moves), so every walk and every target square is at least as free, and
 * after each push the player stands where it really stands. Solutions
 * never push a box onto a dead square, so the pruning keeps this sequence.
 * It passes (a), (b) or (c) at some point: suppose it never passes (a) or
 * (b). An outside box can only enter A from a square q of C that a C box
 * vacated (A borders nothing else), pushed from q into a square a of A,
 * which leaves the player on q. Every square the player walked on since
 * the last C push is free in R as well, and a held no C box, so in R the
 * player of the last projected position could walk to q and on into a:
 * (b) held there. So no outside box ever enters A, the goals of A are
 * finally filled by C boxes, and the last position of the sequence (every
 * C box on a goal, as in any solved position) passes (c). Hence a
 * solvable position always leads the search to success, and "dead" is only
 * said of positions that cannot be solved.
 * Why (c) asks for A's goals too: with A's goals empty, an all-C-on-goals
 * position is not the end of the story, and requiring them makes the
 * search keep looking (above: that is still sound), so more corrals are
 * proven dead:
 *
 *     ########     A is the one goal square right of the box on a goal,
 *     #@  $ ##     which can never move: every C box is home, but A's
 *     #  ##*.#     goal stays empty. Dead by (c), "alive" without A's
 *     #  #####     goals in it.
 *     ########
 *
 * Condition (a) is not needed for soundness; it stops the search early
 * where a box plainly gets out. (b) is: (c) asks for A's goals, which an
 * outside box could fill once the player is in.
 *
 * ---- The escape search ----------------------------------------------------
 * The search above calls a corral alive as soon as the player gets in, or
 * a box out. Some are dead all the same: three boxes round a pocket that
 * the player opens only by pushing one of them into it, which jams the
 * other two (XSokoban 62, where the search stalled on such a pocket for
 * 30,000 expansions):
 *
 *     #########    The pocket A is the four squares the three boxes
 *     # #  #  #    and the walls close. Pushing the left box into it
 *     #  $  $ #    lets the player in (the first search stops there:
 *     #  #$## #    alive), and the lower box then gets out, but the
 *     #@  ... #    other two end side by side between walls: every way
 *     #########    in jams two boxes. Dead, though the player gets in
 *                  (test_dead_corral).
 *
 * So when the search finds a way out of a corral of at most ESCAPE_BOXES
 * boxes, a second search of R (dead_corral_escape turns it on) asks again:
 * a C box pushed out of Z leaves R (it has escaped), the player getting
 * into A is no success, and a state succeeds when the C boxes left all
 * stand on goals (c'). "Dead" when every push was tried and none did. A
 * box the player can push out of Z at once is taken off without branching
 * (escape_closure says why nothing is lost). An escape search that runs
 * out of its ESCAPE_BUDGET pushes leaves the first search's "alive", and
 * that is what the cache keeps. The idea of letting the boxes that get out
 * of a fence go is YASS's (Brian Damgaard's deadlock prover,
 * ../shared/notes/yass.md); the search is the corral search above with its
 * tests changed.
 *
 * Soundness (the argument of dead_stall.c's escape squares): take a
 * solution of the real position and keep its pushes of C boxes, dropping
 * each box the first time a push takes it out of Z. In R they are legal in
 * the same order: R's boxes are a subset of the real ones at every moment
 * (C boxes still in R where they really are, F never moving), so every
 * walk and every target square is at least as free. No push of a solution
 * goes onto a dead square. The solution ends with every box on a goal, so
 * the replay ends in a state whose boxes left are all on goals: (c'). So
 * the search meets success whenever the position has a solution, whatever
 * the player did in A and whatever outside boxes did there ((c') asks
 * nothing of A's goals). A dead verdict is learned as a pattern as the
 * first search's is (learn: a fixed box next to a square some state's box
 * stood on is kept, and a pushed-out box's target is next to its square).
 *
 * Corrals are searched cheapest first (fewest boxes, then smallest area),
 * and `node_budget` is shared by all searches of one check. The cache key
 * is every input of a search: A's smallest square (A is the component of
 * it without C), C, F minus C, and the player's area in R, named by the
 * smallest square of the player's real area: R has fewer boxes, so the
 * real area lies inside one area of R, and a hit costs no flood of R.
 * Dead and alive verdicts are exact and cached for good; a search that ran
 * out is cached as unknown with its budget, and searched again only when a
 * later check brings a larger budget.
 *
 * ---- The ring search ------------------------------------------------------
 * The escape search lets a C box go as soon as it is pushed out of Z. But
 * a box beside it may hold it: on XSokoban 89 FESS stalled on positions
 * where the box below a two-square pocket could only be pushed up into
 * it, because a box on each side held it there (and could not move while
 * it stood between them), while R, without those two, let it out
 * sideways. So when the escape search finds no jam, R keeps the ring
 * too: the boxes next to a C box that are neither C nor frozen, when
 * there are some and C and they are at most RING_BOXES. The ring search
 * is the escape search with the ring's boxes as C boxes and their squares
 * in Z, at most RING_BUDGET pushes of its own, cached under the corral's
 * key with the ring's squares after it.
 *
 *     #######      The pocket above the middle box is a corral (its
 *     ### ###      one box is the middle one). Without the boxes beside
 *     ### ###      it, it gets out sideways; with them it can only go
 *     #.$$$.#      up into the pocket, off the goals for good, and they
 *     # # # #      cannot move before it does: dead by the ring search
 *     #  +  #      alone (test_dead_corral).
 *     #######
 *
 * Soundness: the escape search's argument holds for any boxes R keeps,
 * any frozen walls, and any zone: take a solution, keep the pushes of
 * R's boxes, drop each box the first time it leaves the zone; R's boxes
 * stay a subset of the real ones, so the pushes stay legal, and the last
 * state has its boxes left on goals. A dead verdict learns C, the ring
 * and F' as the pattern's boxes (dead_pattern.c).
 *
 * ---- PI-corral pruning (dead_corral_pi) ---------------------------------
 * Let W be the floor the player can reach when only C's boxes are
 * obstacles: before some C box moves the player never leaves W (C is all
 * that separates W from the rest), nor does any box enter A.
 * A corral is a PI-corral when, for every C box on s and direction d with
 * p = s - d the pushing square and t = s + d the target:
 *   (I) if p is in W and t is floor, not a C square and not dead, then t is
 *       in A (no C box can ever be pushed along the boundary or outwards
 *       while C stands, even after other boxes leave those squares);
 *   (P) if p is in W and t is in A and not dead, the player reaches p now.
 * and it is unsolved: some C box is off a goal or A holds a goal. (A PI
 * corral that is already solved proves nothing: a solution may never touch
 * it.) Pushes onto dead squares are ignored: no solution makes one.
 *
 *     ###########  Two PI-corrals: the alley under the left box, and
 *     #@        #  the room under the two right boxes. Every box can
 *     ##$###$#$##  only be pushed down, into its corral, from a square
 *      #.###. .#   the player reaches. The smaller (the alley's one
 *      # ###   #   box) is chosen: only its push is generated.
 *      #########
 *
 * Claim: if the position has a solution of n pushes, it has one of n
 * pushes whose first push is a push of a C box. Take a solution; an
 * unsolved corral forces some C push (with C never moving, a C box off a
 * goal stays off, or a goal of A stays empty). Let m be the first. Until m
 * the player stays in W and A stays empty, so m pushes from p in W to a
 * free t that is not a C square and not dead: by (I) t is in A, by (P) the
 * player reaches p now, so m is legal first. Doing m first and then the
 * earlier pushes changes only squares s (freed: walks and pushes only get
 * room) and t (in A, which none of them touched); afterwards the player
 * walks back through p to s, where m would have left it. Same boxes, same
 * player area, same push count: push-optimality is kept (move counts are
 * not). So the search need only generate the pushes of C's boxes. A
 * PI-corral none of whose boxes can be pushed now is a deadlock (by the
 * claim a solution would start with such a push): dead_corral_pi still
 * returns 1, naming boxes without a legal push, and the search rightly
 * generates nothing there. */
#include <assert.h>
#include <string.h>

#include "dead_corral.h"
#include "dead_pattern.h"
#include "reach.h"

/* The search's room: state words and hash slots, fixed at creation. */
#define POOL_WORDS (1u << 18)
/* The escape search runs for corrals of at most ESCAPE_BOXES boxes, with
 * at most ESCAPE_BUDGET pushes of its own (BENCH.md: with four boxes the
 * bench took about five times as long for 1% fewer nodes). */
#define ESCAPE_BOXES 3u
#define ESCAPE_BUDGET 300u
/* The ring search (the top of the file) keeps at most RING_BOXES boxes,
 * the corral's and the ring's, with at most RING_BUDGET pushes of its own. */
#define RING_BOXES 6u
#define RING_BUDGET 300u
#define HASH_SLOTS (1u << 16)

typedef struct corral_info {
	uint32_t area_start, area_length; /* in area_squares[] */
	uint32_t box_start, box_length;   /* in corral_boxes[], ascending */
	uint32_t area_goals;              /* goals in A */
} corral_info;

typedef struct stamps {
	uint32_t *at; /* per square: == gen when marked */
	uint32_t gen;
} stamps;

struct dead_corral {
	const struct reach *given_reach; /* the caller's flood of the player, or NULL */
	uint16_t player_min; /* the smallest square of the player's area (find_corrals) */
	const board *b;
	memory *mem;
	size_t bytes; /* the one block everything below lives in */
	int n;
	uint16_t *queue;
	stamps reach;         /* the player's area in the real position */
	stamps area;          /* squares of some corral area, with area_of[] */
	stamps zone;          /* Z of the corral being examined */
	stamps fill;          /* player floods in R */
	stamps child;         /* player floods of a child in R */
	stamps used;          /* squares a dead corral's search looked at (learn) */
	uint32_t flood_size;  /* squares the last flood reached (in queue[]) */
	uint32_t pool_states; /* states in pool[] after the last search */
	uint32_t pool_k;      /* boxes a state of the last search holds */
	/* The ring of the corral being examined (corral_verdict): ring_count
	 * boxes, C and the ring together, ascending; 0 when it has none. */
	uint16_t *ring;
	uint32_t ring_count;
	int searched; /* the last corral_verdict ran a search */
	int escape;   /* run the escape search (dead_corral_escape) */
	uint16_t *area_of;
	uint16_t *area_squares; /* n */
	uint16_t *corral_boxes; /* 4 * box_count */
	corral_info *corrals;   /* n */
	uint16_t *order;        /* n: corrals, cheapest first */
	int corral_count;
	uint8_t *occupied; /* n + 1, all zero between uses: R's boxes */
	uint8_t *frozen;   /* n, all zero between uses */
	uint16_t *fixed;   /* box_count: F minus C for the current corral */
	uint16_t *gone;    /* box_count: the boxes escape_closure took off */
	uint16_t *pool;    /* POOL_WORDS: search states, player then boxes */
	uint32_t *slots;   /* HASH_SLOTS: state index + 1, 0 = empty */
	uint16_t *pattern; /* 4 + 2 * box_count: cache key */
	/* The last dead verdict's proof as a pattern (dead_pattern.h): the
	 * boxes (C, then F minus C), A, then the barred squares. */
	uint16_t *learned; /* box_count + n */
	uint32_t learned_boxes, learned_keys, learned_empty, learned_barred;
	int learned_valid;
	dead_corral_cache cache;
	dead_corral_stats stats;
};

/* ---- scratch -------------------------------------------------------------- */

static size_t place(size_t *offset, size_t bytes)
{
	size_t at = *offset;
	*offset += (bytes + 7) & ~(size_t)7;
	return at;
}

/* Lay the arrays out in one block; with base NULL only measure it. */
static size_t lay_out(dead_corral *d, unsigned char *base)
{
	size_t n = (size_t)d->n + 1, boxes = (size_t)d->b->box_count + 1, offset = 0;
#define CARVE(field, bytes)                                                                        \
	do {                                                                                       \
		size_t at_ = place(&offset, (bytes));                                              \
		if (base)                                                                          \
			d->field = (void *)(base + at_);                                           \
	} while (0)
	CARVE(queue, n * sizeof(uint16_t));
	CARVE(reach.at, n * sizeof(uint32_t));
	CARVE(area.at, n * sizeof(uint32_t));
	CARVE(zone.at, n * sizeof(uint32_t));
	CARVE(fill.at, n * sizeof(uint32_t));
	CARVE(child.at, n * sizeof(uint32_t));
	CARVE(used.at, n * sizeof(uint32_t));
	CARVE(area_of, n * sizeof(uint16_t));
	CARVE(area_squares, n * sizeof(uint16_t));
	CARVE(corral_boxes, 4 * boxes * sizeof(uint16_t));
	CARVE(corrals, n * sizeof(corral_info));
	CARVE(order, n * sizeof(uint16_t));
	CARVE(occupied, n);
	CARVE(frozen, n);
	CARVE(fixed, boxes * sizeof(uint16_t));
	CARVE(gone, boxes * sizeof(uint16_t));
	CARVE(ring, boxes * sizeof(uint16_t));
	CARVE(pool, (size_t)POOL_WORDS * sizeof(uint16_t));
	CARVE(slots, (size_t)HASH_SLOTS * sizeof(uint32_t));
	CARVE(pattern, (4 + 2 * boxes) * sizeof(uint16_t));
	CARVE(learned, (boxes + n) * sizeof(uint16_t));
#undef CARVE
	return offset;
}

dead_corral *dead_corral_new(const board *b, memory *mem, size_t cache_bytes)
{
	dead_corral *d = memory_calloc(mem, sizeof *d);
	if (!d)
		return NULL;
	d->b = b;
	d->mem = mem;
	d->n = b->square_count;
	d->bytes = lay_out(d, NULL);
	unsigned char *block = memory_alloc(mem, d->bytes);
	if (!block) {
		memory_free(mem, d, sizeof *d);
		return NULL;
	}
	lay_out(d, block);
	/* Zero all but the search's room: its states are written before they
	 * are read and its hash slots are cleared by each search, and leaving
	 * those 768 KiB alone is most of what a small level's set-up saves. */
	size_t pool_at = (size_t)((unsigned char *)d->pool - block);
	size_t after_slots = (size_t)((unsigned char *)d->pattern - block);
	memset(block, 0, pool_at);
	memset(block + after_slots, 0, d->bytes - after_slots);
	if (!dead_corral_cache_init(&d->cache, mem, cache_bytes)) {
		memory_free(mem, block, d->bytes);
		memory_free(mem, d, sizeof *d);
		return NULL;
	}
	return d;
}

void dead_corral_free(dead_corral *d)
{
	if (!d)
		return;
	memory *mem = d->mem;
	dead_corral_cache_free(&d->cache);
	memory_free(mem, d->queue, d->bytes); /* the block starts with queue */
	memory_free(mem, d, sizeof *d);
}

void dead_corral_get_stats(const dead_corral *d, dead_corral_stats *out)
{
	*out = d->stats;
}

static uint32_t next_gen(const dead_corral *d, stamps *s)
{
	if (++s->gen == 0) {
		memset(s->at, 0, sizeof(uint32_t) * (size_t)d->n);
		s->gen = 1;
	}
	return s->gen;
}

static int marked(const stamps *s, unsigned square)
{
	return s->at[square] == s->gen;
}

/* The player can walk to `square` in the position being checked. */
static int player_reaches(const dead_corral *d, unsigned square)
{
	return d->given_reach ? reach_has(d->given_reach, square) : marked(&d->reach, square);
}

void dead_corral_given_reach(dead_corral *d, const struct reach *r)
{
	d->given_reach = r;
}

void dead_corral_escape(dead_corral *d, int on)
{
	d->escape = on;
}

static int in_area(const dead_corral *d, unsigned square, unsigned corral)
{
	return marked(&d->area, square) && d->area_of[square] == corral;
}

/* Flood the player from `from` over squares without a box. Returns the
 * smallest square reached; *touches (if given) says whether a square of
 * corral `corral`'s area was reached. */
static uint16_t flood(dead_corral *d, stamps *st, const uint8_t *occupied, unsigned from,
                      unsigned corral, int *touches)
{
	const board *b = d->b;
	uint32_t gen = next_gen(d, st);
	uint16_t *queue = d->queue;
	unsigned head = 0, tail = 0, smallest = from;
	/* The start counts too: a push deeper into the corral leaves the
	 * player standing inside it, which opens it. */
	int touched = touches && in_area(d, from, corral);
	st->at[from] = gen;
	queue[tail++] = (uint16_t)from;
	while (head < tail) {
		unsigned s = queue[head++];
		if (s < smallest)
			smallest = s;
		for (unsigned dir = 0; dir < 4; dir++) {
			unsigned t = board_next(b, s, dir);
			if (t == SQUARE_NONE || st->at[t] == gen || occupied[t])
				continue;
			st->at[t] = gen;
			queue[tail++] = (uint16_t)t;
			if (touches && in_area(d, t, corral))
				touched = 1;
		}
	}
	if (touches)
		*touches = touched;
	d->flood_size = tail;
	return (uint16_t)smallest;
}

/* ---- corrals and frozen boxes --------------------------------------------- */

/* Label the corral areas of the position, collect their boxes, and order
 * them cheapest first (fewest boxes, then smallest area). */
static void find_corrals(dead_corral *d, const deadlock_position *p)
{
	const board *b = d->b;
	const uint8_t *occupied = p->occupied;
	/* The cache key's player_min stands for p->player's area: a given
	 * flood must be that area. */
	assert(!d->given_reach || reach_has(d->given_reach, p->player));
	d->player_min = SQUARE_NONE;
	if (!d->given_reach)
		d->player_min = flood(d, &d->reach, occupied, p->player, 0, NULL);
	uint32_t area_gen = next_gen(d, &d->area);
	uint32_t area_used = 0, box_used = 0;
	int count = 0;
	for (unsigned s = 0; s < (unsigned)d->n; s++) {
		if (occupied[s] || d->area.at[s] == area_gen)
			continue;
		if (player_reaches(d, s)) {
			if (d->player_min == SQUARE_NONE)
				d->player_min = (uint16_t)s; /* the first is the smallest */
			continue;
		}
		corral_info *c = &d->corrals[count];
		c->area_start = area_used;
		c->box_start = box_used;
		c->area_goals = 0;
		/* A box joins the corral once: the zone stamps dedupe it. */
		uint32_t box_gen = next_gen(d, &d->zone);
		uint32_t head = area_used;
		d->area.at[s] = area_gen;
		d->area_of[s] = (uint16_t)count;
		d->area_squares[area_used++] = (uint16_t)s;
		while (head < area_used) {
			unsigned q = d->area_squares[head++];
			c->area_goals += b->is_goal[q];
			for (unsigned dir = 0; dir < 4; dir++) {
				unsigned t = board_next(b, q, dir);
				if (t == SQUARE_NONE)
					continue;
				if (occupied[t]) {
					if (d->zone.at[t] != box_gen) {
						d->zone.at[t] = box_gen;
						d->corral_boxes[box_used++] = (uint16_t)t;
					}
				} else if (d->area.at[t] != area_gen) {
					assert(!player_reaches(d, t));
					d->area.at[t] = area_gen;
					d->area_of[t] = (uint16_t)count;
					d->area_squares[area_used++] = (uint16_t)t;
				}
			}
		}
		c->area_length = area_used - c->area_start;
		c->box_length = box_used - c->box_start;
		board_sort_squares(d->corral_boxes + c->box_start, c->box_length);
		/* Insert into the order, cheapest first. */
		int j = count;
		for (; j > 0; j--) {
			const corral_info *o = &d->corrals[d->order[j - 1]];
			if (o->box_length < c->box_length ||
			    (o->box_length == c->box_length && o->area_length <= c->area_length))
				break;
			d->order[j] = d->order[j - 1];
		}
		d->order[j] = (uint16_t)count;
		count++;
	}
	d->corral_count = count;
}

static int axis_blocked(const dead_corral *d, unsigned s, unsigned dir)
{
	unsigned a = board_next(d->b, s, dir), c = board_next(d->b, s, DIR_OPPOSITE(dir));
	return a == SQUARE_NONE || d->frozen[a] || c == SQUARE_NONE || d->frozen[c];
}

/* frozen[s] = 1 for the boxes that can never move (the largest set of
 * boxes each blocked on both axes by walls or boxes of the set). */
static void find_frozen(dead_corral *d, const deadlock_position *p)
{
	int count = d->b->box_count;
	for (int i = 0; i < count; i++)
		d->frozen[p->boxes[i]] = 1;
	for (int changed = 1; changed;) {
		changed = 0;
		for (int i = 0; i < count; i++) {
			unsigned s = p->boxes[i];
			if (d->frozen[s] &&
			    (!axis_blocked(d, s, DIR_LEFT) || !axis_blocked(d, s, DIR_UP))) {
				d->frozen[s] = 0;
				changed = 1;
			}
		}
	}
}

static void clear_frozen(dead_corral *d, const deadlock_position *p)
{
	for (int i = 0; i < d->b->box_count; i++)
		d->frozen[p->boxes[i]] = 0;
}

/* ---- the corral search ---------------------------------------------------- */

static uint64_t state_hash(const uint16_t *state, uint32_t stride)
{
	uint64_t h = 0x9E3779B97F4A7C15u;
	for (uint32_t i = 0; i < stride; i++) {
		h ^= state[i];
		h *= 0xBF58476D1CE4E5B9u;
		h ^= h >> 31;
	}
	return h;
}

/* The state written at pool slot `count` joins the set: 1 if it is new, 0
 * if already there, -1 if the set is full. */
static int state_add(dead_corral *d, uint32_t mask, uint32_t stride, uint32_t count,
                     uint32_t capacity)
{
	const uint16_t *state = d->pool + (size_t)count * stride;
	uint32_t i = (uint32_t)state_hash(state, stride) & mask;
	for (;; i = (i + 1) & mask) {
		uint32_t slot = d->slots[i];
		if (slot == 0)
			break;
		if (memcmp(d->pool + (size_t)(slot - 1) * stride, state,
		           sizeof(uint16_t) * stride) == 0)
			return 0;
	}
	if (count + 1 > capacity)
		return -1;
	d->slots[i] = count + 1;
	return 1;
}

/* Every C box on a goal and every goal of A covered (R's occupancy). */
static int corral_filled(const dead_corral *d, const corral_info *c, const uint16_t *boxes,
                         uint32_t k)
{
	const board *b = d->b;
	for (uint32_t i = 0; i < k; i++)
		if (!b->is_goal[boxes[i]])
			return 0;
	if (c->area_goals == 0)
		return 1;
	for (uint32_t i = 0; i < c->area_length; i++) {
		unsigned s = d->area_squares[c->area_start + i];
		if (b->is_goal[s] && !d->occupied[s])
			return 0;
	}
	return 1;
}

/* Are the C boxes of a state of the escape search that are still on the
 * board (an escaped box is SQUARE_NONE) all on goals? */
static int kept_home(const board *b, const uint16_t *boxes, uint32_t k)
{
	for (uint32_t i = 0; i < k; i++)
		if (boxes[i] != SQUARE_NONE && !b->is_goal[boxes[i]])
			return 0;
	return 1;
}

/* The escape search's states are closed under escapes: a box the player
 * can push out of Z at once (onto a square that is not dead) leaves
 * without branching. That loses nothing: the push's child is the state
 * without the box, and a state with a box fewer and as much room succeeds
 * whenever the state does (the argument at the top of the file), so the
 * two stand or fall together. `state` (player, then k boxes) has its boxes
 * in occupied[] and the player on `player`; the boxes that leave are
 * cleared from occupied[] and listed in d->gone (the count is returned),
 * the rest are sorted, and state[0] gets the player's smallest square. */
static uint32_t escape_closure(dead_corral *d, stamps *st, uint16_t *state, uint32_t k,
                               unsigned player)
{
	const board *b = d->b;
	uint32_t gone = 0;
	uint16_t smallest = flood(d, st, d->occupied, player, 0, NULL);
	for (int again = 1; again;) {
		again = 0;
		for (uint32_t i = 0; i < k; i++) {
			unsigned s = state[1 + i];
			if (s == SQUARE_NONE)
				continue;
			for (unsigned dir = 0; dir < 4; dir++) {
				unsigned from = board_next(b, s, DIR_OPPOSITE(dir));
				unsigned to = board_next(b, s, dir);
				if (from == SQUARE_NONE || to == SQUARE_NONE || d->occupied[to] ||
				    b->dead[to] || !marked(st, from) || marked(&d->zone, to))
					continue;
				d->occupied[s] = 0;
				d->gone[gone++] = (uint16_t)s;
				state[1 + i] = SQUARE_NONE;
				again = 1;
				break;
			}
		}
		if (again)
			smallest = flood(d, st, d->occupied, player, 0, NULL);
	}
	if (gone)
		board_sort_squares(state + 1, k);
	state[0] = smallest;
	return gone;
}

/* Breadth-first search of R from the root state in pool[0]; R's fixed
 * boxes are already in occupied[]. *nodes counts the pushes generated.
 * With `escape`, the escape search (the top of the file): a C box pushed
 * out of Z leaves R (SQUARE_NONE, sorted last), the player reaching A is
 * no success, and a state succeeds when the boxes left are all on goals. */
static int search(dead_corral *d, unsigned corral, uint32_t k, uint64_t budget, uint64_t *nodes,
                  int escape)
{
	const board *b = d->b;
	const corral_info *c = &d->corrals[corral];
	uint32_t stride = 1 + k;
	d->pool_k = k;
	uint32_t capacity = POOL_WORDS / stride;
	if (capacity > HASH_SLOTS / 2)
		capacity = HASH_SLOTS / 2;
	if (budget < capacity - 1)
		capacity = (uint32_t)budget + 1;
	uint32_t size = 16;
	while (size < 2 * capacity)
		size *= 2;
	memset(d->slots, 0, sizeof(uint32_t) * size);
	uint32_t mask = size - 1, count = 1;
	if (escape) {
		for (uint32_t i = 0; i < k; i++)
			d->occupied[d->pool[1 + i]] = 1;
		escape_closure(d, &d->fill, d->pool, k, d->pool[0]);
		for (uint32_t i = 0; i < k && d->pool[1 + i] != SQUARE_NONE; i++)
			d->occupied[d->pool[1 + i]] = 0;
		if (kept_home(b, d->pool + 1, k)) {
			d->pool_states = 1;
			return DEAD_CORRAL_ALIVE;
		}
	}
	state_add(d, mask, stride, 0, capacity);
	int verdict = DEAD_CORRAL_DEAD;
	for (uint32_t head = 0; head < count && verdict == DEAD_CORRAL_DEAD; head++) {
		/* Children are written after the last state, never over this one. */
		uint16_t *state = d->pool + (size_t)head * stride;
		const uint16_t *boxes = state + 1;
		for (uint32_t i = 0; i < k; i++)
			if (boxes[i] != SQUARE_NONE)
				d->occupied[boxes[i]] = 1;
		flood(d, &d->fill, d->occupied, state[0], 0, NULL);
		for (uint32_t i = 0; i < k && verdict == DEAD_CORRAL_DEAD; i++) {
			unsigned square = boxes[i];
			if (square == SQUARE_NONE)
				break; /* escaped boxes are sorted last */
			for (unsigned dir = 0; dir < 4; dir++) {
				unsigned from = board_next(b, square, DIR_OPPOSITE(dir));
				unsigned to = board_next(b, square, dir);
				if (from == SQUARE_NONE || to == SQUARE_NONE || d->occupied[to] ||
				    b->dead[to] || !marked(&d->fill, from))
					continue;
				if (++*nodes > budget) {
					verdict = DEAD_CORRAL_UNKNOWN;
					break;
				}
				int out = !marked(&d->zone, to);
				if (out && !escape) { /* (a) */
					verdict = DEAD_CORRAL_ALIVE;
					break;
				}
				if (count >= capacity) {
					verdict = DEAD_CORRAL_UNKNOWN;
					break;
				}
				uint16_t *kid = d->pool + (size_t)count * stride;
				memcpy(kid + 1, boxes, sizeof(uint16_t) * k);
				kid[1 + i] = (uint16_t)(out ? SQUARE_NONE : to);
				board_sort_squares(kid + 1, k);
				d->occupied[square] = 0;
				if (!out)
					d->occupied[to] = 1;
				int touches = 0, filled;
				if (escape) {
					uint32_t gone =
					    escape_closure(d, &d->child, kid, k, square);
					filled = kept_home(b, kid + 1, k);
					for (uint32_t g = 0; g < gone; g++)
						d->occupied[d->gone[g]] = 1;
				} else {
					kid[0] = flood(d, &d->child, d->occupied, square, corral,
					               &touches);
					filled = !touches && corral_filled(d, c, kid + 1, k);
				}
				d->occupied[to] = 0;
				d->occupied[square] = 1;
				if (touches || filled) { /* (b), (c); the escape search's (c') */
					verdict = DEAD_CORRAL_ALIVE;
					break;
				}
				if (state_add(d, mask, stride, count, capacity) > 0)
					count++;
			}
		}
		for (uint32_t i = 0; i < k; i++)
			if (boxes[i] != SQUARE_NONE)
				d->occupied[boxes[i]] = 0;
	}
	d->pool_states = count;
	return verdict;
}

/* Keep C (already in the zone stamps with A) and F minus C in R; returns
 * how many fixed boxes. */
static uint32_t set_up_reduced(dead_corral *d, const deadlock_position *p)
{
	uint32_t fixed = 0;
	for (int i = 0; i < d->b->box_count; i++) {
		unsigned s = p->boxes[i];
		if (d->frozen[s] && !marked(&d->zone, s)) {
			d->fixed[fixed++] = (uint16_t)s;
			d->occupied[s] = 1;
		}
	}
	return fixed;
}

/* The ring of the corral whose A and C the zone stamps mark: the boxes
 * next to a box of C that are neither C nor frozen. C and the ring go to
 * d->ring, ascending; returns how many, or 0 when the ring is empty or
 * they are more than RING_BOXES. */
static uint32_t find_ring(dead_corral *d, const deadlock_position *p, const uint16_t *cboxes,
                          uint32_t k)
{
	const board *b = d->b;
	uint32_t count = 0;
	for (uint32_t i = 0; i < k; i++)
		d->ring[count++] = cboxes[i];
	uint32_t seen = next_gen(d, &d->used);
	for (uint32_t i = 0; i < k; i++)
		for (unsigned dir = 0; dir < 4; dir++) {
			unsigned t = board_next(b, cboxes[i], dir);
			if (t == SQUARE_NONE || !p->occupied[t] || marked(&d->zone, t) ||
			    d->frozen[t] || d->used.at[t] == seen)
				continue;
			if (count == RING_BOXES)
				return 0;
			d->used.at[t] = seen;
			d->ring[count++] = (uint16_t)t;
		}
	if (count == k)
		return 0;
	board_sort_squares(d->ring, count);
	return count;
}

/* The ring search's verdict on a corral the escape search left alive
 * (the top of the file), from the cache or a search: the key of the
 * corral (`length` entries in d->pattern) with the ring's boxes after it.
 * The zone stamps get the ring's squares. `player` is the real one. A
 * verdict from the cache leaves d->searched 0: the states in the pool are
 * not this proof's (mark_relevant_frozen). */
static int ring_verdict(dead_corral *d, unsigned corral, uint32_t length, unsigned player,
                        uint64_t budget, uint64_t *spent)
{
	uint16_t *key = d->pattern;
	for (uint32_t i = 0; i < d->ring_count; i++)
		if (!marked(&d->zone, d->ring[i]))
			key[length++] = d->ring[i];
	for (uint32_t i = 0; i < d->ring_count; i++)
		d->zone.at[d->ring[i]] = d->zone.gen;
	uint64_t cached_budget = 0;
	int verdict = dead_corral_cache_find(&d->cache, key, length, &cached_budget);
	if (verdict == DEAD_CORRAL_ALIVE && cached_budget < budget && cached_budget < RING_BUDGET)
		verdict = DEAD_CORRAL_MISS; /* cut short by the budget before: try again */
	if (verdict != DEAD_CORRAL_MISS) {
		d->stats.cache_hits++;
		d->searched = 0;
		return verdict;
	}
	uint64_t cap = budget < RING_BUDGET ? budget : RING_BUDGET, nodes = 0;
	d->stats.ring_searches++;
	d->pool[0] = (uint16_t)player;
	memcpy(d->pool + 1, d->ring, sizeof(uint16_t) * d->ring_count);
	verdict = search(d, corral, d->ring_count, cap, &nodes, 1);
	if (verdict != DEAD_CORRAL_DEAD)
		verdict = DEAD_CORRAL_ALIVE; /* as the first search said */
	d->stats.ring_dead += verdict == DEAD_CORRAL_DEAD;
	d->searched = 1;
	if (nodes > cap)
		nodes = cap;
	*spent += nodes;
	d->stats.nodes += nodes;
	dead_corral_cache_store(&d->cache, key, length, verdict, cap);
	return verdict;
}

/* The verdict on one corral, from the cache or a search. */
static int corral_verdict(dead_corral *d, const deadlock_position *p, unsigned corral,
                          uint64_t budget, uint64_t *spent)
{
	const corral_info *c = &d->corrals[corral];
	const uint16_t *cboxes = d->corral_boxes + c->box_start;
	uint32_t k = c->box_length;
	next_gen(d, &d->zone);
	for (uint32_t i = 0; i < c->area_length; i++)
		d->zone.at[d->area_squares[c->area_start + i]] = d->zone.gen;
	for (uint32_t i = 0; i < k; i++)
		d->zone.at[cboxes[i]] = d->zone.gen;
	uint32_t fixed = set_up_reduced(d, p);
	uint64_t spent_before = *spent;
	d->searched = 0;
	d->ring_count = 0;
	/* The key (see the top of the file): the player by the smallest
	 * square of its real area (find_corrals), so that a hit needs no
	 * flood of R. */
	uint16_t *key = d->pattern;
	uint32_t length = 0;
	key[length++] = d->area_squares[c->area_start];
	key[length++] = d->player_min;
	key[length++] = (uint16_t)k;
	key[length++] = (uint16_t)fixed;
	memcpy(key + length, cboxes, sizeof(uint16_t) * k);
	length += k;
	memcpy(key + length, d->fixed, sizeof(uint16_t) * fixed);
	length += fixed;
	uint64_t cached_budget = 0;
	int verdict = dead_corral_cache_find(&d->cache, key, length, &cached_budget);
	if (verdict == DEAD_CORRAL_UNKNOWN && cached_budget < budget)
		verdict = DEAD_CORRAL_MISS; /* more budget now: try again */
	if (verdict != DEAD_CORRAL_MISS) {
		d->stats.cache_hits++;
	} else {
		for (uint32_t i = 0; i < k; i++)
			d->occupied[cboxes[i]] = 1;
		int touches = 0;
		uint16_t player = flood(d, &d->fill, d->occupied, p->player, corral, &touches);
		for (uint32_t i = 0; i < k; i++)
			d->occupied[cboxes[i]] = 0;
		/* Root successes: (b) cannot hold (A borders only walls and C)
		 * but is checked anyway; (c) when C is home and A has no goal. */
		if (touches || corral_filled(d, c, cboxes, k)) {
			verdict = DEAD_CORRAL_ALIVE;
		} else {
			d->stats.searches++;
			d->pool[0] = player;
			memcpy(d->pool + 1, cboxes, sizeof(uint16_t) * k);
			uint64_t nodes = 0;
			verdict = search(d, corral, k, budget, &nodes, 0);
			if (verdict == DEAD_CORRAL_ALIVE && d->escape && k <= ESCAPE_BOXES) {
				/* Opened, or a box got out: are the others still stuck? */
				uint64_t cap = nodes + ESCAPE_BUDGET;
				d->stats.escape_searches++;
				d->pool[0] = player;
				memcpy(d->pool + 1, cboxes, sizeof(uint16_t) * k);
				verdict =
				    search(d, corral, k, cap < budget ? cap : budget, &nodes, 1);
				d->stats.escape_dead += verdict == DEAD_CORRAL_DEAD;
				if (verdict != DEAD_CORRAL_DEAD)
					verdict = DEAD_CORRAL_ALIVE; /* as the first search said */
			}
			d->searched = 1;
			if (nodes > budget)
				nodes = budget;
			*spent += nodes;
			d->stats.nodes += nodes;
			d->stats.unknown += verdict == DEAD_CORRAL_UNKNOWN;
		}
		dead_corral_cache_store(&d->cache, key, length, verdict, budget);
	}
	if (verdict == DEAD_CORRAL_ALIVE && d->escape && k <= ESCAPE_BOXES) {
		/* Still alive: do the boxes beside C jam it? */
		d->ring_count = find_ring(d, p, cboxes, k);
		if (d->ring_count) {
			uint64_t used = *spent - spent_before;
			uint64_t left = budget > used ? budget - used : 0;
			verdict = ring_verdict(d, corral, length, p->player, left, spent);
			if (verdict != DEAD_CORRAL_DEAD)
				d->ring_count = 0;
		}
	}
	for (uint32_t i = 0; i < fixed; i++)
		d->occupied[d->fixed[i]] = 0;
	return verdict;
}

/* Is the box on `s` one of F minus C for the corral in the zone stamps? */
static int fixed_box(const dead_corral *d, unsigned s)
{
	return d->frozen[s] && !marked(&d->zone, s);
}

/* Mark in d->child the boxes of F minus C that the dead corral's search
 * depended on. A box the search never stood next to (no flood of its
 * states reached a neighbour, no C box ever stood on one) changed nothing
 * it did: without it, every flood, push and test comes out the same. So F'
 * is the fixed boxes next to such a square, with every frozen box joined
 * to one of them side by side (each box of F is held by walls and its
 * neighbours in F: a 4-connected group of F is frozen on its own, as
 * dead_pattern.c's step 1 needs). The states are those of the search,
 * still in pool[]: a dead verdict expanded every one. After a cached
 * verdict, all of F minus C. */
static void mark_relevant_frozen(dead_corral *d, const deadlock_position *p, uint32_t k)
{
	const board *b = d->b;
	uint32_t relevant = next_gen(d, &d->child);
	if (!d->searched) {
		for (int i = 0; i < b->box_count; i++)
			if (fixed_box(d, p->boxes[i]))
				d->child.at[p->boxes[i]] = relevant;
		return;
	}
	uint32_t seen = next_gen(d, &d->used);
	for (int i = 0; i < b->box_count; i++)
		if (fixed_box(d, p->boxes[i]))
			d->occupied[p->boxes[i]] = 1;
	for (uint32_t i = 0; i < d->pool_states; i++) {
		const uint16_t *state = d->pool + (size_t)i * (1 + k);
		for (uint32_t j = 0; j < k && state[1 + j] != SQUARE_NONE; j++) {
			d->occupied[state[1 + j]] = 1;
			d->used.at[state[1 + j]] = seen;
		}
		flood(d, &d->fill, d->occupied, state[0], 0, NULL);
		for (uint32_t q = 0; q < d->flood_size; q++)
			d->used.at[d->queue[q]] = seen;
		for (uint32_t j = 0; j < k && state[1 + j] != SQUARE_NONE; j++)
			d->occupied[state[1 + j]] = 0;
	}
	for (int i = 0; i < b->box_count; i++)
		d->occupied[p->boxes[i]] = 0;
	uint32_t head = 0, tail = 0;
	for (int i = 0; i < b->box_count; i++) {
		unsigned s = p->boxes[i];
		if (!fixed_box(d, s))
			continue;
		for (unsigned dir = 0; dir < 4; dir++) {
			unsigned t = board_next(b, s, dir);
			if (t != SQUARE_NONE && d->used.at[t] == seen) {
				d->child.at[s] = relevant;
				d->queue[tail++] = (uint16_t)s;
				break;
			}
		}
	}
	while (head < tail) {
		unsigned s = d->queue[head++];
		for (unsigned dir = 0; dir < 4; dir++) {
			unsigned t = board_next(b, s, dir);
			if (t != SQUARE_NONE && d->frozen[t] && d->child.at[t] != relevant) {
				d->child.at[t] = relevant;
				d->queue[tail++] = (uint16_t)t;
			}
		}
	}
}

/* The proof of corral `corral`, just found dead (its zone stamps and the
 * frozen boxes still set), as a pattern: C, the part F' of F minus C the
 * search depended on, A, and the barred squares: those free with C and F'
 * as the only boxes, outside A and out of the player's flood (the flood
 * reaches what it reached with all of F: no box of F minus F' borders it). */
static void learn(dead_corral *d, const deadlock_position *p, unsigned corral)
{
	const corral_info *c = &d->corrals[corral];
	/* Proven dead with the ring: its boxes are keys as C's are. */
	const uint16_t *cboxes = d->ring_count ? d->ring : d->corral_boxes + c->box_start;
	uint32_t k = d->ring_count ? d->ring_count : c->box_length;
	mark_relevant_frozen(d, p, d->pool_k);
	uint16_t *w = d->learned;
	uint32_t count = 0;
	for (uint32_t i = 0; i < k; i++)
		w[count++] = cboxes[i];
	for (int i = 0; i < d->b->box_count; i++) {
		unsigned s = p->boxes[i];
		if (fixed_box(d, s) && marked(&d->child, s))
			w[count++] = (uint16_t)s;
	}
	d->learned_keys = k;
	d->learned_boxes = count;
	for (uint32_t i = 0; i < count; i++)
		d->occupied[w[i]] = 1;
	memcpy(w + count, d->area_squares + c->area_start, sizeof(uint16_t) * c->area_length);
	board_sort_squares(w + count, c->area_length);
	count += c->area_length;
	d->learned_empty = c->area_length;
	flood(d, &d->fill, d->occupied, p->player, 0, NULL);
	uint32_t barred = 0;
	for (unsigned s = 0; s < (unsigned)d->n; s++)
		if (!d->occupied[s] && !marked(&d->fill, s) && !in_area(d, s, corral))
			w[count + barred++] = (uint16_t)s;
	d->learned_barred = barred;
	for (uint32_t i = 0; i < d->learned_boxes; i++)
		d->occupied[w[i]] = 0;
	d->learned_valid = 1;
}

int dead_corral_pattern(const dead_corral *d, dead_pattern_spec *out)
{
	if (!d->learned_valid)
		return 0;
	const uint16_t *w = d->learned;
	out->boxes = w;
	out->box_count = (int)d->learned_boxes;
	out->key_count = (int)d->learned_keys;
	out->empty = w + d->learned_boxes;
	out->empty_count = (int)d->learned_empty;
	out->barred = out->empty + d->learned_empty;
	out->barred_count = (int)d->learned_barred;
	return 1;
}

int dead_corral_check(dead_corral *d, const deadlock_position *p, uint64_t node_budget,
                      deadlock_proof *proof)
{
	assert(p->b == d->b);
	d->stats.checks++;
	d->learned_valid = 0;
	find_corrals(d, p);
	if (d->corral_count == 0)
		return 0;
	find_frozen(d, p);
	uint64_t spent = 0;
	int dead = 0;
	for (int i = 0; i < d->corral_count && !dead; i++) {
		unsigned corral = d->order[i];
		d->stats.corrals++;
		uint64_t left = node_budget > spent ? node_budget - spent : 0;
		if (corral_verdict(d, p, corral, left, &spent) != DEAD_CORRAL_DEAD)
			continue;
		dead = 1;
		d->stats.dead++;
		learn(d, p, corral);
		if (!proof)
			break;
		/* The boxes R kept: C and the frozen boxes, ascending. */
		proof->kind = DEADLOCK_CORRAL;
		proof->count = 0;
		for (int j = 0; j < d->b->box_count; j++) {
			unsigned s = p->boxes[j];
			if (marked(&d->zone, s) || d->frozen[s])
				proof->boxes[proof->count++] = (uint16_t)s;
		}
	}
	clear_frozen(d, p);
	return dead;
}

/* ---- PI-corrals ----------------------------------------------------------- */

/* Conditions (I) and (P) and "unsolved" for one corral; the zone stamps
 * mark C's squares, d->fill marks W. */
static int is_pi_corral(dead_corral *d, const deadlock_position *p, unsigned corral)
{
	const board *b = d->b;
	const corral_info *c = &d->corrals[corral];
	const uint16_t *cboxes = d->corral_boxes + c->box_start;
	uint32_t k = c->box_length;
	int unsolved = c->area_goals > 0;
	for (uint32_t i = 0; i < k; i++)
		unsolved |= !b->is_goal[cboxes[i]];
	if (!unsolved)
		return 0;
	next_gen(d, &d->zone);
	for (uint32_t i = 0; i < k; i++)
		d->zone.at[cboxes[i]] = d->zone.gen;
	/* A push the player can make now is one from W too (the real area
	 * lies inside W): one that goes elsewhere than into A fails (I)
	 * without the flood of W. */
	for (uint32_t i = 0; i < k; i++) {
		unsigned s = cboxes[i];
		for (unsigned dir = 0; dir < 4; dir++) {
			unsigned from = board_next(b, s, DIR_OPPOSITE(dir));
			unsigned to = board_next(b, s, dir);
			if (from == SQUARE_NONE || to == SQUARE_NONE || !player_reaches(d, from))
				continue;
			if (!marked(&d->zone, to) && !b->dead[to] && !in_area(d, to, corral))
				return 0; /* not (I) */
		}
	}
	for (uint32_t i = 0; i < k; i++)
		d->occupied[cboxes[i]] = 1;
	flood(d, &d->fill, d->occupied, p->player, 0, NULL); /* W */
	for (uint32_t i = 0; i < k; i++)
		d->occupied[cboxes[i]] = 0;
	for (uint32_t i = 0; i < k; i++) {
		unsigned s = cboxes[i];
		for (unsigned dir = 0; dir < 4; dir++) {
			unsigned from = board_next(b, s, DIR_OPPOSITE(dir));
			unsigned to = board_next(b, s, dir);
			if (from == SQUARE_NONE || to == SQUARE_NONE || !marked(&d->fill, from))
				continue;
			if (marked(&d->zone, to) || b->dead[to])
				continue;
			if (!in_area(d, to, corral))
				return 0; /* not (I) */
			if (!player_reaches(d, from))
				return 0; /* not (P) */
		}
	}
	return 1;
}

int dead_corral_pi(dead_corral *d, const deadlock_position *p, uint8_t *allowed)
{
	assert(p->b == d->b);
	find_corrals(d, p);
	for (int i = 0; i < d->corral_count; i++) {
		unsigned corral = d->order[i];
		if (!is_pi_corral(d, p, corral))
			continue;
		const corral_info *c = &d->corrals[corral];
		for (uint32_t j = 0; j < c->box_length; j++)
			allowed[d->corral_boxes[c->box_start + j]] = 1;
		d->stats.pi_found++;
		return 1;
	}
	return 0;
}
