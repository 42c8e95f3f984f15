// A manifest of `queries cast` (issue 22; docs/workers.md): it names its band (`cast-band`, a formula of
// verdict/cast_engine_bands.h) and the band's formula with its source (`cast-band-text`); the registry row it
// becomes is a cast query with that band. A cast manifest without them, or another manifest with them, is an
// error naming the file.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "../tools/run_gjkcheck.h"
#include "verdict/external_strategy.h"
#include "workers/manifest.h"

namespace gjk::workers {
namespace {

using test_support::TempDir;

const std::string CAST =
    "gjkcheck-engine 1\n"
    "name planck-cast\n"
    "description planck ShapeCast\n"
    "version planck 1.4.2\n"
    "scalar f64\n"
    "contact on-shapes\n"
    "queries cast\n"
    "command node ../js/worker.mjs planck-cast\n";
const std::string BAND =
    "cast-band box2d-2.4.1-shape-cast-f64\n"
    "cast-band-text [sigma, sigma + 0.0025] (src/collision/Distance.ts:848-849)\n";

std::filesystem::path write(const std::filesystem::path& file, const std::string& text) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file) << text;
  return file;
}

std::string errorOf(const std::string& text) {
  TempDir dir("gjk-cast-manifest");
  try {
    readManifest(write(dir.path() / "e" / "manifest", text));
  } catch (const ManifestError& error) {
    return error.what();
  }
  return "";
}

TEST(CastManifest, ReadsTheBandAndBecomesACastRow) {
  TempDir dir("gjk-cast-manifest");
  write(dir.path() / "planck-cast" / "manifest", CAST + BAND);
  Manifest m = readManifest(dir.path() / "planck-cast" / "manifest");
  EXPECT_EQ(m.queries, "cast");
  EXPECT_EQ(m.castBand, "box2d-2.4.1-shape-cast-f64");
  EXPECT_EQ(m.castBandText, "[sigma, sigma + 0.0025] (src/collision/Distance.ts:848-849)");
  std::vector<check::StrategyInfo> rows = check::manifestStrategies(dir.path());
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].query, check::QueryKind::Cast);
  ASSERT_NE(rows[0].castBand, nullptr);
  // Two radius-0 polygons: each raised to 0.01, sigma = 0.01, band [0.01, 0.0125].
  const check::CastBand band = check::declaredCastBand(rows[0], 0, 0);
  EXPECT_DOUBLE_EQ(band.lower, 0.01);
  EXPECT_DOUBLE_EQ(band.upper, 0.0125);
  EXPECT_EQ(rows[0].castBandText, m.castBandText);
}

TEST(CastManifest, ACastEngineMustNameItsBandAndOnlyItMay) {
  EXPECT_NE(errorOf(CAST).find("no `cast-band` line"), std::string::npos) << errorOf(CAST);
  EXPECT_NE(errorOf(CAST + "cast-band box2d-2.4.1-toi-f64\n").find("no `cast-band-text` line"), std::string::npos);
  std::string distance = CAST;
  distance.replace(distance.find("queries cast"), 12, "queries distance");
  EXPECT_NE(errorOf(distance + BAND).find("is for an engine of queries cast"), std::string::npos)
      << errorOf(distance + BAND);
}

TEST(CastManifest, AnUnknownBandIsAnError) {
  TempDir dir("gjk-cast-manifest");
  std::string text = CAST + BAND;
  text.replace(text.find("box2d-2.4.1-shape-cast-f64"), 26, "a-band-nobody-declared");
  write(dir.path() / "x" / "manifest", text);
  try {
    check::manifestStrategies(dir.path());
    ADD_FAILURE() << "an unknown band was accepted";
  } catch (const ManifestError& error) {
    EXPECT_NE(std::string(error.what()).find("unknown cast band 'a-band-nobody-declared'"), std::string::npos)
        << error.what();
  }
}

// `cast-initial-overlap`: hit (the default), miss, or miss-when-separating (parry's stop_at_penetration false);
// anything else is an error naming the file.
TEST(CastManifest, ReadsTheInitialOverlapConvention) {
  for (const auto& [word, expected] :
       std::vector<std::pair<std::string, check::CastInitialOverlap>>{{"hit", check::CastInitialOverlap::Hit},
                                                                      {"miss", check::CastInitialOverlap::Miss},
                                                                      {"miss-when-separating",
                                                                       check::CastInitialOverlap::MissWhenSeparating}}) {
    TempDir dir("gjk-cast-manifest");
    write(dir.path() / "planck-cast" / "manifest", CAST + BAND + "cast-initial-overlap " + word + "\n");
    std::vector<check::StrategyInfo> rows = check::manifestStrategies(dir.path());
    ASSERT_EQ(rows.size(), 1u) << word;
    EXPECT_EQ(rows[0].castInitialOverlap, expected) << word;
  }
  const std::string error = errorOf(CAST + BAND + "cast-initial-overlap sometimes\n");
  EXPECT_NE(error.find("cast-initial-overlap is hit, miss or miss-when-separating"), std::string::npos) << error;
}

}  // namespace
}  // namespace gjk::workers
