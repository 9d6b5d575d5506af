/* solve_report.c — what `hako solve` prints: the human table (or one JSON
 * object per level) on stdout, and progress lines on stderr. */
#include <stdio.h>
#include <string.h>

#include "json.h"
#include "solve.h"

#define TITLE_WIDTH 20

const char *report_status_name(hako_outcome outcome)
{
	switch (outcome) {
	case HAKO_SOLVED: return "solved";
	case HAKO_UNSOLVABLE: return "unsolvable";
	case HAKO_TIMEOUT: return "timeout";
	case HAKO_MEMOUT: return "memout";
	case HAKO_NODE_LIMIT: return "nodelimit";
	case HAKO_CANCELLED: return "cancelled";
	}
	return "unknown";
}

const char *report_optimal_name(hako_optimality optimal)
{
	switch (optimal) {
	case HAKO_OPTIMAL_PUSHES: return "pushes";
	case HAKO_OPTIMAL_MOVES: return "moves";
	case HAKO_OPTIMAL_NONE: break;
	}
	return "none";
}

/* Print at most `width` characters of a UTF-8 title, padded to `width`;
 * control characters become '?'. */
static void print_title(const char *title, int width)
{
	const unsigned char *s = (const unsigned char *)title;
	int shown = 0;
	while (*s && shown < width) {
		if (*s < 0x20 || *s == 0x7F) {
			putchar('?');
			s++;
		} else {
			putchar(*s++);
			while ((*s & 0xC0) == 0x80)
				putchar(*s++);
		}
		shown++;
	}
	for (; shown < width; shown++)
		putchar(' ');
}

void report_file_heading(const solve_config *config, const char *file)
{
	if (config->json || config->file_count < 2)
		return;
	printf("%s\n", file);
}

void report_table_header(const solve_config *config)
{
	if (config->json)
		return;
	printf("%6s  %-*s  %-10s %8s %7s %12s %9s %7s\n", "level", TITLE_WIDTH, "title", "status",
	       "moves", "pushes", "nodes", "seconds", "MiB");
	fflush(stdout);
}

static double peak_mib(const hako_solve_result *r)
{
	return r ? (double)r->stats.peak_bytes / (1024.0 * 1024.0) : 0.0;
}

/* The optimal modes give a proven lower bound on the optimum: the
 * optimum itself when solved (0 for a level solved from the start), how
 * far the proof got when a limit or Ctrl-C stopped it; an unsolvable
 * level has none. */
static int report_lower_bound(const report_row *row)
{
	const hako_solve_result *r = row->result;
	return r && row->optimal != HAKO_OPTIMAL_NONE && r->outcome != HAKO_UNSOLVABLE;
}

/* Did the fast mode's post-pass change the solution? */
static int report_shortened(const hako_solve_result *r)
{
	return r->moves_before != r->moves || r->pushes_before != r->pushes;
}

static void table_row(const report_row *row)
{
	const hako_solve_result *r = row->result;
	int solved = r && r->outcome == HAKO_SOLVED;
	printf("%6ld  ", row->number);
	print_title(row->title, TITLE_WIDTH);
	printf("  %-10s ", row->status);
	if (solved)
		printf("%8ld %7ld ", r->moves, r->pushes);
	else
		printf("%8s %7s ", "-", "-");
	if (r)
		printf("%12llu %9.2f %7.1f", (unsigned long long)r->stats.expanded,
		       r->stats.seconds, peak_mib(r));
	if (r && solved && report_shortened(r))
		printf("  (shortened from %ld moves, %ld pushes)", r->moves_before,
		       r->pushes_before);
	if (!solved && report_lower_bound(row) && r->stats.lower_bound > 0)
		printf("  (optimum at least %llu %s)", (unsigned long long)r->stats.lower_bound,
		       report_optimal_name(row->optimal));
	if (r)
		putchar('\n');
	else
		printf("%12s %9s %7s\n", "-", "-", "-");
}

/* One JSON object; fields for levels that were not solved: moves and pushes
 * 0, solution "". Invalid levels add "error"; a solution the post-pass
 * shortened adds its counts before, and "shorten_seconds" the time it took;
 * "dropped" says the fast mode gave up positions to stay inside its memory;
 * "lower_bound", in the optimal modes, what the optimum is proven to be at
 * least (the optimum itself when solved);
 * "engine" names the fast mode's search that decided, and "met" is there
 * when it finished through another search's backward states. */
static void json_row(const report_row *row)
{
	const hako_solve_result *r = row->result;
	int solved = r && r->outcome == HAKO_SOLVED;
	fputs("{\"file\":", stdout);
	json_string(stdout, row->file);
	printf(",\"level\":%ld,\"title\":", row->number);
	json_string(stdout, row->title);
	printf(",\"status\":\"%s\",\"moves\":%ld,\"pushes\":%ld,\"solution\":", row->status,
	       solved ? r->moves : 0L, solved ? r->pushes : 0L);
	json_string(stdout, solved && r->solution ? r->solution : "");
	printf(",\"optimal\":\"%s\",\"nodes\":%llu,\"seconds\":%.3f,\"peak_mib\":%.1f",
	       report_optimal_name(row->optimal), r ? (unsigned long long)r->stats.expanded : 0ULL,
	       r ? r->stats.seconds : 0.0, peak_mib(r));
	if (solved && report_shortened(r))
		printf(",\"moves_before\":%ld,\"pushes_before\":%ld", r->moves_before,
		       r->pushes_before);
	if (solved && r->shorten_seconds > 0)
		printf(",\"shorten_seconds\":%.3f", r->shorten_seconds);
	if (r && r->stats.dropped)
		printf(",\"dropped\":%llu", (unsigned long long)r->stats.dropped);
	if (report_lower_bound(row))
		printf(",\"lower_bound\":%llu", (unsigned long long)r->stats.lower_bound);
	if (r && r->engine) {
		fputs(",\"engine\":", stdout);
		json_string(stdout, r->engine);
		if (r->met)
			fputs(",\"met\":true", stdout);
	}
	if (row->error) {
		fputs(",\"error\":", stdout);
		json_string(stdout, row->error);
	}
	fputs("}\n", stdout);
}

void report_level(const solve_config *config, const report_row *row, report_totals *totals)
{
	if (config->json)
		json_row(row);
	else
		table_row(row);
	fflush(stdout);
	totals->levels++;
	if (row->result) {
		totals->solved += row->result->outcome == HAKO_SOLVED;
		totals->seconds += row->result->stats.seconds;
		totals->nodes += (unsigned long long)row->result->stats.expanded;
	}
}

void report_totals_line(const solve_config *config, const report_totals *totals, int interrupted)
{
	FILE *out = config->json ? stderr : stdout;
	fprintf(out, "solved %ld of %ld level%s in %.2f s, %llu nodes%s\n", totals->solved,
	        totals->levels, totals->levels == 1 ? "" : "s", totals->seconds, totals->nodes,
	        interrupted ? " (interrupted)" : "");
	fflush(out);
}

void progress_start(progress *p, const char *file, long number, const char *title)
{
	p->last = 0.0;
	p->number = number;
	p->file = file;
	if (!p->enabled)
		return;
	fprintf(stderr, "%ssolving %s level %ld%s%s%s%s", p->tty ? "\r\033[K" : "", file, number,
	        title[0] ? " (" : "", title, title[0] ? ")" : "", p->tty ? " ..." : "\n");
	fflush(stderr);
}

int progress_update(void *user, const hako_stats *stats)
{
	progress *p = user;
	double interval = p->tty ? 1.0 : 5.0;
	if (p->enabled && stats->seconds - p->last >= interval) {
		p->last = stats->seconds;
		fprintf(stderr, "%s  level %ld: %llu nodes, %.0f s, %.1f MiB",
		        p->tty ? "\r\033[K" : "", p->number, (unsigned long long)stats->expanded,
		        stats->seconds, (double)stats->peak_bytes / (1024.0 * 1024.0));
		/* The optimal modes: how far the proof of the optimum has got. */
		if (p->bound_unit && stats->lower_bound)
			fprintf(stderr, ", optimum at least %llu %s",
			        (unsigned long long)stats->lower_bound, p->bound_unit);
		fputs(p->tty ? "" : "\n", stderr);
		fflush(stderr);
	}
	return p->cancel && *p->cancel;
}

void progress_finish(progress *p)
{
	if (p->enabled && p->tty) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
}
