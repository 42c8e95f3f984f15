// Exact conversion of the input floats, and the exact world vertices (the code both methods share).
#include "oracle/exact_arithmetic.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <stdexcept>

namespace gjk::oracle {

// Exact: an integer shift, as a canonical rational.
Rational powerOfTwo(int exponent) {
  Integer power = 1;
  if (exponent >= 0) {
    power <<= exponent;
    return Rational(power);
  }
  power <<= -exponent;
  return Rational(Integer(1), power);
}

// Exact: a shift of an integer, or the integer over a power of two, canonicalized by GMP.
Rational scaledToRational(const Integer& value, int exponent) {
  if (exponent >= 0) {
    return Rational(Integer(value << exponent));
  }
  Integer denominator = 1;
  denominator <<= -exponent;
  return Rational(value, denominator);  // canonicalized by GMP
}

// Exact: splitFloat is exact and m * 2^e is a dyadic rational.
Rational exactFloat(float value) {
  const Dyadic split = splitFloat(value);
  return scaledToRational(Integer(split.mantissa), split.exponent);
}

namespace {

// One exact term m * 2^e of a world coordinate. Products of two float mantissas (< 2^24 each) fit in
// 48 bits, so long long holds them exactly.
struct Term {
  long long mantissa = 0;
  int exponent = 0;
};

// Exact: (m1 2^e1)(m2 2^e2) = (m1 m2) 2^(e1 + e2), the mantissa product below 2^48.
Term product(const Dyadic& left, const Dyadic& right) {
  if (left.mantissa == 0 || right.mantissa == 0) {
    return {};
  }
  return {left.mantissa * right.mantissa, left.exponent + right.exponent};
}

// Exact: a float as a term, unchanged.
Term single(const Dyadic& value) { return {value.mantissa, value.exponent}; }

// Exact: negating a mantissa below 2^48 cannot overflow.
Term negated(Term term) {
  term.mantissa = -term.mantissa;
  return term;
}

// The three exact terms of each coordinate of each vertex, and the radius, of one shape.
struct ShapeTerms {
  std::vector<Term> terms;  // per vertex: x0, x1, x2, y0, y1, y2
  Term radius;
};

// Exact: only splitFloat and product, both exact; nothing is added yet. Rejects an empty shape, a
// non-finite number and a negative radius (docs/case-format.md: r >= 0), which have no meaningful exact answer.
ShapeTerms shapeTerms(const InputShape& shape) {
  if (shape.vertices.empty()) {
    throw std::invalid_argument("oracle: a shape needs at least one vertex");
  }
  if (!(shape.radius >= 0)) {
    throw std::invalid_argument("oracle: a radius must be a finite float >= 0");
  }
  const Dyadic c = splitFloat(shape.rotationC);
  const Dyadic s = splitFloat(shape.rotationS);
  const Dyadic px = splitFloat(shape.positionX);
  const Dyadic py = splitFloat(shape.positionY);
  ShapeTerms result;
  result.radius = single(splitFloat(shape.radius));
  result.terms.reserve(shape.vertices.size() * 6);
  for (const InputPoint& vertex : shape.vertices) {
    const Dyadic x = splitFloat(vertex.x);
    const Dyadic y = splitFloat(vertex.y);
    // world = (c*x - s*y + px, s*x + c*y + py), applied exactly as given.
    result.terms.push_back(product(c, x));
    result.terms.push_back(negated(product(s, y)));
    result.terms.push_back(single(px));
    result.terms.push_back(product(s, x));
    result.terms.push_back(product(c, y));
    result.terms.push_back(single(py));
  }
  return result;
}

// The smallest exponent seen so far; zero terms have no exponent and do not count.
void lowerExponent(const Term& term, int& exponent) {
  if (term.mantissa != 0) {
    exponent = std::min(exponent, term.exponent);
  }
}

// term / 2^exponent, an integer because exponent <= term.exponent.
Integer scaledTerm(const Term& term, int exponent) {
  Integer value = term.mantissa;
  if (term.mantissa != 0) {
    value <<= (term.exponent - exponent);
  }
  return value;
}

// Exact: integer sums of the exact integer terms, no rounding at any size.
std::vector<IntPoint> scaledVertices(const ShapeTerms& shape, int exponent) {
  std::vector<IntPoint> result(shape.terms.size() / 6);
  for (std::size_t i = 0; i < result.size(); ++i) {
    const Term* t = &shape.terms[i * 6];
    result[i].x = scaledTerm(t[0], exponent) + scaledTerm(t[1], exponent) + scaledTerm(t[2], exponent);
    result[i].y = scaledTerm(t[3], exponent) + scaledTerm(t[4], exponent) + scaledTerm(t[5], exponent);
  }
  return result;
}

// The largest exponent E with every term an integer multiple of 2^E: the smallest term exponent.
int commonExponent(const std::vector<const ShapeTerms*>& shapes) {
  int exponent = INT_MAX;
  for (const ShapeTerms* shape : shapes) {
    for (const Term& term : shape->terms) {
      lowerExponent(term, exponent);
    }
    lowerExponent(shape->radius, exponent);
  }
  return exponent == INT_MAX ? 0 : exponent;  // everything zero: any exponent is exact
}

}  // namespace

// Exact (see exact_arithmetic.h): one common exponent for both shapes, so b - a is an integer.
ScaledCase scaleCase(const InputShape& a, const InputShape& b) {
  const ShapeTerms termsA = shapeTerms(a);
  const ShapeTerms termsB = shapeTerms(b);
  ScaledCase result;
  result.exponent = commonExponent({&termsA, &termsB});
  result.worldA = scaledVertices(termsA, result.exponent);
  result.worldB = scaledVertices(termsB, result.exponent);
  result.radiusA = scaledTerm(termsA.radius, result.exponent);
  result.radiusB = scaledTerm(termsB.radius, result.exponent);
  return result;
}

// Exact, as scaleCase, for one shape.
ScaledCase scaleShape(const InputShape& shape) {
  const ShapeTerms terms = shapeTerms(shape);
  ScaledCase result;
  result.exponent = commonExponent({&terms});
  result.worldA = scaledVertices(terms, result.exponent);
  result.radiusA = scaledTerm(terms.radius, result.exponent);
  return result;
}

// Exact: the scaled integers times 2^exponent (scaleShape), as canonical rationals.
std::vector<ExactPoint> worldVertices(const InputShape& shape) {
  const ScaledCase scaled = scaleShape(shape);
  std::vector<ExactPoint> result;
  result.reserve(scaled.worldA.size());
  for (const IntPoint& vertex : scaled.worldA) {
    result.push_back({scaledToRational(vertex.x, scaled.exponent), scaledToRational(vertex.y, scaled.exponent)});
  }
  return result;
}

// Exact: the canonical numerator and denominator in decimal.
std::string rationalString(const Rational& value) {
  // Exact: GMP keeps a rational canonical (lowest terms, positive denominator).
  const Integer numerator = boost::multiprecision::numerator(value);
  const Integer denominator = boost::multiprecision::denominator(value);
  if (denominator == 1) {
    return numerator.str();
  }
  return numerator.str() + "/" + denominator.str();
}

// Exact: rational comparisons only (d0 and r are >= 0, so d0 against r is d0^2 against r^2).
Relation relationFromSquares(const Rational& coreDistanceSquared, const Rational& radius, bool originOnBoundary) {
  const Rational radiusSquared = radius * radius;
  if (coreDistanceSquared > radiusSquared) {
    return Relation::Separated;
  }
  if (coreDistanceSquared < radiusSquared) {
    return Relation::Overlapping;
  }
  if (radius > 0) {
    return Relation::Touching;  // d0 = r > 0: on the boundary of M grown by the ball
  }
  // r = 0 and d0 = 0: touching on the boundary of M, overlapping strictly inside.
  return originOnBoundary ? Relation::Touching : Relation::Overlapping;
}

// Names as the JSON output and the reports spell them (docs/case-format.md, §7).
const char* relationName(Relation relation) {
  switch (relation) {
    case Relation::Separated:
      return "separated";
    case Relation::Touching:
      return "touching";
    case Relation::Overlapping:
      return "overlapping";
  }
  return "unknown";
}

}  // namespace gjk::oracle
