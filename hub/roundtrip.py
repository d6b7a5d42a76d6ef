"""The nbgrader exchange, for real, on one machine: release, fetch, submit, collect, autograde.

Usage (from the repository root, in the environment that has nbgrader)::

    python hub/roundtrip.py WORKDIR [--assignment hw1] [--students 2]

``WORKDIR`` (created, must not exist) receives an exchange folder (``exchange/``, mode
1777 as on a hub), the grader's home with ``hub/nbgrader_config_grader.py`` as its
``nbgrader_config.py`` and a private copy of ``instructor/homework`` as the course folder
(with a fresh ``grading_secret``), and one home per student with ``hub/nbgrader_config_student.py``. Then, as on a hub:

1. the grader runs ``nbgrader generate_assignment`` and ``release_assignment``;
2. the students alternate between the two ways homework reaches them: ``nbgrader
   fetch_assignment`` (``~/hwN``), or the copy in the student repository that nbgitpuller
   clones (``~/dtlearn-course/homework/hwN``, written by tools/student_repo.py); even-numbered
   students fill in the reference solution, odd-numbered ones hand in the untouched stubs;
   each runs ``nbgrader submit PATH --student NAME`` (the ``--student`` stands in for the hub
   user name nbgrader reads from ``JUPYTERHUB_USER`` in a container);
3. the grader runs ``nbgrader collect``, ``autograde`` (one call for every submission, timed),
   the similarity report (``python -m dtlearn.exercises.homework.similarity``, docs/EXAMS.md),
   ``generate_feedback`` and ``release_feedback``; the students ``fetch_feedback``.

It prints one JSON object: the autograded score of every student, the wall and CPU seconds
of each step (``NAME`` and ``NAME_cpu``: CPU time is what a busy machine does not inflate),
the autograde seconds per submission, the warnings autograde logged and the similarity
report's ranked pairs (``[submission, other, score]``). tests/test_hub_config.py
runs it with two students; docs/HUB.md quotes its timings.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import resource
import secrets
import shutil
import subprocess
import sys
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
HUB = ROOT / "hub"
HOMEWORK = ROOT / "instructor" / "homework"
MARKER_LINE = re.compile(r"\s*### (BEGIN|END) (SOLUTION|HIDDEN TESTS)\s*$")


class StepFailed(RuntimeError):
    """An nbgrader command that exited with an error."""


def _env(home: Path, config: Path, work: Path) -> dict:
    """A user's environment: own home and Jupyter config folder, the shared exchange."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("JUPYTERHUB_USER", "DTLEARN_SEED", "JUPYTER_CONFIG_DIR", "JUPYTER_PATH")
    }
    jupyter = home / ".jupyter"
    jupyter.mkdir(parents=True, exist_ok=True)
    shutil.copy(config, jupyter / "nbgrader_config.py")
    env.update(
        HOME=str(home),
        JUPYTER_CONFIG_DIR=str(jupyter),
        JUPYTER_PLATFORM_DIRS="1",
        NBGRADER_EXCHANGE=str(work / "exchange"),
        DTLEARN_COURSE_DIR=str(work / "grader" / "course"),
        # nbgrader calls `alembic` (gradebook migrations) from PATH
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
    )
    return env


def _children_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes so far.

    Unlike wall time, a busy machine does not inflate it.
    """
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def grader_env(work: Path) -> dict:
    """The grading account's environment of a round trip's work folder."""
    return _env(work / "grader", HUB / "nbgrader_config_grader.py", work)


def nbgrader(args: list[str], cwd: Path, env: dict, times: dict, label: str) -> str:
    """Run one nbgrader command, time it under ``label``; its log (stderr + stdout)."""
    start, cpu = time.perf_counter(), _children_cpu()
    done = subprocess.run(
        [sys.executable, "-m", "nbgrader", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    times[label] = round(times.get(label, 0) + time.perf_counter() - start, 2)
    times[f"{label}_cpu"] = round(times.get(f"{label}_cpu", 0) + _children_cpu() - cpu, 2)
    if done.returncode != 0:
        raise StepFailed(f"nbgrader {' '.join(args)} failed:\n{done.stdout}{done.stderr}")
    return done.stderr + done.stdout


def fill_reference(path: Path, source: Path) -> None:
    """Put the instructor's solutions (markers removed) into a student's notebook."""
    solutions = {
        c.metadata["nbgrader"]["grade_id"]: c.source
        for c in nbformat.read(source, as_version=4).cells
        if c.metadata.get("nbgrader", {}).get("solution")
    }
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id in solutions:
            cell.source = "\n".join(
                line for line in solutions[grade_id].split("\n") if not MARKER_LINE.match(line)
            )
    nbformat.write(nb, path)


def grading_course(work: Path) -> Path:
    """Make ``work`` (must not exist): the exchange (mode 1777) and the grader's course folder.

    The course folder, ``work/grader/course``, holds the course's ``nbgrader_config.py``,
    a copy of ``instructor/homework/source`` and a fresh grading secret; it is where
    :func:`grader_env` points nbgrader. Returns the course folder.
    """
    work = Path(work).resolve()
    work.mkdir(parents=True)
    exchange = work / "exchange"
    exchange.mkdir()
    exchange.chmod(0o1777)
    course = work / "grader" / "course"
    course.mkdir(parents=True)
    shutil.copy(HOMEWORK / "nbgrader_config.py", course)
    shutil.copytree(HOMEWORK / "source", course / "source")
    # the grading secret (hidden cases, docs/GRADING.md): the grader's own, never shared
    (course / "grading_secret").write_text(secrets.token_hex(16) + "\n")
    (course / "grading_secret").chmod(0o600)
    return course


def similarity(course: Path, assignment: str, env: dict, times: dict) -> Path:
    """The grader's step after autograde: the similarity report (docs/EXAMS.md), timed.

    Runs ``python -m dtlearn.exercises.homework.similarity COURSE assignment`` as the
    grader does; returns the CSV it writes (the HTML is beside it).
    """
    start, cpu = time.perf_counter(), _children_cpu()
    done = subprocess.run(
        [sys.executable, "-m", "dtlearn.exercises.homework.similarity", str(course), assignment],
        cwd=course,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    times["similarity"] = round(time.perf_counter() - start, 2)
    times["similarity_cpu"] = round(_children_cpu() - cpu, 2)
    if done.returncode != 0:
        raise StepFailed(f"the similarity report failed:\n{done.stdout}{done.stderr}")
    return course / "reports" / "similarity" / f"{assignment}.csv"


def roundtrip(work: Path, assignment: str = "hw1", students: int = 2) -> dict:
    """Run the whole exchange in ``work``; the report (see the module docstring)."""
    sys.path.insert(0, str(ROOT / "tools"))
    import student_repo

    work = Path(work).resolve()
    course = grading_course(work)
    grader = grader_env(work)
    times: dict = {}

    nbgrader(["generate_assignment", assignment, "--force"], course, grader, times, "generate")
    nbgrader(["release_assignment", assignment], course, grader, times, "release")
    repo = work / "student-repo"
    student_repo.build(repo)
    names = [f"student{i + 1}" for i in range(students)]
    expected = {}
    for index, name in enumerate(names):
        home = work / "students" / name
        env = _env(home, HUB / "nbgrader_config_student.py", work)
        if index == 0:  # what the Assignment List shows
            listed = nbgrader(["list"], home, env, times, "list")
            if f"dtlearn {assignment}" not in listed:
                raise StepFailed(f"nbgrader list does not show {assignment}: {listed}")
        if index % 2 == 0:  # fetched through the exchange (Assignment List)
            nbgrader(["fetch_assignment", assignment], home, env, times, "fetch")
            folder, cwd, path = home / assignment, home, assignment
        else:  # the nbgitpuller copy of the student repository
            shutil.copytree(repo, home / "dtlearn-course")
            cwd = home / "dtlearn-course"
            folder, path = cwd / "homework" / assignment, f"homework/{assignment}"
        reference = index % 4 in (0, 3)
        if reference:
            fill_reference(
                folder / f"{assignment}.ipynb",
                course / "source" / assignment / f"{assignment}.ipynb",
            )
        expected[name] = "reference" if reference else "stubs"
        nbgrader(["submit", path, "--student", name], cwd, env, times, "submit")
    nbgrader(["collect", assignment], course, grader, times, "collect")
    log = nbgrader(["autograde", assignment], course, grader, times, "autograde")
    report = similarity(course, assignment, grader, times)
    with open(report, newline="", encoding="utf-8") as handle:
        pairs = [
            (row["submission"], row["other"], float(row["score"])) for row in csv.DictReader(handle)
        ]
    nbgrader(["generate_feedback", assignment], course, grader, times, "generate_feedback")
    nbgrader(["release_feedback", assignment], course, grader, times, "release_feedback")
    feedback = {}
    for name in names:
        home = work / "students" / name
        env = _env(home, HUB / "nbgrader_config_student.py", work)
        nbgrader(
            ["fetch_feedback", assignment, "--student", name], home, env, times, "fetch_feedback"
        )
        feedback[name] = sorted(str(p.relative_to(home)) for p in home.rglob("feedback/*/*.html"))

    from nbgrader.api import Gradebook

    scores = {}
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        for name in names:
            sub = gb.find_submission_notebook(assignment, assignment, name)
            scores[name] = {g.name: g.score for g in sub.grades if g.cell.cell_type == "code"}
    warnings = [line.strip() for line in log.splitlines() if "WARNING" in line]
    return {
        "work": str(work),
        "assignment": assignment,
        "students": expected,
        "scores": scores,
        "feedback": feedback,
        "seconds": times,
        "similarity": {"report": str(report.with_suffix(".html")), "pairs": pairs},
        "autograde_seconds_per_submission": round(times["autograde"] / students, 2),
        "autograde_cpu_seconds_per_submission": round(times["autograde_cpu"] / students, 2),
        "autograde_warnings": warnings,
    }


def main(argv: list[str] | None = None) -> None:
    """Command line: ``WORKDIR [--assignment hw1] [--students 2]``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("work", type=Path)
    parser.add_argument("--assignment", default="hw1")
    parser.add_argument("--students", type=int, default=2)
    args = parser.parse_args(argv)
    print(json.dumps(roundtrip(args.work, args.assignment, args.students), indent=1))


if __name__ == "__main__":
    main()
