// Lowering of loom expressions and instructions to the C AST for one statement instance: inames
// replaced by their values from the loop nest, arrays flattened by their layout, literals typed
// by context, Python's floor division and modulo made explicit.
#pragma once

#include <map>
#include <optional>
#include <string>

#include "analysis/type_inference.hpp"
#include "codegen/cast.hpp"
#include "loom/codegen.hpp"
#include "loom/kernel.hpp"

namespace loom::codegen {

using InameValues = std::map<std::string, cast::ExprPtr>;

class ExpressionLowering {
 public:
  ExpressionLowering(const LoopKernel& kernel, Target target);

  // `context` is the type weak literals adopt (the type of the operation they take part in).
  cast::ExprPtr lower(const Expr& expr, std::optional<DType> context, const InameValues& inames) const;
  cast::StmtPtr lower_instruction(const Instruction& instruction, const InameValues& inames) const;
  // Row-major (or column-major) flat index of `indices` into `array`.
  cast::ExprPtr flat_index(const std::string& array, const std::vector<ExprPtr>& indices,
                           const InameValues& inames) const;
  DType index_dtype() const { return kernel_.options.index_dtype; }

 private:
  cast::ExprPtr strided_index(const KernelArgument& arg, const std::vector<ExprPtr>& indices,
                              const InameValues& inames) const;
  cast::ExprPtr lower_binary(const Expr& expr, std::optional<DType> context, const InameValues& inames) const;
  cast::ExprPtr lower_arithmetic(BinaryOp op, cast::ExprPtr lhs, cast::ExprPtr rhs, DType type) const;
  cast::ExprPtr lower_call(const Expr& expr, std::optional<DType> context, const InameValues& inames) const;
  cast::ExprPtr lower_literal(const Expr& expr, std::optional<DType> context) const;
  DType concrete(const ExprType& type, std::optional<DType> context) const;
  std::vector<ExprPtr> shape_of(const std::string& array) const;

  const LoopKernel& kernel_;
  Target target_;
  TypeContext types_;
};

// The name of loom's integer helper for `base` ("loom_floor_div") at `dtype` (int32_t or int64_t).
std::string integer_helper(const std::string& base, DType dtype);

}  // namespace loom::codegen
