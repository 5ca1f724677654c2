#!/usr/bin/env python3
"""Writes the seed corpora fuzz/corpus/<name>/ (small valid and invalid inputs).

Run from anywhere: python3 fuzz/make_corpus.py. It rewrites only the seed
files it names (seed-*); files that libFuzzer added with -merge=1 stay.
Input layouts are those documented at the top of each fuzz/<name>_fuzz.cpp.
"""
import os

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")


def write(name, seeds):
    folder = os.path.join(ROOT, name)
    os.makedirs(folder, exist_ok=True)
    for old in os.listdir(folder):
        if old.startswith("seed-"):
            os.remove(os.path.join(folder, old))
    for i, (tag, data) in enumerate(seeds):
        if isinstance(data, str):
            data = data.encode()
        with open(os.path.join(folder, f"seed-{i:03d}-{tag}"), "wb") as f:
            f.write(data)


def label_seeds():
    # byte 0: family (even = Kautz, odd = de Bruijn); byte 1: d = 2 + b % 14
    # (b < 240); byte 2: D = 1 + b % 12; then the label text.
    def head(family, d, D):
        return bytes([0 if family == "kautz" else 1, d - 2, D - 1])
    s = []
    s.append(("kautz-2-3-valid", head("kautz", 2, 3) + b"0.1.2"))
    s.append(("kautz-2-3-valid2", head("kautz", 2, 3) + b"2.0.1"))
    s.append(("kautz-3-4-valid", head("kautz", 3, 4) + b"3.0.3.1"))
    s.append(("kautz-5-1-valid", head("kautz", 5, 1) + b"5"))
    s.append(("kautz-15-6-valid", head("kautz", 15, 6) + b"15.0.14.1.13.2"))
    s.append(("kautz-2-12-valid", head("kautz", 2, 12) + b"0.1.0.1.0.1.0.1.0.1.0.2"))
    s.append(("kautz-equal-neighbours", head("kautz", 2, 3) + b"0.0.1"))
    s.append(("kautz-symbol-too-big", head("kautz", 2, 3) + b"0.1.3"))
    s.append(("kautz-too-short", head("kautz", 3, 4) + b"0.1.2"))
    s.append(("kautz-too-long", head("kautz", 3, 2) + b"0.1.2"))
    s.append(("kautz-empty-symbol", head("kautz", 3, 3) + b"0..1"))
    s.append(("kautz-trailing-dot", head("kautz", 3, 3) + b"0.1."))
    s.append(("kautz-leading-dot", head("kautz", 3, 3) + b".0.1"))
    s.append(("kautz-empty", head("kautz", 3, 3)))
    s.append(("kautz-negative", head("kautz", 3, 3) + b"0.-1.2"))
    s.append(("kautz-leading-zero", head("kautz", 3, 3) + b"00.01.2"))
    s.append(("kautz-huge-symbol", head("kautz", 3, 3) + b"0.99999999999999999999999.1"))
    s.append(("kautz-comma", head("kautz", 3, 3) + b"0,1,2"))
    s.append(("kautz-space", head("kautz", 3, 3) + b"0. 1.2"))
    s.append(("kautz-newline", head("kautz", 3, 3) + b"0.1\n.2"))
    s.append(("debruijn-2-5-valid", head("de_bruijn", 2, 5) + b"0.0.1.1.0"))
    s.append(("debruijn-3-3-valid", head("de_bruijn", 3, 3) + b"2.2.2"))
    s.append(("debruijn-10-4-valid", head("de_bruijn", 10, 4) + b"9.0.9.3"))
    s.append(("debruijn-symbol-too-big", head("de_bruijn", 2, 3) + b"0.2.1"))
    s.append(("debruijn-wrong-length", head("de_bruijn", 2, 3) + b"0.1"))
    s.append(("debruijn-letters", head("de_bruijn", 4, 2) + b"a.b"))
    # large alphabets (byte 1 >= 240: d = 65534 - (b - 240); >= 248: d = 255 + (b - 248))
    s.append(("kautz-65534-2-valid", bytes([0, 240, 1]) + b"65534.0"))
    s.append(("kautz-65534-2-over", bytes([0, 240, 1]) + b"65535.0"))
    s.append(("debruijn-255-3-valid", bytes([1, 248, 2]) + b"254.0.254"))
    s.append(("kautz-65534-12-overflow", bytes([0, 240, 11]) + b"1.2"))
    return s


def list_seeds():
    # byte 0: separator (b % 8 -> , , , . x ; space :); then the text.
    s = []
    for tag, sep, text in [
        ("dims", 0, "16,16,16"), ("one", 0, "4"), ("zero", 0, "0"), ("max", 0, "18446744073709551615"),
        ("overflow", 0, "18446744073709551616"), ("huge", 0, "99999999999999999999999999"),
        ("empty-item", 0, "4,,4"), ("trailing-sep", 0, "4,4,"), ("leading-sep", 0, ",4"), ("only-sep", 0, ","),
        ("empty", 0, ""), ("negative", 0, "-4"), ("plus", 0, "+4"), ("space", 0, "4, 4"), ("real", 0, "1.5"),
        ("hex", 0, "0x10"), ("exp", 0, "1e3"), ("leading-zeros", 0, "007,08"), ("letters", 0, "ten"),
        ("newline", 0, "4\n4"), ("dots", 3, "0.1.2"), ("times", 4, "4x4x4"), ("semicolon", 5, "1;2;3"),
        ("spaces", 6, "1 2 3"), ("colons", 7, "1:2"), ("wrong-sep", 3, "1,2"), ("long", 0, ",".join(["65535"] * 20)),
        ("design", 0, "boardfly"), ("design2", 0, "shiftfly"), ("construction", 0, "imase-itoh"),
        ("construction2", 0, "kautz"), ("design-case", 0, "Boardfly"), ("construction-space", 0, "kautz "),
    ]:
        s.append((tag, bytes([sep]) + text.encode()))
    return s


def window_seeds():
    good = ["90d", "1y", "6y", "2160h", "1.5y", "0.5h", "1e-3h", "1e5d", "8760h", "1e300y", ".5d", "5.d"]
    bad = ["90", "d", "", "-5d", "0h", "0y", "1x", "abcd", "nand", "infy", "-infh", "1e999y", "1 y", " 1y",
           "1y ", "+1y", "1,5y", "0x10h", "1e-400h", "1yy", "1e308y", "1\ny", "90D"]
    return [("good-" + str(i), w) for i, w in enumerate(good)] + [("bad-" + str(i), w) for i, w in enumerate(bad)]


def demand_seeds():
    # byte 0: channels m = 1 + b % 8; byte 1: steps q = b % 13; byte 2: block = b % 4; then CSV.
    def head(m, q, block):
        return bytes([m - 1, q, block])
    s = []
    s.append(("fig6", head(4, 7, 2) + b"9,1,0,1\n1,8,1,0\n0,1,7,2\n0,0,2,6\n"))
    s.append(("worked", head(3, 5, 0) + b"1,1,1,1,1,1,3\n"))
    s.append(("one", head(1, 0, 0) + b"5"))
    s.append(("zeros", head(2, 3, 1) + b"0,0\n0,0\n"))
    s.append(("blanks", head(2, 3, 0) + b"  1 ,\t2\t\r\n3,4  \n \t\n"))
    s.append(("crlf", head(3, 4, 0) + b"1,2,3\r\n4,5,6\r\n"))
    s.append(("no-final-newline", head(2, 2, 0) + b"7,3\n2,8"))
    s.append(("blank-lines", head(2, 2, 0) + b"\n\n1,2\n\n3,4\n\n"))
    s.append(("max-demand", head(8, 12, 0) + b"1000000000000,1\n"))
    s.append(("tight", head(3, 10, 0) + b"5,5,4,4,3,3,3\n"))
    s.append(("square-5", head(5, 7, 2) + b"".join(b",".join(str((i * 7 + j * 3) % 10).encode() for j in range(5)) + b"\n" for i in range(5))))
    s.append(("big-8x8", head(8, 7, 3) + b"".join(b",".join(str((i * 13 + j * 5) % 17).encode() for j in range(8)) + b"\n" for i in range(8))))
    s.append(("wide-70", head(4, 3, 0) + b",".join(b"1" for _ in range(70)) + b"\n"))
    for tag, text in [
        ("empty", b""), ("only-blank", b"  \n\t\n"), ("ragged", b"1,2\n3\n"), ("negative", b"1,-2\n"),
        ("letter", b"1,x\n"), ("empty-item", b"1,,2\n"), ("trailing-comma", b"1,2,\n"), ("real", b"1.5,2\n"),
        ("overflow", b"99999999999999999999\n"), ("above-max", b"1000000000001\n"), ("inner-space", b"1 2,3\n"),
        ("inner-tab", b"0\t1\n"), ("semicolon", b"1;2\n"), ("cr-inside", b"1\r,2\n"), ("nul", b"1,\x002\n"),
        ("plus", b"+1,2\n"), ("hex", b"0x1,2\n"), ("cr-only", b"1,2\r3,4\r"), ("cr-only-ragged", b"1,2\r3\r"),
        ("cr-mixed", b"\r1,2\r\r\n3,4\n\r"),
    ]:
        s.append((tag, head(2, 3, 0) + text))
    return s


def edge_list_seeds():
    # byte 0: n = 1 + b % 64; byte 1: bit 0 directed; then byte pairs (u % n, v % n).
    # The whole input is also read as edge-list text (so text seeds start with two
    # bytes that are also the first characters of the text).
    s = []
    s.append(("bytes-undirected-triangle", bytes([2, 0, 0, 1, 1, 2, 2, 0])))
    s.append(("bytes-directed-loops", bytes([3, 1, 0, 0, 0, 1, 0, 1, 3, 2])))
    s.append(("bytes-isolated-tail", bytes([63, 0, 0, 1])))
    s.append(("bytes-directed-64", bytes([63, 1]) + bytes(range(0, 128))))
    s.append(("bytes-undirected-star", bytes([9, 0]) + bytes(x for i in range(1, 10) for x in (0, i))))
    s.append(("bytes-empty", b""))
    texts = [
        ("text-triangle", "0 1\n0 2\n1 2\n"), ("text-path", "0 1\n1 2\n2 3\n3 4\n"),
        ("text-no-final-newline", "0 1\n1 2"), ("text-directed-order", "0 2\n0 0\n0 2\n2 1\n2 1\n"),
        ("text-unsorted-sources", "2 1\n0 2\n2 0\n"), ("text-repeated", "0 1\n0 1\n"),
        ("text-reversed", "1 0\n"), ("text-loop", "3 3\n"), ("text-blank-line", "0 1\n\n1 2\n"),
        ("text-one-field", "0\n"), ("text-three-fields", "0 1 2\n"), ("text-two-spaces", "0  1\n"),
        ("text-tab", "0\t1\n"), ("text-crlf", "0 1\r\n"), ("text-cr-only", "0 1\r1 2\r2 0\r"), ("text-leading-zero", "01 2\n"),
        ("text-negative", "-1 2\n"), ("text-letters", "a b\n"), ("text-big-id", "0 4095\n"),
        ("text-over-limit", "0 4096\n"), ("text-u32-max", "0 4294967295\n"),
        ("text-u64-max", "0 18446744073709551615\n"), ("text-u64-over", "0 18446744073709551616\n"),
        ("text-kautz-2-2", "0 1\n0 2\n0 3\n0 5\n1 3\n1 4\n2 4\n2 5\n3 5\n"),
        ("text-kautz-2-2-arcs", "0 2\n0 3\n1 4\n1 5\n2 0\n2 1\n3 4\n3 5\n4 0\n4 1\n5 2\n5 3\n"),
        ("text-torus-3x3", "0 1\n0 2\n0 3\n0 6\n1 2\n1 4\n1 7\n2 5\n2 8\n3 4\n3 5\n3 6\n4 5\n4 7\n5 8\n6 7\n6 8\n7 8\n"),
    ]
    s += [(tag, text) for tag, text in texts]
    return s


def graph_file_seeds():
    # byte 0: bit 3 BookSim2 anynet, else bit 4 ns-3 topology.txt, else bit 0 node-link JSON, else bit 2 GraphML,
    # else an edge list; bit 1 directed; then the file's text.
    el = [
        ("names", "# c\na b\nb c {}\nc a 2.5\n"), ("count", "5\n0 1\n3 4\n"), ("count-small", "2\n0 5\n"),
        ("numbers-by-value", "30 10\n20 30\n"), ("dup-loop", "a b\nb a\na a\n"), ("tabs-crlf", "a\tb\r\n%x\n"),
        ("one-column", "a b\nc\n"), ("extra", "a b c\n"), ("dict", "0 1 {'weight': 3}\n"), ("empty", ""),
        ("binary", "a\x00b\n"), ("not-utf8", "a \xff\n"), ("leading-zero", "007 7\n"),
        ("hyperx", "r0_0 r1_0\nr0_0 r0_1\nr1_0 r1_1\nr0_1 r1_1\n"),
        ("cr-only", "0 1\r1 2\r2 0\r"), ("cr-only-count", "3\r0 1\r\r1 2\r\n"), ("cr-only-one-column", "0 1\r1\r"),
    ]
    js = [
        ("ints", '{"directed": false, "nodes": [{"id": 0}, {"id": 1}, {"id": 2}], "links": [{"source": 0, "target": 1}, {"source": 1, "target": 2}]}'),
        ("strings-edges", '{"directed": true, "multigraph": false, "graph": {}, "nodes": [{"id": "a"}, {"id": "b"}], "edges": [{"source": "a", "target": "b"}, {"source": "b", "target": "a"}, {"source": "a", "target": "a"}]}'),
        ("labels", '{"directed": true, "nodes": [{"id": 0, "label": "0.1"}, {"id": 1, "label": "1.0"}], "links": [{"source": 0, "target": 1}, {"source": 0, "target": 1}]}'),
        ("envelope", '{"tool": "shiftfly", "version": "0", "command": "c", "parameters": {}, "result": {"nodes": [{"id": 0}, {"id": 1}], "links": [{"source": 1, "target": 0}]}}'),
        ("unknown-node", '{"nodes": [{"id": 0}], "links": [{"source": 0, "target": 3}]}'),
        ("truncated", '{"nodes": [{"id": 0}, {"id'), ("number-overflow", '{"nodes": [{"id": 1e4096}], "links": []}'), ("array", "[1, 2]"), ("dup-id", '{"nodes": [{"id": 1}, {"id": "1"}], "links": []}'),
        ("typed-ids", '{"nodes": [{"id": 0}, {"id": "0"}, {"id": 1}], "links": [{"source": 0, "target": "0"}, {"source": "0", "target": 1}]}'),
        ("typed-ids-unknown", '{"nodes": [{"id": 0}, {"id": "0"}, {"id": 1}], "links": [{"source": 0, "target": "1"}]}'),
        ("quoted-string-id", '{"nodes": [{"id": 0}, {"id": "0"}, {"id": "\\"0\\""}], "links": []}'),
        ("dup-int-id", '{"nodes": [{"id": 1}, {"id": 1}], "links": []}'),
        ("deep-257", '{"nodes": [{"id": 0, "a": ' + "[" * 254 + "]" * 254 + '}], "links": []}'),
        ("deep-256", '{"nodes": [{"id": 0, "a": ' + "[" * 253 + "]" * 253 + '}], "links": []}'),
        ("deep-unclosed", '{"nodes": ' + "[" * 400),
    ]
    gm_head = '<?xml version="1.0" encoding="UTF-8"?>\n<graphml xmlns="http://graphml.graphdrawing.org/xmlns">\n'
    yed_keys = ('<key for="node" id="d6" yfiles.type="nodegraphics"/>\n'
                '<key for="edge" id="d10" yfiles.type="edgegraphics"/>\n')

    def yed_node(i, label):
        return (f'<node id="n{i}"><data key="d6"><y:ShapeNode><y:Geometry height="30.0" width="30.0" x="0.0" y="0.0"/>'
                f'<y:NodeLabel visible="true">{label}<y:LabelModel><y:SmartNodeLabelModel distance="4.0"/></y:LabelModel>'
                f'</y:NodeLabel></y:ShapeNode></data></node>\n')

    gm = [
        ("networkx", gm_head + '<graph edgedefault="undirected">\n<node id="0"/>\n<node id="1"/>\n<node id="2"/>\n'
         '<edge source="0" target="1"/>\n<edge source="1" target="2"/>\n</graph>\n</graphml>\n'),
        ("labels", gm_head + '<key id="d0" for="node" attr.name="label" attr.type="string"/>\n<graph edgedefault="directed">\n'
         '<node id="n0"><data key="d0">0.1</data></node>\n<node id="n1"><data key="d0">1.0</data></node>\n'
         '<edge source="n0" target="n1"/>\n<edge source="n0" target="n1"/>\n<edge source="n1" target="n1"/>\n</graph>\n</graphml>\n'),
        ("yed", gm_head.replace('">', '" xmlns:y="http://www.yworks.com/xml/graphml">', 1) + yed_keys +
         '<graph edgedefault="directed" id="G">\n' + yed_node(0, "rack-a") + yed_node(1, "rack-b") +
         '<edge id="e0" source="n0" target="n1"><data key="d10"><y:PolyLineEdge><y:Arrows source="none" target="standard"/>'
         '</y:PolyLineEdge></data></edge>\n</graph>\n<data key="d7"><y:Resources/></data>\n</graphml>\n'),
        ("yed-group", gm_head + yed_keys + '<graph edgedefault="directed">\n' + yed_node(0, "a") +
         '<node id="n1" yfiles.foldertype="group"><graph edgedefault="directed" id="n1:">\n'
         '<node id="n1::n0"/>\n<node id="n1::n1"/>\n<edge source="n1::n0" target="n1::n1"/>\n</graph></node>\n'
         '<edge source="n0" target="n1::n0"/>\n</graph>\n</graphml>\n'),
        ("untyped-key", gm_head + '<key id="k" for="node" attr.name="w"/>\n<graph edgedefault="undirected">'
         '<node id="a"><data key="k">x</data></node></graph></graphml>\n'),
        ("int-key-bad", gm_head + '<key id="k" for="node" attr.name="w" attr.type="int"/>\n<graph edgedefault="undirected">'
         '<node id="a"><data key="k">x</data></node></graph></graphml>\n'),
        ("undeclared-key", gm_head + '<graph edgedefault="undirected"><node id="a"><data key="q">1</data></node></graph></graphml>\n'),
        ("hyperedge", gm_head + '<graph edgedefault="undirected"><node id="a"/><node id="b"/><node id="c"/><hyperedge>'
         '<endpoint node="a"/><endpoint node="b"/><endpoint node="c"/></hyperedge></graph></graphml>\n'),
        ("two-graphs", gm_head + '<graph edgedefault="undirected"><node id="a"/></graph><graph edgedefault="undirected">'
         '<node id="b"/></graph></graphml>\n'),
        ("port", gm_head + '<graph edgedefault="undirected"><node id="a"><port name="p"/></node><node id="b"/>'
         '<edge source="a" target="b" sourceport="p"/></graph></graphml>\n'),
        ("locator", gm_head + '<graph edgedefault="undirected"><locator xlink:href="g.graphml"/></graph></graphml>\n'),
        ("mixed-nested", gm_head + '<graph edgedefault="undirected"><node id="g"><graph edgedefault="directed">'
         '<node id="x"/></graph></node></graph></graphml>\n'),
        ("unknown-node", gm_head + '<graph edgedefault="undirected"><node id="a"/><edge source="a" target="q"/></graph></graphml>\n'),
        ("truncated", gm_head + '<graph edgedefault="undirected"><node id="a"/><edge source="a" tar'),
        ("comments-cdata", gm_head + '<!-- <x> --><graph edgedefault="undirected"><![CDATA[<y>]]><?pi <z>?>'
         '<node id="a" note="x>y"/></graph></graphml>\n'),
        ("deep-257", "<graphml>" + "<a>" * 256 + "</a>" * 256 + "</graphml>\n"),
        ("deep-256", '<graphml><graph edgedefault="undirected"><node id="a">' + "<d>" * 253 + "</d>" * 253 +
         "</node></graph></graphml>\n"),
        ("deep-unclosed", "<graphml>" + "<a>" * 400),
        ("cr-only", gm_head.replace("\n", "\r") + '<graph edgedefault="undirected">\r<node id="a"/>\r</graph>\r</graphml>\r'),
        # depth hidden in a declaration: the parser ends `<!x '>` at its first `>`, quotes or not
        ("decl-quote-deep", "<graphml><!x '>" + "<a>" * 300 + "'>" + "</a>" * 300 + "</graphml>\n"),
        ("doctype-quote-deep", "<!DOCTYPE g '>\n<graphml>" + "<a>" * 300 + "'>" + "</a>" * 300 + "</graphml>\n"),
        ("doctype-subset", '<!DOCTYPE g [ <!ENTITY e "]>"> ]>\n<graphml><graph edgedefault="undirected"><node id="a"/></graph></graphml>\n'),
    ]
    s = []
    for tag, text in el:
        s.append((f"el-{tag}", bytes([0]) + text.encode("latin-1")))
        s.append((f"el-directed-{tag}", bytes([2]) + text.encode("latin-1")))
    for tag, text in js:
        s.append((f"json-{tag}", bytes([1]) + text.encode()))
        s.append((f"json-directed-{tag}", bytes([3]) + text.encode()))
    for tag, text in gm:
        s.append((f"graphml-{tag}", bytes([4]) + text.encode()))
        s.append((f"graphml-directed-{tag}", bytes([6]) + text.encode()))
    # the simulators' formats: byte 0 bit 3 BookSim2 anynet, bit 4 ns-3 topology.txt; SST anytopo is GraphML
    anynet = [
        ("pair", "router 0 node 0 node 1 router 1\nrouter 1 node 2 router 0\n"), ("latency", "router 0 router 1 15 node 0 5\n"),
        ("node-head", "node 0 router 1\nrouter 0 router 1\n"), ("node-twice", "router 0 node 0\nrouter 1 node 0\n"),
        ("gap", "router 0 router 2\n"), ("node-gap", "router 0 node 1\n"), ("bad-id", "router x\n"),
        ("dangling", "router 0 router\n"), ("self", "router 0 router 0 router 1\n"), ("comment", "// c\nrouter 0 router 1\n"),
        ("node-head-extra-router", "router 0 router 1\nnode 0 router 0\nnode 1 router 0\nnode 2 router 1\n"),
        ("cr-only", "router 0 router 1\rrouter 1 router 2\r"), ("crlf", "router 0 router 1\r\nrouter 1 node 0\r\n"),
        ("cr-after-space", "router 0 router 1 \r\n"), ("tab", "router 0\trouter 1\n"),
        ("node-latency", "router 0 node 0 2 router 1 2\n"), ("node-line-latency", "router 0 router 1\nnode 0 router 0 3\n"),
        ("dup-same-end", "router 0 router 1\n" * 5),
    ]
    ns3 = [
        ("hpcc", "4 2 3\n2 3\n0 2 100Gbps 0.001ms 0\n1 3 100Gbps 0.001ms 0\n2 3 100Gbps 0.001ms 0\n"),
        ("short", "4 2 3\n2 3\n0 2 100Gbps 0.001ms 0\n"), ("host-host", "3 1 1\n2\n0 1 1Gbps 1us 0\n"),
        ("bad-delay", "3 1 2\n2\n0 2 1Gbps 1us 0\n1 2 1Gbps soon 0\n"), ("error-rate", "2 1 1\n1\n0 1 1Gbps 1us 0.5\n"),
        ("repeated-switch", "3 2 0\n1 1\n"),
        ("no-link", "2 2 0\n0 1\n"), ("ambiguous", "3 2 0\n0 1\n"),
        ("ids-over-lines", "4 2 3\n2\n3\n0 2 100Gbps\n0.001ms 0\n1 3 100Gbps 0.001ms 0 2 3 100Gbps 0.001ms 0\n"),
        ("trailing-field", "2 1 1\n1\n0 1 1Gbps 1us 0 7\n"),
    ]
    for tag, text in anynet:
        s.append((f"booksim-{tag}", bytes([8]) + text.encode()))
    for tag, text in ns3:
        s.append((f"ns3-{tag}", bytes([16]) + text.encode()))
    sst = gm_head + ('<key id="endpoints" for="node" attr.name="endpoints" attr.type="int"/>\n<graph edgedefault="undirected">\n'
                     '<node id="0"><data key="endpoints">2</data></node>\n<node id="1"><data key="endpoints">0</data></node>\n'
                     '<edge source="0" target="1"/>\n</graph>\n</graphml>\n')
    s.append(("graphml-sst-anytopo", bytes([4]) + sst.encode()))
    s.append(("graphml-sst-no-endpoints", bytes([4]) + sst.replace('<data key="endpoints">0</data>', "").encode()))
    return s


def traffic_seeds():
    # byte 0: n = 2 + b % 11; then the traffic file's text (`s t demand` lines)
    def head(n):
        return bytes([n - 2])
    s = []
    s.append(("one-pair", head(9) + b"0 1 1\n"))
    s.append(("comments", head(8) + b"# s t demand\n1 2 3\n\n 4\t5 0.25 # x\r\n7 0 1.5e3\n"))
    s.append(("large-1e11", head(9) + b"0 1 1e11\n"))
    s.append(("large-1e13", head(9) + b"0 1 1e13\n"))
    s.append(("largest-1e308", head(9) + b"0 1 1e308\n"))
    s.append(("max-double", head(9) + b"0 1 1.7976931348623157e308\n"))
    s.append(("small-1e-200", head(9) + b"0 1 1e-200\n"))
    s.append(("small-1e-300", head(9) + b"0 1 1e-300\n"))
    s.append(("smallest-normal", head(9) + b"0 1 2.2250738585072014e-308\n"))
    s.append(("subnormal-4.9e-324", head(9) + b"0 1 4.9e-324\n"))
    s.append(("subnormal-1e-310", head(9) + b"0 1 1e-310\n"))
    s.append(("mixed-1e9-1", head(9) + b"0 1 1e9\n2 3 1\n"))
    s.append(("mixed-1e12-1", head(9) + b"0 1 1e12\n2 3 1\n"))
    s.append(("wide-1e15-1", head(9) + b"0 1 1e15\n2 3 1\n"))
    s.append(("wide-1e308-1e-300", head(9) + b"0 1 1e308\n2 3 1e-300\n"))
    s.append(("underflow", head(9) + b"".join(b"0 %d 1e308\n" % t for t in range(1, 9))))
    s.append(("all-pairs-1e305", head(6) + b"".join(b"%d %d 1e305\n" % (a, b) for a in range(6) for b in range(6) if a != b)))
    s.append(("zero", head(4) + b"0 1 0\n"))
    s.append(("inf", head(4) + b"0 1 1e999\n"))
    s.append(("repeat", head(4) + b"0 1 1\n0 1 2\n"))
    s.append(("self", head(4) + b"2 2 1\n"))
    s.append(("out-of-range", head(4) + b"0 4 1\n"))
    s.append(("two-vertices", head(2) + b"0 1 0.5\n1 0 2\n"))
    return s


if __name__ == "__main__":
    write("label", label_seeds())
    write("list", list_seeds())
    write("window", window_seeds())
    write("demand", demand_seeds())
    write("edge_list", edge_list_seeds())
    write("graph_file", graph_file_seeds())
    write("traffic", traffic_seeds())
    for name in sorted(os.listdir(ROOT)):
        print(name, len(os.listdir(os.path.join(ROOT, name))), "files")
