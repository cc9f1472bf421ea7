// make_kernel: kernel text → LoopKernel (loopy's make_function, research/loopy-notes.md §4.1).
//
// Steps: parse domains and assumptions; parse instructions; declare arguments and temporaries;
// assign instruction ids; add the inames each instruction uses; check every name; resolve
// dependencies (explicit globs, then loopy's single-writer rule).
#include <algorithm>
#include <fnmatch.h>
#include <iterator>
#include <map>
#include <optional>
#include <set>

#include "analysis/preprocess.hpp"
#include "ir/functions.hpp"
#include "ir/instruction_names.hpp"
#include "ir/layout.hpp"
#include "ir/isl_kernel.hpp"
#include "lang/domain_parser.hpp"
#include "lang/expression_parser.hpp"
#include "lang/infer_shapes.hpp"
#include "lang/instruction_parser.hpp"
#include "loom/error.hpp"
#include "loom/kernel.hpp"
#include "loom/transforms.hpp"

namespace loom {

namespace {

std::vector<std::string> split_names(const std::string& names) {
  std::vector<std::string> result;
  std::string current;
  auto flush = [&] {
    auto first = current.find_first_not_of(" \t");
    auto last = current.find_last_not_of(" \t");
    if (first != std::string::npos) result.push_back(current.substr(first, last - first + 1));
    current.clear();
  };
  for (char c : names) {
    if (c == ',') flush();
    else current += c;
  }
  flush();
  return result;
}

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::vector<Domain> parse_domains(const IslContextPtr& context,
                                  const std::vector<std::string>& texts) {
  std::vector<Domain> domains;
  std::map<std::string, std::string> defining_domain;
  for (const std::string& text : texts) {
    Domain domain = lang::parse_domain(context, text);
    for (const std::string& iname : domain.inames) {
      auto [it, inserted] = defining_domain.emplace(iname, text);
      if (!inserted) {
        throw Error("domain '" + text + "' redefines iname '" + iname + "', already defined by '" +
                    it->second + "'");
      }
    }
    domains.push_back(std::move(domain));
  }
  return domains;
}

constexpr const char* kInferRemaining = "...";

bool wants_inference(const std::vector<KernelArgument>& declared) {
  return std::any_of(declared.begin(), declared.end(),
                     [](const KernelArgument& arg) { return arg.name == kInferRemaining; });
}

std::vector<KernelArgument> expand_arguments(const std::vector<KernelArgument>& declared) {
  std::vector<KernelArgument> args;
  for (const KernelArgument& declaration : declared) {
    if (declaration.name == kInferRemaining) continue;
    for (const std::string& name : split_names(declaration.name)) {
      KernelArgument arg = declaration;
      arg.name = name;
      args.push_back(arg);
    }
  }
  return args;
}

void check_unique_declarations(const LoopKernel& kernel) {
  std::set<std::string> seen;
  for (const KernelArgument& arg : kernel.args) {
    if (!seen.insert(arg.name).second) throw Error("argument '" + arg.name + "' is declared twice");
  }
  for (const Temporary& temporary : kernel.temporaries) {
    if (!seen.insert(temporary.name).second) {
      throw Error("temporary '" + temporary.name +
                  "' is declared twice (or clashes with an argument of the same name)");
    }
  }
  for (const std::string& iname : kernel.all_inames()) {
    if (seen.count(iname) != 0) {
      throw Error("'" + iname + "' is both an iname and an argument or temporary");
    }
  }
}

// Domain parameters nobody declared become value arguments (loopy's `...` does the same).
void add_parameter_arguments(LoopKernel& kernel) {
  std::vector<std::string> parameters = kernel.parameters();
  for (const KernelArgument& arg : kernel.args) {
    for (const ExprPtr& extent : arg.shape) {
      visit_expr(*extent, [&](const Expr& node) {
        if (node.kind == ExprKind::Variable && !contains(parameters, node.name)) parameters.push_back(node.name);
      });
    }
  }
  for (const std::string& parameter : parameters) {
    if (kernel.find_arg(parameter) != nullptr || kernel.find_temporary(parameter) != nullptr) continue;
    kernel.args.push_back(value_arg(parameter, kernel.options.index_dtype));
  }
}

void declare_temporaries(LoopKernel& kernel, const lang::ParsedInstructions& parsed) {
  for (const lang::TemporaryDeclaration& declaration : parsed.temporaries) {
    if (kernel.find_temporary(declaration.name) != nullptr) {
      throw ParseError("temporary '" + declaration.name + "' is declared twice",
                       declaration.source, declaration.column);
    }
    Temporary temporary;
    temporary.name = declaration.name;
    temporary.dtype = declaration.dtype;
    kernel.temporaries.push_back(temporary);
  }
}

void assign_instruction_ids(std::vector<lang::ParsedInstruction>& parsed) {
  std::set<std::string> used;
  for (const lang::ParsedInstruction& p : parsed) {
    if (p.instruction.id.empty()) continue;
    if (!used.insert(p.instruction.id).second) {
      throw ParseError("instruction id '" + p.instruction.id + "' is used twice",
                       p.instruction.source, 0);
    }
  }
  // Each prefix's search resumes at the suffix it last gave out: every smaller one was taken then and
  // `used` only grows, so the first free id is the same as a search from the start (issue 26: that
  // search was quadratic, 8% of test_long_kernel's 500 unnamed instructions).
  std::map<std::string, int> first_suffix_to_try;
  for (lang::ParsedInstruction& p : parsed) {
    if (!p.instruction.id.empty()) continue;
    std::string prefix = p.id_prefix.empty() ? "insn" : p.id_prefix;
    int& suffix = first_suffix_to_try[prefix];
    std::string id = suffix == 0 ? prefix : prefix + "_" + std::to_string(suffix - 1);
    while (used.count(id) != 0) id = prefix + "_" + std::to_string(suffix++);
    used.insert(id);
    p.instruction.id = id;
  }
}

// loopy's make_tuple: `a, b = make_tuple(x, y)` assigns each value to its assignee (test_tuple).
// It becomes one instruction per assignee: the first keeps the id, the others get <id>_1, ...,
// with the same options; an instruction that depends on the id depends on all of them.
void split_tuple_assignments(std::vector<lang::ParsedInstruction>& parsed) {
  std::set<std::string> used;
  for (const lang::ParsedInstruction& p : parsed) used.insert(p.instruction.id);
  std::vector<lang::ParsedInstruction> result;
  std::map<std::string, std::vector<std::string>> parts;
  for (const lang::ParsedInstruction& p : parsed) {
    const Instruction& instruction = p.instruction;
    const ExprPtr& value = instruction.expression;
    bool tuple = value && value->kind == ExprKind::Call && value->name == "make_tuple";
    if (!tuple) {
      result.push_back(p);
      continue;
    }
    if (value->operands.size() != instruction.assignees.size()) {
      throw ParseError("make_tuple has " + std::to_string(value->operands.size()) + " values for " +
                           std::to_string(instruction.assignees.size()) + " assignees",
                       instruction.source, value->column);
    }
    for (std::size_t k = 0; k < value->operands.size(); ++k) {
      lang::ParsedInstruction part = p;
      if (k > 0) {
        std::string id = instruction.id + "_" + std::to_string(k);
        for (int suffix = 0; used.count(id) != 0; ++suffix) id = instruction.id + "_" + std::to_string(k) + "_" + std::to_string(suffix);
        used.insert(id);
        part.instruction.id = id;
        parts[instruction.id].push_back(id);
      }
      part.instruction.assignees = {instruction.assignees[k]};
      part.instruction.expression = value->operands[k];
      result.push_back(part);
    }
  }
  for (lang::ParsedInstruction& p : result) {
    std::set<std::string> patterns = p.dep_patterns;
    for (const std::string& pattern : patterns) {
      auto found = parts.find(pattern);
      if (found != parts.end()) p.dep_patterns.insert(found->second.begin(), found->second.end());
    }
  }
  parsed = std::move(result);
}

// Names used as plain variables, outside the reductions that bind them.
void collect_free_variables(const Expr& expr, const std::set<std::string>& bound,
                            std::set<std::string>& out) {
  if (expr.kind == ExprKind::Variable) {
    if (bound.count(expr.name) == 0) out.insert(expr.name);
    return;
  }
  std::set<std::string> inner = bound;
  if (expr.kind == ExprKind::Reduction) inner.insert(expr.reduction_inames.begin(), expr.reduction_inames.end());
  for (const ExprPtr& operand : expr.operands) collect_free_variables(*operand, inner, out);
}

std::set<std::string> free_variables(const Instruction& instruction) {
  std::set<std::string> names;
  for (const ExprPtr& assignee : instruction.assignees) collect_free_variables(*assignee, {}, names);
  if (instruction.expression) collect_free_variables(*instruction.expression, {}, names);
  for (const ExprPtr& predicate : instruction.predicates) collect_free_variables(*predicate, {}, names);
  return names;
}

// loopy's domain-based propagation (find_all_insn_inames): an instruction in iname k whose domain
// names an outer iname i as a parameter ({[k]: k = i and ...}) runs in i too, transitively. Only
// for inferred inames: explicit ones are checked (checks.cpp) instead.
// `inames` is kernel.all_inames(), which the caller computes once (issue 26: once per instruction it
// was 6% of test_long_kernel's compile; the domains do not change while inames are added).
void add_inames_bounding_domains(const LoopKernel& kernel, const std::vector<std::string>& inames,
                                 Instruction& instruction) {
  for (bool added = true; added;) {
    added = false;
    for (const Domain& domain : kernel.domains) {
      bool used = std::any_of(domain.inames.begin(), domain.inames.end(),
                              [&](const std::string& iname) { return instruction.within_inames.count(iname) != 0; });
      if (!used) continue;
      for (const std::string& parameter : domain.parameters) {
        if (contains(inames, parameter) && instruction.within_inames.insert(parameter).second) added = true;
      }
    }
  }
}

// The inames an instruction's assignees are indexed by (part of loopy's write_dependency_names).
std::set<std::string> assignee_inames(const Instruction& instruction, const std::vector<std::string>& inames) {
  std::set<std::string> names, indexed;
  for (const ExprPtr& assignee : instruction.assignees) {
    for (const ExprPtr& index : assignee->operands) collect_free_variables(*index, {}, names);
  }
  for (const std::string& name : names) {
    if (contains(inames, name)) indexed.insert(name);
  }
  return indexed;
}

// loopy's dependency-based propagation (find_all_insn_inames, guess_iname_deps_based_on_var_use):
// an instruction without explicit inames that reads a variable runs in the inames every writer of
// that variable runs in, less those the writer indexes it by. `ym2 = ym1` after `<> ym1 = 0
// {inames=i}` and `ym1 = y1[i, j]` runs in i, as in loopy (which warns that the inference is
// deprecated); loom ran it once, outside every loop. To a fixed point, since the inferred inames
// of one instruction feed the next (z = f(i); y = g(z); x = h(y)).
bool add_inames_of_writers(const LoopKernel& kernel, Instruction& instruction, const std::vector<std::string>& inames) {
  bool added = false;
  const std::set<std::string> reduction_inames = reduction_inames_of(instruction);
  for (const std::string& variable : variables_read(instruction)) {
    // Temporaries only: loopy infers from written arguments too, so `out[m] = 2*c[m]` after
    // `c[i] = c[i] + a[i, k]` ran in k as well (and loopy 2025.2 then generated an empty kernel).
    if (kernel.find_temporary(variable) == nullptr) continue;
    std::optional<std::set<std::string>> common;
    for (const Instruction& writer : kernel.instructions) {
      if (!writes_name(writer, variable)) continue;
      std::set<std::string> implicit = writer.within_inames;
      for (const std::string& indexed : assignee_inames(writer, inames)) implicit.erase(indexed);
      if (!common) {
        common = implicit;
        continue;
      }
      std::set<std::string> both;
      std::set_intersection(common->begin(), common->end(), implicit.begin(), implicit.end(),
                            std::inserter(both, both.begin()));
      common = both;
    }
    if (!common) continue;
    for (const std::string& iname : *common) {
      if (reduction_inames.count(iname) != 0) continue;  // loopy subtracts the reader's reduction inames
      added = instruction.within_inames.insert(iname).second || added;
    }
  }
  return added;
}

void add_used_inames(LoopKernel& kernel, const std::vector<lang::ParsedInstruction>& parsed) {
  std::vector<std::string> inames = kernel.all_inames();
  for (std::size_t i = 0; i < parsed.size(); ++i) {
    Instruction& instruction = kernel.instructions[i];
    for (const std::string& iname : instruction.within_inames) {
      if (!contains(inames, iname)) {
        throw Error("instruction '" + instruction.id + "' (" + instruction.source +
                    ") is within iname '" + iname + "', but no domain defines it");
      }
    }
    if (parsed[i].inames_explicit) continue;
    for (const std::string& name : free_variables(instruction)) {
      if (contains(inames, name)) instruction.within_inames.insert(name);
    }
    add_inames_bounding_domains(kernel, inames, instruction);
  }
  for (bool added = true; added;) {
    added = false;
    for (std::size_t i = 0; i < parsed.size(); ++i) {
      if (parsed[i].inames_explicit || parsed[i].in_for_block) continue;
      Instruction& instruction = kernel.instructions[i];
      if (add_inames_of_writers(kernel, instruction, inames)) {
        add_inames_bounding_domains(kernel, inames, instruction);
        added = true;
      }
    }
  }
}

void collect_used_names(const Expr& expr, std::map<std::string, bool>& subscripted,
                        std::set<std::string>& bound) {
  if (expr.kind == ExprKind::Variable && bound.count(expr.name) == 0) subscripted.emplace(expr.name, false);
  if (expr.kind == ExprKind::Subscript) subscripted[expr.name] = true;
  std::size_t first = is_type_cast(expr) ? 1 : 0;  // cast(T, x): T is a type
  for (std::size_t k = first; k < expr.operands.size(); ++k) collect_used_names(*expr.operands[k], subscripted, bound);
}

// loopy's argument guesser: undeclared names become arguments, in order of first use.
void infer_arguments(LoopKernel& kernel) {
  std::vector<std::string> inames = kernel.all_inames();
  std::vector<std::string> order;
  std::map<std::string, bool> subscripted;
  std::set<std::string> written;
  for (const Instruction& instruction : kernel.instructions) {
    std::set<std::string> bound;
    std::map<std::string, bool> here;
    for (const ExprPtr& assignee : instruction.assignees) {
      written.insert(assignee->name);
      collect_used_names(*assignee, here, bound);
    }
    if (instruction.expression) collect_used_names(*instruction.expression, here, bound);
    for (const ExprPtr& predicate : instruction.predicates) collect_used_names(*predicate, here, bound);
    for (const auto& [name, is_subscripted] : here) {
      if (subscripted.count(name) == 0) order.push_back(name);
      subscripted[name] = subscripted[name] || is_subscripted;
    }
  }
  for (const std::string& name : order) {
    bool declared = kernel.find_arg(name) != nullptr || kernel.find_temporary(name) != nullptr ||
                    contains(inames, name) || kernel.substitutions.count(name) != 0 || find_math_function(name) != nullptr;
    if (declared) continue;
    KernelArgument arg;
    arg.name = name;
    if (subscripted[name] || written.count(name) != 0) {
      arg.kind = ArgKind::Array;
      arg.shape_is_auto = subscripted[name];
    } else {
      arg.kind = ArgKind::Value;
    }
    kernel.args.push_back(arg);
  }
}

class NameChecker {
 public:
  // `rule_parameters` is set when `instruction` stands for a substitution rule's body: inames
  // there are bound where the rule is used, so a reduction may use any iname the body does not
  // already reduce over (loopy's n-body `invdist := 1/sqrt(sum(k, ...))` over a domain iname k).
  NameChecker(const LoopKernel& kernel, const Instruction& instruction,
              std::optional<std::set<std::string>> rule_parameters = std::nullopt)
      : kernel_(kernel), instruction_(instruction), in_rule_(rule_parameters.has_value()),
        rule_parameters_(rule_parameters.value_or(std::set<std::string>{})), inames_(kernel.all_inames()) {}

  void check(const Expr& expr, std::set<std::string> bound_inames) {
    switch (expr.kind) {
      case ExprKind::Variable: check_variable(expr, bound_inames); return;
      case ExprKind::Subscript: check_array(expr); break;
      case ExprKind::Call: check_call(expr); break;
      case ExprKind::Reduction:
        for (const std::string& iname : expr.reduction_inames) {
          if (!contains(inames_, iname)) fail("reduction iname '" + iname + "' is defined by no domain" + two_value_hint(expr), expr);
          bool within = !in_rule_ && instruction_.within_inames.count(iname) != 0;
          if (bound_inames.count(iname) != 0 || within) {
            fail("reduction over '" + iname + "' inside a loop over '" + iname +
                     "': the instruction is already within that iname; use a different iname "
                     "(duplicate_inames) for the reduction" + two_value_hint(expr),
                 expr);
          }
          bound_inames.insert(iname);
        }
        break;
      default: break;
    }
    // cast(T, x): T names a type, not a variable.
    std::size_t first = is_type_cast(expr) ? 1 : 0;
    for (std::size_t k = first; k < expr.operands.size(); ++k) check(*expr.operands[k], bound_inames);
  }

 private:
  // loopy reads max(x, y) / min(x, y) as a reduction over the iname x, as loom does; users who
  // meant the larger of two values get the function that computes it.
  std::string two_value_hint(const Expr& reduction) const {
    const std::string& op = reduction.name;
    if ((op != "max" && op != "min") || reduction.reduction_inames.size() != 1) return "";
    const std::string& name = reduction.reduction_inames.front();
    bool a_variable = kernel_.find_arg(name) != nullptr || kernel_.find_temporary(name) != nullptr;
    std::string which = a_variable ? " ('" + name + "' is a variable, not an iname)" : "";
    return which + "; for the " + (op == "max" ? "larger" : "smaller") + " of two values write f" + op + "(x, y)";
  }

  [[noreturn]] void fail(const std::string& reason, const Expr& at) const {
    throw ParseError("in instruction '" + instruction_.id + "': " + reason, instruction_.source,
                     at.column);
  }

  void check_variable(const Expr& expr, const std::set<std::string>& bound) const {
    const std::string& name = expr.name;
    if (bound.count(name) != 0 || rule_parameters_.count(name) != 0) return;
    if (contains(inames_, name)) {
      if (instruction_.within_inames.count(name) == 0) {
        fail("iname '" + name + "' is used but the instruction is not within it", expr);
      }
      return;
    }
    if (kernel_.find_temporary(name) != nullptr) return;
    if (kernel_.substitutions.count(name) != 0) return;
    if (const KernelArgument* arg = kernel_.find_arg(name)) {
      if (arg->is_array()) fail("array '" + name + "' is used without a subscript", expr);
      return;
    }
    fail("unknown name '" + name +
             "': it is not an argument, temporary, iname or parameter (declare it as an argument)",
         expr);
  }

  void check_array(const Expr& expr) const {
    const std::string& name = expr.name;
    if (kernel_.find_temporary(name) != nullptr) return;
    const KernelArgument* arg = kernel_.find_arg(name);
    if (arg == nullptr) {
      fail("array '" + name + "' is not declared: add it to the kernel's arguments "
           "(or declare a temporary with '<> " + name + "[...] = ...')",
           expr);
    }
    if (!arg->is_array()) fail("value argument '" + name + "' is used with a subscript", expr);
    if (!arg->shape_is_auto && arg->shape.size() != expr.operands.size()) {
      fail("array '" + name + "' has " + std::to_string(arg->shape.size()) + " axes but is indexed with " +
               std::to_string(expr.operands.size()),
           expr);
    }
  }

  void check_call(const Expr& expr) const {
    if (auto rule = kernel_.substitutions.find(expr.name); rule != kernel_.substitutions.end()) {
      if (rule->second.parameters.size() != expr.operands.size()) {
        fail("substitution rule '" + expr.name + "' takes " + std::to_string(rule->second.parameters.size()) +
                 " arguments, got " + std::to_string(expr.operands.size()),
             expr);
      }
      return;
    }
    if (is_type_cast(expr)) {
      if (!type_cast_target(expr)) fail("cast takes a type and a value, cast(int64, x)", expr);
      return;
    }
    const MathFunction* function = find_math_function(expr.name);
    if (function == nullptr) {
      fail("unknown function '" + expr.name + "' (known: cast, " + math_function_names() + ")", expr);
    }
    if (static_cast<std::size_t>(function->arity) != expr.operands.size()) {
      fail("function '" + expr.name + "' takes " + std::to_string(function->arity) + " arguments, got " +
               std::to_string(expr.operands.size()),
           expr);
    }
  }

  const LoopKernel& kernel_;
  const Instruction& instruction_;
  bool in_rule_;
  std::set<std::string> rule_parameters_;
  std::vector<std::string> inames_;
};

// loopy's shape guess for an array of shape auto that no instruction or rule subscripts
// (`a = 1.5 + sum(...)` with GlobalArg("a", shape=lp.auto), test_arg_shape_guessing): shape ().
void guess_unsubscripted_auto_shapes(LoopKernel& kernel) {
  std::map<std::string, bool> subscripted;
  for (const Instruction& instruction : kernel.instructions) {
    std::set<std::string> bound;
    for (const ExprPtr& assignee : instruction.assignees) collect_used_names(*assignee, subscripted, bound);
    if (instruction.expression) collect_used_names(*instruction.expression, subscripted, bound);
    for (const ExprPtr& predicate : instruction.predicates) collect_used_names(*predicate, subscripted, bound);
  }
  for (const auto& [name, rule] : kernel.substitutions) {
    std::set<std::string> bound(rule.parameters.begin(), rule.parameters.end());
    collect_used_names(*rule.expression, subscripted, bound);
  }
  for (KernelArgument& arg : kernel.args) {
    auto use = subscripted.find(arg.name);
    if (arg.is_array() && arg.shape_is_auto && use != subscripted.end() && !use->second) arg.shape_is_auto = false;
  }
}

// Why `a[[e]]` is not element e of a's storage indexed as a[e] ("" when it is): a has one axis
// of stride 1 (declared, or inferred from this one index).
std::string linear_subscript_problem(const LoopKernel& kernel, const std::string& name) {
  std::vector<ExprPtr> shape, strides;
  bool auto_shape = false;
  if (const KernelArgument* arg = kernel.find_arg(name)) {
    if (!arg->is_array()) return "'" + name + "' is a value, not an array";
    auto_shape = arg->shape_is_auto;
    shape = arg->shape;
    if (!auto_shape && shape.size() == 1) strides = array_strides(*arg);
  } else if (const Temporary* temporary = kernel.find_temporary(name)) {
    auto_shape = temporary->shape.empty();
    shape = temporary->shape;
    if (!auto_shape && shape.size() == 1) strides = array_strides(*temporary);
  } else {
    return "";  // undeclared: check_names says so
  }
  if (auto_shape) return "";
  if (shape.size() != 1) {
    return "'" + name + "' has " + std::to_string(shape.size()) +
           " axes; loom indexes arrays by axis, so write one index per axis, a[i, j]";
  }
  if (strides.size() == 1 && !(strides[0]->kind == ExprKind::IntLiteral && strides[0]->int_value == 1)) {
    return "the axis of '" + name + "' has stride " + to_string(strides[0]) + ", so a[[e]] and a[e] differ";
  }
  return "";
}

// loopy's linear subscripts `a[[e]]` (marked by the parser, kLinearSubscriptMarker) become a[e]
// where that is the same element, and are refused elsewhere.
void resolve_linear_subscripts(LoopKernel& kernel) {
  auto resolve = [&](const ExprPtr& root, const std::string& where) {
    return map_expr(root, [&](const ExprPtr& node) -> ExprPtr {
      bool linear = node->kind == ExprKind::Subscript && node->operands.size() == 1 &&
                    node->operands[0]->kind == ExprKind::Call && node->operands[0]->name == lang::kLinearSubscriptMarker;
      if (!linear) return node;
      if (std::string problem = linear_subscript_problem(kernel, node->name); !problem.empty()) {
        throw Error(where + ": linear subscript '" + node->name + "[[...]]' is not supported here: " + problem);
      }
      Expr plain = *node;
      plain.operands = {node->operands[0]->operands[0]};
      return std::make_shared<const Expr>(std::move(plain));
    });
  };
  for (Instruction& instruction : kernel.instructions) {
    std::string where = "instruction '" + instruction.id + "'";
    for (ExprPtr& assignee : instruction.assignees) assignee = resolve(assignee, where);
    if (instruction.expression) instruction.expression = resolve(instruction.expression, where);
    for (ExprPtr& predicate : instruction.predicates) predicate = resolve(predicate, where);
  }
  for (auto& [name, rule] : kernel.substitutions) rule.expression = resolve(rule.expression, "substitution rule '" + name + "'");
}

// An array argument of shape () is written without a subscript (loopy: `max_val = ...` for
// GlobalArg("max_val", shape=())); it becomes an access with no indices, element 0.
void subscript_scalar_arrays(LoopKernel& kernel) {
  std::set<std::string> scalar_arrays;
  for (const KernelArgument& arg : kernel.args) {
    if (arg.is_array() && !arg.shape_is_auto && arg.shape.empty()) scalar_arrays.insert(arg.name);
  }
  if (scalar_arrays.empty()) return;
  auto rewrite = [&](const ExprPtr& root, const std::set<std::string>& shadowed) {
    return map_expr(root, [&](const ExprPtr& node) -> ExprPtr {
      bool scalar_array = node->kind == ExprKind::Variable && scalar_arrays.count(node->name) != 0 &&
                          shadowed.count(node->name) == 0;
      return scalar_array ? subscript(node->name, {}) : node;
    });
  };
  for (Instruction& instruction : kernel.instructions) {
    for (ExprPtr& assignee : instruction.assignees) assignee = rewrite(assignee, {});
    if (instruction.expression) instruction.expression = rewrite(instruction.expression, {});
    for (ExprPtr& predicate : instruction.predicates) predicate = rewrite(predicate, {});
  }
  for (auto& [name, rule] : kernel.substitutions) {
    rule.expression = rewrite(rule.expression, {rule.parameters.begin(), rule.parameters.end()});
  }
}

// Python's min(a, b, c) and max(...) of more than two values (C users' fmin/fmax too) become
// nested two-value calls: min(min(a, b), c). loopy refuses them ("invalid invocation of
// reduction"); the meaning is not in doubt, and every target has the two-value function.
void fold_variadic_extrema(LoopKernel& kernel) {
  auto fold = [](const ExprPtr& root) {
    return map_expr(root, [](const ExprPtr& node) -> ExprPtr {
      bool extremum = node->name == "min" || node->name == "max" || node->name == "fmin" || node->name == "fmax";
      if (node->kind != ExprKind::Call || !extremum || node->operands.size() <= 2) return node;
      // Copies of the node keep its column for later messages.
      auto pair = [&](ExprPtr first, ExprPtr second) {
        auto copy = std::make_shared<Expr>(*node);
        copy->operands = {std::move(first), std::move(second)};
        return ExprPtr(copy);
      };
      ExprPtr folded = pair(node->operands[0], node->operands[1]);
      for (std::size_t k = 2; k < node->operands.size(); ++k) folded = pair(folded, node->operands[k]);
      return folded;
    });
  };
  for (Instruction& instruction : kernel.instructions) {
    if (instruction.expression) instruction.expression = fold(instruction.expression);
    for (ExprPtr& assignee : instruction.assignees) assignee = fold(assignee);
    for (ExprPtr& predicate : instruction.predicates) predicate = fold(predicate);
  }
  for (auto& [name, rule] : kernel.substitutions) rule.expression = fold(rule.expression);
}

// A reduction inside a rule over an iname the invoking instruction already runs in.
void refuse_rule_reductions_over_own_inames(const LoopKernel& kernel, const Instruction& instruction) {
  if (kernel.substitutions.empty() || !instruction.expression) return;
  ExprPtr expanded;
  try {
    expanded = expand_substitutions(instruction.expression, kernel);
  } catch (const Error&) {
    return;  // a recursive rule: refused where it is expanded, naming the transform
  }
  visit_expr(*expanded, [&](const Expr& node) {
    if (node.kind != ExprKind::Reduction) return;
    for (const std::string& iname : node.reduction_inames) {
      if (instruction.within_inames.count(iname) == 0) continue;
      throw Error("in instruction '" + instruction.id + "' (" + instruction.source +
                  "): a substitution rule it invokes reduces over '" + iname + "' inside the instruction's loop over '" +
                  iname + "'; use a different iname (duplicate_inames) for the reduction");
    }
  });
}

// An assignee must be storage: an iname is a loop index the domains define (a write to it in
// generated code would change the loop's trip count, e.g. loop forever), and a value argument is
// a read-only input (the generated code declares it const).
void refuse_writes_to_inames_and_values(const LoopKernel& kernel, const Instruction& instruction,
                                        const std::vector<std::string>& inames) {
  for (const ExprPtr& assignee : instruction.assignees) {
    const std::string where = "instruction '" + instruction.id + "' (" + instruction.source + ") assigns to '" + assignee->name + "', ";
    if (contains(inames, assignee->name)) {
      throw Error(where + "which is an iname (a loop index defined by the domains); inames cannot be written: assign to a temporary instead");
    }
    const KernelArgument* arg = kernel.find_arg(assignee->name);
    if (arg != nullptr && !arg->is_array()) {
      throw Error(where + "which is a value argument (a read-only input); assign to a temporary, or declare '" +
                  assignee->name + "' as an array");
    }
  }
}

void check_names(const LoopKernel& kernel) {
  const std::vector<std::string> inames = kernel.all_inames();
  for (const Instruction& instruction : kernel.instructions) {
    refuse_writes_to_inames_and_values(kernel, instruction, inames);
    NameChecker checker(kernel, instruction);
    for (const ExprPtr& assignee : instruction.assignees) checker.check(*assignee, {});
    if (instruction.expression) checker.check(*instruction.expression, {});
    refuse_rule_reductions_over_own_inames(kernel, instruction);
    for (const ExprPtr& predicate : instruction.predicates) checker.check(*predicate, {});
  }
  for (const auto& [name, rule] : kernel.substitutions) {
    Instruction context;
    context.id = "rule " + name;
    context.source = name + " := " + to_string(rule.expression);
    std::set<std::string> parameters(rule.parameters.begin(), rule.parameters.end());
    // Inames inside a rule are bound where it is used; accept any iname here.
    std::vector<std::string> inames = kernel.all_inames();
    context.within_inames.insert(inames.begin(), inames.end());
    NameChecker(kernel, context, parameters).check(*rule.expression, {});
  }
}

std::set<std::string> written_variables(const Instruction& instruction) {
  std::set<std::string> names;
  for (const ExprPtr& assignee : instruction.assignees) names.insert(assignee->name);
  return names;
}

void resolve_dependencies(LoopKernel& kernel, const std::vector<lang::ParsedInstruction>& parsed) {
  for (std::size_t i = 0; i < parsed.size(); ++i) {
    Instruction& instruction = kernel.instructions[i];
    for (const std::string& pattern : parsed[i].dep_patterns) {
      // loopy accepts an instruction naming itself (users write `dep=p1` on a recurrence p1 to
      // say "in loop order"). Its instances are ordered by its own loops, and the legality
      // checks work from its accesses, so the self-dependence adds nothing: drop it.
      if (pattern == instruction.id) continue;
      bool matched = false;
      for (const Instruction& other : kernel.instructions) {
        if (other.id != instruction.id && fnmatch(pattern.c_str(), other.id.c_str(), 0) == 0) {
          instruction.depends_on.insert(other.id);
          matched = true;
        }
      }
      if (!matched) {
        const bool only_itself = fnmatch(pattern.c_str(), instruction.id.c_str(), 0) == 0;
        throw Error("instruction '" + instruction.id + "' depends on '" + pattern + "', which " +
                    (only_itself ? "matches no instruction id but its own"
                                 : "matches no instruction id"));
      }
    }
  }
  if (kernel.options.seq_dependencies) {
    for (std::size_t i = 1; i < kernel.instructions.size(); ++i) {
      kernel.instructions[i].depends_on.insert(kernel.instructions[i - 1].id);
    }
  }
  // Single-writer rule: a variable with exactly one writer is read after it is written.
  std::map<std::string, std::vector<std::string>> writers;
  for (const Instruction& instruction : kernel.instructions) {
    for (const std::string& name : written_variables(instruction)) writers[name].push_back(instruction.id);
  }
  for (std::size_t i = 0; i < parsed.size(); ++i) {
    if (parsed[i].dep_exhaustive) continue;
    Instruction& instruction = kernel.instructions[i];
    for (const std::string& name : variables_read(instruction)) {
      auto found = writers.find(name);
      if (found == writers.end() || found->second.size() != 1) continue;
      if (found->second.front() != instruction.id) instruction.depends_on.insert(found->second.front());
    }
  }
}

}  // namespace

KernelArgument array_arg(const std::string& names, DType dtype, std::vector<std::string> shape,
                         ArrayOrder order) {
  KernelArgument arg;
  arg.name = names;
  arg.kind = ArgKind::Array;
  arg.dtype = dtype;
  arg.order = order;
  for (const std::string& extent : shape) {
    if (extent == "auto") {
      arg.shape_is_auto = true;
      continue;
    }
    arg.shape.push_back(lang::parse_expression(extent));
  }
  return arg;
}

KernelArgument infer_remaining_args() {
  KernelArgument marker;
  marker.name = kInferRemaining;
  return marker;
}

KernelArgument value_arg(const std::string& name, DType dtype) {
  KernelArgument arg;
  arg.name = name;
  arg.kind = ArgKind::Value;
  arg.dtype = dtype;
  return arg;
}

// loopy's `dup=` option (kernel/creation.py): once the instruction's inames are known, it gets its
// own copy of each named iname (duplicate_inames within its id). The kernel being made has no
// earlier meaning to keep, so no legality check.
LoopKernel duplicate_inames_of_instructions(LoopKernel kernel, const std::vector<lang::ParsedInstruction>& parsed) {
  for (const lang::ParsedInstruction& p : parsed) {
    for (const auto& [old_iname, new_iname] : p.inames_to_dup) {
      const Instruction* instruction = kernel.find_instruction(p.instruction.id);
      if (instruction == nullptr) continue;
      if (instruction->within_inames.count(old_iname) == 0 && reduction_inames_of(*instruction).count(old_iname) == 0) {
        throw Error("instruction '" + p.instruction.id + "' (" + p.instruction.source + "): dup=" + old_iname +
                    ": the instruction does not run in iname '" + old_iname + "'");
      }
      DuplicateOptions options;
      options.within = "id:" + p.instruction.id;
      if (!new_iname.empty()) options.new_inames = {new_iname};
      options.unchecked = true;
      kernel = duplicate_inames(kernel, {old_iname}, options);
    }
  }
  return kernel;
}

LoopKernel make_kernel(const std::vector<std::string>& domains, const std::string& instructions,
                       const std::vector<KernelArgument>& args, const MakeKernelOptions& options) {
  LoopKernel kernel;
  kernel.name = options.name;
  kernel.options = options.options;
  auto context = std::make_shared<IslContext>();
  kernel.domains = parse_domains(context, domains);
  kernel.assumptions = lang::parse_assumptions(context, options.assumptions);
  kernel.assumptions_text = options.assumptions;

  lang::ParsedInstructions parsed = lang::parse_instructions(instructions);
  assign_instruction_ids(parsed.instructions);
  split_tuple_assignments(parsed.instructions);
  for (const lang::ParsedInstruction& p : parsed.instructions) kernel.instructions.push_back(p.instruction);
  for (const SubstitutionRule& rule : parsed.rules) {
    if (!kernel.substitutions.emplace(rule.name, rule).second) {
      throw Error("substitution rule '" + rule.name + "' is defined twice");
    }
  }
  kernel.args = expand_arguments(args);
  for (const KernelArgument& arg : kernel.args) {
    if (arg.is_array() && !arg.shape_is_auto) validate_dim_tags(arg);
  }
  kernel.temporaries = options.temporaries;
  declare_temporaries(kernel, parsed);
  check_unique_declarations(kernel);
  add_parameter_arguments(kernel);
  // No arguments at all means loopy's default kernel_data, ["..."]: infer every argument.
  if (args.empty() || wants_inference(args)) infer_arguments(kernel);
  add_used_inames(kernel, parsed.instructions);
  guess_unsubscripted_auto_shapes(kernel);
  subscript_scalar_arrays(kernel);
  resolve_linear_subscripts(kernel);
  fold_variadic_extrema(kernel);
  check_names(kernel);
  lang::infer_shapes(kernel);
  resolve_dependencies(kernel, parsed.instructions);
  return duplicate_inames_of_instructions(kernel, parsed.instructions);
}

}  // namespace loom
