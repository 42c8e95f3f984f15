// gjkcheck campaign: drives the libFuzzer target fuzz_distance against one strategy, then collects,
// minimizes and deduplicates the violations it found into regression cases, and writes a report.
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
#include "tools/campaign_process.h"
#include "tools/command_line.h"
#include "tools/commands.h"
#include "tools/fuzz_files.h"
#include "tools/output_folders.h"
#include "tools/run_context.h"
#include "verdict/expectations.h"

namespace gjk::tools {
namespace {

namespace fs = std::filesystem;
using Environment = std::vector<std::pair<std::string, std::string>>;

const char* HELP =
    "usage: gjkcheck campaign --strategy NAME [--time S] [--jobs N] [--out DIR] [options]\n"
    "       gjkcheck campaign --measure-mutator --strategy NAME[,NAME...] [--runs R] [--time S] [--jobs N]\n\n"
    "Fuzzes one strategy against the exact oracle with the libFuzzer target fuzz_distance, in libFuzzer's\n"
    "fork mode (-fork=N -ignore_crashes=1: each violation ends one job, the campaign goes on), with a\n"
    "progress line. Violations are grouped by cause: (strategy, primary kind, termination), the primary\n"
    "kind being the verdict's first reason (verdict/classify.h); the family is recorded in the file as\n"
    "meta.family, it is no part of the cause. Each cause gets one file, DIR/<strategy>.<kind>.<termination>.case,\n"
    "written atomically as soon as the cause is found (the input as found), then replaced by its minimized\n"
    "form (libFuzzer -minimize_crash, then a shrink that keeps the cause: fewer vertices, default\n"
    "transforms, shorter numbers). When a cause already has a file, the smaller case is kept, by this\n"
    "order, the first difference deciding: fewer vertices; fewer numbers other than their default; fewer\n"
    "significant bits in them; shorter text; the text that sorts first (tools/campaign_findings.h). Every\n"
    "file is replayed (its expectations checked) before it is written. The report is DIR/README.md.\n"
    "The fuzzer passes over causes already known (GJK_KNOWN_SIGNATURES, a file updated as crashes come in):\n"
    "those filed in DIR, those of the cases in the --seeds folders (corpus/regressions by default), and\n"
    "each new one once found, so the jobs spend their time on new causes.\n\n"
    "Nothing is written into the repository: an --out, --report or --work folder inside the repository's\n"
    "corpus/ or reports/ is refused (exit 2), always; promote a finding on purpose with\n"
    "`gjkcheck corpus add FILE`. Every output folder is checked before any work starts (exit 2 naming the\n"
    "folder and the reason).\n\n"
    "--strategy NAME      any name of `gjkcheck strategies`, modifiers allowed (perp+local+scaled)\n"
    "--time S             seconds of fuzzing (default 600)\n"
    "--jobs N             parallel fuzzing jobs (default 2)\n"
    "--out DIR            where the cases go (default: a new folder campaign-<strategy>-<UTC time> in the\n"
    "                     current directory, e.g. campaign-perp-20261124T071344Z)\n"
    "--fuzzer PATH        the libFuzzer build of fuzz_distance. Default: $GJK_FUZZ_DISTANCE, else the\n"
    "                     first libFuzzer binary of <gjkcheck's build>/fuzz/fuzz_distance,\n"
    "                     <gjkcheck's build>/../fuzz/fuzz/fuzz_distance and ./build/fuzz/fuzz/fuzz_distance\n"
    "                     (build it with: cmake --preset fuzz && cmake --build --preset fuzz)\n"
    "--work DIR           the fuzzer's working folder, kept between runs so that a second campaign\n"
    "                     resumes from its corpus (default fuzz-work/<strategy> in the current directory)\n"
    "--report DIR         the folder of the report README.md (default: the --out folder)\n"
    "--seeds PATH,...     case folders that seed the fuzzer, less the cases the strategy already fails\n"
    "                     (default corpus/seeds,corpus/regressions)\n"
    "--kinds K,...        count only violations of these kinds (GJK_VIOLATION_KINDS), e.g. false-overlap\n"
    "--families F,...     count only violations on cases of these families (GJK_VIOLATION_FAMILIES)\n"
    "--minimize S         seconds of libFuzzer -minimize_crash per new cause (default 3; 0: none);\n"
    "                     all of them together take at most a quarter of --time (at least 30 s)\n"
    "--no-mutator         libFuzzer's byte mutations only (GJK_MUTATOR=0)\n\n"
    "--measure-mutator    instead of a campaign: run fuzz_distance (one process, -seed=1..R) R times with the\n"
    "                     geometry-aware mutator and R times without, each until its first violation or\n"
    "                     --time S (default 60), and report executions and seconds to the first violation,\n"
    "                     with medians, per strategy (report: --report DIR, default a new folder\n"
    "                     campaign-mutator-<UTC time> in the current directory)\n"
    "--runs R             runs per strategy and mutator setting (default 5)\n\n"
    "Ctrl-C stops the fuzzer and keeps everything found so far (every cause found has its file from the\n"
    "moment it was found; the shrink and the report still run, libFuzzer minimization is skipped); a\n"
    "second Ctrl-C ends gjkcheck at once, and the files written until then stay.\n"
    "Exit code 1 when the campaign found violations, 0 when it found none, 2 on bad usage.";

struct Options {
  std::vector<const check::StrategyInfo*> strategies;
  long long seconds = 600;
  int jobs = 2;
  fs::path out;     // resolved before the campaign starts (campaignCommand)
  fs::path fuzzer;
  fs::path work;
  fs::path report;
  std::vector<std::string> seeds = {"corpus/seeds", "corpus/regressions"};
  std::string kinds;
  std::string families;
  int minimizeSeconds = 3;
  bool mutator = true;
  bool measure = false;
  int runs = 5;
  std::string commandLine;
};

bool isLibFuzzerBinary(const fs::path& path) {
  std::error_code error;
  if (!fs::is_regular_file(path, error)) return false;
  int status = 0;
  std::string help = captureOutput({path.string(), "-help=1"}, {{"GJK_STRATEGY", "perp"}}, &status);
  return help.find("max_total_time") != std::string::npos;
}

fs::path findFuzzer(const Options& options) {
  std::vector<fs::path> candidates;
  if (!options.fuzzer.empty()) {
    if (!isLibFuzzerBinary(options.fuzzer)) {
      throw UsageError("--fuzzer " + options.fuzzer.string() + " is not a libFuzzer binary of fuzz_distance");
    }
    return options.fuzzer;
  }
  if (const char* path = std::getenv("GJK_FUZZ_DISTANCE")) candidates.push_back(path);
  std::error_code error;
  fs::path self = fs::read_symlink("/proc/self/exe", error);
  if (!error) {
    fs::path build = self.parent_path().parent_path();  // build/<preset>/tools/gjkcheck -> build/<preset>
    candidates.push_back(build / "fuzz" / "fuzz_distance");
    candidates.push_back(build.parent_path() / "fuzz" / "fuzz" / "fuzz_distance");
  }
  candidates.push_back(fs::path("build") / "fuzz" / "fuzz" / "fuzz_distance");
  for (const fs::path& candidate : candidates) {
    if (isLibFuzzerBinary(candidate)) return fs::absolute(candidate);
  }
  std::string tried;
  for (const fs::path& candidate : candidates) tried += " " + candidate.string();
  throw UsageError("no libFuzzer build of fuzz_distance found (tried" + tried +
                   "); build it with `cmake --preset fuzz && cmake --build --preset fuzz -j2 --target fuzz_distance` "
                   "or name it with --fuzzer PATH");
}

std::vector<std::string> existingSeedFolders(const Options& options) {
  std::vector<std::string> folders;
  for (const std::string& folder : options.seeds) {
    if (fs::exists(folder)) folders.push_back(folder);
  }
  return folders;
}

std::string withThousands(long long value) {
  std::string digits = std::to_string(value);
  for (int i = static_cast<int>(digits.size()) - 3; i > (value < 0 ? 1 : 0); i -= 3) digits.insert(i, ",");
  return digits;
}

void addFuzzerFlags(std::vector<std::string>& argv, const fs::path& fuzzer) {
  argv.push_back("-max_len=" + std::to_string(check::FUZZ_INPUT_MAX_CASE_SIZE + 22));
  argv.push_back("-timeout=10");
  argv.push_back("-rss_limit_mb=2560");
  argv.push_back("-print_final_stats=1");
  fs::path dict = fuzzer.string() + ".dict";
  if (fs::exists(dict)) argv.push_back("-dict=" + dict.string());
}

Environment fuzzerEnvironment(const Options& options, const check::StrategyInfo& strategy, bool mutator) {
  Environment env = {{"GJK_STRATEGY", strategy.name}, {"GJK_MUTATOR", mutator ? "1" : "0"}};
  if (!options.kinds.empty()) env.push_back({"GJK_VIOLATION_KINDS", options.kinds});
  if (!options.families.empty()) env.push_back({"GJK_VIOLATION_FAMILIES", options.families});
  return env;
}

// ---- the campaign ----

// One cause (signature) and what the campaign did with it.
struct CauseFinding {
  std::vector<CrashInput> inputs;
  int inputsThisRun = 0;
  std::string status;    // what the campaign did with it
  std::string file;      // the case filed for it in the out folder
  std::string family;    // meta.family of that case
  std::string story;
  std::string reasons;
  std::string inCorpus;  // a case of the --seeds folders that shows the cause already
};

class Campaign {
 public:
  Campaign(Options options, fs::path fuzzer)
      : options_(std::move(options)), strategy_(*options_.strategies.front()), fuzzer_(std::move(fuzzer)) {
    date_ = today();
    work_ = options_.work;
    report_ = options_.report;
  }

  int run() {
    prepare();
    fuzz();
    collect();
    writeReport();
    return violationSignatures() > 0 ? EXIT_VIOLATIONS : EXIT_ALL_OK;
  }

 private:
  void prepare() {
    fs::create_directories(work_ / "corpus");
    fs::create_directories(work_ / "crashes");
    fs::create_directories(work_ / "minimized");
    fs::create_directories(options_.out);
    fs::create_directories(report_);
    fs::remove_all(work_ / "seeds");
    seeds_ = convertCasesToInputs(existingSeedFolders(options_), work_ / "seeds", &strategy_);
    corpusBefore_ = countFiles(work_ / "corpus");
    for (const auto& entry : fs::directory_iterator(work_ / "crashes")) crashesBefore_.insert(entry.path().string());
    for (const auto& [signature, filed] : filedCauses(options_.out, strategy_.name)) {
      filedBefore_.insert(signature);
    }
    for (const std::string& folder : existingSeedFolders(options_)) {
      for (const auto& [signature, filed] : filedCauses(folder, strategy_.name)) {
        inCorpus_.try_emplace(signature, filed.file.string());
      }
    }
    known_ = filedBefore_;
    for (const auto& [signature, file] : inCorpus_) known_.insert(signature);
    scanCrashes();  // the crash inputs of earlier runs: their signatures are known too
    writeKnownSignatures();
    std::fprintf(stderr,
                 "campaign %s: %d seed inputs (%d seed cases left out: %s already fails them), working corpus %d "
                 "inputs%s\nfuzzer %s, %lld s, %d jobs, work %s\n",
                 strategy_.name.c_str(), seeds_.written, seeds_.skippedAsViolation, strategy_.name.c_str(),
                 corpusBefore_, corpusBefore_ > 0 ? " (resumed)" : "", fuzzer_.c_str(), options_.seconds,
                 options_.jobs, work_.c_str());
  }

  void writeKnownSignatures() {
    std::string text;
    for (const std::string& signature : known_) text += signature + "\n";
    check::writeFileAtomically(work_ / "known-signatures", text);
  }

  static int countFiles(const fs::path& folder) {
    int count = 0;
    if (fs::is_directory(folder)) {
      for (const auto& entry : fs::directory_iterator(folder)) count += entry.is_regular_file();
    }
    return count;
  }

  void fuzz() {
    std::vector<std::string> argv = {fuzzer_.string(), "-fork=" + std::to_string(options_.jobs), "-ignore_crashes=1",
                                     "-max_total_time=" + std::to_string(options_.seconds),
                                     "-artifact_prefix=" + (work_ / "crashes").string() + "/"};
    addFuzzerFlags(argv, fuzzer_);
    argv.push_back((work_ / "corpus").string());
    argv.push_back((work_ / "seeds").string());
    fuzzerCommand_.clear();
    for (const std::string& a : argv) fuzzerCommand_ += (fuzzerCommand_.empty() ? "" : " ") + a;

    std::ofstream log(work_ / "fuzzer.log", std::ios::app);
    log << "==== " << options_.commandLine << "\n==== " << fuzzerCommand_ << "\n";
    start_ = std::chrono::steady_clock::now();
    started_ = true;
    Environment env = fuzzerEnvironment(options_, strategy_, options_.mutator);
    env.push_back({"GJK_KNOWN_SIGNATURES", fs::absolute(work_ / "known-signatures").string()});
    ChildProcess child = startProcess(argv, env);
    forwardInterruptTo(child.pid);
    fuzzing_ = true;
    bool tty = isatty(2);
    int ticks = 0;
    std::string temporaryFolder;  // fork mode's own, left behind when it is stopped by a signal
    auto interruptedAt = std::chrono::steady_clock::time_point();
    readLines(
        child.output,
        [&](const std::string& line) {
          log << line << "\n";
          parseFuzzerStatus(line, status_);
          std::size_t at = line.find("starting to fuzz in ");
          if (at != std::string::npos) temporaryFolder = line.substr(at + 20);
        },
        [&] {
          // libFuzzer's fork-mode parent runs its jobs through system(), which ignores SIGINT: after
          // Ctrl-C the jobs stop but the parent starts new ones. It is told again with SIGTERM, then
          // stopped with SIGKILL.
          if (interrupted()) {
            auto now = std::chrono::steady_clock::now();
            if (interruptedAt == std::chrono::steady_clock::time_point()) {
              interruptedAt = now;
            } else if (now - interruptedAt > std::chrono::seconds(6)) {
              kill(-child.pid, SIGKILL);
            } else if (now - interruptedAt > std::chrono::seconds(2)) {
              kill(-child.pid, SIGTERM);
            }
          }
          scanCrashes();
          if (tty) {
            std::fprintf(stderr, "\r%s   ", progressLine().c_str());
          } else if (++ticks % 15 == 0) {
            std::fprintf(stderr, "%s\n", progressLine().c_str());
          }
          std::fflush(stderr);
        });
    fuzzerExit_ = waitProcess(child.pid);
    fuzzing_ = false;
    stopForwardingTo(child.pid);
    if (interrupted()) kill(-child.pid, SIGKILL);  // a job the parent left running
    if (temporaryFolder.rfind("/tmp/libFuzzerTemp.", 0) == 0) {
      std::error_code ignored;
      fs::remove_all(temporaryFolder, ignored);
    }
    elapsed_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    scanCrashes();
    std::fprintf(stderr, "%s%s\n", tty ? "\r" : "", progressLine().c_str());
    interrupted_ = interrupted();
    if (interrupted_) std::fprintf(stderr, "interrupted: keeping what was found so far\n");
  }

  std::string progressLine() const {
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    char line[256];
    std::snprintf(line, sizeof line,
                  "[%s] %4.0f/%lld s  execs %s  exec/s %.0f  cov %lld  corpus %lld  crash inputs %d  "
                  "violations %d (%d causes)",
                  strategy_.name.c_str(), seconds, options_.seconds, withThousands(status_.executions).c_str(),
                  seconds > 0 ? double(status_.executions) / seconds : 0.0, status_.coverage, status_.corpus,
                  crashInputsThisRun_, violationInputs_, violationSignatures());
    return line;
  }

  int violationSignatures() const {
    int count = 0;
    for (const auto& [signature, finding] : findings_) count += !signature.empty();
    return count;
  }

  void scanCrashes() {
    if (!fs::is_directory(work_ / "crashes")) return;
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(work_ / "crashes")) {
      std::string name = entry.path().filename().string();
      if (!entry.is_regular_file() || judged_.count(entry.path().string()) || name.rfind("minimized-", 0) == 0) {
        continue;
      }
      files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const fs::path& file : files) {
      judged_.insert(file.string());
      CrashInput crash = judgeCrashInput(file, strategy_);
      bool thisRun = !crashesBefore_.count(file.string());
      crashInputsThisRun_ += thisRun;
      CauseFinding& finding = findings_[crash.violation ? crash.signature : std::string()];
      finding.inputs.push_back(crash);
      finding.inputsThisRun += thisRun;
      if (crash.violation) {
        violationInputs_ += thisRun;
        finding.reasons = crash.reasons;
        if (known_.insert(crash.signature).second && started_) writeKnownSignatures();
        // Filed at once, as found, so that an interrupted campaign keeps it; collect() shrinks it.
        if (!inCorpus_.count(crash.signature)) {
          std::vector<std::uint8_t> bytes = readBytes(file);
          fileCase(crash.signature, *check::decodeFuzzInput(bytes.data(), bytes.size()));
        }
      }
    }
  }

  // libFuzzer's crash minimization, bounded in time; the result only counts when it keeps the signature.
  fs::path minimizeWithLibFuzzer(const CrashInput& crash) {
    fs::path out = work_ / "minimized" / (crash.file.filename().string() + ".min");
    fs::remove(out);
    std::vector<std::string> argv = {fuzzer_.string(), "-minimize_crash=1",
                                     "-max_total_time=" + std::to_string(options_.minimizeSeconds),
                                     "-exact_artifact_path=" + out.string()};
    addFuzzerFlags(argv, fuzzer_);
    argv.push_back(crash.file.string());
    Options focused = options_;
    focused.kinds = crash.reasons.substr(0, crash.reasons.find(','));  // the primary kind
    ChildProcess child = startProcess(argv, fuzzerEnvironment(focused, strategy_, options_.mutator),
                                      (work_ / "minimized" / "last.log").string());
    forwardInterruptTo(child.pid);
    // -minimize_crash repeats steps of up to max_total_time each; three steps' worth is the budget.
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(3 * options_.minimizeSeconds + 5);
    while (true) {
      int status = 0;
      pid_t done = waitpid(child.pid, &status, WNOHANG);
      if (done == child.pid || done < 0) break;
      if (std::chrono::steady_clock::now() > deadline || interrupted()) kill(-child.pid, SIGKILL);
      usleep(100000);
    }
    stopForwardingTo(child.pid);
    if (!fs::exists(out)) return crash.file;
    CrashInput minimized = judgeCrashInput(out, strategy_);
    return minimized.violation && minimized.signature == crash.signature && minimized.size <= crash.size ? out
                                                                                                          : crash.file;
  }

  // Files `value`, a case of cause `signature`, as DIR/<cause>.case unless the case already there is
  // preferred (preferredCase); checks that the file replays before writing it. Returns what happened:
  // "written", "replaced", "kept" or a sentence starting "NOT written".
  std::string fileCase(const std::string& signature, const check::Case& value) {
    Judged judged = judgeCase(value, strategy_);
    if (!judged.verdict.violation || judged.summary.signature != signature) {
      return "NOT written: the case does not show this cause when judged again";
    }
    fs::path path = options_.out / judged.summary.fileName;
    auto current = filedThisRun_.find(signature);
    bool replacing = current != filedThisRun_.end();
    if (!replacing && fs::exists(path)) {
      // Filed by an earlier campaign into the same folder: compared as a case of this cause, or left alone.
      try {
        check::Case existing = check::readCaseFile(path);
        Judged again = judgeCase(existing, strategy_);
        if (!again.verdict.violation || again.summary.signature != signature) {
          return "NOT written: " + path.string() + " exists and shows another cause; it is left alone";
        }
        current = filedThisRun_.emplace(signature, existing).first;
        replacing = true;
      } catch (const check::CaseError& error) {
        return std::string("NOT written: ") + error.what() + "; the file is left alone";
      }
    }
    CauseFinding& finding = findings_[signature];
    finding.file = path.string();
    if (replacing && !preferredCase(value, current->second)) {
      finding.family = current->second.metaValue("family");
      finding.story = current->second.metaValue("story");
      return "kept";
    }
    check::Case regression = check::regressionCase(value, strategy_, judged.summary, judged.verdict,
                                                   "campaign " + strategy_.name + " " + date_);
    std::string text = check::formatCase(regression);
    std::vector<std::string> unmet = check::unmetCaseExpectations(check::parseCase(text, path.string()));
    if (!unmet.empty()) {
      if (!replacing) finding.file.clear();
      return "NOT written: the case did not replay (" + unmet.front() + ")";
    }
    check::writeFileAtomically(path, text);
    filedThisRun_[signature] = regression;
    finding.family = judged.summary.family;
    finding.story = judged.summary.story;
    std::fprintf(stderr, "%s%s %s -> %s\n", fuzzing_ && isatty(2) ? "\n" : "",
                 replacing ? "smaller case for" : "new cause", signature.c_str(), path.c_str());
    return replacing ? "replaced" : "written";
  }

  void collect() {
    const double minimizeBudget = std::max(30.0, double(options_.seconds) / 4);
    auto collectStart = std::chrono::steady_clock::now();
    for (auto& [signature, finding] : findings_) {
      if (signature.empty()) {
        finding.status = "no violation when judged again: a sanitizer finding, a timeout, or a build that rounds "
                         "differently; see the files in " + (work_ / "crashes").string();
        continue;
      }
      auto corpus = inCorpus_.find(signature);
      if (corpus != inCorpus_.end()) {
        finding.inCorpus = corpus->second;
        finding.status = "already in the corpus: not filed";
        continue;
      }
      // The smallest input (then the first by name) is minimized and shrunk: a deterministic choice.
      const CrashInput* smallest = &finding.inputs.front();
      for (const CrashInput& crash : finding.inputs) {
        if (crash.size < smallest->size || (crash.size == smallest->size && crash.file < smallest->file)) {
          smallest = &crash;
        }
      }
      fs::path chosen = smallest->file;
      bool minimized = false;
      double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - collectStart).count();
      if (options_.minimizeSeconds > 0 && !interrupted() && spent < minimizeBudget) {
        fs::path result = minimizeWithLibFuzzer(*smallest);
        minimized = result != smallest->file;
        chosen = result;
      }
      std::vector<std::uint8_t> bytes = readBytes(chosen);
      check::Case value = *check::decodeFuzzInput(bytes.data(), bytes.size());
      int evaluations = 0;
      check::Case shrunk = shrinkKeepingSignature(value, strategy_, signature, 1500, &evaluations);
      bool filedBefore = filedThisRun_.count(signature) != 0;
      std::string outcome = fileCase(signature, shrunk);
      std::string how = std::string(minimized ? "minimized by libFuzzer, " : "") + "shrunk in " +
                        std::to_string(evaluations) + " judgements";
      if (outcome.rfind("NOT written", 0) == 0) {
        finding.status = (filedBefore ? "filed as found; the shrunk case was " : "") + outcome;
      } else if (outcome == "kept") {
        finding.status = "filed; the shrunk case (" + how + ") is not smaller than the case filed, which stays";
      } else {
        finding.status = std::string(filedBefore ? "filed, then replaced by" : "filed as") + " the shrunk case (" +
                         how + "), replayed";
      }
    }
  }

  void writeReport() {
    std::string text;
    text += "# Campaign: " + strategy_.name + ", " + date_ + "\n\n";
    text += "Produced by\n\n```sh\n" + options_.commandLine + "\n```\n\n";
    text += "| | |\n|---|---|\n";
    text += "| strategy | `" + strategy_.name + "`: " + strategy_.description + " |\n";
    text += "| date | " + date_ + " |\n| commit | " + commitDescription() + " |\n";
    text += "| machine | " + machineDescription() + " |\n";
    text += "| fuzzer | `" + fuzzerCommand_ + "` with GJK_STRATEGY=" + strategy_.name +
            (options_.mutator ? "" : " GJK_MUTATOR=0") +
            (options_.kinds.empty() ? "" : " GJK_VIOLATION_KINDS=" + options_.kinds) +
            (options_.families.empty() ? "" : " GJK_VIOLATION_FAMILIES=" + options_.families) + " |\n";
    char seconds[64];
    std::snprintf(seconds, sizeof seconds, "%.0f s of %lld s asked", elapsed_, options_.seconds);
    text += std::string("| time | ") + seconds + (interrupted_ ? ", interrupted by Ctrl-C" : "") +
            "; fuzzer exit status " + std::to_string(fuzzerExit_) + " |\n";
    text += "| mutator | " +
            std::string(options_.mutator ? "geometry-aware (fuzz/geometry_mutator.h), with libFuzzer's byte mutations"
                                         : "libFuzzer's byte mutations only") +
            " |\n";
    text += "| seeds | " + std::to_string(seeds_.written) + " inputs converted from " +
            [&] {
              std::string s;
              for (const std::string& f : existingSeedFolders(options_)) s += (s.empty() ? "" : ", ") + f;
              return s;
            }() +
            "; " + std::to_string(seeds_.skippedAsViolation) + " cases left out because " + strategy_.name +
            " already fails them (so every violation below was reached by fuzzing) |\n";
    text += "| working corpus | " + std::to_string(corpusBefore_) + " inputs at the start" +
            (corpusBefore_ > 0 ? " (resumed)" : "") + ", " + std::to_string(countFiles(work_ / "corpus")) +
            " at the end (" + work_.string() + "/corpus) |\n";
    char rate[64];
    std::snprintf(rate, sizeof rate, "%.0f", elapsed_ > 0 ? double(status_.executions) / elapsed_ : 0.0);
    text += "| executions | " + withThousands(status_.executions) + " (" + rate + " exec/s over the run, all jobs) |\n";
    text += "| known causes | " + std::to_string(filedBefore_.size()) + " already filed in " + options_.out.string() +
            " and " + std::to_string(inCorpus_.size()) + " shown by cases of the seed folders were passed over " +
            "(GJK_KNOWN_SIGNATURES), as was each new one once found |\n";
    text += "| coverage | " + std::to_string(status_.coverage) + " edges, " + std::to_string(status_.features) +
            " features |\n";
    text += "| crash inputs | " + std::to_string(crashInputsThisRun_) + " this run, " +
            std::to_string(judged_.size()) + " in " + (work_ / "crashes").string() + " |\n";
    text += "| violations | " + std::to_string(violationSignatures()) + " causes, " +
            std::to_string(filedThisRun_.size()) + " cases filed in " + options_.out.string() + " |\n\n";

    text += "## Violations by cause\n\n";
    if (violationSignatures() == 0) {
      text += "None: in " + std::string(seconds) + " the fuzzer found no input on which " + strategy_.name +
              "'s answer is a violation.\n\n";
    } else {
      text += "Cause: strategy, primary kind (the verdict's first reason), termination (verdict/classify.h). "
              "Family: the family of the case filed (verdict/classify.h), metadata only.\n\n";
      text += "| cause | crash inputs (this run / all) | reasons | status | case | family |\n"
              "|---|---|---|---|---|---|\n";
      for (const auto& [signature, finding] : findings_) {
        if (signature.empty()) continue;
        std::string file = !finding.file.empty() ? finding.file : finding.inCorpus;
        text += "| " + signature + " | " + std::to_string(finding.inputsThisRun) + " / " +
                std::to_string(finding.inputs.size()) + " | " + finding.reasons + " | " + finding.status + " | " +
                (file.empty() ? "" : "`" + file + "`") + " | " + finding.family + " |\n";
      }
      text += "\nStories of the cases written:\n\n";
      for (const auto& [signature, finding] : findings_) {
        if (!signature.empty() && !finding.story.empty()) text += "- `" + signature + "`: " + finding.story + "\n";
      }
      text += "\n";
    }
    auto other = findings_.find("");
    if (other != findings_.end()) {
      text += "## Crash inputs that are no violation here\n\n" + std::to_string(other->second.inputs.size()) +
              " inputs: " + other->second.status + ".\n\n";
    }
    text += "Replay every case filed: `gjkcheck corpus check " + options_.out.string() +
            "`; one case: `gjkcheck repro FILE --strategy " + strategy_.name +
            "`; promote one into the corpus: `gjkcheck corpus add FILE`.\n";
    check::writeFileAtomically(report_ / "README.md", text);
    std::fprintf(stderr, "report %s\n", (report_ / "README.md").c_str());
  }

  Options options_;
  const check::StrategyInfo& strategy_;
  fs::path fuzzer_;
  fs::path work_;
  fs::path report_;
  std::string date_;
  std::string fuzzerCommand_;
  ConversionCount seeds_;
  int corpusBefore_ = 0;
  std::set<std::string> crashesBefore_;
  std::set<std::string> filedBefore_;  // causes filed in the out folder before this run
  std::map<std::string, std::string> inCorpus_;  // causes shown by cases of the seed folders, and one such case
  std::map<std::string, check::Case> filedThisRun_;  // the case in the out folder of each cause filed this run
  std::set<std::string> known_;        // what GJK_KNOWN_SIGNATURES tells the fuzzer
  bool started_ = false;
  bool fuzzing_ = false;  // the progress line is on screen
  std::set<std::string> judged_;
  std::map<std::string, CauseFinding> findings_;  // "" collects inputs that are no violation
  FuzzerStatus status_;
  std::chrono::steady_clock::time_point start_;
  double elapsed_ = 0;
  int fuzzerExit_ = 0;
  bool interrupted_ = false;
  int crashInputsThisRun_ = 0;
  int violationInputs_ = 0;
};

// ---- measuring the mutator ----

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

void parseMeasureLog(MeasureRun& run, double wallSeconds) {
  std::ifstream in(run.folder / "fuzzer.log");
  run.seconds = wallSeconds;
  for (std::string line; std::getline(in, line);) {
    unsigned long long executions = 0;
    double seconds = 0;
    if (std::sscanf(line.c_str(), "fuzz_distance: failure after %llu executions, %lf s", &executions, &seconds) == 2) {
      run.found = true;
      run.executions = double(executions);
      run.seconds = seconds;
    } else if (line.rfind("==== fuzz_distance: violation: ", 0) == 0) {
      run.signature = line.substr(31);
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

int measureMutator(const Options& options, const fs::path& fuzzer) {
  std::string date = today();
  fs::path work = options.work;
  fs::path report = options.report;
  std::vector<MeasureRun> runs;
  std::map<std::string, ConversionCount> seedCounts;
  for (const check::StrategyInfo* strategy : options.strategies) {
    fs::path seeds = work / strategy->name / "seeds";
    fs::remove_all(seeds);
    seedCounts[strategy->name] = convertCasesToInputs(existingSeedFolders(options), seeds, strategy);
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
      addFuzzerFlags(argv, fuzzer);
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
    parseMeasureLog(run, std::chrono::duration<double>(std::chrono::steady_clock::now() - it->second.second).count());
    running.erase(it);
    ++done;
    std::fprintf(stderr, "  %zu/%zu %-14s %-8s seed %d: %s after %.0f executions, %.2f s %s\n", done, runs.size(),
                 run.strategy->name.c_str(), run.mutator ? "mutator" : "bytes", run.seed,
                 run.found ? "violation" : "nothing", run.executions, run.seconds, run.signature.c_str());
  }

  std::string text = "# The geometry-aware mutator: what it buys, " + date + "\n\n";
  text += "Produced by\n\n```sh\n" + options.commandLine + "\n```\n\n";
  text += "Each run is one fuzz_distance process (`-seed=1.." + std::to_string(options.runs) +
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

}  // namespace

int campaignCommand(int argc, char** argv, int first) {
  CommandLine line = parseCommandLine(
      argc, argv, first,
      {"strategy", "time", "jobs", "out", "fuzzer", "work", "report", "seeds", "kinds", "families", "minimize",
       "runs"},
      {"no-mutator", "measure-mutator"});
  if (line.has("help")) {
    std::puts(HELP);
    return EXIT_ALL_OK;
  }
  if (!line.positional.empty()) throw UsageError("campaign takes no positional arguments");
  Options options;
  options.measure = line.has("measure-mutator");
  std::string names = line.value("strategy", "");
  if (names.empty()) throw UsageError("--strategy NAME is required");
  for (const std::string& name : splitList(names)) {
    const check::StrategyInfo* strategy = check::findStrategy(name);
    if (strategy == nullptr) throw UsageError("unknown strategy '" + name + "' (see gjkcheck strategies)");
    options.strategies.push_back(strategy);
  }
  if (options.strategies.size() != 1 && !options.measure) throw UsageError("a campaign fuzzes one strategy");
  options.seconds = line.integer("time", options.measure ? 60 : 600);
  options.jobs = static_cast<int>(line.integer("jobs", 2));
  options.runs = static_cast<int>(line.integer("runs", 5));
  options.minimizeSeconds = static_cast<int>(line.integer("minimize", 3));
  if (options.seconds < 1 || options.jobs < 1 || options.jobs > 64 || options.runs < 1 || options.minimizeSeconds < 0) {
    throw UsageError("--time, --jobs and --runs must be positive (--jobs at most 64), --minimize not negative");
  }
  options.fuzzer = line.value("fuzzer", "");
  // Output folders: defaults in the current directory, every one checked before any work starts.
  const std::string& strategyName = options.strategies.front()->name;
  std::string stamp = utcTimestamp();
  if (options.measure) {
    options.work = line.value("work", (fs::path("fuzz-work") / "measure").string());
    options.report = line.value("report", numberedFolder("campaign-mutator-" + stamp).string());
  } else {
    options.out = line.value("out", numberedFolder("campaign-" + strategyName + "-" + stamp).string());
    options.work = line.value("work", (fs::path("fuzz-work") / strategyName).string());
    options.report = line.value("report", options.out.string());
  }
  for (const auto& [flag, folder] : {std::pair<const char*, fs::path>{"--out", options.out},
                                     {"--report", options.report}, {"--work", options.work}}) {
    if (folder.empty()) continue;
    std::string problem = outputFolderProblem(folder);
    if (!problem.empty()) throw UsageError(std::string(flag) + " " + folder.string() + ": " + problem);
  }
  if (line.values.count("seeds")) options.seeds = splitList(line.value("seeds", ""));
  options.kinds = line.value("kinds", "");
  for (const std::string& kind : splitList(options.kinds)) {
    if (std::find_if(std::begin(check::VIOLATION_KINDS), std::end(check::VIOLATION_KINDS),
                     [&](const char* k) { return kind == k; }) == std::end(check::VIOLATION_KINDS)) {
      throw UsageError("unknown violation kind '" + kind + "'");
    }
  }
  options.families = line.value("families", "");
  for (const std::string& family : splitList(options.families)) {
    const std::vector<std::string>& known = check::classifiedFamilies();
    if (std::find(known.begin(), known.end(), family) == known.end()) {
      throw UsageError("unknown family '" + family + "' (verdict/classify.h)");
    }
  }
  options.mutator = !line.has("no-mutator");
  options.commandLine = "gjkcheck";
  for (int i = 1; i < argc; ++i) options.commandLine += std::string(" ") + argv[i];

  fs::path fuzzer = findFuzzer(options);
  installInterruptHandler();
  try {
    if (options.measure) return measureMutator(options, fuzzer);
    return Campaign(options, fuzzer).run();
  } catch (const std::runtime_error& error) {
    if (dynamic_cast<const check::CaseError*>(&error) != nullptr) throw;
    std::fprintf(stderr, "gjkcheck campaign: %s\n", error.what());
    return EXIT_BAD_INPUT;
  }
}

}  // namespace gjk::tools
