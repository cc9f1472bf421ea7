// loopy's call shapes (include/loom/call_forms.hpp): the positional overloads fill the options
// struct and call the typed transform; the keyword form builds a TransformCall and applies it
// through the registry, whose schema checks every argument. Keyword values become JSON first and
// then transform arguments by the same rule that JSON specs use (spec/spec_support.hpp), so the
// C++ keyword form and the spec file accept exactly the same values.
#include "loom/call_forms.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "loom/error.hpp"
#include "loom/spec.hpp"
#include "spec/spec_support.hpp"
#include "transforms/registry.hpp"

namespace loom {

std::vector<std::string> Names::split_commas(const std::vector<std::string>& texts) {
  std::vector<std::string> names;
  for (const std::string& text : texts) {
    for (std::string& name : parse_name_list(text)) names.push_back(std::move(name));
  }
  return names;
}

namespace {

void refuse_both(const char* transform, const char* parameter) {
  throw Error(std::string(transform) + ": '" + parameter +
              "' given both positionally and in the options; give it once");
}

std::optional<std::string> as_optional(const Text& text) { return text.str(); }

}  // namespace

LoopKernel add_prefetch(const LoopKernel& kernel, const std::string& var_name, const Names& sweep_inames,
                        const PrefetchOptions& options) {
  if (!options.sweep_inames.empty()) refuse_both("add_prefetch", "sweep_inames");
  PrefetchOptions all = options;
  all.sweep_inames = sweep_inames.list();
  return add_prefetch(kernel, var_name, all);
}

LoopKernel precompute(const LoopKernel& kernel, const std::string& subst_use, const Names& sweep_inames,
                      const PrecomputeOptions& options) {
  if (!options.sweep_inames.empty()) refuse_both("precompute", "sweep_inames");
  PrecomputeOptions all = options;
  all.sweep_inames = sweep_inames.list();
  return precompute(kernel, subst_use, all);
}

LoopKernel precompute(const LoopKernel& kernel, const std::string& subst_use, const Names& sweep_inames,
                      const Text& within, const PrecomputeOptions& options) {
  if (options.within) refuse_both("precompute", "within");
  PrecomputeOptions all = options;
  all.within = as_optional(within);
  return precompute(kernel, subst_use, sweep_inames, all);
}

LoopKernel duplicate_inames(const LoopKernel& kernel, const Names& inames, const Text& within,
                            const DuplicateOptions& options) {
  if (options.within) refuse_both("duplicate_inames", "within");
  DuplicateOptions all = options;
  all.within = as_optional(within);
  return duplicate_inames(kernel, inames.list(), all);
}

LoopKernel join_inames(const LoopKernel& kernel, const Names& inames, const Text& new_iname,
                       const JoinOptions& options) {
  if (options.new_iname) refuse_both("join_inames", "new_iname");
  JoinOptions all = options;
  all.new_iname = as_optional(new_iname);
  return join_inames(kernel, inames.list(), all);
}

LoopKernel split_reduction_inward(const LoopKernel& kernel, const Names& inames, const Text& within) {
  return split_reduction_inward(kernel, inames.list(), SubstitutionOptions{.within = within.str()});
}

LoopKernel split_reduction_outward(const LoopKernel& kernel, const Names& inames, const Text& within) {
  return split_reduction_outward(kernel, inames.list(), SubstitutionOptions{.within = within.str()});
}

LoopKernel make_reduction_inames_unique(const LoopKernel& kernel, const Names& inames, const Text& within) {
  return make_reduction_inames_unique(kernel, inames.list(), SubstitutionOptions{.within = within.str()});
}

LoopKernel reduction_arg_to_subst_rule(const LoopKernel& kernel, const Names& inames, const Text& subst_rule_name,
                                       const ReductionArgOptions& options) {
  if (options.subst_rule_name) refuse_both("reduction_arg_to_subst_rule", "subst_rule_name");
  ReductionArgOptions all = options;
  all.subst_rule_name = as_optional(subst_rule_name);
  return reduction_arg_to_subst_rule(kernel, inames.list(), all);
}

namespace {

// A comma string as a list of names; `{}` passed for one arrives as a null pointer: no names.
std::vector<std::string> names_in(const char* text) { return text == nullptr ? std::vector<std::string>{} : parse_name_list(text); }

}  // namespace

LoopKernel extract_subst(const LoopKernel& kernel, const std::string& subst_name, const std::string& template_expression,
                         const char* parameters, const SubstitutionOptions& options) {
  return extract_subst(kernel, subst_name, template_expression, names_in(parameters), options);
}

LoopKernel untag_inames(const LoopKernel& kernel, const char* inames, bool unchecked) {
  return untag_inames(kernel, names_in(inames), unchecked);
}

LoopKernel remove_unused_inames(const LoopKernel& kernel, const char* inames) {
  return remove_unused_inames(kernel, names_in(inames));
}

LoopKernel add_inames_to_insn(const LoopKernel& kernel, const char* inames, const std::string& insn_match,
                              bool unchecked) {
  return add_inames_to_insn(kernel, names_in(inames), insn_match, unchecked);
}

LoopKernel remove_inames_from_insn(const LoopKernel& kernel, const char* inames, const std::string& insn_match,
                                   bool unchecked) {
  return remove_inames_from_insn(kernel, names_in(inames), insn_match, unchecked);
}

LoopKernel privatize_temporaries_with_inames(const LoopKernel& kernel, const char* privatizing_inames,
                                             const std::optional<std::vector<std::string>>& only_var_names,
                                             bool unchecked) {
  return privatize_temporaries_with_inames(kernel, names_in(privatizing_inames), only_var_names, unchecked);
}

LoopKernel set_temporary_address_space(const LoopKernel& kernel, const char* temp_var_names, AddressSpace address_space,
                                       bool unchecked) {
  return set_temporary_address_space(kernel, names_in(temp_var_names), address_space, unchecked);
}

CheckResult check_against_reference(const LoopKernel& kernel, const LoopKernel& reference,
                                    const ParameterMap& parameters, Target target, const CheckOptions& options) {
  CheckOptions on_target = options;
  on_target.target = target;
  return check_against_reference(kernel, reference, parameters, on_target);
}

// ---- keyword arguments -----------------------------------------------------------------------

KeywordValue::KeywordValue(const std::vector<std::string>& list) {
  List items;
  for (const std::string& item : list) items.emplace_back(item);
  value_ = std::move(items);
}

KeywordValue::KeywordValue(const std::map<std::string, std::string>& map) {
  List pairs;
  for (const auto& [key, item] : map) pairs.push_back(KeywordValue{key, item});
  value_ = std::move(pairs);
}

namespace {

bool is_key_value_pair(const KeywordValue& item) {
  const auto* pair = std::get_if<KeywordValue::List>(&item.value());
  return pair != nullptr && pair->size() == 2 && std::holds_alternative<std::string>((*pair)[0].value());
}

nlohmann::json to_json(const KeywordValue& keyword) {
  struct Converter {
    nlohmann::json operator()(std::monostate) const { return nullptr; }
    nlohmann::json operator()(bool b) const { return b; }
    nlohmann::json operator()(int64_t i) const { return i; }
    nlohmann::json operator()(double d) const { return d; }
    nlohmann::json operator()(const std::string& s) const { return s; }
    nlohmann::json operator()(const KeywordValue::List& list) const {
      // {{"i", "l.0"}, {"j", "g.0"}} is an object, as nlohmann::json reads such a list.
      if (!list.empty() && std::all_of(list.begin(), list.end(), is_key_value_pair)) {
        nlohmann::json object = nlohmann::json::object();
        for (const KeywordValue& item : list) {
          const auto& pair = std::get<KeywordValue::List>(item.value());
          object[std::get<std::string>(pair[0].value())] = to_json(pair[1]);
        }
        return object;
      }
      nlohmann::json array = nlohmann::json::array();
      for (const KeywordValue& item : list) array.push_back(to_json(item));
      return array;
    }
  };
  return std::visit(Converter{}, keyword.value());
}

}  // namespace

LoopKernel apply(const LoopKernel& kernel, const std::string& transform, const Keywords& keywords) {
  TransformCall call{transform, {}};
  for (const auto& [name, value] : keywords) {
    if (call.arguments.count(name) != 0) throw Error(transform + ": parameter '" + name + "' given twice");
    try {
      call.arguments[name] = transform_value(to_json(value), transform + ": parameter '" + name + "'");
    } catch (const SpecError& error) {
      // The spec's wording without the JSON-pointer framing: "<transform>: parameter 'x': reason".
      throw Error(error.what());
    }
  }
  return apply_transform(kernel, call);
}

}  // namespace loom
