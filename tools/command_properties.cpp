// gjkcheck properties: every claim on every strategy and family (verdict/property_survey.h), written as a
// report folder: README.md (the command, seed, commit, machine; the strategy x property table; per
// family counts), properties.csv (one row per strategy, property and family) and counterexamples/ (one
// shrunk case per violated pair, replayable with `gjkcheck run --strategy NAME`). With --dimension 3: the 3D
// strategies (strategies3) on the 3D families (familyNames3), the same report.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <stdexcept>
#include <string>
#include <thread>

#include <unistd.h>

#include "case/case.h"
#include "families/families.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "tools/run_context.h"
#include "verdict/claims.h"
#include "verdict/property_survey.h"
#include "verdict/strategy.h"

namespace gjk::tools {
namespace {

namespace fs = std::filesystem;

CommandSpec spec() {
  return {
      "properties",
      "",
      "",
      "Measures every property (a claim about a strategy, such as isSymmetricWhenAAndBAreSwapped) on every\n"
      "chosen strategy and family: the same N generated cases per family for every strategy and property.\n"
      "Whether a strategy satisfies a property is a finding. Writes DIR/README.md (command, seed, commit,\n"
      "machine, the table: holds, or violated with the count), DIR/properties.csv (one row per strategy,\n"
      "property and family) and DIR/counterexamples/STRATEGY.PROPERTY.case: one case per violated pair,\n"
      "shrunk to its simplest form that still violates it (docs/properties.md).",
      {{"dimension", "2|3",
        "2: the 2D strategies on the 2D families; 3: the 3D strategies (`gjkcheck strategies`,\n"
        "dimension 3) on the 3D families (`gjkcheck gen --dimension 3`), judged against the exact 3D answer",
        "2"},
       {"strategies", "A,B,...", "comma-separated names", "", "all (the 3D ones with --dimension 3)"},
       {"properties", "P,Q,...", "comma-separated property names", "", "all (the distance ones with --dimension 3)"},
       {"families", "F,G,...", "comma-separated family names", "", "all (the fifteen 3D ones with --dimension 3)"},
       {"cases", "N", "cases per family", "100"},
       {"seed", "K", "the seed of the case streams", "1"},
       {"jobs", "N", "worker threads, 1..256", std::to_string(std::max(1u, std::thread::hardware_concurrency())),
        "the number of cores"},
       {"shrink", "N", "at most this many tries to shrink each counterexample", "4000"},
       {"out", "DIR",
        "the report folder: new, empty, or holding a properties report to\n"
        "replace; never in the repository's corpus/, nor in its reports/ without\n"
        "--regenerate-report (docs/cli.md)",
        "", "", true},
       {"regenerate-report", "", "allow --out in the repository's reports/: replace a committed report"}},
      "The same arguments give the same files (but the date and wall time in README.md), whatever --jobs is.",
      "Exit code 1 when any property is violated (the report is written whole first), 0 when every\n"
      "one holds, 2 for bad usage.",
  };
}

std::string cellText(const check::SurveyCell& cell) {
  if (!cell.applies) return "n/a";
  return cell.violations == 0 ? "holds" : std::to_string(cell.violations) + "/" + std::to_string(cell.cases);
}

}  // namespace

int propertiesCommand(int argc, char** argv, int first) {
  CommandLine line = parseCommandLine(argc, argv, first, spec());
  if (line.has("help")) return EXIT_ALL_OK;

  check::SurveyOptions options;
  const std::string dimension = line.value("dimension");
  if (dimension != "2" && dimension != "3") throw UsageError("--dimension takes 2 or 3");
  options.dimension = dimension == "3" ? 3 : 2;
  const bool space = options.dimension == 3;
  std::vector<std::string> strategyNames;
  for (const check::StrategyInfo& s : space ? check::strategies3() : check::strategies()) strategyNames.push_back(s.name);
  // A built-in strategy of the other dimension is named with what to change.
  if (line.given("strategies")) {
    for (const std::string& name : splitList(line.value("strategies"))) {
      if (name.starts_with("plugin:")) continue;  // an external engine, loaded below
      const check::StrategyInfo* found = nullptr;
      try {
        found = check::findStrategy(name);
      } catch (const std::invalid_argument& error) {
        throw UsageError(error.what());
      }
      if (found != nullptr && !found->external && found->dimension != options.dimension) {
        throw UsageError("strategy '" + name + "' answers " + std::to_string(found->dimension) + "D cases: " +
                         (found->dimension == 3 ? "add --dimension 3" : "leave out --dimension 3"));
      }
    }
  }
  // External engines (a manifest's name, plugin:PATH[#ENTRY]) are run when named (docs/workers.md), each on the
  // cases of its dimension (a manifest's dimension 3, a plugin's 3D entry).
  if (line.given("strategies")) {
    for (const std::string& name : splitList(line.value("strategies"))) {
      if (std::find(strategyNames.begin(), strategyNames.end(), name) != strategyNames.end()) continue;
      try {
        const check::StrategyInfo* found = check::findStrategy(name);
        if (found == nullptr || !found->external || check::selectStrategies(name).empty()) continue;
        if (found->dimension != options.dimension) {
          throw UsageError("strategy '" + name + "' answers " + std::to_string(found->dimension) + "D cases: " +
                           (found->dimension == 3 ? "add --dimension 3" : "leave out --dimension 3"));
        }
        strategyNames.push_back(name);
      } catch (const std::invalid_argument& error) {
        throw UsageError(error.what());
      }
    }
  }
  for (const std::string& name : chosenItems(line, "strategies", strategyNames, "strategy")) {
    options.strategies.push_back(check::findStrategy(name));
  }
  // In 3D the distance claims only: every 3D strategy answers the distance query.
  std::vector<std::string> propertyNames;
  for (const check::StrategyProperty& p : space ? check::distanceProperties() : check::strategyProperties()) {
    propertyNames.push_back(p.name);
  }
  options.properties = chosenItems(line, "properties", propertyNames, space ? "3D property" : "property");
  options.families =
      chosenItems(line, "families", space ? check::familyNames3() : check::familyNames(), space ? "3D family" : "family");
  const long long cases = line.integerIn("cases", 1, 10000000);
  const long long seed = line.integerIn("seed", 0, std::numeric_limits<long long>::max());
  const long long jobs = line.integerIn("jobs", 1, 256);
  const long long shrink = line.integerIn("shrink", 0, 1000000);
  options.shrinkAttempts = static_cast<int>(shrink);
  options.count = static_cast<std::uint64_t>(cases);
  options.seed = static_cast<std::uint64_t>(seed);
  options.jobs = static_cast<int>(jobs);

  // The output folder is checked before any work starts.
  const fs::path out = outputFolder(line, "out", "properties", OutputKind::Report, line.has("regenerate-report"));
  std::error_code error;
  fs::create_directories(out / "counterexamples", error);
  if (error) throw UsageError("cannot write in --out " + out.string() + ": " + error.message());

  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&start] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  // A progress line rewritten in place on a terminal; nothing when stderr is a file or a pipe.
  if (isatty(STDERR_FILENO)) {
    options.progress = [&elapsed](std::uint64_t done, std::uint64_t total) {
      std::fprintf(stderr, "\rproperties: %llu/%llu cases  %.0f s ", static_cast<unsigned long long>(done),
                   static_cast<unsigned long long>(total), elapsed());
    };
  }
  std::fprintf(stderr, "properties: %s%zu strategies x %zu properties x %zu families x %lld cases, seed %lld, %lld jobs\n",
               space ? "3D: " : "", options.strategies.size(), options.properties.size(), options.families.size(), cases, seed, jobs);
  const check::SurveyResult survey = check::runPropertySurvey(options);
  if (options.progress) std::fputc('\n', stderr);

  std::string command = "gjkcheck properties";
  if (space) command += " --dimension 3";
  if (line.given("strategies")) command += " --strategies " + line.value("strategies");
  if (line.given("properties")) command += " --properties " + line.value("properties");
  if (line.given("families")) command += " --families " + line.value("families");
  command += " --cases " + std::to_string(cases) + " --seed " + std::to_string(seed);
  if (line.given("shrink")) command += " --shrink " + std::to_string(shrink);
  if (line.has("regenerate-report")) command += " --regenerate-report";
  command += " --out " + out.string();

  std::string csv = "strategy,property,family,applies,cases,violations,first_violation\n";
  for (std::size_t s = 0; s < options.strategies.size(); ++s) {
    for (std::size_t p = 0; p < options.properties.size(); ++p) {
      for (std::size_t f = 0; f < options.families.size(); ++f) {
        const check::SurveyCell& cell = survey.cells[s][p][f];
        csv += options.strategies[s]->name + "," + options.properties[p] + "," + options.families[f] + "," +
               (cell.applies ? "1" : "0") + "," + std::to_string(cell.cases) + "," +
               std::to_string(cell.violations) + "," +
               (cell.firstViolation < 0 ? std::string("") : std::to_string(cell.firstViolation)) + "\n";
      }
    }
  }

  // The same title in 3D: tools/output_folders.cpp knows a properties report by it.
  std::string md = "# Properties of the strategies\n\nRegenerate with:\n\n```sh\n" + command + "\n```\n\n";
  md += "| | |\n|---|---|\n";
  if (space) md += "| dimension | 3: the 3D strategies on the 3D families, judged against the exact 3D answer |\n";
  md += "| seed | " + std::to_string(seed) + " |\n| cases per family | " + std::to_string(cases) +
        " |\n| commit | " + commitDescription() + " |\n| machine | " + machineDescription() + " |\n| date | " +
        today() + " |\n\n";
  md += "Each cell: `holds` when no case of any family violated the property, otherwise violations / cases "
        "over all families; `n/a` where the property does not apply. What each property claims, and which "
        "strategies' contracts claim it (those are also asserted by the test suite on every family): "
        "docs/properties.md. A violated pair's shrunk counterexample is "
        "`counterexamples/STRATEGY.PROPERTY.case`.\n\n";
  md += "| strategy |";
  for (const std::string& p : options.properties) md += " " + p + " |";
  md += "\n|---|";
  for (std::size_t p = 0; p < options.properties.size(); ++p) md += "---|";
  md += "\n";
  for (std::size_t s = 0; s < options.strategies.size(); ++s) {
    md += "| " + options.strategies[s]->name + " |";
    for (std::size_t p = 0; p < options.properties.size(); ++p) {
      check::SurveyCell all;
      all.applies = false;
      for (const check::SurveyCell& cell : survey.cells[s][p]) {
        all.applies = all.applies || cell.applies;
        all.cases += cell.cases;
        all.violations += cell.violations;
      }
      md += " " + cellText(all) + " |";
    }
    md += "\n";
  }
  if (space) {
    // Why a property does not apply, where it does not (the 2D report leaves this to docs/properties.md).
    std::string reasons;
    for (std::size_t p = 0; p < options.properties.size(); ++p) {
      const check::StrategyProperty& property = check::strategyProperty(options.properties[p]);
      for (const check::StrategyInfo* strategy : options.strategies) {
        const std::string why = property.notApplicable(*strategy);
        if (!why.empty()) reasons += "| " + strategy->name + " | " + property.name + " | " + why + " |\n";
      }
    }
    if (!reasons.empty()) {
      md += "\n## Not applicable\n\n| strategy | property | why |\n|---|---|---|\n" + reasons;
    }
  }
  md += "\n## Violations by family\n\nFor each violated (strategy, property): the families where it was violated, "
        "with counts.\n\n| strategy | property | families (violations / cases) | counterexample |\n|---|---|---|---|\n";
  for (const check::SurveyCounterexample& example : survey.counterexamples) {
    std::string families;
    for (std::size_t f = 0; f < options.families.size(); ++f) {
      const check::SurveyCell& cell = survey.cells[example.strategy][example.property][f];
      if (cell.violations == 0) continue;
      families += (families.empty() ? "" : ", ") + options.families[f] + " " + std::to_string(cell.violations) +
                  "/" + std::to_string(cell.cases);
    }
    const std::string file = check::counterexampleFileName(options.strategies[example.strategy]->name,
                                                           options.properties[example.property]);
    md += "| " + options.strategies[example.strategy]->name + " | " + options.properties[example.property] + " | " +
          families + " | [" + file + "](counterexamples/" + file + ") |\n";
  }

  // Counterexamples of an earlier run into the same folder are replaced, not mixed in.
  for (const auto& entry : fs::directory_iterator(out / "counterexamples")) {
    if (entry.path().extension() == ".case") fs::remove(entry.path());
  }
  for (const check::SurveyCounterexample& example : survey.counterexamples) {
    check::writeFileAtomically(out / "counterexamples" /
                                   check::counterexampleFileName(options.strategies[example.strategy]->name,
                                                                 options.properties[example.property]),
                               check::formatCase(example.value));
  }
  check::writeFileAtomically(out / "properties.csv", csv);
  check::writeFileAtomically(out / "README.md", md);
  std::fprintf(stderr, "properties: %zu violated pairs; wrote %s/README.md in %.1f s\n", survey.counterexamples.size(),
               out.string().c_str(), elapsed());
  return survey.counterexamples.empty() ? EXIT_ALL_OK : EXIT_VIOLATIONS;
}

}  // namespace gjk::tools
