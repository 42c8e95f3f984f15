// The RapidCheck wrapper of the case families (properties/family_generators.h): shrinking never leaves a
// family and reaches a small member of it, the mixed generator draws every family, and a case prints as
// its case file.
#include "properties/family_generators.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "case/case.h"
#include "case/unit_rotation.h"
#include "core/limits.h"
#include "properties/family_case_checks.h"
#include "verdict/expectations.h"

namespace gjk::check {
namespace {

constexpr int SIZE = rc::kNominalSize;  // the families ignore RapidCheck's size
constexpr std::uint64_t SEED = 20261121;

using test_support::sameBits;

bool identical(const Case& x, const Case& y) { return test_support::identicalCases(x, y); }

std::string problemsOf(const std::string& family, const Case& value) {
  return test_support::familyCaseProblems(family, value);
}

class EachFamilyGenerator : public ::testing::TestWithParam<std::string> {};

// Walks down the shrink tree as RapidCheck's shrinking does: at every step the first few shrinks are
// checked and the walk goes on from one of them (alternately the first, the biggest step, and a later
// one, to see more of the tree). Every case visited is still in the family.
TEST_P(EachFamilyGenerator, shrinksOnlyToCasesOfTheSameFamily) {
  const rc::Gen<Case> generator = genFamily(GetParam());
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    rc::Shrinkable<Case> current = generator(rc::Random(seed), SIZE);
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
TEST_P(EachFamilyGenerator, shrinksAllTheWayToASmallMemberOfTheFamily) {
  const rc::Gen<Case> generator = genFamily(GetParam());
  rc::Shrinkable<Case> current = generator(rc::Random(SEED), SIZE);
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

INSTANTIATE_TEST_SUITE_P(Families, EachFamilyGenerator, ::testing::ValuesIn(familyNames()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(FamilyGenerators, anUnknownFamilyIsAnInvalidArgument) {
  EXPECT_THROW(genFamily("no-such-family"), std::invalid_argument);
}

TEST(FamilyGenerators, mixedGeneratorDrawsEveryFamily) {
  std::map<std::string, int> drawn;
  const rc::Gen<Case> any = genAnyFamily();
  for (std::uint64_t seed = 0; seed < 400; ++seed) {
    ++drawn[any(rc::Random(seed), SIZE).value().metaValue("family")];
  }
  for (const std::string& family : familyNames()) EXPECT_GT(drawn[family], 0) << family;
  EXPECT_GT(drawn["random-convex"], drawn["sliver"]) << "plain random cases are weighted up";
}

// The 3D families (genFamily3) under the same walk: every shrink is still a case of the family, and shrinking
// to the bottom reaches its simplest member.
class EachFamilyGenerator3 : public ::testing::TestWithParam<std::string> {};

TEST_P(EachFamilyGenerator3, shrinksOnlyToCasesOfTheSameFamily) {
  const rc::Gen<Case> generator = genFamily3(GetParam());
  int visited = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    rc::Shrinkable<Case> current = generator(rc::Random(seed), SIZE);
    ASSERT_EQ(test_support::familyCaseProblems3(GetParam(), current.value()), "") << "seed " << seed;
    for (int depth = 0; depth < 30; ++depth) {
      auto shrinks = current.shrinks();
      std::vector<rc::Shrinkable<Case>> candidates;
      for (int k = 0; k < 4; ++k) {
        auto next = shrinks.next();
        if (!next)
          break;
        candidates.push_back(*next);
      }
      if (candidates.empty())
        break;
      for (const auto& candidate : candidates) {
        ASSERT_EQ(test_support::familyCaseProblems3(GetParam(), candidate.value()), "")
            << "seed " << seed << " depth " << depth;
        ++visited;
      }
      // Not the first shrink (the whole list removed: the simplest member, the bottom of the tree), so that the
      // walk goes down through partly shrunk lists.
      current = candidates[depth % 2 == 0 ? candidates.size() - 1 : candidates.size() / 2];
    }
  }
  EXPECT_GT(visited, 100) << "the walk went down the tree";
}

TEST_P(EachFamilyGenerator3, shrinksAllTheWayToTheSimplestMemberOfTheFamily) {
  rc::Shrinkable<Case> current = genFamily3(GetParam())(rc::Random(SEED), SIZE);
  int steps = 0;
  for (; steps < 3000; ++steps) {
    auto next = current.shrinks().next();
    if (!next)
      break;
    current = *next;
  }
  EXPECT_LT(steps, 3000);
  ASSERT_EQ(test_support::familyCaseProblems3(GetParam(), current.value()), "");
  const std::vector<std::uint64_t> none;
  ReplayedChoices zeros(none);
  EXPECT_TRUE(test_support::identicalCases3(current.value(), sampleFamily3From(GetParam(), zeros)))
      << "after " << steps << " shrinks:\n" << formatCase(current.value());
}

INSTANTIATE_TEST_SUITE_P(Families3, EachFamilyGenerator3, ::testing::ValuesIn(familyNames3()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(FamilyGenerators, anUnknown3dFamilyIsAnInvalidArgument) {
  EXPECT_THROW(genFamily3("no-such-family"), std::invalid_argument);
  EXPECT_THROW(genFamily3("touching"), std::invalid_argument);  // a 2D family only
}

// The 3D generators (genFamily3): every case drawn, and every case on a walk down its shrink tree, is a 3D case
// of the family (meta.family, missingFamilyFeature3) that the reader takes back; the mixed generator draws all
// fifteen; a 2D family name is refused.
TEST(FamilyGenerators, the3dGeneratorsShrinkWithinTheir3dFamily) {
  for (const std::string& family : familyNames3()) {
    const rc::Gen<Case> generator = genFamily3(family);
    rc::Shrinkable<Case> current = generator(rc::Random(SEED), SIZE);
    for (int depth = 0; depth < 12; ++depth) {
      const Case& value = current.value();
      ASSERT_EQ(value.dimension, 3) << family << " depth " << depth;
      ASSERT_EQ(value.metaValue("family"), family);
      ASSERT_EQ(missingFamilyFeature3(value), "") << family << " depth " << depth << "\n" << formatCase(value);
      EXPECT_EQ(formatCase(parseCase(formatCase(value), "generated")), formatCase(value));
      auto next = current.shrinks().next();
      if (!next) break;
      current = *next;
    }
  }
  EXPECT_THROW(genFamily3("touching"), std::invalid_argument);
  std::map<std::string, int> drawn;
  const rc::Gen<Case> any = genAnyFamily3();
  for (std::uint64_t seed = 0; seed < 300; ++seed) ++drawn[any(rc::Random(seed), SIZE).value().metaValue("family")];
  for (const std::string& family : familyNames3()) EXPECT_GT(drawn[family], 0) << family;
}

TEST(FamilyGenerators, showValuePrintsTheCaseFile) {
  Case value = sampleFamily("short-edge", 3, 4);
  std::ostringstream out;
  showValue(value, out);
  EXPECT_EQ(out.str(), "\n" + formatCase(value));
  EXPECT_EQ(rc::toString(value), "\n" + formatCase(value));
}

}  // namespace
}  // namespace gjk::check
