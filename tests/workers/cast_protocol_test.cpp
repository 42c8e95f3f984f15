// The worker protocol's cast query (issue 22; docs/workers.md): the request `<id> c <shapeA> <shapeB> <tx> <ty>`
// carries the case's b.translation exactly, in either number form; the answer `<id> ok <hit|miss> <fraction> <nx>
// <ny> <px> <py> <iterations> <termination>` round-trips; the requests and answers of the other kinds keep their
// bytes (a cast adds words only to its own lines).
#include <gtest/gtest.h>

#include <cstring>
#include <limits>

#include "workers/manifest.h"
#include "workers/worker_protocol.h"

namespace gjk::workers {
namespace {

check::Case castCase() {
  check::Case value;
  value.a.vertices = {{-1, -1}, {1, -1}, {1, 1}};
  value.b.vertices = {{0.1f, 0.2f}};
  value.b.radius = 0.5f;
  value.b.positionX = 4;
  value.hasTranslation = true;
  value.translationX = -4;
  value.translationY = 0.1f;
  return value;
}

class CastRequests : public ::testing::TestWithParam<Numbers> {};

TEST_P(CastRequests, CarryTheTranslationBitForBit) {
  std::string line;
  appendRequest(line, 12, Query::Cast, castCase(), GetParam());
  line.pop_back();
  std::string error;
  std::optional<Request> request = parseRequest(line, error, GetParam());
  ASSERT_TRUE(request) << error;
  EXPECT_EQ(request->query, Query::Cast);
  EXPECT_TRUE(request->value.hasTranslation);
  EXPECT_EQ(request->value.translationX, -4.0f);
  EXPECT_EQ(request->value.translationY, 0.1f);
  EXPECT_EQ(request->value.b.radius, 0.5f);
  EXPECT_EQ(request->value.b.positionX, 4.0f);
}

INSTANTIATE_TEST_SUITE_P(Numbers, CastRequests, ::testing::Values(Numbers::Decimal, Numbers::FloatBits));

TEST(CastRequests, AreKindCWithTheTranslationLast) {
  std::string line;
  appendRequest(line, 3, Query::Cast, castCase(), Numbers::FloatBits);
  EXPECT_EQ(line, "3 c 3 bf800000 bf800000 3f800000 bf800000 3f800000 3f800000 00000000 00000000 00000000 3f800000 "
                  "00000000 1 3dcccccd 3e4ccccd 3f000000 40800000 00000000 3f800000 00000000 c0800000 3dcccccd\n");
  // The other kinds keep their bytes: a distance request of a cast case writes no translation.
  std::string distance;
  appendRequest(distance, 3, Query::Distance, castCase(), Numbers::FloatBits);
  EXPECT_EQ(distance, "3 d 3 bf800000 bf800000 3f800000 bf800000 3f800000 3f800000 00000000 00000000 00000000 "
                      "3f800000 00000000 1 3dcccccd 3e4ccccd 3f000000 40800000 00000000 3f800000 00000000\n");
}

TEST(CastRequests, WithoutTheTranslationOrWithMoreWordsAreMalformed) {
  std::string error;
  EXPECT_FALSE(parseRequest("1 c 1 0 0 0 0 0 1 0 1 0 0 0 4 0 1 0", error));
  EXPECT_NE(error.find("translation"), std::string::npos) << error;
  EXPECT_FALSE(parseRequest("1 c 1 0 0 0 0 0 1 0 1 0 0 0 4 0 1 0 -4 0 7", error));
  EXPECT_FALSE(parseRequest("1 c 1 0 0 0 0 0 1 0 1 0 0 0 4 0 1 0 -4 0.1", error));  // 0.1 is no float
  // A distance request with the translation's words is malformed as before.
  EXPECT_FALSE(parseRequest("1 d 1 0 0 0 0 0 1 0 1 0 0 0 4 0 1 0 -4 0", error));
  std::optional<Request> request = parseRequest("1 c 1 0 0 0 0 0 1 0 1 0 0 0 4 0 1 0 -4 0", error);
  ASSERT_TRUE(request) << error;
  EXPECT_EQ(request->value.translationX, -4.0f);
  // The largest request (16 vertices each) with its translation fits the parser's words.
  check::Case big = castCase();
  big.a.vertices.assign(16, {1, 2});
  big.b.vertices.assign(16, {3, 4});
  std::string line;
  appendRequest(line, 4, Query::Cast, big);
  line.pop_back();
  request = parseRequest(line, error);
  ASSERT_TRUE(request) << error;
  EXPECT_EQ(request->value.b.vertices.size(), 16u);
  EXPECT_EQ(request->value.translationY, 0.1f);
}

TEST(CastAnswers, ParseAndRoundTrip) {
  Answer answer;
  answer.hit = true;
  answer.fraction = 0x1.fd70a4p-2;
  answer.normal[0] = 1;
  answer.point[0] = 1.01;
  answer.point[1] = -1;
  answer.iterations = 1;
  answer.termination = "hit";
  std::string line;
  appendAnswer(line, 9, Query::Cast, answer);
  EXPECT_EQ(line, "9 ok hit 0.4975000023841858 1 0 1.01 -1 1 hit\n");
  line.pop_back();
  Answer back;
  ASSERT_TRUE(parseAnswer(line, 9, Query::Cast, back)) << back.detail;
  EXPECT_TRUE(back.hit);
  EXPECT_EQ(back.fraction, answer.fraction);
  EXPECT_EQ(back.normal[0], 1.0);
  EXPECT_EQ(back.point[0], 1.01);
  EXPECT_EQ(back.point[1], -1.0);
  EXPECT_EQ(back.iterations, 1);
  EXPECT_EQ(back.termination, "hit");
  ASSERT_TRUE(parseAnswer("4 ok miss 1 0 0 0 0 -1 separated", 4, Query::Cast, back)) << back.detail;
  EXPECT_FALSE(back.hit);
  EXPECT_EQ(back.termination, "separated");
}

TEST(CastAnswers, MalformedOnesAreProtocolErrors) {
  const char* bad[] = {"7 ok maybe 1 0 0 0 0 1 hit", "7 ok hit 1 0 0 0 0 1", "7 ok hit 1 0 0 0 zero 1 hit",
                       "7 ok hit 1 0 0 0 0 1 hit extra", "7 ok 0.5 0 0 0 0 1 unreported"};
  for (const char* line : bad) {
    Answer back;
    EXPECT_FALSE(parseAnswer(line, 7, Query::Cast, back)) << line;
    EXPECT_EQ(back.status, Status::Protocol) << line;
  }
  // A distance answer line is no cast answer, and a cast answer no distance answer.
  Answer back;
  EXPECT_FALSE(parseAnswer("7 ok hit 1 0 0 0 0 1 hit", 7, Query::Distance, back));
}

TEST(CastHello, AWorkerMayAnswerCastQueries) {
  std::string error;
  std::optional<Hello> hello = parseHello("gjkcheck-worker 1 planck-cast f64 on-shapes cast +float-bits planck 1.4.2",
                                          error);
  ASSERT_TRUE(hello) << error;
  EXPECT_EQ(hello->queries, "cast");
  EXPECT_FALSE(parseHello("gjkcheck-worker 1 x f64 on-shapes casts x", error));
}

}  // namespace
}  // namespace gjk::workers
