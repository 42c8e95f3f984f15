// 3D engines through the program a user runs: run, compare --dimension 3, repro, strategies and properties
// --dimension 3 take the vdb3 test plugin (tests/workers/plugins/vdb3_plugin.cpp) and judge it exactly as they judge
// the built-in vdb3; a case or a command of the other dimension is refused with what to change.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <regex>
#include <sstream>

#include "../tools/run_gjkcheck.h"
#include "case/case.h"
#include "families/families.h"

namespace gjk::check {
namespace {

using test_support::gjkcheck;
using test_support::lines;
using test_support::TempDir;


// gjkcheck ARGUMENTS with the environment assignments `env` ("NAME='VALUE' ...") before it.
test_support::CliRun withEnvironment(const std::string& env, const std::string& arguments) {
  test_support::CliRun run;
  FILE* pipe = popen((env + GJKCHECK_BINARY + " " + arguments + " 2>&1").c_str(), "r");
  char buffer[4096];
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) run.out.append(buffer, n);
  const int status = pclose(pipe);
  run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

std::string vdb3Plugin() { return std::string("plugin:") + VDB3_PLUGIN + "#vdb3"; }

// The text without its "strategy" fields (JSON) or strategy column: what must be equal between two strategies.
std::string withoutStrategy(const std::string& text) {
  return std::regex_replace(text, std::regex("\"strategy\": \"[^\"]*\""), "");
}

TEST(Vdb3PluginCli, RunJudgesThePluginsAnswersAsTheBuiltInVdb3s) {
  TempDir dir("gjk-run3");
  const std::vector<std::string> families = familyNames3();
  for (int k = 0; k < 8; ++k) {
    const Case value = sampleFamily3(families[k % families.size()], 5, static_cast<std::uint64_t>(k));
    dir.write("case" + std::to_string(k) + ".case", formatCase(value));
  }
  const test_support::CliRun ours = gjkcheck("run " + dir.path().string() + " --strategy vdb3 --json");
  const test_support::CliRun theirs = gjkcheck("run " + dir.path().string() + " --strategy '" + vdb3Plugin() + "' --json");
  ASSERT_EQ(lines(ours.out).size(), 8u) << ours.out;
  EXPECT_EQ(theirs.exitCode, ours.exitCode) << theirs.out;
  EXPECT_EQ(withoutStrategy(theirs.out), withoutStrategy(ours.out));
  const test_support::CliRun text = gjkcheck("run " + dir.path().string() + " --strategy '" + vdb3Plugin() + "'");
  EXPECT_NE(text.out.find("8 cases x 1 strategies"), std::string::npos) << text.out;
  // A 2D case is taken by no strategy chosen: reported, the others run, exit 2.
  dir.write("planar.case", formatCase(sampleFamily("random-convex", 1, 0)));
  const test_support::CliRun mixed = gjkcheck("run " + dir.path().string() + " --strategy '" + vdb3Plugin() + "'");
  EXPECT_EQ(mixed.exitCode, 2) << mixed.out;
  EXPECT_NE(mixed.out.find("planar.case: a 2D case, and no strategy chosen takes it"), std::string::npos) << mixed.out;
  EXPECT_NE(mixed.out.find("8 cases x 1 strategies"), std::string::npos) << mixed.out;
}

TEST(Vdb3PluginCli, RunOfAnEngineOfQueriesBothGivesItsPenetrationAndDistanceLines) {
  TempDir dir("gjk-run3-both");
  dir.write("a.case", formatCase(sampleFamily3(familyNames3().front(), 5, 0)));
  const std::string both = std::string("plugin:") + VDB3_PLUGIN + "#vdb3-epa3";
  const test_support::CliRun run = gjkcheck("run " + dir.path().string() + " --strategy '" + both + "' --json");
  // One object, as for a 2D engine of queries both: the distance answer, then its penetration answer.
  const std::vector<std::string> objects = lines(run.out);
  ASSERT_EQ(objects.size(), 1u) << run.out;
  EXPECT_NE(objects[0].find("\"distance_error_u\""), std::string::npos) << objects[0];
  EXPECT_NE(objects[0].find("\"query\": \"both\", \"penetration\": {"), std::string::npos) << objects[0];
  const test_support::CliRun text = gjkcheck("run " + dir.path().string() + " --strategy '" + both + "'");
  std::vector<std::string> rows;  // the penetration line, then the distance line
  for (const std::string& line : lines(text.out)) {
    if (line.find("a.case ") != std::string::npos) rows.push_back(line);
  }
  ASSERT_EQ(rows.size(), 2u) << text.out;
  EXPECT_NE(rows[0].find(" depth "), std::string::npos) << rows[0];
  EXPECT_EQ(rows[1].find(" depth "), std::string::npos) << rows[1];
}

TEST(Vdb3PluginCli, CompareDimension3StreamsThePluginAndRowsEqualTheBuiltIns) {
  TempDir dir("gjk-compare3");
  const std::vector<std::string> families = familyNames3();
  const std::string chosen = families[0] + "," + families[1];
  const test_support::CliRun run =
      gjkcheck("compare --dimension 3 --strategies 'vdb3," + vdb3Plugin() + "' --families " + chosen +
               " --count 20 --jobs 1 --timing-rounds 0 --out " + dir.path().string());
  ASSERT_TRUE(run.exitCode == 0 || run.exitCode == 1) << run.out;
  std::ifstream in(dir.path() / "rows.csv");
  std::string header;
  ASSERT_TRUE(std::getline(in, header)) << run.out;
  std::map<std::string, std::string> ours, theirs;  // family,index -> the row after the strategy column
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');) fields.push_back(cell);
    const std::string key = fields[0] + "," + fields[1];
    const std::string rest = line.substr(line.find(',', key.size() + 1));
    (fields[2] == "vdb3" ? ours : theirs)[key] = rest;
  }
  ASSERT_EQ(ours.size(), 40u) << run.out;
  EXPECT_EQ(theirs, ours);
  // A 3D engine without --dimension 3: what to change.
  const test_support::CliRun planar = gjkcheck("compare --strategies '" + vdb3Plugin() + "' --count 1 --out " +
                                               (dir.path() / "planar").string());
  EXPECT_EQ(planar.exitCode, 2) << planar.out;
  EXPECT_NE(planar.out.find("answers 3D cases: add --dimension 3"), std::string::npos) << planar.out;
}

// The penetration rows of a comparison's penetration_rows.csv by strategy: family,index -> the row after the
// strategy column.
std::map<std::string, std::map<std::string, std::string>> penetrationRows(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string header;
  std::getline(in, header);
  std::map<std::string, std::map<std::string, std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields;
    std::istringstream cells(line);
    for (std::string cell; std::getline(cells, cell, ',');) fields.push_back(cell);
    const std::string key = fields[0] + "," + fields[1];
    rows[fields[2]][key] = line.substr(line.find(',', key.size() + 1));
  }
  return rows;
}

// A 3D engine of query penetration (the plugin's epa3) and one of both (vdb3-epa3) get the penetration section of
// compare --dimension 3, their rows those of the built-in epa3; the engine of both is in the distance tables too.
TEST(Vdb3PluginCli, CompareDimension3GivesThePluginsPenetrationTheBuiltInsRows) {
  TempDir dir("gjk-compare3-pen");
  const std::vector<std::string> families = familyNames3();
  const std::string plugin = std::string("plugin:") + VDB3_PLUGIN;
  const test_support::CliRun run =
      gjkcheck("compare --dimension 3 --strategies 'epa3," + plugin + "#epa3," + plugin + "#vdb3-epa3' --families " +
               families[0] + " --penetration-families " + families[0] + "," + families[1] +
               " --count 20 --jobs 2 --timing-rounds 0 --out " + dir.path().string());
  ASSERT_TRUE(run.exitCode == 0 || run.exitCode == 1) << run.out;
  const auto rows = penetrationRows(dir.path() / "penetration_rows.csv");
  ASSERT_EQ(rows.size(), 3u) << run.out;
  ASSERT_EQ(rows.count("epa3"), 1u) << run.out;
  const std::map<std::string, std::string>& ours = rows.at("epa3");
  EXPECT_EQ(ours.size(), 40u);
  // The answers (overlapping, depth) are the built-in's; the verdict too for the entry of epa3's contact
  // convention (vdb3-epa3's is vdb3's, merged, judged by the nearer shape).
  auto answers = [](const std::map<std::string, std::string>& all) {
    std::map<std::string, std::string> kept;
    for (const auto& [key, rest] : all) {  // rest: ",primary,overlapping,depth,measures..."
      std::istringstream cells(rest);
      std::string field, overlapping, depth;
      std::getline(cells, field, ',');
      std::getline(cells, field, ',');
      std::getline(cells, overlapping, ',');
      std::getline(cells, depth, ',');
      kept[key] = overlapping + "," + depth;
    }
    return kept;
  };
  for (const auto& [name, theirs] : rows) {
    if (name.ends_with("@epa3")) EXPECT_EQ(theirs, ours) << name;
    EXPECT_EQ(answers(theirs), answers(ours)) << name;
  }
  // The engine of both queries answers the distance tables; the penetration-only ones do not.
  std::set<std::string> distance;  // the strategy column of rows.csv (the third)
  for (const std::string& line : lines(test_support::readText(dir.path() / "rows.csv"))) {
    std::istringstream cells(line);
    std::string field;
    for (int k = 0; k < 3; ++k) std::getline(cells, field, ',');
    distance.insert(field);
  }
  distance.erase("strategy");
  ASSERT_EQ(distance.size(), 1u) << run.out;
  EXPECT_NE(distance.begin()->find("vdb3-epa3"), std::string::npos) << *distance.begin();
}

// The words of repro's row of `name` and the pA/pB line after it, without the name.
std::string reproRow(const std::string& out, const std::string& name) {
  const std::vector<std::string> all = lines(out);
  for (std::size_t k = 0; k + 1 < all.size(); ++k) {
    if (all[k].rfind(name + " ", 0) != 0) continue;
    std::istringstream words(all[k].substr(name.size()));
    std::string row;
    for (std::string word; words >> word;) row += word + " ";
    return row + "|" + all[k + 1];
  }
  return "";
}

TEST(Vdb3PluginCli, ReproShowsThePluginBesideTheExactAnswerAndDrawsIt) {
  TempDir dir("gjk-repro3");
  const std::string file =
      std::string(GJK_SOURCE_DIR) + "/corpus/regressions/strategies3d/vdb3.distance-error.containment.case";
  const std::string picture = (dir.path() / "plugin.svg").string();
  const test_support::CliRun run =
      gjkcheck("repro " + file + " --strategy '" + vdb3Plugin() + "' --svg " + picture);
  EXPECT_EQ(run.exitCode, 1) << run.out;  // vdb3's distance error, the plugin's too
  const std::string ours = reproRow(run.out, "vdb3");
  ASSERT_NE(ours, "") << run.out;
  EXPECT_NE(ours.find("distance-error"), std::string::npos) << ours;
  std::string pluginName = std::string("plugin:") + VDB3_PLUGIN + "@vdb3";
  EXPECT_EQ(reproRow(run.out, pluginName), ours) << run.out;
  EXPECT_NE(run.out.find("no trace: a 3D worker has no traced request"), std::string::npos) << run.out;
  EXPECT_NE(test_support::readText(picture).find("<svg"), std::string::npos) << run.out;
  const test_support::CliRun unknown = gjkcheck("repro " + file + " --strategy perp");
  EXPECT_EQ(unknown.exitCode, 2) << unknown.out;
  EXPECT_NE(unknown.out.find("'perp' is not a 3D strategy"), std::string::npos) << unknown.out;
}

// An engine of queries both: a row in each part of repro's table; its picture draws the distance answer unless
// --query penetration asks for the other; an engine of the penetration query alone draws its penetration answer.
TEST(Vdb3PluginCli, ReproOfAnEngineOfBothQueriesDrawsTheAnswerAsked) {
  TempDir dir("gjk-repro3-both");
  const std::string file = std::string(GJK_SOURCE_DIR) + "/fuzz/corpus/oracle3d/cubes-overlapping.case";
  const std::string both = std::string("plugin:") + VDB3_PLUGIN + "#vdb3-epa3";
  const std::string distance = (dir.path() / "distance.svg").string();
  const test_support::CliRun run = gjkcheck("repro " + file + " --strategy '" + both + "' --svg " + distance);
  ASSERT_TRUE(run.exitCode == 0 || run.exitCode == 1) << run.out;
  const std::string name = std::string("plugin:") + VDB3_PLUGIN + "@vdb3-epa3";
  const size_t first = run.out.find("\n" + name + " ");
  ASSERT_NE(first, std::string::npos) << run.out;
  const size_t second = run.out.find("\n" + name + " ", first + 1);
  ASSERT_NE(second, std::string::npos) << run.out;
  EXPECT_LT(run.out.find("\nstrategy     penetration "), second) << run.out;
  EXPECT_GT(run.out.find("\nstrategy     penetration "), first) << run.out;
  EXPECT_EQ(test_support::readText(distance).find("class=\"exact-penetration\""), std::string::npos);
  const std::string penetration = (dir.path() / "penetration.svg").string();
  const test_support::CliRun asked =
      gjkcheck("repro " + file + " --strategy '" + both + "' --query penetration --svg " + penetration);
  ASSERT_TRUE(asked.exitCode == 0 || asked.exitCode == 1) << asked.out;
  const std::string svg = test_support::readText(penetration);
  EXPECT_NE(svg.find("class=\"exact-penetration\""), std::string::npos) << asked.out;
  EXPECT_NE(svg.find("verdict (penetration): "), std::string::npos) << asked.out;
  // Its iterations and termination are its distance query's: the picture does not give them as the penetration's.
  EXPECT_EQ(svg.find("iterations: "), std::string::npos);
  const std::string alone = std::string("plugin:") + VDB3_PLUGIN + "#epa3";
  const std::string only = (dir.path() / "only.svg").string();
  const test_support::CliRun engine = gjkcheck("repro " + file + " --strategy '" + alone + "' --svg " + only);
  ASSERT_TRUE(engine.exitCode == 0 || engine.exitCode == 1) << engine.out;
  EXPECT_NE(test_support::readText(only).find("class=\"reported-penetration\""), std::string::npos) << engine.out;
  EXPECT_NE(engine.out.find("no trace: a 3D worker has no traced request ("), std::string::npos) << engine.out;
  EXPECT_EQ(engine.out.find("stopped by  after"), std::string::npos) << engine.out;
}

TEST(Vdb3PluginCli, StrategiesListsAnEngineOfDimension3) {
  TempDir dir("gjk-strategies3");
  dir.write("vdb3-engine/manifest",
            std::string("gjkcheck-engine 1\nname vdb3-engine\ndescription vdb3 as an engine\nversion test\n"
                        "scalar f32\ncontact merged\nqueries distance\ndimension 3\ncommand $PLUGIN_HOST ") +
                VDB3_PLUGIN + " vdb3\nready " + VDB3_PLUGIN + "\n");
  const std::string env = "GJKCHECK_ADAPTERS='" + dir.path().string() + "' ";
  const test_support::CliRun listed = withEnvironment(env, "strategies");
  EXPECT_EQ(listed.exitCode, 0) << listed.out;
  EXPECT_NE(listed.out.find("vdb3-engine    float  merged    distance 3d ready"), std::string::npos) << listed.out;
  const test_support::CliRun json = withEnvironment(env, "strategies --json");
  bool found = false;
  for (const std::string& object : lines(json.out)) {
    if (object.find("\"name\": \"vdb3-engine\"") == std::string::npos) continue;
    found = true;
    EXPECT_NE(object.find("\"dimension\": 3"), std::string::npos) << object;
  }
  EXPECT_TRUE(found) << json.out;
  // The engine by its name, on a 3D case: the built-in vdb3's answer.
  dir.write("cases/a.case", formatCase(sampleFamily3(familyNames3().front(), 5, 1)));
  const test_support::CliRun engine =
      withEnvironment(env, "run " + (dir.path() / "cases").string() + " --strategy vdb3-engine --json");
  const test_support::CliRun ours = gjkcheck("run " + (dir.path() / "cases").string() + " --strategy vdb3 --json");
  EXPECT_EQ(withoutStrategy(engine.out), withoutStrategy(ours.out)) << engine.out;
}

TEST(Vdb3PluginCli, PropertiesDimension3MeasuresThePluginAsTheBuiltInVdb3) {
  TempDir dir("gjk-properties3");
  const std::string family = familyNames3().front();
  const test_support::CliRun run =
      gjkcheck("properties --dimension 3 --strategies 'vdb3," + vdb3Plugin() + "' --families " + family +
               " --cases 4 --jobs 1 --shrink 0 --out " + dir.path().string());
  ASSERT_TRUE(run.exitCode == 0 || run.exitCode == 1) << run.out;
  std::ifstream in(dir.path() / "properties.csv");
  std::string header;
  ASSERT_TRUE(std::getline(in, header)) << run.out;
  std::vector<std::string> ours, theirs;  // the rows after the strategy column
  for (std::string line; std::getline(in, line);) {
    const std::size_t comma = line.find(',');
    (line.substr(0, comma) == "vdb3" ? ours : theirs).push_back(line.substr(comma));
  }
  ASSERT_FALSE(ours.empty()) << run.out;
  EXPECT_EQ(theirs, ours);
  const test_support::CliRun planar =
      gjkcheck("properties --strategies '" + vdb3Plugin() + "' --cases 1 --out " + (dir.path() / "planar").string());
  EXPECT_EQ(planar.exitCode, 2) << planar.out;
  EXPECT_NE(planar.out.find("answers 3D cases: add --dimension 3"), std::string::npos) << planar.out;
}

}  // namespace
}  // namespace gjk::check
