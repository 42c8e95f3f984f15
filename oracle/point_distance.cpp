// The exact squared distance from a query point to a prepared hull (see point_distance.h).
#include "oracle/point_distance.h"

#include <gmp.h>

#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <stdexcept>

#include "oracle/dyadic.h"
#include "oracle/error_bounds.h"

namespace gjk::oracle {

namespace {

int bitLength(long long mantissa) {
  return 64 - std::countl_zero(static_cast<unsigned long long>(mantissa < 0 ? -mantissa : mantissa));
}

// The hull's points and the query point in one frame: the query point is index QUERY. Its exact values
// are those ExactPoints' constructor computes given the points' terms and the query's, (x, 0, 0) and
// (y, 0, 0): the lowest exponent and the highest bound over all nonzero terms, X~ = x and y for the query,
// T~ the largest of the points' T~, |x| and |y|, the filter on when the points' is and the exponents meet
// its preconditions, and every integer in units of 2^lowest (the points' shifted left by their own lowest
// minus the new one; exact, below 2^122, because the query is narrow: ExactPoints::extends).
class QueryFrame {
 public:
  static constexpr int QUERY = -1;

  QueryFrame(const ExactPoints& points, double x, double y) : points_(points), x_(x), y_(y) {
    const Dyadic splitX = splitDouble(x), splitY = splitDouble(y);
    int lowest = points.exponent(), highest = points.highest();
    for (const Dyadic& term : {splitX, splitY}) {
      if (term.mantissa != 0) {
        lowest = std::min(lowest, term.exponent);
        highest = std::max(highest, term.exponent + bitLength(term.mantissa));
      }
    }
    exponent_ = lowest;
    shift_ = points.exponent() - lowest;
    filter_ = points.filterOn() && lowest >= FILTER_MIN_EXPONENT && highest <= FILTER_MAX_EXPONENT;
    const double magnitude = std::max({points.magnitude(), std::fabs(x), std::fabs(y)});
    productBound_ = (PRODUCT_SIGN_BOUND * magnitude) * magnitude;
    const auto integer = [lowest](const Dyadic& term) -> __int128 {
      return term.mantissa == 0 ? 0 : static_cast<__int128>(term.mantissa) << (term.exponent - lowest);
    };
    query_[0] = integer(splitX);
    query_[1] = integer(splitY);
  }

  ~QueryFrame() {
    FilterStatistics& statistics = filterStatistics();
    statistics.queries += 1;
    statistics.filtered += filtered_;
    statistics.exact += exact_;
    statistics.unfilteredQueries += !filter_;
  }
  QueryFrame(const QueryFrame&) = delete;
  QueryFrame& operator=(const QueryFrame&) = delete;

  int exponent() const { return exponent_; }

  double approximate(int p, int axis) const {
    return p == QUERY ? (axis == 0 ? x_ : y_) : points_.approximate(p, axis);
  }
  // Exact: the coordinate in units of 2^exponent().
  __int128 integer(int p, int axis) const {
    return p == QUERY ? query_[axis] : points_.narrowCoordinate(p, axis) << shift_;
  }

  // Exact: the sign of cross(X_p1 - X_q1, X_p2 - X_q2), and of the dot product: filtered as
  // ExactPoints::productSign (SIGN OF A CROSS OR DOT PRODUCT, error_bounds.h, in this order of
  // operations), else from the integers through 256-bit products (differences below 2^123).
  int crossSign(int p1, int q1, int p2, int q2) { return productSign(p1, q1, p2, q2, true); }
  int dotSign(int p1, int q1, int p2, int q2) { return productSign(p1, q1, p2, q2, false); }

 private:
  int productSign(int p1, int q1, int p2, int q2, bool cross) {
    if (filter_) {
      const double u1 = approximate(p1, 0) - approximate(q1, 0), u2 = approximate(p1, 1) - approximate(q1, 1);
      const double v1 = approximate(p2, 0) - approximate(q2, 0), v2 = approximate(p2, 1) - approximate(q2, 1);
      const double value = cross ? u1 * v2 - u2 * v1 : u1 * v1 + u2 * v2;
      if (value > productBound_) {
        ++filtered_;
        return 1;
      }
      if (value < -productBound_) {
        ++filtered_;
        return -1;
      }
    }
    ++exact_;
    const __int128 u1 = integer(p1, 0) - integer(q1, 0), u2 = integer(p1, 1) - integer(q1, 1);
    const __int128 v1 = integer(p2, 0) - integer(q2, 0), v2 = integer(p2, 1) - integer(q2, 1);
    return cross ? productDifferenceSign(u1, v2, u2, v1) : productDifferenceSign(u1, v1, -u2, v2);
  }

  const ExactPoints& points_;
  double x_, y_;
  int exponent_ = 0;
  int shift_ = 0;
  bool filter_ = true;
  double productBound_ = 0;
  __int128 query_[2] = {0, 0};
  std::uint64_t filtered_ = 0;
  std::uint64_t exact_ = 0;
};

// Exact: value * 2^power, kept canonical (GMP's mpq_mul_2exp / mpq_div_2exp strip common factors of two).
void scaleByPowerOfTwo(mpq_ptr value, int power) {
  if (power >= 0) {
    mpq_mul_2exp(value, value, static_cast<mp_bitcnt_t>(power));
  } else {
    mpq_div_2exp(value, value, static_cast<mp_bitcnt_t>(-power));
  }
}

// Exact: |Q - V|^2 for the vertex V, in world units: (px^2 + py^2) 2^(2 exponent) with px, py below 2^123.
void vertexDistance(const QueryFrame& frame, int vertex, Rational& out) {
  constexpr int Q = QueryFrame::QUERY;
  const __int128 px = frame.integer(Q, 0) - frame.integer(vertex, 0);
  const __int128 py = frame.integer(Q, 1) - frame.integer(vertex, 1);
  thread_local Integer normSquared;
  setProductSum(normSquared, px, px, py, py);
  setDyadic(out, normSquared, 2 * frame.exponent());
}

// Exact: the squared distance from Q to the line through V and W (Q projects inside the edge VW):
// cross(P, D)^2 / |D|^2 with P = Q - V, D = W - V, a canonical rational (GMP divides out the common
// factor), scaled by 2^(2 exponent). P and D are below 2^123 (exact_points.h), so the 256-bit products of
// setProductSum hold the cross product and |D|^2 exactly.
void edgeDistance(const QueryFrame& frame, int v, int w, Rational& out) {
  constexpr int Q = QueryFrame::QUERY;
  const __int128 p0 = frame.integer(Q, 0) - frame.integer(v, 0), p1 = frame.integer(Q, 1) - frame.integer(v, 1);
  const __int128 d0 = frame.integer(w, 0) - frame.integer(v, 0), d1 = frame.integer(w, 1) - frame.integer(v, 1);
  thread_local Integer cross, lengthSquared;
  setProductSum(cross, p0, d1, -p1, d0);
  setProductSum(lengthSquared, d0, d0, d1, d1);
  mpq_ptr q = out.backend().data();
  mpz_mul(mpq_numref(q), cross.backend().data(), cross.backend().data());
  mpz_set(mpq_denref(q), lengthSquared.backend().data());  // > 0: the hull's vertices are distinct
  mpq_canonicalize(q);
  scaleByPowerOfTwo(q, 2 * frame.exponent());
}

}  // namespace

// Exact: the closest feature by the normal cones, as closestFeature (fast_hull.cpp) finds it on M: for a
// polygon (counter-clockwise, edge k from V_k to V_(k+1), E_k = V_(k+1) - V_k), Q is inside when no edge
// has it strictly on its right (cross(E_k, Q - V_k) < 0); outside, vertex k is closest when
// (Q - V_k) . E_k <= 0 <= (Q - V_k) . E_(k-1), the inside of edge k when Q is strictly right of it and
// (Q - V_k) . E_k > 0 > (Q - V_(k+1)) . E_k. Exactly one feature passes (the closest point is unique);
// every feature is tried, starting from an edge that sees Q, where the closest one usually is.
bool squaredDistanceToHull(const ExactPoints& points, const ShapeHull& hull, double x, double y, Rational& out) {
  if (!std::isfinite(x) || !std::isfinite(y)) {
    throw std::invalid_argument("oracle: a non-finite number has no exact value");
  }
  if (!ExactPoints::extends(points, x, y)) {
    return false;
  }
  QueryFrame frame(points, x, y);
  constexpr int Q = QueryFrame::QUERY;
  const SmallVector<int>& v = hull.vertices;
  const std::size_t n = v.size();
  if (n == 0) {
    throw std::invalid_argument("oracle: the distance to the hull of no points");
  }
  if (n == 1) {
    vertexDistance(frame, v[0], out);
    return true;
  }
  if (n == 2) {  // the segment V_0 V_1: Q projects before V_0, after V_1, or inside
    if (frame.dotSign(Q, v[0], v[1], v[0]) <= 0) {
      vertexDistance(frame, v[0], out);
    } else if (frame.dotSign(Q, v[1], v[1], v[0]) >= 0) {
      vertexDistance(frame, v[1], out);
    } else {
      edgeDistance(frame, v[0], v[1], out);  // 0 when Q is on the segment
    }
    return true;
  }
  std::size_t outside = n;
  for (std::size_t k = 0; k < n; ++k) {
    if (frame.crossSign(v[(k + 1) % n], v[k], Q, v[k]) < 0) {
      outside = k;
      break;
    }
  }
  if (outside == n) {
    mpq_set_ui(out.backend().data(), 0, 1);  // inside or on the boundary
    return true;
  }
  for (std::size_t step = 0; step < n; ++step) {
    const std::size_t k = (outside + step) % n;
    const std::size_t next = (k + 1) % n, previous = (k + n - 1) % n;
    const int along = frame.dotSign(Q, v[k], v[next], v[k]);  // (Q - V_k) . E_k
    if (along <= 0 && frame.dotSign(Q, v[k], v[k], v[previous]) >= 0) {
      vertexDistance(frame, v[k], out);
      return true;
    }
    if (along > 0 && frame.dotSign(Q, v[next], v[next], v[k]) < 0 && frame.crossSign(v[next], v[k], Q, v[k]) < 0) {
      edgeDistance(frame, v[k], v[next], out);
      return true;
    }
  }
  throw std::logic_error("oracle: no closest feature found on a convex hull");
}

}  // namespace gjk::oracle
