"""Real browser: every app of the course fits a student's laptop and a lecture-hall projector.

``course_apps.ipynb`` makes each app as its lecture does (same data, same arguments). In
JupyterLab in Chromium, at each screen below, each app is scrolled to the top of the
notebook and measured: its controls and what they change (the tree's root, the figure)
inside the window without scrolling the notebook, no app or tree wider than its cell, a
drawing wider than its canvas only with a visible "scroll" cue, slider tracks at least
200 px, toolbar text at least 13 px. Scripted steps (every pruning step, a 14-way split,
α along its whole path) keep the root (or, on a deep tree, the decided node and its path
line) in view after each step. ID3Builder's predict-first mode shows no score before the
student's choice. Last, a notebook executed with stored widget state and exported to HTML
shows every picture with no network.

Screens (all apps at each; light/dark and normal/presenter on a subset):
1366×768 light normal with the file browser open (a student's laptop), 1280×720 dark
presenter with the file browser closed (a projector), 1920×1080 light normal with the file
browser open, and 1366×768 dark presenter with the file browser open (the narrowest
presenter cell). Scripted steps run at the first two. Screenshots go to build/screenshots/.
"""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
SHOTS = HERE.parents[1] / "build" / "screenshots" / "layout"

# class given to each app in course_apps.ipynb -> its lecture
APPS = [
    "nb01",
    "nb02-view",
    "nb02",
    "nb03",
    "nb04",
    "nb05",
    "nb06",
    "nb07",
    "nb08",
    "nb08b",
    "nb09",
    "nb12",
    "nb13-view",
]
SCREENS = [  # width, height, theme, presenter, file browser open, scripted steps
    (1366, 768, "light", False, True, True),
    (1280, 720, "dark", True, False, True),
    (1920, 1080, "light", False, True, False),
    (1366, 768, "dark", True, True, False),
]
SLIDER_PX = 200
TOOLBAR_PX = 13

MEASURE = """(sel) => {
  const app = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .' + sel);
  const scroller = app.closest('.jp-WindowedPanel-outer') || app.closest('.jp-Notebook');
  const win = scroller.getBoundingClientRect();
  const shown = (e) => e.offsetParent !== null && e.getBoundingClientRect().width > 0;
  const box = (e) => { const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const within = (r, w, pad = 1) => r.top >= w.top - pad && r.bottom <= w.bottom + pad &&
    r.left >= w.left - pad && r.right <= w.right + pad;
  // a control inside a group (.dtlearn-app-group) is measured with its group
  const controls = [...app.querySelectorAll('.widget-hslider, .widget-toggle-buttons,'
      + ' .widget-dropdown, .jupyter-button, .widget-toggle-button')].filter(shown)
      .filter(e => !e.closest('.dtlearn-app-group'));
  const figures = [...app.querySelectorAll('img.dtlearn-figure')].filter(shown);
  const views = [...app.querySelectorAll('.dtlearn-treeview')].filter(shown)
    .filter(v => v.querySelector('.dtlearn-tv-node'));
  const cell = app.closest('.jp-OutputArea-output') || app.parentElement;
  const cellBox = box(cell);
  const trees = views.map(v => {
    const canvas = v.querySelector('.dtlearn-tv-canvas');
    const c = box(canvas);
    const root = v.querySelector('.dtlearn-tv-node .dtlearn-tv-box');
    const sel = v.querySelector('.dtlearn-tv-node.is-selected .dtlearn-tv-box');
    const path = v.querySelector('.dtlearn-tv-path');
    const visibleIn = (n) => { const r = box(n);
      return r.right > c.left && r.left < c.right && r.bottom > c.top && r.top < c.bottom
        && r.bottom > win.top && r.top < win.bottom; };
    const cue = v.querySelector('.dtlearn-tv-cue');
    return {
      root_in_view: visibleIn(root),
      selected_in_view: sel ? visibleIn(sel) : null,
      path_shown: !!(path && !path.hidden && shown(path)),
      overflows: canvas.scrollWidth > canvas.clientWidth + 1,
      cue_shown: !!(cue && !cue.hidden && shown(cue)),
      width: v.getBoundingClientRect().width, right: box(v).right,
      toolbar_px: Math.min(...[...v.querySelectorAll('.dtlearn-tv-button')]
        .map(b => parseFloat(getComputedStyle(b).fontSize))),
      min_font_px: (() => { const svg = v.querySelector('.dtlearn-tv-svg');
        const zoom = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        return Math.min(...[...svg.querySelectorAll('text')]
          .map(t => parseFloat(getComputedStyle(t).fontSize) * zoom)); })(),
    };
  });
  const sliders = [...app.querySelectorAll('.widget-hslider')].filter(shown).map(s => {
    const track = s.querySelector('.slider-container') || s.querySelector('.slider');
    return track ? track.getBoundingClientRect().width : 0;
  });
  return {
    app_height: app.getBoundingClientRect().height,
    window: {top: win.top, bottom: win.bottom, left: win.left, right: win.right},
    controls_in_window: controls.every(e => within(box(e), win)),
    controls_missing: controls.filter(e => !within(box(e), win)).map(e => [e.textContent.trim()
      || e.className, box(e)]).slice(0, 4),
    figures_in_window: figures.every(e => within(box(e), win)),
    app_fits_cell: app.scrollWidth <= app.clientWidth + 1 && box(app).right <= cellBox.right + 1,
    trees, sliders,
    clipped_labels: [...app.querySelectorAll('.widget-label, .widget-toggle-button,'
        + ' .jupyter-button')].filter(e => shown(e) && e.textContent.trim()
        && e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim()),
  };
}"""


def _accept_kernel_dialog(page):
    """JupyterLab may ask which kernel to start: accept the preselected one."""
    accept = page.locator(".jp-Dialog .jp-mod-accept")
    try:
        accept.wait_for(timeout=4000)
    except Exception:  # no dialog: fine
        return
    accept.click()


def _top(page, sel, inner=""):
    """Scroll the app's top (or the top of ``inner`` inside it) to the top of the notebook,
    as a reader who scrolled to it.

    JupyterLab renders the cells near the window only (windowing): cells drawn by a scroll
    change the heights above, so the scroll is repeated until the top stays in place.
    """
    for _ in range(5):
        off = page.evaluate(
            """([sel, inner]) => {
                let el = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .' + sel);
                if (inner) el = el.querySelector(inner);
                const scroller = el.closest('.jp-WindowedPanel-outer') || el.closest('.jp-Notebook');
                const off = el.getBoundingClientRect().top - scroller.getBoundingClientRect().top - 2;
                scroller.scrollTop += off;
                return off; }""",
            [sel, inner],
        )
        page.wait_for_timeout(150)
        if abs(off) < 3:
            break


GROUP = """(sel) => {
  const group = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .' + sel
    + ' .dtlearn-app-group');
  const win = (group.closest('.jp-WindowedPanel-outer') || group.closest('.jp-Notebook'))
    .getBoundingClientRect();
  const parts = [...group.querySelectorAll('.widget-dropdown, .widget-hslider, table')];
  return parts.every(p => { const r = p.getBoundingClientRect();
    return r.top >= win.top - 1 && r.top + Math.min(r.height, 120) <= win.bottom + 1; });
}"""


def _measure(page, sel):
    _top(page, sel)
    m = page.evaluate(MEASURE, sel)
    if page.locator(f".jp-NotebookPanel:visible .{sel} .dtlearn-app-group").count():
        _top(page, sel, ".dtlearn-app-group")
        m["group_on_one_screen"] = page.evaluate(GROUP, sel)
    return m


def _check(name, m, problems, font_px=13):
    """The one-screen rules for one app's measures; failures go to ``problems``."""
    if m["clipped_labels"]:
        problems.append(f"{name}: labels cut {m['clipped_labels']}")
    if not m["controls_in_window"]:
        problems.append(f"{name}: controls outside the window {m['controls_missing']}")
    if not m["figures_in_window"]:
        problems.append(f"{name}: figure not wholly in the window")
    if not m["app_fits_cell"]:
        problems.append(f"{name}: wider than its cell")
    if m.get("group_on_one_screen") is False:
        problems.append(f"{name}: a control group and its table not on one screen")
    for t in m["trees"]:
        if not (t["root_in_view"] or (t["selected_in_view"] and t["path_shown"])):
            problems.append(f"{name}: tree root (or selected node and path) not in view")
        if t["overflows"] and not t["cue_shown"]:
            problems.append(f"{name}: the tree scrolls sideways with no cue")
        if t["toolbar_px"] < TOOLBAR_PX - 1e-6:
            problems.append(f"{name}: toolbar text {t['toolbar_px']} px")
        if t["min_font_px"] < font_px - 1e-6:
            problems.append(f"{name}: node text {t['min_font_px']:.1f} px < {font_px}")
    small = [round(s) for s in m["sliders"] if s < SLIDER_PX]
    if small:
        problems.append(f"{name}: slider tracks {small} px")


def _kernel(page, code):
    page.evaluate(
        """async (code) => {
            const w = window.jupyterapp.shell.currentWidget;
            const future = w.sessionContext.session.kernel.requestExecute(
                {code, silent: false, store_history: false});
            await future.done;
        }""",
        code,
    )


def _status(page, sel):
    return page.evaluate(
        "(sel) => document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .' + sel"
        " + ' .dtlearn-app-status').innerText",
        sel,
    )


def _root_seen(page, sel):
    """After a step: every tree of the app shows its root, or its selected node and path."""
    m = _measure(page, sel)
    return all(
        t["root_in_view"] or (t["selected_in_view"] and t["path_shown"]) for t in m["trees"]
    ), m


def _step_through(page, nb, sel, button, n_max, problems, tag):
    """Press ``button`` until the status says done; the root stays in view after each."""
    app = nb.locator("." + sel)
    seen = 0
    for _ in range(n_max):
        before = _status(page, sel)
        if before.startswith("done"):
            break
        app.get_by_role("button", name=button).click()
        page.wait_for_function(
            "([sel, prev]) => document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .'"
            " + sel + ' .dtlearn-app-status').innerText !== prev",
            arg=[sel, before],
        )
        page.wait_for_timeout(150)  # the tree arrives in its own message
        ok, _ = _root_seen(page, sel)
        seen += 1
        if not ok:
            problems.append(f"{sel} {tag}: root out of view after step {seen} ({before[:40]})")
    return seen


def _scripted(page, nb, problems, tag):
    """The steps a lecture takes: every pruning step, a 14-way split, α along its path."""
    counts = {}
    for sel in ("nb07", "nb08b"):
        start = nb.locator("." + sel).get_by_role("button", name="◀◀ Start")
        if start.is_enabled():
            start.click()
            page.wait_for_timeout(300)
        counts[sel] = _step_through(page, nb, sel, "Next ▶", 40, problems, tag)
    # NB03: the 14-way split on id, then a split of one of its leaves
    builder = nb.locator(".nb03")
    builder.get_by_role("button", name="Reset").click()
    page.wait_for_timeout(300)
    builder.locator("select").select_option("id")
    builder.get_by_role("button", name="Split").click()
    page.wait_for_function(
        "document.querySelectorAll('.nb03 .dtlearn-tv-node').length === 15", timeout=20000
    )
    page.wait_for_timeout(300)
    ok, m = _root_seen(page, "nb03")
    if not ok:
        problems.append(f"nb03 {tag}: root out of view after the 14-way split")
    _check(f"nb03 {tag} after 14-way split", m, problems)
    # NB09: α along its whole path by keyboard
    ccp = nb.locator(".nb09")
    ccp.locator("[role='slider']").first.focus()
    page.keyboard.press("Home")
    page.wait_for_timeout(300)
    steps = 0
    for _ in range(40):
        before = _status(page, "nb09")
        page.keyboard.press("ArrowRight")
        try:
            page.wait_for_function(
                "(prev) => document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)"
                " .nb09 .dtlearn-app-status').innerText !== prev",
                arg=before,
                timeout=4000,
            )
        except Exception:  # the last α: nothing changes
            break
        page.wait_for_timeout(150)
        steps += 1
        ok, m = _root_seen(page, "nb09")
        if not ok:
            problems.append(f"nb09 {tag}: root out of view at α step {steps}")
        if not m["figures_in_window"] or not m["controls_in_window"]:
            problems.append(f"nb09 {tag}: slider and figure not on one screen at step {steps}")
    counts["nb09"] = steps
    return counts


def _predict_first(page, nb):
    """NB02's builder: no score before the choice; both side by side after it."""
    builder = nb.locator(".nb02")
    text = builder.inner_text()
    html = builder.evaluate("e => e.innerHTML")
    assert not any(w in text for w in ("gain", "ratio", "0.247")), text
    assert builder.locator(".dtlearn-winner").count() == 0
    assert "0.247" not in html and "information gain" not in html
    builder.locator("select").select_option("temperature")
    builder.get_by_role("button", name="Split").click()
    builder.locator(".dtlearn-comparison").wait_for(timeout=15000)
    comparison = builder.locator(".dtlearn-comparison").inner_text()
    assert "your choice: temperature" in comparison and "greedy ID3: outlook" in comparison
    assert "0.247" in comparison and "0.029" in comparison
    # a tree split by hand to the end: no leaf looks open
    builder.get_by_role("button", name="Reset").click()
    page.wait_for_function("document.querySelectorAll('.nb02 .dtlearn-tv-node').length === 1")
    for parent, attribute, n in ((0, "outlook", 4), (3, "windy", 6), (1, "humidity", 8)):
        builder.locator(f".dtlearn-tv-node[data-node-id='{parent}']").click()
        page.wait_for_timeout(300)
        builder.locator("select").select_option(attribute)
        builder.get_by_role("button", name="Split").click()
        page.wait_for_function(
            f"document.querySelectorAll('.nb02 .dtlearn-tv-node').length === {n}", timeout=15000
        )
    page.wait_for_timeout(300)
    assert builder.locator(".dtlearn-tv-node.is-open").count() == 0
    assert "(open)" not in builder.locator(".dtlearn-tv-svg").text_content()
    assert "100% training" in builder.locator(".dtlearn-app-status").inner_text()


def _static_export(page, tmp_path):
    """An executed notebook with stored widget state, exported to HTML, read offline."""
    import nbformat
    from nbclient import NotebookClient
    from nbconvert import HTMLExporter

    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(s)
        for s in (
            "import dtlearn as dt\nX, y = dt.load_play_tennis()",
            "dt.widgets.TreeView(dt.ID3Classifier().fit(X, y))",
            "dt.widgets.CriteriaExplorer()",
        )
    ]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        store_widget_state=True,
        resources={"metadata": {"path": str(tmp_path)}},
    ).execute()
    assert "widgets" in nb.metadata
    body, _ = HTMLExporter().from_notebook_node(nb)
    page_path = tmp_path / "exported.html"
    page_path.write_text(body, encoding="utf-8")
    blocked = []
    page.route(
        "**/*",
        lambda route: (
            route.continue_()
            if route.request.url.startswith(("file:", "data:"))
            else (blocked.append(route.request.url), route.abort())
        ),
    )
    page.goto(page_path.as_uri())
    page.wait_for_timeout(500)
    pictures = page.evaluate(
        """() => [...document.querySelectorAll('.dtlearn-export-fallback')].map(f => ({
            caption: f.querySelector('p:not(.dtlearn-static-note)').innerText,
            images: [...f.querySelectorAll('img')].map(i => ({
                w: i.getBoundingClientRect().width, natural: i.naturalWidth}))}))"""
    )
    page.unroute("**/*")
    return pictures, blocked


@pytest.mark.browser
def test_every_app_on_one_screen(lab, page, tmp_path):
    url, token, _ = lab
    page.set_default_timeout(30000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    try:
        _drive(page, url, token, tmp_path)
    except Exception:
        page.screenshot(path=str(SHOTS / "failure.png"))
        raise


def _drive(page, url, token, tmp_path):
    page.set_viewport_size({"width": 1366, "height": 768})
    workspace = f"t{uuid.uuid4().hex[:10]}"
    page.goto(f"{url}/lab/workspaces/{workspace}/tree/course_apps.ipynb?token={token}")
    page.wait_for_function("window.jupyterapp !== undefined", timeout=60000)
    nb = page.locator(".jp-NotebookPanel:visible")
    nb.locator(".jp-Notebook").wait_for(timeout=60000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60000)
    _accept_kernel_dialog(page)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    _accept_kernel_dialog(page)
    # the first cells start within a minute, or the run is asked for again
    try:
        nb.locator(".nb01").first.wait_for(timeout=60000)
    except Exception:
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    for sel in APPS:
        nb.locator("." + sel).first.wait_for(timeout=180000)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=180000)
    page.wait_for_timeout(1000)

    _predict_first(page, nb)

    problems: list[str] = []
    measured = {}
    for width, height, theme, presenter, files, scripted in SCREENS:
        tag = f"{width}x{height}_{theme}_{'presenter' if presenter else 'normal'}"
        page.set_viewport_size({"width": width, "height": height})
        left_open = page.evaluate("() => !window.jupyterapp.shell.leftCollapsed")
        if left_open != files:
            page.evaluate(
                "() => window.jupyterapp.commands.execute('application:toggle-left-area')"
            )
        page.evaluate(
            f"() => window.jupyterapp.commands.execute('apputils:change-theme',"
            f" {{theme: 'JupyterLab {theme.title()}'}})"
        )
        page.wait_for_selector(
            f"body[data-jp-theme-light='{str(theme == 'light').lower()}']", state="attached"
        )
        _kernel(page, f"dt.widgets.presenter({presenter})")
        page.wait_for_function(
            "(on) => [...document.querySelectorAll('.dtlearn-treeview')].every(v =>"
            " v.classList.contains('is-presenter') === on)",
            arg=presenter,
        )
        page.wait_for_timeout(600)
        measured[tag] = {}
        for sel in APPS:
            m = _measure(page, sel)
            measured[tag][sel] = m
            _check(f"{sel} {tag}", m, problems, 18 if presenter else 13)
            page.screenshot(path=str(SHOTS / f"{sel}_{tag}.png"))  # the screen, as seen
        if scripted:
            measured[tag]["steps"] = _scripted(page, nb, problems, tag)
    (SHOTS / "measured.json").write_text(json.dumps(measured, indent=1))
    print(
        "layout",
        json.dumps(
            {
                t: {
                    a: round(m["app_height"])
                    for a, m in v.items()
                    if isinstance(m, dict) and "app_height" in m
                }
                for t, v in measured.items()
            }
        ),
    )
    assert not problems, "\n".join(problems)
    assert page.console_errors == [], page.console_errors

    pictures, blocked = _static_export(page, tmp_path)
    assert len(pictures) == 2, pictures
    assert pictures[0]["caption"].startswith("TreeView: tree of play")
    assert pictures[1]["caption"].startswith("CriteriaExplorer: p = ")
    assert all(i["w"] > 100 and i["natural"] > 100 for p in pictures for i in p["images"])
    assert blocked  # the page asked for its widget scripts and got none: read offline
    page.screenshot(path=str(SHOTS / "static_export_offline.png"))
