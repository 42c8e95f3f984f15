#include "report/comparison_shard.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <queue>
#include <sstream>
#include <tuple>

namespace gjk::check {
namespace {

namespace fs = std::filesystem;

constexpr char MAGIC[8] = {'G', 'J', 'K', 'S', 'H', 'A', 'R', 'D'};
constexpr std::uint64_t FORMAT_VERSION = 3;
// Format 2 lacks the dimension (3D studies were not sharded then): its files are read as 2D studies.
constexpr std::uint64_t OLDEST_READ_VERSION = 2;
constexpr std::uint64_t FLAG_CAP = 1, FLAG_REFUSED = 2;

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
    throw ShardError(file_ + ": not a readable comparison shard file: " + why);
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

// A row as the shard file holds it.
void writeRow(Writer& out, const ComparisonRow& row) {
  out.unsignedNumber(static_cast<std::uint64_t>(row.family));
  out.unsignedNumber(row.index);
  out.unsignedNumber(static_cast<std::uint64_t>(row.strategy));
  out.text(row.relation);
  out.real(row.scaleLog10);
  out.real(row.distance);
  out.real(row.distanceErrorU);
  out.real(row.witnessErrorU);
  out.real(row.witnessGapU);
  out.signedNumber(row.iterations);
  out.text(row.termination);
  out.unsignedNumber(row.kinds);
  out.signedNumber(row.primary);
  out.unsignedNumber((row.iterationCap ? FLAG_CAP : 0) | (row.refused ? FLAG_REFUSED : 0));
}

template <class In>
ComparisonRow readRow(In& in, std::size_t strategies, std::size_t families) {
  ComparisonRow row;
  std::uint64_t family = in.unsignedNumber(), index = in.unsignedNumber(), strategy = in.unsignedNumber();
  if (family >= families || strategy >= strategies) in.fail("a row of an unknown family or strategy");
  row.family = static_cast<int>(family);
  row.index = index;
  row.strategy = static_cast<int>(strategy);
  row.relation = in.text();
  row.scaleLog10 = in.real();
  row.distance = in.real();
  row.distanceErrorU = in.real();
  row.witnessErrorU = in.real();
  row.witnessGapU = in.real();
  row.iterations = static_cast<int>(in.signedNumber());
  row.termination = in.text();
  row.kinds = static_cast<std::uint32_t>(in.unsignedNumber());
  row.primary = static_cast<int>(in.signedNumber());
  if (row.primary < -1 || row.primary >= VIOLATION_KIND_COUNT) in.fail("a primary kind out of range");
  const std::uint64_t flags = in.unsignedNumber();
  row.iterationCap = (flags & FLAG_CAP) != 0;
  row.refused = (flags & FLAG_REFUSED) != 0;
  return row;
}

void writeHistogram(Writer& out, const ValueHistogram& h) {
  out.unsignedNumber(h.count);
  out.real(h.max);
  out.unsignedNumber(h.bins.size());
  for (const auto& [bin, n] : h.bins) {
    out.real(bin);
    out.unsignedNumber(n);
  }
}

ValueHistogram readHistogram(Reader& in) {
  ValueHistogram h;
  h.count = in.unsignedNumber();
  h.max = in.real();
  std::uint64_t total = 0;
  for (std::uint64_t n = in.itemCount(); n > 0; --n) {
    const double bin = in.real();
    const std::uint64_t k = in.unsignedNumber();
    if (ValueHistogram::cut(bin) != bin) in.fail("a histogram bin that is not a bin's edge");
    h.bins[bin] += k;
    total += k;
  }
  if (total != h.count) in.fail("a histogram whose bins do not add up to its count");
  return h;
}

void writeGroup(Writer& out, const GroupAggregate& g) {
  for (std::uint64_t n : {g.cases, g.refused, g.answered, g.violations}) out.unsignedNumber(n);
  for (int k = 0; k < VIOLATION_KIND_COUNT; ++k) {
    out.unsignedNumber(g.byPrimary[k]);
    out.unsignedNumber(g.byKind[k]);
  }
  for (std::uint64_t n : {g.capHits, g.capHitsRight, g.iterationsReported, g.iterationsSum}) out.unsignedNumber(n);
  writeHistogram(out, g.distance);
  writeHistogram(out, g.witness);
  out.unsignedNumber(g.iterations.size());
  for (const auto& [i, n] : g.iterations) {
    out.signedNumber(i);
    out.unsignedNumber(n);
  }
  for (int b = 0; b < SCALE_BINS; ++b) {
    out.unsignedNumber(g.scaleCases[b]);
    out.unsignedNumber(g.scaleViolations[b]);
  }
  out.unsignedNumber(g.hasWorst);
  if (g.hasWorst) {
    out.unsignedNumber(static_cast<std::uint64_t>(g.worst.family));
    out.unsignedNumber(g.worst.index);
    out.real(g.worst.distanceErrorU);
    out.real(g.worst.witnessErrorU);
    out.unsignedNumber(g.worst.kinds);
  }
}

GroupAggregate readGroup(Reader& in) {
  GroupAggregate g;
  g.cases = in.unsignedNumber();
  g.refused = in.unsignedNumber();
  g.answered = in.unsignedNumber();
  g.violations = in.unsignedNumber();
  for (int k = 0; k < VIOLATION_KIND_COUNT; ++k) {
    g.byPrimary[k] = in.unsignedNumber();
    g.byKind[k] = in.unsignedNumber();
  }
  g.capHits = in.unsignedNumber();
  g.capHitsRight = in.unsignedNumber();
  g.iterationsReported = in.unsignedNumber();
  g.iterationsSum = in.unsignedNumber();
  g.distance = readHistogram(in);
  g.witness = readHistogram(in);
  for (std::uint64_t n = in.itemCount(); n > 0; --n) {
    const int i = static_cast<int>(in.signedNumber());
    g.iterations[i] += in.unsignedNumber();
  }
  for (int b = 0; b < SCALE_BINS; ++b) {
    g.scaleCases[b] = in.unsignedNumber();
    g.scaleViolations[b] = in.unsignedNumber();
  }
  g.hasWorst = in.unsignedNumber() != 0;
  if (g.hasWorst) {
    g.worst.family = static_cast<int>(in.unsignedNumber());
    g.worst.index = in.unsignedNumber();
    g.worst.distanceErrorU = in.real();
    g.worst.witnessErrorU = in.real();
    g.worst.kinds = static_cast<std::uint32_t>(in.unsignedNumber());
  }
  return g;
}

// A shard file's rows, read a buffer at a time.
class RowStream {
 public:
  RowStream(const ComparisonShard& shard, std::size_t strategies, std::size_t families)
      : in_(shard.file, std::ios::binary), file_(shard.file.string()), left_(shard.rowCount),
        strategies_(strategies), families_(families) {
    if (!in_) throw ShardError(file_ + ": cannot be read");
    in_.seekg(static_cast<std::streamoff>(shard.rowsAt));
  }
  // The next row into row; false at the end.
  bool next(ComparisonRow& row) {
    if (left_ == 0) return false;
    --left_;
    row = readRow(*this, strategies_, families_);
    return true;
  }
  std::uint64_t unsignedNumber() {
    std::uint64_t value = 0;
    for (int shift = 0;; shift += 7) {
      if (shift > 63) fail("a number is too long");
      unsigned char byte = static_cast<unsigned char>(take(1)[0]);
      value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return value;
    }
  }
  std::int64_t signedNumber() {
    std::uint64_t z = unsignedNumber();
    return static_cast<std::int64_t>(z >> 1) ^ -static_cast<std::int64_t>(z & 1);
  }
  double real() {
    const char* p = take(8);
    std::uint64_t bits = 0;
    for (int i = 0; i < 8; ++i) bits |= static_cast<std::uint64_t>(static_cast<unsigned char>(p[i])) << (8 * i);
    return std::bit_cast<double>(bits);
  }
  std::string text() {
    std::uint64_t size = unsignedNumber();
    if (size > 4096) fail("a text of " + std::to_string(size) + " bytes in a row");
    return std::string(take(size), size);
  }
  [[noreturn]] void fail(const std::string& why) const {
    throw ShardError(file_ + ": not a readable comparison shard file: " + why);
  }

 private:
  const char* take(std::size_t size) {
    if (at_ + size > buffer_.size()) {
      buffer_.erase(0, at_);
      at_ = 0;
      char chunk[1 << 16];
      while (buffer_.size() < size) {
        in_.read(chunk, sizeof chunk);
        if (in_.gcount() <= 0) fail("it ends early (truncated?)");
        buffer_.append(chunk, static_cast<std::size_t>(in_.gcount()));
      }
    }
    const char* p = buffer_.data() + at_;
    at_ += size;
    return p;
  }
  std::ifstream in_;
  std::string file_;
  std::uint64_t left_;
  std::size_t strategies_, families_;
  std::string buffer_;
  std::size_t at_ = 0;
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

ShardRowsWriter::ShardRowsWriter(const fs::path& folder, std::uint64_t shard, std::uint64_t shards, RowsKept kept)
    : kept_(kept), file_(folder / (shardFileName(shard, shards) + ".rows.partial")) {
  out_ = std::fopen(file_.c_str(), "wb");
  if (out_ == nullptr) throw std::runtime_error("cannot write " + file_.string());
}

ShardRowsWriter::~ShardRowsWriter() {
  close();
  std::error_code error;
  fs::remove(file_, error);
}

void ShardRowsWriter::add(const ComparisonRow* rows, std::size_t count) {
  Writer out;
  for (std::size_t i = 0; i < count; ++i) {
    if (!printed(kept_, rows[i])) continue;
    writeRow(out, rows[i]);
    ++rowCount_;
  }
  if (out_ != nullptr && std::fwrite(out.bytes().data(), 1, out.bytes().size(), out_) != out.bytes().size()) {
    throw std::runtime_error("cannot write " + file_.string());
  }
}

void ShardRowsWriter::close() {
  if (out_ == nullptr) return;
  const int status = std::fclose(out_);
  out_ = nullptr;
  if (status != 0) throw std::runtime_error("cannot write " + file_.string());
}

fs::path writeComparisonShard(const fs::path& folder, const ComparisonOptions& options,
                              const ComparisonResult& result, ShardDescription d, ShardRowsWriter& rows) {
  d.dimension = options.dimension;
  d.strategies.clear();
  for (const StrategyInfo* s : options.strategies) d.strategies.push_back(s->name);
  d.families = options.families;
  const size_t strategyCount = d.strategies.size(), familyCount = d.families.size();
  const std::uint64_t perFamily = shardCaseCount(options);
  for (std::uint64_t done : result.casesDone) {
    if (done != perFamily) throw std::logic_error("writeComparisonShard: the result does not hold this shard's cases");
  }

  Writer out;
  out.unsignedNumber(static_cast<std::uint64_t>(d.dimension));
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
  out.unsignedNumber(perFamily);
  out.unsignedNumber(result.timing.sample);
  for (size_t s = 0; s < strategyCount; ++s) {
    for (size_t f = 0; f < familyCount; ++f) {
      const std::vector<double> none;
      const std::vector<double>& rounds = result.timing.rounds.empty() ? none : result.timing.rounds[s][f];
      out.unsignedNumber(rounds.size());
      for (double ns : rounds) out.real(ns);
    }
  }
  for (size_t s = 0; s < strategyCount; ++s) {
    for (size_t f = 0; f < familyCount; ++f) writeGroup(out, result.groups[s][f]);
  }
  rows.close();
  out.unsignedNumber(rows.rowCount());

  // MAGIC, version, the length of the head (8 bytes), the head, then the rows copied from their file.
  Writer start;
  start.raw(MAGIC, sizeof MAGIC);
  start.unsignedNumber(FORMAT_VERSION);
  const std::uint64_t length = out.bytes().size();
  for (int i = 0; i < 8; ++i) {
    const char byte = static_cast<char>((length >> (8 * i)) & 0xff);
    start.raw(&byte, 1);
  }
  fs::path file = folder / shardFileName(d.shard, d.shards);
  fs::path temporary = file;
  temporary += ".partial";
  {
    std::ofstream stream(temporary, std::ios::binary | std::ios::trunc);
    stream.write(start.bytes().data(), static_cast<std::streamsize>(start.bytes().size()));
    stream.write(out.bytes().data(), static_cast<std::streamsize>(out.bytes().size()));
    std::ifstream body(rows.file(), std::ios::binary);
    if (rows.rowCount() > 0) stream << body.rdbuf();
    if (!stream.flush()) throw std::runtime_error("cannot write " + temporary.string());
  }
  fs::rename(temporary, file);
  return file;
}

ComparisonShard readComparisonShard(const fs::path& file) {
  std::ifstream stream(file, std::ios::binary);
  if (!stream)
    throw ShardError(file.string() + ": cannot be read");
  std::string start(sizeof MAGIC + 1 + 8, '\0');
  stream.read(start.data(), static_cast<std::streamsize>(start.size()));
  start.resize(static_cast<std::size_t>(stream.gcount()));
  Reader head(start, file.string());
  if (std::memcmp(head.take(sizeof MAGIC), MAGIC, sizeof MAGIC) != 0)
    head.fail("it does not start with GJKSHARD");
  const std::uint64_t version = head.unsignedNumber();
  if (version < OLDEST_READ_VERSION || version > FORMAT_VERSION) {
    head.fail("its format is " + std::to_string(version) + "; this gjkcheck reads formats " +
              std::to_string(OLDEST_READ_VERSION) + " to " + std::to_string(FORMAT_VERSION) +
              " (merge the shards with the gjkcheck that wrote them)");
  }
  std::uint64_t length = 0;
  const char* bytes = head.take(8);
  for (int i = 0; i < 8; ++i) length |= static_cast<std::uint64_t>(static_cast<unsigned char>(bytes[i])) << (8 * i);
  std::error_code error;
  const std::uint64_t size = fs::file_size(file, error);
  if (error || length > size - start.size()) head.fail("it ends early (truncated?)");
  std::string content(length, '\0');
  stream.read(content.data(), static_cast<std::streamsize>(length));
  Reader in(std::move(content), file.string());

  ComparisonShard shard;
  shard.file = file;
  shard.rowsAt = start.size() + length;
  ShardDescription& d = shard.description;
  const std::uint64_t dimension = version >= 3 ? in.unsignedNumber() : 2;
  if (dimension != 2 && dimension != 3)
    in.fail("dimension " + std::to_string(dimension));
  d.dimension = static_cast<int>(dimension);
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
  const size_t strategyCount = d.strategies.size(), familyCount = d.families.size();
  shard.timing.sample = in.unsignedNumber();
  shard.timing.rounds.assign(strategyCount, std::vector<std::vector<double>>(familyCount));
  for (size_t s = 0; s < strategyCount; ++s) {
    for (size_t f = 0; f < familyCount; ++f) {
      for (std::uint64_t n = in.itemCount(); n > 0; --n) shard.timing.rounds[s][f].push_back(in.real());
    }
  }
  shard.groups.assign(strategyCount, std::vector<GroupAggregate>(familyCount));
  for (size_t s = 0; s < strategyCount; ++s) {
    for (size_t f = 0; f < familyCount; ++f) {
      shard.groups[s][f] = readGroup(in);
      if (shard.groups[s][f].cases != perFamily) in.fail("a group of another number of cases");
    }
  }
  shard.rowCount = in.unsignedNumber();
  if (!in.atEnd())
    in.fail("bytes follow its head");
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
    if (d.dimension != first.dimension)
      differ("dimension", std::to_string(d.dimension), std::to_string(first.dimension));
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
  result.casesDone.assign(familyCount, first.count);
  result.groups.assign(strategyCount, std::vector<GroupAggregate>(familyCount));
  result.timing.rounds.assign(strategyCount, std::vector<std::vector<double>>(familyCount));
  for (const ComparisonShard* shard : byIndex) {  // shards in order 1..N
    result.timing.sample = std::max(result.timing.sample, shard->timing.sample);
    for (size_t s = 0; s < strategyCount; ++s) {
      for (size_t f = 0; f < familyCount; ++f) {
        result.groups[s][f].merge(shard->groups[s][f]);
        const std::vector<double>& rounds = shard->timing.rounds[s][f];
        result.timing.rounds[s][f].insert(result.timing.rounds[s][f].end(), rounds.begin(), rounds.end());
      }
    }
  }
  return result;
}

void mergeShardRows(const std::vector<ComparisonShard>& shards,
                    const std::function<void(const ComparisonRow*, std::size_t)>& sink) {
  if (shards.empty()) return;
  const std::size_t strategies = shards.front().description.strategies.size();
  const std::size_t families = shards.front().description.families.size();
  // Each shard's rows are in (family, case index, strategy) order: a merge of N ordered streams, through a
  // heap of their current rows.
  std::vector<std::unique_ptr<RowStream>> streams;
  std::vector<ComparisonRow> heads(shards.size());
  using Key = std::tuple<int, std::uint64_t, int, std::size_t>;
  std::priority_queue<Key, std::vector<Key>, std::greater<Key>> queue;
  for (std::size_t k = 0; k < shards.size(); ++k) {
    streams.push_back(std::make_unique<RowStream>(shards[k], strategies, families));
    if (streams[k]->next(heads[k])) queue.emplace(heads[k].family, heads[k].index, heads[k].strategy, k);
  }
  std::vector<ComparisonRow> batch;
  while (!queue.empty()) {
    const std::size_t k = std::get<3>(queue.top());
    queue.pop();
    batch.push_back(std::move(heads[k]));
    if (streams[k]->next(heads[k])) queue.emplace(heads[k].family, heads[k].index, heads[k].strategy, k);
    if (batch.size() >= 4096) {
      sink(batch.data(), batch.size());
      batch.clear();
    }
  }
  if (!batch.empty()) sink(batch.data(), batch.size());
}

}  // namespace gjk::check
