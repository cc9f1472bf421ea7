#include "analysis/timestamps.hpp"

#include <isl/aff.h>
#include <isl/map.h>
#include <isl/union_map.h>

#include <cctype>
#include <functional>
#include <string>

#include "analysis/accesses.hpp"
#include "analysis/reduction_terms.hpp"
#include "codegen/linearize.hpp"
#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "loom/error.hpp"

namespace loom {

namespace {

struct TimestampEntry {
  int instruction_index;
  std::vector<std::string> coordinates;  // "3" or an iname
};

void collect(const std::vector<codegen::LoopNestNode>& nodes, std::vector<std::string> prefix,
             std::vector<TimestampEntry>& out) {
  for (std::size_t position = 0; position < nodes.size(); ++position) {
    std::vector<std::string> here = prefix;
    here.push_back(std::to_string(position));
    const codegen::LoopNestNode& node = nodes[position];
    if (node.kind == codegen::LoopNestNode::Kind::Instruction) {
      out.push_back({node.instruction_index, here});
    } else {
      here.push_back(node.iname);
      collect(node.children, here, out);
    }
  }
}

// { instance -> [coordinates..., 0, ...] } (`length` coordinates) on `instances`, where a
// coordinate is a position (an integer) or an iname (a dimension of the instances). Built as a
// multi-affine function: parsing its text was most of the dependence check's time (issue 26).
isl::map timestamp_map(const isl::set& instances, const std::vector<std::string>& coordinates, std::size_t length) {
  isl::space domain = instances.space();
  isl_space* range = isl_space_add_dims(isl_space_set_from_params(isl_space_params(domain.copy())), isl_dim_set,
                                       static_cast<unsigned>(length));
  isl_space* space = isl_space_map_from_domain_and_range(domain.copy(), range);
  isl_multi_aff* time = isl_multi_aff_zero(space);
  for (std::size_t i = 0; i < coordinates.size(); ++i) {
    isl_local_space* on_domain = isl_local_space_from_space(domain.copy());
    const std::string& coordinate = coordinates[i];
    isl_aff* value;
    if (!coordinate.empty() && std::isdigit(static_cast<unsigned char>(coordinate[0]))) {
      value = isl_aff_val_on_domain(on_domain, isl_val_int_from_si(isl_set_get_ctx(instances.get()), std::stol(coordinate)));
    } else {
      int position = isl_set_find_dim_by_name(instances.get(), isl_dim_set, coordinate.c_str());
      LOOM_ASSERT(position >= 0, "timestamps: the loop iname '" + coordinate + "' is no dimension of its instances");
      value = isl_aff_var_on_domain(on_domain, isl_dim_set, static_cast<unsigned>(position));
    }
    time = isl_multi_aff_set_aff(time, static_cast<int>(i), value);
  }
  return isl::manage(isl_map_from_multi_aff(time)).intersect_domain(instances);
}

isl::union_map timestamps(const LoopKernel& kernel, const std::function<bool(const std::string&)>& is_loop,
                          const std::vector<ReductionTerm>& terms, bool hardware_axes) {
  // The terms are instructions of a kernel of their own (placed where the realized updates run);
  // its first instructions are `kernel`'s, in the same order.
  LoopKernel with_terms = terms.empty() ? LoopKernel{} : kernel_with_reduction_terms(kernel, terms, hardware_axes);
  const LoopKernel& linearized = terms.empty() ? kernel : with_terms;
  codegen::Linearization linearization = codegen::linearize(linearized, is_loop);
  std::vector<TimestampEntry> entries;
  collect(linearization.roots, {}, entries);
  std::size_t length = 0;
  for (const TimestampEntry& entry : entries) length = std::max(length, entry.coordinates.size());
  isl::ctx ctx = isl_context_of(kernel)->ctx();
  isl::union_map result(ctx, "{ }");
  for (const TimestampEntry& entry : entries) {
    std::size_t index = static_cast<std::size_t>(entry.instruction_index);
    isl::set instances = index < kernel.instructions.size()
                             ? instance_set(kernel, kernel.instructions[index])
                             : reduction_term_instances(kernel, terms[index - kernel.instructions.size()]);
    result = result.unite(isl::union_map(timestamp_map(instances, entry.coordinates, length)));
  }
  return result;
}

bool is_sequential(const LoopKernel& kernel, const std::string& iname) {
  using Kind = InameTag::Kind;
  Kind kind = kernel.tag_of(iname).kind;
  return kind != Kind::Group && kind != Kind::Local && kind != Kind::Vec && kind != Kind::Ilp;
}

}  // namespace

isl::union_map reference_timestamps(const LoopKernel& kernel, const std::vector<ReductionTerm>& terms) {
  return timestamps(kernel, [](const std::string&) { return true; }, terms, false);
}

isl::union_map sequential_timestamps(const LoopKernel& kernel, const std::vector<ReductionTerm>& terms) {
  return timestamps(kernel, [&](const std::string& iname) { return is_sequential(kernel, iname); }, terms, true);
}

void check_sequential_order(const LoopKernel& kernel) {
  codegen::linearize(kernel, [&](const std::string& iname) { return is_sequential(kernel, iname); });
}

namespace {

// The timestamps of the instances in `space`. A relation naming an instruction the timestamps do
// not have (a dependence of an older kernel checked against a transformed one: pipeline_fetch's
// fetch, which its copies replace) is loom's mistake: said as such, not as isl's "union map needs
// to contain elements in exactly one space".
isl::map timestamps_in(const isl::union_map& timestamps, const isl::space& space) {
  isl::union_map found = timestamps.intersect_domain(isl::union_set(isl::set::universe(space)));
  if (isl_union_map_n_map(found.get()) != 1) {
    const char* name = isl_space_get_tuple_name(space.get(), isl_dim_set);
    throw InternalError("the timestamps have no instances of '" + std::string(name ? name : "") +
                        "' (a dependence names an instruction the kernel does not have)");
  }
  return found.as_map();
}

}  // namespace

isl::map ordered_pairs(const isl::union_map& timestamps, const isl::map& relation) {
  // Nothing to order (the check's common case): no timestamps asked for.
  if (relation.is_empty()) return relation;
  isl::map source_time = timestamps_in(timestamps, relation.domain().space());
  isl::map sink_time = timestamps_in(timestamps, relation.range().space());
  isl_map* earlier = isl_map_lex_lt_map(source_time.copy(), sink_time.copy());
  return relation.intersect(isl::manage(earlier));
}

}  // namespace loom
