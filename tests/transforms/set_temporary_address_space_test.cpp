// set_temporary_address_space (issue 11): forcing a temporary's address space. Checked on OpenCL
// (PoCL) against the untransformed kernel, in local and in private memory; refusals assert their
// message.
#include <gtest/gtest.h>

#include "device_helpers.hpp"
#include "loom/loom.hpp"
#include "runtime/host_opencl.hpp"
#include "test_helpers.hpp"

namespace loom {
namespace {

using testing::have_opencl;

using testing::error_message;
using testing::expect_matches_reference;

LoopKernel staged() {
  return make_kernel(
      {"{[i]: 0<=i<n}"}, "t[i % 16] = 2*a[i] {id=w}\nout[i] = t[i % 16] + 1 {id=r, dep=w}",
      {array_arg("a, out", DType::Float32, {"n"}), value_arg("n")},
      {.name = "staged",
       .temporaries = {{.name = "t", .dtype = DType::Float32, .shape = {int_literal(16)}}}});
}

// t indexed by the local iname only: 16 values per work-group (local) or per work-item (private).
LoopKernel tiled(const LoopKernel& kernel) {
  LoopKernel result = split_iname(kernel, "i", 16, {.outer_tag = "g.0", .inner_tag = "l.0"});
  return result;
}

TEST(SetTemporaryAddressSpaceTest, SetsTheSpaceOfEachNamedTemporary) {
  LoopKernel kernel = set_temporary_address_space(staged(), {"t"}, AddressSpace::Private);
  EXPECT_EQ(kernel.find_temporary("t")->address_space, AddressSpace::Private);
  LoopKernel named = apply_transform(
      staged(), {"set_temporary_address_space",
                 {{"temp_var_names", std::string("t")}, {"address_space", std::string("local")}}});
  EXPECT_EQ(named.find_temporary("t")->address_space, AddressSpace::Local);
}

TEST(SetTemporaryAddressSpaceOpenCL, LocalAndPrivateBothMatch) {
  REQUIRE_OPENCL();
  CheckOptions options;
  options.target = Target::OpenCL;
  // Local before the split: left auto, `t[i % 16]` (which mentions i_outer) would be global there.
  LoopKernel local = tiled(set_temporary_address_space(staged(), {"t"}, AddressSpace::Local));
  std::string source = generate_code(local, Target::OpenCL).source;
  EXPECT_NE(source.find("__local float t[16]"), std::string::npos) << source;
  LoopKernel private_copy = set_temporary_address_space(local, {"t"}, AddressSpace::Private);
  source = generate_code(private_copy, Target::OpenCL).source;
  EXPECT_EQ(source.find("__local float t"), std::string::npos) << source;
  EXPECT_NE(source.find("float t[16]"), std::string::npos) << source;
  for (int64_t n : {5, 32, 37}) {
    expect_matches_reference(local, staged(), {{"n", n}}, options);
    expect_matches_reference(private_copy, staged(), {{"n", n}}, options);
  }
}

TEST(SetTemporaryAddressSpaceTest, UnknownTemporaryIsRefused) {
  std::string message = error_message<Error>(
      [&] { set_temporary_address_space(staged(), {"tt"}, AddressSpace::Local); });
  EXPECT_NE(
      message.find(
          "set_temporary_address_space: unknown temporary 'tt' (the kernel's temporaries: t)"),
      std::string::npos)
      << message;
  message = error_message<Error>([&] {
    apply_transform(staged(), {"set_temporary_address_space",
                               {{"temp_var_names", std::string("t")},
                                {"address_space", std::string("shared")}}});
  });
  EXPECT_NE(message.find("address_space"), std::string::npos) << message;
}

}  // namespace
}  // namespace loom
