// The worker protocol, version 1 (docs/workers.md): the lines a host and a worker exchange over the
// worker's stdin and stdout. Both sides use these functions: the host (worker_client.h) writes requests and
// reads answers, the plugin host (plugin_host.cpp) reads requests and writes answers.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "case/case.h"

namespace gjk::workers {

inline constexpr int PROTOCOL_VERSION = 1;

// What a request asks: `d` a distance query, `p` a penetration query, `t` a distance query whose answer
// also carries the engine's trace (only to a worker whose hello says +trace), `c` a cast query (B moved by
// t * translation, t in [0, 1]: the case's b.translation follows shape B on the request line; only to a worker
// whose hello says cast; a rotating case's b.angular follows the translation, only to a worker that says +turns).
enum class Query { Distance, Penetration, TracedDistance, Cast };

// The worker's first line: `gjkcheck-worker 1 <name> <f32|f64> <on-shapes|merged>
// <distance|penetration|both> [+<option>...] <version: the rest of the line>`. Options a worker may ask for
// (docs/workers.md); words of the form +WORD this host does not know are ignored:
// - `+float-bits`: the numbers of its requests come as the 8 hex digits of the float's IEEE-754 bits.
// - `+trace`: it answers `t` requests, a distance answer followed by its trace.
// - `+cast-band=NAME`: a worker of queries cast names the band of core gaps it aims at (a plugin's cast entry; an
//   engine with a manifest names it there).
// - `+turns`: a worker of queries cast answers rotating casts: its cast requests carry the case's b.angular (B
//   turns by t * angular about its position as it moves); a worker that does not say it never gets one.
// - `+3d`: it answers 3D cases (check::Case::dimension 3) and only those: its requests carry 3D shapes and its
//   answers three coordinates a point.
struct Hello {
  std::string name;
  std::string scalar;   // "f32" | "f64"
  std::string contact;  // "on-shapes" | "merged"
  std::string queries;  // "distance" | "penetration" | "both" | "cast"
  std::string version;
  bool floatBits = false;  // +float-bits
  bool trace = false;      // +trace
  std::string castBand;    // +cast-band=NAME; empty: not said
  bool turns = false;      // +turns
  int dimension = 2;       // 3: +3d
  // +prompt: each answer goes out as soon as it is made, so the first request without an answer is the one the
  // worker is computing (a hang needs no requests sent again one at a time to be found).
  bool prompt = false;
};

// How the numbers of a request are written: shortest round-trip decimals (protocol version 1), or, for a
// worker that says +float-bits, the float's bits in 8 hex digits.
enum class Numbers { Decimal, FloatBits };

// The hello line, or nullopt with `error` saying what is wrong.
std::optional<Hello> parseHello(std::string_view line, std::string& error);
std::string helloLine(const Hello& hello);  // without the '\n'

// Appends `<id> <d|p|t> <shapeA> <shapeB>\n`; a shape is `<n> x1 y1 ... xn yn <radius> <px> <py> <c> <s>`, or for a 3D
// case (value.dimension 3, only `d` and `p`) `<n> x1 y1 z1 ... <radius> <px> <py> <pz> <qw> <qx> <qy> <qz>`. A cast
// request is `<id> c <shapeA> <shapeB> <tx> <ty>\n`, the case's b.translation last, or for a rotating case
// (hasAngular) `<id> c <shapeA> <shapeB> <tx> <ty> <w>\n`, its b.angular after the translation (only for a
// worker whose hello says +turns: the caller sends rotating cases to no other).
void appendRequest(std::string& out, long long id, Query query, const check::Case& value,
                   Numbers numbers = Numbers::Decimal);

// A request as the worker reads it.
struct Request {
  long long id = 0;
  Query query = Query::Distance;
  check::Case value;
};

// The request line (without '\n'), or nullopt with `error`. Every number must be a float value. A cast request
// with a third number after shape B is a rotating cast: hasAngular set, angular that number. `dimension` is the
// worker's own (3: it said +3d): its requests' shapes are read as 3D shapes, and the case has dimension 3.
std::optional<Request> parseRequest(std::string_view line, std::string& error,
                                    Numbers numbers = Numbers::Decimal, int dimension = 2);
// The same into `request` (its vertex storage reused from one request to the next); false with `error`.
bool parseRequestInto(std::string_view line, Request& request, std::string& error,
                      Numbers numbers = Numbers::Decimal, int dimension = 2);

// How one query ended.
enum class Status { Ok, Refused, Crash, Hang, Protocol };

// A traced answer's steps (include/gjkcheck/strategy.h gjkcheck_trace_step, the numbers as doubles).
struct TraceVertexWords {
  double w[2] = {0, 0};
  double pointA[2] = {0, 0};
  double pointB[2] = {0, 0};
  double weight = 0;
  int indexA = -1;
  int indexB = -1;
};
struct TraceStepWords {
  std::vector<TraceVertexWords> simplex;  // 0..3
  bool hasDirection = false;
  double direction[2] = {0, 0};
  bool hasSupport = false;
  TraceVertexWords support;
};
// The step after the loop (gjkcheck_trace_post); rule empty: none.
struct TracePostWords {
  std::string rule;
  bool decided = false;
  double coreDistance = 0;
  double bound = 0;
  double distance = 0;
  std::string loopTermination;  // why the loop stopped; empty: not told ("-" on the line)
  std::string text;  // may hold spaces: the rest of the line
};

// One answer. Distance answers fill distance..termination (a traced one also trace and post); penetration
// answers fill overlapping..pointB; the answers to 3D cases fill the z coordinates ([2]) too, which stay 0 in 2D;
// cast answers (`<id> ok <hit|miss> <fraction> <nx> <ny> <px> <py> <iterations>
// <termination>`) fill hit, fraction, normal, point, iterations and termination.
struct Answer {
  Status status = Status::Ok;
  double distance = 0;
  double pointA[3] = {0, 0, 0};
  double pointB[3] = {0, 0, 0};
  int iterations = -1;  // -1: the engine does not tell
  std::string termination = "unreported";
  std::vector<TraceStepWords> trace;
  TracePostWords post;
  bool overlapping = false;
  double depth = 0;
  double normal[3] = {0, 0, 0};
  bool hit = false;        // cast: the engine reports a hit within [0, 1]
  double fraction = 0;     // cast: t of the hit
  double point[2] = {0, 0};  // cast: the contact point, world frame
  // Refused: the worker's reason. Crash, hang: the worker's stderr tail. Protocol: what is wrong, the line.
  std::string detail;
};

// Parses the answer line to the request `id` of kind `query` into `answer` (status Ok, Refused, or Crash for
// `<id> crash <what>`: the worker recovered from its engine's crash on this query). `dimension` is the request's
// case's: a 3D answer has three coordinates a point. False on any protocol error: answer.status is then Protocol
// and answer.detail says what is wrong and quotes the line.
bool parseAnswer(std::string_view line, long long id, Query query, Answer& answer, int dimension = 2);

// Appends the answer line of a worker: `<id> ok ...` or `<id> refused <reason>`, with '\n'; three coordinates a
// point for the answer to a 3D case (dimension 3).
void appendAnswer(std::string& out, long long id, Query query, const Answer& answer, int dimension = 2);

// Appends `<id> crash <what>` with '\n' (a worker that recovered from its engine's crash on this query; `what` on one
// line).
void appendCrash(std::string& out, long long id, const std::string& what);

// The words of a line split on spaces and tabs.
std::vector<std::string_view> splitWords(std::string_view line);

}  // namespace gjk::workers
