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
	ck_assert_str_eq(got_, want); \
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
	    "title=\"The article says 84; it has 85 review sections.\">84 stated; 85 counted"
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
}
END_TEST

START_TEST(test_names)
{
	CK_HTML("{{provider aws}} is {{tier aws 3.0}}, was {{tier aws 2.0}}.",
	    "<p><a href=\"../providers/aws/index.html\">Amazon Web Services</a> is "
	    "<a class=\"tier tier-bronze\" href=\"../providers/aws/index.html\">Bronze</a>, was "
	    "<a class=\"tier tier-silver\" href=\"../providers/aws/index.html\">Silver</a>.</p>\n");
	/* an alias is the same provider */
	CK_HTML("{{provider lightning-ai}} {{tier lightning-ai 3.0}}",
	    "<p><a href=\"../providers/lightning/index.html\">Lightning</a> "
	    "<a class=\"tier tier-bronze\" href=\"../providers/lightning/index.html\">Bronze</a></p>\n");
	CK_HTML("{{tier fluidstack 3.0}}",
	    "<p><a class=\"tier tier-unavailable\" href=\"../providers/fluidstack/index.html\">"
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
	CK_HTML("A & B \"q\" 'a' \xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d",
	    "<p>A &amp; B &quot;q&quot; &#39;a&#39; \xd7\xa9\xd7\x9c\xd7\x95\xd7\x9d</p>\n");
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
	struct chart ch;
	struct table *t;
	struct buf want = BUF_INIT, src = BUF_INIT;
	char *got;

	buf_printf(&src, "Before.\n\n{{chart %s}}\n\nAfter.", name);
	got = html_of(&fx, src.data);
	chart_init(&ch, fx.c, (enum chart_kind)(strcmp(name, "distribution") == 0 ? 0 :
	    strcmp(name, "movement") == 0 ? 1 : strcmp(name, "funnel") == 0 ? 2 : 3), NULL);
	buf_puts(&want, "<p>Before.</p>\n<figure class=\"chart\">\n"
	    "<figcaption class=\"visually-hidden\">");
	esc_html(&want, ch.title ? ch.title : name);
	buf_printf(&want, "</figcaption>\n<div class=\"chart-scroll\">"
	    "<img src=\"../charts/%s.svg\" alt=\"", name);
	if (ch.desc)
		esc_attr(&want, ch.desc);
	else
		buf_printf(&want, "Chart: %s", name);
	buf_putc(&want, '"');
	if (ch.width > 0 && ch.height > 0)
		buf_printf(&want, " width=\"%.0f\" height=\"%.0f\"", ch.width, ch.height);
	buf_puts(&want, "></div>\n");
	if ((t = chart_table(&ch, fx.c)) != NULL) {
		buf_puts(&want, "<details class=\"chart-data\">\n<summary>Data behind the "
		    "chart</summary>\n<div class=\"table-wrap\">\n");
		table_html(t, "../", &want);
		buf_puts(&want, "</div>\n</details>\n");
		table_free(t);
	}
	buf_puts(&want, "</figure>\n<p>After.</p>\n");
	ck_assert_str_eq(got, want.data);
	chart_release(&ch);
	buf_release(&want);
	buf_release(&src);
	free(got);
}

START_TEST(test_blocks)
{
	check_chart("distribution");
	check_chart("movement");
	check_chart("funnel");
	check_chart("faults");
	CK_HTML("{{table medals 1.0}}",
	    "<div class=\"table-wrap\">\n"
	    "<table class=\"data\">\n<caption>ClusterMAX 1.0: ratings by tier</caption>\n"
	    "<thead>\n<tr><th scope=\"col\">Tier</th><th scope=\"col\">Provider</th></tr>\n"
	    "</thead>\n<tbody>\n</tbody>\n</table>\n</div>\n");
	CK_HTML("> {{table security 3.0}}",
	    "<blockquote>\n<div class=\"table-wrap\">\n<table class=\"data\">\n"
	    "<caption>ClusterMAX 3.0: security practices and findings</caption>\n"
	    "<thead>\n<tr><th scope=\"col\">Provider</th><th scope=\"col\">Drivers current</th>"
	    "<th scope=\"col\">Embargo program</th>"
	    "<th scope=\"col\">Findings</th></tr>\n</thead>\n<tbody>\n"
	    "<tr><td><a href=\"../providers/aws/index.html\">Amazon Web Services</a></td><td>yes</td>"
	    "<td>no</td><td>Metadata &lt;leak&gt; &amp; more (high, "
	    "cross-tenant; disclosed 2026-08-01; patched 2026-08-07; fix verified)<br>"
	    "1 undisclosed finding</td></tr>\n"
	    "<tr><td>Not named</td><td>\xe2\x80\x94</td><td>\xe2\x80\x94</td>"
	    "<td>Tenant storage reachable (critical, cross-tenant; "
	    "disclosed 2026-08-01; patched after 7d; fix verified)<br>"
	    "1 undisclosed finding</td></tr>\n</tbody>\n</table>\n</div>\n</blockquote>\n");
	{
		char *got = html_of(&fx, "{{table movers 2.0 3.0}}");

		ck_assert(str_starts(got, "<div class=\"table-wrap\">\n<table class=\"data\">\n<caption>Movers from "
		    "ClusterMAX 2.0 to ClusterMAX 3.0</caption>\n"));
		ck_assert_ptr_nonnull(strstr(got, "<tr><td><a href=\"../providers/nebius/index.html\">"
		    "Nebius</a></td><td class=\"tier tier-gold\">Gold</td>"
		    "<td class=\"tier tier-platinum\">Platinum</td><td>\xe2\x86\x91 up 1</td></tr>"));
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
	    "{{share 3.0 medals of rated}} {{share 3.0 reviewed of tracked}}\n"
	    "{{share 1.0 medals of reviewed}} {{share 3.0 medals of tracked pct}}\n"
	    "{{share 3.0 medals of tracked digits=10}}",
	    FILE_MD ":5:1: error: 'share' takes 4 arguments "
	    "({{share EDITION FIGURE of reviewed|tracked [digits=N]}}), not 3\n"
	    FILE_MD ":5:31: error: expected 'of' in 'share', not 'to'\n"
	    FILE_MD ":6:1: error: a share is of 'reviewed' or 'tracked', not 'rated'\n"
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
	ck_assert_uint_eq(t->nrows, 77);
	table_free(t);
	ck_assert_ptr_null(sc_table(fx.c, &doc.codes[0]));
	md_render_html_ids(fx.c, &doc, "", "summary-", &b);
	ck_assert(str_starts(b.data, "<h1 id=\"summary-hi\">Hi</h1>\n<p><a href=\""
	    "https://www.youtube.com/watch?v=abc&amp;t=60\">1:00</a></p>\n"
	    "<div class=\"table-wrap\">\n<table"));
	buf_release(&b);
	md_doc_release(&doc);
	ck_assert_uint_eq(d.n, 0);
	diag_release(&d);
}
END_TEST

/* The HTML of src through the parser, never the plain-text shortcut. */
static char *
parsed_html(const char *src, bool inline_)
{
	struct buf b = BUF_INIT;
	struct md_doc doc;
	struct diag d;

	diag_init(&d);
	ck_assert_int_eq(md_parse(fx.c, src, FILE_MD, 5, &doc, &d), 0);
	if (inline_)
		md_render_html_inline(fx.c, &doc, "../", &b);
	else
		md_render_html(fx.c, &doc, "../", &b);
	md_doc_release(&doc);
	diag_release(&d);
	return buf_detach(&b, NULL);
}

/* Texts with no Markdown in them skip the parser; the HTML must not change. */
START_TEST(test_plain_shortcut)
{
	static const char *const cases[] = {
		"the scheduler is fast", "Seen on node 0; steady afterwards.\n",
		"Fast - and cheap + simple = good # really ~ maybe | 100% $5 @noon ^",
		"quotes ' and \" stay, (brackets) too? yes!", "caf\xc3\xa9 \xe2\x80\x94 ok",
		"a  b", "ends with a space ", "two\nlines", "line\n\n", "1. a list",
		"- item", "# heading", "x *em* y", "x _em_ y", "a & b", "a < b", "a > b",
		"x `code`", "x [link](http://e.com)", "x {{count 3.0 medals}}", "x\tb",
		"a \\ b", "x \xc2\x85 C1", "Heading\n===", "x {y} z", "",
		"*the scheduler* careful", "*a* *b*, *c*. *d*; *e*: f", "*a*b", "a*b*",
		"*a *b* c*", "**strong** x", "*a* ", "* item", "*1*. x", "(*a*)", "*a*\n",
		"*a", "a*", "x *\xc3\xa9* y", "*a*:b", "*a*\nb", "***a***", "*a**b*",
		"x * y", "*a* * b", "Seen on node 53; *uneven* afterwards.", "*a_b* c",
		"*x*", "**", "*", "*a*!", "*a*?", "*a*)", "a *b*\n\n", "*a \"q\"*",
		"a * b*", "a *b * c", "x *a*b* y", "x *a *b*", "a*b* c", "a.*b*",
	};
	struct buf b;
	struct diag d;
	size_t i;
	char *want;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		want = parsed_html(cases[i], false);
		buf_init(&b);
		diag_init(&d);
		ck_assert_int_eq(md_to_html(fx.c, cases[i], FILE_MD, 5, "../", &b, &d), 0);
		ck_assert_msg(strcmp(b.data, want) == 0, "'%s': '%s', parsed '%s'", cases[i],
		    b.data, want);
		free(want);
		buf_release(&b);
		want = parsed_html(cases[i], true);
		ck_assert_int_eq(md_to_html_inline(fx.c, cases[i], FILE_MD, 5, "../", &b, &d), 0);
		ck_assert_msg(strcmp(b.data, want) == 0, "inline '%s': '%s', parsed '%s'",
		    cases[i], b.data, want);
		free(want);
		buf_release(&b);
		ck_assert_uint_eq(d.n, 0);
		diag_release(&d);
	}
	CK_HTML("the scheduler is fast", "<p>the scheduler is fast</p>\n");
	CK_HTML("quotes ' and \" (x)", "<p>quotes &#39; and &quot; (x)</p>\n");
}
END_TEST

/* md_check finds what md_parse finds, parsing or not. */
START_TEST(test_check)
{
	static const char *const cases[] = {
		"plain text", "x &#xE000; y", "x \xee\x80\x81 y", "{{nope}}",
		"[a](javascript:alert(1))", "<javascript:x>", "`{{nope}}` is code",
		"fine [link](https://e.com)", "[a](b](c:x)", "[a]( javascript:x)",
		"[a]\n\n[a]: javascript:x\n", "[a](x(https://e.com))", "[a](//e.com)",
		"[a](https:///x)", "![i](data:x)", "[a](HTTP://e.com)", "[a]()",
		"[a](mailto:x@e.com) and [b](/p?q=1:2)", "[a](providers/x/#y)",
		"[a]:\n  javascript:x\n\n[a]", "[a](https://e.com \"t: x\")",
		"[a](https://e.com/(x))", "[a](<javascript:x>)", "[a](java&#115;cript:x)",
		"[a](javascript\\:x)", "[a] (javascript:x)", "[a]\t(javascript:x)",
	};
	struct diag d1, d2;
	struct md_doc doc;
	struct buf b1, b2;
	size_t i, k;
	int rc;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		diag_init(&d1);
		diag_init(&d2);
		rc = md_parse(fx.c, cases[i], FILE_MD, 5, &doc, &d1);
		if (rc == 0)
			md_doc_release(&doc);
		ck_assert_int_eq(md_check(fx.c, cases[i], FILE_MD, 5, &d2), rc);
		buf_init(&b1);
		buf_init(&b2);
		for (k = 0; k < d1.n; k++)
			diag_format(&d1.v[k], false, &b1);
		for (k = 0; k < d2.n; k++)
			diag_format(&d2.v[k], false, &b2);
		ck_assert_str_eq(b2.data, b1.data);
		buf_release(&b1);
		buf_release(&b2);
		diag_release(&d1);
		diag_release(&d2);
	}
	CK_ERR("x &#xE000; y",
	    "commentary/summary.md:5:3: error: reserved character U+E000 in text\n");
}
END_TEST

/* The diagnostics of md_parse (parsed) or md_check, one a line; malloc'd. */
static char *
diags_of(const char *src, bool parsed, int *rc)
{
	struct buf b = BUF_INIT;
	struct md_doc doc;
	struct diag d;
	size_t i;

	diag_init(&d);
	if (parsed) {
		*rc = md_parse(fx.c, src, FILE_MD, 5, &doc, &d);
		if (*rc == 0)
			md_doc_release(&doc);
	} else
		*rc = md_check(fx.c, src, FILE_MD, 5, &d);
	for (i = 0; i < d.n; i++) {
		diag_format(&d.v[i], false, &b);
		buf_putc(&b, '\n');
	}
	diag_release(&d);
	return buf_detach(&b, NULL);
}

/*
 * Texts drawn from the bytes that matter to the shortcuts (emphasis, links,
 * link definitions, colons, slashes): the shortcut HTML is the parser's, and
 * md_check reports what md_parse reports, word for word.
 */
START_TEST(test_shortcuts_random)
{
	static const char *const atoms[] = {"*", "a", "b", " ", "\n", "[", "]", "(",
	    ")", ":", "/", "//", "http", "https://", "x:", "mailto:", ".", ",", "#",
	    "java", "e.com", "?", "\t", "1", "_", "!", "](", "]:", "'"};
	unsigned long seed = 12345;
	char src[64], *want, *got;
	size_t i, k, len, n;
	struct buf b;
	struct diag d;
	int rc1, rc2;

	for (i = 0; i < 20000; i++) {
		len = 0;
		seed = seed * 6364136223846793005ul + 1442695040888963407ul;
		n = 1 + (seed >> 33) % 10;
		for (k = 0; k < n; k++) {
			const char *a;

			seed = seed * 6364136223846793005ul + 1442695040888963407ul;
			a = atoms[(seed >> 33) % (sizeof(atoms) / sizeof(atoms[0]))];
			if (len + strlen(a) >= sizeof(src))
				break;
			memcpy(src + len, a, strlen(a));
			len += strlen(a);
		}
		src[len] = '\0';
		want = diags_of(src, true, &rc1);
		got = diags_of(src, false, &rc2);
		ck_assert_msg(rc1 == rc2 && strcmp(want, got) == 0,
		    "'%s': check '%s', parse '%s'", src, got, want);
		free(want);
		free(got);
		if (rc1 != 0)
			continue;
		want = parsed_html(src, false);
		buf_init(&b);
		diag_init(&d);
		ck_assert_int_eq(md_to_html(fx.c, src, FILE_MD, 5, "../", &b, &d), 0);
		ck_assert_msg(strcmp(b.data, want) == 0, "'%s': '%s', parsed '%s'", src,
		    b.data, want);
		free(want);
		buf_release(&b);
		want = parsed_html(src, true);
		ck_assert_int_eq(md_to_html_inline(fx.c, src, FILE_MD, 5, "../", &b, &d), 0);
		ck_assert_msg(strcmp(b.data, want) == 0, "inline '%s': '%s', parsed '%s'",
		    src, b.data, want);
		free(want);
		buf_release(&b);
		diag_release(&d);
	}
}
END_TEST

/* Appends atoms drawn from seed to src (cap bytes); returns the length. */
static size_t
random_text(const char *const *atoms, size_t natoms, unsigned long *seed,
    char *src, size_t cap)
{
	size_t len = 0, k, n;

	*seed = *seed * 6364136223846793005ul + 1442695040888963407ul;
	n = 1 + (*seed >> 33) % 24;
	for (k = 0; k < n; k++) {
		const char *a;

		*seed = *seed * 6364136223846793005ul + 1442695040888963407ul;
		a = atoms[(*seed >> 33) % natoms];
		if (len + strlen(a) >= cap)
			break;
		memcpy(src + len, a, strlen(a));
		len += strlen(a);
	}
	src[len] = '\0';
	return len;
}

/* Next of a small generator. */
static unsigned
next_rand(unsigned long *seed, unsigned n)
{
	*seed = *seed * 6364136223846793005ul + 1442695040888963407ul;
	return (unsigned)((*seed >> 33) % n);
}

/*
 * A text of blocks: paragraphs of one to three lines and lists of one to
 * three items, parted by one empty line (or now and then by none, or two),
 * each line words and inlines parted by spaces, now and then a stray byte.
 */
static void
block_text(unsigned long *seed, const char *const *toks, size_t ntoks, char *src,
    size_t cap)
{
	static const char *const parts[] = {"\n\n", "\n\n", "\n\n", "\n", "\n\n\n"};
	static const char *const stray[] = {" ", "*", "`", "[", "_", "-", "#", "1.", "\t",
	    "<", "&", "!", ">", "\\"};
	struct buf b = BUF_INIT;
	unsigned nb = 1 + next_rand(seed, 3), i, l, w, nl, nw;
	bool list;

	buf_putc(&b, '\0');
	b.len = 0;
	for (i = 0; i < nb; i++) {
		if (i > 0)
			buf_puts(&b, parts[next_rand(seed, 5)]);
		list = next_rand(seed, 3) == 0;
		nl = 1 + next_rand(seed, 3);
		for (l = 0; l < nl; l++) {
			if (l > 0)
				buf_putc(&b, '\n');
			if (list)
				buf_puts(&b, "- ");
			nw = 1 + next_rand(seed, 5);
			for (w = 0; w < nw; w++) {
				if (w > 0)
					buf_putc(&b, ' ');
				if (next_rand(seed, 40) == 0)
					buf_puts(&b, stray[next_rand(seed, 14)]);
				buf_puts(&b, toks[next_rand(seed, (unsigned)ntoks)]);
			}
		}
	}
	if (next_rand(seed, 2))
		buf_putc(&b, '\n');
	snprintf(src, cap, "%s", b.data);
	buf_release(&b);
}

/*
 * The one-pass writer of simple texts gives the parser's HTML, bare or
 * not, for every text it takes, over texts of raw bytes that matter to
 * Markdown and texts of whole words, emphasis, code, links and lists.
 */
START_TEST(test_simple_random)
{
	static const char *const raw[] = {"a", "Z", "1", "12", " ", "  ", "\n",
	    "\n\n", "- ", "* ", "*", "**", "`", "[", "]", "(", ")", "](", "e.com",
	    "https://", "x/y", ".", ",", ":", ";", "!", "#", "=", "-", "+", ">", "_",
	    "\xc3\xa9", "\xc2\x85", "\t", "&", "<", "'", "\"", "~", "|", "1.", "1)",
	    "---", "***", "===", "\n- ", "{{", "javascript:", "?", "%", "\xee\x80\x80",
	    "\xff", "\xc3", "abcdefgh", "\xc2\xa9", "\xc2", "q\"", "'s"};
	static const char *const words[] = {"word", "Two", "9", "x1", " ", " ", " ",
	    ", ", ". ", "; ", ": ", "\n", "\n", "\n\n", "\n\n", "- ", "\n- ", "*em*",
	    "**strong**", "*a b*", "**Provider 7**", "`code`", "`a*b`", "` c`",
	    "[link](https://e.com/x)", "[a b](providers/p/)", "[x](#top)",
	    "[y](mailto:a@e.com)", "[z](javascript:x)", "![i](x.png)", "(p)",
	    "caf\xc3\xa9", "1. ", "2) ", "x", "*", "`", "[", "]", "(", ")", "'q'",
	    "\"q\"", "a!", "#", "~", "|", "=", "+", "-", "@", "$5", "100%", "^"};
	static const char *const toks[] = {"word", "Two", "x1", "99", "a,", "b.",
	    "c;", "d:", "*em*", "*em*,", "**strong**", "**st**.", "*a b*", "`code`",
	    "`a*b`", "`x y`", "[link](https://e.com/x)", "[a b](providers/p/)",
	    "[x](#top)", "[y](mailto:a@e.com)", "(p)", "caf\xc3\xa9", "'q'", "\"q\"",
	    "a!", "~", "|", "=", "+", "-", "@", "$5", "100%", "^", "x?", "/",
	    "\xc2\xa9", "it's", "\"a\",", "\xc2\x85x"};
	unsigned long seed = 424242;
	char src[400], *want;
	size_t i, taken = 0, len;
	struct buf b;
	int pass;

	for (pass = 0; pass < 3; pass++) {
		for (i = 0; i < (pass == 2 ? 60000u : 30000u); i++) {
			if (pass == 0)
				len = random_text(raw, sizeof(raw) / sizeof(raw[0]), &seed, src,
				    sizeof(src));
			else if (pass == 1)
				len = random_text(words, sizeof(words) / sizeof(words[0]), &seed,
				    src, sizeof(src));
			else
				block_text(&seed, toks, sizeof(toks) / sizeof(toks[0]), src,
				    sizeof(src));
			(void)len;
			buf_init(&b);
			buf_puts(&b, "<x>");
			if (md_simple_html(src, "../", false, &b)) {
				taken++;
				want = parsed_html(src, false);
				ck_assert_msg(strcmp(b.data + 3, want) == 0,
				    "'%s': '%s', parsed '%s'", src, b.data + 3, want);
				free(want);
			} else
				ck_assert_str_eq(b.data, "<x>");
			buf_release(&b);
			buf_init(&b);
			if (md_simple_html(src, "../", true, &b)) {
				want = parsed_html(src, true);
				ck_assert_msg(strcmp(b.data, want) == 0,
				    "bare '%s': '%s', parsed '%s'", src, b.data, want);
				free(want);
			} else
				ck_assert_uint_eq(b.len, 0);
			buf_release(&b);
		}
	}
	/* the words make texts it takes; not only texts it refuses */
	ck_assert_uint_gt(taken, 8000);
}
END_TEST

/* Texts as review summaries are written, with their exact HTML. */
START_TEST(test_simple_cases)
{
	static const char *const cases[] = {
		"**Provider 773** was tested: the [status page](https://p.example.com/s) "
		"told the truth.\n\n- support tickets, *thorough*\n- driver updates, "
		"`9` nodes a day replaced\n",
		"one\ntwo *em*\n\nthree", "2024 was good", "- a\n- b", "- a\n\n- b",
		"- a\nb", "a\n- b", "a\n\n\nb", "a\n\n", "a\n \nb", "- a\n\nb\n\n- c",
		"1. a", "12) b", "a\n===", "a\n---", "*a*b", "x `a` y", "x ``a`` y",
		"[a](b)c", "![a](b)", "[a](b \"t\")", "[a](<b>)", "[a] (b)", "a  ",
		"a\t", "- - a", "- # a", "-  a", "-\ta", "`` `", "**a*", "*a**",
		"**a** **b**", "a **b**, c", "*a* `b` [c](d)", "[a](java&#115;cript:x)",
		"[a](JavaScript:x)", "[a](//e.com)", "[](x)", "[a]()", "[a](x)y",
	};
	struct buf b;
	size_t i;
	char *want;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		buf_init(&b);
		if (md_simple_html(cases[i], "../", false, &b)) {
			want = parsed_html(cases[i], false);
			ck_assert_msg(strcmp(b.data, want) == 0, "'%s': '%s', parsed '%s'",
			    cases[i], b.data, want);
			free(want);
		}
		buf_release(&b);
	}
	buf_init(&b);
	ck_assert(md_simple_html(cases[0], "../", false, &b));
	ck_assert_str_eq(b.data, "<p><strong>Provider 773</strong> was tested: the "
	    "<a href=\"https://p.example.com/s\">status page</a> told the truth.</p>\n"
	    "<ul>\n<li>support tickets, <em>thorough</em></li>\n<li>driver updates, "
	    "<code>9</code> nodes a day replaced</li>\n</ul>\n");
	b.len = 0;
	ck_assert(md_simple_html("see [x](providers/p/) *now*", "../", true, &b));
	ck_assert_str_eq(b.data, "see <a href=\"../providers/p/index.html\">x</a> "
	    "<em>now</em>");
	b.len = 0;
	ck_assert(md_simple_html("a\n\nb", "", true, &b));
	ck_assert_str_eq(b.data, "<p>a</p>\n<p>b</p>\n");
	ck_assert(!md_simple_html("- a\n\n- b", "", false, &b));
	ck_assert(!md_simple_html("x {{count 3.0 medals}}", "", false, &b));
	ck_assert(!md_simple_html("[a](javascript:x)", "", false, &b));
	/* not UTF-8: cmark would write U+FFFD */
	ck_assert(!md_simple_html("long enough plain text \xff here", "", false, &b));
	ck_assert(!md_simple_html("caf\xc3", "", false, &b));
	buf_release(&b);
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
	tcase_add_test(tc, test_plain_shortcut);
	tcase_add_test(tc, test_check);
	tcase_add_test(tc, test_shortcuts_random);
	tcase_add_test(tc, test_simple_random);
	tcase_add_test(tc, test_simple_cases);
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
