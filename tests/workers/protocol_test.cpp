// The worker protocol's lines: numbers exact both ways, requests and answers as docs/workers.md writes them,
// and every malformed answer a protocol error that says what is wrong.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "workers/number_text.h"
#include "workers/worker_protocol.h"

namespace gjk::workers {
namespace {

TEST(WorkerNumbers, EveryFloatCrossesExactlyAsTheShortestDecimal) {
  const float samples[] = {0.1f, 1.0f / 3.0f, 1e-45f, std::numeric_limits<float>::max(), -2.5e-38f, 16777217.0f,
                           0.505f, -0.0f};
  for (float value : samples) {
    std::string text;
    appendNumber(text, value);
    double back = 0;
    ASSERT_TRUE(parseNumber(text, back)) << text;
    EXPECT_EQ(static_cast<float>(back), value) << text;
    EXPECT_EQ(back, static_cast<double>(value)) << text;
    EXPECT_EQ(std::signbit(back), std::signbit(value)) << text;
  }
  std::string text;
  appendNumber(text, 0.1);
  EXPECT_EQ(text, "0.1");
}

TEST(WorkerNumbers, HexFloatsAndNonFiniteValuesParse) {
  double value = 0;
  ASSERT_TRUE(parseNumber("0x1.8p+1", value));
  EXPECT_EQ(value, 3.0);
  ASSERT_TRUE(parseNumber("inf", value));
  EXPECT_TRUE(std::isinf(value));
  ASSERT_TRUE(parseNumber("nan", value));
  EXPECT_TRUE(std::isnan(value));
  EXPECT_FALSE(parseNumber("1.5x", value));
  EXPECT_FALSE(parseNumber("", value));
  long long id = 0;
  EXPECT_TRUE(parseInteger("42", id));
  EXPECT_EQ(id, 42);
  EXPECT_FALSE(parseInteger("4.2", id));
}

check::Case sampleCase() {
  check::Case value;
  value.a.vertices = {{0.1f, -0.2f}, {1e-30f, 3.0f}, {-7.25f, 1.0f / 3.0f}};
  value.a.radius = 0.01f;
  value.a.positionX = 1e20f;
  value.a.rotationC = 0.6f;
  value.a.rotationS = 0.8f;
  value.b.vertices = {{-0.0f, 2.0f}};
  value.b.positionY = -3.5f;
  return value;
}

class WorkerRequests : public ::testing::TestWithParam<Numbers> {};

TEST_P(WorkerRequests, RoundTripBitForBit) {
  std::string line;
  appendRequest(line, 17, Query::Distance, sampleCase(), GetParam());
  ASSERT_EQ(line.back(), '\n');
  line.pop_back();
  std::string error;
  std::optional<Request> request = parseRequest(line, error, GetParam());
  ASSERT_TRUE(request) << error;
  EXPECT_EQ(request->id, 17);
  EXPECT_EQ(request->query, Query::Distance);
  const check::Case original = sampleCase();
  for (auto [got, want] : {std::pair{&request->value.a, &original.a}, std::pair{&request->value.b, &original.b}}) {
    ASSERT_EQ(got->vertices.size(), want->vertices.size());
    for (std::size_t k = 0; k < got->vertices.size(); ++k) {
      EXPECT_EQ(std::memcmp(&got->vertices[k], &want->vertices[k], sizeof(check::Vertex)), 0);
    }
    for (auto member : {&check::ShapeSpec::radius, &check::ShapeSpec::positionX, &check::ShapeSpec::positionY,
                        &check::ShapeSpec::rotationC, &check::ShapeSpec::rotationS}) {
      EXPECT_EQ(std::memcmp(&(got->*member), &(want->*member), sizeof(float)), 0);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Numbers, WorkerRequests, ::testing::Values(Numbers::Decimal, Numbers::FloatBits));

TEST(WorkerFloatBits, ANumberIsTheFloatsBitsInEightHexDigits) {
  check::Case value;
  value.a.vertices = {{0.1f, -0.0f}};
  value.b.vertices = {{1.0f, std::numeric_limits<float>::denorm_min()}};
  value.b.rotationC = 1.0f;
  std::string line;
  appendRequest(line, 3, Query::Penetration, value, Numbers::FloatBits);
  EXPECT_EQ(line, "3 p 1 3dcccccd 80000000 00000000 00000000 00000000 3f800000 00000000 "
                  "1 3f800000 00000001 00000000 00000000 00000000 3f800000 00000000\n");
  std::string error;
  std::optional<Request> upper = parseRequest("3 d 1 3DCCCCCD 80000000 00000000 00000000 00000000 00000000 "
                                             "00000000 1 00000000 00000000 00000000 00000000 00000000 3f800000 "
                                             "00000000", error, Numbers::FloatBits);
  ASSERT_TRUE(upper) << error;
  EXPECT_EQ(upper->value.a.vertices[0].x, 0.1f);
  EXPECT_TRUE(std::signbit(upper->value.a.vertices[0].y));
  // A decimal is no float's bits: 8 digits exactly.
  EXPECT_FALSE(parseRequest("3 d 1 0.1 0 0 0 0 0 0 1 0 0 0 0 0 0 0", error, Numbers::FloatBits));
  EXPECT_NE(error.find("not a float"), std::string::npos) << error;
  EXPECT_FALSE(parseRequest("3 d 1 3dcccccg 00000000 00000000 00000000 00000000 00000000 00000000 1 00000000 "
                            "00000000 00000000 00000000 00000000 3f800000 00000000", error, Numbers::FloatBits));
}

TEST(WorkerHello, AWorkerAsksForFloatBitsBeforeItsVersion) {
  std::string error;
  std::optional<Hello> hello =
      parseHello("gjkcheck-worker 1 perp#perp f32 on-shapes distance +float-bits +some-later-option perp 1.0", error);
  ASSERT_TRUE(hello) << error;
  EXPECT_TRUE(hello->floatBits);
  EXPECT_EQ(hello->version, "perp 1.0");
  EXPECT_EQ(helloLine(*hello), "gjkcheck-worker 1 perp#perp f32 on-shapes distance +float-bits perp 1.0");
  hello = parseHello("gjkcheck-worker 1 planck f64 merged distance planck +1", error);
  ASSERT_TRUE(hello) << error;
  EXPECT_FALSE(hello->floatBits);
  EXPECT_EQ(hello->version, "planck +1");
}

// +prompt: the worker writes each answer as soon as it is made (gjkcheck-plugin-host --isolate says it).
TEST(WorkerHello, APromptWorkerSaysPlusPrompt) {
  std::string error;
  std::optional<Hello> hello =
      parseHello("gjkcheck-worker 1 fcl#d f64 on-shapes both +float-bits +3d +prompt fcl 0.7.0", error);
  ASSERT_TRUE(hello) << error;
  EXPECT_TRUE(hello->prompt);
  EXPECT_EQ(hello->version, "fcl 0.7.0");
  EXPECT_EQ(helloLine(*hello), "gjkcheck-worker 1 fcl#d f64 on-shapes both +float-bits +3d +prompt fcl 0.7.0");
  hello = parseHello("gjkcheck-worker 1 fcl#d f64 on-shapes both +float-bits fcl 0.7.0", error);
  ASSERT_TRUE(hello) << error;
  EXPECT_FALSE(hello->prompt);
}

TEST(WorkerRequests, ANumberThatIsNoFloatIsRefused) {
  std::string error;
  EXPECT_FALSE(parseRequest("1 d 1 0.1 0 0 0 0 1 0 1 0 0 0 0 1 0", error));
  EXPECT_NE(error.find("not a float"), std::string::npos) << error;
  EXPECT_FALSE(parseRequest("1 d 1 0 0 0 0 0 1 0", error));
}

TEST(WorkerAnswers, DistanceAnswerParsesAndRoundTrips) {
  Answer answer;
  answer.distance = 0.0049999952;
  answer.pointA[0] = 0x1.fffffep-3;
  answer.pointB[1] = -1e-300;
  answer.iterations = 4;
  answer.termination = "duplicate-support";
  std::string line;
  appendAnswer(line, 9, Query::Distance, answer);
  line.pop_back();
  Answer back;
  ASSERT_TRUE(parseAnswer(line, 9, Query::Distance, back)) << back.detail;
  EXPECT_EQ(back.status, Status::Ok);
  EXPECT_EQ(back.distance, answer.distance);
  EXPECT_EQ(back.pointA[0], answer.pointA[0]);
  EXPECT_EQ(back.pointB[1], answer.pointB[1]);
  EXPECT_EQ(back.iterations, 4);
  EXPECT_EQ(back.termination, "duplicate-support");
  ASSERT_TRUE(parseAnswer("3 ok 0x1p-1 0 0 0x1p-1 0 -1 unreported", 3, Query::Distance, back));
  EXPECT_EQ(back.distance, 0.5);
  EXPECT_EQ(back.iterations, -1);
}

TEST(WorkerAnswers, PenetrationAndRefusal) {
  Answer back;
  ASSERT_TRUE(parseAnswer("5 ok overlapping 0.25 0 1 0 0 0 0.25", 5, Query::Penetration, back)) << back.detail;
  EXPECT_TRUE(back.overlapping);
  EXPECT_EQ(back.depth, 0.25);
  EXPECT_EQ(back.normal[1], 1.0);
  EXPECT_EQ(back.pointB[1], 0.25);
  ASSERT_TRUE(parseAnswer("6 refused b2ComputeHull found no hull", 6, Query::Distance, back));
  EXPECT_EQ(back.status, Status::Refused);
  EXPECT_EQ(back.detail, "b2ComputeHull found no hull");
}

TEST(WorkerAnswers, EveryMalformedAnswerIsAProtocolErrorQuotingTheLine) {
  const char* bad[] = {"this is not an answer", "8 ok 1 2 3 4 5 6 unreported", "7 ok 1 2 3 4 5 6 word extra",
                       "7 ok 1 2 3 4 five 6 unreported", "7 maybe 1 2 3 4 5 6 unreported", ""};
  for (const char* line : bad) {
    Answer back;
    EXPECT_FALSE(parseAnswer(line, 7, Query::Distance, back)) << line;
    EXPECT_EQ(back.status, Status::Protocol) << line;
    EXPECT_NE(back.detail.find(std::string("'") + line + "'"), std::string::npos) << back.detail;
  }
  Answer back;
  EXPECT_FALSE(parseAnswer("8 ok 1 2 3 4 5 6 unreported", 7, Query::Distance, back));
  EXPECT_NE(back.detail.find("answer to id 8 where 7 was due"), std::string::npos) << back.detail;
}

TEST(WorkerHello, AWorkerThatTracesSaysPlusTrace) {
  std::string error;
  std::optional<Hello> hello =
      parseHello("gjkcheck-worker 1 perp#perp f32 merged distance +float-bits +trace test", error);
  ASSERT_TRUE(hello) << error;
  EXPECT_TRUE(hello->trace);
  EXPECT_EQ(hello->version, "test");
  EXPECT_EQ(helloLine(*hello), "gjkcheck-worker 1 perp#perp f32 merged distance +float-bits +trace test");
  hello = parseHello("gjkcheck-worker 1 planck f64 merged distance planck", error);
  ASSERT_TRUE(hello) << error;
  EXPECT_FALSE(hello->trace);
}

TEST(WorkerRequests, ATracedRequestIsKindT) {
  check::Case value;
  value.a.vertices = {{0.5f, 0}};
  value.b.vertices = {{1, 0}};
  std::string line;
  appendRequest(line, 4, Query::TracedDistance, value);
  EXPECT_EQ(line.substr(0, 4), "4 t ");
  line.pop_back();
  std::string error;
  std::optional<Request> back = parseRequest(line, error);
  ASSERT_TRUE(back) << error;
  EXPECT_EQ(back->query, Query::TracedDistance);
}

TEST(WorkerAnswers, ATracedAnswerCarriesItsStepsAndThePostStep) {
  Answer answer;
  answer.distance = 0;
  answer.iterations = 2;
  answer.termination = "epsilon-merge";
  for (int k = 0; k < 30; ++k) {  // more words than an untraced answer may have
    TraceStepWords step;
    step.simplex.resize(static_cast<std::size_t>(k % 4));
    for (TraceVertexWords& v : step.simplex) {
      v.w[0] = 0x1.4p-34 * k;
      v.pointB[1] = -1.5;
      v.weight = 0.25;
      v.indexA = k;
      v.indexB = 1;
    }
    step.hasDirection = k % 4 < 3;
    step.direction[1] = -0x1.ep-20;
    step.hasSupport = k % 2 == 0;
    step.support.indexA = 2;
    step.support.w[0] = 7.0;
    answer.trace.push_back(step);
  }
  answer.post = {"epsilon-merge", true, 0x1.4p-34, 0x1p-23, 0, "duplicate-support", "merged at the midpoint"};
  std::string line;
  appendAnswer(line, 11, Query::TracedDistance, answer);
  line.pop_back();
  Answer back;
  ASSERT_TRUE(parseAnswer(line, 11, Query::TracedDistance, back)) << back.detail;
  EXPECT_EQ(back.termination, "epsilon-merge");
  ASSERT_EQ(back.trace.size(), 30u);
  for (std::size_t k = 0; k < 30; ++k) {
    const TraceStepWords& got = back.trace[k];
    const TraceStepWords& want = answer.trace[k];
    ASSERT_EQ(got.simplex.size(), want.simplex.size()) << k;
    for (std::size_t i = 0; i < got.simplex.size(); ++i) {
      EXPECT_EQ(got.simplex[i].w[0], want.simplex[i].w[0]);
      EXPECT_EQ(got.simplex[i].pointB[1], -1.5);
      EXPECT_EQ(got.simplex[i].weight, 0.25);
      EXPECT_EQ(got.simplex[i].indexA, static_cast<int>(k));
    }
    EXPECT_EQ(got.hasDirection, want.hasDirection);
    EXPECT_EQ(got.direction[1], -0x1.ep-20);
    EXPECT_EQ(got.hasSupport, want.hasSupport);
    EXPECT_EQ(got.support.indexA, 2);
    EXPECT_EQ(got.support.w[0], 7.0);
  }
  EXPECT_EQ(back.post.rule, "epsilon-merge");
  EXPECT_TRUE(back.post.decided);
  EXPECT_EQ(back.post.coreDistance, 0x1.4p-34);
  EXPECT_EQ(back.post.bound, 0x1p-23);
  EXPECT_EQ(back.post.loopTermination, "duplicate-support");
  EXPECT_EQ(back.post.text, "merged at the midpoint");
  // No post step, no steps: still a traced answer.
  ASSERT_TRUE(parseAnswer("3 ok 1 0 0 1 0 2 duplicate-support trace 0", 3, Query::TracedDistance, back)) << back.detail;
  EXPECT_TRUE(back.trace.empty());
  EXPECT_TRUE(back.post.rule.empty());
  // A traced answer without its trace, or with a broken one, is a protocol error.
  for (const char* bad : {"3 ok 1 0 0 1 0 2 duplicate-support", "3 ok 1 0 0 1 0 2 duplicate-support trace 1",
                          "3 ok 1 0 0 1 0 2 duplicate-support trace 1 4", "3 ok 1 0 0 1 0 2 x trace 0 post r 2 0 0 0 -",
                          "3 ok 1 0 0 1 0 2 x trace 0 post r 1 0 0 0"}) {
    EXPECT_FALSE(parseAnswer(bad, 3, Query::TracedDistance, back)) << bad;
    EXPECT_EQ(back.status, Status::Protocol) << bad;
  }
}

TEST(WorkerHello, ParsesTheFieldsAndTheVersionLine) {
  std::string error;
  std::optional<Hello> hello = parseHello("gjkcheck-worker 1 planck f64 merged distance planck 1.4.2 (npm)", error);
  ASSERT_TRUE(hello) << error;
  EXPECT_EQ(hello->name, "planck");
  EXPECT_EQ(hello->scalar, "f64");
  EXPECT_EQ(hello->contact, "merged");
  EXPECT_EQ(hello->queries, "distance");
  EXPECT_EQ(hello->version, "planck 1.4.2 (npm)");
  EXPECT_FALSE(parseHello("gjkcheck-worker 2 planck f64 merged distance v", error));
  EXPECT_NE(error.find("version 2"), std::string::npos);
  EXPECT_FALSE(parseHello("gjkcheck-worker 1 planck f16 merged distance v", error));
  EXPECT_FALSE(parseHello("hello", error));
}

}  // namespace
}  // namespace gjk::workers
