#include "runtime/memory_preflight.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "loom/error.hpp"
#include "runtime/host_cuda.hpp"

namespace loom::detail {

namespace {

// A number from the first line of `path`, or -1 ("max" and missing files included).
int64_t read_number(const char* path) {
  std::ifstream file(path);
  int64_t value = -1;
  if (!(file >> value)) return -1;
  return value;
}

int64_t meminfo_available_bytes() {
  std::ifstream file("/proc/meminfo");
  std::string key;
  int64_t kilobytes = 0;
  std::string unit;
  while (file >> key >> kilobytes >> unit) {
    if (key == "MemAvailable:") return kilobytes * 1024;
  }
  return -1;
}

std::string gigabytes(int64_t bytes) {
  char text[48];
  if (bytes >= (int64_t{1} << 30))
    std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / (1 << 30));
  else
    std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
  return text;
}

// Elements of an array with `shape`; nullopt on int64 overflow.
std::optional<int64_t> element_count(const std::vector<ExprPtr>& shape,
                                     const ParameterMap& parameters) {
  int64_t elements = 1;
  for (const ExprPtr& extent : shape) {
    int64_t value = std::max<int64_t>(evaluate_integer(*extent, parameters), 0);
    if (__builtin_mul_overflow(elements, value, &elements)) return std::nullopt;
  }
  return elements;
}

void add(MemoryDemand& demand, const std::string& what, std::optional<int64_t> elements,
         int64_t element_bytes) {
  int64_t bytes = 0;
  if (!elements || __builtin_mul_overflow(*elements, element_bytes, &bytes) ||
      __builtin_add_overflow(demand.bytes, bytes, &demand.bytes)) {
    throw EnvironmentError(
        what + " has more bytes than a 64-bit size can count at these parameter values");
  }
  demand.largest.emplace_back(what, bytes);
}

int64_t element_size(DType dtype, bool promote_floats) {
  return promote_floats && is_floating(dtype) ? 8 : static_cast<int64_t>(dtype_size(dtype));
}

std::string demand_text(const MemoryDemand& demand) {
  std::vector<std::pair<std::string, int64_t>> largest = demand.largest;
  std::sort(largest.begin(), largest.end(),
            [](const auto& a, const auto& b) { return a.second > b.second; });
  std::string text;
  for (std::size_t i = 0; i < largest.size() && i < 4; ++i)
    text += (text.empty() ? "" : ", ") + largest[i].first + " " + gigabytes(largest[i].second);
  if (largest.size() > 4) text += ", ...";
  return text;
}

}  // namespace

int64_t available_host_memory_bytes() {
  int64_t available = meminfo_available_bytes();
  int64_t limit = read_number("/sys/fs/cgroup/memory.max");
  int64_t used = read_number("/sys/fs/cgroup/memory.current");
  if (limit > 0 && used >= 0) {
    int64_t left = std::max<int64_t>(limit - used, 0);
    available = available < 0 ? left : std::min(available, left);
  }
  return available;
}

void add_array_demand(MemoryDemand& demand, const LoopKernel& kernel,
                      const ParameterMap& parameters, bool promote_floats,
                      const std::string& label) {
  for (const KernelArgument& arg : kernel.args) {
    if (!arg.is_array() || arg.shape_is_auto || !arg.dtype) continue;
    add(demand, label + arg.name, element_count(arg.shape, parameters),
        element_size(*arg.dtype, promote_floats));
  }
  for (const Temporary& temporary : kernel.temporaries) {
    if (temporary.address_space != AddressSpace::Global || !temporary.dtype) continue;
    std::optional<int64_t> elements;
    try {
      elements = element_count(temporary.shape, parameters);
    } catch (const Error&) {
      continue;  // a shape in names that are no parameters: sized later, at the launch
    }
    add(demand, label + temporary.name, elements, element_size(*temporary.dtype, promote_floats));
  }
}

void preflight_memory(const MemoryDemand& host, const MemoryDemand& device, Target target,
                      const std::string& what) {
  int64_t available = available_host_memory_bytes();
  if (available >= 0 && host.bytes > available) {
    throw EnvironmentError(what + " needs " + gigabytes(host.bytes) +
                           " of host memory for its arrays (" + demand_text(host) + "); " +
                           gigabytes(available) +
                           " are available. Choose smaller parameter values.");
  }
  if (target != Target::CUDA || device.bytes == 0) return;
  int64_t free = cuda_free_memory_bytes();
  if (device.bytes > free) {
    throw EnvironmentError(what + " needs " + gigabytes(device.bytes) +
                           " of GPU memory for its arrays (" + demand_text(device) +
                           "); the GPU has " + gigabytes(free) +
                           " free. Choose smaller parameter values.");
  }
}

}  // namespace loom::detail
