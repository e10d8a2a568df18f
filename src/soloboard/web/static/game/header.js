// The game page's header: title, set-up, round, status and seats; which buttons work on this
// device; the seats joined on another device, with a new join link for the game's host.

import { ApiError, api, hostToken, seatTokens, seatsAway } from "../api.js";
import { t, tn } from "../i18n.js";
import { gameTitle, setupSummary } from "../catalog.js";
import { h, toast } from "../shared.js";
import { statusText, tokenFor, tokenToMove } from "./seats.js";

export function closeHint(els) {
  els.hintPanel.hidden = true;
  els.hintBtn.setAttribute("aria-expanded", "false");
}

// whether the hint panel, open for the position at ply `shown` (its data-ply), is about another
// position than the game `g`'s: a hint is for one position only, and closes when it changes
export function hintOutdated(shown, g) {
  return shown === undefined || shown === null || shown === "" || !g || Number(shown) !== g.ply;
}

function drawTitle(p, g) {
  const { els } = p;
  const title = gameTitle(p.cat, g.game);
  els.titleEl.textContent = title;
  document.title = `${title} · soloboard`;
  const setup = typeof g.setup === "string" ? g.setup : setupSummary(p.cat, g.game, g.params);
  els.setupEl.textContent = [setup, g.seed !== null && g.seed !== undefined ? t("Seed {seed}", { seed: g.seed }) : ""]
    .filter(Boolean).join(" · ");
}

export function drawHeader(p, g) {
  const { els, id } = p;
  const tokens = seatTokens(id);
  drawTitle(p, g);
  els.roundEl.textContent = p.log.round(g);
  els.statusEl.textContent = statusText(g, tokens);
  els.statusEl.dataset.status = g.status || "playing";
  const held = Object.keys(tokens).map((s) => Number(s) + 1).sort((a, b) => a - b);
  els.seatEl.hidden = (g.seats || []).length <= 1;
  els.seatEl.textContent = held.length ? tn("Your seat: {seats}", "Your seats: {seats}", held.length,
    { seats: held.join(", ") }) : t("Watching: no seat on this device");
  els.newBtn.setAttribute("href", `/?new=${encodeURIComponent(g.game)}`);
  els.campaignLink.hidden = !g.campaign;
  els.newBtn.hidden = Boolean(g.campaign);
  if (g.campaign) els.campaignLink.setAttribute("href", `/campaign/${encodeURIComponent(g.campaign.name)}`);
  els.undoBtn.disabled = !g.can_undo || !tokenFor(p.game, tokens);
  // a hint is for the seat to move, on the device that holds it
  els.hintBtn.disabled = !(g.moves && g.moves.length) || !tokenToMove(p.game, tokens);
  if (!els.hintPanel.hidden && (els.hintBtn.disabled || hintOutdated(els.hintPanel.dataset.ply, g))) closeHint(els);
  drawAway(p, g);
}

// the game's host asks for a new join link of `seat`: shown with its QR code in `slot`
async function invite(p, seat, host, again, slot) {
  again.disabled = true;
  try {
    const answer = await api.invite(p.id, seat, host);
    const link = `${location.origin}${answer.join}`;
    const input = h("input", { type: "text", readonly: true, value: link, class: "invite-link",
      "aria-label": t("Join link of seat {seat}", { seat: seat + 1 }) });
    const copy = h("button", { type: "button", class: "token-button small", onclick: async () => {
      try {
        await navigator.clipboard.writeText(link);
        p.ui.say(t("Link copied."));
      } catch {
        input.select();
      }
    } }, t("Copy link"));
    slot.replaceChildren(
      h("img", { class: "invite-qr", src: api.qrUrl(p.id, seat, answer.token), width: 132, height: 132,
        alt: t("QR code of the join link of seat {seat}", { seat: seat + 1 }) }),
      h("div", { class: "invite-text" }, input, copy,
        h("p", { class: "field-help" }, t("Whoever opens this link takes the seat."))));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    toast(err.message, "error", err.ruleText);
  } finally {
    again.disabled = false;
  }
}

// "Seat 2: joined on another device", and for the game's host a new join link for it
function drawAway(p, g) {
  const { awayEl } = p.els;
  const people = new Set((g.seats || []).filter((s) => s.kind !== "ai").map((s) => Number(s.seat)));
  const away = seatsAway(p.id).filter((seat) => people.has(seat) && !seatTokens(p.id)[String(seat)]);
  awayEl.hidden = !away.length;
  const drawn = new Set([...awayEl.querySelectorAll("[data-away-seat]")].map((el) => Number(el.dataset.awaySeat)));
  if (away.length === drawn.size && away.every((seat) => drawn.has(seat))) return; // keeps an open invitation
  awayEl.replaceChildren(...away.map((seat) => {
    const slot = h("div", { class: "invite-slot" });
    const host = hostToken(p.id);
    const again = host ? h("button", { type: "button", class: "token-button small",
      onclick: () => invite(p, seat, host, again, slot) }, t("New join link")) : null;
    return h("div", { class: "seat-away", "data-away-seat": String(seat) },
      h("p", null, h("span", { class: "seat-away-text" },
        t("Seat {seat}: joined on another device", { seat: seat + 1 })), " ", again), slot);
  }));
}
