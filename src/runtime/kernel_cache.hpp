// The kernel level of the CUDA compile cache (DESIGN.md §6): the code generated for a kernel,
// keyed by the kernel itself, so a hit skips isl and code generation; the CUBIN beneath it is
// keyed by the source (runtime/cuda_driver.hpp), so a hit there skips NVRTC.
#pragma once

#include <optional>
#include <string>

#include "loom/codegen.hpp"
#include "loom/kernel.hpp"

namespace loom::detail {

// This build of loom: its version, and the size and time of the executable running it, so a
// rebuilt loom (whose code generation may differ) never reads an older build's entries.
std::string build_identity();

// cache_directory()/cuda/kernels/<xxh3 of the kernel's fingerprint, the device's arch, the NVRTC
// and driver versions and this loom build>.code. Needs the CUDA device (its arch).
// `compiler` ("nvrtc" or "llvm") is part of the key: the two paths' entries differ (CUDA C, PTX).
std::string cuda_kernel_cache_path(const LoopKernel& kernel, const std::string& compiler = "nvrtc");

// The entry at `path`, or nothing when it is missing, damaged or unreadable.
std::optional<GeneratedCode> read_generated_code(const std::string& path);
// Best effort, atomically (temporary file and rename).
void write_generated_code(const std::string& path, const GeneratedCode& code);

// The serialized form, for tests: a GeneratedCode must read back equal.
std::string generated_code_json(const GeneratedCode& code);
GeneratedCode generated_code_from_json(const std::string& text);

}  // namespace loom::detail
