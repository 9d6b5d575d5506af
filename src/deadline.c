/* deadline.c — the time limit and the cancel flag, read as work goes. */
#include "deadline.h"

#include "search.h"

void deadline_init(deadline *d, double seconds, const volatile int *cancel)
{
	d->at = seconds > 0 ? search_now() + seconds : 0;
	d->cancel = cancel;
	d->passed = 0;
	d->why = HAKO_TIMEOUT;
}

int deadline_passed(deadline *d)
{
	if (!d)
		return 0;
	if (d->passed)
		return 1;
	if (d->cancel && *d->cancel) {
		d->passed = 1;
		d->why = HAKO_CANCELLED;
	} else if (d->at > 0 && search_now() >= d->at) {
		d->passed = 1;
		d->why = HAKO_TIMEOUT;
	}
	return d->passed;
}
