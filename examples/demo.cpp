// loom's demo: a kernel written once, its generated code printed, run and checked against the
// reference on the best target present (the C target until GPU code generation lands).
#include <iostream>

#include "loom/loom.hpp"

int main() {
  try {
    loom::LoopKernel kernel = loom::make_kernel(
        {"{[i, j]: 0 <= i < n and 0 <= j < m}"},
        "out[i, j] = alpha * a[i, j] + if(j > 0, a[i, j - 1], 0)",
        {loom::array_arg("a, out", loom::DType::Float32, {"n", "m"}),
         loom::value_arg("alpha", loom::DType::Float32)},
        {.name = "scaled_shift", .assumptions = "n >= 1 and m >= 1"});
    std::cout << "== kernel\n" << loom::to_string(kernel) << "\n";
    loom::GeneratedCode code = loom::generate_code(kernel, loom::Target::C);
    std::cout << "== generated C\n" << code.source << "\n";
    loom::CheckResult result = loom::check_against_reference(kernel, kernel, {{"n", 1000}, {"m", 333}});
    std::cout << "== check against the float64 reference (n=1000, m=333, target c)\n" << result.report();
    return result.passed ? 0 : 1;
  } catch (const loom::Error& error) {
    std::cerr << "error: " << error.what() << "\n";
    return 2;
  }
}
