// What tests that run kernels on OpenCL or inspect generated code share.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "codegen/llvm_nvptx.hpp"
#include "loom/check.hpp"
#include "loom/error.hpp"
#include "runtime/cuda_driver.hpp"
#include "runtime/host_cuda.hpp"
#include "runtime/host_opencl.hpp"
#include "test_helpers.hpp"

namespace loom::testing {

// Whether an OpenCL platform (PoCL in CI) is present.
inline bool have_opencl() {
  try {
    detail::opencl_device_info();
    return true;
  } catch (const EnvironmentError&) {
    return false;
  }
}

// Why CUDA kernels cannot run here (no driver or no GPU), or nullopt when they can.
inline std::optional<std::string> cuda_unavailable() {
  try {
    detail::cuda_device_info();
    return std::nullopt;
  } catch (const EnvironmentError& error) {
    return std::string(error.what());
  }
}

// Checks `kernel` against `reference` on OpenCL (PoCL in CI).
inline void expect_on_opencl(const LoopKernel& kernel, const LoopKernel& reference, const ParameterMap& parameters = {}) {
  CheckOptions options;
  options.target = Target::OpenCL;
  expect_matches_reference(kernel, reference, parameters, options);
}

// The statement `if (<condition>)` at `at` in generated `code`: its then-side (braces included)
// and, when there is one, its else-side ("" otherwise).
inline std::pair<std::string, std::string> if_branches(const std::string& code, std::size_t at) {
  auto block = [&](std::size_t open) {
    int depth = 0;
    for (std::size_t i = open; i < code.size(); ++i) {
      depth += code[i] == '{' ? 1 : code[i] == '}' ? -1 : 0;
      if (depth == 0) return code.substr(open, i + 1 - open);
    }
    return code.substr(open);
  };
  std::string then_side = block(code.find('{', at));
  std::size_t after = code.find('{', at) + then_side.size();
  std::size_t next = code.find_first_not_of(" \n", after);
  if (next == std::string::npos || code.compare(next, 4, "else") != 0) return {then_side, ""};
  return {then_side, block(code.find('{', next))};
}

// The device kernels of a translation unit, without the preamble's helpers.
inline std::string kernels_of(const std::string& source) {
  std::size_t start = std::min(source.find("__kernel"), source.find("extern \"C\""));
  return start == std::string::npos ? "" : source.substr(start);
}

// How often `what` occurs in `text` (barriers, declarations in generated code).
inline int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace loom::testing

// Only a machine without a CUDA driver or GPU skips (the gpu label; CI has none, the GPU machine
// runs them); the skip message says what is missing.
#define SKIP_WITHOUT_CUDA()                                                   \
  if (std::optional<std::string> missing = ::loom::testing::cuda_unavailable()) \
  GTEST_SKIP() << "no GPU here: " << *missing

// Only a machine without an OpenCL platform skips (CI has PoCL, so these tests run there).
#define SKIP_WITHOUT_OPENCL() \
  if (!::loom::testing::have_opencl()) GTEST_SKIP() << "no OpenCL platform on this machine"

// OpenCL is not optional where PoCL can be installed (./dev deps installs pocl-opencl-icd): a
// machine without a platform fails these tests instead of skipping them, since only "no GPU
// here" is a reason to skip.
#define REQUIRE_OPENCL() \
  ASSERT_TRUE(::loom::testing::have_opencl()) << "no OpenCL platform: ./dev deps installs PoCL (pocl-opencl-icd)"

// A build with llvm-19-dev has libloom_llvm.so, and these tests must find it; a build without
// LLVM (not the supported setup: ./dev deps installs it) skips them.
#ifdef LOOM_HAVE_LLVM_NVPTX
#define REQUIRE_LLVM_NVPTX()                                                  \
  do {                                                                        \
    std::string why;                                                          \
    ASSERT_TRUE(codegen::llvm_nvptx_available(&why)) << why;                  \
  } while (0)
#else
#define REQUIRE_LLVM_NVPTX() GTEST_SKIP() << "loom was built without llvm-19-dev: no libloom_llvm.so"
#endif

// NVRTC compiles SOURCE's kernel NAME to an sm_90 CUBIN (no GPU needed); without a CUDA toolkit
// the test is skipped (NVRTC is optional like the GPU; CI has it). A macro, so that the skip ends
// the test as GTEST_SKIP in its body would.
#define LOOM_EXPECT_COMPILES_TO_SM90_CUBIN(source, name)                                               \
  try {                                                                                                 \
    std::vector<char> cubin = ::loom::detail::nvrtc_compile_to_cubin((source), "sm_90", (name));       \
    EXPECT_EQ(std::string(cubin.data() + 1, 3), "ELF");                                                 \
  } catch (const ::loom::EnvironmentError& error) {                                                     \
    GTEST_SKIP() << "no CUDA toolkit here (NVRTC, optional like the GPU; CI has it): " << error.what(); \
  }
