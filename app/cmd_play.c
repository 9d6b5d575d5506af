/* cmd_play.c — `hako play`: the terminal player. Placeholder: it comes in a
 * later issue; until then the verb says so and exits 2. */
#include <stdio.h>
#include <string.h>

#include "commands.h"
#include "options.h"

int cmd_play(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
			fputs("Usage: hako play [FILE]\n"
			      "Not yet implemented: the terminal player comes in a later issue.\n",
			      stdout);
			return 0;
		}
	}
	fputs("hako: play: not yet implemented (the terminal player comes in a later issue)\n",
	      stderr);
	return EXIT_USAGE;
}
