// From a linearized kernel to one isl schedule tree (DESIGN.md §5): each instruction becomes an
// isl statement over its loop inames, each loop a one-dimensional band under a mark naming its
// iname, each run of siblings a sequence. loom's transforms are the schedule; isl never picks one.
#pragma once

#include <isl/cpp.h>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "codegen/linearize.hpp"
#include "ir/instance_sets.hpp"
#include "loom/kernel.hpp"

namespace loom::codegen {

// A loop whose bounds depend on data computed in an enclosing loop (a nested domain whose
// parameter is a temporary, e.g. CSR's row length). Its whole subtree is one opaque statement of
// the enclosing AST and gets its own AST generation where it runs (DESIGN.md §5), so isl never
// hoists a condition on the data above the code that computes it.
struct Region {
  LoopNestNode loop;                       // the data-dependent loop and everything inside it
  std::vector<std::string> outer_inames;  // loops around it: parameters of its own AST
  isl::set context;                        // what holds there: the enclosing constraints, as parameters
  std::map<std::string, std::string> parameter_aliases;  // as build_schedule's
};

struct Statement {
  int instruction_index = -1;     // -1 for a region
  std::vector<std::string> dims;  // loop inames, outermost first
  isl::set domain;                // S_k[dims] with the kernel's parameters
  std::shared_ptr<Region> region;
  // Per predicate of the instruction: true where it is affine and became part of `domain` (isl
  // then simplifies it with everything else it knows; lowering leaves it out).
  std::vector<bool> predicate_in_domain;
  // Parameters renamed by build_schedule's aliases: representative -> the alias this statement's
  // instruction runs in (or the representative itself where it runs in that). Lowering prints
  // isl's conditions with the names the statements below them use (codegen/isl_ast.cpp).
  std::map<std::string, std::string> parameter_names;
  // Constant boxes (ConstantBoxes below) this statement lies in: dims that are not dimensions of
  // `domain`; lowering takes their values from the box's copy being generated.
  std::vector<std::string> boxed_dims;
};

struct KernelSchedule {
  isl::schedule schedule;
  std::map<std::string, Statement> statements;  // by isl tuple name
  // Statement groups (issue 26, ast22): a run of consecutive statements of one sequence that isl
  // would treat alike (the same dims, boxed dims and domain, no loops of their own) is one isl
  // statement named after the first; its user node runs every member in order, each with its own
  // index expressions (codegen/isl_ast.cpp). isl's AST build costs per statement, and the members'
  // own user nodes would have been consecutive children under the same guards. Keyed by the isl
  // tuple name, members in order (the first is the key); only runs of two or more. Every member
  // stays in `statements`. LOOM_NO_STATEMENT_GROUPS=1 gives every statement its own isl
  // statement (for comparison).
  std::map<std::string, std::vector<std::string>> groups;
  // Constant loops (issue 26, ast22): a sequential loop (not unrolled by loom) whose body holds
  // only statements and constant boxes, and under which every statement's domain is its projection
  // times exactly the loop's constant range (at least 2 values), leaves isl's problem as a constant
  // box does (its dimension projected out, a boxed dim of its statements), under a mark
  // `range <iname>` (constant_loop_mark_name); lowering writes the loop isl would have written,
  // `for (iname = lower; iname <= upper; iname += 1)`, around the body isl builds below the mark.
  // isl's work per band (its bounds, the gists, the domain products) was the larger part of a
  // small kernel's AST build. By iname. LOOM_NO_CONSTANT_LOOPS=1 keeps every such loop a band.
  std::map<std::string, ConstantRange> constant_loops;
};

// Constant boxes: the loops loom unrolls itself (unr, ilp: LoopStyle::Kind::Unrolled without
// vectorization) give their constant range here, nullopt for any other loop. A loop with such a
// range (at least 2 copies) whose body holds only statements and other boxes, and under which every
// statement's domain is its projection times exactly that range (no constraint ties the iname to
// another dimension or parameter), leaves isl's problem: its dimension is projected out of the
// statements' domains, a mark `box <iname>` stands where its band would be, and lowering makes
// the copies (codegen/isl_ast.cpp). isl would have built a guard-free loop with constant bounds
// there, which lowering unrolled into the same copies; building it cost isl a band level per
// unrolled iname (the tuned SGEMM's four register-tile levels over 64 copies). Empty (the
// default): every loop is a band.
using ConstantBoxes = std::function<std::optional<ConstantRange>(const std::string& iname)>;

// The schedule of a region's own AST (its outer inames are parameters there).
KernelSchedule build_region_schedule(const LoopKernel& kernel, const Linearization& linearization,
                                     const Region& region, const ConstantBoxes& boxes = {});

// Names computed by the kernel (temporaries, written arguments) that a domain uses as parameter.
bool is_data_parameter(const LoopKernel& kernel, const std::string& name);

// `isolate_slabs`: generate split_iname's slabs apart (isl's isolate option); false keeps one
// loop (OpenCL nests with barriers: PoCL 3.1 mis-executes a barrier under a uniform branch).
// `parameter_aliases` (LaunchShape::aliases): parameters of the statements' domains that are
// renamed to the parameter they always equal.
KernelSchedule build_schedule(const LoopKernel& kernel, const Linearization& linearization, bool isolate_slabs = true,
                              const std::map<std::string, std::string>& parameter_aliases = {},
                              const ConstantBoxes& boxes = {});

// `set` with each parameter named in `aliases` replaced by the one it equals.
isl::set with_parameter_aliases(const isl::set& set, const std::map<std::string, std::string>& aliases);

// The mark placed above the band of a loop over `iname`.
std::string loop_mark_name(const std::string& iname);

// The mark standing for a constant box over `iname` (no band below it).
std::string box_mark_name(const std::string& iname);

// The mark standing for a constant loop over `iname` (KernelSchedule::constant_loops; no band below it).
std::string constant_loop_mark_name(const std::string& iname);

// The mark above a band of several loops, one member each, outermost first (a loop whose body is
// one loop, neither unrolled by loom: one isl band instead of a chain of one-member bands);
// `depth` is the schedule dimension of the first member (isl names its loop's iterator c<depth>).
struct BandMark {
  int depth = 0;
  std::vector<std::string> inames;
};
std::string band_mark_name(int depth, const std::vector<std::string>& inames);
std::optional<BandMark> read_band_mark(const std::string& name);

// Statements that joined the group of the statement before them (KernelSchedule::groups) since the
// process started, for tests that assert which path a kernel took. Only ever incremented.
int statements_grouped();

// Members joined to the band of the loop around them (band_mark_name) since the process started
// (a band of two joined to an outer loop counts two), for tests that assert which path a kernel
// took. Only ever incremented.
int loops_joined_to_bands();

// Whether `domain` is its projection along the dimension at `at` times exactly `range` of that
// dimension, read off the constraints: one basic set in which the dimension occurs only in bounds
// `dim >= lower` and `dim <= upper` of its own (no other dimension, parameter or existential in
// them, none of the existentials defined through it) is the rest of its constraints times
// [lower, upper]: true when that is `range`, false when it is another range. Nullopt (ask isl)
// for anything else.
std::optional<bool> plain_box_product(const isl::set& domain, unsigned at, const ConstantRange& range);

// The range of the dimension at `at` read off `domain`'s constant bounds of that dimension alone
// (one basic set); nullopt where it has no such lower and upper bound. plain_box_product says
// whether the domain is a product with it.
std::optional<ConstantRange> plain_dimension_range(const isl::set& domain, unsigned at);

}  // namespace loom::codegen
