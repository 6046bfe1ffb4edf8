// Counts perft(4) from the 8x8 start through the installed libraries: prints 244.
#include <iostream>

#include "analysis/perft.hpp"
#include "core/rules.hpp"

int main() {
  const reversi::Rules rules;
  const auto result = reversi::perft({.rules = rules, .root = rules.initial(), .depth = 4});
  std::cout << result.leaves << "\n";
  return result.leaves == 244 ? 0 : 1;
}
