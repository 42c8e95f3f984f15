// The replay main: linked into every fuzz target when the compiler is not clang (or libFuzzer is not
// wanted), so the targets build in the default preset, ctest replays their corpora, and a crash found
// by libFuzzer replays under gdb with an ordinary build:
//
//   gdb --args build/default/fuzz/fuzz_distance crash-1234abcd
//
// Usage: TARGET [-flag=value ...] FILE_OR_DIR...
// Each file is read and passed to LLVMFuzzerTestOneInput once; folders are searched recursively, files
// in sorted order. Arguments starting with '-' are libFuzzer flags and are ignored (so a libFuzzer
// command line such as `TARGET -runs=0 DIR` works with both mains). LLVMFuzzerInitialize is called
// first when the target defines it. Exit status 0 when every input ran; a failing input aborts.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
extern "C" __attribute__((weak)) int LLVMFuzzerInitialize(int* argc, char*** argv);

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  if (LLVMFuzzerInitialize) LLVMFuzzerInitialize(&argc, &argv);
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    std::string argument = argv[i];
    if (argument == "-help=1" || argument == "--help") {
      std::printf("usage: %s [-flag=value ...] FILE_OR_DIR...\nreplay main (not libFuzzer): runs each input once\n",
                  argv[0]);
      return 0;
    }
    if (!argument.empty() && argument[0] == '-') continue;
    fs::path path(argument);
    std::error_code error;
    if (fs::is_directory(path, error)) {
      std::vector<fs::path> found;
      for (const auto& entry : fs::recursive_directory_iterator(path)) {
        if (entry.is_regular_file()) found.push_back(entry.path());
      }
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::exists(path, error)) {
      files.push_back(path);
    } else {
      std::fprintf(stderr, "%s: no such file or directory: %s\n", argv[0], argument.c_str());
      return 2;
    }
  }
  for (const fs::path& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::fprintf(stderr, "replay %s (%zu bytes)\n", file.c_str(), bytes.size());
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
  }
  std::fprintf(stderr, "replay main: %zu inputs ran\n", files.size());
  return 0;
}
