#include "report/query_report.h"

#include "report/cast_format.h"
#include "report/penetration_format.h"

namespace gjk::check {

const QueryReport* queryReport(const Query& query) {
  if (&query == &penetrationQuery()) return &penetrationReport();
  if (&query == &castQuery()) return &castReport();
  return nullptr;
}

std::string exactTexts(const Case& value, const oracle::ExactAnswer& exact) {
  std::string text;
  for (const Query* query : queries()) {
    if (const QueryReport* report = queryReport(*query)) text += report->exactText(value, exact);
  }
  return text;
}

std::string runJson(const std::string& caseName, const StrategyInfo& strategy, const std::string& distanceJson,
                    const StrategyResult& result, const std::vector<QueryVerdict>& verdicts,
                    const std::string& exactObject) {
  const std::vector<const Query*> answered = queriesOf(strategy);
  if (answered.size() == 1 && answered.front() == &distanceQuery()) return distanceJson;
  if (answersDistance(strategy.query)) {
    std::string text = distanceJson.substr(0, distanceJson.size() - 1);  // without the closing brace
    text += std::string(", \"query\": \"") + queryKindName(strategy.query) + "\"";
    for (std::size_t q = 0; q < answered.size(); ++q) {
      if (const QueryReport* report = queryReport(*answered[q])) {
        text += std::string(", \"") + answered[q]->name() + "\": " + report->answerJson(strategy, result, verdicts[q]);
      }
    }
    return text + "}";
  }
  JsonObject object;
  object.add("case", caseName).add("strategy", strategy.name).add("query", queryKindName(strategy.query));
  for (std::size_t q = 0; q < answered.size(); ++q) {
    if (const QueryReport* report = queryReport(*answered[q])) {
      object.addRaw(answered[q]->name(), report->answerJson(strategy, result, verdicts[q]));
    }
  }
  object.addRaw("exact", exactObject);
  return object.str();
}

}  // namespace gjk::check
