#include "workers/isolated_batch.h"

#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace gjk::workers {
namespace {

bool writeAllTo(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// How a child ended, in the words of docs/workers.md's crash details.
std::string endingOf(int status) {
  if (WIFSIGNALED(status)) {
    const int signal = WTERMSIG(status);
    const char* name = strsignal(signal);
    return "killed by signal " + std::to_string(signal) + " (" + (name ? name : "unknown") + ")";
  }
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  return "ended";
}

// The child: answers first..count-1, each line written as soon as it is made (a crash keeps the ones before it).
[[noreturn]] void runChild(int first, int count, int answers, int errors,
                          const std::function<void(int, std::string&)>& answerLine) {
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  ::dup2(errors, 2);
  ::close(errors);
  std::string line;
  for (int k = first; k < count; ++k) {
    line.clear();
    answerLine(k, line);
    if (!writeAllTo(answers, line)) ::_exit(3);
  }
  ::_exit(0);
}

}  // namespace

std::string lastMessage(const std::string& err) {
  const std::size_t end = err.find_last_not_of("\r\n ");
  if (end == std::string::npos) return "";
  const std::size_t newline = err.rfind('\n', end);
  const std::size_t start = newline == std::string::npos ? 0 : newline + 1;
  std::string message = err.substr(start, end + 1 - start);
  for (char& c : message) {
    if (c == '\t' || c == '\r') c = ' ';
  }
  // A long line keeps its start (what went wrong) and its end (where): FCL's carry matrices between them.
  if (message.size() > 600) message = message.substr(0, 300) + " ... " + message.substr(message.size() - 295);
  return message;
}

bool answerIsolated(int count, const std::function<void(int, std::string&)>& answerLine,
                    const std::function<void(int, const std::string&, std::string&)>& crashLine,
                    const std::function<bool(std::string_view)>& emit) {
  int next = 0;
  while (next < count) {
    int answerPipe[2];
    int errorPipe[2];
    if (::pipe(answerPipe) != 0) return false;
    if (::pipe(errorPipe) != 0) {
      ::close(answerPipe[0]);
      ::close(answerPipe[1]);
      return false;
    }
    const pid_t pid = ::fork();
    if (pid < 0) return false;
    if (pid == 0) {
      ::close(answerPipe[0]);
      ::close(errorPipe[0]);
      runChild(next, count, answerPipe[1], errorPipe[1], answerLine);
    }
    ::close(answerPipe[1]);
    ::close(errorPipe[1]);
    // Both pipes read as they fill, so neither side waits on a full pipe; whole answer lines go out as they come.
    std::string answers, errors;
    std::size_t sent = 0;  // bytes of `answers` given to emit
    int answered = 0;
    auto emitWholeLines = [&] {
      const std::size_t whole = answers.rfind('\n');
      if (whole == std::string::npos || whole + 1 <= sent) return true;
      for (std::size_t i = sent; i <= whole; ++i) answered += answers[i] == '\n';
      const bool written = emit(std::string_view(answers).substr(sent, whole + 1 - sent));
      sent = whole + 1;
      return written;
    };
    pollfd fds[2] = {{answerPipe[0], POLLIN, 0}, {errorPipe[0], POLLIN, 0}};
    std::string* into[2] = {&answers, &errors};
    int open = 2;
    char buffer[65536];
    bool written = true;
    while (open > 0) {
      if (::poll(fds, 2, -1) < 0) {
        if (errno == EINTR) continue;
        break;
      }
      for (int i = 0; i < 2; ++i) {
        if (fds[i].fd < 0 || fds[i].revents == 0) continue;
        const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
          ::close(fds[i].fd);
          fds[i].fd = -1;
          --open;
          continue;
        }
        into[i]->append(buffer, static_cast<std::size_t>(n));
        if (i == 0) written = emitWholeLines() && written;
      }
    }
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!written) return false;
    // Only whole lines count: a child killed mid-write leaves a partial line, which is dropped.
    next += answered;
    if (next < count) {
      const std::string words = lastMessage(errors);
      std::string line;
      crashLine(next, "the engine's process was " + endingOf(status) + (words.empty() ? "" : ": " + words), line);
      if (!emit(line)) return false;
      ++next;
    }
    // What the children said on stderr stays visible on the host's own stderr (gjkcheck keeps its tail).
    if (!errors.empty()) writeAllTo(2, errors);
  }
  return true;
}

}  // namespace gjk::workers
