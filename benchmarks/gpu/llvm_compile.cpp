// Issue 30's compile-time figures on a GPU (benchmarks/gpu/run_llvm_path.sh): cold compile of a
// spec to a loaded module through each CUDA compiler, with every cache off (LOOM_NO_CACHE=1 is
// set here): read and transform the spec, generate code, then
// - nvrtc: CUDA C -> NVRTC -> CUBIN -> cuModuleLoadData;
// - llvm: loom's AST -> LLVM IR -> O3 -> PTX (libloom_llvm.so) -> the driver's JIT (cuLink*) ->
//   cuModuleLoadData.
// Each spec: one warm-up per compiler (library loading, the context), then the median and min of
// `repeats` compiles. Usage: loom_gpu_llvm_compile [repeats] spec.json... Prints JSON.
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>

#include "loom/loom.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using namespace loom;

double milliseconds_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double compile_ms(const std::string& path, CudaCompiler compiler) {
  Clock::time_point start = Clock::now();
  Spec spec = read_spec_file(path);
  CompiledKernel kernel = compile(spec.kernel, Target::CUDA, {.cuda_compiler = compiler});
  (void)kernel.resources();  // the module is loaded and its functions resolved
  return milliseconds_since(start);
}

}  // namespace

int main(int argc, char** argv) {
  setenv("LOOM_NO_CACHE", "1", 1);
  int repeats = argc > 1 ? std::atoi(argv[1]) : 5;
  nlohmann::json results = nlohmann::json::array();
  try {
    for (int i = 2; i < argc; ++i) {
      nlohmann::json row = {{"spec", argv[i]}};
      for (CudaCompiler compiler : {CudaCompiler::Nvrtc, CudaCompiler::Llvm}) {
        compile_ms(argv[i], compiler);  // warm-up
        std::vector<double> times;
        for (int r = 0; r < std::max(repeats, 1); ++r) times.push_back(compile_ms(argv[i], compiler));
        std::sort(times.begin(), times.end());
        std::string name(cuda_compiler_name(compiler));
        row[name + "_median_ms"] = times[times.size() / 2];
        row[name + "_min_ms"] = times.front();
      }
      row["speedup_median"] = row["nvrtc_median_ms"].get<double>() / row["llvm_median_ms"].get<double>();
      std::cerr << row.dump() << "\n";
      results.push_back(row);
    }
  } catch (const Error& error) {
    std::cerr << "error: " << error.what() << "\n";
    return 3;
  }
  std::cout << results.dump(1) << "\n";
  return 0;
}
