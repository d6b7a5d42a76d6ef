"""The similarity report as one HTML page: the ranking, then each pair side by side.

The page says first that it is never a verdict; each pair shows both sides' normalised
code with the lines holding matched code highlighted. Self-contained (no script, no
network): it opens from a grader's disk.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

__all__ = ["NEVER_A_VERDICT", "report_html"]

NEVER_A_VERDICT = (
    "This report ranks pairs of code by how much they share, for a person to read. It is "
    "never a verdict: two students can write the same textbook formula, work from the same "
    "lecture example or keep the released template, and a copy can be rewritten until it "
    "shares little. Read the pairs at the top side by side before drawing any conclusion."
)
"""What the report says before anything else."""

_STYLE = """
body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
.note{background:#fff6d5;border:1px solid #e0c860;padding:.7em 1em;max-width:60em}
table.rank{border-collapse:collapse;margin:1em 0}
table.rank td,table.rank th{border:1px solid #ccc;padding:.2em .6em;text-align:left}
.pair{margin:1.5em 0;border-top:2px solid #888}
.sides{display:flex;gap:1em}
.side{flex:1;min-width:0}
pre{background:#f7f7f7;padding:.5em;font-size:12px;line-height:1.35;white-space:pre-wrap;
overflow-wrap:anywhere}
.hit{background:#ffd7a8;display:block}
"""


def _code_html(text: str, lines: Sequence[int]) -> str:
    marked = set(lines)
    out = []
    for i, line in enumerate(text.splitlines()):
        escaped = html.escape(line) or " "
        out.append(f'<span class="hit">{escaped}</span>' if i in marked else escaped + "\n")
    return "".join(out)


def report_html(report, top: int = 50) -> str:
    """The page of a :class:`~.similarity.SimilarityReport`: the ranking, the top pairs.

    Examples
    --------
    >>> from dtlearn.exercises.homework.similarity import compare
    >>> page = report_html(compare({"a": ["x = 1"], "b": ["y = 2"]}))
    >>> "Never a verdict." in page, "0 pairs share code" in page
    (True, True)
    """
    title = f"Similarity report{' — ' + report.homework if report.homework else ''}"
    rows = "".join(
        f"<tr><td>{r['rank']}</td><td><a href='#pair{r['rank']}'>{html.escape(r['submission'])}"
        f"</a></td><td>{html.escape(r['other'])}</td><td>{r['kind']}</td>"
        f"<td>{r['score']:.0%}</td><td>{r['submission_share']:.0%}</td>"
        f"<td>{r['other_share']:.0%}</td><td>{r['matched_tokens']}</td></tr>"
        for r in report.rows()[:top]
    )
    sections = []
    for rank, pair in enumerate(report.pairs[:top], 1):
        sections.append(
            f"<div class='pair' id='pair{rank}'><h3>{rank}. {html.escape(pair.left.name)} — "
            f"{html.escape(pair.right.name)} ({pair.kind}): {pair.score:.0%} shared</h3>"
            f"<div class='sides'><div class='side'><b>{html.escape(pair.left.name)}</b> "
            f"({pair.left_share:.0%} of it matched)<pre>"
            f"{_code_html(pair.left.code.text, pair.left_lines)}</pre></div>"
            f"<div class='side'><b>{html.escape(pair.right.name)}</b> ({pair.right_share:.0%} "
            f"of it matched)<pre>{_code_html(pair.right.code.text, pair.right_lines)}</pre>"
            f"</div></div></div>"
        )
    return (
        f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{title}</title>"
        f"<style>{_STYLE}</style></head><body><h1>{title}</h1>"
        f"<p class='note'><b>Never a verdict.</b> {NEVER_A_VERDICT}</p>"
        f"<p>{report.students} submissions compared with each other, the reference "
        f"solution and {report.library} library functions the homework forbids, in "
        f"{report.seconds:.1f} s. Code is shown normalised (no comments or docstrings, "
        f"one layout, the pieces of all cells sorted); highlighted lines hold matched "
        f"code (copydetect, winnowing). {len(report.pairs)} pairs share code; the top "
        f"{min(top, len(report.pairs))} are shown.</p>"
        f"<table class='rank'><tr><th>#</th><th>submission</th><th>compared with</th>"
        f"<th>kind</th><th>score</th><th>share of submission</th><th>share of other</th>"
        f"<th>matched</th></tr>{rows}</table>{''.join(sections)}</body></html>"
    )
