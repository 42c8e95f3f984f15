// The hand-made seed corpus (corpus/seeds/<family>/*.case): every seed states its exact answer in
// meta.expected-relation and meta.expected-core-distance-squared, worked by hand in the file's comments;
// the oracle must agree exactly. Also checks that the corpus covers every required family. The cast seeds
// (corpus/seeds/cast, made by the cast families) state instead the time their construction makes exact:
// meta.touch-fraction (the rounded shapes first touch then) or meta.overlap-fraction (they overlap then), and
// meta.expected-relation at t = 0 where they start in contact; both exact cast methods must agree with it.
#include <gtest/gtest.h>

#include <exception>
#include <cctype>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "case/case.h"
#include "oracle/cast.h"
#include "oracle/oracle.h"
#include "verdict/exact_case.h"

namespace gjk::check {
namespace {

namespace fs = std::filesystem;

constexpr std::size_t MIN_SEED_FILES = 30;
constexpr int MIN_SEEDS_PER_FAMILY = 2;

// The families the seed corpus must cover, each a folder under corpus/seeds.
const std::vector<std::string>& requiredFamilies() {
  static const std::vector<std::string> families = {
      "collinear", "duplicate",        "touching", "overlapping", "crossing", "near-parallel",
      "short-edge", "far-from-origin", "scale",    "degenerate",  "radius",   "rotated",
  };
  return families;
}

fs::path seedRoot() { return fs::path(GJK_SOURCE_DIR) / "corpus" / "seeds"; }

bool isCastSeed(const fs::path& file) { return file.parent_path().filename() == "cast"; }

// The 3D seeds (corpus/seeds/3d/<family>/, dimension 3) have the 3D oracle's answer: tests/verdict/seeds3_test.cpp.
bool isSpaceSeed(const fs::path& file) {
  const fs::path relative = fs::relative(file, seedRoot());
  return !relative.empty() && *relative.begin() == "3d";
}

// Every seed file (as a path string) of the distance seeds (cast == false) or of the cast seeds, or none if the
// folder is missing: the census test then fails and says so. Called while tests are registered, so it must not
// throw.
std::vector<std::string> seedFiles(bool cast = false) {
  std::vector<std::string> result;
  try {
    if (fs::is_directory(seedRoot())) {
      for (const fs::path& file : collectCaseFiles({seedRoot().string()})) {
        if (isCastSeed(file) == cast && !isSpaceSeed(file)) result.push_back(file.string());
      }
    }
  } catch (const std::exception&) {
    result.clear();
  }
  return result;
}

// "near-parallel/one-ulp-tilt-gap.case" -> "near_parallel_one_ulp_tilt_gap", a valid test name.
std::string testNameOf(const std::string& file) {
  const fs::path relative = fs::path(file).lexically_relative(seedRoot()).replace_extension();
  std::string name;
  for (const char c : relative.generic_string()) {
    name += std::isalnum(static_cast<unsigned char>(c)) != 0 ? c : '_';
  }
  return name;
}

TEST(SeedCorpusCensus, EnoughSeedsInEveryRequiredFamily) {
  ASSERT_TRUE(fs::is_directory(seedRoot())) << seedRoot().string() << " is missing";
  const std::vector<fs::path> files = collectCaseFiles({seedRoot().string()});
  EXPECT_GE(files.size(), MIN_SEED_FILES) << "seed files under " << seedRoot().string();

  std::map<std::string, int> perFamily;
  for (const fs::path& file : files) {
    ++perFamily[file.parent_path().filename().string()];
  }
  for (const std::string& family : requiredFamilies()) {
    EXPECT_GE(perFamily[family], MIN_SEEDS_PER_FAMILY) << "seeds in corpus/seeds/" << family << "/";
  }
}

class SeedCorpus : public testing::TestWithParam<std::string> {};

// Reads the seed and its stated answer; false (with a failure recorded) when either is unusable.
bool readSeed(const std::string& file, Case& value, std::string& relation, oracle::Rational& distanceSquared) {
  try {
    value = readCaseFile(file);
  } catch (const CaseError& e) {
    ADD_FAILURE() << e.what();
    return false;
  }
  relation = value.metaValue("expected-relation");
  const std::string distanceText = value.metaValue("expected-core-distance-squared");
  bool ok = true;
  if (relation.empty()) {
    ADD_FAILURE() << "meta.expected-relation is missing";
    ok = false;
  } else if (relation != "separated" && relation != "touching" && relation != "overlapping") {
    ADD_FAILURE() << "meta.expected-relation is '" << relation << "', not separated|touching|overlapping";
    ok = false;
  }
  if (distanceText.empty()) {
    ADD_FAILURE() << "meta.expected-core-distance-squared is missing";
    return false;
  }
  try {
    distanceSquared = oracle::Rational(distanceText);
  } catch (const std::exception& e) {
    ADD_FAILURE() << "meta.expected-core-distance-squared '" << distanceText << "' is not a rational: " << e.what();
    return false;
  }
  if (distanceSquared < 0) {
    ADD_FAILURE() << "meta.expected-core-distance-squared '" << distanceText << "' is negative";
    return false;
  }
  return ok;
}

TEST_P(SeedCorpus, OracleMatchesHandWorkedAnswer) {
  const std::string& file = GetParam();
  SCOPED_TRACE(file);

  Case value;
  std::string relation;
  oracle::Rational distanceSquared;
  if (!readSeed(file, value, relation, distanceSquared)) {
    return;
  }

  // The seed sits in the folder of its family.
  const std::string family = value.metaValue("family");
  if (!family.empty()) {
    EXPECT_EQ(family, fs::path(file).parent_path().filename().string()) << "meta.family vs folder";
  }

  const oracle::ExactAnswer answer = solveExactly(value);
  EXPECT_EQ(std::string(oracle::relationName(answer.relation)), relation) << "relation (oracle vs file)";
  EXPECT_TRUE(answer.coreDistanceSquared == distanceSquared)
      << "core distance squared: oracle " << oracle::rationalString(answer.coreDistanceSquared) << ", file "
      << oracle::rationalString(distanceSquared);
}

// The oracle's second method (no hull) must reach the same stated answer.
TEST_P(SeedCorpus, HullFreeOracleMatchesHandWorkedAnswer) {
  const std::string& file = GetParam();
  SCOPED_TRACE(file);

  Case value;
  std::string relation;
  oracle::Rational distanceSquared;
  if (!readSeed(file, value, relation, distanceSquared)) {
    return;
  }
  const oracle::ExactAnswer answer = oracle::solveWithoutHull(toOracleShape(value.a), toOracleShape(value.b));
  EXPECT_EQ(std::string(oracle::relationName(answer.relation)), relation) << "relation (hull-free oracle vs file)";
  EXPECT_TRUE(answer.coreDistanceSquared == distanceSquared)
      << "core distance squared: hull-free oracle " << oracle::rationalString(answer.coreDistanceSquared)
      << ", file " << oracle::rationalString(distanceSquared);
}

INSTANTIATE_TEST_SUITE_P(Seeds, SeedCorpus, testing::ValuesIn(seedFiles()),
                         [](const testing::TestParamInfo<std::string>& info) { return testNameOf(info.param); });

// "p/q" of a meta line as a rational in [0, 1]; false (with a failure) otherwise.
bool fractionOf(const std::string& text, oracle::Rational& out) {
  try {
    out = oracle::Rational(text);
  } catch (const std::exception& e) {
    ADD_FAILURE() << "'" << text << "' is not a rational: " << e.what();
    return false;
  }
  if (out < 0 || out > 1) {
    ADD_FAILURE() << "'" << text << "' is not in [0, 1]";
    return false;
  }
  return true;
}

class CastSeed : public testing::TestWithParam<std::string> {};

TEST_P(CastSeed, BothCastMethodsMatchTheConstructedTime) {
  const std::string& file = GetParam();
  SCOPED_TRACE(file);
  const Case value = readCaseFile(file);
  ASSERT_TRUE(value.hasTranslation) << "a cast seed without b.translation";
  const oracle::InputShape a = toOracleShape(value.a), b = toOracleShape(value.b);
  const oracle::InputTranslation r{value.translationX, value.translationY};
  const oracle::Rational radii = oracle::exactFloat(value.a.radius) + oracle::exactFloat(value.b.radius);
  const std::string touch = value.metaValue("touch-fraction"), overlap = value.metaValue("overlap-fraction");
  const std::string relation = value.metaValue("expected-relation");
  // A grazing miss is built by nudging an exact graze one float step away, and a receding seed that starts apart
  // moves away: they state no time, and never touch.
  const std::string family = value.metaValue("family");
  const bool miss = family == "cast-grazing-miss" || (family == "cast-receding" && relation.empty());
  EXPECT_FALSE(touch.empty() && overlap.empty() && relation.empty() && !miss) << "the seed states no exact time";
  for (const oracle::ExactCast& cast : {oracle::castByHull(a, b, r, radii), oracle::castWithoutHull(a, b, r, radii)}) {
    oracle::Rational t;
    if (!touch.empty() && fractionOf(touch, t)) {
      ASSERT_TRUE(cast.hit) << "meta.touch-fraction " << touch << " but the oracle finds no contact";
      EXPECT_EQ(oracle::compareQuadratic(cast.fraction, t), 0)
          << "first contact: oracle " << oracle::quadraticDecimal(cast.fraction) << ", file " << touch;
    }
    if (!overlap.empty() && fractionOf(overlap, t)) {
      EXPECT_LE(oracle::castGapSquared(a, b, r, t), radii * radii) << "not in contact at " << overlap;
      EXPECT_TRUE(cast.hit);
      if (cast.hit) EXPECT_LE(oracle::compareQuadratic(cast.fraction, t), 0) << "first contact after " << overlap;
    }
    if (miss) EXPECT_FALSE(cast.hit) << "a grazing miss that touches";
    if (relation == "touching") EXPECT_TRUE(cast.initiallyTouching);
    if (relation == "overlapping") EXPECT_TRUE(cast.initiallyOverlapping);
  }
}

INSTANTIATE_TEST_SUITE_P(Seeds, CastSeed, testing::ValuesIn(seedFiles(true)),
                         [](const testing::TestParamInfo<std::string>& info) { return testNameOf(info.param); });
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(CastSeed);
// With no seed files at all, the census test reports the problem.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(SeedCorpus);

}  // namespace
}  // namespace gjk::check
