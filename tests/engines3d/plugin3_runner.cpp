#include "tests/engines3d/plugin3_runner.h"

#include <dlfcn.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <new>
#include <set>
#include <sstream>
#include <stdexcept>

#include <gtest/gtest.h>

#include "families/families.h"
#include "verdict/exact_case3.h"
#include "verdict/penetration_verdict3.h"
#include "verdict/verdict3.h"

namespace gjk::check::test_support {

Plugin3::Plugin3(const std::string& path) {
  handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle_ == nullptr) throw std::runtime_error("dlopen " + path + ": " + dlerror());
  auto info = reinterpret_cast<gjkcheck_plugin3_info_fn>(dlsym(handle_, "gjkcheck_plugin3_info"));
  if (info == nullptr) throw std::runtime_error(path + " exports no gjkcheck_plugin3_info");
  info_ = info();
}

Plugin3::~Plugin3() {
  if (handle_ != nullptr) dlclose(handle_);
}

const gjkcheck_entry3& Plugin3::entry(const std::string& name) const {
  for (int i = 0; i < info_->entry_count; ++i) {
    if (name == info_->entries[i].name) return info_->entries[i];
  }
  throw std::runtime_error("no entry " + name);
}

namespace {

// A case's shape as the ABI's gjkcheck_shape3, its vertices kept in `storage`.
gjkcheck_shape3 toShape3(const ShapeSpec& shape, std::vector<float>& storage) {
  storage.clear();
  for (const Vertex& v : shape.vertices) storage.insert(storage.end(), {v.x, v.y, v.z});
  gjkcheck_shape3 out{};
  out.count = static_cast<int>(shape.vertices.size());
  out.vertices = storage.data();
  out.radius = shape.radius;
  out.position[0] = shape.positionX;
  out.position[1] = shape.positionY;
  out.position[2] = shape.positionZ;
  out.rotation[0] = shape.quaternionW;
  out.rotation[1] = shape.quaternionX;
  out.rotation[2] = shape.quaternionY;
  out.rotation[3] = shape.quaternionZ;
  return out;
}

template <class Answer>
struct SharedAnswer {
  int returned = 0;
  Answer answer{};
};

// Runs call(&answer) in a child process: the answer comes back through shared memory (zeroed first, so that two
// answers compare bit for bit), the child's stderr through a pipe.
template <class Answer, class Call>
Outcome inChild(const Call& call, Answer* answer, std::string* stderrText) {
  void* memory = mmap(nullptr, sizeof(SharedAnswer<Answer>), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) throw std::runtime_error("mmap failed");
  auto* shared = new (memory) SharedAnswer<Answer>{};
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  std::fflush(stdout);
  std::fflush(stderr);
  const pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    close(fds[0]);
    dup2(fds[1], 2);
    close(fds[1]);
    alarm(10);
    shared->returned = call(&shared->answer);
    _exit(0);
  }
  close(fds[1]);
  char buffer[4096];
  ssize_t got;
  while ((got = read(fds[0], buffer, sizeof buffer)) > 0) stderrText->append(buffer, static_cast<size_t>(got));
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  Outcome outcome = Outcome::Crashed;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
    outcome = shared->returned == 0 ? Outcome::Answered : Outcome::Refused;
  } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
    outcome = Outcome::Hung;
  }
  *answer = shared->answer;
  munmap(memory, sizeof(SharedAnswer<Answer>));
  return outcome;
}

EngineFailure failureOf(Outcome outcome) {
  switch (outcome) {
    case Outcome::Answered: return EngineFailure::None;
    case Outcome::Refused: return EngineFailure::Refused;
    case Outcome::Crashed: return EngineFailure::Crash;
    case Outcome::Hung: return EngineFailure::Hang;
  }
  return EngineFailure::Crash;
}

const char* outcomeName(Outcome outcome) { return outcome == Outcome::Hung ? "hang" : "crash"; }

Point point(const double p[3]) { return {p[0], p[1], p[2]}; }

void count(std::vector<FamilyTally>& tallies, const std::string& family, const std::string& kind) {
  if (tallies.empty() || tallies.back().family != family) tallies.push_back({family, 0, {}});
  ++tallies.back().cases;
  ++tallies.back().kinds[kind];
}

}  // namespace

DistanceCall callDistance(const gjkcheck_entry3& entry, const Case& value) {
  std::vector<float> storageA, storageB;
  const gjkcheck_shape3 a = toShape3(value.a, storageA), b = toShape3(value.b, storageB);
  DistanceCall call;
  call.outcome = inChild([&](gjkcheck_distance_answer3* answer) { return entry.distance(&a, &b, answer); },
                         &call.answer, &call.stderrText);
  return call;
}

PenetrationCall callPenetration(const gjkcheck_entry3& entry, const Case& value) {
  std::vector<float> storageA, storageB;
  const gjkcheck_shape3 a = toShape3(value.a, storageA), b = toShape3(value.b, storageB);
  PenetrationCall call;
  call.outcome = inChild([&](gjkcheck_penetration_answer3* answer) { return entry.penetration(&a, &b, answer); },
                         &call.answer, &call.stderrText);
  return call;
}

StrategyInfo entryInfo(const gjkcheck_entry3& entry, QueryKind query) {
  StrategyInfo info;
  info.name = entry.name;
  info.description = entry.description;
  info.scalar = std::strcmp(entry.scalar, "f32") == 0 ? "float" : "double";
  info.contact = std::strcmp(entry.contact, "merged") == 0 ? ContactConvention::Merged : ContactConvention::OnShapes;
  info.query = query;
  info.external = true;
  info.dimension = 3;
  return info;
}

StrategyResult distanceResult(const DistanceCall& call) {
  StrategyResult result;
  result.failure = failureOf(call.outcome);
  result.failureDetail = call.stderrText;
  if (call.outcome != Outcome::Answered) return result;
  result.distance = call.answer.distance;
  result.pointA = point(call.answer.point_a);
  result.pointB = point(call.answer.point_b);
  result.iterations = call.answer.iterations;
  result.termination = call.answer.termination;
  return result;
}

// The penetration answer's failure is its own (PenetrationAnswer::failure, which the penetration verdict reads) and,
// this being the call's one query, the result's too, as the plugin host gives a penetration-only answer.
StrategyResult penetrationResult(const PenetrationCall& call) {
  StrategyResult result;
  result.failure = result.penetration.failure = failureOf(call.outcome);
  result.failureDetail = result.penetration.failureDetail = call.stderrText;
  if (call.outcome != Outcome::Answered) return result;
  result.penetration.answered = true;
  result.penetration.overlapping = call.answer.overlapping != 0;
  result.penetration.depth = call.answer.depth;
  result.penetration.normal = point(call.answer.normal);
  result.penetration.pointA = point(call.answer.point_a);
  result.penetration.pointB = point(call.answer.point_b);
  result.iterations = -1;
  return result;
}

std::vector<SweepCase> sweepCases3(int perFamily) {
  std::vector<SweepCase> cases;
  for (const std::string& family : familyNames3()) {
    for (int i = 0; i < perFamily; ++i) {
      Case value = sampleFamily3(family, 1, static_cast<std::uint64_t>(i));
      oracle::ExactAnswer3 exact = solveExactly3(value);
      cases.push_back({std::move(value), family, std::move(exact)});
    }
  }
  return cases;
}

EntrySweep sweepEntry(const gjkcheck_entry3& entry, const std::vector<SweepCase>& cases) {
  EntrySweep sweep;
  const StrategyInfo distanceInfo = entryInfo(entry, QueryKind::Distance);
  const StrategyInfo penetrationInfo = entryInfo(entry, QueryKind::Penetration);
  for (const SweepCase& c : cases) {
    if (entry.distance != nullptr) {
      const DistanceCall first = callDistance(entry, c.value), second = callDistance(entry, c.value);
      if (first.outcome != second.outcome || std::memcmp(&first.answer, &second.answer, sizeof first.answer) != 0) {
        sweep.differing.push_back(c.value.source + " distance");
      }
      if (first.outcome == Outcome::Refused) sweep.refusals.push_back(c.value.source + " distance: " + first.stderrText);
      if (first.outcome == Outcome::Crashed || first.outcome == Outcome::Hung) {
        sweep.failures.push_back(c.value.source + " distance " + outcomeName(first.outcome) + "\t" + first.stderrText);
      }
      const Verdict verdict = judge3(c.value, c.exact, distanceResult(first), distanceInfo);
      count(sweep.distance, c.family, primaryKind(verdict));
    }
    if (entry.penetration != nullptr) {
      const PenetrationCall first = callPenetration(entry, c.value), second = callPenetration(entry, c.value);
      if (first.outcome != second.outcome || std::memcmp(&first.answer, &second.answer, sizeof first.answer) != 0) {
        sweep.differing.push_back(c.value.source + " penetration");
      }
      if (first.outcome == Outcome::Refused) {
        sweep.refusals.push_back(c.value.source + " penetration: " + first.stderrText);
      }
      if (first.outcome == Outcome::Crashed || first.outcome == Outcome::Hung) {
        sweep.failures.push_back(c.value.source + " penetration " + outcomeName(first.outcome) + "\t" + first.stderrText);
      }
      const QueryVerdict verdict = judgePenetration3(c.value, c.exact, penetrationResult(first), penetrationInfo);
      const std::string kind = verdict.failure == EngineFailure::Refused ? "refused"
                               : verdict.reasons.empty()                 ? "ok"
                                                                         : verdict.reasons.front();
      count(sweep.penetration, c.family, kind);
    }
  }
  return sweep;
}

void printTallies(const std::string& title, const std::vector<FamilyTally>& tallies) {
  std::set<std::string> kinds;
  for (const FamilyTally& t : tallies) {
    for (const auto& [kind, n] : t.kinds) kinds.insert(kind);
  }
  std::cout << "\n" << title << " (primary kind per case; % of the family's cases)\n";
  std::cout << std::left << std::setw(15) << "family" << std::right << std::setw(6) << "cases";
  for (const std::string& kind : kinds) std::cout << std::setw(18) << kind;
  std::cout << "\n";
  FamilyTally total{"all", 0, {}};
  auto row = [&](const FamilyTally& t) {
    std::cout << std::left << std::setw(15) << t.family << std::right << std::setw(6) << t.cases;
    for (const std::string& kind : kinds) {
      const auto it = t.kinds.find(kind);
      const int n = it == t.kinds.end() ? 0 : it->second;
      std::ostringstream cell;
      cell << n << " (" << std::fixed << std::setprecision(0) << 100.0 * n / t.cases << "%)";
      std::cout << std::setw(18) << cell.str();
    }
    std::cout << "\n";
  };
  for (const FamilyTally& t : tallies) {
    row(t);
    total.cases += t.cases;
    for (const auto& [kind, n] : t.kinds) total.kinds[kind] += n;
  }
  row(total);
}

namespace {

// What a crash said, shortened to its cause: an assertion's file:line and condition (glibc writes
// "<program>: <file>:<line>: <function>: Assertion `<condition>' failed."), else the first line.
std::string failureCause(const std::string& failure) {
  const std::string text = failure.substr(failure.find('\t') + 1);
  const std::string line = text.substr(0, text.find('\n'));
  const size_t assertion = line.find("Assertion `");
  if (assertion != std::string::npos) {
    const size_t program = line.find(": ");
    const size_t file = program == std::string::npos ? 0 : program + 2;
    const size_t lineEnd = line.find(": ", line.find(':', file) + 1);
    return line.substr(file, lineEnd - file) + ": " + line.substr(assertion);
  }
  return line.empty() ? "(nothing on stderr)" : line.substr(0, 200);
}

}  // namespace

void printFailures(const std::string& title, const std::vector<std::string>& failures) {
  std::map<std::string, std::vector<std::string>> byCause;
  for (const std::string& failure : failures) {
    byCause[failureCause(failure)].push_back(failure.substr(0, failure.find('\t')));
  }
  std::cout << "\n" << title << ": " << failures.size() << " crashes and hangs\n";
  for (const auto& [cause, sources] : byCause) {
    std::cout << "  " << sources.size() << " x " << cause << "\n    first: " << sources.front() << "\n";
  }
}

void expectManifestMatches(const std::string& strategy, const std::string& pluginPath, const gjkcheck_plugin3& info,
                           const gjkcheck_entry3& entry) {
  const std::filesystem::path folder = std::filesystem::path(GJK_SOURCE_DIR) / "adapters" / strategy;
  const std::filesystem::path file = folder / "manifest";
  std::ifstream in(file);
  ASSERT_TRUE(in) << "no manifest in " << folder;
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "gjkcheck-engine 1") << file;
  std::map<std::string, std::string> keys;
  while (std::getline(in, line)) {
    line = line.substr(0, line.find('#'));
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (line.empty()) continue;
    const size_t space = line.find(' ');
    ASSERT_NE(space, std::string::npos) << file << ": " << line;
    EXPECT_TRUE(keys.emplace(line.substr(0, space), line.substr(space + 1)).second) << file << ": twice: " << line;
  }
  const std::string plugin = std::filesystem::path(pluginPath).filename().string();
  const char* queries = entry.distance != nullptr && entry.penetration != nullptr ? "both"
                        : entry.distance != nullptr                               ? "distance"
                                                                                  : "penetration";
  EXPECT_EQ(keys["name"], strategy) << file;
  EXPECT_EQ(keys["dimension"], "3") << file;
  EXPECT_EQ(keys["scalar"], entry.scalar) << file;
  EXPECT_EQ(keys["contact"], entry.contact) << file;
  EXPECT_EQ(keys["queries"], queries) << file;
  // The FCL entries run each batch in a child (--isolate): Debian's FCL aborts on its assertions.
  const std::string isolate = plugin == "gjk_plugin_fcl.so" ? "--isolate " : "";
  EXPECT_EQ(keys["command"], "$PLUGIN_HOST " + isolate + "$BUILD/adapters/" + plugin + " " + entry.name) << file;
  EXPECT_EQ(keys["ready"], "$BUILD/adapters/" + plugin) << file;
  EXPECT_EQ(keys["install"], "scripts/bootstrap") << file;
  EXPECT_NE(keys["version"].find(info.version), std::string::npos) << file << ": " << keys["version"] << " names no "
                                                                     << info.version;
  EXPECT_FALSE(keys["description"].empty()) << file;
  EXPECT_EQ(keys.size(), 10u) << file;
}

}  // namespace gjk::check::test_support
