// Issue 9's runtime figures on a GPU, for the side-by-side table with the peers
// (../shared/peers/gpu_peers.py runs in the same script: benchmarks/gpu/run_runtime.sh):
//
// - warm launch overhead of one small kernel (host time per launch, k launches then one
//   synchronization, the peers' method): raw cuLaunchKernel of the same CUBIN; a loom BoundLaunch;
//   CompiledKernel::operator() with DeviceArrays; with host Arrays (copies included);
// - compile times of a spec to a loaded module: cold (NVRTC), with the CUBIN cached (code
//   generation runs), and with the kernel level of the cache answering (no isl, no NVRTC).
//
// Prints JSON; writes it to $OUT/loom_runtime.json too when OUT is set.
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "loom/loom.hpp"
#include "runtime/cuda_driver.hpp"

namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;
using namespace loom;

double microseconds_since(Clock::time_point start) {
  return std::chrono::duration<double, std::micro>(Clock::now() - start).count();
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  std::size_t middle = values.size() / 2;
  return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

// Microseconds per launch: `launch` k times, then one synchronization; the median of 5 rounds.
template <typename Launch>
double per_launch_us(Launch&& launch, int k) {
  const detail::CudaRuntime& runtime = detail::cuda_runtime();
  for (int i = 0; i < 200; ++i) launch();
  runtime.api.cuCtxSynchronize();
  std::vector<double> rounds;
  for (int round = 0; round < 5; ++round) {
    Clock::time_point start = Clock::now();
    for (int i = 0; i < k; ++i) launch();
    runtime.api.cuCtxSynchronize();
    rounds.push_back(microseconds_since(start) / k);
  }
  return median(rounds);
}

// out[i] = 3*a[i] + b for 1024 elements (8 blocks of 128): the peers' small launch.
LoopKernel small_kernel() {
  LoopKernel kernel = make_kernel({"{[i]: 0<=i<n}"}, "out[i] = 3*a[i] + b",
                                  {array_arg("a, out", DType::Float32, {"n"}), value_arg("n"),
                                   value_arg("b", DType::Float32)},
                                  {.name = "small"});
  return split_iname(kernel, "i", 128, {.outer_tag = "g.0", .inner_tag = "l.0"});
}

nlohmann::json launch_overheads() {
  const detail::CudaRuntime& runtime = detail::cuda_runtime();
  constexpr int64_t n = 1024;
  constexpr int k = 20000;
  LoopKernel kernel = small_kernel();
  CompiledKernel program = compile(kernel, Target::CUDA);
  DeviceArray a = DeviceArray::from_host(Array(DType::Float32, {n})), out(DType::Float32, {n});
  ArgumentMap device_arguments = {{"a", a}, {"out", out}, {"n", Scalar(n)}, {"b", Scalar(1.0)}};

  // Raw: the same generated code, loaded and launched with the driver API alone.
  std::vector<char> cubin = detail::nvrtc_compile_to_cubin(program.code().source, runtime.info.arch, "raw");
  detail::CUmodule module = nullptr;
  detail::CUfunction function = nullptr;
  runtime.api.cuModuleLoadData(&module, cubin.data());
  runtime.api.cuModuleGetFunction(&function, module, program.code().device_kernels[0].name.c_str());
  detail::CUdeviceptr a_pointer = a.device_pointer(), out_pointer = out.device_pointer();
  int n_value = static_cast<int>(n);
  float b_value = 1.0f;
  std::vector<void*> parameters;
  for (const GeneratedArgument& argument : program.code().arguments) {
    if (argument.name == "a") parameters.push_back(&a_pointer);
    if (argument.name == "out") parameters.push_back(&out_pointer);
    if (argument.name == "n") parameters.push_back(&n_value);
    if (argument.name == "b") parameters.push_back(&b_value);
  }
  double raw = per_launch_us(
      [&] { runtime.api.cuLaunchKernel(function, 8, 1, 1, 128, 1, 1, 0, nullptr, parameters.data(), nullptr); }, k);

  BoundLaunch bound = program.bind(device_arguments);
  double bound_us = per_launch_us([&] { bound(); }, k);
  double by_name = per_launch_us([&] { program(device_arguments); }, k);
  Array host_a(DType::Float32, {n}), host_out(DType::Float32, {n});
  ArgumentMap host_arguments = {{"a", host_a}, {"out", host_out}, {"n", Scalar(n)}, {"b", Scalar(1.0)}};
  double host = per_launch_us([&] { program(host_arguments); }, 2000);
  runtime.api.cuModuleUnload(module);
  return {{"raw_cuLaunchKernel_us", raw},
          {"loom_bound_launch_us", bound_us},
          {"loom_launch_device_arrays_us", by_name},
          {"loom_launch_host_arrays_us", host},
          {"launches_per_round", k},
          {"elements", n}};
}

// Milliseconds from a spec file to a loaded module, for each cache state.
nlohmann::json compile_times(const std::string& spec_path) {
  std::string cache = (fs::temp_directory_path() / ("loom-bench-cache-" + std::to_string(getpid()))).string();
  setenv("LOOM_CACHE_DIR", cache.c_str(), 1);
  std::vector<double> cold, cubin_hit, kernel_hit, read_only;
  for (int round = 0; round < 5; ++round) {
    fs::remove_all(cache);
    Clock::time_point start = Clock::now();
    Spec spec = read_spec_file(spec_path);
    read_only.push_back(microseconds_since(start) / 1e3);
    compile(spec.kernel, Target::CUDA);
    cold.push_back(microseconds_since(start) / 1e3);
    fs::remove_all(fs::path(cache) / "cuda" / "kernels");  // keep the CUBINs only
    start = Clock::now();
    compile(read_spec_file(spec_path).kernel, Target::CUDA);
    cubin_hit.push_back(microseconds_since(start) / 1e3);
    start = Clock::now();
    compile(read_spec_file(spec_path).kernel, Target::CUDA);
    kernel_hit.push_back(microseconds_since(start) / 1e3);
  }
  fs::remove_all(cache);
  return {{"spec", spec_path},
          {"read_spec_and_transforms_ms", median(read_only)},
          {"cold_compile_ms", median(cold)},
          {"cubin_cached_ms", median(cubin_hit)},
          {"kernel_cached_ms", median(kernel_hit)}};
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const detail::CudaDeviceInfo& info = detail::cuda_device_info();
    nlohmann::json result = {{"device", info.name},
                             {"arch", info.arch},
                             {"driver", info.driver_version},
                             {"nvrtc", std::to_string(info.nvrtc_major) + "." + std::to_string(info.nvrtc_minor)}};
    result["launch"] = launch_overheads();
    for (int i = 1; i < argc; ++i) result["compile"].push_back(compile_times(argv[i]));
    std::string text = result.dump(1);
    std::cout << text << "\n";
    if (const char* out = std::getenv("OUT")) std::ofstream(fs::path(out) / "loom_runtime.json") << text << "\n";
  } catch (const std::exception& error) {
    std::cerr << "loom_gpu_launch_overhead: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
