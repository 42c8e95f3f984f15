// The 3D seeds, corpus/seeds/3d/<family>/: hand-made cases of every 3D family, each a `dimension 3` case of the
// family its folder names, with that family's defining feature, its exact answer worked by hand and met (the 3D
// oracle, both its methods), and a committed verdict of every 3D strategy in corpus/seeds/expected-verdicts.tsv (whose replay,
// SeedVerdicts in corpus_expectations_test.cpp, then covers them).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "families/families.h"
#include "oracle/oracle3.h"
#include "verdict/exact_case3.h"
#include "verdict/expectations.h"
#include "verdict/strategy.h"

namespace gjk::check {
namespace {

namespace fs = std::filesystem;
const fs::path SEEDS = fs::path(GJK_SOURCE_DIR) / "corpus" / "seeds";

TEST(Seeds3, everyThreeDimensionalFamilyHasHandMadeSeedsWithItsFeatureAndTheirAnswer) {
  std::map<std::string, int> perFamily;
  for (const fs::path& file : collectCaseFiles({(SEEDS / "3d").string()})) {
    const Case value = readCaseFile(file);
    const std::string folder = file.parent_path().filename().string();
    EXPECT_EQ(value.dimension, 3) << file;
    EXPECT_EQ(value.metaValue("family"), folder) << file;
    EXPECT_NO_THROW(checkFamilyName3(folder)) << file;
    EXPECT_EQ(missingFamilyFeature3(value), "") << file;
    EXPECT_FALSE(value.metaValue("story").empty()) << file;
    EXPECT_FALSE(value.metaValue("expected-relation").empty()) << file;
    EXPECT_FALSE(value.metaValue("expected-core-distance-squared").empty()) << file;
    for (const std::string& message : unmetCaseExpectations(value)) ADD_FAILURE() << file << ": " << message;
    // The oracle's second method (no hull) reaches the same answer (unmetCaseExpectations reads the first).
    const oracle::ExactAnswer3 hullFree = oracle::solveWithoutHull3(toOracleShape3(value.a), toOracleShape3(value.b));
    EXPECT_EQ(std::string(oracle::relationName(hullFree.relation)), value.metaValue("expected-relation")) << file;
    EXPECT_EQ(oracle::rationalString(hullFree.coreDistanceSquared), value.metaValue("expected-core-distance-squared"))
        << file;
    ++perFamily[folder];
  }
  for (const std::string& family : familyNames3()) EXPECT_GE(perFamily[family], 2) << family;
}

TEST(Seeds3, theVerdictTableHasEvery3dStrategysRowOnEvery3dSeed) {
  std::ifstream in(SEEDS / VERDICT_TABLE_FILE);
  ASSERT_TRUE(in);
  std::stringstream text;
  text << in.rdbuf();
  std::set<std::pair<std::string, std::string>> rows;
  for (const VerdictRow& row : parseVerdictTable(text.str(), "expected-verdicts.tsv")) {
    rows.insert({row.path, row.strategy});
  }
  int seeds = 0;
  for (const fs::path& file : collectCaseFiles({(SEEDS / "3d").string()})) {
    const std::string path = fs::relative(file, SEEDS).generic_string();
    for (const StrategyInfo& strategy : strategies3()) {
      EXPECT_EQ(rows.count({path, strategy.name}), 1u) << path << " " << strategy.name;
    }
    ++seeds;
  }
  EXPECT_GE(seeds, 30);
}

}  // namespace
}  // namespace gjk::check
