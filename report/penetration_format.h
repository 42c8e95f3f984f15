// How penetration answers are printed (issue 13): the penetration query's report hooks (report/query_report.h:
// the exact depth and normal set of oracle/penetration.h in the oracle's text and JSON, a strategy's
// penetration answer and verdict in run's line and JSON, the words of its comparison section), and the pieces
// the picture's penetration layer shares.
#pragma once

#include <string>

#include "oracle/penetration.h"
#include "report/query_report.h"

namespace gjk::check {

// The penetration query's QueryReport.
const QueryReport& penetrationReport();

// The JSON list of the exact minimal normals: [["x", "y"], ...], unit vectors as exact decimals.
std::string normalsJson(const oracle::ExactPenetration& penetration);
// The arcs of minimal normals: [{"from": ["x", "y"], "to": ["x", "y"]}, ...], counter-clockwise.
std::string normalArcsJson(const oracle::ExactPenetration& penetration);

// A unit normal as text "(x, y)" with `digits` significant digits.
std::string normalText(const oracle::ExactPoint& direction, int digits);

}  // namespace gjk::check
