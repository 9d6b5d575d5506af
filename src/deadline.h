/* deadline.h — when long work must stop: the time limit on the monotonic
 * clock and the caller's cancel flag (hako_solver_options.cancel), read as
 * the work goes — per expanded node, per goal of a distance table, per row
 * of a large matching, per box move listed — rather than every so many
 * nodes, so that a search stops within a small margin of its limit however
 * large the level and however slow one node is. */
#ifndef HAKO_DEADLINE_H
#define HAKO_DEADLINE_H

#include "hako.h"

typedef struct deadline {
	double at;                  /* monotonic seconds; 0: no time limit */
	const volatile int *cancel; /* nonzero there: stop; NULL: no flag */
	int passed;                 /* sticky: 0, or why the work stops */
	hako_outcome why;           /* HAKO_TIMEOUT or HAKO_CANCELLED once passed */
} deadline;

/* A deadline `seconds` from now (<= 0: none) with the caller's flag. */
void deadline_init(deadline *d, double seconds, const volatile int *cancel);
/* Has the time passed or the flag been raised? Once it has, it stays so. */
int deadline_passed(deadline *d);

#endif
