#include "analysis/dependences.hpp"

#include <isl/constraint.h>
#include <isl/local_space.h>
#include <isl/aff.h>
#include <isl/map.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "analysis/accesses.hpp"
#include "analysis/address_spaces.hpp"
#include "analysis/checks.hpp"
#include "analysis/instance_printer.hpp"
#include "analysis/per_work_item_dependences.hpp"
#include "analysis/privatize_ilp.hpp"
#include "analysis/reduction_terms.hpp"
#include "analysis/timestamps.hpp"
#include "codegen/linearize.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_extra.hpp"
#include "ir/instruction_names.hpp"
#include "ir/stage_timer.hpp"
#include "loom/error.hpp"

// loom's patch to the bundled isl (third_party/isl/patches/0001-flow-dependences-only.patch): a
// flow question asked for its dependences only. Weak: a system isl (LOOM_BUNDLED_ISL=OFF) has no
// such function, and then the address is null and every question is asked in full. isl_flow.c's
// object is linked either way (isl_union_access_info_compute_flow is in it).
extern "C" __attribute__((weak)) isl_union_access_info* isl_union_access_info_set_dependences_only(
    isl_union_access_info* access, int dependences_only);

namespace loom {

namespace {

struct VariableAccesses {
  isl::union_map must_writes, may_writes, reads;
  std::vector<isl::union_map> each_read;  // one per read access (an instruction may read twice)
  bool has_writes = false;
};

isl::union_map empty_union(const isl::ctx& ctx) { return isl::union_map(ctx, "{ }"); }

// A variable's accesses before any isl relation is built: most variables of a small kernel need
// none (issue 26: the relations and isl's flow analysis of a variable nothing reads back were a
// third of a small spec's first transform).
struct VariableAccessList {
  std::vector<Access> reads, writes;
};

std::map<std::string, VariableAccessList> accesses_by_variable(const LoopKernel& kernel) {
  std::map<std::string, VariableAccessList> by_variable;
  for (const Instruction& instruction : kernel.instructions) {
    for (Access& access : instruction_accesses(kernel, instruction)) {
      VariableAccessList& list = by_variable[access.variable];
      (access.is_write ? list.writes : list.reads).push_back(std::move(access));
    }
  }
  return by_variable;
}

// `with_terms`: a read inside a reduction is one read per reduction step, on its term's instances
// (reduction_terms.hpp); else one per instance of its instruction.
VariableAccesses relations_of(const LoopKernel& kernel, const VariableAccessList& list, const isl::ctx& ctx,
                              bool with_terms) {
  VariableAccesses accesses{empty_union(ctx), empty_union(ctx), empty_union(ctx)};
  for (const Access& access : list.writes) {
    AccessRelation relation = access_relation(kernel, access);
    accesses.has_writes = true;
    isl::union_map& target = relation.exact ? accesses.must_writes : accesses.may_writes;
    target = target.unite(isl::union_map(relation.map));
  }
  for (const Access& access : list.reads) {
    AccessRelation relation = with_terms && !access.reduction_inames.empty() ? reduction_term_access_relation(kernel, access)
                                                                              : access_relation(kernel, access);
    accesses.reads = accesses.reads.unite(isl::union_map(relation.map));
    accesses.each_read.push_back(isl::union_map(relation.map));
  }
  return accesses;
}

// Whether a variable's writes can have an output dependence at all: not when one instruction
// writes it once per instance (writes_each_element_once).
bool may_have_output_dependences(const VariableAccessList& list) {
  return !(list.writes.size() == 1 && writes_each_element_once(list.writes.front()));
}

void split_by_statement_pair(const isl::union_map& relations, DependenceKind kind, const std::string& variable,
                             std::vector<Dependence>& out) {
  relations.foreach_map([&](isl::map map) {
    if (map.is_empty()) return;
    std::string source = instruction_of_tuple(isl_map_get_tuple_name(map.get(), isl_dim_in));
    std::string sink = instruction_of_tuple(isl_map_get_tuple_name(map.get(), isl_dim_out));
    out.push_back({kind, variable, source, sink, map});
  });
}

isl::union_access_info flow_question(const isl::union_map& sinks, const isl::union_map& must_sources,
                                     const isl::union_map& may_sources, const isl::union_map& schedule) {
  return isl::union_access_info(sinks).set_must_source(must_sources).set_may_source(may_sources).set_schedule_map(schedule);
}

isl::union_map flow(const isl::union_map& sinks, const isl::union_map& must_sources, const isl::union_map& may_sources,
                    const isl::union_map& schedule) {
  isl::union_access_info question = flow_question(sinks, must_sources, may_sources, schedule);
  if (isl_union_access_info_set_dependences_only == nullptr || !must_sources.is_empty()) {
    return question.compute_flow().may_dependence();
  }
  // The sinks with no source are never read here: loom's isl patch leaves them out of a question
  // without must-sources (third_party/isl/patches/0001-flow-dependences-only.patch), the same
  // dependences by the same operations.
  isl::union_map dependences = isl::manage(isl_union_access_info_compute_flow(
                                               isl_union_access_info_set_dependences_only(question.release(), 1)))
                                   .may_dependence();
  if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr &&
      !dependences.is_equal(flow_question(sinks, must_sources, may_sources, schedule).compute_flow().may_dependence())) {
    throw InternalError("compute_dependences: a flow question asked for its dependences only answers differently");
  }
  return dependences;
}

// Private and local temporaries start undefined (no initializer); arguments and global
// temporaries hold what the caller or runtime put there.
bool has_undefined_initial_contents(const LoopKernel& kernel, const std::string& variable) {
  const Temporary* temporary = kernel.find_temporary(variable);
  return temporary != nullptr && temporary->initializer.empty() &&
         effective_address_space(kernel, *temporary) != AddressSpace::Global;
}

// The instances of `read` (one read access) that an earlier write reaches, from the flow question
// of all the variable's reads where it asked exactly this one (issue 26, deps19: the second flow
// question per read was up to a third of a small spec's dependences). isl answers each map of
// the sinks on its own (compute_flow_union_map, per sink map, under the parameters of all the
// inputs), so a read that is the only read access of its statement, with the parameters of all
// the reads, got the same answer there. Elsewhere, and beside it under LOOM_VERIFY_SKIPPED_CHECKS,
// the read's own flow question.
isl::union_set defined_instances(const isl::union_map& read, const VariableAccesses& accesses,
                                 const isl::union_map& schedule, const isl::union_map& flow_of_all_reads) {
  auto own_question = [&] { return flow(read, accesses.must_writes, accesses.may_writes, schedule).range(); };
  if (isl_union_map_n_map(read.get()) != 1) return own_question();
  isl::map read_map = isl::manage(isl_map_from_union_map(read.copy()));
  const char* statement = isl_map_get_tuple_name(read_map.get(), isl_dim_in);
  std::size_t reads_of_statement = 0;
  for (const isl::union_map& other : accesses.each_read) {
    other.foreach_map([&](isl::map map) {
      const char* name = isl_map_get_tuple_name(map.get(), isl_dim_in);
      if (name != nullptr && statement != nullptr && std::string(name) == statement) ++reads_of_statement;
    });
  }
  bool same_parameters = isl_space_is_equal(isl_union_map_get_space(read.get()), isl_union_map_get_space(accesses.reads.get())) ==
                         isl_bool_true;
  if (reads_of_statement != 1 || !same_parameters) return own_question();
  std::vector<isl::map> reaching;
  isl_space* read_space = isl_map_get_space(read_map.get());
  flow_of_all_reads.foreach_map([&](isl::map map) {
    isl_space* space = isl_map_get_space(map.get());
    bool same_sink = isl_space_tuple_is_equal(space, isl_dim_out, read_space, isl_dim_in) == isl_bool_true;
    isl_space_free(space);
    if (same_sink) {
      reaching.push_back(map);
    }
  });
  isl_space_free(read_space);
  if (reaching.empty()) return own_question();
  isl::union_set defined(reaching.front().range());
  if (reaching.size() > 1) {
    // Several writers reach it (a reduction's initialization and its update): their ranges united
    // as the own question's .range() unites them, from one union map of the same maps (flow20).
    // The same set; its disjuncts' order is the union map's, which matched the own question's form
    // on every example and conformance spec (isl_union_set_to_str compared, 742 of 742).
    isl::union_map reaching_union(reaching.front());
    for (std::size_t i = 1; i < reaching.size(); ++i) reaching_union = reaching_union.unite(isl::union_map(reaching[i]));
    defined = reaching_union.range();
  }
  if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr && !defined.is_equal(own_question())) {
    throw InternalError("compute_dependences: the reaching writes of a read of '" + std::string(statement) +
                        "' taken from the flow question of all reads differ from its own question's");
  }
  return defined;
}

// Anti dependences of the reads that read a value some earlier write defined. A read of a
// temporary that no earlier write reaches reads an undefined value: any value it sees is as right
// as another, so a later write may as well run first (loopy's
// test_barrier_insertion_near_top_of_loop reads the neighbour's a[i+1] before its write). Each
// read access on its own: one instruction may read a defined and an undefined element.
isl::union_map anti_dependences_of_defined_reads(const VariableAccesses& accesses, const isl::union_map& writes,
                                                 const isl::union_map& schedule, const isl::union_map& flow_of_all_reads) {
  isl::union_map anti = empty_union(writes.ctx());
  for (const isl::union_map& read : accesses.each_read) {
    isl::union_set defined = defined_instances(read, accesses, schedule, flow_of_all_reads);
    anti = anti.unite(flow(writes, empty_union(writes.ctx()), read.intersect_domain(defined), schedule));
  }
  return anti;
}

std::string describe(const Dependence& dependence, const InstancePrinter& printer) {
  std::string source = printer.instance(isl_dim_in);
  std::string sink = printer.instance(isl_dim_out);
  const std::string& v = dependence.variable;
  switch (dependence.kind) {
    case DependenceKind::Flow: return source + " writes " + v + " before " + sink + " reads it";
    case DependenceKind::Anti: return source + " reads " + v + " before " + sink + " overwrites it";
    case DependenceKind::Output: return source + " writes " + v + " before " + sink + " writes it again";
  }
  return "";
}

bool is_parallel(const InameTag& tag) {
  using Kind = InameTag::Kind;
  return tag.kind == Kind::Group || tag.kind == Kind::Local || tag.kind == Kind::Vec || tag.kind == Kind::Ilp;
}

// The parallel inames the two instances of a violating pair differ in.
std::vector<std::string> differing_parallel_inames(const LoopKernel& kernel, const isl::map& violating) {
  std::vector<std::string> differing;
  for (const auto& [iname, tag] : kernel.iname_tags) {
    if (!is_parallel(tag)) continue;
    if (!pairs_equal_on(violating, {iname}).is_equal(violating)) differing.push_back(iname);
  }
  return differing;
}

// The pairs of a dependence between `source` and `sink` that a global barrier ordered after
// `source` and before `sink` separates (the program is split into kernels there). A barrier outside
// every loop the two share separates all of them. One inside shared sequential loops (run as a
// sequence of launches, codegen/host_loops.cpp) separates the pairs of one iteration, and of a
// source iteration before the sink's; pairs whose source runs in a later iteration of such a loop
// are not separated (the sink's kernel runs first). Without the loops' nesting order at hand,
// "before" is taken on every shared loop at once (source <= sink on each), which keeps some
// ordered pairs: a conservative refusal, never a dropped violation.
isl::map separated_by_global_barrier(const LoopKernel& kernel, const Dependence& dependence) {
  const Instruction* source = kernel.find_instruction(dependence.source);
  const Instruction* sink = kernel.find_instruction(dependence.sink);
  isl::map separated = isl::map::empty(dependence.relation.space());
  for (const Instruction& barrier : kernel.instructions) {
    if (barrier.kind != InstructionKind::Barrier || barrier.barrier_scope != SyncScope::Global) continue;
    if (!depends_transitively(kernel, dependence.sink, barrier.id) ||
        !depends_transitively(kernel, barrier.id, dependence.source))
      continue;
    isl_map* pairs = dependence.relation.copy();
    for (const std::string& iname : barrier.within_inames) {
      if (is_parallel(kernel.tag_of(iname)) || source == nullptr || sink == nullptr ||
          source->within_inames.count(iname) == 0 || sink->within_inames.count(iname) == 0)
        continue;
      int in = isl_map_find_dim_by_name(pairs, isl_dim_in, iname.c_str());
      int out = isl_map_find_dim_by_name(pairs, isl_dim_out, iname.c_str());
      if (in >= 0 && out >= 0) pairs = isl_map_order_le(pairs, isl_dim_in, in, isl_dim_out, out);
    }
    separated = separated.unite(isl::manage(pairs));
  }
  return separated;
}

// One host loop (codegen/host_loops.cpp): a sequential loop of the linearization that holds a
// global barrier, named by its place in the loop-nest tree (two nests over one iname are two loops).
struct HostLoopInNest {
  std::string place;
  std::string iname;
  bool operator==(const HostLoopInNest& other) const { return place == other.place && iname == other.iname; }
};
using HostLoopsOfInstructions = std::map<std::string, std::vector<HostLoopInNest>>;  // outermost first

bool holds_global_barrier(const LoopKernel& kernel, const codegen::LoopNestNode& node) {
  if (node.kind == codegen::LoopNestNode::Kind::Instruction) {
    const Instruction& instruction = kernel.instructions[static_cast<std::size_t>(node.instruction_index)];
    return instruction.kind == InstructionKind::Barrier && instruction.barrier_scope == SyncScope::Global;
  }
  return std::any_of(node.children.begin(), node.children.end(),
                     [&](const codegen::LoopNestNode& child) { return holds_global_barrier(kernel, child); });
}

void collect_host_loops(const LoopKernel& kernel, const std::vector<codegen::LoopNestNode>& nodes,
                        const std::string& place, std::vector<HostLoopInNest>& around, HostLoopsOfInstructions& out) {
  for (std::size_t position = 0; position < nodes.size(); ++position) {
    const codegen::LoopNestNode& node = nodes[position];
    std::string here = place + "/" + std::to_string(position);
    if (node.kind == codegen::LoopNestNode::Kind::Instruction) {
      out[kernel.instructions[static_cast<std::size_t>(node.instruction_index)].id] = around;
      continue;
    }
    bool host = holds_global_barrier(kernel, node);
    if (host) around.push_back({here, node.iname});
    collect_host_loops(kernel, node.children, here, around, out);
    if (host) around.pop_back();
  }
}

// The host loops around each instruction, in the sequential order's nesting (the one the
// timestamps use; code generation nests host loops the same way). Empty without a global
// barrier inside a sequential loop, without linearizing.
HostLoopsOfInstructions host_loops_of_instructions(const LoopKernel& kernel) {
  HostLoopsOfInstructions result;
  bool any = std::any_of(kernel.instructions.begin(), kernel.instructions.end(), [&](const Instruction& barrier) {
    return barrier.kind == InstructionKind::Barrier && barrier.barrier_scope == SyncScope::Global &&
           std::any_of(barrier.within_inames.begin(), barrier.within_inames.end(),
                       [&](const std::string& iname) { return !is_parallel(kernel.tag_of(iname)); });
  });
  if (!any) return result;
  codegen::Linearization linearization =
      codegen::linearize(kernel, [&](const std::string& iname) { return !is_parallel(kernel.tag_of(iname)); });
  std::vector<HostLoopInNest> around;
  collect_host_loops(kernel, linearization.roots, "", around, result);
  return result;
}

// The pairs of a dependence whose instances run in different launches of the host loops: every
// iteration of a host loop is a kernel boundary, so instances in different iterations of one (or
// one inside a host loop and the other outside it) run in launch order, which is the sequential
// order of the host loops. Those of them whose source comes first are ordered, whatever their
// work-groups (a Jacobi step reading the neighbour that another group updated in the previous
// time step). Pairs in the same iterations of the same host loops share launches and are left to
// the barriers between them (separated_by_global_barrier) and the usual check.
isl::map ordered_by_host_loop_launches(const HostLoopsOfInstructions& host_loops, const Dependence& dependence,
                                       const isl::union_map& timestamps) {
  auto source = host_loops.find(dependence.source);
  auto sink = host_loops.find(dependence.sink);
  std::vector<HostLoopInNest> none;
  const std::vector<HostLoopInNest>& source_loops = source == host_loops.end() ? none : source->second;
  const std::vector<HostLoopInNest>& sink_loops = sink == host_loops.end() ? none : sink->second;
  if (source_loops.empty() && sink_loops.empty()) return isl::map::empty(dependence.relation.space());
  isl::map other_launches = dependence.relation;
  if (source_loops == sink_loops) {
    std::vector<std::string> inames;
    for (const HostLoopInNest& loop : source_loops) inames.push_back(loop.iname);
    other_launches = other_launches.subtract(pairs_equal_on(other_launches, inames));
  }
  return ordered_pairs(timestamps, other_launches);
}

// Pairs of instances in the same work-group: on every g.N axis both run, their inames on that
// axis (possibly different inames, e.g. a fetch's and a compute's) are equal.
isl::map same_work_group(const LoopKernel& kernel, const isl::map& relation) {
  isl_map* result = relation.copy();
  for (int axis = 0; axis < 3; ++axis) {
    int in = -1, out = -1;
    for (const auto& [iname, tag] : kernel.iname_tags) {
      if (tag.kind != InameTag::Kind::Group || tag.axis != axis) continue;
      int in_here = isl_map_find_dim_by_name(result, isl_dim_in, iname.c_str());
      int out_here = isl_map_find_dim_by_name(result, isl_dim_out, iname.c_str());
      if (in_here >= 0) in = in_here;
      if (out_here >= 0) out = out_here;
    }
    if (in >= 0 && out >= 0) result = isl_map_equate(result, isl_dim_in, in, isl_dim_out, out);
  }
  return isl::manage(result);
}

bool local_copy_per_value(const LoopKernel& kernel, const std::string& variable, const std::string& iname,
                          const InameTag& tag) {
  bool ilp = tag.kind == InameTag::Kind::Ilp || tag.kind == InameTag::Kind::IlpSeq || tag.kind == InameTag::Kind::Vec;
  return ilp && std::all_of(kernel.instructions.begin(), kernel.instructions.end(), [&](const Instruction& instruction) {
           return !mentions_name(instruction, variable) || instruction.within_inames.count(iname) != 0;
         });
}

// One disjunct without existentially quantified variables (isl's is_convex_no_locals).
bool relation_is_convex_without_locals(const isl::map& relation) {
  bool convex = false;
  isl_map_foreach_basic_map(
      relation.get(),
      [](isl_basic_map* disjunct, void* user) -> isl_stat {
        *static_cast<bool*>(user) = isl_basic_map_dim(disjunct, isl_dim_div) == 0;
        isl_basic_map_free(disjunct);
        return isl_stat_ok;
      },
      &convex);
  return convex;
}

// pairs_equal_on's set, each disjunct given the equalities on its own (isl_basic_map_equate):
// isl_map_equate intersects the map with the equalities, which tests every disjunct of the result
// for emptiness (a tableau each) and normalizes both maps to compare them first. The pairs are
// the same; disjuncts isl does not plainly see empty stay, so the form differs, and this is used
// only where a set's emptiness or a yes/no is read (the dependence check's verdict), never for a
// refusal's message (issue 26, deps23: pairs_equal_on was a fifth of test_rob_stroud_bernstein's
// compile, its private scalars' anti and output dependences across l.0, g.0 and ilp inames).
isl::map pairs_equal_on_each_disjunct(const isl::map& relation, const std::vector<std::string>& inames) {
  std::vector<std::pair<int, int>> positions;
  for (const std::string& iname : inames) {
    int in = isl_map_find_dim_by_name(relation.get(), isl_dim_in, iname.c_str());
    int out = isl_map_find_dim_by_name(relation.get(), isl_dim_out, iname.c_str());
    if (in >= 0 && out >= 0) positions.emplace_back(in, out);
  }
  if (positions.empty()) return relation;
  // isl_map_equate's first intersection normalizes `relation` in place (isl_map_plain_is_equal in
  // map_intersect_internal, reached unless it is plainly empty or one disjunct without
  // existentials), and `relation` may be the kernel's own dependence: normalized the same way, so
  // that every later use of it sees the form it saw before.
  if (isl_map_plain_is_universe(relation.get()) != isl_bool_true &&
      (isl_map_n_basic_map(relation.get()) > 1 ||
       (isl_map_n_basic_map(relation.get()) == 1 && !relation_is_convex_without_locals(relation)))) {
    isl::map equator = isl::manage(isl_map_universe(isl_map_get_space(relation.get())));
    if (isl_map_plain_is_equal(relation.get(), equator.get()) < 0) isl::exception::throw_last_error(relation.ctx());
  }
  struct Equated {
    const std::vector<std::pair<int, int>>& positions;
    isl_map* result;
  } equated{positions, isl_map_empty(isl_map_get_space(relation.get()))};
  isl_stat status = isl_map_foreach_basic_map(
      relation.get(),
      [](isl_basic_map* disjunct, void* user) -> isl_stat {
        auto* state = static_cast<Equated*>(user);
        for (auto [in, out] : state->positions) disjunct = isl_basic_map_equate(disjunct, isl_dim_in, in, isl_dim_out, out);
        // isl_map_from_basic_map drops a disjunct isl found plainly empty.
        state->result = isl_map_union_disjoint(state->result, isl_map_from_basic_map(disjunct));
        return state->result == nullptr ? isl_stat_error : isl_stat_ok;
      },
      &equated);
  if (status < 0) {
    isl_map_free(equated.result);
    isl::exception::throw_last_error(relation.ctx());
  }
  return isl::manage(equated.result);
}

// The dependences the kernel must honour: privatized and barrier-ordered pairs removed. `verdict_only`:
// the pairs are only tested (emptiness, order), so pairs_equal_on_each_disjunct's cheaper form does.
isl::map relevant_part(const LoopKernel& kernel, const Dependence& dependence, const isl::union_map& timestamps,
                       const HostLoopsOfInstructions& host_loops, bool verdict_only = false) {
  auto pairs_equal_on = [&](const isl::map& relation, const std::vector<std::string>& inames) {
    return verdict_only ? pairs_equal_on_each_disjunct(relation, inames) : loom::pairs_equal_on(relation, inames);
  };
  const Temporary* temporary = kernel.find_temporary(dependence.variable);
  AddressSpace space = temporary == nullptr ? AddressSpace::Global : effective_address_space(kernel, *temporary);
  // A global barrier orders everything before it before everything after it, for global memory;
  // private and local values do not cross it at all (code generation refuses those, or
  // save_and_reload_temporaries moves them to global memory).
  isl::map pairs = dependence.relation;
  if (space == AddressSpace::Global) {
    pairs = pairs.subtract(separated_by_global_barrier(kernel, dependence));
    if (pairs.is_empty()) return pairs;
    pairs = pairs.subtract(ordered_by_host_loop_launches(host_loops, dependence, timestamps));
    if (pairs.is_empty()) return pairs;
  }
  if (dependence.kind == DependenceKind::Output && dependence.source == dependence.sink) {
    // Two writes of the same value (check_write_races): their order changes nothing.
    const Instruction* writer = kernel.find_instruction(dependence.source);
    if (std::optional<std::vector<std::string>> inames = writer ? same_value_inames(kernel, *writer) : std::nullopt) {
      pairs = pairs.subtract(pairs_equal_on(pairs, *inames));
    }
  }
  if (temporary == nullptr) return pairs;
  // A private or local temporary that nothing reads: the order of its writes is unobservable
  // (loopy's test_no_barriers_for_nonoverlapping_access, 2*i+2, writes a[2] from two work-items).
  bool read_somewhere = std::any_of(kernel.instructions.begin(), kernel.instructions.end(), [&](const Instruction& insn) {
    return variables_read(insn).count(dependence.variable) != 0;
  });
  if (dependence.kind == DependenceKind::Output && space != AddressSpace::Global && !read_somewhere) {
    return isl::map::empty(pairs.space());
  }
  std::vector<std::string> copies, locals;
  for (const auto& [iname, tag] : kernel.iname_tags) {
    // Each work-item has its own private copy: privatization removes false (anti, output)
    // dependences across parallel inames; real data flow stays.
    if (space == AddressSpace::Private && is_parallel(tag) && dependence.kind != DependenceKind::Flow) {
      copies.push_back(iname);
    }
    // ILP privatization gives a local temporary a copy per ilp/vec value too, where every access
    // lies inside the iname (privatize_ilp.cpp; issue 23, class 5).
    if (space == AddressSpace::Local && dependence.kind != DependenceKind::Flow &&
        local_copy_per_value(kernel, dependence.variable, iname, tag)) {
      copies.push_back(iname);
    }
    if (tag.kind == InameTag::Kind::Local) locals.push_back(iname);
  }
  isl::map relation = pairs_equal_on(pairs, copies);
  if (space != AddressSpace::Local) return relation;
  // Local memory: within one work-group, pairs from different work-items are ordered by the
  // barriers code generation places (or refuses to place); each work-group has its own copy, so
  // false dependences across groups vanish and real data flow across them stays (an error).
  // Barriers order only pairs whose source comes first in the sequential order (the l inames
  // left out): a sink that comes first (the read of a[i+1] before the write of a[i] in one
  // iteration of an l.0 iname) would see the new value on the GPU and the old one in the
  // reference, so those pairs stay and are refused.
  isl::map same_group = same_work_group(kernel, relation);
  isl::map other_items = same_group.subtract(pairs_equal_on(same_group, locals));
  isl::map sink_first = ordered_pairs(timestamps, other_items.reverse()).reverse();
  relation = relation.subtract(other_items.subtract(sink_first));
  if (dependence.kind != DependenceKind::Flow) relation = same_work_group(kernel, relation);
  return relation;
}

// The inames along which `dependence`'s private temporary has one copy per value: every l.N
// iname (one copy per work-item) and every ilp/ilp.seq/vec iname its writer runs in without
// indexing it by (ILP privatization, privatize_ilp.cpp). g.N inames need no entry: pairs across
// work-groups are refused anyway.
std::vector<std::string> private_copy_inames(const LoopKernel& kernel, const Dependence& dependence) {
  std::vector<std::string> inames;
  const Instruction* writer = kernel.find_instruction(dependence.source);
  for (const auto& [iname, tag] : kernel.iname_tags) {
    bool ilp = tag.kind == InameTag::Kind::Ilp || tag.kind == InameTag::Kind::IlpSeq || tag.kind == InameTag::Kind::Vec;
    bool per_value = tag.kind == InameTag::Kind::Local ||
                     (ilp && writer != nullptr && writer->within_inames.count(iname) != 0 &&
                      !assignee_indexes_by(*writer, dependence.variable, iname));
    if (per_value) inames.push_back(iname);
  }
  return inames;
}

// The pairs of a flow dependence through a private temporary whose sink reads another copy than
// the one its source wrote: they differ in an iname along which each value has its own copy (a
// scalar written per j and read per (i, j) after j's split onto l.0 or ilp: the reference reads
// the last j's value, each copy holds its own j's).
isl::map reads_of_another_copy(const LoopKernel& kernel, const Dependence& dependence, const isl::map& relation) {
  if (dependence.kind != DependenceKind::Flow) return isl::map::empty(relation.space());
  const Temporary* temporary = kernel.find_temporary(dependence.variable);
  if (temporary == nullptr || effective_address_space(kernel, *temporary) != AddressSpace::Private) {
    return isl::map::empty(relation.space());
  }
  return relation.subtract(pairs_equal_on(relation, private_copy_inames(kernel, dependence)));
}

// A private scalar with no initializer holds one value at a time, and what a read sees is the
// last write before it: the anti and output dependences through it only keep other writes out of
// the values' live ranges. A new order that reverses some of them (loops interchanged around
// `<> t = 2*a[i, j]` and its reader in the same iteration) is still right when no write of the
// scalar runs between a write and a read of its value (PPCG's live-range reordering, for
// scalars): checked here per flow dependence and writer, in the work-item of the read (each has
// its own copy along the parallel inames).
bool is_private_scalar(const LoopKernel& kernel, const std::string& variable) {
  const Temporary* temporary = kernel.find_temporary(variable);
  return temporary != nullptr && temporary->shape.empty() && temporary->base_storage.empty() &&
         has_undefined_initial_contents(kernel, variable) &&
         effective_address_space(kernel, *temporary) == AddressSpace::Private;
}

std::optional<isl::set> instances_of(const isl::union_map& timestamps, const std::string& id) {
  std::optional<isl::set> found;
  timestamps.domain().foreach_set([&](isl::set set) {
    if (isl_set_get_tuple_name(set.get()) != nullptr && id == isl_set_get_tuple_name(set.get())) found = set;
  });
  return found;
}

isl::map product_of(const isl::set& domain, const isl::set& range) {
  return isl::manage(isl_map_from_domain_and_range(domain.copy(), range.copy()));
}

bool live_ranges_stay_apart(const LoopKernel& kernel, const detail::DependenceData& data, const std::string& variable,
                            const isl::union_map& timestamps) {
  std::vector<std::string> copies;
  for (const auto& [iname, tag] : kernel.iname_tags) {
    if (is_parallel(tag)) copies.push_back(iname);
  }
  std::vector<isl::set> writes;
  for (const Instruction& instruction : kernel.instructions) {
    if (!writes_name(instruction, variable)) continue;
    std::optional<isl::set> instances = instances_of(timestamps, instruction.id);
    if (!instances) return false;
    writes.push_back(*instances);
  }
  for (const Dependence& value : data.dependences) {
    if (value.kind != DependenceKind::Flow || value.variable != variable) continue;
    isl::map live = ordered_pairs(timestamps, value.relation);
    if (!live.is_equal(value.relation)) return false;  // the flow check refuses it itself
    for (const isl::set& write : writes) {
      isl::map after_source = ordered_pairs(timestamps, product_of(value.relation.domain(), write));
      isl::map before_sink = ordered_pairs(timestamps, pairs_equal_on(product_of(write, value.relation.range()), copies));
      if (!value.relation.intersect(after_source.apply_range(before_sink)).is_empty()) return false;
    }
  }
  return true;
}

// The array whose values index an access to `variable` in instruction `id` ("" when none): y[p[i]]
// touches elements the check cannot see, so it takes any two instances as touching the same one.
std::string index_array_of_access(const LoopKernel& kernel, const std::string& id, const std::string& variable) {
  const Instruction* instruction = kernel.find_instruction(id);
  if (instruction == nullptr) return "";
  std::string found;
  auto search = [&](const Expr& root) {
    visit_expr(root, [&](const Expr& access) {
      if (!found.empty() || access.kind != ExprKind::Subscript || access.name != variable) return;
      for (const ExprPtr& index : access.operands) {
        visit_expr(*index, [&](const Expr& inner) {
          if (found.empty() && inner.kind == ExprKind::Subscript) found = inner.name;
        });
      }
    });
  };
  for (const ExprPtr& assignee : instruction->assignees) search(*assignee);
  if (instruction->expression) search(*instruction->expression);
  return found;
}

[[noreturn]] void refuse(const LoopKernel& kernel, const Dependence& dependence, const isl::map& violating,
                         const std::string& transform) {
  // Crossing work-groups is the most specific cause: show such a pair when there is one.
  isl::map cross_group = violating.subtract(same_work_group(kernel, violating));
  bool crosses_groups = !cross_group.is_empty();
  InstancePrinter printer(crosses_groups ? cross_group : violating);
  std::ostringstream message;
  message << transform << ": instruction '" << dependence.sink << "' must follow '" << dependence.source << "' ("
          << dependence_kind_name(dependence.kind) << " dependence through '" << dependence.variable << "'), but ";
  std::vector<std::string> parallel = differing_parallel_inames(kernel, crosses_groups ? cross_group : violating);
  // Crossing work-groups is the most specific cause: name a g iname first.
  std::stable_partition(parallel.begin(), parallel.end(),
                        [&](const std::string& iname) { return kernel.tag_of(iname).kind == InameTag::Kind::Group; });
  if (!parallel.empty()) {
    message << "iname '" << parallel.front() << "' is tagged " << to_string(kernel.tag_of(parallel.front()))
            << " and the dependence crosses its iterations";
    if (kernel.tag_of(parallel.front()).kind == InameTag::Kind::Group) {
      message << " (different work-groups, which run in no order: a global barrier between them is missing; "
                 "add_barrier with synchronization_kind=\"global\" splits the kernel there; legality is checked as each "
                 "transform is applied, so add the barrier before this transform)";
    }
  } else if (crosses_groups) {
    message << "they run in different work-groups (g.N axes), which run in no order: a global barrier between "
               "them is missing (add_barrier with synchronization_kind=\"global\" splits the kernel there; legality is "
               "checked as each transform is applied, so add the barrier before this transform)";
  } else {
    message << "the new loop order runs them the other way round";
  }
  message << ": " << describe(dependence, printer);
  std::string parameters = printer.parameters();
  if (!parameters.empty()) message << " (with " << parameters << ")";
  std::string index_array = index_array_of_access(kernel, dependence.sink, dependence.variable);
  if (index_array.empty()) index_array = index_array_of_access(kernel, dependence.source, dependence.variable);
  if (!index_array.empty()) {
    message << "; '" << dependence.variable << "' is indexed by the values of '" << index_array
            << "', which the check cannot see, so it takes any two instances as touching the same element: if they "
               "never do (a permutation), the transform is right";
  }
  message << ". Pass unchecked=true to apply it anyway.";
  throw LegalityError(message.str());
}

[[noreturn]] void refuse_reads_of_another_copy(const LoopKernel& kernel, const Dependence& dependence,
                                              const isl::map& violating, const std::string& transform) {
  std::string iname;
  for (const std::string& candidate : private_copy_inames(kernel, dependence)) {
    if (!pairs_equal_on(violating, {candidate}).is_equal(violating)) {
      iname = candidate;
      break;
    }
  }
  InstancePrinter printer(violating);
  std::ostringstream message;
  message << transform << ": instruction '" << dependence.sink << "' must read the value of '" << dependence.variable
          << "' that '" << dependence.source << "' wrote (flow dependence), but '" << dependence.variable
          << "' is private and has one copy per value of iname '" << iname << "' (tagged "
          << to_string(kernel.tag_of(iname)) << "), and the dependence crosses its values: "
          << describe(dependence, printer);
  std::string parameters = printer.parameters();
  if (!parameters.empty()) message << " (with " << parameters << ")";
  message << ". Leave '" << iname << "' sequential, or pass unchecked=true to apply it anyway.";
  throw LegalityError(message.str());
}

}  // namespace

std::string_view dependence_kind_name(DependenceKind kind) {
  switch (kind) {
    case DependenceKind::Flow: return "flow";
    case DependenceKind::Anti: return "anti";
    case DependenceKind::Output: return "output";
  }
  return "?";
}

namespace {

void add_dependences_of_variable(const LoopKernel& kernel, const std::string& variable, const VariableAccesses& accesses,
                                 const isl::union_map& schedule, bool flow_and_anti, bool output,
                                 std::vector<Dependence>& out) {
  isl::ctx ctx = schedule.ctx();
  isl::union_map writes = accesses.must_writes.unite(accesses.may_writes);
  if (flow_and_anti) {
    isl::union_map flow_dependences = flow(accesses.reads, accesses.must_writes, accesses.may_writes, schedule);
    split_by_statement_pair(flow_dependences, DependenceKind::Flow, variable, out);
    isl::union_map anti = has_undefined_initial_contents(kernel, variable)
                              ? anti_dependences_of_defined_reads(accesses, writes, schedule, flow_dependences)
                              : flow(writes, empty_union(ctx), accesses.reads, schedule);
    split_by_statement_pair(anti, DependenceKind::Anti, variable, out);
  }
  if (output) {
    split_by_statement_pair(flow(writes, empty_union(ctx), writes, schedule), DependenceKind::Output, variable, out);
  }
}

// LOOM_VERIFY_SKIPPED_CHECKS: the flow analysis compute_dependences left out must find nothing.
void verify_no_dependences(const LoopKernel& kernel, const std::string& variable, const VariableAccesses& accesses,
                           const isl::union_map& schedule, bool flow_and_anti, bool output) {
  std::vector<Dependence> found;
  add_dependences_of_variable(kernel, variable, accesses, schedule, flow_and_anti, output, found);
  if (found.empty()) return;
  throw InternalError("compute_dependences of kernel '" + kernel.name + "' skipped the " +
                      std::string(dependence_kind_name(found.front().kind)) + " dependences of '" + variable +
                      "' as impossible, but the flow analysis finds one from '" + found.front().source + "' to '" +
                      found.front().sink + "'");
}

}  // namespace

namespace {

// `order`'s timestamps of the kernel with its reduction terms; where the terms' nesting cannot be
// built (no loop order places them), without them, `terms` emptied: their reads are then one read
// per instance of their instruction, the model before terms (checks lower what names a term).
template <typename Timestamps>
Timestamps timestamps_with_terms(const LoopKernel& kernel, std::vector<ReductionTerm>& terms,
                                 Timestamps (*order)(const LoopKernel&, const std::vector<ReductionTerm>&)) {
  if (terms.empty()) return order(kernel, terms);
  try {
    return order(kernel, terms);
  } catch (const Error&) {
    terms.clear();
    return order(kernel, terms);
  }
}

// `schedule` on the statements (instructions, reduction terms) that access the variable: every
// isl flow question about it prepends the schedule to its accesses, reversing and mapping the
// whole schedule each time (isl_union_access_info_introduce_schedule: a sixth of
// test_rob_stroud_bernstein_full's compile, 15 statements, one variable at a time). The other
// statements' maps match no access, so the accesses isl builds, and its answers, are the same.
// Universes of the spaces, not the accessed instances, so that no map changes form.
isl::union_map schedule_of_accessing_statements(const isl::union_map& schedule, const VariableAccesses& accesses) {
  isl::union_set statements = accesses.must_writes.domain().unite(accesses.may_writes.domain()).unite(accesses.reads.domain());
  return schedule.intersect_domain(isl::manage(isl_union_set_universe(statements.release())));
}

// `schedule` without the dimensions at which every statement it maps has one same constant
// (flow21, issue 26): the 2d+1 timestamps' leading 0, the position of a loop that all the
// variable's statements share, and so on. Two instances are equal there, so such a dimension
// never decides their lexicographic order, and isl's flow analysis, whose cost grows with the
// schedule's depth (a disjunct per level in each memory-based question, a level per step in the
// value-based one), gives the same dependences without it. The answers' form matched with the
// full schedule on every example and conformance spec (compare_generated.py, refusals included);
// LOOM_VERIFY_SKIPPED_CHECKS compares every variable's dependences with the full schedule's.
// Left whole where dimensions differ in number or where nothing (or everything) would go.
isl::union_map without_shared_constant_dimensions(const isl::union_map& schedule) {
  std::vector<isl::map> maps;
  schedule.foreach_map([&](isl::map map) { maps.push_back(map); });
  if (maps.empty()) return schedule;
  isl_size depth = isl_map_dim(maps.front().get(), isl_dim_out);
  if (depth <= 0) return schedule;
  std::vector<bool> shared(static_cast<std::size_t>(depth), true);
  for (isl_size dimension = 0; dimension < depth; ++dimension) {
    isl_val* first = nullptr;
    for (const isl::map& map : maps) {
      if (isl_map_dim(map.get(), isl_dim_out) != depth) {
        isl_val_free(first);
        return schedule;
      }
      isl_val* value = isl_map_plain_get_val_if_fixed(map.get(), isl_dim_out, static_cast<unsigned>(dimension));
      bool same = value != nullptr && isl_val_is_int(value) == isl_bool_true &&
                  (first == nullptr || isl_val_eq(first, value) == isl_bool_true);
      if (first == nullptr && same) {
        first = value;
      } else {
        isl_val_free(value);
      }
      if (!same) {
        shared[static_cast<std::size_t>(dimension)] = false;
        break;
      }
    }
    isl_val_free(first);
  }
  std::size_t dropped = static_cast<std::size_t>(std::count(shared.begin(), shared.end(), true));
  if (dropped == 0 || dropped == shared.size()) return schedule;
  isl::union_map result = isl::union_map(schedule.ctx(), "{ }");
  for (const isl::map& map : maps) {
    isl_map* narrower = map.copy();
    for (isl_size dimension = depth - 1; dimension >= 0; --dimension) {
      if (shared[static_cast<std::size_t>(dimension)]) {
        narrower = isl_map_project_out(narrower, isl_dim_out, static_cast<unsigned>(dimension), 1);
      }
    }
    result = result.unite(isl::union_map(isl::manage(narrower)));
  }
  return result;
}

// The dependences of `found` keyed by kind and statement pair (one relation each per variable).
std::map<std::tuple<int, std::string, std::string>, isl::map> by_kind_and_pair(const std::vector<Dependence>& found,
                                                                               std::size_t from) {
  std::map<std::tuple<int, std::string, std::string>, isl::map> keyed;
  for (std::size_t i = from; i < found.size(); ++i) {
    keyed.emplace(std::make_tuple(static_cast<int>(found[i].kind), found[i].source, found[i].sink), found[i].relation);
  }
  return keyed;
}

// LOOM_VERIFY_SKIPPED_CHECKS: the dependences of `variable` asked on the narrower schedule are
// those of the full one.
void verify_narrower_schedule(const LoopKernel& kernel, const std::string& variable, const VariableAccesses& accesses,
                              const isl::union_map& full_schedule, bool flow_and_anti, bool output,
                              const std::vector<Dependence>& found, std::size_t from) {
  std::vector<Dependence> full;
  add_dependences_of_variable(kernel, variable, accesses, full_schedule, flow_and_anti, output, full);
  auto narrower = by_kind_and_pair(found, from);
  auto whole = by_kind_and_pair(full, 0);
  bool same = narrower.size() == whole.size();
  for (auto i = narrower.begin(), j = whole.begin(); same && i != narrower.end(); ++i, ++j) {
    same = i->first == j->first && i->second.is_equal(j->second);
  }
  if (!same) {
    throw InternalError("compute_dependences of kernel '" + kernel.name + "': the dependences of '" + variable +
                        "' on the schedule without its shared constant dimensions differ from the full schedule's");
  }
}

}  // namespace

std::shared_ptr<const detail::DependenceData> compute_dependences(const LoopKernel& kernel) {
  auto data = std::make_shared<detail::DependenceData>();
  data->context = isl_context_of(kernel);
  isl::ctx ctx = data->context->ctx();
  bool verify = std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr;
  std::optional<isl::union_map> schedule;  // built only for a variable that needs isl
  std::map<std::string, VariableAccessList> by_variable = accesses_by_variable(kernel);
  std::set<std::string> written_and_read;
  for (const auto& [variable, list] : by_variable) {
    if (!list.writes.empty() && !list.reads.empty()) written_and_read.insert(variable);
  }
  std::vector<ReductionTerm> terms = reduction_terms(kernel, written_and_read);
  StageTimer timer("compute_dependences(" + kernel.name + ")");
  for (const auto& [variable, list] : by_variable) {
    if (list.writes.empty()) continue;
    // Without reads there is no flow or anti dependence; a write of each element once has no
    // output dependence. Neither needs isl.
    bool flow_and_anti = !list.reads.empty();
    bool output = may_have_output_dependences(list);
    if (!flow_and_anti && !output && !verify) continue;
    if (!schedule) schedule = timestamps_with_terms(kernel, terms, reference_timestamps);
    VariableAccesses accesses = relations_of(kernel, list, ctx, !terms.empty());
    isl::union_map variable_schedule = schedule_of_accessing_statements(*schedule, accesses);
    std::size_t first_found = data->dependences.size();
    add_dependences_of_variable(kernel, variable, accesses, without_shared_constant_dimensions(variable_schedule),
                                flow_and_anti, output, data->dependences);
    if (verify) {
      verify_narrower_schedule(kernel, variable, accesses, variable_schedule, flow_and_anti, output, data->dependences,
                               first_found);
    }
    if (verify) verify_no_dependences(kernel, variable, accesses, *schedule, !flow_and_anti, !output);
    timer.mark(variable);
  }
  return data;
}

namespace {

// The hardware axes along which `variable` has one copy per index: every g and l axis for a
// private temporary (one copy per work-item), the g axes for a local one (one per work-group),
// none otherwise. Each axis with the kernel's inames on it.
std::vector<std::vector<std::string>> copy_axes(const LoopKernel& kernel, const std::string& variable) {
  const Temporary* temporary = kernel.find_temporary(variable);
  if (temporary == nullptr) return {};
  AddressSpace space = effective_address_space(kernel, *temporary);
  if (space != AddressSpace::Private && space != AddressSpace::Local) return {};
  std::map<std::string, std::vector<std::string>> by_axis;
  for (const auto& [iname, tag] : kernel.iname_tags) {
    bool copies = tag.kind == InameTag::Kind::Group || (tag.kind == InameTag::Kind::Local && space == AddressSpace::Private);
    if (copies) by_axis[to_string(tag)].push_back(iname);
  }
  std::vector<std::vector<std::string>> axes;
  for (auto& [axis, inames] : by_axis) axes.push_back(std::move(inames));
  return axes;
}

// The lowest value `iname` takes wherever it runs, where that is one constant (a g or l iname's
// hardware index is its value less this): a split's outer iname `0 <= i_outer` with `4*i_outer <
// n` has no constant range but starts at 0.
std::optional<int64_t> constant_lower_bound(const LoopKernel& kernel, const std::string& iname) {
  if (std::optional<ConstantRange> range = constant_iname_range(kernel, iname)) return range->lower;
  const Domain* domain = kernel.domain_of_iname(iname);
  if (domain == nullptr) return std::nullopt;
  isl_set* set = isl_set_copy(isl_set_of(domain->set).get());
  int position = isl_set_find_dim_by_name(set, isl_dim_set, iname.c_str());
  if (position < 0) {
    isl_set_free(set);
    return std::nullopt;
  }
  isl_pw_aff* minimum = isl_set_dim_min(set, position);
  std::optional<int64_t> lowest;
  bool constant = true;
  std::pair<std::optional<int64_t>*, bool*> state(&lowest, &constant);
  isl_pw_aff_foreach_piece(
      minimum,
      [](isl_set* piece, isl_aff* aff, void* user) -> isl_stat {
        auto* state = static_cast<std::pair<std::optional<int64_t>*, bool*>*>(user);
        if (isl_aff_is_cst(aff) != isl_bool_true) {
          *state->second = false;
        } else {
          isl_val* value = isl_aff_get_constant_val(aff);
          if (isl_val_is_int(value) != isl_bool_true) {
            *state->second = false;
          } else {
            int64_t v = isl_val_get_num_si(value);
            if (*state->first && **state->first != v) *state->second = false;
            *state->first = v;
          }
          isl_val_free(value);
        }
        isl_set_free(piece);
        isl_aff_free(aff);
        return isl_stat_ok;
      },
      &state);
  isl_pw_aff_free(minimum);
  if (!constant) return std::nullopt;
  return lowest;
}

// `relation` ({ S[inames] -> variable[indices] }) with one leading index per copy axis: the
// hardware index of the instance (its iname on the axis less the iname's constant lower bound).
// An instance with no iname on an axis runs in every work-item along it: it accesses every copy
// (exactly, for a write). An iname whose lower bound is not constant, or two of the instruction's
// inames on one axis, leave the copy unknown: every copy, and a write only a may-write.
AccessRelation with_copy_indices(const LoopKernel& kernel, AccessRelation relation,
                                 const std::vector<std::vector<std::string>>& axes) {
  isl_map* map = relation.map.release();
  isl_id* tuple = isl_map_get_tuple_id(map, isl_dim_out);
  map = isl_map_insert_dims(map, isl_dim_out, 0, static_cast<unsigned>(axes.size()));
  for (std::size_t axis = 0; axis < axes.size(); ++axis) {
    std::vector<int> present;
    std::optional<int64_t> lowest;
    for (const std::string& iname : axes[axis]) {
      int in = isl_map_find_dim_by_name(map, isl_dim_in, iname.c_str());
      if (in < 0) continue;
      present.push_back(in);
      lowest = constant_lower_bound(kernel, iname);
    }
    if (present.empty()) continue;  // every copy, as exactly as the access itself
    if (present.size() > 1 || !lowest) {
      relation.exact = false;
      continue;
    }
    isl_local_space* space = isl_local_space_from_space(isl_map_get_space(map));
    isl_constraint* equal = isl_constraint_alloc_equality(space);
    equal = isl_constraint_set_coefficient_si(equal, isl_dim_out, static_cast<int>(axis), 1);
    equal = isl_constraint_set_coefficient_si(equal, isl_dim_in, present.front(), -1);
    equal = isl_constraint_set_constant_si(equal, *lowest);
    map = isl_map_add_constraint(map, equal);
  }
  if (tuple != nullptr) map = isl_map_set_tuple_id(map, isl_dim_out, tuple);
  relation.map = isl::manage(map);
  return relation;
}

}  // namespace

std::shared_ptr<const detail::DependenceData> compute_dependences_per_work_item(const LoopKernel& kernel,
                                                                                const std::set<std::string>& variables) {
  auto data = std::make_shared<detail::DependenceData>();
  data->context = isl_context_of(kernel);
  isl::ctx ctx = data->context->ctx();
  std::map<std::string, VariableAccessList> by_variable = accesses_by_variable(kernel);
  std::set<std::string> written_and_read;
  for (const auto& [variable, list] : by_variable) {
    if (variables.count(variable) != 0 && !list.writes.empty() && !list.reads.empty()) written_and_read.insert(variable);
  }
  std::vector<ReductionTerm> terms = reduction_terms(kernel, written_and_read);
  std::optional<isl::union_map> schedule;
  for (const auto& [variable, list] : by_variable) {
    if (variables.count(variable) == 0 || list.writes.empty()) continue;
    if (!schedule) schedule = timestamps_with_terms(kernel, terms, reference_timestamps);
    std::vector<std::vector<std::string>> axes = copy_axes(kernel, variable);
    VariableAccesses accesses{empty_union(ctx), empty_union(ctx), empty_union(ctx)};
    for (const Access& access : list.writes) {
      AccessRelation relation = with_copy_indices(kernel, access_relation(kernel, access), axes);
      accesses.has_writes = true;
      isl::union_map& target = relation.exact ? accesses.must_writes : accesses.may_writes;
      target = target.unite(isl::union_map(relation.map));
    }
    for (const Access& access : list.reads) {
      AccessRelation relation = with_copy_indices(
          kernel,
          !terms.empty() && !access.reduction_inames.empty() ? reduction_term_access_relation(kernel, access)
                                                              : access_relation(kernel, access),
          axes);
      accesses.reads = accesses.reads.unite(isl::union_map(relation.map));
      accesses.each_read.push_back(isl::union_map(relation.map));
    }
    add_dependences_of_variable(kernel, variable, accesses, *schedule, !list.reads.empty(), true, data->dependences);
  }
  return data;
}

std::vector<Dependence> flow_dependences_of(const LoopKernel& kernel, const std::string& variable) {
  std::vector<Dependence> found;
  std::map<std::string, VariableAccessList> by_variable = accesses_by_variable(kernel);
  auto list = by_variable.find(variable);
  if (list == by_variable.end() || list->second.writes.empty() || list->second.reads.empty()) return found;
  isl::ctx ctx = isl_context_of(kernel)->ctx();
  VariableAccesses accesses = relations_of(kernel, list->second, ctx, false);
  isl::union_map flow_dependences = flow(accesses.reads, accesses.must_writes, accesses.may_writes, reference_timestamps(kernel));
  split_by_statement_pair(flow_dependences, DependenceKind::Flow, variable, found);
  return found;
}

std::shared_ptr<const detail::DependenceData> dependences_of(const LoopKernel& kernel) {
  if (kernel.dependences) return kernel.dependences;
  return with_isl_errors("computing the dependences of kernel '" + kernel.name + "'",
                         [&] { return compute_dependences(kernel); });
}

namespace {

// Whether `instances` has a set in the space of `side` of `relation` (same tuple name and arity).
bool has_space_of(const isl::union_set& instances, const isl::map& relation, isl_dim_type side) {
  isl::space space = side == isl_dim_in ? relation.domain().space() : relation.range().space();
  return !instances.extract_set(space).is_empty();
}

// `relation` with each side that is a reduction term without a set in `instances` lowered to its
// instruction (lower_reduction_term): a rewrite or a schedule that does not know the term still
// sees the pairs, as one read per instruction instance, instead of losing them.
isl::map lower_terms_outside(const isl::map& relation, const isl::union_set& instances) {
  isl::map result = relation;
  for (isl_dim_type side : {isl_dim_in, isl_dim_out}) {
    if (!has_space_of(instances, result, side)) result = lower_reduction_term(result, side);
  }
  return result;
}

}  // namespace

std::shared_ptr<const detail::DependenceData> trace_dependences(const detail::DependenceData& dependences,
                                                                const isl::union_map& rewrite) {
  auto traced = std::make_shared<detail::DependenceData>();
  traced->context = dependences.context;
  traced->writes_each_element_once = dependences.writes_each_element_once;  // keyed by relation: still true
  isl::union_set rewritten = rewrite.domain();
  for (const Dependence& dependence : dependences.dependences) {
    isl::union_map moved = isl::union_map(lower_terms_outside(dependence.relation, rewritten))
                               .apply_domain(rewrite)
                               .apply_range(rewrite);
    moved.foreach_map([&](isl::map map) {
      Dependence copy = dependence;
      copy.source = instruction_of_tuple(isl_map_get_tuple_name(map.get(), isl_dim_in));
      copy.sink = instruction_of_tuple(isl_map_get_tuple_name(map.get(), isl_dim_out));
      copy.relation = map;
      traced->dependences.push_back(copy);
    });
  }
  return traced;
}

namespace {

// An instruction within two inames on one hardware axis (j split onto l.0 while it also runs in
// i_inner, l.0) cannot be generated (code generation refuses it: check_instruction_axes); its
// instances as isl counts them, every pair of the two inames, do not exist on the hardware, which
// runs only the pairs of equal index. loopy's recipes pass through such a kernel before
// remove_inames_from_insn takes one iname away (test_remove_inames_from_insn); its dependences
// are checked by the transform that makes it generable again.
bool runs_two_inames_on_one_axis(const LoopKernel& kernel, const std::string& id) {
  const Instruction* instruction = kernel.find_instruction(id);
  if (instruction == nullptr) return false;
  std::set<std::string> axes;
  for (const std::string& iname : instruction->within_inames) {
    InameTag tag = kernel.tag_of(iname);
    if (tag.kind != InameTag::Kind::Local && tag.kind != InameTag::Kind::Group) continue;
    if (!axes.insert(to_string(tag)).second) return true;
  }
  return false;
}


// The kernel's reduction terms that the dependences name; a term they name that the kernel no
// longer has (a transform that cannot trace terms changed the reduction) is lowered to its
// instruction, so `any_named` is kept apart from `terms`.
struct NamedReductionTerms {
  bool any_named = false;
  std::vector<ReductionTerm> terms;
};

NamedReductionTerms reduction_terms_named_by(const LoopKernel& kernel, const std::vector<Dependence>& dependences) {
  std::set<std::string> named;
  for (const Dependence& dependence : dependences) {
    for (isl_dim_type side : {isl_dim_in, isl_dim_out}) {
      const char* name = isl_map_get_tuple_name(dependence.relation.get(), side);
      if (name != nullptr && parse_reduction_term_name(name)) named.insert(name);
    }
  }
  NamedReductionTerms result;
  result.any_named = !named.empty();
  if (!result.any_named) return result;
  for (ReductionTerm& term : all_reduction_terms(kernel)) {
    if (named.count(term.tuple_name()) != 0) result.terms.push_back(std::move(term));
  }
  return result;
}

}  // namespace

// The part of `dependence` that `timestamps` must order: its reduction terms lowered where the
// dependences name them, empty where a work-item runs two inames on one axis (checked elsewhere)
// or nothing of it is relevant (relevant_part). `dependence.relation` is lowered in place, as the
// refusal's message reads it.
static isl::map part_to_order(const LoopKernel& kernel, Dependence& dependence, const NamedReductionTerms& named,
                              const isl::union_set& timed, const isl::union_map& timestamps,
                              const HostLoopsOfInstructions& host_loops, bool verdict_only) {
  if (named.any_named) dependence.relation = lower_terms_outside(dependence.relation, timed);
  if (runs_two_inames_on_one_axis(kernel, dependence.source) || runs_two_inames_on_one_axis(kernel, dependence.sink)) {
    return isl::map::empty(dependence.relation.get_space());
  }
  return relevant_part(kernel, dependence, timestamps, host_loops, verdict_only);
}

namespace {

// The input and output dimensions of `relation` on each g.N axis where both sides run one (the
// last iname of the axis found on each side, as same_work_group equates them).
std::vector<std::pair<int, int>> work_group_dimensions(const LoopKernel& kernel, const isl::map& relation) {
  std::vector<std::pair<int, int>> dimensions;
  for (int axis = 0; axis < 3; ++axis) {
    int in = -1, out = -1;
    for (const auto& [iname, tag] : kernel.iname_tags) {
      if (tag.kind != InameTag::Kind::Group || tag.axis != axis) continue;
      int in_here = isl_map_find_dim_by_name(relation.get(), isl_dim_in, iname.c_str());
      int out_here = isl_map_find_dim_by_name(relation.get(), isl_dim_out, iname.c_str());
      if (in_here >= 0) in = in_here;
      if (out_here >= 0) out = out_here;
    }
    if (in >= 0 && out >= 0) dimensions.emplace_back(in, out);
  }
  return dimensions;
}

// Whether every pair of `relation` is equal on each (input, output) dimension pair: no pair
// with the input smaller, none with it larger (relation ⊆ its pairs equal there, without the
// subtraction).
bool equal_on_dimensions(const isl::map& relation, const std::vector<std::pair<int, int>>& dimensions) {
  for (auto [in, out] : dimensions) {
    auto in_smaller = isl::manage(isl_map_order_lt(relation.copy(), isl_dim_in, in, isl_dim_out, out));
    if (!in_smaller.is_empty()) return false;
    auto in_larger = isl::manage(isl_map_order_gt(relation.copy(), isl_dim_in, in, isl_dim_out, out));
    if (!in_larger.is_empty()) return false;
  }
  return true;
}

std::vector<std::pair<int, int>> iname_dimensions(const isl::map& relation, const std::vector<std::string>& inames) {
  std::vector<std::pair<int, int>> dimensions;
  for (const std::string& iname : inames) {
    int in = isl_map_find_dim_by_name(relation.get(), isl_dim_in, iname.c_str());
    int out = isl_map_find_dim_by_name(relation.get(), isl_dim_out, iname.c_str());
    if (in >= 0 && out >= 0) dimensions.emplace_back(in, out);
  }
  return dimensions;
}

// check_dependences' verdict on `relation` read off the timestamps' coordinates where it can:
// true when no pair runs out of order and none crosses work-groups (the violating pairs the check
// builds would be none), false when some do, nullopt where the order cannot say. Only a true
// verdict is trusted: anything else takes the check's own way, which words the refusal.
std::optional<bool> in_order_within_work_groups(const LoopKernel& kernel, const TimestampOrder& order,
                                                const isl::map& relation) {
  std::optional<bool> ordered = every_pair_ordered(order, relation);
  if (!ordered || !*ordered) return ordered;
  return equal_on_dimensions(relation, work_group_dimensions(kernel, relation));
}

// Whether no pair of a flow dependence reads another private copy than its source wrote
// (reads_of_another_copy is empty), without the subtraction.
bool reads_own_copy(const LoopKernel& kernel, const Dependence& dependence, const isl::map& relation) {
  if (dependence.kind != DependenceKind::Flow) return true;
  const Temporary* temporary = kernel.find_temporary(dependence.variable);
  if (temporary == nullptr || effective_address_space(kernel, *temporary) != AddressSpace::Private) return true;
  return equal_on_dimensions(relation, iname_dimensions(relation, private_copy_inames(kernel, dependence)));
}

// What each check of the dependences against an order reads: the order's timestamps, with the
// reductions' steps named where they can be placed, and the host loops around the instructions.
struct OrderToCheck {
  NamedReductionTerms named;
  TimestampOrder order;
  isl::union_set timed;
  HostLoopsOfInstructions host_loops;

  // The part of `dependence` this order must respect (part_to_order; lowers it in place).
  // `verdict_only`: the same pairs in a cheaper form, for tests of emptiness and order only.
  isl::map relation(const LoopKernel& kernel, Dependence& dependence, bool verdict_only = false) const {
    return part_to_order(kernel, dependence, named, timed, order.timestamps, host_loops, verdict_only);
  }
};

OrderToCheck order_to_check(const LoopKernel& kernel, const std::vector<Dependence>& dependences,
                            TimestampOrder (*order)(const LoopKernel&, const std::vector<ReductionTerm>&)) {
  OrderToCheck result{reduction_terms_named_by(kernel, dependences), {}, {}, {}};
  result.order = timestamps_with_terms(kernel, result.named.terms, order);
  result.timed = result.order.timestamps.domain();
  result.host_loops = host_loops_of_instructions(kernel);
  return result;
}

// LOOM_VERIFY_SKIPPED_CHECKS: the verdict read off the coordinates against the check's own.
void verify_fast_verdict(const std::string& what, const Dependence& dependence, bool fast, bool full) {
  if (fast == full) return;
  throw InternalError("check_dependences: " + what + " of the " + std::string(dependence_kind_name(dependence.kind)) +
                      " dependence from '" + dependence.source + "' to '" + dependence.sink + "' through '" +
                      dependence.variable + "' read off the timestamps' coordinates is " + (fast ? "true" : "false") +
                      ", the subtraction says " + (full ? "true" : "false"));
}

}  // namespace

namespace {

// A copy of `map` that isl's in-place normalizations (an equality test's) cannot reach back from:
// a change of space and back copies a shared map and its shared disjuncts (isl_map_reset_space).
isl::map deep_copy(const isl::map& map) { return isl::manage(isl_set_unwrap(isl_map_wrap(map.copy()))); }

}  // namespace

bool dependences_hold(const LoopKernel& kernel) {
  auto data = dependences_of(kernel);
  if (data->dependences.empty()) {
    check_sequential_order(kernel);
    return true;
  }
  OrderToCheck checked = order_to_check(kernel, data->dependences, sequential_timestamp_order);
  const TimestampOrder& order = checked.order;
  const isl::union_map& timestamps = order.timestamps;
  for (const Dependence& traced : data->dependences) {
    Dependence dependence = traced;
    isl::map relation = checked.relation(kernel, dependence, /*verdict_only=*/true);
    if (relation.is_empty()) continue;
    std::optional<bool> in_order = in_order_within_work_groups(kernel, order, relation);
    if (!in_order) {
      isl::map before = ordered_pairs(timestamps, relation);
      in_order = relation.subtract(before).unite(relation.subtract(same_work_group(kernel, relation))).is_empty();
    }
    if (!*in_order && !(dependence.kind != DependenceKind::Flow && is_private_scalar(kernel, dependence.variable) &&
                        live_ranges_stay_apart(kernel, *data, dependence.variable, timestamps))) {
      return false;
    }
    if (!reads_own_copy(kernel, dependence, relation)) return false;
  }
  return true;
}

void check_dependences(const LoopKernel& kernel, const std::string& transform) {
  auto data = dependences_of(kernel);
  if (data->dependences.empty()) {
    check_sequential_order(kernel);  // what building the timestamps would refuse (cyclic priorities)
    return;
  }
  bool verify = std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr;
  OrderToCheck checked = order_to_check(kernel, data->dependences, sequential_timestamp_order);
  const TimestampOrder& order = checked.order;
  const isl::union_map& timestamps = order.timestamps;
  for (const Dependence& traced : data->dependences) {
    Dependence dependence = traced;
    // The verdict on the cheaper form; the pairs in the form the refusal's message has always
    // read (an instance isl samples from them) only where it is not "in order" (or to verify it).
    isl::map pairs = checked.relation(kernel, dependence, /*verdict_only=*/true);
    if (pairs.is_empty()) continue;
    std::optional<bool> in_order = in_order_within_work_groups(kernel, order, pairs);
    if (in_order.value_or(false) && !verify && reads_own_copy(kernel, dependence, pairs)) continue;
    isl::map relation = checked.relation(kernel, dependence);
    if (verify && !deep_copy(relation).is_equal(deep_copy(pairs))) {
      throw InternalError("check_dependences: the relevant pairs of the " + std::string(dependence_kind_name(dependence.kind)) +
                          " dependence from '" + dependence.source + "' to '" + dependence.sink + "' through '" +
                          dependence.variable + "' differ between their two forms");
    }
    if (!in_order.value_or(false) || verify) {
      isl::map before = ordered_pairs(timestamps, relation);
      // Work-groups run in no order: only a global barrier (a kernel split) orders two instances in
      // different groups, whatever the statement order says.
      isl::map violating = relation.subtract(before).unite(relation.subtract(same_work_group(kernel, relation)));
      if (in_order) verify_fast_verdict("'in order within work-groups'", dependence, *in_order, violating.is_empty());
      if (!violating.is_empty() &&
          !(dependence.kind != DependenceKind::Flow && is_private_scalar(kernel, dependence.variable) &&
            live_ranges_stay_apart(kernel, *data, dependence.variable, timestamps))) {
        refuse(kernel, dependence, violating, transform);
      }
    }
    bool own_copy = reads_own_copy(kernel, dependence, relation);
    if (!own_copy || verify) {
      isl::map other_copy = reads_of_another_copy(kernel, dependence, relation);
      verify_fast_verdict("'reads its own copy'", dependence, own_copy, other_copy.is_empty());
      if (!other_copy.is_empty()) refuse_reads_of_another_copy(kernel, dependence, other_copy, transform);
    }
  }
}

std::optional<std::string> dependence_broken_by_work_items_in_turn(const LoopKernel& kernel) {
  bool has_local = std::any_of(kernel.iname_tags.begin(), kernel.iname_tags.end(),
                               [](const auto& entry) { return entry.second.kind == InameTag::Kind::Local; });
  if (!has_local) return std::nullopt;
  auto data = dependences_of(kernel);
  if (data->dependences.empty()) return std::nullopt;
  bool verify = std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr;
  // The C target's order: every iname a loop, as linearized (codegen's kernel_body).
  OrderToCheck checked = order_to_check(kernel, data->dependences, reference_timestamp_order);
  const TimestampOrder& order = checked.order;
  const isl::union_map& timestamps = order.timestamps;
  for (const Dependence& traced : data->dependences) {
    // Private temporaries: one per work-item on a GPU and one in all on C (or privatized by the C
    // target); local ones that need barriers are refused on C already.
    const Temporary* temporary = kernel.find_temporary(traced.variable);
    if (temporary != nullptr && effective_address_space(kernel, *temporary) != AddressSpace::Global) continue;
    Dependence dependence = traced;
    isl::map relation = checked.relation(kernel, dependence);
    if (relation.is_empty()) continue;
    std::optional<bool> ordered = every_pair_ordered(order, relation);
    if (ordered.value_or(false) && !verify) continue;
    isl::map violating = relation.subtract(ordered_pairs(timestamps, relation));
    if (ordered) verify_fast_verdict("'every pair ordered'", dependence, *ordered, violating.is_empty());
    if (violating.is_empty()) continue;
    InstancePrinter printer(violating);
    std::string message = "instruction '" + dependence.sink + "' must follow '" + dependence.source + "' (" +
                          std::string(dependence_kind_name(dependence.kind)) + " dependence through '" +
                          dependence.variable + "'), which a barrier between work-items orders on a GPU, but the C "
                          "target runs the work-items of one loop over l.N inames one after another: " +
                          describe(dependence, printer);
    std::string parameters = printer.parameters();
    if (!parameters.empty()) message += " (with " + parameters + ")";
    return message;
  }
  return std::nullopt;
}

bool known_to_write_each_element_once(const LoopKernel& kernel, const IslMemoKey& key) {
  if (!kernel.dependences) return false;
  for (const IslMemoKey& known : kernel.dependences->writes_each_element_once) {
    if (known.text() != key.text()) continue;
    return std::none_of(known.inputs().begin(), known.inputs().end(),
                        [](const std::weak_ptr<const detail::IslSetData>& input) { return input.expired(); });
  }
  return false;
}

bool writes_each_element_once_in_lineage(const LoopKernel& kernel, const Access& write) {
  if (!write.is_write) return false;
  if (writes_each_element_once(write)) return true;
  return kernel.dependences && !kernel.dependences->writes_each_element_once.empty() &&
         known_to_write_each_element_once(kernel, access_relation_key(kernel, write));
}

}  // namespace loom
