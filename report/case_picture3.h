// The pictures of one 3D case (Case::dimension 3; docs/cli.md `gjkcheck repro CASE3D --svg FILE` and
// `--html FILE`), the 3D counterparts of case_picture.h.
//
// What they show:
// - the SVG (renderCasePicture3): three orthographic views of the world (top: x right, y up, seen from +z;
//   front: x right, z up, seen from -y; side: y right, z up, seen from +x) and one oblique view (seen from
//   (1, -1, 1)), each with both shapes (the exact hull of each shape's world vertices: the faces turned to the
//   viewer filled, the edges of the hull solid, an edge between two faces turned away dashed; edges between
//   coplanar faces are not drawn), the exact closest points of the cores (when the cores have one: the
//   oracle's closest point q of M = B - A written as q = b - a with a on A and b on B) and the strategy's
//   reported witness points pA, pB; a fifth, oblique, panel of the Minkowski difference B - A: its exact hull,
//   the origin, the exact closest point q and the reported pB - pA; a text block (case, relation, exact and
//   reported distance, radii, errors in u, verdict and reasons, strategy, iterations, termination) and a
//   legend. A shape with a radius also gets its rounded outline in the three orthographic views (the projected
//   core's hull grown by a disk, exact there; the oblique view's axes are not orthonormal, so none there); the
//   closest points drawn are those of the cores, the radii are in the text.
//   In M's panel, for a strategy that records a trace (docs/trace.md), the simplex path: the closest point v of
//   each step's simplex to the origin, joined in step order, and the final simplex's edges; the legend says when
//   the strategy records none.
//   The picture of a penetration answer (renderPenetrationPicture3; epa3, an engine of queries penetration, or one
//   of both when asked) shows the reported contact points in the world views instead of witness points; M's panel
//   is centred on the origin (its window is taken around M's points and their mirror images) and shows, from the
//   origin, the exact minimal translation -depth* n* (to the origin's nearest point on the rounded M's boundary;
//   for a case that touches or overlaps with a minimal normal), the reported -depth n, and both directions -n*,
//   -n as arrows of fixed length on the screen; the caption and text give the penetration verdict's kinds and
//   measures (judgePenetration3), never the distance verdict.
// - the HTML page (renderCaseViewer3): the same geometry, simplex path and text in a page the reader turns,
//   drawn by three.js, which the page carries inline (no network, no other file); cores only, radii in the text.
//
// How they stay finite at every scale (cases span 2^-98..2^88): every drawn point is an exact rational (world
// vertices and hulls from the oracle's exact integers; double witness, contact points and -depth n widened
// exactly), but one: the exact -depth* n*, whose length is a square root, formed in 100-digit HighPrecision and
// then taken exactly (a relative error of 10^-99, far below a pixel, and finite); an arrow's direction is scaled
// exactly to a largest component of 1 before it is rounded, and only its screen length is set after. Each panel's
// projection has rational coefficients, its window's centre and half-size are exact rationals, and a point is
// moved relative to the centre and divided by the half-size exactly, then clamped (still exactly) to a
// little more than the window, and only then rounded to a double. The page does the same with one window for
// the world and one for M, and gives three.js coordinates of order 1.
//
// Deterministic: the same case, strategy result, drawn query and verdict (and, for the page, the same three.js
// text) give the same bytes.
#pragma once

#include <string>

#include "case/case.h"
#include "oracle/oracle3.h"
#include "verdict/query_seam.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace gjk::check {

// The SVG text of the picture of a 3D case as answered by one strategy: `exact` is the oracle's answer
// (solveExactly3), `result` the strategy's answer and `verdict` judge3(value, exact, result, strategy).
// Throws CaseError for a 2D case.
std::string renderCasePicture3(const Case& value, const oracle::ExactAnswer3& exact, const StrategyInfo& strategy,
                               const StrategyResult& result, const Verdict& verdict);

// The picture of the same case as answered by a strategy of the penetration query (epa3, an engine of queries
// penetration or both): its penetration answer, `verdict` judgePenetration3(value, exact, result, strategy).
// Throws CaseError for a 2D case.
std::string renderPenetrationPicture3(const Case& value, const oracle::ExactAnswer3& exact,
                                      const StrategyInfo& strategy, const StrategyResult& result,
                                      const QueryVerdict& verdict);

// The HTML page of the same picture, turned with the mouse. `threeModule` is the text of three.js's
// build/three.module.min.js (threeModuleText), put into the page as it is; `threeVersion` is written in the
// legend. Throws CaseError for a 2D case, std::invalid_argument when the module text would end the page's
// script element early ("</script").
std::string renderCaseViewer3(const Case& value, const oracle::ExactAnswer3& exact, const StrategyInfo& strategy,
                              const StrategyResult& result, const Verdict& verdict, const std::string& threeModule,
                              const std::string& threeVersion);
// The page of the penetration picture (renderPenetrationPicture3); throws as renderCaseViewer3.
std::string renderPenetrationViewer3(const Case& value, const oracle::ExactAnswer3& exact,
                                     const StrategyInfo& strategy, const StrategyResult& result,
                                     const QueryVerdict& verdict, const std::string& threeModule,
                                     const std::string& threeVersion);

// Where the page's three.js is read from, at run time: node_modules/three/ under `viewerDir` (gjkcheck passes
// the source tree's report/viewer, or $GJKCHECK_VIEWER_DIR when set), installed by `npm ci` in report/viewer,
// which scripts/bootstrap runs; report/viewer/package-lock.json pins the version. Nothing of it is needed to
// build.
struct ThreeModule {
  std::string text;     // build/three.module.min.js
  std::string version;  // package.json's "version"
};
// Throws std::runtime_error naming the missing file and the command that installs it.
ThreeModule readThreeModule(const std::string& viewerDir);

}  // namespace gjk::check
