#include "codegen/uniform_selects.hpp"

#include "analysis/bulk_copies.hpp"

#include <isl/constraint.h>

#include <algorithm>
#include <cstdlib>

#include "analysis/accesses.hpp"
#include "codegen/implied_conditions.hpp"
#include "codegen/tensor_cores.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_extra.hpp"
#include "transforms/footprint_support.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/tail_support.hpp"
#include "analysis/condition_set.hpp"

namespace loom::codegen {

namespace {

bool is_global(const LoopKernel& kernel, const std::string& name) {
  if (const KernelArgument* arg = kernel.find_arg(name)) return arg->is_array();
  const Temporary* temporary = kernel.find_temporary(name);
  return temporary != nullptr && temporary->address_space == AddressSpace::Global;
}

// Inames that vary inside one iteration of the code's loops: work-items and unrolled copies.
bool varies_within_iteration(const InameTag& tag) {
  switch (tag.kind) {
    case InameTag::Kind::Local:
    case InameTag::Kind::LocalAuto:
    case InameTag::Kind::Unroll:
    case InameTag::Kind::Ilp:
    case InameTag::Kind::IlpSeq:
    case InameTag::Kind::Vec: return true;
    default: return false;
  }
}

// `set` with the named dimensions left unconstrained (projected out and re-added).
isl::set eliminated(const isl::set& set, const std::vector<std::string>& dims) {
  isl_set* result = set.copy();
  for (const std::string& dim : dims) {
    int position = isl_set_find_dim_by_name(result, isl_dim_set, dim.c_str());
    if (position >= 0) result = isl_set_eliminate(result, isl_dim_set, static_cast<unsigned>(position), 1);
  }
  return isl::manage(result);
}

ExprPtr conjunction(const std::vector<ExprPtr>& conditions) {
  ExprPtr result;
  for (const ExprPtr& condition : conditions) result = result ? binary(BinaryOp::LogicalAnd, result, condition) : condition;
  return result;
}

// The instances of `domain` where `condition` holds: the condition's set is built on the whole
// space and intersected with `domain` once, or on `domain` where it is not affine on the whole
// space (issue 26: built on the domain, isl simplified every operation of each condition against
// it, two thirds of split_uniform_selects on the ring fills). The same points either way; the
// generated code of every example and conformance spec is unchanged (compare_generated.py).
std::optional<isl::set> condition_on(const LoopKernel& kernel, const Expr& condition, const isl::set& domain) {
  if (std::optional<isl::set> holds = condition_set(kernel, condition, isl::set::universe(domain.space()))) {
    return holds->intersect(domain);
  }
  return condition_set(kernel, condition, domain);
}

// The instances where the instruction runs: its domain under its affine predicates.
isl::set running_instances(const LoopKernel& kernel, const Instruction& instruction) {
  isl::set domain = instruction_domain(kernel, instruction);
  for (const ExprPtr& predicate : instruction.predicates) {
    const Expr& condition = is_padding_marker(*predicate) ? *predicate->operands[0] : *predicate;
    if (!over_inames_and_parameters(kernel, condition)) continue;
    if (std::optional<isl::set> holds = condition_on(kernel, *predicate, domain)) domain = *holds;
  }
  return domain;
}

// The affine select conditions of `expression` (nullopt when one of them is not affine: then
// the uniform copy could not drop it).
std::optional<std::vector<ExprPtr>> select_conditions(const LoopKernel& kernel, const Expr& expression) {
  std::vector<ExprPtr> conditions;
  bool affine = true;
  visit_expr(expression, [&](const Expr& node) {
    if (node.kind != ExprKind::IfThenElse) return;
    if (!over_inames_and_parameters(kernel, *node.operands[0])) affine = false;
    conditions.push_back(node.operands[0]);
  });
  if (!affine) return std::nullopt;
  return conditions;
}

ExprPtr loads_only(const ExprPtr& expression) {
  return map_expr(expression, [](const ExprPtr& node) -> ExprPtr {
    return node->kind == ExprKind::IfThenElse ? node->operands[1] : node;
  });
}

// The condition U on the instruction's outer iterations under which every select holds for all
// of the iteration's work-items and copies, as predicates; nullopt when there is nothing to gain
// or U is not exactly a conjunction of affine constraints.
std::optional<std::vector<ExprPtr>> uniform_condition(const LoopKernel& kernel, const Instruction& instruction,
                                                      const std::vector<ExprPtr>& conditions) {
  std::vector<std::string> inner;
  for (const std::string& iname : instruction.within_inames) {
    InameTag tag = kernel.tag_of(iname);
    if (varies_within_iteration(tag)) inner.push_back(iname);
  }
  if (inner.empty()) return std::nullopt;
  isl::set domain = running_instances(kernel, instruction);
  isl::set failing = isl::set::empty(domain.space());
  for (const ExprPtr& condition : conditions) {
    std::optional<isl::set> holds = condition_on(kernel, *condition, domain);
    if (!holds) return std::nullopt;
    failing = failing.unite(domain.subtract(*holds));
  }
  if (failing.is_empty()) return std::nullopt;  // drop_implied_conditions' case
  isl::set iterations = eliminated(domain, inner);
  isl::set uniform = iterations.subtract(eliminated(failing, inner)).coalesce();
  if (uniform.is_empty()) return std::nullopt;
  std::vector<ExprPtr> predicates =
      region_predicates(uniform, iterations, isl_extra::dim_names(domain, isl_dim_set));
  if (predicates.empty()) return std::nullopt;
  // region_predicates takes a hull: use it only where it is exactly U.
  std::optional<isl::set> claimed = condition_on(kernel, *conjunction(predicates), domain);
  if (!claimed || !claimed->is_equal(domain.intersect(uniform))) return std::nullopt;
  return predicates;
}

std::string unused_id(const LoopKernel& kernel, const std::string& base) {
  std::string id = base;
  for (int suffix = 0; kernel.find_instruction(id) != nullptr; ++suffix) id = base + "_" + std::to_string(suffix);
  return id;
}

bool writes_global(const LoopKernel& kernel, const Instruction& instruction) {
  for (const ExprPtr& assignee : instruction.assignees)
    if (is_global(kernel, assignee->name)) return true;
  return false;
}

// The whole-tile copy gets its own vec inames (`<iname>_whole`): a vec loop becomes whole vectors
// or 16-byte copies only where it holds one statement (isl_ast.cpp, `vectorized`), and the two
// copies in one vec loop would both be copied lane by lane.
std::map<std::string, std::string> own_vec_inames(LoopKernel& kernel, Instruction& full) {
  std::map<std::string, std::string> copies;
  for (const std::string& iname : full.within_inames) {
    if (kernel.tag_of(iname).kind != InameTag::Kind::Vec) continue;
    std::string name = iname + "_whole";
    for (int suffix = 0; name_taken(kernel, name); ++suffix) name = iname + "_whole_" + std::to_string(suffix);
    copies[iname] = name;
  }
  if (copies.empty()) return copies;
  add_iname_copies(kernel, copies);
  for (const auto& [iname, copy] : copies) kernel.iname_tags[copy] = kernel.tag_of(iname);
  rename_inames_in(full, copies);
  return copies;
}

// Which instructions are split: every one with LOOM_UNIFORM_FETCHES=1; by default, on CUDA, the
// fills of cp.async rings (pipeline_fetch with async) and the rings' first fills, whose 16-byte copies otherwise test every
// copy's bounds and alignment in the k loop and keep a lane-by-lane fallback beside each copy (the
// wgmma GEMM's 4-stage loop: 909 SASS a k tile, 132 B of spills). LOOM_UNIFORM_FETCHES=0 turns
// the default off. The eleventh pass had this default and lost 15-18% at 4000^3 (spills of the
// doubled loop); since the fifteenth pass the whole-tile side also takes the arrays' alignment
// into its test (lower_vector.cpp, kUniformWholeTag) and keeps no lanes, which is what the
// default is for (docs/decisions.md, issue 29, wt-wg15).
// The rings' first fills (before the loop, pipeline_fetch) are split too: one uniform test and
// 16-byte copies in one block, whose loads the compiler can then issue together.
bool split_this(const Instruction& instruction, Target target, const std::set<std::string>& rings) {
  if (is_bulk_fill(instruction)) return false;  // one box copy a group (bulk_fills.hpp): nothing to split
  const char* setting = std::getenv("LOOM_UNIFORM_FETCHES");
  if (setting != nullptr && std::string(setting) == "1") return true;
  bool off = setting != nullptr && std::string(setting) == "0";
  if (off || target != Target::CUDA) return false;
  if (is_async_copy(instruction)) return true;
  return std::any_of(instruction.assignees.begin(), instruction.assignees.end(),
                     [&](const ExprPtr& assignee) { return rings.count(assignee->name) != 0; });
}

}  // namespace

bool uniform_selects_enabled() {
  const char* setting = std::getenv("LOOM_UNIFORM_FETCHES");
  return setting != nullptr && std::string(setting) == "1";
}

// Which instructions are split (split_uniform_selects runs only when asked): with
// LOOM_UNIFORM_FETCHES=1, every one (the fills of cp.async rings
// among them: their 16-byte copies otherwise test every lane's bounds per copy in the k loop, 230
// SASS a k tile of the wgmma GEMM against 160 split; docs/decisions.md, the eleventh pass). Off by
// default: on the H100 the split bought 7-9% at 4096 and 8192 but lost 15-18% at 4000^3 (ptxas
// spills grew with both copies in the loop) and 50-60% more compile time for the ring specs
// (results/2026-11-26-tensor-cores-11.md); a ragged-size loss is not a default.
LoopKernel split_uniform_selects(const LoopKernel& kernel, Target target) {
  std::set<std::string> rings = async_rings(kernel);
  bool candidates = std::any_of(kernel.instructions.begin(), kernel.instructions.end(),
                                [&](const Instruction& instruction) { return split_this(instruction, target, rings); });
  if (!candidates) return kernel;
  LoopKernel result = kernel;
  std::vector<Instruction> instructions;
  std::map<std::string, std::string> uniform_copy;  // original id -> its uniform copy's id
  for (const Instruction& instruction : kernel.instructions) {
    std::optional<std::vector<ExprPtr>> conditions;
    if (split_this(instruction, target, rings) && instruction.kind == InstructionKind::Assignment &&
        instruction.expression && !writes_global(kernel, instruction)) {
      conditions = select_conditions(kernel, *instruction.expression);
    }
    std::optional<std::vector<ExprPtr>> uniform;
    if (conditions && !conditions->empty()) uniform = uniform_condition(kernel, instruction, *conditions);
    if (!uniform) {
      instructions.push_back(instruction);
      continue;
    }
    Instruction full = instruction;
    full.id = unused_id(result, instruction.id + "_uniform");
    result.instructions.push_back(full);  // reserves the id for unused_id
    full.expression = loads_only(instruction.expression);
    // As padding markers the two guards stay out of isl's domains (isl would hoist a condition on
    // group ids and parameters alone to the top of the kernel and copy every nest under it) and
    // are lowered as `if`s, which merge_branches joins across the unrolled copies. First among
    // the predicates: a 16-byte copy nests its guards in their order (lower_wide_copy), and the
    // outermost is the one merge_branches sees.
    ExprPtr whole = conjunction(*uniform);
    full.predicates.insert(full.predicates.begin(), padding_marker(whole, int_literal(0)));
    // The pair is named in tags, so that a 16-byte copy of the whole tile can take the arrays'
    // alignment into the tile's test where the edge copy can take the misaligned tiles
    // (lower_vector.cpp): `<tag>:<other id>`, and the whole copy's vec inames `<copy>=<original>`.
    full.tags.insert(std::string(kUniformWholeTag) + ":" + instruction.id);
    for (const auto& [original, copy] : own_vec_inames(result, full))
      full.tags.insert(std::string(kUniformWholeVecTag) + ":" + copy + "=" + original);
    Instruction edge = instruction;
    edge.tags.insert(std::string(kUniformEdgeTag) + ":" + full.id);
    edge.predicates.insert(edge.predicates.begin(), padding_marker(unary(UnaryOp::LogicalNot, whole), int_literal(0)));
    uniform_copy[instruction.id] = full.id;
    instructions.push_back(std::move(full));
    instructions.push_back(std::move(edge));
  }
  if (uniform_copy.empty()) return kernel;
  for (Instruction& instruction : instructions) {
    std::set<std::string> extra;
    for (const std::string& dependency : instruction.depends_on)
      if (auto found = uniform_copy.find(dependency); found != uniform_copy.end()) extra.insert(found->second);
    instruction.depends_on.insert(extra.begin(), extra.end());
    std::vector<NoSyncWith> more;
    for (const NoSyncWith& entry : instruction.no_sync_with)
      if (auto found = uniform_copy.find(entry.instruction_match); found != uniform_copy.end())
        more.push_back({found->second, entry.scope});
    instruction.no_sync_with.insert(instruction.no_sync_with.end(), more.begin(), more.end());
  }
  result.instructions = std::move(instructions);
  return result;
}

}  // namespace loom::codegen
