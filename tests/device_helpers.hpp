// What tests that run kernels on OpenCL or inspect generated code share.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "loom/error.hpp"
#include "runtime/host_opencl.hpp"

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

// How often `what` occurs in `text` (barriers, declarations in generated code).
inline int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace loom::testing

// Only a machine without an OpenCL platform skips (CI has PoCL, so these tests run there).
#define SKIP_WITHOUT_OPENCL() \
  if (!::loom::testing::have_opencl()) GTEST_SKIP() << "no OpenCL platform on this machine"
