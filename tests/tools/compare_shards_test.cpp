// `gjkcheck compare --shard I/N` then `gjkcheck merge`: the merged report is the one-machine report bit for
// bit (times and the run's own lines aside), of 2D and 3D studies, and shards that do not make one study are
// refused (exit 2).
#include <gtest/gtest.h>

#include "run_gjkcheck.h"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

using gjk::test_support::CliRun;
using gjk::test_support::gjkcheck;
using gjk::test_support::readText;

struct TempDir : gjk::test_support::TempDir {
  TempDir() : gjk::test_support::TempDir("gjkcheck-shards") {}
};

// A report (or shard) written whole: exit 0, or 1 when it holds violations (docs/cli.md).
bool reportWritten(int exitCode) { return exitCode == 0 || exitCode == 1; }

std::string q(const fs::path& path) {
  return "'" + path.string() + "'";
}

// Runs the shards 1..N of `arguments` into folder/shard-I; expects each to succeed.
void runShards(const std::string& arguments, int shards, const fs::path& folder) {
  for (int i = 1; i <= shards; ++i) {
    CliRun run = gjkcheck("compare " + arguments + " --jobs 1 --shard " + std::to_string(i) + "/" +
                          std::to_string(shards) + " --out " + q(folder / ("shard-" + std::to_string(i))));
    ASSERT_PRED1(reportWritten, run.exitCode) << run.out;
  }
}

std::string shardFolders(const fs::path& folder, int shards) {
  std::string list;
  for (int i = 1; i <= shards; ++i) list += " " + q(folder / ("shard-" + std::to_string(i)));
  return list;
}

// README.md without what differs by run: the command block, machine, date and wall time lines, and the
// "Time per query" section (its times, and the rounds and sample, which are per shard).
std::string comparableReadme(const std::string& text) {
  std::istringstream in(text);
  std::string line, result;
  bool inCommand = false;
  int timeColumn = -1;
  bool inTiming = false;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) inTiming = line == "## Time per query";
    if (inTiming) continue;
    if (line.rfind("```", 0) == 0) {
      inCommand = !inCommand;
      continue;
    }
    if (inCommand || line.rfind("| machine |", 0) == 0 || line.rfind("| date |", 0) == 0 ||
        line.rfind("| wall time |", 0) == 0) {
      continue;
    }
    // The ns/query column of a table (found by its header) is a time: blank it.
    std::vector<std::string> cells;
    for (size_t start = 0, bar; (bar = line.find('|', start)) != std::string::npos; start = bar + 1) {
      cells.push_back(line.substr(start, bar - start));
    }
    if (line.rfind("|", 0) == 0) {
      if (line.find("ns/query") != std::string::npos) {
        timeColumn = -1;
        for (size_t c = 0; c < cells.size(); ++c) {
          if (cells[c].find("ns/query") != std::string::npos) timeColumn = static_cast<int>(c);
        }
      } else if (timeColumn >= 0 && static_cast<size_t>(timeColumn) < cells.size()) {
        cells[timeColumn] = " (time) ";
        line.clear();
        for (const std::string& cell : cells) line += cell + "|";
      }
    } else {
      timeColumn = -1;
    }
    result += line + "\n";
  }
  return result;
}

std::vector<std::string> filesUnder(const fs::path& folder) {
  std::vector<std::string> names;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(folder)) {
    if (entry.is_regular_file())
      names.push_back(fs::relative(entry.path(), folder).string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// Merges the shards and checks the report against the one-machine run of the same arguments, file by file;
// `compared` (when given) receives the report's files.
void expectMergeEqualsOneMachine(const std::string& arguments, int shards,
                                 std::vector<std::string>* compared = nullptr) {
  TempDir temp;
  runShards(arguments, shards, temp.path());
  CliRun merged =
      gjkcheck("merge" + shardFolders(temp.path(), shards) + " --out " + q(temp.path() / "merged"));
  ASSERT_PRED1(reportWritten, merged.exitCode) << merged.out;
  CliRun whole = gjkcheck("compare " + arguments + " --jobs 2 --out " + q(temp.path() / "whole"));
  ASSERT_PRED1(reportWritten, whole.exitCode) << whole.out;
  EXPECT_EQ(merged.exitCode, whole.exitCode) << "the merge and the one-machine run disagree on violations";

  std::vector<std::string> files = filesUnder(temp.path() / "whole");
  ASSERT_EQ(files, filesUnder(temp.path() / "merged"));
  ASSERT_NE(std::find(files.begin(), files.end(), "summary.csv"), files.end());
  if (compared != nullptr) *compared = files;
  for (const std::string& file : files) {
    std::string one = readText(temp.path() / "whole" / file), other = readText(temp.path() / "merged" / file);
    if (file == "timing.csv")
      continue;  // the times, and only they, differ by run
    if (file == "README.md") {
      EXPECT_EQ(comparableReadme(one), comparableReadme(other));
      EXPECT_NE(other.find("--shard 1/" + std::to_string(shards)), std::string::npos) << other;
      continue;
    }
    EXPECT_TRUE(one == other) << file << " differs between the one-machine and the merged report";
  }
  // timing.csv names the same strategies and families in the same order (its other columns are times,
  // and the rounds and sample, which are per shard).
  auto firstColumns = [](const std::string& text) {
    std::istringstream in(text);
    std::string line, result;
    while (std::getline(in, line)) result += line.substr(0, line.find(',', line.find(',') + 1)) + "\n";
    return result;
  };
  EXPECT_EQ(firstColumns(readText(temp.path() / "whole" / "timing.csv")),
            firstColumns(readText(temp.path() / "merged" / "timing.csv")));
}

TEST(CompareShards, ThreeShardsMergeIntoTheOneMachineReport) {
  expectMergeEqualsOneMachine("--count 12 --seed 5 --gallery 2", 3);
}

TEST(CompareShards, ViolationRowsOnlyAndUnevenShards) {
  // 10 cases in 4 shards: 3, 3, 2, 2 per family; rows.csv keeps the violations only.
  expectMergeEqualsOneMachine("--count 10 --seed 11 --rows violations --strategies naive,perp,box2d-v3", 4);
}

TEST(CompareShards, MoreShardsThanCases) {
  // Shard 3 of 3 holds no case of 2; it still takes part (and must be given).
  expectMergeEqualsOneMachine("--count 2 --seed 3 --rows none --families scale,radius", 3);
}

TEST(CompareShards, TheSummaryHasTheCasesOfEveryShard) {
  // Not only equal files: the merged summary counts every case (12 per family here).
  TempDir temp;
  runShards("--count 12 --seed 2 --strategies perp --families touching", 3, temp.path());
  CliRun merged = gjkcheck("merge" + shardFolders(temp.path(), 3) + " --out " + q(temp.path() / "merged"));
  ASSERT_PRED1(reportWritten, merged.exitCode) << merged.out;
  std::string summary = readText(temp.path() / "merged" / "summary.csv");
  EXPECT_NE(summary.find("\nperp,touching,12,"), std::string::npos) << summary;
  EXPECT_NE(summary.find("\nperp,all,12,"), std::string::npos) << summary;
}

// The vdb3 test plugin's vdb3: an external engine of 3D cases, its answers streamed per family.
std::string vdb3Plugin() { return std::string("plugin:") + VDB3_PLUGIN + "#vdb3"; }

TEST(CompareShards, ThreeDimensionalShardsMergeIntoTheOneMachineReport) {
  // Built-in 3D strategies and an external engine on 3D families; the gallery's cases and pictures are 3D
  // ones, sampled again by the merge from (family, seed, index) in the study's dimension.
  std::vector<std::string> files;
  expectMergeEqualsOneMachine("--dimension 3 --strategies 'robust3,vdb3," + vdb3Plugin() +
                                  "' --families random-convex,needle,scale,rounded --count 8 --seed 4 --gallery 2",
                              3, &files);
  const auto gallery = [&files](const std::string& ending) {
    return std::count_if(files.begin(), files.end(), [&ending](const std::string& file) {
      return file.rfind("gallery/", 0) == 0 && file.size() > ending.size() &&
             file.compare(file.size() - ending.size(), ending.size(), ending) == 0;
    });
  };
  EXPECT_GT(gallery(".case"), 0) << "no violation: the 3D gallery went untested";
  EXPECT_EQ(gallery(".case"), gallery(".svg"));
}

void expectRefused(const std::string& arguments, const std::string& message) {
  CliRun run = gjkcheck(arguments);
  EXPECT_EQ(run.exitCode, 2) << arguments << "\n" << run.out;
  EXPECT_NE(run.out.find(message), std::string::npos) << arguments << "\n" << run.out;
}

TEST(CompareShards, MergeRefusesShardsThatAreNotOneStudy) {
  TempDir temp;
  const std::string common = " --strategies perp --families touching --jobs 1";
  auto shard = [&](const std::string& name, const std::string& arguments) {
    CliRun run = gjkcheck("compare" + common + " " + arguments + " --out " + q(temp.path() / name));
    ASSERT_PRED1(reportWritten, run.exitCode) << run.out;
  };
  shard("a1", "--count 6 --seed 1 --shard 1/2");
  shard("a2", "--count 6 --seed 1 --shard 2/2");
  shard("seed", "--count 6 --seed 2 --shard 2/2");
  shard("count", "--count 7 --seed 1 --shard 2/2");
  shard("three", "--count 6 --seed 1 --shard 2/3");
  shard("rows", "--count 6 --seed 1 --rows none --shard 2/2");
  CliRun other = gjkcheck(
      "compare --strategies naive --families touching --jobs 1 --count 6 --seed 1 --shard 2/2 "
      "--out " +
      q(temp.path() / "strategies"));
  ASSERT_PRED1(reportWritten, other.exitCode) << other.out;
  const std::string out = " --out " + q(temp.path() / "merged");
  const std::string a1 = " " + q(temp.path() / "a1");

  // The control: the two right shards merge.
  CliRun good = gjkcheck("merge" + a1 + " " + q(temp.path() / "a2") + out);
  EXPECT_PRED1(reportWritten, good.exitCode) << good.out;

  expectRefused("merge" + a1 + " " + q(temp.path() / "seed") + out, "seed");
  expectRefused("merge" + a1 + " " + q(temp.path() / "count") + out, "count");
  expectRefused("merge" + a1 + " " + q(temp.path() / "three") + out, "shard count");
  expectRefused("merge" + a1 + " " + q(temp.path() / "rows") + out, "rows kept");
  expectRefused("merge" + a1 + " " + q(temp.path() / "strategies") + out, "strategies");
  // A 3D shard and a 2D one: the dimension is named first (their strategies and families differ too).
  CliRun solid = gjkcheck("compare --dimension 3 --strategies robust3 --families random-convex --jobs 1 --count 6 "
                          "--seed 1 --shard 2/2 --out " + q(temp.path() / "3d"));
  ASSERT_PRED1(reportWritten, solid.exitCode) << solid.out;
  expectRefused("merge" + a1 + " " + q(temp.path() / "3d") + out, "shard 1/2 has dimension 2, shard 2/2 has 3");
  expectRefused("merge" + a1 + out, "shard(s) 2 of 2 missing");
  expectRefused("merge" + a1 + a1 + " " + q(temp.path() / "a2") + out, "shard 1/2 is given twice");
  expectRefused("merge " + q(temp.path() / "nothing-here") + out, "neither a shard file nor a folder");
  expectRefused("merge" + out, "name the shards");

  // A shard file cut short, and a file that is no shard file.
  fs::path file = temp.path() / "a2" / "comparison-shard-2-of-2.bin";
  std::string bytes = readText(file);
  temp.write("cut/comparison-shard-2-of-2.bin", bytes.substr(0, bytes.size() - 5));
  expectRefused("merge" + a1 + " " + q(temp.path() / "cut") + out, "ends early");
  temp.write("junk/comparison-shard-2-of-2.bin", "not a shard\n");
  expectRefused("merge" + a1 + " " + q(temp.path() / "junk") + out, "does not start with GJKSHARD");
  // A format this program does not know (a newer one, or one older than 2).
  for (char version : {'\x04', '\x01'}) {
    std::string other = bytes;
    other[8] = version;
    temp.write("format/comparison-shard-2-of-2.bin", other);
    expectRefused("merge" + a1 + " " + q(temp.path() / "format") + out,
                  "its format is " + std::to_string(version) + "; this gjkcheck reads formats 2 to 3");
  }
}

// Format 2, written before 3D studies were sharded, is format 3 without the dimension: read as a 2D study.
TEST(CompareShards, MergeReadsFormatTwoShardsAsTwoDimensional) {
  TempDir temp;
  runShards("--count 6 --seed 1 --strategies perp --families touching", 2, temp.path());
  CliRun now = gjkcheck("merge" + shardFolders(temp.path(), 2) + " --out " + q(temp.path() / "now"));
  ASSERT_PRED1(reportWritten, now.exitCode) << now.out;
  // "GJKSHARD", the version (one byte), the head's length (8 bytes, little-endian), then the head, whose
  // first field is the dimension (one byte, 2): drop it, say format 2, shorten the length by one.
  fs::path file = temp.path() / "shard-2" / "comparison-shard-2-of-2.bin";
  std::string bytes = readText(file);
  ASSERT_EQ(bytes.substr(0, 9), std::string("GJKSHARD\x03"));
  ASSERT_EQ(bytes[17], '\x02');
  std::uint64_t length = 0;
  for (int i = 0; i < 8; ++i) length |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[9 + i])) << (8 * i);
  --length;
  for (int i = 0; i < 8; ++i) bytes[9 + i] = static_cast<char>((length >> (8 * i)) & 0xff);
  bytes[8] = '\x02';
  temp.write("old/comparison-shard-2-of-2.bin", bytes.substr(0, 17) + bytes.substr(18));
  CliRun old = gjkcheck("merge " + q(temp.path() / "shard-1") + " " + q(temp.path() / "old") + " --out " +
                        q(temp.path() / "old-merged"));
  ASSERT_PRED1(reportWritten, old.exitCode) << old.out;
  EXPECT_EQ(readText(temp.path() / "now" / "summary.csv"), readText(temp.path() / "old-merged" / "summary.csv"));
  EXPECT_EQ(readText(temp.path() / "now" / "rows.csv"), readText(temp.path() / "old-merged" / "rows.csv"));
}

TEST(CompareShards, MergeHasHelp) {
  for (const char* flag : {"-h", "--help"}) {
    CliRun run = gjkcheck(std::string("merge ") + flag);
    EXPECT_EQ(run.exitCode, 0) << run.out;
    EXPECT_NE(run.out.find("usage: gjkcheck merge"), std::string::npos) << run.out;
  }
  CliRun top = gjkcheck("--help");
  EXPECT_NE(top.out.find("merge SHARD..."), std::string::npos) << top.out;
}

TEST(CompareShards, CompareRefusesABadShardOption) {
  for (const char* shard : {"0/3", "4/3", "3", "1/0", "a/3", "1/3x", "/3", "1/", "-1/3", "1/100001"}) {
    expectRefused(std::string("compare --count 2 --shard ") + shard + " --out /tmp/gjkcheck-shards-unused",
                  "--shard takes I/N");
  }
  EXPECT_FALSE(fs::exists("/tmp/gjkcheck-shards-unused"));
}

}  // namespace
