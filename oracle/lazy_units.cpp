// Errors of a reported answer in units u (oracle.h errorsInUnits, distanceExceeds, valueExceeds).
//
// The reference (errorsInUnitsByHighPrecision) computes each value in GMP floating point at 100 decimal
// digits and truncates it to a double; check::judge reports those doubles, so the route here must give
// them bit for bit. It does the reference's arithmetic, minus what exact arithmetic shows to be
// unnecessary:
//   - HighPrecision(unit) is converted once, not once per value (the same conversion, the same value);
//   - a witness point within its shape (exactly: dist^2 <= r^2 on the exact squared distance) has
//     witness distance exactly 0 in the reference, so no high precision is spent on it, and none at all
//     when both are within their shapes;
//   - the threshold decisions D > T u and d > T u are decided by exact dyadic comparisons against
//     T u (1 +- 2^-300); only a value within that hair of the threshold goes to high precision, where
//     the reference's own error (below 2^-320 relative, see below) could matter.
// The squared distances of the witness points come from the fast exact method (squaredDistanceToCore).
//
// Measured and rejected: proposing each value in double-double and verifying it by exact comparisons
// (squares of dyadic rationals against d0^2 = N / M) gives the same doubles but costs more than the
// 100-digit route it replaces, because N and M are ratios of ~500-bit integers (random8: 8.5 us per
// verdict against 5.2 us).
//
// Why the reference is within 2^-320: HighPrecision has at least 333 significant bits, and each mpf
// operation computes at a higher precision and truncates to the destination's (GMP manual, "Floating-
// point Functions"), a few units in the last place at most; a threshold decision involves fewer than ten
// such operations.
#include <gmp.h>

#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include "oracle/dyadic.h"
#include "oracle/high_precision.h"
#include "oracle/spare_pool.h"
#include "oracle/exact_points.h"

namespace gjk::oracle {

namespace {

// ---- The reference, value by value: judge's own expressions --------------------------------------

double inUnits(const HighPrecision& value, const Rational& unit) {
  HighPrecision u(unit);
  return static_cast<double>(HighPrecision(value / u));
}

double referenceDistanceError(const HighPrecision& exactDistance, double reportedDistance,
                              const Rational& unit) {
  HighPrecision reported(exactDouble(reportedDistance));
  return inUnits(abs(reported - exactDistance), unit);
}

double referenceWitnessError(const Rational& squaredA, const Rational& radiusA, const Rational& squaredB,
                             const Rational& radiusB, bool merged, const Rational& unit) {
  // distanceToShape(shape, x, y) is distanceBeyondRadius(squaredDistanceToCore(shape, x, y), radius).
  HighPrecision witnessA, witnessB;
  distanceBeyondRadius(witnessA.backend().data(), squaredA, radiusA);
  distanceBeyondRadius(witnessB.backend().data(), squaredB, radiusB);
  if (merged) {
    return inUnits(witnessA < witnessB ? witnessA : witnessB, unit);
  }
  return inUnits(witnessA > witnessB ? witnessA : witnessB, unit);
}

double referenceWitnessGap(const HighPrecision& exactDistance, const ReportedAnswer& reported,
                           const Rational& unit) {
  const Rational ax = exactDouble(reported.pointAX), ay = exactDouble(reported.pointAY);
  const Rational bx = exactDouble(reported.pointBX), by = exactDouble(reported.pointBY);
  const Rational gx = bx - ax, gy = by - ay;
  HighPrecision gap = squareRoot(gx * gx + gy * gy) - exactDistance;
  return inUnits(gap, unit);
}

// ---- Exact dyadic rationals m * 2^e in GMP integers -----------------------------------------------

// m * 2^e with a GMP integer m (dyadic.h's Dyadic holds a double's mantissa; products here need more).
struct WideDyadic {
  Integer m;
  long e = 0;
};

// Exact: dyadic.h's split of a finite double.
WideDyadic dyadic(double value) {
  const Dyadic split = splitDouble(value);
  return {Integer(split.mantissa), split.exponent};
}

WideDyadic dyadic(const Integer& value) {
  return {value, 0};
}

// Exact, when the denominator is a power of two (false otherwise).
bool dyadic(const Rational& value, WideDyadic& out) {
  const mpz_srcptr denominator = mpq_denref(value.backend().data());
  if (mpz_popcount(denominator) != 1) {
    return false;
  }
  out.m = boost::multiprecision::numerator(value);
  out.e = -static_cast<long>(mpz_sizeinbase(denominator, 2) - 1);
  return true;
}

// Exact: the integer m * 2^(e - to), for to <= e.
Integer shifted(const WideDyadic& x, long to) {
  Integer result = x.m;
  if (x.e > to) {
    mpz_mul_2exp(result.backend().data(), result.backend().data(), static_cast<mp_bitcnt_t>(x.e - to));
  }
  return result;
}

WideDyadic operator+(const WideDyadic& x, const WideDyadic& y) {
  const long e = std::min(x.e, y.e);
  return {Integer(shifted(x, e) + shifted(y, e)), e};
}
WideDyadic operator-(const WideDyadic& x, const WideDyadic& y) {
  const long e = std::min(x.e, y.e);
  return {Integer(shifted(x, e) - shifted(y, e)), e};
}
WideDyadic operator*(const WideDyadic& x, const WideDyadic& y) {
  return {Integer(x.m * y.m), x.e + y.e};
}

int sign(const WideDyadic& x) {
  return x.m.sign();
}
int compare(const WideDyadic& x, const WideDyadic& y) {
  return sign(x - y);
}

// x * (1 + k 2^-bits), exact.
WideDyadic nudged(const WideDyadic& x, int k, long bits) {
  return x + WideDyadic{Integer(x.m * k), x.e - bits};
}

// D = max(0, sqrt(N / M) - r) for an exact squared distance N / M (M > 0) and a dyadic radius r.
struct Distance {
  WideDyadic n;  // N
  WideDyadic d;  // M
  WideDyadic r;
};

bool distance(const Rational& squared, const Rational& radius, Distance& out) {
  out.n = dyadic(Integer(boost::multiprecision::numerator(squared)));
  out.d = dyadic(Integer(boost::multiprecision::denominator(squared)));
  return dyadic(radius, out.r);
}

// Exact: sign(N / M - x) = sign(N - M x).
int compareSquared(const Distance& distance, const WideDyadic& x) {
  return sign(distance.n - distance.d * x);
}

// Exact: D <= a. D <= a < 0 never; otherwise sqrt(q) - r <= a (or D = 0 <= a) <=> q <= (a + r)^2.
bool atMost(const Distance& distance, const WideDyadic& a) {
  if (sign(a) < 0) {
    return false;
  }
  const WideDyadic s = a + distance.r;
  return compareSquared(distance, s * s) <= 0;
}

// Exact: D >= b. Always for b <= 0; otherwise sqrt(q) >= b + r > 0 <=> q >= (b + r)^2.
bool atLeast(const Distance& distance, const WideDyadic& b) {
  if (sign(b) <= 0) {
    return true;
  }
  const WideDyadic s = b + distance.r;
  return compareSquared(distance, s * s) >= 0;
}

}  // namespace

LazyStatistics& lazyStatistics() {
  thread_local LazyStatistics statistics;
  return statistics;
}

ErrorsInUnits errorsInUnitsByHighPrecision(const InputShape& a, const InputShape& b, const ExactAnswer& exact,
                                           const Rational& unit, const ReportedAnswer& reported) {
  ErrorsInUnits errors;
  const HighPrecision exactDistance = distance(exact);
  errors.distanceError = referenceDistanceError(exactDistance, reported.distance, unit);
  errors.witnessError = referenceWitnessError(
      squaredDistanceToCore(a, reported.pointAX, reported.pointAY), exactFloat(a.radius),
      squaredDistanceToCore(b, reported.pointBX, reported.pointBY), exactFloat(b.radius), reported.merged, unit);
  errors.witnessGap = referenceWitnessGap(exactDistance, reported, unit);
  return errors;
}

// The Remembered blocks come from this thread's SparePool and go back to it.
void PreparedErrors::GiveBack::operator()(Remembered* remembered) const {
  SparePool<Remembered>::giveBack(std::unique_ptr<Remembered>(remembered));
}

PreparedErrors::PreparedErrors(const InputShape& shapeA, const InputShape& shapeB, const ExactAnswer& answer,
                               const Rational& errorUnit)
    : PreparedErrors(shapeA, shapeB, answer, errorUnit, nullptr) {}

PreparedErrors::PreparedErrors(const InputShape& shapeA, const InputShape& shapeB, const ExactAnswer& answer,
                               const Rational& errorUnit, const CaseHulls* hulls)
    : a(&shapeA),
      b(&shapeB),
      exact(&answer),
      unit(errorUnit),  // the reference's HighPrecision(unit), converted once
      exactDistance(distance(answer)),
      radiusA(exactFloat(shapeA.radius)),
      radiusB(exactFloat(shapeB.radius)),
      radiusASquared(radiusA * radiusA),
      radiusBSquared(radiusB * radiusB),
      coreA(shapeA, hulls, 0),
      coreB(shapeB, hulls, 1),
      remembered(SparePool<Remembered>::take().release()) {}

// Exact: the same point (the same bits) of the same shape has the same squared distance.
PreparedErrors::RememberedPoint& PreparedErrors::rememberedPoint(int shape, double x, double y) {
  RememberedPoint* points = remembered->points[shape];
  for (int k = 0; k < rememberedCount[shape]; ++k) {
    if (std::memcmp(&points[k].x, &x, sizeof x) == 0 && std::memcmp(&points[k].y, &y, sizeof y) == 0) {
      return points[k];
    }
  }
  int slot = rememberedCount[shape] < REMEMBERED ? rememberedCount[shape]++ : rememberedNext[shape];
  if (rememberedCount[shape] == REMEMBERED) rememberedNext[shape] = (slot + 1) % REMEMBERED;
  points[slot].x = x;
  points[slot].y = y;
  points[slot].beyondKnown = false;
  (shape == 0 ? coreA : coreB).squaredDistance(x, y, points[slot].squared);
  return points[slot];
}

const Rational& PreparedErrors::squaredDistance(int shape, double x, double y) {
  return rememberedPoint(shape, x, y).squared;
}

ErrorsInUnits errorsInUnits(const InputShape& a, const InputShape& b, const ExactAnswer& exact,
                            const Rational& unit, const ReportedAnswer& reported) {
  PreparedErrors prepared(a, b, exact, unit);
  return errorsInUnits(prepared, reported);
}

namespace {

// The temporaries of errorsInUnits, kept per thread so that judging an answer allocates nothing once
// they have grown: each value below is formed by the same GMP calls on the same operands, at the same
// precision, as the HighPrecision and Rational expressions of the reference, so the doubles are the same.
struct ErrorsScratch {
  Rational ax, ay, bx, by, gx, gy, gx2, gy2, gapSquared, reportedDistance;
  Integer gapInteger;
  mpf_t value, quotient, witnessA, witnessB;
  mp_bitcnt_t bits = 0;
  ErrorsScratch() {
    for (mpf_ptr f : {value, quotient, witnessA, witnessB}) mpf_init2(f, 64);
  }
  ~ErrorsScratch() {
    for (mpf_ptr f : {value, quotient, witnessA, witnessB}) mpf_clear(f);
  }
  void precision(mp_bitcnt_t wanted) {
    if (wanted != bits) {  // mpf_set_prec gives the precision mpf_init2 (HighPrecision's own) gives
      for (mpf_ptr f : {value, quotient, witnessA, witnessB}) mpf_set_prec(f, wanted);
      bits = wanted;
    }
  }
};

// exactDouble(value) into out (the same canonical rational).
void setExactDouble(Rational& out, double value) {
  const Dyadic split = splitDouble(value);  // throws for a non-finite value, as exactDouble does
  setDyadic(out, split.mantissa, split.exponent);
}

int bitLength(long long mantissa) {
  return 64 - std::countl_zero(static_cast<unsigned long long>(mantissa < 0 ? -mantissa : mantissa));
}

// Exact: (bx - ax)^2 + (by - ay)^2 of the reported points as the canonical rational the reference's
// Rational expression gives (exactDouble of each, differences, squares, sum: a rational is its value),
// formed in integers: every coordinate is m 2^k (dyadic.h), so in units of 2^lowest (the smallest k of a
// nonzero coordinate) each is an integer below 2^120 when the four span at most 120 bits, their
// differences below 2^121, and setProductSum's 256-bit products hold the sum of squares exactly. false
// (out untouched) when they span more: the caller takes the rational route.
bool gapSquaredInIntegers(const ReportedAnswer& reported, Integer& scratch, Rational& out) {
  const Dyadic split[4] = {splitDouble(reported.pointAX), splitDouble(reported.pointAY),
                           splitDouble(reported.pointBX), splitDouble(reported.pointBY)};
  int lowest = INT_MAX, highest = INT_MIN;
  for (const Dyadic& term : split) {
    if (term.mantissa != 0) {
      lowest = std::min(lowest, term.exponent);
      highest = std::max(highest, term.exponent + bitLength(term.mantissa));
    }
  }
  if (lowest == INT_MAX) {
    mpq_set_ui(out.backend().data(), 0, 1);  // four zeros
    return true;
  }
  if (highest - lowest > 120) {
    return false;
  }
  const auto integer = [lowest](const Dyadic& term) -> __int128 {
    return term.mantissa == 0 ? 0 : static_cast<__int128>(term.mantissa) << (term.exponent - lowest);
  };
  const __int128 gx = integer(split[2]) - integer(split[0]), gy = integer(split[3]) - integer(split[1]);
  setProductSum(scratch, gx, gx, gy, gy);
  setDyadic(out, scratch, 2 * lowest);  // canonical
  return true;
}

}  // namespace

ErrorsInUnits errorsInUnits(PreparedErrors& prepared, const ReportedAnswer& reported) {
  LazyStatistics& statistics = lazyStatistics();
  statistics.values += 3;
  thread_local ErrorsScratch scratch;
  mpf_srcptr u = prepared.unit.backend().data();
  scratch.precision(mpf_get_prec(u));
  // static_cast<double>(HighPrecision(value / u)): one division at HighPrecision's precision, truncated.
  const auto inUnitsOf = [u](mpf_srcptr value) {
    mpf_div(scratch.quotient, value, u);
    return mpf_get_d(scratch.quotient);
  };
  ErrorsInUnits errors;

  // |d - D| / u and (|pA - pB| - D) / u: the reference's expressions, operation by operation.
  mpf_srcptr exactDistance = prepared.exactDistance.backend().data();
  setExactDouble(scratch.reportedDistance, reported.distance);
  mpf_set_q(scratch.value, scratch.reportedDistance.backend().data());  // HighPrecision(exactDouble(d))
  mpf_sub(scratch.value, scratch.value, exactDistance);
  mpf_abs(scratch.value, scratch.value);
  errors.distanceError = inUnitsOf(scratch.value);
  // gx * gx + gy * gy: the same exact rational by either route.
  if (!gapSquaredInIntegers(reported, scratch.gapInteger, scratch.gapSquared)) {
    setExactDouble(scratch.ax, reported.pointAX);
    setExactDouble(scratch.ay, reported.pointAY);
    setExactDouble(scratch.bx, reported.pointBX);
    setExactDouble(scratch.by, reported.pointBY);
    mpq_sub(scratch.gx.backend().data(), scratch.bx.backend().data(), scratch.ax.backend().data());
    mpq_sub(scratch.gy.backend().data(), scratch.by.backend().data(), scratch.ay.backend().data());
    mpq_mul(scratch.gx2.backend().data(), scratch.gx.backend().data(), scratch.gx.backend().data());
    mpq_mul(scratch.gy2.backend().data(), scratch.gy.backend().data(), scratch.gy.backend().data());
    mpq_add(scratch.gapSquared.backend().data(), scratch.gx2.backend().data(), scratch.gy2.backend().data());
  }
  mpf_set_q(scratch.value, scratch.gapSquared.backend().data());  // squareRoot(gx * gx + gy * gy)
  mpf_sqrt(scratch.value, scratch.value);
  mpf_sub(scratch.value, scratch.value, exactDistance);
  errors.witnessGap = inUnitsOf(scratch.value);
  statistics.highPrecision += 2;

  // max(wA, wB) / u, or min(wA, wB) / u for a merged point. distanceBeyondRadius gives exactly 0 when
  // dist^2 - r^2 <= 0 (decided on the exact rationals), so such a witness needs no high precision, and
  // two of them (or one, for a merged point) give exactly 0.
  PreparedErrors::RememberedPoint& pointA = prepared.rememberedPoint(0, reported.pointAX, reported.pointAY);
  PreparedErrors::RememberedPoint& pointB = prepared.rememberedPoint(1, reported.pointBX, reported.pointBY);
  const Rational& squaredA = pointA.squared;
  const Rational& squaredB = pointB.squared;
  const Rational& radiusA = prepared.radiusA;
  const Rational& radiusB = prepared.radiusB;
  const bool insideA = squaredA <= prepared.radiusASquared;
  const bool insideB = squaredB <= prepared.radiusBSquared;
  if ((insideA && insideB) || (reported.merged && (insideA || insideB))) {
    errors.witnessError = 0;  // the reference: max(0, 0) / u = 0, or min(0, w) / u = 0
    return errors;
  }
  ++statistics.highPrecision;
  mpf_set_ui(scratch.witnessA, 0);  // 0 unless computed
  mpf_set_ui(scratch.witnessB, 0);
  // distanceBeyondRadius at the scratch's precision, once per remembered point.
  const auto beyond = [](PreparedErrors::RememberedPoint& point, const Rational& radius) -> mpf_srcptr {
    mpf_ptr value = point.beyond.backend().data();
    if (!point.beyondKnown || mpf_get_prec(value) != scratch.bits) {
      if (mpf_get_prec(value) != scratch.bits) mpf_set_prec(value, scratch.bits);  // as scratch.precision
      distanceBeyondRadius(value, point.squared, radius);
      point.beyondKnown = true;
    }
    return value;
  };
  const mpf_srcptr witnessA = insideA ? scratch.witnessA : beyond(pointA, radiusA);
  const mpf_srcptr witnessB = insideB ? scratch.witnessB : beyond(pointB, radiusB);
  const int order = mpf_cmp(witnessA, witnessB);
  if (reported.merged) {
    errors.witnessError = inUnitsOf(order < 0 ? witnessA : witnessB);  // both computed here
    return errors;
  }
  errors.witnessError = inUnitsOf(order > 0 ? witnessA : witnessB);
  return errors;
}

bool distanceExceeds(const ExactAnswer& exact, const Rational& unit, double factor) {
  // D > factor u (1 + 2^-300) makes the reference's D~ > (factor u)~ (both within 2^-320 relative),
  // D < factor u (1 - 2^-300) makes it false; between them only the reference can tell.
  LazyStatistics& statistics = lazyStatistics();
  ++statistics.values;
  WideDyadic u;
  Distance core;
  if (factor > 0 && std::isfinite(factor) && dyadic(unit, u) && sign(u) > 0 &&
      distance(exact.coreDistanceSquared, exact.radius, core)) {
    const WideDyadic threshold = dyadic(factor) * u;
    if (atLeast(core, nudged(threshold, 1, 300)) && !atMost(core, nudged(threshold, 1, 300))) {
      return true;  // D >= t (1 + 2^-300), and not equal to it
    }
    if (atMost(core, nudged(threshold, -1, 300))) {
      return false;
    }
  }
  ++statistics.highPrecision;
  return distance(exact) > HighPrecision(unit) * factor;
}

bool valueExceeds(double value, const Rational& unit, double factor) {
  LazyStatistics& statistics = lazyStatistics();
  ++statistics.values;
  // A value far from the threshold t = factor u is decided in double: with t~ = factor * mpq_get_d(u),
  // u~ and t~ normal, t~ is within a factor (1 +- 2^-51) of t (mpq_get_d truncates, the product rounds once), so
  // value > t~ (1 + 2^-40) gives value > t (1 + 2^-300) and value < t~ (1 - 2^-40) gives
  // value < t (1 - 2^-300): the conclusions the exact comparisons below reach for such values.
  if (factor > 0 && std::isfinite(factor) && std::isfinite(value)) {
    const double unitApproximate = mpq_get_d(unit.backend().data());
    const double threshold = factor * unitApproximate;
    if (unitApproximate >= 0x1p-1000 && std::isfinite(threshold) && threshold >= 0x1p-900 &&
        threshold <= 0x1p+900) {
      if (value > threshold * (1 + 0x1p-40)) {
        return true;
      }
      if (value < threshold * (1 - 0x1p-40)) {
        return false;
      }
    }
  }
  WideDyadic u;
  if (factor > 0 && std::isfinite(factor) && std::isfinite(value) && dyadic(unit, u) && sign(u) > 0) {
    const WideDyadic threshold = dyadic(factor) * u;
    const WideDyadic v = dyadic(value);
    if (compare(v, nudged(threshold, 1, 300)) > 0) {
      return true;
    }
    if (compare(v, nudged(threshold, -1, 300)) < 0) {
      return false;
    }
  }
  ++statistics.highPrecision;
  return HighPrecision(exactDouble(value)) > HighPrecision(unit) * factor;
}

}  // namespace gjk::oracle
