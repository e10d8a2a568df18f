// The page shell: language, the top bar, and a router on location.pathname:
//   /                 home: new game, saved games, import a game file   (home.js, home/)
//   /game/{id}        the game: header, board (the game's module), log, undo, hint, export (game.js, game/)
//   /join/{id}?seat=&token=   takes the seat (a fresh token kept on this device), then opens the game
//   /history          finished games, win rates by set-up, a plot        (history.js)
//   /campaigns        the campaigns: start, list, import                  (campaign.js)
//   /campaign/{name}  a campaign: next step, set-up, the sheet, journal   (campaign.js, campaign/)
// The page never decides a rule: moves, previews, refusals and narration come from the API.

import { ApiError, api, seatTokens, storeSeatToken } from "./api.js";
import {
  LANGUAGES, chooseLanguage, currentLanguage, loadLanguage, rememberLanguage, t,
} from "./i18n.js";
import { resetCatalog } from "./catalog.js";
import { h, navigate } from "./shared.js";

// each language's name in itself (what the picker's tooltip says)
const LANGUAGE_NAMES = { en: "English", pt: "Português", cs: "Čeština", pl: "Polski", es: "Español" };

const main = document.getElementById("main");
const leaving = []; // what the current page must stop when another is shown (live updates, timers)
let firstRoute = true;

function onLeave(fn) {
  leaving.push(fn);
}

function drawChrome() {
  const skip = document.getElementById("skip-link");
  skip.textContent = t("Skip to content");
  const nav = document.getElementById("topnav");
  const here = location.pathname;
  nav.replaceChildren(
    h("a", { href: "/", "data-nav": true, "aria-current": here === "/" ? "page" : null }, t("Games")),
    h("a", { href: "/campaigns", "data-nav": true,
      "aria-current": here === "/campaigns" || here.startsWith("/campaign/") ? "page" : null }, t("Campaigns")),
    h("a", { href: "/history", "data-nav": true, "aria-current": here === "/history" ? "page" : null },
      t("History")),
  );
  nav.setAttribute("aria-label", t("Main"));
  const picker = document.getElementById("lang-picker");
  picker.setAttribute("role", "group");
  picker.setAttribute("aria-label", t("Language"));
  picker.replaceChildren(...LANGUAGES.map((code) => h("button", {
    type: "button",
    class: "lang",
    lang: code,
    title: LANGUAGE_NAMES[code],
    // the name starts with what the button shows (speech input users say "EN"), then the language
    "aria-label": `${code.toUpperCase()} ${LANGUAGE_NAMES[code]}`,
    "aria-pressed": code === currentLanguage() ? "true" : "false",
    onclick: () => switchLanguage(code),
  }, code.toUpperCase())));
}

async function switchLanguage(code) {
  if (code === currentLanguage()) return;
  await loadLanguage(code);
  rememberLanguage(code);
  resetCatalog(); // its labels are in the old language
  const url = new URL(location.href);
  url.searchParams.set("lang", code);
  history.replaceState(null, "", url.pathname + url.search + url.hash);
  await route({ keepFocus: true });
  // the picker was redrawn: give focus back to the chosen language
  const again = document.querySelector(`#lang-picker button[lang="${code}"]`);
  if (again) again.focus();
}

async function holds(id, seat) {
  const held = seatTokens(id)[seat];
  if (!held) return false;
  try {
    const check = await api.checkSeats(id, { [seat]: held });
    return Boolean(check && check.seats && check.seats[seat]);
  } catch {
    return false;
  }
}

// The join link's token is used once: the seat is claimed, the server gives this device a fresh
// token, and every older one (the host's copy of the seat) stops working.
async function pageJoin(id) {
  const query = new URLSearchParams(location.search);
  const seat = query.get("seat");
  const token = query.get("token");
  document.title = `${t("Join a game")} · soloboard`;
  const panel = (...kids) => main.replaceChildren(h("section", { class: "panel paper narrow" },
    h("h1", null, t("Join a game")), ...kids,
    h("p", null, h("a", { href: "/", "data-nav": true, class: "button" }, t("Back to the games")))));
  if (seat === null || !/^\d+$/.test(seat) || !token) {
    panel(h("p", null, t("This join link is incomplete: it needs the seat and its token. Ask the host for the link again.")));
    return;
  }
  const gamePath = `/game/${encodeURIComponent(id)}`;
  panel(h("p", { class: "muted" }, t("Taking seat {seat}…", { seat: Number(seat) + 1 })));
  // the link opened again on a device that holds the seat already: straight to the game
  if (await holds(id, seat)) {
    navigate(gamePath, { replace: true });
    return;
  }
  try {
    const claimed = await api.claim(id, Number(seat), token);
    storeSeatToken(id, Number(seat), claimed.token);
    navigate(gamePath, { replace: true });
    return;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    panel(h("p", { class: "form-error" }, err.message),
      err.status === 403 || err.status === 400
        ? h("p", null, h("a", { href: gamePath, "data-nav": true, class: "button" }, t("Watch the game"))) : null);
  }
}

function pageNotFound() {
  document.title = `${t("Not found")} · soloboard`;
  main.replaceChildren(h("section", { class: "panel paper narrow" },
    h("h1", null, t("Nothing here")),
    h("p", null, t("This address is not a page of soloboard.")),
    h("p", null, h("a", { href: "/", "data-nav": true, class: "button" }, t("Back to the games")))));
}

// One page drawn at a time: a link followed while the last page still loads its data is drawn
// after it, so the slower page never paints over the newer one.
let routing = Promise.resolve();
function route(options) {
  const next = routing.then(() => routeNow(options));
  routing = next.catch(() => {});
  return next;
}

async function routeNow({ keepFocus = false } = {}) {
  for (const fn of leaving.splice(0)) {
    try { fn(); } catch { /* a page that is gone cannot fail the next one */ }
  }
  drawChrome();
  main.setAttribute("aria-busy", "true");
  const path = location.pathname.replace(/\/+$/, "") || "/";
  let match;
  try {
    if (path === "/") {
      const { pageHome } = await import("./home.js");
      await pageHome(main, onLeave);
    } else if ((match = path.match(/^\/game\/([^/]+)$/))) {
      const { pageGame } = await import("./game.js");
      await pageGame(main, decodeURIComponent(match[1]), onLeave);
    } else if ((match = path.match(/^\/join\/([^/]+)$/))) {
      await pageJoin(decodeURIComponent(match[1]));
      return;
    } else if (path === "/campaigns") {
      const { pageCampaigns } = await import("./campaign.js");
      await pageCampaigns(main, onLeave);
    } else if ((match = path.match(/^\/campaign\/([^/]+)$/))) {
      const { pageCampaign } = await import("./campaign.js");
      await pageCampaign(main, decodeURIComponent(match[1]), onLeave);
    } else if (path === "/history") {
      const { pageHistory } = await import("./history.js");
      await pageHistory(main, onLeave);
    } else {
      pageNotFound();
    }
  } finally {
    main.setAttribute("aria-busy", "false");
  }
  // a keyboard or screen-reader user lands on the new page's content, not on the old link
  if (!firstRoute && !keepFocus) main.focus({ preventScroll: true });
  firstRoute = false;
}

// links marked data-nav change the page without reloading it
document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a[data-nav]");
  if (!link || event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const url = new URL(link.href, location.href);
  if (url.origin !== location.origin) return;
  event.preventDefault();
  navigate(url.pathname + url.search);
});

window.addEventListener("popstate", () => route());

// Messages show at the top right, just under the top bar while it is on screen: they cover no
// part of a board (the board is below the game's header), at any width.
function placeToasts() {
  const bar = document.getElementById("topbar");
  const bottom = bar ? bar.getBoundingClientRect().bottom : 0;
  document.documentElement.style.setProperty("--toast-top", `${Math.max(8, Math.round(bottom) + 8)}px`);
}
window.addEventListener("scroll", placeToasts, { passive: true });
window.addEventListener("resize", placeToasts);
placeToasts();
window.addEventListener("soloboard:navigate", () => route());

async function start() {
  const code = chooseLanguage();
  await loadLanguage(code);
  if (new URLSearchParams(location.search).has("lang")) rememberLanguage(code);
  await route();
}

start();
