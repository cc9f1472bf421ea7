// The spec level of loom's compile cache (DESIGN.md §5a, §6), in front of the kernel and binary
// levels: a spec's canonical JSON, this loom build, the target, the environment switches that
// change code generation and whatever else shapes the code (parameter specializations, the GPU's
// identity) name an entry holding the generated code and what launching it needs: the kernel and
// its reference as launch-only kernels (runtime/launch_only_kernel.hpp: arguments, parameters,
// assumptions as an expression) and the warnings `loom compile` prints. A hit therefore applies no
// transform, runs no legality check, no code generation and no isl at all; it reads the spec's
// name, transforms and test section from the JSON. Every spec is cached, round_up tails included
// (the kernel is never written back as a spec). `LOOM_NO_CACHE=1` bypasses it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "loom/codegen.hpp"
#include "loom/kernel.hpp"
#include "loom/runtime.hpp"
#include "loom/spec.hpp"

namespace loom::detail {

// cache_directory()/specs/<xxh3 of the parts>.spec. `spec_text` is canonicalized (parsed and
// dumped with sorted keys, its `test` section left out: it changes inputs, not code); `context`
// is anything else the code depends on (target, defines, arch, device and compiler versions);
// code_switches() is added here.
std::string spec_cache_path(const std::string& spec_text, const std::string& context);

// The environment variables that change generated code, with their values (unset ones too):
// part of every spec cache key.
std::string code_switches();

struct CachedKernel {
  LoopKernel kernel;     // launch-only: enough to check parameters, make arguments and launch
  LoopKernel reference;  // the spec's reference kernel, launch-only
  GeneratedCode code;
  std::vector<std::string> warnings;  // float64_in_float32_kernel of the kernel
};

// The entry at `path`, or nothing when it is missing, damaged or of an older format.
std::optional<CachedKernel> read_cached_kernel(const std::string& path);

// What an entry holds for `kernel` (transformed, specialized) and the spec's `reference`: their
// launch-only forms and the kernel's warnings (one type inference of `kernel`). Nothing when the
// assumptions cannot be written as an expression (runtime/launch_only_kernel.hpp).
std::optional<CachedKernel> cache_entry_of(const LoopKernel& kernel, const LoopKernel& reference, GeneratedCode code);
// Best effort and atomic.
void write_cached_kernel(const std::string& path, const CachedKernel& entry);
// Both of the above; false when there was nothing to write.
bool write_cached_kernel(const std::string& path, const LoopKernel& kernel, const LoopKernel& reference,
                         const GeneratedCode& code);

// How many kernels this process took from the spec level (tests: a hit runs no transform).
int spec_cache_hits();

// A spec's transformed kernel, compiled, through this level where the caller allows it (`loom
// run` without --check and --tuned: checks compare by logical index, which needs the rewrite
// history; --tuned replaces the transforms).
struct SpecKernel {
  Spec spec;          // after a hit `spec.kernel` is empty and `spec.reference` launch-only
  LoopKernel kernel;  // the transformed kernel (after a hit launch-only)
  CompiledKernel program;
  bool from_cache = false;
};

// `spec_text` read and compiled for `target`; `context` names what else the code depends on (on
// CUDA the GPU and compiler versions). LOOM_NO_CACHE=1 bypasses the cache.
SpecKernel compile_spec(const std::string& spec_text, Target target, const std::string& context = "");

// Whether LOOM_NO_CACHE leaves the disk caches on.
bool disk_cache_enabled();

}  // namespace loom::detail
