// Plugins through gjkcheck-plugin-host: the built-in perp as a plugin equals the built-in bit for bit on the
// corpus; a plugin that aborts, one that sleeps, one that refuses and a worker that answers garbage give
// `crash`, `hang`, refused and `protocol` on exactly their queries, and correct answers on the others.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>

#include "verdict/exact_case.h"
#include "verdict/external_strategy.h"
#include "verdict/strategy.h"
#include "verdict/verdict.h"
#include "workers/worker_client.h"

namespace gjk::check {
namespace {

// The 2D cases of the corpus (the worker protocol and the plugins take 2D cases only).
std::vector<Case> corpusCases() {
  std::vector<Case> cases;
  for (const auto& file : collectCaseFiles({std::string(GJK_SOURCE_DIR) + "/corpus"})) {
    Case value = readCaseFile(file);
    if (value.dimension == 2) cases.push_back(std::move(value));
  }
  return cases;
}

// Doubles equal bit for bit; a NaN equals a NaN of the same sign (its payload does not cross the protocol).
bool sameBits(double a, double b) {
  if (std::isnan(a) && std::isnan(b)) return std::signbit(a) == std::signbit(b);
  return std::memcmp(&a, &b, sizeof a) == 0;
}

std::string differences(const StrategyResult& got, const StrategyResult& want) {
  std::string text;
  if (!sameBits(got.distance, want.distance)) text += " distance";
  if (!sameBits(got.pointA.x, want.pointA.x) || !sameBits(got.pointA.y, want.pointA.y)) text += " pointA";
  if (!sameBits(got.pointB.x, want.pointB.x) || !sameBits(got.pointB.y, want.pointB.y)) text += " pointB";
  if (got.iterations != want.iterations) text += " iterations";
  if (got.termination != want.termination) text += " termination(" + got.termination + "/" + want.termination + ")";
  if (got.failure != EngineFailure::None) text += " failure: " + got.failureDetail;
  return text;
}

TEST(PerpPlugin, EqualsTheBuiltInPerpBitForBitOnEveryCorpusCase) {
  const std::vector<Case> cases = corpusCases();
  ASSERT_GT(cases.size(), 100u);
  const StrategyInfo* perp = findStrategy("perp");
  const StrategyInfo* plugin = findStrategy(std::string("plugin:") + PERP_PLUGIN);
  ASSERT_NE(plugin, nullptr);
  EXPECT_TRUE(plugin->external);
  EXPECT_EQ(plugin->scalar, "float");
  EXPECT_EQ(plugin->contact, ContactConvention::Merged);
  EXPECT_EQ(plugin->version, "test");
  std::vector<StrategyResult> batch(cases.size());
  runBatch(*plugin, cases, batch);  // pipelined
  for (std::size_t k = 0; k < cases.size(); ++k) {
    const StrategyResult want = perp->run(cases[k], {});
    EXPECT_EQ(differences(batch[k], want), "") << cases[k].source;
    if (k % 10 == 0) {
      EXPECT_EQ(differences(plugin->run(cases[k], {}), want), "") << cases[k].source;  // one query
    }
  }
}

TEST(PerpPlugin, TheNamedEntryAndUnknownOnes) {
  EXPECT_NE(findStrategy(std::string("plugin:") + PERP_PLUGIN + "#perp"), nullptr);
  try {
    findStrategy(std::string("plugin:") + PERP_PLUGIN + "#nothing");
    ADD_FAILURE() << "an unknown entry was accepted";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("has no entry nothing (it has perp)"), std::string::npos) << error.what();
  }
  EXPECT_THROW(findStrategy("plugin:/no/such/plugin.so"), std::invalid_argument);
}

// The plugin that crashes on an input: every case whose shape A is a triangle is a crash, each time it is
// asked and however it is sent; every other case gets perp's answer.
TEST(TriangleAbortPlugin, ACaseWithATriangleAIsACrashEveryTime) {
  const std::vector<Case> cases = corpusCases();
  const StrategyInfo* perp = findStrategy("perp");
  const StrategyInfo* plugin = findStrategy(std::string("plugin:") + TRIANGLE_ABORT_PLUGIN);
  ASSERT_NE(plugin, nullptr);
  std::vector<StrategyResult> first(cases.size()), second(cases.size());
  runBatch(*plugin, cases, first);
  runBatch(*plugin, cases, second);
  int triangles = 0;
  for (std::size_t k = 0; k < cases.size(); ++k) {
    for (const StrategyResult* r : {&first[k], &second[k]}) {
      if (cases[k].a.vertices.size() == 3) {
        EXPECT_EQ(r->failure, EngineFailure::Crash) << cases[k].source;
        EXPECT_NE(r->failureDetail.find("shape A is a triangle, calling abort()"), std::string::npos)
            << r->failureDetail;
      } else {
        EXPECT_EQ(differences(*r, perp->run(cases[k], {})), "") << cases[k].source;
      }
    }
    triangles += cases[k].a.vertices.size() == 3;
  }
  EXPECT_GT(triangles, 0);
  EXPECT_LT(triangles, static_cast<int>(cases.size()));
}

TEST(AbortPlugin, EveryThirdQueryIsACrashAndTheOthersAreCorrect) {
  const std::vector<Case> all = corpusCases();
  const std::vector<Case> cases(all.begin(), all.begin() + 30);
  const StrategyInfo* perp = findStrategy("perp");
  const StrategyInfo* plugin = findStrategy(std::string("plugin:") + ABORT_PLUGIN);
  ASSERT_NE(plugin, nullptr);
  // One query at a time, as run does; then pipelined, as compare does: the host sends the requests after a
  // crash again one at a time, so the crash lands on the query that caused it.
  std::vector<StrategyResult> single, batch(cases.size());
  for (const Case& value : cases) single.push_back(plugin->run(value, {}));
  runBatch(*plugin, cases, batch);
  for (const auto* results : {&single, &batch}) {
    for (std::size_t k = 0; k < cases.size(); ++k) {
      const StrategyResult& r = (*results)[k];
      if (k % 3 == 2) {
        EXPECT_EQ(r.failure, EngineFailure::Crash) << k;
        EXPECT_NE(r.failureDetail.find("abort_plugin: query 3 of this process, calling abort()"), std::string::npos)
            << r.failureDetail;
        EXPECT_NE(r.failureDetail.find("killed by signal 6"), std::string::npos) << r.failureDetail;
        Verdict verdict = judge(cases[k], solveExactly(cases[k]), r, *plugin);
        EXPECT_TRUE(verdict.violation);
        EXPECT_EQ(primaryKind(verdict), "crash");
        EXPECT_EQ(verdict.reasons.size(), 1u);
      } else {
        EXPECT_EQ(differences(r, perp->run(cases[k], {})), "") << k;
      }
    }
  }
}

Case withRadius(Case value, float radius) {
  value.a.radius = radius;
  return value;
}

// A hang is measured on the worker's CPU time (a query that computes past the timeout), or on ten times the
// timeout of wall time for a worker that waits without computing; either way the run goes on (workers/
// worker_client.h).
void expectHangsOnTheRadiusCases(const std::string& entry, const std::string& detail) {
  setenv("GJKCHECK_WORKER_TIMEOUT", "0.3", 1);
  const StrategyInfo* plugin = findStrategy(std::string("plugin:") + SLEEP_PLUGIN + entry);
  unsetenv("GJKCHECK_WORKER_TIMEOUT");
  ASSERT_NE(plugin, nullptr);
  const std::vector<Case> all = corpusCases();
  std::vector<Case> cases;
  for (int k = 0; k < 6; ++k) cases.push_back(withRadius(all[k], k == 2 || k == 4 ? 0.5f : 0.0f));
  std::vector<StrategyResult> results(cases.size());
  runBatch(*plugin, cases, results);
  const StrategyInfo* perp = findStrategy("perp");
  for (std::size_t k = 0; k < cases.size(); ++k) {
    if (k == 2 || k == 4) {
      EXPECT_EQ(results[k].failure, EngineFailure::Hang) << k;
      EXPECT_NE(results[k].failureDetail.find(detail), std::string::npos) << results[k].failureDetail;
      EXPECT_EQ(primaryKind(judge(cases[k], solveExactly(cases[k]), results[k], *plugin)), "hang");
    } else {
      EXPECT_EQ(differences(results[k], perp->run(cases[k], {})), "") << k;
    }
  }
}

TEST(SleepPlugin, AQueryThatComputesPastTheTimeoutIsAHangAndTheRunGoesOn) {
  expectHangsOnTheRadiusCases("#spin", "no answer within 0.3 s of the worker's CPU time");
}

TEST(SleepPlugin, AQueryThatWaitsTenTimesTheTimeoutIsAHangAndTheRunGoesOn) {
  expectHangsOnTheRadiusCases("", "no answer within 3 s (10 times the 0.3 s timeout) while the worker computed for "
                                  "less than the timeout");
}

// A hang of a worker that holds its answers back costs the timeout twice: the requests in flight are sent again
// one at a time, and the hung one hangs again. gjkcheck-plugin-host --isolate writes each answer as its child makes
// it and says +prompt, so its first unanswered request is the hung one: each hang costs one timeout and one
// restart. Six requests, two of them hanging: 1 + 2 starts with --isolate, 1 + 3 without (the first hang is found
// on its second try, when the in-flight requests go one at a time).
TEST(SleepPlugin, APromptWorkersHangIsFoundWithoutSendingTheRequestsAgain) {
  const std::vector<Case> all = corpusCases();
  std::vector<Case> cases;
  for (int k = 0; k < 6; ++k) cases.push_back(withRadius(all[k], k == 2 || k == 4 ? 0.5f : 0.0f));
  workers::WorkerOptions options;
  options.timeoutSeconds = 0.3;
  for (const bool isolated : {true, false}) {
    std::vector<std::string> words = {pluginHostProgram().string(), SLEEP_PLUGIN, "spin"};
    if (isolated) words.insert(words.begin() + 1, "--isolate");
    workers::WorkerClient client({words, {}}, options);
    std::vector<workers::Answer> answers(cases.size());
    client.queryBatch(cases, workers::Query::Distance, answers);
    for (std::size_t k = 0; k < cases.size(); ++k) {
      EXPECT_EQ(answers[k].status, k == 2 || k == 4 ? workers::Status::Hang : workers::Status::Ok)
          << k << " " << answers[k].detail;
    }
    EXPECT_EQ(client.hello().prompt, isolated);
    EXPECT_EQ(client.starts(), isolated ? 3 : 4) << (isolated ? "--isolate" : "in process");
  }
}

TEST(SleepPlugin, ARefusalIsNoViolation) {
  const StrategyInfo* plugin = findStrategy(std::string("plugin:") + SLEEP_PLUGIN + "#refuse");
  ASSERT_NE(plugin, nullptr);
  const Case value = corpusCases().front();
  StrategyResult result = plugin->run(value, {});
  EXPECT_EQ(result.failure, EngineFailure::Refused);
  EXPECT_EQ(result.failureDetail, "the plugin refused the query (7)");
  Verdict verdict = judge(value, solveExactly(value), result, *plugin);
  EXPECT_FALSE(verdict.violation);
  EXPECT_TRUE(verdict.refused);
  EXPECT_EQ(primaryKind(verdict), "refused");
}

TEST(GarbageWorker, ALineThatIsNoAnswerIsAProtocolErrorAndTheWorkerRestarts) {
  workers::WorkerClient client({{GARBAGE_WORKER}, {}}, {});
  const std::vector<Case> all = corpusCases();
  const std::vector<Case> cases(all.begin(), all.begin() + 3);
  std::vector<workers::Answer> answers(cases.size());
  client.queryBatch(cases, workers::Query::Distance, answers);
  for (const workers::Answer& answer : answers) {
    EXPECT_EQ(answer.status, workers::Status::Protocol);
    EXPECT_NE(answer.detail.find("'this is not an answer'"), std::string::npos) << answer.detail;
  }
  EXPECT_EQ(client.starts(), 3);
}

// A worker that recovers from its engine's crash answers `<id> crash <what>` (docs/workers.md): that query's
// verdict is a crash with the worker's words, the others keep their answers, and no worker is restarted.
TEST(WorkerClient, ACrashAnsweredByTheWorkerIsThatQuerysCrashWithoutARestart) {
  const char* script =
      "echo 'gjkcheck-worker 1 recovering f32 merged distance test'; n=0; "
      "while read -r id rest; do n=$((n+1)); "
      "if [ $((n % 2)) -eq 0 ]; then echo \"$id crash RuntimeError: unreachable | at convexHull\"; "
      "else echo \"$id ok 1 0 0 1 0 -1 unreported\"; fi; done";
  workers::WorkerClient client({{"sh", "-c", script}, {}}, {});
  std::vector<Case> cases(6, corpusCases().front());
  std::vector<workers::Answer> answers(cases.size());
  client.queryBatch(cases, workers::Query::Distance, answers);
  for (std::size_t k = 0; k < answers.size(); ++k) {
    if (k % 2 == 1) {
      EXPECT_EQ(answers[k].status, workers::Status::Crash) << k;
      EXPECT_NE(answers[k].detail.find("RuntimeError: unreachable | at convexHull"), std::string::npos)
          << answers[k].detail;
    } else {
      EXPECT_EQ(answers[k].status, workers::Status::Ok) << k << answers[k].detail;
      EXPECT_EQ(answers[k].distance, 1.0);
    }
  }
  EXPECT_EQ(client.starts(), 1);
}

TEST(WorkerClient, AWorkerThatEndsOrNeverStartsIsACrash) {
  const Case value = corpusCases().front();
  workers::WorkerClient quits({{"sh", "-c", "echo 'gone before any hello' >&2; exit 3"}, {}}, {});
  workers::Answer answer = quits.queryOne(value, workers::Query::Distance);
  EXPECT_EQ(answer.status, workers::Status::Crash);
  EXPECT_NE(answer.detail.find("ended before its hello (exit status 3)"), std::string::npos) << answer.detail;
  EXPECT_NE(answer.detail.find("gone before any hello"), std::string::npos) << answer.detail;
  workers::WorkerClient missing({{"/no/such/program"}, {}}, {});
  std::vector<Case> cases(5, value);
  std::vector<workers::Answer> answers(cases.size());
  missing.queryBatch(cases, workers::Query::Distance, answers);
  for (const workers::Answer& a : answers) {
    EXPECT_EQ(a.status, workers::Status::Crash);
    EXPECT_NE(a.detail.find("exit status 127"), std::string::npos) << a.detail;
  }
  EXPECT_EQ(missing.starts(), workers::MAX_FAILED_STARTS);  // then the rest failed without more tries
}

// A start is no query: a worker whose hello comes after the per-query timeout but within the hello's wait
// (WorkerOptions::helloTimeoutSeconds) starts and answers; one that says nothing within it is a hang that names
// the wait.
TEST(WorkerClient, TheHelloHasItsOwnWaitLongerThanAQuerys) {
  const Case value = corpusCases().front();
  const char* slowHello =
      "sleep 0.5; echo 'gjkcheck-worker 1 slow f32 merged distance test'; "
      "while read -r id rest; do echo \"$id ok 1 0 0 1 0 -1 unreported\"; done";
  workers::WorkerOptions options;
  options.timeoutSeconds = 0.1;
  options.helloTimeoutSeconds = 20;
  workers::WorkerClient slow({{"sh", "-c", slowHello}, {}}, options);
  workers::Answer answer = slow.queryOne(value, workers::Query::Distance);
  EXPECT_EQ(answer.status, workers::Status::Ok) << answer.detail;
  EXPECT_EQ(answer.distance, 1.0);
  EXPECT_EQ(slow.starts(), 1);

  options.helloTimeoutSeconds = 0.2;  // the longer of the two waits: 0.2 s
  workers::WorkerClient silent({{"sh", "-c", "exec sleep 30"}, {}}, options);
  answer = silent.queryOne(value, workers::Query::Distance);
  EXPECT_EQ(answer.status, workers::Status::Hang);
  EXPECT_NE(answer.detail.find("no hello within 0.2 s"), std::string::npos) << answer.detail;
}

}  // namespace
}  // namespace gjk::check
