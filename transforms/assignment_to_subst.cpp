// assignment_to_subst (loopy's transform/subst.py): recomputation instead of storage. The one
// assignment to a temporary becomes a substitution rule and its reads become invocations.
//
//   <float32> t[i] = 2*a[i] {id=def}
//   out[i] = t[i] + t[i]*t[i] {id=use}
// assignment_to_subst("t") →
//   t_subst(i) := 2*a[i]
//   out[i] = t_subst(i) + t_subst(i)*t_subst(i) {id=use}
//
// The assignee's indices (plain inames) become the rule's parameters, followed by
// `extra_arguments` (passed at each read as the same names); the reads `t[e]` become
// `t_subst(e)` in the instructions and rules `within` (a stack match) selects. When no read is
// left, the assignment and the temporary are removed and whatever depended on the assignment
// depends on what it depended on. An argument keeps its assignment (the caller reads it), and
// needs force_retain_argument=true.
//
// The rule computes the value where it is read, so the transform checks that this is the value
// stored: every replaced read is reached by the assignment (isl's value flow, element by element),
// from the same iteration of the assignment's loops, and -- through the kernel's dependences,
// mapped from the assignment to its readers -- nothing the expression reads is overwritten in
// between. The rule computes in the expression's type, so the variable must have that type: a
// <float32> t holding a float64 product, or an <int32> t truncating 2.5*x, stored another value.
//
// Refuses: an unknown variable; one written by no instruction or by several ("written twice");
// a tuple assignment, an assignment that reads what it writes (also through rules), that is
// predicated or that indexes with anything but distinct plain inames; a variable whose type is
// not its expression's; a temporary that bounds a domain; a `within` that selects no read; a read
// that no write reaches, that sees another iteration's value or that is outside a loop of the
// assignment; an argument without force_retain_argument; and readers that would see overwritten
// inputs (LegalityError).
#include <isl/map.h>

#include <algorithm>

#include "analysis/accesses.hpp"
#include "analysis/dependences.hpp"
#include "analysis/instance_printer.hpp"
#include "analysis/preprocess.hpp"
#include "analysis/timestamps.hpp"
#include "analysis/type_inference.hpp"
#include "ir/isl_extra.hpp"
#include "lang/expression_lexer.hpp"
#include "loom/error.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/registry.hpp"
#include "transforms/subst_support.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "assignment_to_subst";

std::string prefix() { return std::string(kTransform) + ": "; }

std::string quoted_list(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "'" : ", '") + name + "'";
  return text;
}

// Step 1: the single assignment and the rule's parameters.
const Instruction& the_assignment(const LoopKernel& kernel, const std::string& lhs_name,
                                  const AssignmentToSubstOptions& options) {
  const KernelArgument* argument = kernel.find_arg(lhs_name);
  if (kernel.find_temporary(lhs_name) == nullptr && argument == nullptr) {
    throw Error(prefix() + "unknown variable '" + lhs_name +
                "' (neither a temporary nor an argument)");
  }
  std::vector<std::string> writers;
  for (const Instruction& instruction : kernel.instructions) {
    bool writes = std::any_of(instruction.assignees.begin(), instruction.assignees.end(),
                              [&](const ExprPtr& assignee) { return assignee->name == lhs_name; });
    if (writes) writers.push_back(instruction.id);
  }
  if (writers.empty())
    throw Error(prefix() + "no assignments to variable '" + lhs_name + "' found");
  if (writers.size() > 1) {
    throw Error(prefix() + "'" + lhs_name + "' is written by " + std::to_string(writers.size()) +
                " instructions (" + quoted_list(writers) +
                "); a substitution rule has one definition, so only a variable assigned once " +
                "can become one");
  }
  if (argument != nullptr && !options.force_retain_argument) {
    throw Error(prefix() + "'" + lhs_name + "' is an argument: the kernel's caller reads what '" +
                writers.front() +
                "' writes; pass force_retain_argument=true to keep the argument and its assignment "
                "(the reads still " +
                "become rule invocations)");
  }
  for (const Domain& domain : kernel.domains) {
    if (std::find(domain.parameters.begin(), domain.parameters.end(), lhs_name) !=
        domain.parameters.end()) {
      throw Error(prefix() + "'" + lhs_name + "' bounds the domain " + domain.text +
                  "; a loop bound must be stored");
    }
  }
  const Instruction& assignment = *kernel.find_instruction(writers.front());
  if (assignment.assignees.size() != 1) {
    throw Error(prefix() + "instruction '" + assignment.id +
                "' assigns several values at once; a rule has one");
  }
  if (!assignment.predicates.empty()) {
    throw Error(prefix() + "instruction '" + assignment.id + "' is predicated (if " +
                to_string(assignment.predicates.front()) +
                "): its value exists only where the condition holds");
  }
  return assignment;
}

// The stored value is the expression's value only when the variable has the expression's type.
void check_same_type(const LoopKernel& kernel, const Instruction& assignment) {
  const std::string& lhs = assignment.assignees.front()->name;
  const Temporary* temporary = kernel.find_temporary(lhs);
  const KernelArgument* argument = kernel.find_arg(lhs);
  std::optional<DType> declared = temporary != nullptr ? temporary->dtype : argument->dtype;
  if (!declared) return;  // inferred from this very expression
  std::optional<ExprType> computed;
  try {
    LoopKernel typed = infer_types(expand_substitutions(kernel));
    computed = TypeContext(typed).type_of(*typed.find_instruction(assignment.id)->expression);
  } catch (const Error&) {
    return;  // types unknown: code generation reports that
  }
  if (computed->weak || computed->dtype == *declared) return;
  throw Error(prefix() + "'" + lhs + "' is " + std::string(dtype_name(*declared)) + " but '" +
              assignment.id + "' computes " + std::string(dtype_name(computed->dtype)) + " ('" +
              to_string(assignment.expression) + "'): the rule would yield the " +
              std::string(dtype_name(computed->dtype)) + " value where the kernel stored a " +
              std::string(dtype_name(*declared)) + " one; give '" + lhs +
              "' the expression's type");
}

std::vector<std::string> rule_parameters(const Instruction& assignment,
                                         const AssignmentToSubstOptions& options) {
  std::vector<std::string> parameters;
  for (const ExprPtr& index : assignment.assignees.front()->operands) {
    bool plain = index->kind == ExprKind::Variable &&
                 assignment.within_inames.count(index->name) != 0 &&
                 std::find(parameters.begin(), parameters.end(), index->name) == parameters.end();
    if (!plain) {
      throw Error(prefix() + "in defining instruction '" + assignment.id + "': assignee index '" +
                  to_string(index) +
                  "' is not a plain iname (each index must be a distinct iname of the "
                  "instruction); use map_domain " +
                  "to make it one");
    }
    parameters.push_back(index->name);
  }
  for (const std::string& extra : options.extra_arguments) {
    if (!lang::is_identifier(extra))
      throw Error(prefix() + "extra argument '" + extra + "' is not a name");
    if (std::find(parameters.begin(), parameters.end(), extra) != parameters.end()) {
      throw Error(prefix() + "extra argument '" + extra +
                  "' is already a parameter (an index of the assignee)");
    }
    parameters.push_back(extra);
  }
  return parameters;
}

// Step 2: the reads become invocations.
class ReadReplacer : public RuleAwareMapper {
 public:
  ReadReplacer(const LoopKernel& kernel, const Instruction& assignment, std::string rule_name,
               const AssignmentToSubstOptions& options, StackMatch within)
      : RuleAwareMapper(kernel, kTransform),
        assignment_(assignment),
        lhs_(assignment.assignees.front()->name),
        rule_name_(std::move(rule_name)),
        options_(options),
        within_(std::move(within)) {}

  const std::set<std::string>& readers() const { return readers_; }
  bool reads_left() const { return reads_left_; }

 protected:
  ExprPtr map(const ExprPtr& expr, const ExpansionState& state) override {
    bool is_read = (expr->kind == ExprKind::Variable || expr->kind == ExprKind::Subscript) &&
                   expr->name == lhs_ && state.rule_parameters.count(lhs_) == 0;
    if (!is_read) return map_children(expr, state);
    const Instruction& reader = *state.instruction;
    if (reader.id == assignment_.id) {
      throw Error(prefix() + "instruction '" + reader.id + "' both reads *and* writes '" + lhs_ +
                  "'; cannot transcribe it to a substitution rule");
    }
    if (!within_.matches(kernel_, reader, state.rules)) {
      reads_left_ = true;
      return map_children(expr, state);
    }
    std::size_t rank = assignment_.assignees.front()->operands.size();
    if (expr->operands.size() != rank) {
      throw Error(prefix() + "instruction '" + reader.id + "' reads '" + to_string(expr) +
                  "' with " + std::to_string(expr->operands.size()) + " indices, but '" +
                  assignment_.id + "' assigns it with " + std::to_string(rank));
    }
    readers_.insert(reader.id);
    std::vector<ExprPtr> arguments;
    for (const ExprPtr& index : expr->operands) arguments.push_back(map(index, state));
    for (const std::string& extra : options_.extra_arguments) arguments.push_back(variable(extra));
    return rule_invocation(rule_name_, std::move(arguments));
  }

 private:
  const Instruction& assignment_;
  std::string lhs_;
  std::string rule_name_;
  const AssignmentToSubstOptions& options_;
  StackMatch within_;
  std::set<std::string> readers_;
  bool reads_left_ = false;
};

// Step 3: where each replaced read gets its value from ({assignment[...] -> reader[...]}),
// checked to be the assignment, in the same iteration of its loops.
isl::union_map value_flow(const LoopKernel& kernel, const Instruction& assignment,
                          const std::set<std::string>& readers,
                          const std::vector<std::string>& parameters) {
  LoopKernel expanded = expand_substitutions(kernel);
  const std::string& lhs = assignment.assignees.front()->name;
  isl::ctx ctx = isl_context_of(kernel)->ctx();
  isl::union_map writes(ctx, "{ }"), reads(ctx, "{ }");
  for (const Instruction& instruction : expanded.instructions) {
    if (instruction.id != assignment.id && readers.count(instruction.id) == 0) continue;
    for (const Access& access : instruction_accesses(expanded, instruction)) {
      if (access.variable != lhs) continue;
      isl::union_map relation(access_relation(expanded, access).map);
      if (access.is_write)
        writes = writes.unite(relation);
      else
        reads = reads.unite(relation);
    }
  }
  isl::union_flow flow = isl::union_access_info(reads)
                             .set_must_source(writes)
                             .set_schedule_map(reference_timestamps(expanded))
                             .compute_flow();
  isl::union_map unreached = flow.may_no_source();
  if (!unreached.is_empty()) {
    isl::map example;
    unreached.foreach_map([&](isl::map map) {
      if (example.is_null()) example = map;
    });
    std::string parameters_text;
    std::string instance = describe_instance(example.domain(), &parameters_text);
    throw Error(prefix() + "instruction '" + isl_map_get_tuple_name(example.get(), isl_dim_in) +
                "' reads '" + lhs + "' where no write of '" + assignment.id + "' reaches it (" +
                instance + (parameters_text.empty() ? "" : " with " + parameters_text) +
                "); the rule would compute a value the kernel never stored");
  }
  isl::union_map dependence = flow.may_dependence();
  std::set<std::string> loop_inames;
  for (const std::string& iname : assignment.within_inames) {
    if (std::find(parameters.begin(), parameters.end(), iname) == parameters.end())
      loop_inames.insert(iname);
  }
  dependence.foreach_map([&](isl::map map) {
    std::string reader = isl_map_get_tuple_name(map.get(), isl_dim_out);
    isl_map* same = map.copy();
    for (const std::string& iname : loop_inames) {
      int in = isl_map_find_dim_by_name(same, isl_dim_in, iname.c_str());
      int out = isl_map_find_dim_by_name(same, isl_dim_out, iname.c_str());
      if (out < 0) {
        isl_map_free(same);
        throw Error(prefix() + "instruction '" + reader + "' is not within iname '" + iname +
                    "' of '" + assignment.id + "', so the rule's body would use '" + iname +
                    "' outside its loop (pass '" + iname +
                    "' in extra_arguments only where the reader runs in that loop)");
      }
      same = isl_map_equate(same, isl_dim_in, in, isl_dim_out, out);
    }
    isl::map same_iteration = isl::manage(same);
    if (map.is_subset(same_iteration)) return;
    InstancePrinter printer(map.subtract(same_iteration));
    throw Error(prefix() + printer.instance(isl_dim_out) + " reads the '" + lhs + "' that " +
                printer.instance(isl_dim_in) +
                " stored in another iteration of its loops; the rule would recompute " +
                "it in the reader's iteration");
  });
  return dependence;
}

// Step 5: the dependences of the result. The assignment's instances map to the reads they fed
// (and to themselves if the assignment stays), so a dependence on what the expression reads now
// binds its readers; dependences through the variable itself stay only with the assignment.
std::shared_ptr<const detail::DependenceData> moved_dependences(const LoopKernel& kernel,
                                                                const LoopKernel& result,
                                                                const Instruction& assignment,
                                                                const isl::union_map& flow,
                                                                bool assignment_stays) {
  isl::ctx ctx = isl_context_of(kernel)->ctx();
  isl::union_map identity(ctx, "{ }");
  for (const Instruction& instruction : result.instructions) {
    isl::set instances = instance_set(kernel, instruction);
    identity = identity.unite(isl::union_map(
        isl::manage(isl_map_identity(isl_space_map_from_set(isl_set_get_space(instances.get()))))
            .intersect_domain(instances)));
  }
  isl::union_map moved = identity.unite(flow);
  const std::string& lhs = assignment.assignees.front()->name;
  auto data = dependences_of(kernel);
  detail::DependenceData through, around;
  through.context = around.context = data->context;
  for (const Dependence& dependence : data->dependences) {
    (dependence.variable == lhs ? through : around).dependences.push_back(dependence);
  }
  auto result_data = std::make_shared<detail::DependenceData>(*trace_dependences(around, moved));
  // Within one instance reads come before writes: a reader that now reads what it writes is fine.
  for (Dependence& dependence : result_data->dependences) {
    if (dependence.source != dependence.sink) continue;
    isl::map self = isl::manage(isl_map_identity(
        isl_space_map_from_set(isl_space_domain(isl_map_get_space(dependence.relation.get())))));
    dependence.relation = dependence.relation.subtract(self);
  }
  if (assignment_stays) {
    auto kept = trace_dependences(through, identity);
    result_data->dependences.insert(result_data->dependences.end(), kept->dependences.begin(),
                                    kept->dependences.end());
  }
  return result_data;
}

void remove_assignment(LoopKernel& result, const Instruction& assignment,
                       const std::string& lhs_name) {
  std::vector<Instruction> kept;
  for (Instruction& instruction : result.instructions) {
    if (instruction.id == assignment.id) continue;
    if (instruction.depends_on.erase(assignment.id) != 0) {
      for (const std::string& id : assignment.depends_on) {
        if (id != instruction.id) instruction.depends_on.insert(id);
      }
    }
    kept.push_back(std::move(instruction));
  }
  result.instructions = std::move(kept);
  auto temporary = std::find_if(result.temporaries.begin(), result.temporaries.end(),
                                [&](const Temporary& t) { return t.name == lhs_name; });
  if (temporary != result.temporaries.end()) result.temporaries.erase(temporary);
}

TransformCall recorded_call(const std::string& lhs_name, const AssignmentToSubstOptions& options) {
  TransformCall call{kTransform, {{"lhs_name", lhs_name}}};
  if (!options.extra_arguments.empty()) call.arguments["extra_arguments"] = options.extra_arguments;
  if (options.within) call.arguments["within"] = *options.within;
  if (options.force_retain_argument) call.arguments["force_retain_argument"] = true;
  if (options.unchecked) call.arguments["unchecked"] = true;
  return call;
}

}  // namespace

LoopKernel assignment_to_subst(const LoopKernel& kernel, const std::string& lhs_name,
                               const AssignmentToSubstOptions& options) {
  TransformCall call = recorded_call(lhs_name, options);
  // Step 1: the assignment, the rule's name and parameters.
  const Instruction& assignment = the_assignment(kernel, lhs_name, options);
  check_same_type(kernel, assignment);
  std::vector<std::string> parameters = rule_parameters(assignment, options);
  std::set<std::string> rules;
  for (const auto& [name, rule] : kernel.substitutions) rules.insert(name);
  std::string rule_name = unused_name(kernel, lhs_name + "_subst", rules);
  StackMatch within = StackMatch::parse(options.within, kernel, kTransform);
  // Step 2: replace the reads.
  ReadReplacer replacer(kernel, assignment, rule_name, options, std::move(within));
  LoopKernel result = replacer.map_kernel();
  if (replacer.readers().empty() && options.within) {
    throw Error(prefix() + "within='" + *options.within + "' selects no read of '" + lhs_name +
                "'");
  }
  // Step 3: each replaced read must see the value the assignment stored in its iteration.
  isl::union_map flow = with_isl_errors(
      kTransform, [&] { return value_flow(kernel, assignment, replacer.readers(), parameters); });
  // Step 4: the rule; the assignment goes when nothing reads the variable any more.
  const Instruction& mapped_assignment = *result.find_instruction(assignment.id);
  if (!replacer.readers().empty()) {
    result.substitutions[rule_name] =
        SubstitutionRule{rule_name, parameters, mapped_assignment.expression};
  }
  bool assignment_stays = replacer.reads_left() || kernel.find_arg(lhs_name) != nullptr;
  if (!assignment_stays) remove_assignment(result, assignment, lhs_name);
  // Step 5: the dependences move with the reads; every check runs on them.
  LoopKernel basis = kernel;
  basis.dependences = with_isl_errors(kTransform, [&] {
    return moved_dependences(kernel, result, assignment, flow, assignment_stays);
  });
  return finish_transform(basis, std::move(result), call, std::nullopt, options.unchecked,
                          CheckScope::All);
}

LOOM_REGISTER_TRANSFORM(assignment_to_subst) {
  registry.add({kTransform,
                "turn the single assignment to a temporary into a substitution rule (recompute, "
                "don't store)",
                {{"lhs_name", ParameterType::String, true},
                 {"extra_arguments", ParameterType::InameList, false, true},
                 {"within", ParameterType::Match, false, true},
                 {"force_retain_argument", ParameterType::Bool, false, false, false}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  AssignmentToSubstOptions options;
                  options.extra_arguments = args.names("extra_arguments");
                  options.within = args.optional_string("within");
                  options.force_retain_argument = args.boolean("force_retain_argument");
                  options.unchecked = args.unchecked();
                  return assignment_to_subst(kernel, args.string("lhs_name"), options);
                }});
}

}  // namespace loom
