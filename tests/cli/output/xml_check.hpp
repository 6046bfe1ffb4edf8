// A small strict XML well-formedness check for the SVG tests: one root element, matched and
// properly nested tags, quoted attribute values without '<', no attribute twice on an element,
// only the five predefined entities and character references, no stray '<' or '&' in text.
// It returns the elements it read (name and attributes) for the tests to inspect.
#pragma once

#include <cctype>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace reversi::testing {

struct XmlElement {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::string text;  // the element's own character data, entities decoded
};

class XmlChecker {
 public:
  // Throws std::runtime_error with the offset and the reason when `doc` is not well-formed.
  static std::vector<XmlElement> parse(const std::string& doc) {
    XmlChecker c(doc);
    c.document();
    return c.elements_;
  }

 private:
  explicit XmlChecker(const std::string& doc) : s_(doc) {}

  [[noreturn]] void fail(const std::string& why) const {
    throw std::runtime_error("not well-formed at offset " + std::to_string(i_) + ": " + why);
  }
  bool at(const char* lit) const {
    return s_.compare(i_, std::char_traits<char>::length(lit), lit) == 0;
  }
  void expect(const char* lit) {
    if (!at(lit)) fail(std::string("expected '") + lit + "'");
    i_ += std::char_traits<char>::length(lit);
  }
  void spaces() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  static bool name_start(char ch) {
    return std::isalpha(static_cast<unsigned char>(ch)) || ch == '_' || ch == ':';
  }
  static bool name_char(char ch) {
    return name_start(ch) || std::isdigit(static_cast<unsigned char>(ch)) || ch == '-' || ch == '.';
  }
  std::string name() {
    if (i_ >= s_.size() || !name_start(s_[i_])) fail("expected a name");
    const std::size_t from = i_;
    while (i_ < s_.size() && name_char(s_[i_])) ++i_;
    return s_.substr(from, i_ - from);
  }
  std::string reference() {  // at '&'
    const std::size_t semi = s_.find(';', i_);
    if (semi == std::string::npos || semi - i_ > 10) fail("unterminated entity reference");
    const std::string ref = s_.substr(i_ + 1, semi - i_ - 1);
    i_ = semi + 1;
    static const std::map<std::string, std::string> predefined = {
        {"amp", "&"}, {"lt", "<"}, {"gt", ">"}, {"quot", "\""}, {"apos", "'"}};
    if (auto it = predefined.find(ref); it != predefined.end()) return it->second;
    if (ref.size() > 1 && ref[0] == '#') {
      const bool hex = ref[1] == 'x';
      const std::string digits = ref.substr(hex ? 2 : 1);
      if (digits.empty()) fail("empty character reference");
      for (char ch : digits)
        if (!(hex ? std::isxdigit(static_cast<unsigned char>(ch))
                  : std::isdigit(static_cast<unsigned char>(ch))))
          fail("bad character reference &" + ref + ";");
      return "?";
    }
    fail("undefined entity &" + ref + ";");
  }
  void misc() {  // comments, processing instructions and space between the top-level parts
    for (;;) {
      spaces();
      if (at("<!--")) {
        const std::size_t end = s_.find("-->", i_ + 4);
        if (end == std::string::npos) fail("unterminated comment");
        i_ = end + 3;
      } else if (at("<?")) {
        const std::size_t end = s_.find("?>", i_ + 2);
        if (end == std::string::npos) fail("unterminated processing instruction");
        i_ = end + 2;
      } else {
        return;
      }
    }
  }
  void element() {
    expect("<");
    XmlElement e;
    e.name = name();
    for (;;) {
      const std::size_t before = i_;
      spaces();
      if (at("/>")) {
        i_ += 2;
        elements_.push_back(e);
        return;
      }
      if (at(">")) {
        ++i_;
        break;
      }
      if (i_ == before) fail("expected space before an attribute");
      const std::string attr = name();
      spaces();
      expect("=");
      spaces();
      if (i_ >= s_.size() || (s_[i_] != '"' && s_[i_] != '\'')) fail("unquoted attribute value");
      const char quote = s_[i_++];
      std::string value;
      while (i_ < s_.size() && s_[i_] != quote) {
        if (s_[i_] == '<') fail("'<' in an attribute value");
        if (s_[i_] == '&') {
          value += reference();
        } else {
          value += s_[i_++];
        }
      }
      if (i_ >= s_.size()) fail("unterminated attribute value");
      ++i_;
      if (!e.attributes.emplace(attr, value).second) fail("attribute " + attr + " given twice");
    }
    const std::size_t index = elements_.size();
    elements_.push_back(e);
    for (;;) {
      if (i_ >= s_.size()) fail("unclosed element <" + e.name + ">");
      if (at("</")) {
        i_ += 2;
        if (name() != e.name) fail("mismatched end tag for <" + e.name + ">");
        spaces();
        expect(">");
        return;
      }
      if (at("<!--") || at("<?")) {
        misc();
      } else if (at("<![CDATA[")) {
        const std::size_t end = s_.find("]]>", i_);
        if (end == std::string::npos) fail("unterminated CDATA");
        elements_[index].text += s_.substr(i_ + 9, end - i_ - 9);
        i_ = end + 3;
      } else if (at("<")) {
        element();
      } else if (s_[i_] == '&') {
        elements_[index].text += reference();
      } else {
        if (at("]]>")) fail("']]>' in text");
        elements_[index].text += s_[i_++];
      }
    }
  }
  void document() {
    if (at("<?xml")) {
      const std::size_t end = s_.find("?>");
      if (end == std::string::npos) fail("unterminated XML declaration");
      i_ = end + 2;
    }
    misc();
    if (at("<!DOCTYPE")) fail("a DOCTYPE is not expected here");
    element();
    misc();
    if (i_ != s_.size()) fail("content after the root element");
  }

  const std::string& s_;
  std::size_t i_ = 0;
  std::vector<XmlElement> elements_;
};

}  // namespace reversi::testing
