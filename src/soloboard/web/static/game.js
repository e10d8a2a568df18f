// The game page's frame (/game/{id}): header with game, set-up, round and status; the board
// area where the game's own module draws; the game log beside it; undo, hint, export and new
// game; live updates; the result banner.
//
// A game module (ufs.js for ufs and ufs-pnp, monstros.js for monstros) exports
//   render(container, game, ui)
// called with the same container after every change of the game JSON (GET /api/games/{id}).
// ui:
//   play(actionId) -> Promise<boolean>   sends the move (ply + the seat's token); shows a refusal's
//                                        message and rule; a stale move (409) reloads the game
//   playNotation(text) -> Promise<boolean>  the same with the move's notation ("G3c1")
//   preview(actionId) -> Promise<events> what the move would do ([{kind, text, event}])
//   t(msgid, params), tn(singular, plural, n, params), tp(context, msgid)   the page's catalog
//   say(message)                         shows and announces a message to the person
//   seatTokens                           {seat: token} held by this device
//   lang                                 the page's language
//   since                                the ply shown before this render (null on the first)
//   fresh                                the narrated events of the last move ("new" of the POST), else []
//   busy                                 true while a move is on its way
//   joinUrl(seat), qrUrl(seat)           the seat's join link and its QR code (null without its token);
//                                        opening the link on another device takes the seat from this one
//   isHost                               this device created the game (it may invite to any seat again)
//   narrated(i)                          the board calls it while it plays out game.new: after showing
//                                        the i-th event, and with game.new.length when done or skipped;
//                                        the log shows the move's lines as far as the board has shown
//                                        them (a board that never calls it: all of them once render resolves;
//                                        a module exporting `narrates = true` is waited for)
//   refresh()                            fetch the game again

import {
  ApiError, api, forgetSeat, hostToken, markSeatAway, seatTokens, seatsAway,
} from "./api.js";
import { currentLanguage, percent, t, tn, tp } from "./i18n.js";
import {
  announce, catalog, gameTitle, h, navigate, setupSummary, toast,
} from "./shared.js";

const MODULES = { ufs: "./ufs.js", "ufs-pnp": "./ufs.js", monstros: "./monstros.js" };
// a board telling a move (ui.narrated) that goes quiet this long: the rest of the move's lines are shown
const TELL_STALL_MS = 8000;

async function loadModule(name) {
  const path = MODULES[name];
  if (!path) return null;
  try {
    return await import(path);
  } catch (err) {
    console.error(`soloboard: the board module ${path} could not be loaded`, err);
    return null;
  }
}

// The log in groups: one per round (Under Falling Skies) or turn (Monstros), set-up first.
function groupLog(log) {
  const groups = [{ title: t("Set-up"), entries: [] }];
  log.forEach((entry, index) => {
    const ev = entry.event || {};
    const kind = entry.kind || ev.kind;
    if (kind === "round_started" && ev.round !== undefined) {
      groups.push({ title: t("Round {n}", { n: ev.round }), entries: [] });
    } else if (kind === "turn_started" && ev.turn !== undefined) {
      const title = ev.seat !== undefined && ev.seat !== null
        ? t("Turn {n} · seat {seat}", { n: ev.turn, seat: Number(ev.seat) + 1 })
        : t("Turn {n}", { n: ev.turn });
      groups.push({ title, entries: [] });
    }
    if (entry.text) groups[groups.length - 1].entries.push({ entry, index });
  });
  return groups.filter((g) => g.entries.length || g === groups[groups.length - 1]);
}

function lastRound(log) {
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const ev = log[i].event || {};
    const kind = log[i].kind || ev.kind;
    if (kind === "round_started" && ev.round !== undefined) return t("Round {n}", { n: ev.round });
    if (kind === "turn_started" && ev.turn !== undefined) return t("Turn {n}", { n: ev.turn });
  }
  return t("Set-up");
}

export async function pageGame(main, id, onLeave) {
  document.title = `${t("Game")} · soloboard`;
  const titleEl = h("h1", { class: "game-title" }, t("Loading the game…"));
  const setupEl = h("p", { class: "game-setup" });
  const roundEl = h("span", { class: "chip chip-round" });
  const statusEl = h("span", { class: "chip chip-status", role: "status" });
  const seatEl = h("span", { class: "chip chip-seat", hidden: true });
  const undoBtn = h("button", { type: "button", class: "token-button", disabled: true }, t("Undo"));
  const hintBtn = h("button", { type: "button", class: "token-button", disabled: true,
    "aria-expanded": "false", "aria-controls": "hint-panel" }, t("Hint"));
  const exportLink = h("a", { class: "token-button", href: api.exportUrl(id), download: `soloboard-${id}.json` },
    t("Export"));
  const newBtn = h("a", { class: "token-button", href: "/?new=1", "data-nav": true }, t("New game"));
  // a campaign's game: back to its campaign (where the result is written when the game ends)
  const campaignLink = h("a", { class: "token-button", href: "/campaigns", "data-nav": true, hidden: true },
    t("Back to the campaign"));
  const board = h("div", { class: "board-area", id: "board", "aria-label": t("Board") });
  const bannerSlot = h("div", { class: "banner-slot" });
  const hintPanel = h("section", { class: "hint-panel paper", id: "hint-panel", hidden: true,
    "aria-label": t("Hint") });
  const logList = h("div", { class: "log-groups" });
  const logScroll = h("div", { class: "log-scroll", tabindex: "0", "aria-label": t("Game log") }, logList);
  const movesList = h("div", { class: "move-list-items" });
  const moveEffect = h("p", { class: "move-effect", "aria-live": "polite" });
  const movesBox = h("details", { class: "move-list paper" },
    h("summary", null, t("Moves as a list")), movesList, moveEffect);
  const notesEl = h("ul", { class: "data-notes" });
  // seats this device held until another device joined them (with a new join link for the host)
  const awayEl = h("div", { class: "seats-away", hidden: true });

  // drawn hidden until the first position is on the board, so nothing moves as it arrives
  const pageEl = h("div", { class: "game-page loading" },
    h("header", { class: "game-head" },
      h("div", { class: "game-head-text" }, titleEl, setupEl),
      h("div", { class: "game-head-chips" }, roundEl, statusEl, seatEl),
      h("div", { class: "toolbar", role: "toolbar", "aria-label": t("Game") }, undoBtn, hintBtn, exportLink, newBtn, campaignLink),
      awayEl),
    h("div", { class: "game-body" },
      h("div", { class: "board-column" }, h("div", { class: "board-frame" }, bannerSlot, board), movesBox, notesEl),
      h("aside", { class: "side-column" }, hintPanel,
        h("section", { class: "log-pane paper", "aria-labelledby": "log-title" },
          h("h2", { id: "log-title" }, t("Game log")), logScroll))));
  main.replaceChildren(pageEl);

  let cat = null;
  let game = null;
  let module = null;
  let modulePromise = null; // the board module, imported once
  let busy = false;
  let bannerDismissed = false;
  let previewCache = new Map();
  let alive = true;

  // the token of the seat to move when this device holds it, else null
  const tokenToMove = () => {
    if (!game || game.to_move === null || game.to_move === undefined) return null;
    return seatTokens(id)[String(game.to_move)] || null;
  };
  // the token this device acts with: the seat to move when it holds it, else its first seat
  const tokenFor = () => {
    const tokens = seatTokens(id);
    if (game && game.to_move !== null && game.to_move !== undefined && tokens[String(game.to_move)]) {
      return tokens[String(game.to_move)];
    }
    const seats = Object.keys(tokens).sort((a, b) => Number(a) - Number(b));
    return seats.length ? tokens[seats[0]] : null;
  };

  const ui = {
    t, tn, tp,
    lang: currentLanguage(),
    seatTokens: seatTokens(id),
    isHost: Boolean(hostToken(id)),
    narrated: () => {},
    since: null,
    fresh: [],
    busy: false,
    say(message) {
      if (!message) return;
      toast(message, "info");
      announce(message);
    },
    play: (actionId) => send((ply, token) => api.move(id, ply, actionId, token)),
    // a move by its notation ("hit 3 2"), for boards that name moves rather than pick an id
    playNotation: (notation) => send((ply, token) => api.moveNotation(id, ply, notation, token)),
    async preview(actionId) {
      if (!game) return [];
      const key = `${game.ply}:${actionId}`;
      if (!previewCache.has(key)) {
        previewCache.set(key, api.preview(id, actionId, game.ply)
          .then((data) => {
            // sent for a position that is gone (a tap hovers and plays at once): nothing to show
            if (data && data.stale) {
              previewCache.delete(key);
              return [];
            }
            return data && Array.isArray(data.events) ? data.events : [];
          })
          .catch((err) => {
            previewCache.delete(key);
            if (err instanceof ApiError && err.status === 409) return [];
            throw err;
          }));
      }
      return previewCache.get(key);
    },
    joinUrl(seat) {
      const token = seatTokens(id)[String(seat)];
      if (!token) return null;
      return `${location.origin}/join/${encodeURIComponent(id)}?seat=${seat}&token=${encodeURIComponent(token)}`;
    },
    qrUrl(seat) {
      const token = seatTokens(id)[String(seat)];
      return token ? api.qrUrl(id, seat, token) : null;
    },
    refresh: () => load(),
  };

  async function send(post) {
    if (busy || !game) return false;
    setBusy(true);
    let next;
    try {
      next = await post(game.ply, tokenFor());
    } catch (err) {
      setBusy(false);
      await refusal(err);
      caughtUp();
      return false;
    }
    setBusy(false); // the board is drawn for the new position with nothing on its way
    changed();
    await show(next, Array.isArray(next.new) ? next.new : []);
    caughtUp();
    return true;
  }

  // This device's own changes: a GET sent before one of them answers with an older position, so
  // its answer is dropped. A live update heard while a change was on its way is looked at after it
  // (the page's own echo names the ply it now shows; another device's move does not).
  let changes = 0;
  let heardWhileBusy = null;
  function changed() { changes += 1; }
  function caughtUp() {
    const heard = heardWhileBusy;
    heardWhileBusy = null;
    if (heard !== null && game && heard !== game.ply && alive) load();
  }

  function setBusy(value) {
    busy = value;
    ui.busy = value;
    board.setAttribute("aria-busy", value ? "true" : "false");
  }

  async function refusal(err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.status === 409) {
      toast(t("The game had moved on: here is the position as it is now."), "info");
      await load();
      return;
    }
    toast(err.message, "error", err.rule);
    announce(err.rule ? err.message + " " + t("Rule: {rule}", { rule: err.rule }) : err.message);
    // a token refused: a seat of this device may have been joined elsewhere unheard (a lost stream)
    if (err.status === 403 && err.rule === "seat token" && await checkSeats()) await load();
  }

  function statusText(g) {
    if (g.status === "won") return t("Won");
    if (g.status === "lost") return t("Lost");
    if (g.to_move === null || g.to_move === undefined) return t("Playing");
    const mine = Boolean(seatTokens(id)[String(g.to_move)]);
    if ((g.seats || []).length > 1) {
      return mine ? t("Seat {seat} to move: you", { seat: g.to_move + 1 }) : t("Seat {seat} to move", { seat: g.to_move + 1 });
    }
    return mine ? t("Your move") : t("Watching");
  }

  function drawHeader(g) {
    const title = gameTitle(cat, g.game);
    titleEl.textContent = title;
    document.title = `${title} · soloboard`;
    const setup = typeof g.setup === "string" ? g.setup : setupSummary(cat, g.game, g.params);
    setupEl.textContent = [setup, g.seed !== null && g.seed !== undefined ? t("Seed {seed}", { seed: g.seed }) : ""]
      .filter(Boolean).join(" · ");
    roundEl.textContent = lastRound((g.log || []).slice(0, shownLines ?? undefined));
    statusEl.textContent = statusText(g);
    statusEl.dataset.status = g.status || "playing";
    const held = Object.keys(seatTokens(id)).map((s) => Number(s) + 1).sort((a, b) => a - b);
    seatEl.hidden = (g.seats || []).length <= 1;
    seatEl.textContent = held.length ? tn("Your seat: {seats}", "Your seats: {seats}", held.length,
      { seats: held.join(", ") }) : t("Watching: no seat on this device");
    newBtn.setAttribute("href", `/?new=${encodeURIComponent(g.game)}`);
    campaignLink.hidden = !g.campaign;
    newBtn.hidden = Boolean(g.campaign);
    if (g.campaign) campaignLink.setAttribute("href", `/campaign/${encodeURIComponent(g.campaign.name)}`);
    undoBtn.disabled = !g.can_undo || !tokenFor();
    // a hint is for the seat to move, on the device that holds it
    hintBtn.disabled = !(g.moves && g.moves.length) || !tokenToMove();
    if (hintBtn.disabled && !hintPanel.hidden) {
      hintPanel.hidden = true;
      hintBtn.setAttribute("aria-expanded", "false");
    }
    drawAway(g);
  }

  // "Seat 2: joined on another device", and for the game's host a new join link for it
  function drawAway(g) {
    const people = new Set((g.seats || []).filter((s) => s.kind !== "ai").map((s) => Number(s.seat)));
    const away = seatsAway(id).filter((seat) => people.has(seat) && !seatTokens(id)[String(seat)]);
    awayEl.hidden = !away.length;
    const drawn = new Set([...awayEl.querySelectorAll("[data-away-seat]")].map((el) => Number(el.dataset.awaySeat)));
    if (away.length === drawn.size && away.every((seat) => drawn.has(seat))) return; // keeps an open invitation
    awayEl.replaceChildren(...away.map((seat) => {
      const slot = h("div", { class: "invite-slot" });
      const host = hostToken(id);
      const again = host ? h("button", { type: "button", class: "token-button small",
        onclick: async () => {
          again.disabled = true;
          try {
            const invite = await api.invite(id, seat, host);
            const link = `${location.origin}${invite.join}`;
            const input = h("input", { type: "text", readonly: true, value: link, class: "invite-link",
              "aria-label": t("Join link of seat {seat}", { seat: seat + 1 }) });
            const copy = h("button", { type: "button", class: "token-button small", onclick: async () => {
              try {
                await navigator.clipboard.writeText(link);
                ui.say(t("Link copied."));
              } catch {
                input.select();
              }
            } }, t("Copy link"));
            slot.replaceChildren(
              h("img", { class: "invite-qr", src: api.qrUrl(id, seat, invite.token), width: 132, height: 132,
                alt: t("QR code of the join link of seat {seat}", { seat: seat + 1 }) }),
              h("div", { class: "invite-text" }, input, copy,
                h("p", { class: "field-help" }, t("Whoever opens this link takes the seat."))));
          } catch (err) {
            if (!(err instanceof ApiError)) throw err;
            toast(err.message, "error", err.rule);
          } finally {
            again.disabled = false;
          }
        } }, t("New join link")) : null;
      return h("div", { class: "seat-away", "data-away-seat": String(seat) },
        h("p", null, h("span", { class: "seat-away-text" },
          t("Seat {seat}: joined on another device", { seat: seat + 1 })), " ", again), slot);
    }));
  }

  // Which of this device's seat tokens still open their seat: a seat joined on another device is
  // given up here (its old token would be refused).
  async function checkSeats() {
    const tokens = seatTokens(id);
    if (!Object.keys(tokens).length) return false;
    let answer;
    try {
      answer = await api.checkSeats(id, tokens, hostToken(id));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      return false;
    }
    const lost = Object.entries((answer && answer.seats) || {}).filter(([, ok]) => ok === false).map(([s]) => Number(s));
    for (const seat of lost) {
      forgetSeat(id, seat);
      markSeatAway(id, seat);
      const message = t("Seat {seat}: joined on another device", { seat: seat + 1 });
      toast(message, "info");
      announce(message);
    }
    return lost.length > 0;
  }

  // The log; the lines from `hideFrom` on wait until the board has shown them (ui.narrated).
  let logLines = [];
  let shownLines = null; // how many lines are shown (null: all)
  function drawLog(g, since, hideFrom = null) {
    const log = g.log || [];
    const atBottom = logScroll.scrollHeight - logScroll.scrollTop - logScroll.clientHeight < 40;
    const groups = groupLog(log);
    logLines = [];
    logList.replaceChildren(...groups.map((group) => {
      const section = h("section", { class: "log-group" }, h("h3", null, group.title));
      const items = group.entries.map(({ entry, index }) => {
        const li = h("li", {
          class: `log-line log-${entry.kind || "event"}${since !== null && index >= since ? " new" : ""}`,
          hidden: hideFrom !== null && index >= hideFrom,
        }, entry.text);
        logLines.push({ li, section, index });
        return li;
      });
      section.append(h("ol", null, items));
      section.hidden = items.length > 0 && items.every((li) => li.hidden);
      return section;
    }));
    shownLines = hideFrom;
    if (atBottom || since === null) logScroll.scrollTop = logScroll.scrollHeight;
  }

  // shows the log's lines before `upto` (more of the move the board is playing out)
  function revealLog(upto) {
    if (shownLines === null || upto <= shownLines) return;
    const atBottom = logScroll.scrollHeight - logScroll.scrollTop - logScroll.clientHeight < 40;
    for (const { li, section, index } of logLines) {
      if (index < upto && li.hidden) {
        li.hidden = false;
        section.hidden = false;
      }
    }
    shownLines = game && upto >= (game.log || []).length ? null : upto;
    if (game) roundEl.textContent = lastRound((game.log || []).slice(0, shownLines ?? undefined));
    if (atBottom) logScroll.scrollTop = logScroll.scrollHeight;
  }

  // the progressive log of the move being shown: {from, count, called, timer}
  let telling = null;
  let boardNarrates = false; // the board has called ui.narrated on this page (or says it does)
  function endTelling() {
    if (!telling) return;
    clearTimeout(telling.timer);
    const all = telling.from + telling.count;
    telling = null;
    revealLog(all);
  }
  function startTelling(from, count) {
    endTelling();
    if (!count) {
      ui.narrated = () => {};
      return;
    }
    const mine = { from, count, called: false, timer: null };
    telling = mine;
    ui.narrated = (i) => {
      if (telling !== mine) return; // a move shown since: its own lines are told
      boardNarrates = true;
      mine.called = true;
      const n = Number(i);
      const shown = Number.isFinite(n) ? Math.max(0, Math.min(count, n + 1)) : count;
      revealLog(from + shown);
      clearTimeout(mine.timer);
      if (shown >= count) endTelling();
      else mine.timer = setTimeout(endTelling, TELL_STALL_MS); // a board that stopped: nothing is lost
    };
  }
  // the board's render has resolved: a board that does not tell shows every line now
  function renderDone() {
    if (!telling) return;
    if (!telling.called && !boardNarrates) {
      endTelling();
      return;
    }
    if (!telling.called) {
      clearTimeout(telling.timer);
      telling.timer = setTimeout(endTelling, TELL_STALL_MS);
    }
  }

  // the boards mark uncertain data where it matters; without a board the frame lists the notes
  function drawNotes(g) {
    const notes = !module && Array.isArray(g.notes) ? g.notes : [];
    notesEl.replaceChildren(...notes.map((n) => h("li", null, n)));
    notesEl.hidden = !notes.length;
  }

  function drawMoves(g) {
    const moves = g.moves || [];
    // a keyboard user who just played from the list stays in the list
    const hadFocus = movesList.contains(document.activeElement);
    moveEffect.textContent = "";
    if (!moves.length) {
      movesList.replaceChildren(h("p", { class: "muted" },
        g.status === "playing" ? t("No move to make on this device now.") : t("The game is over.")));
      return;
    }
    movesList.replaceChildren(...moves.map((m) => {
      const describe = async () => {
        try {
          const events = await ui.preview(m.id);
          moveEffect.textContent = events.map((e) => e.text).filter(Boolean).join(" ");
        } catch { moveEffect.textContent = ""; }
      };
      return h("button", { type: "button", class: "move-button", onclick: () => ui.play(m.id),
        onfocus: describe, onmouseenter: describe },
        h("span", { class: "move-notation" }, m.notation ?? ""), " ", h("span", null, m.text ?? ""));
    }));
    if (hadFocus) movesList.querySelector("button").focus();
  }

  function drawBanner(g) {
    bannerSlot.replaceChildren();
    if (g.status !== "won" && g.status !== "lost") {
      bannerDismissed = false;
      return;
    }
    if (bannerDismissed) return;
    const close = () => { bannerDismissed = true; bannerSlot.replaceChildren(); };
    const closeBtn = h("button", { type: "button", class: "token-button small", onclick: close }, t("Close"));
    const banner = h("div", { class: `result-banner result-${g.status}`, role: "status" },
      h("p", { class: "result-word" }, g.status === "won" ? t("Victory!") : t("Defeat")),
      g.result ? h("p", { class: "result-text" }, g.result) : null,
      g.campaign ? h("p", { class: "result-text" }, t("The result is written in the campaign's journal.")) : null,
      h("div", { class: "result-actions" },
        g.campaign
          ? h("a", { class: "token-button primary", href: `/campaign/${encodeURIComponent(g.campaign.name)}`, "data-nav": true },
            t("Back to the campaign"))
          : h("a", { class: "token-button", href: `/?new=${encodeURIComponent(g.game)}`, "data-nav": true }, t("New game")),
        h("a", { class: "token-button", href: "/history", "data-nav": true }, t("History")),
        closeBtn));
    banner.addEventListener("keydown", (e) => { if (e.key === "Escape") close(); });
    bannerSlot.append(banner);
  }

  async function drawBoard(g) {
    const done = () => { if (g === game) renderDone(); };
    try {
      await drawBoardOnly(g);
    } finally {
      done();
    }
  }

  async function drawBoardOnly(g) {
    if (!modulePromise) {
      modulePromise = loadModule(g.game).then((mod) => {
        if (mod && typeof mod.render === "function") return mod;
        movesBox.open = true;
        board.replaceChildren(h("p", { class: "board-missing" },
          t("This game's board cannot be drawn here yet: play from the list of moves below.")));
        return null;
      });
    }
    module = await modulePromise;
    if (module && module.narrates === true) boardNarrates = true;
    if (g !== game) return; // a newer position arrived while the module loaded: it draws itself
    if (!module) return;
    try {
      await module.render(board, g, ui);
    } catch (err) {
      console.error("soloboard: the board failed to draw", err);
      movesBox.open = true;
      toast(t("The board could not be drawn: play from the list of moves below."), "error");
    }
  }

  // Shows a new game JSON: everything redrawn from it; `fresh` = the narrated events of the move.
  async function show(next, fresh = []) {
    const since = game ? (game.log || []).length : null;
    ui.since = game ? game.ply : null;
    ui.fresh = fresh;
    ui.lang = currentLanguage();
    ui.seatTokens = seatTokens(id);
    ui.isHost = Boolean(hostToken(id));
    if (!game || game.ply !== next.ply) previewCache = new Map();
    endTelling();
    // the move's lines (the log's last fresh.length) wait for the board to play them out
    const log = next.log || [];
    const pending = since !== null && fresh.length ? Math.max(0, Math.min(fresh.length, log.length - since)) : 0;
    game = next;
    drawLog(next, since, pending ? log.length - pending : null);
    startTelling(log.length - pending, pending);
    drawHeader(next);
    drawMoves(next);
    drawBanner(next);
    await drawBoard(next);
    drawNotes(next);
    if (since !== null && fresh.length) announce(fresh.map((e) => e.text).filter(Boolean).join(" "));
  }

  // one GET at a time; a change announced meanwhile is fetched right after
  let loading = null;
  let again = false;
  function load() {
    if (loading) {
      again = true;
      return loading;
    }
    loading = fetchAndShow().finally(() => {
      loading = null;
      if (again && alive) {
        again = false;
        load();
      }
    });
    return loading;
  }

  async function fetchAndShow() {
    try {
      const before = changes;
      const next = await api.game(id, tokenFor());
      if (alive && !busy && before === changes) await show(next);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (!game) {
        titleEl.textContent = err.status === 404 ? t("No such game") : t("The game could not be loaded");
        board.replaceChildren(h("div", { class: "board-missing" },
          h("p", null, err.message),
          h("p", null, h("a", { href: "/", "data-nav": true, class: "token-button" }, t("Back to the games")))));
      } else {
        toast(err.message, "error");
      }
    }
  }

  undoBtn.addEventListener("click", async () => {
    if (busy || !game) return;
    setBusy(true);
    try {
      const next = await api.undo(id, game.ply, tokenFor());
      changed();
      setBusy(false);
      show(next);
      announce(t("Move taken back."));
    } catch (err) {
      setBusy(false);
      await refusal(err);
    }
    caughtUp();
  });

  hintBtn.addEventListener("click", async () => {
    if (!hintPanel.hidden) {
      hintPanel.hidden = true;
      hintBtn.setAttribute("aria-expanded", "false");
      return;
    }
    hintPanel.hidden = false;
    hintBtn.setAttribute("aria-expanded", "true");
    await drawHint();
  });
  hintPanel.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      hintPanel.hidden = true;
      hintBtn.setAttribute("aria-expanded", "false");
      hintBtn.focus();
    }
  });

  async function drawHint() {
    const ply = game.ply;
    hintPanel.setAttribute("aria-busy", "true");
    hintPanel.replaceChildren(h("h2", null, t("Hint")), h("p", { class: "muted" }, t("Thinking…")));
    let data;
    try {
      data = await api.hint(id, tokenToMove());
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      hintPanel.replaceChildren(h("h2", null, t("Hint")), h("p", null, err.message));
      return;
    } finally {
      hintPanel.setAttribute("aria-busy", "false");
    }
    if (!game || game.ply !== ply) return; // the position moved on while thinking
    const moves = (data && data.moves) || [];
    const close = h("button", { type: "button", class: "token-button small" }, t("Close"));
    close.addEventListener("click", () => {
      hintPanel.hidden = true;
      hintBtn.setAttribute("aria-expanded", "false");
      hintBtn.focus();
    });
    hintPanel.replaceChildren(
      h("h2", null, t("Hint")),
      moves.length ? h("ol", { class: "hint-moves" }, moves.slice(0, 3).map((m) => {
        const own = (game.moves || []).find((x) => x.id === m.id);
        const win = Number(m.win);
        return h("li", { class: "hint-move" },
          h("div", { class: "hint-line" },
            h("span", { class: "move-notation" }, m.notation ?? (own && own.notation) ?? ""),
            h("span", { class: "hint-win" }, t("win {p}", { p: percent(win) })),
            h("span", { class: "hint-interval" },
              t("interval {low}–{high} (95%)", { low: percent(m.low), high: percent(m.high) }))),
          h("div", { class: "hint-bar", "aria-hidden": "true" },
            h("span", { class: "hint-range", style: `left:${(m.low ?? 0) * 100}%;width:${Math.max(0, ((m.high ?? 0) - (m.low ?? 0)) * 100)}%` }),
            h("span", { class: "hint-point", style: `left:${win * 100}%` })),
          own && own.text && own.text !== m.text ? h("p", { class: "hint-what" }, own.text) : null,
          m.text ? h("p", { class: "hint-effect" }, m.text) : null,
          h("button", { type: "button", class: "token-button small", onclick: () => ui.play(m.id) }, t("Play this move")));
      })) : h("p", null, t("No move to suggest here.")),
      close);
    const first = hintPanel.querySelector("button");
    if (first) first.focus();
  }

  // live: every device sees the game change (GET again when the server's ply differs)
  let source = null;
  try {
    source = api.events(id);
    const onState = (e) => {
      let ply = null;
      try { ply = JSON.parse(e.data).ply; } catch { ply = null; }
      if (busy) heardWhileBusy = ply ?? -1;
      else if (!game || ply === null || ply !== game.ply) load();
    };
    source.addEventListener("state", onState);
    source.addEventListener("message", onState);
    // a seat was joined on another device: this one may have held it
    source.addEventListener("seat", async () => {
      if (alive && await checkSeats()) load();
    });
  } catch { source = null; }
  onLeave(() => {
    alive = false;
    if (source) source.close();
  });

  try {
    cat = await catalog();
  } catch { cat = null; } // the page still works with the games' short names
  await load();
  // a seat joined elsewhere while this page was closed: given up here before anything is sent
  if (await checkSeats()) await load();
  await stylesheetsReady(); // a board module links its own stylesheet: shown once it applies
  pageEl.classList.remove("loading");
}

// Every linked stylesheet loaded (or failed), or `timeout` ms gone.
function stylesheetsReady(timeout = 2000) {
  const pending = [...document.querySelectorAll('link[rel="stylesheet"]')].filter((link) => !link.sheet);
  if (!pending.length) return Promise.resolve();
  const loaded = pending.map((link) => new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
  }));
  return Promise.race([Promise.all(loaded), new Promise((resolve) => { setTimeout(resolve, timeout); })]);
}
