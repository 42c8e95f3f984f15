// The case families (check/families.h): every family makes valid cases that show its defining feature,
// sampleFamily is deterministic (and pinned by a fingerprint of its output, so a change shows), exact
// claims hold for the oracle, and shrinking never leaves the family.
#include "check/families.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "check/case.h"
#include "check/exact_case.h"
#include "check/expectations.h"
#include "core/limits.h"

namespace gjk::check {
namespace {

constexpr std::uint64_t SEED = 20261121;
constexpr int SAMPLES_PER_FAMILY = 150;

bool sameBits(float a, float b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// Every float and meta line of two cases, bit for bit.
bool identical(const Case& x, const Case& y) {
  auto sameShape = [](const ShapeSpec& a, const ShapeSpec& b) {
    if (a.vertices.size() != b.vertices.size())
      return false;
    for (std::size_t i = 0; i < a.vertices.size(); ++i)
      if (!sameBits(a.vertices[i].x, b.vertices[i].x) || !sameBits(a.vertices[i].y, b.vertices[i].y))
        return false;
    return sameBits(a.radius, b.radius) && sameBits(a.positionX, b.positionX) &&
           sameBits(a.positionY, b.positionY) && sameBits(a.rotationC, b.rotationC) &&
           sameBits(a.rotationS, b.rotationS);
  };
  if (x.meta.size() != y.meta.size())
    return false;
  for (std::size_t i = 0; i < x.meta.size(); ++i)
    if (x.meta[i].key != y.meta[i].key || x.meta[i].value != y.meta[i].value)
      return false;
  return sameShape(x.a, y.a) && sameShape(x.b, y.b);
}

// What every case of a family must satisfy; "" when it does.
std::string problemsOf(const std::string& family, const Case& value) {
  std::ostringstream out;
  if (value.metaValue("family") != family)
    out << "meta.family is '" << value.metaValue("family") << "'; ";
  for (const ShapeSpec* shape : {&value.a, &value.b}) {
    if (shape->vertices.empty() || shape->vertices.size() > static_cast<std::size_t>(MAX_POLYGON_VERTICES))
      out << "a shape has " << shape->vertices.size() << " vertices; ";
  }
  std::string text = formatCase(value);
  Case back = parseCase(text, "generated");
  if (!identical(back, value))
    out << "the reader does not give the case back; ";
  std::string feature = missingFamilyFeature(value);
  if (!feature.empty())
    out << "missing feature: " << feature << "; ";
  for (const std::string& message : unmetCaseExpectations(value)) out << message << "; ";
  std::string problems = out.str();
  return problems.empty() ? "" : problems + "\n" + text;
}

TEST(Families, areTheFourteenOfTheIssueInOrder) {
  EXPECT_EQ(familyNames(),
            (std::vector<std::string>{"random-convex", "random-points", "collinear", "duplicates", "touching",
                                      "overlapping", "near-parallel", "short-edge", "large-offset", "scale",
                                      "sliver", "degenerate", "rotated", "radius"}));
}

TEST(Families, anUnknownFamilyIsAnInvalidArgument) {
  EXPECT_THROW(genFamily("no-such-family"), std::invalid_argument);
  EXPECT_THROW(sampleFamily("no-such-family", 1, 0), std::invalid_argument);
}

class EachFamily : public ::testing::TestWithParam<std::string> {};

TEST_P(EachFamily, makesValidCasesWithItsDefiningFeature) {
  std::map<std::string, int> constructions;
  for (int i = 0; i < SAMPLES_PER_FAMILY; ++i) {
    Case value = sampleFamily(GetParam(), SEED, i);
    std::string problems = problemsOf(GetParam(), value);
    ASSERT_EQ(problems, "") << "sample " << i;
    ++constructions[value.metaValue("construction")];
  }
  std::string spread;
  for (const auto& [name, count] : constructions) spread += " " + name + ":" + std::to_string(count);
  std::cout << GetParam() << " constructions:" << spread << "\n";
}

TEST_P(EachFamily, samplesTheSameCaseForTheSameSeedAndIndex) {
  for (std::uint64_t index : {0ull, 1ull, 2ull, 77ull, 1ull << 40}) {
    Case first = sampleFamily(GetParam(), SEED, index);
    Case second = sampleFamily(GetParam(), SEED, index);
    EXPECT_TRUE(identical(first, second)) << index;
    EXPECT_EQ(formatCase(first), formatCase(second));
    EXPECT_EQ(first.source,
              "family:" + GetParam() + "/seed:" + std::to_string(SEED) + "/index:" + std::to_string(index));
  }
  std::set<std::string> distinct;
  for (int index = 0; index < 20; ++index) distinct.insert(formatCase(sampleFamily(GetParam(), SEED, index)));
  EXPECT_GE(distinct.size(), 15u) << "twenty indices should give (nearly) twenty different cases";
}

// Walks down the shrink tree as RapidCheck's shrinking does: at every step the first few shrinks are
// checked and the walk goes on from one of them (alternately the first, the biggest step, and a later
// one, to see more of the tree). Every case visited is still in the family.
TEST_P(EachFamily, shrinksOnlyToCasesOfTheSameFamily) {
  const rc::Gen<Case> generator = genFamily(GetParam());
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    rc::Shrinkable<Case> current = generator(rc::Random(seed), FAMILY_SAMPLE_SIZE);
    for (int depth = 0; depth < 40; ++depth) {
      auto shrinks = current.shrinks();
      std::vector<rc::Shrinkable<Case>> candidates;
      for (int k = 0; k < 6; ++k) {
        auto next = shrinks.next();
        if (!next)
          break;
        candidates.push_back(*next);
      }
      if (candidates.empty())
        break;
      for (const auto& candidate : candidates) {
        ASSERT_EQ(problemsOf(GetParam(), candidate.value()), "") << "seed " << seed << " depth " << depth;
      }
      current = candidates[depth % 2 == 0 ? 0 : candidates.size() - 1];
    }
  }
}

// A property that fails on every case shrinks to the bottom of the tree: the simplest member of the
// family, small and still in it.
TEST_P(EachFamily, shrinksAllTheWayToASmallMemberOfTheFamily) {
  const rc::Gen<Case> generator = genFamily(GetParam());
  rc::Shrinkable<Case> current = generator(rc::Random(SEED), FAMILY_SAMPLE_SIZE);
  int steps = 0;
  for (; steps < 2000; ++steps) {
    auto next = current.shrinks().next();
    if (!next)
      break;
    current = *next;
  }
  const Case& simplest = current.value();
  ASSERT_EQ(problemsOf(GetParam(), simplest), "");
  EXPECT_LT(steps, 2000);
  EXPECT_LE(simplest.a.vertices.size() + simplest.b.vertices.size(), 10u) << formatCase(simplest);
  std::cout << "after " << steps << " shrinks:\n" << formatCase(simplest);
}

INSTANTIATE_TEST_SUITE_P(Families, EachFamily, ::testing::ValuesIn(familyNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

// Deterministic on every machine: the fingerprint of the first cases of every family. The generators use
// only integer arithmetic, exact power-of-two scalings and correctly rounded IEEE + - * /, so these do not
// depend on the C library or the CPU. A deliberate change to a family changes them: update the number and
// say so in the commit (fuzzers, reports and saved seeds name cases by family, seed and index).
TEST(Families, sampleTheCasesTheirFingerprintRecords) {
  std::uint64_t hash = 14695981039346656037ull;  // FNV-1a over the case texts
  for (const std::string& family : familyNames()) {
    for (std::uint64_t index = 0; index < 8; ++index) {
      for (char c : formatCase(sampleFamily(family, 1, index))) {
        hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
      }
    }
  }
  std::cout << "fingerprint 0x" << std::hex << hash << std::dec << "\n";
  EXPECT_EQ(hash, 0xe7dc3ed5699099c1ull) << "the families' cases changed (see the comment above)";
}

TEST(Families, touchingCasesClaimExactTouchingAndTheOracleAgrees) {
  int claimed = 0;
  for (int i = 0; i < 100; ++i) {
    Case value = sampleFamily("touching", SEED + 1, i);
    if (value.metaValue("construction") == "float-rounded-contact") {
      EXPECT_EQ(value.metaValue("expected-relation"), "");
      continue;
    }
    ASSERT_EQ(value.metaValue("expected-relation"), "touching") << formatCase(value);
    EXPECT_EQ(solveExactly(value).relation, oracle::Relation::Touching) << formatCase(value);
    ++claimed;
  }
  EXPECT_GE(claimed, 70);
}

TEST(Families, overlappingCasesOverlapExactly) {
  for (int i = 0; i < 100; ++i) {
    Case value = sampleFamily("overlapping", SEED + 2, i);
    EXPECT_EQ(solveExactly(value).relation, oracle::Relation::Overlapping) << formatCase(value);
  }
}

TEST(Families, radiusCasesClaimEveryRelation) {
  std::map<std::string, int> relations;
  for (int i = 0; i < 200; ++i) {
    Case value = sampleFamily("radius", SEED + 3, i);
    std::string claim = value.metaValue("expected-relation");
    if (claim.empty())
      continue;
    EXPECT_EQ(oracle::relationName(solveExactly(value).relation), claim) << formatCase(value);
    ++relations[claim];
  }
  EXPECT_GT(relations["separated"], 0);
  EXPECT_GT(relations["touching"], 0);
  EXPECT_GT(relations["overlapping"], 0);
}

TEST(Families, largeOffsetCasesAreAThousandToTenMillionFromTheOrigin) {
  double nearest = 1e300, farthest = 0;
  for (int i = 0; i < 200; ++i) {
    Case value = sampleFamily("large-offset", SEED + 4, i);
    for (const oracle::ExactPoint& p :
         oracle::worldVertices(toOracleShape(value.a))) {  // exact world vertices, then to double
      double x = p.x.convert_to<double>(), y = p.y.convert_to<double>();
      double r = std::sqrt(x * x + y * y);
      nearest = std::min(nearest, r);
      farthest = std::max(farthest, r);
    }
  }
  EXPECT_GE(nearest, 1e3);
  EXPECT_LE(farthest, 1e7);
  EXPECT_LT(nearest, 1e4) << "the near end of the range is reached";
  EXPECT_GT(farthest, 1e6) << "the far end of the range is reached";
}

TEST(Families, scaleCasesSpanTenToTheMinusThirtyToTenToTheThirty) {
  double smallest = 1e300, largest = 0;
  for (int i = 0; i < 300; ++i) {
    Case value = sampleFamily("scale", SEED + 5, i);
    double size = solveExactly(value).scale.convert_to<double>();
    ASSERT_GE(size, 1e-30) << formatCase(value);
    ASSERT_LE(size, 1e30) << formatCase(value);
    smallest = std::min(smallest, size);
    largest = std::max(largest, size);
  }
  EXPECT_LT(smallest, 1e-25);
  EXPECT_GT(largest, 1e25);
}

TEST(Families, mixedGeneratorDrawsEveryFamily) {
  std::map<std::string, int> drawn;
  const rc::Gen<Case> any = genAnyFamily();
  for (std::uint64_t seed = 0; seed < 400; ++seed) {
    ++drawn[any(rc::Random(seed), FAMILY_SAMPLE_SIZE).value().metaValue("family")];
  }
  for (const std::string& family : familyNames()) EXPECT_GT(drawn[family], 0) << family;
  EXPECT_GT(drawn["random-convex"], drawn["sliver"]) << "plain random cases are weighted up";
}

TEST(Families, showValuePrintsTheCaseFile) {
  Case value = sampleFamily("short-edge", 3, 4);
  std::ostringstream out;
  showValue(value, out);
  EXPECT_EQ(out.str(), "\n" + formatCase(value));
  EXPECT_EQ(rc::toString(value), "\n" + formatCase(value));
}

}  // namespace
}  // namespace gjk::check
