// Case files on disk: readCaseFile, writeFileAtomically and collectCaseFiles, in a scratch folder.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <vector>

#include "case/case.h"

namespace gjk::check {
namespace {

namespace fs = std::filesystem;

constexpr const char* SMALL_CASE = "gjk-case 1\nmeta.family disk\na.vertex 1 2\nb.vertex 3 4\n";

// A fresh folder per test, removed at the end.
class CaseDiskTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = fs::temp_directory_path() / ("gjk_case_disk_" + std::to_string(::getpid()) + "_" + info->name());
    fs::remove_all(root_);
    fs::create_directories(root_);
  }
  void TearDown() override {
    std::error_code ignored;
    fs::permissions(root_, fs::perms::owner_all, fs::perm_options::add, ignored);
    fs::remove_all(root_, ignored);
  }

  void write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
  }

  static std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }

  // The names in a folder, to check that no temporary file is left behind.
  static std::vector<std::string> names(const fs::path& folder) {
    std::vector<std::string> result;
    for (const auto& entry : fs::directory_iterator(folder)) {
      result.push_back(entry.path().filename().string());
    }
    std::sort(result.begin(), result.end());
    return result;
  }

  fs::path root_;
};

TEST_F(CaseDiskTest, readCaseFileParsesAndRecordsThePathAsSource) {
  const fs::path path = root_ / "one.case";
  write(path, SMALL_CASE);
  const Case c = readCaseFile(path);
  EXPECT_EQ(c.source, path.string());
  EXPECT_EQ(c.metaValue("family"), "disk");
  ASSERT_EQ(c.b.vertices.size(), 1u);
  EXPECT_EQ(c.b.vertices[0].y, 4.0f);
}

TEST_F(CaseDiskTest, readCaseFileReadsBytesAsTheyAre) {
  // Binary read: CRLF and a NUL byte reach the parser unchanged.
  const fs::path crlf = root_ / "crlf.case";
  write(crlf, "gjk-case 1\r\na.vertex 1 2\r\nb.vertex 3 4\r\n");
  EXPECT_EQ(readCaseFile(crlf).a.vertices.size(), 1u);
  const fs::path nul = root_ / "nul.case";
  write(nul, std::string("gjk-case 1\n\0\n", 13));
  try {
    readCaseFile(nul);
    ADD_FAILURE() << "no error";
  } catch (const CaseError& e) {
    EXPECT_EQ(e.what(), nul.string() + ":2: not text: byte 0x00 at column 1");
    EXPECT_EQ(e.file(), nul.string());
    EXPECT_EQ(e.line(), 2);
  }
}

TEST_F(CaseDiskTest, readCaseFileErrorsNameTheFile) {
  auto expectError = [](const fs::path& path, const std::string& expected) {
    try {
      readCaseFile(path);
      ADD_FAILURE() << "no error; expected: " << expected;
    } catch (const CaseError& e) {
      EXPECT_EQ(e.what(), expected);
      EXPECT_EQ(e.file(), path.string());
      EXPECT_EQ(e.line(), 0);
    }
  };
  expectError(root_ / "missing.case", (root_ / "missing.case").string() + ": no such file or directory");
  expectError(root_, root_.string() + ": is a directory, expected a .case file");
  const fs::path empty = root_ / "empty.case";
  write(empty, "");
  expectError(empty, empty.string() + ": empty file, expected `gjk-case 1`");
  // Longer than 1 MiB (docs/case-format.md): the reader stops reading and names the file's size.
  const fs::path big = root_ / "big.case";
  write(big, std::string(SMALL_CASE) + std::string(3 * MAX_CASE_FILE_BYTES, '\n'));
  expectError(big, big.string() + ": longer than 1 MiB (" + std::to_string(fs::file_size(big)) +
                       " bytes; a case file is at most 1048576 bytes)");
  if (::geteuid() != 0) {  // root reads anything
    const fs::path locked = root_ / "locked.case";
    write(locked, SMALL_CASE);
    fs::permissions(locked, fs::perms::none);
    expectError(locked, locked.string() + ": permission denied");
  }
}

TEST_F(CaseDiskTest, writeFileAtomicallyCreatesAndReplacesLeavingNoTemporaryFile) {
  const fs::path path = root_ / "out.case";
  writeFileAtomically(path, SMALL_CASE);
  EXPECT_EQ(read(path), SMALL_CASE);
  writeFileAtomically(path, "second");
  EXPECT_EQ(read(path), "second");
  writeFileAtomically(path, "");
  EXPECT_EQ(read(path), "");
  EXPECT_EQ(names(root_), std::vector<std::string>{"out.case"});
}

TEST_F(CaseDiskTest, writeFileAtomicallyRoundTripsACase) {
  const fs::path path = root_ / "round.case";
  Case c = parseCase(SMALL_CASE, "mem");
  c.a.vertices.push_back(Vertex{0x1p-149f, -0.0f});
  writeFileAtomically(path, formatCase(c));
  EXPECT_EQ(formatCase(readCaseFile(path)), formatCase(c));
}

TEST_F(CaseDiskTest, writeFileAtomicallyFailsNamingThePathAndRemovesItsTemporaryFile) {
  const fs::path missingFolder = root_ / "no" / "such" / "folder" / "out.case";
  try {
    writeFileAtomically(missingFolder, "x");
    ADD_FAILURE() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("cannot write " + missingFolder.string() + ": ", 0), 0u)
        << e.what();
  }
  // The target is a folder: the temporary file is written, the rename fails, and it is removed.
  const fs::path folder = root_ / "taken";
  fs::create_directories(folder / "inside");
  try {
    writeFileAtomically(folder, "x");
    ADD_FAILURE() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()).rfind("cannot write " + folder.string() + ": rename ", 0), 0u)
        << e.what();
  }
  EXPECT_EQ(names(root_), std::vector<std::string>{"taken"});
}

TEST_F(CaseDiskTest, collectCaseFilesTakesFilesAsGivenAndSearchesFoldersSorted) {
  write(root_ / "corpus" / "z.case", SMALL_CASE);
  write(root_ / "corpus" / "a.case", SMALL_CASE);
  write(root_ / "corpus" / "notes.txt", "not a case");
  write(root_ / "corpus" / "m" / "b.case", SMALL_CASE);
  write(root_ / "corpus" / "m" / "deeper" / "c.case", SMALL_CASE);
  write(root_ / "corpus" / "b" / "x.case", SMALL_CASE);
  write(root_ / "single.txt", SMALL_CASE);
  fs::create_directories(root_ / "emptyfolder");
  const std::string corpus = (root_ / "corpus").string();

  const std::vector<fs::path> files =
      collectCaseFiles({(root_ / "single.txt").string(), corpus, (root_ / "emptyfolder").string(),
                        (root_ / "corpus" / "a.case").string()});
  const std::vector<fs::path> expected = {
      root_ / "single.txt",               // a file is taken as given, whatever its extension
      root_ / "corpus" / "a.case",        // then the folder, sorted by path
      root_ / "corpus" / "b" / "x.case",  //
      root_ / "corpus" / "m" / "b.case",  //
      root_ / "corpus" / "m" / "deeper" / "c.case",
      root_ / "corpus" / "z.case",  //
      root_ / "corpus" / "a.case",  // named again: listed again, in argument order
  };
  EXPECT_EQ(files, expected);
  EXPECT_TRUE(collectCaseFiles({}).empty());
}

TEST_F(CaseDiskTest, collectCaseFilesNamesAMissingPath) {
  write(root_ / "a.case", SMALL_CASE);
  const std::string missing = (root_ / "nope").string();
  try {
    collectCaseFiles({(root_ / "a.case").string(), missing});
    ADD_FAILURE() << "no error";
  } catch (const CaseError& e) {
    EXPECT_EQ(e.what(), missing + ": no such file or directory");
    EXPECT_EQ(e.file(), missing);
    EXPECT_EQ(e.line(), 0);
  }
}

}  // namespace
}  // namespace gjk::check
