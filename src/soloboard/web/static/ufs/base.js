// Draws the base's and the tracks' drawing models (base-model.js, tracks-model.js) as SVG.

import { el, group } from "./dom.js";
import { G } from "./layout.js";
import {
  ROOM_COLOURS, digMark, dieShape, excavatorShape, modTag, roomIcon, skullShape, uncertainMark,
} from "./pieces.js";

function aaGunNode(gun) {
  return el("g", { class: "aa-gun" },
    el("rect", { x: gun.x + 6, y: gun.y + 6, width: G.bw - 12, height: G.bh - 12, rx: 3, fill: "#cfcfcf",
      stroke: "#6d6d6d", "stroke-width": 4 }),
    el("path", { d: `M${gun.x + G.bw / 2 - 12},${gun.y + 34} h24 l-12,16 z`, fill: "#111" }),
    el("rect", { x: gun.x + G.bw / 2 - 6, y: gun.y + 20, width: 12, height: 14, fill: "#111" }),
    el("title", {}, gun.title));
}

function roomNode(room) {
  const colour = ROOM_COLOURS[room.effects[0]] || "#aaa";
  const rg = el("g", { class: "room", "data-room": room.index, "data-anchor": room.anchor });
  room.rects.forEach((r, i) => {
    rg.appendChild(el("rect", { x: r.x, y: r.y, width: r.w, height: r.h, rx: 4, fill: "#dcd8d0", stroke: colour,
      "stroke-width": 5, class: "room-frame", "stroke-dasharray": room.uncertain ? "10 4" : null }));
    if (room.effects.length > 1) {
      // a room with two effects: its frame in both colours, as printed
      rg.appendChild(el("path", { d: `M${r.x + r.w / 2},${r.y + r.h} H${r.x + r.w} V${r.y} H${r.x + r.w / 2}`,
        fill: "none", stroke: ROOM_COLOURS[room.effects[1]], "stroke-width": 5 }));
    }
    if (i === 0) for (const icon of room.icons) rg.appendChild(roomIcon(icon.type, icon.x, icon.y, 1));
  });
  for (const l of room.links) {
    rg.appendChild(el("line", { ...l, stroke: colour, "stroke-width": 4, "stroke-dasharray": "6 4" }));
  }
  rg.appendChild(el("title", {}, room.title));
  return rg;
}

function roomLabels(room) {
  const nodes = room.tag ? [modTag(room.tag.x, room.tag.y, room.tag.value, room.tag.title)] : [];
  for (const { cx, cy, title } of room.energy) {
    nodes.push(el("g", { class: "energy-cost" },
      el("circle", { cx, cy, r: 7, fill: "#f5c518", stroke: "#6a5000" }),
      el("path", { d: `M${cx + 1},${cy - 5} l-4,5 h3 l-1,5 l4,-6 h-3 z`, fill: "#222" }),
      el("title", {}, title)));
  }
  if (room.mark) nodes.push(uncertainMark(room.mark.x, room.mark.y, room.mark.title));
  return nodes;
}

// what lies on a space goes to the base's layer, what is printed on it to the labels' layer
function spaceNodes(s, layer, labels) {
  if (s.rubble) layer.push(el("rect", { x: s.x, y: s.y, width: G.bw, height: G.bh, fill: "url(#ufs-rubble)", class: "rubble" }));
  if (s.dig) labels.push(digMark(s.dig.x, s.dig.y, s.dig.distance, s.dig.title));
  if (s.excavator) {
    const exc = excavatorShape(s.excavator.x, s.excavator.y);
    exc.classList.add("excavator-piece");
    exc.appendChild(el("title", {}, s.excavator.title));
    layer.push(exc);
  }
  if (s.tunnel) layer.push(el("title", {}, s.tunnel));
  if (s.digTag) labels.push(el("text", { x: s.digTag.x, y: s.digTag.y, class: "dig-tag", "data-space": s.space }, s.digTag.text));
}

function pieceNodes(s) {
  const transform = (p) => `translate(${p.x},${p.y})`;
  if (s.die) return [dieShape(s.die.colour, s.die.value, 30, { transform: transform(s.die), "data-space": s.space })];
  if (!s.robot) return [];
  const rob = dieShape("blue", s.robot.value, 30, { transform: transform(s.robot), opacity: s.robot.exhausted ? 0.45 : 1,
    "data-space": s.space });
  rob.appendChild(el("title", {}, s.robot.title));
  if (!s.robot.exhausted) return [rob];
  return [rob, el("text", { x: s.robot.zz.x, y: s.robot.zz.y, class: "zz" }, "z z")];
}

export function drawBase(model) {
  const layer = [
    el("rect", { ...model.frame, fill: "url(#ufs-dirt)", rx: 6 }),
    ...model.letters.map((c) => el("text", { x: c.x, y: c.y, "text-anchor": "middle", class: "col-letter" }, c.text)),
    ...model.rowNumbers.map((r) => el("text", { x: r.x, y: r.y, "text-anchor": "end", class: "row-num" }, r.text)),
    ...model.edges.map((e) => el("line", { ...e, stroke: "#2a1d12", "stroke-width": 3 })),
  ];
  // what is printed on the spaces (tags, costs, marks) is drawn last, above the rubble and the pieces
  const labels = [];
  for (const gun of model.aaGuns) {
    layer.push(aaGunNode(gun));
    labels.push(modTag(gun.tag.x, gun.tag.y, gun.tag.value, gun.tag.title));
  }
  for (const room of model.rooms) {
    layer.push(roomNode(room));
    labels.push(...roomLabels(room));
  }
  for (const s of model.spaces) spaceNodes(s, layer, labels);
  layer.push(group({ class: "base-pieces" }, model.spaces.flatMap(pieceNodes)), group({ class: "base-labels" }, labels));
  return group({ class: "base" }, layer);
}

function researchSpaceNode(s) {
  const g = el("g", { class: `research-space${s.reached ? " reached" : ""}`, transform: `translate(${s.shift * (s.size + 6)},0)` });
  g.appendChild(el("rect", { x: s.x, y: s.y, width: s.size, height: s.size, rx: 4,
    fill: s.last ? "#0f3d35" : s.reached ? "#1d3b39" : "#0f1e26",
    stroke: s.last ? "#4cf0c4" : "#1fb5a2", "stroke-width": s.last ? 2 : 1.2,
    "stroke-dasharray": s.uncertain ? "4 2" : null }));
  g.appendChild(el("text", { x: s.x + s.size / 2, y: s.y + s.size / 2 + 5, "text-anchor": "middle",
    class: `research-cost${s.last ? " last" : ""}` }, s.text));
  if (s.marker) {
    g.appendChild(el("circle", { cx: s.x + s.size - 3, cy: s.y + 3, r: 7, fill: "#4cf0c4", stroke: "#0b2",
      class: "research-marker" }));
  }
  g.appendChild(el("title", {}, s.title));
  return g;
}

export function drawResearchBeside(model) {
  return group({ class: "research-track" }, [
    el("g", {}, roomIcon("research", model.icon.x, model.icon.y, 0.6), el("title", {}, model.name)),
    ...model.spaces.map(researchSpaceNode),
  ]);
}

function trackRowNodes(row) {
  const nodes = [el("text", { x: row.label.x, y: row.label.y, class: "track-label" }, row.label.text)];
  for (const b of row.boxes) {
    nodes.push(el("rect", { x: b.x, y: b.y, width: b.size, height: b.size - 6, rx: 4, fill: b.skull ? "#4a0c12" : "#1b2530",
      stroke: row.colour, "stroke-width": b.current ? 3 : 1, "stroke-dasharray": row.uncertain ? "4 2" : null }));
    if (b.skull) nodes.push(skullShape(b.x + b.size / 2, b.y + 13, 0.8));
    else nodes.push(el("text", { x: b.x + b.size / 2, y: b.y + 19, "text-anchor": "middle", class: "track-num" }, b.i));
    if (b.current) {
      // the animation moves the marker along the track: where its first box is and how far each step goes
      nodes.push(el("circle", { cx: b.x + b.size / 2, cy: b.y + b.size - 6, r: 6, fill: row.colour, stroke: "#000",
        class: `marker marker-${row.kind}`, "data-x0": row.marker.x0, "data-step": row.marker.step,
        "data-last": row.marker.last }));
    }
  }
  if (row.mark) nodes.push(uncertainMark(row.mark.x, row.mark.y, row.mark.title));
  return nodes;
}

export function drawTracks(model) {
  const research = model.research;
  return group({ class: "tracks" }, [
    ...model.rows.flatMap(trackRowNodes),
    el("text", { x: research.label.x, y: research.label.y, class: "track-label" }, research.label.text),
    ...research.spaces.map(researchSpaceNode),
  ]);
}
