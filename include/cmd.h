/* cmd.h: the subcommands; main() only parses the command word and dispatches. */
#ifndef PODIUM_CMD_H
#define PODIUM_CMD_H

int cmd_build(int argc, char *argv[]);
int cmd_check(int argc, char *argv[]);
int cmd_serve(int argc, char *argv[]);
int cmd_new(int argc, char *argv[]);
int cmd_init(int argc, char *argv[]);
/* env.c: EXIT_OK, or EXIT_USAGE after saying which variable of the
 * environment podium cannot read (SOURCE_DATE_EPOCH, PODIUM_THREADS). */
int env_check(void);

/* new.c, for init.c too. */
struct buf;
/* Writes the new file rel under the project dir (its folders made, each
 * checked to stay in dir); refuses to replace a file. An exit status. */
int write_new(const char *dir, const char *rel, const struct buf *b);
/* s as a YAML double-quoted string. */
void yaml_quoted(struct buf *b, const char *s);

#endif
