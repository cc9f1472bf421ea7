// LoopKernel: loom's kernel IR (DESIGN.md §3). A kernel is a value: transforms take one and return
// a new one; copies share their immutable parts (expressions, isl sets).
//
// isl objects stay behind opaque handles here (IslSet) so this header does not pull in isl/cpp.h;
// loom's own sources reach the isl set through src/ir/isl_kernel.hpp.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "loom/dtype.hpp"
#include "loom/expr.hpp"

namespace loom {

namespace detail {
struct IslSetData;
struct DependenceData;
}

// An isl set owned by the kernel lineage's isl context. Immutable.
class IslSet {
 public:
  IslSet() = default;
  explicit IslSet(std::shared_ptr<const detail::IslSetData> data) : data_(std::move(data)) {}
  bool empty_handle() const { return data_ == nullptr; }
  std::string str() const;  // isl's own printing
  const detail::IslSetData& data() const { return *data_; }

 private:
  std::shared_ptr<const detail::IslSetData> data_;
};

// One domain: a conjunction of affine constraints over some inames, parametric in others.
struct Domain {
  std::string text;                     // as the user wrote it
  std::vector<std::string> inames;      // set dimensions, in order
  std::vector<std::string> parameters;  // detected or declared parameters
  IslSet set;                           // [parameters] -> { [inames] : ... }
};

// Iname implementation tags (DESIGN.md §3; loopy's parse_tag).
struct InameTag {
  enum class Kind { Sequential, Ordered, Group, Local, LocalAuto, Unroll, UnrollHint, Ilp, IlpSeq, Vec };
  Kind kind = Kind::Sequential;
  int axis = -1;          // g.N / l.N
  int unroll_factor = 0;  // unr_hint.N (0: no factor)
  bool operator==(const InameTag&) const = default;
};
std::string to_string(const InameTag& tag);
// Parses "for", "ord", "g.0", "l.1", "l.auto", "unr", "unr_hint", "unr_hint.4", "ilp", "ilp.unr",
// "ilp.seq", "vec". Throws loom::Error naming the tag otherwise.
InameTag parse_iname_tag(const std::string& text);

enum class AddressSpace { Private, Local, Global, Auto };
std::string_view address_space_name(AddressSpace space);

enum class ArgKind { Array, Value, Constant };
enum class ArrayOrder { C, F };

struct KernelArgument {
  std::string name;
  ArgKind kind = ArgKind::Array;
  std::optional<DType> dtype;      // nullopt: inferred from use
  std::vector<ExprPtr> shape;      // expressions in the parameters; empty for values
  bool shape_is_auto = false;      // shape from the access footprint
  ArrayOrder order = ArrayOrder::C;
  // loopy's dim_tags, one per axis: "c", "f", "N0".."N9" (nesting level, N0 fastest),
  // "stride:<expr>", "sep" or "vec". Empty: `order` decides. See array_strides (src/ir/layout.hpp).
  std::vector<std::string> dim_tags;
  ExprPtr offset;                  // elements before element 0 in the buffer; null: 0
  std::optional<bool> is_input;    // nullopt: inferred
  std::optional<bool> is_output;
  bool is_array() const { return kind != ArgKind::Value; }
};

struct Temporary {
  std::string name;
  std::optional<DType> dtype;
  std::vector<ExprPtr> shape;  // empty: scalar
  AddressSpace address_space = AddressSpace::Auto;
  bool read_only = false;
  std::vector<double> initializer;
  // The storage layout, as for arguments (empty: C order); padding gives strides beyond the shape.
  std::vector<std::string> dim_tags;
  // alias_temporaries: the name of the storage area shared with other temporaries (empty: its
  // own). Code generation declares the area once, sized for the largest, and each temporary as a
  // pointer into it.
  std::string base_storage;
};

enum class InstructionKind { Assignment, Barrier, NoOp };
enum class SyncScope { Local, Global, Any };

struct NoSyncWith {
  std::string instruction_match;  // an id or glob
  SyncScope scope = SyncScope::Any;
};

struct Instruction {
  std::string id;
  InstructionKind kind = InstructionKind::Assignment;
  std::vector<ExprPtr> assignees;  // Variable or Subscript; several for tuple assignment
  ExprPtr expression;              // right-hand side (null for barriers and nops)
  std::set<std::string> within_inames;
  std::set<std::string> depends_on;
  std::vector<NoSyncWith> no_sync_with;
  std::vector<ExprPtr> predicates;  // conditions (from `if` blocks and `if=` options)
  std::set<std::string> tags;
  int priority = 0;
  // Barriers: which work-items wait (local: a work-group; global: the whole launch, a kernel
  // split) and which memory they make visible (loopy's mem_kind: `lbarrier {mem_kind=global}`
  // waits for the work-group but fences global memory).
  SyncScope barrier_scope = SyncScope::Local;
  SyncScope barrier_mem_kind = SyncScope::Local;
  std::string source;              // the instruction's text, for messages
};

// `name(p1, p2) := expression`; argument-less rules have no parameters.
struct SubstitutionRule {
  std::string name;
  std::vector<std::string> parameters;
  ExprPtr expression;
};

struct KernelOptions {
  bool seq_dependencies = false;
  DType index_dtype = DType::Int32;
  bool enforce_array_accesses_within_bounds = true;
  std::vector<std::string> silenced_warnings;
};

// How one transform rewrote inames: `old_inames` were replaced by `new_inames` (e.g. i →
// i_outer, i_inner for a split), with `relation` (isl syntax) relating their values. Later
// transforms use it to trace names the user still writes in `within` or footprints.
struct InameRewrite {
  std::string transform;
  std::vector<std::string> old_inames;
  std::vector<std::string> new_inames;
  std::string relation;
};

// How a layout transform renumbered an array's logical indices (split_array_axis): the element
// at old index (loom_axis_0, loom_axis_1, ...) is now at `new_indices` (expressions in those
// names). Checks compare arrays through it by the original logical index (DESIGN.md §3a).
struct ArrayRewrite {
  std::string transform;
  std::string array;
  std::vector<ExprPtr> new_indices;
};

// One applied transform, as it would be written in a spec (name and arguments in text form).
struct AppliedTransform {
  std::string name;
  std::string call;  // e.g. split_iname(iname="i", inner_length=16)
};

struct LoopKernel {
  std::string name = "loopy_kernel";
  std::vector<Domain> domains;
  std::vector<Instruction> instructions;
  std::vector<KernelArgument> args;
  std::vector<Temporary> temporaries;
  std::map<std::string, InameTag> iname_tags;               // absent: sequential
  std::vector<std::vector<std::string>> loop_priorities;    // each: outer to inner
  std::map<std::string, SubstitutionRule> substitutions;
  IslSet assumptions;                                       // parameters only
  std::string assumptions_text;
  KernelOptions options;
  // Inames whose loop is generated in slabs (split_iname's slabs): isl separates the loop into
  // pieces with uniform inner bounds, so the bulk runs without guards.
  std::map<std::string, std::pair<int64_t, int64_t>> slabs;
  std::vector<InameRewrite> iname_rewrites;
  std::vector<ArrayRewrite> array_rewrites;
  std::vector<AppliedTransform> applied_transforms;
  // The instance dependences of the untransformed kernel, traced through every transform so far
  // (DESIGN.md §3a); computed by the first transform that needs them.
  std::shared_ptr<const detail::DependenceData> dependences;
  // Set by a checked transform when the kernel passed every check (code generation then skips
  // them); cleared by anything unchecked.
  bool verified = false;

  // Lookups; null when absent.
  const KernelArgument* find_arg(const std::string& name) const;
  const Temporary* find_temporary(const std::string& name) const;
  const Instruction* find_instruction(const std::string& id) const;
  const Domain* domain_of_iname(const std::string& iname) const;
  // All inames, in the order they appear in the domain strings (DESIGN.md §3a).
  std::vector<std::string> all_inames() const;
  // Parameters of the domains and assumptions that are not inames of another domain.
  std::vector<std::string> parameters() const;
  InameTag tag_of(const std::string& iname) const;
};

// Printing back to loopy's kernel syntax (domains, instructions, args).
std::string to_string(const LoopKernel& kernel);
// The substitution rules and instructions as instruction text: make_kernel parses it back to the
// same instructions, temporaries and rules (every option spelled out: ids, deps, inames).
std::string instructions_text(const LoopKernel& kernel);

// ---- Creating kernels (loopy's make_kernel) ----

// Declares arrays: `names` may be one name or a comma list ("a, b"); shape entries are
// expressions in the parameters ("n", "n+2", "16").
KernelArgument array_arg(const std::string& names, DType dtype, std::vector<std::string> shape,
                         ArrayOrder order = ArrayOrder::C);
KernelArgument value_arg(const std::string& name, DType dtype = DType::Int32);
// loopy's `...`: every name used but not declared becomes an argument (written or subscripted
// names arrays with shape auto, other names values); dtypes of written ones come from the
// values assigned.
KernelArgument infer_remaining_args();

struct MakeKernelOptions {
  std::string name = "loopy_kernel";
  std::string assumptions;  // isl constraints on the parameters, e.g. "n >= 1 and n mod 16 = 0"
  KernelOptions options;
  std::vector<Temporary> temporaries;  // declared up front (besides `<>` declarations in the text)
};

// Parses the domains (isl syntax with loopy's parameter detection) and the instructions (loopy's
// language), declares `args` (each entry of array_arg may hold several names) and checks that
// every name used is declared: an array, value, temporary, iname or parameter. Domain parameters
// without a declaration become value arguments of the index dtype.
LoopKernel make_kernel(const std::vector<std::string>& domains, const std::string& instructions,
                       const std::vector<KernelArgument>& args, const MakeKernelOptions& options = {});

}  // namespace loom
