"""The exam writers' whole output for a hand-made exam, and bank answers worked by hand.

A two-student exam of two hand-written questions (one numeric with a table, one multiple
choice with a picture) is written as Moodle XML, as text2qti source and as Typst sheets and
key; each text is compared with the one written out here from the formats' documentation
(Moodle's XML import format, text2qti's quiz syntax, Typst markup). The cost-sensitive
leaf question is checked against the expected costs computed from its own tables.
"""

import base64

import numpy as np

from dtlearn.exams.bank_trees import cost_leaf_question
from dtlearn.exams.exam import Exam, Sheet, Student
from dtlearn.exams.moodle import moodle_xml
from dtlearn.exams.qti import text2qti_source
from dtlearn.exams.question import Question, Table
from dtlearn.exams.typst_pdf import key_source, sheets_source

NUMERIC = Question(
    "entropy",
    "Entropy",
    'Compute H for "yes" & no.',
    (Table(("class", "count"), (("yes", "9"), ("no", "5")), "counts"),),
    answer=0.9403,
    tolerance=0.002,
    solution="H = 0.940\n  bits",
)
CHOICE = Question(
    "cost_leaf",
    "Leaf label",
    "Which label?",
    answer="ill",
    choices=("healthy", "ill"),
    solution="ill costs less",
    picture="<svg>t</svg>",
)


def exam():
    return Exam(
        "Trees <1>",
        "s",
        (
            Sheet(Student("ada", "Ada L."), "AB12CD", (NUMERIC, CHOICE)),
            Sheet(Student("bob"), "AB12CD", (NUMERIC, CHOICE)),
        ),
    )


def test_moodle_xml_by_hand():
    svg64 = base64.b64encode(b"<svg>t</svg>").decode("ascii")
    empty = '<feedback format="html"><text></text></feedback>'
    grades = "<defaultgrade>1.0000000</defaultgrade><penalty>0.3333333</penalty><hidden>0</hidden>"
    table = (
        '<table border="1" cellpadding="3" style="border-collapse:collapse">'
        "<caption>counts</caption><tr><th>class</th><th>count</th></tr>"
        "<tr><td>yes</td><td>9</td></tr><tr><td>no</td><td>5</td></tr></table>"
    )
    want = "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            "<quiz>",
            '<question type="category"><category><text>$course$/top/Trees &lt;1&gt;/01 entropy'
            "</text></category></question>",
            '<question type="numerical"><name><text>entropy AB12CD</text></name>'
            '<questiontext format="html"><text><![CDATA[<p>Compute H for &quot;yes&quot; &amp; no.'
            f"</p>{table}]]></text></questiontext>"
            '<generalfeedback format="html"><text><![CDATA[<pre>H = 0.940\n  bits</pre>]]></text>'
            f"</generalfeedback>{grades}"
            '<answer fraction="100" format="moodle_auto_format"><text>0.9403</text>'
            f"{empty}<tolerance>0.002</tolerance></answer>"
            "<unitgradingtype>0</unitgradingtype><unitpenalty>0.1000000</unitpenalty>"
            "<showunits>3</showunits><unitsleft>0</unitsleft></question>",
            '<question type="category"><category><text>$course$/top/Trees &lt;1&gt;/02 cost_leaf'
            "</text></category></question>",
            '<question type="multichoice"><name><text>cost_leaf AB12CD</text></name>'
            '<questiontext format="html"><text><![CDATA[<p>Which label?</p>'
            '<p><img src="@@PLUGINFILE@@/cost_leaf-AB12CD.svg" alt="the tree" '
            'style="max-width:100%"></p>]]></text>'
            f'<file name="cost_leaf-AB12CD.svg" path="/" encoding="base64">{svg64}</file>'
            "</questiontext>"
            '<generalfeedback format="html"><text><![CDATA[<pre>ill costs less</pre>]]></text>'
            f"</generalfeedback>{grades}<single>true</single>"
            "<shuffleanswers>true</shuffleanswers><answernumbering>abc</answernumbering>"
            '<correctfeedback format="html"><text><![CDATA[]]></text></correctfeedback>'
            '<partiallycorrectfeedback format="html"><text><![CDATA[]]></text>'
            "</partiallycorrectfeedback>"
            '<incorrectfeedback format="html"><text><![CDATA[]]></text></incorrectfeedback>'
            f'<answer fraction="0" format="html"><text><![CDATA[healthy]]></text>{empty}</answer>'
            f'<answer fraction="100" format="html"><text><![CDATA[ill]]></text>{empty}</answer>'
            "</question>",
            "</quiz>",
        ]
    )
    assert moodle_xml(exam()) == want + "\n"


def test_text2qti_source_by_hand():
    pictures = {}
    source = text2qti_source(exam(), pictures)
    assert source == "\n".join(
        [
            r"Quiz title: Trees \<1\>",
            "Quiz description: per-student variants drawn by dtlearn.exams",
            "",
            "GROUP",
            "pick: 1",
            "points per question: 1",
            "",
            'Title: entropy AB12CD\nPoints: 1\n1.  Compute H for "yes" & no.\n\n'
            "    *counts*\n\n    | class | count |\n    |---|---|\n    | yes | 9 |\n"
            "    | no | 5 |\n\n... Worked solution:\n\n        H = 0.940\n          bits\n\n"
            "=   0.9403 +- 0.002\n",
            "END_GROUP",
            "",
            "GROUP",
            "pick: 1",
            "points per question: 1",
            "",
            "Title: cost_leaf AB12CD\nPoints: 1\n2.  Which label?\n\n"
            "    ![the tree](cost_leaf-AB12CD.svg)\n\n... Worked solution:\n\n"
            "        ill costs less\n\na)  healthy\n*b) ill\n",
            "END_GROUP",
            "",
        ]
    )
    assert pictures == {"cost_leaf-AB12CD.svg": "<svg>t</svg>"}


PREAMBLE = (
    "#set document(title: {})\n"
    '#set text(size: 10pt, font: ("Libertinus Serif", "New Computer Modern"))\n'
    '#show raw: set text(size: 8pt, font: "DejaVu Sans Mono")\n'
    "#set par(justify: false)\n"
)


def page(header):
    return (
        '#set page(paper: "a4", margin: 1.8cm, header: align(right, '
        f'text(size: 8pt, "{header}")))\n'
    )


def test_typst_sheets_by_hand():
    pictures = {}
    questions = (
        '=== 1. #"Entropy"\n'
        '#"Compute H for \\"yes\\" & no."\n\n'
        '#text(style: "italic", "counts")\n'
        '#table(columns: 2, inset: 4pt, align: left, table.header("class", "count"), '
        '"yes", "9", "no", "5")\n'
        "#v(4pt)\nAnswer: #box(width: 5cm, stroke: (bottom: 0.5pt))\n#v(8pt)\n"
        '=== 2. #"Leaf label"\n#"Which label?"\n\n'
        '#image("tree-AB12CD-2.svg", width: 75%)\n'
        '#list([☐ #"healthy"], [☐ #"ill"])\n#v(8pt)\n'
    )
    intro = "Give numbers to the decimals asked; show your working on the sheet.\n\n"
    assert sheets_source(exam(), pictures) == (
        PREAMBLE.format('"Trees <1>"')
        + page("Trees <1> — Ada L. (ada) — variant AB12CD")
        + '= #"Trees <1>"\n#"Student: Ada L. (ada)" #h(1fr) #"Variant AB12CD"\n\n'
        + intro
        + questions
        + page("Trees <1> — bob (bob) — variant AB12CD")
        + "#pagebreak(weak: true)\n"
        + '= #"Trees <1>"\n#"Student: bob (bob)" #h(1fr) #"Variant AB12CD"\n\n'
        + intro
        + questions
    )
    assert pictures == {"tree-AB12CD-2.svg": "<svg>t</svg>"}


def test_typst_key_by_hand():
    assert key_source(exam(), {}) == (
        PREAMBLE.format('"Trees <1> — answer key"')
        + page("Trees <1> — answer key — variant AB12CD")
        + '= #"Answer key, variant AB12CD"\n#"Students: ada, bob"\n\n'
        + '=== 1. #"Entropy"\n*#"Answer: 0.9403  (accepted: ± 0.002)"*\n\n'
        + '#raw(block: true, "H = 0.940\\n  bits")\n'
        + '=== 2. #"Leaf label"\n*#"Answer: ill  (choices: healthy, ill)"*\n\n'
        + '#raw(block: true, "ill costs less")\n'
    )


def test_cost_leaf_question_seed_5_by_hand():
    q = cost_leaf_question(np.random.default_rng(5))
    # counts 8 healthy, 6 ill; missing an ill patient costs 2, a false alarm 1:
    # predict healthy: 6/14 * 2 = 0.8571; predict ill: 8/14 * 1 = 0.5714 -> ill
    assert q.data == {"counts": [8, 6], "cost": [[0, 1], [2, 0]], "classes": ["healthy", "ill"]}
    assert (q.answer, q.choices, q.numeric) == ("ill", ("healthy", "ill"), False)
    assert q.solution == (
        "class counts at the leaf: healthy 8, ill 6 (p = 0.5714, 0.4286)\n"
        "expected cost of predicting healthy = 0.5714·0 + 0.4286·2 = 0.8571\n"
        "expected cost of predicting ill = 0.5714·1 + 0.4286·0 = 0.5714\n"
        "least expected cost: ill (dt.CARTClassifier(cost_matrix=...) predicts ill; "
        "the majority class is healthy)"
    )
    assert [t.to_dict() for t in q.tables] == [
        {"caption": "", "header": ["class", "count"], "rows": [["healthy", "8"], ["ill", "6"]]},
        {
            "caption": "cost matrix",
            "header": ["true \\ predicted", "healthy", "ill"],
            "rows": [["healthy", "0", "1"], ["ill", "2", "0"]],
        },
    ]


def test_cost_leaf_questions_mostly_overrule_the_majority():
    """The answer is the least expected cost from the tables; most draws differ from the
    majority class (a question whose answer is the majority teaches nothing about costs)."""
    overruled = 0
    for seed in range(60):
        q = cost_leaf_question(np.random.default_rng(seed))
        counts = np.array([int(n) for _, n in q.tables[0].rows])
        cost = np.array([[int(v) for v in row[1:]] for row in q.tables[1].rows])
        expected = counts @ cost  # total cost of predicting each class
        assert expected[0] != expected[1]
        assert q.answer == q.choices[int(np.argmin(expected))]
        majority = q.choices[int(np.argmax(counts))]
        assert q.solution.endswith(f"the majority class is {majority})")
        overruled += q.answer != majority
    assert overruled >= 40
