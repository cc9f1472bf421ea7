// Compile-time benchmarks (CPU): how long loom takes from kernel text to generated source.
// Peer: benchmarks/compile/loopy_codegen_time.py measures loopy on the same kernel.
#include <benchmark/benchmark.h>

#include "loom/loom.hpp"

namespace {

loom::LoopKernel matmul() {
  return loom::make_kernel({"{[i,j,k]: 0<=i,j,k<n}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
                           {loom::array_arg("a, b, c", loom::DType::Float32, {"n", "n"})}, {.name = "matmul"});
}

void BM_MatmulParse(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(matmul());
}
BENCHMARK(BM_MatmulParse)->Unit(benchmark::kMillisecond);

// Parse + preprocess + linearize + isl AST + C source: loopy's make_kernel + generate_code_v2.
void BM_MatmulParseToC(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(loom::generate_code(matmul(), loom::Target::C));
}
BENCHMARK(BM_MatmulParseToC)->Unit(benchmark::kMillisecond);

void BM_MatmulCodegenOnly(benchmark::State& state) {
  loom::LoopKernel kernel = matmul();
  for (auto _ : state) benchmark::DoNotOptimize(loom::generate_code(kernel, loom::Target::C));
}
BENCHMARK(BM_MatmulCodegenOnly)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
