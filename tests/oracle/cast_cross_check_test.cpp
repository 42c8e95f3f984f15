// The two exact cast methods (oracle/cast.h) agree on thousands of seeded random cases, and their answer
// is what it claims to be: the exact gap (castGapSquared, a third route, the reference hull of the point
// cloud) equals the target at a rational t*, is above it just before t*, and at or below it just after
// t* wherever the path enters the grown M (not where it only grazes it).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "oracle/cast.h"
#include "oracle/exact_arithmetic.h"
#include "oracle/quadratic_arithmetic.h"
#include "tests/oracle/case_generator.h"

namespace gjk::oracle {
namespace {

using cases::Generator;

struct CastCase {
  InputShape a, b;
  InputTranslation r;
  Rational target;
  std::string family;
};

std::string describe(const CastCase& c) {
  auto shapeText = [](const InputShape& s) {
    std::string text;
    char buffer[160];
    for (const InputPoint& v : s.vertices) {
      std::snprintf(buffer, sizeof buffer, "(%a, %a) ", v.x, v.y);
      text += buffer;
    }
    std::snprintf(buffer, sizeof buffer, "radius %a position (%a, %a) rotation (%a, %a)", s.radius, s.positionX,
                  s.positionY, s.rotationC, s.rotationS);
    return text + buffer;
  };
  char buffer[120];
  std::snprintf(buffer, sizeof buffer, "r (%a, %a) target ", c.r.x, c.r.y);
  return c.family + ": A " + shapeText(c.a) + "; B " + shapeText(c.b) + "; " + buffer + rationalString(c.target);
}

// Small integer shapes: points, segments, collinear and repeated vertices, quarter turns.
InputShape integerShape(Generator& random, int maxVertices) {
  InputShape s;
  const int count = random.integer(1, maxVertices);
  for (int i = 0; i < count; ++i) {
    s.vertices.push_back({static_cast<float>(random.integer(-3, 3)), static_cast<float>(random.integer(-3, 3))});
  }
  s.positionX = static_cast<float>(random.integer(-4, 4));
  s.positionY = static_cast<float>(random.integer(-4, 4));
  if (random.chance(30)) {
    static const int TURNS[4][2] = {{0, 1}, {-1, 0}, {0, -1}, {1, 0}};
    const int turn = random.integer(0, 3);
    s.rotationC = static_cast<float>(TURNS[turn][0]);
    s.rotationS = static_cast<float>(TURNS[turn][1]);
  }
  return s;
}

Rational randomTarget(Generator& random) {
  static const Rational TARGETS[] = {Rational(0), Rational(0), Rational(1, 2), Rational(1), Rational(1, 3),
                                     Rational(2), Rational(5, 4), Rational(3)};
  return TARGETS[random.integer(0, 7)];
}

CastCase generateCase(Generator& random, int index) {
  CastCase c;
  switch (index % 4) {
    case 0: {  // small integers everywhere
      c.family = "integer";
      c.a = integerShape(random, 4);
      c.b = integerShape(random, 4);
      c.r = {static_cast<float>(random.integer(-9, 9)), static_cast<float>(random.integer(-9, 9))};
      c.target = randomTarget(random);
      break;
    }
    case 1: {  // the path aimed exactly at a cloud point or between two: vertex hits, cones, grazing
      c.family = "aimed";
      c.a = integerShape(random, 4);
      c.b = integerShape(random, 4);
      const std::vector<ExactPoint> wa = worldVertices(c.a), wb = worldVertices(c.b);
      const ExactPoint& pa = wa[random.integer(0, static_cast<int>(wa.size()) - 1)];
      const ExactPoint& pb = wb[random.integer(0, static_cast<int>(wb.size()) - 1)];
      const ExactPoint& qa = wa[random.integer(0, static_cast<int>(wa.size()) - 1)];
      const ExactPoint& qb = wb[random.integer(0, static_cast<int>(wb.size()) - 1)];
      // p(t) = -t r reaches P = b - a at t = 1/k: r = -k P; or the midpoint of two cloud points.
      const int k = random.integer(1, 2);
      Rational x = pb.x - pa.x, y = pb.y - pa.y;
      if (random.chance(40)) {
        x = (x + qb.x - qa.x) / 2;
        y = (y + qb.y - qa.y) / 2;
      }
      c.r = {static_cast<float>(-k * x.convert_to<double>()), static_cast<float>(-k * y.convert_to<double>())};
      c.target = random.chance(60) ? Rational(0) : randomTarget(random);
      break;
    }
    case 2: {  // float coordinates, rotations, translations of any length
      c.family = "float";
      for (InputShape* s : {&c.a, &c.b}) {
        const int count = random.integer(1, 4);
        for (int i = 0; i < count; ++i) s->vertices.push_back({random.spreadFloat(-3, 2), random.spreadFloat(-3, 2)});
        random.rotation(s->rotationC, s->rotationS);
        s->positionX = random.spreadFloat(-2, 3);
        s->positionY = random.spreadFloat(-2, 3);
      }
      c.r = {random.spreadFloat(-3, 5), random.spreadFloat(-3, 5)};
      c.target = random.chance(30) ? Rational(0) : exactFloat(random.positiveSpreadFloat(-6, 1));
      break;
    }
    default: {  // polygons in convex position, the target rA + rB of their radii
      c.family = "convex";
      c.a.vertices = cases::convexPolygon(random, random.integer(3, 5), 1.5, 1.0);
      c.b.vertices = cases::convexPolygon(random, random.integer(3, 5), 1.0, 2.0);
      cases::place(random, c.a, 0, 0, 0.5, 0);
      cases::place(random, c.b, 4, 1, 2, 0);
      c.a.radius = static_cast<float>(random.integer(0, 3)) * 0.25f;
      c.b.radius = static_cast<float>(random.integer(0, 3)) * 0.25f;
      c.r = {static_cast<float>(-8 * random.unit()), static_cast<float>(4 * random.unit() - 2)};
      c.target = exactFloat(c.a.radius) + exactFloat(c.b.radius);
      break;
    }
  }
  return c;
}

// High precision: the two non-zero vectors are parallel, same sense, to 1e-60 relative.
bool sameDirection(const QuadraticNumber& x1, const QuadraticNumber& y1, const QuadraticNumber& x2,
                   const QuadraticNumber& y2) {
  const HighPrecision ax = toHighPrecision(x1), ay = toHighPrecision(y1);
  const HighPrecision bx = toHighPrecision(x2), by = toHighPrecision(y2);
  const HighPrecision scale = sqrt((ax * ax + ay * ay) * (bx * bx + by * by));
  return scale > 0 && abs(ax * by - ay * bx) <= scale * HighPrecision("1e-60") && ax * bx + ay * by > 0;
}

bool sameRationalDirection(const ExactPoint& p, const ExactPoint& q) {
  return p.x * q.y - p.y * q.x == 0 && p.x * q.x + p.y * q.y > 0;
}

TEST(CastCrossCheck, hullAndHullFreeMethodsAgreeAndTheGapConfirmsTheFraction) {
  Generator random(0x5eed0ca57ULL);
  const int CASES = 3000;
  int hits = 0, misses = 0, initial = 0, irrational = 0, cones = 0, entering = 0, grazing = 0, pointsChecked = 0;
  for (int index = 0; index < CASES; ++index) {
    const CastCase c = generateCase(random, index);
    SCOPED_TRACE(describe(c));
    const ExactCast byHull = castByHull(c.a, c.b, c.r, c.target);
    const ExactCast withoutHull = castWithoutHull(c.a, c.b, c.r, c.target);
    ASSERT_EQ(byHull.hit, withoutHull.hit);
    ASSERT_EQ(byHull.initiallyTouching, withoutHull.initiallyTouching);
    ASSERT_EQ(byHull.initiallyOverlapping, withoutHull.initiallyOverlapping);
    if (!byHull.hit) {
      ++misses;
      continue;
    }
    ++hits;
    ASSERT_EQ(compareQuadratic(byHull.fraction, withoutHull.fraction), 0)
        << quadraticDecimal(byHull.fraction) << " against " << quadraticDecimal(withoutHull.fraction);
    ASSERT_EQ(byHull.normalKnown, withoutHull.normalKnown);
    ASSERT_EQ(byHull.normalIsCone, withoutHull.normalIsCone);
    const bool atStart = byHull.initiallyTouching || byHull.initiallyOverlapping;
    if (atStart) {
      ++initial;
      EXPECT_EQ(compareQuadratic(byHull.fraction, Rational(0)), 0);
    }
    if (byHull.normalKnown) {
      if (byHull.normalIsCone) {
        ++cones;
        EXPECT_TRUE(sameRationalDirection(byHull.coneFrom, withoutHull.coneFrom));
        EXPECT_TRUE(sameRationalDirection(byHull.coneTo, withoutHull.coneTo));
      } else {
        EXPECT_TRUE(sameDirection(byHull.normalX, byHull.normalY, withoutHull.normalX, withoutHull.normalY));
      }
      const HighPrecision size = 1 + abs(byHull.pointX) + abs(byHull.pointY);
      EXPECT_LT(abs(byHull.pointX - withoutHull.pointX) + abs(byHull.pointY - withoutHull.pointY),
                size * HighPrecision("1e-40"));
    }
    // With the target rA + rB the rounded shapes touch at t*: the contact point, rounded to double, lies on
    // both rounded surfaces (castPointError measures it with the distance oracle, not the cast's code).
    if (byHull.normalKnown && c.target == exactFloat(c.a.radius) + exactFloat(c.b.radius) &&
        !byHull.initiallyOverlapping) {
      ++pointsChecked;
      const double px = byHull.pointX.convert_to<double>(), py = byHull.pointY.convert_to<double>();
      const HighPrecision size = 1 + abs(byHull.pointX) + abs(byHull.pointY) + HighPrecision(c.a.radius);
      EXPECT_LT(castPointError(c.a, c.b, c.r, byHull, px, py), size * HighPrecision("1e-12"));
    }
    if (atStart) continue;

    const Rational targetSquared = c.target * c.target;
    if (isRationalForm(byHull.fraction)) {
      EXPECT_EQ(castGapSquared(c.a, c.b, c.r, rationalPart(byHull.fraction)), targetSquared);
    } else {
      ++irrational;
    }
    // Rational probes 2^-200 either side of t* (t* is known to ~330 bits in high precision; the bracket
    // is checked exactly).
    Rational middle;
    const HighPrecision value = toHighPrecision(byHull.fraction);
    mpq_set_f(middle.backend().data(), value.backend().data());
    const Rational step = powerOfTwo(-200);
    const Rational before = middle - step, after = middle + step;
    ASSERT_LT(compareQuadratic(byHull.fraction, after), 0);
    ASSERT_GT(compareQuadratic(byHull.fraction, before), 0);
    if (before >= 0) {
      EXPECT_GT(castGapSquared(c.a, c.b, c.r, before), targetSquared) << "the gap is already within before t*";
    }
    // Whether the path enters the grown M at t* (rather than touching it and leaving): the motion of
    // p(t), u = -r, has a positive component along every valid normal (m.u > 0; for a cone, along both
    // ends: u points into M's tangent cone). Decided exactly.
    const Rational ux = -exactFloat(c.r.x), uy = -exactFloat(c.r.y);
    bool enters = false;
    if (byHull.normalKnown && byHull.normalIsCone) {
      const ExactPoint& f = byHull.coneFrom;
      const ExactPoint& to = byHull.coneTo;
      const bool full = f.x == to.x && f.y == to.y;
      enters = !full && f.x * ux + f.y * uy >= 0 && to.x * ux + to.y * uy >= 0;
    } else if (byHull.normalKnown) {
      // With target 0 a point or segment M has no inside to enter: the path crosses it at t* alone.
      const bool flat = c.target == 0 && solveByHull(c.a, c.b).minkowskiHull.size() < 3;
      enters = !flat &&
               quadraticSign(quadraticAdd(quadraticScale(byHull.normalX, ux), quadraticScale(byHull.normalY, uy))) > 0;
    }
    if (after <= 1) {
      const Rational gapAfter = castGapSquared(c.a, c.b, c.r, after);
      if (enters) {
        ++entering;
        EXPECT_LE(gapAfter, targetSquared) << "the path enters at t* but the gap after it is above the target";
      } else {
        ++grazing;
        EXPECT_GE(gapAfter, targetSquared);  // convex g, minimum tau at t*: nowhere below
      }
    }
  }
  std::printf("cast cross-check: %d cases, %d hits (%d at t = 0, %d irrational t*, %d cones; probes: %d entering, "
              "%d grazing; %d contact points on both surfaces), %d misses\n",
              CASES, hits, initial, irrational, cones, entering, grazing, pointsChecked, misses);
  // The generator reaches every kind of answer (a generator that drifted into one kind would hide bugs).
  EXPECT_GT(misses, CASES / 20);
  EXPECT_GT(initial, CASES / 50);
  EXPECT_GT(irrational, CASES / 50);
  EXPECT_GT(cones, CASES / 50);
  EXPECT_GT(entering, CASES / 10);
  EXPECT_GT(grazing, 0);
  EXPECT_GT(pointsChecked, CASES / 10);
}

}  // namespace
}  // namespace gjk::oracle
