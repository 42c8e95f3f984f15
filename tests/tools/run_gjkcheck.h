// Running the gjkcheck program from a test, as a user would: its exit code and its output.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace gjk::test_support {

struct CliRun {
  int exitCode = -1;
  std::string out;  // stdout and stderr together
};

// Runs `gjkcheck ARGUMENTS` (the binary this build made) through the shell, in `workingFolder` when
// one is given.
inline CliRun gjkcheck(const std::string& arguments, const std::string& workingFolder = "") {
  std::string command = std::string(GJKCHECK_BINARY) + " " + arguments + " 2>&1";
  if (!workingFolder.empty()) command = "cd '" + workingFolder + "' && " + command;
  CliRun run;
  FILE* pipe = popen(command.c_str(), "r");
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) run.out.append(buffer, n);
  int status = pclose(pipe);
  run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

}  // namespace gjk::test_support
