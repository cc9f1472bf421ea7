// Lowering of loom expressions and instructions to the C AST for one statement instance: inames
// replaced by their values from the loop nest, arrays flattened by their layout, literals typed
// by context, Python's floor division and modulo made explicit.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analysis/type_inference.hpp"
#include "codegen/cast.hpp"
#include "loom/codegen.hpp"
#include "loom/kernel.hpp"

namespace loom::codegen {

using InameValues = std::map<std::string, cast::ExprPtr>;

class ExpressionLowering {
 public:
  ExpressionLowering(const LoopKernel& kernel, Target target);

  // `context` is the type weak literals adopt (the type of the operation they take part in).
  cast::ExprPtr lower(const Expr& expr, std::optional<DType> context, const InameValues& inames) const;
  cast::StmtPtr lower_instruction(const Instruction& instruction, const InameValues& inames) const;
  // The instruction of a vec loop over `vec_iname` as whole vectors (lower_vector.cpp), given the
  // inames' values in each lane; null where its accesses do not allow it (the loop is unrolled).
  cast::StmtPtr lower_vector_instruction(const Instruction& instruction, const std::vector<InameValues>& lanes,
                                         const std::string& vec_iname) const;
  // A vec loop's copy `x[..] = y[..]` whose lanes are consecutive elements of both arrays, 16
  // bytes in all (8 lanes of a 16-bit type, 4 of a 32-bit one), as one 16-byte copy on CUDA
  // (lower_vector.cpp): `statement` is the copy, `aligned` the run-time test that both addresses
  // are multiples of 16 (null: known). The caller runs it where every lane runs and `aligned`
  // holds, the lanes one by one elsewhere, both inside `guards` (the instruction's predicates
  // that name no lane, in their order, outermost first). Empty where the instruction is not such
  // a copy.
  struct WideCopy {
    cast::StmtPtr statement;
    cast::ExprPtr aligned;
    std::vector<cast::ExprPtr> guards;
  };
  std::optional<WideCopy> lower_wide_copy(const Instruction& instruction, const std::vector<InameValues>& lanes,
                                          const std::string& vec_iname) const;
  // The first predicate of one of split_uniform_selects' pairs (uniform_selects.hpp) as lowered,
  // where the pair's 16-byte copies test the arrays' alignment with one kernel-uniform test A
  // (lower_vector.cpp): `U && A` for the whole-tile copy, `!(U && A)` for the edge copy, so that the
  // whole-tile copy needs no lane-by-lane fallback; null elsewhere (the predicate lowers as it is).
  cast::ExprPtr pair_guard(const Instruction& instruction, const InameValues& inames) const;
  // Two float32 elements of an argument stored at once (one 8-byte store: wgmma's accumulator
  // pairs, tensor_cores.cpp): `access`'s element at `first` and the one at `iname` + 1, which must
  // be the next in memory (the iname's step in the flat index is 1). `address` is the first's,
  // `aligned` the run-time test that it is on 8 bytes (null: known; the array's start and the
  // parameters where known_multiples reads the offset, else the address itself). Empty on
  // targets other than CUDA, for temporaries, other types, or where the two are not adjacent.
  struct PairStore {
    cast::ExprPtr address;
    cast::ExprPtr aligned;
  };
  std::optional<PairStore> pair_store(const Expr& access, const std::string& iname, const InameValues& first) const;
  // Row-major (or column-major) flat index of `indices` into `array`.
  cast::ExprPtr flat_index(const std::string& array, const std::vector<ExprPtr>& indices,
                           const InameValues& inames) const;
  DType index_dtype() const { return kernel_.options.index_dtype; }
  // The flat index of a swizzled tile's element before the permutation (src/ir/layout.hpp): the
  // offset wgmma's descriptors address, the hardware applying the permutation itself.
  cast::ExprPtr unswizzled_index(const std::string& array, const std::vector<ExprPtr>& indices,
                                 const InameValues& inames) const;

 private:
  struct SwizzleParts {
    cast::ExprPtr whole, within;
  };
  SwizzleParts swizzle_parts(const std::string& array, const std::vector<ExprPtr>& indices,
                             const InameValues& inames) const;
  cast::ExprPtr swizzled(const cast::ExprPtr& flat, DType element) const;
  cast::ExprPtr strided_index(const std::vector<ExprPtr>& strides, const ExprPtr& offset,
                              const std::vector<ExprPtr>& indices, const InameValues& inames) const;
  cast::ExprPtr lower_binary(const Expr& expr, std::optional<DType> context, const InameValues& inames) const;
  cast::ExprPtr lower_constant_power(const Expr& base, const Expr& exponent, DType type,
                                     const InameValues& inames) const;
  cast::ExprPtr lower_arithmetic(BinaryOp op, cast::ExprPtr lhs, cast::ExprPtr rhs, DType type) const;
  cast::ExprPtr lower_call(const Expr& expr, std::optional<DType> context, const InameValues& inames) const;
  cast::ExprPtr lower_warp_reduction(const Expr& expr, const InameValues& inames) const;
  cast::ExprPtr lower_literal(const Expr& expr, std::optional<DType> context) const;
  DType concrete(const ExprType& type, std::optional<DType> context) const;
  std::vector<ExprPtr> shape_of(const std::string& array) const;
  cast::StmtPtr with_index_checks(const Instruction& instruction, const InameValues& inames,
                                  cast::StmtPtr statement) const;
  void collect_index_checks(const Expr& expr, const InameValues& inames, cast::ExprPtr& in_bounds) const;

  struct VectorAccess;
  std::optional<VectorAccess> vector_access(const Expr& access, const std::string& vec_iname, int64_t lanes) const;
  cast::ExprPtr vector_index(const VectorAccess& access, const InameValues& inames) const;
  struct NarrowCopy {
    cast::ExprPtr aligned;    // both addresses on the copies' width
    cast::StmtPtr statement;  // the chunk's copies
  };
  struct WideCopyParts {
    cast::StmtPtr statement;
    cast::ExprPtr lane_test;   // the lanes' predicates and fill condition, at their tightest lanes
    cast::ExprPtr alignment;   // the addresses' alignment test (null: known)
    std::vector<cast::ExprPtr> guards;
    bool lane_predicates = false;  // whether a predicate of the instruction names the vec iname
    cast::StmtPtr zero_fill;          // 16 zero bytes at the copy's destination (async fills only)
    cast::ExprPtr no_lane_in_range;   // where zero_fill replaces the lanes: every lane's fill fails
    // Async fills: the chunk as 8-byte, then 4-byte cp.async copies, each where its test holds
    // (rows on 8 or 4 bytes but not 16); empty elsewhere.
    std::vector<NarrowCopy> narrower;
  };
  std::vector<NarrowCopy> narrower_async_copies(const Expr& store, const Expr& read, const std::string& vec_iname,
                                                int64_t width, const InameValues& first, const cast::ExprPtr& to,
                                                const cast::ExprPtr& from) const;
  std::optional<WideCopyParts> wide_copy_parts(const Instruction& instruction, const std::vector<InameValues>& lanes,
                                               const std::string& vec_iname) const;
  cast::ExprPtr pair_alignment(const Instruction& instruction, const InameValues& inames) const;
  // pair_alignment read off the pair's edge copy, the whole copy's vec iname left out of `inames`.
  cast::ExprPtr edge_alignment(const Instruction& edge, const std::string& whole_vec, const std::string& edge_vec,
                               const InameValues& inames) const;
  std::optional<cast::ExprPtr> wide_copy_address(const Expr& access, const std::string& vec_iname, int64_t lanes,
                                                 const InameValues& first, cast::ExprPtr& aligned) const;
  cast::ExprPtr alignment_test(const std::string& array, const Temporary* temporary, const cast::ExprPtr& offset,
                               int64_t lanes, const cast::ExprPtr& address) const;

  const LoopKernel& kernel_;
  Target target_;
  TypeContext types_;
  // While lowering one lane of a vector statement: the accesses that read a lane of a vector
  // loaded once (lower_vector.cpp), by node.
  mutable const std::map<const Expr*, cast::ExprPtr>* lane_values_ = nullptr;
  // pair_alignment's answers by edge copy id: the other inames' values it was asked at (the pair's
  // vec inames left out: it sets them itself) and the test found (null: none). Every lane of
  // either copy, lowered one by one, asks it again at the same values (issue 26: each question
  // lowers the edge copy's eight lanes).
  struct PairAlignmentAnswer {
    InameValues others;
    cast::ExprPtr alignment;
  };
  mutable std::map<std::string, std::vector<PairAlignmentAnswer>> pair_alignments_;
};

// CUDA declares a private array of 16-bit elements whose size is a multiple of 16 bytes on 16
// bytes, so a 16-byte copy may read or write it at a constant multiple of 8 elements (the
// compiler keeps it in registers all the same).
bool private_array_on_16_bytes(DType dtype, int64_t extent);

// How many times `iname` counts in `expr`, an affine expression in it: null where it is not one
// (a product of two terms that use it, a division, a subscript, ...).
std::optional<int64_t> coefficient_of(const Expr& expr, const std::string& iname);

// The name of loom's integer helper for `base` ("loom_floor_div") at `dtype` (int32_t or int64_t).
std::string integer_helper(const std::string& base, DType dtype);

}  // namespace loom::codegen
