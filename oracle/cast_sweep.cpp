// The certified enclosure of a rotating sweep's first contact (cast_sweep.h): branch and bound over time with
// MPFI intervals (outward rounding), the directions and witness points chosen in double precision.
#include "oracle/cast_sweep.h"

#include <mpfi.h>
#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <utility>
#include <vector>

namespace gjk::oracle {

namespace {

constexpr mpfr_prec_t PRECISION = 133;

// An MPFI interval: every operation's result contains every real result of its operands' points.
class Iv {
 public:
  Iv() { mpfi_init2(v_, PRECISION); }
  explicit Iv(double x) : Iv() { mpfi_set_d(v_, x); }
  Iv(double lo, double hi) : Iv() { mpfi_interv_d(v_, lo, hi); }
  Iv(const Iv& other) : Iv() { mpfi_set(v_, other.v_); }
  Iv& operator=(const Iv& other) {
    mpfi_set(v_, other.v_);
    return *this;
  }
  ~Iv() { mpfi_clear(v_); }
  static Iv ofRational(const Rational& q) {
    Iv out;
    mpfi_set_q(out.v_, q.backend().data());
    return out;
  }
  friend Iv operator+(const Iv& x, const Iv& y) {
    Iv out;
    mpfi_add(out.v_, x.v_, y.v_);
    return out;
  }
  friend Iv operator-(const Iv& x, const Iv& y) {
    Iv out;
    mpfi_sub(out.v_, x.v_, y.v_);
    return out;
  }
  friend Iv operator*(const Iv& x, const Iv& y) {
    Iv out;
    mpfi_mul(out.v_, x.v_, y.v_);
    return out;
  }
  friend Iv operator*(const Iv& x, double y) {
    Iv out;
    mpfi_mul_d(out.v_, x.v_, y);
    return out;
  }
  friend Iv operator/(const Iv& x, const Iv& y) {
    Iv out;
    mpfi_div(out.v_, x.v_, y.v_);
    return out;
  }
  Iv sqr() const {
    Iv out;
    mpfi_sqr(out.v_, v_);
    return out;
  }
  Iv sqrt() const {
    Iv out;
    mpfi_sqrt(out.v_, v_);
    return out;
  }
  Iv sin() const {
    Iv out;
    mpfi_sin(out.v_, v_);
    return out;
  }
  Iv cos() const {
    Iv out;
    mpfi_cos(out.v_, v_);
    return out;
  }
  // Certainly below / above y: every point of this interval is < (>) every point of y.
  bool certainlyBelow(const Iv& y) const { return mpfr_cmp(&v_->right, &y.v_->left) < 0; }
  bool certainlyAbove(const Iv& y) const { return mpfr_cmp(&v_->left, &y.v_->right) > 0; }
  bool atMost(const Iv& y) const { return mpfr_cmp(&v_->right, &y.v_->left) <= 0; }
  bool positive() const { return mpfr_sgn(&v_->left) > 0; }
  bool negative() const { return mpfr_sgn(&v_->right) < 0; }
  bool nan() const { return mpfi_nan_p(v_) != 0; }
  // The left (right) end as a point interval: exact, the ends having the same precision.
  Iv leftEnd() const {
    Iv out;
    mpfi_set_fr(out.v_, &v_->left);
    return out;
  }
  Iv rightEnd() const {
    Iv out;
    mpfi_set_fr(out.v_, &v_->right);
    return out;
  }
  bool leftBelow(const Iv& y) const { return mpfr_cmp(&v_->left, &y.v_->left) < 0; }
  bool rightAbove(const Iv& y) const { return mpfr_cmp(&v_->right, &y.v_->right) > 0; }

 private:
  mpfi_t v_;
};

struct IvPoint {
  Iv x, y;
};
struct DPoint {
  double x = 0, y = 0;
};

double cross(DPoint o, DPoint p, DPoint q) { return (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x); }

Iv cross(const IvPoint& o, const IvPoint& p, const IvPoint& q) {
  return (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x);
}

// The indices of the convex hull of points, counter-clockwise (monotone chain in double: it only chooses
// candidates; nothing is certified by it). One or two indices for a point or a segment.
std::vector<int> hullInDouble(const std::vector<DPoint>& points) {
  std::vector<int> order(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) order[i] = static_cast<int>(i);
  std::sort(order.begin(), order.end(), [&](int i, int j) {
    return points[i].x < points[j].x || (points[i].x == points[j].x && points[i].y < points[j].y);
  });
  order.erase(std::unique(order.begin(), order.end(),
                          [&](int i, int j) { return points[i].x == points[j].x && points[i].y == points[j].y; }),
              order.end());
  if (order.size() <= 2) return order;
  std::vector<int> hull(2 * order.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    while (k >= 2 && cross(points[hull[k - 2]], points[hull[k - 1]], points[order[i]]) <= 0) --k;
    hull[k++] = order[i];
  }
  for (std::size_t i = order.size() - 1, lower = k + 1; i > 0; --i) {
    while (k >= lower && cross(points[hull[k - 2]], points[hull[k - 1]], points[order[i - 1]]) <= 0) --k;
    hull[k++] = order[i - 1];
  }
  hull.resize(k - 1);
  return hull;
}

// A point of a shape written as vertex i + w (vertex k − vertex i), w in [0, 1] a double: a point of the
// segment between two of its vertices, so of the shape, whatever rounding chose w.
struct SegmentPoint {
  int i = 0, k = 0;
  double w = 0;
};

// The closest points of the two vertex sets' hulls in double (vertex against edge, both ways), and whether
// they look overlapping.
struct DoubleWitness {
  SegmentPoint onA, onB;
  double distance = 0;
  DPoint direction;  // from the point on A to the point on B, unit (0 when the distance is 0)
};

SegmentPoint closestOnSegment(const std::vector<DPoint>& pts, int i, int k, DPoint q, double& distanceSquared) {
  const DPoint a = pts[i], b = pts[k];
  const double ex = b.x - a.x, ey = b.y - a.y;
  const double ee = ex * ex + ey * ey;
  double w = ee > 0 ? ((q.x - a.x) * ex + (q.y - a.y) * ey) / ee : 0;
  w = std::clamp(w, 0.0, 1.0);
  const double px = a.x + w * ex - q.x, py = a.y + w * ey - q.y;
  distanceSquared = px * px + py * py;
  return SegmentPoint{i, k, w};
}

std::vector<std::pair<int, int>> edgesOf(const std::vector<int>& hull) {
  std::vector<std::pair<int, int>> edges;
  if (hull.size() == 1) edges.push_back({hull[0], hull[0]});
  if (hull.size() == 2) edges.push_back({hull[0], hull[1]});
  if (hull.size() >= 3)
    for (std::size_t e = 0; e < hull.size(); ++e) edges.push_back({hull[e], hull[(e + 1) % hull.size()]});
  return edges;
}

DoubleWitness closestInDouble(const std::vector<DPoint>& a, const std::vector<int>& hullA,
                              const std::vector<DPoint>& b, const std::vector<int>& hullB) {
  DoubleWitness best;
  double bestSquared = INFINITY;
  for (const auto& [i, k] : edgesOf(hullA)) {
    for (int j : hullB) {
      double d2 = 0;
      const SegmentPoint onA = closestOnSegment(a, i, k, b[j], d2);
      if (d2 < bestSquared) bestSquared = d2, best.onA = onA, best.onB = SegmentPoint{j, j, 0};
    }
  }
  for (const auto& [j, l] : edgesOf(hullB)) {
    for (int i : hullA) {
      double d2 = 0;
      const SegmentPoint onB = closestOnSegment(b, j, l, a[i], d2);
      if (d2 < bestSquared) bestSquared = d2, best.onB = onB, best.onA = SegmentPoint{i, i, 0};
    }
  }
  best.distance = std::sqrt(bestSquared);
  const DPoint pa{a[best.onA.i].x + best.onA.w * (a[best.onA.k].x - a[best.onA.i].x),
                  a[best.onA.i].y + best.onA.w * (a[best.onA.k].y - a[best.onA.i].y)};
  const DPoint pb{b[best.onB.i].x + best.onB.w * (b[best.onB.k].x - b[best.onB.i].x),
                  b[best.onB.i].y + best.onB.w * (b[best.onB.k].y - b[best.onB.i].y)};
  const double dx = pb.x - pa.x, dy = pb.y - pa.y, length = std::hypot(dx, dy);
  if (length > 0) best.direction = DPoint{dx / length, dy / length};
  return best;
}

IvPoint pointOf(const std::vector<IvPoint>& pts, const SegmentPoint& p) {
  if (p.i == p.k || p.w == 0) return pts[p.i];
  return IvPoint{pts[p.i].x + (pts[p.k].x - pts[p.i].x) * p.w, pts[p.i].y + (pts[p.k].y - pts[p.i].y) * p.w};
}

class Sweep {
 public:
  Sweep(const InputShape& a, const InputShape& b, InputTranslation r, double angular, const Rational& target)
      : rx_(r.x),
        ry_(r.y),
        px_(b.positionX),
        py_(b.positionY),
        relativeX_(double(b.positionX) - double(a.positionX)),  // exact: two floats
        relativeY_(double(b.positionY) - double(a.positionY)),
        w_(angular),
        target_(Iv::ofRational(target)) {
    targetSquared_ = target_.sqr();
    targetPositive_ = target > 0;
    targetDouble_ = target.convert_to<double>();
    for (const InputPoint& v : a.vertices) {
      // Exact: a float product has 48 bits and the sums fit in PRECISION bits.
      const Iv x = Iv(double(a.rotationC)) * double(v.x) - Iv(double(a.rotationS)) * double(v.y) + Iv(a.positionX);
      const Iv y = Iv(double(a.rotationS)) * double(v.x) + Iv(double(a.rotationC)) * double(v.y) + Iv(a.positionY);
      aIv_.push_back(IvPoint{x, y});
      // The double copies (which only choose directions and witnesses) are relative to A's position: a large
      // common offset would otherwise cost the double arithmetic its last digits near the contact.
      aD_.push_back(DPoint{double(a.rotationC) * v.x - double(a.rotationS) * v.y,
                           double(a.rotationS) * v.x + double(a.rotationC) * v.y});
    }
    hullA_ = hullInDouble(aD_);
    for (const InputPoint& v : b.vertices) {
      bqIv_.push_back(IvPoint{Iv(double(b.rotationC)) * double(v.x) - Iv(double(b.rotationS)) * double(v.y),
                              Iv(double(b.rotationS)) * double(v.x) + Iv(double(b.rotationC)) * double(v.y)});
      bqD_.push_back(DPoint{double(b.rotationC) * v.x - double(b.rotationS) * v.y,
                            double(b.rotationS) * v.x + double(b.rotationC) * v.y});
    }
    // B turns rigidly, so the order of its hull does not change with t.
    hullB_ = hullInDouble(bqD_);
  }

  // B's vertices over the times [t0, t1] (a point when t0 = t1): boxes holding every position.
  std::vector<IvPoint> bAt(double t0, double t1) const {
    const Iv t(t0, t1);
    const Iv angle = t * w_;
    const Iv c = angle.cos(), s = angle.sin();
    const Iv ox = Iv(px_) + t * rx_, oy = Iv(py_) + t * ry_;
    std::vector<IvPoint> out;
    out.reserve(bqIv_.size());
    for (const IvPoint& q : bqIv_) out.push_back(IvPoint{c * q.x - s * q.y + ox, s * q.x + c * q.y + oy});
    return out;
  }

  // B's vertices at t in double, relative to A's position (as aD_).
  std::vector<DPoint> bInDouble(double t) const {
    const double c = std::cos(t * w_), s = std::sin(t * w_);
    std::vector<DPoint> out;
    for (const DPoint& q : bqD_)
      out.push_back(DPoint{c * q.x - s * q.y + relativeX_ + t * rx_, s * q.x + c * q.y + relativeY_ + t * ry_});
    return out;
  }

  // Certified: the core gap exceeds the target at every time of [t0, t1].
  bool excluded(double t0, double t1) const {
    const std::vector<DPoint> bMid = bInDouble(0.5 * (t0 + t1));
    const DoubleWitness witness = closestInDouble(aD_, hullA_, bMid, hullB_);
    // The bound is at most the gap at the midpoint: where that is clearly within the target, no interval work
    // can exclude the interval. Skipping is always sound (the interval is only refined further).
    if (witness.distance < 0.5 * targetDouble_) return false;
    // Candidate directions n (from A towards B): the normal of the edge a closest point lies on, from the edge's
    // vertices (accurate to the last bits however small the gap), and the difference of the closest points (which
    // loses its direction as the gap shrinks towards the rounding of the coordinates).
    auto edgeNormal = [](DPoint from, DPoint to, double sign, DPoint& n) {
      const double ex = to.x - from.x, ey = to.y - from.y, length = std::hypot(ex, ey);
      if (length == 0) return false;
      n = DPoint{sign * ey / length, -sign * ex / length};  // sign 1: the right normal, outward of a ccw hull
      return true;
    };
    DPoint n;
    if (witness.onB.i != witness.onB.k && hullB_.size() >= 3 &&
        edgeNormal(bMid[witness.onB.i], bMid[witness.onB.k], -1, n) && separatedAlong(t0, t1, n.x, n.y))
      return true;
    if (witness.onA.i != witness.onA.k && hullA_.size() >= 3 &&
        edgeNormal(aD_[witness.onA.i], aD_[witness.onA.k], 1, n) && separatedAlong(t0, t1, n.x, n.y))
      return true;
    // A segment has no outward side: both normals.
    if (witness.onB.i != witness.onB.k && hullB_.size() == 2)
      for (double sign : {1.0, -1.0})
        if (edgeNormal(bMid[witness.onB.i], bMid[witness.onB.k], sign, n) && separatedAlong(t0, t1, n.x, n.y))
          return true;
    if (witness.onA.i != witness.onA.k && hullA_.size() == 2)
      for (double sign : {1.0, -1.0})
        if (edgeNormal(aD_[witness.onA.i], aD_[witness.onA.k], sign, n) && separatedAlong(t0, t1, n.x, n.y))
          return true;
    if (witness.direction.x == 0 && witness.direction.y == 0) return false;
    return separatedAlong(t0, t1, witness.direction.x, witness.direction.y);
  }

  // Certified: along the unit-ish direction (nx, ny), B lies beyond A by more than the target at every time of
  // [t0, t1].
  bool separatedAlong(double t0, double t1, double nx, double ny) const {
    // n·b(t) = cos θ (n·q) + sin θ (n × q) + n·p + t (n·r) for B's vertex q (rotated by R0), θ = t W: each
    // time-independent product formed first, so that t and θ each enter once (no interval dependency between
    // x and y; a translation nearly along the face costs nothing).
    const Iv t(t0, t1);
    const Iv angle = t * w_;
    const Iv c = angle.cos(), s = angle.sin();
    const Iv offset = Iv(px_) * nx + Iv(py_) * ny + t * (Iv(rx_) * nx + Iv(ry_) * ny);
    // The separation along n: min over B minus max over A; the least left end of B's projections and the
    // greatest right end of A's bound it from below at every time of [t0, t1].
    bool first = true;
    Iv minB;
    for (const IvPoint& q : bqIv_) {
      const Iv projection = c * (q.x * nx + q.y * ny) + s * (q.x * ny - q.y * nx) + offset;
      if (first || projection.leftBelow(minB)) minB = projection;
      first = false;
    }
    Iv maxA = aIv_.front().x * nx + aIv_.front().y * ny;
    for (const IvPoint& p : aIv_) {
      const Iv projection = p.x * nx + p.y * ny;
      if (projection.rightAbove(maxA)) maxA = projection;
    }
    const Iv norm = (Iv(nx).sqr() + Iv(ny).sqr()).sqrt();
    const Iv lower = (minB.leftEnd() - maxA.rightEnd()) / norm;
    return lower.certainlyAbove(target_);
  }

  // Certified: the core gap is at most the target at time t.
  bool reached(double t) const {
    const std::vector<DPoint> bD = bInDouble(t);
    const std::vector<IvPoint> bIv = bAt(t, t);
    const DoubleWitness witness = closestInDouble(aD_, hullA_, bD, hullB_);
    if (targetPositive_ && witness.distance <= targetDouble_ * (1 + 1e-6)) {
      const IvPoint pa = pointOf(aIv_, witness.onA), pb = pointOf(bIv, witness.onB);
      const Iv squared = (pb.x - pa.x).sqr() + (pb.y - pa.y).sqr();
      if (squared.atMost(targetSquared_)) return true;
    }
    return shareAPoint(bD, bIv);
  }

 private:
  // Certified: the cores at this pose share a point. Two segments between vertices that properly cross (the
  // four orientation signs decided), or a vertex strictly inside a triangle of the other's vertices.
  bool shareAPoint(const std::vector<DPoint>& bD, const std::vector<IvPoint>& bIv) const {
    for (const auto& [i, k] : edgesOf(hullA_)) {
      if (i == k) continue;
      for (const auto& [j, l] : edgesOf(hullB_)) {
        if (j == l) continue;
        // Double signs only pick the candidates: a pair whose signs are clearly the same in double is skipped,
        // a pair within rounding of a crossing is tried in intervals.
        const double tol = roundingTolerance(aD_[i], aD_[k], bD[j], bD[l]);
        const double s1 = cross(aD_[i], aD_[k], bD[j]), s2 = cross(aD_[i], aD_[k], bD[l]);
        const double s3 = cross(bD[j], bD[l], aD_[i]), s4 = cross(bD[j], bD[l], aD_[k]);
        if (clearlySameSide(s1, s2, tol) || clearlySameSide(s3, s4, tol)) continue;
        if (strictlyOpposite(cross(aIv_[i], aIv_[k], bIv[j]), cross(aIv_[i], aIv_[k], bIv[l])) &&
            strictlyOpposite(cross(bIv[j], bIv[l], aIv_[i]), cross(bIv[j], bIv[l], aIv_[k])))
          return true;
      }
    }
    return someVertexInside(aD_, aIv_, hullA_, bD, bIv) || someVertexInside(bD, bIv, hullB_, aD_, aIv_);
  }

  // A bound on the double rounding of a cross product of these points (generous: 2^-40 of the squared size).
  static double roundingTolerance(DPoint p, DPoint q, DPoint x, DPoint y) {
    const double size = std::max({std::fabs(p.x), std::fabs(p.y), std::fabs(q.x), std::fabs(q.y), std::fabs(x.x),
                                  std::fabs(x.y), std::fabs(y.x), std::fabs(y.y)});
    return 0x1p-40 * size * size;
  }

  static bool clearlySameSide(double x, double y, double tol) { return (x > tol && y > tol) || (x < -tol && y < -tol); }

  static bool strictlyOpposite(const Iv& x, const Iv& y) {
    return (x.positive() && y.negative()) || (x.negative() && y.positive());
  }

  // A vertex of `other` strictly inside a fan triangle of `hull` (counter-clockwise): certified.
  static bool someVertexInside(const std::vector<DPoint>& pD, const std::vector<IvPoint>& pIv,
                               const std::vector<int>& hull, const std::vector<DPoint>& otherD,
                               const std::vector<IvPoint>& otherIv) {
    if (hull.size() < 3) return false;
    for (std::size_t q = 0; q < otherD.size(); ++q) {
      for (std::size_t e = 1; e + 1 < hull.size(); ++e) {
        const int i = hull[0], j = hull[e], k = hull[e + 1];
        const double tol = roundingTolerance(pD[i], pD[j], pD[k], otherD[q]);
        if (cross(pD[i], pD[j], otherD[q]) < -tol || cross(pD[j], pD[k], otherD[q]) < -tol ||
            cross(pD[k], pD[i], otherD[q]) < -tol)
          continue;
        if (cross(pIv[i], pIv[j], otherIv[q]).positive() && cross(pIv[j], pIv[k], otherIv[q]).positive() &&
            cross(pIv[k], pIv[i], otherIv[q]).positive())
          return true;
      }
    }
    return false;
  }

  double rx_, ry_, px_, py_, relativeX_, relativeY_, w_;
  Iv target_, targetSquared_;
  bool targetPositive_ = false;
  double targetDouble_ = 0;
  std::vector<IvPoint> aIv_, bqIv_;
  std::vector<DPoint> aD_, bqD_;
  std::vector<int> hullA_, hullB_;
};

Rational rationalOf(double value) { return Rational(value); }

}  // namespace

const char* sweepOutcomeName(SweepOutcome outcome) {
  switch (outcome) {
    case SweepOutcome::Hit:
      return "hit";
    case SweepOutcome::Miss:
      return "miss";
    case SweepOutcome::Undecided:
      break;
  }
  return "undecided";
}

SweepEnclosure castSweepEnclosure(const InputShape& a, const InputShape& b, InputTranslation r, double angular,
                                  const Rational& target, SweepBudget budget) {
  if (target < 0) throw std::invalid_argument("castSweepEnclosure: negative target");
  if (a.vertices.empty() || b.vertices.empty()) throw std::invalid_argument("castSweepEnclosure: a shape has no vertex");
  const int depth = std::clamp(budget.depth, 1, 52);
  const Sweep sweep(a, b, r, angular, target);
  SweepEnclosure out;
  if (sweep.reached(0)) {
    out.outcome = SweepOutcome::Hit;
    out.lo = out.hi = 0;
    out.nodes = 1;
    return out;
  }
  // Leftmost first: when an interval is taken from the stack, every earlier time has been excluded.
  struct Node {
    double t0, t1;
    int level;
  };
  std::vector<Node> stack{{0.0, 1.0, 0}};
  while (!stack.empty()) {
    const Node node = stack.back();
    stack.pop_back();
    if (++out.nodes > budget.maxNodes) {
      out.lo = rationalOf(node.t0);
      out.outcome = SweepOutcome::Undecided;
      out.hi = 1;
      return out;
    }
    if (sweep.excluded(node.t0, node.t1)) continue;
    if (node.level < depth) {
      const double middle = 0.5 * (node.t0 + node.t1);  // exact: a dyadic of at most 52 bits
      stack.push_back({middle, node.t1, node.level + 1});
      stack.push_back({node.t0, middle, node.level + 1});
      continue;
    }
    // The first leaf not excluded: t* >= its start. Its end, or a later time, where the gap is certainly within
    // the target bounds t* from above: tried at the leaf's end, then at steps doubling towards 1 (a gap that
    // only grazes the target, or slides along it, is certified only once it falls below), then narrowed by
    // halving back towards the last time that failed.
    out.lo = rationalOf(node.t0);
    double failed = node.t0, step = node.t1 - node.t0, t = node.t1;
    while (true) {
      ++out.nodes;
      if (sweep.reached(t)) break;
      failed = t;
      if (t >= 1 || out.nodes > budget.maxNodes) {
        out.outcome = SweepOutcome::Undecided;
        out.hi = 1;
        return out;
      }
      step *= 2;
      t = std::min(1.0, t + step);
    }
    for (int k = 0; k < depth && t - failed > node.t1 - node.t0 && out.nodes <= budget.maxNodes; ++k) {
      const double middle = 0.5 * (failed + t);
      ++out.nodes;
      if (sweep.reached(middle)) {
        t = middle;
      } else {
        failed = middle;
      }
    }
    out.outcome = SweepOutcome::Hit;
    out.hi = rationalOf(t);
    return out;
  }
  out.outcome = SweepOutcome::Miss;
  out.lo = out.hi = 1;
  return out;
}

std::string sweepIntervalText(const SweepEnclosure& enclosure) {
  char text[96];
  std::snprintf(text, sizeof text, "[%.17g, %.17g]", enclosure.lo.convert_to<double>(),
                enclosure.hi.convert_to<double>());
  return text;
}

}  // namespace gjk::oracle
