// `gjkcheck repro CASE3D --strategy epa3` (tools/command_repro3.cpp): a 3D strategy of the penetration query only
// has its row in the penetration part of the side-by-side table (answer, errors in u, verdict; normal and contact
// points below), its pictures draw its penetration answer and caption them with the penetration verdict
// (report/case_picture3.h), and --query chooses the drawn answer of an engine of both (tests/workers/cli3_test.cpp).
#include <gtest/gtest.h>

#include <string>

#include "run_gjkcheck.h"

namespace {

using gjk::test_support::CliRun;
using gjk::test_support::gjkcheck;
using gjk::test_support::readText;

struct TempDir : gjk::test_support::TempDir {
  TempDir() : gjk::test_support::TempDir("gjkcheck-repro3-penetration") {}
};

// Unit cubes, B moved by 3/4 along x: overlapping by 1/4 along x.
const std::string OVERLAPPING =
    "gjk-case 1\ndimension 3\n"
    "a.vertex 0 0 0\na.vertex 1 0 0\na.vertex 0 1 0\na.vertex 1 1 0\n"
    "a.vertex 0 0 1\na.vertex 1 0 1\na.vertex 0 1 1\na.vertex 1 1 1\n"
    "b.position 0.75 0 0\n"
    "b.vertex 0 0 0\nb.vertex 1 0 0\nb.vertex 0 1 0\nb.vertex 1 1 0\n"
    "b.vertex 0 0 1\nb.vertex 1 0 1\nb.vertex 0 1 1\nb.vertex 1 1 1\n";

std::string lineStarting(const std::string& text, const std::string& start) {
  const size_t at = text.find("\n" + start);
  if (at == std::string::npos) return "";
  return text.substr(at + 1, text.find('\n', at + 1) - at - 1);
}

TEST(Repro3Penetration, epa3HasItsRowInThePenetrationPartOfTheTable) {
  TempDir folder;
  const std::string file = folder.write("overlap.case", OVERLAPPING);
  const CliRun run = gjkcheck("repro --strategy epa3 '" + file + "'");
  EXPECT_EQ(run.exitCode, 0) << run.out;
  EXPECT_NE(run.out.find("  penetration depth 0.25\n  normal            (1, 0, 0)\n"), std::string::npos) << run.out;
  const std::string header = lineStarting(run.out, "strategy     penetration ");
  EXPECT_NE(header.find("depth u   normal u  contact u iters termination"), std::string::npos) << run.out;
  const std::string row = lineStarting(run.out, "epa3 ");
  EXPECT_NE(row.find(" 0.25 "), std::string::npos) << row;
  EXPECT_NE(row.find(" ok"), std::string::npos) << row;
  // The reported normal and contact points below it, as the distance rows print their witness points.
  const std::string below = run.out.substr(run.out.find(row) + row.size() + 1);
  EXPECT_EQ(below.rfind("             n (", 0), 0u) << below;
  EXPECT_NE(below.find(")  pA ("), std::string::npos) << below;
  EXPECT_NE(below.find(")  pB ("), std::string::npos) << below;
  // The distance rows keep their own part of the table, above.
  EXPECT_LT(run.out.find("\nvdb3 "), run.out.find("\nepa3 ")) << run.out;
  // Its own iterations and termination in its row (a penetration-only strategy: they are its penetration query's).
  EXPECT_NE(row.find(" 11 duplicate-support "), std::string::npos) << row;
  EXPECT_NE(run.out.find("trace of epa3 (0 steps"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("this strategy records no trace"), std::string::npos) << run.out;
}

TEST(Repro3Penetration, thePictureOfAPenetrationAnswerShowsItsMarksAndVerdict) {
  TempDir folder;
  const std::string file = folder.write("overlap.case", OVERLAPPING);
  const std::string picture = (folder.path() / "case.svg").string();
  const CliRun run = gjkcheck("repro --strategy epa3 '" + file + "' --svg '" + picture + "'");
  ASSERT_EQ(run.exitCode, 0) << run.out;
  const std::string svg = readText(picture);
  for (const char* mark : {"class=\"exact-penetration\"", "class=\"reported-penetration\"", "class=\"exact-normal\"",
                           "class=\"reported-normal\"", "(3D), epa3, penetration</text>",
                           "overlapping, exact depth 0.25, reported depth 0.25, ok</text>",
                           "exact penetration: depth 0.25 along n* (1, 0, 0) (from A towards B)",
                           "reported penetration: overlapping, depth 0.25, normal (1, ", "reported contact pA: (",
                           "errors in u: depth 0, normal 0, contact 0", "verdict (penetration): ok",
                           "reported contact pA, pB"}) {
    EXPECT_NE(svg.find(mark), std::string::npos) << mark;
  }
  EXPECT_EQ(svg.find("reported distance:"), std::string::npos);
  EXPECT_EQ(svg.find("pB - pA</text>"), std::string::npos);
  // The same bytes twice.
  const std::string again = (folder.path() / "again.svg").string();
  gjkcheck("repro --strategy epa3 '" + file + "' --svg '" + again + "'");
  EXPECT_EQ(readText(again), svg);
  // A distance strategy's picture has no penetration marks.
  const std::string distance = (folder.path() / "distance.svg").string();
  gjkcheck("repro --strategy vdb3 '" + file + "' --svg '" + distance + "'");
  for (const char* mark : {"class=\"exact-penetration\"", "class=\"exact-normal\"", "verdict (penetration)"}) {
    EXPECT_EQ(readText(distance).find(mark), std::string::npos) << mark;
  }
}

TEST(Repro3Penetration, queryChoosesAnAnswerTheStrategyGives) {
  TempDir folder;
  const std::string file = folder.write("overlap.case", OVERLAPPING);
  const CliRun distance = gjkcheck("repro --strategy epa3 --query distance '" + file + "'");
  EXPECT_EQ(distance.exitCode, 2) << distance.out;
  EXPECT_NE(distance.out.find("strategy 'epa3' answers no distance query (it answers penetration)"),
            std::string::npos)
      << distance.out;
  const CliRun penetration = gjkcheck("repro --strategy vdb3 --query penetration '" + file + "'");
  EXPECT_EQ(penetration.exitCode, 2) << penetration.out;
  EXPECT_NE(penetration.out.find("strategy 'vdb3' answers no penetration query"), std::string::npos)
      << penetration.out;
  const CliRun other = gjkcheck("repro --strategy epa3 --query cast '" + file + "'");
  EXPECT_EQ(other.exitCode, 2) << other.out;
  EXPECT_NE(other.out.find("--query of a 3D case is distance or penetration, not 'cast'"), std::string::npos)
      << other.out;
  const std::string planar = folder.write("planar.case", "gjk-case 1\na.vertex 0 0\nb.vertex 4 0\n");
  const CliRun flat = gjkcheck("repro --query penetration '" + planar + "'");
  EXPECT_EQ(flat.exitCode, 2) << flat.out;
  EXPECT_NE(flat.out.find("--query chooses the answer of a 3D picture"), std::string::npos) << flat.out;
}

}  // namespace
