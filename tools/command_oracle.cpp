#include <cstdio>

#include "report/answer_format.h"
#include "report/exact3_format.h"
#include "report/query_report.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "tools/load_cases_3d.h"
#include "verdict/exact_case.h"
#include "verdict/exact_case3.h"

namespace gjk::tools {

namespace {

const CommandSpec SPEC = {
    "oracle",
    "CASE...",
    "case files, or folders searched recursively for *.case",
    "The exact answer of each case, from the explicit Minkowski difference and its exact hull:\n"
    "relation (separated, touching, overlapping), distance max(0, d0 - r) to 40 significant digits,\n"
    "the exact squared core distance d0^2 as p/q, the exact closest point of M to the origin, and\n"
    "the scale S of the error unit u = S * 2^-24. For touching and overlapping cases also the exact\n"
    "penetration depth (how far B must move to touch A) and the set of minimal normals (unit, from A\n"
    "towards B; an arc of them when the contact is at a vertex of the Minkowski difference).\n"
    "A 3D case (dimension 3) gets the same lines with points (x, y, z), from the exact 3D hull; its\n"
    "penetration part is the depth and one minimal normal: the nearest face's when the origin is\n"
    "inside M, the closest point's direction when the cores are apart, none when the origin is on\n"
    "the boundary of M (a cone of normals there, not computed).",
    {{"json", "",
      "one object per case: case, relation, distance, core_distance_squared,\n"
      "closest_point, scale; touching and overlapping cases add penetration_depth (decimal\n"
      "string), normal (list of [x, y] decimal strings) and normal_arcs (list of\n"
      "{from, to}, counter-clockwise); for a 3D case points are [x, y, z], normal has\n"
      "one or no entry and there is no normal_arcs"}},
    "A case file that does not read is reported (file:line: message, one line per file, on stderr) and\n"
    "the others are answered; the exit code is then 2.",
    "Exit code 0 (the oracle judges nothing), 2 when a case file does not read.",
};

}  // namespace

int oracleCommand(int argc, char** argv, int first) {
  CommandLine line = parseCommandLine(argc, argv, first, SPEC);
  if (line.has("help")) return EXIT_ALL_OK;
  int bad = 0;
  for (const check::Case& value : loadCasesOfEitherDimension(line.positional, bad)) {
    if (value.dimension == 3) {
      const oracle::ExactAnswer3 exact = check::solveExactly3(value);
      std::fputs((line.has("json") ? check::exactJson3(value.source, exact) + "\n"
                                   : check::exactText3(value.source, exact)).c_str(),
                 stdout);
      continue;
    }
    oracle::ExactAnswer exact = check::solveExactly(value);
    if (line.has("json")) {
      std::puts(check::exactJson(value.source, value, exact).c_str());
      continue;
    }
    std::printf("%s\n  relation          %s\n  distance          %s\n  core distance^2   %s\n"
                "  closest point     (%s, %s)\n  scale S           %s\n",
                value.source.c_str(), oracle::relationName(exact.relation),
                oracle::distanceDecimal(exact).c_str(), oracle::rationalString(exact.coreDistanceSquared).c_str(),
                oracle::decimalString(exact.closestPoint.x).c_str(),
                oracle::decimalString(exact.closestPoint.y).c_str(), oracle::decimalString(exact.scale).c_str());
    std::fputs(check::exactTexts(value, exact).c_str(), stdout);
  }
  return bad ? EXIT_BAD_INPUT : EXIT_ALL_OK;
}

}  // namespace gjk::tools
