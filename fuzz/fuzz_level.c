/* fuzz_level.c — libFuzzer target for the level reader and writer: any
 * bytes go to hako_collection_parse; on success every level is written as
 * .sok and read back, and the board, metadata and solutions must survive. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hako.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fuzz_expect(int condition)
{
	if (!condition)
		abort();
}

static void expect_same(const hako_level *a, const hako_level *b)
{
	fuzz_expect(hako_level_width(a) == hako_level_width(b));
	fuzz_expect(hako_level_height(a) == hako_level_height(b));
	for (int y = 0; y < hako_level_height(a); y++)
		for (int x = 0; x < hako_level_width(a); x++)
			fuzz_expect(hako_level_square(a, x, y) == hako_level_square(b, x, y));
	fuzz_expect(strcmp(hako_level_title(a), hako_level_title(b)) == 0);
	fuzz_expect(strcmp(hako_level_author(a), hako_level_author(b)) == 0);
	fuzz_expect(strcmp(hako_level_notes(a), hako_level_notes(b)) == 0);
	fuzz_expect(hako_level_solution_count(a) == hako_level_solution_count(b));
	for (size_t i = 0; i < hako_level_solution_count(a); i++)
		fuzz_expect(strcmp(hako_level_solution(a, i), hako_level_solution(b, i)) == 0);
	hako_error ea, eb;
	fuzz_expect(hako_level_status(a, &ea) == hako_level_status(b, &eb));
	fuzz_expect(strcmp(ea.message, eb.message) == 0);
}

static void round_trip(const hako_level *level)
{
	size_t count = hako_level_solution_count(level);
	const char **solutions = calloc(count + 1, sizeof *solutions);
	fuzz_expect(solutions != NULL);
	for (size_t i = 0; i < count; i++)
		solutions[i] = hako_level_solution(level, i);
	char *sok = hako_level_to_sok(level, solutions, count);
	char *xsb = hako_level_to_xsb(level);
	free(solutions);
	fuzz_expect(sok && xsb);
	hako_level *back = NULL;
	hako_error err;
	hako_status status = hako_level_parse(sok, strlen(sok), "fuzz", &back, &err);
	fuzz_expect(status == HAKO_OK || status == HAKO_ERR_LEVEL);
	expect_same(level, back);
	hako_level *copy = hako_level_copy(back);
	fuzz_expect(copy != NULL);
	expect_same(level, copy);
	hako_level_free(copy);
	hako_level_free(back);
	hako_free(xsb);
	hako_free(sok);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	hako_collection *collection = NULL;
	hako_error err;
	hako_status status =
	    hako_collection_parse((const char *)data, size, "fuzz", &collection, &err);
	if (status != HAKO_OK) {
		fuzz_expect(collection == NULL);
		fuzz_expect(memchr(err.message, '\0', sizeof err.message) != NULL);
		return 0;
	}
	fuzz_expect(hako_collection_count(collection) > 0);
	fuzz_expect(hako_collection_header(collection) != NULL);
	for (size_t i = 0; i < hako_collection_count(collection); i++)
		round_trip(hako_collection_level(collection, i));
	hako_collection_free(collection);

	hako_level *level = NULL;
	status = hako_level_parse((const char *)data, size, "fuzz", &level, &err);
	fuzz_expect((status == HAKO_OK || status == HAKO_ERR_LEVEL) == (level != NULL));
	hako_level_free(level);
	return 0;
}
