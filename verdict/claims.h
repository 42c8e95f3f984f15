// Claims about strategies (the "properties"): each a deterministic check of one strategy on one case, so a
// counterexample saved as a case file replays exactly. The transformed cases a claim compares against
// (swapped, reordered, translated, warm-started...) are derived from the case itself, never drawn at
// random.
//
// Whether a strategy satisfies a claim is a finding, measured by verdict/property_survey.h
// (`gjkcheck properties`) and kept in reports/properties/. A strategy's contract may claim some of them
// (contractClaims): those must hold on every case, and the property tests assert them.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "case/case.h"
#include "oracle/oracle.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace gjk::check {

// u = S 2^-24 of docs/verdict.md for a case, in double (S itself is exact, oracle::problemScale; its double is
// within 2^-53 relative).
double unitOf(const Case& value);

// The power of two 2^k that moves both shapes' positions exactly (every sum position + 2^k is a float), trying k
// from two above the exponent of `size` down to eight below it; 0 when none does. The translation claims move
// both shapes by (2^k, 2^k).
float exactTranslationStep(const Case& value, double size);

// One case, shared by the checks of every strategy and claim: the exact answer is computed once, each
// strategy's cold answer and verdict once.
class CaseContext {
 public:
  explicit CaseContext(const Case& value);
  const Case& value() const { return value_; }
  const oracle::ExactAnswer& exact();
  double unit() const { return unit_; }
  const StrategyResult& result(const StrategyInfo& strategy);
  const Verdict& verdict(const StrategyInfo& strategy);

 private:
  Case value_;
  double unit_;
  std::unique_ptr<oracle::ExactAnswer> exact_;
  std::map<std::string, StrategyResult> results_;
  std::map<std::string, Verdict> verdicts_;
};

struct StrategyProperty {
  std::string name;   // camelCase, reads as a claim: "isSymmetricWhenAAndBAreSwapped"
  std::string claim;  // one sentence
  // "" when the property applies to the strategy, else why it does not.
  std::string (*notApplicable)(const StrategyInfo& strategy);
  // "" when the strategy satisfies the claim on the case, else what went wrong (one line, with numbers).
  std::string (*check)(const StrategyInfo& strategy, CaseContext& context);
};

// Every claim, in a fixed order: each query's (Query::properties, verdict/query_seam.h) in queries() order.
const std::vector<StrategyProperty>& strategyProperties();

// The claims about distance answers (the distance query's properties).
const std::vector<StrategyProperty>& distanceProperties();

// The claim of that name; throws std::invalid_argument for an unknown one.
const StrategyProperty& strategyProperty(const std::string& name);

// A property that a strategy's contract claims, and why it holds by construction.
struct ContractClaim {
  std::string strategy;
  std::string property;
  std::string why;
};

// Every (strategy, property) that a contract claims (docs/strategies.md, "Contracts"). The test suite
// holds each to every family; everything else is a measurement.
const std::vector<ContractClaim>& contractClaims();

}  // namespace gjk::check
