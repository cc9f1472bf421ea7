// Code generation: a LoopKernel becomes source code for a target (DESIGN.md §1, §5).
#pragma once

#include <string>
#include <vector>

#include "loom/device_limits.hpp"
#include "loom/kernel.hpp"

namespace loom {

enum class Target { C, OpenCL, CUDA };
std::string_view target_name(Target target);

// One argument of the generated function, in order.
struct GeneratedArgument {
  std::string name;
  DType dtype;
  bool is_array;
  bool is_written;
};

// One device kernel of an OpenCL or CUDA program. A program is split into several device kernels
// at global barriers; they run in order, each over the whole grid.
struct DeviceKernel {
  std::string name;                // the __kernel / __global__ function's name in the source
  std::vector<ExprPtr> grid_size;  // work-groups along g.0, g.1, g.2 (always three entries),
                                   // expressions in the kernel's parameters; 1 on unused axes
  std::vector<int64_t> block_size; // work-items along l.0, l.1, l.2 (always three), constants
  // CUDA: bytes of dynamic shared memory to launch with (local temporaries above the 48 KB of
  // static __shared__ memory live there; the runtime raises the kernel's limit). 0 otherwise.
  int64_t dynamic_shared_bytes = 0;
};

// A temporary in global memory (e.g. a value saved across a global barrier): the runtime
// allocates it for the whole program (contents undefined at the start) and passes it to every
// device kernel after `arguments`, in this order.
struct GlobalTemporary {
  std::string name;
  DType dtype;
  std::vector<ExprPtr> shape;  // expressions in the kernel's parameters
};

// A sequential loop the host runs around device kernels (loopy's kernel splitting inside a loop: a
// global barrier inside the loop over `iname`). Each iteration launches device kernels
// [first_kernel, end_kernel) in order. Every device kernel takes the current value of every host
// loop's iname after the arguments and global temporaries, in host_loops' order, as `dtype`; a
// kernel outside a loop ignores that value. Loops nest: an inner loop's kernel range lies inside
// the outer one's, and its bounds may name the outer loop's iname.
struct HostLoop {
  std::string iname;
  DType dtype = DType::Int32;
  ExprPtr lower, upper;  // first and last value (inclusive): expressions in the kernel's
                         // parameters and the inames of the loops around this one
  std::size_t first_kernel = 0;
  std::size_t end_kernel = 0;
};

struct GeneratedCode {
  Target target;
  std::string function_name;
  std::string entry_name;  // C target: `void entry(void **args)` taking pointers to each argument
  std::string source;
  // Every device kernel (and the C function) takes these, in this order: arrays as pointers
  // (OpenCL: __global buffers whose element 0 is the buffer's start; an argument with an offset is
  // indexed buffer[offset + ...]), values by value.
  std::vector<GeneratedArgument> arguments;
  std::vector<DeviceKernel> device_kernels;           // OpenCL and CUDA; empty for C
  std::vector<GlobalTemporary> global_temporaries;    // every target (C: after the arguments too)
  std::vector<HostLoop> host_loops;                   // OpenCL and CUDA; outermost first
};

// Preprocesses, checks, linearizes and generates code for `kernel`. Throws loom::Error naming
// what prevents it. On GPU targets every device kernel is checked against `limits` (work-group
// shape, local memory) before any source is printed; without `limits`, against the offline
// defaults of the target (offline_device_limits).
GeneratedCode generate_code(const LoopKernel& kernel, Target target);
GeneratedCode generate_code(const LoopKernel& kernel, Target target, const DeviceLimits& limits);

// sm90_device_limits() for CUDA, generic_opencl_device_limits() for OpenCL (and C, which has no
// limits that matter: it runs work-items as loops).
DeviceLimits offline_device_limits(Target target);

// One way to make an unschedulable loop nesting schedulable (loopy's
// get_iname_duplication_options): give `instructions` their own copy of `iname`.
struct InameDuplicationOption {
  std::string iname;
  std::vector<std::string> instructions;  // ids
  std::string call;                       // duplicate_inames("i", within="id:a or id:b")
};

// Empty when the kernel's loop nesting can be linearized; else the duplications that would each
// make it so (loom::Error from linearization lists the same ones).
std::vector<InameDuplicationOption> iname_duplication_options(const LoopKernel& kernel);

}  // namespace loom
