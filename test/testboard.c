/* testboard.c — boards and start positions from XSB for the tests. */
#include "testboard.h"

#include <stdlib.h>
#include <string.h>

#include "reach.h"

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
	size_t capacity = 64 + count * 2, length = 0;
	char *out = malloc(capacity);
	uint8_t *occupied = calloc((size_t)b->square_count + 1, 1);
	reach walker;
	assert_non_null(out);
	assert_non_null(occupied);
	assert_int_equal(reach_init(&walker, b->square_count), HAKO_OK);
	for (int i = 0; i < b->box_count; i++)
		occupied[b->start_boxes[i]] = 1;
	unsigned player = b->start_player;
	for (size_t k = 0; k < count; k++) {
		unsigned from = pushes[k].from, dir = pushes[k].dir;
		assert_true(dir < 4);
		uint16_t behind = board_next(b, from, DIR_OPPOSITE(dir));
		uint16_t to = board_next(b, from, dir);
		assert_true(behind != SQUARE_NONE && to != SQUARE_NONE);
		assert_true(occupied[from] && !occupied[to]);
		reach_distances(&walker, b, occupied, player);
		assert_true(reach_has(&walker, behind));
		size_t need = length + walker.distance[behind] + 3;
		while (need > capacity) {
			capacity *= 2;
			out = realloc(out, capacity);
			assert_non_null(out);
		}
		length += (size_t)reach_walk(&walker, b, behind, out + length);
		out[length++] = board_push_letter[dir];
		occupied[from] = 0;
		occupied[to] = 1;
		player = from;
	}
	out[length] = '\0';
	reach_free(&walker);
	free(occupied);
	return out;
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
