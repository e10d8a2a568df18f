// The campaign pages: /campaigns (start, list, import) and /campaign/{name} (the next step, the
// set-up for the table, the campaign sheet as the paper one is filled in, the team and the journal).
// The procedure is the server's (ufs/campaign): the page shows the views it answers and sends the
// player's steps with the revision it shows, so a step taken meanwhile elsewhere (the terminal,
// another tab) is refused and nothing is lost.

import { ApiError, api } from "./api.js";
import { dateTime, t, tn } from "./i18n.js";
import { announce, fileImportBox, h, navigate, openCreatedGame, starsView, toast } from "./shared.js";

const THREATS = [0, 1, 2, 3, 4];
const CHAPTERS = [1, 2, 3, 4];

const campaignPath = (name) => `/campaign/${encodeURIComponent(name)}`;

function phaseText(phase) {
  return {
    choose: t("Choosing a battle"),
    name_city: t("Naming the final battle's city"),
    set_up: t("Setting up a game"),
    playing: t("Game in play"),
    over: t("Campaign over"),
    unreadable: t("Cannot be read now"),
  }[phase] || phase;
}

function kindText(kind) {
  return { scenario: t("Scenario"), city: t("City"), character: t("Character"), sky_tile: t("Sky tile") }[kind] || kind;
}

function threatPicker(name, value, onChange = null) {
  const group = h("div", { class: "segmented", role: "radiogroup", "aria-label": t("Threat level") });
  for (const level of THREATS) {
    const input = h("input", { type: "radio", name, value: String(level), id: `${name}-${level}` });
    input.checked = level === value;
    if (onChange) input.addEventListener("change", () => onChange(level));
    group.append(h("label", { for: `${name}-${level}` }, input, h("span", null, String(level))));
  }
  return group;
}

// --- /campaigns -----------------------------------------------------------------------------

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

// --- the custom battle builder ("campaign components in a standalone game") ---------------------

const SKY_SIDES = ["easy", "threat"];

function customBuilder(parts) {
  const spec = { city: "roswell", side: "blue", scenario: null, characters: {},
    sky: [["basic", "easy"], ["basic", "easy"], ["basic", "easy"], ["basic", "easy"]] };
  const out = h("div", { class: "custom-result", "aria-live": "polite" });
  let asked = 0;
  const unknownMark = (known) => (known ? "" : ` · ${t("rules not known")}`);

  async function update() {
    const seq = ++asked;
    try {
      const answer = await api.customBattle(spec);
      if (seq !== asked) return;
      const measured = (answer.measured || []).map((m) => ({ ...m,
        agent: m.match === "exact" ? m.agent : t("{agent}, tiles drawn at random", { agent: m.agent }) }));
      const d = answer.difficulty;
      out.replaceChildren(...[
        // measured win rates exist only for the engine's own set-ups
        starsView({ stars: d.stars, scale: d.scale, stars_text: null, measured: answer.playable ? measured : null }) || "",
        d.parts.length ? h("ul", { class: "star-terms" }, d.parts.map((p) => h("li", null,
          h("span", null, p.what), h("span", { class: "star-term" }, `${p.value > 0 ? "+" : ""}${starValue(p.value)}`))))
          : null,
        ...(d.notes || []).map((note) => h("p", { class: "field-help" }, note)),
        answer.playable
          ? h("button", { type: "button", class: "token-button primary", "data-play": "custom", onclick: play },
            t("Play this battle here"))
          : h("div", { class: "form-warning" }, h("p", null, t("Played at your table: soloboard does not know {parts}.",
            { parts: answer.unknown.join(", ") })))].filter(Boolean));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (seq === asked) out.replaceChildren(h("p", { class: "form-error" }, err.message));
    }
  }

  async function play() {
    try {
      openCreatedGame(await api.customGame(spec));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      toast(err.message, "error", err.rule);
    }
  }

  const select = (id, options, value, onChange) => {
    const el = h("select", { id }, options.map((o) => h("option", { value: o.value }, o.label)));
    el.value = value;
    el.addEventListener("change", () => { onChange(el.value); update(); });
    return el;
  };
  const city = select("custom-city", parts.cities.map((c) => ({ value: c.id, label: c.name + unknownMark(c.known.blue) })),
    spec.city, (v) => { spec.city = v; });
  const side = select("custom-side", [{ value: "blue", label: t("blue side") }, { value: "damaged", label: t("damaged side") }],
    spec.side, (v) => { spec.side = v; });
  const scenario = select("custom-scenario", [{ value: "", label: t("No scenario") },
    ...parts.scenarios.map((c) => ({ value: c.id, label: c.name + unknownMark(c.known) }))], "", (v) => { spec.scenario = v || null; });
  const team = h("div", { class: "custom-team" }, parts.characters.map((c) => {
    const box = h("input", { type: "checkbox", id: `custom-char-${c.id}`, value: c.id });
    const level = h("select", { "aria-label": t("{name}: side", { name: c.name }), disabled: true },
      h("option", { value: "basic" }, t("blue side") + (c.known.upgraded && !c.known.basic ? unknownMark(false) : "")),
      h("option", { value: "upgraded" }, t("upgraded side") + (c.known.basic && !c.known.upgraded ? unknownMark(false) : "")));
    const sync = () => {
      level.disabled = !box.checked;
      if (box.checked) spec.characters[c.id] = level.value === "upgraded";
      else delete spec.characters[c.id];
      update();
    };
    box.addEventListener("change", sync);
    level.addEventListener("change", sync);
    const unknown = !c.known.basic && !c.known.upgraded;
    return h("div", { class: "custom-char" }, box,
      h("label", { for: `custom-char-${c.id}` }, c.name,
        unknown ? h("span", { class: "unknown-tag", title: t("Its rules are on the sealed chapter components and are not known to soloboard: play it at your table.") }, t("rules not known")) : null),
      level);
  }));
  // the sky as it lies above the city: height 4 at the top
  const sky = h("div", { class: "custom-sky" }, [3, 2, 1, 0].map((i) => {
    const tiles = parts.sky[i];
    const tile = select(`custom-tile-${i + 1}`, tiles.map((x) => ({ value: x.id,
      label: (x.id === "basic" ? t("basic tile") : x.name) + (x.known ? "" : ` · ${t("contents not known")}`) })),
    "basic", (v) => { spec.sky[i][0] = v; });
    const sideBox = h("div", { class: "segmented small", role: "radiogroup", "aria-label": t("Sky tile {n}", { n: i + 1 }) },
      SKY_SIDES.map((s) => {
        const input = h("input", { type: "radio", name: `custom-tile-side-${i + 1}`, value: s, id: `custom-tile-${i + 1}-${s}` });
        input.checked = s === "easy";
        input.addEventListener("change", () => { spec.sky[i][1] = s; update(); });
        return h("label", { for: `custom-tile-${i + 1}-${s}` }, input, h("span", null, s === "threat" ? t("threat side") : t("easy side")));
      }));
    return h("div", { class: "custom-tile", "data-height": i + 1 },
      h("label", { class: "field-label", for: `custom-tile-${i + 1}` }, t("Sky tile {n}", { n: i + 1 })), tile, sideBox);
  }));
  update();
  return h("div", { class: "custom-builder" },
    h("div", { class: "fields" },
      h("div", { class: "field-row" },
        h("label", { class: "field", for: "custom-city" }, h("span", { class: "field-label" }, t("City")), city),
        h("label", { class: "field", for: "custom-side" }, h("span", { class: "field-label" }, t("City side")), side)),
      h("label", { class: "field", for: "custom-scenario" }, h("span", { class: "field-label" }, t("Scenario")), scenario),
      h("div", { class: "field" }, h("span", { class: "field-label" }, t("Characters")), team),
      h("div", { class: "field" }, h("span", { class: "field-label" }, t("Sky tiles")),
        h("span", { class: "field-help" }, t("Top tile nearest the mothership.")), sky)),
    h("aside", { class: "difficulty paper-inset", "aria-label": t("Difficulty") }, out));
}

function starValue(value) {
  const whole = Math.trunc(Math.abs(value));
  const half = Math.abs(value) % 1 !== 0;
  return `${value < 0 ? "−" : ""}${whole || !half ? whole : ""}${half ? "½" : ""}`;
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
  let parts = null;
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

// --- /campaign/{name} ------------------------------------------------------------------------

function componentLine(comp, side = null) {
  if (!comp) return null;
  return h("li", { class: "component", "data-kind": comp.kind, "data-id": comp.id },
    h("span", { class: "component-kind" }, kindText(comp.kind)),
    h("span", { class: "component-body" },
      h("span", { class: "component-name" }, comp.name),
      side ? h("span", { class: "component-side" }, side) : null,
      comp.known === false
        ? h("span", { class: "unknown-tag", title: t("Its rules are on the sealed chapter components and are not known to soloboard: play it at your table.") },
          t("rules not known"))
        : null));
}

function sideText(side) {
  return { blue: t("blue side"), damaged: t("damaged side"), basic: t("blue side"), upgraded: t("upgraded side") }[side] || side;
}

// the four sky tiles as they lie above the city: tile 4 at the top, tile 1 nearest the city
function skyColumn(sides) {
  return h("ol", { class: "campaign-sky", "aria-label": t("Sky tiles") },
    sides.map((side, i) => ({ side, n: i + 1 })).reverse().map(({ side, n }) => h("li", {
      class: `campaign-tile ${side === "threat" ? "tile-threat" : "tile-easy"}`, "data-tile": n, "data-side": side },
    h("span", { class: "tile-name" }, t("Sky tile {n}", { n })),
    h("span", { class: "tile-side" }, side === "threat" ? `★ ${t("threat side")}` : t("easy side")))),
  h("li", { class: "campaign-tile tile-city", "aria-hidden": "true" }, t("City")));
}

function resultBox(game, label) {
  const value = game ? game.box : "";
  return h("span", { class: `result-box${value === "X" ? " box-lost" : value ? " box-won" : ""}`,
    title: label, "aria-label": `${label}: ${value || t("empty")}` }, value || "\u00a0");
}

function sheetTable(status) {
  const chapters = CHAPTERS.map((n) => {
    const battles = status.battles.filter((b) => b.chapter === n);
    const opened = status.chapter >= n;
    const left = (status.left_in_box || {})[String(n)] || [];
    return h("section", { class: `sheet-chapter${opened ? "" : " sheet-closed"}`, "data-chapter": n },
      h("h3", null, t("Chapter {n}", { n })),
      !opened ? h("p", { class: "muted" }, t("Not opened yet")) : battles.length ? h("table", { class: "sheet-table" },
        h("thead", null, h("tr", null, h("th", { scope: "col" }, t("Battle")), h("th", { scope: "col" }, t("City")),
          h("th", { scope: "col" }, t("Scenario")), h("th", { scope: "col" }, t("Character")),
          h("th", { scope: "col" }, t("First game")), h("th", { scope: "col" }, t("Damaged side")),
          h("th", { scope: "col" }, t("City's fate")))),
        h("tbody", null, battles.map((b) => h("tr", { "data-battle": b.number },
          h("td", { "data-label": t("Battle") }, String(b.number)),
          h("td", { "data-label": t("City") }, b.city.name),
          h("td", { "data-label": t("Scenario") }, b.scenario ? b.scenario.name : ""),
          h("td", { "data-label": t("Character") }, b.character ? b.character.name : t("the team")),
          h("td", { "data-label": t("First game") }, resultBox(b.games[0], t("First game"))),
          h("td", { "data-label": t("Damaged side") }, resultBox(b.games[1], t("Damaged side"))),
          h("td", { "data-label": t("City's fate"), class: `fate fate-${b.city_fate || "open"}` },
            b.city_fate === "saved" ? t("saved") : b.city_fate === "destroyed" ? t("destroyed") : t("in progress"))))))
        : h("p", { class: "muted" }, t("No battle yet")),
      left.length ? h("p", { class: "muted" }, t("Left in the box: {names}", { names: left.join(", ") })) : null);
  });
  return h("div", { class: "sheet" }, ...chapters);
}

function journalList(journal) {
  return h("ol", { class: "journal" }, journal.map((r) => h("li", { value: r.n, "data-kind": r.kind, "data-by": r.by || "" },
    h("span", { class: "journal-text" }, r.text),
    r.by === "campaign" ? h("span", { class: "journal-by" }, t("the campaign's own step"))
      : r.by === "engine" ? h("span", { class: "journal-by" }, t("played with soloboard")) : null)));
}

export async function pageCampaign(main, name) {
  let view = null;
  let busy = false;
  const nowSlot = h("div", { class: "campaign-now-body" });
  const notesSlot = h("div", { class: "campaign-notes" });
  const sheetSlot = h("div");
  const teamSlot = h("div");
  const journalSlot = h("div");
  const titleEl = h("h1", null, name);
  const subEl = h("p", { class: "muted campaign-sub" });
  const undoBtn = h("button", { type: "button", class: "token-button" }, t("Undo the last step"));
  const exportLink = h("a", { class: "token-button", href: api.campaignExportUrl(name), download: "" }, t("Export"));
  const threatSlot = h("div", { class: "campaign-threat" });

  async function step(action, value = null, extra = {}) {
    if (busy || !view) return;
    busy = true;
    main.setAttribute("aria-busy", "true");
    try {
      const next = await api.campaignStep(view.status.name, { action, value, revision: view.revision, ...extra });
      draw(next);
      const last = next.journal.filter((r) => r.by !== "campaign").at(-1);
      announce(next.status.next ? `${last ? last.text : ""} ${next.status.next}` : "");
      return true;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      toast(err.message, "error", err.rule);
      announce(err.message);
      if (err.status === 409) await load(); // changed elsewhere: show it as it is now
      else draw(view); // the controls show the campaign as it is (e.g. the threat level refused)
      return false;
    } finally {
      busy = false;
      main.setAttribute("aria-busy", "false");
    }
  }

  function drawNow(status) {
    const parts = status.phase === "over" ? [] : [h("p", { class: "campaign-next" }, status.next)];
    if (status.phase === "choose" && status.piles) {
      parts.push(h("div", { class: "piles" }, status.piles.map((pile, i) => h("section", {
        class: "pile paper-inset", "data-pile": i + 1, "aria-labelledby": `pile-${i + 1}` },
      h("h3", { id: `pile-${i + 1}` }, t("Pile {n}", { n: i + 1 })),
      h("ul", { class: "components" }, componentLine(pile.scenario), componentLine(pile.city), componentLine(pile.character)),
      h("button", { type: "button", class: "token-button primary", onclick: () => step("choose", i + 1) },
        t("Choose pile {n}", { n: i + 1 }))))));
      parts.push(h("p", { class: "field-help" }, t("The other pile leaves the campaign.")));
    } else if (status.phase === "name_city") {
      const select = h("select", { id: "final-city" }, (status.city_choices || []).map((c) => h("option", { value: c.id }, c.name)));
      parts.push(h("div", { class: "field-row" },
        h("label", { class: "field", for: "final-city" }, h("span", { class: "field-label" }, t("City")), select),
        h("button", { type: "button", class: "token-button primary", onclick: () => step("name_city", select.value) },
          t("Name the city"))));
    } else if (status.phase === "set_up") {
      const battle = status.battle;
      const number = battle ? battle.games.length + 1 : 1;
      const setUp = number === 1 ? t("Set up the first game") : t("Set up the second game");
      parts.push(view.digital
        // every part of the game is known to soloboard: it can be played here, or still at the table
        ? h("div", { class: "field-row" },
          h("button", { type: "button", class: "token-button primary", "data-play": "digital",
            onclick: async () => { if (await step("set_up")) await openGame(); } },
          number === 1 ? t("Set up the first game and play it here") : t("Set up the second game and play it here")),
          h("button", { type: "button", class: "token-button", "data-play": "companion",
            onclick: () => step("set_up", null, { companion: true }) },
          number === 1 ? t("Set up the first game at your table") : t("Set up the second game at your table")))
        : h("div", { class: "field-row" },
          h("button", { type: "button", class: "token-button primary", onclick: () => step("set_up", null, { companion: true }) },
            setUp)));
      if (view.unknown && view.unknown.length) {
        parts.push(h("p", { class: "field-help" }, t("Played at your table: soloboard does not know {parts}.",
          { parts: view.unknown.join(", ") })));
      }
    } else if (status.phase === "playing" && status.game) {
      const g = status.game;
      parts.push(h("div", { class: "setup-card" },
        skyColumn(g.sky_sides),
        h("div", { class: "setup-parts" },
          h("h3", null, t("Battle {battle}, game {game}", { battle: g.battle, game: g.game })),
          h("ul", { class: "components" },
            componentLine({ ...g.city, kind: "city" }, sideText(g.side)),
            componentLine(g.scenario),
            componentLine(g.character, g.character ? sideText((g.team.find((x) => x.id === g.character.id) || {}).side) : null)),
          h("ul", { class: "setup-text" }, g.text.split("\n").map((line) => h("li", null, line))))));
      parts.push(g.mode === "digital"
        // played here: the game itself writes its result in the journal when it ends
        ? h("div", { class: "field-row" },
          h("button", { type: "button", class: "token-button primary", "data-play": "open", onclick: () => openGame() },
            view.web_game ? t("Go on with the game") : t("Start the game")),
          h("span", { class: "field-help" }, t("Played with soloboard: its result is written here when it ends.")))
        : h("div", { class: "field-row result-row" },
          h("button", { type: "button", class: "token-button primary", "data-result": "won",
            onclick: () => step("record", "won") }, t("Won: the box gets {level}", { level: g.threat })),
          h("button", { type: "button", class: "token-button", "data-result": "lost",
            onclick: () => step("record", "lost") }, t("Lost: the box gets X"))));
    } else if (status.phase === "over") {
      const saved = status.battles.filter((b) => b.city_fate === "saved").map((b) => b.city.name);
      parts.push(h("p", { class: "campaign-over" }, t("The campaign is over."),
        " ", saved.length ? t("Cities saved: {names}", { names: saved.join(", ") }) : t("No city was saved.")));
    }
    nowSlot.replaceChildren(...parts);
  }

  // the browser game of the digital game set up (started the first time; this device keeps its seat)
  async function openGame() {
    try {
      openCreatedGame(await api.campaignGame(view.status.name));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      toast(err.message, "error", err.rule);
    }
  }

  function drawTeam(status) {
    const team = status.team.map((x) => h("li", { "data-id": x.id },
      h("span", { class: "component-name" }, x.name), " ",
      h("span", { class: "component-side" }, sideText(x.side)),
      h("span", { class: "muted" }, " · " + t("met in chapter {n}", { n: x.chapter_met })),
      x.may_upgrade ? h("button", { type: "button", class: "token-button small", onclick: () => step("upgrade", x.id) },
        t("Turn to the upgraded side")) : null));
    teamSlot.replaceChildren(
      h("h3", null, t("Characters")),
      team.length ? h("ul", { class: "team" }, team) : h("p", { class: "muted" }, t("No character yet")),
      h("h3", null, t("Cities saved")),
      h("p", null, status.cities_kept.map((c) => c.name).join(", ") || t("No city saved yet")),
      h("h3", null, t("Removed from the campaign")),
      status.removed.length ? h("dl", { class: "removed" }, ["scenario", "city", "character", "sky_tile"].flatMap((kind) => {
        const names = status.removed.filter((c) => c.kind === kind).map((c) => c.name);
        return names.length ? [h("dt", null, kindText(kind)), h("dd", null, names.join(", "))] : [];
      })) : h("p", null, t("Nothing yet")));
  }

  function draw(next) {
    view = next;
    const s = next.status;
    titleEl.textContent = s.name;
    document.title = `${s.name} · ${t("Campaigns")} · soloboard`;
    subEl.textContent = [s.chapter ? t("Chapter {n}", { n: s.chapter }) : null, phaseText(s.phase),
      t("Seed {seed}", { seed: s.seed })].filter(Boolean).join(" · ");
    undoBtn.disabled = !s.can_undo;
    exportLink.setAttribute("href", api.campaignExportUrl(s.name));
    threatSlot.replaceChildren(h("span", { class: "field-label", id: "threat-now-label" }, t("Threat level")),
      s.phase === "over" ? h("span", null, String(s.threat)) : threatPicker("threat-now", s.threat, (level) => step("threat", level)));
    drawNow(s);
    notesSlot.replaceChildren(...(s.notes || []).map((note) => h("p", { class: "form-warning" }, note)));
    sheetSlot.replaceChildren(sheetTable(s));
    drawTeam(s);
    journalSlot.replaceChildren(journalList(next.journal),
      h("details", { class: "advanced" }, h("summary", null, t("The sheet as text")), h("pre", { class: "sheet-text" }, next.sheet)));
  }

  async function load() {
    const next = await api.campaign(view ? view.status.name : name);
    draw(next);
  }

  undoBtn.addEventListener("click", async () => {
    if (await step("undo")) toast(t("The last step was taken back."), "info");
  });

  document.title = `${name} · ${t("Campaigns")} · soloboard`;
  try {
    await load();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    main.replaceChildren(h("section", { class: "panel paper narrow" },
      h("h1", null, err.status === 404 ? t("No such campaign") : t("The campaign could not be loaded")),
      h("p", null, err.message),
      h("p", null, h("a", { href: "/campaigns", "data-nav": true, class: "token-button" }, t("Back to the campaigns")))));
    return;
  }
  main.replaceChildren(h("div", { class: "campaign-page" },
    h("header", { class: "campaign-head" },
      h("div", null, titleEl, subEl),
      h("div", { class: "toolbar", role: "toolbar", "aria-label": t("Campaign") }, threatSlot, undoBtn, exportLink,
        h("a", { class: "token-button", href: "/campaigns", "data-nav": true }, t("All campaigns")))),
    h("section", { class: "panel paper campaign-now", "aria-labelledby": "now-title", "aria-live": "polite" },
      h("h2", { id: "now-title" }, t("Next")), nowSlot, notesSlot),
    h("div", { class: "campaign-columns" },
      h("section", { class: "panel paper sheet-panel", "aria-labelledby": "sheet-title" },
        h("h2", { id: "sheet-title" }, t("Campaign sheet")), sheetSlot),
      h("section", { class: "panel paper", "aria-labelledby": "team-title" },
        h("h2", { id: "team-title" }, t("Your campaign")), teamSlot)),
    h("section", { class: "panel paper", "aria-labelledby": "journal-title" },
      h("h2", { id: "journal-title" }, t("Journal")), journalSlot)));
}
