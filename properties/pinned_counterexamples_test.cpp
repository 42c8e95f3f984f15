// Each counterexample that `gjkcheck properties` found and reports/properties/ keeps still violates its
// property for its strategy: a fix shows as a failure here (then regenerate the report), and so does a
// counterexample that no longer reads.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "case/case.h"
#include "properties/property_support.h"
#include "verdict/claims.h"

namespace {

namespace fs = std::filesystem;

std::vector<std::string> pinnedCounterexamples() {
  std::vector<std::string> files;
  const fs::path folder = fs::path(gjk::properties::sourceDir()) / "reports" / "properties" / "counterexamples";
  if (fs::is_directory(folder)) {
    for (const auto& entry : fs::directory_iterator(folder)) {
      if (entry.path().extension() == ".case") files.push_back(entry.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

class PinnedCounterexample : public testing::TestWithParam<std::string> {};

TEST_P(PinnedCounterexample, stillViolatesItsProperty) {
  const gjk::check::Case value = gjk::check::readCaseFile(GetParam());
  const gjk::check::StrategyInfo* strategy = gjk::check::findStrategy(value.metaValue("strategy"));
  ASSERT_NE(strategy, nullptr) << GetParam() << ": meta.strategy '" << value.metaValue("strategy") << "'";
  ASSERT_EQ(value.metaValue("expected-property"), "violated") << GetParam();
  const gjk::check::StrategyProperty& property = gjk::check::strategyProperty(value.metaValue("property"));
  gjk::check::CaseContext context(value);
  EXPECT_NE(property.check(*strategy, context), "")
      << GetParam() << ": " << strategy->name << " now satisfies " << property.name
      << " on its counterexample; regenerate reports/properties (its README has the command)";
}

// The folder is part of the repository: an empty list means the report is missing, which must fail.
TEST(PinnedCounterexamples, areCommitted) { EXPECT_FALSE(pinnedCounterexamples().empty()); }

std::string testName(const testing::TestParamInfo<std::string>& info) {
  std::string name = fs::path(info.param).stem().string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Report, PinnedCounterexample, testing::ValuesIn(pinnedCounterexamples()), testName);

}  // namespace
