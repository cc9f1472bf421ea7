// Types of expressions with loopy's literal rules (research/loopy-notes.md §3.7): literals written
// without a type are "weak" and take the type of what they combine with, so `2*a[i]` with a
// float32 `a` stays float32 and no stray double appears.
#pragma once

#include <string>

#include "loom/kernel.hpp"

namespace loom {

struct ExprType {
  DType dtype;
  bool weak = false;  // an implicitly typed literal, or an expression of only such literals
};

// The concrete type of a weak type standing alone: ints → int32 (int64 when needed), floats →
// float32 when exactly representable, else float64.
DType resolve_weak(const ExprType& type, double literal_value = 0.5);
// The type of `a op b` for arithmetic.
ExprType combine_types(const ExprType& a, const ExprType& b);

class TypeContext {
 public:
  explicit TypeContext(const LoopKernel& kernel) : kernel_(kernel) {}
  ExprType type_of(const Expr& expr) const;
  // The dtype of a named variable: iname (index dtype), argument or temporary. Throws when the
  // type is unknown (an un-inferred temporary).
  DType variable_dtype(const std::string& name) const;
  bool is_iname(const std::string& name) const;

 private:
  ExprType call_type(const Expr& expr) const;
  const LoopKernel& kernel_;
};

// Fills in every temporary's and argument's missing dtype from the values assigned to it
// (iterating to a fixed point); throws loom::Error naming a variable whose type cannot be found.
LoopKernel infer_types(const LoopKernel& kernel);

}  // namespace loom
