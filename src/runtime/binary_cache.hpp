// The on-disk cache of compiled device code shared by the OpenCL and CUDA runtimes (DESIGN.md §6):
// one file per key, holding an 8-byte magic naming the format, the xxh3 of the payload and the
// payload. Written to a private temporary name and renamed into place, so concurrent processes
// never read a partial entry; a missing, truncated or altered entry reads as absent.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace loom::detail {

using CacheMagic = char[8];

// The xxh3 of `text` in hexadecimal: a cache key.
std::string hex_hash(const std::string& text);

std::optional<std::vector<char>> read_cache_entry(const std::string& path, const CacheMagic& magic);

// Best effort: a cache that cannot be written costs time, not correctness.
void write_cache_entry(const std::string& path, const CacheMagic& magic, const char* data, std::size_t size);

}  // namespace loom::detail
