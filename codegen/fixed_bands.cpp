#include "codegen/fixed_bands.hpp"

#include <isl/aff.h>
#include <isl/schedule.h>
#include <isl/schedule_node.h>
#include <isl/set.h>
#include <isl/union_map.h>
#include <isl/union_set.h>
#include <isl/val.h>

#include <atomic>
#include <cstdlib>
#include <string>

namespace loom::codegen {

namespace {

std::atomic<int> dropped_bands{0};

// The input dimension `aff` is (coefficient 1, nothing else: loom's band members are the
// statements' own dimensions), or -1.
int plain_dimension(isl_aff* aff) {
  if (isl_aff_dim(aff, isl_dim_div) != 0) return -1;
  isl_val* constant = isl_aff_get_constant_val(aff);
  isl_val* denominator = isl_aff_get_denominator_val(aff);
  bool plain = isl_val_is_zero(constant) == isl_bool_true && isl_val_is_one(denominator) == isl_bool_true;
  isl_val_free(constant);
  isl_val_free(denominator);
  if (!plain) return -1;
  isl_size params = isl_aff_dim(aff, isl_dim_param);
  if (params < 0 || (params > 0 && isl_aff_involves_dims(aff, isl_dim_param, 0, static_cast<unsigned>(params)) != isl_bool_false)) {
    return -1;
  }
  isl_size inputs = isl_aff_dim(aff, isl_dim_in);
  int found = -1;
  for (isl_size pos = 0; pos < inputs; ++pos) {
    isl_val* coefficient = isl_aff_get_coefficient_val(aff, isl_dim_in, static_cast<int>(pos));
    bool zero = isl_val_is_zero(coefficient) == isl_bool_true;
    bool one = isl_val_is_one(coefficient) == isl_bool_true;
    isl_val_free(coefficient);
    if (zero) continue;
    if (!one || found >= 0) return -1;
    found = static_cast<int>(pos);
  }
  return found;
}

// Whether the member `function` is defined on one statement only and is a dimension that the
// statement's domain (in `domain`, the schedule's) fixes by an equality. One statement: isl orders
// the statements that reach one schedule point with no sequence between them its own way, and
// not the same way with the band as without it (two statements at t = 0 under one band, nothing
// below: S_1 before S_0 with the band, S_0 before S_1 without). loom's tensor tiles are one
// statement each.
bool fixed_member(isl_union_pw_aff* function, isl_union_set* domain) {
  struct State {
    isl_union_set* domain;
    bool fixed = true;
    int statements = 0;
  } state{domain};
  isl_union_pw_aff_foreach_pw_aff(
      function,
      [](isl_pw_aff* piece, void* user) -> isl_stat {
        auto& state = *static_cast<State*>(user);
        if (++state.statements > 1 || isl_pw_aff_n_piece(piece) != 1 || isl_pw_aff_is_cst(piece) == isl_bool_true) {
          state.fixed = false;
          isl_pw_aff_free(piece);
          return isl_stat_error;
        }
        isl_aff* aff = nullptr;
        isl_pw_aff_foreach_piece(
            piece,
            [](isl_set* set, isl_aff* one, void* into) -> isl_stat {
              isl_set_free(set);
              *static_cast<isl_aff**>(into) = one;
              return isl_stat_ok;
            },
            &aff);
        isl_space* space = isl_pw_aff_get_domain_space(piece);
        isl_pw_aff_free(piece);
        int position = aff != nullptr ? plain_dimension(aff) : -1;
        isl_aff_free(aff);
        isl_set* statement = isl_union_set_extract_set(state.domain, space);
        isl_val* value = position < 0 ? nullptr
                                      : isl_set_plain_get_val_if_fixed(statement, isl_dim_set, static_cast<unsigned>(position));
        isl_set_free(statement);
        state.fixed = value != nullptr && isl_val_is_int(value) == isl_bool_true;
        isl_val_free(value);
        return state.fixed ? isl_stat_ok : isl_stat_error;
      },
      &state);
  isl_union_pw_aff_free(function);
  return state.fixed && state.statements == 1;
}

// Whether every member of `band` is fixed (fixed_member) and the band has no option but loop types.
// (The members first: most innermost bands are loops with more than one value, and the first
// member says so.)
bool fixed_band(isl_schedule_node* band, isl_union_set* domain) {
  isl_multi_union_pw_aff* schedule = isl_schedule_node_band_get_partial_schedule(band);
  isl_size members = isl_multi_union_pw_aff_size(schedule);
  bool fixed = members > 0;
  for (isl_size i = 0; fixed && i < members; ++i) fixed = fixed_member(isl_multi_union_pw_aff_get_at(schedule, i), domain);
  isl_multi_union_pw_aff_free(schedule);
  return fixed && !has_options_besides_loop_types(band);
}

// Visits the subtree at `node` children first, deleting each fixed band with no band below it;
// returns the node at the same position and sets `band_below` where a band is left in the subtree.
isl_schedule_node* drop_fixed_bands(isl_schedule_node* node, isl_union_set* domain, bool& band_below, int& dropped) {
  band_below = false;
  isl_size children = isl_schedule_node_n_children(node);
  for (isl_size i = 0; i < children; ++i) {
    node = isl_schedule_node_child(node, static_cast<int>(i));
    bool below = false;
    node = drop_fixed_bands(node, domain, below, dropped);
    band_below = band_below || below;
    node = isl_schedule_node_parent(node);
  }
  if (isl_schedule_node_get_type(node) != isl_schedule_node_band) return node;
  if (band_below || !fixed_band(node, domain)) {
    band_below = true;
    return node;
  }
  ++dropped;
  return isl_schedule_node_delete(node);
}

}  // namespace

std::optional<isl::schedule> without_fixed_bands(const isl::schedule& schedule) {
  if (std::getenv("LOOM_KEEP_FIXED_BANDS") != nullptr) return std::nullopt;
  isl_union_set* domain = isl_schedule_get_domain(schedule.get());
  isl_schedule_node* root = isl_schedule_get_root(schedule.get());
  bool band_below = false;
  int dropped = 0;
  root = drop_fixed_bands(root, domain, band_below, dropped);
  isl_union_set_free(domain);
  if (root == nullptr) isl::exception::throw_last_error(schedule.ctx());
  if (dropped == 0) {
    isl_schedule_node_free(root);
    return std::nullopt;
  }
  dropped_bands.fetch_add(dropped, std::memory_order_relaxed);
  isl::schedule result = isl::manage(isl_schedule_node_get_schedule(root));
  isl_schedule_node_free(root);
  return result;
}

int fixed_bands_dropped() { return dropped_bands.load(); }

bool has_options_besides_loop_types(isl_schedule_node* band) {
  isl_union_set* options = isl_schedule_node_band_get_ast_build_options(band);
  bool other = false;
  isl_union_set_foreach_set(
      options,
      [](isl_set* set, void* user) -> isl_stat {
        const char* name = isl_set_get_tuple_name(set);
        if (name == nullptr || std::string(name) != "atomic") *static_cast<bool*>(user) = true;
        isl_set_free(set);
        return isl_stat_ok;
      },
      &other);
  isl_union_set_free(options);
  return other;
}

}  // namespace loom::codegen
