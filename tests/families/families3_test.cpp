// The 3D case families (families/families.h, familyNames3): every family makes valid 3D cases (unit
// quaternions, 1..64 vertices, an exact round trip through the file format) with its defining feature;
// sampleFamily3 is deterministic and pinned by a fingerprint of each family's stream; every list of choices
// replays to a case of the family; the relations the constructions claim are the exact 3D oracle's; and the
// oracle's two exact methods agree field by field on the families' cases.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "case/case.h"
#include "case/unit_rotation.h"
#include "families/families.h"
#include "oracle/oracle3.h"
#include "oracle/oracle3_compare.h"
#include "properties/family_case_checks.h"
#include "verdict/exact_case3.h"

namespace gjk::check {
namespace {

constexpr std::uint64_t SEED = 20261201;
constexpr int SAMPLES_PER_FAMILY = 150;
// The cases per family on which the oracle's two methods are compared: 200 in ctest; the environment variable
// GJK_ORACLE3_CASES sets another count for a longer run (docs/fuzzing.md gives the 1,000-case one).
int oracleCasesPerFamily() {
  const char* text = std::getenv("GJK_ORACLE3_CASES");
  return text != nullptr && std::atoi(text) > 0 ? std::atoi(text) : 200;
}

using test_support::sameBits;

bool identical3(const Case& x, const Case& y) { return test_support::identicalCases3(x, y); }

std::string problemsOf(const std::string& family, const Case& value) {
  return test_support::familyCaseProblems3(family, value);
}

TEST(Families3, areTheFifteenOfTheTaskInOrder) {
  EXPECT_EQ(familyNames3(),
            (std::vector<std::string>{"random-convex", "random-points", "coplanar", "edge-edge", "stacked", "flat",
                                      "needle", "duplicates", "near-parallel", "short-edge", "sliver",
                                      "large-offset", "scale", "rotated", "rounded"}));
}

TEST(Families3, anUnknownFamilyIsAnInvalidArgumentNamingThe3dFamilies) {
  for (const char* name : {"no-such-family", "touching", "cast-tunnelling", ""}) {
    EXPECT_THROW(checkFamilyName3(name), std::invalid_argument) << name;
    EXPECT_THROW(sampleFamily3(name, 1, 0), std::invalid_argument) << name;
    PrngChoices source(1);
    EXPECT_THROW(sampleFamily3From(name, source), std::invalid_argument) << name;
  }
  try {
    checkFamilyName3("no-such-family");
  } catch (const std::invalid_argument& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("no-such-family"), std::string::npos) << message;
    for (const std::string& name : familyNames3()) EXPECT_NE(message.find(name), std::string::npos) << message;
  }
  for (const std::string& name : familyNames3()) EXPECT_NO_THROW(checkFamilyName3(name));
}

// The feature check can fail: the simplest stacked case (two aligned axis boxes, B on A) shows the features it
// has and not the others when it is labelled as each family.
TEST(Families3, theFeatureCheckTellsWhichFeaturesACaseHas) {
  const std::vector<std::uint64_t> none;
  ReplayedChoices zeros(none);
  Case boxes = sampleFamily3From("stacked", zeros);
  const std::set<std::string> HAS = {"random-convex", "coplanar", "edge-edge", "stacked", "scale"};
  for (const std::string& family : familyNames3()) {
    boxes.setMeta("family", family);
    EXPECT_EQ(missingFamilyFeature3(boxes).empty(), HAS.count(family) == 1)
        << family << ": " << missingFamilyFeature3(boxes) << "\n" << formatCase(boxes);
  }
  boxes.setMeta("family", "touching");
  EXPECT_NE(missingFamilyFeature3(boxes), "");
  boxes.setMeta("family", "stacked");
  boxes.b.positionZ = 0x1p9f;  // lifted off A by four times A's height
  EXPECT_NE(missingFamilyFeature3(boxes), "");
}

class Families3Each : public ::testing::TestWithParam<std::string> {};

TEST_P(Families3Each, makesValidCasesWithItsDefiningFeature) {
  std::map<std::string, int> constructions;
  for (int i = 0; i < SAMPLES_PER_FAMILY; ++i) {
    const Case value = sampleFamily3(GetParam(), SEED, static_cast<std::uint64_t>(i));
    ASSERT_EQ(problemsOf(GetParam(), value), "") << "sample " << i;
    ++constructions[value.metaValue("construction")];
  }
  std::string spread;
  for (const auto& [name, count] : constructions) spread += " " + name + ":" + std::to_string(count);
  std::cout << GetParam() << " constructions:" << spread << "\n";
  EXPECT_GE(constructions.size(), 2u) << "more than one construction is sampled";
}

TEST_P(Families3Each, samplesTheSameCaseForTheSameSeedAndIndex) {
  for (std::uint64_t index : {0ull, 1ull, 2ull, 77ull, 1ull << 40}) {
    const Case first = sampleFamily3(GetParam(), SEED, index);
    const Case second = sampleFamily3(GetParam(), SEED, index);
    EXPECT_TRUE(identical3(first, second)) << index;
    EXPECT_EQ(formatCase(first), formatCase(second));
    EXPECT_EQ(first.source,
              "family3:" + GetParam() + "/seed:" + std::to_string(SEED) + "/index:" + std::to_string(index));
  }
  std::set<std::string> distinct;
  for (int index = 0; index < 20; ++index) {
    distinct.insert(formatCase(sampleFamily3(GetParam(), SEED, static_cast<std::uint64_t>(index))));
  }
  EXPECT_GE(distinct.size(), 15u) << "twenty indices should give (nearly) twenty different cases";
}

// Any list of choices replays to a member of the family: random lists, huge choices, short lists, and the
// list of zeros, the family's simplest member.
TEST_P(Families3Each, everyListOfChoicesReplaysToACaseOfTheFamily) {
  SplitMix64 random(SEED);
  for (int trial = 0; trial < 60; ++trial) {
    std::vector<std::uint64_t> choices(random.below(600));
    for (std::uint64_t& choice : choices) {
      switch (trial % 3) {
        case 0:
          choice = random.next();
          break;
        case 1:
          choice = random.below(8);
          break;
        default:
          choice = random.next() >> random.below(64);
          break;
      }
    }
    ReplayedChoices replay(choices);
    const Case value = sampleFamily3From(GetParam(), replay);
    ASSERT_EQ(problemsOf(GetParam(), value), "") << "trial " << trial;
  }
  const std::vector<std::uint64_t> none;
  ReplayedChoices zeros(none);
  const Case simplest = sampleFamily3From(GetParam(), zeros);
  ASSERT_EQ(problemsOf(GetParam(), simplest), "");
  EXPECT_LE(simplest.a.vertices.size() + simplest.b.vertices.size(), 16u) << formatCase(simplest);
  if (GetParam() != "rotated") {  // rotated's A always turns (its defining feature)
    EXPECT_EQ(simplest.a.quaternionW, 1.0f) << "choice 0 is no rotation where the family allows one";
    EXPECT_EQ(simplest.b.quaternionW, 1.0f) << "choice 0 is no rotation where the family allows one";
  }
  std::cout << "the simplest 3D " << GetParam() << " case:\n" << formatCase(simplest);
}

TEST_P(Families3Each, replayingTheRecordedChoicesGivesTheSameCase) {
  for (std::uint64_t index = 0; index < 10; ++index) {
    PrngChoices prng(familyCaseSeed(SEED, index));
    RecordingChoices recording(prng);
    const Case sampled = sampleFamily3From(GetParam(), recording);
    ReplayedChoices replay(recording.recorded());
    EXPECT_TRUE(identical3(sampleFamily3From(GetParam(), replay), sampled)) << index;
    EXPECT_TRUE(identical3(sampleFamily3(GetParam(), SEED, index), sampled)) << index;
  }
}

// The claimed relations are the exact oracle's, and the oracle's two exact methods (the hull of the Minkowski
// cloud, and exact GJK with an exact EPA) agree on every field of every case.
TEST_P(Families3Each, claimedRelationsAreTheOraclesAndItsMethodsAgree) {
  const auto start = std::chrono::steady_clock::now();
  std::map<std::string, int> claims;
  const int cases = oracleCasesPerFamily();
  for (int i = 0; i < cases; ++i) {
    const Case value = sampleFamily3(GetParam(), SEED + 1, static_cast<std::uint64_t>(i));
    const oracle::InputShape3 a = toOracleShape3(value.a), b = toOracleShape3(value.b);
    const oracle::ExactAnswer3 byHull = oracle::solveByHull3(a, b);
    const oracle::ExactAnswer3 withoutHull = oracle::solveWithoutHull3(a, b);
    ASSERT_EQ(oracle::firstDifference3(byHull, withoutHull), "")
        << "hull: " << oracle::answerText3(byHull) << "\nwithout hull: " << oracle::answerText3(withoutHull) << "\n"
        << formatCase(value);
    // The distance alone (no expanding polytope) is the same d0^2 and closest point.
    const oracle::ExactDistance3 distance = oracle::coreDistance3(a, b);
    ASSERT_TRUE(distance.coreDistanceSquared == byHull.coreDistanceSquared &&
                distance.closestPoint.x == byHull.closestPoint.x && distance.closestPoint.y == byHull.closestPoint.y &&
                distance.closestPoint.z == byHull.closestPoint.z)
        << "coreDistance3 d0^2 " << oracle::rationalString(distance.coreDistanceSquared) << "\n"
        << oracle::answerText3(byHull) << "\n" << formatCase(value);
    const std::string claim = value.metaValue("expected-relation");
    if (claim.empty()) continue;
    ASSERT_EQ(oracle::relationName(solveExactly3(value).relation), claim) << formatCase(value);
    ++claims[claim];
  }
  std::string spread;
  for (const auto& [name, count] : claims) spread += " " + name + ":" + std::to_string(count);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << GetParam() << ": " << cases << " cases, claims:" << spread << " (" << seconds << " s)\n";
  // The families whose constructions make a relation exact claim it, each relation they can make.
  const std::map<std::string, std::vector<std::string>> CLAIMING = {
      {"random-convex", {"separated", "touching", "overlapping"}},
      {"coplanar", {"separated", "touching"}},
      {"edge-edge", {"separated", "touching"}},
      {"stacked", {"separated", "touching", "overlapping"}},
      {"flat", {"touching"}},
      {"needle", {"touching"}},
      {"near-parallel", {"separated", "touching"}},
      {"large-offset", {"separated", "touching", "overlapping"}},
      {"scale", {"separated", "touching", "overlapping"}},
      {"rotated", {"separated", "touching", "overlapping"}},
      {"rounded", {"separated", "touching", "overlapping"}},
  };
  const auto claiming = CLAIMING.find(GetParam());
  if (claiming == CLAIMING.end()) {
    EXPECT_TRUE(claims.empty()) << GetParam() << " claims no relation";
  } else {
    for (const std::string& relation : claiming->second) EXPECT_GT(claims[relation], 0) << relation;
  }
}

INSTANTIATE_TEST_SUITE_P(Families3, Families3Each, ::testing::ValuesIn(familyNames3()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// Deterministic on every machine, as the 2D families: a fingerprint (FNV-1a over the case texts) of the first
// eight cases of each family's stream, seed 1. The samplers draw from SplitMix64 and use only integer
// arithmetic, exact power-of-two scalings and correctly rounded IEEE + - * / sqrt (and rounding to an
// integer), so these do not depend on the C library or the CPU. A deliberate change to a family changes its
// number: update it and say so in the commit.
TEST(Families3, sampleTheCasesTheirFingerprintsRecord) {
  const std::map<std::string, std::uint64_t> EXPECTED = {
      {"random-convex", 0x22073ef4dea1ccb2ull},
      {"random-points", 0x439096928a579651ull},
      {"coplanar", 0x2b9b9a71459ea508ull},
      {"edge-edge", 0xa2495157393ac257ull},
      {"stacked", 0x70828bd2077bfaeaull},
      {"flat", 0x766905f0f8873fc7ull},
      {"needle", 0x200127992468d4b9ull},
      {"duplicates", 0xffea35d72b696224ull},
      {"near-parallel", 0x4fdc97f889d58b54ull},
      {"short-edge", 0x442e5901d9fb086eull},
      {"sliver", 0x19b6dbea74e5fa5cull},
      {"large-offset", 0x380264556246d2edull},
      {"scale", 0x26caaf4b550ebc2ull},
      {"rotated", 0x88e11aa1b2829c1bull},
      {"rounded", 0x82d9a7482d422989ull},
  };
  for (const std::string& family : familyNames3()) {
    std::uint64_t hash = 14695981039346656037ull;
    for (std::uint64_t index = 0; index < 8; ++index) {
      for (char c : formatCase(sampleFamily3(family, 1, index))) {
        hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
      }
    }
    std::cout << "{\"" << family << "\", 0x" << std::hex << hash << std::dec << "ull},\n";  // to update
    const auto expected = EXPECTED.find(family);
    if (expected == EXPECTED.end()) {
      ADD_FAILURE() << family << " has no pinned fingerprint";
      continue;
    }
    EXPECT_EQ(hash, expected->second) << family << ": the family's cases changed (see the comment above)";
  }
}

}  // namespace
}  // namespace gjk::check
