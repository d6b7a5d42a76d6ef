"""The hub side (hub/, docs/HUB.md): the configuration files load and set only traits their
programs know, and the nbgrader exchange works end to end with them on this machine
(hub/roundtrip.py: release, fetch or the nbgitpuller copy, submit, collect, autograde,
feedback)."""

import re
import sys
from pathlib import Path

import nbformat
import pytest
from traitlets.config.loader import PyFileConfigLoader

ROOT = Path(__file__).resolve().parents[1]
HUB = ROOT / "hub"
sys.path.insert(0, str(HUB))
import roundtrip  # noqa: E402


def load(name):
    return PyFileConfigLoader(name, path=str(HUB)).load_config()


def assert_known(config, classes):
    """Every ``Section.trait`` of a config names a configurable trait of a known class."""
    by_name = {}
    for cls in classes:
        for klass in cls.mro():
            by_name.setdefault(klass.__name__, set()).add(klass)
    assert config, "the file sets nothing"
    for section, values in config.items():
        assert section in by_name, f"{section} is no class of the program"
        traits = set().union(*(k.class_traits(config=True) for k in by_name[section]))
        for key in values:
            assert key in traits, f"{section}.{key} is not a configurable trait"


def nbgrader_classes():
    from nbgrader.apps import NbGraderApp
    from nbgrader.exchange import default

    exchange = [getattr(default, name) for name in default.__all__]  # the filesystem exchange
    return NbGraderApp().all_configurable_classes() + exchange


@pytest.mark.parametrize("name", ["nbgrader_config_student.py", "nbgrader_config_grader.py"])
def test_nbgrader_configs_set_traits_nbgrader_knows(name, monkeypatch):
    monkeypatch.delenv("NBGRADER_EXCHANGE", raising=False)
    config = load(name)
    assert_known(config, nbgrader_classes())
    assert config.CourseDirectory.course_id == "dtlearn"
    assert config.Exchange.root == "/srv/nbgrader/exchange"
    assert config.Exchange.path_includes_course is False


def test_grader_config_points_at_the_private_course_folder(monkeypatch, tmp_path):
    monkeypatch.setenv("DTLEARN_COURSE_DIR", str(tmp_path))
    monkeypatch.setenv("NBGRADER_EXCHANGE", str(tmp_path / "x"))
    config = load("nbgrader_config_grader.py")
    assert config.CourseDirectory.root == str(tmp_path)
    assert config.Exchange.root == str(tmp_path / "x")


def test_server_config_culls_idle_kernels():
    from jupyter_server.serverapp import ServerApp
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

    config = load("jupyter_server_config.py")
    assert_known(config, [ServerApp, MappingKernelManager])
    manager = MappingKernelManager(config=config)
    assert 0 < manager.cull_interval < manager.cull_idle_timeout <= 3600
    assert manager.cull_connected and not manager.cull_busy


def test_jupyterhub_config_sets_memory_and_the_idle_culler():
    """Read as Python (JupyterHub itself is not a test dependency; docs/HUB.md says where it
    was loaded by JupyterHub)."""
    config = load("jupyterhub_config.py")
    spawner = config.Spawner
    units = {"M": 2**20, "G": 2**30}
    guarantee, limit = (
        int(v[:-1]) * units[v[-1]] for v in (spawner.mem_guarantee, spawner.mem_limit)
    )
    assert 0 < guarantee < limit
    (service,) = config.JupyterHub.services
    assert "jupyterhub_idle_culler" in service["command"]
    assert config.JupyterHub.load_roles[0]["services"] == [service["name"]]


@pytest.fixture(scope="module")
def exchange(tmp_path_factory):
    return roundtrip.roundtrip(tmp_path_factory.mktemp("hub") / "work", "hw1", students=2)


def test_round_trip_grades_fetched_and_nbgitpuller_copies(exchange):
    """student1 fetched hw1 and handed in the reference solution: every autograded point
    (8, README's table); student2 submitted the untouched nbgitpuller copy: 0."""
    assert exchange["students"] == {"student1": "reference", "student2": "stubs"}
    assert sum(exchange["scores"]["student1"].values()) == pytest.approx(8)
    assert sum(exchange["scores"]["student2"].values()) == 0
    # the hidden tests were put back for grading: they hold only a comment when released
    assert exchange["scores"]["student1"]["hw1_check_gain_hidden"] > 0


def test_round_trip_ranks_shared_code_after_autograde(exchange):
    """The grader's step after autograde (docs/TEACHING.md): the similarity report. student1
    handed in the reference solution: that pair shares all its code; student2's untouched
    stubs are the released template, which never counts."""
    pairs = exchange["similarity"]["pairs"]
    assert ("student1", "reference solution", 1.0) in pairs
    assert not any("student2" in pair[:2] for pair in pairs)
    assert "Never a verdict." in Path(exchange["similarity"]["report"]).read_text()


def test_round_trip_returns_feedback_to_each_student(exchange):
    for name in ("student1", "student2"):
        (path,) = exchange["feedback"][name]
        assert path.startswith("hw1/feedback/") and path.endswith("/hw1.html")


def test_autograde_logs_no_checksum_warning_for_honest_submissions(exchange):
    """nbgrader warns "Attribute 'checksum' for cell ... has changed!" when a locked cell of a
    submission differs from the gradebook's copy. Hidden-test regions made every hidden cell
    differ (docs/HUB.md, "The checksum warning"); the homework has none, and the released
    notebooks (fetched, or in the student repository) match the gradebook cell for cell."""
    changed = [w for w in exchange["autograde_warnings"] if "has changed" in w]
    assert not changed, (
        "locked cells differ from the release; if the cells are those of the "
        "student repository's copy, notebooks/homework is out of date with "
        f"instructor/homework (make student-course): {changed}"
    )


def test_autograde_still_warns_about_a_tampered_locked_cell(exchange):
    """A student who rewrote a locked grade cell (here to `pass`) is still reported, and the
    cell is restored: the points stay 0."""
    work = Path(exchange["work"])
    path = work / "grader" / "course" / "submitted" / "student2" / "hw1" / "hw1.ipynb"
    nb = nbformat.read(path, as_version=4)
    (cell,) = [
        c
        for c in nb.cells
        if c.metadata.get("nbgrader", {}).get("grade_id") == "hw1_check_entropy_bits"
    ]
    cell.source = "pass"
    nbformat.write(nb, path)
    times = {}
    log = roundtrip.nbgrader(
        ["autograde", "hw1", "--student", "student2", "--force"],
        work / "grader" / "course",
        roundtrip.grader_env(work),
        times,
        "x",
    )
    changed = [line for line in log.splitlines() if "has changed" in line]
    assert len(changed) == 1 and "hw1_check_entropy_bits" in changed[0], (
        f"expected only the rewritten cell (notebooks/homework out of date?): {changed}"
    )


# --- the student id, JupyterLab's news, the documented commands (issue 35) ------------------


def test_student_config_takes_the_hub_user_as_student_id(monkeypatch):
    # nbgrader itself reads JUPYTERHUB_USER only for the Unix user jovyan
    import getpass

    from nbgrader.utils import get_username

    monkeypatch.setenv("JUPYTERHUB_USER", "alice")
    assert getpass.getuser() != "jovyan" and get_username() == getpass.getuser() != "alice"
    assert load("nbgrader_config_student.py").CourseDirectory.student_id == "alice"
    monkeypatch.delenv("JUPYTERHUB_USER")
    assert "student_id" not in load("nbgrader_config_student.py").CourseDirectory


def test_news_pop_up_is_off_in_settings_jupyterlab_knows():
    import json

    schemas = Path(sys.prefix) / "share" / "jupyter" / "lab" / "schemas"
    overrides = json.loads((HUB / "overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"
    for plugin, values in overrides.items():
        package, name = plugin.split(":")
        schema = json.loads((schemas / package / f"{name}.json").read_text())
        for key, value in values.items():
            spec = schema["properties"][key]
            if "oneOf" in spec:
                assert value in [choice["const"] for choice in spec["oneOf"]], key
            else:
                assert type(value).__name__ == {"boolean": "bool", "string": "str"}[spec["type"]]
    hub = (ROOT / "docs" / "HUB.md").read_text()
    assert "COPY hub/overrides.json /opt/conda/share/jupyter/lab/settings/overrides.json" in hub


def test_hub_doc_names_the_culler_install_and_environments_that_have_the_tools():
    hub = (ROOT / "docs" / "HUB.md").read_text()
    assert "pip install jupyterhub-idle-culler" in hub
    config = (HUB / "jupyterhub_config.py").read_text()
    assert "jupyterhub_idle_culler" in config
    figures = hub.split("## Reproducing the figures", 1)[1]
    commands = re.findall(r"^```\n(.*?)^```", figures, re.M | re.S)[0]
    # roundtrip needs nbgrader and the tools hatchling: .venv-dev, never the students' .venv
    assert "hub/roundtrip.py" in commands and not re.search(r"(^|\s)\.venv/", commands)
    for line in commands.splitlines():
        if line.startswith(("python ", "python3 ")):
            raise AssertionError(f"a command with no environment named: {line}")
