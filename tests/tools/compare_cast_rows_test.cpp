// `gjkcheck compare --rows` on the cast section (issue 22): cast_rows.csv keeps what --rows says, as rows.csv
// does for distances: every row, only the violations, or no file at all. A 100,000-a-family robust-cast run asked
// for violations only wrote all 1.4 million rows (100 MB) before.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>
#include <string>

#include "tests/tools/run_gjkcheck.h"

namespace {

namespace fs = std::filesystem;
using gjk::test_support::CliRun;
using gjk::test_support::gjkcheck;
using gjk::test_support::readText;

struct TempDir : gjk::test_support::TempDir {
  TempDir() : gjk::test_support::TempDir("gjkcheck-compare-cast-rows") {}
};

int lineCount(const std::string& text) {
  int lines = 0;
  for (char c : text) lines += c == '\n';
  return lines;
}

// gjk-raycast-cast (Box2D 2.4.1's b2ShapeCast) on near-parallel approaches: some answers are violations (its
// unconverged normal), most are not, so the three settings give three different files.
CliRun compareCast(const fs::path& out, const std::string& rows) {
  return gjkcheck("compare --strategies gjk-raycast-cast --cast-families cast-near-parallel --count 200 --seed 1 "
                  "--jobs 1 --rows " + rows + " --out " + out.string());
}

TEST(CompareCastRows, keepWhatRowsSays) {
  TempDir dir;
  const CliRun all = compareCast(dir.path() / "all", "all");
  ASSERT_EQ(all.exitCode, 1) << all.out;  // violations found
  const std::string allRows = readText(dir.path() / "all" / "cast_rows.csv");
  EXPECT_EQ(lineCount(allRows), 1 + 200);  // the header, then one row a case

  const CliRun violations = compareCast(dir.path() / "violations", "violations");
  ASSERT_EQ(violations.exitCode, 1) << violations.out;
  const std::string violationRows = readText(dir.path() / "violations" / "cast_rows.csv");
  std::istringstream lines(violationRows);
  std::string line;
  std::getline(lines, line);  // the header
  int kept = 0;
  while (std::getline(lines, line)) {
    ++kept;
    EXPECT_EQ(line.find(",ok,"), std::string::npos) << line;
    EXPECT_NE(allRows.find(line), std::string::npos) << line;  // the same row as in the full file
  }
  EXPECT_GT(kept, 0);
  EXPECT_LT(kept, 200);
  EXPECT_NE(readText(dir.path() / "violations" / "cast.md").find("Rows: cast_rows.csv (violations only)."),
            std::string::npos);

  const CliRun none = compareCast(dir.path() / "none", "none");
  ASSERT_EQ(none.exitCode, 1) << none.out;
  EXPECT_FALSE(fs::exists(dir.path() / "none" / "cast_rows.csv"));
  EXPECT_FALSE(fs::exists(dir.path() / "none" / "cast_rows.csv.partial"));
  EXPECT_NE(readText(dir.path() / "none" / "cast.md").find("Rows: not kept (--rows none)."), std::string::npos);
}

}  // namespace
