// The HTML page of a 3D case (case_picture3.h, renderCaseViewer3): the scene as JSON of coordinates of order 1
// (exact rationals moved relative to a window's centre, divided by its half-size, then rounded), three.js inline,
// and a small module that draws two views (the world, M = B - A) the reader turns with the mouse.
#include <cctype>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "report/case_picture3.h"
#include "report/case_picture3_scene.h"
#include "report/svg.h"

namespace gjk::check {
namespace {

using namespace picture3;

std::string number(double value) { return svgNumber(value, 6); }

std::string triple(const std::array<double, 3>& p) {
  return "[" + number(p[0]) + "," + number(p[1]) + "," + number(p[2]) + "]";
}

std::string meshJson(const Mesh3& mesh, const Window3& window, bool* clamped) {
  std::string json = "{\"dimension\":" + std::to_string(mesh.dimension) + ",\"vertices\":[";
  for (size_t i = 0; i < mesh.points.size(); ++i) {
    if (i) json += ",";
    json += triple(window.normalized(mesh.points[i], clamped));
  }
  json += "],\"faces\":[";
  for (size_t f = 0; f < mesh.faces.size(); ++f) {
    if (f) json += ",";
    json += "[" + std::to_string(mesh.faces[f][0]) + "," + std::to_string(mesh.faces[f][1]) + "," +
            std::to_string(mesh.faces[f][2]) + "]";
  }
  json += "],\"edges\":[";
  for (size_t e = 0; e < mesh.edges.size(); ++e) {
    if (e) json += ",";
    json += "[" + std::to_string(mesh.edges[e].from) + "," + std::to_string(mesh.edges[e].to) + "]";
  }
  return json + "]}";
}

std::string pointsJson(const std::vector<ExactPoint3>& points, const Window3& window, bool* clamped) {
  std::string json = "[";
  for (size_t i = 0; i < points.size(); ++i) {
    if (i) json += ",";
    json += triple(window.normalized(points[i], clamped));
  }
  return json + "]";
}

std::string pointJson(const std::optional<ExactPoint3>& p, const Window3& window, bool* clamped) {
  return p ? triple(window.normalized(*p, clamped)) : std::string("null");
}

std::string directionJson(const std::optional<ExactPoint3>& d) {
  return d ? triple(scaledDirection(*d)) : std::string("null");
}

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// The page's script: error hooks first (a classic script, so that they catch what the module throws), then the
// module that imports three.js from the inline text and draws.
const char* const HOOKS = R"JS(
window.gjkErrors = [];
function gjkRecord(message) {
  window.gjkErrors.push(String(message));
  const list = document.getElementById('errors');
  if (list) list.textContent = window.gjkErrors.join('\n');
  document.getElementById('status').setAttribute('data-errors', String(window.gjkErrors.length));
}
window.addEventListener('error', (event) => gjkRecord('uncaught: ' + event.message));
window.addEventListener('unhandledrejection', (event) => gjkRecord('unhandled rejection: ' + event.reason));
const gjkConsoleError = console.error;
console.error = function (...args) { gjkRecord('console.error: ' + args.join(' ')); gjkConsoleError.apply(console, args); };
)JS";

const char* const VIEWER = R"JS(
const source = document.getElementById('three-module').textContent;
const THREE = await import(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
const data = JSON.parse(document.getElementById('scene').textContent);
const status = document.getElementById('status');
status.setAttribute('data-three-revision', THREE.REVISION);

const views = [];

function addMesh(group, mesh, colour, fillOpacity) {
  const positions = new Float32Array(mesh.vertices.flat());
  if (mesh.faces.length > 0) {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
    geometry.setIndex(mesh.faces.flat());
    const material = new THREE.MeshBasicMaterial({ color: colour, transparent: true, opacity: fillOpacity,
      side: THREE.DoubleSide, depthWrite: false });
    const faces = new THREE.Mesh(geometry, material);
    faces.userData.isFace = true;
    group.add(faces);
  }
  if (mesh.edges.length > 0) {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
    geometry.setIndex(mesh.edges.flat());
    group.add(new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color: colour })));
  }
  if (mesh.dimension === 0) addPoint(group, mesh.vertices[0], colour, 0.025);
}

function addPoint(group, at, colour, radius) {
  if (at === null) return;
  const ball = new THREE.Mesh(new THREE.SphereGeometry(radius, 16, 12), new THREE.MeshBasicMaterial({ color: colour }));
  ball.position.set(at[0], at[1], at[2]);
  group.add(ball);
}

function addCross(group, at, colour, size) {
  if (at === null) return;
  const s = size;
  const corners = [[s, s, s], [-s, -s, -s], [s, -s, s], [-s, s, -s], [-s, s, s], [s, -s, -s], [-s, -s, s], [s, s, -s]];
  const positions = new Float32Array(corners.flatMap((c) => [at[0] + c[0], at[1] + c[1], at[2] + c[2]]));
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(positions, 3));
  group.add(new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color: colour })));
  addPoint(group, at, colour, 0.018);
}

function addSegment(group, from, to, colour) {
  if (from === null || to === null) return;
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array([...from, ...to]), 3));
  const line = new THREE.LineSegments(geometry, new THREE.LineDashedMaterial({ color: colour, dashSize: 0.04,
    gapSize: 0.03 }));
  line.computeLineDistances();
  group.add(line);
}

// The simplex path (docs/trace.md): v_0, v_1, ... as one line named 'simplex-path' with a small ball at each, and
// the final simplex's edges (every pair of its points) named 'final-simplex'. Nothing when there is no trace.
function addSimplexPath(group, path, simplex, colour) {
  if (path.length === 0) return;
  const pairs = [];
  for (let i = 0; i < simplex.length; ++i) {
    for (let j = i + 1; j < simplex.length; ++j) pairs.push(...simplex[i], ...simplex[j]);
  }
  if (pairs.length > 0) {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(pairs), 3));
    const edges = new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color: colour }));
    edges.name = 'final-simplex';
    group.add(edges);
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(path.flat()), 3));
  const line = new THREE.Line(geometry, new THREE.LineBasicMaterial({ color: colour }));
  line.name = 'simplex-path';
  group.add(line);
  for (const at of path) addPoint(group, at, colour, 0.015);
}

// A penetration answer in M's view: the translation -depth n from the origin (a dashed line and a ball at its end)
// and the direction -n as an arrow of fixed length; one group named after it. Nothing when there is neither.
function addPenetration(group, translation, normal, colour, name) {
  if (translation === null && normal === null) return;
  const marks = new THREE.Group();
  marks.name = name;
  const origin = data.minkowski.origin;
  if (translation !== null) {
    addSegment(marks, origin, translation, colour);
    addPoint(marks, translation, colour, name === 'exact-penetration' ? 0.04 : 0.03);
  }
  if (normal !== null) {
    const direction = new THREE.Vector3(-normal[0], -normal[1], -normal[2]).normalize();
    marks.add(new THREE.ArrowHelper(direction, new THREE.Vector3(...origin), 0.35, colour, 0.08, 0.05));
  }
  group.add(marks);
}

function makeView(canvasId, build) {
  const canvas = document.getElementById(canvasId);
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(1);
  renderer.setSize(canvas.width, canvas.height, false);
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0xffffff);
  const group = new THREE.Group();
  build(group);
  scene.add(group);
  const axes = new THREE.AxesHelper(0.4);
  axes.position.set(-1.2, -1.2, -1.2);
  scene.add(axes);
  const camera = new THREE.PerspectiveCamera(30, canvas.width / canvas.height, 0.01, 100);
  camera.up.set(0, 0, 1);
  const view = { canvas, renderer, scene, camera, azimuth: -Math.PI / 4, elevation: 0.6, distance: 6 };
  view.draw = () => {
    const c = Math.cos(view.elevation);
    camera.position.set(view.distance * c * Math.cos(view.azimuth), view.distance * c * Math.sin(view.azimuth),
                        view.distance * Math.sin(view.elevation));
    camera.lookAt(0, 0, 0);
    renderer.render(scene, camera);
  };
  let dragging = null;
  canvas.addEventListener('pointerdown', (event) => { dragging = [event.clientX, event.clientY];
    canvas.setPointerCapture(event.pointerId); });
  canvas.addEventListener('pointerup', () => { dragging = null; });
  canvas.addEventListener('pointermove', (event) => {
    if (dragging === null) return;
    view.azimuth -= (event.clientX - dragging[0]) * 0.01;
    view.elevation = Math.max(-1.55, Math.min(1.55, view.elevation + (event.clientY - dragging[1]) * 0.01));
    dragging = [event.clientX, event.clientY];
    view.draw();
  });
  canvas.addEventListener('wheel', (event) => { event.preventDefault();
    view.distance = Math.max(1, Math.min(40, view.distance * Math.exp(event.deltaY * 0.001))); view.draw(); },
    { passive: false });
  views.push(view);
  return view;
}

const world = makeView('world', (group) => {
  addMesh(group, data.world.a, 0x6a51a3, 0.3);
  addMesh(group, data.world.b, 0xe6550d, 0.3);
  if (data.world.closest !== null) {
    addSegment(group, data.world.closest[0], data.world.closest[1], 0x238b45);
    addPoint(group, data.world.closest[0], 0x238b45, 0.03);
    addPoint(group, data.world.closest[1], 0x238b45, 0.03);
  }
  addCross(group, data.world.pA, 0xd62728, 0.05);
  addCross(group, data.world.pB, 0xd62728, 0.05);
});
const minkowski = makeView('minkowski', (group) => {
  addMesh(group, data.minkowski.m, 0x636363, 0.25);
  addSegment(group, data.minkowski.origin, data.minkowski.q, 0x238b45);
  addCross(group, data.minkowski.origin, 0x222222, 0.06);
  addPoint(group, data.minkowski.q, 0x238b45, 0.03);
  addCross(group, data.minkowski.difference, 0xd62728, 0.05);
  addSimplexPath(group, data.minkowski.path, data.minkowski.simplex, 0x2171b5);
  addPenetration(group, data.minkowski.exactTranslation, data.minkowski.exactNormal, 0x238b45, 'exact-penetration');
  addPenetration(group, data.minkowski.reportedTranslation, data.minkowski.reportedNormal, 0xd62728,
                 'reported-penetration');
});

document.getElementById('show-faces').addEventListener('change', (event) => {
  for (const view of views) {
    view.scene.traverse((object) => { if (object.userData.isFace) object.visible = event.target.checked; });
    view.draw();
  }
});

// What the browser test reads (tests/report/repro3_html_test.py): the count of pixels of each view's canvas that
// are drawn and not the white background, after the first frame.
function drawnPixels(view) {
  const gl = view.renderer.getContext();
  const width = gl.drawingBufferWidth;
  const height = gl.drawingBufferHeight;
  const pixels = new Uint8Array(width * height * 4);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  let count = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    // A canvas never drawn reads (0, 0, 0, 0): transparent pixels are not drawn ones.
    if (pixels[i + 3] !== 0 && (pixels[i] !== 255 || pixels[i + 1] !== 255 || pixels[i + 2] !== 255)) ++count;
  }
  return count;
}
for (const view of views) view.draw();
status.setAttribute('data-world-pixels', String(drawnPixels(world)));
status.setAttribute('data-minkowski-pixels', String(drawnPixels(minkowski)));
// The points of the path and of the final simplex's edges that are in M's scene (the test compares them with the
// scene's data).
const pathObject = minkowski.scene.getObjectByName('simplex-path');
const simplexObject = minkowski.scene.getObjectByName('final-simplex');
status.setAttribute('data-simplex-path', String(pathObject ? pathObject.geometry.attributes.position.count : 0));
status.setAttribute('data-final-simplex', String(simplexObject ? simplexObject.geometry.attributes.position.count : 0));
status.setAttribute('data-penetration', ['exact-penetration', 'reported-penetration']
  .filter((name) => minkowski.scene.getObjectByName(name)).join(' '));
status.setAttribute('data-ready', 'yes');
)JS";

const char* const STYLE = R"CSS(
body { font-family: DejaVu Sans, Verdana, Arial, sans-serif; color: #222; margin: 20px; }
h1 { font-size: 18px; margin: 0 0 4px 0; }
h2 { font-size: 14px; margin: 8px 0 4px 0; }
.views { display: flex; flex-wrap: wrap; gap: 20px; }
canvas { border: 1px solid #999; cursor: grab; touch-action: none; }
pre { font-size: 13px; white-space: pre-wrap; }
#errors { color: #d62728; }
.a { color: #6a51a3; } .b { color: #e6550d; } .m { color: #636363; } .exact { color: #238b45; }
.reported { color: #d62728; } .path { color: #2171b5; }
)CSS";

// The page of either answer (Judged3): a penetration answer's marks in M's view, its contact points in the
// world's.
std::string renderViewer3(const Case& value, const oracle::ExactAnswer3& exact, const Judged3& judged,
                          const std::string& threeModule, const std::string& threeVersion) {
  const StrategyInfo& strategy = judged.strategy;
  const StrategyResult& result = judged.result;
  const bool penetration = judged.drawsPenetration();
  const std::string folded = lower(threeModule);
  for (const char* forbidden : {"</script", "<!--", "<script"}) {
    if (folded.find(forbidden) != std::string::npos) {
      throw std::invalid_argument(std::string("the three.js module text contains \"") + forbidden +
                                  "\", which would break the page's script element");
    }
  }
  const Scene3 scene = buildScene3(value, exact, judged);
  std::vector<ExactPoint3> world = usedPoints(scene.a);
  for (const ExactPoint3& p : usedPoints(scene.b)) world.push_back(p);
  if (scene.closestPair) {
    world.push_back((*scene.closestPair)[0]);
    world.push_back((*scene.closestPair)[1]);
  }
  std::vector<ExactPoint3> minkowski = usedPoints(scene.m);
  minkowski.push_back({0, 0, 0});
  minkowski.push_back(scene.closestM);
  if (scene.exactTranslation) minkowski.push_back(*scene.exactTranslation);
  if (penetration) minkowski = aroundOrigin(minkowski);
  const Window3 worldWindow = Window3::around(world, exact.scale);
  const Window3 minkowskiWindow = Window3::around(minkowski, exact.scale);

  std::string json = "{\"world\":{\"a\":" + meshJson(scene.a, worldWindow, nullptr) +
                     ",\"b\":" + meshJson(scene.b, worldWindow, nullptr) + ",\"closest\":";
  if (scene.closestPair) {
    json += "[" + triple(worldWindow.normalized((*scene.closestPair)[0])) + "," +
            triple(worldWindow.normalized((*scene.closestPair)[1])) + "]";
  } else {
    json += "null";
  }
  bool reportedClamped = false;
  json += ",\"pA\":" + pointJson(scene.pointA, worldWindow, &reportedClamped) +
          ",\"pB\":" + pointJson(scene.pointB, worldWindow, &reportedClamped) + "},\"minkowski\":{\"m\":" +
          meshJson(scene.m, minkowskiWindow, nullptr) +
          ",\"origin\":" + triple(minkowskiWindow.normalized({0, 0, 0})) +
          ",\"q\":" + triple(minkowskiWindow.normalized(scene.closestM)) +
          ",\"difference\":" + pointJson(scene.reportedDifference, minkowskiWindow, &reportedClamped) +
          ",\"path\":" + pointsJson(scene.simplexPath, minkowskiWindow, nullptr) +
          ",\"simplex\":" + pointsJson(scene.finalSimplex, minkowskiWindow, nullptr) +
          ",\"exactTranslation\":" + pointJson(scene.exactTranslation, minkowskiWindow, nullptr) +
          ",\"exactNormal\":" + directionJson(scene.exactNormal) +
          ",\"reportedTranslation\":" + pointJson(scene.reportedTranslation, minkowskiWindow, &reportedClamped) +
          ",\"reportedNormal\":" + directionJson(scene.reportedNormal) + "}}";

  std::string text;
  for (const std::string& line : textLines3(value, exact, judged)) text += line + "\n";

  std::string page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
                     svgEscape("gjkcheck repro " + value.source) + "</title>\n<style>" + STYLE +
                     "</style>\n</head>\n<body>\n";
  page += "<h1>" + svgEscape(value.source + " (3D), " + strategy.name + (penetration ? ", penetration" : "")) +
          "</h1>\n<p id=\"headline\">" + svgEscape(headline3(exact, judged)) + "</p>\n";
  page += "<p>Drag a view to turn it, the wheel to zoom. <label><input type=\"checkbox\" id=\"show-faces\" "
          "checked> faces</label></p>\n";
  page += "<div class=\"views\">\n<div><h2>world: A and B</h2><canvas id=\"world\" width=\"560\" "
          "height=\"560\"></canvas></div>\n<div><h2>Minkowski difference B - A</h2><canvas id=\"minkowski\" "
          "width=\"560\" height=\"560\"></canvas></div>\n</div>\n";
  page += "<h2>legend</h2>\n<ul>\n"
          "<li><span class=\"a\">A</span>, <span class=\"b\">B</span>: the hulls of the shapes' world vertices "
          "(faces translucent, edges)</li>\n"
          "<li><span class=\"m\">M = B - A</span>: its exact hull; the black cross is the origin</li>\n"
          "<li><span class=\"exact\">green balls</span>: the exact closest points of the cores (a, b: one pair "
          "when there are several; q of M, unique), joined by a dashed line</li>\n"
          + std::string(penetration
                            ? "<li><span class=\"reported\">red crosses</span>: the reported contact points pA, pB"
                              "</li>\n<li>In M's view, moving the origin by t is moving B by -t: <span "
                              "class=\"exact\">green</span> dashed line and ball, the exact -depth* n* (from the "
                              "origin to the boundary of the rounded M), <span class=\"reported\">red</span> the "
                              "reported -depth n; the arrows are the directions -n* and -n, of fixed length</li>\n"
                            : "<li><span class=\"reported\">red crosses</span>: the reported witness points pA, pB; "
                              "pB - pA in M's view</li>\n") +
          "<li>axes at the corner: x red, y green, z blue</li>\n"
          "<li>The radius is not drawn (it is in the text). Coordinates are exact rationals, rounded only after "
          "the centre of each view's box is subtracted and divided by its half-size.</li>\n";
  page += result.trace.empty()
              ? "<li>No simplex path: " + svgEscape(strategy.name) + " records no iteration trace.</li>\n"
              : scene.simplexPath.empty()
              ? std::string("<li>No simplex path: the trace has no finite simplex.</li>\n")
              : std::string("<li><span class=\"path\">blue line</span>: the simplex path in M's view, the closest "
                            "point v of each step's simplex to the origin in order (small balls), and the final "
                            "simplex's edges (docs/trace.md)</li>\n");
  if (!scene.closestPair) page += "<li>No exact closest pair: the cores overlap.</li>\n";
  if (reportedClamped) page += "<li>A reported point far outside the shapes' box is drawn at twice its half-size from "
                             "the centre.</li>\n";
  page += "<li>Drawn by three.js " + svgEscape(threeVersion) + ", inlined in this page.</li>\n</ul>\n";
  page += "<pre id=\"text\">" + svgEscape(text) + "</pre>\n";
  page += "<pre id=\"errors\"></pre>\n<div id=\"status\" data-ready=\"no\" data-errors=\"0\"></div>\n";
  page += std::string("<script>") + HOOKS + "</script>\n";
  // Only numbers and fixed keys: nothing in it can end the element.
  page += "<script type=\"application/json\" id=\"scene\">" + json + "</script>\n";
  page += "<script type=\"text/plain\" id=\"three-module\">" + threeModule + "</script>\n";
  page += std::string("<script type=\"module\">") + VIEWER + "</script>\n</body>\n</html>\n";
  return page;
}

}  // namespace

std::string renderCaseViewer3(const Case& value, const oracle::ExactAnswer3& exact, const StrategyInfo& strategy,
                              const StrategyResult& result, const Verdict& verdict, const std::string& threeModule,
                              const std::string& threeVersion) {
  return renderViewer3(value, exact, Judged3{strategy, result, &verdict, nullptr}, threeModule, threeVersion);
}

std::string renderPenetrationViewer3(const Case& value, const oracle::ExactAnswer3& exact,
                                     const StrategyInfo& strategy, const StrategyResult& result,
                                     const QueryVerdict& verdict, const std::string& threeModule,
                                     const std::string& threeVersion) {
  return renderViewer3(value, exact, Judged3{strategy, result, nullptr, &verdict}, threeModule, threeVersion);
}

ThreeModule readThreeModule(const std::string& viewerDir) {
  const std::string folder = viewerDir + "/node_modules/three";
  const std::string hint = ": three.js is not installed; run `npm ci` in report/viewer (scripts/bootstrap does)";
  auto read = [&](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error(path + hint);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
  };
  ThreeModule module;
  module.text = read(folder + "/build/three.module.min.js");
  const std::string manifest = read(folder + "/package.json");
  std::smatch match;
  if (!std::regex_search(manifest, match, std::regex("\"version\"\\s*:\\s*\"([^\"]+)\""))) {
    throw std::runtime_error(folder + "/package.json names no version" + hint);
  }
  module.version = match[1];
  return module;
}

}  // namespace gjk::check
