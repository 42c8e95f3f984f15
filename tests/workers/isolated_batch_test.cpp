// The crash detail of gjkcheck-plugin-host --isolate (workers/isolated_batch.h): the last line of the child's
// stderr, a long one by its start and end.
#include <gtest/gtest.h>

#include <string>

#include "workers/isolated_batch.h"

namespace gjk::workers {
namespace {

TEST(IsolatedBatch, TheCrashDetailIsTheLastLineWithItsStartAndEnd) {
  EXPECT_EQ(lastMessage("fcl plugin: an earlier query's warning\na.cpp:12: f: Assertion `x' failed.\n\n"),
            "a.cpp:12: f: Assertion `x' failed.");
  EXPECT_EQ(lastMessage("\n \n"), "");
  EXPECT_EQ(lastMessage("tab\there"), "tab here");
  EXPECT_EQ(lastMessage(std::string(350, 'a') + std::string(350, 'z')),
            std::string(300, 'a') + " ... " + std::string(295, 'z'));
}

}  // namespace
}  // namespace gjk::workers
