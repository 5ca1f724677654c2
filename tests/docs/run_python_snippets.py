#!/usr/bin/python3
"""Runs every Python snippet of a page (docs/python.md) and compares its standard output with
the output the page shows, so that the page stays true.

A snippet is the fenced block after a line "<!-- snippet: NAME -->"; its expected output is
the fenced block after "<!-- output: NAME -->". Each snippet runs as a program of its own,
`python3 -c`, with this interpreter and the environment given (PYTHONPATH names the built
package; relative entries are made absolute), in a fresh temporary directory. Fails when the page has no snippet, when a snippet
has no output block (or an output no snippet), when a snippet exits non-zero, and when its
output differs.

A shell block is the fenced block after "<!-- sh: NAME -->", its output the block after
"<!-- output: NAME -->" as for a snippet; every ```sh block of the page must be one (an
unmarked one fails the run). It runs with `bash -euo pipefail` in the source directory, the
word `build` (the page's build directory) standing for the build directory given, so its
configure and build commands meet the tree under test and are no-ops when it is up to date.
A block that configures with another generator or build type than the build directory's
cache is skipped, and says so, rather than reconfigure that tree.
Usage: run_python_snippets.py PAGE [--source-dir DIR --build-dir DIR]
"""
import difflib
import os
import re
import shlex
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


def unmarked_shell_blocks(lines):
    """Line numbers of ```sh blocks that no "<!-- sh: NAME -->" line marks."""
    out = []
    for i, line in enumerate(lines):
        if line.rstrip() == "```sh" and not (i > 0 and re.match(r"^<!-- sh: .* -->$", lines[i - 1])):
            out.append(i + 1)
    return out


def cache_value(build_dir, key):
    try:
        with open(os.path.join(build_dir, "CMakeCache.txt"), encoding="utf-8") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return line.split("=", 1)[1].strip()
    except OSError:
        pass
    return None


def configure_mismatch(text, build_dir):
    """Why a block's `cmake -S ... -B build` would reconfigure the build directory, or None."""
    for line in text.splitlines():
        words = shlex.split(line, comments=True)
        if not words or words[0] != "cmake" or "-B" not in words:
            continue
        wanted = {}
        for i, w in enumerate(words):
            if w == "-G" and i + 1 < len(words):
                wanted["CMAKE_GENERATOR"] = words[i + 1]
            elif w.startswith("-DCMAKE_BUILD_TYPE="):
                wanted["CMAKE_BUILD_TYPE"] = w.split("=", 1)[1]
        for key, value in wanted.items():
            have = cache_value(build_dir, key)
            if have != value:
                return f"it configures {key}={value}, the build directory has {have}"
    return None


def run_shell(name, text, source_dir, build_dir, env):
    """Runs a shell block in the source directory with `build` standing for build_dir."""
    script = re.sub(r"(?<![\w./-])build(?=/|\s|$)", lambda _: shlex.quote(build_dir), text)
    return subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=source_dir, env=env,
                          capture_output=True, text=True, timeout=600)


def option(name):
    if name in sys.argv:
        i = sys.argv.index(name)
        if i + 1 < len(sys.argv):
            return os.path.abspath(sys.argv[i + 1])
    return None


def main():
    page = sys.argv[1]
    source_dir, build_dir = option("--source-dir"), option("--build-dir")
    with open(page, encoding="utf-8") as f:
        lines = f.readlines()
    snippets, order = blocks(lines, "snippet")
    shells, shell_order = blocks(lines, "sh")
    outputs, _ = blocks(lines, "output")
    if not snippets:
        raise SystemExit(f"{page} has no snippet (<!-- snippet: NAME --> before a fenced block)")
    unmarked = unmarked_shell_blocks(lines)
    if unmarked:
        raise SystemExit(f"{page}: the sh block at line {unmarked[0]} has no <!-- sh: NAME --> line, so no test runs it")
    if shells and not (source_dir and build_dir):
        raise SystemExit(f"{page} has sh blocks: give --source-dir and --build-dir")
    # The snippets run in a temporary directory: PYTHONPATH's entries made absolute.
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in env.get("PYTHONPATH", "").split(os.pathsep) if p)
    status = 0
    for name in set(snippets) & set(shells):
        print(f"'{name}' names both a snippet and an sh block", file=sys.stderr)
        status = 1
    for name in (set(snippets) | set(shells)) ^ set(outputs):
        print(f"'{name}' has a snippet (or sh block) or an output block but not both", file=sys.stderr)
        status = 1
    ran = 0
    for name in shell_order:
        if name not in outputs:
            continue
        why = configure_mismatch(shells[name], build_dir)
        if why:
            print(f"{name} (sh): skipped, as {why}")
            continue
        r = run_shell(name, shells[name], source_dir, build_dir, env)
        ran += 1
        if r.returncode != 0:
            print(f"== {name} (sh): exits with a failure\n{r.stdout}{r.stderr}", file=sys.stderr)
            status = 1
            continue
        # the build commands' own chatter (ninja's progress lines) is not the page's output
        shown = "".join(l for l in r.stdout.splitlines(True)
                        if not re.match(r"^(ninja: |\[\d+/\d+\] |-- )", l))
        if shown != outputs[name]:
            print(f"== {name} (sh): its output differs from the page (- page, + program)", file=sys.stderr)
            sys.stderr.writelines(difflib.unified_diff(outputs[name].splitlines(True), shown.splitlines(True)))
            status = 1
            continue
        print(f"{name} (sh): runs and prints what the page shows")
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
    print(f"{page.rsplit('/', 1)[-1]}: all {len(order)} snippets and {ran} of {len(shell_order)} sh blocks "
          "run and print what the page shows")


if __name__ == "__main__":
    main()
