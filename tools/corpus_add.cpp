#include "tools/corpus_add.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "case/case.h"
#include "tools/campaign_findings.h"
#include "tools/command_line.h"
#include "verdict/classify.h"
#include "verdict/classify3.h"
#include "verdict/exact_case.h"
#include "verdict/expectations.h"
#include "verdict/verdict.h"

namespace gjk::tools {
namespace fs = std::filesystem;

namespace {

struct Promotion {
  fs::path from;
  fs::path to;
  std::string text;
  std::string summary;  // "strategy: verdict"
  bool present = false;  // the same text is there already
};

std::string fileText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The case with the expectations of its strategy's answer today, by the verdict of the query the case
// expects (check::expectationQuery: meta.query, else the strategy's primary query), recorded with meta.query
// for a query other than distance.
check::Case withExpectations(check::Case value, const check::StrategyInfo& strategy, std::string* summary) {
  const check::Query& query = check::expectationQuery(value, strategy);
  const bool other = &query != &check::distanceQuery();
  const Judged judged = judgeCase(value, strategy, campaignKind(query));
  value.setMeta("strategy", strategy.name);
  if (other) value.setMeta("query", query.name());
  value.setMeta("expected-verdict", judged.violation ? "violation" : "ok");
  if (judged.violation) {
    value.setMeta("expected-reasons", judged.reasons);
    value.setMeta("signature", judged.summary.signature);
    value.setMeta("story", judged.summary.story);  // what a regression of corpus/regressions carries
  } else {
    std::erase_if(value.meta, [](const check::MetaEntry& entry) {
      return entry.key == "expected-reasons" || entry.key == "signature" || entry.key == "story";
    });
  }
  if (value.metaValue("family").empty()) {
    value.setMeta("family", value.dimension == 3 ? check::classifyFamily3(value) : check::classifyFamily(value, judged.exact));
  }
  *summary = strategy.name + (other ? " (" + std::string(query.name()) + ")" : "") + ": " +
             (judged.violation ? "violation " + judged.reasons : "ok") + " (" + judged.result.termination + ")";
  return value;
}

}  // namespace

int addToCorpus(const std::vector<std::string>& cases, const fs::path& folder) {
  std::vector<std::string> refusals;
  std::error_code error;
  if (!fs::is_directory(folder, error)) {
    refusals.push_back(folder.string() + ": no such folder (run from the repository's root, or name the "
                       "folder with --to DIR)");
  }
  std::vector<Promotion> promotions;
  std::map<fs::path, fs::path> targets;  // file in the folder -> the case that goes there
  std::vector<fs::path> files;
  for (const std::string& argument : cases) {
    if (!fs::exists(argument, error)) {
      refusals.push_back(argument + ": no such file or folder");
      continue;
    }
    for (const fs::path& file : check::collectCaseFiles({argument})) {
      bool named = std::any_of(files.begin(), files.end(), [&](const fs::path& other) {
        return fs::equivalent(other, file, error);
      });
      if (!named) files.push_back(file);
    }
  }
  for (const fs::path& file : files) {
    check::Case value;
    try {
      value = check::readCaseFile(file);
    } catch (const check::CaseError& caseError) {
      refusals.push_back(caseError.what());
      continue;
    }
    std::string name = strategyOfFiledCase(file, value);
    if (name.empty()) {
      refusals.push_back(file.string() + ": names no registered strategy (meta.strategy, or a file name "
                         "<strategy>.<kind>.<termination>.case); add a meta.strategy line");
      continue;
    }
    if (check::findStrategy(name)->dimension != value.dimension) {
      refusals.push_back(file.string() + ": a " + std::to_string(value.dimension) + "D case, and " + name +
                         " answers " + std::to_string(check::findStrategy(name)->dimension) + "D cases");
      continue;
    }
    Promotion promotion;
    promotion.from = file;
    promotion.to = folder / file.filename();
    check::Case promoted = withExpectations(value, *check::findStrategy(name), &promotion.summary);
    promotion.text = check::formatCase(promoted);
    std::vector<std::string> unmet = check::unmetCaseExpectations(check::parseCase(promotion.text, file.string()));
    if (!unmet.empty()) {  // the strategy answers differently from one run to the next: not a regression
      refusals.push_back(file.string() + ": does not replay: " + unmet.front());
      continue;
    }
    auto [slot, fresh] = targets.emplace(promotion.to, file);
    if (!fresh) {
      refusals.push_back(file.string() + ": " + slot->second.string() + " goes to the same file " +
                         promotion.to.string() + "; rename one of them");
      continue;
    }
    if (fs::exists(promotion.to, error)) {
      if (fileText(promotion.to) != promotion.text) {
        refusals.push_back(file.string() + ": " + promotion.to.string() +
                           " exists and differs; it is not overwritten (rename the case, or remove that file "
                           "first if it is to go)");
        continue;
      }
      promotion.present = true;
    }
    promotions.push_back(promotion);
  }
  if (files.empty() && refusals.empty()) refusals.push_back("no .case files in the arguments");
  if (!refusals.empty()) {
    for (const std::string& refusal : refusals) std::fprintf(stderr, "gjkcheck corpus add: %s\n", refusal.c_str());
    std::fprintf(stderr, "gjkcheck corpus add: nothing written\n");
    return EXIT_BAD_INPUT;
  }
  for (const Promotion& promotion : promotions) {
    if (!promotion.present) check::writeFileAtomically(promotion.to, promotion.text);
    std::printf("%s %s -> %s (%s)\n", promotion.present ? "unchanged" : "added", promotion.from.c_str(),
                promotion.to.c_str(), promotion.summary.c_str());
  }
  return EXIT_ALL_OK;
}

}  // namespace gjk::tools
