// The fuzz targets and the gjkcheck commands around them, run as a user runs them: every regression in
// corpus/regressions makes fuzz_distance abort with its violation, and `gjkcheck convert` round-trips.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "case/case.h"
#include "case/fuzz_input.h"
#include "case/fuzz_input_3d.h"
#include "verdict/query_seam.h"
#include "verdict/strategy.h"

namespace {

using namespace gjk;
namespace fs = std::filesystem;

struct ProgramRun {
  int exitCode = -1;
  int signal = 0;
  std::string out;
};

ProgramRun run(const std::string& command) {
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  ProgramRun result;
  char buffer[4096];
  std::size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) result.out.append(buffer, n);
  int status = pclose(pipe);
  if (WIFEXITED(status)) result.exitCode = WEXITSTATUS(status);
  // popen runs the command through sh, which reports a signal as exit status 128 + signal.
  if (result.exitCode > 128) result.signal = result.exitCode - 128;
  return result;
}

class TempDir {
 public:
  TempDir() {
    static int counter = 0;
    path_ = fs::temp_directory_path() / ("gjk-fuzz-test-" + std::to_string(getpid()) + "-" + std::to_string(counter++));
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

TEST(FuzzDistance, abortsWithTheExpectedReasonsOnEveryViolationRegression) {
  TempDir temp;
  int count = 0;
  for (const fs::path& file : check::collectCaseFiles({std::string(GJK_SOURCE_DIR) + "/corpus/regressions"})) {
    check::Case value = check::readCaseFile(file);
    // Property regressions (issue 4) may expect an ok verdict: they are replayed by fuzz_distance's
    // replay tests instead, as inputs that must not abort.
    if (value.metaValue("expected-verdict") != "violation") continue;
    // 3D regressions (corpus/regressions/strategies3d) are fuzz_distance3d's: the test below.
    if (value.dimension == 3) continue;
    // Penetration regressions (issue 13) are judged by the penetration verdict: fuzz_penetration's.
    const check::StrategyInfo* strategy = check::findStrategy(value.metaValue("strategy"));
    ASSERT_NE(strategy, nullptr) << file;
    if (!check::answersDistance(strategy->query) || value.metaValue("query") == "penetration") continue;
    std::vector<std::uint8_t> bytes = check::encodeFuzzInput(value);
    fs::path input = temp.path() / file.stem();
    std::ofstream(input, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                 static_cast<std::streamsize>(bytes.size()));
    ProgramRun r = run("GJK_STRATEGY='" + value.metaValue("strategy") + "' " + GJK_FUZZ_DISTANCE_BINARY + " '" +
                input.string() + "'");
    SCOPED_TRACE(file.string());
    EXPECT_NE(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("==== fuzz_distance: violation: " + value.metaValue("strategy") + " "), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("reasons           " + value.metaValue("expected-reasons") + "\n"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("---- case (gjk-case 1"), std::string::npos);
    ++count;
  }
  EXPECT_GT(count, 30);
}

// Every 3D distance regression (issue 23: a `dimension 3` case of corpus/regressions naming a 3D strategy, judged
// by the distance query) makes fuzz_distance3d abort with its strategy's violation and the expected reasons,
// printing a `dimension 3` case. A penetration regression (meta.query penetration, or a strategy of that query alone)
// is not the distance fuzzer's.
TEST(FuzzDistance3d, abortsWithTheExpectedReasonsOnEvery3dRegression) {
  TempDir temp;
  int count = 0;
  for (const fs::path& file : check::collectCaseFiles({std::string(GJK_SOURCE_DIR) + "/corpus/regressions"})) {
    check::Case value = check::readCaseFile(file);
    if (value.dimension != 3 || value.metaValue("expected-verdict") != "violation") continue;
    const check::StrategyInfo* strategy = check::findStrategy(value.metaValue("strategy"));
    ASSERT_NE(strategy, nullptr) << file;
    if (&check::expectationQuery(value, *strategy) != &check::distanceQuery()) continue;
    std::vector<std::uint8_t> bytes = check::encodeFuzzInput3d(value);
    fs::path input = temp.path() / file.stem();
    std::ofstream(input, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                 static_cast<std::streamsize>(bytes.size()));
    ProgramRun r = run("GJK_STRATEGY='" + value.metaValue("strategy") + "' " + GJK_FUZZ_DISTANCE3D_BINARY + " '" +
                       input.string() + "'");
    SCOPED_TRACE(file.string());
    EXPECT_NE(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("==== fuzz_distance3d: violation: " + value.metaValue("strategy") + " "), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("reasons           " + value.metaValue("expected-reasons") + "\n"), std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("---- case (gjk-case 1"), std::string::npos);
    // The printed case is a 3D case with its meta lines, ready for the corpus.
    const std::size_t begin = r.out.find("gjk-case 1\n", r.out.find("---- case (gjk-case 1"));
    const std::size_t end = r.out.find("---- end of case");
    ASSERT_NE(begin, std::string::npos);
    ASSERT_NE(end, std::string::npos);
    check::Case printed = check::parseCase(r.out.substr(begin, end - begin), "printed");
    EXPECT_EQ(printed.dimension, 3);
    EXPECT_EQ(printed.metaValue("strategy"), value.metaValue("strategy"));
    EXPECT_EQ(printed.metaValue("expected-reasons"), value.metaValue("expected-reasons"));
    ++count;
  }
  EXPECT_GE(count, 1) << "no 3D regression in corpus/regressions";
}

// A 2D strategy named to fuzz_distance3d is refused (exit 2, the 3D strategies listed), not run on 3D cases.
TEST(FuzzDistance3d, refusesA2dStrategy) {
  TempDir temp;
  fs::path input = temp.path() / "input";
  std::ofstream(input, std::ios::binary) << "x";
  ProgramRun r = run(std::string("GJK_STRATEGY=perp ") + GJK_FUZZ_DISTANCE3D_BINARY + " '" + input.string() + "'");
  EXPECT_EQ(r.exitCode, 2) << r.out;
  EXPECT_NE(r.out.find("names no 3D strategy; known: vdb3"), std::string::npos) << r.out;
}

TEST(FuzzDistance, printsACaseThatReadsBackAsTheInput) {
  TempDir temp;
  fs::path seed = fs::path(GJK_SOURCE_DIR) / "corpus/seeds/short-edge/box2d-plank-vs-point.case";
  check::Case value = check::readCaseFile(seed);
  std::vector<std::uint8_t> bytes = check::encodeFuzzInput(value);
  fs::path input = temp.path() / "plank";
  std::ofstream(input, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                               static_cast<std::streamsize>(bytes.size()));
  ProgramRun r = run(std::string("GJK_STRATEGY=box2d-v3.1 ") + GJK_FUZZ_DISTANCE_BINARY + " " + input.string());
  std::size_t begin = r.out.find("gjk-case 1\n");
  std::size_t end = r.out.find("---- end of case");
  ASSERT_NE(begin, std::string::npos) << r.out;
  ASSERT_NE(end, std::string::npos);
  check::Case printed = check::parseCase(r.out.substr(begin, end - begin), "printed.case");
  EXPECT_EQ(check::encodeFuzzInput(printed), bytes);
  EXPECT_EQ(printed.metaValue("signature"), "box2d-v3.1 false-overlap tiny-direction-overlap");
  EXPECT_EQ(printed.metaValue("family"), "short-edge");
  // The same input passes where the strategy does not fail.
  ProgramRun ok = run(std::string("GJK_STRATEGY=box2d-v3 ") + GJK_FUZZ_DISTANCE_BINARY + " " + input.string());
  EXPECT_EQ(ok.exitCode, 0) << ok.out;
  ProgramRun unknown = run(std::string("GJK_STRATEGY=no-such ") + GJK_FUZZ_DISTANCE_BINARY + " " + input.string());
  EXPECT_EQ(unknown.exitCode, 2) << unknown.out;
}

TEST(GjkcheckConvert, turnsTheCorpusIntoFuzzerInputsAndBackExactly) {
  TempDir temp;
  std::string corpus = std::string(GJK_SOURCE_DIR) + "/corpus/seeds";
  ProgramRun toInput = run(std::string(GJKCHECK_BINARY) + " convert --to input --out " + (temp.path() / "in").string() +
                    " " + corpus);
  ASSERT_EQ(toInput.exitCode, 0) << toInput.out;
  ProgramRun toCase = run(std::string(GJKCHECK_BINARY) + " convert --to case --out " + (temp.path() / "cases").string() +
                   " " + (temp.path() / "in").string());
  ASSERT_EQ(toCase.exitCode, 0) << toCase.out;
  int count = 0;
  for (const fs::path& file : check::collectCaseFiles({corpus})) {
    std::string name = fs::relative(file, corpus).replace_extension().generic_string();
    std::replace(name.begin(), name.end(), '/', '-');
    check::Case original = check::readCaseFile(file);
    if (original.dimension == 3) {  // the 3D seeds (corpus/seeds/3d): left out of the 2D encoding
      EXPECT_FALSE(fs::exists(temp.path() / "in" / name)) << file;
      continue;
    }
    check::Case back = check::readCaseFile(temp.path() / "cases" / (name + ".case"));
    EXPECT_EQ(check::encodeFuzzInput(original), check::encodeFuzzInput(back)) << file;
    EXPECT_FALSE(back.metaValue("family").empty());
    ++count;
  }
  EXPECT_GT(count, 40);
  // One file each way, by content.
  fs::path plank = fs::path(corpus) / "short-edge/box2d-plank-vs-point.case";
  ProgramRun one = run(std::string(GJKCHECK_BINARY) + " convert " + plank.string() + " --out " +
                (temp.path() / "plank.bin").string());
  ASSERT_EQ(one.exitCode, 0) << one.out;
  ProgramRun back = run(std::string(GJKCHECK_BINARY) + " convert " + (temp.path() / "plank.bin").string());
  ASSERT_EQ(back.exitCode, 0) << back.out;
  EXPECT_NE(back.out.find("meta.family short-edge"), std::string::npos) << back.out;
  // Bytes that encode no case: exit 2 naming the file.
  std::ofstream(temp.path() / "short.bin") << "\x0f";
  ProgramRun bad = run(std::string(GJKCHECK_BINARY) + " convert " + (temp.path() / "short.bin").string());
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(bad.out.find("short.bin"), std::string::npos) << bad.out;
}

TEST(GjkcheckConvert, leavesOutTheCasesAStrategyFails) {
  TempDir temp;
  ProgramRun r = run(std::string(GJKCHECK_BINARY) + " convert --to input --skip-violations box2d-v3.1 --out " +
              temp.path().string() + " " + GJK_SOURCE_DIR + "/corpus/seeds/short-edge");
  ASSERT_EQ(r.exitCode, 0) << r.out;
  EXPECT_FALSE(fs::exists(temp.path() / "box2d-plank-vs-point"));
  EXPECT_TRUE(fs::exists(temp.path() / "needle-tip-vs-point"));
}

TEST(GjkcheckCampaign, explainsItselfAndRefusesBadUsage) {
  ProgramRun help = run(std::string(GJKCHECK_BINARY) + " campaign --help");
  EXPECT_EQ(help.exitCode, 0);
  EXPECT_NE(help.out.find("--strategy NAME"), std::string::npos);
  ProgramRun noStrategy = run(std::string(GJKCHECK_BINARY) + " campaign --time 5");
  EXPECT_EQ(noStrategy.exitCode, 2) << noStrategy.out;
  ProgramRun unknown = run(std::string(GJKCHECK_BINARY) + " campaign --strategy no-such");
  EXPECT_EQ(unknown.exitCode, 2) << unknown.out;
  if (!GJK_FUZZ_DISTANCE_IS_LIBFUZZER) {
    // The replay build of fuzz_distance cannot fuzz: the campaign says so and how to build one.
    ProgramRun replay = run(std::string(GJKCHECK_BINARY) + " campaign --strategy perp --time 1 --fuzzer " +
                     GJK_FUZZ_DISTANCE_BINARY);
    EXPECT_EQ(replay.exitCode, 2) << replay.out;
    EXPECT_NE(replay.out.find("not a libFuzzer binary"), std::string::npos) << replay.out;
  }
}

}  // namespace
