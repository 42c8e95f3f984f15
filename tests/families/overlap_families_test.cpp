// The overlap group (issue 13): every case of each overlap family shows its feature, its exact relation is
// the one it claims, its exact penetration depth is positive, and the distance comparison's default families
// stay the fourteen of README.md.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "families/families.h"
#include "oracle/penetration.h"
#include "verdict/exact_case.h"

namespace gjk::check {
namespace {

TEST(OverlapFamilies, areSevenAndNotAmongTheDistanceComparisonsDefaults) {
  EXPECT_EQ(overlapFamilyNames(), (std::vector<std::string>{"deep-overlap", "shallow-overlap", "containment",
                                                            "overlap-near-parallel", "overlap-far",
                                                            "obb-near-right-angles", "circle-polygon"}));
  EXPECT_EQ(familyNames().size(), 14u);
  for (const std::string& name : overlapFamilyNames()) {
    EXPECT_NO_THROW(checkFamilyName(name));
    EXPECT_TRUE(isOverlapFamily(name));
  }
  EXPECT_FALSE(isOverlapFamily("overlapping"));
}

TEST(OverlapFamilies, everyCaseOverlapsExactlyAsItClaims) {
  for (const std::string& family : overlapFamilyNames()) {
    int claimed = 0;
    for (std::uint64_t index = 0; index < 300; ++index) {
      const Case value = sampleFamily(family, 13, index);
      EXPECT_EQ(missingFamilyFeature(value), "") << value.source;
      const oracle::ExactAnswer exact = solveExactly(value);
      const std::string claim = value.metaValue("expected-relation");
      if (!claim.empty()) {
        ++claimed;
        EXPECT_EQ(claim, oracle::relationName(exact.relation)) << value.source;
      }
      const oracle::ExactPenetration penetration = oracle::penetrationByHull(exact);
      EXPECT_GT(oracle::penetrationDepth(penetration), 0) << value.source;
      // The same case again, bit for bit.
      const Case again = sampleFamily(family, 13, index);
      EXPECT_EQ(again.a.vertices.size(), value.a.vertices.size());
      EXPECT_EQ(again.b.positionX, value.b.positionX);
    }
    EXPECT_GE(claimed, 250) << family;
  }
}

// overlap-far's tiny overlaps sit 2^10..2^20 sizes from the origin: S / size >= 2^9 on every case.
TEST(OverlapFamilies, overlapFarIsFarFromTheOriginAndShallow) {
  for (std::uint64_t index = 0; index < 100; ++index) {
    const Case value = sampleFamily("overlap-far", 5, index);
    const oracle::ExactAnswer exact = solveExactly(value);
    const double scale = static_cast<double>(exact.scale);
    const double depth = static_cast<double>(oracle::penetrationDepth(oracle::penetrationByHull(exact)));
    EXPECT_GT(scale / depth, 0x1p12) << value.source;
  }
}

}  // namespace
}  // namespace gjk::check
