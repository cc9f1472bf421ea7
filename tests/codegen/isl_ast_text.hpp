// isl's own C text of the AST it builds for a schedule under a context: the codegen tests that
// compare a rewritten AST problem with the original (fixed_bands, unused_parameters) print both.
#pragma once

#include <isl/ast.h>
#include <isl/ast_build.h>
#include <isl/cpp.h>

#include <cstdlib>
#include <string>

namespace loom::testing {

inline std::string isl_ast_text(const isl::schedule& schedule, const isl::set& context) {
  isl_ast_build* build = isl_ast_build_from_context(context.copy());
  isl_ast_node* tree = isl_ast_build_node_from_schedule(build, schedule.copy());
  isl_ast_build_free(build);
  char* text = isl_ast_node_to_C_str(tree);
  std::string result = text == nullptr ? "(null)" : text;
  std::free(text);
  isl_ast_node_free(tree);
  return result;
}

}  // namespace loom::testing
