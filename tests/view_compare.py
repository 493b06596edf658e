#!/usr/bin/env python3
"""view_compare.py DUMP SITE PDFTEXT [PDFRAW]: every line of the report
view's dump (PODIUM_VIEW_DUMP: provider, "home" or "edition:ID", edition,
section, where, text) is in the text a reader reads on the provider's page
(the home page for "home", the edition's page for "edition:ID") (for
"site") and in the PDF's text (for "pdf"). A page named "@NAME" is
site/NAME/index.html (the security page): its lines are table cells too,
which the PDF may wrap, so they are looked for in PDFRAW (pdftotext without
-layout, a cell's lines together) with line breaks and spaces left out.
Prints one "missing" line per text not found; exit 1 if any."""
import html.parser
import re
import sys
import unicodedata

BLOCK = {"p", "li", "dt", "dd", "caption", "footer", "h1", "h2", "h3", "tr",
         "th", "td", "div", "blockquote", "ul", "dl", "table", "section"}
VOID = {"br", "img", "meta", "link", "input", "hr", "source", "col", "wbr"}


def norm(s):
    s = unicodedata.normalize("NFKC", s)
    # the PDF sets a quote between quotation marks: its layout, not its words
    s = s.replace("\u201c", "").replace("\u201d", "").replace('"', "")
    # Markdown's straight apostrophes are typographic once rendered
    # (cmark's smart punctuation)
    s = s.replace("\u2018", "'").replace("\u2019", "'")
    return re.sub(r"\s+", " ", s).strip()


class Text(html.parser.HTMLParser):
    """The page's text as a reader reads it: nothing hidden from the eye or
    from assistive technology twice (aria-hidden signs, visually hidden
    repeats, the uncertain sign), a term followed by a colon."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out = []
        self.stack = []   # per open element: hidden?

    def hidden(self):
        return any(self.stack)

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        hide = (a.get("aria-hidden") == "true" or "visually-hidden" in cls or
                "uncertain" in cls and tag == "abbr" or tag in ("script", "style", "head"))
        self.stack.append(hide)
        if tag in BLOCK and not self.hidden():
            self.out.append(" ")

    def handle_endtag(self, tag):
        if tag in VOID or not self.stack:
            return
        was = self.hidden()
        self.stack.pop()
        if not was:
            if tag == "dt":
                self.out.append(":")
            if tag in BLOCK:
                self.out.append(" ")

    def handle_data(self, data):
        if not self.hidden():
            self.out.append(data)


def page_text(path):
    p = Text()
    with open(path, encoding="utf-8") as f:
        p.feed(f.read())
    return norm("".join(p.out))


def main():
    dump, site, pdftext = sys.argv[1:4]
    with open(pdftext, encoding="utf-8") as f:
        pdf = norm(f.read())
    raw = pdf
    if len(sys.argv) > 4:
        with open(sys.argv[4], encoding="utf-8") as f:
            raw = norm(f.read())
    raw = re.sub(r"\s", "", raw)
    pages = {}
    missing = checked = 0
    with open(dump, encoding="utf-8") as f:
        for line in f:
            prov, edition, section, where, text = line.rstrip("\n").split("\t", 4)
            # inline Markdown is dumped as written: its code marks are not read
            text = norm(text.replace("`", ""))
            where = where.split(",")
            own = prov.startswith("@")
            if "site" in where:
                if prov not in pages:
                    # the home page's lines are "home"'s, a provider's its id's
                    path = (f"{prov[1:]}/index.html" if own else
                            "index.html" if prov == "home" else
                            f"editions/{prov[8:]}/index.html" if prov.startswith("edition:")
                            else f"providers/{prov}/index.html")
                    pages[prov] = page_text(f"{site}/{path}")
                checked += 1
                if text not in pages[prov]:
                    missing += 1
                    print(f"missing on the site: {prov} {edition} {section}: {text}")
            if "pdf" in where:
                checked += 1
                # a page number ("{page}" in the view) is the PDF's to give
                if "{page}" in text:
                    pat = re.escape(re.sub(r"\s", "", text)).replace(r"\{page\}", r"[0-9]+")
                    found = re.search(pat, raw) is not None
                else:
                    found = (re.sub(r"\s", "", text) in raw) if own else (text in pdf)
                if not found:
                    missing += 1
                    print(f"missing in the PDF: {prov} {edition} {section}: {text}")
    print(f"checked {checked} texts, {missing} missing")
    return 1 if missing or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
