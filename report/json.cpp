#include "report/json.h"

#include <cmath>
#include <cstdio>

namespace gjk::check {

std::string jsonQuote(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
          out += buffer;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

void JsonObject::key(std::string_view name) {
  if (!body_.empty()) {
    body_ += ", ";
  }
  body_ += jsonQuote(name) + ": ";
}

JsonObject& JsonObject::add(std::string_view name, std::string_view text) {
  key(name);
  body_ += jsonQuote(text);
  return *this;
}

JsonObject& JsonObject::add(std::string_view name, long long number) {
  key(name);
  body_ += std::to_string(number);
  return *this;
}

JsonObject& JsonObject::add(std::string_view name, bool value) {
  key(name);
  body_ += value ? "true" : "false";
  return *this;
}

JsonObject& JsonObject::addNumber(std::string_view name, double number) {
  key(name);
  if (!std::isfinite(number)) {
    body_ += "null";
    return *this;
  }
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", number);
  body_ += buffer;
  return *this;
}

JsonObject& JsonObject::addStrings(std::string_view name, const std::vector<std::string>& texts) {
  key(name);
  body_ += "[";
  for (size_t i = 0; i < texts.size(); ++i) {
    body_ += (i ? ", " : "") + jsonQuote(texts[i]);
  }
  body_ += "]";
  return *this;
}

JsonObject& JsonObject::addRaw(std::string_view name, std::string_view json) {
  key(name);
  body_ += json;
  return *this;
}

}  // namespace gjk::check
