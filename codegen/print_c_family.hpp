// One printer for the C family (C, OpenCL, CUDA) with dialect hooks (DESIGN.md §5).
#pragma once

#include <string>
#include <vector>

#include "codegen/cast.hpp"
#include "loom/codegen.hpp"

namespace loom::codegen {

// The spelling of a scalar type in C ("float", "int32_t", ...).
std::string c_type_name(DType dtype);

// The spelling of a vector type in OpenCL and CUDA ("float4"); float32, float64, int32 and
// uint32 elements only.
std::string vector_type_name(DType dtype, int width);

// Prints a complete translation unit: the dialect's preamble, the function, and (for the C
// target) an entry point `void <name>_loom_entry(void **args)` that unpacks its arguments.
std::string print_translation_unit(const cast::Function& function, Target target);
// Several functions (the device kernels of one program) in one translation unit.
std::string print_translation_unit(const std::vector<cast::Function>& functions, Target target);

// Prints one expression (exposed for tests).
std::string print_expression(const cast::Expr& expr, Target target);

}  // namespace loom::codegen
