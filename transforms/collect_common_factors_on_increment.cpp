// collect_common_factors_on_increment (loopy's transform/arithmetic.py): takes the factors that
// every increment of an accumulator shares out of the increments and applies them once, where the
// accumulator is read.
//
//   <> acc = 0 {id=init}     acc = acc + alpha[i]*a[i,j]*b1[j]     acc = acc + alpha[i]*a[j,i]*b2[j]
//   out[i] = acc
// collect_common_factors_on_increment("acc") →
//   <> acc = 0 {id=init}     acc = acc + a[i,j]*b1[j]              acc = acc + a[j,i]*b2[j]
//   out[i] = alpha[i]*acc
//
// The writers of `var_name` must be zero assignments and increments `var = var + t1 + t2 + ...`
// whose terms do not read it; a factor is common when every term of every increment has it (as
// the same expression; loopy's vary_by_axes, which matches factors that differ with the
// accumulator's index, is not offered). Factoring a sum is exact in real arithmetic; in floating
// point the result differs by rounding only.
//
// loopy checks nothing more. loom moves a factor only where its value at each read equals its
// value at every increment that read sums up: the factor reads nothing the kernel writes and uses
// only inames that every writer and reader of the accumulator runs in, a zero assignment starts
// the sum in each iteration of those inames, and every reader and increment is ordered after it
// (so no read sees increments of another iteration, where the factor may differ).
//
// Refuses: an unknown temporary (arguments are not accumulators here), a writer of another form,
// a term that reads the accumulator, vary_by_axes, no common factor (loopy's "no common factors
// found"), and a common factor that fails the conditions above (named, with the reason).
#include <algorithm>

#include "analysis/checks.hpp"
#include "ir/instruction_names.hpp"
#include "loom/data_transforms.hpp"
#include "loom/error.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "collect_common_factors_on_increment";

void flatten(const ExprPtr& expr, BinaryOp op, std::vector<ExprPtr>& parts) {
  if (expr->kind == ExprKind::Binary && expr->binary_op == op) {
    flatten(expr->operands[0], op, parts);
    flatten(expr->operands[1], op, parts);
  } else {
    parts.push_back(expr);
  }
}

bool mentions(const Expr& expr, const std::string& name) {
  bool found = false;
  visit_expr(expr, [&](const Expr& node) { found = found || node.name == name; });
  return found;
}

bool is_zero(const ExprPtr& expr) {
  return (expr->kind == ExprKind::IntLiteral && expr->int_value == 0) ||
         (expr->kind == ExprKind::FloatLiteral && expr->float_value == 0);
}

bool is_accumulator(const ExprPtr& expr, const std::string& var_name) {
  return (expr->kind == ExprKind::Variable || expr->kind == ExprKind::Subscript) && expr->name == var_name;
}

struct Increment {
  std::size_t index;
  ExprPtr accumulator;              // the `var` term, as written
  std::vector<ExprPtr> terms;       // the others
};

struct Writers {
  std::vector<std::size_t> zeros;
  std::vector<Increment> increments;
};

Writers classify_writers(const LoopKernel& kernel, const std::string& var_name) {
  Writers writers;
  for (std::size_t k = 0; k < kernel.instructions.size(); ++k) {
    const Instruction& instruction = kernel.instructions[k];
    if (!writes_name(instruction, var_name)) continue;
    std::string where = kTransform + std::string(": instruction '") + instruction.id + "'";
    if (instruction.kind != InstructionKind::Assignment || instruction.assignees.size() != 1 || !instruction.expression)
      throw Error(where + " modifies '" + var_name + "' other than by a single assignment");
    if (is_zero(instruction.expression)) {
      writers.zeros.push_back(k);
      continue;
    }
    std::vector<ExprPtr> parts;
    flatten(instruction.expression, BinaryOp::Add, parts);
    Increment increment{k, nullptr, {}};
    for (const ExprPtr& part : parts) {
      if (!increment.accumulator && structurally_equal(*part, *instruction.assignees.front())) {
        increment.accumulator = part;
      } else if (mentions(*part, var_name)) {
        throw Error(where + ": unexpected dependency on '" + var_name + "' in the term " + to_string(part) +
                    "; an increment must be " + var_name + " = " + var_name + " + <terms that do not read it>");
      } else {
        increment.terms.push_back(part);
      }
    }
    if (!increment.accumulator)
      throw Error(where + " assigns '" + var_name + "' without adding to it; only zero assignments and increments are allowed");
    writers.increments.push_back(increment);
  }
  return writers;
}

std::vector<ExprPtr> factors_of(const ExprPtr& term) {
  std::vector<ExprPtr> factors;
  flatten(term, BinaryOp::Multiply, factors);
  return factors;
}

bool has_factor(const ExprPtr& term, const ExprPtr& factor) {
  std::vector<ExprPtr> factors = factors_of(term);
  return std::any_of(factors.begin(), factors.end(), [&](const ExprPtr& f) { return structurally_equal(*f, *factor); });
}

std::vector<ExprPtr> common_factors(const Writers& writers) {
  std::vector<ExprPtr> common;
  bool first = true;
  for (const Increment& increment : writers.increments) {
    for (const ExprPtr& term : increment.terms) {
      if (first) {
        for (const ExprPtr& factor : factors_of(term)) {
          bool seen = std::any_of(common.begin(), common.end(), [&](const ExprPtr& c) { return structurally_equal(*c, *factor); });
          if (!seen) common.push_back(factor);
        }
        first = false;
      } else {
        std::erase_if(common, [&](const ExprPtr& factor) { return !has_factor(term, factor); });
      }
    }
  }
  // A constant factor of 1 carries nothing.
  std::erase_if(common, [](const ExprPtr& factor) { return factor->kind == ExprKind::IntLiteral && factor->int_value == 1; });
  return common;
}

// Why moving `factor` from the increments to the reads could change a value, or "".
std::string unmovable(const LoopKernel& kernel, const std::string& var_name, const ExprPtr& factor,
                      const Writers& writers, const std::vector<std::size_t>& readers) {
  std::vector<std::string> inames = kernel.all_inames();
  std::set<std::string> factor_inames;
  std::string written;
  visit_expr(*factor, [&](const Expr& node) {
    if (node.kind != ExprKind::Variable && node.kind != ExprKind::Subscript) return;
    if (std::find(inames.begin(), inames.end(), node.name) != inames.end()) factor_inames.insert(node.name);
    for (const Instruction& instruction : kernel.instructions)
      if (writes_name(instruction, node.name)) written = node.name;
  });
  if (!written.empty()) return "it reads '" + written + "', which the kernel writes";
  if (writers.zeros.empty()) return "no zero assignment starts the sum of '" + var_name + "'";
  std::vector<std::size_t> all = readers;
  for (const Increment& increment : writers.increments) all.push_back(increment.index);
  all.insert(all.end(), writers.zeros.begin(), writers.zeros.end());
  for (std::size_t k : all) {
    const Instruction& instruction = kernel.instructions[k];
    for (const std::string& iname : factor_inames) {
      if (instruction.within_inames.count(iname) == 0)
        return "it varies with iname '" + iname + "', in which instruction '" + instruction.id + "' does not run";
    }
  }
  for (std::size_t k : all) {
    const Instruction& instruction = kernel.instructions[k];
    if (std::find(writers.zeros.begin(), writers.zeros.end(), k) != writers.zeros.end()) continue;
    bool after_a_zero = std::any_of(writers.zeros.begin(), writers.zeros.end(), [&](std::size_t zero) {
      return depends_transitively(kernel, instruction.id, kernel.instructions[zero].id);
    });
    if (!after_a_zero)
      return "instruction '" + instruction.id + "' is not ordered after the zero assignment of '" + var_name +
             "', so it could see a sum from another iteration";
  }
  return "";
}

ExprPtr product(const std::vector<ExprPtr>& factors) {
  ExprPtr result;
  for (const ExprPtr& factor : factors) result = result ? binary(BinaryOp::Multiply, result, factor) : factor;
  return result ? result : int_literal(1);
}

ExprPtr without(const ExprPtr& term, const std::vector<ExprPtr>& common) {
  std::vector<ExprPtr> kept;
  for (const ExprPtr& factor : factors_of(term)) {
    bool is_common = std::any_of(common.begin(), common.end(), [&](const ExprPtr& c) { return structurally_equal(*c, *factor); });
    if (!is_common) kept.push_back(factor);
  }
  return product(kept);
}

}  // namespace

LoopKernel collect_common_factors_on_increment(const LoopKernel& kernel, const std::string& var_name,
                                               const std::vector<std::string>& vary_by_axes, bool unchecked) {
  TransformCall call{kTransform, {{"var_name", var_name}}};
  if (!vary_by_axes.empty()) call.arguments["vary_by_axes"] = vary_by_axes;
  if (unchecked) call.arguments["unchecked"] = true;
  // Step 1: checks.
  if (kernel.find_temporary(var_name) == nullptr) {
    std::string what = kernel.find_arg(var_name) != nullptr ? "an argument; only a temporary accumulator is supported"
                                                            : "not a temporary of the kernel";
    throw Error(std::string(kTransform) + ": '" + var_name + "' is " + what);
  }
  if (!vary_by_axes.empty()) {
    throw Error(std::string(kTransform) + ": vary_by_axes is not supported; only factors that are the same expression "
                "in every increment are collected");
  }
  if (!kernel.substitutions.empty()) {
    throw Error(std::string(kTransform) + ": the kernel has substitution rules; expand them first (expand_subst)");
  }
  Writers writers = classify_writers(kernel, var_name);
  std::vector<ExprPtr> common = common_factors(writers);
  if (common.empty()) throw Error(std::string(kTransform) + ": no common factors found in the increments of '" + var_name + "'");
  std::vector<std::size_t> readers;
  for (std::size_t k = 0; k < kernel.instructions.size(); ++k) {
    if (!writes_name(kernel.instructions[k], var_name) && variables_read(kernel.instructions[k]).count(var_name) != 0)
      readers.push_back(k);
  }
  for (const ExprPtr& factor : common) {
    std::string reason = unmovable(kernel, var_name, factor, writers, readers);
    if (!reason.empty())
      throw Error(std::string(kTransform) + ": cannot move the common factor " + to_string(factor) + " of '" + var_name +
                  "' to its reads: " + reason);
  }
  // Step 2: the increments lose the factors; the reads gain them.
  LoopKernel result = kernel;
  for (const Increment& increment : writers.increments) {
    Instruction& instruction = result.instructions[increment.index];
    ExprPtr sum = increment.accumulator;
    for (const ExprPtr& term : increment.terms) sum = binary(BinaryOp::Add, sum, without(term, common));
    instruction.expression = sum;
  }
  ExprPtr scale = product(common);
  for (std::size_t k : readers) {
    Instruction& instruction = result.instructions[k];
    instruction.expression = map_expr(instruction.expression, [&](const ExprPtr& node) -> ExprPtr {
      return is_accumulator(node, var_name) ? binary(BinaryOp::Multiply, scale, node) : node;
    });
  }
  return finish_transform(kernel, std::move(result), call, std::nullopt, unchecked, CheckScope::All);
}

LOOM_REGISTER_TRANSFORM(collect_common_factors_on_increment) {
  registry.add({kTransform,
                "move the factors every increment of an accumulator shares to where it is read",
                {{"var_name", ParameterType::String, true},
                 {"vary_by_axes", ParameterType::InameList, false, false, std::vector<std::string>{}}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return collect_common_factors_on_increment(kernel, args.string("var_name"), args.names("vary_by_axes"),
                                                             args.unchecked());
                }});
}

}  // namespace loom
