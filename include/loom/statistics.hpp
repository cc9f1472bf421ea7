// Kernel statistics (loopy's get_op_map, get_mem_access_map, get_synchronization_map) and a
// roofline estimate built on them.
//
// Every number is the size of an instance set: the instances of an instruction (for operations
// and accesses) or of a barrier (over the loops around it). loom sums such sets itself, as a
// polynomial in the parameters, where each iname's bounds are affine in the outer inames and the
// parameters (boxes, triangles, tiles whose sizes divide the extents under the assumptions); other
// sets are counted by enumeration (isl_set_count_val) once parameter values are given. A Count says
// which it is.
//
// Semantics are loopy's 2025.2 (loopy/statistics.py), counted on the preprocessed kernel
// (reductions realized, so `sum(k, a*b)` is one add and one mul per k):
// - operations: per node of each instruction's expression, subscripts included (loopy's
//   count_within_subscripts): `+`/`-` add, `*` mul (a negation is free, as loopy's -1 factors),
//   `/`, `//`, `%` div, `**` pow, `&` `|` `^` `~` bw, `<<` `>>` shift, a call `func:<name>`
//   (max/min: maxmin); by the node's result
//   dtype. Both branches of `if(c, a, b)` count (loopy sums them). Predicates are ignored (loopy's
//   count_redundant_work=True).
// - memory: each array reference is one load (right-hand side) or store (assignee) of its variable,
//   by address space (global arguments and global temporaries, local and private temporaries); its
//   lid_strides/gid_strides are the flat-index strides per unit of each l.N/g.N iname (zero
//   strides left out, like loopy).
// - granularity: operations and local accesses count per sub-group (instances with the local
//   inames projected out, times ceil(work-group size / sub-group size)); global accesses per
//   work-item when their stride along l.0 is nonzero, else per sub-group (a broadcast); private
//   accesses per work-item (loopy does not count those).
// - synchronization: kernel launches (device kernels after splitting at global barriers) and local
//   barriers per work-item, as code generation places them.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "loom/array.hpp"
#include "loom/dtype.hpp"
#include "loom/kernel.hpp"

namespace loom {

enum class CountGranularity { WorkItem, SubGroup, WorkGroup };
std::string_view granularity_name(CountGranularity granularity);

namespace detail {
struct CountData;
}

// A number of instances: a sum of terms, each a set size times a constant. Symbolic terms are
// piecewise polynomials in the parameters; the others are enumerated at given values.
class Count {
 public:
  Count();
  explicit Count(std::shared_ptr<const detail::CountData> data);
  // True when every term is a polynomial in the parameters (no enumeration needed).
  bool symbolic() const;
  // The value at `parameters` (every parameter the count depends on must have a value).
  int64_t evaluate(const ParameterMap& parameters = {}) const;
  // "n*m*ell" (symbolic, with the parameter set where it holds when that is not everything the
  // assumptions allow) or "card { ... } (enumerated)".
  std::string str() const;
  Count operator+(const Count& other) const;
  Count scaled(int64_t factor) const;
  const detail::CountData& data() const { return *data_; }

 private:
  int64_t evaluate_unguarded(const ParameterMap& parameters) const;
  std::string str_unguarded() const;
  std::shared_ptr<const detail::CountData> data_;
};

struct OpKey {
  std::string name;  // "add", "mul", "div", "pow", "maxmin", "func:sin", ...
  DType dtype;
  CountGranularity granularity = CountGranularity::SubGroup;
  auto operator<=>(const OpKey&) const = default;
};

enum class MemorySpace { Global, Local, Private };
std::string_view memory_space_name(MemorySpace space);

struct MemAccessKey {
  MemorySpace space;
  DType dtype;
  std::string variable;
  bool is_store;  // loopy's direction: "store" or "load"
  // Strides of the flat index per unit of the l.N / g.N iname, by axis; "?" where not affine.
  std::map<int, std::string> lid_strides;
  std::map<int, std::string> gid_strides;
  CountGranularity granularity;
  auto operator<=>(const MemAccessKey&) const = default;
};

struct KernelStatisticsOptions {
  int64_t subgroup_size = 32;
  bool count_within_subscripts = true;
};

struct KernelStatistics {
  std::map<OpKey, Count> operations;
  std::map<MemAccessKey, Count> memory_accesses;
  Count kernel_launches;
  Count local_barriers;   // per work-item
  Count global_barriers;  // per work-item (kernel splits)
  int64_t subgroups_per_group =
      1;  // 0: the work-group size is not constant (sub-group counts unavailable)

  // Filters; an empty filter matches everything. Operations are counted both per sub-group
  // (loopy's granularity for them) and per work-item (what a FLOP rate counts).
  Count ops(const std::string& name = "", std::optional<DType> dtype = std::nullopt,
            CountGranularity granularity = CountGranularity::SubGroup) const;
  // Floating-point operations per work-item (every counted op on a float dtype).
  Count flops() const;
  Count accesses(std::optional<MemorySpace> space = std::nullopt, const std::string& variable = "",
                 std::optional<bool> is_store = std::nullopt) const;
  // Bytes of global memory accessed by instructions (count × element size).
  Count global_bytes_accessed() const;
  // Bytes of the global arrays the kernel reads plus those it writes (the compulsory traffic when
  // each element goes through DRAM once).
  Count global_bytes_compulsory;
};

KernelStatistics kernel_statistics(const LoopKernel& kernel,
                                   const KernelStatisticsOptions& options = {});

// A readable table of the statistics, each count symbolic where possible; with `parameters`
// every count is also evaluated.
std::string to_string(const KernelStatistics& statistics, const ParameterMap* parameters = nullptr);

// ---- roofline -----------------------------------------------------------------------------------

struct DevicePeaks {
  std::string name;
  double gflops;         // floating-point operations per ns
  double bandwidth_gbs;  // bytes per ns
};
// Built-in peaks: "h100" (SXM, fp32 non-tensor 67 TFLOP/s, 3350 GB/s), "h200" (67 TFLOP/s,
// 4800 GB/s), "a100" (19.5 TFLOP/s, 2039 GB/s), "cpu" (a 2-core host: 100 GFLOP/s, 20 GB/s).
// Throws loom::Error for another name.
DevicePeaks device_peaks(const std::string& name);

struct RooflineEstimate {
  double flops = 0;
  double bytes = 0;
  double compute_s = 0;
  double memory_s = 0;
  double bound_s = 0;  // max of the two
  bool memory_bound = false;
  double intensity = 0;  // flops per byte
};
RooflineEstimate roofline(const KernelStatistics& statistics, const ParameterMap& parameters,
                          const DevicePeaks& peaks);
std::string to_string(const RooflineEstimate& estimate, const DevicePeaks& peaks);

}  // namespace loom
