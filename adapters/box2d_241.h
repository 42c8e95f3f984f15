// The real b2Distance of Box2D 2.4.1, from the system's libbox2d (Debian's libbox2d-dev), behind a
// plain interface that knows nothing of the harness: the shapes go in as float arrays exactly as the case
// gives them, and the answer comes back as Box2D computed it.
#pragma once

namespace gjk::adapters {

struct Box2dShape {
  const float* xy = nullptr;  // count pairs (x, y), local frame
  int count = 0;              // 1..MAX_POLYGON_VERTICES
  float radius = 0;
  float positionX = 0;
  float positionY = 0;
  float rotationC = 1;  // b2Rot.c, taken as given
  float rotationS = 0;  // b2Rot.s
};

// b2SimplexCache, widened for the harness.
struct Box2dCache {
  float metric = 0;
  int count = 0;
  int indexA[3] = {0, 0, 0};
  int indexB[3] = {0, 0, 0};
};

struct Box2dAnswer {
  float distance = 0;
  float pointA[2] = {0, 0};  // world frame
  float pointB[2] = {0, 0};
  int iterations = 0;  // b2DistanceOutput::iterations: support calls
};

// b2Distance with useRadii = true. The cache is read and written.
Box2dAnswer box2dDistance(const Box2dShape& a, const Box2dShape& b, Box2dCache* cache);

// The package version CMake found ("2.4.1"), and what the library's own b2_version says.
const char* box2dVersion();

}  // namespace gjk::adapters
