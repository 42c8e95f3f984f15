// The 3D oracle's exact input conversion (world vertices as scaled integers, the scale S) and the assembly
// of an answer from a method's exact parts. The floats are taken apart by dyadic.h, as in 2D.
#include "oracle/exact3.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <utility>

namespace gjk::oracle {

bool operator==(const IntPoint3& left, const IntPoint3& right) {
  return left.x == right.x && left.y == right.y && left.z == right.z;
}

IntPoint3 operator-(const IntPoint3& left, const IntPoint3& right) {
  return {left.x - right.x, left.y - right.y, left.z - right.z};
}

Integer dot(const IntPoint3& left, const IntPoint3& right) {
  return left.x * right.x + left.y * right.y + left.z * right.z;
}

IntPoint3 cross(const IntPoint3& left, const IntPoint3& right) {
  return {left.y * right.z - left.z * right.y, left.z * right.x - left.x * right.z,
          left.x * right.y - left.y * right.x};
}

bool isZero(const IntPoint3& point) { return point.x == 0 && point.y == 0 && point.z == 0; }

namespace {

// One exact term m * 2^e of a world coordinate: a product of at most three float mantissas (each below
// 2^24), so |m| < 2^72 and __int128 holds it exactly.
struct Term3 {
  __int128 mantissa = 0;
  int exponent = 0;
};

// Exact: sign * 2^twice * the product of the factors (m1 m2 ... 2^(e1 + e2 + ...)).
Term3 product(int sign, int twice, std::initializer_list<Dyadic> factors) {
  Term3 term{sign, twice};
  for (const Dyadic& factor : factors) {
    if (factor.mantissa == 0) {
      return {};
    }
    term.mantissa *= factor.mantissa;
    term.exponent += factor.exponent;
  }
  return term;
}

constexpr int TERMS_PER_COORDINATE = 8;

// The terms of one shape: per vertex three coordinates of eight terms each, and the radius.
struct ShapeTerms3 {
  std::vector<Term3> terms;
  Term3 radius;
};

// Exact: only splitFloat and products of mantissas; nothing is added yet. The matrix of the quaternion
// (oracle3.h) times v, plus p, expanded into its terms:
//   x' = vx - 2y²vx - 2z²vx + 2xy vy - 2wz vy + 2xz vz + 2wy vz + px
//   y' = 2xy vx + 2wz vx + vy - 2x²vy - 2z²vy + 2yz vz - 2wx vz + py
//   z' = 2xz vx - 2wy vx + 2yz vy + 2wx vy + vz - 2x²vz - 2y²vz + pz
ShapeTerms3 shapeTerms3(const InputShape3& shape) {
  if (shape.vertices.empty()) {
    throw std::invalid_argument("oracle: a shape needs at least one vertex");
  }
  if (shape.vertices.size() > static_cast<std::size_t>(MAX_VERTICES3)) {
    throw std::invalid_argument("oracle: a 3D shape has at most 64 vertices");
  }
  if (!(shape.radius >= 0)) {
    throw std::invalid_argument("oracle: a radius must be a finite float >= 0");
  }
  const Dyadic w = splitFloat(shape.rotationW), x = splitFloat(shape.rotationX);
  const Dyadic y = splitFloat(shape.rotationY), z = splitFloat(shape.rotationZ);
  const Dyadic px = splitFloat(shape.positionX), py = splitFloat(shape.positionY);
  const Dyadic pz = splitFloat(shape.positionZ);
  ShapeTerms3 result;
  result.radius = product(1, 0, {splitFloat(shape.radius)});
  result.terms.reserve(shape.vertices.size() * 3 * TERMS_PER_COORDINATE);
  for (const InputPoint3& vertex : shape.vertices) {
    const Dyadic vx = splitFloat(vertex.x), vy = splitFloat(vertex.y), vz = splitFloat(vertex.z);
    const std::array<Term3, 3 * TERMS_PER_COORDINATE> terms = {
        product(1, 0, {vx}),        product(-1, 1, {y, y, vx}), product(-1, 1, {z, z, vx}),
        product(1, 1, {x, y, vy}),  product(-1, 1, {w, z, vy}), product(1, 1, {x, z, vz}),
        product(1, 1, {w, y, vz}),  product(1, 0, {px}),  //
        product(1, 1, {x, y, vx}),  product(1, 1, {w, z, vx}),  product(1, 0, {vy}),
        product(-1, 1, {x, x, vy}), product(-1, 1, {z, z, vy}), product(1, 1, {y, z, vz}),
        product(-1, 1, {w, x, vz}), product(1, 0, {py}),  //
        product(1, 1, {x, z, vx}),  product(-1, 1, {w, y, vx}), product(1, 1, {y, z, vy}),
        product(1, 1, {w, x, vy}),  product(1, 0, {vz}),        product(-1, 1, {x, x, vz}),
        product(-1, 1, {y, y, vz}), product(1, 0, {pz})};
    result.terms.insert(result.terms.end(), terms.begin(), terms.end());
  }
  return result;
}

// The smallest exponent of a nonzero term of the shapes (0 when every term is 0: any exponent is exact).
int commonExponent3(std::initializer_list<const ShapeTerms3*> shapes) {
  int exponent = INT_MAX;
  for (const ShapeTerms3* shape : shapes) {
    for (const Term3& term : shape->terms) {
      if (term.mantissa != 0) exponent = std::min(exponent, term.exponent);
    }
    if (shape->radius.mantissa != 0) exponent = std::min(exponent, shape->radius.exponent);
  }
  return exponent == INT_MAX ? 0 : exponent;
}

// Exact: an __int128 as a GMP integer (one conversion when it fits in 64 bits, the common case).
Integer toInteger(__int128 value) {
  if (value >= static_cast<__int128>(INT64_MIN) && value <= static_cast<__int128>(INT64_MAX)) {
    return Integer(static_cast<long long>(value));
  }
  const bool negative = value < 0;
  const unsigned __int128 magnitude = negative ? static_cast<unsigned __int128>(0) - static_cast<unsigned __int128>(value)
                                               : static_cast<unsigned __int128>(value);
  Integer result = static_cast<unsigned long long>(magnitude >> 64);
  result <<= 64;
  result += static_cast<unsigned long long>(magnitude);
  return negative ? Integer(-result) : result;
}

// Exact: term / 2^exponent, an integer because exponent <= term.exponent.
Integer scaledTerm(const Term3& term, int exponent) {
  if (term.mantissa == 0) {
    return 0;
  }
  Integer value = toInteger(term.mantissa);
  value <<= (term.exponent - exponent);
  return value;
}

// The bits of |term| / 2^exponent: the magnitude's bit length plus the shift (0 for a zero term).
int scaledBits(const Term3& term, int exponent) {
  if (term.mantissa == 0) {
    return 0;
  }
  const unsigned __int128 magnitude = term.mantissa < 0 ? static_cast<unsigned __int128>(0) -
                                                              static_cast<unsigned __int128>(term.mantissa)
                                                        : static_cast<unsigned __int128>(term.mantissa);
  const unsigned long long high = static_cast<unsigned long long>(magnitude >> 64);
  const unsigned long long low = static_cast<unsigned long long>(magnitude);
  const int length = high != 0 ? 128 - __builtin_clzll(high) : 64 - __builtin_clzll(low);
  return length + (term.exponent - exponent);
}

// The eight terms of a coordinate of row i in groups by what they multiply (shapeTerms3's order): the terms
// of v_x, of v_y, of v_z, then p_i. GROUP_ENDS[i][g] is the end of group g; each group's sum is R_ij v_j.
constexpr int GROUP_ENDS[3][4] = {{3, 5, 7, 8}, {2, 5, 7, 8}, {2, 4, 7, 8}};

// Exact: integer sums of the exact integer terms, and the largest row sum sum_j |R_ij v_j| + |p_i| in
// `largestRowSum`. A coordinate whose eight terms are each below 2^120 in these units is summed in
// __int128 (its sums stay below 2^123); any other in GMP integers. The integers are the same either way.
std::vector<IntPoint3> scaledVertices3(const ShapeTerms3& shape, int exponent, Integer& largestRowSum) {
  std::vector<IntPoint3> result(shape.terms.size() / (3 * TERMS_PER_COORDINATE));
  for (std::size_t i = 0; i < result.size(); ++i) {
    Integer* coordinates[3] = {&result[i].x, &result[i].y, &result[i].z};
    for (int axis = 0; axis < 3; ++axis) {
      const Term3* t = &shape.terms[(i * 3 + axis) * TERMS_PER_COORDINATE];
      bool narrow = true;
      for (int k = 0; k < TERMS_PER_COORDINATE && narrow; ++k) narrow = scaledBits(t[k], exponent) <= 120;
      if (narrow) {
        __int128 sum = 0, rowSum = 0;
        for (int g = 0, k = 0; g < 4; ++g) {
          __int128 group = 0;
          for (; k < GROUP_ENDS[axis][g]; ++k) {
            if (t[k].mantissa != 0) group += t[k].mantissa * (static_cast<__int128>(1) << (t[k].exponent - exponent));
          }
          sum += group;
          rowSum += group < 0 ? -group : group;
        }
        *coordinates[axis] = toInteger(sum);
        Integer row = toInteger(rowSum);
        if (row > largestRowSum) largestRowSum = std::move(row);
        continue;
      }
      Integer rowSum;
      for (int g = 0, k = 0; g < 4; ++g) {
        Integer group;
        for (; k < GROUP_ENDS[axis][g]; ++k) group += scaledTerm(t[k], exponent);
        *coordinates[axis] += group;
        rowSum += abs(group);
      }
      if (rowSum > largestRowSum) largestRowSum = std::move(rowSum);
    }
  }
  return result;
}

}  // namespace

ScaledCase3 scaleCase3(const InputShape3& a, const InputShape3& b) {
  const ShapeTerms3 termsA = shapeTerms3(a);
  const ShapeTerms3 termsB = shapeTerms3(b);
  ScaledCase3 result;
  result.exponent = commonExponent3({&termsA, &termsB});
  result.worldA = scaledVertices3(termsA, result.exponent, result.largestRowSum);
  result.worldB = scaledVertices3(termsB, result.exponent, result.largestRowSum);
  result.radiusA = scaledTerm(termsA.radius, result.exponent);
  result.radiusB = scaledTerm(termsB.radius, result.exponent);
  return result;
}

ScaledCase3 scaleShape3(const InputShape3& shape) {
  const ShapeTerms3 terms = shapeTerms3(shape);
  ScaledCase3 result;
  result.exponent = commonExponent3({&terms});
  result.worldA = scaledVertices3(terms, result.exponent, result.largestRowSum);
  result.radiusA = scaledTerm(terms.radius, result.exponent);
  return result;
}

std::vector<IntPoint3> minkowskiCloud3(const ScaledCase3& scaled) {
  std::vector<IntPoint3> cloud;
  cloud.reserve(scaled.worldA.size() * scaled.worldB.size());
  for (const IntPoint3& pb : scaled.worldB) {
    for (const IntPoint3& pa : scaled.worldA) {
      cloud.push_back(pb - pa);
    }
  }
  return cloud;
}

ExactPoint3 scaledPoint3(const IntPoint3& point, int exponent) {
  return {scaledToRational(point.x, exponent), scaledToRational(point.y, exponent),
          scaledToRational(point.z, exponent)};
}

std::vector<ExactPoint3> worldVertices3(const InputShape3& shape) {
  const ScaledCase3 scaled = scaleShape3(shape);
  std::vector<ExactPoint3> result;
  result.reserve(scaled.worldA.size());
  for (const IntPoint3& vertex : scaled.worldA) {
    result.push_back(scaledPoint3(vertex, scaled.exponent));
  }
  return result;
}

ExactPoint3 primitiveDirection(const IntPoint3& direction) {
  Integer divisor = gcd(gcd(abs(direction.x), abs(direction.y)), abs(direction.z));
  if (divisor == 0) {
    return {};
  }
  return {Rational(Integer(direction.x / divisor)), Rational(Integer(direction.y / divisor)),
          Rational(Integer(direction.z / divisor))};
}

bool lexicographicLess3(const ExactPoint3& left, const ExactPoint3& right) {
  if (left.x != right.x) return left.x < right.x;
  if (left.y != right.y) return left.y < right.y;
  return left.z < right.z;
}

// Exact, as problemScale in 2D but in rationals throughout: the matrix entries are exact rationals of the
// quaternion's floats, each |R_ij| |v_j| an exact product, the sums and the maximum exact.
Rational problemScale3(const InputShape3& a, const InputShape3& b) {
  Rational largest = 0;
  for (const InputShape3* shape : {&a, &b}) {
    const Rational w = exactFloat(shape->rotationW), x = exactFloat(shape->rotationX);
    const Rational y = exactFloat(shape->rotationY), z = exactFloat(shape->rotationZ);
    const Rational matrix[3][3] = {{1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)},
                                   {2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)},
                                   {2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)}};
    Rational magnitude[3][3];
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j) magnitude[i][j] = abs(matrix[i][j]);
    }
    const Rational position[3] = {abs(exactFloat(shape->positionX)), abs(exactFloat(shape->positionY)),
                                  abs(exactFloat(shape->positionZ))};
    for (const InputPoint3& vertex : shape->vertices) {
      const Rational v[3] = {abs(exactFloat(vertex.x)), abs(exactFloat(vertex.y)), abs(exactFloat(vertex.z))};
      for (int i = 0; i < 3; ++i) {
        Rational sum = position[i];
        for (int j = 0; j < 3; ++j) sum += magnitude[i][j] * v[j];
        if (sum > largest) largest = sum;
      }
    }
  }
  Rational scale = largest + exactFloat(a.radius) + exactFloat(b.radius);
  if (scale == 0) {
    scale = Rational(Integer(1), Integer(1) << 126);  // the smallest normal float, 2^-126
  }
  return scale;
}

// Exact: powers of two and quotients of integers; the relation by the 2D rule (oracle.h, Relation).
ExactPoint3 closestPointFrom3(const ScaledCase3& scaled, const IntPoint3& numerator, const Integer& denominator) {
  const Rational unit = powerOfTwo(scaled.exponent);
  const Rational d(denominator);
  return {Rational(numerator.x) / d * unit, Rational(numerator.y) / d * unit, Rational(numerator.z) / d * unit};
}

ExactAnswer3 answerFrom3(const ScaledCase3& scaled, const CoreResult3& core) {
  ExactAnswer3 answer;
  const Rational unit = powerOfTwo(scaled.exponent);
  answer.closestPoint = closestPointFrom3(scaled, core.closestNumerator, core.closestDenominator);
  answer.coreDistanceSquared = answer.closestPoint.x * answer.closestPoint.x +
                               answer.closestPoint.y * answer.closestPoint.y +
                               answer.closestPoint.z * answer.closestPoint.z;
  answer.radius = scaledToRational(scaled.radiusA + scaled.radiusB, scaled.exponent);
  answer.originInInterior = core.originInInterior;
  if (core.originInInterior) {
    answer.penetrationDepthSquared = Rational(core.depthNumerator, core.depthDenominator) * unit * unit;
    answer.penetrationNormal = core.penetrationNormal;
  }
  answer.relation = relationFromSquares(answer.coreDistanceSquared, answer.radius, core.originOnBoundary);
  // problemScale3 of the case, from the same exact values in integers: its largest row sum and the two radii, all
  // in units of 2^exponent (tests/oracle/oracle3_cross_check_test.cpp compares the two on every case).
  const Integer scale = scaled.largestRowSum + scaled.radiusA + scaled.radiusB;
  answer.scale = scale == 0 ? Rational(Integer(1), Integer(1) << 126) : scaledToRational(scale, scaled.exponent);
  return answer;
}

}  // namespace gjk::oracle
