#include "tools/run_context.h"

#include <sys/utsname.h>
#include <unistd.h>

#include <ctime>
#include <fstream>

#include "build_commit.h"  // generated: GJK_BUILD_COMMIT (tools/build_commit.cmake)
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
  // The commit of the sources this program was built from, recorded at build time: it names the code
  // that produced the numbers, wherever the program runs.
  std::string built = GJK_BUILD_COMMIT;
  if (!built.empty()) return built;
  // Built outside a checkout (from an archive): the working directory's checkout, if any.
  int status = 0;
  std::string out = captureOutput({"/usr/bin/env", "git", "describe", "--always", "--dirty", "--abbrev=12"}, {}, &status);
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  if (status == 0 && !out.empty()) return out + " (the working directory's checkout; the build recorded none)";
  return "unknown (built outside a git checkout, and not run in one)";
}

}  // namespace gjk::tools
