/*
 * pdf_lsan.c: fontconfig (through pango) leaks a few allocations once per
 * process while it parses its configuration; they are not ours and cannot
 * be freed from outside. LeakSanitizer reads this hook at start-up in
 * sanitized builds; elsewhere it is an unused function. Weak, so that
 * another module may define the same hook.
 */
const char *__lsan_default_suppressions(void) __attribute__((weak));

const char *
__lsan_default_suppressions(void)
{
	return "leak:libfontconfig.so\n";
}
