// Issue 25: the tuned SGEMM spec to CUDA source (transforms with their checks, then code
// generation), the figure `loom compile examples/memory/sgemm_tuned.json` spends. The spec is
// $LOOM_SGEMM_SPEC, else examples/memory/sgemm_tuned.json of this source tree; the "before" figure
// comes from this file built against main's library with main's spec (benchmarks/NOTES.md).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "loom/loom.hpp"
#include "spec/spec_cache.hpp"

namespace {

// $LOOM_SGEMM_SPEC, else the source tree's spec (__FILE__ may be relative to the build folder).
std::string spec_path() {
  if (const char* path = std::getenv("LOOM_SGEMM_SPEC")) return path;
  for (const std::filesystem::path& candidate :
       {std::filesystem::path(__FILE__).parent_path() / "../../examples/memory/sgemm_tuned.json",
        std::filesystem::path("examples/memory/sgemm_tuned.json"), std::filesystem::path("../examples/memory/sgemm_tuned.json")}) {
    if (std::filesystem::exists(candidate)) return candidate.string();
  }
  return "examples/memory/sgemm_tuned.json";
}

void BM_TunedSgemmSpecToCuda(benchmark::State& state) {
  std::string path = spec_path();
  for (auto _ : state) {
    loom::Spec spec = loom::read_spec_file(path);
    benchmark::DoNotOptimize(loom::generate_code(spec.kernel, loom::Target::CUDA));
  }
}
BENCHMARK(BM_TunedSgemmSpecToCuda)->Unit(benchmark::kMillisecond)->Repetitions(10)->ReportAggregatesOnly(true);

// Issue 26's "transforms with all legality checks" figure: reading the spec applies and checks
// every transform.
void BM_TunedSgemmTransformsChecked(benchmark::State& state) {
  std::string path = spec_path();
  for (auto _ : state) benchmark::DoNotOptimize(loom::read_spec_file(path));
}
BENCHMARK(BM_TunedSgemmTransformsChecked)->Unit(benchmark::kMillisecond)->Repetitions(10)->ReportAggregatesOnly(true);

void BM_TunedSgemmCodegenOnly(benchmark::State& state) {
  loom::Spec spec = loom::read_spec_file(spec_path());
  for (auto _ : state) benchmark::DoNotOptimize(loom::generate_code(spec.kernel, loom::Target::CUDA));
}
BENCHMARK(BM_TunedSgemmCodegenOnly)->Unit(benchmark::kMillisecond)->Repetitions(10)->ReportAggregatesOnly(true);

// Issue 26's cache-hit figure (target <= 1 ms in-process): what a spec-level hit costs loom before
// the launch: the entry read back into a kernel and its generated code (today this still parses
// the kernel's domains with isl). The entry is written once, under a temporary cache directory.
void BM_TunedSgemmSpecCacheHit(benchmark::State& state) {
  std::filesystem::path directory = std::filesystem::temp_directory_path() / "loom-bench-spec-cache";
  setenv("LOOM_CACHE_DIR", directory.c_str(), 1);
  loom::Spec spec = loom::read_spec_file(spec_path());
  std::ifstream file(spec_path());
  std::string text((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  std::string path = loom::detail::spec_cache_path(text, "bench cuda");
  if (!loom::detail::write_cached_kernel(path, spec.kernel, loom::generate_code(spec.kernel, loom::Target::CUDA))) {
    state.SkipWithError("the kernel does not round-trip through the spec cache");
    return;
  }
  for (auto _ : state) benchmark::DoNotOptimize(loom::detail::read_cached_kernel(path));
}
BENCHMARK(BM_TunedSgemmSpecCacheHit)->Unit(benchmark::kMillisecond)->Repetitions(10)->ReportAggregatesOnly(true);

}  // namespace
