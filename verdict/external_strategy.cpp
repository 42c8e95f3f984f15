#include "verdict/external_strategy.h"

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <deque>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "verdict/cast_engine_bands.h"
#include "workers/manifest.h"
#include "workers/worker_client.h"

namespace gjk::check {
namespace {

using workers::Answer;
using workers::Status;

// One engine: the command of its worker and the workers started so far, idle ones kept for the next query.
class ExternalEngine {
 public:
  ExternalEngine(workers::WorkerCommand command, workers::WorkerOptions options, QueryKind query, int dimension)
      : command_(std::move(command)), options_(std::move(options)), query_(query), dimension_(dimension) {}

  // A worker for this thread's query (started on its first query), given back by the Lease.
  class Lease {
   public:
    Lease(ExternalEngine& engine) : engine_(engine) {
      std::lock_guard<std::mutex> lock(engine_.mutex_);
      if (!engine_.idle_.empty()) {
        client_ = std::move(engine_.idle_.back());
        engine_.idle_.pop_back();
      }
      if (!client_) client_ = std::make_unique<workers::WorkerClient>(engine_.command_, engine_.options_);
    }
    ~Lease() {
      std::lock_guard<std::mutex> lock(engine_.mutex_);
      engine_.idle_.push_back(std::move(client_));
    }
    workers::WorkerClient& operator*() { return *client_; }
    workers::WorkerClient* operator->() { return client_.get(); }

   private:
    ExternalEngine& engine_;
    std::unique_ptr<workers::WorkerClient> client_;
  };

  // One query; with `trace`, a worker whose hello says +trace answers it with its steps (docs/workers.md).
  StrategyResult run(const Case& value, bool trace = false) {
    if (trace && answersDistance(query_) && value.dimension == 2) {  // a 3D worker has no `t` request
      Lease worker(*this);
      Answer failed;
      std::optional<workers::Hello> hello = worker->start(failed);
      if (hello && hello->trace) {
        return fromDistanceAnswer(worker->queryOne(value, workers::Query::TracedDistance));
      }
    }
    StrategyResult result;
    runBatch(std::span<const Case>(&value, 1), std::span<StrategyResult>(&result, 1), QueryKind::Both);
    return result;
  }

  // The cases of the engine's dimension go to its worker; the others are refused here, never sent (a 2D worker
  // reads no 3D shape, a 3D one no 2D shape: docs/workers.md, "Three dimensions").
  void runBatch(std::span<const Case> cases, std::span<StrategyResult> results, QueryKind asked) {
    std::size_t other = 0;
    for (const Case& value : cases) other += value.dimension != dimension_;
    if (other == 0) {
      runBatchOfDimension(cases, results, asked);
      return;
    }
    std::vector<Case> toAsk;
    std::vector<std::size_t> at;
    for (std::size_t k = 0; k < cases.size(); ++k) {
      if (cases[k].dimension == dimension_) {
        toAsk.push_back(cases[k]);
        at.push_back(k);
        continue;
      }
      Answer refused;
      refused.status = Status::Refused;
      refused.detail = dimension_ == 3 ? "a 2D case, and this engine answers 3D cases only (its worker says +3d)"
                                       : "a 3D case (dimension 3), and this engine answers 2D cases (its worker "
                                         "says no +3d)";
      results[k] = StrategyResult{};
      markFailure(refused, results[k]);
      if (answersPenetration(query_)) markPenetrationFailure(refused, results[k]);
    }
    if (toAsk.empty()) return;
    std::vector<StrategyResult> answered(toAsk.size());
    runBatchOfDimension(toAsk, answered, asked);
    for (std::size_t j = 0; j < at.size(); ++j) results[at[j]] = std::move(answered[j]);
  }

  // What the engine answers, once its hello has said (a plugin's cast entry).
  void setQuery(QueryKind query) { query_ = query; }
  // The dimension of the cases it answers, once its hello has said (a plugin's 3D entry).
  void setDimension(int dimension) { dimension_ = dimension; }

  // The hello of a worker started now (kept for the next query), or the failure that stopped it.
  std::optional<workers::Hello> hello(Answer& failed) {
    Lease worker(*this);
    return worker->start(failed);
  }

 private:
  // The queries of `asked` the engine answers, each on every case and each answer on its own: an engine of both
  // queries that crashes, hangs or refuses on a case's distance query is still asked its penetration query (the
  // worker was restarted; a crash there is that answer's own), so neither answer hides the other.
  void runBatchOfDimension(std::span<const Case> cases, std::span<StrategyResult> results, QueryKind asked) {
    Lease worker(*this);
    std::vector<Answer> answers(cases.size());
    if (answersCast(query_)) {
      runCastBatch(*worker, cases, results);
      return;
    }
    if (answersDistance(query_) && answersDistance(asked)) {
      worker->queryBatch(cases, workers::Query::Distance, answers);
      for (std::size_t k = 0; k < cases.size(); ++k) results[k] = fromDistanceAnswer(answers[k]);
    }
    if (answersPenetration(query_) && answersPenetration(asked)) {
      worker->queryBatch(cases, workers::Query::Penetration, answers);
      for (std::size_t k = 0; k < cases.size(); ++k) addPenetrationAnswer(answers[k], results[k]);
    }
  }

  // Cast queries (`c`): only the cases with a translation go to the worker; the others ask no cast and are
  // refused here. Rotating cases (b.angular) go only to a worker whose hello says +turns (its requests carry the
  // turn); any other engine's cast moves B without turning it, and they are refused here.
  static void runCastBatch(workers::WorkerClient& worker, std::span<const Case> cases,
                           std::span<StrategyResult> results) {
    Answer noHello;
    const Turning turning = workerTurning(worker, cases, noHello);
    std::vector<Case> asked;
    std::vector<std::size_t> at;
    for (std::size_t k = 0; k < cases.size(); ++k) {
      if (cases[k].hasTranslation && cases[k].hasAngular && turning == Turning::NoHello) {
        results[k] = StrategyResult{};
        markFailure(noHello, results[k]);
        continue;
      }
      if (!cases[k].hasTranslation || (cases[k].hasAngular && turning != Turning::Turns)) {
        Answer refused;
        refused.status = Status::Refused;
        refused.detail = !cases[k].hasTranslation ? "the case has no b.translation: it asks no cast"
                                                  : "the case turns B (b.angular): this engine's cast moves B "
                                                    "without turning it (its worker's hello says no +turns)";
        results[k] = StrategyResult{};
        markFailure(refused, results[k]);
        continue;
      }
      asked.push_back(cases[k]);
      at.push_back(k);
    }
    std::vector<Answer> answers(asked.size());
    worker.queryBatch(asked, workers::Query::Cast, answers);
    for (std::size_t j = 0; j < at.size(); ++j) results[at[j]] = fromCastAnswer(answers[j]);
  }

  // Whether the worker turns B: its hello says +turns. The hello is read only when the batch holds a rotating
  // case, so a batch without one starts the worker as before. A worker that gives no hello cannot be asked: its
  // failure (`failed`: crash, hang or protocol) is then the answer of the rotating cases, as queryBatch makes it
  // the answer of the others.
  enum class Turning { Turns, DoesNotTurn, NoHello };
  static Turning workerTurning(workers::WorkerClient& worker, std::span<const Case> cases, Answer& failed) {
    bool rotating = false;
    for (const Case& value : cases) rotating = rotating || (value.hasTranslation && value.hasAngular);
    if (!rotating) return Turning::DoesNotTurn;
    const std::optional<workers::Hello> hello = worker.start(failed);
    if (!hello) return Turning::NoHello;
    return hello->turns ? Turning::Turns : Turning::DoesNotTurn;
  }

  static StrategyResult fromCastAnswer(const Answer& answer) {
    StrategyResult result;
    if (answer.status != Status::Ok) {
      markFailure(answer, result);
      return result;
    }
    result.cast.answered = true;
    result.cast.hit = answer.hit;
    result.cast.fraction = answer.fraction;
    result.cast.normal = {answer.normal[0], answer.normal[1]};
    result.cast.point = {answer.point[0], answer.point[1]};
    result.iterations = answer.iterations;
    result.termination = answer.termination;
    return result;
  }

  static EngineFailure failureOf(Status status) {
    switch (status) {
      case Status::Ok:
        return EngineFailure::None;
      case Status::Refused:
        return EngineFailure::Refused;
      case Status::Crash:
        return EngineFailure::Crash;
      case Status::Hang:
        return EngineFailure::Hang;
      case Status::Protocol:
        return EngineFailure::Protocol;
    }
    return EngineFailure::Protocol;
  }

  // A failed query has no numbers: NaN, so no reader can take them for an answer.
  static void markFailure(const Answer& answer, StrategyResult& result) {
    const double nan = std::nan("");
    result.distance = nan;
    result.pointA = {nan, nan, nan};
    result.pointB = {nan, nan, nan};
    result.iterations = -1;
    result.failure = failureOf(answer.status);
    result.termination = engineFailureName(result.failure);
    result.failureDetail = answer.detail;
  }

  static StrategyResult fromDistanceAnswer(const Answer& answer) {
    StrategyResult result;
    if (answer.status != Status::Ok) {
      markFailure(answer, result);
      return result;
    }
    result.distance = answer.distance;
    result.pointA = {answer.pointA[0], answer.pointA[1], answer.pointA[2]};  // z: 0 in a 2D answer
    result.pointB = {answer.pointB[0], answer.pointB[1], answer.pointB[2]};
    result.iterations = answer.iterations;
    result.termination = answer.termination;
    for (const workers::TraceStepWords& step : answer.trace) {
      TraceRecord record;
      for (const workers::TraceVertexWords& v : step.simplex) record.simplex.push_back(traceVertex(v));
      if (step.hasDirection) record.direction = {step.direction[0], step.direction[1]};
      record.hasSupport = step.hasSupport;
      record.support = traceVertex(step.support);
      result.trace.push_back(std::move(record));
    }
    if (!answer.post.rule.empty()) {
      result.tracePost = {answer.post.rule,     answer.post.decided,  answer.post.coreDistance,
                          answer.post.bound,    answer.post.distance, answer.post.text};
      result.loopTermination = answer.post.loopTermination;
    }
    return result;
  }

  static TraceVertex traceVertex(const workers::TraceVertexWords& v) {
    return {{v.w[0], v.w[1]}, {v.pointA[0], v.pointA[1]}, {v.pointB[0], v.pointB[1]}, v.weight, v.indexA, v.indexB};
  }

  // The penetration answer's failure; for a penetration-only engine also the result's (its one query).
  static void markPenetrationFailure(const Answer& answer, StrategyResult& result) {
    result.penetration.failure = failureOf(answer.status);
    result.penetration.failureDetail = answer.detail;
  }

  void addPenetrationAnswer(const Answer& answer, StrategyResult& result) const {
    if (answer.status != Status::Ok) {
      markPenetrationFailure(answer, result);
      if (!answersDistance(query_)) markFailure(answer, result);
      return;
    }
    result.penetration.answered = true;
    result.penetration.overlapping = answer.overlapping;
    result.penetration.depth = answer.depth;
    result.penetration.normal = {answer.normal[0], answer.normal[1], answer.normal[2]};  // z: 0 in a 2D answer
    result.penetration.pointA = {answer.pointA[0], answer.pointA[1], answer.pointA[2]};
    result.penetration.pointB = {answer.pointB[0], answer.pointB[1], answer.pointB[2]};
  }

  workers::WorkerCommand command_;
  workers::WorkerOptions options_;
  QueryKind query_;
  int dimension_;  // 2 or 3: the cases it answers
  std::mutex mutex_;
  std::vector<std::unique_ptr<workers::WorkerClient>> idle_;
};

// Engines live as long as the program (rows keep a pointer to theirs); at exit each worker is told to end.
std::deque<std::unique_ptr<ExternalEngine>>& engines() {
  static std::deque<std::unique_ptr<ExternalEngine>> ENGINES;
  return ENGINES;
}

std::mutex& enginesMutex() {
  static std::mutex MUTEX;
  return MUTEX;
}

ExternalEngine* newEngine(workers::WorkerCommand command, workers::WorkerOptions options, QueryKind query,
                          int dimension) {
  std::lock_guard<std::mutex> lock(enginesMutex());
  engines().push_back(std::make_unique<ExternalEngine>(std::move(command), std::move(options), query, dimension));
  return engines().back().get();
}

QueryKind queryKindOf(const std::string& word) {
  if (word == "penetration") return QueryKind::Penetration;
  if (word == "both") return QueryKind::Both;
  if (word == "cast") return QueryKind::Cast;
  return QueryKind::Distance;
}

void connect(StrategyInfo& info, ExternalEngine* engine) {
  info.external = true;
  info.run = [engine](const Case& value, const RunOptions& options) { return engine->run(value, options.trace); };
  info.runBatch = [engine](std::span<const Case> cases, std::span<StrategyResult> results, QueryKind asked) {
    engine->runBatch(cases, results, asked);
  };
}

}  // namespace

std::filesystem::path adaptersFolder() {
  if (const char* folder = std::getenv("GJKCHECK_ADAPTERS"); folder != nullptr && *folder != '\0') return folder;
  return GJK_ADAPTERS_DIR;
}

std::filesystem::path pluginHostProgram() { return workers::pluginHostProgram(); }

std::vector<StrategyInfo> manifestStrategies(const std::filesystem::path& folder) {
  std::vector<StrategyInfo> rows;
  for (const workers::Manifest& manifest : workers::readManifests(folder)) {
    StrategyInfo info;
    info.name = manifest.name;
    info.description = manifest.description;
    info.scalar = manifest.scalar == "f32" ? "float" : "double";
    info.maxIterations = manifest.maxIterations;
    info.contact = manifest.contact == "merged" ? ContactConvention::Merged : ContactConvention::OnShapes;
    info.query = queryKindOf(manifest.queries);
    info.version = manifest.version;
    info.dimension = manifest.dimension;
    if (info.query == QueryKind::Cast) {
      info.castBand = engineCastBand(manifest.castBand);
      if (info.castBand == nullptr) {
        throw workers::ManifestError(manifest.file.string() + ": unknown cast band '" + manifest.castBand +
                                     "' (verdict/cast_engine_bands.h names them)");
      }
      info.castBandText = manifest.castBandText.empty() ? engineCastBandText(manifest.castBand) : manifest.castBandText;
      if (manifest.castInitialOverlap == "miss") info.castInitialOverlap = CastInitialOverlap::Miss;
      if (manifest.castInitialOverlap == "miss-when-separating") {
        info.castInitialOverlap = CastInitialOverlap::MissWhenSeparating;
      }
    }
    if (!manifest.isReady()) info.install = manifest.install.empty() ? "(its manifest names no command)" : manifest.install;
    workers::WorkerOptions options;
    options.timeoutSeconds = workers::timeoutFromEnvironment();
    options.expectScalar = manifest.scalar;
    options.expectContact = manifest.contact;
    options.expectDimension = manifest.dimension;  // its hello says +3d iff its manifest says dimension 3
    connect(info, newEngine(manifest.workerCommand(), options, info.query, info.dimension));
    rows.push_back(std::move(info));
  }
  return rows;
}

PluginParts pluginParts(std::string_view name) {
  std::string_view rest = name.substr(name.find(':') + 1);
  std::size_t split = rest.find('#');
  if (split == std::string_view::npos) {
    // plugin:PATH@ENTRY, the written form; an existing file whose name holds '@' is a PATH alone.
    const std::size_t at = rest.rfind('@');
    const std::size_t slash = rest.rfind('/');
    std::error_code error;
    if (at != std::string_view::npos && (slash == std::string_view::npos || at > slash) &&
        !std::filesystem::is_regular_file(std::filesystem::path(std::string(rest)), error)) {
      split = at;
    }
  }
  if (split == std::string_view::npos) return {std::string(rest), ""};
  return {std::string(rest.substr(0, split)), std::string(rest.substr(split + 1))};
}

std::string pluginName(std::string_view name) {
  const PluginParts parts = pluginParts(name);
  return "plugin:" + parts.path + (parts.entry.empty() ? "" : "@" + parts.entry);
}

StrategyInfo pluginStrategy(std::string_view requested) {
  const std::string name = pluginName(requested);
  const PluginParts parts = pluginParts(requested);
  const std::string& path = parts.path;
  const std::string& entry = parts.entry;
  if (path.empty()) throw std::invalid_argument("plugin: needs a path (plugin:PATH or plugin:PATH#ENTRY)");
  std::error_code error;
  std::filesystem::path file = std::filesystem::absolute(path, error);
  if (error || !std::filesystem::is_regular_file(file)) {
    throw std::invalid_argument("no plugin file '" + path + "'");
  }
  workers::WorkerCommand command{{pluginHostProgram().string(), file.string()}, {}};
  if (!entry.empty()) command.words.push_back(entry);
  workers::WorkerOptions options;
  options.timeoutSeconds = workers::timeoutFromEnvironment();
  ExternalEngine* engine = newEngine(command, options, QueryKind::Distance, 2);
  Answer failed;
  std::optional<workers::Hello> hello = engine->hello(failed);
  if (!hello) throw std::invalid_argument("plugin '" + path + "' cannot be run: " + failed.detail);
  StrategyInfo info;
  info.name = std::string(name);
  info.description = "plugin " + hello->name + " from " + file.string();
  info.scalar = hello->scalar == "f32" ? "float" : "double";
  info.contact = hello->contact == "merged" ? ContactConvention::Merged : ContactConvention::OnShapes;
  info.version = hello->version;
  if (hello->dimension == 3) {
    // A 3D entry (include/gjkcheck/strategy.h gjkcheck_plugin3_info): 3D cases only, the queries its hello says.
    info.dimension = 3;
    engine->setDimension(3);
    info.query = queryKindOf(hello->queries);
    engine->setQuery(info.query);
  }
  if (hello->queries == "cast") {
    // A cast entry (include/gjkcheck/strategy.h gjkcheck_plugin_cast_info): its band by the name its hello says.
    info.query = QueryKind::Cast;
    engine->setQuery(QueryKind::Cast);
    info.castBand = engineCastBand(hello->castBand);
    if (info.castBand == nullptr) {
      throw std::invalid_argument("plugin '" + path + "' entry " + entry + ": unknown cast band '" + hello->castBand +
                                  "' (verdict/cast_engine_bands.h names them)");
    }
    info.castBandText = engineCastBandText(hello->castBand);
  }
  info.label = "plugin " + hello->name + (hello->version.empty() ? "" : " " + hello->version) +
               (entry.empty() ? "" : "@" + entry);
  for (char& c : info.label) {
    if (c == ',' || c == '|' || c == '\n' || c == '#') c = ' ';  // a CSV field, a table cell, a case meta value
  }
  connect(info, engine);
  return info;
}

void runBatch(const StrategyInfo& strategy, std::span<const Case> cases, std::span<StrategyResult> results,
              QueryKind asked) {
  if (strategy.runBatch) {
    strategy.runBatch(cases, results, asked);
    return;
  }
  for (std::size_t k = 0; k < cases.size(); ++k) results[k] = strategy.run(cases[k], {});
}

}  // namespace gjk::check
