// The seats of the co-operative game: who holds which seat, and for the host an invitation per
// seat it holds (the join link, a copy button and its QR code, drawn when opened).

import { el, say } from "./dom.js";
import { seatsModel } from "./table-model.js";

// the server's QR code, an SVG made for inline use, drawn into `picture`
async function drawQr(picture, qr) {
  try {
    const res = await fetch(qr);
    if (!res.ok) return;
    const doc = new DOMParser().parseFromString(await res.text(), "text/html");
    const code = doc.querySelector("svg");
    if (!code) return;
    const w = code.getAttribute("width");
    const h = code.getAttribute("height");
    if (w && h && !code.getAttribute("viewBox")) code.setAttribute("viewBox", `0 0 ${w} ${h}`);
    code.removeAttribute("width");
    code.removeAttribute("height");
    picture.replaceChildren(document.importNode(code, true));
  } catch { /* no code: the link and the copy button still work */ }
}

function inviteBox(game, row, token, t, ui) {
  const { seat, name } = row;
  const link = (typeof ui.joinUrl === "function" && ui.joinUrl(seat))
    || `${location.origin}/join/${encodeURIComponent(game.id)}?seat=${seat}&token=${encodeURIComponent(token)}`;
  const qr = (typeof ui.qrUrl === "function" && ui.qrUrl(seat))
    || `/api/games/${encodeURIComponent(game.id)}/qr?seat=${seat}&token=${encodeURIComponent(token)}`;
  const box = el("details", { class: "mon-invite", "data-open-key": `invite:${seat}` },
    el("summary", { text: t("Invite to {seat}", { seat: name }) }));
  const input = el("input", { class: "mon-link", type: "text", readonly: true, value: link, "aria-label": t("Join link of {seat}", { seat: name }) });
  const copy = el("button", { type: "button", class: "mon-copy", text: t("Copy link"),
    onclick: async () => {
      try { await navigator.clipboard.writeText(link); say(ui, t("Link copied.")); } catch {
        input.select();
        if (document.execCommand) document.execCommand("copy");
        say(ui, t("Link selected: copy it."));
      }
    } });
  const picture = el("div", { class: "mon-qr", role: "img", "aria-label": t("QR code of the join link of {seat}", { seat: name }) });
  box.append(el("div", { class: "mon-invite-body" }, picture, el("div", { class: "mon-invite-text" }, input, copy)));
  // the code is drawn inline when the invitation is opened
  box.addEventListener("toggle", () => {
    if (box.open && !picture.firstChild) drawQr(picture, qr);
  });
  return box;
}

export function seatsSection(game, view, t, ui, tokens) {
  const model = seatsModel(game, view, t, ui.isHost, tokens);
  const section = el("section", { class: "mon-seats", "aria-label": t("Seats") });
  section.append(el("h3", { class: "mon-h", text: t("Seats") }));
  const list = el("ul", { class: "mon-seat-list" });
  for (const row of model.rows) {
    const item = el("li", { class: `mon-seat${row.turn ? " mon-seat-turn" : ""}${row.mine ? " mon-seat-mine" : ""}` },
      el("span", { class: "mon-seat-name" }, row.turn ? "▶ " : "", row.name), " ",
      el("span", { class: "mon-dim", text: row.who }));
    if (row.waiting) item.append(el("span", { class: "mon-seat-wait", text: row.waiting }));
    if (row.invite) item.append(inviteBox(game, row, tokens[String(row.seat)], t, ui));
    list.append(item);
  }
  section.append(list);
  if (model.host) section.append(el("p", { class: "mon-dim mon-seat-help", text: t("Send each player the link of their seat (or let them scan its code). This device can play every seat it holds.") }));
  return section;
}
