// The `loom` subcommands (SPEC.md "The command"). Each takes its parsed options, prints its result
// on stdout and returns the exit code; errors propagate as exceptions, which main() maps to exit
// codes (see ExitCode).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace loom::cli {

// SPEC.md's exit codes.
enum ExitCode : int {
  kSuccess = 0,
  kCheckMismatch = 1,     // run --check found a difference
  kUserError = 2,         // bad spec, parse error, unknown iname, illegal transform, bad option
  kEnvironmentError = 3,  // a target, device or compiler this machine or build lacks
  kInternalError = 4,     // a bug in loom
  kDeviceFault = 5,       // the kernel faulted on the device (CUDA)
};

struct CompileOptions {
  std::string spec_path;
  std::optional<std::string> target;
  std::string emit = "source";
  std::optional<std::string> arch;
  std::vector<std::string> defines;
  std::optional<std::string> compiler;  // CUDA: nvrtc or llvm
};

struct RunOptions {
  std::string spec_path;
  std::optional<std::string> target;
  std::vector<std::string> defines;
  bool check = false;
  std::optional<uint64_t> seed;
  std::optional<int> repeat;
  bool tuned = false;
  std::optional<std::string> db;
  std::optional<std::string> compiler;  // CUDA: nvrtc or llvm
};

struct ExplainOptions {
  std::string spec_path;
  std::optional<std::string> target;
  std::vector<std::string> defines;
  std::optional<std::string> output_dir;
};

struct TuneOptions {
  std::string space_path;
  std::optional<std::string> db;
  bool resume = false;
  std::optional<std::size_t> trials;
  std::optional<double> time_s;
  std::string search = "auto";
  std::vector<int> devices{0};
  int repeats = 20;
  double timeout_s = 30;
  int jobs = 0;
  std::optional<std::string> summary_path;
  std::optional<uint64_t> seed;
  std::optional<std::size_t> inject_fault;
  std::optional<std::size_t> inject_hang;
  bool worker = false;
  bool prepare_only = false;  // prepare every candidate (NVRTC included), measure none, record nothing
  std::optional<std::string> compiler;  // CUDA: nvrtc or llvm (its workers inherit it)
  std::string estimate_device = "h100";
  std::optional<double> prune_estimate;
};

struct StatsOptions {
  std::string spec_path;
  std::optional<std::string> target;
  std::vector<std::string> defines;
  std::optional<std::string> device;  // h100, h200, a100, cpu
  std::optional<double> peak_gflops;
  std::optional<double> bandwidth_gbs;
  bool measure = false;
  int repeat = 10;
  int64_t subgroup_size = 32;
  bool json = false;
};

struct TransformsOptions {
  std::optional<std::string> name;  // one transform; default: all
  bool markdown = false;            // docs/transforms.md's format
};

// --compiler of run and tune: sets $LOOM_CUDA_COMPILER for this process (compile() reads it) and
// the workers it starts.
void use_cuda_compiler(const std::optional<std::string>& compiler);

int compile_command(const CompileOptions& options);
int stats_command(const StatsOptions& options);
int tune_command(const TuneOptions& options);
int run_command(const RunOptions& options);
int explain_command(const ExplainOptions& options);
int transforms_command(const TransformsOptions& options);

}  // namespace loom::cli
