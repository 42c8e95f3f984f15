#include "workers/process_cpu.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <iterator>
#include <string>
#include <system_error>
#include <vector>

namespace gjk::workers {
namespace {

// utime + stime + cutime + cstime of one process, in clock ticks; negative when its stat cannot be read.
// The fields after the command name, which is in parentheses and may hold spaces, so read from the last ')'.
long long ownTicks(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
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
  for (const auto& task : std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/task", error)) {
    std::ifstream list(task.path() / "children");
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
