#include "adapters/box2d_241.h"

#include <box2d/b2_common.h>
#include <box2d/b2_distance.h>
#include <box2d/b2_math.h>

#include <cstdio>

namespace gjk::adapters {
namespace {

constexpr int MAX_VERTICES = 16;  // the harness's gjk::MAX_POLYGON_VERTICES; the proxy takes any count

b2Transform toTransform(const Box2dShape& shape) {
  b2Transform xf;
  xf.p.Set(shape.positionX, shape.positionY);
  xf.q.c = shape.rotationC;  // not b2Rot::Set(angle): the pair is used exactly as given
  xf.q.s = shape.rotationS;
  return xf;
}

}  // namespace

Box2dAnswer box2dDistance(const Box2dShape& a, const Box2dShape& b, Box2dCache* cache) {
  b2Vec2 verticesA[MAX_VERTICES];
  b2Vec2 verticesB[MAX_VERTICES];
  for (int i = 0; i < a.count && i < MAX_VERTICES; ++i) verticesA[i].Set(a.xy[2 * i], a.xy[2 * i + 1]);
  for (int i = 0; i < b.count && i < MAX_VERTICES; ++i) verticesB[i].Set(b.xy[2 * i], b.xy[2 * i + 1]);

  b2DistanceInput input;
  input.proxyA.Set(verticesA, a.count, a.radius);
  input.proxyB.Set(verticesB, b.count, b.radius);
  input.transformA = toTransform(a);
  input.transformB = toTransform(b);
  input.useRadii = true;

  b2SimplexCache simplexCache;
  simplexCache.metric = cache->metric;
  simplexCache.count = static_cast<uint16>(cache->count);
  for (int i = 0; i < 3; ++i) {
    simplexCache.indexA[i] = static_cast<uint8>(cache->indexA[i]);
    simplexCache.indexB[i] = static_cast<uint8>(cache->indexB[i]);
  }

  b2DistanceOutput output;
  b2Distance(&output, &simplexCache, &input);

  cache->metric = simplexCache.metric;
  cache->count = simplexCache.count;
  for (int i = 0; i < 3; ++i) {
    cache->indexA[i] = simplexCache.indexA[i];
    cache->indexB[i] = simplexCache.indexB[i];
  }
  Box2dAnswer answer;
  answer.distance = output.distance;
  answer.pointA[0] = output.pointA.x;
  answer.pointA[1] = output.pointA.y;
  answer.pointB[0] = output.pointB.x;
  answer.pointB[1] = output.pointB.y;
  answer.iterations = output.iterations;
  return answer;
}

const char* box2dVersion() {
  static char text[96];
  std::snprintf(text, sizeof text, "%s (package; the library's b2_version reads %d.%d.%d)", GJK_BOX2D_PACKAGE_VERSION,
                b2_version.major, b2_version.minor, b2_version.revision);
  return text;
}

}  // namespace gjk::adapters
