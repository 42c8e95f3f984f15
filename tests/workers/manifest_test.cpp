// Engine manifests: read as docs/workers.md writes them; every error names the file and the line; a folder
// of manifests becomes registry rows, ready or "not installed" with the command that installs them.
#include <gtest/gtest.h>

#include <fstream>

#include "../tools/run_gjkcheck.h"
#include "verdict/external_strategy.h"
#include "workers/manifest.h"

namespace gjk::workers {
namespace {

using test_support::TempDir;

const char* PLANCK =
    "gjkcheck-engine 1\n"
    "# a comment line\n"
    "name planck\n"
    "description planck.js Distance, double\n"
    "version planck 1.x.y (npm)\n"
    "scalar f64\n"
    "contact merged\n"
    "queries distance\n"
    "command node ../js/worker.mjs planck   # words split on spaces\n"
    "ready ../js/node_modules/planck/package.json\n"
    "install scripts/bootstrap\n";

std::filesystem::path write(const std::filesystem::path& file, const std::string& text) {
  std::filesystem::create_directories(file.parent_path());
  std::ofstream(file) << text;
  return file;
}

TEST(Manifest, ReadsEveryKey) {
  TempDir dir("gjk-manifest");
  Manifest m = readManifest(write(dir.path() / "planck" / "manifest", PLANCK));
  EXPECT_EQ(m.name, "planck");
  EXPECT_EQ(m.description, "planck.js Distance, double");
  EXPECT_EQ(m.version, "planck 1.x.y (npm)");
  EXPECT_EQ(m.scalar, "f64");
  EXPECT_EQ(m.contact, "merged");
  EXPECT_EQ(m.queries, "distance");
  EXPECT_EQ(m.command, (std::vector<std::string>{"node", "../js/worker.mjs", "planck"}));
  EXPECT_EQ(m.install, "scripts/bootstrap");
  EXPECT_FALSE(m.isReady());
  write(dir.path() / "js" / "node_modules" / "planck" / "package.json", "{}");
  EXPECT_TRUE(m.isReady());
  EXPECT_EQ(m.workerCommand().directory, dir.path() / "planck");
}

std::string errorOf(const std::string& text) {
  TempDir dir("gjk-manifest");
  std::filesystem::path file = write(dir.path() / "e" / "manifest", text);
  try {
    readManifest(file);
  } catch (const ManifestError& error) {
    std::string message = error.what();
    EXPECT_EQ(message.rfind(file.string(), 0), 0u) << message;  // the message starts with the file
    return message.substr(file.string().size());
  }
  ADD_FAILURE() << "no error for:\n" << text;
  return "";
}

TEST(Manifest, ErrorsNameTheFileAndTheLine) {
  std::string text = PLANCK;
  EXPECT_EQ(errorOf("gjkcheck-engine 2\n"), ":1: manifest version 2, gjkcheck reads 1");
  EXPECT_EQ(errorOf("name planck\n"), ":1: the first line must be `gjkcheck-engine 1`");
  EXPECT_EQ(errorOf(text + "colour blue\n").substr(0, 24), ":12: unknown key `colour");
  std::string badScalar = text;
  badScalar.replace(badScalar.find("scalar f64"), 10, "scalar f16");
  EXPECT_EQ(errorOf(badScalar), ":6: scalar is f32 or f64, not 'f16'");
  EXPECT_EQ(errorOf(text + "name other\n"), ":12: `name` given twice (first on line 3)");
  std::string noCommand = text;
  noCommand.erase(noCommand.find("command"), noCommand.find("ready") - noCommand.find("command"));
  EXPECT_EQ(errorOf(noCommand), ": no `command` line");
}

TEST(Manifest, DimensionIs2Or3AndNeverACastEngines) {
  std::string text = PLANCK;
  EXPECT_EQ(readManifest(write(TempDir("gjk-manifest").path() / "p" / "manifest", text)).dimension, 2);
  {
    TempDir dir("gjk-manifest");
    EXPECT_EQ(readManifest(write(dir.path() / "p" / "manifest", text + "dimension 3\n")).dimension, 3);
    EXPECT_EQ(readManifest(write(dir.path() / "q" / "manifest", text + "dimension 2\n")).dimension, 2);
  }
  EXPECT_EQ(errorOf(text + "dimension 4\n"), ":12: dimension is 2 or 3, not '4'");
  EXPECT_EQ(errorOf(text + "dimension three\n"), ":12: dimension is 2 or 3, not 'three'");
  EXPECT_EQ(errorOf(text + "dimension\n"), ":12: `dimension` has no value");
  EXPECT_EQ(errorOf(text + "dimension 3\ndimension 3\n"), ":13: `dimension` given twice (first on line 12)");
  std::string cast = text;
  cast.replace(cast.find("queries distance"), 16, "queries cast");
  EXPECT_EQ(errorOf(cast + "cast-band touching\ncast-band-text t\ndimension 3\n"),
            ":14: an engine of dimension 3 answers distance, penetration or both, not cast");
}

TEST(Manifest, ThePlaceholdersOfCommandAndReady) {
  std::string text = PLANCK;
  text.replace(text.find("command node ../js/worker.mjs planck"), 36,
               "command $PLUGIN_HOST $BUILD/adapters/gjk_plugin_x.so gjkepa-signed");
  text.replace(text.find("ready ../js/node_modules/planck/package.json"), 44, "ready $BUILD/adapters/gjk_plugin_x.so");
  TempDir dir("gjk-manifest");
  const std::filesystem::path file = write(dir.path() / "x" / "manifest", text);
  Manifest m = readManifest(file, {"/opt/host", (dir.path() / "build").string()});
  EXPECT_EQ(m.command, (std::vector<std::string>{"/opt/host", (dir.path() / "build/adapters/gjk_plugin_x.so").string(),
                                                 "gjkepa-signed"}));
  EXPECT_EQ(m.ready, (dir.path() / "build/adapters/gjk_plugin_x.so").string());
  EXPECT_FALSE(m.isReady());
  write(dir.path() / "build" / "adapters" / "gjk_plugin_x.so", "");
  EXPECT_TRUE(m.isReady());  // an absolute path, not under the manifest's folder
  // The defaults: the plugin host as built and the build folder, GJKCHECK_BUILD overriding the folder.
  EXPECT_EQ(builtPlaceholders().pluginHost, check::pluginHostProgram().string());
  EXPECT_TRUE(std::filesystem::exists(builtPlaceholders().pluginHost)) << builtPlaceholders().pluginHost;
  EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(builtPlaceholders().build) / "CMakeCache.txt"))
      << builtPlaceholders().build;
  setenv("GJKCHECK_BUILD", "/elsewhere", 1);
  EXPECT_EQ(readManifest(file).command[1], "/elsewhere/adapters/gjk_plugin_x.so");
  unsetenv("GJKCHECK_BUILD");
  // Any other placeholder is an error of its line.
  std::string unknown = PLANCK;
  unknown.replace(unknown.find("command node"), 12, "command $NODE");
  EXPECT_EQ(errorOf(unknown), ":9: unknown placeholder `$NODE` (command and ready know $PLUGIN_HOST and $BUILD)");
  std::string badReady = PLANCK;
  badReady.replace(badReady.find("ready ../js"), 11, "ready $BUILDS/js");
  EXPECT_EQ(errorOf(badReady), ":10: unknown placeholder `$BUILDS` (command and ready know $PLUGIN_HOST and $BUILD)");
}

TEST(Manifest, AFolderOfManifestsGivesRegistryRows) {
  TempDir dir("gjk-manifests");
  write(dir.path() / "planck" / "manifest", PLANCK);
  std::string other = PLANCK;
  other.replace(other.find("name planck"), 11, "name sleepy");
  other.replace(other.find("ready ../js/node_modules/planck/package.json"), 44, "");
  write(dir.path() / "sleepy" / "manifest", other);
  std::vector<check::StrategyInfo> rows = check::manifestStrategies(dir.path());
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0].name, "planck");
  EXPECT_EQ(rows[0].install, "scripts/bootstrap");  // not installed
  EXPECT_EQ(rows[0].scalar, "double");
  EXPECT_TRUE(rows[0].external);
  EXPECT_EQ(rows[1].name, "sleepy");
  EXPECT_EQ(rows[1].install, "");  // no ready file named: ready
}

TEST(Manifest, TheCliListsExternalEnginesAndExitsTwoOnABadManifest) {
  TempDir dir("gjk-manifests");
  write(dir.path() / "planck" / "manifest", PLANCK);
  std::string env = "GJKCHECK_ADAPTERS='" + dir.path().string() + "' ";
  FILE* pipe = popen((env + GJKCHECK_BINARY + " strategies 2>&1").c_str(), "r");
  std::string out;
  char buffer[4096];
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  EXPECT_EQ(WEXITSTATUS(pclose(pipe)), 0) << out;
  EXPECT_NE(out.find("planck"), std::string::npos) << out;
  EXPECT_NE(out.find("not installed: scripts/bootstrap"), std::string::npos) << out;
  write(dir.path() / "broken" / "manifest", "gjkcheck-engine 1\nname\n");
  pipe = popen((env + GJKCHECK_BINARY + " strategies 2>&1").c_str(), "r");
  out.clear();
  for (std::size_t n; (n = fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  EXPECT_EQ(WEXITSTATUS(pclose(pipe)), 2) << out;
  EXPECT_NE(out.find("broken/manifest:2: `name` has no value"), std::string::npos) << out;
}

}  // namespace
}  // namespace gjk::workers
