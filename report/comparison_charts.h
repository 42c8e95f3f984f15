// The charts and the gallery of the comparison report (docs/reports.md), as SVG files in the report folder.
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

// True for a name the gallery writes: STRATEGY-FAMILY.case or .svg, STRATEGY a registered strategy
// (plain or modified) and FAMILY a case family.
bool isGalleryFileName(const std::string& name);

// The name of each strategy's gallery files (<name>-<family>.case and .svg), unique within the comparison:
// the strategy's name, or for `plugin:PATH[#ENTRY]` `plugin-<PATH's file name without .so>[-ENTRY]`;
// characters other than letters, digits, '.', '_' and '-' become '-'.
std::vector<std::string> galleryNames(const std::vector<const StrategyInfo*>& strategies);

// Removes from folder/gallery/ the files a gallery writes (isGalleryFileName; regular files only, never
// a symbolic link, nothing else in the folder), then the folder itself if that left it empty. Returns
// how many files were removed. Nothing happens when there is no such folder.
int clearGallery(const std::filesystem::path& folder);

// The worst violations of each strategy (largest distance error, then witness error; at most `perStrategy`,
// at most one per family): each as a .case file (with meta lines naming how it was generated) and an SVG
// picture, in folder/gallery/. The gallery files of an earlier run into the same folder are removed
// first (clearGallery), so the folder holds only this run's.
std::vector<GalleryEntry> writeGallery(const std::filesystem::path& folder, const ComparisonOptions& options,
                                       const ComparisonResult& result, int perStrategy);

}  // namespace gjk::check
