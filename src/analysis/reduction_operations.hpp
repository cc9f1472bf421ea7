// The reduction operations (sum, product, max, min, argmax, argmin): their names, neutral
// elements and combining expressions, shared by the sequential and the local-parallel realization.
#pragma once

#include <string>

#include "loom/kernel.hpp"

namespace loom {

struct ReductionOperation {
  std::string name;  // without loopy's `simul_` prefix
  bool is_arg;       // argmax / argmin: a value and an index
};

// Throws loom::Error naming `instruction` for an unknown operation.
ReductionOperation parse_reduction_operation(const Expr& reduction, const Instruction& instruction);

// The value an accumulator starts from (0, 1, -inf/+inf or the integer type's extreme).
ExprPtr reduction_neutral_element(const std::string& operation, DType dtype);

// `accumulator op value` for the plain operations (max/min as calls).
ExprPtr combine_reduction_values(const std::string& operation, ExprPtr accumulator, ExprPtr value);

}  // namespace loom
