/* cmd.h: the subcommands; main() only parses the command word and dispatches. */
#ifndef PODIUM_CMD_H
#define PODIUM_CMD_H

int cmd_build(int argc, char *argv[]);
int cmd_check(int argc, char *argv[]);
int cmd_serve(int argc, char *argv[]);
int cmd_new(int argc, char *argv[]);

#endif
