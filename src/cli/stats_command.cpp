// `loom stats SPEC [-D n=...]`: the transformed kernel's statistics (operations, memory accesses
// with their strides, barriers, launches, bytes; include/loom/statistics.hpp) and a roofline
// estimate for a device; with --measure, the measured time beside it.
#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/parameters.hpp"
#include "cli/progress.hpp"
#include "cli/targets.hpp"
#include "cli/timing.hpp"
#include "loom/check.hpp"
#include "loom/error.hpp"
#include "loom/runtime.hpp"
#include "loom/spec.hpp"
#include "loom/spec_check_options.hpp"
#include "loom/statistics.hpp"
#include "runtime/host_cuda.hpp"

namespace loom::cli {

namespace {

// The device's peaks: --peak-gflops/--bandwidth-gbs where given, over --device's built-in ones;
// without --device, the present GPU's (H100, H200, A100 by name), else h100.
DevicePeaks chosen_peaks(const StatsOptions& options, Target target) {
  std::string device = options.device.value_or("");
  if (device.empty() && target == Target::CUDA) {
    try {
      std::string name = detail::cuda_device_info().name;
      if (name.find("H200") != std::string::npos)
        device = "h200";
      else if (name.find("A100") != std::string::npos)
        device = "a100";
    } catch (const EnvironmentError&) {
      // No GPU here: the estimate is for the default device.
    }
  }
  if (device.empty()) device = target == Target::CUDA || !options.measure ? "h100" : "cpu";
  DevicePeaks peaks = device_peaks(device);
  if (options.peak_gflops) peaks.gflops = *options.peak_gflops;
  if (options.bandwidth_gbs) peaks.bandwidth_gbs = *options.bandwidth_gbs;
  if (options.peak_gflops || options.bandwidth_gbs) peaks.name += " (overridden)";
  return peaks;
}

// Median seconds of `repeat` runs on `target`, after a warm-up (the inputs of `loom run`).
double measure(const Spec& spec, Target target, const ParameterMap& parameters, int repeat) {
  CheckOptions inputs = check_options_from_test(spec.test, target);
  CompiledKernel program = compile(spec.kernel, target);
  ArgumentMap arguments = make_test_arguments(spec.kernel, parameters, inputs);
  std::vector<double> seconds = target == Target::CUDA
                                    ? time_cuda_launches(program, arguments, repeat)
                                    : time_launches(program, arguments, repeat);
  return median_seconds(seconds);
}

nlohmann::json json_report(const Spec& spec, const ParameterMap& parameters,
                           const KernelStatistics& stats, const RooflineEstimate& estimate,
                           const DevicePeaks& peaks, std::optional<double> measured) {
  nlohmann::json report = {
      {"kernel", spec.name},
      {"parameters", parameters},
      {"device", peaks.name},
      {"peak_gflops", peaks.gflops},
      {"bandwidth_gbs", peaks.bandwidth_gbs},
      {"flops", estimate.flops},
      {"flops_symbolic", stats.flops().str()},
      {"bytes", estimate.bytes},
      {"bytes_accessed", static_cast<double>(stats.global_bytes_accessed().evaluate(parameters))},
      {"compute_s", estimate.compute_s},
      {"memory_s", estimate.memory_s},
      {"estimate_s", estimate.bound_s},
      {"bound", estimate.memory_bound ? "memory" : "compute"}};
  if (measured) {
    report["measured_s"] = *measured;
    report["measured_over_estimate"] = *measured / estimate.bound_s;
  }
  return report;
}

}  // namespace

int stats_command(const StatsOptions& options) {
  ProgressLine progress;
  ParameterMap defines = parse_defines(options.defines);
  progress.stage("reading " + options.spec_path);
  Spec spec = read_spec_file(options.spec_path);
  ParameterMap parameters = run_parameters(spec, defines);
  progress.stage("counting " + spec.name);
  KernelStatisticsOptions stats_options;
  stats_options.subgroup_size = options.subgroup_size;
  KernelStatistics stats = kernel_statistics(spec.kernel, stats_options);
  Target target =
      choose_target(options.target, options.measure ? TargetUse::Run : TargetUse::Compile);
  DevicePeaks peaks = chosen_peaks(options, target);
  check_parameters(spec.kernel, parameters);
  RooflineEstimate estimate = roofline(stats, parameters, peaks);
  std::optional<double> measured;
  if (options.measure) {
    progress.stage("timing " + spec.name + " on " + std::string(target_name(target)));
    measured = measure(spec, target, parameters, options.repeat);
  }
  progress.finish();
  if (options.json) {
    std::cout << json_report(spec, parameters, stats, estimate, peaks, measured).dump(2) << "\n";
    return kSuccess;
  }
  std::string values;
  for (const auto& [name, value] : parameters)
    values += (values.empty() ? "" : ", ") + name + "=" + std::to_string(value);
  std::cout << "statistics of " << spec.name << " (" << (values.empty() ? "no parameters" : values)
            << ")\n"
            << to_string(stats, &parameters) << to_string(estimate, peaks);
  if (measured) {
    char line[200];
    std::snprintf(line, sizeof line, "measured on %s: %.4g ms (median of %d), %.2fx the estimate\n",
                  std::string(target_name(target)).c_str(), *measured * 1e3, options.repeat,
                  *measured / estimate.bound_s);
    std::cout << line;
  }
  return kSuccess;
}

}  // namespace loom::cli
