#!/usr/bin/env python3
"""The HTML report of a `tables --out` directory is one well-formed, self-contained page.

Usage: python3 tests/tables/check_html_report.py DIR [DIR ...]

For each DIR (written by `shiftfly tables --out DIR` or `halley tables --out DIR`):
  - DIR/index.html parses with html.parser into a balanced tree (every element
    that is not void is closed, in order; nothing is left open at the end);
  - every table and figure of the run (the .md and .svg files its manifest.json
    lists) has an element with its id, every id is unique, and every internal
    link (href="#x") names an id of the page;
  - nothing external is referenced: no href/src/xlink:href other than "#...",
    no "scheme://" or "//host" anywhere, no CSS url() other than "#...", no @import.
Exits 1 naming every failure.
"""
import html.parser
import json
import os
import re
import sys

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
LINK_ATTRS = {"href", "src", "xlink:href", "action", "formaction", "poster", "data", "srcset", "background", "cite"}


class Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors, self.ids, self.links = [], [], [], []
        self.tables = self.svgs = 0

    def attrs(self, tag, attrs):
        for name, value in attrs:
            if name == "id":
                self.ids.append(value)
            if name in LINK_ATTRS and value is not None:
                if not value.startswith("#"):
                    self.errors.append(f"line {self.getpos()[0]}: <{tag} {name}=\"{value}\"> refers outside the page")
                else:
                    self.links.append(value[1:])
        self.tables += tag == "table"
        self.svgs += tag == "svg"

    def handle_starttag(self, tag, attrs):
        self.attrs(tag, attrs)
        if tag not in VOID:
            self.stack.append((tag, self.getpos()[0]))

    def handle_startendtag(self, tag, attrs):
        self.attrs(tag, attrs)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack:
            self.errors.append(f"line {self.getpos()[0]}: </{tag}> closes nothing")
            return
        open_tag, line = self.stack.pop()
        if open_tag != tag:
            self.errors.append(f"line {self.getpos()[0]}: </{tag}> closes <{open_tag}> of line {line}")


def check(directory):
    errors = []
    path = os.path.join(directory, "index.html")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    with open(os.path.join(directory, "manifest.json"), encoding="utf-8") as f:
        files = json.load(f)["result"]["files"]
    tables = [n[:-3] for n in files if n.endswith(".md")]
    figures = [n[:-4] for n in files if n.endswith(".svg")]
    if "index.html" not in files:
        errors.append("manifest.json does not list index.html")
    if not text.startswith("<!DOCTYPE html>"):
        errors.append("no <!DOCTYPE html>")
    page = Page()
    page.feed(text)
    page.close()
    errors += page.errors
    errors += [f"<{tag}> of line {line} is never closed" for tag, line in page.stack]
    ids = set(page.ids)
    errors += [f"id \"{i}\" appears more than once" for i in sorted(ids) if page.ids.count(i) > 1]
    errors += [f"table {t} has no element with its id" for t in tables if t not in ids]
    errors += [f"figure {f} has no element with its id" for f in figures if f not in ids]
    errors += [f"link #{l} names no id" for l in sorted(set(page.links)) if l not in ids]
    if page.tables != len(tables):
        errors.append(f"{page.tables} <table> elements for {len(tables)} tables")
    if page.svgs != len(figures):
        errors.append(f"{page.svgs} <svg> elements for {len(figures)} figures")
    for pattern, what in [(r"[A-Za-z][A-Za-z0-9+.-]*://", "a URL with a scheme"), (r"""["'(]//[^/\s]""", "a protocol-relative URL"),
                          (r"url\(\s*['\"]?(?!#)", "a CSS url() outside the page"), (r"@import", "a CSS @import"),
                          (r"\bwww\.", "a web address")]:
        for m in re.finditer(pattern, text):
            line = text.count("\n", 0, m.start()) + 1
            errors.append(f"line {line}: {what}: {text[m.start():m.start() + 60]!r}")
    return [f"{path}: {e}" for e in errors], len(tables), len(figures)


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    failures = []
    for d in argv[1:]:
        errors, n_tables, n_figures = check(d)
        failures += errors
        print(f"{d}/index.html: {n_tables} tables, {n_figures} figures, {'ok' if not errors else 'FAILED'}")
    for e in failures:
        print(e, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
