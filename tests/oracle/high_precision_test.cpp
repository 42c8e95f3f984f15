// distanceBeyondRadius (oracle/high_precision.h) takes shortcuts for a zero radius (no r^2 product, no
// second rounding of d^2): its result must be the very mpf value the general sequence of GMP calls gives
// (d^2 - r^2 rounded, d^2 rounded, its square root, plus r rounded, the quotient), limb for limb, since
// the verdicts' doubles are computed from it. Checked on squared distances of every kind the oracle forms
// (dyadic, quotients of large integers, tiny and huge), at the oracle's precision and at others.
#include <gtest/gtest.h>

#include <gmp.h>

#include <cstdint>
#include <cstdio>

#include "oracle/high_precision.h"
#include "oracle/oracle.h"
#include "tests/oracle/case_generator.h"

namespace gjk::oracle {
namespace {

using cases::Generator;

constexpr std::uint64_t SEED = 0x6869676870726563ULL;  // "highprec"

// The general sequence, written out: every call of distanceBeyondRadius for a radius > 0.
void generalSequence(mpf_t result, const Rational& squared, const Rational& radius) {
  const Rational excess = squared - radius * radius;
  if (excess <= 0) {
    mpf_set_ui(result, 0);
    return;
  }
  const mp_bitcnt_t bits = mpf_get_prec(result);
  mpf_t numerator, denominator, term;
  mpf_init2(numerator, bits);
  mpf_init2(denominator, bits);
  mpf_init2(term, bits);
  mpf_set_q(numerator, excess.backend().data());
  mpf_set_q(denominator, squared.backend().data());
  mpf_sqrt(denominator, denominator);
  mpf_set_q(term, radius.backend().data());
  mpf_add(denominator, denominator, term);
  mpf_div(result, numerator, denominator);
  mpf_clear(numerator);
  mpf_clear(denominator);
  mpf_clear(term);
}

// The same mpf, limb for limb (sign and size, exponent, the limbs).
bool sameLimbs(mpf_srcptr x, mpf_srcptr y) {
  if (x->_mp_size != y->_mp_size || (x->_mp_size != 0 && x->_mp_exp != y->_mp_exp)) return false;
  const int size = x->_mp_size < 0 ? -x->_mp_size : x->_mp_size;
  for (int i = 0; i < size; ++i) {
    if (x->_mp_d[i] != y->_mp_d[i]) return false;
  }
  return true;
}

Integer randomInteger(Generator& random, int limbs) {
  Integer value = 0;
  for (int i = 0; i < limbs; ++i) {
    value <<= 64;
    value += Integer(random.bits());
  }
  return value;
}

TEST(HighPrecision, DistanceBeyondRadiusOfAZeroRadiusIsTheGeneralSequence) {
  std::printf("[ seed     ] 0x%016llx\n", static_cast<unsigned long long>(SEED));
  Generator random(SEED);
  const Rational zero = 0;
  int checked = 0;
  for (int index = 0; index < 20000; ++index) {
    Rational squared;
    switch (index % 4) {
      case 0:  // a dyadic: an integer times a power of two
        squared = Rational(randomInteger(random, random.integer(1, 4)) + 1);
        mpq_div_2exp(squared.backend().data(), squared.backend().data(), random.integer(0, 1200));
        break;
      case 1:  // cross^2 / |D|^2, large coprime parts
        squared = Rational(randomInteger(random, random.integer(1, 8)) + 1, randomInteger(random, random.integer(1, 4)) + 1);
        break;
      case 2:  // tiny over huge, huge over tiny
        squared = Rational(randomInteger(random, 1) + 1, Integer(randomInteger(random, 2) + 1) << random.integer(0, 2000));
        if (random.chance(50)) squared = 1 / squared;
        break;
      default:  // small integers and simple fractions, 0 included
        squared = Rational(random.integer(0, 50), random.integer(1, 7));
        break;
    }
    for (const mp_bitcnt_t bits : {mp_bitcnt_t{333}, mp_bitcnt_t{64}, mp_bitcnt_t{1000}}) {
      const mp_bitcnt_t precision = bits == 333 ? mpf_get_prec(HighPrecision(0).backend().data()) : bits;
      mpf_t fast, reference;
      mpf_init2(fast, precision);
      mpf_init2(reference, precision);
      distanceBeyondRadius(fast, squared, zero);
      generalSequence(reference, squared, zero);
      const bool same = sameLimbs(fast, reference);
      mpf_clear(fast);
      mpf_clear(reference);
      ASSERT_TRUE(same) << "squared distance " << squared << " at " << precision << " bits";
      ++checked;
    }
  }
  std::printf("[ values   ] %d: the zero-radius route is the general one, limb for limb\n", checked);
  EXPECT_EQ(checked, 60000);
}

}  // namespace
}  // namespace gjk::oracle
