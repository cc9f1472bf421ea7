// add_padding_to_avoid_bank_conflicts (loopy's transform/data.py, which loopy keeps unexported and
// calls with a pyopencl device): pads the rows of every local temporary whose column accesses
// would hit one memory bank, by loom's bank rule (pad_local_arrays_for_banks).
//
//   a_fetch: float32 (16, 16), local   →   dim_tags stride:17, stride:1
//
// loopy asks the OpenCL device for its bank count and tries row increments until the layout is
// conflict-free; loom uses the layout of NVIDIA's and most GPUs' local memory (32 banks of 4
// bytes), where one extra element in an even row is the smallest conflict-free increment, so no
// device is needed and the transform is the same on every target. Temporaries that cannot or need
// not be padded (not local, one axis, odd rows, other element sizes, dim tags already) are left
// as they are, as loopy leaves them. Only where elements live changes; accesses keep their
// logical index, so the kernel computes the same values.
//
// Refuses nothing of its own.
#include "loom/data_transforms.hpp"
#include "loom/layout_transforms.hpp"
#include "transforms/registry.hpp"

namespace loom {

LoopKernel add_padding_to_avoid_bank_conflicts(const LoopKernel& kernel, bool unchecked) {
  // Without a temporary named, pad_local_arrays_for_banks pads exactly the local tiles that
  // conflict and leaves every other temporary alone: loopy's behaviour here.
  return pad_local_arrays_for_banks(kernel, std::nullopt, unchecked);
}

LOOM_REGISTER_TRANSFORM(add_padding_to_avoid_bank_conflicts) {
  registry.add({"add_padding_to_avoid_bank_conflicts",
                "loopy's name: pad the rows of every local tile whose column accesses conflict in the banks",
                {},
                [](const LoopKernel& kernel, const TransformArguments& args) {
                  return add_padding_to_avoid_bank_conflicts(kernel, args.unchecked());
                }});
}

}  // namespace loom
