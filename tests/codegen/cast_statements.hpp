// Small statement builders and the OpenCL printer for tests that compare rewrites of loom's C AST
// (hoist_barriers_test, barrier_after_loops_test).
#pragma once

#include <string>

#include "codegen/cast.hpp"
#include "codegen/print_c_family.hpp"
#include "device_helpers.hpp"

namespace loom::testing {

// `array[index] = 1.0f;`
inline cast::StmtPtr store(const std::string& array, int64_t index) {
  return cast::assign(cast::load(array, cast::int_const(index), DType::Float32), cast::float_const(1.0, DType::Float32));
}

inline cast::StmtPtr barrier() { return cast::local_barrier(); }

// `statement` as the body of an OpenCL kernel `f`, printed (the kernel's text only).
inline std::string printed_opencl(const cast::StmtPtr& statement) {
  cast::Function function;
  function.name = "f";
  function.body = statement;
  function.device_kernel = true;
  return kernels_of(codegen::print_translation_unit(function, Target::OpenCL));
}

}  // namespace loom::testing
