#!/usr/bin/env python3
# strings_leaks.py DEFAULTS.json CONTENT_DIR SITE_DIR: prints each English
# default of the strings table still found in the site's pages (visible text
# and the alt, title and aria-label attributes, the charts' <figure> and their
# data tables in <details> included), in the chart files (an SVG's <title>,
# <desc> and <text>) or in report.pdf's text (its charts' drawn words
# included), one line per leak. Text the report's content provides is
# skipped: a match inside a run of text that also appears in content/ is not
# the interface's. A sentence with a placeholder is searched by its
# fragments of two words or more.
import html.parser, json, os, re, subprocess, sys

import yaml

defaults = json.load(open(sys.argv[1]))["values"]["t"]
content, site = sys.argv[2], sys.argv[3]


def scalars(x, out):
    if isinstance(x, dict):
        for k, v in x.items():
            scalars(k, out)
            scalars(v, out)
    elif isinstance(x, list):
        for v in x:
            scalars(v, out)
    elif x is not None and not isinstance(x, bool):
        out.append(str(x))


given = []
for d, _, files in os.walk(content):
    for f in files:
        p = os.path.join(d, f)
        text = open(p, encoding="utf-8").read()
        if f.endswith(".md"):
            front = re.match(r"^---\n(.*?)\n---\n", text, re.S)
            if front:
                scalars(yaml.safe_load(front.group(1)), given)
                text = text[front.end():]
            for line in text.splitlines():
                line = re.sub(r"\[([^]]*)\]\([^)]*\)", r"\1", line)
                line = re.sub(r"[*_`#>]+", "", line).strip(" -")
                for s in re.split(r"[.;:!?]\s|\{\{[^}]*\}\}", line):
                    given.append(s.strip())
        elif f.endswith(".yaml"):
            scalars(yaml.safe_load(text), given)
# a sentence of the content may be shown as a label, without its closing
# full stop (the changes page's reason over the providers it is given for)
given += [g.strip().rstrip(".") for g in given if g.strip().endswith(".")]
given = sorted({g for g in given if len(g.strip()) >= 2}, key=len, reverse=True)


class Text(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out, self.skip, self.stack = [], 0, []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skip += 1
            self.stack.append(tag)
        elif self.skip and tag == self.stack[-1]:
            self.skip += 1
            self.stack.append(tag)
        if self.skip:
            return
        for k, v in attrs:
            if k in ("alt", "title", "aria-label") and v:
                self.out.append("\n" + v + "\n")

    def handle_endtag(self, tag):
        if self.skip and tag == self.stack[-1]:
            self.skip -= 1
            self.stack.pop()
        elif tag in ("p", "li", "tr", "td", "th", "h1", "h2", "h3", "dt", "dd",
                     "caption", "summary", "figcaption", "div", "a", "span",
                     "title", "desc", "text", "tspan"):
            self.out.append("\n")

    def handle_data(self, data):
        if not self.skip:
            self.out.append(data)


texts = []
for d, _, files in os.walk(site):
    for f in sorted(files):
        p = os.path.join(d, f)
        if f.endswith(".html") or f.endswith(".svg"):
            t = Text()
            t.feed(open(p, encoding="utf-8").read())
            texts.append((os.path.relpath(p, site), "".join(t.out)))
        elif f == "report.pdf":
            # in reading order (not -layout): a table cell the PDF wraps in
            # a narrow column stays one run, so content in it is known
            texts.append(("report.pdf", subprocess.run(["pdftotext", p, "-"],
                          capture_output=True, text=True, check=True).stdout))

leaks = 0
for name, text in texts:
    text = re.sub(r"[ \t\u00a0]+", " ", text)
    mask = [False] * len(text)
    for g in given:
        # a run of content may wrap in a table cell: any space a line break
        for m in re.finditer(r"\s+".join(re.escape(w) for w in g.split()), text):
            for i in range(m.start(), m.end()):
                mask[i] = True
    for key, words in sorted(defaults.items()):
        parts = re.split(r"\{[a-z]+\}", words)
        for part in parts:
            part = part.strip()
            if len(part) < 2 or not re.search(r"[A-Za-z]", part):
                continue
            if len(parts) > 1 and len(part.split()) < 2:
                continue
            pat = (r"\b" if part[0].isalnum() else "") + re.escape(part) + \
                (r"\b" if part[-1].isalnum() else "")
            for m in re.finditer(pat, text):
                if not all(mask[m.start():m.end()]):
                    s = text[max(0, m.start() - 30):m.end() + 30].replace("\n", " | ")
                    print(f"{name}: {key} ({part!r}): ...{s}...")
                    leaks += 1
                    break
sys.exit(1 if leaks else 0)
