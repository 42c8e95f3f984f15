#include "workers/number_text.h"

#include <charconv>
#include <cstdlib>

namespace gjk::workers {

void appendNumber(std::string& out, double value) {
  char buffer[32];
  std::to_chars_result written = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, written.ptr);
}

bool parseNumber(std::string_view token, double& value) {
  if (token.empty() || token.size() > 64) return false;
  // Decimals through std::from_chars (correctly rounded like strtod, and many times faster on the 17-digit
  // decimals the protocol carries); what it does not read whole (hex floats: it stops at the 'x'; a '+')
  // through strtod.
  std::from_chars_result read = std::from_chars(token.data(), token.data() + token.size(), value);
  if (read.ec == std::errc() && read.ptr == token.data() + token.size()) return true;
  char buffer[65];
  token.copy(buffer, token.size());
  buffer[token.size()] = '\0';
  char* end = nullptr;
  value = std::strtod(buffer, &end);
  return end == buffer + token.size();
}

bool parseInteger(std::string_view token, long long& value) {
  if (!token.empty() && token.front() == '+') token.remove_prefix(1);
  std::from_chars_result read = std::from_chars(token.data(), token.data() + token.size(), value);
  return !token.empty() && read.ec == std::errc() && read.ptr == token.data() + token.size();
}

}  // namespace gjk::workers
