/* search.js: the search page's results, from search/index.js (built with
   the site: every findable page's words, and the same words folded by ICU).
   The query is folded the same way: compatibility decomposition, marks
   removed, case folded ("Stoßzeit", "STOSSZEIT", "stosszeit" match alike).
   Pages rank by where and how often the words occur (a title counts most);
   every word must occur. Each result gives a snippet with the words
   marked. Text is set with textContent, never as markup. No inline script,
   no external code; the reader's words come from the page's data attributes. */
(function () {
	"use strict";
	var out = document.getElementById("search-results");
	var index = window.podiumSearch;
	if (!out || !index || !index.pages) return;
	var root = out.getAttribute("data-root") || "";
	var WIDTH = 90;

	/* one character (a code point) folded */
	function fold1(ch) {
		return ch.normalize("NFKD").replace(/\p{Mn}|\p{Me}/gu, "").toLowerCase().replace(/\u00df/g, "ss").replace(/\u03c2/g, "\u03c3");
	}
	/* s folded, and for each folded UTF-16 unit the index in s it came from */
	function foldMap(s) {
		var f = "", map = [], i = 0;
		for (var ch of s) {
			var g = fold1(ch);
			for (var k = 0; k < g.length; k++) map.push(i);
			f += g;
			i += ch.length;
		}
		map.push(s.length);
		return {text: f, map: map};
	}
	function fold(s) { return foldMap(s).text; }
	function words(q) {
		return fold(q).split(/[^\p{L}\p{N}]+/u).filter(function (w) { return w.length > 0; });
	}
	function count(hay, w) {
		var n = 0, at = hay.indexOf(w);
		while (at !== -1) { n++; at = hay.indexOf(w, at + w.length); }
		return n;
	}
	/* every word must occur; a word in the title counts ten times, and a
	   title that holds the query as typed (2.0) comes first */
	function rank(ws, phrase) {
		var hits = [];
		index.pages.forEach(function (p, order) {
			var score = 0;
			for (var i = 0; i < ws.length; i++) {
				var t = count(p.title_fold, ws[i]), b = count(p.fold, ws[i]);
				if (t + b === 0) return;
				score += 10 * t + b;
			}
			if (phrase.length > 0 && p.title_fold.indexOf(phrase) !== -1) score += 100000;
			hits.push({page: p, score: score, order: order});
		});
		hits.sort(function (a, b) { return b.score - a.score || a.order - b.order; });
		return hits;
	}
	/* the text around the first word found, the words marked (the query
	   as typed where the text holds it: 2.0, not every 2 and 0) */
	function snippet(text, words, phrase) {
		var fm = foldMap(text), first = -1, i, at;
		var ws = phrase.length > 0 && fm.text.indexOf(phrase) !== -1 ? [phrase] : words;
		for (i = 0; i < ws.length; i++) {
			at = fm.text.indexOf(ws[i]);
			if (at !== -1 && (first === -1 || at < first)) first = at;
		}
		var p = document.createElement("p");
		p.className = "snippet";
		if (first === -1) { p.textContent = text.slice(0, 2 * WIDTH); return p; }
		var start = Math.max(0, fm.map[first] - WIDTH), end = Math.min(text.length, fm.map[first] + 2 * WIDTH);
		if (start > 0) { var sp = text.indexOf(" ", start); if (sp !== -1 && sp < fm.map[first]) start = sp + 1; }
		if (end < text.length) { var ep = text.lastIndexOf(" ", end); if (ep > fm.map[first]) end = ep; }
		/* the marked spans, in the original text's units */
		var marks = [];
		for (i = 0; i < ws.length; i++) {
			at = fm.text.indexOf(ws[i]);
			while (at !== -1) {
				var a = fm.map[at], b = fm.map[at + ws[i].length];
				if (a >= start && b <= end) marks.push([a, b]);
				at = fm.text.indexOf(ws[i], at + ws[i].length);
			}
		}
		marks.sort(function (x, y) { return x[0] - y[0]; });
		var pos = start;
		if (start > 0) p.appendChild(document.createTextNode("\u2026 "));
		marks.forEach(function (m) {
			if (m[0] < pos) return;
			p.appendChild(document.createTextNode(text.slice(pos, m[0])));
			var mk = document.createElement("mark");
			mk.textContent = text.slice(m[0], m[1]);
			p.appendChild(mk);
			pos = m[1];
		});
		p.appendChild(document.createTextNode(text.slice(pos, end)));
		if (end < text.length) p.appendChild(document.createTextNode(" \u2026"));
		return p;
	}
	function show(q) {
		var ws = words(q);
		out.textContent = "";
		var lead = document.createElement("p");
		out.appendChild(lead);
		if (ws.length === 0) { lead.textContent = out.getAttribute("data-prompt"); return; }
		var phrase = fold(q).trim().replace(/\s+/g, " ");
		var hits = rank(ws, phrase);
		if (hits.length === 0) { lead.textContent = out.getAttribute("data-none"); return; }
		/* the count in the pack's words, one or many (search_found_one, search_found) */
		lead.textContent = out.getAttribute(hits.length === 1 ? "data-found-one" : "data-found")
			.replace("{n}", hits.length.toLocaleString(index.language));
		var ol = document.createElement("ol");
		hits.forEach(function (h) {
			var li = document.createElement("li"), a = document.createElement("a");
			a.href = root + h.page.url;
			/* a section with the page it is on (search_in_page) */
			a.textContent = h.page.where || h.page.title;
			li.appendChild(a);
			li.appendChild(snippet(h.page.text, ws, phrase));
			ol.appendChild(li);
		});
		out.appendChild(ol);
	}
	var q = new URLSearchParams(window.location.search).get("q") || "";
	var box = document.getElementById("search-q");
	if (box) box.value = q;
	var nav = document.getElementById("nav-q");
	if (nav) nav.value = q;
	show(q);
})();
