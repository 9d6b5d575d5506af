/* commands.h — the verbs of the hako program, one file each. Each takes
 * the arguments after the verb name (argv[0] is the verb) and returns the
 * exit code. */
#ifndef HAKO_APP_COMMANDS_H
#define HAKO_APP_COMMANDS_H

int cmd_solve(int argc, char **argv);
int cmd_label(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_deadlocks(int argc, char **argv);
int cmd_play(int argc, char **argv);

#endif
