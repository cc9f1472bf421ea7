// loom's demo: a matmul written once, transformed step by step (each step checked for legality),
// its generated code printed, then run and checked against the untransformed kernel's float64
// reference on the best target present (the C target until GPU code generation lands).
#include <iostream>

#include "loom/loom.hpp"

int main() {
  try {
    loom::LoopKernel matmul = loom::make_kernel(
        {"{[i, j, k]: 0 <= i, j, k < n}"}, "c[i, j] = sum(k, a[i, k] * b[k, j])",
        {loom::array_arg("a, b, c", loom::DType::Float32, {"n", "n"})}, {.name = "matmul", .assumptions = "n >= 1"});

    loom::LoopKernel tiled = loom::split_iname(matmul, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.1"});
    tiled = loom::split_iname(tiled, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.0"});
    tiled = loom::split_iname(tiled, "k", 16);
    tiled = loom::prioritize_loops(tiled, "i_outer, j_outer, k_outer, i_inner, j_inner, k_inner");

    std::cout << "== transforms\n";
    for (const loom::AppliedTransform& step : tiled.applied_transforms) std::cout << "  " << step.call << "\n";
    std::cout << "\n== kernel after the transforms\n" << loom::to_string(tiled) << "\n";
    loom::GeneratedCode code = loom::generate_code(tiled, loom::Target::C);
    std::cout << "== generated C (target c: group and local inames run as loops)\n"
              << code.source.substr(code.source.find("void " + code.function_name)) << "\n";

    const int64_t n = 300;  // not a multiple of the 16x16 tiles
    loom::CheckResult result = loom::check_against_reference(tiled, matmul, {{"n", n}});
    std::cout << "== check against the untransformed kernel in float64 (n=" << n << ", target c)\n"
              << result.report();
    std::cout << (result.passed ? "PASS" : "FAIL") << "\n";
    return result.passed ? 0 : 1;
  } catch (const loom::Error& error) {
    std::cerr << "error: " << error.what() << "\n";
    return 2;
  }
}
