/*
 * fuzz.h: what every fuzz target defines (the libFuzzer interface) and the
 * few helpers they share. A target is linked either with libFuzzer (clang,
 * `make fuzz`) or with standalone.c, which feeds it the files named on its
 * command line (`make tests`, and tests/t_fuzz_corpus.sh).
 */
#ifndef PODIUM_FUZZ_H
#define PODIUM_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Called once before any input; may read the environment. Returns 0. */
int LLVMFuzzerInitialize(int *argc, char ***argv);
/* Runs one input. Returns 0; a broken property aborts. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * The repository root, for targets that read fixtures: $PODIUM_ROOT, else the
 * folder the Makefile compiled in (FUZZ_ROOT).
 */
const char *fuzz_root(void);

/* A broken property: says which and aborts, so the fuzzer keeps the input. */
#define FUZZ_ASSERT(cond, what) do { \
	if (!(cond)) { \
		fprintf(stderr, "%s:%d: property broken: %s\n", __FILE__, __LINE__, (what)); \
		abort(); \
	} \
} while (0)

#endif
