/* dead_pattern.h — learned deadlock patterns: what a corral proof showed
 * dead, kept in a fixed budget and matched in later positions without a
 * search. The soundness argument is in dead_pattern.c. */
#ifndef HAKO_DEAD_PATTERN_H
#define HAKO_DEAD_PATTERN_H

#include <stddef.h>
#include <stdint.h>

#include "deadlock.h"
#include "memory.h"

/* A pattern, as a proof hands it over. A position matches when
 *   - a box stands on every square of `boxes`,
 *   - no box and not the player stands on a square of `empty`,
 *   - the player does not stand on a square of `barred`.
 * The first key_count boxes (at least one) are the ones the pattern is
 * found by: a lookup after a push looks only at patterns with the pushed
 * box among their keys. Each list is ascending (the keys and the other
 * boxes each on their own). */
typedef struct dead_pattern_spec {
	const uint16_t *boxes;
	int box_count, key_count;
	const uint16_t *empty;
	int empty_count;
	const uint16_t *barred;
	int barred_count;
} dead_pattern_spec;

typedef struct dead_pattern_stats {
	uint64_t added;      /* patterns stored */
	uint64_t duplicates; /* not stored: the same pattern was there */
	uint64_t too_big;    /* not stored: larger than a record may be */
	uint64_t lookups;    /* dead_pattern_match calls */
	uint64_t candidates; /* patterns compared with a position */
	uint64_t hits;       /* positions found dead */
	uint64_t evicted;    /* index entries dropped: their pattern was overwritten */
} dead_pattern_stats;

typedef struct dead_pattern dead_pattern;

/* A store of about `bytes` (the patterns; the index adds 8 * BUCKET bytes
 * a square), counted against `mem`; NULL when it does not fit. */
dead_pattern *dead_pattern_new(const board *b, memory *mem, size_t bytes);
void dead_pattern_free(dead_pattern *s);

/* Learn a pattern. When the store is full the oldest patterns make room. */
void dead_pattern_add(dead_pattern *s, const dead_pattern_spec *spec);

/* Does a stored pattern match the position? Only patterns keyed by
 * `pushed` are tried, or every pattern keyed by some box when `pushed` is
 * SQUARE_NONE. On a match fills proof (if given) with kind DEADLOCK_CORRAL
 * and the pattern's boxes, ascending, and returns 1. */
int dead_pattern_match(dead_pattern *s, const deadlock_position *p, unsigned pushed,
                       deadlock_proof *proof);

void dead_pattern_get_stats(const dead_pattern *s, dead_pattern_stats *out);

#endif
