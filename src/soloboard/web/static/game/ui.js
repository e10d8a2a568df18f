// The `ui` a board module is rendered with (its contract is in game.js): the page's catalog,
// the moves sent through the page session, previews and refusals asked once per position, join links.

import { ApiError, api, hostToken, seatTokens } from "../api.js";
import { currentLanguage, t, tn, tp } from "../i18n.js";
import { announce, toast } from "../shared.js";

// why a click is refused, asked once per position and click (null for a position that is gone)
function refuser(p) {
  return async (notation) => {
    if (!p.game) return null;
    const key = `refusal:${p.game.ply}:${notation}`;
    if (!p.previewCache.has(key)) {
      p.previewCache.set(key, api.refusal(p.id, notation, p.game.ply)
        .then((data) => {
          if (!data || data.stale) {
            p.previewCache.delete(key);
            return null;
          }
          return data;
        })
        .catch((err) => {
          p.previewCache.delete(key);
          throw err;
        }));
    }
    return p.previewCache.get(key);
  };
}

// what a move would do, asked once per position and move ([] for a position that is gone)
function previewer(p) {
  return async (actionId) => {
    if (!p.game) return [];
    const key = `${p.game.ply}:${actionId}`;
    if (!p.previewCache.has(key)) {
      p.previewCache.set(key, api.preview(p.id, actionId, p.game.ply)
        .then((data) => {
          // sent for a position that is gone (a tap hovers and plays at once): nothing to show
          if (data && data.stale) {
            p.previewCache.delete(key);
            return [];
          }
          return data && Array.isArray(data.events) ? data.events : [];
        })
        .catch((err) => {
          p.previewCache.delete(key);
          if (err instanceof ApiError && err.status === 409) return [];
          throw err;
        }));
    }
    return p.previewCache.get(key);
  };
}

export function boardUi(p) {
  const { id } = p;
  return {
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
    play: (actionId) => p.send((ply, token) => api.move(id, ply, actionId, token)),
    // a move by its notation ("hit 3 2"), for boards that name moves rather than pick an id
    playNotation: (notation) => p.send((ply, token) => api.moveNotation(id, ply, notation, token)),
    preview: previewer(p),
    refusal: refuser(p),
    joinUrl(seat) {
      const token = seatTokens(id)[String(seat)];
      if (!token) return null;
      return `${location.origin}/join/${encodeURIComponent(id)}?seat=${seat}&token=${encodeURIComponent(token)}`;
    },
    qrUrl(seat) {
      const token = seatTokens(id)[String(seat)];
      return token ? api.qrUrl(id, seat, token) : null;
    },
    refresh: () => p.load(),
  };
}
