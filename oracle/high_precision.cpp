// High-precision values derived from exact rationals: square roots and distances beyond a radius.
#include "oracle/high_precision.h"

#include <stdexcept>

namespace gjk::oracle {

HighPrecision squareRoot(const Rational& value) {
  if (value < 0) {
    throw std::invalid_argument("oracle: square root of a negative rational");
  }
  // High precision: the rational is rounded once to the precision of HighPrecision, then GMP's square
  // root is correctly truncated at that precision; relative error below two units in the last bit.
  HighPrecision result;
  mpf_set_q(result.backend().data(), value.backend().data());
  mpf_sqrt(result.backend().data(), result.backend().data());
  return result;
}

void distanceBeyondRadius(mpf_t result, const Rational& squaredDistance, const Rational& radius) {
  const Rational excess = squaredDistance - radius * radius;  // exact
  if (excess <= 0) {
    mpf_set_ui(result, 0);
    return;
  }
  const mp_bitcnt_t bits = mpf_get_prec(result);
  mpf_t numerator;
  mpf_t denominator;
  mpf_t term;
  mpf_init2(numerator, bits);
  mpf_init2(denominator, bits);
  mpf_init2(term, bits);
  mpf_set_q(numerator, excess.backend().data());  // d^2 - r^2 > 0
  mpf_set_q(denominator, squaredDistance.backend().data());
  mpf_sqrt(denominator, denominator);  // d > 0
  mpf_set_q(term, radius.backend().data());
  mpf_add(denominator, denominator, term);  // d + r, both >= 0: no cancellation
  mpf_div(result, numerator, denominator);
  mpf_clear(numerator);
  mpf_clear(denominator);
  mpf_clear(term);
}

HighPrecision distance(const ExactAnswer& answer) {
  // High precision (see distanceBeyondRadius): max(0, d0 - r) with d0^2 and r exact.
  HighPrecision result;
  distanceBeyondRadius(result.backend().data(), answer.coreDistanceSquared, answer.radius);
  return result;
}

}  // namespace gjk::oracle
