// Renderings of annotated games for `reversi annotate`: the JSON object (schema in
// data/annotate.schema.json) and the readable text report.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "analysis/annotate.hpp"
#include "core/records/record.hpp"
#include "core/records/validate.hpp"

namespace reversi::cli {

// "g7 proves a loss of at least 12": a call proven by a better move's exact value, as the text
// and the HTML report say it.
std::string proof_text(const std::string& move, int loss);

// What one annotation was asked for, for the labels beside the values.
struct AnnotateSettings {
  int exact_empties = default_exact_empties;
  int estimate_depth = default_estimate_depth;
  int estimate_selectivity = default_selectivity;
};

// The game object of `validate --json` (source, rules, start, moves, metadata, status, replay)
// with an "annotation" member: conventions, result, moves, summary.
nlohmann::json annotated_game_json(const records::ParsedGame& game, const records::Validation& v,
                                   const Annotation& a, const AnnotateSettings& settings);

// The game object of `validate --json` for a game that cannot be annotated (status "invalid",
// with its error and where it happened).
nlohmann::json invalid_game_json(const records::ParsedGame& game, const records::Validation& v);

// The text report: a header, a table of moves and the summary.
std::string annotated_game_text(const records::ParsedGame& game, const records::Validation& v,
                                const Annotation& a, const AnnotateSettings& settings);
std::string invalid_game_text(const records::ParsedGame& game, const records::Validation& v);

// The depth of each estimate that went deeper than asked, by the empties of its position: near
// the end of the game the search goes two plies deeper, and on to where the evaluation learnt
// from exact values (annotation_depth in analysis/estimate/estimate.hpp).
using DeeperEstimates = std::map<int, int>;

// "7 at 23 empties, 8 at 24"; empty when no estimate went deeper.
std::string deeper_estimates_text(const DeeperEstimates& deeper);

// "+12", "0", "-3"; estimates in discs with two decimals: "~+1.25"; losses unsigned: "~1.25".
std::string exact_text(int v);
std::string estimate_text(int units);
std::string estimate_loss_text(int units);

}  // namespace reversi::cli
