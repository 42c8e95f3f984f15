#include "workers/worker_protocol.h"

#include "workers/number_text.h"

namespace gjk::workers {
namespace {

constexpr int MAX_VERTICES = 16;
constexpr std::size_t MAX_QUOTED_LINE = 200;

bool oneOf(std::string_view word, std::initializer_list<std::string_view> allowed) {
  for (std::string_view a : allowed) {
    if (word == a) return true;
  }
  return false;
}

void appendShape(std::string& out, const check::ShapeSpec& shape) {
  out += std::to_string(shape.vertices.size());
  for (const check::Vertex& v : shape.vertices) {
    out += ' ';
    appendNumber(out, v.x);
    out += ' ';
    appendNumber(out, v.y);
  }
  for (float value : {shape.radius, shape.positionX, shape.positionY, shape.rotationC, shape.rotationS}) {
    out += ' ';
    appendNumber(out, value);
  }
}

// A number of the request that must be a float value.
bool readFloat(std::string_view token, float& value) {
  double wide = 0;
  if (!parseNumber(token, wide)) return false;
  value = static_cast<float>(wide);
  return static_cast<double>(value) == wide || wide != wide;
}

bool readShape(const std::vector<std::string_view>& words, std::size_t& at, check::ShapeSpec& shape,
               std::string& error) {
  long long count = 0;
  if (at >= words.size() || !parseInteger(words[at], count) || count < 1 || count > MAX_VERTICES) {
    error = "vertex count missing or outside 1..16";
    return false;
  }
  ++at;
  if (words.size() < at + 2 * count + 5) {
    error = "too few numbers for a shape";
    return false;
  }
  shape.vertices.resize(count);
  for (check::Vertex& v : shape.vertices) {
    if (!readFloat(words[at], v.x) || !readFloat(words[at + 1], v.y)) {
      error = "a vertex is not a float";
      return false;
    }
    at += 2;
  }
  for (float* value : {&shape.radius, &shape.positionX, &shape.positionY, &shape.rotationC, &shape.rotationS}) {
    if (!readFloat(words[at++], *value)) {
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

bool protocolError(Answer& answer, const std::string& what, std::string_view line) {
  answer = Answer{};
  answer.status = Status::Protocol;
  answer.detail = what + ": " + quoted(line);
  return false;
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
      !oneOf(hello.queries, {"distance", "penetration", "both"})) {
    error = "bad scalar, contact or queries in the worker hello: " + quoted(line);
    return std::nullopt;
  }
  if (words.size() > 6) {
    std::size_t start = words[6].data() - line.data();
    hello.version = std::string(line.substr(start));
    while (!hello.version.empty() && (hello.version.back() == ' ' || hello.version.back() == '\r')) {
      hello.version.pop_back();
    }
  }
  return hello;
}

std::string helloLine(const Hello& hello) {
  return "gjkcheck-worker 1 " + hello.name + " " + hello.scalar + " " + hello.contact + " " + hello.queries + " " +
         hello.version;
}

void appendRequest(std::string& out, long long id, Query query, const check::Case& value) {
  out += std::to_string(id);
  out += query == Query::Distance ? " d " : " p ";
  appendShape(out, value.a);
  out += ' ';
  appendShape(out, value.b);
  out += '\n';
}

std::optional<Request> parseRequest(std::string_view line, std::string& error) {
  std::vector<std::string_view> words = splitWords(line);
  Request request;
  if (words.size() < 2 || !parseInteger(words[0], request.id) || !oneOf(words[1], {"d", "p"})) {
    error = "not a request (ID d|p SHAPE SHAPE): " + quoted(line);
    return std::nullopt;
  }
  request.query = words[1] == "d" ? Query::Distance : Query::Penetration;
  std::size_t at = 2;
  if (!readShape(words, at, request.value.a, error) || !readShape(words, at, request.value.b, error)) {
    error += ": " + quoted(line);
    return std::nullopt;
  }
  if (at != words.size()) {
    error = "words after the second shape: " + quoted(line);
    return std::nullopt;
  }
  return request;
}

bool parseAnswer(std::string_view line, long long id, Query query, Answer& answer) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::vector<std::string_view> words = splitWords(line);
  long long answeredId = 0;
  if (words.size() < 2 || !parseInteger(words[0], answeredId)) {
    return protocolError(answer, "not an answer (ID ok|refused ...)", line);
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
  if (words[1] != "ok") return protocolError(answer, "second word neither ok nor refused", line);
  if (query == Query::Distance) {
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

void appendAnswer(std::string& out, long long id, Query query, const Answer& answer) {
  out += std::to_string(id);
  if (answer.status != Status::Ok) {
    out += " refused ";
    for (char c : answer.detail) out += (c == '\n' || c == '\r') ? ' ' : c;
    out += '\n';
    return;
  }
  out += " ok ";
  if (query == Query::Distance) {
    for (double value : {answer.distance, answer.pointA[0], answer.pointA[1], answer.pointB[0], answer.pointB[1]}) {
      appendNumber(out, value);
      out += ' ';
    }
    out += std::to_string(answer.iterations);
    out += ' ';
    out += answer.termination;
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
