#include "codegen/barriers.hpp"

#include <fnmatch.h>
#include <isl/constraint.h>
#include <isl/map.h>

#include <algorithm>
#include <map>
#include <cstdlib>
#include <optional>
#include <set>

#include "analysis/accesses.hpp"
#include "analysis/dependences.hpp"
#include "analysis/index_digits.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_kernel.hpp"
#include "ir/work_counters.hpp"
#include "loom/error.hpp"

namespace loom::codegen {

namespace {

BarrierNeed barrier_need_beyond(const LoopKernel& kernel, const LaunchShape& launch, int source, int sink,
                                const std::vector<std::string>& shared_loops, const std::string& carried,
                                bool write_pairs, BarrierNeed known);

const Instruction& instruction_at(const LoopKernel& kernel, int index) {
  return kernel.instructions[static_cast<std::size_t>(index)];
}

const char* const kInsertedBarrierSource = "(barrier inserted by loom)";

// A local barrier after which no earlier access to local memory needs another one.
bool is_full_local_barrier(const Instruction& insn) {
  return insn.kind == InstructionKind::Barrier && insn.barrier_scope == SyncScope::Local && fences_local_memory(insn);
}

// Memory other work-items of the group see: local temporaries, and global memory (arguments
// and global temporaries). Private temporaries are per work-item.
bool is_shared_memory(const LoopKernel& kernel, const std::string& variable) {
  const Temporary* temporary = kernel.find_temporary(variable);
  return temporary == nullptr || temporary->address_space == AddressSpace::Local ||
         temporary->address_space == AddressSpace::Global;
}

bool is_global_memory(const LoopKernel& kernel, const std::string& variable) {
  const Temporary* temporary = kernel.find_temporary(variable);
  return temporary == nullptr || temporary->address_space == AddressSpace::Global;
}

// `in - out + offset` compared with 0: equal (kind 0), > 0 (kind 1) or < 0 (kind -1), on the
// input and output dimensions `in` and `out` of a map of instance pairs.
struct PairConstraint {
  int in, out;
  int64_t offset;
  int kind;
};

isl::basic_map with_pair_constraint(const isl::basic_map& part, const PairConstraint& pair) {
  isl_local_space* space = isl_local_space_from_space(isl_basic_map_get_space(part.get()));
  isl_constraint* c = pair.kind == 0 ? isl_constraint_alloc_equality(space) : isl_constraint_alloc_inequality(space);
  int sign = pair.kind < 0 ? -1 : 1;
  c = isl_constraint_set_coefficient_si(c, isl_dim_in, pair.in, sign);
  c = isl_constraint_set_coefficient_si(c, isl_dim_out, pair.out, -sign);
  c = isl_constraint_set_constant_si(c, static_cast<int>(sign * pair.offset - (pair.kind == 0 ? 0 : 1)));
  return isl::manage(isl_basic_map_add_constraint(part.copy(), c));
}

// The basic maps of `pairs`, each with `constraints` added, kept where non-empty. The same pairs
// as isl_map_intersect with each constraint in turn, and one emptiness test a part instead of one
// a part and constraint (isl_map_intersect tests every part it makes, after comparing the two maps
// for plain equality; issue 26: that was most of barrier placement on the tensor-core specs).
std::vector<isl::basic_map> nonempty_parts(const isl::map& pairs, const std::vector<PairConstraint>& constraints) {
  std::vector<isl::basic_map> nonempty;
  pairs.foreach_basic_map([&](isl::basic_map part) {
    for (const PairConstraint& constraint : constraints) part = with_pair_constraint(part, constraint);
    if (!part.is_empty()) nonempty.push_back(part);
  });
  return nonempty;
}

// Whether some part has a pair that also meets `extra`.
bool some_part_meets(const std::vector<isl::basic_map>& parts, const PairConstraint& extra) {
  return std::any_of(parts.begin(), parts.end(),
                     [&](const isl::basic_map& part) { return !with_pair_constraint(part, extra).is_empty(); });
}

int dim_in(const isl::map& map, const std::string& name) { return isl_map_find_dim_by_name(map.get(), isl_dim_in, name.c_str()); }
int dim_out(const isl::map& map, const std::string& name) { return isl_map_find_dim_by_name(map.get(), isl_dim_out, name.c_str()); }

// The hardware iname of `instruction` on an axis, with its constant lower bound (nullopt: none or
// not constant).
struct AxisIname {
  std::string iname;
  std::optional<int64_t> lower;
};
std::optional<AxisIname> iname_on(const LaunchShape& launch, const Instruction& instruction, bool local, int axis) {
  for (const HardwareIname& hw : launch.inames) {
    if (hw.local != local || hw.axis != axis || instruction.within_inames.count(hw.iname) == 0) continue;
    std::optional<int64_t> lower;
    if (hw.lower->kind == ExprKind::IntLiteral) lower = hw.lower->int_value;
    return AxisIname{hw.iname, lower};
  }
  return std::nullopt;
}

// Whether some pair (source instance, sink instance) of `pairs` that meets `constraints` (the
// shared loops') runs in one work-group on different work-items. The pairs in one group (equal
// group indices) are tested once per way of being different work-items (apart along a local
// axis, either direction), stopping at the first that has a pair: isl's union of those ways
// intersected with the pairs cost most of barrier placement.
bool same_group_other_item(const isl::map& pairs, std::vector<PairConstraint> constraints, const LaunchShape& launch,
                           const Instruction& source, const Instruction& sink) {
  std::vector<PairConstraint> local_axes;
  bool every_item = false;
  for (bool local : {false, true}) {
    for (int axis = 0; axis < 3; ++axis) {
      std::optional<AxisIname> a = iname_on(launch, source, local, axis);
      std::optional<AxisIname> b = iname_on(launch, sink, local, axis);
      if (!a || !b) {
        // One of them runs on every work-item along a local axis of several (the lanes of a warp
        // share a tensorized tile, codegen/tensor_cores.hpp): work-items apart along it always
        // exist.
        every_item = every_item || (local && (a || b) && launch.block[static_cast<std::size_t>(axis)] > 1);
        continue;
      }
      int in = dim_in(pairs, a->iname), out = dim_out(pairs, b->iname);
      if (in < 0 || out < 0) continue;
      // Hardware index equal: a - lower_a == b - lower_b. Unknown lowers: same iname or give up
      // (no constraint: conservative, more barriers).
      std::optional<int64_t> offset;
      if (a->lower && b->lower) offset = *b->lower - *a->lower;
      else if (a->iname == b->iname) offset = 0;
      if (!offset) continue;
      if (!local) {
        constraints.push_back({in, out, *offset, 0});
      } else {
        local_axes.push_back({in, out, *offset, 0});
      }
    }
  }
  if (!every_item && local_axes.empty()) return false;  // no local axis: a single work-item
  // Where no barrier is needed, mostly no pair runs in one group at all: one test then instead of
  // one per axis and direction (the tuned SGEMM: 8 of its 11 calls, 4 tests each before).
  std::vector<isl::basic_map> same_group = nonempty_parts(pairs, constraints);
  bool other_item = !same_group.empty() && every_item;
  for (std::size_t axis = 0; !other_item && !same_group.empty() && axis < local_axes.size(); ++axis) {
    for (int direction : {1, -1}) {
      PairConstraint apart = local_axes[axis];
      apart.kind = direction;
      if (some_part_meets(same_group, apart)) {
        other_item = true;
        break;
      }
    }
  }
  return other_item;
}

bool declared_nosync(const Instruction& a, const Instruction& b) {
  auto lists = [&](const Instruction& owner, const Instruction& other) {
    return std::any_of(owner.no_sync_with.begin(), owner.no_sync_with.end(), [&](const NoSyncWith& entry) {
      return entry.scope != SyncScope::Global && fnmatch(entry.instruction_match.c_str(), other.id.c_str(), 0) == 0;
    });
  };
  return lists(a, b) || lists(b, a);
}

class BarrierInserter {
 public:
  BarrierInserter(LoopKernel& kernel, Linearization& linearization, const LaunchShape& launch)
      : kernel_(kernel), linearization_(linearization), launch_(launch) {}

  BarrierPlacement run(const std::vector<LoopNestNode>& roots) {
    std::vector<int> since;
    BarrierPlacement placement;
    placement.roots = walk(roots, since);
    placement.inserted = inserted_;
    return placement;
  }

 private:
  std::vector<LoopNestNode> walk(const std::vector<LoopNestNode>& nodes, std::vector<int>& since) {
    std::vector<LoopNestNode> out;
    for (const LoopNestNode& node : nodes) {
      if (node.kind == LoopNestNode::Kind::Instruction) {
        instruction(node, since, out);
      } else {
        // The loop's own barriers first (as if nothing were pending), then what ran before the
        // loop against what an iteration can run before its first barrier: one barrier before
        // the loop (loopy's placement) instead of one per iteration in front of the instruction,
        // and none where the loop's own barriers come first (the convolution's filter fetch is
        // read only after the barrier that orders the image fetch in each icolor iteration).
        std::vector<int> inside;
        LoopNestNode walked = loop(node, inside);
        if (BarrierNeed need = conflicts(since, head_instructions(walked.children), ""); need != BarrierNeed::None) {
          out.push_back(barrier_node(need));
          since.clear();
        }
        // The loop may run no iteration: what was pending before it still is.
        for (int index : inside) {
          if (std::find(since.begin(), since.end(), index) == since.end()) since.push_back(index);
        }
        out.push_back(std::move(walked));
      }
    }
    return out;
  }

  void instruction(const LoopNestNode& node, std::vector<int>& since, std::vector<LoopNestNode>& out) {
    const Instruction& insn = instruction_at(kernel_, node.instruction_index);
    // Reading what another work-item writes in the same step: no barrier can go in between.
    // (Two work-items writing one element is a write race, which the race check reports, or the
    // user's choice with unchecked transforms; here only a read of another's write counts.)
    if (barrier_need(kernel_, launch_, node.instruction_index, node.instruction_index, enclosing_, "",
                     /*write_pairs=*/false) != BarrierNeed::None) {
      throw Error("instruction '" + insn.id + "' reads memory that other work-items of its group write in the "
                  "same step; no barrier placement can order that (split it into two instructions through a "
                  "second temporary)");
    }
    if (is_full_local_barrier(insn)) {
      since.clear();
    } else if (insn.kind == InstructionKind::Barrier && insn.barrier_scope == SyncScope::Local) {
      // Fences global memory only: what touched local memory still needs a barrier before a
      // conflicting access.
      std::erase_if(since, [&](int index) { return !touches_local_memory(index); });
    } else if (BarrierNeed need = conflicts(since, {node.instruction_index}, ""); need != BarrierNeed::None) {
      out.push_back(barrier_node(need));
      since.clear();
    }
    since.push_back(node.instruction_index);
    out.push_back(node);
  }

  LoopNestNode loop(const LoopNestNode& node, std::vector<int>& since) {
    std::vector<int> before = since;
    enclosing_.push_back(node.iname);
    LoopNestNode result = node;
    result.children = walk(node.children, since);
    // Across iterations: what ran since the last barrier at the end of one iteration against what
    // runs before the first barrier of the next.
    std::vector<int> head = head_instructions(result.children);
    if (BarrierNeed need = conflicts(since, head, node.iname); need != BarrierNeed::None) {
      result.children.insert(result.children.begin(), barrier_node(need));
      since = all_instructions(result.children);
    }
    enclosing_.pop_back();
    // The loop may run no iteration: what ran before it is still unsynchronized after it.
    for (int index : before) {
      if (std::find(since.begin(), since.end(), index) == since.end()) since.push_back(index);
    }
    return result;
  }

  // Instructions that can run before the first (local) barrier of `nodes`: up to a barrier of
  // this level, which every path reaches; of a nested loop, those before its own first barrier,
  // and past it those after the loop (it may run no iteration).
  std::vector<int> head_instructions(const std::vector<LoopNestNode>& nodes) const {
    std::vector<int> head;
    for (const LoopNestNode& node : nodes) {
      if (node.kind == LoopNestNode::Kind::Instruction) {
        const Instruction& insn = instruction_at(kernel_, node.instruction_index);
        if (is_full_local_barrier(insn)) return head;
        head.push_back(node.instruction_index);
      } else {
        for (int index : head_instructions(node.children)) head.push_back(index);
      }
    }
    return head;
  }

  std::vector<int> all_instructions(const std::vector<LoopNestNode>& nodes) const {
    std::vector<int> all;
    for (const LoopNestNode& node : nodes) {
      if (node.kind == LoopNestNode::Kind::Instruction) all.push_back(node.instruction_index);
      else for (int index : all_instructions(node.children)) all.push_back(index);
    }
    return all;
  }

  bool touches_local_memory(int index) const {
    for (const Access& access : instruction_accesses(kernel_, instruction_at(kernel_, index))) {
      const Temporary* temporary = kernel_.find_temporary(access.variable);
      if (temporary != nullptr && temporary->address_space == AddressSpace::Local) return true;
    }
    return false;
  }

  // The strongest need among the pairs: a barrier fencing global memory covers local too. Once
  // one pair needs a local barrier, only global memory can make the need stronger: the other
  // pairs' local accesses are not asked of isl (issue 26: the whole-tile/edge split of ring fills
  // doubles the fills, and their pairs with each other and the tensor reads were each an isl
  // question per loop; the verdict is the same).
  BarrierNeed conflicts(const std::vector<int>& sources, const std::vector<int>& sinks, const std::string& carried) const {
    BarrierNeed strongest = BarrierNeed::None;
    for (int sink : sinks) {
      for (int source : sources) {
        std::vector<std::string> shared = shared_loops(source, sink);
        BarrierNeed need = barrier_need_beyond(kernel_, launch_, source, sink, shared, carried, true, strongest);
        if (need == BarrierNeed::GlobalMemory) return need;
        if (need == BarrierNeed::LocalMemory) strongest = need;
      }
    }
    return strongest;
  }

  // The enclosing loops (at this point of the walk) both instructions run in.
  std::vector<std::string> shared_loops(int a, int b) const {
    std::vector<std::string> shared;
    const std::vector<std::string>& loops_a = linearization_.loop_inames.at(a);
    const std::vector<std::string>& loops_b = linearization_.loop_inames.at(b);
    for (const std::string& iname : enclosing_) {
      bool both = std::find(loops_a.begin(), loops_a.end(), iname) != loops_a.end() &&
                  std::find(loops_b.begin(), loops_b.end(), iname) != loops_b.end();
      if (both) shared.push_back(iname);
    }
    return shared;
  }

  LoopNestNode barrier_node(BarrierNeed need) {
    Instruction barrier;
    barrier.id = "_loom_barrier_" + std::to_string(kernel_.instructions.size());
    barrier.kind = InstructionKind::Barrier;
    barrier.barrier_scope = SyncScope::Local;
    barrier.barrier_mem_kind = need == BarrierNeed::GlobalMemory ? SyncScope::Global : SyncScope::Local;
    barrier.within_inames = std::set<std::string>(enclosing_.begin(), enclosing_.end());
    barrier.source = kInsertedBarrierSource;
    int index = static_cast<int>(kernel_.instructions.size());
    kernel_.instructions.push_back(barrier);
    linearization_.loop_inames[index] = enclosing_;
    ++inserted_;
    return LoopNestNode{LoopNestNode::Kind::Instruction, "", index, {}};
  }

  LoopKernel& kernel_;
  Linearization& linearization_;
  const LaunchShape& launch_;
  std::vector<std::string> enclosing_;
  int inserted_ = 0;
};

}  // namespace

bool fences_local_memory(const Instruction& barrier) {
  return barrier.barrier_mem_kind != SyncScope::Global || barrier.source == kInsertedBarrierSource;
}

bool needs_local_barrier(const LoopKernel& kernel, const LaunchShape& launch, int source, int sink,
                         const std::vector<std::string>& shared_loops, const std::string& carried) {
  return barrier_need(kernel, launch, source, sink, shared_loops, carried) != BarrierNeed::None;
}

namespace {

// Two temporaries aliased to one storage area (alias_temporaries) are the same memory.
bool same_storage(const LoopKernel& kernel, const std::string& a, const std::string& b) {
  if (a == b) return true;
  const Temporary* x = kernel.find_temporary(a);
  const Temporary* y = kernel.find_temporary(b);
  return x != nullptr && y != nullptr && !x->base_storage.empty() && x->base_storage == y->base_storage;
}

// The instance pairs of two accesses that touch the same element. Across aliased temporaries
// (different shapes over one area) every pair counts: safe, and their uses are ordered apart.
isl::map touching_pairs(const LoopKernel& kernel, const Access& first, const Access& second) {
  isl::map a = access_relation(kernel, first).map, b = access_relation(kernel, second).map;
  if (first.variable == second.variable) return a.apply_range(b.reverse());
  return isl::manage(isl_map_from_domain_and_range(a.domain().release(), b.domain().release()));
}

// Whether `first` and `second` are one write of an instruction paired with itself (its source
// and sink instances of one instruction) that writes each element once: every pair touching one
// element is then one instance with itself, run by one work-item, and needs no barrier whatever
// the loops shared or carried (issue 26: the loop-carried self pair of each writer was an isl
// question per loop; a write of each element once is read off the subscript or known from the
// lineage, as for the race check). LOOM_VERIFY_SKIPPED_CHECKS=1 asks isl too and raises an
// internal error where it finds a pair of work-items.
bool one_instance_per_element(const LoopKernel& kernel, int source, int sink, std::size_t first_index,
                              std::size_t second_index, const Access& first) {
  return source == sink && first_index == second_index && first.is_write &&
         writes_each_element_once_in_lineage(kernel, first);
}

// Whether `a` is `b` with some inames renamed: the renaming (source iname -> sink iname) is
// gathered in `renaming`, one to one, each iname to one whose constant range holds its own.
bool same_up_to_inames(const LoopKernel& kernel, const Expr& a, const Expr& b, std::map<std::string, std::string>& renaming) {
  if (a.kind != b.kind || a.int_value != b.int_value || a.float_value != b.float_value ||
      a.literal_dtype != b.literal_dtype || a.unary_op != b.unary_op || a.binary_op != b.binary_op ||
      a.operands.size() != b.operands.size() || !a.reduction_inames.empty() || !b.reduction_inames.empty()) {
    return false;
  }
  if (a.kind == ExprKind::Variable && a.name != b.name) {
    if (kernel.domain_of_iname(a.name) == nullptr || kernel.domain_of_iname(b.name) == nullptr) return false;
    auto [entry, added] = renaming.emplace(a.name, b.name);
    if (entry->second != b.name) return false;
    if (added) {
      for (const auto& [from, to] : renaming)
        if (from != a.name && to == b.name) return false;
      std::optional<ConstantRange> own = constant_iname_range(kernel, a.name);
      std::optional<ConstantRange> other = constant_iname_range(kernel, b.name);
      if (!own || !other || own->lower < other->lower ||
          own->lower + own->extent > other->lower + other->extent) {
        return false;
      }
    }
  } else if (a.name != b.name) {
    return false;
  } else if (a.kind == ExprKind::Variable && kernel.domain_of_iname(a.name) != nullptr) {
    auto [entry, added] = renaming.emplace(a.name, a.name);
    if (entry->second != a.name) return false;
    if (added) {
      for (const auto& [from, to] : renaming)
        if (from != a.name && to == a.name) return false;
    }
  }
  for (std::size_t k = 0; k < a.operands.size(); ++k) {
    if (!same_up_to_inames(kernel, *a.operands[k], *b.operands[k], renaming)) return false;
  }
  return true;
}

// Whether `first` and `second` never touch one element: one variable, and at some axis both
// indices are literals that differ (the ring slots of pipeline_fetch's first fills, `a_fetch[0, ..]`
// and `a_fetch[1, ..]`: issue 26, isl questions per pair of those fills and their whole/edge twins).
bool different_literal_index(const Access& first, const Access& second) {
  if (first.variable != second.variable || first.subscript == nullptr || second.subscript == nullptr) return false;
  const std::vector<ExprPtr>& a = first.subscript->operands;
  const std::vector<ExprPtr>& b = second.subscript->operands;
  if (a.size() != b.size()) return false;
  for (std::size_t axis = 0; axis < a.size(); ++axis) {
    if (a[axis]->kind == ExprKind::IntLiteral && b[axis]->kind == ExprKind::IntLiteral &&
        a[axis]->int_value != b[axis]->int_value) {
      return true;
    }
  }
  return false;
}

// Whether every pair of instances of `first` (in `source`) and `second` (in `sink`) that touch one
// element runs on one work-item, read off the subscripts: `first`'s is `second`'s with inames
// renamed (a whole-tile copy's and its edge copy's, an instruction's with itself), and on each
// local axis the sink's iname is the source's renamed, at the same lower bound, and a digit of the
// subscript (index_digits.hpp: two instances touching one element agree on it). Renamed inames
// range within their images, so a source instance is a sink instance of the same element, and
// the sink's digits agree (issue 26: each ring fill's pairs with itself and with its whole/edge
// twin were isl questions per loop, most of barrier placement on the tensor-core specs). Verified
// like one_instance_per_element.
bool same_work_item_per_element(const LoopKernel& kernel, const LaunchShape& launch, const Instruction& source,
                                const Instruction& sink, const Access& first, const Access& second) {
  if (first.variable != second.variable || first.subscript == nullptr || second.subscript == nullptr) return false;
  std::map<std::string, std::string> renaming;
  if (!same_up_to_inames(kernel, *first.subscript, *second.subscript, renaming)) return false;
  for (int axis = 0; axis < 3; ++axis) {
    std::optional<AxisIname> a = iname_on(launch, source, true, axis);
    std::optional<AxisIname> b = iname_on(launch, sink, true, axis);
    if (!a && !b) continue;
    if (!a || !b) {
      if (launch.block[static_cast<std::size_t>(axis)] > 1) return false;  // one of them runs on every work-item
      continue;
    }
    auto renamed = renaming.find(a->iname);
    if (renamed == renaming.end() || renamed->second != b->iname) return false;
    bool same_lower = a->iname == b->iname || (a->lower && b->lower && *a->lower == *b->lower);
    if (!same_lower || !subscript_determines(kernel, second, b->iname)) return false;
  }
  return true;
}

}  // namespace

namespace {

// barrier_need where a need of `known` is already established by other pairs: only a stronger one
// is looked for (with `known` LocalMemory, local temporaries' accesses are skipped), so a need no
// stronger than `known` may come back as None. LOOM_VERIFY_SKIPPED_CHECKS=1 skips nothing.
BarrierNeed barrier_need_beyond(const LoopKernel& kernel, const LaunchShape& launch, int source, int sink,
                                const std::vector<std::string>& shared_loops, const std::string& carried,
                                bool write_pairs, BarrierNeed known) {
  const Instruction& a = instruction_at(kernel, source);
  const Instruction& b = instruction_at(kernel, sink);
  if (a.kind != InstructionKind::Assignment || b.kind != InstructionKind::Assignment) return BarrierNeed::None;
  if (declared_nosync(a, b)) return BarrierNeed::None;
  BarrierNeed need = BarrierNeed::None;
  std::vector<Access> firsts = instruction_accesses(kernel, a);
  std::vector<Access> seconds = source == sink ? firsts : instruction_accesses(kernel, b);
  bool verify_skipped = std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr;
  for (std::size_t i = 0; i < firsts.size(); ++i) {
    const Access& first = firsts[i];
    if (!is_shared_memory(kernel, first.variable)) continue;
    if (known == BarrierNeed::LocalMemory && !verify_skipped && !is_global_memory(kernel, first.variable)) continue;
    for (std::size_t j = 0; j < seconds.size(); ++j) {
      const Access& second = seconds[j];
      if (!same_storage(kernel, first.variable, second.variable) || (!first.is_write && !second.is_write)) continue;
      if (!write_pairs && first.is_write == second.is_write) continue;
      bool answered = one_instance_per_element(kernel, source, sink, i, j, first) ||
                          same_work_item_per_element(kernel, launch, a, b, first, second) ||
                          different_literal_index(first, second);
      if (answered && !verify_skipped) continue;
      detail::count_barrier_question();
      isl::map pairs = touching_pairs(kernel, first, second);
      std::vector<PairConstraint> in_shared_loops;
      bool inside_carried = false;
      for (const std::string& iname : shared_loops) {
        int in = dim_in(pairs, iname), out = dim_out(pairs, iname);
        if (in < 0 || out < 0) continue;
        if (iname == carried) {
          in_shared_loops.push_back({in, out, 0, -1});  // source iteration before the sink's
          inside_carried = true;
        } else if (!inside_carried) {
          in_shared_loops.push_back({in, out, 0, 0});
        }
      }
      if (!same_group_other_item(pairs, std::move(in_shared_loops), launch, a, b)) continue;
      if (answered) {
        throw InternalError("barrier placement: instructions '" + a.id + "' and '" + b.id + "' were taken to touch each element of '" +
                            first.variable + "' on one work-item (or never one element), but isl finds two work-items touching one element");
      }
      if (is_global_memory(kernel, first.variable)) return BarrierNeed::GlobalMemory;
      need = BarrierNeed::LocalMemory;
    }
  }
  return need;
}

}  // namespace

BarrierNeed barrier_need(const LoopKernel& kernel, const LaunchShape& launch, int source, int sink,
                         const std::vector<std::string>& shared_loops, const std::string& carried,
                         bool write_pairs) {
  return barrier_need_beyond(kernel, launch, source, sink, shared_loops, carried, write_pairs, BarrierNeed::None);
}

BarrierPlacement insert_barriers(LoopKernel& kernel, Linearization& linearization,
                                 const std::vector<LoopNestNode>& roots, const LaunchShape& launch) {
  return BarrierInserter(kernel, linearization, launch).run(roots);
}

}  // namespace loom::codegen
