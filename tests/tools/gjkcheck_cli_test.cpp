// The gjkcheck program as a user meets it: exit codes, --help, the JSON keys of docs/cli.md, and the
// error for every kind of malformed case file (exit 2, naming the file and line).
#include <gtest/gtest.h>

#include "run_gjkcheck.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

using gjk::test_support::CliRun;
using gjk::test_support::gjkcheck;
using gjk::test_support::readText;

// A temporary folder of this test file.
struct TempDir : gjk::test_support::TempDir {
  TempDir() : gjk::test_support::TempDir("gjkcheck-cli") {}
};


const std::string SQUARES =
    "gjk-case 1\n"
    "a.vertex -1 -1\na.vertex 1 -1\na.vertex 1 1\na.vertex -1 1\n"
    "b.position 4 0.5\n"
    "b.vertex -1 -1\nb.vertex 1 -1\nb.vertex 1 1\nb.vertex -1 1\n";

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  size_t start = 0, end;
  while ((end = text.find('\n', start)) != std::string::npos) {
    result.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return result;
}

// The keys of a one-line JSON object, top level only, in order.
std::vector<std::string> topLevelKeys(const std::string& json) {
  std::vector<std::string> keys;
  int depth = 0;
  for (size_t i = 0; i < json.size(); ++i) {
    char c = json[i];
    if (c == '"') {
      size_t close = json.find('"', i + 1);
      while (json[close - 1] == '\\') close = json.find('"', close + 1);
      if (depth == 1 && json[close + 1] == ':') keys.push_back(json.substr(i + 1, close - i - 1));
      i = close;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      --depth;
    }
  }
  return keys;
}

TEST(Cli, everyCommandHasHelpAndExitsZero) {
  for (const char* command : {"--help", "strategies --help", "oracle --help", "run --help", "repro --help"}) {
    CliRun run = gjkcheck(command);
    EXPECT_EQ(run.exitCode, 0) << command;
    EXPECT_NE(run.out.find("usage: gjkcheck"), std::string::npos) << command;
  }
}

TEST(Cli, badUsageExitsTwo) {
  TempDir dir;
  std::string file = dir.write("squares.case", SQUARES);
  EXPECT_EQ(gjkcheck("").exitCode, 2);
  EXPECT_EQ(gjkcheck("frobnicate").exitCode, 2);
  EXPECT_EQ(gjkcheck("run --strategy nosuch " + file).exitCode, 2);
  EXPECT_EQ(gjkcheck("oracle --no-such-option " + file).exitCode, 2);
  EXPECT_EQ(gjkcheck("oracle").exitCode, 2);
  CliRun missing = gjkcheck("oracle /no/such/file.case");
  EXPECT_EQ(missing.exitCode, 2);
  EXPECT_NE(missing.out.find("/no/such/file.case"), std::string::npos) << missing.out;
}

TEST(Cli, strategiesListsNaiveAndPerp) {
  CliRun run = gjkcheck("strategies");
  EXPECT_EQ(run.exitCode, 0);
  EXPECT_TRUE(std::regex_search(run.out, std::regex("(^|\\n)naive ")));
  EXPECT_TRUE(std::regex_search(run.out, std::regex("(^|\\n)perp ")));
}

TEST(Cli, oracleJsonHasExactlyTheDesignKeys) {
  TempDir dir;
  std::string file = dir.write("squares.case", SQUARES);
  CliRun run = gjkcheck("oracle --json " + file);
  ASSERT_EQ(run.exitCode, 0) << run.out;
  std::vector<std::string> objects = lines(run.out);
  ASSERT_EQ(objects.size(), 1u);
  EXPECT_EQ(topLevelKeys(objects[0]), (std::vector<std::string>{"case", "relation", "distance",
                                                                 "core_distance_squared", "closest_point", "scale"}));
  EXPECT_NE(objects[0].find("\"relation\": \"separated\""), std::string::npos) << objects[0];
  EXPECT_NE(objects[0].find("\"core_distance_squared\": \"4\""), std::string::npos) << objects[0];
}

TEST(Cli, runJsonHasExactlyTheDesignKeysForEveryStrategy) {
  TempDir dir;
  std::string file = dir.write("squares.case", SQUARES);
  CliRun run = gjkcheck("run --strategy all --json " + file);
  ASSERT_EQ(run.exitCode, 0) << run.out;
  std::vector<std::string> objects = lines(run.out);
  ASSERT_GE(objects.size(), 2u);
  for (const std::string& object : objects) {
    EXPECT_EQ(topLevelKeys(object),
              (std::vector<std::string>{"case", "strategy", "distance", "point_a", "point_b", "iterations",
                                        "termination", "distance_error_u", "witness_error_u", "verdict", "reasons",
                                        "exact"}))
        << object;
    EXPECT_NE(object.find("\"verdict\": \"ok\""), std::string::npos) << object;
  }
}

TEST(Cli, reproShowsExactAnswerStrategiesAndTrace) {
  TempDir dir;
  std::string file = dir.write("squares.case", SQUARES);
  CliRun run = gjkcheck("repro " + file);
  ASSERT_EQ(run.exitCode, 0) << run.out;
  for (const char* expected : {"exact answer", "relation          separated", "Minkowski difference hull",
                               "naive", "perp", "trace of perp", "step 0", "stopped by duplicate-support"}) {
    EXPECT_NE(run.out.find(expected), std::string::npos) << expected << "\n" << run.out;
  }
}

struct MalformedCase {
  const char* name;
  std::string text;
  const char* message;  // expected in the error
  int line;             // the line the error names; 0: no line applies; -1: a line may or may not be named
};

class MalformedCaseFile : public ::testing::TestWithParam<MalformedCase> {};

TEST_P(MalformedCaseFile, exitsTwoNamingFileAndLine) {
  const MalformedCase& c = GetParam();
  TempDir dir;
  std::string file = dir.write(std::string(c.name) + ".case", c.text);
  for (const char* command : {"oracle ", "run --strategy all ", "repro "}) {
    CliRun run = gjkcheck(command + file);
    EXPECT_EQ(run.exitCode, 2) << command << run.out;
    std::string where = c.line > 0 ? file + ":" + std::to_string(c.line) + ": " : c.line == 0 ? file + ": " : file + ":";
    EXPECT_NE(run.out.find(where), std::string::npos) << command << "expected '" << where << "' in\n" << run.out;
    EXPECT_NE(run.out.find(c.message), std::string::npos) << command << "expected '" << c.message << "' in\n"
                                                          << run.out;
  }
}

INSTANTIATE_TEST_SUITE_P(
    EveryKind, MalformedCaseFile,
    ::testing::Values(
        MalformedCase{"nan", "gjk-case 1\na.vertex nan 0\nb.vertex 0 0\n", "not a finite float", 2},
        MalformedCase{"inf", "gjk-case 1\na.vertex 0 0\nb.vertex inf 0\n", "not a finite float", 3},
        MalformedCase{"overflow", "gjk-case 1\na.vertex 1e39 0\nb.vertex 0 0\n", "not a finite float", 2},
        MalformedCase{"unknown_key", "gjk-case 1\na.vertex 0 0\na.colour red\nb.vertex 0 0\n", "unknown key", 3},
        MalformedCase{"missing_header", "a.vertex 0 0\nb.vertex 0 0\n", "gjk-case 1", 1},
        MalformedCase{"missing_shape", "gjk-case 1\na.vertex 0 0\n", "shape b has no vertex", -1},
        MalformedCase{"not_text", std::string("gjk-case 1\na.vertex 0 0\nb.vertex \xff 0\n"), "not text", 3},
        MalformedCase{"empty", "", "empty", 0},
        MalformedCase{"angular_without_translation", "gjk-case 1\na.vertex 0 0\nb.vertex 0 0\nb.angular 1\n",
                      "b.angular without b.translation", 4},
        MalformedCase{"angular_not_finite", "gjk-case 1\na.vertex 0 0\nb.vertex 0 0\nb.translation 0 0\nb.angular inf\n",
                      "not a finite float", 5}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
