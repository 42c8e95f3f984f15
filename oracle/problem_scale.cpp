// The scale S of design §5 (oracle.h problemScale): the size of the terms a float engine adds to place
// each vertex in the world, so that the rounding of the transform is inside the unit u = S 2^-24 and is
// not charged to GJK.
#include <algorithm>
#include <cmath>
#include <vector>

#include "oracle/oracle.h"

namespace gjk::oracle {

namespace {

// The three terms of one world coordinate, each exact in double (a product of two floats has at most 48
// significant bits and an exponent in [-298, 256]; see appendWorldTerms), taken in absolute value.
struct AbsoluteTerms {
  double t[3] = {0, 0, 0};
  double approximate = 0;  // (t0 + t1) + t2 rounded to nearest: within 2^-52 of the exact sum, relative
};

void appendTerms(const InputShape& shape, std::vector<AbsoluteTerms>& out) {
  const double c = std::fabs(shape.rotationC), s = std::fabs(shape.rotationS);
  const double px = std::fabs(shape.positionX), py = std::fabs(shape.positionY);
  for (const InputPoint& vertex : shape.vertices) {
    const double x = std::fabs(vertex.x), y = std::fabs(vertex.y);
    for (const AbsoluteTerms& terms : {AbsoluteTerms{{c * x, s * y, px}}, AbsoluteTerms{{s * x, c * y, py}}}) {
      AbsoluteTerms entry = terms;
      entry.approximate = (entry.t[0] + entry.t[1]) + entry.t[2];
      out.push_back(entry);
    }
  }
}

}  // namespace

// Exact. Each sum of three non-negative doubles is rounded twice to nearest, so the double `approximate`
// is within a factor (1 +- 2^-53)^2 of the exact sum, inside [a (1 - 2^-50), a (1 + 2^-50)] even after
// those two bounds are themselves rounded (no term is subnormal or overflows in double). A sum whose
// upper bound is below the largest lower bound cannot be the maximum; the few that remain are summed
// exactly as rationals and compared exactly.
Rational problemScale(const InputShape& a, const InputShape& b) {
  std::vector<AbsoluteTerms> sums;
  sums.reserve(2 * (a.vertices.size() + b.vertices.size()));
  appendTerms(a, sums);
  appendTerms(b, sums);
  const double margin = std::ldexp(1.0, -50);
  double largestLower = 0;
  for (const AbsoluteTerms& sum : sums) {
    largestLower = std::max(largestLower, sum.approximate * (1 - margin));
  }
  Rational largest = 0;
  for (const AbsoluteTerms& sum : sums) {
    if (sum.approximate * (1 + margin) >= largestLower) {
      const Rational exact = exactDouble(sum.t[0]) + exactDouble(sum.t[1]) + exactDouble(sum.t[2]);
      if (exact > largest) {
        largest = exact;
      }
    }
  }
  Rational scale = largest + exactFloat(a.radius) + exactFloat(b.radius);
  if (scale == 0) {
    scale = Rational(Integer(1), Integer(1) << 126);  // the smallest normal float, 2^-126
  }
  return scale;
}

}  // namespace gjk::oracle
