/* deadlock.c — the one entry point of deadlock detection: the cheap, local
 * checks around the box just pushed first (dead square, freeze, closed
 * diagonal), then the whole-position ones (dead squares recomputed with the
 * frozen boxes as walls, bipartite matching), and last the corral
 * deadlocks: first the patterns learned from earlier corral proofs
 * (dead_pattern.c), then the corral search under its node budget, whose
 * proofs become new patterns. Reports the first kind found and its boxes.
 * Every detector is sound on its own (see its file), so their union is. */
#include <string.h>

#include "dead_pattern.h"
#include "deadlock.h"

/* The learned patterns' ring (the index adds 128 bytes a square). */
#define PATTERN_BYTES ((size_t)2 << 20)
#define CORRAL_CACHE_BYTES ((size_t)8 << 20)

const char *const deadlock_kind_names[DEADLOCK_KINDS] = {
    "none", "simple", "freeze", "bipartite", "diagonal", "corral",
};

struct deadlock_checker {
	const board *b;
	memory *mem;
	unsigned use;
	size_t bytes;
	uint8_t *frozen;      /* per square: a box that can never move */
	uint8_t *walled_dead; /* dead squares with the frozen boxes as walls */
	uint64_t walled_key;  /* the frozen set walled_dead was made for; 0: none */
	dead_bipartite *bipartite;
	dead_corral *corral;
	dead_pattern *patterns; /* with the corral detector */
};

deadlock_checker *deadlock_checker_new(const board *b, memory *mem, unsigned use)
{
	size_t squares = (size_t)b->square_count + 1;
	size_t bytes = sizeof(deadlock_checker) + 2 * squares;
	deadlock_checker *c = memory_calloc(mem, bytes);
	if (!c)
		return NULL;
	c->b = b;
	c->mem = mem;
	c->use = use;
	c->bytes = bytes;
	c->frozen = (uint8_t *)(c + 1);
	c->walled_dead = c->frozen + squares;
	if (use & DEADLOCK_USE_BIPARTITE) {
		c->bipartite = dead_bipartite_new(b, mem);
		if (!c->bipartite)
			goto fail;
	}
	if (use & DEADLOCK_USE_CORRAL) {
		/* The corral cache and the pattern store take a sixteenth of
		 * the budget each at most, so that a small budget still leaves
		 * room to search (at 128 MiB and above they keep their full
		 * size). */
		size_t share = mem->limit / 16;
		c->corral = dead_corral_new(
		    b, mem, share < CORRAL_CACHE_BYTES ? share : CORRAL_CACHE_BYTES);
		c->patterns =
		    dead_pattern_new(b, mem, share < PATTERN_BYTES ? share : PATTERN_BYTES);
		if (!c->corral || !c->patterns)
			goto fail;
		dead_corral_escape(c->corral, (use & DEADLOCK_USE_CORRAL_ESCAPE) != 0);
	}
	return c;
fail:
	deadlock_checker_free(c);
	return NULL;
}

void deadlock_checker_free(deadlock_checker *c)
{
	if (!c)
		return;
	dead_bipartite_free(c->bipartite);
	if (c->corral)
		dead_corral_free(c->corral);
	dead_pattern_free(c->patterns);
	memory_free(c->mem, c, c->bytes);
}

static deadlock_kind found(deadlock_proof *proof, deadlock_kind kind, unsigned square)
{
	if (proof) {
		proof->kind = kind;
		proof->count = 1;
		proof->boxes[0] = (uint16_t)square;
	}
	return kind;
}

/* Every side of the player's square is a wall or a box. */
static int player_walled_in(const deadlock_position *p)
{
	for (unsigned d = 0; d < 4; d++) {
		uint16_t next = board_next(p->b, p->player, d);
		if (next != SQUARE_NONE && !p->occupied[next])
			return 0;
	}
	return 1;
}

/* After a push onto `to`, could the pushed box border an area the player
 * cannot reach? Not when all free sides of `to` are joined to each other
 * around it through its eight neighbours: the square the box came from is
 * one of them and holds the player. Then every corral of the position has
 * the same squares and boxes as in the position before the push (a region
 * the player could enter before only through `to` would touch `to`), which
 * was checked then, so the corral search can be skipped.
 *
 *   .#.      the free sides of X (left, right, below) are joined by the
 *   .X.      two free squares below the diagonals: no new corral
 *   ...
 */
static int may_border_corral(const deadlock_position *p, unsigned to)
{
	const board *b = p->b;
	int free_square[8], free_sides = 0;
	for (unsigned d = 0; d < 4; d++) {
		uint16_t side = board_next(b, to, d);
		uint16_t corner = board_diagonal(b, to, d, (d + 1) & 3);
		free_square[2 * d] = side != SQUARE_NONE && !p->occupied[side];
		free_square[2 * d + 1] = corner != SQUARE_NONE && !p->occupied[corner];
		free_sides += free_square[2 * d];
	}
	if (free_sides <= 1)
		return 0;
	/* Start just after a taken square and walk the ring once: the free
	 * sides must all lie in one run of free squares. */
	int start = -1;
	for (int i = 0; i < 8 && start < 0; i++)
		if (!free_square[i])
			start = (i + 1) % 8;
	if (start < 0)
		return 0;
	int runs_with_sides = 0, run_has_side = 0;
	for (int k = 0; k < 8; k++) {
		int i = (start + k) % 8;
		if (free_square[i]) {
			run_has_side |= (i % 2 == 0);
		} else {
			runs_with_sides += run_has_side;
			run_has_side = 0;
		}
	}
	runs_with_sides += run_has_side;
	return runs_with_sides > 1;
}

/* The squares the local checks look at: the pushed box, or every box. */
static int local_squares(const deadlock_position *p, unsigned pushed, const uint16_t **squares,
                         uint16_t *one)
{
	if (pushed != SQUARE_NONE) {
		*one = (uint16_t)pushed;
		*squares = one;
		return 1;
	}
	*squares = p->boxes;
	return p->b->box_count;
}

/* Dead squares recomputed with the frozen boxes as walls: a free box on a
 * square that became dead can no longer reach any goal. */
static deadlock_kind check_walled(deadlock_checker *c, const deadlock_position *p,
                                  deadlock_proof *proof)
{
	uint64_t key = dead_freeze_key(c->b, p->boxes, c->frozen);
	if (key == 0)
		return DEADLOCK_NONE;
	if (key != c->walled_key) {
		dead_simple_with_walls(c->b, c->frozen, c->walled_dead);
		c->walled_key = key;
	}
	for (int i = 0; i < c->b->box_count; i++) {
		unsigned s = p->boxes[i];
		if (c->frozen[s] || !c->walled_dead[s])
			continue;
		if (proof) {
			proof->kind = DEADLOCK_SIMPLE;
			proof->count = 0;
			proof->boxes[proof->count++] = (uint16_t)s;
			for (int k = 0; k < c->b->box_count; k++)
				if (c->frozen[p->boxes[k]])
					proof->boxes[proof->count++] = p->boxes[k];
		}
		return DEADLOCK_SIMPLE;
	}
	return DEADLOCK_NONE;
}

deadlock_kind deadlock_check(deadlock_checker *c, const deadlock_position *p, unsigned pushed,
                             uint64_t node_budget, deadlock_proof *proof)
{
	deadlock_kind kind = deadlock_check_local(c, p, pushed, proof);
	if (kind != DEADLOCK_NONE)
		return kind;
	return deadlock_check_global(c, p, pushed, node_budget, proof);
}

deadlock_kind deadlock_check_local(deadlock_checker *c, const deadlock_position *p, unsigned pushed,
                                   deadlock_proof *proof)
{
	const board *b = c->b;
	if (proof) {
		proof->kind = DEADLOCK_NONE;
		proof->count = 0;
	}
	uint16_t one;
	const uint16_t *squares;
	int count = local_squares(p, pushed, &squares, &one);
	for (int i = 0; i < count; i++)
		if (b->dead[squares[i]])
			return found(proof, DEADLOCK_SIMPLE, squares[i]);
	if (c->use & DEADLOCK_USE_FREEZE)
		for (int i = 0; i < count; i++)
			if (dead_freeze_check(b, p->occupied, b->dead, squares[i], proof))
				return DEADLOCK_FREEZE;
	/* The diagonal rule needs the player off its fenced inner squares;
	 * after any push or step the player has a free side, but a player
	 * walled in at a start stands on just such a square (#@$.#). */
	if ((c->use & DEADLOCK_USE_DIAGONAL) && !player_walled_in(p))
		for (int i = 0; i < count; i++)
			if (dead_diagonal_check(b, p->occupied, squares[i], proof))
				return DEADLOCK_DIAGONAL;
	return DEADLOCK_NONE;
}

deadlock_kind deadlock_check_global(deadlock_checker *c, const deadlock_position *p,
                                    unsigned pushed, uint64_t node_budget, deadlock_proof *proof)
{
	const board *b = c->b;
	if (proof) {
		proof->kind = DEADLOCK_NONE;
		proof->count = 0;
	}
	int frozen_count = 0;
	if (c->use & (DEADLOCK_USE_FROZEN_WALLS | DEADLOCK_USE_BIPARTITE)) {
		frozen_count = dead_freeze_frozen(b, p->occupied, p->boxes, b->dead, c->frozen);
	}
	if ((c->use & DEADLOCK_USE_FROZEN_WALLS) && frozen_count > 0 &&
	    check_walled(c, p, proof) != DEADLOCK_NONE)
		return DEADLOCK_SIMPLE;
	if ((c->use & DEADLOCK_USE_BIPARTITE) &&
	    (frozen_count > 0 || !(c->use & DEADLOCK_BIPARTITE_FROZEN_ONLY)) &&
	    dead_bipartite_check(c->bipartite, p, frozen_count > 0 ? c->frozen : NULL, proof))
		return DEADLOCK_BIPARTITE;
	/* A pattern with the pushed box among its keys has that box next to
	 * its area A, which must be empty and out of the player's reach: the
	 * same condition as for a new corral. */
	if ((c->use & DEADLOCK_USE_CORRAL) && node_budget > 0 &&
	    (pushed == SQUARE_NONE || may_border_corral(p, pushed))) {
		if (dead_pattern_match(c->patterns, p, pushed, proof))
			return DEADLOCK_CORRAL;
		if (dead_corral_check(c->corral, p, node_budget, proof)) {
			dead_pattern_spec learned;
			if (dead_corral_pattern(c->corral, &learned))
				dead_pattern_add(c->patterns, &learned);
			return DEADLOCK_CORRAL;
		}
	}
	return DEADLOCK_NONE;
}

void deadlock_get_pattern_stats(const deadlock_checker *c, dead_pattern_stats *out)
{
	if (c->patterns)
		dead_pattern_get_stats(c->patterns, out);
	else
		memset(out, 0, sizeof *out);
}

void deadlock_given_reach(deadlock_checker *c, const struct reach *r)
{
	if (c->corral)
		dead_corral_given_reach(c->corral, r);
}

int deadlock_pi_corral(deadlock_checker *c, const deadlock_position *p, uint8_t *allowed)
{
	return c->corral ? dead_corral_pi(c->corral, p, allowed) : 0;
}
