// `gjkcheck repro CASE3D` (tools/repro_parts.h): the exact 3D answer, every 3D strategy side by side in one table
// (its distance rows, then its penetration rows), the trace of the chosen strategy and its pictures.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "report/answer_format.h"
#include "report/case_picture3.h"
#include "report/exact3_format.h"
#include "tools/commands.h"
#include "tools/repro_parts.h"
#include "verdict/exact_case3.h"
#include "verdict/penetration_verdict3.h"
#include "verdict/query_seam.h"
#include "verdict/strategy.h"
#include "verdict/verdict3.h"

namespace gjk::tools {
namespace {

// The columns of both kinds of row: strategy, answer, three errors in u, iterations, termination, verdict.
constexpr const char* ROW = "%-12s %-14s %10s %10s %10s %5s %-18s %s\n";
// The second line of a row: under the answer, the reported points.
constexpr const char* BELOW = "  %-10s %s\n";

std::string numberText(double value) {
  if (std::isnan(value)) return "-";  // nothing measured (a claimed separation, a failure)
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

// The chosen strategy: one of the rows by name, else any 3D strategy found by name (robust3's ablations, an
// external engine of dimension 3), which joins the rows, last. Without --strategy, the first row (vdb3).
const check::StrategyInfo* chooseStrategy(const CommandLine& line, const check::Case& value,
                                          std::vector<const check::StrategyInfo*>& rows) {
  if (!line.given("strategy")) return rows.empty() ? nullptr : rows.front();
  const std::string name = line.value("strategy");
  for (const check::StrategyInfo* info : rows) {
    if (info->name == name) return info;
  }
  const check::StrategyInfo* found = nullptr;
  try {
    found = check::findStrategy(name);
    if (found != nullptr && found->external) found = check::selectStrategies(name).front();
  } catch (const std::invalid_argument& error) {
    throw UsageError(error.what());  // a plugin that does not load, an engine not installed
  }
  if (found != nullptr && found->dimension == 3) {
    rows.push_back(found);
    return found;
  }
  std::string names;
  for (const check::StrategyInfo* info : rows) names += (names.empty() ? "" : ", ") + info->name;
  throw UsageError("'" + name + "' is not a 3D strategy; " + value.source + " is a 3D case (dimension 3): the 3D " +
                   "strategies are " + names + ", robust3's ablations and the external engines of dimension 3");
}

// The query the pictures draw: --query, else the strategy's own (distance for an engine of both).
check::QueryKind drawnQuery(const CommandLine& line, const check::StrategyInfo& chosen) {
  if (!line.given("query")) {
    return check::answersDistance(chosen.query) ? check::QueryKind::Distance : check::QueryKind::Penetration;
  }
  const std::string query = line.value("query");
  if (query != "distance" && query != "penetration") {
    throw UsageError("--query of a 3D case is distance or penetration, not '" + query + "'");
  }
  const bool penetration = query == "penetration";
  if (penetration ? !check::answersPenetration(chosen.query) : !check::answersDistance(chosen.query)) {
    throw UsageError("strategy '" + chosen.name + "' answers no " + query + " query (it answers " +
                     check::queryKindName(chosen.query) + ")");
  }
  return penetration ? check::QueryKind::Penetration : check::QueryKind::Distance;
}

struct Row {
  const check::StrategyInfo* strategy = nullptr;
  check::StrategyResult result;
  check::Verdict distance;          // when it answers distance
  check::QueryVerdict penetration;  // when it answers penetration
};

void printDistanceRow(const Row& row) {
  const check::StrategyInfo& strategy = *row.strategy;
  const check::Verdict& verdict = row.distance;
  std::printf("%-12s %-14s %10.3g %10.3g %10.3g %5d %-18s %s\n", strategy.name.c_str(),
              check::scalarDecimal(row.result.distance, strategy.scalar).c_str(), verdict.distanceErrorU,
              verdict.witnessErrorU, verdict.witnessGapU, row.result.iterations, row.result.termination.c_str(),
              check::reasonList(verdict).c_str());
  std::printf("  %-10s pA %s  pB %s\n", "", pointText3(row.result.pointA, strategy.scalar).c_str(),
              pointText3(row.result.pointB, strategy.scalar).c_str());
  if (row.result.failure != check::EngineFailure::None) {
    std::printf(BELOW, "", (std::string(check::engineFailureName(row.result.failure)) + ": " +
                            row.result.failureDetail).c_str());
  }
}

// A penetration row. Its iterations and termination are the strategy's only when it answers penetration alone
// (an engine of both reports those of its distance query) and it gives them (an engine may give neither: "-").
void printPenetrationRow(const Row& row) {
  const check::StrategyInfo& strategy = *row.strategy;
  const check::PenetrationAnswer& p = row.result.penetration;
  const check::QueryVerdict& verdict = row.penetration;
  const std::string answer = p.failure != check::EngineFailure::None ? check::engineFailureName(p.failure)
                             : !p.answered                           ? "no answer"
                             : !p.overlapping                        ? "separated"
                                                                     : check::scalarDecimal(p.depth, strategy.scalar);
  const bool own = !check::answersDistance(strategy.query) && !row.result.termination.empty();
  const std::string outcome = verdict.failure == check::EngineFailure::Refused ? "refused"
                              : !verdict.judged && verdict.failure == check::EngineFailure::None
                                  ? "not judged"
                                  : check::penetrationQuery().reasonList(verdict);
  std::printf(ROW, strategy.name.c_str(), answer.c_str(),
              numberText(verdict.measures[check::PENETRATION_DEPTH_ERROR]).c_str(),
              numberText(verdict.measures[check::PENETRATION_NORMAL_ERROR]).c_str(),
              numberText(verdict.measures[check::PENETRATION_CONTACT_ERROR]).c_str(),
              own ? std::to_string(row.result.iterations).c_str() : "-", own ? row.result.termination.c_str() : "-",
              outcome.c_str());
  if (p.failure == check::EngineFailure::None && p.answered && p.overlapping) {
    std::printf("  %-10s n %s  pA %s  pB %s\n", "", pointText3(p.normal, strategy.scalar).c_str(),
                pointText3(p.pointA, strategy.scalar).c_str(), pointText3(p.pointB, strategy.scalar).c_str());
  }
  if (p.failure != check::EngineFailure::None) {
    std::printf(BELOW, "", (std::string(check::engineFailureName(p.failure)) + ": " + p.failureDetail).c_str());
  }
}

// What is known of an external engine's run: a 3D worker has no traced request.
void printNoTrace(const check::StrategyInfo& chosen, const check::StrategyResult& result) {
  std::string known = chosen.name + " reports no termination or iteration count";
  if (!result.termination.empty()) {
    known = chosen.name + " stopped by " + result.termination;
    if (result.iterations > 0) known += " after " + std::to_string(result.iterations) + " iterations";
  }
  std::printf("\nno trace: a 3D worker has no traced request (%s)\n", known.c_str());
}

}  // namespace

// A chosen external engine of 3D cases (a manifest's dimension 3, a plugin's 3D entry) or another 3D strategy found
// by name joins the rows, last.
int repro3(const CommandLine& line, const check::Case& value) {
  std::vector<const check::StrategyInfo*> rows;
  for (const check::StrategyInfo& info : check::strategies3()) rows.push_back(&info);
  for (const check::StrategyInfo& info : check::penetrationStrategies3()) rows.push_back(&info);
  const check::StrategyInfo* chosen = chooseStrategy(line, value, rows);
  const check::QueryKind drawn = chosen != nullptr ? drawnQuery(line, *chosen) : check::QueryKind::Distance;
  check::ThreeModule three;
  if (line.given("html")) {
    try {
      const char* viewer = std::getenv("GJKCHECK_VIEWER_DIR");
      three = check::readThreeModule(viewer != nullptr ? viewer : GJK_SOURCE_DIR "/report/viewer");
    } catch (const std::runtime_error& error) {
      std::fprintf(stderr, "gjkcheck repro: %s\n", error.what());
      return EXIT_BAD_INPUT;
    }
  }
  const oracle::ExactAnswer3 exact = check::solveExactly3(value);
  const check::CaseJudge3 judge(value, exact);

  std::printf("case %s (dimension 3)\n", value.source.c_str());
  for (const check::MetaEntry& entry : value.meta) {
    std::printf("  meta.%s %s\n", entry.key.c_str(), entry.value.c_str());
  }
  std::printf("\nexact answer (oracle)\n");
  std::fputs(check::exactText3("", exact).c_str() + 1, stdout);  // without the name line's empty name
  std::printf("  radius r          %s\n", oracle::decimalString(exact.radius).c_str());

  // Every strategy runs once; one violation per strategy, as run counts them.
  std::vector<Row> answers;
  int violations = 0;
  for (const check::StrategyInfo* strategy : rows) {
    Row row{strategy, strategy->run(value, {.trace = strategy == chosen}), {}, {}};
    bool violated = false;
    if (check::answersDistance(strategy->query)) {
      row.distance = judge.judge(row.result, *strategy);
      violated = row.distance.violation;
    }
    if (check::answersPenetration(strategy->query)) {
      row.penetration = check::judgePenetration3(value, exact, row.result, *strategy);
      violated = violated || row.penetration.violation;
    }
    violations += violated;
    answers.push_back(std::move(row));
  }
  std::printf("\n");
  std::printf(ROW, "strategy", "distance", "err u", "wit u", "gap u", "iters", "termination", "verdict");
  for (const Row& row : answers) {
    if (check::answersDistance(row.strategy->query)) printDistanceRow(row);
  }
  bool header = false;
  for (const Row& row : answers) {
    if (!check::answersPenetration(row.strategy->query)) continue;
    if (!header) std::printf(ROW, "strategy", "penetration", "depth u", "normal u", "contact u", "iters",
                             "termination", "verdict");
    header = true;
    printPenetrationRow(row);
  }
  if (chosen == nullptr) {
    std::printf("\nno 3D strategy is registered: nothing to draw\n");
    return violations ? EXIT_VIOLATIONS : EXIT_ALL_OK;
  }
  const Row* picked = nullptr;
  for (const Row& row : answers) {
    if (row.strategy == chosen) picked = &row;
  }
  if (chosen->external) {
    printNoTrace(*chosen, picked->result);
  } else {
    printTrace(*chosen, picked->result);
  }
  const bool penetration = drawn == check::QueryKind::Penetration;
  try {
    if (line.given("svg")) {
      writeOutput(line.value("svg"),
                  penetration ? check::renderPenetrationPicture3(value, exact, *chosen, picked->result,
                                                                 picked->penetration)
                              : check::renderCasePicture3(value, exact, *chosen, picked->result, picked->distance),
                  "picture", chosen->name);
    }
    if (line.given("html")) {
      writeOutput(line.value("html"),
                  penetration ? check::renderPenetrationViewer3(value, exact, *chosen, picked->result,
                                                                picked->penetration, three.text, three.version)
                              : check::renderCaseViewer3(value, exact, *chosen, picked->result, picked->distance,
                                                         three.text, three.version),
                  "page", chosen->name);
    }
  } catch (const std::runtime_error& error) {
    std::fprintf(stderr, "gjkcheck repro: %s\n", error.what());
    return EXIT_BAD_INPUT;
  }
  return violations ? EXIT_VIOLATIONS : EXIT_ALL_OK;
}

}  // namespace gjk::tools
