// The 3D geometry-aware mutator (fuzz/geometry_mutator_3d.h): every move leaves a valid, finite 3D case that
// encodes, the moves do what they say (coplanar vertices, parallel edges, points on faces, axis planes, exact
// turns, powers of two), and a mutation is deterministic in its seed.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <optional>
#include <vector>

#include "case/case.h"
#include "case/fuzz_input_3d.h"
#include "case/unit_rotation.h"
#include "families/families.h"
#include "fuzz/geometry_mutator_3d.h"

namespace {

using namespace gjk;
namespace fs = std::filesystem;
using check::Case;

bool valid3(const Case& c) {
  if (c.dimension != 3) return false;
  for (const check::ShapeSpec* s : {&c.a, &c.b}) {
    if (s->vertices.empty() || s->vertices.size() > static_cast<std::size_t>(check::MAX_POLYTOPE_VERTICES)) return false;
    if (!std::isfinite(s->radius) || s->radius < 0) return false;
    if (!check::isUnitQuaternion(s->quaternionW, s->quaternionX, s->quaternionY, s->quaternionZ)) return false;
    for (float p : {s->positionX, s->positionY, s->positionZ}) {
      if (!std::isfinite(p)) return false;
    }
    for (const check::Vertex& v : s->vertices) {
      if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z)) return false;
    }
  }
  return true;
}

std::vector<Case> familyCases() {
  std::vector<Case> cases;
  for (const std::string& family : check::familyNames3()) {
    for (std::uint64_t index = 0; index < 3; ++index) cases.push_back(check::sampleFamily3(family, 7, index));
  }
  return cases;
}

Case twoTetrahedra() {
  Case value;
  value.dimension = 3;
  value.a.vertices = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  value.b.vertices = {{2, 0, 0}, {3, 0.5f, 0}, {2, 1, 0.25f}, {2.5f, 0.5f, 1}};
  return value;
}

double orientation(const check::Vertex& a, const check::Vertex& b, const check::Vertex& c, const check::Vertex& d) {
  const double ax = double(b.x) - a.x, ay = double(b.y) - a.y, az = double(b.z) - a.z;
  const double bx = double(c.x) - a.x, by = double(c.y) - a.y, bz = double(c.z) - a.z;
  const double cx = double(d.x) - a.x, cy = double(d.y) - a.y, cz = double(d.z) - a.z;
  return ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
}

TEST(GeometryMutator3d, everyMoveLeavesAValid3dCaseOnEveryFamily) {
  int applied = 0;
  for (const Case& original : familyCases()) {
    for (int m = 0; m < fuzz::MOVE3_COUNT; ++m) {
      for (std::uint64_t seed = 0; seed < 10; ++seed) {
        Case value = original;
        fuzz::Random random(seed);
        if (fuzz::applyMove3(static_cast<fuzz::Move3>(m), value, random)) {
          ++applied;
          EXPECT_TRUE(valid3(value)) << original.source << " " << fuzz::move3Name(static_cast<fuzz::Move3>(m));
          EXPECT_NO_THROW(check::encodeFuzzInput3d(value)) << fuzz::move3Name(static_cast<fuzz::Move3>(m));
        }
      }
    }
  }
  // Most moves apply to most cases (a drop needs two vertices, a coplanar move four, and so on).
  EXPECT_GT(applied, static_cast<int>(familyCases().size()) * fuzz::MOVE3_COUNT * 10 / 2);
}

// The same on the hand-made 3D seeds of the case corpus (corpus/seeds/3d), the 3D campaigns' seeds.
TEST(GeometryMutator3d, everyMoveLeavesAValid3dCaseOnEvery3dSeed) {
  int seeds = 0;
  for (const fs::path& file : check::collectCaseFiles({std::string(GJK_SOURCE_DIR) + "/corpus/seeds/3d"})) {
    const Case original = check::readCaseFile(file);
    ++seeds;
    for (int m = 0; m < fuzz::MOVE3_COUNT; ++m) {
      for (std::uint64_t seed = 0; seed < 10; ++seed) {
        Case value = original;
        fuzz::Random random(seed);
        if (fuzz::applyMove3(static_cast<fuzz::Move3>(m), value, random)) {
          EXPECT_TRUE(valid3(value)) << file << " " << fuzz::move3Name(static_cast<fuzz::Move3>(m));
          EXPECT_NO_THROW(check::encodeFuzzInput3d(value)) << file << " " << fuzz::move3Name(static_cast<fuzz::Move3>(m));
        }
      }
    }
  }
  EXPECT_GE(seeds, 30);
}

TEST(GeometryMutator3d, aCoplanarMoveLeavesFourVerticesOnOnePlaneAsFarAsFloatsAllow) {
  int moved = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Case value = twoTetrahedra();
    fuzz::Random random(seed);
    if (!fuzz::applyMove3(fuzz::Move3::CoplanarVertex, value, random)) continue;
    for (const check::ShapeSpec* s : {&value.a, &value.b}) {
      const auto& v = s->vertices;
      // The tetrahedra had volume 1/6 and more; one of them is now flat to within rounding of its coordinates.
      if (std::fabs(orientation(v[0], v[1], v[2], v[3])) < 1e-6) ++moved;
    }
  }
  EXPECT_GT(moved, 20);
}

TEST(GeometryMutator3d, aParallelEdgeMoveMakesAnEdgeOfOneShapeParallelToOneOfTheOther) {
  int parallel = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Case value = twoTetrahedra();
    fuzz::Random random(seed);
    if (!fuzz::applyMove3(fuzz::Move3::ParallelEdge, value, random)) continue;
    // Some edge of A and some edge of B (pairs of vertices, identity rotations here) are parallel exactly.
    bool found = false;
    for (std::size_t i = 0; i < 4 && !found; ++i) {
      for (std::size_t j = i + 1; j < 4 && !found; ++j) {
        for (std::size_t k = 0; k < 4 && !found; ++k) {
          for (std::size_t l = k + 1; l < 4 && !found; ++l) {
            const auto& a = value.a.vertices;
            const auto& b = value.b.vertices;
            const double ux = double(a[j].x) - a[i].x, uy = double(a[j].y) - a[i].y, uz = double(a[j].z) - a[i].z;
            const double vx = double(b[l].x) - b[k].x, vy = double(b[l].y) - b[k].y, vz = double(b[l].z) - b[k].z;
            const double cx = uy * vz - uz * vy, cy = uz * vx - ux * vz, cz = ux * vy - uy * vx;
            found = cx == 0 && cy == 0 && cz == 0 && (ux != 0 || uy != 0 || uz != 0) && (vx != 0 || vy != 0 || vz != 0);
          }
        }
      }
    }
    parallel += found;
  }
  // Powers of two times a difference of small dyadic numbers are exact: the edges are parallel bit for bit.
  EXPECT_GT(parallel, 100);
}

TEST(GeometryMutator3d, aQuarterTurnIsOneOfTheExactTurns) {
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Case value = twoTetrahedra();
    fuzz::Random random(seed);
    ASSERT_TRUE(fuzz::applyMove3(fuzz::Move3::QuarterTurn, value, random));
    for (const check::ShapeSpec* s : {&value.a, &value.b}) {
      for (float q : {s->quaternionW, s->quaternionX, s->quaternionY, s->quaternionZ}) {
        const float m = std::fabs(q);
        EXPECT_TRUE(m == 0 || m == 1 || m == 0.5f || m == 0.70710677f) << q;
      }
    }
  }
}

TEST(GeometryMutator3d, aScaleIsAPowerOfTwo) {
  for (std::uint64_t seed = 0; seed < 100; ++seed) {
    Case value = twoTetrahedra();
    const Case before = value;
    fuzz::Random random(seed);
    ASSERT_TRUE(fuzz::applyMove3(fuzz::Move3::ScalePowerOfTwo, value, random));
    // Every nonzero coordinate of a changed shape is the old one times the same power of two.
    for (int shape = 0; shape < 2; ++shape) {
      const auto& old = shape == 0 ? before.a.vertices : before.b.vertices;
      const auto& now = shape == 0 ? value.a.vertices : value.b.vertices;
      std::optional<double> ratio;
      for (std::size_t i = 0; i < old.size(); ++i) {
        for (auto [o, n] : {std::pair{old[i].x, now[i].x}, std::pair{old[i].y, now[i].y}, std::pair{old[i].z, now[i].z}}) {
          if (o == 0 || n == 0) continue;  // a product below the subnormals flushes to zero
          const double r = double(n) / double(o);
          int exponent = 0;
          EXPECT_EQ(std::frexp(r, &exponent), 0.5) << r;
          if (ratio) EXPECT_EQ(*ratio, r);
          ratio = r;
        }
      }
    }
  }
}

TEST(GeometryMutator3d, ontoFacePutsAVertexOnAFaceOfTheOtherShape) {
  int onFace = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Case value = twoTetrahedra();
    const Case before = value;
    fuzz::Random random(seed);
    if (!fuzz::applyMove3(fuzz::Move3::OntoFace, value, random)) continue;
    // The moved vertex lies (to float rounding) in the plane of three vertices of the other shape.
    for (int shape = 0; shape < 2; ++shape) {
      const auto& now = shape == 0 ? value.a.vertices : value.b.vertices;
      const auto& old = shape == 0 ? before.a.vertices : before.b.vertices;
      const auto& other = shape == 0 ? value.b.vertices : value.a.vertices;
      for (std::size_t i = 0; i < now.size(); ++i) {
        if (now[i].x == old[i].x && now[i].y == old[i].y && now[i].z == old[i].z) continue;
        bool near = false;
        for (std::size_t a = 0; a < 4; ++a) {
          for (std::size_t b = a + 1; b < 4; ++b) {
            for (std::size_t c = b + 1; c < 4; ++c) near |= std::fabs(orientation(other[a], other[b], other[c], now[i])) < 1e-5;
          }
        }
        onFace += near;
      }
    }
  }
  EXPECT_GT(onFace, 50);
}

TEST(GeometryMutator3d, aMutationIsDeterministicInItsSeedAndRejectsWhatDoesNotDecode) {
  const std::vector<std::uint8_t> bytes = check::encodeFuzzInput3d(twoTetrahedra());
  std::vector<std::uint8_t> first(check::FUZZ_INPUT_3D_MAX_CASE_SIZE), second(check::FUZZ_INPUT_3D_MAX_CASE_SIZE);
  int changed = 0;
  for (unsigned seed = 0; seed < 100; ++seed) {
    std::memcpy(first.data(), bytes.data(), bytes.size());
    std::memcpy(second.data(), bytes.data(), bytes.size());
    const std::size_t a = fuzz::mutateGeometry3d(first.data(), bytes.size(), first.size(), seed);
    const std::size_t b = fuzz::mutateGeometry3d(second.data(), bytes.size(), second.size(), seed);
    ASSERT_EQ(a, b);
    EXPECT_TRUE(std::equal(first.begin(), first.begin() + a, second.begin()));
    if (a == 0) continue;
    const std::optional<Case> decoded = check::decodeFuzzInput3d(first.data(), a);
    ASSERT_TRUE(decoded.has_value());
    EXPECT_TRUE(valid3(*decoded));
    changed += a != bytes.size() || !std::equal(bytes.begin(), bytes.end(), first.begin());
  }
  EXPECT_GT(changed, 80);
  std::uint8_t garbage[2] = {0x3f, 0x3f};  // 64 vertices each, no bytes for them
  EXPECT_EQ(fuzz::mutateGeometry3d(garbage, sizeof garbage, sizeof garbage, 1), 0u);
}

}  // namespace
