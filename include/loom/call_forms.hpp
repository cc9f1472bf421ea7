// loopy's call shapes in C++ (issue 28): what loopy takes positionally is positional here too, and
// every transform also takes its options as keywords in any order. Both forms lead to the same
// transforms as the typed calls of transforms.hpp, which stay as they are.
//
//   loopy:  knl = lp.add_prefetch(knl, "a", ["i_inner", "k_inner"], default_tag="l.auto")
//   loom:   knl = add_prefetch(knl, "a", {"i_inner", "k_inner"}, {.default_tag = "l.auto"});
//   or:     knl = apply(knl, "add_prefetch", {{"default_tag", "l.auto"}, {"var_name", "a"},
//                                             {"sweep_inames", {"i_inner", "k_inner"}}});
//
// The keyword form goes through the transform registry, so its parameters, types and defaults are
// exactly those of JSON specs and `loom transforms` (docs/transforms.md); C++ designated
// initializers, by contrast, must follow the options struct's declaration order.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "loom/check.hpp"
#include "loom/transforms.hpp"

namespace loom {

// ---- positional arguments --------------------------------------------------------------------

// A list of names as loopy takes it: {"i_inner", "k_inner"}, a std::vector, or one comma string
// "i_inner, k_inner". It cannot be made from `{}`, so `add_prefetch(knl, "a", {})` still means
// the options struct.
class Names {
 public:
  Names(const std::vector<std::string>& names) : names_(names) {}
  template <typename... Texts>
    requires(sizeof...(Texts) >= 1 && (std::is_constructible_v<std::string, const Texts&> && ...))
  Names(const Texts&... texts) : names_(split_commas({std::string(texts)...})) {}

  const std::vector<std::string>& list() const { return names_; }

 private:
  static std::vector<std::string> split_commas(const std::vector<std::string>& texts);
  std::vector<std::string> names_;
};

// One name or expression given positionally; like Names, not constructible from `{}`.
class Text {
 public:
  template <typename T>
    requires std::is_constructible_v<std::string, const T&>
  Text(const T& text) : text_(text) {}

  const std::string& str() const { return text_; }

 private:
  std::string text_;
};

// loopy: add_prefetch(knl, var_name, sweep_inames, ...). Sweep inames given both here and in
// `options` are refused.
LoopKernel add_prefetch(const LoopKernel& kernel, const std::string& var_name, const Names& sweep_inames,
                        const PrefetchOptions& options = {});

// loopy: precompute(knl, subst_use, sweep_inames, within, ...).
LoopKernel precompute(const LoopKernel& kernel, const std::string& subst_use, const Names& sweep_inames,
                      const PrecomputeOptions& options = {});
LoopKernel precompute(const LoopKernel& kernel, const std::string& subst_use, const Names& sweep_inames,
                      const Text& within, const PrecomputeOptions& options = {});

// loopy: duplicate_inames(knl, inames, within, ...).
LoopKernel duplicate_inames(const LoopKernel& kernel, const Names& inames, const Text& within,
                            const DuplicateOptions& options = {});

// loopy: join_inames(knl, inames, new_iname, ...).
LoopKernel join_inames(const LoopKernel& kernel, const Names& inames, const Text& new_iname,
                       const JoinOptions& options = {});

// loopy: split_reduction_inward/outward(knl, inames, within), make_reduction_inames_unique(knl,
// inames, within), reduction_arg_to_subst_rule(knl, inames, subst_rule_name, ...).
LoopKernel split_reduction_inward(const LoopKernel& kernel, const Names& inames, const Text& within);
LoopKernel split_reduction_outward(const LoopKernel& kernel, const Names& inames, const Text& within);
LoopKernel make_reduction_inames_unique(const LoopKernel& kernel, const Names& inames, const Text& within);
LoopKernel reduction_arg_to_subst_rule(const LoopKernel& kernel, const Names& inames, const Text& subst_rule_name,
                                       const ReductionArgOptions& options = {});

// loopy's comma strings where loom takes a list of names: extract_subst(knl, "u_acc", "u[j]", "j"),
// add_inames_to_insn(knl, "j", "id:bump"), set_temporary_address_space(knl, "t1, t2", ...).
// The parameter is `const char*`, which a braced list of two or more names cannot become, so
// {"i", "j"} still picks the list overload, and {"i"} or {} mean the same through either.
LoopKernel extract_subst(const LoopKernel& kernel, const std::string& subst_name, const std::string& template_expression,
                         const char* parameters, const SubstitutionOptions& options = {});
LoopKernel untag_inames(const LoopKernel& kernel, const char* inames, bool unchecked = false);
LoopKernel remove_unused_inames(const LoopKernel& kernel, const char* inames);
LoopKernel add_inames_to_insn(const LoopKernel& kernel, const char* inames, const std::string& insn_match,
                              bool unchecked = false);
LoopKernel remove_inames_from_insn(const LoopKernel& kernel, const char* inames, const std::string& insn_match,
                                   bool unchecked = false);
LoopKernel privatize_temporaries_with_inames(const LoopKernel& kernel, const char* privatizing_inames,
                                             const std::optional<std::vector<std::string>>& only_var_names = std::nullopt,
                                             bool unchecked = false);
LoopKernel set_temporary_address_space(const LoopKernel& kernel, const char* temp_var_names, AddressSpace address_space,
                                       bool unchecked = false);

// check_against_reference on `target` (the natural guess; the same as options.target = target).
CheckResult check_against_reference(const LoopKernel& kernel, const LoopKernel& reference,
                                    const ParameterMap& parameters, Target target,
                                    const CheckOptions& options = {});

// ---- keyword arguments -----------------------------------------------------------------------

// A keyword argument's value, written like JSON: nullptr (loopy's None), true, 16, "l.auto",
// {"i_inner", "k_inner"}, {0, 1}, and a tag map either as "i:l.0, j:g.0" or {{"i", "l.0"}} (a
// list of [key, value] pairs is an object, as in nlohmann::json).
class KeywordValue {
 public:
  KeywordValue(std::nullptr_t) {}
  KeywordValue(bool value) : value_(value) {}
  template <std::integral T>
    requires(!std::same_as<T, bool>)
  KeywordValue(T value) : value_(static_cast<int64_t>(value)) {}
  // No parameter takes a floating-point value; kept so that the refusal names the parameter.
  KeywordValue(double value) : value_(value) {}
  KeywordValue(const char* text) : value_(std::string(text)) {}
  KeywordValue(std::string text) : value_(std::move(text)) {}
  KeywordValue(const std::vector<std::string>& list);
  KeywordValue(const std::map<std::string, std::string>& map);
  KeywordValue(std::initializer_list<KeywordValue> list) : value_(std::vector<KeywordValue>(list)) {}

  using List = std::vector<KeywordValue>;
  using Value = std::variant<std::monostate, bool, int64_t, double, std::string, List>;
  const Value& value() const { return value_; }

 private:
  Value value_;
};

using Keywords = std::vector<std::pair<std::string, KeywordValue>>;

// Applies the registered transform `transform` with keyword arguments in any order (loopy's
// keyword form): apply(knl, "split_iname", {{"iname", "i"}, {"inner_length", 16},
// {"outer_tag", "g.0"}}). An unknown transform or parameter, a missing required one, one given
// twice and a value of the wrong type are loom::Errors naming the transform and the parameter.
LoopKernel apply(const LoopKernel& kernel, const std::string& transform, const Keywords& keywords);

}  // namespace loom
