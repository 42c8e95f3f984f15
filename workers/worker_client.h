// The host side of the worker protocol (docs/workers.md): one worker kept alive across queries, requests
// pipelined (up to a window in flight), each answer read with a per-query timeout. A crash, a hang or a
// protocol error is the answer of the query it hit (Status Crash, Hang, Protocol, with the stderr tail or the
// line); the worker is then restarted and the unanswered rest sent again, so a run always goes on.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "case/case.h"
#include "workers/worker_process.h"
#include "workers/worker_protocol.h"

namespace gjk::workers {

struct WorkerOptions {
  // Per query: a worker that computes for this long (its CPU time and its descendants', workers/process_cpu.h)
  // without answering, or waits WALL_TIMEOUT_FACTOR times as long in all, has hung. CPU time, so that a query is
  // not a hang because the machine is busy (a 1 s wall-clock timeout made hangs of MuJoCo's 1 ms queries when
  // eight workers shared 2 cores with compilers); wall time too, for a worker that waits without computing.
  double timeoutSeconds = 10;
  // For the hello: a start is no query, and an engine that loads a large module (MuJoCo's wasm: about 1 s
  // when eight start at once on 2 cores) must not be a hang under a short per-query timeout. The wait for
  // the hello is the longer of the two.
  double helloTimeoutSeconds = 30;
  int window = 256;            // requests in flight at most
  // What the hello must say (empty: anything): a manifest's scalar and contact, checked against the worker.
  std::string expectScalar;
  std::string expectContact;
  // The dimension the hello must say (a manifest's `dimension`: 3 is +3d, 2 is its absence); 0: either.
  int expectDimension = 0;
};

// The wall-clock bound of a query's wait, in timeouts (WorkerOptions::timeoutSeconds).
inline constexpr double WALL_TIMEOUT_FACTOR = 10;

// Consecutive starts without a hello after which every query left gets the start's failure at once.
inline constexpr int MAX_FAILED_STARTS = 3;

// The per-query timeout of GJKCHECK_WORKER_TIMEOUT (seconds) when set and valid, else `fallback`.
double timeoutFromEnvironment(double fallback = 10);

class WorkerClient {
 public:
  WorkerClient(WorkerCommand command, WorkerOptions options);
  ~WorkerClient();
  WorkerClient(const WorkerClient&) = delete;
  WorkerClient& operator=(const WorkerClient&) = delete;

  // Starts the worker when none runs and reads its hello. The hello, or nullopt with `failure` (Crash,
  // Hang or Protocol, and its detail) when the worker gives none.
  std::optional<Hello> start(Answer& failure);

  // The answers to every case, in order, the requests pipelined.
  void queryBatch(std::span<const check::Case> cases, Query query, std::span<Answer> answers);
  Answer queryOne(const check::Case& value, Query query);

  // The hello of the worker last started (empty name when none has started).
  const Hello& hello() const { return hello_; }
  // Workers started so far (1 + restarts).
  int starts() const { return starts_; }

 private:
  enum class Event { Line, Closed, Timeout };
  // How long a wait for a line may last: until the wall-clock deadline, and (cpuSeconds > 0) until the worker
  // has computed for cpuSeconds since the wait began.
  struct Wait {
    std::chrono::steady_clock::time_point deadline;
    double cpuSeconds = 0;
  };
  // Writes what is pending and reads until a full line comes, the worker closes stdout, or the wait ends
  // (Timeout; timedOutOnCpu_ says which bound ended it). The line is a view into the bytes read, valid until
  // the next call.
  Event nextLine(std::string_view& line, const Wait& wait);
  // The hang's words for a query's Timeout: which bound it passed.
  std::string noAnswerText() const;
  void flushSome();
  void stop(bool kill);
  Answer failure(Status status, const std::string& what);

  WorkerCommand command_;
  WorkerOptions options_;
  std::unique_ptr<WorkerProcess> process_;
  Hello hello_;
  int starts_ = 0;
  int failedStarts_ = 0;  // consecutive starts that gave no hello
  long long nextId_ = 1;
  std::string pending_;   // bytes not yet written to stdin
  std::string received_;  // bytes of stdout read, from `consumed_` on not yet returned as lines
  std::size_t consumed_ = 0;
  bool timedOutOnCpu_ = false;
  std::vector<char> readBuffer_;  // one read takes what the pipe holds (1 MiB)
};

}  // namespace gjk::workers
