// How penetration answers are printed: the exact depth and normal set (oracle/penetration.h) in the
// oracle's JSON and text, and a strategy's penetration answer and verdict in run's JSON.
#pragma once

#include <string>

#include "oracle/penetration.h"
#include "report/json.h"
#include "verdict/penetration_verdict.h"
#include "verdict/strategy.h"

namespace gjk::check {

// The JSON list of the exact minimal normals: [["x", "y"], ...], unit vectors as exact decimals.
std::string normalsJson(const oracle::ExactPenetration& penetration);
// The arcs of minimal normals: [{"from": ["x", "y"], "to": ["x", "y"]}, ...], counter-clockwise.
std::string normalArcsJson(const oracle::ExactPenetration& penetration);

// For touching and overlapping cases (docs/cli.md): penetration_depth (decimal string), normal (the set of
// isolated minimal normals) and normal_arcs (arcs of minimal normals, counter-clockwise, usually empty).
// Nothing for separated cases. `exact` must come from solveByHull (its Minkowski hull).
void addPenetrationKeys(JsonObject& object, const oracle::ExactAnswer& exact);

// Text lines for `gjkcheck oracle`: depth and normals, each line starting with two spaces; "" when separated.
std::string penetrationText(const oracle::ExactAnswer& exact);

// A unit normal as text "(x, y)" with `digits` significant digits.
std::string normalText(const oracle::ExactPoint& direction, int digits);

// The penetration part of `gjkcheck run --json` for a penetration strategy: a JSON object with overlapping,
// depth, normal, point_a, point_b (decimals of the reported values), depth_error_u, normal_error_u,
// contact_error_u, verdict and reasons.
std::string penetrationResultJson(const StrategyInfo& strategy, const StrategyResult& result,
                                  const PenetrationVerdict& verdict);

}  // namespace gjk::check

namespace gjk::check {

// `gjkcheck run --json` for one strategy and case, whatever its query kind: a distance strategy's object
// is distanceJson unchanged; a penetration strategy's is {case, strategy, query, penetration, exact}; a
// strategy answering both gets distanceJson with "query" and "penetration" added before its end.
std::string runJsonWithPenetration(const std::string& caseName, const StrategyInfo& strategy,
                                   const std::string& distanceJson, const std::string& penetrationJson,
                                   const std::string& exactObject);

// One text line of `gjkcheck run` for a penetration answer: depth, errors in u, verdict.
std::string penetrationRunLine(const std::string& caseName, const StrategyInfo& strategy,
                               const StrategyResult& result, const PenetrationVerdict& verdict);

}  // namespace gjk::check
