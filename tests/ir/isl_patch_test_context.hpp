// A bare isl_ctx for the tests of loom's isl patches (isl_sample_memo_test, isl_hull_memo_test): each
// test gets its own context (the patches' memos live in it), errors do not abort, and sets are read
// from text.
#pragma once

#include <gtest/gtest.h>
#include <isl/ctx.h>
#include <isl/options.h>
#include <isl/set.h>

class IslPatchTest : public ::testing::Test {
 protected:
  isl_ctx* ctx_ = isl_ctx_alloc();
  IslPatchTest() { isl_options_set_on_error(ctx_, ISL_ON_ERROR_CONTINUE); }
  ~IslPatchTest() override { isl_ctx_free(ctx_); }

  isl_basic_set* read(const char* text) const { return isl_basic_set_read_from_str(ctx_, text); }
};
