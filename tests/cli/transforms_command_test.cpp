// `loom transforms [NAME]` (issue 28): the transform reference from the registry, as text and as
// docs/transforms.md, which must be what the command prints now (regenerate it with
// `build/loom transforms --markdown > docs/transforms.md`).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "transforms/registry.hpp"
#include "transforms/transform_descriptions.hpp"

namespace loom {
namespace {

struct Output {
  int exit_code = -1;
  std::string text;  // stdout and stderr
};

Output loom_command(const std::string& arguments) {
  Output output;
  std::string command = std::string(LOOM_CLI_PATH) + " " + arguments + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return output;
  std::array<char, 4096> buffer;
  std::size_t read = 0;
  while ((read = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) output.text.append(buffer.data(), read);
  int status = pclose(pipe);
  if (WIFEXITED(status)) output.exit_code = WEXITSTATUS(status);
  return output;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(TransformsCommand, ListsEveryRegisteredTransform) {
  Output output = loom_command("transforms");
  ASSERT_EQ(output.exit_code, 0) << output.text;
  for (const std::string& name : registered_transforms()) {
    EXPECT_TRUE(contains(output.text, "\n" + name + ": ") || output.text.rfind(name + ": ", 0) == 0) << name;
  }
}

TEST(TransformsCommand, EveryTransformHasItsSemanticsParagraph) {
  for (const std::string& name : registered_transforms()) {
    std::string description = transform_description(name);
    EXPECT_GT(description.size(), 40u) << name << " has no description in transforms/transform_descriptions.cpp";
    EXPECT_TRUE(contains(description, name)) << name << ": " << description;
  }
}

TEST(TransformsCommand, ShowsOneTransformsParametersTypesAndDefaults) {
  Output output = loom_command("transforms add_prefetch");
  ASSERT_EQ(output.exit_code, 0) << output.text;
  EXPECT_EQ(output.text.rfind("add_prefetch: copy the footprint", 0), 0u) << output.text;
  EXPECT_TRUE(contains(output.text, "  var_name                 string, required\n")) << output.text;
  EXPECT_TRUE(contains(output.text, "  fetch_bounding_box       bool, false\n")) << output.text;
  EXPECT_TRUE(contains(output.text, "  temporary_address_space  one of private, local, global, auto, none\n"))
      << output.text;
  EXPECT_TRUE(contains(output.text, "footprint of the reads of an array")) << output.text;
  EXPECT_TRUE(contains(output.text, "`unchecked`")) << output.text;
  EXPECT_FALSE(contains(output.text, "split_iname")) << output.text;
}

TEST(TransformsCommand, RefusesAnUnknownTransformNamingTheClosest) {
  Output output = loom_command("transforms split_inam");
  EXPECT_EQ(output.exit_code, 2) << output.text;
  EXPECT_EQ(output.text,
            "error: unknown transform 'split_inam' (did you mean 'split_iname'?) (loom transforms lists them all)\n");
}

TEST(TransformsCommand, HelpMentionsIt) {
  Output output = loom_command("--help");
  EXPECT_EQ(output.exit_code, 0) << output.text;
  EXPECT_TRUE(contains(output.text, "transforms")) << output.text;
}

TEST(TransformsCommand, DocsAreCurrent) {
  Output output = loom_command("transforms --markdown");
  ASSERT_EQ(output.exit_code, 0) << output.text;
  std::ifstream file(std::string(LOOM_SOURCE_DIR) + "/docs/transforms.md", std::ios::binary);
  std::ostringstream docs;
  docs << file.rdbuf();
  EXPECT_TRUE(docs.str() == output.text)
      << "docs/transforms.md is stale: regenerate it with `build/loom transforms --markdown > docs/transforms.md`";
  for (const std::string& name : registered_transforms()) EXPECT_TRUE(contains(docs.str(), "\n## " + name + "\n")) << name;
}

}  // namespace
}  // namespace loom
