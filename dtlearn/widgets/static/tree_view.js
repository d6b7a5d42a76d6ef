// dtlearn TreeView: draws the JSON made by dtlearn.drawing.layout.tree_view_data.
// Positions, box sizes and wrapped lines come from Python; this file draws them, fits the
// drawing to the available width, zooms and pans, and sends clicks back. Its maths (scale,
// fit, zoom floor, scrolling, keyboard moves, node text) are the pure functions of
// tree_view_math.js, which Python puts in front of this file as one module (anywidget
// loads one ES module per widget, there is no bundler); the view constants come from
// Python in the model's "constants".
// Keys pressed inside the widget belong to the widget: JupyterLab's notebook shortcuts
// (ArrowDown, "d d", Enter, ...) are suppressed with Lumino's data-lm-suppress-shortcuts
// attribute and by stopping the events here.
// Plain ES module, no dependencies, no network.

const SVG_NS = "http://www.w3.org/2000/svg";
// node text is never drawn below the readable size (13 px, x font_scale in presenter mode):
// zoom stops there; a tree too wide for that folds its deep levels
// (dtlearn.drawing.layout.fold_to_fit) or scrolls sideways with a visible cue, the root and
// the selected node kept in view

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

// ------------------------------------------------------------------ the widget's parts
function buildToolbar() {
  const bar = document.createElement("div");
  bar.className = "dtlearn-tv-toolbar";
  bar.setAttribute("role", "toolbar");
  bar.setAttribute("aria-label", "tree view: zoom and pan");
  const b = {
    zoomOut: button("\u2212", "zoom out", "["),
    zoomIn: button("+", "zoom in", "]"),
    fit: button("fit", "fit the tree to the width", "f"),
    actual: button("1:1", "actual size", "1"),
    subtree: button("subtree", "zoom to the selected node's subtree", "s"),
    unfoldAll: button("unfold all", "unfold every folded subtree", "u"),
    foldFit: button("fold deep levels", "fold the deep levels until the tree fits", "o"),
    presenter: button("presenter", "presenter mode: larger text for a projector", "p"),
  };
  b.presenter.setAttribute("aria-pressed", "false");
  const zoomText = document.createElement("span");
  zoomText.className = "dtlearn-tv-zoom";
  zoomText.setAttribute("aria-live", "polite");
  // shown only when the drawing is wider than its canvas (with the shaded edges)
  const cue = document.createElement("span");
  cue.className = "dtlearn-tv-cue";
  cue.hidden = true;
  cue.textContent = "\u21c6 wider than the view: drag, or scroll sideways";
  bar.append(...Object.values(b), zoomText, cue);
  return { bar, buttons: b, zoomText, cue };
}

function buildBanner() {
  // shown when the kernel is gone: the drawing stays, nothing it sends is heard any more
  const banner = document.createElement("div");
  banner.className = "dtlearn-tv-disconnected";
  banner.setAttribute("role", "status");
  banner.hidden = true;
  banner.textContent = "Disconnected from the kernel \u2014 re-run the cell to use this tree " +
    "again (the drawing below still reads, but clicks, folding and explanations need the kernel).";
  return banner;
}

function buildCanvas() {
  const canvas = document.createElement("div");
  canvas.className = "dtlearn-tv-canvas";
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "group");
  canvas.setAttribute("aria-label",
    "tree drawing: Tab to a node, arrow keys move between nodes, Enter explains it, " +
    "minus folds and plus unfolds its subtree; u unfolds all, o folds deep levels; " +
    "[ and ] zoom, f fits, shift+arrows pan");
  return canvas;
}

function buildPanelBox() {
  const panel = document.createElement("div");
  panel.className = "dtlearn-tv-panel";
  panel.setAttribute("aria-live", "polite");
  panel.setAttribute("role", "region");
  panel.setAttribute("aria-label", "explanation of the selected node");
  panel.tabIndex = 0; // scrollable: reachable by keyboard
  return panel;
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

// the side panel's content for `node` (or the hint when nothing is selected)
function fillPanel(panel, node, detail) {
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
  const explanation = node.explanation || (detail && detail.id === node.id ? detail : null);
  if (explanation && explanation.html) inner.innerHTML = explanation.html;
  else inner.textContent = `node ${node.id}: ${node.summary}; ${node.impurity_text}`;
  if (!explanation) box.className = "dtlearn-tv-pending"; // until the kernel answers
  box.appendChild(inner);
  markNumbers(box);
  if (explanation) showConditions(box, explanation.conditions || {});
  panel.appendChild(box);
}

function drawEdges(picture, data, nodesById, lit) {
  const g = data.geometry;
  const edgeLayer = svg("g", { class: "dtlearn-tv-edges", "aria-hidden": "true" });
  const labelLayer = svg("g", { class: "dtlearn-tv-labels", "aria-hidden": "true" });
  picture.appendChild(edgeLayer);
  for (const e of data.edges) {
    const a = nodesById.get(e.parent);
    const b = nodesById.get(e.child);
    const onPath = lit.has(e.parent) && lit.has(e.child);
    const x1 = a.px + g.node_width / 2, y1 = a.py + g.node_height;
    const x2 = b.px + g.node_width / 2, y2 = b.py;
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
}

// one node's group; `onToggle(id)` folds/unfolds, `onSelect(id)` selects
function drawNode(n, data, lit, onToggle, onSelect) {
  const g = data.geometry;
  const w = g.node_width, h = g.node_height, line = g.line_height || 14;
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
    sign.addEventListener("click", (event) => { event.stopPropagation(); onToggle(n.id); });
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
    stub.addEventListener("click", (event) => { event.stopPropagation(); onToggle(n.id); });
    group.appendChild(stub);
  }
  group.addEventListener("click", () => onSelect(n.id));
  group.addEventListener("dblclick", () => { if (foldable) onToggle(n.id); });
  return group;
}

// the whole drawing as one <svg>
function drawPicture(data, nodesById, lit, onToggle, onSelect) {
  const g = data.geometry;
  const picture = svg("svg", {
    viewBox: `0 0 ${g.width} ${g.height}`, width: g.width, height: g.height,
    class: "dtlearn-tv-svg", role: "tree",
    "aria-label": `decision tree of ${data.target_name}: ${data.n_leaves} leaves, depth ${data.depth}`,
  });
  drawEdges(picture, data, nodesById, lit);
  for (const n of data.nodes) picture.appendChild(drawNode(n, data, lit, onToggle, onSelect));
  return picture;
}

// the path from the root to the selected node, each step a button that scrolls to it
function fillPath(line, labels, ids, onGo) {
  line.replaceChildren();
  if (ids.length < 2) { line.hidden = true; return; }
  line.hidden = false;
  line.append("path: ");
  labels.forEach((text, i) => {
    if (i) line.append(" \u203a ");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.title = i === 0 ? "show the root" : "show this node";
    b.addEventListener("click", () => onGo(ids[i]));
    line.appendChild(b);
  });
}

// ------------------------------------------------------------------ the widget
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "dtlearn-treeview";
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const { bar: toolbar, buttons, zoomText, cue } = buildToolbar();
  const banner = buildBanner();
  const pathLine = document.createElement("div");
  pathLine.className = "dtlearn-tv-path";
  pathLine.hidden = true;
  const body = document.createElement("div");
  body.className = "dtlearn-tv-body";
  const canvas = buildCanvas();
  const panel = buildPanelBox();
  body.append(canvas, panel);
  root.append(banner, toolbar, pathLine, body);
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

  // the kernel sends the data as one JSON text (a dict only if it holds a NaN): parsed once
  // and `pruned` (the nodes a pruned state makes leaves) applied here, so stepping
  // through the pruned states of one tree sends a list of ids, not the tree again
  let rawData = null;
  let rawPruned = null;
  let wholeData = {};
  let parsedData = {};
  const data = () => {
    const raw = model.get("data");
    const pruned = model.get("pruned");
    if (raw !== rawData || pruned !== rawPruned) {
      if (raw !== rawData) wholeData = (typeof raw === "string" ? JSON.parse(raw) : raw) || {};
      rawData = raw;
      rawPruned = pruned;
      parsedData = prunedView(wholeData, pruned);
    }
    return parsedData;
  };
  const consts = () => model.get("constants");
  const fontScale = () => {
    const f = Number(model.get("font_scale"));
    return f > 0 ? f : 1;
  };
  const readable = () => readableScale(fontScale(), consts());
  const size = () => {
    const g = data().geometry;
    return g ? { w: g.width, h: g.height } : { w: 1, h: 1 };
  };
  // the width the canvas may take: the row the widget sits in
  const availWidth = () => Math.max(120, (root.clientWidth || canvas.clientWidth) - 4);
  const viewBox = () => ({ left: canvas.scrollLeft, top: canvas.scrollTop,
    width: canvas.clientWidth, height: canvas.clientHeight });

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

  function applyPresenter() {
    const f = fontScale();
    root.style.setProperty("--dtlearn-font-scale", String(f));
    root.classList.toggle("is-presenter", f > 1);
    buttons.presenter.setAttribute("aria-pressed", f > 1 ? "true" : "false");
    root.dataset.minFontPx = (consts().readable_px * f).toFixed(1);
  }

  function showCue() {
    const more = overflowCue(canvas.scrollLeft, canvas.scrollWidth, canvas.clientWidth);
    canvas.classList.toggle("is-more-left", more.left);
    canvas.classList.toggle("is-more-right", more.right);
    cue.hidden = !(more.left || more.right);
  }

  function applyScale(next, focusX, focusY) {
    if (!picture) return;
    next = clampScale(next, fontScale(), consts());
    // keep the point under (focusX, focusY) (canvas coordinates) in place
    const fx = focusX === undefined ? canvas.clientWidth / 2 : focusX;
    const fy = focusY === undefined ? canvas.clientHeight / 2 : focusY;
    const kept = zoomScroll(viewBox(), scale, next, fx, fy);
    scale = next;
    const { w, h } = size();
    // rounded up: text is never drawn a fraction of a pixel below the readable size
    picture.setAttribute("width", String(Math.ceil(w * scale)));
    picture.setAttribute("height", String(Math.ceil(h * scale)));
    // the canvas is as wide as the drawing at this scale, at most the row
    canvas.style.width = `${Math.ceil(w * scale) + 2}px`;
    canvas.scrollLeft = kept.left;
    canvas.scrollTop = kept.top;
    zoomText.textContent = `${Math.round(scale * 100)} %`;
    root.dataset.scale = scale.toFixed(4);
    buttons.zoomOut.disabled = scale <= readable() + 1e-9; // the floor: readable text
    showCue();
  }

  function zoom(factor, fx, fy) {
    fitMode = false;
    applyScale(scale * factor, fx, fy);
  }

  // fit the width without making text unreadable: a tree too wide for that has its deep
  // levels folded by the kernel (the width it may take is sent along) and is fitted then
  function fit(ask = true) {
    fitMode = true;
    if (ask && needsFold(availWidth(), size().w, fontScale(), consts()) && !foldAsked) {
      foldAsked = true;
      model.send({ fold: "fit", width: Math.floor(availWidth() / readable()) });
      // nothing left to fold (or no kernel): fit what is there at the readable size
      setTimeout(() => { if (foldAsked) { foldAsked = false; fit(false); } }, 1500);
      return;
    }
    applyScale(fitScale(availWidth(), size().w, fontScale(), consts()), 0, 0);
    canvas.scrollLeft = 0;
    canvas.scrollTop = 0;
    revealTarget();
  }

  // the node the reader is looking at: the selected one, else the root
  function targetId() {
    const sel = model.get("selected");
    if (sel !== null && sel !== undefined && nodesById.has(sel)) return sel;
    const nodes = data().nodes;
    return nodes && nodes.length ? nodes[0].id : null;
  }

  // whenever the tree changes (or the canvas gets its size) the root and the selected
  // node are scrolled into view (the selected one with its path when both do not fit)
  function revealTarget() {
    const d = data();
    const id = targetId();
    if (id === null || !d.geometry || !canvas.clientWidth) return;
    const next = revealScroll(viewBox(), d.nodes[0], nodesById.get(id), d.geometry, scale);
    canvas.scrollLeft = next.left;
    canvas.scrollTop = next.top;
    showCue();
  }

  function zoomToSubtree(id) {
    if (id === null || id === undefined || !nodesById.has(id)) return;
    const d = data();
    const nodes = descendants(childrenOf, id).map((i) => nodesById.get(i));
    fitMode = false;
    const v = subtreeView(nodes, nodesById.get(id), d.geometry, canvas.clientWidth,
      fontScale(), consts());
    applyScale(v.scale, 0, 0);
    canvas.scrollLeft = v.left;
    canvas.scrollTop = v.top;
    showCue();
  }

  // a node reached by keyboard (or the path line) is scrolled into view
  function keepVisible(id) {
    const n = nodesById.get(id);
    const g = data().geometry;
    if (!n || !g) return;
    const box = nodeBox(n, g, scale);
    if (box.left < canvas.scrollLeft || box.right > canvas.scrollLeft + canvas.clientWidth) {
      canvas.scrollLeft = (box.left + box.right) / 2 - canvas.clientWidth / 2;
    }
    if (box.top < canvas.scrollTop || box.bottom > canvas.scrollTop + canvas.clientHeight) {
      canvas.scrollTop = (box.top + box.bottom) / 2 - canvas.clientHeight / 2;
    }
    showCue();
  }

  function focusNode(id) {
    const target = canvas.querySelector(`[data-node-id="${id}"]`);
    if (!target) return false;
    focusedId = id;
    target.focus({ preventScroll: true });
    keepVisible(id);
    return true;
  }

  function showPanel() {
    const d = data();
    const id = model.get("selected");
    fillPanel(panel, (d.nodes || []).find((n) => n.id === id), model.get("detail"));
  }

  function showPath() {
    const sel = model.get("selected");
    const ids = nodesById.has(sel) ? pathTo(parentOf, sel) : [];
    fillPath(pathLine, pathText(nodesById, data().edges, ids), ids, (id) => keepVisible(id));
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
    buttons.subtree.disabled = selected === null || selected === undefined;
    showPanel();
    showPath();
  }

  function onSelected() {
    updateStates();
    revealTarget();
  }

  function draw() {
    const t0 = performance.now();
    const d = data();
    // a node keeps the keyboard focus across redraws; a toolbar button keeps its own
    const active = document.activeElement;
    const hadFocus = keepFocus || !!(active && active.closest && canvas.contains(active) &&
      active.closest(".dtlearn-tv-node"));
    canvas.replaceChildren();
    picture = null;
    nodesById = new Map((d.nodes || []).map((n) => [n.id, n]));
    ({ childrenOf, parentOf } = links(d.edges));
    if (!d.nodes || !d.nodes.length) {
      canvas.textContent = "(no tree yet)";
      updateStates();
      return;
    }
    const lit = new Set(model.get("highlight") || []);
    picture = drawPicture(d, nodesById, lit, toggle, (id) => {
      focusNode(id);
      send("selected", id);
    });
    canvas.appendChild(picture);
    // roving tabindex: one node of the tree is in the Tab order
    if (focusedId === null || !nodesById.has(focusedId)) {
      const sel = model.get("selected");
      focusedId = nodesById.has(sel) ? sel : d.nodes[0].id;
    }
    const current = canvas.querySelector(`[data-node-id="${focusedId}"]`);
    if (current) current.setAttribute("tabindex", "0");
    // the canvas is as wide as the drawing, at most the row; the panel sits beside it when
    // there is room and below it otherwise
    if (fitMode) {
      foldAsked = false;
      applyScale(fitScale(availWidth(), size().w, fontScale(), consts()), 0, 0);
    } else if (firstDraw) applyScale(readable(), 0, 0);
    else applyScale(scale);
    firstDraw = false;
    updateStates();
    revealTarget();
    if (hadFocus) focusNode(focusedId);
    keepFocus = false;
    root.dataset.drawMs = (performance.now() - t0).toFixed(1);
  }

  function setRoving(id) {
    for (const g of canvas.querySelectorAll(".dtlearn-tv-node[tabindex='0']")) g.setAttribute("tabindex", "-1");
    const target = canvas.querySelector(`[data-node-id="${id}"]`);
    if (target) target.setAttribute("tabindex", "0");
  }

  function actualSize() {
    fitMode = false;
    applyScale(readable());
  }

  function togglePresenter() {
    send("font_scale", fontScale() > 1 ? 1 : consts().presenter_scale);
  }

  // one keyboard handler for the whole widget; every key stops here
  function onKey(event) {
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
      const next = moveFocus(data().nodes || [], childrenOf, parentOf, id, key);
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
    else if (key === "1") actualSize();
    else if (key === "p") togglePresenter();
    else if (key === "s") zoomToSubtree(model.get("selected") ?? focusedId);
    else if (key === "u") send("collapsed", []);
    else if (key === "o") model.send({ fold: "fit" });
    else handled = false;
    if (handled) event.preventDefault();
  }
  root.addEventListener("keydown", onKey);
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
  canvas.addEventListener("scroll", showCue, { passive: true });

  buttons.zoomIn.addEventListener("click", () => zoom(1.25));
  buttons.zoomOut.addEventListener("click", () => zoom(0.8));
  buttons.fit.addEventListener("click", () => fit());
  buttons.actual.addEventListener("click", actualSize);
  buttons.presenter.addEventListener("click", togglePresenter);
  buttons.subtree.addEventListener("click", () => zoomToSubtree(model.get("selected")));
  buttons.unfoldAll.addEventListener("click", () => send("collapsed", []));
  buttons.foldFit.addEventListener("click", () => model.send({ fold: "fit" }));

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

  function onFontScale() {
    applyPresenter();
    if (!picture) return;
    fitMode = false;
    applyScale(readable(), 0, 0);
    revealTarget();
  }

  // a view drawn before it was attached had no width: once it has one, fit or reveal
  const resize = new ResizeObserver(() => {
    if (!picture) return;
    if (fitMode) applyScale(fitScale(availWidth(), size().w, fontScale(), consts()), 0, 0);
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

  // a step changes data, pruned and highlight in one message: one drawing, not three
  let drawQueued = false;
  const redraw = () => {
    if (drawQueued) return;
    drawQueued = true;
    queueMicrotask(() => { drawQueued = false; draw(); });
  };
  model.on("change:data", redraw);
  model.on("change:selected", onSelected);
  model.on("change:detail", showPanel);
  model.on("change:highlight", redraw);
  model.on("change:pruned", redraw);
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
    model.off("change:data", redraw);
    model.off("change:selected", onSelected);
    model.off("change:detail", showPanel);
    model.off("change:highlight", redraw);
    model.off("change:pruned", redraw);
    model.off("change:font_scale", onFontScale);
  };
}

export default { render };
