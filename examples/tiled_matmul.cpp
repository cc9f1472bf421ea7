// loopy's classic GPU matmul recipe as a C++ transform script (issue 10): 16x16 work-groups, a k
// loop in tiles of 16, and both input tiles prefetched into local memory. The program prints the
// generated code's kernel and checks the result against the untransformed kernel at sizes that do
// and do not divide the tile, on the target named by its argument (opencl by default; cuda on a
// GPU). Exit code 0 when every check passes.
#include <cstring>
#include <iostream>

#include "loom/loom.hpp"

int main(int argc, char** argv) {
  loom::Target target = loom::Target::OpenCL;
  if (argc > 1 && std::strcmp(argv[1], "cuda") == 0) target = loom::Target::CUDA;
  try {
    loom::LoopKernel matmul = loom::make_kernel(
        {"{[i,j,k]: 0<=i,j,k<n}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
        {loom::array_arg("a, b, c", loom::DType::Float32, {"n", "n"}), loom::value_arg("n")}, {.name = "matmul"});

    loom::LoopKernel tiled = loom::split_iname(matmul, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.1"});
    tiled = loom::split_iname(tiled, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.0"});
    tiled = loom::split_iname(tiled, "k", 16);
    std::vector<std::string> outer = {"i_outer", "j_outer", "k_outer"};
    tiled = loom::add_prefetch(tiled, "a",
                               {.sweep_inames = {"k_inner", "i_inner"}, .default_tag = "l.auto", .fetch_outer_inames = outer});
    tiled = loom::add_prefetch(tiled, "b",
                               {.sweep_inames = {"j_inner", "k_inner"}, .default_tag = "l.auto", .fetch_outer_inames = outer});

    std::cout << loom::generate_code(tiled, target).source << "\n";
    bool all_passed = true;
    for (int64_t n : {1, 16, 17, 100}) {
      loom::CheckOptions options;
      options.target = target;
      loom::CheckResult result = loom::check_against_reference(tiled, matmul, {{"n", n}}, options);
      std::cout << "n = " << n << ": " << (result.passed ? "passed" : "FAILED") << "\n" << result.report();
      all_passed = all_passed && result.passed;
    }
    return all_passed ? 0 : 1;
  } catch (const loom::EnvironmentError& error) {
    std::cerr << "tiled_matmul: " << error.what() << "\n";
    return 77;  // ctest: skipped (no OpenCL or CUDA device here)
  } catch (const loom::Error& error) {
    std::cerr << "tiled_matmul: " << error.what() << "\n";
    return 1;
  }
}
