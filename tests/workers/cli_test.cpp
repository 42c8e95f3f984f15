// The plugin that aborts on every third query, through the program a user runs: `crash` verdicts on those
// cases with the plugin's stderr, the others judged as the built-in perp is, in run and in compare. And the
// perp plugin's optional trace in repro.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "../tools/run_gjkcheck.h"
#include "case/case.h"
#include "verdict/strategy.h"

namespace gjk::check {
namespace {

using test_support::gjkcheck;
using test_support::lines;
using test_support::TempDir;


TEST(AbortPluginCli, RunGivesCrashOnEveryThirdCaseAndTheStderrTail) {
  TempDir dir("gjk-abort-run");
  // Nine cases in name order: the seeds of one family, copied under names that sort.
  int n = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(GJK_SOURCE_DIR) + "/corpus/seeds")) {
    if (!entry.is_directory()) continue;
    for (const auto& file : std::filesystem::directory_iterator(entry.path())) {
      if (n == 9 || file.path().extension() != ".case") continue;
      std::filesystem::copy_file(file.path(), dir.path() / ("case" + std::to_string(n++) + ".case"));
    }
  }
  ASSERT_EQ(n, 9);
  const std::string strategy = std::string(" --strategy plugin:") + ABORT_PLUGIN;
  test_support::CliRun run = gjkcheck("run " + dir.path().string() + strategy);
  EXPECT_EQ(run.exitCode, 1) << run.out;
  int crashes = 0;
  std::vector<std::string> rows;
  for (const std::string& line : lines(run.out)) {
    if (line.find(".case ") != std::string::npos) rows.push_back(line);
  }
  ASSERT_EQ(rows.size(), 9u) << run.out;
  for (int k = 0; k < 9; ++k) {
    EXPECT_EQ(rows[k].find("violation: crash") != std::string::npos, k % 3 == 2) << rows[k];
    crashes += rows[k].find("violation: crash") != std::string::npos;
  }
  EXPECT_EQ(crashes, 3);
  EXPECT_NE(run.out.find("    | abort_plugin: query 3 of this process, calling abort()"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("9 cases x 1 strategies: 3 violations"), std::string::npos) << run.out;
  test_support::CliRun json = gjkcheck("run " + dir.path().string() + strategy + " --json");
  std::vector<std::string> objects = lines(json.out);
  ASSERT_EQ(objects.size(), 9u) << json.out;
  EXPECT_NE(objects[2].find("\"failure\": \"crash\""), std::string::npos) << objects[2];
  EXPECT_NE(objects[2].find("abort_plugin: query 3"), std::string::npos) << objects[2];
  EXPECT_EQ(objects[0].find("\"failure\""), std::string::npos) << objects[0];
  // The other answers are the built-in perp's, number for number, verdict for verdict.
  std::vector<std::string> ours = lines(gjkcheck("run " + dir.path().string() + " --strategy perp --json").out);
  ASSERT_EQ(ours.size(), 9u);
  const std::string pluginName = std::string("\"plugin:") + ABORT_PLUGIN + "\"";
  for (int k = 0; k < 9; ++k) {
    if (k % 3 == 2) continue;
    std::string got = objects[k];
    got.replace(got.find(pluginName), pluginName.size(), "\"perp\"");
    EXPECT_EQ(got, ours[k]);
  }
}

// rows.csv.gz is written through a gzip pipe: the external engines' workers start after it (planck's node
// on its first batch), and when they inherited the pipe's end gzip never saw its end and compare waited for
// ever in pclose (seen on the engines report). The compare must end, with every row in the file.
TEST(NpmEngineCli, CompareWithGzipRowsEndsWhenWorkersStartAfterThePipe) {
  TempDir dir("gjk-gzip-rows");
  const std::string out = (dir.path() / "report").string();
  const std::string command = "timeout 120 " + std::string(GJKCHECK_BINARY) +
                              " compare --strategies perp,planck --families random-convex --count 30 --jobs 1"
                              " --gzip-rows --gallery 0 --timing-rounds 0 --out '" + out + "' > /dev/null 2>&1";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_NE(WEXITSTATUS(status), 124) << "compare did not end within 120 s";
  EXPECT_LE(WEXITSTATUS(status), 1);
  FILE* pipe = popen(("gzip -dc '" + out + "/rows.csv.gz' | wc -l").c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  char buffer[64] = {};
  const std::size_t n = std::fread(buffer, 1, sizeof buffer - 1, pipe);
  pclose(pipe);
  EXPECT_EQ(std::string(buffer, n), "61\n");  // the header and 30 cases x 2 strategies
}

TEST(AbortPluginCli, ComparePipelinesAndGivesCrashOnEveryThirdCase) {
  TempDir dir("gjk-abort-compare");
  test_support::CliRun run = gjkcheck(std::string("compare --strategies perp,plugin:") + ABORT_PLUGIN +
                                      " --families random-convex,short-edge --count 30 --jobs 1 --out " +
                                      dir.path().string());
  ASSERT_EQ(run.exitCode, 1) << run.out;  // the crash verdicts are violations; the report is whole
  std::ifstream in(dir.path() / "rows.csv");
  std::string header;
  std::getline(in, header);
  std::map<std::string, std::string> perpRows;  // family,index -> the row after the strategy column
  std::vector<std::pair<std::string, std::string>> pluginRows;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');) fields.push_back(cell);
    const std::string key = fields[0] + "," + fields[1];
    const std::string rest = line.substr(line.find(',', key.size() + 1));  // after the strategy's name
    if (fields[2] == "perp") {
      perpRows[key] = rest;
    } else {
      pluginRows.push_back({key, line});
    }
  }
  ASSERT_EQ(pluginRows.size(), 60u);
  int crashes = 0;
  for (const auto& [key, line] : pluginRows) {
    const int index = std::stoi(key.substr(key.find(',') + 1));
    if (index % 3 == 2) {
      EXPECT_NE(line.find(",crash,crash"), std::string::npos) << line;
      ++crashes;
    } else {
      EXPECT_EQ(line.substr(line.find(',', key.size() + 1)), perpRows[key]) << key;
    }
  }
  EXPECT_EQ(crashes, 20);
}

// The part of repro's output after "trace of NAME": the steps, the loop's stop and the step after the loop.
std::string traceSection(const std::string& out) {
  const std::size_t start = out.find("\ntrace of ");
  if (start == std::string::npos) return "";
  const std::size_t steps = out.find('(', start);
  const std::size_t end = out.find("\n\n", steps);
  return out.substr(steps, end == std::string::npos ? std::string::npos : end - steps);
}

// A plugin that exports gjkcheck_plugin_traced_distance shows its steps in repro: the perp test plugin's are
// the built-in perp's, line for line, the radius step that decided the answer last.
TEST(PerpPluginCli, ReproShowsThePluginsTraceAsTheBuiltInPerpsOwn) {
  const std::string file =
      std::string(GJK_SOURCE_DIR) + "/corpus/regressions/perp.false-overlap.epsilon-merge.short-edge.case";
  test_support::CliRun ours = gjkcheck("repro " + file + " --strategy perp");
  test_support::CliRun plugin = gjkcheck("repro " + file + " --strategy plugin:" + PERP_PLUGIN);
  EXPECT_EQ(ours.exitCode, 1) << ours.out;
  EXPECT_EQ(plugin.exitCode, 1) << plugin.out;
  const std::string trace = traceSection(ours.out);
  EXPECT_NE(trace.find("stopped by duplicate-support after 2 iterations"), std::string::npos) << ours.out;
  EXPECT_NE(trace.find("after the loop: radius step: core distance 7.2759576e-11 <= epsilon = 1.1920929e-07 -> "
                       "merged, distance 0"),
            std::string::npos)
      << ours.out;
  EXPECT_NE(trace.find("answer decided by epsilon-merge"), std::string::npos) << ours.out;
  EXPECT_EQ(traceSection(plugin.out), trace) << plugin.out;
  EXPECT_EQ(plugin.out.find("no trace"), std::string::npos) << plugin.out;
  // The plugin's answer names the same cause as ours.
  EXPECT_NE(plugin.out.find("epsilon-merge"), std::string::npos) << plugin.out;
}

// A plugin without the optional symbol keeps working: its answer, no trace.
TEST(PerpPluginCli, APluginWithoutATraceStillAnswersInRepro) {
  const std::string file =
      std::string(GJK_SOURCE_DIR) + "/corpus/regressions/perp.false-overlap.epsilon-merge.short-edge.case";
  test_support::CliRun run = gjkcheck("repro " + file + " --strategy plugin:" + SLEEP_PLUGIN);
  EXPECT_NE(run.out.find("no trace: plugin:"), std::string::npos) << run.out;
}

// A plugin named plugin:PATH#ENTRY works wherever a name is shown or written: compare writes a whole report
// (README.md, gallery cases whose meta.strategy reads back and names the plugin again), the name written as
// plugin:PATH@ENTRY since a case file's meta value cannot hold '#'.
TEST(PluginNamesCli, CompareWithPluginEntriesWritesAWholeReport) {
  TempDir dir("gjk-plugin-names");
  const std::string perp = std::string("plugin:") + PERP_PLUGIN;
  const test_support::CliRun run =
      gjkcheck("compare --strategies 'naive," + perp + "#perp," + perp + "' --families scale,short-edge --count 20 "
               "--gallery 2 --jobs 1 --out " + dir.path().string());
  EXPECT_EQ(run.exitCode, 1) << run.out;  // naive's violations; the report is whole
  EXPECT_EQ(run.out.find("formatCase"), std::string::npos) << run.out;
  const std::string readme = test_support::readText(dir.path() / "README.md");
  ASSERT_FALSE(readme.empty()) << run.out;
  // The tables show the plugin by the name and version it declares, with its entry; no machine's path.
  EXPECT_NE(readme.find("| plugin gjkcheck-perp perp test@perp |"), std::string::npos) << readme;
  EXPECT_NE(readme.find("| plugin gjkcheck-perp perp test |"), std::string::npos) << readme;
  EXPECT_EQ(readme.find(PERP_PLUGIN), std::string::npos) << readme;
  int pluginCases = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir.path())) {
    if (entry.path().extension() != ".case") continue;
    const Case value = readCaseFile(entry.path());
    const StrategyInfo* strategy = findStrategy(value.metaValue("strategy"));
    ASSERT_NE(strategy, nullptr) << entry.path();
    if (strategy->external) {
      ++pluginCases;
      EXPECT_EQ(entry.path().filename().string().find('#'), std::string::npos) << entry.path();
    }
  }
  EXPECT_GT(pluginCases, 0);
  // Either spelling names the same plugin.
  EXPECT_EQ(findStrategy(perp + "#perp"), findStrategy(perp + "@perp"));
  EXPECT_EQ(findStrategy(perp + "#perp")->name, perp + "@perp");
}

}  // namespace
}  // namespace gjk::check
