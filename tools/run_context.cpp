#include "tools/run_context.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <ctime>
#include <fstream>

#include "tools/campaign_process.h"

namespace gjk::tools {

std::string today() {
  std::time_t now = std::time(nullptr);
  char buffer[16];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d", std::gmtime(&now));
  return buffer;
}

std::string machineDescription() {
  utsname name{};
  uname(&name);
  std::string cpu = "unknown CPU";
  std::ifstream info("/proc/cpuinfo");
  for (std::string line; std::getline(info, line);) {
    if (line.rfind("model name", 0) == 0) {
      cpu = line.substr(line.find(':') + 2);
      break;
    }
  }
  return std::string(name.sysname) + " " + name.release + " " + name.machine + ", " +
         std::to_string(sysconf(_SC_NPROCESSORS_ONLN)) + " cores, " + cpu;
}

std::string commitDescription() {
  int status = 0;
  std::string out = captureOutput({"/usr/bin/env", "git", "describe", "--always", "--dirty", "--abbrev=12"}, {}, &status);
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return status == 0 && !out.empty() ? out : "unknown (not a git checkout)";
}

}  // namespace gjk::tools
