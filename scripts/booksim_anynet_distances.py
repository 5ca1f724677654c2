#!/usr/bin/env python3
"""Distances of an anynet file between its endpoints, as BookSim2's latency counts them.

    python3 scripts/booksim_anynet_distances.py FILE.anynet uniform|bitcomp

Reads FILE.anynet as BookSim2's AnyNet::readFile does for the files `shiftfly graph ... --format
booksim` writes (`router R node N ... router R2 [L] ...` a line, nodes numbered in file order)
and prints one line: routers, endpoints, the per-router endpoint counts ("P" when all equal,
else "MIN-MAX"), the channel latency L of the router links (one value: the script refuses mixed
ones), and, over the source-destination pairs of the traffic, the smallest and largest router
distance and the mean H (in hops). uniform: every ordered pair of endpoints, the source among
the destinations (BookSim2's uniform pattern draws the destination among all nodes); bitcomp:
endpoint s to s XOR (N - 1) (BookSim2's BitCompTrafficPattern, N a power of 2). Independent
of the library: breadth-first search on the file's own lines.
"""
import sys
from collections import deque


def main():
    path, traffic = sys.argv[1], sys.argv[2]
    adj, owner, latencies = {}, {}, set()
    with open(path) as f:
        for line in f:
            words = line.split()
            if not words:
                continue
            assert words[0] == "router", line
            r = int(words[1])
            adj.setdefault(r, set())
            i = 2
            while i < len(words):
                kind, ident = words[i], int(words[i + 1])
                i += 2
                lat = 1
                if i < len(words) and words[i] not in ("router", "node"):
                    lat = int(words[i])
                    i += 1
                if kind == "node":
                    owner[ident] = r
                else:
                    adj[r].add(ident)
                    adj.setdefault(ident, set()).add(r)
                    latencies.add(lat)
    assert len(latencies) <= 1, f"mixed router link latencies {sorted(latencies)}"
    n, nodes = len(adj), len(owner)
    assert sorted(owner) == list(range(nodes)), "nodes not numbered 0..N-1"
    counts = [0] * n
    for r in owner.values():
        counts[r] += 1
    dist = {}
    for s in set(owner.values()):
        d = {s: 0}
        q = deque([s])
        while q:
            u = q.popleft()
            for v in adj[u]:
                if v not in d:
                    d[v] = d[u] + 1
                    q.append(v)
        dist[s] = d
    if traffic == "uniform":
        routers = sorted(set(owner.values()))
        pairs = [(a, b, counts[a] * counts[b]) for a in routers for b in routers]
    elif traffic == "bitcomp":
        assert nodes & (nodes - 1) == 0, f"bitcomp needs a power of 2 nodes, not {nodes}"
        pairs = [(owner[s], owner[s ^ (nodes - 1)], 1) for s in range(nodes)]
    else:
        sys.exit(f"unknown traffic {traffic}")
    total = sum(w for _, _, w in pairs)
    h = sum(dist[a][b] * w for a, b, w in pairs) / total
    ds = [dist[a][b] for a, b, _ in pairs]
    per = str(counts[0]) if min(counts) == max(counts) else f"{min(counts)}-{max(counts)}"
    print(n, nodes, per, latencies.pop() if latencies else 1, min(ds), max(ds), f"{h:.6f}")


if __name__ == "__main__":
    main()
