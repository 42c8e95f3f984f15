// gjk_worker_bench [--no-one-query] [PLUGIN]: what an external engine costs per query above the engine's own
// time (docs/workers.md). The same cases (bench_cases.h) go to perp in this process and to the same perp
// compiled as a plugin (tests/workers/plugins/perp_plugin.cpp) behind gjkcheck-plugin-host:
// - pipelined: the 1024 cases of a family in one runBatch, the requests pipelined;
// - compare: `gjkcheck compare`'s own path (report/comparison.h) on 1024 cases of the random-convex family,
//   perp and the plugin in the same comparison; the numbers are the times compare itself reports;
// - one-query: one query at a time, as run and repro send them (--no-one-query leaves it out, for profiling);
// - 3D: vdb3 in this process against vdb3 as a 3D plugin entry (tests/workers/plugins/vdb3_plugin.cpp) on 1024
//   cases of two 3D families, pipelined and one query at a time: the worker protocol's 3D requests and answers.
// Each pipelined and one-query time is the median of 7 passes; the overhead is the external time minus the
// in-process time. Goal: under 5 µs. Wall time waits for the scheduler whenever the machine is busy (each
// round trip of a window of requests wakes the worker, then us); CPU time (this process plus its children
// still running, the workers, from /proc/<pid>/schedstat in nanoseconds; a worker restarted during
// the passes would not be counted, and none is) is the cost that does not depend on
// the load, so both are printed.
#include <dirent.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "bench/bench_cases.h"
#include "families/families.h"
#include "report/comparison.h"
#include "report/comparison_summary.h"
#include "verdict/strategy.h"

namespace {

using namespace gjk;
using Clock = std::chrono::steady_clock;

// Nanoseconds a task has run on a CPU: the first field of /proc/<pid>/schedstat (0 when unreadable).
double schedNanoseconds(const std::string& pid) {
  std::ifstream in("/proc/" + pid + "/schedstat");
  double ns = 0;
  in >> ns;
  return ns;
}

// The parent pid of /proc/<pid>/stat.
long long parentOf(const std::string& pid) {
  std::ifstream in("/proc/" + pid + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::size_t close = text.rfind(')');
  if (close == std::string::npos) return -1;
  std::istringstream fields(text.substr(close + 2));
  std::string state;
  long long ppid = -1;
  fields >> state >> ppid;
  return ppid;
}

// This process's children (the workers), found once per measurement: reading a few
// schedstat files costs microseconds, where a scan of /proc would cost milliseconds.
std::vector<std::string> tasksToCount() {
  std::vector<std::string> tasks;
  if (DIR* proc = opendir("/proc")) {
    for (dirent* entry; (entry = readdir(proc)) != nullptr;) {
      if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
      if (parentOf(entry->d_name) == getpid()) tasks.push_back(entry->d_name);
    }
    closedir(proc);
  }
  return tasks;
}

// CPU time of this process (clock_gettime: exact even while it runs, where schedstat is brought up to date
// only when the task leaves the CPU) and of the tasks, in ns.
double cpuNanoseconds(const std::vector<std::string>& tasks) {
  timespec own{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &own);
  double total = double(own.tv_sec) * 1e9 + double(own.tv_nsec);
  for (const std::string& task : tasks) total += schedNanoseconds(task);
  return total;
}

struct Cost {
  double wall = 0;  // ns per query, median of the passes
  double cpu = 0;   // ns per query, all passes
};

template <class Pass>
Cost costPerQuery(std::size_t queries, Pass pass) {
  constexpr int PASSES = 7;
  std::vector<double> times;
  pass();  // warm: the worker started, caches filled
  const std::vector<std::string> tasks = tasksToCount();
  const double cpuStart = cpuNanoseconds(tasks);
  for (int k = 0; k < PASSES; ++k) {
    auto start = Clock::now();
    pass();
    times.push_back(std::chrono::duration<double, std::nano>(Clock::now() - start).count() / double(queries));
  }
  const double cpu = (cpuNanoseconds(tasks) - cpuStart) / double(queries * PASSES);
  std::sort(times.begin(), times.end());
  return {times[times.size() / 2], cpu};
}

void printRow(const std::string& family, const char* what, double own, double external, double single) {
  std::printf("%-14s %-5s %12.0f %12.0f %12.0f", family.c_str(), what, own, external, external - own);
  if (single >= 0) std::printf(" %12.0f", single);
  std::printf("\n");
}

}  // namespace

int main(int argc, char** argv) {
  bool oneQuery = true;
  std::string plugin = GJK_BENCH_PERP_PLUGIN;
  for (int k = 1; k < argc; ++k) {
    if (std::strcmp(argv[k], "--no-one-query") == 0) {
      oneQuery = false;
    } else {
      plugin = argv[k];
    }
  }
  const check::StrategyInfo* perp = check::findStrategy("perp");
  const check::StrategyInfo* external = check::findStrategy("plugin:" + plugin);
  std::printf("perp in this process against perp as a plugin through gjkcheck-plugin-host, ns per query\n");
  std::printf("%-14s %-5s %12s %12s %12s %12s\n", "family", "time", "in-process", "pipelined", "overhead",
              "one-query");
  for (const std::string& family : bench::benchFamilies()) {
    const std::vector<check::Case> cases = bench::benchCases(family);
    std::vector<check::StrategyResult> results(cases.size());
    const Cost own = costPerQuery(cases.size(), [&] {
      for (std::size_t k = 0; k < cases.size(); ++k) results[k] = perp->run(cases[k], {});
    });
    const Cost pipelined = costPerQuery(cases.size(), [&] { check::runBatch(*external, cases, results); });
    Cost single{-1, -1};
    if (oneQuery) {
      single = costPerQuery(cases.size(), [&] {
        for (std::size_t k = 0; k < cases.size(); ++k) results[k] = external->run(cases[k], {});
      });
    }
    printRow(family, "wall", own.wall, pipelined.wall, single.wall);
    printRow("", "cpu", own.cpu, pipelined.cpu, single.cpu);
  }

  // compare's own path: both strategies in one comparison (--jobs 1), the times compare reports (wall).
  check::ComparisonOptions options;
  options.families = {"random-convex"};
  options.count = 1024;
  options.seed = 1;
  options.jobs = 1;
  options.strategies = {perp, external};
  check::runComparison(options);  // warm
  const check::ComparisonResult both = check::runComparison(options);
  const double ownTime = check::timingStatistics(both.timing.rounds[0][0]).median;
  const double externalTime = check::timingStatistics(both.timing.rounds[1][0]).median;
  std::printf("\ncompare (random-convex, 1024 cases, --jobs 1), wall ns per query as compare reports it (median of its timed rounds)\n");
  std::printf("%-14s %12s %12s %12s\n", "family", "perp", "plugin", "overhead");
  std::printf("%-14s %12.0f %12.0f %12.0f\n", "random-convex", ownTime, externalTime, externalTime - ownTime);

  // 3D: the same measure for vdb3 and its 3D plugin entry, on 1024 cases of each of two 3D families (seed 1).
  const check::StrategyInfo* vdb3 = check::findStrategy("vdb3");
  const check::StrategyInfo* vdb3Plugin = check::findStrategy(std::string("plugin:") + GJK_BENCH_VDB3_PLUGIN + "#vdb3");
  std::printf("\nvdb3 in this process against vdb3 as a 3D plugin entry through gjkcheck-plugin-host, ns per query\n");
  std::printf("%-14s %-5s %12s %12s %12s %12s\n", "family", "time", "in-process", "pipelined", "overhead",
              "one-query");
  const std::vector<std::string> families3 = check::familyNames3();
  for (const std::string& family : {families3.front(), families3.back()}) {
    std::vector<check::Case> cases;
    for (std::uint64_t index = 0; index < 1024; ++index) cases.push_back(check::sampleFamily3(family, 1, index));
    std::vector<check::StrategyResult> results(cases.size());
    const Cost own = costPerQuery(cases.size(), [&] {
      for (std::size_t k = 0; k < cases.size(); ++k) results[k] = vdb3->run(cases[k], {});
    });
    const Cost pipelined = costPerQuery(cases.size(), [&] { check::runBatch(*vdb3Plugin, cases, results); });
    Cost single{-1, -1};
    if (oneQuery) {
      single = costPerQuery(cases.size(), [&] {
        for (std::size_t k = 0; k < cases.size(); ++k) results[k] = vdb3Plugin->run(cases[k], {});
      });
    }
    printRow(family, "wall", own.wall, pipelined.wall, single.wall);
    printRow("", "cpu", own.cpu, pipelined.cpu, single.cpu);
  }
  return 0;
}
