#include "codegen/schedule_tree.hpp"

#include <isl/aff.h>
#include <isl/constraint.h>
#include <isl/id.h>
#include <isl/local_space.h>
#include <isl/mat.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/val.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <optional>
#include <set>
#include <sstream>

#include "analysis/accesses.hpp"
#include "ir/isl_extra.hpp"
#include "ir/isl_kernel.hpp"
#include "loom/error.hpp"
#include "transforms/tail_support.hpp"
#include "analysis/condition_set.hpp"

namespace loom::codegen {

namespace {

std::atomic<int> joined_loops{0};
std::atomic<int> grouped_statements{0};

std::string statement_name(int instruction_index) { return "S_" + std::to_string(instruction_index); }

// Slabs (split_iname's slabs): isl's `isolate` option generates the outer iterations whose inner
// loop is complete (a full tile) apart from the partial ones, so the bulk runs without guards. The
// option is expressed over the band's prefix schedule, which exists only once the whole tree is
// built, so this runs as a pass over the finished tree.
class SlabIsolation {
 public:
  explicit SlabIsolation(const LoopKernel& kernel) : kernel_(kernel) {}

  isl::schedule apply(const isl::schedule& schedule) {
    if (kernel_.slabs.empty()) return schedule;
    isl::schedule_node root = schedule.root();
    return visit(root).schedule();
  }

 private:
  isl::schedule_node visit(isl::schedule_node node) {
    std::string pushed;
    if (isl_schedule_node_get_type(node.get()) == isl_schedule_node_mark) {
      isl_id* id = isl_schedule_node_mark_get_id(node.get());
      std::string name = isl_id_get_name(id);
      isl_id_free(id);
      if (name.rfind("loop ", 0) == 0) pushed = name.substr(5);
      if (!pushed.empty() && kernel_.slabs.count(pushed) != 0) node = isolate_child_band(node, pushed);
    }
    if (!pushed.empty()) enclosing_.push_back(pushed);
    int children = isl_schedule_node_n_children(node.get());
    for (int i = 0; i < children; ++i) node = visit(node.child(i)).parent();
    if (!pushed.empty()) enclosing_.pop_back();
    return node;
  }

  isl::schedule_node isolate_child_band(isl::schedule_node mark, const std::string& outer) {
    std::string inner = inner_of(outer);
    std::optional<ConstantRange> length = inner.empty() ? std::nullopt : constant_iname_range(kernel_, inner);
    if (!length) return mark;
    isl::schedule_node band = mark.child(0);
    isl::union_set domain = isl::manage(isl_schedule_node_get_domain(band.get()));
    std::optional<isl::set> full;
    domain.foreach_set([&](isl::set statement) {
      std::vector<std::string> dims = isl_extra::dim_names(statement, isl_dim_set);
      if (std::find(dims.begin(), dims.end(), inner) == dims.end()) return;
      isl::set tiles = full_tiles(statement, outer, inner, *length);
      full = full ? full->intersect(tiles) : tiles;
    });
    if (!full) return mark;
    std::vector<std::string> dims = enclosing_;
    dims.push_back(outer);
    isl::set as_set = isl_extra::params_to_set_dims(isl::manage(isl_set_from_params(full->copy())), dims, "");
    isl_map* map = isl_map_from_range(as_set.release());
    map = isl_map_move_dims(map, isl_dim_in, 0, isl_dim_out, 0, static_cast<unsigned>(enclosing_.size()));
    isl_set* isolate = isl_set_set_tuple_name(isl_map_wrap(map), "isolate");
    band = isl::manage(isl_schedule_node_band_set_ast_build_options(band.release(), isl_union_set_from_set(isolate)));
    return band.parent();
  }

  // The values of `outer` (and the enclosing inames) for which every inner iteration exists, as a
  // set of parameters.
  isl::set full_tiles(const isl::set& statement, const std::string& outer, const std::string& inner,
                      const ConstantRange& length) const {
    std::vector<std::string> keep = enclosing_;
    keep.push_back(outer);
    keep.push_back(inner);
    isl::set points = isl_extra::set_dims_to_params(statement).params();
    for (const std::string& dim : isl_extra::dim_names(statement, isl_dim_set)) {
      if (std::find(keep.begin(), keep.end(), dim) == keep.end()) points = isl_extra::project_out_param(points, dim);
    }
    isl::set tiles = isl_extra::project_out_param(points, inner);
    std::string box_text = "[" + inner + "] -> { : " + std::to_string(length.lower) + " <= " + inner + " < " +
                           std::to_string(length.lower + length.extent) + " }";
    isl::set box = tiles.intersect(isl::set(tiles.ctx(), box_text));
    isl::set missing = isl_extra::project_out_param(box.subtract(points), inner);
    // A tile is full when it is full for every work-item of the group: the condition must not
    // name a work-item index, or the partial tile's code would sit under a divergent condition
    // (with the barriers of a tiled loop inside it).
    for (const auto& [iname, tag] : kernel_.iname_tags) {
      if (tag.kind != InameTag::Kind::Local) continue;
      tiles = isl_extra::project_out_param(tiles, iname);
      missing = isl_extra::project_out_param(missing, iname);
    }
    return tiles.subtract(missing);
  }

  std::string inner_of(const std::string& outer) const {
    for (const InameRewrite& rewrite : kernel_.iname_rewrites) {
      if (rewrite.new_inames.size() == 2 && rewrite.new_inames[0] == outer) return rewrite.new_inames[1];
    }
    return "";
  }


  const LoopKernel& kernel_;
  std::vector<std::string> enclosing_;
};

// A band member: the statement's dimension at `pos`, defined on the whole space of its domain.
// isl intersects a band's schedule with the domain it generates anyway; a schedule restricted to
// the domain (the domain's constraints copied onto every band above the statement) only made isl
// carry and simplify those constraints again at every level (convolution's AST build: -12%,
// same AST). Not with slabs (schedule_of).
isl::union_pw_aff dim_on_universe(const isl::set& domain, int pos) {
  isl_local_space* space = isl_local_space_from_space(isl_set_get_space(domain.get()));
  isl_aff* aff = isl_aff_var_on_domain(space, isl_dim_set, static_cast<unsigned>(pos));
  return isl_extra::checked(isl::manage(isl_union_pw_aff_from_pw_aff(isl_pw_aff_from_aff(aff))), domain.ctx().get());
}

// One constraint for plain_box_product: true when it does not mention the dimension at `at`, or
// is `dim + c >= 0` / `-dim + c >= 0` (tightening `lower` / `upper`); false otherwise.
bool read_bound(isl_constraint* constraint, unsigned at, std::optional<int64_t>& lower,
                std::optional<int64_t>& upper) {
  if (isl_constraint_involves_dims(constraint, isl_dim_set, at, 1) == isl_bool_false) return true;
  if (isl_constraint_is_equality(constraint) != isl_bool_false) return false;
  isl_local_space* space = isl_constraint_get_local_space(constraint);
  int sets = isl_local_space_dim(space, isl_dim_set), params = isl_local_space_dim(space, isl_dim_param);
  int divs = isl_local_space_dim(space, isl_dim_div);
  isl_local_space_free(space);
  auto involves = [&](isl_dim_type type, int first, int count) {
    return count > 0 && isl_constraint_involves_dims(constraint, type, static_cast<unsigned>(first),
                                                     static_cast<unsigned>(count)) != isl_bool_false;
  };
  if (involves(isl_dim_set, 0, static_cast<int>(at)) || involves(isl_dim_set, static_cast<int>(at) + 1, sets - static_cast<int>(at) - 1) ||
      involves(isl_dim_param, 0, params) || involves(isl_dim_div, 0, divs)) {
    return false;
  }
  isl::val coefficient = isl::manage(isl_constraint_get_coefficient_val(constraint, isl_dim_set, static_cast<int>(at)));
  isl::val constant = isl::manage(isl_constraint_get_constant_val(constraint));
  if (!constant.is_int()) return false;
  int64_t c = constant.get_num_si();
  if (coefficient.is_one()) {  // dim >= -c
    lower = lower ? std::max(*lower, -c) : -c;
    return true;
  }
  if (coefficient.is_negone()) {  // dim <= c
    upper = upper ? std::min(*upper, c) : c;
    return true;
  }
  return false;
}

// The constant bounds `dim >= l` and `dim <= u` that constraints of the dimension at `at` alone give
// in `domain` (read_bound; other constraints may tie it to more), or nullopt where `domain` is not
// one basic set.
struct OwnBounds {
  std::optional<int64_t> lower, upper;
};
std::optional<OwnBounds> own_bounds(const isl::set& domain, unsigned at) {
  if (isl_set_n_basic_set(domain.get()) != 1) return std::nullopt;
  isl_basic_set_list* list = isl_set_get_basic_set_list(domain.get());
  isl::basic_set basic = isl::manage(isl_basic_set_list_get_at(list, 0));
  isl_basic_set_list_free(list);
  struct Visit {
    unsigned at;
    OwnBounds bounds;
  } visit_state{at, {}};
  auto visit = [](isl_constraint* constraint, void* user) -> isl_stat {
    auto& v = *static_cast<Visit*>(user);
    static_cast<void>(read_bound(constraint, v.at, v.bounds.lower, v.bounds.upper));  // false: not a bound of it alone
    isl_constraint_free(constraint);
    return isl_stat_ok;
  };
  if (isl_basic_set_foreach_constraint(basic.get(), visit, &visit_state) < 0) return std::nullopt;
  return visit_state.bounds;
}

// Whether `domain` is one basic set with constraints `dim >= l` and `dim <= u` of the dimension at
// `at` alone (others may tie it to more) and `range` holds [l, u]: then every point's value of the
// dimension is in `range`.
bool plainly_within_range(const isl::set& domain, unsigned at, const ConstantRange& range) {
  std::optional<OwnBounds> bounds = own_bounds(domain, at);
  return bounds && bounds->lower && bounds->upper && *bounds->lower >= range.lower &&
         *bounds->upper <= range.lower + range.extent - 1;
}

bool loop_has_data_dependent_bounds(const LoopKernel& kernel, const std::string& iname) {
  const Domain* domain = kernel.domain_of_iname(iname);
  if (domain == nullptr) return false;
  return std::any_of(domain->parameters.begin(), domain->parameters.end(),
                     [&](const std::string& parameter) { return is_data_parameter(kernel, parameter); });
}

class ScheduleBuilder {
 public:
  // `outer_inames` are the loops around the nodes being scheduled (parameters of this AST).
  ScheduleBuilder(const LoopKernel& kernel, const Linearization& linearization,
                  std::vector<std::string> outer_inames = {}, std::map<std::string, std::string> aliases = {},
                  ConstantBoxes boxes = {})
      : kernel_(kernel), linearization_(linearization), outer_inames_(std::move(outer_inames)),
        aliases_(std::move(aliases)), boxes_(std::move(boxes)) {}

  KernelSchedule build(const std::vector<LoopNestNode>& roots, bool region_root) {
    KernelSchedule result;
    region_root_ = region_root;
    if (boxes_) {
      std::vector<int> instructions;
      plan_boxes(roots, region_root, instructions);
    }
    result.schedule = sequence_of(roots);
    result.statements = std::move(statements_);
    result.groups = std::move(groups_);
    result.constant_loops = std::move(loop_ranges_);
    return result;
  }

 private:
  // A statement that runs like the group's first one joins its group (KernelSchedule::groups)
  // instead of becoming an isl statement of its own.
  isl::schedule sequence_of(const std::vector<LoopNestNode>& nodes) {
    LOOM_ASSERT(!nodes.empty(), "empty loop body in linearization");
    std::vector<isl::schedule> parts;
    parts.reserve(nodes.size());
    std::string lead;  // the statement the last part stands for; empty where that part is no statement
    for (const LoopNestNode& node : nodes) {
      if (node.kind != LoopNestNode::Kind::Instruction || !grouping_) {
        lead.clear();
        parts.push_back(schedule_of(node));
        continue;
      }
      std::string name = statement_name(node.instruction_index);
      const Statement& statement = instruction_statement(node.instruction_index);
      if (!lead.empty() && runs_alike(statements_.at(lead), statement)) {
        std::vector<std::string>& members = groups_[lead];
        if (members.empty()) members.push_back(lead);
        members.push_back(name);
        grouped_statements.fetch_add(1, std::memory_order_relaxed);
        continue;
      }
      lead = name;
      parts.push_back(statement_schedule(node.instruction_index));
    }
    return sequence_in_halves(parts, 0, parts.size());
  }

  // Whether isl would build the same AST for `next` as for `lead` beside it: the same dims (the
  // call's arguments), the same boxed dims (the box copies' values) and the same domain, constraint
  // for constraint once the tuple names agree (isl's output follows the constraints it is given).
  static bool runs_alike(const Statement& lead, const Statement& next) {
    if (lead.region || next.region || lead.dims != next.dims || lead.boxed_dims != next.boxed_dims) return false;
    isl::set renamed = isl::manage(isl_set_set_tuple_id(next.domain.copy(), isl_set_get_tuple_id(lead.domain.get())));
    return same_constraints(lead.domain, renamed);
  }

  // Whether `a` and `b` are the same basic sets with the same constraints in the same order (isl's
  // plain_is_equal normalizes the sets it compares in place, which would change the constraint
  // order isl's AST build later reads, so the matrices are compared here).
  static bool same_constraints(const isl::set& a, const isl::set& b) {
    if (!a.space().is_equal(b.space())) return false;
    int pieces = isl_set_n_basic_set(a.get());
    if (pieces != isl_set_n_basic_set(b.get())) return false;
    isl_basic_set_list* a_list = isl_set_get_basic_set_list(a.get());
    isl_basic_set_list* b_list = isl_set_get_basic_set_list(b.get());
    bool same = true;
    for (int piece = 0; same && piece < pieces; ++piece) {
      isl::basic_set a_piece = isl::manage(isl_basic_set_list_get_at(a_list, piece));
      isl::basic_set b_piece = isl::manage(isl_basic_set_list_get_at(b_list, piece));
      same = same_constraints(a_piece, b_piece);
    }
    isl_basic_set_list_free(a_list);
    isl_basic_set_list_free(b_list);
    return same;
  }

  static bool same_constraints(const isl::basic_set& a, const isl::basic_set& b) {
    isl_local_space* a_space = isl_basic_set_get_local_space(a.get());
    isl_local_space* b_space = isl_basic_set_get_local_space(b.get());
    bool same = isl_local_space_is_equal(a_space, b_space) == isl_bool_true;
    isl_local_space_free(a_space);
    isl_local_space_free(b_space);
    auto same_matrix = [](isl_mat* x, isl_mat* y) {
      bool equal = isl_mat_is_equal(x, y) == isl_bool_true;
      isl_mat_free(x);
      isl_mat_free(y);
      return equal;
    };
    auto columns = [](isl_mat* (*matrix)(isl_basic_set*, isl_dim_type, isl_dim_type, isl_dim_type, isl_dim_type),
                      const isl::basic_set& set) {
      return matrix(set.get(), isl_dim_cst, isl_dim_param, isl_dim_set, isl_dim_div);
    };
    same = same && same_matrix(columns(isl_basic_set_equalities_matrix, a), columns(isl_basic_set_equalities_matrix, b));
    same = same && same_matrix(columns(isl_basic_set_inequalities_matrix, a), columns(isl_basic_set_inequalities_matrix, b));
    return same;
  }

  // The sequence of parts[begin, end), joined in halves: isl flattens a sequence joined to a
  // sequence, so the tree is the one joining them left to right builds, but each join unites the
  // two domains, and left to right that copied a growing union once per part (quadratic in the
  // parts: a sixth of test_long_kernel's compile; issue 26).
  static isl::schedule sequence_in_halves(const std::vector<isl::schedule>& parts, std::size_t begin, std::size_t end) {
    if (end - begin == 1) return parts[begin];
    std::size_t middle = begin + (end - begin) / 2;
    return isl_extra::schedule_sequence(sequence_in_halves(parts, begin, middle), sequence_in_halves(parts, middle, end));
  }

  isl::schedule schedule_of(const LoopNestNode& node) {
    if (node.kind == LoopNestNode::Kind::Instruction) return statement_schedule(node.instruction_index);
    bool is_root = region_root_;
    region_root_ = false;
    if (!is_root && loop_has_data_dependent_bounds(kernel_, node.iname)) return region_schedule(node);
    enclosing_.push_back(node.iname);
    isl::schedule body = sequence_of(node.children);
    enclosing_.pop_back();
    if (boxed_.count(&node) != 0) return with_mark(body, box_mark_name(node.iname));
    if (auto loop = constant_loops_.find(&node); loop != constant_loops_.end()) {
      loop_ranges_[node.iname] = loop->second;
      return with_mark(body, constant_loop_mark_name(node.iname));
    }
    isl::union_pw_aff partial;
    bool first = true;
    body.domain().foreach_set([&](isl::set statement_domain) {
      // The statement's dimensions in its domain (constant boxes inside this loop are not).
      int position = isl_extra::find_dim(statement_domain, isl_dim_set, node.iname);
      LOOM_ASSERT(position >= 0, "loop " + node.iname + " around a statement not within it");
      // Slabs keep the schedule on the domain: isl's isolate option is read against it, and the
      // universe changes the code of a slabbed loop (loopy's test_nbody variant_1: an equivalent
      // but different guard).
      isl::union_pw_aff piece = kernel_.slabs.empty() ? dim_on_universe(statement_domain, position)
                                                      : isl_extra::dim_as_union_pw_aff(statement_domain, position);
      partial = first ? piece : partial.union_add(piece);
      first = false;
    });
    if (first) return body;  // no instance runs: nothing to loop over
    isl_multi_union_pw_aff* members = isl_multi_union_pw_aff_from_union_pw_aff(partial.release());
    std::vector<std::string> inames{node.iname};
    if (mergeable(node)) body = without_inner_band(body, members, inames);
    isl_ctx* ctx = body.ctx().get();
    isl::schedule banded = isl_extra::checked(isl::manage(isl_schedule_insert_partial_schedule(body.release(), members)), ctx);
    // One loop per iname, never separated into copies: loopy's semantics (a loop is entered once).
    // (Measured: no slower than isl's default for matmul_split, 44.6 vs 46.0 ms per `loom compile`.)
    isl::schedule_node band = banded.root().child(0);
    for (std::size_t member = 0; member < inames.size(); ++member) {
      band = isl::manage(isl_schedule_node_band_member_set_ast_loop_type(band.release(), static_cast<int>(member),
                                                                         isl_ast_loop_atomic));
    }
    if (inames.size() == 1) return with_mark(band.schedule(), loop_mark_name(node.iname));
    return with_mark(band.schedule(), band_mark_name(static_cast<int>(enclosing_bands()), inames));
  }

  // Whether the loop over `node` and the one loop its body is can be one band of isl's (issue 26,
  // ast19): isl's per-band work (the build's product with the band's space, the inverse schedule
  // composed with it, a mark) was a fifth of its AST time on the small specs, and a chain of
  // one-member bands under marks builds the same AST as one band with all the members (checked on
  // every example and conformance spec: benchmarks/compile/compare_generated.py). Not for loops
  // loom unrolls itself (their guards are computed per loop level from the build, GuardCollector),
  // nor with slabs (isl's isolate option is read against each band's own prefix schedule).
  bool mergeable(const LoopNestNode& node) const {
    if (!kernel_.slabs.empty() || node.children.size() != 1) return false;
    const LoopNestNode& inner = node.children.front();
    if (inner.kind != LoopNestNode::Kind::Loop || boxed_.count(&inner) != 0 || constant_loops_.count(&inner) != 0) {
      return false;
    }
    if (loop_has_data_dependent_bounds(kernel_, inner.iname)) return false;
    return !unrolled_by_loom(node.iname) && !unrolled_by_loom(inner.iname);
  }

  // Whether isl bounds each member of a band over `domain` as it bounds the same loop in a chain of
  // one-member bands: in a band, the members inside the one being generated are schedule
  // dimensions that isl eliminates rationally (Fourier-Motzkin) before it bounds the loop, where in
  // a chain they are statement dimensions it projects out exactly. The two agree where every
  // statement's domain is one basic set without existentials and each of its constraints names at
  // most one of the members after the first, with coefficient 1 or -1 (each elimination is then
  // exact and leaves the other members' constraints as they were). Otherwise isl may bound a loop by
  // a looser, still correct, constraint: test_diamond_tiling's skewed tiles (`itx >= itt`,
  // `itx <= 15 - itt`) gave its tile loop a different bound.
  static bool eliminated_exactly(const isl::union_set& domain, const std::vector<std::string>& inner) {
    bool exact = true;
    domain.foreach_set([&](isl::set statement) {
      if (exact) exact = eliminated_exactly(statement, inner);
    });
    return exact;
  }

  static bool eliminated_exactly(const isl::set& statement, const std::vector<std::string>& inner) {
    if (isl_set_n_basic_set(statement.get()) != 1) return false;
    std::vector<int> positions;
    for (const std::string& iname : inner) {
      int position = isl_extra::find_dim(statement, isl_dim_set, iname);
      if (position >= 0) positions.push_back(position);
    }
    isl_basic_set_list* list = isl_set_get_basic_set_list(statement.get());
    isl::basic_set basic = isl::manage(isl_basic_set_list_get_at(list, 0));
    isl_basic_set_list_free(list);
    if (isl_basic_set_dim(basic.get(), isl_dim_div) != 0) return false;
    struct Check {
      const std::vector<int>& positions;
      bool exact = true;
    } check{positions, true};
    auto visit = [](isl_constraint* constraint, void* user) -> isl_stat {
      auto& into = *static_cast<Check*>(user);
      int named = 0;
      for (int position : into.positions) {
        isl::val coefficient = isl::manage(isl_constraint_get_coefficient_val(constraint, isl_dim_set, position));
        if (coefficient.is_zero()) continue;
        ++named;
        if (!coefficient.abs().is_one()) into.exact = false;
      }
      if (named > 1) into.exact = false;
      isl_constraint_free(constraint);
      return isl_stat_ok;
    };
    if (isl_basic_set_foreach_constraint(basic.get(), visit, &check) < 0) return false;
    return check.exact;
  }

  bool unrolled_by_loom(const std::string& iname) const {
    InameTag::Kind kind = kernel_.tag_of(iname).kind;
    return kind == InameTag::Kind::Unroll || kind == InameTag::Kind::Ilp || kind == InameTag::Kind::Vec;
  }

  // `body`, the schedule of the one loop inside, without that loop's mark and band: their members
  // appended to `members`, their inames to `inames`. Unchanged where `body` is not a mark above a
  // band (the inner loop ran no instance).
  static isl::schedule without_inner_band(const isl::schedule& body, isl_multi_union_pw_aff*& members,
                                          std::vector<std::string>& inames) {
    isl::schedule_node mark = body.root().child(0);
    if (isl_schedule_node_get_type(mark.get()) != isl_schedule_node_mark) return body;
    isl::schedule_node band = mark.child(0);
    if (isl_schedule_node_get_type(band.get()) != isl_schedule_node_band) return body;
    std::vector<std::string> inner = band_mark_inames(mark);
    if (inner.empty() || !eliminated_exactly(body.domain(), inner)) return body;
    members = isl_multi_union_pw_aff_flat_range_product(members, isl_schedule_node_band_get_partial_schedule(band.get()));
    inames.insert(inames.end(), inner.begin(), inner.end());
    joined_loops.fetch_add(static_cast<int>(inner.size()), std::memory_order_relaxed);
    isl_schedule_node* rest = isl_schedule_node_delete(isl_schedule_node_delete(mark.release()));
    isl::schedule result = isl::manage(isl_schedule_node_get_schedule(rest));
    isl_schedule_node_free(rest);
    return result;
  }

  // The inames of a loop mark's band (loop_mark_name or band_mark_name), empty for other marks.
  static std::vector<std::string> band_mark_inames(const isl::schedule_node& mark) {
    isl_id* id = isl_schedule_node_mark_get_id(mark.get());
    std::string name = isl_id_get_name(id);
    isl_id_free(id);
    if (name.rfind("loop ", 0) == 0) return {name.substr(5)};
    std::optional<BandMark> band = read_band_mark(name);
    return band ? band->inames : std::vector<std::string>{};
  }

  // The band members above the nodes being scheduled: one per enclosing loop (boxes hold no
  // bands, so none encloses one).
  std::size_t enclosing_bands() const { return enclosing_.size(); }

  std::vector<std::string> dims_of(int index) const {
    std::vector<std::string> dims;
    for (const std::string& iname : linearization_.loop_inames.at(index)) {
      if (std::find(outer_inames_.begin(), outer_inames_.end(), iname) == outer_inames_.end()) dims.push_back(iname);
    }
    return dims;
  }

  // A band's schedule with a mark above it, or a box's (no band) with its mark above the body.
  static isl::schedule with_mark(const isl::schedule& schedule, const std::string& name) {
    // isl::id's string constructor parses its text; allocate the id through the C API instead.
    isl::id mark = isl::manage(isl_id_alloc(schedule.ctx().get(), name.c_str(), nullptr));
    return schedule.root().child(0).insert_mark(mark).schedule();
  }

  // Decides the constant boxes (ConstantBoxes, schedule_tree.hpp) among `nodes`, innermost first,
  // and projects each box's dimension out of the domains of the statements inside. Returns whether
  // the nodes are statements and boxes only; `instructions` gets the statements' indices.
  bool plan_boxes(const std::vector<LoopNestNode>& nodes, bool region_root, std::vector<int>& instructions) {
    bool only_boxes = true;
    for (const LoopNestNode& node : nodes) {
      bool boxed = plan_box(node, region_root, instructions);
      only_boxes = only_boxes && boxed;
    }
    return only_boxes;
  }

  bool plan_box(const LoopNestNode& node, bool is_root, std::vector<int>& instructions) {
    if (node.kind == LoopNestNode::Kind::Instruction) {
      instruction_statement(node.instruction_index);
      instructions.push_back(node.instruction_index);
      return true;
    }
    if (!is_root && loop_has_data_dependent_bounds(kernel_, node.iname)) return false;  // a region
    std::vector<int> inside;
    bool only_boxes = plan_boxes(node.children, false, inside);
    instructions.insert(instructions.end(), inside.begin(), inside.end());
    if (!only_boxes || inside.empty() || kernel_.slabs.count(node.iname) != 0) return false;
    std::optional<ConstantRange> range = boxes_(node.iname);
    bool constant_loop = !range && may_be_constant_loop(node.iname);
    if (constant_loop) range = plain_loop_range(inside, node.iname);
    if (!range || range->extent < 2) return false;  // one copy: isl's degenerate loop declares the iname
    for (int index : inside) {
      if (!is_box_product(statements_.at(statement_name(index)).domain, node.iname, *range)) return false;
    }
    for (int index : inside) {
      Statement& statement = statements_.at(statement_name(index));
      int position = isl_extra::find_dim(statement.domain, isl_dim_set, node.iname);
      isl_set* projected = isl_set_project_out(statement.domain.copy(), isl_dim_set, static_cast<unsigned>(position), 1);
      statement.domain = isl_extra::set_tuple_name(isl::manage(projected), statement_name(index));
      statement.boxed_dims.push_back(node.iname);
    }
    if (constant_loop) {
      // Lowering writes the loop (no box copies), so the loops around it hold a loop: no box.
      constant_loops_[&node] = *range;
      return false;
    }
    boxed_.insert(&node);
    return true;
  }

  // The constant range of a loop whose statements are plainly (plain_box_product) their projection
  // times it, read off the first statement's bounds; nullopt where any statement is not plainly
  // such a product. Never isl's tests (the iname's range or the product's inclusions): most loops
  // are no constant loop, and asking isl cost more than the loop saves (examples/triangular.json:
  // +2% of its instructions with constant_iname_range and isl's product test).
  std::optional<ConstantRange> plain_loop_range(const std::vector<int>& inside, const std::string& iname) const {
    std::optional<ConstantRange> range;
    for (int index : inside) {
      const isl::set& domain = statements_.at(statement_name(index)).domain;
      int position = isl_extra::find_dim(domain, isl_dim_set, iname);
      if (position < 0) return std::nullopt;
      if (!range) range = plain_dimension_range(domain, static_cast<unsigned>(position));
      if (!range || plain_box_product(domain, static_cast<unsigned>(position), *range) != true) return std::nullopt;
    }
    return range;
  }

  // Whether the loop over `iname` may be a constant loop (KernelSchedule::constant_loops): a loop
  // lowering writes as a `for` (not one loom unrolls, whose copies need isl's guards), in a kernel
  // without slabs (isl's isolate option is read against the loops' bands).
  bool may_be_constant_loop(const std::string& iname) const {
    return constant_loops_enabled_ && kernel_.slabs.empty() && !unrolled_by_loom(iname);
  }

  // Whether `domain` is its projection along `iname` times exactly `range` of that dimension.
  static bool is_box_product(const isl::set& domain, const std::string& iname, const ConstantRange& range) {
    int position = isl_extra::find_dim(domain, isl_dim_set, iname);
    if (position < 0) return false;
    auto at = static_cast<unsigned>(position);
    std::optional<bool> plain = plain_box_product(domain, at, range);
    bool verify = std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr;
    // LOOM_VERIFY_SKIPPED_CHECKS: isl's test too, and an internal error where the verdicts differ.
    if (plain && !verify) return *plain;
    bool exact = isl_box_product(domain, at, range);
    if (plain && *plain != exact) {
      throw InternalError("constant box over " + iname + ": the constraints say " + (*plain ? "a box" : "no box") +
                          ", isl's test the opposite");
    }
    return exact;
  }

  // isl's test of is_box_product: whether the product (the domain's projection times `range`) is
  // the domain. The domain is within the product where its own constraints bound the dimension to
  // `range` (plainly_within_range); then only the other inclusion is asked (issue 26, wt-speed15b:
  // a 1-D kernel's unrolled loop whose bound names parameters, examples/bandwidth/vector_add.json,
  // spent 3.4% of its compile in the two inclusions of isl's is_equal).
  static bool isl_box_product(const isl::set& domain, unsigned at, const ConstantRange& range) {
    isl::set product = box_product(domain, at, range);
    bool within = plainly_within_range(domain, at, range);
    bool exact = within ? product.is_subset(domain) : product.is_equal(domain);
    if (within && std::getenv("LOOM_VERIFY_SKIPPED_CHECKS") != nullptr && exact != product.is_equal(domain)) {
      throw InternalError("constant box: the domain read as within its range is not, by isl's test");
    }
    return exact;
  }

  static isl::set box_product(const isl::set& domain, unsigned at, const ConstantRange& range) {
    isl_set* product = isl_set_project_out(domain.copy(), isl_dim_set, at, 1);
    product = isl_set_insert_dims(product, isl_dim_set, at, 1);
    product = isl_set_set_dim_id(product, isl_dim_set, at, isl_set_get_dim_id(domain.get(), isl_dim_set, at));
    product = isl_set_set_tuple_id(product, isl_set_get_tuple_id(domain.get()));
    product = isl_set_lower_bound_si(product, isl_dim_set, at, static_cast<int>(range.lower));
    product = isl_set_upper_bound_si(product, isl_dim_set, at, static_cast<int>(range.lower + range.extent - 1));
    return isl_extra::checked(isl::manage(product), domain.ctx().get());
  }

  // The statement of an instruction, made on first use.
  const Statement& instruction_statement(int index) {
    std::string name = statement_name(index);
    auto found = statements_.find(name);
    if (found != statements_.end()) return found->second;
    const Instruction& instruction = kernel_.instructions[static_cast<std::size_t>(index)];
    std::vector<std::string> dims = dims_of(index);
    isl::set domain = instruction_domain(kernel_, instruction, dims, name, /*with_assumptions=*/false).coalesce();
    std::vector<bool> predicate_in_domain;
    for (const ExprPtr& predicate : instruction.predicates) {
      // A round_up store guard stays out of the domain: it is the only guard of a padded nest,
      // and isl would otherwise split the groups into full and partial copies for it.
      if (is_padding_marker(*predicate)) {
        predicate_in_domain.push_back(false);
        continue;
      }
      std::optional<isl::set> holds = condition_set(kernel_, *predicate, domain);
      if (holds) domain = domain.intersect(*holds);
      predicate_in_domain.push_back(holds.has_value());
    }
    domain = isl::manage(isl_set_remove_redundancies(domain.coalesce().release()));
    domain = with_parameter_aliases(domain, aliases_);
    return statements_[name] = Statement{index, dims, domain, nullptr, predicate_in_domain, parameter_names(instruction), {}};
  }

  isl::schedule statement_schedule(int index) {
    return isl::schedule::from_domain(isl::union_set(instruction_statement(index).domain));
  }

  // The instances of the region: the enclosing loops' values for which any statement inside runs,
  // with the data parameters existentially quantified.
  isl::schedule region_schedule(const LoopNestNode& node) {
    std::string name = "R_" + std::to_string(regions_++) + "_" + node.iname;
    std::vector<std::string> around = enclosing_and_outer();
    std::set<std::string> in_scope(around.begin(), around.end());
    for (const std::string& iname : around) {
      if (const Domain* bounds = kernel_.domain_of_iname(iname)) {
        for (const std::string& name : isl_extra::dim_names(isl_set_of(bounds->set), isl_dim_param)) {
          if (is_data_parameter(kernel_, name)) in_scope.insert(name);
        }
      }
    }
    KernelSchedule inner = ScheduleBuilder(kernel_, linearization_, around, aliases_, boxes_).build({node}, true);
    isl::set domain;
    bool first = true;
    for (const auto& [statement_name, statement] : inner.statements) {
      isl::set instances = isl_extra::set_dims_to_params(statement.domain).params();
      for (const std::string& parameter : isl_extra::dim_names(instances, isl_dim_param)) {
        if (is_data_parameter(kernel_, parameter) || kernel_.domain_of_iname(parameter) != nullptr) {
          // The loops around the region, including those outside the region it is nested in, keep
          // their constraints, and so do the data values that bound them (known before the region
          // starts): a nested region that dropped them left its parent's loop unbounded.
          if (!in_scope.count(parameter)) instances = isl_extra::project_out_param(instances, parameter);
        }
      }
      domain = first ? instances : domain.unite(instances);
      first = false;
    }
    isl::set context = domain.coalesce();
    auto region = std::make_shared<Region>(Region{node, enclosing_and_outer(), context, aliases_});
    isl::set instances = isl_extra::params_to_set_dims(
        isl::manage(isl_set_from_params(context.copy())), enclosing_, name);
    statements_[name] = Statement{-1, enclosing_, instances, region};
    return isl::schedule::from_domain(isl::union_set(instances));
  }

  std::map<std::string, std::string> parameter_names(const Instruction& instruction) const {
    std::map<std::string, std::string> names;
    for (const auto& [alias, representative] : aliases_) {
      if (instruction.within_inames.count(alias) != 0) names[representative] = alias;
      if (instruction.within_inames.count(representative) != 0) names[representative] = representative;
    }
    return names;
  }

  std::vector<std::string> enclosing_and_outer() const {
    std::vector<std::string> all = outer_inames_;
    all.insert(all.end(), enclosing_.begin(), enclosing_.end());
    return all;
  }

  const LoopKernel& kernel_;
  const Linearization& linearization_;
  std::vector<std::string> outer_inames_;
  std::map<std::string, std::string> aliases_;
  ConstantBoxes boxes_;
  std::set<const LoopNestNode*> boxed_;  // the loops plan_boxes made constant boxes
  std::map<const LoopNestNode*, ConstantRange> constant_loops_;  // and the constant loops, with their ranges
  std::map<std::string, ConstantRange> loop_ranges_;  // KernelSchedule::constant_loops
  bool constant_loops_enabled_ = std::getenv("LOOM_NO_CONSTANT_LOOPS") == nullptr;
  std::vector<std::string> enclosing_;
  std::map<std::string, Statement> statements_;
  std::map<std::string, std::vector<std::string>> groups_;
  bool grouping_ = std::getenv("LOOM_NO_STATEMENT_GROUPS") == nullptr;
  bool region_root_ = false;
  int regions_ = 0;
};

}  // namespace

std::string loop_mark_name(const std::string& iname) { return "loop " + iname; }

std::string box_mark_name(const std::string& iname) { return "box " + iname; }

std::string constant_loop_mark_name(const std::string& iname) { return "range " + iname; }

int loops_joined_to_bands() { return joined_loops.load(); }

int statements_grouped() { return grouped_statements.load(); }

std::string band_mark_name(int depth, const std::vector<std::string>& inames) {
  std::string name = "loops " + std::to_string(depth);
  for (const std::string& iname : inames) name += " " + iname;
  return name;
}

std::optional<BandMark> read_band_mark(const std::string& name) {
  if (name.rfind("loops ", 0) != 0) return std::nullopt;
  std::istringstream words(name.substr(6));
  BandMark band;
  if (!(words >> band.depth)) return std::nullopt;
  for (std::string iname; words >> iname;) band.inames.push_back(iname);
  if (band.inames.empty()) return std::nullopt;
  return band;
}

// The range [lower, upper] of the dimension at `at` where `domain` bounds it by constraints of its
// own (read_bound: one basic set, both bounds constant); nullopt otherwise (plain_box_product
// checks the rest).
std::optional<ConstantRange> plain_dimension_range(const isl::set& domain, unsigned at) {
  std::optional<OwnBounds> bounds = own_bounds(domain, at);
  if (!bounds || !bounds->lower || !bounds->upper || *bounds->upper < *bounds->lower) return std::nullopt;
  return ConstantRange{*bounds->lower, *bounds->upper - *bounds->lower + 1};
}

// Read off the constraints rather than asked of isl: its subset test cost as much as the AST
// build a constant box saves.
std::optional<bool> plain_box_product(const isl::set& domain, unsigned at, const ConstantRange& range) {
  if (isl_set_n_basic_set(domain.get()) != 1) return std::nullopt;
  isl_basic_set_list* list = isl_set_get_basic_set_list(domain.get());
  isl::basic_set basic = isl::manage(isl_basic_set_list_get_at(list, 0));
  isl_basic_set_list_free(list);
  int divs = isl_basic_set_dim(basic.get(), isl_dim_div);
  for (int div = 0; div < divs; ++div) {
    isl_aff* definition = isl_basic_set_get_div(basic.get(), div);
    bool unknown = definition == nullptr || isl_aff_is_nan(definition) != isl_bool_false;
    bool involves = unknown || isl_aff_involves_dims(definition, isl_dim_in, at, 1) != isl_bool_false;
    isl_aff_free(definition);
    if (involves) return std::nullopt;
  }
  struct Bounds {
    unsigned at;
    std::optional<int64_t> lower, upper;
    bool plain = true;
  } bounds{at, std::nullopt, std::nullopt, true};
  auto visit = [](isl_constraint* constraint, void* user) -> isl_stat {
    auto& b = *static_cast<Bounds*>(user);
    b.plain = b.plain && read_bound(constraint, b.at, b.lower, b.upper);
    isl_constraint_free(constraint);
    return isl_stat_ok;
  };
  if (isl_basic_set_foreach_constraint(basic.get(), visit, &bounds) < 0 || !bounds.plain) return std::nullopt;
  if (!bounds.lower || !bounds.upper) return std::nullopt;
  return *bounds.lower == range.lower && *bounds.upper == range.lower + range.extent - 1;
}

isl::set with_parameter_aliases(const isl::set& set, const std::map<std::string, std::string>& aliases) {
  isl_set* result = set.copy();
  for (const auto& [alias, name] : aliases) {
    int from = isl_set_find_dim_by_name(result, isl_dim_param, alias.c_str());
    if (from < 0) continue;
    int to = isl_set_find_dim_by_name(result, isl_dim_param, name.c_str());
    if (to < 0) {
      isl_id* id = isl_id_alloc(isl_set_get_ctx(result), name.c_str(), nullptr);
      result = isl_set_set_dim_id(result, isl_dim_param, static_cast<unsigned>(from), id);
      continue;
    }
    result = isl_set_equate(result, isl_dim_param, from, isl_dim_param, to);
    result = isl_set_project_out(result, isl_dim_param, static_cast<unsigned>(from), 1);
  }
  return isl_extra::checked(isl::manage(result), set.ctx().get());
}

KernelSchedule build_schedule(const LoopKernel& kernel, const Linearization& linearization, bool isolate_slabs,
                              const std::map<std::string, std::string>& parameter_aliases, const ConstantBoxes& boxes) {
  KernelSchedule schedule =
      ScheduleBuilder(kernel, linearization, {}, parameter_aliases, boxes).build(linearization.roots, false);
  if (isolate_slabs) schedule.schedule = SlabIsolation(kernel).apply(schedule.schedule);
  return schedule;
}

KernelSchedule build_region_schedule(const LoopKernel& kernel, const Linearization& linearization,
                                     const Region& region, const ConstantBoxes& boxes) {
  KernelSchedule schedule = ScheduleBuilder(kernel, linearization, region.outer_inames, region.parameter_aliases, boxes)
                                .build({region.loop}, true);
  schedule.schedule = SlabIsolation(kernel).apply(schedule.schedule);
  return schedule;
}

bool is_data_parameter(const LoopKernel& kernel, const std::string& name) {
  if (kernel.find_temporary(name) != nullptr) return true;
  return std::any_of(kernel.instructions.begin(), kernel.instructions.end(), [&](const Instruction& insn) {
    return std::any_of(insn.assignees.begin(), insn.assignees.end(),
                       [&](const ExprPtr& assignee) { return assignee->name == name; });
  });
}

}  // namespace loom::codegen
