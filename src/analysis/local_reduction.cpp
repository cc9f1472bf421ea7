// Local-parallel reduction realization (loopy's realize_reduction for an `l.N` iname,
// research/loopy-notes.md §1.4 and §6.5). With i tagged l.0 over 0 <= i < 5:
//
//   out[j] = sum(i, a[j, i])                                     {id=insn}
// becomes
//   acc_i[i] = a[j, i]                                           {id=insn_i_transfer, inames=j:i}
//   acc_i[red_i_s0] = acc_i[red_i_s0] + acc_i[red_i_s0 + 4]      {id=insn_i_stage_0}   0 <= red_i_s0 < 1
//   acc_i[red_i_s1] = acc_i[red_i_s1] + acc_i[red_i_s1 + 2]      {id=insn_i_stage_1}   0 <= red_i_s1 < 2
//   acc_i[red_i_s2] = acc_i[red_i_s2] + acc_i[red_i_s2 + 1]      {id=insn_i_stage_2}   0 <= red_i_s2 < 1
//   out[j] = acc_i[0]                                            {id=insn, inames=j:red_i_result}
//
// A length that is not a power of two first folds the part above the largest power of two P onto
// the start (stage 0 above: stride P = 4), then halves P/2, ..., 1, so no step reads past the
// end. Where the transfer does not write every position (a range depending on other inames or on
// a parameter), a fill with the neutral element comes first. Stage inames are tagged like the
// reduced iname and start at 0: a stage runs on its first `count` work-items, and the chain of
// dependencies through the local array lets insert_barriers put a barrier wherever a stage reads
// a position another work-item wrote (above: after the transfer and before stage 2; stage 1
// reads acc_i[0] in the work-item that folded it).
// The result is read by one work-item (red_i_result of length 1) when the assignee is an argument
// or a local or global temporary, and by every work-item (length n) when it is private.
// acc_i has one axis per other l.N iname of the instruction (each row of work-items reduces its
// own row) and none for g.N inames (each work-group has its own local memory) or sequential ones
// (the next iteration overwrites it; insert_barriers orders the reuse).
// With warp shuffles (CUDA, `warp_shuffles`), over an l.0 iname of >= 32 work-items whose lanes
// 32k..32k+31 form whole warps (warps_are_whole), a length that is a multiple of 32 reduces in two
// levels (block_reduce), here for 128:
//   acc_i[red_i_warps] = loom_warp_sum(acc_i[red_i_warps])                   0 <= red_i_warps < 128
//   acc_i[red_i_partials] = acc_i[32*red_i_partials]                         0 <= red_i_partials < 4
//   acc_i[red_i_warp] = loom_warp_sum(red_i_warp < 4 ? acc_i[red_i_warp] : 0)  0 <= red_i_warp < 32
// and any other length keeps the tree down to 32 positions, then the last line without the
// condition replaces the steps of stride 16..1 (argmax/argmin always take this second form).
// `loom_warp_sum` is the warp's butterfly of __shfl_xor_sync, leaving the sum in every lane. The
// shuffling instructions read only the position their lane wrote itself, and the partials step's
// reads of other lanes' positions get their barrier from the dependences as any step does, so the
// barriers stay exact: the cross-lane exchange is inside one instruction run by whole warps.
// Fewer than 32 work-items, or rows of work-items (l.1, l.2) whose l.0 size is not a multiple of
// 32 (a warp would span two rows), keep the full tree.
// argmax/argmin carry an index array along. The tree pairs positions out of order, so a step
// takes the other element when its value is better, or equal with a smaller index: the first
// position when the index grows with the iname, as in the sequential `argmax(i, a[i], i)`.
#include "analysis/local_reduction.hpp"

#include <isl/set.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "analysis/realize_reduction.hpp"
#include "analysis/reduction_operations.hpp"
#include "analysis/type_inference.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_kernel.hpp"
#include "lang/domain_parser.hpp"
#include "loom/error.hpp"

namespace loom {

namespace {

using Kind = InameTag::Kind;

// A reduction over a g.N iname would need work-groups to combine their values within one launch.
[[noreturn]] void refuse_group_reduction(const Instruction& instruction, const std::string& iname, const InameTag& tag) {
  throw Error("instruction '" + instruction.id + "': reduction over iname '" + iname + "' tagged " + to_string(tag) +
              " cannot be realized: work-groups cannot combine their values within one launch. Reduce in two "
              "levels instead: split_iname('" + iname + "', <block>, inner_tag='l.0', outer_tag='g.0'), reduce each "
              "group's part over the l.0 iname into a global temporary indexed by the g.0 iname, then reduce that "
              "temporary in a second reduction after a global barrier (loopy's two-level reduction)");
}

std::vector<std::string> inames_tagged(const LoopKernel& kernel, const std::vector<std::string>& inames, Kind kind) {
  std::vector<std::string> result;
  for (const std::string& iname : inames)
    if (kernel.tag_of(iname).kind == kind) result.push_back(iname);
  return result;
}

// Refuses the reductions of `expr` that cannot be realized on a GPU (see the header).
void refuse_unsupported(const LoopKernel& kernel, const Instruction& instruction, const Expr& expr, bool nested) {
  if (expr.kind == ExprKind::Reduction) {
    for (const std::string& iname : inames_tagged(kernel, expr.reduction_inames, Kind::Group)) {
      refuse_group_reduction(instruction, iname, kernel.tag_of(iname));
    }
    std::vector<std::string> local = inames_tagged(kernel, expr.reduction_inames, Kind::Local);
    if (local.size() > 1) {
      throw Error("instruction '" + instruction.id + "': reduction over inames '" + local[0] + "' and '" + local[1] +
                  "', both tagged l.N; a reduction may run over one local iname (join_inames them first)");
    }
    if (!local.empty() && nested) {
      throw Error("instruction '" + instruction.id + "': the reduction over iname '" + local[0] + "' (tagged " +
                  to_string(kernel.tag_of(local[0])) + ") is inside another reduction; a local tree reduction "
                  "must be outermost (split_reduction_outward the other iname, or untag '" + local[0] + "')");
    }
    nested = true;
  }
  for (const ExprPtr& operand : expr.operands) refuse_unsupported(kernel, instruction, *operand, nested);
}

bool has_local_reduction(const LoopKernel& kernel, const Expr& expr) {
  bool found = false;
  visit_expr(expr, [&](const Expr& node) {
    found = found || (node.kind == ExprKind::Reduction && !inames_tagged(kernel, node.reduction_inames, Kind::Local).empty());
  });
  return found;
}

bool any_local_reduction(const LoopKernel& kernel) {
  return std::any_of(kernel.instructions.begin(), kernel.instructions.end(), [&](const Instruction& instruction) {
    return instruction.expression != nullptr && has_local_reduction(kernel, *instruction.expression);
  });
}

// A hardware iname with its constant range.
struct LocalAxis {
  std::string iname;
  int64_t lower;
  int64_t extent;
};

LocalAxis constant_local_axis(const LoopKernel& kernel, const std::string& iname, const Instruction& instruction) {
  std::optional<ConstantRange> range = constant_iname_range(kernel, iname);
  if (!range) {
    throw Error("instruction '" + instruction.id + "': the local reduction over iname '" + iname + "' (tagged " +
                to_string(kernel.tag_of(iname)) + ") needs a constant length; split it with a fixed inner_length or "
                "fix the parameters of its bounds");
  }
  return {iname, range->lower, range->extent};
}

// Whether the transfer writes every position of the local array for every value of the other
// inames; where it does not (a range that depends on them, or on a parameter as after
// split_iname of a parametric loop), the array is filled with the neutral element first.
bool transfer_covers_range(const LoopKernel& kernel, const Instruction& transfer, const LocalAxis& axis) {
  std::vector<std::string> dims(transfer.within_inames.begin(), transfer.within_inames.end());
  auto position = static_cast<unsigned>(std::find(dims.begin(), dims.end(), axis.iname) - dims.begin());
  isl::set domain = instruction_domain(kernel, transfer, dims, "S");
  isl_set* box = isl_set_eliminate(domain.copy(), isl_dim_set, position, 1);
  box = isl_set_lower_bound_si(box, isl_dim_set, position, static_cast<int>(axis.lower));
  box = isl_set_upper_bound_si(box, isl_dim_set, position, static_cast<int>(axis.lower + axis.extent - 1));
  return isl::manage(box).is_subset(domain);
}

// The halving steps: (stride, work-items taking part). Sizes that are not a power of two first
// fold the part above the largest power of two onto the start.
std::vector<std::pair<int64_t, int64_t>> tree_stages(int64_t length) {
  int64_t power = 1;
  while (power * 2 <= length) power *= 2;
  std::vector<std::pair<int64_t, int64_t>> stages;
  if (length > power) stages.emplace_back(power, length - power);
  for (int64_t stride = power / 2; stride >= 1; stride /= 2) stages.emplace_back(stride, stride);
  return stages;
}

ExprPtr offset(const std::string& iname, int64_t lower) {
  return lower == 0 ? variable(iname) : binary(BinaryOp::Subtract, variable(iname), int_literal(lower));
}

constexpr int64_t kWarpSize = 32;

// Whether l.0 work-items 0..31 of each row (same l.1, l.2) form one whole warp in every launch of
// this kernel: CUDA numbers threads x fastest, so that holds when the work-group is one row of at
// least 32 (no l.1/l.2 axis longer than 1) or its size along l.0 is a multiple of 32. The size is
// the longest l.0 iname the instructions run in or reduce over; a kernel split by global barriers launches several
// work-group shapes, so there every used l.0 iname must be a multiple of 32 (or the group one row).
bool warps_are_whole(const LoopKernel& kernel) {
  std::set<std::string> used;
  bool split = false;
  for (const Instruction& instruction : kernel.instructions) {
    used.insert(instruction.within_inames.begin(), instruction.within_inames.end());
    if (instruction.expression == nullptr) continue;
    visit_expr(*instruction.expression, [&](const Expr& node) {
      if (node.kind == ExprKind::Reduction) used.insert(node.reduction_inames.begin(), node.reduction_inames.end());
    });
    split = split || (instruction.kind == InstructionKind::Barrier && instruction.barrier_scope == SyncScope::Global);
  }
  int64_t size_x = 1;
  bool rows = false;
  bool every_x_whole = true;
  for (const std::string& iname : used) {
    InameTag tag = kernel.tag_of(iname);
    if (tag.kind != Kind::Local) continue;
    std::optional<ConstantRange> range = constant_iname_range(kernel, iname);
    if (!range) return false;
    if (tag.axis != 0) {
      rows = rows || range->extent > 1;
      continue;
    }
    size_x = std::max(size_x, range->extent);
    every_x_whole = every_x_whole && range->extent % kWarpSize == 0;
  }
  if (!rows) return true;  // reductions need >= 32 along l.0 themselves
  return split ? every_x_whole : size_x % kWarpSize == 0;
}

bool shuffles_type(DType dtype) {
  return dtype == DType::Float32 || dtype == DType::Float64 || dtype == DType::Int32 || dtype == DType::Int64 ||
         dtype == DType::UInt32 || dtype == DType::UInt64;
}

class LocalReductionRealizer {
 public:
  LocalReductionRealizer(LoopKernel& kernel, bool warp_shuffles) : kernel_(kernel) {
    // Whole warps matter only to a local reduction; the test asks the lineage for every local
    // iname's range (issue 26: 4% of a one-split spec's compile when nothing reduces).
    whole_warps_ = warp_shuffles && any_local_reduction(kernel) && warps_are_whole(kernel);
    for (const Instruction& instruction : kernel.instructions) used_ids_.insert(instruction.id);
    for (const Temporary& temporary : kernel.temporaries) used_names_.insert(temporary.name);
    for (const KernelArgument& arg : kernel.args) used_names_.insert(arg.name);
    for (const std::string& iname : kernel.all_inames()) used_names_.insert(iname);
  }

  void realize_all() {
    std::vector<Instruction> result;
    for (const Instruction& instruction : kernel_.instructions) {
      if (instruction.expression == nullptr) {
        result.push_back(instruction);
        continue;
      }
      refuse_unsupported(kernel_, instruction, *instruction.expression, false);
      if (!has_local_reduction(kernel_, *instruction.expression)) {
        result.push_back(instruction);
        continue;
      }
      realize_instruction(instruction, result);
    }
    for (Instruction& instruction : result) {
      for (const auto& [id, extra] : index_stores_) {
        if (instruction.depends_on.count(id) != 0) instruction.depends_on.insert(extra);
      }
    }
    kernel_.instructions = std::move(result);
  }

 private:

  // A new iname `0 <= name < length` on the reduced iname's hardware axis.
  std::string add_local_iname(const std::string& base, int64_t length, const InameTag& tag) {
    std::string name = unique_name(used_names_, base);
    std::string text = "{[" + name + "]: 0 <= " + name + " < " + std::to_string(length) + "}";
    kernel_.domains.push_back(lang::parse_domain(isl_context_of(kernel_), text));
    kernel_.iname_tags[name] = tag;
    return name;
  }

  // The local array of one reduction: its name and the other l.N axes it is indexed by first.
  struct LocalArray {
    std::string name;
    std::vector<LocalAxis> rows;
    ExprPtr at(ExprPtr position) const {
      std::vector<ExprPtr> indices;
      for (const LocalAxis& row : rows) indices.push_back(offset(row.iname, row.lower));
      indices.push_back(std::move(position));
      return subscript(name, indices);
    }
  };

  LocalArray add_local_array(const std::string& base, DType dtype, const std::vector<LocalAxis>& rows, int64_t length) {
    Temporary array;
    array.name = unique_name(used_names_, base);
    array.dtype = dtype;
    array.address_space = AddressSpace::Local;
    for (const LocalAxis& row : rows) array.shape.push_back(int_literal(row.extent));
    array.shape.push_back(int_literal(length));
    kernel_.temporaries.push_back(array);
    return {array.name, rows};
  }

  std::vector<LocalAxis> other_local_axes(const Instruction& origin) const {
    std::vector<LocalAxis> rows;
    for (const std::string& iname : origin.within_inames) {
      if (kernel_.tag_of(iname).kind == Kind::Local) rows.push_back(constant_local_axis(kernel_, iname, origin));
    }
    return rows;
  }

  Instruction derived(const Instruction& origin, const std::string& id_suffix, std::set<std::string> within) {
    return derived_instruction(origin, unique_name(used_ids_, origin.id + "_" + id_suffix), std::move(within));
  }

  DType value_type(const Expr& value, const ExprPtr& assignee) const {
    TypeContext types(kernel_);
    ExprType type = types.type_of(value);
    return type.weak ? types.variable_dtype(assignee->name) : type.dtype;
  }

  // What each work-item contributes: the term, or its partial reduction over the sequential inames.
  static ExprPtr term(const Expr& reduction, const std::string& local_iname, std::size_t operand) {
    std::vector<std::string> sequential;
    for (const std::string& iname : reduction.reduction_inames)
      if (iname != local_iname) sequential.push_back(iname);
    if (sequential.empty()) return reduction.operands[operand];
    return loom::reduction(reduction.name, sequential, reduction.operands);
  }

  // A private assignee needs the result in every work-item; anything else is written once.
  int64_t readers(const Instruction& origin, int64_t length) const {
    for (const ExprPtr& assignee : origin.assignees) {
      const Temporary* temporary = kernel_.find_temporary(assignee->name);
      if (temporary != nullptr && (temporary->address_space == AddressSpace::Private ||
                                   temporary->address_space == AddressSpace::Auto)) {
        return length;
      }
    }
    return 1;
  }

  static std::string local_iname_of(const LoopKernel& kernel, const Expr& reduction) {
    return inames_tagged(kernel, reduction.reduction_inames, Kind::Local).front();
  }

  // The iname on `axis`'s hardware axis under which the instruction reads the result; one per
  // axis and instruction, created by its first local reduction.
  std::string result_iname(const Instruction& origin, const LocalAxis& axis) {
    InameTag tag = kernel_.tag_of(axis.iname);
    auto found = result_inames_.find(tag.axis);
    if (found != result_inames_.end()) return found->second;
    std::string name = add_local_iname("red_" + axis.iname + "_result", readers(origin, axis.extent), tag);
    result_inames_[tag.axis] = name;
    return name;
  }

  // Stage iname `k` of the reduction over `axis`, with `count` work-items taking part.
  std::string stage_iname(const LocalAxis& axis, std::size_t k, int64_t count) {
    return add_local_iname("red_" + axis.iname + "_s" + std::to_string(k), count, kernel_.tag_of(axis.iname));
  }

  Instruction transfer_to(const Instruction& origin, const LocalAxis& axis, const std::string& suffix,
                          std::vector<ExprPtr> assignees, ExprPtr value) {
    std::set<std::string> within = origin.within_inames;
    within.insert(axis.iname);
    Instruction transfer = derived(origin, axis.iname + suffix, within);
    transfer.assignees = std::move(assignees);
    transfer.expression = std::move(value);
    transfer.depends_on = origin.depends_on;
    return transfer;
  }

  // Fills the whole local arrays (every position of the l axis) with the given values; returns the
  // id the transfer depends on (each work-item overwrites its own position: no barrier needed).
  std::string fill(const Instruction& origin, const std::vector<std::string>& reduction_inames, const LocalAxis& axis,
                   const std::vector<std::pair<LocalArray, ExprPtr>>& contents, std::vector<Instruction>& out) {
    std::string position = add_local_iname("red_" + axis.iname + "_fill", axis.extent, kernel_.tag_of(axis.iname));
    std::set<std::string> within = origin.within_inames;
    within.insert(position);
    std::string previous;
    for (const auto& [array, value] : contents) {
      Instruction step = derived(origin, axis.iname + "_fill", within);
      step.assignees = {array.at(variable(position))};
      step.expression = value;
      // The fill reads nothing: like an accumulator's init it runs before the reduction's loops,
      // so a tile fetched inside them (per k_outer) does not hold it back (the fetch would run
      // in a k_outer loop of its own, before the one that reads it: transform fuzzer, seed 24).
      step.depends_on = reduction_init_dependencies(kernel_, origin, reduction_inames, true);
      if (!previous.empty()) step.depends_on.insert(previous);
      out.push_back(step);
      previous = step.id;
    }
    return previous;
  }

  // Whether the last 32 positions of the tree over `axis` are reduced by one warp's shuffles: an l.0
  // axis of >= 32 work-items, whole warps, no other l.0 iname around it, types a shuffle moves.
  bool reduces_in_warp(const Instruction& origin, const LocalAxis& axis, const std::vector<DType>& types) const {
    if (!whole_warps_ || kernel_.tag_of(axis.iname).axis != 0 || axis.extent < kWarpSize) return false;
    for (const std::string& iname : origin.within_inames) {
      InameTag tag = kernel_.tag_of(iname);
      if (tag.kind == Kind::Local && tag.axis == 0) return false;
    }
    return std::all_of(types.begin(), types.end(), shuffles_type);
  }

  // The tree's stages, without those of stride < 32 when a warp finishes it.
  static std::vector<std::pair<int64_t, int64_t>> shared_stages(const LocalAxis& axis, bool in_warp) {
    std::vector<std::pair<int64_t, int64_t>> stages = tree_stages(axis.extent);
    if (in_warp) std::erase_if(stages, [](const auto& stage) { return stage.first < kWarpSize; });
    return stages;
  }

  // One instruction on lanes 0..31: `array[lane] = call(array[lane], ...)` over `arguments`.
  Instruction warp_step(const Instruction& origin, const LocalAxis& axis, const std::string& id_suffix,
                        const LocalArray& target, const std::string& function, const std::vector<LocalArray>& arguments,
                        std::set<std::string> previous) {
    if (warp_lane_.empty()) warp_lane_ = add_local_iname("red_" + axis.iname + "_warp", kWarpSize, kernel_.tag_of(axis.iname));
    std::set<std::string> within = origin.within_inames;
    within.insert(warp_lane_);
    Instruction step = derived(origin, axis.iname + id_suffix, within);
    std::vector<ExprPtr> values;
    for (const LocalArray& argument : arguments) values.push_back(argument.at(variable(warp_lane_)));
    step.assignees = {target.at(variable(warp_lane_))};
    step.expression = call(function, values);
    step.depends_on = std::move(previous);
    return step;
  }

  // Whole warps only (a multiple of 32 work-items): the classic two-level block reduce. Every warp
  // reduces its 32 positions (each lane its own: no barrier after the transfer), position 32w's
  // warp result moves to position w (a barrier before: other work-items wrote them), and the first
  // warp reduces those, lanes past the last warp taking the neutral element. One barrier, where
  // the tree down to 32 needs log2(length / 32) + 1. Returns the last step's id.
  std::string block_reduce(const Instruction& origin, const LocalAxis& axis, const std::string& operation,
                           DType dtype, const LocalArray& array, const std::string& transfer,
                           std::vector<Instruction>& out) {
    auto step_over = [&](const std::string& suffix, int64_t length, const std::string& after) {
      std::string lane = add_local_iname("red_" + axis.iname + suffix, length, kernel_.tag_of(axis.iname));
      std::set<std::string> within = origin.within_inames;
      within.insert(lane);
      Instruction step = derived(origin, axis.iname + suffix, within);
      step.depends_on = {after};
      return std::pair{lane, step};
    };
    auto [lane, every_warp] = step_over("_warps", axis.extent, transfer);
    every_warp.assignees = {array.at(variable(lane))};
    every_warp.expression = call(warp_reduction_function(operation), {array.at(variable(lane))});
    out.push_back(every_warp);
    int64_t warps = axis.extent / kWarpSize;
    if (warps == 1) return every_warp.id;
    auto [index, gather] = step_over("_partials", warps, every_warp.id);
    gather.assignees = {array.at(variable(index))};
    gather.expression = array.at(binary(BinaryOp::Multiply, int_literal(kWarpSize), variable(index)));
    out.push_back(gather);
    auto [first_lane, first_warp] = step_over("_warp", kWarpSize, gather.id);
    ExprPtr partial = if_then_else(binary(BinaryOp::Less, variable(first_lane), int_literal(warps)),
                                   array.at(variable(first_lane)), reduction_neutral_element(operation, dtype));
    first_warp.assignees = {array.at(variable(first_lane))};
    first_warp.expression = call(warp_reduction_function(operation), {partial});
    out.push_back(first_warp);
    return first_warp.id;
  }

  ExprPtr realize_plain(const Instruction& origin, const Expr& reduction, std::vector<Instruction>& out,
                        std::set<std::string>& last) {
    ReductionOperation operation = parse_reduction_operation(reduction, origin);
    if (operation.is_arg) {
      throw Error("instruction '" + origin.id + "': " + operation.name +
                  " yields a value and an index; assign it to two variables: 'v, i = " + operation.name + "(...)'");
    }
    LocalAxis axis = constant_local_axis(kernel_, local_iname_of(kernel_, reduction), origin);
    DType dtype = value_type(*reduction.operands.back(), origin.assignees.front());
    LocalArray array = add_local_array("acc_" + axis.iname, dtype, other_local_axes(origin), axis.extent);
    Instruction transfer = transfer_to(origin, axis, "_transfer", {array.at(offset(axis.iname, axis.lower))},
                                       term(reduction, axis.iname, reduction.operands.size() - 1));
    if (!transfer_covers_range(kernel_, transfer, axis)) {
      transfer.depends_on.insert(fill(origin, reduction.reduction_inames, axis, {{array, reduction_neutral_element(operation.name, dtype)}}, out));
    }
    out.push_back(transfer);
    std::string previous = transfer.id;
    bool in_warp = has_warp_reduction(operation.name) && reduces_in_warp(origin, axis, {dtype});
    // (A CUDA block has at most 1024 = 32 * 32 threads: the first warp holds every partial.)
    if (in_warp && axis.extent % kWarpSize == 0 && axis.extent <= kWarpSize * kWarpSize) {
      last.insert(block_reduce(origin, axis, operation.name, dtype, array, previous, out));
      std::string reader = result_iname(origin, axis);
      // One warp: its butterfly left the result in every lane's own position, so each reader takes
      // its own and no barrier is needed (a row per warp then reduces with no barrier at all).
      if (axis.extent == kWarpSize && readers(origin, axis.extent) == axis.extent) return array.at(variable(reader));
      return array.at(int_literal(0));
    }
    std::vector<std::pair<int64_t, int64_t>> stages = shared_stages(axis, in_warp);
    for (std::size_t k = 0; k < stages.size(); ++k) {
      auto [stride, count] = stages[k];
      std::string position = stage_iname(axis, k, count);
      std::set<std::string> within = origin.within_inames;
      within.insert(position);
      Instruction step = derived(origin, axis.iname + "_stage_" + std::to_string(k), within);
      ExprPtr mine = array.at(variable(position));
      ExprPtr other = array.at(binary(BinaryOp::Add, variable(position), int_literal(stride)));
      step.assignees = {mine};
      step.expression = combine_reduction_values(operation.name, mine, other);
      step.depends_on = {previous};
      out.push_back(step);
      previous = step.id;
    }
    if (in_warp) {
      warp_lane_.clear();
      out.push_back(warp_step(origin, axis, "_warp", array, warp_reduction_function(operation.name), {array}, {previous}));
      previous = out.back().id;
    }
    last.insert(previous);
    result_iname(origin, axis);
    return array.at(int_literal(0));
  }

  // One halving step of argmax/argmin: the index first (it compares the values before the step),
  // then the value. Returns the value step's id.
  std::string arg_step(const Instruction& origin, const std::string& operation, const LocalArray& values,
                       const LocalArray& indices, const LocalAxis& axis, std::size_t k,
                       const std::set<std::string>& previous, std::vector<Instruction>& out) {
    auto [stride, count] = tree_stages(axis.extent)[k];  // the shared stages are a prefix of these
    std::string position = stage_iname(axis, k, count);
    std::set<std::string> within = origin.within_inames;
    within.insert(position);
    ExprPtr here = variable(position);
    ExprPtr there = binary(BinaryOp::Add, variable(position), int_literal(stride));
    BinaryOp better = operation == "argmax" ? BinaryOp::Greater : BinaryOp::Less;
    ExprPtr improves = binary(better, values.at(there), values.at(here));
    ExprPtr tie_with_smaller_index = binary(BinaryOp::LogicalAnd, binary(BinaryOp::Equal, values.at(there), values.at(here)),
                                            binary(BinaryOp::Less, indices.at(there), indices.at(here)));
    Instruction index_step = derived(origin, axis.iname + "_stage_" + std::to_string(k) + "_index", within);
    index_step.assignees = {indices.at(here)};
    index_step.expression = if_then_else(binary(BinaryOp::LogicalOr, improves, tie_with_smaller_index),
                                         indices.at(there), indices.at(here));
    index_step.depends_on = previous;
    Instruction value_step = derived(origin, axis.iname + "_stage_" + std::to_string(k), within);
    value_step.assignees = {values.at(here)};
    value_step.expression = if_then_else(improves, values.at(there), values.at(here));
    value_step.depends_on = {index_step.id};
    out.push_back(index_step);
    out.push_back(value_step);
    return value_step.id;
  }

  // `v, x = argmax(i, value, index)`: a value and an index array reduced together.
  void realize_arg(const Instruction& origin, const Expr& reduction, const std::string& operation,
                   std::vector<Instruction>& out) {
    if (origin.assignees.size() != 2 || reduction.operands.size() != 2) {
      throw Error("instruction '" + origin.id + "': " + operation +
                  " takes (inames, value, index) and is assigned to two variables: 'v, i = " + operation +
                  "(k, a[k], k)'");
    }
    LocalAxis axis = constant_local_axis(kernel_, local_iname_of(kernel_, reduction), origin);
    std::vector<LocalAxis> rows = other_local_axes(origin);
    DType value_dtype = value_type(*reduction.operands[0], origin.assignees[0]);
    DType index_dtype = value_type(*reduction.operands[1], origin.assignees[1]);
    LocalArray values = add_local_array("acc_" + axis.iname, value_dtype, rows, axis.extent);
    LocalArray indices = add_local_array("acc_" + axis.iname + "_index", index_dtype, rows, axis.extent);
    ExprPtr position = offset(axis.iname, axis.lower);
    std::vector<Instruction> transfers;
    if (reduction.reduction_inames.size() == 1) {
      transfers.push_back(transfer_to(origin, axis, "_transfer", {values.at(position)}, reduction.operands[0]));
      transfers.push_back(transfer_to(origin, axis, "_transfer_index", {indices.at(position)}, reduction.operands[1]));
    } else {
      transfers.push_back(transfer_to(origin, axis, "_transfer", {values.at(position), indices.at(position)},
                                      term(reduction, axis.iname, 0)));
    }
    if (!transfer_covers_range(kernel_, transfers.front(), axis)) {
      // An index no real position has loses every tie, so filled positions never win.
      std::string filled = fill(origin, reduction.reduction_inames, axis, {{values, reduction_neutral_element(operation, value_dtype)},
                                               {indices, reduction_neutral_element("min", index_dtype)}}, out);
      for (Instruction& transfer : transfers) transfer.depends_on.insert(filled);
    }
    std::set<std::string> previous;
    for (const Instruction& transfer : transfers) {
      out.push_back(transfer);
      previous.insert(transfer.id);
    }
    bool in_warp = reduces_in_warp(origin, axis, {value_dtype, index_dtype});
    for (std::size_t k = 0; k < shared_stages(axis, in_warp).size(); ++k) {
      previous = {arg_step(origin, operation, values, indices, axis, k, previous, out)};
    }
    if (in_warp) {
      // The index first: it reads the values before the value step overwrites them.
      warp_lane_.clear();
      out.push_back(warp_step(origin, axis, "_warp_index", indices, warp_reduction_function(operation + "_index"),
                              {values, indices}, previous));
      std::string value_operation = operation == "argmax" ? "max" : "min";
      out.push_back(warp_step(origin, axis, "_warp", values, warp_reduction_function(value_operation), {values},
                              {out.back().id}));
      previous = {out.back().id};
    }
    Instruction store_value = origin;
    store_value.within_inames.insert(result_iname(origin, axis));
    store_value.assignees = {origin.assignees[0]};
    store_value.expression = values.at(int_literal(0));
    store_value.depends_on.insert(previous.begin(), previous.end());
    Instruction store_index = derived(origin, "index", store_value.within_inames);
    store_index.assignees = {origin.assignees[1]};
    store_index.expression = indices.at(int_literal(0));
    store_index.depends_on = store_value.depends_on;
    out.push_back(store_value);
    out.push_back(store_index);
    index_stores_[origin.id] = store_index.id;
  }

  void realize_instruction(const Instruction& origin, std::vector<Instruction>& out) {
    result_inames_.clear();
    const Expr& top = *origin.expression;
    if (top.kind == ExprKind::Reduction && parse_reduction_operation(top, origin).is_arg) {
      realize_arg(origin, top, parse_reduction_operation(top, origin).name, out);
      return;
    }
    std::set<std::string> last;
    Instruction consumer = origin;
    consumer.expression = map_expr(origin.expression, [&](const ExprPtr& node) -> ExprPtr {
      if (node->kind != ExprKind::Reduction || inames_tagged(kernel_, node->reduction_inames, Kind::Local).empty()) {
        return node;
      }
      return realize_plain(origin, *node, out, last);
    });
    for (const auto& [axis, iname] : result_inames_) consumer.within_inames.insert(iname);
    consumer.depends_on.insert(last.begin(), last.end());
    out.push_back(consumer);
  }

  LoopKernel& kernel_;
  std::set<std::string> used_ids_;
  std::set<std::string> used_names_;
  std::map<std::string, std::string> index_stores_;  // argmax: id → the id of its index store
  std::map<int, std::string> result_inames_;          // the current instruction's, per l axis
  std::string warp_lane_;     // the lane iname of the current warp steps
  bool whole_warps_ = false;  // shuffles on: l.0 work-items 32k..32k+31 (same l.1, l.2) form a warp
};

}  // namespace

LoopKernel realize_local_reductions(const LoopKernel& kernel, bool warp_shuffles) {
  LoopKernel result = kernel;
  LocalReductionRealizer(result, warp_shuffles).realize_all();
  return result;
}

}  // namespace loom
