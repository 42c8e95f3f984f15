// Gallery file names: portable (no ':' or '/' from a plugin's path) and unique within a comparison.
#include <gtest/gtest.h>

#include "report/comparison_charts.h"

namespace gjk::check {
namespace {

StrategyInfo named(const std::string& name) {
  StrategyInfo info;
  info.name = name;
  return info;
}

TEST(GalleryNames, APluginIsNamedByItsFileAndEntryWithoutSeparators) {
  const StrategyInfo perp = named("perp");
  const StrategyInfo proxy = named("plugin:/work/scratch-engines/box2d-v3.1.1.so#proxy");
  const StrategyInfo first = named("plugin:/work/scratch-engines/box2d-v3.1.1.so");
  const StrategyInfo other = named("plugin:/elsewhere/box2d-v3.1.1.so");
  const StrategyInfo spaced = named("plugin:lib/my gjk.so#entry:1");
  const std::vector<std::string> names = galleryNames({&perp, &proxy, &first, &other, &spaced});
  EXPECT_EQ(names, (std::vector<std::string>{"perp", "plugin-box2d-v3.1.1-proxy", "plugin-box2d-v3.1.1",
                                             "plugin-box2d-v3.1.1-4", "plugin-my-gjk-entry-1"}));
  EXPECT_TRUE(isGalleryFileName("plugin-box2d-v3.1.1-proxy-scale.svg"));
  EXPECT_TRUE(isGalleryFileName("perp-scale.case"));
  EXPECT_FALSE(isGalleryFileName("plugin-box2d-v3.1.1-notes.svg"));
}

}  // namespace
}  // namespace gjk::check
