// The 3D seam through gjkcheck-plugin-host (docs/workers.md, "Three dimensions"): the built-in vdb3 and epa3 as 3D
// plugin entries equal the built-ins bit for bit on generated 3D family cases; a 3D entry that aborts, sleeps, refuses
// or writes a line the host cannot read gives `crash`, `hang`, refused and `protocol` on exactly those queries and
// correct answers on the others; a case of the other dimension is refused by gjkcheck itself; a manifest's
// `dimension` must match its worker's +3d.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include "../tools/run_gjkcheck.h"
#include "families/families.h"
#include "oracle/oracle3.h"
#include "verdict/exact_case3.h"
#include "verdict/external_strategy.h"
#include "verdict/penetration_verdict3.h"
#include "verdict/strategy.h"
#include "verdict/verdict3.h"
#include "workers/manifest.h"
#include "workers/worker_client.h"

namespace gjk::check {
namespace {

// `perFamily` cases of every 3D family, seed 3.
std::vector<Case> familyCases3(std::uint64_t perFamily) {
  std::vector<Case> cases;
  for (const std::string& family : familyNames3()) {
    for (std::uint64_t index = 0; index < perFamily; ++index) cases.push_back(sampleFamily3(family, 3, index));
  }
  return cases;
}

// Doubles equal bit for bit; a NaN equals a NaN of the same sign (its payload does not cross the protocol).
bool sameBits(double a, double b) {
  if (std::isnan(a) && std::isnan(b)) return std::signbit(a) == std::signbit(b);
  return std::memcmp(&a, &b, sizeof a) == 0;
}

bool samePoint(const Point& a, const Point& b) { return sameBits(a.x, b.x) && sameBits(a.y, b.y) && sameBits(a.z, b.z); }

std::string distanceDifferences(const StrategyResult& got, const StrategyResult& want) {
  std::string text;
  if (!sameBits(got.distance, want.distance)) text += " distance";
  if (!samePoint(got.pointA, want.pointA)) text += " pointA";
  if (!samePoint(got.pointB, want.pointB)) text += " pointB";
  if (got.iterations != want.iterations) text += " iterations";
  if (got.termination != want.termination) text += " termination(" + got.termination + "/" + want.termination + ")";
  if (got.failure != EngineFailure::None) text += " failure: " + got.failureDetail;
  return text;
}

std::string penetrationDifferences(const StrategyResult& got, const StrategyResult& want) {
  std::string text;
  const PenetrationAnswer& g = got.penetration;
  const PenetrationAnswer& w = want.penetration;
  if (!g.answered) text += " unanswered";
  if (g.overlapping != w.overlapping) text += " overlapping";
  if (!sameBits(g.depth, w.depth)) text += " depth";
  if (!samePoint(g.normal, w.normal)) text += " normal";
  if (!samePoint(g.pointA, w.pointA)) text += " pointA";
  if (!samePoint(g.pointB, w.pointB)) text += " pointB";
  if (got.failure != EngineFailure::None) text += " failure: " + got.failureDetail;
  return text;
}

std::string plugin(const char* path, const std::string& entry) { return std::string("plugin:") + path + "#" + entry; }

TEST(Vdb3Plugin, EqualsTheBuiltInVdb3BitForBitOnTheFamilies) {
  const std::vector<Case> cases = familyCases3(20);
  ASSERT_GE(cases.size(), 300u);
  const StrategyInfo* vdb3 = findStrategy("vdb3");
  const StrategyInfo* entry = findStrategy(plugin(VDB3_PLUGIN, "vdb3"));
  ASSERT_NE(entry, nullptr);
  EXPECT_TRUE(entry->external);
  EXPECT_EQ(entry->dimension, 3);
  EXPECT_EQ(entry->query, QueryKind::Distance);
  EXPECT_EQ(entry->scalar, "float");
  EXPECT_EQ(entry->contact, ContactConvention::Merged);
  EXPECT_EQ(entry->version, "test");
  std::vector<StrategyResult> batch(cases.size());
  runBatch(*entry, cases, batch);  // pipelined
  int violations = 0;
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const StrategyResult want = vdb3->run(cases[k], {});
    EXPECT_EQ(distanceDifferences(batch[k], want), "") << cases[k].source;
    if (k % 25 == 0) {
      EXPECT_EQ(distanceDifferences(entry->run(cases[k], {}), want), "") << cases[k].source;  // one query
      // The 3D verdict judges the engine's answer as it judges the built-in's.
      const CaseJudge3 judge(cases[k]);
      const Verdict ours = judge.judge(want, *vdb3), theirs = judge.judge(batch[k], *entry);
      EXPECT_EQ(reasonList(theirs), reasonList(ours)) << cases[k].source;
      EXPECT_TRUE(sameBits(theirs.distanceErrorU, ours.distanceErrorU)) << cases[k].source;
      violations += ours.violation;
    }
  }
  // A 3D-only plugin has no first 2D entry: plugin:PATH names its first 3D entry.
  const StrategyInfo* first = findStrategy(std::string("plugin:") + VDB3_PLUGIN);
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->dimension, 3);
  EXPECT_EQ(distanceDifferences(first->run(cases[7], {}), vdb3->run(cases[7], {})), "");
}

TEST(Vdb3Plugin, ThePenetrationEntriesEqualTheBuiltInEpa3BitForBit) {
  std::vector<Case> cases;
  for (const Case& value : familyCases3(8)) cases.push_back(value);
  const StrategyInfo* epa3 = findStrategy("epa3");
  const StrategyInfo* vdb3 = findStrategy("vdb3");
  const StrategyInfo* penetration = findStrategy(plugin(VDB3_PLUGIN, "epa3"));
  const StrategyInfo* both = findStrategy(plugin(VDB3_PLUGIN, "vdb3-epa3"));
  ASSERT_NE(penetration, nullptr);
  ASSERT_NE(both, nullptr);
  EXPECT_EQ(penetration->query, QueryKind::Penetration);
  EXPECT_EQ(penetration->contact, ContactConvention::OnShapes);
  EXPECT_EQ(both->query, QueryKind::Both);
  std::vector<StrategyResult> penetrations(cases.size()), boths(cases.size());
  runBatch(*penetration, cases, penetrations);
  runBatch(*both, cases, boths);
  int overlapping = 0;
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const StrategyResult want = epa3->run(cases[k], {});
    EXPECT_EQ(penetrationDifferences(penetrations[k], want), "") << cases[k].source;
    EXPECT_EQ(penetrationDifferences(boths[k], want), "") << cases[k].source;
    EXPECT_EQ(distanceDifferences(boths[k], vdb3->run(cases[k], {})), "") << cases[k].source;
    overlapping += want.penetration.overlapping;
    if (k % 10 == 0) {
      // The 3D penetration verdict judges the engine's answer as it judges epa3's (same contact convention).
      const oracle::ExactAnswer3 exact = solveExactly3(cases[k]);
      const QueryVerdict ours = judgePenetration3(cases[k], exact, want, *epa3);
      const QueryVerdict theirs = judgePenetration3(cases[k], exact, penetrations[k], *penetration);
      EXPECT_EQ(theirs.reasons, ours.reasons) << cases[k].source;
      EXPECT_EQ(theirs.violation, ours.violation) << cases[k].source;
    }
  }
  EXPECT_GT(overlapping, 0);
}

Case marked(Case value, float x) {
  value.a.positionX = x;
  return value;
}

// An engine of both queries answers each on its own: the distance query that aborts is a crash, and the same case's
// penetration query (asked after the engine was restarted) is still answered; a comparison of the distance query
// alone does not ask the penetration query at all.
TEST(Faulty3Plugin, aDistanceCrashDoesNotHideThePenetrationAnswer) {
  const StrategyInfo* entry = findStrategy(plugin(FAULTY3_PLUGIN, "vdb3-both"));
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->query, QueryKind::Both);
  const std::vector<Case> cases = {marked(familyCases3(1)[0], 12345), familyCases3(1)[1]};
  std::vector<StrategyResult> results(cases.size());
  runBatch(*entry, cases, results);
  EXPECT_EQ(results[0].failure, EngineFailure::Crash);
  EXPECT_EQ(results[0].penetration.failure, EngineFailure::None);
  EXPECT_TRUE(results[0].penetration.answered);
  EXPECT_FALSE(results[0].penetration.overlapping);
  EXPECT_EQ(results[1].failure, EngineFailure::None);
  EXPECT_TRUE(results[1].penetration.answered);
  std::vector<StrategyResult> distanceOnly(cases.size());
  runBatch(*entry, cases, distanceOnly, QueryKind::Distance);
  EXPECT_EQ(distanceOnly[0].failure, EngineFailure::Crash);
  EXPECT_FALSE(distanceOnly[0].penetration.answered);
  EXPECT_FALSE(distanceOnly[1].penetration.answered);
  EXPECT_EQ(distanceOnly[1].failure, EngineFailure::None);
}

TEST(Faulty3Plugin, CrashHangRefusalAndProtocolLandOnTheirQueries) {
  setenv("GJKCHECK_WORKER_TIMEOUT", "0.3", 1);
  const StrategyInfo* entry = findStrategy(plugin(FAULTY3_PLUGIN, "vdb3"));
  unsetenv("GJKCHECK_WORKER_TIMEOUT");
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->dimension, 3);
  const std::vector<Case> all = familyCases3(1);
  const float marks[] = {0, 12345, 0, 23456, 34567, 0, 45678, 0};
  std::vector<Case> cases;
  for (std::size_t k = 0; k < std::size(marks); ++k) {
    cases.push_back(marks[k] == 0 ? all[k] : marked(all[k], marks[k]));
  }
  std::vector<StrategyResult> results(cases.size());
  runBatch(*entry, cases, results);
  const StrategyInfo* vdb3 = findStrategy("vdb3");
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const StrategyResult& r = results[k];
    const Verdict verdict = CaseJudge3(cases[k]).judge(r, *entry);
    if (marks[k] == 12345) {
      EXPECT_EQ(r.failure, EngineFailure::Crash) << k;
      EXPECT_NE(r.failureDetail.find("faulty3_plugin: shape A at x = 12345, calling abort()"), std::string::npos)
          << r.failureDetail;
      EXPECT_EQ(primaryKind(verdict), "crash");
      EXPECT_EQ(verdict.reasons.size(), 1u);
    } else if (marks[k] == 23456) {
      EXPECT_EQ(r.failure, EngineFailure::Hang) << k;
      // It sleeps: no answer within ten times the timeout (workers/worker_client.h).
      EXPECT_NE(r.failureDetail.find("no answer within 3 s (10 times the 0.3 s timeout)"), std::string::npos)
          << r.failureDetail;
      EXPECT_EQ(primaryKind(verdict), "hang");
    } else if (marks[k] == 34567) {
      EXPECT_EQ(r.failure, EngineFailure::Refused) << k;
      EXPECT_EQ(r.failureDetail, "the plugin refused the query (5)");
      EXPECT_FALSE(verdict.violation);
      EXPECT_TRUE(verdict.refused);
    } else if (marks[k] == 45678) {
      EXPECT_EQ(r.failure, EngineFailure::Protocol) << k;
      EXPECT_NE(r.failureDetail.find("a 3D distance answer has 11 words"), std::string::npos) << r.failureDetail;
      EXPECT_EQ(primaryKind(verdict), "protocol");
    } else {
      EXPECT_EQ(distanceDifferences(r, vdb3->run(cases[k], {})), "") << k;
    }
  }
}

TEST(Faulty3Plugin, A2DAnd3DPluginNamesEachEntryAndRefusesTheOtherDimension) {
  // The default entry is the first 2D one; #vdb3 is found among the 3D entries.
  const StrategyInfo* planar = findStrategy(std::string("plugin:") + FAULTY3_PLUGIN);
  const StrategyInfo* space = findStrategy(plugin(FAULTY3_PLUGIN, "vdb3"));
  ASSERT_NE(planar, nullptr);
  ASSERT_NE(space, nullptr);
  EXPECT_EQ(planar->dimension, 2);
  EXPECT_EQ(space->dimension, 3);
  try {
    findStrategy(plugin(FAULTY3_PLUGIN, "nothing"));
    ADD_FAILURE() << "an unknown entry was accepted";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("has no entry nothing (it has perp, vdb3, vdb3-both)"), std::string::npos)
        << error.what();
  }
  // A 2D case is never sent to a 3D engine, nor a 3D case to a 2D one: gjkcheck refuses them, the others answered.
  Case planarCase = sampleFamily("random-convex", 1, 0);
  Case spaceCase = familyCases3(1).front();
  std::vector<Case> mixed = {planarCase, spaceCase};
  std::vector<StrategyResult> results(2);
  runBatch(*space, mixed, results);
  EXPECT_EQ(results[0].failure, EngineFailure::Refused);
  EXPECT_EQ(results[0].failureDetail, "a 2D case, and this engine answers 3D cases only (its worker says +3d)");
  EXPECT_EQ(distanceDifferences(results[1], findStrategy("vdb3")->run(spaceCase, {})), "");
  runBatch(*planar, mixed, results);
  EXPECT_EQ(distanceDifferences(results[0], findStrategy("perp")->run(planarCase, {})), "");
  EXPECT_EQ(results[1].failure, EngineFailure::Refused);
  EXPECT_EQ(results[1].failureDetail,
            "a 3D case (dimension 3), and this engine answers 2D cases (its worker says no +3d)");
  EXPECT_EQ(space->run(planarCase, {}).failure, EngineFailure::Refused);
}

TEST(PluginHost3, TheHelloSaysPlus3dAndTheQueriesOfTheEntrysFunctions) {
  const std::pair<const char*, const char*> entries[] = {
      {"vdb3", "distance"}, {"epa3", "penetration"}, {"vdb3-epa3", "both"}};
  for (const auto& [entry, queries] : entries) {
    workers::WorkerClient client({{pluginHostProgram().string(), VDB3_PLUGIN, entry}, {}}, {});
    workers::Answer failed;
    std::optional<workers::Hello> hello = client.start(failed);
    ASSERT_TRUE(hello) << failed.detail;
    EXPECT_EQ(hello->dimension, 3) << entry;
    EXPECT_EQ(hello->queries, queries) << entry;
    EXPECT_TRUE(hello->floatBits);
    EXPECT_FALSE(hello->trace);
    EXPECT_EQ(hello->name, std::string("gjkcheck-vdb3#") + entry);
  }
  // A penetration request to a distance-only entry is refused by the host.
  workers::WorkerClient client({{pluginHostProgram().string(), VDB3_PLUGIN, "vdb3"}, {}}, {});
  const workers::Answer answer = client.queryOne(familyCases3(1).front(), workers::Query::Penetration);
  EXPECT_EQ(answer.status, workers::Status::Refused);
}

std::filesystem::path writeFile(const std::filesystem::path& file, const std::string& text) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file) << text;
  return file;
}

std::string manifest3(const std::string& name, const std::string& plugin, const std::string& entry,
                      const std::string& dimensionLine) {
  return "gjkcheck-engine 1\nname " + name + "\ndescription a test engine\nversion test\nscalar f32\n"
         "contact merged\nqueries distance\ncommand $PLUGIN_HOST " + plugin + " " + entry + "\nready " + plugin + "\n" +
         dimensionLine;
}

TEST(Manifest3, AnEngineOfDimension3RunsItsPluginThroughThePlaceholders) {
  test_support::TempDir dir("gjk-manifest3");
  writeFile(dir.path() / "vdb3-engine" / "manifest", manifest3("vdb3-engine", VDB3_PLUGIN, "vdb3", "dimension 3\n"));
  // A 3D worker under a manifest that says no dimension 3, and a 2D worker under one that says dimension 3.
  writeFile(dir.path() / "no-dimension" / "manifest", manifest3("no-dimension", VDB3_PLUGIN, "vdb3", ""));
  writeFile(dir.path() / "planar-worker" / "manifest", manifest3("planar-worker", FAULTY3_PLUGIN, "perp",
                                                                 "dimension 3\n"));
  std::vector<StrategyInfo> rows = manifestStrategies(dir.path());
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[2].name, "vdb3-engine");
  EXPECT_EQ(rows[2].dimension, 3);
  EXPECT_EQ(rows[2].install, "");  // ready: the plugin file exists
  EXPECT_EQ(rows[0].name, "no-dimension");
  EXPECT_EQ(rows[0].dimension, 2);
  const std::vector<Case> cases = familyCases3(2);
  std::vector<StrategyResult> results(cases.size());
  runBatch(rows[2], cases, results);
  for (std::size_t k = 0; k < cases.size(); ++k) {
    EXPECT_EQ(distanceDifferences(results[k], findStrategy("vdb3")->run(cases[k], {})), "") << cases[k].source;
  }
  // Its hello must say +3d iff its manifest says dimension 3: else every query is a protocol error saying so.
  StrategyResult wrong = rows[0].run(sampleFamily("random-convex", 1, 0), {});
  EXPECT_EQ(wrong.failure, EngineFailure::Protocol);
  EXPECT_NE(wrong.failureDetail.find("the worker's hello says +3d, and its manifest says no dimension 3"),
            std::string::npos)
      << wrong.failureDetail;
  wrong = rows[1].run(cases.front(), {});
  EXPECT_EQ(wrong.failure, EngineFailure::Protocol);
  EXPECT_NE(wrong.failureDetail.find("the worker's hello says no +3d, and its manifest says dimension 3"),
            std::string::npos)
      << wrong.failureDetail;
}

// gjkcheck-plugin-host --isolate (a manifest's command may ask for it): each batch is answered in a forked child, so
// an engine that aborts gives that query a `crash` answer in the worker's own words (how the child ended and its last
// stderr line) and every other query of the batch its answer, the ones after the abort included.
TEST(PluginHostIsolate, AnAbortIsACrashAnswerOfItsQueryAndTheBatchGoesOn) {
  test_support::TempDir dir("gjk-isolate");
  std::string text = manifest3("isolated", FAULTY3_PLUGIN, "vdb3", "dimension 3\n");
  const std::string plain = std::string("$PLUGIN_HOST ") + FAULTY3_PLUGIN;
  text.replace(text.find(plain), plain.size(), std::string("$PLUGIN_HOST --isolate ") + FAULTY3_PLUGIN);
  writeFile(dir.path() / "isolated" / "manifest", text);
  const std::vector<StrategyInfo> rows = manifestStrategies(dir.path());
  ASSERT_EQ(rows.size(), 1u);
  const std::vector<Case> all = familyCases3(1);
  std::vector<Case> cases;
  std::vector<bool> aborts;
  for (std::size_t k = 0; k < all.size(); ++k) {  // 15 cases, three of them aborting, one of them the last
    const bool abort = k == 2 || k == 3 || k + 1 == all.size();
    cases.push_back(abort ? marked(all[k], 12345) : all[k]);
    aborts.push_back(abort);
  }
  std::vector<StrategyResult> results(cases.size());
  runBatch(rows[0], cases, results);
  const StrategyInfo* vdb3 = findStrategy("vdb3");
  for (std::size_t k = 0; k < cases.size(); ++k) {
    if (aborts[k]) {
      EXPECT_EQ(results[k].failure, EngineFailure::Crash) << k;
      EXPECT_EQ(results[k].failureDetail,
                "the engine crashed on this query (the worker reported it and went on with a fresh engine): the "
                "engine's process was killed by signal 6 (Aborted): faulty3_plugin: shape A at x = 12345, calling "
                "abort()")
          << k;
    } else {
      EXPECT_EQ(distanceDifferences(results[k], vdb3->run(cases[k], {})), "") << k;
    }
  }
}

}  // namespace
}  // namespace gjk::check
