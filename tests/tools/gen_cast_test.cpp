// `gjkcheck gen` and the cast families (issue 22): one cast family by name, the group by `--family cast`,
// each file a cast case read back as the family sampled it, and `all` still only the distance families.
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

TEST(GenCast, writesOneCastFamilyByNameAsTheFamilySamplesIt) {
  TempDir dir("gjkcheck-gen-cast-one");
  const fs::path out = dir.path() / "cases";
  const CliRun run = gjkcheck("gen --family cast-tunnelling --count 10 --seed 1 --out " + out.string());
  ASSERT_EQ(run.exitCode, 0) << run.out;
  EXPECT_EQ(countCases(out), 10);
  for (int i = 0; i < 10; ++i) {
    const gjk::check::Case written = gjk::check::readCaseFile(out / ("cast-tunnelling-" + std::to_string(i) + ".case"));
    EXPECT_TRUE(written.hasTranslation);
    const gjk::check::Case sampled = gjk::check::sampleFamily("cast-tunnelling", 1, static_cast<std::uint64_t>(i));
    EXPECT_EQ(written.translationX, sampled.translationX);
    EXPECT_EQ(written.translationY, sampled.translationY);
    EXPECT_EQ(written.b.positionX, sampled.b.positionX);
  }
}

TEST(GenCast, castNamesTheGroupAndAllStaysTheDistanceFamilies) {
  TempDir dir("gjkcheck-gen-cast-group");
  const CliRun cast = gjkcheck("gen --family cast --count 2 --seed 4 --out " + (dir.path() / "cast").string());
  ASSERT_EQ(cast.exitCode, 0) << cast.out;
  EXPECT_EQ(countCases(dir.path() / "cast"), 2 * static_cast<int>(gjk::check::castFamilyNames().size()));
  for (const std::string& family : gjk::check::castFamilyNames()) {
    EXPECT_TRUE(gjk::check::readCaseFile(dir.path() / "cast" / (family + "-1.case")).hasTranslation) << family;
  }
  const CliRun all = gjkcheck("gen --family all --count 1 --out " + (dir.path() / "all").string());
  ASSERT_EQ(all.exitCode, 0) << all.out;
  for (const auto& entry : fs::directory_iterator(dir.path() / "all")) {
    EXPECT_FALSE(gjk::check::readCaseFile(entry.path()).hasTranslation) << entry.path();
    EXPECT_FALSE(entry.path().filename().string().starts_with("cast-")) << entry.path();
  }
  const CliRun help = gjkcheck("gen --help");
  EXPECT_NE(help.out.find("cast-grazing-miss"), std::string::npos) << help.out;
}

}  // namespace
