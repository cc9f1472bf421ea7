// The GPU kernel benchmark (issue 13's harness; benchmarks/gpu/run_kernels.sh runs it with the
// peers and benchmarks/gpu/report.py): for each kernel of benchmarks/gpu/kernels.json,
//  1. checks the spec's kernel against its untransformed reference at the reduced size, through
//     CUDA (SPEC.md's run --check);
//  2. at full size, fills the arrays as the checker does (same seed), copies them to the device,
//     and times the kernel with CUDA events: the median of many launches after warm-up, rotating
//     over several copies of the arrays when one set would stay in L2;
//  3. writes every array before and after one launch (raw bytes, as laid out) to OUT/<kernel>/,
//     so that report.py can check the full-size result against float64 torch on the GPU;
//  4. reports time, GB/s or TFLOP/s, and the driver's registers, local memory, shared memory and
//     occupancy per device kernel.
// Usage: loom_gpu_kernel_benchmarks KERNELS.json OUT [name ...]   (writes OUT/loom_kernels.json;
// LOOM_BENCH_DUMP=0 skips step 3)
#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "lang/instruction_parser.hpp"
#include "loom/loom.hpp"
#include "runtime/host_cuda.hpp"

namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using namespace loom;

constexpr int kWarmups = 5;
constexpr int kTimedLaunches = 50;

ParameterMap parameters_from(const json& object) {
  ParameterMap parameters;
  for (const auto& [name, value] : object.items()) parameters[name] = value.get<int64_t>();
  return parameters;
}

double evaluate(const std::string& text, const ParameterMap& parameters) {
  return static_cast<double>(evaluate_integer(*lang::parse_expression(text), parameters));
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  std::size_t middle = values.size() / 2;
  return values.size() % 2 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

// Copies of the arguments on the device, enough sets that the ones in flight never all fit in L2.
std::vector<ArgumentMap> device_sets(const ArgumentMap& host, std::size_t array_bytes) {
  std::size_t l2 = static_cast<std::size_t>(detail::cuda_device_info().l2_cache_bytes);
  std::size_t sets = array_bytes >= 2 * l2 ? 1 : std::min<std::size_t>(16, (4 * l2) / std::max<std::size_t>(array_bytes, 1) + 1);
  std::vector<ArgumentMap> all(sets);
  for (ArgumentMap& set : all) {
    for (const auto& [name, value] : host) {
      if (const auto* array = std::get_if<Array>(&value))
        set[name] = DeviceArray::from_host(*array);
      else
        set[name] = value;
    }
  }
  return all;
}

json shape_json(const Array& array) { return {{"shape", array.shape()}, {"strides", array.strides()}}; }

// Raw bytes of every array before (<name>.in.bin) and after (<name>.out.bin) one launch.
json dump_arrays(const ArgumentMap& host, const CompiledKernel& program, const fs::path& folder) {
  fs::create_directories(folder);
  json manifest;
  for (const auto& [name, value] : host) {
    if (const auto* array = std::get_if<Array>(&value)) {
      std::ofstream(folder / (name + ".in.bin"), std::ios::binary)
          .write(static_cast<const char*>(array->data()), static_cast<std::streamsize>(array->nbytes_spanned()));
      manifest["arrays"][name] = shape_json(*array);
      manifest["arrays"][name]["dtype"] = std::string(dtype_name(array->dtype()));
    } else {
      const Scalar& scalar = std::get<Scalar>(value);
      manifest["scalars"][name] = std::holds_alternative<int64_t>(scalar) ? json(std::get<int64_t>(scalar))
                                                                           : json(std::get<double>(scalar));
    }
  }
  ArgumentMap copy;
  for (const auto& [name, value] : host) {
    const auto* array = std::get_if<Array>(&value);
    copy[name] = array != nullptr ? ArgumentValue(array->clone()) : value;
  }
  program(copy);  // host arrays: copied in, launched, copied back
  for (const auto& [name, value] : copy) {
    if (const auto* array = std::get_if<Array>(&value)) {
      std::ofstream(folder / (name + ".out.bin"), std::ios::binary)
          .write(static_cast<const char*>(array->data()), static_cast<std::streamsize>(array->nbytes_spanned()));
    }
  }
  return manifest;
}

json resources_json(const CompiledKernel& program) {
  json all = json::array();
  for (const DeviceKernelResources& kernel : program.resources()) {
    all.push_back({{"name", kernel.name},
                   {"registers", kernel.registers},
                   {"local_bytes", kernel.local_bytes},
                   {"static_shared_bytes", kernel.static_shared_bytes},
                   {"dynamic_shared_bytes", kernel.dynamic_shared_bytes},
                   {"occupancy", kernel.occupancy}});
  }
  return all;
}

json benchmark(const json& entry, const fs::path& out) {
  std::string name = entry.at("name");
  std::cerr << "loom_gpu_kernel_benchmarks: " << name << "\n";
  json result = {{"name", name}, {"spec", entry.at("spec")}};
  Spec spec = read_spec_file(entry.at("spec").get<std::string>());
  CheckOptions check;
  check.target = Target::CUDA;
  check.inputs = spec.test.inputs;
  CheckResult checked = check_against_reference(spec.kernel, spec.reference, parameters_from(entry.at("check")), check);
  result["check_passed"] = checked.passed;
  result["check_report"] = checked.report();

  ParameterMap size = parameters_from(entry.at("size"));
  result["size"] = entry.at("size");
  CompiledKernel program = compile(spec.kernel, Target::CUDA);
  ArgumentMap host = make_test_arguments(spec.kernel, size, check);
  std::size_t array_bytes = 0;
  for (const auto& [arg, value] : host) {
    if (const auto* array = std::get_if<Array>(&value)) array_bytes += array->nbytes_spanned();
  }
  std::vector<ArgumentMap> sets = device_sets(host, array_bytes);
  std::vector<BoundLaunch> launches;
  for (const ArgumentMap& set : sets) launches.push_back(program.bind(set));
  for (int i = 0; i < kWarmups; ++i) launches[static_cast<std::size_t>(i) % launches.size()]();
  std::vector<double> milliseconds;
  for (int i = 0; i < kTimedLaunches; ++i) {
    Event start, end;
    start.record();
    launches[static_cast<std::size_t>(i) % launches.size()]();
    end.record();
    milliseconds.push_back(Event::elapsed_ms(start, end));
  }
  double seconds = median(milliseconds) / 1e3;
  result["median_ms"] = median(milliseconds);
  result["min_ms"] = *std::min_element(milliseconds.begin(), milliseconds.end());
  result["rotated_sets"] = sets.size();
  if (entry.contains("bytes")) result["GBps"] = evaluate(entry["bytes"], size) / seconds / 1e9;
  if (entry.contains("flops")) result["TFLOPs"] = evaluate(entry["flops"], size) / seconds / 1e12;
  result["resources"] = resources_json(program);
  sets.clear();
  launches.clear();
  // LOOM_BENCH_DUMP=0: timings only (run_llvm_gap.sh; writing the arrays takes longer than timing them).
  const char* dump = std::getenv("LOOM_BENCH_DUMP");
  if (dump == nullptr || std::string(dump) != "0") result["arrays"] = dump_arrays(host, program, out / name);
  return result;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: loom_gpu_kernel_benchmarks KERNELS.json OUT [name ...]\n";
    return 2;
  }
  try {
    json list = json::parse(std::ifstream(argv[1]));
    fs::path out = argv[2];
    std::vector<std::string> only(argv + 3, argv + argc);
    const detail::CudaDeviceInfo& info = detail::cuda_device_info();
    json results = {{"device", info.name}, {"arch", info.arch}, {"driver", info.driver_version}, {"kernels", json::array()}};
    for (const json& entry : list.at("kernels")) {
      if (!only.empty() && std::find(only.begin(), only.end(), entry.at("name").get<std::string>()) == only.end()) continue;
      try {
        results["kernels"].push_back(benchmark(entry, out));
      } catch (const Error& error) {
        results["kernels"].push_back({{"name", entry.at("name")}, {"error", error.what()}});
        if (dynamic_cast<const CudaError*>(&error) != nullptr) break;  // the context may be gone
      }
    }
    std::ofstream(out / "loom_kernels.json") << results.dump(1) << "\n";
    std::cout << results.dump(1) << "\n";
  } catch (const std::exception& error) {
    std::cerr << "loom_gpu_kernel_benchmarks: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
