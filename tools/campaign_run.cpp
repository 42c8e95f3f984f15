// The campaign of `gjkcheck campaign`: fuzz one strategy, collect the inputs by cause, shrink and file one
// case per cause, and write the findings report.
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
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
  std::string unreproduced;   // not shown again: the crash input kept in REPORT/unreproduced/
  std::string failureDetail;  // and what the engine said when it failed
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
    return violationSignatures() > 0 || !harnessErrors_.empty() ? EXIT_VIOLATIONS : EXIT_ALL_OK;
  }

 private:
  void prepare() {
    fs::create_directories(work_ / "corpus");
    fs::create_directories(work_ / "crashes");
    fs::create_directories(work_ / "minimized");
    fs::create_directories(options_.out);
    fs::create_directories(report_);
    fs::remove_all(work_ / "seeds");
    seeds_ = convertCasesToInputs(existingSeedFolders(options_), work_ / "seeds", &strategy_, options_.query);
    corpusBefore_ = countFiles(work_ / "corpus");
    for (const auto& entry : fs::directory_iterator(work_ / "crashes")) crashesBefore_.insert(entry.path().string());
    for (const auto& [signature, filed] : filedCauses(options_.out, strategy_.name, options_.query)) {
      filedBefore_.insert(signature);
    }
    for (const std::string& folder : existingSeedFolders(options_)) {
      for (const auto& [signature, filed] : filedCauses(folder, strategy_.name, options_.query)) {
        inCorpus_.try_emplace(signature, filed.file.string());
      }
    }
    known_ = filedBefore_;
    for (const auto& [signature, file] : inCorpus_) known_.insert(signature);
    scanCrashes();  // the crash inputs of earlier runs: their signatures are known too
    writeKnownSignatures();
    std::fprintf(stderr,
                 "campaign %s: %d seed inputs (%d seed cases left out: %s already fails them%s), working corpus %d "
                 "inputs%s\nfuzzer %s, %lld s, %d jobs, work %s\n",
                 strategy_.name.c_str(), seeds_.written, seeds_.skippedAsViolation, strategy_.name.c_str(),
                 (std::string(seeds_.skippedOtherQuery > 0
                                  ? "; " + std::to_string(seeds_.skippedOtherQuery) + " are not cast cases"
                                  : "") +
                  (seeds_.skippedOtherDimension > 0 ? "; " + std::to_string(seeds_.skippedOtherDimension) + " are " +
                                                          (options_.dimension == 3 ? "2D" : "3D") + " cases"
                                                    : ""))
                     .c_str(),
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
    addFuzzerFlags(argv, fuzzer_, options_.dimension);
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
      CrashInput crash = judgeCrashInput(file, strategy_, options_.query);
      bool thisRun = !crashesBefore_.count(file.string());
      crashInputsThisRun_ += thisRun;
      if (crash.abortSignal != 0) aborts_.push_back(file.string());
      if (!crash.harnessError.empty()) {
        // gjkcheck's own bug: the input and its message are kept (the report lists them), and fuzzing goes on.
        harnessErrors_.emplace_back(file.string(), crash.harnessError);
        std::fprintf(stderr, "%sgjkcheck could not judge crash input %s: %s\n", fuzzing_ && isatty(2) ? "\n" : "",
                     file.c_str(), crash.harnessError.c_str());
        continue;
      }
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
          fileCase(crash.signature, *decodeCrashInput(bytes, strategy_));
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
    addFuzzerFlags(argv, fuzzer_, options_.dimension);
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
    CrashInput minimized = judgeCrashInput(out, strategy_, options_.query);
    return minimized.violation && minimized.signature == crash.signature && minimized.size <= crash.size ? out
                                                                                                          : crash.file;
  }

  // Files `value`, a case of cause `signature`, as DIR/<cause>.case unless the case already there is
  // preferred (preferredCase); checks that the file replays before writing it. Returns what happened:
  // "written", "replaced", "kept" or a sentence starting "NOT written".
  std::string fileCase(const std::string& signature, const check::Case& value) {
    Judged judged = judgeCase(value, strategy_, options_.query);
    if (!judged.violation || judged.summary.signature != signature) {
      return NOT_SHOWN_AGAIN;
    }
    fs::path path = options_.out / judged.summary.fileName;
    auto current = filedThisRun_.find(signature);
    bool replacing = current != filedThisRun_.end();
    if (!replacing && fs::exists(path)) {
      // Filed by an earlier campaign into the same folder: compared as a case of this cause, or left alone.
      try {
        check::Case existing = check::readCaseFile(path);
        Judged again = judgeCase(existing, strategy_, options_.query);
        if (!again.violation || again.summary.signature != signature) {
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
    check::Case regression = regressionCaseOf(judged, strategy_, "campaign " + strategy_.name + " " + date_);
    std::string text = check::formatCase(regression);
    std::vector<std::string> unmet = check::unmetCaseExpectations(check::parseCase(text, path.string()));
    if (!unmet.empty()) {
      if (!replacing) finding.file.clear();
      return NOT_REPLAYED + (" (" + unmet.front() + ")");
    }
    check::writeFileAtomically(path, text);
    filedThisRun_[signature] = regression;
    finding.family = judged.summary.family;
    finding.story = judged.summary.story;
    std::fprintf(stderr, "%s%s %s -> %s\n", fuzzing_ && isatty(2) ? "\n" : "",
                 replacing ? "smaller case for" : "new cause", signature.c_str(), path.c_str());
    return replacing ? "replaced" : "written";
  }

  static constexpr const char* NOT_SHOWN_AGAIN = "NOT written: the case does not show this cause when judged again";
  static inline const std::string NOT_REPLAYED = "NOT written: the case did not replay";

  // A cause whose case does not show it again (an engine that fails now and then, not on an input) is not
  // filed, but nothing found is lost: its crash input, the case it decodes to, and what the engine said
  // when it failed are kept in REPORT/unreproduced/ (docs/campaigns.md), and the report shows them.
  void keepUnreproduced(const CrashInput& crash, CauseFinding& finding) {
    const fs::path folder = report_ / "unreproduced";
    fs::create_directories(folder);
    const std::string stem = crash.file.filename().string();
    std::vector<std::uint8_t> bytes = readBytes(crash.file);
    check::Case value = *decodeCrashInput(bytes, strategy_);
    value.setMeta("strategy", strategy_.name);
    value.setMeta("found-by", "campaign " + strategy_.name + " " + date_ + ", crash input " + stem +
                                  "; judged again it did not show " + crash.signature);
    check::writeFileAtomically(folder / (stem + ".case"), check::formatCase(value));
    fs::copy_file(crash.file, folder / stem, fs::copy_options::overwrite_existing);
    check::writeFileAtomically(folder / (stem + ".txt"),
                               "cause: " + crash.signature + "\nreasons: " + crash.reasons + "\n" +
                                   "what the engine said the first time:\n" + crash.failureDetail + "\n");
    finding.unreproduced = (folder / stem).string();
    finding.failureDetail = crash.failureDetail;
    finding.status += "; its input is kept in " + (folder / stem).string() + " (.case, and .txt with what the "
                      "engine said)";
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
      check::Case value = *decodeCrashInput(bytes, strategy_);
      int evaluations = 0;
      check::Case shrunk = shrinkKeepingSignature(value, strategy_, signature, 1500, &evaluations, options_.query);
      bool filedBefore = filedThisRun_.count(signature) != 0;
      std::string outcome = fileCase(signature, shrunk);
      std::string how = std::string(minimized ? "minimized by libFuzzer, " : "") + "shrunk in " +
                        std::to_string(evaluations) + " judgements";
      if (outcome.rfind("NOT written", 0) == 0) {
        finding.status = (filedBefore ? "filed as found; the shrunk case was " : "") + outcome;
        // Judged a failure once and not again (now, or when the written case was replayed): an engine that
        // fails now and then, such as a plugin that aborts on every third query of its process. Its input is
        // kept with what the engine said, never only reported as not written.
        if (!filedBefore && (outcome == NOT_SHOWN_AGAIN || outcome.rfind(NOT_REPLAYED, 0) == 0)) {
          keepUnreproduced(*smallest, finding);
        }
      } else if (outcome == "kept") {
        finding.status = "filed; the shrunk case (" + how + ") is not smaller than the case filed, which stays";
      } else {
        finding.status = std::string(filedBefore ? "filed, then replaced by" : "filed as") + " the shrunk case (" +
                         how + "), replayed";
      }
    }
  }

  // The report names paths as a reader of it can follow them: the fuzzer, the seed folders and the work
  // folder are found as absolute paths, and those under the current folder are shown relative to it (the
  // folder the report's command was run in), so that a committed report names no path of this machine.
  static std::string readableFromHere(std::string text) {
    std::error_code error;
    const std::string here = fs::current_path(error).string();
    if (error || here.size() <= 1) return text;
    const std::string prefix = here + "/";
    for (std::size_t at = text.find(prefix); at != std::string::npos; at = text.find(prefix, at)) {
      text.erase(at, prefix.size());
    }
    return text;
  }

  void writeReport() {
    std::string text;
    // A campaign on a query other than distance names it (verdict/query_seam.h).
    const std::string query = check::queryKindName(options_.query);
    const bool otherQuery = options_.query != check::QueryKind::Distance;
    std::string title = query;
    title[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(title[0])));
    text += "# Campaign: " + strategy_.name + (otherQuery ? " (" + query + ")" : "") + ", " + date_ + "\n\n";
    text += "Produced by\n\n```sh\n" + options_.commandLine + "\n```\n\n";
    text += "| | |\n|---|---|\n";
    text += "| strategy | `" + strategy_.name + "`: " + strategy_.description + " |\n";
    text += "| query | " +
            (otherQuery ? query + ": the " + query + " verdict (docs/verdict.md, " + title + "), fuzz target " +
                         fuzzTargetName(options_)
                   : options_.dimension == 3
                         ? "distance: the 3D distance verdict (docs/verdict.md, verdict/verdict3.h), fuzz target fuzz_distance3d"
                         : "distance: the distance verdict (docs/verdict.md), fuzz target fuzz_distance") +
            " |\n";
    text += "| date | " + date_ + " |\n| commit | " + commitDescription() + " |\n";
    text += "| machine | " + machineDescription() + " |\n";
    text += "| fuzzer | `" + fuzzerCommand_ + "` with " + fuzzStrategyVariable(options_.query) + "=" + strategy_.name +
            (options_.mutator ? "" : " GJK_MUTATOR=0") +
            (options_.kinds.empty() ? "" : " GJK_VIOLATION_KINDS=" + options_.kinds) +
            (options_.families.empty() ? "" : " GJK_VIOLATION_FAMILIES=" + options_.families) + " |\n";
    char seconds[64];
    std::snprintf(seconds, sizeof seconds, "%.0f s of %lld s asked", elapsed_, options_.seconds);
    text += std::string("| time | ") + seconds + (interrupted_ ? ", interrupted by Ctrl-C" : "") +
            "; fuzzer exit status " + std::to_string(fuzzerExit_) + " |\n";
    text += "| mutator | " +
            std::string(options_.mutator ? (options_.dimension == 3
                                                ? "geometry-aware in 3D (fuzz/geometry_mutator_3d.h), with libFuzzer's byte mutations"
                                                : "geometry-aware (fuzz/geometry_mutator.h), with libFuzzer's byte mutations")
                                         : "libFuzzer's byte mutations only") +
            " |\n";
    text += "| seeds | " + std::to_string(seeds_.written) + " inputs converted from " +
            [&] {
              std::string s;
              for (const std::string& f : existingSeedFolders(options_)) s += (s.empty() ? "" : ", ") + f;
              return s;
            }() +
            "; " + std::to_string(seeds_.skippedAsViolation) + " cases left out because " + strategy_.name +
            " already fails them (so every violation below was reached by fuzzing)" +
            (seeds_.skippedOtherQuery > 0
                 ? "; " + std::to_string(seeds_.skippedOtherQuery) + " cases left out that are not cast cases"
                 : std::string()) +
            (seeds_.skippedOtherDimension > 0
                 ? "; " + std::to_string(seeds_.skippedOtherDimension) + " " +
                       (options_.dimension == 3 ? "2D" : "3D") + " cases left out (another encoding)"
                 : std::string()) +
            " |\n";
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
      text += (otherQuery ? "Cause: strategy, primary kind (the " + query + " verdict's first reason), termination "
                       "(verdict/query_" + query + ".cpp). "
                     : std::string("Cause: strategy, primary kind (the verdict's first reason), termination "
                                   "(verdict/classify.h). ")) +
              "Family: the family of the case filed (" +
              std::string(options_.dimension == 3 ? "verdict/classify3.h" : "verdict/classify.h") +
              "), metadata only.\n\n";
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
    bool anyUnreproduced = false;
    for (const auto& [signature, finding] : findings_) anyUnreproduced |= !finding.unreproduced.empty();
    if (anyUnreproduced) {
      text += "## Failures that did not show again\n\nAn engine failed on these inputs once, and not when the "
              "case was judged again (an engine that fails now and then rather than on an input): no case is "
              "filed, and each input is kept with what the engine said.\n\n";
      for (const auto& [signature, finding] : findings_) {
        if (finding.unreproduced.empty()) continue;
        std::string detail = finding.failureDetail;
        if (detail.size() > 2000) detail = "..." + detail.substr(detail.size() - 2000);
        text += "- `" + signature + "`: `" + finding.unreproduced + "` (the fuzz input; `.case` beside it is the "
                "case, replay with `gjkcheck repro " + finding.unreproduced + ".case --strategy " + strategy_.name +
                "`). What the engine said:\n\n```\n" + detail + "\n```\n\n";
      }
    }
    auto other = findings_.find("");
    if (other != findings_.end()) {
      text += "## Crash inputs that are no violation here\n\n" + std::to_string(other->second.inputs.size()) +
              " inputs: " + other->second.status + ".\n\n";
    }
    if (!harnessErrors_.empty()) {
      text += "## Crash inputs gjkcheck could not judge\n\nJudging these inputs threw an error in gjkcheck itself: "
              "a bug of the harness, not a verdict on " + strategy_.name + " (the fuzz target stopped on them "
              "for the same reason). Each input stays where it is; `gjkcheck convert FILE` shows it as a case.\n\n";
      for (const auto& [file, message] : harnessErrors_) text += "- `" + file + "`: " + message + "\n";
      text += "\n";
    }
    if (!aborts_.empty()) {
      text += "## Inputs on which " + strategy_.name + " aborts\n\n" + std::to_string(aborts_.size()) +
              " of those inputs end the process that runs " + strategy_.name +
              " (judged in a child process, so the campaign goes on): an engine's own assertion, a finding that "
              "cannot be filed as a regression (replaying it would end gjkcheck). The first: `" + aborts_.front() +
              "`; `gjkcheck convert FILE` shows it as a case.\n\n";
    }
    text += "Replay every case filed: `gjkcheck corpus check " + options_.out.string() +
            "`; one case: `gjkcheck repro FILE --strategy " + strategy_.name +
            "`; promote one into the corpus: `gjkcheck corpus add FILE`.\n";
    check::writeFileAtomically(report_ / "README.md", readableFromHere(text));
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
  std::vector<std::string> aborts_;  // crash inputs on which the strategy aborts the process that runs it
  std::vector<std::pair<std::string, std::string>> harnessErrors_;  // crash inputs gjkcheck could not judge, why
};

}  // namespace

int runCampaign(const Options& options, const fs::path& fuzzer) { return Campaign(options, fuzzer).run(); }

}  // namespace gjk::tools::campaign
