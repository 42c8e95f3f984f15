// The verdict of docs/verdict.md: how far a strategy's answer is from the exact one, in units of
// u = S * 2^-24 (S: the size of the terms that place the vertices in the world, oracle::problemScale),
// and whether that is a violation. docs/verdict.md explains every kind.
#pragma once

#include <string>
#include <vector>

#include "case/case.h"
#include "oracle/oracle.h"
#include "verdict/strategy.h"
#include "verdict/thresholds.h"

namespace gjk::check {

// Every violation kind, in the order of docs/verdict.md: an answer's primary kind is the first that applies,
// so reports that count primary kinds add up to the number of violations. The first three are an external
// engine's failures (docs/workers.md): it crashed, hung past the per-query timeout, or broke the protocol;
// such a query has no answer to judge, so its kind is the only one.
inline constexpr const char* VIOLATION_KINDS[] = {"crash",          "hang",           "protocol",
                                                  "non-finite",     "false-overlap",  "false-separation",
                                                  "distance-error", "witness-error", "witness-gap"};
inline constexpr int VIOLATION_KIND_COUNT = 9;

// The index of a kind in VIOLATION_KINDS, or -1.
int violationKindIndex(const std::string& kind);

struct Verdict {
  // |d_gjk - d_exact| / u. NaN when the answer is not finite.
  double distanceErrorU = 0;
  // How far the witness points are from where the strategy's contact convention puts them, in u, from
  // the exact squared distances (shapes with their radius): max(dist(pA, A), dist(pB, B)) for two points;
  // for a `merged` strategy that returned one point for both, its distance to the nearer shape.
  double witnessErrorU = 0;
  // (|pA - pB| - d_exact) / u, signed. A violation only where the exact relation is separated or the
  // strategy reported a positive distance (for shapes in contact closest points are not unique).
  double witnessGapU = 0;
  bool violation = false;
  // Every kind that applies, in VIOLATION_KINDS order; reasons.front() is the primary kind.
  std::vector<std::string> reasons;
  // A cost, not a violation: the strategy stopped at its iteration cap (termination "iteration-cap", or,
  // for an engine that does not report why it stopped, all of its iterations used).
  bool iterationCap = false;
  // Not a violation: the engine declined the query (EngineFailure::Refused); no number is judged.
  bool refused = false;
};

// "ok", "refused", or the reasons joined by commas.
std::string reasonList(const Verdict& verdict);

// The primary kind ("ok" when there is no violation, "refused" for a refused query).
std::string primaryKind(const Verdict& verdict);

// The parts of a verdict that need no exact answer, shared by both dimensions (verdict3.h):
// whether the answer stopped at the strategy's cap (a cost, not a violation);
bool iterationCapOf(const StrategyResult& result, const StrategyInfo& strategy);
// the verdict of an external engine's failure (refused: no violation; crash, hang, protocol: that violation);
Verdict engineFailureVerdict(const StrategyResult& result);
// the verdict of an answer with a non-finite number (non-finite, and nothing else measured);
Verdict nonFiniteVerdict(const StrategyResult& result, const StrategyInfo& strategy);
// whether two witness (or contact) points are judged as one merged point: a `merged` strategy gave the same
// point for both;
bool mergedWitness(const Point& pointA, const Point& pointB, const StrategyInfo& strategy);
// after the relation kinds (false-overlap, false-separation), the error kinds distance-error, witness-error and
// witness-gap from verdict's measures, in that order, and verdict.violation.
void addErrorKinds(Verdict& verdict, bool separated, double reportedDistance);

// The answer of `strategy` judged against the exact one.
Verdict judge(const Case& value, const oracle::ExactAnswer& exact, const StrategyResult& result,
              const StrategyInfo& strategy);

// judge for many answers on one case (the comparison runs every strategy on each case): what depends on
// the case alone (its oracle shapes, the unit u, D in high precision, the false-overlap decision) is
// computed once, and an answer bit for bit equal to one already judged (the same distance and witness
// points, as happens when strategies agree) reuses its errors. Every verdict equals judge's, bit for bit.
// Keeps a reference to exact, which must outlive it.
class CaseJudge {
 public:
  CaseJudge(const Case& value, const oracle::ExactAnswer& exact);
  // The same judge for the case solved by the judge itself: exact() is solveForJudging's answer
  // (solveExactlyWithoutHull's, closestPoint left at (0, 0)), and the shapes' exact hulls the solve built
  // are kept for the witness points (oracle::CaseHulls) instead of being built again.
  explicit CaseJudge(const Case& value);
  CaseJudge(const CaseJudge&) = delete;
  CaseJudge& operator=(const CaseJudge&) = delete;

  Verdict judge(const StrategyResult& result, const StrategyInfo& strategy);

  // The exact answer the verdicts are judged against.
  const oracle::ExactAnswer& exact() const { return exact_; }

 private:
  oracle::InputShape a_, b_;
  oracle::CaseHulls hulls_;     // filled when the judge solved the case itself
  oracle::ExactAnswer solved_;  // the answer, when the judge solved the case itself
  const oracle::ExactAnswer& exact_;
  oracle::Rational unit_;
  oracle::PreparedErrors prepared_;
  int distanceExceedsT_ = -1;  // oracle::distanceExceeds(exact, unit, T): -1 until first asked
  static constexpr int REMEMBERED = 16;
  struct Judged {
    oracle::ReportedAnswer reported;
    oracle::ErrorsInUnits errors;
  };
  Judged judged_[REMEMBERED];
  int judgedCount_ = 0;
};

}  // namespace gjk::check
