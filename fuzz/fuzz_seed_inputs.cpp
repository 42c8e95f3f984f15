// fuzz_seed_inputs [--dimension 2|3] OUT PATH...: writes the fuzzer input of every case file named by the PATHs (files, or folders searched recursively for *.case) into the folder OUT, one file per case named
// after its path below its PATH argument, '/' turned into '-' (the names `gjkcheck convert --to input` gives).
// A 2D case is encoded as case/fuzz_input.h says (the bytes `gjkcheck convert --to input` writes), a 3D case as
// case/fuzz_input_3d.h says (the seeds of fuzz_oracle3d, fuzz/corpus/oracle3d; convert refuses 3D cases).
// .clusterfuzzlite/build.sh makes the seed corpora with it: it links only case/ and core/, so the OSS-Fuzz
// build does not compile the whole of gjkcheck with the sanitizers just to convert the corpus.
// With --dimension N only the cases of that dimension are written, the others skipped as `gjkcheck convert --to
// input` skips them (it writes the 2D cases of corpus/, a 3D campaign the 3D ones): the seeds of the 2D targets.
// Exit 0; 2 when a case file does not read or a case cannot be encoded (each named on stderr, file:line),
// after the others are written.
#include <cstdio>
#include <exception>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "case/case.h"
#include "case/fuzz_input.h"
#include "case/fuzz_input_3d.h"

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  int first = 1;
  int onlyDimension = 0;  // 0: every case, each in its own encoding
  if (argc > 2 && std::string_view(argv[1]) == "--dimension") {
    onlyDimension = std::string_view(argv[2]) == "3" ? 3 : std::string_view(argv[2]) == "2" ? 2 : -1;
    first = 3;
  }
  if (argc < first + 2 || onlyDimension < 0) {
    std::fprintf(stderr, "usage: fuzz_seed_inputs [--dimension 2|3] OUT PATH...\n");
    return 2;
  }
  const fs::path out = argv[first];
  fs::create_directories(out);
  int written = 0;
  int failed = 0;
  int skipped = 0;
  for (int i = first + 1; i < argc; ++i) {
    const fs::path root = argv[i];
    std::vector<fs::path> files;
    try {
      files = gjk::check::collectCaseFiles({root.string()});
    } catch (const gjk::check::CaseError& error) {
      std::fprintf(stderr, "%s\n", error.what());
      ++failed;
    }
    for (const fs::path& file : files) {
      try {
        const gjk::check::Case value = gjk::check::readCaseFile(file);
        if (onlyDimension != 0 && value.dimension != onlyDimension) {
          ++skipped;
          continue;
        }
        const std::vector<std::uint8_t> bytes =
            value.dimension == 3 ? gjk::check::encodeFuzzInput3d(value) : gjk::check::encodeFuzzInput(value);
        gjk::check::writeFileAtomically(out / gjk::check::fuzzInputName(file, root),
                                        std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
        ++written;
      } catch (const gjk::check::CaseError& error) {
        std::fprintf(stderr, "%s\n", error.what());  // file:line: message
        ++failed;
      } catch (const std::exception& error) {
        std::fprintf(stderr, "%s: %s\n", file.c_str(), error.what());
        ++failed;
      }
    }
  }
  std::printf("fuzz_seed_inputs: %d fuzzer inputs written to %s, %d cases could not be converted, %d of the other "
              "dimension left out\n", written, out.c_str(), failed, skipped);
  return failed ? 2 : 0;
}
