// What the property tests share: the claims made about every strategy (each a deterministic check of one
// strategy on one case), the table of known violations (known-violations.tsv), and how many cases a run
// tries (quick mode for CI, long mode on request).
//
// A property here is a claim about a strategy that must hold on every case. Its check is a deterministic
// function of (strategy, case): the transformed cases it compares against (swapped, reordered, translated,
// warm-started...) are all derived from the case itself, never drawn at random. So a counterexample saved
// as a case file replays the failure exactly, and the known-violation tests can say whether it still does.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "check/case.h"
#include "check/strategy.h"
#include "check/verdict.h"
#include "oracle/oracle.h"
#include "properties/family_generators.h"

namespace gjk::properties {

using check::Case;
using check::StrategyInfo;
using check::StrategyResult;

// ---------------------------------------------------------------------------------------------------
// Runs.

// Quick mode, when neither GJK_PROPERTY_CASES nor RC_PARAMS's max_success says otherwise: each property
// tries this many generated cases, every one on every strategy for which it is expected to hold (about
// 10 s of CPU for the whole suite, most of it ignoresDuplicateVertices).
inline constexpr int QUICK_MODE_CASES = 1000;
// The seed of quick mode, so CI runs the same cases every time (a failure there is a change in the code,
// not a new draw). Long mode draws a fresh seed unless RC_PARAMS gives one; either way it is printed.
inline constexpr std::uint64_t QUICK_MODE_SEED = 20261121;

struct RunMode {
  int cases = QUICK_MODE_CASES;             // RapidCheck's max_success
  std::string name;                         // "quick", "long (GJK_PROPERTY_CASES)", "RC_PARAMS"
  std::uint64_t seed = 0;                   // RapidCheck's seed for this run
  std::vector<std::string> onlyStrategies;  // GJK_PROPERTY_STRATEGIES=a,b: check only these
  bool explore = false;                     // GJK_PROPERTY_EXPLORE=1: random cases for known violations too
  std::string counterexampleFolder;         // GJK_PROPERTY_COUNTEREXAMPLES=DIR: write shrunk failures there
};

// Decided once, before RapidCheck first reads RC_PARAMS (a static initializer sets RC_PARAMS's
// max_success and, in quick mode, its seed), and printed to stdout.
const RunMode& runMode();

// Prints the run mode, count and seed, once per process (ctest runs every test in a process of its own).
void announceRun();

// ---------------------------------------------------------------------------------------------------
// One case, shared by the checks of every strategy: the exact answer is computed once.

class CaseContext {
 public:
  explicit CaseContext(const Case& value);
  const Case& value() const { return value_; }
  const oracle::ExactAnswer& exact();
  // u = S 2^-24 of design §5, in double (S itself is exact; its double is within 2^-53 relative).
  double unit() const { return unit_; }
  // The strategy's cold answer on this case, and its verdict; each computed once.
  const StrategyResult& result(const StrategyInfo& strategy);
  const check::Verdict& verdict(const StrategyInfo& strategy);

 private:
  Case value_;
  double unit_;
  std::unique_ptr<oracle::ExactAnswer> exact_;
  std::map<std::string, StrategyResult> results_;
  std::map<std::string, check::Verdict> verdicts_;
};

// u of a case in double (see CaseContext::unit).
double unitOf(const Case& value);

// ---------------------------------------------------------------------------------------------------
// The claims.

struct StrategyProperty {
  std::string name;   // camelCase, reads as a claim: "isSymmetricWhenAAndBAreSwapped"
  std::string claim;  // one sentence
  // "" when the property applies to the strategy, else why it does not.
  std::string (*notApplicable)(const StrategyInfo& strategy);
  // "" when the strategy satisfies the claim on the case, else what went wrong (one line, with numbers).
  std::string (*check)(const StrategyInfo& strategy, CaseContext& context);
};

// Every claim about strategies, in the order of the table.
const std::vector<StrategyProperty>& strategyProperties();

// The claim of that name; throws std::invalid_argument for an unknown one.
const StrategyProperty& strategyProperty(const std::string& name);

// ---------------------------------------------------------------------------------------------------
// known-violations.tsv: strategy <TAB> property <TAB> holds|violates <TAB> counterexample file (relative to
// the repository, "-" for holds) <TAB> holding families: "all" for holds; for violates the families where
// the exploration of find-known-violations found no violation of the pair (a comma-separated list of
// check::familyNames(), never the counterexample's own family), or "none".

struct KnownRow {
  std::string strategy;
  std::string property;
  std::string status;          // "holds" | "violates"
  std::string counterexample;  // "corpus/regressions/....case" or "-"
  std::string familiesField;   // the fifth field as written: "all", "none" or "a,b,c"
  std::vector<std::string> families;  // the holding families, in the table's order ("all": every family)
  int line = 0;
};

std::string sourceDir();  // GJK_SOURCE_DIR (environment, else the compiled-in path)
std::string knownViolationsFile();
// The table, read once. Throws std::runtime_error naming file and line for a malformed row.
const std::vector<KnownRow>& knownViolations();
// The row for a pair, or null.
const KnownRow* knownRow(const std::string& strategy, const std::string& property);

// The body of every strategy property, run by RapidCheck: draws one case from the families where some
// checked strategy holds (casesFor), tags it with its family and exact relation, then checks each
// registered strategy the property applies to on it when the case's family is one where the table says
// the pair holds ("all" for holds rows, the families column for violates rows; every family for every
// strategy in explore mode; only GJK_PROPERTY_STRATEGIES when set), and fails with the first strategy that
// does not satisfy it. Prints once per run, for every strategy, which families it is checked on (and how
// many of the generated cases that makes, by the generator's weights), which known violations are
// replayed from their committed cases, and at exit how many generated cases each strategy was checked on.
void checkOnEveryStrategyWhereItHolds(const std::string& property);

// The generator of a property's run: genAnyFamily's weights (random-convex 4, every other family 2)
// restricted to the families where at least one checked strategy holds; genAnyFamily itself when that is
// every family.
rc::Gen<Case> casesFor(const std::string& property);

// The regression case file of a property failure: the case with meta.signature "<strategy> <property>
// property <family>", meta.strategy, meta.property, meta.expected-verdict (whatever judge() says),
// meta.expected-reasons, meta.found-by "property <name> seed <seed> <date>" and meta.story.
Case counterexampleCase(const Case& value, const StrategyInfo& strategy, const std::string& property,
                        const std::string& failure);
// The file name of such a case: the signature with spaces replaced by dots, plus ".case".
std::string counterexampleFileName(const Case& counterexample);

}  // namespace gjk::properties
