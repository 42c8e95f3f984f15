// The commit a report names comes from the build: run outside any git checkout, `gjkcheck compare`
// still writes the commit the program was built from, not "unknown".
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "tests/tools/run_gjkcheck.h"

namespace {

namespace fs = std::filesystem;

TEST(ReportCommit, compareOutsideACheckoutNamesTheBuildsCommit) {
  fs::path folder = fs::temp_directory_path() / ("gjkcheck-commit-" + std::to_string(::getpid()));
  fs::remove_all(folder);
  fs::create_directories(folder);
  // The temporary folder must not be inside a checkout, or the test would prove nothing.
  ASSERT_NE(std::system(("cd '" + folder.string() + "' && git rev-parse --git-dir >/dev/null 2>&1").c_str()), 0);
  // What the source tree says (the build records the same at build time; this test is built with it).
  std::string describe;
  {
    std::string command = std::string("git -C '") + GJK_SOURCE_DIR + "' describe --always --abbrev=12 2>/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    char buffer[256];
    while (fgets(buffer, sizeof buffer, pipe)) describe += buffer;
    pclose(pipe);
    while (!describe.empty() && (describe.back() == '\n' || describe.back() == ' ')) describe.pop_back();
  }
  gjk::test_support::CliRun run = gjk::test_support::gjkcheck(
      "compare --strategies perp --families random-convex --count 2 --seed 1 --gallery 0 --out out", folder.string());
  ASSERT_EQ(run.exitCode, 0) << run.out;
  std::ifstream in(folder / "out" / "README.md");
  std::stringstream text;
  text << in.rdbuf();
  std::string readme = text.str();
  size_t at = readme.find("| commit | ");
  ASSERT_NE(at, std::string::npos) << readme;
  std::string line = readme.substr(at, readme.find('\n', at) - at);
  EXPECT_EQ(line.find("unknown"), std::string::npos) << line;
  if (!describe.empty()) {
    // The build's commit (with -dirty when the tree had changes at build time).
    EXPECT_EQ(line.rfind("| commit | " + describe, 0), 0u) << line << " vs " << describe;
  }
  fs::remove_all(folder);
}

}  // namespace
