// Plays a move out on the board drawn before it (animation-steps.js gives the steps): ships fly,
// the mothership comes down, markers slide; each step's line is shown and told to the shell
// (ui.narrated). The "Skip" button, or a click on the board, skips to the end.

import { G, baseXY, cityHitY, skyXY } from "./layout.js";
import { shipShape } from "./pieces.js";
import { animationSteps } from "./animation-steps.js";
import { stepDelay } from "../motion.js";

// The shell reveals the move's lines of the log as the board shows them: ui.narrated(i) after the
// i-th event of game.new is shown (0-based), ui.narrated(n) (n = their number) when all are shown,
// the animation is skipped, or there is none.
export function narrated(tell, i) {
  try {
    if (typeof tell === "function") tell(i);
  } catch (err) {
    console.error("soloboard: ui.narrated failed", err);
  }
}

function place(L, node, cell) {
  const { x, y } = skyXY(L, cell);
  node.setAttribute("transform", `translate(${x},${y + 4})`);
  node.setAttribute("data-cell", cell);
}

// the table as the steps find it: the drawn board's ships by cell, and what else they move
function tableOf(svg, L, prevView, timers) {
  const ships = new Map();
  svg.querySelectorAll(".ships > .ship").forEach((s) => ships.set(s.getAttribute("data-cell"), s));
  return { svg, L, prevView, timers, ships, shipLayer: svg.querySelector(".ships"), msGroup: svg.querySelector(".mothership") };
}

function moveShip(tb, a) {
  const node = tb.ships.get(a.from);
  tb.ships.delete(a.from);
  place(tb.L, node, a.to);
  tb.ships.set(a.to, node);
}

function crash(tb, a) {
  const node = tb.ships.get(a.from);
  tb.ships.delete(a.from);
  node.setAttribute("transform", `translate(${skyXY(tb.L, a.from).x},${cityHitY(tb.L, tb.prevView, 24)})`);
  node.classList.add("crashing");
  tb.timers.push(setTimeout(() => node.remove(), 500));
}

function lowerMothership(tb, a) {
  if (tb.msGroup) tb.msGroup.setAttribute("transform", `translate(0,${a.rows * G.ch})`);
  tb.svg.querySelectorAll(".expl-badge").forEach((b) => {
    if (Number(b.getAttribute("data-row")) <= a.row) b.classList.add("vanish");
  });
}

function spawn(tb, a) {
  const node = shipShape(a.ship, 0.95, { class: `ship ship-${a.ship} spawning` });
  place(tb.L, node, a.at);
  tb.shipLayer.appendChild(node);
  tb.ships.set(a.at, node);
}

function slideMarker(tb, a) {
  const node = tb.svg.querySelector(a.track === "damage" ? ".marker-damage" : ".marker-energy");
  if (!node) return;
  const x = Number(node.dataset.x0) + Math.min(a.value, Number(node.dataset.last)) * Number(node.dataset.step);
  node.setAttribute("cx", x);
}

function moveExcavator(tb, a) {
  const node = tb.svg.querySelector(".excavator-piece");
  if (!node) return;
  const p = baseXY(tb.L, a.to);
  node.setAttribute("transform", `translate(${p.x + G.bw / 2},${p.y + G.bh / 2 + 2})`);
}

function vanish(tb, a) {
  tb.ships.get(a.at).classList.add("vanish");
  tb.ships.delete(a.at);
}

function shoot(tb, a) {
  tb.ships.get(a.at).classList.add("shot");
  tb.ships.delete(a.at);
}

function clearSpace(tb, a) {
  tb.svg.querySelectorAll(`.base-pieces [data-space="${a.space}"], .base-labels [data-space="${a.space}"]`)
    .forEach((n) => n.classList.add("vanish"));
}

const ACTIONS = { move: moveShip, crash, vanish, shoot, spawn, mothership: lowerMothership, clear: clearSpace,
  excavator: moveExcavator, marker: slideMarker };

function act(tb, container, a) {
  if (a.do !== "phase") {
    ACTIONS[a.do](tb, a);
    return;
  }
  const head = container.querySelector(".ufs-phase");
  if (head) head.textContent = a.text;
}

// `redraw(game, passive)` draws the board; the animation starts from `prev` drawn passive (no input)
// a visible way out of a long Mothership Phase: a button held at the bottom of the screen (ufs.css),
// wherever the page is scrolled, gone with the passive board when the animation ends
function skipButton(container, st, skip) {
  const bar = container.querySelector(":scope > .ufs-board");
  if (!bar) return;
  const t = st.t || ((text) => text);
  const button = document.createElement("button");
  button.type = "button";
  button.className = "ufs-skip primary";
  button.textContent = t("Skip animation");
  button.addEventListener("click", skip);
  bar.appendChild(button);
}

export function animate(container, st, prev, game, events, speed, redraw) {
  let cancelled = false;
  const timers = [];
  // the shell's ui.narrated of this move (a later move gets its own; this one's late calls go to this)
  const tell = st.ui && st.ui.narrated;
  // cancel(true): skipped (the rest is shown at once); cancel(): a newer position replaces this one,
  // whose own events the shell now waits for
  st.animating = { ply: game.ply, cancel: (skipped = false) => {
    cancelled = true;
    timers.forEach(clearTimeout);
    st.animating = null;
    if (skipped) narrated(tell, events.length);
  } };
  redraw(prev, true);
  const tb = tableOf(st.svg, st.L, prev.view, timers);
  const steps = animationSteps(prev.view, events);
  const doStep = (i) => {
    if (cancelled) return;
    if (i >= steps.length) {
      st.animating = null;
      st.message = "";
      redraw(null, false);
      narrated(tell, steps.length);
      return;
    }
    const step = steps[i];
    if (step.text && st.msg) st.msg.textContent = step.text;
    for (const a of step.actions) act(tb, container, a);
    narrated(tell, i);
    timers.push(setTimeout(() => doStep(i + 1), stepDelay(step.wait, speed)));
  };
  // a click skips the animation
  const skip = () => { if (st.animating) { st.animating.cancel(true); redraw(null, false); } };
  st.svg.addEventListener("click", skip, { once: true });
  skipButton(container, st, skip);
  doStep(0);
}
