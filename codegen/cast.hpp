// loom's small C AST (DESIGN.md §1): what code generation lowers isl's AST into, and what the
// C-family printers (C, OpenCL, CUDA) and later the LLVM emitter consume. It has no isl in it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "loom/dtype.hpp"

namespace loom::cast {

struct Expr;
using ExprPtr = std::shared_ptr<const Expr>;

enum class ExprKind {
  IntConst,    // int_value, dtype
  FloatConst,  // float_value, dtype (printed with its suffix: 2.0f)
  Var,         // name
  Unary,       // op ("-", "!"), args[0]
  Binary,      // op ("+", "<=", "&&", ...), args[0], args[1]
  Call,        // name(args...): math functions and loom's runtime helpers
  Load,        // name[args[0]]: a flat element access; with vector_width, the whole vector
               // args[0] (counted in vectors) of an array of scalars
  Ternary,     // args[0] ? args[1] : args[2]
  Cast,        // (dtype) args[0]
  HardwareIndex,  // the work-group (op "group") or work-item (op "local") index along axis int_value
};

struct Expr {
  ExprKind kind = ExprKind::IntConst;
  DType dtype = DType::Int32;
  int64_t int_value = 0;
  double float_value = 0;
  std::string name;
  std::string op;
  std::vector<ExprPtr> args;
  int vector_width = 0;  // Load: a vector of this many elements (0: one element)
};

ExprPtr int_const(int64_t value, DType dtype = DType::Int32);
ExprPtr float_const(double value, DType dtype);
ExprPtr var(std::string name, DType dtype = DType::Int32);
ExprPtr unary(std::string op, ExprPtr operand, DType dtype);
ExprPtr binary(std::string op, ExprPtr lhs, ExprPtr rhs, DType dtype);
ExprPtr call(std::string function, std::vector<ExprPtr> args, DType dtype);
ExprPtr load(std::string array, ExprPtr flat_index, DType dtype);
// The vector `vector_index` (counted in vectors of `width` elements) of a scalar array.
ExprPtr vector_load(std::string array, ExprPtr vector_index, DType dtype, int width);
ExprPtr ternary(ExprPtr condition, ExprPtr then_value, ExprPtr else_value, DType dtype);
ExprPtr cast_to(DType dtype, ExprPtr operand);
ExprPtr hardware_index(bool local, int axis);

struct Stmt;
using StmtPtr = std::shared_ptr<const Stmt>;

enum class StmtKind {
  Block,    // body
  For,      // for (dtype iterator = init; condition; iterator += step) body
  If,       // if (condition) body[0] else body[1] (else optional)
  Assign,   // target = value;  (target is a Var or Load)
  Declare,  // dtype name[extent]; (extent 0: scalar), optional init value, optional `const`,
            // in local memory when `local_memory`
  Barrier,  // local or global barrier (printed per dialect)
  Comment,  // /* text */
};

struct Stmt {
  StmtKind kind = StmtKind::Block;
  std::vector<StmtPtr> body;
  std::string name;  // iterator, declared name, or comment text
  DType dtype = DType::Int32;
  ExprPtr init;       // For: initial value; Declare: initializer (may be null)
  std::vector<ExprPtr> initial_elements;  // Declare: an array's brace initializer (empty: none)
  ExprPtr condition;  // For, If
  int64_t step = 1;
  int64_t extent = 0;     // Declare: number of elements (0: scalar)
  int vector_width = 0;   // Declare: a vector of this many `dtype`s (0: a scalar type)
  bool is_const = false;  // Declare
  bool local_memory = false;  // Declare: __local / __shared__
  // Declare (CUDA): a pointer into the dynamic shared buffer at this byte offset, instead of an
  // array (local temporaries above 48 KB in all).
  bool dynamic_shared = false;
  int64_t shared_offset = 0;
  // Declare (local): the bytes the array starts on, where more than the default 16 (a swizzled
  // tile: 1024, src/ir/layout.hpp).
  int64_t alignment = 0;
  // Declare: a pointer into the storage area of this name (alias_temporaries), not an array.
  // With `init` (fetch_bases.hpp): a read-only pointer to element `init` of this global array
  // argument (the part of a loop's global reads that changes with the loop, added once an
  // iteration).
  std::string alias_of;
  std::string pragma;     // For: e.g. "unroll 4"
  ExprPtr target;         // Assign
  ExprPtr value;          // Assign
  bool fences_global_memory = false;  // Barrier: also orders global memory (OpenCL fence)
  bool fences_local_memory = true;    // Barrier: orders local memory (false: mem_kind=global only)
  bool scoped = false;  // Block: printed in braces (its declarations are its own)
};

StmtPtr block(std::vector<StmtPtr> body);
StmtPtr scoped_block(std::vector<StmtPtr> body);
StmtPtr for_loop(std::string iterator, DType dtype, ExprPtr init, ExprPtr condition, int64_t step,
                 StmtPtr body);
StmtPtr if_then(ExprPtr condition, StmtPtr then_body, StmtPtr else_body = nullptr);
StmtPtr assign(ExprPtr target, ExprPtr value);
StmtPtr declare(std::string name, DType dtype, int64_t extent = 0, ExprPtr init = nullptr,
                bool is_const = false);
StmtPtr comment(std::string text);
StmtPtr declare_vector(std::string name, DType dtype, int width, ExprPtr init = nullptr);
StmtPtr local_barrier();  // barrier(CLK_LOCAL_MEM_FENCE) / __syncthreads()

// Whether `statement` is or holds a barrier anywhere inside it.
bool holds_barrier(const StmtPtr& statement);

// One generated function: parameters in order, then its body.
struct Parameter {
  std::string name;
  DType dtype;
  bool is_pointer;
  bool is_const;  // read-only array
};

struct Function {
  std::string name;
  std::vector<Parameter> parameters;
  StmtPtr body;
  // A device kernel (OpenCL __kernel, CUDA __global__) with this constant work-group size;
  // false for the C target's host function.
  bool device_kernel = false;
  int64_t block_size[3] = {1, 1, 1};
  // CUDA's __launch_bounds__ minBlocksPerMultiprocessor (0: not given).
  int64_t min_groups_per_multiprocessor = 0;
};

}  // namespace loom::cast
