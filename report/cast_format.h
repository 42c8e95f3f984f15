// How cast answers are printed (issue 22): the cast query's report hooks (report/query_report.h): the exact
// first contact of oracle/cast.h in the oracle's text and JSON (`cast`), a strategy's cast answer and verdict in
// run's line and JSON, the words of its comparison section.
#pragma once

#include <string>

#include "oracle/cast.h"
#include "report/query_report.h"

namespace gjk::check {

// The cast query's QueryReport.
const QueryReport& castReport();

// The exact answer of a cast case at τ = rA + rB as the JSON object `gjkcheck oracle --json` gives under
// "cast": hit, fraction (decimal string with 30 significant digits, absent on a miss), initially_touching,
// initially_overlapping, normal [x, y] (unit, decimal strings; for a cone its bisector, and normal_cone
// {from, to} beside it), point [x, y] (decimal strings).
std::string castExactJson(const oracle::ExactCast& cast);

// A high-precision value as a decimal string with `digits` significant digits.
std::string highPrecisionDecimal(const oracle::HighPrecision& value, int digits);

}  // namespace gjk::check
