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
};

struct RunOptions {
  std::string spec_path;
  std::optional<std::string> target;
  std::vector<std::string> defines;
  bool check = false;
  std::optional<uint64_t> seed;
  std::optional<int> repeat;
};

struct ExplainOptions {
  std::string spec_path;
  std::optional<std::string> target;
  std::vector<std::string> defines;
  std::optional<std::string> output_dir;
};

int compile_command(const CompileOptions& options);
int run_command(const RunOptions& options);
int explain_command(const ExplainOptions& options);

}  // namespace loom::cli
