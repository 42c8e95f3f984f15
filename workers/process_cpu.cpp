#include "workers/process_cpu.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

namespace gjk::workers {
namespace {

// The whole of a small /proc file, or "" when it cannot be read (the process ended meanwhile: reading its files
// then fails with ESRCH). POSIX reads, since a C++ stream's read error throws inside libstdc++.
std::string readProcFile(const std::string& path) {
  std::string text;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return text;
  char buffer[4096];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return text;
}

// utime + stime + cutime + cstime of one process, in clock ticks; negative when its stat cannot be read.
// The fields after the command name, which is in parentheses and may hold spaces, so read from the last ')'.
long long ownTicks(pid_t pid) {
  const std::string text = readProcFile("/proc/" + std::to_string(pid) + "/stat");
  const std::size_t close = text.rfind(')');
  if (close == std::string::npos) return -1;
  std::istringstream fields(text.substr(close + 1));
  // After ')': state (3), ppid, pgrp, session, tty_nr, tpgid, flags, minflt, cminflt, majflt, cmajflt (13),
  // utime (14), stime, cutime, cstime (17).
  std::string skip;
  for (int field = 3; field <= 13; ++field) fields >> skip;
  long long utime = 0, stime = 0, cutime = 0, cstime = 0;
  if (!(fields >> utime >> stime >> cutime >> cstime)) return -1;
  return utime + stime + cutime + cstime;
}

// The children of every thread of `pid` (a child is listed under the thread that forked it).
std::vector<pid_t> childrenOf(pid_t pid) {
  std::vector<pid_t> children;
  std::error_code error;
  std::filesystem::directory_iterator tasks("/proc/" + std::to_string(pid) + "/task", error);
  for (; !error && tasks != std::filesystem::directory_iterator(); tasks.increment(error)) {
    std::istringstream list(readProcFile((tasks->path() / "children").string()));
    for (pid_t child = 0; list >> child;) children.push_back(child);
  }
  return children;
}

long long treeTicks(pid_t pid, int depth) {
  long long ticks = ownTicks(pid);
  if (ticks < 0 || depth > 8) return ticks;
  for (pid_t child : childrenOf(pid)) {
    const long long more = treeTicks(child, depth + 1);
    if (more > 0) ticks += more;  // a child that ended meanwhile: its time is in our cutime once reaped
  }
  return ticks;
}

}  // namespace

double processTreeCpuSeconds(pid_t pid) {
  static const long TICKS_PER_SECOND = sysconf(_SC_CLK_TCK);
  const long long ticks = treeTicks(pid, 0);
  if (ticks < 0 || TICKS_PER_SECOND <= 0) return -1;
  return static_cast<double>(ticks) / static_cast<double>(TICKS_PER_SECOND);
}

}  // namespace gjk::workers
