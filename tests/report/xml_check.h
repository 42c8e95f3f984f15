// A strict, small XML reader for tests of generated SVG: it accepts only well-formed XML (one root
// element, balanced tags, quoted attributes without '<' and without duplicates, '&' only in the five
// predefined entities or a character reference, comments without "--") and returns the element tree
// so that a test can ask for elements by name and class. Not a general XML parser: no DTD, no CDATA,
// no processing instructions other than the leading <?xml ...?> declaration, which is all an SVG
// written by report/svg.h can contain. The project depends on no XML library, so tests use this.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace gjk::xml {

struct XmlElement {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;  // values with entities decoded
  std::vector<std::unique_ptr<XmlElement>> children;
  std::string text;  // the character data directly inside, entities decoded

  // The value of an attribute, or "" when absent.
  std::string attribute(const std::string& key) const {
    for (const auto& [k, v] : attributes) {
      if (k == key) return v;
    }
    return "";
  }
  bool hasAttribute(const std::string& key) const {
    for (const auto& [k, v] : attributes) {
      if (k == key) return true;
    }
    return false;
  }
  // True when the class attribute holds the word.
  bool hasClass(const std::string& word) const {
    std::string classes = " " + attribute("class") + " ";
    return classes.find(" " + word + " ") != std::string::npos;
  }
  // Every element of this subtree (itself included) for which the predicate holds, document order.
  std::vector<const XmlElement*> findAll(const std::function<bool(const XmlElement&)>& predicate) const {
    std::vector<const XmlElement*> found;
    collect(predicate, found);
    return found;
  }
  std::vector<const XmlElement*> withClass(const std::string& word) const {
    return findAll([&](const XmlElement& e) { return e.hasClass(word); });
  }
  // The text of this element and all below it, concatenated.
  std::string allText() const {
    std::string result = text;
    for (const auto& child : children) result += child->allText();
    return result;
  }

 private:
  void collect(const std::function<bool(const XmlElement&)>& predicate, std::vector<const XmlElement*>& found) const {
    if (predicate(*this)) found.push_back(this);
    for (const auto& child : children) child->collect(predicate, found);
  }
};

class XmlError : public std::runtime_error {
 public:
  XmlError(const std::string& message, std::size_t offset)
      : std::runtime_error("offset " + std::to_string(offset) + ": " + message) {}
};

// Parses a whole document; throws XmlError (with the byte offset) on anything not well-formed.
inline std::unique_ptr<XmlElement> parseXml(const std::string& text) {
  std::size_t at = 0;
  auto fail = [&](const std::string& message) { throw XmlError(message, at); };
  auto startsWith = [&](const char* prefix) { return text.compare(at, std::string(prefix).size(), prefix) == 0; };
  auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  auto skipSpace = [&] {
    while (at < text.size() && isSpace(text[at])) ++at;
  };
  auto isNameStart = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' ||
           static_cast<unsigned char>(c) >= 0x80;
  };
  auto isNameChar = [&](char c) { return isNameStart(c) || (c >= '0' && c <= '9') || c == '-' || c == '.'; };
  auto name = [&] {
    if (at >= text.size() || !isNameStart(text[at])) fail("expected a name");
    std::size_t start = at;
    while (at < text.size() && isNameChar(text[at])) ++at;
    return text.substr(start, at - start);
  };
  // Character data up to (not including) `stop`, with entities decoded; '<' is never allowed in it.
  auto characterData = [&](char stop) {
    std::string decoded;
    while (at < text.size() && text[at] != stop) {
      char c = text[at];
      if (c == '<') {
        if (stop == '<') break;
        fail("'<' inside an attribute value");
      }
      if (c == '&') {
        std::size_t semicolon = text.find(';', at);
        if (semicolon == std::string::npos || semicolon - at > 10) fail("'&' that starts no entity");
        std::string entity = text.substr(at + 1, semicolon - at - 1);
        if (entity == "amp") decoded += '&';
        else if (entity == "lt") decoded += '<';
        else if (entity == "gt") decoded += '>';
        else if (entity == "quot") decoded += '"';
        else if (entity == "apos") decoded += '\'';
        else if (entity.size() > 1 && entity[0] == '#') decoded += '?';  // a character reference
        else fail("unknown entity &" + entity + ";");
        at = semicolon + 1;
        continue;
      }
      if (static_cast<unsigned char>(c) < 0x20 && !isSpace(c)) fail("a control character");
      decoded += c;
      ++at;
    }
    return decoded;
  };
  auto comment = [&] {
    at += 4;  // "<!--"
    std::size_t end = text.find("--", at);
    if (end == std::string::npos) fail("unterminated comment");
    if (text.compare(end, 3, "-->") != 0) fail("\"--\" inside a comment");
    at = end + 3;
  };
  auto miscellany = [&] {  // whitespace and comments between elements at the top level
    for (;;) {
      skipSpace();
      if (startsWith("<!--")) {
        comment();
      } else {
        return;
      }
    }
  };

  if (startsWith("<?xml")) {
    std::size_t end = text.find("?>", at);
    if (end == std::string::npos) fail("unterminated XML declaration");
    at = end + 2;
  }
  miscellany();
  if (at >= text.size() || text[at] != '<') fail("expected the root element");

  std::unique_ptr<XmlElement> root;
  std::vector<XmlElement*> open;
  do {
    if (startsWith("<!--")) {
      comment();
    } else if (startsWith("</")) {
      at += 2;
      std::string closing = name();
      skipSpace();
      if (at >= text.size() || text[at] != '>') fail("expected '>' after </" + closing);
      ++at;
      if (open.empty() || open.back()->name != closing) fail("</" + closing + "> does not close the open element");
      open.pop_back();
    } else if (startsWith("<")) {
      if (startsWith("<!") || startsWith("<?")) fail("declarations, CDATA and processing instructions are not expected");
      ++at;
      auto element = std::make_unique<XmlElement>();
      element->name = name();
      for (;;) {
        bool spaced = at < text.size() && isSpace(text[at]);
        skipSpace();
        if (at >= text.size()) fail("unterminated start tag");
        if (text[at] == '>' || startsWith("/>")) break;
        if (!spaced) fail("attributes must be separated by white space");
        std::string key = name();
        skipSpace();
        if (at >= text.size() || text[at] != '=') fail("attribute " + key + " without '='");
        ++at;
        skipSpace();
        if (at >= text.size() || (text[at] != '"' && text[at] != '\'')) fail("attribute " + key + " is not quoted");
        char quote = text[at++];
        std::string value = characterData(quote);
        if (at >= text.size()) fail("unterminated attribute value");
        ++at;
        if (element->hasAttribute(key)) fail("duplicate attribute " + key);
        element->attributes.emplace_back(key, value);
      }
      bool empty = startsWith("/>");
      at += empty ? 2 : 1;
      XmlElement* raw = element.get();
      if (open.empty()) {
        if (root) fail("a second root element");
        root = std::move(element);
      } else {
        open.back()->children.push_back(std::move(element));
      }
      if (!empty) open.push_back(raw);
    } else {
      std::string data = characterData('<');
      if (open.empty()) fail("text outside the root element");
      open.back()->text += data;
    }
    if (!open.empty() && at >= text.size()) fail("unclosed <" + open.back()->name + ">");
  } while (!open.empty());
  miscellany();
  if (at != text.size()) fail("content after the root element");
  return root;
}

}  // namespace gjk::xml
