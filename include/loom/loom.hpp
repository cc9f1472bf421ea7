// The umbrella header: everything a loom user needs.
#pragma once

#include "loom/array.hpp"
#include "loom/call_forms.hpp"
#include "loom/check.hpp"
#include "loom/codegen.hpp"
#include "loom/dtype.hpp"
#include "loom/error.hpp"
#include "loom/expr.hpp"
#include "loom/kernel.hpp"
#include "loom/runtime.hpp"
#include "loom/spec.hpp"
#include "loom/transforms.hpp"
