// The table of known violations (known-violations.tsv) is complete and true:
// - it has one row for every registered strategy and every property that applies to it;
// - every `violates` row names a committed regression case (corpus/regressions/, named by its signature)
//   on which the strategy still fails that property, checked here deterministically, so a fix shows as a
//   failure of this test as much as a regression shows in the property itself. A fixed pair is set to
//   `holds` on purpose, with the story in the commit; the case file stays a regression with its verdict;
// - every row's families column names real families (check/families.h): "all" for holds, and for violates
//   the holding families (each once, never the committed counterexample's own family) or "none". Those
//   are the families the pair's random cases come from (strategy_properties.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>

#include "check/case.h"
#include "check/families.h"
#include "check/strategy.h"
#include "properties/property_support.h"

namespace gjk::properties {

// What gtest prints for a parameter: the row, not its bytes.
// (in gjk::properties, where argument-dependent lookup finds it)
void PrintTo(const KnownRow& row, std::ostream* out) {
  *out << row.strategy << " " << row.property << " (" << knownViolationsFile() << ":" << row.line << ")";
}

namespace {

namespace fs = std::filesystem;

std::vector<KnownRow> violatedPairs() {
  std::vector<KnownRow> rows;
  try {
    for (const KnownRow& row : knownViolations()) {
      if (row.status == "violates")
        rows.push_back(row);
    }
  } catch (const std::exception&) {
    // reported by KnownViolationTable.isWellFormed
  }
  return rows;
}

TEST(KnownViolationTable, isWellFormed) {
  EXPECT_NO_THROW(knownViolations());
}

TEST(KnownViolationTable, hasOneRowForEveryStrategyAndApplicableProperty) {
  std::map<std::pair<std::string, std::string>, int> seen;
  for (const KnownRow& row : knownViolations()) {
    ++seen[{row.strategy, row.property}];
    EXPECT_NO_THROW(strategyProperty(row.property)) << knownViolationsFile() << ":" << row.line;
    const StrategyInfo* strategy = check::findStrategy(row.strategy);
    if (strategy == nullptr) {
      EXPECT_EQ(row.strategy, "box2d-2.4.1")
          << knownViolationsFile() << ":" << row.line << ": unknown strategy";
      continue;  // the Box2D adapter is not built here
    }
    EXPECT_EQ(strategyProperty(row.property).notApplicable(*strategy), "")
        << knownViolationsFile() << ":" << row.line << ": the property does not apply to " << row.strategy;
  }
  for (const StrategyInfo& strategy : check::strategies()) {
    for (const StrategyProperty& property : strategyProperties()) {
      if (!property.notApplicable(strategy).empty())
        continue;
      EXPECT_EQ((seen[{strategy.name, property.name}]), 1)
          << strategy.name << " " << property.name << ": expected exactly one row in "
          << knownViolationsFile();
    }
  }
}

TEST(KnownViolationTable, namesACommittedRegressionCaseForEveryViolation) {
  for (const KnownRow& row : knownViolations()) {
    const std::string where = knownViolationsFile() + ":" + std::to_string(row.line);
    if (row.status == "holds") {
      EXPECT_EQ(row.counterexample, "-") << where;
      continue;
    }
    const fs::path file = fs::path(sourceDir()) / row.counterexample;
    ASSERT_TRUE(fs::is_regular_file(file)) << where << ": " << file;
    EXPECT_EQ(fs::path(row.counterexample).parent_path().generic_string(), "corpus/regressions") << where;
    const check::Case value = check::readCaseFile(file);
    EXPECT_EQ(value.metaValue("strategy"), row.strategy) << file;
    EXPECT_EQ(value.metaValue("property"), row.property) << file;
    EXPECT_EQ(value.metaValue("signature"),
              row.strategy + " " + row.property + " property " + value.metaValue("family"))
        << file;
    EXPECT_EQ(file.filename().string(), counterexampleFileName(value)) << file;
  }
}

TEST(KnownViolationTable, namesOnlyRealFamiliesWhereThePairHolds) {
  const std::vector<std::string> names = check::familyNames();
  std::map<std::string, std::pair<std::size_t, std::size_t>> coverage;  // strategy: checked, applicable
  for (const KnownRow& row : knownViolations()) {
    const std::string where = knownViolationsFile() + ":" + std::to_string(row.line);
    if (row.status == "holds") {
      EXPECT_EQ(row.familiesField, "all") << where;
      EXPECT_EQ(row.families, names) << where;
    } else {
      EXPECT_NE(row.familiesField, "all") << where;
      EXPECT_EQ(row.familiesField == "none", row.families.empty()) << where;
      for (const std::string& family : row.families) {
        EXPECT_NE(std::find(names.begin(), names.end(), family), names.end())
            << where << ": '" << family << "' is not a family";
      }
      const fs::path file = fs::path(sourceDir()) / row.counterexample;
      if (fs::is_regular_file(file)) {
        const std::string family = check::readCaseFile(file).metaValue("family");
        EXPECT_EQ(std::find(row.families.begin(), row.families.end(), family), row.families.end())
            << where << ": the pair is violated in " << family << " (" << row.counterexample
            << "), so it cannot be listed as holding there";
      }
    }
    coverage[row.strategy].first += row.families.size();
    coverage[row.strategy].second += names.size();
  }
  std::cout << "(property, family) combinations checked on random cases, per strategy:\n";
  std::size_t checked = 0, all = 0;
  for (const auto& [strategy, counts] : coverage) {
    std::cout << "  " << strategy << ": " << counts.first << " of " << counts.second << "\n";
    checked += counts.first;
    all += counts.second;
  }
  std::cout << "  total: " << checked << " of " << all << "\n";
}

class KnownViolation : public ::testing::TestWithParam<KnownRow> {};

TEST_P(KnownViolation, stillReproducesOnItsCommittedCase) {
  const KnownRow& row = GetParam();
  const StrategyInfo* strategy = check::findStrategy(row.strategy);
  if (strategy == nullptr)
    GTEST_SKIP() << row.strategy << " is not built here";
  const check::Case value = check::readCaseFile(fs::path(sourceDir()) / row.counterexample);
  CaseContext context(value);
  const std::string failure = strategyProperty(row.property).check(*strategy, context);
  EXPECT_NE(failure, "") << row.strategy << " now satisfies " << row.property
                         << " on its committed counterexample " << row.counterexample
                         << ". Fixed? Set the row to holds (families: all) in " << knownViolationsFile()
                         << " (the property then runs on random cases of every family for it) and say so in the commit.";
  std::cout << "reproduced: " << row.strategy << " " << row.property << " on " << row.counterexample << ": "
            << failure << "\n(on random cases, the pair is checked in " << row.families.size() << " of "
            << check::familyNames().size() << " families: " << row.familiesField << ")\n";
}

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(KnownViolation);

INSTANTIATE_TEST_SUITE_P(KnownViolations, KnownViolation, ::testing::ValuesIn(violatedPairs()),
                         [](const ::testing::TestParamInfo<KnownRow>& info) {
                           std::string name = info.param.strategy + "_" + info.param.property;
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c)))
                               c = '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace gjk::properties
