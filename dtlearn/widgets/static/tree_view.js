// dtlearn TreeView: draws the JSON made by dtlearn.layout.tree_view_data.
// Positions come from Python; this file only draws them and sends back clicks.
// Plain ES module, no dependencies, no network.

const SVG_NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

function short(text, limit) {
  text = String(text);
  return text.length <= limit ? text : text.slice(0, limit - 1) + "\u2026";
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "dtlearn-treeview";
  const canvas = document.createElement("div");
  canvas.className = "dtlearn-tv-canvas";
  const panel = document.createElement("div");
  panel.className = "dtlearn-tv-panel";
  panel.setAttribute("aria-live", "polite");
  root.append(canvas, panel);
  el.appendChild(root);

  function send(name, value) {
    model.set(name, value);
    model.save_changes();
  }

  function toggle(id) {
    const current = (model.get("collapsed") || []).slice();
    const at = current.indexOf(id);
    if (at >= 0) current.splice(at, 1);
    else current.push(id);
    send("collapsed", current);
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
    const body = document.createElement("div");
    body.className = "dtlearn-tv-explanation";
    body.dataset.nodeId = String(node.id);
    if (node.explanation && node.explanation.html) body.innerHTML = node.explanation.html;
    else body.textContent = `node ${node.id}: ${node.summary}; ${node.impurity_text}`;
    panel.appendChild(body);
  }

  function draw() {
    const data = model.get("data") || {};
    canvas.replaceChildren();
    if (!data.nodes || !data.nodes.length) {
      canvas.textContent = "(no tree yet)";
      showPanel();
      return;
    }
    const g = data.geometry;
    const w = g.node_width;
    const h = g.node_height;
    const lit = new Set(model.get("highlight") || []);
    const selected = model.get("selected");
    const where = new Map(data.nodes.map((n) => [n.id, n]));
    const picture = svg("svg", {
      width: g.width, height: g.height, class: "dtlearn-tv-svg", role: "tree",
      "aria-label": `decision tree of ${data.target_name}: ${data.n_leaves} leaves, depth ${data.depth}`,
    });
    for (const e of data.edges) {
      const a = where.get(e.parent);
      const b = where.get(e.child);
      const onPath = lit.has(e.parent) && lit.has(e.child);
      const x1 = a.px + w / 2, y1 = a.py + h, x2 = b.px + w / 2, y2 = b.py;
      picture.appendChild(svg("line", {
        x1, y1, x2, y2, class: "dtlearn-tv-edge" + (onPath ? " is-path" : ""),
      }));
      picture.appendChild(svg("text", {
        x: x2, y: y2 - 6, class: "dtlearn-tv-condition", "text-anchor": "middle",
      }, short(e.condition, 26)));
    }
    for (const n of data.nodes) {
      const classes = ["dtlearn-tv-node"];
      if (n.is_leaf) classes.push("is-leaf");
      if (lit.has(n.id)) classes.push("is-highlighted");
      if (n.id === selected) classes.push("is-selected");
      if (n.open) classes.push("is-open");
      if (n.collapsed) classes.push("is-collapsed");
      const group = svg("g", {
        class: classes.join(" "), tabindex: 0, role: "treeitem",
        "data-node-id": n.id, transform: `translate(${n.px},${n.py})`,
        "aria-selected": n.id === selected ? "true" : "false",
        "aria-label": `${lit.has(n.id) ? "on path, " : ""}${n.label}; ${n.summary}; ${n.impurity_text}`
          + (n.open ? "; open leaf" : "") + (n.collapsed ? `; collapsed, ${n.hidden_nodes} nodes hidden` : ""),
      });
      group.appendChild(svg("rect", { width: w, height: h, rx: 6, class: "dtlearn-tv-box" }));
      let label = (lit.has(n.id) ? "\u25B6 " : "") + n.label;
      if (n.collapsed) label += ` (+${n.hidden_nodes})`;
      if (n.open) label += " (open)";
      group.appendChild(svg("text", { x: w / 2, y: 15, "text-anchor": "middle", class: "dtlearn-tv-label" }, short(label, 24)));
      group.appendChild(svg("text", { x: w / 2, y: 29, "text-anchor": "middle", class: "dtlearn-tv-summary" }, short(n.summary, 28)));
      group.appendChild(svg("text", { x: w / 2, y: 43, "text-anchor": "middle", class: "dtlearn-tv-impurity" }, n.impurity_text));
      if (n.counts) {
        const total = n.counts.reduce((s, c) => s + c, 0) || 1;
        let left = 8;
        n.counts.forEach((c, k) => {
          const width = (w - 16) * c / total;
          if (width > 0) {
            const bar = svg("rect", { x: left, y: 49, width, height: 7, fill: data.colours[k], class: "dtlearn-tv-bar" });
            bar.appendChild(svg("title", {}, `${data.classes[k]}: ${c}`));
            group.appendChild(bar);
          }
          left += width;
        });
      }
      if (!n.is_leaf || n.collapsed) {
        const sign = svg("text", {
          x: w - 4, y: 13, "text-anchor": "end", class: "dtlearn-tv-toggle",
          "data-toggle": n.id,
        }, n.collapsed ? "[+]" : "[\u2212]");
        sign.appendChild(svg("title", {}, n.collapsed ? "expand subtree" : "collapse subtree"));
        sign.addEventListener("click", (event) => { event.stopPropagation(); toggle(n.id); });
        group.appendChild(sign);
      }
      group.addEventListener("click", () => send("selected", n.id));
      group.addEventListener("dblclick", () => { if (!n.is_leaf || n.collapsed) toggle(n.id); });
      group.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          send("selected", n.id);
        } else if ((event.key === "+" || event.key === "-") && (!n.is_leaf || n.collapsed)) {
          event.preventDefault();
          toggle(n.id);
        }
      });
      picture.appendChild(group);
    }
    canvas.appendChild(picture);
    showPanel();
    if (selected !== null && selected !== undefined) {
      const focusTarget = canvas.querySelector(`[data-node-id="${selected}"]`);
      if (focusTarget && root.contains(document.activeElement)) focusTarget.focus();
    }
  }

  model.on("change:data", draw);
  model.on("change:selected", draw);
  model.on("change:highlight", draw);
  draw();
  return () => {
    model.off("change:data", draw);
    model.off("change:selected", draw);
    model.off("change:highlight", draw);
  };
}

export default { render };
