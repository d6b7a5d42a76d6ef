"""Real browser: run the demo notebook in JupyterLab and drive the widgets.

One JupyterLab session: TreeView (fit, zoom, pan, keyboard-only use that never reaches the
notebook's shortcuts), every app driven to a realistic state, axe-core on every widget
(zero serious or critical violations) in the light and the dark theme, and screenshots
under build/screenshots/. Screen sizes and presenter mode: test_layout_browser.py.
"""

from __future__ import annotations

import json
import time
import uuid
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SHOTS = HERE.parents[1] / "build" / "screenshots"
AXE = HERE / "node_modules" / "axe-core" / "axe.min.js"

# widget name -> CSS selector of its root element in the demo notebook
WIDGETS = {
    "treeview": ".demo-view",
    "treeview_car": ".demo-big",
    "id3builder": ".dtlearn-id3-builder",
    "boundary": ".dtlearn-boundary-explorer",
    "overfitting": ".dtlearn-overfitting-explorer",
    "pruning_stepper": ".dtlearn-pruning-stepper",
    "ccp": ".dtlearn-ccp-explorer",
    "criteria": ".dtlearn-criteria-explorer",
}


@pytest.mark.browser
def test_widgets_in_jupyterlab(lab, page):
    if not AXE.exists():
        pytest.fail(f"{AXE} missing: run 'make test-browser' (npm ci in tests/browser)")
    try:
        _drive(lab, page)
    except Exception:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "failure.png"))
        raise


def _accept_kernel_dialog(page):
    """JupyterLab may ask which kernel to start: accept the preselected one."""
    accept = page.locator(".jp-Dialog .jp-mod-accept")
    try:
        accept.wait_for(timeout=4000)
    except Exception:  # no dialog: fine
        return
    accept.click()


def _shot(page, selector, name):
    """Screenshot of one widget; the window grows for a widget taller than it."""
    element = page.locator(selector).first
    size = page.viewport_size
    # boxes sized in vh grow with the window: measure again after each resize
    for _ in range(3):
        height = element.evaluate("e => e.getBoundingClientRect().height")
        now = page.viewport_size["height"]
        if height + 250 <= now:
            break
        page.set_viewport_size({"width": size["width"], "height": int(height) + 350})
        page.wait_for_timeout(250)  # JupyterLab lays its panels out again
    # centred in a window taller than it: JupyterLab's toolbar never covers its top
    element.evaluate("e => e.scrollIntoView({block: 'center'})")
    element.screenshot(path=str(SHOTS / f"{name}.png"))
    page.set_viewport_size(size)


def _axe(page, selector):
    """Serious and critical axe-core violations inside ``selector``."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate(
        """async (sel) => {
            const r = await axe.run(document.querySelector(sel), {resultTypes: ['violations']});
            return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
              .map(v => ({id: v.id, impact: v.impact, help: v.help,
                          nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' :: '
                                                          + n.failureSummary)}));
        }""",
        selector,
    )


def _cells(page):
    return page.evaluate(
        "() => document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden)"
        " .jp-Notebook .jp-Cell').length"
    )


def _active_cell(page):
    return page.evaluate(
        "() => { const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];"
        " return cells.findIndex(c => c.classList.contains('jp-mod-active')); }"
    )


def _focused_node(page):
    return page.evaluate(
        "() => { const a = document.activeElement;"
        " return a && a.dataset && a.dataset.nodeId !== undefined ? Number(a.dataset.nodeId)"
        " : null; }"
    )


def _min_font_px(widget):
    """The smallest text of a TreeView's drawing, in screen px (font size times zoom)."""
    return widget.locator(".dtlearn-tv-svg").evaluate(
        """svg => {
            const zoom = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            const sizes = [...svg.querySelectorAll('text')]
                .map(t => parseFloat(getComputedStyle(t).fontSize) * zoom);
            return Math.min(...sizes);
        }"""
    )


READABLE_PX = 13  # node text at 100 %
PRESENTER_PX = 18  # node text in presenter mode


def _in_view(page, selector):
    """Whether the selected node (else the root) of every tree in ``selector`` is in view.

    The node's box must intersect its canvas's visible box (the canvas scrolls inside).
    """
    return page.evaluate(
        """(sel) => [...document.querySelectorAll(sel + ' .dtlearn-treeview')]
            .filter(v => v.offsetParent !== null && v.querySelector('.dtlearn-tv-node'))
            .map(v => {
                const c = v.querySelector('.dtlearn-tv-canvas').getBoundingClientRect();
                const n = (v.querySelector('.dtlearn-tv-node.is-selected .dtlearn-tv-box') ||
                           v.querySelector('.dtlearn-tv-node .dtlearn-tv-box'))
                          .getBoundingClientRect();
                return n.right > c.left && n.left < c.right && n.bottom > c.top
                       && n.top < c.bottom;
            }).every(Boolean)""",
        selector,
    )


def _min_node_font(page, selector):
    """The smallest node text (screen px) over the trees shown in ``selector``."""
    return page.evaluate(
        """(sel) => Math.min(...[...document.querySelectorAll(sel + ' .dtlearn-tv-svg')]
            .filter(s => s.getBoundingClientRect().width > 0)
            .flatMap(svg => {
                const zoom = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
                return [...svg.querySelectorAll('text')]
                    .map(t => parseFloat(getComputedStyle(t).fontSize) * zoom);
            }))""",
        selector,
    )


def _clipped_labels(page, selector):
    """Control labels (and toggle-button captions) whose text does not fit their box."""
    return page.evaluate(
        """(sel) => [...document.querySelectorAll(sel + ' .widget-label,'
                     + sel + ' .widget-toggle-button, ' + sel + ' .jupyter-button')]
            .filter(e => e.offsetParent !== null && e.textContent.trim()
                    && e.scrollWidth > e.clientWidth + 1)
            .map(e => e.textContent.trim())""",
        selector,
    )


def _kernel(page, code):
    """Run ``code`` in the notebook's kernel (as a hidden request, no new cell)."""
    page.evaluate(
        """async (code) => {
            const w = window.jupyterapp.shell.currentWidget;
            const future = w.sessionContext.session.kernel.requestExecute(
                {code, silent: false, store_history: false});
            await future.done;
        }""",
        code,
    )


def _drive(lab, page):
    url, token, _ = lab
    page.set_default_timeout(20000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    workspace = f"t{uuid.uuid4().hex[:10]}"
    page.goto(f"{url}/lab/workspaces/{workspace}/tree/widgets_demo.ipynb?token={token}")
    page.wait_for_function("window.jupyterapp !== undefined", timeout=30000)
    nb = page.locator(".jp-NotebookPanel:visible")
    nb.locator(".jp-Notebook").wait_for(timeout=30000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=30000)
    _accept_kernel_dialog(page)
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    _accept_kernel_dialog(page)
    # on a loaded machine the kernel may not have taken the run: ask again after a minute
    try:
        nb.locator(".demo-view").first.wait_for(timeout=60000)
    except Exception:
        page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells'); }")
    for selector in WIDGETS.values():
        nb.locator(selector).first.wait_for(timeout=90000)

    # 1. TreeView: the decision path is highlighted; clicking a node explains it
    view = nb.locator(".demo-view")
    view.locator(".dtlearn-tv-node").first.wait_for(timeout=30000)
    assert view.locator(".dtlearn-tv-node").count() == 8
    assert view.locator(".dtlearn-tv-node.is-highlighted").count() == 3
    view.locator(".dtlearn-tv-node[data-node-id='0']").click()
    explanation = view.locator(".dtlearn-tv-explanation[data-node-id='0']")
    explanation.wait_for(timeout=10000)
    text = explanation.inner_text()
    assert "outlook" in text and "chosen by greedy" in text
    assert "0.247" in text  # information gain of outlook in the candidate table
    assert _in_view(page, ".demo-view")
    assert _min_node_font(page, ".demo-view") >= READABLE_PX - 1e-6
    # no horizontal overflow in the side panel, numbers right-aligned in its table
    assert view.locator(".dtlearn-tv-panel").evaluate("p => p.scrollWidth <= p.clientWidth + 1")
    assert view.locator(".dtlearn-tv-panel td.dtlearn-num").count() > 0
    # the "3-way" test cells show their branches as text (and as a tooltip)
    conds = view.locator(".dtlearn-tv-panel .dtlearn-tv-conds").first
    assert conds.inner_text() == "= sunny \u00b7 = overcast \u00b7 = rainy"
    assert "= sunny | = overcast | = rainy" in conds.evaluate("c => c.parentElement.title")
    assert "n = 5: yes 2, no 3" in view.locator(".dtlearn-tv-branches").inner_text()
    # collapse the root's first subtree with its toggle, then expand again
    view.locator("[data-toggle='1']").click()
    page.wait_for_function(
        "document.querySelectorAll('.demo-view .dtlearn-tv-node').length === 6", timeout=10000
    )
    view.locator("[data-toggle='1']").click()
    page.wait_for_function(
        "document.querySelectorAll('.demo-view .dtlearn-tv-node').length === 8", timeout=10000
    )

    # 2. keyboard only: inside the widget, JupyterLab's shortcuts never fire
    cells_before = _cells(page)
    view.locator(".dtlearn-tv-node[data-node-id='0']").focus()
    active_before = _active_cell(page)
    page.keyboard.press("ArrowDown")  # to a child, not to the next cell
    child = _focused_node(page)
    assert child is not None and child != 0
    assert _active_cell(page) == active_before
    page.keyboard.press("Enter")  # explains the node and keeps the focus on it
    view.locator(f".dtlearn-tv-explanation[data-node-id='{child}']").wait_for(timeout=10000)
    assert _focused_node(page) == child
    page.keyboard.press("ArrowUp")
    assert _focused_node(page) == 0
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowLeft")
    node = _focused_node(page)
    assert node is not None
    page.keyboard.press("d")
    page.keyboard.press("d")  # JupyterLab's "delete cell" must not fire
    page.wait_for_timeout(500)
    assert _cells(page) == cells_before
    # fold and unfold by keyboard; the focus stays on the node
    folded_at = 1
    view.locator(f".dtlearn-tv-node[data-node-id='{folded_at}']").focus()
    page.keyboard.press("-")
    page.wait_for_function(
        "document.querySelectorAll('.demo-view .dtlearn-tv-node').length === 6", timeout=10000
    )
    assert _focused_node(page) == folded_at
    page.keyboard.press("+")
    page.wait_for_function(
        "document.querySelectorAll('.demo-view .dtlearn-tv-node').length === 8", timeout=10000
    )
    assert _focused_node(page) == folded_at
    # the focus ring is drawn on a highlighted (decision path) node too
    view.locator(".dtlearn-tv-node[data-node-id='0']").focus()
    ring = view.locator(".dtlearn-tv-node[data-node-id='0'] .dtlearn-tv-ring")
    assert ring.evaluate("r => getComputedStyle(r).stroke") != "none"
    assert _cells(page) == cells_before
    _shot(page, ".demo-view", "treeview_light")

    # 3. a fully grown car tree (182 nodes): starts folded, node text >= 13 px, root in view
    big = nb.locator(".demo-big")
    big.locator(".dtlearn-tv-node").first.wait_for(timeout=30000)
    canvas = big.locator(".dtlearn-tv-canvas")
    treeview = big.locator(".dtlearn-treeview")
    folded_count = big.locator(".dtlearn-tv-node").count()
    assert 1 < folded_count < 40
    readable = float(treeview.get_attribute("data-scale"))
    assert readable == pytest.approx(READABLE_PX / 11, rel=1e-3)
    assert _min_node_font(page, ".demo-big") >= READABLE_PX - 1e-6
    assert _in_view(page, ".demo-big")
    stubs = big.locator(".dtlearn-tv-stub")
    assert stubs.count() >= 1 and stubs.first.locator("text").text_content().endswith(" nodes")
    _shot(page, ".demo-big", "treeview_car_folded_light")
    stubs.first.click()  # a stub opens its subtree
    page.wait_for_function(
        f"document.querySelectorAll('.demo-big .dtlearn-tv-node').length > {folded_count}",
        timeout=10000,
    )
    assert _min_node_font(page, ".demo-big") >= READABLE_PX - 1e-6
    assert _in_view(page, ".demo-big")
    big.get_by_role("button", name="unfold every folded subtree").click()
    page.wait_for_function(
        "document.querySelectorAll('.demo-big .dtlearn-tv-node').length > 150", timeout=10000
    )
    n_nodes = big.locator(".dtlearn-tv-node").count()
    # unfolded, the view scrolls instead of shrinking, the root in view
    assert _min_node_font(page, ".demo-big") >= READABLE_PX - 1e-6
    assert _in_view(page, ".demo-big")
    # "fit" folds deep levels instead of shrinking text below 13 px
    big.get_by_role("button", name="fit the tree to the width").click()
    page.wait_for_function(
        f"document.querySelectorAll('.demo-big .dtlearn-tv-node').length < {n_nodes}", timeout=10000
    )
    page.wait_for_timeout(200)
    fits = canvas.evaluate(
        "c => ({svg: c.querySelector('svg').getBoundingClientRect().width,"
        " canvas: c.clientWidth, scroll: c.scrollWidth})"
    )
    assert fits["svg"] <= fits["canvas"] + 1 and fits["scroll"] <= fits["canvas"] + 1, fits
    assert _min_node_font(page, ".demo-big") >= READABLE_PX - 1e-6
    assert _in_view(page, ".demo-big")
    scale_fit = float(treeview.get_attribute("data-scale"))
    big.get_by_role("button", name="zoom in").click()
    big.get_by_role("button", name="zoom in").click()
    scale_in = float(treeview.get_attribute("data-scale"))
    assert scale_in == pytest.approx(scale_fit * 1.5625, rel=1e-3)
    canvas.focus()
    page.keyboard.press("]")  # keyboard zoom
    assert float(treeview.get_attribute("data-scale")) > scale_in
    left = canvas.evaluate("c => c.scrollLeft")
    page.keyboard.press("Shift+ArrowRight")  # keyboard pan
    assert canvas.evaluate("c => c.scrollLeft") > left
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    page.mouse.move(box["x"] + 60, box["y"] + 40)
    left = canvas.evaluate("c => c.scrollLeft")
    page.mouse.wheel(120, 0)  # the plain wheel (or trackpad) pans (scrolls) the drawing
    page.wait_for_function(
        "(t) => document.querySelector('.demo-big .dtlearn-tv-canvas').scrollLeft > t",
        arg=left,
        timeout=5000,
    )
    before = float(treeview.get_attribute("data-scale"))
    page.keyboard.down("Control")
    page.mouse.wheel(0, -100)  # ctrl + wheel zooms at the pointer
    page.keyboard.up("Control")
    page.wait_for_function(
        "(s) => Number(document.querySelector('.demo-big .dtlearn-treeview').dataset.scale) > s",
        arg=before,
        timeout=5000,
    )
    assert page.evaluate("() => window.devicePixelRatio") == 1  # the page itself not zoomed
    big.get_by_role("button", name="unfold every folded subtree").click()
    page.wait_for_function(
        f"document.querySelectorAll('.demo-big .dtlearn-tv-node').length === {n_nodes}"
    )
    # browser-side time from click to repaint on the whole tree (printed for the report)
    timing = big.evaluate(
        """async (el) => {
            const node = el.querySelectorAll('.dtlearn-tv-node')[5];
            const t0 = performance.now();
            node.dispatchEvent(new MouseEvent('click', {bubbles: true}));
            await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
            const select = performance.now() - t0;
            const toggle = el.querySelectorAll('[data-toggle]')[3];
            const before = el.querySelectorAll('.dtlearn-tv-node').length;
            const t1 = performance.now();
            toggle.dispatchEvent(new MouseEvent('click', {bubbles: true}));
            while (el.querySelectorAll('.dtlearn-tv-node').length === before)
                await new Promise(r => setTimeout(r, 2));
            await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
            const fold = performance.now() - t1;
            return {nodes: before, select_ms: select, fold_roundtrip_ms: fold,
                    draw_ms: Number(el.querySelector('.dtlearn-treeview').dataset.drawMs)};
        }"""
    )
    print("TreeView timing", json.dumps(timing))
    assert _in_view(page, ".demo-big")  # the clicked (selected) node stays in view
    (SHOTS / "treeview_timing.json").write_text(json.dumps(timing, indent=1))
    _shot(page, ".demo-big", "treeview_car_light")
    # focus on a subtree by keyboard: Tab-reachable root, down to a child, Enter, "s"
    big.get_by_role("button", name="unfold every folded subtree").click()
    page.wait_for_function(
        f"document.querySelectorAll('.demo-big .dtlearn-tv-node').length === {n_nodes}"
    )
    big.locator(".dtlearn-tv-node[data-node-id='0']").focus()
    for _ in range(3):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.keyboard.press("s")
    page.wait_for_timeout(300)
    assert _in_view(page, ".demo-big")
    assert _min_node_font(page, ".demo-big") >= READABLE_PX - 1e-6  # zoomed to, not below
    _shot(page, ".demo-big", "treeview_car_subtree_light")
    big.get_by_role("button", name="fold the deep levels until the tree fits").click()
    page.wait_for_function(
        f"document.querySelectorAll('.demo-big .dtlearn-tv-node').length === {folded_count}",
        timeout=10000,
    )
    big.get_by_role("button", name="actual size").click()
    assert _in_view(page, ".demo-big")

    # 4. ID3Builder: nothing pre-selected; choose an attribute, split, the tree grows
    builder = nb.locator(".dtlearn-id3-builder")
    builder.locator(".dtlearn-tv-node").first.wait_for(timeout=30000)
    assert builder.locator(".dtlearn-tv-node").count() == 1
    select = builder.locator("select")
    assert select.input_value() == ""  # no silent pre-selection
    select.select_option("physician-fee-freeze")
    builder.get_by_role("button", name="Split").click()
    page.wait_for_function(
        "document.querySelectorAll('.dtlearn-id3-builder .dtlearn-tv-node').length === 3",
        timeout=10000,
    )
    assert select.input_value() == ""  # the next split needs a new choice
    status = builder.locator(".dtlearn-app-status").inner_text()
    assert status.startswith("your tree: 2 leaves")
    assert _in_view(page, ".dtlearn-id3-builder")
    # an inner node cannot be split, and the app says so
    builder.locator(".dtlearn-tv-node[data-node-id='0']").click()
    page.wait_for_function(
        "document.querySelector('.dtlearn-id3-builder').innerText.includes('inner node')",
        timeout=10000,
    )
    _shot(page, ".dtlearn-id3-builder", "id3builder_light")

    # 5. BoundaryExplorer: move the depth slider by keyboard, the figure changes
    boundary = nb.locator(".dtlearn-boundary-explorer")
    image = boundary.locator("img")
    image.wait_for(timeout=30000)
    before = image.get_attribute("src")
    boundary.locator("[role='slider']").first.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        "(prev) => { const i = document.querySelector('.dtlearn-boundary-explorer img');"
        " return i && i.getAttribute('src') !== prev; }",
        arg=before,
        timeout=15000,
    )
    _shot(page, ".dtlearn-boundary-explorer", "boundary_light")

    # 6. OverfittingExplorer: the tree-size slider at both ends
    over = nb.locator(".dtlearn-overfitting-explorer")
    over_image = over.locator("img")
    over_image.wait_for(timeout=30000)
    before = over_image.get_attribute("src")
    over.locator("[role='slider']").first.focus()
    for key, end in (("End", "max"), ("Home", "min")):
        page.keyboard.press(key)
        page.wait_for_function(
            "(prev) => { const i = document.querySelector('.dtlearn-overfitting-explorer img');"
            " return i && i.getAttribute('src') !== prev; }",
            arg=before,
            timeout=15000,
        )
        before = over_image.get_attribute("src")
        assert over.locator(".dtlearn-app-status").inner_text().startswith("max depth = ")
        page.wait_for_timeout(300)
        assert _in_view(page, ".dtlearn-overfitting-explorer")
        assert _min_node_font(page, ".dtlearn-overfitting-explorer") >= READABLE_PX - 1e-6
        _shot(page, ".dtlearn-overfitting-explorer", f"overfitting_{end}_light")

    # the label-noise slider (slow in a loaded kernel): the app marks itself busy meanwhile,
    # the tree's root stays in view; then the "min samples per leaf" tab (1,000+ nodes)
    page.evaluate(
        """() => { window.__busy = false;
            const app = document.querySelector('.dtlearn-overfitting-explorer');
            new MutationObserver(() => { if (app.classList.contains('dtlearn-busy'))
                window.__busy = true; }).observe(app, {attributes: true}); }"""
    )
    status = over.locator(".dtlearn-app-status")
    before = status.inner_text()
    over.locator("[role='slider']").nth(1).focus()
    t0 = time.perf_counter()
    page.keyboard.press("End")
    page.wait_for_function(
        "(prev) => document.querySelector('.dtlearn-overfitting-explorer "
        ".dtlearn-app-status').innerText !== prev",
        arg=before,
        timeout=15000,
    )
    page.wait_for_function(
        "() => !document.querySelector('.dtlearn-overfitting-explorer')"
        ".classList.contains('dtlearn-busy')",
        timeout=15000,
    )
    timings = {"noise_slider_ms": 1000 * (time.perf_counter() - t0)}
    assert page.evaluate("() => window.__busy"), "the app never said it was working"
    assert "label noise 20%" in status.inner_text()
    page.wait_for_timeout(300)
    assert _in_view(page, ".dtlearn-overfitting-explorer")
    t0 = time.perf_counter()
    over.get_by_role("button", name="min samples per leaf").click()
    page.wait_for_function(
        "() => document.querySelector('.dtlearn-overfitting-explorer .dtlearn-app-status')"
        ".innerText.startsWith('min samples per leaf')",
        timeout=15000,
    )
    timings["param_tab_ms"] = 1000 * (time.perf_counter() - t0)
    page.wait_for_timeout(300)
    assert _in_view(page, ".dtlearn-overfitting-explorer")
    assert _clipped_labels(page, ".dtlearn-overfitting-explorer") == []
    _shot(page, ".dtlearn-overfitting-explorer", "overfitting_min_leaf_light")

    # 7. PruningStepper: "Next" applies the decision; slider and status agree; a late step
    stepper = nb.locator(".dtlearn-pruning-stepper")
    stepper.locator(".dtlearn-tv-node.is-selected").wait_for(timeout=30000)
    first = stepper.locator(".dtlearn-tv-node.is-selected").get_attribute("data-node-id")
    stepper.get_by_role("button", name="Next ▶").click()
    page.wait_for_function(
        "(prev) => { const n = document.querySelector("
        "'.dtlearn-pruning-stepper .dtlearn-tv-node.is-selected');"
        " return n && n.getAttribute('data-node-id') !== prev; }",
        arg=first,
        timeout=15000,
    )
    page.wait_for_function(  # the status and the tree arrive as separate messages
        "document.querySelector('.dtlearn-pruning-stepper .dtlearn-app-status')"
        ".innerText.includes('step 2 of')",
        timeout=15000,
    )
    readout = stepper.locator(".widget-readout").first.inner_text().strip()
    assert readout == "2", readout  # the slider reads the step the status names
    for _ in range(5):
        stepper.get_by_role("button", name="Next ▶").click()
    page.wait_for_function(
        "document.querySelector('.dtlearn-pruning-stepper .dtlearn-app-status')"
        ".innerText.includes('step 7 of')",
        timeout=15000,
    )
    detail = stepper.locator(".dtlearn-detail").last
    assert detail.evaluate("d => d.scrollWidth <= d.clientWidth + 1")  # formulas wrap
    assert detail.locator("mjx-container").count() == 0  # one prose font: no MathJax serif
    assert _in_view(page, ".dtlearn-pruning-stepper")
    _shot(page, ".dtlearn-pruning-stepper", "pruning_stepper_light")
    t0 = time.perf_counter()
    stepper.get_by_role("button", name="Next ▶").click()
    page.wait_for_function(
        "document.querySelector('.dtlearn-pruning-stepper .dtlearn-app-status')"
        ".innerText.includes('step 8 of')",
        timeout=15000,
    )
    timings["stepper_next_ms"] = 1000 * (time.perf_counter() - t0)
    assert _in_view(page, ".dtlearn-pruning-stepper")
    # the rules: a bounded table, every validation column filled, one step count
    stepper.get_by_role("button", name="rule post-pruning").click()
    stepper.locator(".dtlearn-rules").wait_for(timeout=15000)
    for _ in range(3):
        stepper.get_by_role("button", name="Next ▶").click()
    page.wait_for_function(
        "document.querySelector('.dtlearn-pruning-stepper .dtlearn-app-status')"
        ".innerText.includes('step 4 of')",
        timeout=15000,
    )
    heading = stepper.locator(".dtlearn-rules-box").locator("xpath=..").inner_text()
    assert " of " not in heading.split("\n")[0], heading  # the step count is the status's
    empty = stepper.locator(".dtlearn-rules tbody td").evaluate_all(
        "cells => cells.filter(c => !c.textContent.trim()).length"
    )
    assert empty == 0
    _shot(page, ".dtlearn-pruning-stepper", "pruning_stepper_rules_light")
    # a rule far down the list: the box scrolls (inside) to the marked rule
    stepper.get_by_role("button", name="End ▶▶").click()
    page.wait_for_function(
        "document.querySelector('.dtlearn-pruning-stepper .dtlearn-app-status')"
        ".innerText.startsWith('done')",
        timeout=15000,
    )
    stepper.get_by_role("button", name="◀ Previous").click()
    page.wait_for_function(
        "document.querySelector('.dtlearn-pruning-stepper .dtlearn-app-status')"
        ".innerText.startsWith('step 14 of')",
        timeout=15000,
    )
    page.wait_for_timeout(300)
    assert stepper.locator(".dtlearn-rules-box").evaluate(
        """box => { const r = box.querySelector('tr.dtlearn-winner').getBoundingClientRect();
                    const b = box.getBoundingClientRect();
                    return r.bottom > b.top && r.top < b.bottom; }"""
    )
    _shot(page, ".dtlearn-pruning-stepper", "pruning_stepper_rules_late_light")

    # 8. CostComplexityExplorer: alpha at both ends; its symbols have a key
    ccp = nb.locator(".dtlearn-ccp-explorer")
    ccp.locator(".dtlearn-tv-node").first.wait_for(timeout=30000)
    assert _in_view(page, ".dtlearn-ccp-explorer")  # on first display too
    key = ccp.locator(".dtlearn-key").first.text_content()  # collapsed: the text is there
    for symbol in ("R(T)", "R_α(T)", "r(t)", "|T_t|", "alpha_eff"):
        assert symbol in key, symbol
    nodes_before = ccp.locator(".dtlearn-tv-node").count()
    _shot(page, ".dtlearn-ccp-explorer", "ccp_min_light")
    ccp.locator("[role='slider']").first.focus()
    page.keyboard.press("End")
    page.wait_for_function(
        "() => document.querySelectorAll('.dtlearn-ccp-explorer .dtlearn-tv-node').length === 1",
        timeout=15000,
    )
    assert nodes_before > 1
    assert _in_view(page, ".dtlearn-ccp-explorer")
    assert "1 leaf" in ccp.locator(".dtlearn-app-status").inner_text()
    _shot(page, ".dtlearn-ccp-explorer", "ccp_max_light")

    # 9. CriteriaExplorer
    _shot(page, ".dtlearn-criteria-explorer", "criteria_light")

    # 10. accessibility: axe-core, light theme
    found = {name: _axe(page, sel) for name, sel in WIDGETS.items()}
    (SHOTS / "axe_light.json").write_text(json.dumps(found, indent=1))
    assert not any(found.values()), json.dumps(found, indent=1)

    # 11. dark theme: every widget legible, audited again, screenshots
    page.evaluate(
        "() => window.jupyterapp.commands.execute('apputils:change-theme',"
        " {theme: 'JupyterLab Dark'})"
    )
    page.wait_for_selector("body[data-jp-theme-light='false']", state="attached", timeout=30000)
    page.wait_for_timeout(1500)
    panel_text = view.locator(".dtlearn-tv-panel").evaluate("p => getComputedStyle(p).color")
    assert panel_text not in ("rgb(34, 34, 34)", "rgb(85, 85, 85)"), panel_text
    found = {name: _axe(page, sel) for name, sel in WIDGETS.items()}
    (SHOTS / "axe_dark.json").write_text(json.dumps(found, indent=1))
    assert not any(found.values()), json.dumps(found, indent=1)

    # (screen sizes, presenter mode and the one-screen rules: test_layout_browser.py)
    (SHOTS / "measured.json").write_text(json.dumps({"timings_ms": timings}, indent=1))

    # 12. kernel restart: the views left in the notebook say they are disconnected
    page.evaluate(
        "() => window.jupyterapp.commands.execute('apputils:change-theme',"
        " {theme: 'JupyterLab Light'})"
    )
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:restart-kernel'); }")
    _accept_kernel_dialog(page)
    page.wait_for_selector(".demo-view .dtlearn-tv-disconnected:not([hidden])", timeout=30000)
    banner = view.locator(".dtlearn-tv-disconnected")
    assert "re-run the cell" in banner.inner_text()
    assert view.locator(".dtlearn-tv-node").count() == 8  # the drawing still reads
    _shot(page, ".demo-view", "treeview_disconnected_light")

    assert page.console_errors == [], page.console_errors
