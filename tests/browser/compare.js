// compare.js SITE_DIR HOSTILE_DIR: the compare page (SPEC 5.3) in headless
// Chromium (puppeteer-core), served over HTTP. SITE_DIR is
// tests/fixtures/mini built; prints "ok - ..." / "not ok - ..." lines:
// - ?providers=alpha,beta: a column each, linked to its page; the tier in
//   each edition, the scores per criterion, the failure test a line each
//   (what came of it, each step), findings in words, declared fields, as
//   tests/fixtures/mini gives them; at 390 px a row at a time, each cell
//   under its provider's name;
// - one provider, five, or an unknown id: the page says what was wrong
//   ("No provider named “nosuch”.", "you chose 5"), then to choose two to
//   four, and links the providers index; an unknown id beside two known
//   ones is said above their table;
// - the providers index's boxes lead to the comparison of those ticked;
// - without JavaScript the page says what it does and links the index;
// - nothing is requested from outside the site; no script error;
// - HOSTILE_DIR's names, and an id in the address, stay text (no element
//   made);
// - DEFAULT_DIR (the default report, optional): the page opens with what
//   it compares and how to choose providers, the providers index linked; a
//   cell with no value says why in the data's words, not a bare dash;
//   ClusterMAX 1.0 (partial) says "not named"; the rows the opening
//   promises are kept; the findings in words; Oracle's failure test keeps
//   its note (reader review #1, #2, #16).
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
			// a cell's words: a tier's glyph is a mark for the eye
			// (aria-hidden), the words after it its name
			rows[r.cells[0].textContent] = Array.from(r.cells).slice(1).map((c) => {
				const k = c.cloneNode(true);
				k.querySelectorAll("[aria-hidden]").forEach((g) => g.remove());
				return k.textContent.replace(/^\u00a0/, "");
			});
		});
		// each tier cell's mark: its glyph, whether a medal, its colour
		const marks = t ? Array.from(t.tBodies[0].querySelectorAll("td > .tier")).map((s) =>
			s.querySelector(".glyph").textContent + (s.classList.contains("tier-medal") ? " medal" : "") +
			(s.classList.contains("tier-unrated") ? " unrated" : "") +
			(s.style.getPropertyValue("--tier") ? " coloured" : "")) : [];
		return {
			head: t ? Array.from(t.tHead.rows[0].cells).slice(1).map((c) => c.textContent) : [],
			links: t ? Array.from(t.tHead.querySelectorAll("a")).map((a) => a.getAttribute("href")) : [],
			rows,
			marks,
			text: out.innerText,
			said: Array.from(out.querySelectorAll(":scope > p")).map((p) => p.textContent),
			// how the cells lay out: whether their lines are kept, how wide
			ws: t ? Array.from(t.tBodies[0].querySelectorAll("td")).map((c) => getComputedStyle(c).whiteSpace) : [],
			narrowest: t ? Math.min.apply(null, Array.from(t.tBodies[0].querySelectorAll("td")).map((c) => c.getBoundingClientRect().width)) : 0,
			labels: t ? Array.from(t.tBodies[0].rows[0].cells).slice(1).map((c) => c.getAttribute("data-label")) : [],
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
	    "edition, the failure test and public security findings. To choose providers, tick two to four " +
	    "in the list of every provider and press Compare." &&
	    want(intro.links) === want(["../providers/index.html"]),
	    "default report: the page says what it compares, how to choose, and links the providers index", want(intro));
	let t = await table(o.page);
	ok(want(t.head) === want(["CoreWeave", "Nebius"]) && (t.rows["Failure test"] || [])[0] === "not in its review" &&
	    (t.rows["Failure test"] || [])[1].startsWith("The test injected"),
	    "default report: CoreWeave's failure-test cell says why it is empty", want(t.rows));
	ok((t.rows["Failure test"] || [])[1] === "The test injected a simulated NVIDIA GPU error on a GB300 rack. " +
	    "Nebius detected the fault at once and had a healthy node back in service after 8h40m (not held " +
	    "against the targets).",
	    "default report: Nebius's failure test in one statement, not its note (site review 7, item 20)",
	    want(t.rows["Failure test"]));
	ok(want(t.rows["Public security findings"]) === want(["not in its review", "not in its review"]),
	    "... the findings row the opening promises is kept, each cell saying why it is empty", want(t.rows));
	// site review 15: a tier reads as in every other table, its glyph
	// before its name (CoreWeave Platinum in all three editions; Nebius
	// Platinum, Gold, Gold: FACTS.md), newest edition first
	ok(want(t.rows["Tier, ClusterMAX 3.0"]) === want(["Platinum", "Platinum"]) &&
	    want(t.rows["Tier, ClusterMAX 2.0"]) === want(["Platinum", "Gold"]) &&
	    want(t.marks) === want(Array(6).fill("\u25cf medal coloured")),
	    "default report: each tier with its mark, a medal's glyph in its colour", want({rows: t.rows, marks: t.marks}));
	const cols = await o.page.evaluate(() => Array.from(document.querySelectorAll("#compare thead th"))
		.map((c) => Math.round(c.getBoundingClientRect().width)));
	ok(cols.length === 3 && Math.abs(cols[1] - cols[2]) <= 1,
	    "... at 1280 px the providers' columns are as wide as each other", want(cols));
	await o.page.close();
	o = await open(browser, base + "compare/index.html?providers=vultr,fpt,oracle", {base});
	t = await table(o.page);
	ok(want(t.rows["Tier, ClusterMAX 1.0"]) === want(["not named", "not named", "Gold"]) &&
	    want(t.rows["Tier, ClusterMAX 2.0"]) === want(["Silver", "Unavailable", "Gold"]),
	    "default report: ClusterMAX 1.0 (partial) says \"not named\", as the providers index", want(t.rows));
	ok(want(t.rows["Public security findings"]) === want(["Libraries with applicable CVEs in its image",
	    "Partition keys not configured correctly", "none recorded"]),
	    "... the findings in words; Oracle, with none, \"none recorded\"", want(t.rows["Public security findings"]));
	ok(want(t.rows["Failure test"]) === want(["not in its review", "not in its review",
	    "Oracle detected the fault (no time given) and did not replace the node."]),
	    "... Oracle's failure test in one statement", want(t.rows["Failure test"]));
	await o.page.close();
	o = await open(browser, base + "compare/index.html?providers=vultr,fpt", {base});
	t = await table(o.page);
	ok(want(t.rows["Failure test"]) === want(["not in its review", "not in its review"]),
	    "... the failure-test row the opening promises is kept where neither has one", want(t.rows));
	await o.page.close();
	o = await open(browser, base + "compare/index.html?providers=vultr,fpt,oracle", {base, width: 390});
	t = await table(o.page);
	ok(!t.wide && t.narrowest >= 150 && want(t.labels) === want(["Vultr", "FPT", "Oracle"]),
	    "... at 390 px a row at a time, each cell under its provider's name, none a sliver",
	    want({wide: t.wide, narrowest: t.narrowest, labels: t.labels}));
	// a row's head across the row, so its rule is not a short line under
	// the words (site review 15)
	const heads = await o.page.evaluate(() => Array.from(document.querySelectorAll("#compare tbody th")).map((h) => {
		const r = h.closest("tr").getBoundingClientRect(), b = h.getBoundingClientRect();
		return Math.round(r.width - b.width) + "/" + getComputedStyle(h).borderBottomStyle;
	}));
	ok(heads.length > 0 && heads.every((x) => x === "0/none"),
	    "... at 390 px each row's head spans its row, with no rule of its own", want(heads));
	await o.page.close();
	o = await open(browser, base + "compare/index.html?providers=gmi,coreweave", {base});
	t = await table(o.page);
	ok(want(t.rows["Tier, ClusterMAX 1.0"]) === want(["not named", "Platinum"]),
	    "default report: GMI in ClusterMAX 1.0 reads \"not named\"", want(t.rows));
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
		ok(want((t.rows["Failure test"] || [])[0].split("\n")) === want([
			"The test injected synthetic XID error. Alpha Cloud detected the fault after 1m30s (inside the 2m " +
			"target), drained the node after 2m and had a healthy node back in service after 35m7s (inside the " +
			"1h target). Recovery was automatic, with no human in the loop."]) &&
		    t.ws.every((w) => w === "pre-line"),
		    "... the failure test in the page's words (kept: " + want([...new Set(t.ws)]) + ")", want(t.rows["Failure test"]));
		ok(want(t.rows["Public security findings"]) === want(["Open metadata endpoint (medium, exposed-service; " +
		    "disclosed 1 December 2025; patched 5 December 2025; fix verified)", "not in its review"]),
		    "... the public findings in words, and why a provider has none", want(t.rows["Public security findings"]));
		ok(want(t.rows["Kind"]) === want(["hyperscaler", "neocloud"]) || (t.rows["Kind"] || [])[0] === "hyperscaler",
		    "... the declared fields", want(t.rows["Kind"]));
		ok(o.errors.length === 0 && o.outside.length === 0,
		    "... no script error, nothing from outside the site", o.errors.concat(o.outside).join(" | "));
		await o.page.close();
		o = await open(browser, base + "compare/index.html?providers=alpha,beta", {base, width: 390});
		t = await table(o.page);
		ok(!t.wide, "at 390 px the page does not scroll sideways");
		await o.page.close();

		const choose = "Nothing is compared yet. Every provider";
		for (const [q, said] of [
			["", [choose]],
			["alpha", ["You chose only Alpha Cloud; a comparison needs at least two providers.", choose]],
			["alpha,beta,delta,echo,gamma", ["At most four providers can be compared; you chose 5.", choose]],
			["alpha,nosuch", ["No provider named \u201cnosuch\u201d.",
				"You chose only Alpha Cloud; a comparison needs at least two providers.", choose]],
			["nosuch,nosuch,other", ["No provider named \u201cnosuch\u201d.", "No provider named \u201cother\u201d.", choose]],
			["alpha," + "x".repeat(60), ["No provider named \u201c" + "x".repeat(39) + "\u2026\u201d.",
				"You chose only Alpha Cloud; a comparison needs at least two providers.", choose]]]) {
			o = await open(browser, base + "compare/index.html?providers=" + q, {base});
			t = await table(o.page);
			ok(t.head.length === 0 && want(t.said) === want(said) &&
			    t.outLinks.includes("../providers/index.html") && !t.wide,
			    "?providers=" + q + ": the page says what was wrong, to choose two to four, and links the index", want(t));
			await o.page.close();
		}
		o = await open(browser, base + "compare/index.html?providers=alpha,gamma", {base});
		t = await table(o.page);
		ok(want(t.rows["Tier, Edition Three"]) === want(["Elite", "not reviewed"]),
		    "?providers=alpha,gamma: an edition that names all it reviewed says \"not reviewed\"", want(t.rows));
		await o.page.close();
		o = await open(browser, base + "compare/index.html?providers=alpha,nosuch,beta", {base});
		t = await table(o.page);
		ok(want(t.head) === want(["Alpha Cloud", "Beta Compute"]) &&
		    want(t.said) === want(["No provider named \u201cnosuch\u201d."]),
		    "?providers=alpha,nosuch,beta: the unknown id said above the table of the other two", want(t));
		await o.page.close();

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
		const bad = "<img src=x onerror=alert(1)>";
		o = await open(browser, hb + "compare/index.html?providers=acme," + encodeURIComponent(bad), {base: hb});
		t = await table(o.page);
		ok(t.said[0] === "No provider named \u201c" + bad + "\u201d." && t.elements === 0 && o.errors.length === 0,
		    "an id in the address is said back as text, no element made", want({said: t.said, el: t.elements, err: o.errors}));
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
