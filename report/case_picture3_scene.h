// Internal to report/: the exact geometry the 3D pictures draw (case_picture3.h), shared by the SVG
// (case_picture3.cpp) and the HTML page (case_viewer3.cpp). Everything here is exact; rounding happens
// only in Window::normalized, after the window's centre is subtracted.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
#include "oracle/oracle3.h"
#include "verdict/query_seam.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace gjk::check::picture3 {

using oracle::ExactPoint3;
using oracle::Rational;

// The exact hull of a point set, ready to draw. dimension 3: `faces` are the hull's triangles counter-clockwise
// seen from outside, `normals` their outward normals; dimension 2: a fan of the convex polygon (normals all the
// plane's normal); 1: one edge; 0: the single point.
struct Mesh3 {
  int dimension = 0;
  std::vector<ExactPoint3> points;
  std::vector<std::array<int, 3>> faces;
  std::vector<ExactPoint3> normals;
  struct Edge {
    int from = 0;
    int to = 0;
    int face0 = -1;  // the faces it borders (dimension 3), -1 else
    int face1 = -1;
  };
  // The edges of the hull's boundary; a diagonal between two coplanar triangles is left out.
  std::vector<Edge> edges;
};

// The answer a picture draws, with its verdict: the distance answer (`distance`, judge3's verdict) or the
// penetration answer (`penetration`, judgePenetration3's); exactly one of the two is set.
struct Judged3 {
  const StrategyInfo& strategy;
  const StrategyResult& result;
  const Verdict* distance = nullptr;
  const QueryVerdict* penetration = nullptr;
  bool drawsPenetration() const { return penetration != nullptr; }
};

struct Scene3 {
  Mesh3 a;  // hull of A's world vertices (the core)
  Mesh3 b;
  Mesh3 m;  // hull of {b - a}, the Minkowski difference
  // The exact closest points of the cores: a on A, b on B with b - a = the oracle's closest point q of M. Absent
  // when the origin is in the interior of M (the cores overlap: there is no closest pair).
  std::optional<std::array<ExactPoint3, 2>> closestPair;
  ExactPoint3 closestM;  // q
  // The reported witness points (of a penetration answer: its contact points, when it claims overlap), widened
  // exactly; absent when a coordinate is not finite.
  std::optional<ExactPoint3> pointA;
  std::optional<ExactPoint3> pointB;
  std::optional<ExactPoint3> reportedDifference;  // pB - pA, of a distance answer only
  // The penetration picture, in M's space, where moving the origin by a translation t is moving B by -t: the exact
  // minimal translation -depth* n*/|n*| (the origin's nearest point on the boundary of the rounded M; present when
  // the shapes touch or overlap and the oracle gives a minimal normal, minimalNormal3) and the reported -depth n
  // (a claimed overlap with finite numbers). The exact one is the only point drawn that is not exact: its length
  // is a square root, formed in HighPrecision (100 digits) and widened exactly, a relative error of 10^-99.
  std::optional<ExactPoint3> exactTranslation;
  std::optional<ExactPoint3> exactNormal;  // n*, an exact direction from A towards B (any length)
  std::optional<ExactPoint3> reportedTranslation;
  std::optional<ExactPoint3> reportedNormal;  // n as reported, widened exactly; absent when zero or not finite
  // The simplex path of a traced strategy (docs/trace.md), in M's space: v_k, the closest point of each step's
  // simplex to the origin, sum a_i w_i over its points (exact from the widened trace; the origin for a tetrahedron,
  // which the loops keep only when it holds the origin), in step order; and the points of the last step's
  // simplex. Empty when the strategy recorded no trace; a step with a coordinate that is not finite is left out.
  std::vector<ExactPoint3> simplexPath;
  std::vector<ExactPoint3> finalSimplex;
};

// Throws CaseError for a 2D case.
Scene3 buildScene3(const Case& value, const oracle::ExactAnswer3& exact, const Judged3& judged);

// A linear projection to the plane of a view: u = U . p, v = V . p, rational coefficients; `out` points
// from the screen to the viewer (a face is turned to the viewer when its outward normal . out > 0).
struct View3 {
  std::string id;
  std::string title;
  ExactPoint3 u;
  ExactPoint3 v;
  ExactPoint3 out;
};
// top, front, side, oblique.
std::vector<View3> worldViews();
View3 obliqueView();

Rational dot3(const ExactPoint3& left, const ExactPoint3& right);

// A square window of a view's plane: centre and half-size exact. A point's coordinates relative to it are
// formed exactly, divided by `half` exactly, clamped exactly to [-LIMIT, LIMIT] and only then rounded.
struct Window {
  Rational centreU;
  Rational centreV;
  Rational half;  // > 0
  // The panel's edge: what lies beyond (a wild reported point) is drawn on it.
  static constexpr int LIMIT = 1;
  // The window around the projections of `points` by (U, V), grown by the fraction `margin`; `fallbackHalf` (> 0)
  // when they are all one point.
  static Window around(const std::vector<ExactPoint3>& points, const ExactPoint3& u, const ExactPoint3& v,
                       const Rational& margin, const Rational& fallbackHalf);
  // The same around groups of points, each group's projected box grown by its pad on every side (a rounded shape:
  // its core's points and radius; exact for the views whose U and V are unit axes).
  struct Group {
    std::vector<ExactPoint3> points;
    Rational pad;
  };
  static Window around(const std::vector<Group>& groups, const ExactPoint3& u, const ExactPoint3& v,
                       const Rational& margin, const Rational& fallbackHalf);
  // (u, v) of p relative to the window, in [-LIMIT, LIMIT]; `clamped` set when p was outside that.
  std::array<double, 2> normalized(const ExactPoint3& p, const ExactPoint3& u, const ExactPoint3& v,
                                   bool* clamped = nullptr) const;
};

// The same for all three coordinates (the HTML page's frame): a cube around `points`.
struct Window3 {
  ExactPoint3 centre;
  Rational half;
  // Beyond twice the box's half-size a point is drawn at that distance from the centre on each axis.
  static constexpr int LIMIT = 2;
  static Window3 around(const std::vector<ExactPoint3>& points, const Rational& fallbackHalf);
  std::array<double, 3> normalized(const ExactPoint3& p, bool* clamped = nullptr) const;
};

// The text block shared by both pictures: one line per entry; a penetration answer's lines say its verdict's
// kinds and measures instead of the distance verdict's.
std::vector<std::string> textLines3(const Case& value, const oracle::ExactAnswer3& exact, const Judged3& judged);

// The headline under the title: the exact answer, the reported one and the verdict, in one line.
std::string headline3(const oracle::ExactAnswer3& exact, const Judged3& judged);

// A direction's projection (U . d, V . d) scaled exactly to a largest component of 1, then rounded; {0, 0} for a
// direction along the view (the pictures draw a direction as an arrow of fixed length on the screen).
std::array<double, 2> projectedDirection(const ExactPoint3& d, const ExactPoint3& u, const ExactPoint3& v);
// The same for the three coordinates (the page's arrows): d scaled exactly to a largest component of 1.
std::array<double, 3> scaledDirection(const ExactPoint3& d);

// `points` and their mirror images -p: a window around them is centred on the origin (the penetration pictures'
// M, whose marks start at the origin and point every way).
std::vector<ExactPoint3> aroundOrigin(std::vector<ExactPoint3> points);

// Every point a mesh draws (its used vertices).
std::vector<ExactPoint3> usedPoints(const Mesh3& mesh);

}  // namespace gjk::check::picture3
