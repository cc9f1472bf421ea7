#include "analysis/instance_printer.hpp"

#include <isl/map.h>
#include <isl/point.h>
#include <isl/set.h>
#include <isl/val.h>

#include <sstream>

#include "analysis/reduction_terms.hpp"
#include "ir/isl_extra.hpp"

namespace loom {

InstancePrinter::InstancePrinter(const isl::map& relation) : relation_(relation) {
  // Sample with the parameters as ordinary dimensions so that they get values too.
  isl::set wrapped = relation.wrap();
  n_param_ = isl_extra::dim_count(wrapped, isl_dim_param);
  parameter_names_ = isl_extra::dim_names(wrapped, isl_dim_param);
  isl::set flat = isl::manage(isl_set_move_dims(wrapped.copy(), isl_dim_set, 0, isl_dim_param, 0,
                                                static_cast<unsigned>(n_param_)));
  point_ = flat.sample_point();
}

std::string InstancePrinter::instance(isl_dim_type side) const {
  int n_in = isl_extra::dim_count(relation_, isl_dim_in);
  int offset = n_param_ + (side == isl_dim_out ? n_in : 0);
  std::ostringstream out;
  const char* name = isl_map_get_tuple_name(relation_.get(), side);
  // A reduction term (reduction_terms.hpp) prints as its instruction, the reduction's step included.
  out << (name ? instruction_of_tuple(name) : "") << "[";
  for (int i = 0; i < isl_extra::dim_count(relation_, side); ++i) {
    const char* dim = isl_map_get_dim_name(relation_.get(), side, static_cast<unsigned>(i));
    out << (i ? ", " : "") << (dim ? std::string(dim) + "=" : "") << coordinate(offset + i);
  }
  out << "]";
  return out.str();
}

std::string InstancePrinter::parameters() const {
  std::string out;
  for (int i = 0; i < n_param_; ++i) {
    out += (out.empty() ? "" : ", ") + parameter_names_[static_cast<std::size_t>(i)] + "=" +
           std::to_string(coordinate(i));
  }
  return out;
}

long InstancePrinter::coordinate(int position) const {
  isl_val* value = isl_point_get_coordinate_val(point_.get(), isl_dim_set, position);
  long result = isl_val_get_num_si(value);
  isl_val_free(value);
  return result;
}

std::string describe_instance(const isl::set& instances, std::string* parameters) {
  isl::map as_map = isl::manage(isl_map_from_range(instances.copy()));
  InstancePrinter printer(as_map);
  if (parameters != nullptr) *parameters = printer.parameters();
  return printer.instance(isl_dim_out);
}

}  // namespace loom
