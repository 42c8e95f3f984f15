#include <algorithm>
#include <cstdio>
#include <limits>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "case/case.h"
#include "families/families.h"
#include "tools/command_line.h"
#include "tools/commands.h"

namespace gjk::tools {

namespace {

CommandSpec spec() {
  std::string families;
  for (const std::string& name : check::familyNames()) families += " " + name;
  families += "\noverlap group (--family overlap, for penetration strategies):";
  for (const std::string& name : check::overlapFamilyNames()) families += " " + name;
  families += "\ncast group (--family cast, cast cases: b.translation):";
  for (const std::string& name : check::castFamilyNames()) families += " " + name;
  families += "\nrotating cast group (cast cases where B also turns: b.angular):";
  for (const std::string& name : check::rotatingCastFamilyNames()) families += " " + name;
  families += "\n3D families (--dimension 3; all names them all):";
  for (const std::string& name : check::familyNames3()) families += " " + name;
  return {
      "gen",
      "",
      "",
      "Writes N generated cases of family F to DIR/F-<index>.case: cases I .. I+N-1 of the\n"
      "stream <seed>, the same bit for bit on every machine (families/families.h). Files are written\n"
      "atomically. A row of a comparison report's rows.csv (family, index) is the case\n"
      "`gen --family F --seed K --first INDEX --count 1`.",
      {{"family", "F",
        "a family below, all (the distance families; with --dimension 3 the 3D families), overlap or cast (a group)",
        "", "", true},
       {"count", "N", "cases per family, 1..1000000", "", "", true},
       {"dimension", "D", "2 (cases in the plane) or 3 (3D cases, dimension 3: the 3D families)", "2"},
       {"seed", "K", "the seed of the case stream", "1"},
       {"first", "I", "the index of the first case", "0"},
       {"out", "DIR",
        "the folder of the cases: new, empty or holding only .case files;\n"
        "never in the repository's corpus/ or reports/ (docs/cli.md)",
        "", "", true}},
      "families:" + families,
      "Exit code 0, 2 for bad usage.",
  };
}

// `gen --dimension 3`: the 3D families (families.h, familyNames3), `all` naming them all.
int gen3(const CommandLine& line, const std::string& family, long long count, long long seed, long long firstIndex) {
  const std::vector<std::string> families = family == "all" ? check::familyNames3() : std::vector<std::string>{family};
  try {
    for (const std::string& name : families) check::checkFamilyName3(name);
  } catch (const std::invalid_argument&) {
    throw UsageError("unknown 3D family '" + family.substr(0, 40) + "'");
  }
  const std::filesystem::path out = outputFolder(line, "out", "gen", OutputKind::Cases);
  for (const std::string& name : families) {
    for (long long k = 0; k < count; ++k) {
      const long long i = firstIndex + k;
      check::Case value = check::sampleFamily3(name, static_cast<std::uint64_t>(seed), static_cast<std::uint64_t>(i));
      value.setMeta("found-by", "gjkcheck gen --dimension 3 --family " + name + " --seed " + std::to_string(seed) +
                                    " index " + std::to_string(i));
      check::writeFileAtomically(out / (name + "-" + std::to_string(i) + ".case"), check::formatCase(value));
    }
  }
  std::printf("wrote %lld 3D cases to %s (seed %lld)\n", count * static_cast<long long>(families.size()),
              out.string().c_str(), seed);
  return EXIT_ALL_OK;
}

}  // namespace

int genCommand(int argc, char** argv, int first) {
  CommandLine line = parseCommandLine(argc, argv, first, spec());
  if (line.has("help")) return EXIT_ALL_OK;
  // At most a million files a run; the case index is a 63-bit number, and so is the last one written.
  const long long count = line.integerIn("count", 1, 1000000);
  const long long seed = line.integerIn("seed", 0, std::numeric_limits<long long>::max());
  const long long firstIndex = line.integerIn("first", 0, std::numeric_limits<long long>::max() - count + 1);
  const long long dimension = line.integerIn("dimension", 2, 3);
  std::string family = line.value("family");
  if (dimension == 3) return gen3(line, family, count, seed, firstIndex);
  std::vector<std::string> families = family == "all"       ? check::familyNames()
                                      : family == "overlap" ? check::overlapFamilyNames()
                                      : family == "cast"    ? check::castFamilyNames()
                                                            : std::vector<std::string>{family};
  for (const std::string& name : families) {
    const std::vector<std::string> known = check::familyNames();
    if (std::find(known.begin(), known.end(), name) == known.end() && !check::isOverlapFamily(name) &&
        !check::isCastFamily(name)) {
      throw UsageError("unknown family '" + name.substr(0, 40) + "'");
    }
  }
  const std::filesystem::path out = outputFolder(line, "out", "gen", OutputKind::Cases);
  for (const std::string& name : families) {
    for (long long k = 0; k < count; ++k) {
      const long long i = firstIndex + k;  // no overflow: firstIndex <= LLONG_MAX - count + 1
      check::Case value;
      try {
        value = check::sampleFamily(name, static_cast<std::uint64_t>(seed), static_cast<std::uint64_t>(i));
      } catch (const std::invalid_argument& error) {
        throw UsageError(error.what());
      }
      value.setMeta("found-by", "gjkcheck gen --family " + name + " --seed " + std::to_string(seed) + " index " +
                                    std::to_string(i));
      check::writeFileAtomically(out / (name + "-" + std::to_string(i) + ".case"), check::formatCase(value));
    }
  }
  std::printf("wrote %lld cases to %s (seed %lld)\n", count * static_cast<long long>(families.size()),
              out.string().c_str(), seed);
  return EXIT_ALL_OK;
}

}  // namespace gjk::tools
