// The campaigns page (/campaigns): start a campaign, the campaigns there are, import a campaign
// file, and the custom battle builder.

import { ApiError, api } from "../api.js";
import { dateTime, t, tn } from "../i18n.js";
import { fileImportBox, h, navigate } from "../shared.js";
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

function campaignList(list) {
  if (!list.length) return h("p", { class: "muted" }, t("No campaign yet: start one."));
  return h("ul", { class: "saved-games campaign-list" }, list.map((c) => h("li", null,
    h("a", { class: "saved-game", href: campaignPath(c.name), "data-nav": true },
      h("span", { class: "saved-title" }, c.name),
      h("span", { class: "saved-setup" }, c.error ? c.error
        : [c.chapter ? t("Chapter {n}", { n: c.chapter }) : null,
          tn("{n} battle", "{n} battles", c.battles),
          t("threat level {level}", { level: c.threat })].filter(Boolean).join(" · ")),
      h("span", { class: "saved-meta" }, phaseText(c.phase), " · ", dateTime(c.updated_at))))));
}

function importCampaignBox() {
  return fileImportBox({ id: "campaign-file", label: t("Import a campaign file"),
    help: t("A campaign exported from this page or by 'soloboard campaign export'. Its whole journal is checked."),
    load: async (text) => navigate(campaignPath((await api.importCampaign(text)).status.name)) });
}

export async function pageCampaigns(main) {
  document.title = `${t("Campaigns")} · soloboard`;
  let list;
  try {
    list = (await api.campaigns()).campaigns || [];
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    list = err;
  }
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
        list instanceof ApiError ? h("p", { class: "form-error" }, list.message) : campaignList(list)),
      h("section", { class: "panel paper", "aria-labelledby": "campaign-new-title" },
        h("h2", { id: "campaign-new-title" }, t("New campaign")), newCampaignForm(),
        h("h2", null, t("Import")), importCampaignBox())),
    h("section", { class: "panel paper", "aria-labelledby": "custom-title" },
      h("h2", { id: "custom-title" }, t("Custom battle")),
      h("p", { class: "field-help" }, t("The rulebook's custom battle: campaign components in a standalone game. Its difficulty is counted as the rulebook counts it: +1 per black star on the sky tiles, +1 with a scenario, −1 per upgraded character, −½ per damaged city side and per basic character.")),
      parts instanceof ApiError ? h("p", { class: "form-error" }, parts.message) : customBuilder(parts))));
}

