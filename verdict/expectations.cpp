#include "verdict/expectations.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

#include "verdict/exact_case.h"
#include "verdict/exact_case3.h"
#include "verdict/penetration_verdict3.h"
#include "verdict/query_seam.h"
#include "verdict/verdict.h"
#include "verdict/verdict3.h"

namespace gjk::check {

namespace {

// meta.expected-relation and meta.expected-core-distance-squared against the exact answer of `oracleName`; what
// differs goes to `unmet`. False when the expected squared distance is no rational (said in `unmet`): the caller
// then stops there.
bool oracleExpectationsMet(const Case& value, oracle::Relation relation, const oracle::Rational& coreDistanceSquared,
                           const std::string& oracleName, std::vector<std::string>& unmet) {
  const std::string expectedRelation = value.metaValue("expected-relation");
  const std::string distanceSquared = value.metaValue("expected-core-distance-squared");
  if (!expectedRelation.empty() && expectedRelation != oracle::relationName(relation)) {
    unmet.push_back("expected relation " + expectedRelation + ", " + oracleName + " says " +
                    oracle::relationName(relation));
  }
  if (distanceSquared.empty()) return true;
  oracle::Rational expected;
  try {
    expected = oracle::Rational(distanceSquared);
  } catch (const std::exception&) {
    unmet.push_back("meta.expected-core-distance-squared is not a rational: " + distanceSquared);
    return false;
  }
  if (expected != coreDistanceSquared) {
    unmet.push_back("expected core distance squared " + distanceSquared + ", " + oracleName + " says " +
                    oracle::rationalString(coreDistanceSquared));
  }
  return true;
}

// meta.expected-verdict and, for a violation, meta.expected-reasons against a strategy's verdict (violation and its
// reasons as the corpus records them); what differs goes to `unmet`.
void verdictExpectationsMet(const Case& value, const std::string& strategyName, bool violation,
                            const std::string& reasons, std::vector<std::string>& unmet) {
  const std::string expectedVerdict = value.metaValue("expected-verdict");
  const std::string got = violation ? "violation" : "ok";
  if (expectedVerdict != got) {
    unmet.push_back(strategyName + ": expected verdict '" + expectedVerdict + "', got " + got + " (" + reasons + ")");
  }
  const std::string expectedReasons = value.metaValue("expected-reasons");
  if (violation && !expectedReasons.empty() && expectedReasons != reasons) {
    unmet.push_back(strategyName + ": expected reasons " + expectedReasons + ", got " + reasons);
  }
}

// A 3D case's expectations (Case::dimension 3): the relation and core distance squared of the exact 3D oracle
// (solveExactly3), and a 3D strategy's verdict by the 3D verdict of the query the case expects (expectationQuery:
// distance, verdict3.h, or penetration, penetration_verdict3.h; the cast has no 3D verdict).
std::vector<std::string> unmetCaseExpectations3(const Case& value) {
  std::vector<std::string> unmet;
  const oracle::ExactAnswer3 exact = solveExactly3(value);
  if (!oracleExpectationsMet(value, exact.relation, exact.coreDistanceSquared, "the 3D oracle", unmet)) return unmet;
  const std::string strategyName = value.metaValue("strategy");
  const std::string expectedVerdict = value.metaValue("expected-verdict");
  if (strategyName.empty() && expectedVerdict.empty()) return unmet;
  const StrategyInfo* strategy = findStrategy(strategyName);
  if (strategy == nullptr) {
    unmet.push_back("meta.strategy names no registered strategy: '" + strategyName + "'");
    return unmet;
  }
  if (strategy->dimension != 3) {
    unmet.push_back("meta.strategy " + strategyName + " answers 2D cases, and this is a 3D case (dimension 3)");
    return unmet;
  }
  const Query& query = expectationQuery(value, *strategy);
  if (&query != &distanceQuery() && &query != &penetrationQuery()) {
    unmet.push_back("meta.query " + std::string(query.name()) + ": a 3D case is judged by the distance or the "
                    "penetration verdict");
    return unmet;
  }
  const StrategyResult result = strategy->run(value, {});
  bool violation = false;
  std::string reasons;
  if (&query == &penetrationQuery()) {
    const QueryVerdict verdict = judgePenetration3(value, exact, result, *strategy);
    violation = verdict.violation;
    reasons = query.reasonList(verdict);
  } else {
    const Verdict verdict = CaseJudge3(value, exact).judge(result, *strategy);
    violation = verdict.violation;
    reasons = reasonList(verdict);
  }
  verdictExpectationsMet(value, strategyName, violation, reasons, unmet);
  return unmet;
}

}  // namespace

std::vector<std::string> unmetCaseExpectations(const Case& value) {
  if (value.dimension == 3) return unmetCaseExpectations3(value);
  std::vector<std::string> unmet;
  if (!value.metaValue("expected-relation").empty() || !value.metaValue("expected-core-distance-squared").empty()) {
    const oracle::ExactAnswer exact = solveExactly(value);
    if (!oracleExpectationsMet(value, exact.relation, exact.coreDistanceSquared, "oracle", unmet)) return unmet;
  }
  std::string strategyName = value.metaValue("strategy");
  std::string expectedVerdict = value.metaValue("expected-verdict");
  if (!strategyName.empty() || !expectedVerdict.empty()) {
    const StrategyInfo* strategy = findStrategy(strategyName);
    if (strategy == nullptr) {
      unmet.push_back("meta.strategy names no registered strategy: '" + strategyName + "'");
      return unmet;
    }
    const oracle::ExactAnswer exact = solveExactly(value);
    const StrategyResult result = strategy->run(value, {});
    const Query& query = expectationQuery(value, *strategy);
    const QueryVerdict verdict = query.judge(value, exact, *query.prepare(value, exact), result, *strategy);
    verdictExpectationsMet(value, strategyName, verdict.violation, query.reasonList(verdict), unmet);
  }
  return unmet;
}

std::vector<VerdictRow> computeVerdictTable(const std::filesystem::path& folder,
                                            const std::vector<const StrategyInfo*>& strategies) {
  std::vector<VerdictRow> rows;
  for (const auto& file : collectCaseFiles({folder.string()})) {
    Case value = readCaseFile(file);
    std::string relative = std::filesystem::relative(file, folder).generic_string();
    if (value.dimension == 3) {  // the 3D strategies among those given, by the 3D verdict; the 2D ones take no 3D case
      const CaseJudge3 judge(value);
      for (const StrategyInfo* strategy : strategies) {
        if (strategy->dimension != 3) continue;
        rows.push_back({relative, strategy->name, reasonList(judge.judge(strategy->run(value, {}), *strategy))});
      }
      continue;
    }
    oracle::ExactAnswer exact = solveExactly(value);
    for (const StrategyInfo* strategy : strategies) {
      if (strategy->dimension != 2) continue;  // a 3D strategy takes no 2D case
      Verdict verdict = judge(value, exact, strategy->run(value, {}), *strategy);
      rows.push_back({relative, strategy->name, reasonList(verdict)});
    }
  }
  return rows;
}

std::vector<const StrategyInfo*> verdictTableStrategies() {
  std::vector<const StrategyInfo*> selected = selectStrategies("all");
  for (const StrategyInfo* strategy : selectStrategies("3d")) selected.push_back(strategy);
  return selected;
}

std::string formatVerdictTable(const std::vector<VerdictRow>& rows) {
  std::string text =
      "# Expected verdict of every strategy on every case in this folder: path, strategy, ok or the\n"
      "# violation kinds. Checked by the test suite; regenerate with\n"
      "#   gjkcheck corpus verdicts DIR > DIR/expected-verdicts.tsv\n"
      "# and review the difference: a changed row is a changed behaviour.\n";
  for (const VerdictRow& row : rows) {
    text += row.path + "\t" + row.strategy + "\t" + row.verdict + "\n";
  }
  return text;
}

std::vector<VerdictRow> parseVerdictTable(const std::string& text, const std::string& fileName) {
  std::vector<VerdictRow> rows;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') {
      continue;
    }
    size_t tab1 = line.find('\t');
    size_t tab2 = tab1 == std::string::npos ? tab1 : line.find('\t', tab1 + 1);
    if (tab2 == std::string::npos || line.find('\t', tab2 + 1) != std::string::npos) {
      throw CaseError(fileName, number, "expected three tab-separated fields: path, strategy, verdict");
    }
    rows.push_back({line.substr(0, tab1), line.substr(tab1 + 1, tab2 - tab1 - 1), line.substr(tab2 + 1)});
  }
  return rows;
}

std::vector<std::string> compareVerdictTables(const std::vector<VerdictRow>& expected,
                                              const std::vector<VerdictRow>& actual) {
  std::map<std::pair<std::string, std::string>, std::string> want, got;
  for (const VerdictRow& row : expected) want[{row.path, row.strategy}] = row.verdict;
  for (const VerdictRow& row : actual) got[{row.path, row.strategy}] = row.verdict;
  std::vector<std::string> differences;
  for (const auto& [key, verdict] : want) {
    auto it = got.find(key);
    if (it == got.end()) {
      differences.push_back(key.first + " " + key.second + ": expected " + verdict + ", missing");
    } else if (it->second != verdict) {
      differences.push_back(key.first + " " + key.second + ": expected " + verdict + ", got " + it->second);
    }
  }
  for (const auto& [key, verdict] : got) {
    if (!want.count(key)) {
      differences.push_back(key.first + " " + key.second + ": unexpected row (" + verdict + ")");
    }
  }
  return differences;
}

}  // namespace gjk::check
