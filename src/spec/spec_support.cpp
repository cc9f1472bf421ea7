#include "spec/spec_support.hpp"

#include <algorithm>

#include "transforms/registry.hpp"

namespace loom {

using json = nlohmann::json;

Spec spec_of_kernel(const LoopKernel& kernel) {
  Spec spec;
  spec.name = kernel.name;
  for (const Domain& domain : kernel.domains) spec.domains.push_back(domain.set.str());
  // The temporaries are declared in full (shape, address space, layout); instruction text printed
  // without them carries no `<>` declarations, which would declare them twice.
  LoopKernel undeclared = kernel;
  undeclared.temporaries.clear();
  spec.instructions = {instructions_text(undeclared)};
  spec.assumptions = kernel.assumptions_text;
  spec.declared_args = kernel.args;
  spec.declared_temporaries = kernel.temporaries;
  spec.options = kernel.options;
  return spec;
}

std::string type_of(const json& value) {
  if (value.is_null()) return "null";
  if (value.is_boolean()) return "a boolean (" + value.dump() + ")";
  if (value.is_number_integer()) return "an integer (" + value.dump() + ")";
  if (value.is_number()) return "a number (" + value.dump() + ")";
  if (value.is_string()) return "a string (" + value.dump() + ")";
  if (value.is_array()) return "a list";
  return "an object";
}

void expect_object(const json& value, const std::string& path) {
  if (!value.is_object()) throw SpecError(path, "expected an object, got " + type_of(value));
}

void check_keys(const json& object, const std::string& path, const std::vector<std::string>& allowed) {
  for (const auto& [key, value] : object.items()) {
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    throw SpecError(path + "/" + key, "unknown key '" + key + "'" + did_you_mean(key, allowed));
  }
}

std::string as_string(const json& value, const std::string& path) {
  if (!value.is_string()) throw SpecError(path, "expected a string, got " + type_of(value));
  return value.get<std::string>();
}

bool as_bool(const json& value, const std::string& path) {
  if (!value.is_boolean()) throw SpecError(path, "expected true or false, got " + type_of(value));
  return value.get<bool>();
}

double as_number(const json& value, const std::string& path) {
  if (!value.is_number()) throw SpecError(path, "expected a number, got " + type_of(value));
  return value.get<double>();
}

DType dtype(const json& value, const std::string& path) {
  std::string name = as_string(value, path);
  std::optional<DType> parsed = parse_dtype(name);
  if (!parsed) {
    throw SpecError(path, "unknown dtype \"" + name + "\" (float16, bfloat16, float32, float64, int8..int64, uint8..uint64, bool)");
  }
  return *parsed;
}

AddressSpace address_space(const json& value, const std::string& path) {
  std::string name = as_string(value, path);
  if (name == "private") return AddressSpace::Private;
  if (name == "local") return AddressSpace::Local;
  if (name == "global") return AddressSpace::Global;
  if (name == "auto") return AddressSpace::Auto;
  throw SpecError(path, "expected \"private\", \"local\", \"global\" or \"auto\", got \"" + name + "\"");
}

TransformValue transform_value(const json& value, const std::string& path) {
  if (value.is_null()) return std::monostate{};
  if (value.is_boolean()) return value.get<bool>();
  if (value.is_number_integer()) return value.get<int64_t>();
  if (value.is_string()) return value.get<std::string>();
  if (value.is_array()) {
    bool all_integers = !value.empty() && std::all_of(value.begin(), value.end(), [](const json& v) { return v.is_number_integer(); });
    if (all_integers) return value.get<std::vector<int64_t>>();
    // loopy's list of (key, value) pairs (tag_inames' [("i", "l.0"), ...]) is a map.
    bool all_pairs = !value.empty() && std::all_of(value.begin(), value.end(), [](const json& v) {
      return v.is_array() && v.size() == 2 && v[0].is_string() && v[1].is_string();
    });
    if (all_pairs) {
      std::map<std::string, std::string> map;
      for (std::size_t i = 0; i < value.size(); ++i) {
        std::string key = value[i][0].get<std::string>();
        if (!map.emplace(key, value[i][1].get<std::string>()).second) {
          throw SpecError(path + "/" + std::to_string(i), "'" + key + "' appears twice in the list of pairs");
        }
      }
      return map;
    }
    std::vector<std::string> names;
    for (std::size_t i = 0; i < value.size(); ++i) names.push_back(as_string(value[i], path + "/" + std::to_string(i)));
    return names;
  }
  if (value.is_object()) {
    std::map<std::string, std::string> map;
    for (const auto& [key, item] : value.items()) map[key] = as_string(item, path + "/" + key);
    return map;
  }
  throw SpecError(path, "expected null, a boolean, an integer, a string, a list or an object, got " + type_of(value));
}

json transform_value_to_json(const TransformValue& value) {
  struct Converter {
    json operator()(std::monostate) const { return nullptr; }
    json operator()(bool b) const { return b; }
    json operator()(int64_t i) const { return i; }
    json operator()(const std::string& s) const { return s; }
    json operator()(const std::vector<std::string>& list) const { return list; }
    json operator()(const std::vector<int64_t>& list) const { return list; }
    json operator()(const std::map<std::string, std::string>& map) const { return map; }
  };
  return std::visit(Converter{}, value);
}

std::string describe_parse_error(const std::string& text, std::size_t byte, const std::string& what) {
  std::size_t line = 1, column = 1;
  for (std::size_t i = 0; i + 1 < byte && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
  }
  std::string reason = what;
  auto colon = reason.find(": ", reason.find("parse error"));
  if (colon != std::string::npos) reason = reason.substr(colon + 2);
  return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + reason;
}

}  // namespace loom
