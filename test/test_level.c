/* test_level.c — reading and writing levels: XSB/.sok/RLE formats, metadata,
 * malformed input with line/column, validation, limits, the shared files. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testutil.h"

/* ------------------------------------------------------------- helpers */

static hako_status parse_one(const char *text, hako_level **level, hako_error *err)
{
	memset(err, 0, sizeof *err);
	return hako_level_parse(text, strlen(text), "test", level, err);
}

static hako_collection *collection_of(const char *text)
{
	hako_collection *c = NULL;
	hako_error err;
	hako_status st = hako_collection_parse(text, strlen(text), "test", &c, &err);
	if (st != HAKO_OK)
		print_error("%d:%d: %s\n", err.line, err.column, err.message);
	assert_int_equal(st, HAKO_OK);
	return c;
}

/* Parse must fail for the whole text with this status, line and column. */
static void expect_error(const char *text, size_t length, hako_status status, int line, int column,
                         const char *message)
{
	hako_collection *c = (hako_collection *)&c;
	hako_error err;
	hako_status st = hako_collection_parse(text, length, "test", &c, &err);
	if (st != status || err.line != line || err.column != column)
		print_error("got %d at %d:%d: %s\n", st, err.line, err.column, err.message);
	assert_int_equal(st, status);
	assert_null(c);
	assert_int_equal(err.line, line);
	assert_int_equal(err.column, column);
	if (message)
		assert_string_equal(err.message, message);
}

/* The level parses but is not playable, for this reason at line:column. */
static void expect_invalid(const char *text, int line, int column, const char *message)
{
	hako_level *level = NULL;
	hako_error err;
	hako_status st = parse_one(text, &level, &err);
	if (st != HAKO_ERR_LEVEL)
		print_error("got %d at %d:%d: %s\n", st, err.line, err.column, err.message);
	assert_int_equal(st, HAKO_ERR_LEVEL);
	assert_non_null(level);
	assert_string_equal(err.message, message);
	assert_int_equal(err.line, line);
	assert_int_equal(err.column, column);
	assert_int_equal(hako_level_status(level, &err), HAKO_ERR_LEVEL);
	assert_string_equal(err.message, message);
	hako_level_free(level);
}

static void expect_board(const hako_level *level, const char *xsb)
{
	char *text = hako_level_to_xsb(level);
	assert_non_null(text);
	assert_string_equal(text, xsb);
	hako_free(text);
}

/* ------------------------------------------------------------- formats */

static void simple_level(void **state)
{
	(void)state;
	hako_level *level = tu_level("#####\n#@$.#\n#####\n");
	assert_int_equal(hako_level_width(level), 5);
	assert_int_equal(hako_level_height(level), 3);
	assert_int_equal(hako_level_box_count(level), 1);
	assert_int_equal(hako_level_goal_count(level), 1);
	assert_int_equal(hako_level_line(level), 1);
	assert_int_equal(hako_level_square(level, 1, 1), '@');
	assert_int_equal(hako_level_square(level, 2, 1), '$');
	assert_int_equal(hako_level_square(level, 3, 1), '.');
	assert_int_equal(hako_level_square(level, -1, 0), ' ');
	assert_int_equal(hako_level_square(level, 5, 0), ' ');
	assert_string_equal(hako_level_title(level), "");
	assert_string_equal(hako_level_author(level), "");
	assert_string_equal(hako_level_notes(level), "");
	assert_int_equal(hako_level_solution_count(level), 0);
	assert_null(hako_level_solution(level, 0));
	hako_level_free(level);
}

static void alternative_characters(void **state)
{
	(void)state;
	hako_level *level = tu_level("__######\n__#p-bB#\n--#.___#\n__######\n");
	expect_board(level, "  ######\n  #@ $*#\n  #.   #\n  ######\n");
	hako_level_free(level);
	level = tu_level("#######\n#P b  #\n#######\n");
	expect_board(level, "#######\n#+ $  #\n#######\n");
	hako_level_free(level);
}

static void short_rows_are_outside(void **state)
{
	(void)state;
	hako_level *level = tu_level("  ####   \n###@ #\n#  $ #\n# .###\n####\n");
	assert_int_equal(hako_level_width(level), 6);
	assert_int_equal(hako_level_square(level, 5, 4), ' ');
	expect_board(level, "  ####\n###@ #\n#  $ #\n# .###\n####\n");
	hako_level_free(level);
}

/* A tab is floor up to the next multiple of 8 squares. */
static void tabs(void **state)
{
	(void)state;
	hako_level *level = tu_level("\t#####\n\t#@$.#\n\t#####\n");
	assert_int_equal(hako_level_width(level), 13);
	assert_int_equal(hako_level_square(level, 9, 1), '@');
	hako_level_free(level);
	level = tu_level("###########\n#@$\t.#\n###########\n");
	assert_int_equal(hako_level_square(level, 8, 1), '.');
	assert_int_equal(hako_level_square(level, 7, 1), ' ');
	hako_level_free(level);
}

static void crlf_and_bom(void **state)
{
	(void)state;
	hako_level *level =
	    tu_level("\xef\xbb\xbf; One\r\n#####\r\n#@$.#\r\n#####\r\nAuthor: Me\r\n");
	assert_string_equal(hako_level_title(level), "One");
	assert_string_equal(hako_level_author(level), "Me");
	assert_int_equal(hako_level_line(level), 2);
	expect_board(level, "#####\n#@$.#\n#####\n");
	hako_level_free(level);
}

static void run_length(void **state)
{
	(void)state;
	hako_level *level = tu_level("4#|#@$.#|4#");
	expect_board(level, "####\n#@$.#\n####\n");
	hako_level_free(level);
	level = tu_level("5#\n#@$.#\n5#|\n");
	expect_board(level, "#####\n#@$.#\n#####\n");
	hako_level_free(level);
	level = tu_level("16#|2(3(#-)#)#|#@2$2.9-#|16#");
	expect_board(level,
	             "################\n# # # ## # # ##\n#@$$..         #\n################\n");
	assert_int_equal(hako_level_width(level), 16);
	hako_level_free(level);
}

/* ------------------------------------------------------------ metadata */

static const char collection_text[] = "My Collection\n"
                                      "Author: Someone\n"
                                      ":: a hidden remark\n"
                                      "\n"
                                      ";Level One\n"
                                      "\n"
                                      "#####\n#@$.#\n#####\n"
                                      "Title: First\n"
                                      "Comment:\nline one\n\nline two\nComment-End:\n"
                                      "Date: 2004\n"
                                      "Solution (moves 2, pushes 1)\n"
                                      "R\n"
                                      "\n"
                                      "; not a title\n"
                                      "; Level Two\n"
                                      "######\n#@$ .#\n######\n"
                                      "Author: Other\n"
                                      "Solution: rR\n"
                                      "Solution\n"
                                      "r\n"
                                      "R\n"
                                      "Solution: 2(r)\n"
                                      "\n"
                                      "######\n#.$ @#\n######\n"
                                      "a closing remark\n";

static void titles_authors_notes(void **state)
{
	(void)state;
	hako_collection *c = collection_of(collection_text);
	assert_int_equal(hako_collection_count(c), 3);
	assert_string_equal(hako_collection_header(c), "My Collection\nAuthor: Someone");
	const hako_level *one = hako_collection_level(c, 0);
	assert_string_equal(hako_level_title(one), "First");
	assert_string_equal(hako_level_author(one), "Someone");
	assert_string_equal(hako_level_notes(one), "line one\nline two\nDate: 2004\n; not a title");
	assert_int_equal(hako_level_line(one), 7);
	const hako_level *two = hako_collection_level(c, 1);
	assert_string_equal(hako_level_title(two), "Level Two");
	assert_string_equal(hako_level_author(two), "Other");
	const hako_level *three = hako_collection_level(c, 2);
	assert_string_equal(hako_level_title(three), "");
	assert_string_equal(hako_level_notes(three), "a closing remark");
	assert_null(hako_collection_level(c, 3));
	hako_collection_free(c);
}

static void solutions(void **state)
{
	(void)state;
	hako_collection *c = collection_of(collection_text);
	const hako_level *one = hako_collection_level(c, 0);
	assert_int_equal(hako_level_solution_count(one), 1);
	assert_string_equal(hako_level_solution(one, 0), "R");
	const hako_level *two = hako_collection_level(c, 1);
	assert_int_equal(hako_level_solution_count(two), 3);
	assert_string_equal(hako_level_solution(two, 0), "rR");
	assert_string_equal(hako_level_solution(two, 1), "rR");
	assert_string_equal(hako_level_solution(two, 2), "2(r)");
	hako_collection_free(c);

	c = collection_of("#####\n#@$.#\n#####\nSolution (moves 33, pushes 8)\ndlUrrr dLull\n"
	                  "ddrUluRuulDrddrruLdlUU\n");
	one = hako_collection_level(c, 0);
	assert_int_equal(hako_level_solution_count(one), 1);
	assert_string_equal(hako_level_solution(one, 0), "dlUrrrdLullddrUluRuulDrddrruLdlUU");
	hako_collection_free(c);
}

static void level_parse_takes_the_first(void **state)
{
	(void)state;
	hako_level *level = tu_level("; A\n#####\n#@$.#\n#####\nnote\n; B\n####\n#x\n");
	assert_string_equal(hako_level_title(level), "A");
	assert_string_equal(hako_level_notes(level), "note");
	hako_level *copy = hako_level_copy(level);
	hako_level_free(level);
	assert_string_equal(hako_level_title(copy), "A");
	expect_board(copy, "#####\n#@$.#\n#####\n");
	hako_level_free(copy);
}

/* --------------------------------------------------------- bad input */

static void unknown_character(void **state)
{
	(void)state;
	const char *inside = "#####\n#@x$.#\n#####\n";
	expect_error(inside, strlen(inside), HAKO_ERR_PARSE, 2, 3, "unknown character 'x'");
	const char *before = "  #?##\n#####\n#@$.#\n#####\n";
	expect_error(before, strlen(before), HAKO_ERR_PARSE, 1, 4, "unknown character '?'");
	const char *after = "#####\n#@$.#\n#####\n #\x01\n";
	expect_error(after, strlen(after), HAKO_ERR_PARSE, 4, 3, "unknown byte 0x01");
	const char *rle = "#####\n#@$.#\n#2(#-)x\n";
	expect_error(rle, strlen(rle), HAKO_ERR_PARSE, 3, 7, "unknown character 'x'");
}

static void validation(void **state)
{
	(void)state;
	expect_invalid("#####\n#$ .#\n#####\n", 1, 1, "no player");
	expect_invalid("######\n#@$.@#\n######\n", 2, 5, "two players");
	/* At the first goal in excess: the third, in reading order. */
	expect_invalid("######\n#@$$.#\n#  . #\n#  . #\n######\n", 4, 4,
	               "2 boxes but 3 goals (the first goal in excess)");
	/* One goal: the second box, in reading order, is the first in excess. */
	expect_invalid("######\n#@$$.#\n#  $ #\n######\n", 2, 4,
	               "3 boxes but 1 goal (the first box in excess)");
	expect_invalid("####\n#@ #\n####\n", 1, 1, "no boxes");
	expect_invalid("#####\n#@$.#\n## ##\n", 3, 3,
	               "the player can walk out of the level at 2,2");
	expect_invalid("#####\n#@$. \n#####\n", 2, 5,
	               "the player can walk out of the level at 4,1");
	/* Row 2 is short: the square after its end is outside. */
	expect_invalid("######\n#@$. \n######\n", 2, 5,
	               "the player can walk out of the level at 4,1");
	expect_invalid("#######\n#@$.\n#######\n", 2, 5,
	               "the player can walk out of the level at 4,1");
}

static void empty_and_garbage(void **state)
{
	(void)state;
	expect_error("", 0, HAKO_ERR_PARSE, 1, 1, "no level found");
	expect_error(NULL, 0, HAKO_ERR_PARSE, 1, 1, "no level found");
	expect_error("\n  \n; just a title\n", 17, HAKO_ERR_PARSE, 1, 1, "no level found");
	char garbage[4096];
	unsigned state32 = 12345;
	for (size_t i = 0; i < sizeof garbage; i++) {
		state32 = state32 * 1103515245u + 12345u;
		garbage[i] = (char)(state32 >> 16);
		if (garbage[i] == '#' || garbage[i] == '\0')
			garbage[i] = 'x';
	}
	expect_error(garbage, sizeof garbage, HAKO_ERR_PARSE, 1, 1, "no level found");
	hako_collection *c = (hako_collection *)&c;
	assert_int_equal(hako_collection_parse("x", 1, NULL, NULL, NULL), HAKO_ERR_ARGUMENT);
	assert_int_equal(hako_collection_parse(NULL, 3, NULL, &c, NULL), HAKO_ERR_ARGUMENT);
}

/* Old Mac text (lone CR line ends) is read; UTF-16 is named, not read. */
static void line_ends_and_encodings(void **state)
{
	(void)state;
	const char *cr = "; one\r#####\r#@$.#\r#####\r";
	hako_collection *c = NULL;
	hako_error err;
	assert_int_equal(hako_collection_parse(cr, strlen(cr), NULL, &c, &err), HAKO_OK);
	assert_int_equal(hako_collection_count(c), 1);
	assert_string_equal(hako_level_title(hako_collection_level(c, 0)), "one");
	assert_int_equal(hako_level_status(hako_collection_level(c, 0), &err), HAKO_OK);
	hako_collection_free(c);
	/* CRLF as before */
	const char *crlf = "#####\r\n#@$.#\r\n#####\r\n";
	assert_int_equal(hako_collection_parse(crlf, strlen(crlf), NULL, &c, &err), HAKO_OK);
	hako_collection_free(c);
	static const char utf16[] = "\xff\xfe#\0#\0#\0\n\0";
	expect_error(utf16, sizeof utf16 - 1, HAKO_ERR_PARSE, 1, 1,
	             "UTF-16 (or binary) text: save the file as UTF-8");
	static const char utf16be[] = "\0#\0#\0#\0\n";
	expect_error(utf16be, sizeof utf16be - 1, HAKO_ERR_PARSE, 1, 1,
	             "UTF-16 (or binary) text: save the file as UTF-8");
}

static void long_lines(void **state)
{
	(void)state;
	size_t n = 1 << 20;
	char *text = malloc(n + 1);
	assert_non_null(text);
	memset(text, 'x', n);
	text[n] = '\0';
	expect_error(text, n, HAKO_ERR_PARSE, 1, 1, "no level found");
	memset(text, '#', n);
	expect_error(text, n, HAKO_ERR_LIMIT, 1, 251, "board wider than 250 squares");
	memset(text, ' ', n);
	memcpy(text + n - 5, "#@$.#", 5);
	expect_error(text, n, HAKO_ERR_LIMIT, 1, 251, "board wider than 250 squares");
	free(text);
}

static void run_length_errors(void **state)
{
	(void)state;
	const struct {
		const char *text;
		hako_status status;
		int column;
		const char *message;
	} cases[] = {
	    {"99999999#", HAKO_ERR_PARSE, 1, "run-length count too large"},
	    {"300#", HAKO_ERR_LIMIT, 4, "board wider than 250 squares"},
	    {"99999(99999(#))", HAKO_ERR_LIMIT, 13, "board wider than 250 squares"},
	    {"#99999(|#)", HAKO_ERR_LIMIT, 8, "board taller than 250 rows"},
	    {"#3()#", HAKO_ERR_PARSE, 3, "empty run-length group"},
	    {"#9999(9999())#", HAKO_ERR_PARSE, 11, "empty run-length group"},
	    {"2(#", HAKO_ERR_PARSE, 2, "unclosed '('"},
	    {"#2#)#", HAKO_ERR_PARSE, 4, "unmatched ')'"},
	    {"#3", HAKO_ERR_PARSE, 2, "run-length count without a square"},
	    {"#3|#", HAKO_ERR_PARSE, 2, "run-length count without a square"},
	    {"0#", HAKO_ERR_PARSE, 1, "run-length count of zero"},
	    {"4#||4#", HAKO_ERR_PARSE, 1, "a board row without a wall"},
	    {"4#|4-|4#", HAKO_ERR_PARSE, 1, "a board row without a wall"},
	};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		expect_error(cases[i].text, strlen(cases[i].text), cases[i].status, 1,
		             cases[i].column, cases[i].message);
	}
	char deep[200] = "#";
	for (int i = 0; i < 40; i++)
		strcat(deep, "1(");
	strcat(deep, "#");
	for (int i = 0; i < 40; i++)
		strcat(deep, ")");
	expect_error(deep, strlen(deep), HAKO_ERR_PARSE, 1, 67,
	             "run-length groups nested too deeply");
}

static void limits(void **state)
{
	(void)state;
	char *text = malloc(300 * 300);
	assert_non_null(text);
	/* 251 rows */
	text[0] = '\0';
	for (int y = 0; y < 251; y++)
		strcat(text, "#\n");
	expect_error(text, strlen(text), HAKO_ERR_LIMIT, 251, 1, "board taller than 250 rows");
	/* 4030 boxes in a 67 x 64 room */
	size_t n = 0;
	for (int y = 0; y < 64; y++) {
		for (int x = 0; x < 67; x++)
			text[n++] = (y == 0 || y == 63 || x == 0 || x == 66) ? '#' : '$';
		text[n++] = '\n';
	}
	text[n] = '\0';
	/* At the 4001st box: 65 boxes a row from line 2, so line 63, x 36. */
	expect_error(text, n, HAKO_ERR_LIMIT, 63, 37, "more than 4000 boxes");
	char tiny[8] = "#@$.#";
	expect_error(tiny, HAKO_MAX_TEXT + 1, HAKO_ERR_LIMIT, 0, 0, NULL);
	free(text);
}

/* A square room with the player in a corner, boxes and goals inside. */
static char *room(int side, int boxes)
{
	char *text = malloc((size_t)(side + 1) * (size_t)side + 1);
	size_t n = 0;
	int placed = 0;
	for (int y = 0; y < side; y++) {
		for (int x = 0; x < side; x++) {
			char c = ' ';
			if (y == 0 || x == 0 || y == side - 1 || x == side - 1)
				c = '#';
			else if (x == 1 && y == 1)
				c = '@';
			else if (y % 2 == 0 && x > 1 && x < side - 2 && placed < boxes)
				c = '*', placed++;
			text[n++] = c;
		}
		text[n++] = '\n';
	}
	text[n] = '\0';
	return text;
}

static void big_levels(void **state)
{
	(void)state;
	char *text = room(100, 40);
	hako_level *level = tu_level(text);
	assert_int_equal(hako_level_width(level), 100);
	assert_int_equal(hako_level_height(level), 100);
	hako_level_free(level);
	free(text);
	text = room(250, 1000);
	level = tu_level(text);
	assert_int_equal(hako_level_box_count(level), 1000);
	assert_int_equal(hako_level_width(level), 250);
	hako_level_free(level);
	free(text);
}

/* ---------------------------------------------------------- round trip */

static void expect_same_level(const hako_level *a, const hako_level *b)
{
	assert_int_equal(hako_level_width(a), hako_level_width(b));
	assert_int_equal(hako_level_height(a), hako_level_height(b));
	for (int y = 0; y < hako_level_height(a); y++)
		for (int x = 0; x < hako_level_width(a); x++)
			assert_int_equal(hako_level_square(a, x, y), hako_level_square(b, x, y));
	assert_string_equal(hako_level_title(a), hako_level_title(b));
	assert_string_equal(hako_level_author(a), hako_level_author(b));
	assert_string_equal(hako_level_notes(a), hako_level_notes(b));
	assert_int_equal(hako_level_solution_count(a), hako_level_solution_count(b));
	for (size_t i = 0; i < hako_level_solution_count(a); i++)
		assert_string_equal(hako_level_solution(a, i), hako_level_solution(b, i));
	hako_error ea, eb;
	assert_int_equal(hako_level_status(a, &ea), hako_level_status(b, &eb));
}

/* Write each level as .sok with its own solutions, read all back. */
static void round_trip_collection(const hako_collection *c)
{
	size_t count = hako_collection_count(c);
	char *all = calloc(1, 1);
	size_t length = 0;
	for (size_t i = 0; i < count; i++) {
		const hako_level *level = hako_collection_level(c, i);
		const char *sols[8];
		size_t n = hako_level_solution_count(level);
		for (size_t s = 0; s < n && s < 8; s++)
			sols[s] = hako_level_solution(level, s);
		char *sok = hako_level_to_sok(level, sols, n < 8 ? n : 8);
		assert_non_null(sok);
		size_t add = strlen(sok);
		all = realloc(all, length + add + 1);
		memcpy(all + length, sok, add + 1);
		length += add;
		hako_free(sok);
	}
	hako_collection *back = collection_of(all);
	assert_int_equal(hako_collection_count(back), count);
	for (size_t i = 0; i < count; i++)
		expect_same_level(hako_collection_level(c, i), hako_collection_level(back, i));
	hako_collection_free(back);
	free(all);
}

static void round_trip(void **state)
{
	(void)state;
	hako_collection *c = collection_of(collection_text);
	round_trip_collection(c);
	hako_collection_free(c);

	hako_level *level = tu_level("; T\n#####\n#@$.#\n#####\n");
	const char *long_solution =
	    "lurdLURDlurdLURDlurdLURDlurdLURDlurdLURDlurdLURDlurdLURDlurdLURDlurd"
	    "LURDlurdLURD2(lu)3r";
	const char *sols[] = {long_solution, ""};
	char *sok = hako_level_to_sok(level, sols, 2);
	assert_string_equal(
	    sok, "; T\n#####\n#@$.#\n#####\nTitle: T\nSolution\n"
	         "lurdLURDlurdLURDlurdLURDlurdLURDlurdLURDlurdLURDlurdLURDlurdLURDlurdLU\n"
	         "RDlurdLURD2(lu)3r\nSolution\n\n");
	hako_level *back = NULL;
	hako_error err;
	assert_int_equal(parse_one(sok, &back, &err), HAKO_OK);
	assert_int_equal(hako_level_solution_count(back), 2);
	assert_string_equal(hako_level_solution(back, 0), long_solution);
	assert_string_equal(hako_level_solution(back, 1), "");
	hako_free(sok);
	hako_level_free(back);
	hako_level_free(level);

	/* A solution kept with its typos (each line mostly moves, read so
	 * that replaying it names the place) comes back the same: written
	 * whole on one line, not wrapped where a piece could read as a note
	 * (found by fuzz_level). */
	level = tu_level("; T\n#####\n#@$.#\n#####\nSolution\nR\n"
	                 "on3333333333333333g333'333333333333333333333333331)R\n"
	                 "RRxRRurdlurdlurdlurdlurdlurdlurdlurdlurdlurdlurdlurdlurdlurdlurdlu\n");
	assert_int_equal(hako_level_solution_count(level), 1);
	const char *typos = hako_level_solution(level, 0);
	sok = hako_level_to_sok(level, &typos, 1);
	assert_non_null(strstr(sok, "\nSolution\nRon3333"));
	assert_int_equal(parse_one(sok, &back, &err), HAKO_OK);
	assert_int_equal(hako_level_solution_count(back), 1);
	assert_string_equal(hako_level_solution(back, 0), typos);
	assert_string_equal(hako_level_notes(back), hako_level_notes(level));
	hako_free(sok);
	hako_level_free(back);
	hako_level_free(level);
}

/* ------------------------------------------------------- shared files */

static const struct {
	const char *file;
	size_t levels;
} shared_files[] = {
    {"Aymeric_Du_Peloux_282.xsb", 282},
    {"BoxWorld_100.xsb", 100},
    {"Grigr2001_100.xsb", 100},
    {"GrigrSpecial_40.xsb", 40},
    {"Holland_81.xsb", 81},
    {"Microban_155.xsb", 155},
    {"Microban_III.txt", 101},
    {"Sasquatch_50.xsb", 50},
    {"Sasquatch_III_50.xsb", 50},
    {"Sasquatch_V_50.xsb", 50},
    {"SokEvo_107.xsb", 107},
    {"XSokoban_90.xsb", 90},
    {"boxoban_hard_000.txt", 1000},
    {"boxoban_medium_train_000.txt", 1000},
    {"boxoban_unfiltered_train_000.txt", 1000},
    {"unit_tests/00-empty.txt", 1},
    {"unit_tests/00-solved.txt", 1},
    {"unit_tests/01-simplest-xsb.txt", 1},
    {"unit_tests/02-one-way-xsb.txt", 1},
    {"unit_tests/03-two-ways.txt", 1},
    {"unit_tests/05-same-moves-diff-pushes.txt", 1},
    {"unit_tests/05-same-pushes-diff-moves.txt", 1},
    {"unit_tests/deadlock-cell-on-dead-end.txt", 1},
    {"unit_tests/frozen_boxes.test", 1},
    {"unit_tests/no-solution-parking.txt", 1},
};

static hako_collection *shared(const char *file)
{
	char path[512];
	snprintf(path, sizeof path, "%s/%s", tu_shared_levels(), file);
	return tu_collection(path);
}

static void shared_files_load(void **state)
{
	(void)state;
	tu_skip_without_shared();
	size_t total = 0;
	for (size_t i = 0; i < sizeof shared_files / sizeof shared_files[0]; i++) {
		hako_collection *c = shared(shared_files[i].file);
		if (hako_collection_count(c) != shared_files[i].levels)
			print_error("%s: %zu levels\n", shared_files[i].file,
			            hako_collection_count(c));
		assert_int_equal(hako_collection_count(c), shared_files[i].levels);
		int empty = strcmp(shared_files[i].file, "unit_tests/00-empty.txt") == 0;
		for (size_t k = 0; k < hako_collection_count(c); k++) {
			hako_error err;
			hako_status st = hako_level_status(hako_collection_level(c, k), &err);
			if (st != HAKO_OK && !empty)
				print_error("%s #%zu: %d:%d %s\n", shared_files[i].file, k + 1,
				            err.line, err.column, err.message);
			assert_int_equal(st, empty ? HAKO_ERR_LEVEL : HAKO_OK);
			if (empty)
				assert_string_equal(err.message, "no boxes");
		}
		total += hako_collection_count(c);
		round_trip_collection(c);
		hako_collection_free(c);
	}
	assert_int_equal(total, 4206 + 10);
}

static void shared_titles(void **state)
{
	(void)state;
	tu_skip_without_shared();
	hako_collection *c = shared("XSokoban_90.xsb");
	assert_string_equal(hako_level_title(hako_collection_level(c, 0)), "screen.01");
	assert_string_equal(hako_level_title(hako_collection_level(c, 89)), "screen.90");
	assert_string_equal(hako_collection_header(c), "");
	hako_collection_free(c);
	c = shared("GrigrSpecial_40.xsb");
	assert_string_equal(hako_level_title(hako_collection_level(c, 0)), "Krutoy Povorot");
	assert_string_equal(hako_level_author(hako_collection_level(c, 0)), "GRIGoRusha");
	assert_string_equal(hako_level_notes(hako_collection_level(c, 1)),
	                    "remodel DH Bagatelle 10");
	hako_collection_free(c);
	c = shared("Holland_81.xsb");
	assert_string_equal(hako_level_title(hako_collection_level(c, 0)), "Spade");
	assert_string_equal(hako_level_author(hako_collection_level(c, 0)), "D Holland");
	assert_non_null(strstr(hako_collection_header(c), "David Holland collection"));
	hako_collection_free(c);
	c = shared("boxoban_hard_000.txt");
	assert_string_equal(hako_level_title(hako_collection_level(c, 999)), "999");
	hako_collection_free(c);
	c = shared("BoxWorld_100.xsb");
	assert_string_equal(hako_level_title(hako_collection_level(c, 0)), "Boxworld 1");
	assert_string_equal(hako_level_author(hako_collection_level(c, 0)), "Thinking Rabbit");
	hako_collection_free(c);
	c = shared("SokEvo_107.xsb"); /* "author:" in the header is every level's author */
	assert_string_equal(hako_level_author(hako_collection_level(c, 5)), "Lee J Haywood");
	hako_collection_free(c);
}

static void strerror_texts(void **state)
{
	(void)state;
	for (int s = HAKO_OK; s <= HAKO_ERR_LIMIT; s++)
		assert_true(strlen(hako_strerror((hako_status)s)) > 0);
	assert_non_null(hako_strerror((hako_status)99));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(simple_level),
	    cmocka_unit_test(alternative_characters),
	    cmocka_unit_test(short_rows_are_outside),
	    cmocka_unit_test(tabs),
	    cmocka_unit_test(crlf_and_bom),
	    cmocka_unit_test(run_length),
	    cmocka_unit_test(titles_authors_notes),
	    cmocka_unit_test(solutions),
	    cmocka_unit_test(level_parse_takes_the_first),
	    cmocka_unit_test(unknown_character),
	    cmocka_unit_test(validation),
	    cmocka_unit_test(empty_and_garbage),
	    cmocka_unit_test(long_lines),
	    cmocka_unit_test(line_ends_and_encodings),
	    cmocka_unit_test(run_length_errors),
	    cmocka_unit_test(limits),
	    cmocka_unit_test(big_levels),
	    cmocka_unit_test(round_trip),
	    cmocka_unit_test(shared_files_load),
	    cmocka_unit_test(shared_titles),
	    cmocka_unit_test(strerror_texts),
	};
	return tu_exit_code(cmocka_run_group_tests(tests, NULL, NULL));
}
