// The campaigns page (/campaigns): start a campaign, the campaigns there are, import a campaign
// file, and the custom battle builder.

import { ApiError, api } from "../api.js";
import { t, tn } from "../i18n.js";
import { fileImportBox, h, navigate } from "../shared.js";
import { datesText, managedList, sortQuery } from "../home/manage.js";
import { customBuilder } from "./custom-battle.js";
import { campaignPath, phaseText, threatPicker } from "./parts.js";

function newCampaignForm() {
  const nameInput = h("input", { type: "text", id: "campaign-name", name: "name", required: true, maxlength: "80",
    autocomplete: "off", placeholder: t("e.g. Autumn 2026") });
  const seedInput = h("input", { type: "number", id: "campaign-seed", min: "0", step: "1", inputmode: "numeric" });
  const errorEl = h("p", { class: "form-error", role: "alert" });
  const submit = h("button", { type: "submit", class: "token-button primary" }, t("Start the campaign"));
  const form = h("form", { class: "fields campaign-new", novalidate: true },
    h("label", { class: "field", for: "campaign-name" }, h("span", { class: "field-label" }, t("Name")), nameInput,
      h("span", { class: "field-help" }, t("The rulebook asks you to give your campaign a name."))),
    h("div", { class: "field" }, h("span", { class: "field-label", id: "campaign-threat-label" }, t("Threat level")),
      threatPicker("campaign-threat", 1),
      h("span", { class: "field-help" },
        t("How many sky tiles are turned to their threat side in every game. 1 is the rulebook's normal difficulty; you may change it between battles."))),
    h("details", { class: "advanced" }, h("summary", null, t("More options")),
      h("label", { class: "field", for: "campaign-seed" }, h("span", { class: "field-label" }, t("Seed")), seedInput,
        h("span", { class: "field-help" }, t("The same seed deals the same piles and sky tiles. Empty: random.")))),
    h("div", { class: "dialog-actions" }, submit), errorEl);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    errorEl.textContent = "";
    const name = nameInput.value.trim();
    if (!name) {
      errorEl.textContent = t("A campaign needs a name");
      nameInput.focus();
      return;
    }
    const threat = Number(form.querySelector("input[name=campaign-threat]:checked")?.value ?? 1);
    const seedText = seedInput.value.trim();
    if (seedText && !/^\d+$/.test(seedText)) {
      errorEl.textContent = t("A seed is a whole number of 0 or more.");
      seedInput.focus();
      return;
    }
    submit.disabled = true;
    try {
      const created = await api.createCampaign({ name, threat, seed: seedText ? Number(seedText) : null });
      navigate(campaignPath(created.status.name));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      errorEl.textContent = err.message;
    } finally {
      submit.disabled = false;
    }
  });
  return form;
}

function campaignFields() {
  return [
    { name: "q", label: t("Search"), placeholder: t("A campaign's name"), max: 100 },
    { name: "status", label: t("Status"), choices: [{ value: "", label: t("Any status") },
      { value: "playing", label: t("In play") }, { value: "over", label: t("Campaign over") }] },
    { name: "sort", label: t("Sort by"), choices: [{ value: "updated", label: t("Last played") },
      { value: "created", label: t("Started, newest first") }, { value: "created:asc", label: t("Started, oldest first") },
      { value: "name", label: t("Name, A to Z") }, { value: "status", label: t("Status: in play first") }] },
  ];
}

function campaignCard(c, remove) {
  const titleId = `campaign-${encodeURIComponent(c.name).replace(/[^A-Za-z0-9_-]/g, "_")}-title`;
  const del = h("button", { type: "button", class: "token-button danger", "aria-describedby": titleId }, t("Delete"));
  del.addEventListener("click", () => remove(c, del));
  return h("li", { class: `manage-card campaign-card phase-${c.phase}`, "data-name": c.name },
    h("div", { class: "manage-main" },
      h("h3", { class: "manage-title", id: titleId }, c.name),
      h("p", { class: "manage-setup" }, c.error ? c.error
        : [c.chapter ? t("Chapter {n}", { n: c.chapter }) : null, tn("{n} battle", "{n} battles", c.battles),
          t("threat level {level}", { level: c.threat })].filter(Boolean).join(" · ")),
      h("p", { class: "manage-status" }, h("span", { class: `badge ${c.phase === "over" ? "badge-won" : "badge-playing"}` },
        phaseText(c.phase))),
      h("p", { class: "manage-dates" }, datesText(c.created_at, c.updated_at))),
    h("div", { class: "manage-actions" },
      h("a", { class: "token-button", href: campaignPath(c.name), "data-nav": true, "aria-describedby": titleId }, t("Open")),
      del));
}

function deletionLines(c, seconds) {
  return [
    t("The campaign's sheet and journal are deleted, with the games of it played in the browser (their results leave History and your win rates)."),
    t("You can undo this for {n} seconds; then it is deleted for good.", { n: Math.round(seconds) }),
  ];
}

// The campaigns' section: controls, count, cards and the Undo shelf, drawn again on every change.
function campaignList() {
  return managedList({
    fields: campaignFields(), idPrefix: "campaigns", findLabel: t("Find a campaign"),
    shelfLabel: t("Deleted campaigns"),
    fetch: (values) => api.campaigns({ ...sortQuery(values.sort || "updated"), q: values.q, status: values.status }),
    draw: (answer, values, remove) => {
      const list = answer.campaigns || [];
      const counted = list.length ? tn("{n} campaign", "{n} campaigns", Number(answer.total) || list.length)
        : values.q || values.status ? t("No campaign matches.") : t("No campaign yet: start one.");
      return [counted, list.length ? [h("ul", { class: "manage-list campaign-list" },
        list.map((c) => campaignCard(c, remove)))] : []];
    },
    item: (c) => ({ key: `campaign-${c.name}`, title: c.name, focus: `[data-name="${CSS.escape(c.name)}"] a` }),
    ask: (c, seconds) => ({ heading: t("Delete the campaign {name}?", { name: c.name }),
      lines: deletionLines(c, seconds), confirmLabel: t("Delete the campaign") }),
    remove: (c) => api.deleteCampaign(c.name),
    restore: (c) => api.restoreCampaign(c.name),
  });
}

function importCampaignBox() {
  return fileImportBox({ id: "campaign-file", label: t("Import a campaign file"),
    help: t("A campaign exported from this page or by 'soloboard campaign export'. Its whole journal is checked."),
    load: async (text) => navigate(campaignPath((await api.importCampaign(text)).status.name)) });
}

export async function pageCampaigns(main) {
  document.title = `${t("Campaigns")} · soloboard`;
  const list = campaignList();
  await list.ready;
  let parts;
  try {
    parts = await api.customComponents();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    parts = err;
  }
  main.replaceChildren(h("div", { class: "campaigns" },
    h("section", { class: "hero" },
      h("h1", null, t("Campaigns")),
      h("p", null, t("Under Falling Skies' campaign: four chapters, a battle at a time. soloboard deals the piles, keeps the sheet and the journal, and tells you what to set up; the chapters' components are known by name only, so their battles are played at your table and you record the result."))),
    h("div", { class: "home-columns" },
      h("section", { class: "panel paper", "aria-labelledby": "campaigns-title" },
        h("h2", { id: "campaigns-title" }, t("Your campaigns")),
        list.el),
      h("section", { class: "panel paper", "aria-labelledby": "campaign-new-title" },
        h("h2", { id: "campaign-new-title" }, t("New campaign")), newCampaignForm(),
        h("h2", null, t("Import")), importCampaignBox())),
    h("section", { class: "panel paper", "aria-labelledby": "custom-title" },
      h("h2", { id: "custom-title" }, t("Custom battle")),
      h("p", { class: "field-help" }, t("The rulebook's custom battle: campaign components in a standalone game. Its difficulty is counted as the rulebook counts it: +1 per black star on the sky tiles, +1 with a scenario, −1 per upgraded character, −½ per damaged city side and per basic character.")),
      parts instanceof ApiError ? h("p", { class: "form-error" }, parts.message) : customBuilder(parts))));
}

