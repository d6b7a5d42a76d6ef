// dtlearn apps: the stylesheet comes with this (invisible) widget; the script gives every
// slider handle of the app an accessible name and keeps keys inside the app away from
// JupyterLab's notebook shortcuts. Plain ES module, no dependencies, no network.

function nameSliders(app) {
  for (const handle of app.querySelectorAll("[role='slider']")) {
    if (handle.getAttribute("aria-label")) continue;
    const box = handle.closest(".widget-slider, .widget-hslider, .widget-inline-hbox");
    const label = box ? box.querySelector(".widget-label") : null;
    const text = label ? label.textContent.trim() : "";
    handle.setAttribute("aria-label", text || "slider");
  }
}

function nameImages(app, alt) {
  for (const img of app.querySelectorAll("img")) {
    if (!img.getAttribute("alt")) img.setAttribute("alt", alt || "figure");
  }
}

// a scrolling table (the rule stepper's rules) shows its marked row: scrolled inside its
// box only, the page stays where it is
function revealMarked(app) {
  for (const box of app.querySelectorAll(".dtlearn-rules-box")) {
    const row = box.querySelector("tr.dtlearn-winner");
    if (!row) continue;
    // once per marked row and size: presenter mode re-flows the rows, the reader may scroll
    const key = `${row.rowIndex}:${box.scrollHeight}`;
    if (box.dataset.revealed === key) continue;
    const head = box.querySelector("thead");
    const top = row.offsetTop - (head ? head.offsetHeight : 0);
    if (top < box.scrollTop || row.offsetTop + row.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - 4);
    }
    box.dataset.revealed = key;
  }
}

// a box that scrolls inside takes the keyboard focus (arrow keys scroll it)
function focusableScrollers(app) {
  for (const box of app.querySelectorAll(".dtlearn-pruning-stepper .dtlearn-detail")) {
    if (box.hasAttribute("tabindex")) continue;
    box.tabIndex = 0;
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", "explanation of the step");
  }
}

function render({ model, el }) {
  el.style.display = "none";
  let observer = null;
  let classWatch = null;
  let tries = 0;
  const attach = () => {
    const app = el.closest(".dtlearn-app");
    if (!app) {
      if (tries++ < 100) setTimeout(attach, 50);
      return;
    }
    app.setAttribute("data-lm-suppress-shortcuts", "true");
    for (const type of ["keydown", "keyup", "keypress"]) {
      app.addEventListener(type, (event) => event.stopPropagation());
    }
    const name = () => {
      nameSliders(app);
      nameImages(app, model.get("figure_alt"));
      revealMarked(app);
      focusableScrollers(app);
    };
    name();
    observer = new MutationObserver(name);
    observer.observe(app, { childList: true, subtree: true });
    // presenter mode (a class on the app) changes the rows' heights
    classWatch = new MutationObserver(() => revealMarked(app));
    classWatch.observe(app, {
      attributes: true, attributeFilter: ["class"] });
  };
  attach();
  return () => {
    if (observer) observer.disconnect();
    if (classWatch) classWatch.disconnect();
  };
}

export default { render };
