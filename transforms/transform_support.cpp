#include "transforms/transform_support.hpp"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "analysis/address_spaces.hpp"
#include "analysis/accesses.hpp"
#include "analysis/checks.hpp"
#include "analysis/dependences.hpp"
#include "analysis/preprocess.hpp"
#include "analysis/realize_reduction.hpp"
#include "analysis/reduction_terms.hpp"
#include "analysis/timestamps.hpp"
#include "codegen/linearize.hpp"
#include "ir/instance_sets.hpp"
#include "ir/instruction_names.hpp"
#include "ir/isl_extra.hpp"
#include "ir/isl_memo.hpp"
#include "ir/stage_timer.hpp"
#include "loom/error.hpp"
#include "transforms/instance_move.hpp"
#include "transforms/finish_keeping_order.hpp"
#include "transforms/finish_with_dependences.hpp"
#include "transforms/instruction_support.hpp"

namespace loom {

namespace {

// The sequential loops an instruction runs in, with those of its reductions when `reductions`
// (a reader inside a reduction reads in every iteration; a writer's reduction only accumulates).
std::set<std::string> sequential_loops(const LoopKernel& kernel, const Instruction& instruction, bool reductions) {
  std::set<std::string> inames = instruction.within_inames;
  if (reductions && instruction.expression) {
    visit_expr(*instruction.expression, [&](const Expr& e) {
      if (e.kind == ExprKind::Reduction) inames.insert(e.reduction_inames.begin(), e.reduction_inames.end());
    });
  }
  std::set<std::string> loops;
  for (const std::string& iname : inames) {
    InameTag::Kind kind = kernel.tag_of(iname).kind;
    if (kind != InameTag::Kind::Group && kind != InameTag::Kind::Local) loops.insert(iname);
  }
  return loops;
}

bool is_private_temporary(const LoopKernel& kernel, const std::string& name) {
  const Temporary* temporary = kernel.find_temporary(name);
  return temporary != nullptr && effective_address_space(kernel, *temporary) == AddressSpace::Private;
}

// Whether an iname is a loop whose iterations share one copy of a private temporary: not a
// hardware axis, and not ilp/vec (ILP privatization gives each of their values its own copy).
bool shares_private_copies(const LoopKernel& kernel, const std::string& iname) {
  using Kind = InameTag::Kind;
  Kind kind = kernel.tag_of(iname).kind;
  return kind != Kind::Group && kind != Kind::Local && kind != Kind::Ilp && kind != Kind::IlpSeq && kind != Kind::Vec;
}

// For each instruction (by index), the loop of the linearization it runs in for each iname: two
// instructions in the same iname may still run in two loops over it, one after the other.
using LoopInstances = std::vector<std::map<std::string, const codegen::LoopNestNode*>>;

void collect_loop_instances(const std::vector<codegen::LoopNestNode>& nodes,
                            std::map<std::string, const codegen::LoopNestNode*>& around, LoopInstances& out) {
  for (const codegen::LoopNestNode& node : nodes) {
    if (node.kind == codegen::LoopNestNode::Kind::Instruction) {
      out[static_cast<std::size_t>(node.instruction_index)] = around;
      continue;
    }
    auto inner = around;
    inner[node.iname] = &node;
    collect_loop_instances(node.children, inner, out);
  }
}

// Whether `reader` reads `variable` inside a reduction over `iname`.
bool reads_inside_reduction_over(const Instruction& reader, const std::string& variable, const std::string& iname) {
  bool found = false;
  if (!reader.expression) return false;
  visit_expr(*reader.expression, [&](const Expr& e) {
    if (found || e.kind != ExprKind::Reduction) return;
    if (std::find(e.reduction_inames.begin(), e.reduction_inames.end(), iname) == e.reduction_inames.end()) return;
    for (const ExprPtr& operand : e.operands)
      visit_expr(*operand, [&](const Expr& inner) {
        found = found || ((inner.kind == ExprKind::Variable || inner.kind == ExprKind::Subscript) && inner.name == variable);
      });
  });
  return found;
}

// Whether `reader` reads `variable` inside some reduction.
bool reads_inside_a_reduction(const Instruction& reader, const std::string& variable) {
  bool found = false;
  if (!reader.expression) return false;
  visit_expr(*reader.expression, [&](const Expr& e) {
    if (found || e.kind != ExprKind::Reduction) return;
    for (const ExprPtr& operand : e.operands)
      visit_expr(*operand, [&](const Expr& inner) {
        found = found || ((inner.kind == ExprKind::Variable || inner.kind == ExprKind::Subscript) && inner.name == variable);
      });
  });
  return found;
}

// Each reduction gets its own loop over its iname at code generation, and a reduction that waits
// for another runs its loop after the other's: a writer in one loop over k (not indexing what it
// writes by k) cannot serve both, and the later reduction sees only its last value (found by the
// transform fuzzer: precompute of `ab(i, k)` used by `sum(k, ab(i, k))` in two instructions, one
// depending on the other). Adds k to `result` for (writer, later reader).
void mark_reductions_served_one_after_another(const LoopKernel& kernel, const std::vector<Instruction>& readers,
                                              const Instruction& writer, const std::string& variable,
                                              const std::set<std::string>& writer_loops,
                                              const std::set<std::string>& indexing,
                                              std::map<std::pair<std::string, std::string>, std::set<std::string>>& result) {
  for (const std::string& iname : writer_loops) {
    if (indexing.count(iname) != 0 || !shares_private_copies(kernel, iname)) continue;
    std::vector<const Instruction*> reducing;
    for (const Instruction& reader : readers)
      if (reader.id != writer.id && reads_inside_reduction_over(reader, variable, iname)) reducing.push_back(&reader);
    for (const Instruction* first : reducing)
      for (const Instruction* later : reducing)
        if (first != later && depends_transitively(kernel, later->id, first->id)) result[{writer.id, later->id}].insert(iname);
  }
}

// The kernel's instructions as their readers see them: substitution rules expanded, so that a
// read inside a rule (reduction_arg_to_subst_rule puts a reduction's argument into one) is a read
// of the instruction using the rule, inside the reductions around that use (fuzz seed 74000228:
// a reduction over k reading, through its rule, a scalar written once per k; split_iname or
// duplicate_inames of k for the reduction alone left the writer's loop behind unseen).
std::vector<Instruction> with_rules_expanded(const LoopKernel& kernel) {
  std::vector<Instruction> instructions = kernel.instructions;
  if (kernel.substitutions.empty()) return instructions;
  for (Instruction& instruction : instructions) {
    if (instruction.expression) instruction.expression = expand_substitutions(instruction.expression, kernel);
    for (ExprPtr& predicate : instruction.predicates) predicate = expand_substitutions(predicate, kernel);
    for (ExprPtr& assignee : instruction.assignees) assignee = expand_substitutions(assignee, kernel);
  }
  return instructions;
}

// kernel_with_reduction_terms leaves an instruction that depends on a reduction's instruction
// waiting for the whole reduction. Code generation makes one that runs inside some of the
// reduction's loops, and does not read its result, wait for the update in those loops instead
// (realize_reduction's wait_for_updates_inside: pipeline_fetch's store of the next tile within
// k_outer, after the products of that iteration). Mirrored here, so that the steps' loops nest
// as code generation nests them.
void wait_for_steps_inside(LoopKernel& with_terms, const std::vector<ReductionTerm>& terms) {
  for (Instruction& instruction : with_terms.instructions) {
    if (parse_reduction_term_name(instruction.id)) continue;  // a step itself
    std::map<std::string, std::vector<std::string>> inside;   // reduction instruction -> its steps here
    std::set<std::string> read = variables_read(instruction);
    for (const ReductionTerm& term : terms) {
      if (instruction.id == term.instruction || instruction.depends_on.count(term.instruction) == 0) continue;
      const Instruction* reduction = with_terms.find_instruction(term.instruction);
      if (reduction == nullptr || std::any_of(reduction->assignees.begin(), reduction->assignees.end(),
                                              [&](const ExprPtr& assignee) { return read.count(assignee->name) != 0; })) {
        continue;
      }
      if (std::any_of(term.reduction_inames.begin(), term.reduction_inames.end(),
                      [&](const std::string& iname) { return instruction.within_inames.count(iname) != 0; })) {
        inside[term.instruction].push_back(term.tuple_name());
      }
    }
    for (const auto& [id, steps] : inside) {
      instruction.depends_on.erase(id);
      instruction.depends_on.insert(steps.begin(), steps.end());
    }
  }
}

// Code generation's init of a reduction waits only for the dependencies that run outside the
// reduction's loops; one inside them (a private fetch within k) waits for the init instead
// (realize_reduction's make_inner_dependencies_follow_their_inits), so it runs in this reduction's
// loop over k, not in the loop of an earlier reduction over k. Mirrored: such a dependency waits
// for what the init waits for (two reductions over k, the second reading a private prefetch).
// `nesting` is codegen::iname_nesting_order(kernel), asked once for every term (issue 26: once
// per term, it was a few % of sgemm_tuned_strip's compile).
void follow_the_inits(LoopKernel& with_terms, const LoopKernel& kernel, const std::vector<ReductionTerm>& terms,
                      const std::function<const std::vector<std::string>&()>& nesting) {
  for (const ReductionTerm& term : terms) {
    const Instruction* origin = kernel.find_instruction(term.instruction);
    if (origin == nullptr) continue;
    std::set<std::string> kept = term.reduction_inames.empty()
                                     ? origin->depends_on
                                     : reduction_init_dependencies(kernel, nesting(), *origin, term.reduction_inames, true);
    for (const std::string& id : origin->depends_on) {
      if (kept.count(id) != 0) continue;
      Instruction* inner = nullptr;
      for (Instruction& instruction : with_terms.instructions)
        if (instruction.id == id) inner = &instruction;
      if (inner == nullptr) continue;
      for (const std::string& before : kept)
        if (!depends_transitively(kernel, before, id)) inner->depends_on.insert(before);
    }
  }
}

// For each (writer, reader) pair of a temporary: the writer's loops that the reader does not run
// in, or runs in in another loop over the same iname, and that do not index what the writer
// writes. Over such a loop the writer overwrites one element again and again, and the reader,
// outside it, sees only the last value. A writer that reads the element too accumulates over the
// loop: its reader wants the value after it.
std::map<std::pair<std::string, std::string>, std::set<std::string>> loops_left_behind(const LoopKernel& kernel) {
  std::map<std::pair<std::string, std::string>, std::set<std::string>> result;
  std::optional<codegen::Linearization> linearization;
  LoopInstances instances(kernel.instructions.size());
  // codegen::iname_nesting_order(kernel), asked once for the inits' dependencies and the loops'
  // nesting below.
  std::optional<std::vector<std::string>> nesting;
  auto nesting_order = [&]() -> const std::vector<std::string>& {
    if (!nesting) nesting = codegen::iname_nesting_order(kernel);
    return *nesting;
  };
  auto index_of = [&](const Instruction& instruction) { return static_cast<std::size_t>(&instruction - kernel.instructions.data()); };
  // Reductions get their loops only at code generation: where some instruction reduces over an
  // iname, this linearization does not place its loops as code generation will (pipeline_fetch's
  // load and store around the products of one k_outer iteration look apart here).
  std::vector<Instruction> readers = with_rules_expanded(kernel);
  std::set<std::string> reduced;
  for (const Instruction& instruction : readers)
    if (instruction.expression)
      visit_expr(*instruction.expression, [&](const Expr& e) {
        if (e.kind == ExprKind::Reduction) reduced.insert(e.reduction_inames.begin(), e.reduction_inames.end());
      });
  auto other_loop_instance = [&](const Instruction& writer, const Instruction& reader, const std::string& iname) {
    if (!shares_private_copies(kernel, iname) || reduced.count(iname) != 0) return false;
    if (!linearization) {
      linearization = codegen::linearize(kernel, [&](const std::string& name) { return shares_private_copies(kernel, name); });
      std::map<std::string, const codegen::LoopNestNode*> none;
      collect_loop_instances(linearization->roots, none, instances);
    }
    const auto& writer_loops = instances[index_of(writer)];
    const auto& reader_loops = instances[index_of(reader)];
    auto w = writer_loops.find(iname), r = reader_loops.find(iname);
    // A reader's reduction iname is no loop yet (realize_reduction makes it at code generation).
    return w != writer_loops.end() && r != reader_loops.end() && w->second != r->second;
  };
  // A reader that reads the value only inside reductions reads it where each reduction's update
  // runs (analysis/reduction_terms.hpp): those loops, not the instruction's, must be the writer's
  // (k outside i around `t = a[i, k]` and `out[i] = max(k, t)`: the update runs in the writer's
  // loop over i, the instruction's final write in a loop over i of its own). The reduction's own
  // inames too: the steps' loops over them are placed here as code generation places them, and a
  // step loop over k_inner apart from the writer's (buffer_array's store, or a barrier, between a
  // private fetch and the product waiting for it) read the last k_inner's value (transform
  // fuzzer, seed 112; accepted silently while reduction inames were left out).
  std::optional<LoopKernel> with_terms;
  std::vector<ReductionTerm> terms;
  std::optional<codegen::Linearization> term_linearization;
  LoopInstances term_instances;
  auto other_loop_instance_of_reads = [&](const Instruction& writer, const Instruction& reader, const std::string& variable,
                                          const std::string& iname) {
    std::vector<std::string> read_terms;
    for (const Access& access : instruction_accesses(kernel, reader)) {
      if (access.is_write || access.variable != variable) continue;
      if (access.reduction_inames.empty()) return other_loop_instance(writer, reader, iname);
      read_terms.push_back(reduction_term_tuple_name(reader.id, [&] {
        std::vector<std::string> ordered;
        for (const std::string& name : kernel.all_inames())
          if (access.reduction_inames.count(name) != 0) ordered.push_back(name);
        return ordered;
      }()));
    }
    if (read_terms.empty() || !shares_private_copies(kernel, iname)) return other_loop_instance(writer, reader, iname);
    if (!term_linearization) {
      terms = all_reduction_terms(kernel);
      try {
        with_terms = kernel_with_reduction_terms(kernel, terms, true);
        wait_for_steps_inside(*with_terms, terms);
        follow_the_inits(*with_terms, kernel, terms, nesting_order);
        term_linearization =
            codegen::linearize(*with_terms, [&](const std::string& name) { return shares_private_copies(kernel, name); });
      } catch (const Error&) {
        terms.clear();  // no order places the steps: the instruction's loops, as before
        term_linearization = codegen::Linearization{};
        return other_loop_instance(writer, reader, iname);
      }
      term_instances.assign(with_terms->instructions.size(), {});
      std::map<std::string, const codegen::LoopNestNode*> none;
      collect_loop_instances(term_linearization->roots, none, term_instances);
    }
    const auto& writer_loops = term_instances[index_of(writer)];
    auto w = writer_loops.find(iname);
    for (const std::string& name : read_terms) {
      auto found = std::find_if(terms.begin(), terms.end(), [&](const ReductionTerm& term) { return term.tuple_name() == name; });
      if (found == terms.end()) return other_loop_instance(writer, reader, iname);
      const auto& step_loops = term_instances[kernel.instructions.size() + static_cast<std::size_t>(found - terms.begin())];
      auto r = step_loops.find(iname);
      if (w != writer_loops.end() && r != step_loops.end() && w->second != r->second) return true;
    }
    return false;
  };
  // A writer loop the reader lacks that nests outside a shared loop L gives the writer a loop over
  // L of its own (inside it), apart from the reader's: a buffer's init whose iname was split, its
  // outer part nesting outside the k_outer the reduction reading it runs over (transform fuzzer,
  // seed 43). The loop-instance test above cannot see it for reduction inames.
  auto own_loop_nests_outside = [&](const std::set<std::string>& writer_loops, const std::set<std::string>& reader_loops,
                                    const std::string& iname) {
    if (!shares_private_copies(kernel, iname)) return false;
    const std::vector<std::string>& order = nesting_order();
    auto position = [&](const std::string& name) { return std::find(order.begin(), order.end(), name) - order.begin(); };
    return std::any_of(writer_loops.begin(), writer_loops.end(), [&](const std::string& own) {
      return reader_loops.count(own) == 0 && shares_private_copies(kernel, own) && position(own) < position(iname);
    });
  };
  // A loop of one iteration overwrites nothing: its one value is the last (sgemm_splitk's kz, the
  // outer part of a split of 16 by 16, holds pipeline_fetch's first fill before the kt loop while
  // the products' steps run in a kz loop inside kt).
  std::map<std::string, bool> once;
  auto runs_once = [&](const std::string& iname) {
    auto found = once.find(iname);
    if (found != once.end()) return found->second;
    std::optional<ConstantRange> range = constant_iname_range(kernel, iname);
    return once[iname] = range && range->extent == 1;
  };
  for (const Instruction& writer : kernel.instructions) {
    for (const ExprPtr& assignee : writer.assignees) {
      // An accumulation (c_buf = c_buf + ...) means its value after the loop.
      if (variables_read(writer).count(assignee->name) != 0) continue;
      // Arrays: only their reads inside reductions, which the dependence check models without the
      // reduction's iname (one read per instance of the reducing instruction): a reduction over k
      // reading g[0], written once per k, separated from its writer's loop by duplicate_inames or
      // split_iname(within=) read only the last value, unseen. Other reads of arrays are ordered
      // by the dependence check.
      bool temporary = kernel.find_temporary(assignee->name) != nullptr;
      std::set<std::string> indexing;
      for (const ExprPtr& index : assignee->operands)
        visit_expr(*index, [&](const Expr& e) {
          if (e.kind == ExprKind::Variable) indexing.insert(e.name);
        });
      std::set<std::string> writer_loops = sequential_loops(kernel, writer, false);
      for (std::size_t index = 0; index < readers.size(); ++index) {
        const Instruction& reader = readers[index];
        if (reader.id == writer.id || variables_read(reader).count(assignee->name) == 0) continue;
        if (!temporary && !reads_inside_a_reduction(reader, assignee->name)) continue;
        std::set<std::string> reader_loops = sequential_loops(kernel, reader, true);
        std::set<std::string> left;
        for (const std::string& iname : writer_loops) {
          if (indexing.count(iname) != 0 || runs_once(iname)) continue;
          if (reader_loops.count(iname) == 0 ||
              (temporary && (other_loop_instance_of_reads(writer, kernel.instructions[index], assignee->name, iname) ||
                             own_loop_nests_outside(writer_loops, reader_loops, iname)))) {
            left.insert(iname);
          }
        }
        // A private temporary has one copy per work-item: a writer on hardware axes the reader
        // does not run on (and that do not index it) leaves the reader no copy of its own to
        // read (a private prefetch whose fetch was split onto g.0/l.0 with within=, apart from
        // the loop of its reader: the C target read the last work-item's value, and once the
        // reader gained the axes one work-item's; transform fuzzer, seed 87).
        if (temporary && is_private_temporary(kernel, assignee->name)) {
          std::set<std::string> reader_inames = sequential_loops(kernel, reader, true);
          reader_inames.insert(reader.within_inames.begin(), reader.within_inames.end());
          for (const std::string& iname : writer.within_inames) {
            InameTag::Kind kind = kernel.tag_of(iname).kind;
            if ((kind == InameTag::Kind::Group || kind == InameTag::Kind::Local) && indexing.count(iname) == 0 &&
                reader_inames.count(iname) == 0 && reduction_inames_of(reader).count(iname) == 0)
              left.insert(iname);
          }
        }
        result[{writer.id, reader.id}] = left;
      }
      if (temporary) mark_reductions_served_one_after_another(kernel, readers, writer, assignee->name, writer_loops, indexing, result);
    }
  }
  return result;
}

// Refuses a transform after which a temporary's reader no longer runs in a loop its writer
// overwrites the value in (found by the transform fuzzer: split_iname(within=...) of the loop a
// private prefetch shares with the reduction reading it, duplicate_inames of a fetch's loop). The
// dependences traced through transforms do not cover storage that transforms add, so this is
// checked on the structure: a pair that already had such a loop before keeps its meaning.
void check_temporaries_stay_in_their_readers_loops(const LoopKernel& before, const LoopKernel& after,
                                                   const std::string& transform) {
  // `before`'s pairs only where `after` has one to excuse (each call linearizes the kernel, with
  // its reduction steps where a temporary is read inside a reduction).
  std::optional<std::map<std::pair<std::string, std::string>, std::set<std::string>>> was;
  for (const auto& [pair, left] : loops_left_behind(after)) {
    if (left.empty()) continue;
    if (!was) was = loops_left_behind(before);
    auto previous = was->find(pair);
    if (previous != was->end() && !previous->second.empty()) continue;
    const Instruction* writer = after.find_instruction(pair.first);
    std::string variable = writer->assignees.empty() ? "" : writer->assignees.front()->name;
    for (const ExprPtr& assignee : writer->assignees)
      if (after.find_temporary(assignee->name) != nullptr) variable = assignee->name;
    throw LegalityError(transform + ": instruction '" + pair.second + "' reads '" + variable + "', which '" + pair.first +
                        "' writes in a loop over '" + *left.begin() + "' that '" + pair.second +
                        "' does not run in (or runs in another loop over it) and that does not index '" + variable +
                        "': '" + pair.second +
                        "' would see only the value of the loop's last iteration. Pass unchecked=true to apply it anyway.");
  }
}

}  // namespace

namespace {

// The outcome of a check: nullopt when it passes, else the message it refuses with.
std::optional<std::string> refusal_of(const std::function<void()>& check) {
  try {
    check();
  } catch (const LegalityError& error) {
    return std::string("LegalityError: ") + error.what();
  } catch (const Error& error) {
    return std::string("Error: ") + error.what();
  }
  return std::nullopt;
}

// The instructions of `kernel` whose every write writes each element once: read off the
// subscript (writes_each_element_once), known from the lineage, or listed in `renamed` (they did
// in the kernel a one-to-one renaming of instances started from).
std::set<std::string> writers_of_each_element_once(const LoopKernel& kernel, const std::set<std::string>& renamed = {}) {
  std::set<std::string> writers;
  bool lineage_knows = kernel.dependences && !kernel.dependences->writes_each_element_once.empty();
  for (const Instruction& instruction : kernel.instructions) {
    if (renamed.count(instruction.id) != 0) {
      writers.insert(instruction.id);
      continue;
    }
    bool writes = false, each_once = true;
    for (const Access& access : instruction_accesses(kernel, instruction)) {
      if (!access.is_write) continue;
      writes = true;
      each_once = each_once && (writes_each_element_once(access) ||
                                (lineage_knows && known_to_write_each_element_once(kernel, access_relation_key(kernel, access))));
    }
    if (writes && each_once) writers.insert(instruction.id);
  }
  return writers;
}

// `after`'s dependences with the write relations of `writers` recorded as writing each element
// once, for the transforms after it.
std::shared_ptr<const detail::DependenceData> recording_writers(const LoopKernel& after, const std::set<std::string>& writers) {
  auto recorded = std::make_shared<detail::DependenceData>(*after.dependences);
  for (const Instruction& instruction : after.instructions) {
    if (writers.count(instruction.id) == 0) continue;
    for (const Access& access : instruction_accesses(after, instruction)) {
      if (access.is_write) recorded->writes_each_element_once.push_back(access_relation_key(after, access));
    }
  }
  return recorded;
}

// check_write_races along `race_inames` only; with LOOM_VERIFY_SKIPPED_CHECKS the full check runs
// too and a different verdict is an internal error (the restriction would be unsound there).
void check_write_races_along(const LoopKernel& after, const std::string& context, const std::set<std::string>& race_inames,
                             const PassedAccesses& passed) {
  bool verify = std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr;
  if (!verify) {
    check_write_races(after, context, &race_inames, &passed);
    return;
  }
  std::optional<std::string> restricted = refusal_of([&] { check_write_races(after, context, &race_inames, &passed); });
  std::optional<std::string> full = refusal_of([&] { check_write_races(after, context); });
  if (restricted != full) {
    throw InternalError(context + "the write-race check along " + std::to_string(race_inames.size()) +
                        " iname(s) says " + restricted.value_or("legal") + ", the full check says " + full.value_or("legal"));
  }
  check_write_races(after, context);  // the full check's own exception, if any
}

// A bounds refusal without its violating instance: isl may sample another instance of the same
// set when it comes in another internal form (under LOOM_VERIFY_ISL_MEMO the memo hands one run
// recomputed relations), so the verdict is the instruction, access and array refused.
std::string bounds_verdict(const std::optional<std::string>& refusal) {
  if (!refusal) return "legal";
  std::size_t shape = refusal->find(" outside the shape ");
  std::size_t end = shape == std::string::npos ? std::string::npos : refusal->find("': ", shape);
  return end == std::string::npos ? *refusal : refusal->substr(0, end + 1);
}

// With LOOM_VERIFY_SKIPPED_CHECKS: the bounds check that skips `in_bounds_by_construction` must
// decide as the full one (an internal error otherwise: the construction would be wrong there).
void verify_bounds_skipped(const LoopKernel& after, const std::string& context,
                           const std::set<std::string>& in_bounds_by_construction) {
  if (in_bounds_by_construction.empty() || std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") == nullptr) return;
  std::optional<std::string> restricted = refusal_of([&] {
    with_isl_errors("checking kernel '" + after.name + "'", [&] { check_bounds(after, context, &in_bounds_by_construction); });
  });
  std::optional<std::string> full = refusal_of([&] {
    with_isl_errors("checking kernel '" + after.name + "'", [&] { check_bounds(after, context); });
  });
  if (bounds_verdict(restricted) != bounds_verdict(full)) {
    throw InternalError(context + "the bounds check without the accesses of " + joined(in_bounds_by_construction) +
                        " says " + bounds_verdict(restricted) + ", the full check says " + bounds_verdict(full));
  }
}

// With LOOM_VERIFY_SKIPPED_CHECKS: the write-race and bounds checks that skip the accesses
// `before` passed with must decide as the full ones (an internal error otherwise: an access with
// the same fingerprint would have another verdict, and the fingerprint would miss an input).
void verify_passed_accesses_skipped(const LoopKernel& after, const std::string& context, const PassedAccesses& passed) {
  if ((passed.races.empty() && passed.bounds.empty() && passed.race_free_writers.empty() && passed.race_free_along.empty() &&
       passed.in_bounds_copies.empty() && !passed.all_in_bounds) ||
      std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") == nullptr) {
    return;
  }
  auto races = [&](const PassedAccesses* known) {
    return refusal_of([&] {
      with_isl_errors("checking kernel '" + after.name + "'", [&] { check_write_races(after, context, nullptr, known); });
    });
  };
  auto bounds = [&](const PassedAccesses* known) {
    return bounds_verdict(refusal_of([&] {
      with_isl_errors("checking kernel '" + after.name + "'", [&] { check_bounds(after, context, nullptr, known); });
    }));
  };
  std::optional<std::string> races_skipping = races(&passed), races_full = races(nullptr);
  if (races_skipping != races_full) {
    throw InternalError(context + "the write-race check without the " + std::to_string(passed.races.size()) +
                        " write(s) the kernel before passed with says " + races_skipping.value_or("legal") +
                        ", the full check says " + races_full.value_or("legal"));
  }
  if (!after.options.enforce_array_accesses_within_bounds) return;
  std::string bounds_skipping = bounds(&passed), bounds_full = bounds(nullptr);
  if (bounds_skipping != bounds_full) {
    throw InternalError(context + "the bounds check without the " + std::to_string(passed.bounds.size()) +
                        " access(es) the kernel before passed with says " + bounds_skipping +
                        ", the full check says " + bounds_full);
  }
}

}  // namespace

namespace {

// With LOOM_VERIFY_SKIPPED_CHECKS: the checks finish_transform_keeping_order skipped, run on
// `after`; each must pass (`before` passed them and `reason` says nothing they read changed).
void verify_order_checks_skipped(const LoopKernel& before, const LoopKernel& after, const std::string& transform,
                                 CheckScope scope, const std::string& reason) {
  if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") == nullptr) return;
  std::string context = transform + ": ";
  std::vector<std::pair<std::string, std::function<void()>>> checks = {
      {"the dependence check", [&] { with_isl_errors(context + "checking legality", [&] { check_dependences(after, transform); }); }},
      {"the temporaries'-loops check", [&] { check_temporaries_stay_in_their_readers_loops(before, after, transform); }},
  };
  if (scope == CheckScope::Order) {
    checks.push_back({"the write-race check", [&] {
                        with_isl_errors("checking kernel '" + after.name + "'", [&] { check_write_races(after, context); });
                      }});
    if (after.options.enforce_array_accesses_within_bounds)
      checks.push_back({"the bounds check", [&] {
                          with_isl_errors("checking kernel '" + after.name + "'", [&] { check_bounds(after, context); });
                        }});
  }
  for (const auto& [what, check] : checks) {
    if (std::optional<std::string> refusal = refusal_of(check)) {
      throw InternalError(context + what + " was skipped (" + reason + ") but refuses: " + *refusal);
    }
  }
}

// The order checks of a kernel whose dependences are deferred (finish_transform_deferring_
// dependences): what building its sequential order refuses (cyclic priorities, a nesting no order
// satisfies), which check_dependences refuses too. With LOOM_VERIFY_SKIPPED_CHECKS the checks it
// stands for run as well, the dependences computed on `after`, and a different verdict is an
// internal error.
void check_deferred_order(const LoopKernel& before, const LoopKernel& after, const std::string& transform) {
  auto order_check = [&] { with_isl_errors(transform + ": checking legality", [&] { check_sequential_order(after); }); };
  if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") == nullptr) return order_check();
  std::optional<std::string> deferred = refusal_of(order_check);
  std::optional<std::string> full = refusal_of([&] {
    with_isl_errors(transform + ": checking legality", [&] { check_dependences(after, transform); });
    check_temporaries_stay_in_their_readers_loops(before, after, transform);
  });
  if (deferred != full) {
    throw InternalError(transform + ": the order check of a kernel that runs every iname in turn, its dependences "
                        "not computed yet, says " + deferred.value_or("legal") + "; the dependence and "
                        "temporaries'-loops checks on its computed dependences say " + full.value_or("legal"));
  }
  order_check();  // its own exception, if any
}

LoopKernel finish_with(const LoopKernel& before, LoopKernel after, const TransformCall& call,
                       std::shared_ptr<const detail::DependenceData> dependences,
                       const std::optional<isl::union_map>& instance_rewrite, bool unchecked, CheckScope scope,
                       const std::optional<std::set<std::string>>& race_inames,
                       const std::set<std::string>& in_bounds_by_construction, StageTimer& timer,
                       const std::map<std::string, std::set<std::string>>& race_free_along = {},
                       const std::string* order_kept = nullptr, const std::set<std::string>& in_bounds_copies = {}) {
  // No dependences (finish_transform_deferring_dependences): none computed yet, none traced.
  bool deferred = dependences == nullptr;
  LOOM_ASSERT(!deferred || !instance_rewrite, "finish_transform: a rewrite to trace dependences that were deferred");
  after.dependences = instance_rewrite ? with_isl_errors(call.name + ": tracing dependences", [&] {
    return trace_dependences(*dependences, *instance_rewrite);
  })
                                       : dependences;
  after.applied_transforms.push_back({call.name, to_string(call)});
  after.verified = false;
  timer.mark("dependences traced");
  if (!unchecked) {
    // Write races first: their message is the most specific for a misplaced parallel tag.
    // The accesses `before` passed with (an unchanged access passes again: not re-checked).
    // race_inames comes only from a transform that renames instances one to one (split_iname's
    // guard and round_up tails; an empty set where it tags nothing).
    bool renames_one_to_one = race_inames.has_value();
    bool along_race_inames = scope == CheckScope::Parallel && renames_one_to_one;
    PassedAccesses passed = scope == CheckScope::Order || along_race_inames ? PassedAccesses{} : passed_accesses(before);
    passed.race_free_writers = writers_of_each_element_once(
        after, renames_one_to_one ? writers_of_each_element_once(before) : std::set<std::string>{});
    passed.race_free_along = race_free_along;
    passed.in_bounds_copies = in_bounds_copies;
    if (along_race_inames && before.verified) {
      check_write_races_along(after, call.name + ": ", *race_inames, passed);
    } else if (scope != CheckScope::Order) {
      verify_passed_accesses_skipped(after, call.name + ": ", passed);
      check_write_races(after, call.name + ": ", nullptr, &passed);
    }
    timer.mark("write races");
    if (deferred) {
      // The reference order is the sequential one and the dependences are computed in it: they
      // hold by construction (finish_transform_deferring_dependences); what building the order
      // refuses is still refused here, and LOOM_VERIFY_SKIPPED_CHECKS runs the skipped checks.
      check_deferred_order(before, after, call.name);
      timer.mark("dependences deferred");
    } else if (order_kept != nullptr && before.verified) {
      // Neither the order nor any loop changed, and `before` passed both checks (reason given by
      // the transform; verified under LOOM_VERIFY_SKIPPED_CHECKS).
      verify_order_checks_skipped(before, after, call.name, scope, *order_kept);
      timer.mark("order checks skipped");
    } else {
      with_isl_errors(call.name + ": checking legality", [&] { check_dependences(after, call.name); });
      timer.mark("dependences checked");
      check_temporaries_stay_in_their_readers_loops(before, after, call.name);
      timer.mark("temporaries' loops");
    }
    if (scope == CheckScope::All || !before.verified) {
      if (renames_one_to_one && !before.verified) {
        // The elements each access touches are before's: check those, on before's simpler
        // relations (plain inames); where they fail, after's check below gives the message.
        passed.all_in_bounds = !refusal_of([&] {
          with_isl_errors("checking kernel '" + before.name + "'", [&] { check_bounds(before); });
        });
        verify_passed_accesses_skipped(after, call.name + ": ", passed);
      }
      verify_bounds_skipped(after, call.name + ": ", in_bounds_by_construction);
      check_kernel(after, call.name + ": ", &in_bounds_by_construction, &passed);
      timer.mark("kernel checks (bounds)");
    }
    // Cheap, and any scope can break it: split_iname(within=...) of an iname another domain's
    // bounds depend on leaves the moved instructions in that domain without the old iname (the
    // loop over j in `j <= i` lost its bound: transform fuzzer, seed 24).
    else {
      check_domain_dependencies(after, call.name + ": ");
      with_isl_errors(call.name + ": checking legality",
                      [&] { check_hardware_inames_have_launch_bounds(after, call.name + ": "); });
    }
    // A checked kernel needs no second round of checks at code generation.
    after.verified = true;
    if (!passed.race_free_writers.empty() && !deferred) after.dependences = recording_writers(after, passed.race_free_writers);
  }
  return after;
}

}  // namespace

LoopKernel finish_transform(const LoopKernel& before, LoopKernel after, const TransformCall& call,
                            const std::optional<isl::union_map>& instance_rewrite, bool unchecked, CheckScope scope,
                            const std::optional<std::set<std::string>>& race_inames,
                            const std::set<std::string>& in_bounds_by_construction) {
  StageTimer timer("checks(" + call.name + ")");  // LOOM_TIME=1: what each check cost
  return finish_with(before, std::move(after), call, dependences_of(before), instance_rewrite, unchecked, scope,
                     race_inames, in_bounds_by_construction, timer);
}

LoopKernel finish_transform(const LoopKernel& before, LoopKernel after, const TransformCall& call,
                            const std::function<isl::union_map(const LoopKernel& after)>& lazy_instance_rewrite, bool unchecked,
                            CheckScope scope, const std::optional<std::set<std::string>>& race_inames,
                            const std::set<std::string>& in_bounds_by_construction) {
  StageTimer timer("checks(" + call.name + ")");  // LOOM_TIME=1: what each check cost
  std::shared_ptr<const detail::DependenceData> dependences = dependences_of(before);
  // No dependence to trace: the traced list is the same empty one whatever the rewrite.
  std::optional<isl::union_map> rewrite;
  if (!dependences->dependences.empty()) rewrite = lazy_instance_rewrite(after);
  return finish_with(before, std::move(after), call, std::move(dependences), rewrite, unchecked, scope, race_inames,
                     in_bounds_by_construction, timer);
}

LoopKernel finish_transform_with_dependences(const LoopKernel& before, LoopKernel after, const TransformCall& call,
                                             std::shared_ptr<const detail::DependenceData> dependences,
                                             bool unchecked) {
  StageTimer timer("checks(" + call.name + ")");  // LOOM_TIME=1: what each check cost
  return finish_with(before, std::move(after), call, std::move(dependences), std::nullopt, unchecked, CheckScope::All,
                     std::nullopt, {}, timer);
}

LoopKernel finish_transform_deferring_dependences(const LoopKernel& before, LoopKernel after, const TransformCall& call) {
  StageTimer timer("checks(" + call.name + ")");  // LOOM_TIME=1: what each check cost
  LOOM_ASSERT(!before.dependences && runs_every_iname_in_turn(after),
              "finish_transform_deferring_dependences: the kernel has dependences or parallel inames");
  return finish_with(before, std::move(after), call, nullptr, std::nullopt, /*unchecked=*/false, CheckScope::All,
                     std::nullopt, {}, timer);
}

bool runs_every_iname_in_turn(const LoopKernel& kernel) {
  // Only the tags of plain loops: ilp.seq is a loop too, but the check gives a private temporary a
  // copy per value along it (private_copy_inames), and l.auto becomes a hardware axis later.
  return std::all_of(kernel.iname_tags.begin(), kernel.iname_tags.end(), [](const auto& entry) {
    InameTag::Kind kind = entry.second.kind;
    return kind == InameTag::Kind::Sequential || kind == InameTag::Kind::Ordered || kind == InameTag::Kind::Unroll ||
           kind == InameTag::Kind::UnrollHint;
  });
}

LoopKernel finish_transform_with_races_derived(const LoopKernel& before, LoopKernel after, const TransformCall& call,
                                               bool unchecked,
                                               const std::map<std::string, std::set<std::string>>& race_free_along) {
  StageTimer timer("checks(" + call.name + ")");  // LOOM_TIME=1: what each check cost
  return finish_with(before, std::move(after), call, dependences_of(before), std::nullopt, unchecked, CheckScope::All,
                     std::nullopt, {}, timer, race_free_along);
}

LoopKernel finish_transform_keeping_order(const LoopKernel& before, LoopKernel after, const TransformCall& call,
                                          const std::optional<isl::union_map>& instance_rewrite, bool unchecked,
                                          CheckScope scope, const std::string& reason) {
  StageTimer timer("checks(" + call.name + ")");  // LOOM_TIME=1: what each check cost
  return finish_with(before, std::move(after), call, dependences_of(before), instance_rewrite, unchecked, scope,
                     std::nullopt, {}, timer, {}, &reason);
}

LoopKernel finish_transform_with_copies_derived(const LoopKernel& before, LoopKernel after, const TransformCall& call,
                                                bool unchecked,
                                                const std::map<std::string, std::set<std::string>>& race_free_along,
                                                const std::set<std::string>& in_bounds_copies,
                                                const std::set<std::string>& in_bounds_by_construction) {
  StageTimer timer("checks(" + call.name + ")");  // LOOM_TIME=1: what each check cost
  return finish_with(before, std::move(after), call, dependences_of(before), std::nullopt, unchecked, CheckScope::All,
                     std::nullopt, in_bounds_by_construction, timer, race_free_along, nullptr, in_bounds_copies);
}

std::string unused_name(const LoopKernel& kernel, const std::string& base, const std::set<std::string>& also_taken) {
  auto taken = [&](const std::string& name) {
    std::vector<std::string> inames = kernel.all_inames();
    return also_taken.count(name) != 0 || std::find(inames.begin(), inames.end(), name) != inames.end() ||
           kernel.find_arg(name) != nullptr || kernel.find_temporary(name) != nullptr ||
           kernel.find_instruction(name) != nullptr;
  };
  std::string name = base;
  for (int suffix = 0; taken(name); ++suffix) name = base + "_" + std::to_string(suffix);
  return name;
}

void require_iname(const LoopKernel& kernel, const std::string& iname, const std::string& transform) {
  if (kernel.domain_of_iname(iname) != nullptr) return;
  std::string known;
  for (const std::string& name : kernel.all_inames()) known += (known.empty() ? "" : ", ") + name;
  throw Error(transform + ": unknown iname '" + iname + "' (the kernel's inames: " + known + ")");
}

namespace {

// { old[old dims] -> new[new dims] } on the two instance sets: the dimensions named alike
// equated, and `extra` (the transform's constraints, old dimensions with an `old_` prefix).
isl::map rewrite_between(const LoopKernel& before, isl::set old_instances, const isl::set& new_instances,
                         const std::string& extra, const std::set<std::string>& not_equated = {}) {
  isl::ctx ctx = isl_context_of(before)->ctx();
  std::vector<std::string> old_dims = isl_extra::dim_names(old_instances, isl_dim_set);
  std::vector<std::string> new_dims = isl_extra::dim_names(new_instances, isl_dim_set);
  std::string old_name = isl_set_get_tuple_name(old_instances.get());
  std::string new_name = isl_set_get_tuple_name(new_instances.get());
  // Inames present before and after are equated on the map's space directly; only the
  // transform's own constraints are parsed (issue 26: parsing the equalities too was most of
  // the rewrite's cost).
  // Both sides on the union of their parameters: an instruction that gains an iname may gain the
  // parameters of its bounds (add_inames_for_unused_hw_axes: { rkj[] } -> [m] -> { rkj[i2_inner] }).
  isl_space* old_space = isl_space_align_params(isl_set_get_space(old_instances.get()), isl_set_get_space(new_instances.get()));
  isl_space* new_space = isl_space_align_params(isl_set_get_space(new_instances.get()), isl_space_copy(old_space));
  isl_space* space = isl_space_map_from_domain_and_range(old_space, new_space);
  isl::map map = isl::manage(isl_map_universe(space));
  for (std::size_t i = 0; i < old_dims.size(); ++i) {
    auto same = std::find(new_dims.begin(), new_dims.end(), old_dims[i]);
    if (same == new_dims.end() || not_equated.count(old_dims[i]) != 0) continue;
    map = isl::manage(isl_map_equate(map.release(), isl_dim_in, static_cast<int>(i), isl_dim_out,
                                     static_cast<int>(same - new_dims.begin())));
  }
  if (!extra.empty()) {
    std::ostringstream text;
    // The kernel's parameters may appear in `constraints` (split_iname's shift_inwards: min(.., n - 16)).
    std::vector<std::string> parameters = before.parameters();
    text << "[";
    for (std::size_t i = 0; i < parameters.size(); ++i) text << (i ? ", " : "") << parameters[i];
    text << "] -> { " << old_name << "[";
    for (std::size_t i = 0; i < old_dims.size(); ++i) text << (i ? ", " : "") << "old_" << old_dims[i];
    text << "] -> " << new_name << "[";
    for (std::size_t i = 0; i < new_dims.size(); ++i) text << (i ? ", " : "") << new_dims[i];
    text << "] : " << extra << " }";
    // The string names dimensions only; isl::map aligns the parameters when intersecting.
    map = map.intersect(isl::map(ctx, text.str()));
  }
  return map.intersect_domain(old_instances).intersect_range(new_instances);
}

std::vector<ReductionTerm> terms_of(const std::vector<ReductionTerm>& terms, const std::string& instruction) {
  std::vector<ReductionTerm> of;
  for (const ReductionTerm& term : terms) {
    if (term.instruction == instruction) of.push_back(term);
  }
  return of;
}

bool has_reduction(const Instruction& instruction) {
  bool found = false;
  for (const ExprPtr& expression : {instruction.expression}) {
    if (expression) visit_expr(*expression, [&](const Expr& node) { found = found || node.kind == ExprKind::Reduction; });
  }
  return found;
}

// The rewrites of the reduction terms (analysis/reduction_terms.hpp) of the old instruction at
// `index`: its terms matched to the new instruction's in order of appearance, the constraints
// asked of the instruction widened by the term's reduction inames (a split of the reduction's k
// relates old_k to the new inames). A term without a match, or whose constraints do not fit its
// new dimensions, gets no rewrite: trace_dependences then lowers its pairs to the instruction.
isl::union_map term_rewrites(const LoopKernel& before, const LoopKernel& after, std::size_t index,
                             const std::vector<ReductionTerm>& old_terms, const std::vector<ReductionTerm>& new_terms,
                             const std::function<std::string(const Instruction& old)>& constraints) {
  const Instruction& old_instruction = before.instructions[index];
  isl::union_map rewrite(isl_context_of(before)->ctx(), "{ }");
  std::vector<ReductionTerm> olds = terms_of(old_terms, old_instruction.id);
  std::vector<ReductionTerm> news = terms_of(new_terms, after.instructions[index].id);
  if (olds.size() != news.size()) return rewrite;
  for (std::size_t t = 0; t < olds.size(); ++t) {
    Instruction widened = old_instruction;
    widened.within_inames.insert(olds[t].reduction_inames.begin(), olds[t].reduction_inames.end());
    try {
      rewrite = rewrite.unite(isl::union_map(rewrite_between(before, reduction_term_instances(before, olds[t]),
                                                             reduction_term_instances(after, news[t]), constraints(widened))));
    } catch (const isl::exception&) {
      // Constraints naming an iname the term does not have: no rewrite (see above).
    }
  }
  return rewrite;
}

}  // namespace

isl::union_map instance_rewrite(const LoopKernel& before, const LoopKernel& after,
                                const std::function<std::string(const Instruction& old)>& constraints) {
  LOOM_ASSERT(before.instructions.size() == after.instructions.size(), "instance_rewrite: instructions changed");
  isl::ctx ctx = isl_context_of(before)->ctx();
  isl::union_map rewrite(ctx, "{ }");
  bool reductions = std::any_of(before.instructions.begin(), before.instructions.end(), has_reduction);
  std::vector<ReductionTerm> old_terms = reductions ? all_reduction_terms(before) : std::vector<ReductionTerm>{};
  std::vector<ReductionTerm> new_terms = reductions ? all_reduction_terms(after) : std::vector<ReductionTerm>{};
  for (std::size_t k = 0; k < before.instructions.size(); ++k) {
    const Instruction& old_instruction = before.instructions[k];
    isl::set old_instances = isl_extra::set_tuple_name(instance_set(before, old_instruction), old_instruction.id);
    isl::set new_instances = instance_set(after, after.instructions[k]);
    rewrite = rewrite.unite(isl::union_map(rewrite_between(before, old_instances, new_instances, constraints(old_instruction))));
    if (reductions) rewrite = rewrite.unite(term_rewrites(before, after, k, old_terms, new_terms, constraints));
  }
  return rewrite;
}

isl::map instance_move(const LoopKernel& before, const LoopKernel& after, const std::string& old_id,
                       const std::string& new_id, const std::string& constraints,
                       const std::set<std::string>& not_equated) {
  const Instruction* old_instruction = before.find_instruction(old_id);
  const Instruction* new_instruction = after.find_instruction(new_id);
  LOOM_ASSERT(old_instruction != nullptr && new_instruction != nullptr, "instance_move: unknown instruction");
  isl::set old_instances = isl_extra::set_tuple_name(instance_set(before, *old_instruction), old_id);
  return rewrite_between(before, old_instances, instance_set(after, *new_instruction), constraints, not_equated);
}

isl::set param_form(const Domain& domain) {
  return isl_extra::set_dims_to_params(isl_set_of(domain.set)).params();
}

Domain domain_from_param_form(const IslContextPtr& context, const isl::set& param_form,
                              const std::vector<std::string>& inames) {
  isl::set as_set = isl::manage(isl_set_from_params(param_form.copy()));
  isl::set set = isl_extra::params_to_set_dims(as_set, inames, "").coalesce();
  set = isl::manage(isl_set_reset_tuple_id(set.release()));
  std::ostringstream text;
  text << set;
  std::vector<std::string> parameters = isl_extra::dim_names(set, isl_dim_param);
  return Domain{text.str(), inames, parameters, make_isl_set(context, set)};
}

}  // namespace loom
