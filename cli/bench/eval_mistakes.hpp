// reversi bench eval --mistakes: the error margins of estimated losses per band of empties, and
// how the shipped margins (analysis/judgement.cpp) call mistakes against exact losses.
#pragma once

#include <string>
#include <vector>

#include "analysis/accuracy/mistake_accuracy.hpp"

namespace reversi::cli {

// "MIN-MAX" into the request's range; throws UsageError.
void parse_mistake_empties(const std::string& text, MistakeRequest& request);

void print_mistake_bench(const std::string& file, const std::vector<records::GameRecord>& games,
                         const MistakeRequest& request);

}  // namespace reversi::cli
