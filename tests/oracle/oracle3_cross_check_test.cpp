// The cross-check of the 3D oracle: the hull method (solveByHull3: the exact hull of the Minkowski cloud)
// and the hull-free method (solveWithoutHull3: exact GJK with Johnson's sub-algorithm and an exact EPA)
// share nothing geometric, so on every generated case they must agree exactly on every field: relation,
// squared core distance, closest point (the nearest point of M is unique), radius, scale, interior, depth and
// normal. The cases come from a seeded std::mt19937_64 (raw 64-bit draws only, as the 2D cross-check) and
// mix plain random floats with exact degeneracies: small integers under the exact quaternions (coplanar
// faces, parallel edges, touching faces, the origin on an edge or a vertex of M), flat and collinear shapes,
// points on faces, offsets of 2^20, sizes of 2^-20, exponents spread over up to 150 binades (subnormals),
// and shapes of up to 64 vertices. Each answer must also pass two exact certificates computed from the
// rational cloud alone (certificateFailure). Mutations of either method (a wrong edge formula in the triangle
// regions, a strict Johnson test, EPA without its ties, a hull seeded by a collinear third point) each fail
// this test; a local run of 66,000 cases from seed 0x1234abcd5678ef01 (the certificates included) agreed too.
#include "oracle/oracle3.h"
#include "oracle/oracle3_compare.h"
#include "tests/oracle/case_generator.h"

#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>

namespace gjk::oracle {
namespace {

constexpr std::uint64_t SEED = 0x6f7261636c653364ULL;  // "oracle3d"
constexpr int CASE_COUNT = 4400;

using cases::Generator;

enum Category3 {
  RANDOM_FLOAT,
  SMALL_INTEGER,
  FLAT,
  COLLINEAR,
  LARGE_OFFSET,
  TINY,
  FACE_CONTACT,
  PARALLEL_PRISMS,
  POINTS_ON_FACES,
  MANY_VERTICES,
  WIDE_EXPONENT,
  CATEGORY3_COUNT
};

const char* categoryName3(int category) {
  static const char* const names[] = {"random-float", "small-integer", "flat",           "collinear",
                                      "large-offset", "tiny",          "face-contact",   "parallel-prisms",
                                      "points-on-faces", "many-vertices",   "wide-exponent"};
  return names[category];
}

float randomFloat(Generator& random, double low, double high) {
  return static_cast<float>(low + (high - low) * random.unit());
}

// The rotations whose quaternions are exact in floats (the identity, the half turns about the axes, the
// turns by 120 degrees about the diagonals), with random signs; or, a quarter of the time, a random
// quaternion that is not of unit length, applied as given.
void exactOrAnyQuaternion(Generator& random, InputShape3& shape, int anyPercent) {
  if (random.chance(anyPercent)) {
    shape.rotationW = randomFloat(random, -1, 1);
    shape.rotationX = randomFloat(random, -1, 1);
    shape.rotationY = randomFloat(random, -1, 1);
    shape.rotationZ = randomFloat(random, -1, 1);
    return;
  }
  const auto sign = [&random] { return random.chance(50) ? -1.0f : 1.0f; };
  switch (random.integer(0, 2)) {
    case 0:
      shape.rotationW = 1, shape.rotationX = 0, shape.rotationY = 0, shape.rotationZ = 0;
      break;
    case 1: {
      float q[4] = {0, 0, 0, 0};
      q[random.integer(0, 3)] = sign();
      shape.rotationW = q[0], shape.rotationX = q[1], shape.rotationY = q[2], shape.rotationZ = q[3];
      break;
    }
    default:
      shape.rotationW = 0.5f * sign(), shape.rotationX = 0.5f * sign(), shape.rotationY = 0.5f * sign();
      shape.rotationZ = 0.5f * sign();
      break;
  }
}

float smallInteger(Generator& random, int range) { return static_cast<float>(random.integer(-range, range)); }

// A small integer in [-range, range], or a float in [-1, 1].
float coordinate(Generator& random, bool integers, int range) {
  return integers ? smallInteger(random, range) : randomFloat(random, -1, 1);
}

InputShape3 integerShape(Generator& random, int count, int range) {
  InputShape3 shape;
  for (int i = 0; i < count; ++i) {
    shape.vertices.push_back({smallInteger(random, range), smallInteger(random, range), smallInteger(random, range)});
  }
  return shape;
}

struct Case3 {
  InputShape3 a;
  InputShape3 b;
};

Case3 generate3(Generator& random, int category) {
  Case3 generated;
  InputShape3* shapes[2] = {&generated.a, &generated.b};
  switch (category) {
    case RANDOM_FLOAT:
      for (InputShape3* shape : shapes) {
        const int count = random.integer(1, 12);
        for (int i = 0; i < count; ++i) {
          shape->vertices.push_back(
              {randomFloat(random, -1, 1), randomFloat(random, -1, 1), randomFloat(random, -1, 1)});
        }
        shape->positionX = randomFloat(random, -1.5, 1.5);
        shape->positionY = randomFloat(random, -1.5, 1.5);
        shape->positionZ = randomFloat(random, -1.5, 1.5);
        exactOrAnyQuaternion(random, *shape, 75);
        if (random.chance(30)) shape->radius = randomFloat(random, 0, 0.5);
      }
      break;
    case SMALL_INTEGER:
      for (InputShape3* shape : shapes) {
        *shape = integerShape(random, random.integer(1, 10), 2);
        shape->positionX = smallInteger(random, 3);
        shape->positionY = smallInteger(random, 3);
        shape->positionZ = smallInteger(random, 3);
        exactOrAnyQuaternion(random, *shape, 10);
        if (random.chance(20)) shape->radius = 0.5f * static_cast<float>(random.integer(0, 2));
      }
      break;
    case FLAT: {
      // Both shapes in planes z = const of their frames (the same plane a third of the time).
      const float plane = smallInteger(random, 1);
      for (InputShape3* shape : shapes) {
        const int count = random.integer(1, 8);
        const bool integers = random.chance(60);
        for (int i = 0; i < count; ++i) {
          const float x = coordinate(random, integers, 2), y = coordinate(random, integers, 2);
          shape->vertices.push_back({x, y, random.chance(33) ? plane : smallInteger(random, 1)});
        }
        for (InputPoint3& v : shape->vertices) v.z = shape->vertices[0].z;
        shape->positionX = smallInteger(random, 2);
        shape->positionY = smallInteger(random, 2);
        exactOrAnyQuaternion(random, *shape, 0);
      }
      if (random.chance(50)) generated.b.rotationW = generated.a.rotationW, generated.b.rotationX = generated.a.rotationX,
                             generated.b.rotationY = generated.a.rotationY, generated.b.rotationZ = generated.a.rotationZ;
      break;
    }
    case COLLINEAR:
      // Points on lines (t d + p, integer t), a single point, or duplicates of one point.
      for (InputShape3* shape : shapes) {
        const InputPoint3 d{smallInteger(random, 1), smallInteger(random, 1), smallInteger(random, 1)};
        const int count = random.integer(1, 6);
        for (int i = 0; i < count; ++i) {
          const float t = smallInteger(random, 3);
          shape->vertices.push_back({t * d.x, t * d.y, t * d.z});
        }
        shape->positionX = smallInteger(random, 2);
        shape->positionY = smallInteger(random, 2);
        shape->positionZ = smallInteger(random, 2);
        exactOrAnyQuaternion(random, *shape, 10);
      }
      break;
    case LARGE_OFFSET: {
      // Both near 2^20 (at most a few units apart), their shapes of unit size: wide integers, small gaps.
      const float base[3] = {0x1p20f * randomFloat(random, 1, 2), -0x1p20f, 0x1p20f};
      for (InputShape3* shape : shapes) {
        *shape = integerShape(random, random.integer(1, 8), 1);
        if (random.chance(50)) {
          for (InputPoint3& v : shape->vertices) v.x += randomFloat(random, -0.5, 0.5);
        }
        shape->positionX = base[0] + smallInteger(random, 2);
        shape->positionY = base[1] + smallInteger(random, 2);
        shape->positionZ = base[2] + smallInteger(random, 2);
        exactOrAnyQuaternion(random, *shape, 20);
      }
      break;
    }
    case TINY:
      // Everything scaled by 2^-20.
      for (InputShape3* shape : shapes) {
        *shape = integerShape(random, random.integer(1, 8), 2);
        for (InputPoint3& v : shape->vertices) {
          v.x *= 0x1p-20f, v.y *= 0x1p-20f;
          v.z = random.chance(50) ? v.z * 0x1p-20f : randomFloat(random, -1, 1) * 0x1p-20f;
        }
        shape->positionX = smallInteger(random, 3) * 0x1p-20f;
        shape->positionY = smallInteger(random, 3) * 0x1p-20f;
        shape->positionZ = smallInteger(random, 3) * 0x1p-20f;
        if (random.chance(20)) shape->radius = 0x1p-21f;
        exactOrAnyQuaternion(random, *shape, 20);
      }
      break;
    case FACE_CONTACT: {
      // Integer boxes or random integer shapes, B placed so that its least x is A's greatest (or one more
      // or one less): faces, edges and vertices in contact, coplanar faces of M.
      for (InputShape3* shape : shapes) {
        if (random.chance(50)) {
          const float sx = static_cast<float>(random.integer(1, 2)), sy = static_cast<float>(random.integer(1, 2));
          const float sz = static_cast<float>(random.integer(1, 2));
          shape->vertices = {{0, 0, 0}, {sx, 0, 0}, {0, sy, 0}, {sx, sy, 0}, {0, 0, sz}, {sx, 0, sz}, {0, sy, sz}, {sx, sy, sz}};
        } else {
          *shape = integerShape(random, random.integer(2, 8), 2);
        }
      }
      float maxA = -1e9f, minB = 1e9f;
      for (const InputPoint3& v : generated.a.vertices) maxA = std::max(maxA, v.x);
      for (const InputPoint3& v : generated.b.vertices) minB = std::min(minB, v.x);
      generated.b.positionX = maxA - minB + smallInteger(random, 1) * (random.chance(50) ? 1.0f : 0.5f);
      generated.b.positionY = smallInteger(random, 1);
      generated.b.positionZ = smallInteger(random, 1);
      if (random.chance(30)) {
        // A gap of one, closed by the radii a third of the time (touching at d0 = r > 0 when the nearest
        // features are the facing ones).
        generated.b.positionX = maxA - minB + 1;
        const float radiusA = static_cast<float>(random.integer(0, 4)) / 4;
        generated.a.radius = radiusA;
        generated.b.radius = random.chance(33) ? 1 - radiusA : static_cast<float>(random.integer(0, 4)) / 4;
      }
      break;
    }
    case PARALLEL_PRISMS: {
      // Triangles swept along one common direction: parallel edges and parallel faces.
      const InputPoint3 d{smallInteger(random, 2), smallInteger(random, 2), static_cast<float>(random.integer(1, 2))};
      for (InputShape3* shape : shapes) {
        for (int i = 0; i < 3; ++i) {
          const InputPoint3 p{smallInteger(random, 2), smallInteger(random, 2), smallInteger(random, 1)};
          shape->vertices.push_back(p);
          shape->vertices.push_back({p.x + d.x, p.y + d.y, p.z + d.z});
        }
        shape->positionX = smallInteger(random, 2);
        shape->positionY = smallInteger(random, 2);
        shape->positionZ = smallInteger(random, 2);
        if (random.chance(20)) shape->radius = 0.5f;
      }
      break;
    }
    case POINTS_ON_FACES:
      // The unit cube plus points on its faces and edges (dyadic coordinates), against a random small shape.
      generated.a = InputShape3{{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}}};
      for (int i = random.integer(0, 12); i > 0; --i) {
        InputPoint3 p{static_cast<float>(random.integer(0, 8)) / 8, static_cast<float>(random.integer(0, 8)) / 8,
                      static_cast<float>(random.integer(0, 8)) / 8};
        (random.integer(0, 2) == 0 ? p.x : (random.chance(50) ? p.y : p.z)) = static_cast<float>(random.integer(0, 1));
        generated.a.vertices.push_back(p);
      }
      generated.b = integerShape(random, random.integer(1, 6), 1);
      for (InputPoint3& v : generated.b.vertices) v.x *= 0.5f, v.y *= 0.5f, v.z *= 0.5f;
      generated.b.positionX = static_cast<float>(random.integer(-4, 12)) / 8;
      generated.b.positionY = static_cast<float>(random.integer(-4, 12)) / 8;
      generated.b.positionZ = static_cast<float>(random.integer(-4, 12)) / 8;
      exactOrAnyQuaternion(random, generated.b, 20);
      break;
    case WIDE_EXPONENT:
      // Significands of 24 random bits with exponents over a wide range (subnormals a tenth of the time),
      // in the vertices, the position and the quaternion: integers of hundreds of bits.
      for (InputShape3* shape : shapes) {
        const int low = random.chance(10) ? -149 : random.integer(-60, -10);
        for (int i = random.integer(1, 8); i > 0; --i) {
          shape->vertices.push_back(
              {random.spreadFloat(low, 1), random.spreadFloat(low, 1), random.spreadFloat(low, 1)});
        }
        shape->positionX = random.spreadFloat(low, 1);
        shape->positionY = random.spreadFloat(low, 1);
        shape->positionZ = random.spreadFloat(low, 1);
        shape->rotationW = random.spreadFloat(low, 0);
        shape->rotationX = random.spreadFloat(low, 0);
        shape->rotationY = random.spreadFloat(low, 0);
        shape->rotationZ = random.spreadFloat(low, 0);
      }
      break;
    default:  // MANY_VERTICES
      for (InputShape3* shape : shapes) {
        const int count = random.integer(20, 64);
        const bool integers = random.chance(30);
        for (int i = 0; i < count; ++i) {
          const float x = coordinate(random, integers, 3), y = coordinate(random, integers, 3);
          shape->vertices.push_back({x, y, coordinate(random, integers, 3)});
        }
        shape->positionX = randomFloat(random, -2, 2);
        exactOrAnyQuaternion(random, *shape, 50);
      }
      break;
  }
  return generated;
}

// Exact: every float as a hex float, so a failing case can be pasted back.
std::string describe3(const InputShape3& shape) {
  std::ostringstream out;
  out << std::hexfloat << "radius " << shape.radius << " position " << shape.positionX << " " << shape.positionY << " "
      << shape.positionZ << " quaternion " << shape.rotationW << " " << shape.rotationX << " " << shape.rotationY
      << " " << shape.rotationZ << " vertices";
  for (const InputPoint3& v : shape.vertices) out << " (" << v.x << " " << v.y << " " << v.z << ")";
  return out.str();
}

Rational dot3(const ExactPoint3& p, const ExactPoint3& q) { return p.x * q.x + p.y * q.y + p.z * q.z; }

// Exact certificates of an answer that use neither method, from the rational cloud {b - a} of worldVertices3:
// when d0 > 0 no point m of M is strictly nearer the origin's side than the plane through q orthogonal to q
// (q . m >= q . q for every m; the answer's q is in M by the agreement of the two methods), and in the
// interior the normal n (from A towards B) supports M at the reported depth: the largest of -n . m over the
// cloud is h > 0 with h^2 / |n|^2 = depth^2. "" when both hold.
std::string certificateFailure(const InputShape3& a, const InputShape3& b, const ExactAnswer3& answer) {
  const std::vector<ExactPoint3> worldA = worldVertices3(a), worldB = worldVertices3(b);
  const ExactPoint3& q = answer.closestPoint;
  const Rational qq = dot3(q, q);
  const ExactPoint3& n = answer.penetrationNormal;
  bool first = true;
  Rational support;
  for (const ExactPoint3& pb : worldB) {
    for (const ExactPoint3& pa : worldA) {
      const ExactPoint3 m{pb.x - pa.x, pb.y - pa.y, pb.z - pa.z};
      if (qq > 0 && dot3(q, m) < qq) return "a point of M nearer than the closest point's plane";
      if (answer.originInInterior) {
        Rational value = -dot3(n, m);
        if (first || value > support) support = std::move(value);
        first = false;
      }
    }
  }
  if (answer.originInInterior && !(support > 0 && support * support / dot3(n, n) == answer.penetrationDepthSquared)) {
    return "the normal does not support M at the depth";
  }
  return "";
}

TEST(Oracle3CrossCheck, hullMethodEqualsGjkMethodOnEveryFieldOf4400Cases) {
  std::printf("[ seed     ] 0x%016llx, %d cases\n", static_cast<unsigned long long>(SEED), CASE_COUNT);
  Generator random(SEED);
  std::array<std::array<int, 3>, CATEGORY3_COUNT> relations{};
  std::array<int, CATEGORY3_COUNT> interior{}, originOnM{}, touchingWithRadius{};
  double hullSeconds = 0, gjkSeconds = 0;
  int failures = 0;
  for (int index = 0; index < CASE_COUNT; ++index) {
    const int category = index % CATEGORY3_COUNT;
    const Case3 generated = generate3(random, category);
    const auto t0 = std::chrono::steady_clock::now();
    const ExactAnswer3 byHull = solveByHull3(generated.a, generated.b);
    const auto t1 = std::chrono::steady_clock::now();
    const ExactAnswer3 withoutHull = solveWithoutHull3(generated.a, generated.b);
    const auto t2 = std::chrono::steady_clock::now();
    hullSeconds += std::chrono::duration<double>(t1 - t0).count();
    gjkSeconds += std::chrono::duration<double>(t2 - t1).count();
    relations[category][static_cast<int>(byHull.relation)]++;
    interior[category] += byHull.originInInterior ? 1 : 0;
    originOnM[category] += byHull.coreDistanceSquared == 0 ? 1 : 0;
    touchingWithRadius[category] += byHull.relation == Relation::Touching && byHull.radius > 0 ? 1 : 0;
    std::string difference = firstDifference3(byHull, withoutHull);
    if (difference.empty() && byHull.scale != problemScale3(generated.a, generated.b)) {
      difference = "scale against problemScale3";  // the answers' scale is formed in integers (exact3.cpp)
    }
    if (difference.empty()) difference = certificateFailure(generated.a, generated.b, byHull);
    if (!difference.empty() && ++failures <= 10) {
      ADD_FAILURE() << "case " << index << " (" << categoryName3(category) << "): " << difference
                    << "\n  A: " << describe3(generated.a) << "\n  B: " << describe3(generated.b)
                    << "\n  hull:    " << answerText3(byHull) << "\n  no hull: " << answerText3(withoutHull);
    }
  }
  EXPECT_EQ(failures, 0);
  std::printf("[ coverage ] %-16s %9s %9s %10s %11s %8s %8s\n", "category", "separated", "touching", "(d0=r>0)",
              "overlapping", "d0=0", "interior");
  for (int category = 0; category < CATEGORY3_COUNT; ++category) {
    std::printf("[ coverage ] %-16s %9d %9d %10d %11d %8d %8d\n", categoryName3(category), relations[category][0],
                relations[category][1], touchingWithRadius[category], relations[category][2], originOnM[category],
                interior[category]);
  }
  std::printf("[ timing   ] wall time per case: solveByHull3 %.1f us, solveWithoutHull3 %.1f us\n",
              1e6 * hullSeconds / CASE_COUNT, 1e6 * gjkSeconds / CASE_COUNT);
}

// One case of two shapes of 64 vertices each (4,096 points in M), for each method's time: separated, and with
// B moved into A (the origin deep inside M, where the hull-free method runs its expanding polytope).
TEST(Oracle3CrossCheck, sixtyFourBySixtyFourVertices) {
  Generator random(SEED + 1);
  Case3 generated;
  for (InputShape3* shape : {&generated.a, &generated.b}) {
    for (int i = 0; i < MAX_VERTICES3; ++i) {
      // Points near a sphere of radius 1 (most of them hull vertices): x, y, z uniform, then pushed out.
      double p[3] = {random.unit() * 2 - 1, random.unit() * 2 - 1, random.unit() * 2 - 1};
      const double length = std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]) + 1e-9;
      shape->vertices.push_back({static_cast<float>(p[0] / length), static_cast<float>(p[1] / length),
                                 static_cast<float>(p[2] / length)});
    }
    exactOrAnyQuaternion(random, *shape, 100);
  }
  for (const float offset : {3.0f, 0.25f}) {
    generated.b.positionX = offset;
    const auto t0 = std::chrono::steady_clock::now();
    const ExactAnswer3 byHull = solveByHull3(generated.a, generated.b);
    const auto t1 = std::chrono::steady_clock::now();
    const ExactAnswer3 withoutHull = solveWithoutHull3(generated.a, generated.b);
    const auto t2 = std::chrono::steady_clock::now();
    EXPECT_EQ(firstDifference3(byHull, withoutHull), "") << answerText3(byHull) << "\n" << answerText3(withoutHull);
    std::printf("[ timing   ] 64 x 64 vertices, %s: solveByHull3 %.1f ms, solveWithoutHull3 %.1f ms\n",
                relationName(byHull.relation), 1e3 * std::chrono::duration<double>(t1 - t0).count(),
                1e3 * std::chrono::duration<double>(t2 - t1).count());
  }
}

}  // namespace
}  // namespace gjk::oracle
