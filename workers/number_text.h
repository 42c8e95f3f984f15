// Numbers on the worker protocol's lines (docs/workers.md): written as the shortest decimal that reads
// back as the same double, read with strtod (decimal or C99 hex float). Every float of a case is a double
// too, so a float crosses the process boundary exactly both ways.
#pragma once

#include <string>
#include <string_view>

namespace gjk::workers {

// Appends the shortest decimal that round-trips as `value` (std::to_chars); "inf", "-inf", "nan" for the
// non-finite ones.
void appendNumber(std::string& out, double value);

// The whole token as a double (strtod: decimal, hex float, inf, nan). False when the token is empty or has
// anything strtod does not read.
bool parseNumber(std::string_view token, double& value);

// The whole token as a decimal integer (optional sign). False otherwise, or out of range.
bool parseInteger(std::string_view token, long long& value);

}  // namespace gjk::workers
