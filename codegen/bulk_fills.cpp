// The CUDA lowering of bulk ring fills: see bulk_fills.hpp.
#include "codegen/bulk_fills.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include "codegen/tensor_core_ptx.hpp"
#include "ir/layout.hpp"
#include "loom/error.hpp"

namespace loom::codegen {

namespace {

std::string barrier_name(const std::string& tile) { return "loom_bulk_bar_" + tile; }
std::string map_name(const std::string& tile) { return kTensorMapPrefix + tile; }

cast::ExprPtr index_const(int64_t value) { return cast::int_const(value, DType::Int32); }

// A helper call as a statement (the helpers return 0: loom's statements are declarations).
cast::StmtPtr call_statement(const std::string& result, const std::string& function, std::vector<cast::ExprPtr> args) {
  return cast::scoped_block({cast::declare(result, DType::Int32, 0, cast::call(function, std::move(args), DType::Int32), true)});
}

BulkCopy require_bulk_copy(const LoopKernel& kernel, const Instruction& fill) {
  std::variant<BulkCopy, std::string> copy = bulk_copy_of(kernel, fill, true);
  if (const std::string* why = std::get_if<std::string>(&copy)) {
    throw Error("kernel '" + kernel.name + "': instruction '" + fill.id +
                "' is a bulk fill (pipeline_fetch with bulk) but no longer a bulk copy: " + *why);
  }
  return std::get<BulkCopy>(copy);
}

cast::ExprPtr thread_is_zero(int axis) {
  return cast::binary("==", cast::hardware_index(true, axis), index_const(0), DType::Bool);
}

cast::ExprPtr all_of(const std::vector<cast::ExprPtr>& terms) {
  cast::ExprPtr result;
  for (const cast::ExprPtr& term : terms) result = result ? cast::binary("&&", result, term, DType::Bool) : term;
  return result;
}

bool mentions(const cast::ExprPtr& expr, const std::string& name) {
  if (!expr) return false;
  if (expr->name == name) return true;
  for (const cast::ExprPtr& operand : expr->args) {
    if (mentions(operand, name)) return true;
  }
  return false;
}

bool is_bulk_call(const cast::ExprPtr& expr) {
  return expr && expr->kind == cast::ExprKind::Call && expr->name.rfind("loom_bulk_", 0) == 0;
}

// Whether `stmt` (a leaf) reads ring `tile` other than through the bulk helpers.
bool reads_ring(const cast::Stmt& stmt, const std::string& tile) {
  for (const cast::ExprPtr& expr : {stmt.init, stmt.condition, stmt.target, stmt.value}) {
    if (!expr || is_bulk_call(expr)) continue;
    if (mentions(expr, tile)) return true;
  }
  return false;
}

class BulkWaits {
 public:
  explicit BulkWaits(const std::map<std::string, BulkRingPlan>& rings) : rings_(rings) {}

  cast::StmtPtr statement(const cast::StmtPtr& stmt, const std::vector<const BulkRingPlan*>& waiting) {
    if (!stmt) return stmt;
    if (stmt->kind == cast::StmtKind::For) {
      std::vector<const BulkRingPlan*> inside = waiting;
      for (const auto& [tile, plan] : rings_) {
        if (plan.ring.loop == stmt->name) inside.push_back(&plan);
      }
      if (inside.size() != waiting.size()) {
        // A new iteration: no wait has happened in it yet.
        std::set<std::string> saved = waited_;
        for (const BulkRingPlan* plan : inside) waited_.erase(plan->copy.tile);
        auto copy = std::make_shared<cast::Stmt>(*stmt);
        for (cast::StmtPtr& child : copy->body) child = statement(child, inside);
        waited_ = saved;
        return copy;
      }
    }
    if (stmt->kind == cast::StmtKind::Barrier) {
      std::vector<cast::StmtPtr> waits;
      for (const BulkRingPlan* plan : waiting) {
        waits.push_back(wait(*plan));
        waited_.insert(plan->copy.tile);
      }
      if (waits.empty()) return stmt;
      waits.push_back(stmt);
      return cast::block(waits);
    }
    if (stmt->body.empty()) {
      for (const auto& [tile, plan] : rings_) {
        if (!reads_ring(*stmt, tile)) continue;
        bool in_loop = std::find(waiting.begin(), waiting.end(), &plan) != waiting.end();
        if (!in_loop || waited_.count(tile) == 0) {
          throw Error("ring '" + tile + "' is filled by bulk copies (pipeline_fetch with bulk), but a statement reads it " +
                      std::string(in_loop ? "before the barrier of its iteration of loop '"
                                          : "outside its loop '") +
                      plan.ring.loop + "', where the readers wait for the copies; pipeline without bulk");
        }
      }
      return stmt;
    }
    auto copy = std::make_shared<cast::Stmt>(*stmt);
    for (cast::StmtPtr& child : copy->body) child = statement(child, waiting);
    return copy;
  }

 private:
  static cast::StmtPtr wait(const BulkRingPlan& plan) {
    // Tile ko (ko >= lowest) lives in slot (ko - lowest) % S and is that slot's fill number
    // (ko - lowest) / S, which completes the barrier's phase of that parity.
    cast::ExprPtr tile = cast::binary("-", cast::var(plan.ring.loop, DType::Int32), index_const(plan.ring.lowest), DType::Int32);
    cast::ExprPtr stages = index_const(plan.ring.stages);
    cast::ExprPtr slot = cast::binary("%", tile, stages, DType::Int32);
    cast::ExprPtr parity = cast::binary("%", cast::binary("/", tile, stages, DType::Int32), index_const(2), DType::Int32);
    cast::ExprPtr barrier = cast::binary("+", cast::var(barrier_name(plan.copy.tile), DType::UInt64), slot, DType::Int32);
    return call_statement("loom_bulk_waited", "loom_bulk_wait", {barrier, parity});
  }

  const std::map<std::string, BulkRingPlan>& rings_;
  std::set<std::string> waited_;
};

}  // namespace

std::map<std::string, BulkRingPlan> bulk_ring_plans(const LoopKernel& kernel) {
  std::map<std::string, BulkRingPlan> plans;
  std::map<std::string, BulkRing> rings;
  for (const Instruction& instruction : kernel.instructions) {
    std::optional<BulkRing> ring = bulk_ring(instruction);
    if (!ring) continue;
    BulkCopy copy = require_bulk_copy(kernel, instruction);
    auto [found, inserted] = rings.emplace(copy.tile, *ring);
    if (!inserted && (found->second.stages != ring->stages || found->second.loop != ring->loop ||
                      found->second.lowest != ring->lowest)) {
      throw Error("kernel '" + kernel.name + "': the bulk fills of ring '" + copy.tile + "' disagree on its ring");
    }
    // The loop's fill (it runs in the loop) describes the ring; the first fills have the same box.
    bool in_loop = instruction.within_inames.count(ring->loop) != 0;
    if (in_loop || plans.count(copy.tile) == 0) plans[copy.tile] = BulkRingPlan{*ring, copy};
  }
  return plans;
}

LoopKernel with_bulk_fills_at_their_origin(const LoopKernel& kernel) {
  LoopKernel result = kernel;
  for (Instruction& instruction : result.instructions) {
    if (!is_bulk_fill(instruction)) continue;
    BulkCopy copy = require_bulk_copy(kernel, instruction);
    for (const ExprPtr& index : copy.tile_index) {
      instruction.predicates.push_back(binary(BinaryOp::Equal, index, int_literal(0)));
    }
  }
  return result;
}

cast::StmtPtr lower_bulk_fill(const LoopKernel& kernel, const ExpressionLowering& lowering, const Instruction& fill,
                              const InameValues& inames) {
  BulkCopy copy = require_bulk_copy(kernel, fill);
  // Work-items along an axis the fill's inames do not use would each issue the same copies.
  std::set<int> axes;
  for (const std::string& iname : fill.within_inames) {
    InameTag tag = kernel.tag_of(iname);
    if (tag.kind == InameTag::Kind::Local) axes.insert(tag.axis);
  }
  std::vector<cast::ExprPtr> elected;
  for (int axis = 0; axis < 3; ++axis) {
    if (axes.count(axis) == 0) elected.push_back(thread_is_zero(axis));
  }
  cast::ExprPtr slot = copy.slot ? lowering.lower(*copy.slot, DType::Int32, inames) : index_const(0);
  cast::ExprPtr barrier = cast::binary("+", cast::var(barrier_name(copy.tile), DType::UInt64), slot, DType::Int32);
  std::vector<cast::StmtPtr> body;
  body.push_back(call_statement("loom_bulk_expected", "loom_bulk_expect", {barrier, index_const(copy.bytes())}));
  // Coordinates innermost first; at this instance the tile index is 0, so the array index is the box's origin.
  std::vector<cast::ExprPtr> origin;
  for (auto index = copy.global_index.rbegin(); index != copy.global_index.rend(); ++index) {
    origin.push_back(lowering.lower(**index, DType::Int32, inames));
  }
  std::string helper = "loom_bulk_copy_" + std::to_string(copy.global_index.size()) + "d";
  for (int64_t panel = 0; panel < copy.panels; ++panel) {
    cast::ExprPtr offset = cast::binary("+", cast::binary("*", slot, index_const(copy.slot_stride), DType::Int32),
                                        index_const(panel * copy.panel_stride), DType::Int32);
    std::vector<cast::ExprPtr> args{cast::binary("+", cast::var(copy.tile, copy.dtype), offset, DType::Int32),
                                    cast::var(map_name(copy.tile), DType::Int32), barrier};
    for (std::size_t d = 0; d < origin.size(); ++d) {
      cast::ExprPtr coordinate = origin[d];
      if (d == 0 && panel != 0) {
        coordinate = cast::binary("+", coordinate, index_const(panel * copy.panel_elements), DType::Int32);
      }
      args.push_back(coordinate);
    }
    body.push_back(call_statement("loom_bulk_copied", helper, args));
  }
  cast::StmtPtr issue = cast::block(body);
  if (elected.empty()) return cast::scoped_block({issue});
  return cast::if_then(all_of(elected), issue);
}

std::vector<cast::StmtPtr> bulk_barrier_declarations(const std::map<std::string, BulkRingPlan>& rings) {
  std::vector<cast::StmtPtr> declarations;
  for (const auto& [tile, plan] : rings) {
    auto declaration = std::make_shared<cast::Stmt>(*cast::declare(barrier_name(tile), DType::UInt64, plan.ring.stages));
    declaration->local_memory = true;
    declaration->alignment = 8;
    declarations.push_back(declaration);
  }
  return declarations;
}

std::vector<cast::StmtPtr> bulk_barrier_initialization(const std::map<std::string, BulkRingPlan>& rings) {
  if (rings.empty()) return {};
  std::vector<cast::StmtPtr> inits;
  for (const auto& [tile, plan] : rings) {
    for (int64_t slot = 0; slot < plan.ring.stages; ++slot) {
      cast::ExprPtr barrier = cast::binary("+", cast::var(barrier_name(tile), DType::UInt64), index_const(slot), DType::Int32);
      inits.push_back(call_statement("loom_bulk_initialized", "loom_bulk_init", {barrier}));
    }
  }
  inits.push_back(call_statement("loom_bulk_fenced", "loom_bulk_init_fence", {}));
  cast::Stmt barrier;
  barrier.kind = cast::StmtKind::Barrier;
  return {cast::if_then(all_of({thread_is_zero(0), thread_is_zero(1), thread_is_zero(2)}), cast::block(inits)),
          std::make_shared<const cast::Stmt>(barrier)};
}

cast::StmtPtr wait_for_bulk_copies(const cast::StmtPtr& body, const std::map<std::string, BulkRingPlan>& rings) {
  if (rings.empty()) return body;
  return BulkWaits(rings).statement(body, {});
}

std::vector<TensorMapArgument> tensor_map_arguments(const LoopKernel& kernel,
                                                    const std::map<std::string, BulkRingPlan>& rings) {
  std::vector<TensorMapArgument> maps;
  for (const auto& [tile, plan] : rings) {
    const KernelArgument& array = *kernel.find_arg(plan.copy.array);
    TensorMapArgument map;
    map.name = map_name(tile);
    map.array = array.name;
    map.dtype = plan.copy.dtype;
    map.shape = array.shape;
    map.strides = array_strides(array);
    map.box = plan.copy.box;
    map.box.back() = plan.copy.panel_elements;
    map.swizzle128 = plan.copy.swizzle128;
    maps.push_back(map);
  }
  return maps;
}

cast::Parameter tensor_map_parameter(const TensorMapArgument& map) {
  return cast::Parameter{map.name, DType::UInt8, false, true};  // printed by its name's prefix
}

namespace {
constexpr const char* kRecordPrefix = "loom_tensor_map ";
}  // namespace

std::vector<cast::StmtPtr> tensor_map_records(const std::vector<TensorMapArgument>& maps) {
  std::vector<cast::StmtPtr> records;
  for (const TensorMapArgument& map : maps) {
    std::string text = kRecordPrefix + map.name + " " + map.array;
    for (int64_t extent : map.box) text += " " + std::to_string(extent);
    text += map.swizzle128 ? " swizzle128" : " none";
    records.push_back(cast::comment(text));
  }
  return records;
}

std::vector<TensorMapArgument> tensor_maps_of_source(const std::string& source, const LoopKernel& kernel) {
  std::vector<TensorMapArgument> maps;
  std::set<std::string> seen;
  const std::string marker = std::string("/* ") + kRecordPrefix;
  for (std::size_t at = source.find(marker); at != std::string::npos; at = source.find(marker, at + 1)) {
    std::size_t end = source.find(" */", at);
    std::istringstream words(source.substr(at + marker.size(), end - at - marker.size()));
    TensorMapArgument map;
    words >> map.name >> map.array;
    std::vector<std::string> rest;
    for (std::string word; words >> word;) rest.push_back(word);
    if (rest.empty() || !seen.insert(map.name).second) continue;
    map.swizzle128 = rest.back() == "swizzle128";
    rest.pop_back();
    for (const std::string& extent : rest) map.box.push_back(std::stoll(extent));
    const KernelArgument* array = kernel.find_arg(map.array);
    if (array == nullptr || !array->dtype) {
      throw InternalError("tensor map '" + map.name + "' describes '" + map.array + "', which is no typed argument");
    }
    map.dtype = *array->dtype;
    map.shape = array->shape;
    map.strides = array_strides(*array);
    maps.push_back(map);
  }
  // The launch passes them in the order of the kernel's parameters, whatever the records' order: a
  // map passed for another ring's parameter would expect other bytes, and the readers would wait
  // forever.
  auto parameter_at = [&](const TensorMapArgument& map) {
    std::size_t at = source.find("const __grid_constant__ loom_tensor_map " + map.name);
    if (at == std::string::npos) throw InternalError("tensor map '" + map.name + "' is no parameter of the kernel");
    return at;
  };
  std::stable_sort(maps.begin(), maps.end(), [&](const TensorMapArgument& a, const TensorMapArgument& b) {
    return parameter_at(a) < parameter_at(b);
  });
  return maps;
}

std::string bulk_copy_helpers(const std::string& code) {
  if (code.find("loom_bulk_") == std::string::npos) return "";
  auto quoted = [](const std::string& text) { return "\"" + text + "\""; };
  std::string helpers =
      "struct __align__(64) loom_tensor_map { unsigned char bytes[128]; };  // CUtensorMap, opaque\n"
      "LOOM_FN uint32_t loom_shared_address(const void* p) { return (uint32_t) __cvta_generic_to_shared(p); }\n"
      "LOOM_FN int loom_bulk_init(uint64_t* barrier) {\n  asm volatile(" + quoted(tensor_ptx::mbarrier_init()) +
      " :: \"r\"(loom_shared_address(barrier)) : \"memory\");\n  return 0;\n}\n"
      "LOOM_FN int loom_bulk_init_fence() {\n  asm volatile(" + quoted(tensor_ptx::mbarrier_init_fence()) +
      " ::: \"memory\");\n  return 0;\n}\n"
      "LOOM_FN int loom_bulk_expect(uint64_t* barrier, uint32_t bytes) {\n  asm volatile(" +
      quoted(tensor_ptx::mbarrier_arrive_expect_tx()) +
      " :: \"r\"(loom_shared_address(barrier)), \"r\"(bytes) : \"memory\");\n  return 0;\n}\n"
      // The readers' wait. Copies that never bring the bytes the barrier expects (a bug, never a
      // data race) would leave the work-group spinning forever: after ~2^34 cycles (seconds) it
      // traps, and the launch fails with an error instead of hanging the device.
      "LOOM_FN int loom_bulk_wait(uint64_t* barrier, uint32_t parity) {\n"
      "  uint32_t address = loom_shared_address(barrier), done = 0;\n  long long start = 0;\n"
      "  for (;;) {\n    asm volatile(" + quoted(tensor_ptx::mbarrier_try_wait_parity()) +
      " : \"=r\"(done) : \"r\"(address), \"r\"(parity) : \"memory\");\n"
      "    if (done) return 0;\n    if (start == 0) start = clock64();\n"
      "    else if (clock64() - start > (1ll << 34)) __trap();\n  }\n}\n";
  for (int dims = 1; dims <= 5; ++dims) {
    std::string name = "loom_bulk_copy_" + std::to_string(dims) + "d";
    if (code.find(name + "(") == std::string::npos) continue;
    std::string parameters, operands;
    for (int d = 0; d < dims; ++d) {
      parameters += ", int32_t c" + std::to_string(d);
      operands += ", \"r\"(c" + std::to_string(d) + ")";
    }
    helpers += "LOOM_FN int " + name + "(void* to, const loom_tensor_map& map, uint64_t* barrier" + parameters +
               ") {\n  asm volatile(" + quoted(tensor_ptx::bulk_tensor_copy(dims)) +
               " :: \"r\"(loom_shared_address(to)), \"l\"((uint64_t) &map), \"r\"(loom_shared_address(barrier))" +
               operands + " : \"memory\");\n  return 0;\n}\n";
  }
  return helpers;
}

}  // namespace loom::codegen
