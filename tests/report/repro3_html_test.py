#!/usr/bin/env python3
"""`gjkcheck repro CASE3D --html FILE` in a real browser (headless Chromium): the page loads with no network,
three.js (inline) draws both views, and nothing goes wrong.

- The page's module reads back each WebGL canvas (preserveDrawingBuffer) after the first frame and writes the count
  of pixels that are not the white background into <div id="status">; its error hooks (window error,
  unhandledrejection, console.error) write into the same element. `chromium --dump-dom` gives us the DOM after the
  page ran: each view must have drawn a good part of its canvas, with no error.
- A screenshot of the page (PNG, decoded here with zlib) must hold thousands of coloured pixels (the shapes' fills;
  the text is grey).
- Control: the same page with the render call removed and an error thrown must fail every one of these checks, so
  the checks are seen to catch a blank canvas and an error.
- The page names no external resource, and two runs write the same bytes.
- The page of epa3's penetration answer holds the exact and reported translations and normals in M's data and
  scene, and the penetration verdict in its text.
- The simplex path of vdb3 (the default strategy, which records a trace) is in the page's data, and M's scene holds
  the objects named 'simplex-path' and 'final-simplex' with as many points as that data has.

Never skips: without chromium it fails, naming scripts/bootstrap (which installs the Debian package chromium).

Usage: repro3_html_test.py GJKCHECK SOURCE_DIR
"""
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

GJKCHECK, SOURCE = sys.argv[1], sys.argv[2]
CASE = os.path.join(SOURCE, "fuzz/corpus/oracle3d/cube-third-turn-diagonal.case")
failures = []

# Chromium's flags, chosen on Debian 12's chromium 156 in a container without a GPU or a display:
# --headless                       no display;
# --no-sandbox                     the test may run as root (in containers and CI), where Chromium refuses to start
#                                  with its sandbox;
# --use-gl=angle --use-angle=swiftshader
#                                  WebGL on ANGLE over SwiftShader, the CPU renderer shipped with Chromium: the same
#                                  pixels on any machine, no GPU needed;
# --enable-unsafe-swiftshader      asked for explicitly: without it Chromium logs that its automatic fallback to
#                                  software WebGL is deprecated (and a later version may give no WebGL at all);
# --user-data-dir                  a fresh profile in the test's temporary folder, so runs do not share state;
# --virtual-time-budget=10000      --dump-dom and --screenshot wait until the page's module (three.js imported from
#                                  the inline text, the first frame, the read-back) has run, on virtual time.
FLAGS = ["--headless", "--no-sandbox", "--use-gl=angle", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
         "--virtual-time-budget=10000", "--hide-scrollbars"]


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def chromium(folder, page, *extra):
    """Starts Chromium on the page (two at once: the test takes about as long as one)."""
    profile = tempfile.mkdtemp(dir=folder)
    return subprocess.Popen([CHROMIUM, *FLAGS, "--user-data-dir=" + profile, *extra, "file://" + page],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finish(process):
    out, err = process.communicate(timeout=120)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def status_of(dom):
    match = re.search(r'<div id="status"([^>]*)>', dom)
    if not match:
        return {}
    return dict(re.findall(r'(data-[a-z-]+)="([^"]*)"', match.group(1)))


def errors_of(dom):
    match = re.search(r'<pre id="errors">(.*?)</pre>', dom, re.S)
    return match.group(1) if match else None


def page_problems(dom):
    """What is wrong with a page after it ran: empty when it drew both views and reported no error."""
    problems = []
    status = status_of(dom)
    if status.get("data-ready") != "yes":
        problems.append(f"the page did not finish drawing (status {status})")
    if status.get("data-errors") != "0" or errors_of(dom) != "":
        problems.append(f"errors in the page: {status.get('data-errors')}: {errors_of(dom)!r}")
    for view in ("world", "minkowski"):
        pixels = int(status.get(f"data-{view}-pixels", "0"))
        # Each canvas is 560 x 560 = 313,600 pixels; the shapes fill about a third of the window.
        if pixels < 20000:
            problems.append(f"the {view} view drew {pixels} non-background pixels (blank canvas?)")
    return problems


def png_pixels(path):
    """The RGB(A) rows of an 8-bit PNG, decoded with zlib (filters 0-4)."""
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    position, idat, width, height, channels = 8, b"", 0, 0, 0
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), f"PNG depth {depth} colour type {colour}"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        position += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(line)
        previous = line
    return rows, channels


def coloured_pixels(path):
    """Pixels of clear colour (a channel 40 or more apart from another): the shapes' fills and edges, not the grey
    text or the white background."""
    rows, channels = png_pixels(path)
    count = 0
    for line in rows:
        for i in range(0, len(line), channels):
            r, g, b = line[i], line[i + 1], line[i + 2]
            if max(r, g, b) - min(r, g, b) >= 40:
                count += 1
    return count


CHROMIUM = shutil.which("chromium")
if CHROMIUM is None:
    print("chromium not found: run scripts/bootstrap (it installs the Debian package chromium)")
    sys.exit(1)

started = time.monotonic()
with tempfile.TemporaryDirectory() as folder:
    page = os.path.join(folder, "case.html")
    result = subprocess.run([GJKCHECK, "repro", CASE, "--html", page], capture_output=True, text=True, timeout=120)
    if not check(result.returncode in (0, 1) and os.path.exists(page),
                 f"repro --html exited {result.returncode}: {result.stderr}"):
        print("\n".join(failures))
        sys.exit(1)
    html = open(page, encoding="utf-8").read()
    again = os.path.join(folder, "again.html")
    subprocess.run([GJKCHECK, "repro", CASE, "--html", again], capture_output=True, timeout=120)
    check(open(again, encoding="utf-8").read() == html, "two runs wrote different pages")
    check(not re.search(r"<(script|link|img|iframe)\b[^>]*\b(src|href)\s*=", html, re.I),
          "the page names an external resource")
    check("exact distance: " in html and "strategy: vdb3" in html, "the page has no text block")
    # vdb3 (the default) records a trace: its simplex path is in the scene's data and the legend.
    scene = json.loads(re.search(r'<script type="application/json" id="scene">(.*?)</script>', html, re.S).group(1))
    path, simplex = scene["minkowski"]["path"], scene["minkowski"]["simplex"]
    check(len(path) >= 2 and 1 <= len(simplex) <= 4 and all(len(p) == 3 for p in path + simplex),
          f"the page's simplex path has {len(path)} points, its final simplex {len(simplex)}")
    check("the simplex path in M's view" in html, "the legend does not name the simplex path")

    # Control: no frame drawn and an error thrown; every check must see it.
    control = os.path.join(folder, "control.html")
    broken = html.replace("renderer.render(scene, camera);", "")
    broken = broken.replace("status.setAttribute('data-ready', 'yes');",
                            "status.setAttribute('data-ready', 'yes'); console.error('control');"
                            " setTimeout(() => { throw new Error('control thrown'); });")
    check(broken != html, "the control page could not be made (the page's script changed?)")
    open(control, "w", encoding="utf-8").write(broken)

    # The page in the browser: its DOM after it ran and its screenshot, in one run; the control beside it.
    shot = os.path.join(folder, "shot.png")
    main = chromium(folder, page, "--screenshot=" + shot, "--window-size=1240,760", "--dump-dom")
    controlled = chromium(folder, control, "--dump-dom")
    run = finish(main)
    check(run.returncode == 0, f"chromium exited {run.returncode}: {run.stderr[-2000:]}")
    for problem in page_problems(run.stdout):
        check(False, problem)
    status = status_of(run.stdout)
    check(status.get("data-three-revision") == "170", f"three.js revision {status.get('data-three-revision')}")
    # The scene of M holds the objects 'simplex-path' (a point per step) and 'final-simplex' (two per edge).
    pairs = len(simplex) * (len(simplex) - 1)
    check(status.get("data-simplex-path") == str(len(path)) and status.get("data-final-simplex") == str(pairs),
          f"M's scene has a path of {status.get('data-simplex-path')} points and a final simplex of "
          f"{status.get('data-final-simplex')} (the data: {len(path)}, {pairs})")
    if check(os.path.exists(shot), f"chromium wrote no screenshot: {run.stderr[-2000:]}"):
        count = coloured_pixels(shot)
        check(count > 20000, f"the screenshot has {count} coloured pixels: the views look blank")

    run = finish(controlled)
    problems = page_problems(run.stdout)
    check(any("world view drew 0" in p for p in problems) and any("minkowski view drew 0" in p for p in problems),
          f"the blank control was not seen as blank: {problems}")
    errors = errors_of(run.stdout) or ""
    check("console.error: control" in errors and "uncaught" in errors and "control thrown" in errors,
          f"the control's errors were not caught: {errors!r}")

# The page of a penetration answer (epa3, a 3D strategy of the penetration query alone): the exact and reported
# translations and normals in M's data and scene, the penetration verdict in the text, drawn with no error.
with tempfile.TemporaryDirectory() as folder:
    page = os.path.join(folder, "penetration.html")
    overlapping = os.path.join(SOURCE, "fuzz/corpus/oracle3d/cubes-overlapping.case")
    result = subprocess.run([GJKCHECK, "repro", overlapping, "--strategy", "epa3", "--html", page],
                            capture_output=True, text=True, timeout=120)
    if check(result.returncode == 0 and os.path.exists(page), f"repro --html of epa3 exited {result.returncode}"):
        html = open(page, encoding="utf-8").read()
        scene = json.loads(re.search(r'<script type="application/json" id="scene">(.*?)</script>', html,
                                     re.S).group(1))["minkowski"]
        check(all(scene[key] is not None for key in ("exactTranslation", "exactNormal", "reportedTranslation",
                                                     "reportedNormal")), f"the penetration data: {scene}")
        check("verdict (penetration): ok" in html and "epa3, penetration</h1>" in html and "verdict: " not in html,
              "the page's text is not the penetration verdict's")
        run = finish(chromium(folder, page, "--dump-dom"))
        for problem in page_problems(run.stdout):
            check(False, "penetration page: " + problem)
        status = status_of(run.stdout)
        check(status.get("data-penetration") == "exact-penetration reported-penetration",
              f"M's scene of the penetration page holds {status.get('data-penetration')!r}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print(f"ok in {time.monotonic() - started:.1f} s")
