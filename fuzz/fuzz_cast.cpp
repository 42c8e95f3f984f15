// fuzz_cast: the exact cast's two methods, and a cast strategy against them (issue 22).
//
// Properties, for every finite input case with a translation (flag bit 6 of the fuzz input encoding; others are
// rejected):
// 1. the oracle's self-check: castByHull and castWithoutHull (oracle/cast.h, two methods that share only the
//    number types) give the same hit, the same fraction exactly, the same initial flags and parallel normals, for
//    the target rA + rB and for the target 0 (the cores). castWithoutHull grows as the square of the point cloud,
//    so the check runs when both shapes have at most 8 vertices (64 cloud points, about 2,000 capsules);
// 2. the strategy GJK_CAST_STRATEGY (default robust-cast; "none": property 1 only) is no violation of the cast
//    verdict (verdict/cast_verdict.h).
// On a failure the target prints the case, the exact answer and the strategy's answer, then aborts, with the meta
// lines of a cast regression (query cast, expected reasons) ready for corpus/regressions.
#include <cstdio>
#include <string>

#include "fuzz/fuzz_query.h"
#include "fuzz/fuzz_support.h"
#include "oracle/cast.h"
#include "verdict/cast_verdict.h"
#include "verdict/exact_case.h"

namespace {

using namespace gjk;

std::string castText(const oracle::ExactCast& c) {
  std::string text = std::string("  hit               ") + (c.hit ? "yes" : "no") + "\n";
  if (c.hit) text += "  fraction          " + oracle::quadraticDecimal(c.fraction, 40) + "\n";
  text += std::string("  initially         ") +
          (c.initiallyOverlapping ? "overlapping" : c.initiallyTouching ? "touching" : "apart") + "\n";
  if (c.normalKnown && !c.normalIsCone) {
    text += "  normal            (" + oracle::quadraticDecimal(c.normalX, 20) + ", " +
            oracle::quadraticDecimal(c.normalY, 20) + ") (not normalized)\n";
  } else if (c.normalKnown) {
    text += "  normal cone       (" + oracle::rationalString(c.coneFrom.x) + ", " + oracle::rationalString(c.coneFrom.y) +
            ") to (" + oracle::rationalString(c.coneTo.x) + ", " + oracle::rationalString(c.coneTo.y) + ")\n";
  }
  return text;
}

bool parallel(const oracle::ExactCast& x, const oracle::ExactCast& y) {
  if (x.normalKnown != y.normalKnown || x.normalIsCone != y.normalIsCone) return false;
  if (!x.normalKnown) return true;
  if (x.normalIsCone) {
    auto same = [](const oracle::ExactPoint& p, const oracle::ExactPoint& q) {
      return p.x * q.y == p.y * q.x && p.x * q.x + p.y * q.y > 0;
    };
    return same(x.coneFrom, y.coneFrom) && same(x.coneTo, y.coneTo);
  }
  // Directions in QuadraticNumbers: compare in high precision (the angle between them far below 2^-100).
  const oracle::HighPrecision ax = oracle::toHighPrecision(x.normalX), ay = oracle::toHighPrecision(x.normalY);
  const oracle::HighPrecision bx = oracle::toHighPrecision(y.normalX), by = oracle::toHighPrecision(y.normalY);
  const oracle::HighPrecision cross = ax * by - ay * bx, dot = ax * bx + ay * by;
  return dot > 0 && abs(cross) <= dot * oracle::HighPrecision(1e-60);
}

bool agree(const oracle::ExactCast& x, const oracle::ExactCast& y) {
  if (x.hit != y.hit || x.initiallyTouching != y.initiallyTouching ||
      x.initiallyOverlapping != y.initiallyOverlapping) {
    return false;
  }
  if (x.hit && oracle::compareQuadratic(x.fraction, y.fraction) != 0) return false;
  return parallel(x, y);
}

bool accepts(const check::Case& value) { return value.hasTranslation; }

void checkOracle(const check::Case& value, const oracle::ExactAnswer&) {
  if (value.a.vertices.size() > 8 || value.b.vertices.size() > 8) return;
  const oracle::InputShape a = check::toOracleShape(value.a), b = check::toOracleShape(value.b);
  const oracle::InputTranslation r{value.translationX, value.translationY};
  const oracle::Rational radii = oracle::exactFloat(value.a.radius) + oracle::exactFloat(value.b.radius);
  for (const oracle::Rational& target : {radii, oracle::Rational(0)}) {
    const oracle::ExactCast byHull = oracle::castByHull(a, b, r, target);
    const oracle::ExactCast withoutHull = oracle::castWithoutHull(a, b, r, target);
    if (!agree(byHull, withoutHull)) {
      fuzz::reportFailureAndAbort("fuzz_cast", "the cast oracle's methods disagree (target " +
                                                   oracle::rationalString(target) + ")",
                                  value, "---- castByHull\n" + castText(byHull) + "---- castWithoutHull\n" +
                                             castText(withoutHull));
    }
  }
}

std::string exactText(const check::Case& value, const oracle::ExactAnswer&) {
  return castText(check::CastCase(value).touching());
}

std::string answerText(const check::StrategyResult& result, const check::QueryVerdict& verdict) {
  const check::CastAnswer& c = result.cast;
  char answer[512];
  std::snprintf(answer, sizeof answer,
                "  hit               %d\n  fraction          %a\n  normal            (%a, %a)\n"
                "  point             (%a, %a)\n  fraction error    %g u\n  gap error         %g u\n"
                "  normal angle      %g rad\n  point error       %g u\n",
                c.hit ? 1 : 0, c.fraction, c.normal.x, c.normal.y, c.point.x, c.point.y, verdict.measures[0],
                verdict.measures[1], verdict.measures[2], verdict.measures[3]);
  return answer;
}

const fuzz::QueryFuzzTarget TARGET = {"fuzz_cast", check::castQuery(), "GJK_CAST_STRATEGY", "robust-cast",
                                      checkOracle, exactText, answerText, accepts};

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) { return fuzz::initializeQueryTarget(TARGET); }

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return fuzz::runQueryTarget(TARGET, data, size);
}
