// The oracle's cross-check on every generated case family (families/families.h), through the program a
// user runs: `gjkcheck gen --family all` writes the cases, and each is solved four ways that must agree
// field for field: the fast method with and without its double filter, the reference point-cloud hull
// (the Minkowski hull vertex for vertex) and the hull-free method. The witness-distance path
// (squaredDistanceToCore of double points) is checked against its reference on the same cases.
//
// oracle_test links the oracle only, so the case files are read here with a few lines that follow
// docs/case-format.md (numbers rounded to float by strtof, as the harness's reader does); the families themselves
// are the harness's, bit for bit. Skipped when the gjkcheck program is not built.
#include <gtest/gtest.h>

#include <unistd.h>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "oracle/oracle.h"
#include "tests/oracle/case_generator.h"

namespace gjk::oracle {
namespace {

using namespace cases;

constexpr int CASES_PER_FAMILY = 400;
constexpr int FAMILY_SEED = 20261121;

struct FamilyCase {
  std::string family;
  InputShape a;
  InputShape b;
};

float number(std::istringstream& line) {
  std::string word;
  line >> word;
  return std::strtof(word.c_str(), nullptr);
}

// A case file of docs/case-format.md: header, meta lines, a.* and b.* lines; '#' starts a comment.
FamilyCase readCase(const std::filesystem::path& path) {
  std::ifstream file(path);
  FamilyCase result;
  std::string text;
  while (std::getline(file, text)) {
    text = text.substr(0, text.find('#'));
    std::istringstream line(text);
    std::string key;
    if (!(line >> key) || key == "gjk-case") {
      continue;
    }
    if (key == "meta.family") {
      line >> result.family;
      continue;
    }
    if (key.rfind("meta.", 0) == 0) {
      continue;
    }
    InputShape& shape = key[0] == 'a' ? result.a : result.b;
    const std::string field = key.substr(2);
    if (field == "vertex") {
      const float x = number(line);
      shape.vertices.push_back({x, number(line)});
    } else if (field == "radius") {
      shape.radius = number(line);
    } else if (field == "position") {
      shape.positionX = number(line);
      shape.positionY = number(line);
    } else if (field == "rotation") {
      shape.rotationC = number(line);
      shape.rotationS = number(line);
    } else {
      ADD_FAILURE() << path << ": unknown key " << key;
    }
  }
  return result;
}

TEST(FamilyCrossCheck, EveryFamilyAgreesAcrossTheFourExactMethods) {
#ifndef GJKCHECK_BINARY
  GTEST_SKIP() << "the gjkcheck program is not built";
#else
  const std::filesystem::path program = GJKCHECK_BINARY;
  if (!std::filesystem::exists(program)) {
    GTEST_SKIP() << program << " is not built";
  }
  // In memory where there is a tmpfs: the writer syncs every file, which a disk makes slow.
  const std::filesystem::path base = std::filesystem::is_directory("/dev/shm")
                                         ? std::filesystem::path("/dev/shm")
                                         : std::filesystem::temp_directory_path();
  const std::filesystem::path folder = base / ("gjk-oracle-families-" + std::to_string(::getpid()));
  std::filesystem::remove_all(folder);
  const std::string command = program.string() + " gen --family all --count " +
                              std::to_string(CASES_PER_FAMILY) + " --seed " + std::to_string(FAMILY_SEED) +
                              " --out " + folder.string() + " > /dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;

  std::map<std::string, int> perFamily;
  int failures = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    const FamilyCase value = readCase(entry.path());
    ASSERT_FALSE(value.family.empty()) << entry.path();
    ++perFamily[value.family];
    const ExactAnswer fast = solveByHull(value.a, value.b);
    const ExactAnswer unfiltered = solveByHull(value.a, value.b, HullOptions{false});
    const ExactAnswer cloud = solveByPointCloudHull(value.a, value.b);
    const ExactAnswer withoutHull = solveWithoutHull(value.a, value.b);
    std::string difference = firstDifference(fast, cloud, true);
    if (difference.empty())
      difference = firstDifference(fast, unfiltered, true);
    if (difference.empty())
      difference = firstDifference(fast, withoutHull, false);
    // A witness point as a double strategy would report it: the closest point, rounded to double.
    const double x = static_cast<double>(fast.closestPoint.x), y = static_cast<double>(fast.closestPoint.y);
    if (difference.empty() && std::isfinite(x) && std::isfinite(y) &&
        squaredDistanceToCore(value.b, x, y) !=
            squaredDistanceToCoreByPointCloud(value.b, exactDouble(x), exactDouble(y))) {
      difference = "squaredDistanceToCore";
    }
    if (!difference.empty() && ++failures <= 10) {
      ADD_FAILURE() << entry.path() << " (" << value.family << "): " << difference
                    << "\n  fast:        " << answerText(fast) << "\n  point cloud: " << answerText(cloud);
    }
  }
  std::filesystem::remove_all(folder);
  EXPECT_EQ(failures, 0);
  EXPECT_GE(perFamily.size(), 14u);  // every family of families/families.h
  for (const auto& [family, count] : perFamily) {
    EXPECT_EQ(count, CASES_PER_FAMILY) << family;
  }
  std::printf("[ families ] %zu families x %d cases (seed %d): fast = no filter = point cloud = hull-free\n",
              perFamily.size(), CASES_PER_FAMILY, FAMILY_SEED);
#endif
}

}  // namespace
}  // namespace gjk::oracle
