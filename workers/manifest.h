// An engine manifest, adapters/<name>/manifest (docs/workers.md): what an external engine is, how to start
// its worker, and how to install it.
//
//   gjkcheck-engine 1
//   name planck
//   description planck.js Distance (JavaScript port of Box2D), double
//   version planck 1.x.y (npm; pinned by adapters/js/package-lock.json)
//   scalar f64
//   contact merged
//   queries distance
//   command node ../js/worker.mjs planck        # words split on spaces; run with cwd = this folder
//   ready ../js/node_modules/planck/package.json # present = installed
//   install scripts/bootstrap                   # what `gjkcheck strategies` tells when not ready
//   max-iterations 20                           # optional: the engine's iteration cap, when it has one
//   cast-band box2d-2.4.1-shape-cast-f64          # with queries cast: the band the engine aims at, by name
//   cast-band-text [sigma, sigma + 0.0025] ...   # with queries cast: its formula and source, file:line
//   dimension 3                                  # optional: 3D cases only (its worker says +3d); default 2
//
// `#` starts a comment; blank lines are skipped. Every key but `ready`, `install`, `max-iterations`, `dimension`,
// `cast-initial-overlap` and the cast-band keys is required; `queries cast` requires `cast-band` and
// `cast-band-text`, and only it allows them. In `command` and `ready`, `$PLUGIN_HOST` stands for the
// gjkcheck-plugin-host program and `$BUILD` for the build folder gjkcheck was built into (ManifestPlaceholders), so
// that an engine whose adapter is a plugin built with gjkcheck names it; any other `$NAME` there is an error.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "workers/worker_process.h"

namespace gjk::workers {

struct Manifest {
  std::filesystem::path file;
  std::string name;
  std::string description;
  std::string version;
  std::string scalar;   // "f32" | "f64"
  std::string contact;  // "on-shapes" | "merged"
  std::string queries;  // "distance" | "penetration" | "both" | "cast"
  std::vector<std::string> command;
  std::string ready;    // a path relative to the manifest's folder; empty: always ready
  std::string install;  // empty: none named
  int maxIterations = 0;  // 0: not known
  std::string castBand;      // queries cast: the name of the band formula (verdict/cast_engine_bands.h)
  std::string castBandText;  // queries cast: the formula in words with its source's file:line
  // queries cast, `cast-initial-overlap hit|miss|miss-when-separating`: what the engine's documentation says it
  // answers when the shapes already overlap at t = 0 (StrategyInfo::castInitialOverlap); default hit.
  std::string castInitialOverlap = "hit";
  int dimension = 2;  // 3: the engine answers 3D cases only, and its worker's hello says +3d

  // The worker command: the manifest's words, run in the manifest's folder.
  WorkerCommand workerCommand() const;
  // The `ready` file exists (or none is named).
  bool isReady() const;
};

// A manifest that cannot be read; what() is "FILE:LINE: message" (or "FILE: message").
class ManifestError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// What the placeholders of `command` and `ready` stand for.
struct ManifestPlaceholders {
  std::string pluginHost;  // $PLUGIN_HOST
  std::string build;       // $BUILD
};

// The program that hosts plugins: GJKCHECK_PLUGIN_HOST when set, else gjkcheck-plugin-host as built.
std::filesystem::path pluginHostProgram();
// The build folder gjkcheck was built into: GJKCHECK_BUILD when set, else the one it was built into.
std::filesystem::path buildFolder();
// {pluginHostProgram(), buildFolder()}.
ManifestPlaceholders builtPlaceholders();

Manifest readManifest(const std::filesystem::path& file, const ManifestPlaceholders& placeholders = builtPlaceholders());

// Every <dir>/*/manifest under `adapters`, read, in name order. A missing folder gives none.
std::vector<Manifest> readManifests(const std::filesystem::path& adapters,
                                    const ManifestPlaceholders& placeholders = builtPlaceholders());

}  // namespace gjk::workers
