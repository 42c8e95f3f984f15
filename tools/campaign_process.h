// Child processes for gjkcheck campaign: the libFuzzer binary, started with its own environment
// variables, its output read line by line, and Ctrl-C handled so that a campaign keeps what it found.
#pragma once

#include <sys/types.h>

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace gjk::tools {

// What libFuzzer's status lines say (fork mode: "#N: cov: C ft: F corp: K exec/s E
// oom/timeout/crash: a/b/c time: Ts ..."; single process: "#N ... cov: C ft: F corp: K/.. exec/s: E ...").
struct FuzzerStatus {
  long long executions = 0;
  long long coverage = 0;
  long long features = 0;
  long long corpus = 0;
  long long execPerSecond = 0;
  long long crashes = 0;
  bool seen = false;
};

// Updates `status` from one line of libFuzzer output; false when the line is not a status line.
bool parseFuzzerStatus(const std::string& line, FuzzerStatus& status);

struct ChildProcess {
  pid_t pid = -1;
  int output = -1;  // read end of a pipe carrying the child's stdout and stderr, or -1
};

// Starts argv[0] (a path) with extra environment variables. The child gets its own process group (so
// the campaign decides how Ctrl-C reaches it) and is sent SIGTERM if gjkcheck dies. When `outputFile`
// is empty its output comes through ChildProcess::output, else it goes to that file.
ChildProcess startProcess(const std::vector<std::string>& argv,
                          const std::vector<std::pair<std::string, std::string>>& environment,
                          const std::string& outputFile = "");

// Waits for the child; its exit status, or 128 + the signal that ended it.
int waitProcess(pid_t pid);

// Reads the child's output until it closes, calling onLine for every line (split at \n and \r) and
// onTick about once a second. Returns when the output closes.
void readLines(int fd, const std::function<void(const std::string&)>& onLine, const std::function<void()>& onTick);

// Runs a command, returns its output (stdout and stderr) and sets *status; for short helper commands.
std::string captureOutput(const std::vector<std::string>& argv,
                          const std::vector<std::pair<std::string, std::string>>& environment, int* status);

// Ctrl-C: the first SIGINT sets interrupted() and is passed on to the registered child process groups;
// the second ends gjkcheck at once (every file written so far is complete: writes are atomic).
void installInterruptHandler();
bool interrupted();
void forwardInterruptTo(pid_t processGroup);
void stopForwardingTo(pid_t processGroup);
// Interrupts the registered children now, as the first Ctrl-C would.
void interruptChildren();

}  // namespace gjk::tools
