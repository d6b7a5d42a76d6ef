// dtlearn TreeView: the pure parts (no DOM), unit-tested with `node --test` (tests/js/).
// Scale, fit, zoom floor, what to scroll to, the sideways-scroll cue, keyboard moves and
// the text of a node. The view constants (text sizes, zoom limits) come from Python
// (TreeView.constants): every function that needs them takes them as `c`.
// Plain ES module, no dependencies, no network.

export const NUMBER = /^[-+\u2212]?(\d[\d,]*)?(\.\d+)?(e[-+]?\d+)?%?$/i;

// the smallest scale at which node text is readable (13 px; 18 px in presenter mode):
// the drawing's text is c.drawing_px at scale 1
export function readableScale(fontScale, c) {
  const f = fontScale > 0 ? fontScale : 1;
  return (c.readable_px * f) / c.drawing_px;
}

// the zoom range: never below the readable size, never above c.max_scale
export function clampScale(next, fontScale, c) {
  const floor = readableScale(fontScale, c);
  return Math.max(floor, Math.min(Math.max(c.max_scale, floor), next));
}

// "fit": the width available, but text never below the readable size and a small tree not
// blown up past 1.25 x readable
export function fitScale(available, drawingWidth, fontScale, c) {
  const readable = readableScale(fontScale, c);
  return Math.max(readable, Math.min(readable * 1.25, available / Math.max(1, drawingWidth)));
}

// whether the kernel should fold deep levels before "fit": the tree is wider than the
// available width at the readable size
export function needsFold(available, drawingWidth, fontScale, c) {
  return available / Math.max(1, drawingWidth) < readableScale(fontScale, c);
}

// scroll offsets that keep the drawing point under (fx, fy) in place when the scale changes
export function zoomScroll(view, oldScale, newScale, fx, fy) {
  const lx = (view.left + fx) / oldScale;
  const ly = (view.top + fy) / oldScale;
  return { left: lx * newScale - fx, top: ly * newScale - fy };
}

// a node's box on screen (canvas px) at `scale`
export function nodeBox(n, g, scale) {
  return { left: n.px * scale, right: (n.px + g.node_width) * scale,
    top: n.py * scale, bottom: (n.py + g.node_height) * scale };
}

function inside(box, view, pad) {
  return box.left >= view.left - pad && box.right <= view.left + view.width + pad &&
    box.top >= view.top - pad && box.bottom <= view.top + view.height + pad;
}

// Where to scroll so the reader sees the root and the node being looked at (`target`):
// both when they fit the canvas together, else the target with as much of its path above
// it as fits. `view` = {left, top, width, height} (the canvas's scroll box); returns the new
// {left, top} (unchanged when both are already in view).
export function revealScroll(view, root, target, g, scale) {
  const r = nodeBox(root, g, scale);
  const t = nodeBox(target || root, g, scale);
  const u = { left: Math.min(r.left, t.left), right: Math.max(r.right, t.right),
    top: Math.min(r.top, t.top), bottom: Math.max(r.bottom, t.bottom) };
  const pad = 8;
  let { left, top } = view;
  const fitsX = u.right - u.left <= view.width - 2 * pad;
  const fitsY = u.bottom - u.top <= view.height - 2 * pad;
  const want = fitsX ? u : t;
  if (want.left < left || want.right > left + view.width) {
    left = (want.left + want.right) / 2 - view.width / 2;
  }
  if (fitsY) {
    // the root's row at the top (its margin kept) when the target fits under it
    if (u.top < top || u.bottom > top + view.height) top = Math.max(0, u.top - g.margin * scale);
  } else if (t.top < top || t.bottom > top + view.height) {
    top = t.top - Math.min(40 * scale, (view.height - (t.bottom - t.top)) / 2);
  }
  return { left: Math.max(0, left), top: Math.max(0, top) };
}

// whether the root (or else the target) is inside the visible box after revealScroll
export function inView(view, n, g, scale) {
  return inside(nodeBox(n, g, scale), view, 1);
}

// the sideways-scroll cue: where more of the drawing lies beyond the canvas's edges
export function overflowCue(scrollLeft, scrollWidth, clientWidth) {
  const more = scrollWidth - clientWidth > 1;
  return { left: more && scrollLeft > 1, right: more && scrollLeft + clientWidth < scrollWidth - 1 };
}

// zoom to a node's subtree: the subtree fills the canvas's width at most 1.5 x readable,
// never below readable; a subtree wider than that is shown from its root, centred
export function subtreeView(nodes, subtreeRoot, g, canvasWidth, fontScale, c) {
  const x0 = Math.min(...nodes.map((n) => n.px)) - g.margin;
  const x1 = Math.max(...nodes.map((n) => n.px)) + g.node_width + g.margin;
  const y0 = Math.min(...nodes.map((n) => n.py)) - g.margin;
  const readable = readableScale(fontScale, c);
  const fits = (canvasWidth - 4) / (x1 - x0);
  const scale = clampScale(Math.max(readable, Math.min(readable * 1.5, fits)), fontScale, c);
  const left = fits >= scale ? x0 * scale
    : (subtreeRoot.px + g.node_width / 2) * scale - canvasWidth / 2;
  return { scale, left: Math.max(0, left), top: Math.max(0, y0 * scale) };
}

// parent and children maps of the drawn edges
export function links(edges) {
  const childrenOf = new Map();
  const parentOf = new Map();
  for (const e of edges || []) {
    if (!childrenOf.has(e.parent)) childrenOf.set(e.parent, []);
    childrenOf.get(e.parent).push(e.child);
    parentOf.set(e.child, e.parent);
  }
  return { childrenOf, parentOf };
}

// node ids from the root down to `id`
export function pathTo(parentOf, id) {
  const path = [id];
  while (parentOf.has(path[path.length - 1])) path.push(parentOf.get(path[path.length - 1]));
  return path.reverse();
}

// every node of the subtree under `id` (itself first)
export function descendants(childrenOf, id) {
  const out = [id];
  for (let i = 0; i < out.length; i++) out.push(...(childrenOf.get(out[i]) || []));
  return out;
}

// the arrow keys (and Home) between nodes: up to the parent, down to the middle child,
// left/right to the nearest node of the same level
export function moveFocus(nodes, childrenOf, parentOf, from, key) {
  const n = nodes.find((m) => m.id === from);
  if (!n) return null;
  if (key === "ArrowUp") return parentOf.has(from) ? parentOf.get(from) : null;
  if (key === "ArrowDown") {
    const kids = childrenOf.get(from) || [];
    return kids.length ? kids[Math.floor((kids.length - 1) / 2)] : null;
  }
  if (key === "Home") return nodes.length ? nodes[0].id : null;
  if (key !== "ArrowLeft" && key !== "ArrowRight") return null;
  const level = nodes.filter((m) => m.y === n.y).sort((a, b) => a.x - b.x);
  const at = level.findIndex((m) => m.id === from);
  const next = level[at + (key === "ArrowRight" ? 1 : -1)];
  return next ? next.id : null;
}

// what a screen reader says for a node
export function nodeLabel(n, lit) {
  return `${lit ? "on path, " : ""}${n.label}; ${n.summary}; ${n.impurity_text}` +
    ((n.branches || []).length ? `; branches ${n.branches.join(", ")}` : "") +
    (n.open ? "; open leaf" : "") +
    (n.collapsed ? `; folded, ${n.stub} hidden` : "") +
    (!n.is_leaf && !n.collapsed ? "; minus folds the subtree" : "") +
    (n.collapsed ? "; plus unfolds it" : "");
}

// the path line above the drawing: "outlook › = sunny: humidity › = high: no"
export function pathText(nodesById, edges, path) {
  const label = new Map((edges || []).map((e) => [e.child, e.label || e.condition || ""]));
  return path.map((id, i) => {
    const n = nodesById.get(id);
    const name = n ? n.label : String(id);
    return i === 0 ? name : `${label.get(id) || ""}: ${name}`;
  });
}

// the data shown once the nodes `pruned` are made leaves (a pruning stepper's state):
// a pruned node takes its `as_leaf` fields, its subtree goes, nodes keep their places
// relative to one another and the picture is cropped to what is left (a tree pruned to
// its root is not drawn in a corner of the whole tree's canvas); the same as
// dtlearn.drawing.layout.pruned_view in Python
export function prunedView(d, pruned) {
  const cut = new Set(pruned || []);
  if (!cut.size || !d || !d.nodes) return d;
  const gone = new Set();
  for (const e of d.edges || []) {  // parents come before their children
    if (cut.has(e.parent) || gone.has(e.parent)) gone.add(e.child);
  }
  const nodes = d.nodes.filter((n) => !gone.has(n.id))
    .map((n) => (cut.has(n.id) && n.as_leaf ? { ...n, ...n.as_leaf } : n));
  const edges = (d.edges || []).filter((e) => !gone.has(e.child));
  return { ...d, ...cropped(d.geometry, nodes, edges),
    n_nodes: nodes.length, n_leaves: nodes.filter((n) => n.is_leaf).length,
    depth: Math.max(...nodes.map((n) => n.depth)) };
}

// nodes, edges and geometry shifted and cut to the box the shown nodes need
function cropped(g, nodes, edges) {
  if (!g || !nodes.length || nodes[0].px === undefined) return { nodes, edges };
  const boxes = edges.filter((e) => e.box).map((e) => e.box);
  const left = Math.min(...nodes.map((n) => n.px), ...boxes.map((b) => b[0])) - g.margin;
  const right = Math.max(...nodes.map((n) => n.px + g.node_width), ...boxes.map((b) => b[2]))
    + g.margin;
  const stub = g.stub_gap + g.stub_height;
  const bottom = Math.max(...nodes.map((n) => n.py + g.node_height + (n.stub ? stub : 0)));
  const dx = Math.max(0, left);
  return {
    nodes: nodes.map((n) => ({ ...n, px: n.px - dx })),
    edges: edges.map((e) => (e.box
      ? { ...e, box: [e.box[0] - dx, e.box[1], e.box[2] - dx, e.box[3]], tx: e.tx - dx } : e)),
    geometry: { ...g, width: Math.ceil(right - dx), height: Math.ceil(bottom + g.margin) },
  };
}
