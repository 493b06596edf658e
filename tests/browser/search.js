// search.js SITE_DIR HOSTILE_DIR: the search page (SPEC 5.3) in headless
// Chromium (puppeteer-core), served over HTTP and opened from file://.
// SITE_DIR is tests/fixtures/bikes in German with "Stoßzeit" and "Café"
// in its FAQ page; prints "ok - ..." / "not ok - ..." lines:
// - "stosszeit" and "STOSSZEIT" find the FAQ, its snippet marks "Stoßzeit";
//   "cafe" marks "Café" (case and accents folded, the query as the index);
// - a provider's name, unaccented, ranks its page first, an edition's its
//   edition's page; every word must occur;
// - the masthead's search box on another page leads to the results;
// - without JavaScript the page says what it does, in the pack's words,
//   and links the providers index;
// - nothing is requested from outside the site; no script error;
// - HOSTILE_DIR's names and a hostile query stay text (no element made);
// - DEFAULT_DIR (the default report, optional): a home section shows the
//   page it is on ("Report › Summary"), the count says results, not pages,
//   in the singular for one; "crusoe" finds the 1.0, 2.0 and 3.0 pages
//   (their tier tables); the security section is found on its page.
"use strict";
const {serve, ok, open, result} = require("./site.js");
const path = require("path");
const puppeteer = require("puppeteer-core");
const site = path.resolve(process.argv[2]);
const hostile = path.resolve(process.argv[3]);
const deflt = process.argv[4] ? path.resolve(process.argv[4]) : null;
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";

function results(page) {
	return page.evaluate(() => {
		const out = document.getElementById("search-results");
		return {
			lead: out.querySelector("p") ? out.querySelector("p").textContent : "",
			items: Array.from(out.querySelectorAll("li")).map((li) => ({
				title: li.querySelector("a").textContent,
				href: li.querySelector("a").getAttribute("href"),
				marks: Array.from(li.querySelectorAll("mark")).map((m) => m.textContent),
			})),
			elements: out.querySelectorAll("img, script, svg, iframe").length,
		};
	});
}

async function run(browser, base, how) {
	let o = await open(browser, base + "search/index.html?q=stosszeit", {base});
	let r = await results(o.page);
	const faq = r.items.find((i) => i.title === "Questions");
	ok(faq !== undefined, how + ": \"stosszeit\" finds the page that says \"Stoßzeit\"",
	    JSON.stringify(r));
	ok(faq && faq.marks.includes("Stoßzeit"), how + ": ... and marks the word as written",
	    JSON.stringify(faq));
	ok(faq && faq.href === "../faq/index.html", how + ": ... linked from the search page", faq && faq.href);
	ok(/^\d+ Treffer$/.test(r.lead), how + ": the count in the pack's words", r.lead);
	ok(o.errors.length === 0, how + ": no script error", o.errors.join(" | "));
	ok(o.outside.length === 0, how + ": nothing requested from outside the site", o.outside.join(" "));
	await o.page.close();

	o = await open(browser, base + "search/index.html?q=STOSSZEIT", {base});
	r = await results(o.page);
	ok(r.items.some((i) => i.title === "Questions"), how + ": the case of the query does not matter");
	await o.page.close();
	o = await open(browser, base + "search/index.html?q=cafe", {base});
	r = await results(o.page);
	ok(r.items.some((i) => i.marks.includes("Café")), how + ": \"cafe\" marks \"Café\"", JSON.stringify(r.items));
	await o.page.close();
	o = await open(browser, base + "search/index.html?q=stosszeit+nirgendwoxyz", {base});
	r = await results(o.page);
	ok(r.items.length === 0 && r.lead === "Keine Seite enthält alle diese Wörter.",
	    how + ": every word must occur, else the pack says none", JSON.stringify(r));
	await o.page.close();
	o = await open(browser, base + "search/index.html?q=2025", {base});
	r = await results(o.page);
	ok(r.items.length > 0 && r.items[0].href === "../editions/2025/index.html",
	    how + ": an edition's name (\"2025\") ranks its page first", JSON.stringify(r.items.slice(0, 3)));
	await o.page.close();
	o = await open(browser, base + "search/index.html?q=velo+nord", {base});
	r = await results(o.page);
	ok(r.items.length > 0 && r.items[0].href === "../providers/velo-nord/index.html",
	    how + ": a provider's name, unaccented, ranks its page first", JSON.stringify(r.items.slice(0, 3)));
	await o.page.close();

	// the masthead's box, on a provider page, at phone width
	o = await open(browser, base + "providers/velo-nord/index.html", {base, width: 390});
	await o.page.type("#nav-q", "stoßzeit");
	await Promise.all([o.page.waitForNavigation({waitUntil: "load"}), o.page.keyboard.press("Enter")]);
	const url = o.page.url();
	r = await results(o.page);
	ok(/\/search\/index\.html\?q=sto%C3%9Fzeit$/.test(url) && r.items.some((i) => i.title === "Questions"),
	    how + ": the masthead's search box is a GET form to the search page", url);
	const box = await o.page.evaluate(() => document.getElementById("search-q").value);
	ok(box === "stoßzeit", how + ": the page's box holds the query", box);
	await o.page.close();

	// without JavaScript
	o = await open(browser, base + "search/index.html?q=stosszeit", {base, noscript: true});
	const nojs = await o.page.evaluate(() => {
		const p = document.querySelector(".search-nojs");
		const links = Array.from(document.querySelectorAll("main a")).map((a) => a.getAttribute("href"));
		return {text: p ? p.innerText : "", shown: p ? p.offsetHeight > 0 : false, links};
	});
	ok(nojs.shown && nojs.text.startsWith("Diese Seite durchsucht alle Seiten des Berichts"),
	    how + ": without JavaScript the page says what it does, in German", JSON.stringify(nojs));
	ok(nojs.links.includes("../providers/index.html"), how + ": ... and links the providers index",
	    JSON.stringify(nojs.links));
	await o.page.close();
}

async function defaultReport(browser, base) {
	let o = await open(browser, base + "search/index.html?q=crusoe", {base});
	let r = await results(o.page);
	// the 3.0 tier table is the home page's (site review 6): its own entry
	const eds = ["../editions/1.0/index.html", "../editions/2.0/index.html", "../index.html#medal-table"];
	ok(eds.every((e) => r.items.some((i) => i.href === e)) &&
	    !r.items.some((i) => i.href === "../editions/3.0/index.html"),
	    "default report: \"crusoe\" finds the 1.0 and 2.0 pages and the home page's tier table (3.0), not the 3.0 page, which has none",
	    JSON.stringify(r.items.map((i) => i.href)));
	const tt = r.items.find((i) => i.href === "../index.html#medal-table");
	ok(tt !== undefined && tt.title === "Report \u203a The tier table",
	    "default report: the home page's tier table reads \"Report \u203a The tier table\"", JSON.stringify(tt));
	const sum = r.items.find((i) => i.href === "../index.html#section-10-summary");
	ok(sum !== undefined && sum.title === "Report \u203a Summary",
	    "default report: a home section reads \"Report \u203a Summary\", the page with the section",
	    JSON.stringify(sum));
	ok(r.lead === r.items.length + " results", "default report: the count says results (\"" + r.lead + "\")", r.lead);
	ok(!r.items.some((i) => i.title === "Security"),
	    "default report: the security section is not a bare home section", JSON.stringify(r.items.map((i) => i.title)));
	await o.page.close();
	o = await open(browser, base + "search/index.html?q=nvidiascape", {base});
	r = await results(o.page);
	ok(r.items.length === 1 && r.items[0].href === "../security/index.html" && r.lead === "1 result",
	    "default report: the security section's words find the security page, \"1 result\"", JSON.stringify(r));
	await o.page.close();
}

(async () => {
	const browser = await puppeteer.launch({executablePath: browserPath, headless: true,
		args: ["--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--allow-file-access-from-files"]});
	const server = serve(site), hserver = serve(hostile);
	try {
		await new Promise((r) => server.listen(0, "127.0.0.1", r));
		await new Promise((r) => hserver.listen(0, "127.0.0.1", r));
		await run(browser, "http://127.0.0.1:" + server.address().port + "/", "over HTTP");
		await run(browser, "file://" + site + "/", "from file://");
		const hb = "http://127.0.0.1:" + hserver.address().port + "/";
		const q = encodeURIComponent("alert <img src=x onerror=alert(1)>");
		const o = await open(browser, hb + "search/index.html?q=" + q, {base: hb});
		const r = await results(o.page);
		ok(r.items.length > 0 && r.elements === 0 && o.errors.length === 0,
		    "hostile names and query: found, shown as text, no element made, no dialog",
		    JSON.stringify({n: r.items.length, el: r.elements, err: o.errors}));
		ok(r.items.some((i) => i.title.includes("<script>alert(1)</script>")),
		    "... a name reads as written", JSON.stringify(r.items.map((i) => i.title).slice(0, 3)));
		await o.page.close();
		if (deflt !== null) {
			const dserver = serve(deflt);
			await new Promise((r) => dserver.listen(0, "127.0.0.1", r));
			try {
				await defaultReport(browser, "http://127.0.0.1:" + dserver.address().port + "/");
			} finally {
				dserver.close();
			}
		}
	} catch (e) {
		ok(false, "browser run", String(e && e.stack || e));
	} finally {
		await browser.close();
		server.close();
		hserver.close();
	}
	process.exit(result.failed ? 1 : 0);
})();
