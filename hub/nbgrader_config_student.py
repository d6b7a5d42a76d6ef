"""nbgrader for students on the hub: the course and the exchange.

Install as ``/etc/jupyter/nbgrader_config.py`` in the user image (docs/HUB.md, "nbgrader: exchange and configuration").

Students fetch and submit through the exchange, a folder every user's server mounts at
``NBGRADER_EXCHANGE`` (default ``/srv/nbgrader/exchange``), from JupyterLab's
*Nbgrader -> Assignment List* or a terminal. Fetched homework lands in ``~/hwN/``; the copy
nbgitpuller puts in ``~/dtlearn-course/homework/hwN/`` is submitted from a terminal with
``cd ~/dtlearn-course && nbgrader submit homework/hwN --course dtlearn`` (nbgrader takes
the folder's last part as the assignment). tests/test_hub_config.py runs this round trip.
"""

import os

c = get_config()  # noqa: F821 - provided by traitlets when nbgrader loads this file

c.CourseDirectory.course_id = "dtlearn"
c.Exchange.root = os.environ.get("NBGRADER_EXCHANGE", "/srv/nbgrader/exchange")
# ./hwN, not ./dtlearn/hwN: the same `nbgrader submit PATH` works for a fetched copy and
# for the nbgitpuller copy (homework/hwN).
c.Exchange.path_includes_course = False
