// The 3D invariance claims compare a strategy with itself on variants of a case (verdict/claims.h
// claimVariants): a violation is the strategy's only if each variant is the same problem. Here, on generated
// cases of every 3D family (genAnyFamily3), the exact 3D oracle gives each variant its reference's answer: the
// same squared core distance, radius and relation (A and B swapped, vertex lists reordered, vertices
// doubled, hull points added, the folded case translated exactly).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "case/case.h"
#include "oracle/oracle3.h"
#include "properties/family_generators.h"
#include "properties/property_support.h"
#include "verdict/claims.h"
#include "verdict/exact_case3.h"

namespace {

using gjk::check::Case;

gjk::oracle::ExactAnswer3 solve(const Case& value) {
  return gjk::oracle::solveWithoutHull3(gjk::check::toOracleShape3(value.a), gjk::check::toOracleShape3(value.b));
}

// At most `most` of the variants, spread over the list (first and last included): a 64-vertex shape has 127
// reorderings, and every one is the same kind of change as its neighbours.
std::vector<gjk::check::ClaimVariant> spread(std::vector<gjk::check::ClaimVariant> variants, std::size_t most) {
  if (variants.size() <= most) return variants;
  std::vector<gjk::check::ClaimVariant> chosen;
  for (std::size_t k = 0; k < most; ++k) chosen.push_back(variants[k * (variants.size() - 1) / (most - 1)]);
  return chosen;
}

}  // namespace

RC_GTEST_PROP(SpaceClaimVariants, haveTheExactAnswerOfTheirReference, ()) {
  gjk::properties::announceRun();
  const Case value = *gjk::check::genAnyFamily3();
  RC_ASSERT(value.dimension == 3);
  const gjk::oracle::ExactAnswer3 answer = solve(value);
  const gjk::oracle::ExactAnswer3 folded = solve(gjk::check::foldTransforms(value));
  RC_TAG(value.metaValue("family"), gjk::oracle::relationName(answer.relation));
  for (const char* property : {"isSymmetricWhenAAndBAreSwapped", "ignoresVertexOrder", "ignoresDuplicateVertices",
                               "ignoresInteriorPoints", "ignoresAnExactTranslation"}) {
    const gjk::oracle::ExactAnswer3& reference =
        std::string(property) == "ignoresAnExactTranslation" ? folded : answer;
    for (const gjk::check::ClaimVariant& variant : spread(gjk::check::claimVariants(property, value), 6)) {
      RC_ASSERT(variant.value.dimension == 3);
      const gjk::oracle::ExactAnswer3 got = solve(variant.value);
      if (got.coreDistanceSquared != reference.coreDistanceSquared || got.radius != reference.radius ||
          got.relation != reference.relation) {
        RC_FAIL(std::string(property) + ": the variant '" + variant.name + "' is not the same problem (relation " +
                gjk::oracle::relationName(got.relation) + " against " +
                gjk::oracle::relationName(reference.relation) + ")");
      }
    }
  }
}
