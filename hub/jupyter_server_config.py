"""Kernel culling in each student's Jupyter server on the hub.

Install as ``/etc/jupyter/jupyter_server_config.py`` in the user image (docs/HUB.md, "Culling"). JupyterLab keeps a notebook's kernel running after
its tab is closed, and Voila keeps the kernel of a page whose browser went away; both are
stopped here once idle. The numbers are docs/HUB.md's, tested as written there.
"""

c = get_config()  # noqa: F821 - provided by traitlets when the server loads this file

# A kernel idle (no execution, no output) for 20 minutes is shut down, checked every 2
# minutes, even with a tab still connected (a forgotten tab holds 110-250 MB).
c.MappingKernelManager.cull_idle_timeout = 20 * 60
c.MappingKernelManager.cull_interval = 2 * 60
c.MappingKernelManager.cull_connected = True
# A kernel still busy (a student's endless loop) is not culled; the hub's server culler
# and the memory limit bound it.
c.MappingKernelManager.cull_busy = False
# The whole server stops after an hour without activity (the hub's idle culler does the
# same from outside; this also covers a server left without a hub service).
c.ServerApp.shutdown_no_activity_timeout = 60 * 60
