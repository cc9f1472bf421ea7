// Printing kernel statistics, and the roofline estimate built on them
// (include/loom/statistics.hpp).
#include <algorithm>
#include <cstdio>

#include "loom/error.hpp"
#include "loom/statistics.hpp"

namespace loom {

namespace {

std::string strides_text(const std::map<int, std::string>& strides) {
  std::string text = "{";
  for (const auto& [axis, value] : strides)
    text += (text.size() > 1 ? ", " : "") + std::to_string(axis) + ": " + value;
  return text + "}";
}

std::string count_text(const Count& count, const ParameterMap* parameters) {
  std::string text = count.str();
  if (!count.symbolic()) text += " [enumerated]";
  if (parameters) {
    try {
      text += "  = " + std::to_string(count.evaluate(*parameters));
    } catch (const Error& error) {
      text += "  (no value: " + std::string(error.what()) + ")";
    }
  }
  return text;
}

std::string format_seconds(double seconds) {
  char buffer[64];
  if (seconds >= 1)
    std::snprintf(buffer, sizeof buffer, "%.3f s", seconds);
  else if (seconds >= 1e-3)
    std::snprintf(buffer, sizeof buffer, "%.3f ms", seconds * 1e3);
  else
    std::snprintf(buffer, sizeof buffer, "%.3f us", seconds * 1e6);
  return buffer;
}

}  // namespace

std::string to_string(const KernelStatistics& statistics, const ParameterMap* parameters) {
  std::string text =
      "counts are symbolic in the parameters unless marked [enumerated] (counted at the given "
      "values)\n";
  text += "operations (per sub-group: instances without local inames x " +
          std::to_string(statistics.subgroups_per_group) + " sub-groups per work-group):\n";
  for (const auto& [key, count] : statistics.operations) {
    if (key.granularity != CountGranularity::SubGroup) continue;
    text += "  " + std::string(dtype_name(key.dtype)) + " " + key.name + ": " +
            count_text(count, parameters) + "\n";
  }
  text += "memory accesses:\n";
  for (const auto& [key, count] : statistics.memory_accesses) {
    text += "  " + std::string(memory_space_name(key.space)) + " " +
            std::string(dtype_name(key.dtype)) + " " + (key.is_store ? "store " : "load ") +
            key.variable + " lid_strides " + strides_text(key.lid_strides) + " gid_strides " +
            strides_text(key.gid_strides) + " per " +
            std::string(granularity_name(key.granularity)) + ": " + count_text(count, parameters) +
            "\n";
  }
  text += "synchronization:\n";
  text += "  kernel launches: " + count_text(statistics.kernel_launches, parameters) + "\n";
  text +=
      "  local barriers per work-item: " + count_text(statistics.local_barriers, parameters) + "\n";
  text += "  global barriers: " + count_text(statistics.global_barriers, parameters) + "\n";
  text += "totals:\n";
  text += "  flops (per work-item, all float operations): " +
          count_text(statistics.flops(), parameters) + "\n";
  text += "  global bytes accessed by instructions: " +
          count_text(statistics.global_bytes_accessed(), parameters) + "\n";
  text += "  global bytes compulsory (arrays read + arrays written): " +
          count_text(statistics.global_bytes_compulsory, parameters) + "\n";
  return text;
}

DevicePeaks device_peaks(const std::string& name) {
  if (name == "h100") return {"h100", 66900, 3350};
  if (name == "h200") return {"h200", 66900, 4800};
  if (name == "a100") return {"a100", 19500, 2039};
  if (name == "cpu") return {"cpu", 100, 20};
  throw Error("unknown device '" + name +
              "' for the roofline; known: h100, h200, a100, cpu (or give --peak-gflops and "
              "--bandwidth-gbs)");
}

RooflineEstimate roofline(const KernelStatistics& statistics, const ParameterMap& parameters,
                          const DevicePeaks& peaks) {
  if (peaks.gflops <= 0 || peaks.bandwidth_gbs <= 0)
    throw Error("roofline: peak GFLOP/s and bandwidth must be positive");
  RooflineEstimate estimate;
  estimate.flops = static_cast<double>(statistics.flops().evaluate(parameters));
  estimate.bytes = static_cast<double>(statistics.global_bytes_compulsory.evaluate(parameters));
  estimate.compute_s = estimate.flops / (peaks.gflops * 1e9);
  estimate.memory_s = estimate.bytes / (peaks.bandwidth_gbs * 1e9);
  estimate.bound_s = std::max(estimate.compute_s, estimate.memory_s);
  estimate.memory_bound = estimate.memory_s >= estimate.compute_s;
  estimate.intensity = estimate.bytes > 0 ? estimate.flops / estimate.bytes : 0;
  return estimate;
}

std::string to_string(const RooflineEstimate& estimate, const DevicePeaks& peaks) {
  char line[512];
  std::snprintf(line, sizeof line,
                "roofline (%s: %.0f GFLOP/s, %.0f GB/s): %.4g flops, %.4g bytes, %.3g flop/byte\n"
                "  compute bound %s, memory bound %s -> at least %s (%s-bound)\n",
                peaks.name.c_str(), peaks.gflops, peaks.bandwidth_gbs, estimate.flops,
                estimate.bytes, estimate.intensity, format_seconds(estimate.compute_s).c_str(),
                format_seconds(estimate.memory_s).c_str(), format_seconds(estimate.bound_s).c_str(),
                estimate.memory_bound ? "memory" : "compute");
  return line;
}

}  // namespace loom
