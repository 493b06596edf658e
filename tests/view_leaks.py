#!/usr/bin/env python3
"""view_leaks.py: what a reader sees that neither the content nor the
language pack wrote (SPEC 5.1).

  view_leaks.py pseudo CONTENT SITE PDFTEXT
      SITE was built with `language: x-pseudo`: every word podium writes is
      between the markers U+27E6 U+27E7. Prints each piece of visible text
      (HTML text and reader-facing attributes, SVG title/desc, the script's
      and the style sheet's words, the PDF's text) that is outside the
      markers and is not the content's own text. Exit 1 when there is one.

  view_leaks.py words LANG CONTENT SITE PDFTEXT
      SITE was built in LANG (de, fr) without `strings:`. Prints English
      month names, percentages with a decimal point and English interface
      words found in the visible text outside the content's own text.

The content's own text: a piece counts as the content's when it stands
(whitespace folded) in a file under CONTENT.
"""
import html
import html.parser
import os
import re
import sys

OPEN, CLOSE = "\u27e6", "\u27e7"
ATTRS = ("title", "alt", "aria-label", "placeholder", "data-words", "label")
META = ("description", "og:title", "og:description", "twitter:title",
        "twitter:description")
SKIP = ("script", "style")


def fold(s):
    return re.sub(r"\s+", " ", s).strip()


# cmark's smart punctuation makes the content's straight quotes and
# apostrophes typographic: both are read as the straight ones
TYPO = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def plain(s):
    return s.translate(TYPO)


NUMBERED = {}
NAMES = []


def unnamed(part):
    """part with the names shortcodes give (providers, tiers, editions) as '#'."""
    for n in NAMES:
        part = part.replace(n, "#")
    return part


def corpus_of(content):
    parts, raw = [], []
    for d, _, files in os.walk(content):
        for f in sorted(files):
            with open(os.path.join(d, f), encoding="utf-8") as fh:
                t = plain(fh.read())
            # YAML's escapes and quotes; Markdown's emphasis and links
            t = t.replace("\\\"", "\"").replace("''", "'")
            t = re.sub(r"[*_`]", "", t)
            raw.append(t)
            parts.append(fold(t))
    corpus = "\n".join(parts)
    names = set()
    for t in raw:
        for m in re.finditer(r"\b(?:name|short):\s*(?:\"([^\"\n]+)\"|([^\"\n,}]+))", t):
            names.add(fold(m.group(1) or m.group(2)))
    NAMES[:] = sorted((n.strip() for n in names if len(n.strip()) > 2), key=len, reverse=True)
    NUMBERED[id(corpus)] = numbered(corpus)
    return corpus


class Visible(html.parser.HTMLParser):
    """The text a reader sees or hears, one piece per text node or attribute;
    a pack's sentence that holds an element (a tier's name, a link) is read
    as one piece from its opening marker to its closing one."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.pieces, self.skip, self.run = [], 0, []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        # code shown for copying (translate="no", HTML's own mark for text
        # no language changes): the badge's embed code
        if tag in SKIP or (tag == "pre" and a.get("translate") == "no"):
            self.skip += 1
        for k in ATTRS:
            if a.get(k):
                self.pieces.append(a[k])
        if tag == "meta" and (a.get("name") in META or a.get("property") in META):
            self.pieces.append(a.get("content") or "")

    def handle_endtag(self, tag):
        if (tag in SKIP or tag == "pre") and self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if self.skip:
            return
        self.run.append(data)
        t = "".join(self.run)
        if t.count(OPEN) <= t.count(CLOSE):
            self.pieces.append(t)
            self.run = []

    def close(self):
        super().close()
        if self.run:
            self.pieces.append("".join(self.run))


def html_pieces(site):
    out = []
    for d, _, files in os.walk(site):
        for f in sorted(files):
            p = os.path.join(d, f)
            rel = os.path.relpath(p, site)
            if f.endswith(".html"):
                v = Visible()
                with open(p, encoding="utf-8") as fh:
                    v.feed(fh.read())
                v.close()
                out += [(rel, x) for x in v.pieces]
            elif f.endswith(".svg"):
                with open(p, encoding="utf-8") as fh:
                    t = fh.read()
                for m in re.finditer(r"<(title|desc|text)[^>]*>(.*?)</\1>", t, re.S):
                    out.append((rel, html.unescape(m.group(2))))
    return out


def script_pieces(site):
    """String literals of the scripts with words in them, and CSS content."""
    out = []
    for d, _, files in os.walk(os.path.join(site, "assets")):
        for f in sorted(files):
            p = os.path.join(d, f)
            with open(p, encoding="utf-8") as fh:
                t = fh.read()
            if f.endswith(".js"):
                t = re.sub(r"^\s*//.*$", "", t, flags=re.M)
                for m in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', t):
                    s = m.group(1)
                    # selectors, attribute and event names are not shown
                    if s != "use strict" and " " in s and re.search(r"[A-Za-z]{2}", re.sub(r"\{\w+\}", "", s)):
                        out.append((os.path.relpath(p, site), s))
            elif f.endswith(".css"):
                for m in re.finditer(r'(?<![-\w])content:\s*([^;}]*)', t):
                    s = re.sub(r"attr\([^)]*\)|\\[0-9a-fA-F]+", "", m.group(1))
                    if re.search(r"[A-Za-z]{2}", s):
                        out.append((os.path.relpath(p, site), m.group(1)))
    return out


def unmarked(text):
    """The text outside the markers (which nest), in pieces: a marked span
    ends a piece."""
    out, depth = [], 0
    for ch in text:
        if ch == OPEN:
            depth += 1
            out.append("\x00")
        elif ch == CLOSE and depth:
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out).split("\x00")


SPLIT = r"\s*(?:[·:;,()\[\]|/→←↑↓—–•“”\u2020]|\s-\s)\s*|\n"
FILES = re.compile(r"^[\w.-]+\.(pdf|json|csv|xml|svg|png)$")


NUM = r"[−+-]?\d[\d.,:]*(?:\s?%)?"


def numbered(corpus):
    """The content with each shortcode as '#', to find prose with its numbers."""
    return re.sub(r"\{\{[^}]*\}\}", "#", corpus)


def vocabulary(corpus):
    return set(re.findall(r"[^\W\d_][\w'’-]*", corpus))


def known(word, vocab):
    """A word of the content, also with a possessive after a name a shortcode gave."""
    word = word.rstrip("-")
    return word in vocab or re.sub(r"['’]s$", "", word) in vocab


QUOTES = "\u201c\u201d\u201e\u00ab\u00bb\u00a0\u2018\u2019"


def own(piece, corpus, vocab):
    """Whether every part of the piece with letters is the content's: a
    short part stands in the content as it is; a part of five words or
    more is prose, where shortcodes put numbers and names, and passes when
    each of its words is one the content uses."""
    piece = plain(piece)
    piece = re.sub(r"https?://\S*", "", piece)
    w = re.findall(r"[^\W\d_][\w'’-]*", piece)
    if len(piece.split()) >= 5 and all(known(x, vocab) for x in w):
        return True
    for part in re.split(SPLIT, piece):
        # the language's quotation marks around the content's words (a
        # reason on the changes page) are not words of their own
        part = fold(part).strip(" .-'\"?!" + QUOTES)
        if not re.search(r"[^\W\d_]{2}", part) or FILES.match(part):
            continue
        if part in corpus or (part.endswith("-") and part[:-1] in corpus):
            continue
        if unnamed(re.sub(NUM, "#", part)) in NUMBERED.get(id(corpus), ""):
            continue
        w = re.findall(r"[^\W\d_][\w'’-]*", part)
        if len(part.split()) >= 5 and all(known(x, vocab) for x in w):
            continue
        # two of the content's names side by side (a table's cells that
        # pdftotext runs together: "Underperforming Participation Ribbon")
        ws = part.split()
        if any(" ".join(ws[:k]) in corpus and " ".join(ws[k:]) in corpus
               for k in range(1, len(ws))):
            continue
        return False
    return True


def pdf_text(path):
    """pdftotext's text, a word hyphenated at a line's end joined again."""
    with open(path, encoding="utf-8") as fh:
        t = fh.read()
    return re.sub(r"(\w)-\n(?=[a-z])", r"\1", t)


def pseudo(content, site, pdftext):
    corpus = corpus_of(content)
    vocab = vocabulary(corpus)
    leaks = []
    for where, text in html_pieces(site):
        for p in unmarked(text):
            if not own(p, corpus, vocab):
                leaks.append((where, fold(p)))
    leaks += script_pieces(site)
    for p in unmarked(pdf_text(pdftext)):
        for para in re.split(r"\n\s*\n", p):
            if not own(para, corpus, vocab):
                leaks.append(("report.pdf", fold(para)))
    seen = set()
    for where, p in leaks:
        if (where.split("/")[0], p) in seen:
            continue
        seen.add((where.split("/")[0], p))
        print("%s: %s" % (where, p))
    return 1 if leaks else 0


MONTHS = ("January February March April May June July August September "
          "October November December").split()
ENGLISH = ["and", "providers", "provider", "Edition", "rated", "of", "reviewed",
           "medals", "shown", "Used in", "not known", "yes", "no", "Tier",
           "Contents", "page", "Sources", "within", "target", "Failure test"]


# the months whose name the language writes as English does
SAME_MONTHS = {"de": {"April", "August", "September", "November"}, "fr": set(),
               "es": set()}
# the words on the list that the language writes as English does
SAME_WORDS = {"fr": {"page", "Sources"}, "de": set(), "es": {"no"}}


def words(lang, content, site, pdftext):
    corpus = corpus_of(content)
    vocab = vocabulary(corpus)
    texts = [(w, t) for w, t in html_pieces(site)] + script_pieces(site)
    texts += [("report.pdf", p) for p in re.split(r"\n\s*\n", pdf_text(pdftext))]
    found = []
    for where, text in texts:
        if own(text, corpus, vocab):
            continue
        # quotation marks split too: a title quoted in a pack's sentence
        # ("in „Who moved since 2.0“, Seite 4") is the content's own text
        for part in re.split(r"\s*(?:[·:;,()\[\]|/→—–•\n„“”«»]|\s-\s|\.\s)\s*", text):
            part = fold(part).strip(" .-'\"" + QUOTES)
            if not part or own(part, corpus, vocab):
                continue
            for m in MONTHS:
                if m not in SAME_MONTHS.get(lang, set()) and re.search(r"\b%s\b" % m, part):
                    found.append((where, "English month '%s'" % m, part))
            if re.search(r"\d\.\d+\s?%", part):
                found.append((where, "decimal point in a percentage", part))
            elif re.search(r"(?<![\d.])\d+\.\d+(?![\d.])", unnamed(part)):
                found.append((where, "decimal point in a number", part))
            for w in ENGLISH:
                if w in SAME_WORDS.get(lang, set()):
                    continue
                if re.search(r"(?<![\w-])%s(?![\w-])" % re.escape(w), part):
                    found.append((where, "English '%s'" % w, part))
    seen = set()
    for where, what, part in found:
        k = (where.split("/")[0], what, part)
        if k in seen:
            continue
        seen.add(k)
        print("%s: %s: %s" % (where, what, part))
    return 1 if found else 0


if __name__ == "__main__":
    if sys.argv[1] == "pseudo":
        sys.exit(pseudo(*sys.argv[2:5]))
    sys.exit(words(*sys.argv[2:6]))
