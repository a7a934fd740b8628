import type net from "node:net";

export function isPublicAddress(address: string): boolean;
export const publicOnlyLookup: net.LookupFunction;
