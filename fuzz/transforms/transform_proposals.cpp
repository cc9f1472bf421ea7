#include "transform_proposals.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>

#include "kernel_facts.hpp"
#include "transforms/registry.hpp"

namespace loom::fuzz {

namespace {

using Random = std::mt19937_64;

int pick(Random& random, int count) { return std::uniform_int_distribution<int>(0, count - 1)(random); }
bool chance(Random& random, double p) { return std::bernoulli_distribution(p)(random); }

std::string one_of(Random& random, const std::vector<std::string>& choices) {
  if (choices.empty()) return "none";
  return choices[static_cast<std::size_t>(pick(random, static_cast<int>(choices.size())))];
}

std::vector<std::string> some_of(Random& random, std::vector<std::string> choices, std::size_t most) {
  std::shuffle(choices.begin(), choices.end(), random);
  std::size_t count =
      std::min<std::size_t>(choices.size(), 1 + static_cast<std::size_t>(pick(random, static_cast<int>(most))));
  choices.resize(count);
  return choices;
}

std::string fresh_name() {
  static int fresh = 0;
  return "fz" + std::to_string(fresh++);
}

// ---- parameters from the kernel's facts ---------------------------------------------------------

// A hardware axis of `kind` ("g" or "l") that no iname is tagged with yet.
std::optional<std::string> free_axis(const KernelFacts& facts, const std::string& kind, Random& random) {
  std::vector<std::string> free;
  for (int axis = 0; axis < 2; ++axis) {
    std::string name = kind + "." + std::to_string(axis);
    if (facts.used_axes.count(name) == 0) free.push_back(name);
  }
  if (free.empty()) return std::nullopt;
  return free.front();  // loopy users fill axis 0 first
}

bool untagged(const InameFacts& iname) {
  return iname.tag.kind == InameTag::Kind::Sequential;
}

// A split factor for `iname`: below its constant extent, when it has one.
std::optional<int64_t> split_factor(const InameFacts& iname, Random& random) {
  std::vector<int64_t> factors = {2, 3, 4, 4, 8};
  if (iname.extent) {
    factors.erase(std::remove_if(factors.begin(), factors.end(), [&](int64_t f) { return f >= *iname.extent; }),
                  factors.end());
  }
  if (factors.empty()) return std::nullopt;
  return factors[static_cast<std::size_t>(pick(random, static_cast<int>(factors.size())))];
}

// A tag for an iname of constant extent (a split's inner iname): a local axis, unrolling, ILP.
std::optional<std::string> inner_tag(const KernelFacts& facts, const InameFacts& iname, Random& random) {
  double roll = std::uniform_real_distribution<double>(0, 1)(random);
  if (roll < 0.45) {
    if (iname.reduction && !chance(random, 0.3)) return std::nullopt;
    return free_axis(facts, "l", random);
  }
  if (roll < 0.6) return std::string("unr");
  if (roll < 0.68) return std::string("ilp");
  return std::nullopt;
}

// A tag for an iname whose extent is a parameter: a group axis (not for a reduction, whose
// groups would not combine) or sequential.
std::optional<std::string> outer_tag(const KernelFacts& facts, const InameFacts& iname, Random& random) {
  if (iname.reduction || !chance(random, 0.45)) return std::nullopt;
  return free_axis(facts, "g", random);
}

std::string match_of(const std::set<std::string>& ids, Random& random) {
  return "id:" + one_of(random, {ids.begin(), ids.end()});
}

// ---- proposers: nullopt when the transform has nothing to work on in this kernel ----------------

using Proposal = std::optional<TransformCall>;
using Proposer = std::function<Proposal(const KernelFacts&, Random&)>;

Proposal propose_split_iname(const KernelFacts& facts, Random& random) {
  std::vector<std::string> candidates = facts.inames_where([](const InameFacts& iname) {
    return untagged(iname) && !iname.instructions.empty() && (!iname.extent || *iname.extent > 2);
  });
  if (candidates.empty()) return std::nullopt;
  const InameFacts& iname = *facts.find(one_of(random, candidates));
  std::optional<int64_t> factor = split_factor(iname, random);
  if (!factor) return std::nullopt;
  TransformCall call{"split_iname", {{"iname", iname.name}, {"inner_length", *factor}}};
  // The outer iname runs to a parameter, the inner one to the factor.
  KernelFacts after = facts;
  if (std::optional<std::string> tag = outer_tag(facts, iname, random)) {
    call.arguments["outer_tag"] = *tag;
    after.used_axes.insert(*tag);
  }
  InameFacts inner = iname;
  inner.extent = *factor;
  if (std::optional<std::string> tag = inner_tag(after, inner, random)) call.arguments["inner_tag"] = *tag;
  // Tail strategies other than guard need a contiguous range and split every instruction.
  double roll = std::uniform_real_distribution<double>(0, 1)(random);
  bool tail = !iname.strided && roll < 0.15;
  if (tail) call.arguments["tail_strategy"] = std::string(roll < 0.08 ? "shift_inwards" : "round_up");
  if (chance(random, 0.08)) call.arguments["slabs"] = std::vector<int64_t>{0, 1};
  if (!tail && chance(random, 0.05)) call.arguments["within"] = match_of(iname.instructions, random);
  return call;
}

Proposal propose_tag_inames(const KernelFacts& facts, Random& random) {
  std::vector<std::string> candidates =
      facts.inames_where([](const InameFacts& iname) { return untagged(iname) && !iname.instructions.empty(); });
  if (candidates.empty()) return std::nullopt;
  const InameFacts& iname = *facts.find(one_of(random, candidates));
  std::optional<std::string> tag;
  if (iname.extent && *iname.extent <= 16) {
    tag = inner_tag(facts, iname, random);
    if (!tag && chance(random, 0.3)) tag = "vec";
  } else {
    tag = outer_tag(facts, iname, random);
  }
  if (!tag) return std::nullopt;
  return TransformCall{"tag_inames", {{"iname_to_tag", std::map<std::string, std::string>{{iname.name, *tag}}}}};
}

// Two or three loops of one instruction, outermost first; a loop whose domain bounds another's
// stays outside it, as a user who reads the domains would keep it.
Proposal propose_prioritize_loops(const KernelFacts& facts, Random& random) {
  std::vector<std::string> ids = facts.instruction_ids;
  std::shuffle(ids.begin(), ids.end(), random);
  for (const std::string& id : ids) {
    std::vector<std::string> loops = facts.inames_where([&](const InameFacts& iname) {
      return iname.instructions.count(id) != 0 && iname.tag.kind != InameTag::Kind::Group &&
             iname.tag.kind != InameTag::Kind::Local;
    });
    if (loops.size() < 2) continue;
    std::vector<std::string> chosen = some_of(random, loops, 2);
    if (chosen.size() < 2) chosen = loops;
    chosen.resize(std::min<std::size_t>(chosen.size(), 3));
    std::stable_sort(chosen.begin(), chosen.end(), [&](const std::string& a, const std::string& b) {
      return facts.find(a)->bounds_another && !facts.find(b)->bounds_another;
    });
    return TransformCall{"prioritize_loops", {{"loop_priority", chosen}}};
  }
  return std::nullopt;
}

// Prefetches an array for one instruction that reads it (`within`, as users restrict a fetch to
// the instruction it serves), sweeping some of that instruction's loops of constant extent.
// `x` is read as x[i] and x[n - 1 - i], whose footprint has no box of constant size: left out.
Proposal propose_add_prefetch(const KernelFacts& facts, Random& random) {
  std::vector<std::string> arrays;
  for (const std::string& array : facts.arrays_read)
    if (array != "x") arrays.push_back(array);
  if (arrays.empty()) return std::nullopt;
  std::string array = one_of(random, arrays);
  const std::set<std::string>& readers = facts.readers.at(array);
  std::string reader = one_of(random, {readers.begin(), readers.end()});
  TransformCall call{"add_prefetch", {{"var_name", array}}};
  if (chance(random, 0.85)) call.arguments["within"] = "id:" + reader;
  std::vector<std::string> sweepable = facts.inames_where([&](const InameFacts& iname) {
    return iname.extent.has_value() && *iname.extent <= 16 && iname.instructions.count(reader) != 0;
  });
  call.arguments["sweep_inames"] =
      sweepable.empty() || chance(random, 0.2) ? std::vector<std::string>{} : some_of(random, sweepable, 2);
  bool local = !facts.used_axes.empty() && chance(random, 0.5);
  if (local) {
    call.arguments["temporary_address_space"] = std::string("local");
    call.arguments["default_tag"] = std::string("l.auto");
  } else if (chance(random, 0.5)) {
    call.arguments["temporary_address_space"] = std::string("private");
    call.arguments["default_tag"] = std::monostate{};
  }
  if (chance(random, 0.15)) call.arguments["fetch_bounding_box"] = true;
  return call;
}

// Precomputes a rule invoked with indices (the grammar's `ab(i, k)`); a rule invoked with data
// (`sq(x[i])`) has no footprint, which loom refuses.
Proposal propose_precompute(const KernelFacts& facts, Random& random) {
  if (std::find(facts.rules.begin(), facts.rules.end(), "ab") == facts.rules.end()) return std::nullopt;
  TransformCall call{"precompute", {{"subst_use", std::string("ab")}}};
  std::vector<std::string> sweepable =
      facts.inames_where([](const InameFacts& iname) { return iname.extent.has_value() && *iname.extent <= 16; });
  if (!sweepable.empty() && chance(random, 0.6)) call.arguments["sweep_inames"] = some_of(random, sweepable, 1);
  if (!facts.used_axes.empty() && chance(random, 0.3)) {
    call.arguments["temporary_address_space"] = std::string("local");
    call.arguments["default_tag"] = std::string("l.auto");
  } else {
    call.arguments["default_tag"] = std::monostate{};
  }
  return call;
}

// Chunks of an iname of constant extent (a parametric extent gives a chunk length that is not
// affine, which loom refuses).
Proposal propose_chunk_iname(const KernelFacts& facts, Random& random) {
  std::vector<std::string> candidates = facts.inames_where([](const InameFacts& iname) {
    return untagged(iname) && !iname.instructions.empty() && iname.extent && *iname.extent >= 4;
  });
  if (candidates.empty()) return std::nullopt;
  const InameFacts& iname = *facts.find(one_of(random, candidates));
  TransformCall call{"chunk_iname", {{"iname", iname.name}, {"num_chunks", int64_t{2}}}};
  if (std::optional<std::string> tag = inner_tag(facts, iname, random)) call.arguments["inner_tag"] = *tag;
  return call;
}

// Joins an outer loop with an inner one of constant extent (i_outer, i_inner back into one).
Proposal propose_join_inames(const KernelFacts& facts, Random& random) {
  std::vector<std::string> inner = facts.inames_where([](const InameFacts& iname) {
    return untagged(iname) && iname.extent.has_value() && !iname.instructions.empty();
  });
  if (inner.empty()) return std::nullopt;
  const InameFacts& second = *facts.find(one_of(random, inner));
  std::vector<std::string> outer = facts.inames_where([&](const InameFacts& iname) {
    return iname.name != second.name && untagged(iname) && iname.instructions == second.instructions;
  });
  if (outer.empty()) return std::nullopt;
  return TransformCall{"join_inames", {{"inames", std::vector<std::string>{one_of(random, outer), second.name}}}};
}

// Buffers an array over loops of constant extent where it is accessed.
Proposal propose_buffer_array(const KernelFacts& facts, Random& random) {
  if (facts.arrays_read.empty()) return std::nullopt;
  std::string array = one_of(random, facts.arrays_read);
  std::vector<std::string> reading = facts.inames_reading(array);
  std::vector<std::string> constant;
  for (const std::string& name : reading) {
    const InameFacts* iname = facts.find(name);
    if (iname->extent && *iname->extent <= 16) constant.push_back(name);
  }
  if (constant.empty()) return std::nullopt;
  TransformCall call{"buffer_array", {{"var_name", array}, {"buffer_inames", some_of(random, constant, 2)}}};
  call.arguments["default_tag"] = std::monostate{};
  if (!facts.used_axes.empty() && chance(random, 0.4)) {
    call.arguments["temporary_address_space"] = std::string("local");
    call.arguments["default_tag"] = std::string("l.auto");
  }
  return call;
}

Proposal propose_rename_iname(const KernelFacts& facts, Random& random) {
  std::vector<std::string> used =
      facts.inames_where([](const InameFacts& iname) { return !iname.instructions.empty(); });
  if (used.empty()) return std::nullopt;
  return TransformCall{"rename_iname", {{"old_iname", one_of(random, used)}, {"new_iname", fresh_name()}}};
}

Proposal propose_duplicate_inames(const KernelFacts& facts, Random& random) {
  std::vector<std::string> candidates = facts.inames_where([](const InameFacts& iname) {
    return untagged(iname) && !iname.instructions.empty() && !iname.bounds_another;
  });
  if (candidates.empty()) return std::nullopt;
  const InameFacts& iname = *facts.find(one_of(random, candidates));
  TransformCall call{"duplicate_inames", {{"inames", std::vector<std::string>{iname.name}}}};
  call.arguments["within"] = match_of(iname.instructions, random);
  return call;
}

Proposal propose_privatize(const KernelFacts& facts, Random& random) {
  if (facts.private_temporaries.empty()) return std::nullopt;
  std::vector<std::string> constant =
      facts.inames_where([](const InameFacts& iname) { return iname.extent.has_value() && *iname.extent <= 16; });
  if (constant.empty()) return std::nullopt;
  return TransformCall{"privatize_temporaries_with_inames",
                       {{"privatizing_inames", std::vector<std::string>{one_of(random, constant)}},
                        {"only_var_names", std::vector<std::string>{one_of(random, facts.private_temporaries)}}}};
}

Proposal propose_set_temporary_address_space(const KernelFacts& facts, Random& random) {
  if (facts.temporaries.empty()) return std::nullopt;
  std::string space = chance(random, 0.6) ? "private" : chance(random, 0.7) ? "local" : "global";
  return TransformCall{"set_temporary_address_space",
                       {{"temp_var_names", std::vector<std::string>{one_of(random, facts.temporaries)}},
                        {"address_space", space}}};
}

Proposal propose_split_reduction(const std::string& name, const KernelFacts& facts, Random& random) {
  if (facts.multi_iname_reductions.empty()) return std::nullopt;
  return TransformCall{name, {{"inames", std::vector<std::string>{one_of(random, facts.multi_iname_reductions)}}}};
}

Proposal propose_assignment_to_subst(const KernelFacts& facts, Random& random) {
  if (facts.private_temporaries.empty()) return std::nullopt;
  return TransformCall{"assignment_to_subst", {{"lhs_name", one_of(random, facts.private_temporaries)}}};
}

Proposal propose_untag_inames(const KernelFacts& facts, Random& random) {
  std::vector<std::string> tagged = facts.inames_where([](const InameFacts& iname) { return !untagged(iname); });
  if (tagged.empty()) return std::nullopt;
  return TransformCall{"untag_inames", {{"inames", std::vector<std::string>{one_of(random, tagged)}}}};
}

Proposal propose_tag_array_axes(const KernelFacts& facts, Random& random) {
  std::vector<std::string> two_d;
  for (const std::string& array : facts.arrays_read)
    if (array == "a" || array == "b") two_d.push_back(array);
  if (two_d.empty()) return std::nullopt;
  std::vector<std::string> tags = chance(random, 0.5) ? std::vector<std::string>{"f", "f"}
                                                      : std::vector<std::string>{"N0", "N1"};
  return TransformCall{"tag_array_axes",
                       {{"ary_names", std::vector<std::string>{one_of(random, two_d)}}, {"dim_tags", tags}}};
}

// Transforms that need only something of a kind to exist.
Proposal if_any(bool present, const std::string& name) {
  if (!present) return std::nullopt;
  return TransformCall{name, {}};
}

bool has_reduction(const KernelFacts& facts) {
  return std::any_of(facts.inames.begin(), facts.inames.end(), [](const InameFacts& i) { return i.reduction; });
}

// Proposers by transform, with the weights the fuzzer draws them by: the transforms schedules
// use most are drawn most.
struct Known {
  int weight;
  Proposer propose;
};

const std::map<std::string, Known>& known_proposers() {
  static const std::map<std::string, Known> known = {
      {"split_iname", {90, propose_split_iname}},
      {"tag_inames", {36, propose_tag_inames}},
      {"prioritize_loops", {18, propose_prioritize_loops}},
      {"add_prefetch", {30, propose_add_prefetch}},
      {"precompute", {18, propose_precompute}},
      {"buffer_array", {6, propose_buffer_array}},
      {"chunk_iname", {9, propose_chunk_iname}},
      {"join_inames", {6, propose_join_inames}},
      {"rename_iname", {6, propose_rename_iname}},
      {"duplicate_inames", {9, propose_duplicate_inames}},
      {"privatize_temporaries_with_inames", {6, propose_privatize}},
      {"set_temporary_address_space", {9, propose_set_temporary_address_space}},
      {"split_reduction_inward",
       {9, [](const KernelFacts& f, Random& r) { return propose_split_reduction("split_reduction_inward", f, r); }}},
      {"split_reduction_outward",
       {9, [](const KernelFacts& f, Random& r) { return propose_split_reduction("split_reduction_outward", f, r); }}},
      {"assignment_to_subst", {6, propose_assignment_to_subst}},
      {"untag_inames", {3, propose_untag_inames}},
      {"tag_array_axes", {6, propose_tag_array_axes}},
      {"expand_subst", {6, [](const KernelFacts& f, Random&) { return if_any(!f.rules.empty(), "expand_subst"); }}},
      {"make_reduction_inames_unique",
       {3, [](const KernelFacts& f, Random&) { return if_any(has_reduction(f), "make_reduction_inames_unique"); }}},
      {"realize_reduction",
       {3, [](const KernelFacts& f, Random&) { return if_any(has_reduction(f), "realize_reduction"); }}},
  };
  return known;
}

// ---- the generic proposer: any registered transform, parameters by schema type and name -------

const std::vector<std::string> kTags = {"for", "unr", "ilp", "l.0", "l.1", "g.0", "g.1", "vec", "ord", "l.auto"};

std::string random_match(const KernelFacts& facts, Random& random) {
  switch (pick(random, 4)) {
    case 0:
      return "id:" + one_of(random, facts.instruction_ids);
    case 1:
      return "writes:" + one_of(random, facts.outputs);
    case 2:
      return "reads:" + one_of(random, facts.arrays_read);
    default:
      return "id:*";
  }
}

bool mentions(const std::string& name, const char* word) { return name.find(word) != std::string::npos; }

TransformValue value_for(const ParameterSpec& parameter, const KernelFacts& facts, Random& random) {
  const std::string& name = parameter.name;
  std::vector<std::string> inames = facts.inames_where([](const InameFacts&) { return true; });
  std::vector<std::string> variables = facts.arrays_read;
  variables.insert(variables.end(), facts.temporaries.begin(), facts.temporaries.end());
  bool names_new = mentions(name, "new") || name == "outer_iname" || name == "inner_iname" ||
                   name == "temporary_name" || name == "register_name" || name == "prefetch_insn_id";
  switch (parameter.type) {
    case ParameterType::Integer:
      if (name == "priority") return int64_t{pick(random, 4)};
      if (name == "axis" || name == "axis_nr") return int64_t{pick(random, 2)};
      return int64_t{1 + pick(random, 6)};
    case ParameterType::Bool:
      return chance(random, 0.5);
    case ParameterType::Enum:
      return one_of(random, parameter.choices);
    case ParameterType::IntegerList:
      return std::vector<int64_t>{0, chance(random, 0.5) ? 1 : 0};
    case ParameterType::Match:
      return random_match(facts, random);
    case ParameterType::TagMap:
      return std::map<std::string, std::string>{{one_of(random, inames), one_of(random, kTags)}};
    case ParameterType::KeywordMap:
      return std::map<std::string, std::string>{};
    case ParameterType::InameList:
      if (names_new) return std::vector<std::string>{fresh_name()};
      if (mentions(name, "var") || mentions(name, "temporar") || name == "names")
        return some_of(random, mentions(name, "temp") ? facts.temporaries : variables, 2);
      if (name == "tags") return std::vector<std::string>{one_of(random, kTags)};
      if (name == "parameters") return std::vector<std::string>{"n"};
      return some_of(random, inames, 2);
    case ParameterType::String:
      if (names_new) return fresh_name();
      if (mentions(name, "tag")) return one_of(random, kTags);
      if (mentions(name, "subst")) return one_of(random, facts.rules.empty() ? std::vector<std::string>{"sq"} : facts.rules);
      if (mentions(name, "iname") || name == "loop") return one_of(random, inames);
      if (mentions(name, "temporar")) return one_of(random, facts.temporaries);
      if (mentions(name, "var") || mentions(name, "array") || name == "lhs_name" || name == "variable")
        return one_of(random, variables);
      if (name == "scope") return one_of(random, {"local", "global"});
      return one_of(random, inames);
  }
  return std::monostate{};
}

TransformCall propose_generic(const std::string& name, const KernelFacts& facts, Random& random) {
  const TransformSpec* spec = transform_registry().find(name);
  TransformCall call{name, {}};
  for (const ParameterSpec& parameter : spec->parameters) {
    if (parameter.name == "unchecked") continue;
    if (!parameter.required && !chance(random, 0.35)) continue;
    // init/store expressions change what buffer_array computes unless they are the defaults.
    if (name == "buffer_array" && (parameter.name == "init_expression" || parameter.name == "store_expression"))
      continue;
    if (parameter.nullable && !parameter.required && chance(random, 0.2)) {
      call.arguments[parameter.name] = std::monostate{};
      continue;
    }
    call.arguments[parameter.name] = value_for(parameter, facts, random);
  }
  return call;
}

// Transforms needing inputs the generator cannot make sensibly (an isl map, new assumptions).
const std::set<std::string> kLeftOut = {"map_domain", "fix_parameters", "assume"};

}  // namespace

std::vector<TransformChoice> fuzzable_transforms() {
  std::vector<TransformChoice> choices;
  const TransformRegistry& registry = transform_registry();
  for (const std::string& name : registry.names()) {
    const TransformSpec* spec = registry.find(name);
    if (spec == nullptr || spec->changes_meaning || kLeftOut.count(name) != 0) continue;
    auto known = known_proposers().find(name);
    choices.push_back({name, known == known_proposers().end() ? 1 : known->second.weight});
  }
  return choices;
}

TransformCall propose_transform(const LoopKernel& kernel, const std::vector<TransformChoice>& choices,
                                Random& random) {
  KernelFacts facts = kernel_facts(kernel);
  // Draw until a transform has something to work on in this kernel (precompute needs a rule, a
  // reduction split a reduction over two inames); the generic ones always do.
  for (;;) {
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
    auto known = known_proposers().find(chosen->name);
    if (known == known_proposers().end()) return propose_generic(chosen->name, facts, random);
    if (Proposal call = known->second.propose(facts, random)) return *call;
  }
}

}  // namespace loom::fuzz
