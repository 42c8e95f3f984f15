// `gjkcheck campaign --measure-mutator`: the same fuzzing runs with and without the geometry-aware mutator,
// compared in a report.
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "case/fuzz_input.h"
#include "tools/campaign_findings.h"
#include "tools/campaign_options.h"
#include "tools/campaign_process.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "tools/fuzz_files.h"
#include "tools/output_folders.h"
#include "tools/run_context.h"
#include "verdict/expectations.h"

namespace gjk::tools::campaign {
namespace {

struct MeasureRun {
  const check::StrategyInfo* strategy = nullptr;
  bool mutator = true;
  int seed = 1;
  fs::path folder;
  pid_t pid = -1;
  bool found = false;
  double executions = 0;
  double seconds = 0;
  std::string signature;
};

void parseMeasureLog(MeasureRun& run, double wallSeconds, const std::string& target) {
  std::ifstream in(run.folder / "fuzzer.log");
  run.seconds = wallSeconds;
  const std::string failure = target + ": failure after %llu executions, %lf s";
  const std::string violation = "==== " + target + ": violation: ";
  for (std::string line; std::getline(in, line);) {
    unsigned long long executions = 0;
    double seconds = 0;
    if (std::sscanf(line.c_str(), failure.c_str(), &executions, &seconds) == 2) {
      run.found = true;
      run.executions = double(executions);
      run.seconds = seconds;
    } else if (line.rfind(violation, 0) == 0) {
      run.signature = line.substr(violation.size());
    } else if (!run.found && line.rfind("stat::number_of_executed_units: ", 0) == 0) {
      run.executions = std::atof(line.c_str() + 32);
    }
  }
}

std::string median(std::vector<double> values, bool seconds, int found, long long limit) {
  std::sort(values.begin(), values.end());
  std::size_t middle = values.size() / 2;
  if (values.empty()) return "-";
  // Runs that found nothing count as +infinity: the median is known only when most runs found one.
  if (static_cast<int>(middle) >= found) return seconds ? "> " + std::to_string(limit) + " s" : "not reached";
  char text[64];
  std::snprintf(text, sizeof text, seconds ? "%.2f s" : "%.0f", values[middle]);
  return text;
}

}  // namespace

int measureMutator(const Options& options, const fs::path& fuzzer) {
  std::string date = today();
  fs::path work = options.work;
  fs::path report = options.report;
  std::vector<MeasureRun> runs;
  std::map<std::string, ConversionCount> seedCounts;
  for (const check::StrategyInfo* strategy : options.strategies) {
    fs::path seeds = work / strategy->name / "seeds";
    fs::remove_all(seeds);
    seedCounts[strategy->name] = convertCasesToInputs(existingSeedFolders(options), seeds, strategy, options.query);
    for (bool mutator : {true, false}) {
      for (int seed = 1; seed <= options.runs; ++seed) {
        MeasureRun run;
        run.strategy = strategy;
        run.mutator = mutator;
        run.seed = seed;
        run.folder = work / strategy->name / ((mutator ? "mutator-" : "bytes-") + std::to_string(seed));
        runs.push_back(run);
      }
    }
  }
  std::fprintf(stderr, "measuring the mutator: %zu runs of up to %lld s, %d at a time\n", runs.size(),
               options.seconds, options.jobs);
  std::map<pid_t, std::pair<MeasureRun*, std::chrono::steady_clock::time_point>> running;
  std::size_t next = 0, done = 0;
  while ((next < runs.size() || !running.empty()) && !(interrupted() && running.empty())) {
    while (next < runs.size() && static_cast<int>(running.size()) < options.jobs && !interrupted()) {
      MeasureRun& run = runs[next++];
      fs::remove_all(run.folder);
      fs::create_directories(run.folder / "corpus");
      std::vector<std::string> argv = {fuzzer.string(), "-seed=" + std::to_string(run.seed),
                                       "-max_total_time=" + std::to_string(options.seconds),
                                       "-artifact_prefix=" + run.folder.string() + "/"};
      addFuzzerFlags(argv, fuzzer, options.dimension);
      argv.push_back((run.folder / "corpus").string());
      argv.push_back((work / run.strategy->name / "seeds").string());
      ChildProcess child = startProcess(argv, fuzzerEnvironment(options, *run.strategy, run.mutator),
                                        (run.folder / "fuzzer.log").string());
      forwardInterruptTo(child.pid);
      run.pid = child.pid;
      running[child.pid] = {&run, std::chrono::steady_clock::now()};
    }
    int status = 0;
    pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0) {
      if (errno == EINTR) continue;
      break;
    }
    auto it = running.find(pid);
    if (it == running.end()) continue;
    stopForwardingTo(pid);
    MeasureRun& run = *it->second.first;
    parseMeasureLog(run, std::chrono::duration<double>(std::chrono::steady_clock::now() - it->second.second).count(),
                    fuzzTargetName(options));
    running.erase(it);
    ++done;
    std::fprintf(stderr, "  %zu/%zu %-14s %-8s seed %d: %s after %.0f executions, %.2f s %s\n", done, runs.size(),
                 run.strategy->name.c_str(), run.mutator ? "mutator" : "bytes", run.seed,
                 run.found ? "violation" : "nothing", run.executions, run.seconds, run.signature.c_str());
  }

  std::string text = "# The geometry-aware mutator: what it buys, " + date + "\n\n";
  text += "Produced by\n\n```sh\n" + options.commandLine + "\n```\n\n";
  text += std::string("Each run is one ") + fuzzTargetName(options) + " process (`-seed=1.." + std::to_string(options.runs) +
          "`, no fork) from the strategy's seed inputs (corpus/seeds and corpus/regressions less the cases the "
          "strategy already fails), stopped at its first violation" +
          (options.kinds.empty() ? "" : " of kind " + options.kinds) +
          (options.families.empty() ? "" : " on a case of family " + options.families) + " or after " +
          std::to_string(options.seconds) + " s; \"mutator\" runs use the geometry-aware mutator " +
          "(fuzz/geometry_mutator.h, with libFuzzer's byte mutations one time in 4), \"bytes\" runs set " +
          "GJK_MUTATOR=0 (libFuzzer's own mutations and the dictionary only). Executions and seconds are " +
          "counted by the target from its first input (seed corpus included). A run that found nothing counts " +
          "as infinitely long in the median. " + std::to_string(options.jobs) +
          " runs at a time on: " + machineDescription() + "; commit " + commitDescription() + "; fuzzer `" +
          fuzzer.string() + "`.\n\n";
  text += "| strategy | mutator | runs with a violation | median executions | median seconds | gain (median "
          "executions, bytes / mutator) |\n|---|---|---|---|---|---|\n";
  std::string details = "\n## Every run\n\n| strategy | mutator | seed | violation | executions | seconds | first "
                        "signature |\n|---|---|---|---|---|---|---|\n";
  for (const check::StrategyInfo* strategy : options.strategies) {
    double medianExec[2] = {0, 0};
    bool known[2] = {false, false};
    std::string rows[2];
    for (int m = 0; m < 2; ++m) {
      bool mutator = m == 0;
      std::vector<double> executions, seconds;
      int found = 0, total = 0;
      for (const MeasureRun& run : runs) {
        if (run.strategy != strategy || run.mutator != mutator) continue;
        if (run.pid < 0) continue;  // not run (interrupted)
        ++total;
        found += run.found;
        executions.push_back(run.found ? run.executions : INFINITY);
        seconds.push_back(run.found ? run.seconds : INFINITY);
        char line[512];
        std::snprintf(line, sizeof line, "| %s | %s | %d | %s | %.0f | %.2f | %s |\n", strategy->name.c_str(),
                      mutator ? "geometry" : "bytes", run.seed, run.found ? "yes" : "no (time limit)",
                      run.executions, run.seconds, run.signature.empty() ? "-" : run.signature.c_str());
        details += line;
      }
      std::string medianExecutions = median(executions, false, found, options.seconds);
      rows[m] = "| " + strategy->name + " | " + (mutator ? "geometry" : "bytes") + " | " + std::to_string(found) +
                " / " + std::to_string(total) + " | " + medianExecutions + " | " +
                median(seconds, true, found, options.seconds) + " | ";
      std::sort(executions.begin(), executions.end());
      if (!executions.empty() && static_cast<int>(executions.size() / 2) < found) {
        medianExec[m] = executions[executions.size() / 2];
        known[m] = true;
      }
    }
    char gain[96];
    if (known[0] && known[1]) {
      std::snprintf(gain, sizeof gain, "%.1fx", medianExec[1] / medianExec[0]);
    } else if (known[0]) {
      std::snprintf(gain, sizeof gain, "bytes alone: no median within %lld s", options.seconds);
    } else {
      std::snprintf(gain, sizeof gain, "-");
    }
    text += rows[0] + gain + " |\n" + rows[1] + " |\n";
  }
  text += details;
  text += "\nSeed inputs per strategy:";
  for (const auto& [name, count] : seedCounts) {
    text += " " + name + " " + std::to_string(count.written) + " (" + std::to_string(count.skippedAsViolation) +
            " failing cases left out);";
  }
  text += "\n";
  fs::create_directories(report);
  check::writeFileAtomically(report / "README.md", text);
  std::fprintf(stderr, "report %s\n", (report / "README.md").c_str());
  return EXIT_ALL_OK;
}

}  // namespace gjk::tools::campaign
