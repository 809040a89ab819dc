import { describe, expect, it } from "vitest";

import { isPublicAddress } from "./outbound-fetch.server";

describe("isPublicAddress refuses every address that is not global unicast", () => {
  it.each([
    // IPv4 (IANA special-purpose registry)
    ["0.0.0.0", "this network"],
    ["0.1.2.3", "this network"],
    ["10.1.2.3", "private (10/8)"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["169.254.169.254", "link-local (cloud metadata)"],
    ["172.16.0.1", "private (172.16/12)"],
    ["172.31.255.255", "private (172.16/12)"],
    ["192.0.0.8", "IETF protocol assignments"],
    ["192.0.2.1", "TEST-NET-1"],
    ["192.0.2.255", "TEST-NET-1"],
    ["198.51.100.7", "TEST-NET-2"],
    ["203.0.113.9", "TEST-NET-3"],
    ["192.88.99.1", "6to4 relay anycast"],
    ["192.168.1.1", "private (192.168/16)"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "broadcast"],
    // IPv6
    ["::", "unspecified"],
    ["::1", "loopback"],
    ["::7f00:1", "IPv4-compatible (::/96) onto loopback"],
    ["::a00:1", "IPv4-compatible (::/96) onto private"],
    ["::808:808", "IPv4-compatible (::/96), deprecated even onto a public address"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:10.0.0.1", "IPv4-mapped private"],
    ["::ffff:169.254.169.254", "IPv4-mapped link-local"],
    ["::ffff:0:a00:1", "IPv4-translated (RFC 6145)"],
    ["64:ff9b::7f00:1", "NAT64 onto loopback"],
    ["64:ff9b::a00:1", "NAT64 onto private"],
    ["64:ff9b::c0a8:101", "NAT64 onto 192.168.1.1"],
    ["64:ff9b::a9fe:a9fe", "NAT64 onto cloud metadata"],
    ["64:ff9b::c000:201", "NAT64 onto TEST-NET-1"],
    ["64:ff9b:1::a00:1", "local-use NAT64 (64:ff9b:1::/48)"],
    ["100::1", "discard-only"],
    ["2001::1", "Teredo"],
    ["2001:2::1", "benchmarking"],
    ["2001:db8::1", "documentation"],
    ["2001:10::1", "ORCHID"],
    ["2002:7f00:1::1", "6to4 onto loopback"],
    ["2002:a00:1::1", "6to4 onto private"],
    ["2002:c0a8:101::1", "6to4 onto 192.168.1.1"],
    ["3fff::1", "documentation (3fff::/20)"],
    ["5f00::1", "segment routing"],
    ["fc00::1", "unique local"],
    ["fd12:3456::1", "unique local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local with a zone"],
    ["fec0::1", "site-local (deprecated)"],
    ["ff02::1", "multicast"],
    ["4000::1", "outside global unicast (2000::/3)"],
    ["not an address", "not an address"],
    ["", "empty"],
  ])("refuses %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    ["8.8.8.8", "public IPv4"],
    ["1.1.1.1", "public IPv4"],
    ["93.184.215.14", "public IPv4"],
    ["192.0.3.1", "next to TEST-NET-1"],
    ["172.32.0.1", "next to 172.16/12"],
    ["2606:4700:4700::1111", "public IPv6"],
    ["2a00:1450:4001:80b::200e", "public IPv6"],
    ["::ffff:8.8.8.8", "IPv4-mapped public"],
    ["64:ff9b::808:808", "NAT64 onto a public address"],
    ["2002:808:808::1", "6to4 onto a public address"],
  ])("allows %s (%s)", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
