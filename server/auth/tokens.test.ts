import crypto from "node:crypto";
import { SignJWT, UnsecuredJWT } from "jose";
import { describe, expect, it } from "vitest";
import { readTokenClaims, sign } from "./tokens";

const secret = new TextEncoder().encode("a-test-secret-of-enough-length-0123456789");
const other = new TextEncoder().encode("another-secret-of-enough-length-987654321");
const sid = crypto.randomUUID();
const now = () => Math.floor(Date.now() / 1000);

/** A token put together by hand, signed with HMAC-SHA256 whatever its header says. */
const forge = (header: Record<string, unknown>, payload: Record<string, unknown>, key = secret) => {
  const part = (o: Record<string, unknown>) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const input = `${part(header)}.${part(payload)}`;
  return `${input}.${crypto.createHmac("sha256", key).update(input).digest("base64url")}`;
};

const signed = (claims: Record<string, unknown>, alg = "HS256", key = secret, exp = now() + 60) =>
  new SignJWT(claims).setProtectedHeader({ alg }).setSubject("42").setIssuedAt().setExpirationTime(exp).sign(key);

describe("readTokenClaims", () => {
  it("reads a token this server signed", async () => {
    const { accessToken } = await sign(secret, 42, sid);
    expect(await readTokenClaims(secret, accessToken)).toEqual({ sid, userId: 42 });
  });

  it("refuses a token signed with another secret, and keeps each secret's key apart", async () => {
    const { accessToken } = await sign(other, 42, sid);
    expect(await readTokenClaims(secret, accessToken)).toBeNull();
    expect(await readTokenClaims(other, accessToken)).toEqual({ sid, userId: 42 });
    expect(await readTokenClaims(secret, (await sign(secret, 7, sid)).accessToken)).toEqual({ sid, userId: 7 });
  });

  it("refuses a forged signature and a changed payload", async () => {
    const { accessToken } = await sign(secret, 42, sid);
    const [h, p, s] = accessToken.split(".");
    const flipped = s.slice(0, -2) + (s.endsWith("AA") ? "BB" : "AA");
    expect(await readTokenClaims(secret, `${h}.${p}.${flipped}`)).toBeNull();
    const admin = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, "base64url").toString()), sub: "1" })).toString("base64url");
    expect(await readTokenClaims(secret, `${h}.${admin}.${s}`)).toBeNull();
  });

  it("refuses alg none and any algorithm but HS256", async () => {
    const none = new UnsecuredJWT({ sid }).setSubject("42").setExpirationTime(now() + 60).encode();
    expect(await readTokenClaims(secret, none)).toBeNull();
    expect(await readTokenClaims(secret, await signed({ sid }, "HS512"))).toBeNull();
    expect(await readTokenClaims(secret, await signed({ sid }, "HS384"))).toBeNull();
  });

  it("refuses an expired token, and claims that are missing or not ours", async () => {
    expect(await readTokenClaims(secret, await signed({ sid }, "HS256", secret, now() - 5))).toBeNull();
    expect(await readTokenClaims(secret, await signed({ sid: "not-a-uuid" }))).toBeNull();
    expect(await readTokenClaims(secret, await signed({}))).toBeNull();
    const noSub = await new SignJWT({ sid }).setProtectedHeader({ alg: "HS256" }).setExpirationTime(now() + 60).sign(secret);
    expect(await readTokenClaims(secret, noSub)).toBeNull();
  });

  it("checks the claims of a correctly signed token: nbf, exp, and no header extensions", async () => {
    const ok = { sid, sub: "42", exp: now() + 60 };
    expect(await readTokenClaims(secret, forge({ alg: "HS256", typ: "JWT" }, ok))).toEqual({ sid, userId: 42 });
    expect(await readTokenClaims(secret, forge({ alg: "HS256" }, { ...ok, nbf: now() + 60 }))).toBeNull();
    expect(await readTokenClaims(secret, forge({ alg: "HS256" }, { ...ok, exp: undefined }))).toBeNull();
    expect(await readTokenClaims(secret, forge({ alg: "HS256" }, { ...ok, exp: String(now() + 60) }))).toBeNull();
    expect(await readTokenClaims(secret, forge({ alg: "HS256", crit: ["x"], x: 1 }, ok))).toBeNull();
    expect(await readTokenClaims(secret, forge({ alg: "HS256", b64: false, crit: ["b64"] }, ok))).toBeNull();
    expect(await readTokenClaims(secret, forge({ alg: "none" }, ok))).toBeNull();
    expect(await readTokenClaims(secret, forge({}, ok))).toBeNull();
    expect(await readTokenClaims(secret, forge({ alg: "HS256" }, { ...ok, sub: "42abc" }))).toBeNull();
    expect(await readTokenClaims(secret, forge({ alg: "HS256" }, { ...ok, sub: 42 }))).toBeNull();
    // Segments that are JSON but not objects, or not JSON at all, correctly signed.
    const raw = (h: string, p: string) => {
      const input = `${Buffer.from(h).toString("base64url")}.${Buffer.from(p).toString("base64url")}`;
      return `${input}.${crypto.createHmac("sha256", secret).update(input).digest("base64url")}`;
    };
    expect(await readTokenClaims(secret, raw(JSON.stringify({ alg: "HS256" }), JSON.stringify([ok])))).toBeNull();
    expect(await readTokenClaims(secret, raw(JSON.stringify({ alg: "HS256" }), "null"))).toBeNull();
    expect(await readTokenClaims(secret, raw(JSON.stringify(["HS256"]), JSON.stringify(ok)))).toBeNull();
    expect(await readTokenClaims(secret, raw("{alg:HS256}", JSON.stringify(ok)))).toBeNull();
    expect(await readTokenClaims(secret, raw(JSON.stringify({ alg: "HS256" }), JSON.stringify(ok)))).toEqual({ sid, userId: 42 });
  });

  it("accepts only the one spelling of the signature", async () => {
    const { accessToken } = await sign(secret, 42, sid);
    expect(await readTokenClaims(secret, `${accessToken}=`)).toBeNull();
    expect(await readTokenClaims(secret, `${accessToken}!`)).toBeNull();
    expect(await readTokenClaims(secret, `${accessToken.slice(0, -1)}.${accessToken.slice(-1)}`)).toBeNull();
  });

  it("refuses garbage without throwing", async () => {
    for (const t of [undefined, null, "", "a.b", "a.b.c", "x".repeat(5000), "\u0000.\u0000.\u0000"]) {
      expect(await readTokenClaims(secret, t)).toBeNull();
    }
  });
});
