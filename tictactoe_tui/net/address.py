"""Addresses: where to reach a host, and whether one is only this machine. Light on imports,
for the command line."""

from __future__ import annotations

import ipaddress

#: The port a host listens on unless told otherwise.
DEFAULT_PORT = 7717


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable only from this machine."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False  # a name: it may resolve anywhere


def split_address(text: str) -> tuple[str, int]:
    """``HOST[:PORT]`` (``[::1]:7717`` for IPv6) as ``(host, port)``; :class:`ValueError` if bad."""
    text = text.strip()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port_text = rest.removeprefix(":") if rest else ""
    elif text.count(":") == 1:
        host, _, port_text = text.partition(":")
    else:
        host, port_text = text, ""
    if not host:
        raise ValueError(f"no host in {text!r}")
    if not port_text:
        return host, DEFAULT_PORT
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"port {port_text!r} is not a number from 1 to 65535")
    return host, int(port_text)
