#include "workers/worker_protocol.h"

#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <span>
#include <stdexcept>

#include "workers/number_text.h"

namespace gjk::workers {
namespace {

constexpr int MAX_VERTICES = 16;
constexpr int MAX_VERTICES_3D = check::MAX_POLYTOPE_VERTICES;
constexpr std::size_t MAX_QUOTED_LINE = 200;

bool oneOf(std::string_view word, std::initializer_list<std::string_view> allowed) {
  for (std::string_view a : allowed) {
    if (word == a) return true;
  }
  return false;
}

void appendInteger(std::string& out, long long value) {
  char buffer[24];
  std::to_chars_result written = std::to_chars(buffer, buffer + sizeof buffer, value);
  out.append(buffer, written.ptr);
}

// A float's IEEE-754 bits as 8 lowercase hex digits, a byte's two digits at a time from a table (a 3D request has
// over a hundred numbers: the table and the missing branches are most of the cost per number).
void writeFloatBits(char* text, float value) {
  static constexpr auto PAIRS = [] {
    std::array<char, 512> pairs{};
    constexpr char DIGITS[] = "0123456789abcdef";
    for (int byte = 0; byte < 256; ++byte) {
      pairs[2 * byte] = DIGITS[byte >> 4];
      pairs[2 * byte + 1] = DIGITS[byte & 0xf];
    }
    return pairs;
  }();
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  for (int k = 0; k < 4; ++k) {
    const std::uint32_t byte = (bits >> (24 - 8 * k)) & 0xff;
    text[2 * k] = PAIRS[2 * byte];
    text[2 * k + 1] = PAIRS[2 * byte + 1];
  }
}

void appendFloatBits(std::string& out, float value) {
  char text[8];
  writeFloatBits(text, value);
  out.append(text, 8);
}

void appendFloat(std::string& out, float value, Numbers numbers) {
  if (numbers == Numbers::FloatBits) {
    appendFloatBits(out, value);
  } else {
    appendNumber(out, value);
  }
}

void appendShape(std::string& out, const check::ShapeSpec& shape, Numbers numbers) {
  appendInteger(out, static_cast<long long>(shape.vertices.size()));
  for (const check::Vertex& v : shape.vertices) {
    out += ' ';
    appendFloat(out, v.x, numbers);
    out += ' ';
    appendFloat(out, v.y, numbers);
  }
  for (float value : {shape.radius, shape.positionX, shape.positionY, shape.rotationC, shape.rotationS}) {
    out += ' ';
    appendFloat(out, value, numbers);
  }
}

// A shape of a 3D case: `<n> x1 y1 z1 ... <radius> <px> <py> <pz> <qw> <qx> <qy> <qz>`. In float bits every number
// is 9 bytes (a space and 8 digits): the line is grown once and written in place.
void appendShape3(std::string& out, const check::ShapeSpec& shape, Numbers numbers) {
  appendInteger(out, static_cast<long long>(shape.vertices.size()));
  if (numbers == Numbers::FloatBits) {
    const std::size_t start = out.size();
    out.resize(start + 9 * (3 * shape.vertices.size() + 8));
    char* at = out.data() + start;
    auto write = [&at](float value) {
      *at = ' ';
      writeFloatBits(at + 1, value);
      at += 9;
    };
    for (const check::Vertex& v : shape.vertices) {
      write(v.x);
      write(v.y);
      write(v.z);
    }
    for (float value : {shape.radius, shape.positionX, shape.positionY, shape.positionZ, shape.quaternionW,
                        shape.quaternionX, shape.quaternionY, shape.quaternionZ}) {
      write(value);
    }
    return;
  }
  for (const check::Vertex& v : shape.vertices) {
    for (float value : {v.x, v.y, v.z}) {
      out += ' ';
      appendFloat(out, value, numbers);
    }
  }
  for (float value : {shape.radius, shape.positionX, shape.positionY, shape.positionZ, shape.quaternionW,
                      shape.quaternionX, shape.quaternionY, shape.quaternionZ}) {
    out += ' ';
    appendFloat(out, value, numbers);
  }
}

// Exactly 8 hex digits (either case): the float with those bits. Each character's value comes from a table, with
// no branch on which kind of digit it is (digits and letters come in no order a branch predictor could learn).
bool readFloatBits(std::string_view token, float& value) {
  static constexpr auto VALUES = [] {
    std::array<std::uint8_t, 256> values{};
    values.fill(0xff);  // no hex digit
    for (int c = '0'; c <= '9'; ++c) values[c] = static_cast<std::uint8_t>(c - '0');
    for (int c = 'a'; c <= 'f'; ++c) values[c] = static_cast<std::uint8_t>(c - 'a' + 10);
    for (int c = 'A'; c <= 'F'; ++c) values[c] = static_cast<std::uint8_t>(c - 'A' + 10);
    return values;
  }();
  if (token.size() != 8) return false;
  std::uint32_t bits = 0;
  std::uint32_t invalid = 0;
  for (int k = 0; k < 8; ++k) {
    const std::uint32_t digit = VALUES[static_cast<unsigned char>(token[k])];
    invalid |= digit;
    bits = bits << 4 | (digit & 0xf);
  }
  if (invalid & 0xf0) return false;
  value = std::bit_cast<float>(bits);
  return true;
}

// A number of the request that must be a float value.
bool readFloat(std::string_view token, float& value, Numbers numbers) {
  if (numbers == Numbers::FloatBits) return readFloatBits(token, value);
  double wide = 0;
  if (!parseNumber(token, wide)) return false;
  value = static_cast<float>(wide);
  return static_cast<double>(value) == wide || wide != wide;
}

// The words of a line, at most Capacity, without allocating: a request has at most 2 + 2 * (1 + 2 * 16 + 5) words
// in 2D (a cast request 2 more, a rotating one 3: 81) and 2 + 2 * (1 + 3 * 64 + 8) = 404 in 3D; an answer at most
// 13 (a refusal's reason is read from the line itself).
constexpr std::size_t MAX_WORDS = 404;
constexpr std::size_t MAX_ANSWER_WORDS = 16;
template <std::size_t Capacity>
struct WordsOf {
  std::string_view word[Capacity + 1];
  std::size_t count = 0;  // Capacity + 1: more words than Capacity
  std::size_t size() const { return count; }
  std::string_view operator[](std::size_t k) const { return word[k]; }
};
using Words = WordsOf<MAX_WORDS>;
using AnswerWords = WordsOf<MAX_ANSWER_WORDS>;

template <std::size_t Capacity>
void splitInto(std::string_view line, WordsOf<Capacity>& words) {
  words.count = 0;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) {
      if (words.count > Capacity) return;
      words.word[words.count++] = line.substr(start, i - start);
    }
  }
}

// A shape of a request: a 2D one (x y a vertex, then radius, position and (c, s)), or for a 3D worker (dimension 3)
// a 3D one (x y z a vertex, then radius, position (x, y, z) and quaternion (w, x, y, z)). The fields of the other
// dimension get their defaults, so that a request's storage reused from one line to the next keeps nothing.
bool readShape(const Words& words, std::size_t& at, check::ShapeSpec& shape, std::string& error, Numbers numbers,
               int dimension) {
  const bool space = dimension == 3;
  const long long most = space ? MAX_VERTICES_3D : MAX_VERTICES;
  const std::size_t coordinates = space ? 3 : 2;
  long long count = 0;
  if (at >= words.size() || !parseInteger(words[at], count) || count < 1 || count > most) {
    error = space ? "vertex count missing or outside 1..64" : "vertex count missing or outside 1..16";
    return false;
  }
  ++at;
  if (words.size() < at + coordinates * static_cast<std::size_t>(count) + (space ? 8 : 5)) {
    error = "too few numbers for a shape";
    return false;
  }
  shape.vertices.resize(count);
  for (check::Vertex& v : shape.vertices) {
    v.z = 0;
    if (!readFloat(words[at], v.x, numbers) || !readFloat(words[at + 1], v.y, numbers) ||
        (space && !readFloat(words[at + 2], v.z, numbers))) {
      error = "a vertex is not a float";
      return false;
    }
    at += coordinates;
  }
  const check::ShapeSpec defaults;
  shape.rotationC = defaults.rotationC;
  shape.rotationS = defaults.rotationS;
  shape.positionZ = defaults.positionZ;
  shape.quaternionW = defaults.quaternionW;
  shape.quaternionX = defaults.quaternionX;
  shape.quaternionY = defaults.quaternionY;
  shape.quaternionZ = defaults.quaternionZ;
  float* planar[] = {&shape.radius, &shape.positionX, &shape.positionY, &shape.rotationC, &shape.rotationS};
  float* spatial[] = {&shape.radius,      &shape.positionX,   &shape.positionY,   &shape.positionZ,
                      &shape.quaternionW, &shape.quaternionX, &shape.quaternionY, &shape.quaternionZ};
  for (float* value : space ? std::span<float*>(spatial) : std::span<float*>(planar)) {
    if (!readFloat(words[at++], *value, numbers)) {
      error = "a shape number is not a float";
      return false;
    }
  }
  return true;
}

std::string quoted(std::string_view line) {
  std::string text(line.substr(0, MAX_QUOTED_LINE));
  if (line.size() > MAX_QUOTED_LINE) text += "... (" + std::to_string(line.size()) + " bytes)";
  return "'" + text + "'";
}

// What follows shape B in a cast request: the translation, two floats, then for a rotating case (a worker that
// said +turns) the turn, one float. A request without the turn is a cast that does not turn B, as before +turns.
bool readCastMotion(std::string_view line, const Words& words, std::size_t& at, check::Case& value,
                    std::string& error, Numbers numbers) {
  if (words.size() < at + 2 || !readFloat(words[at], value.translationX, numbers) ||
      !readFloat(words[at + 1], value.translationY, numbers)) {
    error = "a cast request goes on after shape B with the translation, two floats: " + quoted(line);
    return false;
  }
  at += 2;
  if (at == words.size()) return true;
  if (!readFloat(words[at], value.angular, numbers)) {
    error = "the third number of a cast request, B's turn (b.angular), is not a float: " + quoted(line);
    return false;
  }
  value.hasAngular = true;
  ++at;
  return true;
}

bool protocolError(Answer& answer, const std::string& what, std::string_view line) {
  answer = Answer{};
  answer.status = Status::Protocol;
  answer.detail = what + ": " + quoted(line);
  return false;
}

// A trace vertex: `<wx> <wy> <pAx> <pAy> <pBx> <pBy> <weight> <indexA> <indexB>`.
constexpr std::size_t VERTEX_WORDS = 9;

void appendTraceVertex(std::string& out, const TraceVertexWords& v) {
  for (double value : {v.w[0], v.w[1], v.pointA[0], v.pointA[1], v.pointB[0], v.pointB[1], v.weight}) {
    out += ' ';
    appendNumber(out, value);
  }
  out += ' ';
  appendInteger(out, v.indexA);
  out += ' ';
  appendInteger(out, v.indexB);
}

bool readTraceVertex(const std::vector<std::string_view>& words, std::size_t& at, TraceVertexWords& v) {
  if (words.size() < at + VERTEX_WORDS) return false;
  double* numbers[] = {&v.w[0], &v.w[1], &v.pointA[0], &v.pointA[1], &v.pointB[0], &v.pointB[1], &v.weight};
  for (double* number : numbers) {
    if (!parseNumber(words[at++], *number)) return false;
  }
  long long a = 0;
  long long b = 0;
  if (!parseInteger(words[at], a) || !parseInteger(words[at + 1], b) || a < -1 || b < -1 || a > 1 << 20 ||
      b > 1 << 20) {
    return false;
  }
  v.indexA = static_cast<int>(a);
  v.indexB = static_cast<int>(b);
  at += 2;
  return true;
}

bool readFlag(std::string_view word, bool& flag) {
  if (word != "0" && word != "1") return false;
  flag = word == "1";
  return true;
}

// The words after a traced distance answer's termination: `trace <n> <step>... [post ...]` (docs/workers.md).
bool readTrace(std::string_view line, const std::vector<std::string_view>& words, std::size_t at, Answer& answer,
               std::string& error) {
  long long steps = 0;
  if (words.size() < at + 2 || words[at] != "trace" || !parseInteger(words[at + 1], steps) || steps < 0 ||
      steps > 4096) {
    error = "a traced answer goes on with trace <steps>";
    return false;
  }
  at += 2;
  for (long long k = 0; k < steps; ++k) {
    TraceStepWords step;
    long long count = 0;
    if (at >= words.size() || !parseInteger(words[at], count) || count < 0 || count > 3) {
      error = "a trace step starts with its simplex's size, 0..3";
      return false;
    }
    ++at;
    step.simplex.resize(static_cast<std::size_t>(count));
    for (TraceVertexWords& v : step.simplex) {
      if (!readTraceVertex(words, at, v)) {
        error = "a simplex vertex of the trace does not parse";
        return false;
      }
    }
    if (words.size() < at + 4 || !readFlag(words[at], step.hasDirection) ||
        !parseNumber(words[at + 1], step.direction[0]) || !parseNumber(words[at + 2], step.direction[1]) ||
        !readFlag(words[at + 3], step.hasSupport)) {
      error = "a trace step's direction or support flag does not parse";
      return false;
    }
    at += 4;
    if (!readTraceVertex(words, at, step.support)) {
      error = "a trace step's support vertex does not parse";
      return false;
    }
    answer.trace.push_back(std::move(step));
  }
  if (at == words.size()) return true;
  TracePostWords& post = answer.post;
  if (words.size() < at + 7 || words[at] != "post" || !readFlag(words[at + 2], post.decided) ||
      !parseNumber(words[at + 3], post.coreDistance) || !parseNumber(words[at + 4], post.bound) ||
      !parseNumber(words[at + 5], post.distance)) {
    error = "after the steps: post <rule> <0|1> <core distance> <bound> <distance> <loop termination|-> [text]";
    return false;
  }
  post.rule = std::string(words[at + 1]);
  post.loopTermination = words[at + 6] == "-" ? "" : std::string(words[at + 6]);
  at += 7;
  if (at < words.size()) {
    post.text = std::string(line.substr(static_cast<std::size_t>(words[at].data() - line.data())));
    while (!post.text.empty() && (post.text.back() == ' ' || post.text.back() == '\t')) post.text.pop_back();
  }
  return true;
}

// The ok answer to a 3D request (docs/workers.md, "Three dimensions"): three coordinates a point.
bool parseAnswer3(std::string_view line, const AnswerWords& words, Query query, Answer& answer) {
  if (query == Query::Distance) {
    if (words.size() != 11) return protocolError(answer, "a 3D distance answer has 11 words", line);
    double* numbers[] = {&answer.distance,  &answer.pointA[0], &answer.pointA[1], &answer.pointA[2],
                         &answer.pointB[0], &answer.pointB[1], &answer.pointB[2]};
    for (int k = 0; k < 7; ++k) {
      if (!parseNumber(words[2 + k], *numbers[k])) {
        return protocolError(answer, "a number of the 3D distance answer does not parse", line);
      }
    }
    long long iterations = 0;
    if (!parseInteger(words[9], iterations) || iterations < -1 || iterations > 1000000000) {
      return protocolError(answer, "the iterations of the 3D distance answer do not parse", line);
    }
    answer.iterations = static_cast<int>(iterations);
    answer.termination = std::string(words[10]);
    return true;
  }
  if (query != Query::Penetration) return protocolError(answer, "a 3D worker answers d and p requests only", line);
  if (words.size() != 13 || !oneOf(words[2], {"overlapping", "separated"})) {
    return protocolError(answer, "a 3D penetration answer is ID ok overlapping|separated and 10 numbers", line);
  }
  answer.overlapping = words[2] == "overlapping";
  double* numbers[] = {&answer.depth,     &answer.normal[0], &answer.normal[1], &answer.normal[2], &answer.pointA[0],
                       &answer.pointA[1], &answer.pointA[2], &answer.pointB[0], &answer.pointB[1], &answer.pointB[2]};
  for (int k = 0; k < 10; ++k) {
    if (!parseNumber(words[3 + k], *numbers[k])) {
      return protocolError(answer, "a number of the 3D penetration answer does not parse", line);
    }
  }
  return true;
}

}  // namespace

std::vector<std::string_view> splitWords(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) words.push_back(line.substr(start, i - start));
  }
  return words;
}

std::optional<Hello> parseHello(std::string_view line, std::string& error) {
  std::vector<std::string_view> words = splitWords(line);
  if (words.size() < 6 || words[0] != "gjkcheck-worker") {
    error = "not a worker hello (gjkcheck-worker 1 NAME f32|f64 on-shapes|merged distance|penetration|both "
            "VERSION): " + quoted(line);
    return std::nullopt;
  }
  if (words[1] != "1") {
    error = "worker protocol version " + std::string(words[1]) + ", this host speaks 1";
    return std::nullopt;
  }
  Hello hello{std::string(words[2]), std::string(words[3]), std::string(words[4]), std::string(words[5]), ""};
  if (!oneOf(hello.scalar, {"f32", "f64"}) || !oneOf(hello.contact, {"on-shapes", "merged"}) ||
      !oneOf(hello.queries, {"distance", "penetration", "both", "cast"})) {
    error = "bad scalar, contact or queries in the worker hello: " + quoted(line);
    return std::nullopt;
  }
  std::size_t next = 6;
  for (; next < words.size() && words[next].size() > 1 && words[next].front() == '+'; ++next) {
    if (words[next] == "+float-bits") hello.floatBits = true;
    if (words[next] == "+trace") hello.trace = true;
    if (words[next].starts_with("+cast-band=")) hello.castBand = std::string(words[next].substr(11));
    if (words[next] == "+turns") hello.turns = true;
    if (words[next] == "+3d") hello.dimension = 3;
    if (words[next] == "+prompt") hello.prompt = true;
  }
  if (words.size() > next) {
    std::size_t start = words[next].data() - line.data();
    hello.version = std::string(line.substr(start));
    while (!hello.version.empty() && (hello.version.back() == ' ' || hello.version.back() == '\r')) {
      hello.version.pop_back();
    }
  }
  return hello;
}

std::string helloLine(const Hello& hello) {
  return "gjkcheck-worker 1 " + hello.name + " " + hello.scalar + " " + hello.contact + " " + hello.queries + " " +
         (hello.floatBits ? "+float-bits " : "") + (hello.trace ? "+trace " : "") +
         (hello.castBand.empty() ? "" : "+cast-band=" + hello.castBand + " ") + (hello.turns ? "+turns " : "") +
         (hello.dimension == 3 ? "+3d " : "") + (hello.prompt ? "+prompt " : "") + hello.version;
}

void appendRequest(std::string& out, long long id, Query query, const check::Case& value, Numbers numbers) {
  if (value.dimension == 3) {
    // A 3D worker (+3d) answers the distance and penetration queries only (docs/workers.md).
    if (query != Query::Distance && query != Query::Penetration) {
      throw std::invalid_argument("the worker protocol has no trace or cast request for a 3D case");
    }
    appendInteger(out, id);
    out += query == Query::Distance ? " d " : " p ";
    appendShape3(out, value.a, numbers);
    out += ' ';
    appendShape3(out, value.b, numbers);
    out += '\n';
    return;
  }
  check::requirePlanarCase(value, "the worker protocol");  // its shapes are 2D: x y per vertex, (c, s)
  appendInteger(out, id);
  out += query == Query::Distance ? " d " : query == Query::Penetration ? " p " : query == Query::Cast ? " c " : " t ";
  appendShape(out, value.a, numbers);
  out += ' ';
  appendShape(out, value.b, numbers);
  if (query == Query::Cast) {
    out += ' ';
    appendFloat(out, value.translationX, numbers);
    out += ' ';
    appendFloat(out, value.translationY, numbers);
    if (value.hasAngular) {
      out += ' ';
      appendFloat(out, value.angular, numbers);
    }
  }
  out += '\n';
}

std::optional<Request> parseRequest(std::string_view line, std::string& error, Numbers numbers, int dimension) {
  Request request;
  if (!parseRequestInto(line, request, error, numbers, dimension)) return std::nullopt;
  return request;
}

bool parseRequestInto(std::string_view line, Request& request, std::string& error, Numbers numbers, int dimension) {
  Words words;
  splitInto(line, words);
  if (words.size() > MAX_WORDS) {
    error = "too many words for a request: " + quoted(line);
    return false;
  }
  if (words.size() < 2 || !parseInteger(words[0], request.id) || !oneOf(words[1], {"d", "p", "t", "c"})) {
    error = "not a request (ID d|p|t SHAPE SHAPE, or ID c SHAPE SHAPE TX TY [W]): " + quoted(line);
    return false;
  }
  request.query = words[1] == "d"   ? Query::Distance
                  : words[1] == "p" ? Query::Penetration
                  : words[1] == "c" ? Query::Cast
                                    : Query::TracedDistance;
  if (dimension == 3 && request.query != Query::Distance && request.query != Query::Penetration) {
    error = "a 3D worker (+3d) gets d and p requests only: " + quoted(line);
    return false;
  }
  request.value.dimension = dimension == 3 ? 3 : 2;
  std::size_t at = 2;
  if (!readShape(words, at, request.value.a, error, numbers, dimension) ||
      !readShape(words, at, request.value.b, error, numbers, dimension)) {
    error += ": " + quoted(line);
    return false;
  }
  request.value.hasTranslation = request.query == Query::Cast;
  request.value.translationX = 0;
  request.value.translationY = 0;
  request.value.hasAngular = false;
  request.value.angular = 0;
  if (request.query == Query::Cast && !readCastMotion(line, words, at, request.value, error, numbers)) return false;
  if (at != words.size()) {
    error = (request.query == Query::Cast ? "words after the turn (b.angular) of a cast request: "
                                          : "words after the second shape: ") +
            quoted(line);
    return false;
  }
  return true;
}

bool parseAnswer(std::string_view line, long long id, Query query, Answer& answer, int dimension) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  AnswerWords words;
  splitInto(line, words);
  long long answeredId = 0;
  if (words.size() < 2 || !parseInteger(words[0], answeredId)) {
    return protocolError(answer, "not an answer (ID ok|refused|crash ...)", line);
  }
  if (answeredId != id) {
    return protocolError(answer, "answer to id " + std::to_string(answeredId) + " where " + std::to_string(id) +
                                     " was due", line);
  }
  answer = Answer{};
  if (words[1] == "refused") {
    answer.status = Status::Refused;
    std::size_t start = words.size() > 2 ? words[2].data() - line.data() : line.size();
    answer.detail = std::string(line.substr(start));
    return true;
  }
  if (words[1] == "crash") {
    // The engine crashed on this query and the worker went on with a fresh engine (docs/workers.md).
    answer.status = Status::Crash;
    std::size_t start = words.size() > 2 ? words[2].data() - line.data() : line.size();
    answer.detail = "the engine crashed on this query (the worker reported it and went on with a fresh engine): " +
                    std::string(line.substr(start));
    return true;
  }
  if (words[1] != "ok") return protocolError(answer, "second word neither ok, refused nor crash", line);
  if (dimension == 3) return parseAnswer3(line, words, query, answer);
  if (query == Query::Cast) {
    if (words.size() != 10 || !oneOf(words[2], {"hit", "miss"})) {
      return protocolError(answer, "a cast answer is ID ok hit|miss, 5 numbers, iterations and termination", line);
    }
    answer.hit = words[2] == "hit";
    double* numbers[] = {&answer.fraction, &answer.normal[0], &answer.normal[1], &answer.point[0], &answer.point[1]};
    for (int k = 0; k < 5; ++k) {
      if (!parseNumber(words[3 + k], *numbers[k])) {
        return protocolError(answer, "a number of the cast answer does not parse", line);
      }
    }
    long long iterations = 0;
    if (!parseInteger(words[8], iterations) || iterations < -1 || iterations > 1000000000) {
      return protocolError(answer, "the iterations of the cast answer do not parse", line);
    }
    answer.iterations = static_cast<int>(iterations);
    answer.termination = std::string(words[9]);
    return true;
  }
  std::vector<std::string_view> traced;
  if (query == Query::TracedDistance) {
    // A traced answer is longer than MAX_WORDS: its words are split again, into a vector (repro only).
    traced = splitWords(line);
    if (traced.size() < 11) return protocolError(answer, "a traced distance answer has 9 words, then its trace", line);
    for (std::size_t k = 0; k < 9; ++k) words.word[k] = traced[k];
    words.count = 9;
  }
  if (query != Query::Penetration) {
    if (words.size() != 9) return protocolError(answer, "a distance answer has 9 words", line);
    long long iterations = 0;
    if (!parseNumber(words[2], answer.distance) || !parseNumber(words[3], answer.pointA[0]) ||
        !parseNumber(words[4], answer.pointA[1]) || !parseNumber(words[5], answer.pointB[0]) ||
        !parseNumber(words[6], answer.pointB[1]) || !parseInteger(words[7], iterations) || iterations < -1 ||
        iterations > 1000000000) {
      return protocolError(answer, "a number of the distance answer does not parse", line);
    }
    answer.iterations = static_cast<int>(iterations);
    answer.termination = std::string(words[8]);
    if (query == Query::TracedDistance) {
      std::string error;
      if (!readTrace(line, traced, 9, answer, error)) return protocolError(answer, error, line);
    }
    return true;
  }
  if (words.size() != 10 || !oneOf(words[2], {"overlapping", "separated"})) {
    return protocolError(answer, "a penetration answer is ID ok overlapping|separated and 7 numbers", line);
  }
  answer.overlapping = words[2] == "overlapping";
  double* numbers[] = {&answer.depth,     &answer.normal[0], &answer.normal[1], &answer.pointA[0],
                       &answer.pointA[1], &answer.pointB[0], &answer.pointB[1]};
  for (int k = 0; k < 7; ++k) {
    if (!parseNumber(words[3 + k], *numbers[k])) {
      return protocolError(answer, "a number of the penetration answer does not parse", line);
    }
  }
  return true;
}

void appendCrash(std::string& out, long long id, const std::string& what) {
  appendInteger(out, id);
  out += " crash ";
  for (char c : what) out += (c == '\n' || c == '\r') ? ' ' : c;
  out += '\n';
}

void appendAnswer(std::string& out, long long id, Query query, const Answer& answer, int dimension) {
  appendInteger(out, id);
  if (answer.status != Status::Ok) {
    out += " refused ";
    for (char c : answer.detail) out += (c == '\n' || c == '\r') ? ' ' : c;
    out += '\n';
    return;
  }
  out += " ok ";
  if (dimension == 3) {
    // docs/workers.md, "Three dimensions": the 2D answers with three coordinates a point.
    if (query == Query::Penetration) {
      out += answer.overlapping ? "overlapping" : "separated";
      for (double value : {answer.depth, answer.normal[0], answer.normal[1], answer.normal[2], answer.pointA[0],
                           answer.pointA[1], answer.pointA[2], answer.pointB[0], answer.pointB[1], answer.pointB[2]}) {
        out += ' ';
        appendNumber(out, value);
      }
    } else {
      for (double value : {answer.distance, answer.pointA[0], answer.pointA[1], answer.pointA[2], answer.pointB[0],
                           answer.pointB[1], answer.pointB[2]}) {
        appendNumber(out, value);
        out += ' ';
      }
      appendInteger(out, answer.iterations);
      out += ' ';
      out += answer.termination;
    }
    out += '\n';
    return;
  }
  if (query == Query::Cast) {
    out += answer.hit ? "hit" : "miss";
    for (double value : {answer.fraction, answer.normal[0], answer.normal[1], answer.point[0], answer.point[1]}) {
      out += ' ';
      appendNumber(out, value);
    }
    out += ' ';
    appendInteger(out, answer.iterations);
    out += ' ';
    out += answer.termination;
  } else if (query != Query::Penetration) {
    for (double value : {answer.distance, answer.pointA[0], answer.pointA[1], answer.pointB[0], answer.pointB[1]}) {
      appendNumber(out, value);
      out += ' ';
    }
    appendInteger(out, answer.iterations);
    out += ' ';
    out += answer.termination;
    if (query == Query::TracedDistance) {
      out += " trace ";
      appendInteger(out, static_cast<long long>(answer.trace.size()));
      for (const TraceStepWords& step : answer.trace) {
        out += ' ';
        appendInteger(out, static_cast<long long>(step.simplex.size()));
        for (const TraceVertexWords& v : step.simplex) appendTraceVertex(out, v);
        out += step.hasDirection ? " 1 " : " 0 ";
        appendNumber(out, step.direction[0]);
        out += ' ';
        appendNumber(out, step.direction[1]);
        out += step.hasSupport ? " 1" : " 0";
        appendTraceVertex(out, step.support);
      }
      if (!answer.post.rule.empty()) {
        out += " post ";
        out += answer.post.rule;
        out += answer.post.decided ? " 1" : " 0";
        for (double value : {answer.post.coreDistance, answer.post.bound, answer.post.distance}) {
          out += ' ';
          appendNumber(out, value);
        }
        out += ' ';
        out += answer.post.loopTermination.empty() ? "-" : answer.post.loopTermination;
        if (!answer.post.text.empty()) {
          out += ' ';
          for (char c : answer.post.text) out += (c == '\n' || c == '\r') ? ' ' : c;
        }
      }
    }
  } else {
    out += answer.overlapping ? "overlapping" : "separated";
    for (double value : {answer.depth, answer.normal[0], answer.normal[1], answer.pointA[0], answer.pointA[1],
                         answer.pointB[0], answer.pointB[1]}) {
      out += ' ';
      appendNumber(out, value);
    }
  }
  out += '\n';
}

}  // namespace gjk::workers
