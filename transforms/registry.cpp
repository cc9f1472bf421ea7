#include "transforms/registry.hpp"

#include <algorithm>
#include <sstream>

#include "ir/work_counters.hpp"
#include "loom/error.hpp"

namespace loom {

#define LOOM_TRANSFORM(function) void loom_register_##function(TransformRegistry& registry);
#include "transforms/builtin_transforms.def"
#undef LOOM_TRANSFORM

namespace {

const ParameterSpec kUnchecked{"unchecked", ParameterType::Bool, false, false, false};

std::string type_name(ParameterType type) {
  switch (type) {
    case ParameterType::String: return "a string";
    case ParameterType::Integer: return "an integer";
    case ParameterType::Bool: return "a boolean";
    case ParameterType::Enum: return "one of the listed strings";
    case ParameterType::InameList: return "a list of inames (or a comma string)";
    case ParameterType::Match: return "a match expression (string) or a list of instruction ids";
    case ParameterType::TagMap: return "a tag map (\"i:l.0, j:g.0\" or an object)";
    case ParameterType::KeywordMap: return "keyword arguments";
    case ParameterType::IntegerList: return "a list of integers";
  }
  return "?";
}

std::string value_text(const TransformValue& value) {
  struct Printer {
    std::string operator()(std::monostate) const { return "null"; }
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(int64_t i) const { return std::to_string(i); }
    std::string operator()(const std::string& s) const { return "\"" + s + "\""; }
    std::string operator()(const std::vector<std::string>& list) const {
      std::string out;
      for (const std::string& item : list) out += (out.empty() ? "" : ", ") + ("\"" + item + "\"");
      return "[" + out + "]";
    }
    std::string operator()(const std::vector<int64_t>& list) const {
      std::string out;
      for (int64_t item : list) out += (out.empty() ? "" : ", ") + std::to_string(item);
      return "[" + out + "]";
    }
    std::string operator()(const std::map<std::string, std::string>& map) const {
      std::string out;
      for (const auto& [key, item] : map) out += (out.empty() ? "" : ", ") + key + ":" + item;
      return "\"" + out + "\"";
    }
  };
  return std::visit(Printer{}, value);
}

bool accepts(const ParameterSpec& spec, const TransformValue& value) {
  if (std::holds_alternative<std::monostate>(value)) return spec.nullable || !spec.required;
  switch (spec.type) {
    case ParameterType::String: return std::holds_alternative<std::string>(value);
    // A match expression, or a set of instruction ids (loopy's remove_instructions takes both).
    case ParameterType::Match:
      return std::holds_alternative<std::string>(value) || std::holds_alternative<std::vector<std::string>>(value);
    case ParameterType::Enum:
      return std::holds_alternative<std::string>(value) &&
             std::find(spec.choices.begin(), spec.choices.end(), std::get<std::string>(value)) != spec.choices.end();
    case ParameterType::Integer: return std::holds_alternative<int64_t>(value);
    case ParameterType::Bool: return std::holds_alternative<bool>(value);
    case ParameterType::InameList:
      return std::holds_alternative<std::string>(value) || std::holds_alternative<std::vector<std::string>>(value);
    case ParameterType::TagMap:
      return std::holds_alternative<std::string>(value) || std::holds_alternative<std::map<std::string, std::string>>(value);
    case ParameterType::KeywordMap: return true;
    case ParameterType::IntegerList: return std::holds_alternative<std::vector<int64_t>>(value);
  }
  return false;
}

// Levenshtein distance, for did-you-mean suggestions.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string did_you_mean(const std::string& wrong, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_distance = 3;
  for (const std::string& candidate : candidates) {
    std::size_t distance = edit_distance(wrong, candidate);
    if (distance < best_distance) {
      best_distance = distance;
      best = candidate;
    }
  }
  return best.empty() ? "" : " (did you mean '" + best + "'?)";
}

std::string parameter_hint(const std::string& wrong, const std::vector<std::string>& parameters) {
  std::string close = did_you_mean(wrong, parameters);
  if (!close.empty()) return close;
  std::string listed;
  for (const std::string& parameter : parameters) {
    if (parameter == "unchecked") continue;  // every transform's switch, not what a user looks for
    listed += (listed.empty() ? "" : ", ") + parameter;
  }
  return " (its parameters: " + listed + ")";
}

namespace {

std::vector<ParameterSpec> with_unchecked(const TransformSpec& spec) {
  std::vector<ParameterSpec> parameters = spec.parameters;
  parameters.push_back(kUnchecked);
  return parameters;
}

}  // namespace

std::vector<std::string> parse_name_list(const std::string& text) {
  std::vector<std::string> names;
  std::string current;
  for (char c : text + ",") {
    if (c == ',') {
      auto first = current.find_first_not_of(" \t");
      auto last = current.find_last_not_of(" \t");
      if (first != std::string::npos) names.push_back(current.substr(first, last - first + 1));
      current.clear();
    } else {
      current += c;
    }
  }
  return names;
}

std::map<std::string, std::string> parse_tag_map(const std::string& text, const std::string& context) {
  std::map<std::string, std::string> tags;
  for (const std::string& entry : parse_name_list(text)) {
    auto colon = entry.find(':');
    if (colon == std::string::npos) {
      throw Error(context + ": '" + entry + "' is not 'iname:tag' (e.g. \"i:l.0, j:g.0\")");
    }
    std::string iname = parse_name_list(entry.substr(0, colon)).empty() ? "" : parse_name_list(entry.substr(0, colon))[0];
    std::string tag = parse_name_list(entry.substr(colon + 1)).empty() ? "" : parse_name_list(entry.substr(colon + 1))[0];
    if (iname.empty() || tag.empty()) throw Error(context + ": '" + entry + "' is not 'iname:tag'");
    tags[iname] = tag;
  }
  return tags;
}

TransformArguments::TransformArguments(const TransformSpec& spec, const TransformCall& call) : spec_(spec) {
  std::vector<ParameterSpec> parameters = with_unchecked(spec);
  std::vector<std::string> names;
  for (const ParameterSpec& parameter : parameters) names.push_back(parameter.name);
  bool keywords = std::any_of(parameters.begin(), parameters.end(),
                              [](const ParameterSpec& p) { return p.type == ParameterType::KeywordMap; });
  for (const auto& [name, value] : call.arguments) {
    // A named copy: lambdas cannot capture structured bindings before C++20 compilers fully do.
    const std::string& argument = name;
    auto found =
        std::find_if(parameters.begin(), parameters.end(), [&](const ParameterSpec& p) { return p.name == argument; });
    if (found == parameters.end()) {
      if (keywords) {
        values_[name] = value;
        continue;
      }
      throw Error(spec.name + ": unknown parameter '" + name + "'" + parameter_hint(name, names));
    }
    if (!accepts(*found, value)) {
      throw Error(spec.name + ": parameter '" + name + "' must be " + type_name(found->type) + ", got " + value_text(value));
    }
    values_[name] = value;
  }
  for (const ParameterSpec& parameter : parameters) {
    if (parameter.required && values_.count(parameter.name) == 0) {
      throw Error(spec.name + ": missing parameter '" + parameter.name + "'");
    }
  }
}

const TransformValue& TransformArguments::value(const std::string& name) const {
  if (auto found = values_.find(name); found != values_.end()) return found->second;
  for (const ParameterSpec& parameter : spec_.parameters) {
    if (parameter.name == name) return parameter.default_value;
  }
  if (name == "unchecked") return kUnchecked.default_value;
  throw InternalError(spec_.name + " reads undeclared parameter " + name);
}

namespace {

// A set of instruction ids given for a match expression: the expression matching exactly them.
std::string match_of_ids(const std::string& transform, const std::string& parameter,
                         const std::vector<std::string>& ids) {
  if (ids.empty()) throw Error(transform + ": parameter '" + parameter + "' is an empty set of instruction ids");
  std::string match;
  for (const std::string& id : ids) match += (match.empty() ? "id:" : " or id:") + id;
  return match;
}

}  // namespace

std::string TransformArguments::string(const std::string& name) const {
  const TransformValue& v = value(name);
  if (const auto* text = std::get_if<std::string>(&v)) return *text;
  if (const auto* ids = std::get_if<std::vector<std::string>>(&v)) return match_of_ids(spec_.name, name, *ids);
  throw Error(spec_.name + ": parameter '" + name + "' needs a value");
}

std::optional<std::string> TransformArguments::optional_string(const std::string& name) const {
  const TransformValue& v = value(name);
  if (const auto* text = std::get_if<std::string>(&v)) return *text;
  if (const auto* ids = std::get_if<std::vector<std::string>>(&v)) return match_of_ids(spec_.name, name, *ids);
  return std::nullopt;
}

std::optional<std::vector<std::string>> TransformArguments::optional_names(const std::string& name) const {
  auto given = all().find(name);
  if (given == all().end() || std::holds_alternative<std::monostate>(given->second)) return std::nullopt;
  return names(name);
}

int64_t TransformArguments::integer(const std::string& name) const {
  const TransformValue& v = value(name);
  if (const auto* number = std::get_if<int64_t>(&v)) return *number;
  throw Error(spec_.name + ": parameter '" + name + "' needs an integer value");
}

bool TransformArguments::boolean(const std::string& name) const {
  const TransformValue& v = value(name);
  if (const auto* flag = std::get_if<bool>(&v)) return *flag;
  return false;
}

std::vector<std::string> TransformArguments::names(const std::string& name) const {
  const TransformValue& v = value(name);
  if (const auto* list = std::get_if<std::vector<std::string>>(&v)) return *list;
  if (const auto* text = std::get_if<std::string>(&v)) return parse_name_list(*text);
  return {};
}

std::map<std::string, std::string> TransformArguments::tag_map(const std::string& name) const {
  const TransformValue& v = value(name);
  if (const auto* map = std::get_if<std::map<std::string, std::string>>(&v)) return *map;
  if (const auto* text = std::get_if<std::string>(&v)) return parse_tag_map(*text, spec_.name);
  return {};
}

std::vector<int64_t> TransformArguments::integers(const std::string& name) const {
  const TransformValue& v = value(name);
  if (const auto* list = std::get_if<std::vector<int64_t>>(&v)) return *list;
  return {};
}

void TransformRegistry::add(TransformSpec spec) {
  std::string name = spec.name;
  LOOM_ASSERT(specs_.count(name) == 0, "transform " + name + " registered twice");
  specs_.emplace(name, std::move(spec));
}

const TransformSpec* TransformRegistry::find(const std::string& name) const {
  auto found = specs_.find(name);
  return found == specs_.end() ? nullptr : &found->second;
}

std::vector<std::string> TransformRegistry::names() const {
  std::vector<std::string> result;
  for (const auto& [name, spec] : specs_) result.push_back(name);
  return result;
}

const TransformRegistry& transform_registry() {
  static const TransformRegistry registry = [] {
    TransformRegistry built;
#define LOOM_TRANSFORM(function) loom_register_##function(built);
#include "transforms/builtin_transforms.def"
#undef LOOM_TRANSFORM
    return built;
  }();
  return registry;
}

LoopKernel apply_transform(const LoopKernel& kernel, const TransformCall& call) {
  const TransformSpec* spec = transform_registry().find(call.name);
  if (spec == nullptr) {
    throw Error("unknown transform '" + call.name + "'" + did_you_mean(call.name, transform_registry().names()));
  }
  detail::count_transform_applied();
  reset_isl_operation_budget(kernel);
  return spec->apply(kernel, TransformArguments(*spec, call));
}

std::string to_string(const TransformCall& call) {
  std::ostringstream out;
  out << call.name << "(";
  bool first = true;
  auto print = [&](const std::string& name, const TransformValue& value) {
    out << (first ? "" : ", ") << name << "=" << value_text(value);
    first = false;
  };
  const TransformSpec* spec = transform_registry().find(call.name);
  std::vector<std::string> printed;
  if (spec != nullptr) {
    for (const ParameterSpec& parameter : with_unchecked(*spec)) {
      if (auto found = call.arguments.find(parameter.name); found != call.arguments.end()) {
        print(parameter.name, found->second);
        printed.push_back(parameter.name);
      }
    }
  }
  for (const auto& [name, value] : call.arguments) {
    if (std::find(printed.begin(), printed.end(), name) == printed.end()) print(name, value);
  }
  out << ")";
  return out.str();
}

std::vector<std::string> registered_transforms() { return transform_registry().names(); }

bool transform_changes_meaning(const std::string& name) {
  const TransformSpec* spec = transform_registry().find(name);
  return spec != nullptr && spec->changes_meaning;
}

}  // namespace loom
