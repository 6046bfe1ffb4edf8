// The report page's style sheet and script (cli/output/assets/report.css and report.js),
// embedded in every report (no external files). The script builds a game's page only when it is
// opened: its board (a grid of squares with data-sq and data-disc attributes), the move list, the
// value chart and the summary.
#include "cli/output/report_html.hpp"

namespace reversi::cli {

const char* report_css() {
  return
#include "assets/report.css.inc"
      ;
}

const char* report_js() {
  return
#include "assets/report.js.inc"
      ;
}

}  // namespace reversi::cli
