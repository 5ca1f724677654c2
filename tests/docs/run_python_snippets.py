#!/usr/bin/python3
"""Runs every Python snippet of a page (docs/python.md) and compares its standard output with
the output the page shows, so that the page stays true.

A snippet is the fenced block after a line "<!-- snippet: NAME -->"; its expected output is
the fenced block after "<!-- output: NAME -->". Each snippet runs as a program of its own,
`python3 -c`, with this interpreter and the environment given (PYTHONPATH names the built
package; relative entries are made absolute), in a fresh temporary directory. Fails when the page has no snippet, when a snippet
has no output block (or an output no snippet), when a snippet exits non-zero, and when its
output differs. Usage: run_python_snippets.py PAGE
"""
import difflib
import os
import re
import subprocess
import sys
import tempfile


def blocks(lines, kind):
    """{name: text} of the fenced blocks after "<!-- kind: name -->" lines."""
    out, order = {}, []
    marker = re.compile(rf"^<!-- {kind}: (.*) -->$")
    i = 0
    while i < len(lines):
        m = marker.match(lines[i])
        i += 1
        if not m:
            continue
        name = m.group(1)
        while i < len(lines) and not lines[i].startswith("```"):
            i += 1
        i += 1
        body = []
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        if name in out:
            raise SystemExit(f"{kind} name used twice: {name}")
        out[name] = "".join(body)
        order.append(name)
    return out, order


def main():
    page = sys.argv[1]
    with open(page, encoding="utf-8") as f:
        lines = f.readlines()
    snippets, order = blocks(lines, "snippet")
    outputs, _ = blocks(lines, "output")
    if not snippets:
        raise SystemExit(f"{page} has no snippet (<!-- snippet: NAME --> before a fenced block)")
    # The snippets run in a temporary directory: PYTHONPATH's entries made absolute.
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in env.get("PYTHONPATH", "").split(os.pathsep) if p)
    status = 0
    for name in set(snippets) ^ set(outputs):
        print(f"'{name}' has a snippet or an output block but not both", file=sys.stderr)
        status = 1
    for name in order:
        if name not in outputs:
            continue
        with tempfile.TemporaryDirectory() as work:
            r = subprocess.run([sys.executable, "-c", snippets[name]], cwd=work, env=env, capture_output=True,
                               text=True, timeout=120)
        if r.returncode != 0:
            print(f"== {name}: exits with a failure\n{r.stderr}", file=sys.stderr)
            status = 1
            continue
        if r.stdout != outputs[name]:
            print(f"== {name}: its output differs from the page (- page, + program)", file=sys.stderr)
            sys.stderr.writelines(difflib.unified_diff(outputs[name].splitlines(True), r.stdout.splitlines(True)))
            status = 1
            continue
        print(f"{name}: runs and prints what the page shows")
    if status:
        raise SystemExit(1)
    print(f"{page.rsplit('/', 1)[-1]}: all {len(order)} snippets run and print what the page shows")


if __name__ == "__main__":
    main()
