// The history page (/history): finished games with their set-up and result, win rates by
// set-up with a plot (SVG drawn here, with each rate's 95 % interval), and the agents'
// measured win rates from difficulty reports.

import { ApiError, api } from "./api.js";
import { dateTime, percent, t, tn } from "./i18n.js";
import { catalog, gameTitle, setupSummary } from "./catalog.js";
import { h, svg, wilson } from "./shared.js";

export function withInterval(row) {
  const games = Number(row.games) || 0;
  const wins = Number(row.wins) || 0;
  const rate = row.rate ?? (games ? wins / games : null);
  let { low, high } = row;
  if (low === undefined || high === undefined || low === null || high === null) [low, high] = wilson(wins, games);
  return { ...row, games, wins, rate, low, high };
}

// Horizontal bars: one per row, the rate as a bar, its interval as a whisker, 0-100 % axis.
function clip(text, n) {
  return text.length > n ? `${text.slice(0, n - 1)}…` : text;
}

// `width`: the room the panel gives it, so that its text is drawn at the page's own size. The
// set-up labels and the values stay out of the plot area: wide, in columns left and right of it;
// narrow, on lines above each bar, with the gridlines drawn only across the bars.
function ratePlot(rows, label, title, width) {
  const narrow = width < 640;
  const labelW = narrow ? 0 : Math.round(Math.min(380, width * 0.36));
  const valueW = narrow ? 0 : 200;
  const left = narrow ? 2 : labelW + 12;
  const right = narrow ? 2 : valueW + 12;
  const top = 24;
  const rowH = narrow ? 58 : 34;
  const barOffset = narrow ? 34 : 8; // the bar's top within its row
  const plotW = width - left - right;
  const height = top + rows.length * rowH + 6;
  const x = (p) => left + Math.max(0, Math.min(1, p)) * plotW;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  // SVG text does not wrap: a label longer than its room is cut (the full one is its tooltip and in the table)
  const maxChars = Math.max(12, Math.floor((narrow ? width : labelW) / 7.4));
  const desc = rows.map((r) => `${label(r)}: ${percent(r.rate)} (${percent(r.low)}–${percent(r.high)})`).join("; ");
  const grid = (y1, y2) => ticks.map((p) => svg("line", { class: "grid", x1: x(p), x2: x(p), y1, y2 }));
  return svg("svg", { class: "rate-plot", viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": `${title}. ${desc}`, preserveAspectRatio: "xMinYMin meet" },
  svg("g", { class: "tick" },
    ticks.map((p) => svg("text", { x: x(p), y: top - 10, "text-anchor": p === 0 ? "start" : p === 1 ? "end" : "middle" },
      percent(p))),
    // wide: one gridline from the axis to the last bar, between the label and value columns
    narrow ? rows.map((r, i) => grid(top + i * rowH + barOffset - 3, top + i * rowH + barOffset + 19))
      : grid(top - 4, height - 4)),
  rows.map((r, i) => {
    const y = top + i * rowH;
    const barY = y + barOffset;
    const value = `${percent(r.rate)} (${percent(r.low)}–${percent(r.high)}) · ${tn("{n} game", "{n} games", r.games)}`;
    return svg("g", { class: "bar-row" },
      svg("text", { class: "bar-label", x: 0, y: narrow ? y + 12 : barY + 12 }, svg("title", null, label(r)),
        clip(label(r), maxChars)),
      svg("rect", { class: "bar-track", x: left, y: barY, width: plotW, height: 16, rx: 4 }),
      r.rate === null ? null : svg("rect", { class: "bar", x: left, y: barY, width: Math.max(0, x(r.rate) - left), height: 16, rx: 4 }),
      svg("line", { class: "whisker", x1: x(r.low), x2: x(r.high), y1: barY + 8, y2: barY + 8 }),
      svg("line", { class: "whisker", x1: x(r.low), x2: x(r.low), y1: barY + 2, y2: barY + 14 }),
      svg("line", { class: "whisker", x1: x(r.high), x2: x(r.high), y1: barY + 2, y2: barY + 14 }),
      narrow
        ? svg("text", { class: "bar-value", x: 0, y: y + 28 }, value)
        : svg("text", { class: "bar-value", x: width, y: barY + 12, "text-anchor": "end" }, value));
  }));
}

// One plot and table per game, the rows labelled by their set-up.
function ratesByGame(box, rows, cat, label, title) {
  const names = [...new Set(rows.map((r) => r.game))];
  const width = plotWidth(box);
  return names.map((name) => {
    const mine = rows.filter((r) => r.game === name);
    const caption = `${title}: ${gameTitle(cat, name)}`;
    return h("div", { class: "rates-game" },
      h("h3", null, gameTitle(cat, name)),
      ratePlot(mine, label, caption, width),
      // a table wider than a phone scrolls in its box: a keyboard reaches it (tabindex) to scroll it
      h("div", { class: "table-scroll", tabindex: "0", role: "region", "aria-label": caption },
        rateTable(mine, label, caption)));
  });
}

function rateTable(rows, label, caption) {
  return h("table", { class: "rates" },
    h("caption", { class: "visually-hidden" }, caption),
    h("thead", null, h("tr", null,
      h("th", { scope: "col" }, t("Set-up")), h("th", { scope: "col" }, t("Games")), h("th", { scope: "col" }, t("Wins")),
      h("th", { scope: "col" }, t("Win rate")), h("th", { scope: "col" }, t("Interval (95%)")))),
    h("tbody", null, rows.map((r) => h("tr", null,
      h("th", { scope: "row" }, label(r)), h("td", null, String(r.games)), h("td", null, String(r.wins)),
      h("td", null, percent(r.rate)), h("td", null, `${percent(r.low)}–${percent(r.high)}`)))));
}

function plotWidth(box) {
  return Math.max(300, Math.round(box.getBoundingClientRect().width) || 640);
}

export async function pageHistory(main) {
  document.title = `${t("History")} · soloboard`;
  // everything is fetched before the page is drawn: nothing moves as the parts arrive
  let cat = null;
  let stats;
  let games;
  try {
    [cat, stats, games] = await Promise.all([catalog().catch(() => null), api.stats(), api.games({ status: "finished" })]);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    main.replaceChildren(h("section", { class: "panel paper narrow" }, h("h1", null, t("History")),
      h("p", { class: "form-error" }, err.message)));
    return;
  }
  const finished = h("div");
  const people = h("div");
  const agents = h("div");
  main.replaceChildren(h("div", { class: "history" },
    h("section", { class: "hero" }, h("h1", null, t("History"))),
    h("section", { class: "panel paper", "aria-labelledby": "rates-title" },
      h("h2", { id: "rates-title" }, t("Your win rate by set-up")), people),
    h("section", { class: "panel paper", "aria-labelledby": "finished-title" },
      h("h2", { id: "finished-title" }, t("Finished games")), finished),
    h("section", { class: "panel paper", "aria-labelledby": "agents-title" },
      h("h2", { id: "agents-title" }, t("Agents' measured win rates")), agents)));

  const list = (Array.isArray(games) ? games : (games && games.games) || []).filter((g) => g.status && g.status !== "playing");
  finished.replaceChildren(list.length
    ? h("ul", { class: "saved-games" }, list.map((g) => h("li", null,
      h("a", { class: `saved-game status-${g.status}`, href: `/game/${encodeURIComponent(g.id)}`, "data-nav": true },
        h("span", { class: "saved-title" }, gameTitle(cat, g.game)),
        h("span", { class: "saved-setup" }, g.setup ?? setupSummary(cat, g.game, g.params)),
        h("span", { class: "saved-meta" },
          h("span", { class: `badge badge-${g.status}` }, g.status === "won" ? t("Won") : t("Lost")), " ",
          tn("{n} move", "{n} moves", Number(g.decisions ?? g.ply) || 0),
          g.updated ? ` · ${dateTime(g.updated)}` : "")))))
    : h("p", { class: "muted" }, t("No finished game yet.")));

  const setup = (r) => r.setup || setupSummary(cat, r.game, r.params) || t("default set-up");
  const personRows = ((stats && (stats.people || stats.by_setup)) || []).map(withInterval);
  people.replaceChildren(...(personRows.length
    ? ratesByGame(people, personRows, cat, setup, t("Your win rate by set-up"))
    : [h("p", { class: "muted" }, t("Finish a game to see your win rates here."))]));

  const agentRows = ((stats && stats.agents) || []).map(withInterval);
  agents.replaceChildren(...(agentRows.length
    ? ratesByGame(agents, agentRows, cat, (r) => `${r.agent} · ${setup(r)}`, t("Agents' measured win rates"))
    : [h("p", { class: "muted" }, t("No difficulty report has been run yet (soloboard report)."))]));
}
