#include "codegen/isl_ast.hpp"
#include "codegen/cast_equality.hpp"

#include <algorithm>
#include <cctype>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <functional>
#include <optional>
#include <set>
#include <sstream>

#include <isl/aff.h>
#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/constraint.h>
#include <isl/id.h>
#include <isl/ilp.h>
#include <isl/local_space.h>
#include <isl/schedule.h>
#include <isl/val.h>

#include "codegen/fixed_bands.hpp"
#include "codegen/fold.hpp"
#include "codegen/merge_branches.hpp"
#include "codegen/nest_boxes.hpp"
#include "codegen/parameter_guard.hpp"
#include "codegen/unused_parameters.hpp"
#include "ir/isl_extra.hpp"
#include "ir/stage_timer.hpp"
#include "loom/error.hpp"

namespace loom::codegen {

namespace {

// The unroll factor of a plain unr_hint loop (`#pragma unroll`, no factor given) whose body holds
// domain guards: the partial-tile copies of a k tile, where every multiply-add of the register
// tile sits under its own guard. NVVM unrolls `#pragma unroll` fully, and on thousands of guarded
// blocks that is most of a compile: a 32-deep k tile of sgemm_space_v5 took 41 CPU-s of NVRTC,
// 5 with 8 on its guarded copies (1: 2.7, 4: 3.1). Only edge tiles run these copies, and the
// guard-free copy (the full tiles) keeps its full unroll, but both paths share one register
// allocation: with 4, NVRTC's 8-deep tiles spilled 4 B and ran 9-11% slower at n = 4096 where only
// full tiles run (H100); 8 leaves a k tile of up to 8 exactly as it was (benchmarks/results/
// 2026-11-26-tune-rate-4.md). LOOM_GUARDED_UNROLL=N overrides it for measurements (0: full
// unroll, as before); it is one of the spec cache's code switches.
constexpr int kGuardedUnrollFactor = 8;

int guarded_unroll_factor() {
  const char* setting = std::getenv("LOOM_GUARDED_UNROLL");
  if (setting == nullptr || *setting == '\0') return kGuardedUnrollFactor;
  return std::max(0, std::atoi(setting));
}

// Iterator names isl chose (c0, c1, ...) → the expressions that replace them in loom's code.
using IteratorValues = std::map<std::string, cast::ExprPtr>;

std::string id_name(isl_id* id) {
  std::string name = isl_id_get_name(id);
  isl_id_free(id);
  return name;
}

// Per-copy guards of unrolled loops, computed by isl while it builds the AST (where it knows what
// the enclosing loops already imply), so each copy keeps only the guards it needs (DESIGN.md §5).
struct UnrollGuards {
  std::vector<std::optional<isl::ast_expr>> guards;  // one per copy; nullopt: the copy always runs
  std::vector<bool> never;            // the copy never runs
  // vec loops: where every copy runs (nullopt: always, or some copy never runs), one condition
  // isl simplifies instead of the copies' guards joined (a ragged row's 8 lanes: one comparison).
  std::optional<isl::ast_expr> every;
  // The loop's schedule points and the position of its dimension, for loops_around_bound_exactly.
  std::optional<isl::set> points;
  int last = 0;
};

// Whether isl's loops around an unrolled loop run exactly where some copy runs (the projection of
// the loop's points onto the dimensions around it), so that the condition of the unrolled loop's
// own bounds, where it names only those loops, need not be kept. isl bounds a loop by constraints
// of its points' projection; where that projection, at the loop's depth or any depth around it,
// is a union or needs existentials (slabs, strides, a remainder `j mod 3`), isl may bound the loop
// by a hull, wider than the points, and leave the rest to the bounds of the loops inside: the
// unrolled loop's, which its copies replace (fuzz seed 73000604: a slab's remainder loop over
// j_outer_inner ran to a constant 1 for every row of a triangle, and copy 0, unguarded, wrote
// outside it). One basic set without existentials at every depth is bounded exactly.
bool loops_around_bound_exactly(const UnrollGuards& table) {
  if (!table.points) return false;
  isl_set* projected = isl_set_project_out(table.points->copy(), isl_dim_set, static_cast<unsigned>(table.last), 1);
  bool exact = true;
  for (int depth = table.last; exact && depth > 0; --depth) {
    projected = isl_set_coalesce(projected);
    exact = isl_set_n_basic_set(projected) == 1;
    if (exact) {
      isl_basic_set_list* list = isl_set_get_basic_set_list(projected);
      isl_basic_set* basic = isl_basic_set_list_get_at(list, 0);
      exact = isl_basic_set_dim(basic, isl_dim_div) == 0;
      isl_basic_set_free(basic);
      isl_basic_set_list_free(list);
    }
    projected = isl_set_project_out(projected, isl_dim_set, static_cast<unsigned>(depth - 1), 1);
  }
  isl_set_free(projected);
  return exact;
}

class GuardCollector {
 public:
  explicit GuardCollector(const LoopStyles& styles) : styles_(styles) {}

  static isl_stat on_mark(isl_id* mark, isl_ast_build*, void* user) {
    auto* self = static_cast<GuardCollector*>(user);
    std::string name = isl_id_get_name(mark);  // isl keeps the id
    self->marks_.push_back(name.rfind("loop ", 0) == 0 ? name.substr(5) : "");
    return isl_stat_ok;
  }
  static isl_ast_node* after_mark(isl_ast_node* node, isl_ast_build*, void* user) {
    static_cast<GuardCollector*>(user)->marks_.pop_back();
    return node;
  }
  static isl_id* before_for(isl_ast_build* build, void* user) {
    auto* self = static_cast<GuardCollector*>(user);
    isl_ctx* ctx = isl_ast_build_get_ctx(build);
    // Exceptions must not cross isl's C frames: keep the first one and make isl stop.
    try {
      if (self->marks_.empty() || self->marks_.back().empty()) return isl_id_alloc(ctx, "loop", nullptr);
      LoopStyle style = self->styles_(self->marks_.back());
      if (style.kind != LoopStyle::Kind::Unrolled) return isl_id_alloc(ctx, "loop", nullptr);
      self->tables_.push_back(self->guards_for(build, style));
      return isl_id_alloc(ctx, "unrolled", reinterpret_cast<void*>(self->tables_.size()));
    } catch (...) {
      self->error_ = std::current_exception();
      return nullptr;
    }
  }

  void rethrow_pending() const {
    if (error_) std::rethrow_exception(error_);
  }

  const UnrollGuards* guards_of(isl_ast_node* for_node) const {
    isl_id* annotation = isl_ast_node_get_annotation(for_node);
    if (annotation == nullptr) return nullptr;
    auto index = reinterpret_cast<std::size_t>(isl_id_get_user(annotation));
    isl_id_free(annotation);
    return index == 0 ? nullptr : &tables_[index - 1];
  }

 private:
  // The schedule points of this loop level; for each value c of the loop's dimension, the
  // condition on the enclosing dimensions under which copy c runs, simplified by what holds
  // whenever the loop runs at all.
  UnrollGuards guards_for(isl_ast_build* build, const LoopStyle& style) const {
    isl::union_map schedule = isl::manage(isl_ast_build_get_schedule(build));
    isl::set points = isl::manage(isl_set_from_union_set(schedule.range().release()));
    int last = isl_extra::dim_count(points, isl_dim_set) - 1;
    UnrollGuards result;
    if (every_copy_runs_with_the_loop(points, last, style)) {
      verify_guard_free(build, style, points, last);
      result = guard_free(style);
    } else {
      result = gisted_guards(build, style, points, last);
    }
    result.points = points;
    result.last = last;
    return result;
  }

  // Whether the loop's points are the points of the loops around it times exactly its range, read
  // off the constraints (plain_box_product): then every copy's condition is the loop's own, whose
  // gist is the universe (no guard), and every copy runs. Such loops are no constant box where
  // they hold another loop or a tensor tile, or where only the full-group nest's context makes
  // their statements a product (boxes are decided once, for both nests). isl's subset test would
  // cost what the skipped gists cost (wt-speed7 removed one for that reason).
  bool every_copy_runs_with_the_loop(const isl::set& points, int last, const LoopStyle& style) const {
    ConstantRange range{style.lower, style.extent};
    std::optional<bool> product = plain_box_product(points, static_cast<unsigned>(last), range);
    return product.value_or(false);
  }

  static UnrollGuards guard_free(const LoopStyle& style) {
    UnrollGuards result;
    result.guards.assign(static_cast<std::size_t>(style.extent), std::nullopt);
    result.never.assign(static_cast<std::size_t>(style.extent), false);
    return result;
  }

  // LOOM_VERIFY_SKIPPED_CHECKS: the copies' gists run too, and an internal error where one of them
  // gives a guard or a copy that never runs.
  void verify_guard_free(isl_ast_build* build, const LoopStyle& style, const isl::set& points, int last) const {
    if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") == nullptr) return;
    UnrollGuards gisted = gisted_guards(build, style, points, last);
    bool same = !gisted.every;
    for (std::size_t copy = 0; copy < gisted.guards.size(); ++copy) {
      same = same && !gisted.guards[copy] && !gisted.never[copy];
    }
    if (!same) {
      std::ostringstream text;
      text << "an unrolled loop read as guard-free has guarded copies when gisted: " << points;
      throw InternalError(text.str());
    }
  }

  UnrollGuards gisted_guards(isl_ast_build* build, const LoopStyle& style, const isl::set& points, int last) const {
    isl::set any = enclosing(points, last);
    UnrollGuards result;
    // isl's gist computes the context's existentials explicitly (isl_set_compute_divs) before
    // it simplifies; `any` is the projection of the loop's points, whose existential has no
    // explicit definition when the loop's bounds divide (a fetch copy's rows over a k tile), so
    // every copy's gist solved that problem again (two thirds of the gists' time in the pipelined
    // BF16 GEMM). Computed once here; the same set, so the same conditions.
    isl::set context = isl::manage(isl_set_compute_divs(any.copy()));
    std::optional<isl::set> every;
    std::optional<std::vector<LoopBound>> bounds;
    if (!style.vectorize) bounds = bounds_on_the_loop(points, last, context);
    for (int64_t value = style.lower; value < style.lower + style.extent; ++value) {
      if (bounds) {
        if (std::optional<CopyCondition> read = condition_read_off(*bounds, last, value)) {
          verify_condition_read_off(*read, points, last, value, context);
          result.never.push_back(read->never);
          result.guards.push_back(read->guard ? std::optional(guard_expression(build, *read->guard)) : std::nullopt);
          continue;
        }
      }
      isl::set at = isl::manage(isl_set_fix_si(points.copy(), isl_dim_set, static_cast<unsigned>(last), static_cast<int>(value)));
      isl::set condition = enclosing(at, last).gist(context);
      verify_same_gist(condition, enclosing(at, last), any);
      if (style.vectorize) every = every ? every->intersect(condition) : condition;
      bool never = condition.is_empty();
      result.never.push_back(never);
      bool always = !never && is_universe(condition);
      if (never || always) {
        result.guards.push_back(std::nullopt);
      } else {
        result.guards.push_back(guard_expression(build, condition));
      }
    }
    if (every && !every->is_empty()) {
      isl::set all = every->coalesce().gist(context);
      if (!all.is_equal(isl::set::universe(all.space()))) {
        result.every = isl::manage(isl_ast_build_expr_from_set(build, in_build_space(build, all)));
      }
    }
    return result;
  }

  // The condition under which one copy runs, where it is read off the loop's bounds: never, always
  // (no guard) or one bound at the copy's value (`guard`).
  struct CopyCondition {
    bool never = false;
    std::optional<isl::set> guard;
  };

  // A constraint of the loop's points that mentions its dimension x: `rest + step * x >= 0`, with
  // the least and greatest integer value of `rest` over the loop's enclosing points (parameters
  // as variables).
  struct LoopBound {
    isl::basic_set constraint;
    int64_t step = 0;
    isl::val least, greatest;
  };

  // The loop's bounds where its points are one basic set without existentials whose constraints
  // on x are inequalities with small integer steps (the rows specs' `256c < n - j_inner`, a tile's
  // `16c < m - 64w - 128g`) and `any`, the enclosing points, has points; nullopt otherwise.
  static std::optional<std::vector<LoopBound>> bounds_on_the_loop(const isl::set& points, int last, const isl::set& any) {
    if (isl_set_n_basic_set(points.get()) != 1) return std::nullopt;
    isl_basic_set_list* list = isl_set_get_basic_set_list(points.get());
    // The points' tuple nests the loop levels ([[[] -> [c0]] -> [c1]]); `any`'s is flat.
    isl::basic_set basic = isl::manage(isl_basic_set_flatten(isl_basic_set_list_get_at(list, 0)));
    isl_basic_set_list_free(list);
    if (isl_basic_set_dim(basic.get(), isl_dim_div) != 0) return std::nullopt;
    struct Collected {
      unsigned at;
      const isl::set& any;
      std::vector<LoopBound> bounds;
      bool plain = true;
    } collected{static_cast<unsigned>(last), any, {}, true};
    auto collect = [](isl_constraint* constraint, void* user) -> isl_stat {
      auto* into = static_cast<Collected*>(user);
      if (into->plain && isl_constraint_involves_dims(constraint, isl_dim_set, into->at, 1) != isl_bool_false) {
        std::optional<LoopBound> bound = loop_bound(constraint, into->at, into->any);
        if (bound) into->bounds.push_back(*bound);
        else into->plain = false;
      }
      isl_constraint_free(constraint);
      return isl_stat_ok;
    };
    if (isl_basic_set_foreach_constraint(basic.get(), collect, &collected) < 0 || !collected.plain) return std::nullopt;
    return collected.bounds;
  }

  static std::optional<LoopBound> loop_bound(isl_constraint* constraint, unsigned at, const isl::set& any) {
    if (isl_constraint_is_equality(constraint) != isl_bool_false) return std::nullopt;
    isl::val step = isl::manage(isl_constraint_get_coefficient_val(constraint, isl_dim_set, static_cast<int>(at)));
    if (!step.is_int() || step.abs().gt(isl::val(any.ctx(), 1 << 20))) return std::nullopt;
    isl_aff* rest = isl_aff_set_coefficient_si(isl_constraint_get_aff(constraint), isl_dim_in, static_cast<int>(at), 0);
    LoopBound bound;
    bound.least = isl::manage(isl_set_min_val(any.get(), rest));
    bound.greatest = isl::manage(isl_set_max_val(any.get(), rest));
    isl_aff_free(rest);
    if (bound.least.is_nan() || bound.greatest.is_nan()) return std::nullopt;
    bound.step = step.get_num_si();
    bound.constraint = isl::manage(isl_basic_set_from_constraint(isl_constraint_copy(constraint)));
    return bound;
  }

  // The copy at `value` runs where the points' other constraints and every bound at `value` hold.
  // `any`, the projection of the points, satisfies the other constraints, so the gist of the copy's
  // points against `any` is the bounds at `value` that `any` does not imply (`rest + step * value
  // >= 0` is implied where the least `rest` satisfies it); where that is none, the copy always
  // runs (`any` has points), and where it is one bound, the copy runs where it holds unless no
  // point of `any` satisfies it (the greatest `rest` does not). Two or more, or one that is 0
  // wherever it holds: nullopt (isl's gist may drop one that `any` and the others imply together,
  // and writes the other as an equality). Two optimizations per bound and loop instead of each
  // copy's projection, gist, emptiness and universe tests.
  static std::optional<CopyCondition> condition_read_off(const std::vector<LoopBound>& bounds, int last, int64_t value) {
    const LoopBound* left = nullptr;
    for (const LoopBound& bound : bounds) {
      if (holds(bound.least, bound.step, value)) continue;
      if (left != nullptr) return std::nullopt;
      left = &bound;
    }
    if (left == nullptr) return CopyCondition{};
    if (!holds(left->greatest, left->step, value)) return CopyCondition{true, std::nullopt};
    // A bound that is 0 wherever it holds makes an equality of the copy's points (`i1 <= 0` beside
    // `i1 >= 0`), which isl's gist keeps as `i1 = 0`: isl's form, so isl's gist.
    if (!left->greatest.is_infty() && left->greatest.add(isl::val(left->greatest.ctx(), left->step * value)).is_zero()) {
      return std::nullopt;
    }
    isl_set* at = isl_set_fix_si(isl_set_from_basic_set(left->constraint.copy()), isl_dim_set,
                                 static_cast<unsigned>(last), static_cast<int>(value));
    return CopyCondition{false, enclosing(isl::manage(at), last)};
  }

  // Whether `rest + step * value >= 0` for `rest` at an extreme (an infinite one: the sign).
  static bool holds(const isl::val& rest, int64_t step, int64_t value) {
    if (rest.is_infty()) return true;
    if (rest.is_neginfty()) return false;
    return rest.add(isl::val(rest.ctx(), step * value)).sgn() >= 0;
  }

  // LOOM_VERIFY_SKIPPED_CHECKS: the copy's condition gisted by isl too, and an internal error
  // where it differs from the one read off (as constraints: it becomes the printed guard).
  static void verify_condition_read_off(const CopyCondition& read, const isl::set& points, int last, int64_t value,
                                        const isl::set& any) {
    if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") == nullptr) return;
    isl::set at = isl::manage(isl_set_fix_si(points.copy(), isl_dim_set, static_cast<unsigned>(last), static_cast<int>(value)));
    isl::set gisted = enclosing(at, last).gist(any);
    bool same = read.never ? gisted.is_empty()
                : read.guard ? isl_set_plain_is_equal(read.guard->get(), gisted.get()) == isl_bool_true
                             : !gisted.is_empty() && is_universe(gisted);
    if (!same) {
      std::ostringstream text;
      text << "an unrolled copy's condition read off the loop's bounds differs from isl's gist at " << value << ": "
           << gisted;
      throw InternalError(text.str());
    }
  }

  // A copy's guard as isl's builder writes it. Most guards (the rows specs' 124 of 124, the tensor
  // GEMMs' partial-group copies) are one conjunction of constraints on the parameters without
  // divisions, gisted against the loop's points, a subset of the build's domain: those are read
  // off the constraints (parameter_guard.hpp) instead of going through the builder's own gist and
  // its restriction after each constraint. LOOM_VERIFY_SKIPPED_CHECKS: isl's expression too, and
  // an internal error where the two differ.
  static isl::ast_expr guard_expression(isl_ast_build* build, const isl::set& condition) {
    std::optional<isl::ast_expr> plain = plain_parameter_guard(condition);
    bool verify = std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr;
    if (plain && !verify) return *plain;
    isl::ast_expr built = isl::manage(isl_ast_build_expr_from_set(build, in_build_space(build, condition)));
    if (plain && isl_ast_expr_is_equal(plain->get(), built.get()) != isl_bool_true) {
      std::ostringstream text;
      text << "a guard read off its constraints differs from isl's: " << condition;
      throw InternalError(text.str());
    }
    return built;
  }

  // Whether `condition` holds everywhere. isl's is_equal with the universe subtracts the condition
  // from the universe and tests the difference for emptiness, for every guarded copy; one basic
  // set without existentials that constrains some variable is not the universe (the constraint
  // fails far enough along its normal), which the constraints show. Anything else asks isl.
  // LOOM_VERIFY_SKIPPED_CHECKS: isl's test too, and an internal error where they differ.
  static bool is_universe(const isl::set& condition) {
    if (isl_set_plain_is_universe(condition.get()) == isl_bool_true) return true;
    bool constrained = plainly_constrained(condition);
    if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr && constrained &&
        condition.is_equal(isl::set::universe(condition.space()))) {
      std::ostringstream text;
      text << "a guard read as constrained is the universe: " << condition;
      throw InternalError(text.str());
    }
    return !constrained && condition.is_equal(isl::set::universe(condition.space()));
  }

  // One basic set, no existentials, and a constraint with a nonzero coefficient.
  static bool plainly_constrained(const isl::set& condition) {
    if (isl_set_n_basic_set(condition.get()) != 1) return false;
    isl_basic_set_list* list = isl_set_get_basic_set_list(condition.get());
    isl::basic_set basic = isl::manage(isl_basic_set_list_get_at(list, 0));
    isl_basic_set_list_free(list);
    if (isl_basic_set_dim(basic.get(), isl_dim_div) != 0) return false;
    auto involves_a_variable = [](isl_constraint* constraint, void* user) -> isl_stat {
      isl_local_space* space = isl_constraint_get_local_space(constraint);
      int params = isl_local_space_dim(space, isl_dim_param), sets = isl_local_space_dim(space, isl_dim_set);
      isl_local_space_free(space);
      bool involves = (params > 0 && isl_constraint_involves_dims(constraint, isl_dim_param, 0, static_cast<unsigned>(params)) == isl_bool_true) ||
                      (sets > 0 && isl_constraint_involves_dims(constraint, isl_dim_set, 0, static_cast<unsigned>(sets)) == isl_bool_true);
      isl_constraint_free(constraint);
      if (involves) *static_cast<bool*>(user) = true;
      return isl_stat_ok;
    };
    bool found = false;
    if (isl_basic_set_foreach_constraint(basic.get(), involves_a_variable, &found) < 0) return false;
    return found;
  }

  // LOOM_VERIFY_SKIPPED_CHECKS: the copy's guard gisted against `any` itself too, and an internal
  // error where the two differ (as constraints, not only as sets: they become the printed guard).
  static void verify_same_gist(const isl::set& condition, const isl::set& enclosing_points, const isl::set& any) {
    if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") == nullptr) return;
    isl::set direct = enclosing_points.gist(any);
    if (isl_set_plain_is_equal(condition.get(), direct.get()) != isl_bool_true) {
      std::ostringstream text;
      text << "an unrolled copy's guard differs when the context's existentials are computed first: " << condition
           << " vs " << direct;
      throw InternalError(text.str());
    }
  }

  // The build's schedule space nests its dimensions ([[[] -> [c0]] -> [c1]]); `set` is over the
  // flattened tuple. Pull it back through the flattening.
  static isl_set* in_build_space(isl_ast_build* build, const isl::set& set) {
    isl_space* space = isl_ast_build_get_schedule_space(build);
    isl_multi_aff* flatten = isl_multi_aff_flatten_range(isl_multi_aff_identity(isl_space_map_from_set(space)));
    isl_set* flat = isl_set_reset_tuple_id(set.copy());
    return isl_set_preimage_multi_aff(flat, flatten);
  }

  // `points` with dimension `last` projected out and re-added unconstrained (the build's space).
  static isl::set enclosing(const isl::set& points, int last) {
    isl_set* projected = isl_set_project_out(points.copy(), isl_dim_set, static_cast<unsigned>(last), 1);
    projected = isl_set_insert_dims(projected, isl_dim_set, static_cast<unsigned>(last), 1);
    return isl::manage(projected).coalesce();
  }

  const LoopStyles& styles_;
  std::vector<std::string> marks_;
  std::vector<UnrollGuards> tables_;
  std::exception_ptr error_;
};

// The names parameters print as under a node: where every statement below that names a
// representative (Statement::parameter_names) runs in the same alias of it, that alias; isl's
// condition then reads as the statements' own code does.
using ParameterNames = std::map<std::string, std::string>;

ParameterNames agreed_parameter_names(const std::vector<const Statement*>& statements) {
  ParameterNames agreed;
  std::set<std::string> conflicting;
  for (const Statement* statement : statements) {
    for (const auto& [representative, name] : statement->parameter_names) {
      auto [found, inserted] = agreed.emplace(representative, name);
      if (!inserted && found->second != name) conflicting.insert(representative);
    }
  }
  for (const std::string& representative : conflicting) agreed.erase(representative);
  return agreed;
}

class AstLowering {
 public:
  AstLowering(const KernelSchedule& schedule, DType index_dtype, const StatementLowering& lower_statement,
              const LoopStyles& loop_styles, const GuardCollector& guards)
      : schedule_(schedule), index_(index_dtype), lower_statement_(lower_statement), loop_styles_(loop_styles),
        guards_(guards) {}

  cast::StmtPtr node(const isl::ast_node& ast, const IteratorValues& iterators,
                     const std::string& pending_mark) const {
    isl_ast_node* raw = ast.get();
    NamesInScope names(parameter_names_, names_below(ast));
    switch (isl_ast_node_get_type(raw)) {
      case isl_ast_node_for: return for_node(ast, iterators, pending_mark);
      // A band isl splits into pieces (slabs) or guards sits under its mark as an if or a block
      // of loops: each of those loops is still the marked iname's.
      case isl_ast_node_if: {
        LoopsAroundOnlyThis inside(loops_around_only_this_, {});
        return if_node(ast, iterators, pending_mark);
      }
      case isl_ast_node_block: {
        LoopsAroundOnlyThis inside(loops_around_only_this_, {});
        return block_node(ast, iterators, pending_mark);
      }
      case isl_ast_node_mark: {
        std::string mark = id_name(isl_ast_node_mark_get_id(raw));
        if (mark.rfind("box ", 0) == 0) return box(ast, iterators);
        if (mark.rfind("range ", 0) == 0) return constant_loop(ast, mark.substr(6), iterators);
        return node(isl::manage(isl_ast_node_mark_get_node(raw)), iterators, mark);
      }
      case isl_ast_node_user: return user_node(ast, iterators);
      default: break;
    }
    throw InternalError("unexpected isl AST node");
  }

  cast::ExprPtr expr(const isl::ast_expr& ast, const IteratorValues& iterators) const {
    isl_ast_expr* raw = ast.get();
    switch (isl_ast_expr_get_type(raw)) {
      case isl_ast_expr_int: {
        isl_val* value = isl_ast_expr_int_get_val(raw);
        int64_t number = isl_val_get_num_si(value);
        isl_val_free(value);
        return cast::int_const(number, index_);
      }
      case isl_ast_expr_id: {
        std::string name = id_name(isl_ast_expr_id_get_id(raw));
        if (auto found = iterators.find(name); found != iterators.end()) return found->second;
        if (auto renamed = parameter_names_.find(name); renamed != parameter_names_.end()) {
          return cast::var(renamed->second, index_);
        }
        return cast::var(name, index_);
      }
      case isl_ast_expr_op: return op_expr(ast, iterators);
      default: break;
    }
    throw InternalError("unexpected isl AST expression");
  }

 private:
  isl::ast_expr arg(const isl::ast_expr& ast, int position) const {
    return isl::manage(isl_ast_expr_op_get_arg(ast.get(), position));
  }

  cast::ExprPtr op_expr(const isl::ast_expr& ast, const IteratorValues& iterators) const {
    auto operand = [&](int position) { return expr(arg(ast, position), iterators); };
    auto binary = [&](const char* op, DType dtype) {
      return cast::binary(op, operand(0), operand(1), dtype);
    };
    switch (isl_ast_expr_op_get_type(ast.get())) {
      case isl_ast_expr_op_and:
      case isl_ast_expr_op_and_then: return binary("&&", DType::Bool);
      case isl_ast_expr_op_or:
      case isl_ast_expr_op_or_else: return binary("||", DType::Bool);
      case isl_ast_expr_op_max:
      case isl_ast_expr_op_min: return min_max(ast, iterators);
      case isl_ast_expr_op_minus: return cast::unary("-", operand(0), index_);
      case isl_ast_expr_op_add: return binary("+", index_);
      case isl_ast_expr_op_sub: return binary("-", index_);
      case isl_ast_expr_op_mul: return binary("*", index_);
      case isl_ast_expr_op_div:
      case isl_ast_expr_op_pdiv_q: return binary("/", index_);
      case isl_ast_expr_op_pdiv_r:
      case isl_ast_expr_op_zdiv_r: return binary("%", index_);
      case isl_ast_expr_op_fdiv_q:
        return cast::call(integer_helper("loom_floor_div", index_), {operand(0), operand(1)}, index_);
      case isl_ast_expr_op_cond:
      case isl_ast_expr_op_select: return cast::ternary(operand(0), operand(1), operand(2), index_);
      case isl_ast_expr_op_eq: return binary("==", DType::Bool);
      case isl_ast_expr_op_le: return binary("<=", DType::Bool);
      case isl_ast_expr_op_lt: return binary("<", DType::Bool);
      case isl_ast_expr_op_ge: return binary(">=", DType::Bool);
      case isl_ast_expr_op_gt: return binary(">", DType::Bool);
      default: break;
    }
    throw InternalError("unexpected isl AST operation");
  }

  cast::ExprPtr min_max(const isl::ast_expr& ast, const IteratorValues& iterators) const {
    bool is_min = isl_ast_expr_op_get_type(ast.get()) == isl_ast_expr_op_min;
    std::string helper = integer_helper(is_min ? "loom_min" : "loom_max", index_);
    int n = isl_ast_expr_op_get_n_arg(ast.get());
    cast::ExprPtr result = expr(arg(ast, 0), iterators);
    for (int i = 1; i < n; ++i) result = cast::call(helper, {result, expr(arg(ast, i), iterators)}, index_);
    return result;
  }

  cast::StmtPtr for_node(const isl::ast_node& ast, IteratorValues iterators, const std::string& mark) const {
    isl_ast_node* raw = ast.get();
    std::string isl_iterator = id_name(isl_ast_expr_id_get_id(isl_ast_node_for_get_iterator(raw)));
    // The mark above a loop's band names its iname (schedule_tree.cpp); unnamed loops keep isl's.
    std::string inner_mark;
    std::string name = loop_name(mark, isl_iterator, inner_mark);
    isl::ast_expr init = isl::manage(isl_ast_node_for_get_init(raw));
    cast::ExprPtr init_value = expr(init, iterators);
    if (isl_ast_node_for_is_degenerate(raw)) {
      iterators[isl_iterator] = cast::var(name, index_);
      cast::StmtPtr body = node(isl::manage(isl_ast_node_for_get_body(raw)), iterators, inner_mark);
      return cast::block({cast::declare(name, index_, 0, init_value, true), body});
    }
    isl::ast_expr increment = isl::manage(isl_ast_node_for_get_inc(raw));
    cast::ExprPtr step = expr(increment, iterators);
    LOOM_ASSERT(step->kind == cast::ExprKind::IntConst, "non-constant loop step");
    LoopStyle style = name == isl_iterator ? LoopStyle{} : loop_styles_(name);
    if (style.kind == LoopStyle::Kind::Unrolled) return unrolled(ast, iterators, isl_iterator, name, style);
    iterators[isl_iterator] = cast::var(name, index_);
    cast::ExprPtr condition = expr(isl::manage(isl_ast_node_for_get_cond(raw)), iterators);
    isl::ast_node body_ast = isl::manage(isl_ast_node_for_get_body(raw));
    std::set<std::string> around = loops_around_only_this_;
    if (is_one_loop(body_ast)) {
      around.insert(isl_iterator);
    } else {
      around.clear();
    }
    LoopsAroundOnlyThis inside(loops_around_only_this_, around);
    std::size_t guards_before = domain_guards_;
    cast::StmtPtr body = node(body_ast, iterators, inner_mark);
    bool guarded = domain_guards_ > guards_before && has_if(*body);
    return with_unroll_pragma(cast::for_loop(name, index_, init_value, condition, step->int_value, body), style, guarded);
  }

  // An unr_hint loop with its pragma (a factor where it has one, kGuardedUnrollFactor where its
  // body holds domain guards); other loops as they are.
  static cast::StmtPtr with_unroll_pragma(const cast::StmtPtr& loop, const LoopStyle& style, bool guarded) {
    if (style.kind != LoopStyle::Kind::UnrollHint) return loop;
    auto with_pragma = std::make_shared<cast::Stmt>(*loop);
    int factor = style.factor > 0 ? style.factor : guarded ? guarded_unroll_factor() : 0;
    with_pragma->pragma = factor > 0 ? "unroll " + std::to_string(factor) : "unroll";
    return with_pragma;
  }

  // The iname of the loop isl wrote with iterator `isl_iterator` under `mark`: a loop mark's iname,
  // or for a band of several loops (band_mark_name) the member at the iterator's schedule dimension
  // (isl names the iterator of dimension d `c<d>`, or `c<d>_<k>` beside a parameter of that name:
  // a loop whose value is fixed by the loops around it has no `for`, so the members are not taken
  // in turn); `inner_mark` gets the mark the loops of the body are under (the band's, where this
  // is not its last member). Unmarked loops keep isl's name.
  static std::string loop_name(const std::string& mark, const std::string& isl_iterator, std::string& inner_mark) {
    inner_mark.clear();
    if (mark.rfind("loop ", 0) == 0) return mark.substr(5);
    std::optional<BandMark> band = read_band_mark(mark);
    if (!band) return isl_iterator;
    int dimension = iterator_dimension(isl_iterator);
    int member = dimension - band->depth;
    LOOM_ASSERT(member >= 0 && member < static_cast<int>(band->inames.size()),
                "loop " + isl_iterator + " outside the band " + mark);
    if (member + 1 < static_cast<int>(band->inames.size())) inner_mark = mark;
    return band->inames[static_cast<std::size_t>(member)];
  }

  static int iterator_dimension(const std::string& isl_iterator) {
    LOOM_ASSERT(isl_iterator.size() > 1 && isl_iterator[0] == 'c' && std::isdigit(static_cast<unsigned char>(isl_iterator[1])),
                "unexpected isl iterator " + isl_iterator);
    return std::atoi(isl_iterator.c_str() + 1);
  }

  // Whether `stmt` holds an `if` (a domain guard counted in domain_guards_ may have folded away).
  static bool has_if(const cast::Stmt& stmt) {
    if (stmt.kind == cast::StmtKind::If) return true;
    for (const cast::StmtPtr& inner : stmt.body)
      if (inner && has_if(*inner)) return true;
    return false;
  }

  // One copy of the body per value of the iname's constant range, each guarded by the loop's own
  // bounds at that value and folded, so a copy keeps only the guards it needs (DESIGN.md §5).
  cast::StmtPtr unrolled(const isl::ast_node& ast, IteratorValues iterators, const std::string& isl_iterator,
                         const std::string& name, const LoopStyle& style) const {
    isl_ast_node* raw = ast.get();
    // A strided loop (a domain with `mod`) needs nothing more: every value of the range gets a
    // copy, and its guard, computed from the points at that value, holds the stride's condition
    // (loopy unrolls such loops the same way).
    const UnrollGuards* table = guards_.guards_of(raw);
    LOOM_ASSERT(table != nullptr, "unrolled loop over " + name + " has no guards");
    VectorCode vector = vectorized(ast, iterators, isl_iterator, style, *table);
    if (vector.statement && !vector.condition) return guarded_by(vector.guards, vector.statement);
    std::vector<cast::StmtPtr> copies;
    std::set<std::string> around = loops_around_only_this_;
    LoopsAroundOnlyThis inside(loops_around_only_this_, {});
    for (int64_t value = style.lower; value < style.lower + style.extent; ++value) {
      std::size_t copy = static_cast<std::size_t>(value - style.lower);
      if (table->never[copy]) continue;
      cast::ExprPtr guard = table->guards[copy] ? fold(expr(*table->guards[copy], iterators))
                                                : cast::int_const(1, DType::Bool);
      cast::ExprPtr constant = cast::int_const(value, index_);
      iterators[isl_iterator] = constant;
      if (is_false(guard)) continue;
      cast::StmtPtr body = fold_statement(node(isl::manage(isl_ast_node_for_get_body(raw)), iterators, ""));
      if (!is_true(guard)) ++domain_guards_;
      copies.push_back(is_true(guard) ? body : cast::if_then(guard, body));
    }
    cast::ExprPtr runs = copies.empty() ? cast::int_const(1, DType::Bool) : loop_runs(raw, iterators, isl_iterator);
    cast::StmtPtr body = merge_branches(cast::block(copies));
    if (vector.statement) {
      body = guarded_by(vector.guards, cast::if_then(vector.condition, vector.statement, body));
      ++domain_guards_;
    }
    if (is_true(runs) || (bounded_by_loops_around(*runs, iterators, around) && loops_around_bound_exactly(*table))) {
      return body;
    }
    ++domain_guards_;
    return cast::if_then(runs, body);
  }

  // `body` inside `if`s of `guards`, the first outermost.
  static cast::StmtPtr guarded_by(const std::vector<cast::ExprPtr>& guards, cast::StmtPtr body) {
    for (auto guard = guards.rbegin(); guard != guards.rend(); ++guard) body = cast::if_then(*guard, body);
    return body;
  }

  // A constant box (schedule_tree.hpp): the chain of box marks starting at `ast`, each iname's
  // copies made here, as `unrolled` makes them for a guard-free loop with constant bounds: per
  // value a folded copy of the body, the copies' common branches merged, inner boxes inside outer
  // ones. (isl puts a guard the statements share above the outermost mark, where it put it above
  // the loop; one it leaves below the marks is copied with the body, as it was in the loop's body.)
  cast::StmtPtr box(const isl::ast_node& ast, const IteratorValues& iterators) const {
    std::vector<std::string> chain;
    isl::ast_node below = ast;
    while (isl_ast_node_get_type(below.get()) == isl_ast_node_mark) {
      std::string mark = id_name(isl_ast_node_mark_get_id(below.get()));
      if (mark.rfind("box ", 0) != 0) break;
      chain.push_back(mark.substr(4));
      below = isl::manage(isl_ast_node_mark_get_node(below.get()));
    }
    LoopsAroundOnlyThis inside(loops_around_only_this_, {});
    return box_level(chain, 0, below, iterators);
  }

  cast::StmtPtr box_level(const std::vector<std::string>& chain, std::size_t level, const isl::ast_node& below,
                          IteratorValues iterators) const {
    if (level == chain.size()) return node(below, iterators, "");
    const std::string& iname = chain[level];
    LoopStyle style = loop_styles_(iname);
    LOOM_ASSERT(style.kind == LoopStyle::Kind::Unrolled && !style.vectorize, "box over " + iname + " is not unrolled");
    std::vector<cast::StmtPtr> copies;
    for (int64_t value = style.lower; value < style.lower + style.extent; ++value) {
      iterators[box_key(iname)] = cast::int_const(value, index_);
      copies.push_back(fold_statement(box_level(chain, level + 1, below, iterators)));
    }
    return merge_branches(cast::block(copies));
  }

  // A constant loop (KernelSchedule::constant_loops): the `for` isl wrote for its band, a loop
  // with constant bounds and step 1 named by its iname (for_node's), around the body isl built
  // below the mark; the statements read the iname's value where a box's copy would be.
  cast::StmtPtr constant_loop(const isl::ast_node& ast, const std::string& iname, IteratorValues iterators) const {
    const ConstantRange& range = schedule_.constant_loops.at(iname);
    LoopStyle style = loop_styles_(iname);
    LOOM_ASSERT(style.kind != LoopStyle::Kind::Unrolled, "constant loop over " + iname + " is unrolled");
    cast::ExprPtr value = cast::var(iname, index_);
    iterators[box_key(iname)] = value;
    LoopsAroundOnlyThis inside(loops_around_only_this_, {});
    std::size_t guards_before = domain_guards_;
    cast::StmtPtr body = node(isl::manage(isl_ast_node_mark_get_node(ast.get())), iterators, "");
    bool guarded = domain_guards_ > guards_before && has_if(*body);
    cast::ExprPtr condition =
        cast::binary("<=", value, cast::int_const(range.lower + range.extent - 1, index_), DType::Bool);
    return with_unroll_pragma(cast::for_loop(iname, index_, cast::int_const(range.lower, index_), condition, 1, body),
                              style, guarded);
  }

  // Where a box's value sits among the iterators: a key no isl name can be (isl's iterators and
  // parameters are identifiers).
  static std::string box_key(const std::string& iname) { return "box " + iname; }

  // Whether the loop runs at all: its condition at its initial value. The copies' guards are
  // simplified by what holds when the loop runs; a `for` checks that itself, unrolled copies must
  // where nothing else does: a range bounded only through hardware indices that share an axis
  // (the launch box is wider than the range) is empty for some work-items, and no enclosing loop
  // stops them. A condition on an enclosing loop's iterator is kept too: that loop runs every
  // statement inside it, and its bound is the widest of theirs (pipeline_fetch's loads of the next
  // k tile stop one iteration before the products do; without the condition the last iteration
  // read past the array).
  cast::ExprPtr loop_runs(isl_ast_node* for_node, IteratorValues iterators, const std::string& isl_iterator) const {
    iterators[isl_iterator] = fold(expr(isl::manage(isl_ast_node_for_get_init(for_node)), iterators));
    return fold(expr(isl::manage(isl_ast_node_for_get_cond(for_node)), iterators));
  }

  // Whether `condition` names enclosing loops' iterators only of loops whose whole body is this
  // unrolled loop: isl bounds such a loop by the instances inside, exactly where
  // loops_around_bound_exactly says so, and then the condition holds
  // (a ragged tile's i_outer loop around its unrolled i_inner copies keeps its guard-free first
  // copy). A loop holding other statements too is bounded by the widest of them.
  static bool bounded_by_loops_around(const cast::Expr& condition, const IteratorValues& iterators,
                                      const std::set<std::string>& around) {
    bool names_a_loop = false, only_around = true;
    std::function<void(const cast::Expr&)> visit = [&](const cast::Expr& node) {
      if (node.kind == cast::ExprKind::Var) {
        for (const auto& [isl_name, value] : iterators) {
          if (value->kind != cast::ExprKind::Var || value->name != node.name) continue;
          names_a_loop = true;
          only_around = only_around && around.count(isl_name) != 0;
        }
      }
      for (const cast::ExprPtr& arg : node.args)
        if (arg) visit(*arg);
    };
    visit(condition);
    return names_a_loop && only_around;
  }

  // A loop body that is one loop (under its name's mark).
  static bool is_one_loop(const isl::ast_node& body) {
    isl_ast_node_type type = isl_ast_node_get_type(body.get());
    if (type == isl_ast_node_mark) return is_one_loop(isl::manage(isl_ast_node_mark_get_node(body.get())));
    return type == isl_ast_node_for;
  }

  // Sets the enclosing loops whose body is exactly the node being generated, restoring the outer
  // value when the node is done.
  struct LoopsAroundOnlyThis {
    LoopsAroundOnlyThis(std::set<std::string>& current, std::set<std::string> inside)
        : current_(current), outer_(std::move(current)) {
      current_ = std::move(inside);
    }
    ~LoopsAroundOnlyThis() { current_ = std::move(outer_); }
    LoopsAroundOnlyThis(const LoopsAroundOnlyThis&) = delete;
    LoopsAroundOnlyThis& operator=(const LoopsAroundOnlyThis&) = delete;
    std::set<std::string>& current_;
    std::set<std::string> outer_;
  };

  // A vec loop as whole-vector operations: only a loop around one statement whose every lane runs
  // for some values of the loops around it. Without guards one vector load or store stands for all
  // the lanes; with them (or a condition of the vector code's own) the vector code runs where
  // every guard holds and the caller keeps the lanes for elsewhere.
  VectorCode vectorized(const isl::ast_node& ast, IteratorValues iterators, const std::string& isl_iterator,
                        const LoopStyle& style, const UnrollGuards& table) const {
    if (!style.vectorize) return {};
    bool guarded = false;
    for (std::size_t copy = 0; copy < table.guards.size(); ++copy) {
      if (table.never[copy]) return {};
      guarded = guarded || table.guards[copy].has_value();
    }
    cast::ExprPtr every_lane;
    if (guarded) {
      if (!table.every) return {};
      every_lane = fold(expr(*table.every, iterators));
      if (is_false(every_lane)) return {};
      if (is_true(every_lane)) every_lane = nullptr;
    }
    isl::ast_node body = isl::manage(isl_ast_node_for_get_body(ast.get()));
    // A group runs several statements: as a block of them, no single statement to vectorize.
    if (isl_ast_node_get_type(body.get()) != isl_ast_node_user || group_of(body) != nullptr) return {};
    const Statement* statement = nullptr;
    std::vector<InameValues> lanes;
    for (int64_t value = style.lower; value < style.lower + style.extent; ++value) {
      iterators[isl_iterator] = cast::int_const(value, index_);
      auto [lane_statement, inames] = statement_instance(body, iterators);
      statement = lane_statement;
      for (auto& [iname, expression] : inames) expression = fold(expression);
      lanes.push_back(std::move(inames));
    }
    VectorCode vector = style.vectorize(*statement, lanes, guarded);
    if (!vector.statement) return {};
    if (every_lane) {
      vector.condition = vector.condition ? cast::binary("&&", every_lane, vector.condition, DType::Bool) : every_lane;
    }
    return vector;
  }

  cast::StmtPtr if_node(const isl::ast_node& ast, const IteratorValues& iterators, const std::string& mark) const {
    isl_ast_node* raw = ast.get();
    cast::ExprPtr condition = expr(isl::manage(isl_ast_node_if_get_cond(raw)), iterators);
    cast::StmtPtr then_body = node(isl::manage(isl_ast_node_if_get_then_node(raw)), iterators, mark);
    cast::StmtPtr else_body;
    if (isl_ast_node_if_has_else_node(raw) == isl_bool_true) {
      else_body = node(isl::manage(isl_ast_node_if_get_else_node(raw)), iterators, mark);
    }
    ++domain_guards_;
    return cast::if_then(condition, then_body, else_body);
  }

  cast::StmtPtr block_node(const isl::ast_node& ast, const IteratorValues& iterators, const std::string& mark) const {
    isl_ast_node_list* children = isl_ast_node_block_get_children(ast.get());
    std::vector<cast::StmtPtr> body;
    int n = isl_ast_node_list_n_ast_node(children);
    for (int i = 0; i < n; ++i) {
      isl::ast_node child = isl::manage(isl_ast_node_list_get_at(children, i));
      // A group's members take their places in the block, as their own user nodes would have.
      if (group_of(child) != nullptr) {
        cast::StmtPtr members = node(child, iterators, mark);
        body.insert(body.end(), members->body.begin(), members->body.end());
        continue;
      }
      body.push_back(node(child, iterators, mark));
    }
    isl_ast_node_list_free(children);
    return cast::block(body);
  }

  // The name of the isl statement a user node runs.
  std::string statement_name_of(const isl::ast_node& ast) const {
    isl::ast_expr call = isl::manage(isl_ast_node_user_get_expr(ast.get()));
    return id_name(isl_ast_expr_id_get_id(arg(call, 0).get()));
  }

  // The members of the group a node runs (KernelSchedule::groups), null where it is no user node
  // or runs one statement.
  const std::vector<std::string>* group_of(const isl::ast_node& ast) const {
    if (schedule_.groups.empty() || isl_ast_node_get_type(ast.get()) != isl_ast_node_user) return nullptr;
    auto found = schedule_.groups.find(statement_name_of(ast));
    return found == schedule_.groups.end() ? nullptr : &found->second;
  }

  // The statement a user node runs and the values of its dimensions.
  std::pair<const Statement*, InameValues> statement_instance(const isl::ast_node& ast,
                                                              const IteratorValues& iterators) const {
    return statement_instance(ast, schedule_.statements.at(statement_name_of(ast)), iterators);
  }

  // `statement` (the one a user node runs, or a member of its group: the same dims) and the values
  // of its dimensions, the call's arguments read with the statement's own parameter names.
  std::pair<const Statement*, InameValues> statement_instance(const isl::ast_node& ast, const Statement& statement,
                                                              const IteratorValues& iterators) const {
    isl::ast_expr call = isl::manage(isl_ast_node_user_get_expr(ast.get()));
    NamesInScope names(parameter_names_, statement.parameter_names);
    InameValues inames;
    int position = 1;  // the call's arguments: the statement's domain dimensions
    for (const std::string& dim : statement.dims) {
      if (std::find(statement.boxed_dims.begin(), statement.boxed_dims.end(), dim) != statement.boxed_dims.end()) {
        auto copy = iterators.find(box_key(dim));  // the box's copy being generated (box_level)
        LOOM_ASSERT(copy != iterators.end(), "statement outside the box over " + dim);
        inames[dim] = copy->second;
        continue;
      }
      inames[dim] = expr(arg(call, position++), iterators);
    }
    return {&statement, inames};
  }

  // One statement, or a group's members in order as a block (what isl's block of their own user
  // nodes lowered to).
  cast::StmtPtr user_node(const isl::ast_node& ast, const IteratorValues& iterators) const {
    if (const std::vector<std::string>* members = group_of(ast)) {
      std::vector<cast::StmtPtr> body;
      for (const std::string& member : *members) {
        auto [statement, inames] = statement_instance(ast, schedule_.statements.at(member), iterators);
        body.push_back(lower_statement_(*statement, inames));
      }
      return cast::block(body);
    }
    auto [statement, inames] = statement_instance(ast, iterators);
    return lower_statement_(*statement, inames);
  }

  // The statements the subtree at `ast` runs, with their agreed parameter names.
  ParameterNames names_below(const isl::ast_node& ast) const {
    if (schedule_.statements.empty()) return parameter_names_;
    std::vector<const Statement*> statements;
    auto collect = [](isl_ast_node* node, void* user) -> isl_bool {
      if (isl_ast_node_get_type(node) != isl_ast_node_user) return isl_bool_true;
      isl_ast_expr* call = isl_ast_node_user_get_expr(node);
      isl_ast_expr* callee = isl_ast_expr_op_get_arg(call, 0);
      static_cast<std::vector<std::string>*>(user)->push_back(id_name(isl_ast_expr_id_get_id(callee)));
      isl_ast_expr_free(callee);
      isl_ast_expr_free(call);
      return isl_bool_false;
    };
    std::vector<std::string> names;
    isl_ast_node_foreach_descendant_top_down(ast.get(), collect, &names);
    for (const std::string& name : names) {
      auto group = schedule_.groups.find(name);
      if (group == schedule_.groups.end()) {
        statements.push_back(&schedule_.statements.at(name));
        continue;
      }
      for (const std::string& member : group->second) statements.push_back(&schedule_.statements.at(member));
    }
    return agreed_parameter_names(statements);
  }

  // Sets the parameter names for the node being lowered, restoring the outer ones when done.
  struct NamesInScope {
    NamesInScope(ParameterNames& current, ParameterNames inside) : current_(current), outer_(std::move(current)) {
      current_ = std::move(inside);
    }
    ~NamesInScope() { current_ = std::move(outer_); }
    NamesInScope(const NamesInScope&) = delete;
    NamesInScope& operator=(const NamesInScope&) = delete;
    ParameterNames& current_;
    ParameterNames outer_;
  };

  const KernelSchedule& schedule_;
  DType index_;
  const StatementLowering& lower_statement_;
  const LoopStyles& loop_styles_;
  const GuardCollector& guards_;
  // The isl iterators of the enclosing loops whose whole body is the node being generated.
  mutable std::set<std::string> loops_around_only_this_;
  // How parameters print in the node being lowered (names_below).
  mutable ParameterNames parameter_names_;
  // Guards of the iteration domain emitted so far (isl's `if`s, unrolled copies' guards): a loop
  // whose body added some is a partial-tile copy (kGuardedUnrollFactor). An instruction's own
  // predicates are not counted: they are in every copy, the full tiles' too.
  mutable std::size_t domain_guards_ = 0;

 public:
  void set_parameter_names(ParameterNames names) const { parameter_names_ = std::move(names); }
};

std::vector<std::string> all_of(const HardwareParameters& hardware) {
  std::vector<std::string> names = hardware.group;
  names.insert(names.end(), hardware.local.begin(), hardware.local.end());
  return names;
}

// The condition on the parameters every statement shares (on GPU targets typically the
// boundary guard on the hardware inames, `16*i_outer + i_inner < n`), or nullopt when the
// statements' conditions differ (e.g. a barrier, which runs everywhere). isl spends most of its
// AST generation time hoisting such a shared condition out of a sequence; loom takes it out first.
std::optional<isl::set> shared_parameter_condition(const isl::schedule& schedule, const isl::set& context,
                                                   const std::vector<std::string>& hoistable) {
  if (hoistable.empty()) return std::nullopt;
  std::optional<isl::set> shared;
  bool same = true;
  schedule.get_domain().foreach_set([&](isl::set domain) {
    isl::set condition = domain.params();
    if (!shared) shared = condition;
    else if (same && !shared->is_equal(condition)) same = false;
  });
  if (!shared || !same) return std::nullopt;
  shared = shared->gist(context.params());
  if (shared->is_equal(isl::set::universe(shared->space()))) return std::nullopt;
  // Only a condition on the hoistable parameters (hardware indices): a guard such as `n >= 1`
  // that the loop bounds already express would only add an if.
  isl::set rest = *shared;
  for (const std::string& name : hoistable) rest = isl_extra::project_out_param(rest, name);
  if (!rest.gist(context.params()).is_equal(isl::set::universe(rest.space()))) return std::nullopt;
  return shared;
}

isl::set without_constraints_on_param(const isl::set& set, const std::string& name) {
  int pos = isl_extra::find_dim(set, isl_dim_param, name);
  if (pos < 0) return set;
  return isl::manage(isl_set_drop_constraints_involving_dims(set.copy(), isl_dim_param, static_cast<unsigned>(pos), 1));
}

// The condition on the work-group indices (and the kernel's parameters) under which the group
// runs every statement at every point a group unconstrained by its own indices would: each
// statement's domain with the constraints that mention a group index dropped is the "full box";
// a group is full when no point of that box is missing from its domain. For a split
// `i = 1024*i_outer + 256*i_unr + i_inner < n` that is `1024*i_outer + 1023 < n`. Nullopt when
// every group is full or none is (then a second copy of the nest would gain nothing). The
// condition mentions no work-item index, so both branches are uniform in a group (barriers in
// them are legal).
std::optional<isl::set> full_group_condition(const isl::schedule& schedule, const isl::set& context,
                                             const HardwareParameters& hardware) {
  if (hardware.group.empty() || !hardware.split_full_groups) return std::nullopt;
  isl::set params = context.params();
  isl::set group_context = params;
  for (const std::string& name : hardware.local) group_context = isl_extra::project_out_param(group_context, name);
  isl::set full = group_context;
  schedule.get_domain().foreach_set([&](isl::set domain) {
    domain = domain.intersect_params(params);
    isl::set box = domain;
    for (const std::string& name : hardware.group) box = without_constraints_on_param(box, name);
    box = box.intersect_params(params);
    isl::set missing = box.subtract(domain).params();
    for (const std::string& name : hardware.local) missing = isl_extra::project_out_param(missing, name);
    full = full.subtract(missing);
  });
  full = full.coalesce();
  if (full.is_empty() || full.is_equal(group_context)) return std::nullopt;
  return full.gist(group_context);
}

// `condition` (a set of parameter values) as a C expression.
// `gisted`: the condition was gisted against the context's parameters already (generate_loop_nest's
// full-group and shared conditions); where it is also a conjunction without divisions, isl's
// builder prints what plain_parameter_guard reads off its constraints, and the builder (its set-up
// from the context and its gist) is skipped (issue 26, wt-speed15b: three tests per split nest,
// 1-2% of a small spec). LOOM_VERIFY_SKIPPED_CHECKS: isl's expression too, and an internal error
// where the two differ.
isl::ast_expr parameter_test_expression(const isl::set& context, const isl::set& condition, bool gisted) {
  std::optional<isl::ast_expr> plain = gisted ? plain_parameter_guard(condition) : std::nullopt;
  bool verify = std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr;
  if (plain && !verify) return *plain;
  isl_ast_build* build = isl_ast_build_from_context(isl::set(context.params()).release());
  isl_ast_expr* test = isl_ast_build_expr_from_set(build, condition.copy());
  isl_ast_build_free(build);
  if (test == nullptr) isl::exception::throw_last_error(context.ctx());
  isl::ast_expr built = isl::manage(test);
  if (plain && isl_ast_expr_is_equal(plain->get(), built.get()) != isl_bool_true) {
    std::ostringstream text;
    text << "a parameter test read off its constraints differs from isl's: " << condition;
    throw InternalError(text.str());
  }
  return built;
}

cast::ExprPtr parameter_test(const KernelSchedule& schedule, const isl::set& context, const isl::set& condition,
                             DType index_dtype, const StatementLowering& lower_statement, const LoopStyles& loop_styles,
                             bool gisted = true) {
  isl::ast_expr test = parameter_test_expression(context, condition, gisted);
  GuardCollector no_guards(loop_styles);
  AstLowering lowering(schedule, index_dtype, lower_statement, loop_styles, no_guards);
  std::vector<const Statement*> statements;
  for (const auto& [name, statement] : schedule.statements) statements.push_back(&statement);
  lowering.set_parameter_names(agreed_parameter_names(statements));
  return lowering.expr(test, {});
}

// The parameters `schedule` mentions: those its domains' constraints name. loom's band functions
// are the statements' own dimensions (dim_on_universe, or restricted to the domain with slabs), so
// they name no parameter the domains do not; the schedule's map intersected with its domain (what
// this asked until wt-speed15b, isl_schedule_get_map: 2.6% of examples/reduction.json) names the
// same ones or, where its simplification drops a constraint, fewer. More parameters only make
// same_ast_problem stricter. LOOM_VERIFY_SKIPPED_CHECKS: the map's are computed too, and an
// internal error where they name one the domains do not.
void add_parameters_named(const isl::set& set, std::set<std::string>& into) {
  isl_size count = isl_set_dim(set.get(), isl_dim_param);
  for (isl_size pos = 0; pos < count; ++pos) {
    if (isl_set_involves_dims(set.get(), isl_dim_param, static_cast<unsigned>(pos), 1) == isl_bool_true) {
      into.insert(isl_set_get_dim_name(set.get(), isl_dim_param, static_cast<unsigned>(pos)));
    }
  }
}

std::set<std::string> parameters_of_map(const isl::schedule& schedule) {
  isl::union_map map = isl::manage(isl_schedule_get_map(schedule.get())).intersect_domain(schedule.get_domain());
  std::set<std::string> involved;
  map.foreach_map([&](isl::map piece) {
    isl_size count = isl_map_dim(piece.get(), isl_dim_param);
    for (isl_size pos = 0; pos < count; ++pos) {
      if (isl_map_involves_dims(piece.get(), isl_dim_param, static_cast<unsigned>(pos), 1) == isl_bool_true) {
        involved.insert(isl_map_get_dim_name(piece.get(), isl_dim_param, static_cast<unsigned>(pos)));
      }
    }
  });
  return involved;
}

std::set<std::string> parameters_of(const isl::schedule& schedule) {
  std::set<std::string> involved;
  schedule.get_domain().foreach_set([&](isl::set domain) { add_parameters_named(domain, involved); });
  if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr) {
    for (const std::string& name : parameters_of_map(schedule)) {
      if (involved.count(name) == 0) {
        throw InternalError("generate_loop_nest: the schedule's map names parameter " + name + ", its domains do not");
      }
    }
  }
  return involved;
}

// `context` with every parameter outside `kept` projected out.
isl::set context_on(const isl::set& context, const std::set<std::string>& kept) {
  isl_set* result = context.copy();
  for (int pos = isl_set_dim(result, isl_dim_param) - 1; pos >= 0; --pos) {
    if (kept.count(isl_set_get_dim_name(result, isl_dim_param, static_cast<unsigned>(pos))) != 0) continue;
    result = isl_set_project_out(result, isl_dim_param, static_cast<unsigned>(pos), 1);
  }
  return isl::manage(result);
}

// Whether the AST `built` (isl's, from `built_schedule` under `built_context`) is a correct AST of
// `schedule` under `context`, where both schedules are one schedule with its domain gisted two
// ways (isl_schedule_gist_domain_params changes the domain node only, so the trees below it are
// the same): the domains hold the same points under `context`, and the two contexts say the same
// of the parameters the schedule mentions. The code isl writes names no other parameter, and
// what a context implies about those is its projection.
bool same_ast_problem(const isl::schedule& schedule, const isl::set& context, const isl::schedule& built_schedule,
                      const isl::set& built_context) {
  isl::set params = context.params();
  if (!schedule.get_domain().intersect_params(params).is_equal(built_schedule.get_domain().intersect_params(params))) {
    return false;
  }
  std::set<std::string> parameters = parameters_of(built_schedule);
  return context_on(context, parameters).is_equal(context_on(built_context, parameters));
}

}  // namespace

cast::ExprPtr parameter_condition(const isl::set& condition, const isl::set& context, DType index_dtype) {
  LoopStyles no_styles = [](const std::string&) { return LoopStyle{}; };
  return parameter_test(KernelSchedule{}, context, condition, index_dtype, StatementLowering{}, no_styles,
                        /*gisted=*/false);
}

namespace {

std::atomic<int> reused_nests{0};

// A nest isl built and lowered, with what it was built from.
struct BuiltNest {
  isl::schedule schedule;
  isl::set context;
  cast::StmtPtr lowered;
  bool had_shared_condition = false;  // its statements shared a condition, hoisted as an `if`
};

// LOOM_DUMP_AST_PROBLEMS=FILE: each problem isl's AST builder gets is appended to FILE as two
// lines, "=== <context>" and the schedule, both in isl's text, so that isl's work can be replayed
// and profiled without loom (benchmarks/compile/isl_ast_replay.c; issue 26, ast20).
void dump_ast_problem(const isl::schedule& schedule, const isl::set& context) {
  static const char* file = std::getenv("LOOM_DUMP_AST_PROBLEMS");
  if (file == nullptr) return;
  std::ofstream out(file, std::ios::app);
  out << "=== " << context << "\n" << schedule << "\n";
}

// The AST isl builds for `problem` under `problem_context`, lowered with `schedule`'s statements.
cast::StmtPtr built_and_lowered(const KernelSchedule& schedule, const isl::schedule& problem,
                                const isl::set& problem_context, DType index_dtype,
                                const StatementLowering& lower_statement, const LoopStyles& loop_styles,
                                StageTimer* timer) {
  GuardCollector guards(loop_styles);
  dump_ast_problem(problem, problem_context);
  isl_ast_build* build = isl_ast_build_from_context(problem_context.copy());
  // No at_each_domain callback: isl's own user node is already the call loom lowers
  // (`S_k(dims in terms of the iterators)`, from the executed relation gisted against the build's
  // domain). loom's callback threw it away and built the same call again from the build's
  // schedule (5-8% of every AST build; docs/decisions.md, "Issue 26: ... wt-speed9").
  build = isl_ast_build_set_before_each_mark(build, &GuardCollector::on_mark, &guards);
  build = isl_ast_build_set_after_each_mark(build, &GuardCollector::after_mark, &guards);
  build = isl_ast_build_set_before_each_for(build, &GuardCollector::before_for, &guards);
  isl_ast_node* raw_tree = isl_ast_build_node_from_schedule(build, problem.copy());
  isl_ast_build_free(build);
  guards.rethrow_pending();
  if (raw_tree == nullptr) isl::exception::throw_last_error(schedule.schedule.ctx());
  isl::ast_node tree = isl::manage(raw_tree);
  if (timer != nullptr) timer->mark("isl AST");
  cast::StmtPtr lowered = AstLowering(schedule, index_dtype, lower_statement, loop_styles, guards).node(tree, {}, "");
  if (timer != nullptr) timer->mark("lowering");
  return lowered;
}

// The nest isl builds for `schedule` under `context`, lowered (no hardware parameters left to
// split or hoist).
cast::StmtPtr isl_nest(const KernelSchedule& schedule, const isl::set& context, DType index_dtype,
                       const StatementLowering& lower_statement, const LoopStyles& loop_styles) {
  StageTimer timer("loop_nest");
  // isl's work per set grows with its parameters, mentioned or not (unused_parameters.hpp).
  std::optional<AstProblem> smaller = without_unused_parameters(schedule.schedule, context);
  const isl::schedule& problem = smaller ? smaller->schedule : schedule.schedule;
  const isl::set& problem_context = smaller ? smaller->context : context;
  // isl writes no loop for a band of one-value members, but does a band level's work for each
  // (fixed_bands.hpp: the tensor tiles).
  std::optional<isl::schedule> fewer_bands = without_fixed_bands(problem);
  const isl::schedule& banded = fewer_bands ? *fewer_bands : problem;
  // Unrolled loops that are constant boxes in this nest only (nest_boxes.hpp: the tensor GEMMs'
  // register tiles in the full-group nest), once the tiles' bands are gone.
  std::optional<NestWithBoxes> boxed = with_nest_boxes(banded, schedule, loop_styles);
  cast::StmtPtr lowered = built_and_lowered(boxed ? boxed->schedule : schedule, boxed ? boxed->problem : banded,
                                            problem_context, index_dtype, lower_statement, loop_styles, &timer);
  // LOOM_VERIFY_SKIPPED_CHECKS: the nest with every band built too, and an internal error where
  // the two differ.
  if ((fewer_bands || boxed) && std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr) {
    cast::StmtPtr with_every_band =
        built_and_lowered(schedule, problem, problem_context, index_dtype, lower_statement, loop_styles, nullptr);
    if (!same_stmt(with_every_band, lowered)) {
      throw InternalError("generate_loop_nest: the nest without its fixed bands or with its own boxes differs from isl's nest of every band");
    }
  }
  return lowered;
}

// The nest without a full-group split: `shared` (shared_parameter_condition of the schedule, asked
// once by the caller) taken out as one `if` around the nest isl builds under it.
cast::StmtPtr nest_under_shared_condition(const KernelSchedule& schedule, const isl::set& context, DType index_dtype,
                                          const StatementLowering& lower_statement, const LoopStyles& loop_styles,
                                          const std::optional<isl::set>& shared) {
  if (!shared) return isl_nest(schedule, context, index_dtype, lower_statement, loop_styles);
  KernelSchedule inner = schedule;
  inner.schedule = isl::manage(isl_schedule_gist_domain_params(schedule.schedule.copy(), shared->copy()));
  isl::set narrowed = context.intersect_params(*shared);
  cast::StmtPtr body = isl_nest(inner, narrowed, index_dtype, lower_statement, loop_styles);
  return cast::if_then(parameter_test(schedule, context, *shared, index_dtype, lower_statement, loop_styles), body);
}

// The partial-group nest: the nest generated as if there were no split (generate_loop_nest
// without group parameters). Where its statements share a guard on the hardware indices (a 1-D
// or reduction kernel: `m >= 32*i_outer + i_inner + 1`), the nest under that guard is often the
// full-group nest again: once the guard and the full-group condition are gisted away, the same
// domains, and contexts that differ only in parameters the domains no longer mention. Then the
// full-group nest is reused instead of asking isl for the same AST a second time (issue 26,
// wt-speed14: isl's AST of the partial-group nest was a quarter of examples/reduction.json).
// LOOM_VERIFY_SKIPPED_CHECKS: the nest is built too, and an internal error where they differ.
cast::StmtPtr partial_group_nest(const KernelSchedule& schedule, const isl::set& context, DType index_dtype,
                                 const StatementLowering& lower_statement, const LoopStyles& loop_styles,
                                 const HardwareParameters& inside, const BuiltNest& full) {
  std::optional<isl::set> condition = shared_parameter_condition(schedule.schedule, context, all_of(inside));
  if (!condition) return isl_nest(schedule, context, index_dtype, lower_statement, loop_styles);
  // What generate_loop_nest does with a shared condition (hoisted as an `if`, the nest under it).
  KernelSchedule inner = schedule;
  inner.schedule = isl::manage(isl_schedule_gist_domain_params(schedule.schedule.copy(), condition->copy()));
  isl::set narrowed = context.intersect_params(*condition);
  cast::ExprPtr test = parameter_test(schedule, context, *condition, index_dtype, lower_statement, loop_styles);
  // Both schedules are `schedule` with its domain gisted. The full-group nest went to isl directly
  // only where its own statements share no condition (asked once, when it was built). The cheaper
  // test first: where the partial groups need guards of their own (unrolled copies), the domains
  // differ and nothing else is asked.
  bool reusable = !full.had_shared_condition && same_ast_problem(inner.schedule, narrowed, full.schedule, full.context);
  if (!reusable) return cast::if_then(test, isl_nest(inner, narrowed, index_dtype, lower_statement, loop_styles));
  if (std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr) {
    cast::StmtPtr built = isl_nest(inner, narrowed, index_dtype, lower_statement, loop_styles);
    if (!same_stmt(built, full.lowered)) {
      throw InternalError("generate_loop_nest: the reused full-group nest differs from the partial-group nest isl builds");
    }
  }
  reused_nests.fetch_add(1, std::memory_order_relaxed);
  return cast::if_then(test, full.lowered);
}

}  // namespace

int nests_reused() { return reused_nests.load(); }

cast::StmtPtr generate_loop_nest(const KernelSchedule& schedule, const isl::set& context,
                                 DType index_dtype, const StatementLowering& lower_statement,
                                 const LoopStyles& loop_styles, const HardwareParameters& hardware) {
  if (std::optional<isl::set> full = full_group_condition(schedule.schedule, context, hardware)) {
    StageTimer timer("loop_nest");  // LOOM_TIME=1: the time of each nest of the full-group split
    HardwareParameters inside = hardware;
    inside.group.clear();  // split once
    // isl keeps a statement's guard on the parameters when the context implies only part of it;
    // gisting the domains first removes what the full-group condition implies.
    isl::set full_context = context.intersect_params(*full);
    KernelSchedule full_schedule = schedule;
    full_schedule.schedule = isl::manage(isl_schedule_gist_domain_params(schedule.schedule.copy(), full_context.params().release()));
    timer.mark("full-group condition");
    // The full-group nest's statements share a condition or not: asked once, for its own nest and
    // for partial_group_nest's reuse test (which asked it again until wt-speed15b).
    std::optional<isl::set> full_shared = shared_parameter_condition(full_schedule.schedule, full_context, all_of(inside));
    cast::StmtPtr fast =
        nest_under_shared_condition(full_schedule, full_context, index_dtype, lower_statement, loop_styles, full_shared);
    timer.mark("full-group nest");
    // The other groups get the nest generated as if there were no split: a context with the
    // complement (a disjunction) makes isl several times slower for no gain in the rare groups.
    cast::StmtPtr guarded = partial_group_nest(schedule, context, index_dtype, lower_statement, loop_styles, inside,
                                               {full_schedule.schedule, full_context, fast, full_shared.has_value()});
    timer.mark("partial-group nest");
    return cast::if_then(parameter_test(schedule, context, *full, index_dtype, lower_statement, loop_styles),
                         fast, guarded);
  }
  return nest_under_shared_condition(schedule, context, index_dtype, lower_statement, loop_styles,
                                     shared_parameter_condition(schedule.schedule, context, all_of(hardware)));
}

}  // namespace loom::codegen
