// The rotating sweep's certified enclosure (oracle/cast_sweep.h) on hand cases whose first contact is known in
// closed form: a segment turning about its centre towards a point (t* = (φ − asin(τ/ρ)) / W), towards a small
// triangle (t* = φ / W at τ = 0, the contact certified by crossing segments), turning away (a miss), and with
// a translation only (the exact oracle's t*).
#include <gtest/gtest.h>

#include <boost/multiprecision/mpfr.hpp>

#include "oracle/cast.h"
#include "oracle/cast_sweep.h"

namespace gjk::oracle {
namespace {

using Precise = boost::multiprecision::mpfr_float_100;

InputShape pointAt(float x, float y) {
  InputShape s;
  s.vertices = {{0, 0}};
  s.positionX = x;
  s.positionY = y;
  return s;
}

InputShape rod(float halfLength) {
  InputShape s;
  s.vertices = {{-halfLength, 0}, {halfLength, 0}};
  return s;
}

// lo <= t <= hi, with t a high-precision value (100 digits: far finer than the enclosure's width).
void expectContains(const SweepEnclosure& e, const Precise& t) {
  EXPECT_EQ(e.outcome, SweepOutcome::Hit);
  EXPECT_LE(Precise(e.lo.convert_to<double>()), t) << sweepIntervalText(e) << " vs " << t.str(20);
  EXPECT_GE(Precise(e.hi.convert_to<double>()), t) << sweepIntervalText(e) << " vs " << t.str(20);
  EXPECT_LE(e.hi - e.lo, Rational(1, Integer(1) << 40)) << sweepIntervalText(e);
}

TEST(CastSweep, aTurningRodReachesAPointAtTheClosedFormTime) {
  // The rod lies along angle θ = t W; the point at distance ρ < L from its centre, angle φ, is ρ |sin(φ − θ)| away.
  const InputShape a = pointAt(0.5f, 2.0f);
  const Precise rho = sqrt(Precise(0.25) + Precise(4)), phi = atan2(Precise(2), Precise(0.5));
  for (const float w : {2.0f, 1.5f, 3.0f}) {
    for (const Rational& tau : {Rational(1, 64), Rational(1, 3), Rational(1, 1024)}) {
      const Precise tauPrecise = Precise(tau.convert_to<double>());  // the three are exact doubles
      const Precise expected = (phi - asin(tauPrecise / rho)) / Precise(w);
      if (expected > 1) continue;
      SCOPED_TRACE("w " + std::to_string(w) + " tau " + tau.str());
      expectContains(castSweepEnclosure(a, rod(4), InputTranslation{0, 0}, w, tau), expected);
    }
  }
  // Turning the other way, the rod meets the point from the other side: angle φ − π.
  const Precise pi = boost::multiprecision::atan(Precise(1)) * 4;
  expectContains(castSweepEnclosure(a, rod(4), InputTranslation{0, 0}, -3.0, Rational(1, 64)),
                 (pi - phi - asin(Precise(1.0 / 64) / rho)) / Precise(3));
}

TEST(CastSweep, aTurningRodReachesATriangleAtTouchWithTargetZero) {
  // The vertex (0.5, 2) has the least angle of the three; the rod (half length 4) reaches it first, at θ = φ.
  InputShape a;
  a.vertices = {{0.5f, 2.0f}, {0.3f, 2.5f}, {0.2f, 2.2f}};
  const Precise phi = atan2(Precise(2), Precise(0.5));
  expectContains(castSweepEnclosure(a, rod(4), InputTranslation{0, 0}, 2.0, Rational(0)), phi / 2);
}

TEST(CastSweep, aRodTooShortOrTurningTooLittleIsACertifiedMiss) {
  const InputShape a = pointAt(0.5f, 2.0f);  // ρ ≈ 2.06
  EXPECT_EQ(castSweepEnclosure(a, rod(1.5f), InputTranslation{0, 0}, 3.0, Rational(1, 64)).outcome,
            SweepOutcome::Miss);
  EXPECT_EQ(castSweepEnclosure(a, rod(4), InputTranslation{0, 0}, 1.0, Rational(1, 64)).outcome,
            SweepOutcome::Miss);  // the rod turns 1 radian, the point is 1.33 away in angle
}

TEST(CastSweep, initiallyWithinTheTargetIsAHitAtZero) {
  const SweepEnclosure e = castSweepEnclosure(pointAt(1, 0.01f), rod(4), InputTranslation{0, 0}, 1.0, Rational(1, 64));
  EXPECT_EQ(e.outcome, SweepOutcome::Hit);
  EXPECT_EQ(e.lo, 0);
  EXPECT_EQ(e.hi, 0);
}

TEST(CastSweep, withoutTurnTheEnclosureHoldsTheExactTime) {
  // A unit square moving right into a point-like wall: the exact oracle's rational t*.
  InputShape a;
  a.vertices = {{3, -2}, {3.25f, -2}, {3.25f, 2}, {3, 2}};
  InputShape b;
  b.vertices = {{-0.5f, -0.5f}, {0.5f, -0.5f}, {0.5f, 0.5f}, {-0.5f, 0.5f}};
  b.rotationC = 0.6f;
  b.rotationS = 0.8f;
  const InputTranslation r{5, 0.25f};
  for (const Rational& tau : {Rational(0), Rational(1, 100)}) {
    const ExactCast exact = castByHull(a, b, r, tau);
    ASSERT_TRUE(exact.hit);
    const SweepEnclosure e = castSweepEnclosure(a, b, r, 0.0, tau);
    ASSERT_EQ(e.outcome, SweepOutcome::Hit) << sweepIntervalText(e);
    EXPECT_GE(compareQuadratic(exact.fraction, e.lo), 0) << sweepIntervalText(e);
    EXPECT_LE(compareQuadratic(exact.fraction, e.hi), 0) << sweepIntervalText(e);
    EXPECT_LE(e.hi - e.lo, Rational(1, Integer(1) << 40));
  }
}

TEST(CastSweep, aNegativeTargetIsRefused) {
  EXPECT_THROW(castSweepEnclosure(pointAt(0, 0), rod(1), InputTranslation{0, 0}, 1.0, Rational(-1)),
               std::invalid_argument);
}

}  // namespace
}  // namespace gjk::oracle
