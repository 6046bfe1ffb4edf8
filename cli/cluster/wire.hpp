// Bytes between the ranks of a cluster run: a game record as rank 0 read it, and plain values.
// Both ends are the same binary, so the encoding is the in-memory one, field by field.
#pragma once

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include "core/records/record.hpp"

namespace reversi::cli::cluster {

// Values whose bytes are all meaningful: no padding, whose stale stack bytes would make the same
// message differ from run to run (floating point has no padding either).
template <class T>
concept WireValue = std::is_trivially_copyable_v<T> &&
    (std::has_unique_object_representations_v<T> || std::is_floating_point_v<T>);

class WireWriter {
 public:
  template <WireValue T>
  void put(const T& value) {
    bytes_.append(reinterpret_cast<const char*>(&value), sizeof value);
  }
  void put_string(std::string_view s) {
    put<std::uint64_t>(s.size());
    bytes_.append(s);
  }
  std::string take() { return std::move(bytes_); }

 private:
  std::string bytes_;
};

class WireReader {
 public:
  explicit WireReader(std::string_view bytes) : bytes_(bytes) {}
  template <WireValue T>
  T get() {
    T value;
    std::memcpy(&value, take(sizeof value).data(), sizeof value);
    return value;
  }
  std::string get_string() { return std::string(take(get<std::uint64_t>())); }
  bool done() const { return bytes_.empty(); }

 private:
  std::string_view take(std::size_t n) {
    if (n > bytes_.size()) throw std::runtime_error("cluster message cut short");
    const std::string_view head = bytes_.substr(0, n);
    bytes_.remove_prefix(n);
    return head;
  }
  std::string_view bytes_;
};

// A position field by field: the struct's padding would carry stale bytes into the message.
void put_position(WireWriter& w, const Position& p);
Position get_position(WireReader& r);

void put_game(WireWriter& w, const records::ParsedGame& game);
records::ParsedGame get_game(WireReader& r);

}  // namespace reversi::cli::cluster
