#include "codegen/unused_parameters.hpp"

#include <isl/aff.h>
#include <isl/id.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/space.h>
#include <isl/union_set.h>

#include <atomic>
#include <cstdlib>
#include <set>
#include <string>

#include "ir/isl_extra.hpp"

namespace loom::codegen {

namespace {

std::atomic<int> rebuilt_problems{0};

// Rebuilds a schedule tree top-down (isl has no operation that drops parameters from a schedule:
// every node keeps the space it was made in). Each set and function loses the parameters it does
// not mention; `kept` collects the names the rebuilt parts still have.
class ParameterDropper {
 public:
  // False where the tree holds something this does not rebuild.
  bool rebuildable(isl_schedule_node* node) const {
    switch (isl_schedule_node_get_type(node)) {
      case isl_schedule_node_domain:  // the root (its domain is rebuilt by `domain`)
      case isl_schedule_node_leaf:
      case isl_schedule_node_mark:
      case isl_schedule_node_sequence:
      case isl_schedule_node_set:
      case isl_schedule_node_filter:
        break;
      case isl_schedule_node_band:
        if (has_isolate_option(node)) return false;
        break;
      default:
        return false;
    }
    int children = isl_schedule_node_n_children(node);
    for (int i = 0; i < children; ++i) {
      isl_schedule_node* child = isl_schedule_node_get_child(node, i);
      bool ok = rebuildable(child);
      isl_schedule_node_free(child);
      if (!ok) return false;
    }
    return true;
  }

  isl_union_set* domain(isl_union_set* set) { return union_set(set); }

  // Copies the subtree below `from` below `to` (a leaf of the tree being built, at the same place);
  // returns `to`'s position in the grown tree.
  isl_schedule_node* copy_children(isl_schedule_node* to, isl_schedule_node* from) {
    if (isl_schedule_node_n_children(from) == 0) return to;
    isl_schedule_node* child = isl_schedule_node_get_child(from, 0);
    to = isl_schedule_node_child(to, 0);
    to = copy_node(to, child);
    isl_schedule_node_free(child);
    return isl_schedule_node_parent(to);
  }

  const std::set<std::string>& kept() const { return kept_; }

 private:
  static bool has_isolate_option(isl_schedule_node* band) {
    isl_union_set* options = isl_schedule_node_band_get_ast_build_options(band);
    bool isolate = false;
    isl_union_set_foreach_set(
        options,
        [](isl_set* set, void* user) -> isl_stat {
          const char* name = isl_set_get_tuple_name(set);
          if (name != nullptr && std::string(name) == "isolate") *static_cast<bool*>(user) = true;
          isl_set_free(set);
          return isl_stat_ok;
        },
        &isolate);
    isl_union_set_free(options);
    return isolate;
  }

  void keep_parameters_of(isl_space* space) {
    isl_size count = isl_space_dim(space, isl_dim_param);
    for (isl_size pos = 0; pos < count; ++pos) {
      kept_.insert(isl_space_get_dim_name(space, isl_dim_param, static_cast<unsigned>(pos)));
    }
    isl_space_free(space);
  }

  // `set` (taken) with each statement's set without the parameters it does not mention.
  isl_union_set* union_set(isl_union_set* set) {
    struct Into {
      ParameterDropper* self;
      isl_union_set* result;
    } into{this, isl_union_set_empty(isl_space_params_alloc(isl_union_set_get_ctx(set), 0))};
    isl_union_set_foreach_set(
        set,
        [](isl_set* piece, void* user) -> isl_stat {
          auto& in = *static_cast<Into*>(user);
          piece = isl_set_drop_unused_params(piece);
          in.self->keep_parameters_of(isl_set_get_space(piece));
          in.result = isl_union_set_add_set(in.result, piece);
          return isl_stat_ok;
        },
        &into);
    isl_union_set_free(set);
    return into.result;
  }

  // One band member's function (taken) without the parameters its pieces do not mention.
  isl_multi_union_pw_aff* member(isl_union_pw_aff* function) {
    struct Into {
      ParameterDropper* self;
      isl_union_pw_aff* result;
    } into{this, nullptr};
    isl_union_pw_aff_foreach_pw_aff(
        function,
        [](isl_pw_aff* piece, void* user) -> isl_stat {
          auto& in = *static_cast<Into*>(user);
          piece = isl_pw_aff_drop_unused_params(piece);
          in.self->keep_parameters_of(isl_pw_aff_get_space(piece));
          isl_union_pw_aff* one = isl_union_pw_aff_from_pw_aff(piece);
          in.result = in.result == nullptr ? one : isl_union_pw_aff_union_add(in.result, one);
          return isl_stat_ok;
        },
        &into);
    if (into.result == nullptr) return isl_multi_union_pw_aff_from_union_pw_aff(function);  // no piece: as it was
    isl_union_pw_aff_free(function);
    return isl_multi_union_pw_aff_from_union_pw_aff(into.result);
  }

  isl_multi_union_pw_aff* band_schedule(isl_multi_union_pw_aff* schedule) {
    isl_size members = isl_multi_union_pw_aff_size(schedule);
    isl_multi_union_pw_aff* result = nullptr;
    for (isl_size i = 0; i < members; ++i) {
      isl_multi_union_pw_aff* one = member(isl_multi_union_pw_aff_get_at(schedule, i));
      result = result == nullptr ? one : isl_multi_union_pw_aff_flat_range_product(result, one);
    }
    isl_multi_union_pw_aff_free(schedule);
    return result;
  }

  // `from`'s node (and its subtree) in place of the leaf `to`; returns the node that replaced it.
  isl_schedule_node* copy_node(isl_schedule_node* to, isl_schedule_node* from) {
    switch (isl_schedule_node_get_type(from)) {
      case isl_schedule_node_mark:
        to = isl_schedule_node_insert_mark(to, isl_schedule_node_mark_get_id(from));
        return copy_children(to, from);
      case isl_schedule_node_band:
        return copy_children(copy_band(to, from), from);
      case isl_schedule_node_sequence:
      case isl_schedule_node_set:
        return copy_filters(to, from);
      default:  // a leaf (rebuildable() admits no other type here)
        return to;
    }
  }

  isl_schedule_node* copy_band(isl_schedule_node* to, isl_schedule_node* from) {
    int members = isl_schedule_node_band_n_member(from);
    to = isl_schedule_node_insert_partial_schedule(to, band_schedule(isl_schedule_node_band_get_partial_schedule(from)));
    to = isl_schedule_node_band_set_permutable(to, isl_schedule_node_band_get_permutable(from));
    for (int i = 0; i < members; ++i) {
      to = isl_schedule_node_band_member_set_coincident(to, i, isl_schedule_node_band_member_get_coincident(from, i));
    }
    // The options carry the members' loop types (atomic) and no set naming a parameter (no isolate).
    return isl_schedule_node_band_set_ast_build_options(to, isl_schedule_node_band_get_ast_build_options(from));
  }

  isl_schedule_node* copy_filters(isl_schedule_node* to, isl_schedule_node* from) {
    int children = isl_schedule_node_n_children(from);
    isl_union_set_list* filters = isl_union_set_list_alloc(isl_schedule_node_get_ctx(from), children);
    for (int i = 0; i < children; ++i) {
      isl_schedule_node* filter = isl_schedule_node_get_child(from, i);
      filters = isl_union_set_list_add(filters, union_set(isl_schedule_node_filter_get_filter(filter)));
      isl_schedule_node_free(filter);
    }
    bool sequence = isl_schedule_node_get_type(from) == isl_schedule_node_sequence;
    to = sequence ? isl_schedule_node_insert_sequence(to, filters) : isl_schedule_node_insert_set(to, filters);
    for (int i = 0; i < children; ++i) {
      isl_schedule_node* filter = isl_schedule_node_get_child(from, i);
      to = isl_schedule_node_child(to, i);
      to = copy_children(to, filter);
      isl_schedule_node_free(filter);
      to = isl_schedule_node_parent(to);
    }
    return to;
  }

  std::set<std::string> kept_;
};

// The number of parameters some piece of the domain mentions, and the domain's parameter count.
std::pair<int, int> mentioned_parameters(const isl::union_set& domain) {
  std::set<std::string> mentioned;
  domain.foreach_set([&](isl::set set) {
    isl_size count = isl_set_dim(set.get(), isl_dim_param);
    for (isl_size pos = 0; pos < count; ++pos) {
      if (isl_set_involves_dims(set.get(), isl_dim_param, static_cast<unsigned>(pos), 1) == isl_bool_true) {
        mentioned.insert(isl_set_get_dim_name(set.get(), isl_dim_param, static_cast<unsigned>(pos)));
      }
    }
  });
  return {static_cast<int>(mentioned.size()), static_cast<int>(isl_union_set_dim(domain.get(), isl_dim_param))};
}

}  // namespace

std::optional<AstProblem> without_unused_parameters(const isl::schedule& schedule, const isl::set& context) {
  static const bool disabled = std::getenv("LOOM_KEEP_AST_PARAMETERS") != nullptr;  // for comparisons
  if (disabled) return std::nullopt;
  isl::union_set domain = schedule.get_domain();
  auto [mentioned, all] = mentioned_parameters(domain);
  if (mentioned == all) return std::nullopt;
  isl_schedule_node* root = isl_schedule_get_root(schedule.get());
  ParameterDropper dropper;
  if (!dropper.rebuildable(root)) {
    isl_schedule_node_free(root);
    return std::nullopt;
  }
  isl_schedule* rebuilt = isl_schedule_from_domain(dropper.domain(domain.release()));
  isl_schedule_node* to = isl_schedule_get_root(rebuilt);
  isl_schedule_free(rebuilt);
  to = dropper.copy_children(to, root);
  isl_schedule_node_free(root);
  rebuilt = isl_schedule_node_get_schedule(to);
  isl_schedule_node_free(to);
  isl::schedule result = isl_extra::checked(isl::manage(rebuilt), context.ctx().get());
  isl_set* projected = context.copy();
  for (int pos = isl_set_dim(projected, isl_dim_param) - 1; pos >= 0; --pos) {
    if (dropper.kept().count(isl_set_get_dim_name(projected, isl_dim_param, static_cast<unsigned>(pos))) != 0) continue;
    projected = isl_set_project_out(projected, isl_dim_param, static_cast<unsigned>(pos), 1);
  }
  rebuilt_problems.fetch_add(1, std::memory_order_relaxed);
  return AstProblem{result, isl_extra::checked(isl::manage(projected), context.ctx().get())};
}

int problems_without_unused_parameters() { return rebuilt_problems.load(); }

}  // namespace loom::codegen
