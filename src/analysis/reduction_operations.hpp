// The reduction operations (sum, product, max, min, any, all, argmax, argmin): their names, neutral
// elements and combining expressions, shared by the sequential and the local-parallel realization.
#pragma once

#include <set>
#include <string>

#include "loom/kernel.hpp"

namespace loom {

struct ReductionOperation {
  std::string name;  // without loopy's `simul_` prefix
  bool is_arg;       // argmax / argmin: a value and an index
};

// Throws loom::Error naming `instruction` for an unknown operation.
ReductionOperation parse_reduction_operation(const Expr& reduction, const Instruction& instruction);

// The value an accumulator starts from (0, 1, -inf/+inf or the integer type's extreme; any: 0,
// all: 1, loopy's False and True).
ExprPtr reduction_neutral_element(const std::string& operation, DType dtype);

// `accumulator op value` for the plain operations (max/min as calls; any/all as `or`/`and`, as
// loopy's AnyReductionOperation and AllReductionOperation).
ExprPtr combine_reduction_values(const std::string& operation, ExprPtr accumulator, ExprPtr value);

// Warp reductions (CUDA shuffles, decisions.md "Issue 27"): calls the local-reduction realizer
// emits for the last 32 positions of a tree. `loom_warp_<op>(v)` (op sum/product/max/min) is the
// reduction of v over the 32 lanes of the warp, in every lane; `loom_warp_<argmax|argmin>_index(v,
// i)` the index of the best value (the smallest index among equal ones). A call's type is the type
// of its last argument; code generation prints a helper per operation and type.
std::string warp_reduction_function(const std::string& operation);
// Whether code generation has a warp helper for a plain operation (any and all have none: their
// local reductions keep the tree in local memory to the end).
bool has_warp_reduction(const std::string& operation);
bool is_warp_reduction_function(const std::string& name);

// `base`, else base_0, base_1, ...: the first name not in `used`, which is then added to it.
std::string unique_name(std::set<std::string>& used, const std::string& base);

// A new instruction realizing part of `origin` (initialization, update, tree step): it keeps the
// origin's predicates, tags, priority and source position, under `id` and within `within`.
Instruction derived_instruction(const Instruction& origin, std::string id, std::set<std::string> within);

}  // namespace loom
