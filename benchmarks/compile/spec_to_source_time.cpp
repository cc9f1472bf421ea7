// Issue 26: cold spec → source for a list of specs, one benchmark each (CPU time, so the figure
// holds on a loaded machine). $LOOM_BENCH_SPECS names a file with one "PATH TARGET" line per spec
// (target cuda, opencl or c); benchmarks/compile/spec_compile_table.py writes it for every spec in
// examples/ and every conformance case, runs this with loopy beside it and writes the table.
// Without the variable nothing is registered. $LOOM_BENCH_REPETITIONS (default 10) sets the number
// of single runs per spec; a larger figure gives `perf record` enough samples of a small spec.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "loom/loom.hpp"

namespace {

loom::Target target_named(const std::string& name) {
  if (name == "c") return loom::Target::C;
  if (name == "opencl") return loom::Target::OpenCL;
  return loom::Target::CUDA;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Everything `loom compile` does in-process for a spec no cache knows: read it, apply its
// transforms with their legality checks, generate the code.
void spec_to_source(benchmark::State& state, const std::string& path, loom::Target target) {
  std::string text = read_text(path);
  for (auto _ : state) {
    try {
      loom::Spec spec = loom::read_spec(text);
      benchmark::DoNotOptimize(loom::generate_code(spec.kernel, target));
    } catch (const std::exception& error) {
      state.SkipWithError(error.what());
      break;
    }
  }
}

const bool registered = [] {
  const char* list = std::getenv("LOOM_BENCH_SPECS");
  if (list == nullptr) return false;
  std::ifstream in(list);
  const char* repetitions_text = std::getenv("LOOM_BENCH_REPETITIONS");
  int repetitions = repetitions_text != nullptr ? std::max(1, std::atoi(repetitions_text)) : 10;
  std::string path, target;
  while (in >> path >> target) {
    std::string name = "BM_SpecToSource/" + std::filesystem::path(path).stem().string() + "/" + target;
    benchmark::RegisterBenchmark(name.c_str(), spec_to_source, path, target_named(target))
        ->Unit(benchmark::kMillisecond)
        ->Repetitions(repetitions)
        ->Iterations(1)
        ->ReportAggregatesOnly(true);
  }
  return true;
}();

}  // namespace
