// One worker process: started with its command in its folder, its stdin, stdout and stderr on pipes of
// ours (non-blocking), its stderr's last bytes kept for the verdict of a crash or a hang.
#pragma once

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <vector>

namespace gjk::workers {

// How to start a worker: the program and its arguments (the program is looked up on PATH when it has no
// '/'), and the folder it runs in (empty: ours).
struct WorkerCommand {
  std::vector<std::string> words;
  std::filesystem::path directory;
};

// The bytes of stderr kept: the tail a failure verdict shows.
inline constexpr std::size_t STDERR_TAIL_BYTES = 2048;

class WorkerProcess {
 public:
  // Starts the worker. Throws std::runtime_error when it cannot be started (no such folder, fork fails); a
  // program that is not found starts and exits 127 with the reason on its stderr, like a shell.
  explicit WorkerProcess(const WorkerCommand& command);
  ~WorkerProcess();  // closes the pipes, kills the process and reaps it
  WorkerProcess(const WorkerProcess&) = delete;
  WorkerProcess& operator=(const WorkerProcess&) = delete;

  int stdinFd() const { return in_; }
  int stdoutFd() const { return out_; }
  int stderrFd() const { return err_; }

  // Reads what stderr holds now into the tail; false once stderr is closed.
  bool drainStderr();
  // The last STDERR_TAIL_BYTES of stderr, after draining what is there.
  std::string stderrTail();
  void closeStdin();
  // Kills (SIGKILL) and reaps the process; returns how it ended ("exit status N", "killed by signal N").
  std::string kill();
  // CPU seconds the worker and its descendants have used so far (workers/process_cpu.h); negative when
  // /proc cannot tell.
  double cpuSeconds() const;
  // Waits up to `milliseconds` for the process to end by itself; how it ended, or "" if it is still running.
  std::string waitFor(int milliseconds);

 private:
  pid_t pid_ = -1;
  int in_ = -1;
  int out_ = -1;
  int err_ = -1;
  std::string tail_;
  std::string ended_;
};

}  // namespace gjk::workers
