"""Addresses: where to reach a host, whether one is only this machine, and the codes a mailbox
server hands out. Light on imports, for the command line."""

from __future__ import annotations

import ipaddress
import re

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
    if not re.fullmatch(r"[0-9]{1,5}", port_text) or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"port {port_text!r} is not a number from 1 to 65535")
    return host, int(port_text)


#: A mailbox code as magic-wormhole writes it: a nameplate number, then words (``7-guitarist-revenge``).
MAILBOX_CODE = re.compile(r"[0-9]{1,6}(?:-[a-z]{1,24}){1,8}", re.ASCII)


def mailbox_code(text: str) -> str:
    """A mailbox code as typed (any case, spaces or hyphens between its parts), tidied:
    ``7 Guitarist revenge`` is ``7-guitarist-revenge``; :class:`ValueError` if it is not one."""
    code = "-".join(part for part in re.split(r"[\s-]+", text.strip().lower()) if part)
    if not MAILBOX_CODE.fullmatch(code):
        raise ValueError(f"{text.strip()[:40]!r} is not a code like 7-guitarist-revenge")
    return code


def is_mailbox_code(text: str) -> bool:
    """Whether ``text`` is a mailbox code (a number first), not a host's address."""
    try:
        mailbox_code(text)
    except ValueError:
        return False
    return True
