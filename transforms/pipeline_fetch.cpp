// pipeline_fetch (loom's own; loopy has no double buffering): a fetch into a local tile,
// software-pipelined by one iteration of a sequential loop through registers
// (include/loom/memory_transforms.hpp has the picture). Without it every iteration of a tiled
// product runs barrier, global loads, stores, barrier, products: the loads' latency (hundreds of
// cycles) stalls all the group's work-items at the stores. With it the loads of the next tile are
// issued before the products and only their stores wait for them, after the products.
//
// The instances: the fetch F(ko) becomes first = F(lowest ko) before the loop, and in iteration ko
// load(ko) = F's reads at ko + 1 into a private register, store(ko) = that register into the tile,
// both only where iteration ko + 1 runs. The readers wait for first and load (load's place before
// them is what hides the latency); the stores wait for the readers, since they overwrite the tile
// those read.
//
// With stages S >= 2 the tile becomes a ring of S tiles and no registers: first_s = F(lowest + s)
// into tile s for s < S - 1 (each where its iteration runs), and in iteration ko load(ko) =
// F(ko + S - 1) into tile (ko + S - 1 - lowest) % S while the readers read tile (ko - lowest) % S.
// A tile's fill and its readers are then S - 1 iterations apart, so no warp waits on a fetch;
// with async, CUDA makes the loop's 16-byte copies cp.async (global to shared, no registers).
// With stages and registers (double-buffered shared memory, as hand-written FP32 GEMMs do it),
// load(ko) = F(ko + S - 1) goes into registers before the readers and store(ko) moves them into
// tile (ko + S - 1 - lowest) % S after the last reader: the loads' latency is hidden as through
// registers, and the store writes a tile nobody reads in this iteration, so one barrier an
// iteration suffices instead of the two around the register pipeline's store.
//
// Asynchronous readers (Hopper's wgmma, which reads its shared operands after it issues): a ring
// read by a wgmma tile whose local operands are all read by descriptor (swizzled tiles) is filled
// S - 2 iterations ahead instead of S - 1: iteration ko fills tile ko + S - 2 into slot
// (ko - 2) % S. Code generation then keeps one wgmma group in flight (wgmma.wait_group 1 at the
// end of a k tile): the group of tile ko - 1 may still read slot (ko - 1) % S after the barrier of
// tile ko, and slot (ko - 2) % S is free there because every warpgroup waited for group ko - 2
// before that barrier (docs/decisions.md, "Slot reuse with asynchronous readers"). Only from 4
// stages on (fills_ahead says why): a ring of 2 or 3 keeps S - 1 and the code waits for each
// tile's wgmmas.
#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/set.h>

#include <algorithm>
#include <map>

#include "analysis/accesses.hpp"
#include "analysis/bulk_copies.hpp"
#include "analysis/checks.hpp"
#include "analysis/dependences.hpp"
#include "ir/isl_expr.hpp"
#include "ir/layout.hpp"
#include "ir/instruction_names.hpp"
#include "ir/instance_sets.hpp"
#include "ir/isl_kernel.hpp"
#include "loom/error.hpp"
#include "loom/memory_transforms.hpp"
#include "transforms/footprint_support.hpp"
#include "transforms/iname_copies.hpp"
#include "transforms/instance_move.hpp"
#include "transforms/instruction_support.hpp"
#include "transforms/registry.hpp"
#include "transforms/subst_support.hpp"
#include "transforms/finish_keeping_order.hpp"
#include "transforms/transform_support.hpp"

namespace loom {

namespace {

constexpr const char* kTransform = "pipeline_fetch";

[[noreturn]] void refuse(const std::string& why) { throw Error(std::string(kTransform) + ": " + why); }

ExprPtr shifted(const ExprPtr& expr, const std::string& loop, ExprPtr value) {
  return substitute(expr, [&](const std::string& name) -> ExprPtr { return name == loop ? value : nullptr; });
}

const Instruction& the_fetch(const LoopKernel& kernel, const std::string& match) {
  std::vector<std::string> ids = require_instructions(kernel, match, kTransform, "fetch");
  if (ids.size() != 1) {
    refuse("fetch '" + match + "' matches " + std::to_string(ids.size()) + " instructions (" + joined(ids) +
           "); pipeline one fetch at a time");
  }
  return *kernel.find_instruction(ids.front());
}

// The local tile the fetch fills; refuses anything else.
const Temporary& the_tile(const LoopKernel& kernel, const Instruction& fetch, const std::string& loop) {
  if (fetch.kind != InstructionKind::Assignment || fetch.assignees.size() != 1 ||
      fetch.assignees.front()->kind != ExprKind::Subscript) {
    refuse("instruction '" + fetch.id + "' is not an assignment to one array element");
  }
  const Expr& assignee = *fetch.assignees.front();
  const Temporary* tile = kernel.find_temporary(assignee.name);
  if (tile == nullptr || tile->address_space != AddressSpace::Local) {
    refuse("instruction '" + fetch.id + "' writes '" + assignee.name +
           "', which is not a local temporary (a fetch into local memory is what a barrier separates from its "
           "readers; that wait is what pipelining hides)");
  }
  if (fetch.within_inames.count(loop) == 0) {
    refuse("fetch '" + fetch.id + "' does not run in loop '" + loop + "' (its inames: " + joined(fetch.within_inames) +
           ")");
  }
  if (mentions_free(assignee, loop)) refuse("fetch '" + fetch.id + "' stores at a place that depends on '" + loop + "'");
  for (const Instruction& other : kernel.instructions) {
    if (other.id != fetch.id && writes_name(other, tile->name)) {
      refuse("'" + tile->name + "' is also written by instruction '" + other.id + "'; only a tile one fetch fills is pipelined");
    }
  }
  return *tile;
}

// The instructions reading the tile; each must run in (or reduce over) the loop.
std::vector<std::string> the_readers(const LoopKernel& kernel, const Instruction& fetch, const Temporary& tile,
                                     const std::string& loop) {
  std::vector<std::string> readers;
  for (const Instruction& instruction : kernel.instructions) {
    if (instruction.id == fetch.id || names_read(kernel, instruction).count(tile.name) == 0) continue;
    if (!uses_iname(instruction, loop)) {
      refuse("instruction '" + instruction.id + "' reads '" + tile.name + "' outside loop '" + loop +
             "'; after pipelining the tile holds the next iteration's data there");
    }
    readers.push_back(instruction.id);
  }
  if (readers.empty()) refuse("nothing reads '" + tile.name + "'");
  return readers;
}

// The fetch's own inames (what it sweeps): those no reader uses.
std::set<std::string> sweep_inames(const LoopKernel& kernel, const Instruction& fetch, const std::vector<std::string>& readers,
                                   const std::string& loop) {
  std::set<std::string> swept = fetch.within_inames;
  swept.erase(loop);
  for (const std::string& id : readers)
    for (const std::string& iname : inames_used_by(*kernel.find_instruction(id))) swept.erase(iname);
  for (const std::string& iname : swept) {
    const Domain* domain = kernel.domain_of_iname(iname);
    if (domain != nullptr &&
        std::find(domain->parameters.begin(), domain->parameters.end(), loop) != domain->parameters.end()) {
      refuse("the domain of fetch iname '" + iname + "' depends on '" + loop +
             "' (the fetch's footprint must be the same shape in every iteration)");
    }
  }
  return swept;
}

// The loop's range over the inames of its domain that the fetch runs in (an enclosing group
// index may bound it), the others projected out; `dims` receives the kept names.
isl::set loop_range(const LoopKernel& kernel, const Instruction& fetch, const std::set<std::string>& swept,
                    const std::string& loop, std::vector<std::string>& dims) {
  const Domain* domain = kernel.domain_of_iname(loop);
  isl::set range = isl_set_of(domain->set);
  for (int d = static_cast<int>(domain->inames.size()) - 1; d >= 0; --d) {
    const std::string& name = domain->inames[static_cast<std::size_t>(d)];
    bool kept = name == loop || (fetch.within_inames.count(name) != 0 && swept.count(name) == 0);
    if (!kept) range = isl::manage(isl_set_project_out(range.release(), isl_dim_set, static_cast<unsigned>(d), 1));
  }
  for (const std::string& name : domain->inames)
    if (name == loop || (fetch.within_inames.count(name) != 0 && swept.count(name) == 0)) dims.push_back(name);
  return range;
}

int64_t first_value(const isl::set& range, std::size_t position, const std::string& loop) {
  isl::set alone = range;
  int count = static_cast<int>(isl_set_dim(range.get(), isl_dim_set));
  alone = isl::manage(isl_set_project_out(alone.release(), isl_dim_set, static_cast<unsigned>(position) + 1,
                                          static_cast<unsigned>(count - static_cast<int>(position) - 1)));
  alone = isl::manage(isl_set_project_out(alone.release(), isl_dim_set, 0, static_cast<unsigned>(position)));
  // A loop with no iteration for any parameter (a domain written `... and 1 = 0`) has no first
  // value for isl to print either (its minimum is a function on the empty set: isl's "cannot
  // handle void expression", reported as an internal error; fuzz/mutate_specs.py, conf18).
  if (alone.is_empty()) refuse("loop '" + loop + "' has no iterations (its domain is empty): there is nothing to pipeline");
  isl::pw_aff lowest = isl::manage(isl_set_dim_min(alone.release(), 0));
  std::optional<ExprPtr> value = pw_aff_to_expr(lowest);
  if (!value || (*value)->kind != ExprKind::IntLiteral) {
    refuse("loop '" + loop + "' does not start at a constant (it starts at " +
           to_string(parametric_expr(lowest, lowest.domain())) + ")");
  }
  return (*value)->int_value;
}

// Where iteration `loop` + `ahead` runs, given that iteration `loop` does.
std::vector<ExprPtr> next_iteration_runs(const isl::set& range, std::size_t position, const std::vector<std::string>& dims,
                                         int64_t ahead = 1) {
  isl_multi_aff* shift = isl_multi_aff_identity(isl_space_map_from_set(isl_set_get_space(range.get())));
  isl_aff* component = isl_multi_aff_get_aff(shift, static_cast<int>(position));
  shift = isl_multi_aff_set_aff(shift, static_cast<int>(position),
                                isl_aff_add_constant_si(component, static_cast<int>(ahead)));
  isl::set next = isl::manage(isl_set_preimage_multi_aff(range.copy(), shift));
  return region_predicates(next, range, dims);
}

// Each register holds one element a work-item copies: the fetch's sequential inames become ilp,
// so the private temporary gets one element per iteration of theirs. A vec iname stays vec (its
// lanes are an axis of the temporary too, and on CUDA a 16-byte copy moves them together).
void tag_copies_ilp(LoopKernel& result, const LoopKernel& kernel, const std::set<std::string>& swept) {
  for (const std::string& iname : swept) {
    InameTag::Kind kind = kernel.tag_of(iname).kind;
    if (kind == InameTag::Kind::Ordered) {
      refuse("fetch iname '" + iname + "' is tagged " + to_string(kernel.tag_of(iname)) + "; untag it or tag it ilp");
    }
    if (kind == InameTag::Kind::Sequential || kind == InameTag::Kind::Unroll || kind == InameTag::Kind::UnrollHint ||
        kind == InameTag::Kind::IlpSeq) {
      result.iname_tags[iname] = InameTag{InameTag::Kind::Ilp};
    }
  }
}

// The kernel's instructions with the fetch replaced: first and load where it was, store after the
// last reader; the readers wait for first and load, whatever else waited for the fetch for first
// and store.
std::vector<Instruction> pipelined_instructions(const LoopKernel& kernel, const std::string& fetch_id,
                                                const Instruction& first, const Instruction& load,
                                                const Instruction& store, const std::vector<std::string>& readers) {
  std::vector<Instruction> instructions;
  std::size_t last_reader = 0;
  for (const Instruction& instruction : kernel.instructions) {
    bool reader = std::find(readers.begin(), readers.end(), instruction.id) != readers.end();
    if (reader) last_reader = instructions.size() + 1;
    if (instruction.id == fetch_id) {
      instructions.push_back(first);
      instructions.push_back(load);
      continue;
    }
    Instruction copy = instruction;
    if (copy.depends_on.erase(fetch_id) != 0 || reader) {
      copy.depends_on.insert(first.id);
      copy.depends_on.insert(reader ? load.id : store.id);
    }
    instructions.push_back(copy);
  }
  instructions.insert(instructions.begin() + static_cast<std::ptrdiff_t>(last_reader), store);
  return instructions;
}

std::string assignment_text(const Instruction& instruction) {
  return to_string(instruction.assignees.front()) + " = " + to_string(instruction.expression);
}

// ---- stages >= 2: a ring of tiles -------------------------------------------------------------

// The ring's tag on the fetch's copies inside the loop: code generation (CUDA, NVRTC) makes their
// 16-byte copies cp.async and waits for all but the last S - 2 fills before each barrier.
std::string async_tag(int64_t stages) { return "pipeline_fetch_async_stages_" + std::to_string(stages); }

// The tile's element type: its own, else that of the array the fetch copies (add_prefetch leaves
// the tile's type to type inference).
std::optional<DType> element_type(const LoopKernel& kernel, const Temporary& tile, const Instruction& fetch) {
  if (tile.dtype) return tile.dtype;
  // A zero-filled fetch (a round_up split's padding) copies `if(in range, a[..], 0)`.
  const Expr* value = fetch.expression.get();
  if (value->kind == ExprKind::IfThenElse) value = value->operands[1].get();
  if (value->kind != ExprKind::Subscript) return std::nullopt;
  const KernelArgument* source = kernel.find_arg(value->name);
  if (source != nullptr && source->dtype) return source->dtype;
  return std::nullopt;
}

// The ring's tile: a new outermost axis of `stages` tiles, each starting on 16 bytes (ldmatrix
// rows and 16-byte copies need it; 16 elements where the type is not known yet), the other
// axes' strides kept.
Temporary ring_of(const Temporary& tile, std::optional<DType> dtype, int64_t stages) {
  std::vector<ExprPtr> strides = array_strides(tile);
  std::vector<std::string> dim_tags;
  for (std::size_t axis = 0; axis < strides.size(); ++axis) {
    if (strides[axis]->kind != ExprKind::IntLiteral || tile.shape[axis]->kind != ExprKind::IntLiteral) {
      refuse("tile '" + tile.name + "' has a stride or length that is not a constant along axis " + std::to_string(axis) +
             " (" + to_string(strides[axis]) + "); a ring of tiles needs constant tiles");
    }
    bool swizzled_axis = axis < tile.dim_tags.size() && is_swizzle_tag(tile.dim_tags[axis]);
    dim_tags.push_back(swizzled_axis ? tile.dim_tags[axis] : "stride:" + to_string(strides[axis]));
  }
  auto per_16_bytes = static_cast<int64_t>(dtype ? std::max<std::size_t>(1, 16 / dtype_size(*dtype)) : 16);
  // A swizzled tile's slots are whole 1024-byte blocks (temporary_storage_extent pads it), so
  // that each slot has the pattern of a tile of its own.
  Temporary typed = tile;
  if (!typed.dtype) typed.dtype = dtype;
  int64_t extent = temporary_storage_extent(typed);
  int64_t slot = (extent + per_16_bytes - 1) / per_16_bytes * per_16_bytes;
  Temporary ring = tile;
  ring.shape.insert(ring.shape.begin(), int_literal(stages));
  dim_tags.insert(dim_tags.begin(), "stride:" + std::to_string(slot));
  ring.dim_tags = dim_tags;
  return ring;
}

// `expr` with every subscript of `tile` given `slot` as its first index.
ExprPtr in_slot(const ExprPtr& expr, const std::string& tile, const ExprPtr& slot) {
  return map_expr(expr, [&](const ExprPtr& node) -> ExprPtr {
    if (node->kind != ExprKind::Subscript || node->name != tile) return node;
    std::vector<ExprPtr> indices = node->operands;
    indices.insert(indices.begin(), slot);
    return subscript(node->name, indices);
  });
}

// (loop + offset - lowest) mod stages: the ring slot of iteration loop + offset.
ExprPtr slot_of(const std::string& loop, int64_t offset, int64_t lowest, int64_t stages) {
  ExprPtr iteration = variable(loop);
  if (offset - lowest != 0) iteration = binary(BinaryOp::Add, iteration, int_literal(offset - lowest));
  return binary(BinaryOp::Modulo, iteration, int_literal(stages));
}

// Whether a reader of `tile` reads it asynchronously: a wgmma tile (tensorize_wgmma) whose local
// operands are all swizzled, i.e. all read by descriptor (codegen/tensor_cores.cpp reads an
// unswizzled TF32 A from registers, with ld.shared before the wgmma: a synchronous read, and
// ptxas serializes wgmmas whose register operands are rewritten while a group is in flight).
bool read_by_async_tensor_cores(const LoopKernel& kernel, const std::vector<std::string>& readers) {
  for (const std::string& id : readers) {
    const Instruction& reader = *kernel.find_instruction(id);
    if (reader.tags.count("tensorize_wgmma") == 0) continue;
    bool by_descriptor = true;
    for (const std::string& name : names_read(kernel, reader)) {
      const Temporary* operand = kernel.find_temporary(name);
      if (operand == nullptr || operand->address_space != AddressSpace::Local) continue;
      by_descriptor = by_descriptor && std::any_of(operand->dim_tags.begin(), operand->dim_tags.end(), is_swizzle_tag);
    }
    if (by_descriptor) return true;
  }
  return false;
}

// How many iterations ahead the ring's fill runs: S - 1, or S - 2 where its readers are
// asynchronous and that still leaves two tiles of loads in flight (S >= 4). With 3 stages the lag
// would leave the loads one tile (~0.5 us of products) to cover a DRAM round trip: measured on the
// H100, bf16_gemm_wgmma_s3 lost 19-23% at 4096 / 8192 with it against waiting for each tile's
// wgmmas with its loads two tiles ahead (results/2026-11-27-tensor-cores-12.md), so a ring of 3
// keeps S - 1.
int64_t fills_ahead(int64_t stages, bool asynchronous_readers) {
  return asynchronous_readers && stages >= 4 ? stages - 2 : stages - 1;
}

// Each first fill after the first gets its own copies of the fetch's vec, unrolled and ilp inames.
// The first fills share the fetch's inames, so isl puts them in one vec loop inside one unrolled
// loop, and a vec loop becomes 16-byte copies (CUDA) or vector accesses (OpenCL) only where it
// holds one statement: the 4-stage wgmma GEMM's ring prologue was copied lane by lane, 192 two-byte
// loads a work-item, each waited for before its store (~30 us of every group, docs/decisions.md,
// issue 29, wt-wg15). With inames of their own each first fill is a nest of its own, its copies
// next to each other, where one group-uniform test (uniform_selects.hpp) covers them all and the
// compiler issues their loads together. Work-item inames are shared (they are hardware axes).
// Returns each first fill's renames (the fetch's iname -> the fill's own).
std::vector<std::map<std::string, std::string>> own_unrolled_inames(LoopKernel& kernel, std::vector<Instruction>& firsts) {
  using Kind = InameTag::Kind;
  std::vector<std::map<std::string, std::string>> renames(firsts.size());
  for (std::size_t stage = 1; stage < firsts.size(); ++stage) {
    std::map<std::string, std::string> copies;
    for (const std::string& iname : firsts[stage].within_inames) {
      Kind kind = kernel.tag_of(iname).kind;
      if (kind != Kind::Vec && kind != Kind::Unroll && kind != Kind::Ilp) continue;
      std::string base = iname + "_first_" + std::to_string(stage), name = base;
      for (int suffix = 0; name_taken(kernel, name); ++suffix) name = base + "_" + std::to_string(suffix);
      copies[iname] = name;
    }
    if (copies.empty()) continue;
    add_iname_copies(kernel, copies);
    for (const auto& [iname, copy] : copies) kernel.iname_tags[copy] = kernel.tag_of(iname);
    rename_inames_in(firsts[stage], copies);
    firsts[stage].source = assignment_text(firsts[stage]);
    renames[stage] = copies;
  }
  return renames;
}

// The tag on a ring's fill inside its loop: how far ahead it fills and of how many slots
// (codegen: the cp.async wait count, and whether wgmma may keep a group in flight).
std::string ahead_tag(int64_t ahead, int64_t stages) {
  return "pipeline_fetch_ahead_" + std::to_string(ahead) + "_of_" + std::to_string(stages);
}

}  // namespace

namespace {

// pipeline_fetch with the registry's `registers` flag, `ring_through_registers` (a ring of tiles
// filled through registers): not in PipelineFetchOptions yet, to leave the widely included
// memory_transforms.hpp alone.
// The copies of the fetch write a subset of its (instance, element) pairs: `first` the fetch at
// one value of the loop, `load` / `store` / a ring's fill the fetch at later values where those
// run, a ring's with its slot index in front. Along an iname where no two instances of the fetch
// write one element, no two of a copy do: the copies' race questions (most of a ring's checks,
// issue 26) are answered by the fetch's, which the kernel's own checks asked of isl before.
// Whether no constraint of `instances` (one basic set) bounds `loop` together with another of its
// dimensions or an existential variable, and no existential variable is defined through `loop`
// (join_inames' lanes are floors of other inames): the set is then the product of the loop's
// values and the other dimensions' values.
bool loop_bounded_alone(const isl::set& instances, const std::string& loop) {
  int loop_dimension = isl_set_find_dim_by_name(instances.get(), isl_dim_set, loop.c_str());
  if (loop_dimension < 0 || isl_set_n_basic_set(instances.get()) != 1) return false;
  struct Walk {
    int loop_dimension;
    int dimensions;
    bool alone = true;
  } walk{loop_dimension, static_cast<int>(isl_set_dim(instances.get(), isl_dim_set))};
  isl_set_foreach_basic_set(
      instances.get(),
      [](isl_basic_set* basic, void* user) -> isl_stat {
        auto* walk = static_cast<Walk*>(user);
        isl_size divs = isl_basic_set_dim(basic, isl_dim_div);
        for (int k = 0; k < divs; ++k) {
          isl_aff* div = isl_basic_set_get_div(basic, k);  // floor(f / d) with f over the dims and earlier divs
          isl_bool nan = isl_aff_is_nan(div);
          isl_bool involves = isl_aff_involves_dims(div, isl_dim_in, walk->loop_dimension, 1);
          if (nan != isl_bool_false || involves != isl_bool_false) walk->alone = false;
          isl_aff_free(div);
        }
        isl_basic_set_foreach_constraint(
            basic,
            [](isl_constraint* constraint, void* user) -> isl_stat {
              auto* walk = static_cast<Walk*>(user);
              if (isl_constraint_involves_dims(constraint, isl_dim_set, walk->loop_dimension, 1) != isl_bool_false) {
                for (int d = 0; d < walk->dimensions; ++d) {
                  if (d != walk->loop_dimension && isl_constraint_involves_dims(constraint, isl_dim_set, d, 1) != isl_bool_false)
                    walk->alone = false;
                }
                isl_size divs = isl_constraint_dim(constraint, isl_dim_div);
                if (divs < 0 || (divs > 0 && isl_constraint_involves_dims(constraint, isl_dim_div, 0, divs) != isl_bool_false))
                  walk->alone = false;
              }
              isl_constraint_free(constraint);
              return isl_stat_ok;
            },
            user);
        isl_basic_set_free(basic);
        return isl_stat_ok;
      },
      &walk);
  return walk.alone;
}

// Whether the fetch's instances are a product of its loop's values (an interval from `lowest`) and
// the other inames' (loop_bounded_alone): then every copy, whose instances are the others' values
// with the loop fixed at an iteration that runs (`lowest`, or a later one guarded by
// next_iteration_runs), reads and writes what one instance of the fetch read and wrote, and the
// fetch passed the bounds check (issue 26: the copies' bounds checks were most of pipeline_fetch's
// time on the tensor GEMMs).
bool copies_in_bounds_by_construction(const LoopKernel& kernel, const Instruction& fetch, const std::string& loop) {
  if (!kernel.verified || !kernel.options.enforce_array_accesses_within_bounds) return false;
  return loop_bounded_alone(instruction_domain(kernel, fetch), loop);
}

std::map<std::string, std::set<std::string>> copies_race_free_along(const LoopKernel& kernel, const Instruction& fetch,
                                                                    const std::vector<std::string>& copies) {
  std::set<std::string> absent;
  for (const Access& access : instruction_accesses(kernel, fetch)) {
    if (access.is_write) {
      absent = with_isl_errors(std::string(kTransform) + ": checking legality",
                               [&] { return races_absent_along(kernel, fetch, access); });
    }
  }
  std::map<std::string, std::set<std::string>> race_free_along;
  if (absent.empty()) return race_free_along;
  for (const std::string& copy : copies) race_free_along[copy] = absent;
  return race_free_along;
}

// A reader of the tile must read what the fetch wrote in the same iteration of `loop`: the ring
// gives each iteration its own tile. A reader whose loop over `loop` is not the fetch's (a
// reduction over it nested apart from the fetch: it read the last iteration's tile every time)
// would read other tiles after pipelining.
void require_same_iteration(const Dependence& flow, const std::string& loop) {
  if (flow.relation.is_empty()) return;
  isl_map* relation = flow.relation.get();
  int in = isl_map_find_dim_by_name(relation, isl_dim_in, loop.c_str());
  int out = isl_map_find_dim_by_name(relation, isl_dim_out, loop.c_str());
  if (in >= 0 && out >= 0 &&
      flow.relation.is_subset(isl::manage(isl_map_equate(flow.relation.copy(), isl_dim_in, in, isl_dim_out, out)))) {
    return;
  }
  refuse("instruction '" + flow.sink + "' reads '" + flow.variable + "' as instruction '" + flow.source +
         "' wrote it in another iteration of loop '" + loop + "' (their loops over '" + loop +
         "' are not one loop); after pipelining each iteration reads its own tile of the ring");
}

// A copy of the fetch in the pipelined kernel that reads what the fetch read, and which of the
// fetch's instances it runs: instance_move's constraints (the fetch's loop iname `old_k`, the
// copy's `k`) and the inames not to equate (the loop, where the copy runs another iteration).
struct FetchCopy {
  std::string id;
  std::string constraints;
  std::set<std::string> not_equated;
};

// The dependences of `kernel` that name `fetch` through a variable other than its tile, moved to
// the copies that now read what it read: the fetch at the loop's first value(s) to the first
// fills before the loop, the fetch at iteration k to the load of an earlier iteration. The
// pipelined kernel is checked against them like against any dependence: a writer of what the
// fetch reads in a loop of its own before the pipelined loop still precedes every copy (a false
// refusal before), one in the same loop no longer precedes the load that reads ahead (refused).
std::vector<Dependence> moved_to_copies(const LoopKernel& kernel, const LoopKernel& pipelined, const Instruction& fetch,
                                        const std::vector<FetchCopy>& copies, const std::vector<Dependence>& naming) {
  isl::union_map rewrite(isl_context_of(kernel)->ctx(), "{ }");
  for (const FetchCopy& copy : copies) {
    rewrite = rewrite.unite(isl::union_map(instance_move(kernel, pipelined, fetch.id, copy.id, copy.constraints,
                                                         copy.not_equated)));
  }
  std::set<std::string> others;
  for (const Dependence& dependence : naming) others.insert({dependence.source, dependence.sink});
  for (const std::string& id : others) {
    if (id == fetch.id || pipelined.find_instruction(id) == nullptr) continue;
    rewrite = rewrite.unite(isl::union_map(instance_move(kernel, pipelined, id, id, "")));
  }
  detail::DependenceData data;
  data.context = isl_context_of(kernel);
  data.dependences = naming;
  return trace_dependences(data, rewrite)->dependences;
}

// `kernel` with the dependences `pipelined` is checked against. The fetch's instances are gone
// from `pipelined` (its copies run at other iterations of the loop, into other slots of the
// ring), so dependences of `kernel` that name it would be checked against instructions the result
// no longer has: an isl failure for a fetch the spec wrote itself (a prefetch's fetch has none:
// its tile was added by a transform, see add_inames_for_unused_hw_axes's traced_to_replicas).
// Those through the tile are the ring's own and are computed on `pipelined` in its own order,
// as for a temporary a transform added (the registers the copies go through are, as for a
// prefetch's fetch, not: in that order a private register's flow crosses work-items, and a
// pipeline whose fetch inames are all parallel was refused); through any other variable (the
// fetch reads a value another instruction writes, or one that is written after it) they are moved
// to the copies that read what the fetch read (moved_to_copies) and checked as they are.
LoopKernel with_pipelined_dependences(const LoopKernel& kernel, const LoopKernel& pipelined, const Instruction& fetch,
                                      const std::string& tile, const std::string& loop,
                                      const std::set<std::string>& ring_variables, const std::vector<FetchCopy>& copies,
                                      bool unchecked) {
  std::shared_ptr<const detail::DependenceData> old = dependences_of(kernel);
  // A prefetch's fetch and tile (the common case): nothing names them, nothing to rebase.
  if (std::none_of(old->dependences.begin(), old->dependences.end(), [&](const Dependence& dependence) {
        return ring_variables.count(dependence.variable) != 0 || dependence.source == fetch.id || dependence.sink == fetch.id;
      })) {
    return kernel;
  }
  auto rebased = std::make_shared<detail::DependenceData>();
  rebased->context = old->context;
  rebased->writes_each_element_once = old->writes_each_element_once;
  std::vector<Dependence> naming_fetch;
  for (const Dependence& dependence : old->dependences) {
    if (dependence.variable == tile && dependence.kind == DependenceKind::Flow) {
      if (!unchecked) require_same_iteration(dependence, loop);
      continue;
    }
    if (ring_variables.count(dependence.variable) != 0) continue;
    bool names_fetch = dependence.source == fetch.id || dependence.sink == fetch.id;
    if (!names_fetch) {
      rebased->dependences.push_back(dependence);
    } else if (!unchecked && !dependence.relation.is_empty()) {
      naming_fetch.push_back(dependence);
    }
  }
  if (!naming_fetch.empty()) {
    for (Dependence& moved : moved_to_copies(kernel, pipelined, fetch, copies, naming_fetch))
      rebased->dependences.push_back(std::move(moved));
  }
  std::shared_ptr<const detail::DependenceData> fresh = compute_dependences(pipelined);
  for (const Dependence& dependence : fresh->dependences) {
    if (ring_variables.count(dependence.variable) != 0) rebased->dependences.push_back(dependence);
  }
  LoopKernel result = kernel;
  result.dependences = rebased;
  return result;
}

// The constraints of a copy that runs the fetch's instance `shift` iterations of `loop` after its
// own (the load at iteration k reads what the fetch read at k + shift).
FetchCopy ahead_copy(const std::string& id, const std::string& loop, int64_t shift) {
  return {id, "old_" + loop + " = " + loop + " + " + std::to_string(shift), {loop}};
}

// The constraints of a first fill before the loop: the fetch at the loop's value `value`, its
// renamed inames equated with the fetch's.
FetchCopy first_copy(const std::string& id, const std::string& loop, int64_t value,
                     const std::map<std::string, std::string>& renames) {
  std::string constraints = "old_" + loop + " = " + std::to_string(value);
  for (const auto& [iname, copy] : renames) constraints += " and old_" + iname + " = " + copy;
  return {id, constraints, {}};
}

// `bulk`: the ring's fills are bulk tensor copies on CUDA (src/analysis/bulk_copies.hpp); an
// argument of the registered transform (loom::apply and specs), not of PipelineFetchOptions, whose
// header every translation unit includes.
LoopKernel pipeline_fetch_with(const LoopKernel& kernel, const std::string& fetch_match, const std::string& loop,
                               const PipelineFetchOptions& options, bool ring_through_registers, bool bulk = false) {
  TransformCall call{kTransform, {{"fetch", fetch_match}, {"loop", loop}}};
  if (options.register_name) call.arguments["register_name"] = *options.register_name;
  if (options.unchecked) call.arguments["unchecked"] = true;
  if (options.stages != 0) call.arguments["stages"] = options.stages;
  if (options.async) call.arguments["async"] = true;
  if (bulk) call.arguments["bulk"] = true;
  if (ring_through_registers) call.arguments["registers"] = true;
  if (options.stages < 0 || options.stages == 1) {
    refuse("stages is " + std::to_string(options.stages) + "; give 2 or more tiles for a ring (or leave it out to "
           "pipeline through registers)");
  }
  if (options.async && options.stages == 0) refuse("async needs a ring of tiles (stages 2 or more)");
  if (options.stages != 0 && options.register_name && !ring_through_registers) {
    refuse("a ring of tiles (stages) has no registers to name (unless registers is true)");
  }
  if (ring_through_registers && options.stages == 0) {
    refuse("registers fills a ring of tiles through registers; give stages 2 or more (without stages the fetch "
           "goes through registers anyway)");
  }
  if (ring_through_registers && options.async) refuse("registers and async exclude each other (cp.async needs no registers)");
  if (bulk && !options.async) {
    refuse("bulk needs async (the bulk tensor copies are asynchronous fills of the ring; give \"async\": true too)");
  }
  require_iname(kernel, loop, kTransform);
  InameTag loop_tag = kernel.tag_of(loop);
  if (loop_tag.kind != InameTag::Kind::Sequential) {
    refuse("loop '" + loop + "' is tagged " + to_string(loop_tag) + "; only a sequential loop runs one iteration after another");
  }
  const Instruction& fetch = the_fetch(kernel, fetch_match);
  const Temporary& tile = the_tile(kernel, fetch, loop);
  std::vector<std::string> readers = the_readers(kernel, fetch, tile, loop);
  if (bulk) {
    std::variant<BulkCopy, std::string> copy = bulk_copy_of(kernel, fetch, false);
    if (const std::string* why = std::get_if<std::string>(&copy)) {
      refuse("fetch '" + fetch.id + "' cannot be filled by bulk tensor copies: " + *why);
    }
  }
  std::set<std::string> swept = sweep_inames(kernel, fetch, readers, loop);
  std::vector<std::string> dims;
  isl::set range = loop_range(kernel, fetch, swept, loop, dims);
  auto position = static_cast<std::size_t>(std::find(dims.begin(), dims.end(), loop) - dims.begin());
  int64_t lowest = first_value(range, position, loop);

  std::string register_name = options.register_name.value_or(unused_name(kernel, tile.name + "_next"));
  if (name_taken(kernel, register_name)) refuse("the name '" + register_name + "' is taken");
  Instruction first = fetch, load = fetch, store = fetch;
  first.id = unused_name(kernel, fetch.id + "_first", {register_name});
  load.id = unused_name(kernel, fetch.id + "_load", {register_name, first.id});
  store.id = unused_name(kernel, fetch.id + "_store", {register_name, first.id, load.id});

  // Outside the loop the instance set of `first` still requires some iteration of it to exist
  // (the loop's inames are projected out of it), so it needs no condition of its own.
  first.within_inames.erase(loop);
  first.expression = shifted(fetch.expression, loop, int_literal(lowest));
  for (ExprPtr& predicate : first.predicates) predicate = shifted(predicate, loop, int_literal(lowest));

  ExprPtr next = binary(BinaryOp::Add, variable(loop), int_literal(1));
  load.assignees = {variable(register_name)};
  load.expression = shifted(fetch.expression, loop, next);
  for (ExprPtr& predicate : load.predicates) predicate = shifted(predicate, loop, next);
  for (ExprPtr& predicate : next_iteration_runs(range, position, dims)) load.predicates.push_back(predicate);

  store.predicates = load.predicates;
  store.expression = variable(register_name);
  store.depends_on = {load.id};
  store.depends_on.insert(readers.begin(), readers.end());
  for (Instruction* made : {&first, &load, &store}) made->source = assignment_text(*made);

  if (options.stages != 0) {
    LoopKernel result = kernel;
    for (Temporary& temporary : result.temporaries) {
      if (temporary.name == tile.name) temporary = ring_of(tile, element_type(kernel, tile, fetch), options.stages);
    }
    int64_t ahead_by = fills_ahead(options.stages, read_by_async_tensor_cores(kernel, readers));
    std::vector<Instruction> firsts;
    std::set<std::string> taken;
    for (int64_t stage = 0; stage < ahead_by; ++stage) {
      Instruction copy = fetch;
      copy.id = unused_name(kernel, fetch.id + "_first" + (stage == 0 ? "" : "_" + std::to_string(stage)), taken);
      taken.insert(copy.id);
      copy.within_inames.erase(loop);
      copy.assignees = {in_slot(fetch.assignees.front(), tile.name, int_literal(stage))};
      copy.expression = shifted(fetch.expression, loop, int_literal(lowest + stage));
      for (ExprPtr& predicate : copy.predicates) predicate = shifted(predicate, loop, int_literal(lowest + stage));
      if (stage > 0) {
        for (const ExprPtr& runs : next_iteration_runs(range, position, dims, stage)) {
          copy.predicates.push_back(shifted(runs, loop, int_literal(lowest)));
        }
      }
      if (bulk) copy.tags.insert(bulk_fill_tag(options.stages, lowest, loop));
      copy.source = assignment_text(copy);
      firsts.push_back(copy);
    }
    std::vector<std::map<std::string, std::string>> renames = own_unrolled_inames(result, firsts);
    Instruction ahead = fetch;
    ahead.id = unused_name(kernel, fetch.id + "_load", taken);
    ExprPtr later = binary(BinaryOp::Add, variable(loop), int_literal(ahead_by));
    ExprPtr ahead_tile = in_slot(fetch.assignees.front(), tile.name, slot_of(loop, ahead_by, lowest, options.stages));
    ahead.assignees = {ahead_tile};
    ahead.expression = shifted(fetch.expression, loop, later);
    for (ExprPtr& predicate : ahead.predicates) predicate = shifted(predicate, loop, later);
    for (ExprPtr& predicate : next_iteration_runs(range, position, dims, ahead_by)) ahead.predicates.push_back(predicate);
    for (const Instruction& first_copy : firsts) ahead.depends_on.insert(first_copy.id);  // the ring's first fills
    if (bulk) ahead.tags.insert(bulk_fill_tag(options.stages, lowest, loop));
    else if (options.async) ahead.tags.insert(async_tag(options.stages));
    ahead.tags.insert(ahead_tag(ahead_by, options.stages));
    ahead.source = assignment_text(ahead);

    // Through registers: `ahead` loads into the registers before the readers, and a store after
    // the last reader moves them into the tile the readers do not read.
    std::optional<Instruction> ring_store;
    if (ring_through_registers) {
      ahead.id = load.id;
      ahead.assignees = {variable(register_name)};
      ring_store = ahead;
      ring_store->id = store.id;
      ring_store->assignees = {ahead_tile};
      ring_store->expression = variable(register_name);
      ring_store->depends_on = {ahead.id};
      ring_store->depends_on.insert(readers.begin(), readers.end());
      ring_store->source = assignment_text(*ring_store);
      ahead.source = assignment_text(ahead);
    }

    ExprPtr current = slot_of(loop, 0, lowest, options.stages);
    std::vector<Instruction> instructions;
    std::size_t last_reader = 0;
    for (const Instruction& instruction : kernel.instructions) {
      if (instruction.id == fetch.id) {
        instructions.insert(instructions.end(), firsts.begin(), firsts.end());
        instructions.push_back(ahead);
        continue;
      }
      Instruction copy = instruction;
      bool reader = std::find(readers.begin(), readers.end(), instruction.id) != readers.end();
      if (reader) {
        copy.expression = in_slot(copy.expression, tile.name, current);
        for (ExprPtr& predicate : copy.predicates) predicate = in_slot(predicate, tile.name, current);
      }
      if (copy.depends_on.erase(fetch.id) != 0 || reader) {
        for (const Instruction& first_copy : firsts) copy.depends_on.insert(first_copy.id);
        copy.depends_on.insert(ring_store && !reader ? ring_store->id : ahead.id);
      }
      instructions.push_back(copy);
      if (reader) last_reader = instructions.size();
    }
    if (ring_store) {
      instructions.insert(instructions.begin() + static_cast<std::ptrdiff_t>(last_reader), *ring_store);
      Temporary registers;
      registers.name = register_name;
      registers.dtype = tile.dtype;
      registers.address_space = AddressSpace::Private;
      result.temporaries.push_back(registers);
      tag_copies_ilp(result, kernel, swept);
    }
    result.instructions = instructions;
    result.applied_transforms = kernel.applied_transforms;
    std::vector<std::string> copies{ahead.id};
    for (const Instruction& first_copy : firsts) copies.push_back(first_copy.id);
    if (ring_store) copies.push_back(ring_store->id);
    std::set<std::string> ring_variables{tile.name};
    std::vector<FetchCopy> reading_copies{ahead_copy(ahead.id, loop, ahead_by)};
    for (std::size_t stage = 0; stage < firsts.size(); ++stage) {
      reading_copies.push_back(first_copy(firsts[stage].id, loop, lowest + static_cast<int64_t>(stage), renames[stage]));
    }
    LoopKernel rebased = with_isl_errors(std::string(kTransform) + ": checking legality", [&] {
      return with_pipelined_dependences(kernel, result, fetch, tile.name, loop, ring_variables, reading_copies,
                                        options.unchecked);
    });
    if (copies_in_bounds_by_construction(kernel, fetch, loop)) {
      // The ring's slot is a value mod stages (or a stage below them) before the fetch's own
      // indices (its write's, its readers' reads): every access of the ring is in bounds too.
      return finish_transform_with_copies_derived(rebased, std::move(result), call, options.unchecked,
                                                  copies_race_free_along(kernel, fetch, copies),
                                                  {copies.begin(), copies.end()}, {tile.name});
    }
    return finish_transform_with_races_derived(rebased, std::move(result), call, options.unchecked,
                                               copies_race_free_along(kernel, fetch, copies));
  }

  LoopKernel result = kernel;
  Temporary registers;
  registers.name = register_name;
  registers.dtype = tile.dtype;
  registers.address_space = AddressSpace::Private;
  result.temporaries.push_back(registers);
  tag_copies_ilp(result, kernel, swept);
  result.instructions = pipelined_instructions(kernel, fetch.id, first, load, store, readers);
  result.applied_transforms = kernel.applied_transforms;
  LoopKernel rebased = with_isl_errors(std::string(kTransform) + ": checking legality", [&] {
    return with_pipelined_dependences(kernel, result, fetch, tile.name, loop, {tile.name},
                                      {first_copy(first.id, loop, lowest, {}), ahead_copy(load.id, loop, 1)},
                                      options.unchecked);
  });
  if (copies_in_bounds_by_construction(kernel, fetch, loop)) {
    return finish_transform_with_copies_derived(rebased, std::move(result), call, options.unchecked,
                                                copies_race_free_along(kernel, fetch, {first.id, store.id}),
                                                {first.id, load.id, store.id}, {});
  }
  return finish_transform_with_races_derived(rebased, std::move(result), call, options.unchecked,
                                             copies_race_free_along(kernel, fetch, {first.id, store.id}));
}

}  // namespace

LoopKernel pipeline_fetch(const LoopKernel& kernel, const std::string& fetch_match, const std::string& loop,
                          const PipelineFetchOptions& options) {
  return pipeline_fetch_with(kernel, fetch_match, loop, options, false);
}

LOOM_REGISTER_TRANSFORM(pipeline_fetch) {
  registry.add({kTransform,
                "load a fetch's next tile into registers (or a ring of tiles, stages) during the current tile's products",
                {{"fetch", ParameterType::Match, true},
                 {"loop", ParameterType::String, true},
                 {"register_name", ParameterType::String, false, true},
                 {"stages", ParameterType::Integer, false, false, int64_t{0}},
                 {"async", ParameterType::Bool, false, false, false},
                 {"bulk", ParameterType::Bool, false, false, false},
                 {"registers", ParameterType::Bool, false, false, false}},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  PipelineFetchOptions options;
                  options.register_name = args.optional_string("register_name");
                  options.stages = args.integer("stages");
                  options.async = args.boolean("async");
                  options.unchecked = args.unchecked();
                  return pipeline_fetch_with(kernel, args.string("fetch"), args.string("loop"), options,
                                             args.boolean("registers"), args.boolean("bulk"));
                }});
}

}  // namespace loom
