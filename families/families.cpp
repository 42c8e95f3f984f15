// The registry of the case families (families/families.h) and their sampling. The samplers are in
// families_vertex_lists.cpp, families_contact.cpp, families_extremes.cpp, families_overlap.cpp and
// families_cast.cpp; what they are built from,
// and why every coordinate is exact, in family_construction.h.
#include "families/families.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "families/family_construction.h"

namespace gjk::check {
namespace {

using namespace family_construction;

// ---------------------------------------------------------------------------------------------------
// Registry.

struct FamilyRow {
  const char* name;
  Case (*sample)(Draw& in);
};

const std::vector<FamilyRow>& familyTable() {
  static const std::vector<FamilyRow> TABLE = {
      {"random-convex", drawRandomConvex},
      {"random-points", drawRandomPoints},
      {"collinear", drawCollinear},
      {"duplicates", drawDuplicates},
      {"touching", drawTouching},
      {"overlapping", drawOverlapping},
      {"near-parallel", drawNearParallel},
      {"short-edge", drawShortEdge},
      {"large-offset", drawLargeOffset},
      {"scale", drawScale},
      {"sliver", drawSliver},
      {"degenerate", drawDegenerate},
      {"rotated", drawRotated},
      {"radius", drawRadius},
  };
  return TABLE;
}

// The overlap group (issue 13), for the penetration query: not in familyNames(), so the distance comparison's
// default families stay the fourteen above.
const std::vector<FamilyRow>& overlapFamilyTable() {
  static const std::vector<FamilyRow> TABLE = {
      {"deep-overlap", drawDeepOverlap},
      {"shallow-overlap", drawShallowOverlap},
      {"containment", drawContainment},
      {"overlap-near-parallel", drawOverlapNearParallel},
      {"overlap-far", drawOverlapFar},
      {"obb-near-right-angles", drawObbNearRightAngles},
      {"circle-polygon", drawCirclePolygon},
  };
  return TABLE;
}

// The cast group (issue 22), for the shape cast: every case has a translation. Not in familyNames() either.
const std::vector<FamilyRow>& castFamilyTable() {
  static const std::vector<FamilyRow> TABLE = {
      {"cast-tunnelling", drawCastTunnelling},
      {"cast-grazing-vertex", drawCastGrazingVertex},
      {"cast-grazing-edge", drawCastGrazingEdge},
      {"cast-grazing-miss", drawCastGrazingMiss},
      {"cast-sliding", drawCastSliding},
      {"cast-initially-touching", drawCastInitiallyTouching},
      {"cast-initially-overlapping", drawCastInitiallyOverlapping},
      {"cast-receding", drawCastReceding},
      {"cast-head-on", drawCastHeadOn},
      {"cast-long-translation", drawCastLongTranslation},
      {"cast-near-parallel", drawCastNearParallel},
      {"cast-short-edge", drawCastShortEdge},
      {"cast-rounded", drawCastRounded},
      {"cast-scale-offset", drawCastScaleOffset},
  };
  return TABLE;
}

// The rotating cast group (issue 22, rotating sweeps): cast cases where B also turns (b.angular). Not in
// castFamilyNames(): strategies that cannot turn refuse every one of its cases.
const std::vector<FamilyRow>& rotatingCastFamilyTable() {
  static const std::vector<FamilyRow> TABLE = {
      {"cast-rotating", drawCastRotating},
  };
  return TABLE;
}

const FamilyRow& familyRow(const std::string& family) {
  for (const auto* table : {&familyTable(), &overlapFamilyTable(), &castFamilyTable(), &rotatingCastFamilyTable()}) {
    for (const FamilyRow& row : *table) {
      if (row.name == family) return row;
    }
  }
  std::string known;
  for (const auto* table : {&familyTable(), &overlapFamilyTable(), &castFamilyTable(), &rotatingCastFamilyTable()}) {
    for (const FamilyRow& row : *table) known += (known.empty() ? "" : ", ") + std::string(row.name);
  }
  throw std::invalid_argument("unknown case family '" + family + "' (known: " + known + ")");
}

}  // namespace

std::vector<std::string> familyNames() {
  std::vector<std::string> names;
  for (const FamilyRow& row : familyTable()) names.push_back(row.name);
  return names;
}

std::vector<std::string> overlapFamilyNames() {
  std::vector<std::string> names;
  for (const FamilyRow& row : overlapFamilyTable()) names.push_back(row.name);
  return names;
}

bool isOverlapFamily(const std::string& family) {
  for (const FamilyRow& row : overlapFamilyTable()) {
    if (row.name == family) return true;
  }
  return false;
}

std::vector<std::string> castFamilyNames() {
  std::vector<std::string> names;
  for (const FamilyRow& row : castFamilyTable()) names.push_back(row.name);
  return names;
}

bool isCastFamily(const std::string& family) {
  for (const auto* table : {&castFamilyTable(), &rotatingCastFamilyTable()}) {
    for (const FamilyRow& row : *table) {
      if (row.name == family) return true;
    }
  }
  return false;
}

std::vector<std::string> rotatingCastFamilyNames() {
  std::vector<std::string> names;
  for (const FamilyRow& row : rotatingCastFamilyTable()) names.push_back(row.name);
  return names;
}

void checkFamilyName(const std::string& family) {
  familyRow(family);
}

Case sampleFamilyFrom(const std::string& family, ChoiceSource& source) {
  Draw in(source);
  return familyRow(family).sample(in);
}

Case sampleFamily(const std::string& family, std::uint64_t seed, std::uint64_t index) {
  PrngChoices source(familyCaseSeed(seed, index));
  Case value = sampleFamilyFrom(family, source);
  value.source = "family:" + family + "/seed:" + std::to_string(seed) + "/index:" + std::to_string(index);
  return value;
}

}  // namespace gjk::check
