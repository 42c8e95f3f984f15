// The case model and the `gjk-case 1` text format (docs/case-format.md): parsing, formatting, float spelling.
//
// Exactness: every literal becomes the float nearest to it, ties to even, rounded once (never through
// double), as strtof is specified to round; parseFloatToken says why std::from_chars does it. Numbers
// are written as exact hex floats, so formatCase followed by parseCase gives back the same bits for
// every finite float, subnormals and -0 included.
//
// Reading files, listing folders and atomic writing live in case_files.cpp.
//
// The text rules shared by reader and writer are in case_text.cpp, the reader in case_reader.cpp, the
// writer (and the spelling of floats) in case_writer.cpp.
#include "case/case.h"

#include <locale.h>
#include <stdlib.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "case/unit_rotation.h"
#include "core/limits.h"

namespace gjk::check {

std::string quoteToken(std::string_view token) {
  if (token.size() <= MAX_QUOTED_TOKEN_CHARS) {
    return std::string(token);
  }
  // Cut on a byte that does not continue a UTF-8 sequence, so the quote stays text.
  std::size_t cut = MAX_QUOTED_TOKEN_CHARS;
  while (cut > 0 && (static_cast<unsigned char>(token[cut]) & 0xC0) == 0x80) {
    --cut;
  }
  return std::string(token.substr(0, cut)) + "... (" + std::to_string(token.size()) + " bytes)";
}

namespace {

// "FILE:LINE: message", or "FILE: message" when line is 0.
std::string caseErrorText(const std::string& file, int line, const std::string& message) {
  std::string text = file.empty() ? "<input>" : file;
  if (line > 0) {
    text += ':';
    text += std::to_string(line);
  }
  text += ": ";
  text += message;
  return text;
}

}  // namespace

std::string caseFileTooLongMessage(std::uintmax_t size) {
  return "longer than 1 MiB (" + std::to_string(size) + " bytes; a case file is at most " +
         std::to_string(MAX_CASE_FILE_BYTES) + " bytes)";
}

CaseError::CaseError(std::string file, int line, const std::string& message)
    : std::runtime_error(caseErrorText(file, line, message)), file_(std::move(file)), line_(line) {}

const Case& requirePlanarCase(const Case& value, std::string_view consumer) {
  if (value.dimension == 2) {
    return value;
  }
  const std::string what =
      value.dimension == 3 ? "a 3D case (dimension 3)" : "a case of dimension " + std::to_string(value.dimension);
  throw CaseError(value.source, 0, what + ": " + std::string(consumer) + " takes 2D cases only");
}

std::string Case::metaValue(std::string_view key) const {
  for (const MetaEntry& entry : meta) {
    if (entry.key == key) {
      return entry.value;
    }
  }
  return "";
}

void Case::setMeta(std::string_view key, std::string value) {
  auto found = std::find_if(meta.begin(), meta.end(), [&](const MetaEntry& e) { return e.key == key; });
  if (found == meta.end()) {
    meta.push_back(MetaEntry{std::string(key), std::move(value)});
    return;
  }
  found->value = std::move(value);
  // Keep one entry per key, even when the list was built by hand with duplicates.
  meta.erase(std::remove_if(std::next(found), meta.end(), [&](const MetaEntry& e) { return e.key == key; }),
             meta.end());
}

}  // namespace gjk::check
