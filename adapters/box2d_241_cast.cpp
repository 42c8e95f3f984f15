#include "adapters/box2d_241_cast.h"

#include <box2d/b2_common.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_math.h>
#include <box2d/b2_time_of_impact.h>

#include <algorithm>
#include <cmath>

namespace gjk::adapters {
namespace {

constexpr int MAX_VERTICES = 16;  // the harness's gjk::MAX_POLYGON_VERTICES; the proxy takes any count

// A shape's vertices as b2Vec2, held for the proxy that points into them.
struct Vertices {
  b2Vec2 v[MAX_VERTICES];
  explicit Vertices(const Box2dShape& shape) {
    for (int i = 0; i < shape.count && i < MAX_VERTICES; ++i) v[i].Set(shape.xy[2 * i], shape.xy[2 * i + 1]);
  }
};

b2Transform toTransform(const Box2dShape& shape) {
  b2Transform xf;
  xf.p.Set(shape.positionX, shape.positionY);
  xf.q.c = shape.rotationC;  // not b2Rot::Set(angle): the pair is used exactly as given
  xf.q.s = shape.rotationS;
  return xf;
}

// A sweep that holds the shape at its pose (moved by `translation` over the step), its body origin at the
// shape's origin (localCenter 0), as a body whose centre of mass is its origin has.
b2Sweep toSweep(const Box2dShape& shape, float translationX, float translationY, float angular = 0.0f) {
  b2Sweep sweep;
  sweep.localCenter.SetZero();
  sweep.c0.Set(shape.positionX, shape.positionY);
  sweep.c.Set(shape.positionX + translationX, shape.positionY + translationY);
  sweep.a0 = std::atan2(shape.rotationS, shape.rotationC);  // b2Rot::GetAngle: b2Atan2(s, c)
  sweep.a = sweep.a0 + angular;  // the turn over the step (b2Sweep::GetTransform interpolates the angle)
  sweep.alpha0 = 0.0f;
  return sweep;
}

}  // namespace

Box2dCastAnswer box2dShapeCast(const Box2dShape& a, const Box2dShape& b, float translationX, float translationY) {
  Vertices verticesA(a), verticesB(b);
  b2ShapeCastInput input;
  input.proxyA.Set(verticesA.v, a.count, a.radius);
  input.proxyB.Set(verticesB.v, b.count, b.radius);
  input.transformA = toTransform(a);
  input.transformB = toTransform(b);
  input.translationB.Set(translationX, translationY);

  b2ShapeCastOutput output;
  const bool hit = b2ShapeCast(&output, &input);

  Box2dCastAnswer answer;
  answer.iterations = output.iterations;
  if (hit) {
    answer.hit = true;
    answer.fraction = output.lambda;
    answer.normal[0] = output.normal.x;
    answer.normal[1] = output.normal.y;
    answer.point[0] = output.point.x;
    answer.point[1] = output.point.y;
    answer.route = "hit";
  } else if (output.iterations == 0) {
    // b2_distance.cpp:725-729: the loop never ran, the support points of the first simplex were already
    // within the target: the engine's initial overlap.
    answer.hit = true;
    answer.fraction = 0;
    answer.route = "initial-overlap";
  } else {
    answer.route = "no-hit";
  }
  return answer;
}

Box2dCastAnswer box2dTimeOfImpact(const Box2dShape& a, const Box2dShape& b, float translationX,
                                  float translationY, float angular) {
  Vertices verticesA(a), verticesB(b);
  b2TOIInput input;
  input.proxyA.Set(verticesA.v, a.count, a.radius);
  input.proxyB.Set(verticesB.v, b.count, b.radius);
  input.sweepA = toSweep(a, 0.0f, 0.0f);
  input.sweepB = toSweep(b, translationX, translationY, angular);
  input.tMax = 1.0f;

  b2TOIOutput output;
  b2TimeOfImpact(&output, &input);

  Box2dCastAnswer answer;
  answer.iterations = -1;
  answer.fraction = output.t;
  switch (output.state) {
    case b2TOIOutput::e_touching: answer.route = "touching"; answer.hit = true; break;
    case b2TOIOutput::e_overlapped: answer.route = "overlapped"; answer.hit = true; answer.fraction = 0; break;
    case b2TOIOutput::e_separated: answer.route = "separated"; break;
    case b2TOIOutput::e_failed: answer.route = "failed"; break;
    default: answer.route = "unknown"; break;
  }
  if (!answer.hit) return answer;

  // The contact at the engine's pose for t (b2_time_of_impact.h:60: "use b2Distance to compute the contact
  // point and normal at the time of impact").
  b2DistanceInput distanceInput;
  distanceInput.proxyA = input.proxyA;
  distanceInput.proxyB = input.proxyB;
  input.sweepA.GetTransform(&distanceInput.transformA, answer.fraction);
  input.sweepB.GetTransform(&distanceInput.transformB, answer.fraction);
  distanceInput.useRadii = false;
  b2SimplexCache cache;
  cache.count = 0;
  b2DistanceOutput distance;
  b2Distance(&distance, &cache, &distanceInput);
  b2Vec2 n = distance.pointB - distance.pointA;
  if (distance.distance > 0.0f && n.Normalize() > 0.0f) {
    answer.normal[0] = n.x;
    answer.normal[1] = n.y;
    // The contact point on the segment from A's core witness to B's (length g), at s from A's: between the two
    // surfaces, s = (g - rB + rA) / 2, where the rounded shapes are apart; where the target leaves them
    // overlapping (g < rA + rB), the middle of the part within both, s = (max(0, g - rB) + min(g, rA)) / 2. One
    // formula for both (docs/engines.md, "Cast").
    const float g = distance.distance;
    const float s = 0.5f * (std::min(std::max(g - b.radius, 0.0f), g) + std::min(std::max(a.radius, 0.0f), g));
    const b2Vec2 p = distance.pointA + s * n;
    answer.point[0] = p.x;
    answer.point[1] = p.y;
  } else {
    answer.point[0] = distance.pointA.x;
    answer.point[1] = distance.pointA.y;
  }
  return answer;
}

void box2dShapeCastBand(float radiusA, float radiusB, double* lower, double* upper) {
  const float rA = std::max(radiusA, b2_polygonRadius);
  const float rB = std::max(radiusB, b2_polygonRadius);
  const float sigma = std::max(b2_polygonRadius, (rA + rB) - b2_polygonRadius);
  const float tolerance = 0.5f * b2_linearSlop;
  *lower = sigma;
  *upper = static_cast<double>(sigma) + static_cast<double>(tolerance);
}

void box2dShapeCastRadii(float radiusA, float radiusB, double* castRadiusA, double* castRadiusB) {
  *castRadiusA = std::max(radiusA, b2_polygonRadius);
  *castRadiusB = std::max(radiusB, b2_polygonRadius);
}

void box2dTimeOfImpactBand(float radiusA, float radiusB, double* lower, double* upper) {
  const float totalRadius = radiusA + radiusB;
  const float target = std::max(b2_linearSlop, totalRadius - 3.0f * b2_linearSlop);
  const float tolerance = 0.25f * b2_linearSlop;
  *lower = static_cast<double>(target) - static_cast<double>(tolerance);
  *upper = static_cast<double>(target) + static_cast<double>(tolerance);
}

}  // namespace gjk::adapters
