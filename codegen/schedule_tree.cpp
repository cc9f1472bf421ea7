#include "codegen/schedule_tree.hpp"

#include <isl/id.h>

#include <algorithm>

#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "loom/error.hpp"

namespace loom::codegen {

namespace {

std::string statement_name(int instruction_index) { return "S_" + std::to_string(instruction_index); }

class ScheduleBuilder {
 public:
  ScheduleBuilder(const LoopKernel& kernel, const Linearization& linearization)
      : kernel_(kernel), linearization_(linearization) {}

  KernelSchedule build() {
    KernelSchedule result;
    result.schedule = sequence_of(linearization_.roots);
    result.statements = std::move(statements_);
    return result;
  }

 private:
  isl::schedule sequence_of(const std::vector<LoopNestNode>& nodes) {
    LOOM_ASSERT(!nodes.empty(), "empty loop body in linearization");
    isl::schedule result = schedule_of(nodes.front());
    for (std::size_t i = 1; i < nodes.size(); ++i) {
      result = isl_extra::schedule_sequence(result, schedule_of(nodes[i]));
    }
    return result;
  }

  isl::schedule schedule_of(const LoopNestNode& node) {
    if (node.kind == LoopNestNode::Kind::Instruction) return statement_schedule(node.instruction_index);
    isl::schedule body = sequence_of(node.children);
    isl::union_pw_aff partial;
    bool first = true;
    body.domain().foreach_set([&](isl::set statement_domain) {
      std::string name = isl_set_get_tuple_name(statement_domain.get());
      const Statement& statement = statements_.at(name);
      int position = static_cast<int>(
          std::find(statement.dims.begin(), statement.dims.end(), node.iname) - statement.dims.begin());
      LOOM_ASSERT(position < static_cast<int>(statement.dims.size()),
                  "loop " + node.iname + " around a statement not within it");
      isl::union_pw_aff piece = isl_extra::dim_as_union_pw_aff(statement_domain, position);
      partial = first ? piece : partial.union_add(piece);
      first = false;
    });
    isl::schedule banded = isl_extra::schedule_insert_band(body, partial);
    // isl::id's string constructor parses its text; allocate the id through the C API instead.
    isl::id mark = isl::manage(isl_id_alloc(banded.ctx().get(), loop_mark_name(node.iname).c_str(), nullptr));
    return banded.root().child(0).insert_mark(mark).schedule();
  }

  isl::schedule statement_schedule(int index) {
    const Instruction& instruction = kernel_.instructions[static_cast<std::size_t>(index)];
    std::string name = statement_name(index);
    const std::vector<std::string>& dims = linearization_.loop_inames.at(index);
    isl::set domain = instruction_domain(kernel_, instruction, dims, name);
    statements_[name] = Statement{index, dims, domain};
    return isl::schedule::from_domain(isl::union_set(domain));
  }

  const LoopKernel& kernel_;
  const Linearization& linearization_;
  std::map<std::string, Statement> statements_;
};

}  // namespace

std::string loop_mark_name(const std::string& iname) { return "loop " + iname; }

isl::set instruction_domain(const LoopKernel& kernel, const Instruction& instruction,
                            const std::vector<std::string>& dims, const std::string& tuple_name) {
  isl::set combined = isl_set_of(kernel.assumptions);
  for (const Domain& domain : kernel.domains) {
    bool needed = std::any_of(domain.inames.begin(), domain.inames.end(), [&](const std::string& iname) {
      return instruction.within_inames.count(iname) != 0;
    });
    if (needed) combined = combined.intersect_params(isl_extra::set_dims_to_params(isl_set_of(domain.set)).params());
  }
  // Inames of the intersected domains that the instruction is not within are existentially
  // quantified: `{[i,j]: ...}` seen from an instruction within `i` only constrains i.
  for (const std::string& iname : kernel.all_inames()) {
    if (instruction.within_inames.count(iname) == 0) combined = isl_extra::project_out_param(combined, iname);
  }
  isl::set as_set = isl::manage(isl_set_from_params(combined.release()));
  return isl_extra::params_to_set_dims(as_set, dims, tuple_name);
}

KernelSchedule build_schedule(const LoopKernel& kernel, const Linearization& linearization) {
  return ScheduleBuilder(kernel, linearization).build();
}

}  // namespace loom::codegen
