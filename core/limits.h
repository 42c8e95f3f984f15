// Compile-time limits of the float GJK.
#pragma once

namespace gjk {

// The most vertices a shape may have. Shapes live in fixed arrays so that a query allocates nothing
// on the heap; 16 is twice Box2D 2.4.1's b2_maxPolygonVertices (8) and leaves room for the
// duplicate, collinear and interior points the harness adds to test that GJK only sees the hull.
// The case reader rejects a shape with more vertices, naming the file and line.
inline constexpr int MAX_POLYGON_VERTICES = 16;

// The most vertices a shape of a 3D query may have (core/polytope.h): 64, as the case format allows, so a
// Minkowski difference has at most 4,096 points. A sphere is one vertex with a radius, a capsule two.
inline constexpr int MAX_POLYTOPE_VERTICES = 64;

}  // namespace gjk
