#!/usr/bin/env python3
"""Extract the numeric cells of the published Shiftfly tables into a fixture.

Usage: python3 scripts/extract_published_cells.py results.md \
           > tests/fixtures/published/shiftfly_cells.tsv

where results.md is results/results.md of the reference artefact, the public
repository github.com/EylonKrause/shiftfly at commit
460ccb4655fbb61d3712de393c90a4ac1003ab16 (docs/references.md, [Shiftfly artefact]):
  git clone https://github.com/EylonKrause/shiftfly ref
  git -C ref show 460ccb4655fbb61d3712de393c90a4ac1003ab16:results/results.md > results.md

Only the tables' figures are kept (cells that contain a digit, plus the value
"disconnected"); the prose of the source stays out of the project. Each output
line is: table number (1-based, in order of appearance), row number (1-based),
the column header, the row's first cell, and the cell, tab-separated.
"""
import re
import sys


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main(path):
    lines = open(path, encoding="utf-8").read().splitlines()
    table, header, row = 0, None, 0
    out = ["# made by: python3 scripts/extract_published_cells.py results.md "
           "(results/results.md of github.com/EylonKrause/shiftfly at 460ccb4655fbb61d3712de393c90a4ac1003ab16)",
           "# table\trow\tcolumn\trow_key\tcell"]
    for i, line in enumerate(lines):
        if not line.startswith("|"):
            header = None
            continue
        if header is None:
            table += 1
            header, row = cells(line), 0
            continue
        if re.fullmatch(r"\|(-+\|)+", line.strip()):
            continue
        row += 1
        cs = cells(line)
        for col, c in zip(header, cs):
            if re.search(r"\d", c) or c == "disconnected":
                out.append(f"{table}\t{row}\t{col}\t{cs[0]}\t{c}")
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1])
