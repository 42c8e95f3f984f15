// What every generated case of a family must satisfy: test support shared by the family tests
// (tests/families/) and the tests of the RapidCheck wrapper (properties/family_generators_test.cpp).
#pragma once

#include <cstring>
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

}  // namespace gjk::check::test_support
