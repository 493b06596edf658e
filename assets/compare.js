/* compare.js: the compare page's table, from compare/index.js (built with
   the site). ?providers=a,b[,c,d] (or the providers index's form, which
   sends providers=a&providers=b) names two to four providers; each gets a
   column: its tier in each edition, its scores per criterion, its failure
   test and its public findings in words, a line each, and its declared
   fields. An address naming one provider, more than four or one that is
   none of them is told what was wrong, in the page's words. Every word
   comes from the data or the page's data attributes; text is set with
   textContent, never as markup. No inline script, no external code. */
(function () {
	"use strict";
	var out = document.getElementById("compare");
	var data = window.podiumCompare;
	if (!out || !data || !data.providers) return;
	var root = out.getAttribute("data-root") || "";
	var none = out.getAttribute("data-none") || "";
	/* the opening (what is compared, how to choose) is for a reader with
	   the script: without it the page's noscript text says what it does */
	var intro = document.querySelector(".compare-intro");
	if (intro) intro.hidden = false;

	/* the providers asked for, in order, once each; an id that is no
	   provider's is said back to the reader, not dropped in silence */
	var ids = [], unknown = [];
	new URLSearchParams(window.location.search).getAll("providers").forEach(function (v) {
		v.split(",").forEach(function (id) {
			id = id.trim();
			if (!id) return;
			if (Object.prototype.hasOwnProperty.call(data.providers, id)) {
				if (ids.indexOf(id) === -1) ids.push(id);
			} else if (unknown.indexOf(id) === -1)
				unknown.push(id);
		});
	});
	out.textContent = "";
	function say(text) {
		var p = document.createElement("p");
		p.textContent = text;
		out.appendChild(p);
	}
	/* a long id said back whole would run off a phone's screen */
	function shortId(id) {
		var c = Array.from(id);
		return c.length > 40 ? c.slice(0, 39).join("") + "\u2026" : id;
	}
	unknown.forEach(function (id) {
		say(out.getAttribute("data-unknown").split("{id}").join(shortId(id)));
	});
	if (ids.length > 4)
		say(out.getAttribute("data-too-many").split("{n}").join(
		    ids.length.toLocaleString(document.documentElement.lang)));
	else if (ids.length === 1)
		say(out.getAttribute("data-only-one").split("{name}").join(data.providers[ids[0]].name));
	if (ids.length < 2 || ids.length > 4) {
		var p = document.createElement("p"), a = document.createElement("a");
		p.textContent = out.getAttribute("data-choose") + " ";
		a.href = root + "providers/index.html";
		a.textContent = out.getAttribute("data-every");
		p.appendChild(a);
		out.appendChild(p);
		return;
	}
	var ps = ids.map(function (id) { return data.providers[id]; });
	var table = document.createElement("table"), head = table.createTHead().insertRow();
	/* on a phone the site's wide tables go a row at a time, each cell
	   under its column's name (data-label): a provider's long failure test
	   then wraps beside its name, not in a sliver of a column */
	table.classList.add("data", "wide");
	var body = table.createTBody();
	var corner = document.createElement("th");
	corner.scope = "col";
	corner.textContent = out.getAttribute("data-provider");
	head.appendChild(corner);
	ps.forEach(function (p) {
		var th = document.createElement("th"), a = document.createElement("a");
		th.scope = "col";
		a.href = root + p.url;
		a.textContent = p.name;
		th.appendChild(a);
		head.appendChild(th);
	});
	/* a row unless no provider has a value; but the failure test and the
	   findings, which the page's opening promises wherever the report has
	   them, stay while any provider of the report has one (kept: the
	   member), each empty cell saying why. A provider without a value gets
	   the data's words for why (why(p)), else the dash. A value of several
	   lines keeps them (the cells keep line breaks). */
	function any(member) {
		return Object.keys(data.providers).some(function (id) {
			var v = data.providers[id][member];
			return v !== null && v !== undefined;
		});
	}
	/* a tier as every other table shows it (tier.mustache): its glyph,
	   in its colour, joined to its name by a no-break space */
	function tierMark(t) {
		var span = document.createElement("span"), g = document.createElement("span");
		span.classList.add("tier");
		if (t.medal) span.classList.add("tier-medal");
		if (!t.rated) span.classList.add("tier-unrated");
		if (t.color) span.style.setProperty("--tier", t.color);
		g.className = "glyph";
		g.setAttribute("aria-hidden", "true");
		g.textContent = t.glyph || "";
		span.appendChild(g);
		span.appendChild(document.createTextNode("\u00a0" + t.name));
		return span;
	}
	function row(label, cell, why, kept) {
		var values = ps.map(cell);
		if (!(kept && any(kept)) &&
		    values.every(function (v) { return v === null || v === undefined; })) return;
		var tr = body.insertRow(), th = document.createElement("th");
		th.scope = "row";
		th.textContent = label;
		tr.appendChild(th);
		values.forEach(function (v, k) {
			var td = tr.insertCell();
			td.setAttribute("data-label", ps[k].name);
			if (v === null || v === undefined) {
				td.textContent = (why && why(ps[k])) || none;
				td.className = "none";
			} else if (typeof v === "object")
				td.appendChild(tierMark(v));
			else
				td.textContent = String(v);
		});
	}
	var tier = out.getAttribute("data-tier"), score = out.getAttribute("data-score");
	/* newest edition first */
	for (var i = data.editions.length - 1; i >= 0; i--) {
		(function (e, i) {
			/* a partial edition's own words (not named), as the providers index */
			row(tier + ", " + e.name, function (p) { return p.tiers[i] || null; },
			    function () { return e.none; });
		})(data.editions[i], i);
	}
	for (i = data.editions.length - 1; i >= 0; i--) {
		data.editions[i].criteria.forEach(function (cr) {
			var e = data.editions[i];
			row(score + ", " + cr.name + ", " + e.name, function (p) {
				var v = p.scores[e.id + "/" + cr.id];
				return v === undefined ? null : v;
			});
		});
	}
	row(out.getAttribute("data-fault"), function (p) { return p.fault; },
	    function (p) { return p.fault_none; }, "fault");
	row(out.getAttribute("data-findings"), function (p) { return p.findings; },
	    function (p) { return p.findings_none; }, "findings");
	data.fields.forEach(function (f) {
		row(f.name, function (p) { return p.fields[f.id] === undefined ? null : p.fields[f.id]; });
	});
	var wrap = document.createElement("div");
	wrap.className = "table-wrap";
	wrap.tabIndex = 0;
	wrap.setAttribute("role", "region");
	wrap.setAttribute("aria-label", document.title);
	wrap.appendChild(table);
	out.appendChild(wrap);
})();
