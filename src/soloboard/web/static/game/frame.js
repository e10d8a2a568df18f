// The game page's frame: the header (title, set-up, round, status, seats), the toolbar, the board
// area, the moves as a list, the hint panel and the log. Drawn hidden ("loading") until the first
// position is on the board, so nothing moves as it arrives.

import { api } from "../api.js";
import { t, tp } from "../i18n.js";
import { SPEEDS, animationSpeed, rememberSpeed } from "../motion.js";
import { h } from "../shared.js";

// how fast the boards play a move out (motion.js), chosen here and kept on this device
function speedField() {
  const names = { off: tp("animation speed", "Off"), fast: tp("animation speed", "Fast"),
    normal: tp("animation speed", "Normal") };
  const current = animationSpeed();
  const select = h("select", { class: "motion-select", id: "motion-speed",
    onchange: () => rememberSpeed(select.value) },
  ...SPEEDS.map((speed) => h("option", { value: speed, selected: speed === current ? true : null }, names[speed])));
  return h("label", { class: "motion-field", for: "motion-speed" }, h("span", null, t("Animation")), select);
}

// The tools a turn rarely needs (export, a new game, the animation's pace): beside Undo and Hint on a
// wide screen; on a phone under a "More" button, so the toolbar is one row that fits the screen.
const PHONE = "(max-width: 520px)";

function moreTools(...tools) {
  const more = h("details", { class: "toolbar-more" },
    h("summary", { class: "token-button" }, t("More")), h("div", { class: "toolbar-more-items" }, ...tools));
  const phone = window.matchMedia(PHONE);
  const fit = () => { more.open = !phone.matches; };
  phone.addEventListener("change", fit);
  fit();
  return more;
}

export function gameFrame(id) {
  const els = {
    titleEl: h("h1", { class: "game-title" }, t("Loading the game…")),
    setupEl: h("p", { class: "game-setup" }),
    roundEl: h("span", { class: "chip chip-round" }),
    statusEl: h("span", { class: "chip chip-status", role: "status" }),
    seatEl: h("span", { class: "chip chip-seat", hidden: true }),
    undoBtn: h("button", { type: "button", class: "token-button", disabled: true }, t("Undo")),
    hintBtn: h("button", { type: "button", class: "token-button", disabled: true,
      "aria-expanded": "false", "aria-controls": "hint-panel" }, t("Hint")),
    exportLink: h("a", { class: "token-button", href: api.exportUrl(id), download: `soloboard-${id}.json` }, t("Export")),
    newBtn: h("a", { class: "token-button", href: "/?new=1", "data-nav": true }, t("New game")),
    // a campaign's game: back to its campaign (where the result is written when the game ends)
    campaignLink: h("a", { class: "token-button", href: "/campaigns", "data-nav": true, hidden: true }, t("Back to the campaign")),
    board: h("div", { class: "board-area", id: "board", "aria-label": t("Board") }),
    // shown at the foot of the screen while a move's answer is long in coming (session.js)
    waitEl: h("p", { class: "board-wait", role: "status", hidden: true }),
    bannerSlot: h("div", { class: "banner-slot" }),
    hintPanel: h("section", { class: "hint-panel paper", id: "hint-panel", hidden: true, "aria-label": t("Hint") }),
    logList: h("div", { class: "log-groups" }),
    movesList: h("div", { class: "move-list-items" }),
    moveEffect: h("p", { class: "move-effect", "aria-live": "polite" }),
    notesEl: h("ul", { class: "data-notes" }),
    // seats this device held until another device joined them (with a new join link for the host)
    awayEl: h("div", { class: "seats-away", hidden: true }),
  };
  els.logScroll = h("div", { class: "log-scroll", tabindex: "0", "aria-label": t("Game log") }, els.logList);
  els.movesBox = h("details", { class: "move-list paper" }, h("summary", null, t("Moves as a list")), els.movesList, els.moveEffect);
  els.pageEl = h("div", { class: "game-page loading" },
    h("header", { class: "game-head" },
      h("div", { class: "game-head-text" }, els.titleEl, els.setupEl),
      h("div", { class: "game-head-chips" }, els.roundEl, els.statusEl, els.seatEl),
      h("div", { class: "toolbar", role: "toolbar", "aria-label": t("Game") },
        els.undoBtn, els.hintBtn, moreTools(els.exportLink, els.newBtn, els.campaignLink, speedField())),
      els.awayEl),
    h("div", { class: "game-body" },
      h("div", { class: "board-column" }, h("div", { class: "board-frame" }, els.bannerSlot, els.waitEl, els.board), els.movesBox, els.notesEl),
      h("aside", { class: "side-column" }, els.hintPanel,
        h("section", { class: "log-pane paper", "aria-labelledby": "log-title" },
          h("h2", { id: "log-title" }, t("Game log")), els.logScroll))));
  return els;
}
