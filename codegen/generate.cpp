// The code generation driver: a straight list of stages (STYLE.md, after Halide's Lower.cpp).
#include <algorithm>

#include "analysis/preprocess.hpp"
#include "codegen/isl_ast.hpp"
#include "codegen/linearize.hpp"
#include "codegen/lower_expr.hpp"
#include "codegen/print_c_family.hpp"
#include "codegen/schedule_tree.hpp"
#include "ir/isl_kernel.hpp"
#include "loom/codegen.hpp"
#include "loom/error.hpp"

namespace loom {

namespace {

bool is_written(const LoopKernel& kernel, const std::string& name) {
  return std::any_of(kernel.instructions.begin(), kernel.instructions.end(), [&](const Instruction& insn) {
    return std::any_of(insn.assignees.begin(), insn.assignees.end(),
                       [&](const ExprPtr& assignee) { return assignee->name == name; });
  });
}

int64_t constant_extent(const Temporary& temporary) {
  int64_t extent = 1;
  for (const ExprPtr& axis : temporary.shape) {
    if (axis->kind != ExprKind::IntLiteral) {
      throw Error("temporary '" + temporary.name + "' has a non-constant shape (" + to_string(axis) +
                  "); private temporaries need constant shapes");
    }
    extent *= axis->int_value;
  }
  return extent;
}

std::vector<cast::StmtPtr> temporary_declarations(const LoopKernel& kernel) {
  std::vector<cast::StmtPtr> declarations;
  for (const Temporary& temporary : kernel.temporaries) {
    int64_t extent = temporary.shape.empty() ? 0 : constant_extent(temporary);
    declarations.push_back(cast::declare(temporary.name, *temporary.dtype, extent));
  }
  return declarations;
}

cast::Function function_signature(const LoopKernel& kernel, std::vector<GeneratedArgument>& arguments) {
  cast::Function function;
  function.name = kernel.name;
  for (const KernelArgument& arg : kernel.args) {
    bool written = is_written(kernel, arg.name);
    function.parameters.push_back({arg.name, *arg.dtype, arg.is_array(), arg.is_array() && !written});
    arguments.push_back({arg.name, *arg.dtype, arg.is_array(), written});
  }
  return function;
}

cast::StmtPtr kernel_body(const LoopKernel& kernel, Target target) {
  codegen::Linearization linearization =
      codegen::linearize(kernel, [](const std::string&) { return true; });
  std::vector<cast::StmtPtr> body = temporary_declarations(kernel);
  if (linearization.roots.empty()) return cast::block(body);
  isl_context_of(kernel)->reset_operation_budget();
  codegen::KernelSchedule schedule = with_isl_errors("building the schedule of kernel '" + kernel.name + "'",
                                                     [&] { return codegen::build_schedule(kernel, linearization); });
  codegen::ExpressionLowering lowering(kernel, target);
  auto lower_statement = [&](const codegen::Statement& statement, const codegen::InameValues& inames) {
    const Instruction& instruction = kernel.instructions[static_cast<std::size_t>(statement.instruction_index)];
    return lowering.lower_instruction(instruction, inames);
  };
  body.push_back(with_isl_errors("generating the loops of kernel '" + kernel.name + "'", [&] {
    return codegen::generate_loop_nest(schedule, isl_set_of(kernel.assumptions), kernel.options.index_dtype,
                                       lower_statement);
  }));
  return cast::block(body);
}

}  // namespace

std::string_view target_name(Target target) {
  switch (target) {
    case Target::C: return "c";
    case Target::OpenCL: return "opencl";
    case Target::CUDA: return "cuda";
  }
  return "?";
}

GeneratedCode generate_code(const LoopKernel& kernel, Target target) {
  if (target != Target::C) {
    throw Error("target '" + std::string(target_name(target)) +
                "' is not available in this version of loom; use the C target");
  }
  LoopKernel preprocessed = preprocess(kernel);
  GeneratedCode code;
  code.target = target;
  code.function_name = preprocessed.name;
  code.entry_name = preprocessed.name + "_loom_entry";
  cast::Function function = function_signature(preprocessed, code.arguments);
  function.body = kernel_body(preprocessed, target);
  code.source = codegen::print_translation_unit(function, target);
  return code;
}

}  // namespace loom
