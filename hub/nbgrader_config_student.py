"""nbgrader for students on the hub: the course and the exchange.

Install as ``/etc/jupyter/nbgrader_config.py`` in the user image (docs/HUB.md, "nbgrader: exchange and configuration").

Students fetch and submit through the exchange, a folder every user's server mounts at
``NBGRADER_EXCHANGE`` (default ``/srv/nbgrader/exchange``), from JupyterLab's
*Nbgrader -> Assignment List* or a terminal. Fetched homework lands in ``~/hwN/``; the copy
nbgitpuller puts in ``~/dtlearn-course/homework/hwN/`` is submitted from a terminal with
``cd ~/dtlearn-course && nbgrader submit homework/hwN --course dtlearn`` (nbgrader takes
the folder's last part as the assignment). tests/test_hub_config.py runs this round trip.

The student id is the hub user name, ``JUPYTERHUB_USER``, whatever Unix user the server
runs as: nbgrader itself reads it only when that user is ``jovyan`` (``get_username``);
on a hub whose servers run as another shared user (``root``, ``student``) every student
would otherwise submit as that one id, and grading would draw other numbers than the
student saw (the seed is the student id, docs/GRADING.md).
"""

import os

c = get_config()  # noqa: F821 - provided by traitlets when nbgrader loads this file

c.CourseDirectory.course_id = "dtlearn"
c.Exchange.root = os.environ.get("NBGRADER_EXCHANGE", "/srv/nbgrader/exchange")
# ./hwN, not ./dtlearn/hwN: the same `nbgrader submit PATH` works for a fetched copy and
# for the nbgitpuller copy (homework/hwN).
c.Exchange.path_includes_course = False

# The hub user name is the student id (submit, list, fetch_feedback), as the seed of the
# student's numbers is; without JUPYTERHUB_USER (not on a hub) nbgrader's own rule applies.
if os.environ.get("JUPYTERHUB_USER", "").strip():
    c.CourseDirectory.student_id = os.environ["JUPYTERHUB_USER"].strip()
