"""changes_groups.py PAGE: the groups of a changes page, one line each:
"KIND N: id id ..." (the provider ids of each item's first link, in page
order; of every link of an item that opens with words, a sentence naming
the providers that make the same change), then "rules: TEXT | TEXT" (the rubric and threshold lines, as
text). For tests/t_changes.sh."""
import re
import sys
from html.parser import HTMLParser


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.kind = None
        self.groups = []
        self.rules = []
        self.li = None
        self.first = False
        self.all = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section" and (a.get("class") or "").startswith("changes-"):
            self.kind = a["class"][len("changes-"):]
            if self.kind not in ("intro", "rules"):
                self.groups.append((self.kind, []))
        elif tag == "li" and self.kind is not None:
            self.li = []
            self.first = True
            self.all = False
        elif tag == "a" and self.li is not None and (self.first or self.all):
            if self.first and "".join(self.li).strip():
                self.all = True   # "New in 3.0 ...: A, B and C."
            m = re.search(r"providers/([^/]+)/", a.get("href", ""))
            if m and self.kind not in ("intro", "rules"):
                self.groups[-1][1].append(m.group(1))
            self.first = False

    def handle_endtag(self, tag):
        if tag == "li" and self.li is not None:
            if self.kind == "rules":
                self.rules.append(re.sub(r"\s+", " ", "".join(self.li)).strip())
            self.li = None
        elif tag == "section":
            self.kind = None

    def handle_data(self, data):
        if self.li is not None:
            self.li.append(data)


p = Page()
with open(sys.argv[1], encoding="utf-8") as fh:
    p.feed(fh.read())
for kind, ids in p.groups:
    print("%s %d: %s" % (kind, len(ids), " ".join(ids)))
print("rules: " + " | ".join(p.rules))
