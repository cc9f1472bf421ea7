#include "analysis/timestamps.hpp"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/local_space.h>
#include <isl/map.h>
#include <isl/union_map.h>

#include <algorithm>
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

TimestampOrder timestamp_order(const LoopKernel& kernel, const std::function<bool(const std::string&)>& is_loop,
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
  TimestampOrder order{isl::union_map(ctx, "{ }"), {}};
  for (const TimestampEntry& entry : entries) {
    std::size_t index = static_cast<std::size_t>(entry.instruction_index);
    isl::set instances = index < kernel.instructions.size()
                             ? instance_set(kernel, kernel.instructions[index])
                             : reduction_term_instances(kernel, terms[index - kernel.instructions.size()]);
    order.timestamps = order.timestamps.unite(isl::union_map(timestamp_map(instances, entry.coordinates, length)));
    StatementTime time{instances, std::vector<TimestampCoordinate>(length)};
    for (std::size_t i = 0; i < entry.coordinates.size(); ++i) {
      const std::string& coordinate = entry.coordinates[i];
      if (!coordinate.empty() && std::isdigit(static_cast<unsigned char>(coordinate[0]))) {
        time.coordinates[i].value = std::stol(coordinate);
      } else {
        time.coordinates[i] = {true, isl_set_find_dim_by_name(instances.get(), isl_dim_set, coordinate.c_str())};
      }
    }
    const char* name = isl_set_get_tuple_name(instances.get());
    order.statements.emplace(name ? name : "", std::move(time));
  }
  return order;
}

bool is_sequential(const LoopKernel& kernel, const std::string& iname) {
  using Kind = InameTag::Kind;
  Kind kind = kernel.tag_of(iname).kind;
  return kind != Kind::Group && kind != Kind::Local && kind != Kind::Vec && kind != Kind::Ilp;
}

}  // namespace

TimestampOrder reference_timestamp_order(const LoopKernel& kernel, const std::vector<ReductionTerm>& terms) {
  return timestamp_order(kernel, [](const std::string&) { return true; }, terms, false);
}

TimestampOrder sequential_timestamp_order(const LoopKernel& kernel, const std::vector<ReductionTerm>& terms) {
  return timestamp_order(kernel, [&](const std::string& iname) { return is_sequential(kernel, iname); }, terms, true);
}

isl::union_map reference_timestamps(const LoopKernel& kernel, const std::vector<ReductionTerm>& terms) {
  return reference_timestamp_order(kernel, terms).timestamps;
}

isl::union_map sequential_timestamps(const LoopKernel& kernel, const std::vector<ReductionTerm>& terms) {
  return sequential_timestamp_order(kernel, terms).timestamps;
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

namespace {

// The statement of `side` of `relation` in `order`, where its space is the timestamps' (same
// tuple name and number of dimensions).
const StatementTime* statement_of(const TimestampOrder& order, const isl::map& relation, isl_dim_type side) {
  const char* name = isl_map_get_tuple_name(relation.get(), side);
  auto found = order.statements.find(name ? name : "");
  if (found == order.statements.end()) return nullptr;
  if (isl_set_dim(found->second.instances.get(), isl_dim_set) != isl_map_dim(relation.get(), side)) return nullptr;
  return &found->second;
}

// The constraint source coordinate - sink coordinate + `constant` (>= 0 or = 0) on `space`.
isl_constraint* coordinate_difference(isl_space* space, const TimestampCoordinate& source,
                                      const TimestampCoordinate& sink, long constant, bool equality) {
  isl_local_space* local = isl_local_space_from_space(space);
  isl_constraint* constraint = equality ? isl_constraint_alloc_equality(local) : isl_constraint_alloc_inequality(local);
  long fixed = constant;
  if (source.is_dimension) {
    constraint = isl_constraint_set_coefficient_si(constraint, isl_dim_in, static_cast<int>(source.value), 1);
  } else {
    fixed += source.value;
  }
  if (sink.is_dimension) {
    constraint = isl_constraint_set_coefficient_si(constraint, isl_dim_out, static_cast<int>(sink.value), -1);
  } else {
    fixed -= sink.value;
  }
  return isl_constraint_set_constant_si(constraint, fixed);
}

}  // namespace

namespace {

// Whether every pair of `relation` runs in order by the coordinates alone (pairs outside the
// instances not considered). Walked on the relation's disjuncts one by one (flow21): only the
// emptiness of each level's later pairs decides anything, and isl_map_add_constraint on the whole
// map tested every disjunct of the equal pairs for emptiness as well (a sample point each) and
// normalized the map at each level. A disjunct found empty at one level stays empty below it.
bool every_pair_ordered_by_coordinates(const StatementTime& source, const StatementTime& sink, const isl::map& relation) {
  std::vector<isl::basic_map> equal_so_far;
  relation.foreach_basic_map([&](isl::basic_map part) { equal_so_far.push_back(part); });
  // Whether every disjunct left is empty.
  auto none_left = [&] {
    return std::all_of(equal_so_far.begin(), equal_so_far.end(),
                       [](const isl::basic_map& part) { return isl_basic_map_is_empty(part.get()) == isl_bool_true; });
  };
  for (std::size_t level = 0; level < source.coordinates.size(); ++level) {
    const TimestampCoordinate& from = source.coordinates[level];
    const TimestampCoordinate& to = sink.coordinates[level];
    if (!from.is_dimension && !to.is_dimension) {
      if (from.value < to.value) return true;      // every pair left is ordered here
      if (from.value > to.value) return none_left();  // every pair left runs the other way
      continue;
    }
    // The pairs whose source coordinate is larger run the other way.
    for (const isl::basic_map& part : equal_so_far) {
      isl::basic_map later = isl::manage(isl_basic_map_add_constraint(
          part.copy(), coordinate_difference(isl_basic_map_get_space(part.get()), from, to, -1, false)));
      if (isl_basic_map_is_empty(later.get()) != isl_bool_true) return false;
    }
    std::vector<isl::basic_map> equal;
    for (const isl::basic_map& part : equal_so_far) {
      isl::basic_map same = isl::manage(isl_basic_map_add_constraint(
          part.copy(), coordinate_difference(isl_basic_map_get_space(part.get()), from, to, 0, true)));
      if (isl_basic_map_plain_is_empty(same.get()) != isl_bool_true) equal.push_back(same);
    }
    equal_so_far = std::move(equal);
    if (equal_so_far.empty()) return true;
  }
  return none_left();  // equal timestamps: not strictly ordered
}

// The product of the instances of `source` and `sink`, kept in `order` (TimestampOrder::instance_pairs).
const isl::map& instance_pairs_of(const TimestampOrder& order, const std::string& source_name, const StatementTime& source,
                                  const std::string& sink_name, const StatementTime& sink) {
  auto key = std::make_pair(source_name, sink_name);
  auto found = order.instance_pairs.find(key);
  if (found == order.instance_pairs.end()) {
    isl::map pairs = isl::manage(isl_map_from_domain_and_range(source.instances.copy(), sink.instances.copy()));
    found = order.instance_pairs.emplace(key, pairs).first;
  }
  return found->second;
}

}  // namespace

std::optional<bool> every_pair_ordered(const TimestampOrder& order, const isl::map& relation) {
  const StatementTime* source = statement_of(order, relation, isl_dim_in);
  const StatementTime* sink = statement_of(order, relation, isl_dim_out);
  if (source == nullptr || sink == nullptr) return std::nullopt;
  // A pair out of order is out of order whether or not it lies in the instances (a pair outside
  // them has no timestamp and is never ordered either): the coordinates first, which is all a
  // refused nesting of map_domain's search needs.
  if (!every_pair_ordered_by_coordinates(*source, *sink, relation)) return false;
  // One subset test of the product, no projection of the relation onto either side.
  const char* source_name = isl_map_get_tuple_name(relation.get(), isl_dim_in);
  const char* sink_name = isl_map_get_tuple_name(relation.get(), isl_dim_out);
  return relation.is_subset(instance_pairs_of(order, source_name ? source_name : "", *source, sink_name ? sink_name : "", *sink));
}

}  // namespace loom
