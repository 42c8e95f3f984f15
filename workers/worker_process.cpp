#include "workers/worker_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <thread>

#include "workers/process_cpu.h"

namespace gjk::workers {
namespace {

// A write to a worker that has died must be an error we see (EPIPE), not a signal that ends the harness.
void ignoreBrokenPipes() {
  static const bool DONE = [] {
    struct sigaction current {};
    sigaction(SIGPIPE, nullptr, &current);
    if (current.sa_handler == SIG_DFL) signal(SIGPIPE, SIG_IGN);
    return true;
  }();
  (void)DONE;
}

constexpr int PIPE_BYTES = 1 << 20;

void closeFd(int& fd) {
  if (fd >= 0) ::close(fd);
  fd = -1;
}

std::string endedText(int status) {
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    int signal = WTERMSIG(status);
    const char* name = strsignal(signal);
    return "killed by signal " + std::to_string(signal) + (name ? std::string(" (") + name + ")" : "");
  }
  return "ended (status " + std::to_string(status) + ")";
}

}  // namespace

WorkerProcess::WorkerProcess(const WorkerCommand& command) {
  if (command.words.empty()) throw std::runtime_error("a worker command with no words");
  ignoreBrokenPipes();
  int toChild[2], fromChild[2], errFromChild[2];
  if (pipe2(toChild, O_CLOEXEC) != 0) throw std::runtime_error("pipe: " + std::string(std::strerror(errno)));
  if (pipe2(fromChild, O_CLOEXEC) != 0 || pipe2(errFromChild, O_CLOEXEC) != 0) {
    throw std::runtime_error("pipe: " + std::string(std::strerror(errno)));
  }
  // Everything the child needs is made before fork: between fork and exec only async-signal-safe calls.
  std::vector<char*> argv;
  for (const std::string& word : command.words) argv.push_back(const_cast<char*>(word.c_str()));
  argv.push_back(nullptr);
  const std::string directory = command.directory.string();
  static const char NOT_STARTED[] = "gjkcheck: the worker program could not be started (exec failed)\n";
  static const char NO_FOLDER[] = "gjkcheck: the worker's folder cannot be entered\n";
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork: " + std::string(std::strerror(errno)));
  if (pid_ == 0) {
    dup2(toChild[0], 0);
    dup2(fromChild[1], 1);
    dup2(errFromChild[1], 2);
    signal(SIGPIPE, SIG_DFL);
    if (!directory.empty() && chdir(directory.c_str()) != 0) {
      (void)!write(2, NO_FOLDER, sizeof NO_FOLDER - 1);
      _exit(126);
    }
    execvp(argv[0], argv.data());
    (void)!write(2, NOT_STARTED, sizeof NOT_STARTED - 1);
    _exit(127);
  }
  ::close(toChild[0]);
  ::close(fromChild[1]);
  ::close(errFromChild[1]);
  in_ = toChild[1];
  out_ = fromChild[0];
  err_ = errFromChild[0];
  for (int fd : {in_, out_, err_}) fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
  // Pipes of 1 MiB (Linux's default limit for an unprivileged process; 64 KiB when refused): a whole window
  // of requests goes in one write and is read in one read, so a round trip costs two wakeups, not one per
  // 64 KiB.
  for (int fd : {in_, out_}) fcntl(fd, F_SETPIPE_SZ, PIPE_BYTES);
}

WorkerProcess::~WorkerProcess() { kill(); }

bool WorkerProcess::drainStderr() {
  if (err_ < 0) return false;
  char buffer[4096];
  for (;;) {
    ssize_t n = ::read(err_, buffer, sizeof buffer);
    if (n > 0) {
      tail_.append(buffer, static_cast<std::size_t>(n));
      if (tail_.size() > 2 * STDERR_TAIL_BYTES) tail_.erase(0, tail_.size() - STDERR_TAIL_BYTES);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) return true;
    closeFd(err_);
    return false;
  }
}

std::string WorkerProcess::stderrTail() {
  drainStderr();
  return tail_.size() > STDERR_TAIL_BYTES ? tail_.substr(tail_.size() - STDERR_TAIL_BYTES) : tail_;
}

void WorkerProcess::closeStdin() { closeFd(in_); }

std::string WorkerProcess::waitFor(int milliseconds) {
  if (pid_ < 0) return ended_;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(milliseconds);
  for (;;) {
    int status = 0;
    pid_t done = waitpid(pid_, &status, WNOHANG);
    if (done == pid_ || (done < 0 && errno != EINTR)) {
      ended_ = done == pid_ ? endedText(status) : "ended";
      pid_ = -1;
      drainStderr();
      return ended_;
    }
    if (std::chrono::steady_clock::now() >= deadline) return "";
    // Waiting while the worker may still write to stderr: keep reading it so it never blocks on a full pipe.
    if (err_ >= 0) {
      pollfd fd{err_, POLLIN, 0};
      poll(&fd, 1, 5);
      drainStderr();
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }
}

std::string WorkerProcess::kill() {
  closeFd(in_);
  closeFd(out_);
  if (pid_ >= 0) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    if (ended_.empty()) ended_ = endedText(status);
    pid_ = -1;
  }
  drainStderr();
  closeFd(err_);
  return ended_;
}

double WorkerProcess::cpuSeconds() const { return pid_ > 0 ? processTreeCpuSeconds(pid_) : -1; }

}  // namespace gjk::workers
