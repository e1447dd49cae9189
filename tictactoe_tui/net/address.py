"""Addresses: where to reach a host, whether one is only this machine, and the codes a mailbox
server hands out. Light on imports, for the command line."""

from __future__ import annotations

import errno
import ipaddress
import re
import socket

from ..words import shortened

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


#: One label of a host name (RFC 1123): letters, digits and inner hyphens, 63 at most.
HOST_LABEL = re.compile(r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?", re.ASCII | re.IGNORECASE)


def split_address(text: str) -> tuple[str, int]:
    """``HOST[:PORT]`` (``[::1]:7717`` for IPv6) as ``(host, port)``; :class:`ValueError` if bad:
    a host that is no host name nor IP address, a port that is no number from 1 to 65535, or
    more than one colon outside brackets."""
    text = text.strip()
    if text.startswith("["):
        host, bracket, rest = text[1:].partition("]")
        if not bracket or (rest and not rest.startswith(":")):
            raise ValueError(f"an IPv6 address goes in brackets, as [::1]:{DEFAULT_PORT}")
        port_text = rest.removeprefix(":") if rest else None
        if not _is_ip(host, 6):
            raise ValueError(f"{shortened(host, 60)!r} is not an IPv6 address")
    else:
        if text.count(":") > 1:
            raise ValueError(f"more than one ':' (an IPv6 address goes in brackets, as [::1]:{DEFAULT_PORT})")
        host, colon, port_text_given = text.partition(":")
        port_text = port_text_given if colon else None
        if not host:
            raise ValueError(f"no host in {shortened(text, 60)!r}")
        if not (_is_ip(host, 4) or is_host_name(host)):
            raise ValueError(f"{shortened(host, 60)!r} is not a host name or an IP address")
    if port_text is None:
        return host, DEFAULT_PORT
    if not re.fullmatch(r"[0-9]{1,5}", port_text) or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"port {shortened(port_text, 20)!r} is not a number from 1 to 65535")
    return host, int(port_text)


def is_host_name(text: str) -> bool:
    """Whether ``text`` is a host name (RFC 1123: ASCII labels, 253 characters at most, the last
    not all digits, which would be a partial IPv4 address)."""
    labels = text.removesuffix(".").split(".")
    return (
        len(text) <= 253
        and all(HOST_LABEL.fullmatch(label) for label in labels)
        and not re.fullmatch(r"[0-9]+", labels[-1], re.ASCII)
    )


def _is_ip(text: str, version: int) -> bool:
    """Whether ``text`` is an IP address of ``version`` (4 or 6), written in full."""
    try:
        return ipaddress.ip_address(text).version == version
    except ValueError:
        return False


#: A mailbox code as magic-wormhole writes it: a nameplate number, then words (``7-guitarist-revenge``).
MAILBOX_CODE = re.compile(r"[0-9]{1,6}(?:-[a-z]{1,24}){1,8}", re.ASCII)


def mailbox_code(text: str) -> str:
    """A mailbox code as typed (any case, spaces or hyphens between its parts), tidied:
    ``7 Guitarist revenge`` is ``7-guitarist-revenge``; :class:`ValueError` if it is not one."""
    code = "-".join(part for part in re.split(r"[\s-]+", text.strip().lower()) if part)
    if not MAILBOX_CODE.fullmatch(code):
        raise ValueError(f"{shortened(text.strip(), 40)!r} is not a code like 7-guitarist-revenge")
    return code


def join_target(text: str) -> str | tuple[str, int]:
    """What a guest was given to join: a mailbox code (tidied), else a direct host's ``(host,
    port)``; :class:`ValueError` saying why it is neither."""
    try:
        return mailbox_code(text)
    except ValueError:
        pass
    try:
        return split_address(text)
    except ValueError as error:
        raise ValueError(
            f"{shortened(text.strip(), 60)!r} is neither a code (7-guitarist-revenge) nor an address: {error}"
        ) from None


def cannot_listen(host: str, port: int, error: OSError) -> str:
    """Why a server cannot listen on ``host``:``port``, in one line."""
    if isinstance(error, socket.gaierror):
        return f"cannot listen on {host}: no such address ({error.strerror or error})"
    if error.errno == errno.EADDRINUSE:
        return f"port {port} is in use on {host}"
    if error.errno == errno.EADDRNOTAVAIL:
        return f"cannot listen on {host}: not an address of this machine"
    return f"cannot listen on {host} port {port} ({error.strerror or error})"


def listen_problem(host: str, port: int) -> str | None:
    """Why a server could not listen on ``host``:``port`` (each address the name has, as
    asyncio binds them), found by binding a socket there and closing it; None if it can."""
    try:
        for family, kind, protocol, _name, address in socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        ):
            with socket.socket(family, kind, protocol) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as asyncio's servers do
                probe.bind(address)
    except OSError as error:
        return cannot_listen(host, port, error)
    return None
