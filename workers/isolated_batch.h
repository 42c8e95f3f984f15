// A batch of worker answers made in a child process (gjkcheck-plugin-host --isolate, docs/workers.md): an engine
// that aborts or crashes on one query takes down the child only. The answers the child finished are kept, the query
// it died on is answered `<id> crash <how the child ended and its last stderr words>`, and a fresh child (forked
// from this process, which never ran a query, so the engine starts from its state after loading) answers the rest.
#pragma once

#include <functional>
#include <string>

namespace gjk::workers {

// Appends to `output` the answer lines of requests 0..count-1: answerLine(k, line) appends request k's line (with its
// '\n') as the engine answers it, and is called only in a child; crashLine(k, detail) appends the `<id> crash`
// line of request k. A child that has not ended by itself is killed with this process (PR_SET_PDEATHSIG), so a
// hang stays the host's to time out. False when no child could be made (fork or pipe failed).
bool answerIsolated(int count, const std::function<void(int, std::string&)>& answerLine,
                    const std::function<void(int, const std::string&, std::string&)>& crashLine, std::string& output);

}  // namespace gjk::workers
