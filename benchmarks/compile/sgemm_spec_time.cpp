// Issue 25: the tuned SGEMM spec to CUDA source (transforms with their checks, then code
// generation), the figure `loom compile examples/memory/sgemm_tuned.json` spends. The spec is
// $LOOM_SGEMM_SPEC, else examples/memory/sgemm_tuned.json of this source tree; the "before" figure
// comes from this file built against main's library with main's spec (benchmarks/NOTES.md).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>

#include "loom/loom.hpp"
#include "spec/spec_cache.hpp"
#include "spec/spec_support.hpp"

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

std::string spec_text() {
  std::ifstream file(spec_path());
  return std::string((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
}

// Issue 26's cache-hit figure (target <= 1 ms in-process): what a spec-level hit costs loom before
// the launch: the key (canonical spec), the entry read back into launch-only kernels and code, and
// the spec's name, transforms and test section read around them (no isl, no transform). The entry
// is written once, under a temporary cache directory.
void BM_TunedSgemmSpecCacheHit(benchmark::State& state) {
  std::filesystem::path directory = std::filesystem::temp_directory_path() / "loom-bench-spec-cache";
  setenv("LOOM_CACHE_DIR", directory.c_str(), 1);
  loom::Spec spec = loom::read_spec_file(spec_path());
  std::string text = spec_text();
  std::string path = loom::detail::spec_cache_path(text, "bench cuda");
  if (!loom::detail::write_cached_kernel(path, spec.kernel, spec.reference, loom::generate_code(spec.kernel, loom::Target::CUDA))) {
    state.SkipWithError("the kernel's assumptions cannot be cached");
    return;
  }
  for (auto _ : state) {
    std::optional<loom::detail::CachedKernel> cached = loom::detail::read_cached_kernel(loom::detail::spec_cache_path(text, "bench cuda"));
    if (!cached) {
      state.SkipWithError("no entry");
      return;
    }
    benchmark::DoNotOptimize(loom::read_spec_around(text, std::move(cached->reference)));
  }
}
BENCHMARK(BM_TunedSgemmSpecCacheHit)->Unit(benchmark::kMillisecond)->Repetitions(10)->ReportAggregatesOnly(true);

// The whole in-process hit on the C target: key, entry, spec around it and the cached shared
// object loaded (`loom run --target c` minus process start, inputs and the kernel's own run).
void BM_SpecCacheHitToLoadedC(benchmark::State& state) {
  std::filesystem::path directory = std::filesystem::temp_directory_path() / "loom-bench-spec-cache";
  setenv("LOOM_CACHE_DIR", directory.c_str(), 1);
  std::string text = spec_text();
  try {
    loom::detail::compile_spec(text, loom::Target::C);  // the miss writes the entry
  } catch (const loom::Error& error) {
    state.SkipWithError(error.what());  // e.g. local memory with barriers: not on the C target
    return;
  }
  for (auto _ : state) {
    loom::detail::SpecKernel hit = loom::detail::compile_spec(text, loom::Target::C);
    if (!hit.from_cache) {
      state.SkipWithError("not served from the spec cache");
      return;
    }
    benchmark::DoNotOptimize(hit);
  }
}
BENCHMARK(BM_SpecCacheHitToLoadedC)->Unit(benchmark::kMillisecond)->Repetitions(10)->ReportAggregatesOnly(true);

}  // namespace
