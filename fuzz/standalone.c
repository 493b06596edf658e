/*
 * standalone.c: a main() for a fuzz target without libFuzzer. Feeds each file
 * named on the command line to LLVMFuzzerTestOneInput, once, in order, and
 * prints nothing unless a file cannot be read (exit 2) or the target aborts.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "fuzz.h"
#include "util.h"

int
main(int argc, char **argv)
{
	struct buf b = BUF_INIT;
	int i;

	LLVMFuzzerInitialize(&argc, &argv);
	for (i = 1; i < argc; i++) {
		buf_reset(&b);
		if (file_read(argv[i], (size_t)64 << 20, &b) != FILE_OK) {
			fprintf(stderr, "%s: cannot read: %s\n", argv[i], strerror(errno));
			buf_release(&b);
			return 2;
		}
		/* A copy of exactly the input's size, so ASan sees overreads. */
		{
			uint8_t *p = xmalloc(b.len ? b.len : 1);

			memcpy(p, b.data, b.len);
			LLVMFuzzerTestOneInput(p, b.len);
			free(p);
		}
	}
	buf_release(&b);
	return 0;
}
