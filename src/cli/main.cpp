// The `loom` command (SPEC.md "The command"): option parsing and the mapping of errors to exit
// codes. The subcommands themselves live in <name>_command.cpp.
#include <CLI/CLI.hpp>

#include <algorithm>
#include <iostream>
#include <new>

#include "cli/commands.hpp"
#include "loom/error.hpp"
#include "loom/kernel_fault.hpp"
#include "runtime/host_cuda.hpp"

namespace loom::cli {

namespace {

const std::vector<std::string> kTargetNames = {"c", "opencl", "cuda"};

void add_spec_argument(CLI::App& command, std::string& path) {
  command.add_option("spec", path, "the kernel spec (JSON, SPEC.md)")->required();
}

void add_target_option(CLI::App& command, std::optional<std::string>& target,
                       const std::string& default_text) {
  command.add_option("--target", target, "code-generation target (default: " + default_text + ")")
      ->check(CLI::IsMember(kTargetNames));
}

// One NAME=VALUE per -D, repeatable: `-D n=4096 -D m=16` (a following positional stays one).
void add_define_option(CLI::App& command, std::vector<std::string>& defines) {
  command.add_option("-D,--define", defines, "parameter value NAME=VALUE (repeatable)")
      ->allow_extra_args(false);
}

// The CUDA target's compiler (issue 30): NVRTC (CUDA C) or LLVM's NVPTX back end (PTX, no toolkit).
void add_compiler_option(CLI::App& command, std::optional<std::string>& compiler) {
  command.add_option("--compiler", compiler,
                     "CUDA compiler: nvrtc or llvm (default: $LOOM_CUDA_COMPILER, else nvrtc)")
      ->check(CLI::IsMember({"nvrtc", "llvm"}));
}

void add_compile(CLI::App& app, CompileOptions& options) {
  CLI::App* command = app.add_subcommand("compile", "print the generated code");
  add_spec_argument(*command, options.spec_path);
  add_target_option(*command, options.target, "cuda; emitting source needs no device");
  command
      ->add_option("--emit", options.emit,
                   "what to print: source, ptx, cubin-info or llvm-ir (--compiler llvm) (default: source)")
      ->check(CLI::IsMember({"source", "ptx", "cubin-info", "llvm-ir"}));
  command->add_option("--arch", options.arch, "CUDA GPU architecture to compile for, e.g. sm_90");
  add_compiler_option(*command, options.compiler);
  add_define_option(*command, options.defines);
}

void add_run(CLI::App& app, RunOptions& options) {
  CLI::App* command = app.add_subcommand("run", "run the kernel on the spec's test inputs");
  add_spec_argument(*command, options.spec_path);
  add_target_option(*command, options.target,
                    "cuda when a CUDA GPU is present, else opencl when an OpenCL device is, else c");
  add_define_option(*command, options.defines);
  command->add_flag("--check", options.check,
                    "compare every output with the untransformed kernel (exit 1 if not)");
  command->add_option("--seed", options.seed,
                      "seed of the random inputs (default: test.seed, else 12345)");
  command->add_option("--repeat", options.repeat,
                      "time N runs after one warm-up; print the median and min");
  command->add_flag("--tuned", options.tuned,
                    "use the schedule of the best tuning record for this kernel, device and sizes (cuda)");
  command->add_option("--db", options.db, "the tuning records (default: <cache>/tune/records.sqlite)");
  add_compiler_option(*command, options.compiler);
}

void add_tune(CLI::App& app, TuneOptions& options) {
  CLI::App* command = app.add_subcommand("tune", "sweep a search space of transform schedules on the GPU (docs/tuning.md)");
  command->add_option("space", options.space_path, "the search-space file (JSON, docs/tuning.md)");
  command->add_option("--db", options.db, "the records database (SQLite; default: <cache>/tune/records.sqlite)");
  command->add_flag("--resume", options.resume, "skip candidates the records already hold for this kernel, device and sizes");
  command->add_option("--trials", options.trials, "candidates to try (default: the whole space)");
  command->add_option("--time", options.time_s, "seconds after which no new candidate starts");
  command->add_option("--search", options.search, "exhaustive, random, evolution or auto (default)")
      ->check(CLI::IsMember({"auto", "exhaustive", "random", "evolution"}));
  command->add_option("--devices", options.devices, "GPU ordinals to measure on in parallel (default: 0)")->delimiter(',');
  command->add_option("--repeats", options.repeats, "timed runs per candidate (median; default 20)");
  command->add_option("--timeout", options.timeout_s, "seconds a candidate may take before its worker is killed (default 30)");
  command->add_option("-j,--jobs", options.jobs, "compile threads (default: one per core)");
  command->add_option("--summary", options.summary_path, "also write the markdown summary to this file");
  command->add_option("--seed", options.seed, "seed of the random and evolutionary searches");
  command->add_option("--inject-fault", options.inject_fault, "replace the Nth measured candidate by a faulting kernel (to see a sweep survive one)");
  command->add_option("--inject-hang", options.inject_hang, "replace the Nth measured candidate by an endless kernel (to see the timeout)");
  command->add_flag("--worker", options.worker, "run as a measurement worker (started by loom tune itself)");
  command->add_flag("--prepare-only", options.prepare_only,
                    "prepare every candidate (transforms, code generation, NVRTC for sm_90 without a GPU) and report where "
                    "the time goes; nothing is measured or recorded");
  command->add_option("--estimate-device", options.estimate_device,
                      "device model of the roofline estimate recorded beside each candidate (h100, h200, a100, cpu; default h100)")
      ->check(CLI::IsMember({"h100", "h200", "a100", "cpu"}));
  command->add_option("--prune-estimate", options.prune_estimate,
                      "prune candidates whose roofline estimate exceeds this factor times the best estimate (off by default)")
      ->check(CLI::PositiveNumber);
  add_compiler_option(*command, options.compiler);
}

void add_explain(CLI::App& app, ExplainOptions& options) {
  CLI::App* command =
      app.add_subcommand("explain", "print every stage from the spec to the generated code");
  add_spec_argument(*command, options.spec_path);
  add_target_option(*command, options.target, "cuda");
  add_define_option(*command, options.defines);
  command->add_option("--output-dir", options.output_dir,
                      "write each stage to a numbered file in this folder");
}

void add_transforms(CLI::App& app, TransformsOptions& options) {
  CLI::App* command = app.add_subcommand(
      "transforms", "list every transform with its parameters, defaults and semantics (docs/transforms.md)");
  command->add_option("name", options.name, "show only this transform");
  command->add_flag("--markdown", options.markdown, "print as markdown (regenerates docs/transforms.md)");
}

void add_stats(CLI::App& app, StatsOptions& options) {
  CLI::App* command = app.add_subcommand(
      "stats", "count operations, memory accesses and barriers; print a roofline estimate (and the measured time)");
  add_spec_argument(*command, options.spec_path);
  add_target_option(*command, options.target, "as for run with --measure, else cuda");
  add_define_option(*command, options.defines);
  command->add_option("--device", options.device, "peaks of h100, h200, a100 or cpu (default: the present GPU's, else h100)")
      ->check(CLI::IsMember({"h100", "h200", "a100", "cpu"}));
  command->add_option("--peak-gflops", options.peak_gflops, "peak floating-point rate in GFLOP/s (overrides --device)");
  command->add_option("--bandwidth-gbs", options.bandwidth_gbs, "memory bandwidth in GB/s (overrides --device)");
  command->add_flag("--measure", options.measure, "run the kernel and print the measured time beside the estimate");
  command->add_option("--repeat", options.repeat, "timed runs under --measure (median; default 10)");
  command->add_option("--subgroup-size", options.subgroup_size, "sub-group (warp) size for per-sub-group counts (default 32)");
  command->add_flag("--json", options.json, "print the estimate (and measurement) as JSON");
}

// CLI11 reports a misspelled subcommand as "A subcommand is required"; name it instead.
void check_subcommand_name(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-') return;
  std::string name = argv[1];
  std::vector<std::string> known;
  for (const CLI::App* command : app.get_subcommands({})) known.push_back(command->get_name());
  if (std::find(known.begin(), known.end(), name) != known.end()) return;
  std::string list;
  for (const std::string& command : known) list += (list.empty() ? "" : ", ") + command;
  throw CLI::ExtrasError("unknown command '" + name + "' (commands: " + list + ")",
                         CLI::ExitCodes::ExtrasError);
}

int report_error(const char* kind, const std::string& message, int exit_code) {
  std::cerr << kind << message << "\n";
  return exit_code;
}

int run_subcommand(const CLI::App& app, const CompileOptions& compile, const RunOptions& run,
                   const ExplainOptions& explain, const TuneOptions& tune,
                   const TransformsOptions& transforms, const StatsOptions& stats) {
  if (app.got_subcommand("stats")) return stats_command(stats);
  if (app.got_subcommand("compile")) return compile_command(compile);
  if (app.got_subcommand("tune")) return tune_command(tune);
  if (app.got_subcommand("run")) return run_command(run);
  if (app.got_subcommand("explain")) return explain_command(explain);
  if (app.got_subcommand("transforms")) return transforms_command(transforms);
  throw InternalError("no subcommand chosen although CLI11 requires one");
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app(
      "loom: polyhedral loop transformations and code generation for kernels written in loopy's "
      "language");
  app.set_version_flag("--version", LOOM_VERSION);
  app.require_subcommand(1);
  CompileOptions compile;
  RunOptions run;
  ExplainOptions explain;
  TuneOptions tune;
  TransformsOptions transforms;
  add_compile(app, compile);
  add_tune(app, tune);
  add_run(app, run);
  add_explain(app, explain);
  add_transforms(app, transforms);
  StatsOptions stats;
  add_stats(app, stats);

  try {
    check_subcommand_name(app, argc, argv);
    app.parse(argc, argv);
  } catch (const CLI::Success& success) {  // --help, --version
    return app.exit(success);
  } catch (const CLI::ParseError& error) {
    return report_error("error: ", std::string(error.what()) + " (see loom --help)", kUserError);
  }

  // Most specific first: the subclasses of loom::Error before it.
  try {
    return run_subcommand(app, compile, run, explain, tune, transforms, stats);
  } catch (const EnvironmentError& error) {
    return report_error("error: ", error.what(), kEnvironmentError);
  } catch (const CudaError& error) {
    // SPEC.md: 5 when the kernel faulted on the device (the context is poisoned then); any other
    // failed CUDA call is the environment's (driver, memory).
    return report_error("error: ", error.what(), detail::cuda_context_poisoned() ? kDeviceFault : kEnvironmentError);
  } catch (const KernelFault& error) {  // a C kernel's fault, contained (SPEC.md: 5)
    return report_error("error: ", error.what(), kDeviceFault);
  } catch (const InternalError& error) {
    return report_error("error: internal error in loom (please report it): ", error.what(),
                        kInternalError);
  } catch (const Error& error) {
    return report_error("error: ", error.what(), kUserError);
  } catch (const std::bad_alloc&) {
    // The preflight (runtime/memory_preflight) refuses arrays that cannot fit before allocating
    // them; what is left is the environment's shortage, not a bug of loom (SPEC.md: 3).
    return report_error("error: ", "out of host memory", kEnvironmentError);
  } catch (const std::exception& error) {
    return report_error("error: internal error in loom (please report it): ", error.what(),
                        kInternalError);
  }
}

}  // namespace loom::cli

// Setting up the options can only fail by a bug in the option table; still exit 4, not abort.
int main(int argc, char** argv) {
  try {
    return loom::cli::main(argc, argv);
  } catch (const std::exception& error) {
    std::cerr << "error: internal error in loom (please report it): " << error.what() << "\n";
    return loom::cli::kInternalError;
  }
}
