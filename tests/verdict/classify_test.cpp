// The family classifier and violation signatures (verdict/classify.h), checked against the seed folders
// and against the regression convention of corpus/regressions.
#include <gtest/gtest.h>

#include <map>

#include "verdict/classify.h"
#include "verdict/exact_case.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"

namespace {

using namespace gjk::check;
namespace fs = std::filesystem;

const fs::path SOURCE = GJK_SOURCE_DIR;

std::string familyOf(const Case& value) { return classifyFamily(value, solveExactly(value)); }

// The seed folders' names, spelled as the families: two differ, and `crossing` is not a family (two
// crossing segments are degenerate).
std::string familyOfFolder(const std::string& folder) {
  static const std::map<std::string, std::string> SPELLING = {
      {"duplicate", "duplicates"}, {"far-from-origin", "large-offset"}, {"crossing", "degenerate"}};
  auto it = SPELLING.find(folder);
  return it == SPELLING.end() ? folder : it->second;
}

TEST(Classify, agreesWithTheSeedFoldersButForTwoRotatedSeeds) {
  // Two rotated seeds are filed by what they test (the rotation); the classifier names an earlier
  // feature of theirs: a rotated segment against a point (degenerate), and shapes that touch.
  const std::map<std::string, std::string> knownDifferences = {
      {"rotated/float-pair-0.6-0.8.case", "degenerate"}, {"rotated/half-turn-and-minus-quarter.case", "touching"}};
  int agree = 0, total = 0;
  for (const fs::path& file : collectCaseFiles({(SOURCE / "corpus/seeds").string()})) {
    // The cast seeds are filed by their cast family (meta.family cast-*), a motion the distance classifier,
    // which looks at t = 0, does not name.
    if (file.parent_path().filename() == "cast") continue;
    // The 3D seeds (corpus/seeds/3d) are filed by the 3D families, whose feature seeds3_test.cpp checks.
    if (readCaseFile(file).dimension == 3) continue;
    std::string relative = fs::relative(file, SOURCE / "corpus/seeds").generic_string();
    std::string expected = familyOfFolder(file.parent_path().filename().string());
    std::string got = familyOf(readCaseFile(file));
    ++total;
    if (got == expected) {
      ++agree;
    } else {
      auto known = knownDifferences.find(relative);
      EXPECT_TRUE(known != knownDifferences.end() && known->second == got)
          << relative << ": folder " << expected << ", classified " << got;
    }
  }
  EXPECT_GE(agree, total - 2) << agree << " of " << total;
}

TEST(Classify, returnsOnlyTheListedFamilies) {
  const std::vector<std::string>& names = classifiedFamilies();
  for (const fs::path& file : collectCaseFiles({(SOURCE / "corpus").string()})) {
    if (readCaseFile(file).dimension == 3) continue;  // verdict/classify3.h's (classify3_test.cpp)
    std::string family = familyOf(readCaseFile(file));
    EXPECT_NE(std::find(names.begin(), names.end(), family), names.end()) << file << ": " << family;
  }
}

// File names of strategies and causes: a plugin is named by its file and entry, never by the folders of
// its path (which say where it was built); built-in names stay as they are.
TEST(Classify, namesFilesOfStrategiesAndCausesPortably) {
  EXPECT_EQ(strategyFileName("box2d-v3.1"), "box2d-v3.1");
  EXPECT_EQ(strategyFileName("perp+local+scaled"), "perp-local-scaled");
  EXPECT_EQ(strategyFileName("plugin:/work/scratch/box2d-v3.1.1.so"), "plugin-box2d-v3.1.1");
  EXPECT_EQ(strategyFileName("plugin:/work/scratch/box2d-v3.1.1.so#b2ShapeDistance"),
            "plugin-box2d-v3.1.1-b2ShapeDistance");
  EXPECT_EQ(strategyFileName("plugin:libmine.so"), "plugin-libmine");
  EXPECT_EQ(causeFileName("plugin:/tmp/a b/triangle_abort_plugin.so", "crash", "abort"),
            "plugin-triangle_abort_plugin.crash.abort.case");
  EXPECT_EQ(causeFileName("box2d-v3.1", "false-overlap", "tiny-direction-overlap"),
            "box2d-v3.1.false-overlap.tiny-direction-overlap.case");
}

TEST(Classify, namesBox2dsShortEdgeFailureAsItsRegressionDoes) {
  Case plank = readCaseFile(SOURCE / "corpus/seeds/short-edge/box2d-plank-vs-point.case");
  const StrategyInfo& strategy = *findStrategy("box2d-v3.1");
  gjk::oracle::ExactAnswer exact = solveExactly(plank);
  StrategyResult result = strategy.run(plank, {});
  Verdict verdict = judge(plank, exact, result, strategy);
  ASSERT_TRUE(verdict.violation);
  ViolationSummary summary = summarizeViolation(plank, strategy, exact, result, verdict);
  EXPECT_EQ(summary.family, "short-edge");
  EXPECT_EQ(summary.signature, "box2d-v3.1 false-overlap tiny-direction-overlap");
  EXPECT_EQ(summary.fileName, "box2d-v3.1.false-overlap.tiny-direction-overlap.case");
  EXPECT_NE(summary.story.find("reports distance 0"), std::string::npos) << summary.story;
  EXPECT_NE(summary.story.find("0.0049999952"), std::string::npos) << summary.story;

  Case filed = regressionCase(plank, strategy, summary, verdict, "campaign box2d-v3.1 2026-11-21");
  EXPECT_EQ(filed.metaValue("strategy"), "box2d-v3.1");
  EXPECT_EQ(filed.metaValue("expected-verdict"), "violation");
  EXPECT_EQ(filed.metaValue("expected-reasons"), reasonList(verdict));
  EXPECT_EQ(filed.metaValue("signature"), summary.signature);
  EXPECT_EQ(filed.metaValue("family"), "short-edge");
  Case reread = parseCase(formatCase(filed), "reread.case");
  EXPECT_EQ(reread.metaValue("story"), summary.story);
}

// A cast case's regression case keeps its translation (b.translation): without it `corpus check` judged the
// filed case as another query, and a cast campaign stopped at its first finding ("a cast strategy needs a
// cast case").
TEST(Classify, theRegressionCaseOfACastCaseIsACastCase) {
  Case value;
  value.a.vertices = {{0, 0}, {1, 0}, {0, 1}};
  value.b.vertices = {{3, 0}};
  value.hasTranslation = true;
  value.translationX = -4;
  value.translationY = 0.5f;
  const StrategyInfo& strategy = *findStrategy("robust-cast");
  ViolationSummary summary;
  summary.family = "cast-head-on";
  summary.signature = "robust-cast missed-hit miss";
  Case filed = regressionCase(value, strategy, summary, Verdict{}, "test");
  EXPECT_TRUE(filed.hasTranslation);
  EXPECT_EQ(filed.translationX, -4.0f);
  EXPECT_EQ(filed.translationY, 0.5f);
  Case reread = parseCase(formatCase(filed), "reread.case");
  EXPECT_TRUE(reread.hasTranslation);
  EXPECT_EQ(reread.translationY, 0.5f);
}

TEST(Classify, usesTheRulesInOrder) {
  auto square = [](float x, float y, float h) {
    ShapeSpec s;
    s.vertices = {{x - h, y - h}, {x + h, y - h}, {x + h, y + h}, {x - h, y + h}};
    return s;
  };
  Case value;
  value.a = square(0, 0, 1);
  value.b = square(3, 0.5f, 1);
  EXPECT_EQ(familyOf(value), "random-convex");
  value.b.rotationC = 0.6f, value.b.rotationS = 0.8f;
  EXPECT_EQ(familyOf(value), "rotated");
  value.b.rotationC = 1, value.b.rotationS = 0;
  value.b.radius = 0.5f;
  EXPECT_EQ(familyOf(value), "radius");
  value.b.radius = 0;
  value.a.vertices.push_back(value.a.vertices[0]);
  EXPECT_EQ(familyOf(value), "duplicates");
  value.a = square(0, 0, 1);
  value.a.vertices.push_back({0, -1});  // on the bottom edge
  EXPECT_EQ(familyOf(value), "collinear");
  value.a = square(0, 0, 1e-7f);
  value.b = square(3e-7f, 0, 1e-7f);
  EXPECT_EQ(familyOf(value), "scale");
  value.a = square(0, 0, 1);
  value.b = square(3, 0, 1);
  value.a.positionX = value.b.positionX = 1e5f;
  EXPECT_EQ(familyOf(value), "large-offset");
}

}  // namespace
