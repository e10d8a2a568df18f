// Under Falling Skies on the table: the sky with the mothership, the city, the base, the
// tracks and the dice tray, drawn as one SVG from the game JSON (view, moves, log, new).
// The page decides no rule: the legal moves, their previews, the refusals and the narration
// all come from the engine through the API (`game.moves`, `ui.preview`, `ui.refusal`).
//
// render(container, game, ui): ui.play(actionId), ui.preview(actionId) -> Promise<events>,
// ui.refusal(notation) -> Promise<{legal, error, rule, rule_text}> (asked when a refused target is clicked),
// ui.t(msgid, params), ui.say(message), ui.seatTokens ({seat: token}: moves are offered only when
// this page holds the token of the seat to move), ui.narrated(i) (see animation.js).
//
// The parts: layout.js (geometry), *-model.js (view -> drawing model), sky.js, base.js, tray.js
// (drawing), panels.js (around the SVG), targets.js and input.js (clicks and keys), preview.js,
// animation-steps.js and animation.js (a move played out).

import { html, el } from "./dom.js";
import { WIDE, layoutFor } from "./layout.js";
import { fill } from "./labels.js";
import { defs } from "./pieces.js";
import { actionsModel, mothershipModel, shipsModel, skyModel, skyNumbersModel } from "./sky-model.js";
import { baseModel } from "./base-model.js";
import { researchBesideModel, tracksModel } from "./tracks-model.js";
import { trayModel } from "./tray-model.js";
import { drawActions, drawMothership, drawShips, drawSky, drawSkyNumbers } from "./sky.js";
import { drawBase, drawResearchBeside, drawTracks } from "./base.js";
import { drawTray } from "./tray.js";
import { boardKey, dataNotes, statusBar } from "./panels.js";
import { movesByKind } from "./targets.js";
import { wireDie, wireMoves } from "./input.js";
import { animate, narrated } from "./animation.js";
import { phoneSheet, phoneTabs, shownPart } from "./phone.js";
import { needsAnimation } from "./animation-steps.js";
import { animationSpeed } from "../motion.js";

const states = new WeakMap(); // container -> what the board remembers between renders

// the shell: this board calls ui.narrated while it plays a move out (wait for it)
export const narrates = true;

// the board's stylesheet, loaded once before the first drawing (so nothing moves when it arrives)
let styleReady = null;
function ensureStyle() {
  if (styleReady) return styleReady;
  styleReady = new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = new URL("./ufs.css", import.meta.url).href;
    link.setAttribute("data-ufs-css", "");
    link.addEventListener("load", () => resolve());
    link.addEventListener("error", () => resolve()); // the board still draws, unstyled
    document.head.appendChild(link);
  });
  return styleReady;
}

function seatTokensOf(ui, game) {
  const tokens = ui && (typeof ui.seatTokens === "function" ? ui.seatTokens(game.id) : ui.seatTokens);
  return tokens && typeof tokens === "object" ? tokens : {};
}

// as the Monstros board decides it: a seat is to move and this page holds that seat's token
function canAct(game, ui) {
  return game.to_move !== null && game.to_move !== undefined
    && seatTokensOf(ui, game)[String(game.to_move)] !== undefined;
}

function shell(container) {
  let root = container.querySelector(":scope > .ufs-board");
  if (!root) {
    container.innerHTML = "";
    root = html("div", { class: "ufs-board" });
    container.appendChild(root);
  }
  return root;
}

// the whole table as one SVG, its parts drawn from their models in the order they lie on each other
function boardSvg(L, view, game, moves, st, ui, t) {
  const svg = el("svg", { viewBox: `0 0 ${L.w} ${L.h}`, class: `ufs-svg${L.wide ? " wide" : " narrow"}`,
    role: "group", "aria-label": t("Under Falling Skies board") });
  svg.appendChild(defs());
  svg.appendChild(drawSky(skyModel(L, view, t)));
  if (L.beside) svg.appendChild(drawResearchBeside(researchBesideModel(L, view, t)));
  svg.appendChild(drawActions(actionsModel(L, view, t), L, st));
  svg.appendChild(drawMothership(mothershipModel(L, view, t)));
  svg.appendChild(drawShips(shipsModel(L, view, t)));
  svg.appendChild(drawSkyNumbers(skyNumbersModel(L, view, t)));
  svg.appendChild(drawBase(baseModel(L, view, t)));
  svg.appendChild(drawTracks(tracksModel(L, view, t)));
  st.tray = drawTray(trayModel(L, view, moves, st.selected, t), (node, die) => wireDie(node, die, view, st, ui));
  if (L.wide) svg.appendChild(st.tray); // a phone's tray is in the sheet (phone.js)
  return svg;
}

// on a phone: the tabs over the board, the message and the dice in the sheet under it
function assemble(root, L, view, svg, msg, st, passive, t) {
  const wrap = html("div", { class: "ufs-svg-wrap" }, svg);
  if (L.wide) {
    root.append(wrap, msg);
    return;
  }
  // the tabs go in the status bar, beside the prompt: no row of their own
  const bar = root.querySelector(":scope > .ufs-status");
  const tabs = phoneTabs(L, svg, st, shownPart(st, view.phase, passive), t);
  if (bar) bar.appendChild(tabs);
  else root.append(tabs);
  root.append(wrap, phoneSheet(L, view, msg, st.tray, t));
}

function draw(container, st, ui, t, opts = {}) {
  const game = opts.game || st.game;
  const view = game.view;
  const root = shell(container);
  root.innerHTML = "";
  // for people using assistive technology and for tests: is the board settled, and in which phase
  root.setAttribute("aria-busy", opts.passive ? "true" : "false");
  root.dataset.phase = view.phase;
  root.dataset.ply = String(game.ply);
  if (view.setup || !view.sky) {
    root.appendChild(html("div", { class: "ufs-status" }, html("strong", {}, view.edition.name), " · ",
      t("The set-up draw decides the sky.")));
    return;
  }
  const width = container.clientWidth || 1000;
  st.width = width;
  const L = layoutFor(view, width);
  // moves are offered only to the device holding the token of the seat to move (else: 403)
  const interactive = !opts.passive && canAct(game, ui) && game.moves && game.moves.length;
  const moves = interactive ? movesByKind(game.moves) : {};
  st.redraw = () => draw(container, st, ui, t);
  root.appendChild(statusBar(view, moves, st, ui, t, !!interactive));
  const svg = boardSvg(L, view, game, moves, st, ui, t);
  const overlay = el("g", { class: "overlay" });
  svg.appendChild(overlay);
  const msg = html("div", { class: "ufs-message", "aria-live": "polite" }, st.message || "");
  assemble(root, L, view, svg, msg, st, opts.passive, t);
  st.svg = svg; st.L = L; st.overlay = overlay; st.msg = msg;
  if (interactive) wireMoves(svg, L, view, moves, st, ui, t);
  root.appendChild(boardKey(L, view, st, t));
  const notes = dataNotes(view, t);
  if (notes) root.appendChild(notes);
}

// what the board remembers for a container; a width crossing the phone's limit draws it again
function stateFor(container) {
  let st = states.get(container);
  if (st) return st;
  st = { selected: null, animating: null, lastPly: null, width: 0 };
  states.set(container, st);
  if (typeof ResizeObserver !== "undefined") {
    const ro = new ResizeObserver(() => {
      const w = container.clientWidth;
      if (st.game && !st.animating && Math.abs(w - st.width) > 4 && (w >= WIDE) !== (st.width >= WIDE)) {
        draw(container, st, st.ui, st.t);
      }
    });
    ro.observe(container);
    st.ro = ro;
  }
  return st;
}

export async function render(container, game, ui) {
  await ensureStyle();
  const t = (msg, params) => (ui && ui.t ? ui.t(msg, params) : fill(msg, params));
  const st = stateFor(container);
  st.container = container;
  if (st.lastPly !== game.ply) {
    st.selected = null; // a new position: the choice and the message of the last one are gone
    st.message = "";
    st.armed = null;
    st.part = null; // a phone shows the new decision's part of the board
  }
  if (st.animating && st.animating.ply === game.ply) {
    // the same position again (a live update of the move being played out): let the animation finish
    st.game = game;
    st.ui = ui;
    return;
  }
  const prev = st.game;
  st.game = game;
  st.ui = ui;
  st.t = t;
  // the events of the move just made (the POST's "new", or what the shell passes as ui.fresh)
  const events = (game.new && game.new.length ? game.new : ui && ui.fresh) || [];
  const fresh = events.length && prev && prev.ply < game.ply && prev.view && !prev.view.setup;
  // the speed chosen on this device (off with the system's reduced motion, unless chosen)
  const speed = animationSpeed();
  if (st.animating) st.animating.cancel();
  st.lastPly = game.ply;
  container.dataset.motion = speed;
  if (fresh && speed !== "off" && needsAnimation(events)) {
    animate(container, st, prev, game, events, speed, (shown, passive) => (passive
      ? draw(container, st, ui, t, { game: shown, passive: true }) : draw(container, st, st.ui, st.t)));
  } else {
    draw(container, st, ui, t);
    if (events.length) narrated(ui && ui.narrated, events.length); // nothing to play out: every line at once
  }
}
