// A small JSON Schema validator for the keywords the project's schemas use: $ref (local,
// "#/$defs/..."), type (one name or a list), enum, required, properties, additionalProperties
// (false only), items (one schema), minimum, maximum, allOf, anyOf, oneOf. Any other keyword is
// an error, so a schema cannot silently rely on something this does not check. As in JSON
// Schema, a keyword about objects (numbers, arrays) says nothing about other types.
#pragma once

#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace reversi::testing {

class SchemaValidator {
 public:
  explicit SchemaValidator(nlohmann::json schema) : root_(std::move(schema)) {}

  // Every problem found, each as "path: what"; empty when the instance is valid.
  std::vector<std::string> errors(const nlohmann::json& instance) const {
    std::vector<std::string> out;
    check(root_, instance, "$", out);
    return out;
  }

 private:
  using json = nlohmann::json;

  const json& resolve(const std::string& ref) const {
    const std::string prefix = "#/";
    if (ref.rfind(prefix, 0) != 0) throw std::runtime_error("only local $ref: " + ref);
    const json* at = &root_;
    std::size_t start = prefix.size();
    while (start <= ref.size()) {
      const std::size_t end = std::min(ref.find('/', start), ref.size());
      at = &at->at(ref.substr(start, end - start));
      start = end + 1;
    }
    return *at;
  }

  static bool has_type(const json& v, const std::string& type) {
    if (type == "object") return v.is_object();
    if (type == "array") return v.is_array();
    if (type == "string") return v.is_string();
    if (type == "boolean") return v.is_boolean();
    if (type == "null") return v.is_null();
    if (type == "number") return v.is_number();
    if (type == "integer")
      return v.is_number_integer() ||
             (v.is_number_float() &&
              v.get<double>() == static_cast<double>(static_cast<long long>(v.get<double>())));
    throw std::runtime_error("unknown type in schema: " + type);
  }

  static const std::set<std::string>& known_keywords() {
    static const std::set<std::string> k = {"$schema",
                                            "$id",
                                            "$defs",
                                            "$ref",
                                            "title",
                                            "description",
                                            "type",
                                            "enum",
                                            "required",
                                            "properties",
                                            "additionalProperties",
                                            "items",
                                            "minimum",
                                            "maximum",
                                            "allOf",
                                            "anyOf",
                                            "oneOf"};
    return k;
  }

  std::size_t count_errors(const json& schema, const json& v, const std::string& path) const {
    std::vector<std::string> out;
    check(schema, v, path, out);
    return out.size();
  }

  void check(const json& schema, const json& v, const std::string& path,
             std::vector<std::string>& out) const {
    for (const auto& [key, value] : schema.items())
      if (known_keywords().count(key) == 0)
        throw std::runtime_error("schema keyword not supported by the test validator: " + key);
    if (schema.contains("$ref")) check(resolve(schema["$ref"]), v, path, out);
    if (schema.contains("type")) {
      const json& t = schema["type"];
      bool ok = false;
      if (t.is_string()) {
        ok = has_type(v, t);
      } else {
        for (const auto& name : t) ok = ok || has_type(v, name);
      }
      if (!ok) {
        out.push_back(path + ": should be of type " + t.dump() + ", is " + v.dump().substr(0, 80));
        return;
      }
    }
    if (schema.contains("enum")) {
      bool found = false;
      for (const auto& option : schema["enum"]) found = found || option == v;
      if (!found) out.push_back(path + ": " + v.dump() + " is not one of " + schema["enum"].dump());
    }
    if (v.is_number()) {
      if (schema.contains("minimum") && v.get<double>() < schema["minimum"].get<double>())
        out.push_back(path + ": " + v.dump() + " is below " + schema["minimum"].dump());
      if (schema.contains("maximum") && v.get<double>() > schema["maximum"].get<double>())
        out.push_back(path + ": " + v.dump() + " is above " + schema["maximum"].dump());
    }
    if (v.is_object()) {
      if (schema.contains("required"))
        for (const auto& name : schema["required"])
          if (!v.contains(name.get<std::string>()))
            out.push_back(path + ": missing " + name.get<std::string>());
      const json* properties = schema.contains("properties") ? &schema["properties"] : nullptr;
      for (const auto& [key, value] : v.items()) {
        if (properties != nullptr && properties->contains(key)) {
          check((*properties)[key], value, path + "." + key, out);
        } else if (schema.contains("additionalProperties") &&
                   schema["additionalProperties"] == false) {
          out.push_back(path + ": unexpected member " + key);
        }
      }
    }
    if (v.is_array() && schema.contains("items")) {
      for (std::size_t i = 0; i < v.size(); ++i)
        check(schema["items"], v[i], path + "[" + std::to_string(i) + "]", out);
    }
    if (schema.contains("allOf"))
      for (const auto& s : schema["allOf"]) check(s, v, path, out);
    if (schema.contains("anyOf")) {
      bool any = false;
      for (const auto& s : schema["anyOf"]) any = any || count_errors(s, v, path) == 0;
      if (!any) out.push_back(path + ": matches none of anyOf");
    }
    if (schema.contains("oneOf")) {
      int matches = 0;
      std::vector<std::string> first_errors;
      for (const auto& s : schema["oneOf"]) {
        std::vector<std::string> e;
        check(s, v, path, e);
        if (e.empty()) {
          ++matches;
        } else if (first_errors.empty() || e.size() < first_errors.size()) {
          first_errors = e;
        }
      }
      if (matches != 1) {
        out.push_back(path + ": matches " + std::to_string(matches) + " of oneOf, not one");
        if (matches == 0)
          for (const auto& e : first_errors) out.push_back("  (closest) " + e);
      }
    }
  }

  json root_;
};

}  // namespace reversi::testing
