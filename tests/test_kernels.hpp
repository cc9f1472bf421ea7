// The kernels the language tests execute, in one catalogue so that every one of them also goes
// through the printer round trip (tests/lang/round_trip_test.cpp).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "loom/loom.hpp"

namespace loom::test_kernels {

inline LoopKernel vector_scale() {
  return make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 2*a[i]", {array_arg("a, out", DType::Float32, {"n"})},
                     {.name = "vector_scale"});
}

inline LoopKernel matmul() {
  return make_kernel({"{[i,j,k]: 0<=i,j,k<n}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
                     {array_arg("a, b, c", DType::Float32, {"n", "n"})}, {.name = "matmul"});
}

inline LoopKernel substitution_rule_used_twice() {
  return make_kernel({"{[i]: 0<=i<n}"},
                     "sq(x) := x*x\n"
                     "out[i] = sq(a[i]) + sq(a[i] + 1)",
                     {array_arg("a, out", DType::Float32, {"n"})});
}

inline LoopKernel ordered_by_dep() {
  return make_kernel({"{[i]: 0<=i<n}", "{[ii]: 0<=ii<n}"},
                     "b[i] = 2*a[i] {id=double}\n"
                     "c[ii] = b[n - 1 - ii] + 1 {id=reverse, dep=double}",
                     {array_arg("a, b, c", DType::Float32, {"n"})});
}

inline LoopKernel matvec_explicit_accumulator() {
  return make_kernel({"{[i,j]: 0<=i<n and 0<=j<m}"},
                     "for i\n"
                     "  <float32> acc = 0 {id=init}\n"
                     "  for j\n"
                     "    acc = acc + a[i, j]*x[j] {id=update, dep=init}\n"
                     "  end\n"
                     "  y[i] = acc {id=store, dep=update}\n"
                     "end",
                     {array_arg("a", DType::Float32, {"n", "m"}), array_arg("x", DType::Float32, {"m"}),
                      array_arg("y", DType::Float32, {"n"})});
}

inline LoopKernel two_domains() {
  return make_kernel({"{[i]: 0<=i<n}", "{[j]: 0<=j<=i}"}, "out[i] = sum(j, a[j])",
                     {array_arg("a, out", DType::Float64, {"n"})});
}

inline LoopKernel csr_spmv() {
  return make_kernel({"{[i]: 0<=i<n}", "{[jj]: 0<=jj<row_len}"},
                     "<int32> row_start = rowstart[i] {id=start}\n"
                     "<int32> row_len = rowstart[i+1] - rowstart[i] {id=len}\n"
                     "y[i] = sum(jj, values[row_start + jj] * x[colidx[row_start + jj]]) {dep=start:len}",
                     {array_arg("rowstart", DType::Int32, {"n + 1"}), array_arg("values", DType::Float64, {"nnz"}),
                      array_arg("colidx", DType::Int32, {"nnz"}), array_arg("x, y", DType::Float64, {"n"})},
                     {.name = "spmv"});
}

inline LoopKernel predicated_and_blocks() {
  return make_kernel({"{[i,k]: 0<=i<n and 0<=k<4}"},
                     "with {id_prefix=w, tags=blocky}\n"
                     "  <float32> t[k] = a[i] * k {id=fill}\n"
                     "  if a[i] > 0\n"
                     "    out[i] = t[0] + t[3] {dep=fill}\n"
                     "  else\n"
                     "    out[i] = -t[1] {dep=fill, nosync=w}\n"
                     "  end\n"
                     "end",
                     {array_arg("a, out", DType::Float32, {"n"})});
}

inline LoopKernel argmax_argmin() {
  return make_kernel({"{[i]: 0<=i<n}"},
                     "best[0], where[0] = argmax(i, a[i], i)\n"
                     "least[0], where_least[0] = argmin(i, a[i], i)",
                     {array_arg("a", DType::Int32, {"n"}),
                      array_arg("best, where, least, where_least", DType::Int32, {"1"})});
}

struct Entry {
  std::string name;
  std::function<LoopKernel()> make;
  ParameterMap parameters;
  CheckOptions options = {};
};

// CSR structure for csr_spmv at n=5, nnz=7, with rows 1 and 3 empty.
inline CheckOptions csr_inputs() {
  CheckOptions options;
  options.inputs["rowstart"] = InputGenerator{InputGenerator::Kind::Values, 0, 0, {0, 2, 2, 5, 5, 7}};
  options.inputs["colidx"] = InputGenerator{InputGenerator::Kind::Values, 0, 0, {0, 4, 1, 2, 3, 0, 4}};
  return options;
}

inline std::vector<Entry> catalogue() {
  return {{"vector_scale", vector_scale, {{"n", 37}}},
          {"matmul", matmul, {{"n", 9}}},
          {"substitution_rule_used_twice", substitution_rule_used_twice, {{"n", 33}}},
          {"ordered_by_dep", ordered_by_dep, {{"n", 19}}},
          {"matvec_explicit_accumulator", matvec_explicit_accumulator, {{"n", 13}, {"m", 7}}},
          {"two_domains", two_domains, {{"n", 12}}},
          {"csr_spmv", csr_spmv, {{"n", 5}, {"nnz", 7}}, csr_inputs()},
          {"predicated_and_blocks", predicated_and_blocks, {{"n", 21}}},
          {"argmax_argmin", argmax_argmin, {{"n", 12}}}};
}

}  // namespace loom::test_kernels
