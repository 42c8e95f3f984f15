// The errors of 3D cases (docs/case-format.md, "3D cases"): every one names file and line, with its exact text.
#include <gtest/gtest.h>

#include <string>

#include "case/case.h"
#include "tests/case/case_file_support.h"

namespace gjk::check {
namespace {

std::string spaceCase(const std::string& lines) {
  return "gjk-case 1\ndimension 3\n" + lines;
}

TEST(SpaceCaseErrors, dimensionOnlyRightAfterTheHeader) {
  expectCaseError("gjk-case 1\nmeta.family x\ndimension 3\na.vertex 0 0 0\nb.vertex 0 0 0\n",
                  "t.case:3: `dimension` must be the first line after the header `gjk-case 1`, before every meta and "
                  "shape line",
                  3);
  expectCaseError("gjk-case 1\na.vertex 0 0\ndimension 2\nb.vertex 0 0\n",
                  "t.case:3: `dimension` must be the first line after the header `gjk-case 1`, before every meta and "
                  "shape line",
                  3);
  expectCaseError("gjk-case 1\ndimension 3\ndimension 3\na.vertex 0 0 0\nb.vertex 0 0 0\n",
                  "t.case:3: repeated `dimension` (first given on line 2)", 3);
  expectCaseError("dimension 3\ngjk-case 1\n", "t.case:1: missing header `gjk-case 1`", 1);
}

TEST(SpaceCaseErrors, dimensionIsTwoOrThree) {
  expectCaseError("gjk-case 1\ndimension 4\n",
                  "t.case:2: unsupported `dimension 4`: a case is `dimension 2` (the default) or `dimension 3`", 2);
  expectCaseError("gjk-case 1\ndimension 3.0\n",
                  "t.case:2: unsupported `dimension 3.0`: a case is `dimension 2` (the default) or `dimension 3`", 2);
  expectCaseError("gjk-case 1\ndimension\n", "t.case:2: dimension takes 1 number (2 or 3), got 0", 2);
  expectCaseError("gjk-case 1\ndimension 3 3\n", "t.case:2: dimension takes 1 number (2 or 3), got 2", 2);
  expectCaseError("gjk-case 1\ndimensions 3\n", "t.case:2: unknown key `dimensions`", 2);
}

TEST(SpaceCaseErrors, wrongNumberOfNumbers) {
  expectCaseError(spaceCase("a.vertex 1 2\n"), "t.case:3: a.vertex takes 3 numbers (x y z), got 2", 3);
  expectCaseError(spaceCase("a.vertex 1 2 3 4\n"), "t.case:3: a.vertex takes 3 numbers (x y z), got 4", 3);
  expectCaseError(spaceCase("b.position 1 2\n"), "t.case:3: b.position takes 3 numbers (x y z), got 2", 3);
  expectCaseError(spaceCase("a.rotation 1 0\n"), "t.case:3: a.rotation takes 4 numbers (w x y z), got 2", 3);
  expectCaseError(spaceCase("a.rotation 1 0 0\n"), "t.case:3: a.rotation takes 4 numbers (w x y z), got 3", 3);
  expectCaseError(spaceCase("a.radius 1 2\n"), "t.case:3: a.radius takes 1 number (r), got 2", 3);
  // And a 2D case still takes two.
  expectCaseError("gjk-case 1\na.vertex 1 2 3\n", "t.case:2: a.vertex takes 2 numbers (x y), got 3", 2);
  expectCaseError("gjk-case 1\ndimension 2\na.rotation 1 0 0 0\n",
                  "t.case:3: a.rotation takes 2 numbers (c s), got 4", 3);
}

TEST(SpaceCaseErrors, aQuaternionThatIsNotAUnitOne) {
  expectCaseError(spaceCase("a.rotation 1 2 2 4\n"),
                  "t.case:3: a.rotation 1 2 2 4 is not a unit quaternion: w^2 + x^2 + y^2 + z^2 - 1 = 24 (exactly, for "
                  "the floats read), beyond the allowed +-2^-20; give a quaternion normalized in float",
                  3);
  // Just beyond the boundary: (1, 2^-10 + 2^-33, 0, 0).
  expectCaseError(spaceCase("b.rotation 1 0x1.000002p-10 0 0\n"),
                  "t.case:3: b.rotation 1 0x1.000002p-10 0 0 is not a unit quaternion: w^2 + x^2 + y^2 + z^2 - 1 = "
                  "9.54e-07 (exactly, for the floats read), beyond the allowed +-2^-20; give a quaternion normalized "
                  "in float",
                  3);
  expectCaseError(spaceCase("b.rotation 0 0 0 0\n"),
                  "t.case:3: b.rotation 0 0 0 0 is not a unit quaternion: w^2 + x^2 + y^2 + z^2 - 1 = -1 (exactly, "
                  "for the floats read), beyond the allowed +-2^-20; give a quaternion normalized in float",
                  3);
  // On the boundary: read.
  EXPECT_EQ(parse(spaceCase("a.rotation 1 0x1p-10 0 0\na.vertex 0 0 0\nb.vertex 0 0 0\n")).a.quaternionX, 0x1p-10f);
  expectCaseError(spaceCase("a.rotation 1 0 0 nan\n"), "t.case:3: not a finite float: nan", 3);
}

TEST(SpaceCaseErrors, noCastInThreeDimensions) {
  expectCaseError(spaceCase("a.vertex 0 0 0\nb.vertex 0 0 0\nb.translation 1 0\n"),
                  "t.case:5: `b.translation` in a 3D case: there is no 3D cast case (a 3D case is a distance question "
                  "only)",
                  5);
  expectCaseError(spaceCase("b.angular 1\n"),
                  "t.case:3: `b.angular` in a 3D case: there is no 3D cast case (a 3D case is a distance question "
                  "only)",
                  3);
}

TEST(SpaceCaseErrors, theOtherRulesHoldIn3d) {
  expectCaseError(spaceCase("a.radius -1\n"), "t.case:3: negative radius: -1", 3);
  expectCaseError(spaceCase("a.vertex 0 0 inf\n"), "t.case:3: not a finite float: inf", 3);
  expectCaseError(spaceCase("a.vertex 0 0 0\n"), "t.case: shape b has no vertex", 0);
  expectCaseError(spaceCase("a.position 0 0 0\na.position 0 0 1\n"),
                  "t.case:4: repeated `a.position` (first given on line 3)", 4);
}

}  // namespace
}  // namespace gjk::check
