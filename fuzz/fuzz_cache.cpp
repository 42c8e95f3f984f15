// fuzz_cache: a warm-started query against a cold one.
//
// Property: where the strategy's cold start (no cache) gives an answer that is no violation, a warm
// start gives one too, from either cache an engine would hand it:
// - the cache of the same query (a scene that did not move), and
// - the cache of the previous frame, where shape B stood at position - (dx, dy); (dx, dy) is read from
//   the 8 bytes after the case, when present and finite (case/fuzz_input.h ignores those bytes),
//   else the scene did not move.
// The cache written back must hold at most 3 indices, each in range for its shape. The strategy is
// GJK_STRATEGY (default perp), as for fuzz_distance. A failure prints the case, the cold and warm
// answers and the cache, and aborts.
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>

#include "case/fuzz_input.h"
#include "fuzz/fuzz_support.h"
#include "verdict/exact_case.h"
#include "verdict/verdict.h"

using namespace gjk;

namespace {

std::string cacheText(const check::CacheRecord& cache) {
  std::string text = "  cache             count " + std::to_string(cache.count) + ", metric " +
                     std::to_string(cache.metric) + ", pairs";
  for (int i = 0; i < cache.count && i < 3; ++i) {
    text += " (" + std::to_string(cache.indexA[i]) + ", " + std::to_string(cache.indexB[i]) + ")";
  }
  return text + "\n";
}

bool cacheInRange(const check::CacheRecord& cache, const check::Case& value) {
  if (cache.count < 0 || cache.count > 3) return false;
  for (int i = 0; i < cache.count; ++i) {
    if (cache.indexA[i] < 0 || cache.indexA[i] >= static_cast<int>(value.a.vertices.size())) return false;
    if (cache.indexB[i] < 0 || cache.indexB[i] >= static_cast<int>(value.b.vertices.size())) return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  fuzz::strategyFromEnvironment();
  fuzz::executionClock();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const check::StrategyInfo& strategy = fuzz::strategyFromEnvironment();
  fuzz::executionClock().tick();
  std::size_t consumed = 0;
  std::optional<check::Case> value = check::decodeFuzzInput(data, size, &consumed);
  if (!value) return -1;
  float move[2] = {0, 0};
  if (size - consumed >= 8) {
    std::memcpy(move, data + consumed, 8);
    if (!std::isfinite(move[0]) || !std::isfinite(move[1])) move[0] = move[1] = 0;
  }
  check::Case previous = *value;
  previous.b.positionX = value->b.positionX - move[0];
  previous.b.positionY = value->b.positionY - move[1];
  if (!std::isfinite(previous.b.positionX) || !std::isfinite(previous.b.positionY)) previous = *value;

  oracle::ExactAnswer exact = check::solveExactly(*value);
  check::StrategyResult cold = strategy.run(*value, {});
  check::Verdict coldVerdict = check::judge(*value, exact, cold, strategy);

  check::CacheRecord caches[2];
  strategy.run(*value, {.cache = &caches[0]});
  strategy.run(previous, {.cache = &caches[1]});
  const char* cacheNames[2] = {"the same query", "the previous frame"};
  for (int k = 0; k < 2; ++k) {
    check::CacheRecord cache = caches[k];
    check::StrategyResult warm = strategy.run(*value, {.cache = &cache});
    check::Verdict warmVerdict = check::judge(*value, exact, warm, strategy);
    bool worse = !coldVerdict.violation && warmVerdict.violation;
    if (worse || !cacheInRange(cache, *value)) {
      std::string details = "---- exact answer (oracle)\n" + fuzz::exactAnswerText(exact) + "---- " +
                            strategy.name + " cold: " + check::reasonList(coldVerdict) + "\n" +
                            fuzz::strategyAnswerText(cold) + "---- " + strategy.name + " warm from the cache of " +
                            cacheNames[k] + ": " + check::reasonList(warmVerdict) + "\n" + cacheText(caches[k]) +
                            fuzz::strategyAnswerText(warm) + "---- cache written back\n" + cacheText(cache) +
                            "  frame move of B  " + std::to_string(move[0]) + " " + std::to_string(move[1]) + "\n";
      fuzz::reportFailureAndAbort("fuzz_cache",
                                  worse ? "a warm start is a violation where the cold start is not"
                                        : "the cache written back is out of range",
                                  *value, details);
    }
  }
  return 0;
}
