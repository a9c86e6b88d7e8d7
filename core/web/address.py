"""Web addresses: one spelling per page, and the refusal of local and private hosts.

What must hold:

* :func:`normalized` is idempotent and gives the same text for spellings of one address that
  differ only in case of scheme or host, a default port, a fragment, an empty path, an
  internationalized host name (IDNA) or raw spaces and non-ASCII characters in the path and
  query (percent-encoded). It is the key of the page cache and of de-duplication.
* :func:`check_public` passes only if every address the host resolves to is public
  (IPv4-mapped and -compatible IPv6 addresses are judged by their IPv4 address); the
  addresses it returns are the ones a connection may use, so a second lookup cannot swap in a
  private one (DNS rebinding).
* Allowing local addresses (an intranet) never allows a link-local one (169.254.0.0/16,
  fe80::/10, in any IPv6 spelling of an IPv4 address) nor a cloud's metadata service
  (:data:`METADATA`): :func:`never_fetched` refuses them whatever the setting. Every
  connection, a redirect's too, goes through :func:`check_public` (``fetch.py``).
"""

from __future__ import annotations

import ipaddress
import re
import socket
from urllib.parse import quote, urlsplit, urlunsplit

from copylens.core.errors import WebError

SCHEMES = ("http", "https")
_DEFAULT_PORTS = {"http": 80, "https": 443}
# RFC 3986 reserved and unreserved characters, and '%' so existing escapes stay as written.
_SAFE = "!#$%&'()*+,/:;=?@[]~-._"

_ASCII_HOST = re.compile(r"[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?")
_HAS_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address

METADATA = frozenset(
    ipaddress.ip_address(text)
    for text in (
        "169.254.169.254",  # AWS, Google Cloud, Azure, OpenStack, DigitalOcean, Oracle
        "169.254.170.2",  # AWS ECS task credentials
        "fd00:ec2::254",  # AWS over IPv6 (a unique-local address otherwise allowed)
        "100.100.100.200",  # Alibaba Cloud (a shared address otherwise allowed)
        "168.63.129.16",  # Azure's host agent (a public address)
    )
)
"""Addresses of the instance metadata services of cloud providers (their documentation): a
page that reaches one from a cloud machine can read its credentials. Never fetched."""
_LINK_LOCAL = (ipaddress.ip_network("169.254.0.0/16"), ipaddress.ip_network("fe80::/10"))


def normalized(url: str) -> str:
    """``url`` in its one spelling (see the module); :class:`WebError` if it is not an
    http or https address with a host."""
    text = url.strip()
    try:
        parts = urlsplit(text)
    except ValueError:  # a broken IPv6 literal
        raise WebError("{url} is not a valid web address", url=text) from None
    scheme = parts.scheme.lower()
    if scheme not in SCHEMES and _HAS_SCHEME.match(text):
        raise WebError("CopyLens reads only http and https addresses, not {scheme}", scheme=scheme)
    if scheme not in SCHEMES or not parts.netloc:
        raise WebError(
            "{url} is not a web address (it must start with http:// or https://)", url=text
        )
    netloc = _netloc(scheme, parts.netloc, text)
    path = quote(parts.path or "/", safe=_SAFE)
    query = quote(parts.query, safe=_SAFE)
    return urlunsplit((scheme, netloc, path, query, ""))


def _netloc(scheme: str, netloc: str, url: str) -> str:
    """``netloc`` with the host lower-cased and in ASCII, the default port dropped."""
    userinfo, _, hostport = netloc.rpartition("@")
    parts = urlsplit(f"{scheme}://{hostport}")
    try:
        port = parts.port
    except ValueError:
        raise WebError("{url} is not a valid web address", url=url) from None
    host = ascii_host(parts.hostname or "", url)
    if ":" in host:
        host = f"[{host}]"
    if port is not None and port != _DEFAULT_PORTS[scheme]:
        host = f"{host}:{port}"
    return f"{userinfo}@{host}" if userinfo else host


def ascii_host(host: str, url: str = "") -> str:
    """``host`` lower-cased, an internationalized name in its IDNA (``xn--``) form;
    :class:`WebError` for an empty or impossible host name."""
    host = host.strip().lower()
    if _ASCII_HOST.fullmatch(host) or (":" in host and host.isascii()):
        return host  # a name, an IPv4 address, or an IPv6 literal urlsplit checked
    import idna

    try:
        return str(idna.encode(host, uts46=True).decode("ascii"))
    except (idna.IDNAError, UnicodeError, ValueError):
        raise WebError("{url} is not a valid web address", url=url or host) from None


def host_of(url: str) -> str:
    """The host name of ``url`` as a person reads it (for messages); ``url`` if it has none."""
    return urlsplit(url).hostname or url


def port_of(url: str) -> int:
    """The port ``url`` connects to (the scheme's default if none is written)."""
    parts = urlsplit(url)
    return parts.port or _DEFAULT_PORTS.get(parts.scheme.lower(), 80)


def check_public(host: str, port: int, allow_local: bool) -> list[str]:
    """The addresses ``host`` resolves to (blocking: a DNS lookup).

    :class:`WebError` if the host cannot be found; if any of its addresses is link-local or
    a metadata service (:func:`never_fetched`); or unless ``allow_local``, if any is loopback,
    private, reserved, multicast or otherwise not public.
    """
    addresses = resolve(host, port)
    for address in addresses:
        if never_fetched(ipaddress.ip_address(address)):
            raise WebError(
                "{host} is a link-local or cloud metadata address; CopyLens never fetches it, "
                "even with local addresses allowed",
                host=host,
            )
    if not allow_local:
        for address in addresses:
            if not is_public(ipaddress.ip_address(address)):
                raise WebError(
                    "{host} is a local or private address; allow local addresses to fetch it",
                    host=host,
                )
    return addresses


def resolve(host: str, port: int) -> list[str]:
    """The distinct IP addresses of ``host`` (a name or a literal), in the resolver's order;
    :class:`WebError` if it has none."""
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise WebError("the address {host} could not be found", host=host) from None
    addresses: list[str] = []
    for _family, _type, _proto, _name, sockaddr in found:
        address = str(sockaddr[0]).split("%")[0]  # an IPv6 zone index is not part of it
        if address not in addresses:
            addresses.append(address)
    if not addresses:
        raise WebError("the address {host} could not be found", host=host)
    return addresses


def is_public(address: IPAddress) -> bool:
    """Whether ``address`` is a global unicast address (IPv4 inside IPv6 judged as IPv4)."""
    if isinstance(address, ipaddress.IPv6Address):
        embedded = address.ipv4_mapped or _ipv4_compatible(address) or address.sixtofour
        if embedded is not None:
            return is_public(embedded)
        if address.teredo is not None:
            return False
    return address.is_global and not address.is_multicast


def never_fetched(address: IPAddress) -> bool:
    """Whether ``address`` is link-local or a cloud metadata service (:data:`METADATA`), also
    written as IPv6 around an IPv4 address (mapped, compatible, NAT64, 6to4)."""
    if isinstance(address, ipaddress.IPv6Address):
        embedded = address.ipv4_mapped or _ipv4_compatible(address) or address.sixtofour
        if embedded is not None and never_fetched(embedded):
            return True
    if address in METADATA:
        return True
    return any(address in network for network in _LINK_LOCAL if network.version == address.version)


def _ipv4_compatible(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address of a deprecated IPv4-compatible address (``::a.b.c.d``), or of the
    NAT64 well-known prefix (``64:ff9b::a.b.c.d``); ``None`` for any other."""
    value = int(address)
    if value >> 32 == 0 and value > 1:
        return ipaddress.IPv4Address(value & 0xFFFFFFFF)
    if value >> 32 == 0x0064FF9B << 64:
        return ipaddress.IPv4Address(value & 0xFFFFFFFF)
    return None
