#include "analysis/timestamps.hpp"

#include <isl/map.h>

#include <functional>
#include <sstream>

#include "analysis/accesses.hpp"
#include "codegen/linearize.hpp"
#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"

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

isl::union_map timestamps(const LoopKernel& kernel, const std::function<bool(const std::string&)>& is_loop) {
  codegen::Linearization linearization = codegen::linearize(kernel, is_loop);
  std::vector<TimestampEntry> entries;
  collect(linearization.roots, {}, entries);
  std::size_t length = 0;
  for (const TimestampEntry& entry : entries) length = std::max(length, entry.coordinates.size());
  isl::ctx ctx = isl_context_of(kernel)->ctx();
  isl::union_map result(ctx, "{ }");
  for (const TimestampEntry& entry : entries) {
    const Instruction& instruction = kernel.instructions[static_cast<std::size_t>(entry.instruction_index)];
    isl::set instances = instance_set(kernel, instruction);
    std::ostringstream text;
    text << "{ " << instruction.id << "[";
    std::vector<std::string> dims = isl_extra::dim_names(instances, isl_dim_set);
    for (std::size_t i = 0; i < dims.size(); ++i) text << (i ? ", " : "") << dims[i];
    text << "] -> [";
    for (std::size_t i = 0; i < length; ++i) {
      text << (i ? ", " : "") << (i < entry.coordinates.size() ? entry.coordinates[i] : "0");
    }
    text << "] }";
    result = result.unite(isl::union_map(isl::map(ctx, text.str()).intersect_domain(instances)));
  }
  return result;
}

bool is_sequential(const LoopKernel& kernel, const std::string& iname) {
  using Kind = InameTag::Kind;
  Kind kind = kernel.tag_of(iname).kind;
  return kind != Kind::Group && kind != Kind::Local && kind != Kind::Vec && kind != Kind::Ilp;
}

}  // namespace

isl::union_map reference_timestamps(const LoopKernel& kernel) {
  return timestamps(kernel, [](const std::string&) { return true; });
}

isl::union_map sequential_timestamps(const LoopKernel& kernel) {
  return timestamps(kernel, [&](const std::string& iname) { return is_sequential(kernel, iname); });
}

isl::map ordered_pairs(const isl::union_map& timestamps, const isl::map& relation) {
  isl::space source_space = relation.domain().space();
  isl::space sink_space = relation.range().space();
  isl::map source_time = timestamps.intersect_domain(isl::union_set(isl::set::universe(source_space))).as_map();
  isl::map sink_time = timestamps.intersect_domain(isl::union_set(isl::set::universe(sink_space))).as_map();
  isl_map* earlier = isl_map_lex_lt_map(source_time.copy(), sink_time.copy());
  return relation.intersect(isl::manage(earlier));
}

}  // namespace loom
