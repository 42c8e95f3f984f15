// A batch of worker answers made in a child process (gjkcheck-plugin-host --isolate, docs/workers.md): an engine
// that aborts or crashes on one query takes down the child only. The answers the child finished are kept, the query
// it died on is answered `<id> crash <how the child ended and its last stderr words>`, and a fresh child (forked
// from this process, which never ran a query, so the engine starts from its state after loading) answers the rest.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace gjk::workers {

// Gives `emit` the answer lines of requests 0..count-1, whole lines only, as soon as the child has written them
// (so each answer goes out as it is made: the host's hello says +prompt): answerLine(k, line) appends request k's
// line (with its '\n') as the engine answers it, and is called only in a child; crashLine(k, detail) appends the
// `<id> crash` line of request k. A child that has not ended by itself is killed with this process
// (PR_SET_PDEATHSIG), so a hang stays the host's to time out. False when no child could be made (fork or pipe
// failed) or `emit` failed (it returns false when its output is closed).
bool answerIsolated(int count, const std::function<void(int, std::string&)>& answerLine,
                    const std::function<void(int, const std::string&, std::string&)>& crashLine,
                    const std::function<bool(std::string_view)>& emit);

// The last line of a child's stderr (an assertion's message; an engine's adapter writes a multi-line message on
// one line); a line over 600 characters keeps its first 300 and its last 295 with " ... " between.
std::string lastMessage(const std::string& err);

}  // namespace gjk::workers
