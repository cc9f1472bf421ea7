// The semantics text of each registered transform (transform_descriptions.cpp), for the transform
// reference: `loom transforms [NAME]` and docs/transforms.md.
#pragma once

#include <string>

namespace loom {

// One paragraph: what `name` does, its defaults and what it refuses; "" for an unknown name.
std::string transform_description(const std::string& name);

}  // namespace loom
