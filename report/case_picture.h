// The picture of one case (docs/cli.md `gjkcheck repro CASE --svg FILE`; the comparison report's gallery
// of worst cases draws the same picture): a standalone SVG document.
//
// What it shows:
// - panel "world": both shapes (hull of their world vertices, the rounded outline when a radius is
//   set), every input vertex labelled with its index, the exact closest pair and the strategy's
//   reported witness points pA, pB;
// - panel "Minkowski difference B − A": the exact hull of M (oracle), the origin, the exact closest
//   point of M to the origin, the simplex of each iteration of the trace (colour ramp by step, step
//   numbers), the search directions as short arrows, the support points and the reported pB − pA;
// - a zoomed inset under a panel when what matters is tiny next to the shapes (the exact distance,
//   the error of a wrong answer, or a short edge near the closest point below 1% of the panel): the
//   neighbourhood of the closest point magnified so that the feature spans about 30% of the inset, a
//   frame in the panel showing where, and the magnification written out ("×2.4e4");
// - a text block: case, story, relation, exact distance, reported distance, errors in u, verdict and
//   reasons, strategy, iterations, termination, and a legend.
//
// How it stays finite at every scale: every drawn point is built from exact rationals (world vertices,
// Minkowski hull, closest point; float and double results widen exactly) and is moved relative to the
// centre of its panel exactly, before anything is rounded. What is irrational (normals of the rounded
// outline, the closest points of rounded shapes) is computed in GMP floating point with 300 digits,
// enough for the widest float case, relative to that centre; geometry is clipped to the panel in that
// precision and only then rounded to user units. A case at 1e7 with a 1e-3 gap, or at 1e-30 or 1e30,
// draws like a case at 1. The picture is not the oracle: it only draws what the oracle decided.
//
// Deterministic: the same case, strategy result and verdict give the same bytes.
#pragma once

#include <string>

#include "case/case.h"
#include "oracle/oracle.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace gjk::check {

// The SVG text of the picture of a case as answered by one strategy. `exact` is the oracle's answer
// (solveExactly: its Minkowski hull is drawn; recomputed when empty), `result` the strategy's answer
// (its trace is drawn when it has one) and `verdict` judge(value, exact, result).
std::string renderCasePicture(const Case& value, const oracle::ExactAnswer& exact, const StrategyInfo& strategy,
                              const StrategyResult& result, const Verdict& verdict);

}  // namespace gjk::check
