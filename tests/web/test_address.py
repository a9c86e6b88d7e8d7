"""Web addresses (core/web/address.py): one spelling per page, and which hosts may be
reached. Literal addresses and ``localhost`` resolve without a network."""

from __future__ import annotations

import ipaddress

import pytest

from copylens.core.errors import WebError
from copylens.core.web.address import check_public, is_public, normalized


@pytest.mark.parametrize(
    "given, expected",
    [
        ("https://example.com", "https://example.com/"),
        ("  HTTPS://Example.COM:443/Path?q=1#section \n", "https://example.com/Path?q=1"),
        ("http://example.com:80/a", "http://example.com/a"),
        ("http://example.com:8080/a", "http://example.com:8080/a"),
        ("https://example.com:80/a", "https://example.com:80/a"),
        (
            "http://Пример.РФ/страница?ж=1",
            "http://xn--e1afmkfd.xn--p1ai/%D1%81%D1%82%D1%80%D0%B0%D0%BD%D0%B8%D1%86%D0%B0?%D0%B6=1",
        ),
        ("http://example.com/a b", "http://example.com/a%20b"),
        ("http://example.com/already%20escaped", "http://example.com/already%20escaped"),
        ("http://[2001:DB8::1]:8080/x", "http://[2001:db8::1]:8080/x"),
        ("http://user:secret@example.com/", "http://user:secret@example.com/"),
        ("http://example.com?q", "http://example.com/?q"),
    ],
)
def test_normalized(given: str, expected: str) -> None:
    assert normalized(given) == expected
    assert normalized(expected) == expected


@pytest.mark.parametrize(
    "given, message",
    [
        ("ftp://example.com/file", "CopyLens reads only http and https addresses, not ftp"),
        ("FILE:///etc/passwd", "CopyLens reads only http and https addresses, not file"),
        (
            "example.com/page",
            "example.com/page is not a web address (it must start with http:// or https://)",
        ),
        (
            "javascript:alert(1)",
            "javascript:alert(1) is not a web address (it must start with http:// or https://)",
        ),
        (
            "http:///path",
            "http:///path is not a web address (it must start with http:// or https://)",
        ),
        ("", " is not a web address (it must start with http:// or https://)"),
        ("http://example.com:99999/", "http://example.com:99999/ is not a valid web address"),
        ("http://exa mple.com/", "http://exa mple.com/ is not a valid web address"),
        ("http://[::1/", "http://[::1/ is not a valid web address"),
        ("http://[zz]/", "http://[zz]/ is not a valid web address"),
        ("http://a..b/", "http://a..b/ is not a valid web address"),
        ("http://%41.com/", "http://%41.com/ is not a valid web address"),
    ],
)
def test_not_an_address_copylens_fetches(given: str, message: str) -> None:
    with pytest.raises(WebError) as caught:
        normalized(given)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    "host",
    ["127.0.0.1", "localhost", "::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "10.1.2.3",
     "172.16.0.1", "192.168.1.1", "100.64.0.1", "0.0.0.0", "224.0.0.1",
     "fc00::1", "2130706433", "0x7f.1", "64:ff9b::7f00:1", "2002:7f00:1::1",
     "2001:0:4136:e378:8000:63bf:3fff:fdd2"],
)  # fmt: skip
def test_local_and_private_hosts_are_refused(host: str) -> None:
    with pytest.raises(WebError) as caught:
        check_public(host, 80, allow_local=False)
    assert caught.value.template == (
        "{host} is a local or private address; allow local addresses to fetch it"
    )
    assert check_public(host, 80, allow_local=True)


NEVER = [
    "169.254.169.254",
    "169.254.0.1",
    "169.254.170.2",
    "2852039166",
    "0xa9.0xfe.0xa9.0xfe",
    "100.100.100.200",
    "168.63.129.16",
    "fe80::1",
    "fe80::a9fe:a9fe",
    "febf::1",
    "fd00:ec2::254",
    "::ffff:169.254.169.254",
    "::169.254.169.254",
    "64:ff9b::a9fe:a9fe",
    "2002:a9fe:a9fe::1",
    "::ffff:100.100.100.200",
]


@pytest.mark.parametrize("host", NEVER)
@pytest.mark.parametrize("allow_local", [False, True])
def test_link_local_and_metadata_addresses_are_never_fetched(host: str, allow_local: bool) -> None:
    """Issue 38 item 8: allowing the intranet does not allow the cloud's metadata service."""
    with pytest.raises(WebError) as caught:
        check_public(host, 80, allow_local=allow_local)
    assert caught.value.template == (
        "{host} is a link-local or cloud metadata address; CopyLens never fetches it, even "
        "with local addresses allowed"
    )


@pytest.mark.parametrize("host", ["10.0.0.1", "192.168.1.1", "fc00::1", "100.64.0.1", "::1"])
def test_the_intranet_is_still_allowed(host: str) -> None:
    assert check_public(host, 80, allow_local=True) == [host]


@pytest.mark.parametrize(
    "host", ["8.8.8.8", "::ffff:8.8.8.8", "2a00:1450:4001:80b::200e", "64:ff9b::808:808"]
)
def test_public_addresses_pass(host: str) -> None:
    assert check_public(host, 443, allow_local=False) == [host]


def test_an_unknown_host() -> None:
    with pytest.raises(WebError) as caught:
        check_public("no-such-host.invalid", 80, allow_local=True)
    assert str(caught.value) == "the address no-such-host.invalid could not be found"


def test_is_public_judges_embedded_ipv4() -> None:
    assert not is_public(ipaddress.ip_address("::ffff:192.168.0.1"))
    assert is_public(ipaddress.ip_address("::ffff:1.1.1.1"))
    assert not is_public(ipaddress.ip_address("::"))
    assert not is_public(ipaddress.ip_address("ff02::1"))
