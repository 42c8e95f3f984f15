// Real values of the exact penetration answer: the depth and unit normals as high-precision numbers and
// correctly rounded decimals, and the overlap along a reported normal (oracle/penetration.h).
#include "oracle/high_precision.h"
#include "oracle/penetration.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gjk::oracle {

namespace {

// Exact: the sign of V - t for V = r + sign sqrt(C) and a rational t >= 0 (V > 0 here):
//   sign +1: V >= t <=> sqrt(C) >= t - r, true when t - r < 0, else C >= (t - r)^2;
//   sign -1: V >= t <=> r - t >= sqrt(C), false when r - t < 0, else (r - t)^2 >= C.
int compareDepthWith(const ExactPenetration& answer, const Rational& t) {
  const Rational& C = answer.coreDepthSquared;
  if (answer.coreSign > 0) {
    const Rational w = t - answer.radius;
    if (w < 0) {
      return 1;
    }
    const Rational bound = w * w;
    return C > bound ? 1 : (C < bound ? -1 : 0);
  }
  const Rational w = answer.radius - t;
  if (w < 0) {
    return -1;
  }
  const Rational bound = w * w;
  return bound > C ? 1 : (bound < C ? -1 : 0);
}

// Exact: the sign of sqrt(C) - r - t (the distance of separated shapes against t >= 0).
int compareDistanceWith(const ExactPenetration& answer, const Rational& t) {
  const Rational bound = (t + answer.radius) * (t + answer.radius);
  const Rational& C = answer.coreDepthSquared;
  return C > bound ? 1 : (C < bound ? -1 : 0);
}

// Exact: the sign of the depth r + sign sqrt(C).
int depthSign(const ExactPenetration& answer) {
  if (answer.coreSign > 0) {
    return (answer.radius > 0 || answer.coreDepthSquared > 0) ? 1 : 0;
  }
  const Rational r2 = answer.radius * answer.radius;
  return r2 > answer.coreDepthSquared ? 1 : (r2 < answer.coreDepthSquared ? -1 : 0);
}

// "-" followed by the digits (built by appending: GCC 12 warns wrongly on "-" + text and insert).
std::string negativeText(const std::string& digits) {
  std::string text;
  text.reserve(digits.size() + 1);
  text.push_back('-');
  text.append(digits);
  return text;
}

mp_bitcnt_t bitsFor(int digits) {
  return static_cast<mp_bitcnt_t>(digits * 3.3219280948873623) + 64;
}

// High precision: r + sign sqrt(C) into result. For sign -1 the difference r - sqrt(C) is rewritten as
// (r^2 - C) / (r + sqrt(C)) (numerator exact), so no cancellation loses digits, as distanceBeyondRadius.
void depthInto(mpf_t result, const ExactPenetration& answer) {
  const mp_bitcnt_t bits = mpf_get_prec(result);
  mpf_t root;
  mpf_t term;
  mpf_init2(root, bits);
  mpf_init2(term, bits);
  mpf_set_q(root, answer.coreDepthSquared.backend().data());
  mpf_sqrt(root, root);
  mpf_set_q(term, answer.radius.backend().data());
  if (answer.coreSign > 0) {
    mpf_add(result, term, root);
  } else if (mpf_sgn(root) == 0 && mpf_sgn(term) == 0) {
    mpf_set_ui(result, 0);
  } else {
    const Rational numerator = answer.radius * answer.radius - answer.coreDepthSquared;  // exact
    mpf_add(root, root, term);  // r + sqrt(C) > 0, no cancellation
    mpf_set_q(term, numerator.backend().data());
    mpf_div(result, term, root);
  }
  mpf_clear(root);
  mpf_clear(term);
}

}  // namespace

HighPrecision penetrationDepth(const ExactPenetration& answer) {
  HighPrecision result;
  depthInto(result.backend().data(), answer);
  return result;
}

std::string penetrationDepthDecimal(const ExactPenetration& answer, int significantDigits) {
  // Exact and correctly rounded: every digit decided by compareDepthWith (or, for a negative depth, by
  // compareDistanceWith on its magnitude); the high-precision value only proposes (positiveDecimal).
  const int digits = std::max(significantDigits, 30);
  const int sign = depthSign(answer);
  if (sign == 0) {
    return "0";
  }
  mpf_t high;
  mpf_init2(high, bitsFor(digits));
  depthInto(high, answer);
  std::string text;
  if (sign > 0) {
    text = positiveDecimal([&](const Rational& t) { return compareDepthWith(answer, t); }, high, digits);
  } else {
    mpf_neg(high, high);
    text = positiveDecimal([&](const Rational& t) { return compareDistanceWith(answer, t); }, high, digits);
    text = negativeText(text);
  }
  mpf_clear(high);
  return text;
}

std::string unitComponentDecimal(const ExactPoint& direction, int component, int significantDigits) {
  const Rational lengthSquared = direction.x * direction.x + direction.y * direction.y;
  if (lengthSquared == 0) {
    throw std::invalid_argument("oracle: unitComponentDecimal of a zero direction");
  }
  return unitRatioDecimal(component == 0 ? direction.x : direction.y, lengthSquared, significantDigits);
}

std::string unitRatioDecimal(const Rational& value, const Rational& lengthSquared, int significantDigits) {
  // Exact and correctly rounded: |v_k| / |v| = sqrt(Q) with Q = v_k^2 / |v|^2 rational; sqrt(Q) >= t
  // <=> Q >= t^2 for t >= 0.
  const int digits = std::max(significantDigits, 30);
  if (value == 0) {
    return "0";
  }
  const Rational Q = value * value / lengthSquared;
  mpf_t high;
  mpf_init2(high, bitsFor(digits));
  mpf_set_q(high, Q.backend().data());
  mpf_sqrt(high, high);
  std::string text = positiveDecimal(
      [&](const Rational& t) {
        const Rational bound = t * t;
        return Q > bound ? 1 : (Q < bound ? -1 : 0);
      },
      high, digits);
  mpf_clear(high);
  if (value < 0) {
    text = negativeText(text);
  }
  return text;
}

HighPrecision overlapAlong(const InputShape& a, const InputShape& b, double nx, double ny) {
  // Exact up to the last step: n, the world vertices and the support difference
  // h = max_a n . a - min_b n . b are rationals; then h / |n| = sign(h) sqrt(h^2 / |n|^2) + r in high
  // precision (relative error a few units of the last of about 330 bits).
  const Rational x = exactDouble(nx);
  const Rational y = exactDouble(ny);
  const Rational lengthSquared = x * x + y * y;
  if (lengthSquared == 0) {
    throw std::invalid_argument("oracle: overlapAlong needs a nonzero direction");
  }
  const std::vector<ExactPoint> worldA = worldVertices(a);
  const std::vector<ExactPoint> worldB = worldVertices(b);
  Rational maxA = x * worldA[0].x + y * worldA[0].y;
  for (const ExactPoint& p : worldA) {
    maxA = std::max(maxA, Rational(x * p.x + y * p.y));
  }
  Rational minB = x * worldB[0].x + y * worldB[0].y;
  for (const ExactPoint& p : worldB) {
    minB = std::min(minB, Rational(x * p.x + y * p.y));
  }
  const Rational support = maxA - minB;
  HighPrecision result = squareRoot(support * support / lengthSquared);
  if (support < 0) {
    result = -result;
  }
  result += HighPrecision(exactFloat(a.radius) + exactFloat(b.radius));
  return result;
}

}  // namespace gjk::oracle
