// Unit tests of the TreeView's pure maths (dtlearn/widgets/static/tree_view_math.js):
// `node --test tests/js/` (make test-browser runs it). The module is loaded from its
// source text, as anywidget does, so it needs no package.json "type".
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const source = readFileSync(new URL("../../dtlearn/widgets/static/tree_view_math.js", import.meta.url), "utf8");
const m = await import("data:text/javascript;base64," + Buffer.from(source).toString("base64"));
// the constants Python sends (dtlearn.widgets.tree_view.VIEW_CONSTANTS): read from there
const py = readFileSync(new URL("../../dtlearn/widgets/tree_view.py", import.meta.url), "utf8");
const num = (name) => {
  const found = py.match(new RegExp(`^${name} = ([0-9/ .]+)`, "m"));
  return Function(`return (${found[1]})`)();
};
const C = { drawing_px: num("DRAWING_PX"), readable_px: num("READABLE_PX"),
  presenter_scale: num("PRESENTER_SCALE"), max_scale: num("MAX_ZOOM") };
const G = { node_width: 100, node_height: 60, margin: 10 };

test("the constants are Python's", () => {
  assert.deepEqual(C, { drawing_px: 11, readable_px: 13, presenter_scale: 18 / 13, max_scale: 3 });
});

test("readable scale: 13 px text, 18 px in presenter mode", () => {
  assert.equal(m.readableScale(1, C) * C.drawing_px, 13);
  assert.ok(Math.abs(m.readableScale(C.presenter_scale, C) * C.drawing_px - 18) < 1e-9);
  assert.equal(m.readableScale(0, C), m.readableScale(1, C)); // no scale: 1
});

test("zoom has a floor at the readable size and a ceiling", () => {
  const floor = m.readableScale(1, C);
  assert.equal(m.clampScale(0.2, 1, C), floor);
  assert.equal(m.clampScale(floor * 0.8, 1, C), floor);
  assert.equal(m.clampScale(2, 1, C), 2);
  assert.equal(m.clampScale(10, 1, C), C.max_scale);
  // presenter: the floor is 18 px text
  assert.ok(Math.abs(m.clampScale(0.1, C.presenter_scale, C) * 11 - 18) < 1e-9);
});

test("fit: the width, but never below readable nor above 1.25 x readable", () => {
  const r = m.readableScale(1, C);
  assert.equal(m.fitScale(1000, 500, 1, C), r * 1.25); // small tree: not blown up
  assert.equal(m.fitScale(1000, 2000, 1, C), r); // too wide: readable (it scrolls)
  assert.equal(m.fitScale(1.3 * 800, 800, 1, C), Math.min(1.3, r * 1.25));
  assert.equal(m.needsFold(1000, 2000, 1, C), true);
  assert.equal(m.needsFold(1000, 800, 1, C), false);
});

test("zooming keeps the point under the pointer in place", () => {
  const v = { left: 100, top: 50 };
  const next = m.zoomScroll(v, 1, 2, 30, 40);
  // drawing point (130, 90) stays at canvas (30, 40)
  assert.deepEqual(next, { left: 130 * 2 - 30, top: 90 * 2 - 40 });
});

const node = (id, px, py, extra = {}) => ({ id, px, py, x: px, y: py, ...extra });

test("reveal: root and target both in view when they fit together", () => {
  const root = node(0, 1000, 10);
  const target = node(5, 1300, 250);
  const view = { left: 0, top: 400, width: 600, height: 400 };
  const next = m.revealScroll(view, root, target, G, 1);
  const after = { ...view, ...next };
  assert.ok(m.inView(after, root, G, 1) && m.inView(after, target, G, 1), JSON.stringify(next));
  assert.equal(next.top, 0); // the root's row at the top
  // already in view: unchanged
  assert.deepEqual(m.revealScroll(after, root, target, G, 1), next);
});

test("reveal: a target far from the root is shown, its path above it", () => {
  const root = node(0, 3000, 10);
  const target = node(9, 100, 200); // 2,900 px apart: not both in a 600 px canvas
  const view = { left: 2800, top: 0, width: 600, height: 400 };
  const next = m.revealScroll(view, root, target, G, 1);
  const after = { ...view, ...next };
  assert.ok(m.inView(after, target, G, 1));
  assert.equal(next.top, 0); // vertically both fit: the root's row stays in view
});

test("reveal: a deep target below a short canvas is shown with room above", () => {
  const root = node(0, 100, 10);
  const target = node(3, 100, 900);
  const view = { left: 0, top: 0, width: 600, height: 300 };
  const next = m.revealScroll(view, root, target, G, 1);
  assert.ok(m.inView({ ...view, ...next }, target, G, 1));
  assert.equal(next.top, 900 - 40);
});

test("reveal with no target shows the root, never a negative scroll", () => {
  const root = node(0, 10, 10);
  const view = { left: 500, top: 300, width: 600, height: 400 };
  const next = m.revealScroll(view, root, null, G, 1.2);
  assert.deepEqual(next, { left: 0, top: 0 });
});

test("the sideways cue says where more of the drawing lies", () => {
  assert.deepEqual(m.overflowCue(0, 600, 600), { left: false, right: false });
  assert.deepEqual(m.overflowCue(0, 1200, 600), { left: false, right: true });
  assert.deepEqual(m.overflowCue(300, 1200, 600), { left: true, right: true });
  assert.deepEqual(m.overflowCue(600, 1200, 600), { left: true, right: false });
});

test("subtree zoom: fills the width up to 1.5 x readable, never below readable", () => {
  const r = m.readableScale(1, C);
  const small = [node(1, 100, 100), node(2, 40, 200), node(3, 160, 200)];
  const v = m.subtreeView(small, small[0], G, 2000, 1, C);
  assert.equal(v.scale, r * 1.5);
  assert.equal(v.left, 30 * v.scale); // x0 = 40 - margin
  const wide = [node(1, 2000, 100), node(2, 0, 200), node(3, 4000, 200)];
  const w = m.subtreeView(wide, wide[0], G, 600, 1, C);
  assert.equal(w.scale, r);
  assert.equal(w.left, (2000 + 50) * r - 300); // centred on the subtree's root
});

test("links, paths and descendants of the drawn edges", () => {
  const edges = [{ parent: 0, child: 1 }, { parent: 0, child: 2 }, { parent: 1, child: 3 }];
  const { childrenOf, parentOf } = m.links(edges);
  assert.deepEqual(m.pathTo(parentOf, 3), [0, 1, 3]);
  assert.deepEqual(m.pathTo(parentOf, 0), [0]);
  assert.deepEqual(m.descendants(childrenOf, 0), [0, 1, 2, 3]);
  const byId = new Map([[0, { label: "outlook" }], [1, { label: "humidity" }], [3, { label: "no" }]]);
  const labelled = [{ parent: 0, child: 1, label: "= sunny" }, { parent: 1, child: 3, label: "= high" }];
  assert.deepEqual(m.pathText(byId, labelled, [0, 1, 3]), ["outlook", "= sunny: humidity", "= high: no"]);
});

test("keyboard moves: parent, middle child, same-level neighbours, home", () => {
  const nodes = [node(0, 1, 0), node(1, 0, 1), node(2, 1, 1), node(3, 2, 1)];
  const { childrenOf, parentOf } = m.links([{ parent: 0, child: 1 }, { parent: 0, child: 2 },
    { parent: 0, child: 3 }]);
  const go = (from, key) => m.moveFocus(nodes, childrenOf, parentOf, from, key);
  assert.equal(go(0, "ArrowDown"), 2);
  assert.equal(go(2, "ArrowUp"), 0);
  assert.equal(go(0, "ArrowUp"), null);
  assert.equal(go(2, "ArrowLeft"), 1);
  assert.equal(go(2, "ArrowRight"), 3);
  assert.equal(go(3, "ArrowRight"), null);
  assert.equal(go(3, "Home"), 0);
  assert.equal(go(1, "ArrowDown"), null);
  assert.equal(go(1, "x"), null);
});

test("a node's spoken label and the number test", () => {
  const n = { label: "outlook", summary: "n = 14", impurity_text: "entropy 0.940",
    branches: ["sunny", "rainy"], is_leaf: false, collapsed: false };
  assert.equal(m.nodeLabel(n, true),
    "on path, outlook; n = 14; entropy 0.940; branches sunny, rainy; minus folds the subtree");
  const folded = { ...n, collapsed: true, stub: "+ 5 nodes", branches: [] };
  assert.equal(m.nodeLabel(folded, false),
    "outlook; n = 14; entropy 0.940; folded, + 5 nodes hidden; plus unfolds it");
  assert.ok(["0.247", "-1,200", "12%", "\u22120.5", "1e-3"].every((t) => m.NUMBER.test(t)));
  assert.ok(!["3-way", "yes", ""].some((t) => m.NUMBER.test(t) && t));
});

test("the widget's module (maths, then view, as Python joins them) loads", async () => {
  const view = readFileSync(new URL("../../dtlearn/widgets/static/tree_view.js", import.meta.url), "utf8");
  const joined = source + "\n" + view;
  const mod = await import("data:text/javascript;base64," + Buffer.from(joined).toString("base64"));
  assert.equal(typeof mod.default.render, "function");
  assert.equal(typeof mod.revealScroll, "function");
});

test("a pruned state hides the subtrees of its pruned nodes and shows them as leaves", () => {
  // root 0 with children 1 (children 3, 4) and 2
  const d = {
    nodes: [{ id: 0, depth: 0, is_leaf: false, label: "a", as_leaf: { is_leaf: true, label: "yes" } },
      { id: 1, depth: 1, is_leaf: false, label: "b", as_leaf: { is_leaf: true, label: "no" } },
      { id: 3, depth: 2, is_leaf: true, label: "yes" }, { id: 4, depth: 2, is_leaf: true, label: "no" },
      { id: 2, depth: 1, is_leaf: true, label: "yes" }],
    edges: [{ parent: 0, child: 1 }, { parent: 1, child: 3 }, { parent: 1, child: 4 }, { parent: 0, child: 2 }],
    n_nodes: 5, n_leaves: 3, depth: 2,
  };
  assert.equal(m.prunedView(d, []), d);
  const one = m.prunedView(d, [1]);
  assert.deepEqual(one.nodes.map((n) => [n.id, n.is_leaf, n.label]), [[0, false, "a"], [1, true, "no"], [2, true, "yes"]]);
  assert.deepEqual(one.edges.map((e) => e.child), [1, 2]);
  assert.deepEqual([one.n_nodes, one.n_leaves, one.depth], [3, 2, 1]);
  const root = m.prunedView(d, [0, 1]);
  assert.deepEqual(root.nodes.map((n) => n.id), [0]);
  assert.deepEqual([root.n_nodes, root.n_leaves, root.depth], [1, 1, 0]);
  assert.equal(d.nodes[1].is_leaf, false); // the whole tree's data is left as it was
});

test("a pruned state is cropped to the nodes it still shows", () => {
  // root 0 (px 230) over 1 (px 20, children 3 at 20 and 4 at 140) and 2 (px 440);
  // boxes 100 wide, margin 10: the whole picture spans 10 .. 550
  const g = { node_width: 100, node_height: 60, margin: 10, stub_gap: 10, stub_height: 18,
    width: 550, height: 300 };
  const leafOf = (label) => ({ is_leaf: true, label });
  const d = {
    geometry: g,
    nodes: [{ id: 0, depth: 0, px: 230, py: 10, is_leaf: false, as_leaf: leafOf("yes") },
      { id: 1, depth: 1, px: 80, py: 120, is_leaf: false, as_leaf: leafOf("no") },
      { id: 3, depth: 2, px: 20, py: 230, is_leaf: true }, { id: 4, depth: 2, px: 140, py: 230, is_leaf: true },
      { id: 2, depth: 1, px: 440, py: 120, is_leaf: true }],
    edges: [{ parent: 0, child: 1, box: [150, 100, 200, 115], tx: 175 },
      { parent: 1, child: 3 }, { parent: 1, child: 4 }, { parent: 0, child: 2 }],
  };
  // pruned to its root: one box and its margins, the root at the margin
  const root = m.prunedView(d, [0]);
  assert.deepEqual(root.nodes.map((n) => n.px), [10]);
  assert.deepEqual([root.geometry.width, root.geometry.height], [120, 80]);
  assert.equal(root.geometry.node_width, 100);
  // node 1 made a leaf: the leftmost box is now node 1's at 80, so everything moves 70 left
  const one = m.prunedView(d, [1]);
  assert.deepEqual(one.nodes.map((n) => n.px), [160, 10, 370]);
  assert.deepEqual(one.edges[0].box, [80, 100, 130, 115]);
  assert.equal(one.edges[0].tx, 105);
  assert.deepEqual([one.geometry.width, one.geometry.height], [480, 190]);
  assert.equal(d.nodes[0].px, 230); // the whole tree's data is left as it was
});
