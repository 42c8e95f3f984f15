#include <cstdio>

#include "report/json.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "verdict/strategy.h"

namespace gjk::tools {

int strategiesCommand(int argc, char** argv, int first) {
  CommandLine line = parseCommandLine(argc, argv, first, {}, {"json"});
  if (line.has("help")) {
    std::puts(
        "usage: gjkcheck strategies [--json]\n\n"
        "Lists every strategy the harness can run: name, scalar, iteration cap, contact convention\n"
        "(on-shapes: each witness point on its own shape; merged: one point for both on contact), description.\n"
        "Sources, constants and stop rules of each: docs/strategies.md.\n"
        "Any name can be given to run --strategy and repro --strategy.");
    return EXIT_ALL_OK;
  }
  if (!line.positional.empty()) {
    throw UsageError("strategies takes no arguments");
  }
  for (const check::StrategyInfo& info : check::strategies()) {
    if (line.has("json")) {
      check::JsonObject object;
      object.add("name", info.name).add("scalar", info.scalar).add("max_iterations", info.maxIterations)
          .add("contact", check::contactConventionName(info.contact)).add("description", info.description);
      std::puts(object.str().c_str());
    } else {
      std::printf("%-14s %-6s cap %-3d %-9s %s\n", info.name.c_str(), info.scalar.c_str(), info.maxIterations,
                  check::contactConventionName(info.contact), info.description.c_str());
    }
  }
  if (!line.has("json")) {
    std::string floats;
    for (const check::StrategyInfo& info : check::modifiedStrategies()) {
      std::string base = info.name.substr(0, info.name.find('+'));
      if (floats.find(" " + base + " ") == std::string::npos) floats += " " + base + " ";
    }
    std::printf("\nmodifiers +local (in A's frame), +scaled (by 2^-k to unit size) and +local+scaled combine with:\n "
                "%s\n\nsources, constants and stop rules: docs/strategies.md\n",
                floats.c_str());
  }
  return EXIT_ALL_OK;
}

}  // namespace gjk::tools
