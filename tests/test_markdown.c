/* test_markdown.c: Markdown with shortcodes, to HTML; every shortcode and error. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "escape.h"
#include "markdown.h"
#include "test_markdown_model.h"

#define FILE_MD "commentary/summary.md"
#define MINUS "\xe2\x88\x92"

static struct fx fx;

static void
setup(void)
{
	fx_new(&fx, false);
	ck_assert_uint_eq(fx.d.nerrors, 0);
}

static void
teardown(void)
{
	fx_free(&fx);
}

/* The HTML of src (body from line 5, page one folder down); malloc'd. */
static char *
html_of(const struct fx *f, const char *src)
{
	struct buf b = BUF_INIT;
	struct diag d;
	int rc;

	diag_init(&d);
	rc = md_to_html(f->c, src, FILE_MD, 5, "../", &b, &d);
	if (rc != 0 || d.n) {
		struct buf e = BUF_INIT;

		diag_format(&d.v[0], false, &e);
		ck_abort_msg("unexpected error: %s", e.data);
	}
	diag_release(&d);
	return buf_detach(&b, NULL);
}

#define CK_HTML(src, want) do { \
	char *got_ = html_of(&fx, src); \
	if (strcmp(got_, want) != 0) \
		fprintf(stderr, "%s: got\n%s\nwant\n%s\n", src, got_, want); \
	ck_assert_msg(strcmp(got_, want) == 0, "the HTML of %s (got and want on stderr)", src); \
	free(got_); \
} while (0)

/* The diagnostics of src, one a line; malloc'd. */
static char *
errors_of(const char *src)
{
	struct buf b = BUF_INIT;
	struct md_doc doc;
	struct diag d;
	size_t i;

	diag_init(&d);
	ck_assert_int_eq(md_parse(fx.c, src, FILE_MD, 5, &doc, &d), -1);
	for (i = 0; i < d.n; i++) {
		diag_format(&d.v[i], false, &b);
		buf_putc(&b, '\n');
	}
	diag_release(&d);
	return buf_detach(&b, NULL);
}

#define CK_ERR(src, want) do { \
	char *got_ = errors_of(src); \
	ck_assert_str_eq(got_, want); \
	free(got_); \
} while (0)

START_TEST(test_count)
{
	CK_HTML("{{count 3.0 medals}}", "<p>19</p>\n");
	CK_HTML("{{count 2.0 medals}}", "<p>37</p>\n");
	/* 2.0's acknowledged claim: both figures, and the note */
	CK_HTML("{{count 3.0 reviewed}} {{count 2.0 reviewed}}", "<p>77 <span class=\"claim\" "
	    "title=\"The article says 84; it has 85 review sections.\">84 stated by the source, 85 counted here"
	    "</span></p>\n");
	CK_HTML("{{count 3.0 rated}}", "<p>45</p>\n");
	CK_HTML("{{count 3.0 tracked}} of {{ count  2.0\ttracked }}", "<p>323 of 209</p>\n");
	CK_HTML("{{count 3.0 ribbon}} {{count 2.0 ribbon}} {{count 3.0 unavailable}}",
	    "<p>15 0 32</p>\n");
	CK_HTML("{{count 1.0 medals}}", "<p>0</p>\n");
}
END_TEST

START_TEST(test_change)
{
	CK_HTML("{{change 2.0 3.0 medals}}", "<p>" MINUS "18</p>\n");
	CK_HTML("{{change 2.0 3.0 medals pct digits=0}}", "<p>" MINUS "49%</p>\n");
	CK_HTML("{{change 2.0 3.0 medals pct}}", "<p>" MINUS "48.6%</p>\n");
	CK_HTML("{{change 2.0 3.0 medals pct digits=1}}", "<p>" MINUS "48.6%</p>\n");
	CK_HTML("{{change 2.0 3.0 medals digits=3 pct}}", "<p>" MINUS "48.649%</p>\n");
	CK_HTML("{{change 2.0 3.0 reviewed}}", "<p>" MINUS "8</p>\n");
	CK_HTML("{{change 2.0 3.0 reviewed pct digits=2}}", "<p>" MINUS "9.41%</p>\n");
	CK_HTML("{{change 2.0 3.0 ribbon}}", "<p>+15</p>\n");
	CK_HTML("{{change 3.0 2.0 medals pct}}", "<p>+94.7%</p>\n");
	CK_HTML("{{change 3.0 3.0 medals}} {{change 3.0 3.0 medals pct}}", "<p>0 0.0%</p>\n");
	CK_HTML("{{change 2.0 3.0 rated}}", "<p>" MINUS "15</p>\n");
	CK_HTML("{{change 2.0 3.0 platinum}}", "<p>+1</p>\n");
}
END_TEST

START_TEST(test_share)
{
	CK_HTML("{{share 3.0 medals of reviewed}}", "<p>24.7%</p>\n");
	CK_HTML("{{share 3.0 medals of tracked}}", "<p>5.9%</p>\n");
	CK_HTML("{{share 3.0 medals of reviewed digits=0}}", "<p>25%</p>\n");
	CK_HTML("{{share 3.0 medals of tracked digits=0}}", "<p>6%</p>\n");
	CK_HTML("{{share 3.0 medals of reviewed digits=3}}", "<p>24.675%</p>\n");
	CK_HTML("{{share 2.0 medals of reviewed digits=2}}", "<p>43.53%</p>\n");
	CK_HTML("{{share 3.0 ribbon of reviewed digits=6}}", "<p>19.480519%</p>\n");
	CK_HTML("{{share 2.0 ribbon of tracked}}", "<p>0.0%</p>\n");
	/* of the rated: 3.0 rates 77 - 32 Unavailable = 45, 19 / 45 = 42.2%;
	 * 2.0 rates 85 - 25 = 60, 37 / 60 = 61.7% */
	CK_HTML("{{share 3.0 medals of rated}} {{share 2.0 medals of rated digits=2}}",
	    "<p>42.2% 61.67%</p>\n");
}
END_TEST

/*
 * How 2.0's 37 medal holders fared in 3.0, worked by hand from the fixture:
 * 6 named (aws, coreweave, fluidstack, lightning, nebius, voltage-park) and
 * 31 fillers with no 3.0 review. aws, coreweave, lightning and nebius keep a
 * medal (4); fluidstack is Unavailable (1); voltage-park and the 31 fillers
 * are not reviewed (32); none is rated below the medals. 3.0's 19 medals are
 * the 4 kept and 15 gained: moonlite (new), returner (was Unavailable) and
 * 13 fillers (2 gold, 4 silver, 7 bronze).
 */
START_TEST(test_medals_flow)
{
	CK_HTML("{{medals 2.0 3.0 kept}} {{medals 2.0 3.0 dropped}} {{medals 2.0 3.0 rated}}",
	    "<p>4 0 4</p>\n");
	CK_HTML("{{medals 2.0 3.0 unrated}} {{medals 2.0 3.0 unreviewed}} "
	    "{{medals 2.0 3.0 left}} {{medals 2.0 3.0 gained}}", "<p>1 32 33 15</p>\n");
	/* backwards: 3.0's 19 holders in 2.0: aws, coreweave, lightning and
	 * nebius held one; returner was Unavailable; moonlite and the 13
	 * fillers were not reviewed; 2.0's other 33 gained nothing in 3.0 */
	CK_HTML("{{medals 3.0 2.0 kept}} {{medals 3.0 2.0 unrated}} "
	    "{{medals 3.0 2.0 unreviewed}} {{medals 3.0 2.0 gained}}", "<p>4 1 14 33</p>\n");
	CK_ERR("{{medals 2.0 3.0}} {{medals 2.0 3.0 lost}}\n{{medals 3.0 3.0 kept}} "
	    "{{medals 2.0 9 kept}}",
	    FILE_MD ":5:1: error: 'medals' takes 3 arguments ({{medals FROM TO "
	    "kept|dropped|rated|unrated|unreviewed|left|gained}}), not 2\n"
	    FILE_MD ":5:20: error: 'medals' counts kept, dropped, rated, unrated, "
	    "unreviewed, left or gained, not 'lost'\n"
	    FILE_MD ":6:1: error: 'medals' compares two editions, not '3.0' with itself\n"
	    FILE_MD ":6:25: error: unknown edition '9'\n");
}
END_TEST

/* a tier's name links to what it means; the provider's name, to its page */
START_TEST(test_names)
{
	CK_HTML("{{provider aws}} is {{tier aws 3.0}}, was {{tier aws 2.0}}.",
	    "<p><a href=\"../providers/aws/index.html\">Amazon Web Services</a> is "
	    "<a class=\"tier tier-bronze\" href=\"../methodology/index.html#tier-bronze\">Bronze</a>, was "
	    "<a class=\"tier tier-silver\" href=\"../methodology/index.html#tier-silver\">Silver</a>.</p>\n");
	/* an alias is the same provider */
	CK_HTML("{{provider lightning-ai}} {{tier lightning-ai 3.0}}",
	    "<p><a href=\"../providers/lightning/index.html\">Lightning</a> "
	    "<a class=\"tier tier-bronze\" href=\"../methodology/index.html#tier-bronze\">Bronze</a></p>\n");
	/* a quote beside a shortcode turns the right way round: the
	 * placeholder counts as a word, not as space */
	CK_HTML("\"{{provider aws}}\" and {{provider aws}}'s",
	    "<p>\xe2\x80\x9c<a href=\"../providers/aws/index.html\">Amazon Web Services</a>\xe2\x80\x9d and "
	    "<a href=\"../providers/aws/index.html\">Amazon Web Services</a>\xe2\x80\x99s</p>\n");
	CK_HTML("{{tier fluidstack 3.0}}",
	    "<p><a class=\"tier tier-unavailable\" href=\"../methodology/index.html#tier-unavailable\">"
	    "Unavailable</a></p>\n");
}
END_TEST

START_TEST(test_at_cite)
{
	CK_HTML("{{at runtime-2026 12:11}}",
	    "<p><a href=\"https://www.youtube.com/watch?v=abc&amp;t=731\">12:11</a></p>\n");
	CK_HTML("{{at talk-q 1:02:03}}",
	    "<p><a href=\"https://example.org/talk?t=3723#top\">1:02:03</a></p>\n");
	CK_HTML("{{at clustermax-3.0 0:05}}",
	    "<p><a href=\"https://example.org/cm3?t=5\">0:05</a></p>\n");
	/* no url: the timestamp alone */
	CK_HTML("{{at plain 12:11}}", "<p>12:11</p>\n");
	CK_HTML("{{cite runtime-2026}}",
	    "<p><a href=\"../sources/index.html#runtime-2026\">Compute, capital</a></p>\n");
}
END_TEST

START_TEST(test_hostile)
{
	CK_HTML("{{provider evil}}",
	    "<p><a href=\"../providers/evil/index.html\">&lt;script&gt;alert(1)&lt;/script&gt; "
	    "&quot;Q&quot; &amp; &#39;Co&#39; \xd7\xa2\xd7\x91\xd7\xa8\xd7\x99\xd7\xaa</a></p>\n");
	CK_HTML("{{cite evil-src}}",
	    "<p><a href=\"../sources/index.html#evil-src\">&lt;b&gt;&quot;Quotes&quot; &amp; "
	    "&#39;marks&#39;&lt;/b&gt;</a></p>\n");
	/* text quotes are typographic (smart punctuation); in code they stay
	 * as written, escaped */
	CK_HTML("A & B \"q\" 'a' \xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d `\"<q>\" & 'a'`",
	    "<p>A &amp; B \xe2\x80\x9cq\xe2\x80\x9d \xe2\x80\x98""a\xe2\x80\x99 "
	    "\xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d <code>&quot;&lt;q&gt;&quot; &amp; &#39;a&#39;</code></p>\n");
	/* a heading id from a hostile name stays inside its attribute */
	CK_HTML("# {{provider evil}}",
	    "<h1 id=\"script-alert-1-script-q-co-\xd7\xa2\xd7\x91\xd7\xa8\xd7\x99\xd7\xaa\">"
	    "<a href=\"../providers/evil/index.html\">&lt;script&gt;alert(1)&lt;/script&gt; "
	    "&quot;Q&quot; &amp; &#39;Co&#39; \xd7\xa2\xd7\x91\xd7\xa8\xd7\x99\xd7\xaa</a></h1>\n");
	/* an entity cannot forge a placeholder */
	CK_ERR("&#xE000;0&#xe001; {{count 3.0 medals}} &#57344; &#xE002;",
	    FILE_MD ":5:1: error: reserved character U+E000 in text\n"
	    FILE_MD ":5:10: error: reserved character U+E001 in text\n"
	    FILE_MD ":5:40: error: reserved character U+E000 in text\n");
}
END_TEST

START_TEST(test_raw_html)
{
	struct fx open;

	CK_HTML("a <b onclick=\"x\">bold</b> & <script>alert(1)</script>\n\n"
	    "<div class=\"x\">\nblock\n</div>\n",
	    "<p>a &lt;b onclick=&quot;x&quot;&gt;bold&lt;/b&gt; &amp; "
	    "&lt;script&gt;alert(1)&lt;/script&gt;</p>\n"
	    "<p>&lt;div class=&quot;x&quot;&gt;\nblock\n&lt;/div&gt;</p>\n");
	CK_HTML("<!-- {{count 3.0 medals}} -->",
	    "<p>&lt;!-- 19 --&gt;</p>\n");
	fx_new(&open, true);
	{
		char *got = html_of(&open, "a <b class=\"x\">bold {{count 3.0 medals}}</b>\n\n"
		    "<div>\n{{provider aws}}\n</div>\n");

		ck_assert_str_eq(got, "<p>a <b class=\"x\">bold 19</b></p>\n"
		    "<div>\n<a href=\"../providers/aws/index.html\">Amazon Web Services</a>\n</div>\n");
		free(got);
	}
	fx_free(&open);
}
END_TEST

START_TEST(test_markdown)
{
	CK_HTML("# Title\n\nSome *em* and **strong** and `code {{count 3.0 medals}}`.\n",
	    "<h1 id=\"title\">Title</h1>\n<p>Some <em>em</em> and <strong>strong</strong> "
	    "and <code>code {{count 3.0 medals}}</code>.</p>\n");
	CK_HTML("## Medals: {{count 3.0 medals}}\n\n## Medals: 19\n\n## \xd7\xa9 !\n",
	    "<h2 id=\"medals-19\">Medals: 19</h2>\n<h2 id=\"medals-19-2\">Medals: 19</h2>\n"
	    "<h2 id=\"\xd7\xa9\">\xd7\xa9 !</h2>\n");
	CK_HTML("- one\n- two {{count 3.0 medals}}\n\n3. a\n4. b\n",
	    "<ul>\n<li>one</li>\n<li>two 19</li>\n</ul>\n<ol start=\"3\">\n<li>a</li>\n"
	    "<li>b</li>\n</ol>\n");
	CK_HTML("- one\n\n- two\n",
	    "<ul>\n<li><p>one</p>\n</li>\n<li><p>two</p>\n</li>\n</ul>\n");
	CK_HTML("> quote\n\n---\n\n```c {{x}}\nint a < b; {{count 9 x}}\n```\n",
	    "<blockquote>\n<p>quote</p>\n</blockquote>\n<hr>\n"
	    "<pre><code class=\"language-c\">int a &lt; b; {{count 9 x}}\n</code></pre>\n");
	CK_HTML("line one\\\nline two\nthree",
	    "<p>line one<br>\nline two\nthree</p>\n");
	CK_HTML("[site](methodology/) [ext](https://example.org/?a=1&b=\"2\") "
	    "[frag](#top \"T<>\") [mail](mailto:x@example.org)",
	    "<p><a href=\"../methodology/index.html\">site</a> "
	    "<a href=\"https://example.org/?a=1&amp;b=%222%22\">ext</a> "
	    "<a href=\"#top\" title=\"T&lt;&gt;\">frag</a> "
	    "<a href=\"mailto:x@example.org\">mail</a></p>\n");
	CK_HTML("![A *chart* of {{count 3.0 medals}}](charts/x.svg)",
	    "<p><img src=\"../charts/x.svg\" alt=\"A chart of 19\"></p>\n");
	/* no link inside a link */
	CK_HTML("[**{{provider aws}}**](https://aws.example/)",
	    "<p><a href=\"https://aws.example/\"><strong>Amazon Web Services</strong></a></p>\n");
}
END_TEST

/* A chart block: title, picture with its description, data table. */
static void
check_chart(const char *name)
{
	struct chart ch, narrow;
	struct table *t;
	struct buf want = BUF_INIT, src = BUF_INIT;
	char *got;

	buf_printf(&src, "Before.\n\n{{chart %s}}\n\nAfter.", name);
	got = html_of(&fx, src.data);
	ck_assert_int_ge(chart_kind_parse(name), 0);
	chart_init(&ch, fx.c, (enum chart_kind)chart_kind_parse(name), NULL);
	chart_init_sized(&narrow, fx.c, (enum chart_kind)chart_kind_parse(name), NULL,
	    true);
	/* the narrow variant is drawn anew for a phone: narrower, taller */
	ck_assert(narrow.width < ch.width);
	buf_puts(&want, "<p>Before.</p>\n<figure class=\"chart\">\n"
	    "<figcaption class=\"visually-hidden\">");
	esc_html(&want, ch.title ? ch.title : name);
	buf_printf(&want, "</figcaption>\n<picture><source media=\"(max-width: 40rem)\" "
	    "srcset=\"../charts/narrow/%s.svg\" width=\"360\" height=\"%.0f\">"
	    "<img src=\"../charts/%s.svg\" alt=\"", name, narrow.height, name);
	if (ch.desc)
		esc_attr(&want, ch.desc);
	else
		buf_printf(&want, "Chart: %s", name);
	buf_putc(&want, '"');
	if (ch.width > 0 && ch.height > 0)
		buf_printf(&want, " width=\"%.0f\" height=\"%.0f\"", ch.width, ch.height);
	buf_puts(&want, "></picture>\n");
	if ((t = chart_table(&ch, fx.c)) != NULL) {
		buf_puts(&want, "<details class=\"chart-data\">\n<summary>Data behind the "
		    "chart</summary>\n<div class=\"table-wrap\" tabindex=\"0\" "
		    "role=\"region\" aria-label=\"");
		esc_attr(&want, t->caption);
		buf_puts(&want, "\">\n");
		table_html(t, "../", &want);
		buf_puts(&want, "</div>\n");
		/* a table's notes after its scroll box (the faults table's order) */
		for (size_t k = 0; k < t->nnotes; k++) {
			buf_puts(&want, "<p class=\"table-note\">");
			esc_html(&want, t->notes[k]);
			buf_puts(&want, "</p>\n");
		}
		buf_puts(&want, "</details>\n");
		table_free(t);
	}
	buf_puts(&want, "</figure>\n<p>After.</p>\n");
	ck_assert_str_eq(got, want.data);
	chart_release(&ch);
	chart_release(&narrow);
	buf_release(&want);
	buf_release(&src);
	free(got);
}

START_TEST(test_blocks)
{
	size_t k, n = 0;

	/* every kind the charts' table lets a {{chart}} name: a figure */
	for (k = 0; k < CHART_NKINDS; k++)
		if (chart_kind_parse(chart_kind_name((enum chart_kind)k)) == (int)k) {
			check_chart(chart_kind_name((enum chart_kind)k));
			n++;
		}
	ck_assert_uint_eq(n, 4);
	CK_HTML("{{table medals 1.0}}",
	    "<div class=\"table-wrap\" tabindex=\"0\" role=\"region\" aria-label=\"ClusterMAX 1.0: ratings by tier\">\n"
	    "<table class=\"data\">\n<caption>ClusterMAX 1.0: ratings by tier</caption>\n"
	    /* by tier (a row per tier, then its providers): no tier column */
	    "<thead>\n<tr><th scope=\"col\">Provider</th></tr>\n"
	    "</thead>\n<tbody>\n</tbody>\n</table>\n</div>\n");
	CK_HTML("> {{table security 3.0}}",
	    "<blockquote>\n<div class=\"table-wrap\" tabindex=\"0\" role=\"region\" aria-label=\"ClusterMAX 3.0: security practices and findings\">\n<table class=\"data\">\n"
	    "<caption>ClusterMAX 3.0: security practices and findings</caption>\n"
	    "<thead>\n<tr><th scope=\"col\">Provider</th><th scope=\"col\">Drivers current</th>"
	    "<th scope=\"col\">Embargo program</th>"
	    "<th scope=\"col\">Findings</th></tr>\n</thead>\n<tbody>\n"
	    "<tr><td data-label=\"Provider\"><a href=\"../providers/aws/index.html\">Amazon Web Services</a></td><td data-label=\"Drivers current\">yes</td>"
	    "<td data-label=\"Embargo program\">no</td><td data-label=\"Findings\">Metadata &lt;leak&gt; &amp; more (high, "
	    "cross-tenant; disclosed 1 August 2026; patched 7 August 2026; fix verified)<br>"
	    "1 undisclosed finding</td></tr>\n"
	    "<tr><td data-label=\"Provider\">Not named</td><td data-label=\"Drivers current\">does not apply</td><td data-label=\"Embargo program\">does not apply</td>"
	    "<td data-label=\"Findings\">Tenant storage reachable (critical, cross-tenant; "
	    "disclosed 1 August 2026; patched 7d after disclosure; fix verified)<br>"
	    "1 undisclosed finding</td></tr>\n</tbody>\n</table>\n</div>\n</blockquote>\n");
	{
		char *got = html_of(&fx, "{{table movers 2.0 3.0}}");

		ck_assert(str_starts(got, "<div class=\"table-wrap\" tabindex=\"0\" role=\"region\" aria-label=\"Movers from ClusterMAX 2.0 to ClusterMAX 3.0\">\n<table class=\"data\">\n<caption>Movers from "
		    "ClusterMAX 2.0 to ClusterMAX 3.0</caption>\n"));
		ck_assert_ptr_nonnull(strstr(got, "<tr><td data-label=\"Provider\"><a href=\"../providers/nebius/index.html\">"
		    "Nebius</a></td><td data-label=\"ClusterMAX 2.0\" class=\"tier tier-gold\">Gold</td>"
		    "<td data-label=\"ClusterMAX 3.0\" class=\"tier tier-platinum\">Platinum</td><td data-label=\"Movement\">\xe2\x86\x91 up 1</td></tr>"));
		free(got);
	}
	/* inside code a block shortcode is text */
	CK_HTML("`{{chart movement}}`", "<p><code>{{chart movement}}</code></p>\n");
}
END_TEST

START_TEST(test_errors)
{
	CK_ERR("Hello {{cout 3.0 medals}}",
	    FILE_MD ":5:7: error: unknown shortcode 'cout'; did you mean 'count'?\n");
	CK_ERR("\n\n  {{frobnicate}}",
	    FILE_MD ":7:3: error: unknown shortcode 'frobnicate'\n");
	CK_ERR("\xc3\xa9\xc3\xa9 {{ }} {{count 3.0",
	    FILE_MD ":5:4: error: empty shortcode\n"
	    FILE_MD ":5:10: error: unterminated shortcode: no '}}' on its line\n");
	/* columns count characters from each line's start, several on a line */
	CK_ERR("\xc3\xa9 {{ }}\n\xc3\xa9\xc3\xa9 {{ }} &#xE000; {{ }}",
	    FILE_MD ":6:10: error: reserved character U+E000 in text\n"
	    FILE_MD ":5:3: error: empty shortcode\n"
	    FILE_MD ":6:4: error: empty shortcode\n"
	    FILE_MD ":6:19: error: empty shortcode\n");
	CK_ERR("{{count 3.0}}\n{{count 3.0 medals x}}",
	    FILE_MD ":5:1: error: 'count' takes 2 arguments ({{count EDITION FIGURE}}), not 1\n"
	    FILE_MD ":6:1: error: 'count' takes 2 arguments ({{count EDITION FIGURE}}), not 3\n");
	CK_ERR("{{count 4.0 medals}} {{count 3.0 medal}}",
	    FILE_MD ":5:1: error: unknown edition '4.0'\n"
	    FILE_MD ":5:22: error: unknown figure 'medal' in 'count'\n");
	CK_ERR("{{count 1.0 tracked}} {{share 1.0 medals of tracked}}",
	    FILE_MD ":5:1: error: edition '1.0' has no tracked count\n"
	    FILE_MD ":5:23: error: edition '1.0' has no tracked count\n");
	CK_ERR("{{change 2.0 3.0}} {{change 2.0 3.0 tracked}}",
	    FILE_MD ":5:1: error: 'change' takes 3 arguments "
	    "({{change FROM TO FIGURE [pct] [digits=N]}}), not 2\n"
	    FILE_MD ":5:20: error: unknown figure 'tracked' in 'change'\n");
	CK_ERR("{{change 2.0 3.0 medals pct digits=7}}\n{{change 2.0 3.0 medals digits=1}}\n"
	    "{{change 2.0 3.0 medals pct round}}\n{{change 2.0 3.0 medals pct digits=x}}\n"
	    "{{change 1.0 3.0 medals pct}}",
	    FILE_MD ":5:1: error: 'digits' must be a whole number from 0 to 6, not '7'\n"
	    FILE_MD ":6:1: error: 'digits' needs 'pct' in 'change'\n"
	    FILE_MD ":7:1: error: unknown option 'round' in 'change'\n"
	    FILE_MD ":8:1: error: 'digits' must be a whole number from 0 to 6, not 'x'\n"
	    FILE_MD ":9:1: error: no percent change from zero: 'medals' is 0 in edition '1.0'\n");
	CK_ERR("{{share 3.0 medals reviewed}} {{share 3.0 medals to reviewed}}\n"
	    "{{share 3.0 medals of named}} {{share 3.0 reviewed of tracked}}\n"
	    "{{share 1.0 medals of reviewed}} {{share 3.0 medals of tracked pct}}\n"
	    "{{share 3.0 medals of tracked digits=10}}",
	    FILE_MD ":5:1: error: 'share' takes 4 arguments "
	    "({{share EDITION FIGURE of reviewed|rated|tracked [digits=N]}}), not 3\n"
	    FILE_MD ":5:31: error: expected 'of' in 'share', not 'to'\n"
	    FILE_MD ":6:1: error: a share is of 'reviewed', 'rated' or 'tracked', not 'named'\n"
	    FILE_MD ":6:31: error: unknown figure 'reviewed' in 'share'\n"
	    FILE_MD ":7:1: error: no share of zero: 'reviewed' is 0 in edition '1.0'\n"
	    FILE_MD ":7:34: error: unknown option 'pct' in 'share'\n"
	    FILE_MD ":8:1: error: 'digits' must be a whole number from 0 to 6, not '10'\n");
	CK_ERR("{{tier aws}} {{tier nobody 3.0}} {{tier moonlite 2.0}} {{tier aws 9}}",
	    FILE_MD ":5:1: error: 'tier' takes 2 arguments ({{tier PROVIDER EDITION}}), not 1\n"
	    FILE_MD ":5:14: error: unknown provider 'nobody'\n"
	    FILE_MD ":5:34: error: provider 'moonlite' has no review in edition '2.0'\n"
	    FILE_MD ":5:56: error: unknown edition '9'\n");
	CK_ERR("{{provider}} {{provider AWS}}",
	    FILE_MD ":5:1: error: 'provider' takes 1 argument ({{provider PROVIDER}}), not 0\n"
	    FILE_MD ":5:14: error: unknown provider 'AWS'\n");
	CK_ERR("{{at nowhere 1:00}} {{at plain 12:61}} {{at plain 12}} {{at plain}}",
	    FILE_MD ":5:1: error: unknown source 'nowhere'\n"
	    FILE_MD ":5:21: error: malformed timestamp '12:61' (expected m:ss or h:mm:ss)\n"
	    FILE_MD ":5:40: error: malformed timestamp '12' (expected m:ss or h:mm:ss)\n"
	    FILE_MD ":5:56: error: 'at' takes 2 arguments ({{at SOURCE m:ss}}), not 1\n");
	CK_ERR("{{cite}} {{cite nope}}",
	    FILE_MD ":5:1: error: 'cite' takes 1 argument ({{cite SOURCE}}), not 0\n"
	    FILE_MD ":5:10: error: unknown source 'nope'\n");
}
END_TEST

START_TEST(test_block_errors)
{
	CK_ERR("{{chart pie}}\n\n{{chart}}",
	    FILE_MD ":5:1: error: unknown chart 'pie' (expected distribution, movement, "
	    "funnel or faults)\n"
	    FILE_MD ":7:1: error: 'chart' takes 1 argument "
	    "({{chart distribution|movement|funnel|faults}}), not 0\n");
	CK_ERR("See {{chart movement}}\n\n{{table medals 3.0}}\nmore text\n\n"
	    "# {{table medals 3.0}}",
	    FILE_MD ":5:5: error: 'chart' must stand alone in its paragraph\n"
	    FILE_MD ":7:1: error: 'table' must stand alone in its paragraph\n"
	    FILE_MD ":10:3: error: 'table' must stand alone in its paragraph\n");
	CK_ERR("{{table}}\n\n{{table pie 3.0}}\n\n{{table medals}}\n\n"
	    "{{table movers 2.0}}\n\n{{table security 2.0 3.0}}\n\n{{table movers 2.0 8.0}}",
	    FILE_MD ":5:1: error: 'table' needs a table name (medals, movers or security)\n"
	    FILE_MD ":7:1: error: unknown table 'pie' (expected medals, movers or security)\n"
	    FILE_MD ":9:1: error: 'table medals' takes 1 argument ({{table medals EDITION}}), "
	    "not 0\n"
	    FILE_MD ":11:1: error: 'table movers' takes 2 arguments "
	    "({{table movers FROM TO}}), not 1\n"
	    FILE_MD ":13:1: error: 'table security' takes 1 argument "
	    "({{table security EDITION}}), not 2\n"
	    FILE_MD ":15:1: error: unknown edition '8.0'\n");
	/* raw HTML is no paragraph */
	CK_ERR("<div>{{chart movement}}</div>",
	    FILE_MD ":5:6: error: 'chart' must stand alone in its paragraph\n");
}
END_TEST

START_TEST(test_other_errors)
{
	CK_ERR("a [x](javascript:alert(1)) b\n\nc ![y](data:text/html,hi)\n\n<vbscript:z>",
	    FILE_MD ":5:7: error: link to 'javascript:alert(1)' refused: only http(s), "
	    "mailto and relative links\n"
	    FILE_MD ":7:8: error: link to 'data:text/html,hi' refused: only http(s), "
	    "mailto and relative links\n"
	    FILE_MD ":9:2: error: link to 'vbscript:z' refused: only http(s), "
	    "mailto and relative links\n");
	CK_ERR("x \xee\x80\x80" "0\xee\x80\x81 {{count 3.0 medals}}",
	    FILE_MD ":5:3: error: reserved character U+E000 in text\n"
	    FILE_MD ":5:5: error: reserved character U+E001 in text\n");
}
END_TEST

static char *
inline_of(const char *src)
{
	struct buf b = BUF_INIT;
	struct diag d;

	diag_init(&d);
	ck_assert_int_eq(md_to_html_inline(fx.c, src, FILE_MD, 1, "", &b, &d), 0);
	diag_release(&d);
	return buf_detach(&b, NULL);
}

START_TEST(test_inline)
{
	char *h = inline_of("Fast *drain*: {{count 3.0 medals}}\nnext");

	ck_assert_str_eq(h, "Fast <em>drain</em>: 19\nnext");
	free(h);
	h = inline_of("one\n\ntwo");
	ck_assert_str_eq(h, "<p>one</p>\n<p>two</p>\n");
	free(h);
	h = inline_of("- a");
	ck_assert_str_eq(h, "<ul>\n<li>a</li>\n</ul>\n");
	free(h);
	h = inline_of("");
	ck_assert_str_eq(h, "");
	free(h);
}
END_TEST

START_TEST(test_doc)
{
	struct md_doc doc;
	struct diag d;
	struct buf b = BUF_INIT;
	struct sc_inline v;
	struct table *t;

	diag_init(&d);
	ck_assert_int_eq(md_parse(fx.c, "# Hi\n\n{{at runtime-2026 1:00}}\n\n{{table medals 3.0}}\n",
	    "x.md", 1, &doc, &d), 0);
	ck_assert_uint_eq(doc.ncodes, 2);
	ck_assert_int_eq(doc.codes[0].kind, SC_AT);
	ck_assert(!doc.codes[0].block);
	ck_assert_uint_eq(doc.codes[0].nargs, 2);
	ck_assert_str_eq(doc.codes[0].args[1], "1:00");
	ck_assert_str_eq(doc.codes[0].raw, "{{at runtime-2026 1:00}}");
	ck_assert_uint_eq(doc.codes[0].pos.line, 3);
	ck_assert_uint_eq(doc.codes[0].pos.col, 1);
	sc_eval_inline(fx.c, &doc.codes[0], &v);
	ck_assert_str_eq(v.text, "1:00");
	ck_assert_str_eq(v.href, "https://www.youtube.com/watch?v=abc&t=60");
	ck_assert(v.external);
	sc_inline_release(&v);
	ck_assert(doc.codes[1].block);
	t = sc_table(fx.c, &doc.codes[1]);
	/* the medal table by tier: 77 providers under the rows of their 7 tiers */
	ck_assert_uint_eq(t->nrows, 77 + 7);
	table_free(t);
	ck_assert_ptr_null(sc_table(fx.c, &doc.codes[0]));
	md_render_html_ids(fx.c, &doc, "", "summary-", &b);
	ck_assert(str_starts(b.data, "<h1 id=\"summary-hi\">Hi</h1>\n<p><a href=\""
	    "https://www.youtube.com/watch?v=abc&amp;t=60\">1:00</a></p>\n"
	    "<div class=\"table-wrap\" tabindex=\"0\" role=\"region\" aria-label=\""));
	buf_release(&b);
	md_doc_release(&doc);
	ck_assert_uint_eq(d.n, 0);
	diag_release(&d);
}
END_TEST

/*
 * Texts as strengths, weaknesses, notes and summaries are written: plain
 * words, emphasis, code, links, short lists, and the odd construct around
 * them, each with its exact HTML as a block and in line (a text that is one
 * paragraph loses its <p></p>; anything else stays as it is).
 */
START_TEST(test_texts)
{
	static const struct {
		const char *src, *html, *inline_html;
	} cases[] = {
		{"the scheduler is fast",
		    "<p>the scheduler is fast</p>\n",
		    "the scheduler is fast"},
		{"Seen on node 0; steady afterwards.\n",
		    "<p>Seen on node 0; steady afterwards.</p>\n",
		    "Seen on node 0; steady afterwards."},
		{"Fast - and cheap + simple = good # really ~ maybe | 100% $5 @noon ^",
		    "<p>Fast - and cheap + simple = good # really ~ maybe | 100% $5 @noon ^</p>\n",
		    "Fast - and cheap + simple = good # really ~ maybe | 100% $5 @noon ^"},
		/* smart punctuation: curly quotes and apostrophes, en and em
		 * dashes, an ellipsis */
		{"\"quite a few\", it's 'so' -- then --- (brackets) too... yes!",
		    "<p>\xe2\x80\x9cquite a few\xe2\x80\x9d, it\xe2\x80\x99s \xe2\x80\x98so\xe2\x80\x99 "
		    "\xe2\x80\x93 then \xe2\x80\x94 (brackets) too\xe2\x80\xa6 yes!</p>\n",
		    "\xe2\x80\x9cquite a few\xe2\x80\x9d, it\xe2\x80\x99s \xe2\x80\x98so\xe2\x80\x99 "
		    "\xe2\x80\x93 then \xe2\x80\x94 (brackets) too\xe2\x80\xa6 yes!"},
		/* a link's destination and a code span keep their dashes */
		{"[a -- b](x--y) `c -- \"d\"`",
		    "<p><a href=\"../x--y\">a \xe2\x80\x93 b</a> <code>c -- &quot;d&quot;</code></p>\n",
		    "<a href=\"../x--y\">a \xe2\x80\x93 b</a> <code>c -- &quot;d&quot;</code>"},
		{"caf\xc3""\xa9"" \xe2""\x80""\x94"" ok",
		    "<p>caf\xc3""\xa9"" \xe2""\x80""\x94"" ok</p>\n",
		    "caf\xc3""\xa9"" \xe2""\x80""\x94"" ok"},
		{"a  b",
		    "<p>a  b</p>\n",
		    "a  b"},
		{"ends with a space ",
		    "<p>ends with a space</p>\n",
		    "ends with a space"},
		{"two\nlines",
		    "<p>two\nlines</p>\n",
		    "two\nlines"},
		{"line\n\n",
		    "<p>line</p>\n",
		    "line"},
		{"1. a list",
		    "<ol>\n<li>a list</li>\n</ol>\n",
		    "<ol>\n<li>a list</li>\n</ol>\n"},
		{"- item",
		    "<ul>\n<li>item</li>\n</ul>\n",
		    "<ul>\n<li>item</li>\n</ul>\n"},
		{"# heading",
		    "<h1 id=\"heading\">heading</h1>\n",
		    "<h1 id=\"heading\">heading</h1>\n"},
		{"x *em* y",
		    "<p>x <em>em</em> y</p>\n",
		    "x <em>em</em> y"},
		{"x _em_ y",
		    "<p>x <em>em</em> y</p>\n",
		    "x <em>em</em> y"},
		{"a & b",
		    "<p>a &amp; b</p>\n",
		    "a &amp; b"},
		{"a < b",
		    "<p>a &lt; b</p>\n",
		    "a &lt; b"},
		{"a > b",
		    "<p>a &gt; b</p>\n",
		    "a &gt; b"},
		{"x `code`",
		    "<p>x <code>code</code></p>\n",
		    "x <code>code</code>"},
		{"x [link](http://e.com)",
		    "<p>x <a href=\"http://e.com\">link</a></p>\n",
		    "x <a href=\"http://e.com\">link</a>"},
		{"x {{count 3.0 medals}}",
		    "<p>x 19</p>\n",
		    "x 19"},
		{"x\tb",
		    "<p>x\tb</p>\n",
		    "x\tb"},
		{"a \\ b",
		    "<p>a \\ b</p>\n",
		    "a \\ b"},
		{"x \xc2""\x85"" C1",
		    "<p>x  C1</p>\n",
		    "x  C1"},
		{"Heading\n===",
		    "<h1 id=\"heading\">Heading</h1>\n",
		    "<h1 id=\"heading\">Heading</h1>\n"},
		{"x {y} z",
		    "<p>x {y} z</p>\n",
		    "x {y} z"},
		{"",
		    "",
		    ""},
		{"*the scheduler* careful",
		    "<p><em>the scheduler</em> careful</p>\n",
		    "<em>the scheduler</em> careful"},
		{"*a* *b*, *c*. *d*; *e*: f",
		    "<p><em>a</em> <em>b</em>, <em>c</em>. <em>d</em>; <em>e</em>: f</p>\n",
		    "<em>a</em> <em>b</em>, <em>c</em>. <em>d</em>; <em>e</em>: f"},
		{"*a*b",
		    "<p><em>a</em>b</p>\n",
		    "<em>a</em>b"},
		{"a*b*",
		    "<p>a<em>b</em></p>\n",
		    "a<em>b</em>"},
		{"*a *b* c*",
		    "<p><em>a <em>b</em> c</em></p>\n",
		    "<em>a <em>b</em> c</em>"},
		{"**strong** x",
		    "<p><strong>strong</strong> x</p>\n",
		    "<strong>strong</strong> x"},
		{"*a* ",
		    "<p><em>a</em></p>\n",
		    "<em>a</em>"},
		{"* item",
		    "<ul>\n<li>item</li>\n</ul>\n",
		    "<ul>\n<li>item</li>\n</ul>\n"},
		{"*1*. x",
		    "<p><em>1</em>. x</p>\n",
		    "<em>1</em>. x"},
		{"(*a*)",
		    "<p>(<em>a</em>)</p>\n",
		    "(<em>a</em>)"},
		{"*a*\n",
		    "<p><em>a</em></p>\n",
		    "<em>a</em>"},
		{"*a",
		    "<p>*a</p>\n",
		    "*a"},
		{"a*",
		    "<p>a*</p>\n",
		    "a*"},
		{"x *\xc3""\xa9""* y",
		    "<p>x <em>\xc3""\xa9""</em> y</p>\n",
		    "x <em>\xc3""\xa9""</em> y"},
		{"*a*:b",
		    "<p><em>a</em>:b</p>\n",
		    "<em>a</em>:b"},
		{"*a*\nb",
		    "<p><em>a</em>\nb</p>\n",
		    "<em>a</em>\nb"},
		{"***a***",
		    "<p><em><strong>a</strong></em></p>\n",
		    "<em><strong>a</strong></em>"},
		{"*a**b*",
		    "<p><em>a**b</em></p>\n",
		    "<em>a**b</em>"},
		{"x * y",
		    "<p>x * y</p>\n",
		    "x * y"},
		{"*a* * b",
		    "<p><em>a</em> * b</p>\n",
		    "<em>a</em> * b"},
		{"Seen on node 53; *uneven* afterwards.",
		    "<p>Seen on node 53; <em>uneven</em> afterwards.</p>\n",
		    "Seen on node 53; <em>uneven</em> afterwards."},
		{"*a_b* c",
		    "<p><em>a_b</em> c</p>\n",
		    "<em>a_b</em> c"},
		{"*x*",
		    "<p><em>x</em></p>\n",
		    "<em>x</em>"},
		{"**",
		    "<p>**</p>\n",
		    "**"},
		{"*",
		    "<ul>\n<li></li>\n</ul>\n",
		    "<ul>\n<li></li>\n</ul>\n"},
		{"*a*!",
		    "<p><em>a</em>!</p>\n",
		    "<em>a</em>!"},
		{"*a*?",
		    "<p><em>a</em>?</p>\n",
		    "<em>a</em>?"},
		{"*a*)",
		    "<p><em>a</em>)</p>\n",
		    "<em>a</em>)"},
		{"a *b*\n\n",
		    "<p>a <em>b</em></p>\n",
		    "a <em>b</em>"},
		{"*a \"q\"*",
		    "<p><em>a \xe2\x80\x9cq\xe2\x80\x9d</em></p>\n",
		    "<em>a \xe2\x80\x9cq\xe2\x80\x9d</em>"},
		{"a * b*",
		    "<p>a * b*</p>\n",
		    "a * b*"},
		{"a *b * c",
		    "<p>a *b * c</p>\n",
		    "a *b * c"},
		{"x *a*b* y",
		    "<p>x <em>a</em>b* y</p>\n",
		    "x <em>a</em>b* y"},
		{"x *a *b*",
		    "<p>x *a <em>b</em></p>\n",
		    "x *a <em>b</em>"},
		{"a*b* c",
		    "<p>a<em>b</em> c</p>\n",
		    "a<em>b</em> c"},
		{"a.*b*",
		    "<p>a.<em>b</em></p>\n",
		    "a.<em>b</em>"},
		{"**Provider 773** was tested: the [status page](https://p.example.com/s) told the truth.\n\n- support tickets, *thorough*\n- driver updates, `9` nodes a day replaced\n",
		    "<p><strong>Provider 773</strong> was tested: the <a href=\"https://p.example.com/s\">status page</a> told the truth.</p>\n<ul>\n<li>support tickets, <em>thorough</em></li>\n<li>driver updates, <code>9</code> nodes a day replaced</li>\n</ul>\n",
		    "<p><strong>Provider 773</strong> was tested: the <a href=\"https://p.example.com/s\">status page</a> told the truth.</p>\n<ul>\n<li>support tickets, <em>thorough</em></li>\n<li>driver updates, <code>9</code> nodes a day replaced</li>\n</ul>\n"},
		{"one\ntwo *em*\n\nthree",
		    "<p>one\ntwo <em>em</em></p>\n<p>three</p>\n",
		    "<p>one\ntwo <em>em</em></p>\n<p>three</p>\n"},
		{"2024 was good",
		    "<p>2024 was good</p>\n",
		    "2024 was good"},
		{"- a\n- b",
		    "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n",
		    "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n"},
		{"- a\n\n- b",
		    "<ul>\n<li><p>a</p>\n</li>\n<li><p>b</p>\n</li>\n</ul>\n",
		    "<ul>\n<li><p>a</p>\n</li>\n<li><p>b</p>\n</li>\n</ul>\n"},
		{"- a\nb",
		    "<ul>\n<li>a\nb</li>\n</ul>\n",
		    "<ul>\n<li>a\nb</li>\n</ul>\n"},
		{"a\n- b",
		    "<p>a</p>\n<ul>\n<li>b</li>\n</ul>\n",
		    "<p>a</p>\n<ul>\n<li>b</li>\n</ul>\n"},
		{"a\n\n\nb",
		    "<p>a</p>\n<p>b</p>\n",
		    "<p>a</p>\n<p>b</p>\n"},
		{"a\n\n",
		    "<p>a</p>\n",
		    "a"},
		{"a\n \nb",
		    "<p>a</p>\n<p>b</p>\n",
		    "<p>a</p>\n<p>b</p>\n"},
		{"- a\n\nb\n\n- c",
		    "<ul>\n<li>a</li>\n</ul>\n<p>b</p>\n<ul>\n<li>c</li>\n</ul>\n",
		    "<ul>\n<li>a</li>\n</ul>\n<p>b</p>\n<ul>\n<li>c</li>\n</ul>\n"},
		{"1. a",
		    "<ol>\n<li>a</li>\n</ol>\n",
		    "<ol>\n<li>a</li>\n</ol>\n"},
		{"12) b",
		    "<ol start=\"12\">\n<li>b</li>\n</ol>\n",
		    "<ol start=\"12\">\n<li>b</li>\n</ol>\n"},
		{"a\n===",
		    "<h1 id=\"a\">a</h1>\n",
		    "<h1 id=\"a\">a</h1>\n"},
		{"a\n---",
		    "<h2 id=\"a\">a</h2>\n",
		    "<h2 id=\"a\">a</h2>\n"},
		{"x `a` y",
		    "<p>x <code>a</code> y</p>\n",
		    "x <code>a</code> y"},
		{"x ``a`` y",
		    "<p>x <code>a</code> y</p>\n",
		    "x <code>a</code> y"},
		{"[a](b)c",
		    "<p><a href=\"../b\">a</a>c</p>\n",
		    "<a href=\"../b\">a</a>c"},
		{"![a](b)",
		    "<p><img src=\"../b\" alt=\"a\"></p>\n",
		    "<img src=\"../b\" alt=\"a\">"},
		{"[a](b \"t\")",
		    "<p><a href=\"../b\" title=\"t\">a</a></p>\n",
		    "<a href=\"../b\" title=\"t\">a</a>"},
		{"[a](<b>)",
		    "<p><a href=\"../b\">a</a></p>\n",
		    "<a href=\"../b\">a</a>"},
		{"[a] (b)",
		    "<p>[a] (b)</p>\n",
		    "[a] (b)"},
		{"a  ",
		    "<p>a</p>\n",
		    "a"},
		{"a\t",
		    "<p>a</p>\n",
		    "a"},
		{"- - a",
		    "<ul>\n<li><ul>\n<li>a</li>\n</ul>\n</li>\n</ul>\n",
		    "<ul>\n<li><ul>\n<li>a</li>\n</ul>\n</li>\n</ul>\n"},
		{"- # a",
		    "<ul>\n<li><h1 id=\"a\">a</h1>\n</li>\n</ul>\n",
		    "<ul>\n<li><h1 id=\"a\">a</h1>\n</li>\n</ul>\n"},
		{"-  a",
		    "<ul>\n<li>a</li>\n</ul>\n",
		    "<ul>\n<li>a</li>\n</ul>\n"},
		{"-\ta",
		    "<ul>\n<li>a</li>\n</ul>\n",
		    "<ul>\n<li>a</li>\n</ul>\n"},
		{"`` `",
		    "<p>`` `</p>\n",
		    "`` `"},
		{"**a*",
		    "<p>*<em>a</em></p>\n",
		    "*<em>a</em>"},
		{"*a**",
		    "<p><em>a</em>*</p>\n",
		    "<em>a</em>*"},
		{"**a** **b**",
		    "<p><strong>a</strong> <strong>b</strong></p>\n",
		    "<strong>a</strong> <strong>b</strong>"},
		{"a **b**, c",
		    "<p>a <strong>b</strong>, c</p>\n",
		    "a <strong>b</strong>, c"},
		{"*a* `b` [c](d)",
		    "<p><em>a</em> <code>b</code> <a href=\"../d\">c</a></p>\n",
		    "<em>a</em> <code>b</code> <a href=\"../d\">c</a>"},
		{"[](x)",
		    "<p><a href=\"../x\"></a></p>\n",
		    "<a href=\"../x\"></a>"},
		{"[a]()",
		    "<p><a href=\"#\">a</a></p>\n",
		    "<a href=\"#\">a</a>"},
		{"[a](x)y",
		    "<p><a href=\"../x\">a</a>y</p>\n",
		    "<a href=\"../x\">a</a>y"},
	};
	struct buf b;
	struct diag d;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		buf_init(&b);
		diag_init(&d);
		ck_assert_int_eq(md_to_html(fx.c, cases[i].src, FILE_MD, 5, "../", &b, &d), 0);
		ck_assert_msg(strcmp(b.data, cases[i].html) == 0, "'%s': '%s', not '%s'",
		    cases[i].src, b.data, cases[i].html);
		b.len = 0;
		ck_assert_int_eq(md_to_html_inline(fx.c, cases[i].src, FILE_MD, 5, "../", &b,
		    &d), 0);
		ck_assert_msg(strcmp(b.data, cases[i].inline_html) == 0,
		    "inline '%s': '%s', not '%s'", cases[i].src, b.data, cases[i].inline_html);
		ck_assert_uint_eq(d.n, 0);
		buf_release(&b);
		diag_release(&d);
	}
}
END_TEST

/* The diagnostics of src from md_check (check) or md_to_html (build), one a
 * line, and the status in *rc; malloc'd. */
static char *
diags_of(const char *src, bool build, int *rc)
{
	struct buf b = BUF_INIT, html = BUF_INIT;
	struct diag d;
	size_t i;

	diag_init(&d);
	if (build)
		*rc = md_to_html(fx.c, src, FILE_MD, 5, "../", &html, &d);
	else
		*rc = md_check(fx.c, src, FILE_MD, 5, &d);
	for (i = 0; i < d.n; i++) {
		diag_format(&d.v[i], false, &b);
		buf_putc(&b, '\n');
	}
	diag_release(&d);
	buf_release(&html);
	return buf_detach(&b, NULL);
}

/*
 * Links that are refused however they are spelled (an entity, an escape,
 * capitals, angle brackets, a definition), and links and texts that are
 * fine: md_check gives the status and the diagnostics word for word, and
 * a build of the same text gives the same.
 */
START_TEST(test_check)
{
	static const struct {
		const char *src;
		int rc;
		const char *diags;
	} cases[] = {
		{"plain text", 0, ""},
		{"x &#xE000; y", -1,
		    "commentary/summary.md:5:3: error: reserved character U+E000 in text\n"},
		{"x \xee""\x80""\x81"" y", -1,
		    "commentary/summary.md:5:3: error: reserved character U+E001 in text\n"},
		{"{{nope}}", -1,
		    "commentary/summary.md:5:1: error: unknown shortcode 'nope'\n"},
		{"[a](javascript:alert(1))", -1,
		    "commentary/summary.md:5:5: error: link to 'javascript:alert(1)' refused: only http(s), mailto and relative links\n"},
		{"<javascript:x>", -1,
		    "commentary/summary.md:5:2: error: link to 'javascript:x' refused: only http(s), mailto and relative links\n"},
		{"`{{nope}}` is code", 0, ""},
		{"fine [link](https://e.com)", 0, ""},
		{"[a](b](c:x)", 0, ""},
		{"[a]( javascript:x)", -1,
		    "commentary/summary.md:5:6: error: link to 'javascript:x' refused: only http(s), mailto and relative links\n"},
		{"[a]\n\n[a]: javascript:x\n", -1,
		    "commentary/summary.md:7:6: error: link to 'javascript:x' refused: only http(s), mailto and relative links\n"},
		{"[a](x(https://e.com))", -1,
		    "commentary/summary.md:5:5: error: link to 'x(https://e.com)' refused: only http(s), mailto and relative links\n"},
		{"[a](//e.com)", -1,
		    "commentary/summary.md:5:5: error: link to '//e.com' refused: only http(s), mailto and relative links\n"},
		{"[a](https:///x)", -1,
		    "commentary/summary.md:5:5: error: link to 'https:///x' refused: only http(s), mailto and relative links\n"},
		{"![i](data:x)", -1,
		    "commentary/summary.md:5:6: error: link to 'data:x' refused: only http(s), mailto and relative links\n"},
		{"[a](HTTP://e.com)", -1,
		    "commentary/summary.md:5:5: error: link to 'HTTP://e.com' refused: only http(s), mailto and relative links\n"},
		{"[a]()", 0, ""},
		{"[a](mailto:x@e.com) and [b](/p?q=1:2)", 0, ""},
		{"[a](providers/x/#y)", 0, ""},
		{"[a]:\n  javascript:x\n\n[a]", -1,
		    "commentary/summary.md:8:1: error: link to 'javascript:x' refused: only http(s), mailto and relative links\n"},
		{"[a](https://e.com \"t: x\")", 0, ""},
		{"[a](https://e.com/(x))", 0, ""},
		{"[a](<javascript:x>)", -1,
		    "commentary/summary.md:5:6: error: link to 'javascript:x' refused: only http(s), mailto and relative links\n"},
		{"[a](java&#115;cript:x)", -1,
		    "commentary/summary.md:5:1: error: link to 'javascript:x' refused: only http(s), mailto and relative links\n"},
		{"[a](javascript\\:x)", -1,
		    "commentary/summary.md:5:1: error: link to 'javascript:x' refused: only http(s), mailto and relative links\n"},
		{"[a] (javascript:x)", 0, ""},
		{"[a]\t(javascript:x)", 0, ""},
		{"[a](JavaScript:x)", -1,
		    "commentary/summary.md:5:5: error: link to 'JavaScript:x' refused: only http(s), mailto and relative links\n"},
	};
	size_t i;
	char *got;
	int rc;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		got = diags_of(cases[i].src, false, &rc);
		ck_assert_msg(rc == cases[i].rc && strcmp(got, cases[i].diags) == 0,
		    "check '%s': %d '%s', not %d '%s'", cases[i].src, rc, got, cases[i].rc,
		    cases[i].diags);
		free(got);
		got = diags_of(cases[i].src, true, &rc);
		ck_assert_msg(rc == cases[i].rc && strcmp(got, cases[i].diags) == 0,
		    "build '%s': %d '%s', not %d '%s'", cases[i].src, rc, got, cases[i].rc,
		    cases[i].diags);
		free(got);
	}
}
END_TEST

/* Next of a small generator. */
static unsigned
next_rand(unsigned long *seed, unsigned n)
{
	*seed = *seed * 6364136223846793005ul + 1442695040888963407ul;
	return (unsigned)((*seed >> 33) % n);
}

/* Elements the Markdown writes (raw HTML is refused here: written as text). */
static const char *const md_tags[] = {
	"p", "ul", "ol", "li", "em", "strong", "code", "a", "img", "h1", "h2", "h3",
	"h4", "h5", "h6", "blockquote", "pre", "hr", "br",
};

/* Is s[0..n) one of md_tags? Void elements (img, hr, br) set *leaf. */
static bool
md_tag(const char *s, size_t n, bool *leaf)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(md_tags); i++)
		if (strlen(md_tags[i]) == n && memcmp(md_tags[i], s, n) == 0) {
			*leaf = i >= ARRAY_SIZE(md_tags) - 2 || strcmp(md_tags[i], "img") == 0;
			return true;
		}
	return false;
}

/*
 * Why html, the output for src, is not well formed, or NULL: every '<'
 * opens or closes one of md_tags, with quoted attribute values holding no
 * '<', '>' or '"'; tags nest and all close; every '&' starts an entity;
 * with no_private (a source without U+E000..U+EFFF, which a code block
 * may show as written), no placeholder of a shortcode (U+E000..U+E0FF).
 */
static const char *
html_fault(const char *html, bool no_private)
{
	const char *stack[64], *p = html, *name;
	size_t depth = 0, n;
	bool close, leaf;

	for (; *p != '\0'; p++) {
		if (no_private && (unsigned char)p[0] == 0xee &&
		    ((unsigned char)p[1] & 0xfc) == 0x80)
			return "a placeholder left";
		if (*p == '>')
			return "a bare '>'";
		if (*p == '&') {
			n = strspn(p + 1, "#0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ");
			if (n == 0 || p[1 + n] != ';')
				return "a bare '&'";
			continue;
		}
		if (*p != '<')
			continue;
		close = p[1] == '/';
		name = p + 1 + close;
		n = strspn(name, "abcdefghijklmnopqrstuvwxyz0123456789");
		if (!md_tag(name, n, &leaf))
			return "an element not written by the Markdown";
		p = name + n;
		while (*p == ' ') {   /* attributes: name="value" */
			p += 1 + strspn(p + 1, "abcdefghijklmnopqrstuvwxyz-");
			if (p[0] != '=' || p[1] != '"')
				return "an attribute without a quoted value";
			p += 2 + strcspn(p + 2, "\"<>");
			if (*p != '"')
				return "a '<' or '>' in an attribute value";
			p++;
		}
		if (*p != '>')
			return "a tag not closed by '>'";
		if (close) {
			if (depth == 0 || strncmp(stack[depth - 1], name, n) != 0 ||
			    (stack[depth - 1][n] != '>' && stack[depth - 1][n] != ' '))
				return "a closing tag that closes nothing open";
			depth--;
		} else if (!leaf) {
			if (depth == ARRAY_SIZE(stack))
				return "nesting too deep for the test";
			stack[depth++] = name;
		}
	}
	return depth == 0 ? NULL : "an element left open";
}

/*
 * Random texts from the bytes and words that matter to Markdown (emphasis,
 * code, links, lists, headings, entities, raw HTML, control and broken
 * UTF-8, shortcode braces): each either fails with a diagnostic, as check
 * fails, or gives well-formed HTML (html_fault), the same twice, with the
 * in-line form the block form, or less its one paragraph's <p></p>.
 */
START_TEST(test_random_texts)
{
	static const char *const atoms[] = {"a", "Z", "1", "12", " ", "  ", "\n",
	    "\n\n", "- ", "* ", "*", "**", "`", "[", "]", "(", ")", "](", "e.com",
	    "https://", "x/y", ".", ",", ":", ";", "!", "#", "=", "-", "+", ">", "_",
	    "\xc3\xa9", "\xc2\x85", "\t", "&", "<", "'", "\"", "~", "|", "1.", "1)",
	    "---", "***", "===", "\n- ", "{{", "}}", "javascript:", "?", "%",
	    "\xee\x80\x80", "\xff", "\xc3", "abcdefgh", "\xc2\xa9", "\xc2", "q\"", "'s",
	    "*em*", "**strong**", "`code`", "[link](https://e.com/x)",
	    "[a b](providers/p/)", "[x](#top)", "[y](mailto:a@e.com)", "![i](x.png)",
	    "<b>", "</b>", "&amp;", "&#", "{{count 3.0 medals}}", "    ", "> ", "\\"};
	unsigned long seed = 424242;
	struct buf b, bare, again;
	struct diag d;
	char src[200], *why_check;
	const char *fault;
	size_t i, len, k, n, ok = 0;
	int rc, rc_check;

	for (i = 0; i < 12000; i++) {
		len = 0;
		n = 1 + next_rand(&seed, 24);
		for (k = 0; k < n; k++) {
			const char *a = atoms[next_rand(&seed, ARRAY_SIZE(atoms))];

			if (len + strlen(a) >= sizeof(src))
				break;
			memcpy(src + len, a, strlen(a));
			len += strlen(a);
		}
		src[len] = '\0';
		buf_init(&b);
		buf_init(&bare);
		buf_init(&again);
		diag_init(&d);
		rc = md_to_html(fx.c, src, FILE_MD, 5, "../", &b, &d);
		why_check = diags_of(src, false, &rc_check);
		ck_assert_msg(rc == rc_check, "'%s': build %d, check %d", src, rc, rc_check);
		free(why_check);
		if (rc != 0) {
			ck_assert_msg(d.n > 0 && d.nerrors > 0, "'%s' fails without a word", src);
		} else {
			ok++;
			ck_assert_uint_eq(d.n, 0);
			fault = html_fault(b.data, strchr(src, '\xee') == NULL);
			ck_assert_msg(fault == NULL, "'%s': %s in '%s'", src, fault, b.data);
			ck_assert_int_eq(md_to_html(fx.c, src, FILE_MD, 5, "../", &again, &d), 0);
			ck_assert_str_eq(again.data, b.data);
			ck_assert_int_eq(md_to_html_inline(fx.c, src, FILE_MD, 5, "../", &bare,
			    &d), 0);
			/* the same, or (one paragraph) the same less <p></p> */
			ck_assert_msg(strcmp(bare.data, b.data) == 0 ||
			    (str_starts(b.data, "<p>") && strstr(b.data + 3, "<p>") == NULL &&
			    bare.len + 8 == b.len && memcmp(bare.data, b.data + 3, bare.len) == 0 &&
			    strcmp(b.data + 3 + bare.len, "</p>\n") == 0),
			    "'%s': in line '%s', block '%s'", src, bare.data, b.data);
		}
		buf_release(&b);
		buf_release(&bare);
		buf_release(&again);
		diag_release(&d);
	}
	/* most texts render; the failures are not all there is */
	ck_assert_uint_gt(ok, 6000);
}
END_TEST

/*
 * The trees kept between builds (podium serve): a text is taken again only
 * with the same bytes, file and first line, and only while its shortcodes
 * still check against the model; a tree is kept once, its codes naming the
 * cache's copy of the file; a build's end drops what it did not use.
 */
START_TEST(test_md_cache)
{
	static const char src[] = "A {{provider aws}} text.";
	struct md_cache *mc = md_cache_new();
	const struct md_doc *kept;
	struct provider *aws;
	struct md_doc doc;
	struct diag d;
	char *again = xstrdup(src);
	size_t hits, puts;

	diag_init(&d);
	md_cache_begin(mc);
	ck_assert_ptr_null(md_cache_get(mc, fx.c, src, FILE_MD, 5));
	ck_assert_int_eq(md_parse(fx.c, src, FILE_MD, 5, &doc, &d), 0);
	ck_assert_uint_eq(d.n, 0);
	kept = md_cache_put(mc, src, FILE_MD, 5, &doc);
	ck_assert_ptr_null(doc.root);            /* taken over */
	ck_assert_uint_eq(kept->ncodes, 1);
	ck_assert_str_eq(kept->codes[0].pos.file, FILE_MD);
	ck_assert_ptr_ne(kept->codes[0].pos.file, FILE_MD);
	/* the same bytes elsewhere in memory: the same tree */
	ck_assert_ptr_eq(md_cache_get(mc, fx.c, again, FILE_MD, 5), kept);
	/* another line, file or text: not it */
	ck_assert_ptr_null(md_cache_get(mc, fx.c, src, FILE_MD, 6));
	ck_assert_ptr_null(md_cache_get(mc, fx.c, src, "commentary/other.md", 5));
	ck_assert_ptr_null(md_cache_get(mc, fx.c, "A {{provider aws}} text!", FILE_MD, 5));
	ck_assert_uint_eq(md_cache_count(mc, &hits, &puts), 1);
	ck_assert_uint_eq(hits, 1);
	ck_assert_uint_eq(puts, 1);
	md_cache_end(mc);
	ck_assert_uint_eq(md_cache_count(mc, NULL, NULL), 1);

	/* the provider it names gone from the model: not taken, and a parse
	 * says why */
	aws = (struct provider *)project_provider(fx.p, "aws");
	ck_assert_ptr_nonnull(aws);
	aws->id = "aws~";
	ck_assert_ptr_null(project_provider(fx.p, "aws"));
	md_cache_begin(mc);
	ck_assert_ptr_null(md_cache_get(mc, fx.c, src, FILE_MD, 5));
	ck_assert_int_eq(md_parse(fx.c, src, FILE_MD, 5, &doc, &d), -1);
	ck_assert_uint_gt(d.n, 0);
	aws->id = "aws";
	/* a build that did not take it drops it */
	md_cache_end(mc);
	ck_assert_uint_eq(md_cache_count(mc, &hits, &puts), 0);
	ck_assert_uint_eq(hits, 0);
	ck_assert_uint_eq(puts, 0);
	diag_release(&d);
	free(again);
	md_cache_free(mc);
}
END_TEST

static Suite *
markdown_suite(void)
{
	Suite *s = suite_create("markdown");
	TCase *tc = tcase_create("markdown");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_count);
	tcase_add_test(tc, test_change);
	tcase_add_test(tc, test_share);
	tcase_add_test(tc, test_medals_flow);
	tcase_add_test(tc, test_names);
	tcase_add_test(tc, test_at_cite);
	tcase_add_test(tc, test_hostile);
	tcase_add_test(tc, test_raw_html);
	tcase_add_test(tc, test_markdown);
	tcase_add_test(tc, test_blocks);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_block_errors);
	tcase_add_test(tc, test_other_errors);
	tcase_add_test(tc, test_inline);
	tcase_add_test(tc, test_doc);
	tcase_add_test(tc, test_texts);
	tcase_add_test(tc, test_md_cache);
	tcase_add_test(tc, test_check);
	tcase_add_test(tc, test_random_texts);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(markdown_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
