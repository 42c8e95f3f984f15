// Every case kept in corpus/ still gets what it expects: regressions their
// strategy's verdict and reasons, and every strategy its committed verdict on every seed
// (corpus/seeds/expected-verdicts.tsv). A fix shows here as much as a regression does: either way the
// expectation is updated on purpose, with the story in the commit.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "verdict/expectations.h"

namespace {

namespace fs = std::filesystem;
const fs::path CORPUS = fs::path(GJK_SOURCE_DIR) / "corpus";

std::vector<std::string> caseFiles(const fs::path& folder) {
  std::vector<std::string> files;
  for (const auto& path : gjk::check::collectCaseFiles({folder.string()})) files.push_back(path.string());
  return files;
}

class CorpusCase : public ::testing::TestWithParam<std::string> {};

TEST_P(CorpusCase, meetsItsOwnExpectations) {
  gjk::check::Case value = gjk::check::readCaseFile(GetParam());
  EXPECT_FALSE(value.metaValue("expected-relation").empty() && value.metaValue("expected-verdict").empty())
      << GetParam() << " expects nothing: a kept case states what it expects";
  for (const std::string& message : gjk::check::unmetCaseExpectations(value)) {
    ADD_FAILURE() << GetParam() << ": " << message;
  }
}

std::string testName(const ::testing::TestParamInfo<std::string>& info) {
  std::string name = fs::relative(info.param, CORPUS).generic_string();
  for (char& c : name) {
    if (!isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Regressions, CorpusCase, ::testing::ValuesIn(caseFiles(CORPUS / "regressions")), testName);
// Cases that were violations before the verdict's revision and are right now: each still gets ok.
INSTANTIATE_TEST_SUITE_P(Rejudged, CorpusCase, ::testing::ValuesIn(caseFiles(CORPUS / "rejudged")), testName);

TEST(CorpusRejudged, eachExpectsOkAndSaysWhy) {
  const std::vector<std::string> files = caseFiles(CORPUS / "rejudged");
  ASSERT_FALSE(files.empty());
  for (const std::string& file : files) {
    const gjk::check::Case value = gjk::check::readCaseFile(file);
    EXPECT_EQ(value.metaValue("expected-verdict"), "ok") << file;
    EXPECT_FALSE(value.metaValue("note").empty()) << file;
  }
}

TEST(CorpusRegressions, eachIsAViolationNamedByItsSignature) {
  std::vector<std::string> files = caseFiles(CORPUS / "regressions");
  ASSERT_FALSE(files.empty());
  for (const std::string& file : files) {
    gjk::check::Case value = gjk::check::readCaseFile(file);
    const std::string folder = fs::path(file).parent_path().filename().string();
    if (folder == "engines" || folder == "engines3d") {
      // A real engine's finding (reports/engines, reports/engines3d): named <case>.<engine>.case, its story in
      // the report.
      ASSERT_FALSE(value.metaValue("engines-report").empty()) << file;
      const std::string strategy = value.metaValue("strategy");
      ASSERT_FALSE(strategy.empty()) << file;
      const std::string name = fs::path(file).filename().string();
      EXPECT_TRUE(name.ends_with("." + strategy + ".case")) << file;
      continue;
    }
    std::string signature = value.metaValue("signature");
    ASSERT_FALSE(signature.empty()) << file;
    ASSERT_FALSE(value.metaValue("story").empty()) << file;
    std::string expectedName = signature;
    for (char& c : expectedName) {
      if (c == ' ') c = '.';
    }
    EXPECT_EQ(fs::path(file).filename().string(), expectedName + ".case") << file;
  }
}

TEST(SeedVerdicts, everyStrategyStillGivesItsCommittedVerdictOnEverySeed) {
  fs::path tableFile = CORPUS / "seeds" / gjk::check::VERDICT_TABLE_FILE;
  std::ifstream in(tableFile);
  ASSERT_TRUE(in) << tableFile;
  std::stringstream text;
  text << in.rdbuf();
  auto expected = gjk::check::parseVerdictTable(text.str(), tableFile.string());
  auto actual = gjk::check::computeVerdictTable(CORPUS / "seeds", gjk::check::verdictTableStrategies());
  EXPECT_EQ(expected.size(), actual.size());
  for (const std::string& difference : gjk::check::compareVerdictTables(expected, actual)) {
    ADD_FAILURE() << difference;
  }
}

}  // namespace
