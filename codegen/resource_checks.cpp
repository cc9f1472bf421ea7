#include "codegen/resource_checks.hpp"

#include <algorithm>

#include "ir/layout.hpp"
#include "loom/error.hpp"

namespace loom::codegen {

namespace {

constexpr const char* kAxisLetters[3] = {"x", "y", "z"};

std::string axis_name(int axis) { return "l." + std::to_string(axis); }

// The l.N inames of the launch, widest first (the first is the one worth splitting).
std::vector<HardwareIname> local_inames(const LaunchShape& launch) {
  std::vector<HardwareIname> inames;
  for (const HardwareIname& hw : launch.inames) {
    if (hw.local) inames.push_back(hw);
  }
  std::stable_sort(
      inames.begin(), inames.end(),
      [](const HardwareIname& a, const HardwareIname& b) { return a.length > b.length; });
  return inames;
}

// "l.0 iname 'i_inner' (256)"
std::string describe(const HardwareIname& hw) {
  return axis_name(hw.axis) + " iname '" + hw.iname + "' (" + std::to_string(hw.length) + ")";
}

std::string describe_all(const std::vector<HardwareIname>& inames) {
  std::string text;
  for (const HardwareIname& hw : inames) text += (text.empty() ? "" : ", ") + describe(hw);
  return text;
}

// The largest power of two that is at most `length * allowed / needed`: an inner length that
// brings `needed` down to `allowed` when `length` is split.
int64_t suggested_inner_length(int64_t length, int64_t needed, int64_t allowed) {
  int64_t target = std::max<int64_t>(1, length * allowed / needed);
  int64_t power = 1;
  while (power * 2 <= target) power *= 2;
  return power;
}

// split_iname refuses a tagged iname, so the fix untags it first; splitting the iname it was
// made from with a smaller inner length does the same.
std::string split_call(const HardwareIname& hw, int64_t inner_length) {
  return "untag_inames(\"" + hw.iname + "\") then split_iname(\"" + hw.iname + "\", " +
         std::to_string(inner_length) + ", inner_tag=\"" + axis_name(hw.axis) + "\")";
}

void check_axis_sizes(const std::string& subject, const LaunchShape& launch,
                      const DeviceLimits& limits) {
  for (int axis = 0; axis < 3; ++axis) {
    int64_t size = launch.block[static_cast<std::size_t>(axis)];
    int64_t allowed = limits.max_block_size[static_cast<std::size_t>(axis)];
    if (size <= allowed) continue;
    std::vector<HardwareIname> on_axis;
    for (const HardwareIname& hw : local_inames(launch)) {
      if (hw.axis == axis && hw.length > allowed) on_axis.push_back(hw);
    }
    LOOM_ASSERT(!on_axis.empty(), "block size along " + axis_name(axis) + " has no iname");
    const HardwareIname& widest = on_axis.front();
    throw Error(subject + " needs " + std::to_string(size) + " work-items along " +
                axis_name(axis) + " (block dimension " + kAxisLetters[axis] + "), more than the " +
                std::to_string(allowed) + " that " + limits.device +
                " allows: " + describe_all(on_axis) + ". Split '" + widest.iname + "' (" +
                split_call(widest, suggested_inner_length(widest.length, size, allowed)) +
                ", or split the iname it came from with a smaller inner length) or tag it with "
                "another l axis");
  }
}

void check_threads_per_block(const std::string& subject, const LaunchShape& launch,
                             const DeviceLimits& limits) {
  int64_t threads = launch.block[0] * launch.block[1] * launch.block[2];
  if (threads <= limits.max_threads_per_block) return;
  std::vector<HardwareIname> inames = local_inames(launch);
  LOOM_ASSERT(!inames.empty(), "a work-group of several work-items has no l.N iname");
  const HardwareIname& widest = inames.front();
  throw Error(subject + " needs work-groups of " + std::to_string(threads) + " work-items (" +
              std::to_string(launch.block[0]) + " x " + std::to_string(launch.block[1]) + " x " +
              std::to_string(launch.block[2]) + " along l.0, l.1, l.2), more than the " +
              std::to_string(limits.max_threads_per_block) + " per work-group that " +
              limits.device + " allows: " + describe_all(inames) + ". Split " + describe(widest) +
              " so that its outer part is " + "a loop: " +
              split_call(widest, suggested_inner_length(widest.length, threads,
                                                        limits.max_threads_per_block)) +
              " (or split the iname it came from with a smaller inner length)");
}

// "'a_fetch' (float32 [16, 256], 16384 bytes)"
std::string describe(const Temporary& temporary) {
  std::string shape;
  for (const ExprPtr& extent : temporary.shape)
    shape += (shape.empty() ? "" : ", ") + to_string(extent);
  return "'" + temporary.name + "' (" + std::string(dtype_name(*temporary.dtype)) +
         (shape.empty() ? "" : " [" + shape + "]") + ", " +
         std::to_string(temporary_bytes(temporary)) + " bytes)";
}

void check_local_memory(const std::string& subject, const LocalMemoryUse& use,
                        const DeviceLimits& limits) {
  if (use.bytes <= limits.max_local_memory_bytes) return;
  std::vector<const Temporary*> largest_first = use.temporaries;
  std::stable_sort(largest_first.begin(), largest_first.end(),
                   [](const Temporary* a, const Temporary* b) {
                     return temporary_bytes(*a) > temporary_bytes(*b);
                   });
  std::string listed;
  for (const Temporary* temporary : largest_first)
    listed += (listed.empty() ? "" : ", ") + describe(*temporary);
  LOOM_ASSERT(!largest_first.empty(), "local memory without local temporaries");
  throw Error(subject + " needs " + std::to_string(use.bytes) +
              " bytes of local (shared) memory per work-group, " + "more than the " +
              std::to_string(limits.max_local_memory_bytes) + " that " + limits.device +
              " allows: " + listed + ". Make '" + largest_first.front()->name +
              "' smaller (fetch a smaller tile: split the inames its footprint spans into smaller "
              "pieces) or " +
              "keep it in global memory");
}

}  // namespace

int64_t temporary_bytes(const Temporary& temporary) {
  if (!temporary.dim_tags.empty()) {
    return temporary_storage_extent(temporary) * static_cast<int64_t>(dtype_size(*temporary.dtype));
  }
  int64_t elements = 1;
  for (const ExprPtr& extent : temporary.shape) {
    LOOM_ASSERT(extent->kind == ExprKind::IntLiteral,
                "local temporary '" + temporary.name + "' has a non-constant shape");
    elements *= extent->int_value;
  }
  return elements * static_cast<int64_t>(dtype_size(*temporary.dtype));
}

void check_resources(const LoopKernel& kernel, const std::string& device_kernel,
                     const LaunchShape& launch, const LocalMemoryUse& local_memory,
                     const DeviceLimits& limits) {
  std::string subject = "kernel '" + device_kernel + "'" +
                        (device_kernel == kernel.name ? "" : " (of '" + kernel.name + "')");
  check_axis_sizes(subject, launch, limits);
  check_threads_per_block(subject, launch, limits);
  check_local_memory(subject, local_memory, limits);
}

}  // namespace loom::codegen
