// compare.js SITE_DIR HOSTILE_DIR: the compare page (SPEC 5.3) in headless
// Chromium (puppeteer-core), served over HTTP. SITE_DIR is
// tests/fixtures/mini built; prints "ok - ..." / "not ok - ..." lines:
// - ?providers=alpha,beta: a column each, linked to its page; the tier in
//   each edition, the scores per criterion, the failure test, findings
//   counted, declared fields, as tests/fixtures/mini gives them;
// - one provider, five, or an unknown id: the page says to choose two to
//   four and links the providers index;
// - the providers index's boxes lead to the comparison of those ticked;
// - without JavaScript the page says what it does and links the index;
// - nothing is requested from outside the site; no script error;
// - HOSTILE_DIR's names stay text (no element made);
// - DEFAULT_DIR (the default report, optional): the page opens with what
//   it compares and how to choose others, the providers index linked; a
//   cell with no value says why in the data's words, not a bare dash.
"use strict";
const {serve, ok, open, result} = require("./site.js");
const path = require("path");
const puppeteer = require("puppeteer-core");
const site = path.resolve(process.argv[2]);
const hostile = path.resolve(process.argv[3]);
const deflt = process.argv[4] ? path.resolve(process.argv[4]) : null;
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";

function table(page) {
	return page.evaluate(() => {
		const out = document.getElementById("compare");
		const t = out.querySelector("table");
		const rows = {};
		if (t) Array.from(t.tBodies[0].rows).forEach((r) => {
			rows[r.cells[0].textContent] = Array.from(r.cells).slice(1).map((c) => c.textContent);
		});
		return {
			head: t ? Array.from(t.tHead.rows[0].cells).slice(1).map((c) => c.textContent) : [],
			links: t ? Array.from(t.tHead.querySelectorAll("a")).map((a) => a.getAttribute("href")) : [],
			rows,
			text: out.innerText,
			outLinks: Array.from(out.querySelectorAll("p a")).map((a) => a.getAttribute("href")),
			elements: out.querySelectorAll("img, script, svg, iframe").length,
			wide: document.documentElement.scrollWidth > window.innerWidth,
		};
	});
}

async function defaultReport(browser, base) {
	const want = JSON.stringify;
	let o = await open(browser, base + "compare/index.html?providers=coreweave,nebius", {base});
	const intro = await o.page.evaluate(() => {
		const d = document.querySelector(".compare-intro");
		return d ? {shown: d.offsetHeight > 0, text: d.innerText.replace(/\s+/g, " ").trim(),
			links: Array.from(d.querySelectorAll("a")).map((a) => a.getAttribute("href"))} : null;
	});
	ok(intro !== null && intro.shown && intro.text === "Two to four providers side by side: their tier in each " +
	    "edition, the failure test and public security findings. To compare others, tick two to four of " +
	    "them in the list of every provider and press Compare." &&
	    want(intro.links) === want(["../providers/index.html"]),
	    "default report: the page says what it compares, how to choose, and links the providers index", want(intro));
	let t = await table(o.page);
	ok(want(t.head) === want(["CoreWeave", "Nebius"]) && (t.rows["Failure test"] || [])[0] === "no result in its review" &&
	    (t.rows["Failure test"] || [])[1].startsWith("The test injected"),
	    "default report: CoreWeave's failure-test cell says why it is empty", want(t.rows));
	ok(!("Public security findings" in t.rows), "... a row neither has is left out", want(Object.keys(t.rows)));
	await o.page.close();
	o = await open(browser, base + "compare/index.html?providers=gmi,coreweave", {base});
	t = await table(o.page);
	ok(want(t.rows["Tier, ClusterMAX 1.0"]) === want(["not reviewed", "Platinum"]),
	    "default report: an edition without a provider's review reads \"not reviewed\"", want(t.rows));
	await o.page.close();
	o = await open(browser, base + "compare/index.html?providers=coreweave,nebius", {base, noscript: true});
	const hidden = await o.page.evaluate(() => document.querySelector(".compare-intro").offsetHeight === 0);
	ok(hidden, "default report: without JavaScript the noscript text alone says what the page does");
	await o.page.close();
}

(async () => {
	const browser = await puppeteer.launch({executablePath: browserPath, headless: true,
		args: ["--no-sandbox", "--disable-gpu", "--hide-scrollbars"]});
	const server = serve(site), hserver = serve(hostile);
	try {
		await new Promise((r) => server.listen(0, "127.0.0.1", r));
		await new Promise((r) => hserver.listen(0, "127.0.0.1", r));
		const base = "http://127.0.0.1:" + server.address().port + "/";
		let o = await open(browser, base + "compare/index.html?providers=alpha,beta", {base});
		let t = await table(o.page);
		const want = JSON.stringify;
		ok(want(t.head) === want(["Alpha Cloud", "Beta Compute"]) &&
		    want(t.links) === want(["../providers/alpha/index.html", "../providers/beta/index.html"]),
		    "two providers: a column each, linked to its page", want(t));
		ok(want(t.rows["Tier, Edition Three"]) === want(["Elite", "Strong"]) &&
		    want(t.rows["Tier, Edition One"]) === want(["Strong", "Fair"]),
		    "... the tier in each edition", want(t.rows));
		ok(want(t.rows["Score, Security, Edition Three"]) === want(["5.0", "4.0"]) &&
		    want(t.rows["Score, Reliability, Edition Three"]) === want(["4.0", "3.5"]),
		    "... the scores per criterion", want(t.rows));
		ok((t.rows["Failure test"] || [])[0].startsWith("The test injected synthetic XID error, and a healthy node was back in service. Recovery was automatic, with no human in the loop.") &&
		    (t.rows["Failure test"] || [])[0].includes("Detected: 1m30s (within target); Drained: 2m; Replaced: 35m7s (within target)."),
		    "... the failure test in the page's words", want(t.rows["Failure test"]));
		ok(want(t.rows["Public security findings"]) !== undefined && t.rows["Public security findings"][0] === "1",
		    "... the public findings counted", want(t.rows["Public security findings"]));
		ok(want(t.rows["Kind"]) === want(["hyperscaler", "neocloud"]) || (t.rows["Kind"] || [])[0] === "hyperscaler",
		    "... the declared fields", want(t.rows["Kind"]));
		ok(o.errors.length === 0 && o.outside.length === 0,
		    "... no script error, nothing from outside the site", o.errors.concat(o.outside).join(" | "));
		await o.page.close();
		o = await open(browser, base + "compare/index.html?providers=alpha,beta", {base, width: 390});
		t = await table(o.page);
		ok(!t.wide, "at 390 px the page does not scroll sideways");
		await o.page.close();

		for (const q of ["alpha", "alpha,beta,delta,echo,gamma", "alpha,nosuch"]) {
			o = await open(browser, base + "compare/index.html?providers=" + q, {base});
			t = await table(o.page);
			ok(t.head.length === 0 && t.text.startsWith("Choose two to four providers") &&
			    t.outLinks.includes("../providers/index.html"),
			    "?providers=" + q + ": the page says to choose two to four, and links the index", want(t));
			await o.page.close();
		}

		o = await open(browser, base + "providers/index.html", {base});
		await o.page.click('input[name="providers"][value="alpha"]');
		await o.page.click('input[name="providers"][value="delta"]');
		await Promise.all([o.page.waitForNavigation({waitUntil: "load"}),
			o.page.click("#compare-form button")]);
		t = await table(o.page);
		ok(want(t.head) === want(["Alpha Cloud", "Delta"]),
		    "the providers index: the boxes ticked are compared (" + o.page.url() + ")", want(t.head));
		await o.page.close();

		o = await open(browser, base + "compare/index.html?providers=alpha,beta", {base, noscript: true});
		const nojs = await o.page.evaluate(() => {
			const p = document.querySelector(".compare-nojs");
			return {text: p ? p.innerText : "", shown: p ? p.offsetHeight > 0 : false,
				links: Array.from(document.querySelectorAll("main a")).map((a) => a.getAttribute("href"))};
		});
		ok(nojs.shown && nojs.text.startsWith("This page sets two to four providers side by side") &&
		    nojs.links.includes("../providers/index.html"),
		    "without JavaScript the page says what it does and links the providers index", want(nojs));
		await o.page.close();

		const hb = "http://127.0.0.1:" + hserver.address().port + "/";
		o = await open(browser, hb + "compare/index.html?providers=acme,gamma", {base: hb});
		t = await table(o.page);
		ok(t.head.length === 2 && t.head[0].includes("<script>alert(1)</script>") &&
		    t.elements === 0 && o.errors.length === 0,
		    "hostile names: shown as text, no element made, no dialog", want({head: t.head, el: t.elements, err: o.errors}));
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
