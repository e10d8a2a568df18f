// Previews: hovering (or a first tap on) a legal target asks the engine what the move would do
// and draws it over the board. A move sent, or a piece pressed, cancels the previews on their way.

import { el } from "./dom.js";
import { G, cityHitY, skyXY } from "./layout.js";
import { explosionShape, shipShape } from "./pieces.js";
import { previewModel } from "./preview-model.js";

// bumped by every move sent and every press: a preview asked before it is not shown
let previewEpoch = 0;

export function cancelPreviews() {
  previewEpoch += 1;
}

export function send(ui, id) {
  cancelPreviews();
  return ui.play(id);
}

// the overlay's marks cleared, and any preview still on its way dropped
export function clearPreview(st) {
  st.previewToken = (st.previewToken || 0) + 1;
  st.overlay.innerHTML = "";
}

function markNodes(L, view, m) {
  if (m.mark === "path") {
    const a = skyXY(L, m.from);
    const b = skyXY(L, m.to);
    return [el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: `pv-path ${m.why}` }),
      shipShape(m.ship, 0.9, { transform: `translate(${b.x},${b.y + 4})`, class: "pv-ship", opacity: 0.75 })];
  }
  if (m.mark === "city-hit") {
    const a = skyXY(L, m.from);
    const yCity = cityHitY(L, view, 20);
    return [el("line", { x1: a.x, y1: a.y, x2: a.x, y2: yCity, class: "pv-path hit" }),
      el("g", { transform: `translate(${a.x},${yCity})`, class: "pv-hit" }, explosionShape("!"))];
  }
  if (m.mark === "mothership") {
    const y = L.skyY + G.hull + m.row * G.ch;
    return [el("rect", { x: L.skyX + L.skyLabel, y, width: 5 * G.cw, height: G.ch, class: "pv-ms" })];
  }
  const a = skyXY(L, m.at);
  if (m.mark === "blocked") return [el("text", { x: a.x, y: a.y - 10, class: "pv-blocked", "text-anchor": "middle" }, "⊘")];
  if (m.mark === "shot") return [el("circle", { cx: a.x, cy: a.y, r: 18, class: "pv-shot" })];
  return [el("circle", { cx: a.x, cy: a.y + 4, r: 15, class: "pv-from" })];
}

// a position still shown, nothing on its way: the preview may still be drawn
function stillAsked(st, token, epoch, ply, ui) {
  return token === st.previewToken && epoch === previewEpoch && !st.animating && st.game && st.game.ply === ply && !ui.busy;
}

export async function showPreview(st, move, ui, t, suffix = "") {
  if (!ui || !ui.preview) return;
  const token = (st.previewToken = (st.previewToken || 0) + 1);
  const ply = st.game && st.game.ply;
  const epoch = previewEpoch;
  // a short pause: passing over the board asks nothing, and a move just sent is not previewed
  await new Promise((resolve) => setTimeout(resolve, 120));
  if (!stillAsked(st, token, epoch, ply, ui)) return;
  let events;
  try {
    events = await ui.preview(move.id);
  } catch {
    return;
  }
  if (token !== st.previewToken || !st.overlay) return;
  const model = previewModel(move, events, suffix);
  st.overlay.innerHTML = "";
  for (const m of model.marks) for (const node of markNodes(st.L, st.game.view, m)) st.overlay.appendChild(node);
  if (st.msg) st.msg.textContent = model.text;
}
