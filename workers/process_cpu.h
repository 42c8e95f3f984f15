// The CPU time a worker has used, for the per-query timeout (workers/worker_client.h): a query that computes
// for longer than the timeout is a hang however loaded the machine is, and one that merely waits for a core
// is not. Read from Linux's /proc.
#pragma once

#include <sys/types.h>

namespace gjk::workers {

// User plus system CPU seconds of process `pid` and of its descendants: those running (found through
// /proc/PID/task/TID/children) and those it has waited for (its stat's cutime and cstime). Clock-tick
// resolution (10 ms on Linux). A negative value when /proc cannot tell (no such process, no /proc).
double processTreeCpuSeconds(pid_t pid);

}  // namespace gjk::workers
