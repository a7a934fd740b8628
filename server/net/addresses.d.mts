import type { IPv4, IPv6 } from "ipaddr.js";

export type Range = [IPv4 | IPv6, number];
export function isPublicAddress(address: string): boolean;
export function parseRanges(list: readonly string[]): Range[];
export function inRanges(address: string, ranges: readonly Range[]): boolean;
