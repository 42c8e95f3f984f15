// The expectations of 3D cases (verdict/expectations.h): a 3D regression replays with the 3D verdict of its 3D
// strategy, a 2D strategy on a 3D case is a mismatch, and a verdict table judges each case by the strategies of
// its dimension only.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "case/case.h"
#include "verdict/expectations.h"
#include "verdict/strategy.h"

namespace {

using namespace gjk::check;
namespace fs = std::filesystem;

const std::string SPACE = "gjk-case 1\ndimension 3\na.vertex 0 0 0\nb.position 0 0 4\nb.vertex 0 0 0\n";
const std::string PLANAR = "gjk-case 1\na.vertex 0 0\nb.vertex 4 0\n";

TEST(Expectations3, aThreeDCaseIsJudgedByTheThreeDVerdictOfItsThreeDStrategy) {
  Case value = parseCase(SPACE, "space.case");
  value.setMeta("strategy", "vdb3");
  value.setMeta("expected-verdict", "ok");
  value.setMeta("expected-relation", "separated");
  value.setMeta("expected-core-distance-squared", "16");
  EXPECT_TRUE(unmetCaseExpectations(value).empty());
  value.setMeta("expected-verdict", "violation");
  ASSERT_EQ(unmetCaseExpectations(value).size(), 1u);
  EXPECT_EQ(unmetCaseExpectations(value).front(), "vdb3: expected verdict 'violation', got ok (ok)");
  value.setMeta("strategy", "perp");
  ASSERT_EQ(unmetCaseExpectations(value).size(), 1u);
  EXPECT_NE(unmetCaseExpectations(value).front().find("answers 2D cases"), std::string::npos);
}

// Two unit cubes overlapping by 1/4 along x: the 3D penetration verdict judges epa3 (a strategy of the penetration
// query alone) without meta.query, and a vdb3 case asking for the penetration query is judged by it too.
const std::string OVERLAPPING_CUBES =
    "gjk-case 1\ndimension 3\n"
    "a.vertex -0.5 -0.5 -0.5\na.vertex 0.5 -0.5 -0.5\na.vertex -0.5 0.5 -0.5\na.vertex 0.5 0.5 -0.5\n"
    "a.vertex -0.5 -0.5 0.5\na.vertex 0.5 -0.5 0.5\na.vertex -0.5 0.5 0.5\na.vertex 0.5 0.5 0.5\n"
    "b.position 0.75 0 0\n"
    "b.vertex -0.5 -0.5 -0.5\nb.vertex 0.5 -0.5 -0.5\nb.vertex -0.5 0.5 -0.5\nb.vertex 0.5 0.5 -0.5\n"
    "b.vertex -0.5 -0.5 0.5\nb.vertex 0.5 -0.5 0.5\nb.vertex -0.5 0.5 0.5\nb.vertex 0.5 0.5 0.5\n";

TEST(Expectations3, aThreeDPenetrationCaseIsJudgedByTheThreeDPenetrationVerdict) {
  Case value = parseCase(OVERLAPPING_CUBES, "cubes.case");
  value.setMeta("strategy", "epa3");
  value.setMeta("expected-verdict", "ok");
  EXPECT_TRUE(unmetCaseExpectations(value).empty());
  value.setMeta("expected-verdict", "violation");
  ASSERT_EQ(unmetCaseExpectations(value).size(), 1u);
  EXPECT_EQ(unmetCaseExpectations(value).front(), "epa3: expected verdict 'violation', got ok (ok)");
  // meta.query names a query the 3D harness has no verdict for: said, not judged by another one.
  value.setMeta("query", "cast");
  value.setMeta("expected-verdict", "ok");
  EXPECT_TRUE(unmetCaseExpectations(value).empty());  // epa3 does not answer the cast: its own query, penetration
}

TEST(Expectations3, aVerdictTableJudgesEachCaseByTheStrategiesOfItsDimension) {
  const fs::path folder = fs::temp_directory_path() / ("gjk-expectations3-" + std::to_string(::getpid()));
  fs::create_directories(folder);
  std::ofstream(folder / "space.case") << SPACE;
  std::ofstream(folder / "planar.case") << PLANAR;
  const std::vector<VerdictRow> rows = computeVerdictTable(folder, {findStrategy("perp"), findStrategy("vdb3")});
  fs::remove_all(folder);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].path, "planar.case");
  EXPECT_EQ(rows[0].strategy, "perp");
  EXPECT_EQ(rows[1].path, "space.case");
  EXPECT_EQ(rows[1].strategy, "vdb3");
  EXPECT_EQ(rows[1].verdict, "ok");
}

}  // namespace
