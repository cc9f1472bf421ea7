// `loom run SPEC`: runs the transformed kernel on the spec's test inputs; `--check` compares it
// with the untransformed kernel (SPEC.md), `--repeat N` times it.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <iostream>
#include <vector>

#include "analysis/compile_warnings.hpp"
#include "analysis/preprocess.hpp"
#include "cli/commands.hpp"
#include "cli/parameters.hpp"
#include "cli/progress.hpp"
#include "cli/spec_kernel.hpp"
#include "cli/targets.hpp"
#include "cli/timing.hpp"
#include "loom/check.hpp"
#include "loom/error.hpp"
#include "loom/runtime.hpp"
#include "loom/spec.hpp"
#include "loom/spec_check_options.hpp"
#include "runtime/host_cuda.hpp"
#include "tune/records.hpp"
#include "tune/tuner.hpp"

namespace loom::cli {

namespace {

CheckOptions check_options_for(const Spec& spec, Target target,
                               const std::optional<uint64_t>& seed) {
  CheckOptions options = check_options_from_test(spec.test, target);
  if (seed) options.seed = *seed;
  return options;
}

std::string parameters_text(const ParameterMap& parameters) {
  std::string out;
  for (const auto& [name, value] : parameters)
    out += (out.empty() ? "" : ", ") + name + "=" + std::to_string(value);
  return out.empty() ? "no parameters" : out;
}

std::string duration_text(double seconds) {
  char text[32];
  if (seconds < 1e-3)
    std::snprintf(text, sizeof text, "%.1f us", seconds * 1e6);
  else if (seconds < 1)
    std::snprintf(text, sizeof text, "%.3f ms", seconds * 1e3);
  else
    std::snprintf(text, sizeof text, "%.3f s", seconds);
  return text;
}

std::string timing_report(std::vector<double> seconds, const std::string& clock) {
  std::sort(seconds.begin(), seconds.end());
  std::size_t middle = seconds.size() / 2;
  double median =
      seconds.size() % 2 == 1 ? seconds[middle] : (seconds[middle - 1] + seconds[middle]) / 2;
  return "time: median " + duration_text(median) + ", min " + duration_text(seconds.front()) +
         " over " + std::to_string(seconds.size()) + " run(s) after 1 warm-up (" + clock + ")";
}

// `--tuned`: the spec with the transforms of the best tuning record for its kernel on this GPU at
// these sizes (docs/tuning.md).
Spec with_tuned_schedule(const RunOptions& options, Target target, const ParameterMap& parameters) {
  if (target != Target::CUDA) throw Error("--tuned: tuning records are for the cuda target");
  std::ifstream in(options.spec_path);
  std::stringstream text;
  text << in.rdbuf();
  tune::RecordStore store(options.db.value_or(tune::default_records_path()));
  std::string device = detail::cuda_device_info().name;
  std::optional<tune::Record> best = tune::tuned_record(text.str(), parameters, device, store);
  if (!best) {
    throw Error("--tuned: " + store.path() + " holds no measured record for this kernel on " + device + " at " +
                tune::sizes_json(parameters) + "; run loom tune first");
  }
  nlohmann::json spec = nlohmann::json::parse(text.str());
  spec["transforms"] = nlohmann::json::parse(best->schedule_json);
  std::cerr << "tuned: record " << best->id << " (" << best->params_json << ", " << *best->time_ms << " ms)\n";
  return read_spec(spec.dump());
}

void print_compile_warnings(const LoopKernel& kernel) {
  std::vector<std::string> warnings;
  try {
    warnings = compile_warnings(preprocess(kernel));
  } catch (const Error&) {
    return;  // the check or the compilation reports what is wrong
  }
  for (const std::string& warning : warnings) std::cerr << "warning: " << warning << "\n";
}

}  // namespace

int run_command(const RunOptions& options) {
  use_cuda_compiler(options.compiler);
  ProgressLine progress;
  Target target = choose_target(options.target, TargetUse::Run);
  RunDefines defines = parse_run_defines(options.defines);
  if (options.repeat && *options.repeat < 1) {
    throw Error("--repeat " + std::to_string(*options.repeat) +
                ": the number of timed runs must be at least 1");
  }

  progress.stage("reading " + options.spec_path);
  std::string spec_text = read_spec_text(options.spec_path);
  // Without --check and --tuned the spec level of the cache can skip transforms and code
  // generation (checks need the kernel's rewrite history; --tuned replaces the transforms).
  std::optional<detail::SpecKernel> cached;
  if (!options.check && !options.tuned) cached = compile_spec(spec_text, target);
  Spec spec = cached ? cached->spec : read_spec(spec_text);
  const LoopKernel& kernel = cached ? cached->kernel : spec.kernel;
  std::map<std::string, double> values = take_run_values(spec, defines);
  ParameterMap parameters = run_parameters(spec, defines.integers);
  // A floating-point value written as an integer in the spec ("beta": 3) is among the integer
  // parameters, which the check prefers; a -D value for it is in `values` and must win.
  for (const auto& [name, value] : values) parameters.erase(name);
  if (options.tuned) spec = with_tuned_schedule(options, target, parameters);
  check_parameters(spec.reference, parameters);
  check_parameters(options.tuned ? spec.kernel : kernel, parameters);
  CheckOptions check_options = check_options_for(spec, target, options.seed);
  check_options.values = values;
  std::string what = spec.name + " on target " + std::string(target_name(target)) + " (" +
                     parameters_text(parameters) + ")";

  // The warnings `loom compile` prints (an iname no instruction runs in: a time loop whose
  // instructions do not use it runs once), where the kernel is at hand whole: a user who checks
  // with `run --check` and never compiles saw "check passed" and no word of it.
  if (!cached) print_compile_warnings(spec.kernel);

  // Checked mode: each CUDA kernel is waited for, so a fault names the kernel that made it.
  if (options.check) set_synchronous_launches(true);
  if (options.check) {
    progress.stage("checking " + spec.name + " against its untransformed reference");
    CheckResult result =
        check_against_reference(spec.kernel, spec.reference, parameters, check_options);
    progress.finish();
    std::cout << result.report() << "check " << (result.passed ? "passed" : "FAILED") << ": "
              << what << ", seed " << result.seed << "\n";
    // Timing a kernel that computes the wrong thing would only mislead.
    if (!result.passed) return kCheckMismatch;
    if (!options.repeat) return kSuccess;
  }

  progress.stage("compiling " + spec.name);
  CompiledKernel program = cached ? cached->program : compile(spec.kernel, target);
  ArgumentMap arguments = make_test_arguments(cached ? cached->kernel : spec.kernel, parameters, check_options);
  progress.stage("running " + spec.name);
  if (!options.repeat) {
    program(arguments);
    progress.finish();
    std::cout << "ran " << what << "\n";
    return kSuccess;
  }
  bool on_gpu = target == Target::CUDA;
  std::vector<double> seconds = on_gpu ? time_cuda_launches(program, arguments, *options.repeat)
                                       : time_launches(program, arguments, *options.repeat);
  progress.finish();
  std::cout << what << ": " << timing_report(seconds, on_gpu ? "CUDA events, device arrays" : "host wall clock")
            << "\n";
  return kSuccess;
}

}  // namespace loom::cli
