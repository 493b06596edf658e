# podium: a static report generator for ratings publications.
.SUFFIXES:

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/podium
DESTDIR ?=

CC      ?= cc
PKGS    = libcmark yaml-0.1 cairo pangocairo fontconfig libmicrohttpd icu-uc icu-i18n libpng
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS))
PKG_LIBS   := $(shell pkg-config --libs $(PKGS)) -lm -pthread
# The test programs (and the fuzz targets) read and check JSON with jansson;
# podium does not link it.
TEST_CFLAGS := $(shell pkg-config --cflags jansson)
TEST_LIBS   := $(shell pkg-config --libs jansson)
CHECK_CFLAGS := $(shell pkg-config --cflags check)
CHECK_LIBS   := $(shell pkg-config --libs check)

OPT     ?= -O2 -g
WARN    = -std=c17 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes
# WERROR=1 (CI): a warning fails the build, in every variant and the tests.
ifeq ($(WERROR),1)
WARN   += -Werror
endif
ALL_CFLAGS = $(OPT) $(WARN) -pthread -D_GNU_SOURCE -Iinclude $(GEN_INCS) -Ibuild/$(V) $(PKG_CFLAGS) $(CFLAGS)

# V names the build variant: "release" (default) or "asan".
V ?= release
B = build/$(V)

SRCS    := $(sort $(wildcard gen/*/*.c))
# A stage's own headers stand beside its sources (gen/mustache/mustache.h);
# every folder that holds one is on the include path.
GEN_HDRS:= $(sort $(wildcard gen/*/*.h))
GEN_INCS:= $(addprefix -I,$(sort $(patsubst %/,%,$(dir $(GEN_HDRS)))))
OBJS    := $(SRCS:gen/%.c=$(B)/%.o) $(B)/embedded.o
LIBOBJS := $(filter-out $(B)/cli/main.o,$(OBJS))
TESTS   := $(sort $(wildcard tests/test_*.c))
TESTBINS:= $(TESTS:tests/%.c=$(B)/tests/%)
EMBEDDED:= $(sort $(shell find templates assets -type f 2>/dev/null))

ifeq ($(V),asan)
OPT = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
LDSAN = -fsanitize=address,undefined
PODIUM_BIN = $(B)/podium
else ifeq ($(V),fuzz)
CC = clang
OPT = -O1 -g -fno-omit-frame-pointer -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
LDSAN = -fsanitize=address,undefined
PODIUM_BIN = $(B)/podium
else
PODIUM_BIN = podium
endif

# The release binary allocates with jemalloc: pages, charts and the PDF
# allocate from several threads at once, and glibc's malloc took a fifth of
# a build. The sanitizer builds keep the C library's, which they watch.
ifeq ($(V),release)
MALLOC_LIBS := $(shell pkg-config --libs jemalloc)
endif

all: $(PODIUM_BIN)

$(PODIUM_BIN): $(OBJS)
	@echo "  LD      $@"
	@$(CC) $(OPT) $(LDSAN) -o $@ $(OBJS) $(MALLOC_LIBS) $(PKG_LIBS) $(LDFLAGS)

# The version: `git describe` when the history has a release tag (v1.2.3),
# else VERSION. It reaches --version, ratings.json and the PDF through
# $(B)/version.h, rewritten only when it changes.
VERSION = 0.2.0
GIT_VERSION := $(shell git describe --tags --match 'v[0-9]*' 2>/dev/null | sed 's/^v//')
PODIUM_VERSION := $(if $(GIT_VERSION),$(GIT_VERSION),$(VERSION))

$(B)/version.h: FORCE | $(B)
	@printf '#define PODIUM_VERSION "%s"\n' '$(PODIUM_VERSION)' > $@.tmp
	@cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@

$(B)/%.o: gen/%.c $(wildcard include/*.h) $(GEN_HDRS) $(B)/version.h | $(B)
	@echo "  CC      $<"
	@mkdir -p $(@D)
	@$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/embed: tools/embed.c | $(B)
	@$(CC) -O1 -std=c17 -Wall -Wextra $(if $(filter 1,$(WERROR)),-Werror) -o $@ tools/embed.c

$(B)/embedded.c: $(B)/embed $(EMBEDDED)
	@echo "  EMBED   templates/ assets/"
	@$(B)/embed $(EMBEDDED) > $@.tmp && mv $@.tmp $@

$(B)/embedded.o: $(B)/embedded.c
	@$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(B)/tests/%: tests/%.c $(LIBOBJS) $(wildcard tests/*.h) | $(B)/tests
	@echo "  CC      $<"
	@$(CC) $(ALL_CFLAGS) $(CHECK_CFLAGS) $(TEST_CFLAGS) -Itests -o $@ $< $(LIBOBJS) $(CHECK_LIBS) $(TEST_LIBS) $(PKG_LIBS) $(LDSAN)

$(B) $(B)/tests:
	mkdir -p $@

# Fuzz targets, fuzz/fuzz_NAME.c. Each is also built as $(B)/fuzz-NAME, a plain
# program (fuzz/standalone.c) that runs the files it is given: the corpus
# test tests/t_fuzz_corpus.sh runs every seed and regression input through it.
FUZZ_NAMES := $(sort $(patsubst fuzz/fuzz_%.c,%,$(wildcard fuzz/fuzz_*.c)))
FUZZ_PROGS := $(FUZZ_NAMES:%=$(B)/fuzz-%)
FUZZ_SECONDS ?= 60
FUZZ_CFLAGS = -Ifuzz -Itests $(TEST_CFLAGS) -DFUZZ_ROOT='"$(CURDIR)"'

$(B)/fuzz-%: fuzz/fuzz_%.c fuzz/standalone.c fuzz/root.c fuzz/fuzz.h $(LIBOBJS) | $(B)
	$(CC) $(ALL_CFLAGS) $(FUZZ_CFLAGS) -o $@ fuzz/fuzz_$*.c fuzz/standalone.c fuzz/root.c $(LIBOBJS) $(TEST_LIBS) $(PKG_LIBS) $(LDSAN)

# With V=fuzz (clang): the libFuzzer binaries build/fuzz/fuzz_NAME.
$(B)/fuzz_%: fuzz/fuzz_%.c fuzz/root.c fuzz/fuzz.h $(LIBOBJS) | $(B)
	$(CC) $(ALL_CFLAGS) $(FUZZ_CFLAGS) -o $@ fuzz/fuzz_$*.c fuzz/root.c $(LIBOBJS) $(TEST_LIBS) $(PKG_LIBS) -fsanitize=fuzzer,address,undefined

tests: $(TESTBINS) $(FUZZ_PROGS)

fuzz-targets:
	$(MAKE) V=fuzz $(FUZZ_NAMES:%=build/fuzz/fuzz_%)

# Runs each target for FUZZ_SECONDS on its seeds (fuzz/corpus/NAME) and
# regression inputs (fuzz/regress/NAME); new inputs go to build/fuzz/corpus,
# crashes to build/fuzz/crashes/NAME/.
fuzz: fuzz-targets
	@for t in $(FUZZ_NAMES); do \
		mkdir -p build/fuzz/corpus/$$t build/fuzz/crashes/$$t || exit 1; \
		echo "fuzz $$t: $(FUZZ_SECONDS) s"; \
		build/fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -max_len=65536 \
		    -timeout=10 -print_final_stats=1 -artifact_prefix=build/fuzz/crashes/$$t/ \
		    build/fuzz/corpus/$$t $$(ls -d fuzz/corpus/$$t fuzz/regress/$$t 2>/dev/null) \
		    || exit 1; \
	done

# Unit tests (Check) and the regression and end-to-end scripts, and beside
# them the whole suite again under AddressSanitizer + UndefinedBehaviorSanitizer.
# T="NAME..." runs only those (a unit test, test_load, or a script, t_pdf)
# and builds only what they need; the sanitizer run runs the same.
T ?=
# What a run needs built: everything, or podium and the unit tests named
# (and the fuzz harnesses for t_fuzz_corpus).
CHECK_BUILD = $(if $(strip $(T)),$(PODIUM_BIN) $(filter $(TESTBINS),$(T:%=$(B)/tests/%)) \
    $(if $(filter t_fuzz_corpus%,$(T)),$(FUZZ_PROGS)),all tests)
# The W3C Nu validator (tests/t_html.sh), and puppeteer-core, which drives
# the system's chromium, with axe-core, which checks each page's
# accessibility in it (tests/t_browser.sh), from npm into tests/node_modules
# when missing: `make check` needs nothing installed by hand beyond the
# README's first command. One npm command: an install --no-save removes
# what it was not given.
NODE_DEPS = $(if $(strip $(T)),$(if $(filter t_html t_html.sh t_browser t_browser.sh,$(T)),test-node),test-node)
test-node:
	@if [ ! -f tests/node_modules/vnu-jar/build/dist/vnu.jar ] || \
	    [ ! -f tests/node_modules/puppeteer-core/package.json ] || \
	    [ ! -f tests/node_modules/axe-core/axe.min.js ]; then \
		command -v npm >/dev/null 2>&1 || { echo "make: the tests need npm (apt-get install npm)" >&2; exit 1; }; \
		echo "  NPM     vnu-jar puppeteer-core axe-core -> tests/node_modules"; \
		npm install --prefix tests --no-save --no-audit --no-fund --loglevel=error vnu-jar puppeteer-core axe-core || exit 1; \
	fi

# The two passes (tests/run.sh, each running PODIUM_TEST_JOBS tests at a
# time) run side by side: the sanitized build and its pass start in the
# background, into build/check-asan.log, while the release pass runs and
# prints as it goes; then that log is printed, to its end. Either failing
# (or the sanitized build) fails the check.
CHECK_ENV = TZ=UTC LC_ALL=C.UTF-8 SOURCE_DATE_EPOCH=1790000000
RUN_RELEASE = $(CHECK_ENV) sh tests/run.sh $(B) ./$(PODIUM_BIN) $(T)
RUN_ASAN = $(CHECK_ENV) \
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
	LSAN_OPTIONS=print_suppressions=0:suppressions=$(CURDIR)/tests/lsan.supp \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	PODIUM_SANITIZED=1 sh tests/run.sh build/asan ./build/asan/podium $(T)
ASAN_BUILD = $(patsubst $(B)/%,build/asan/%,$(subst $(PODIUM_BIN),build/asan/podium,$(CHECK_BUILD)))

check: $(NODE_DEPS) $(CHECK_BUILD)
	@echo "$(MAKE) V=asan ... && $(RUN_ASAN) >build/check-asan.log 2>&1 &"
	@echo "$(RUN_RELEASE)"
	@{ $(MAKE) --no-print-directory V=asan $(ASAN_BUILD) && $(RUN_ASAN); } \
	    >build/check-asan.log 2>&1 & san=$$!; \
	$(RUN_RELEASE); rel=$$?; \
	echo "-- the ASan+UBSan build and pass, run beside it (build/check-asan.log):"; \
	tail -n +1 -f --pid=$$san build/check-asan.log; \
	wait $$san; asan=$$?; \
	test $$rel -eq 0 && test $$asan -eq 0

check-asan: $(NODE_DEPS)
	@$(MAKE) --no-print-directory V=asan $(ASAN_BUILD)
	$(RUN_ASAN)

# The whole suite under memcheck: every unit test and fuzz harness, and
# podium wherever a script runs it (tests/run.sh, PODIUM_VALGRIND).
valgrind: all tests
	PODIUM_VALGRIND=1 TZ=UTC LC_ALL=C.UTF-8 SOURCE_DATE_EPOCH=1790000000 sh tests/run.sh $(B) ./$(PODIUM_BIN)

# A Debian package of the program (tools/deb.sh: dpkg-deb, no debhelper),
# in build/: build/podium_VERSION_ARCH.deb. Depends: tools/runtime-packages.
deb: all
	@sh tools/deb.sh ./$(PODIUM_BIN) build

site: all
	./podium build

bench: all
	sh tests/bench/run.sh ./podium

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(DATADIR)
	cp podium $(DESTDIR)$(BINDIR)/podium
	cp man/podium.1 $(DESTDIR)$(MANDIR)/man1/podium.1
	cp man/podium.5 $(DESTDIR)$(MANDIR)/man5/podium.5
	cp man/podium-templates.5 $(DESTDIR)$(MANDIR)/man5/podium-templates.5
	mkdir -p $(DESTDIR)$(MANDIR)/man7
	cp man/podium-tutorial.7 $(DESTDIR)$(MANDIR)/man7/podium-tutorial.7
	cp -R templates assets $(DESTDIR)$(DATADIR)/

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/podium $(DESTDIR)$(MANDIR)/man1/podium.1 $(DESTDIR)$(MANDIR)/man5/podium.5 \
	    $(DESTDIR)$(MANDIR)/man5/podium-templates.5 $(DESTDIR)$(MANDIR)/man7/podium-tutorial.7
	rm -rf $(DESTDIR)$(DATADIR)

clean:
	rm -rf build podium site site.tmp-*

.PHONY: FORCE all tests test-node check check-asan valgrind fuzz fuzz-targets deb site bench install uninstall clean
