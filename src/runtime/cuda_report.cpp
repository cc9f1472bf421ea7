// What NVRTC and ptxas make of generated CUDA code, without a GPU: the PTX, and each kernel's
// registers, spills and shared memory read from ptxas's verbose report (`loom compile --emit ptx`,
// `--emit cubin-info`, `loom explain`).
#include <regex>
#include <sstream>

#include "loom/error.hpp"
#include "loom/runtime.hpp"
#include "codegen/llvm_nvptx.hpp"
#include "runtime/cuda_driver.hpp"

namespace loom {

namespace {

DeviceKernelResources& entry_for(std::vector<DeviceKernelResources>& kernels, const std::string& name) {
  for (DeviceKernelResources& kernel : kernels) {
    if (kernel.name == name) return kernel;
  }
  kernels.push_back(DeviceKernelResources{.name = name});
  return kernels.back();
}


// ptxas does not always report (NVRTC 13.0 on an H200 machine returned an empty log for some
// kernels that it reports elsewhere); where the CUBIN is for the present GPU, the driver tells
// registers, local and static shared memory of the loaded kernels instead.
void fill_from_driver(const GeneratedCode& code, const std::string& arch, const std::vector<char>& cubin,
                      std::vector<DeviceKernelResources>& kernels) {
  const detail::CudaRuntime* runtime = nullptr;
  try {
    runtime = &detail::cuda_runtime();
  } catch (const EnvironmentError&) {
    return;  // no GPU here: ptxas's report is all there is
  }
  if (runtime->info.arch != arch || detail::cuda_context_poisoned()) return;
  detail::check_cu(runtime->api.cuCtxSetCurrent(runtime->context), "cuCtxSetCurrent", "a compile report");
  detail::CUmodule module = nullptr;
  detail::check_cu(runtime->api.cuModuleLoadData(&module, cubin.data()), "cuModuleLoadData", "a compile report");
  for (const DeviceKernel& device_kernel : code.device_kernels) {
    detail::CUfunction function = nullptr;
    if (runtime->api.cuModuleGetFunction(&function, module, device_kernel.name.c_str()) != detail::kCudaSuccess) continue;
    DeviceKernelResources& kernel = entry_for(kernels, device_kernel.name);
    auto attribute = [&](int which) {
      int value = -1;
      runtime->api.cuFuncGetAttribute(&value, which, function);
      return value;
    };
    kernel.registers = attribute(detail::kFuncNumRegs);
    kernel.local_bytes = attribute(detail::kFuncLocalSizeBytes);
    // Spills live in local memory: a kernel with none has spilled nothing.
    if (kernel.local_bytes == 0) kernel.spill_store_bytes = kernel.spill_load_bytes = 0;
    kernel.static_shared_bytes = attribute(detail::kFuncSharedSizeBytes);
    kernel.max_threads_per_block = attribute(detail::kFuncMaxThreadsPerBlock);
  }
  runtime->api.cuModuleUnload(module);
}

// What loom launches with beside the static shared memory ptxas reports.
void add_dynamic_shared(const GeneratedCode& code, std::vector<DeviceKernelResources>& kernels) {
  for (DeviceKernelResources& kernel : kernels) {
    for (const DeviceKernel& device_kernel : code.device_kernels) {
      if (device_kernel.name == kernel.name) kernel.dynamic_shared_bytes = device_kernel.dynamic_shared_bytes;
    }
  }
}

// The LLVM path's PTX is assembled by the driver's JIT, which is ptxas too: its verbose log has the
// same per-kernel lines as NVRTC's. So its report needs a GPU of `report.arch`.
CudaCompileReport llvm_ptx_report(const GeneratedCode& code, CudaCompileReport report, const std::string& subject) {
  std::string present;
  try {
    present = detail::cuda_device_info().arch;
  } catch (const EnvironmentError& error) {
    throw EnvironmentError("a compile report of the LLVM path's PTX needs a GPU (the driver's JIT assembles it): " +
                           std::string(error.what()));
  }
  if (present != report.arch) {
    throw EnvironmentError("a compile report of the LLVM path's PTX for " + report.arch + " needs a GPU of that architecture; this one is " +
                           present);
  }
  detail::PtxJitOutput output = detail::jit_ptx_with_report(code.source, subject);
  report.ptx = code.source;
  report.ptxas_log = output.info_log;
  report.kernels = detail::parse_ptxas_report(output.info_log);
  if (report.kernels.size() < code.device_kernels.size()) fill_from_driver(code, report.arch, output.cubin, report.kernels);
  add_dynamic_shared(code, report.kernels);
  return report;
}

}  // namespace

namespace detail {

// ptxas -v writes, per entry function:
//   ptxas info    : Compiling entry function 'k' for 'sm_90'
//   ptxas info    : Function properties for k
//   ptxas         .     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
//   ptxas info    : Used 8 registers, used 1 barriers, 1024 bytes smem, 384 bytes cmem[0]
std::vector<DeviceKernelResources> parse_ptxas_report(const std::string& log) {
  static const std::regex compiling(R"(Compiling entry function '([^']+)')");
  // The name may come quoted or with a colon (the driver JIT's log need not match ptxas -v's).
  static const std::regex properties(R"(Function properties for '?([^'\s:]+))");
  static const std::regex frame(R"((\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads)");
  // The driver's JIT (580 on an H200) writes one line per kernel, lower case, with no stack-frame
  // line: "used 55 registers, used 1 barriers, 0 stack, 3072 bytes smem, 552 bytes cmem[0], 0 bytes lmem".
  static const std::regex used(R"([Uu]sed (\d+) registers)");
  static const std::regex local_memory(R"((\d+) bytes lmem)");
  static const std::regex barriers(R"(used (\d+) barriers)");
  static const std::regex shared(R"((\d+) bytes smem)");
  std::vector<DeviceKernelResources> kernels;
  std::string current;
  std::istringstream lines(log);
  std::string line;
  std::smatch match;
  while (std::getline(lines, line)) {
    if (std::regex_search(line, match, compiling) || std::regex_search(line, match, properties)) {
      current = match[1];
      entry_for(kernels, current);
      continue;
    }
    if (current.empty()) continue;
    DeviceKernelResources& kernel = entry_for(kernels, current);
    if (std::regex_search(line, match, frame)) {
      kernel.local_bytes = std::stoll(match[1]) + std::stoll(match[2]);
      kernel.spill_store_bytes = std::stoll(match[2]);
      kernel.spill_load_bytes = std::stoll(match[3]);
    }
    if (std::regex_search(line, match, used)) {
      // ptxas leaves out the barriers and shared memory a kernel does not use.
      kernel.registers = std::stoi(match[1]);
      kernel.barriers = 0;
      kernel.static_shared_bytes = 0;
    }
    if (std::regex_search(line, match, local_memory)) {
      kernel.local_bytes = std::stoll(match[1]);
      // Spills live in local memory: a kernel with none has spilled nothing.
      if (kernel.local_bytes == 0) kernel.spill_store_bytes = kernel.spill_load_bytes = 0;
    }
    if (std::regex_search(line, match, barriers)) kernel.barriers = std::stoi(match[1]);
    if (std::regex_search(line, match, shared)) kernel.static_shared_bytes = std::stoll(match[1]);
  }
  return kernels;
}

}  // namespace detail

using detail::parse_ptxas_report;

std::string default_cuda_arch() {
  try {
    return detail::cuda_device_info().arch;
  } catch (const EnvironmentError&) {
    return "sm_90";  // no GPU here: the H100/H200 generation loom is tuned for
  }
}

CudaCompileReport cuda_compile_report(const GeneratedCode& code, const std::string& arch) {
  if (code.target != Target::CUDA) {
    throw Error("a CUDA compile report needs CUDA code; '" + code.function_name + "' was generated for target '" +
                std::string(target_name(code.target)) + "'");
  }
  CudaCompileReport report;
  report.arch = arch.empty() ? default_cuda_arch() : arch;
  static const std::regex valid_arch(R"(sm_\d+[af]?)");
  if (!std::regex_match(report.arch, valid_arch)) {
    throw Error("'" + report.arch + "' is not a CUDA architecture; write it as sm_90 (compute capability 9.0)");
  }
  std::string subject = "'" + code.function_name + "'";
  if (codegen::is_llvm_ptx(code.source)) return llvm_ptx_report(code, std::move(report), subject);
  detail::NvrtcOutput output = detail::nvrtc_compile(code.source, report.arch, subject, /*report=*/true);
  report.ptxas_log = output.log;
  report.kernels = parse_ptxas_report(output.log);
  if (report.kernels.size() < code.device_kernels.size()) fill_from_driver(code, report.arch, output.cubin, report.kernels);
  add_dynamic_shared(code, report.kernels);
  report.ptx = detail::nvrtc_ptx(code.source, report.arch, subject);
  return report;
}

}  // namespace loom
