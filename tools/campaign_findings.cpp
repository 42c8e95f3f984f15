#include "tools/campaign_findings.h"

#include <exception>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <bit>
#include <cerrno>
#include <cstdio>
#include <cmath>
#include <cstdint>
#include <map>

#include "case/case_shrinker.h"
#include "case/fuzz_input.h"
#include "case/fuzz_input_3d.h"
#include "tools/fuzz_files.h"
#include "verdict/exact_case.h"
#include "verdict/expectations.h"
#include "verdict/query_seam.h"
#include "verdict/classify3.h"
#include "verdict/penetration_verdict3.h"
#include "verdict/verdict3.h"

namespace gjk::tools {
namespace fs = std::filesystem;

const check::Query& campaignQuery(CampaignQuery query) {
  const check::Query* named = check::queryNamed(check::queryKindName(query));
  return named != nullptr ? *named : check::distanceQuery();
}

CampaignQuery campaignKind(const check::Query& query) {
  for (CampaignQuery kind : {CampaignQuery::Distance, CampaignQuery::Penetration, CampaignQuery::Cast}) {
    if (std::string_view(check::queryKindName(kind)) == query.name()) return kind;
  }
  return CampaignQuery::Distance;
}

CampaignQuery defaultCampaignQuery(const check::StrategyInfo& strategy) {
  return campaignKind(check::primaryQuery(strategy));
}

int abortSignalOf(const check::Case& value, const check::StrategyInfo& strategy) {
  if (strategy.external) return 0;  // its worker's crash is its answer (EngineFailure::Crash)
  std::fflush(nullptr);
  const pid_t child = fork();
  if (child < 0) return 0;  // cannot tell: judged in this process, as before
  if (child == 0) {
    // The engine's own message (chipmunk prints its failed assertion) is not the campaign's output.
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, STDERR_FILENO);
    try {
      strategy.run(value, {});
    } catch (...) {  // gjkcheck's own error, not the engine's abort: judgeCase meets it again and says so
    }
    _exit(0);
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFSIGNALED(status) ? WTERMSIG(status) : 0;
}

namespace {

// A 3D case (issue 23): the strategy, a 3D one, judged by the 3D verdict of the distance or the penetration query
// (verdict/penetration_verdict3.h; the cast has no 3D verdict).
void judge3(Judged& judged, const check::StrategyInfo& strategy) {
  const check::Case& value = judged.value;
  if (strategy.dimension != 3) {
    throw check::CaseError(value.source, 0, "a 3D case (dimension 3), and " + strategy.name + " answers 2D cases");
  }
  if (judged.query != CampaignQuery::Distance && judged.query != CampaignQuery::Penetration) {
    throw check::CaseError(value.source, 0, "a 3D case: only the distance and penetration queries are judged in 3D");
  }
  judged.result = strategy.run(value, {});
  const check::CaseJudge3 judge(value);
  if (judged.query == CampaignQuery::Penetration) {
    judged.verdict = check::judgePenetration3(value, judge.exact(), judged.result, strategy);
    judged.violation = judged.verdict.violation;
    judged.reasons = check::penetrationQuery().reasonList(judged.verdict);
    if (judged.violation) judged.summary = check::summarizePenetration3(value, strategy, judged.result, judged.verdict);
    return;
  }
  const check::Verdict verdict = judge.judge(judged.result, strategy);
  judged.verdict.judged = true;
  judged.verdict.failure = judged.result.failure;
  judged.verdict.violation = verdict.violation;
  judged.verdict.reasons = verdict.reasons;
  judged.verdict.measures = {verdict.distanceErrorU, verdict.witnessErrorU, verdict.witnessGapU};
  judged.violation = verdict.violation;
  judged.reasons = check::reasonList(verdict);
  if (judged.violation) judged.summary = check::summarizeViolation3(value, strategy, judge.exact(), judged.result, verdict);
}

}  // namespace

std::optional<check::Case> decodeCrashInput(const std::vector<std::uint8_t>& bytes, const check::StrategyInfo& strategy) {
  return strategy.dimension == 3 ? check::decodeFuzzInput3d(bytes.data(), bytes.size())
                                 : check::decodeFuzzInput(bytes.data(), bytes.size());
}

Judged judgeCase(const check::Case& value, const check::StrategyInfo& strategy, CampaignQuery query) {
  Judged judged;
  judged.query = query;
  judged.value = value;
  judged.abortSignal = abortSignalOf(value, strategy);
  if (judged.abortSignal != 0) {
    judged.reasons = "aborted by signal " + std::to_string(judged.abortSignal);
    return judged;
  }
  if (value.dimension == 3 || strategy.dimension == 3) {
    if (value.dimension != 3) {
      throw check::CaseError(value.source, 0, "a 2D case, and " + strategy.name + " answers 3D cases");
    }
    judge3(judged, strategy);
    return judged;
  }
  judged.exact = check::solveExactly(value);
  judged.result = strategy.run(value, {});
  const check::Query& judging = campaignQuery(query);
  const std::unique_ptr<check::PreparedExact> prepared = judging.prepare(value, judged.exact);
  judged.verdict = judging.judge(value, judged.exact, *prepared, judged.result, strategy);
  judged.violation = judged.verdict.violation;
  judged.reasons = judging.reasonList(judged.verdict);
  if (judged.violation) {
    judged.summary = judging.summarize(value, strategy, judged.exact, *prepared, judged.result, judged.verdict);
  }
  return judged;
}

check::Case regressionCaseOf(const Judged& judged, const check::StrategyInfo& strategy, const std::string& foundBy) {
  return campaignQuery(judged.query).regressionCase(judged.value, strategy, judged.summary, judged.verdict, foundBy);
}

CrashInput judgeCrashInput(const fs::path& file, const check::StrategyInfo& strategy, CampaignQuery query) {
  CrashInput crash;
  crash.file = file;
  std::vector<std::uint8_t> bytes = readBytes(file);
  crash.size = bytes.size();
  std::optional<check::Case> value = decodeCrashInput(bytes, strategy);
  if (!value) return crash;
  crash.decodes = true;
  Judged judged;
  try {
    judged = judgeCase(*value, strategy, query);
  } catch (const std::exception& error) {
    crash.harnessError = error.what();
    return crash;
  }
  crash.violation = judged.violation;
  crash.abortSignal = judged.abortSignal;
  if (crash.violation) {
    crash.signature = judged.summary.signature;
    crash.reasons = judged.reasons;
    crash.failureDetail = judged.result.failureDetail;
  }
  return crash;
}

namespace {

bool sameBits(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }

// The float with only the first `bits` significand bits after the leading one kept (toward zero).
float cutSignificand(float value, int bits) {
  std::uint32_t raw = std::bit_cast<std::uint32_t>(value);
  if (((raw >> 23) & 0xFF) == 0) return value;  // subnormals stay as they are
  std::uint32_t mask = ~((std::uint32_t(1) << (23 - bits)) - 1);
  return std::bit_cast<float>(raw & mask);
}

}  // namespace

check::Case shrinkKeepingSignature(const check::Case& value, const check::StrategyInfo& strategy,
                                   const std::string& signature, int maxEvaluations, int* evaluations,
                                   CampaignQuery query) {
  if (value.dimension == 3) {
    // A 3D case: the 3D shrinker (case/case_shrinker.h; z's, positionZ and quaternions too), keeping the cause.
    const check::ShrinkResult shrunk = check::shrinkCase(
        value,
        [&](const check::Case& candidate) {
          try {
            Judged judged = judgeCase(candidate, strategy, query);
            return judged.violation && judged.summary.signature == signature;
          } catch (const std::exception&) {
            return false;
          }
        },
        maxEvaluations);
    if (evaluations != nullptr) *evaluations = shrunk.attempts;
    return shrunk.value;
  }
  check::Case best = value;
  int count = 0;
  auto keeps = [&](const check::Case& candidate) {
    if (count >= maxEvaluations) return false;
    ++count;
    try {
      Judged judged = judgeCase(candidate, strategy, query);
      return judged.violation && judged.summary.signature == signature;
    } catch (const std::exception&) {
      return false;  // a candidate the harness cannot judge does not show the cause
    }
  };
  auto tryChange = [&](auto change) {
    check::Case candidate = best;
    if (!change(candidate)) return false;
    if (!keeps(candidate)) return false;
    best = candidate;
    return true;
  };
  // Structure first, until nothing more goes: vertices, then radius, rotation and position to defaults.
  bool changed = true;
  while (changed && count < maxEvaluations) {
    changed = false;
    for (int shape = 0; shape < 2; ++shape) {
      auto spec = [shape](check::Case& c) -> check::ShapeSpec& { return shape == 0 ? c.a : c.b; };
      for (std::size_t i = 0; i < spec(best).vertices.size() && spec(best).vertices.size() > 1;) {
        if (tryChange([&](check::Case& c) {
              spec(c).vertices.erase(spec(c).vertices.begin() + static_cast<long>(i));
              return true;
            })) {
          changed = true;
        } else {
          ++i;
        }
      }
      changed |= tryChange([&](check::Case& c) {
        if (sameBits(spec(c).radius, 0.0f)) return false;
        spec(c).radius = 0;
        return true;
      });
      changed |= tryChange([&](check::Case& c) {
        if (sameBits(spec(c).rotationC, 1.0f) && sameBits(spec(c).rotationS, 0.0f)) return false;
        spec(c).rotationC = 1;
        spec(c).rotationS = 0;
        return true;
      });
      changed |= tryChange([&](check::Case& c) {
        if (sameBits(spec(c).positionX, 0.0f) && sameBits(spec(c).positionY, 0.0f)) return false;
        spec(c).positionX = 0;
        spec(c).positionY = 0;
        return true;
      });
    }
  }
  // Then each number once: 0 if that keeps the signature, else the first of a few shorter significands.
  // Rotations are left alone: a rotation pair cut short is no longer the rotation that failed, and
  // (0, 0) would make a different, degenerate case.
  auto numbers = [](check::Case& c) {
    std::vector<float*> out;
    for (check::ShapeSpec* s : {&c.a, &c.b}) {
      for (float* f : {&s->radius, &s->positionX, &s->positionY}) out.push_back(f);
      for (check::Vertex& v : s->vertices) {
        out.push_back(&v.x);
        out.push_back(&v.y);
      }
    }
    return out;
  };
  std::size_t fieldCount = numbers(best).size();
  for (std::size_t k = 0; k < fieldCount && count < maxEvaluations; ++k) {
    float current = *numbers(best)[k];
    if (current == 0) continue;
    if (tryChange([&](check::Case& c) {
          *numbers(c)[k] = 0;
          return true;
        })) {
      continue;
    }
    for (int bits : {0, 1, 2, 4, 8, 12, 16}) {
      float cut = cutSignificand(current, bits);
      if (sameBits(cut, current)) break;
      if (tryChange([&](check::Case& c) {
            *numbers(c)[k] = cut;
            return true;
          })) {
        break;
      }
    }
  }
  if (evaluations != nullptr) *evaluations = count;
  return best;
}

std::string strategyOfFiledCase(const fs::path& file, const check::Case& value) {
  std::string named = value.metaValue("strategy");
  if (!named.empty()) return check::findStrategy(named) != nullptr ? named : std::string();
  std::string stem = file.filename().string();
  if (stem.size() > 5 && stem.compare(stem.size() - 5, 5, ".case") == 0) stem.resize(stem.size() - 5);
  std::string longest;
  for (std::size_t dot = stem.find('.'); dot != std::string::npos; dot = stem.find('.', dot + 1)) {
    std::string candidate = stem.substr(0, dot);
    if (check::findStrategy(candidate) == nullptr) continue;
    std::size_t next = stem.find('.', dot + 1);
    std::string kind = stem.substr(dot + 1, next == std::string::npos ? std::string::npos : next - dot - 1);
    for (const char* known : check::VIOLATION_KINDS) {
      if (kind == known) return candidate;
    }
    longest = candidate;
  }
  return longest;
}

std::map<std::string, FiledCase> filedCauses(const fs::path& folder, const std::string& onlyStrategy,
                                             CampaignQuery query) {
  std::map<std::string, FiledCase> causes;
  if (!fs::is_directory(folder)) return causes;
  for (const fs::path& file : check::collectCaseFiles({folder.string()})) {
    check::Case value;
    try {
      value = check::readCaseFile(file);
    } catch (const check::CaseError&) {
      continue;  // a malformed file is corpus check's business
    }
    std::string name = strategyOfFiledCase(file, value);
    if (name.empty() || (!onlyStrategy.empty() && name != onlyStrategy)) continue;
    const check::StrategyInfo& strategy = *check::findStrategy(name);
    if (strategy.dimension != value.dimension) continue;  // a case of the other dimension: corpus check says so
    if (&check::expectationQuery(value, strategy) != &campaignQuery(query)) continue;
    Judged judged = judgeCase(value, strategy, query);
    if (!judged.violation) continue;
    causes.try_emplace(judged.summary.signature, FiledCase{file, value});
  }
  return causes;
}

namespace {

// The bits from the leading one to the last one of a float's significand (0 for zero).
int significantBits(float value) {
  std::uint32_t raw = std::bit_cast<std::uint32_t>(value) & 0x7FFFFFFFu;
  if (raw == 0) return 0;
  std::uint32_t significand = raw & 0x7FFFFFu;
  if ((raw >> 23) != 0) significand |= 0x800000u;  // the implicit leading one of a normal float
  return std::bit_width(significand) - std::countr_zero(significand);
}

struct CaseSize {
  std::size_t vertices = 0;
  int changedNumbers = 0;
  int bits = 0;
  std::string geometry;
};

CaseSize sizeOf(const check::Case& value) {
  CaseSize size;
  for (const check::ShapeSpec* shape : {&value.a, &value.b}) {
    size.vertices += shape->vertices.size();
    std::vector<float> numbers = {shape->radius, shape->positionX, shape->positionY, shape->positionZ};
    for (const check::Vertex& v : shape->vertices) {
      numbers.push_back(v.x);
      numbers.push_back(v.y);
      numbers.push_back(v.z);  // 0 in a 2D case
    }
    if (!sameBits(shape->quaternionW, 1.0f) || !sameBits(shape->quaternionX, 0.0f) ||
        !sameBits(shape->quaternionY, 0.0f) || !sameBits(shape->quaternionZ, 0.0f)) {
      ++size.changedNumbers;
      size.bits += significantBits(shape->quaternionW) + significantBits(shape->quaternionX) +
                   significantBits(shape->quaternionY) + significantBits(shape->quaternionZ);
    }
    for (float number : numbers) {
      size.changedNumbers += !sameBits(number, 0.0f);
      size.bits += significantBits(number);
    }
    if (!sameBits(shape->rotationC, 1.0f) || !sameBits(shape->rotationS, 0.0f)) {
      ++size.changedNumbers;
      size.bits += significantBits(shape->rotationC) + significantBits(shape->rotationS);
    }
  }
  check::Case geometry = value;
  geometry.meta.clear();
  size.geometry = check::formatCase(geometry);
  return size;
}

}  // namespace

bool preferredCase(const check::Case& candidate, const check::Case& filed) {
  CaseSize a = sizeOf(candidate), b = sizeOf(filed);
  if (a.vertices != b.vertices) return a.vertices < b.vertices;
  if (a.changedNumbers != b.changedNumbers) return a.changedNumbers < b.changedNumbers;
  if (a.bits != b.bits) return a.bits < b.bits;
  if (a.geometry.size() != b.geometry.size()) return a.geometry.size() < b.geometry.size();
  return a.geometry < b.geometry;
}

}  // namespace gjk::tools
