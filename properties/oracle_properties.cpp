// Claims about the harness itself, on cases of every family: the exact oracle agrees with its second,
// hull-free method and has the symmetries exact arithmetic must have, and case files round-trip exactly.
// These hold for every case or the harness is wrong: they have no entry in known-violations.tsv.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <cstring>

#include "case/case.h"
#include "families/families.h"
#include "oracle/oracle.h"
#include "properties/property_support.h"
#include "verdict/exact_case.h"

using gjk::check::Case;
using gjk::oracle::ExactAnswer;

namespace {

void tagFamilyAndRelation(const Case& value, const ExactAnswer& answer) {
  RC_TAG(value.metaValue("family"), gjk::oracle::relationName(answer.relation));
}

bool sameBits(float a, float b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// Is the float sum x + t exact (see ignoresAnExactTranslation in claims.cpp)?
bool sumIsExact(float x, float t) {
  const double a = x, b = t, s = a + b, bb = s - a;
  return (a - (s - bb)) + (b - bb) == 0 && std::isfinite(s) &&
         static_cast<double>(static_cast<float>(s)) == s;
}

}  // namespace

RC_GTEST_PROP(Oracle, equalsTheHullFreeSecondMethod, (const Case& value)) {
  gjk::properties::announceRun();
  const ExactAnswer byHull = gjk::check::solveExactly(value);
  const ExactAnswer withoutHull =
      gjk::oracle::solveWithoutHull(gjk::check::toOracleShape(value.a), gjk::check::toOracleShape(value.b));
  tagFamilyAndRelation(value, byHull);
  RC_ASSERT(byHull.relation == withoutHull.relation);
  RC_ASSERT(byHull.coreDistanceSquared == withoutHull.coreDistanceSquared);
  RC_ASSERT(byHull.closestPoint.x == withoutHull.closestPoint.x);
  RC_ASSERT(byHull.closestPoint.y == withoutHull.closestPoint.y);
  RC_ASSERT(byHull.radius == withoutHull.radius);
  RC_ASSERT(byHull.scale == withoutHull.scale);
}

// M(B, A) = -M(A, B), and a common translation cancels in every b - a: exactly.
RC_GTEST_PROP(Oracle, isExactlySymmetricAndTranslationInvariant, (const Case& value)) {
  gjk::properties::announceRun();
  const ExactAnswer answer = gjk::check::solveExactly(value);
  tagFamilyAndRelation(value, answer);

  Case swapped = value;
  std::swap(swapped.a, swapped.b);
  const ExactAnswer other = gjk::check::solveExactly(swapped);
  RC_ASSERT(other.relation == answer.relation);
  RC_ASSERT(other.coreDistanceSquared == answer.coreDistanceSquared);
  RC_ASSERT(other.closestPoint.x == -answer.closestPoint.x);
  RC_ASSERT(other.closestPoint.y == -answer.closestPoint.y);

  // The largest power of two t with p + t exact for all four position coordinates, in x and in y.
  auto offset = [](float p, float q) {
    for (int exponent = 127; exponent >= -149; --exponent) {
      const float t = std::ldexp(1.0f, exponent);
      if (t != 0 && sumIsExact(p, t) && sumIsExact(q, t))
        return t;
    }
    return 0.0f;
  };
  Case moved = value;
  const float tx = offset(value.a.positionX, value.b.positionX),
              ty = offset(value.a.positionY, value.b.positionY);
  RC_TAG(tx != 0 || ty != 0 ? "translated" : "no exact translation");
  moved.a.positionX += tx, moved.b.positionX += tx;
  moved.a.positionY += ty, moved.b.positionY += ty;
  const ExactAnswer translated = gjk::check::solveExactly(moved);
  RC_ASSERT(translated.relation == answer.relation);
  RC_ASSERT(translated.coreDistanceSquared == answer.coreDistanceSquared);
  RC_ASSERT(translated.closestPoint.x == answer.closestPoint.x);
  RC_ASSERT(translated.closestPoint.y == answer.closestPoint.y);
}

RC_GTEST_PROP(CaseFile, roundTripsExactly, (const Case& value)) {
  gjk::properties::announceRun();
  RC_TAG(value.metaValue("family"));
  const std::string text = gjk::check::formatCase(value);
  const Case back = gjk::check::parseCase(text, "generated.case");
  RC_ASSERT(gjk::check::formatCase(back) == text);
  RC_ASSERT(back.meta.size() == value.meta.size());
  for (const auto* pair : {&value.a, &value.b}) {
    const gjk::check::ShapeSpec& mine = *pair;
    const gjk::check::ShapeSpec& theirs = pair == &value.a ? back.a : back.b;
    RC_ASSERT(mine.vertices.size() == theirs.vertices.size());
    for (std::size_t i = 0; i < mine.vertices.size(); ++i) {
      RC_ASSERT(sameBits(mine.vertices[i].x, theirs.vertices[i].x));
      RC_ASSERT(sameBits(mine.vertices[i].y, theirs.vertices[i].y));
    }
    RC_ASSERT(sameBits(mine.radius, theirs.radius));
    RC_ASSERT(sameBits(mine.positionX, theirs.positionX));
    RC_ASSERT(sameBits(mine.positionY, theirs.positionY));
    RC_ASSERT(sameBits(mine.rotationC, theirs.rotationC));
    RC_ASSERT(sameBits(mine.rotationS, theirs.rotationS));
  }
}
