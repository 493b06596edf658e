// site.js: what the browser scripts that open a built site share (search.js,
// compare.js): a server of the site's folder over HTTP, "ok - ..." lines
// with a count of failures, and a page opened with its errors and the
// requests it makes outside the site recorded.
"use strict";
const http = require("http");
const fs = require("fs");
const path = require("path");

const types = {".html": "text/html; charset=utf-8", ".css": "text/css",
	".js": "text/javascript", ".svg": "image/svg+xml", ".png": "image/png",
	".json": "application/json"};

// An HTTP server of dir: a path ending in / is its index.html; nothing
// outside dir is served.
function serve(dir) {
	return http.createServer((req, res) => {
		let p = decodeURIComponent(new URL(req.url, "http://x").pathname);
		if (p.endsWith("/")) p += "index.html";
		const file = path.join(dir, path.normalize(p));
		try {
			if (!file.startsWith(dir + path.sep)) throw new Error("outside");
			const body = fs.readFileSync(file);
			res.writeHead(200, {"Content-Type": types[path.extname(file)] || "application/octet-stream"});
			res.end(body);
		} catch (e) {
			res.writeHead(404);
			res.end();
		}
	});
}

const result = {failed: 0};
function ok(cond, name, detail) {
	console.log((cond ? "ok - " : "not ok - ") + name);
	if (!cond) {
		result.failed++;
		if (detail !== undefined) console.log("# " + detail);
	}
}

// A new page at url (opts: base, the site's address; width; noscript).
async function open(browser, url, opts) {
	const page = await browser.newPage();
	const errors = [], outside = [];
	page.on("pageerror", (e) => errors.push(String(e)));
	page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
	page.on("dialog", (d) => { errors.push("dialog: " + d.message()); d.dismiss(); });
	page.on("request", (r) => { if (!r.url().startsWith(opts.base)) outside.push(r.url()); });
	if (opts.noscript) await page.setJavaScriptEnabled(false);
	await page.setViewport({width: opts.width || 1280, height: 900});
	await page.goto(url, {waitUntil: "load"});
	return {page, errors, outside};
}

module.exports = {serve, ok, open, result};
