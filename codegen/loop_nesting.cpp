#include "codegen/loop_nesting.hpp"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>

#include "loom/error.hpp"
#include "ir/instruction_names.hpp"

namespace loom::codegen {

namespace {

// Where a constraint comes from. The message text is built only when a cycle is reported
// (reason_text): building it for every constraint was ~7% of sgemm_tuned_strip's compile, the
// nesting order being asked many times per transform by the checks (issue 26).
enum class ConstraintReason { DomainBound, Priority, ReductionNests, IlpUnrollsInside, SharedLoop, Copy };

// "`outer` nests outside `inner`", and where that comes from (for messages).
struct Constraint {
  std::string outer;
  std::string inner;
  ConstraintReason reason;
  bool from_domain;  // the domain of `inner` is bounded by `outer` (a copy of `inner` keeps it)
  const std::vector<std::string>* priority = nullptr;  // ConstraintReason::Priority: the kernel's priority
};

struct InstructionInames {
  std::string id;
  std::set<std::string> inames;
};

// What the nesting order depends on, so that a duplication can be tried on it without building
// a kernel.
struct NestingProblem {
  std::vector<std::string> inames;  // the domain strings' order
  std::vector<Constraint> constraints;
  std::vector<InstructionInames> instructions;
  // Preferences kept where the constraints allow them: a reduction's loops nest inside the loops
  // of its instruction (and of the reductions around it), as loopy's scheduler nests them (the
  // accumulator is initialized before the reduction's loop, inside the instruction's own).
  std::vector<Constraint> reduction_preferences;
  // Loops shared the way loopy's scheduler shares them (add_shared_loop_preferences).
  std::vector<Constraint> shared_loop_preferences;
};

std::string joined(const std::vector<std::string>& names, const std::string& separator) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : separator) + name;
  return text;
}

std::string reason_text(const Constraint& constraint) {
  switch (constraint.reason) {
    case ConstraintReason::DomainBound:
      return "the domain of '" + constraint.inner + "' is bounded by '" + constraint.outer + "'";
    case ConstraintReason::Priority:
      return "prioritize_loops(\"" + joined(*constraint.priority, ", ") + "\")";
    case ConstraintReason::ReductionNests:
      return "a reduction nests inside its loops";
    case ConstraintReason::IlpUnrollsInside:
      return "ilp copies unroll inside a reduction's loops";
    case ConstraintReason::SharedLoop:
      return "an instruction within '" + constraint.outer + "' but not '" + constraint.inner +
             "' shares a variable with one within both";
    case ConstraintReason::Copy:
      return "";
  }
  return "";
}

// An ilp iname is the exception (issue 23 class 12): loopy unrolls ilp copies in place, inside
// every loop of the instruction, so a register tile's reduction runs one loop whose body updates
// all copies (acc[0..15] for a 4x4 tile), not one loop per copy. The copies' accumulators are
// privatized along the ilp iname either way. Not where the reduction's bounds are values of the
// kernel (a temporary, privatized per ilp copy, like CSR rows' lengths; or another iname): the
// loop's extent then differs per copy, so each copy keeps its own loop.
bool bounded_by_arguments_only(const LoopKernel& kernel, const std::string& iname) {
  const Domain* domain = kernel.domain_of_iname(iname);
  if (domain == nullptr) return false;
  return std::none_of(domain->parameters.begin(), domain->parameters.end(), [&](const std::string& parameter) {
    return kernel.find_temporary(parameter) != nullptr || kernel.domain_of_iname(parameter) != nullptr;
  });
}

void add_reduction_preferences(const LoopKernel& kernel, const Expr& expr, const std::set<std::string>& around,
                               NestingProblem& problem) {
  if (expr.kind != ExprKind::Reduction) {
    for (const ExprPtr& operand : expr.operands) add_reduction_preferences(kernel, *operand, around, problem);
    return;
  }
  for (const std::string& reduction_iname : expr.reduction_inames) {
    for (const std::string& iname : around) {
      if (iname == reduction_iname) continue;
      if (kernel.tag_of(iname).kind == InameTag::Kind::Ilp && bounded_by_arguments_only(kernel, reduction_iname))
        problem.reduction_preferences.push_back({reduction_iname, iname, ConstraintReason::IlpUnrollsInside, false});
      else
        problem.reduction_preferences.push_back({iname, reduction_iname, ConstraintReason::ReductionNests, false});
    }
  }
  std::set<std::string> inside = around;
  inside.insert(expr.reduction_inames.begin(), expr.reduction_inames.end());
  for (const ExprPtr& operand : expr.operands) add_reduction_preferences(kernel, *operand, inside, problem);
}

// The inames whose loops an instruction runs in once its reductions are realized: a reduction's
// update runs inside its reduction inames, so a priority between a reduction iname and an iname of
// the instruction orders real loops (and decides whether the accumulator needs a copy per value
// of the inner one), even before realization.
std::set<std::string> loop_inames_once_realized(const Instruction& instruction) {
  std::set<std::string> inames = instruction.within_inames;
  std::set<std::string> reduced = reduction_inames_of(instruction);
  inames.insert(reduced.begin(), reduced.end());
  return inames;
}

// The variables an instruction writes and those it reads, gathered once per instruction: the
// pairs below asked them of each instruction once per other instruction (issue 26: the expression
// walks were most of the nesting order's time on specs of many instructions).
struct VariablesUsed {
  std::set<std::string> written, read;
};

// Whether one of the two writes a variable the other reads or writes.
bool share_a_written_variable(const VariablesUsed& a, const VariablesUsed& b) {
  for (const std::string& name : a.written) {
    if (b.written.count(name) != 0 || b.read.count(name) != 0) return true;
  }
  for (const std::string& name : b.written) {
    if (a.read.count(name) != 0) return true;
  }
  return false;
}

// Above this many instructions the pairs are found through the variables (below).
constexpr std::size_t kPairsTestedDirectlyUpTo = 64;

// Each variable's writers and readers, by instruction position (ascending).
struct VariableUsers {
  std::map<std::string, std::vector<std::size_t>> writers, readers;
};

VariableUsers variable_users(const std::vector<VariablesUsed>& used) {
  VariableUsers users;
  for (std::size_t i = 0; i < used.size(); ++i) {
    for (const std::string& name : used[i].written) users.writers[name].push_back(i);
    for (const std::string& name : used[i].read) users.readers[name].push_back(i);
  }
  return users;
}

// The instructions other than `a` that share a written variable with it (share_a_written_variable),
// found through each variable's writers and readers, ascending: testing every pair was quadratic
// in the instructions (issue 26: half of test_long_kernel's nesting order, 500 instructions that
// share nothing).
std::vector<std::size_t> sharing_a_written_variable(const std::vector<VariablesUsed>& used, const VariableUsers& users,
                                                    std::size_t a) {
  std::vector<std::size_t> others;
  auto add = [&](const std::map<std::string, std::vector<std::size_t>>& by_name, const std::string& name) {
    auto found = by_name.find(name);
    if (found != by_name.end()) others.insert(others.end(), found->second.begin(), found->second.end());
  };
  for (const std::string& name : used[a].written) {
    add(users.writers, name);
    add(users.readers, name);
  }
  for (const std::string& name : used[a].read) add(users.writers, name);
  std::sort(others.begin(), others.end());
  others.erase(std::unique(others.begin(), others.end()), others.end());
  others.erase(std::remove(others.begin(), others.end(), a), others.end());
  return others;
}

// loopy's scheduler enters the loops of the first instruction that needs them and keeps them open
// for the instructions that follow, so `<> acc = 0 {inames=j}`, `acc = acc + a[i,j]`,
// `out[j] = acc` over `{[i,j]: ...}` run as `for j { acc = 0; for i ...; out[j] = acc; }`,
// whatever the domain's order. Nesting by the domain's order put i outside j and gave the j-only
// instructions loops of their own, so acc carried one value across every j: another kernel than
// loopy's. So: an instruction within x but not y that shares a written variable with one within
// both makes x nest outside y. Only a preference (priorities and bounded domains win), and a pair
// wanted both ways keeps the domain order.
// The pairs are kept as a matrix over the inames' names in sorted order (an instruction's
// inames as their ranks), and emitted in that order: the order the std::set of name pairs this
// replaced gave (issue 26: its string comparisons were most of the nesting order's time).
void add_shared_loop_preferences(const LoopKernel& kernel, NestingProblem& problem) {
  std::vector<VariablesUsed> used;
  for (const Instruction& instruction : kernel.instructions) {
    VariablesUsed variables{{}, variables_read(instruction)};
    for (const ExprPtr& assignee : instruction.assignees) variables.written.insert(assignee->name);
    used.push_back(std::move(variables));
  }
  std::vector<std::string> names;  // every iname some instruction runs in, sorted
  for (const InstructionInames& instruction : problem.instructions) {
    names.insert(names.end(), instruction.inames.begin(), instruction.inames.end());
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  auto rank = [&](const std::string& name) {
    return static_cast<std::size_t>(std::lower_bound(names.begin(), names.end(), name) - names.begin());
  };
  const std::size_t n = names.size();
  std::vector<std::vector<char>> within(problem.instructions.size(), std::vector<char>(n, 0));
  std::vector<std::vector<std::size_t>> ranks(problem.instructions.size());  // ascending, as the sets iterate
  for (std::size_t i = 0; i < problem.instructions.size(); ++i) {
    for (const std::string& iname : problem.instructions[i].inames) {
      std::size_t r = rank(iname);
      within[i][r] = 1;
      ranks[i].push_back(r);
    }
  }
  std::vector<char> wanted(n * n, 0);
  auto add_pair = [&](std::vector<char>& into, std::size_t a, std::size_t b) {
    for (std::size_t outer : ranks[a]) {
      if (!within[b][outer]) continue;
      for (std::size_t inner : ranks[b]) {
        if (!within[a][inner]) into[outer * n + inner] = 1;
      }
    }
  };
  auto test_every_pair = [&](std::vector<char>& into) {
    for (std::size_t a = 0; a < kernel.instructions.size(); ++a) {
      for (std::size_t b = 0; b < kernel.instructions.size(); ++b) {
        if (a != b && share_a_written_variable(used[a], used[b])) add_pair(into, a, b);
      }
    }
  };
  // Few instructions: testing every pair costs less than indexing the variables (bf16_gemm's
  // nesting problems took 20% more instructions through the index).
  if (kernel.instructions.size() <= kPairsTestedDirectlyUpTo) {
    test_every_pair(wanted);
  } else {
    const VariableUsers users = variable_users(used);
    for (std::size_t a = 0; a < kernel.instructions.size(); ++a) {
      for (std::size_t b : sharing_a_written_variable(used, users, a)) add_pair(wanted, a, b);
    }
  }
  if (kernel.instructions.size() > kPairsTestedDirectlyUpTo && std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr) {
    std::vector<char> every_pair(n * n, 0);
    test_every_pair(every_pair);
    if (every_pair != wanted) {
      throw InternalError("add_shared_loop_preferences: the pairs found by variable differ from every pair's test");
    }
  }
  for (std::size_t outer = 0; outer < n; ++outer) {
    for (std::size_t inner = 0; inner < n; ++inner) {
      if (!wanted[outer * n + inner] || wanted[inner * n + outer]) continue;
      problem.shared_loop_preferences.push_back({names[outer], names[inner], ConstraintReason::SharedLoop, false});
    }
  }
}

NestingProblem nesting_problem(const LoopKernel& kernel) {
  NestingProblem problem;
  problem.inames = kernel.all_inames();
  for (const Domain& domain : kernel.domains) {
    for (const std::string& parameter : domain.parameters) {
      if (kernel.domain_of_iname(parameter) == nullptr) continue;
      for (const std::string& iname : domain.inames) {
        problem.constraints.push_back({parameter, iname, ConstraintReason::DomainBound, true});
      }
    }
  }
  for (const std::vector<std::string>& priority : kernel.loop_priorities) {
    for (std::size_t a = 0; a < priority.size(); ++a) {
      for (std::size_t b = a + 1; b < priority.size(); ++b)
        problem.constraints.push_back({priority[a], priority[b], ConstraintReason::Priority, false, &priority});
    }
  }
  for (const Instruction& instruction : kernel.instructions) {
    problem.instructions.push_back({instruction.id, loop_inames_once_realized(instruction)});
    if (instruction.expression) add_reduction_preferences(kernel, *instruction.expression, instruction.within_inames, problem);
  }
  add_shared_loop_preferences(kernel, problem);
  return problem;
}

std::vector<std::string> instructions_within(const NestingProblem& problem,
                                             const Constraint& constraint) {
  std::vector<std::string> ids;
  for (const InstructionInames& instruction : problem.instructions) {
    if (instruction.inames.count(constraint.outer) != 0 &&
        instruction.inames.count(constraint.inner) != 0) {
      ids.push_back(instruction.id);
    }
  }
  return ids;
}

// A constraint between two inames no instruction runs within together orders no loops.
std::vector<Constraint> needed_constraints(const NestingProblem& problem) {
  std::vector<Constraint> needed;
  for (const Constraint& constraint : problem.constraints) {
    if (!instructions_within(problem, constraint).empty()) needed.push_back(constraint);
  }
  return needed;
}

// Stable topological order of the inames (ties keep the domain strings' order); nullopt when
// the constraints have a cycle. Each step places the first iname (in `inames`' order) none of whose
// constraints' outer inames (known, other than itself) is still unplaced: kept as a set of ready
// positions and a count of unplaced outer inames per iname, so each constraint is visited once
// (issue 26: the search over every iname and constraint per step was a quarter of
// sgemm_tuned_strip's compile, through the checks' linearizations). Same order as that search.
// The constraints come as up to three lists (nullptr: none), taken together without a copy.
std::optional<std::vector<std::string>> stable_topological_order(
    const std::vector<std::string>& inames,
    std::initializer_list<const std::vector<Constraint>*> constraint_lists) {
  std::map<std::string, std::size_t> position;
  for (std::size_t i = 0; i < inames.size(); ++i) {
    if (!position.emplace(inames[i], i).second) return std::nullopt;  // a repeated iname is never placed twice
  }
  std::vector<std::size_t> waiting_for(inames.size(), 0);      // constraints whose outer is unplaced
  std::vector<std::vector<std::size_t>> inner_of(inames.size());  // outer's position -> inner positions
  for (const std::vector<Constraint>* constraints : constraint_lists) {
    if (constraints == nullptr) continue;
    for (const Constraint& c : *constraints) {
      if (c.inner == c.outer) continue;
      auto inner = position.find(c.inner), outer = position.find(c.outer);
      if (inner == position.end() || outer == position.end()) continue;
      ++waiting_for[inner->second];
      inner_of[outer->second].push_back(inner->second);
    }
  }
  std::set<std::size_t> ready;
  for (std::size_t i = 0; i < inames.size(); ++i) {
    if (waiting_for[i] == 0) ready.insert(i);
  }
  std::vector<std::string> order;
  order.reserve(inames.size());
  while (!ready.empty()) {
    std::size_t next = *ready.begin();
    ready.erase(ready.begin());
    order.push_back(inames[next]);
    for (std::size_t inner : inner_of[next]) {
      if (--waiting_for[inner] == 0) ready.insert(inner);
    }
  }
  if (order.size() < inames.size()) return std::nullopt;
  return order;
}

// One cycle of the constraints (each one's inner is the next one's outer); empty when none.
std::vector<Constraint> find_cycle(const std::vector<Constraint>& constraints) {
  std::map<std::string, int> state;  // 1: on the path, 2: finished
  std::vector<const Constraint*> path;
  std::vector<Constraint> cycle;
  std::function<bool(const std::string&)> visit = [&](const std::string& iname) {
    state[iname] = 1;
    for (const Constraint& constraint : constraints) {
      if (constraint.outer != iname || constraint.inner == iname) continue;
      path.push_back(&constraint);
      if (state[constraint.inner] == 1) {
        auto start = std::find_if(path.begin(), path.end(), [&](const Constraint* c) {
          return c->outer == constraint.inner;
        });
        for (auto it = start; it != path.end(); ++it) cycle.push_back(**it);
        return true;
      }
      if (state[constraint.inner] == 0 && visit(constraint.inner)) return true;
      path.pop_back();
    }
    state[iname] = 2;
    return false;
  };
  for (const Constraint& constraint : constraints) {
    if (state[constraint.outer] == 0 && visit(constraint.outer)) break;
  }
  return cycle;
}

// The problem after duplicate_inames(iname, within=ids): those instructions run within a copy
// that keeps the bounds of `iname`'s domain but none of its priorities. nullopt when one of them
// is within a domain bounded by `iname` (the copy would leave that domain without its bound).
std::optional<NestingProblem> with_duplicate(const NestingProblem& problem,
                                             const std::string& iname,
                                             const std::set<std::string>& ids) {
  std::string copy = iname + "'";
  NestingProblem result = problem;
  result.inames.insert(std::find(result.inames.begin(), result.inames.end(), iname) + 1, copy);
  for (InstructionInames& instruction : result.instructions) {
    if (ids.count(instruction.id) == 0) continue;
    for (const Constraint& constraint : problem.constraints) {
      if (constraint.from_domain && constraint.outer == iname &&
          instruction.inames.count(constraint.inner) != 0) {
        return std::nullopt;
      }
    }
    instruction.inames.erase(iname);
    instruction.inames.insert(copy);
  }
  for (const Constraint& constraint : problem.constraints) {
    if (constraint.from_domain && constraint.inner == iname)
      result.constraints.push_back({constraint.outer, copy, ConstraintReason::Copy, true});
  }
  return result;
}

bool realizable(const NestingProblem& problem) {
  std::vector<Constraint> needed = needed_constraints(problem);
  return stable_topological_order(problem.inames, {&needed}).has_value();
}

InameDuplicationOption option(const std::string& iname, const std::vector<std::string>& ids) {
  std::vector<std::string> matches;
  for (const std::string& id : ids) matches.push_back("id:" + id);
  return {iname, ids,
          "duplicate_inames(\"" + iname + "\", within=\"" + joined(matches, " or ") + "\")"};
}

// loopy's candidates, restricted to what stays readable: for each iname of the cycle, one of the
// instructions within it, or all of them but one; only those that leave no cycle.
std::vector<InameDuplicationOption> options_breaking(const NestingProblem& problem,
                                                     const std::vector<Constraint>& cycle) {
  std::vector<InameDuplicationOption> options;
  std::set<std::string> tried;
  for (const Constraint& step : cycle) {
    const std::string& iname = step.outer;
    if (!tried.insert(iname).second) continue;
    std::vector<std::string> users;
    for (const InstructionInames& instruction : problem.instructions) {
      if (instruction.inames.count(iname) != 0) users.push_back(instruction.id);
    }
    std::vector<std::vector<std::string>> candidates;
    for (const std::string& user : users) candidates.push_back({user});
    for (const std::string& left_out : users) {
      if (users.size() <= 2) break;
      std::vector<std::string> others;
      for (const std::string& user : users) {
        if (user != left_out) others.push_back(user);
      }
      candidates.push_back(others);
    }
    for (const std::vector<std::string>& ids : candidates) {
      if (ids.size() == users.size()) continue;  // duplicating for every user renames the iname
      std::optional<NestingProblem> after =
          with_duplicate(problem, iname, {ids.begin(), ids.end()});
      if (after && realizable(*after)) options.push_back(option(iname, ids));
    }
  }
  return options;
}

std::string describe(const NestingProblem& problem, const Constraint& constraint) {
  std::vector<std::string> ids = instructions_within(problem, constraint);
  for (std::string& id : ids) id = "'" + id + "'";
  return "'" + constraint.outer + "' outside '" + constraint.inner + "' (" + reason_text(constraint) +
         "; instruction" + (ids.size() == 1 ? " " : "s ") + joined(ids, ", ") + " within both)";
}

// The instructions within every iname of the cycle: no duplication can help them.
std::vector<std::string> within_whole_cycle(const NestingProblem& problem,
                                            const std::vector<Constraint>& cycle) {
  std::vector<std::string> ids;
  for (const InstructionInames& instruction : problem.instructions) {
    bool all = std::all_of(cycle.begin(), cycle.end(), [&](const Constraint& c) {
      return instruction.inames.count(c.outer) != 0;
    });
    if (all) ids.push_back("'" + instruction.id + "'");
  }
  return ids;
}

[[noreturn]] void refuse_unschedulable(const NestingProblem& problem,
                                       const std::vector<Constraint>& cycle) {
  std::vector<std::string> steps;
  for (const Constraint& constraint : cycle) steps.push_back(describe(problem, constraint));
  std::string message =
      "no loop nesting satisfies the kernel's instructions: " + joined(steps, ", ") +
      " form a cycle. ";
  std::vector<InameDuplicationOption> options = options_breaking(problem, cycle);
  if (options.empty()) {
    std::vector<std::string> stuck = within_whole_cycle(problem, cycle);
    message +=
        stuck.empty()
            ? "No single duplicate_inames call breaks it; remove one of these constraints"
            : "Instruction" + std::string(stuck.size() == 1 ? " " : "s ") + joined(stuck, ", ") +
                  " run" + (stuck.size() == 1 ? "s" : "") +
                  " within every iname of the cycle, so duplicating an iname cannot break it; "
                  "remove one of these constraints";
    throw Error(message);
  }
  message +=
      "Each of these gives some instructions their own copy of an iname and breaks the cycle "
      "(order the "
      "copy with prioritize_loops where it matters):";
  for (const InameDuplicationOption& option : options) message += "\n  " + option.call;
  throw Error(message);
}

// iname_nesting_order of the kernel `problem` was built from.
std::vector<std::string> nesting_order_of(const NestingProblem& problem) {
  // The reductions' preferences where they fit the constraints; where they do not (a priority
  // moves a reduction loop outward), the accumulator gets a copy per iname inside it.
  // (Against every constraint: before realization no instruction is within its reduction
  // inames, so "needed" would drop the priorities that move a reduction loop outward.)
  // The shared loops' preferences likewise, dropped where they contradict the rest.
  auto with = [&](bool reductions, bool shared) {
    return stable_topological_order(problem.inames,
                                    {&problem.constraints, reductions ? &problem.reduction_preferences : nullptr,
                                     shared ? &problem.shared_loop_preferences : nullptr});
  };
  const bool reductions = !problem.reduction_preferences.empty(), shared = !problem.shared_loop_preferences.empty();
  if (reductions && shared) {
    if (auto order = with(true, true)) return *order;
  }
  if (reductions) {
    if (auto order = with(true, false)) return *order;
  }
  if (shared) {
    if (auto order = with(false, true)) return *order;
  }
  // Every constraint first: the order loom has always produced where it exists.
  if (auto order = stable_topological_order(problem.inames, {&problem.constraints})) return *order;
  std::vector<Constraint> needed = needed_constraints(problem);  // only here: most kernels never need it
  if (auto order = stable_topological_order(problem.inames, {&needed})) return *order;
  refuse_unschedulable(problem, find_cycle(needed));
}

}  // namespace

std::vector<std::string> iname_nesting_order(const LoopKernel& kernel) {
  return nesting_order_of(nesting_problem(kernel));
}

std::vector<std::vector<std::string>> reduction_nesting_priorities(const LoopKernel& kernel) {
  NestingProblem problem = nesting_problem(kernel);
  if (problem.reduction_preferences.empty()) return {};
  std::vector<std::string> order = nesting_order_of(problem);
  LoopKernel without_reductions = kernel;
  for (Instruction& instruction : without_reductions.instructions) instruction.expression = nullptr;
  if (iname_nesting_order(without_reductions) == order) return {};
  std::vector<std::vector<std::string>> priorities;
  for (const Instruction& instruction : kernel.instructions) {
    std::set<std::string> inames = instruction.within_inames;
    if (instruction.expression) {
      visit_expr(*instruction.expression, [&](const Expr& node) {
        if (node.kind == ExprKind::Reduction) inames.insert(node.reduction_inames.begin(), node.reduction_inames.end());
      });
    }
    if (inames.size() == instruction.within_inames.size()) continue;
    std::vector<std::string> priority;
    for (const std::string& iname : order) {
      if (inames.count(iname) != 0) priority.push_back(iname);
    }
    if (priority.size() >= 2) priorities.push_back(priority);
  }
  return priorities;
}

std::vector<InameDuplicationOption> duplication_options(const LoopKernel& kernel) {
  NestingProblem problem = nesting_problem(kernel);
  std::vector<Constraint> needed = needed_constraints(problem);
  if (stable_topological_order(problem.inames, {&needed})) return {};
  return options_breaking(problem, find_cycle(needed));
}

}  // namespace loom::codegen

namespace loom {

std::vector<InameDuplicationOption> iname_duplication_options(const LoopKernel& kernel) {
  return codegen::duplication_options(kernel);
}

}  // namespace loom
