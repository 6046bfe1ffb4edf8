#include "cli/output/convert.hpp"

#include "cli/output/render.hpp"
#include "json/game_record.hpp"

namespace reversi::cli {

using records::Format;

ConvertedGame convert_game(const records::ParsedGame& game, const ConvertStyle& style) {
  ConvertedGame out;
  out.validation = records::validate(game, {}, out.replay);
  const Replay& replay = out.replay;
  if (out.validation.verdict == records::Verdict::invalid) {
    out.written.refusal = "invalid: " + describe_error(*out.validation.error);
    return out;
  }
  const auto& record = game.record;
  switch (style.target) {
    case Format::moves:
      out.written = records::write_move_list(record, replay, style.moves);
      break;
    case Format::ggf:
      out.written = records::write_ggf(record, replay);
      break;
    case Format::obf:
      out.written = records::write_obf_lines(record, replay, style.positions);
      break;
    case Format::board:
      out.written = records::write_board_lines(record, replay, style.positions);
      break;
    case Format::json:
      out.written.text = json_record::dump_json(json_record::record_json(record));
      break;
    case Format::wthor:
      break;  // written in input order, see write_wthor_game
  }
  return out;
}

std::string refusal_text(const ConvertedGame& converted, Format target) {
  const std::string& reason = *converted.written.refusal;
  if (reason.starts_with("invalid: ")) return reason;
  return "cannot write as " + records::format_name(target) + ": " + reason;
}

}  // namespace reversi::cli
