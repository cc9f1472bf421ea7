// to_batched (loopy's transform/batch.py): turns a kernel that does one operation into one that
// does `nbatches` independent copies of it, over a new outermost iname `ibatch`.
//
//   {[i,j]: 0<=i,j<n}   out[i] = sum(j, a[i,j]*x[j])          out, x: (n)
// to_batched("nbatches", batch_varying_args="out,x") →
//   {[ibatch]: 0<=ibatch<nbatches}  {[i,j]: 0<=i,j<n}
//   out[ibatch, i] = sum(j, a[i,j]*x[ibatch, j])              out, x: (nbatches, n); nbatches: int32
//
// `nbatches` is a constant or the name of a new integer value argument (one that is already a
// value argument is used as it is). Each argument in `batch_varying_args` gets a leading axis of
// that length (C order); a value argument there becomes an array of shape (nbatches). Every
// instruction runs within `ibatch` too, and every access to a batch-varying variable gets
// `ibatch` as its first index. The copies must not share scratch storage, so, as in loopy,
// temporaries also get the batch axis, except private ones and read-only ones with an initializer
// (unless named in `batch_varying_args`): each work-item keeps its own private values anyway. With
// `sequential`, no temporary gets the axis: the batches run one after the other in one loop and
// reuse the temporaries (loom's checks refuse a later parallel tag of `ibatch` that would make
// them race).
//
// The result computes something new on purpose (more data, new arguments), so it becomes its own
// reference (DESIGN.md §3a) and must pass every check. Its tests compare it with a kernel written
// batched by hand.
//
// Refuses: a `nbatches` that is neither a positive constant nor a name, a name already used for
// anything but a value argument, an unknown name in `batch_varying_args`, an argument there whose
// layout is fixed by dim tags other than C order, and a batch-varying variable used without a
// subscript in a form that cannot take one.
#include <algorithm>
#include <cctype>

#include "lang/domain_parser.hpp"
#include "loom/data_transforms.hpp"
#include "loom/error.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "to_batched";

struct BatchSize {
  ExprPtr extent;          // nbatches as an expression: a literal or the parameter's variable
  std::string parameter;   // empty when constant
  std::string domain_text;
};

bool is_integer_text(const std::string& text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
}

BatchSize batch_size(const LoopKernel& kernel, const std::string& nbatches, const std::string& batch_iname) {
  std::string bound;
  BatchSize size;
  if (is_integer_text(nbatches)) {
    int64_t count = std::stoll(nbatches);
    if (count < 1) throw Error(std::string(kTransform) + ": nbatches must be at least 1, got " + nbatches);
    size.extent = int_literal(count);
    bound = nbatches;
  } else {
    require_name(nbatches, kTransform, "nbatches");
    const KernelArgument* existing = kernel.find_arg(nbatches);
    if (existing != nullptr && existing->kind != ArgKind::Value) {
      throw Error(std::string(kTransform) + ": nbatches '" + nbatches +
                  "' is an array argument of the kernel; name a new or an integer value argument");
    }
    if (existing == nullptr && unused_name(kernel, nbatches) != nbatches) {
      throw Error(std::string(kTransform) + ": nbatches '" + nbatches +
                  "' is already used in the kernel (an iname, temporary or instruction); pick another name");
    }
    size.extent = variable(nbatches);
    size.parameter = nbatches;
    bound = nbatches;
  }
  size.domain_text = "{[" + batch_iname + "]: 0 <= " + batch_iname + " < " + bound + "}";
  return size;
}

// loopy's temp_needs_batching_if_not_sequential.
bool temporary_needs_batch_axis(const Temporary& temporary, const std::set<std::string>& varying) {
  if (varying.count(temporary.name)) return true;
  if (!temporary.initializer.empty() && temporary.read_only) return false;
  return temporary.address_space != AddressSpace::Private;
}

void batch_arguments(LoopKernel& kernel, const std::set<std::string>& varying, const ExprPtr& extent) {
  for (KernelArgument& arg : kernel.args) {
    if (!varying.count(arg.name)) continue;
    bool c_order = std::all_of(arg.dim_tags.begin(), arg.dim_tags.end(), [](const std::string& tag) { return tag == "c"; });
    if (!c_order) {
      throw Error(std::string(kTransform) + ": argument '" + arg.name + "' has dim tags (" + joined(arg.dim_tags) +
                  "); the batch axis is added in C order, so batch it before setting its layout");
    }
    if (arg.kind == ArgKind::Value) {
      arg.kind = ArgKind::Array;
      arg.shape = {extent};
      arg.shape_is_auto = false;
    } else if (!arg.shape_is_auto) {
      arg.shape.insert(arg.shape.begin(), extent);
    }
    arg.dim_tags.clear();
    arg.order = ArrayOrder::C;
  }
}

ExprPtr with_batch_index(const ExprPtr& expr, const std::set<std::string>& batched, const std::string& batch_iname,
                         const std::set<std::string>& shadowed) {
  if (!expr) return expr;
  return map_expr(expr, [&](const ExprPtr& node) -> ExprPtr {
    if (!batched.count(node->name) || shadowed.count(node->name)) return node;
    if (node->kind == ExprKind::Variable) return subscript(node->name, {variable(batch_iname)});
    if (node->kind != ExprKind::Subscript) return node;
    std::vector<ExprPtr> indices = node->operands;
    indices.insert(indices.begin(), variable(batch_iname));
    return subscript(node->name, std::move(indices));
  });
}

void batch_accesses(LoopKernel& kernel, const std::set<std::string>& batched, const std::string& batch_iname) {
  for (Instruction& instruction : kernel.instructions) {
    for (ExprPtr& assignee : instruction.assignees) assignee = with_batch_index(assignee, batched, batch_iname, {});
    instruction.expression = with_batch_index(instruction.expression, batched, batch_iname, {});
    for (ExprPtr& predicate : instruction.predicates) predicate = with_batch_index(predicate, batched, batch_iname, {});
    instruction.within_inames.insert(batch_iname);
  }
  for (auto& [name, rule] : kernel.substitutions) {
    std::set<std::string> shadowed(rule.parameters.begin(), rule.parameters.end());
    rule.expression = with_batch_index(rule.expression, batched, batch_iname, shadowed);
  }
}

}  // namespace

LoopKernel to_batched(const LoopKernel& kernel, const std::string& nbatches,
                      const std::vector<std::string>& batch_varying_args, const std::string& batch_iname_prefix,
                      bool sequential, bool unchecked) {
  TransformCall call{kTransform, {{"nbatches", nbatches}}};
  if (!batch_varying_args.empty()) call.arguments["batch_varying_args"] = batch_varying_args;
  if (batch_iname_prefix != "ibatch") call.arguments["batch_iname_prefix"] = batch_iname_prefix;
  if (sequential) call.arguments["sequential"] = true;
  if (unchecked) call.arguments["unchecked"] = true;
  // Step 1: checks.
  require_name(batch_iname_prefix, kTransform, "batch_iname_prefix");
  std::set<std::string> varying(batch_varying_args.begin(), batch_varying_args.end());
  for (const std::string& name : varying) {
    if (kernel.find_arg(name) != nullptr || kernel.find_temporary(name) != nullptr) continue;
    std::vector<std::string> names;
    for (const KernelArgument& arg : kernel.args) names.push_back(arg.name);
    for (const Temporary& temporary : kernel.temporaries) names.push_back(temporary.name);
    throw Error(std::string(kTransform) + ": '" + name + "' in batch_varying_args is neither an argument nor a "
                "temporary of the kernel" + did_you_mean(name, names));
  }
  std::string batch_iname = unused_name(kernel, batch_iname_prefix, {nbatches});
  BatchSize size = batch_size(kernel, nbatches, batch_iname);
  // Step 2: the batch loop, outermost (first in the domain order), and its bound.
  LoopKernel result = kernel;
  result.domains.insert(result.domains.begin(), lang::parse_domain(isl_context_of(kernel), size.domain_text));
  if (!size.parameter.empty() && kernel.find_arg(size.parameter) == nullptr)
    result.args.push_back(value_arg(size.parameter, kernel.options.index_dtype));
  // Step 3: the batch axis on varying arguments and on the temporaries the copies must not share.
  batch_arguments(result, varying, size.extent);
  std::set<std::string> batched = varying;
  for (Temporary& temporary : result.temporaries) {
    if (sequential ? !varying.count(temporary.name) : !temporary_needs_batch_axis(temporary, varying)) continue;
    temporary.shape.insert(temporary.shape.begin(), size.extent);
    temporary.dim_tags.clear();
    batched.insert(temporary.name);
  }
  // Step 4: every instruction runs per batch; batched variables are indexed by it.
  batch_accesses(result, batched, batch_iname);
  return finish_meaning_change(kernel, std::move(result), call, unchecked);
}

LOOM_REGISTER_TRANSFORM(to_batched) {
  registry.add({kTransform,
                "run a batch of independent copies of the kernel over a new outermost iname",
                {{"nbatches", ParameterType::String, true},
                 {"batch_varying_args", ParameterType::InameList, false, false, std::vector<std::string>{}},
                 {"batch_iname_prefix", ParameterType::String, false, false, std::string("ibatch")},
                 {"sequential", ParameterType::Bool, false, false, false}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return to_batched(kernel, args.string("nbatches"), args.names("batch_varying_args"),
                                    args.string("batch_iname_prefix"), args.boolean("sequential"), args.unchecked());
                },
                // New arguments and more data: the batched kernel is the reference from here on.
                /*changes_meaning=*/true});
}

}  // namespace loom
