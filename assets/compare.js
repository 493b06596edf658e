/* compare.js: the compare page's table, from compare/index.js (built with
   the site). ?providers=a,b[,c,d] (or the providers index's form, which
   sends providers=a&providers=b) names two to four providers; each gets a
   column: its tier in each edition, its scores per criterion, its failure
   test, its public findings counted and its declared fields. Every word
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

	var ids = [];
	new URLSearchParams(window.location.search).getAll("providers").forEach(function (v) {
		v.split(",").forEach(function (id) {
			id = id.trim();
			if (id && ids.indexOf(id) === -1 && Object.prototype.hasOwnProperty.call(data.providers, id))
				ids.push(id);
		});
	});
	out.textContent = "";
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
	/* a row unless no provider has a value; a provider without one gets
	   the data's words for why (why(p)), else the dash */
	function row(label, cell, why) {
		var values = ps.map(cell);
		if (values.every(function (v) { return v === null || v === undefined; })) return;
		var tr = body.insertRow(), th = document.createElement("th");
		th.scope = "row";
		th.textContent = label;
		tr.appendChild(th);
		values.forEach(function (v, k) {
			var td = tr.insertCell();
			if (v === null || v === undefined) {
				td.textContent = (why && why(ps[k])) || none;
				td.className = "none";
			} else
				td.textContent = String(v);
		});
	}
	var notReviewed = out.getAttribute("data-not-reviewed");
	var tier = out.getAttribute("data-tier"), score = out.getAttribute("data-score");
	/* newest edition first */
	for (var i = data.editions.length - 1; i >= 0; i--) {
		(function (e, i) {
			row(tier + ", " + e.name, function (p) { return p.tiers[i] ? p.tiers[i].name : null; },
			    function () { return notReviewed; });
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
	    function (p) { return p.fault_none; });
	row(out.getAttribute("data-findings"), function (p) {
		return p.findings === null ? null : p.findings.toLocaleString(document.documentElement.lang);
	}, function (p) { return p.findings_none; });
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
