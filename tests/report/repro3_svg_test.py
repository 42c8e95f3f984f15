#!/usr/bin/env python3
"""`gjkcheck repro CASE3D --svg FILE` (report/case_picture3.cpp) on 3D cases of fuzz/corpus/oracle3d from 2^-140
to 2^100: the picture is well-formed XML with every number finite and inside the document, the five panels are
there and each world panel's shapes span a good part of it at every scale, the exact closest points and the
reported witness points land where they should, the text says the oracle's distance and the strategy, the bytes
are the same twice, and the side-by-side text lists every 3D strategy. A traced strategy's (vdb3, jolt-gjk, robust3) trace is
printed with z and its simplex path drawn in M's panel: one point per step with a simplex, the final simplex's
edges, and the path ending at the exact closest point q where the answer is right.

Usage: repro3_svg_test.py GJKCHECK SOURCE_DIR
"""
import atexit
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

GJKCHECK, SOURCE = sys.argv[1], sys.argv[2]
CORPUS = os.path.join(SOURCE, "fuzz/corpus/oracle3d")
SVG = "{http://www.w3.org/2000/svg}"
STRATEGIES3 = ["vdb3", "opengjk", "opengjk-f32", "jolt-gjk", "coal-gjk", "coal-nesterov", "robust3"]
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def run(*arguments):
    return subprocess.run([GJKCHECK, *arguments], capture_output=True, text=True, timeout=120)


def oracle_distance(case):
    out = run("oracle", case).stdout
    match = re.search(r"^\s*distance\s+(\S+)", out, re.M)
    return match.group(1) if match else None


def numbers_of(element):
    values = []
    for name, value in element.attrib.items():
        if name in ("x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "width", "height", "r"):
            values.append(float(value))
        elif name == "points":
            values += [float(v) for v in re.split(r"[ ,]+", value.strip()) if v]
        elif name == "d":
            values += [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", value)]
    return values


def panel(root, panel_id):
    for group in root.iter(SVG + "g"):
        if group.get("id") == panel_id:
            return group
    return None


SHAPE_COLOURS = ("#6a51a3", "#e6550d", "#636363")


def shape_extent(group):
    """The width and height, in user units, of what a panel draws of the shapes: hull edges, and the dot of a
    shape that is one point."""
    xs, ys = [], []
    for line in group.iter(SVG + "line"):
        if line.get("stroke") in SHAPE_COLOURS:
            xs += [float(line.get("x1")), float(line.get("x2"))]
            ys += [float(line.get("y1")), float(line.get("y2"))]
    for dot in group.iter(SVG + "circle"):
        if dot.get("fill") in SHAPE_COLOURS:
            xs.append(float(dot.get("cx")))
            ys.append(float(dot.get("cy")))
    for outline in rounded_outlines(group).values():
        for x0, y0, x1, y1 in [outline]:
            xs += [x0, x1]
            ys += [y0, y1]
    if not xs:
        return 0, 0
    return max(xs) - min(xs), max(ys) - min(ys)


def path_box(d):
    """(min x, min y, max x, max y) of a path of M, L and A commands: its end points, and each arc's end points grown
    by the arc's radius (an arc stays within its radius of its end points; the box may be larger than the path by
    at most that)."""
    xs, ys = [], []
    for command, arguments in re.findall(r"([MLAZ])([^MLAZ]*)", d):
        numbers = [float(v) for v in arguments.split()]
        if command in "ML":
            xs.append(numbers[0])
            ys.append(numbers[1])
        elif command == "A":
            r, x, y = numbers[0], numbers[5], numbers[6]
            xs += [x - r, x + r]
            ys += [y - r, y + r]
    return min(xs), min(ys), max(xs), max(ys)


def rounded_outlines(group):
    """{stroke colour: box} of the rounded outlines of a panel (path_box)."""
    return {path.get("stroke"): path_box(path.get("d")) for path in group.iter(SVG + "path")
            if path.get("class") == "rounded"}


def markers(group, colour, tag):
    """Centres of a panel's markers: exact closest points (circles) or reported points (the crosses' paths)."""
    centres = []
    for element in group.iter(SVG + tag):
        if element.get("stroke") != colour:
            continue
        if tag == "circle":
            centres.append((float(element.get("cx")), float(element.get("cy"))))
        else:
            v = [float(x) for x in re.findall(r"-?\d+(?:\.\d+)?", element.get("d"))]
            centres.append(((v[0] + v[2]) / 2, (v[1] + v[3]) / 2))
    return centres


# The centre of M's panel in report/case_picture3.cpp: panels of 370 in three columns 25 apart from x = 20, the
# second row's top at 78 + 370 + 40.
MINKOWSKI_CENTRE = (20 + 370 + 25 + 185, 78 + 370 + 40 + 185)


def picture(case, *options):
    with tempfile.TemporaryDirectory() as folder:
        out = os.path.join(folder, "case.svg")
        result = run("repro", case, "--svg", out, *options)
        text = open(out, encoding="utf-8").read() if os.path.exists(out) else None
        return result, text


# name: the exact closest pair of the cores is unique and opengjk's witness points must sit on it in every world view
# (otherwise a closest pair is one of many, or the witness points are on the rounded surfaces: only counted).
CASES = {
    "cube-third-turn-diagonal": False,  # parallel edges: a segment of closest pairs
    "cubes-apart-along-x": False,
    "cubes-huge": False,
    "cubes-tiny-subnormal": False,
    "wide-exponents": False,
    "capsules-skew": False,
    "segment-above-triangle": False,
    "point-point-apart": True,
    "sphere-in-cube": False,
    "cubes-overlapping": False,
    "grid-64-separated": False,
}
# And one made here: cubes of side 2^-30 a gap of 2^-30 apart, both placed at 2^60 in every coordinate. Their world
# coordinates need 90 bits: a picture that rounded them to doubles before subtracting the panel's centre would draw
# one point; exact subtraction draws them like unit cubes.
FAR_TINY = "gjk-case 1\ndimension 3\nmeta.story cubes of side 2^-30, 2^-30 apart along x, at 2^60\n"
for shape, xs in (("a", ("0", "0x1p-30")), ("b", ("0x1p-29", "0x1.8p-29"))):
    FAR_TINY += f"{shape}.position 0x1p+60 0x1p+60 0x1p+60\n"
    FAR_TINY += "".join(f"{shape}.vertex {x} {y} {z}\n" for x in xs for y in ("0", "0x1p-30") for z in ("0", "0x1p-30"))
far_folder = tempfile.mkdtemp()
atexit.register(shutil.rmtree, far_folder)
with open(os.path.join(far_folder, "far-tiny.case"), "w") as out:
    out.write(FAR_TINY)
CASES["far-tiny"] = False

for name, compare_witness in CASES.items():
    case = os.path.join(CORPUS if name != "far-tiny" else far_folder, name + ".case")
    result, text = picture(case, "--strategy", "opengjk")
    if not check(result.returncode in (0, 1) and text is not None,
                 f"{name}: repro --svg exited {result.returncode}: {result.stderr}"):
        continue
    again = picture(case, "--strategy", "opengjk")[1]
    check(text == again, f"{name}: two runs gave different bytes")
    for strategy in STRATEGIES3:
        check(re.search(r"^" + re.escape(strategy) + r"\s", result.stdout, re.M),
              f"{name}: the side-by-side text has no row for {strategy}")
    check("exact answer (oracle)" in result.stdout, f"{name}: no exact answer in the text")
    check("trace of opengjk" in result.stdout and "this strategy records no trace" in result.stdout,
          f"{name}: no word that opengjk records no trace")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        check(False, f"{name}: not well-formed XML: {error}")
        continue
    width, height = float(root.get("width", 0) or 0), float(root.get("height", 0) or 0)
    view = [float(v) for v in root.get("viewBox").split()]
    for element in root.iter():
        for value in numbers_of(element):
            if not check(-2000 <= value <= 2 * max(view[2], view[3]), f"{name}: number {value} far outside the "
                         f"document in <{element.tag}>"):
                break
    all_text = " ".join(t.text or "" for t in root.iter(SVG + "text"))
    distance = oracle_distance(case)
    check(distance is not None and ("exact distance: " + distance[:25]) in all_text,
          f"{name}: the text does not say the oracle's distance {distance}")
    check("strategy: opengjk (double" in all_text, f"{name}: the text does not name the strategy")
    check("simplex path: not drawn (opengjk records no iteration trace)" in all_text and
          "no simplex path: opengjk records no trace" in all_text,
          f"{name}: no word that the simplex path is not drawn")
    check('class="simplex-path"' not in text, f"{name}: a simplex path drawn for opengjk, which records no trace")
    for panel_id in ("top", "front", "side", "oblique", "minkowski"):
        group = panel(root, panel_id)
        if not check(group is not None, f"{name}: no panel {panel_id}"):
            continue
        if panel_id == "minkowski":
            # q is unique: an answer with no violation has pB - pA within sqrt(2 * 64 u * |q|) of it (M is convex,
            # so |p - q|^2 <= |p|^2 - |q|^2 for p in M), under a unit of the panel at opengjk's accuracy.
            exact = markers(group, "#238b45", "circle")
            reported = markers(group, "#d62728", "path")
            check(len(exact) == 1 and len(reported) == 1, f"{name}: q and pB - pA are not both in M's panel")
            cores = "radius rA + rB: 0 " in all_text  # with radii, pB - pA is q shortened by them
            # far-tiny's u = S 2^-24 is 2^36 for S = 2^60, and its panel 2^-28 wide: an answer within the verdict's
            # threshold may be anywhere in it. Compared where the shapes are of the size of their scale S.
            sized = name != "far-tiny"
            if "relation: separated" in all_text and "verdict: ok" in all_text and cores and sized and exact and reported:
                (ex, ey), (rx, ry) = exact[0], reported[0]
                check(abs(ex - rx) < 0.5 and abs(ey - ry) < 0.5,
                      f"{name}: in M's panel q ({ex}, {ey}) and pB - pA ({rx}, {ry}) differ")
            continue
        w, h = shape_extent(group)
        # The window is the shapes' box grown by 8%: their larger side spans about 370 / 1.08 units, whatever
        # the scale; a view along a flat shape's plane may be thin in one direction only.
        check(max(w, h) > 300, f"{name}: the shapes span only {w:.1f} x {h:.1f} units in panel {panel_id}")
        exact = markers(group, "#238b45", "circle")
        reported = markers(group, "#d62728", "path")
        check(len(reported) == 2, f"{name}: {len(reported)} reported markers in panel {panel_id}")
        if "relation: separated" in all_text:
            check(len(exact) == 2, f"{name}: {len(exact)} exact closest points in panel {panel_id}")
            if compare_witness and len(exact) == 2 and len(reported) == 2:
                for (ex, ey), (rx, ry) in zip(exact, reported):
                    check(abs(ex - rx) < 0.05 and abs(ey - ry) < 0.05,
                          f"{name}: in {panel_id} the exact point ({ex}, {ey}) and the reported ({rx}, {ry}) differ")



def trace_steps(stdout):
    """[(simplex size, [w as (x, y, z)])] of each printed trace step."""
    steps = []
    for line in stdout.splitlines():
        match = re.match(r"  step \d+: simplex of (\d+)$", line)
        if match:
            steps.append((int(match.group(1)), []))
        match = re.match(r"    w \((\S+), (\S+), (\S+)\)\s+a ", line)
        if match and steps:
            steps[-1][1].append(tuple(float(v) for v in match.groups()))
    return steps


# The simplex path of the traced strategies in M's panel: on a few of the cases above, and on every 3D seed of the
# case corpus (corpus/seeds/3d, hand-made cases of the fifteen 3D families).
SEEDS3 = os.path.join(SOURCE, "corpus/seeds/3d")
seed_cases = sorted(os.path.join(folder, file) for folder, _, files in os.walk(SEEDS3) for file in files
                    if file.endswith(".case"))
check(len(seed_cases) >= 30, f"only {len(seed_cases)} 3D seeds under {SEEDS3}")
PATH_CASES = [os.path.join(CORPUS if name != "far-tiny" else far_folder, name + ".case")
              for name in ("cubes-apart-along-x", "cube-third-turn-diagonal", "capsules-skew", "segment-above-triangle",
                           "sphere-in-cube", "cubes-huge", "cubes-tiny-subnormal", "far-tiny")] + seed_cases
for case in PATH_CASES:
    name = os.path.relpath(case, SOURCE) if case.startswith(SEEDS3) else os.path.basename(case)[:-len(".case")]
    for strategy in ("vdb3", "jolt-gjk", "robust3"):
        result, text = picture(case, "--strategy", strategy)
        where = f"{name} {strategy}"
        if not check(result.returncode in (0, 1) and text is not None, f"{where}: repro exited {result.returncode}"):
            continue
        steps = trace_steps(result.stdout)
        check(f"trace of {strategy} (" in result.stdout and "stopped by" in result.stdout and steps,
              f"{where}: no trace in the text")
        check(all(len(points) == size for size, points in steps), f"{where}: a step's points are not (x, y, z)")
        root = ET.fromstring(text)
        group = panel(root, "minkowski")
        paths = [p for p in group.iter(SVG + "polyline") if p.get("class") == "simplex-path"]
        if not any(size > 0 for size, _ in steps):
            # A loop that stopped before its first simplex (jolt-gjk on cubes-huge: |v|^2 overflows) has no path.
            check(not paths and "no simplex path: the trace has no finite simplex" in text,
                  f"{where}: a path drawn, or no word why not, for a trace without a simplex")
            continue
        if not check(len(paths) == 1, f"{where}: {len(paths)} simplex paths in M's panel"):
            continue
        numbers = [float(v) for v in re.split(r"[ ,]+", paths[0].get("points").strip())]
        points = list(zip(numbers[0::2], numbers[1::2]))
        check(len(points) == sum(1 for size, _ in steps if size > 0),
              f"{where}: {len(points)} path points for {len(steps)} steps")
        final = [line for line in group.iter(SVG + "line") if line.get("class") == "final-simplex"]
        last = steps[-1][0] if steps else 0
        check(len(final) == last * (last - 1) // 2, f"{where}: {len(final)} edges for a final simplex of {last}")
        check("simplex path: " in text and " trace steps, the final simplex of " in text, f"{where}: no path text")
        for panel_id in ("top", "front", "side", "oblique"):
            check('class="simplex-path"' not in ET.tostring(panel(root, panel_id), encoding="unicode"),
                  f"{where}: a simplex path in the world panel {panel_id}")
        # Where the answer is right and the cores are apart, the path ends within half a unit of q (the exact
        # marker): v_k converges to q, and the last v is the answer's.
        all_text = " ".join(t.text or "" for t in root.iter(SVG + "text"))
        exact = markers(group, "#238b45", "circle")
        if "relation: separated" in all_text and "verdict: ok" in all_text and name != "far-tiny" and exact:
            (ex, ey), (px, py) = exact[0], points[-1]
            check(abs(ex - px) < 0.5 and abs(ey - py) < 0.5, f"{where}: the path ends at ({px}, {py}), q is at "
                  f"({ex}, {ey})")

# Rounded shapes: an outline per rounded shape in each orthographic view, none in the oblique one (its axes are not
# orthonormal), none without a radius; capsules-skew's witness points sit on the outlines in the front view
# (A along x at z = 0, B along y at z = 1, radii 1/4: pA = (0, 0, 1/4) is on the top side of A's stadium, the
# offset edge whose line-to end points have the smallest y; B's outline there is a circle, not compared).
result, text = picture(os.path.join(CORPUS, "capsules-skew.case"))
root = ET.fromstring(text)
for panel_id in ("top", "front", "side"):
    check(sorted(rounded_outlines(panel(root, panel_id))) == ["#6a51a3", "#e6550d"],
          f"capsules-skew: panel {panel_id} lacks a rounded outline")
check(rounded_outlines(panel(root, "oblique")) == {}, "capsules-skew: a rounded outline in the oblique view")
front = panel(root, "front")
reported = markers(front, "#d62728", "path")
outline_a = [p for p in front.iter(SVG + "path") if p.get("class") == "rounded" and p.get("stroke") == "#6a51a3"]
top_of_a = min(float(v) for v in re.findall(r"L\S+ (\S+)", outline_a[0].get("d"))) if outline_a else None
check(len(reported) == 2 and top_of_a is not None and abs(reported[0][1] - top_of_a) < 0.05,
      f"capsules-skew: pA {reported[:1]} is not on the top of A's outline (y {top_of_a})")
result, text = picture(os.path.join(CORPUS, "cubes-apart-along-x.case"))
check(text is not None and 'class="rounded"' not in text, "cubes-apart-along-x: a rounded outline without a radius")

# The overlapping cores have no closest pair, and the picture says so.
result, text = picture(os.path.join(CORPUS, "sphere-in-cube.case"))
check(text is not None and "No exact closest pair: the cores overlap." in text, "sphere-in-cube: no word on the pair")
check(text is not None and "strategy: vdb3 (float" in text, "the default strategy is not vdb3, the first 3D one")
# Another strategy is drawn when asked.
result, text = picture(os.path.join(CORPUS, "cube-third-turn-diagonal.case"), "--strategy", "jolt-gjk")
check(text is not None and "strategy: jolt-gjk (float" in text, "--strategy jolt-gjk is not drawn")
# A 2D strategy for a 3D case, and --html for a 2D case, are refused with exit 2.
result, text = picture(os.path.join(CORPUS, "cube-third-turn-diagonal.case"), "--strategy", "perp")
check(result.returncode == 2 and "not a 3D strategy" in result.stderr and text is None,
      f"--strategy perp on a 3D case: exit {result.returncode}, {result.stderr}")
with tempfile.TemporaryDirectory() as folder:
    result = run("repro", os.path.join(SOURCE, "corpus/seeds/collinear/all-collinear-diagonal.case"),
                 "--html", os.path.join(folder, "x.html"))
    check(result.returncode == 2 and "--html draws 3D cases only" in result.stderr,
          f"--html on a 2D case: exit {result.returncode}, {result.stderr}")
    # Without three.js the page is refused by name, exit 2, nothing written.
    page = os.path.join(folder, "y.html")
    result = subprocess.run([GJKCHECK, "repro", os.path.join(CORPUS, "cubes-apart-along-x.case"), "--html", page],
                            capture_output=True, text=True, timeout=60,
                            env={**os.environ, "GJKCHECK_VIEWER_DIR": os.path.join(folder, "no-viewer")})
    check(result.returncode == 2 and "npm ci" in result.stderr and "report/viewer" in result.stderr and
          not os.path.exists(page), f"--html without three.js: exit {result.returncode}, {result.stderr}")


# The penetration picture: epa3 (a 3D strategy of the penetration query alone) on overlapping, touching and separated
# cases at every scale. Its caption and text give the penetration verdict, never a distance one; in M's panel the
# exact -depth* n* and the reported -depth n start at the origin (the panel's centre), with the normals' arrows;
# where the answer is right they end together. The world views carry the reported contact points.
def penetration_line(group, css_class):
    lines = [line for line in group.iter(SVG + "line") if line.get("class") == css_class]
    return [(float(line.get("x1")), float(line.get("y1")), float(line.get("x2")), float(line.get("y2")))
            for line in lines]


PENETRATION_CASES = ["cubes-overlapping", "sphere-in-cube", "capsules-skew", "cubes-apart-along-x", "cubes-huge",
                     "cubes-tiny-subnormal", "wide-exponents", "far-tiny"]
for name in PENETRATION_CASES:
    case = os.path.join(CORPUS if name != "far-tiny" else far_folder, name + ".case")
    result, text = picture(case, "--strategy", "epa3")
    where = f"{name} epa3"
    if not check(result.returncode in (0, 1) and text is not None, f"{where}: repro exited {result.returncode}"):
        continue
    check(picture(case, "--strategy", "epa3")[1] == text, f"{where}: two runs gave different bytes")
    check(re.search(r"^strategy +penetration +depth u +normal u +contact u", result.stdout, re.M) and
          re.search(r"^epa3\s", result.stdout, re.M), f"{where}: no penetration part of the table")
    root = ET.fromstring(text)
    view = [float(v) for v in root.get("viewBox").split()]
    for element in root.iter():
        for value in numbers_of(element):
            if not check(-2000 <= value <= 2 * max(view[2], view[3]), f"{where}: number {value} outside"):
                break
    all_text = " ".join(t.text or "" for t in root.iter(SVG + "text"))
    check(", epa3, penetration" in all_text and "verdict (penetration): " in all_text and
          "reported distance" not in all_text and "verdict: " not in all_text,
          f"{where}: the caption or text is not the penetration verdict's")
    group = panel(root, "minkowski")
    exact = penetration_line(group, "exact-penetration")
    reported = penetration_line(group, "reported-penetration")
    if "relation: separated" in all_text:
        check(not exact and "exact penetration: none (separated)" in all_text, f"{where}: a depth when separated")
        continue
    if "no single minimal normal" in all_text:
        continue
    if not check(len(exact) == 1, f"{where}: {len(exact)} exact penetration marks"):
        continue
    # The window of M is centred on the origin, where both translations start.
    centre = MINKOWSKI_CENTRE
    check(abs(exact[0][0] - centre[0]) < 0.01 and abs(exact[0][1] - centre[1]) < 0.01,
          f"{where}: the exact translation starts at ({exact[0][0]}, {exact[0][1]}), not at the origin {centre}")
    # Where several normals are minimal (sphere-in-cube: six faces), epa3 may take another one than the oracle's.
    exact_normal = re.search(r"^  normal +\((\S+), (\S+), (\S+)\)$", result.stdout, re.M)
    reported_normal = re.search(r"^ +n \((\S+), (\S+), (\S+)\)  pA", result.stdout, re.M)
    same = exact_normal and reported_normal and all(
        abs(float(e) - float(r)) < 1e-6 for e, r in zip(exact_normal.groups(), reported_normal.groups()))
    if "verdict (penetration): ok" in all_text and reported and same and name != "far-tiny":
        check(abs(exact[0][2] - reported[0][2]) < 0.5 and abs(exact[0][3] - reported[0][3]) < 0.5,
              f"{where}: the exact {exact[0]} and reported {reported[0]} translations differ")
    if "reported penetration: overlapping" in all_text:
        for panel_id in ("top", "front", "side", "oblique"):
            count = len(markers(panel(root, panel_id), "#d62728", "path"))
            check(count == 2, f"{where}: {count} reported contact points in panel {panel_id}")

# The libccd-gjkepa folders' case: overlapping cubes answered with a tiny depth along a wrong normal (drawn by the
# built-in epa3 here, which needs no engine): the exact mark ends on M's face z = -2/3 below the origin.
result, text = picture(os.path.join(SOURCE, "reports/engines3d/upstream/libccd-epa-overlap-as-touching/case.case"),
                       "--strategy", "epa3")
check(text is not None and "exact penetration: depth 0.666666656732559204101562" in text and
      'class="exact-normal"' in text, "libccd-epa-overlap-as-touching: no exact penetration in the picture")
# A strategy that answers no penetration query is not drawn as one.
result, text = picture(os.path.join(CORPUS, "cubes-overlapping.case"), "--strategy", "vdb3", "--query",
                       "penetration")
check(result.returncode == 2 and "answers no penetration query" in result.stderr and text is None,
      f"--query penetration for vdb3: exit {result.returncode}, {result.stderr}")

if failures:
    print("\n".join(failures))
    sys.exit(1)
print(f"ok: {len(CASES)} cases, {len(PENETRATION_CASES)} penetration pictures")
