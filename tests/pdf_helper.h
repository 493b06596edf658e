/*
 * pdf_helper.h: what the PDF tests ask of the command-line tools: a
 * command's output, and qpdf's verdict on a file.
 */
#ifndef PODIUM_PDF_HELPER_H
#define PODIUM_PDF_HELPER_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* Runs a shell command (fmt with arg); its standard output, malloc'd. */
static char *
run(const char *fmt, const char *arg)
{
	struct buf b = BUF_INIT;
	char *cmd = xasprintf(fmt, arg), chunk[4096];
	FILE *fp = popen(cmd, "r");
	size_t n;

	ck_assert_ptr_nonnull(fp);
	while ((n = fread(chunk, 1, sizeof(chunk), fp)) > 0)
		buf_add(&b, chunk, n);
	pclose(fp);
	free(cmd);
	return buf_detach(&b, NULL);
}

/* qpdf finds nothing wrong in the file at path. */
static void
assert_qpdf_clean(const char *path)
{
	char *out = run("qpdf --check '%s' 2>&1", path);

	ck_assert_msg(strstr(out, "No syntax or stream encoding errors") != NULL,
	    "%s", out);
	ck_assert_msg(strstr(out, "WARNING") == NULL, "%s", out);
	free(out);
}

#endif
