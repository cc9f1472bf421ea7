// `loom explain SPEC`: every stage from the spec to the generated code: the untransformed kernel,
// each transform's call and the kernel after it, the loop nest, the launch sizes and the code.
// With --output-dir each stage goes to its own numbered file instead (00-reference.txt,
// 01-split_iname.txt, ..., NN-code.c), and stdout lists the files.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "analysis/checks.hpp"
#include "analysis/preprocess.hpp"
#include "analysis/compile_warnings.hpp"
#include "analysis/type_inference.hpp"
#include "cli/commands.hpp"
#include "cli/cuda_report_text.hpp"
#include "cli/parameters.hpp"
#include "cli/progress.hpp"
#include "cli/targets.hpp"
#include "codegen/hardware_axes.hpp"
#include "codegen/linearize.hpp"
#include "loom/codegen.hpp"
#include "loom/error.hpp"
#include "loom/runtime.hpp"
#include "loom/spec.hpp"
#include "loom/statistics.hpp"
#include "loom/transforms.hpp"

namespace loom::cli {

namespace {

struct Stage {
  std::string file_stem;  // "reference", "split_iname", "code"
  std::string extension;  // "txt", "c"
  std::string title;
  std::string text;
};

// The calls `after` recorded beyond those of `before` (one per transform, as the spec names it).
std::string new_calls(const LoopKernel& before, const LoopKernel& after,
                      const std::string& fallback) {
  std::string calls;
  for (std::size_t i = before.applied_transforms.size(); i < after.applied_transforms.size(); ++i) {
    calls += (calls.empty() ? "" : "; ") + after.applied_transforms[i].call;
  }
  return calls.empty() ? fallback : calls;
}

// Applies the spec's transforms one by one to record the kernel after each.
void add_transform_stages(const Spec& spec, const ParameterMap& defines, std::vector<Stage>& stages,
                          LoopKernel& kernel) {
  kernel = spec.reference;
  stages.push_back({"reference", "txt", "reference kernel", to_string(kernel)});
  for (const TransformCall& call : spec.transforms) {
    LoopKernel after = apply_transform(kernel, call);
    std::string title = new_calls(kernel, after, to_string(call));
    // Which tail strategy each split got (issue 25); guard, the default, is not in the call.
    if (call.name == "split_iname" && title.find("tail_strategy") == std::string::npos) title += " [tail: guard]";
    stages.push_back({call.name, "txt", title, to_string(after)});
    kernel = std::move(after);
  }
  if (!defines.empty()) {
    LoopKernel after = specialize(kernel, defines);
    stages.push_back({"fix_parameters", "txt",
                      new_calls(kernel, after, "fix_parameters") + " (from -D)", to_string(after)});
    kernel = std::move(after);
  }
}

std::string loop_nest_text(const LoopKernel& kernel, Target target) {
  LoopKernel preprocessed = preprocess(kernel, target != Target::C, warp_shuffles_enabled(target));
  // The C target runs every iname, hardware-parallel ones included, as a loop; GPU targets run
  // g/l inames as work-groups and work-items.
  auto is_loop = [&](const std::string& iname) {
    return target == Target::C || !codegen::is_hardware_tag(preprocessed.tag_of(iname));
  };
  return codegen::to_string(codegen::linearize(preprocessed, is_loop), preprocessed);
}

std::string launch_sizes_text(const LoopKernel& kernel, const GeneratedCode& code) {
  std::string text;
  if (code.target == Target::C) text = "host C target: groups and work-items run as loops\n";
  for (const DeviceKernel& device : code.device_kernels) {
    text += "kernel " + device.name + ": grid (" + to_string(device.grid_size[0]) + ", " +
            to_string(device.grid_size[1]) + ", " + to_string(device.grid_size[2]) + "), block (" +
            std::to_string(device.block_size[0]) + ", " + std::to_string(device.block_size[1]) + ", " +
            std::to_string(device.block_size[2]) + ")\n";
  }
  for (const std::string& iname : kernel.all_inames()) {
    InameTag tag = kernel.tag_of(iname);
    if (tag.kind == InameTag::Kind::Group || tag.kind == InameTag::Kind::Local) {
      text += "  " + iname + ": " + to_string(tag) + "\n";
    }
  }
  // Sequential loops around global barriers run on the host (codegen/host_loops.cpp).
  for (const HostLoop& loop : code.host_loops) {
    std::string kernels;
    for (std::size_t k = loop.first_kernel; k < loop.end_kernel && k < code.device_kernels.size(); ++k) {
      kernels += (kernels.empty() ? "" : ", ") + code.device_kernels[k].name;
    }
    text += "host loop over " + loop.iname + " from " + to_string(loop.lower) + " to " + to_string(loop.upper) +
            " (inclusive): launches " + kernels + " once per value\n";
  }
  return text;
}

// Instructions whose loop bounds the kernel computes (issue 23 class 14): check_bounds skips them.
std::string unchecked_bounds_text(const LoopKernel& kernel) {
  std::string text;
  for (const auto& [id, temporaries] : unchecked_for_bounds(kernel)) {
    std::string names;
    for (const std::string& name : temporaries) names += (names.empty() ? "'" : ", '") + name + "'";
    text += "instruction '" + id + "': its loop bounds depend on " + names +
            ", computed by the kernel, so its accesses are not checked against the array shapes\n";
  }
  return text;
}

std::string source_extension(Target target) {
  switch (target) {
    case Target::C:
      return "c";
    case Target::OpenCL:
      return "cl";
    case Target::CUDA:
      return "cu";
  }
  return "txt";
}

std::string with_final_newline(std::string text) {
  if (!text.empty() && text.back() != '\n') text += '\n';
  return text;
}

// Two digits, more when there are over a hundred stages, so file names sort in stage order.
std::string stage_number(std::size_t index, std::size_t count) {
  std::size_t width = std::max<std::size_t>(2, std::to_string(count - 1).size());
  std::string number = std::to_string(index);
  return std::string(width - number.size(), '0') + number;
}

void print_stages(const std::vector<Stage>& stages) {
  for (std::size_t index = 0; index < stages.size(); ++index) {
    const Stage& stage = stages[index];
    std::cout << (index ? "\n" : "") << "== " << stage_number(index, stages.size()) << " "
              << stage.title << "\n"
              << with_final_newline(stage.text);
  }
}

void write_stages(const std::vector<Stage>& stages, const std::string& directory) {
  std::error_code error;
  std::filesystem::create_directories(directory, error);
  if (error)
    throw Error("--output-dir " + directory + ": cannot create the directory: " + error.message());
  for (std::size_t index = 0; index < stages.size(); ++index) {
    const Stage& stage = stages[index];
    std::string name =
        stage_number(index, stages.size()) + "-" + stage.file_stem + "." + stage.extension;
    std::filesystem::path path = std::filesystem::path(directory) / name;
    std::ofstream file(path);
    // Transform stages start with their call, so each file says what it shows.
    if (stage.extension == "txt") file << "# " << stage.title << "\n";
    file << with_final_newline(stage.text);
    file.close();
    if (!file) throw Error("--output-dir " + directory + ": cannot write " + path.string());
    std::cout << path.string() << "\n";
  }
}

// ptxas's report for the present GPU (else sm_90); without NVRTC the stage says why it is empty.
std::string resources_text(const GeneratedCode& code) {
  try {
    return cuda_resources_text(cuda_compile_report(code));
  } catch (const EnvironmentError& error) {
    return std::string("unavailable: ") + error.what() + "\n";
  }
}

// The counts of `loom stats`, evaluated at the spec's test parameters (and -D) where they have
// values; a kernel the counters cannot handle says why instead of failing explain.
std::string statistics_text(const Spec& spec, const LoopKernel& kernel, const ParameterMap& defines) {
  try {
    ParameterMap parameters = spec.test.parameters;
    for (const auto& [name, value] : defines) parameters[name] = value;
    return to_string(kernel_statistics(kernel), &parameters);
  } catch (const Error& error) {
    return std::string("unavailable: ") + error.what() + "\n";
  }
}

}  // namespace

int explain_command(const ExplainOptions& options) {
  ProgressLine progress;
  Target target = choose_target(options.target, TargetUse::Compile);
  ParameterMap defines = parse_defines(options.defines);

  progress.stage("reading " + options.spec_path);
  Spec spec = read_spec_file(options.spec_path);
  progress.stage("applying the transforms of " + spec.name);
  std::vector<Stage> stages;
  LoopKernel kernel;
  add_transform_stages(spec, defines, stages, kernel);
  progress.stage("generating code for " + spec.name);
  try {
    stages.push_back({"loop_nest", "txt", "loop nest", loop_nest_text(kernel, target)});
  } catch (const Error& error) {
    // An unschedulable nesting: show the stages so far and the diagnostic (with its
    // duplicate_inames options) as the loop nest stage, then fail as compile would.
    progress.finish();
    stages.push_back({"loop_nest", "txt", "loop nest: none exists", error.what()});
    if (options.output_dir) write_stages(stages, *options.output_dir);
    else print_stages(stages);
    throw;
  }
  GeneratedCode code = generate_code(kernel, target);
  std::vector<std::string> warnings = compile_warnings(preprocess(kernel));
  stages.push_back({"launch_sizes", "txt", "launch sizes", launch_sizes_text(kernel, code)});
  if (std::string text = unchecked_bounds_text(kernel); !text.empty()) {
    stages.push_back({"bounds_unchecked", "txt", "array bounds not checked statically", text});
  }
  stages.push_back(
      {"code", source_extension(target), std::string(target_name(target)) + " code", code.source});
  if (target == Target::CUDA) {
    progress.stage("compiling " + spec.name + " with NVRTC for its resources");
    stages.push_back({"resources", "txt", "registers, spills and shared memory", resources_text(code)});
  }
  // Last, so the earlier stages keep their numbers.
  stages.push_back({"statistics", "txt", "operations, memory accesses and barriers (loom stats)",
                    statistics_text(spec, kernel, defines)});
  progress.finish();
  for (const std::string& warning : warnings) std::cerr << "warning: " << warning << "\n";

  if (options.output_dir)
    write_stages(stages, *options.output_dir);
  else
    print_stages(stages);
  return kSuccess;
}

}  // namespace loom::cli
