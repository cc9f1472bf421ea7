// The code generation driver: a straight list of stages (STYLE.md, after Halide's Lower.cpp).
#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>

#include "analysis/address_spaces.hpp"
#include "analysis/checks.hpp"
#include "analysis/dependences.hpp"
#include "analysis/unwritten_reads.hpp"
#include "analysis/preprocess.hpp"
#include "analysis/privatize_ilp.hpp"
#include "codegen/padding.hpp"
#include "codegen/barriers.hpp"
#include "codegen/bulk_fills.hpp"
#include "codegen/hardware_axes.hpp"
#include "codegen/fetch_bases.hpp"
#include "codegen/barrier_after_loops.hpp"
#include "codegen/hoist_barriers.hpp"
#include "codegen/implied_conditions.hpp"
#include "codegen/host_loops.hpp"
#include "codegen/isl_ast.hpp"
#include "codegen/linearize.hpp"
#include "codegen/llvm_nvptx.hpp"
#include "codegen/lower_expr.hpp"
#include "codegen/privatized_bounds.hpp"
#include "codegen/print_c_family.hpp"
#include "codegen/redeclarations.hpp"
#include "codegen/resource_checks.hpp"
#include "codegen/rotate_stores.hpp"
#include "codegen/schedule_tree.hpp"
#include "codegen/tensor_cores.hpp"
#include "codegen/uniform_selects.hpp"
#include "ir/instance_sets.hpp"
#include "ir/instruction_names.hpp"
#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "ir/layout.hpp"
#include "ir/stage_timer.hpp"
#include "loom/buffer_transforms.hpp"
#include "loom/codegen.hpp"
#include "loom/error.hpp"

namespace loom {

namespace {

bool is_written(const LoopKernel& kernel, const std::string& name) {
  return std::any_of(kernel.instructions.begin(), kernel.instructions.end(),
                     [&](const Instruction& insn) { return writes_name(insn, name); });
}

int64_t constant_extent(const Temporary& temporary) {
  int64_t extent = 1;
  for (const ExprPtr& axis : temporary.shape) {
    if (axis->kind != ExprKind::IntLiteral) {
      throw Error("temporary '" + temporary.name + "' has a non-constant shape (" + to_string(axis) +
                  "); private temporaries need constant shapes: fix the parameters it uses (fix_parameters, as loopy's "
                  "recipes do before generating code) or give it a constant shape");
    }
    extent *= axis->int_value;
  }
  return extent;
}

bool used_by(const LoopKernel& kernel, const std::vector<int>* instructions, const std::string& name);

// Register-tiled kernels (>= 64 private words a work-item: accumulators, next-tile buffers) sit
// near the register count at which a work-group's occupancy halves: the round_up SGEMM needs 130
// registers for 256 work-items, so one group runs per SM instead of two (-24% at n = 4096);
// capped at 128 it fits with no spill (ptxas -v). Where the private arrays leave room for the
// addresses and predicates (<= 96 words), ask CUDA for the occupancy of 128 registers a
// work-item (__launch_bounds__'s minBlocksPerMultiprocessor); ptxas constrains only a kernel
// that would need more. Not below 64 words: the hint also frees ptxas to use up to 128 where it
// used fewer (examples/rows/softmax, 32-word rows: 48 -> 76 registers, 5 -> 3 groups an SM).
// 0: no request (small private storage, or no room for 128).
int64_t min_groups_per_multiprocessor(const LoopKernel& kernel, const std::vector<int>& used, int64_t threads) {
  constexpr int64_t registers_per_sm = 65536, registers_wanted = 128;
  int64_t private_words = 0;
  for (const Temporary& temporary : kernel.temporaries) {
    if (temporary.address_space != AddressSpace::Private || !used_by(kernel, &used, temporary.name)) continue;
    int64_t extent = 1;
    for (const ExprPtr& axis : temporary.shape) extent *= axis->kind == ExprKind::IntLiteral ? axis->int_value : 0;
    private_words += extent;
  }
  if (private_words < 64 || private_words > 96) return 0;
  // LOOM_OCCUPANCY_HINT=0 leaves the register count to ptxas (a measurement switch: the hint's
  // effect differs between schedules, benchmarks/NOTES.md).
  if (const char* setting = std::getenv("LOOM_OCCUPANCY_HINT"); setting != nullptr && std::string(setting) == "0") return 0;
  return registers_per_sm / (threads * registers_wanted);
}

bool used_by(const LoopKernel& kernel, const std::vector<int>* instructions, const std::string& name) {
  return instructions == nullptr || std::any_of(instructions->begin(), instructions->end(), [&](int index) {
           return mentions_name(kernel.instructions[static_cast<std::size_t>(index)], name);
         });
}

// One storage area shared by aliased temporaries (alias_temporaries): an array of the element
// type of the member with the widest elements, large enough for the largest member.
cast::StmtPtr storage_area_declaration(const LoopKernel& kernel, const std::string& base) {
  DType dtype = DType::Int8;
  int64_t bytes = 0;
  std::optional<AddressSpace> space;
  for (const Temporary& member : kernel.temporaries) {
    if (member.base_storage != base) continue;
    if (space && *space != member.address_space) {
      throw Error("temporaries aliased to storage '" + base + "' have different address spaces ('" + member.name +
                  "' is " + std::string(address_space_name(member.address_space)) +
                  "); set them with set_temporary_address_space");
    }
    space = member.address_space;
    bytes = std::max(bytes, codegen::temporary_bytes(member));
    if (dtype_size(*member.dtype) > dtype_size(dtype)) dtype = *member.dtype;
  }
  int64_t element = static_cast<int64_t>(dtype_size(dtype));
  auto declaration = std::make_shared<cast::Stmt>(*cast::declare(base, dtype, (bytes + element - 1) / element));
  declaration->local_memory = space == AddressSpace::Local;
  return declaration;
}

[[noreturn]] void refuse_initializer(const Temporary& temporary) {
  throw Error("temporary '" + temporary.name + "' has an initializer but is in " +
              std::string(address_space_name(temporary.address_space)) +
              " memory; only private or read-only temporaries can be initialized (set_temporary_address_space)");
}

// The brace initializer of a private array `initializer` declares: one value per element, in the
// temporary's dtype. Local memory cannot be initialized in its declaration, so a read-only local
// table is declared private (same values, no sharing needed); a written local one and global
// temporaries (kernel parameters) are refused rather than silently left uninitialized.
// A read-only temporary with an initializer is a table of constants: in local or global memory it
// is declared like a private one, each work-item holding its own initialized copy (loopy's
// test_globals_decl_once_with_multi_subprogram keeps `cnst` in global memory).
bool is_constant_table(const Temporary& temporary) { return temporary.read_only && !temporary.initializer.empty(); }

std::vector<cast::ExprPtr> initial_elements(const Temporary& temporary, int64_t extent) {
  if (temporary.address_space != AddressSpace::Private && !is_constant_table(temporary)) refuse_initializer(temporary);
  int64_t elements = std::max<int64_t>(extent, 1);
  if (!temporary.dim_tags.empty() || static_cast<int64_t>(temporary.initializer.size()) != elements) {
    throw Error("temporary '" + temporary.name + "' has an initializer of " +
                std::to_string(temporary.initializer.size()) + " values; its shape has " +
                std::to_string(elements) + " elements" +
                (temporary.dim_tags.empty() ? "" : " (an initializer needs the default row-major layout)"));
  }
  DType dtype = *temporary.dtype;
  std::vector<cast::ExprPtr> values;
  for (double value : temporary.initializer) {
    values.push_back(is_floating(dtype) ? cast::float_const(value, dtype)
                                        : cast::int_const(static_cast<int64_t>(value), dtype));
  }
  return values;
}

// Declarations of the private and local temporaries the given instructions use (all of them when
// `instructions` is null); global ones are parameters. Aliased temporaries are pointers into their
// storage area, declared once before its first member.
std::vector<cast::StmtPtr> temporary_declarations(const LoopKernel& kernel, const std::vector<int>* instructions = nullptr) {
  std::vector<cast::StmtPtr> declarations;
  std::set<std::string> declared_areas;
  for (const Temporary& temporary : kernel.temporaries) {
    if (temporary.address_space == AddressSpace::Global && !is_constant_table(temporary)) {
      if (!temporary.initializer.empty()) refuse_initializer(temporary);
      continue;
    }
    if (!used_by(kernel, instructions, temporary.name)) continue;
    int64_t extent = temporary.shape.empty() ? 0
                     : temporary.dim_tags.empty() ? constant_extent(temporary)
                                                  : temporary_storage_extent(temporary);
    auto declaration = std::make_shared<cast::Stmt>(*cast::declare(temporary.name, *temporary.dtype, extent));
    declaration->local_memory = temporary.address_space == AddressSpace::Local;
    if (is_swizzled(temporary.dim_tags)) declaration->alignment = kSwizzleBlockBytes;
    if (!temporary.initializer.empty()) {
      declaration->initial_elements = initial_elements(temporary, extent);
      declaration->is_const = temporary.read_only;
      // A read-only table needs no sharing: each work-item holds its own initialized copy.
      declaration->local_memory = false;
    }
    if (!temporary.base_storage.empty()) {
      if (declared_areas.insert(temporary.base_storage).second)
        declarations.push_back(storage_area_declaration(kernel, temporary.base_storage));
      declaration->alias_of = temporary.base_storage;
    }
    declarations.push_back(declaration);
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

// Global temporaries: allocated by the runtime, passed after the arguments.
std::vector<GlobalTemporary> global_temporaries(const LoopKernel& kernel, cast::Function& function) {
  std::vector<GlobalTemporary> result;
  for (const Temporary& temporary : kernel.temporaries) {
    if (temporary.address_space != AddressSpace::Global || is_constant_table(temporary)) continue;
    // A rank-0 one is an array of one element (its accesses are lowered as element 0).
    function.parameters.push_back({temporary.name, *temporary.dtype, true, false});
    result.push_back({temporary.name, *temporary.dtype, temporary.shape});
  }
  return result;
}

bool has_barrier(const LoopKernel& kernel, const std::vector<int>& instructions) {
  return std::any_of(instructions.begin(), instructions.end(), [&](int index) {
    return kernel.instructions[static_cast<std::size_t>(index)].kind == InstructionKind::Barrier;
  });
}

// Predicates the statement's domain holds are guarded by isl's AST.
void drop_predicates_in_domain(Instruction& instruction, const codegen::Statement& statement) {
  std::vector<ExprPtr> kept;
  for (std::size_t i = 0; i < instruction.predicates.size(); ++i) {
    bool in_domain = i < statement.predicate_in_domain.size() && statement.predicate_in_domain[i];
    if (!in_domain) kept.push_back(instruction.predicates[i]);
  }
  instruction.predicates = std::move(kept);
}

// Unrolling more copies than this is almost always a mistake (a missing split).
constexpr int64_t kMaxUnrolledCopies = 1024;

// Lowers statements: instructions through the expression lowering, regions (loops with
// data-dependent bounds) by generating their own loop nest in place.
class StatementLowerer {
 public:
  StatementLowerer(const LoopKernel& kernel, const codegen::Linearization& linearization, Target target,
                   const codegen::TensorTiles* tiles = nullptr, cast::ExprPtr lane = nullptr, bool wide_copies = true)
      : kernel_(kernel), linearization_(linearization), target_(target), expressions_(kernel, target),
        privatized_bounds_(codegen::privatized_bounds(kernel)), tiles_(tiles), lane_(std::move(lane)),
        wide_copies_(wide_copies) {
    // Rotated stores (store_whole_lines) need a work-item index of the lane: CUDA through NVRTC
    // (the LLVM path has no lowering of their helper yet) and OpenCL; tagged instructions are
    // checked on every target.
    std::map<std::string, codegen::LineRotation> rotations = codegen::plan_line_rotations(kernel);
    if ((target == Target::CUDA && wide_copies) || target == Target::OpenCL) line_rotations_ = std::move(rotations);
  }

  cast::StmtPtr operator()(const codegen::Statement& statement, const codegen::InameValues& inames) const {
    if (!statement.region) {
      Instruction instruction = kernel_.instructions[static_cast<std::size_t>(statement.instruction_index)];
      drop_predicates_in_domain(instruction, statement);
      // Hardware inames are not loops: their values are the constants declared at the kernel's top.
      codegen::InameValues values = inames;
      for (const std::string& iname : instruction.within_inames) {
        if (values.count(iname) == 0) values[iname] = cast::var(iname, kernel_.options.index_dtype);
      }
      if (tiles_ != nullptr) {
        auto tile = tiles_->find(instruction.id);
        if (tile != tiles_->end()) return codegen::lower_tensor_tile(tile->second, expressions_, values, lane_);
      }
      if (target_ == Target::CUDA && is_bulk_fill(instruction)) return bulk_fill(instruction, values);
      return expressions_.lower_instruction(instruction, values);
    }
    return region(*statement.region, inames);
  }

  cast::StmtPtr loop_nest(const codegen::KernelSchedule& schedule, const isl::set& context,
                          const codegen::HardwareParameters& hardware = {}) const {
    return codegen::generate_loop_nest(schedule, context, kernel_.options.index_dtype, *this,
                                       [this](const std::string& iname) { return loop_style(iname); }, hardware);
  }

  // The loops whose copies lowering makes without isl where their statements allow it
  // (codegen::ConstantBoxes): unrolled loops of a valid constant range that are not vectorized.
  // Empty with LOOM_NO_CONSTANT_BOXES set (every unrolled loop an isl band, for comparison).
  codegen::ConstantBoxes constant_boxes() const {
    if (std::getenv("LOOM_NO_CONSTANT_BOXES") != nullptr) return {};
    return [this](const std::string& iname) -> std::optional<ConstantRange> {
      std::optional<ConstantRange> range = unrolled_range(iname);
      if (!range || range->extent > kMaxUnrolledCopies) return std::nullopt;  // loop_style refuses it
      if (kernel_.tag_of(iname).kind == InameTag::Kind::Vec && target_ != Target::C) return std::nullopt;
      if (rotates(iname)) return std::nullopt;  // an isl loop, so that rotation_lowering sees it
      return range;
    };
  }

 private:
  // A bulk fill's origin instance (bulk_fills.hpp), under the predicates isl's AST does not test.
  cast::StmtPtr bulk_fill(const Instruction& instruction, const codegen::InameValues& values) const {
    cast::StmtPtr issue = codegen::lower_bulk_fill(kernel_, expressions_, instruction, values);
    cast::ExprPtr condition;
    for (const ExprPtr& predicate : instruction.predicates) {
      cast::ExprPtr lowered = expressions_.lower(*predicate, DType::Bool, values);
      condition = condition ? cast::binary("&&", condition, lowered, DType::Bool) : lowered;
    }
    return condition ? cast::if_then(condition, issue) : issue;
  }

  // The region's own AST names the enclosing inames as parameters; where the enclosing code holds
  // an iname's value in another form, bind the name first, in a scope of its own: an unrolled
  // iname around the region binds it once per copy (CSR rows unrolled by 3 declared
  // `const int32_t i_inner` three times in one block, which OpenCL C refuses).
  cast::StmtPtr region(const codegen::Region& region, const codegen::InameValues& inames) const {
    std::vector<cast::StmtPtr> body;
    for (const auto& [iname, value] : inames) {
      if (value->kind == cast::ExprKind::Var && value->name == iname) continue;
      body.push_back(cast::declare(iname, kernel_.options.index_dtype, 0, value, true));
    }
    bool binds = !body.empty();
    codegen::KernelSchedule schedule = codegen::build_region_schedule(kernel_, linearization_, region, constant_boxes());
    isl::set context = region.context.intersect_params(isl_set_of(kernel_.assumptions));
    body.push_back(codegen::replace_variables(loop_nest(schedule, context), privatized_bound_values(inames)));
    return binds ? cast::scoped_block(body) : cast::block(body);
  }

  // The copies, for this iteration, of the privatized temporaries that bound loops (a region's
  // loop nest names them as isl parameters, by their bare names).
  std::map<std::string, cast::ExprPtr> privatized_bound_values(const codegen::InameValues& inames) const {
    std::map<std::string, cast::ExprPtr> values;
    for (const auto& [name, element] : privatized_bounds_) {
      codegen::InameValues bound = inames;
      visit_expr(*element, [&](const Expr& node) {
        if (node.kind == ExprKind::Variable && bound.count(node.name) == 0) {
          bound[node.name] = cast::var(node.name, kernel_.options.index_dtype);
        }
      });
      values[name] = expressions_.lower(*element, std::nullopt, bound);
    }
    return values;
  }

  // unr, ilp (ilp.unr) and vec loops are unrolled (vec loops become vector code first where they
  // can, on OpenCL and CUDA); unr_hint loops get a pragma; everything else is a plain loop.
  codegen::LoopStyle loop_style(const std::string& iname) const {
    using Kind = InameTag::Kind;
    InameTag tag = kernel_.tag_of(iname);
    if (tag.kind == Kind::UnrollHint) return {codegen::LoopStyle::Kind::UnrollHint, 0, 0, tag.unroll_factor};
    if (tag.kind != Kind::Unroll && tag.kind != Kind::Ilp && tag.kind != Kind::Vec) return {};
    std::optional<ConstantRange> range = unrolled_range(iname);
    if (!range) {
      throw Error("cannot unroll iname '" + iname + "' (tagged " + to_string(tag) +
                  "): its length is not constant; split it and unroll the inner iname");
    }
    if (range->extent > kMaxUnrolledCopies) {
      throw Error("iname '" + iname + "' (tagged " + to_string(tag) + ") has " + std::to_string(range->extent) +
                  " iterations; loom unrolls at most " + std::to_string(kMaxUnrolledCopies) +
                  " (split it, or use unr_hint to let the compiler decide)");
    }
    codegen::LoopStyle style{codegen::LoopStyle::Kind::Unrolled, range->lower, range->extent, 0, nullptr};
    if (tag.kind == Kind::Vec && target_ != Target::C) style.vectorize = vector_lowering(iname);
    if (tag.kind == Kind::Unroll && rotates(iname)) style.vectorize = rotation_lowering(iname);
    return style;
  }

  // The constant range of an unr, ilp or vec iname (nullopt for other tags or a range that is not
  // constant). Asked once per loop of the AST (an 8x8 register tile has hundreds): the range is isl
  // work.
  std::optional<ConstantRange> unrolled_range(const std::string& iname) const {
    using Kind = InameTag::Kind;
    Kind kind = kernel_.tag_of(iname).kind;
    if (kind != Kind::Unroll && kind != Kind::Ilp && kind != Kind::Vec) return std::nullopt;
    auto cached = constant_ranges_.find(iname);
    if (cached == constant_ranges_.end()) cached = constant_ranges_.emplace(iname, constant_iname_range(kernel_, iname)).first;
    return cached->second;
  }

  // vec loops on OpenCL and CUDA: whole-vector loads and stores where the accesses allow them
  // (vec arrays, every lane unguarded), else 16-byte copies on CUDA (lower_wide_copy: guarded
  // lanes and a run-time alignment test, the lanes one by one where those fail).
  codegen::VectorLowering vector_lowering(const std::string& iname) const {
    return [this, iname](const codegen::Statement& statement, const std::vector<codegen::InameValues>& lanes,
                         bool guarded) -> codegen::VectorCode {
      if (statement.region) return {};
      const Instruction& instruction = kernel_.instructions[static_cast<std::size_t>(statement.instruction_index)];
      if (target_ == Target::CUDA && is_bulk_fill(instruction)) return {};  // one instance: operator()
      std::vector<codegen::InameValues> values = lanes;
      for (codegen::InameValues& lane : values) {
        for (const std::string& within : instruction.within_inames) {
          if (lane.count(within) == 0) lane[within] = cast::var(within, kernel_.options.index_dtype);
        }
      }
      if (!guarded) {
        if (cast::StmtPtr vector = expressions_.lower_vector_instruction(instruction, values, iname)) return {vector, nullptr};
      }
      if (!wide_copies_) return {};
      std::optional<codegen::ExpressionLowering::WideCopy> copy = expressions_.lower_wide_copy(instruction, values, iname);
      if (!copy) return {};
      return {copy->statement, copy->aligned, copy->guards};
    };
  }

  // Whether some instruction's stores rotate along the unrolled `iname` (store_whole_lines).
  bool rotates(const std::string& iname) const {
    for (const auto& [id, rotation] : line_rotations_) {
      if (rotation.unrolled == iname) return true;
    }
    return false;
  }

  // The rotated stores of a store_whole_lines instruction, where its unrolled copies are
  // guard-free (the full work-groups); guarded copies stay as they are.
  codegen::VectorLowering rotation_lowering(const std::string& iname) const {
    return [this, iname](const codegen::Statement& statement, const std::vector<codegen::InameValues>& copies,
                         bool guarded) -> codegen::VectorCode {
      if (statement.region || guarded) return {};
      const Instruction& instruction = kernel_.instructions[static_cast<std::size_t>(statement.instruction_index)];
      auto rotation = line_rotations_.find(instruction.id);
      if (rotation == line_rotations_.end() || rotation->second.unrolled != iname) return {};
      if (static_cast<int64_t>(copies.size()) != rotation->second.extent) return {};
      std::vector<codegen::InameValues> values = copies;
      for (codegen::InameValues& copy : values) {
        for (const std::string& within : instruction.within_inames) {
          if (copy.count(within) == 0) copy[within] = cast::var(within, kernel_.options.index_dtype);
        }
      }
      return {codegen::rotated_stores(kernel_, expressions_, instruction, rotation->second, values), nullptr};
    };
  }

  const LoopKernel& kernel_;
  const codegen::Linearization& linearization_;
  Target target_;
  codegen::ExpressionLowering expressions_;
  std::map<std::string, ExprPtr> privatized_bounds_;
  // CUDA: the tensorized tiles' instructions (tensor_cores.hpp) and the work-item's warp lane.
  const codegen::TensorTiles* tiles_;
  cast::ExprPtr lane_;
  // 16-byte copies of vec loops (CUDA C for NVRTC; the LLVM path has no lowering of their
  // helpers yet and keeps the lanes).
  bool wide_copies_ = true;
  mutable std::map<std::string, std::optional<ConstantRange>> constant_ranges_;
  std::map<std::string, codegen::LineRotation> line_rotations_;  // by instruction id
};

cast::StmtPtr kernel_body(const LoopKernel& kernel, Target target) {
  codegen::Linearization linearization =
      codegen::linearize(kernel, [](const std::string&) { return true; });
  std::vector<cast::StmtPtr> body = temporary_declarations(kernel);
  if (linearization.roots.empty()) return cast::block(body);
  isl_context_of(kernel)->reset_operation_budget();
  return with_isl_errors("generating the loops of kernel '" + kernel.name + "'", [&] {
    StageTimer timer("kernel_body(" + kernel.name + ")");
    StatementLowerer lowerer(kernel, linearization, target);
    codegen::KernelSchedule schedule = codegen::build_schedule(kernel, linearization, true, {}, lowerer.constant_boxes());
    timer.mark("schedule tree");
    body.push_back(lowerer.loop_nest(schedule, isl_set_of(kernel.assumptions)));
    timer.mark("isl AST and lowering");
    return cast::block(body);
  });
}


// ---- GPU targets: device kernels ---------------------------------------------------------------

bool is_global_barrier(const LoopKernel& kernel, const codegen::LoopNestNode& node) {
  if (node.kind != codegen::LoopNestNode::Kind::Instruction) return false;
  const Instruction& instruction = kernel.instructions[static_cast<std::size_t>(node.instruction_index)];
  return instruction.kind == InstructionKind::Barrier && instruction.barrier_scope == SyncScope::Global;
}

void refuse_nested_global_barriers(const LoopKernel& kernel, const codegen::LoopNestNode& loop) {
  for (const codegen::LoopNestNode& child : loop.children) {
    if (is_global_barrier(kernel, child)) {
      throw Error("global barrier '" + kernel.instructions[static_cast<std::size_t>(child.instruction_index)].id +
                  "' is inside the loop over '" + loop.iname +
                  "'; loom splits the program into kernels only at global barriers outside every loop");
    }
    if (child.kind == codegen::LoopNestNode::Kind::Loop) refuse_nested_global_barriers(kernel, child);
  }
}

// The program's parts between global barriers: one device kernel each.
struct ProgramPart {
  std::vector<codegen::LoopNestNode> roots;
  std::string barrier_before;  // the global barrier that ends the previous part
};

std::vector<ProgramPart> split_at_global_barriers(const LoopKernel& kernel, const std::vector<codegen::LoopNestNode>& roots) {
  std::vector<ProgramPart> parts(1);
  for (const codegen::LoopNestNode& node : roots) {
    if (is_global_barrier(kernel, node)) {
      parts.push_back({{}, kernel.instructions[static_cast<std::size_t>(node.instruction_index)].id});
      continue;
    }
    if (node.kind == codegen::LoopNestNode::Kind::Loop) refuse_nested_global_barriers(kernel, node);
    parts.back().roots.push_back(node);
  }
  std::vector<ProgramPart> nonempty;
  for (ProgramPart& part : parts) {
    if (part.roots.empty()) continue;
    if (!nonempty.empty() && part.barrier_before.empty()) part.barrier_before = nonempty.back().barrier_before;
    nonempty.push_back(std::move(part));
  }
  return nonempty;
}

void collect_instructions(const std::vector<codegen::LoopNestNode>& nodes, std::vector<int>& out) {
  for (const codegen::LoopNestNode& node : nodes) {
    if (node.kind == codegen::LoopNestNode::Kind::Instruction) out.push_back(node.instruction_index);
    else collect_instructions(node.children, out);
  }
}

// LOOM_VERIFY_SKIPPED_CHECKS: every variable's dependences computed too, and an internal error
// where their flow dependences of `temporary` are not the ones computed for it alone (as pairs).
void verify_flow_dependences_of(const LoopKernel& kernel, const std::string& temporary, const std::vector<Dependence>& alone) {
  if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") == nullptr) return;
  std::shared_ptr<const detail::DependenceData> all = compute_dependences(kernel);
  std::set<std::pair<std::string, std::string>> expected, found;
  for (const Dependence& dependence : all->dependences) {
    if (dependence.kind == DependenceKind::Flow && dependence.variable == temporary) {
      expected.emplace(dependence.source, dependence.sink);
    }
  }
  for (const Dependence& dependence : alone) found.emplace(dependence.source, dependence.sink);
  if (found != expected) {
    throw InternalError("the flow dependences of '" + temporary + "' computed alone differ from compute_dependences'");
  }
}

// An instruction of another part than `reader`'s whose write of `temporary` `reader` reads (a
// flow dependence), or "". A write in the reader's own part does not keep the value there: it may
// come after the read or not cover it (`s = 3`, barrier, `a[i] *= s; s = 5`: the read needs 3).
std::string writer_in_another_part(const LoopKernel& kernel, const std::string& temporary, const std::string& reader,
                                   const std::set<std::string>& reader_part,
                                   std::map<std::string, std::vector<Dependence>>& flows) {
  // The source of such a dependence writes `temporary` outside the reader's part: where no
  // instruction does, there is none, and isl is not asked (issue 26: a temporary written and read
  // within one later part, a strip's prefetch tiles and accumulators, was an isl flow question over
  // the whole kernel: most of sgemm_tuned_strip's "linearize and split").
  bool written_elsewhere = std::any_of(kernel.instructions.begin(), kernel.instructions.end(), [&](const Instruction& other) {
    return reader_part.count(other.id) == 0 && writes_name(other, temporary);
  });
  if (!written_elsewhere && std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") == nullptr) return "";
  auto found = flows.find(temporary);
  if (found == flows.end()) {
    std::vector<Dependence> computed = with_isl_errors("computing the dependences of kernel '" + kernel.name + "'",
                                                       [&] { return flow_dependences_of(kernel, temporary); });
    verify_flow_dependences_of(kernel, temporary, computed);
    found = flows.emplace(temporary, std::move(computed)).first;
  }
  for (const Dependence& dependence : found->second) {
    if (dependence.sink != reader || reader_part.count(dependence.source) != 0) continue;
    if (!written_elsewhere) {
      throw InternalError("'" + dependence.source + "' was taken to write '" + temporary +
                          "' in the reader's part only, but the flow analysis finds it outside");
    }
    return dependence.source;
  }
  return "";
}

// Private and local memory does not survive a kernel split: a temporary written before a global
// barrier and read after it must go through global memory (save_and_reload_temporaries).
void refuse_temporaries_live_across_splits(const LoopKernel& kernel, const std::vector<ProgramPart>& parts,
                                           const std::vector<std::vector<int>>& members) {
  std::map<std::string, std::vector<Dependence>> flows;  // per temporary, computed only where needed
  for (const Temporary& temporary : kernel.temporaries) {
    if (temporary.address_space == AddressSpace::Global) continue;
    std::string writer;
    for (std::size_t part = 0; part < parts.size(); ++part) {
      for (int index : members[part]) {
        const Instruction& instruction = kernel.instructions[static_cast<std::size_t>(index)];
        bool writes = writes_name(instruction, temporary.name);
        bool reads = mentions_name(instruction, temporary.name) && !writes;
        if (reads && !writer.empty() && part > 0) {
          bool written_here = std::any_of(members[part].begin(), members[part].end(), [&](int other) {
            return writes_name(kernel.instructions[static_cast<std::size_t>(other)], temporary.name);
          });
          std::string source = writer;
          if (written_here) {
            std::set<std::string> reader_part;
            for (int other : members[part]) reader_part.insert(kernel.instructions[static_cast<std::size_t>(other)].id);
            source = writer_in_another_part(kernel, temporary.name, instruction.id, reader_part, flows);
          }
          if (!source.empty()) {
            throw Error("temporary '" + temporary.name + "' (" + std::string(address_space_name(temporary.address_space)) +
                        ") is written by '" + source + "' before global barrier '" + parts[part].barrier_before +
                        "' and read by '" + instruction.id + "' after it, but " +
                        std::string(address_space_name(temporary.address_space)) +
                        " memory does not survive the kernel split there; call save_and_reload_temporaries "
                        "(or make it a global temporary)");
          }
        }
        if (writes && writer.empty()) writer = instruction.id;
      }
    }
  }
}

bool mentions_any(const cast::ExprPtr& expr, const std::set<std::string>& names) {
  if (!expr) return false;
  if (expr->kind == cast::ExprKind::Var && names.count(expr->name) != 0) return true;
  if (expr->kind == cast::ExprKind::HardwareIndex) return true;
  return std::any_of(expr->args.begin(), expr->args.end(), [&](const cast::ExprPtr& arg) { return mentions_any(arg, names); });
}

// DESIGN.md §5: a barrier under a condition or loop bound that depends on a work-item's index
// would make some work-items skip it (undefined behaviour). Construction avoids it; this refuses
// what slips through. Conditions on work-group indices alone are uniform in a group: allowed.
void refuse_divergent_barriers(const cast::StmtPtr& stmt, const std::set<std::string>& local,
                               const std::string& condition, const std::string& kernel_name) {
  if (!stmt) return;
  switch (stmt->kind) {
    case cast::StmtKind::Barrier:
      if (!condition.empty()) {
        throw Error("kernel '" + kernel_name + "': a barrier would sit under " + condition +
                    ", which depends on a work-item index, so some work-items would skip it; make the loop "
                    "bounds or conditions around the barrier independent of l inames");
      }
      return;
    case cast::StmtKind::For: {
      bool divergent = mentions_any(stmt->init, local) || mentions_any(stmt->condition, local);
      std::string inner = condition.empty() && divergent ? "the bounds of the loop over '" + stmt->name + "'" : condition;
      refuse_divergent_barriers(stmt->body[0], local, inner, kernel_name);
      return;
    }
    case cast::StmtKind::If: {
      std::string inner = condition.empty() && mentions_any(stmt->condition, local) ? "a condition" : condition;
      for (const cast::StmtPtr& child : stmt->body) refuse_divergent_barriers(child, local, inner, kernel_name);
      return;
    }
    default:
      for (const cast::StmtPtr& child : stmt->body) refuse_divergent_barriers(child, local, condition, kernel_name);
  }
}

// `int32_t const i_inner = 0 + (int32_t) get_local_id(1);` for every hardware iname.
std::vector<cast::StmtPtr> hardware_iname_values(const LoopKernel& kernel, const codegen::LaunchShape& launch, Target target) {
  codegen::ExpressionLowering lowering(kernel, target);
  DType index = kernel.options.index_dtype;
  std::vector<cast::StmtPtr> declarations;
  for (const codegen::HardwareIname& hw : launch.inames) {
    cast::ExprPtr value = cast::hardware_index(hw.local, hw.axis);
    if (index != DType::Int32) value = cast::cast_to(index, value);
    cast::ExprPtr lower = lowering.lower(*hw.lower, index, {});
    if (!(lower->kind == cast::ExprKind::IntConst && lower->int_value == 0)) value = cast::binary("+", lower, value, index);
    declarations.push_back(cast::declare(hw.iname, index, 0, value, true));
  }
  return declarations;
}

// CUDA allows 48 KB of static __shared__ memory per block; above that (DESIGN.md §5) the local
// temporaries become pointers into one dynamic buffer (16-byte aligned pieces) and the runtime
// raises the kernel's limit. Returns the buffer's size, 0 when static arrays fit.
constexpr int64_t kStaticSharedLimit = 48 * 1024;

int64_t move_to_dynamic_shared(std::vector<cast::StmtPtr>& declarations) {
  int64_t total = 0;
  for (const cast::StmtPtr& declaration : declarations) {
    if (declaration->local_memory && declaration->alias_of.empty()) total += std::max<int64_t>(declaration->extent, 1) * static_cast<int64_t>(dtype_size(declaration->dtype));
  }
  if (total <= kStaticSharedLimit) return 0;
  int64_t offset = 0;
  for (cast::StmtPtr& declaration : declarations) {
    if (!declaration->local_memory || !declaration->alias_of.empty()) continue;
    auto pointer = std::make_shared<cast::Stmt>(*declaration);
    pointer->dynamic_shared = true;
    int64_t alignment = std::max<int64_t>(16, declaration->alignment);
    offset = (offset + alignment - 1) / alignment * alignment;
    pointer->shared_offset = offset;
    offset += (std::max<int64_t>(declaration->extent, 1) * static_cast<int64_t>(dtype_size(declaration->dtype)) + 15) / 16 * 16;
    declaration = pointer;
  }
  return offset;
}

// The local memory a device kernel made of `instructions` allocates, as move_to_dynamic_shared
// will lay it out.
codegen::LocalMemoryUse local_memory_use(const LoopKernel& kernel, const std::vector<int>& instructions, Target target) {
  codegen::LocalMemoryUse use;
  int64_t padded = 0;
  std::map<std::string, int64_t> area_bytes;  // aliased temporaries: the largest member counts
  for (const Temporary& temporary : kernel.temporaries) {
    if (temporary.address_space != AddressSpace::Local) continue;
    if (!used_by(kernel, &instructions, temporary.name)) continue;
    int64_t bytes = codegen::temporary_bytes(temporary);
    if (!temporary.base_storage.empty()) {
      int64_t& largest = area_bytes[temporary.base_storage];
      int64_t grown = std::max(largest, bytes);
      bytes = grown - largest;
      largest = grown;
    }
    use.temporaries.push_back(&temporary);
    use.bytes += bytes;
    int64_t alignment = is_swizzled(temporary.dim_tags) ? kSwizzleBlockBytes : 16;
    padded = (padded + alignment - 1) / alignment * alignment + (bytes + 15) / 16 * 16;
  }
  if (target == Target::CUDA && use.bytes > kStaticSharedLimit) use.bytes = padded;
  return use;
}

struct DeviceProgram {
  std::vector<cast::Function> functions;
  std::vector<DeviceKernel> kernels;
  std::vector<HostLoop> host_loops;
  std::vector<codegen::TensorMapArgument> tensor_maps;
};

// Each host loop's range of device kernels: the parts whose instructions are all its members
// (codegen/host_loops.hpp; its begin and end barriers make them consecutive). A loop with no
// kernel of its own (nothing but barriers inside) is left out.
std::vector<HostLoop> host_loop_ranges(const LoopKernel& kernel, const std::vector<codegen::HostLoopPlan>& plans,
                                       const std::vector<std::vector<int>>& members) {
  std::vector<HostLoop> loops;
  for (const codegen::HostLoopPlan& plan : plans) {
    std::vector<std::size_t> inside;
    for (std::size_t part = 0; part < members.size(); ++part) {
      bool all = std::all_of(members[part].begin(), members[part].end(), [&](int index) {
        return plan.members.count(kernel.instructions[static_cast<std::size_t>(index)].id) != 0;
      });
      if (all) inside.push_back(part);
    }
    if (inside.empty()) continue;
    LOOM_ASSERT(inside.back() - inside.front() + 1 == inside.size(),
                "the kernels of host loop '" + plan.iname + "' are not consecutive");
    loops.push_back({plan.iname, kernel.options.index_dtype, plan.lower, plan.upper, inside.front(), inside.back() + 1});
  }
  return loops;
}

// pipeline_fetch's async rings are cp.async only where the 16-byte copies are lowered (NVRTC's CUDA
// C); the LLVM path keeps a copy's lanes and has no cp.async, so it refuses them rather than run
// the ring with waits it does not emit.
void refuse_async_copies_without_wide_copies(const LoopKernel& kernel, Target target, bool wide_copies) {
  if (target != Target::CUDA || wide_copies) return;
  for (const Instruction& instruction : kernel.instructions) {
    if (is_bulk_fill(instruction)) {
      throw Error("kernel '" + kernel.name + "': instruction '" + instruction.id +
                  "' is a bulk tensor copy (pipeline_fetch with bulk), which the LLVM path (--compiler llvm) does not "
                  "lower; compile with NVRTC or pipeline the fetch without bulk");
    }
    if (!codegen::is_async_copy(instruction)) continue;
    throw Error("kernel '" + kernel.name + "': instruction '" + instruction.id +
                "' is a cp.async copy (pipeline_fetch with async), which the LLVM path (--compiler llvm) does not "
                "lower; compile with NVRTC or pipeline the fetch without async");
  }
}

// The integer value parameters the kernel's assumptions keep at zero or more (fetch_bases.hpp
// needs its address parts non-negative).
std::set<std::string> non_negative_parameters(const LoopKernel& kernel, const cast::Function& signature) {
  std::set<std::string> found;
  isl::set assumptions = isl_set_of(kernel.assumptions);
  for (const cast::Parameter& parameter : signature.parameters) {
    if (parameter.is_pointer || !is_integral(parameter.dtype) || parameter.dtype == DType::Bool) continue;
    if (isl_set_find_dim_by_name(assumptions.get(), isl_dim_param, parameter.name.c_str()) < 0) continue;
    isl::set negative(assumptions.ctx(), "[" + parameter.name + "] -> { : " + parameter.name + " < 0 }");
    if (assumptions.intersect_params(negative).is_empty()) found.insert(parameter.name);
  }
  return found;
}

// The arrays a device kernel only reads.
std::set<std::string> read_only_arrays(const cast::Function& signature) {
  std::set<std::string> found;
  for (const cast::Parameter& parameter : signature.parameters) {
    if (parameter.is_pointer && parameter.is_const) found.insert(parameter.name);
  }
  return found;
}

DeviceProgram device_program(LoopKernel& kernel, const cast::Function& signature, Target target,
                             const DeviceLimits& limits, const codegen::TensorTiles& tiles, bool wide_copies) {
  StageTimer timer("device_program(" + kernel.name + ")");
  refuse_async_copies_without_wide_copies(kernel, target, wide_copies);
  std::vector<codegen::HostLoopPlan> host_loop_plans;
  kernel = codegen::host_loops_around_global_barriers(kernel, kernel.options.index_dtype, host_loop_plans);
  codegen::Linearization linearization = codegen::linearize(
      kernel, [&](const std::string& iname) { return !codegen::is_hardware_tag(kernel.tag_of(iname)); });
  std::vector<ProgramPart> parts = split_at_global_barriers(kernel, linearization.roots);
  std::vector<std::vector<int>> members;
  for (const ProgramPart& part : parts) {
    members.emplace_back();
    collect_instructions(part.roots, members.back());
  }
  refuse_temporaries_live_across_splits(kernel, parts, members);
  timer.mark("linearize and split");
  DeviceProgram program;
  program.host_loops = host_loop_ranges(kernel, host_loop_plans, members);
  // Bulk fills (CUDA): the barriers are placed on the whole fills; the code runs each once a group.
  std::map<std::string, codegen::BulkRingPlan> bulk_rings;
  if (target == Target::CUDA) bulk_rings = codegen::bulk_ring_plans(kernel);
  program.tensor_maps = codegen::tensor_map_arguments(kernel, bulk_rings);
  isl_context_of(kernel)->reset_operation_budget();
  with_isl_errors("generating the device kernels of '" + kernel.name + "'", [&] {
    for (std::size_t part = 0; part < parts.size(); ++part) {
      codegen::LaunchShape launch = codegen::launch_shape(kernel, members[part]);
      std::string name = parts.size() == 1 ? kernel.name : kernel.name + "_" + std::to_string(part);
      codegen::check_resources(kernel, name, launch, local_memory_use(kernel, members[part], target), limits);
      std::vector<int64_t> block(launch.block.begin(), launch.block.end());
      codegen::check_warps(kernel, tiles, block);
      codegen::BarrierPlacement placement = codegen::insert_barriers(kernel, linearization, parts[part].roots, launch);
      timer.mark("launch shape and barriers");
      codegen::Linearization nest = linearization;
      nest.roots = placement.roots;
      std::vector<int> used;
      collect_instructions(nest.roots, used);
      std::vector<cast::StmtPtr> body = hardware_iname_values(kernel, launch, target);
      int64_t dynamic_shared_bytes = 0;
      std::vector<cast::StmtPtr> declarations = temporary_declarations(kernel, &used);
      std::map<std::string, codegen::BulkRingPlan> part_rings;
      for (int index : used) {
        const Instruction& instruction = kernel.instructions[static_cast<std::size_t>(index)];
        if (!is_bulk_fill(instruction)) continue;
        for (const auto& [tile, plan] : bulk_rings) {
          if (writes_name(instruction, tile)) part_rings.insert({tile, plan});
        }
      }
      for (const cast::StmtPtr& declaration : codegen::bulk_barrier_declarations(part_rings)) declarations.push_back(declaration);
      if (target == Target::CUDA) dynamic_shared_bytes = move_to_dynamic_shared(declarations);
      for (cast::StmtPtr& declaration : declarations) body.push_back(declaration);
      if (!program.tensor_maps.empty()) {
        std::vector<cast::StmtPtr> records = codegen::tensor_map_records(program.tensor_maps);
        body.insert(body.begin(), records.begin(), records.end());
      }
      for (const cast::StmtPtr& init : codegen::bulk_barrier_initialization(part_rings)) body.push_back(init);
      // PoCL 3.1 (loom's CPU OpenCL) mis-executes barriers directly under a group-uniform branch
      // (heap corruption; oclgrind and CUDA run the same code correctly): on OpenCL, nests with
      // barriers keep one guarded copy of each loop (no full-group split, no slabs).
      bool uniform_branches_around_barriers = target == Target::CUDA || !has_barrier(kernel, used);
      // After insert_barriers, which adds the barriers to `kernel`.
      LoopKernel origin_fills = bulk_rings.empty() ? LoopKernel() : codegen::with_bulk_fills_at_their_origin(kernel);
      const LoopKernel& lowered = bulk_rings.empty() ? kernel : origin_fills;
      StatementLowerer lowerer(lowered, nest, target, &tiles, codegen::warp_lane(block, tiles), wide_copies);
      codegen::KernelSchedule schedule = codegen::build_schedule(lowered, nest, uniform_branches_around_barriers,
                                                                 launch.aliases, lowerer.constant_boxes());
      codegen::HardwareParameters hardware;
      isl::set context = launch.context;
      for (const codegen::HardwareIname& hw : launch.inames) {
        if (launch.aliases.count(hw.iname) != 0) {
          context = isl_extra::project_out_param(context, hw.iname);  // the AST names its representative
          continue;
        }
        (hw.local ? hardware.local : hardware.group).push_back(hw.iname);
      }
      hardware.split_full_groups = uniform_branches_around_barriers;
      cast::StmtPtr nest_code = lowerer.loop_nest(schedule, context, hardware);
      if (!tiles.empty()) nest_code = codegen::share_fragment_loads(nest_code);
      if (std::optional<int> in_flight = codegen::async_groups_in_flight(kernel); in_flight && target == Target::CUDA) {
        nest_code = codegen::wait_for_async_copies(nest_code, *in_flight);
      }
      nest_code = codegen::wait_for_bulk_copies(nest_code, part_rings);
      if (codegen::uses_wgmma(tiles)) {
        nest_code = codegen::fence_async_proxy_before_barriers(codegen::order_wgmma(nest_code, codegen::wgmma_rings(kernel)));
      }
      body.push_back(nest_code);
      timer.mark("isl AST and lowering");
      cast::Function function = signature;
      for (const HostLoop& loop : program.host_loops) function.parameters.push_back({loop.iname, loop.dtype, false, false});
      for (const codegen::TensorMapArgument& map : program.tensor_maps) function.parameters.push_back(codegen::tensor_map_parameter(map));
      function.name = name;
      function.body = cast::block(body);
      // Opt-in (fetch_bases.hpp says why). Not on the LLVM compiler path (no wide copies there):
      // LLVM's own strength reduction does better with the plain reads (sgemm_tuned's k loop 1189
      // SASS instructions against 1209).
      if (codegen::fetch_bases_enabled() && (target != Target::CUDA || wide_copies)) {
        function.body = codegen::add_fetch_bases(function.body, read_only_arrays(signature),
                                                 non_negative_parameters(kernel, signature));
      }
      function.device_kernel = true;
      for (int axis = 0; axis < 3; ++axis) function.block_size[axis] = launch.block[static_cast<std::size_t>(axis)];
      if (target == Target::CUDA) {
        function.min_groups_per_multiprocessor = min_groups_per_multiprocessor(
            kernel, used, function.block_size[0] * function.block_size[1] * function.block_size[2]);
      }
      std::set<std::string> local;
      for (const codegen::HardwareIname& hw : launch.inames) {
        if (hw.local) local.insert(hw.iname);
      }
      refuse_divergent_barriers(function.body, local, "", function.name);
      if (target == Target::OpenCL) {
        function.body = codegen::hoist_barriers_out_of_uniform_ifs(function.body);
        function.body = codegen::barrier_after_loops_with_barriers(function.body);
      }
      function.body = codegen::keep_redeclarations_apart(function.body);
      DeviceKernel device;
      device.name = function.name;
      device.grid_size.assign(launch.grid.begin(), launch.grid.end());
      device.block_size.assign(launch.block.begin(), launch.block.end());
      device.dynamic_shared_bytes = dynamic_shared_bytes;
      program.kernels.push_back(device);
      program.functions.push_back(std::move(function));
    }
    return 0;
  });
  return program;
}

// DESIGN.md §5: the C target runs l.N inames as loops, one work-item after another, so a kernel
// that needs local barriers (written or inserted) cannot run there.
void refuse_local_barriers_on_c(LoopKernel kernel) {
  bool has_local = std::any_of(kernel.iname_tags.begin(), kernel.iname_tags.end(),
                               [](const auto& entry) { return entry.second.kind == InameTag::Kind::Local; });
  if (!has_local) return;
  for (const Instruction& instruction : kernel.instructions) {
    if (instruction.kind == InstructionKind::Barrier && instruction.barrier_scope == SyncScope::Local) {
      throw Error("kernel '" + kernel.name + "' has local barrier '" + instruction.id +
                  "' and l.N inames: the C target runs work-items one after another, so the barrier cannot "
                  "hold; use the opencl (or cuda) target");
    }
  }
  bool has_local_memory = std::any_of(kernel.temporaries.begin(), kernel.temporaries.end(),
                                      [](const Temporary& t) { return t.address_space == AddressSpace::Local; });
  if (!has_local_memory) return;
  codegen::Linearization linearization = codegen::linearize(
      kernel, [&](const std::string& iname) { return !codegen::is_hardware_tag(kernel.tag_of(iname)); });
  std::vector<ProgramPart> parts = split_at_global_barriers(kernel, linearization.roots);
  for (const ProgramPart& part : parts) {
    std::vector<int> members;
    collect_instructions(part.roots, members);
    codegen::LaunchShape launch = codegen::launch_shape(kernel, members);
    if (codegen::insert_barriers(kernel, linearization, part.roots, launch).inserted > 0) {
      throw Error("kernel '" + kernel.name + "' shares local memory between work-items and needs barriers: "
                  "the C target runs work-items one after another, so it cannot run it; use the opencl (or cuda) target");
    }
  }
}

// The C target runs l.N inames as loops, and a reduction over one (realized sequentially there)
// closes and reopens its loop: a private temporary written in one opening and read in a later
// one (a row held in registers across softmax's reductions, issue 27) would hold only the last
// work-item's values. Such temporaries get one copy per work-item, as on a GPU
// (privatize_temporaries_with_inames along the l.N inames they are written in).
bool has_local_reduction(const LoopKernel& kernel) {
  bool found = false;
  for (const Instruction& instruction : kernel.instructions) {
    if (!instruction.expression) continue;
    visit_expr(*instruction.expression, [&](const Expr& node) {
      if (node.kind != ExprKind::Reduction) return;
      for (const std::string& iname : node.reduction_inames)
        found = found || kernel.tag_of(iname).kind == InameTag::Kind::Local;
    });
  }
  return found;
}

// Whether the instruction's expression (and, if asked, its predicates) reads the variable.
bool reads_in_expression(const Instruction& instruction, const std::string& variable, bool with_predicates) {
  bool reads = false;
  auto visit = [&](const Expr& node) { reads = reads || node.name == variable; };
  if (instruction.expression) visit_expr(*instruction.expression, visit);
  if (with_predicates) {
    for (const ExprPtr& predicate : instruction.predicates) visit_expr(*predicate, visit);
  }
  return reads;
}

void add_local_inames(const LoopKernel& kernel, const Instruction& instruction, std::set<std::string>& inames) {
  for (const std::string& iname : instruction.within_inames)
    if (kernel.tag_of(iname).kind == InameTag::Kind::Local) inames.insert(iname);
}

// `names` privatized along `inames` (C target), or the kernel as it is where there is nothing to
// privatize or privatization refuses: then the kernel's own accesses decide, as before.
LoopKernel privatized_or_as_is(LoopKernel preprocessed, const std::set<std::string>& inames,
                               const std::vector<std::string>& names) {
  if (names.empty()) return preprocessed;
  try {
    return privatize_temporaries_with_inames(preprocessed, {inames.begin(), inames.end()}, names, true);
  } catch (const Error&) {
    return preprocessed;
  }
}

// The C target runs each loop over an l.N iname as a loop of its own where the instructions'
// nests differ: a private temporary written in one and read in another held only the last
// work-item's value (a prefetch of a[i] with no sweep inames, written in a loop over i_inner and
// read in the loop over i_inner and j_inner: wrong on C, right on a GPU). Such a temporary whose
// every reader runs within the l.N inames it is written in gets a copy per work-item, as on a GPU.
LoopKernel privatize_read_per_work_item_on_c(LoopKernel preprocessed) {
  std::set<std::string> inames;
  std::vector<std::string> names;
  for (const Temporary& temporary : preprocessed.temporaries) {
    if (temporary.address_space != AddressSpace::Private) continue;
    std::set<std::string> written_in;
    std::vector<const Instruction*> readers;
    for (const Instruction& instruction : preprocessed.instructions) {
      if (writes_name(instruction, temporary.name)) {
        add_local_inames(preprocessed, instruction, written_in);
      } else if (reads_in_expression(instruction, temporary.name, true)) {
        readers.push_back(&instruction);
      }
    }
    if (written_in.empty() || readers.empty()) continue;
    bool every_reader_within = std::all_of(readers.begin(), readers.end(), [&](const Instruction* reader) {
      return std::all_of(written_in.begin(), written_in.end(),
                         [&](const std::string& iname) { return reader->within_inames.count(iname) != 0; });
    });
    if (!every_reader_within) continue;
    names.push_back(temporary.name);
    inames.insert(written_in.begin(), written_in.end());
  }
  return privatized_or_as_is(std::move(preprocessed), inames, names);
}

LoopKernel privatize_per_work_item_on_c(const LoopKernel& original, LoopKernel preprocessed) {
  if (!has_local_reduction(original)) return privatize_read_per_work_item_on_c(std::move(preprocessed));
  std::set<std::string> inames;
  std::vector<std::string> names;
  for (const Temporary& temporary : preprocessed.temporaries) {
    if (temporary.address_space != AddressSpace::Private) continue;
    std::set<std::string> written_in;
    bool read_elsewhere = false;
    for (const Instruction& instruction : preprocessed.instructions) {
      if (writes_name(instruction, temporary.name)) {
        add_local_inames(preprocessed, instruction, written_in);
      } else {
        read_elsewhere = read_elsewhere || reads_in_expression(instruction, temporary.name, false);
      }
    }
    if (written_in.empty() || !read_elsewhere || temporary.shape.empty()) continue;
    names.push_back(temporary.name);
    inames.insert(written_in.begin(), written_in.end());
  }
  return privatized_or_as_is(std::move(preprocessed), inames, names);
}

// Loops that close and reopen around a private temporary (transform fuzzer, seed 73000325): a
// priority kept for a reduction (k outside i_inner, its accumulator privatized along i_inner) puts
// the instructions of i_inner before and after the loop over k into loops of their own, so
// `t2 = b[i, i]` ran for every i_inner before `out2[i] = 3*t2 + 2` read the last copy's value.
// The dependence check sees one loop over i_inner (the reduction unrealized), so such a
// temporary, accessed only within the iname, gets a copy per value of it (privatized, as for an
// ilp iname); a range that is not constant is refused.
void collect_accesses_by_loop(const LoopKernel& kernel, const std::vector<codegen::LoopNestNode>& nodes,
                              std::vector<const codegen::LoopNestNode*>& around,
                              std::map<std::string, std::map<std::string, std::set<const codegen::LoopNestNode*>>>& out) {
  for (const codegen::LoopNestNode& node : nodes) {
    if (node.kind == codegen::LoopNestNode::Kind::Loop) {
      around.push_back(&node);
      collect_accesses_by_loop(kernel, node.children, around, out);
      around.pop_back();
      continue;
    }
    const Instruction& instruction = kernel.instructions[static_cast<std::size_t>(node.instruction_index)];
    for (const Temporary& temporary : kernel.temporaries) {
      if (temporary.address_space != AddressSpace::Private || !mentions_name(instruction, temporary.name)) continue;
      for (const codegen::LoopNestNode* loop : around) out[temporary.name][loop->iname].insert(loop);
    }
  }
}

// For each private temporary, the inames whose loops it is accessed in more than once (the loop
// closes and reopens between its accesses), where every access lies within the iname and none
// indexes the temporary by it.
std::map<std::string, std::set<std::string>> reopened_loops(const LoopKernel& kernel, bool hardware_axes) {
  codegen::Linearization linearization = codegen::linearize(kernel, [&](const std::string& iname) {
    return !hardware_axes || !codegen::is_hardware_tag(kernel.tag_of(iname));
  });
  std::map<std::string, std::map<std::string, std::set<const codegen::LoopNestNode*>>> loops_of;
  std::vector<const codegen::LoopNestNode*> around;
  collect_accesses_by_loop(kernel, linearization.roots, around, loops_of);
  std::map<std::string, std::set<std::string>> result;
  for (const auto& [name, by_iname] : loops_of) {
    for (const auto& [iname, loops] : by_iname) {
      if (loops.size() < 2) continue;
      bool all_within = std::all_of(kernel.instructions.begin(), kernel.instructions.end(), [&](const Instruction& insn) {
        return !mentions_name(insn, name) || insn.within_inames.count(iname) != 0;
      });
      bool indexed = std::any_of(kernel.instructions.begin(), kernel.instructions.end(),
                                 [&](const Instruction& insn) { return assignee_indexes_by(insn, name, iname); });
      if (all_within && !indexed) result[name].insert(iname);
    }
  }
  return result;
}

// GPU targets: the loops a private temporary is reopened in that the sequential reading (the C
// target's preprocessing, which is what the dependence check models: every loop sequential,
// priorities a reduction cannot keep given up) does not reopen get the temporary a copy per value.
LoopKernel privatize_across_reopened_loops(const LoopKernel& original, LoopKernel preprocessed, bool shuffles) {
  std::map<std::string, std::set<std::string>> on_device = reopened_loops(preprocessed, true);
  if (on_device.empty()) return preprocessed;
  std::map<std::string, std::set<std::string>> sequential =
      reopened_loops(resolve_address_spaces(preprocess(original, false, shuffles)), false);
  for (const auto& [name, inames] : on_device) {
    std::vector<std::string> reopened;
    for (const std::string& iname : inames) {
      if (sequential[name].count(iname) == 0) reopened.push_back(iname);
    }
    if (reopened.empty()) continue;
    for (const std::string& iname : reopened) {
      if (!constant_iname_range(preprocessed, iname)) {
        throw Error("private temporary '" + name + "' is written and read in separate loops over '" + iname +
                    "' (a loop order kept for a reduction reopens the loop), and the range of '" + iname +
                    "' is not constant, so it cannot get a copy per value; split '" + iname +
                    "' or change the loop priorities");
      }
    }
    preprocessed = privatize_temporaries_with_inames(preprocessed, reopened, std::vector<std::string>{name}, true);
  }
  return preprocessed;
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
  return generate_code(kernel, target, offline_device_limits(target));
}

namespace {

// generate_code; the device functions' AST also goes to `device_functions` when it is not null
// (the LLVM compiler path emits IR from it instead of printing it).
GeneratedCode generate(const LoopKernel& kernel, Target target, const DeviceLimits& limits,
                       std::vector<cast::Function>* device_functions) {
  StageTimer timer("generate_code(" + kernel.name + ")");
  if (!kernel.verified) check_kernel(kernel);
  with_isl_errors("checking kernel '" + kernel.name + "'", [&] {
    check_access_ordering(kernel);
    check_reads_of_unwritten_elements(kernel);
    return 0;
  });
  check_vec_lengths(kernel, target);
  timer.mark("check");
  bool gpu = target != Target::C;
  // The LLVM path (device_functions wanted) emits the warp-shuffle helpers as
  // llvm.nvvm.shfl.sync.bfly (codegen/llvm_nvptx.cpp), so both compilers get the same reductions.
  bool shuffles = warp_shuffles_enabled(target);
  LoopKernel preprocessed = codegen::split_uniform_selects(codegen::drop_implied_conditions(
      codegen::resolve_padding(resolve_address_spaces(preprocess(kernel, gpu, shuffles)))), target);
  if (!gpu) preprocessed = privatize_per_work_item_on_c(kernel, std::move(preprocessed));
  if (gpu) preprocessed = privatize_across_reopened_loops(kernel, std::move(preprocessed), shuffles);
  // CUDA runs tensorized tiles on the tensor cores; C and OpenCL run them as loops.
  codegen::TensorTiles tiles;
  if (target == Target::CUDA) preprocessed = codegen::prepare_tensor_tiles(preprocessed, tiles);
  timer.mark("preprocess");
  GeneratedCode code;
  code.target = target;
  code.function_name = preprocessed.name;
  code.entry_name = gpu ? "" : preprocessed.name + "_loom_entry";
  cast::Function function = function_signature(preprocessed, code.arguments);
  code.global_temporaries = global_temporaries(preprocessed, function);
  if (!gpu) {
    with_isl_errors("checking kernel '" + kernel.name + "' for the C target", [&] {
      refuse_local_barriers_on_c(preprocessed);
      if (std::optional<std::string> broken = dependence_broken_by_work_items_in_turn(kernel)) {
        throw Error("kernel '" + kernel.name + "' cannot run on the C target: " + *broken +
                    "; use the opencl (or cuda) target");
      }
      return 0;
    });
    function.body = codegen::keep_redeclarations_apart(kernel_body(preprocessed, target));
    timer.mark("schedule, AST, lowering");
    code.source = codegen::print_translation_unit(function, target);
  } else {
    DeviceProgram program = device_program(preprocessed, function, target, limits, tiles, device_functions == nullptr);
    timer.mark("device kernels");
    code.device_kernels = std::move(program.kernels);
    code.host_loops = std::move(program.host_loops);
    code.source = codegen::print_translation_unit(program.functions, target);
    if (device_functions != nullptr) *device_functions = std::move(program.functions);
  }
  timer.mark("print");
  return code;
}

}  // namespace

GeneratedCode generate_code(const LoopKernel& kernel, Target target, const DeviceLimits& limits) {
  return generate(kernel, target, limits, nullptr);
}

GeneratedCode codegen::generate_code_with_functions(const LoopKernel& kernel, Target target, const DeviceLimits& limits,
                                                    std::vector<cast::Function>& device_functions) {
  return generate(kernel, target, limits, &device_functions);
}

}  // namespace loom
