// The verdict of a 3D answer (Case::dimension 3): the same kinds, measures and thresholds as the 2D verdict
// (verdict.h, docs/verdict.md), judged against the exact 3D answer (oracle/oracle3.h). The second
// implementation of the verdict's seam; its own header so that the 2D harness does not compile the 3D
// oracle's declarations.
#pragma once

#include "case/case.h"
#include "oracle/oracle3.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace gjk::check {

// The judge of one 3D case for many answers: the case's oracle shapes, exact answer and unit u computed once.
class CaseJudge3 {
 public:
  // Solves the case itself (oracle::solveWithoutHull3: every field of the answer the verdict reads is the same
  // as solveByHull3's, the tests compare them). Throws CaseError for a 2D case.
  explicit CaseJudge3(const Case& value);
  // With the case's exact answer already known.
  CaseJudge3(const Case& value, const oracle::ExactAnswer3& exact);

  Verdict judge(const StrategyResult& result, const StrategyInfo& strategy) const;

  const oracle::ExactAnswer3& exact() const { return exact_; }

 private:
  oracle::InputShape3 a_, b_;
  oracle::ExactAnswer3 exact_;
  oracle::Rational unit_;
  bool distanceExceedsT_ = false;  // D > T u, decided exactly once
};

// The answer of a 3D strategy judged against the exact one: CaseJudge3(value, exact).judge(result, strategy).
Verdict judge3(const Case& value, const oracle::ExactAnswer3& exact, const StrategyResult& result,
               const StrategyInfo& strategy);

// u = S * 2^-24 of a 3D answer, S its problem scale (oracle::problemScale3).
oracle::Rational errorUnit3(const oracle::ExactAnswer3& answer);

}  // namespace gjk::check
