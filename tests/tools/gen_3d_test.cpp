// `gjkcheck gen --dimension 3` (families/families.h, familyNames3): one 3D family by name and `all` (every 3D
// family), each file the case the family samples (plus meta.found-by), read back as a 3D case; a 2D-only family
// name or a dimension other than 2 and 3 is bad usage; without --dimension gen writes the 2D families as before.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "case/case.h"
#include "families/families.h"
#include "tests/tools/run_gjkcheck.h"

namespace {

namespace fs = std::filesystem;
using gjk::test_support::CliRun;
using gjk::test_support::gjkcheck;
using gjk::test_support::TempDir;

int countCases(const fs::path& folder) {
  int count = 0;
  for (const auto& entry : fs::directory_iterator(folder)) count += entry.path().extension() == ".case";
  return count;
}

TEST(Gen3d, writesOne3dFamilyByNameAsTheFamilySamplesIt) {
  TempDir dir("gjkcheck-gen-3d-one");
  const fs::path out = dir.path() / "cases";
  const CliRun run = gjkcheck("gen --dimension 3 --family stacked --count 6 --seed 5 --first 3 --out " + out.string());
  ASSERT_EQ(run.exitCode, 0) << run.out;
  EXPECT_EQ(countCases(out), 6);
  for (int i = 3; i < 9; ++i) {
    const fs::path file = out / ("stacked-" + std::to_string(i) + ".case");
    const gjk::check::Case written = gjk::check::readCaseFile(file);
    EXPECT_EQ(written.dimension, 3) << file;
    gjk::check::Case sampled = gjk::check::sampleFamily3("stacked", 5, static_cast<std::uint64_t>(i));
    sampled.setMeta("found-by", "gjkcheck gen --dimension 3 --family stacked --seed 5 index " + std::to_string(i));
    EXPECT_EQ(gjk::check::formatCase(written), gjk::check::formatCase(sampled)) << file;
  }
}

TEST(Gen3d, allNamesEvery3dFamily) {
  TempDir dir("gjkcheck-gen-3d-all");
  const CliRun run = gjkcheck("gen --dimension 3 --family all --count 2 --out " + (dir.path() / "all").string());
  ASSERT_EQ(run.exitCode, 0) << run.out;
  EXPECT_EQ(countCases(dir.path() / "all"), 2 * static_cast<int>(gjk::check::familyNames3().size()));
  for (const std::string& family : gjk::check::familyNames3()) {
    const gjk::check::Case value = gjk::check::readCaseFile(dir.path() / "all" / (family + "-1.case"));
    EXPECT_EQ(value.dimension, 3) << family;
    EXPECT_EQ(value.metaValue("family"), family);
  }
  const CliRun help = gjkcheck("gen --help");
  EXPECT_NE(help.out.find("--dimension D"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("edge-edge"), std::string::npos) << help.out;
}

TEST(Gen3d, a2dFamilyOrAnotherDimensionIsBadUsageAndTheDefaultStays2d) {
  TempDir dir("gjkcheck-gen-3d-bad");
  const CliRun touching = gjkcheck("gen --dimension 3 --family touching --count 1 --out " + (dir.path() / "a").string());
  EXPECT_EQ(touching.exitCode, 2) << touching.out;
  EXPECT_NE(touching.out.find("unknown 3D family 'touching'"), std::string::npos) << touching.out;
  EXPECT_FALSE(fs::exists(dir.path() / "a"));
  const CliRun four = gjkcheck("gen --dimension 4 --family stacked --count 1 --out " + (dir.path() / "b").string());
  EXPECT_EQ(four.exitCode, 2) << four.out;
  const CliRun flat = gjkcheck("gen --family needle --count 1 --out " + (dir.path() / "c").string());
  EXPECT_EQ(flat.exitCode, 2) << flat.out;  // needle is a 3D family only
  const CliRun plane = gjkcheck("gen --family scale --count 1 --out " + (dir.path() / "d").string());
  ASSERT_EQ(plane.exitCode, 0) << plane.out;
  EXPECT_EQ(gjk::check::readCaseFile(dir.path() / "d" / "scale-0.case").dimension, 2);
}

}  // namespace
