// The worker protocol's cast query (issue 22; docs/workers.md): the request `<id> c <shapeA> <shapeB> <tx> <ty>`
// carries the case's b.translation exactly, in either number form; the answer `<id> ok <hit|miss> <fraction> <nx>
// <ny> <px> <py> <iterations> <termination>` round-trips; the requests and answers of the other kinds keep their
// bytes (a cast adds words only to its own lines). A rotating case's request carries B's turn (b.angular) after
// the translation, to a worker whose hello says +turns.
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
  // A third number is B's turn (+turns, below); a fourth is one word too many.
  EXPECT_FALSE(parseRequest("1 c 1 0 0 0 0 0 1 0 1 0 0 0 4 0 1 0 -4 0 7 8", error));
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

// Rotating casts (+turns): the case's b.angular rides after the translation, only on a rotating case's request; a
// request without it is a cast without turn, as before the option.
check::Case rotatingCase() {
  check::Case value = castCase();
  value.hasAngular = true;
  value.angular = -0.3f;
  return value;
}

TEST_P(CastRequests, CarryTheTurnBitForBit) {
  std::string line;
  appendRequest(line, 13, Query::Cast, rotatingCase(), GetParam());
  line.pop_back();
  std::string error;
  std::optional<Request> request = parseRequest(line, error, GetParam());
  ASSERT_TRUE(request) << error;
  EXPECT_TRUE(request->value.hasAngular);
  EXPECT_EQ(request->value.angular, -0.3f);
  EXPECT_EQ(request->value.translationX, -4.0f);
  EXPECT_EQ(request->value.translationY, 0.1f);
  // The same Request reused for a cast without turn forgets the turn.
  std::string plain;
  appendRequest(plain, 14, Query::Cast, castCase(), GetParam());
  plain.pop_back();
  ASSERT_TRUE(parseRequestInto(plain, *request, error, GetParam())) << error;
  EXPECT_FALSE(request->value.hasAngular);
  EXPECT_EQ(request->value.angular, 0.0f);
}

TEST(CastRequests, ARotatingCaseWritesItsTurnLastOnlyOnItsCastRequest) {
  std::string line;
  appendRequest(line, 3, Query::Cast, rotatingCase(), Numbers::FloatBits);
  EXPECT_EQ(line, "3 c 3 bf800000 bf800000 3f800000 bf800000 3f800000 3f800000 00000000 00000000 00000000 3f800000 "
                  "00000000 1 3dcccccd 3e4ccccd 3f000000 40800000 00000000 3f800000 00000000 c0800000 3dcccccd "
                  "be99999a\n");
  std::string decimal;
  appendRequest(decimal, 3, Query::Cast, rotatingCase());
  EXPECT_TRUE(decimal.ends_with(" -4 0.10000000149011612 -0.30000001192092896\n")) << decimal;  // as doubles
  std::string distance;
  appendRequest(distance, 3, Query::Distance, rotatingCase(), Numbers::FloatBits);
  EXPECT_TRUE(distance.ends_with(" 3f800000 00000000\n")) << distance;
}

TEST(CastRequests, AMalformedTurnOrAFourthNumberIsRejected) {
  std::string error;
  EXPECT_FALSE(parseRequest("1 c 1 0 0 0 0 0 1 0 1 0 0 0 4 0 1 0 -4 0 0.1", error));  // 0.1 is no float
  EXPECT_NE(error.find("b.angular"), std::string::npos) << error;
  EXPECT_NE(error.find("not a float"), std::string::npos) << error;
  EXPECT_FALSE(parseRequest("1 c 1 0 0 0 0 0 1 0 1 0 0 0 4 0 1 0 -4 0 turn", error));
  EXPECT_NE(error.find("b.angular"), std::string::npos) << error;
  EXPECT_FALSE(parseRequest("1 c 1 0 0 0 0 0 1 0 1 0 0 0 4 0 1 0 -4 0 0.5 2", error));
  EXPECT_NE(error.find("words after the turn"), std::string::npos) << error;
  EXPECT_FALSE(parseRequest("1 c 1 00000000 00000000 00000000 00000000 00000000 3f800000 00000000 1 00000000 "
                            "00000000 00000000 40800000 00000000 3f800000 00000000 c0800000 00000000 3f00000g",
                            error, Numbers::FloatBits));
  EXPECT_NE(error.find("b.angular"), std::string::npos) << error;
  // A turn on another kind of request is words after the second shape, as before.
  EXPECT_FALSE(parseRequest("1 d 1 0 0 0 0 0 1 0 1 0 0 0 4 0 1 0 -4 0 0.5", error));
  // The largest request (16 vertices each) with its translation and turn fits the parser's words.
  check::Case big = rotatingCase();
  big.a.vertices.assign(16, {1, 2});
  big.b.vertices.assign(16, {3, 4});
  std::string line;
  appendRequest(line, 4, Query::Cast, big);
  line.pop_back();
  std::optional<Request> request = parseRequest(line, error);
  ASSERT_TRUE(request) << error;
  EXPECT_EQ(request->value.angular, -0.3f);
}

TEST(CastHello, PlusTurnsSaysTheWorkerTurnsB) {
  std::string error;
  std::optional<Hello> hello = parseHello(
      "gjkcheck-worker 1 planck-toi f64 on-shapes cast +float-bits +turns planck 1.4.2 (npm)", error);
  ASSERT_TRUE(hello) << error;
  EXPECT_TRUE(hello->turns);
  EXPECT_TRUE(hello->floatBits);
  EXPECT_EQ(hello->version, "planck 1.4.2 (npm)");
  EXPECT_EQ(helloLine(*hello), "gjkcheck-worker 1 planck-toi f64 on-shapes cast +float-bits +turns planck 1.4.2 (npm)");
  std::optional<Hello> again = parseHello(helloLine(*hello), error);
  ASSERT_TRUE(again) << error;
  EXPECT_TRUE(again->turns);
  // A hello without the word turns nothing, and its line is what it was before the option.
  hello = parseHello("gjkcheck-worker 1 planck-cast f64 on-shapes cast +float-bits planck 1.4.2", error);
  ASSERT_TRUE(hello) << error;
  EXPECT_FALSE(hello->turns);
  EXPECT_EQ(helloLine(*hello), "gjkcheck-worker 1 planck-cast f64 on-shapes cast +float-bits planck 1.4.2");
}

}  // namespace
}  // namespace gjk::workers
