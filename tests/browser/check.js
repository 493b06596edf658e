// check.js SITE_DIR: opens every page type of a built site in headless
// Chromium (puppeteer-core, the system's browser) at 1280 and 390 px wide,
// and prints "ok - ..." / "not ok - ..." lines:
// - no page scrolls sideways (scrollWidth <= innerWidth);
// - at 1280 px every td and th lays out as a table cell;
// - every image loads (naturalWidth > 0);
// - no console error, page error or failed request.
// The site is served over HTTP from a server of its own (missing paths get
// 404.html, as a web server is set up to), so that the 404 page is checked
// at a nested address.
"use strict";
const http = require("http");
const fs = require("fs");
const path = require("path");
const puppeteer = require("puppeteer-core");

const site = path.resolve(process.argv[2] || "site");
const browserPath = process.env.CHROMIUM || "/usr/bin/chromium";
const types = {
	".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript",
	".svg": "image/svg+xml", ".png": "image/png", ".json": "application/json",
	".csv": "text/csv", ".pdf": "application/pdf", ".xml": "application/xml",
};
const pages = [
	["home", "/"],
	["editions index", "/editions/"],
	["edition", "/editions/3.0/"],
	["partial edition", "/editions/1.0/"],
	["provider", "/providers/aws/"],
	["provider (not injected)", "/providers/runpod/"],
	["providers index", "/providers/"],
	["security", "/security/"],
	["methodology", "/methodology/"],
	["sources", "/sources/"],
	["search", "/search/?q=coreweave"],
	["compare", "/compare/?providers=coreweave,aws,crusoe,nebius"],
	["404 at a nested path", "/no/such/deep/page/"],
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

async function checkPage(browser, base, name, url, width) {
	const page = await browser.newPage();
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
		    !e.closest(".table-wrap, .chart-scroll, .masthead nav"));
		return {
			scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
			cells: cells.length,
			bad: bad.slice(0, 3).map((c) => c.tagName + "." + c.className + ": " +
			    getComputedStyle(c).display),
			imgs: imgs.length, broken: broken.map((i) => i.src),
			wide: wide.slice(0, 3).map((e) => e.tagName + "." + e.className),
			title: document.title,
			css: getComputedStyle(document.body).backgroundColor,
		};
	});
	const at = name + " at " + width + " px";
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
				await checkPage(browser, base, name, url, w);
	} catch (e) {
		ok(false, "browser run", String(e));
	} finally {
		await browser.close();
		server.close();
	}
	process.exit(failed ? 1 : 0);
})();
