// The cast verdict (issue 22): how a strategy's shape-cast answer (hit or miss, fraction, normal, contact
// point) compares with the exact first contact (oracle/cast.h), judged against the exact interval of t where
// the core gap lies in the band the strategy declares (StrategyInfo::castBand), so that a documented skin is not
// a violation and a tunnel is. docs/verdict.md, "Cast", explains every kind and unit.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "case/case.h"
#include "oracle/cast.h"
#include "oracle/cast_sweep.h"
#include "verdict/strategy.h"
#include "verdict/thresholds.h"

namespace gjk::check {

// Every cast violation kind, in order: an answer's primary kind is the first that applies. With u of
// docs/verdict.md for a cast (S plus |r.x| + |r.y|), T = VIOLATION_THRESHOLD_U, [lo, hi] the declared band and
// g(t) the exact core gap:
//   non-finite    NaN or inf in the fraction, normal or point of a reported hit
//   missed-hit    no hit reported, but g(t) <= lo - T u for some t in [0, 1] (the path goes below the band's
//                 floor), or, where lo - T u < 0, the path carries the cores more than T u - lo deep into each
//                 other: a tunnel (not when the strategy documents a miss on initial overlap,
//                 CastInitialOverlap::Miss or MissWhenSeparating, and g(0) <= hi + T u)
//   false-hit     a hit reported, but g(t) > hi + T u for every t in [0, 1]
//   late          a hit at f > 0 with g(f) < lo - T u; where lo < T u (the band within rounding of zero), with
//                 the cores overlapping more than T u - lo deep at f: the bodies would overlap
//   early         a hit at f before t*(hi + T u), the first time the gap comes within T u of the band, by more
//                 than T u of travel
//   normal-error  the angle between the reported normal and the exact one at the reported pose (the cone of
//                 normals where the cores touch at a vertex) above CAST_NORMAL_ANGLE_BOUND plus asin(T u / g(f)),
//                 the most that moving the witness points by T u turns their difference; not judged where
//                 g(f) <= T u (any direction is then within rounding)
//   point-error   the reported point's distance to A plus its distance to B at the reported pose (both
//                 rounded), minus the gap between the rounded shapes there, above T u: 0 for every point of
//                 the closest-points segment, whichever shape the strategy puts it on
inline constexpr const char* CAST_VIOLATION_KINDS[] = {"non-finite", "missed-hit", "false-hit",  "late",
                                                       "early",      "normal-error", "point-error"};
inline constexpr int CAST_VIOLATION_KIND_COUNT = 7;

// The index of a kind in CAST_VIOLATION_KINDS, or -1.
int castKindIndex(const std::string& kind);

// The exact first-contact times of one case for one band, computed once per (case, band) and shared by the
// strategies that declare that band (oracle::castByHull at each target).
struct CastBandTimes {
  CastBand band;
  oracle::ExactCast missTarget;   // target max(0, lo - T u): a reported miss is a tunnel when this hits
  bool missDeep = false;          // the miss is a tunnel (lo - T u < 0: the path goes deeper than T u - lo into M)
  oracle::ExactCast falseTarget;  // target hi + T u: a reported hit is false when this misses, early before it
  oracle::ExactCast upper;        // target hi: the band's first time (early, fraction error)
  oracle::ExactCast lower;        // target lo: where the band ends on the way in (fraction error)
};

// A rotating cast case's certified enclosures for one band (oracle::castSweepEnclosure), computed once per
// (case, band): the first times are transcendental, so each is an interval [lo, hi] certain to hold it, or a
// certain miss, or undecided.
struct CastSweepTimes {
  CastBand band;
  oracle::SweepEnclosure reach;  // target max(0, lo - T u): the gap certainly below the band (missed-hit, late)
  oracle::SweepEnclosure entry;  // target hi + T u: the first time within T u of the band (false-hit, early)
  bool initiallyWithin = false;  // g(0) <= hi + T u, exact (a documented miss on initial overlap)
};

// Everything exact about a cast case that does not depend on the strategy: the oracle shapes, the
// translation, the unit u and |r| in high precision, and the band times by band (filled on first use).
class CastCase {
 public:
  explicit CastCase(const Case& value);
  const oracle::InputShape& a() const { return a_; }
  const oracle::InputShape& b() const { return b_; }
  oracle::InputTranslation translation() const { return r_; }
  const oracle::Rational& unit() const { return unit_; }
  const oracle::HighPrecision& travel() const { return travel_; }  // |r|
  // M = hull{b − a} of the cores (solveByHull's), built once: the gap and normal at any pose come from it.
  const std::vector<oracle::ExactPoint>& minkowskiHull() const { return hull_; }
  // The exact answer at τ = rA + rB (what `gjkcheck oracle --json` prints).
  const oracle::ExactCast& touching() const;
  const CastBandTimes& times(const CastBand& band) const;
  // A rotating cast case (b.angular): B also turns by t * angular(). Then times() does not apply (its exact
  // times are of the pure translation) and sweepTimes() gives the certified enclosures.
  bool rotating() const { return rotating_; }
  double angular() const { return angular_; }
  const CastSweepTimes& sweepTimes(const CastBand& band) const;

 private:
  oracle::InputShape a_, b_;
  oracle::InputTranslation r_;
  oracle::Rational unit_;
  oracle::HighPrecision travel_;
  std::vector<oracle::ExactPoint> hull_;
  mutable std::unique_ptr<oracle::ExactCast> touching_;
  mutable std::map<std::pair<double, double>, CastBandTimes> times_;
  bool rotating_ = false;
  double angular_ = 0;
  mutable std::map<std::pair<double, double>, CastSweepTimes> sweepTimes_;
};

struct CastVerdict {
  bool judged = false;  // false: no cast answer (or an engine failure, below); nothing else is set
  EngineFailure failure = EngineFailure::None;
  // The measures, NaN where they do not apply: how far the reported fraction lies outside the exact band
  // interval [t*(hi), t*(lo)] in travel, in u (0 inside); how far the gap at the reported fraction lies
  // outside [lo, hi], in u; the normal angle (radians); the point error in u. Only for a reported hit.
  double fractionErrorU = 0;
  double gapErrorU = 0;
  double normalAngle = 0;
  double pointErrorU = 0;
  bool violation = false;
  std::vector<std::string> reasons;  // every kind that applies, in order; front() is the primary kind
  // A rotating case: the kinds the enclosures could not decide (the enclosure undecided where the answer lies);
  // not violations, counted apart. Empty for every other case.
  std::vector<std::string> undecided;
};

// The answer of a cast strategy judged against the exact one.
CastVerdict judgeCast(const CastCase& exact, const StrategyResult& result, const StrategyInfo& strategy);

// "ok" or the primary kind.
std::string primaryCastKind(const CastVerdict& verdict);

// u of a cast case: (S + |r.x| + |r.y|) 2^-24, exact; a rotating case adds |W| times B's reach about its
// position (the largest |x| + |y| of its vertices), a bound of how far the turn carries a vertex.
oracle::Rational castErrorUnit(const Case& value);

}  // namespace gjk::check
