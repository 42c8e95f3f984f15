#include "workers/worker_client.h"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <stdexcept>

#include "workers/number_text.h"

namespace gjk::workers {
namespace {

using Clock = std::chrono::steady_clock;

Clock::time_point deadlineAfter(double seconds) {
  return Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

std::string secondsText(double seconds) {
  std::string text;
  appendNumber(text, seconds);
  return text + " s";
}

}  // namespace

double timeoutFromEnvironment(double fallback) {
  const char* text = std::getenv("GJKCHECK_WORKER_TIMEOUT");
  double seconds = 0;
  if (text != nullptr && parseNumber(text, seconds) && seconds > 0 && seconds < 1e6) return seconds;
  return fallback;
}

WorkerClient::WorkerClient(WorkerCommand command, WorkerOptions options)
    : command_(std::move(command)), options_(std::move(options)), readBuffer_(1 << 20) {
  if (options_.window < 1) options_.window = 1;
}

WorkerClient::~WorkerClient() { stop(false); }

void WorkerClient::stop(bool kill) {
  if (!process_) return;
  if (!kill) {
    // The end of the protocol: stdin closed, the worker exits by itself; killed if it does not within 1 s.
    process_->closeStdin();
    process_->waitFor(1000);
  }
  process_.reset();
  pending_.clear();
  received_.clear();
  consumed_ = 0;
}

Answer WorkerClient::failure(Status status, const std::string& what) {
  Answer answer;
  answer.status = status;
  std::string tail = process_ ? process_->stderrTail() : "";
  answer.detail = what + (tail.empty() ? " (nothing on stderr)" : "; stderr:\n" + tail);
  return answer;
}

void WorkerClient::flushSome() {
  while (!pending_.empty() && process_->stdinFd() >= 0) {
    ssize_t n = ::write(process_->stdinFd(), pending_.data(), pending_.size());
    if (n > 0) {
      pending_.erase(0, static_cast<std::size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else if (n < 0 && errno == EAGAIN) {
      return;
    } else {
      // EPIPE: the worker closed its stdin (or died); what it answered before still comes on stdout.
      process_->closeStdin();
      pending_.clear();
    }
  }
}

WorkerClient::Event WorkerClient::nextLine(std::string_view& line, const Wait& wait) {
  // The worker's CPU time when the wait began, read when the first poll finds nothing (most lines are read
  // without waiting, and /proc is not read for them); negative until then or when /proc cannot tell.
  double cpuAtStart = -1;
  bool cpuRead = false;
  // The CPU bound is checked at least ten times over the timeout, and at least every 100 ms.
  const auto slice = std::chrono::milliseconds(
      wait.cpuSeconds > 0 ? std::clamp(static_cast<long long>(wait.cpuSeconds * 100), 5LL, 100LL) : 1000000000LL);
  timedOutOnCpu_ = false;
  for (;;) {
    std::size_t end = received_.find('\n', consumed_);
    if (end != std::string::npos) {
      // A view into received_: valid until the next call, which is when received_ is compacted.
      line = std::string_view(received_).substr(consumed_, end - consumed_);
      consumed_ = end + 1;
      return Event::Line;
    }
    flushSome();
    if (consumed_ > 0) {
      received_.erase(0, consumed_);
      consumed_ = 0;
    }
    if (wait.cpuSeconds > 0 && !cpuRead) {
      cpuAtStart = process_->cpuSeconds();
      cpuRead = true;
    }
    pollfd fds[3];
    int count = 0;
    fds[count++] = {process_->stdoutFd(), POLLIN, 0};
    if (process_->stderrFd() >= 0) fds[count++] = {process_->stderrFd(), POLLIN, 0};
    if (!pending_.empty() && process_->stdinFd() >= 0) fds[count++] = {process_->stdinFd(), POLLOUT, 0};
    const auto now = Clock::now();
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(wait.deadline - now);
    if (left.count() < 0) left = std::chrono::milliseconds(0);
    int ready = poll(fds, count, static_cast<int>(std::min(left, slice).count() + 1));
    if (ready < 0 && errno == EINTR) continue;
    for (int k = 1; k < count; ++k) {
      if (fds[k].revents == 0) continue;
      if (fds[k].fd == process_->stderrFd()) process_->drainStderr();
    }
    if (ready > 0 && fds[0].revents != 0) {
      ssize_t n = ::read(process_->stdoutFd(), readBuffer_.data(), readBuffer_.size());
      if (n > 0) {
        received_.append(readBuffer_.data(), static_cast<std::size_t>(n));
      } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
        return Event::Closed;
      }
    }
    if (received_.find('\n', consumed_) != std::string::npos) continue;
    if (Clock::now() >= wait.deadline) return Event::Timeout;
    if (cpuAtStart >= 0) {
      const double cpu = process_->cpuSeconds();
      if (cpu >= 0 && cpu - cpuAtStart >= wait.cpuSeconds) {
        timedOutOnCpu_ = true;
        return Event::Timeout;
      }
    }
  }
}

std::string WorkerClient::noAnswerText() const {
  const std::string timeout = secondsText(options_.timeoutSeconds);
  if (timedOutOnCpu_) return "no answer within " + timeout + " of the worker's CPU time";
  return "no answer within " + secondsText(options_.timeoutSeconds * WALL_TIMEOUT_FACTOR) + " (" +
         std::to_string(static_cast<int>(WALL_TIMEOUT_FACTOR)) + " times the " + timeout +
         " timeout) while the worker computed for less than the timeout";
}

std::optional<Hello> WorkerClient::start(Answer& failed) {
  if (process_) return hello_;
  try {
    process_ = std::make_unique<WorkerProcess>(command_);
  } catch (const std::exception& error) {
    failed = Answer{};
    failed.status = Status::Crash;
    failed.detail = std::string("the worker could not be started: ") + error.what();
    ++failedStarts_;
    return std::nullopt;
  }
  ++starts_;
  std::string_view line;
  const double helloSeconds = std::max(options_.timeoutSeconds, options_.helloTimeoutSeconds);
  Event event = nextLine(line, Wait{deadlineAfter(helloSeconds), 0});
  std::string error;
  std::optional<Hello> hello;
  if (event == Event::Line) {
    hello = parseHello(line, error);
    if (hello && !options_.expectScalar.empty() && hello->scalar != options_.expectScalar) {
      error = "the worker says scalar " + hello->scalar + ", its manifest " + options_.expectScalar;
      hello.reset();
    } else if (hello && !options_.expectContact.empty() && hello->contact != options_.expectContact) {
      error = "the worker says contact " + hello->contact + ", its manifest " + options_.expectContact;
      hello.reset();
    } else if (hello && options_.expectDimension != 0 && hello->dimension != options_.expectDimension) {
      error = options_.expectDimension == 3
                  ? "the worker's hello says no +3d, and its manifest says dimension 3: " + std::string(line)
                  : "the worker's hello says +3d, and its manifest says no dimension 3 (2D cases): " +
                        std::string(line);
      hello.reset();
    }
    if (!hello) failed = failure(Status::Protocol, error);
  } else if (event == Event::Closed) {
    failed = failure(Status::Crash, "the worker ended before its hello (" + process_->waitFor(1000) + ")");
  } else {
    failed = failure(Status::Hang, "no hello within " + secondsText(helloSeconds));
  }
  if (!hello) {
    stop(true);
    ++failedStarts_;
    return std::nullopt;
  }
  failedStarts_ = 0;
  hello_ = *hello;
  return hello;
}

void WorkerClient::queryBatch(std::span<const check::Case> cases, Query query, std::span<Answer> answers) {
  if (answers.size() < cases.size()) throw std::invalid_argument("queryBatch: fewer answers than cases");
  const std::size_t n = cases.size();
  std::size_t answered = 0;
  std::size_t sent = 0;
  long long firstId = 0;      // the id of case `sendBase`
  std::size_t sendBase = 0;   // requests to this worker start at this case
  bool sending = false;       // requests of this batch went to the running worker
  // A worker may hold its answers until it has read every request sent: when it dies or stops with several
  // in flight, the failed one is not known. Those requests are then sent again one at a time, up to the last
  // one that was in flight, so the failure lands on the query that caused it.
  std::size_t oneAtATimeUntil = 0;
  while (answered < n) {
    if (!process_) {
      Answer failed;
      if (!start(failed)) {
        answers[answered++] = failed;
        if (failedStarts_ >= MAX_FAILED_STARTS) {
          while (answered < n) answers[answered++] = failed;
        }
        continue;
      }
    }
    if (!sending) {
      sending = true;
      sendBase = sent = answered;
      firstId = nextId_;
    }
    const Numbers numbers = hello_.floatBits ? Numbers::FloatBits : Numbers::Decimal;
    const std::size_t window = answered < oneAtATimeUntil ? 1 : static_cast<std::size_t>(options_.window);
    // The window is topped up when half of it is answered: requests go out in runs, not one per answer, so the
    // worker wakes once for many of them.
    // They are written at once, not when the answers read so far run out: the worker then answers them while
    // we read the answers before them.
    if (sent < n && sent - answered <= window / 2 && sent - answered < window) {
      while (sent < n && sent - answered < window) {
        appendRequest(pending_, firstId + static_cast<long long>(sent - sendBase), query, cases[sent], numbers);
        ++sent;
      }
      flushSome();
    }
    nextId_ = firstId + static_cast<long long>(sent - sendBase);
    std::string_view line;
    const Wait wait{deadlineAfter(options_.timeoutSeconds * WALL_TIMEOUT_FACTOR), options_.timeoutSeconds};
    Event event = nextLine(line, wait);
    const long long id = firstId + static_cast<long long>(answered - sendBase);
    if (event == Event::Line && parseAnswer(line, id, query, answers[answered], cases[answered].dimension)) {
      ++answered;
      continue;
    }
    // Which request killed or hung a worker that holds answers back is not known while several were in flight:
    // they are sent again one at a time. A +prompt worker's first unanswered request is the one it was computing
    // when it timed out, so only a crash of such a worker (of its host itself) is sent again.
    const bool known = event == Event::Timeout && hello_.prompt;
    if (event != Event::Line && sent - answered > 1 && !known) {
      oneAtATimeUntil = sent;
      stop(true);
      sending = false;
      continue;
    }
    if (event == Event::Line) {
      std::string tail = process_->stderrTail();
      if (!tail.empty()) answers[answered].detail += "; stderr:\n" + tail;
    } else if (event == Event::Closed) {
      std::string ended = process_->waitFor(1000);
      answers[answered] = failure(Status::Crash, "the worker closed its output before answering (" +
                                                     (ended.empty() ? "still running" : ended) + ")");
    } else {
      answers[answered] = failure(Status::Hang, noAnswerText());
    }
    ++answered;
    // Restart; the requests after the failed one are sent again to the new worker.
    stop(true);
    sending = false;
  }
}

Answer WorkerClient::queryOne(const check::Case& value, Query query) {
  Answer answer;
  queryBatch(std::span<const check::Case>(&value, 1), query, std::span<Answer>(&answer, 1));
  return answer;
}

}  // namespace gjk::workers
