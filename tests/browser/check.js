// check.js SITE_DIR: opens every page type of a built site in headless
// Chromium (puppeteer-core, the system's browser) at 1280 and 390 px wide,
// and prints "ok - ..." / "not ok - ..." lines:
// - no page scrolls sideways (scrollWidth <= innerWidth);
// - at 1280 px every td and th lays out as a table cell;
// - every image loads (naturalWidth > 0);
// - no console error, page error or failed request;
// - no chart cut off: every chart's picture lies within the viewport, drawn
//   whole (at 390 px, the narrow variant: charts/narrow/);
// - every table's scroll box is focusable and labelled;
// - a table of up to four columns (the movers, a chart's data) stays a
//   table at 390 px: its head row shown, its rows rows (issue 27);
// - at 390 px no table's text is cut on the home, edition, provider and
//   providers index pages (its box does not scroll: the table fits, or shows its rows
//   as cards), and no table's notes sit inside its scroll box;
// - every navigation link lies within the viewport, whole;
// - axe-core (WCAG 2.0 and 2.1, A and AA) finds no violation, light and
//   dark (prefers-color-scheme emulated).
// The site is served over HTTP from a server of its own (missing paths get
// 404.html, as a web server is set up to), so that the 404 page is checked
// as a missing page at the site's root.
"use strict";
const http = require("http");
const fs = require("fs");
const path = require("path");
const puppeteer = require("puppeteer-core");
// axe-core's browser build, injected into each page
const axePath = require.resolve("axe-core/axe.min.js");
const axeTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

const site = path.resolve(process.argv[2] || "site");
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";
const types = {
	".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript",
	".svg": "image/svg+xml", ".png": "image/png", ".json": "application/json",
	".csv": "text/csv", ".pdf": "application/pdf", ".xml": "application/xml",
};
// CHECK_PAGES="name=/url/,name=/url/": these pages instead (another site)
const pages = process.env.CHECK_PAGES ? process.env.CHECK_PAGES.split(",").map((e) => {
	const i = e.indexOf("=");
	return [e.slice(0, i), e.slice(i + 1)];
}) : [
	["home", "/"],
	["editions index", "/editions/"],
	["edition", "/editions/3.0/"],
	["edition (movers with notes)", "/editions/2.0/"],
	["partial edition", "/editions/1.0/"],
	["changes", "/editions/3.0/changes/"],
	["provider", "/providers/aws/"],
	["provider (not injected)", "/providers/runpod/"],
	["provider (long sources)", "/providers/hyperstack/"],
	["provider (a long movement)", "/providers/salad/"],
	["provider (a failure test)", "/providers/tensorwave/"],
	["providers index", "/providers/"],
	["security", "/security/"],
	["methodology", "/methodology/"],
	["sources", "/sources/"],
	["custom page", "/about/"],
	["search", "/search/?q=coreweave"],
	["compare", "/compare/?providers=coreweave,aws,crusoe,nebius"],
	// without base_url the 404 page's links start at the host's root
	// (t_reader): it is checked where a server gives it, in place of a
	// missing page deep in the site, styled and with its links working
	["404 page", "/providers/no-such-provider/"],
];

function serve() {
	return http.createServer((req, res) => {
		let p = decodeURIComponent(new URL(req.url, "http://x").pathname);
		if (p.endsWith("/")) p += "index.html";
		const file = path.join(site, path.normalize(p));
		let status = 200, body;
		try {
			if (!file.startsWith(site + path.sep)) throw new Error("outside");
			body = fs.readFileSync(file);
		} catch (e) {
			status = 404;
			body = fs.readFileSync(path.join(site, "404.html"));
		}
		const ext = status === 404 ? ".html" : path.extname(file);
		res.writeHead(status, {"Content-Type": types[ext] || "application/octet-stream"});
		res.end(body);
	});
}

let failed = 0;
function ok(cond, name, detail) {
	if (cond) {
		console.log("ok - " + name);
	} else {
		failed++;
		console.log("not ok - " + name);
		if (detail) console.log("# " + detail);
	}
}

async function checkPage(browser, base, name, url, width, scheme) {
	const page = await browser.newPage();
	await page.emulateMediaFeatures([{name: "prefers-color-scheme", value: scheme}]);
	const errors = [];
	page.on("console", (m) => {
		// the 404 page's own status is the one error it is meant to give
		if (m.type() === "error" && !(m.location() && m.location().url === base + url &&
		    /status of 404/.test(m.text())))
			errors.push(m.text() + " (" + (m.location() ? m.location().url : "") + ")");
	});
	page.on("pageerror", (e) => errors.push(String(e)));
	page.on("requestfailed", (r) => errors.push("failed: " + r.url()));
	page.on("response", (r) => {
		// the 404 page itself is meant to answer 404; nothing else may
		if (r.status() >= 400 && r.url() !== base + url)
			errors.push(r.status() + ": " + r.url());
	});
	await page.setViewport({width: width, height: 900});
	await page.goto(base + url, {waitUntil: "load"});
	const m = await page.evaluate(() => {
		const cells = Array.from(document.querySelectorAll("td, th"));
		const bad = cells.filter((c) => getComputedStyle(c).display !== "table-cell");
		const imgs = Array.from(document.images);
		const broken = imgs.filter((i) => !i.complete || i.naturalWidth === 0);
		const wide = Array.from(document.querySelectorAll("body *")).filter((e) =>
		    e.getBoundingClientRect().right > window.innerWidth + 0.5 &&
		    !e.closest(".table-wrap, .masthead nav"));
		// a chart's picture as shown (the narrow variant on a phone): whole
		// inside the viewport, its drawing not cropped by its box
		const charts = Array.from(document.querySelectorAll(
		    ".chart img, .history-chart")).filter((e) => e.getClientRects().length > 0);
		const cut = charts.filter((e) => {
			const r = e.getBoundingClientRect();
			return r.left < -0.5 || r.right > window.innerWidth + 0.5 ||
			    (e.parentElement.scrollWidth > e.parentElement.clientWidth + 0.5);
		});
		const shown = charts.map((e) => e.currentSrc || (e.querySelector("img") || {}).currentSrc || "");
		const wraps = Array.from(document.querySelectorAll(".table-wrap"));
		const unlabelled = wraps.filter((w) => w.tabIndex !== 0 ||
		    w.getAttribute("role") !== "region" || !w.getAttribute("aria-label"));
		// a box that scrolls shows it: its scrollbar is not hidden, and
		// shadows stand at the edges with more beyond them
		const scrolling = wraps.filter((w) => w.scrollWidth > w.clientWidth);
		const uncued = scrolling.filter((w) => {
			const s = getComputedStyle(w);
			return s.scrollbarWidth === "none" || s.overflowX !== "auto" ||
			    (s.backgroundImage.match(/gradient/g) || []).length < 4;
		});
		// a table whose box scrolls hides some of its text from a phone
		const cutTables = Array.from(document.querySelectorAll(".table-wrap table"))
		    .filter((t) => t.getClientRects().length > 0)
		    .filter((t) => {
			const w = t.closest(".table-wrap");
			return w.scrollWidth > w.clientWidth + 0.5;
		    });
		// a caption or cell cut mid-word: its text wider than itself, or
		// (in a box that does not scroll: one that does shows it, above)
		// past its table's box
		const cutText = Array.from(document.querySelectorAll(
		    ".table-wrap caption, .table-wrap th, .table-wrap td"))
		    .filter((e) => e.getClientRects().length > 0)
		    .filter((e) => {
			const w = e.closest(".table-wrap");
			const b = w.getBoundingClientRect();
			const r = e.getBoundingClientRect();
			return e.scrollWidth > e.clientWidth + 0.5 ||
			    (w.scrollWidth <= w.clientWidth + 0.5 &&
			    (r.right > b.right + 0.5 || r.left < b.left - 0.5));
		    });
		// the providers index on a phone: no header row of jumbled sort
		// buttons; the filters' sort control, labelled, in sight
		const index = document.getElementById("provider-index");
		const sortSel = document.querySelector(".filters select[name=sort]");
		const sortBox = sortSel ? sortSel.getBoundingClientRect() : null;
		const notesInBox = document.querySelectorAll(".table-wrap .table-note").length;
		// every link of the navigation in sight, none cut by its box
		const navLinks = Array.from(document.querySelectorAll(".masthead nav a"));
		const navOut = navLinks.filter((a) => {
			const r = a.getBoundingClientRect();
			let box = a.parentElement;
			for (; box && box !== document.body; box = box.parentElement) {
				const b = box.getBoundingClientRect(), s = getComputedStyle(box);
				if (s.overflowX !== "visible" &&
				    (r.left < b.left - 0.5 || r.right > b.right + 0.5))
					return true;
			}
			return r.width === 0 || r.left < -0.5 || r.right > window.innerWidth + 0.5;
		});
		// a table of up to four columns stays a table on a phone (its
		// head row shown, its rows rows); only wider ones are cards
		const narrowTables = Array.from(document.querySelectorAll(".table-wrap table.data"))
		    .filter((t) => t.getClientRects().length > 0 && t.tHead && t.tHead.rows[0] &&
		    t.tHead.rows[0].cells.length <= 4);
		const carded = narrowTables.filter((t) => getComputedStyle(t.tHead).display === "none" ||
		    getComputedStyle(t.tBodies[0].rows[0] || t.tHead.rows[0]).display !== "table-row");
		return {
			narrowTables: narrowTables.length,
			carded: carded.map((t) => t.caption ? t.caption.textContent : t.className),
			cutTables: cutTables.map((t) => (t.caption ? t.caption.textContent : t.className) +
			    " " + t.closest(".table-wrap").scrollWidth + " > " +
			    t.closest(".table-wrap").clientWidth),
			notesInBox: notesInBox,
			cutText: cutText.slice(0, 3).map((e) => e.tagName + " " +
			    e.textContent.trim().slice(0, 40)),
			index: !!index,
			headShown: index ? getComputedStyle(index.tHead).display !== "none" : false,
			sort: sortSel ? {shown: sortSel.getClientRects().length > 0,
			    inView: sortBox.left >= 0 && sortBox.right <= window.innerWidth,
			    label: sortSel.labels.length ? sortSel.labels[0].textContent.trim() : "",
			    options: Array.from(sortSel.options).map((o) => o.textContent)} : null,
			nav: navLinks.length, navOut: navOut.map((a) => a.textContent + " " +
			    Math.round(a.getBoundingClientRect().right)),
			scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
			cells: cells.length,
			bad: bad.slice(0, 3).map((c) => c.tagName + "." + c.className + ": " +
			    getComputedStyle(c).display),
			imgs: imgs.length, broken: broken.map((i) => i.src),
			wide: wide.slice(0, 3).map((e) => e.tagName + "." + e.className),
			title: document.title,
			charts: charts.length, cut: cut.map((e) => e.tagName + " " +
			    Math.round(e.getBoundingClientRect().right) + " " + (e.currentSrc || "")),
			narrow: shown.filter((s) => s.indexOf("/charts/narrow/") >= 0).length,
			wraps: wraps.length, unlabelled: unlabelled.length,
			scrolling: scrolling.length, uncued: uncued.length,
			css: getComputedStyle(document.body).backgroundColor,
		};
	});
	const at = name + " at " + width + " px" + (scheme === "dark" ? ", dark" : "");
	ok(m.scroll <= m.inner, at + ": no sideways scroll",
	    "scrollWidth " + m.scroll + " > " + m.inner + "; wide: " + m.wide.join(", "));
	if (width >= 1280)
		ok(m.bad.length === 0, at + ": every td/th is a table cell (" + m.cells + ")",
		    m.bad.join("; "));
	ok(m.broken.length === 0, at + ": every image loads (" + m.imgs + ")",
	    m.broken.join(" "));
	ok(errors.length === 0, at + ": no console error, page error or failed request",
	    errors.slice(0, 5).join(" | "));
	// the stylesheet reached the page (the 404 page at any depth too)
	ok(m.css !== "rgba(0, 0, 0, 0)", at + ": styled", "background " + m.css);
	ok(m.cut.length === 0, at + ": every chart whole (" + m.charts + ")", m.cut.join("; "));
	ok(m.carded.length === 0, at + ": every table of up to four columns is a table (" +
	    m.narrowTables + ")", m.carded.join("; "));
	if (width < 640)
		ok(m.narrow === m.charts, at + ": every chart its narrow variant (" +
		    m.narrow + " of " + m.charts + ")");
	ok(m.unlabelled === 0, at + ": every table's scroll box focusable and labelled (" +
	    m.wraps + ")", m.unlabelled + " not");
	ok(m.uncued === 0, at + ": every box that scrolls shows it (" + m.scrolling + ")",
	    m.uncued + " without a scrollbar or edge shadows");
	if (width < 640 && /^(home|edition|provider)/.test(name))
		ok(m.cutTables.length === 0, at + ": no table's text cut (its box does not scroll)",
		    m.cutTables.join("; "));
	if (width < 640)
		ok(m.cutText.length === 0, at + ": no caption or cell cut off", m.cutText.join("; "));
	if (m.index && width < 640) {
		ok(!m.headShown, at + ": no header row of sort buttons on a phone");
		ok(m.sort && m.sort.shown && m.sort.inView && m.sort.label.indexOf("Sort by") === 0,
		    at + ": the sort control, labelled, in sight", JSON.stringify(m.sort));
	}
	if (m.index) {
		ok(m.sort && m.sort.options.join(",") ===
		    "Provider,ClusterMAX 3.0,ClusterMAX 2.0,ClusterMAX 1.0",
		    at + ": the sort control offers each column", JSON.stringify(m.sort));
		// choosing an edition sorts by its tier, best first
		await page.select(".filters select[name=sort]", "2");
		const first = await page.evaluate(() => {
			const t = document.getElementById("provider-index");
			return {name: t.tBodies[0].rows[0].cells[1].textContent.trim(),
			    sorted: t.tHead.rows[0].cells[2].getAttribute("aria-sort")};
		});
		ok(first.name === "CoreWeave" && first.sorted === "ascending",
		    at + ": sorting by ClusterMAX 3.0 puts its best first (" + first.name + ")",
		    JSON.stringify(first));
	}
	ok(m.notesInBox === 0, at + ": every table's notes after its scroll box",
	    m.notesInBox + " inside");
	ok(m.nav > 0 && m.navOut.length === 0, at + ": every navigation link within the viewport (" +
	    m.nav + ")", m.navOut.join("; "));
	await page.addScriptTag({path: axePath});
	const v = await page.evaluate(async (tags) => {
		const r = await window.axe.run(document, {runOnly: {type: "tag", values: tags}});
		return {passes: r.passes.map((x) => x.id), violations: r.violations.map((x) =>
		    x.id + " (" + x.impact + "): " + x.nodes.slice(0, 3).map((n) =>
		    n.target.join(" ") + " " + (n.failureSummary || "").replace(/\s+/g, " ")
		    .slice(0, 160)).join(" | "))};
	}, axeTags);
	// axe ran its rules (the contrast of text among them) and found nothing
	ok(v.passes.indexOf("color-contrast") >= 0 && v.violations.length === 0,
	    at + ": axe-core finds no WCAG 2.1 A/AA violation (" + v.passes.length +
	    " rules pass)", v.violations.join(" || ") || "passes: " + v.passes.join(" "));
	await page.close();
	return m;
}

(async () => {
	const server = serve();
	await new Promise((r) => server.listen(0, "127.0.0.1", r));
	const base = "http://127.0.0.1:" + server.address().port;
	const browser = await puppeteer.launch({
		executablePath: browserPath, headless: true,
		args: ["--no-sandbox", "--disable-gpu", "--hide-scrollbars"],
	});
	try {
		for (const [name, url] of pages)
			for (const w of [1280, 390])
				for (const scheme of ["light", "dark"])
					await checkPage(browser, base, name, url, w, scheme);
	} catch (e) {
		ok(false, "browser run", String(e));
	} finally {
		await browser.close();
		server.close();
	}
	process.exit(failed ? 1 : 0);
})();
