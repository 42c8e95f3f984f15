// The charts and the gallery of the comparison report (design §8), as SVG files in the report folder.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "report/comparison.h"
#include "report/comparison_summary.h"

namespace gjk::check {

struct ChartFile {
  std::string title;
  std::string file;  // relative to the report folder
};

// Writes distance-error-cdf.svg (per strategy, log axis), iterations.svg (histograms), violations.svg
// (strategy x family heat map) and scale-envelope.svg (violation rate against log10 S).
std::vector<ChartFile> writeComparisonCharts(const std::filesystem::path& folder, const ComparisonOptions& options,
                                             const ComparisonResult& result, const ComparisonSummary& summary);

struct GalleryEntry {
  std::string strategy;
  std::string family;
  std::string caseFile;     // relative to the report folder
  std::string pictureFile;  // relative to the report folder
  std::string kinds;
  double distanceErrorU = 0;
  double witnessErrorU = 0;
};

// The worst violations of each strategy (largest distance error, then witness error; at most `perStrategy`,
// at most one per family): each as a .case file (with meta lines naming how it was generated) and an SVG
// picture, in folder/gallery/.
std::vector<GalleryEntry> writeGallery(const std::filesystem::path& folder, const ComparisonOptions& options,
                                       const ComparisonResult& result, int perStrategy);

}  // namespace gjk::check
