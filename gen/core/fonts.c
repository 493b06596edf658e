/* fonts.c: fontconfig's configuration, read once (see fonts.h). */
#include <fontconfig/fontconfig.h>

#include "fonts.h"

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
