"""JupyterHub settings for the dtlearn course: memory per student, the idle-server culler.

A snippet to merge into the hub's ``jupyterhub_config.py`` (docs/HUB.md); with Zero to
JupyterHub the same values go under ``singleuser.memory`` and ``cull`` in the Helm chart's
values.

Memory per student measured on this course (docs/HUB.md): the Jupyter server about 150 MB,
each running notebook kernel 110-245 MB; a student with two notebooks open takes about
560 MB. The guarantee covers the server and one notebook, the limit three notebooks.
"""

import sys

c = get_config()  # noqa: F821 - provided by traitlets when JupyterHub loads this file

# What the scheduler reserves per student (sum over students <= the nodes' RAM) and where
# the student's server is stopped (the kernel that crosses it dies: "kernel restarting").
c.Spawner.mem_guarantee = "512M"
c.Spawner.mem_limit = "1G"
c.Spawner.cpu_guarantee = 0.05
c.Spawner.cpu_limit = 1.0
c.Spawner.default_url = "/lab"

# Stop servers idle for an hour (jupyterhub-idle-culler, `pip install jupyterhub-idle-culler`
# in the hub's environment): kernels are culled inside the server by
# hub/jupyter_server_config.py after 20 minutes.
c.JupyterHub.services = [
    {
        "name": "jupyterhub-idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            "--timeout=3600",
            "--cull-every=300",
            "--concurrency=10",
        ],
    }
]
c.JupyterHub.load_roles = [
    {
        "name": "jupyterhub-idle-culler-role",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["jupyterhub-idle-culler"],
    }
]
