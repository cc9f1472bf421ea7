// The spec level of loom's compile cache (DESIGN.md §5a, §6), in front of the kernel and binary
// levels: a spec's canonical JSON, this loom build, the target and whatever else shapes the code
// (parameter specializations, the GPU's identity) name an entry holding the transformed kernel,
// written back as a transform-free spec, and its generated code. A hit therefore applies no
// transform, runs no legality check and no code generation: it parses the kernel's domains and
// instructions once, as reading any spec does. An entry is written only when reading it back gives
// the same kernel fingerprint (rewrite history aside), so a kernel the spec form cannot express
// exactly is never served from here. `LOOM_NO_CACHE=1` bypasses it.
#pragma once

#include <optional>
#include <string>

#include "loom/codegen.hpp"
#include "loom/kernel.hpp"
#include "loom/runtime.hpp"
#include "loom/spec.hpp"

namespace loom::detail {

// cache_directory()/specs/<xxh3 of the parts>.spec. `spec_text` is canonicalized (parsed and
// dumped with sorted keys, its `test` section left out: it changes inputs, not code); `context`
// is anything else the code depends on (target, defines, arch, device and compiler versions).
std::string spec_cache_path(const std::string& spec_text, const std::string& context);

struct CachedKernel {
  LoopKernel kernel;  // no rewrite history: enough to launch, not to check by logical index
  GeneratedCode code;
};

// The entry at `path`, or nothing when it is missing, damaged or of an older format.
std::optional<CachedKernel> read_cached_kernel(const std::string& path);
// Best effort and atomic; skipped (returns false) when the kernel does not read back exactly.
bool write_cached_kernel(const std::string& path, const LoopKernel& kernel, const GeneratedCode& code);

// How many kernels this process took from the spec level (tests: a hit runs no transform).
int spec_cache_hits();

// A spec's transformed kernel, compiled, through this level where the caller allows it (`loom
// run` without --check and --tuned: checks compare by logical index, which needs the rewrite
// history; --tuned replaces the transforms).
struct SpecKernel {
  Spec spec;          // `spec.kernel` stays empty after a hit (no transform ran): use `kernel`
  LoopKernel kernel;  // the transformed kernel
  CompiledKernel program;
  bool from_cache = false;
};

// `spec_text` read and compiled for `target`; `context` names what else the code depends on (on
// CUDA the GPU and compiler versions). LOOM_NO_CACHE=1 bypasses the cache.
SpecKernel compile_spec(const std::string& spec_text, Target target, const std::string& context = "");

// Whether LOOM_NO_CACHE leaves the disk caches on.
bool disk_cache_enabled();

}  // namespace loom::detail
