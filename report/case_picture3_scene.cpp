#include "report/case_picture3_scene.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "oracle/exact3.h"
#include "oracle/hull3.h"
#include "oracle/oracle3_values.h"
#include "verdict/penetration_verdict.h"
#include "report/answer_format.h"
#include "verdict/exact_case3.h"
#include "verdict/thresholds.h"
#include "verdict/verdict3.h"

namespace gjk::check::picture3 {
namespace {

using oracle::Integer;
using oracle::IntPoint3;

ExactPoint3 sub(const ExactPoint3& l, const ExactPoint3& r) { return {l.x - r.x, l.y - r.y, l.z - r.z}; }
ExactPoint3 add(const ExactPoint3& l, const ExactPoint3& r) { return {l.x + r.x, l.y + r.y, l.z + r.z}; }
ExactPoint3 mul(const Rational& s, const ExactPoint3& p) { return {s * p.x, s * p.y, s * p.z}; }
ExactPoint3 cross3(const ExactPoint3& l, const ExactPoint3& r) {
  return {l.y * r.z - l.z * r.y, l.z * r.x - l.x * r.z, l.x * r.y - l.y * r.x};
}
bool isZero3(const ExactPoint3& p) { return p.x == 0 && p.y == 0 && p.z == 0; }

ExactPoint3 rationalOf(const IntPoint3& p) {
  return {Rational(p.x), Rational(p.y), Rational(p.z)};
}

// The hull of integer points (units of 2^exponent) as a mesh in world rationals.
Mesh3 meshOf(const std::vector<IntPoint3>& input, int exponent) {
  const oracle::Hull3 hull = oracle::convexHull3(input);
  Mesh3 mesh;
  mesh.dimension = hull.dimension;
  for (const IntPoint3& p : hull.points) mesh.points.push_back(oracle::scaledPoint3(p, exponent));
  if (hull.dimension == 1) {
    mesh.edges.push_back({hull.ends[0], hull.ends[1]});
  } else if (hull.dimension == 2) {
    const std::vector<int>& polygon = hull.polygon;
    const ExactPoint3 normal = rationalOf(hull.planeNormal);
    for (size_t i = 1; i + 1 < polygon.size(); ++i) {
      mesh.faces.push_back({polygon[0], polygon[i], polygon[i + 1]});
      mesh.normals.push_back(normal);
    }
    for (size_t i = 0; i < polygon.size(); ++i) {
      mesh.edges.push_back({polygon[i], polygon[(i + 1) % polygon.size()]});
    }
  } else if (hull.dimension == 3) {
    // Each undirected edge with the faces on its two sides, in the order first met (deterministic).
    std::map<std::pair<int, int>, size_t> index;
    for (size_t f = 0; f < hull.faces.size(); ++f) {
      const oracle::HullFace3& face = hull.faces[f];
      mesh.faces.push_back({face.vertex[0], face.vertex[1], face.vertex[2]});
      mesh.normals.push_back(rationalOf(face.normal));
      for (int k = 0; k < 3; ++k) {
        const int from = face.vertex[k];
        const int to = face.vertex[(k + 1) % 3];
        const std::pair<int, int> key{std::min(from, to), std::max(from, to)};
        auto found = index.find(key);
        if (found == index.end()) {
          index.emplace(key, mesh.edges.size());
          mesh.edges.push_back({from, to, static_cast<int>(f), -1});
        } else {
          mesh.edges[found->second].face1 = static_cast<int>(f);
        }
      }
    }
    // A diagonal between coplanar triangles (outward normals parallel, same direction) is not an edge of the
    // polytope: left out, exactly.
    std::vector<Mesh3::Edge> kept;
    for (const Mesh3::Edge& edge : mesh.edges) {
      if (edge.face1 >= 0) {
        const IntPoint3& n0 = hull.faces[edge.face0].normal;
        const IntPoint3& n1 = hull.faces[edge.face1].normal;
        if (oracle::isZero(oracle::cross(n0, n1)) && oracle::dot(n0, n1) > 0) continue;
      }
      kept.push_back(edge);
    }
    mesh.edges = std::move(kept);
  }
  return mesh;
}

// Barycentric coordinates of q (in the plane of the triangle, exactly) in the triangle p0 p1 p2; nullopt when q
// is off the plane or outside the triangle, or the triangle is degenerate.
std::optional<std::array<Rational, 3>> inTriangle(const ExactPoint3& q, const ExactPoint3& p0, const ExactPoint3& p1,
                                                  const ExactPoint3& p2) {
  const ExactPoint3 e1 = sub(p1, p0);
  const ExactPoint3 e2 = sub(p2, p0);
  const ExactPoint3 n = cross3(e1, e2);
  const Rational nn = dot3(n, n);
  if (nn == 0) return std::nullopt;
  const ExactPoint3 d = sub(q, p0);
  if (dot3(n, d) != 0) return std::nullopt;
  const Rational l1 = dot3(n, cross3(d, e2)) / nn;
  const Rational l2 = dot3(n, cross3(e1, d)) / nn;
  const Rational l0 = 1 - l1 - l2;
  if (l0 < 0 || l1 < 0 || l2 < 0) return std::nullopt;
  return std::array<Rational, 3>{l0, l1, l2};
}

// q written as a convex combination of at most three points of M's hull: (point index, weight) pairs.
std::vector<std::pair<int, Rational>> combination(const Mesh3& m, const ExactPoint3& q) {
  if (m.dimension == 0) return {{0, Rational(1)}};
  if (m.dimension == 1) {
    const ExactPoint3& p0 = m.points[m.edges[0].from];
    const ExactPoint3& p1 = m.points[m.edges[0].to];
    const ExactPoint3 e = sub(p1, p0);
    const Rational t = dot3(sub(q, p0), e) / dot3(e, e);
    if (!isZero3(sub(add(p0, mul(t, e)), q)) || t < 0 || t > 1) return {};
    return {{m.edges[0].from, 1 - t}, {m.edges[0].to, t}};
  }
  for (const std::array<int, 3>& face : m.faces) {
    if (auto weights = inTriangle(q, m.points[face[0]], m.points[face[1]], m.points[face[2]])) {
      return {{face[0], (*weights)[0]}, {face[1], (*weights)[1]}, {face[2], (*weights)[2]}};
    }
  }
  return {};
}

std::optional<ExactPoint3> widened(const Point& p) {
  if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return std::nullopt;
  return ExactPoint3{Rational(p.x), Rational(p.y), Rational(p.z)};
}

std::string pointText(const Point& p, const std::string& scalar) {
  return "(" + scalarDecimal(p.x, scalar) + ", " + scalarDecimal(p.y, scalar) + ", " + scalarDecimal(p.z, scalar) +
         ")";
}

std::string numberU(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

// The exact rational of a high-precision value (mpq_set_f is exact).
Rational exactly(const oracle::HighPrecision& value) {
  Rational result;
  mpq_set_f(result.backend().data(), value.backend().data());
  return result;
}

oracle::HighPrecision highPrecision(const Rational& value) {
  return oracle::HighPrecision(numerator(value)) / oracle::HighPrecision(denominator(value));
}

// The penetration answer's points (Scene3): the exact minimal translation and normal, the reported ones and the
// reported contact points.
void addPenetration(Scene3& scene, const oracle::ExactAnswer3& exact, const PenetrationAnswer& reported) {
  if (const std::optional<ExactPoint3> normal = oracle::minimalNormal3(exact)) {
    scene.exactNormal = *normal;
    // -depth* n / |n|: the scale depth* / |n| in high precision, then exact.
    const oracle::HighPrecision depth = oracle::penetrationDepth3(exact);
    const Rational scale = exactly(depth / sqrt(highPrecision(dot3(*normal, *normal))));
    scene.exactTranslation = mul(-scale, *normal);
  }
  if (!reported.answered || !reported.overlapping || reported.failure != EngineFailure::None) return;
  scene.pointA = widened(reported.pointA);
  scene.pointB = widened(reported.pointB);
  const std::optional<ExactPoint3> normal = widened(reported.normal);
  if (normal && !isZero3(*normal)) scene.reportedNormal = normal;
  if (normal && std::isfinite(reported.depth)) scene.reportedTranslation = mul(-Rational(reported.depth), *normal);
}

}  // namespace

std::array<double, 2> projectedDirection(const ExactPoint3& d, const ExactPoint3& u, const ExactPoint3& v) {
  const Rational pu = dot3(d, u);
  const Rational pv = dot3(d, v);
  const Rational largest = std::max(abs(pu), abs(pv));
  if (largest == 0) return {0, 0};
  return {Rational(pu / largest).convert_to<double>(), Rational(pv / largest).convert_to<double>()};
}

std::array<double, 3> scaledDirection(const ExactPoint3& d) {
  const Rational largest = std::max({abs(d.x), abs(d.y), abs(d.z)});
  if (largest == 0) return {0, 0, 0};
  return {Rational(d.x / largest).convert_to<double>(), Rational(d.y / largest).convert_to<double>(),
          Rational(d.z / largest).convert_to<double>()};
}

Rational dot3(const ExactPoint3& l, const ExactPoint3& r) { return l.x * r.x + l.y * r.y + l.z * r.z; }

Scene3 buildScene3(const Case& value, const oracle::ExactAnswer3& exact, const Judged3& judged) {
  const StrategyResult& result = judged.result;
  if (value.dimension != 3) throw CaseError(value.source, 0, "a 2D case: the 3D picture draws 3D cases only");
  const oracle::InputShape3 shapeA = toOracleShape3(value.a);
  const oracle::InputShape3 shapeB = toOracleShape3(value.b);
  const oracle::ScaledCase3 scaled = oracle::scaleCase3(shapeA, shapeB);
  Scene3 scene;
  scene.a = meshOf(scaled.worldA, scaled.exponent);
  scene.b = meshOf(scaled.worldB, scaled.exponent);
  const std::vector<IntPoint3> cloud = oracle::minkowskiCloud3(scaled);
  scene.m = meshOf(cloud, scaled.exponent);
  scene.closestM = exact.closestPoint;

  if (!exact.originInInterior) {
    // q = sum w_k m_k over hull points of M; each m_k = b_j - a_i for a pair of world vertices (the first such
    // pair in the cloud's order), so a = sum w_k a_i and b = sum w_k b_j are points of the cores with b - a = q.
    const std::vector<std::pair<int, Rational>> weights = combination(scene.m, exact.closestPoint);
    if (!weights.empty()) {
      ExactPoint3 a{0, 0, 0};
      ExactPoint3 b{0, 0, 0};
      const size_t countA = scaled.worldA.size();
      bool found = true;
      for (const auto& [index, weight] : weights) {
        // The mesh's point back in integer units, to find its pair.
        const ExactPoint3& p = scene.m.points[index];
        size_t k = cloud.size();
        for (size_t c = 0; c < cloud.size() && k == cloud.size(); ++c) {
          const ExactPoint3 candidate = oracle::scaledPoint3(cloud[c], scaled.exponent);
          if (candidate.x == p.x && candidate.y == p.y && candidate.z == p.z) k = c;
        }
        if (k == cloud.size()) {
          found = false;
          break;
        }
        a = add(a, mul(weight, oracle::scaledPoint3(scaled.worldA[k % countA], scaled.exponent)));
        b = add(b, mul(weight, oracle::scaledPoint3(scaled.worldB[k / countA], scaled.exponent)));
      }
      if (found) scene.closestPair = std::array<ExactPoint3, 2>{a, b};
    }
  }
  if (judged.drawsPenetration()) {
    addPenetration(scene, exact, result.penetration);
  } else {
    scene.pointA = widened(result.pointA);
    scene.pointB = widened(result.pointB);
    if (scene.pointA && scene.pointB) scene.reportedDifference = sub(*scene.pointB, *scene.pointA);
  }
  for (const TraceRecord& record : result.trace) {
    if (record.simplex.empty()) continue;
    std::vector<ExactPoint3> points;
    ExactPoint3 closest{0, 0, 0};
    bool finite = true;
    for (const TraceVertex& v : record.simplex) {
      const std::optional<ExactPoint3> w = widened(v.w);
      finite = finite && w && std::isfinite(v.a);
      if (!finite) break;
      points.push_back(*w);
      if (record.simplex.size() < 4) closest = add(closest, mul(Rational(v.a), *w));
    }
    if (!finite) continue;
    scene.simplexPath.push_back(closest);
    scene.finalSimplex = points;
  }
  return scene;
}

std::vector<View3> worldViews() {
  std::vector<View3> views;
  views.push_back({"top", "top: x right, y up (seen from +z)", {1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
  views.push_back({"front", "front: x right, z up (seen from -y)", {1, 0, 0}, {0, 0, 1}, {0, -1, 0}});
  views.push_back({"side", "side: y right, z up (seen from +x)", {0, 1, 0}, {0, 0, 1}, {1, 0, 0}});
  views.push_back(obliqueView());
  return views;
}

View3 obliqueView() {
  // Seen from (1, -1, 1): right (1, 1, 0) and up (-1, 1, 2) scaled by 15/26 (about sqrt(2) / sqrt(6) = 1 / sqrt(3),
  // so that both screen axes have nearly the same scale); right x up is along (1, -1, 1).
  const Rational k(15, 26);
  return {"oblique", "oblique (seen from +x, -y, +z)", {1, 1, 0}, {-k, k, 2 * k}, {1, -1, 1}};
}

Window Window::around(const std::vector<ExactPoint3>& points, const ExactPoint3& u, const ExactPoint3& v,
                      const Rational& margin, const Rational& fallbackHalf) {
  return around(std::vector<Group>{{points, Rational(0)}}, u, v, margin, fallbackHalf);
}

Window Window::around(const std::vector<Group>& groups, const ExactPoint3& u, const ExactPoint3& v,
                      const Rational& margin, const Rational& fallbackHalf) {
  Rational minU, maxU, minV, maxV;
  bool first = true;
  for (const Group& group : groups) {
    for (const ExactPoint3& point : group.points) {
      const Rational pu = dot3(point, u);
      const Rational pv = dot3(point, v);
      const Rational lowU = pu - group.pad, highU = pu + group.pad, lowV = pv - group.pad, highV = pv + group.pad;
      if (first || lowU < minU) minU = lowU;
      if (first || highU > maxU) maxU = highU;
      if (first || lowV < minV) minV = lowV;
      if (first || highV > maxV) maxV = highV;
      first = false;
    }
  }
  Window window;
  window.centreU = (minU + maxU) / 2;
  window.centreV = (minV + maxV) / 2;
  const Rational extent = std::max(Rational(maxU - minU), Rational(maxV - minV)) / 2;
  window.half = extent == 0 ? fallbackHalf : Rational(extent * (1 + margin));
  return window;
}

namespace {
double clampedDouble(const Rational& relative, const Rational& half, int limitValue, bool* clamped) {
  Rational r = relative / half;
  const Rational limit(limitValue);
  if (r > limit || r < -limit) {
    if (clamped != nullptr) *clamped = true;
    r = r > 0 ? limit : Rational(-limit);
  }
  return r.convert_to<double>();
}
}  // namespace

std::array<double, 2> Window::normalized(const ExactPoint3& p, const ExactPoint3& u, const ExactPoint3& v,
                                         bool* clamped) const {
  return {clampedDouble(dot3(p, u) - centreU, half, LIMIT, clamped),
          clampedDouble(dot3(p, v) - centreV, half, LIMIT, clamped)};
}

Window3 Window3::around(const std::vector<ExactPoint3>& points, const Rational& fallbackHalf) {
  ExactPoint3 low, high;
  for (size_t i = 0; i < points.size(); ++i) {
    const ExactPoint3& p = points[i];
    if (i == 0) {
      low = high = p;
      continue;
    }
    low = {std::min(low.x, p.x), std::min(low.y, p.y), std::min(low.z, p.z)};
    high = {std::max(high.x, p.x), std::max(high.y, p.y), std::max(high.z, p.z)};
  }
  Window3 window;
  window.centre = mul(Rational(1, 2), add(low, high));
  const Rational extent = std::max({Rational(high.x - low.x), Rational(high.y - low.y), Rational(high.z - low.z)}) / 2;
  window.half = extent == 0 ? fallbackHalf : extent;
  return window;
}

std::array<double, 3> Window3::normalized(const ExactPoint3& p, bool* clamped) const {
  return {clampedDouble(p.x - centre.x, half, LIMIT, clamped), clampedDouble(p.y - centre.y, half, LIMIT, clamped),
          clampedDouble(p.z - centre.z, half, LIMIT, clamped)};
}

std::vector<ExactPoint3> aroundOrigin(std::vector<ExactPoint3> points) {
  const size_t count = points.size();
  for (size_t i = 0; i < count; ++i) points.push_back(mul(Rational(-1), points[i]));
  return points;
}

std::vector<ExactPoint3> usedPoints(const Mesh3& mesh) {
  if (mesh.dimension == 0) return {mesh.points.at(0)};
  std::vector<ExactPoint3> used;
  for (const Mesh3::Edge& edge : mesh.edges) {
    used.push_back(mesh.points[edge.from]);
    used.push_back(mesh.points[edge.to]);
  }
  return used;
}

namespace {

std::string measureU(const QueryVerdict& verdict, int k) {
  const double value = k < static_cast<int>(verdict.measures.size()) ? verdict.measures[k] : NAN;
  return std::isnan(value) ? "-" : numberU(value);  // NaN: nothing measured
}

std::string unitText(const ExactPoint3& direction) {
  return "(" + oracle::unitComponentDecimal3(direction, 0, 12) + ", " +
         oracle::unitComponentDecimal3(direction, 1, 12) + ", " + oracle::unitComponentDecimal3(direction, 2, 12) +
         ")";
}

// The reported penetration answer in a few words: its failure, no answer, separated, or depth and normal.
std::string penetrationAnswer(const PenetrationAnswer& p, const std::string& scalar) {
  if (p.failure != EngineFailure::None) return std::string(engineFailureName(p.failure)) + ": " + p.failureDetail;
  if (!p.answered) return "no answer";
  if (!p.overlapping) return "separated (no overlap claimed)";
  return "overlapping, depth " + scalarDecimal(p.depth, scalar) + ", normal " + pointText(p.normal, scalar);
}

std::string penetrationOutcome(const QueryVerdict& verdict) {
  if (verdict.violation) return "VIOLATION (" + penetrationQuery().reasonList(verdict) + ")";
  if (verdict.failure == EngineFailure::Refused) return "refused (not judged)";
  return verdict.judged ? "ok" : "not judged (no answer)";
}

// The exact penetration: the depth of the rounded shapes along the minimal normal, when they touch or overlap.
std::string exactPenetrationLine(const oracle::ExactAnswer3& exact) {
  if (exact.relation == oracle::Relation::Separated) return "exact penetration: none (separated)";
  std::string line = "exact penetration: depth " + oracle::penetrationDepthDecimal3(exact, 30);
  const std::optional<ExactPoint3> normal = oracle::minimalNormal3(exact);
  if (!normal) return line + ", no single minimal normal (the origin is on the boundary of M)";
  return line + " along n* " + unitText(*normal) + " (from A towards B)";
}

}  // namespace

std::vector<std::string> textLines3(const Case& value, const oracle::ExactAnswer3& exact, const Judged3& judged) {
  const StrategyInfo& strategy = judged.strategy;
  const StrategyResult& result = judged.result;
  std::vector<std::string> lines;
  lines.push_back("case: " + value.source);
  const std::string story = value.metaValue("story");
  if (!story.empty()) lines.push_back("story: " + story);
  lines.push_back(std::string("relation: ") + oracle::relationName(exact.relation) +
                  (exact.originInInterior ? " (the origin is inside M: the cores overlap)" : ""));
  lines.push_back("exact distance: " + oracle::distanceDecimal3(exact, 30));
  if (judged.drawsPenetration()) lines.push_back(exactPenetrationLine(exact));
  lines.push_back("radius rA + rB: " + oracle::decimalString(exact.radius, 17) + " (rA " +
                  oracle::decimalString(Rational(static_cast<double>(value.a.radius)), 17) + ", rB " +
                  oracle::decimalString(Rational(static_cast<double>(value.b.radius)), 17) +
                  "; the closest points drawn are those of the cores)");
  lines.push_back("scale S: " + oracle::decimalString(exact.scale, 17) + " (u = S * 2^-24, threshold " +
                  numberU(VIOLATION_THRESHOLD_U) + " u)");
  lines.push_back("strategy: " + strategy.name + " (" + strategy.scalar + ", " +
                  contactConventionName(strategy.contact) + ")");
  if (judged.drawsPenetration()) {
    const QueryVerdict& verdict = *judged.penetration;
    const PenetrationAnswer& p = result.penetration;
    lines.push_back("reported penetration: " + penetrationAnswer(p, strategy.scalar));
    if (p.failure == EngineFailure::None && p.answered && p.overlapping) {
      lines.push_back("reported contact pA: " + pointText(p.pointA, strategy.scalar));
      lines.push_back("reported contact pB: " + pointText(p.pointB, strategy.scalar));
    }
    lines.push_back("errors in u: depth " + measureU(verdict, PENETRATION_DEPTH_ERROR) + ", normal " +
                    measureU(verdict, PENETRATION_NORMAL_ERROR) + ", contact " +
                    measureU(verdict, PENETRATION_CONTACT_ERROR));
    lines.push_back("verdict (penetration): " + penetrationOutcome(verdict));
  } else {
    const Verdict& verdict = *judged.distance;
    lines.push_back("reported distance: " + scalarDecimal(result.distance, strategy.scalar));
    lines.push_back("reported pA: " + pointText(result.pointA, strategy.scalar));
    lines.push_back("reported pB: " + pointText(result.pointB, strategy.scalar));
    lines.push_back("errors in u: distance " + numberU(verdict.distanceErrorU) + ", witness " +
                    numberU(verdict.witnessErrorU) + ", gap " + numberU(verdict.witnessGapU));
    lines.push_back(std::string("verdict: ") + (verdict.violation ? "VIOLATION" : "ok") + " (" +
                    reasonList(verdict) + ")");
  }
  // Iterations and termination as far as they are the drawn answer's: an engine of both reports its distance
  // query's, and an engine may report none.
  if (result.termination.empty()) {
    lines.push_back(strategy.name + " reports no termination or iteration count");
  } else if (!judged.drawsPenetration() || !answersDistance(strategy.query)) {
    lines.push_back("iterations: " + std::to_string(result.iterations) + ", termination: " + result.termination);
  }
  if (result.trace.empty()) {
    lines.push_back("simplex path: not drawn (" + strategy.name + " records no iteration trace)");
  } else {
    lines.push_back("simplex path: " + std::to_string(result.trace.size()) + " trace steps, the final simplex of " +
                    std::to_string(result.trace.back().simplex.size()) + " points (docs/trace.md)");
  }
  return lines;
}

std::string headline3(const oracle::ExactAnswer3& exact, const Judged3& judged) {
  const std::string relation = oracle::relationName(exact.relation);
  const std::string& scalar = judged.strategy.scalar;
  if (!judged.drawsPenetration()) {
    return relation + ", exact distance " + oracle::distanceDecimal3(exact, 30) + ", reported " +
           scalarDecimal(judged.result.distance, scalar) + (judged.distance->violation ? ", VIOLATION" : ", ok");
  }
  const PenetrationAnswer& p = judged.result.penetration;
  std::string text = relation + (exact.relation == oracle::Relation::Separated
                                     ? ", exact distance " + oracle::distanceDecimal3(exact, 30)
                                     : ", exact depth " + oracle::penetrationDepthDecimal3(exact, 17));
  text += ", reported " + (p.failure != EngineFailure::None ? std::string(engineFailureName(p.failure))
                           : !p.answered                    ? std::string("no answer")
                           : !p.overlapping                 ? std::string("separated")
                                                            : "depth " + scalarDecimal(p.depth, scalar));
  return text + (judged.penetration->violation ? ", VIOLATION (" + penetrationQuery().reasonList(*judged.penetration) +
                                                     ")"
                                               : ", ok");
}

}  // namespace gjk::check::picture3
