// The Bullet plugins' six strategies on the 3D families (families/families.h familyNames3), GJK_BULLET_FAMILY_CASES
// cases a family (default 20, seed 24): every answer judged by the 3D verdicts against the exact answer and the
// flagged and refused answers counted and printed per family and query. Bullet's wrong answers are the findings
// this measures, not asserted. Asserted is what a correct adapter owes: the same answer bit for bit when asked
// twice (the stack scribbled between), termination words that are Bullet's own, and a double build that is not the
// float one.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "families/families.h"
#include "tests/engines3d/bullet_plugin3.h"
#include "verdict/exact_case3.h"
#include "verdict/penetration_verdict3.h"
#include "verdict/verdict3.h"

namespace gjk::check {
namespace {

struct Column {
  const char* strategy;  // the manifest's name
  const char* plugin;    // path
  const char* entry;
  bool distance;  // else penetration
};

const Column COLUMNS[] = {
    {"bullet-gjkepa", GJK_BULLET_PLUGIN, "gjkepa", true},
    {"bullet-gjkepa", GJK_BULLET_PLUGIN, "gjkepa", false},
    {"bullet-gjkepa-f64", GJK_BULLET_F64_PLUGIN, "gjkepa", true},
    {"bullet-gjkepa-f64", GJK_BULLET_F64_PLUGIN, "gjkepa", false},
    {"bullet-pair", GJK_BULLET_PLUGIN, "pair", true},
    {"bullet-pair", GJK_BULLET_PLUGIN, "pair", false},
    {"bullet-pair-f64", GJK_BULLET_F64_PLUGIN, "pair", true},
    {"bullet-pair-f64", GJK_BULLET_F64_PLUGIN, "pair", false},
    {"bullet-gjkepa-margin", GJK_BULLET_PLUGIN, "gjkepa-margin", false},
    {"bullet-pair-margin", GJK_BULLET_PLUGIN, "pair-margin", true},
    {"bullet-pair-margin", GJK_BULLET_PLUGIN, "pair-margin", false},
};
constexpr int COLUMN_COUNT = int(sizeof COLUMNS / sizeof COLUMNS[0]);

const Plugin3& plugin(const char* path) {
  static Plugin3 f32(GJK_BULLET_PLUGIN);
  static Plugin3 f64(GJK_BULLET_F64_PLUGIN);
  return std::strcmp(path, GJK_BULLET_PLUGIN) == 0 ? f32 : f64;
}

struct Count {
  int flagged = 0;
  int refused = 0;
};

void countKind(std::map<std::string, int>& kinds, const std::vector<std::string>& reasons) {
  if (!reasons.empty()) ++kinds[reasons.front()];
}

bool sameBits(const void* x, const void* y, std::size_t size) { return std::memcmp(x, y, size) == 0; }

// Fills the stack below the caller with a pattern, so that an engine reading memory it never wrote (as the pair
// detector's simplex solver did on the stack) answers differently on the call after it.
[[gnu::noinline]] void scribbleStack() {
  volatile unsigned char page[1 << 16];
  for (std::size_t i = 0; i < sizeof page; ++i) page[i] = static_cast<unsigned char>(0x5a + i);
}

TEST(BulletFamilies, answersJudgedPerFamilyAndQuery) {
  const char* setting = std::getenv("GJK_BULLET_FAMILY_CASES");
  const int perFamily = setting != nullptr ? std::atoi(setting) : 20;
  const std::regex pairWord("degenerate[0-9]+-method-?[0-9]+|iteration-cap");
  for (int c = 0; c < COLUMN_COUNT; ++c) {
    std::printf("column %2d: %s, %s query\n", c, COLUMNS[c].strategy, COLUMNS[c].distance ? "distance" : "penetration");
  }
  std::printf("%-14s", "flagged/refused");
  for (int c = 0; c < COLUMN_COUNT; ++c) std::printf(" %8d", c);
  std::printf("   (of %d cases a family)\n", perFamily);
  std::vector<Count> totals(COLUMN_COUNT);
  std::vector<std::map<std::string, int>> kinds(COLUMN_COUNT);  // the primary kind of each flagged answer
  int cases = 0, f64Differs = 0;
  for (const std::string& family : familyNames3()) {
    std::vector<Count> counts(COLUMN_COUNT);
    for (int index = 0; index < perFamily; ++index) {
      const Case value = sampleFamily3(family, 24, std::uint64_t(index));
      const CaseJudge3 judge(value);
      ++cases;
      double f32Distance = 0;
      for (int c = 0; c < COLUMN_COUNT; ++c) {
        const Column& column = COLUMNS[c];
        const gjkcheck_entry3& entry = plugin(column.plugin).entry(column.entry);
        SCOPED_TRACE(std::string(column.strategy) + " " + value.source);
        bool flagged = false, refused = false;
        if (column.distance) {
          gjkcheck_distance_answer3 first, second;
          const StrategyResult result = runDistance3(entry, value, &first);
          scribbleStack();
          runDistance3(entry, value, &second);
          ASSERT_TRUE(sameBits(&first, &second, sizeof first));
          refused = result.failure == EngineFailure::Refused;
          if (!refused) {
            if (std::strcmp(column.entry, "gjkepa") == 0) {
              EXPECT_TRUE(result.termination == "Separated" || result.termination == "Penetrating");
            } else {
              EXPECT_TRUE(std::regex_match(result.termination, pairWord)) << result.termination;
            }
          }
          const Verdict verdict = judge.judge(result, entryInfo3(entry, QueryKind::Both));
          flagged = verdict.violation;
          countKind(kinds[c], verdict.reasons);
          if (c == 0) f32Distance = refused ? std::nan("") : result.distance;
          if (c == 2 && !refused && result.distance != f32Distance) ++f64Differs;
        } else {
          gjkcheck_penetration_answer3 first, second;
          const StrategyResult result = runPenetration3(entry, value, &first);
          scribbleStack();
          runPenetration3(entry, value, &second);
          ASSERT_TRUE(sameBits(&first, &second, sizeof first));
          refused = result.failure == EngineFailure::Refused;
          const QueryVerdict verdict =
              judgePenetration3(value, judge.exact(), result, entryInfo3(entry, QueryKind::Both));
          flagged = verdict.violation;
          countKind(kinds[c], verdict.reasons);
        }
        counts[c].flagged += flagged ? 1 : 0;
        counts[c].refused += refused ? 1 : 0;
      }
    }
    std::printf("%-15s", family.c_str());
    for (int c = 0; c < COLUMN_COUNT; ++c) {
      std::printf(" %4d/%-3d", counts[c].flagged, counts[c].refused);
      totals[c].flagged += counts[c].flagged;
      totals[c].refused += counts[c].refused;
    }
    std::printf("\n");
  }
  std::printf("%-15s", "all");
  for (int c = 0; c < COLUMN_COUNT; ++c) {
    std::printf(" %4d/%-3d", totals[c].flagged, totals[c].refused);
  }
  std::printf("   of %d cases; the f64 gjkepa distance differs from the f32 one on %d\n", cases, f64Differs);
  for (int c = 0; c < COLUMN_COUNT; ++c) {
    std::printf("column %2d primary kinds:", c);
    for (const auto& [kind, count] : kinds[c]) std::printf(" %s %d", kind.c_str(), count);
    std::printf("\n");
  }
  // The double library answers in double: on generic cases its distance is not the float one.
  EXPECT_GT(f64Differs, cases / 4);
}

}  // namespace
}  // namespace gjk::check
