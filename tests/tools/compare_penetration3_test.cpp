// compare --dimension 3 writes the penetration section for the 3D strategies that answer penetration (epa3): on
// every 3D family by default, on those --penetration-families names, beside the distance tables when a strategy
// answers distance and alone otherwise, its rows the same whatever --jobs is.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "families/families.h"
#include "run_gjkcheck.h"

namespace {

using gjk::test_support::CliRun;
using gjk::test_support::gjkcheck;
using gjk::test_support::lines;
using gjk::test_support::readText;

struct TempDir : gjk::test_support::TempDir {
  TempDir() : gjk::test_support::TempDir("gjk-compare-pen3") {}
};

TEST(ComparePenetration3, epa3AloneGetsThePenetrationSectionOnEvery3dFamily) {
  TempDir dir;
  const std::filesystem::path out = dir.path() / "out";
  const CliRun run = gjkcheck("compare --dimension 3 --strategies epa3 --count 3 --seed 2 --jobs 1 --out " +
                              out.string());
  const std::string summary = readText(out / "penetration_summary.csv");
  // Exit 1 exactly when the summary counts a violation (a line after its header).
  EXPECT_EQ(run.exitCode, lines(summary).size() > 1 ? 1 : 0) << run.out;
  EXPECT_NE(run.out.find("compare (penetration): 1 strategies x 15 families x 3 cases"), std::string::npos) << run.out;
  const std::string table = readText(out / "penetration.md");
  EXPECT_EQ(table.rfind("# Penetration comparison", 0), 0u) << table;
  EXPECT_NE(table.find("Every penetration strategy on every 3D family, separated cases included ("), std::string::npos) << table;
  const std::vector<std::string> families = gjk::check::familyNames3();
  ASSERT_EQ(families.size(), 15u);
  for (const std::string& family : families) {
    EXPECT_NE(table.find("| epa3 | " + family + " | 3 | 0 | 3 |"), std::string::npos) << family << "\n" << table;
  }
  EXPECT_EQ(lines(summary).front(), "strategy,family,cases,primary,count");
  const std::vector<std::string> rows = lines(readText(out / "penetration_rows.csv"));
  ASSERT_EQ(rows.size(), 1u + 15u * 3u);
  EXPECT_EQ(rows.front(), "family,index,strategy,primary,overlapping,depth,depth_error_u,normal_error_u,"
                          "contact_error_u");
  // No distance strategy: no distance tables, the README holds the penetration section alone.
  EXPECT_FALSE(std::filesystem::exists(out / "rows.csv"));
  const std::string readme = readText(out / "README.md");
  EXPECT_NE(readme.find("| epa3 | random-convex | 3 |"), std::string::npos) << readme;
  EXPECT_EQ(readme.find("# Strategy comparison"), std::string::npos) << readme;
}

TEST(ComparePenetration3, aDistanceStrategyKeepsItsTablesBesideTheSection) {
  TempDir dir;
  const std::filesystem::path out = dir.path() / "out";
  const CliRun run = gjkcheck("compare --dimension 3 --strategies vdb3,epa3 --families random-convex "
                              "--penetration-families stacked --count 4 --seed 1 --jobs 1 --timing-rounds 0 --out " +
                              out.string());
  ASSERT_TRUE(run.exitCode == 0 || run.exitCode == 1) << run.out;
  const std::string readme = readText(out / "README.md");
  EXPECT_EQ(readme.rfind("# Strategy comparison", 0), 0u) << readme;
  EXPECT_NE(readme.find("\n## Penetration\n"), std::string::npos) << readme;
  const std::string table = readText(out / "penetration.md");
  EXPECT_NE(table.find("| epa3 | stacked | 4 |"), std::string::npos) << table;
  EXPECT_EQ(table.find("| vdb3 |"), std::string::npos) << table;  // vdb3 answers no penetration
  EXPECT_NE(table.find("--penetration-families stacked"), std::string::npos) << table;
  for (const std::string& row : lines(readText(out / "rows.csv"))) {
    EXPECT_EQ(row.find(",epa3,"), std::string::npos) << row;  // epa3 answers no distance
  }
}

TEST(ComparePenetration3, aShardSaysItRunsNoPenetrationSection) {
  TempDir dir;
  const std::filesystem::path out = dir.path() / "shard";
  const CliRun run = gjkcheck("compare --dimension 3 --strategies vdb3,epa3 --families random-convex --count 2 "
                              "--seed 1 --jobs 1 --timing-rounds 0 --shard 1/1 --out " + out.string());
  ASSERT_TRUE(run.exitCode == 0 || run.exitCode == 1) << run.out;
  EXPECT_NE(run.out.find("compare (penetration): not run: a shard holds the distance section only"), std::string::npos)
      << run.out;
  EXPECT_EQ(run.out.find("compare (penetration): 1 strategies"), std::string::npos) << run.out;
  EXPECT_TRUE(std::filesystem::exists(out / "comparison-shard-1-of-1.bin"));
  EXPECT_FALSE(std::filesystem::exists(out / "penetration.md"));
  EXPECT_FALSE(std::filesystem::exists(out / "penetration_rows.csv"));
}

TEST(ComparePenetration3, theRowsAreTheSameWhateverTheJobs) {
  TempDir dir;
  std::string rows[2], summaries[2];
  for (int jobs : {1, 2}) {
    const std::filesystem::path out = dir.path() / ("jobs" + std::to_string(jobs));
    const CliRun run = gjkcheck("compare --dimension 3 --strategies epa3 --penetration-families "
                                "random-convex,rounded,large-offset --count 40 --seed 3 --jobs " +
                                std::to_string(jobs) + " --out " + out.string());
    ASSERT_TRUE(run.exitCode == 0 || run.exitCode == 1) << run.out;
    rows[jobs - 1] = readText(out / "penetration_rows.csv");
    summaries[jobs - 1] = readText(out / "penetration_summary.csv");
  }
  EXPECT_EQ(lines(rows[0]).size(), 1u + 3u * 40u);
  EXPECT_EQ(rows[1], rows[0]);
  EXPECT_EQ(summaries[1], summaries[0]);
}

TEST(ComparePenetration3, familiesOfAnotherDimensionOrQueryAreRefused) {
  TempDir dir;
  const CliRun planar = gjkcheck("compare --dimension 3 --strategies epa3 --penetration-families deep-overlap --out " +
                                 (dir.path() / "a").string());
  EXPECT_EQ(planar.exitCode, 2) << planar.out;
  EXPECT_NE(planar.out.find("unknown 3D family 'deep-overlap'"), std::string::npos) << planar.out;
  const CliRun cast = gjkcheck("compare --dimension 3 --strategies epa3 --cast-families cast-apart --out " +
                               (dir.path() / "b").string());
  EXPECT_EQ(cast.exitCode, 2) << cast.out;
  EXPECT_NE(cast.out.find("--cast-families has no 3D strategies to run"), std::string::npos) << cast.out;
}

}  // namespace
