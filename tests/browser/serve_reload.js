// serve_reload.js URL PROJECT: live reload of `podium serve` (at URL,
// serving PROJECT, a copy of tests/fixtures/serve-small) in headless
// Chromium (puppeteer-core, the system's browser), for t_serve_browser.sh.
// Opens alpha's and beta's provider pages, marks each (a variable a reload
// forgets), edits alpha's review, and prints "ok - ..." / "not ok - ...":
// - alpha's page reloads (its mark gone) and shows the edit;
// - beta's page does not (its mark kept a second after alpha's reload);
// - a broken edit turns both into the error page, and its fix both back.
"use strict";
const fs = require("fs");
const path = require("path");
const puppeteer = require("puppeteer-core");

const [url, proj] = process.argv.slice(2);
const slow = Number(process.env.PODIUM_SLOW || 1);
let fails = 0;
const ok = (name) => console.log(`ok - ${name}`);
const nok = (name) => { console.log(`not ok - ${name}`); fails++; };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The page's value of expr, or undefined while it navigates.
async function value(page, expr) {
	try {
		return await page.evaluate(expr);
	} catch (e) {
		return undefined;
	}
}

// Polls until cond() holds, for at most ms (times PODIUM_SLOW).
async function until(cond, ms) {
	const end = Date.now() + ms * slow;
	while (Date.now() < end) {
		if (await cond())
			return true;
		await sleep(50);
	}
	return false;
}

async function open(browser, p) {
	const page = await browser.newPage();
	await page.goto(url + p, { waitUntil: "load" });
	// the stream open: the hello came (the script has no other sign)
	await sleep(300);
	await page.evaluate(() => { window.podiumMark = 1; });
	return page;
}

const marked = (page) => value(page, () => window.podiumMark === 1);

(async () => {
	const browser = await puppeteer.launch({
		executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
		args: ["--no-sandbox", "--disable-gpu"],
	});
	try {
		const alpha = await open(browser, "/providers/alpha/");
		const beta = await open(browser, "/providers/beta/");
		const review = path.join(proj, "content/reviews/2.0/alpha.yaml");
		fs.writeFileSync(review, fs.readFileSync(review, "utf8").replace(
		    /^summary: .*$/m, 'summary: "Alpha edited in the browser test."'));
		if (await until(async () => await marked(alpha) === false &&
		    /edited in the browser test/.test(await value(alpha,
		    () => document.body.textContent) || ""), 5000))
			ok("an edit to alpha's review reloads alpha's page");
		else
			nok("an edit to alpha's review reloads alpha's page");
		await sleep(1000);
		if (await marked(beta) === true)
			ok("... and not beta's");
		else
			nok("... and not beta's");

		// a broken edit: the error page on both
		await alpha.evaluate(() => { window.podiumMark = 1; });
		const provider = path.join(proj, "content/providers/alpha.yaml");
		const good = fs.readFileSync(provider, "utf8");
		fs.writeFileSync(provider, good + 'colour: "red"\n');
		const failed = (page) => async () =>
		    await value(page, () => document.title) === "podium: build failed";
		if (await until(failed(alpha), 5000) && await until(failed(beta), 2000))
			ok("a broken edit shows the error page on both");
		else
			nok("a broken edit shows the error page on both");
		fs.writeFileSync(provider, good);
		const back = (page) => async () => {
			const t = await value(page, () => document.title);
			return t !== undefined && t !== "podium: build failed";
		};
		if (await until(back(alpha), 5000) && await until(back(beta), 2000))
			ok("its fix brings both back");
		else
			nok("its fix brings both back");
	} catch (e) {
		nok(`the browser test ran: ${e.message}`);
	} finally {
		await browser.close();
	}
	process.exit(fails ? 1 : 0);
})();
