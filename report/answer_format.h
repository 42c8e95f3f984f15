// How answers are printed: the JSON objects of docs/cli.md and the decimal form of reported numbers.
#pragma once

#include <string>

#include "oracle/oracle.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace gjk::check {

// The shortest decimal that reads back as the same value in the strategy's scalar ("float": strtof,
// "double": strtod); "nan", "inf", "-inf" for non-finite values.
std::string scalarDecimal(double value, const std::string& scalar);

// `gjkcheck oracle --json`: case, relation, distance, core_distance_squared, closest_point, scale, and for
// touching and overlapping cases penetration_depth, normal, normal_arcs (report/penetration_format.h).
std::string exactJson(const std::string& caseName, const Case& value, const oracle::ExactAnswer& exact);

// `gjkcheck run --json`: case, strategy, distance, point_a, point_b, iterations, termination,
// distance_error_u, witness_error_u, verdict, reasons, exact.
std::string resultJson(const std::string& caseName, const StrategyInfo& strategy, const StrategyResult& result,
                       const Verdict& verdict, const std::string& exactObject);

}  // namespace gjk::check
