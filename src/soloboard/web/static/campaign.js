// The campaign pages: /campaigns (start, list, import: campaign/list.js) and /campaign/{name}
// (the next step, the set-up for the table, the campaign sheet as the paper one is filled in,
// the team and the journal). The procedure is the server's (ufs/campaign): the page shows the
// views it answers and sends the player's steps with the revision it shows, so a step taken
// meanwhile elsewhere (the terminal, another tab) is refused and nothing is lost.

import { ApiError, api } from "./api.js";
import { t } from "./i18n.js";
import { announce, h, openCreatedGame, toast } from "./shared.js";
import { nowNodes } from "./campaign/now.js";
import { phaseText, threatPicker } from "./campaign/parts.js";
import { journalList, sheetTable, teamNodes } from "./campaign/sheet.js";

export { pageCampaigns } from "./campaign/list.js";

function campaignSlots(name) {
  return {
    nowSlot: h("div", { class: "campaign-now-body" }),
    notesSlot: h("div", { class: "campaign-notes" }),
    sheetSlot: h("div"),
    teamSlot: h("div"),
    journalSlot: h("div"),
    titleEl: h("h1", null, name),
    subEl: h("p", { class: "muted campaign-sub" }),
    undoBtn: h("button", { type: "button", class: "token-button" }, t("Undo the last step")),
    exportLink: h("a", { class: "token-button", href: api.campaignExportUrl(name), download: "" }, t("Export")),
    threatSlot: h("div", { class: "campaign-threat" }),
  };
}

// sends a step with the revision shown; true when the server took it
async function step(c, action, value = null, extra = {}) {
  if (c.busy || !c.view) return undefined;
  c.busy = true;
  c.main.setAttribute("aria-busy", "true");
  try {
    const next = await api.campaignStep(c.view.status.name, { action, value, revision: c.view.revision, ...extra });
    draw(c, next);
    const last = next.journal.filter((r) => r.by !== "campaign").at(-1);
    announce(next.status.next ? `${last ? last.text : ""} ${next.status.next}` : "");
    return true;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    toast(err.message, "error", err.ruleText);
    announce(err.message);
    if (err.status === 409) await load(c); // changed elsewhere: show it as it is now
    else draw(c, c.view); // the controls show the campaign as it is (e.g. the threat level refused)
    return false;
  } finally {
    c.busy = false;
    c.main.setAttribute("aria-busy", "false");
  }
}

// the browser game of the digital game set up (started the first time; this device keeps its seat)
async function openGame(c) {
  try {
    openCreatedGame(await api.campaignGame(c.view.status.name));
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    toast(err.message, "error", err.ruleText);
  }
}

function draw(c, next) {
  const { els } = c;
  c.view = next;
  const s = next.status;
  els.titleEl.textContent = s.name;
  document.title = `${s.name} · ${t("Campaigns")} · soloboard`;
  els.subEl.textContent = [s.chapter ? t("Chapter {n}", { n: s.chapter }) : null, phaseText(s.phase),
    t("Seed {seed}", { seed: s.seed })].filter(Boolean).join(" · ");
  els.undoBtn.disabled = !s.can_undo;
  els.exportLink.setAttribute("href", api.campaignExportUrl(s.name));
  els.threatSlot.replaceChildren(h("span", { class: "field-label", id: "threat-now-label" }, t("Threat level")),
    s.phase === "over" ? h("span", null, String(s.threat)) : threatPicker("threat-now", s.threat, (level) => c.step("threat", level)));
  els.nowSlot.replaceChildren(...nowNodes(s, { view: next, step: c.step, openGame: () => openGame(c) }));
  els.notesSlot.replaceChildren(...(s.notes || []).map((note) => h("p", { class: "form-warning" }, note)));
  els.sheetSlot.replaceChildren(sheetTable(s));
  els.teamSlot.replaceChildren(...teamNodes(s, c.step));
  els.journalSlot.replaceChildren(journalList(next.journal),
    h("details", { class: "advanced" }, h("summary", null, t("The sheet as text")), h("pre", { class: "sheet-text" }, next.sheet)));
}

async function load(c) {
  draw(c, await api.campaign(c.view ? c.view.status.name : c.name));
}

function campaignLayout(els) {
  return h("div", { class: "campaign-page" },
    h("header", { class: "campaign-head" },
      h("div", null, els.titleEl, els.subEl),
      h("div", { class: "toolbar", role: "toolbar", "aria-label": t("Campaign") }, els.threatSlot, els.undoBtn, els.exportLink,
        h("a", { class: "token-button", href: "/campaigns", "data-nav": true }, t("All campaigns")))),
    h("section", { class: "panel paper campaign-now", "aria-labelledby": "now-title", "aria-live": "polite" },
      h("h2", { id: "now-title" }, t("Next")), els.nowSlot, els.notesSlot),
    h("div", { class: "campaign-columns" },
      h("section", { class: "panel paper sheet-panel", "aria-labelledby": "sheet-title" },
        h("h2", { id: "sheet-title" }, t("Campaign sheet")), els.sheetSlot),
      h("section", { class: "panel paper", "aria-labelledby": "team-title" },
        h("h2", { id: "team-title" }, t("Your campaign")), els.teamSlot)),
    h("section", { class: "panel paper", "aria-labelledby": "journal-title" },
      h("h2", { id: "journal-title" }, t("Journal")), els.journalSlot));
}

export async function pageCampaign(main, name) {
  const c = { main, name, view: null, busy: false, els: campaignSlots(name) };
  c.step = (action, value, extra) => step(c, action, value, extra);
  c.els.undoBtn.addEventListener("click", async () => {
    if (await c.step("undo")) toast(t("The last step was taken back."), "info");
  });
  document.title = `${name} · ${t("Campaigns")} · soloboard`;
  try {
    await load(c);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    main.replaceChildren(h("section", { class: "panel paper narrow" },
      h("h1", null, err.status === 404 ? t("No such campaign") : t("The campaign could not be loaded")),
      h("p", null, err.message),
      h("p", null, h("a", { href: "/campaigns", "data-nav": true, class: "token-button" }, t("Back to the campaigns")))));
    return;
  }
  main.replaceChildren(campaignLayout(c.els));
}
