#!/usr/bin/env python3
"""A browser draws the HTML report: headless Chromium renders a `tables --out` directory's index.html.

Usage: python3 tests/tables/check_html_render.py CHROMIUM DIR WORK [--screenshots TOP.png FIGURE.png]

Chromium loads a copy of DIR/index.html (in WORK) to which a script is appended
that records the page's layout (page height, the boxes of the first table and
the first figure) in a <pre> element; --dump-dom prints the resulting DOM. The
test checks the DOM's <table> and <svg> counts against the run's manifest.json,
the page height against a floor, and then, on a screenshot of the page's top
(taken at the same time, at half scale to keep the test short; PNG decoded here
with zlib and struct), that the first table's and the first figure's boxes are
drawn (enough pixels that are not background). With --screenshots it also writes
the two images the README shows, at full scale: the top of the page, and the
first figure with its caption (cropped, PNG).
"""
import json
import os
import re
import struct
import subprocess
import sys
import zlib

WIDTH = 1200
SHOT_HEIGHT = 3000      # CSS pixels of the screenshot: the first table and figure must lie within
MIN_PAGE_HEIGHT = 3000  # CSS pixels; the paper profile's report is several screens long
MIN_INK = 0.01          # fraction of a region's pixels that are not near-white

LAYOUT_SCRIPT = """<pre id="layout-probe" hidden></pre><script>
(function(){function box(e){if(!e)return null;var r=e.getBoundingClientRect();
return [Math.round(r.left+scrollX),Math.round(r.top+scrollY),Math.round(r.width),Math.round(r.height)];}
document.getElementById('layout-probe').textContent=JSON.stringify({height:document.documentElement.scrollHeight,
table:box(document.querySelector('main table')),figure:box(document.querySelector('main figure svg')),
whole_figure:box(document.querySelector('main figure')),
header:box(document.querySelector('header'))});})();
</script>
"""


def chromium(binary, profile, scale, args):
    """Starts Chromium (headless, its own profile directory); returns the process."""
    base = [binary, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
            "--disable-extensions", "--mute-audio", f"--force-device-scale-factor={scale}",
            f"--user-data-dir={os.path.join(WORK, profile)}"]
    return subprocess.Popen(base + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def read_png(path):
    """Width, height and rows of RGB(A) bytes of an 8-bit, non-interlaced PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path} is not a PNG")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat.append(chunk)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError(f"{path}: unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    rows, prev = [], bytes(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif kind == 2:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif kind == 3:
            for i in range(stride):
                line[i] = (line[i] + ((line[i - bpp] if i >= bpp else 0) + prev[i]) // 2) & 255
        elif kind == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows


def ink(png, box):
    """The fraction of pixels in box (x, y, w, h) darker than near-white."""
    width, height, bpp, rows = png
    x, y, w, h = box
    x0, x1, y0, y1 = max(0, x), min(width, x + w), max(0, y), min(height, y + h)
    total = dark = 0
    for r in range(y0, y1, 2):
        row = rows[r]
        for c in range(x0, x1, 2):
            i = c * bpp
            total += 1
            dark += row[i] + row[i + 1] + row[i + 2] < 3 * 235
    return dark / total if total else 0.0


def write_png(path, png, box):
    """Writes the pixels of box (x, y, w, h) as an RGB PNG (filter 0)."""
    width, height, bpp, rows = png
    x, y, w, h = box
    w, h = min(w, width - x), min(h, height - y)
    raw = bytearray()
    for r in range(y, y + h):
        raw.append(0)
        row = rows[r]
        for c in range(x, x + w):
            raw += row[c * bpp:c * bpp + 3]

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xffffffff)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def main(argv):
    global WORK
    if len(argv) not in (4, 7) or (len(argv) == 7 and argv[4] != "--screenshots"):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    binary, directory, WORK = argv[1], argv[2], os.path.abspath(argv[3])
    os.makedirs(WORK, exist_ok=True)
    errors = []
    with open(os.path.join(directory, "manifest.json"), encoding="utf-8") as f:
        files = json.load(f)["result"]["files"]
    n_tables = sum(n.endswith(".md") for n in files)
    n_figures = sum(n.endswith(".svg") for n in files)
    with open(os.path.join(directory, "index.html"), encoding="utf-8") as f:
        page = f.read()
    probe = os.path.join(WORK, "probe.html")
    with open(probe, "w", encoding="utf-8") as f:
        f.write(page.replace("</body>", LAYOUT_SCRIPT + "</body>"))
    url = "file://" + probe

    shot = os.path.join(WORK, "page.png")
    if os.path.exists(shot):
        os.remove(shot)
    full = len(argv) == 7
    dom_run = chromium(binary, "dom", 1, [f"--window-size={WIDTH},900", "--dump-dom", url])
    shot_run = chromium(binary, "shot", 1 if full else 0.5, [f"--window-size={WIDTH},{SHOT_HEIGHT}", f"--screenshot={shot}", url])
    dom_out, dom_err = dom_run.communicate(timeout=90)
    _, shot_err = shot_run.communicate(timeout=90)
    if dom_run.returncode != 0 or "<html" not in dom_out:
        print(f"chromium --dump-dom failed ({dom_run.returncode}): {dom_err[-400:]}", file=sys.stderr)
        return 1
    if shot_run.returncode != 0 or not os.path.exists(shot):
        print(f"chromium --screenshot failed ({shot_run.returncode}): {shot_err[-400:]}", file=sys.stderr)
        return 1
    tables, svgs = len(re.findall(r"<table\b", dom_out)), len(re.findall(r"<svg\b", dom_out))
    if tables != n_tables:
        errors.append(f"DOM: {tables} <table> elements, the run has {n_tables} tables")
    if svgs != n_figures:
        errors.append(f"DOM: {svgs} <svg> elements, the run has {n_figures} figures")
    m = re.search(r'<pre id="layout-probe" hidden="">(.*?)</pre>', dom_out, re.S)
    if not m:
        print("DOM: the layout probe did not run", file=sys.stderr)
        return 1
    layout = json.loads(m.group(1))
    if layout["height"] < MIN_PAGE_HEIGHT:
        errors.append(f"page height {layout['height']} px, expected at least {MIN_PAGE_HEIGHT}")
    if not layout["table"] or not layout["figure"]:
        errors.append(f"no table or no figure laid out: {layout}")
        print("\n".join(errors), file=sys.stderr)
        return 1

    bottom = max(layout["table"][1] + layout["table"][3], layout["figure"][1] + layout["figure"][3])
    if bottom > SHOT_HEIGHT:
        errors.append(f"the first table or figure ends at {bottom} px, below the screenshot ({SHOT_HEIGHT} px)")
    png = read_png(shot)
    scale = png[0] / WIDTH
    for name in ("table", "figure"):
        share = ink(png, [round(v * scale) for v in layout[name]])
        if share < MIN_INK:
            errors.append(f"the first {name}'s box {layout[name]} is blank ({share:.4f} of its pixels drawn)")
        print(f"{name} box {layout[name]}: {share:.3f} of its pixels drawn")
    print(f"page height {layout['height']} px; {tables} tables, {svgs} figures in the DOM")
    if full:
        write_png(argv[5], png, (0, 0, WIDTH, 760))
        fx, fy, fw, fh = layout["whole_figure"]
        write_png(argv[6], png, (max(0, fx - 10), max(0, fy - 10), fw + 20, fh + 20))
    for e in errors:
        print(e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
