// Fuzzer inputs on disk, shared by `gjkcheck convert` and `gjkcheck campaign`.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "case/case.h"
#include "verdict/strategy.h"

namespace gjk::tools {

struct ConversionCount {
  int written = 0;
  int skippedAsViolation = 0;  // cases the --skip-violations strategy fails
  int skippedOtherQuery = 0;   // cases that cannot be asked the query (a cast query of a case with no b.translation)
  int skippedOtherDimension = 0;  // 3D cases, or 2D ones for a 3D strategy: the encoding is of one dimension
  int failed = 0;              // inputs that encode no case (to .case) or cases that cannot be encoded
};

// Writes the fuzzer input of every case named by `paths` (files, folders searched for *.case) into
// `folder`, one file per case named after its path below the argument ("short-edge-plank"). When
// `skipViolationsOf` is given, a case on which that strategy's answer is a violation is not written: a
// violation of the distance verdict, or of the penetration or cast verdict when `query` is Penetration or
// Cast. For a Cast query with a skipping strategy, a case with no `b.translation` line is not written either
// (it cannot be judged as a cast, and fuzz_cast passes over inputs without a translation).
// Only cases of one dimension are written: the 3D ones in the 3D encoding (case/fuzz_input_3d.h) when
// `skipViolationsOf` is a 3D strategy, else the 2D ones; the others are counted in skippedOtherDimension.
ConversionCount convertCasesToInputs(const std::vector<std::string>& paths, const std::filesystem::path& folder,
                                     const check::StrategyInfo* skipViolationsOf,
                                     check::QueryKind query = check::QueryKind::Distance);

// The bytes of a file; throws check::CaseError naming it when it cannot be read.
std::vector<std::uint8_t> readBytes(const std::filesystem::path& path);

// The case of a fuzzer input file with meta.family (verdict/classify.h) and meta.converted-from; nullopt
// when the bytes encode no case.
std::optional<check::Case> caseOfInputFile(const std::filesystem::path& path);

}  // namespace gjk::tools
