// The Debian 3D engines' plugins (adapters/fcl, adapters/libccd) called directly, without gjkcheck-plugin-host:
// dlopen, gjkcheck_plugin3_info, each query in a child process of its own (fork) so that an engine that aborts or
// loops is a crash or a hang of that query, as the host would report it, and the test goes on. The answers become
// StrategyResults for the 3D verdicts (verdict3.h, penetration_verdict3.h), and a family sweep counts the verdicts'
// primary kinds per family: measured, printed, never asserted (an engine's wrong answer is a finding).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "case/case.h"
#include "oracle/oracle3.h"
#include "gjkcheck/strategy.h"
#include "verdict/strategy.h"

namespace gjk::check::test_support {

class Plugin3 {
 public:
  explicit Plugin3(const std::string& path);  // throws std::runtime_error when it does not load
  ~Plugin3();
  Plugin3(const Plugin3&) = delete;
  Plugin3& operator=(const Plugin3&) = delete;

  const gjkcheck_plugin3& info() const { return *info_; }
  const gjkcheck_entry3& entry(const std::string& name) const;  // throws when absent

 private:
  void* handle_ = nullptr;
  const gjkcheck_plugin3* info_ = nullptr;
};

// How a query in its child process ended.
enum class Outcome { Answered, Refused, Crashed, Hung };

struct DistanceCall {
  Outcome outcome = Outcome::Answered;
  gjkcheck_distance_answer3 answer{};
  std::string stderrText;  // what the child wrote to stderr
};

struct PenetrationCall {
  Outcome outcome = Outcome::Answered;
  gjkcheck_penetration_answer3 answer{};
  std::string stderrText;
};

// One query of a 3D case, in a child process (10 s before it counts as hung).
DistanceCall callDistance(const gjkcheck_entry3& entry, const Case& value);
PenetrationCall callPenetration(const gjkcheck_entry3& entry, const Case& value);

// The entry as the verdict reads a strategy: its name, contact, scalar, query, dimension 3.
StrategyInfo entryInfo(const gjkcheck_entry3& entry, QueryKind query);

StrategyResult distanceResult(const DistanceCall& call);
StrategyResult penetrationResult(const PenetrationCall& call);

// A case of the sweep: the first cases of every 3D family (sampleFamily3, seed 1) with their exact answers.
struct SweepCase {
  Case value;
  std::string family;
  oracle::ExactAnswer3 exact;
};
std::vector<SweepCase> sweepCases3(int perFamily);

// The verdicts of one entry and query over one family's cases, by primary kind ("ok", "refused", a violation kind).
struct FamilyTally {
  std::string family;
  int cases = 0;
  std::map<std::string, int> kinds;
};

// Every query the entry answers, on every case, each asked twice (in two child processes).
struct EntrySweep {
  std::vector<FamilyTally> distance;     // empty when the entry has no distance query
  std::vector<FamilyTally> penetration;  // empty when it has no penetration query
  std::vector<std::string> differing;    // "<source> <query>" where the two answers were not the same bits
  std::vector<std::string> refusals;     // "<source> <query>: <stderr>" of every refusal
  std::vector<std::string> failures;     // "<source> <query> crash|hang<TAB><stderr>" of every crash and hang
};
EntrySweep sweepEntry(const gjkcheck_entry3& entry, const std::vector<SweepCase>& cases);

// Prints a tally table (family, cases, then each kind's count and rate) to stdout under a title, and the totals.
void printTallies(const std::string& title, const std::vector<FamilyTally>& tallies);

// Prints a sweep's crashes and hangs grouped by cause (an assertion's file:line and condition, else the first line
// the engine wrote to stderr), with the first case of each.
void printFailures(const std::string& title, const std::vector<std::string>& failures);

// The engine manifest of a 3D plugin entry, adapters/<strategy>/manifest (docs/workers.md, "The engine manifest").
// Checked against the plugin: gjkcheck-engine 1,
// name, dimension 3, scalar, contact and queries as the entry declares them, command `$PLUGIN_HOST [--isolate, FCL]
// $BUILD/adapters/<plugin file> <entry>`, ready `$BUILD/adapters/<plugin file>`, install scripts/bootstrap, and a
// version that contains the plugin's (the Debian package's version).
void expectManifestMatches(const std::string& strategy, const std::string& pluginPath, const gjkcheck_plugin3& info,
                           const gjkcheck_entry3& entry);

}  // namespace gjk::check::test_support
