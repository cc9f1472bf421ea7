// Printing one sampled pair of instances for error messages: `first[i=3] ... second[i=2]`.
#pragma once

#include <isl/cpp.h>

#include <string>
#include <vector>

namespace loom {

// Samples one element of a relation between instruction instances (parameters get values too).
class InstancePrinter {
 public:
  explicit InstancePrinter(const isl::map& relation);
  // `id[i=3, j=0]` for the source (isl_dim_in) or the sink (isl_dim_out).
  std::string instance(isl_dim_type side) const;
  // `n=5, m=2`: the parameter values of the sample ("" without parameters).
  std::string parameters() const;

 private:
  long coordinate(int position) const;

  isl::point point_;
  isl::map relation_;
  std::vector<std::string> parameter_names_;
  int n_param_ = 0;
};

// The same for a set of instances: `id[i=3]`, plus parameter values.
std::string describe_instance(const isl::set& instances, std::string* parameters = nullptr);

}  // namespace loom
