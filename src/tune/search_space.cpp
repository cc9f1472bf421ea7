#include "tune/search_space.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "lang/instruction_parser.hpp"
#include "loom/runtime.hpp"
#include "loom/spec.hpp"
#include "runtime/binary_cache.hpp"

namespace loom::tune {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Too many values for one variable is a typo in a range, not a sweep.
constexpr int64_t kMaxValuesPerVariable = 4096;

[[noreturn]] void refuse(const std::string& source, const std::string& reason) { throw SpecError(source, reason); }

int64_t integer_field(const json& object, const char* key, const std::string& where, const std::string& source) {
  if (!object.contains(key) || !object[key].is_number_integer()) {
    refuse(source, where + ": \"" + key + "\" must be an integer");
  }
  return object[key].get<int64_t>();
}

// [8, 16, 32] | {"values": [...]} | {"from": 8, "to": 64, "step": 8} | {"powers_of_two": [4, 256]}
std::vector<int64_t> variable_values(const std::string& name, const json& text, const std::string& source) {
  std::string where = "variable '" + name + "'";
  std::vector<int64_t> values;
  if (text.is_array() || (text.is_object() && text.contains("values"))) {
    const json& list = text.is_array() ? text : text["values"];
    if (!list.is_array()) refuse(source, where + ": \"values\" must be a list of integers");
    for (const json& value : list) {
      if (!value.is_number_integer()) refuse(source, where + ": every value must be an integer, not " + value.dump());
      values.push_back(value.get<int64_t>());
    }
  } else if (text.is_object() && text.contains("from")) {
    int64_t from = integer_field(text, "from", where, source), to = integer_field(text, "to", where, source);
    int64_t step = text.contains("step") ? integer_field(text, "step", where, source) : 1;
    if (step <= 0) refuse(source, where + ": \"step\" must be positive");
    if (to < from) refuse(source, where + ": \"to\" (" + std::to_string(to) + ") is below \"from\" (" + std::to_string(from) + ")");
    if ((to - from) / step >= kMaxValuesPerVariable) refuse(source, where + ": more than " + std::to_string(kMaxValuesPerVariable) + " values");
    for (int64_t value = from; value <= to; value += step) values.push_back(value);
  } else if (text.is_object() && text.contains("powers_of_two")) {
    const json& range = text["powers_of_two"];
    if (!range.is_array() || range.size() != 2 || !range[0].is_number_integer() || !range[1].is_number_integer() ||
        range[0].get<int64_t>() < 1 || range[1].get<int64_t>() < range[0].get<int64_t>()) {
      refuse(source, where + ": \"powers_of_two\" must be [low, high] with 1 <= low <= high");
    }
    for (int64_t value = 1; value <= range[1].get<int64_t>() && value > 0; value *= 2) {
      if (value >= range[0].get<int64_t>()) values.push_back(value);
    }
  } else {
    refuse(source, where + ": give a list of integers, {\"values\": [...]}, {\"from\", \"to\", \"step\"} or {\"powers_of_two\": [low, high]}");
  }
  if (values.empty()) refuse(source, where + " has no values");
  std::vector<int64_t> sorted = values;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) refuse(source, where + " lists a value twice");
  return values;
}

json read_json_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) refuse(path, "cannot read the file");
  std::stringstream text;
  text << in.rdbuf();
  try {
    return json::parse(text.str());
  } catch (const json::parse_error& error) {
    refuse(path, std::string("not valid JSON: ") + error.what());
  }
}

ParameterMap parameter_object(const json& object, const char* field, const std::string& source) {
  if (!object.is_object()) refuse(source, std::string("\"") + field + "\" must be an object of integer parameter values");
  ParameterMap values;
  for (const auto& [name, value] : object.items()) {
    if (!value.is_number_integer()) refuse(source, std::string("\"") + field + "\": '" + name + "' must be an integer");
    values[name] = value.get<int64_t>();
  }
  return values;
}

// Replaces ${NAME} references in one string.
using Words = std::map<std::string, std::vector<std::string>>;

json substitute(const std::string& text, const Assignment& assignment, const std::string& source, const Words& words) {
  std::string result;
  std::size_t at = 0;
  bool whole = false;
  int64_t whole_value = 0;
  while (at < text.size()) {
    std::size_t start = text.find("${", at);
    if (start == std::string::npos) break;
    std::size_t end = text.find('}', start);
    if (end == std::string::npos) refuse(source, "unterminated reference in \"" + text + "\"");
    std::string name = text.substr(start + 2, end - start - 2);
    auto found = assignment.find(name);
    if (found == assignment.end()) refuse(source, "\"" + text + "\" refers to '" + name + "', which is not a variable of the space");
    whole = start == 0 && end + 1 == text.size();
    whole_value = found->second;
    auto word = words.find(name);
    if (word != words.end()) {
      whole = false;
      result += text.substr(at, start - at) + word->second.at(static_cast<std::size_t>(found->second));
      at = end + 1;
      continue;
    }
    result += text.substr(at, start - at) + std::to_string(found->second);
    at = end + 1;
  }
  if (whole) return whole_value;
  return result + text.substr(std::min(at, text.size()));
}

json substitute_all(const json& value, const Assignment& assignment, const std::string& source, const Words& words) {
  if (value.is_string()) return substitute(value.get<std::string>(), assignment, source, words);
  if (value.is_array()) {
    json result = json::array();
    for (const json& item : value) result.push_back(substitute_all(item, assignment, source, words));
    return result;
  }
  if (value.is_object()) {
    json result = json::object();
    for (const auto& [key, item] : value.items()) result[key] = substitute_all(item, assignment, source, words);
    return result;
  }
  return value;
}

void read_constraints(const json& space, SearchSpace& result) {
  if (!space.contains("constraints")) return;
  if (!space["constraints"].is_array()) refuse(result.source, "\"constraints\" must be a list of expressions");
  for (const json& text : space["constraints"]) {
    if (!text.is_string()) refuse(result.source, "every constraint must be a string, not " + text.dump());
    try {
      result.constraints.push_back(lang::parse_expression(text.get<std::string>()));
    } catch (const Error& error) {
      refuse(result.source, "constraint \"" + text.get<std::string>() + "\": " + error.what());
    }
    result.constraint_texts.push_back(text.get<std::string>());
  }
}

}  // namespace

SearchSpace read_search_space_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) refuse(path, "cannot read the search-space file");
  std::stringstream text;
  text << in.rdbuf();
  return read_search_space(text.str(), path, fs::path(path).parent_path().string());
}

SearchSpace read_search_space(const std::string& json_text, const std::string& source, const std::string& folder) {
  SearchSpace result;
  result.source = source;
  json space;
  try {
    space = json::parse(json_text);
  } catch (const json::parse_error& error) {
    refuse(source, std::string("not valid JSON: ") + error.what());
  }
  if (!space.is_object() || space.value("loom_tune", 0) != 1) refuse(source, "a search space starts with \"loom_tune\": 1");
  if (!space.contains("spec")) refuse(source, "\"spec\" (a spec file's path or an inline spec) is missing");
  if (space["spec"].is_string()) {
    fs::path spec_path = fs::path(space["spec"].get<std::string>());
    if (spec_path.is_relative()) spec_path = fs::path(folder) / spec_path;
    result.spec = read_json_file(spec_path.string());
  } else {
    result.spec = space["spec"];
  }
  if (!result.spec.is_object()) refuse(source, "\"spec\" must name a spec file or be a spec object");
  if (space.contains("transforms")) result.spec["transforms"] = space["transforms"];
  result.kernel_name = result.spec.value("name", "kernel");
  if (!space.contains("variables") || !space["variables"].is_object() || space["variables"].empty()) {
    refuse(source, "\"variables\" must be an object with at least one variable");
  }
  for (const auto& [name, values] : space["variables"].items()) {
    if (values.is_array() && !values.empty() && values[0].is_string()) {  // words: values are their indices
      Variable variable{name, {}, {}};
      for (const json& word : values) {
        if (!word.is_string()) refuse(source, "variable '" + name + "': mix of words and numbers");
        variable.values.push_back(static_cast<int64_t>(variable.words.size()));
        variable.words.push_back(word.get<std::string>());
      }
      result.variables.push_back(std::move(variable));
      continue;
    }
    result.variables.push_back({name, variable_values(name, values, source), {}});
  }
  read_constraints(space, result);
  if (!space.contains("sizes")) refuse(source, "\"sizes\" (the parameter values to tune at) is missing");
  result.sizes = parameter_object(space["sizes"], "sizes", source);
  if (space.contains("check_sizes")) {
    result.check_sizes = parameter_object(space["check_sizes"], "check_sizes", source);
  } else if (result.spec.contains("test") && result.spec["test"].contains("parameters")) {
    result.check_sizes = parameter_object(result.spec["test"]["parameters"], "spec test parameters", source);
  } else {
    result.check_sizes = result.sizes;
  }
  result.sweep_key = sweep_key_of(result.spec);
  // Every reference must name a variable: substitute the first assignment once to find out now.
  std::mt19937_64 random(0);
  concrete_spec(result, random_assignment(result, random));
  return result;
}

std::string sweep_key_of(const json& spec) {
  json base = spec;
  base.erase("transforms");
  base.erase("test");
  return detail::hex_hash(base.dump());
}

std::size_t space_size(const SearchSpace& space) {
  std::size_t size = 1;
  for (const Variable& variable : space.variables) {
    if (size > std::numeric_limits<std::size_t>::max() / variable.values.size()) return std::numeric_limits<std::size_t>::max();
    size *= variable.values.size();
  }
  return size;
}

std::vector<Assignment> all_assignments(const SearchSpace& space) {
  std::vector<Assignment> result{Assignment{}};
  for (const Variable& variable : space.variables) {
    std::vector<Assignment> extended;
    for (const Assignment& partial : result) {
      for (int64_t value : variable.values) {
        Assignment next = partial;
        next[variable.name] = value;
        extended.push_back(std::move(next));
      }
    }
    result = std::move(extended);
  }
  return result;
}

Assignment random_assignment(const SearchSpace& space, std::mt19937_64& random) {
  Assignment result;
  for (const Variable& variable : space.variables) {
    std::uniform_int_distribution<std::size_t> pick(0, variable.values.size() - 1);
    result[variable.name] = variable.values[pick(random)];
  }
  return result;
}

Assignment mutate(const SearchSpace& space, const Assignment& from, std::mt19937_64& random) {
  std::uniform_int_distribution<std::size_t> pick_variable(0, space.variables.size() - 1);
  const Variable& variable = space.variables[pick_variable(random)];
  Assignment result = from;
  if (variable.values.size() < 2) return result;
  auto at = std::find(variable.values.begin(), variable.values.end(), from.at(variable.name));
  std::size_t index = static_cast<std::size_t>(at - variable.values.begin());
  bool up = index == 0 || (index + 1 < variable.values.size() && std::bernoulli_distribution(0.5)(random));
  result[variable.name] = variable.values[up ? index + 1 : index - 1];
  return result;
}

std::optional<std::string> violated_constraint(const SearchSpace& space, const Assignment& assignment) {
  ParameterMap values = space.sizes;
  for (const auto& [name, value] : assignment) values[name] = value;
  for (std::size_t i = 0; i < space.constraints.size(); ++i) {
    if (evaluate_integer(*space.constraints[i], values) == 0) return space.constraint_texts[i];
  }
  return std::nullopt;
}

json concrete_spec(const SearchSpace& space, const Assignment& assignment) {
  json spec = space.spec;
  Words words;
  for (const Variable& variable : space.variables)
    if (!variable.words.empty()) words[variable.name] = variable.words;
  if (spec.contains("transforms")) spec["transforms"] = substitute_all(spec["transforms"], assignment, space.source, words);
  return spec;
}

std::string assignment_json(const Assignment& assignment) {
  json object = json::object();
  for (const auto& [name, value] : assignment) object[name] = value;
  return object.dump();
}

std::string sizes_json(const ParameterMap& sizes) {
  json object = json::object();
  for (const auto& [name, value] : sizes) object[name] = value;
  return object.dump();
}

}  // namespace loom::tune
