#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <set>

#include <signal.h>
#include <unistd.h>
#include <stdexcept>
#include <string>

#include "report/answer_format.h"
#include "report/exact3_format.h"
#include "report/query_report.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "tools/load_cases_3d.h"
#include "verdict/exact_case.h"
#include "verdict/penetration_verdict3.h"
#include "verdict/query_seam.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"
#include "verdict/verdict3.h"

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

// SIGINT and SIGTERM: the case being run is finished and written, then the command ends with exit 130;
// a second signal ends it at once.
volatile std::sig_atomic_t stopRequests = 0;

extern "C" void requestStop(int) {
  if (stopRequests != 0) ::_exit(EXIT_INTERRUPTED);
  stopRequests = 1;
}

void installStopHandler() {
  struct sigaction action {};
  action.sa_handler = requestStop;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

// One case's lines, written whole: a signal between cases never leaves a cut line.
void writeWhole(const std::string& text) {
  std::fflush(stdout);
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(STDOUT_FILENO, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error("cannot write the output: " + std::string(std::strerror(errno)));
    done += static_cast<std::size_t>(n);
  }
}

std::string formatted(const char* format, ...) __attribute__((format(printf, 1, 2)));
std::string formatted(const char* format, ...) {
  va_list arguments;
  va_start(arguments, format);
  va_list copy;
  va_copy(copy, arguments);
  const int size = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  std::string text(static_cast<std::size_t>(std::max(size, 0)) + 1, '\0');
  std::vsnprintf(text.data(), text.size(), format, arguments);
  va_end(arguments);
  text.pop_back();
  return text;
}

const CommandSpec SPEC = {
    "run",
    "CASE...",
    "case files, or folders searched recursively for *.case",
    "Runs each strategy on each case (cold start) and judges its answer against the exact one\n"
    "(docs/verdict.md): errors in units u = S * 2^-24, and a violation when an error exceeds the\n"
    "threshold T of verdict/thresholds.h, the answer is not finite, or the witness points or the\n"
    "relation are wrong. Hitting the iteration cap is a cost (the iterations column), not a violation.",
    {{"strategy", "NAME|all",
      "a name from `gjkcheck strategies`, all (the built-in distance strategies;\n"
      "for a 3D case the built-in 3D ones), penetration (the built-in penetration\n"
      "strategies) or 3d (the built-in 3D strategies). A case is run by the chosen\n"
      "strategies of its dimension; a case none of them takes is a usage error",
      "all"},
     {"json", "",
      "one object per case and strategy: case, strategy, distance, point_a,\n"
      "point_b, iterations, termination, distance_error_u, witness_error_u,\n"
      "verdict, reasons, exact; failure and failure_detail when an external\n"
      "engine gave no answer (crash, hang, protocol, refused); a penetration\n"
      "strategy (query penetration or both) adds query and a penetration object:\n"
      "overlapping, depth, normal, point_a, point_b, depth_error_u, normal_error_u,\n"
      "contact_error_u, verdict, reasons (docs/verdict.md, Penetration)"}},
    "A case file that does not read is reported (file:line: message, one line per file, on stderr) and\n"
    "the others are run; the exit code is then 2. SIGINT or SIGTERM: the case being run is finished and\n"
    "its lines written whole, then gjkcheck stops (exit 130); a second signal stops it at once.",
    "Exit code 1 when any answer is a violation, 2 when a case file does not read (the others are run),\n"
    "130 when stopped by a signal.",
};

// The distance line of one answer: case, strategy, distance, its errors in u, iterations, termination, verdict.
std::string distanceLine(const check::Case& value, const check::StrategyInfo& strategy,
                         const check::StrategyResult& result, const check::Verdict& verdict) {
  return formatted("%-44s %-12s %-14s %9.3g %9.3g %5d %-18s %s\n", value.source.c_str(), strategy.name.c_str(),
                   check::scalarDecimal(result.distance, strategy.scalar).c_str(), verdict.distanceErrorU,
                   verdict.witnessErrorU, result.iterations, result.termination.c_str(),
                   verdict.violation ? ("violation: " + check::reasonList(verdict)).c_str()
                                     : check::reasonList(verdict).c_str());
}

// What an external engine said when it gave no answer (its stderr tail, or the refusal's reason), indented: the
// result's failure (the distance query's, or the one query's), and a penetration answer's own failure when it is
// another (an engine of both queries answers each on its own).
std::string failureDetails(const check::StrategyResult& result) {
  std::string out;
  if (result.failure != check::EngineFailure::None) out += indented(result.failureDetail) + "\n";
  if (result.penetration.failure != check::EngineFailure::None &&
      (result.failure == check::EngineFailure::None || result.penetration.failureDetail != result.failureDetail)) {
    out += indented("penetration: " + result.penetration.failureDetail) + "\n";
  }
  return out;
}

// A 3D case (Case::dimension 3) run by the chosen 3D strategies, judged by the 3D verdict: the distance line (or
// JSON object, with the exact 3D answer as `exact`) of each, into out; for a 3D penetration strategy (epa3) its
// penetration line (the 2D penetration line's columns, report/penetration_format.cpp) or JSON object (runJson:
// {case, strategy, query, penetration, exact}), judged by the 3D penetration verdict. Returns the violations.
int runSpaceCase(const check::Case& value, const std::vector<const check::StrategyInfo*>& strategies, bool json,
                 int& refused, std::string& out) {
  const check::CaseJudge3 judge(value);
  const std::string exactObject = json ? check::exactJson3(value.source, judge.exact()) : "";
  int violations = 0;
  for (const check::StrategyInfo* strategy : strategies) {
    const check::StrategyResult result = strategy->run(value, {});
    // The penetration query of a 3D strategy that answers it (epa3, an engine of queries penetration or both),
    // judged by the 3D penetration verdict, one verdict per queriesOf as in 2D (the distance one is `verdict`).
    const std::vector<const check::Query*> answered = check::queriesOf(*strategy);
    std::vector<check::QueryVerdict> verdicts(answered.size());
    bool violated = false;  // one violation per case and strategy
    std::string lines;
    for (std::size_t q = 0; q < answered.size(); ++q) {
      if (answered[q] != &check::penetrationQuery()) continue;
      verdicts[q] = check::judgePenetration3(value, judge.exact(), result, *strategy);
      violated = violated || verdicts[q].violation;
      if (!check::answersDistance(strategy->query)) refused += verdicts[q].failure == check::EngineFailure::Refused;
      lines += check::queryReport(check::penetrationQuery())->answerLine(value.source, *strategy, result, verdicts[q]) +
               "\n";
    }
    check::Verdict verdict;
    if (check::answersDistance(strategy->query)) {
      verdict = judge.judge(result, *strategy);
      refused += verdict.refused;
      violated = violated || verdict.violation;
      lines += distanceLine(value, *strategy, result, verdict);
    }
    violations += violated;
    if (json) {
      const std::string distanceObject = check::answersDistance(strategy->query)
                                             ? check::resultJson(value.source, *strategy, result, verdict, exactObject)
                                             : "";
      out += check::runJson(value.source, *strategy, distanceObject, result, verdicts, exactObject) + "\n";
      continue;
    }
    out += lines + failureDetails(result);
  }
  return violations;
}

}  // namespace

int runCommand(int argc, char** argv, int first) {
  CommandLine line = parseCommandLine(argc, argv, first, SPEC);
  if (line.has("help")) return EXIT_ALL_OK;
  std::vector<const check::StrategyInfo*> selected;
  try {
    selected = check::selectStrategies(line.value("strategy"));
  } catch (const std::invalid_argument& error) {
    throw UsageError(error.what());
  }
  int bad = 0;
  std::vector<check::Case> cases = loadCasesOfEitherDimension(line.positional, bad);
  installStopHandler();
  int violations = 0;
  int refused = 0;
  if (!line.has("json")) {
    // The distance columns' header when a selected strategy answers distance; the lines of other queries
    // (penetration, cast) name their own measures, so alone they get only the first two columns' names.
    const bool anyDistance = std::any_of(selected.begin(), selected.end(), [](const check::StrategyInfo* strategy) {
      return check::answersDistance(strategy->query);
    });
    writeWhole(anyDistance ? formatted("%-44s %-12s %-14s %9s %9s %5s %-18s %s\n", "case", "strategy", "distance",
                                       "err u", "wit u", "iters", "termination", "verdict")
                           : formatted("%-44s %-12s %s\n", "case", "strategy", "answer, its errors and verdict"));
  }
  std::size_t ran = 0;
  const bool everyBuiltIn = line.value("strategy") == "all";
  std::set<const check::StrategyInfo*> ranStrategies;  // every strategy that ran a case, for the summary
  for (const check::Case& value : cases) {
    if (stopRequests) break;
    // The chosen strategies that take a case of this dimension (`all`: the built-in 3D ones for a 3D case).
    std::vector<const check::StrategyInfo*> taking;
    if (value.dimension == 3 && everyBuiltIn) {
      for (const check::StrategyInfo& strategy : check::strategies3()) taking.push_back(&strategy);
    } else {
      for (const check::StrategyInfo* strategy : selected) {
        if (strategy->dimension == value.dimension) taking.push_back(strategy);
      }
    }
    if (taking.empty()) {  // reported as a case that does not read: the others are run, the exit code is 2
      std::fprintf(stderr, "%s: a %dD case, and no strategy chosen takes it (`gjkcheck strategies` gives each "
                   "one's dimension; --strategy 3d runs the 3D ones)\n", value.source.c_str(), value.dimension);
      ++bad;
      continue;
    }
    ranStrategies.insert(taking.begin(), taking.end());
    if (value.dimension == 3) {
      std::string out;
      violations += runSpaceCase(value, taking, line.has("json"), refused, out);
      writeWhole(out);
      ++ran;
      continue;
    }
    std::string out;  // the case's lines, written in one piece
    oracle::ExactAnswer exact = check::solveExactly(value);
    std::string exactObject = line.has("json") ? check::exactJson(value.source, value, exact) : "";
    for (const check::StrategyInfo* strategy : taking) {
      check::StrategyResult result = strategy->run(value, {});
      const bool distance = check::answersDistance(strategy->query);
      check::Verdict verdict = distance ? check::judge(value, exact, result, *strategy) : check::Verdict{};
      refused += verdict.refused;
      // Every other query the strategy answers (penetration, ...): its answer and verdict, through the seam
      // (verdict/query_seam.h, report/query_report.h), one verdict per queriesOf (the distance one is `verdict`,
      // printed by the distance line and resultJson). A strategy counts one violation per case.
      const std::vector<const check::Query*> answered = check::queriesOf(*strategy);
      std::vector<check::QueryVerdict> verdicts(answered.size());
      bool violated = verdict.violation;
      for (std::size_t q = 0; q < answered.size(); ++q) {
        if (answered[q] == &check::distanceQuery()) continue;
        verdicts[q] = answered[q]->judge(value, exact, *answered[q]->prepare(value, exact), result, *strategy);
        violated = violated || verdicts[q].violation;
      }
      violations += violated;
      if (line.has("json")) {
        out += check::runJson(value.source, *strategy, check::resultJson(value.source, *strategy, result, verdict, exactObject),
                              result, verdicts, exactObject) +
               "\n";
        continue;
      }
      for (std::size_t q = 0; q < answered.size(); ++q) {
        if (const check::QueryReport* report = check::queryReport(*answered[q])) {
          out += report->answerLine(value.source, *strategy, result, verdicts[q]) + "\n";
        }
      }
      if (distance) out += distanceLine(value, *strategy, result, verdict);
      out += failureDetails(result);
    }
    writeWhole(out);
    ++ran;
  }
  if (!line.has("json")) {
    writeWhole(formatted("%zu cases x %zu strategies: %d violations%s%s%s\n", ran, ranStrategies.size(), violations,
                         refused ? (", " + std::to_string(refused) + " refused").c_str() : "",
                         bad ? (", " + std::to_string(bad) + " case files did not read").c_str() : "",
                         stopRequests ? ", stopped by a signal" : ""));
  }
  if (stopRequests) {
    std::fprintf(stderr, "gjkcheck run: stopped by a signal after %zu of %zu cases\n", ran, cases.size());
    return EXIT_INTERRUPTED;
  }
  if (bad) return EXIT_BAD_INPUT;
  return violations ? EXIT_VIOLATIONS : EXIT_ALL_OK;
}

}  // namespace gjk::tools
