#include <cstdio>
#include <stdexcept>
#include <string>

#include "report/answer_format.h"
#include "report/penetration_format.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "verdict/exact_case.h"
#include "verdict/penetration_verdict.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace gjk::tools {
namespace {

std::string indented(const std::string& text) {
  std::string out = "    | ";
  for (std::size_t k = 0; k < text.size(); ++k) {
    out += text[k];
    if (text[k] == '\n' && k + 1 < text.size()) out += "    | ";
  }
  while (!out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

}  // namespace

int runCommand(int argc, char** argv, int first) {
  CommandLine line = parseCommandLine(argc, argv, first, {"strategy"}, {"json"});
  if (line.has("help")) {
    std::puts(
        "usage: gjkcheck run CASE... --strategy NAME|all [--json]\n\n"
        "Runs each strategy on each case (cold start) and judges its answer against the exact one\n"
        "(design §5): errors in units u = S * 2^-24, and a violation when an error exceeds the\n"
        "threshold T of verdict/thresholds.h, the answer is not finite, or the loop hit its cap.\n\n"
        "--strategy NAME|all   a name from `gjkcheck strategies`, all (the built-in distance strategies;\n"
        "                      default) or penetration (the built-in penetration strategies)\n"
        "--json                one object per case and strategy: case, strategy, distance, point_a,\n"
        "                      point_b, iterations, termination, distance_error_u, witness_error_u,\n"
        "                      verdict, reasons, exact; failure and failure_detail when an external\n"
        "                      engine gave no answer (crash, hang, protocol, refused);\n"
        "                      a penetration strategy (query penetration or both) adds query and a penetration object: overlapping, depth, normal,\n"
        "                      point_a, point_b, depth_error_u, normal_error_u, contact_error_u,\n"
        "                      verdict, reasons (docs/verdict.md, Penetration)\n\n"
        "Exit code 1 when any answer is a violation.");
    return EXIT_ALL_OK;
  }
  std::vector<const check::StrategyInfo*> selected;
  try {
    selected = check::selectStrategies(line.value("strategy", "all"));
  } catch (const std::invalid_argument& error) {
    throw UsageError(error.what());
  }
  std::vector<check::Case> cases = loadCases(line.positional);
  int violations = 0;
  int refused = 0;
  if (!line.has("json")) {
    std::printf("%-44s %-12s %-14s %9s %9s %5s %-18s %s\n", "case", "strategy", "distance", "err u", "wit u",
                "iters", "termination", "verdict");
  }
  for (const check::Case& value : cases) {
    oracle::ExactAnswer exact = check::solveExactly(value);
    std::string exactObject = line.has("json") ? check::exactJson(value.source, exact) : "";
    for (const check::StrategyInfo* strategy : selected) {
      check::StrategyResult result = strategy->run(value, {});
      const bool distance = check::answersDistance(strategy->query);
      check::Verdict verdict = distance ? check::judge(value, exact, result, *strategy) : check::Verdict{};
      violations += verdict.violation;
      refused += verdict.refused;
      if (check::answersPenetration(strategy->query)) {  // issue 13: the penetration answer and its verdict
        const check::PenetrationVerdict penetration = check::judgePenetration(value, exact, result, *strategy);
        violations += penetration.violation && !verdict.violation;
        if (line.has("json")) {
          std::puts(check::runJsonWithPenetration(
                        value.source, *strategy, check::resultJson(value.source, *strategy, result, verdict, exactObject),
                        check::penetrationResultJson(*strategy, result, penetration), exactObject)
                        .c_str());
        } else {
          std::puts(check::penetrationRunLine(value.source, *strategy, result, penetration).c_str());
        }
        if (!distance || line.has("json")) continue;
      }
      if (line.has("json")) {
        std::puts(check::resultJson(value.source, *strategy, result, verdict, exactObject).c_str());
      } else {
        std::printf("%-44s %-12s %-14s %9.3g %9.3g %5d %-18s %s\n", value.source.c_str(), strategy->name.c_str(),
                    check::scalarDecimal(result.distance, strategy->scalar).c_str(), verdict.distanceErrorU,
                    verdict.witnessErrorU, result.iterations, result.termination.c_str(),
                    verdict.violation ? ("violation: " + check::reasonList(verdict)).c_str()
                                      : check::reasonList(verdict).c_str());
        if (result.failure != check::EngineFailure::None) {
          // An external engine that gave no answer: what it said (its stderr tail, or the refusal's reason).
          std::printf("%s\n", indented(result.failureDetail).c_str());
        }
      }
    }
  }
  if (!line.has("json")) {
    std::printf("%zu cases x %zu strategies: %d violations%s\n", cases.size(), selected.size(), violations,
                refused ? (", " + std::to_string(refused) + " refused").c_str() : "");
  }
  return violations ? EXIT_VIOLATIONS : EXIT_ALL_OK;
}

}  // namespace gjk::tools
