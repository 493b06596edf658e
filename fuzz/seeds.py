#!/usr/bin/env python3
"""seeds.py: writes the seed corpora fuzz/corpus/<target>/ from the default
report (content/), the test fixtures and the Mustache spec. Run from the
repository root; files are named by a hash of their bytes, so running it
again adds nothing twice. Regression inputs (fuzz/regress/) are kept by hand.
"""
import glob
import hashlib
import json
import os

SLOTS = [("report.yaml",), ("sources.yaml",), ("/editions/",), ("/providers/",),
         ("/reviews/",), ("/commentary/",)]


def put(target, data, prefix=""):
    d = os.path.join("fuzz", "corpus", target)
    os.makedirs(d, exist_ok=True)
    name = (prefix + "-" if prefix else "") + hashlib.sha1(data).hexdigest()[:12]
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


def slot_of(path):
    for i, keys in enumerate(SLOTS):
        if any(k in path for k in keys):
            return i
    return None


def content_files():
    files = sorted(glob.glob("tests/corpus/*/content/**/*", recursive=True))
    files += sorted(glob.glob("tests/fixtures/*/content/**/*", recursive=True))
    files += sorted(glob.glob("content/*.yaml") + glob.glob("content/editions/*")
                    + glob.glob("content/commentary/*"))
    files += sorted(glob.glob("content/providers/*"))[::8]
    files += sorted(glob.glob("content/reviews/*/*"))[::12]
    return [f for f in files if os.path.isfile(f)]


def seed_load():
    for f in content_files():
        s = slot_of(f)
        if s is not None:
            put("load", bytes([s]) + open(f, "rb").read(), "slot%d" % s)


def seed_markdown():
    for f in content_files():
        if f.endswith(".md"):
            put("markdown", open(f, "rb").read())
    for text in [
        "{{count e3 medals}} {{change e1 e3 medals pct digits=0}} {{share e3 medals of reviewed}}",
        "{{tier alpha e3}} {{provider beta}} {{at src 1:02}} {{cite src}}",
        "{{chart movement}}\n\n{{table medals e3}}\n\n{{table movers e1 e3}}\n\n{{table security e3}}",
        "[x](javascript:alert(1)) ![y](data:x) <script>alert(1)</script> `{{count e3 medals}}`",
        "# Head\n\n## Head\n\n> quote {{provider alpha}}\n\n1. a\n2. b\n\n```\ncode {{x}}\n```\n",
        "\x01<div onclick=\"x\">raw {{count e3 medals}}</div>",
        "[{{provider alpha}}](https://example.org/a?b=1&c=2) <https://example.org> \\{{count}}",
    ]:
        put("markdown", text.encode())


def seed_mustache():
    for f in sorted(glob.glob("tests/fixtures/mustache-spec/*.json")):
        for t in json.load(open(f))["tests"]:
            if "lambda" in json.dumps(t.get("data", {})):
                continue
            data = (t["template"].encode() + b"\0" + json.dumps(t.get("data", {})).encode()
                    + b"\0" + json.dumps(t.get("partials", {})).encode())
            put("mustache", data)
    for f in sorted(glob.glob("templates/*.mustache")):
        put("mustache", open(f, "rb").read() + b"\0{}")


def seed_parse():
    for s in ["2026-09-23", "2024-02-29", "2023-02-29", "1970-01-01", "9999-12-31",
              "90s", "24m", "8h40m", "2d", "35m7s", "1d2h3m4s", "0s", "100000000d",
              "12:11", "1:02:03", "0:59", "https://example.org/", "http://a",
              "mailto:x@y", "javascript:alert(1)", "//evil", "a/b:c", "data:x",
              "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", "gold|golden", "summary|sumary",
              "\xed\xa0\x80", "\xc0\xaf", "\x7f\xff\xff\xff\xff\xff\xff\xff\x05",
              "\x80\x00\x00\x00\x00\x00\x00\x00\x03"]:
        put("parse", s.encode("latin-1") if any(ord(c) > 0x7f for c in s) and
            all(ord(c) < 0x100 for c in s) else s.encode())


def seed_escape():
    for s in ["<script>alert(1)</script>", "\"'><img src=x onerror=alert(1)>",
              "javascript:alert(1)", "https://example.org/a b?x=\"1\"&y=<2>",
              "a,b", " lead", "trail ", "say \"hi\"", "line\nbreak\r\n",
              "tab\there\x01\x1f\x7f", "\xc2\x85\xc2\x9f C1", "\xef\xbf\xbe\xef\xbf\xbf",
              "caf\xc3\xa9", "mailto:a@b", "/rel/path#frag", "&amp; &lt;", "\u2212 18"]:
        put("escape", s.encode("latin-1") if all(ord(c) < 0x100 for c in s) else s.encode())


if __name__ == "__main__":
    seed_load()
    seed_markdown()
    seed_mustache()
    seed_parse()
    seed_escape()
