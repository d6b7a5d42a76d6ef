// Over 500 lines on purpose: anywidget loads one ES module per widget and there is no bundler.
// dtlearn TreeView: draws the JSON made by dtlearn.drawing.layout.tree_view_data.
// Positions, box sizes and wrapped lines come from Python; this file draws them, fits the
// drawing to the available width, zooms and pans, and sends clicks back.
// Keys pressed inside the widget belong to the widget: JupyterLab's notebook shortcuts
// (ArrowDown, "d d", Enter, ...) are suppressed with Lumino's data-lm-suppress-shortcuts
// attribute and by stopping the events here.
// Plain ES module, no dependencies, no network.

const SVG_NS = "http://www.w3.org/2000/svg";
const MIN_SCALE = 0.01;
const MAX_SCALE = 3;
// the drawing's text is 11 px at scale 1 (the geometry Python computes); a view shows it at
// READABLE_PX or more (times font_scale: presenter mode), never less unless the user zooms
// out: a tree too wide for that folds its deep levels (dtlearn.drawing.layout.fold_to_fit) and
// scrolls, with the root (or the selected node) kept in view
const DRAWING_PX = 11;
const READABLE_PX = 13;
const PRESENTER_SCALE = 18 / 13;
const NUMBER = /^[-+\u2212]?(\d[\d,]*)?(\.\d+)?(e[-+]?\d+)?%?$/i;

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

function button(label, title, keys) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = "dtlearn-tv-button";
  b.textContent = label;
  b.title = keys ? `${title} (key ${keys})` : title;
  b.setAttribute("aria-label", title);
  if (keys) b.setAttribute("aria-keyshortcuts", keys);
  return b;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "dtlearn-treeview";
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const toolbar = document.createElement("div");
  toolbar.className = "dtlearn-tv-toolbar";
  toolbar.setAttribute("role", "toolbar");
  toolbar.setAttribute("aria-label", "tree view: zoom and pan");
  const zoomOut = button("\u2212", "zoom out", "[");
  const zoomIn = button("+", "zoom in", "]");
  const fitButton = button("fit", "fit the tree to the width", "f");
  const actual = button("1:1", "actual size", "1");
  const subtree = button("subtree", "zoom to the selected node's subtree", "s");
  const unfoldAll = button("unfold all", "unfold every folded subtree", "u");
  const foldFit = button("fold deep levels", "fold the deep levels until the tree fits", "o");
  const presenter = button("presenter", "presenter mode: larger text for a projector", "p");
  presenter.setAttribute("aria-pressed", "false");
  const zoomText = document.createElement("span");
  zoomText.className = "dtlearn-tv-zoom";
  zoomText.setAttribute("aria-live", "polite");
  toolbar.append(zoomOut, zoomIn, fitButton, actual, subtree, unfoldAll, foldFit, presenter,
    zoomText);
  // shown when the kernel is gone: the drawing stays, nothing it sends is heard any more
  const banner = document.createElement("div");
  banner.className = "dtlearn-tv-disconnected";
  banner.setAttribute("role", "status");
  banner.hidden = true;
  banner.textContent = "Disconnected from the kernel \u2014 re-run the cell to use this tree " +
    "again (the drawing below still reads, but clicks, folding and explanations need the kernel).";
  const body = document.createElement("div");
  body.className = "dtlearn-tv-body";
  const canvas = document.createElement("div");
  canvas.className = "dtlearn-tv-canvas";
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "group");
  canvas.setAttribute("aria-label",
    "tree drawing: Tab to a node, arrow keys move between nodes, Enter explains it, " +
    "minus folds and plus unfolds its subtree; u unfolds all, o folds deep levels; " +
    "[ and ] zoom, f fits, shift+arrows pan");
  const panel = document.createElement("div");
  panel.className = "dtlearn-tv-panel";
  panel.setAttribute("aria-live", "polite");
  panel.setAttribute("role", "region");
  panel.setAttribute("aria-label", "explanation of the selected node");
  panel.tabIndex = 0; // scrollable: reachable by keyboard
  body.append(canvas, panel);
  root.append(banner, toolbar, body);
  el.appendChild(root);

  let scale = 1;
  let foldAsked = false; // "fit" asked the kernel to fold; the next drawing is fitted
  let fitMode = false; // true after "fit": the drawing then follows the canvas width
  let firstDraw = true;
  let picture = null;
  let focusedId = null; // the node that has (or last had) keyboard focus
  let keepFocus = false; // focus was inside the widget when the drawing was replaced
  let nodesById = new Map();
  let childrenOf = new Map();
  let parentOf = new Map();

  function send(name, value) {
    model.set(name, value);
    model.save_changes();
  }

  function toggle(id) {
    const current = (model.get("collapsed") || []).slice();
    const at = current.indexOf(id);
    if (at >= 0) current.splice(at, 1);
    else current.push(id);
    focusedId = id;
    keepFocus = true;
    send("collapsed", current);
  }

  function size() {
    const g = (model.get("data") || {}).geometry;
    return g ? { w: g.width, h: g.height } : { w: 1, h: 1 };
  }

  function fontScale() {
    const f = Number(model.get("font_scale"));
    return f > 0 ? f : 1;
  }

  // the smallest scale at which node text is readable (13 px, 18 px in presenter mode)
  function readableScale() {
    return READABLE_PX * fontScale() / DRAWING_PX;
  }

  // the width the canvas may take: the row the widget sits in
  function availWidth() {
    return Math.max(120, (root.clientWidth || canvas.clientWidth) - 4);
  }

  function fitScale() {
    return Math.max(MIN_SCALE, Math.min(readableScale() * 1.25, availWidth() / size().w));
  }

  function startScale() {
    return readableScale();
  }

  function applyPresenter() {
    const f = fontScale();
    root.style.setProperty("--dtlearn-font-scale", String(f));
    root.classList.toggle("is-presenter", f > 1);
    presenter.setAttribute("aria-pressed", f > 1 ? "true" : "false");
    root.dataset.minFontPx = (READABLE_PX * f).toFixed(1);
  }

  function applyScale(next, focusX, focusY) {
    if (!picture) return;
    next = Math.max(MIN_SCALE, Math.min(MAX_SCALE, next));
    // keep the point under (focusX, focusY) (canvas coordinates) in place
    const fx = focusX === undefined ? canvas.clientWidth / 2 : focusX;
    const fy = focusY === undefined ? canvas.clientHeight / 2 : focusY;
    const lx = (canvas.scrollLeft + fx) / scale;
    const ly = (canvas.scrollTop + fy) / scale;
    scale = next;
    const { w, h } = size();
    // rounded up: text is never drawn a fraction of a pixel below the readable size
    picture.setAttribute("width", String(Math.ceil(w * scale)));
    picture.setAttribute("height", String(Math.ceil(h * scale)));
    // the canvas is as wide as the drawing at this scale, at most the row
    canvas.style.width = `${Math.ceil(w * scale) + 2}px`;
    canvas.scrollLeft = lx * scale - fx;
    canvas.scrollTop = ly * scale - fy;
    zoomText.textContent = `${Math.round(scale * 100)} %`;
    root.dataset.scale = scale.toFixed(4);
  }

  function zoom(factor, fx, fy) {
    fitMode = false;
    applyScale(scale * factor, fx, fy);
  }

  // fit the width without making text unreadable: a tree too wide for that has its deep
  // levels folded by the kernel (the width it may take is sent along) and is fitted then
  function fit(ask = true) {
    fitMode = true;
    if (ask && availWidth() / size().w < readableScale() && !foldAsked) {
      foldAsked = true;
      model.send({ fold: "fit", width: Math.floor(availWidth() / readableScale()) });
      // nothing left to fold (or no kernel): fit what is there at the readable size
      setTimeout(() => { if (foldAsked) { foldAsked = false; fit(false); } }, 1500);
      return;
    }
    applyScale(Math.max(readableScale(), fitScale()), 0, 0);
    canvas.scrollLeft = 0;
    canvas.scrollTop = 0;
    revealTarget();
  }

  // the node the reader is looking at: the selected one, else the root
  function targetId() {
    const sel = model.get("selected");
    if (sel !== null && sel !== undefined && nodesById.has(sel)) return sel;
    const data = model.get("data") || {};
    return data.nodes && data.nodes.length ? data.nodes[0].id : null;
  }

  // whenever the tree changes (or the canvas gets its size) the root or the selected node
  // is scrolled into view: a wide tree never shows empty space and edges from nowhere
  function revealTarget() {
    const id = targetId();
    if (id === null) return;
    const n = nodesById.get(id);
    const g = (model.get("data") || {}).geometry;
    if (!n || !g || !canvas.clientWidth) return;
    const left = n.px * scale, right = (n.px + g.node_width) * scale;
    const top = n.py * scale, bottom = (n.py + g.node_height) * scale;
    const inX = right > canvas.scrollLeft + 8 && left < canvas.scrollLeft + canvas.clientWidth - 8;
    const inY = bottom > canvas.scrollTop + 8 && top < canvas.scrollTop + canvas.clientHeight - 8;
    if (!inX || (right - left <= canvas.clientWidth && (left < canvas.scrollLeft ||
        right > canvas.scrollLeft + canvas.clientWidth))) {
      canvas.scrollLeft = Math.max(0, (left + right) / 2 - canvas.clientWidth / 2);
    }
    if (!inY || top < canvas.scrollTop || bottom > canvas.scrollTop + canvas.clientHeight) {
      canvas.scrollTop = Math.max(0, top - (n.py <= g.margin + 1 ? top : 40 * scale));
    }
  }

  function descendants(id) {
    const out = [id];
    for (let i = 0; i < out.length; i++) out.push(...(childrenOf.get(out[i]) || []));
    return out;
  }

  function zoomToSubtree(id) {
    const data = model.get("data") || {};
    if (id === null || id === undefined || !nodesById.has(id)) return;
    const g = data.geometry;
    const ids = descendants(id).map((i) => nodesById.get(i));
    const x0 = Math.min(...ids.map((n) => n.px)) - g.margin;
    const x1 = Math.max(...ids.map((n) => n.px)) + g.node_width + g.margin;
    const y0 = Math.min(...ids.map((n) => n.py)) - g.margin;
    fitMode = false;
    // the subtree fills the width, but its text never drops below the readable size: a
    // subtree wider than that is shown from its root, centred
    const fits = (canvas.clientWidth - 4) / (x1 - x0);
    const target = Math.max(readableScale(), Math.min(readableScale() * 1.5, fits));
    applyScale(target, 0, 0);
    const n = nodesById.get(id);
    canvas.scrollLeft = fits >= target ? x0 * scale
      : (n.px + g.node_width / 2) * scale - canvas.clientWidth / 2;
    canvas.scrollTop = y0 * scale;
  }

  function keepVisible(id) {
    const n = nodesById.get(id);
    const g = (model.get("data") || {}).geometry;
    if (!n || !g) return;
    const left = n.px * scale, right = (n.px + g.node_width) * scale;
    const top = n.py * scale, bottom = (n.py + g.node_height) * scale;
    if (left < canvas.scrollLeft || right > canvas.scrollLeft + canvas.clientWidth) {
      canvas.scrollLeft = (left + right) / 2 - canvas.clientWidth / 2;
    }
    if (top < canvas.scrollTop || bottom > canvas.scrollTop + canvas.clientHeight) {
      canvas.scrollTop = (top + bottom) / 2 - canvas.clientHeight / 2;
    }
  }

  function focusNode(id) {
    const target = canvas.querySelector(`[data-node-id="${id}"]`);
    if (!target) return false;
    focusedId = id;
    target.focus({ preventScroll: true });
    keepVisible(id);
    return true;
  }

  function markNumbers(container) {
    for (const cell of container.querySelectorAll("td, th")) {
      const text = cell.textContent.trim();
      if (text && NUMBER.test(text)) cell.classList.add("dtlearn-num");
    }
  }

  // a table's "3-way" test cell also shows its branches: on hover and as a line below
  function showConditions(container, conditions) {
    for (const row of container.querySelectorAll("tbody tr")) {
      const cells = row.querySelectorAll("td");
      if (cells.length < 2 || !/^\d+-way\b/.test(cells[1].textContent.trim())) continue;
      const branches = conditions[cells[0].textContent.trim()];
      if (!branches) continue;
      cells[1].title = branches.join(" | ");
      const head = document.createElement("span");  // "2-way" must not break at its hyphen
      head.className = "dtlearn-short";
      head.textContent = cells[1].textContent.trim();
      cells[1].textContent = "";
      cells[1].appendChild(head);
      const list = document.createElement("div");
      list.className = "dtlearn-tv-conds";
      list.textContent = branches.join(" \u00b7 ");
      cells[1].appendChild(list);
    }
  }

  function showPanel() {
    const data = model.get("data") || {};
    const id = model.get("selected");
    const node = (data.nodes || []).find((n) => n.id === id);
    panel.replaceChildren();
    if (!node) {
      const hint = document.createElement("p");
      hint.className = "dtlearn-tv-hint";
      hint.textContent = "Click a node (or Tab to it and press Enter) to see how it was chosen.";
      panel.appendChild(hint);
      return;
    }
    const box = document.createElement("div");
    box.className = "dtlearn-tv-explanation";
    box.dataset.nodeId = String(node.id);
    const title = document.createElement("p");
    title.className = "dtlearn-tv-title";
    title.textContent = node.label; // the full name, never cut
    box.appendChild(title);
    const inner = document.createElement("div");
    // the explanation comes from the kernel when a node is selected (model "detail")
    const detail = model.get("detail") || {};
    const explanation = node.explanation || (detail.id === node.id ? detail : null);
    if (explanation && explanation.html) inner.innerHTML = explanation.html;
    else inner.textContent = `node ${node.id}: ${node.summary}; ${node.impurity_text}`;
    if (!explanation) box.className = "dtlearn-tv-pending"; // until the kernel answers
    box.appendChild(inner);
    markNumbers(box);
    if (explanation) showConditions(box, explanation.conditions || {});
    panel.appendChild(box);
  }

  function updateStates() {
    const lit = new Set(model.get("highlight") || []);
    const selected = model.get("selected");
    for (const group of canvas.querySelectorAll(".dtlearn-tv-node")) {
      const id = Number(group.dataset.nodeId);
      group.classList.toggle("is-selected", id === selected);
      group.classList.toggle("is-highlighted", lit.has(id));
      group.setAttribute("aria-selected", id === selected ? "true" : "false");
    }
    subtree.disabled = selected === null || selected === undefined;
    showPanel();
  }

  function nodeLabel(n, lit) {
    return `${lit ? "on path, " : ""}${n.label}; ${n.summary}; ${n.impurity_text}` +
      ((n.branches || []).length ? `; branches ${n.branches.join(", ")}` : "") +
      (n.open ? "; open leaf" : "") +
      (n.collapsed ? `; folded, ${n.stub} hidden` : "") +
      (!n.is_leaf && !n.collapsed ? "; minus folds the subtree" : "") +
      (n.collapsed ? "; plus unfolds it" : "");
  }

  function draw() {
    const t0 = performance.now();
    const data = model.get("data") || {};
    // a node keeps the keyboard focus across redraws; a toolbar button keeps its own
    const active = document.activeElement;
    const hadFocus = keepFocus || !!(active && active.closest && canvas.contains(active) &&
      active.closest(".dtlearn-tv-node"));
    canvas.replaceChildren();
    nodesById = new Map();
    childrenOf = new Map();
    parentOf = new Map();
    picture = null;
    if (!data.nodes || !data.nodes.length) {
      canvas.textContent = "(no tree yet)";
      updateStates();
      return;
    }
    const g = data.geometry;
    const w = g.node_width;
    const h = g.node_height;
    const line = g.line_height || 14;
    const lit = new Set(model.get("highlight") || []);
    for (const n of data.nodes) nodesById.set(n.id, n);
    for (const e of data.edges) {
      if (!childrenOf.has(e.parent)) childrenOf.set(e.parent, []);
      childrenOf.get(e.parent).push(e.child);
      parentOf.set(e.child, e.parent);
    }
    picture = svg("svg", {
      viewBox: `0 0 ${g.width} ${g.height}`, width: g.width, height: g.height,
      class: "dtlearn-tv-svg", role: "tree",
      "aria-label": `decision tree of ${data.target_name}: ${data.n_leaves} leaves, depth ${data.depth}`,
    });
    const edgeLayer = svg("g", { class: "dtlearn-tv-edges", "aria-hidden": "true" });
    const labelLayer = svg("g", { class: "dtlearn-tv-labels", "aria-hidden": "true" });
    picture.appendChild(edgeLayer);
    for (const e of data.edges) {
      const a = nodesById.get(e.parent);
      const b = nodesById.get(e.child);
      const onPath = lit.has(e.parent) && lit.has(e.child);
      const x1 = a.px + w / 2, y1 = a.py + h, x2 = b.px + w / 2, y2 = b.py;
      edgeLayer.appendChild(svg("line", {
        x1, y1, x2, y2, class: "dtlearn-tv-edge" + (onPath ? " is-path" : ""),
      }));
      // the branch label (box placed in Python, beside the edge above the child) on a
      // halo: drawn after every edge, so no edge crosses it
      if (!e.box) continue;
      const [bx0, by0, bx1, by1] = e.box;
      const label = svg("g", { class: "dtlearn-tv-branch" + (onPath ? " is-path" : "") });
      label.appendChild(svg("title", {}, e.condition));
      label.appendChild(svg("rect", { x: bx0, y: by0, width: bx1 - bx0, height: by1 - by0, rx: 3, class: "dtlearn-tv-halo" }));
      label.appendChild(svg("text", { x: e.tx, y: e.ty, "text-anchor": e.anchor, class: "dtlearn-tv-condition" }, e.label));
      labelLayer.appendChild(label);
    }
    picture.appendChild(labelLayer);
    for (const n of data.nodes) {
      const classes = ["dtlearn-tv-node"];
      if (n.is_leaf) classes.push("is-leaf");
      if (n.open) classes.push("is-open");
      if (n.collapsed) classes.push("is-collapsed");
      const foldable = !n.is_leaf || n.collapsed;
      const group = svg("g", {
        class: classes.join(" "), tabindex: -1, role: "treeitem",
        "data-node-id": n.id, transform: `translate(${n.px},${n.py})`,
        "aria-label": nodeLabel(n, lit.has(n.id)),
      });
      if (foldable) group.setAttribute("aria-expanded", n.collapsed ? "false" : "true");
      const branches = (n.branches || []).length ? `\nbranches: ${n.branches.join(" | ")}` : "";
      group.appendChild(svg("title", {}, `${n.label}\n${n.summary}\n${n.impurity_text}${branches}`));
      group.appendChild(svg("rect", { x: -5, y: -5, width: w + 10, height: h + 10, rx: 9, class: "dtlearn-tv-ring" }));
      group.appendChild(svg("rect", { width: w, height: h, rx: 6, class: "dtlearn-tv-box" }));
      let y = 15;
      for (const text of n.label_lines || [n.label]) {
        group.appendChild(svg("text", { x: w / 2, y, "text-anchor": "middle", class: "dtlearn-tv-label" }, text));
        y += line;
      }
      for (const text of n.summary_lines || [n.summary]) {
        group.appendChild(svg("text", { x: w / 2, y, "text-anchor": "middle", class: "dtlearn-tv-summary" }, text));
        y += line;
      }
      group.appendChild(svg("text", { x: w / 2, y, "text-anchor": "middle", class: "dtlearn-tv-impurity" }, n.impurity_text));
      if (n.counts) {
        const total = n.counts.reduce((s, c) => s + c, 0) || 1;
        let left = 8;
        n.counts.forEach((c, k) => {
          const width = (w - 16) * c / total;
          if (width > 0) {
            const bar = svg("rect", { x: left, y: h - 13, width, height: 7, fill: data.colours[k], class: "dtlearn-tv-bar" });
            bar.appendChild(svg("title", {}, `${data.classes[k]}: ${c}`));
            group.appendChild(bar);
          }
          left += width;
        });
      }
      if (foldable) {
        // the toggle has its own corner: label lines keep 22 px clear on both sides
        const sign = svg("g", { class: "dtlearn-tv-toggle", "data-toggle": n.id, "aria-hidden": "true" });
        sign.appendChild(svg("rect", { x: w - 19, y: 3, width: 16, height: 16, rx: 3, class: "dtlearn-tv-toggle-box" }));
        sign.appendChild(svg("text", { x: w - 11, y: 15, "text-anchor": "middle" }, n.collapsed ? "+" : "\u2212"));
        sign.appendChild(svg("title", {}, n.collapsed ? "unfold the subtree (+)" : "fold the subtree (\u2212)"));
        sign.addEventListener("click", (event) => { event.stopPropagation(); toggle(n.id); });
        group.appendChild(sign);
      }
      if (n.stub) {
        // the folded subtree's stub: a click opens it (the node's "+" key does too)
        const sw = n.stub.length * 6.4 + 16;
        const sy = h + (g.stub_gap || 10);
        const stub = svg("g", { class: "dtlearn-tv-stub", "data-stub": n.id, "aria-hidden": "true" });
        stub.appendChild(svg("line", { x1: w / 2, y1: h, x2: w / 2, y2: sy, class: "dtlearn-tv-stub-line" }));
        stub.appendChild(svg("rect", { x: (w - sw) / 2, y: sy, width: sw, height: g.stub_height || 18, rx: 9, class: "dtlearn-tv-stub-box" }));
        stub.appendChild(svg("text", { x: w / 2, y: sy + 13, "text-anchor": "middle" }, n.stub));
        stub.appendChild(svg("title", {}, `unfold: ${n.stub} hidden (+)`));
        stub.addEventListener("click", (event) => { event.stopPropagation(); toggle(n.id); });
        group.appendChild(stub);
      }
      group.addEventListener("click", () => {
        focusNode(n.id);
        send("selected", n.id);
      });
      group.addEventListener("dblclick", () => { if (foldable) toggle(n.id); });
      picture.appendChild(group);
    }
    canvas.appendChild(picture);
    // roving tabindex: one node of the tree is in the Tab order
    if (focusedId === null || !nodesById.has(focusedId)) {
      const sel = model.get("selected");
      focusedId = nodesById.has(sel) ? sel : data.nodes[0].id;
    }
    const current = canvas.querySelector(`[data-node-id="${focusedId}"]`);
    if (current) current.setAttribute("tabindex", "0");
    // the canvas is as wide as the drawing, at most the row; the panel sits beside it when
    // there is room and below it otherwise
    if (fitMode) {
      foldAsked = false;
      applyScale(Math.max(readableScale(), fitScale()), 0, 0);
    } else if (firstDraw) applyScale(startScale(), 0, 0);
    else applyScale(scale);
    firstDraw = false;
    updateStates();
    revealTarget();
    if (hadFocus) focusNode(focusedId);
    keepFocus = false;
    root.dataset.drawMs = (performance.now() - t0).toFixed(1);
  }

  function moveFocus(from, key) {
    const n = nodesById.get(from);
    if (!n) return null;
    if (key === "ArrowUp") return parentOf.has(from) ? parentOf.get(from) : null;
    if (key === "ArrowDown") {
      const kids = childrenOf.get(from) || [];
      return kids.length ? kids[Math.floor((kids.length - 1) / 2)] : null;
    }
    if (key === "Home") return (model.get("data").nodes[0] || {}).id;
    // left/right: the nearest node on the same level
    const level = [...nodesById.values()].filter((m) => m.y === n.y).sort((a, b) => a.x - b.x);
    const at = level.findIndex((m) => m.id === from);
    const next = level[at + (key === "ArrowRight" ? 1 : -1)];
    return next ? next.id : null;
  }

  function setRoving(id) {
    for (const g of canvas.querySelectorAll(".dtlearn-tv-node[tabindex='0']")) g.setAttribute("tabindex", "-1");
    const target = canvas.querySelector(`[data-node-id="${id}"]`);
    if (target) target.setAttribute("tabindex", "0");
  }

  // one keyboard handler for the whole widget; every key stops here
  root.addEventListener("keydown", (event) => {
    event.stopPropagation();
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const nodeEl = event.target.closest ? event.target.closest(".dtlearn-tv-node") : null;
    const id = nodeEl ? Number(nodeEl.dataset.nodeId) : null;
    const key = event.key;
    let handled = true;
    if (nodeEl && (key === "Enter" || key === " ")) {
      keepFocus = true;
      focusedId = id;
      send("selected", id);
    } else if (nodeEl && (key === "-" || key === "+" || key === "=")) {
      const n = nodesById.get(id);
      if (n && key === "-" && !n.is_leaf && !n.collapsed) toggle(id);
      else if (n && key !== "-" && n.collapsed) toggle(id);
    } else if (event.shiftKey && key.startsWith("Arrow")) {
      const step = 60;
      if (key === "ArrowLeft") canvas.scrollLeft -= step;
      if (key === "ArrowRight") canvas.scrollLeft += step;
      if (key === "ArrowUp") canvas.scrollTop -= step;
      if (key === "ArrowDown") canvas.scrollTop += step;
    } else if (nodeEl && (key.startsWith("Arrow") || key === "Home")) {
      const next = moveFocus(id, key);
      if (next !== null && next !== undefined) {
        setRoving(next);
        focusNode(next);
      }
    } else if (!nodeEl && event.target === canvas && key.startsWith("Arrow")) {
      const first = canvas.querySelector(".dtlearn-tv-node[tabindex='0']");
      if (first) focusNode(Number(first.dataset.nodeId));
    } else if (key === "]") zoom(1.25);
    else if (key === "[") zoom(0.8);
    else if (key === "f") fit();
    else if (key === "1") { fitMode = false; applyScale(readableScale()); }
    else if (key === "p") togglePresenter();
    else if (key === "s") zoomToSubtree(model.get("selected") ?? focusedId);
    else if (key === "u") send("collapsed", []);
    else if (key === "o") model.send({ fold: "fit" });
    else handled = false;
    if (handled) event.preventDefault();
  });
  // keyup/keypress too: nothing inside the widget reaches the notebook
  root.addEventListener("keyup", (event) => event.stopPropagation());
  root.addEventListener("keypress", (event) => event.stopPropagation());

  canvas.addEventListener("focusin", (event) => {
    const nodeEl = event.target.closest ? event.target.closest(".dtlearn-tv-node") : null;
    if (nodeEl) {
      focusedId = Number(nodeEl.dataset.nodeId);
      setRoving(focusedId);
    }
  });

  zoomIn.addEventListener("click", () => zoom(1.25));
  zoomOut.addEventListener("click", () => zoom(0.8));
  fitButton.addEventListener("click", () => fit());
  actual.addEventListener("click", () => { fitMode = false; applyScale(readableScale()); });
  presenter.addEventListener("click", togglePresenter);
  subtree.addEventListener("click", () => zoomToSubtree(model.get("selected")));
  unfoldAll.addEventListener("click", () => send("collapsed", []));
  foldFit.addEventListener("click", () => model.send({ fold: "fit" }));

  // ctrl/cmd + wheel zooms at the pointer; the plain wheel scrolls (pans) natively
  canvas.addEventListener("wheel", (event) => {
    if (!(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    const r = canvas.getBoundingClientRect();
    zoom(event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - r.left, event.clientY - r.top);
  }, { passive: false });

  // drag the background to pan
  let drag = null;
  canvas.addEventListener("pointerdown", (event) => {
    if (event.button !== 0 || event.target.closest(".dtlearn-tv-node")) return;
    drag = { x: event.clientX, y: event.clientY, left: canvas.scrollLeft, top: canvas.scrollTop };
    canvas.classList.add("is-panning");
  });
  const onMove = (event) => {
    if (!drag) return;
    canvas.scrollLeft = drag.left - (event.clientX - drag.x);
    canvas.scrollTop = drag.top - (event.clientY - drag.y);
  };
  window.addEventListener("pointermove", onMove);
  const endDrag = () => { drag = null; canvas.classList.remove("is-panning"); };
  window.addEventListener("pointerup", endDrag);

  function togglePresenter() {
    send("font_scale", fontScale() > 1 ? 1 : PRESENTER_SCALE);
  }

  function onFontScale() {
    applyPresenter();
    if (!picture) return;
    fitMode = false;
    applyScale(readableScale(), 0, 0);
    revealTarget();
  }

  // a view drawn before it was attached had no width: once it has one, fit or reveal
  const resize = new ResizeObserver(() => {
    if (!picture) return;
    if (fitMode) applyScale(Math.max(readableScale(), fitScale()), 0, 0);
    revealTarget();
  });
  resize.observe(canvas);

  // the kernel restarting or dying ends this view's link for good (a re-run makes a new
  // one); ipywidgets marks its own views with a class, not an anywidget's, so the
  // kernel's status is watched too
  let gone = false;
  const showLink = () => {
    gone = gone || el.classList.contains("jupyter-widgets-disconnected") ||
      !!el.closest(".jupyter-widgets-disconnected");
    banner.hidden = !gone;
    root.classList.toggle("is-disconnected", gone);
  };
  const onStatus = (_, status) => {
    if (status === "restarting" || status === "autorestarting" || status === "dead") {
      gone = true;
      showLink();
    }
  };
  const kernel = model.widget_manager && model.widget_manager.kernel;
  if (kernel && kernel.statusChanged) kernel.statusChanged.connect(onStatus);
  const watchLink = new MutationObserver(showLink);
  watchLink.observe(el, { attributes: true, attributeFilter: ["class"] });
  model.on("comm_live_update", showLink);
  showLink();

  model.on("change:data", draw);
  model.on("change:selected", updateStates);
  model.on("change:detail", showPanel);
  model.on("change:highlight", draw);
  model.on("change:font_scale", onFontScale);
  applyPresenter();
  draw();
  return () => {
    resize.disconnect();
    watchLink.disconnect();
    if (kernel && kernel.statusChanged) kernel.statusChanged.disconnect(onStatus);
    model.off("comm_live_update", showLink);
    window.removeEventListener("pointerup", endDrag);
    window.removeEventListener("pointermove", onMove);
    model.off("change:data", draw);
    model.off("change:selected", updateStates);
    model.off("change:detail", showPanel);
    model.off("change:highlight", draw);
    model.off("change:font_scale", onFontScale);
  };
}

export default { render };
