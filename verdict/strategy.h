// The strategy registry: every GJK variant the harness can run, by name, on any case.
//
// A strategy is a type chosen at compile time (core/strategies/*.h, or an adapter) and instantiated
// for a scalar; the registry turns it into a row {name, description, run} so that tools, fuzzers and
// properties pick it at run time. Results are widened to double, which is exact for float outputs.
#pragma once

#include <cmath>
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "case/case.h"

namespace gjk::check {

// A point of the plane, or of space in a 3D case (z is 0 in the plane).
struct Point {
  double x = 0;
  double y = 0;
  double z = 0;
};

// One simplex vertex in a trace: the Minkowski point w = wB - wA, its support points and indices,
// and its barycentric coordinate.
struct TraceVertex {
  Point w;
  Point wA;
  Point wB;
  double a = 0;
  int indexA = 0;
  int indexB = 0;
};

// One iteration (the talk's Output.simplices): the simplex after its solve, the search direction,
// and the support vertex found along it.
struct TraceRecord {
  std::vector<TraceVertex> simplex;
  Point direction;
  bool hasSupport = false;
  TraceVertex support;
};

// The last entry of a trace: the step after the loop (core/distance_types.h PostLoopStep), when one ran.
// `rule` is its name ("radii-applied", "epsilon-merge", ...; empty: none ran), `decided` whether it changed
// the answer (then it is the answer's cause), `text` an external engine's own line about it.
struct TracePostStep {
  std::string rule;
  bool decided = false;
  double coreDistance = 0;  // the loop's distance, before the rule
  double bound = 0;         // what it was compared with (0: nothing)
  double distance = 0;      // reported after the rule
  std::string text;
};

// Warm-start data carried between queries, independent of the scalar (float metrics widen exactly).
struct CacheRecord {
  double metric = 0;
  int count = 0;  // 0: cold start
  int indexA[3] = {0, 0, 0};
  int indexB[3] = {0, 0, 0};
};

// What a strategy answers: the distance query (docs/case-format.md), the penetration query (overlap depth, issue 13),
// both, or the shape cast (time of first contact, issue 22). The registry says which; tools run and judge only
// what a strategy answers.
enum class QueryKind { Distance, Penetration, Both, Cast };

// "distance" | "penetration" | "both" | "cast"
const char* queryKindName(QueryKind kind);

inline bool answersDistance(QueryKind kind) { return kind == QueryKind::Distance || kind == QueryKind::Both; }
inline bool answersPenetration(QueryKind kind) { return kind == QueryKind::Penetration || kind == QueryKind::Both; }
inline bool answersCast(QueryKind kind) { return kind == QueryKind::Cast; }

// How a query to an engine in another process ended when it gave no answer (issue 12): a crash, a hang
// past the per-query timeout, or an answer that breaks the worker protocol. Each is a finding (the
// verdicts `crash`, `hang`, `protocol`), never the end of a run. `refused`: the engine declined the
// query as its users would meet it (say, b2ComputeHull finds no hull for collinear points); not a
// violation, counted in its own column.
enum class EngineFailure { None, Crash, Hang, Protocol, Refused };

// "" | "crash" | "hang" | "protocol" | "refused"
const char* engineFailureName(EngineFailure failure);

// A penetration answer (overlap depth). Convention, for every penetration strategy: `normal` is a unit
// vector pointing from A towards B, and translating B by depth * normal brings the shapes to touching
// (for M = B - A with the origin inside, normal = -q/|q| where q is the point of the boundary of M + disk(r)
// nearest to the origin). A strategy that finds the shapes separated says so with overlapping = false;
// depth is then not judged.
struct PenetrationAnswer {
  bool answered = false;     // the strategy gave a penetration answer for this case
  bool overlapping = false;  // the strategy says the shapes touch or overlap
  double depth = 0;          // >= 0 when overlapping
  Point normal;             // unit, from A towards B
  Point pointA;             // contact point on A, world frame
  Point pointB;             // contact point on B, world frame
  // The penetration answer's own failure (an external engine's crash, hang, protocol error or refusal of this
  // query), set by whoever answers it. An engine of both queries answers each on its own: a distance query that
  // crashed leaves the penetration answer of the same case standing, and the other way round
  // (StrategyResult::failure is the distance's, or the one query's of a penetration-only strategy, which sets both).
  EngineFailure failure = EngineFailure::None;
  std::string failureDetail;
};

// A cast answer (issue 22): moving B by t * translation, t in [0, 1], the first t at which the strategy says the
// shapes touch (its own target band, StrategyInfo::castBand). Convention, for every cast strategy: `normal` is a
// unit vector from A towards B at the reported pose, `point` a contact point in the world frame at that pose on
// the strategy's declared convention (docs/strategies.md, "Cast").
struct CastAnswer {
  bool answered = false;  // the strategy gave a cast answer for this case
  bool hit = false;       // a hit within [0, 1]; an initial overlap is a hit at fraction 0
  double fraction = 0;    // t of the hit
  Point normal;          // unit, from A towards B (0 where the strategy gives none, e.g. initial overlap)
  Point point;           // contact point, world frame
};

// The band of core gaps (distance between the cores, radii not included) a cast strategy aims at, as its source
// sets it: lower <= gap <= upper at the reported fraction is on target. The verdict judges each answer against
// the exact interval of t where the gap lies in the band (docs/verdict.md, "Cast").
struct CastBand {
  double lower = 0;
  double upper = 0;
  // The radius each shape has as the strategy casts it, where it is not the case's: Box2D 2.4.1's b2ShapeCast
  // (and its ports) raises each to b2_polygonRadius, puts its point on A grown so and aims sigma at the grown
  // shapes. NaN: the case's radius. The cast verdict judges the point against the shapes with these radii.
  double radiusA = std::numeric_limits<double>::quiet_NaN();
  double radiusB = std::numeric_limits<double>::quiet_NaN();
};
// The band for a case with these radii (each as the case gives it, a float). Both radii, not their sum: Box2D
// 2.4.1's b2ShapeCast clamps each radius up to b2_polygonRadius before adding them.
using CastBandFunction = CastBand (*)(double radiusA, double radiusB);

// What a cast strategy answers when the shapes already touch or overlap at t = 0 (within its band), as its
// source documents it: a hit at fraction 0 (Box2D v3's b2ShapeCast), no hit (Box2D 2.4.1's b2ShapeCast
// returns false), or no hit when B moves away from A along the contact normal (parry's cast_shapes with
// stop_at_penetration false: rapier2d-cast-through). The verdict does not count the documented answer as a
// missed hit.
enum class CastInitialOverlap { Hit, Miss, MissWhenSeparating };

struct StrategyResult {
  double distance = 0;
  Point pointA;  // witness point on A, world frame
  Point pointB;  // witness point on B, world frame
  int iterations = 0;
  int simplexCount = 0;
  // The answer's cause, the one word of signatures and finding names: the rule after the loop that changed
  // the answer when one did (core/distance_types.h causeName: "epsilon-merge", "small-core-distance"), else
  // the loop's termination (terminationName); an adapter's or engine's own word.
  std::string termination;
  std::string loopTermination;  // core strategies: why the loop stopped, also when a later rule decided
  std::vector<TraceRecord> trace;  // filled when RunOptions::trace is set and the strategy can trace
  TracePostStep tracePost;         // with the trace: the step after the loop (rule empty: none)
  PenetrationAnswer penetration;   // filled by strategies whose query kind answers penetration
  CastAnswer cast;                 // filled by cast strategies
  EngineFailure failure = EngineFailure::None;
  std::string failureDetail;  // for a failure: the engine's stderr tail, or the garbled answer line
};

// The verdict of a query an external engine gave no answer to (the penetration and cast verdicts; the distance
// verdict's is engineFailureVerdict, verdict.h): judged, its failure kept, a refusal its own count, a crash, hang
// or protocol error the violation of that name. verdict.failure is set either way; false when the engine answered.
// `failure` is the query's own: result.penetration.failure for penetration, result.failure for the cast.
template <class QueryVerdictType>
bool judgeEngineFailure(EngineFailure failure, QueryVerdictType& verdict) {
  verdict.failure = failure;
  if (failure == EngineFailure::None) return false;
  verdict.judged = true;
  if (failure != EngineFailure::Refused) {
    verdict.reasons.push_back(engineFailureName(failure));
    verdict.violation = true;
  }
  return true;
}

// Every number of the answer (distance and both witness points) is finite.
inline bool isFinite(const StrategyResult& r) {
  return std::isfinite(r.distance) && std::isfinite(r.pointA.x) && std::isfinite(r.pointA.y) &&
         std::isfinite(r.pointA.z) && std::isfinite(r.pointB.x) && std::isfinite(r.pointB.y) &&
         std::isfinite(r.pointB.z);
}

struct RunOptions {
  bool trace = false;
  CacheRecord* cache = nullptr;  // read and written when given; cold start when null
};

// One query. A plain function for the strategies in this process; for an external engine a small callable
// that holds a pointer to its engine (verdict/external_strategy.h): held inline by std::function, so no call
// allocates.
using RunFunction = std::function<StrategyResult(const Case&, const RunOptions&)>;

// Many cold-start queries at once, answered in order: how external engines pipeline their requests. `asked` says
// which of the engine's queries to ask (a comparison of one query asks that one alone; Both: every query it answers).
using BatchFunction =
    std::function<void(std::span<const Case> cases, std::span<StrategyResult> results, QueryKind asked)>;

// Where a strategy puts its witness points when the shapes touch or overlap (docs/verdict.md), declared per
// strategy and checked by the verdict, never counted as a violation by itself:
//   OnShapes: each witness point on its own shape (radius included), also on contact;
//   Merged:   on touching or overlap one point serves as both witnesses (Box2D 2.4.1 puts it at the
//             midpoint of the two core points); that point must lie on one of the shapes.
enum class ContactConvention { OnShapes, Merged };

// "on-shapes" | "merged"
const char* contactConventionName(ContactConvention convention);

struct StrategyInfo {
  std::string name;
  std::string description;  // one line
  std::string scalar;       // "float" or "double": the arithmetic of the query
  int maxIterations = 0;    // the strategy's iteration cap
  ContactConvention contact = ContactConvention::OnShapes;
  RunFunction run;
  QueryKind query = QueryKind::Distance;
  // An engine in another process (docs/workers.md), from a manifest or a plugin:PATH name. Its answers come
  // through the worker protocol; it has no trace, and a crash, hang or protocol error is its answer's failure.
  bool external = false;
  std::string version;  // the engine's version, as its manifest or its worker says
  // What reports show for a plugin named by its path: the name and version the plugin declares, and the
  // entry ("plugin box2d v3.1.1 (8c661469)@proxy"); empty: reports show `name`.
  std::string label;
  std::string install;  // an external engine not installed: the command that installs it; empty: ready
  BatchFunction runBatch;  // set for external engines; runBatch() falls back to run for the others
  // Cast strategies: the declared target band and its source's formula in words ("max(0.005, rA + rB - 0.005)
  // +- 0.0025, b2_distance.cpp:…"), for `gjkcheck strategies` and docs/strategies.md.
  CastBandFunction castBand = nullptr;
  std::string castBandText;
  CastInitialOverlap castInitialOverlap = CastInitialOverlap::Hit;
  // A cast strategy that sweeps a turning B (a time of impact on sweeps with angles): it answers rotating cast
  // cases (b.angular). Every other cast strategy refuses them (EngineFailure::Refused, counted, no violation).
  bool castTurns = false;
  // 2: the strategy answers 2D cases (every strategy but the 3D ones); 3: 3D cases only (verdict/strategies3.h).
  int dimension = 2;
};

// A cast strategy's declared band for a case with radii radiusA and radiusB; {0, 0} for a strategy that declares
// none.
inline CastBand declaredCastBand(const StrategyInfo& strategy, float radiusA, float radiusB) {
  return strategy.castBand != nullptr ? strategy.castBand(radiusA, radiusB) : CastBand{};
}

// Cold-start answers of `strategy` for every case, in order: pipelined for an external engine, which is asked only
// the queries of `asked` it answers (a strategy in this process answers what it answers).
void runBatch(const StrategyInfo& strategy, std::span<const Case> cases, std::span<StrategyResult> results,
              QueryKind asked = QueryKind::Both);

// Every registered strategy of this process, in a fixed order: what `--strategy all` runs.
const std::vector<StrategyInfo>& strategies();

// The external engines of the manifests under the adapters folder (GJKCHECK_ADAPTERS, else the source tree's
// adapters/), ready or not, in name order. Throws workers::ManifestError for a manifest that cannot be read.
const std::vector<StrategyInfo>& externalStrategies();

// The float core strategies with the modifiers of docs/strategies.md: NAME+local, NAME+scaled,
// NAME+local+scaled.
const std::vector<StrategyInfo>& modifiedStrategies();

// The built-in penetration strategies (query penetration, issue 13), in a fixed order: what
// `--strategy penetration` runs. `all` runs the distance strategies only.
const std::vector<StrategyInfo>& penetrationStrategies();

// The strategy of that name (plain, modified, external, or plugin:PATH[#ENTRY]), or null. A plugin is
// loaded on first use: std::invalid_argument when it cannot be (with the plugin host's message).
const StrategyInfo* findStrategy(std::string_view name);

// The built-in 3D distance strategies (issue 23; StrategyInfo::dimension 3), in a fixed order: what `--strategy
// 3d` runs (verdict/strategies3.cpp).
const std::vector<StrategyInfo>& strategies3();

// The built-in 3D penetration strategies (issue 23; QueryKind::Penetration, dimension 3): epa3. Found by name
// (findStrategy) and listed by `gjkcheck strategies`; not in strategies3(), whose rows are judged by the 3D
// distance verdict (`--strategy 3d`, compare --dimension 3).
const std::vector<StrategyInfo>& penetrationStrategies3();

// robust3's ablations, robust3-no-<ingredient> (verdict/strategies3.cpp): found by name, not run by `--strategy
// 3d`, as robust's ablations are not run by `all`.
const std::vector<StrategyInfo>& ablations3();

// The strategies a --strategy argument names: one name, "all" (the built-in distance strategies), "3d" (the
// built-in 3D strategies),
// "penetration" (the built-in penetration strategies) or "cast" (the built-in cast strategies: the ports,
// robust-cast and the engines linked in; verdict/cast_strategies.h, cast_engine_strategies.h).
// Throws std::invalid_argument naming the unknown strategy, or the install command of an external engine
// that is not installed.
std::vector<const StrategyInfo*> selectStrategies(std::string_view argument);

}  // namespace gjk::check
