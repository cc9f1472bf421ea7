// One instruction's instances mapped to another's, for tracing dependences through a transform
// that moves work between instructions.
#pragma once

#include <isl/cpp.h>

#include <set>
#include <string>

#include "loom/kernel.hpp"

namespace loom {

// { old_id[old inames] -> new_id[new inames] : constraints } on the two instructions' instances, for
// a transform that moves an instruction's work to another one (pipeline_fetch's copies of a
// fetch): inames of both named alike are equated, except those in `not_equated`; `constraints`
// names the old ones with an `old_` prefix, as in instance_rewrite.
isl::map instance_move(const LoopKernel& before, const LoopKernel& after, const std::string& old_id,
                       const std::string& new_id, const std::string& constraints,
                       const std::set<std::string>& not_equated = {});

}  // namespace loom
