#include "loom/error.hpp"

#include <string>

namespace loom {

namespace {
// "reason\n  source\n  ^" with the caret under `column` (1-based; 0: no caret).
std::string format_parse_error(const std::string& reason, const std::string& source, int column) {
  std::string message = reason;
  if (column > 0) message += " (column " + std::to_string(column) + ")";
  if (!source.empty()) {
    message += "\n  " + source;
    if (column > 0 && static_cast<std::size_t>(column) <= source.size() + 1) {
      message += "\n  " + std::string(static_cast<std::size_t>(column - 1), ' ') + "^";
    }
  }
  return message;
}
}  // namespace

ParseError::ParseError(const std::string& what_is_wrong, const std::string& source, int column)
    : Error(format_parse_error(what_is_wrong, source, column)),
      reason_(what_is_wrong),
      source_(source),
      column_(column) {}

void throw_internal_error(const char* condition, const std::string& message, const char* file,
                          int line) {
  throw InternalError("internal error in loom (" + std::string(file) + ":" + std::to_string(line) +
                      ", '" + condition + "'): " + message +
                      ". This is a bug in loom; please report it with the kernel.");
}

}  // namespace loom
