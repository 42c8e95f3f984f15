#include "report/svg.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace gjk::check {

std::string svgNumber(double value, int decimals) {
  if (!std::isfinite(value)) {
    throw std::invalid_argument("svgNumber: a value that is not finite");
  }
  decimals = std::clamp(decimals, 0, 12);
  char buffer[400];  // %f of the largest double has 309 integer digits
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  std::string text = buffer;
  if (text.find('.') != std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  if (text == "-0") text = "0";
  return text;
}

std::string svgEscape(std::string_view text) {
  std::string result;
  result.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': result += "&amp;"; break;
      case '<': result += "&lt;"; break;
      case '>': result += "&gt;"; break;
      case '"': result += "&quot;"; break;
      case '\'': result += "&apos;"; break;
      default:
        // Control characters other than tab and newline are not allowed in XML 1.0 at all.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n') {
          result += ' ';
        } else {
          result += c;
        }
    }
  }
  return result;
}

SvgAttributes& SvgAttributes::set(std::string_view name, std::string_view value) {
  for (auto& item : items_) {
    if (item.first == name) {
      item.second = std::string(value);
      return *this;
    }
  }
  items_.emplace_back(std::string(name), std::string(value));
  return *this;
}

SvgAttributes& SvgAttributes::set(std::string_view name, double value, int decimals) {
  return set(name, std::string_view(svgNumber(value, decimals)));
}

SvgAttributes& SvgAttributes::set(std::string_view name, int value) {
  return set(name, std::string_view(std::to_string(value)));
}

std::string SvgAttributes::str() const {
  std::string text;
  for (const auto& [name, value] : items_) {
    text += ' ';
    text += name;
    text += "=\"";
    text += svgEscape(value);
    text += '"';
  }
  return text;
}

std::string svgPoints(const std::vector<SvgPoint>& points, int decimals) {
  std::string text;
  for (const SvgPoint& p : points) {
    if (!text.empty()) text += ' ';
    text += svgNumber(p.x, decimals) + "," + svgNumber(p.y, decimals);
  }
  return text;
}

SvgPath& SvgPath::moveTo(SvgPoint p) {
  data_ += (data_.empty() ? "M" : " M") + svgNumber(p.x) + " " + svgNumber(p.y);
  return *this;
}

SvgPath& SvgPath::lineTo(SvgPoint p) {
  data_ += " L" + svgNumber(p.x) + " " + svgNumber(p.y);
  return *this;
}

SvgPath& SvgPath::arcTo(double radius, bool largeArc, bool sweep, SvgPoint p) {
  data_ += " A" + svgNumber(radius) + " " + svgNumber(radius) + " 0 " + (largeArc ? "1 " : "0 ") +
           (sweep ? "1 " : "0 ") + svgNumber(p.x) + " " + svgNumber(p.y);
  return *this;
}

SvgPath& SvgPath::close() {
  data_ += " Z";
  return *this;
}

SvgDocument::SvgDocument(double width, double height, std::string_view title) {
  text_ = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  text_ += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + svgNumber(width) + " " +
           svgNumber(height) + "\" width=\"" + svgNumber(width) + "\" height=\"" + svgNumber(height) + "\">\n";
  open_.push_back("svg");
  indent();
  text_ += "<title>" + svgEscape(title) + "</title>\n";
}

void SvgDocument::indent() {
  text_.append(2 * open_.size(), ' ');
}

void SvgDocument::open(std::string_view tag, const SvgAttributes& attributes) {
  if (finished_) throw std::logic_error("SvgDocument: open after finish");
  indent();
  text_.append("<").append(tag).append(attributes.str()).append(">\n");
  open_.emplace_back(tag);
}

void SvgDocument::close() {
  if (finished_ || open_.size() <= 1) throw std::logic_error("SvgDocument: close without an open element");
  std::string tag = open_.back();
  open_.pop_back();
  indent();
  text_.append("</").append(tag).append(">\n");
}

void SvgDocument::element(std::string_view tag, const SvgAttributes& attributes) {
  if (finished_) throw std::logic_error("SvgDocument: element after finish");
  indent();
  text_.append("<").append(tag).append(attributes.str()).append("/>\n");
}

void SvgDocument::textElement(std::string_view tag, const SvgAttributes& attributes, std::string_view content) {
  if (finished_) throw std::logic_error("SvgDocument: element after finish");
  indent();
  text_.append("<").append(tag).append(attributes.str()).append(">").append(svgEscape(content));
  text_.append("</").append(tag).append(">\n");
}

void SvgDocument::text(SvgPoint at, std::string_view content, const SvgAttributes& attributes) {
  if (finished_) throw std::logic_error("SvgDocument: text after finish");
  SvgAttributes position;
  position.set("x", at.x).set("y", at.y);
  indent();
  text_.append("<text").append(position.str()).append(attributes.str()).append(">");
  text_.append(svgEscape(content)).append("</text>\n");
}

void SvgDocument::comment(std::string_view text) {
  if (finished_) throw std::logic_error("SvgDocument: comment after finish");
  std::string body = svgEscape(text);
  for (size_t at; (at = body.find("--")) != std::string::npos;) body.replace(at, 2, "- -");
  indent();
  text_ += "<!-- " + body + " -->\n";
}

std::string SvgDocument::finish() {
  if (!finished_) {
    while (open_.size() > 1) close();
    open_.clear();
    text_ += "</svg>\n";
    finished_ = true;
  }
  return text_;
}

namespace {

struct Rgb {
  double r, g, b;
};

std::string hexColour(Rgb c) {
  auto channel = [](double v) { return static_cast<int>(std::lround(std::clamp(v, 0.0, 255.0))); };
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", channel(c.r), channel(c.g), channel(c.b));
  return buffer;
}

}  // namespace

std::string svgRampColour(double t) {
  // Stops of ColorBrewer's "YlGnBu" from its darkest to its middle (the pale yellow end is hard to see
  // on white): navy, blue, cyan.
  static constexpr std::array<Rgb, 5> STOPS = {{
      {8, 29, 88},
      {37, 52, 148},
      {34, 94, 168},
      {29, 145, 192},
      {65, 182, 196},
  }};
  if (!(t > 0)) t = 0;  // NaN too
  if (t > 1) t = 1;
  double position = t * (STOPS.size() - 1);
  size_t low = std::min(static_cast<size_t>(position), STOPS.size() - 2);
  double f = position - static_cast<double>(low);
  const Rgb& a = STOPS[low];
  const Rgb& b = STOPS[low + 1];
  return hexColour({a.r + (b.r - a.r) * f, a.g + (b.g - a.g) * f, a.b + (b.b - a.b) * f});
}

std::string svgCategoricalColour(int index) {
  static constexpr std::array<const char*, 10> PALETTE = {"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
                                                          "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"};
  int n = static_cast<int>(PALETTE.size());
  return PALETTE[((index % n) + n) % n];
}

double svgTextWidth(std::string_view text, double fontSize, bool bold) {
  static constexpr std::string_view NARROW = " .,:;'!|ijlftrI()[]-/`\"";
  static constexpr std::string_view WIDE_SYMBOL = "=+<>~#&";
  static constexpr std::string_view WIDEST = "mwMW%@";
  double ems = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      if ((c & 0xC0) != 0x80) ems += 1.0;  // the first byte of a code point; continuation bytes add nothing
    } else if (NARROW.find(static_cast<char>(c)) != std::string_view::npos) {
      ems += 0.45;
    } else if (WIDE_SYMBOL.find(static_cast<char>(c)) != std::string_view::npos) {
      ems += 0.85;
    } else if (WIDEST.find(static_cast<char>(c)) != std::string_view::npos) {
      ems += 1.0;
    } else if (c >= 'A' && c <= 'Z') {
      ems += 0.8;
    } else {
      ems += 0.65;
    }
  }
  return ems * fontSize * (bold ? 1.15 : 1.0);
}

std::vector<std::string> svgWrapText(std::string_view text, double maxWidth, double fontSize, bool bold) {
  std::vector<std::string> lines;
  std::string line;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view word = text.substr(start, end - start);
    std::string trial = line.empty() ? std::string(word) : line + " " + std::string(word);
    if (!line.empty() && svgTextWidth(trial, fontSize, bold) > maxWidth) {
      lines.push_back(line);
      line = std::string(word);
    } else {
      line = trial;
    }
    start = end + 1;
  }
  lines.push_back(line);
  // A single word wider than maxWidth (a long path): split after its last '/' that fits, else after the
  // last code point that fits.
  std::vector<std::string> result;
  for (std::string rest : lines) {
    while (svgTextWidth(rest, fontSize, bold) > maxWidth) {
      size_t fits = 0, slash = 0;
      for (size_t i = 1; i <= rest.size(); ++i) {
        if (i < rest.size() && (static_cast<unsigned char>(rest[i]) & 0xC0) == 0x80) continue;  // inside a code point
        if (svgTextWidth(std::string_view(rest).substr(0, i), fontSize, bold) > maxWidth) break;
        fits = i;
        if (rest[i - 1] == '/') slash = i;
      }
      size_t cut = slash > 0 ? slash : std::max<size_t>(fits, 1);
      while (cut < rest.size() && (static_cast<unsigned char>(rest[cut]) & 0xC0) == 0x80) ++cut;
      result.push_back(rest.substr(0, cut));
      rest = rest.substr(cut);
    }
    result.push_back(rest);
  }
  return result;
}

}  // namespace gjk::check
