// Plays the monsters' turn out on the table just drawn (animation-steps.js gives the steps):
// the tracks start where the turn found them, each step's caption shows in the monsters' turn
// panel, the revealed cards appear, what changes pulses. "Skip animation" or any move ends it.

import { stageCard } from "./cards.js";
import { fitNames } from "./fit.js";
import { turnSteps } from "./animation-steps.js";
import { animationSpeed, stepDelay } from "../motion.js";

function tableOf(root) {
  const stage = root.querySelector(".mon-stage");
  return {
    root, stage,
    caption: stage.querySelector(".mon-stage-caption"),
    strip: stage.querySelector(".mon-stage-strip"),
    skip: stage.querySelector(".mon-skip"),
    wallValue: root.querySelector(".mon-wall-value"),
    invValue: root.querySelector(".mon-inv-value"),
  };
}

function setWall(tb, v) {
  tb.wallValue.textContent = String(v);
  for (const brick of tb.root.querySelectorAll(".mon-wall-art rect")) {
    const i = Number(brick.getAttribute("data-i"));
    brick.setAttribute("class", i < v ? "mon-brick" : "mon-brick-gone");
  }
}

function setInv(tb, v) {
  tb.invValue.textContent = String(v);
  for (const cell of tb.root.querySelectorAll(".mon-inv-cell")) cell.classList.toggle("mon-inv-here", Number(cell.dataset.n) === v);
}

function pulse(root, selector) {
  for (const n of root.querySelectorAll(selector)) {
    n.classList.remove("mon-pulse");
    void n.offsetWidth; // restart the animation
    n.classList.add("mon-pulse");
  }
}

// the cards the last placing put on the table, held back until their step (if the table ends with them)
function holdArriving(root, cards) {
  const table = [...root.querySelectorAll(".mon-monsters .mon-monster")];
  const tail = table.slice(table.length - cards.length);
  if (!cards.length || tail.length !== cards.length || !tail.every((n, i) => n.getAttribute("data-key") === `mon:${cards[i]}`)) return [];
  for (const n of tail) n.classList.add("mon-arriving");
  return tail;
}

function show(tb, step, view, t, arriving) {
  tb.caption.textContent = step.caption;
  tb.caption.title = tb.caption.textContent;
  if (step.clearStrip) tb.strip.replaceChildren();
  if (step.wall !== null) setWall(tb, step.wall);
  if (step.invasion !== null) setInv(tb, step.invasion);
  if (step.reveal) tb.strip.append(stageCard(view, step.reveal, t));
  if (step.placed) {
    for (const card of tb.strip.querySelectorAll(".mon-monster")) {
      card.classList.add(step.placed.includes(card.getAttribute("data-id")) ? "mon-going-table" : "mon-going-aside");
    }
  }
  if (step.arrived) for (const n of arriving) n.classList.remove("mon-arriving");
  if (step.pulse) pulse(tb.root, step.pulse);
  fitNames(tb.strip);
}

// Returns whether it played (or, with reduced motion, settled at once) anything: if so it calls
// narrated(fresh.length) itself at the end.
export function animate(root, view, fresh, t, mem, narrated) {
  const plan = turnSteps(fresh);
  if (!plan.steps.length) return false;
  // the speed chosen on this device (off with the system's reduced motion, unless chosen)
  const speed = animationSpeed();
  root.dataset.motion = speed;
  const tb = tableOf(root);
  const finalCaption = [...tb.caption.childNodes];
  const finalStrip = [...tb.strip.childNodes];
  if (plan.wall !== null) setWall(tb, plan.wall);
  if (plan.invasion !== null) setInv(tb, plan.invasion);
  const arriving = holdArriving(root, plan.arriving);
  let index = 0;
  let over = false;
  const anim = {
    finish() {
      if (over) return;
      over = true;
      if (mem.timer) clearTimeout(mem.timer);
      mem.timer = null;
      if (mem.anim === anim) mem.anim = null;
      setWall(tb, view.wall.value);
      setInv(tb, view.invasion.value);
      for (const n of arriving) n.classList.remove("mon-arriving");
      tb.caption.replaceChildren(...finalCaption);
      tb.strip.replaceChildren(...finalStrip);
      tb.stage.classList.remove("mon-playing");
      tb.skip.hidden = true;
      for (const n of root.querySelectorAll(".mon-pulse")) n.classList.remove("mon-pulse");
      fitNames(tb.stage);
      narrated(fresh.length);
    },
  };
  mem.anim = anim;
  if (speed === "off") { anim.finish(); return true; }
  tb.skip.hidden = false;
  tb.skip.addEventListener("click", () => anim.finish());
  tb.stage.classList.add("mon-playing");
  tb.strip.replaceChildren();
  const step = () => {
    if (index >= plan.steps.length) { anim.finish(); return; }
    const s = plan.steps[index++];
    show(tb, s, view, t, arriving);
    narrated(s.at);
    mem.timer = setTimeout(step, stepDelay(s.delay, speed));
  };
  step();
  return true;
}
