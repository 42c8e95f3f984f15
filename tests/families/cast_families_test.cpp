// The cast families (families/families_cast.cpp): every case of each is a valid cast case, the same for the
// same seed and index, and its construction's claims hold exactly. Without a cast oracle, the claims are
// checked through the exact distance oracle: the core gap at time t is the distance from the origin to
// M + t r, M = hull{b - a} the exact Minkowski difference (oracle::solveByHull's minkowskiHull) and r the
// translation, both exact rationals, so any rational t is probed exactly. The probe itself is checked
// against the oracle on the moved case wherever B's position moved by r is an exact float.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "case/case.h"
#include "families/families.h"
#include "oracle/oracle.h"
#include "properties/family_case_checks.h"
#include "verdict/exact_case.h"

namespace gjk::check {
namespace {

using oracle::ExactPoint;
using oracle::Rational;
using oracle::Relation;

constexpr std::uint64_t SEED = 20261127;
constexpr int CASES_PER_FAMILY = 200;

Rational dotOf(const ExactPoint& a, const ExactPoint& b) { return a.x * b.x + a.y * b.y; }
Rational crossOf(const ExactPoint& a, const ExactPoint& b) { return a.x * b.y - a.y * b.x; }
ExactPoint minus(const ExactPoint& a, const ExactPoint& b) { return {a.x - b.x, a.y - b.y}; }

// Squared distance from q to the segment [a, b], exact.
Rational segmentDistanceSquared(const ExactPoint& q, const ExactPoint& a, const ExactPoint& b) {
  const ExactPoint d = minus(b, a);
  const Rational length2 = dotOf(d, d);
  Rational u = length2 == 0 ? Rational(0) : dotOf(minus(q, a), d) / length2;
  if (u < 0) u = 0;
  if (u > 1) u = 1;
  const ExactPoint closest{a.x + u * d.x, a.y + u * d.y};
  const ExactPoint gap = minus(q, closest);
  return dotOf(gap, gap);
}

// The exact motion of a cast case: M (counter-clockwise, collinear points removed), r, rA + rB.
class ExactCast {
 public:
  explicit ExactCast(const Case& value) {
    const oracle::ExactAnswer answer = solveExactly(value);
    hull_ = answer.minkowskiHull;
    radius_ = answer.radius;
    translation_ = {oracle::exactFloat(value.translationX), oracle::exactFloat(value.translationY)};
  }

  // g(t)^2 = dist(origin, M + t r)^2 = dist(-t r, M)^2; `strictlyInside` says whether -t r is in M's interior.
  Rational coreGapSquared(const Rational& t, bool* strictlyInside = nullptr) const {
    const ExactPoint q{-t * translation_.x, -t * translation_.y};
    const std::size_t n = hull_.size();
    bool inside = n >= 3, onOrInside = n >= 3;
    Rational best = -1;
    for (std::size_t i = 0; i < n; ++i) {
      const ExactPoint& a = hull_[i];
      const ExactPoint& b = hull_[(i + 1) % n];
      if (n >= 3) {
        const Rational side = crossOf(minus(b, a), minus(q, a));
        inside = inside && side > 0;
        onOrInside = onOrInside && side >= 0;
      }
      const Rational d2 = segmentDistanceSquared(q, a, b);
      if (best < 0 || d2 < best) best = d2;
      if (n <= 2) break;  // a point (a = b) or a segment: one piece
    }
    if (strictlyInside != nullptr) *strictlyInside = inside;
    return onOrInside ? Rational(0) : best;
  }

  // The relation of docs/case-format.md at time t: the rounded shapes' relation with B moved by t r.
  Relation relationAt(const Rational& t) const {
    bool inside = false;
    const Rational d2 = coreGapSquared(t, &inside);
    if (radius_ == 0) {
      if (inside) return Relation::Overlapping;
      return d2 == 0 ? Relation::Touching : Relation::Separated;
    }
    const Rational r2 = radius_ * radius_;
    return d2 < r2 ? Relation::Overlapping : d2 == r2 ? Relation::Touching : Relation::Separated;
  }

 private:
  std::vector<ExactPoint> hull_;
  Rational radius_;
  ExactPoint translation_;
};

Rational fractionOf(const std::string& text) {
  const std::size_t slash = text.find('/');
  return Rational(std::stoll(text.substr(0, slash))) / Rational(std::stoll(text.substr(slash + 1)));
}

const char* name(Relation relation) { return oracle::relationName(relation); }

// The probe against the oracle itself: at t = 1 (and t = 0), where B's position plus r is an exact float,
// the moved case's exact relation and squared core distance are the probe's.
void expectProbeAgreesWithTheOracle(const Case& value, const ExactCast& cast) {
  const Case atStart = value;
  const oracle::ExactAnswer start = solveExactly(atStart);
  EXPECT_EQ(name(cast.relationAt(0)), name(start.relation)) << value.source;
  EXPECT_EQ(cast.coreGapSquared(0), start.coreDistanceSquared) << value.source;
  const float x = value.b.positionX + value.translationX;
  const float y = value.b.positionY + value.translationY;
  if (oracle::exactFloat(x) != oracle::exactFloat(value.b.positionX) + oracle::exactFloat(value.translationX) ||
      oracle::exactFloat(y) != oracle::exactFloat(value.b.positionY) + oracle::exactFloat(value.translationY) ||
      !std::isfinite(x) || !std::isfinite(y)) {
    return;
  }
  Case moved = value;
  moved.b.positionX = x;
  moved.b.positionY = y;
  const oracle::ExactAnswer end = solveExactly(moved);
  EXPECT_EQ(name(cast.relationAt(1)), name(end.relation)) << value.source;
  EXPECT_EQ(cast.coreGapSquared(1), end.coreDistanceSquared) << value.source;
}

// A time just before or after another, far closer than any lattice feature of the families.
const Rational EPSILON = Rational(1) / Rational(oracle::Integer(1) << 40);

TEST(CastFamilies, areTheFourteenOfTheIssueAndNotAmongTheDistanceDefaults) {
  EXPECT_EQ(castFamilyNames(),
            (std::vector<std::string>{"cast-tunnelling", "cast-grazing-vertex", "cast-grazing-edge",
                                      "cast-grazing-miss", "cast-sliding", "cast-initially-touching",
                                      "cast-initially-overlapping", "cast-receding", "cast-head-on",
                                      "cast-long-translation", "cast-near-parallel", "cast-short-edge",
                                      "cast-rounded", "cast-scale-offset"}));
  EXPECT_EQ(familyNames().size(), 14u);
  for (const std::string& family : castFamilyNames()) {
    EXPECT_NO_THROW(checkFamilyName(family));
    EXPECT_TRUE(isCastFamily(family));
    EXPECT_FALSE(isOverlapFamily(family));
  }
  EXPECT_FALSE(isCastFamily("touching"));
  // A distance family's case is not a cast case.
  EXPECT_FALSE(sampleFamily("touching", SEED, 0).hasTranslation);
}

class EachCastFamily : public ::testing::TestWithParam<std::string> {};

TEST_P(EachCastFamily, makesValidCastCasesTheSameForTheSameSeed) {
  const std::string& family = GetParam();
  std::map<std::string, int> constructions;
  for (int i = 0; i < CASES_PER_FAMILY; ++i) {
    const Case value = sampleFamily(family, SEED, static_cast<std::uint64_t>(i));
    ASSERT_TRUE(value.hasTranslation) << value.source;
    EXPECT_TRUE(std::isfinite(value.translationX) && std::isfinite(value.translationY));
    // Vertex counts, unit rotations, the exact round trip through the file (translation included), the
    // family's feature and the case's own exact expectations (meta.expected-relation, at t = 0).
    ASSERT_EQ(test_support::familyCaseProblems(family, value), "") << "index " << i;
    EXPECT_TRUE(test_support::identicalCases(value, sampleFamily(family, SEED, static_cast<std::uint64_t>(i))));
    ++constructions[value.metaValue("construction")];
  }
  // Another seed gives other cases.
  EXPECT_FALSE(test_support::identicalCases(sampleFamily(family, SEED, 0), sampleFamily(family, SEED + 1, 0)));
  std::string spread;
  for (const auto& [construction, count] : constructions) spread += " " + construction + ":" + std::to_string(count);
  std::cout << family << " constructions:" << spread << "\n";
}

// Every claim a case makes of its times, exactly: touching at meta.touch-fraction and apart just before it
// (the first touch), overlapping at meta.overlap-fraction; and the probe agrees with the oracle.
TEST_P(EachCastFamily, theTimesItClaimsHoldExactly) {
  const std::string& family = GetParam();
  int claims = 0;
  for (int i = 0; i < CASES_PER_FAMILY; ++i) {
    const Case value = sampleFamily(family, SEED, static_cast<std::uint64_t>(i));
    const ExactCast cast(value);
    expectProbeAgreesWithTheOracle(value, cast);
    if (const std::string touch = value.metaValue("touch-fraction"); !touch.empty()) {
      ++claims;
      const Rational t = fractionOf(touch);
      ASSERT_GT(t, 0);
      ASSERT_LE(t, 1);
      EXPECT_STREQ(name(cast.relationAt(t)), "touching") << value.source << " t = " << touch;
      EXPECT_STREQ(name(cast.relationAt(t - EPSILON)), "separated") << value.source;
      EXPECT_STREQ(name(cast.relationAt(0)), "separated") << value.source;
    }
    if (const std::string overlap = value.metaValue("overlap-fraction"); !overlap.empty()) {
      ++claims;
      EXPECT_STREQ(name(cast.relationAt(fractionOf(overlap))), "overlapping") << value.source << " t = " << overlap;
      EXPECT_STREQ(name(cast.relationAt(0)), "separated") << value.source;
    }
    if (HasFailure()) break;
  }
  std::cout << family << ": " << claims << " timed claims in " << CASES_PER_FAMILY << " cases\n";
  const std::map<std::string, int> LEAST = {
      {"cast-tunnelling", 200}, {"cast-grazing-vertex", 200}, {"cast-grazing-edge", 200},
      {"cast-sliding", 100},    {"cast-head-on", 200},        {"cast-long-translation", 100},
      {"cast-near-parallel", 200}, {"cast-short-edge", 200},  {"cast-rounded", 200},
      {"cast-scale-offset", 200}};
  if (const auto least = LEAST.find(family); least != LEAST.end()) EXPECT_GE(claims, least->second);
}

INSTANTIATE_TEST_SUITE_P(CastFamilies, EachCastFamily, ::testing::ValuesIn(castFamilyNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           for (char& c : name) {
                             if (c == '-') c = '_';
                           }
                           return name;
                         });

// Cases sampled with their exact motion.
template <class Check>
void forEachCase(const std::string& family, Check check) {
  for (int i = 0; i < CASES_PER_FAMILY; ++i) {
    const Case value = sampleFamily(family, SEED, static_cast<std::uint64_t>(i));
    check(value, ExactCast(value));
    if (::testing::Test::HasFailure()) return;
  }
}

TEST(CastFamilies, tunnellingStartsAndEndsApartAndOverlapsHalfWayThroughAThinWall) {
  forEachCase("cast-tunnelling", [](const Case& value, const ExactCast& cast) {
    EXPECT_STREQ(name(cast.relationAt(0)), "separated") << value.source;
    EXPECT_STREQ(name(cast.relationAt(1)), "separated") << value.source;
    EXPECT_STREQ(name(cast.relationAt(Rational(1, 2))), "overlapping") << value.source;
    // |r| much larger than the wall's thickness (A's x extent in the construction frame, the smaller side).
    const double thickness = std::min(std::fabs(value.a.vertices[0].x - value.a.vertices[2].x),
                                      std::fabs(value.a.vertices[0].y - value.a.vertices[2].y));
    EXPECT_GT(std::hypot(value.translationX, value.translationY), 8 * thickness) << value.source;
  });
}

// Touching at the constructed time, then overlapping just after, for the constructions that push into A
// (a vertex or an edge onto the interior of an edge, a rounded core onto its target).
TEST(CastFamilies, grazesThatPushInOverlapJustAfterTheTouchAndPureGrazesSeparate) {
  for (const char* family : {"cast-grazing-vertex", "cast-grazing-edge", "cast-near-parallel", "cast-short-edge",
                             "cast-rounded", "cast-scale-offset"}) {
    int pushes = 0, grazes = 0;
    forEachCase(family, [&](const Case& value, const ExactCast& cast) {
      const std::string touch = value.metaValue("touch-fraction");
      if (touch.empty()) return;  // scale-offset's head-on cases
      const Rational t = fractionOf(touch);
      if (value.metaValue("construction") == "vertex-past-vertex") {
        ++grazes;
        EXPECT_STREQ(name(cast.relationAt(t + EPSILON)), "separated") << value.source;
      } else {
        ++pushes;
        EXPECT_STREQ(name(cast.relationAt(t + EPSILON)), "overlapping") << value.source;
      }
    });
    EXPECT_GT(pushes, 50) << family;
    if (std::string(family) == "cast-grazing-vertex") EXPECT_GT(grazes, 20);
  }
}

// A miss by one float step: apart at every probe, exactly, and one float step of one component of the
// translation back makes it touch at a quarter of the move.
TEST(CastFamilies, grazingMissIsApartEverywhereAndOneFloatStepFromATouch) {
  constexpr float INF = std::numeric_limits<float>::infinity();
  forEachCase("cast-grazing-miss", [&](const Case& value, const ExactCast& cast) {
    for (int k = 0; k <= 64; ++k) {
      EXPECT_STREQ(name(cast.relationAt(Rational(k, 64))), "separated") << value.source << " t = " << k << "/64";
    }
    bool touches = false;
    for (int component = 0; component < 2 && !touches; ++component) {
      for (float towards : {INF, -INF}) {
        Case back = value;
        float& x = component == 0 ? back.translationX : back.translationY;
        x = std::nextafter(x, towards);
        const ExactCast graze(back);
        for (int k = 1; k <= 3; ++k) touches = touches || graze.relationAt(Rational(k, 4)) == Relation::Touching;
      }
    }
    EXPECT_TRUE(touches) << value.source << "\n" << formatCase(value);
  });
}

// Sliding: the gap is the same from half way to the end (the edges are parallel to r and overlap in
// projection), and it never grew on the way there.
TEST(CastFamilies, slidingKeepsOneGapAlongTheSlide) {
  int misses = 0;
  forEachCase("cast-sliding", [&](const Case& value, const ExactCast& cast) {
    const Rational half = cast.coreGapSquared(Rational(1, 2));
    EXPECT_EQ(cast.coreGapSquared(Rational(3, 4)), half) << value.source;
    EXPECT_EQ(cast.coreGapSquared(1), half) << value.source;
    EXPECT_GE(cast.coreGapSquared(0), half) << value.source;
    if (value.metaValue("construction") == "parallel-gap") {
      ++misses;
      EXPECT_GT(half, 0) << value.source;
      for (int k = 0; k <= 16; ++k) EXPECT_STREQ(name(cast.relationAt(Rational(k, 16))), "separated") << value.source;
    } else {
      EXPECT_STREQ(name(cast.relationAt(1)), "touching") << value.source;
    }
  });
  EXPECT_GT(misses, 10);
}

TEST(CastFamilies, initiallyTouchingAndInitiallyOverlappingStartThatWay) {
  forEachCase("cast-initially-touching", [](const Case& value, const ExactCast& cast) {
    EXPECT_STREQ(name(solveExactly(value).relation), "touching") << value.source;
    EXPECT_STREQ(name(cast.relationAt(0)), "touching") << value.source;
  });
  forEachCase("cast-initially-overlapping", [](const Case& value, const ExactCast& cast) {
    EXPECT_STREQ(name(solveExactly(value).relation), "overlapping") << value.source;
    EXPECT_STREQ(name(cast.relationAt(0)), "overlapping") << value.source;
  });
}

// Receding: the gap at t = 1 is larger than at t = 0, and grows at every eighth of the move.
TEST(CastFamilies, recedingShapesOnlyMoveApart) {
  int touchingAtStart = 0;
  forEachCase("cast-receding", [&](const Case& value, const ExactCast& cast) {
    if (cast.relationAt(0) == Relation::Touching) ++touchingAtStart;
    EXPECT_NE(cast.relationAt(0), Relation::Overlapping) << value.source;
    Rational previous = cast.coreGapSquared(0);
    for (int k = 1; k <= 8; ++k) {
      const Rational next = cast.coreGapSquared(Rational(k, 8));
      EXPECT_GT(next, previous) << value.source << " at " << k << "/8";
      previous = next;
    }
  });
  EXPECT_GT(touchingAtStart, 10);
}

// Long translations: a hit at k/8 is apart at both ends of its eighth; a pass beside A is apart all along.
TEST(CastFamilies, longTranslationsHitAtTheirEighthOrPassBeside) {
  int passes = 0;
  forEachCase("cast-long-translation", [&](const Case& value, const ExactCast& cast) {
    if (value.metaValue("construction") == "pass-beside") {
      ++passes;
      for (int k = 0; k <= 64; ++k) EXPECT_STREQ(name(cast.relationAt(Rational(k, 64))), "separated") << value.source;
      return;
    }
    const Rational t = fractionOf(value.metaValue("overlap-fraction"));
    EXPECT_STREQ(name(cast.relationAt(t - Rational(1, 16))), "separated") << value.source;
    if (t < 1) EXPECT_STREQ(name(cast.relationAt(t + Rational(1, 16))), "separated") << value.source;
  });
  EXPECT_GT(passes, 20);
}

}  // namespace
}  // namespace gjk::check
