/* solver.c — hako_solve: level -> board -> search -> LURD with the walks
 * between pushes -> replayed by the independent verifier (solution.c)
 * before it is returned. */
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "deadline.h"
#include "level.h"
#include "reach.h"
#include "search.h"
#include "shorten.h"

const char *hako_outcome_name(hako_outcome outcome)
{
	switch (outcome) {
	case HAKO_SOLVED: return "solved";
	case HAKO_UNSOLVABLE: return "unsolvable";
	case HAKO_TIMEOUT: return "timeout";
	case HAKO_MEMOUT: return "memout";
	case HAKO_NODE_LIMIT: return "node-limit";
	case HAKO_CANCELLED: return "cancelled";
	}
	return "unknown";
}

void hako_solver_options_init(hako_solver_options *options)
{
	memset(options, 0, sizeof *options);
	options->size = sizeof *options;
	options->optimal = HAKO_OPTIMAL_NONE;
	options->time_limit = 60.0;
	options->memory_limit = (size_t)1 << 30;
	options->progress_interval = 65536;
	options->deadlock_detection = 1;
	options->macros = 1;
	options->threads = 1;
	options->shorten = 1;
	options->pattern_databases = 1;
	options->symmetry = 1;
}

void hako_solve_result_clear(hako_solve_result *result)
{
	if (!result)
		return;
	free(result->solution);
	memset(result, 0, sizeof *result);
}

/* The fast mode's portfolio (search_portfolio): add an engine here. FESS
 * and the bidirectional search fail on different levels, so together (two
 * threads, or interleaved with one) they solve what either solves. The
 * weighted A* (search_engine_astar) is left out: at 5 s a level
 * it solved no level of Microban or XSokoban 1-20 that they did not. The
 * ordered search and the bidirectional search with the other tie rule open
 * late (start_after): they are for the levels the first two do not solve
 * at once. Festival's HF pair (bidir-hf) opens after the first expansion,
 * on the second thread, and gives up after 40,000 expansions: Microban III
 * 58 needs its few seconds within the first ten (BENCH.md). FESS without
 * the forced-move rule (fess-plain) opens after 10 s of wall time, on the
 * second thread: XSokoban 52 is solved by it and not by FESS. */
static const search_engine *const fast_engines[] = {
    &search_engine_fess,         &search_engine_bidir,    &search_engine_order,
    &search_engine_bidir_newest, &search_engine_bidir_hf, &search_engine_fess_plain};

/* Replay the pushes from the start, walking the player by shortest paths to
 * the square behind each box. */
char *search_lurd(const board *b, const search_push *pushes, size_t count)
{
	size_t capacity = 64, length = 0;
	char *out = malloc(capacity);
	uint8_t *occupied = calloc((size_t)b->square_count + 1, 1);
	reach walker;
	if (!out || !occupied || reach_init(&walker, b->square_count) != HAKO_OK) {
		free(out);
		free(occupied);
		return NULL;
	}
	for (int i = 0; i < b->box_count; i++)
		occupied[b->start_boxes[i]] = 1;
	unsigned player = b->start_player;
	for (size_t k = 0; k < count && out; k++) {
		unsigned from = pushes[k].from, dir = pushes[k].dir;
		unsigned behind = board_next(b, from, DIR_OPPOSITE(dir));
		unsigned to = board_next(b, from, dir);
		reach_distances(&walker, b, occupied, player);
		if (behind == SQUARE_NONE || !reach_has(&walker, behind) || !occupied[from]) {
			free(out); /* the search handed back an impossible push */
			out = NULL;
			break;
		}
		size_t need = length + walker.distance[behind] + 3;
		if (need > capacity) {
			while (need > capacity)
				capacity *= 2;
			char *grown = realloc(out, capacity);
			if (!grown) {
				free(out);
				out = NULL;
				break;
			}
			out = grown;
		}
		length += (size_t)reach_walk(&walker, b, behind, out + length);
		out[length++] = board_push_letter[dir];
		occupied[from] = 0;
		occupied[to] = 1;
		player = from;
	}
	if (out)
		out[length] = '\0';
	reach_free(&walker);
	free(occupied);
	return out;
}

/* No box off a goal and no empty goal. */
static int start_solved(const hako_level *level)
{
	size_t cells = (size_t)level->width * (size_t)level->height;
	for (size_t g = 0; g < cells; g++) {
		char c = level->squares[g];
		if (c == '$' || c == '.' || c == '+')
			return 0;
	}
	return 1;
}

hako_status hako_solve(const hako_level *level, const hako_solver_options *options,
                       hako_solve_result *result)
{
	if (!level || !result)
		return HAKO_ERR_ARGUMENT;
	memset(result, 0, sizeof *result);
	hako_solver_options defaults;
	hako_solver_options_init(&defaults);
	if (options) {
		/* Accept an older, smaller options struct: take what it has. */
		if (options->size < offsetof(hako_solver_options, progress_interval) ||
		    options->size > sizeof defaults)
			return HAKO_ERR_ARGUMENT;
		memcpy(&defaults, options, options->size);
		defaults.size = sizeof defaults;
	}
	if (defaults.optimal > HAKO_OPTIMAL_MOVES)
		return HAKO_ERR_ARGUMENT;
	/* The defaults zero options stand for, once for every engine. */
	search_options_normalize(&defaults);
	if (level->status != HAKO_OK)
		return HAKO_ERR_LEVEL;
	/* A start with every box on a goal is solved by no move at all,
	 * whatever the budget (no board, no search). */
	if (start_solved(level)) {
		hako_replay replay;
		if (hako_replay_lurd(level, "", &replay) == HAKO_OK && replay.solved) {
			result->solution = calloc(1, 1);
			if (!result->solution)
				return HAKO_ERR_NOMEM;
			result->outcome = HAKO_SOLVED;
			return HAKO_OK;
		}
	}
	/* The limits hold from here, the board's set-up included: the engines
	 * get what is left of the time. */
	double started = search_now();
	deadline stop;
	deadline_init(&stop, defaults.time_limit, defaults.cancel);
	board b;
	hako_status st = board_build_limited(level, &b, &stop, defaults.memory_limit);
	if (st != HAKO_OK && deadline_passed(&stop)) {
		result->outcome = stop.why;
		result->stats.seconds = search_now() - started;
		return HAKO_OK;
	}
	if (st == HAKO_ERR_NOMEM) {
		result->outcome = HAKO_MEMOUT;
		return HAKO_OK;
	}
	if (st != HAKO_OK)
		return st;
	double time_limit = defaults.time_limit; /* the shortening's share is of it */
	if (defaults.time_limit > 0) {
		double left = defaults.time_limit - (search_now() - started);
		/* Never 0, which would mean no limit. */
		defaults.time_limit = left > 1e-6 ? left : 1e-6;
	}
	if (b.unsolvable) {
		result->outcome = HAKO_UNSOLVABLE;
		board_free(&b);
		return HAKO_OK;
	}
	search_result found;
	if (defaults.optimal == HAKO_OPTIMAL_NONE)
		st = search_portfolio(&b, &defaults, fast_engines,
		                      (int)(sizeof fast_engines / sizeof fast_engines[0]),
		                      defaults.threads, &found);
	else
		st = search_astar(&b, &defaults, &found);
	result->outcome = found.outcome;
	result->stats = found.stats;
	result->engine = found.engine;
	result->met = found.met;
	result->stats.seconds = search_now() - started; /* the board's set-up too */
	/* Issue 5: the fast mode's solution, shortened (never lengthened; it
	 * falls back to the pushes as found on any doubt). */
	shorten_report shortened = {0};
	if (st == HAKO_OK && found.outcome == HAKO_SOLVED &&
	    defaults.optimal == HAKO_OPTIMAL_NONE && defaults.shorten) {
		shorten_limits limits = shorten_default_limits(found.push_count, time_limit);
		/* -j 1 promises the same solution every run: the post-pass then
		 * stops on its node budget alone, and on the clock only where it
		 * would run past the level's time limit (as a search may: a large
		 * level's windows can take seconds each). */
		if (defaults.threads <= 1) {
			double left = time_limit - (search_now() - started);
			limits.seconds = time_limit <= 0 ? 0 : left > 1e-6 ? left : 1e-6;
		}
		shorten_scale_to_search(&limits, found.stats.generated);
		shorten_pushes(&b, found.pushes, &found.push_count, &limits, &shortened);
	}
	if (st == HAKO_OK && found.outcome == HAKO_SOLVED) {
		char *lurd = search_lurd(&b, found.pushes, found.push_count);
		hako_replay replay;
		if (!lurd) {
			st = HAKO_ERR_NOMEM;
		} else if (hako_replay_lurd(level, lurd, &replay) != HAKO_OK || !replay.solved ||
		           (size_t)replay.pushes != found.push_count) {
			/* Never hand out a solution the verifier rejects. */
			free(lurd);
			st = HAKO_ERR_SOLUTION;
		} else {
			result->solution = lurd;
			result->moves = replay.moves;
			result->pushes = replay.pushes;
			int ran = shortened.moves_before > 0; /* replayed, at least one push */
			result->moves_before = ran ? shortened.moves_before : replay.moves;
			result->pushes_before = ran ? shortened.pushes_before : replay.pushes;
			result->shorten_seconds = shortened.seconds;
		}
	}
	search_result_free(&found);
	board_free(&b);
	return st;
}
