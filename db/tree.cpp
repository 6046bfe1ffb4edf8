#include "db/tree.hpp"

namespace reversi::db {

namespace {

// The position after one listed move (a pass when the mover had none).
Position child_position(const Rules& rules, const Position& p, Square move) {
  return move == no_square ? rules.pass(p) : rules.play(p, move);
}

bool followed(const MoveStats& m, const TreeNode& node, const TreeLimits& limits) {
  return node.ply < limits.depth && m.games >= limits.min_games && m.games > 0;
}

}  // namespace

Tree opening_tree(const GameDatabase& database, const Position& root, const Filters& filters,
                  const TreeLimits& limits) {
  const Rules rules;
  Tree tree;
  tree.nodes.push_back({root, 0, -1, database.query(root, filters), {}});
  for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
    if (limits.stop && limits.stop->load()) {
      tree.complete = false;
      break;
    }
    tree.nodes[i].answer.game_ids.clear();
    tree.nodes[i].answer.game_ids.shrink_to_fit();
    const std::size_t moves = tree.nodes[i].answer.moves.size();
    tree.nodes[i].children.assign(moves, -1);
    for (std::size_t k = 0; k < moves; ++k) {
      const TreeNode& node = tree.nodes[i];
      const MoveStats& m = node.answer.moves[k];
      if (!followed(m, node, limits)) continue;
      const Position next = child_position(rules, node.position, m.move);
      Answer answer = database.query(next, filters);
      const int ply = node.ply + 1;
      tree.nodes[i].children[k] = static_cast<int>(tree.nodes.size());
      tree.nodes.push_back({next, ply, static_cast<int>(i), std::move(answer), {}});
    }
  }
  return tree;
}

}  // namespace reversi::db
