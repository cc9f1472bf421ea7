// The character at a position of spec text, whole: a non-ASCII character is several bytes of
// UTF-8, and an error message that quoted only its first byte would be invalid UTF-8 itself.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace loom::lang {

// "'c'" for an ASCII character; for a UTF-8 sequence "'é' (non-ASCII: names and operators are
// ASCII)"; a byte that starts no valid sequence is shown as its hex value.
inline std::string quoted_character_at(std::string_view text, std::size_t pos) {
  unsigned char lead = static_cast<unsigned char>(text[pos]);
  if (lead < 0x80) return "'" + std::string(1, static_cast<char>(lead)) + "'";
  std::size_t length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0;
  bool whole = length != 0 && pos + length <= text.size();
  for (std::size_t i = 1; whole && i < length; ++i) whole = (static_cast<unsigned char>(text[pos + i]) & 0xC0) == 0x80;
  const std::string note = " (non-ASCII: names and operators are ASCII)";
  if (whole) return "'" + std::string(text.substr(pos, length)) + "'" + note;
  static const char* const digits = "0123456789abcdef";
  return std::string("byte 0x") + digits[lead >> 4] + digits[lead & 15] + note;
}

}  // namespace loom::lang
