/* main.c — the hako program: dispatches the verb (solve, verify, bench,
 * deadlocks, play, label) and answers --help and --version. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "hako.h"
#include "options.h"

static const char usage_text[] =
    "Usage: hako VERB [options] ...\n"
    "A Sokoban solver.\n"
    "\n"
    "Verbs:\n"
    "  solve [options] FILE...        solve levels (FILE may be - for stdin)\n"
    "  label FILE... -o LABELS.jsonl  label levels (push-optimal, else fast), resumable\n"
    "  verify FILE [-l N] [LURD|-]    replay solutions and check they solve their levels\n"
    "  deadlocks FILE [-l N] ...      dead squares, and the deadlock verdict after --moves\n"
    "  bench                          deterministic node-count signature\n"
    "  play [FILE] [-l N]             the terminal player (? in it lists the keys)\n"
    "\n"
    "Run 'hako VERB --help' for the options of a verb.\n"
    "\n"
    "Exit codes: 0 every level solved (or verified), 1 some not solved,\n"
    "2 usage error, 3 input error (unreadable file, bad level, bad solution),\n"
    "130 interrupted (Ctrl-C).\n";

typedef struct verb {
	const char *name;
	int (*run)(int argc, char **argv);
} verb;

static const verb verbs[] = {
    {"solve", cmd_solve}, {"label", cmd_label},         {"verify", cmd_verify},
    {"bench", cmd_bench}, {"deadlocks", cmd_deadlocks}, {"play", cmd_play},
};

int main(int argc, char **argv)
{
	if (argc < 2)
		return opt_usage_error(
		    NULL, "no verb given (solve, label, verify, bench, deadlocks, play)");
	const char *name = argv[1];
	if (strcmp(name, "-h") == 0 || strcmp(name, "--help") == 0 || strcmp(name, "help") == 0) {
		fputs(usage_text, stdout);
		return 0;
	}
	if (strcmp(name, "-V") == 0 || strcmp(name, "--version") == 0 ||
	    strcmp(name, "version") == 0) {
		printf("hako %s\n", HAKO_VERSION);
		return 0;
	}
	for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
		if (strcmp(name, verbs[i].name) == 0)
			return verbs[i].run(argc - 1, argv + 1);
	return opt_usage_error(NULL, "unknown verb '%s'", name);
}
