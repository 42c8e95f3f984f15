// The worker protocol in three dimensions (docs/workers.md, "Three dimensions"): the hello's +3d, 3D shapes on a
// request line and three coordinates a point on an answer line, exact both ways in decimals and in float bits; every
// malformed 3D answer a protocol error that says what is wrong.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "workers/worker_protocol.h"

namespace gjk::workers {
namespace {

check::Case sampleCase3() {
  check::Case value;
  value.dimension = 3;
  value.a.vertices = {{0.1f, -0.2f, 1e-30f}, {3.0f, -7.25f, 1.0f / 3.0f}, {-0.0f, 2.0f, 16777217.0f},
                      {std::numeric_limits<float>::max(), 1e-45f, -2.5e-38f}};
  value.a.radius = 0.01f;
  value.a.positionX = 1e20f;
  value.a.positionY = -0.0f;
  value.a.positionZ = 0.505f;
  value.a.quaternionW = 0.6f;
  value.a.quaternionX = 0.0f;
  value.a.quaternionY = 0.8f;
  value.a.quaternionZ = -0.0f;
  value.b.vertices = {{-1.0f, 2.0f, 3.0f}};
  value.b.radius = 0.5f;
  value.b.positionZ = -3.5f;
  value.b.quaternionW = 0.5f;
  value.b.quaternionX = -0.5f;
  value.b.quaternionY = 0.5f;
  value.b.quaternionZ = -0.5f;
  return value;
}

bool sameFloat(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// Every field of both shapes, bit for bit (the 2D fields keep their defaults).
std::string shapeDifferences(const check::ShapeSpec& got, const check::ShapeSpec& want) {
  std::string text;
  if (got.vertices.size() != want.vertices.size()) return " vertex count";
  for (std::size_t k = 0; k < got.vertices.size(); ++k) {
    if (!sameFloat(got.vertices[k].x, want.vertices[k].x) || !sameFloat(got.vertices[k].y, want.vertices[k].y) ||
        !sameFloat(got.vertices[k].z, want.vertices[k].z)) {
      text += " vertex " + std::to_string(k);
    }
  }
  const std::pair<const char*, float check::ShapeSpec::*> fields[] = {
      {"radius", &check::ShapeSpec::radius},           {"px", &check::ShapeSpec::positionX},
      {"py", &check::ShapeSpec::positionY},            {"pz", &check::ShapeSpec::positionZ},
      {"qw", &check::ShapeSpec::quaternionW},          {"qx", &check::ShapeSpec::quaternionX},
      {"qy", &check::ShapeSpec::quaternionY},          {"qz", &check::ShapeSpec::quaternionZ},
      {"c", &check::ShapeSpec::rotationC},             {"s", &check::ShapeSpec::rotationS}};
  for (const auto& [name, member] : fields) {
    if (!sameFloat(got.*member, want.*member)) text += std::string(" ") + name;
  }
  return text;
}

class WorkerRequests3 : public ::testing::TestWithParam<Numbers> {};

TEST_P(WorkerRequests3, RoundTripBitForBit) {
  for (Query query : {Query::Distance, Query::Penetration}) {
    std::string line;
    appendRequest(line, 41, query, sampleCase3(), GetParam());
    ASSERT_EQ(line.back(), '\n');
    line.pop_back();
    // 2 + 2 * (1 + 3n + 8) words: n = 4 and 1.
    EXPECT_EQ(splitWords(line).size(), 2u + (1 + 12 + 8) + (1 + 3 + 8)) << line;
    std::string error;
    std::optional<Request> request = parseRequest(line, error, GetParam(), 3);
    ASSERT_TRUE(request) << error;
    EXPECT_EQ(request->id, 41);
    EXPECT_EQ(request->query, query);
    EXPECT_EQ(request->value.dimension, 3);
    EXPECT_EQ(shapeDifferences(request->value.a, sampleCase3().a), "");
    EXPECT_EQ(shapeDifferences(request->value.b, sampleCase3().b), "");
    // The same line is no 2D request: its shapes have three coordinates a vertex.
    EXPECT_FALSE(parseRequest(line, error, GetParam(), 2)) << line;
  }
}

INSTANTIATE_TEST_SUITE_P(BothNumberForms, WorkerRequests3, ::testing::Values(Numbers::Decimal, Numbers::FloatBits));

TEST(WorkerRequests3, FloatBitsAreTheFloatsHexDigits) {
  check::Case value = sampleCase3();
  value.a.vertices = {{0.1f, -0.0f, 1.0f}};
  value.b = value.a;
  std::string line;
  appendRequest(line, 1, Query::Distance, value, Numbers::FloatBits);
  EXPECT_EQ(line.substr(0, 36), "1 d 1 3dcccccd 80000000 3f800000 3c2");
}

TEST(WorkerRequests3, AReusedRequestKeepsNothingOfTheLastOne) {
  // A worker's request storage goes from a 2D line to a 3D one and back: each reads as its own.
  check::Case planar;
  planar.a.vertices = {{1, 2}};
  planar.a.rotationC = 0.6f;
  planar.a.rotationS = 0.8f;
  planar.b.vertices = {{3, 4}, {5, 6}};
  std::string line2, line3;
  appendRequest(line2, 1, Query::Distance, planar);
  appendRequest(line3, 2, Query::Distance, sampleCase3());
  line2.pop_back();
  line3.pop_back();
  Request request;
  std::string error;
  ASSERT_TRUE(parseRequestInto(line3, request, error, Numbers::Decimal, 3)) << error;
  ASSERT_TRUE(parseRequestInto(line2, request, error, Numbers::Decimal, 2)) << error;
  EXPECT_EQ(request.value.dimension, 2);
  EXPECT_EQ(shapeDifferences(request.value.a, planar.a), "");
  ASSERT_TRUE(parseRequestInto(line3, request, error, Numbers::Decimal, 3)) << error;
  EXPECT_EQ(request.value.dimension, 3);
  EXPECT_EQ(shapeDifferences(request.value.a, sampleCase3().a), "");
}

TEST(WorkerRequests3, SixtyFourVerticesAndNoMore) {
  check::Case value = sampleCase3();
  value.a.vertices.assign(64, {1, 2, 3});
  std::string line, error;
  appendRequest(line, 3, Query::Distance, value);
  line.pop_back();
  std::optional<Request> request = parseRequest(line, error, Numbers::Decimal, 3);
  ASSERT_TRUE(request) << error;
  EXPECT_EQ(request->value.a.vertices.size(), 64u);
  value.a.vertices.assign(65, {1, 2, 3});
  line.clear();
  appendRequest(line, 3, Query::Distance, value);
  line.pop_back();
  EXPECT_FALSE(parseRequest(line, error, Numbers::Decimal, 3));
  EXPECT_NE(error.find("vertex count missing or outside 1..64"), std::string::npos) << error;
}

TEST(WorkerRequests3, A3DWorkerGetsNoTraceOrCastRequest) {
  std::string line;
  EXPECT_THROW(appendRequest(line, 1, Query::TracedDistance, sampleCase3()), std::invalid_argument);
  EXPECT_THROW(appendRequest(line, 1, Query::Cast, sampleCase3()), std::invalid_argument);
  std::string error;
  EXPECT_FALSE(parseRequest("1 t 1 0 0 0 0 0 0 0 1 0 0 0 1 0 0 0 0 0 0 0 1 0 0 0", error, Numbers::Decimal, 3));
  EXPECT_NE(error.find("d and p requests only"), std::string::npos) << error;
}

TEST(WorkerHello3, PlusThreeDSaysDimensionThree) {
  std::string error;
  std::optional<Hello> hello =
      parseHello("gjkcheck-worker 1 bullet#gjkepa f64 on-shapes both +float-bits +3d Bullet 3.24", error);
  ASSERT_TRUE(hello) << error;
  EXPECT_EQ(hello->dimension, 3);
  EXPECT_TRUE(hello->floatBits);
  EXPECT_EQ(hello->version, "Bullet 3.24");
  std::optional<Hello> back = parseHello(helloLine(*hello), error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->dimension, 3);
  EXPECT_EQ(parseHello("gjkcheck-worker 1 planck f64 merged distance 1.0", error)->dimension, 2);
}

Answer distanceAnswer3() {
  Answer answer;
  answer.distance = 0.1f;
  answer.pointA[0] = 1e-300;
  answer.pointA[1] = -0.0;
  answer.pointA[2] = 1.0 / 3.0;
  answer.pointB[0] = 16777217.0;
  answer.pointB[1] = -2.5e-38;
  answer.pointB[2] = 7;
  answer.iterations = 12;
  answer.termination = "relative-progress";
  return answer;
}

bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(WorkerAnswers3, DistanceAndPenetrationRoundTripBitForBit) {
  const Answer want = distanceAnswer3();
  std::string line;
  appendAnswer(line, 9, Query::Distance, want, 3);
  line.pop_back();
  EXPECT_EQ(splitWords(line).size(), 11u) << line;
  Answer got;
  ASSERT_TRUE(parseAnswer(line, 9, Query::Distance, got, 3)) << got.detail;
  EXPECT_EQ(got.status, Status::Ok);
  EXPECT_TRUE(sameBits(got.distance, want.distance));
  for (int k = 0; k < 3; ++k) {
    EXPECT_TRUE(sameBits(got.pointA[k], want.pointA[k])) << k;
    EXPECT_TRUE(sameBits(got.pointB[k], want.pointB[k])) << k;
  }
  EXPECT_EQ(got.iterations, 12);
  EXPECT_EQ(got.termination, "relative-progress");

  Answer penetration;
  penetration.overlapping = true;
  penetration.depth = 0.25;
  const double normal[3] = {0.6, 0.0, -0.8};
  for (int k = 0; k < 3; ++k) {
    penetration.normal[k] = normal[k];
    penetration.pointA[k] = k + 0.1;
    penetration.pointB[k] = -k - 1e-20;
  }
  line.clear();
  appendAnswer(line, 10, Query::Penetration, penetration, 3);
  line.pop_back();
  EXPECT_EQ(line.substr(0, 22), "10 ok overlapping 0.25");
  ASSERT_TRUE(parseAnswer(line, 10, Query::Penetration, got, 3)) << got.detail;
  EXPECT_TRUE(got.overlapping);
  for (int k = 0; k < 3; ++k) {
    EXPECT_TRUE(sameBits(got.normal[k], penetration.normal[k])) << k;
    EXPECT_TRUE(sameBits(got.pointA[k], penetration.pointA[k])) << k;
    EXPECT_TRUE(sameBits(got.pointB[k], penetration.pointB[k])) << k;
  }
  // C99 hex floats read as on 2D answers.
  ASSERT_TRUE(parseAnswer("4 ok 0x1p-1 0 0 0 1 2 0x1.8p+1 -1 unreported", 4, Query::Distance, got, 3));
  EXPECT_EQ(got.distance, 0.5);
  EXPECT_EQ(got.pointB[2], 3.0);
}

TEST(WorkerAnswers3, The2DAnswersUnchanged) {
  // A 2D answer leaves z at 0 and keeps its nine words.
  std::string line;
  appendAnswer(line, 5, Query::Distance, distanceAnswer3());
  line.pop_back();
  EXPECT_EQ(splitWords(line).size(), 9u) << line;
  Answer got;
  ASSERT_TRUE(parseAnswer(line, 5, Query::Distance, got)) << got.detail;
  EXPECT_EQ(got.pointA[2], 0.0);
  EXPECT_EQ(got.pointB[2], 0.0);
}

TEST(WorkerAnswers3, AMalformed3DAnswerIsAProtocolErrorSayingWhat) {
  Answer got;
  // A 2D distance answer to a 3D request: two words short.
  EXPECT_FALSE(parseAnswer("3 ok 1 0 0 1 0 4 unreported", 3, Query::Distance, got, 3));
  EXPECT_EQ(got.status, Status::Protocol);
  EXPECT_NE(got.detail.find("a 3D distance answer has 11 words"), std::string::npos) << got.detail;
  EXPECT_FALSE(parseAnswer("3 ok 1 0 0 x 1 0 0 4 unreported", 3, Query::Distance, got, 3));
  EXPECT_NE(got.detail.find("a number of the 3D distance answer does not parse"), std::string::npos) << got.detail;
  EXPECT_FALSE(parseAnswer("3 ok 1 0 0 0 1 0 0 4 two words", 3, Query::Distance, got, 3));
  EXPECT_NE(got.detail.find("11 words"), std::string::npos) << got.detail;
  EXPECT_FALSE(parseAnswer("3 ok overlapping 1 0 0 1 0 0 0 0 0", 3, Query::Penetration, got, 3));
  EXPECT_NE(got.detail.find("a 3D penetration answer is ID ok overlapping|separated and 10 numbers"),
            std::string::npos)
      << got.detail;
  EXPECT_FALSE(parseAnswer("3 ok touching 1 0 0 1 0 0 0 0 0 0 0", 3, Query::Penetration, got, 3));
  EXPECT_EQ(got.status, Status::Protocol);
  // Refusals and crashes read as in 2D.
  ASSERT_TRUE(parseAnswer("3 refused no hull", 3, Query::Distance, got, 3));
  EXPECT_EQ(got.status, Status::Refused);
  EXPECT_EQ(got.detail, "no hull");
}

}  // namespace
}  // namespace gjk::workers
