/* testboard.c — boards and start positions from XSB for the tests. */
#include "testboard.h"

#include <stdlib.h>
#include <string.h>

#include "reach.h"
#include "search.h"

void tb_open(tb_position *p, const char *xsb)
{
	memset(p, 0, sizeof *p);
	p->level = tu_level(xsb);
	assert_int_equal(board_build(p->level, &p->b), HAKO_OK);
	p->occupied = calloc((size_t)p->b.square_count + 1, 1);
	p->boxes = calloc((size_t)p->b.box_count + 1, sizeof(uint16_t));
	p->proof_boxes = calloc((size_t)p->b.box_count + 1, sizeof(uint16_t));
	assert_non_null(p->occupied);
	assert_non_null(p->boxes);
	assert_non_null(p->proof_boxes);
	for (int i = 0; i < p->b.box_count; i++) {
		p->boxes[i] = p->b.start_boxes[i];
		p->occupied[p->boxes[i]] = 1;
	}
	p->proof.kind = DEADLOCK_NONE;
	p->proof.count = 0;
	p->proof.boxes = p->proof_boxes;
}

void tb_close(tb_position *p)
{
	free(p->occupied);
	free(p->boxes);
	free(p->proof_boxes);
	board_free(&p->b);
	hako_level_free(p->level);
}

unsigned tb_square(const board *b, int x, int y)
{
	int32_t s = b->grid_to_square[y * b->width + x];
	assert_true(s >= 0);
	return (unsigned)s;
}

int tb_proof_has(const tb_position *p, int x, int y)
{
	unsigned s = tb_square(&p->b, x, y);
	for (int i = 0; i < p->proof.count; i++)
		if (p->proof.boxes[i] == s)
			return 1;
	return 0;
}

char *tb_pushes_to_lurd(const board *b, const search_push *pushes, size_t count)
{
	char *lurd = search_lurd(b, pushes, count);
	assert_non_null(lurd);
	return lurd;
}

void tb_sort_boxes(uint16_t *boxes, int k)
{
	for (int i = 1; i < k; i++)
		for (int j = i; j > 0 && boxes[j - 1] > boxes[j]; j--) {
			uint16_t t = boxes[j];
			boxes[j] = boxes[j - 1];
			boxes[j - 1] = t;
		}
}

int tb_next_subset(uint16_t *pick, int k, int n)
{
	int i = k - 1;
	while (i >= 0 && pick[i] == n - k + i)
		i--;
	if (i < 0)
		return 0;
	pick[i]++;
	for (int j = i + 1; j < k; j++)
		pick[j] = (uint16_t)(pick[j - 1] + 1);
	return 1;
}

const char *const tb_sweep_boards[TB_SWEEP_BOARDS] = {
    "#######\n"
    "#  #  #\n"
    "#  $  #\n"
    "## # ##\n"
    "#. $ .#\n"
    "#  @  #\n"
    "#######\n",

    "#######\n"
    "#.#   #\n"
    "#   $ #\n"
    "# #$# #\n"
    "#.  @ #\n"
    "#######\n",

    "########\n"
    "#  #   #\n"
    "# $  . #\n"
    "#.$## ##\n"
    "#  $  .#\n"
    "#@  #  #\n"
    "########\n",

    "########\n"
    "#@  $ ##\n"
    "#  ##*.#\n"
    "#  #####\n"
    "########\n",

    /* two doors between rooms */
    "########\n"
    "#@     #\n"
    "#   $ .#\n"
    "##$#$###\n"
    "#.   .#\n"
    "#     #\n"
    "#######\n",
};

static unsigned random_square(const board *b, uint64_t *seed)
{
	*seed = *seed * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)(*seed >> 33) % (unsigned)b->square_count;
}

void tb_random_position(const board *b, uint64_t *seed, uint8_t *taken, uint16_t *boxes,
                        int goals_from, unsigned *player)
{
	for (int i = 0; i < b->box_count; i++) {
		unsigned square;
		do
			square = random_square(b, seed);
		while (taken[square]);
		taken[square] = 1;
		boxes[i] = (uint16_t)square;
	}
	for (int i = goals_from < 0 ? b->box_count : goals_from; i < b->box_count; i++)
		if (!taken[b->goals[i]] || boxes[i] == b->goals[i]) {
			taken[boxes[i]] = 0;
			boxes[i] = b->goals[i];
			taken[boxes[i]] = 1;
		}
	do
		*player = random_square(b, seed);
	while (taken[*player]);
}
