#include "tools/campaign_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <stdexcept>

namespace gjk::tools {
namespace {

volatile sig_atomic_t interruptCount = 0;
volatile pid_t forwardGroups[8] = {-1, -1, -1, -1, -1, -1, -1, -1};

void onInterrupt(int) {
  interruptCount = interruptCount + 1;
  if (interruptCount >= 2) {
    signal(SIGINT, SIG_DFL);
    raise(SIGINT);
    return;
  }
  for (int i = 0; i < 8; ++i) {
    if (forwardGroups[i] > 0) kill(-forwardGroups[i], SIGINT);
  }
}

long long numberAfter(const std::string& line, const std::string& key, bool* found) {
  std::size_t at = line.find(key);
  *found = at != std::string::npos;
  if (!*found) return 0;
  return std::atoll(line.c_str() + at + key.size());
}

}  // namespace

bool parseFuzzerStatus(const std::string& line, FuzzerStatus& status) {
  if (line.empty() || line[0] != '#' || line.find("cov:") == std::string::npos) return false;
  bool found = false;
  status.executions = std::atoll(line.c_str() + 1);
  status.coverage = numberAfter(line, "cov: ", &found);
  long long value = numberAfter(line, "ft: ", &found);
  if (found) status.features = value;
  value = numberAfter(line, "corp: ", &found);
  if (found) status.corpus = value;
  value = numberAfter(line, "exec/s: ", &found);
  if (!found) value = numberAfter(line, "exec/s ", &found);
  if (found) status.execPerSecond = value;
  std::size_t at = line.find("oom/timeout/crash: ");
  if (at != std::string::npos) {
    std::string counts = line.substr(at + 19);
    std::size_t second = counts.find('/', counts.find('/') + 1);
    if (second != std::string::npos) status.crashes = std::atoll(counts.c_str() + second + 1);
  }
  status.seen = true;
  return true;
}

ChildProcess startProcess(const std::vector<std::string>& argv,
                          const std::vector<std::pair<std::string, std::string>>& environment,
                          const std::string& outputFile) {
  int pipeFds[2] = {-1, -1};
  if (outputFile.empty() && pipe2(pipeFds, O_CLOEXEC) != 0) {
    throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
  }
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
  if (pid == 0) {
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (getppid() != parent) _exit(127);
    signal(SIGINT, SIG_DFL);
    int out = -1;
    if (outputFile.empty()) {
      out = pipeFds[1];
    } else {
      out = open(outputFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      if (out < 0) _exit(127);
    }
    dup2(out, 1);
    dup2(out, 2);
    int devNull = open("/dev/null", O_RDONLY);
    if (devNull >= 0) dup2(devNull, 0);
    for (const auto& [name, value] : environment) setenv(name.c_str(), value.c_str(), 1);
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execv(args[0], args.data());
    std::fprintf(stderr, "cannot run %s: %s\n", args[0], std::strerror(errno));
    _exit(127);
  }
  setpgid(pid, pid);  // also in the parent, so the group exists before any signal is forwarded
  ChildProcess child;
  child.pid = pid;
  if (outputFile.empty()) {
    close(pipeFds[1]);
    child.output = pipeFds[0];
  }
  return child;
}

int waitProcess(pid_t pid) {
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return -1;
}

void readLines(int fd, const std::function<void(const std::string&)>& onLine, const std::function<void()>& onTick) {
  std::string pending;
  auto lastTick = std::chrono::steady_clock::now();
  char buffer[8192];
  for (;;) {
    pollfd p{fd, POLLIN, 0};
    int ready = poll(&p, 1, 250);
    if (ready > 0) {
      ssize_t n = read(fd, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      pending.append(buffer, static_cast<std::size_t>(n));
      std::size_t start = 0, end;
      while ((end = pending.find_first_of("\r\n", start)) != std::string::npos) {
        if (end > start) onLine(pending.substr(start, end - start));
        start = end + 1;
      }
      pending.erase(0, start);
    }
    auto now = std::chrono::steady_clock::now();
    if (now - lastTick >= std::chrono::seconds(1)) {
      lastTick = now;
      onTick();
    }
  }
  if (!pending.empty()) onLine(pending);
  close(fd);
}

std::string captureOutput(const std::vector<std::string>& argv,
                          const std::vector<std::pair<std::string, std::string>>& environment, int* status) {
  ChildProcess child = startProcess(argv, environment);
  std::string output;
  readLines(
      child.output, [&](const std::string& line) { output += line + "\n"; }, [] {});
  *status = waitProcess(child.pid);
  return output;
}

void installInterruptHandler() {
  struct sigaction action {};
  action.sa_handler = onInterrupt;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
}

bool interrupted() { return interruptCount > 0; }

void forwardInterruptTo(pid_t processGroup) {
  for (int i = 0; i < 8; ++i) {
    if (forwardGroups[i] <= 0) {
      forwardGroups[i] = processGroup;
      return;
    }
  }
}

void stopForwardingTo(pid_t processGroup) {
  for (int i = 0; i < 8; ++i) {
    if (forwardGroups[i] == processGroup) forwardGroups[i] = -1;
  }
}

void interruptChildren() {
  for (int i = 0; i < 8; ++i) {
    if (forwardGroups[i] > 0) kill(-forwardGroups[i], SIGINT);
  }
}

}  // namespace gjk::tools
