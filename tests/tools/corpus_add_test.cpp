// gjkcheck corpus add: a finding promoted on purpose gets the expectations `corpus check` replays,
// under its own name, written only when nothing different is there.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "case/case.h"
#include "run_gjkcheck.h"
#include "verdict/exact_case.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace {

namespace fs = std::filesystem;
using gjk::test_support::CliRun;
using gjk::test_support::gjkcheck;
using gjk::test_support::readText;

// A temporary folder of this test file.
struct TempDir : gjk::test_support::TempDir {
  TempDir() : gjk::test_support::TempDir("gjkcheck-corpus-add") { std::filesystem::create_directories(path() / "corpus" / "regressions"); }
};


// A point against a thin, long triangle: plain geometry, no meta lines.
const std::string GEOMETRY =
    "gjk-case 1\n"
    "a.vertex 0 0\n"
    "b.position 0x1p-3 -0x1.6bep+6\n"
    "b.vertex -0x1p+5 0x1.6bep+6\nb.vertex 0x1p+6 0x1.6bdp+6\nb.vertex 0x1p+6 0x1.6cp+6\n";

// What `strategy` answers on the case today, judged in this process: the expectation to be recorded.
gjk::check::Verdict verdictOf(const std::string& text, const std::string& strategy) {
  gjk::check::Case value = gjk::check::parseCase(text, "x.case");
  const gjk::check::StrategyInfo& info = *gjk::check::findStrategy(strategy);
  return gjk::check::judge(value, gjk::check::solveExactly(value), info.run(value, {}), info);
}

TEST(CorpusAdd, recordsTheVerdictThatCorpusCheckReplays) {
  TempDir dir;
  std::string finding = dir.write("found/x.case", "gjk-case 1\nmeta.strategy perp\nmeta.note kept\n" + GEOMETRY.substr(11));
  CliRun add = gjkcheck("corpus add found/x.case", dir.path().string());
  ASSERT_EQ(add.exitCode, 0) << add.out;
  fs::path added = dir.path() / "corpus" / "regressions" / "x.case";
  gjk::check::Case value = gjk::check::readCaseFile(added);
  gjk::check::Verdict verdict = verdictOf(GEOMETRY, "perp");
  EXPECT_EQ(value.metaValue("strategy"), "perp");
  EXPECT_EQ(value.metaValue("expected-verdict"), verdict.violation ? "violation" : "ok");
  EXPECT_EQ(value.metaValue("expected-reasons"), verdict.violation ? gjk::check::reasonList(verdict) : "");
  // A violation carries its signature and story, as the regressions of corpus/regressions do.
  EXPECT_EQ(value.metaValue("story").empty(), !verdict.violation);
  EXPECT_EQ(value.metaValue("signature").empty(), !verdict.violation);
  EXPECT_EQ(value.metaValue("note"), "kept");
  EXPECT_FALSE(value.metaValue("family").empty());
  gjk::check::Case original = gjk::check::readCaseFile(finding);
  EXPECT_EQ(gjk::check::formatCase({{}, value.a, value.b, ""}), gjk::check::formatCase({{}, original.a, original.b, ""}));

  CliRun check = gjkcheck("corpus check corpus/regressions", dir.path().string());
  EXPECT_EQ(check.exitCode, 0) << check.out;
  EXPECT_NE(check.out.find("1 cases, 0 verdict tables: 0 expectations not met"), std::string::npos) << check.out;

  // Adding it again changes nothing.
  std::string text = readText(added);
  CliRun again = gjkcheck("corpus add found/x.case", dir.path().string());
  EXPECT_EQ(again.exitCode, 0) << again.out;
  EXPECT_NE(again.out.find("unchanged"), std::string::npos) << again.out;
  EXPECT_EQ(readText(added), text);

  // The expectation recorded is one corpus check holds the strategy to: the opposite verdict fails.
  std::string flipped = text;
  std::string from = std::string("meta.expected-verdict ") + (verdict.violation ? "violation" : "ok");
  std::string to = std::string("meta.expected-verdict ") + (verdict.violation ? "ok" : "violation");
  ASSERT_NE(flipped.find(from), std::string::npos);
  flipped.replace(flipped.find(from), from.size(), to);
  dir.write("corpus/regressions/x.case", flipped);
  EXPECT_EQ(gjkcheck("corpus check corpus/regressions", dir.path().string()).exitCode, 1);
}

TEST(CorpusAdd, takesTheStrategyFromTheFileNameInBothForms) {
  TempDir dir;
  // Strategy names hold dots: box2d-v3.1 is not box2d-v3 followed by a kind "1".
  for (const std::string& name : {"box2d-v3.1.false-overlap.tiny-direction-overlap.case",
                                  "box2d-v3.1.false-overlap.tiny-direction-overlap.short-edge.case",
                                  "box2d-v3.distance-error.duplicate-support.case"}) {
    dir.write("found/" + name, GEOMETRY);
    CliRun add = gjkcheck("corpus add found/" + name + " --to corpus/regressions", dir.path().string());
    ASSERT_EQ(add.exitCode, 0) << add.out;
    gjk::check::Case value = gjk::check::readCaseFile(dir.path() / "corpus" / "regressions" / name);
    std::string strategy = name.rfind("box2d-v3.1.", 0) == 0 ? "box2d-v3.1" : "box2d-v3";
    EXPECT_EQ(value.metaValue("strategy"), strategy) << name;
    gjk::check::Verdict verdict = verdictOf(GEOMETRY, strategy);
    EXPECT_EQ(value.metaValue("expected-verdict"), verdict.violation ? "violation" : "ok") << name;
  }
  EXPECT_EQ(gjkcheck("corpus check corpus/regressions", dir.path().string()).exitCode, 0);
}

TEST(CorpusAdd, refusesToOverwriteADifferentFileAndWritesNothing) {
  TempDir dir;
  std::string existing = dir.write("corpus/regressions/perp.distance-error.duplicate-support.case",
                                   "gjk-case 1\nmeta.strategy perp\na.vertex 0 0\nb.position 3 0\nb.vertex 0 0\n");
  std::string before = readText(existing);
  dir.write("found/perp.distance-error.duplicate-support.case", GEOMETRY);
  dir.write("found/other.case", "gjk-case 1\nmeta.strategy perp\n" + GEOMETRY.substr(11));
  CliRun add = gjkcheck("corpus add found/other.case found/perp.distance-error.duplicate-support.case",
                        dir.path().string());
  EXPECT_EQ(add.exitCode, 2) << add.out;
  EXPECT_NE(add.out.find("corpus/regressions/perp.distance-error.duplicate-support.case exists and differs"),
            std::string::npos)
      << add.out;
  EXPECT_EQ(readText(existing), before);
  EXPECT_FALSE(fs::exists(dir.path() / "corpus" / "regressions" / "other.case"));  // nothing written
}

TEST(CorpusAdd, refusesCasesThatDoNotReadOrNameNoStrategy) {
  TempDir dir;
  dir.write("found/bad.case", "gjk-case 1\nmeta.strategy perp\na.vertex 0 zero\nb.vertex 1 1\n");
  CliRun bad = gjkcheck("corpus add found/bad.case", dir.path().string());
  EXPECT_EQ(bad.exitCode, 2) << bad.out;
  EXPECT_NE(bad.out.find("found/bad.case:3"), std::string::npos) << bad.out;
  dir.write("found/anonymous.case", GEOMETRY);
  CliRun anonymous = gjkcheck("corpus add found/anonymous.case", dir.path().string());
  EXPECT_EQ(anonymous.exitCode, 2) << anonymous.out;
  EXPECT_NE(anonymous.out.find("names no registered strategy"), std::string::npos) << anonymous.out;
  CliRun noFolder = gjkcheck("corpus add found/bad.case --to no/such/folder", dir.path().string());
  EXPECT_EQ(noFolder.exitCode, 2) << noFolder.out;
  EXPECT_TRUE(fs::is_empty(dir.path() / "corpus" / "regressions"));
  CliRun help = gjkcheck("corpus --help");
  EXPECT_EQ(help.exitCode, 0);
  EXPECT_NE(help.out.find("gjkcheck corpus add CASE... [--to DIR]"), std::string::npos) << help.out;
}

}  // namespace
