// The JSON API under /api (docs/web.md), one function per call. Every call carries ?lang= so
// the server's texts (moves, log, refusals) come in the page's language. A 4xx/5xx answer
// becomes an ApiError carrying the server's message for a person and the rule it names.

import { currentLanguage, t } from "./i18n.js";

export class ApiError extends Error {
  // rule: the rule's stable English name (compared by the page); ruleText: that rule in the page's language
  constructor(status, message, rule = null, ruleText = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.rule = rule;
    this.ruleText = ruleText || rule;
  }
}

function withLang(path) {
  return `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(currentLanguage())}`;
}

async function request(method, path, { body, token, raw } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["X-Seat-Token"] = token;
  let res;
  try {
    res = await fetch(withLang(path), {
      method,
      headers,
      body: body === undefined ? undefined : raw ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, t("The server cannot be reached. Is soloboard serve still running?"));
  }
  let data = null;
  const text = await res.text();
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!res.ok) {
    const message = data && typeof data.error === "string" ? data.error
      : data && typeof data.detail === "string" ? data.detail
        : t("The server answered {status}.", { status: res.status });
    throw new ApiError(res.status, message, data ? data.rule ?? null : null, data ? data.rule_text ?? null : null);
  }
  return data;
}

function queryString(query) {
  const params = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ""));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export const api = {
  catalog: () => request("GET", "/api/catalog"),
  // {q, game, status, sort, order, limit}: the saved games that match, and those still being deleted
  games: (query = {}) => request("GET", `/api/games${queryString(query)}`),
  // hidden at once, removed for good when the undo window closes unless restored before
  // only the device that started a game holds its host token, which deleting and restoring it need
  deleteGame: (id) => request("DELETE", `/api/games/${encodeURIComponent(id)}`, { token: hostToken(id) }),
  restoreGame: (id) => request("POST", `/api/games/${encodeURIComponent(id)}/restore`, { token: hostToken(id) }),
  // with a seat's token the view marks that seat's own things ("mine")
  game: (id, token) => request("GET", `/api/games/${encodeURIComponent(id)}`, { token }),
  create: (spec) => request("POST", "/api/games", { body: spec }),
  move: (id, ply, action, token) =>
    request("POST", `/api/games/${encodeURIComponent(id)}/moves`, { body: { ply, action }, token }),
  moveNotation: (id, ply, notation, token) =>
    request("POST", `/api/games/${encodeURIComponent(id)}/moves`, { body: { ply, notation }, token }),
  undo: (id, ply, token) =>
    request("POST", `/api/games/${encodeURIComponent(id)}/undo`, { body: { ply }, token }),
  // with the ply the page shows: a preview that arrives after the position moved on is answered
  // {events: [], stale: true}, not an error
  preview: (id, action, ply) =>
    request("GET", `/api/games/${encodeURIComponent(id)}/preview?action=${encodeURIComponent(action)}`
      + (ply === undefined || ply === null ? "" : `&ply=${encodeURIComponent(ply)}`)),
  // why a click (a move in notation) is refused: {legal, error, rule, rule_text}; stale: true when
  // the position moved on
  refusal: (id, notation, ply) =>
    request("GET", `/api/games/${encodeURIComponent(id)}/refusal?notation=${encodeURIComponent(notation)}`
      + (ply === undefined || ply === null ? "" : `&ply=${encodeURIComponent(ply)}`)),
  hint: (id, token) => request("GET", `/api/games/${encodeURIComponent(id)}/hint`, { token }),
  // the join page takes its seat: a fresh token for this device, every older one stops working
  claim: (id, seat, token) =>
    request("POST", `/api/games/${encodeURIComponent(id)}/seats/${encodeURIComponent(seat)}/claim`, { token }),
  // a new join link for a seat (the seat's token or the game's host token)
  invite: (id, seat, token) =>
    request("POST", `/api/games/${encodeURIComponent(id)}/seats/${encodeURIComponent(seat)}/invite`, { token }),
  // which of this device's tokens still open their seat
  checkSeats: (id, tokens, host) =>
    request("POST", `/api/games/${encodeURIComponent(id)}/seats/check`, { body: { tokens, host: host || null } }),
  importGame: (text) => request("POST", "/api/games/import", { body: text, raw: true }),
  stats: () => request("GET", "/api/stats"),
  setup: (game, params) =>
    request("GET", `/api/setup?game=${encodeURIComponent(game)}&params=${encodeURIComponent(JSON.stringify(params))}`),
  exportUrl: (id) => `/api/games/${encodeURIComponent(id)}/export`,
  qrUrl: (id, seat, token) =>
    `/api/games/${encodeURIComponent(id)}/qr?seat=${encodeURIComponent(seat)}&token=${encodeURIComponent(token)}`,
  events: (id) => new EventSource(`/api/games/${encodeURIComponent(id)}/events`),
  campaigns: (query = {}) => request("GET", `/api/campaigns${queryString(query)}`),
  deleteCampaign: (name) => request("DELETE", `/api/campaigns/${encodeURIComponent(name)}`),
  restoreCampaign: (name) => request("POST", `/api/campaigns/${encodeURIComponent(name)}/restore`),
  campaign: (name) => request("GET", `/api/campaigns/${encodeURIComponent(name)}`),
  createCampaign: (spec) => request("POST", "/api/campaigns", { body: spec }),
  // {action, value, revision, companion}: a stale revision is refused with 409
  campaignStep: (name, step) => request("POST", `/api/campaigns/${encodeURIComponent(name)}/steps`, { body: step }),
  // the browser game of the campaign's digital game set up: {id, tokens, host} (tokens only when new)
  campaignGame: (name) => request("POST", `/api/campaigns/${encodeURIComponent(name)}/game`),
  // what a chapter brings, by name: asked only once the player chose to see it (ahead: a later chapter)
  campaignContents: (name, chapter, ahead = false) => request("GET",
    `/api/campaigns/${encodeURIComponent(name)}/chapters/${chapter}/contents${ahead ? "?ahead=true" : ""}`),
  importCampaign: (text) => request("POST", "/api/campaigns/import", { body: text, raw: true }),
  customComponents: () => request("GET", "/api/campaigns/custom/components"),
  // {city, side, scenario, characters: {id: upgraded}, sky: [[tile, side] x4]}: its stars, what is not known
  customBattle: (spec) => request("POST", "/api/campaigns/custom", { body: spec }),
  customGame: (spec) => request("POST", "/api/campaigns/custom/game", { body: spec }),
  campaignExportUrl: (name) => `/api/campaigns/${encodeURIComponent(name)}/export`,
};

// Seat tokens live in localStorage under one key per game: {seat: token}. The host's device
// keeps every seat it created until another device joins it; a joined device keeps the seat of
// its link. The host token (the game's creator may invite to any seat again) has its own key, and
// so have the seats this device gave up because another device joined them.
const SEATS_KEY = (id) => `soloboard.seats.${id}`;
const HOST_KEY = (id) => `soloboard.host.${id}`;
const AWAY_KEY = (id) => `soloboard.away.${id}`;

function read(key, fallback) {
  try {
    const value = JSON.parse(localStorage.getItem(key) || "null");
    return value ?? fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* storage blocked */ }
}

export function hostToken(id) {
  const value = read(HOST_KEY(id), null);
  return typeof value === "string" ? value : null;
}

export function storeHostToken(id, token) {
  if (token) write(HOST_KEY(id), token);
}

// seats of this game that were joined on another device (this device held them before)
export function seatsAway(id) {
  const value = read(AWAY_KEY(id), []);
  return Array.isArray(value) ? value.map(Number).filter(Number.isInteger) : [];
}

export function markSeatAway(id, seat, away = true) {
  const all = new Set(seatsAway(id));
  if (away) all.add(Number(seat)); else all.delete(Number(seat));
  write(AWAY_KEY(id), [...all].sort((a, b) => a - b));
}

export function seatTokens(id) {
  try {
    const value = JSON.parse(localStorage.getItem(SEATS_KEY(id)) || "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

export function storeSeatToken(id, seat, token) {
  const all = seatTokens(id);
  all[String(seat)] = token;
  write(SEATS_KEY(id), all);
  markSeatAway(id, seat, false);
}

export function forgetSeat(id, seat) {
  const all = seatTokens(id);
  delete all[String(seat)];
  try { localStorage.setItem(SEATS_KEY(id), JSON.stringify(all)); } catch { /* storage blocked */ }
}
