// Domain strings in isl syntax with loopy's conveniences (research/loopy-notes.md §3.2).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir/isl_kernel.hpp"
#include "loom/kernel.hpp"

namespace loom::lang {

// Parses `{[i,j]: 0<=i,j<n and i <= j}` (or with an explicit `[n] -> ` prefix). Every identifier
// that is neither an iname, an existentially quantified variable nor an isl keyword becomes a
// parameter. loom lexes the string itself first so that errors carry a column and a reason;
// isl only ever sees strings that are well-formed at the token level.
Domain parse_domain(const IslContextPtr& context, std::string_view text);

// Parses assumptions: isl constraints over parameters ("n >= 1 and n mod 16 = 0"), also accepted
// in set form ("[n] -> { : n >= 1 }"). An empty string means no assumptions.
IslSet parse_assumptions(const IslContextPtr& context, std::string_view text);

}  // namespace loom::lang
