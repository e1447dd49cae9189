"""Play against a friend on another machine: the protocol, the host and the guest.

Plain asyncio streams, no Textual: the app drives a :class:`~.host.Host` or a
:class:`~.guest.Guest` and shows the :class:`~.match.Match` they report.
"""
