// A minimal JSON writer: objects with keys in insertion order, one line each.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gjk::check {

// A JSON string literal, with quotes and escapes.
std::string jsonQuote(std::string_view text);

class JsonObject {
 public:
  JsonObject& add(std::string_view key, std::string_view text);  // a string
  JsonObject& add(std::string_view key, const char* text) { return add(key, std::string_view(text)); }
  JsonObject& add(std::string_view key, long long number);
  JsonObject& add(std::string_view key, int number) { return add(key, static_cast<long long>(number)); }
  JsonObject& add(std::string_view key, bool value);
  JsonObject& addNumber(std::string_view key, double number);  // null when not finite
  JsonObject& addStrings(std::string_view key, const std::vector<std::string>& texts);
  JsonObject& addRaw(std::string_view key, std::string_view json);  // already-formatted JSON
  std::string str() const { return "{" + body_ + "}"; }

 private:
  void key(std::string_view name);
  std::string body_;
};

}  // namespace gjk::check
