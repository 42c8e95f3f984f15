// What every generated case of a family must satisfy: test support shared by the family tests
// (tests/families/) and the tests of the RapidCheck wrapper (properties/family_generators_test.cpp).
#pragma once

#include <cstring>
#include <exception>
#include <sstream>
#include <string>

#include "case/case.h"
#include "case/unit_rotation.h"
#include "core/limits.h"
#include "families/families.h"
#include "verdict/expectations.h"

namespace gjk::check::test_support {

inline bool sameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Every float and meta line of two cases, the translation included, bit for bit.
inline bool identicalCases(const Case& x, const Case& y) {
  auto sameShape = [](const ShapeSpec& a, const ShapeSpec& b) {
    if (a.vertices.size() != b.vertices.size()) return false;
    for (std::size_t i = 0; i < a.vertices.size(); ++i)
      if (!sameBits(a.vertices[i].x, b.vertices[i].x) || !sameBits(a.vertices[i].y, b.vertices[i].y)) return false;
    return sameBits(a.radius, b.radius) && sameBits(a.positionX, b.positionX) &&
           sameBits(a.positionY, b.positionY) && sameBits(a.rotationC, b.rotationC) &&
           sameBits(a.rotationS, b.rotationS);
  };
  if (x.meta.size() != y.meta.size()) return false;
  for (std::size_t i = 0; i < x.meta.size(); ++i)
    if (x.meta[i].key != y.meta[i].key || x.meta[i].value != y.meta[i].value) return false;
  return sameShape(x.a, y.a) && sameShape(x.b, y.b) && x.hasTranslation == y.hasTranslation &&
         sameBits(x.translationX, y.translationX) && sameBits(x.translationY, y.translationY) &&
         x.hasAngular == y.hasAngular && sameBits(x.angular, y.angular);
}

// What is wrong with a case of `family` ("" when nothing): its meta.family, vertex counts, unit rotations
// (docs/case-format.md), an exact round trip through the file format, the family's defining feature, and the case's
// own exact expectations. The case file follows the problems, for the failure message.
inline std::string familyCaseProblems(const std::string& family, const Case& value) {
  std::ostringstream out;
  if (value.metaValue("family") != family) out << "meta.family is '" << value.metaValue("family") << "'; ";
  for (const ShapeSpec* shape : {&value.a, &value.b}) {
    if (shape->vertices.empty() || shape->vertices.size() > static_cast<std::size_t>(MAX_POLYGON_VERTICES))
      out << "a shape has " << shape->vertices.size() << " vertices; ";
    if (!isUnitRotation(shape->rotationC, shape->rotationS)) out << "a rotation is not a unit rotation; ";
  }
  const std::string text = formatCase(value);
  if (!identicalCases(parseCase(text, "generated"), value)) out << "the reader does not give the case back; ";
  const std::string feature = missingFamilyFeature(value);
  if (!feature.empty()) out << "missing feature: " << feature << "; ";
  for (const std::string& message : unmetCaseExpectations(value)) out << message << "; ";
  const std::string problems = out.str();
  return problems.empty() ? "" : problems + "\n" + text;
}

// Every float (z and the quaternion included), the dimension and every meta line of two cases, bit for bit.
inline bool identicalCases3(const Case& x, const Case& y) {
  auto sameShape = [](const ShapeSpec& a, const ShapeSpec& b) {
    if (a.vertices.size() != b.vertices.size()) return false;
    for (std::size_t i = 0; i < a.vertices.size(); ++i)
      if (!sameBits(a.vertices[i].x, b.vertices[i].x) || !sameBits(a.vertices[i].y, b.vertices[i].y) ||
          !sameBits(a.vertices[i].z, b.vertices[i].z))
        return false;
    return sameBits(a.radius, b.radius) && sameBits(a.positionX, b.positionX) && sameBits(a.positionY, b.positionY) &&
           sameBits(a.positionZ, b.positionZ) && sameBits(a.rotationC, b.rotationC) &&
           sameBits(a.rotationS, b.rotationS) && sameBits(a.quaternionW, b.quaternionW) &&
           sameBits(a.quaternionX, b.quaternionX) && sameBits(a.quaternionY, b.quaternionY) &&
           sameBits(a.quaternionZ, b.quaternionZ);
  };
  if (x.meta.size() != y.meta.size() || x.dimension != y.dimension || x.hasTranslation != y.hasTranslation ||
      x.hasAngular != y.hasAngular)
    return false;
  for (std::size_t i = 0; i < x.meta.size(); ++i)
    if (x.meta[i].key != y.meta[i].key || x.meta[i].value != y.meta[i].value) return false;
  return sameShape(x.a, y.a) && sameShape(x.b, y.b);
}

// What is wrong with a case of the 3D `family` ("" when nothing): meta.family and meta.construction, dimension 3,
// no cast lines, 1..MAX_POLYTOPE_VERTICES vertices a shape, unit quaternions (isUnitQuaternion) and no 2D
// rotation, a well-formed meta.expected-relation, an exact round trip through the file format, and the family's
// defining feature (missingFamilyFeature3). The claimed relation itself is the 3D oracle's to check
// (solveExactly3; unmetCaseExpectations is 2D). The case file follows the problems.
inline std::string familyCaseProblems3(const std::string& family, const Case& value) {
  std::ostringstream out;
  if (value.metaValue("family") != family) out << "meta.family is '" << value.metaValue("family") << "'; ";
  if (value.metaValue("construction").empty()) out << "no meta.construction; ";
  if (value.dimension != 3) out << "dimension " << value.dimension << "; ";
  if (value.hasTranslation || value.hasAngular) out << "a cast case; ";
  for (const ShapeSpec* shape : {&value.a, &value.b}) {
    if (shape->vertices.empty() || shape->vertices.size() > static_cast<std::size_t>(MAX_POLYTOPE_VERTICES))
      out << "a shape has " << shape->vertices.size() << " vertices; ";
    if (!isUnitQuaternion(shape->quaternionW, shape->quaternionX, shape->quaternionY, shape->quaternionZ))
      out << "a quaternion is not a unit one; ";
    if (!sameBits(shape->rotationC, 1.0f) || !sameBits(shape->rotationS, 0.0f)) out << "a 2D rotation is set; ";
  }
  const std::string relation = value.metaValue("expected-relation");
  if (!relation.empty() && relation != "separated" && relation != "touching" && relation != "overlapping")
    out << "meta.expected-relation '" << relation << "'; ";
  std::string text;
  try {
    text = formatCase(value);
    if (!identicalCases3(parseCase(text, "generated"), value)) out << "the reader does not give the case back; ";
  } catch (const std::exception& error) {
    out << "the case does not round-trip: " << error.what() << "; ";
  }
  const std::string feature = missingFamilyFeature3(value);
  if (!feature.empty()) out << "missing feature: " << feature << "; ";
  const std::string problems = out.str();
  return problems.empty() ? "" : problems + "\n" + text;
}

}  // namespace gjk::check::test_support
