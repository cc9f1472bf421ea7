// What precompute and add_prefetch share (memory_transforms.hpp): the footprint of a rule's
// invocations over sweep inames (isl), its fixed-size bounding box, the compute instruction that
// fills the temporary, the rewrite of the invocations inside the footprint, and l.auto.
#pragma once

#include <isl/cpp.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "loom/memory_transforms.hpp"

namespace loom {

// An explicit footprint (add_prefetch's "f[ifeat,:,:,:]"): the rule's arguments, where each
// slice variable runs over [0, extent).
struct FootprintGenerator {
  std::vector<ExprPtr> arguments;
  std::vector<std::pair<std::string, ExprPtr>> slices;  // variable name, extent
};

struct FootprintRequest {
  std::string transform;  // for messages: "precompute" or "add_prefetch"
  std::string subject;    // for messages: "rule 'u'" or "variable 'a'"
  std::string rule;
  PrecomputeOptions options;
  std::optional<FootprintGenerator> generator;
  std::optional<std::string> fill;  // the part of the tile outside the footprint (tail_support.hpp)
  // add_prefetch with its address space left to loom (loopy's None): a local tile whose copy runs
  // under l.N inames it stores along none of becomes private instead (issue 23, class 10).
  bool private_where_local_would_race = false;
};

// The conditions of `region` that `context` does not already imply, as predicates (`>=` and `==`
// of linear expressions; `dims` name the set dimensions, parameters keep their names).
std::vector<ExprPtr> region_predicates(const isl::set& region, const isl::set& context,
                                       const std::vector<std::string>& dims);

// Precomputes `request.rule` (see precompute in memory_transforms.hpp) and returns the kernel
// before finish_transform: the caller records its own call and runs the checks.
LoopKernel precompute_rule(const LoopKernel& kernel, const FootprintRequest& request);

}  // namespace loom

namespace loom {

// "private", "local", "global", "auto" (nullopt stays nullopt); Error naming `transform` else.
std::optional<AddressSpace> parse_address_space(const std::optional<std::string>& text, const std::string& transform);

}  // namespace loom
