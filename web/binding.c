/* binding.c — the browser page's thin binding over include/hako.h: every
 * export takes and returns numbers (handles and strings are addresses in
 * the WebAssembly memory), so web/hako.js needs no glue generator. It
 * sees only the public header, like app/; the structs the API fills
 * (hako_error, hako_deadlock_info, hako_solve_result) are flattened here.
 *
 * The scratch below is a client's state, not the library's: one wasm
 * instance is one thread, and the page and its Web Worker each have their
 * own instance. */
#include <stdlib.h>
#include <string.h>

#include "hako.h"

#define WEB_EXPORT(name) __attribute__((export_name(#name)))

static hako_error last_error;         /* of the last parse or status call */
static hako_solve_result last_result; /* of the last web_solve */
static hako_replay last_replay;       /* of the last web_replay */

WEB_EXPORT(web_alloc) void *web_alloc(size_t size)
{
	return malloc(size ? size : 1);
}

WEB_EXPORT(web_free) void web_free(void *memory)
{
	free(memory);
}

WEB_EXPORT(web_version) const char *web_version(void)
{
	return HAKO_VERSION;
}

WEB_EXPORT(web_strerror) const char *web_strerror(int status)
{
	return hako_strerror((hako_status)status);
}

/* "line:column: message" of the last failure ("" when it had no text). */
WEB_EXPORT(web_error_message) const char *web_error_message(void)
{
	return last_error.message;
}

WEB_EXPORT(web_error_line) int web_error_line(void)
{
	return last_error.line;
}

WEB_EXPORT(web_error_column) int web_error_column(void)
{
	return last_error.column;
}

/* ------------------------------------------------------------ levels */

/* A collection, or NULL with the reason in web_error_*. */
WEB_EXPORT(web_collection_parse)
hako_collection *web_collection_parse(const char *text, size_t length)
{
	hako_collection *c = NULL;
	memset(&last_error, 0, sizeof last_error);
	if (hako_collection_parse(text, length, NULL, &c, &last_error) != HAKO_OK)
		return NULL;
	return c;
}

WEB_EXPORT(web_collection_free) void web_collection_free(hako_collection *c)
{
	hako_collection_free(c);
}

WEB_EXPORT(web_collection_count) int web_collection_count(const hako_collection *c)
{
	return (int)hako_collection_count(c);
}

WEB_EXPORT(web_collection_level)
const hako_level *web_collection_level(const hako_collection *c, int index)
{
	return index < 0 ? NULL : hako_collection_level(c, (size_t)index);
}

WEB_EXPORT(web_collection_header) const char *web_collection_header(const hako_collection *c)
{
	return hako_collection_header(c);
}

/* One level (the first board of the text), or NULL; web_level_status says
 * whether it can be played. */
WEB_EXPORT(web_level_parse) hako_level *web_level_parse(const char *text, size_t length)
{
	hako_level *level = NULL;
	memset(&last_error, 0, sizeof last_error);
	hako_status status = hako_level_parse(text, length, NULL, &level, &last_error);
	if (status != HAKO_OK && status != HAKO_ERR_LEVEL) {
		hako_level_free(level);
		return NULL;
	}
	return level;
}

WEB_EXPORT(web_level_free) void web_level_free(hako_level *level)
{
	hako_level_free(level);
}

/* 0 when playable, else the status with the reason in web_error_*. */
WEB_EXPORT(web_level_status) int web_level_status(const hako_level *level)
{
	memset(&last_error, 0, sizeof last_error);
	return (int)hako_level_status(level, &last_error);
}

WEB_EXPORT(web_level_width) int web_level_width(const hako_level *level)
{
	return hako_level_width(level);
}

WEB_EXPORT(web_level_height) int web_level_height(const hako_level *level)
{
	return hako_level_height(level);
}

WEB_EXPORT(web_level_square) int web_level_square(const hako_level *level, int x, int y)
{
	return hako_level_square(level, x, y);
}

WEB_EXPORT(web_level_title) const char *web_level_title(const hako_level *level)
{
	return hako_level_title(level);
}

WEB_EXPORT(web_level_author) const char *web_level_author(const hako_level *level)
{
	return hako_level_author(level);
}

WEB_EXPORT(web_level_to_xsb) char *web_level_to_xsb(const hako_level *level)
{
	return hako_level_to_xsb(level);
}

/* The level as .sok with `count` solutions, given one per line. */
WEB_EXPORT(web_level_to_sok)
char *web_level_to_sok(const hako_level *level, char *solutions, int count)
{
	const char *list[2] = {NULL, NULL};
	if (count < 0 || count > 2)
		return NULL;
	for (int i = 0; i < count; i++) {
		list[i] = solutions;
		char *end = strchr(solutions, '\n');
		if (end) {
			*end = '\0';
			solutions = end + 1;
		} else if (i + 1 < count) {
			return NULL;
		}
	}
	return hako_level_to_sok(level, count ? list : NULL, (size_t)count);
}

/* Replay: 0 when every step is legal (see web_replay_*), else the status. */
WEB_EXPORT(web_replay) int web_replay(const hako_level *level, const char *lurd)
{
	memset(&last_replay, 0, sizeof last_replay);
	return (int)hako_replay_lurd(level, lurd, &last_replay);
}

WEB_EXPORT(web_replay_solved) int web_replay_solved(void)
{
	return last_replay.solved;
}

WEB_EXPORT(web_replay_moves) long web_replay_moves(void)
{
	return last_replay.moves;
}

WEB_EXPORT(web_replay_pushes) long web_replay_pushes(void)
{
	return last_replay.pushes;
}

WEB_EXPORT(web_replay_message) const char *web_replay_message(void)
{
	return last_replay.message;
}

/* Plain LURD letters, or NULL (reason in web_error_*). */
WEB_EXPORT(web_lurd_expand) char *web_lurd_expand(const char *lurd)
{
	memset(&last_error, 0, sizeof last_error);
	return hako_lurd_expand(lurd, &last_error);
}

/* -------------------------------------------------------------- game */

WEB_EXPORT(web_game_new) hako_game *web_game_new(const hako_level *level)
{
	hako_game *game = NULL;
	return hako_game_new(level, &game) == HAKO_OK ? game : NULL;
}

WEB_EXPORT(web_game_free) void web_game_free(hako_game *game)
{
	hako_game_free(game);
}

/* 1 a box moved, 0 a walk, -1 blocked (nothing changed). */
WEB_EXPORT(web_game_step) int web_game_step(hako_game *game, int direction)
{
	int pushed = 0;
	if (hako_game_step(game, (char)direction, &pushed) != HAKO_OK)
		return -1;
	return pushed;
}

WEB_EXPORT(web_game_undo) int web_game_undo(hako_game *game)
{
	return hako_game_undo(game);
}

WEB_EXPORT(web_game_redo) int web_game_redo(hako_game *game)
{
	return hako_game_redo(game);
}

WEB_EXPORT(web_game_restart) void web_game_restart(hako_game *game)
{
	hako_game_restart(game);
}

WEB_EXPORT(web_game_moves) long web_game_moves(const hako_game *game)
{
	return hako_game_moves(game);
}

WEB_EXPORT(web_game_pushes) long web_game_pushes(const hako_game *game)
{
	return hako_game_pushes(game);
}

WEB_EXPORT(web_game_solved) int web_game_solved(const hako_game *game)
{
	return hako_game_solved(game);
}

/* The board in one call: out[i] is the XSB square of (i % width, i /
 * width) and out[width * height + i] is 1 on a simple dead square. */
WEB_EXPORT(web_game_fill) void web_game_fill(const hako_game *game, unsigned char *out)
{
	const hako_level *level = hako_game_level(game);
	int width = hako_level_width(level), height = hako_level_height(level);
	for (int y = 0; y < height; y++)
		for (int x = 0; x < width; x++) {
			int i = y * width + x;
			out[i] = (unsigned char)hako_game_square(game, x, y);
			out[width * height + i] = (unsigned char)hako_game_dead_square(game, x, y);
		}
}

/* The player's square as y * width + x. */
WEB_EXPORT(web_game_player) int web_game_player(const hako_game *game)
{
	int x = 0, y = 0;
	hako_game_player(game, &x, &y);
	return y * hako_level_width(hako_game_level(game)) + x;
}

WEB_EXPORT(web_game_lurd) char *web_game_lurd(const hako_game *game)
{
	return hako_game_lurd(game);
}

/* The deadlock kind (0 none), or -1 on failure. out[0] gets the number of
 * proof boxes kept (at most `room`), then their x, y pairs. */
WEB_EXPORT(web_deadlock)
int web_deadlock(hako_game *game, double budget, int *out, int room)
{
	hako_deadlock_info info;
	if (hako_deadlock_check(game, (uint64_t)budget, &info) != HAKO_OK)
		return -1;
	int kept = info.box_count < room ? info.box_count : room;
	out[0] = kept;
	for (int i = 0; i < kept; i++) {
		out[1 + 2 * i] = info.box_x[i];
		out[2 + 2 * i] = info.box_y[i];
	}
	return (int)info.kind;
}

WEB_EXPORT(web_deadlock_name) const char *web_deadlock_name(int kind)
{
	return hako_deadlock_name((hako_deadlock_kind)kind);
}

WEB_EXPORT(web_game_walk_to) int web_game_walk_to(hako_game *game, int x, int y)
{
	return (int)hako_game_walk_to(game, x, y);
}

WEB_EXPORT(web_game_push_box)
int web_game_push_box(hako_game *game, int from_x, int from_y, int to_x, int to_y)
{
	return (int)hako_game_push_box(game, from_x, from_y, to_x, to_y);
}

WEB_EXPORT(web_game_box_targets)
int web_game_box_targets(hako_game *game, int x, int y, unsigned char *grid)
{
	return hako_game_box_targets(game, x, y, grid);
}

/* The position as XSB text (for the solver in the worker); hako_free. */
WEB_EXPORT(web_game_position_xsb) char *web_game_position_xsb(const hako_game *game)
{
	hako_level *position = hako_game_position(game);
	if (!position)
		return NULL;
	char *xsb = hako_level_to_xsb(position);
	hako_level_free(position);
	return xsb;
}

/* ------------------------------------------------------------ solver */

/* Solve the level in the fast mode (optimal 0) or an optimal one, within
 * `seconds` and `memory_mib`: the outcome (see hako_outcome), or -1 when
 * the call failed. The result stays until the next web_solve. */
WEB_EXPORT(web_solve)
int web_solve(const hako_level *level, int optimal, double seconds, int memory_mib)
{
	hako_solve_result_clear(&last_result);
	memset(&last_result, 0, sizeof last_result);
	hako_solver_options options;
	hako_solver_options_init(&options);
	options.optimal = (hako_optimality)optimal;
	options.time_limit = seconds;
	options.memory_limit = (size_t)memory_mib << 20;
	options.threads = 1;
	if (hako_solve(level, &options, &last_result) != HAKO_OK)
		return -1;
	return (int)last_result.outcome;
}

WEB_EXPORT(web_solve_solution) const char *web_solve_solution(void)
{
	return last_result.solution ? last_result.solution : "";
}

WEB_EXPORT(web_solve_seconds) double web_solve_seconds(void)
{
	return last_result.stats.seconds;
}

WEB_EXPORT(web_solve_nodes) double web_solve_nodes(void)
{
	return (double)last_result.stats.expanded;
}

WEB_EXPORT(web_outcome_name) const char *web_outcome_name(int outcome)
{
	return hako_outcome_name((hako_outcome)outcome);
}

/* ------------------------------------------------------------- bench */

/* `hako bench`'s node signature, searched in WebAssembly: equal to the
 * native one when the library behaves the same here (test/e2e_web.sh). */
WEB_EXPORT(web_bench) double web_bench(void)
{
	hako_bench_result total;
	if (hako_bench(NULL, NULL, &total) != HAKO_OK)
		return -1;
	return (double)total.nodes;
}
