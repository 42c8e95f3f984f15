// The geometry-aware mutator (fuzz/geometry_mutator.h): every move leaves a valid, finite case, the
// moves do what they say, and a mutation is deterministic in its seed.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>

#include "case/case.h"
#include "case/fuzz_input.h"
#include "case/unit_rotation.h"
#include "fuzz/geometry_mutator.h"

namespace {

using namespace gjk;
using check::Case;
namespace fs = std::filesystem;

Case plank() {
  return check::readCaseFile(fs::path(GJK_SOURCE_DIR) / "corpus/seeds/short-edge/box2d-plank-vs-point.case");
}

bool valid(const Case& c) {
  for (const check::ShapeSpec* s : {&c.a, &c.b}) {
    if (s->vertices.empty() || s->vertices.size() > 16) return false;
    if (!std::isfinite(s->radius) || s->radius < 0) return false;
    if (!check::isUnitRotation(s->rotationC, s->rotationS)) return false;  // docs/case-format.md
    for (const check::Vertex& v : s->vertices) {
      if (!std::isfinite(v.x) || !std::isfinite(v.y)) return false;
    }
  }
  return true;
}

TEST(GeometryMutator, everyMoveLeavesAValidCaseOnEveryCorpusCase) {
  for (const fs::path& file : check::collectCaseFiles({std::string(GJK_SOURCE_DIR) + "/corpus/seeds"})) {
    Case original = check::readCaseFile(file);
    if (original.dimension == 3) continue;  // the 3D seeds: the 3D mutator's (mutator_3d_test.cpp)
    for (int m = 0; m < fuzz::MOVE_COUNT; ++m) {
      for (std::uint64_t seed = 0; seed < 20; ++seed) {
        Case value = original;
        fuzz::Random random(seed);
        if (fuzz::applyMove(static_cast<fuzz::Move>(m), value, random)) {
          EXPECT_TRUE(valid(value)) << file << " " << fuzz::moveName(static_cast<fuzz::Move>(m));
          EXPECT_NO_THROW(check::encodeFuzzInput(value));
        }
      }
    }
  }
}

TEST(GeometryMutator, movesOnRotationFieldsLeaveAUnitRotation) {
  // Nudges and copies reach the rotation one time in four; whatever they do to (c, s), the case keeps a
  // unit rotation, and a nudged rotation turns by a little instead of leaving the circle.
  Case value;
  value.a.vertices = {{0, 0}, {1, 0}, {1, 1}};
  value.b.vertices = {{0, 2}, {1, 3}};
  value.a.rotationC = 0.6f, value.a.rotationS = 0.8f;
  value.b.rotationC = 0, value.b.rotationS = 1;
  int changedRotations = 0;
  for (std::uint64_t seed = 0; seed < 2000; ++seed) {
    for (fuzz::Move move : {fuzz::Move::NudgeUlps, fuzz::Move::CopyCoordinate, fuzz::Move::NearParallel}) {
      Case c = value;
      fuzz::Random random(seed);
      if (!fuzz::applyMove(move, c, random)) continue;
      ASSERT_TRUE(valid(c)) << fuzz::moveName(move) << " seed " << seed << ": " << c.a.rotationC << " "
                            << c.a.rotationS << ", " << c.b.rotationC << " " << c.b.rotationS;
      changedRotations += c.a.rotationC != 0.6f || c.b.rotationS != 1;
    }
  }
  EXPECT_GT(changedRotations, 500);
}

TEST(GeometryMutator, shortenEdgeShrinksAnEdgeByAPowerOfTwo) {
  int shortened = 0;
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    Case value = plank();
    fuzz::Random random(seed);
    ASSERT_TRUE(fuzz::applyMove(fuzz::Move::ShortenEdge, value, random) || value.a.vertices.size() < 2);
    double before = 0, after = 0;
    for (std::size_t i = 0; i < 4; ++i) {
      const check::Vertex &p = plank().a.vertices[i], &q = plank().a.vertices[(i + 1) % 4];
      const check::Vertex &r = value.a.vertices[i], &s = value.a.vertices[(i + 1) % 4];
      before += std::hypot(double(q.x) - p.x, double(q.y) - p.y);
      after += std::hypot(double(s.x) - r.x, double(s.y) - r.y);
    }
    shortened += after != before;
  }
  EXPECT_GT(shortened, 10);
}

TEST(GeometryMutator, ontoOtherEdgePutsAVertexOnTheOtherShapesEdgeWhereFloatsAllow) {
  // A's bottom edge runs from (-0.5, -h) to (0.5, -h); its midpoint (0, -h) is a float, so a move with
  // t = 1/2 onto that edge lands exactly on it.
  bool exactHit = false;
  for (std::uint64_t seed = 0; seed < 400 && !exactHit; ++seed) {
    Case value = plank();
    fuzz::Random random(seed);
    if (!fuzz::applyMove(fuzz::Move::OntoOtherEdge, value, random)) continue;
    const check::Vertex& b = value.b.vertices[0];
    exactHit = b.x == 0.0f && b.y == plank().a.vertices[0].y;
  }
  EXPECT_TRUE(exactHit);
}

TEST(GeometryMutator, nearParallelTurnsAShapeToATinyAngle) {
  Case value;
  value.a.vertices = {{0, 0}, {1, 0}, {1, 1}};
  value.b.vertices = {{0, 2}, {1, 3}};
  bool tiny = false;
  for (std::uint64_t seed = 0; seed < 100 && !tiny; ++seed) {
    Case c = value;
    fuzz::Random random(seed);
    if (!fuzz::applyMove(fuzz::Move::NearParallel, c, random)) continue;
    // B's only edge, in world directions, against A's edges.
    for (const check::ShapeSpec* turned : {&c.a, &c.b}) {
      double angle = std::atan2(double(turned->rotationS), double(turned->rotationC));
      tiny |= turned == &c.b && std::fabs(std::sin(angle + M_PI / 4)) < 1e-2 && std::sin(angle + M_PI / 4) != 0;
    }
  }
  EXPECT_TRUE(tiny);
}

TEST(GeometryMutator, swapShapesTradesAAndB) {
  Case value = plank();
  fuzz::Random random(1);
  ASSERT_TRUE(fuzz::applyMove(fuzz::Move::SwapShapes, value, random));
  EXPECT_EQ(value.a.vertices.size(), 1u);
  EXPECT_EQ(value.b.vertices.size(), 4u);
}

TEST(GeometryMutator, mutatesBytesDeterministicallyWithinTheSizeLimit) {
  std::vector<std::uint8_t> input = check::encodeFuzzInput(plank());
  input.insert(input.end(), {1, 2, 3, 4, 5, 6, 7, 8});  // fuzz_cache's frame move stays behind the case
  int changed = 0;
  for (unsigned seed = 0; seed < 500; ++seed) {
    std::vector<std::uint8_t> a = input, b = input;
    a.resize(320), b.resize(320);
    std::size_t sizeA = fuzz::mutateGeometry(a.data(), input.size(), 320, seed);
    std::size_t sizeB = fuzz::mutateGeometry(b.data(), input.size(), 320, seed);
    ASSERT_EQ(sizeA, sizeB);
    ASSERT_TRUE(std::equal(a.begin(), a.begin() + static_cast<long>(sizeA), b.begin()));
    if (sizeA == 0) continue;
    ASSERT_LE(sizeA, 320u);
    std::size_t consumed = 0;
    std::optional<Case> decoded = check::decodeFuzzInput(a.data(), sizeA, &consumed);
    ASSERT_TRUE(decoded);
    EXPECT_TRUE(valid(*decoded));
    EXPECT_EQ(sizeA - consumed, 8u);
    changed += !std::equal(a.begin(), a.begin() + static_cast<long>(sizeA), input.begin(), input.end());
  }
  EXPECT_GT(changed, 400);
  std::uint8_t garbage[3] = {0xFF, 0, 0};
  EXPECT_EQ(fuzz::mutateGeometry(garbage, 3, 3, 7), 0u);  // 16 + 16 vertices do not fit in 3 bytes
}

}  // namespace
