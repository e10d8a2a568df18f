// The board's input: the targets of targets.js as focusable SVG shapes (click, Enter or Space),
// hover and focus previews, a first tap that previews on a touch screen, and the engine's reason
// said aloud when a target is refused.

import { el } from "./dom.js";
import { G, baseXY, skyXY } from "./layout.js";
import { excavatorShape, shipShape } from "./pieces.js";
import { cancelPreviews, clearPreview, send, showPreview } from "./preview.js";
import { baseTargets, cornerButtons, refusalText, spawnButtons } from "./targets.js";

export function focusable(node, label, onActivate) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.setAttribute("aria-label", label);
  node.addEventListener("click", (e) => { e.stopPropagation(); onActivate(e); });
  node.addEventListener("pointerdown", () => { cancelPreviews(); });
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onActivate(e); }
  });
  return node;
}

export function say(st, ui, text) {
  st.message = text;
  if (st.msg) st.msg.textContent = text;
  if (ui && ui.say) ui.say(text);
}

// a refused click: the engine's reason, asked for this click (the board's own words if none comes)
async function explain(st, ui, target) {
  const ply = st.game && st.game.ply;
  let why = null;
  if (target.ask && ui && typeof ui.refusal === "function") {
    try { why = await ui.refusal(target.ask); } catch { why = null; }
  }
  if (st.game && st.game.ply !== ply) return; // the position moved on meanwhile: its reason is gone
  say(st, ui, refusalText(why, target.refusal));
}

// on a touch screen there is no hover: the first tap on a legal target shows what it would do,
// a second tap on the same target plays it
function touchFirst(st, move, ui, t) {
  return (e) => {
    if (e && e.pointerType === "touch" && st.armed !== move.id) {
      st.armed = move.id;
      const node = e.currentTarget;
      showPreview(st, move, ui, t, t("Tap again to play it.")).then(() => keepClear(node));
      return;
    }
    st.armed = null;
    send(ui, move.id);
  };
}

// the message grew in the sheet at the bottom of a phone's screen: the tapped space (to be tapped
// again) is scrolled up above it if the sheet now covers it
function keepClear(node) {
  const sheet = node && node.ownerSVGElement && node.ownerSVGElement.closest(".ufs-board")?.querySelector(".ufs-sheet");
  if (!sheet || !node.isConnected) return;
  const covered = node.getBoundingClientRect().bottom - sheet.getBoundingClientRect().top;
  if (covered > 0) window.scrollBy({ top: covered + 8, behavior: "smooth" });
}

function hovers(node, onHover, onLeave) {
  node.addEventListener("mouseenter", onHover);
  node.addEventListener("focus", onHover);
  node.addEventListener("mouseleave", onLeave);
  node.addEventListener("blur", onLeave);
}

// a target on the base: one space (a name) or a run of side-by-side spaces of one room (a list)
function spaceHit(L, target, st, ui, t) {
  const names = Array.isArray(target.target) ? target.target : [target.target];
  const p = baseXY(L, names[0]);
  const cls = target.move ? `hit legal${target.room ? " room-use" : ""}` : "hit";
  const hit = el("rect", { x: p.x + 2, y: p.y + 2, width: names.length * G.bw - 4, height: G.bh - 4, rx: 6,
    class: cls, "data-space": names[0], "data-spaces": names.length > 1 ? names.join(" ") : null });
  if (!target.move) {
    hit.addEventListener("click", () => explain(st, ui, target));
    return hit;
  }
  focusable(hit, target.label, touchFirst(st, target.move, ui, t));
  // a tapped move's preview stays while it waits for the second tap (the focus going to the sky's
  // tab on a phone, to look at it, must not take it away)
  hovers(hit, () => showPreview(st, target.move, ui, t), () => { if (st.armed !== target.move.id) clearPreview(st); });
  return hit;
}

function cornerButton(L, b, st, ui, t) {
  const p = baseXY(L, b.move.space);
  const mark = b.symbol === "dig" ? el("g", { transform: "scale(0.45)" }, excavatorShape(0, 0))
    : el("text", { y: 4, "text-anchor": "middle" }, b.symbol);
  // bigger on a phone, where a finger must hit them
  const scale = L.wide ? 1 : 1.35;
  const node = el("g", { class: `piece-btn ${b.cls}`, transform: `translate(${p.x + b.dx},${p.y + b.dy}) scale(${scale})` },
    el("circle", { r: 11 }), mark, el("title", {}, b.label));
  focusable(node, b.label, () => send(ui, b.move.id));
  node.addEventListener("mouseenter", () => showPreview(st, b.move, ui, t));
  node.addEventListener("mouseleave", () => clearPreview(st));
  return node;
}

function spawnButton(L, b, st, ui, t) {
  const { x, y } = skyXY(L, b.cell);
  const node = el("g", { class: "spawn-btn", transform: `translate(${x + b.offset},${y + 2})` },
    el("rect", { x: -14, y: -13, width: 28, height: 26, rx: 5, class: "spawn-frame" }),
    shipShape(b.move.ship, b.scale));
  focusable(node, b.label, () => send(ui, b.move.id));
  node.addEventListener("mouseenter", () => showPreview(st, b.move, ui, t));
  node.addEventListener("mouseleave", () => clearPreview(st));
  return node;
}

// the hit shapes of every target, in a layer under the preview overlay
export function wireMoves(svg, L, view, moves, st, ui, t) {
  const layer = el("g", { class: "hits" });
  svg.insertBefore(layer, st.overlay);
  for (const target of baseTargets(view, moves, st.selected, t)) layer.appendChild(spaceHit(L, target, st, ui, t));
  for (const b of cornerButtons(moves, t)) layer.appendChild(cornerButton(L, b, st, ui, t));
  for (const b of spawnButtons(view, moves, t)) layer.appendChild(spawnButton(L, b, st, ui, t));
}

// a die of the tray this page may move: pressed, it is chosen (or, for the city ability, set to 6)
export function wireDie(node, die, view, st, ui) {
  focusable(node, die.label, () => {
    if (view.phase === "ability") {
      const six = die.moves.find((m) => m.kind === "six");
      if (six) send(ui, six.id);
      return;
    }
    st.selected = die.selected ? null : die.die;
    st.message = "";
    st.redraw();
    // (a phone's tray is an SVG of its own, in the sheet)
    const again = (st.container || st.svg).querySelector(`.tray [data-die="${die.index}"]`);
    if (again) again.focus();
  });
}
