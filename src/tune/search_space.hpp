// loom tune's search space (docs/tuning.md): a spec whose transform parameters reference
// variables ("${TI}"), the variables' values, constraints between them and the sizes to tune at.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "loom/expr.hpp"
#include "loom/kernel.hpp"
#include "loom/runtime.hpp"

namespace loom::tune {

struct Variable {
  std::string name;
  std::vector<int64_t> values;  // in the order written (neighbours for the evolutionary search)
  // A variable over words (["guard", "round_up"]: a split's tail strategy): its values are the
  // indices 0, 1, ... and a reference is replaced by the word.
  std::vector<std::string> words;
};

struct SearchSpace {
  std::string source;               // the file it was read from, for messages
  nlohmann::json spec;              // the spec with its "transforms" holding ${...} references
  std::vector<Variable> variables;
  std::vector<std::string> constraint_texts;
  std::vector<ExprPtr> constraints;  // integer expressions of the variables and sizes; nonzero: allowed
  ParameterMap sizes;               // the parameter values the sweep measures at
  ParameterMap check_sizes;         // where the winner is checked against the reference
  std::string sweep_key;            // hash of the spec without transforms and test values
  std::string kernel_name;
};

// One value per variable.
using Assignment = std::map<std::string, int64_t>;

// Reads a search-space file; a relative "spec" path is taken from the file's folder. Throws
// loom::SpecError naming the file and the field at fault.
SearchSpace read_search_space_file(const std::string& path);
SearchSpace read_search_space(const std::string& json_text, const std::string& source, const std::string& folder);

// The number of assignments before constraints (saturating at SIZE_MAX).
std::size_t space_size(const SearchSpace& space);
// Every assignment, in the order of the variables' values (the first variable varies slowest).
std::vector<Assignment> all_assignments(const SearchSpace& space);
Assignment random_assignment(const SearchSpace& space, std::mt19937_64& random);
// `from` with one variable moved to a neighbouring value.
Assignment mutate(const SearchSpace& space, const Assignment& from, std::mt19937_64& random);

// The first constraint `assignment` violates, as written; nullopt when all hold.
std::optional<std::string> violated_constraint(const SearchSpace& space, const Assignment& assignment);

// The spec with every reference replaced: "${TI}" alone becomes the number, inside a longer
// string its decimal text; a variable over words becomes its word. Throws loom::SpecError naming an unknown variable.
nlohmann::json concrete_spec(const SearchSpace& space, const Assignment& assignment);

// A spec's identity as a tuning target: the hash of everything but its transforms and test
// values (records of any schedule of the kernel share it).
std::string sweep_key_of(const nlohmann::json& spec);

// {"TI":64,...} with sorted keys: how records name an assignment.
std::string assignment_json(const Assignment& assignment);
std::string sizes_json(const ParameterMap& sizes);

}  // namespace loom::tune
