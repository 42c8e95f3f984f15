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

namespace {

// The temporaries of distanceBeyondRadius, kept per thread so that no call allocates: the same GMP
// calls on the same operands at the same precision give the same values as fresh ones.
struct BeyondRadiusScratch {
  Rational radiusSquared, excess;
  mpf_t numerator, denominator, term;
  mp_bitcnt_t bits = 0;
  BeyondRadiusScratch() {
    mpf_init2(numerator, 64);
    mpf_init2(denominator, 64);
    mpf_init2(term, 64);
  }
  ~BeyondRadiusScratch() {
    mpf_clear(numerator);
    mpf_clear(denominator);
    mpf_clear(term);
  }
  void precision(mp_bitcnt_t wanted) {
    if (wanted != bits) {  // mpf_set_prec gives the precision mpf_init2 gives
      mpf_set_prec(numerator, wanted);
      mpf_set_prec(denominator, wanted);
      mpf_set_prec(term, wanted);
      bits = wanted;
    }
  }
};

}  // namespace

void distanceBeyondRadius(mpf_t result, const Rational& squaredDistance, const Rational& radius) {
  thread_local BeyondRadiusScratch scratch;
  mpq_ptr excess = scratch.excess.backend().data();
  if (mpq_sgn(radius.backend().data()) == 0) {
    mpq_set(excess, squaredDistance.backend().data());  // d^2 - 0: the same rational, without the products
  } else {
    mpq_mul(scratch.radiusSquared.backend().data(), radius.backend().data(), radius.backend().data());
    mpq_sub(excess, squaredDistance.backend().data(), scratch.radiusSquared.backend().data());  // exact
  }
  if (mpq_sgn(excess) <= 0) {
    mpf_set_ui(result, 0);
    return;
  }
  scratch.precision(mpf_get_prec(result));
  mpf_ptr numerator = scratch.numerator, denominator = scratch.denominator, term = scratch.term;
  mpf_set_q(numerator, excess);  // d^2 - r^2 > 0
  if (mpq_sgn(radius.backend().data()) == 0) {
    mpf_set(denominator, numerator);  // d^2 - 0 = d^2: mpf_set_q of the same rational at the same precision
  } else {
    mpf_set_q(denominator, squaredDistance.backend().data());
  }
  mpf_sqrt(denominator, denominator);  // d > 0
  mpf_set_q(term, radius.backend().data());
  mpf_add(denominator, denominator, term);  // d + r, both >= 0: no cancellation
  mpf_div(result, numerator, denominator);
}

HighPrecision distance(const ExactAnswer& answer) {
  // High precision (see distanceBeyondRadius): max(0, d0 - r) with d0^2 and r exact.
  HighPrecision result;
  distanceBeyondRadius(result.backend().data(), answer.coreDistanceSquared, answer.radius);
  return result;
}

}  // namespace gjk::oracle
