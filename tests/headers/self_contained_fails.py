#!/usr/bin/env python3
"""The header check must fail where a header leans on what it does not include, hubs and PCHs
notwithstanding (tests/headers/self_contained.py). Run by ctest headers/self_contained_fails:

    self_contained_fails.py CXX WORK

On a small tree written into WORK: a chain of headers that becomes a hub, and beside it
- good.hpp, which reaches the hub and uses only what its includes give it: passes;
- leans.hpp, which reaches the hub and uses std::map, which only another hub (not in its
  closure) includes: fails, and the message names it and the missing name;
- twelve headers that reach both hubs, a group with a group PCH, one of them also including
  sets.hpp (<set>), and leans_group.hpp, in the group, which uses std::set: fails (the group PCH
  holds what every header of the group reaches, not what one of them does);
- a hub that uses std::deque without <deque>: `hubs` fails and names it.
"""
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def write(root, rel, text):
    path = os.path.join(root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("#pragma once\n" + text)


def tree(root, broken_hub=None):
    shutil.rmtree(root, ignore_errors=True)
    # a chain c0 <- c1 <- ... <- c5 that many headers reach: a hub by the cost model
    write(root, "shiftfly/core/c0.hpp", "#include <vector>\nnamespace t { inline std::vector<int> c0() { return {0}; } }\n")
    for i in range(1, 6):
        body = f"inline int c{i}() {{ return static_cast<int>(c{i - 1}(){'.size()' if i == 1 else ''}) + 1; }}"
        if broken_hub == f"shiftfly/core/c{i}.hpp":
            body += "\ninline std::size_t d5() { std::deque<int> d; return d.size(); }"
        write(root, f"shiftfly/core/c{i}.hpp", f'#include "shiftfly/core/c{i - 1}.hpp"\nnamespace t {{ {body} }}\n')
    # another chain that includes <map>, also reached by many: a second hub, not in leans.hpp's closure
    write(root, "shiftfly/maps/m0.hpp", "#include <map>\nnamespace t { inline std::map<int, int> m0() { return {{0, 0}}; } }\n")
    for i in range(1, 10):  # longer than the first: its hub is the larger, the one a wrong choice would take
        write(root, f"shiftfly/maps/m{i}.hpp", f'#include "shiftfly/maps/m{i - 1}.hpp"\nnamespace t {{ inline int m{i}() {{ return static_cast<int>(m{i - 1}(){".size()" if i == 1 else ""}) + 1; }} }}\n')
    write(root, "shiftfly/extra/sets.hpp", "#include <set>\nnamespace t { inline std::set<int> s0() { return {0}; } }\n")
    for i in range(12):
        extra = '#include "shiftfly/extra/sets.hpp"\n' if i == 0 else ""
        write(root, f"shiftfly/users/u{i}.hpp", f'#include "shiftfly/core/c5.hpp"\n#include "shiftfly/maps/m9.hpp"\n{extra}namespace t {{ inline int u{i}() {{ return c5() + m9(); }} }}\n')
    write(root, "shiftfly/leaf/leans_group.hpp", '#include "shiftfly/core/c5.hpp"\n#include "shiftfly/maps/m9.hpp"\nnamespace t { inline int leans_group() { std::set<int> s; return c5() + m9() + static_cast<int>(s.size()); } }\n')
    write(root, "shiftfly/leaf/good.hpp", '#include <cstddef>\n#include "shiftfly/core/c5.hpp"\nnamespace t { inline std::size_t good() { return c0().size() + c5(); } }\n')
    write(root, "shiftfly/leaf/leans.hpp", '#include "shiftfly/core/c5.hpp"\nnamespace t { inline int leans() { std::map<int, int> m; return c5() + static_cast<int>(m.size()); } }\n')


def main():
    cxx, work = sys.argv[1], sys.argv[2]
    script = os.path.join(HERE, "self_contained.py")
    failures = []

    def run(root, *args):
        cmd = [sys.executable, script, *args, "--cxx", cxx, "--include", root, "--root", root, "--work", os.path.join(work, "units")]
        return subprocess.run(cmd, capture_output=True, text=True)

    root = os.path.join(work, "fine")
    tree(root)
    plan = run(root, "plan").stdout.splitlines()
    hubs = [line.split()[0] for line in plan if line.endswith(" hub")]
    role = {line.split()[0]: line.split(" ", 2)[2] for line in plan}
    if not any(h.startswith("shiftfly/core/") for h in hubs) or not any(h.startswith("shiftfly/maps/") for h in hubs):
        failures.append(f"the two chains do not both hold a hub: {hubs}")
    if not role.get("shiftfly/leaf/leans.hpp", "").startswith("with shiftfly/core/"):
        failures.append(f"leans.hpp is not checked with the hub it reaches: {role.get('shiftfly/leaf/leans.hpp')}")
    r = run(root, "hubs")
    if r.returncode != 0:
        failures.append(f"hubs failed on a sound tree:\n{r.stdout}{r.stderr}")
    r = run(root, "check", "shiftfly/leaf/good.hpp")
    if r.returncode != 0:
        failures.append(f"good.hpp failed:\n{r.stdout}{r.stderr}")
    r = run(root, "check", "shiftfly/leaf/good.hpp", "shiftfly/leaf/leans.hpp")
    if r.returncode == 0 or "shiftfly/leaf/leans.hpp does not compile on its own" not in r.stderr or "map" not in r.stderr:
        failures.append(f"leans.hpp passed, or its failure does not say why:\n{r.stdout}{r.stderr}")
    if "shiftfly/leaf/good.hpp does not compile" in r.stderr:
        failures.append("good.hpp was named beside leans.hpp")
    group = role.get("shiftfly/leaf/leans_group.hpp", "")
    if not group.startswith("with group_") or role.get("shiftfly/users/u1.hpp") != group:
        failures.append(f"the headers reaching both hubs do not share a group PCH: {group}, {role.get('shiftfly/users/u1.hpp')}")
    r = run(root, "check", "shiftfly/users/u0.hpp", "shiftfly/users/u1.hpp")
    if r.returncode != 0:
        failures.append(f"the group's headers failed:\n{r.stdout}{r.stderr}")
    r = run(root, "check", "shiftfly/users/u1.hpp", "shiftfly/leaf/leans_group.hpp")
    if r.returncode == 0 or "shiftfly/leaf/leans_group.hpp does not compile on its own" not in r.stderr or "set" not in r.stderr:
        failures.append(f"leans_group.hpp passed, or its failure does not say why:\n{r.stdout}{r.stderr}")

    root = os.path.join(work, "broken")
    broken = ([h for h in hubs if h.startswith("shiftfly/core/")] + ["shiftfly/core/c5.hpp"])[0]
    tree(root, broken_hub=broken)
    r = run(root, "hubs")
    if r.returncode == 0 or f"{broken} does not compile on its own" not in r.stderr or "deque" not in r.stderr:
        failures.append(f"a hub that uses std::deque without <deque> passed, or the message does not say so:\n{r.stdout}{r.stderr}")

    for f in failures:
        print(f, file=sys.stderr)
    if not failures:
        print("the header check passes a sound tree and names the header that leans on another's include, hub, group or not")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
