/* cmd_deadlocks.c — `hako deadlocks`: the board with dead squares marked and
 * the deadlock verdict. Placeholder: it comes with the deadlock-detection
 * issue (#3); until then the verb says so and exits 2. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "options.h"

int cmd_deadlocks(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			fputs("Usage: hako deadlocks FILE [-l N] [--moves LURD] [--json]\n"
			      "Not yet implemented: it comes with the deadlock-detection issue "
			      "(#3).\n",
			      stdout);
			return 0;
		}
	}
	fputs("hako: deadlocks: not yet implemented (it comes with the deadlock-detection "
	      "issue, #3)\n",
	      stderr);
	return EXIT_USAGE;
}
