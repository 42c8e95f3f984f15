// An interrupted compare (SIGINT) stops taking cases, writes the report of the finished ones marked
// partial, and exits 130; the report's "regenerate with" command holds no absolute path.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "run_gjkcheck.h"

namespace {

namespace fs = std::filesystem;

using gjk::test_support::gjkcheck;
using gjk::test_support::readText;

TEST(CompareInterrupt, sigintWritesAPartialReportAndExits130) {
  gjk::test_support::TempDir temp("gjkcheck-interrupt");
  const fs::path out = temp.path() / "out";
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // Far more cases than finish in the test's time.
    execl(GJKCHECK_BINARY, GJKCHECK_BINARY, "compare", "--strategies", "perp,naive", "--families",
          "random-convex,scale", "--count", "100000000", "--jobs", "2", "--rows", "all", "--out", out.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  // Wait until the first rows reached the disk (a chunk of cases finished: rows.csv.partial is written a
  // megabyte at a time), however loaded the machine, then interrupt.
  auto written = [&out] {
    std::error_code error;
    const auto size = fs::file_size(out / "rows.csv.partial", error);
    return !error && size > 0;
  };
  for (int i = 0; i < 1200 && !written(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_TRUE(written()) << "no row written in 60 s";
  ASSERT_EQ(kill(child, SIGINT), 0);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  EXPECT_EQ(WEXITSTATUS(status), 130);
  const std::string readme = readText(out / "README.md");
  ASSERT_NE(readme.find("partial: "), std::string::npos) << readme.substr(0, 400);
  EXPECT_NE(readme.find(" of 200000000 cases, interrupted"), std::string::npos) << readme.substr(0, 400);
  // rows.csv was renamed into place and holds the finished cases' rows (2 strategies each), in order.
  EXPECT_FALSE(fs::exists(out / "rows.csv.partial"));
  const std::string rows = readText(out / "rows.csv");
  EXPECT_GT(std::count(rows.begin(), rows.end(), '\n'), 1000);
  EXPECT_EQ(rows.find("random-convex,0,perp,"), rows.find('\n') + 1);
  EXPECT_NE(readme.find("Not measured (the run was interrupted)"), std::string::npos);
}

TEST(CompareCommand, regenerateWithHasNoAbsolutePath) {
  gjk::test_support::TempDir temp("gjkcheck-portable");
  const fs::path out = temp.path() / "report";
  // robust: no violation on these cases, so exit code 0 (1 would say violations, whatever the report).
  auto run = gjkcheck("compare --strategies robust --families scale --count 3 --jobs 1 --gallery 0 --timing-rounds 1 --out '" +
                      out.string() + "'", temp.path().string());
  ASSERT_EQ(run.exitCode, 0) << run.out;
  const std::string readme = readText(out / "README.md");
  const std::size_t start = readme.find("```sh\n") + 6;
  const std::string command = readme.substr(start, readme.find("\n```", start) - start);
  EXPECT_EQ(command, "gjkcheck compare --strategies robust --families scale --count 3 --seed 1 --jobs 1 --gallery 0 "
                     "--timing-rounds 1 --out report")
      << command;
  EXPECT_EQ(command.find(temp.path().string()), std::string::npos);
}

}  // namespace
