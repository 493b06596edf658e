/* fonts.c: fontconfig's configuration, read once, and whether the faces
 * podium draws with are installed (fonts.h).
 * Pango would otherwise draw with whatever family fontconfig offers in
 * their place, or, with no fonts at all, draw charts and pages without
 * text and say nothing. */
#include <fontconfig/fontconfig.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "diag.h"
#include "fonts.h"
#include "util.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#define LSAN_IGNORE_BEGIN() __lsan_disable()
#define LSAN_IGNORE_END() __lsan_enable()
#else
#define LSAN_IGNORE_BEGIN() ((void)0)
#define LSAN_IGNORE_END() ((void)0)
#endif

void
fonts_config_load(void)
{
	/* this thread's allocations until the end: the configuration's */
	LSAN_IGNORE_BEGIN();
	FcInit();
	LSAN_IGNORE_END();
}

static pthread_mutex_t text_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_t text_owner;
static bool text_claimed;

void
fonts_text_thread(void)
{
	bool ok;

	pthread_mutex_lock(&text_lock);
	if (!text_claimed) {
		text_owner = pthread_self();
		text_claimed = true;
	}
	ok = pthread_equal(text_owner, pthread_self());
	pthread_mutex_unlock(&text_lock);
	if (!ok) {
		fputs("podium: internal error: text laid out on two threads at once "
		    "(fonts.h)\n", stderr);
		abort();
	}
}

void
fonts_text_done(void)
{
	pthread_mutex_lock(&text_lock);
	text_claimed = false;
	pthread_mutex_unlock(&text_lock);
}

static const struct {
	const char *family;
	const char *package;
	unsigned users;
} needs[] = {
	/* the charts' first: with both missing, both name the same */
	{FONT_SANS, "fonts-texgyre", FONTS_CHARTS | FONTS_PDF},
	{"DejaVu Sans", "fonts-dejavu-core", FONTS_CHARTS | FONTS_PDF},
	{FONT_SERIF, "fonts-texgyre", FONTS_PDF},
	{"DejaVu Serif", "fonts-dejavu-core", FONTS_PDF},
	{FONT_MONO, "fonts-dejavu-core", FONTS_PDF},
};

/* Does fontconfig's current configuration list a face of family? */
static int
family_installed(const char *family)
{
	FcPattern *pat = FcPatternCreate();
	FcObjectSet *os = FcObjectSetBuild(FC_FAMILY, (char *)NULL);
	FcFontSet *fs = NULL;
	int found = 0;

	if (pat != NULL && os != NULL &&
	    FcPatternAddString(pat, FC_FAMILY, (const FcChar8 *)family))
		fs = FcFontList(NULL, pat, os);
	found = fs != NULL && fs->nfont > 0;
	if (fs != NULL)
		FcFontSetDestroy(fs);
	if (os != NULL)
		FcObjectSetDestroy(os);
	if (pat != NULL)
		FcPatternDestroy(pat);
	return found;
}

const char *
fonts_missing(unsigned mask, const char **package)
{
	size_t i;

	fonts_config_load();
	for (i = 0; i < ARRAY_SIZE(needs); i++) {
		if ((needs[i].users & mask) == 0 ||
		    family_installed(needs[i].family))
			continue;
		if (package != NULL)
			*package = needs[i].package;
		return needs[i].family;
	}
	return NULL;
}

int
fonts_check(unsigned mask, struct diag *d)
{
	const char *family, *package = NULL;

	if ((family = fonts_missing(mask, &package)) == NULL)
		return 0;
	diag_system(d, NULL, "cannot draw text: font family '%s' not found "
	    "(fontconfig; Debian package %s)", family, package);
	return -1;
}
