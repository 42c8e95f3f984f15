// The command line's promises (docs/cli.md): one exit-code rule for every command, help generated from
// the parser's own declarations, every bad case file reported, SIGINT leaving whole lines, --version,
// and the one output-folder rule.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/run_gjkcheck.h"

namespace {

namespace fs = std::filesystem;
using gjk::test_support::CliRun;
using gjk::test_support::gjkcheck;
using gjk::test_support::readText;
using gjk::test_support::TempDir;

const std::string GOOD_CASE = GJK_SOURCE_DIR "/corpus/seeds/short-edge/box2d-plank-vs-point.case";
// A regression that box2d-v3.1 still fails (meta.expected-verdict violation).
const std::string VIOLATION_CASE =
    GJK_SOURCE_DIR "/corpus/regressions/box2d-v3.1.false-overlap.tiny-direction-overlap.random-convex.case";

bool contains(const std::string& text, const std::string& words) { return text.find(words) != std::string::npos; }

const std::vector<std::string> COMMANDS = {"strategies", "oracle", "run", "repro", "gen", "compare", "merge",
                                           "convert", "campaign", "properties", "corpus", "corpus check",
                                           "corpus verdicts", "corpus add"};

TEST(CliRules, everyHelpEndsWithTheOneExitCodeRuleAndCitesNothingOutside) {
  for (const std::string& command : COMMANDS) {
    const CliRun run = gjkcheck(command + " --help");
    EXPECT_EQ(run.exitCode, 0) << command << "\n" << run.out;
    EXPECT_TRUE(contains(run.out, "usage: gjkcheck " + command)) << command << "\n" << run.out;
    EXPECT_TRUE(contains(run.out, "Exit codes (every command): 0 all ok, 1 violations found, 2 bad input or usage"))
        << command << "\n" << run.out;
    EXPECT_FALSE(contains(run.out, "design §")) << command << "\n" << run.out;
    EXPECT_FALSE(contains(run.out, "../shared")) << command << "\n" << run.out;
  }
  const CliRun top = gjkcheck("--help");
  EXPECT_TRUE(contains(top.out, "Exit codes (every command)")) << top.out;
  EXPECT_TRUE(contains(top.out, "--version")) << top.out;
}

TEST(CliRules, helpShowsWhatTheParserDeclares) {
  // The drift found before CLI11: gen's --seed has a default, compare has --penetration-families and
  // --gzip-rows, run's iteration cap is a cost.
  const CliRun gen = gjkcheck("gen --help");
  EXPECT_TRUE(contains(gen.out, "[--seed K]")) << gen.out;
  EXPECT_TRUE(contains(gen.out, "--family F")) << gen.out;
  const CliRun compare = gjkcheck("compare --help");
  EXPECT_TRUE(contains(compare.out, "[--penetration-families F,G,...]")) << compare.out;
  EXPECT_TRUE(contains(compare.out, "[--gzip-rows]")) << compare.out;
  EXPECT_TRUE(contains(compare.out, "(default 1000)")) << compare.out;
  const CliRun run = gjkcheck("run --help");
  EXPECT_TRUE(contains(run.out, "iteration cap is a cost")) << run.out;
  EXPECT_TRUE(contains(run.out, "docs/verdict.md")) << run.out;
}

TEST(CliRules, unknownOptionsAndMissingValuesExitTwoEverywhere) {
  for (const std::string& command : COMMANDS) {
    const CliRun bogus = gjkcheck(command + " --bogus-option");
    EXPECT_EQ(bogus.exitCode, 2) << command << "\n" << bogus.out;
    EXPECT_TRUE(contains(bogus.out, "--bogus-option")) << command << "\n" << bogus.out;
    EXPECT_FALSE(contains(bogus.out, "terminate called")) << command;
  }
  const CliRun missing = gjkcheck("run " + GOOD_CASE + " --strategy");
  EXPECT_EQ(missing.exitCode, 2) << missing.out;
  EXPECT_TRUE(contains(missing.out, "--strategy")) << missing.out;
  EXPECT_EQ(gjkcheck("gen --count 2 --out /tmp/gjkcheck-rules-unused").exitCode, 2);  // --family is required
  EXPECT_FALSE(fs::exists("/tmp/gjkcheck-rules-unused"));
}

TEST(CliRules, versionNamesTheCommitAndTheEngines) {
  for (const char* spelling : {"--version", "version"}) {
    const CliRun run = gjkcheck(spelling);
    EXPECT_EQ(run.exitCode, 0) << run.out;
    EXPECT_EQ(run.out.rfind("gjkcheck ", 0), 0u) << run.out;
#ifdef GJK_HAVE_BOX2D
    EXPECT_TRUE(contains(run.out, "Box2D 2.4.1")) << run.out;
#endif
#ifdef GJK_HAVE_CHIPMUNK
    EXPECT_TRUE(contains(run.out, "Chipmunk 7.")) << run.out;
#endif
    EXPECT_TRUE(contains(run.out, "planck")) << run.out;  // a manifest's engine and its version
  }
  EXPECT_EQ(gjkcheck("--version extra").exitCode, 2);
}

TEST(CliRules, exitOneMeansViolationsForEveryJudgingCommand) {
  EXPECT_EQ(gjkcheck("run --strategy perp " + GOOD_CASE).exitCode, 0);
  EXPECT_EQ(gjkcheck("run --strategy box2d-v3.1 " + VIOLATION_CASE).exitCode, 1);
  EXPECT_EQ(gjkcheck("repro --strategy box2d-v3.1 " + VIOLATION_CASE).exitCode, 1);
  EXPECT_EQ(gjkcheck("oracle " + VIOLATION_CASE).exitCode, 0);  // the oracle judges nothing
  TempDir dir("gjkcheck-rules-exit");
  // naive fails the scale family at once; the report is still written whole.
  const CliRun failing = gjkcheck("compare --strategies naive --families scale --count 20 --rows none --out " +
                                  (dir.path() / "failing").string());
  EXPECT_EQ(failing.exitCode, 1) << failing.out;
  EXPECT_TRUE(fs::exists(dir.path() / "failing" / "README.md"));
  const CliRun passing = gjkcheck("compare --strategies perp --families random-convex --count 5 --rows none --out " +
                                  (dir.path() / "passing").string());
  EXPECT_EQ(passing.exitCode, 0) << passing.out;
  EXPECT_EQ(gjkcheck("gen --family scale --count 2 --out " + (dir.path() / "cases").string()).exitCode, 0);
}

TEST(CliRules, everyBadCaseFileIsReportedAndTheGoodOnesRun) {
  TempDir dir("gjkcheck-rules-bad");
  const std::string badHeader = dir.write("bad-header.case", "hello\n");
  const std::string badLine = dir.write("bad-line.case", "gjk-case 1\na.vertex 0 0\nnonsense 1\n");
  for (const std::string command : {"run --strategy perp", "oracle"}) {
    const CliRun run = gjkcheck(command + " " + badHeader + " " + GOOD_CASE + " /nonexistent.case " + badLine);
    EXPECT_EQ(run.exitCode, 2) << command << "\n" << run.out;
    EXPECT_TRUE(contains(run.out, badHeader + ":1:")) << command << "\n" << run.out;
    EXPECT_TRUE(contains(run.out, badLine + ":3:")) << command << "\n" << run.out;
    EXPECT_TRUE(contains(run.out, "/nonexistent.case")) << command << "\n" << run.out;
    EXPECT_TRUE(contains(run.out, "box2d-plank-vs-point.case")) << command << "\n" << run.out;  // the good one ran
  }
  // corpus check too: every bad file named, the good ones checked.
  const CliRun check = gjkcheck("corpus check " + badHeader + " " + GOOD_CASE + " " + badLine);
  EXPECT_EQ(check.exitCode, 2) << check.out;
  EXPECT_TRUE(contains(check.out, badHeader + ":1:")) << check.out;
  EXPECT_TRUE(contains(check.out, badLine + ":3:")) << check.out;
  EXPECT_TRUE(contains(check.out, "1 cases, 0 verdict tables: 0 expectations not met, 2 case files did not read"))
      << check.out;
  // A folder with a bad file among good ones: the same.
  dir.write("folder/good.case", readText(GOOD_CASE));
  dir.write("folder/broken.case", "gjk-case 1\n");
  const CliRun folder = gjkcheck("run --strategy perp " + (dir.path() / "folder").string());
  EXPECT_EQ(folder.exitCode, 2) << folder.out;
  EXPECT_TRUE(contains(folder.out, "broken.case")) << folder.out;
  EXPECT_TRUE(contains(folder.out, "good.case")) << folder.out;
}

// Whether `line` is one whole JSON object: braces and brackets balance outside strings, and it is one value.
bool wholeObject(const std::string& line) {
  if (line.size() < 2 || line.front() != '{' || line.back() != '}') return false;
  int depth = 0;
  bool inString = false;
  for (std::size_t k = 0; k < line.size(); ++k) {
    const char c = line[k];
    if (inString) {
      if (c == '\\') ++k;
      else if (c == '"') inString = false;
      continue;
    }
    if (c == '"') inString = true;
    else if (c == '{' || c == '[') ++depth;
    else if (c == '}' || c == ']') {
      if (--depth < 0) return false;
      if (depth == 0 && k + 1 != line.size()) return false;
    }
  }
  return depth == 0 && !inString;
}

TEST(CliRules, sigintDuringRunJsonLeavesWholeLinesAndExits130) {
  TempDir dir("gjkcheck-rules-sigint");
  const fs::path cases = dir.path() / "cases";
  ASSERT_EQ(gjkcheck("gen --family all --count 40 --out " + cases.string()).exitCode, 0);
  for (int signal : {SIGINT, SIGTERM}) {
    int pipeEnds[2];
    ASSERT_EQ(::pipe(pipeEnds), 0);
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      ::dup2(pipeEnds[1], STDOUT_FILENO);
      ::close(pipeEnds[0]);
      ::close(pipeEnds[1]);
      const int devNull = ::open("/dev/null", O_WRONLY);
      ::dup2(devNull, STDERR_FILENO);
      ::execl(GJKCHECK_BINARY, "gjkcheck", "run", "--json", "--strategy", "all", cases.c_str(),
              static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(pipeEnds[1]);
    std::string out;
    char buffer[65536];
    bool signalled = false;
    for (;;) {
      const ssize_t n = ::read(pipeEnds[0], buffer, sizeof buffer);
      if (n <= 0) break;
      out.append(buffer, static_cast<std::size_t>(n));
      if (!signalled && out.size() > 20000) {
        ::kill(child, signal);
        signalled = true;
      }
    }
    ::close(pipeEnds[0]);
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(signalled) << "the run ended before it printed 20,000 bytes";
    ASSERT_TRUE(WIFEXITED(status)) << "killed instead of stopping: status " << status;
    EXPECT_EQ(WEXITSTATUS(status), 130);
    ASSERT_FALSE(out.empty());
    EXPECT_EQ(out.back(), '\n') << "the output ends in the middle of a line";
    std::istringstream lines(out);
    std::size_t count = 0;
    for (std::string line; std::getline(lines, line); ++count) {
      EXPECT_TRUE(wholeObject(line)) << "line " << count + 1 << ": " << line.substr(0, 200);
    }
    EXPECT_LT(count, 14u * 40u * 9u) << "not stopped early";
  }
}

TEST(CliRules, outputFoldersInTheRepositoryAreRefusedUnlessOnPurpose) {
  // A repository of its own: a folder with corpus/ and reports/ (tools/output_folders.h).
  TempDir repository("gjkcheck-rules-repository");
  fs::create_directories(repository.path() / "corpus");
  fs::create_directories(repository.path() / "reports");
  const std::string reports = (repository.path() / "reports" / "compare").string();
  const std::string corpus = (repository.path() / "corpus" / "generated").string();
  const std::string compare = "compare --strategies perp --families random-convex --count 2 --rows none --out ";
  for (const std::string& arguments :
       {compare + reports, compare + corpus, compare + corpus + " --regenerate-report",
        "properties --strategies perp --families scale --cases 2 --out " + reports,
        "gen --family scale --count 2 --out " + corpus,
        "convert --to input --out " + corpus + " " + GOOD_CASE}) {
    const CliRun run = gjkcheck(arguments);
    EXPECT_EQ(run.exitCode, 2) << arguments << "\n" << run.out;
    EXPECT_TRUE(contains(run.out, "it lies in the repository's")) << arguments << "\n" << run.out;
  }
  EXPECT_FALSE(fs::exists(reports));
  EXPECT_FALSE(fs::exists(corpus));
  const CliRun regenerated = gjkcheck(compare + reports + " --regenerate-report");
  EXPECT_EQ(regenerated.exitCode, 0) << regenerated.out;
  EXPECT_TRUE(fs::exists(fs::path(reports) / "README.md"));
}

TEST(CliRules, aFolderOfOtherFilesIsRefusedAndTheCommandsOwnIsReused) {
  TempDir dir("gjkcheck-rules-foreign");
  const fs::path foreign = dir.path() / "foreign";
  dir.write("foreign/notes.txt", "mine\n");
  const std::string out = " --out " + foreign.string();
  for (const std::string& arguments :
       {"compare --strategies perp --families scale --count 2" + out,
        "properties --strategies perp --families scale --cases 2" + out, "gen --family scale --count 2" + out,
        "convert --to input" + out + " " + GOOD_CASE, "convert --to case" + out + " " + GOOD_CASE}) {
    const CliRun run = gjkcheck(arguments);
    EXPECT_EQ(run.exitCode, 2) << arguments << "\n" << run.out;
    EXPECT_TRUE(contains(run.out, "did not write (such as notes.txt)")) << arguments << "\n" << run.out;
  }
  EXPECT_EQ(readText(foreign / "notes.txt"), "mine\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(foreign), fs::directory_iterator()), 1);
  // The command's own folder, again: a report replaced, cases added.
  const std::string report = " --out " + (dir.path() / "report").string();
  const std::string compare = "compare --strategies perp --families random-convex --count 2 --rows none";
  EXPECT_EQ(gjkcheck(compare + report).exitCode, 0);
  EXPECT_EQ(gjkcheck(compare + report).exitCode, 0);
  const std::string cases = " --out " + (dir.path() / "cases").string();
  EXPECT_EQ(gjkcheck("gen --family scale --count 2" + cases).exitCode, 0);
  EXPECT_EQ(gjkcheck("gen --family touching --count 2" + cases).exitCode, 0);
  // A report folder is not a folder of cases.
  EXPECT_EQ(gjkcheck("gen --family scale --count 2" + report).exitCode, 2);
}

}  // namespace
