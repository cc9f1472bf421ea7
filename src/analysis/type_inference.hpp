// Types of expressions with loopy's rules (research/loopy-notes.md §3.7, docs/decisions.md "Issue 27"):
// literals written without a type are "weak" and take the type of what they combine with, so
// `2*a[i]` and `x[i] + 1e-5` with a float32 `x` stay float32 and no stray double appears; float32
// with int32 stays float32 (loopy's exception to numpy), so `sum(j, x[i,j]) / n` is float32.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "loom/kernel.hpp"

namespace loom {

struct ExprType {
  DType dtype;
  bool weak = false;  // an implicitly typed literal, or an expression of only such literals
  // A weak float that float32 cannot hold exactly (0.1, 1e-5): standing alone, or next to an
  // integer, it is float64 (loopy's rule); next to a float it still takes that float's type.
  bool inexact = false;
};

// The concrete type of a weak type standing alone: ints → int32 (int64 when needed), floats →
// float32 when exactly representable (`literal_value`, or the type's `inexact` flag), else float64.
DType resolve_weak(const ExprType& type, double literal_value = 0.5);
// The type of `a op b` for arithmetic.
ExprType combine_types(const ExprType& a, const ExprType& b);
// numpy's promotion of two concrete types, except float32 with int32 stays float32 (loopy's
// TypeInferenceMapper.combine: "numpy makes this a double. I disagree.").
DType combine_concrete(DType a, DType b);

class TypeContext {
 public:
  explicit TypeContext(const LoopKernel& kernel) : kernel_(kernel) {}
  ExprType type_of(const Expr& expr) const;
  // Like type_of, but a variable whose type is not known yet contributes nothing (loopy's empty
  // dtype set): `acc + A[i]*x[i]` with `acc` still untyped has the type of `A[i]*x[i]`. Nullopt
  // when nothing in the expression has a known type.
  std::optional<ExprType> partial_type_of(const Expr& expr) const;
  // The dtype of a named variable: iname (index dtype), argument or temporary. Throws when the
  // type is unknown (an un-inferred temporary).
  DType variable_dtype(const std::string& name) const;
  bool is_iname(const std::string& name) const;

 private:
  std::optional<ExprType> infer(const Expr& expr, bool partial) const;
  std::optional<ExprType> call_type(const Expr& expr, bool partial) const;
  std::optional<ExprType> rule_type(const Expr& expr, bool partial) const;
  std::optional<DType> known_dtype(const std::string& name, bool partial) const;
  const LoopKernel& kernel_;
};

// Where every floating-point array argument is float32 but an argument or temporary is float64
// (declared so, or inferred from a literal float32 cannot hold such as `<> eps = 1e-5`), one
// line per such variable naming it (issue 27: a float64 temporary makes its computations run in
// double, 2-30x slower on GPUs). `typed` has its types inferred (infer_types). Empty where the
// kernel silences "float64_in_float32_kernel" (options.silenced_warnings).
std::vector<std::string> float64_in_float32_kernel(const LoopKernel& typed);

// Fills in every temporary's and argument's missing dtype from the values assigned to it
// (iterating to a fixed point); throws loom::Error naming a variable whose type cannot be found.
LoopKernel infer_types(const LoopKernel& kernel);

}  // namespace loom
