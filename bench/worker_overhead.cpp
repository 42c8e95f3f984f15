// gjk_worker_bench [PLUGIN]: what an external engine costs per query above the engine's own time
// (docs/workers.md). The same cases (bench_cases.h) go to perp in this process and to the same perp compiled
// as a plugin (tests/workers/plugins/perp_plugin.cpp) behind gjkcheck-plugin-host: pipelined, as compare
// sends them, and one query at a time, as run and repro do. Each time is the median of 7 passes over the
// 1024 cases of a family; the overhead is the pipelined time minus the in-process time. Goal: under 5 µs.
// Wall time waits for the scheduler whenever the machine is busy (each round trip of a window of requests
// wakes the worker, then us); CPU time (ours plus the worker's, from /proc) is the cost that does not depend
// on the load, so both are printed.
#include <dirent.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "bench/bench_cases.h"
#include "verdict/strategy.h"

namespace {

using namespace gjk;
using Clock = std::chrono::steady_clock;

// CPU time of this process and of its children still running (the workers), in nanoseconds.
double cpuNanoseconds() {
  timespec own{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &own);
  double total = double(own.tv_sec) * 1e9 + double(own.tv_nsec);
  const long ticks = sysconf(_SC_CLK_TCK);
  DIR* proc = opendir("/proc");
  for (dirent* entry; proc != nullptr && (entry = readdir(proc)) != nullptr;) {
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
    std::ifstream in(std::string("/proc/") + entry->d_name + "/stat");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::size_t close = text.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream fields(text.substr(close + 2));
    std::string state;
    long long ppid = 0, skip = 0, utime = 0, stime = 0;
    fields >> state >> ppid;
    for (int k = 0; k < 9; ++k) fields >> skip;
    fields >> utime >> stime;
    if (ppid == getpid()) total += double(utime + stime) * 1e9 / double(ticks);
  }
  if (proc != nullptr) closedir(proc);
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
  const double cpuStart = cpuNanoseconds();
  for (int k = 0; k < PASSES; ++k) {
    auto start = Clock::now();
    pass();
    times.push_back(std::chrono::duration<double, std::nano>(Clock::now() - start).count() / double(queries));
  }
  const double cpu = (cpuNanoseconds() - cpuStart) / double(queries * PASSES);
  std::sort(times.begin(), times.end());
  return {times[times.size() / 2], cpu};
}

}  // namespace

int main(int argc, char** argv) {
  const std::string plugin = argc > 1 ? argv[1] : GJK_BENCH_PERP_PLUGIN;
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
    const Cost pipelined =
        costPerQuery(cases.size(), [&] { check::runBatch(*external, cases, results); });
    const Cost single = costPerQuery(cases.size(), [&] {
      for (std::size_t k = 0; k < cases.size(); ++k) results[k] = external->run(cases[k], {});
    });
    std::printf("%-14s %-5s %12.0f %12.0f %12.0f %12.0f\n", family.c_str(), "wall", own.wall, pipelined.wall,
                pipelined.wall - own.wall, single.wall);
    std::printf("%-14s %-5s %12.0f %12.0f %12.0f %12.0f\n", "", "cpu", own.cpu, pipelined.cpu,
                pipelined.cpu - own.cpu, single.cpu);
  }
  return 0;
}
