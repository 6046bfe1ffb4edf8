#include "analysis/huge_pages.hpp"

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>

namespace reversi {
namespace {

TEST_CASE("Huge-page memory comes zeroed, aligned to a huge page, in whole huge pages",
          "[memory]") {
  constexpr std::size_t huge_page = std::size_t{2} << 20;
  for (const std::size_t n : {std::size_t{1}, std::size_t{1000}, std::size_t{3} << 20}) {
    HugePages<std::int16_t> memory = allocate_zeroed<std::int16_t>(n);
    REQUIRE(memory != nullptr);
    CHECK(reinterpret_cast<std::uintptr_t>(memory.get()) % huge_page == 0);
    const std::size_t bytes = memory.get_deleter().bytes;
    CHECK(bytes % huge_page == 0);
    CHECK(bytes >= n * sizeof(std::int16_t));
    const std::size_t count = bytes / sizeof(std::int16_t);
    CHECK(std::all_of(memory.get(), memory.get() + count, [](std::int16_t v) { return v == 0; }));
    // Written through, then zeroed again: every entry reads zero once more.
    std::fill(memory.get(), memory.get() + count, std::int16_t{7});
    CHECK(memory[count - 1] == 7);
    zero_huge_pages(memory.get(), bytes);
    CHECK(std::all_of(memory.get(), memory.get() + count, [](std::int16_t v) { return v == 0; }));
  }
}

}  // namespace
}  // namespace reversi
