#!/usr/bin/env python3
"""Writes the family block of python/shiftfly/__init__.pyi (between "# begin families" and
"# end families") from the built module's family descriptors:

    PYTHONPATH=build/python python3 scripts/family_stubs.py

python/tests/test_stubs.py fails when the committed block differs from this output."""
import pathlib
import sys

import shiftfly
from shiftfly import _graphs

STUBS = pathlib.Path(__file__).resolve().parent.parent / "python" / "shiftfly" / "__init__.pyi"


def main():
    text = STUBS.read_text()
    begin, end = "# begin families\n", "# end families\n"
    if begin not in text or end not in text:
        sys.exit(f"{STUBS}: no '# begin families' ... '# end families' block")
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    STUBS.write_text(head + begin + "\n".join(_graphs._family_stubs()) + "\n" + end + tail)
    print(f"wrote {len(shiftfly.family_names())} family stubs to {STUBS}")


if __name__ == "__main__":
    main()
