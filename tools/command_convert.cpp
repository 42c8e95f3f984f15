// gjkcheck convert: fuzzer inputs (case/fuzz_input.h) to .case files and back, so the case corpus seeds
// the fuzzers and a fuzzer's crash becomes a readable case.
#include <cstdio>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "case/fuzz_input.h"
#include "case/fuzz_input_3d.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "tools/campaign_findings.h"
#include "tools/fuzz_files.h"
#include "verdict/classify.h"
#include "verdict/exact_case.h"
#include "verdict/verdict.h"

namespace gjk::tools {
namespace {

namespace fs = std::filesystem;

const CommandSpec SPEC = {
    "convert",
    "FILE|PATH...",
    "without --to: one FILE, converted the other way: a case file (text starting\n"
    "with `gjk-case`) becomes a fuzzer input, anything else is read as a fuzzer\n"
    "input and becomes a case file with meta.family (verdict/classify.h);\n"
    "written to --out FILE, or to standard output.\n"
    "With --to: the files and folders (searched recursively) to convert",
    "Converts between case files (.case, gjk-case 1) and fuzzer inputs (the binary encoding of\n"
    "case/fuzz_input.h that fuzz_distance, fuzz_oracle and fuzz_cache read).",
    {{"to", "input|case",
      "input: every .case under PATH... becomes a fuzzer input in DIR, named after\n"
      "its path: corpus/seeds/short-edge/plank.case -> DIR/short-edge-plank; this is\n"
      "how corpus/ seeds the fuzzers. case: every file under PATH... becomes\n"
      "DIR/NAME.case"},
     {"out", "FILE|DIR",
      "without --to, the file written (default: standard output); with --to, the\n"
      "folder: new, empty, or holding only what --to writes (fuzzer inputs: files,\n"
      "no folder, no .case, .md or .txt; cases: .case files); never in the repository's\n"
      "corpus/ or reports/ (docs/cli.md)"},
     {"skip-violations", "STRATEGY",
      "with --to input: leave out the cases on which the strategy's answer is a\n"
      "violation (what gjkcheck campaign and the replay tests of fuzz_distance use).\n"
      "A 3D STRATEGY (vdb3, ...) converts the 3D cases (dimension 3) to the 3D\n"
      "encoding of case/fuzz_input_3d.h (fuzz_distance3d's inputs); otherwise the 3D\n"
      "cases are left out (counted), the 2D targets read the 2D encoding only"}},
    "",
    "Exit code 0, 2 when an input encodes no case or a case cannot be encoded (the others are\n"
    "converted), or for bad usage.",
};


void writeBytes(const fs::path& path, const std::vector<std::uint8_t>& bytes) {
  check::writeFileAtomically(path, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

int convertOne(const std::string& file, const std::string& out) {
  std::vector<std::uint8_t> bytes = readBytes(file);
  std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  if (check::looksLikeCaseText(text)) {
    check::Case value = check::parseCase(text, file);
    std::vector<std::uint8_t> encoded;
    try {
      encoded = check::encodeFuzzInput(value);
    } catch (const std::invalid_argument& error) {
      throw check::CaseError(file, 0, error.what());
    }
    if (out.empty()) {
      std::fwrite(encoded.data(), 1, encoded.size(), stdout);
    } else {
      writeBytes(out, encoded);
    }
    return EXIT_ALL_OK;
  }
  std::optional<check::Case> value = caseOfInputFile(file);
  if (!value) {
    throw check::CaseError(file, 0, "encodes no case (too short, or a number that is not finite)");
  }
  std::string formatted = check::formatCase(*value);
  if (out.empty()) {
    std::fputs(formatted.c_str(), stdout);
  } else {
    check::writeFileAtomically(out, formatted);
  }
  return EXIT_ALL_OK;
}

int convertToCases(const std::vector<std::string>& paths, const fs::path& folder) {
  int written = 0, failed = 0;
  for (const std::string& argument : paths) {
    std::vector<fs::path> files;
    if (fs::is_directory(argument)) {
      for (const auto& entry : fs::recursive_directory_iterator(argument)) {
        if (entry.is_regular_file()) files.push_back(entry.path());
      }
      std::sort(files.begin(), files.end());
    } else if (fs::exists(argument)) {
      files.push_back(argument);
    } else {
      throw check::CaseError(argument, 0, "no such file or directory");
    }
    for (const fs::path& file : files) {
      std::optional<check::Case> value = caseOfInputFile(file);
      if (!value) {
        std::fprintf(stderr, "%s: encodes no case, skipped\n", file.c_str());
        ++failed;
        continue;
      }
      check::writeFileAtomically(folder / (file.filename().string() + ".case"), check::formatCase(*value));
      ++written;
    }
  }
  std::printf("%d case files written to %s, %d inputs encode no case\n", written, folder.c_str(), failed);
  return failed ? EXIT_BAD_INPUT : EXIT_ALL_OK;
}

}  // namespace

std::vector<std::uint8_t> readBytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw check::CaseError(path.string(), 0, "cannot read");
  return std::vector<std::uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::optional<check::Case> caseOfInputFile(const fs::path& path) {
  std::vector<std::uint8_t> bytes = readBytes(path);
  std::optional<check::Case> value = check::decodeFuzzInput(bytes.data(), bytes.size());
  if (!value) return std::nullopt;
  value->setMeta("family", check::classifyFamily(*value, check::solveExactly(*value)));
  value->setMeta("converted-from", path.filename().string());
  value->source = path.string();
  return value;
}

ConversionCount convertCasesToInputs(const std::vector<std::string>& paths, const fs::path& folder,
                                     const check::StrategyInfo* skipViolationsOf, check::QueryKind query) {
  ConversionCount count;
  fs::create_directories(folder);
  for (const std::string& root : paths) {
    for (const fs::path& file : check::collectCaseFiles({root})) {
      check::Case value = check::readCaseFile(file);
      // The encoding of one dimension only (issue 23): the 2D targets read case/fuzz_input.h, fuzz_distance3d
      // case/fuzz_input_3d.h, and the same bytes mean a case to each. A 3D strategy converts the 3D cases.
      const int dimension = skipViolationsOf != nullptr && skipViolationsOf->dimension == 3 ? 3 : 2;
      if (value.dimension != dimension) {
        ++count.skippedOtherDimension;
        continue;
      }
      if (skipViolationsOf != nullptr) {
        if (query == check::QueryKind::Cast && !value.hasTranslation) {
          ++count.skippedOtherQuery;
          continue;
        }
        if (judgeCase(value, *skipViolationsOf, query).violation) {
          ++count.skippedAsViolation;
          continue;
        }
      }
      try {
        writeBytes(folder / check::fuzzInputName(file, root),
                   dimension == 3 ? check::encodeFuzzInput3d(value) : check::encodeFuzzInput(value));
        ++count.written;
      } catch (const std::invalid_argument& error) {
        std::fprintf(stderr, "%s: %s\n", file.c_str(), error.what());
        ++count.failed;
      }
    }
  }
  return count;
}

int convertCommand(int argc, char** argv, int first) {
  CommandLine line = parseCommandLine(argc, argv, first, SPEC);
  if (line.has("help")) return EXIT_ALL_OK;
  std::string to = line.value("to");
  if (to.empty()) {
    if (line.positional.size() != 1) throw UsageError("convert takes one FILE (or --to input|case --out DIR PATH...)");
    if (line.given("skip-violations")) throw UsageError("--skip-violations needs --to input");
    return convertOne(line.positional[0], line.value("out"));
  }
  if (to != "input" && to != "case") throw UsageError("--to takes input or case, got '" + to + "'");
  if (!line.given("out")) throw UsageError("--to needs --out DIR");
  const std::string out =
      outputFolder(line, "out", "convert", to == "input" ? OutputKind::Inputs : OutputKind::Cases).string();
  if (line.positional.empty()) throw UsageError("no PATH given");
  fs::create_directories(out);
  if (to == "case") {
    if (line.given("skip-violations")) throw UsageError("--skip-violations needs --to input");
    return convertToCases(line.positional, out);
  }
  const check::StrategyInfo* skip = nullptr;
  if (line.given("skip-violations")) {
    skip = check::findStrategy(line.value("skip-violations"));
    if (skip == nullptr) throw UsageError("unknown strategy '" + line.value("skip-violations") + "'");
  }
  // A cast strategy's violations are those of the cast verdict (and a case without a translation is none of
  // its cases); every other strategy's, of the distance verdict.
  const check::QueryKind query =
      skip != nullptr && skip->query == check::QueryKind::Cast ? check::QueryKind::Cast : check::QueryKind::Distance;
  ConversionCount count = convertCasesToInputs(line.positional, out, skip, query);
  std::printf("%d fuzzer inputs written to %s", count.written, out.c_str());
  if (skip != nullptr) std::printf(", %d cases left out as %s violations", count.skippedAsViolation, skip->name.c_str());
  if (count.skippedOtherDimension > 0) {
    std::printf(", %d %s cases left out", count.skippedOtherDimension,
                skip != nullptr && skip->dimension == 3 ? "2D" : "3D");
  }
  std::printf(", %d cases cannot be encoded\n", count.failed);
  return count.failed ? EXIT_BAD_INPUT : EXIT_ALL_OK;
}

}  // namespace gjk::tools
