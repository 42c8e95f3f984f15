#include "verdict/cast_verdict.h"

#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

#include "oracle/cast_pose.h"
#include "oracle/penetration.h"
#include "verdict/exact_case.h"

namespace gjk::check {
namespace {

using oracle::HighPrecision;
using oracle::Rational;

bool finiteHit(const CastAnswer& c) {
  return std::isfinite(c.fraction) && std::isfinite(c.normal.x) && std::isfinite(c.normal.y) &&
         std::isfinite(c.point.x) && std::isfinite(c.point.y);
}

// value / unit converted to double by truncation (mpf_get_d), as the other verdicts convert.
double inUnits(const HighPrecision& value, const HighPrecision& unit) {
  const HighPrecision quotient = value / unit;
  return mpf_get_d(quotient.backend().data());
}

double toDouble(const HighPrecision& value) { return mpf_get_d(value.backend().data()); }

// |r| exactly squared, then its square root in high precision.
HighPrecision travelLength(oracle::InputTranslation r) {
  const Rational x = oracle::exactDouble(r.x);
  const Rational y = oracle::exactDouble(r.y);
  return sqrt(HighPrecision(x * x + y * y));
}

Rational nonNegative(const Rational& value) { return value < 0 ? Rational(0) : value; }

// A band's exact ends and the verdict's slack T u, the targets of its first-contact times.
struct BandTargets {
  Rational slack, lo, hi;
};

// A band's end as an exact target. A strategy whose target rA + rB overflowed float (radii near 2^127) declared
// an infinite one: every pose is within it, which the target 2^256 says exactly (the cores of float shapes are
// less than 2^130 apart). A NaN or -inf end is a band function's bug.
Rational bandEnd(double end) {
  if (end == std::numeric_limits<double>::infinity()) {
    return Rational(boost::multiprecision::pow(oracle::Integer(2), 256));
  }
  if (!(std::isfinite(end) && end >= 0)) {
    throw std::logic_error("cast verdict: a strategy's band has the end " + std::to_string(end));
  }
  return oracle::exactDouble(end);
}

// The times of `band` from `cache`, computed by `make(targets)` on first use: translating and rotating casts
// keep their own kinds of times, one per band.
template <class Times, class Make>
const Times& cachedByBand(std::map<std::pair<double, double>, Times>& cache, const CastBand& band,
                          const Rational& unit, Make make) {
  const auto key = std::make_pair(band.lower, band.upper);
  auto found = cache.find(key);
  if (found != cache.end()) {
    return found->second;
  }
  const BandTargets targets{unit * Rational(VIOLATION_THRESHOLD_U), bandEnd(band.lower), bandEnd(band.upper)};
  Times times = make(targets);
  times.band = band;
  return cache.emplace(key, std::move(times)).first->second;
}

}  // namespace

int castKindIndex(const std::string& kind) {
  for (int k = 0; k < CAST_VIOLATION_KIND_COUNT; ++k) {
    if (kind == CAST_VIOLATION_KINDS[k]) {
      return k;
    }
  }
  return -1;
}

std::string primaryCastKind(const CastVerdict& verdict) {
  return verdict.reasons.empty() ? "ok" : verdict.reasons.front();
}

oracle::Rational castErrorUnit(const Case& value) {
  Rational scale = oracle::problemScale(toOracleShape(requirePlanarCase(value, "the 2D cast verdict").a), toOracleShape(value.b)) +
                   abs(oracle::exactDouble(value.translationX)) + abs(oracle::exactDouble(value.translationY));
  if (value.hasAngular) {
    Rational reach = 0;
    for (const Vertex& v : value.b.vertices) {
      const Rational r = abs(oracle::exactDouble(v.x)) + abs(oracle::exactDouble(v.y));
      if (r > reach) reach = r;
    }
    scale += abs(oracle::exactDouble(value.angular)) * reach;
  }
  return unitOfScale(scale);
}

CastCase::CastCase(const Case& value)
    : a_(toOracleShape(requirePlanarCase(value, "the 2D cast verdict").a)),
      b_(toOracleShape(value.b)),
      r_{value.translationX, value.translationY},
      unit_(castErrorUnit(value)),
      travel_(travelLength(r_)),
      rotating_(value.hasAngular),
      angular_(value.hasAngular ? value.angular : 0.0) {
  oracle::HullOptions options;
  options.closestPoint = false;
  hull_ = oracle::solveByHull(a_, b_, options).minkowskiHull;
}

const oracle::ExactCast& CastCase::touching() const {
  if (!touching_) {
    const Rational target = oracle::exactDouble(a_.radius) + oracle::exactDouble(b_.radius);
    touching_ = std::make_unique<oracle::ExactCast>(oracle::castByHull(a_, b_, r_, target));
  }
  return *touching_;
}

const CastBandTimes& CastCase::times(const CastBand& band) const {
  return cachedByBand(times_, band, unit_, [&](const BandTargets& t) {
    CastBandTimes times;
    // A miss is owed only where the path goes below the band's floor: every strategy aims at lo or above it
    // (Box2D's ray cast and advancement at lo, the TOIs at the middle), so a path whose gap dips into the band
    // but not through it may end in a hit or a miss.
    times.missTarget = oracle::castByHull(a_, b_, r_, nonNegative(t.lo - t.slack));
    times.missDeep = t.lo - t.slack >= 0 ? times.missTarget.hit
                                         : oracle::castPathMeetsErodedHull(hull_, r_, t.slack - t.lo);
    times.falseTarget = oracle::castByHull(a_, b_, r_, t.hi + t.slack);
    times.upper = oracle::castByHull(a_, b_, r_, t.hi);
    times.lower = oracle::castByHull(a_, b_, r_, nonNegative(t.lo));
    return times;
  });
}

namespace {

// CastInitialOverlap::MissWhenSeparating: B's translation r moves it away from A along a minimal normal n of the
// shapes at t = 0 (n from A towards B, n . r >= 0, exact): the start the engine documents as a miss. Where the
// minimal normals tie (isolated ones, or an arc of them) any one will do, as the engine may have found any.
bool separatesAtStart(const CastCase& exact) {
  const oracle::ExactPenetration penetration = oracle::solvePenetration(exact.a(), exact.b());
  const oracle::ExactPoint r{oracle::Rational(exact.translation().x), oracle::Rational(exact.translation().y)};
  auto away = [&](const oracle::ExactPoint& n) { return n.x * r.x + n.y * r.y >= 0; };
  for (const oracle::ExactPoint& n : penetration.normals) {
    if (away(n)) return true;
  }
  for (const oracle::NormalArc& arc : penetration.normalArcs) {
    if (away(arc.from) || away(arc.to)) return true;
  }
  return (r.x != 0 || r.y != 0) && oracle::isMinimalNormal(penetration, r);  // r inside an arc
}

// A miss on a start within the band (up to T u) that the strategy documents (StrategyInfo::castInitialOverlap).
bool documentedMissAtStart(const CastCase& exact, const CastBandTimes& times, const StrategyInfo& strategy) {
  if (!times.falseTarget.initiallyTouching && !times.falseTarget.initiallyOverlapping) return false;
  switch (strategy.castInitialOverlap) {
    case CastInitialOverlap::Hit: return false;
    case CastInitialOverlap::Miss: return true;
    case CastInitialOverlap::MissWhenSeparating: return separatesAtStart(exact);
  }
  return false;
}

}  // namespace

const CastSweepTimes& CastCase::sweepTimes(const CastBand& band) const {
  return cachedByBand(sweepTimes_, band, unit_, [&](const BandTargets& t) {
    CastSweepTimes times;
    times.reach = oracle::castSweepEnclosure(a_, b_, r_, angular_, nonNegative(t.lo - t.slack));
    times.entry = oracle::castSweepEnclosure(a_, b_, r_, angular_, t.hi + t.slack);
    times.initiallyWithin =
        oracle::castGapSquared(a_, b_, r_, Rational(0)) <= (t.hi + t.slack) * (t.hi + t.slack);
    return times;
  });
}

namespace {

// A rotating case (docs/verdict.md, "Cast: rotating sweeps"): every kind judged only where the enclosures make it
// certain, an undecided enclosure noted instead; the normal and the point are not judged.
CastVerdict judgeRotatingCast(const CastCase& exact, const CastAnswer& c, const StrategyInfo& strategy,
                              CastVerdict verdict) {
  using oracle::SweepOutcome;
  const CastSweepTimes& times = exact.sweepTimes(declaredCastBand(strategy, exact.a().radius, exact.b().radius));
  if (!c.hit) {
    const bool documentedMiss = strategy.castInitialOverlap == CastInitialOverlap::Miss && times.initiallyWithin;
    if (!documentedMiss) {
      if (times.reach.outcome == SweepOutcome::Hit) verdict.reasons.push_back("missed-hit");
      if (times.reach.outcome == SweepOutcome::Undecided) verdict.undecided.push_back("missed-hit");
    }
    verdict.violation = !verdict.reasons.empty();
    return verdict;
  }
  if (!finiteHit(c)) {
    verdict.reasons.push_back("non-finite");
    verdict.violation = true;
    return verdict;
  }
  if (times.entry.outcome == SweepOutcome::Miss) verdict.reasons.push_back("false-hit");
  if (times.entry.outcome == SweepOutcome::Undecided) verdict.undecided.push_back("false-hit");
  const Rational f = oracle::exactDouble(c.fraction);
  // late: after the gap is certainly below the band (the enclosure's hi), or possibly so (undecided past lo).
  if (c.fraction > 0) {
    if (times.reach.outcome == SweepOutcome::Hit && f > times.reach.hi) verdict.reasons.push_back("late");
    if (times.reach.outcome == SweepOutcome::Undecided && f > times.reach.lo) verdict.undecided.push_back("late");
  }
  // early: before the gap can first be within T u of the band: below the enclosure's lo, which is a certain lower
  // bound of that time even when the enclosure is undecided.
  if (times.entry.outcome != SweepOutcome::Miss && f < times.entry.lo) verdict.reasons.push_back("early");
  verdict.violation = !verdict.reasons.empty();
  return verdict;
}

}  // namespace

// Every real value in high precision, divided by the unit and truncated to double; the kinds compare
// high-precision values (or those doubles) with T u, as the other verdicts do.
CastVerdict judgeCast(const CastCase& exact, const StrategyResult& result, const StrategyInfo& strategy) {
  CastVerdict verdict;
  const double nan = std::nan("");
  verdict.fractionErrorU = nan;
  verdict.gapErrorU = nan;
  verdict.normalAngle = nan;
  verdict.pointErrorU = nan;
  if (judgeEngineFailure(result.failure, verdict)) return verdict;
  const CastAnswer& c = result.cast;
  if (!c.answered || strategy.castBand == nullptr) {
    return verdict;
  }
  verdict.judged = true;
  if (exact.rotating()) {
    return judgeRotatingCast(exact, c, strategy, verdict);
  }
  const double T = VIOLATION_THRESHOLD_U;
  const CastBand declared = declaredCastBand(strategy, exact.a().radius, exact.b().radius);
  const CastBandTimes& times = exact.times(declared);
  if (!c.hit) {
    // A documented miss on an initial overlap: the shapes within the band (up to T u) at t = 0.
    if (times.missDeep && !documentedMissAtStart(exact, times, strategy)) {
      verdict.reasons.push_back("missed-hit");
    }
    verdict.violation = !verdict.reasons.empty();
    return verdict;
  }
  if (!finiteHit(c)) {
    verdict.reasons.push_back("non-finite");
    verdict.violation = true;
    return verdict;
  }
  if (!times.falseTarget.hit) {
    verdict.reasons.push_back("false-hit");
  }
  const HighPrecision unit(exact.unit());
  const HighPrecision slack = unit * T;
  const Rational f = oracle::exactDouble(c.fraction);
  const HighPrecision fraction(f);
  const oracle::ExactPoint q = oracle::castClosestPoint(exact.minkowskiHull(), exact.translation(), f);
  const HighPrecision gap = oracle::squareRoot(q.x * q.x + q.y * q.y);
  const HighPrecision lo(bandEnd(times.band.lower));
  const HighPrecision hi(bandEnd(times.band.upper));
  const HighPrecision& travel = exact.travel();

  // late: at f > 0 (nothing earlier was possible at 0) the gap below the band by more than T u; where the band
  // lies within T u of zero, the cores overlapping more than T u - lo deep.
  const Rational slackRational = exact.unit() * Rational(VIOLATION_THRESHOLD_U);
  const Rational loRational = bandEnd(times.band.lower);
  bool late = false;
  if (c.fraction > 0) {
    late = loRational - slackRational > 0
               ? gap < lo - slack
               : oracle::castPoseDeeperThan(exact.minkowskiHull(), exact.translation(), f, slackRational - loRational);
  }
  if (late) {
    verdict.reasons.push_back("late");
  }
  // early: before t*(hi + T u), the first time the gap is within T u of the band, by more than T u of travel.
  const oracle::ExactCast& entry = times.falseTarget;
  if (entry.hit && (oracle::toHighPrecision(entry.fraction) - fraction) * travel > slack) {
    verdict.reasons.push_back("early");
  }

  // The measures: the fraction outside [t*(hi), t*(lo)] (or up to 1 when the gap never falls to lo), the gap
  // outside [lo, hi].
  const oracle::ExactCast& bandEntry = times.upper.hit ? times.upper : times.falseTarget;
  if (bandEntry.hit) {
    const HighPrecision start = oracle::toHighPrecision(bandEntry.fraction);
    const HighPrecision end = times.lower.hit ? oracle::toHighPrecision(times.lower.fraction) : HighPrecision(1);
    HighPrecision outside(0);
    if (fraction < start) {
      outside = (start - fraction) * travel;
    } else if (fraction > end) {
      outside = (fraction - end) * travel;
    }
    verdict.fractionErrorU = inUnits(outside, unit);
  }
  HighPrecision gapOutside(0);
  if (gap < lo) {
    gapOutside = lo - gap;
  } else if (gap > hi) {
    gapOutside = gap - hi;
  }
  verdict.gapErrorU = inUnits(gapOutside, unit);

  // normal and point at the reported pose. A strategy that gives no normal on an initial overlap (fraction 0,
  // normal 0) says so by its documented convention; nothing more is owed there.
  const bool noNormalOwed = c.fraction == 0 && c.normal.x == 0 && c.normal.y == 0;
  if (!noNormalOwed) {
    if (c.normal.x == 0 && c.normal.y == 0) {
      verdict.normalAngle = std::numeric_limits<double>::infinity();
      verdict.reasons.push_back("normal-error");
    } else if (gap > 0) {
      const HighPrecision qx(q.x), qy(q.y), nx(c.normal.x), ny(c.normal.y);
      const HighPrecision angle = atan2(abs(nx * qy - ny * qx), nx * qx + ny * qy);
      verdict.normalAngle = toDouble(angle);
      // Moving the two witness points by T u turns their difference (length g) by at most asin(T u / g), and
      // into any direction once T u >= g: then no direction is wrong.
      if (slack < gap && angle > HighPrecision(CAST_NORMAL_ANGLE_BOUND) + asin(slack / gap)) {
        verdict.reasons.push_back("normal-error");
      }
    }
    // Against the shapes with the radii the strategy casts them with (CastBand::radiusA, radiusB: Box2D 2.4.1's
    // b2ShapeCast puts its point on A grown to b2_polygonRadius; held as floats, 0.01 within 2.3e-10).
    // The excess is >= 0; its high-precision value can fall a rounding (1e-120 u) below: none is reported.
    oracle::InputShape a = exact.a(), b = exact.b();
    if (!std::isnan(declared.radiusA)) a.radius = static_cast<float>(declared.radiusA);
    if (!std::isnan(declared.radiusB)) b.radius = static_cast<float>(declared.radiusB);
    HighPrecision excess = oracle::castPointExcess(a, b, exact.translation(), f, gap, c.point.x, c.point.y);
    if (c.fraction == 0) {
      // At a start where the rounded shapes overlap by D > 0 no one point is the contact: a point of the overlap
      // (Box2D's) or a penetration witness on either surface (parry's, at most D from the other shape) are both
      // answers, so only the excess beyond D is owed.
      const HighPrecision depth = oracle::penetrationDepth(oracle::solvePenetration(a, b));
      if (depth > 0) excess -= depth;
    }
    if (excess < 0) excess = 0;
    verdict.pointErrorU = inUnits(excess, unit);
    if (verdict.pointErrorU > T) {
      verdict.reasons.push_back("point-error");
    }
  }
  verdict.violation = !verdict.reasons.empty();
  return verdict;
}

}  // namespace gjk::check
