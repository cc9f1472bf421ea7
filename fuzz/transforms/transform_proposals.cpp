#include "transform_proposals.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "transforms/registry.hpp"

namespace loom::fuzz {

namespace {

int pick(std::mt19937_64& random, int count) {
  return std::uniform_int_distribution<int>(0, count - 1)(random);
}
bool chance(std::mt19937_64& random, double p) { return std::bernoulli_distribution(p)(random); }

std::string one_of(std::mt19937_64& random, const std::vector<std::string>& choices) {
  if (choices.empty()) return "none";
  return choices[static_cast<std::size_t>(pick(random, static_cast<int>(choices.size())))];
}

std::vector<std::string> some_of(std::mt19937_64& random, std::vector<std::string> choices,
                                 std::size_t most) {
  std::shuffle(choices.begin(), choices.end(), random);
  std::size_t count = std::min<std::size_t>(
      choices.size(), 1 + static_cast<std::size_t>(pick(random, static_cast<int>(most))));
  choices.resize(count);
  return choices;
}

// Weights: the transforms that schedules use most are drawn more often; every other registered
// transform keeps weight 1 so that it is still exercised.
const std::map<std::string, int> kWeights = {
    {"split_iname", 12},
    {"tag_inames", 6},
    {"prioritize_loops", 3},
    {"add_prefetch", 4},
    {"precompute", 3},
    {"split_reduction_inward", 2},
    {"split_reduction_outward", 2},
    {"chunk_iname", 3},
    {"join_inames", 2},
    {"rename_iname", 2},
    {"duplicate_inames", 2},
    {"privatize_temporaries_with_inames", 2},
    {"set_temporary_address_space", 2},
    {"tag_array_axes", 1},
    {"extract_subst", 1},
    {"expand_subst", 2},
    {"assignment_to_subst", 2},
    {"buffer_array", 2},
    {"make_reduction_inames_unique", 1},
};

// Transforms needing inputs the generator cannot make sensibly (an isl map, code templates).
const std::set<std::string> kLeftOut = {"map_domain", "fix_parameters", "assume"};

struct KernelNames {
  std::vector<std::string> inames, variables, arrays, temporaries, instruction_ids, rules, outputs;
};

KernelNames names_of(const LoopKernel& kernel) {
  KernelNames names;
  names.inames = kernel.all_inames();
  for (const KernelArgument& arg : kernel.args) {
    if (!arg.is_array()) continue;
    names.arrays.push_back(arg.name);
    names.variables.push_back(arg.name);
    if (arg.name.rfind("out", 0) == 0) names.outputs.push_back(arg.name);
  }
  for (const Temporary& temporary : kernel.temporaries) {
    names.temporaries.push_back(temporary.name);
    names.variables.push_back(temporary.name);
  }
  for (const Instruction& instruction : kernel.instructions)
    names.instruction_ids.push_back(instruction.id);
  for (const auto& [name, rule] : kernel.substitutions) names.rules.push_back(name);
  return names;
}

const std::vector<std::string> kTags = {"for", "unr", "ilp", "l.0", "l.1",
                                        "g.0", "g.1", "vec", "ord", "l.auto"};

std::string random_tag(std::mt19937_64& random) { return one_of(random, kTags); }

std::string random_match(const KernelNames& names, std::mt19937_64& random) {
  switch (pick(random, 4)) {
    case 0:
      return "id:" + one_of(random, names.instruction_ids);
    case 1:
      return "writes:" + one_of(random, names.outputs.empty() ? names.variables : names.outputs);
    case 2:
      return "reads:" + one_of(random, names.variables);
    default:
      return "id:*";
  }
}

bool mentions(const std::string& name, const char* word) {
  return name.find(word) != std::string::npos;
}

// A value for one parameter, by its type and name.
TransformValue value_for(const ParameterSpec& parameter, const KernelNames& names,
                         std::mt19937_64& random, int& fresh_names) {
  const std::string& name = parameter.name;
  bool names_new = mentions(name, "new") || name == "outer_iname" || name == "inner_iname" ||
                   name == "temporary_name" || name == "register_name" ||
                   name == "prefetch_insn_id";
  switch (parameter.type) {
    case ParameterType::Integer:
      if (name == "priority") return int64_t{pick(random, 4)};
      return int64_t{1 + pick(random, 6)};
    case ParameterType::Bool:
      return chance(random, 0.5);
    case ParameterType::Enum:
      return one_of(random, parameter.choices);
    case ParameterType::IntegerList:
      return std::vector<int64_t>{0, chance(random, 0.5) ? 1 : 0};
    case ParameterType::Match:
      return random_match(names, random);
    case ParameterType::TagMap: {
      // Unrolled, vector and local-axis tags need a constant length: mostly give them the inner
      // iname of a split (most other inames run to a parameter, and the tag would be refused).
      std::string tag = random_tag(random);
      bool needs_constant_length = tag != "for" && tag != "ord" && tag[0] != 'g';
      std::vector<std::string> inner;
      for (const std::string& iname : names.inames)
        if (iname.find("_inner") != std::string::npos) inner.push_back(iname);
      bool prefer_inner = needs_constant_length && !inner.empty() && chance(random, 0.8);
      std::map<std::string, std::string> tags;
      tags[one_of(random, prefer_inner ? inner : names.inames)] = tag;
      return tags;
    }
    case ParameterType::KeywordMap:
      return std::map<std::string, std::string>{};
    case ParameterType::InameList:
      if (names_new) return std::vector<std::string>{"fz" + std::to_string(fresh_names++)};
      if (mentions(name, "var") || mentions(name, "temporar") || name == "names")
        return some_of(random, mentions(name, "temp") ? names.temporaries : names.variables, 2);
      if (name == "tags") return std::vector<std::string>{random_tag(random)};
      if (name == "parameters") return std::vector<std::string>{"n"};
      return some_of(random, names.inames, 3);
    case ParameterType::String:
      if (names_new) return "fz" + std::to_string(fresh_names++);
      if (mentions(name, "tag")) return random_tag(random);
      if (mentions(name, "subst"))
        return one_of(random, names.rules.empty() ? std::vector<std::string>{"sq"} : names.rules);
      if (mentions(name, "iname") || name == "loop") return one_of(random, names.inames);
      if (mentions(name, "temporar")) return one_of(random, names.temporaries);
      if (mentions(name, "var") || mentions(name, "array") || name == "lhs_name" ||
          name == "variable")
        return one_of(random, names.variables);
      if (name == "scope") return one_of(random, {"local", "global"});
      return one_of(random, names.inames);
  }
  return std::monostate{};
}

}  // namespace

std::vector<TransformChoice> fuzzable_transforms() {
  std::vector<TransformChoice> choices;
  const TransformRegistry& registry = transform_registry();
  for (const std::string& name : registry.names()) {
    const TransformSpec* spec = registry.find(name);
    if (spec == nullptr || spec->changes_meaning || kLeftOut.count(name) != 0) continue;
    auto weight = kWeights.find(name);
    choices.push_back({name, weight == kWeights.end() ? 1 : weight->second});
  }
  return choices;
}

TransformCall propose_transform(const LoopKernel& kernel,
                                const std::vector<TransformChoice>& choices,
                                std::mt19937_64& random) {
  int total = 0;
  for (const TransformChoice& choice : choices) total += choice.weight;
  int draw = pick(random, total);
  const TransformChoice* chosen = &choices.front();
  for (const TransformChoice& choice : choices) {
    if (draw < choice.weight) {
      chosen = &choice;
      break;
    }
    draw -= choice.weight;
  }
  const TransformSpec* spec = transform_registry().find(chosen->name);
  KernelNames names = names_of(kernel);
  static int fresh_names = 0;
  TransformCall call{chosen->name, {}};
  for (const ParameterSpec& parameter : spec->parameters) {
    if (parameter.name == "unchecked") continue;
    if (!parameter.required && !chance(random, 0.35)) continue;
    if (parameter.nullable && !parameter.required && chance(random, 0.2)) {
      call.arguments[parameter.name] = std::monostate{};
      continue;
    }
    call.arguments[parameter.name] = value_for(parameter, names, random, fresh_names);
  }
  return call;
}

}  // namespace loom::fuzz
