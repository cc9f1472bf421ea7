// The CLI's way to a spec's kernel through the spec level of the compile cache
// (spec/spec_cache.hpp): `loom run` (without --check and --tuned) and `loom compile`.
#pragma once

#include <string>

#include "loom/codegen.hpp"
#include "spec/spec_cache.hpp"

namespace loom::cli {

// The spec's kernel compiled for `target` (on CUDA keyed by the present GPU and compilers too).
detail::SpecKernel compile_spec(const std::string& spec_text, Target target);

// `spec_text`'s kernel specialized by `defines` (fix_parameters) and its generated code, for
// `loom compile`; nothing is compiled or loaded.
detail::CachedKernel spec_source(const std::string& spec_text, Target target, const ParameterMap& defines);

}  // namespace loom::cli
