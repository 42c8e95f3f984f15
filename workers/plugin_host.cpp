// gjkcheck-plugin-host [--isolate] PLUGIN [ENTRY]: a worker (docs/workers.md) that answers with a C plugin
// (include/gjkcheck/strategy.h). It dlopens PLUGIN, says its hello for ENTRY (default the first entry), then
// answers each distance request with the entry's function; penetration requests are refused. When the plugin
// exports gjkcheck_plugin_traced_distance with a function for ENTRY, its hello says +trace and a `t` request
// (repro's traced query) is answered by that function, its steps after the answer. Its answers go
// out when no complete request is left unread, so a pipelining host gets them in batches. A plugin that
// crashes takes this process down with it (unless --isolate, below): the host sees a worker crash, never its own.
// An ENTRY that is no distance entry is looked up among the cast entries (gjkcheck_plugin_cast_info): the hello
// then says `cast` and +cast-band=NAME, and each cast request is answered by the entry's function, every other
// request refused. Then among the 3D entries (gjkcheck_plugin3_info; a 3D-only plugin exports that alone, and its
// first entry is the default): the hello says +3d and the queries its non-NULL functions answer, and each d or p
// request, read as a 3D one, is answered by the entry's function.
// --isolate: each batch of requests is answered in a forked child (workers/isolated_batch.h), so an engine that
// aborts (Debian's FCL keeps its assertions) costs one `crash` answer, not this process.
#include <dlfcn.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "gjkcheck/strategy.h"
#include "workers/isolated_batch.h"
#include "workers/worker_protocol.h"

namespace {

using namespace gjk::workers;

int fail(const std::string& message) {
  std::fprintf(stderr, "gjkcheck-plugin-host: %s\n", message.c_str());
  return 2;
}

bool writeAll(std::string_view text) {
  std::size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(1, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

struct ShapeView {
  std::vector<float> vertices;
  gjkcheck_shape shape{};
};

void toPluginShape(const gjk::check::ShapeSpec& spec, ShapeView& view) {
  view.vertices.clear();
  for (const gjk::check::Vertex& v : spec.vertices) {
    view.vertices.push_back(v.x);
    view.vertices.push_back(v.y);
  }
  view.shape.count = static_cast<int>(spec.vertices.size());
  view.shape.vertices = view.vertices.data();
  view.shape.radius = spec.radius;
  view.shape.position[0] = spec.positionX;
  view.shape.position[1] = spec.positionY;
  view.shape.rotation[0] = spec.rotationC;
  view.shape.rotation[1] = spec.rotationS;
}

struct ShapeView3 {
  std::vector<float> vertices;
  gjkcheck_shape3 shape{};
};

void toPluginShape3(const gjk::check::ShapeSpec& spec, ShapeView3& view) {
  view.vertices.clear();
  for (const gjk::check::Vertex& v : spec.vertices) {
    view.vertices.push_back(v.x);
    view.vertices.push_back(v.y);
    view.vertices.push_back(v.z);
  }
  view.shape.count = static_cast<int>(spec.vertices.size());
  view.shape.vertices = view.vertices.data();
  view.shape.radius = spec.radius;
  view.shape.position[0] = spec.positionX;
  view.shape.position[1] = spec.positionY;
  view.shape.position[2] = spec.positionZ;
  view.shape.rotation[0] = spec.quaternionW;
  view.shape.rotation[1] = spec.quaternionX;
  view.shape.rotation[2] = spec.quaternionY;
  view.shape.rotation[3] = spec.quaternionZ;
}

// The steps a traced plugin reports, as the worker protocol carries them. A struct's `size` says which of its
// fields the plugin wrote: a field beyond it keeps its default.
TraceVertexWords vertexWords(const gjkcheck_trace_vertex& v) {
  TraceVertexWords words;
  words.w[0] = v.w[0];
  words.w[1] = v.w[1];
  words.pointA[0] = v.point_a[0];
  words.pointA[1] = v.point_a[1];
  words.pointB[0] = v.point_b[0];
  words.pointB[1] = v.point_b[1];
  words.weight = v.weight;
  words.indexA = v.index_a;
  words.indexB = v.index_b;
  return words;
}

void traceStep(void* context, const gjkcheck_trace_step* step) {
  if (step == nullptr || step->size < static_cast<int>(sizeof(gjkcheck_trace_step))) return;  // ABI 1's fields
  TraceStepWords words;
  const int count = step->simplex_count < 0 ? 0 : step->simplex_count > 3 ? 3 : step->simplex_count;
  for (int k = 0; k < count; ++k) words.simplex.push_back(vertexWords(step->simplex[k]));
  words.hasDirection = step->has_direction != 0;
  words.direction[0] = step->direction[0];
  words.direction[1] = step->direction[1];
  words.hasSupport = step->has_support != 0;
  words.support = vertexWords(step->support);
  static_cast<Answer*>(context)->trace.push_back(std::move(words));
}

// One word: spaces would break the protocol line.
std::string oneWord(const char* text) {
  std::string word = text != nullptr ? text : "";
  for (char& c : word) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') c = '_';
  }
  return word.empty() ? "unnamed" : word;
}

void tracePost(void* context, const gjkcheck_trace_post* post) {
  if (post == nullptr || post->size < static_cast<int>(sizeof(gjkcheck_trace_post))) return;
  TracePostWords& words = static_cast<Answer*>(context)->post;
  words.rule = oneWord(post->rule);
  words.decided = post->decided != 0;
  words.coreDistance = post->core_distance;
  words.bound = post->bound;
  words.distance = post->distance;
  words.text = post->text != nullptr ? post->text : "";
  words.loopTermination = post->loop_termination != nullptr ? oneWord(post->loop_termination) : "";
}

// The answer of a cast entry to one request.
Answer castAnswerOf(const gjkcheck_cast_entry& entry, const Request& request) {
  Answer answer;
  if (request.query != Query::Cast) {
    answer.status = Status::Refused;
    answer.detail = "a cast entry answers cast queries only";
    return answer;
  }
  if (request.value.hasAngular) {
    // This host's hello never says +turns, so gjkcheck sends it no turn; another host might.
    answer.status = Status::Refused;
    answer.detail = "the case turns B (b.angular): the plugin ABI's cast entry carries no turn";
    return answer;
  }
  static ShapeView a, b;
  toPluginShape(request.value.a, a);
  toPluginShape(request.value.b, b);
  const float translation[2] = {request.value.translationX, request.value.translationY};
  gjkcheck_cast_answer out{};
  out.iterations = -1;
  std::strcpy(out.termination, "unreported");
  const int refused = entry.cast(&a.shape, &b.shape, translation, &out);
  if (refused != 0) {
    answer.status = Status::Refused;
    answer.detail = "the plugin refused the query (" + std::to_string(refused) + ")";
    return answer;
  }
  answer.hit = out.hit != 0;
  answer.fraction = out.fraction;
  answer.normal[0] = out.normal[0];
  answer.normal[1] = out.normal[1];
  answer.point[0] = out.point[0];
  answer.point[1] = out.point[1];
  answer.iterations = out.iterations;
  out.termination[sizeof out.termination - 1] = '\0';
  answer.termination = oneWord(out.termination);
  return answer;
}

// The answer of a 3D entry to one request (a 3D one: the host reads every request of a +3d worker as 3D).
Answer answer3Of(const gjkcheck_entry3& entry, const Request& request) {
  Answer answer;
  const bool distance = request.query == Query::Distance;
  if ((distance && entry.distance == nullptr) || (request.query == Query::Penetration && entry.penetration == nullptr) ||
      (!distance && request.query != Query::Penetration)) {
    answer.status = Status::Refused;
    answer.detail = std::string("this 3D entry answers no ") + (distance ? "distance" : "such") + " query";
    return answer;
  }
  static ShapeView3 a, b;  // their vertex storage reused from one query to the next
  toPluginShape3(request.value.a, a);
  toPluginShape3(request.value.b, b);
  int refused = 0;
  if (distance) {
    gjkcheck_distance_answer3 out{};
    out.iterations = -1;
    std::strcpy(out.termination, "unreported");
    refused = entry.distance(&a.shape, &b.shape, &out);
    answer.distance = out.distance;
    for (int k = 0; k < 3; ++k) {
      answer.pointA[k] = out.point_a[k];
      answer.pointB[k] = out.point_b[k];
    }
    answer.iterations = out.iterations;
    // One word, as written; a plugin that writes spaces breaks the protocol and the host says so.
    answer.termination.assign(out.termination, strnlen(out.termination, sizeof out.termination));
    if (answer.termination.empty()) answer.termination = "unreported";
  } else {
    gjkcheck_penetration_answer3 out{};
    refused = entry.penetration(&a.shape, &b.shape, &out);
    answer.overlapping = out.overlapping != 0;
    answer.depth = out.depth;
    for (int k = 0; k < 3; ++k) {
      answer.normal[k] = out.normal[k];
      answer.pointA[k] = out.point_a[k];
      answer.pointB[k] = out.point_b[k];
    }
  }
  if (refused != 0) {
    answer = Answer{};
    answer.status = Status::Refused;
    answer.detail = "the plugin refused the query (" + std::to_string(refused) + ")";
  }
  return answer;
}

// The answer of one request; `traced` is the entry's traced function, or null.
Answer answerOf(const gjkcheck_entry& entry, gjkcheck_traced_distance_fn traced, const Request& request) {
  Answer answer;
  if (request.query == Query::Penetration || request.query == Query::Cast) {
    answer.status = Status::Refused;
    answer.detail = "a plugin answers distance queries only";
    return answer;
  }
  static ShapeView a, b;  // their vertex storage reused from one query to the next
  toPluginShape(request.value.a, a);
  toPluginShape(request.value.b, b);
  gjkcheck_distance_answer out{};
  out.iterations = -1;
  std::strcpy(out.termination, "unreported");
  int refused = 0;
  if (request.query == Query::TracedDistance && traced != nullptr) {
    const gjkcheck_tracer tracer{static_cast<int>(sizeof(gjkcheck_tracer)), &answer, &traceStep, &tracePost};
    refused = traced(&a.shape, &b.shape, &out, &tracer);
  } else {
    refused = entry.distance(&a.shape, &b.shape, &out);  // a `t` request without a trace: an empty one
  }
  if (refused != 0) {
    answer.status = Status::Refused;
    answer.detail = "the plugin refused the query (" + std::to_string(refused) + ")";
    return answer;
  }
  answer.distance = out.distance;
  answer.pointA[0] = out.point_a[0];
  answer.pointA[1] = out.point_a[1];
  answer.pointB[0] = out.point_b[0];
  answer.pointB[1] = out.point_b[1];
  answer.iterations = out.iterations;
  // One word, as written; a plugin that writes spaces breaks the protocol and the host says so.
  answer.termination.assign(out.termination, strnlen(out.termination, sizeof out.termination));
  if (answer.termination.empty()) answer.termination = "unreported";
  return answer;
}

}  // namespace

// Reads the requests from stdin until it closes, answering each with `answerOf`; the answers go out when no complete
// request is left unread. Returns main's exit code.
// With --isolate the requests of each read are answered in a child process (workers/isolated_batch.h): an engine
// that aborts on a query gives that query a `crash` answer and the rest go on, with no restart.
bool isolate = false;

template <class AnswerOf>
int serveRequests(AnswerOf answerOf, int dimension = 2) {
  std::string input, output;
  std::size_t consumed = 0;
  std::vector<char> buffer(1 << 20);
  Request request;
  std::vector<Request> batch;
  std::string error;
  bool closed = false;  // our stdout, when a write to it failed
  for (;;) {
    ssize_t n = ::read(0, buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    input.append(buffer.data(), static_cast<std::size_t>(n));
    batch.clear();
    for (std::size_t end; (end = input.find('\n', consumed)) != std::string::npos; consumed = end + 1) {
      // In float bits, as our hello asks; a host that does not know +float-bits sends version 1's decimals.
      const std::string_view line = std::string_view(input).substr(consumed, end - consumed);
      if (!parseRequestInto(line, request, error, Numbers::FloatBits, dimension)) {
        std::string decimalError;
        if (!parseRequestInto(line, request, decimalError, Numbers::Decimal, dimension)) {
          return fail("bad request: " + error);
        }
      }
      if (isolate) {
        batch.push_back(request);
      } else {
        appendAnswer(output, request.id, request.query, answerOf(request), dimension);
      }
    }
    if (isolate && !batch.empty()) {
      const bool made = answerIsolated(
          static_cast<int>(batch.size()),
          [&](int k, std::string& line) {
            appendAnswer(line, batch[k].id, batch[k].query, answerOf(batch[k]), dimension);
          },
          [&](int k, const std::string& detail, std::string& line) { appendCrash(line, batch[k].id, detail); },
          [&](std::string_view lines) {
            closed = closed || !writeAll(lines);
            return !closed;
          });
      if (closed) return 0;
      if (!made) return fail(std::string("--isolate: no child process: ") + std::strerror(errno));
    }
    input.erase(0, consumed);
    consumed = 0;
    // No complete request is left unread: what we have answered goes out now.
    if (!output.empty()) {
      if (!writeAll(output)) return 0;
      output.clear();
    }
  }
  return 0;
}

// The worker's name: ENGINE#ENTRY, one word.
std::string workerName(const char* engine, const char* entry) {
  std::string name = std::string(engine ? engine : "plugin") + "#" + (entry ? entry : "entry");
  for (char& c : name) {
    if (c == ' ' || c == '\t') c = '_';
  }
  return name;
}

// The host's hello for an entry, with what every entry's says: the requests' numbers as float bits
// (docs/workers.md, +float-bits: no decimal to read), and with --isolate +prompt (its answers go out one by one as
// the child makes them, workers/isolated_batch.h).
Hello hostHello(const char* engine, const char* entryName, const char* scalar, const char* contact,
                const std::string& queries, const char* version) {
  Hello hello{workerName(engine, entryName), scalar, contact, queries, version ? version : "unknown"};
  hello.floatBits = true;
  hello.prompt = isolate;
  return hello;
}

// A 3D entry's worker: its hello (+3d, the queries of its non-NULL functions), then its answers.
int serve3(const gjkcheck_plugin3& plugin, const gjkcheck_entry3& entry) {
  if ((entry.distance == nullptr && entry.penetration == nullptr) || entry.scalar == nullptr ||
      entry.contact == nullptr) {
    return fail(std::string("3D entry ") + (entry.name ? entry.name : "(null)") +
                " lacks a function, its scalar or its contact");
  }
  const char* queries = entry.distance == nullptr ? "penetration" : entry.penetration == nullptr ? "distance" : "both";
  Hello hello = hostHello(plugin.engine, entry.name, entry.scalar, entry.contact, queries, plugin.version);
  hello.dimension = 3;
  if (!writeAll(helloLine(hello) + "\n")) return 0;
  return serveRequests([&entry](const Request& request) { return answer3Of(entry, request); }, 3);
}

// A cast entry's worker: its hello (queries cast, +cast-band=NAME), then its answers.
int serveCast(void* /*library*/, const gjkcheck_plugin& plugin, const gjkcheck_cast_entry& entry) {
  if (entry.cast == nullptr || entry.scalar == nullptr || entry.contact == nullptr || entry.cast_band == nullptr) {
    return fail(std::string("cast entry ") + (entry.name ? entry.name : "(null)") +
                " lacks its function, scalar, contact or band");
  }
  Hello hello = hostHello(plugin.engine, entry.name, entry.scalar, entry.contact, "cast", plugin.version);
  hello.castBand = oneWord(entry.cast_band);
  if (!writeAll(helloLine(hello) + "\n")) return 0;
  return serveRequests([&entry](const Request& request) { return castAnswerOf(entry, request); });
}

// The plugin's 3D entries (gjkcheck_plugin3_info), or null when it exports none.
const gjkcheck_plugin3* plugin3Of(void* library, const char* path, std::string& error) {
  auto info = reinterpret_cast<gjkcheck_plugin3_info_fn>(dlsym(library, "gjkcheck_plugin3_info"));
  if (info == nullptr) return nullptr;
  const gjkcheck_plugin3* plugin = info();
  if (plugin == nullptr || plugin->abi != GJKCHECK_PLUGIN_ABI) {
    error = std::string(path) + ": 3D plugin ABI " + (plugin ? std::to_string(plugin->abi) : "(null)") +
            ", this host speaks " + std::to_string(GJKCHECK_PLUGIN_ABI);
    return nullptr;
  }
  if (plugin->entry_count < 1 || plugin->entries == nullptr) {
    error = std::string(path) + " has no 3D entries";
    return nullptr;
  }
  return plugin;
}

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "--isolate") == 0) {
    isolate = true;
    --argc;
    ++argv;
  }
  if (argc < 2 || argc > 3) return fail("usage: gjkcheck-plugin-host [--isolate] PLUGIN [ENTRY]");
  void* library = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) return fail(std::string("cannot load the plugin: ") + dlerror());
  std::string error3;
  const gjkcheck_plugin3* plugin3 = plugin3Of(library, argv[1], error3);
  if (!error3.empty()) return fail(error3);
  auto info = reinterpret_cast<const gjkcheck_plugin* (*)()>(dlsym(library, "gjkcheck_plugin_info"));
  if (info == nullptr) {
    // A 3D-only plugin exports gjkcheck_plugin3_info alone (include/gjkcheck/strategy.h).
    if (plugin3 == nullptr) {
      return fail(std::string(argv[1]) + " exports neither gjkcheck_plugin_info nor gjkcheck_plugin3_info");
    }
    std::string names;
    for (int k = 0; k < plugin3->entry_count; ++k) {
      const gjkcheck_entry3& candidate = plugin3->entries[k];
      names += std::string(names.empty() ? "" : ", ") + (candidate.name ? candidate.name : "(null)");
      if (argc == 2 ? k == 0 : (candidate.name && std::strcmp(candidate.name, argv[2]) == 0)) {
        return serve3(*plugin3, candidate);
      }
    }
    return fail(std::string(argv[1]) + " has no entry " + argv[2] + " (it has " + names + ")");
  }
  const gjkcheck_plugin* plugin = info();
  if (plugin == nullptr || plugin->abi != GJKCHECK_PLUGIN_ABI) {
    return fail(std::string(argv[1]) + ": plugin ABI " + (plugin ? std::to_string(plugin->abi) : "(null)") +
                ", this host speaks " + std::to_string(GJKCHECK_PLUGIN_ABI));
  }
  if (plugin->entry_count < 1 || plugin->entries == nullptr) return fail(std::string(argv[1]) + " has no entries");
  const gjkcheck_entry* entry = nullptr;
  std::string names;
  for (int k = 0; k < plugin->entry_count; ++k) {
    const gjkcheck_entry& candidate = plugin->entries[k];
    names += std::string(names.empty() ? "" : ", ") + (candidate.name ? candidate.name : "(null)");
    if (argc == 2 ? k == 0 : (candidate.name && std::strcmp(candidate.name, argv[2]) == 0)) entry = &candidate;
  }
  const gjkcheck_cast_entry* castEntry = nullptr;
  if (entry == nullptr) {
    if (auto castInfo = reinterpret_cast<gjkcheck_plugin_cast_info_fn>(dlsym(library, "gjkcheck_plugin_cast_info"))) {
      const gjkcheck_cast_plugin* casts = castInfo();
      if (casts != nullptr && casts->abi == GJKCHECK_PLUGIN_ABI && casts->entries != nullptr) {
        for (int k = 0; k < casts->entry_count; ++k) {
          const gjkcheck_cast_entry& candidate = casts->entries[k];
          names += std::string(", ") + (candidate.name ? candidate.name : "(null)");
          if (candidate.name && std::strcmp(candidate.name, argv[2]) == 0) castEntry = &candidate;
        }
      }
    }
  }
  if (castEntry != nullptr) return serveCast(library, *plugin, *castEntry);
  if (entry == nullptr && plugin3 != nullptr) {
    for (int k = 0; k < plugin3->entry_count; ++k) {
      const gjkcheck_entry3& candidate = plugin3->entries[k];
      names += std::string(", ") + (candidate.name ? candidate.name : "(null)");
      if (candidate.name && std::strcmp(candidate.name, argv[2]) == 0) return serve3(*plugin3, candidate);
    }
  }
  if (entry == nullptr) return fail(std::string(argv[1]) + " has no entry " + argv[2] + " (it has " + names + ")");
  if (entry->distance == nullptr || entry->scalar == nullptr || entry->contact == nullptr) {
    return fail(std::string("entry ") + (entry->name ? entry->name : "(null)") + " lacks its function, scalar or contact");
  }
  Hello hello = hostHello(plugin->engine, entry->name, entry->scalar, entry->contact, "distance", plugin->version);
  // The optional trace (include/gjkcheck/strategy.h): +trace when the plugin has a traced function for this entry.
  gjkcheck_traced_distance_fn traced = nullptr;
  if (auto lookup = reinterpret_cast<gjkcheck_plugin_traced_distance_fn>(
          dlsym(library, "gjkcheck_plugin_traced_distance"))) {
    traced = lookup(entry->name != nullptr ? entry->name : "");
  }
  hello.trace = traced != nullptr;
  if (!writeAll(helloLine(hello) + "\n")) return 0;
  // Reads as much as the pipe holds (gjkcheck makes its pipes 1 MiB): a window of requests in one read, its
  // answers in one write, so each round trip wakes this process and the host once.
  return serveRequests([entry, traced](const Request& request) { return answerOf(*entry, traced, request); });
}
