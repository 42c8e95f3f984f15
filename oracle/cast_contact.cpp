// The contact point of an exact cast (cast_contact.h): the faces of A and B in contact, found by exact
// comparisons, their common part in high precision.
#include <vector>

#include "oracle/cast_contact.h"
#include "oracle/high_precision.h"
#include "oracle/quadratic_arithmetic.h"

namespace gjk::oracle {

namespace {

QuadraticNumber along(const QuadraticNumber& mx, const QuadraticNumber& my, const ExactPoint& p) {
  return quadraticAdd(quadraticScale(mx, p.x), quadraticScale(my, p.y));
}

// The ends of the face of `vertices` extreme in direction m (largest m.p when largest, else smallest):
// the face's vertices lie on one line perpendicular to m; its ends are those of smallest and largest
// projection on (-m.y, m.x). Exact.
std::pair<ExactPoint, ExactPoint> face(const std::vector<ExactPoint>& vertices, const QuadraticNumber& mx,
                                       const QuadraticNumber& my, bool largest) {
  std::vector<QuadraticNumber> values;
  values.reserve(vertices.size());
  std::size_t best = 0;
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    values.push_back(along(mx, my, vertices[i]));
    const int order = compareQuadratic(values[i], values[best]);
    if (largest ? order > 0 : order < 0) best = i;
  }
  const QuadraticNumber px = quadraticNegate(my), py = mx;  // (-m.y, m.x)
  std::size_t low = best, high = best;
  QuadraticNumber lowValue = along(px, py, vertices[best]), highValue = lowValue;
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    if (compareQuadratic(values[i], values[best]) != 0) continue;
    const QuadraticNumber projection = along(px, py, vertices[i]);
    if (compareQuadratic(projection, lowValue) < 0) {
      low = i;
      lowValue = projection;
    }
    if (compareQuadratic(projection, highValue) > 0) {
      high = i;
      highValue = projection;
    }
  }
  return {vertices[low], vertices[high]};
}

HighPrecision high(const Rational& value) { return HighPrecision(value); }

}  // namespace

void setContactPoint(const InputShape& a, const InputShape& b, const QuadraticNumber& cx, const QuadraticNumber& cy,
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
  const auto [p0, p1] = face(worldVertices(a), mx, my, true);
  const auto [q0, q1] = face(worldVertices(b), mx, my, false);
  const HighPrecision hx = toHighPrecision(cx), hy = toHighPrecision(cy);
  HighPrecision coreX, coreY;
  if (p0.x == p1.x && p0.y == p1.y) {
    coreX = high(p0.x);
    coreY = high(p0.y);
  } else if (q0.x == q1.x && q0.y == q1.y) {
    coreX = high(q0.x) - hx;
    coreY = high(q0.y) - hy;
  } else {
    // Both faces are segments on one line: A's [p0, p1] and B's [q0, q1] - c. Parameters along p0 -> p1.
    const HighPrecision dx = high(p1.x - p0.x), dy = high(p1.y - p0.y);
    const HighPrecision squared = dx * dx + dy * dy;
    auto parameter = [&](const ExactPoint& q) {
      return ((high(q.x) - hx - high(p0.x)) * dx + (high(q.y) - hy - high(p0.y)) * dy) / squared;
    };
    const HighPrecision s0 = parameter(q0), s1 = parameter(q1);
    HighPrecision low = s0 < s1 ? s0 : s1, highEnd = s0 < s1 ? s1 : s0;
    if (low < 0) low = 0;
    if (highEnd > 1) highEnd = 1;
    const HighPrecision middle = (low + highEnd) / 2;
    coreX = high(p0.x) + middle * dx;
    coreY = high(p0.y) + middle * dy;
  }
  const HighPrecision radius = high(exactFloat(a.radius));
  cast.pointX = coreX + radius * ux;
  cast.pointY = coreY + radius * uy;
}

}  // namespace gjk::oracle
