#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "report/answer_format.h"
#include "report/query_report.h"
#include "report/case_picture.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "tools/repro_parts.h"
#include "verdict/exact_case.h"
#include "verdict/query_seam.h"
#include "verdict/strategy.h"
#include "verdict/thresholds.h"
#include "verdict/verdict.h"

namespace gjk::tools {

std::string pointText(check::Point p, const std::string& scalar) {
  return "(" + check::scalarDecimal(p.x, scalar) + ", " + check::scalarDecimal(p.y, scalar) + ")";
}

std::string pointText3(check::Point p, const std::string& scalar) {
  return "(" + check::scalarDecimal(p.x, scalar) + ", " + check::scalarDecimal(p.y, scalar) + ", " +
         check::scalarDecimal(p.z, scalar) + ")";
}

namespace {

// The step after the loop in one line: what the rule compared and what it did.
std::string postStepText(const check::TracePostStep& post, const std::string& s) {
  const std::string core = check::scalarDecimal(post.coreDistance, s);
  const std::string bound = check::scalarDecimal(post.bound, s);
  const std::string after = check::scalarDecimal(post.distance, s);
  std::string text;
  if (post.rule == "radii-applied") {
    text = "radius step: core distance " + core + " > rA + rB = " + bound + " -> radii subtracted, distance " + after;
  } else if (post.rule == "radii-overlap") {
    text = "radius step: core distance " + core + " <= rA + rB = " + bound + " -> the rounded shapes touch or " +
           "overlap, merged, distance " + after;
  } else if (post.rule == "epsilon-merge") {
    text = "radius step: core distance " + core + " <= epsilon = " + bound + " -> merged, distance " + after;
  } else if (post.rule == "small-core-distance") {
    text = "radius step: core distance " + core + " <= 0.1 linear slop = " + bound +
           " -> radii not applied, distance " + after;
  } else if (post.rule == "closest-feature-pair") {
    text = "final step: witness points from the closest pair of features, distance " + after;
  } else {
    text = post.rule + ": core distance " + core + " -> distance " + after;
  }
  if (!post.text.empty()) text += " (" + post.text + ")";
  return text;
}

}  // namespace

void printTrace(const check::StrategyInfo& strategy, const check::StrategyResult& result) {
  std::printf("\ntrace of %s (%zu steps; w = wB - wA is a point of the Minkowski difference)\n",
              strategy.name.c_str(), result.trace.size() + (result.tracePost.rule.empty() ? 0 : 1));
  if (result.trace.empty()) {
    std::printf("  this strategy records no trace\n");
    return;
  }
  const std::string& s = strategy.scalar;
  // A 3D trace has z; its direction is shown where a support was searched along it (2D: below a triangle, as
  // the loop stops on a containing triangle).
  const bool space = strategy.dimension == 3;
  auto text = [&](check::Point p) { return space ? pointText3(p, s) : pointText(p, s); };
  for (size_t i = 0; i < result.trace.size(); ++i) {
    const check::TraceRecord& step = result.trace[i];
    std::printf("  step %zu: simplex of %zu\n", i, step.simplex.size());
    for (const check::TraceVertex& v : step.simplex) {
      std::printf("    w %-*s a %-14s (A %d, B %d)\n", space ? 56 : 40, text(v.w).c_str(),
                  check::scalarDecimal(v.a, s).c_str(), v.indexA, v.indexB);
    }
    if (space ? step.hasSupport : step.simplex.size() < 3) {
      std::printf("    direction %s\n", text(step.direction).c_str());
    }
    if (step.hasSupport) {
      std::printf("    support w %s (A %d, B %d)\n", text(step.support.w).c_str(), step.support.indexA,
                  step.support.indexB);
    }
  }
  const std::string& loop = result.loopTermination.empty() ? result.termination : result.loopTermination;
  std::printf("  stopped by %s after %d iterations\n", loop.c_str(), result.iterations);
  if (!result.tracePost.rule.empty()) {
    std::printf("  step %zu, after the loop: %s\n", result.trace.size(), postStepText(result.tracePost, s).c_str());
  }
  if (result.termination != loop) {
    std::printf("  answer decided by %s (the rule after the loop changed the loop's answer)\n",
                result.termination.c_str());
  }
}

void writeOutput(const std::string& file, const std::string& text, const char* what, const std::string& name) {
  check::writeFileAtomically(file, text);  // std::runtime_error "cannot write FILE: ..."
  std::printf("\n%s of %s written to %s\n", what, name.c_str(), file.c_str());
}

namespace {

const CommandSpec SPEC = {
    "repro",
    "CASE",
    "one case file",
    "Everything about one case: the exact answer and the Minkowski hull, every strategy side by\n"
    "side with its errors in u and its verdict, and the iteration trace of the chosen strategy:\n"
    "each step's simplex, barycentric coordinates, search direction and support. The trace's last\n"
    "entry is the step after the loop (the radius step) and says when it decided the answer\n"
    "(docs/terminations.md). An external engine (a manifest's name, or plugin:PATH[#ENTRY]) shows its\n"
    "answer beside ours, and its trace when it gives one (docs/workers.md). A penetration strategy (epa, sat, ...; rapier2d answers both) shows its\n"
    "penetration answer judged by the penetration verdict (docs/verdict.md, Penetration), and the picture\n"
    "of a penetration-only strategy is captioned with that verdict.\n"
    "A 3D case (dimension 3) shows the exact 3D answer and every 3D strategy side by side (the distance\n"
    "strategies, then those of the penetration query: epa3, engines of queries penetration or both), then\n"
    "the trace of the chosen one (with z); --svg draws it in four views and M = B - A with the simplex\n"
    "path, --html writes a page where the reader turns it; the picture of a penetration answer shows the\n"
    "exact and reported depth along their normals and the penetration verdict (docs/cli.md).",
    {{"strategy", "NAME", "the strategy traced and drawn (a 3D case: a 3D strategy, default the first, vdb3)",
      "perp"},
     {"svg", "FILE",
      "also draw the case for the chosen strategy into FILE (SVG, written atomically):\n"
      "the shapes with their exact closest points and the reported witness points pA, pB;\n"
      "the exact Minkowski difference B - A with the origin, its exact closest point, the\n"
      "simplex, search direction and support point of every step, and pB - pA; a zoomed\n"
      "inset when the distance, the error or a short edge is tiny next to the shapes;\n"
      "the numbers and the verdict. A 3D case: top, front, side and oblique views of both\n"
      "shapes with the exact closest points and pA, pB, an oblique view of M = B - A with\n"
      "the origin, the exact closest point, pB - pA and the simplex path (the closest\n"
      "point v of each step's simplex joined in order, the final simplex's edges) of a\n"
      "strategy that records a trace (vdb3, jolt-gjk, robust3 and its ablations); of a\n"
      "penetration answer (--query), the contact points pA, pB and, in M's view centred on\n"
      "the origin, the exact -depth* n* and reported -depth n with the normals' arrows"},
     {"html", "FILE",
      "a 3D case only: write one self-contained HTML page (three.js inline, no network) with\n"
      "the same geometry and text, turned with the mouse; three.js comes from report/viewer\n"
      "(`npm ci` there, which scripts/bootstrap runs)"},
     {"query", "distance|penetration",
      "a 3D case only: the answer the pictures draw and caption, distance or penetration\n"
      "(epa3, an engine of queries penetration, or of both when asked); a 2D picture draws\n"
      "every answer of its strategy",
      "", "the strategy's own; distance for an engine of both"}},
    "",
    "Exit code 1 when any strategy's answer is a violation, 2 when the case does not read, FILE\n"
    "cannot be written or three.js is not installed (--html).",
};

// The answer line and verdict of every query other than distance that `strategy` answers (penetration, ...;
// verdict/query_seam.h, report/query_report.h); the number of violations among them.
int printOtherAnswers(const check::Case& value, const oracle::ExactAnswer& exact, const check::StrategyInfo& strategy,
                      const check::StrategyResult& result) {
  int violations = 0;
  for (const check::Query* query : check::queriesOf(strategy)) {
    const check::QueryReport* report = check::queryReport(*query);
    if (report == nullptr) continue;
    const check::QueryVerdict verdict = query->judge(value, exact, *query->prepare(value, exact), result, strategy);
    violations += verdict.violation;
    std::printf("%s\n", report->answerLine(strategy.name, strategy, result, verdict).c_str());
  }
  return violations;
}

}  // namespace

int reproCommand(int argc, char** argv, int first) {
  CommandLine line = parseCommandLine(argc, argv, first, SPEC);
  if (line.has("help")) return EXIT_ALL_OK;
  if (line.positional.size() != 1) {
    throw UsageError("repro takes exactly one case file");
  }
  check::Case read = check::readCaseFile(line.positional[0]);
  if (read.dimension == 3) return repro3(line, read);
  if (line.given("html")) {
    throw UsageError("--html draws 3D cases only; " + read.source + " is a 2D case (--svg draws it)");
  }
  if (line.given("query")) {
    throw UsageError("--query chooses the answer of a 3D picture; " + read.source +
                     " is a 2D case, whose picture draws every answer of its strategy");
  }
  const check::StrategyInfo* traced = nullptr;
  try {
    traced = check::findStrategy(line.value("strategy"));
  } catch (const std::invalid_argument& error) {
    throw UsageError(error.what());  // a plugin that cannot be loaded
  }
  if (traced == nullptr) {
    throw UsageError("unknown strategy '" + line.value("strategy") + "'");
  }
  if (!traced->install.empty()) {
    throw UsageError("strategy '" + traced->name + "' is not installed: " + traced->install);
  }
  check::Case value = check::requirePlanarCase(read, "this command");
  oracle::ExactAnswer exact = check::solveExactly(value);

  std::printf("case %s\n", value.source.c_str());
  for (const check::MetaEntry& entry : value.meta) {
    std::printf("  meta.%s %s\n", entry.key.c_str(), entry.value.c_str());
  }
  std::printf("\nexact answer (oracle)\n  relation          %s\n  distance          %s\n"
              "  core distance^2   %s\n  closest point     (%s, %s)\n  radius r          %s\n"
              "  scale S           %s   (u = S * 2^-24, threshold T = %g u)\n",
              oracle::relationName(exact.relation), oracle::distanceDecimal(exact).c_str(),
              oracle::rationalString(exact.coreDistanceSquared).c_str(),
              oracle::decimalString(exact.closestPoint.x).c_str(), oracle::decimalString(exact.closestPoint.y).c_str(),
              oracle::decimalString(exact.radius).c_str(), oracle::decimalString(exact.scale).c_str(),
              check::VIOLATION_THRESHOLD_U);
  std::printf("  Minkowski difference hull (%zu vertices, counter-clockwise)\n", exact.minkowskiHull.size());
  for (const oracle::ExactPoint& p : exact.minkowskiHull) {
    std::printf("    (%s, %s)\n", oracle::decimalString(p.x, 12).c_str(), oracle::decimalString(p.y, 12).c_str());
  }
  std::fputs(check::exactTexts(value, exact).c_str(), stdout);  // every other query's exact answer (penetration, ...)

  std::printf("\n%-12s %-14s %10s %10s %10s %5s %-18s %s\n", "strategy", "distance", "err u", "wit u", "gap u",
              "iters", "termination", "verdict");
  int violations = 0;
  bool tracedRan = false;
  check::StrategyResult tracedResult;
  check::Verdict tracedVerdict;
  for (const check::StrategyInfo& strategy : check::strategies()) {
    check::StrategyResult result = strategy.run(value, {.trace = &strategy == traced});
    violations += printOtherAnswers(value, exact, strategy, result);
    if (!check::answersDistance(strategy.query)) continue;
    check::Verdict verdict = check::judge(value, exact, result, strategy);
    violations += verdict.violation;
    std::printf("%-12s %-14s %10.3g %10.3g %10.3g %5d %-18s %s\n", strategy.name.c_str(),
                check::scalarDecimal(result.distance, strategy.scalar).c_str(), verdict.distanceErrorU,
                verdict.witnessErrorU, verdict.witnessGapU, result.iterations, result.termination.c_str(),
                check::reasonList(verdict).c_str());
    if (&strategy == traced) {
      tracedRan = true;
      tracedResult = result;
      tracedVerdict = verdict;
    }
  }
  if (!tracedRan) {
    // A modified strategy (perp+local, ...), a penetration strategy or an external engine is not in the
    // side-by-side table: run it for its trace, or for its answer beside ours. An answer to another query
    // (penetration, ...) is judged by that query's verdict; a distance answer, when the strategy gives one, by
    // the distance verdict.
    tracedResult = traced->run(value, {.trace = true});  // an external engine traces when its worker can
    violations += printOtherAnswers(value, exact, *traced, tracedResult);
    if (check::answersDistance(traced->query)) {
      tracedVerdict = check::judge(value, exact, tracedResult, *traced);
    }
    if (traced->external && check::answersDistance(traced->query)) {
      violations += tracedVerdict.violation;
      std::printf("%-12s %-14s %10.3g %10.3g %10.3g %5d %-18s %s\n", traced->name.c_str(),
                  check::scalarDecimal(tracedResult.distance, traced->scalar).c_str(), tracedVerdict.distanceErrorU,
                  tracedVerdict.witnessErrorU, tracedVerdict.witnessGapU, tracedResult.iterations,
                  tracedResult.termination.c_str(), check::reasonList(tracedVerdict).c_str());
    }
    if (traced->external) {
      std::printf("  %s: external engine, %s, version %s\n", traced->name.c_str(), traced->description.c_str(),
                  traced->version.c_str());
      if (check::answersDistance(traced->query)) {
        std::printf("  witness points %s %s\n", pointText(tracedResult.pointA, traced->scalar).c_str(),
                    pointText(tracedResult.pointB, traced->scalar).c_str());
      }
      if (tracedResult.failure != check::EngineFailure::None) {
        std::printf("  %s: %s\n", check::engineFailureName(tracedResult.failure), tracedResult.failureDetail.c_str());
      }
    }
  }
  if (traced->external && tracedResult.trace.empty()) {
    std::printf("\nno trace: %s runs in another process and gives its answer only (a plugin shows its steps when "
                "it exports gjkcheck_plugin_traced_distance, docs/workers.md)\n",
                traced->name.c_str());
  } else {
    printTrace(*traced, tracedResult);
  }
  if (line.given("svg")) {
    const std::string file = line.value("svg");
    try {
      check::writeFileAtomically(file, check::renderCasePicture(value, exact, *traced, tracedResult, tracedVerdict));
    } catch (const std::runtime_error& error) {
      std::fprintf(stderr, "gjkcheck repro: %s\n", error.what());  // "cannot write FILE: ..."
      return EXIT_BAD_INPUT;
    }
    std::printf("\npicture of %s written to %s\n", traced->name.c_str(), file.c_str());
  }
  return violations ? EXIT_VIOLATIONS : EXIT_ALL_OK;
}

}  // namespace gjk::tools
