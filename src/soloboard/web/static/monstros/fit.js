// Names that fit their cards, measured in the page (see fitText), again when the table's width changes.

// A card's name is fitted to its box: the largest size (down from the stylesheet's) at which it
// fits on the lines the box has, broken between words only; a word too long even at the
// smallest size is broken inside, hyphenated where the browser knows the language (lang on the
// table). Measured, so it holds in every language and at every card size; results are kept per
// text and box, so a picture re-drawn costs a look-up.
const FIT_MIN_PX = 6;
const fitCache = new Map();

export function fitNames(scope) {
  for (const box of scope.querySelectorAll(".mon-card-name, .mon-monster-name, .mon-card-id")) fitText(box);
}

function fitText(box) {
  const inner = box.firstElementChild;
  if (!inner) return;
  box.style.fontSize = "";
  box.classList.remove("mon-fit-break");
  const width = box.clientWidth;
  const height = box.clientHeight;
  if (!width || !height) return; // not laid out (hidden): fitted when it is drawn again
  const max = parseFloat(getComputedStyle(box).fontSize) || 10;
  const key = `${box.closest("[lang]")?.getAttribute("lang") || ""}|${inner.textContent}|${width}|${height}|${max}`;
  let fit = fitCache.get(key);
  if (!fit) {
    const fits = () => inner.offsetWidth <= width + 0.5 && inner.offsetHeight <= height + 0.5;
    let size = max;
    if (!fits()) {
      // start near the size that fits (the width of the longest word rules) and step down from there
      size = Math.max(FIT_MIN_PX, Math.min(max - 0.25, Math.floor(max * Math.min(1, width / inner.offsetWidth) * 4) / 4));
      box.style.fontSize = `${size}px`;
      while (!fits() && size > FIT_MIN_PX) {
        size -= 0.25;
        box.style.fontSize = `${size}px`;
      }
    }
    fit = { size, broken: !fits() };
    fitCache.set(key, fit);
  }
  box.style.fontSize = fit.size === max ? "" : `${fit.size}px`;
  box.classList.toggle("mon-fit-break", fit.broken);
}

// The sizes of the cards follow the table's width (a phone turned, a window resized): fit again.
export function watchSize(container, mem) {
  if (mem.resize || typeof ResizeObserver !== "function") return;
  let lastWidth = container.clientWidth;
  let queued = false;
  mem.resize = new ResizeObserver(() => {
    if (container.clientWidth === lastWidth || queued) return;
    lastWidth = container.clientWidth;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      const root = container.querySelector(":scope > .mon");
      if (root) fitNames(root);
    });
  });
  mem.resize.observe(container);
}
