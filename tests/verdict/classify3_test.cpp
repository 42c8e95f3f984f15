// The 3D family classifier and violation summary (verdict/classify3.h): a case of a 3D family classifies as that
// family or as one whose rule comes earlier (the first rule that holds names the family), the names are the
// listed ones, and a 3D violation's summary has the 2D form of signature and file name.
#include <gtest/gtest.h>

#include <algorithm>

#include "families/families.h"
#include "verdict/classify3.h"
#include "verdict/strategy.h"
#include "verdict/verdict3.h"

namespace {

using namespace gjk::check;
namespace fs = std::filesystem;

int ruleIndex(const std::string& family) {
  const std::vector<std::string>& names = classifiedFamilies3();
  return static_cast<int>(std::find(names.begin(), names.end(), family) - names.begin());
}

TEST(Classify3, aFamilyCaseIsItsFamilyOrAnEarlierRule) {
  for (const std::string& family : familyNames3()) {
    if (family == "scale") continue;  // not a rule (classify3.h)
    for (std::uint64_t index = 0; index < 4; ++index) {
      const Case value = sampleFamily3(family, 1, index);
      const std::string classified = classifyFamily3(value);
      SCOPED_TRACE(family + " " + std::to_string(index) + ": " + classified);
      ASSERT_LT(ruleIndex(classified), static_cast<int>(classifiedFamilies3().size()));
      const bool small = value.a.vertices.size() <= CLASSIFY3_MAX_VERTICES && value.b.vertices.size() <= CLASSIFY3_MAX_VERTICES;
      const bool pairwise = family == "near-parallel" || family == "coplanar" || family == "edge-edge";
      if (small || !pairwise) EXPECT_LE(ruleIndex(classified), ruleIndex(family));
    }
  }
}

TEST(Classify3, namesTheFirstFeatureThatHolds) {
  Case value;
  value.dimension = 3;
  value.a.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  value.b.vertices = {{3, 0.25f, 0.5f}, {4, 1.5f, 0.25f}, {3.5f, 2, 1.75f}, {4.5f, 0.5f, 2.5f}};
  const std::string plain = classifyFamily3(value);
  EXPECT_TRUE(plain == "random-convex" || plain == "edge-edge") << plain;
  value.b.vertices.push_back(value.b.vertices[1]);
  EXPECT_EQ(classifyFamily3(value), "duplicates");
  value.b.vertices.pop_back();
  value.a.positionX = 1e5f;
  value.b.positionX = 1e5f;
  EXPECT_EQ(classifyFamily3(value), "large-offset");
}

TEST(Classify3, summarizesA3dViolationAsThe2dSummaryDoes) {
  Case value;
  value.dimension = 3;
  value.a.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  value.b.vertices = {{3, 0, 0}, {4, 0, 0}, {3, 1, 0}, {3, 0, 1}};
  const StrategyInfo& strategy = *findStrategy("vdb3");
  StrategyResult wrong = strategy.run(value, {});
  wrong.distance *= 2;  // twice the distance: a distance error
  const CaseJudge3 judge(value);
  const Verdict verdict = judge.judge(wrong, strategy);
  ASSERT_TRUE(verdict.violation);
  const ViolationSummary summary = summarizeViolation3(value, strategy, judge.exact(), wrong, verdict);
  EXPECT_EQ(summary.signature, "vdb3 " + verdict.reasons.front() + " " + wrong.termination);
  EXPECT_EQ(summary.signature, violationSignature(strategy, wrong, verdict));
  EXPECT_EQ(summary.fileName, causeFileName("vdb3", verdict.reasons.front(), wrong.termination));
  EXPECT_EQ(summary.family, classifyFamily3(value));
  EXPECT_NE(summary.story.find("exact distance is 2 (separated)"), std::string::npos) << summary.story;
  const Case filed = regressionCase(value, strategy, summary, verdict, "test");
  EXPECT_EQ(filed.dimension, 3);
  EXPECT_EQ(filed.metaValue("strategy"), "vdb3");
  EXPECT_EQ(filed.metaValue("expected-verdict"), "violation");
}

}  // namespace
