// Live updates: every device sees the game change. The server's event stream says the ply it
// now has; the page fetches the game again when that is not the ply it shows, and looks again at
// its seats when one was joined on another device.

import { api } from "../api.js";

export function listenLive(p, onLeave) {
  let source = null;
  try {
    source = api.events(p.id);
    const onState = (e) => {
      let ply;
      try { ply = JSON.parse(e.data).ply; } catch { ply = null; }
      if (p.busy) p.heardWhileBusy = ply ?? -1;
      else if (!p.game || ply === null || ply !== p.game.ply) p.load();
    };
    source.addEventListener("state", onState);
    source.addEventListener("message", onState);
    // a seat was joined on another device: this one may have held it
    source.addEventListener("seat", async () => {
      if (p.alive && await p.checkSeats()) p.load();
    });
  } catch { source = null; }
  onLeave(() => {
    p.alive = false;
    if (source) source.close();
  });
}
