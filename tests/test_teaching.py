"""docs/TEACHING.md, the instructor's runbook, run as written: every ``bash`` block of it, in
order, read from the file, so the page and this test cannot drift.

A grading account and two students (``alice``, ``bob``) in scratch homes on this machine,
one nbgrader exchange folder. The students' servers run as the Unix user running the tests
(not ``jovyan``), with the hub's student config and ``JUPYTERHUB_USER`` set, as on a hub
whose servers share one Unix user. The test replaces the runbook's Settings block (its two
repository addresses) with scratch repositories: a private grading clone (this checkout's
homework, package version and configs) and a student repository made by
``tools/student_repo.py`` (with this checkout's wheel). Between the runbook's steps it plays
the people: both students hand in the reference solution (bob after the due date), graders
give the written answer 2 and 1 points through formgrader's own API (what its Manual Grading
page sends).
"""

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUNBOOK = ROOT / "docs" / "TEACHING.md"
BLOCK = re.compile(r"^```bash\n(.*?)^```", re.M | re.S)
STEPS = [
    "settings",
    "once",
    "once",
    "once",
    "session",
    "grader: release",
    "student: fetch",
    "student: submit",
    "grader: collect and autograde",
    "server: formgrader (stop it with Ctrl-C when the grading is done)",
    "grader: feedback and export",
    "student: fetch feedback",
]
STUDENTS = ["alice", "bob"]
DUE = "2026-12-07 23:59:00 UTC"
SUBMITTED = {
    "alice": "2026-12-06 20:00:00.000000 UTC",  # on time
    "bob": "2026-12-08 09:30:00.000000 UTC",
}  # late: penalty "zero"
WRITTEN = {"alice": 2, "bob": 1}  # hw1_explain, out of 2


def blocks():
    """(label, commands) of every bash block of the runbook, in order."""
    found = []
    for body in BLOCK.findall(RUNBOOK.read_text(encoding="utf-8")):
        first, _, rest = body.partition("\n")
        assert first.startswith("# "), f"a runbook block must start with its label: {body!r}"
        found.append((first[2:].strip(), rest))
    return found


def test_the_runbook_is_the_sequence_this_test_runs():
    assert [label for label, _ in blocks()] == STEPS
    settings = dict(re.findall(r"^(\w+)=(\S+)", blocks()[0][1], re.M))
    assert sorted(settings) == ["COURSE_REPO", "GRADING_REPO"]
    text = RUNBOOK.read_text()
    # the written answers and their points, as the homework sources give them
    assert "`hw1_explain` (2 points)" in text and "`hw2_ties` (2 points)" in text
    assert "`hw3_argue` (4 points)" in text
    assert f'--duedate="{DUE}"' in text


def _git_repo(folder, message):
    git = ["git", "-C", str(folder), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(["git", "init", "-q", "-b", "main", str(folder)], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-q", "-m", message], check=True)


def _grading_clone(where):
    """What the runbook needs of the private clone: the homework course folder (sources,
    nbgrader config), the package version, the hub configs, .gitignore."""
    for name in [
        ".gitignore",
        "dtlearn/__init__.py",
        "hub/nbgrader_config_grader.py",
        "hub/nbgrader_config_student.py",
        "instructor/homework/nbgrader_config.py",
    ]:
        (where / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, where / name)
    shutil.copytree(
        ROOT / "instructor" / "homework" / "source",
        where / "instructor" / "homework" / "source",
        ignore=shutil.ignore_patterns(".ipynb_checkpoints"),
    )
    _git_repo(where, "private grading clone")


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Course:
    """The scratch machine: homes, exchange, environments; runs the runbook's blocks."""

    def __init__(self, work):
        self.work = work
        self.exchange = work / "exchange"
        self.exchange.mkdir()
        self.exchange.chmod(0o1777)
        grading, course = work / "repos" / "dtlearn-grading", work / "repos" / "dtlearn-course"
        _grading_clone(grading)
        sys.path.insert(0, str(ROOT / "tools"))
        try:
            import student_repo
        finally:
            sys.path.pop(0)
        student_repo.build(course)
        _git_repo(course, "student repository")
        self.settings = f"GRADING_REPO={grading}\nCOURSE_REPO={course}\n"
        venv_bin = str(Path(sys.executable).parent)
        path = os.pathsep.join(p for p in os.environ["PATH"].split(os.pathsep) if p != venv_bin)
        real_home = Path(os.environ.get("HOME", "/root"))
        self.base = {
            k: v
            for k, v in os.environ.items()
            if k
            not in (
                "PYTHONPATH",
                "VIRTUAL_ENV",
                "JUPYTERHUB_USER",
                "DTLEARN_SEED",
                "JUPYTER_CONFIG_DIR",
                "JUPYTER_PATH",
                "JUPYTER_DATA_DIR",
                "JUPYTER_PLATFORM_DIRS",
                "DTLEARN_GRADING_SECRET",
                "DTLEARN_COURSE_DIR",
                "MPLBACKEND",
            )
        }
        self.base.update(
            PATH=path,
            NBGRADER_EXCHANGE=str(self.exchange),
            # the installers' caches of this machine (the homes are new)
            UV_CACHE_DIR=os.environ.get("UV_CACHE_DIR", str(real_home / ".cache" / "uv")),
            PIP_CACHE_DIR=str(real_home / ".cache" / "pip"),
        )
        self.grader_home = work / "grader"
        self.grader_home.mkdir()
        self.session = ""
        self.logs = []

    def grader_env(self):
        return {**self.base, "HOME": str(self.grader_home)}

    def student_env(self, name):
        home = self.work / "students" / name
        if not home.exists():  # the user image's /etc/jupyter/nbgrader_config.py
            (home / ".jupyter").mkdir(parents=True)
            shutil.copy(
                ROOT / "hub" / "nbgrader_config_student.py",
                home / ".jupyter" / "nbgrader_config.py",
            )
        grading_bin = self.grader_home / "grading-env" / "bin"  # nbgrader, as in the image
        return {
            **self.base,
            "HOME": str(home),
            "JUPYTERHUB_USER": name,
            "PATH": f"{grading_bin}{os.pathsep}{self.base['PATH']}",
        }

    def run(self, label, commands, env, prelude=""):
        script = "set -euo pipefail\n" + self.settings + prelude + commands
        start = time.perf_counter()
        done = subprocess.run(
            ["bash", "-c", script],
            env=env,
            cwd=env["HOME"],
            capture_output=True,
            text=True,
            timeout=1500,
        )
        self.logs.append((label, round(time.perf_counter() - start, 1), done.stdout + done.stderr))
        (self.work / "steps.log").write_text(
            "\n".join(f"{t:7.1f} s  {name}" for name, t, _ in self.logs) + "\n"
        )
        assert done.returncode == 0, f"runbook step {label!r} failed:\n{done.stdout}{done.stderr}"
        return done.stdout + done.stderr


def _api(base, token, path, data=None):
    request = urllib.request.Request(
        base + path,
        method="PUT" if data is not None else "GET",
        data=None if data is None else json.dumps(data).encode(),
        headers={"Authorization": f"token {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def _grade_written_answers(course, commands):
    """Start the runbook's formgrader server, give each written answer its points as the
    Manual Grading page does (PUT /formgrader/api/grade/ID), stop the server."""
    port = _free_port()
    token = "runbook-test-token"
    commands = commands.replace("--port=8899", f"--port={port}")
    if os.geteuid() == 0:  # Jupyter refuses root without it (tests run as root in CI)
        commands = commands.rstrip("\n") + " --allow-root\n"
    env = {**course.grader_env(), "JUPYTER_TOKEN": token}
    log = course.work / "formgrader.log"
    with open(log, "w") as out:
        server = subprocess.Popen(
            ["bash", "-c", course.session + commands],
            env=env,
            cwd=course.grader_home,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(240):
            try:
                status = _api(base, token, "/formgrader/api/status")
                break
            except OSError:
                assert server.poll() is None, log.read_text()[-3000:]
                time.sleep(0.5)
        else:
            raise AssertionError(f"formgrader did not answer:\n{log.read_text()[-3000:]}")
        assert status == {"status": True}
        submissions = _api(base, token, "/formgrader/api/submitted_notebooks/hw1/hw1")
        assert sorted(s["student"] for s in submissions) == STUDENTS
        for submission in submissions:
            assert submission["needs_manual_grade"]
            grades = _api(base, token, f"/formgrader/api/grades?submission_id={submission['id']}")
            (written,) = [g for g in grades if g["name"] == "hw1_explain"]
            assert written["max_score"] == 2 and written["needs_manual_grade"]
            answer = _api(
                base,
                token,
                f"/formgrader/api/grade/{written['id']}",
                {"manual_score": WRITTEN[submission["student"]]},
            )
            assert answer["manual_score"] == WRITTEN[submission["student"]]
            assert not answer["needs_manual_grade"]
    finally:
        os.killpg(server.pid, signal.SIGINT)
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def _submitted_at(exchange, times):
    """Give each inbound submission its hand-in time (folder name and timestamp.txt)."""
    inbound = next(exchange.rglob("inbound"))
    for folder in sorted(inbound.iterdir()):
        student, assignment, _, rest = folder.name.split("+", 3)
        stamp = times[student]
        (folder / "timestamp.txt").write_text(stamp)
        folder.rename(folder.with_name("+".join([student, assignment, stamp, rest])))


@pytest.fixture(scope="module")
def runbook(tmp_path_factory):
    sys.path.insert(0, str(ROOT / "hub"))
    try:
        import roundtrip as helpers  # hub/roundtrip.py: the instructor's solutions, filled in
    finally:
        sys.path.pop(0)

    work = tmp_path_factory.mktemp("teaching")
    course = Course(work)
    steps = blocks()
    assert [label for label, _ in steps] == STEPS
    grading_course = course.grader_home / "dtlearn-grading" / "instructor" / "homework"
    for label, commands in steps[1:]:
        if label == "session":
            course.session = commands
        elif label == "once":
            course.run(label, commands, course.grader_env())
        elif label.startswith("grader:"):
            course.run(label, commands, course.grader_env(), course.session)
        elif label.startswith("student:"):
            for name in STUDENTS:
                if label == "student: submit":  # they did their homework
                    helpers.fill_reference(
                        course.work / "students" / name / "hw1" / "hw1.ipynb",
                        grading_course / "source" / "hw1" / "hw1.ipynb",
                    )
                course.run(f"{label} ({name})", commands, course.student_env(name))
            if label == "student: submit":
                _submitted_at(course.exchange, SUBMITTED)
        elif label.startswith("server:"):
            _grade_written_answers(course, commands)
        else:
            raise AssertionError(f"a runbook step this test does not know: {label}")
    return course


def test_grades_in_the_csv_add_the_written_answer_and_the_late_penalty(runbook):
    import csv

    with (runbook.grader_home / "grades.csv").open() as table:
        rows = {row["student_id"]: row for row in csv.DictReader(table)}
    assert sorted(rows) == STUDENTS  # the hub user names, not the Unix user
    for name in STUDENTS:
        row = rows[name]
        assert row["assignment"] == "hw1" and float(row["max_score"]) == 10
        assert float(row["raw_score"]) == 8 + WRITTEN[name]  # autograde + by hand
    assert float(rows["alice"]["late_submission_penalty"]) == 0
    assert float(rows["alice"]["score"]) == 10
    # "zero" takes the points autograde gave (8); the point graders gave the written answer
    # afterwards stays (nbgrader computes the penalty once, at autograde: TEACHING.md says so)
    assert float(rows["bob"]["late_submission_penalty"]) == 8
    assert float(rows["bob"]["score"]) == WRITTEN["bob"]
    assert rows["bob"]["duedate"].startswith("2026-12-07 23:59:00")


def test_each_student_fetched_their_own_feedback(runbook):
    for name in STUDENTS:
        home = runbook.work / "students" / name
        (page,) = home.glob("hw1/feedback/*/hw1.html")
        text = page.read_text()
        assert "hw1_explain" in text or "Score" in text
        score = re.search(r"Score: ([\d.]+) / ([\d.]+)", text)
        assert score and float(score[2]) == 10, score
        # what counts: alice all of it, bob (late, "zero") only the hand-given point
        assert float(score[1]) == {"alice": 8 + WRITTEN["alice"], "bob": WRITTEN["bob"]}[name]


def test_the_student_id_is_the_hub_user_whatever_the_unix_user(runbook):
    """The servers ran as this Unix user, not jovyan: nbgrader alone would have filed every
    submission under it. The hub config made each id the hub user name, so the seed of the
    numbers a student saw (JUPYTERHUB_USER) is the seed grading used (the student id)."""
    import getpass

    from nbgrader.utils import get_username

    from dtlearn.exercises.homework.autograde import seed_of

    assert getpass.getuser() != "jovyan" and get_username() == getpass.getuser()
    course = runbook.grader_home / "dtlearn-grading" / "instructor" / "homework"
    assert sorted(p.name for p in (course / "submitted").iterdir()) == STUDENTS
    for name in STUDENTS:
        seen = subprocess.run(
            [
                sys.executable,
                "-c",
                "from dtlearn.exercises.registry import student_seed; print(student_seed())",
            ],
            env={**runbook.student_env(name), "PATH": os.environ["PATH"]},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        assert int(seen) == seed_of(name) != seed_of(getpass.getuser())


def test_the_secret_and_student_data_stay_out_of_git(runbook):
    clone = runbook.grader_home / "dtlearn-grading"
    course = clone / "instructor" / "homework"
    assert (course / "grading_secret").stat().st_mode & 0o077 == 0
    for name in [
        "gradebook.db",
        "submitted",
        "autograded",
        "feedback",
        "release",
        "reports/similarity/hw1.html",
    ]:
        assert (course / name).exists(), name
    status = subprocess.run(
        ["git", "-C", str(clone), "status", "--porcelain", "--ignored=no"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert status.stdout == ""
