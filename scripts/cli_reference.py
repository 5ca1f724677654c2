#!/usr/bin/env python3
"""Writes docs/cli.md from the built tools (run by scripts/cli_reference.sh).

Usage: cli_reference.py BIN_DIR [OUT]   (OUT: a file; default stdout)

Every command is found by walking --help (the "Subcommands:" section of each
help text); each gets its verbatim --help and one example, run now from the
repository root (EXAMPLES, or else the "Example:" line its --help ends with, as the
family subcommands' do from their descriptors). Fails (exit 1) when a command has no example, when an
entry names a command the walk did not find, when an example exits non-zero, or
when the page would hold an absolute path: so a new subcommand cannot go
undocumented and the page is byte-identical across machines and runs.
Standard library only.
"""

import os
import re
import subprocess
import sys

TOOLS = ["shiftfly", "halley"]

# Command path -> the example's arguments after the tool name, run verbatim.
# GROUP: a command that only dispatches to its subcommands (each has its own
# example). Keep every example well under a second: small graphs, one table.
GROUP = None
EXAMPLES = {
    "shiftfly": "--version",
    "shiftfly allreduce": "allreduce --dims 4,4",
    "shiftfly collective": GROUP,
    "shiftfly collective file": "collective file --path tests/fixtures/files/racks.txt --op all-reduce --bytes 1",
    "shiftfly cost": GROUP,
    "shiftfly cost slimfly": "cost slimfly --q 5",
    "shiftfly cost dragonfly": "cost dragonfly --a 4 --h 2 --model mudigonda-atc11 --format json --pretty",
    "shiftfly cost xgft": "cost xgft --m 4,4 --w 1,4",
    "shiftfly cost file": "cost file --path tests/fixtures/files/racks.txt --endpoints 4",
    "shiftfly graph": GROUP,
    "shiftfly graph torus": "graph torus --dims 3,3",
    "shiftfly graph kautz": "graph --format dot kautz --d 2 --D 2",
    "shiftfly graph de-bruijn": "graph --directed de-bruijn --d 2 --D 2",
    "shiftfly graph gen-de-bruijn": "graph gen-de-bruijn --n 6 --d 2",
    "shiftfly graph imase-itoh": "graph --format graphml imase-itoh --n 5 --d 2",
    "shiftfly graph boardfly": "graph boardfly --groups 3",
    "shiftfly graph polarfly": "graph polarfly --q 2",
    "shiftfly graph slimfly": "graph slimfly --q 3",
    "shiftfly graph dragonfly": "graph dragonfly --a 2 --h 1",
    "shiftfly graph hyperx": "graph hyperx --dims 3,2",
    "shiftfly graph fat-tree": "graph fat-tree --k 4",
    "shiftfly graph xgft": "graph xgft --m 2,2 --w 1,2",
    "shiftfly graph jellyfish": "graph jellyfish --routers 8 --degree 3 --seed 5",
    "shiftfly graph shiftfly": "graph --format json --pretty shiftfly --groups 4",
    "shiftfly graph file": "graph file --path tests/fixtures/files/racks.txt --format json --pretty",
    "shiftfly metrics": GROUP,
    "shiftfly metrics torus": "metrics torus --dims 4,4 --bisection --throughput uniform",
    "shiftfly metrics kautz": "metrics --gap kautz --d 2 --D 3",
    "shiftfly metrics de-bruijn": "metrics --directed de-bruijn --d 2 --D 3",
    "shiftfly metrics gen-de-bruijn": "metrics gen-de-bruijn --n 12 --d 2",
    "shiftfly metrics imase-itoh": "metrics --connectivity imase-itoh --n 12 --d 3",
    "shiftfly metrics boardfly": "metrics boardfly --groups 40",
    "shiftfly metrics polarfly": "metrics --gap polarfly --q 37",
    "shiftfly metrics slimfly": "metrics --gap slimfly --q 29",
    "shiftfly metrics dragonfly": "metrics --gap dragonfly --a 8 --h 4 --arrangement circulant",
    "shiftfly metrics hyperx": "metrics --gap hyperx --dims 8,8,8",
    "shiftfly metrics fat-tree": "metrics --gap fat-tree --k 16",
    "shiftfly metrics xgft": "metrics xgft --m 4,4,8 --w 1,4,4",
    "shiftfly metrics jellyfish": "metrics --gap jellyfish --routers 1000 --degree 16 --seed 7",
    "shiftfly metrics shiftfly": "metrics --format json --pretty shiftfly --groups 64 --ports 8",
    "shiftfly metrics file": "metrics file --path tests/fixtures/files/hyperx.txt --gap",
    "shiftfly route": GROUP,
    "shiftfly route kautz": "route kautz --d 2 --D 3 --from 0.1.2 --to 2.0.1",
    "shiftfly route de-bruijn": "route de-bruijn --d 2 --D 3 --from 0.0.1 --to 1.1.0",
    "shiftfly route imase-itoh": "route imase-itoh --n 12 --d 3 --from 0 --to 7 --format json --pretty",
    "shiftfly load": GROUP,
    "shiftfly load torus": "load torus --dims 4,4 --routing minimal --tie booksim --top 3",
    "shiftfly load kautz": "load --format json --pretty kautz --d 2 --D 3 --routing valiant --top 2",
    "shiftfly load file": "load file --path tests/fixtures/files/hyperx.txt --routing ecmp --compare-optimal --top 3",
    "shiftfly tables": "tables --only moore_audit",
    "halley": "--version",
    "halley ceiling": "ceiling --lambda 0.05 --rho 0.15 --target 0.9999",
    "halley cost": "cost --channels 32 --lambda 0.05 --rho 0.15 --target 0.9999999",
    "halley coverage": "coverage --channels 32 --spares 8 --lambda 0.05 --rho 0.15",
    "halley foldfit": "foldfit --demand tests/fixtures/bad/ok_demand.csv --channels 2",
    "halley hierarchy": "hierarchy --modules 4 --lasers 8 --rho-within 0.3 --rho-across 0.05 "
                        "--channels 24 --spares 8 --lambda 0.05",
    "halley size": "size --channels 32 --lambda 0.05 --rho 0.15 --target 0.9999999 --format json --pretty",
    "halley tables": "tables --only table2",
}

# The introduction's runs: the envelope example and a refused flag (exit 2).
ENVELOPE_EXAMPLE = "shiftfly metrics --format json --pretty kautz --d 2 --D 3"
BAD_INPUT_EXAMPLE = "shiftfly metrics kautz --d 1 --D 3"

REGENERATE = "bash scripts/cli_reference.sh build/bin docs/cli.md"


class Failure(Exception):
    pass


def run(bin_dir, root, command, expect=0):
    """Runs `command` (a tool name then its arguments) from the repository root."""
    words = command.split()
    env = dict(os.environ, LC_ALL="C")
    done = subprocess.run([os.path.join(bin_dir, words[0])] + words[1:], cwd=root, env=env,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    out = done.stdout.decode("utf-8")
    err = done.stderr.decode("utf-8")
    if done.returncode != expect:
        raise Failure(f"`{command}` exited {done.returncode} (expected {expect}): {err.strip()}")
    return out, err


def subcommands(help_text):
    """The names listed under "Subcommands:" (two-space indented, one per line)."""
    names, inside = [], False
    for line in help_text.splitlines():
        if line.startswith("Subcommands:"):
            inside = True
            continue
        if inside:
            if not line.startswith(" "):
                inside = False
                continue
            match = re.match(r"^  (\S+)", line)
            if match:
                names.append(match.group(1))
    return names


def walk(bin_dir, root, path, found):
    """Depth-first over the help tree: found gets (path, help) in help order."""
    help_text, _ = run(bin_dir, root, path + " --help")
    found.append((path, help_text))
    for name in subcommands(help_text):
        walk(bin_dir, root, path + " " + name, found)


def help_example(path, help_text):
    """The arguments of the example that a command's --help ends with ("Example: shiftfly graph
    kautz --d 2 --D 2", the family subcommands' from their descriptors), or None."""
    tool = path.split()[0]
    for line in help_text.splitlines():
        if line.startswith(f"Example: {tool} "):
            return line[len(f"Example: {tool} "):]
    return None


def block(text, lang="text"):
    if "```" in text:
        raise Failure("an output holds a code fence")
    return f"```{lang}\n{text.rstrip(chr(10))}\n```\n"


EXAMPLE_MAX_LINES = 150  # an example printing more (a large graph's edge list) shows its first 20 lines and a count


def example_block(command, out):
    lines = out.rstrip("\n").split("\n")
    if len(lines) > EXAMPLE_MAX_LINES:
        keep = 20
        out = "\n".join(lines[:keep]) + f"\n... ({len(lines) - keep} more lines)\n"
    return block(f"$ {command}\n{out}", "console")


INTRO = """\
<!-- Generated by scripts/cli_reference.sh from the built tools: do not edit by hand.
     Regenerate with: {regenerate}
     (ctest docs/cli_reference fails when this page is stale.) -->
# Command-line reference

Two tools sit on the library; they only parse flags and print (the logic is in the headers):

- `shiftfly`: graphs, metrics, routes and tables of accelerator interconnects (graph exports,
  distance statistics, spectral gap and connectivity, table-free shift routes, channel loads and
  saturation throughput under a routing, the torus all-reduce, a fabric's racks, cables, cost and
  power, the Shiftfly tables);
- `halley`: the closed forms of the Halley paper (spare-laser coverage and sizing, the correlation
  ceiling, hierarchical pools, the cost of separation, FoldFit, the Halley tables).

Every command below shows its `--help` (each option's type, range and default) and one example with
its real output. The page is written by `scripts/cli_reference.sh`, which finds the commands by
walking `--help` and runs every example when it writes the page.

## Exit status

| status | meaning |
|---|---|
| 0 | success |
| 1 | an internal error, or a check that found differences (`tables --check`) |
| 2 | bad input: one line on stderr naming the flag, the value as typed and the accepted range |

A refused value (exit status 2, stderr):

{bad_input}
A throughput interval that stops at its round limit wider than `--epsilon` (`shiftfly metrics
--throughput`) still exits 0: both of its ends are certified bounds, only further apart than asked.
The text line says `NOT converged: width W after N rounds`, the JSON has `"converged": false`, the
`width` reached (upper / lower - 1), `rounds` and `round_limit`, and one warning line goes to stderr
in either format.

## Throughput: demands, epsilon and time

`shiftfly metrics --throughput` gives θ(T), the largest factor by which the traffic T can be routed
within unit link capacities: exact by LP when its sources × arcs flow variables are at most 40,000,
else a certified (1+ε) interval (docs/metrics.md). The rules (each refusal is one line, exit 2):

- **Demands** (`file:PATH`, `s t demand` lines): each from 2.2250738585072014e-308 (the smallest
  normal double; `4.9e-324` is refused) to 1.7976931348623157e308, the largest at most 10^12 times the
  smallest of the same file, and θ itself a normal double (else "outside the normal doubles"). Both
  methods solve the demands scaled by a power of two (the largest in [1, 2)) and scale θ back, so
  θ(c·T) = θ(T)/c at any magnitude. `total_demand` is `null` in JSON when the sum exceeds the largest
  double; `total_demand_log10` always has it.
- **ε** (`--epsilon`): 0.001 to below 1. GK needs of the order of ε^-2 rounds, and the round limit is
  10,000.
- **Time** (`--max-seconds`, default 60): the cost model counts sources × (arcs + n·log2 n) work
  units a round at 3·10^7 units a second on one core (metrics/flow/throughput_mwu.hpp). An interval
  whose first 2 rounds (the least that gives an interval) are estimated above `--max-seconds` is
  refused before it starts, with the estimate; any other run stops at the rounds that fit in
  `--max-seconds` by the model, and then says `converged: false` and its width if it stopped
  short, with a warning that names `--max-seconds`. `estimated_seconds` is the model's time at
  ⌈ε^-2⌉ rounds (at most 10,000), GK's order, which errs long on most graphs: uniform traffic on
  Shiftfly of 2,304 groups is estimated at 5,502 s and converges in 21 rounds (116 s of CPU on
  one thread); at the default 60 s it stops after the 4 rounds that fit, still certified.

## Text output

Text output (the default, `--format text`) leads with the answer in a sentence, then lists the
figures. `graph` prints the graph itself (edge list by default, DOT, GraphML or JSON) and `tables`
prints Markdown (`--format md`; `csv` and `json` too).

## File input

`graph file` and `metrics file` read a graph from `--path` (`-` reads standard input): an edge
list, GraphML or NetworkX node-link JSON (docs/api.md, the `io` readers); `metrics ...
--throughput file:PATH` reads a traffic matrix. Lines end with LF, CRLF or a lone CR (old Mac OS
files). Three limits hold for every file, each refused with exit status 2 and one line naming the
file and, where it applies, the line:

- size: at most 4 GiB and the memory limit (`SHIFTFLY_MEMORY_LIMIT`, else the memory available and
  `ulimit -v`). Standard input, pipes and devices (`/dev/zero`, an endless pipe) are read in chunks
  and refused as soon as they pass it; binary input (a NUL byte, bytes that are not UTF-8) is
  refused at its first chunk;
- depth: GraphML elements and JSON arrays and objects nested deeper than 256 levels;
- memory: the parse's peak, estimated before parsing from measured factors (GraphML 100 bytes a
  byte of text, node-link JSON 16, edge lists 4 a byte, plus 160 a vertex name as the names
  grow; docs/hardening.md gives the measurements).

GraphML written by yEd is read as NetworkX reads it: a key without `attr.type` is a string key,
a node is named by its `y:NodeLabel` when every node has a distinct one, and group nodes (nested
graphs) are read flattened. A `<hyperedge>`, a file of several graphs and a `<locator>` are
refused rather than dropped. In node-link JSON the string id `"0"` and the integer id `0` are two
nodes; when a file has both, string ids are shown with their quotes.

## JSON output

With `--format json` every command prints one JSON object, the envelope:

| field | type | content |
|---|---|---|
| `tool` | string | `shiftfly` or `halley` |
| `version` | string | the tool's version (`--version`; one place in the source, `core/version.hpp`) |
| `command` | string | the tool and the subcommand path, separated by spaces (`shiftfly metrics kautz`) |
| `parameters` | object | every option of the command that shapes the result (below) |
| `result` | object | the command's result; its fields are the command's own |

`parameters` holds every option of the command (and of the commands above it) that shapes the
result: as the user gave it, or its default, or `null` when it has neither. Keys are the flags without
their dashes, inner dashes turned into underscores (`--sample-seed` becomes `sample_seed`). Values are
typed: a plain decimal integer is a number, exact from -2^63 to 2^64 - 1 (`--traffic-seed
18446744073709551615` is echoed as `18446744073709551615`, never rounded through a double), a
comma-separated list of them an array, a real a number, a switch `true` or `false`, anything else the
text given. Options that only say how to run or print
are left out: {execution_options}. The result does not depend on them, and a run's output is the same at any
thread count.

Every result says how its figures were obtained, and a figure obtained differently says so
itself: `method` is one of `exact`, `sampled`, `estimated` or `closed form` (or `not computed`,
with a `why`, when a figure was skipped), and `algorithm` names the algorithm. A table of `tables
--format json` states its method in its `method` field. A sampled diameter is a lower bound (`diameter_is`).

`--pretty` indents the object by two spaces; without it the object is one line. A graph export
(`shiftfly graph --format json`) places the graph's own JSON, as its writer wrote it, in `result`.

Example:

{envelope}"""


def execution_options(root):
    """The options the envelope leaves out of `parameters`, read from is_execution_option()
    in tools/common/envelope.hpp so that the page follows the code."""
    with open(os.path.join(root, "tools", "common", "envelope.hpp"), encoding="utf-8") as f:
        source = f.read()
    match = re.search(r"bool is_execution_option\([^)]*\)\s*\{[^{]*\{([^}]*)\}", source)
    names = re.findall(r'"(--[a-z-]+)"', match.group(1)) if match else []
    if not names:
        raise Failure("no option list in is_execution_option() of tools/common/envelope.hpp")
    return ", ".join(f"`{n}`" for n in names)


def generate(bin_dir, root):
    found = []
    for tool in TOOLS:
        walk(bin_dir, root, tool, found)
    paths = [p for p, _ in found]
    examples = dict(EXAMPLES)
    for path, help_text in found:  # a command whose --help gives an example (the families') needs no entry
        if path not in examples and help_example(path, help_text) is not None:
            examples[path] = help_example(path, help_text)
    missing = [p for p in paths if p not in examples]
    if missing:
        raise Failure("no example in scripts/cli_reference.py EXAMPLES for: " + ", ".join(missing))
    stale = [p for p in EXAMPLES if p not in paths]
    if stale:
        raise Failure("EXAMPLES names commands that --help does not list: " + ", ".join(stale))

    _, bad_err = run(bin_dir, root, BAD_INPUT_EXAMPLE, expect=2)
    if len(bad_err.splitlines()) != 1:
        raise Failure(f"`{BAD_INPUT_EXAMPLE}` did not print exactly one line on stderr")
    envelope, _ = run(bin_dir, root, ENVELOPE_EXAMPLE)
    page = [INTRO.format(regenerate=REGENERATE, execution_options=execution_options(root),
                         bad_input=example_block(BAD_INPUT_EXAMPLE + "; echo $?", bad_err + "2"),
                         envelope=example_block(ENVELOPE_EXAMPLE, envelope))]

    helps = dict(found)
    for tool in TOOLS:
        page.append(f"\n## {tool}\n")
        for path in (p for p in paths if p.split()[0] == tool):
            words = path.split()
            page.append(f"\n### `{path}`\n\n")
            page.append(block(f"$ {path} --help\n{helps[path]}", "console"))
            example = examples[path]
            if example is GROUP:
                subs = subcommands(helps[path])
                if not subs:
                    raise Failure(f"`{path}` is marked GROUP but lists no subcommands")
                page.append("\nRun through its subcommands: " +
                            ", ".join(f"`{path} {s}`" for s in subs) + ".\n")
                continue
            command = tool + " " + example
            # the example must run this command: its words in order, other words between them
            rest = iter(command.split())
            if not all(any(w == x for x in rest) for w in words):
                raise Failure(f"the example for `{path}` does not run it: `{command}`")
            out, _ = run(bin_dir, root, command)
            page.append("\nExample:\n\n")
            page.append(example_block(command, out))
    text = "".join(page)
    for absolute in {root, os.path.realpath(root), bin_dir}:
        if absolute in text:
            raise Failure(f"the page would hold the absolute path {absolute}")
    return text


def main(argv):
    if len(argv) not in (2, 3):
        sys.stderr.write("usage: cli_reference.sh BIN_DIR [OUT]\n")
        return 2
    bin_dir = os.path.abspath(argv[1])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for tool in TOOLS:
        if not os.access(os.path.join(bin_dir, tool), os.X_OK):
            sys.stderr.write(f"cli_reference: {os.path.join(argv[1], tool)} is not built "
                             "(cmake --build build --target shiftfly_tool halley_tool)\n")
            return 1
    try:
        text = generate(bin_dir, root)
    except (Failure, subprocess.TimeoutExpired) as e:
        sys.stderr.write(f"cli_reference: {e}\n")
        return 1
    if len(argv) == 3:
        with open(argv[2], "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
