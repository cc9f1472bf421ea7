// Cost of transforms and their legality checks (issue: "a few milliseconds" on a split-and-tagged
// matmul), and of code generation after them.
#include <benchmark/benchmark.h>

#include "analysis/checks.hpp"
#include "analysis/dependences.hpp"
#include "loom/loom.hpp"

namespace {

loom::LoopKernel matmul() {
  return loom::make_kernel({"{[i,j,k]: 0<=i,j,k<n}"}, "c[i, j] = sum(k, a[i, k]*b[k, j])",
                           {loom::array_arg("a, b, c", loom::DType::Float32, {"n", "n"})}, {.name = "matmul"});
}

loom::LoopKernel split_and_tagged(const loom::LoopKernel& kernel) {
  loom::LoopKernel k = loom::split_iname(kernel, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.1"});
  k = loom::split_iname(k, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.0"});
  return loom::split_iname(k, "k", 16);
}

// Three splits with four parallel tags: every step traces dependences and runs all checks.
void BM_SplitAndTagMatmul(benchmark::State& state) {
  loom::LoopKernel kernel = matmul();
  for (auto _ : state) benchmark::DoNotOptimize(split_and_tagged(kernel));
}
BENCHMARK(BM_SplitAndTagMatmul)->Unit(benchmark::kMillisecond);

// The same transforms with unchecked=true: the difference is the cost of the checks.
void BM_SplitAndTagMatmulUnchecked(benchmark::State& state) {
  loom::LoopKernel kernel = matmul();
  for (auto _ : state) {
    loom::LoopKernel k = loom::split_iname(kernel, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.1", .unchecked = true});
    k = loom::split_iname(k, "j", 16, {.outer_tag = "g.1", .inner_tag = "l.0", .unchecked = true});
    benchmark::DoNotOptimize(loom::split_iname(k, "k", 16, {.unchecked = true}));
  }
}
BENCHMARK(BM_SplitAndTagMatmulUnchecked)->Unit(benchmark::kMillisecond);

// One full round of checks on the transformed kernel.
void BM_AllChecksOnTransformedMatmul(benchmark::State& state) {
  loom::LoopKernel kernel = split_and_tagged(matmul());
  for (auto _ : state) {
    loom::check_dependences(kernel, "bench");
    loom::check_kernel(kernel, "bench");
  }
}
BENCHMARK(BM_AllChecksOnTransformedMatmul)->Unit(benchmark::kMillisecond);

void BM_ComputeDependences(benchmark::State& state) {
  loom::LoopKernel kernel = matmul();
  for (auto _ : state) benchmark::DoNotOptimize(loom::compute_dependences(kernel));
}
BENCHMARK(BM_ComputeDependences)->Unit(benchmark::kMillisecond);

// Issue target (< 20 ms): apply split/tag/prioritize to matmul and generate code.
void BM_TransformAndGenerateMatmul(benchmark::State& state) {
  loom::LoopKernel kernel = matmul();
  for (auto _ : state) {
    loom::LoopKernel k = loom::prioritize_loops(split_and_tagged(kernel), "i_outer, j_outer, k_outer");
    benchmark::DoNotOptimize(loom::generate_code(k, loom::Target::C));
  }
}
BENCHMARK(BM_TransformAndGenerateMatmul)->Unit(benchmark::kMillisecond);

// The same for the GPU targets the g/l tags are meant for: hardware inames are isl parameters, so
// isl generates a 2-deep nest (k_outer, k_inner) instead of the C target's 6-deep one.
void BM_TransformAndGenerateMatmulGpu(benchmark::State& state) {
  loom::LoopKernel kernel = matmul();
  loom::Target target = state.range(0) == 0 ? loom::Target::CUDA : loom::Target::OpenCL;
  state.SetLabel(state.range(0) == 0 ? "cuda" : "opencl");
  for (auto _ : state) {
    loom::LoopKernel k = loom::prioritize_loops(split_and_tagged(kernel), "i_outer, j_outer, k_outer");
    benchmark::DoNotOptimize(loom::generate_code(k, target));
  }
}
BENCHMARK(BM_TransformAndGenerateMatmulGpu)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

}  // namespace
