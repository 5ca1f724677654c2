#!/usr/bin/env python3
"""Header self-containment: every public header compiles on its own, and twice in a row.

    self_contained.py hubs  --cxx CXX --include DIR[,DIR...] --root INCLUDE_ROOT --work DIR
    self_contained.py check --cxx CXX --include DIR[,DIR...] --root INCLUDE_ROOT --work DIR HEADER...
    self_contained.py plan ...     (each header, its closure's size, and its hub)

Options: --leave-out PREFIX (headers not checked, e.g. shiftfly/mpi/ without MPI; both modes must
be given the same). Environment: SHIFTFLY_HEADER_JOBS compilers at once (2), SHIFTFLY_HEADER_TIMES=1
prints each compile's wall time.

A header H "compiles on its own" when a unit holding `#include "H"` twice compiles
(-fsyntax-only, C++20, the build's include paths): everything H uses comes from what H includes.
Compiled alone, each header parses its whole include closure again; the tables headers reach
some 180 of the library's headers, Eigen, Boost and CLP, and the 261 checks took about 760 s of
CPU. So the checks share that work through precompiled headers (clang's PCH), without changing
what a header may see:

- A few headers are hubs (chosen below from the include graph alone, so every run and every
  directory agrees). `hubs` compiles each hub on its own into a PCH, with its end-of-unit
  template instantiations (-fpch-instantiate-templates): that compile is the hub's own check.
- `check` compiles each other header H with the PCH of the largest hub in H's include closure
  loaded first. The PCH holds exactly that hub's closure, which H reaches through its own
  includes anyway, so H's body sees what it would see alone: the union of the closures of the
  headers it includes (the order of the files differs, not the set; #pragma once skips the
  hub's files when H's includes reach them again). A name H uses but does not include is as
  missing as before.
- With a hub's PCH, H's unit is compiled as a header (-x c++-header, its PCH written to
  /dev/null), not with -fsyntax-only: a header's unit leaves out the end-of-unit instantiations
  of the templates H's inline code uses, the tables' and studies' largest cost (the 187 checks
  with a PCH: 236.6 s of CPU against 271.3 s, docs/hardening.md "CI time"). Every name H writes
  is looked up as before, a template's non-dependent names included; what a header's unit does
  not check is a dependent name inside a template that H's code would instantiate (an
  unqualified call found by argument-dependent lookup at the point of instantiation). The hubs
  (with -fpch-instantiate-templates) and the headers compiled alone (-fsyntax-only) still
  perform their instantiations.
- Groups: headers that reach the same two or more hubs, none inside another's closure (the Halley
  tables reach both report/figure.hpp and tables/halley/operating_point.hpp), share a group PCH
  when the cost model says it saves more than it costs: the PCH of a unit that includes every
  header all of them reach (the maximal ones of the intersection of their closures; the group's
  own headers left out). It too holds only what each of them parses anyway: every header in it is
  in each one's closure. It is no check of its own; if it does not build, the group's headers load
  their hub's PCH instead.
- A header that fails with a PCH is compiled again alone, without one, and the message is that
  compile's: a failure is never the PCH's.

PCHs are not chained (one PCH a unit): clang 14 and 16 crash reading a chain of six
(tests/headers/tests.cmake says so where it registers the tests).
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import time

INCLUDE = re.compile(r'^\s*#\s*include\s*"(shiftfly/[^"]+)"', re.M)


def include_graph(root):
    """Each public header (shiftfly/...) with the library headers it includes directly."""
    graph = {}
    for folder, _, files in os.walk(os.path.join(root, "shiftfly")):
        for name in files:
            if name.endswith(".hpp"):
                path = os.path.join(folder, name)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                with open(path, encoding="utf-8") as f:
                    graph[rel] = INCLUDE.findall(f.read())
    return dict(sorted(graph.items()))


def closures(graph):
    """Each header's include closure within the library, itself included."""
    done = {}

    def visit(h, path):
        if h in done:
            return done[h]
        if h in path:
            raise SystemExit(f"self_contained.py: include cycle through {h}")
        s = {h}
        for x in graph.get(h, []):
            if x in graph:
                s |= visit(x, path | {h})
        done[h] = s
        return s

    for h in graph:
        visit(h, frozenset())
    return done


def choose_hubs(graph, closure):
    """Hubs by a greedy count on a cost model of the library's own headers: a check is taken to
    cost 0.7 + 0.12 n seconds, n the library headers it parses (with a PCH loaded, those of its
    closure outside the hub's); a hub's PCH costs 1.8 times its own check (it stores the
    instantiations). Measured (clang 14, 2026-12-06): 0.76 s for checks adding under 5 headers to
    their hub's, 1.5 s for 5 to 9, 2.7 s for 10 to 14; 23 s for the 183 of the tables header.
    Hubs are added, the most saving first, while one saves more than it costs; only headers in a
    folder (a component header, shiftfly/*.hpp, is included by no other). The graph alone
    decides, so every run and every directory's check agree; ties go to the name."""

    def cost(n):
        return 0.7 + 0.12 * n

    size = {h: len(c) for h, c in closure.items()}
    now = {h: cost(size[h]) for h in graph}  # each check's cost with the hubs chosen so far
    hubs = []
    reached_by = {h: [g for g in graph if h in closure[g] and g != h] for h in graph}
    while True:
        best, best_gain = None, 0.0
        for x in graph:
            if x in hubs or size[x] < 4 or "/" not in x[len("shiftfly/"):]:
                continue
            gain = now[x] - 1.8 * cost(size[x])
            for g in reached_by[x]:
                if g not in hubs:
                    gain += max(0.0, now[g] - cost(size[g] - size[x]))
            if gain > best_gain + 1e-9:
                best, best_gain = x, gain
        if best is None:
            return hubs
        hubs.append(best)
        now[best] = 1.8 * cost(size[best])
        for g in reached_by[best]:
            if g not in hubs:
                now[g] = min(now[g], cost(size[g] - size[best]))


def hub_for(header, hubs, closure):
    """The hub whose PCH a header's check loads: the largest in its closure, itself excluded."""
    candidates = [x for x in hubs if x != header and x in closure[header]]
    if not candidates:
        return None
    return max(candidates, key=lambda x: (len(closure[x]), x))


def choose_groups(graph, closure, hubs):
    """Group PCHs, on the cost model of choose_hubs: the headers (no hub, no component header) whose
    maximal hubs (the hubs in a header's closure, less those inside another's) are the same two or
    more form a group; a group is kept when its headers' checks would save more, parsing only what
    the common part leaves them, than 1.8 times the check of the common part costs (its PCH).
    Measured (clang 14, 2026-12-06): the eleven Halley tables headers 2.7-3.0 s each with
    operating_point.hpp's PCH, 0.3-0.8 s with their group's, whose PCH takes 7.3 s; the groups the
    model leaves out saved less than their PCH took. Returns [(name, [members], [headers])]."""

    def cost(n):
        return 0.7 + 0.12 * n

    by_hubs = {}
    for h in graph:
        if h in hubs or "/" not in h[len("shiftfly/"):]:
            continue
        reached = [x for x in hubs if x != h and x in closure[h]]
        maximal = frozenset(x for x in reached if not any(y != x and x in closure[y] for y in reached))
        if len(maximal) >= 2:
            by_hubs.setdefault(maximal, []).append(h)
    groups = []
    for maximal, headers in sorted(by_hubs.items(), key=lambda kv: sorted(kv[1])):
        if len(headers) < 2:
            continue
        common = set.intersection(*(set(closure[h]) for h in headers)) - set(headers)
        members = sorted(x for x in common if not any(y != x and x in closure[y] for y in common))
        covered = set().union(*(closure[x] for x in members))
        hub_covered = {h: len(closure[hub_for(h, hubs, closure)]) for h in headers}
        saving = sum(cost(len(closure[h]) - hub_covered[h]) - cost(len(closure[h]) - len(covered)) for h in headers)
        if saving > 1.8 * cost(len(covered)):
            groups.append(("group_" + unit_name(sorted(headers)[0]), members, sorted(headers)))
    return groups


def flags(args):
    out = ["-std=c++20"]
    for d in args.include.split(","):
        if d:
            out.append("-I" + d)
    return out


def unit_name(header):
    return re.sub(r"[^A-Za-z0-9]", "_", header)


def write_if_changed(path, text):
    """Writes `text` to `path` unless it holds it already (its time then stays as it was)."""
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return path
    except OSError:
        pass
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path


def write_unit(work, header, suffix):
    return write_if_changed(os.path.join(work, unit_name(header) + suffix), f'#include "{header}"\n#include "{header}"\n')


def pch_path(work, hub):
    """A hub's PCH (a group's: its name is already a file name)."""
    return os.path.join(work, "hubs", (hub if hub.startswith("group_") else unit_name(hub)) + ".pch")


def run(command, label):
    start = time.monotonic()
    p = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if os.environ.get("SHIFTFLY_HEADER_TIMES"):
        print(f"{time.monotonic() - start:.2f} s: {label}", flush=True)
    return p.returncode, p.stderr


def alone(args, header):
    """A header compiled on its own, no PCH: the plain check, and the message of a failure."""
    src = write_unit(args.work, header, ".cpp")
    return run([args.cxx] + flags(args) + ["-fsyntax-only", src], f"{header} alone")


def jobs():
    return max(1, int(os.environ.get("SHIFTFLY_HEADER_JOBS", "2")))


def build_hub(args, hub):
    os.makedirs(os.path.join(args.work, "hubs"), exist_ok=True)
    src = write_unit(os.path.join(args.work, "hubs"), hub, ".hpp")
    out = pch_path(args.work, hub)
    rc, err = run([args.cxx] + flags(args) + ["-x", "c++-header", "-fpch-instantiate-templates", src, "-o", out],
                  f"{hub} into its PCH")
    if rc != 0:
        if os.path.exists(out):
            os.remove(out)
        rc, err = alone(args, hub)
    return hub, rc, err


def build_group(args, group):
    """A group's PCH; not a check: a failure removes it (its headers then load their hub's)."""
    name, members, _ = group
    os.makedirs(os.path.join(args.work, "hubs"), exist_ok=True)
    path = write_if_changed(os.path.join(args.work, "hubs", name + ".hpp"), "".join(f'#include "{m}"\n' for m in members))
    out = pch_path(args.work, name)
    rc, err = run([args.cxx] + flags(args) + ["-x", "c++-header", "-fpch-instantiate-templates", path, "-o", out],
                  f"{name} ({len(members)} headers) into its PCH")
    if rc != 0 and os.path.exists(out):
        os.remove(out)
    return name, 0, ""


def check_header(args, header, hub, group=None):
    if group is not None and os.path.exists(pch_path(args.work, group)):
        hub = group
    if hub is None:
        rc, err = alone(args, header)
        return header, rc, err
    src = write_unit(args.work, header, ".cpp")
    # compiled as a header (its PCH written to /dev/null): module docstring, "With a hub's PCH"
    rc, err = run([args.cxx] + flags(args) + ["-include-pch", pch_path(args.work, hub), "-x", "c++-header", "-o", os.devnull, src],
                  f"{header} with {hub}")
    if rc != 0:
        rc, err = alone(args, header)
    return header, rc, err


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("mode", choices=["hubs", "check", "plan"])
    p.add_argument("headers", nargs="*")
    p.add_argument("--cxx", required=True)
    p.add_argument("--include", required=True)
    p.add_argument("--root", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--leave-out", action="append", default=[], metavar="PREFIX",
                   help="headers under this prefix are not checked and are no hub (shiftfly/mpi/ without MPI)")
    args = p.parse_intermixed_args()
    os.makedirs(args.work, exist_ok=True)
    graph = {h: x for h, x in include_graph(args.root).items() if not any(h.startswith(p) for p in args.leave_out)}
    closure = closures(graph)
    hubs = choose_hubs(graph, closure)
    groups = choose_groups(graph, closure, hubs)
    group_of = {h: name for name, _, headers in groups for h in headers}
    if args.mode == "plan":
        for h in graph:
            role = "hub" if h in hubs else f"with {group_of.get(h) or hub_for(h, hubs, closure)}"
            print(f"{h} {len(closure[h])} {role}")
        for name, members, headers in groups:
            print(f"{name}: {', '.join(members)} (for {len(headers)} headers)")
        return 0
    failed = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs()) as pool:
        if args.mode == "hubs":
            work = [pool.submit(build_hub, args, h) for h in sorted(hubs, key=lambda x: (-len(closure[x]), x))]
            work += [pool.submit(build_group, args, g) for g in groups]
        else:
            unknown = [h for h in args.headers if h not in graph]
            if unknown:
                print(f"self_contained.py: not a public header under {args.root}: {', '.join(unknown)}", file=sys.stderr)
                return 2
            mine = [h for h in args.headers if h not in hubs]
            for h in args.headers:
                if h in hubs:
                    print(f"{h}: a hub, compiled on its own by headers/hubs")
            work = [pool.submit(check_header, args, h, hub_for(h, hubs, closure), group_of.get(h)) for h in mine]
        for w in work:
            header, rc, err = w.result()
            if rc != 0:
                failed.append(header)
                print(f"{header} does not compile on its own:\n{err}", file=sys.stderr)
    if failed:
        print(f"headers that do not compile on their own: {', '.join(failed)}", file=sys.stderr)
        return 1
    if args.mode == "hubs":
        built = sum(os.path.exists(pch_path(args.work, name)) for name, _, _ in groups)
        print(f"{len(hubs)} hubs, each compiled on its own into a PCH: every one compiles on its own; "
              f"{built} of {len(groups)} group PCHs built")
    else:
        print(f"{len(work)} headers, each in its own unit: every one compiles on its own")
    return 0


if __name__ == "__main__":
    sys.exit(main())
