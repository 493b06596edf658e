/* podium.js: enhances the provider index with sorting and filters. The
   table is complete without it. No inline script, no external code. */
(function () {
	"use strict";
	var table = document.getElementById("provider-index");
	var form = document.getElementById("filters");
	if (!table || !form || !table.tBodies.length) return;
	var body = table.tBodies[0];
	var rows = Array.prototype.slice.call(body.rows);
	var heads = table.tHead.rows[0].cells;

	function value(row, i) {
		var cell = row.cells[i];
		var v = cell.getAttribute("data-value");
		return v !== null ? v : cell.textContent.trim();
	}

	function sortBy(i, numeric, dir) {
		rows.sort(function (a, b) {
			var x = value(a, i), y = value(b, i), r;
			if (numeric) r = Number(x) - Number(y);
			else r = x.localeCompare(y, document.documentElement.lang || undefined, {sensitivity: "base"});
			return r * dir;
		});
		rows.forEach(function (r) { body.appendChild(r); });
	}

	// the sort control of the filters (a phone's, whose table shows no
	// header row): one option a column, names A to Z, tiers best first
	var sortSel = form.elements.sort;

	function sortOn(i, dir) {
		var th = heads[i];
		Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
		th.setAttribute("aria-sort", dir === 1 ? "ascending" : "descending");
		sortBy(i, th.getAttribute("data-sort") === "num", dir);
		if (sortSel) sortSel.value = String(i);
	}

	Array.prototype.forEach.call(heads, function (th, i) {
		var kind = th.getAttribute("data-sort");
		if (!kind) return;
		var b = document.createElement("button");
		b.type = "button";
		b.textContent = th.textContent;
		th.textContent = "";
		th.appendChild(b);
		if (sortSel) {
			var o = document.createElement("option");
			o.value = String(i);
			o.textContent = b.textContent;
			sortSel.appendChild(o);
		}
		b.addEventListener("click", function () {
			sortOn(i, th.getAttribute("aria-sort") === "ascending" ? -1 : 1);
		});
	});
	if (sortSel) {
		sortSel.addEventListener("change", function (e) {
			e.stopPropagation();
			sortOn(Number(sortSel.value), 1);
		});
	}

	function matches(row, f) {
		for (var id in f.fields) {
			var want = f.fields[id];
			if (!want) continue;
			var have = (row.getAttribute("data-f-" + id) || "").split("|");
			if (have.indexOf(want) < 0) return false;
		}
		if (!f.edition && !f.tier) return true;
		var pairs = (row.getAttribute("data-tiers") || "").split(" ");
		return pairs.some(function (p) {
			var k = p.lastIndexOf(":");
			if (k < 0) return false;
			return (!f.edition || p.slice(0, k) === f.edition) &&
			    (!f.tier || p.slice(k + 1) === f.tier);
		});
	}

	function apply() {
		var f = {
			edition: form.elements.edition.value, tier: form.elements.tier.value,
			fields: {}
		};
		Array.prototype.forEach.call(form.querySelectorAll("select[data-field]"),
		    function (s) { f.fields[s.getAttribute("data-field")] = s.value; });
		var shown = 0;
		rows.forEach(function (r) {
			var ok = matches(r, f);
			r.hidden = !ok;
			if (ok) shown++;
		});
		// the words come from the page, in its language: "{n} of {total} shown"
		var words = form.elements.shown.getAttribute("data-words") || "{n} / {total}";
		form.elements.shown.value = words.replace("{n}", shown).replace("{total}", rows.length);
	}

	form.addEventListener("change", apply);
	form.addEventListener("submit", function (e) { e.preventDefault(); });
	form.hidden = false;
	apply();
}());
