// Which code-generation target a `loom` command uses (SPEC.md `--target`), and whether this
// build of loom has it.
#pragma once

#include <optional>
#include <string>

#include "loom/codegen.hpp"

namespace loom::cli {

enum class TargetUse { Compile, Run };

// The target named by `--target` ("c", "opencl", "cuda"), or the default for `use` when the option
// was not given. Throws loom::EnvironmentError for a target this build of loom lacks.
Target choose_target(const std::optional<std::string>& requested, TargetUse use);

}  // namespace loom::cli
