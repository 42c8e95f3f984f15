// The command-line contract on ordinary mistakes (issue 11): every one exits 2 at once with a message
// naming the cause, before any work, and leaves nothing half-written.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <string>

#include "tests/tools/run_gjkcheck.h"

namespace {

namespace fs = std::filesystem;
using gjk::test_support::CliRun;
using gjk::test_support::gjkcheck;

// Runs the command, expects exit 2 within 2 s and the words in its message.
void expectRejected(const std::string& arguments, const std::string& words) {
  const auto start = std::chrono::steady_clock::now();
  const CliRun run = gjkcheck(arguments);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(run.exitCode, 2) << arguments << "\n" << run.out;
  EXPECT_LT(seconds, 2.0) << arguments;
  EXPECT_NE(run.out.find(words), std::string::npos) << arguments << "\n" << run.out;
  EXPECT_EQ(run.out.find("terminate called"), std::string::npos) << arguments << "\n" << run.out;
}

TEST(CliContract, unusableOutputFoldersAreRejectedBeforeAnyWork) {
  expectRejected("compare --count 10 --out /proc/nope", "/proc/nope");
  expectRejected("compare --count 10 --out " GJK_SOURCE_DIR "/README.md", "README.md");
  expectRejected("compare --count 10 --out ''", "--out names no folder");
  expectRejected("gen --family scale --count 2 --out /proc/nope", "/proc/nope");
  expectRejected("convert --to input --out /proc/nope " GJK_SOURCE_DIR "/corpus/seeds", "/proc/nope");
  expectRejected("properties --cases 2 --out /proc/nope", "/proc/nope");
}

TEST(CliContract, countsAndIndicesAreRangeChecked) {
  expectRejected("compare --count 99999999999999999999 --out /tmp/gjkcheck-cli-unused", "--count is out of range");
  expectRejected("gen --family scale --count 99999999999999999999 --out /tmp/gjkcheck-cli-unused",
                 "--count is out of range");
  expectRejected("gen --family scale --count 2000000 --out /tmp/gjkcheck-cli-unused", "--count must be in 1..1000000");
  expectRejected("gen --family scale --count 2 --first 9223372036854775807 --out /tmp/gjkcheck-cli-unused",
                 "--first must be in");
  expectRejected("compare --seed -1 --out /tmp/gjkcheck-cli-unused", "--seed must be in 0..");
  expectRejected("compare --jobs 0 --out /tmp/gjkcheck-cli-unused", "--jobs must be in 1..256");
}

TEST(CliContract, endlessInputIsCutAtTheCaseFileLimit) {
  // /dev/zero never ends: the reader stops past 1 MiB (docs/case-format.md) instead of reading without limit.
  expectRejected("oracle /dev/zero", "longer than 1 MiB");
  expectRejected("run --strategy perp /dev/zero", "longer than 1 MiB");
}

TEST(CliContract, campaignSeedFoldersMustExist) {
  expectRejected("campaign --strategy perp --seeds /nonexistent --time 1", "--seeds: no folder /nonexistent");
}

TEST(CliContract, campaignReportFolderIsCheckedBeforeAnythingIsMade) {
  // /proc passes the permission bits for root but takes no file: refused before the --out folder is made.
  const fs::path out = fs::temp_directory_path() / "gjkcheck-cli-campaign-out";
  fs::remove_all(out);
  expectRejected("campaign --strategy perp --time 1 --out " + out.string() + " --report /proc/nope",
                 "--report /proc/nope");
  EXPECT_FALSE(fs::exists(out));
}

TEST(CliContract, listsRejectRepeatsAndUnknownItems) {
  expectRejected("compare --families scale,scale --out /tmp/gjkcheck-cli-unused", "'scale' is listed twice");
  expectRejected("compare --strategies perp,perp --out /tmp/gjkcheck-cli-unused", "'perp' is listed twice");
  expectRejected("compare --families nonsense --out /tmp/gjkcheck-cli-unused", "unknown family 'nonsense'");
  expectRejected("gen --family nonsense --count 1 --out /tmp/gjkcheck-cli-unused", "unknown family 'nonsense'");
}

TEST(CliContract, helpEverywhereAndUnknownCommandsNamed) {
  for (const char* command : {"", "strategies ", "oracle ", "run ", "repro ", "gen ", "compare ", "convert ",
                              "campaign ", "properties ", "corpus "}) {
    for (const char* flag : {"-h", "--help"}) {
      const CliRun run = gjkcheck(std::string(command) + flag);
      EXPECT_EQ(run.exitCode, 0) << command << flag << "\n" << run.out;
      EXPECT_NE(run.out.find("usage"), std::string::npos) << command << flag;
    }
  }
  const CliRun bogus = gjkcheck("bogus");
  EXPECT_EQ(bogus.exitCode, 2);
  EXPECT_NE(bogus.out.find("unknown command 'bogus'"), std::string::npos) << bogus.out;
  EXPECT_EQ(bogus.out.find("bogus --help"), std::string::npos) << bogus.out;
}

TEST(CliContract, pipedProgressHasNoCarriageReturns) {
  const fs::path out = fs::temp_directory_path() / "gjkcheck-cli-progress";
  fs::remove_all(out);
  const CliRun run = gjkcheck("compare --count 3 --families scale --strategies perp --rows none --out " + out.string());
  EXPECT_EQ(run.exitCode, 1) << run.out;  // perp fails one of these three scale cases
  EXPECT_EQ(run.out.find('\r'), std::string::npos);
  EXPECT_TRUE(fs::exists(out / "README.md"));
  EXPECT_FALSE(fs::exists(out / "rows.csv"));  // --rows none
}

}  // namespace
