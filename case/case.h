// The case model and the `gjk-case 1` file format of docs/case-format.md.
//
// A case is two shapes A and B. Every number is a float: the reader rounds each literal (decimal or
// hexadecimal) to the nearest float exactly as strtof does, and the writer prints hex floats with the
// decimal value in a trailing comment, so a file round-trips bit for bit and stays readable.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace gjk::check {

// A vertex in its shape's local frame. z is 0 in a 2D case (the reader never sets it there).
struct Vertex {
  float x = 0;
  float y = 0;
  float z = 0;
};

// The most vertices a shape of a 3D case may have (docs/case-format.md); a 2D shape keeps
// MAX_POLYGON_VERTICES (16, core/limits.h).
inline constexpr int MAX_POLYTOPE_VERTICES = 64;

// A rounded convex shape: the hull of `vertices` (local frame) grown by `radius`, then placed.
// 2D (Case::dimension 2): a polygon placed by world = (c*x - s*y + px, s*x + c*y + py); positionZ, z and the
// quaternion keep their defaults.
// 3D (Case::dimension 3): a polytope placed by world = R(q) (x, y, z) + (px, py, pz), with R(q) the matrix of the
// quaternion q = (quaternionW, quaternionX, quaternionY, quaternionZ) taken as given (docs/case-format.md writes
// out its nine entries); rotationC and rotationS keep their defaults.
struct ShapeSpec {
  std::vector<Vertex> vertices;
  float radius = 0;
  float positionX = 0;
  float positionY = 0;
  float rotationC = 1;  // 2D only
  float rotationS = 0;  // 2D only
  // 3D only, last so that a 2D shape's braced initializer keeps its meaning.
  float positionZ = 0;
  float quaternionW = 1;  // the rotation quaternion w + x i + y j + z k, a unit one (case/unit_rotation.h)
  float quaternionX = 0;
  float quaternionY = 0;
  float quaternionZ = 0;
};

// `meta.<key> <value>` lines, in file order.
struct MetaEntry {
  std::string key;
  std::string value;
};

struct Case {
  std::vector<MetaEntry> meta;
  ShapeSpec a;
  ShapeSpec b;
  // A cast case (docs/case-format.md, the line `b.translation X Y`): B moves by t * (translationX, translationY),
  // t in [0, 1], world frame, after its own position and rotation. false: every other query.
  bool hasTranslation = false;
  float translationX = 0;
  float translationY = 0;
  // A rotating cast case (docs/case-format.md, the line `b.angular W`): over the step B also turns by t * angular
  // radians about its own position (its local origin), after its rotation: B(t) has position + t * translation and
  // rotation Rot(t * angular) * (rotationC, rotationS). Only with hasTranslation. false: B does not turn.
  bool hasAngular = false;
  float angular = 0;
  // Where the case came from (a path, or a label for generated cases); not written to the file.
  std::string source;
  // 2: shapes in the plane (every 2D file, and the default); 3: shapes in space, the line `dimension 3`
  // (docs/case-format.md). No other value is a case. Last, so that a braced initializer keeps its meaning.
  int dimension = 2;

  // The value of meta.<key>, or "" when absent.
  std::string metaValue(std::string_view key) const;
  // Sets meta.<key>, replacing an existing entry of that key.
  void setMeta(std::string_view key, std::string value);
};

// A case file that cannot be read. what() is "FILE:LINE: message" (or "FILE: message" when no line
// applies, such as an empty or unreadable file).
class CaseError : public std::runtime_error {
 public:
  CaseError(std::string file, int line, const std::string& message);
  const std::string& file() const { return file_; }
  int line() const { return line_; }  // 0 when no line applies

 private:
  std::string file_;
  int line_;
};

// `value` itself when it is a 2D case; else throws CaseError(value.source, 0, "a 3D case (dimension 3): <consumer>
// takes 2D cases only"). Every place that turns a case into the 2D harness's inputs (core queries, the oracle, the
// verdicts, the engines, the workers, the gjkcheck commands) goes through it, as in
// toOracleShape(requirePlanarCase(value, "the 2D oracle").a), so a 3D case is refused by name instead of losing
// its z. `consumer` names the caller in the problem's words ("the 2D oracle", "this command").
const Case& requirePlanarCase(const Case& value, std::string_view consumer);

// The longest case file (docs/case-format.md): 1 MiB. A longer file is an error (CaseError with no line); a token
// can be no longer, so no token is read past this either.
inline constexpr std::size_t MAX_CASE_FILE_BYTES = std::size_t(1) << 20;

// Error messages quote at most this many bytes of a token (docs/case-format.md).
inline constexpr std::size_t MAX_QUOTED_TOKEN_CHARS = 40;

// A token as error messages quote it: itself when at most MAX_QUOTED_TOKEN_CHARS bytes, else its first
// 40 bytes (fewer, so as not to cut a UTF-8 character) then "... (N bytes)".
std::string quoteToken(std::string_view token);

// The message of the CaseError for a file of `size` bytes > MAX_CASE_FILE_BYTES.
std::string caseFileTooLongMessage(std::uintmax_t size);

// Parses the text of a case file. `fileName` is used in error messages and stored in Case::source.
// Besides the syntax, the reader enforces docs/case-format.md's rules: finite numbers, radius >= 0, 1..
// MAX_POLYGON_VERTICES vertices per shape (MAX_POLYTOPE_VERTICES in 3D), at most MAX_CASE_FILE_BYTES bytes, and
// a rotation that is a unit rotation as float arithmetic makes one (case/unit_rotation.h: |c^2 + s^2 - 1| <=
// 2^-20 in 2D, |w^2 + x^2 + y^2 + z^2 - 1| <= 2^-20 for a 3D quaternion, each decided exactly). A 3D case
// (`dimension 3` right after the header) has three numbers a vertex and a position, four a rotation, and no
// `b.translation` or `b.angular`.
Case parseCase(std::string_view text, const std::string& fileName);

// Reads and parses a case file.
Case readCaseFile(const std::filesystem::path& path);

// The file text of a case: header, `dimension 3` for a 3D case, meta lines, then a and b, hex floats with decimal comments, and last
// `b.translation` for a cast case (hasTranslation), then `b.angular` for a rotating one (hasAngular). Optional lines equal to their defaults are omitted.
// parseCase(formatCase(c)) == c, bit for bit. Throws std::invalid_argument for a case the reader would
// reject (no vertex, too many, not finite, negative radius, a rotation that is not a unit rotation, a dimension
// other than 2 and 3, a 2D case with 3D fields set or a 3D case with 2D ones, a 3D cast case), and
// for a translation other than (0, 0) on a case that is not a cast case (no line would carry it), and for an
// angular speed on a case that is not a cast case, or other than 0 without hasAngular.
std::string formatCase(const Case& value);

// Writes text to path atomically: a temporary file in the same folder, flushed, then renamed.
void writeFileAtomically(const std::filesystem::path& path, std::string_view text);

// Every .case file named by the arguments: files as given, folders searched recursively, each
// folder's files sorted by path. A missing path is a CaseError naming it.
std::vector<std::filesystem::path> collectCaseFiles(const std::vector<std::string>& arguments);

// A float as the writer prints it: "-0x1.a36e2ep-10" (hex, exact), "0", "-0", or "0x1p+0".
std::string hexFloat(float value);

// The shortest decimal that reads back as the same float ("%.9g" trimmed), for comments.
std::string decimalFloat(float value);

}  // namespace gjk::check
