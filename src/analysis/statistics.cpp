// Kernel statistics (include/loom/statistics.hpp): loopy's op, memory-access and synchronization
// counts as sizes of instance sets, summed symbolically where loom can (statistics_count.cpp).
#include "loom/statistics.hpp"

#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>
#include <cstdlib>
#include <functional>

#include "analysis/address_spaces.hpp"
#include "analysis/preprocess.hpp"
#include "analysis/statistics_count.hpp"
#include "analysis/type_inference.hpp"
#include "codegen/barriers.hpp"
#include "codegen/hardware_axes.hpp"
#include "codegen/linearize.hpp"
#include "ir/instance_sets.hpp"
#include "ir/instruction_names.hpp"
#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "ir/layout.hpp"
#include "loom/error.hpp"

namespace loom {

using detail::CountData;
using detail::CountPiece;
using detail::CountTerm;
using detail::Polynomial;
using detail::Rational;

std::string_view granularity_name(CountGranularity granularity) {
  switch (granularity) {
    case CountGranularity::WorkItem:
      return "workitem";
    case CountGranularity::SubGroup:
      return "subgroup";
    case CountGranularity::WorkGroup:
      return "workgroup";
  }
  return "?";
}

std::string_view memory_space_name(MemorySpace space) {
  switch (space) {
    case MemorySpace::Global:
      return "global";
    case MemorySpace::Local:
      return "local";
    case MemorySpace::Private:
      return "private";
  }
  return "?";
}

namespace {

// ---- instance counts ----------------------------------------------------------------------------

struct Counter {
  const LoopKernel& kernel;
  IslContextPtr context;
  isl::set assumptions;
  std::optional<int64_t> subgroups_per_group;  // nullopt: the work-group size is not constant

  Count of_set(const isl::set& set) const {
    Count count = detail::count_points(context, set, assumptions);
    auto data = std::make_shared<CountData>(count.data());
    data->assumptions = assumptions;
    // Enumeration happens under the assumptions too.
    for (CountTerm& term : data->terms) {
      if (!term.symbolic) term.set = term.set->intersect_params(assumptions);
    }
    return Count(data);
  }

  Count constant(int64_t value) const {
    auto data = std::make_shared<CountData>();
    data->context = context;
    data->assumptions = assumptions;
    CountTerm term;
    term.symbolic = true;
    term.pieces.push_back(
        {isl::set(context->ctx(), "{ : }"), Polynomial::constant(Rational(value))});
    if (value != 0) data->terms.push_back(term);
    return Count(data);
  }

  std::vector<std::string> inames_of(const Instruction& instruction) const {
    std::vector<std::string> dims;
    for (const std::string& iname : kernel.all_inames()) {
      if (instruction.within_inames.count(iname)) dims.push_back(iname);
    }
    return dims;
  }

  // Instances per work-item (every iname), or per work-group (local inames projected out).
  Count instances(const Instruction& instruction, CountGranularity granularity) const {
    std::vector<std::string> dims = inames_of(instruction);
    isl::set set = instruction_domain(kernel, instruction, dims, "S", false);
    if (granularity == CountGranularity::WorkItem) return of_set(set);
    for (int pos = static_cast<int>(dims.size()) - 1; pos >= 0; --pos) {
      if (kernel.tag_of(dims[static_cast<std::size_t>(pos)]).kind == InameTag::Kind::Local) {
        set = isl::manage(
            isl_set_project_out(set.release(), isl_dim_set, static_cast<unsigned>(pos), 1));
      }
    }
    Count per_group = of_set(set);
    if (granularity == CountGranularity::WorkGroup) return per_group;
    if (!subgroups_per_group) {
      auto data = std::make_shared<CountData>();
      data->unavailable = "a per-sub-group count needs a constant work-group size";
      return Count(data);
    }
    return per_group.scaled(*subgroups_per_group);
  }
};

std::optional<int64_t> work_group_size(const LoopKernel& kernel) {
  std::map<int, int64_t> axis_length;
  for (const std::string& iname : kernel.all_inames()) {
    InameTag tag = kernel.tag_of(iname);
    if (tag.kind != InameTag::Kind::Local) continue;
    std::optional<ConstantRange> range = constant_iname_range(kernel, iname);
    if (!range) return std::nullopt;
    axis_length[tag.axis] = std::max(axis_length[tag.axis], range->extent);
  }
  int64_t size = 1;
  for (const auto& entry : axis_length) size *= entry.second;
  return size;
}

// ---- operations ---------------------------------------------------------------------------------

DType dtype_of(const TypeContext& types, const Expr& expr) {
  ExprType type = types.type_of(expr);
  return type.weak ? resolve_weak(type, expr.float_value) : type.dtype;
}

std::optional<std::string> op_name(const Expr& expr) {
  switch (expr.kind) {
    case ExprKind::Binary:
      switch (expr.binary_op) {
        case BinaryOp::Add:
        case BinaryOp::Subtract:
          return "add";
        case BinaryOp::Multiply:
          return "mul";
        case BinaryOp::Divide:
        case BinaryOp::FloorDivide:
        case BinaryOp::Modulo:
          return "div";
        case BinaryOp::Power:
          return "pow";
        case BinaryOp::BitwiseAnd:
        case BinaryOp::BitwiseOr:
        case BinaryOp::BitwiseXor:
          return "bw";
        case BinaryOp::LeftShift:
        case BinaryOp::RightShift:
          return "shift";
        default:
          return std::nullopt;  // comparisons and logic: loopy counts none
      }
    case ExprKind::Unary:
      if (expr.unary_op == UnaryOp::BitwiseNot) return "bw";  // loopy counts ~ as one "bw"
      return std::nullopt;
    case ExprKind::Call:
      if (expr.name == "max" || expr.name == "min" || expr.name == "fmax" || expr.name == "fmin")
        return "maxmin";
      return "func:" + expr.name;
    default:
      return std::nullopt;
  }
}

// Every counted operation of `expr` once; indices of subscripts only when `within_subscripts`.
void collect_ops(const TypeContext& types, const Expr& expr, bool within_subscripts,
                 std::map<OpKey, int64_t>& out) {
  if (std::optional<std::string> name = op_name(expr)) out[{*name, dtype_of(types, expr)}] += 1;
  if (expr.kind == ExprKind::Subscript && !within_subscripts) return;
  for (const ExprPtr& operand : expr.operands) collect_ops(types, *operand, within_subscripts, out);
}

// ---- memory accesses ----------------------------------------------------------------------------

std::optional<Polynomial> polynomial_of(const Expr& expr) {
  switch (expr.kind) {
    case ExprKind::IntLiteral:
      return Polynomial::constant(Rational(expr.int_value));
    case ExprKind::Variable:
      return Polynomial::variable(expr.name);
    case ExprKind::Unary: {
      if (expr.unary_op != UnaryOp::Negate) return std::nullopt;
      std::optional<Polynomial> p = polynomial_of(*expr.operands[0]);
      if (!p) return std::nullopt;
      return p->scaled(Rational(-1));
    }
    case ExprKind::Binary: {
      std::optional<Polynomial> a = polynomial_of(*expr.operands[0]);
      std::optional<Polynomial> b = polynomial_of(*expr.operands[1]);
      if (!a || !b) return std::nullopt;
      if (expr.binary_op == BinaryOp::Add) return *a + *b;
      if (expr.binary_op == BinaryOp::Subtract) return *a - *b;
      if (expr.binary_op == BinaryOp::Multiply) return *a * *b;
      return std::nullopt;
    }
    default:
      return std::nullopt;
  }
}

bool mentions_variable(const Expr& expr, const std::string& name) {
  bool found = false;
  visit_expr(expr, [&](const Expr& e) {
    found = found || (e.kind == ExprKind::Variable && e.name == name);
  });
  return found;
}

struct Stride {
  int axis;
  bool local;
  std::string value;
};

// The flat-index stride of `subscript` per unit of each hardware iname of the instruction.
std::vector<Stride> hardware_strides(const LoopKernel& kernel, const Instruction& instruction,
                                     const Expr& subscript, const std::vector<ExprPtr>& strides) {
  std::optional<Polynomial> flat = Polynomial();
  for (std::size_t axis = 0; axis < subscript.operands.size() && flat; ++axis) {
    std::optional<Polynomial> index = polynomial_of(*subscript.operands[axis]);
    std::optional<Polynomial> stride =
        axis < strides.size() ? polynomial_of(*strides[axis]) : std::nullopt;
    if (!index || !stride)
      flat = std::nullopt;
    else
      flat = *flat + *index * *stride;
  }
  std::vector<Stride> result;
  for (const std::string& iname : instruction.within_inames) {
    InameTag tag = kernel.tag_of(iname);
    if (!codegen::is_hardware_tag(tag)) continue;
    std::string value;
    if (flat) {
      std::vector<Polynomial> parts = flat->coefficients_of(iname);
      if (parts.size() == 2)
        value = parts[1].str();
      else if (parts.size() > 2)
        value = "?";
    } else if (mentions_variable(subscript, iname)) {
      value = "?";
    }
    if (!value.empty() && value != "0")
      result.push_back({tag.axis, tag.kind == InameTag::Kind::Local, value});
  }
  return result;
}

struct AccessSite {
  const Expr* reference;  // Subscript or Variable
  bool is_store;
};

void collect_references(const LoopKernel& kernel, const Expr& expr, bool is_store,
                        std::vector<AccessSite>& out) {
  bool is_variable = expr.kind == ExprKind::Subscript || expr.kind == ExprKind::Variable;
  if (is_variable && (kernel.find_temporary(expr.name) ||
                      (kernel.find_arg(expr.name) && kernel.find_arg(expr.name)->is_array()))) {
    out.push_back({&expr, is_store});
  }
  // Indices of a stored reference are loads.
  for (const ExprPtr& operand : expr.operands) collect_references(kernel, *operand, false, out);
}

struct VariableInfo {
  MemorySpace space;
  DType dtype;
  std::vector<ExprPtr> strides;
};

VariableInfo variable_info(const LoopKernel& kernel, const std::string& name) {
  if (const Temporary* t = kernel.find_temporary(name)) {
    MemorySpace space = t->address_space == AddressSpace::Global  ? MemorySpace::Global
                        : t->address_space == AddressSpace::Local ? MemorySpace::Local
                                                                  : MemorySpace::Private;
    return {space, t->dtype.value_or(DType::Float32), array_strides(*t)};
  }
  const KernelArgument* arg = kernel.find_arg(name);
  return {MemorySpace::Global, arg->dtype.value_or(DType::Float32), array_strides(*arg)};
}

MemAccessKey access_key(const LoopKernel& kernel, const Instruction& instruction,
                        const AccessSite& site) {
  VariableInfo info = variable_info(kernel, site.reference->name);
  MemAccessKey key{info.space, info.dtype, site.reference->name,      site.is_store,
                   {},         {},         CountGranularity::SubGroup};
  if (site.reference->kind == ExprKind::Subscript) {
    for (const Stride& stride :
         hardware_strides(kernel, instruction, *site.reference, info.strides)) {
      (stride.local ? key.lid_strides : key.gid_strides)[stride.axis] = stride.value;
    }
  }
  if (info.space == MemorySpace::Private) key.granularity = CountGranularity::WorkItem;
  if (info.space == MemorySpace::Global && key.lid_strides.count(0))
    key.granularity = CountGranularity::WorkItem;
  return key;
}

// ---- synchronization ----------------------------------------------------------------------------

struct SyncCounts {
  Count launches;
  Count local_barriers;
};

void count_barriers(const Counter& counter, const LoopKernel& kernel,
                    const std::vector<codegen::LoopNestNode>& nodes,
                    std::vector<std::string>& loops, Count& total) {
  for (const codegen::LoopNestNode& node : nodes) {
    if (node.kind == codegen::LoopNestNode::Kind::Loop) {
      loops.push_back(node.iname);
      count_barriers(counter, kernel, node.children, loops, total);
      loops.pop_back();
      continue;
    }
    const Instruction& instruction =
        kernel.instructions[static_cast<std::size_t>(node.instruction_index)];
    if (instruction.kind != InstructionKind::Barrier ||
        instruction.barrier_scope != SyncScope::Local)
      continue;
    Instruction around = instruction;
    around.within_inames = std::set<std::string>(loops.begin(), loops.end());
    total = total + counter.of_set(
                        instruction_domain(kernel, around, counter.inames_of(around), "B", false));
  }
}

bool is_global_barrier(const LoopKernel& kernel, const codegen::LoopNestNode& node) {
  if (node.kind != codegen::LoopNestNode::Kind::Instruction) return false;
  const Instruction& instruction =
      kernel.instructions[static_cast<std::size_t>(node.instruction_index)];
  return instruction.kind == InstructionKind::Barrier &&
         instruction.barrier_scope == SyncScope::Global;
}

bool holds_global_barrier(const LoopKernel& kernel, const codegen::LoopNestNode& node) {
  if (node.kind != codegen::LoopNestNode::Kind::Loop) return is_global_barrier(kernel, node);
  return std::any_of(node.children.begin(), node.children.end(),
                     [&](const codegen::LoopNestNode& child) { return holds_global_barrier(kernel, child); });
}

void collect_members(const std::vector<codegen::LoopNestNode>& nodes, std::vector<int>& out) {
  for (const codegen::LoopNestNode& node : nodes) {
    if (node.kind == codegen::LoopNestNode::Kind::Instruction)
      out.push_back(node.instruction_index);
    else
      collect_members(node.children, out);
  }
}

// How often code inside the host loops `loops` runs: once per point of their domain (an
// instruction within exactly them stands for it), once outside every host loop.
Count runs_within(const Counter& counter, const LoopKernel& kernel, const std::vector<int>& members,
                  const std::vector<std::string>& loops) {
  if (loops.empty()) return counter.constant(1);
  Instruction around = kernel.instructions[static_cast<std::size_t>(members.front())];
  around.within_inames = std::set<std::string>(loops.begin(), loops.end());
  return counter.of_set(instruction_domain(kernel, around, counter.inames_of(around), "H", false));
}

// As code generation for a GPU target does it: split at global barriers, then place local
// barriers in each kernel. A sequential loop that holds a global barrier runs on the host
// (codegen/host_loops.cpp): its body's kernels launch once per iteration, apart from the code
// around the loop, and the loop's own iname is no loop inside them.
void count_kernels(const Counter& counter, LoopKernel& kernel, codegen::Linearization& linearization,
                   const std::vector<codegen::LoopNestNode>& nodes, std::vector<std::string>& host_loops,
                   SyncCounts& counts) {
  std::vector<codegen::LoopNestNode> run;
  auto launch_run = [&] {
    if (run.empty()) return;
    std::vector<int> members;
    collect_members(run, members);
    if (members.empty()) return;
    counts.launches = counts.launches + runs_within(counter, kernel, members, host_loops);
    codegen::LaunchShape launch = codegen::launch_shape(kernel, members);
    codegen::BarrierPlacement placement = codegen::insert_barriers(kernel, linearization, run, launch);
    std::vector<std::string> loops = host_loops;
    count_barriers(counter, kernel, placement.roots, loops, counts.local_barriers);
    run.clear();
  };
  for (const codegen::LoopNestNode& node : nodes) {
    if (is_global_barrier(kernel, node)) {
      launch_run();
    } else if (node.kind == codegen::LoopNestNode::Kind::Loop && holds_global_barrier(kernel, node)) {
      launch_run();
      host_loops.push_back(node.iname);
      count_kernels(counter, kernel, linearization, node.children, host_loops, counts);
      host_loops.pop_back();
    } else {
      run.push_back(node);
    }
  }
  launch_run();
}

// Each global barrier once per point of its loops (loopy's barrier_global): inside a host loop,
// once per iteration.
Count global_barrier_executions(const Counter& counter, const LoopKernel& kernel) {
  Count total = counter.constant(0);
  for (const Instruction& instruction : kernel.instructions) {
    if (instruction.kind != InstructionKind::Barrier || instruction.barrier_scope != SyncScope::Global) continue;
    total = total + counter.of_set(instruction_domain(kernel, instruction, counter.inames_of(instruction), "G", false));
  }
  return total;
}

SyncCounts synchronization(const Counter& counter, LoopKernel kernel) {
  codegen::Linearization linearization = codegen::linearize(kernel, [&](const std::string& iname) {
    return !codegen::is_hardware_tag(kernel.tag_of(iname));
  });
  SyncCounts counts;
  counts.launches = counter.constant(0);
  counts.local_barriers = counter.constant(0);
  std::vector<std::string> host_loops;
  count_kernels(counter, kernel, linearization, linearization.roots, host_loops, counts);
  return counts;
}

// ---- bytes --------------------------------------------------------------------------------------

std::optional<Polynomial> shape_volume(const std::vector<ExprPtr>& shape) {
  Polynomial volume = Polynomial::constant(Rational(1));
  for (const ExprPtr& axis : shape) {
    std::optional<Polynomial> length = polynomial_of(*axis);
    if (!length) return std::nullopt;
    volume = volume * *length;
  }
  return volume;
}

bool references_variable(const Expr& expr, const std::string& name) {
  bool found = false;
  visit_expr(expr, [&](const Expr& e) {
    found = found ||
            ((e.kind == ExprKind::Subscript || e.kind == ExprKind::Variable) && e.name == name);
  });
  return found;
}

Count compulsory_bytes(const Counter& counter, const LoopKernel& kernel) {
  Count total = counter.constant(0);
  auto add_array = [&](const std::string& name, const std::vector<ExprPtr>& shape, DType dtype,
                       int directions) {
    std::optional<Polynomial> volume = shape_volume(shape);
    if (!volume)
      throw Error("statistics: the shape of '" + name +
                  "' is not a polynomial in the parameters; its bytes cannot be counted");
    auto data = std::make_shared<CountData>();
    data->context = counter.context;
    data->assumptions = counter.assumptions;
    CountTerm term;
    term.symbolic = true;
    term.factor = static_cast<int64_t>(dtype_size(dtype)) * directions;
    term.pieces.push_back({isl::set::universe(counter.assumptions.get_space()), *volume});
    data->terms.push_back(term);
    total = total + Count(data);
  };
  for (const KernelArgument& arg : kernel.args) {
    if (!arg.is_array()) continue;
    bool read = false, written = false;
    for (const Instruction& instruction : kernel.instructions) {
      written = written || writes_name(instruction, arg.name);
      read = read ||
             (instruction.expression && references_variable(*instruction.expression, arg.name));
    }
    if (read || written)
      add_array(arg.name, arg.shape, arg.dtype.value_or(DType::Float32), int(read) + int(written));
  }
  return total;
}

}  // namespace

KernelStatistics kernel_statistics(const LoopKernel& input,
                                   const KernelStatisticsOptions& options) {
  bool hardware_axes =
      std::any_of(input.iname_tags.begin(), input.iname_tags.end(),
                  [](const auto& entry) { return codegen::is_hardware_tag(entry.second); });
  LoopKernel kernel = resolve_address_spaces(preprocess(input, hardware_axes));
  return with_isl_errors("counting the statistics of kernel '" + kernel.name + "'", [&] {
    KernelStatistics stats;
    std::optional<int64_t> group_size = work_group_size(kernel);
    std::optional<int64_t> subgroups;
    if (group_size) subgroups = (*group_size + options.subgroup_size - 1) / options.subgroup_size;
    stats.subgroups_per_group = subgroups.value_or(0);
    IslContextPtr context = isl_context_of(kernel);
    isl::set assumptions = kernel.assumptions.empty_handle() ? isl::set(context->ctx(), "{ : }")
                                                             : isl_set_of(kernel.assumptions);
    Counter counter{kernel, context, assumptions, subgroups};
    TypeContext types(kernel);
    for (const Instruction& instruction : kernel.instructions) {
      if (instruction.kind != InstructionKind::Assignment) continue;
      std::map<CountGranularity, Count> instances;
      auto instances_at = [&](CountGranularity g) -> const Count& {
        auto it = instances.find(g);
        if (it == instances.end())
          it = instances.emplace(g, counter.instances(instruction, g)).first;
        return it->second;
      };
      std::map<OpKey, int64_t> ops;
      collect_ops(types, *instruction.expression, options.count_within_subscripts, ops);
      if (options.count_within_subscripts) {
        for (const ExprPtr& assignee : instruction.assignees) {
          for (const ExprPtr& index : assignee->operands) collect_ops(types, *index, true, ops);
        }
      }
      for (const auto& [key, per_instance] : ops) {
        for (CountGranularity granularity :
             {CountGranularity::SubGroup, CountGranularity::WorkItem}) {
          OpKey at = key;
          at.granularity = granularity;
          Count count = instances_at(granularity).scaled(per_instance);
          auto [it, inserted] = stats.operations.emplace(at, count);
          if (!inserted) it->second = it->second + count;
        }
      }
      std::vector<AccessSite> sites;
      for (const ExprPtr& assignee : instruction.assignees)
        collect_references(kernel, *assignee, true, sites);
      collect_references(kernel, *instruction.expression, false, sites);
      for (const AccessSite& site : sites) {
        MemAccessKey key = access_key(kernel, instruction, site);
        const Count& count = instances_at(key.granularity);
        auto [it, inserted] = stats.memory_accesses.emplace(key, count);
        if (!inserted) it->second = it->second + count;
      }
    }
    try {
      SyncCounts sync = synchronization(counter, kernel);
      stats.kernel_launches = sync.launches;
      stats.global_barriers = global_barrier_executions(counter, kernel);
      stats.local_barriers = sync.local_barriers;
    } catch (const LegalityError&) {
      throw;
    } catch (const Error& error) {
      // Synchronization is what code generation would place; a kernel it cannot generate yet
      // (e.g. a parametric work-group size) still has operation and access counts.
      auto data = std::make_shared<CountData>();
      data->unavailable = std::string("no device code: ") + error.what();
      stats.kernel_launches = stats.local_barriers = stats.global_barriers = Count(data);
    }
    stats.global_bytes_compulsory = compulsory_bytes(counter, kernel);
    return stats;
  });
}

// ---- queries ------------------------------------------------------------------------------------

Count KernelStatistics::ops(const std::string& name, std::optional<DType> dtype,
                            CountGranularity granularity) const {
  Count total;
  for (const auto& [key, count] : operations) {
    if ((name.empty() || key.name == name) && (!dtype || key.dtype == *dtype) &&
        key.granularity == granularity)
      total = total + count;
  }
  return total;
}

Count KernelStatistics::flops() const {
  Count total;
  for (const auto& [key, count] : operations) {
    if (is_floating(key.dtype) && key.granularity == CountGranularity::WorkItem)
      total = total + count;
  }
  return total;
}

Count KernelStatistics::accesses(std::optional<MemorySpace> space, const std::string& variable,
                                 std::optional<bool> is_store) const {
  Count total;
  for (const auto& [key, count] : memory_accesses) {
    if ((!space || key.space == *space) && (variable.empty() || key.variable == variable) &&
        (!is_store || key.is_store == *is_store)) {
      total = total + count;
    }
  }
  return total;
}

Count KernelStatistics::global_bytes_accessed() const {
  Count total;
  for (const auto& [key, count] : memory_accesses) {
    if (key.space == MemorySpace::Global)
      total = total + count.scaled(static_cast<int64_t>(dtype_size(key.dtype)));
  }
  return total;
}

}  // namespace loom
