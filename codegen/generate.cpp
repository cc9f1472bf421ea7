// The code generation driver: a straight list of stages (STYLE.md, after Halide's Lower.cpp).
#include <algorithm>

#include "analysis/checks.hpp"
#include "analysis/preprocess.hpp"
#include "codegen/isl_ast.hpp"
#include "codegen/linearize.hpp"
#include "codegen/lower_expr.hpp"
#include "codegen/print_c_family.hpp"
#include "codegen/schedule_tree.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_kernel.hpp"
#include "ir/stage_timer.hpp"
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

// Unrolling more copies than this is almost always a mistake (a missing split).
constexpr int64_t kMaxUnrolledCopies = 1024;

// Lowers statements: instructions through the expression lowering, regions (loops with
// data-dependent bounds) by generating their own loop nest in place.
class StatementLowerer {
 public:
  StatementLowerer(const LoopKernel& kernel, const codegen::Linearization& linearization, Target target)
      : kernel_(kernel), linearization_(linearization), expressions_(kernel, target) {}

  cast::StmtPtr operator()(const codegen::Statement& statement, const codegen::InameValues& inames) const {
    if (!statement.region) {
      const Instruction& instruction = kernel_.instructions[static_cast<std::size_t>(statement.instruction_index)];
      return expressions_.lower_instruction(instruction, inames);
    }
    return region(*statement.region, inames);
  }

  cast::StmtPtr loop_nest(const codegen::KernelSchedule& schedule, const isl::set& context) const {
    return codegen::generate_loop_nest(schedule, context, kernel_.options.index_dtype, *this,
                                       [this](const std::string& iname) { return loop_style(iname); });
  }

 private:
  // The region's own AST names the enclosing inames as parameters; where the enclosing code holds
  // an iname's value in another form, bind the name first.
  cast::StmtPtr region(const codegen::Region& region, const codegen::InameValues& inames) const {
    std::vector<cast::StmtPtr> body;
    for (const auto& [iname, value] : inames) {
      if (value->kind == cast::ExprKind::Var && value->name == iname) continue;
      body.push_back(cast::declare(iname, kernel_.options.index_dtype, 0, value, true));
    }
    codegen::KernelSchedule schedule = codegen::build_region_schedule(kernel_, linearization_, region);
    isl::set context = region.context.intersect_params(isl_set_of(kernel_.assumptions));
    body.push_back(loop_nest(schedule, context));
    return cast::block(body);
  }

  // unr, ilp (ilp.unr) and vec loops are unrolled (vec falls back to unrolling until vector code
  // generation exists); unr_hint loops get a pragma; everything else is a plain loop.
  codegen::LoopStyle loop_style(const std::string& iname) const {
    using Kind = InameTag::Kind;
    InameTag tag = kernel_.tag_of(iname);
    if (tag.kind == Kind::UnrollHint) return {codegen::LoopStyle::Kind::UnrollHint, 0, 0, tag.unroll_factor};
    if (tag.kind != Kind::Unroll && tag.kind != Kind::Ilp && tag.kind != Kind::Vec) return {};
    std::optional<ConstantRange> range = constant_iname_range(kernel_, iname);
    if (!range) {
      throw Error("cannot unroll iname '" + iname + "' (tagged " + to_string(tag) +
                  "): its length is not constant; split it and unroll the inner iname");
    }
    if (range->extent > kMaxUnrolledCopies) {
      throw Error("iname '" + iname + "' (tagged " + to_string(tag) + ") has " + std::to_string(range->extent) +
                  " iterations; loom unrolls at most " + std::to_string(kMaxUnrolledCopies) +
                  " (split it, or use unr_hint to let the compiler decide)");
    }
    return {codegen::LoopStyle::Kind::Unrolled, range->lower, range->extent, 0};
  }

  const LoopKernel& kernel_;
  const codegen::Linearization& linearization_;
  codegen::ExpressionLowering expressions_;
};

cast::StmtPtr kernel_body(const LoopKernel& kernel, Target target) {
  codegen::Linearization linearization =
      codegen::linearize(kernel, [](const std::string&) { return true; });
  std::vector<cast::StmtPtr> body = temporary_declarations(kernel);
  if (linearization.roots.empty()) return cast::block(body);
  isl_context_of(kernel)->reset_operation_budget();
  return with_isl_errors("generating the loops of kernel '" + kernel.name + "'", [&] {
    StageTimer timer("kernel_body(" + kernel.name + ")");
    codegen::KernelSchedule schedule = codegen::build_schedule(kernel, linearization);
    timer.mark("schedule tree");
    StatementLowerer lowerer(kernel, linearization, target);
    body.push_back(lowerer.loop_nest(schedule, isl_set_of(kernel.assumptions)));
    timer.mark("isl AST and lowering");
    return cast::block(body);
  });
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
  StageTimer timer("generate_code(" + kernel.name + ")");
  if (!kernel.verified) check_kernel(kernel);
  timer.mark("check");
  LoopKernel preprocessed = preprocess(kernel);
  timer.mark("preprocess");
  GeneratedCode code;
  code.target = target;
  code.function_name = preprocessed.name;
  code.entry_name = preprocessed.name + "_loom_entry";
  cast::Function function = function_signature(preprocessed, code.arguments);
  function.body = kernel_body(preprocessed, target);
  timer.mark("schedule, AST, lowering");
  code.source = codegen::print_translation_unit(function, target);
  timer.mark("print");
  return code;
}

}  // namespace loom
