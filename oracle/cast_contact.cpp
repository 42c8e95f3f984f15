// The contact point of an exact cast (cast_contact.h): the faces of A and B in contact, found by exact
// comparisons, their common part in high precision.
#include <algorithm>
#include <cmath>
#include <vector>

#include "oracle/cast_contact.h"
#include "oracle/high_precision.h"
#include "oracle/quadratic_arithmetic.h"

namespace gjk::oracle {

namespace {

QuadraticNumber along(const QuadraticNumber& mx, const QuadraticNumber& my, const ExactPoint& p) {
  return quadraticAdd(quadraticScale(mx, p.x), quadraticScale(my, p.y));
}

// Exact: one world vertex of a shape, (c x - s y + px, s x + c y + py).
// Products of two floats are exact in double, so each coordinate is a sum of three exact doubles.
ExactPoint exactWorldVertex(const InputShape& shape, std::size_t i) {
  const double c = shape.rotationC, s = shape.rotationS, x = shape.vertices[i].x, y = shape.vertices[i].y;
  return {exactDouble(c * x) - exactDouble(s * y) + exactDouble(shape.positionX),
          exactDouble(s * x) + exactDouble(c * y) + exactDouble(shape.positionY)};
}

// The ends of the face of the shape extreme in direction m (largest m.p when largest, else smallest): the
// face's vertices lie on one line perpendicular to m; its ends are those of smallest and largest
// projection on (-m.y, m.x). Exact: a double filter keeps only the vertices whose m.p, computed in double
// with m scaled to |m|_inf = 1 (products of floats are exact in double; each world coordinate is a sum of
// three terms, rounded twice, and m is rounded once: an error far below 2^-40 of the bound's scale W), lies
// within 2^-30 W of the largest; the face is then decided among those by exact comparisons only.
std::pair<std::size_t, std::size_t> face(const InputShape& shape, const QuadraticNumber& mx, const QuadraticNumber& my,
                                       double approxX, double approxY, bool largest) {
  const std::size_t count = shape.vertices.size();
  const double c = shape.rotationC, s = shape.rotationS;
  std::vector<double> approx(count);
  double best = 0, scale = 0;
  bool finite = std::isfinite(approxX) && std::isfinite(approxY);
  for (std::size_t i = 0; i < count; ++i) {
    const double x = shape.vertices[i].x, y = shape.vertices[i].y;
    const double wx = c * x - s * y + shape.positionX, wy = s * x + c * y + shape.positionY;
    approx[i] = (largest ? 1 : -1) * (approxX * wx + approxY * wy);
    scale = std::max(scale, std::fabs(c * x) + std::fabs(s * y) + std::fabs(static_cast<double>(shape.positionX)) +
                                std::fabs(s * x) + std::fabs(c * y) + std::fabs(static_cast<double>(shape.positionY)));
    best = i == 0 ? approx[i] : std::max(best, approx[i]);
    finite = finite && std::isfinite(approx[i]);
  }
  const double margin = scale * 0x1p-30;
  std::vector<std::size_t> candidates;
  std::vector<ExactPoint> points;
  std::vector<QuadraticNumber> values;
  std::size_t top = 0;
  for (std::size_t i = 0; i < count; ++i) {
    if (finite && approx[i] < best - margin) continue;
    candidates.push_back(i);
  }
  if (candidates.size() == 1) {  // the filter alone decided: one vertex
    return {candidates[0], candidates[0]};
  }
  for (std::size_t i : candidates) {
    points.push_back(exactWorldVertex(shape, i));
  }
  std::size_t low = 0, high = 0;
  if (isRationalForm(mx) && isRationalForm(my)) {
    // A rational m (an edge's normal, the usual case of a face of two vertices): rationals suffice.
    const Rational rx = rationalPart(mx), ry = rationalPart(my);
    std::vector<Rational> rational;
    for (std::size_t i = 0; i < points.size(); ++i) {
      rational.push_back(rx * points[i].x + ry * points[i].y);
      if (largest ? rational[i] > rational[top] : rational[i] < rational[top]) top = i;
    }
    low = high = top;
    Rational lowValue = rx * points[top].y - ry * points[top].x, highValue = lowValue;  // along (-m.y, m.x)
    for (std::size_t i = 0; i < points.size(); ++i) {
      if (rational[i] != rational[top]) continue;
      const Rational projection = rx * points[i].y - ry * points[i].x;
      if (projection < lowValue) {
        low = i;
        lowValue = projection;
      }
      if (projection > highValue) {
        high = i;
        highValue = projection;
      }
    }
    return {candidates[low], candidates[high]};
  }
  for (std::size_t i = 0; i < points.size(); ++i) {
    values.push_back(along(mx, my, points[i]));
    const int order = compareQuadratic(values.back(), values[top]);
    if (largest ? order > 0 : order < 0) top = i;
  }
  const QuadraticNumber px = quadraticNegate(my), py = mx;  // (-m.y, m.x)
  low = high = top;
  QuadraticNumber lowValue = along(px, py, points[top]), highValue = lowValue;
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (compareQuadratic(values[i], values[top]) != 0) continue;
    const QuadraticNumber projection = along(px, py, points[i]);
    if (compareQuadratic(projection, lowValue) < 0) {
      low = i;
      lowValue = projection;
    }
    if (compareQuadratic(projection, highValue) > 0) {
      high = i;
      highValue = projection;
    }
  }
  return {candidates[low], candidates[high]};
}

// High precision: a world vertex from the floats (exact unless its three terms span more than
// HighPrecision's precision).
void highWorldVertex(const InputShape& shape, std::size_t i, HighPrecision& x, HighPrecision& y) {
  const HighPrecision c(shape.rotationC), s(shape.rotationS);
  const HighPrecision vx(shape.vertices[i].x), vy(shape.vertices[i].y);
  x = c * vx - s * vy + HighPrecision(shape.positionX);
  y = s * vx + c * vy + HighPrecision(shape.positionY);
}

HighPrecision high(const Rational& value) { return HighPrecision(value); }

// The contact point from the faces in contact: A's [a0, a1] and B's [b0, b1] (vertex indices of each shape,
// equal for a vertex), the point c of M, and the unit normal (ux, uy) (a cone's bisector).
void pointOnFaces(const InputShape& a, const InputShape& b, const HighPrecision& hx, const HighPrecision& hy,
                  const HighPrecision& ux, const HighPrecision& uy, std::pair<std::size_t, std::size_t> faceA,
                  std::pair<std::size_t, std::size_t> faceB, ExactCast& cast) {
  const auto [a0, a1] = faceA;
  const auto [b0, b1] = faceB;
  HighPrecision p0x, p0y, p1x, p1y, q0x, q0y, q1x, q1y;
  highWorldVertex(a, a0, p0x, p0y);
  HighPrecision coreX, coreY;
  if (a0 == a1) {
    coreX = p0x;
    coreY = p0y;
  } else if (b0 == b1) {
    highWorldVertex(b, b0, q0x, q0y);
    coreX = q0x - hx;
    coreY = q0y - hy;
  } else {
    // Both faces are segments on one line: A's [p0, p1] and B's [q0, q1] - c. Parameters along p0 -> p1.
    highWorldVertex(a, a1, p1x, p1y);
    highWorldVertex(b, b0, q0x, q0y);
    highWorldVertex(b, b1, q1x, q1y);
    const HighPrecision dx = p1x - p0x, dy = p1y - p0y;
    const HighPrecision squared = dx * dx + dy * dy;
    auto parameter = [&](const HighPrecision& qx, const HighPrecision& qy) {
      return ((qx - hx - p0x) * dx + (qy - hy - p0y) * dy) / squared;
    };
    const HighPrecision s0 = parameter(q0x, q0y), s1 = parameter(q1x, q1y);
    HighPrecision low = s0 < s1 ? s0 : s1, highEnd = s0 < s1 ? s1 : s0;
    if (low < 0) low = 0;
    if (highEnd > 1) highEnd = 1;
    const HighPrecision middle = (low + highEnd) / 2;
    coreX = p0x + middle * dx;
    coreY = p0y + middle * dy;
  }
  const HighPrecision radius(a.radius);
  cast.pointX = coreX + radius * ux;
  cast.pointY = coreY + radius * uy;
}

// The faces of a shape whose vertices are points [first, first + count) of `points`, extreme along m =
// inward(E), E = X[p] - X[q]: m.(X_i - X_j) = cross(E, X_i - X_j), and the projection on (-m.y, m.x) = -E is
// -E.(X_i - X_j), so filtered exact signs decide both (ExactPoints::crossSign, dotSign).
std::pair<std::size_t, std::size_t> faceBySigns(ExactPoints& points, int first, int count, int p, int q,
                                                bool largest) {
  int top = first;
  for (int i = first + 1; i < first + count; ++i) {
    const int order = points.crossSign(p, q, i, top);
    if (largest ? order > 0 : order < 0) top = i;
  }
  int low = top, high = top;
  for (int i = first; i < first + count; ++i) {
    if (i == top || points.crossSign(p, q, i, top) != 0) continue;
    if (points.dotSign(p, q, i, low) > 0) low = i;    // smaller along -E
    if (points.dotSign(p, q, i, high) < 0) high = i;  // larger along -E
  }
  return {std::size_t(low - first), std::size_t(high - first)};
}

}  // namespace

void setContactPoint(const InputShape& a, const InputShape& b, const HighPrecision& hx, const HighPrecision& hy,
                     ExactCast& cast) {
  // m: the normal, or a direction strictly inside the cone (exact); (ux, uy): the unit normal or the
  // cone's bisector (high precision).
  QuadraticNumber mx, my;
  HighPrecision ux = 0, uy = 0;
  if (!cast.normalIsCone) {
    mx = cast.normalX;
    my = cast.normalY;
    ux = toHighPrecision(mx);
    uy = toHighPrecision(my);
  } else {
    const ExactPoint& f = cast.coneFrom;
    const ExactPoint& to = cast.coneTo;
    const Rational turn = f.x * to.y - f.y * to.x, inner = f.x * to.x + f.y * to.y;
    if (f.x == to.x && f.y == to.y) {  // every direction: M (so A and B) a single point
      mx = quadraticFromRational(Rational(1));
      my = quadraticFromRational(Rational(0));
      ux = high(f.x);
      uy = high(f.y);
    } else if (turn == 0 && inner < 0) {  // a half-plane: its middle is f turned a quarter counter-clockwise
      mx = quadraticFromRational(-f.y);
      my = quadraticFromRational(f.x);
      ux = high(-f.y);
      uy = high(f.x);
    } else {
      mx = quadraticFromRational(f.x + to.x);
      my = quadraticFromRational(f.y + to.y);
      const HighPrecision lf = sqrt(high(f.x * f.x + f.y * f.y)), lt = sqrt(high(to.x * to.x + to.y * to.y));
      ux = high(f.x) / lf + high(to.x) / lt;
      uy = high(f.y) / lf + high(to.y) / lt;
    }
  }
  const HighPrecision length = sqrt(ux * ux + uy * uy);
  if (length > 0) {
    ux /= length;
    uy /= length;
  }

  // A's face facing B (largest m.a), B's face facing A (smallest m.b); c = b - a on them.
  // m in double for the filter, scaled to |m|_inf = 1.
  const HighPrecision hmx = toHighPrecision(mx), hmy = toHighPrecision(my);
  const HighPrecision largestPart = abs(hmx) > abs(hmy) ? abs(hmx) : abs(hmy);
  const double approxX = HighPrecision(hmx / largestPart).convert_to<double>();
  const double approxY = HighPrecision(hmy / largestPart).convert_to<double>();
  const auto [a0, a1] = face(a, mx, my, approxX, approxY, true);
  const auto [b0, b1] = face(b, mx, my, approxX, approxY, false);
  pointOnFaces(a, b, hx, hy, ux, uy, {a0, a1}, {b0, b1}, cast);
}

void setContactPointOnEdgeNormal(const InputShape& a, const InputShape& b, ExactPoints& points, int p, int q,
                                 const HighPrecision& hx, const HighPrecision& hy, ExactCast& cast) {
  HighPrecision ux = toHighPrecision(cast.normalX), uy = toHighPrecision(cast.normalY);
  const HighPrecision length = sqrt(ux * ux + uy * uy);
  ux /= length;
  uy /= length;
  const int countA = static_cast<int>(a.vertices.size()), countB = static_cast<int>(b.vertices.size());
  pointOnFaces(a, b, hx, hy, ux, uy, faceBySigns(points, 0, countA, p, q, true),
               faceBySigns(points, countA, countB, p, q, false), cast);
}

}  // namespace gjk::oracle
