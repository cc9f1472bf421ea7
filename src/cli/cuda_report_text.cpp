#include "cli/cuda_report_text.hpp"

namespace loom::cli {

namespace {

std::string bytes(int64_t value) { return value < 0 ? "?" : std::to_string(value) + " B"; }

}  // namespace

std::string cuda_resources_text(const CudaCompileReport& report) {
  std::string text = "resources for " + report.arch + " (ptxas):\n";
  for (const DeviceKernelResources& kernel : report.kernels) {
    text += "kernel " + kernel.name + ": " + std::to_string(kernel.registers) + " registers, spill stores " +
            bytes(kernel.spill_store_bytes) + ", spill loads " + bytes(kernel.spill_load_bytes) + ", stack " +
            bytes(kernel.local_bytes < 0 ? -1 : kernel.local_bytes - std::max<int64_t>(kernel.spill_store_bytes, 0)) +
            ", shared " + bytes(kernel.static_shared_bytes) + " static + " + bytes(kernel.dynamic_shared_bytes) +
            " dynamic, " + std::to_string(std::max(kernel.barriers, 0)) + " barrier(s)\n";
  }
  return text;
}

}  // namespace loom::cli
