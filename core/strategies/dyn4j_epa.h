// Strategy `dyn4j-epa`: dyn4j's penetration query, Gjk.detect(convex1, t1, convex2, t2, penetration)
// followed by Epa.getPenetration, from dyn4j/dyn4j tag 6.0.0 (058bf6d982a0fb89b54050f929f6ea9dae53b714),
// src/main/java/org/dyn4j/collision/narrowphase/:
//   Gjk.java :189-213 (detect with penetration), :249-255 (getInitialDirection), :270-305 (detect loop),
//            :322-400 (checkSimplex), constants :135 (DEFAULT_MAX_ITERATIONS 30), :138
//            (DEFAULT_DETECT_EPSILON 0);
//   Epa.java :72 (DEFAULT_MAX_ITERATIONS 100), :75 (DEFAULT_DISTANCE_EPSILON = Math.sqrt(Epsilon.E)),
//            :86-122 (getPenetration);
//   ExpandingSimplex.java :56-73 (constructor), :90-103 (getSimplexWinding), :120-140 (getClosestEdge,
//   expand); ExpandingSimplexEdge.java :59-92 (edge normal, distance, compareTo); MinkowskiSum.java :88-97
//   (getSupportPoint); Polygon.getFarthestPoint :469-478; Circle.getFarthestPoint :157-167; Vector2
//   (tripleProduct :211-228, left :921, right :901, normalize :948, getNormalized :934).
// In double, as dyn4j is, from the float inputs (widened exactly), one rounding per Java operator in the
// order written (-ffp-contract=off). java.util.PriorityQueue (a binary heap; which of equal-distance edges
// comes first depends on its sift order) is ported as OpenJDK writes siftUp/siftDown.
//
// dyn4j's frame: MinkowskiSum points are convex1 - convex2 = A - B (the core's w is B - A). Its EPA normal
// is the outward normal of A - B at the closest edge, which is our "from A towards B" normal as it stands.
// Deviations (docs/strategies.md, "Penetration"): the centre, the linear support scan and the rounded
// shapes as in `dyn4j` (a shape with radius r takes Circle.getFarthestPoint's radius step on top of the
// polygon's farthest vertex, so dyn4j's loop sees the rounded shape); contact points, which dyn4j's EPA
// does not give, from the support points we carry beside each Minkowski point (they do not enter a test).
#pragma once

#include <cmath>
#include <type_traits>

#include "core/penetration_types.h"
#include "core/strategies/dyn4j.h"

namespace gjk {

namespace dyn4j_epa {

inline constexpr int GJK_MAX_ITERATIONS = 30;   // Gjk.DEFAULT_MAX_ITERATIONS (maxDetectIterations)
inline constexpr double DETECT_EPSILON = 0.0;   // Gjk.DEFAULT_DETECT_EPSILON
inline constexpr int EPA_MAX_ITERATIONS = 100;  // Epa.DEFAULT_MAX_ITERATIONS
inline constexpr double EPA_DISTANCE_EPSILON = Dyn4jTolerances<double>::DISTANCE_EPSILON;  // sqrt(Epsilon.E)
inline constexpr double E = Dyn4jTolerances<double>::E;

using V = Vec2<double>;

// A Minkowski point p = a - b with the support points a (on A) and b (on B) that made it.
struct Point {
  V p;
  V a;
  V b;
};

// Convex.getFarthestPoint for a case shape: Polygon's (the farthest vertex of the local direction,
// transformed), then, for a radius r > 0, Circle's step center += r * direction.getNormalized().
inline V farthestPoint(const Proxy<double>& proxy, const Transform<double>& xf, V direction) {
  int index = proxy.support(inverseRotate(xf.q, direction));
  V point = transformPoint(xf, proxy.vertices[index]);
  if (proxy.radius > 0) {
    double magnitude = std::sqrt(direction.x * direction.x + direction.y * direction.y);
    V nAxis;
    if (!(magnitude <= E)) {
      magnitude = 1.0 / magnitude;
      nAxis = {direction.x * magnitude, direction.y * magnitude};
    }
    point.x += proxy.radius * nAxis.x;
    point.y += proxy.radius * nAxis.y;
  }
  return point;
}

// MinkowskiSum.getSupportPoint: convex1's farthest along d minus convex2's farthest along -d.
inline Point supportPoint(const DistanceInput<double>& input, V d) {
  Point point;
  point.a = farthestPoint(input.proxyA, input.transformA, d);
  point.b = farthestPoint(input.proxyB, input.transformB, -d);
  point.p = point.a - point.b;
  return point;
}

// The detect simplex, an ArrayList of at most three points (add appends, remove shifts down).
struct Simplex {
  Point v[3];
  int size = 0;
  void add(const Point& p) { v[size++] = p; }
  void remove(int index) {
    for (int i = index; i + 1 < size; ++i) v[i] = v[i + 1];
    --size;
  }
};

// Gjk.checkSimplex, operator for operator.
inline bool checkSimplex(Simplex* simplex, V* direction) {
  V a = simplex->v[simplex->size - 1].p;
  V ao = {-a.x, -a.y};
  if (simplex->size == 3) {
    V b = simplex->v[1].p;
    V c = simplex->v[0].p;
    V ab = {b.x - a.x, b.y - a.y};
    V ac = {c.x - a.x, c.y - a.y};
    double dot = ab.x * ac.y - ac.x * ab.y;
    V acPerp = {-ac.y * dot, ac.x * dot};
    double acLocation = acPerp.x * ao.x + acPerp.y * ao.y;
    if (acLocation >= 0.0) {
      simplex->remove(1);
      *direction = acPerp;
    } else {
      V abPerp = {ab.y * dot, -ab.x * dot};
      double abLocation = abPerp.x * ao.x + abPerp.y * ao.y;
      if (abLocation < 0.0) {
        return true;
      }
      simplex->remove(0);
      *direction = abPerp;
    }
  } else {
    V b = simplex->v[0].p;
    V ab = {b.x - a.x, b.y - a.y};
    double dot = ab.x * ao.y - ao.x * ab.y;  // Vector2.tripleProduct(ab, ao, ab)
    *direction = {-ab.y * dot, ab.x * dot};
    if (direction->x * direction->x + direction->y * direction->y <= E) {
      *direction = {ab.y, -ab.x};  // ab.left()
    }
  }
  return false;
}

// ExpandingSimplexEdge: the normal from the winding (right() for winding < 0, else left()), normalized
// (left as it is when its length is <= E), distance = |point1 . normal|.
struct Edge {
  int point1 = 0;  // indices into the points store
  int point2 = 0;
  V normal;
  double distance = 0;
};

inline int compareTo(const Edge& x, const Edge& o) {
  if (x.distance < o.distance)
    return -1;
  if (x.distance > o.distance)
    return 1;
  return 0;
}

// java.util.PriorityQueue<ExpandingSimplexEdge> (natural order): OpenJDK's siftUpComparable and
// siftDownComparable.
struct EdgeQueue {
  static constexpr int CAPACITY = 3 + EPA_MAX_ITERATIONS + 1;
  Edge es[CAPACITY];
  int size = 0;

  void add(const Edge& key) {
    int k = size++;
    while (k > 0) {
      int parent = (k - 1) >> 1;
      if (compareTo(key, es[parent]) >= 0)
        break;
      es[k] = es[parent];
      k = parent;
    }
    es[k] = key;
  }
  const Edge& peek() const { return es[0]; }
  Edge poll() {
    Edge result = es[0];
    int n = --size;
    Edge x = es[n];
    if (n > 0) {
      int k = 0;
      int half = n >> 1;
      while (k < half) {
        int child = (k << 1) + 1;
        int right = child + 1;
        if (right < n && compareTo(es[child], es[right]) > 0)
          child = right;
        if (compareTo(x, es[child]) <= 0)
          break;
        es[k] = es[child];
        k = child;
      }
      es[k] = x;
    }
    return result;
  }
};

struct ExpandingSimplex {
  static constexpr int MAX_POINTS = 3 + EPA_MAX_ITERATIONS;
  Point points[MAX_POINTS];
  int pointCount = 0;
  int winding = 0;
  EdgeQueue queue;

  Edge makeEdge(int i1, int i2) const {
    Edge edge;
    edge.point1 = i1;
    edge.point2 = i2;
    V p1 = points[i1].p;
    V p2 = points[i2].p;
    V normal = {p2.x - p1.x, p2.y - p1.y};
    if (winding < 0) {
      normal = {-normal.y, normal.x};  // right()
    } else {
      normal = {normal.y, -normal.x};  // left()
    }
    double magnitude = std::sqrt(normal.x * normal.x + normal.y * normal.y);
    if (!(magnitude <= E)) {
      double m = 1.0 / magnitude;
      normal.x *= m;
      normal.y *= m;
    }
    edge.normal = normal;
    edge.distance = std::fabs(p1.x * normal.x + p1.y * normal.y);
    return edge;
  }

  explicit ExpandingSimplex(const Simplex& simplex) {
    int size = simplex.size;
    for (int i = 0; i < size; ++i) points[pointCount++] = simplex.v[i];
    for (int i = 0; i < size; ++i) {  // getSimplexWinding
      int j = i + 1 == size ? 0 : i + 1;
      V a = points[i].p;
      V b = points[j].p;
      if (a.x * b.y - a.y * b.x > 0) {
        winding = 1;
        break;
      } else if (a.x * b.y - a.y * b.x < 0) {
        winding = -1;
        break;
      }
    }
    for (int i = 0; i < size; ++i) {
      int j = i + 1 == size ? 0 : i + 1;
      queue.add(makeEdge(i, j));
    }
  }

  const Edge& getClosestEdge() const { return queue.peek(); }

  void expand(const Point& point) {
    Edge edge = queue.poll();
    int index = pointCount;
    points[pointCount++] = point;
    queue.add(makeEdge(edge.point1, index));
    queue.add(makeEdge(index, edge.point2));
  }
};

// Contact points (our addition): the origin's projection on the final edge (clamped to it) applied to the
// support points of its two ends.
inline void contactPoints(const Point& p1, const Point& p2, PenetrationOutput<double>* out) {
  V e = p2.p - p1.p;
  double ee = dot(e, e);
  double t = ee > 0 ? -dot(p1.p, e) / ee : 0.0;
  t = t < 0 ? 0.0 : (t > 1 ? 1.0 : t);
  out->pointA = p1.a + t * (p2.a - p1.a);
  out->pointB = p1.b + t * (p2.b - p1.b);
}

inline void penetration(const DistanceInput<double>& input, PenetrationOutput<double>* out) {
  int supportCalls = 0;
  // getInitialDirection: c2 - c1 (the centres as `dyn4j` computes them).
  V c1 = dyn4j::worldCentre(input.proxyA, input.transformA);
  V c2 = dyn4j::worldCentre(input.proxyB, input.transformB);
  V d = {c2.x - c1.x, c2.y - c1.y};

  // Gjk.detect(ms, simplex, d)
  Simplex simplex;
  bool detected = false;
  bool capped = false;
  if (dyn4j::isZero(d))
    d = {1.0, 0.0};
  simplex.add(supportPoint(input, d));
  ++supportCalls;
  if (!(simplex.v[0].p.x * d.x + simplex.v[0].p.y * d.y <= 0.0)) {
    d = {-d.x, -d.y};
    int i = 0;
    for (; i < GJK_MAX_ITERATIONS; ++i) {
      Point supportPointValue = supportPoint(input, d);
      ++supportCalls;
      simplex.add(supportPointValue);
      if (supportPointValue.p.x * d.x + supportPointValue.p.y * d.y <= DETECT_EPSILON) {
        break;
      }
      if (checkSimplex(&simplex, &d)) {
        detected = true;
        break;
      }
    }
    capped = i == GJK_MAX_ITERATIONS;
  }
  if (!detected) {
    out->overlapping = false;
    out->iterations = supportCalls;
    out->stop = capped ? PenetrationStop::IterationCap : PenetrationStop::Separated;
    return;
  }

  // Epa.getPenetration(simplex, ms, penetration)
  ExpandingSimplex smplx(simplex);
  Edge edge;
  Point point;
  for (int i = 0; i < EPA_MAX_ITERATIONS; ++i) {
    edge = smplx.getClosestEdge();
    point = supportPoint(input, edge.normal);
    ++supportCalls;
    double projection = point.p.x * edge.normal.x + point.p.y * edge.normal.y;
    if ((projection - edge.distance) < EPA_DISTANCE_EPSILON) {
      out->overlapping = true;
      out->normal = edge.normal;
      out->depth = projection;
      contactPoints(smplx.points[edge.point1], smplx.points[edge.point2], out);
      out->iterations = supportCalls;
      out->stop = PenetrationStop::DistanceEpsilon;
      return;
    }
    smplx.expand(point);
  }
  out->overlapping = true;
  out->normal = edge.normal;
  out->depth = point.p.x * edge.normal.x + point.p.y * edge.normal.y;
  contactPoints(smplx.points[edge.point1], smplx.points[edge.point2], out);
  out->iterations = supportCalls;
  out->stop = PenetrationStop::IterationCap;
}

}  // namespace dyn4j_epa

// `dyn4j-epa`: in double only (dyn4j's own scalar); neither +local nor +scaled applies.
struct Dyn4jEpaStrategy {
  static constexpr const char* NAME = "dyn4j-epa";
  static constexpr int MAX_SUPPORT_CALLS = 1 + dyn4j_epa::GJK_MAX_ITERATIONS + dyn4j_epa::EPA_MAX_ITERATIONS;
  template <class T>
  static void penetration(const DistanceInput<T>& input, PenetrationOutput<T>* output) {
    static_assert(std::is_same_v<T, double>, "dyn4j-epa runs in double, as dyn4j does");
    dyn4j_epa::penetration(input, output);
  }
};

}  // namespace gjk
