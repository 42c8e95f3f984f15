#include <cstdio>

#include "report/json.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "verdict/cast_engine_strategies.h"
#include "verdict/cast_strategies.h"
#include "verdict/strategy.h"

namespace gjk::tools {

namespace {

const CommandSpec SPEC = {
    "strategies",
    "",
    "",
    "Lists every strategy the harness can run: name, scalar, iteration cap, contact convention\n"
    "(on-shapes: each witness point on its own shape; merged: one point for both on contact), description.\n"
    "Sources, constants and stop rules of each: docs/strategies.md.\n"
    "Any name can be given to run --strategy and repro --strategy. The penetration, 3D (dimension 3: they\n"
    "take 3D cases only) and cast strategies follow in their own lists.\n\n"
    "External engines follow, one per manifest (adapters/<name>/manifest, or under GJKCHECK_ADAPTERS):\n"
    "name, scalar, contact, query kind (then 3d for an engine of 3D cases, dimension 3), state (ready, or\n"
    "not installed: the command that installs it), version. A C plugin is named plugin:PATH or\n"
    "plugin:PATH#ENTRY (docs/workers.md).",
    {{"json", "", "one object per strategy"}},
    "",
    "Exit code 0.",
};

}  // namespace

int strategiesCommand(int argc, char** argv, int first) {
  CommandLine line = parseCommandLine(argc, argv, first, SPEC);
  if (line.has("help")) return EXIT_ALL_OK;
  auto builtIn = [&line](const check::StrategyInfo& info) {
    if (line.has("json")) {
      check::JsonObject object;
      object.add("name", info.name).add("scalar", info.scalar).add("max_iterations", info.maxIterations)
          .add("contact", check::contactConventionName(info.contact)).add("description", info.description)
          .add("query", check::queryKindName(info.query)).add("dimension", info.dimension);
      std::puts(object.str().c_str());
    } else {
      std::printf("%-15s %-6s cap %-4d %-9s %s\n", info.name.c_str(), info.scalar.c_str(), info.maxIterations,
                  check::contactConventionName(info.contact), info.description.c_str());
    }
  };
  for (const check::StrategyInfo& info : check::strategies()) builtIn(info);
  // Penetration strategies (issue 13): overlap depth and normal, judged on the overlap families.
  if (!line.has("json")) {
    std::printf("\npenetration strategies (query penetration: depth and normal; --strategy penetration runs "
                "them):\n");
  }
  for (const check::StrategyInfo& info : check::penetrationStrategies()) builtIn(info);
  // 3D strategies (issue 23): the distance query on 3D cases (dimension 3), judged on the 3D families.
  if (!line.has("json")) {
    std::printf("\n3D strategies (the distance query on 3D cases; --strategy 3d runs them, compare --dimension 3 "
                "compares them):\n");
  }
  for (const check::StrategyInfo& info : check::strategies3()) builtIn(info);
  if (!line.has("json")) {
    std::printf("\n3D penetration strategies (query penetration on 3D cases: depth and normal; run --strategy "
                "NAME):\n");
  }
  for (const check::StrategyInfo& info : check::penetrationStrategies3()) builtIn(info);
  // Cast strategies (issue 22): the first contact of B moving by t r, judged on the cast families against the
  // band each declares.
  auto cast = [&line](const check::StrategyInfo& info) {
    if (line.has("json")) {
      check::JsonObject object;
      object.add("name", info.name).add("scalar", info.scalar).add("max_iterations", info.maxIterations)
          .add("description", info.description).add("query", check::queryKindName(info.query))
          .add("cast_band", info.castBandText)
          .add("cast_initial_overlap", info.castInitialOverlap == check::CastInitialOverlap::Miss ? "miss" : "hit");
      std::puts(object.str().c_str());
    } else {
      std::printf("%-18s %-6s cap %-3d %s\n  band: %s%s\n", info.name.c_str(), info.scalar.c_str(),
                  info.maxIterations, info.description.c_str(), info.castBandText.c_str(),
                  info.castInitialOverlap == check::CastInitialOverlap::Miss
                      ? "; no hit on an initial overlap (documented)"
                      : "");
    }
  };
  if (!line.has("json")) {
    std::printf("\ncast strategies (query cast: the first contact of B moved by t r; --strategy cast runs them):\n");
  }
  for (const check::StrategyInfo& info : check::castStrategies()) cast(info);
  for (const check::StrategyInfo& info : check::castEngineStrategies()) cast(info);
  // External engines (docs/workers.md): one per manifest under the adapters folder, ready or not installed.
  const std::vector<check::StrategyInfo>& external = check::externalStrategies();
  if (!line.has("json") && !external.empty()) {
    std::printf("\nexternal engines (adapters/*/manifest; GJKCHECK_ADAPTERS to look elsewhere):\n");
  }
  for (const check::StrategyInfo& info : external) {
    std::string state = info.install.empty() ? "ready" : "not installed: " + info.install;
    if (line.has("json")) {
      check::JsonObject object;
      object.add("name", info.name).add("scalar", info.scalar).add("max_iterations", info.maxIterations)
          .add("contact", check::contactConventionName(info.contact)).add("description", info.description)
          .add("query", check::queryKindName(info.query)).add("external", true).add("version", info.version)
          .add("state", state).add("dimension", info.dimension);
      if (check::answersCast(info.query)) object.add("cast_band", info.castBandText);
      std::puts(object.str().c_str());
    } else {
      // A 3D engine (its manifest's dimension 3) says so after its query: it takes 3D cases only.
      const std::string query = std::string(check::queryKindName(info.query)) + (info.dimension == 3 ? " 3d" : "");
      std::printf("%-14s %-6s %-9s %-11s %s\n  version %s\n  %s\n", info.name.c_str(), info.scalar.c_str(),
                  check::contactConventionName(info.contact), query.c_str(), state.c_str(), info.version.c_str(),
                  info.description.c_str());
      if (check::answersCast(info.query)) std::printf("  band: %s\n", info.castBandText.c_str());
    }
  }
  if (!line.has("json")) {
    std::string floats;
    for (const check::StrategyInfo& info : check::modifiedStrategies()) {
      std::string base = info.name.substr(0, info.name.find('+'));
      if (floats.find(" " + base + " ") == std::string::npos) floats += " " + base + " ";
    }
    std::printf("\nplugins: plugin:PATH[#ENTRY] runs a C plugin (include/gjkcheck/strategy.h; docs/workers.md)\n");
    std::printf("\nmodifiers +local (in A's frame), +scaled (by 2^-k to unit size) and +local+scaled combine with:\n "
                "%s\n\nsources, constants and stop rules: docs/strategies.md\n",
                floats.c_str());
  }
  return EXIT_ALL_OK;
}

}  // namespace gjk::tools
