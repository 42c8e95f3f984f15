#include "fuzz/fuzz_support.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>


namespace gjk::fuzz {

const check::StrategyInfo& strategyFromEnvironment() {
  static const check::StrategyInfo* const STRATEGY = [] {
    const char* name = std::getenv("GJK_STRATEGY");
    std::string chosen = name != nullptr && *name != '\0' ? name : "perp";
    const check::StrategyInfo* info = check::findStrategy(chosen);
    if (info == nullptr) {
      std::fprintf(stderr, "GJK_STRATEGY=%s names no strategy; known:", chosen.c_str());
      for (const check::StrategyInfo& s : check::strategies()) std::fprintf(stderr, " %s", s.name.c_str());
      std::fprintf(stderr, " (and the float ones with +local, +scaled, +local+scaled)\n");
      std::exit(2);
    }
    return info;
  }();
  return *STRATEGY;
}

const check::StrategyInfo& strategy3FromEnvironment() {
  static const check::StrategyInfo* const STRATEGY = [] {
    const char* name = std::getenv("GJK_STRATEGY");
    std::string chosen = name != nullptr && *name != '\0' ? name : "vdb3";
    const check::StrategyInfo* info = check::findStrategy(chosen);
    if (info == nullptr || info->dimension != 3) {
      std::fprintf(stderr, "GJK_STRATEGY=%s names no 3D strategy; known:", chosen.c_str());
      for (const check::StrategyInfo& s : check::strategies3()) std::fprintf(stderr, " %s", s.name.c_str());
      std::fprintf(stderr, "\n");
      std::exit(2);
    }
    return info;
  }();
  return *STRATEGY;
}

namespace {

std::vector<std::string> listFromEnvironment(const char* name) {
  std::vector<std::string> items;
  if (const char* text = std::getenv(name)) {
    std::stringstream in(text);
    for (std::string item; std::getline(in, item, ',');) {
      if (!item.empty()) items.push_back(item);
    }
  }
  return items;
}

}  // namespace

const std::vector<std::string>& violationKindsFromEnvironment() {
  static const std::vector<std::string> KINDS = listFromEnvironment("GJK_VIOLATION_KINDS");
  return KINDS;
}

const std::vector<std::string>& violationFamiliesFromEnvironment() {
  static const std::vector<std::string> FAMILIES = listFromEnvironment("GJK_VIOLATION_FAMILIES");
  return FAMILIES;
}

const std::set<std::string>& knownSignaturesFromEnvironment() {
  static const std::set<std::string> KNOWN = [] {
    std::set<std::string> known;
    if (const char* path = std::getenv("GJK_KNOWN_SIGNATURES")) {
      std::ifstream in(path);
      for (std::string line; std::getline(in, line);) {
        if (!line.empty()) known.insert(line);
      }
    }
    return known;
  }();
  return KNOWN;
}

bool wantedReasons(const std::vector<std::string>& reasons) {
  const std::vector<std::string>& kinds = violationKindsFromEnvironment();
  if (kinds.empty()) return true;
  return std::any_of(reasons.begin(), reasons.end(), [&](const std::string& reason) {
    return std::find(kinds.begin(), kinds.end(), reason) != kinds.end();
  });
}

bool wantedFamily(const std::string& family) {
  const std::vector<std::string>& families = violationFamiliesFromEnvironment();
  return families.empty() || std::find(families.begin(), families.end(), family) != families.end();
}

double ExecutionClock::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

ExecutionClock& executionClock() {
  static ExecutionClock clock;
  return clock;
}

std::string exactAnswerText(const oracle::ExactAnswer& exact) {
  return std::string("  relation          ") + oracle::relationName(exact.relation) +
         "\n  distance          " + oracle::distanceDecimal(exact) +
         "\n  core distance^2   " + oracle::rationalString(exact.coreDistanceSquared) +
         "\n  closest point     (" + oracle::decimalString(exact.closestPoint.x) + ", " +
         oracle::decimalString(exact.closestPoint.y) + ")\n  scale S           " +
         oracle::decimalString(exact.scale) + "\n";
}

namespace {
std::string number(double value) {
  char buffer[96];
  std::snprintf(buffer, sizeof buffer, "%a (%.9g)", value, value);
  return buffer;
}
}  // namespace

std::string strategyAnswerText(const check::StrategyResult& result) {
  return "  distance          " + number(result.distance) + "\n  point on A        " + number(result.pointA.x) +
         ", " + number(result.pointA.y) + "\n  point on B        " + number(result.pointB.x) + ", " +
         number(result.pointB.y) + "\n  iterations        " + std::to_string(result.iterations) +
         "\n  termination       " + result.termination + "\n";
}

std::string strategyAnswerText3(const check::StrategyResult& result) {
  return "  distance          " + number(result.distance) + "\n  point on A        " + number(result.pointA.x) +
         ", " + number(result.pointA.y) + ", " + number(result.pointA.z) + "\n  point on B        " +
         number(result.pointB.x) + ", " + number(result.pointB.y) + ", " + number(result.pointB.z) +
         "\n  iterations        " + std::to_string(result.iterations) + "\n  termination       " +
         result.termination + "\n";
}

void reportFailureAndAbort(const char* target, const std::string& title, const check::Case& value,
                           const std::string& details) {
  std::string text;
  try {
    text = check::formatCase(value);
  } catch (const std::exception& error) {
    text = std::string("(the case cannot be written: ") + error.what() + ")\n";
  }
  const ExecutionClock& clock = executionClock();
  std::fprintf(stderr,
               "\n==== %s: %s\n---- case (gjk-case 1; save as NAME.case to replay with gjkcheck repro)\n%s"
               "---- end of case\n%s%s: failure after %llu executions, %.3f s\n",
               target, title.c_str(), text.c_str(), details.c_str(), target,
               static_cast<unsigned long long>(clock.executions), clock.seconds());
  std::fflush(stderr);
  std::abort();
}

}  // namespace gjk::fuzz
