// The OpenCL device loom runs on, and programs built for it (DESIGN.md §6).
//
// - One device, context and in-order queue per process, created on first use and never released
//   (at exit the ICD loader or the driver may already be gone).
// - Programs are cached on disk as device binaries under cache_directory()/opencl, keyed by
//   device, driver, build options and source; an entry whose checksum does not match, or that the
//   driver refuses, is rebuilt from source. PoCL's LLVM compile of a small kernel takes ~0.7 s, a
//   cache hit ~5 ms.
//
// Only the OpenCL runtime's sources include this header (it pulls in CL/cl.h); tests use
// runtime/host_opencl.hpp.
#pragma once

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>

#include <memory>
#include <string>
#include <type_traits>

#include "ir/stage_timer.hpp"
#include "loom/codegen.hpp"
#include "runtime/host_opencl.hpp"

namespace loom::detail {

// Throws for a failed OpenCL call, naming the call, the error and `subject` (the kernel, argument
// or program): EnvironmentError when the machine lacks something (memory, a compiler), Error when
// a launch asks for more than the device offers, InternalError otherwise (loom called OpenCL
// wrongly).
[[noreturn]] void throw_cl_error(cl_int status, const std::string& call,
                                 const std::string& subject);

inline void check_cl(cl_int status, const char* call, const std::string& subject) {
  if (status != CL_SUCCESS) throw_cl_error(status, call, subject);
}

template <typename Handle, cl_int (*Release)(Handle)>
struct Releaser {
  void operator()(Handle handle) const { Release(handle); }
};
using ProgramHandle =
    std::unique_ptr<std::remove_pointer_t<cl_program>, Releaser<cl_program, clReleaseProgram>>;
using KernelHandle =
    std::unique_ptr<std::remove_pointer_t<cl_kernel>, Releaser<cl_kernel, clReleaseKernel>>;
using BufferHandle =
    std::unique_ptr<std::remove_pointer_t<cl_mem>, Releaser<cl_mem, clReleaseMemObject>>;

struct OpenCLRuntime {
  OpenCLDeviceInfo info;
  DeviceLimits limits;
  cl_device_id device = nullptr;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;  // in order
};

// The process's device, context and queue (see opencl_device_info for the choice), created on
// the first call; thread-safe. Throws EnvironmentError when there is no device, on every call.
const OpenCLRuntime& opencl_runtime();

struct BuiltProgram {
  ProgramHandle program;
  bool from_source = false;  // not from the cache: the caller should cache_program_binary it
};

// The program of `code.source`: from the cache entry at `cache_path` when it holds a binary the
// driver accepts, else built from source. LOOM_NO_CACHE=1 skips the cache. A source the compiler
// rejects is an InternalError carrying the build log (the generated code is loom's).
BuiltProgram build_program(const OpenCLRuntime& runtime, const GeneratedCode& code,
                           const std::string& cache_path, StageTimer& timer);

// Writes `program`'s binary to the cache entry at `cache_path` (best effort: a cache that cannot
// be written costs time, not correctness). Writers use a private temporary name and rename it
// into place, so no process reads a partial entry.
void cache_program_binary(cl_program program, const std::string& cache_path,
                          const std::string& subject);

}  // namespace loom::detail
