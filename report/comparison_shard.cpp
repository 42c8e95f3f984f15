#include "report/comparison_shard.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

namespace gjk::check {
namespace {

namespace fs = std::filesystem;

constexpr char MAGIC[8] = {'G', 'J', 'K', 'S', 'H', 'A', 'R', 'D'};
constexpr std::uint64_t FORMAT_VERSION = 1;
constexpr std::uint64_t FLAG_CAP = 1, FLAG_PRINTED = 2;

class Writer {
 public:
  void unsignedNumber(std::uint64_t value) {  // LEB128
    do {
      unsigned char byte = value & 0x7f;
      value >>= 7;
      bytes_.push_back(static_cast<char>(byte | (value ? 0x80 : 0)));
    } while (value);
  }
  void signedNumber(std::int64_t value) {  // zigzag
    unsignedNumber((static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63));
  }
  void real(double value) {  // the double's bits, little-endian
    std::uint64_t bits = std::bit_cast<std::uint64_t>(value);
    for (int i = 0; i < 8; ++i) bytes_.push_back(static_cast<char>((bits >> (8 * i)) & 0xff));
  }
  void text(const std::string& value) {
    unsignedNumber(value.size());
    bytes_ += value;
  }
  void raw(const char* data, size_t size) { bytes_.append(data, size); }
  const std::string& bytes() const { return bytes_; }

 private:
  std::string bytes_;
};

class Reader {
 public:
  Reader(std::string bytes, std::string file) : bytes_(std::move(bytes)), file_(std::move(file)) {}
  std::uint64_t unsignedNumber() {
    std::uint64_t value = 0;
    for (int shift = 0;; shift += 7) {
      if (shift > 63)
        fail("a number is too long");
      unsigned char byte = static_cast<unsigned char>(take(1)[0]);
      value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
      if (!(byte & 0x80))
        return value;
    }
  }
  std::int64_t signedNumber() {
    std::uint64_t z = unsignedNumber();
    return static_cast<std::int64_t>(z >> 1) ^ -static_cast<std::int64_t>(z & 1);
  }
  double real() {
    const char* p = take(8);
    std::uint64_t bits = 0;
    for (int i = 0; i < 8; ++i)
      bits |= static_cast<std::uint64_t>(static_cast<unsigned char>(p[i])) << (8 * i);
    return std::bit_cast<double>(bits);
  }
  std::string text() {
    std::uint64_t size = unsignedNumber();
    if (size > bytes_.size() - at_)
      fail("a text runs past the end of the file");
    return std::string(take(size), size);
  }
  // A count of items that each take at least one byte: never more than the bytes left.
  std::uint64_t itemCount() {
    std::uint64_t n = unsignedNumber();
    if (n > bytes_.size() - at_)
      fail("a count runs past the end of the file");
    return n;
  }
  const char* take(size_t size) {
    if (size > bytes_.size() - at_)
      fail("it ends early (truncated?)");
    const char* p = bytes_.data() + at_;
    at_ += size;
    return p;
  }
  bool atEnd() const { return at_ == bytes_.size(); }
  [[noreturn]] void fail(const std::string& why) const {
    throw ShardError(file_ + ": not a comparison shard file of format " + std::to_string(FORMAT_VERSION) +
                     ": " + why);
  }

 private:
  std::string bytes_;
  std::string file_;
  size_t at_ = 0;
};

int rowsCode(RowsKept rows) {
  return rows == RowsKept::All ? 0 : rows == RowsKept::Violations ? 1 : 2;
}

bool printed(RowsKept rows, const ComparisonRow& row) {
  return rows == RowsKept::All || (rows == RowsKept::Violations && row.kinds != 0);
}

// The strings of the rows (relations, terminations), numbered in order of first use.
struct Dictionary {
  std::map<std::string, std::uint64_t> numbers;
  std::vector<std::string> words;
  std::uint64_t number(const std::string& word) {
    auto [it, added] = numbers.emplace(word, words.size());
    if (added)
      words.push_back(word);
    return it->second;
  }
};

std::string numbered(std::uint64_t shard, std::uint64_t shards) {
  std::string width = std::to_string(shards), text = std::to_string(shard);
  return std::string(width.size() > text.size() ? width.size() - text.size() : 0, '0') + text;
}

std::string describeShard(const ShardDescription& d) {
  return "shard " + std::to_string(d.shard + 1) + "/" + std::to_string(d.shards);
}

}  // namespace

std::string shardFileName(std::uint64_t shard, std::uint64_t shards) {
  return "comparison-shard-" + numbered(shard + 1, shards) + "-of-" + std::to_string(shards) + ".bin";
}

fs::path writeComparisonShard(const fs::path& folder, const ComparisonOptions& options,
                              const ComparisonResult& result, ShardDescription d) {
  d.strategies.clear();
  for (const StrategyInfo* s : options.strategies) d.strategies.push_back(s->name);
  d.families = options.families;
  const size_t strategyCount = d.strategies.size(), familyCount = d.families.size();
  const std::uint64_t perFamily = shardCaseCount(options);
  if (result.rows.size() != perFamily * strategyCount * familyCount) {
    throw std::logic_error("writeComparisonShard: the result does not hold this shard's rows");
  }

  Dictionary words;
  Writer rows;
  for (size_t r = 0; r < result.rows.size(); r += strategyCount) {
    const ComparisonRow& first = result.rows[r];
    rows.unsignedNumber(words.number(first.relation));
    rows.real(first.scaleLog10);
    for (size_t s = 0; s < strategyCount; ++s) {
      const ComparisonRow& row = result.rows[r + s];
      if (row.family != first.family || row.index != first.index || row.strategy != static_cast<int>(s) ||
          row.relation != first.relation ||
          std::bit_cast<std::uint64_t>(row.scaleLog10) != std::bit_cast<std::uint64_t>(first.scaleLog10)) {
        throw std::logic_error("writeComparisonShard: rows out of the order runComparison gives");
      }
      rows.real(row.distanceErrorU);
      rows.real(row.witnessErrorU);
      rows.signedNumber(row.iterations);
      rows.unsignedNumber(words.number(row.termination));
      rows.unsignedNumber(row.kinds);
      rows.signedNumber(row.primary);
      bool full = printed(d.rows, row);
      rows.unsignedNumber((row.iterationCap ? FLAG_CAP : 0) | (full ? FLAG_PRINTED : 0));
      if (full) {
        rows.real(row.distance);
        rows.real(row.witnessGapU);
      }
    }
  }

  Writer out;
  out.raw(MAGIC, sizeof MAGIC);
  out.unsignedNumber(FORMAT_VERSION);
  out.unsignedNumber(d.seed);
  out.unsignedNumber(d.count);
  out.unsignedNumber(d.shards);
  out.unsignedNumber(d.shard);
  out.unsignedNumber(strategyCount);
  for (const std::string& name : d.strategies) out.text(name);
  out.unsignedNumber(familyCount);
  for (const std::string& name : d.families) out.text(name);
  out.unsignedNumber(rowsCode(d.rows));
  out.unsignedNumber(d.gzipRows);
  out.unsignedNumber(static_cast<std::uint64_t>(d.galleryPerStrategy));
  out.text(d.commit);
  out.text(d.command);
  out.text(d.machine);
  out.text(d.date);
  out.real(d.seconds);
  for (size_t s = 0; s < strategyCount; ++s) {
    for (size_t f = 0; f < familyCount; ++f) {
      out.real(result.timing.meanNanoseconds[s][f]);
      out.unsignedNumber(perFamily);
    }
  }
  out.unsignedNumber(words.words.size());
  for (const std::string& word : words.words) out.text(word);
  out.unsignedNumber(perFamily);
  out.raw(rows.bytes().data(), rows.bytes().size());

  fs::path file = folder / shardFileName(d.shard, d.shards);
  writeFileAtomically(file, out.bytes());
  return file;
}

ComparisonShard readComparisonShard(const fs::path& file) {
  std::ifstream stream(file, std::ios::binary);
  if (!stream)
    throw ShardError(file.string() + ": cannot be read");
  std::stringstream content;
  content << stream.rdbuf();
  Reader in(content.str(), file.string());
  if (std::memcmp(in.take(sizeof MAGIC), MAGIC, sizeof MAGIC) != 0)
    in.fail("it does not start with GJKSHARD");
  if (std::uint64_t version = in.unsignedNumber(); version != FORMAT_VERSION) {
    in.fail("its format is " + std::to_string(version));
  }
  ComparisonShard shard;
  ShardDescription& d = shard.description;
  d.seed = in.unsignedNumber();
  d.count = in.unsignedNumber();
  d.shards = in.unsignedNumber();
  d.shard = in.unsignedNumber();
  if (d.shards == 0 || d.shard >= d.shards)
    in.fail("shard " + std::to_string(d.shard) + " of " + std::to_string(d.shards));
  for (std::uint64_t n = in.itemCount(); n > 0; --n) d.strategies.push_back(in.text());
  for (std::uint64_t n = in.itemCount(); n > 0; --n) d.families.push_back(in.text());
  std::uint64_t rows = in.unsignedNumber();
  if (rows > 2)
    in.fail("rows kept " + std::to_string(rows));
  d.rows = rows == 0 ? RowsKept::All : rows == 1 ? RowsKept::Violations : RowsKept::None;
  d.gzipRows = in.unsignedNumber() != 0;
  d.galleryPerStrategy = static_cast<int>(std::min<std::uint64_t>(in.unsignedNumber(), 1000));
  d.commit = in.text();
  d.command = in.text();
  d.machine = in.text();
  d.date = in.text();
  d.seconds = in.real();
  const size_t strategyCount = d.strategies.size(), familyCount = d.families.size();
  shard.meanNanoseconds.assign(strategyCount, std::vector<double>(familyCount, 0.0));
  shard.queries.assign(strategyCount, std::vector<std::uint64_t>(familyCount, 0));
  for (size_t s = 0; s < strategyCount; ++s) {
    for (size_t f = 0; f < familyCount; ++f) {
      shard.meanNanoseconds[s][f] = in.real();
      shard.queries[s][f] = in.unsignedNumber();
    }
  }
  std::vector<std::string> words;
  for (std::uint64_t n = in.itemCount(); n > 0; --n) words.push_back(in.text());
  auto word = [&](std::uint64_t number) -> const std::string& {
    if (number >= words.size())
      in.fail("a word number " + std::to_string(number) + " past its list");
    return words[number];
  };
  const std::uint64_t perFamily = in.unsignedNumber();
  ComparisonOptions placement;
  placement.count = d.count;
  placement.shard = d.shard;
  placement.shards = d.shards;
  if (perFamily != shardCaseCount(placement)) {
    in.fail("it holds " + std::to_string(perFamily) + " cases per family, not the " +
            std::to_string(shardCaseCount(placement)) + " of " + describeShard(d) + " of " +
            std::to_string(d.count));
  }
  shard.rows.reserve(
      std::min<std::uint64_t>(perFamily * strategyCount * familyCount, content.str().size() / 20));
  for (size_t f = 0; f < familyCount; ++f) {
    for (std::uint64_t i = 0; i < perFamily; ++i) {
      ComparisonRow common;
      common.family = static_cast<int>(f);
      common.index = shardCaseIndex(placement, i);
      common.relation = word(in.unsignedNumber());
      common.scaleLog10 = in.real();
      for (size_t s = 0; s < strategyCount; ++s) {
        ComparisonRow row = common;
        row.strategy = static_cast<int>(s);
        row.distanceErrorU = in.real();
        row.witnessErrorU = in.real();
        row.iterations = static_cast<int>(in.signedNumber());
        row.termination = word(in.unsignedNumber());
        row.kinds = static_cast<std::uint32_t>(in.unsignedNumber());
        row.primary = static_cast<int>(in.signedNumber());
        if (row.primary < -1 || row.primary >= VIOLATION_KIND_COUNT)
          in.fail("a primary kind out of range");
        std::uint64_t flags = in.unsignedNumber();
        row.iterationCap = (flags & FLAG_CAP) != 0;
        if (flags & FLAG_PRINTED) {
          row.distance = in.real();
          row.witnessGapU = in.real();
        }
        shard.rows.push_back(std::move(row));
      }
    }
  }
  if (!in.atEnd())
    in.fail("bytes follow its last row");
  return shard;
}

ComparisonResult mergeComparisonShards(std::vector<ComparisonShard>& shards) {
  if (shards.empty())
    throw ShardError("no shard to merge");
  const ShardDescription& first = shards.front().description;
  std::vector<ComparisonShard*> byIndex(first.shards, nullptr);
  for (ComparisonShard& shard : shards) {
    const ShardDescription& d = shard.description;
    auto differ = [&](const std::string& what, const std::string& mine, const std::string& theirs) {
      throw ShardError("shards of different studies: " + describeShard(first) + " has " + what + " " +
                       theirs + ", " + describeShard(d) + " has " + mine);
    };
    auto list = [](const std::vector<std::string>& items) {
      std::string text;
      for (const std::string& item : items) text += (text.empty() ? "" : ",") + item;
      return text;
    };
    if (d.seed != first.seed)
      differ("seed", std::to_string(d.seed), std::to_string(first.seed));
    if (d.count != first.count)
      differ("count", std::to_string(d.count), std::to_string(first.count));
    if (d.shards != first.shards)
      differ("shard count", std::to_string(d.shards), std::to_string(first.shards));
    if (d.strategies != first.strategies)
      differ("strategies", list(d.strategies), list(first.strategies));
    if (d.families != first.families)
      differ("families", list(d.families), list(first.families));
    if (d.rows != first.rows)
      differ("rows kept", std::to_string(rowsCode(d.rows)), std::to_string(rowsCode(first.rows)));
    if (d.gzipRows != first.gzipRows)
      differ("gzip-rows", std::to_string(d.gzipRows), std::to_string(first.gzipRows));
    if (d.galleryPerStrategy != first.galleryPerStrategy) {
      differ("gallery", std::to_string(d.galleryPerStrategy), std::to_string(first.galleryPerStrategy));
    }
    if (d.commit != first.commit)
      differ("commit", d.commit, first.commit);
    if (byIndex[d.shard])
      throw ShardError(describeShard(d) + " is given twice");
    byIndex[d.shard] = &shard;
  }
  std::string missing;
  for (std::uint64_t i = 0; i < first.shards; ++i) {
    if (!byIndex[i])
      missing += (missing.empty() ? "" : ", ") + std::to_string(i + 1);
  }
  if (!missing.empty()) {
    throw ShardError("shard(s) " + missing + " of " + std::to_string(first.shards) + " missing");
  }

  const size_t strategyCount = first.strategies.size(), familyCount = first.families.size();
  ComparisonResult result;
  result.rows.reserve(first.count * strategyCount * familyCount);
  // Case k of family f is row block k / N of family f in shard k mod N.
  for (size_t f = 0; f < familyCount; ++f) {
    for (std::uint64_t k = 0; k < first.count; ++k) {
      ComparisonShard& shard = *byIndex[k % first.shards];
      ComparisonOptions placement;
      placement.count = first.count;
      placement.shard = k % first.shards;
      placement.shards = first.shards;
      const size_t at = (f * shardCaseCount(placement) + k / first.shards) * strategyCount;
      for (size_t s = 0; s < strategyCount; ++s) result.rows.push_back(std::move(shard.rows[at + s]));
    }
  }
  result.timing.meanNanoseconds.assign(strategyCount, std::vector<double>(familyCount, 0.0));
  for (size_t s = 0; s < strategyCount; ++s) {
    for (size_t f = 0; f < familyCount; ++f) {
      double nanoseconds = 0;
      std::uint64_t queries = 0;
      for (const ComparisonShard* shard : byIndex) {
        nanoseconds += shard->meanNanoseconds[s][f] * static_cast<double>(shard->queries[s][f]);
        queries += shard->queries[s][f];
      }
      result.timing.meanNanoseconds[s][f] = queries ? nanoseconds / static_cast<double>(queries) : 0.0;
    }
  }
  return result;
}

}  // namespace gjk::check
