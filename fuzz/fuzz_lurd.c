/* fuzz_lurd.c — libFuzzer target for LURD parsing and the replay verifier.
 * Input: an XSB level, a '!' byte, then LURD text (no '!': the whole input
 * is tried as both). Checks that expansion and replay agree, that the
 * run-length and wrapped forms round-trip, and that counts are sane. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hako.h"
#include "solution.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Expansions above this skip the (slow, linear) round-trip checks. */
#define FUZZ_CHECK_STEPS 1000000

static char *fuzz_string(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	return text;
}

static void fuzz_expect(int condition)
{
	if (!condition)
		abort();
}

/* The replay of the plain expansion must match the replay of the text. */
static void fuzz_replay_plain(const hako_level *level, const char *plain, hako_status status,
                              const hako_replay *r)
{
	hako_replay again;
	fuzz_expect(hako_replay_lurd(level, plain, &again) == status);
	fuzz_expect(again.moves == r->moves && again.pushes == r->pushes);
	fuzz_expect(again.solved == r->solved && again.failed_step == r->failed_step);
}

static void fuzz_round_trips(const char *plain)
{
	char *short_form = solution_run_length(plain);
	fuzz_expect(short_form != NULL);
	/* A line break after every letter may never change the expansion. */
	size_t n = strlen(short_form), k = 0;
	char *wrapped = malloc(2 * n + 1);
	fuzz_expect(wrapped != NULL);
	for (size_t i = 0; i < n; i++) {
		wrapped[k++] = short_form[i];
		if (strchr("lurdLURD", short_form[i]))
			wrapped[k++] = '\n';
	}
	wrapped[k] = '\0';
	hako_error err;
	char *back = hako_lurd_expand(wrapped, &err);
	fuzz_expect(back != NULL && strcmp(back, plain) == 0);
	free(back);
	free(wrapped);
	free(short_form);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *bang = memchr(data, '!', size);
	size_t level_size = bang ? (size_t)(bang - data) : size;
	char *lurd = bang ? fuzz_string(bang + 1, size - level_size - 1) : fuzz_string(data, size);

	hako_error err;
	char *plain = hako_lurd_expand(lurd, &err);
	size_t steps = plain ? strlen(plain) : 0;
	if (!plain)
		fuzz_expect(err.message[0] != '\0' && err.line >= 1 && err.column >= 1);
	if (plain && steps <= FUZZ_CHECK_STEPS)
		fuzz_round_trips(plain);

	hako_level *level = NULL;
	hako_level_parse((const char *)data, level_size, "fuzz", &level, &err);
	if (level) {
		hako_replay r;
		hako_status status = hako_replay_lurd(level, lurd, &r);
		if (status == HAKO_OK || status == HAKO_ERR_SOLUTION) {
			/* A malformed text fails before any step; a well-formed one
			 * fails, if at all, at a step. */
			fuzz_expect((plain == NULL) ==
			            (status == HAKO_ERR_SOLUTION && r.failed_step == 0));
			fuzz_expect(r.pushes >= 0 && r.pushes <= r.moves &&
			            (size_t)r.moves <= steps);
			if (status == HAKO_OK)
				fuzz_expect((size_t)r.moves == steps && r.message[0] == '\0');
			else
				fuzz_expect(r.message[0] != '\0');
			if (r.failed_step > 0)
				fuzz_expect(r.failed_step == r.moves + 1);
			if (plain && steps <= FUZZ_CHECK_STEPS)
				fuzz_replay_plain(level, plain, status, &r);
		}
		hako_level_free(level);
	}
	free(plain);
	free(lurd);
	return 0;
}
