// The few isl operations the C++ bindings of isl 0.25 lack (DESIGN.md §3), as small inline
// functions over the C API. Each takes and returns isl:: values; a null result (isl error)
// becomes isl::exception like the bindings do.
#pragma once

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/cpp.h>
#include <isl/map.h>
#include <isl/schedule.h>
#include <isl/set.h>
#include <isl/space.h>

#include <string>
#include <vector>

namespace loom::isl_extra {

template <typename T>
T checked(T value, isl_ctx* ctx) {
  if (value.is_null()) isl::exception::throw_last_error(isl::ctx(ctx));
  return value;
}

inline int dim_count(const isl::set& set, isl_dim_type type) {
  return static_cast<int>(isl_set_dim(set.get(), type));
}
inline int dim_count(const isl::map& map, isl_dim_type type) {
  return static_cast<int>(isl_map_dim(map.get(), type));
}

inline std::string dim_name(const isl::set& set, isl_dim_type type, int pos) {
  const char* name = isl_set_get_dim_name(set.get(), type, static_cast<unsigned>(pos));
  return name == nullptr ? std::string() : std::string(name);
}

inline std::vector<std::string> dim_names(const isl::set& set, isl_dim_type type) {
  std::vector<std::string> names;
  for (int i = 0; i < dim_count(set, type); ++i) names.push_back(dim_name(set, type, i));
  return names;
}

inline int find_dim(const isl::set& set, isl_dim_type type, const std::string& name) {
  return isl_set_find_dim_by_name(set.get(), type, name.c_str());
}

// Moves every set dimension to the parameters, keeping names: sets over different inames can
// then be intersected, isl aligning parameters by name.
inline isl::set set_dims_to_params(const isl::set& set) {
  isl_ctx* ctx = set.ctx().get();
  int n_set = dim_count(set, isl_dim_set);
  int n_param = dim_count(set, isl_dim_param);
  isl_set* moved = isl_set_move_dims(set.copy(), isl_dim_param, static_cast<unsigned>(n_param),
                                     isl_dim_set, 0, static_cast<unsigned>(n_set));
  return checked(isl::manage(moved), ctx);
}

// The inverse: makes the named parameters the set dimensions, in the given order, and names the
// tuple. A name that is not a parameter becomes an unconstrained dimension.
inline isl::set params_to_set_dims(const isl::set& set, const std::vector<std::string>& names,
                                   const std::string& tuple_name) {
  isl_ctx* ctx = set.ctx().get();
  isl_set* result = set.copy();
  for (const std::string& name : names) {
    unsigned position = isl_set_dim(result, isl_dim_set);
    int param = isl_set_find_dim_by_name(result, isl_dim_param, name.c_str());
    if (param >= 0) {
      result = isl_set_move_dims(result, isl_dim_set, position, isl_dim_param,
                                 static_cast<unsigned>(param), 1);
    } else {
      result = isl_set_add_dims(result, isl_dim_set, 1);
      result = isl_set_set_dim_name(result, isl_dim_set, position, name.c_str());
    }
  }
  if (!tuple_name.empty()) result = isl_set_set_tuple_name(result, tuple_name.c_str());
  return checked(isl::manage(result), ctx);
}

inline isl::set set_tuple_name(const isl::set& set, const std::string& name) {
  return checked(isl::manage(isl_set_set_tuple_name(set.copy(), name.c_str())), set.ctx().get());
}

inline isl::set project_out_param(const isl::set& set, const std::string& name) {
  int pos = find_dim(set, isl_dim_param, name);
  if (pos < 0) return set;
  return checked(isl::manage(isl_set_project_out(set.copy(), isl_dim_param,
                                                 static_cast<unsigned>(pos), 1)),
                 set.ctx().get());
}

// { S[...] -> [dim at `pos`] } on the space of `set`, as a union_pw_aff over `set`.
inline isl::union_pw_aff dim_as_union_pw_aff(const isl::set& set, int pos) {
  isl_ctx* ctx = set.ctx().get();
  isl_local_space* ls = isl_local_space_from_space(isl_set_get_space(set.get()));
  isl_aff* aff = isl_aff_var_on_domain(ls, isl_dim_set, static_cast<unsigned>(pos));
  isl_pw_aff* pa = isl_pw_aff_intersect_domain(isl_pw_aff_from_aff(aff), set.copy());
  return checked(isl::manage(isl_union_pw_aff_from_pw_aff(pa)), ctx);
}

inline isl::schedule schedule_sequence(const isl::schedule& first, const isl::schedule& second) {
  return checked(isl::manage(isl_schedule_sequence(first.copy(), second.copy())),
                 first.ctx().get());
}

inline isl::schedule schedule_insert_band(const isl::schedule& schedule,
                                          const isl::union_pw_aff& partial) {
  isl_multi_union_pw_aff* mupa = isl_multi_union_pw_aff_from_union_pw_aff(partial.copy());
  return checked(isl::manage(isl_schedule_insert_partial_schedule(schedule.copy(), mupa)),
                 schedule.ctx().get());
}

}  // namespace loom::isl_extra
