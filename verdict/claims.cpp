// The claims about strategies (verdict/claims.h), each a deterministic check of one strategy on one case.
//
// Tolerances: every comparison uses the one threshold T = VIOLATION_THRESHOLD_U (verdict/thresholds.h), in
// units u = S 2^-24 of the case (for two cases compared, the larger u). The invariance claims compare a
// strategy with itself: the answers of two equivalent queries may differ by rounding, by no more than T u
// (the same allowance an answer gets against the exact one). Differences are taken in double from the
// strategies' outputs (floats, or perp-f64's doubles): their rounding is below 2^-50 of the numbers, far
// under T u.
#include <bit>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "verdict/claims.h"
#include "verdict/query_seam.h"

#include <algorithm>

#include "core/limits.h"
#include "oracle/oracle3.h"
#include "oracle/oracle3_values.h"
#include "verdict/exact_case.h"
#include "verdict/exact_case3.h"
#include "verdict/thresholds.h"
#include "verdict/verdict3.h"

namespace gjk::check {
namespace {

std::string number(double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.9g", value);
  return buffer;
}

// "(x, y)" for a point of a 2D case, "(x, y, z)" for one of a 3D case.
std::string point(double x, double y, double z, int dimension) {
  return "(" + number(x) + ", " + number(y) + (dimension == 3 ? ", " + number(z) : std::string()) + ")";
}
std::string point(const Point& p, int dimension) { return point(p.x, p.y, p.z, dimension); }
std::string point(const Vertex& v, int dimension) { return point(v.x, v.y, v.z, dimension); }

// The most vertices a shape of a case of this dimension may have.
std::size_t maxVertices(int dimension) {
  return static_cast<std::size_t>(dimension == 3 ? MAX_POLYTOPE_VERTICES : MAX_POLYGON_VERTICES);
}

std::string describe(const StrategyResult& r) {
  return "distance " + number(r.distance) + " (" + std::to_string(r.iterations) + " iterations, " +
         r.termination + ")";
}

// "" when the distances of two answers to equivalent queries agree: both finite and within T u, or both not
// finite. Only the distance is compared (witness points are not unique where edges are parallel; a
// non-finite witness point is terminatesWithinItsCapWithFiniteResults's to report).
std::string compareAnswers(const std::string& variant, const StrategyResult& base,
                           const StrategyResult& other, double unit) {
  const bool finiteBase = std::isfinite(base.distance), finiteOther = std::isfinite(other.distance);
  if (!finiteBase && !finiteOther)
    return "";
  if (finiteBase != finiteOther) {
    return variant + ": " + describe(other) + " vs the original " + describe(base) + ": only one is finite";
  }
  const double differenceU = std::fabs(base.distance - other.distance) / unit;
  if (differenceU <= VIOLATION_THRESHOLD_U)
    return "";
  return variant + ": " + describe(other) + " vs the original " + describe(base) + ", " +
         number(differenceU) + " u apart (T = " + number(VIOLATION_THRESHOLD_U) + " u)";
}

Case withShape(const Case& value, bool shapeA, const ShapeSpec& shape) {
  Case changed = value;
  (shapeA ? changed.a : changed.b) = shape;
  return changed;
}

// Runs the variants and compares each with the original answer; the first disagreement, or "".
std::string compareVariants(const StrategyInfo& strategy, CaseContext& context,
                            const std::vector<ClaimVariant>& variants) {
  const StrategyResult& base = context.result(strategy);
  for (const ClaimVariant& variant : variants) {
    const double unit = std::max(context.unit(), unitOf(variant.value));
    std::string failure = compareAnswers(variant.name, base, strategy.run(variant.value, {}), unit);
    if (!failure.empty())
      return failure;
  }
  return "";
}

// ---------------------------------------------------------------------------------------------------
// Agreement with the oracle: the four kinds of docs/verdict.md as separate claims (together they are judge()).

std::string reportsTheOracleDistanceWithinT(const StrategyInfo& strategy, CaseContext& context) {
  const Verdict& verdict = context.verdict(strategy);
  if (verdict.distanceErrorU <= VIOLATION_THRESHOLD_U)
    return "";
  return describe(context.result(strategy)) + ", exact " + context.exactDistanceDecimal(12) +
         ": error " + number(verdict.distanceErrorU) + " u (T = " + number(VIOLATION_THRESHOLD_U) + " u)";
}

std::string neverClaimsOverlapOrSeparationAgainstTheOracle(const StrategyInfo& strategy,
                                                           CaseContext& context) {
  const Verdict& verdict = context.verdict(strategy);
  for (const std::string& reason : verdict.reasons) {
    if (reason == "false-overlap" || reason == "false-separation") {
      return reason + ": " + describe(context.result(strategy)) + ", exact relation " +
             oracle::relationName(context.exactRelation()) + ", exact distance " +
             context.exactDistanceDecimal(12);
    }
  }
  return "";
}

std::string placesWitnessPointsOnTheirShapes(const StrategyInfo& strategy, CaseContext& context) {
  const Verdict& verdict = context.verdict(strategy);
  if (verdict.witnessErrorU <= VIOLATION_THRESHOLD_U)
    return "";
  const StrategyResult& r = context.result(strategy);
  return "witness points " + point(r.pointA, context.dimension()) + " and " + point(r.pointB, context.dimension()) +
         " are up to " + number(verdict.witnessErrorU) + " u off their shapes; " + describe(r);
}

std::string keepsWitnessPointsTheReportedDistanceApart(const StrategyInfo& strategy, CaseContext& context) {
  const Verdict& verdict = context.verdict(strategy);
  for (const std::string& reason : verdict.reasons) {
    if (reason == "witness-gap") {
      return "|pA - pB| - exact distance = " + number(verdict.witnessGapU) + " u; " +
             describe(context.result(strategy));
    }
  }
  return "";
}

std::string terminatesWithinItsCapWithFiniteResults(const StrategyInfo& strategy, CaseContext& context) {
  const StrategyResult& r = context.result(strategy);
  if (!isFinite(r)) {
    return "not finite: distance " + number(r.distance) + ", pA " + point(r.pointA, context.dimension()) + ", pB " +
           point(r.pointB, context.dimension()) + "; " + describe(r);
  }
  if (r.termination == "iteration-cap" || r.loopTermination == "iteration-cap")
    return "stopped by its iteration cap: " + describe(r);
  return "";
}

// ---------------------------------------------------------------------------------------------------
// Invariances. The variants are built by the *Variants functions (claimVariants), the same in both
// dimensions but where said.

std::vector<ClaimVariant> swappedVariants(const Case& value) {
  Case swapped = value;
  std::swap(swapped.a, swapped.b);
  return {{"A and B swapped", swapped}};
}

// Every cyclic shift and every reversal (with every shift) of one shape's vertex list, the other kept.
std::vector<ClaimVariant> vertexOrderVariants(const Case& value) {
  std::vector<ClaimVariant> variants;
  for (bool shapeA : {true, false}) {
    const ShapeSpec& shape = shapeA ? value.a : value.b;
    const int n = static_cast<int>(shape.vertices.size());
    for (int reversed = 0; reversed < 2; ++reversed) {
      for (int shift = 0; shift < n; ++shift) {
        if (!reversed && shift == 0)
          continue;
        ShapeSpec changed = shape;
        if (reversed)
          std::reverse(changed.vertices.begin(), changed.vertices.end());
        std::rotate(changed.vertices.begin(), changed.vertices.begin() + shift, changed.vertices.end());
        variants.push_back({std::string(shapeA ? "A" : "B") + (reversed ? " reversed and" : "") +
                                " shifted by " + std::to_string(shift),
                            withShape(value, shapeA, changed)});
      }
    }
  }
  return variants;
}

// Each vertex listed twice (the copy right after it), one at a time, and every vertex twice at once.
std::vector<ClaimVariant> duplicateVertexVariants(const Case& value) {
  std::vector<ClaimVariant> variants;
  const std::size_t most = maxVertices(value.dimension);
  for (bool shapeA : {true, false}) {
    const ShapeSpec& shape = shapeA ? value.a : value.b;
    const std::size_t n = shape.vertices.size();
    const std::string name = shapeA ? "A" : "B";
    if (n < most) {
      for (std::size_t i = 0; i < n; ++i) {
        ShapeSpec changed = shape;
        changed.vertices.insert(changed.vertices.begin() + i + 1, shape.vertices[i]);
        variants.push_back({name + " vertex " + std::to_string(i) + " doubled", withShape(value, shapeA, changed)});
      }
    }
    if (2 * n <= most) {
      ShapeSpec changed = shape;
      changed.vertices.clear();
      for (const Vertex& v : shape.vertices) changed.vertices.insert(changed.vertices.end(), 2, v);
      variants.push_back({name + " every vertex doubled", withShape(value, shapeA, changed)});
    }
  }
  return variants;
}

// Each point of pointsInHull added first (GJK starts from vertex 0) and last, one at a time, then all of them.
std::vector<ClaimVariant> interiorPointVariants(const Case& value) {
  std::vector<ClaimVariant> variants;
  const std::size_t most = maxVertices(value.dimension);
  for (bool shapeA : {true, false}) {
    const ShapeSpec& shape = shapeA ? value.a : value.b;
    if (shape.vertices.size() >= most)
      continue;
    const std::vector<Vertex> inside = pointsInHull(shape, value.dimension);
    const std::string name = shapeA ? "A" : "B";
    for (const Vertex& p : inside) {
      const std::string at = " " + point(p, value.dimension);
      ShapeSpec first = shape, last = shape;
      first.vertices.insert(first.vertices.begin(), p);
      last.vertices.push_back(p);
      variants.push_back({name + " with the hull point" + at + " first", withShape(value, shapeA, first)});
      variants.push_back({name + " with the hull point" + at + " last", withShape(value, shapeA, last)});
    }
    ShapeSpec all = shape;
    for (const Vertex& p : inside) {
      if (all.vertices.size() < most)
        all.vertices.push_back(p);
    }
    if (inside.size() > 1)
      variants.push_back({name + " with all its hull points added", withShape(value, shapeA, all)});
  }
  return variants;
}

// Is the float sum x + t exact? TwoSum (Knuth) in double gives the exact rounding error of the double sum
// (valid without contraction, which the build disables); then the sum must also be a float.
bool sumIsExact(float x, float t) {
  const double a = x, b = t;
  const double s = a + b;
  const double bb = s - a;
  const double error = (a - (s - bb)) + (b - bb);
  return error == 0 && std::isfinite(s) && static_cast<double>(static_cast<float>(s)) == s;
}

// Translations reach at most 2^12 times the size of the problem: farther, the squares a float GJK forms
// overflow, which the scale family already shows, and the claim would say nothing about cancellation.
constexpr int MAX_TRANSLATION_EXPONENT_ABOVE_SIZE = 12;

// Powers of two t = +-2^J with x + t exact for every coordinate x given, |t| <= 2^12 S, from the largest
// down.
std::vector<float> exactOffsets(const std::vector<float>& coordinates, double size) {
  std::vector<float> offsets;
  const int top = std::min(127, std::ilogb(size) + MAX_TRANSLATION_EXPONENT_ABOVE_SIZE);
  for (int exponent = top; exponent >= -149; --exponent) {
    for (float sign : {1.0f, -1.0f}) {
      const float t = sign * std::ldexp(1.0f, exponent);
      bool exact = t != 0;
      for (float x : coordinates) exact = exact && sumIsExact(x, t);
      if (exact)
        offsets.push_back(t);
    }
  }
  return offsets;
}

// Translations by (tx, ty[, tz]) of the folded case that keep every world coordinate exact, applied to the
// vertices of both shapes and (a second code path) to both positions; the largest, a middle and the smallest
// offsets, and one along x only.
std::vector<ClaimVariant> translationVariants(const Case& value) {
  const Case base = foldTransforms(value);
  const bool space = base.dimension == 3;
  std::vector<float> xs, ys, zs;
  for (const ShapeSpec* shape : {&base.a, &base.b}) {
    for (const Vertex& v : shape->vertices) xs.push_back(v.x), ys.push_back(v.y), zs.push_back(v.z);
  }
  const double size = unitOf(base) * 0x1p24;
  const std::vector<float> tx = exactOffsets(xs, size), ty = exactOffsets(ys, size);
  const std::vector<float> tz = space ? exactOffsets(zs, size) : std::vector<float>{};
  // The lists run from the largest offset down, + before -: take the largest, a middle one, the smallest,
  // and one along x only.
  auto pick = [](const std::vector<float>& list, std::size_t which) {
    return list.empty() ? 0.0f : list[which % list.size()];
  };
  auto pickFromEnd = [](const std::vector<float>& list, std::size_t which) {
    return list.empty() ? 0.0f : list[list.size() - 1 - which % list.size()];
  };
  struct Offset {
    float x, y, z;
  };
  const std::vector<Offset> offsets = {{pick(tx, 0), pick(ty, 1), pick(tz, 0)},
                                       {pick(tx, tx.size() / 2), pick(ty, ty.size() / 2 + 1), pick(tz, tz.size() / 2)},
                                       {pickFromEnd(tx, 1), pickFromEnd(ty, 0), pickFromEnd(tz, 1)},
                                       {pick(tx, 1), 0.0f, 0.0f}};
  std::vector<ClaimVariant> variants;
  for (const Offset& d : offsets) {
    if (d.x == 0 && d.y == 0 && d.z == 0)
      continue;
    Case moved = base, placed = base;
    for (ShapeSpec* shape : {&moved.a, &moved.b}) {
      for (Vertex& v : shape->vertices) v = {v.x + d.x, v.y + d.y, v.z + d.z};  // exact: checked by exactOffsets
    }
    for (ShapeSpec* shape : {&placed.a, &placed.b}) {
      shape->positionX = d.x, shape->positionY = d.y;
      if (space)
        shape->positionZ = d.z;
    }
    const std::string by = space ? point(d.x, d.y, d.z, 3) : point(d.x, d.y, 0, 2);
    variants.push_back({"vertices translated by " + by, moved});
    variants.push_back({"positions set to " + by, placed});
  }
  return variants;
}

std::string isSymmetricWhenAAndBAreSwapped(const StrategyInfo& strategy, CaseContext& context) {
  return compareVariants(strategy, context, swappedVariants(context.value()));
}

std::string ignoresVertexOrder(const StrategyInfo& strategy, CaseContext& context) {
  return compareVariants(strategy, context, vertexOrderVariants(context.value()));
}

std::string ignoresDuplicateVertices(const StrategyInfo& strategy, CaseContext& context) {
  return compareVariants(strategy, context, duplicateVertexVariants(context.value()));
}

std::string ignoresInteriorPoints(const StrategyInfo& strategy, CaseContext& context) {
  return compareVariants(strategy, context, interiorPointVariants(context.value()));
}

std::string ignoresAnExactTranslation(const StrategyInfo& strategy, CaseContext& context) {
  // The folded case is the reference: folding rounds, so it is a (slightly) different case, and the claim
  // is about its translations only.
  const Case base = foldTransforms(context.value());
  const StrategyResult original = strategy.run(base, {});
  const double baseUnit = unitOf(base);
  for (const ClaimVariant& variant : translationVariants(context.value())) {
    const double unit = std::max(baseUnit, unitOf(variant.value));
    std::string difference = compareAnswers(variant.name + " (transforms folded first)", original,
                                            strategy.run(variant.value, {}), unit);
    if (!difference.empty())
      return difference;
  }
  return "";
}

// A warm start from the query's own final simplex, and from the simplex of a nearby query (B moved by
// about S/16 in x and y), each compared with the cold answer.
std::string warmStartAgreesWithColdStart(const StrategyInfo& strategy, CaseContext& context) {
  const Case& value = context.value();
  CacheRecord own;
  const StrategyResult cold = strategy.run(value, {false, &own});
  std::string failure = compareAnswers("warm-started from its own cache", cold,
                                       strategy.run(value, {false, &own}), context.unit());
  if (!failure.empty())
    return failure;
  Case nearby = value;
  const float step = static_cast<float>(std::ldexp(1.0, std::ilogb(context.unit()) + 24 - 4));
  nearby.b.positionX = value.b.positionX + step;
  nearby.b.positionY = value.b.positionY + step;
  if (!std::isfinite(nearby.b.positionX) || !std::isfinite(nearby.b.positionY))
    return "";
  CacheRecord moved;
  strategy.run(nearby, {false, &moved});
  return compareAnswers(
      "warm-started from the cache of B moved by (" + number(step) + ", " + number(step) + ")", cold,
      strategy.run(value, {false, &moved}), context.unit());
}

// Every strategy that answers the distance query (a penetration-only strategy has no distance to check).
std::string appliesToEveryStrategy(const StrategyInfo& strategy) {
  return answersDistance(strategy.query) ? "" : "a penetration strategy: no distance answer";
}

std::string readsItsCache(const StrategyInfo& strategy) {
  if (!answersDistance(strategy.query)) return "a penetration strategy: no distance answer";
  if (strategy.dimension == 3) {
    return "3D queries start cold: a 3D strategy takes no cache (verdict/query3.h runCoreStrategy3)";
  }
  if (strategy.name.rfind("dyn4j", 0) == 0) {  // dyn4j, dyn4j-f32 and its modified forms
    return "dyn4j has no warm start: the cache is written, never read (core/strategies/dyn4j.h)";
  }
  if (strategy.name == "vdb" || strategy.name.rfind("vdb+", 0) == 0) {
    return "vdb starts from v = 0 as SOLID does: the cache is written, never read (core/strategies/vdb.h)";
  }
  return "";
}

}  // namespace

float exactTranslationStep(const Case& value, double size) {
  auto exact = [](float x, float t) {
    const double s = double(x) + double(t);
    return std::isfinite(s) && double(static_cast<float>(s)) == s;
  };
  for (int exponent = std::ilogb(size) + 2; exponent >= std::ilogb(size) - 8; --exponent) {
    const float t = std::ldexp(1.0f, exponent);
    if (exact(value.a.positionX, t) && exact(value.b.positionX, t) && exact(value.a.positionY, t) &&
        exact(value.b.positionY, t)) {
      return t;
    }
  }
  return 0;
}

double unitOf(const Case& value) {
  if (value.dimension != 3)
    return static_cast<double>(errorUnit(value));
  // errorUnit3's u, S / 2^24, with S = problemScale3 as the exact answer's scale (oracle/oracle3.h).
  return static_cast<double>(unitOfScale(oracle::problemScale3(toOracleShape3(value.a), toOracleShape3(value.b))));
}

std::vector<Vertex> pointsInHull(const ShapeSpec& shape, int dimension) {
  const std::size_t n = shape.vertices.size();
  std::vector<Vertex> candidates;
  double cx = 0, cy = 0, cz = 0;
  for (const Vertex& v : shape.vertices) cx += v.x, cy += v.y, cz += v.z;
  const double count = static_cast<double>(n);
  candidates.push_back({static_cast<float>(cx / count), static_cast<float>(cy / count),
                        static_cast<float>(cz / count)});
  if (dimension == 3) {
    // Centroids of four consecutive vertices: points strictly inside the hull where those four span space.
    for (std::size_t i = 0; i + 4 <= n; ++i) {
      double x = 0, y = 0, z = 0;
      for (std::size_t k = i; k < i + 4; ++k) {
        x += shape.vertices[k].x, y += shape.vertices[k].y, z += shape.vertices[k].z;
      }
      candidates.push_back({static_cast<float>(x / 4), static_cast<float>(y / 4), static_cast<float>(z / 4)});
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t k = i + 1; k < n; ++k) {
      const Vertex& p = shape.vertices[i];
      const Vertex& q = shape.vertices[k];
      candidates.push_back({static_cast<float>((double(p.x) + q.x) / 2), static_cast<float>((double(p.y) + q.y) / 2),
                            static_cast<float>((double(p.z) + q.z) / 2)});
    }
  }
  oracle::InputShape local;
  oracle::InputShape3 local3;
  for (const Vertex& v : shape.vertices) {
    local.vertices.push_back({v.x, v.y});
    local3.vertices.push_back({v.x, v.y, v.z});
  }
  auto inHull = [&](const Vertex& c) {
    if (dimension == 3)
      return oracle::squaredDistanceToCore3(local3, c.x, c.y, c.z) == 0;
    return oracle::squaredDistanceToCore(local, oracle::exactFloat(c.x), oracle::exactFloat(c.y)) == 0;
  };
  std::vector<Vertex> inside;
  for (const Vertex& c : candidates) {
    if (inside.size() >= 6)
      break;
    if (!std::isfinite(c.x) || !std::isfinite(c.y) || !std::isfinite(c.z))
      continue;
    bool known = false;
    for (const Vertex& v : shape.vertices) known = known || (v.x == c.x && v.y == c.y && v.z == c.z);
    // A 3D list can repeat a point (with four vertices the centroid is the one quadruple's); the 2D list keeps
    // its repeats, as it always has, so 2D surveys do not change.
    if (dimension == 3) {
      for (const Vertex& v : inside) known = known || (v.x == c.x && v.y == c.y && v.z == c.z);
    }
    if (known)
      continue;
    if (inHull(c))
      inside.push_back(c);
  }
  return inside;
}

Case foldTransforms(const Case& value) {
  Case result = value;
  for (ShapeSpec* shape : {&result.a, &result.b}) {
    if (value.dimension == 3) {
      // The matrix of the quaternion as given (oracle/oracle3.h InputShape3), in double.
      const double w = shape->quaternionW, qx = shape->quaternionX, qy = shape->quaternionY,
                   qz = shape->quaternionZ;
      const double r[3][3] = {{1 - 2 * (qy * qy + qz * qz), 2 * (qx * qy - w * qz), 2 * (qx * qz + w * qy)},
                              {2 * (qx * qy + w * qz), 1 - 2 * (qx * qx + qz * qz), 2 * (qy * qz - w * qx)},
                              {2 * (qx * qz - w * qy), 2 * (qy * qz + w * qx), 1 - 2 * (qx * qx + qy * qy)}};
      const double p[3] = {shape->positionX, shape->positionY, shape->positionZ};
      for (Vertex& v : shape->vertices) {
        const double local[3] = {v.x, v.y, v.z};
        float world[3];
        for (int i = 0; i < 3; ++i) {
          world[i] = static_cast<float>(r[i][0] * local[0] + r[i][1] * local[1] + r[i][2] * local[2] + p[i]);
        }
        v = {world[0], world[1], world[2]};
      }
      shape->quaternionW = 1, shape->quaternionX = 0, shape->quaternionY = 0, shape->quaternionZ = 0;
      shape->positionX = 0, shape->positionY = 0, shape->positionZ = 0;
      continue;
    }
    const double c = shape->rotationC, s = shape->rotationS;
    for (Vertex& v : shape->vertices) {
      const double x = v.x, y = v.y;
      v = {static_cast<float>(c * x - s * y + shape->positionX), static_cast<float>(s * x + c * y + shape->positionY)};
    }
    shape->rotationC = 1, shape->rotationS = 0, shape->positionX = 0, shape->positionY = 0;
  }
  return result;
}

std::vector<ClaimVariant> claimVariants(const std::string& property, const Case& value) {
  if (property == "isSymmetricWhenAAndBAreSwapped")
    return swappedVariants(value);
  if (property == "ignoresVertexOrder")
    return vertexOrderVariants(value);
  if (property == "ignoresDuplicateVertices")
    return duplicateVertexVariants(value);
  if (property == "ignoresInteriorPoints")
    return interiorPointVariants(value);
  if (property == "ignoresAnExactTranslation")
    return translationVariants(value);
  throw std::invalid_argument("'" + property + "' is not an invariance claim with variants");
}

CaseContext::CaseContext(const Case& value) : value_(value), unit_(unitOf(value)) {}

CaseContext::~CaseContext() = default;

const oracle::ExactAnswer& CaseContext::exact() {
  if (!exact_) exact_ = std::make_unique<oracle::ExactAnswer>(solveExactly(value_));
  return *exact_;
}

const oracle::ExactAnswer3& CaseContext::exact3() {
  if (!judge3_) judge3_ = std::make_unique<CaseJudge3>(value_);
  return judge3_->exact();
}

oracle::Relation CaseContext::exactRelation() { return dimension() == 3 ? exact3().relation : exact().relation; }

std::string CaseContext::exactDistanceDecimal(int significantDigits) {
  return dimension() == 3 ? oracle::distanceDecimal3(exact3(), significantDigits)
                          : oracle::distanceDecimal(exact(), significantDigits);
}

const StrategyResult& CaseContext::result(const StrategyInfo& strategy) {
  auto it = results_.find(strategy.name);
  if (it == results_.end()) {
    if (strategy.dimension != dimension()) {
      throw std::invalid_argument("strategy '" + strategy.name + "' answers " + std::to_string(strategy.dimension) +
                                  "D cases, not this " + std::to_string(dimension()) + "D case");
    }
    it = results_.emplace(strategy.name, strategy.run(value_, {})).first;
  }
  return it->second;
}

const Verdict& CaseContext::verdict(const StrategyInfo& strategy) {
  auto it = verdicts_.find(strategy.name);
  if (it == verdicts_.end()) {
    const StrategyResult& answer = result(strategy);
    if (dimension() == 3) {
      exact3();
      it = verdicts_.emplace(strategy.name, judge3_->judge(answer, strategy)).first;
    } else {
      it = verdicts_.emplace(strategy.name, judge(value_, exact(), answer, strategy)).first;
    }
  }
  return it->second;
}

const std::vector<StrategyProperty>& distanceProperties() {
  static const std::vector<StrategyProperty> PROPERTIES = {
      {"reportsTheOracleDistanceWithinT", "the reported distance is within T u of the exact distance",
       appliesToEveryStrategy, reportsTheOracleDistanceWithinT},
      {"neverClaimsOverlapOrSeparationAgainstTheOracle",
       "no distance 0 when the exact distance exceeds T u, no distance above T u when the shapes touch or "
       "overlap",
       appliesToEveryStrategy, neverClaimsOverlapOrSeparationAgainstTheOracle},
      {"placesWitnessPointsOnTheirShapes",
       "each witness point is within T u of where the strategy's contact convention puts it (its own rounded "
       "shape; a merged point: one of the shapes)",
       appliesToEveryStrategy, placesWitnessPointsOnTheirShapes},
      {"keepsWitnessPointsTheReportedDistanceApart",
       "|pA - pB| is within T u of the exact distance where a distance is due or claimed",
       appliesToEveryStrategy, keepsWitnessPointsTheReportedDistanceApart},
      {"terminatesWithinItsCapWithFiniteResults",
       "the loop ends before its iteration cap and every output is finite", appliesToEveryStrategy,
       terminatesWithinItsCapWithFiniteResults},
      {"isSymmetricWhenAAndBAreSwapped", "distance(B, A) is within T u of distance(A, B)",
       appliesToEveryStrategy, isSymmetricWhenAAndBAreSwapped},
      {"ignoresVertexOrder",
       "cyclic shifts and reversals of either vertex list change the distance by at most T u",
       appliesToEveryStrategy, ignoresVertexOrder},
      {"ignoresDuplicateVertices", "listing vertices twice changes the distance by at most T u",
       appliesToEveryStrategy, ignoresDuplicateVertices},
      {"ignoresInteriorPoints",
       "adding points of the hull that are not vertices changes the distance by at most T u",
       appliesToEveryStrategy, ignoresInteriorPoints},
      {"ignoresAnExactTranslation",
       "translating both shapes by an offset that keeps every coordinate exact changes the distance by at "
       "most T u",
       appliesToEveryStrategy, ignoresAnExactTranslation},
      {"warmStartAgreesWithColdStart",
       "a query warm-started from its own cache or a nearby query's is within T u of the cold query",
       readsItsCache, warmStartAgreesWithColdStart},
  };
  return PROPERTIES;
}

// Every query's claims, in queries() order (the distance claims, then the penetration claims, ...).
const std::vector<StrategyProperty>& strategyProperties() {
  static const std::vector<StrategyProperty> PROPERTIES = [] {
    std::vector<StrategyProperty> all;
    for (const Query* query : queries()) all.insert(all.end(), query->properties().begin(), query->properties().end());
    return all;
  }();
  return PROPERTIES;
}

const StrategyProperty& strategyProperty(const std::string& name) {
  for (const StrategyProperty& property : strategyProperties()) {
    if (property.name == name)
      return property;
  }
  throw std::invalid_argument("unknown strategy property '" + name + "'");
}

const std::vector<ContractClaim>& contractClaims() {
  // Sign symmetry: the Box2D 2.4.1 loop (core/gjk_loop.h, core/simplex.h) with A and B swapped sees
  // w' = -w for every Minkowski point; every product in Solve2/Solve3 has an even number of w factors or
  // compares with 0 after an exact negation, the support of the swapped shapes along -d picks the same
  // indices (first maximum, same float dot products), and the witness points swap. So the answer is the
  // same float computation up to exact negations: distance(B, A) = distance(A, B) bit for bit.
  // Duplicates: the support functions take the first maximum with a strict comparison, so a repeated
  // vertex is never chosen over its first copy; the loop sees the same points and indices.
  // Finite results: perp-f64's largest intermediate for float inputs is a Solve3 weight, a product of
  // four coordinate differences below 2^130 each, far below double's 2^1024.
  static const std::vector<ContractClaim> CLAIMS = [] {
    std::vector<ContractClaim> claims;
    const char* symmetric = "the Box2D 2.4.1 loop is sign-symmetric: swapping A and B negates every "
                            "Minkowski point exactly and changes no rounding";
    const char* duplicates = "the support function takes the first maximum (strict >): a repeated vertex is "
                             "never chosen over its first copy";
    for (const char* name : {"naive", "perp", "perp-f64", "box2d-2.4.1"}) {
      claims.push_back({name, "isSymmetricWhenAAndBAreSwapped", symmetric});
    }
    for (const char* name : {"naive", "perp", "perp-f64", "box2d-2.4.1", "box2d-v3.1", "box2d-v3"}) {
      claims.push_back({name, "ignoresDuplicateVertices", duplicates});
    }
    claims.push_back({"perp-f64", "terminatesWithinItsCapWithFiniteResults",
                      "float inputs stay far inside double's range: a Solve3 weight is below 2^520"});
    return claims;
  }();
  return CLAIMS;
}

}  // namespace gjk::check
